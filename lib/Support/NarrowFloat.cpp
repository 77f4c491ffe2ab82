//===- NarrowFloat.cpp - Narrow float formats on the host -----------------===//
//
// One generic encoder and decoder, parameterized by the format table below.
// Encoding works on the exact magnitude in double: pick the exponent (clamped
// to the subnormal range), scale by a power of two (exact), round the
// scaled value to an integer with ties to even, and carry into the next
// binade when the rounding reaches it.
//
//===----------------------------------------------------------------------===//
#include "cute/Support/NarrowFloat.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstring>
#include <limits>

using namespace cute;

namespace {

const NarrowFloatFormat kFormats[] = {
    // name, bits, exp, mant, bias, sign, inf, nan, zero, maxCode, nanCode,
    // maxFinite, minSubnormal, emax
    {"f8E4M3FN", 8, 4, 3, 7, true, false, true, true, 0x7E, 0x7F, 448.0, 0x1p-9,
     8},
    {"f8E5M2", 8, 5, 2, 15, true, true, true, true, 0x7B, 0x7E, 57344.0,
     0x1p-16, 15},
    {"f6E2M3FN", 6, 2, 3, 1, true, false, false, true, 0x1F, 0, 7.5, 0x1p-3, 2},
    {"f6E3M2FN", 6, 3, 2, 3, true, false, false, true, 0x1F, 0, 28.0, 0x1p-4,
     4},
    {"f4E2M1FN", 4, 2, 1, 1, true, false, false, true, 0x7, 0, 6.0, 0.5, 2},
    {"f8E8M0FNU", 8, 8, 0, 127, false, false, true, false, 0xFE, 0xFF, 0x1p127,
     0x1p-127, 127},
    {"ue4m3", 8, 4, 3, 7, false, false, true, true, 0x7E, 0x7F, 448.0, 0x1p-9,
     8},
};

const NarrowFloatFormat &fmt(NarrowFloatKind kind) {
  return kFormats[static_cast<unsigned>(kind)];
}

unsigned magBits(const NarrowFloatFormat &f) { return f.expBits + f.mantBits; }

/// Round a non-negative double to an integer, ties to even (independent of
/// the floating-point environment).
double roundHalfEven(double y) {
  double r = std::floor(y);
  double diff = y - r; // exact
  if (diff > 0.5 || (diff == 0.5 && std::fmod(r, 2.0) != 0.0))
    r += 1.0;
  return r;
}

/// The magnitude code of finite a >= 0 rounded to nearest even, or -1 when
/// it rounds past the largest finite value.
int encodeMagnitude(const NarrowFloatFormat &f, double a) {
  if (a == 0.0)
    return 0; // +0, or 2^-127 (the nearest value) for f8E8M0FNU
  // Formats with a zero have subnormals at the lowest exponent; E8M0 has
  // neither, and its code 0 is 2^-bias.
  int emin = f.hasZero ? 1 - f.bias : -f.bias;
  int e = 0;
  std::frexp(a, &e);
  int ue = std::max(e - 1, emin);
  if (ue + f.bias >= (1 << f.expBits))
    return -1;
  double r = roundHalfEven(std::ldexp(a, static_cast<int>(f.mantBits) - ue));
  if (r >= std::ldexp(1.0, f.mantBits + 1)) { // carried into the next binade
    ++ue;
    r = std::ldexp(r, -1);
  }
  if (ue + f.bias >= (1 << f.expBits))
    return -1;
  auto ri = static_cast<unsigned>(r);
  if (!f.hasZero && ri == 0)
    ri = 1; // E8M0: below 2^-127 the nearest value is 2^-127
  unsigned hidden = 1u << f.mantBits;
  unsigned field = ri >= hidden ? static_cast<unsigned>(ue + f.bias) : 0;
  unsigned code = (field << f.mantBits) | (ri & (hidden - 1));
  if (code > f.maxCode)
    return -1;
  return static_cast<int>(code);
}

uint8_t encode(NarrowFloatKind kind, double x, bool saturate) {
  const NarrowFloatFormat &f = fmt(kind);
  uint8_t signBit =
      f.hasSign && std::signbit(x) ? uint8_t(1u << magBits(f)) : uint8_t(0);
  if (std::isnan(x))
    return f.hasNaN ? uint8_t(f.nanCode | signBit) : f.maxCode;
  if (!f.hasSign && std::signbit(x) && x != 0.0)
    return saturate ? uint8_t(0) : f.nanCode;
  int code = std::isinf(x) ? -1 : encodeMagnitude(f, std::fabs(x));
  if (code < 0) {
    if (saturate || !f.hasNaN)
      code = f.maxCode;
    else if (f.hasInf)
      code = ((1 << f.expBits) - 1) << f.mantBits;
    else
      code = f.nanCode;
  }
  return uint8_t(code | signBit);
}

} // namespace

const NarrowFloatFormat &cute::narrowFloatFormat(NarrowFloatKind kind) {
  return fmt(kind);
}

bool cute::isNarrowFloatNaN(NarrowFloatKind kind, uint8_t code) {
  const NarrowFloatFormat &f = fmt(kind);
  unsigned mag = code & ((1u << magBits(f)) - 1);
  if (!f.hasSign && (code >> magBits(f)) != 0)
    return true; // UE4M3 with bit 7 set
  if (!f.hasNaN)
    return false;
  if (f.hasInf) // IEEE-like: all-ones exponent, non-zero mantissa
    return (mag >> f.mantBits) == (1u << f.expBits) - 1 &&
           (mag & ((1u << f.mantBits) - 1)) != 0;
  return mag == f.nanCode;
}

double cute::decodeNarrowFloatDouble(NarrowFloatKind kind, uint8_t code) {
  const NarrowFloatFormat &f = fmt(kind);
  assert((code >> f.bits) == 0 || f.bits == 8);
  bool neg = f.hasSign && ((code >> magBits(f)) & 1);
  double sign = neg ? -1.0 : 1.0;
  if (isNarrowFloatNaN(kind, code))
    return std::copysign(std::numeric_limits<double>::quiet_NaN(), sign);
  unsigned mag = code & ((1u << magBits(f)) - 1);
  unsigned field = mag >> f.mantBits;
  unsigned m = mag & ((1u << f.mantBits) - 1);
  if (f.hasInf && field == (1u << f.expBits) - 1)
    return sign * std::numeric_limits<double>::infinity();
  if (f.hasZero && field == 0) // zero and subnormals
    return sign * std::ldexp(double(m), 1 - f.bias - int(f.mantBits));
  return sign * std::ldexp(double((1u << f.mantBits) + m),
                           int(field) - f.bias - int(f.mantBits));
}

float cute::decodeNarrowFloat(NarrowFloatKind kind, uint8_t code) {
  return static_cast<float>(decodeNarrowFloatDouble(kind, code));
}

uint8_t cute::encodeNarrowFloat(NarrowFloatKind kind, double x) {
  return encode(kind, x, /*saturate=*/false);
}
uint8_t cute::encodeNarrowFloat(NarrowFloatKind kind, float x) {
  return encode(kind, double(x), /*saturate=*/false);
}
uint8_t cute::encodeNarrowFloatSaturate(NarrowFloatKind kind, double x) {
  return encode(kind, x, /*saturate=*/true);
}
uint8_t cute::encodeNarrowFloatSaturate(NarrowFloatKind kind, float x) {
  return encode(kind, double(x), /*saturate=*/true);
}

//===----------------------------------------------------------------------===//
// f16 and bf16
//===----------------------------------------------------------------------===//

namespace {

uint32_t floatBits(float x) {
  uint32_t u;
  std::memcpy(&u, &x, 4);
  return u;
}

float bitsFloat(uint32_t u) {
  float x;
  std::memcpy(&x, &u, 4);
  return x;
}

/// v >> shift rounded to nearest, ties to even (1 <= shift <= 31).
uint32_t shiftRoundEven(uint32_t v, unsigned shift) {
  uint32_t r = v >> shift, rem = v & ((1u << shift) - 1),
           half = 1u << (shift - 1);
  return r + (rem > half || (rem == half && (r & 1)) ? 1 : 0);
}

} // namespace

uint16_t cute::floatToF16Bits(float x) {
  uint32_t u = floatBits(x);
  auto sign = uint16_t((u >> 16) & 0x8000);
  uint32_t a = u & 0x7FFFFFFF;
  if (a > 0x7F800000) // NaN: quiet, top 9 payload bits kept
    return uint16_t(sign | 0x7E00 | ((a >> 13) & 0x3FF));
  if (a >= 0x477FF000) // >= 65520, the midpoint of 65504 and 2^16: inf
    return uint16_t(sign | 0x7C00);
  if (a >= 0x38800000) // normal: rebias the exponent (127 -> 15), round
    return uint16_t(sign | shiftRoundEven(a - 0x38000000, 13));
  if (a <= 0x33000000) // <= 2^-25, half the smallest subnormal: +-0
    return sign;
  // Subnormal result: round(|x| * 2^24) from the 24-bit significand.
  uint32_t e = a >> 23, m = (a & 0x7FFFFF) | 0x800000;
  return uint16_t(sign | shiftRoundEven(m, 126 - e)); // may carry to 0x400
}

float cute::f16BitsToFloat(uint16_t h) {
  uint32_t sign = uint32_t(h & 0x8000) << 16;
  uint32_t e = (h >> 10) & 0x1F, m = h & 0x3FF;
  if (e == 0x1F) // inf, or NaN made quiet
    return bitsFloat(sign | 0x7F800000 | (m ? 0x400000 | (m << 13) : 0));
  if (e == 0) { // zero and subnormals: m * 2^-24, exact
    float v = std::ldexp(float(m), -24);
    return sign ? -v : v;
  }
  return bitsFloat(sign | ((e + 112) << 23) | (m << 13));
}

uint16_t cute::floatToBF16Bits(float x) {
  uint32_t u = floatBits(x);
  if ((u & 0x7FFFFFFF) > 0x7F800000) // NaN: quiet, top 7 payload bits kept
    return uint16_t((u >> 16) | 0x0040);
  // Same exponent field: round the low 16 bits away; a carry moves into the
  // next binade or to inf.
  return uint16_t((u + 0x7FFF + ((u >> 16) & 1)) >> 16);
}

float cute::bf16BitsToFloat(uint16_t b) {
  uint32_t u = uint32_t(b) << 16;
  if ((u & 0x7FFFFFFF) > 0x7F800000)
    u |= 0x400000;
  return bitsFloat(u);
}

uint8_t cute::encodeNarrowFloatFromF16(NarrowFloatKind kind, uint16_t bits) {
  return encode(kind, double(f16BitsToFloat(bits)), /*saturate=*/false);
}
uint8_t cute::encodeNarrowFloatSaturateFromF16(NarrowFloatKind kind,
                                               uint16_t bits) {
  return encode(kind, double(f16BitsToFloat(bits)), /*saturate=*/true);
}
uint8_t cute::encodeNarrowFloatFromBF16(NarrowFloatKind kind, uint16_t bits) {
  return encode(kind, double(bf16BitsToFloat(bits)), /*saturate=*/false);
}
uint8_t cute::encodeNarrowFloatSaturateFromBF16(NarrowFloatKind kind,
                                                uint16_t bits) {
  return encode(kind, double(bf16BitsToFloat(bits)), /*saturate=*/true);
}

//===----------------------------------------------------------------------===//
// What kernels compute
//===----------------------------------------------------------------------===//

uint8_t cute::encodeF8E8M0FNU(float x, E8M0Rounding rounding) {
  if (rounding == E8M0Rounding::NearestEven)
    return encodeNarrowFloatSaturate(NarrowFloatKind::F8E8M0FNU, x);
  if (std::isnan(x))
    return 0xFF;
  double a = std::fabs(double(x));
  if (std::isinf(a))
    return 0xFE;
  if (a == 0.0)
    return 0x00;
  int e = 0;
  double f = std::frexp(a, &e); // a = f * 2^e, f in [0.5, 1)
  // floor(log2 a) = e - 1; ceil(log2 a) = e - 1 for a power of two, else e.
  int p = rounding == E8M0Rounding::TowardZero || f == 0.5 ? e - 1 : e;
  return uint8_t(std::clamp(p + 127, 0, 254));
}

uint8_t cute::kernelTruncF(NarrowFloatKind kind, float x,
                           E8M0Rounding rounding) {
  assert(kind != NarrowFloatKind::UE4M3 && "UE4M3 has no MLIR type");
  if (kind == NarrowFloatKind::F8E8M0FNU)
    return encodeF8E8M0FNU(x, rounding);
  if (std::isnan(x))
    return fmt(kind).hasNaN ? uint8_t(0x7F) : fmt(kind).maxCode;
  return encodeNarrowFloatSaturate(kind, x);
}

uint32_t cute::kernelExtFToF32Bits(NarrowFloatKind kind, uint8_t code) {
  if (isNarrowFloatNaN(kind, code))
    return 0x7FFFFFFF;
  return floatBits(decodeNarrowFloat(kind, code));
}

uint16_t cute::kernelExtFToF16Bits(NarrowFloatKind kind, uint8_t code) {
  if (isNarrowFloatNaN(kind, code))
    return 0x7FFF;
  return floatToF16Bits(decodeNarrowFloat(kind, code));
}

uint16_t cute::kernelExtFToBF16Bits(NarrowFloatKind kind, uint8_t code) {
  if (isNarrowFloatNaN(kind, code))
    return 0x7FFF;
  return floatToBF16Bits(decodeNarrowFloat(kind, code));
}

//===----------------------------------------------------------------------===//
// Packing
//===----------------------------------------------------------------------===//

std::vector<uint8_t> cute::packF4E2M1FN(const uint8_t *codes, size_t n) {
  std::vector<uint8_t> out((n + 1) / 2, 0);
  for (size_t i = 0; i < n; ++i)
    out[i / 2] |= uint8_t((codes[i] & 0xF) << (4 * (i % 2)));
  return out;
}

std::vector<uint8_t> cute::unpackF4E2M1FN(const uint8_t *bytes, size_t n) {
  std::vector<uint8_t> out(n);
  for (size_t i = 0; i < n; ++i)
    out[i] = (bytes[i / 2] >> (4 * (i % 2))) & 0xF;
  return out;
}

std::vector<uint8_t> cute::packF6Dense(const uint8_t *codes, size_t n) {
  std::vector<uint8_t> out((6 * n + 7) / 8, 0);
  for (size_t i = 0; i < n; ++i) {
    size_t bit = 6 * i;
    unsigned v = (codes[i] & 0x3Fu) << (bit % 8); // spans at most two bytes
    out[bit / 8] |= uint8_t(v);
    if (v >> 8)
      out[bit / 8 + 1] |= uint8_t(v >> 8);
  }
  return out;
}

std::vector<uint8_t> cute::unpackF6Dense(const uint8_t *bytes, size_t n) {
  std::vector<uint8_t> out(n);
  for (size_t i = 0; i < n; ++i) {
    size_t bit = 6 * i;
    unsigned v = bytes[bit / 8];
    if (bit % 8 > 2) // the field reaches into the next byte
      v |= unsigned(bytes[bit / 8 + 1]) << 8;
    out[i] = uint8_t((v >> (bit % 8)) & 0x3F);
  }
  return out;
}

//===----------------------------------------------------------------------===//
// Block quantization
//===----------------------------------------------------------------------===//

namespace {

bool isMxElement(NarrowFloatKind k) {
  return k == NarrowFloatKind::F8E4M3FN || k == NarrowFloatKind::F8E5M2 ||
         k == NarrowFloatKind::F6E2M3FN || k == NarrowFloatKind::F6E3M2FN ||
         k == NarrowFloatKind::F4E2M1FN;
}

/// The largest magnitude of x[begin, end), NaN if any element is NaN or inf.
float blockAmax(const float *x, size_t begin, size_t end) {
  float amax = 0.0f;
  for (size_t i = begin; i < end; ++i) {
    if (!std::isfinite(x[i]))
      return std::numeric_limits<float>::quiet_NaN();
    amax = std::max(amax, std::fabs(x[i]));
  }
  return amax;
}

std::vector<uint8_t> storeCodes(NarrowFloatKind elem,
                                const std::vector<uint8_t> &codes) {
  if (elem == NarrowFloatKind::F4E2M1FN)
    return packF4E2M1FN(codes.data(), codes.size());
  return codes;
}

std::vector<uint8_t> loadCodes(NarrowFloatKind elem,
                               const std::vector<uint8_t> &data, size_t n) {
  if (elem == NarrowFloatKind::F4E2M1FN)
    return unpackF4E2M1FN(data.data(), n);
  return std::vector<uint8_t>(data.begin(), data.begin() + n);
}

} // namespace

uint8_t cute::mxScaleCode(NarrowFloatKind element, float amax) {
  if (!std::isfinite(amax))
    return 0xFF;
  if (amax == 0.0f)
    return 0x00;
  int e = std::ilogb(double(std::fabs(amax))); // floor(log2(amax)), exact
  int shared = std::clamp(e - fmt(element).emax, -127, 127);
  return uint8_t(shared + 127);
}

MxQuantized cute::quantizeMx(const float *x, size_t n, NarrowFloatKind element,
                             size_t blockSize) {
  assert(isMxElement(element) && blockSize > 0);
  (void)isMxElement;
  MxQuantized q;
  q.element = element;
  q.count = n;
  q.blockSize = blockSize;
  std::vector<uint8_t> codes(n, 0);
  for (size_t b = 0; b < n; b += blockSize) {
    size_t end = std::min(n, b + blockSize);
    uint8_t s = mxScaleCode(element, blockAmax(x, b, end));
    q.scales.push_back(s);
    if (s == 0xFF)
      continue;
    for (size_t i = b; i < end; ++i)
      codes[i] = encodeNarrowFloatSaturate(
          element, std::ldexp(double(x[i]), 127 - int(s)));
  }
  q.data = storeCodes(element, codes);
  return q;
}

std::vector<float> cute::dequantizeMx(const MxQuantized &q) {
  std::vector<uint8_t> codes = loadCodes(q.element, q.data, q.count);
  std::vector<float> out(q.count);
  for (size_t i = 0; i < q.count; ++i) {
    uint8_t s = q.scales[i / q.blockSize];
    double v = decodeNarrowFloatDouble(q.element, codes[i]);
    out[i] = s == 0xFF ? std::numeric_limits<float>::quiet_NaN()
                       : float(std::ldexp(v, int(s) - 127));
  }
  return out;
}

float cute::nvfp4TensorScale(const float *x, size_t n) {
  float amax = blockAmax(x, 0, n);
  if (!(amax > 0.0f) || !std::isfinite(amax))
    return 1.0f;
  return float(double(amax) / (448.0 * 6.0));
}

Nvfp4Quantized cute::quantizeNvfp4(const float *x, size_t n, float tensorScale,
                                   size_t blockSize) {
  assert(tensorScale > 0.0f && std::isfinite(tensorScale) && blockSize > 0);
  Nvfp4Quantized q;
  q.count = n;
  q.blockSize = blockSize;
  q.tensorScale = tensorScale;
  std::vector<uint8_t> codes(n, 0);
  for (size_t b = 0; b < n; b += blockSize) {
    size_t end = std::min(n, b + blockSize);
    float amax = blockAmax(x, b, end);
    uint8_t s = std::isnan(amax)
                    ? uint8_t(0x7F)
                    : encodeNarrowFloatSaturate(NarrowFloatKind::UE4M3,
                                                double(amax) / 6.0 /
                                                    double(tensorScale));
    q.scales.push_back(s);
    double scale =
        decodeNarrowFloatDouble(NarrowFloatKind::UE4M3, s) * tensorScale;
    if (std::isnan(scale) || scale == 0.0)
      continue;
    for (size_t i = b; i < end; ++i)
      codes[i] = encodeNarrowFloatSaturate(NarrowFloatKind::F4E2M1FN,
                                           double(x[i]) / scale);
  }
  q.data = packF4E2M1FN(codes.data(), n);
  return q;
}

std::vector<float> cute::dequantizeNvfp4(const Nvfp4Quantized &q) {
  std::vector<uint8_t> codes = unpackF4E2M1FN(q.data.data(), q.count);
  std::vector<float> out(q.count);
  for (size_t i = 0; i < q.count; ++i) {
    double s = decodeNarrowFloatDouble(NarrowFloatKind::UE4M3,
                                       q.scales[i / q.blockSize]);
    out[i] =
        float(decodeNarrowFloatDouble(NarrowFloatKind::F4E2M1FN, codes[i]) * s *
              double(q.tensorScale));
  }
  return out;
}
