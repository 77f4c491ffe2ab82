//===- CuteNvgpuTmaOps.td - TMA descriptors and copies ------*- tablegen -*-===//
#ifndef CUTE_NVGPU_TMA_OPS_TD
#define CUTE_NVGPU_TMA_OPS_TD

include "cute/Dialect/CuteNvgpu/IR/CuteNvgpuTmaAttrs.td"
include "mlir/Interfaces/InferTypeOpInterface.td"

def CuteNvgpu_MakeTmaDescOp : CuteNvgpu_Op<"make_tma_desc", [Pure]> {
  let summary = "A TMA descriptor of a global tensor (CuTe's make_tma_copy)";
  let description = [{
    The descriptor of `tensor` (a `!cute.memref` in gmem whose top-level
    modes are the TMA dimensions) for boxes of the result type.
    `cute-nvgpu-outline-tma` makes it a `__grid_constant__` kernel parameter
    and records (`param`) which one; the kernel metadata then says how the
    runtime encodes it: base pointer, extents and strides as expressions of
    the kernel's arguments, box, swizzle, L2 promotion (`l2_promotion`
    bytes: 0, 64, 128 or 256; default 128) and out-of-bounds fill (zeros).
    So `tensor` must come from kernel arguments: `cute.make_view` of a
    pointer parameter with a layout of integer parameters and constants.

    Checked here: same element type as the box; rank equal to the box's;
    the box's stride-1 mode has a static stride of 1 in `tensor`; static
    strides of the other modes are multiples of 16 bytes.
    ```mlir
    %d = cute_nvgpu.make_tma_desc %g : !cute.memref<f32, gmem, align<16>, "(?,?):(?,1)"> -> !cute_nvgpu.tma_desc<load, !cute.memref<f32, smem, align<1024>, S<3,2,3>, "(32,32):(32,1)">>
    ```
  }];
  let arguments = (ins Cute_MemRefType:$tensor,
                   DefaultValuedAttr<I32Attr, "128">:$l2_promotion,
                   OptionalAttr<I32Attr>:$param);
  let results = (outs CuteNvgpu_TmaDescType:$result);
  let assemblyFormat = [{
    $tensor attr-dict `` custom<OperandTypes>(ref($tensor), type($tensor))
    `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def CuteNvgpu_TmaPartitionOp : CuteNvgpu_Op<"tma_partition", [Pure,
    DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "CuTe's tma_partition: the box one CTA copies of a tile";
  let description = [{
    `%s, %c = cute_nvgpu.tma_partition %desc, %index (%smem, %coords)`:
    when a tile is larger than the descriptor's box (a multicast load,
    where each CTA of the group loads one box of the tile for all of them,
    or a CTA pair's half of a 2-CTA MMA tile), CTA `index` copies box
    `index` of it: both the smem tile and the coordinate tile are divided
    by the box (`zipped_divide`, as `cute.local_tile` with the box shape as
    tiler) and sliced at `index` (colexicographic over the boxes). The
    results are one box in shared memory and its coordinates, the operands
    of a TMA `cute.copy`. Each tile extent must be a multiple of the box's.
    ```text
    %s, %c = cute_nvgpu.tma_partition %da, %rank (%tileA, %coordsA)
    cute.copy(%c, %s) with(%da, %full, %mask)
    ```
  }];
  let arguments = (ins CuteNvgpu_TmaDescType:$desc, I32:$index,
                   Cute_MemRefType:$smem, Cute_CoordTensorType:$coords);
  let results = (outs Cute_MemRefType:$smem_box,
                      Cute_CoordTensorType:$coord_box);
  let assemblyFormat = [{
    $desc `,` $index ` ` `(` $smem `,` $coords `)` attr-dict ``
    custom<OperandTypes>(ref($desc), ref($smem), ref($coords), type($desc),
                         type($smem), type($coords))
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The tiler of the partition: the box shape, in the global mode order.
    static ::mlir::Attribute boxTiler(TmaDescType desc);
  }];
}

def CuteNvgpu_TmaLoadOp : CuteNvgpu_Op<"tma_load", [AttrSizedOperandSegments]> {
  let summary = "TMA copy of one box from global to shared memory";
  let description = [{
    `cp.async.bulk.tensor.Nd.shared::cluster.global.tile.mbarrier::complete_tx::bytes`:
    the box whose first element is at `coords` (element coordinates in the
    global tensor's mode order) lands in `smem`, and its bytes count down
    the transaction count of `bar`. Out-of-bounds elements are zero-filled
    and still counted. With `multicast %mask` (a descriptor with
    `multicast`), the box lands at the same offset in every CTA of the
    cluster whose bit is set, and on the barrier at the same offset there.
    `smem` must have exactly the descriptor's box type: the layout TMA writes
    is the layout the consumers read.

    `cta_group = 2` (a CTA pair running 2-CTA tcgen05.mma, CuTe's
    SM100_TMA_2SM_LOAD): the box lands in the issuing CTA's shared memory,
    but its bytes complete the barrier at the same offset in the pair's
    even CTA (the MMA leader), whose expect_tx counts both CTAs' boxes.
    PTX: `cp.async.bulk.tensor.Nd.cta_group::2.shared::cluster.global...`
    with the barrier address `bar & 0xFEFFFFFF` (bit 24 of a shared::cluster
    address of the own CTA's window is the CTA's rank bit 0).
    ```text
    cute_nvgpu.tma_load %d, %s, %full box [%m, %k] cta_group 2 : !cute_nvgpu.tma_desc<load, !box>, !box
    ```
  }];
  let arguments = (ins CuteNvgpu_TmaDescType:$desc, Cute_MemRefType:$smem,
                   CuteNvgpu_MbarrierType:$bar, Variadic<I32>:$coords,
                   Optional<I16>:$multicast_mask,
                   DefaultValuedAttr<I32Attr, "1">:$cta_group);
  let assemblyFormat = [{
    $desc `,` $smem `,` $bar `box` `[` $coords `]`
    (`multicast` $multicast_mask^)? (`cta_group` $cta_group^)? attr-dict ``
    custom<OperandTypes>(ref($desc), ref($smem), type($desc), type($smem))
  }];
  let hasVerifier = 1;
}

def CuteNvgpu_TmaStoreOp : CuteNvgpu_Op<"tma_store"> {
  let summary = "TMA copy of one box from shared to global memory";
  let description = [{
    `cp.async.bulk.tensor.Nd.global.shared::cta.tile.bulk_group`; one thread
    issues it. Elements outside the global tensor are not written, except
    that (observed on the H200) the store writes whole 16-byte segments: a
    row's padding that shares its last 16-byte segment receives the box's
    contents there (the zero fill of a partial load box). Threads'
    ordinary writes to `smem` must be made visible to the async proxy first
    (`cute_nvgpu.fence_proxy_async`, then a barrier); completion is tracked
    with `tma_store_commit` / `tma_store_wait` (or a tma_store pipeline).
  }];
  let arguments = (ins CuteNvgpu_TmaDescType:$desc, Cute_MemRefType:$smem,
                   Variadic<I32>:$coords);
  let assemblyFormat = [{
    $desc `,` $smem `box` `[` $coords `]` attr-dict ``
    custom<OperandTypes>(ref($desc), ref($smem), type($desc), type($smem))
  }];
  let hasVerifier = 1;
}

def CuteNvgpu_TmaStoreCommitOp : CuteNvgpu_Op<"tma_store_commit"> {
  let summary = "Closes a bulk group of the thread's TMA stores";
  let description = "`cp.async.bulk.commit_group`.";
  let assemblyFormat = "attr-dict";
}

def CuteNvgpu_TmaStoreWaitOp : CuteNvgpu_Op<"tma_store_wait"> {
  let summary = "Waits until at most `pending` bulk groups are in flight";
  let description = [{
    `cp.async.bulk.wait_group.read N` (with `read`: their shared-memory
    sources may be reused) or `cp.async.bulk.wait_group N` (the writes are
    done).
  }];
  let arguments = (ins ConfinedAttr<I32Attr, [IntMinValue<0>]>:$pending,
                   UnitAttr:$read);
  let assemblyFormat = "$pending attr-dict";
}

def CuteNvgpu_TmaPrefetchDescOp : CuteNvgpu_Op<"tma_prefetch_desc"> {
  let summary = "Prefetches a TMA descriptor into the cache";
  let description = "`prefetch.tensormap`.";
  let arguments = (ins CuteNvgpu_TmaDescType:$desc);
  let assemblyFormat =
      "$desc attr-dict `` custom<OperandTypes>(ref($desc), type($desc))";
}

#endif // CUTE_NVGPU_TMA_OPS_TD
