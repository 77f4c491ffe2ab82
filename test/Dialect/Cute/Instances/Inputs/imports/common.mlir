// Helpers imported by ../../imports.mlir: they use the instance's T and BN,
// and import nested/twice.mlir in turn (relative to this file).
!T = !cute.param<"T", bf16>
#BN = #cute.param<"BN", 128 : i32>
// Declared only here: an instance may still set it.
#SHIFT = #cute.param<"SHIFT", 1 : i32>
!sv = !cute.vec<"BN/2", f32>
!hv = !cute.vec<"BN/2", !T>
module attributes {cute.imports = ["nested/twice.mlir"]} {
  func.func private @half_tile() -> i32 {
    %bn = arith.constant #BN
    %s = arith.constant #SHIFT
    %h = arith.shrsi %bn, %s : i32
    %t = func.call @twice(%h) : (i32) -> i32
    return %t : i32
  }
  func.func private @round(%v: !sv) -> !hv {
    %h = arith.truncf %v : !sv to !hv
    return %h : !hv
  }
}
