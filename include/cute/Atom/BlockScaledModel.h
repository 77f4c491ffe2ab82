//===- BlockScaledModel.h - CPU reference of block-scaled MMA ---*- C++ -*-===//
//
// What a block-scaled MMA computes, on the CPU, from the element and scale
// codes (cute/Support/NarrowFloat.h), for checking kernels and lowering:
//
//   D[m][n] = C[m][n] + sum_k (A[m][k] * SFA[m][k / VS]) *
//                             (B[n][k] * SFB[n][k / VS])
//
// A is M x K and B is N x K (both K-major, as mma.sync .row.col and the
// tcgen05 K-major operands read them), each scale covers VS consecutive
// elements of K. Elements: f4E2M1FN (kinds mxf4 / mxf4nvf4 / mxf8f6f4) and
// f6E2M3FN, f6E3M2FN, f8E4M3FN, f8E5M2 (mxf8f6f4, A and B may differ);
// scales: f8E8M0FNU (VS 32, or 16 for mxf4nvf4 scale_vec::4X) or UE4M3
// (VS 16, mxf4nvf4).
//
// Arithmetic: every product decode(a) * decode(sa) * decode(b) * decode(sb)
// is exact in double (at most 16 significant bits, magnitudes between 2^-286
// and 2^287). The accumulator is an f32 and the products are added in order of
// increasing k, starting from C: acc = rn_f32(acc + p_k), each sum rounded
// once to nearest even (overflow -> +-inf, NaN and inf propagate: a NaN
// scale or element gives NaN, inf x 0 gives NaN). The hardware's internal
// order and intermediate precision are unspecified (PTX says neither), so
// results agree with a GPU exactly only when every partial sum is exactly
// representable in f32 (e.g. small integers times powers of two); otherwise
// compare with a tolerance. A chain of per-atom calls over K, each taking
// the previous D as C, performs the same operations as one whole-GEMM call,
// so the two agree bit for bit.
//
// MLIR-free.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_ATOM_BLOCKSCALEDMODEL_H
#define CUTE_ATOM_BLOCKSCALEDMODEL_H

#include "cute/Atom/MmaAtoms.h"
#include "cute/Support/Expected.h"
#include "cute/Support/NarrowFloat.h"

#include <cstdint>
#include <vector>

namespace cute::atom {

/// The element and scale formats of one block-scaled product.
struct BlockScaledTypes {
  NarrowFloatKind a = NarrowFloatKind::F4E2M1FN;
  NarrowFloatKind b = NarrowFloatKind::F4E2M1FN;
  NarrowFloatKind scale = NarrowFloatKind::F8E8M0FNU;
  int64_t vs = 32; ///< elements of K per scale
};

/// The operands, all row-major, one code per byte (f4 and f6 unpacked):
/// a: m x k, b: n x k, sfa: m x k / vs, sfb: n x k / vs.
struct BlockScaledOperands {
  const uint8_t *a = nullptr, *b = nullptr;
  const uint8_t *sfa = nullptr, *sfb = nullptr;
};

/// Checks the formats (elements, scale kind, vs 16 or 32, UE4M3 only with
/// 16) and the shape (m, n >= 1; k a positive multiple of vs).
Status checkBlockScaled(const BlockScaledTypes &types, int64_t m, int64_t n,
                        int64_t k);

/// The whole GEMM: D (m x n, row-major) from C (m x n, row-major; null for
/// zeros). The summation order is the one described above.
Expected<std::vector<float>> blockScaledGemm(const BlockScaledTypes &types,
                                             int64_t m, int64_t n, int64_t k,
                                             const BlockScaledOperands &ops,
                                             const float *c = nullptr);

/// One sm_120a mma.sync block_scale instruction: the atom's tile (A 16 x K,
/// B 8 x K, C and D 16 x 8, K = 64 for Sm120_16x8x64_BlockScaled and 32 for
/// Sm120_16x8x32_BlockScaled, row-major) with the combinations PTX allows
/// (ISA 9.0, "Block Scaling for mma.sync", Table 36): m16n8k64
/// (kind::mxf4 / mxf4nvf4) takes f4E2M1FN x f4E2M1FN with f8E8M0FNU per 32
/// (scale_vec::2X) or per 16 (4X) or UE4M3 per 16 (4X); m16n8k32
/// (kind::mxf8f6f4) takes any two of the five element formats with
/// f8E8M0FNU per 32 (1X). `atom.sfVecSize` must equal types.vs.
Expected<std::vector<float>> blockScaledMmaAtom(const MmaAtomLayouts &atom,
                                                const BlockScaledTypes &types,
                                                const BlockScaledOperands &ops,
                                                const float *c = nullptr);

/// rn_f32(acc + p) with p exact in double: the single rounding of the exact
/// sum (the model's accumulation step).
float addRoundedToFloat(float acc, double p);

} // namespace cute::atom

#endif // CUTE_ATOM_BLOCKSCALEDMODEL_H
