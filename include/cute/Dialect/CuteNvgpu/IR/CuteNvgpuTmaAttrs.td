//===- CuteNvgpuTmaAttrs.td - The TMA copy atom --------------*- tablegen -*-===//
#ifndef CUTE_NVGPU_TMA_ATTRS_TD
#define CUTE_NVGPU_TMA_ATTRS_TD

include "cute/Dialect/CuteNvgpu/IR/CuteNvgpuDialect.td"
include "cute/Dialect/Cute/IR/CuteInterfaces.td"
include "mlir/IR/AttrTypeBase.td"

def CuteNvgpu_TmaCopyAttr : AttrDef<CuteNvgpu_Dialect, "TmaCopy",
    [DeclareAttrInterfaceMethods<Cute_CopyAtomAttrInterface,
                                 ["verifyAtomOperands", "takesCoordinates"]>]> {
  let mnemonic = "tma";
  let summary = "copy atom: one TMA box between a TMA coordinate tile and "
                "shared memory (CuTe's SM90_TMA_LOAD / SM90_TMA_STORE)";
  let description = [{
    For `cute.copy(%coords, %smem) with(%desc, %bar[, %mask])` (a load) and
    `cute.copy(%smem, %coords) with(%desc)` (a store): `%desc`'s type implies
    the atom, so it is written only for `cta_group = 2`
    (`{atom = #cute_nvgpu.tma<cta_group = 2>}`, CuTe's SM100_TMA_2SM_LOAD).
    The global side is a `!cute.coord_tensor` of the global tensor's
    coordinates, as CuTe's TMA coordinate tensor: `cute.make_identity_tensor`
    of the global shape, tiled with `cute.local_tile` / `cute.tensor_slice`
    like the data, so no element offset is written by hand. One copy moves
    one box: the coordinate tile has the box's shape with unit strides
    `1@j` along mode `j` (shape-1 modes any), the smem tensor is exactly the
    descriptor's box type, and the tile's first coordinate is the box
    origin. Or it moves a tile of whole boxes: both tiles have the box's
    rank and in each mode the same size, a multiple of the box's extent;
    box `i` of both is their `cute.local_tile` by the box shape at `i`
    (colexicographic, as `cute_nvgpu.tma_partition` numbers them), and
    every box must pass the one-box rules (layout, alignment).
    `cute-nvgpu-lower-tma-copies` turns the copy into one
    `cute_nvgpu.tma_load` / `tma_store` per box, so pipelines infer
    `tx_bytes` from it like from any TMA load.
    ```text
    %cA = cute.make_identity_tensor(%shA)
    %gA = cute.local_tile(%cA, %tile) {tiler = #cute.shape<"(128,64)">}
    cute.copy(%gA, %bufA) with(%da, %full)
    // A 128 x 256 tile of four 128 x 64 boxes, smem "(128,(64,4)):(64,(1,8192))":
    %gQ = cute.local_tile(%cQ, %tile) {tiler = #cute.shape<"(128,256)">}
    cute.copy(%gQ, %sQ) with(%dq, %full)     // four tma_load
    ```
  }];
  let parameters = (ins DefaultValuedParameter<"unsigned", "1">:$cta_group);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

#endif // CUTE_NVGPU_TMA_ATTRS_TD
