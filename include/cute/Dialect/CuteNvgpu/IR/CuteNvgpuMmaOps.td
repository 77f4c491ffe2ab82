//===- CuteNvgpuMmaOps.td - wgmma ordering ops ----------------*- tablegen -*-===//
//
// The fence/commit/wait discipline of sm_90a wgmma. The MMAs themselves are
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

#endif // CUTE_NVGPU_MMA_OPS_TD
