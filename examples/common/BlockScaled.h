//===- BlockScaled.h - MXFP4 operands for the block-scaled GEMM drivers -*- C++
//-*-===//
//
// What every block-scaled GEMM example feeds its kernel and its CPU
// reference (cute/Atom/BlockScaledModel.h): an operand as FP4 codes (one per
// byte, row-major) and E8M0 scale codes (rows x K / 32, row-major), either
// "exact" (all 16 codes, scales 2^-1 .. 2^1: every product and f32 partial
// sum is exact for K up to 1024) or MX-quantized normal data whose rows
// have different magnitudes. The kernels receive the codes packed
// (packF4E2M1FN) and the scales in CUTLASS's layout (packScaleFactors).
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_EXAMPLES_BLOCKSCALED_H
#define CUTE_EXAMPLES_BLOCKSCALED_H

#include "cute/Support/NarrowFloat.h"

#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

namespace cute::ex {

constexpr int64_t kMxVs = 32; ///< elements of K per E8M0 scale

struct MxOperand {
  std::vector<uint8_t> codes, scales;
};

inline MxOperand exactMxOperand(int64_t rows, int64_t k, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<int> code(0, 15), scale(126, 128);
  MxOperand o;
  o.codes.resize(size_t(rows * k));
  o.scales.resize(size_t(rows * k / kMxVs));
  for (auto &c : o.codes)
    c = uint8_t(code(rng));
  for (auto &s : o.scales)
    s = uint8_t(scale(rng));
  return o;
}

/// Normal data, row r scaled by 2^u (u uniform in [-logMag, logMag]),
/// MX-quantized (quantizeMx: each block's scale from its maximum).
inline MxOperand randomMxOperand(int64_t rows, int64_t k, uint64_t seed,
                                 float logMag) {
  std::mt19937_64 rng(seed);
  std::normal_distribution<float> d(0.f, 1.f);
  std::uniform_real_distribution<float> mag(-logMag, logMag);
  std::vector<float> x(size_t(rows * k));
  for (int64_t r = 0; r < rows; ++r) {
    float rowScale = std::exp2(mag(rng));
    for (int64_t c = 0; c < k; ++c)
      x[size_t(r * k + c)] = d(rng) * rowScale;
  }
  MxQuantized q =
      quantizeMx(x.data(), x.size(), NarrowFloatKind::F4E2M1FN, size_t(kMxVs));
  return {unpackF4E2M1FN(q.data.data(), q.count), q.scales};
}

} // namespace cute::ex

#endif // CUTE_EXAMPLES_BLOCKSCALED_H
