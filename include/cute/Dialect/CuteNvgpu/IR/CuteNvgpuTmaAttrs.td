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
    origin. `cute-nvgpu-lower-tma-copies` turns the copy into
    `cute_nvgpu.tma_load` / `tma_store`, so pipelines infer `tx_bytes` from
    it like from any TMA load.
    ```text
    %cA = cute.make_identity_tensor(%shA)
    %gA = cute.local_tile(%cA, %tile) {tiler = #cute.shape<"(128,64)">}
    cute.copy(%gA, %bufA) with(%da, %full)
    ```
  }];
  let parameters = (ins DefaultValuedParameter<"unsigned", "1">:$cta_group);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

#endif // CUTE_NVGPU_TMA_ATTRS_TD
