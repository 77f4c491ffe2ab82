// Imported by ../common.mlir (a transitive import); no parameters.
module {
  func.func private @twice(%x: i32) -> i32 {
    %y = arith.addi %x, %x : i32
    return %y : i32
  }
}
