module attributes {cute.imports = ["cycle-a.mlir"]} {
  func.func private @b() {
    return
  }
}
