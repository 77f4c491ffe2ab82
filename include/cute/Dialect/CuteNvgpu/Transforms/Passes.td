//===- Passes.td - cute_nvgpu passes ------------------------*- tablegen -*-===//
#ifndef CUTE_NVGPU_PASSES_TD
#define CUTE_NVGPU_PASSES_TD

include "mlir/Pass/PassBase.td"

def CuteNvgpuOutlineTma : Pass<"cute-nvgpu-outline-tma", "::mlir::ModuleOp"> {
  let summary = "Turn each cute_nvgpu.make_tma_desc into a kernel parameter";
  let description = [{
    For every `cute_nvgpu.make_tma_desc` in a `gpu.func` kernel, appends a
    parameter of the descriptor's type (a `__grid_constant__` CUtensorMap
    once lowered), records its index as the op's `param`, lists it in the
    kernel's `cute_nvgpu.grid_constant_args`, and makes the op's uses read
    the parameter. The op stays (without uses) so that
    `cute-collect-kernel-metadata` can describe how the runtime encodes the
    descriptor from the other arguments. Runs first in `cute-compile`.
  }];
  let dependentDialects = ["::mlir::cute_nvgpu::CuteNvgpuDialect"];
}

def CuteNvgpuLowerTmaCopies
    : Pass<"cute-nvgpu-lower-tma-copies", "::mlir::ModuleOp"> {
  let summary = "Turn TMA copies on cute.copy into tma_load / tma_store";
  let description = [{
    Each `cute.copy` with the `#cute_nvgpu.tma` atom (written, or implied by
    a descriptor after `with`) becomes `cute_nvgpu.tma_load %desc, %smem,
    %bar box [coords] [multicast %mask] [cta_group 2]` or
    `cute_nvgpu.tma_store %desc, %smem box [coords]`, the coordinates being
    the first coordinate of the copy's coordinate tile (`cute.get_iter`,
    `cute.get_scalars`, i32). The verifier of `cute.copy` has checked that
    the tile is exactly one box, or a tile of whole boxes: then each box
    (`cute.local_tile` of both tiles by the box shape at a constant index)
    becomes one such op, in colexicographic box order. Runs after the helper inliner and the tile
    schedulers' expansion in `--cute-compile`, before the pipeline counts
    are inferred from the TMA loads.
  }];
  let dependentDialects = ["::mlir::cute_nvgpu::CuteNvgpuDialect",
                           "::mlir::arith::ArithDialect"];
}

def CuteNvgpuInferPipelineCounts
    : Pass<"cute-nvgpu-infer-pipeline-counts", "::mlir::ModuleOp"> {
  let summary = "Fill in the tx_bytes and consumers a pipeline leaves out";
  let description = [{
    For each `cute_nvgpu.pipeline_create` in a `gpu.func` that does not
    write `tx_bytes` (a `tma_async` or `tma_umma` pipeline) or `consumers`
    (any kind but `tma_store`), sets it from the kernel
    (include/cute/Dialect/CuteNvgpu/Analysis/PipelineProtocol.h, the
    analysis `cute-verify-kernel` checks written numbers with):
    `tx_bytes` is the sum over the TMA loads on a stage's full barrier of
    the box bytes, times the trip counts of the static loops between the
    barrier and the load, times the load's issuing threads, times
    multicast (a `tma_umma` CTA pair: times 2); `consumers` is the threads
    that execute `pipeline_consumer_release` (a warp role's threads, one
    per warp under `elect_one`, thread-index branches counted in a 1-D
    block; `tma_umma`: 1). A number it cannot infer is an error that says
    why and asks for it to be written. Runs after the helper inliner in
    `--cute-compile`, before anything reads the numbers.
  }];
  let dependentDialects = ["::mlir::cute_nvgpu::CuteNvgpuDialect"];
}

def CuteNvgpuExpandPipelines
    : Pass<"cute-nvgpu-expand-pipelines", "::mlir::ModuleOp"> {
  let summary = "Expand pipelines into mbarrier ops and state arithmetic";
  let description = [{
    Pipeline states become one i32 (phase in bit 31, stage index below;
    through loops as iteration arguments); `pipeline_create` becomes the
    barrier initialisation by thread 0, `fence.mbarrier_init` and a block
    barrier (a cluster barrier in a cluster kernel); the producer and
    consumer steps become `mbarrier_wait` / `mbarrier_arrive[_expect_tx]` /
    `tma_store_commit` / `tma_store_wait` on the stage's barriers. Every
    wait carries a `label` naming the pipeline, the barrier and the warp
    role, and the stage, for `debug-hangs`.
  }];
  let dependentDialects = ["::mlir::cute_nvgpu::CuteNvgpuDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::gpu::GPUDialect"];
}

#endif // CUTE_NVGPU_PASSES_TD
