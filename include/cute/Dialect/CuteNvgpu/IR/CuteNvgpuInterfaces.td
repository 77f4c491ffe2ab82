//===- CuteNvgpuInterfaces.td - Interfaces of cute_nvgpu ----*- tablegen -*-===//
#ifndef CUTE_NVGPU_INTERFACES_TD
#define CUTE_NVGPU_INTERFACES_TD

include "mlir/IR/OpBase.td"

def CuteNvgpu_MmaLoweringAttrInterface
    : AttrInterface<"MmaLoweringAttrInterface"> {
  let cppNamespace = "::mlir::cute_nvgpu";
  let description = [{
    How one MMA atom's `cute.gemm` becomes NVVM: convert-cute-nvgpu-to-nvvm
    has a single `cute.gemm` pattern that asks the atom through this
    interface. The dialect declares it; the conversion implements it with
    one external model per atom family (mma.sync, wgmma, tcgen05,
    block-scaled mma.sync; lib/Conversion/CuteNvgpuToNVVM), attached by
    `registerCuteNvgpuMmaLowerings`, so the dialect never links the
    instruction emission and a new atom is one model in one place.
  }];
  let methods = [
    InterfaceMethod<[{
        Emits the instructions of `op` (whose atom is this attribute) at the
        rewriter's insertion point: one instruction per (k, m, n) block in
        CuTe's order. `accumulate` is the op's run-time flag (null when
        absent). Does not erase `op`; on failure reports why (a match
        failure or an error on `op`) and emits nothing the caller keeps.
      }], "::llvm::LogicalResult", "lowerGemm",
      (ins "::mlir::RewriterBase &":$rewriter, "::mlir::cute::GemmOp":$op,
           "::mlir::Value":$accumulate)>,
  ];
}

#endif // CUTE_NVGPU_INTERFACES_TD
