//===- CuteNvgpuTmemOps.td - Tensor Memory and tcgen05 sync -*- tablegen -*-===//
//
// sm_100a Tensor Memory: allocation (the address goes through a
// shared-memory slot), typed tmem tensors, the tcgen05 waits, fences and
// commit, and the shared-to-TMEM copy. Lowered to the upstream
// nvvm.tcgen05.* ops (TmemToNVVM.cpp); `cute-verify-kernel` checks the
// kernel-wide rules (CuteNvgpu/Analysis/TmemProtocol.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_NVGPU_TMEM_OPS_TD
#define CUTE_NVGPU_TMEM_OPS_TD

// 1 or 2: the CTAs of a pair act together (cta_group::2).
defvar CuteNvgpu_CtaGroupAttr = DefaultValuedAttr<I32Attr, "1">;

def CuteNvgpu_TmemAllocOp : CuteNvgpu_Op<"tmem_alloc"> {
  let summary = "Allocates Tensor Memory columns and writes the address to "
                "shared memory";
  let description = [{
    `tcgen05.alloc.cta_group::{1,2}.sync.aligned.shared::cta.b32 [slot],
    columns`: the whole warp executing it (all 32 threads) allocates
    `columns` columns of all 128 lanes, a power of two in [32, 512], and the
    TMEM address (lane 0, first column: `lane << 16 | column`) is written to
    `slot`, element 0 of an smem tensor of i32. It blocks until the columns
    are free. `cta_group = 2` allocates the same columns in both CTAs of a
    pair (the same warp in each). In an instanced source `columns` may be
    an integer parameter (`#BN`, `BN`) or a quoted expression of them
    (`"BN*NACC"`, docs/instances.md). The same warp frees them with
    `tmem_dealloc`; to read the address, other threads first order the
    write: `tcgen05_fence_before_thread_sync`, a block barrier,
    `tcgen05_fence_after_thread_sync`, then `tmem_tensor`.

    `cute-verify-kernel` adds up every allocation of a kernel (the kernel's
    TMEM plan, in its metadata as `tmem_columns`): at most 512 columns, and
    an error on a chip without Tensor Memory.
    ```mlir
    %slot = cute.smem_alloc() : !cute.memref<i32, smem, align<4>, "1:1">
    cute_nvgpu.tmem_alloc %slot, columns = 256 : !cute.memref<i32, smem, align<4>, "1:1">
    ```
  }];
  let arguments = (ins Cute_MemRefType:$slot, I32Attr:$columns,
                   CuteNvgpu_CtaGroupAttr:$cta_group);
  let assemblyFormat = [{
    $slot `,` `columns` `=` custom<I32OrParam>($columns) (`cta_group` `=` $cta_group^)? attr-dict
    `` custom<OperandTypes>(ref($slot), type($slot))
  }];
  let hasVerifier = 1;
}

def CuteNvgpu_TmemTensorOp : CuteNvgpu_Op<"tmem_tensor",
    [MemoryEffects<[MemRead]>]> {
  let summary = "A typed tmem tensor at the address a tmem_alloc wrote";
  let description = [{
    Reads the TMEM address from `slot` (element 0, i32, written by
    `tmem_alloc`) and gives it the result's layout: a tmem tensor of f32 or
    i32 with a static layout whose offsets are TMEM address units
    (`lane << 16 | column`), e.g. a 128 x 256 f32 accumulator
    `"(128,256):(65536,1)"` (row i in lane i, column j in column j). View
    ops (`cute.tensor_slice`, `local_tile`, `partition_tv`,
    `mma_partition`, ...) cut it into warp tiles for the tcgen05.ld/st
    atoms. `cute-verify-kernel` checks that the layout stays inside the
    allocation of that slot (lanes < 128, columns < the allocated ones).
    ```mlir
    %acc = cute_nvgpu.tmem_tensor %slot : !cute.memref<i32, smem, align<4>, "1:1"> -> !cute.memref<f32, tmem, align<16>, "(128,256):(65536,1)">
    ```
  }];
  let arguments = (ins Cute_MemRefType:$slot);
  let results = (outs Cute_MemRefType:$result);
  let assemblyFormat = [{
    $slot attr-dict `` custom<OperandTypes>(ref($slot), type($slot))
    `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def CuteNvgpu_TmemDeallocOp : CuteNvgpu_Op<"tmem_dealloc"> {
  let summary = "Frees Tensor Memory columns";
  let description = [{
    `tcgen05.dealloc.cta_group::{1,2}.sync.aligned.b32 taddr, columns`: the
    warp that allocated frees the allocation starting at `tmem` (the tensor
    `tmem_tensor` made of its slot) with the same `columns` and
    `cta_group`. Every `tcgen05.ld` of it must be complete
    (`tcgen05_wait_ld`) and every MMA into it observed (its commit's
    mbarrier). Allowed after `tmem_relinquish_alloc_permit`.
    ```mlir
    cute_nvgpu.tmem_dealloc %acc, columns = 256 : !cute.memref<f32, tmem, align<16>, "(128,256):(65536,1)">
    ```
  }];
  let arguments = (ins Cute_MemRefType:$tmem, I32Attr:$columns,
                   CuteNvgpu_CtaGroupAttr:$cta_group);
  let assemblyFormat = [{
    $tmem `,` `columns` `=` custom<I32OrParam>($columns) (`cta_group` `=` $cta_group^)? attr-dict
    `` custom<OperandTypes>(ref($tmem), type($tmem))
  }];
  let hasVerifier = 1;
}

def CuteNvgpu_TmemRelinquishAllocPermitOp
    : CuteNvgpu_Op<"tmem_relinquish_alloc_permit"> {
  let summary = "The CTA will allocate no more Tensor Memory";
  let description = [{
    `tcgen05.relinquish_alloc_permit.cta_group::{1,2}.sync.aligned`: lets
    other CTAs waiting in `tcgen05.alloc` on this SM proceed sooner. A
    `tmem_alloc` after it is an error; `tmem_dealloc` is fine.
    ```mlir
    cute_nvgpu.tmem_relinquish_alloc_permit
    ```
  }];
  let arguments = (ins CuteNvgpu_CtaGroupAttr:$cta_group);
  let assemblyFormat = "(`cta_group` `=` $cta_group^)? attr-dict";
  let hasVerifier = 1;
}

def CuteNvgpu_Tcgen05WaitLdOp : CuteNvgpu_Op<"tcgen05_wait_ld"> {
  let summary = "Waits for the thread's tcgen05.ld copies";
  let description = [{
    `tcgen05.wait::ld.sync.aligned`: the registers of every earlier
    `tcgen05_ld` copy of the thread hold their values. Required before
    those registers are read and before the TMEM is deallocated or released
    to the MMA (`cute-verify-kernel` checks both within a block).
  }];
  let assemblyFormat = "attr-dict";
}

def CuteNvgpu_Tcgen05WaitStOp : CuteNvgpu_Op<"tcgen05_wait_st"> {
  let summary = "Waits for the thread's tcgen05.st copies";
  let description = [{
    `tcgen05.wait::st.sync.aligned`: every earlier `tcgen05_st` copy of
    the thread has written TMEM (and its source registers may be reused).
  }];
  let assemblyFormat = "attr-dict";
}

def CuteNvgpu_Tcgen05FenceBeforeThreadSyncOp
    : CuteNvgpu_Op<"tcgen05_fence_before_thread_sync"> {
  let summary = "Orders earlier tcgen05 operations before a thread barrier";
  let description = [{
    `tcgen05.fence::before_thread_sync`: with a barrier and
    `tcgen05_fence_after_thread_sync` on the other side, the tcgen05
    operations before it (alloc, ld/st, mma issue) happen before the
    tcgen05 operations after the barrier in other threads.
  }];
  let assemblyFormat = "attr-dict";
}

def CuteNvgpu_Tcgen05FenceAfterThreadSyncOp
    : CuteNvgpu_Op<"tcgen05_fence_after_thread_sync"> {
  let summary = "Orders later tcgen05 operations after a thread barrier";
  let description = "`tcgen05.fence::after_thread_sync`.";
  let assemblyFormat = "attr-dict";
}

def CuteNvgpu_Tcgen05CommitOp : CuteNvgpu_Op<"tcgen05_commit"> {
  let summary = "Makes an mbarrier track the thread's earlier tcgen05 "
                "operations";
  let description = [{
    `tcgen05.commit.cta_group::{1,2}.mbarrier::arrive::one.shared::cluster
    [.multicast::cluster].b64 [bar] [, mask]`: when every async tcgen05
    operation the thread issued before (MMAs, copies) has completed, one
    arrival lands on `bar`, or with `multicast %mask` on the barrier at the
    same offset in each CTA of the cluster whose bit is set. Issued by the
    thread that issued the MMAs; with `cta_group = 2` by the even CTA of a
    pair, after MMAs with `cta_group = 2`.
    ```mlir
    %bars = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "2:1">
    %i = arith.constant 0 : i32
    %bar = cute_nvgpu.mbarrier_get %bars[%i] : !cute.memref<i64, smem, align<8>, "2:1">
    cute_nvgpu.tcgen05_commit %bar
    ```
  }];
  let arguments = (ins CuteNvgpu_MbarrierType:$bar,
                   Optional<I16>:$multicast_mask,
                   CuteNvgpu_CtaGroupAttr:$cta_group);
  let assemblyFormat = [{
    $bar (`multicast` $multicast_mask^)? (`cta_group` `=` $cta_group^)?
    attr-dict
  }];
  let hasVerifier = 1;
}

def CuteNvgpu_Tcgen05CpOp : CuteNvgpu_Op<"tcgen05_cp"> {
  let summary = "Copies a matrix from shared memory into Tensor Memory";
  let description = [{
    `tcgen05.cp.cta_group::{1,2}.<shape>[.<multicast>] [taddr], sdesc`:
    issued by one thread, asynchronous (completion through
    `tcgen05_commit`, ordered before later tcgen05.mma of the thread). The
    source `src` is a static smem tile of 8, 16 or 32-bit elements,
    (rows, row bytes in elements); the shared-memory descriptor is derived
    from its layout at compile time (start address at run time):
    - `128x256b`: 128 rows of 32 bytes, a canonical K-major UMMA tile
      (interleaved or 32/64/128-byte swizzle), no multicast;
    - `128x128b`: 128 rows of 16 bytes, no multicast;
    - `64x128b`: 64 rows of 16 bytes into lanes 0-63 replicated as
      `warpx2_02_13` (quarters 0,2 and 1,3) or `warpx2_01_23`;
    - `32x128b` with `warpx4`: 32 rows of 16 bytes into lanes 0-31,
      replicated to every lane quarter (block-scale factors: each quarter's
      warps read the same 32 rows).
    16-byte rows are 8-row core matrices of 128 contiguous bytes (no
    swizzle), their SBO apart. `dst` is the tmem tensor at the first column
    written (f32 or i32; 16 bytes per row are 4 columns).
    ```mlir
    cute_nvgpu.tcgen05_cp %sf, %sf_tmem shape = 32x128b multicast = warpx4 : !cute.memref<f8E8M0FNU, smem, align<128>, "(32,16):(16,1)">, !cute.memref<i32, tmem, align<16>, "(32,4):(65536,1)">
    ```
  }];
  let arguments = (ins Cute_MemRefType:$src, Cute_MemRefType:$dst,
                   CuteNvgpu_Tcgen05CpShape:$shape,
                   DefaultValuedAttr<CuteNvgpu_Tcgen05CpMulticast,
                       "::mlir::cute_nvgpu::Tcgen05CpMulticast::none">:$multicast,
                   CuteNvgpu_CtaGroupAttr:$cta_group);
  let assemblyFormat = [{
    $src `,` $dst `shape` `=` custom<Tcgen05CpShape>($shape)
    (`multicast` `=` $multicast^)? (`cta_group` `=` $cta_group^)? attr-dict
    `` custom<OperandTypes>(ref($src), ref($dst), type($src), type($dst))
  }];
  let hasVerifier = 1;
}

#endif // CUTE_NVGPU_TMEM_OPS_TD
