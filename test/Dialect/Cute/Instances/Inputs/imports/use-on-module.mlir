module attributes {gpu.container_module, cute.imports = ["common.mlir"]} {
  gpu.module @m {
  }
}
