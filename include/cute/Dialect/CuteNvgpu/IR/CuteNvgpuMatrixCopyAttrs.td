//===- CuteNvgpuMatrixCopyAttrs.td - ldmatrix/stmatrix atoms -*- tablegen -*-===//
//
// The warp-wide 8x8 matrix copies between shared memory and registers as
// copy atoms of cute's interface, with CuTe's SM75_*_LDSM_* and
// SM90_*_STSM_* meaning (cute/Atom/Sm75MatrixCopy.h). `cute.copy` checks
// its operands with them; the lowering is in convert-cute-nvgpu-to-nvvm
// (MatrixCopyToNVVM.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_NVGPU_MATRIX_COPY_ATTRS_TD
#define CUTE_NVGPU_MATRIX_COPY_ATTRS_TD

include "cute/Dialect/CuteNvgpu/IR/CuteNvgpuDialect.td"
include "cute/Dialect/Cute/IR/CuteInterfaces.td"
include "mlir/IR/AttrTypeBase.td"

class CuteNvgpu_MatrixCopyAtomAttr<string name, string mnemonicStr>
    : AttrDef<CuteNvgpu_Dialect, name,
        [DeclareAttrInterfaceMethods<Cute_CopyAtomAttrInterface,
                                     ["getCopyTraits"]>]> {
  let mnemonic = mnemonicStr;
  let parameters = (ins "int64_t":$num,
                        DefaultValuedParameter<"bool", "false">:$trans);
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The MLIR-free variant (cute/Atom/Sm75MatrixCopy.h).
    ::cute::atom::MatrixCopy getMatrixCopy() const;
  }];
}

def CuteNvgpu_LdmatrixAttr : CuteNvgpu_MatrixCopyAtomAttr<"Ldmatrix",
    "ldmatrix"> {
  let summary = "copy atom: ldmatrix, 8x8 matrices of 16-bit elements from "
                "shared memory to a warp's registers (sm_75+)";
  let description = [{
    `ldmatrix.sync.aligned.m8n8.x<num>[.trans].shared.b16`, for
    `cute.copy(%smem, %regs) {atom = #cute_nvgpu.ldmatrix<num = 4>}`, CuTe's
    SM75_U32x{1,2,4}_LDSM_N and (`trans = true`) SM75_U16x{2,4,8}_LDSM_T.
    The 32 threads of a warp execute it together. One instruction moves
    `num` (1, 2, 4) matrices of 8 rows x 8 16-bit elements: thread 8j + r
    (r < 8) gives the address of row r of matrix j, 16 contiguous bytes,
    16-byte aligned; register j of lane l receives elements (row l/4,
    columns 2(l%4), 2(l%4)+1) of matrix j (low half first), with `trans`
    (rows 2(l%4), 2(l%4)+1, column l/4).

    `%smem` and `%regs` are a thread's parts from `cute.copy_partition`
    (`"S"` of the smem tile) and `cute.copy_retile` (of the register
    fragment) of one `#cute.tiled_copy` with this atom. Instruction i takes
    `%smem`'s elements 8i .. 8i+7 (in its layout order: one 16-byte row,
    contiguous in the layout, starting on a multiple of 8 elements, with a
    16-byte aligned tensor and a swizzle that keeps 16-byte chunks whole)
    and `%regs`'s elements 2 num i .. 2 num (i+1) - 1 (register j holds
    elements 2j and 2j+1 of the group). Elements are 16-bit with `trans`;
    without it any 8-, 16- or 32-bit type (the registers are copied as
    bits). `%smem` has a static layout, `%regs` is a static fragment.
    ```mlir
    #cute_nvgpu.ldmatrix<num = 4, trans = true>
    ```
  }];
}

def CuteNvgpu_StmatrixAttr : CuteNvgpu_MatrixCopyAtomAttr<"Stmatrix",
    "stmatrix"> {
  let summary = "copy atom: stmatrix, a warp's registers to 8x8 matrices of "
                "16-bit elements in shared memory (sm_90+)";
  let description = [{
    `stmatrix.sync.aligned.m8n8.x<num>[.trans].shared.b16`, for
    `cute.copy(%regs, %smem) {atom = #cute_nvgpu.stmatrix<num = 4>}`, CuTe's
    SM90_U32x{1,2,4}_STSM_N and (`trans = true`) SM90_U16x{2,4,8}_STSM_T:
    the mirror of `ldmatrix` with the same thread-to-element mapping and
    operand rules (`%regs` from `cute.copy_retile`, `%smem` from
    `cute.copy_partition "D"`). An epilogue stores an MMA accumulator this
    way after converting it to 16 bits: `#cute.tiled_copy<stmatrix, "C" of
    #mma>` tiles the atom over the accumulator's C layout.
    ```mlir
    #cute_nvgpu.stmatrix<num = 4>
    ```
  }];
}

#endif // CUTE_NVGPU_MATRIX_COPY_ATTRS_TD
