// Declares BN with another default than its importers.
#BN = #cute.param<"BN", 64 : i32>
module {
  func.func private @bn() -> i32 {
    %bn = arith.constant #BN
    return %bn : i32
  }
}
