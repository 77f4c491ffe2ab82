//===- CuteNvgpuBarrierOps.td - mbarriers -------------------*- tablegen -*-===//
#ifndef CUTE_NVGPU_BARRIER_OPS_TD
#define CUTE_NVGPU_BARRIER_OPS_TD

def CuteNvgpu_MbarrierGetOp : CuteNvgpu_Op<"mbarrier_get", [Pure]> {
  let summary = "The mbarrier at index i of a shared-memory i64 tensor";
  let description = [{
    Barrier storage is an ordinary `cute.smem_alloc` of i64 elements, so
    `cute-plan-smem` places it with the kernel's other buffers.
    ```mlir
    %bars = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "2:1">
    %i = arith.constant 1 : i32
    %b = cute_nvgpu.mbarrier_get %bars[%i] : !cute.memref<i64, smem, align<8>, "2:1">
    ```
  }];
  let arguments = (ins Cute_MemRefType:$storage, I32:$index);
  let results = (outs CuteNvgpu_MbarrierType:$result);
  let assemblyFormat = [{
    $storage `[` $index `]` attr-dict `` custom<OperandTypes>(ref($storage),
        type($storage))
  }];
  let hasVerifier = 1;
}

def CuteNvgpu_MbarrierInitOp : CuteNvgpu_Op<"mbarrier_init"> {
  let summary = "Initialises an mbarrier with its arrival count";
  let description = [{
    `mbarrier.init.shared.b64`: phase 0, `count` pending arrivals
    (1 .. 2^20 - 1). One thread initialises; `cute_nvgpu.mbarrier_init_fence`
    and a block (or cluster) barrier follow before any use.
  }];
  let arguments = (ins CuteNvgpu_MbarrierType:$bar,
                   ConfinedAttr<I32Attr, [IntMinValue<1>,
                                          IntMaxValue<1048575>]>:$count);
  let assemblyFormat = "$bar `,` `count` `=` $count attr-dict";
}

def CuteNvgpu_MbarrierInitFenceOp : CuteNvgpu_Op<"mbarrier_init_fence"> {
  let summary = "Makes mbarrier initialisation visible to the cluster";
  let description = "`fence.mbarrier_init.release.cluster`.";
  let assemblyFormat = "attr-dict";
}

def CuteNvgpu_MbarrierArriveOp : CuteNvgpu_Op<"mbarrier_arrive"> {
  let summary = "Arrives on an mbarrier (of this CTA or of CTA `cta` of the "
                "cluster)";
  let description = [{
    `mbarrier.arrive.release.cta.shared::cta.b64`; with `cta %r` the barrier
    at the same shared-memory offset in cluster CTA `%r` (`mapa`, then
    `mbarrier.arrive.release.cluster.shared::cluster`).

    `release_cta` keeps the release at CTA scope on a remote barrier
    (`mbarrier.arrive.release.cta.shared::cluster`). A cluster-scope release
    costs two memory fences (`MEMBAR.ALL.CTA`, `MEMBAR.ALL.GPU` in SASS) on
    sm_90a; a consumer that hands back a buffer it has finished reading (a
    pipeline release: the reads are complete, nothing it wrote is
    published) needs only the CTA-scope order, as CUTLASS's cluster
    barriers use. The pipeline releases of `cute-nvgpu-expand-pipelines`
    set it; an arrive that publishes this thread's writes to another CTA
    must not.
    ```mlir
    func.func @release(%bar: !cute_nvgpu.mbarrier, %rank: i32) {
      cute_nvgpu.mbarrier_arrive %bar cta %rank release_cta
      return
    }
    ```
  }];
  let arguments = (ins CuteNvgpu_MbarrierType:$bar, Optional<I32>:$cta,
                   UnitAttr:$release_cta);
  let assemblyFormat = "$bar (`cta` $cta^)? (`release_cta` $release_cta^)? attr-dict";
  let hasVerifier = 1;
}

def CuteNvgpu_MbarrierArriveExpectTxOp
    : CuteNvgpu_Op<"mbarrier_arrive_expect_tx"> {
  let summary = "Arrives and raises the barrier's expected transaction bytes";
  let description = [{
    `mbarrier.arrive.expect_tx`: the phase completes when all arrivals are
    in and `bytes` bytes of asynchronous copies (TMA) have landed.
  }];
  let arguments = (ins CuteNvgpu_MbarrierType:$bar,
                   ConfinedAttr<I32Attr, [IntMinValue<0>,
                                          IntMaxValue<1048575>]>:$bytes);
  let assemblyFormat = "$bar `,` `bytes` `=` $bytes attr-dict";
}

def CuteNvgpu_MbarrierExpectTxOp : CuteNvgpu_Op<"mbarrier_expect_tx"> {
  let summary = "Raises the barrier's expected transaction bytes (no arrival)";
  let arguments = (ins CuteNvgpu_MbarrierType:$bar,
                   ConfinedAttr<I32Attr, [IntMinValue<0>,
                                          IntMaxValue<1048575>]>:$bytes);
  let assemblyFormat = "$bar `,` `bytes` `=` $bytes attr-dict";
}

def CuteNvgpu_MbarrierWaitOp : CuteNvgpu_Op<"mbarrier_wait"> {
  let summary = "Waits until the phase of parity `phase` has completed";
  let description = [{
    A loop of `mbarrier.try_wait.parity.shared::cta.b64` (acquire, CTA
    scope). With `convert-cute-nvgpu-to-nvvm{debug-hangs=N}` the loop gives
    up after N rounds, prints the kernel, block, warp, `label` (e.g. the
    pipeline, barrier and role), `stage` and phase, and traps.
  }];
  let arguments = (ins CuteNvgpu_MbarrierType:$bar, I32:$phase,
                   Optional<I32>:$stage, OptionalAttr<StrAttr>:$label);
  let assemblyFormat =
      "$bar `,` `phase` $phase (`stage` $stage^)? attr-dict";
}

def CuteNvgpu_MbarrierTryWaitOp : CuteNvgpu_Op<"mbarrier_try_wait"> {
  let summary = "One bounded wait: true when the phase has completed";
  let arguments = (ins CuteNvgpu_MbarrierType:$bar, I32:$phase);
  let results = (outs I1:$done);
  let assemblyFormat = "$bar `,` `phase` $phase attr-dict";
}

#endif // CUTE_NVGPU_BARRIER_OPS_TD
