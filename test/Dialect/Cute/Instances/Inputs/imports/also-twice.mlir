// Defines @twice like nested/twice.mlir.
module {
  func.func private @twice(%x: i32) -> i32 {
    %c2 = arith.constant 2 : i32
    %y = arith.muli %x, %c2 : i32
    return %y : i32
  }
}
