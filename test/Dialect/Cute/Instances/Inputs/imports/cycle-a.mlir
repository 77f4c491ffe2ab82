module attributes {cute.imports = ["cycle-b.mlir"]} {
  func.func private @a() {
    return
  }
}
