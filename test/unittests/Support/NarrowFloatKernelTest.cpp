//===- NarrowFloatKernelTest.cpp - What kernels compute
//--------------------===//
//
// The host reference of arith.truncf / arith.extf in kernels
// (NarrowFloat.h, "What kernels compute"): the E8M0 roundings of PTX's
// cvt.rz / cvt.rp .satfinite.ue8m0x2, checked by hand and against CUDA's
// bit-level description of them (cuda_fp8.hpp's host path: round the f32 to
// bf16 toward zero / up, then take or round up the exponent field),
// re-derived here; and the NaN rules that kernels follow (the GPU's, not
// encodeNarrowFloatSaturate's).
//
//===----------------------------------------------------------------------===//
#include "cute/Support/NarrowFloat.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <random>

using namespace cute;

namespace {

float fromBits(uint32_t u) {
  float x;
  std::memcpy(&x, &u, 4);
  return x;
}
uint32_t toBits(float x) {
  uint32_t u;
  std::memcpy(&u, &x, 4);
  return u;
}

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
constexpr float kInf = std::numeric_limits<float>::infinity();

uint8_t rz(float x) { return encodeF8E8M0FNU(x, E8M0Rounding::TowardZero); }
uint8_t rp(float x) { return encodeF8E8M0FNU(x, E8M0Rounding::Upward); }

/// CUDA 13's host path of __nv_cvt_float_to_e8m0(x, __NV_SATFINITE, mode)
/// restated: bf16 of x (toward zero, or of |x| upward; NaN -> 0x7FFF), its
/// exponent field, plus one upward when the bf16 mantissa is not zero and
/// the value lies strictly between 2^-127 and inf; a non-NaN 0xFF saturates
/// to 0xFE.
uint8_t cudaE8M0(float x, bool upward) {
  uint32_t u = toBits(x);
  uint16_t b;
  if ((u & 0x7FFFFFFF) > 0x7F800000) {
    b = 0x7FFF;
  } else if (!upward) {
    b = uint16_t(u >> 16);
  } else {
    uint32_t a = u & 0x7FFFFFFF;
    b = uint16_t(a >> 16);
    if (a < 0x7F800000 && (a & 0xFFFF) != 0)
      ++b;
  }
  uint8_t r = uint8_t(b >> 7);
  if (upward && (b & 0x7F) && (b & 0x7FFF) > 0x0040 && (b & 0x7FFF) < 0x7F80)
    ++r;
  if ((b & 0x7FFF) <= 0x7F80 && r == 0xFF)
    r = 0xFE;
  return r;
}

TEST(NarrowFloatKernel, E8M0DirectedRoundingByHand) {
  EXPECT_EQ(rz(1.0f), 127);
  EXPECT_EQ(rp(1.0f), 127);
  EXPECT_EQ(rz(1.5f), 127);
  EXPECT_EQ(rp(1.5f), 128);
  EXPECT_EQ(rz(0.75f), 126);
  EXPECT_EQ(rp(0.75f), 127);
  EXPECT_EQ(rz(std::nextafter(2.0f, 0.0f)), 127);
  EXPECT_EQ(rp(std::nextafter(1.0f, 2.0f)), 128);
  // The sign is ignored.
  EXPECT_EQ(rz(-3.0f), 128);
  EXPECT_EQ(rp(-3.0f), 129);
  // 2^-127 (an f32 subnormal) is code 0; below it both clamp to 0, and
  // upward reaches code 1 just above it.
  EXPECT_EQ(rz(std::ldexp(1.0f, -127)), 0);
  EXPECT_EQ(rp(std::ldexp(1.0f, -127)), 0);
  EXPECT_EQ(rz(std::ldexp(1.0f, -140)), 0);
  EXPECT_EQ(rp(std::ldexp(1.0f, -140)), 0);
  EXPECT_EQ(rz(std::ldexp(1.5f, -127)), 0);
  EXPECT_EQ(rp(std::ldexp(1.5f, -127)), 1);
  EXPECT_EQ(rz(0.0f), 0);
  EXPECT_EQ(rp(-0.0f), 0);
  // Saturation at 2^127 (0xFE); NaN is 0xFF.
  EXPECT_EQ(rz(std::ldexp(1.0f, 127)), 254);
  EXPECT_EQ(rp(std::ldexp(1.0f, 127)), 254);
  EXPECT_EQ(rz(std::numeric_limits<float>::max()), 254);
  EXPECT_EQ(rp(std::numeric_limits<float>::max()), 254);
  EXPECT_EQ(rz(kInf), 254);
  EXPECT_EQ(rp(-kInf), 254);
  EXPECT_EQ(rz(kNaN), 255);
  EXPECT_EQ(rp(-kNaN), 255);
  // Nearest even is encodeNarrowFloatSaturate: ties (1.5 * 2^e) go up,
  // negative numbers give 0.
  EXPECT_EQ(encodeF8E8M0FNU(1.5f, E8M0Rounding::NearestEven), 128);
  EXPECT_EQ(encodeF8E8M0FNU(1.4f, E8M0Rounding::NearestEven), 127);
  EXPECT_EQ(encodeF8E8M0FNU(-4.0f, E8M0Rounding::NearestEven), 0);
}

TEST(NarrowFloatKernel, E8M0DirectedRoundingMatchesCudaBits) {
  std::vector<uint32_t> inputs;
  for (uint32_t b = 0; b < 65536; ++b)
    for (uint32_t low : {0u, 1u, 0x8000u, 0xFFFFu})
      inputs.push_back((b << 16) | low);
  std::mt19937 rng(20261201);
  for (int i = 0; i < (1 << 20); ++i)
    inputs.push_back(uint32_t(rng()));
  for (uint32_t u : inputs) {
    float x = fromBits(u);
    ASSERT_EQ(rz(x), cudaE8M0(x, false)) << std::hex << "x = 0x" << u;
    ASSERT_EQ(rp(x), cudaE8M0(x, true)) << std::hex << "x = 0x" << u;
  }
}

TEST(NarrowFloatKernel, TruncFNaNRules) {
  for (uint32_t nan : {0x7FC00000u, 0xFFC00000u, 0x7F800001u, 0xFFA00000u,
                       0x7FE00000u, 0xFFFFFFFFu}) {
    float x = fromBits(nan);
    EXPECT_EQ(kernelTruncF(NarrowFloatKind::F8E4M3FN, x), 0x7F);
    EXPECT_EQ(kernelTruncF(NarrowFloatKind::F8E5M2, x), 0x7F);
    EXPECT_EQ(kernelTruncF(NarrowFloatKind::F6E2M3FN, x), 0x1F);
    EXPECT_EQ(kernelTruncF(NarrowFloatKind::F6E3M2FN, x), 0x1F);
    EXPECT_EQ(kernelTruncF(NarrowFloatKind::F4E2M1FN, x), 0x7);
    EXPECT_EQ(kernelTruncF(NarrowFloatKind::F8E8M0FNU, x), 0xFF);
  }
  // Everything else is encodeNarrowFloatSaturate (inf saturates).
  std::mt19937 rng(7);
  for (NarrowFloatKind k :
       {NarrowFloatKind::F8E4M3FN, NarrowFloatKind::F8E5M2,
        NarrowFloatKind::F6E2M3FN, NarrowFloatKind::F6E3M2FN,
        NarrowFloatKind::F4E2M1FN, NarrowFloatKind::F8E8M0FNU}) {
    EXPECT_EQ(kernelTruncF(k, kInf), narrowFloatFormat(k).maxCode);
    for (int i = 0; i < 100000; ++i) {
      float x = fromBits(uint32_t(rng()));
      if (std::isnan(x))
        continue;
      ASSERT_EQ(kernelTruncF(k, x), encodeNarrowFloatSaturate(k, x));
    }
  }
}

TEST(NarrowFloatKernel, ExtFBits) {
  for (NarrowFloatKind k :
       {NarrowFloatKind::F8E4M3FN, NarrowFloatKind::F8E5M2,
        NarrowFloatKind::F6E2M3FN, NarrowFloatKind::F6E3M2FN,
        NarrowFloatKind::F4E2M1FN, NarrowFloatKind::F8E8M0FNU}) {
    for (unsigned c = 0; c < (1u << narrowFloatFormat(k).bits); ++c) {
      auto code = uint8_t(c);
      if (isNarrowFloatNaN(k, code)) {
        EXPECT_EQ(kernelExtFToF32Bits(k, code), 0x7FFFFFFFu);
        EXPECT_EQ(kernelExtFToF16Bits(k, code), 0x7FFF);
        EXPECT_EQ(kernelExtFToBF16Bits(k, code), 0x7FFF);
        continue;
      }
      float v = decodeNarrowFloat(k, code);
      EXPECT_EQ(kernelExtFToF32Bits(k, code), toBits(v));
      EXPECT_EQ(f16BitsToFloat(kernelExtFToF16Bits(k, code)),
                k == NarrowFloatKind::F8E8M0FNU
                    ? f16BitsToFloat(floatToF16Bits(v))
                    : v);
      EXPECT_EQ(bf16BitsToFloat(kernelExtFToBF16Bits(k, code)), v);
    }
  }
  // E8M0 to f16 rounds: 2^16 overflows, 2^-25 ties to 0, 2^-24 is the
  // smallest subnormal; 2^-127 is the bf16 subnormal 0x0040.
  auto e8 = NarrowFloatKind::F8E8M0FNU;
  EXPECT_EQ(kernelExtFToF16Bits(e8, 127 + 16), 0x7C00);
  EXPECT_EQ(kernelExtFToF16Bits(e8, 127 + 15), 0x7800);
  EXPECT_EQ(kernelExtFToF16Bits(e8, 127 - 24), 0x0001);
  EXPECT_EQ(kernelExtFToF16Bits(e8, 127 - 25), 0x0000);
  EXPECT_EQ(kernelExtFToBF16Bits(e8, 0), 0x0040);
  EXPECT_EQ(kernelExtFToF32Bits(e8, 0), 0x00400000u);
}

} // namespace
