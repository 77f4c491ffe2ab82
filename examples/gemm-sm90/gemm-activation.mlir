// The GEMM epilogue's activation, shared by examples/gemm-sm90/kernel.mlir
// and examples/gemm-sm100/kernel.mlir (cute.imports, docs/instances.md).
module {
  // The activation of the epilogue, by code: 0 none, 1 ReLU, 2 ReLU^2,
  // 3 GELU (tanh form), 4 SiLU. GELU's 0.5 x (1 + tanh(u)) is x / (1 +
  // exp(-2u)) and SiLU is x / (1 + exp(-x)): one approximate exp (ex2)
  // and one approximate division per element.
  func.func private @activation(%v: vector<32xf32>, %act: i32) -> vector<32xf32> {
    %c0 = arith.constant 0 : i32
    %c2 = arith.constant 2 : i32
    %c3 = arith.constant 3 : i32
    %zero = arith.constant dense<0.0> : vector<32xf32>
    %one = arith.constant dense<1.0> : vector<32xf32>
    %none = arith.cmpi eq, %act, %c0 : i32
    %r = scf.if %none -> vector<32xf32> {
      scf.yield %v : vector<32xf32>
    } else {
      %relus = arith.cmpi ule, %act, %c2 : i32
      %y = scf.if %relus -> vector<32xf32> {
        %relu = arith.maximumf %v, %zero : vector<32xf32>
        %sq = arith.cmpi eq, %act, %c2 : i32
        %relu2 = arith.mulf %relu, %relu : vector<32xf32>
        %o = arith.select %sq, %relu2, %relu : vector<32xf32>
        scf.yield %o : vector<32xf32>
      } else {
        // z = 2u = 2 sqrt(2/pi) (x + 0.044715 x^3) for GELU, x for SiLU.
        %gelu = arith.cmpi eq, %act, %c3 : i32
        %k0 = arith.constant dense<1.59576912> : vector<32xf32>
        %k1 = arith.constant dense<0.0713548162> : vector<32xf32>
        %x2 = arith.mulf %v, %v : vector<32xf32>
        %p = arith.mulf %x2, %k1 : vector<32xf32>
        %p1 = arith.addf %p, %k0 : vector<32xf32>
        %u = arith.mulf %v, %p1 : vector<32xf32>
        %z = arith.select %gelu, %u, %v : vector<32xf32>
        %nz = arith.negf %z : vector<32xf32>
        %e = math.exp %nz fastmath<afn> : vector<32xf32>
        %d = arith.addf %e, %one : vector<32xf32>
        %o = arith.divf %v, %d fastmath<afn> : vector<32xf32>
        scf.yield %o : vector<32xf32>
      }
      scf.yield %y : vector<32xf32>
    }
    return %r : vector<32xf32>
  }
}
