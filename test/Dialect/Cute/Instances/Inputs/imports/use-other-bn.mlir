#BN = #cute.param<"BN", 128 : i32>
module attributes {gpu.container_module} {
  gpu.module @m attributes {cute.imports = ["other-bn.mlir"]} {
  }
}
