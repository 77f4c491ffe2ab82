//===- Approx.cpp - .approx floating-point functions as on sm_90a ---------===//
//
// See Approx.h for the structure (ptxas wrapper + MUFU core) and
// bench/results/2026-12-02-h200-emu-probes/README.md for the measurements.
//
//===----------------------------------------------------------------------===//
#include "Approx.h"

#include <cmath>
#include <cstring>

namespace cute::emu {
namespace {

constexpr uint32_t kNaN32 = 0x7fffffffu; // the NaN every MUFU/FMUL returns

CUTE_EMU_HD float asF(uint32_t b) {
  float f;
  std::memcpy(&f, &b, 4);
  return f;
}
CUTE_EMU_HD uint32_t asU(float f) {
  uint32_t b;
  std::memcpy(&b, &f, 4);
  return b;
}
CUTE_EMU_HD bool isNaN32(uint32_t b) { return (b & 0x7fffffffu) > 0x7f800000u; }
CUTE_EMU_HD bool isSub32(uint32_t b) {
  return (b & 0x7f800000u) == 0 && (b & 0x7fffffu) != 0;
}
/// Subnormal -> zero of the same sign (the MUFU's input and output flush).
CUTE_EMU_HD uint32_t flush32(uint32_t b) {
  return isSub32(b) ? (b & 0x80000000u) : b;
}
CUTE_EMU_HD bool neg32(uint32_t b) { return (b & 0x80000000u) != 0; }
CUTE_EMU_HD bool zero32(uint32_t b) { return (b & 0x7fffffffu) == 0; }

/// Correctly rounded (to nearest even) double -> f32, then flushed.
CUTE_EMU_HD uint32_t roundFlush(double r) {
  if (r != r)
    return kNaN32;
  return flush32(asU(static_cast<float>(r)));
}

/// Double -> f32 rounded toward zero, then flushed.
CUTE_EMU_HD uint32_t truncFlush(double r) {
  if (r != r)
    return kNaN32;
  float f = static_cast<float>(r);
  if (std::isfinite(r) && std::fabs(static_cast<double>(f)) > std::fabs(r))
    f = asF(asU(f) - 1); // one step toward zero
  return flush32(asU(f));
}

/// x * y rounded toward zero in f32 (subnormals kept): FMUL.RZ.
CUTE_EMU_HD float mulRz(float x, float y) {
  double p = static_cast<double>(x) * y; // exact: 24 x 24 bits
  float f = static_cast<float>(p);
  if (std::isfinite(f) && std::fabs(static_cast<double>(f)) > std::fabs(p))
    f = asF(asU(f) - 1); // one step toward zero
  return f;
}

/// sin(2 pi a) and cos(2 pi a) for an f32 a >= 0 (in turns), reduced exactly
/// to an eighth of a turn, so that quarter turns give exact 0 and +-1.
CUTE_EMU_HD double sinTurnsPos(double a) {
  double f = a - std::floor(a); // exact for f32 a
  double s = 1;
  if (f >= 0.5) { // sin(2pi f) = -sin(2pi (f - 1/2)): 1/2 gives -0
    f -= 0.5;
    s = -1;
  }
  if (f > 0.25)
    f = 0.5 - f;
  return s * std::sin(6.283185307179586 * f);
}
/// cos(2 pi a) = sin(2 pi (a + 1/4)) with sin's signs of zero: measured,
/// a quarter turn gives -0 and three quarters +0.
CUTE_EMU_HD double cosTurnsPos(double a) {
  double f = a - std::floor(a) + 0.25; // exact unless f is below 2^-29
  return sinTurnsPos(f >= 1 ? f - 1 : f);
}

// ---------------------------------------------------------------- MUFU cores
// Inputs and outputs flushed; special values as IEEE-754 would give for the
// exact function; NaN results are 0x7fffffff.
CUTE_EMU_HD uint32_t mufuEx2(uint32_t x) {
  x = flush32(x);
  if (isNaN32(x))
    return kNaN32;
  return roundFlush(std::exp2(static_cast<double>(asF(x))));
}
CUTE_EMU_HD uint32_t mufuRcp(uint32_t x) {
  x = flush32(x);
  if (isNaN32(x))
    return kNaN32;
  return roundFlush(1.0 / static_cast<double>(asF(x)));
}
CUTE_EMU_HD uint32_t mufuRsq(uint32_t x) {
  x = flush32(x);
  if (isNaN32(x) || (neg32(x) && !zero32(x)))
    return kNaN32;
  if (zero32(x))
    return (x & 0x80000000u) | 0x7f800000u;
  return roundFlush(1.0 / std::sqrt(static_cast<double>(asF(x))));
}
CUTE_EMU_HD uint32_t mufuSqrt(uint32_t x) {
  x = flush32(x);
  if (isNaN32(x) || (neg32(x) && !zero32(x)))
    return kNaN32;
  if (zero32(x))
    return x;
  return roundFlush(std::sqrt(static_cast<double>(asF(x))));
}
CUTE_EMU_HD uint32_t mufuLg2(uint32_t x) {
  x = flush32(x);
  if (isNaN32(x) || (neg32(x) && !zero32(x)))
    return kNaN32;
  if (zero32(x))
    return 0xff800000u;
  // Truncation fits MUFU.LG2 far better than rounding (measured over all
  // inputs: 98.26% bit-exact against 74.97%).
  return truncFlush(std::log2(static_cast<double>(asF(x))));
}
// MUFU.SIN/COS take the angle in turns. Measured: sin is odd and cos even
// in t; |t| < 2^-25 gives sin = +-0; sin at half turns is -0.
CUTE_EMU_HD uint32_t mufuSin(uint32_t t) {
  t = flush32(t);
  if (isNaN32(t) || (t & 0x7fffffffu) == 0x7f800000u)
    return kNaN32;
  uint32_t sign = t & 0x80000000u;
  float a = asF(t & 0x7fffffffu);
  if (a < 0x1p-25f)
    return sign;
  return roundFlush(sinTurnsPos(a)) ^ sign;
}
CUTE_EMU_HD uint32_t mufuCos(uint32_t t) {
  t = flush32(t);
  if (isNaN32(t) || (t & 0x7fffffffu) == 0x7f800000u)
    return kNaN32;
  return roundFlush(cosTurnsPos(asF(t & 0x7fffffffu)));
}
// MUFU.TANH keeps subnormal inputs (tanh(x) = x there), measured.
CUTE_EMU_HD uint32_t mufuTanh(uint32_t x) {
  if (isNaN32(x))
    return kNaN32;
  if (zero32(x) || isSub32(x))
    return x;
  return asU(static_cast<float>(std::tanh(static_cast<double>(asF(x)))));
}

constexpr float kTwoTo24 = 16777216.0f;
constexpr float kFltMin = 1.17549435e-38f;

} // namespace

// ------------------------------------------------------------ PTX wrappers
CUTE_EMU_HD uint32_t approxEx2F32(uint32_t x, bool ftz) {
  if (ftz || isNaN32(x))
    return mufuEx2(x);
  float xf = asF(x);
  if (!(xf >= -126.0f)) { // the result may be subnormal: ex2(x/2)^2
    float h = asF(mufuEx2(asU(xf * 0.5f)));
    return asU(h * h);
  }
  return mufuEx2(x);
}

CUTE_EMU_HD uint32_t approxRcpF32(uint32_t x, bool ftz) {
  if (ftz || isNaN32(x))
    return mufuRcp(x);
  float xf = asF(x), a = std::fabs(xf);
  float s = a > 8.50705917e+37f ? 0.25f : (a < kFltMin ? kTwoTo24 : 1.0f);
  return asU(s * asF(mufuRcp(asU(xf * s))));
}

CUTE_EMU_HD uint32_t approxRsqrtF32(uint32_t x, bool ftz) {
  float xf = asF(x);
  if (ftz || isNaN32(x) || !(std::fabs(xf) < kFltMin))
    return mufuRsq(x);
  uint32_t r = mufuRsq(asU(xf * kTwoTo24));
  return isNaN32(r) ? kNaN32 : asU(asF(r) * 4096.0f);
}

CUTE_EMU_HD uint32_t approxSqrtF32(uint32_t x, bool ftz) {
  float xf = asF(x);
  if (ftz || isNaN32(x) || !(std::fabs(xf) < kFltMin))
    return mufuSqrt(x);
  uint32_t r = mufuSqrt(asU(xf * kTwoTo24));
  return isNaN32(r) ? kNaN32 : asU(asF(r) * 0.000244140625f);
}

CUTE_EMU_HD uint32_t approxLg2F32(uint32_t x, bool ftz) {
  float xf = asF(x);
  if (ftz || isNaN32(x) || !(std::fabs(xf) < kFltMin))
    return mufuLg2(x);
  uint32_t r = mufuLg2(asU(xf * kTwoTo24));
  return isNaN32(r) ? kNaN32 : asU(asF(r) + -24.0f);
}

CUTE_EMU_HD uint32_t approxSinF32(uint32_t x, bool ftz) {
  (void)ftz; // ptxas emits the same code for .ftz and not
  if (isNaN32(x))
    return kNaN32;
  return mufuSin(asU(mulRz(asF(x), asF(0x3e22f983u))));
}

CUTE_EMU_HD uint32_t approxCosF32(uint32_t x, bool ftz) {
  (void)ftz;
  if (isNaN32(x))
    return kNaN32;
  return mufuCos(asU(mulRz(asF(x), asF(0x3e22f983u))));
}

CUTE_EMU_HD uint32_t approxTanhF32(uint32_t x) { return mufuTanh(x); }

CUTE_EMU_HD uint64_t approxRcpFtzF64(uint64_t x) {
  // MUFU.RCP64H (ptxas emits it alone). Measured: only the high word of x is
  // read (sign, exponent, 20 fraction bits) and the low word of the result is
  // 0. Hypothesis under test: the f32 MUFU.RCP of 1.f (f = those 20 bits),
  // rescaled, its fraction truncated to 20 bits.
  uint32_t hi = static_cast<uint32_t>(x >> 32);
  uint64_t sign = static_cast<uint64_t>(hi & 0x80000000u) << 32;
  uint32_t e = (hi >> 20) & 0x7ff, f = hi & 0xfffff;
  if (e == 0x7ff)
    return f ? 0x7fffffff00000000ull : sign; // NaN; 1/inf = 0
  if (e == 0)
    return sign | 0x7ff0000000000000ull; // zero and subnormals: inf
  double r = asF(mufuRcp(0x3f800000u | (f << 3)));
  double y = std::ldexp(r, 1023 - static_cast<int>(e));
  if (y < 0x1p-1022)
    return sign; // subnormal results flush
  uint64_t b;
  std::memcpy(&b, &y, 8);
  return sign | (b & 0xffffffff00000000ull);
}

namespace {

/// MUFU.EX2.F16 / .BF16 (measured over all 2^16 inputs of each): the exact
/// 2^x truncated toward zero into the format, except that a negative x above
/// -2^-23 gives exactly 1.
CUTE_EMU_HD uint32_t mufuEx2Half(double x, int eBits, int mBits) {
  if (x < 0 && x > -0x1p-23)
    return static_cast<uint32_t>((1 << (eBits - 1)) - 1) << mBits; // 1.0
  double v = std::exp2(x);
  uint32_t inf = ((1u << eBits) - 1) << mBits;
  if (std::isinf(v))
    return inf;
  int bias = (1 << (eBits - 1)) - 1, emin = 1 - bias;
  if (v == 0)
    return 0;
  int l = std::ilogb(v);
  int e = l < emin ? emin : l;
  double n = std::floor(std::ldexp(v, mBits - e));
  uint64_t bits =
      (static_cast<uint64_t>(e - emin) << mBits) + static_cast<uint64_t>(n);
  return bits >= inf ? inf : static_cast<uint32_t>(bits);
}

} // namespace

CUTE_EMU_HD uint16_t approxEx2F16(uint16_t x) {
  uint32_t e = (x >> 10) & 0x1f, m = x & 0x3ff;
  if (e == 31 && m)
    return 0x7fff;
  if (e == 31)
    return (x & 0x8000) ? 0 : 0x7c00;
  double v = std::ldexp(static_cast<double>(e ? (m | 0x400) : m),
                        (e ? static_cast<int>(e) : 1) - 25);
  return static_cast<uint16_t>(mufuEx2Half((x & 0x8000) ? -v : v, 5, 10));
}

CUTE_EMU_HD uint32_t approxEx2F16x2(uint32_t x) {
  return approxEx2F16(static_cast<uint16_t>(x)) |
         (static_cast<uint32_t>(approxEx2F16(static_cast<uint16_t>(x >> 16)))
          << 16);
}

CUTE_EMU_HD uint16_t approxEx2FtzBF16(uint16_t x) {
  uint32_t f = flush32(static_cast<uint32_t>(x) << 16);
  if (isNaN32(f))
    return 0x7fff;
  uint32_t r = mufuEx2Half(static_cast<double>(asF(f)), 8, 7);
  if ((r & 0x7f80u) == 0) // .ftz: subnormal results flush to +0
    r = 0;
  return static_cast<uint16_t>(r);
}

CUTE_EMU_HD uint32_t approxEx2FtzBF16x2(uint32_t x) {
  return approxEx2FtzBF16(static_cast<uint16_t>(x)) |
         (static_cast<uint32_t>(
              approxEx2FtzBF16(static_cast<uint16_t>(x >> 16)))
          << 16);
}

} // namespace cute::emu
