//===- BlockScaledModel.cpp - CPU reference of block-scaled MMA -----------===//
#include "cute/Atom/BlockScaledModel.h"

#include "AtomDetail.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

namespace cute::atom {

namespace {

bool isElement(NarrowFloatKind k) {
  return k == NarrowFloatKind::F4E2M1FN || k == NarrowFloatKind::F6E2M3FN ||
         k == NarrowFloatKind::F6E3M2FN || k == NarrowFloatKind::F8E4M3FN ||
         k == NarrowFloatKind::F8E5M2;
}

std::string name(NarrowFloatKind k) { return narrowFloatFormat(k).name; }

Status checkElement(const char *operand, NarrowFloatKind k) {
  if (isElement(k))
    return okStatus();
  return detail::invalid(std::string(operand) + " element format " + name(k) +
                         " is not a block-scaled element format (f4E2M1FN, "
                         "f6E2M3FN, f6E3M2FN, f8E4M3FN, f8E5M2)");
}

/// decode(code) * decode(scale) of every element of a rows x k operand,
/// exact in double (at most 8 significant bits).
std::vector<double> scaledValues(NarrowFloatKind elem, NarrowFloatKind scale,
                                 int64_t vs, int64_t rows, int64_t k,
                                 const uint8_t *codes, const uint8_t *scales) {
  std::vector<double> out(size_t(rows * k));
  int64_t blocks = k / vs;
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t j = 0; j < k; ++j)
      out[size_t(r * k + j)] =
          decodeNarrowFloatDouble(elem, codes[r * k + j]) *
          decodeNarrowFloatDouble(scale, scales[r * blocks + j / vs]);
  return out;
}

} // namespace

float addRoundedToFloat(float acc, double p) {
  double a = acc, s = a + p;
  if (!std::isfinite(s))
    return float(s);
  // TwoSum: s + err is the exact sum. s is within half a double ulp of it,
  // so it rounds to the same float unless s is itself a float midpoint (a
  // tie the exact sum does not have): then step s towards the exact sum.
  double bb = s - a, err = (a - (s - bb)) + (p - bb);
  if (err != 0.0) {
    int ulp = std::max(std::ilogb(s), -126) - 23; // float ulp exponent at s
    double t = std::ldexp(s, -ulp);
    if (t - std::floor(t) == 0.5)
      s = std::nextafter(s, err > 0 ? std::numeric_limits<double>::infinity()
                                    : -std::numeric_limits<double>::infinity());
  }
  return float(s);
}

Status checkBlockScaled(const BlockScaledTypes &t, int64_t m, int64_t n,
                        int64_t k) {
  CUTE_TRY(checkElement("A", t.a));
  CUTE_TRY(checkElement("B", t.b));
  if (t.scale != NarrowFloatKind::F8E8M0FNU &&
      t.scale != NarrowFloatKind::UE4M3)
    return detail::invalid("scale format " + name(t.scale) +
                           " is not a block-scale format (f8E8M0FNU, ue4m3)");
  if (t.vs != 16 && t.vs != 32)
    return detail::invalid("scale vector of " + std::to_string(t.vs) +
                           " elements; block-scaled MMA uses 16 or 32");
  if (t.scale == NarrowFloatKind::UE4M3 && t.vs != 16)
    return detail::invalid("ue4m3 scales cover 16 elements (NVFP4), not " +
                           std::to_string(t.vs));
  if (m < 1 || n < 1 || k < 1)
    return detail::invalid("empty GEMM (M = " + std::to_string(m) +
                           ", N = " + std::to_string(n) +
                           ", K = " + std::to_string(k) + ")");
  if (k % t.vs)
    return detail::invalid("K = " + std::to_string(k) +
                           " is not a multiple of the scale vector (" +
                           std::to_string(t.vs) + ")");
  return okStatus();
}

Expected<std::vector<float>> blockScaledGemm(const BlockScaledTypes &t,
                                             int64_t m, int64_t n, int64_t k,
                                             const BlockScaledOperands &ops,
                                             const float *c) {
  CUTE_TRY(checkBlockScaled(t, m, n, k));
  if (!ops.a || !ops.b || !ops.sfa || !ops.sfb)
    return detail::invalid("block-scaled GEMM without A, B, SFA or SFB data");
  std::vector<double> a =
      scaledValues(t.a, t.scale, t.vs, m, k, ops.a, ops.sfa);
  std::vector<double> b =
      scaledValues(t.b, t.scale, t.vs, n, k, ops.b, ops.sfb);
  std::vector<float> d(size_t(m * n));
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j) {
      float acc = c ? c[i * n + j] : 0.0f;
      const double *ar = &a[size_t(i * k)], *br = &b[size_t(j * k)];
      for (int64_t kk = 0; kk < k; ++kk)
        acc = addRoundedToFloat(acc, ar[kk] * br[kk]); // the product is exact
      d[size_t(i * n + j)] = acc;
    }
  return d;
}

Expected<std::vector<float>> blockScaledMmaAtom(const MmaAtomLayouts &atom,
                                                const BlockScaledTypes &t,
                                                const BlockScaledOperands &ops,
                                                const float *c) {
  if (!atom.sfa || !atom.sfb || atom.m != 16 || atom.n != 8 ||
      (atom.k != 64 && atom.k != 32))
    return detail::invalid(atom.name + " is not an sm_120a block-scaled "
                                       "mma.sync atom (m16n8k64 or m16n8k32)");
  if (atom.sfVecSize != t.vs)
    return detail::invalid(
        atom.name + " has a scale vector of " + std::to_string(atom.sfVecSize) +
        " elements; the operands have " + std::to_string(t.vs));
  if (atom.k == 64) {
    if (t.a != NarrowFloatKind::F4E2M1FN || t.b != NarrowFloatKind::F4E2M1FN)
      return detail::invalid("m16n8k64 block_scale (kind::mxf4, mxf4nvf4) "
                             "multiplies f4E2M1FN only, not " +
                             name(t.a) + " x " + name(t.b));
  } else if (t.scale != NarrowFloatKind::F8E8M0FNU) {
    return detail::invalid("m16n8k32 block_scale (kind::mxf8f6f4) takes "
                           "f8E8M0FNU scales, not " +
                           name(t.scale));
  }
  return blockScaledGemm(t, atom.m, atom.n, atom.k, ops, c);
}

} // namespace cute::atom
