module attributes {gpu.container_module} {
  gpu.module @m attributes {cute.imports = ["common.mlir", "also-twice.mlir"]} {
  }
}
