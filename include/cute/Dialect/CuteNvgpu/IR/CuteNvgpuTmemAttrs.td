//===- CuteNvgpuTmemAttrs.td - tcgen05.ld/st copy atoms -----*- tablegen -*-===//
//
// The Tensor Memory copy atoms of sm_100a: attributes implementing cute's
// copy-atom interface with CuTe's SM100_TMEM_LOAD/STORE meaning
// (cute/Atom/Sm100Tmem.h). `cute.copy` checks its operands with them; the
// lowering is in convert-cute-nvgpu-to-nvvm (TmemToNVVM.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_NVGPU_TMEM_ATTRS_TD
#define CUTE_NVGPU_TMEM_ATTRS_TD

include "cute/Dialect/CuteNvgpu/IR/CuteNvgpuDialect.td"
include "cute/Dialect/Cute/IR/CuteInterfaces.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"

def CuteNvgpu_Tcgen05LdStShape : I32EnumAttr<"Tcgen05LdStShape",
    "tcgen05.ld/st data movement shape (lanes x bits per lane)", [
    I32EnumAttrCase<"s32x32b", 0, "32x32b">,
    I32EnumAttrCase<"s16x64b", 1, "16x64b">,
    I32EnumAttrCase<"s16x128b", 2, "16x128b">,
    I32EnumAttrCase<"s16x256b", 3, "16x256b">,
    I32EnumAttrCase<"s16x32bx2", 4, "16x32bx2">]> {
  let cppNamespace = "::mlir::cute_nvgpu";
  let genSpecializedAttr = 0;
}

def CuteNvgpu_Tcgen05CpShape : I32EnumAttr<"Tcgen05CpShape",
    "tcgen05.cp shape (rows x bits per row)", [
    I32EnumAttrCase<"s128x256b", 0, "128x256b">,
    I32EnumAttrCase<"s128x128b", 1, "128x128b">,
    I32EnumAttrCase<"s64x128b", 2, "64x128b">,
    I32EnumAttrCase<"s32x128b", 3, "32x128b">]> {
  let cppNamespace = "::mlir::cute_nvgpu";
}

def CuteNvgpu_Tcgen05CpMulticast : I32EnumAttr<"Tcgen05CpMulticast",
    "tcgen05.cp replication across the four lane quarters", [
    I32EnumAttrCase<"none", 0>, I32EnumAttrCase<"warpx2_02_13", 1>,
    I32EnumAttrCase<"warpx2_01_23", 2>, I32EnumAttrCase<"warpx4", 3>]> {
  let cppNamespace = "::mlir::cute_nvgpu";
}

// Shapes print as PTX spells them (`32x32b`), which is not an MLIR keyword:
// an integer then a keyword (`32` `x32b`).
def CuteNvgpu_Tcgen05LdStShapeParameter
    : AttrOrTypeParameter<"::mlir::cute_nvgpu::Tcgen05LdStShape",
                          "a tcgen05.ld/st shape"> {
  let parser = "::mlir::cute_nvgpu::parseTcgen05Shape<"
               "::mlir::cute_nvgpu::Tcgen05LdStShape>($_parser)";
  let printer = "$_printer << ::mlir::cute_nvgpu::stringifyTcgen05LdStShape("
                "$_self)";
}

class CuteNvgpu_TmemCopyAtomAttr<string name, string mnemonicStr>
    : AttrDef<CuteNvgpu_Dialect, name,
        [DeclareAttrInterfaceMethods<Cute_CopyAtomAttrInterface>]> {
  let mnemonic = mnemonicStr;
  let parameters = (ins CuteNvgpu_Tcgen05LdStShapeParameter:$shape,
                        "int64_t":$num);
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The MLIR-free shape (cute/Atom/Sm100Tmem.h).
    ::cute::atom::TmemLdStShape getAtomShape() const;
    /// 32-bit registers per thread.
    int64_t getRegs() const;
  }];
}

def CuteNvgpu_Tcgen05LdAttr : CuteNvgpu_TmemCopyAtomAttr<"Tcgen05Ld",
    "tcgen05_ld"> {
  let summary = "copy atom: tcgen05.ld, a warp's Tensor Memory tile to its "
                "registers (sm_100a)";
  let description = [{
    `tcgen05.ld.sync.aligned.<shape>.x<num>.b32`, for
    `cute.copy(%tmem, %regs) {atom = #cute_nvgpu.tcgen05_ld<...>}`: the 32
    threads of a warp execute it together, all with the same `%tmem`. Shapes
    (lanes x bits per lane, then `num` repetitions along the columns):
    `32x32b`, `16x64b`, `16x128b`, `16x256b`, `16x32bx2`; `num` a power of
    two up to 128 / (registers per repetition: 1, 1, 2, 4, 1).

    `%tmem` is the warp's tile, a tmem tensor of f32/i32 with a static
    layout covering exactly the atom's TMEM words: `columns x lanes` from
    the tensor's address, i.e. the offsets of
    `(cols,lanes):(1,65536)` with cols = num x (1, 2, 4, 8, 2), in any mode
    order (`(32,16):(65536,1)` is 32x32b.x16). `%regs` is an rmem fragment
    of the same element type with one element per register (num x 1, 1, 2,
    4, 1); register j is the fragment's element j in its layout order.
    Thread t of the warp receives, as CuTe's SM100_TMEM_LOAD traits say:

    | shape | lane | column |
    |---|---|---|
    | 32x32b | t | j |
    | 16x64b | 8(t%2) + t/4 | 2j + (t/2)%2 |
    | 16x128b | t/4 + 8(j%2) | t%4 + 4(j/2) |
    | 16x256b | t/4 + 8((j/2)%2) | 2(t%4) + j%2 + 8(j/4) |
    | 16x32bx2 | t%16 | j + num(t/16) |

    (lane and column from the tile's address). The registers are valid only
    after `cute_nvgpu.tcgen05_wait_ld`. A warp may access only its lane
    quarter, lanes 32 (warp % 4) .. + 31; `cute-verify-kernel` checks it
    where the warp and the lane offset are static.
    ```mlir
    #cute_nvgpu.tcgen05_ld<shape = 32x32b, num = 16>
    ```
  }];
}

def CuteNvgpu_Tcgen05StAttr : CuteNvgpu_TmemCopyAtomAttr<"Tcgen05St",
    "tcgen05_st"> {
  let summary = "copy atom: tcgen05.st, a warp's registers to its Tensor "
                "Memory tile (sm_100a)";
  let description = [{
    `tcgen05.st.sync.aligned.<shape>.x<num>.b32`, for
    `cute.copy(%regs, %tmem) {atom = #cute_nvgpu.tcgen05_st<...>}`: the
    mirror of `tcgen05_ld` with the same shapes, tile and register rules
    (CuTe's SM100_TMEM_STORE traits). The TMEM writes are complete for the
    issuing thread after `cute_nvgpu.tcgen05_wait_st`.
    ```mlir
    #cute_nvgpu.tcgen05_st<shape = 16x256b, num = 2>
    ```
  }];
}

#endif // CUTE_NVGPU_TMEM_ATTRS_TD
