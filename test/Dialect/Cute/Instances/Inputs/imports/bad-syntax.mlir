module {
  func.func private @broken() {
    %x = arith.constant 1 : i32
    return %y : i32
  }
}
