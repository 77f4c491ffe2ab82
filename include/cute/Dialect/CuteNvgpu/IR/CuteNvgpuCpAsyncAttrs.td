//===- CuteNvgpuCpAsyncAttrs.td - The cp.async copy atom ----*- tablegen -*-===//
//
// cute.copy from global to shared memory with the sm_80 per-thread
// asynchronous copy (PTX `cp.async`); its groups are closed and awaited by
// cute_nvgpu.cp_async_commit / cp_async_wait (CuteNvgpuCpAsyncOps.td). The
// lowering is in convert-cute-nvgpu-to-nvvm (CpAsyncToNVVM.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_NVGPU_CP_ASYNC_ATTRS_TD
#define CUTE_NVGPU_CP_ASYNC_ATTRS_TD

include "cute/Dialect/CuteNvgpu/IR/CuteNvgpuDialect.td"
include "cute/Dialect/Cute/IR/CuteInterfaces.td"
include "mlir/IR/AttrTypeBase.td"

def CuteNvgpu_CpAsyncAttr : AttrDef<CuteNvgpu_Dialect, "CpAsync",
    [DeclareAttrInterfaceMethods<Cute_CopyAtomAttrInterface>]> {
  let mnemonic = "cp_async";
  let summary = "copy atom: global to shared memory without registers, "
                "asynchronously (PTX cp.async, sm_80+)";
  let description = [{
    `cute.copy(%gmem, %smem) {atom = #cute_nvgpu.cp_async<128>}` starts one
    `cp.async` per access of the copy's plan: the data goes from global to
    shared memory without passing through the thread's registers, and the
    thread goes on at once. The vector width is planned like
    `#cute.universal_copy<bits>`'s (contiguity, both alignments, the smem
    swizzle), at most `bits`; each access must move 4, 8 or 16 bytes (the
    sizes cp.async has). 16-byte accesses use `cp.async.cg` (cached in L2
    only: streamed data), smaller ones `cp.async.ca`.

    The copies a thread starts after its last `cute_nvgpu.cp_async_commit`
    form its open group; `cp_async_commit` closes it, and
    `cute_nvgpu.cp_async_wait <N>` waits until at most the N most recent
    groups of the thread are still in flight. Only then may the thread read
    what those groups wrote; other threads need a barrier after the wait
    as well. A stage's shared memory may be the destination of a new copy
    once every read of its old contents has completed (a thread that reads
    only what it copied itself needs no barrier at all: a per-thread
    pipeline).

    Rules: the src a gmem tensor, the dst an smem tensor, both with static
    layouts (slice dynamic views down to the thread's part first; their
    iterators may be dynamic), the same element type; no predicate and no
    masked copy (clamp the source instead: a cp.async reads whole
    accesses); `bits` is 32, 64 or 128.
    ```mlir
    func.func @stage(%g: !cute.memref<bf16, gmem, align<16>, "(8,2):(1,4096)">,
                     %s: !cute.memref<bf16, smem, align<16>, "(8,2):(1,1024)">) {
      cute.copy(%g, %s) {atom = #cute_nvgpu.cp_async<128>} : !cute.memref<bf16, gmem, align<16>, "(8,2):(1,4096)">, !cute.memref<bf16, smem, align<16>, "(8,2):(1,1024)">
      cute_nvgpu.cp_async_commit
      cute_nvgpu.cp_async_wait 0
      return
    }
    ```
  }];
  let parameters = (ins "unsigned":$bits);
  let assemblyFormat = "`<` $bits `>`";
  let genVerifyDecl = 1;
}

#endif // CUTE_NVGPU_CP_ASYNC_ATTRS_TD
