//===- MmaAtoms.h - What each MMA instruction means, as layouts -*- C++ -*-===//
//
// CuTe's MMA_Traits for the tensor-core instructions the compiler targets:
// the shape (M, N, K) of one instruction, the layout of the threads taking
// part (ThrID) and, for A, B and C, the thread-value layout mapping
// (thread, value) to the column-major index of the (M, K), (N, K) or (M, N)
// tile; block-scaled atoms add the scale-factor layouts (SFA over (M, K),
// SFB over (N, K)) and the scale-vector size. The layouts are CuTe's
// (include/cute/atom/mma_traits_sm80.hpp, mma_traits_sm90_gmma.hpp,
// mma_traits_sm120.hpp of NVIDIA/cutlass 7107b05); the unit tests check them
// against CuTe's printed values and, independently, against the fragment
// tables of the PTX ISA. MLIR-free.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_ATOM_MMAATOMS_H
#define CUTE_ATOM_MMAATOMS_H

#include "cute/Layout/Layout.h"
#include "cute/Support/Expected.h"

#include <optional>
#include <string>

namespace cute::atom {

enum class MmaAtomKind {
  /// sm_80+ mma.sync.m16n8k8 f16/bf16 -> f32 (A row, B col).
  Sm80_16x8x8,
  /// sm_80+ mma.sync.m16n8k16 f16/bf16 -> f32 (A row, B col).
  Sm80_16x8x16,
  /// sm_80+ mma.sync.m16n8k32 s8/u8 -> s32 (CuTe's
  /// SM80_16x8x32_S32S8S8S32_TN and its S8U8/U8S8/U8U8 siblings).
  Sm80_16x8x32_S8,
  /// sm_90a wgmma.mma_async m64nNk16 f16/bf16, A and B from shared memory.
  Sm90_64xNx16_SS,
  /// sm_90a wgmma.mma_async m64nNk32 e4m3/e5m2, A and B from shared memory.
  Sm90_64xNx32_SS,
  /// sm_90a wgmma.mma_async m64nNk8 tf32, A and B from shared memory,
  /// K-major only (CuTe's SM90_64xNx8_F32TF32TF32_SS_TN).
  Sm90_64xNx8_SS,
  /// sm_90a wgmma.mma_async m64nNk16 f16/bf16, A from registers ("RS"),
  /// B from shared memory.
  Sm90_64xNx16_RS,
  /// sm_90a wgmma.mma_async m64nNk32 e4m3/e5m2, A from registers, B from
  /// shared memory (K-major only).
  Sm90_64xNx32_RS,
  /// sm_120a mma.sync.m16n8k64 block_scale kind::mxf4nvf4 (e2m1),
  /// scale_vec 2X (ue8m0, per 32) or 4X (ue4m3, per 16).
  Sm120_16x8x64_BlockScaled,
  /// sm_120a mma.sync.m16n8k32 block_scale kind::mxf8f6f4 (scale per 32).
  Sm120_16x8x32_BlockScaled,
  /// sm_120a mma.sync.m16n8k32 kind::f8f6f4 without scales (CuTe's
  /// SM120_16x8x32_TN: the layouts of SM80_16x8x32_S32S8S8S32_TN, one
  /// 8-bit container per value).
  Sm120_16x8x32_F8F6F4,
};

struct MmaAtomLayouts {
  std::string name; ///< CuTe's name of the operation
  int64_t m = 0, n = 0, k = 0;
  layout::Layout thr; ///< ThrID
  layout::Layout a, b, c;
  std::optional<layout::Layout> sfa, sfb; ///< block-scaled atoms only
  int sfVecSize = 0;                      ///< elements of K per scale
};

/// The layouts of `kind`. `n` is the wgmma N (a multiple of 8 in [8, 256]);
/// `sfVecSize` the block-scaled scale vector (16 or 32 for m16n8k64, 32 for
/// m16n8k32). Errors name the parameter and the allowed values.
Expected<MmaAtomLayouts> mmaAtomLayouts(MmaAtomKind kind, int64_t n = 0,
                                        int sfVecSize = 0);

/// The layouts of an sm_100a tcgen05.mma (UMMA) atom of M x N x K on
/// `ctaGroup` CTAs (CuTe's SM100_MMA_*_SS / _2x1SM_SS traits, also their
/// block-scaled kinds): one "thread" per CTA, each holding a column-major
/// block of A (M/ctaGroup rows), B (N/ctaGroup rows) and C (M/ctaGroup
/// rows). M is 64 or 128 on one CTA, 128 or 256 on two; N a multiple of 8
/// in [8, 256] on one CTA, of 16 in [16, 256] on two (CUTLASS's
/// SM100_MMA_*_SS bounds; A from TMEM with M = 128 needs N % 16 too, which
/// the dialect checks).
Expected<MmaAtomLayouts> ummaAtomLayouts(int64_t m, int64_t n, int64_t k,
                                         int ctaGroup);

} // namespace cute::atom

#endif // CUTE_ATOM_MMAATOMS_H
