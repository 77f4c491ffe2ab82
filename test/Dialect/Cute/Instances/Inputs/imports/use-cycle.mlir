module attributes {gpu.container_module} {
  gpu.module @m attributes {cute.imports = ["cycle-a.mlir"]} {
  }
}
