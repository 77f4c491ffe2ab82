module attributes {gpu.container_module} {
  gpu.module @m attributes {cute.imports = ["not-funcs.mlir"]} {
  }
}
