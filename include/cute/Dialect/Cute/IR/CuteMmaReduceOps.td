//===- CuteMmaReduceOps.td - Rows and columns of MMA C -----*- tablegen -*-===//
//
// Reductions along the rows or columns of a tiled MMA's accumulator (C)
// fragment and the broadcast of one value per row (column) back over it:
// what softmax over an attention score tile needs (row max, exp2(x - max),
// row sum, scale). The shuffles follow from the C thread-value layout
// (cute/Atom/MmaReduction.h), for any atom: `cute` reads the layout through
// the MMA-atom interface and never names an architecture.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_MMA_REDUCE_OPS_TD
#define CUTE_MMA_REDUCE_OPS_TD

include "cute/Dialect/Cute/IR/CuteEnums.td"

def Cute_MmaReduceOp : Cute_Op<"mma_reduce", [
    DeclareOpInterfaceMethods<InferTypeOpInterface>,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "Reduces the rows or columns of an MMA accumulator fragment";
  let description = [{
    `value` is a thread's part of the accumulator tile of `mma` (a tiled
    MMA): a register tensor (FrgV, RestM, RestN), as `cute.mma_partition
    "C"` and `cute.gemm` use it (its RestM, RestN give the tile: RestM x the
    tiled MMA's M, RestN x its N), or a vector of the fragment's values in
    logical order (`cute.load` of it) with `tile = array<i64: rows, cols>`.
    The result holds one value per row (`rows`: combining over the columns)
    or per column (`cols`) that the thread holds, in ascending order of the
    row (column), each combining with `kind` the whole row of the tile: every
    thread holding part of a row gets the row's result.

    It becomes, per row the thread holds, a combination of its own values,
    then butterfly shuffles (`shfl.sync.bfly`) over the lanes that hold the
    other parts of the row, their xor distances taken from the C layout
    (`cute-lower-reductions`: clustered `gpu.subgroup_reduce`; four lanes
    share a row of mma.sync m16n8 and wgmma accumulators: xor 1, 2; eight
    lanes a column: xor 4, 8, 16). The tiled MMA's thread index must be the
    hardware one modulo the warp size (e.g. `threadIdx.x`). A row held by
    several warps (atoms tiled along N for `rows`, a wgmma for `cols`)
    would need shared memory: that is an error. Every lane of the warps
    involved must reach the op. `kind`, element types and NaN semantics are
    those of `cute.reduce` at warp scope (values narrower than 32 bits are
    combined widened to 32 bits; 64-bit values are rejected when lanes
    combine).
    ```mlir
    func.func @row_stats(%acc: !cute.memref<f32, rmem, align<16>, "(4,1,4):(1,4,4)">) -> (vector<2xf32>, vector<2xf32>) {
      // 4 warps of mma.sync m16n8k16 along M, a 64 x 32 tile: rows g, g + 8.
      %m = cute.mma_reduce<max, rows> of #cute.tiled_mma<#cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32>, #cute.layout<"(4,1,1):(1,0,0)">> (%acc)
      %v = cute.load(%acc)
      %s = cute.mma_reduce<add, rows> of #cute.tiled_mma<#cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32>, #cute.layout<"(4,1,1):(1,0,0)">> (%v) {tile = array<i64: 64, 32>}
      return %m, %s : vector<2xf32>, vector<2xf32>
    }
    ```
  }];
  let arguments = (ins AnyTypeOf<[Cute_MemRefType, VectorOfRankAndType<[1],
                       [AnyFloat, AnySignlessInteger]>]>:$value,
                   Cute_ReduceKindAttr:$kind, Cute_MmaReduceAxisAttr:$axis,
                   Cute_TiledMmaAttr:$mma,
                   OptionalAttr<DenseI64ArrayAttr>:$tile);
  let results = (outs VectorOfRankAndType<[1], [AnyFloat,
                     AnySignlessInteger]>:$result);
  let extraClassDeclaration = [{
    /// The plan of this op's fragment (cute/Atom/MmaReduction.h).
    ::cute::Expected<::cute::atom::MmaReductionPlan> getPlan();
  }];
  // `<kind, axis> of #tiled_mma` then the short form.
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def Cute_MmaBroadcastOp : Cute_Op<"mma_broadcast", [Pure,
    DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "Spreads one value per row or column over an MMA fragment";
  let description = [{
    The inverse shape of `cute.mma_reduce`: `value` holds one value per row
    (`rows`) or column (`cols`) the thread holds of the accumulator tile of
    `mma`, in ascending order (what `cute.mma_reduce` returns), and the
    result is a vector of the fragment `like`'s values in logical order,
    each the value of its row (column). `like` only gives the fragment's
    shape (a register tensor (FrgV, RestM, RestN), or a vector with `tile =
    array<i64: rows, cols>`); it is not read. Every thread already holds its
    rows' values, so this moves no data between threads (a
    `vector.shuffle`). Combine it with the fragment by `arith` ops:
    ```mlir
    func.func @minus_row_max(%acc: !cute.memref<f32, rmem, align<16>, "((2,2,16),1,1):((1,2,4),0,0)">) -> vector<64xf32> {
      // One warpgroup's wgmma m64n128 accumulators: 2 rows per thread.
      %m = cute.mma_reduce<max, rows> of #cute.tiled_mma<#cute_nvgpu.wgmma<m = 64, n = 128, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k>, #cute.layout<"(1,1,1):(0,0,0)">> (%acc)
      %mb = cute.mma_broadcast<rows> of #cute.tiled_mma<#cute_nvgpu.wgmma<m = 64, n = 128, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k>, #cute.layout<"(1,1,1):(0,0,0)">> (%m, %acc)
      %x = cute.load(%acc)
      %d = arith.subf %x, %mb : vector<64xf32>
      return %d : vector<64xf32>
    }
    ```
  }];
  let arguments = (ins VectorOfRankAndType<[1], [AnyFloat,
                       AnySignlessInteger]>:$value,
                   AnyTypeOf<[Cute_MemRefType, VectorOfRankAndType<[1],
                       [AnyFloat, AnySignlessInteger]>]>:$like,
                   Cute_MmaReduceAxisAttr:$axis, Cute_TiledMmaAttr:$mma,
                   OptionalAttr<DenseI64ArrayAttr>:$tile);
  let results = (outs VectorOfRankAndType<[1], [AnyFloat,
                     AnySignlessInteger]>:$result);
  let extraClassDeclaration = [{
    /// The plan of the fragment `like` (cute/Atom/MmaReduction.h).
    ::cute::Expected<::cute::atom::MmaReductionPlan> getPlan();
  }];
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

#endif // CUTE_MMA_REDUCE_OPS_TD
