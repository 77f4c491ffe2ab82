//===- CuteNvgpuCpAsyncOps.td - cp.async groups -------------*- tablegen -*-===//
//
// The groups of the per-thread asynchronous copies that
// `#cute_nvgpu.cp_async` starts (CuteNvgpuCpAsyncAttrs.td).
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_NVGPU_CP_ASYNC_OPS_TD
#define CUTE_NVGPU_CP_ASYNC_OPS_TD

include "cute/Dialect/CuteNvgpu/IR/CuteNvgpuDialect.td"
include "mlir/IR/CommonAttrConstraints.td"
include "cute/Dialect/CuteNvgpu/IR/CuteNvgpuTypes.td"

def CuteNvgpu_CpAsyncCommitOp : CuteNvgpu_Op<"cp_async_commit"> {
  let summary = "Closes the thread's open group of cp.async copies";
  let description = [{
    `cp.async.commit_group`: the `#cute_nvgpu.cp_async` copies the thread
    started since its previous commit become one group (possibly empty, so
    a pipeline may commit every step and count groups, not copies).
    ```mlir
    cute_nvgpu.cp_async_commit
    ```
  }];
  let assemblyFormat = "attr-dict";
}

def CuteNvgpu_CpAsyncWaitOp : CuteNvgpu_Op<"cp_async_wait"> {
  let summary = "Waits until at most `pending` cp.async groups are in flight";
  let description = [{
    `cp.async.wait_group N`: the thread waits until at most its `pending`
    most recently committed groups are still in flight; the writes of all
    older groups are then visible to it. `pending` = 0 waits for every
    committed group.
    ```mlir
    cute_nvgpu.cp_async_wait 1
    ```
  }];
  let arguments = (ins ConfinedAttr<I32Attr, [IntMinValue<0>,
                                              IntMaxValue<63>]>:$pending);
  let assemblyFormat = "$pending attr-dict";
}

def CuteNvgpu_CpAsyncMbarrierArriveOp
    : CuteNvgpu_Op<"cp_async_mbarrier_arrive"> {
  let summary = "Arrives on an mbarrier once the thread's cp.async copies "
                "have landed";
  let description = [{
    `cp.async.mbarrier.arrive[.noinc].shared::cta.b64`: the mbarrier tracks
    every cp.async this thread issued before, and receives one arrival when
    all of them have completed; their writes are then visible to the
    threads that wait on the barrier's phase. This is how a producer warp
    that gathers with cp.async feeds consumers through an mbarrier, with no
    cp_async_wait of its own. Without `noinc` the arrival is counted in
    advance (the pending count is raised by one first), so the barrier's
    init count covers only the ordinary arrivals; with `noinc` the init
    count must include one arrival per arriving thread.
    ```mlir
    func.func @landed(%bar: !cute_nvgpu.mbarrier) {
      cute_nvgpu.cp_async_mbarrier_arrive %bar noinc
      return
    }
    ```
  }];
  let arguments = (ins CuteNvgpu_MbarrierType:$bar, UnitAttr:$noinc);
  let assemblyFormat = "$bar (`noinc` $noinc^)? attr-dict";
}

#endif // CUTE_NVGPU_CP_ASYNC_OPS_TD
