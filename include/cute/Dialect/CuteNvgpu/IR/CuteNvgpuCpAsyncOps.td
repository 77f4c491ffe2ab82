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

#endif // CUTE_NVGPU_CP_ASYNC_OPS_TD
