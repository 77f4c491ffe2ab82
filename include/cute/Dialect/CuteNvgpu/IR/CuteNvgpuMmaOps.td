//===- CuteNvgpuMmaOps.td - wgmma ordering ops ----------------*- tablegen -*-===//
//
// The fence/commit/wait discipline of sm_90a wgmma and the conversion of a
// wgmma accumulator into a register A operand. The MMAs themselves are
// `cute.gemm` with a `#cute_nvgpu.wgmma` atom.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_NVGPU_MMA_OPS_TD
#define CUTE_NVGPU_MMA_OPS_TD

def CuteNvgpu_WgmmaFenceOp : CuteNvgpu_Op<"wgmma_fence"> {
  let summary = "Orders register accesses before the following wgmmas";
  let description = [{
    `wgmma.fence.sync.aligned`: required before the first wgmma of a
    warpgroup and whenever the accumulator registers (or shared memory the
    wgmma reads) were written since the last one.
  }];
  let assemblyFormat = "attr-dict";
}

def CuteNvgpu_WgmmaCommitGroupOp : CuteNvgpu_Op<"wgmma_commit_group"> {
  let summary = "Closes a group of the warpgroup's outstanding wgmmas";
  let description = "`wgmma.commit_group.sync.aligned`.";
  let assemblyFormat = "attr-dict";
}

def CuteNvgpu_WgmmaWaitGroupOp : CuteNvgpu_Op<"wgmma_wait_group"> {
  let summary = "Waits until at most `pending` wgmma groups are in flight";
  let description = [{
    `wgmma.wait_group.sync.aligned N`: after it, the accumulators of every
    group but the newest `pending` may be read, and the shared memory they
    read may be overwritten (e.g. the pipeline stage released).
    ```mlir
    cute_nvgpu.wgmma_wait_group 0
    ```
  }];
  let arguments = (ins ConfinedAttr<I32Attr, [IntMinValue<0>,
                                              IntMaxValue<7>]>:$pending);
  let assemblyFormat = "$pending attr-dict";
}

def CuteNvgpu_AccumulatorToOperandOp : CuteNvgpu_Op<"accumulator_to_operand"> {
  let summary = "A wgmma accumulator fragment as the A operand of a "
                "register-A wgmma";
  let description = [{
    Converts the f32 accumulator fragment of a wgmma (`(FrgV, RestM,
    RestN)`, FrgV = N/2 values per thread in CuTe's CLayout_64xN order, or
    one atom's N/2 values) into a new register fragment: the A operand of a
    wgmma with `a_src = rmem` of `elem_type` (f16, bf16, f8E4M3FN,
    f8E5M2), `(K/2, RestM, RestK)` with K = 16 (16-bit) or 32 (8-bit) and
    RestK = RestN * N / K. K block `n * N/K + j` of the result is columns
    [j K, (j+1) K) of accumulator block `n`: the next MMA's K runs along the
    accumulator's N in order (as in attention's O = P V, with B partitioned
    by the same tiled MMA along K). Every value is rounded to nearest (8-bit
    types saturate to the largest finite value).

    16-bit types: the two layouts coincide (`cvt.rn.{bf16,f16}x2.f32` of
    value pairs, no data movement). 8-bit types: the layouts differ across
    the four lanes of each quad, so the conversion packs pairs with
    `cvt.rn.satfinite.{e4m3,e5m2}x2.f32`, exchanges words with two
    `shfl.sync.idx` per row half and K block and assembles each register with
    `prmt.b32` (cute/Atom/Sm90GmmaRs.h documents the recipe). The shuffles
    make it a warp-collective op: every lane of the warp executes it.

    The result type is inferred (the short form, also without the operand
    type); written, it is checked.
    ```mlir
    %pa = cute_nvgpu.accumulator_to_operand(%acc) {elem_type = bf16} : !cute.memref<f32, rmem, align<16>, "((2,2,16),1,1):((1,2,4),0,0)"> -> !cute.memref<bf16, rmem, align<16>, "(8,1,8):(1,0,8)">
    %p8 = cute_nvgpu.accumulator_to_operand(%acc) {elem_type = f8E4M3FN} : !cute.memref<f32, rmem, align<16>, "((2,2,16),1,1):((1,2,4),0,0)">
    ```
  }];
  let arguments = (ins Arg<Cute_MemRefType, "", [MemRead]>:$accumulator,
                   TypeAttr:$elem_type);
  let results = (outs Cute_MemRefType:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The result type (the short form's inference; the verifier checks a
    /// written type against it). Not an InferTypeOpInterface: declaring
    /// that interface in this dialect's ODS would make ODS derive it for
    /// every op with a buildable result type.
    static ::llvm::LogicalResult inferShortForm(::mlir::MLIRContext *ctx,
        ::mlir::Location loc, ::mlir::ValueRange operands,
        ::mlir::NamedAttrList &attrs,
        ::llvm::SmallVectorImpl<::mlir::Type> &inferred);
  }];
}

#endif // CUTE_NVGPU_MMA_OPS_TD
