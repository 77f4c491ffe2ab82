module attributes {gpu.container_module} {
  gpu.module @m attributes {cute.imports = ["bad-syntax.mlir"]} {
  }
}
