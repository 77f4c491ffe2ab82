//===- Float.cpp - Rounding into f32/f16/bf16/tf32 ------------------------===//
#include "Float.h"

#include "cute/Support/NarrowFloat.h"

namespace cute::emu {

namespace {

/// Rounds |x| (finite, non-zero) into a binary format with `m` fraction
/// bits and `ebits` exponent bits (IEEE-style: subnormals, inf at the top
/// exponent), returning the bits without sign. PTX ISA "Rounding
/// Modifiers": rn (ties to even), rna (ties away), rz, rm, rp; `neg` is the
/// sign (rm/rp round toward -inf/+inf).
uint64_t roundFormat(double ax, int m, int ebits, uint8_t mode, bool neg) {
  const int bias = (1 << (ebits - 1)) - 1, emin = 1 - bias;
  const uint64_t maxExp = (1u << ebits) - 1;
  int e2;
  std::frexp(ax, &e2);
  int E = e2 - 1; // ax = 1.f * 2^E
  int qexp = (E < emin ? emin : E) - m;
  double q = std::ldexp(ax, -qexp); // exact
  double n = std::floor(q), frac = q - n;
  bool up = false;
  switch (mode) {
  case RNone:
  case RN:
    up = frac > 0.5 || (frac == 0.5 && std::fmod(n, 2.0) != 0);
    break;
  case RNA:
    up = frac >= 0.5;
    break;
  case RZ:
    break;
  case RP:
    up = frac > 0 && !neg;
    break;
  case RM:
    up = frac > 0 && neg;
    break;
  default:
    up = frac > 0.5 || (frac == 0.5 && std::fmod(n, 2.0) != 0);
  }
  uint64_t mant = uint64_t(n) + (up ? 1 : 0);
  uint64_t expField;
  if (E < emin) {
    if (mant >> m) { // rounded up into the smallest normal
      expField = 1;
      mant &= (1ull << m) - 1;
    } else {
      expField = 0;
    }
  } else {
    if (mant >> (m + 1)) {
      mant >>= 1;
      ++E;
    }
    expField = uint64_t(E + bias);
    mant &= (1ull << m) - 1;
  }
  if (expField >= maxExp) { // overflow
    bool toInf = mode == RN || mode == RNone || mode == RNA ||
                 (mode == RP && !neg) || (mode == RM && neg);
    if (toInf)
      return maxExp << m;
    return ((maxExp - 1) << m) | ((1ull << m) - 1);
  }
  return (expField << m) | mant;
}

template <int M, int EB, uint64_t NaN>
uint64_t roundTo(double x, uint8_t mode) {
  const int total = M + EB;
  if (std::isnan(x))
    return NaN;
  uint64_t sign = std::signbit(x) ? 1ull << total : 0;
  if (std::isinf(x))
    return sign | (((1ull << EB) - 1) << M);
  if (x == 0)
    return sign;
  return sign | roundFormat(std::fabs(x), M, EB, mode, std::signbit(x));
}

} // namespace

uint32_t roundToF32(double x, uint8_t mode) {
  return uint32_t(roundTo<23, 8, 0x7fffffffu>(x, mode));
}
uint16_t roundToF16(double x, uint8_t mode) {
  return uint16_t(roundTo<10, 5, kCanonicalNaN16>(x, mode));
}
uint16_t roundToBF16(double x, uint8_t mode) {
  return uint16_t(roundTo<7, 8, kCanonicalNaNBF16>(x, mode));
}

uint32_t roundToTF32(float x, uint8_t mode) {
  uint32_t b = f32Bits(x);
  if (std::isnan(x))
    return 0x7fffffffu;
  if (std::isinf(x))
    return b;
  // 10 fraction bits kept; the result is an f32 with the low 13 bits zero.
  uint64_t r = roundTo<10, 8, 0x7fffu>(double(x), mode == RNone ? RNA : mode);
  return uint32_t(r) << 13;
}

double f16ToDouble(uint16_t h) { return double(f16BitsToFloat(h)); }
double bf16ToDouble(uint16_t h) { return double(bf16ToF32(h)); }
bool f16IsNaN(uint16_t h) { return (h & 0x7c00) == 0x7c00 && (h & 0x3ff); }
bool bf16IsNaN(uint16_t h) { return (h & 0x7f80) == 0x7f80 && (h & 0x7f); }

double floatValue(Ty t, uint64_t bits) {
  switch (t) {
  case Ty::F16:
    return f16ToDouble(uint16_t(bits));
  case Ty::BF16:
    return bf16ToDouble(uint16_t(bits));
  case Ty::TF32:
  case Ty::F32:
    return double(asF32(bits));
  case Ty::F64:
    return asF64(bits);
  case Ty::E4M3:
    return decodeNarrowFloatDouble(NarrowFloatKind::F8E4M3FN, uint8_t(bits));
  case Ty::E5M2:
    return decodeNarrowFloatDouble(NarrowFloatKind::F8E5M2, uint8_t(bits));
  default:
    return 0;
  }
}

} // namespace cute::emu
