//===- CuteNvgpuPipelineOps.td - CUTLASS pipelines ----------*- tablegen -*-===//
#ifndef CUTE_NVGPU_PIPELINE_OPS_TD
#define CUTE_NVGPU_PIPELINE_OPS_TD

def CuteNvgpu_PipelineCreateOp : CuteNvgpu_Op<"pipeline_create"> {
  let summary = "Makes a pipeline: initialises its barriers, fences, syncs";
  let description = [{
    Every thread of the block executes it (outside warp roles). Barrier
    storage: an smem i64 tensor of at least 2 x S elements, full barriers
    first, then empty barriers (`tma_store` pipelines have none and take no
    storage). Thread 0 initialises them, then `fence.mbarrier_init` and a
    block barrier (a cluster barrier in a cluster kernel).

    | kind | full count | empty count | producer | consumer release |
    |---|---|---|---|---|
    | `tma_async` | 1 | `consumers` x `multicast` | one thread: wait empty, `arrive.expect_tx(tx_bytes)` on full; TMA loads land on full | arrive on empty of every CTA of the multicast group |
    | `async` | `producers` | `consumers` | wait empty; commit = arrive on full | arrive on empty |
    | `tma_store` | - | - | acquire = `wait_group.read S-1`; commit = `commit_group` | - |
    | `tma_umma` (sm_100a) | 1 | `consumers` x `multicast` | as `tma_async` | `tcgen05.commit` onto empty (with `multicast` C > 1: onto empty of CTAs 0..C-1) |
    | `umma_async` (sm_100a) | 1 | `consumers` x `cta_group` | wait empty; commit = `tcgen05.commit` onto full (`cta_group = 2`: both CTAs of the pair) | arrive on empty (`cta_group = 2`: the pair's even CTA's) |

    `tx_bytes` is what every stage receives per CTA (with multicast: the
    boxes of all CTAs of the group; a `tma_umma` CTA pair: both CTAs'
    boxes), `consumers` the threads of one CTA that release a stage,
    `producers` (`async`) the threads that commit one. All three may be
    left out: `cute-nvgpu-infer-pipeline-counts` (in `--cute-compile`,
    after the helper inliner) reads them off the kernel: the box bytes of
    the TMA loads on a stage's full barrier (times the loops between the
    barrier and the load, times multicast), and the threads that execute
    `pipeline_consumer_release` and `pipeline_producer_commit` (warp roles,
    `elect_one`, thread-index and `warp_idx` branches; `tma_umma`
    consumers and `umma_async` producers: 1). Where it cannot (a
    load or release in a helper that was not inlined, a load under a loop
    with dynamic bounds, releases under a branch it cannot count) it asks
    for the number. A written number is checked against the same analysis
    by `cute-verify-kernel`, which names both.

    `tma_umma` is CUTLASS's PipelineTmaUmmaAsync: TMA loads fill a stage,
    the thread that issues the tcgen05.mma reading it releases it with
    `tcgen05.commit` (the arrival comes when those MMAs are done), so
    `consumers` is 1 (that thread). `umma_async` is PipelineUmmaAsync: the
    MMA thread produces an accumulator stage in Tensor Memory (producer
    commit = `tcgen05.commit` onto the full barrier), `consumers` epilogue
    threads per CTA read it and arrive on the empty barrier; with
    `cta_group = 2` the MMAs run on a CTA pair (the even CTA issues them),
    the commit signals both CTAs' full barriers and every consumer arrives
    on the even CTA's empty barrier (count `consumers` x 2). A `tma_umma`
    pipeline with `cta_group = 2` (CUTLASS's 2-SM PipelineTmaUmmaAsync):
    both CTAs load their halves of a stage with `tma_load ... cta_group 2`,
    which completes the even CTA's full barrier; only the even CTA expects
    the bytes (`tx_bytes` counts both CTAs' boxes); the MMA thread of the
    even CTA releases the stage in both CTAs with one `tcgen05.commit`
    multicast (empty count 1 in each CTA). No multicast with it yet.
    ```mlir
    %bars = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "8:1">
    %p = cute_nvgpu.pipeline_create %bars : !cute.memref<i64, smem, align<8>, "8:1"> {consumers = 128 : i32, tx_bytes = 16384 : i32} -> !cute_nvgpu.pipeline<tma_async, 4>
    // The same numbers, inferred from the loads and releases:
    %q = cute_nvgpu.pipeline_create %bars : !cute.memref<i64, smem, align<8>, "8:1"> -> !cute_nvgpu.pipeline<tma_async, 4>
    ```
  }];
  let arguments = (ins Optional<Cute_MemRefType>:$storage,
                   OptionalAttr<I32Attr>:$producers,
                   OptionalAttr<I32Attr>:$consumers,
                   OptionalAttr<I32Attr>:$tx_bytes,
                   DefaultValuedAttr<I32Attr, "1">:$multicast,
                   DefaultValuedAttr<I32Attr, "1">:$cta_group);
  let results = (outs CuteNvgpu_PipelineType:$result);
  let assemblyFormat =
      "($storage^ `` custom<OperandTypes>(ref($storage), type($storage)))? "
      "attr-dict `->` type($result)";
  let hasVerifier = 1;
}

class CuteNvgpu_PipelineStateOf<string mnemonic, string what>
    : CuteNvgpu_Op<mnemonic, [Pure]> {
  let summary = "The initial " # what # " state of a pipeline";
  let arguments = (ins CuteNvgpu_PipelineType:$pipeline);
  let results = (outs CuteNvgpu_PipelineStateType:$state);
  let assemblyFormat = [{
    $pipeline attr-dict `` custom<OperandTypes>(ref($pipeline), type($pipeline))
    `` custom<StateOf>(ref(type($pipeline)), type($state))
  }];
  let hasVerifier = 1;
}
def CuteNvgpu_PipelineProducerStateOp
    : CuteNvgpu_PipelineStateOf<"pipeline_producer_state", "producer"> {
  let description = "Stage 0, phase 1 (a fresh empty barrier passes at once).";
}
def CuteNvgpu_PipelineConsumerStateOp
    : CuteNvgpu_PipelineStateOf<"pipeline_consumer_state", "consumer"> {
  let description = "Stage 0, phase 0.";
}

def CuteNvgpu_PipelineStateAdvanceOp
    : CuteNvgpu_Op<"pipeline_state_advance",
                   [Pure, AllTypesMatch<["state", "result"]>]> {
  let summary = "The next stage: index + 1, wrapping to 0 with a phase flip";
  let arguments = (ins CuteNvgpu_PipelineStateType:$state);
  let results = (outs CuteNvgpu_PipelineStateType:$result);
  let assemblyFormat =
      "$state attr-dict `` custom<OperandTypes>(ref($state), type($state))";
}

def CuteNvgpu_PipelineStateIndexOp
    : CuteNvgpu_Op<"pipeline_state_index", [Pure]> {
  let summary = "The stage index of a state (0 .. S-1)";
  let arguments = (ins CuteNvgpu_PipelineStateType:$state);
  let results = (outs I32:$index);
  let assemblyFormat =
      "$state attr-dict `` custom<OperandTypes>(ref($state), type($state))";
}

def CuteNvgpu_PipelineStatePhaseOp
    : CuteNvgpu_Op<"pipeline_state_phase", [Pure]> {
  let summary = "The phase bit of a state (0 or 1)";
  let arguments = (ins CuteNvgpu_PipelineStateType:$state);
  let results = (outs I32:$phase);
  let assemblyFormat =
      "$state attr-dict `` custom<OperandTypes>(ref($state), type($state))";
}

class CuteNvgpu_PipelineStep<string mnemonic, string what,
                             list<Trait> traits = []>
    : CuteNvgpu_Op<mnemonic, traits> {
  let summary = what;
  let arguments = (ins CuteNvgpu_PipelineType:$pipeline,
                   CuteNvgpu_PipelineStateType:$state);
  let assemblyFormat = [{
    $pipeline `,` $state attr-dict `` custom<OperandTypes>(ref($pipeline),
        ref($state), type($pipeline), type($state))
  }];
  let hasVerifier = 1;
}

def CuteNvgpu_PipelineProducerAcquireOp
    : CuteNvgpu_PipelineStep<"pipeline_producer_acquire",
                             "Producer: wait until the stage is free"> {
  let description = [{
    Waits on the stage's empty barrier with the state's phase; in a
    `tma_async` or `tma_umma` pipeline then `arrive.expect_tx(tx_bytes)` on
    its full barrier, so this op must run in one thread (inside
    `cute_nvgpu.elect_one`). `tma_store`: `wait_group.read S-1`.
  }];
}
def CuteNvgpu_PipelineProducerCommitOp
    : CuteNvgpu_PipelineStep<"pipeline_producer_commit",
                             "Producer: the stage is filled"> {
  let description = [{
    `async`: arrive on the full barrier. `tma_async`, `tma_umma`: nothing
    (the TMA copies complete the transaction bytes). `tma_store`:
    `commit_group`. `umma_async`: `tcgen05.commit` onto the full barrier
    (the MMA thread: the arrival comes when its MMAs are done).
  }];
}
def CuteNvgpu_PipelineProducerTailOp
    : CuteNvgpu_PipelineStep<"pipeline_producer_tail",
                             "Producer: wait until consumers released all"> {
  let description = [{
    Acquires each of the S stages once more from `state` so that the CTA
    does not exit while a consumer (or a multicast peer) still uses its
    shared memory. `tma_store`: `wait_group.read 0`.
  }];
}
def CuteNvgpu_PipelineConsumerWaitOp
    : CuteNvgpu_PipelineStep<"pipeline_consumer_wait",
                             "Consumer: wait until the stage is full">;
def CuteNvgpu_PipelineConsumerReleaseOp
    : CuteNvgpu_PipelineStep<"pipeline_consumer_release",
                             "Consumer: the stage may be refilled"> {
  let description = [{
    Each consumer thread arrives on the stage's empty barrier (with
    `multicast = C`, on that barrier in each of the C CTAs). `tma_umma`:
    `tcgen05.commit` onto the empty barrier(s) instead, from the thread
    that issued the MMAs reading the stage. `umma_async` with
    `cta_group = 2`: on the empty barrier of the pair's even CTA.
  }];
}

def CuteNvgpu_PipelineProducerGetBarrierOp
    : CuteNvgpu_Op<"pipeline_producer_get_barrier", [Pure]> {
  let summary = "The full barrier of a stage (where its TMA loads land)";
  let arguments = (ins CuteNvgpu_PipelineType:$pipeline,
                   CuteNvgpu_PipelineStateType:$state);
  let results = (outs CuteNvgpu_MbarrierType:$bar);
  let assemblyFormat = [{
    $pipeline `,` $state attr-dict `` custom<OperandTypes>(ref($pipeline),
        ref($state), type($pipeline), type($state))
  }];
  let hasVerifier = 1;
}

#endif // CUTE_NVGPU_PIPELINE_OPS_TD
