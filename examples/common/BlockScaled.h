//===- BlockScaled.h - MXFP4 operands for the block-scaled GEMM drivers -*- C++
//-*-===//
//
// What every block-scaled GEMM example feeds its kernel and its CPU
// reference (cute/Atom/BlockScaledModel.h): an operand as FP4 codes (one per
// byte, row-major) and E8M0 scale codes (rows x K / 32, row-major), either
// "exact" (all 16 codes, scales 2^-1 .. 2^1: every product and f32 partial
// sum is exact for K up to 1024) or MX-quantized normal data whose rows
// have different magnitudes. The kernels receive the codes packed
// (packF4E2M1FN) and the scales in CUTLASS's layout (packScaleFactors):
// uploadMx does both; decodeMx and mxReference give the CPU side.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_EXAMPLES_BLOCKSCALED_H
#define CUTE_EXAMPLES_BLOCKSCALED_H

#include "Harness.h"

#include "cute/Atom/BlockScaledModel.h"
#include "cute/Atom/ScaleFactors.h"
#include "cute/Support/NarrowFloat.h"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
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

/// An operand as the kernels read it, on the device: FP4 packed two per
/// byte (packF4E2M1FN) and the scales in CUTLASS's layout
/// (packScaleFactors).
struct MxDeviceOperand {
  rt::DeviceBuffer data, scales;
};

inline MxDeviceOperand uploadMx(const rt::Context &ctx, const MxOperand &o,
                                int64_t rows, int64_t k,
                                const std::string &name) {
  std::vector<uint8_t> packed = packF4E2M1FN(o.codes.data(), o.codes.size());
  auto sf = need(atom::packScaleFactors(o.scales.data(), rows, k, kMxVs),
                 "SF" + name);
  return {need(rt::DeviceBuffer::fromHost(ctx, packed), name),
          need(rt::DeviceBuffer::fromHost(ctx, sf), "SF" + name)};
}

/// Elements times their scales, row-major rows x k (exact in float).
inline std::vector<float> decodeMx(const MxOperand &o, int64_t rows,
                                   int64_t k) {
  std::vector<float> v(size_t(rows * k));
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t p = 0; p < k; ++p)
      v[size_t(r * k + p)] =
          fromF4E2M1FN(o.codes[size_t(r * k + p)]) *
          fromF8E8M0FNU(o.scales[size_t(r * (k / kMxVs) + p / kMxVs)]);
  return v;
}

/// D = (A * SFA) x (B * SFB)^T by the CPU block-scaled model (f32).
inline std::vector<float> mxReference(const MxOperand &a, const MxOperand &b,
                                      int64_t m, int64_t n, int64_t k) {
  atom::BlockScaledTypes types; // E2M1 x E2M1, E8M0 per 32
  atom::BlockScaledOperands ops{a.codes.data(), b.codes.data(), a.scales.data(),
                                b.scales.data()};
  return need(atom::blockScaledGemm(types, m, n, k, ops), "CPU model");
}

/// Compares a block-scaled GEMM's result `got` (m x n, row-major) with the
/// CPU model's `want` and prints "CHECK <name> exact|random <m>x<n>x<k>
/// seed <s>: PASS|FAIL (max |d| .., N bad)" and the worst element. Exact
/// data: `same(i)` must hold for every element; otherwise
/// |d| <= 2^-20 sum_k |a_k b_k| (summation order) + relTol |want|
/// (output rounding). True when every element passes.
inline bool checkMxGemm(const std::string &name, const std::vector<float> &got,
                        const std::vector<float> &want, const MxOperand &a,
                        const MxOperand &b, int64_t m, int64_t n, int64_t k,
                        bool exact, uint64_t seed, double relTol,
                        const std::function<bool(size_t)> &same) {
  std::vector<float> va, vb;
  if (!exact) {
    va = decodeMx(a, m, k);
    vb = decodeMx(b, n, k);
  }
  size_t bad = 0, worst = 0;
  double worstD = 0;
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j) {
      size_t at = size_t(i * n + j);
      double d = std::fabs(double(got[at]) - double(want[at]));
      bool ok;
      if (exact) {
        ok = same(at);
      } else {
        double bound = 0;
        const float *ra = &va[size_t(i * k)], *rb = &vb[size_t(j * k)];
        for (int64_t p = 0; p < k; ++p)
          bound += std::fabs(double(ra[p]) * double(rb[p]));
        ok = d <= std::ldexp(bound, -20) + relTol * std::fabs(want[at]);
      }
      if (!ok)
        ++bad;
      if (!(d <= worstD)) {
        worstD = std::isnan(d) ? INFINITY : d;
        worst = at;
      }
    }
  std::printf("CHECK %s %s %lldx%lldx%lld seed %llu: %s (max |d| %.3g, %zu "
              "bad)\n",
              name.c_str(), exact ? "exact " : "random", (long long)m,
              (long long)n, (long long)k, (unsigned long long)seed,
              bad ? "FAIL" : "PASS", worstD, bad);
  if (bad)
    std::printf("  worst at (%zu, %zu): got %.9g want %.9g\n",
                worst / size_t(n), worst % size_t(n), double(got[worst]),
                double(want[worst]));
  return bad == 0;
}

} // namespace cute::ex

#endif // CUTE_EXAMPLES_BLOCKSCALED_H
