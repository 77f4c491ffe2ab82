//===- NarrowFloatTest.cpp - Narrow float formats on the host -------------===//
//
// Ground truth: llvm::APFloat (LLVM 22). Linking LLVM here would keep this
// suite out of the runtime-only build (-DCUTE_ENABLE_MLIR=OFF), so APFloat's
// answers are committed as NarrowFloatAPFloatTables.inc, printed by a small
// generator built against /usr/lib/llvm-22 (APFloat::Float8E4M3FN(),
// Float8E5M2(), Float6E2M3FN(), Float6E3M2FN(), Float4E2M1FN(),
// Float8E8M0FNU()):
//   - kXDecode: every encoding, converted to IEEEdouble (isNaN is
//     APFloat's isNaN() in the narrow format: APFloat converts
//     f8E8M0FNU's NaN 0xFF to +inf in double);
//   - kXEncode: float bit patterns and the code APFloat::convert gives with
//     rmNearestTiesToEven. The inputs are every representable value, its
//     float neighbours, every midpoint between consecutive values and the
//     midpoints' neighbours (both signs), points above max (max + k ulp),
//     below the smallest subnormal, 0, inf, NaN, FLT_MAX, float subnormals,
//     500 random bit patterns and 1000 values log-uniform over the format's
//     range (std::mt19937, seed 20261201). f8E8M0FNU: non-negative only.
// APFloat behaviour these tables show: f8E4M3FN and f8E8M0FNU overflow to
// NaN, f8E5M2 to inf, and the f6/f4 types (no inf, no NaN) saturate to max;
// APFloat has no code for NaN/inf into f6/f4 (it yields 0 bits), keeps
// NaN payload bits in f8E5M2 (we give the one quiet NaN 0x7E), and has no
// sign for f8E8M0FNU (it drops it), so those inputs are checked against
// the documented policy instead.
//
//===----------------------------------------------------------------------===//
#include "cute/Support/NarrowFloat.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

using namespace cute;

namespace {

struct DecodeCase {
  unsigned code;
  double value;
  int isNaN;
};
struct EncodeCase {
  uint32_t input;
  unsigned code;
};

#include "NarrowFloatAPFloatTables.inc"

struct FormatTables {
  NarrowFloatKind kind;
  const DecodeCase *decode;
  size_t numDecode;
  const EncodeCase *encode;
  size_t numEncode;
};

#define TABLES(K)                                                              \
  FormatTables {                                                               \
    NarrowFloatKind::K, k##K##Decode, std::size(k##K##Decode), k##K##Encode,   \
        std::size(k##K##Encode)                                                \
  }
const FormatTables kTables[] = {TABLES(F8E4M3FN), TABLES(F8E5M2),
                                TABLES(F6E2M3FN), TABLES(F6E3M2FN),
                                TABLES(F4E2M1FN), TABLES(F8E8M0FNU)};
#undef TABLES

float bitsToFloat(uint32_t u) {
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}

const FormatTables &tablesFor(NarrowFloatKind k) {
  for (const FormatTables &t : kTables)
    if (t.kind == k)
      return t;
  abort();
}

/// The code APFloat gave for `input` when that code is inf or NaN: the
/// conversion overflowed (or the input was inf).
bool isInfOrNaNCode(NarrowFloatKind kind, unsigned code) {
  double v = decodeNarrowFloatDouble(kind, uint8_t(code));
  return !std::isfinite(v);
}

/// What encodeNarrowFloatSaturate must give, derived from APFloat's plain
/// result: NaN stays NaN, overflow (and inf) clamp to +-max finite.
unsigned saturatedExpectation(NarrowFloatKind kind, float x, unsigned apCode) {
  const NarrowFloatFormat &f = narrowFloatFormat(kind);
  if (std::isnan(x) || !isInfOrNaNCode(kind, apCode))
    return apCode;
  unsigned sign =
      f.hasSign && std::signbit(x) ? 1u << (f.expBits + f.mantBits) : 0u;
  return f.maxCode | sign;
}

std::string hexf(float x) {
  char buf[64];
  uint32_t u;
  std::memcpy(&u, &x, 4);
  snprintf(buf, sizeof buf, "%a (0x%08x)", double(x), u);
  return buf;
}

TEST(NarrowFloat, DecodeEveryEncodingMatchesAPFloat) {
  for (const FormatTables &t : kTables) {
    SCOPED_TRACE(narrowFloatFormat(t.kind).name);
    ASSERT_EQ(t.numDecode, size_t(1) << narrowFloatFormat(t.kind).bits);
    for (size_t i = 0; i < t.numDecode; ++i) {
      const DecodeCase &c = t.decode[i];
      double v = decodeNarrowFloatDouble(t.kind, uint8_t(c.code));
      EXPECT_EQ(isNarrowFloatNaN(t.kind, uint8_t(c.code)), bool(c.isNaN))
          << "code 0x" << std::hex << c.code;
      if (c.isNaN) {
        EXPECT_TRUE(std::isnan(v)) << "code 0x" << std::hex << c.code;
        continue;
      }
      EXPECT_EQ(v, c.value) << "code 0x" << std::hex << c.code;
      EXPECT_EQ(std::signbit(v), std::signbit(c.value));
      EXPECT_EQ(double(decodeNarrowFloat(t.kind, uint8_t(c.code))), v);
    }
  }
}

TEST(NarrowFloat, UE4M3IsNonNegativeE4M3FN) {
  for (unsigned c = 0; c < 256; ++c) {
    double v = decodeNarrowFloatDouble(NarrowFloatKind::UE4M3, uint8_t(c));
    if (c >= 0x7F) {
      EXPECT_TRUE(std::isnan(v)) << c;
      continue;
    }
    EXPECT_EQ(v, kF8E4M3FNDecode[c].value) << c;
  }
  EXPECT_EQ(fromUE4M3(0x7E), 448.0f);
  EXPECT_EQ(fromUE4M3(0x01), 0x1p-9f);
}

TEST(NarrowFloat, EveryValueRoundTrips) {
  const NarrowFloatKind kinds[] = {
      NarrowFloatKind::F8E4M3FN, NarrowFloatKind::F8E5M2,
      NarrowFloatKind::F6E2M3FN, NarrowFloatKind::F6E3M2FN,
      NarrowFloatKind::F4E2M1FN, NarrowFloatKind::F8E8M0FNU,
      NarrowFloatKind::UE4M3};
  for (NarrowFloatKind k : kinds) {
    const NarrowFloatFormat &f = narrowFloatFormat(k);
    SCOPED_TRACE(f.name);
    unsigned n = k == NarrowFloatKind::UE4M3 ? 0x80 : 1u << f.bits;
    for (unsigned c = 0; c < n; ++c) {
      if (isNarrowFloatNaN(k, uint8_t(c)))
        continue;
      float v = decodeNarrowFloat(k, uint8_t(c));
      EXPECT_EQ(encodeNarrowFloat(k, v), c) << hexf(v);
      EXPECT_EQ(encodeNarrowFloat(k, double(v)), c) << hexf(v);
      if (std::isfinite(v)) {
        EXPECT_EQ(encodeNarrowFloatSaturate(k, v), c) << hexf(v);
      }
    }
  }
}

void checkEncodeTable(NarrowFloatKind kind, const FormatTables &t) {
  const NarrowFloatFormat &f = narrowFloatFormat(kind);
  SCOPED_TRACE(f.name);
  size_t checked = 0;
  for (size_t i = 0; i < t.numEncode; ++i) {
    float x = bitsToFloat(t.encode[i].input);
    unsigned ap = t.encode[i].code;
    if (!std::isfinite(x) && !f.hasNaN)
      continue; // APFloat gives 0 bits for NaN/inf; see FiniteOnlyPolicy
    if (!f.hasSign && std::signbit(x))
      continue; // unsigned formats: see UnsignedPolicy
    if (std::isnan(x)) {
      // A NaN, with the input's sign (APFloat also keeps payload bits where
      // f8E5M2 has room for them; we always give the one quiet NaN).
      ASSERT_TRUE(isNarrowFloatNaN(kind, uint8_t(ap)));
      for (uint8_t c :
           {encodeNarrowFloat(kind, x), encodeNarrowFloatSaturate(kind, x)}) {
        unsigned signMask = f.hasSign ? 1u << (f.expBits + f.mantBits) : 0;
        EXPECT_TRUE(isNarrowFloatNaN(kind, c)) << hexf(x);
        EXPECT_EQ(c & signMask, ap & signMask) << hexf(x);
        EXPECT_EQ(c & ~signMask, f.nanCode) << hexf(x);
      }
      ++checked;
      continue;
    } else {
      EXPECT_EQ(encodeNarrowFloat(kind, x), ap) << hexf(x);
      EXPECT_EQ(encodeNarrowFloat(kind, double(x)), ap) << hexf(x);
    }
    unsigned sat = saturatedExpectation(kind, x, ap);
    EXPECT_EQ(encodeNarrowFloatSaturate(kind, x), sat) << hexf(x);
    EXPECT_EQ(encodeNarrowFloatSaturate(kind, double(x)), sat) << hexf(x);
    ++checked;
  }
  EXPECT_GT(checked, t.numEncode / 3);
}

TEST(NarrowFloat, EncodeMatchesAPFloat) {
  for (const FormatTables &t : kTables)
    checkEncodeTable(t.kind, t);
}

TEST(NarrowFloat, UE4M3EncodeMatchesAPFloatE4M3FN) {
  checkEncodeTable(NarrowFloatKind::UE4M3,
                   tablesFor(NarrowFloatKind::F8E4M3FN));
}

TEST(NarrowFloat, OverflowPolicy) {
  const float inf = std::numeric_limits<float>::infinity();
  // f8E4M3FN: 464 is the midpoint of 448 and (unrepresentable) 480; ties to
  // even keep 448, anything above is NaN (plain) or 448 (saturate).
  EXPECT_EQ(toF8E4M3FN(464.0f), 0x7E);
  EXPECT_EQ(toF8E4M3FN(std::nextafter(464.0f, 1e9f)), 0x7F);
  EXPECT_EQ(toF8E4M3FN(-1e9f), 0xFF);
  EXPECT_EQ(toF8E4M3FN(inf), 0x7F);
  EXPECT_EQ(toF8E4M3FNSaturate(1e9f), 0x7E);
  EXPECT_EQ(toF8E4M3FNSaturate(-inf), 0xFE);
  EXPECT_EQ(toF8E4M3FNSaturate(-std::nanf("")), 0xFF);
  // f8E5M2: 61440 is the midpoint of 57344 and 2^16 (odd mantissa below):
  // rounds to inf.
  EXPECT_EQ(toF8E5M2(61439.0f), 0x7B);
  EXPECT_EQ(toF8E5M2(61440.0f), 0x7C);
  EXPECT_EQ(toF8E5M2(-inf), 0xFC);
  EXPECT_EQ(toF8E5M2Saturate(61440.0f), 0x7B);
  EXPECT_EQ(toF8E5M2Saturate(-inf), 0xFB);
  EXPECT_EQ(toF8E5M2(std::nanf("")), 0x7E);
  // f8E8M0FNU: 1.5 * 2^127 rounds to 2^128.
  EXPECT_EQ(toF8E8M0FNU(0x1.7ffffep127f), 0xFE);
  EXPECT_EQ(toF8E8M0FNU(0x1.8p127f), 0xFF);
  EXPECT_EQ(toF8E8M0FNUSaturate(0x1.8p127f), 0xFE);
  EXPECT_EQ(toF8E8M0FNUSaturate(inf), 0xFE);
  EXPECT_EQ(toF8E8M0FNU(inf), 0xFF);
  // Ties: 1.5 sits between 2^0 and 2^1; RNE on a 1-bit significand goes up.
  EXPECT_EQ(toF8E8M0FNU(1.5f), 0x80);
  EXPECT_EQ(toF8E8M0FNU(1.4999999f), 0x7F);
}

TEST(NarrowFloat, FiniteOnlyPolicy) {
  const float inf = std::numeric_limits<float>::infinity();
  const float nan = std::numeric_limits<float>::quiet_NaN();
  struct {
    NarrowFloatKind k;
    uint8_t max, sign;
  } cases[] = {{NarrowFloatKind::F6E2M3FN, 0x1F, 0x20},
               {NarrowFloatKind::F6E3M2FN, 0x1F, 0x20},
               {NarrowFloatKind::F4E2M1FN, 0x7, 0x8}};
  for (auto c : cases) {
    SCOPED_TRACE(narrowFloatFormat(c.k).name);
    // No inf, no NaN: both encoders saturate; NaN gives +max (CUDA's rule).
    for (bool sat : {false, true}) {
      auto enc = [&](float x) {
        return sat ? encodeNarrowFloatSaturate(c.k, x)
                   : encodeNarrowFloat(c.k, x);
      };
      EXPECT_EQ(enc(nan), c.max);
      EXPECT_EQ(enc(-nan), c.max);
      EXPECT_EQ(enc(inf), c.max);
      EXPECT_EQ(enc(-inf), c.max | c.sign);
      EXPECT_EQ(enc(-1e30f), c.max | c.sign);
      EXPECT_EQ(enc(-0.0f), c.sign);
    }
  }
  // f4E2M1FN boundaries: 5 ties to 4, 1.25 to 1, 0.25 to 0, 0.75 to 1.
  EXPECT_EQ(toF4E2M1FN(5.0f), 0x6);
  EXPECT_EQ(toF4E2M1FN(1.25f), 0x2);
  EXPECT_EQ(toF4E2M1FN(0.25f), 0x0);
  EXPECT_EQ(toF4E2M1FN(0.2500001f), 0x1);
  EXPECT_EQ(toF4E2M1FN(0.75f), 0x2);
  EXPECT_EQ(toF4E2M1FN(-2.5f), 0xC);
}

TEST(NarrowFloat, UnsignedPolicy) {
  const float inf = std::numeric_limits<float>::infinity();
  // f8E8M0FNU has no zero: 0 and tiny values round to 2^-127 (0x00).
  EXPECT_EQ(toF8E8M0FNU(0.0f), 0x00);
  EXPECT_EQ(toF8E8M0FNU(-0.0f), 0x00);
  EXPECT_EQ(toF8E8M0FNU(1e-45f), 0x00);
  EXPECT_EQ(toF8E8M0FNU(-1.0f), 0xFF);
  EXPECT_EQ(toF8E8M0FNU(-inf), 0xFF);
  EXPECT_EQ(toF8E8M0FNUSaturate(-1.0f), 0x00);
  EXPECT_EQ(toF8E8M0FNU(std::nanf("")), 0xFF);
  EXPECT_EQ(fromF8E8M0FNU(0x00), 0x1p-127f);
  EXPECT_EQ(fromF8E8M0FNU(0x7F), 1.0f);
  EXPECT_EQ(fromF8E8M0FNU(0xFE), 0x1p127f);
  EXPECT_TRUE(std::isnan(fromF8E8M0FNU(0xFF)));
  // UE4M3.
  EXPECT_EQ(toUE4M3(-0.0f), 0x00);
  EXPECT_EQ(toUE4M3(-1.0f), 0x7F);
  EXPECT_EQ(toUE4M3Saturate(-1.0f), 0x00);
  EXPECT_EQ(toUE4M3(500.0f), 0x7F);
  EXPECT_EQ(toUE4M3Saturate(500.0f), 0x7E);
  EXPECT_EQ(toUE4M3Saturate(inf), 0x7E);
  EXPECT_EQ(toUE4M3Saturate(-std::nanf("")), 0x7F);
  EXPECT_EQ(toUE4M3(0x1p-10f), 0x00);        // tie 0 / 2^-9 -> 0
  EXPECT_EQ(toUE4M3(0x1.000002p-10f), 0x01); // just above -> 2^-9
}

TEST(NarrowFloat, PackF4E2M1FN) {
  // Element 2i in the low nibble, 2i+1 in the high one (PTX
  // cvt.rn.satfinite.e2m1x2.f32 d, a=elem[2i+1], b=elem[2i]).
  const uint8_t codes[] = {0x1, 0x2, 0x3, 0x4, 0x5};
  std::vector<uint8_t> p = packF4E2M1FN(codes, 5);
  ASSERT_EQ(p.size(), 3u);
  EXPECT_EQ(p[0], 0x21);
  EXPECT_EQ(p[1], 0x43);
  EXPECT_EQ(p[2], 0x05);
  EXPECT_EQ(unpackF4E2M1FN(p.data(), 5),
            std::vector<uint8_t>(codes, codes + 5));
  // {1.0, -6.0} -> 0x2 | 0xF << 4.
  const uint8_t pair[] = {toF4E2M1FN(1.0f), toF4E2M1FN(-6.0f)};
  EXPECT_EQ(packF4E2M1FN(pair, 2)[0], 0xF2);
  std::mt19937 rng(7);
  std::vector<uint8_t> r(1001);
  for (uint8_t &c : r)
    c = rng() & 0xF;
  std::vector<uint8_t> packed = packF4E2M1FN(r.data(), r.size());
  EXPECT_EQ(packed.size(), 501u);
  EXPECT_EQ(unpackF4E2M1FN(packed.data(), r.size()), r);
}

/// Half the gap between the representable magnitudes around v (0 <= v <=
/// max): the largest error round-to-nearest can make.
double halfGap(NarrowFloatKind k, double v) {
  const NarrowFloatFormat &f = narrowFloatFormat(k);
  std::vector<double> mags;
  for (unsigned c = 0; c <= f.maxCode; ++c)
    mags.push_back(decodeNarrowFloatDouble(k, uint8_t(c)));
  auto hi = std::lower_bound(mags.begin(), mags.end(), v);
  if (hi == mags.end())
    return 0.0;
  if (*hi == v || hi == mags.begin())
    return 0.0;
  return (*hi - *(hi - 1)) / 2;
}

TEST(NarrowFloat, MxHandChecked) {
  std::vector<float> x(70, 0.0f);
  // Block 0: amax 5 -> floor(log2 5) - emax(e2m1)=2 -> 0 -> scale 2^0.
  x[0] = 5.0f;  // tie 4 / 6 -> 4
  x[1] = 1.25f; // tie 1 / 1.5 -> 1
  x[2] = -0.3f; // -> -0.5
  x[3] = 0.2f;  // -> 0
  // Block 1: amax 100 -> floor(log2 100)=6 -> 4 -> scale 16; 100/16=6.25->6.
  x[32] = 100.0f;
  x[33] = -7.9f; // 7.9/16 = 0.49375 -> 0.5 -> -8
  // Block 2 (short, 6 elements): all zero -> scale code 0 (2^-127).
  MxQuantized q = quantizeMx(x.data(), x.size(), NarrowFloatKind::F4E2M1FN);
  ASSERT_EQ(q.scales.size(), 3u);
  EXPECT_EQ(q.scales[0], 127);
  EXPECT_EQ(q.scales[1], 131);
  EXPECT_EQ(q.scales[2], 0);
  ASSERT_EQ(q.data.size(), 35u);
  EXPECT_EQ(q.data[0], 0x26);  // x0 -> 0x6 (4.0), x1 -> 0x2 (1.0)
  EXPECT_EQ(q.data[1], 0x09);  // x2 -> 0x9 (-0.5), x3 -> 0x0
  EXPECT_EQ(q.data[16], 0x97); // x32 -> 0x7 (6), x33 -> 0x9 (-0.5)
  std::vector<float> d = dequantizeMx(q);
  EXPECT_EQ(d[0], 4.0f);
  EXPECT_EQ(d[1], 1.0f);
  EXPECT_EQ(d[2], -0.5f);
  EXPECT_EQ(d[3], 0.0f);
  EXPECT_EQ(d[32], 96.0f);
  EXPECT_EQ(d[33], -8.0f);
  EXPECT_EQ(d[69], 0.0f);
  // E4M3 elements (emax 8): amax 1 -> scale 2^-8; 1 * 2^8 = 256 exact.
  float one[2] = {1.0f, -0.001f};
  MxQuantized q8 = quantizeMx(one, 2, NarrowFloatKind::F8E4M3FN);
  EXPECT_EQ(q8.scales[0], 127 - 8);
  EXPECT_EQ(q8.data[0], toF8E4M3FN(256.0f));
  EXPECT_EQ(q8.data[1], toF8E4M3FN(-0.256f));
  // A NaN or inf in a block: NaN scale, every element dequantizes to NaN.
  float bad[3] = {1.0f, std::numeric_limits<float>::infinity(), 2.0f};
  MxQuantized qb = quantizeMx(bad, 3, NarrowFloatKind::F4E2M1FN);
  EXPECT_EQ(qb.scales[0], 0xFF);
  for (float v : dequantizeMx(qb))
    EXPECT_TRUE(std::isnan(v));
  EXPECT_EQ(mxScaleCode(NarrowFloatKind::F4E2M1FN, 0x1p-140f), 0);
  EXPECT_EQ(mxScaleCode(NarrowFloatKind::F8E5M2, 0x1.fp127f), 127 + 112);
}

TEST(NarrowFloat, MxErrorWithinHalfUlpTimesScale) {
  std::mt19937 rng(12345);
  std::normal_distribution<float> nd(0.0f, 1.0f);
  std::uniform_int_distribution<int> ed(-60, 60);
  const NarrowFloatKind elems[] = {
      NarrowFloatKind::F8E4M3FN, NarrowFloatKind::F8E5M2,
      NarrowFloatKind::F6E2M3FN, NarrowFloatKind::F6E3M2FN,
      NarrowFloatKind::F4E2M1FN};
  for (NarrowFloatKind k : elems) {
    const NarrowFloatFormat &f = narrowFloatFormat(k);
    SCOPED_TRACE(f.name);
    std::vector<float> x(32 * 40 + 7);
    for (size_t i = 0; i < x.size(); ++i)
      x[i] = std::ldexp(nd(rng), ed(rng) / 4 + int(i / 32) % 20 - 10);
    MxQuantized q = quantizeMx(x.data(), x.size(), k);
    ASSERT_EQ(q.scales.size(), (x.size() + 31) / 32);
    std::vector<float> d = dequantizeMx(q);
    for (size_t i = 0; i < x.size(); ++i) {
      double scale = std::ldexp(1.0, int(q.scales[i / 32]) - 127);
      double v = std::fabs(double(x[i])) / scale;
      if (v > f.maxFinite) { // clamped: amax / scale < 2^(emax+1)
        EXPECT_EQ(double(d[i]), std::copysign(f.maxFinite * scale, x[i]));
        EXPECT_LT(v, std::ldexp(1.0, f.emax + 1));
        continue;
      }
      EXPECT_LE(std::fabs(double(d[i]) - double(x[i])), halfGap(k, v) * scale)
          << "i=" << i << " x=" << hexf(x[i]);
    }
  }
}

TEST(NarrowFloat, Nvfp4HandChecked) {
  // tensorScale 1. Block 0: amax 9 -> scale 9/6 = 1.5 (UE4M3 0x3C).
  std::vector<float> x(20, 0.0f);
  x[0] = 9.0f;  // 6 -> 0x7
  x[1] = 3.0f;  // 2 -> 0x4
  x[2] = -1.2f; // -0.8 -> -1 -> 0xA
  // Block 1 (short, 4 elements): amax 1.8 -> 0.3 -> UE4M3 0.3125 (0x2A);
  // 1.8 / 0.3125 = 5.76 -> 6 -> 1.875.
  x[16] = 1.8f;
  Nvfp4Quantized q = quantizeNvfp4(x.data(), x.size(), 1.0f);
  ASSERT_EQ(q.scales.size(), 2u);
  EXPECT_EQ(q.scales[0], 0x3C);
  EXPECT_EQ(q.scales[1], 0x2A);
  EXPECT_EQ(fromUE4M3(0x2A), 0.3125f);
  ASSERT_EQ(q.data.size(), 10u);
  EXPECT_EQ(q.data[0], 0x47);
  EXPECT_EQ(q.data[1], 0x0A);
  EXPECT_EQ(q.data[8], 0x07);
  std::vector<float> d = dequantizeNvfp4(q);
  EXPECT_EQ(d[0], 9.0f);
  EXPECT_EQ(d[1], 3.0f);
  EXPECT_EQ(d[2], -1.5f);
  EXPECT_EQ(d[16], 1.875f);
  // The per-tensor scale maps the tensor's amax onto 448 * 6.
  EXPECT_EQ(nvfp4TensorScale(x.data(), x.size()), float(9.0 / 2688.0));
  float zeros[3] = {0, 0, 0};
  EXPECT_EQ(nvfp4TensorScale(zeros, 3), 1.0f);
  Nvfp4Quantized qz = quantizeNvfp4(zeros, 3, 1.0f);
  EXPECT_EQ(qz.scales[0], 0x00);
  for (float v : dequantizeNvfp4(qz))
    EXPECT_EQ(v, 0.0f);
  float bad[2] = {1.0f, std::nanf("")};
  Nvfp4Quantized qb = quantizeNvfp4(bad, 2, 1.0f);
  EXPECT_EQ(qb.scales[0], 0x7F);
  for (float v : dequantizeNvfp4(qb))
    EXPECT_TRUE(std::isnan(v));
}

TEST(NarrowFloat, Nvfp4ErrorWithinHalfUlpTimesScale) {
  std::mt19937 rng(4242);
  std::normal_distribution<float> nd(0.0f, 1.0f);
  std::vector<float> x(16 * 64 + 5);
  for (size_t i = 0; i < x.size(); ++i)
    x[i] = std::ldexp(nd(rng), int(i / 16) % 8 - 4); // within UE4M3's range
  float t = nvfp4TensorScale(x.data(), x.size());
  Nvfp4Quantized q = quantizeNvfp4(x.data(), x.size(), t);
  std::vector<float> d = dequantizeNvfp4(q);
  size_t clamped = 0;
  for (size_t i = 0; i < x.size(); ++i) {
    double scale =
        decodeNarrowFloatDouble(NarrowFloatKind::UE4M3, q.scales[i / 16]) * t;
    double v = std::fabs(double(x[i])) / scale;
    // The float result adds one rounding of the product.
    double slack = std::fabs(double(x[i])) * 0x1p-23;
    if (v > 6.0) { // the scale rounded down: the element clamps to 6
      ++clamped;
      EXPECT_EQ(d[i], float(std::copysign(6.0 * scale, x[i])));
      continue;
    }
    EXPECT_LE(std::fabs(double(d[i]) - double(x[i])),
              halfGap(NarrowFloatKind::F4E2M1FN, v) * scale + slack)
        << "i=" << i << " x=" << hexf(x[i]);
  }
  // Only elements near a block's amax clamp, in blocks whose scale rounded
  // down (by at most 1/16 relative).
  EXPECT_LT(clamped, x.size() / 8);
}

} // namespace

//===----------------------------------------------------------------------===//
// f16 and bf16
//===----------------------------------------------------------------------===//

namespace {

/// The value of IEEE binary16 bits, from the format's definition (NaN with
/// the sign bit).
double f16Value(uint16_t h) {
  int e = (h >> 10) & 0x1F, m = h & 0x3FF;
  double s = h & 0x8000 ? -1.0 : 1.0;
  if (e == 0x1F)
    return m ? std::copysign(std::nan(""), s) : s * INFINITY;
  return e == 0 ? s * std::ldexp(m, -24) : s * std::ldexp(1024 + m, e - 25);
}

/// The value of bfloat16 bits (8 exponent bits, bias 127, 7 mantissa bits).
double bf16Value(uint16_t b) {
  int e = (b >> 7) & 0xFF, m = b & 0x7F;
  double s = b & 0x8000 ? -1.0 : 1.0;
  if (e == 0xFF)
    return m ? std::copysign(std::nan(""), s) : s * INFINITY;
  return e == 0 ? s * std::ldexp(m, -133) : s * std::ldexp(128 + m, e - 134);
}

const NarrowFloatKind kAllKinds[] = {
    NarrowFloatKind::F8E4M3FN, NarrowFloatKind::F8E5M2,
    NarrowFloatKind::F6E2M3FN, NarrowFloatKind::F6E3M2FN,
    NarrowFloatKind::F4E2M1FN, NarrowFloatKind::F8E8M0FNU,
    NarrowFloatKind::UE4M3};

} // namespace

TEST(NarrowFloat, F16EveryPatternRoundTrips) {
  for (uint32_t h = 0; h < 65536; ++h) {
    float f = f16BitsToFloat(uint16_t(h));
    double ref = f16Value(uint16_t(h));
    EXPECT_EQ(std::signbit(f), bool(h & 0x8000)) << h;
    if (std::isnan(ref)) {
      ASSERT_TRUE(std::isnan(f)) << h;
      EXPECT_EQ(floatToF16Bits(f), h | 0x0200) << h; // quiet, payload kept
      continue;
    }
    ASSERT_EQ(double(f), ref) << h;
    EXPECT_EQ(floatToF16Bits(f), h) << h;
  }
}

TEST(NarrowFloat, F16RoundsToNearestEven) {
  // Every midpoint between neighbouring halves goes to the even one, its
  // float neighbours to the nearer one (both signs, subnormals included).
  for (uint16_t sign : {0x0000, 0x8000})
    for (uint32_t h = 0; h < 0x7BFF; ++h) {
      auto lo = uint16_t(h | sign), hi = uint16_t((h + 1) | sign);
      auto mid = float((f16Value(lo) + f16Value(hi)) / 2); // exact
      ASSERT_EQ(floatToF16Bits(mid), h % 2 ? hi : lo) << h;
      EXPECT_EQ(floatToF16Bits(std::nextafter(mid, float(f16Value(hi)))), hi);
      EXPECT_EQ(floatToF16Bits(std::nextafter(mid, float(f16Value(lo)))), lo);
    }
  EXPECT_EQ(floatToF16Bits(65519.996f), 0x7BFF); // below 65520: max finite
  EXPECT_EQ(floatToF16Bits(65520.0f), 0x7C00);   // the tie goes to inf
  EXPECT_EQ(floatToF16Bits(-1e30f), 0xFC00);
  EXPECT_EQ(floatToF16Bits(INFINITY), 0x7C00);
  EXPECT_EQ(floatToF16Bits(0x1p-25f), 0x0000); // tie between 0 and 2^-24
  EXPECT_EQ(floatToF16Bits(0x1.000002p-25f), 0x0001);
  EXPECT_EQ(floatToF16Bits(0x1.8p-24f), 0x0002);   // tie -> even
  EXPECT_EQ(floatToF16Bits(0x1.ff8p-15f), 0x03FF); // largest subnormal
  EXPECT_EQ(floatToF16Bits(0x1.ffcp-15f), 0x0400); // tie: carries to 2^-14
  EXPECT_EQ(floatToF16Bits(1.0f / 3.0f), 0x3555);
  EXPECT_EQ(floatToF16Bits(-0.0f), 0x8000);
  EXPECT_EQ(floatToF16Bits(0x1p-140f), 0x0000);
  // A signalling float NaN whose payload lies below f16's mantissa bits
  // stays NaN (quiet), not inf.
  float snan, negSnan;
  uint32_t snanBits = 0x7F800001, negSnanBits = 0xFF800100;
  std::memcpy(&snan, &snanBits, 4);
  std::memcpy(&negSnan, &negSnanBits, 4);
  EXPECT_EQ(floatToF16Bits(snan), 0x7E00);
  EXPECT_EQ(floatToF16Bits(negSnan), 0xFE00);
  EXPECT_EQ(floatToBF16Bits(snan), 0x7FC0);
  EXPECT_EQ(floatToBF16Bits(negSnan), 0xFFC0);
}

#ifdef __FLT16_MANT_DIG__
TEST(NarrowFloat, F16MatchesTheCompilersFloat16) {
  // GCC/Clang's _Float16 conversions (libgcc's software path on x86) as a
  // second, independent implementation.
  std::mt19937 rng(20261202);
  for (int i = 0; i < (1 << 20); ++i) {
    uint32_t u = i % 2 ? uint32_t(rng())
                       : (uint32_t(rng()) & 0x80000000) |
                             (0x33000000 + uint32_t(rng()) % 0x14800000);
    float f;
    std::memcpy(&f, &u, 4);
    if (std::isnan(f))
      continue;
    _Float16 h = static_cast<_Float16>(f);
    uint16_t hb;
    std::memcpy(&hb, &h, 2);
    ASSERT_EQ(floatToF16Bits(f), hb) << hexf(f);
  }
}
#endif

TEST(NarrowFloat, BF16EveryPatternRoundTrips) {
  for (uint32_t b = 0; b < 65536; ++b) {
    float f = bf16BitsToFloat(uint16_t(b));
    double ref = bf16Value(uint16_t(b));
    EXPECT_EQ(std::signbit(f), bool(b & 0x8000)) << b;
    if (std::isnan(ref)) {
      ASSERT_TRUE(std::isnan(f)) << b;
      EXPECT_EQ(floatToBF16Bits(f), b | 0x0040) << b;
      continue;
    }
    ASSERT_EQ(double(f), ref) << b;
    EXPECT_EQ(floatToBF16Bits(f), b) << b;
  }
}

TEST(NarrowFloat, BF16RoundsToNearestEven) {
  EXPECT_EQ(floatToBF16Bits(1.00390625f), 0x3F80); // 1 + 2^-8: tie -> even
  EXPECT_EQ(floatToBF16Bits(1.01171875f), 0x3F82); // 1 + 3 2^-8: tie -> even
  EXPECT_EQ(floatToBF16Bits(0x1.010002p0f), 0x3F81);
  EXPECT_EQ(floatToBF16Bits(3.0e38f), 0x7F62);
  EXPECT_EQ(floatToBF16Bits(0x1.ffp127f), 0x7F80); // the top tie -> inf
  EXPECT_EQ(floatToBF16Bits(-INFINITY), 0xFF80);
  EXPECT_EQ(floatToBF16Bits(0x1p-133f), 0x0001); // the smallest subnormal
  EXPECT_EQ(floatToBF16Bits(0x1p-134f), 0x0000); // tie -> even (0)
  // Against the nearest of the two bf16 neighbours, chosen here in double.
  std::mt19937 rng(20261203);
  for (int i = 0; i < (1 << 20); ++i) {
    auto u = uint32_t(rng());
    float f;
    std::memcpy(&f, &u, 4);
    if (std::isnan(f) || std::isinf(f))
      continue;
    uint16_t lo = uint16_t(u >> 16), hi = uint16_t(lo + 1); // toward +-inf
    double vlo = bf16Value(lo);
    double vhi =
        (hi & 0x7FFF) == 0x7F80 ? std::copysign(0x1p128, vlo) : bf16Value(hi);
    double dlo = std::fabs(double(f) - vlo), dhi = std::fabs(vhi - double(f));
    uint16_t expect = dlo < dhi ? lo : dhi < dlo ? hi : (lo % 2 ? hi : lo);
    ASSERT_EQ(floatToBF16Bits(f), expect) << hexf(f);
  }
}

TEST(NarrowFloat, EncodeFromF16AndBF16) {
  for (uint32_t h = 0; h < 65536; ++h)
    for (NarrowFloatKind k : kAllKinds) {
      double v = f16Value(uint16_t(h)), w = bf16Value(uint16_t(h));
      ASSERT_EQ(encodeNarrowFloatFromF16(k, uint16_t(h)),
                encodeNarrowFloat(k, v))
          << narrowFloatFormat(k).name << " f16 " << h;
      ASSERT_EQ(encodeNarrowFloatSaturateFromF16(k, uint16_t(h)),
                encodeNarrowFloatSaturate(k, v));
      ASSERT_EQ(encodeNarrowFloatFromBF16(k, uint16_t(h)),
                encodeNarrowFloat(k, w))
          << narrowFloatFormat(k).name << " bf16 " << h;
      ASSERT_EQ(encodeNarrowFloatSaturateFromBF16(k, uint16_t(h)),
                encodeNarrowFloatSaturate(k, w));
    }
  // f8E5M2 is f16's top byte: RNE on the low byte of the magnitude bits
  // (a carry reaches inf, 0x7C); saturating clamps at 0x7B.
  for (uint32_t h = 0; h < 65536; ++h) {
    uint32_t mag = h & 0x7FFF, sign = (h >> 8) & 0x80;
    if (mag > 0x7C00)
      continue; // NaN
    uint32_t code = (mag + 0x7F + ((mag >> 8) & 1)) >> 8;
    EXPECT_EQ(encodeNarrowFloatFromF16(NarrowFloatKind::F8E5M2, uint16_t(h)),
              code | sign)
        << h;
    EXPECT_EQ(
        encodeNarrowFloatSaturateFromF16(NarrowFloatKind::F8E5M2, uint16_t(h)),
        std::min(code, 0x7Bu) | sign)
        << h;
  }
}

TEST(NarrowFloat, PackF6Dense) {
  // Element i in bits [6i, 6i + 6) of the little-endian bit stream.
  const uint8_t four[] = {0x3F, 0x00, 0x15, 0x2A};
  EXPECT_EQ(packF6Dense(four, 4), (std::vector<uint8_t>{0x3F, 0x50, 0xA9}));
  const uint8_t five[] = {0x01, 0x02, 0x04, 0x08, 0x10};
  std::vector<uint8_t> p = packF6Dense(five, 5);
  EXPECT_EQ(p, (std::vector<uint8_t>{0x81, 0x40, 0x20, 0x10}));
  EXPECT_EQ(unpackF6Dense(p.data(), 5), std::vector<uint8_t>(five, five + 5));
  const uint8_t high[] = {0xFF}; // padding bits 6-7 are not data
  EXPECT_EQ(packF6Dense(high, 1), std::vector<uint8_t>{0x3F});
  std::mt19937 rng(11);
  for (size_t n : {size_t(16), size_t(17), size_t(1000)}) {
    std::vector<uint8_t> r(n);
    for (uint8_t &c : r)
      c = rng() & 0x3F;
    std::vector<uint8_t> packed = packF6Dense(r.data(), n);
    EXPECT_EQ(packed.size(), (6 * n + 7) / 8); // 16 codes: .b6x16's 12 bytes
    EXPECT_EQ(unpackF6Dense(packed.data(), n), r);
  }
}
