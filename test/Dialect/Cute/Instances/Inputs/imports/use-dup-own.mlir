module attributes {gpu.container_module} {
  gpu.module @m attributes {cute.imports = ["common.mlir"]} {
    func.func private @round(%v: vector<64xf32>) -> vector<64xbf16> {
      %h = arith.truncf %v : vector<64xf32> to vector<64xbf16>
      return %h : vector<64xbf16>
    }
  }
}
