//===- CuteNvgpuMmaAttrs.td - MMA atoms of NVIDIA's tensor cores -*- tablegen -*-===//
//
// One attribute per instruction family, each implementing cute's MMA-atom
// interface with CuTe's MMA_Traits layouts (cute/Atom/MmaAtoms.h) and the
// operand rules `cute.gemm` checks. Their lowering is in
// convert-cute-nvgpu-to-nvvm: one cute.gemm pattern asks the atom's
// MmaLoweringAttrInterface (CuteNvgpuInterfaces.td), whose models are one
// file per family in lib/Conversion/CuteNvgpuToNVVM.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_NVGPU_MMA_ATTRS_TD
#define CUTE_NVGPU_MMA_ATTRS_TD

include "cute/Dialect/CuteNvgpu/IR/CuteNvgpuDialect.td"
include "cute/Dialect/Cute/IR/CuteInterfaces.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"

// An atom's integer written as a number or as the name of an integer
// instance parameter (`n = BN`, see CuteParams.h).
def CuteNvgpu_Int
    : AttrParameter<"int64_t", "an integer or an instance parameter's name"> {
  let parser = "::mlir::cute::parseIntOrParam($_parser)";
}

// The same, optional: left out, the atom infers it (CuteNvgpuAtomParams.h).
def CuteNvgpu_OptInt : OptionalParameter<"std::optional<int64_t>",
    "an integer or an instance parameter's name; left out: inferred"> {
  let parser = "::mlir::cute_nvgpu::parseOptionalAtomInt($_parser)";
  let printer = "$_printer << *$_self";
}

def CuteNvgpu_MmaMajor : I32EnumAttr<"MmaMajor",
    "which mode of a shared-memory operand is contiguous", [
    I32EnumAttrCase<"k", 0>, I32EnumAttrCase<"mn", 1>]> {
  let cppNamespace = "::mlir::cute_nvgpu";
  let genSpecializedAttr = 0;
}

def CuteNvgpu_UmmaKind : I32EnumAttr<"UmmaKind", "tcgen05.mma kind", [
    I32EnumAttrCase<"f16", 0>, I32EnumAttrCase<"tf32", 1>,
    I32EnumAttrCase<"f8f6f4", 2>]> {
  let cppNamespace = "::mlir::cute_nvgpu";
  let genSpecializedAttr = 0;
}

// tcgen05_mma's kind, optional: left out, A and B's types give it.
def CuteNvgpu_OptUmmaKind
    : OptionalParameter<"std::optional<::mlir::cute_nvgpu::UmmaKind>",
        "a tcgen05.mma kind; left out: the one A and B take"> {
  let parser = "::mlir::cute_nvgpu::parseOptionalUmmaKind($_parser)";
  let printer = "$_printer << ::mlir::cute_nvgpu::stringifyUmmaKind(*$_self)";
}

def CuteNvgpu_BlockScaleKind : I32EnumAttr<"BlockScaleKind",
    "block-scaled MMA kind", [
    I32EnumAttrCase<"mxf8f6f4", 0>, I32EnumAttrCase<"mxf4", 1>,
    I32EnumAttrCase<"mxf4nvf4", 2>]> {
  let cppNamespace = "::mlir::cute_nvgpu";
  let genSpecializedAttr = 0;
}

def CuteNvgpu_OperandSource : I32EnumAttr<"OperandSource",
    "where an MMA reads A (tcgen05.mma: smem or tmem; wgmma: smem or rmem)", [
    I32EnumAttrCase<"smem", 0>, I32EnumAttrCase<"tmem", 1>,
    I32EnumAttrCase<"rmem", 2>]> {
  let cppNamespace = "::mlir::cute_nvgpu";
  let genSpecializedAttr = 0;
}

class CuteNvgpu_MmaAtomAttr<string name, string mnemonicStr>
    : AttrDef<CuteNvgpu_Dialect, name,
        [DeclareAttrInterfaceMethods<Cute_MmaAtomAttrInterface,
          ["getLayoutSFA", "getLayoutSFB", "getScaleVecSize",
           "verifyGemmScales", "acceptsAccumulateFlag"]>]> {
  let mnemonic = mnemonicStr;
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
}

def CuteNvgpu_MmaSyncAttr : CuteNvgpu_MmaAtomAttr<"MmaSync", "mma_sync"> {
  let summary = "warp-level mma.sync: f16/bf16 -> f32, s8/u8 -> s32 (sm_80+), "
                "f8f6f4 -> f32 (sm_120a)";
  let description = [{
    One warp, A (M x K) and B (N x K) from registers, C in registers:
    - `mma.sync.aligned.m16n8k{8,16}.row.col.f32.{f16,bf16}.{f16,bf16}.f32`
      (CuTe's SM80_16x8x{8,16}_F32{F16,BF16}{F16,BF16}F32_TN), on sm_90a,
      sm_100a and sm_120a;
    - `m16n8k32.row.col.s32.{s8,u8}.{s8,u8}.s32` with `a`/`b` = `si8` or
      `ui8` and `c = i32` (CuTe's SM80_16x8x32_S32{S8,U8}{S8,U8}S32_TN: no
      `.satfinite`, the accumulators wrap); the register fragments hold
      signless `i8`, the atom's types give the sign; all three chips;
    - `m16n8k32.row.col.kind::f8f6f4.f32.<a>.<b>.f32` with `a`, `b` each
      f8E4M3FN, f8E5M2 or f4E2M1FN and `c = f32` (CuTe's SM120_16x8x32_TN,
      the same layouts as the s8 atom, one 8-bit container per value); on
      sm_120a only (`cute-verify-kernel` checks the chip).
    ```mlir
    #cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32>
    #cute_nvgpu.mma_sync<m = 16, n = 8, k = 32, a = si8, b = ui8, c = i32>
    #cute_nvgpu.mma_sync<m = 16, n = 8, k = 32, a = f8E4M3FN, b = f4E2M1FN, c = f32>
    ```
  }];
  let parameters = (ins CuteNvgpu_Int:$m, CuteNvgpu_Int:$n, CuteNvgpu_Int:$k,
                        "::mlir::Type":$a, "::mlir::Type":$b,
                        "::mlir::Type":$c);
}

def CuteNvgpu_WgmmaAttr : CuteNvgpu_MmaAtomAttr<"Wgmma", "wgmma"> {
  let summary = "sm_90a warpgroup wgmma.mma_async, A from shared memory or "
                "registers, B from shared memory";
  let description = [{
    `wgmma.mma_async.sync.aligned.m64nNkK` with B read through a
    shared-memory descriptor: a warpgroup of 128 threads, M = 64, N a
    multiple of 8 in [8, 256], K = 16 for f16/bf16, 32 for
    f8E4M3FN/f8E5M2 and 8 for tf32 (CuTe's SM90_64xNx8_F32TF32TF32_SS_TN:
    the tiles are f32 tensors read as tf32), f32 accumulators in registers
    (N/2 per thread). A `k`-major operand is contiguous along K;
    `mn`-major (transposed) is allowed for 16-bit types only. The descriptors are derived from the
    operands' shared-memory layouts when `cute.gemm` is lowered. Issue
    `cute_nvgpu.wgmma_fence` before the first wgmma that reads registers
    written since, `cute_nvgpu.wgmma_commit_group` after a batch and
    `cute_nvgpu.wgmma_wait_group` before reading the accumulators.

    `a_src` (default `smem`, the SS form) says where A is: `rmem` is the
    register-A ("RS") form, CuTe's SM90_64xNxK_*_RS: A is an rmem fragment
    holding K/2 values per thread in CuTe's GMMA::ALayout_64x16 (16-bit) or
    ALayout_64x32 (8-bit) order, K-major only (the instruction has no
    transpose for a register A), e.g. the result of
    `cute_nvgpu.accumulator_to_operand`. NVVM has no op for this form; it
    lowers to one inline-PTX pattern.
    ```mlir
    #cute_nvgpu.wgmma<m = 64, n = 128, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k>
    #cute_nvgpu.wgmma<m = 64, n = 64, k = 8, a = tf32, b = tf32, c = f32, a_major = k, b_major = k>
    #cute_nvgpu.wgmma<m = 64, n = 64, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = mn, a_src = rmem>
    ```
  }];
  let parameters = (ins CuteNvgpu_Int:$m, CuteNvgpu_Int:$n, CuteNvgpu_Int:$k,
                        "::mlir::Type":$a, "::mlir::Type":$b,
                        "::mlir::Type":$c,
                        "::mlir::cute_nvgpu::MmaMajor":$a_major,
                        "::mlir::cute_nvgpu::MmaMajor":$b_major,
                        DefaultValuedParameter<
                            "::mlir::cute_nvgpu::OperandSource",
                            "::mlir::cute_nvgpu::OperandSource::smem">:$a_src);
}

def CuteNvgpu_Tcgen05MmaAttr : CuteNvgpu_MmaAtomAttr<"Tcgen05Mma",
    "tcgen05_mma"> {
  let summary = "sm_100a tcgen05.mma (UMMA), accumulators in Tensor Memory";
  let description = [{
    `tcgen05.mma.cta_group::{1,2}.kind::{f16,tf32,f8f6f4}`: issued by one
    thread for the CTA (or the even CTA of a pair), B from a shared-memory
    descriptor, A from shared memory or Tensor Memory, D in Tensor Memory
    (CuTe's SM100_MMA_*_SS/_TS and _2x1SM_ traits). M is 64 or 128 on one
    CTA, 128 or 256 on two; K = 256 bits of the A type. Completion is
    signalled with `tcgen05.commit` to an mbarrier.

    `kind` and `k` may be left out: the kind is the one A and B's types
    take (f16 for f16/bf16, tf32 for tf32/f32, f8f6f4 for 8-, 6- and 4-bit
    floats) and K is 256 bits of A (16, 8 or 32). So `a = !T, b = !T` with
    a type parameter gives one atom for bf16 and e4m3 instances. Written,
    they must be those values.
    ```mlir
    #cute_nvgpu.tcgen05_mma<kind = f16, m = 128, n = 256, k = 16, a = bf16, b = bf16, c = f32, cta_group = 1, a_src = smem, a_major = k, b_major = k>
    #cute_nvgpu.tcgen05_mma<m = 128, n = 256, a = f8E4M3FN, b = f8E4M3FN, c = f32, cta_group = 1, a_src = smem, a_major = k, b_major = k>
    ```
  }];
  let parameters = (ins CuteNvgpu_OptUmmaKind:$kind,
                        CuteNvgpu_Int:$m, CuteNvgpu_Int:$n, CuteNvgpu_OptInt:$k,
                        "::mlir::Type":$a, "::mlir::Type":$b,
                        "::mlir::Type":$c, CuteNvgpu_Int:$cta_group,
                        "::mlir::cute_nvgpu::OperandSource":$a_src,
                        "::mlir::cute_nvgpu::MmaMajor":$a_major,
                        "::mlir::cute_nvgpu::MmaMajor":$b_major);
  let extraClassDeclaration = [{
    /// `kind`, or the one A and B take when it is left out.
    ::mlir::cute_nvgpu::UmmaKind getMmaKind() const;
    /// `k`, or 256 bits of A when it is left out.
    int64_t getMmaK() const;
  }];
}

def CuteNvgpu_Tcgen05MmaBlockScaleAttr : CuteNvgpu_MmaAtomAttr<
    "Tcgen05MmaBlockScale", "tcgen05_mma_block_scale"> {
  let summary = "sm_100a tcgen05.mma.block_scale (MX / NVFP4)";
  let description = [{
    `tcgen05.mma.cta_group::{1,2}.kind::{mxf8f6f4,mxf4,mxf4nvf4}.block_scale`:
    as `tcgen05_mma` with A and B from shared memory (K-major), plus one
    scale factor per `vs` elements of K for each row of A and of B, read
    from Tensor Memory (copied there with tcgen05.cp). `sf` is f8E8M0FNU
    (MX, vs = 32) or, for mxf4nvf4, f8E4M3FN standing for UE4M3 (vs = 16).
    K = 64 for mxf4/mxf4nvf4 and 32 for mxf8f6f4.
    ```mlir
    #cute_nvgpu.tcgen05_mma_block_scale<kind = mxf4nvf4, m = 128, n = 256, k = 64, a = f4E2M1FN, b = f4E2M1FN, sf = f8E8M0FNU, vs = 32, cta_group = 1>
    ```
  }];
  let parameters = (ins "::mlir::cute_nvgpu::BlockScaleKind":$kind,
                        CuteNvgpu_Int:$m, CuteNvgpu_Int:$n, CuteNvgpu_Int:$k,
                        "::mlir::Type":$a, "::mlir::Type":$b,
                        "::mlir::Type":$sf, "int64_t":$vs,
                        CuteNvgpu_Int:$cta_group);
}

def CuteNvgpu_MmaBlockScaleAttr : CuteNvgpu_MmaAtomAttr<"MmaBlockScale",
    "mma_block_scale"> {
  let summary = "sm_120a warp-level block-scaled mma.sync";
  let description = [{
    `mma.sync.aligned.m16n8k64.row.col.kind::mxf4nvf4.block_scale` with
    `scale_vec::2X` (f8E8M0FNU scales, vs = 32) or `scale_vec::4X` (UE4M3
    written f8E4M3FN, vs = 16) on f4E2M1FN, or `m16n8k32 kind::mxf8f6f4`
    (`scale_vec::1X`, f8E8M0FNU, vs = 32) on 8/6/4-bit types (CuTe's
    SM120_16x8x{64,32}_TN_VS traits). A, B, C and the scale registers are
    per-thread register fragments; C is f32.
    ```mlir
    #cute_nvgpu.mma_block_scale<m = 16, n = 8, k = 64, a = f4E2M1FN, b = f4E2M1FN, c = f32, sf = f8E8M0FNU, vs = 32>
    ```
  }];
  let parameters = (ins CuteNvgpu_Int:$m, CuteNvgpu_Int:$n, CuteNvgpu_Int:$k,
                        "::mlir::Type":$a, "::mlir::Type":$b,
                        "::mlir::Type":$c, "::mlir::Type":$sf,
                        "int64_t":$vs);
}

#endif // CUTE_NVGPU_MMA_ATTRS_TD
