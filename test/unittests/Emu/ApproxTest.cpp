//===- ApproxTest.cpp - .approx models against H200 measurements ---------===//
//
// Every expected value here was measured on an NVIDIA H200 (sm_90a, ptxas
// 13.0) by test/gpu/emu-probes/approx_probe.cu; ApproxH200.inc holds the
// measured (input -> GPU output) rows. The models must match special values
// (NaN, inf, zero, sign, flushes) exactly and finite results within the
// bounds that the same probe measured over all 2^32 inputs (Approx.h).
//
//===----------------------------------------------------------------------===//
#include "Approx.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <cstring>

using namespace cute::emu;

namespace {

struct F32Row {
  int fn;
  uint32_t x, gpu;
};
const F32Row kF32Rows[] = {
#define APPROX_F32_ROWS
#include "ApproxH200.inc"
#undef APPROX_F32_ROWS
};

struct HalfRow {
  int kind;
  uint16_t x, gpu;
};
const HalfRow kHalfRows[] = {
#define APPROX_HALF_ROWS
#include "ApproxH200.inc"
#undef APPROX_HALF_ROWS
};

struct F64Row {
  uint64_t x, gpu;
};
const F64Row kF64Rows[] = {
#define APPROX_F64_ROWS
#include "ApproxH200.inc"
#undef APPROX_F64_ROWS
};

enum Fn {
  Ex2,
  Ex2Ftz,
  Rcp,
  RcpFtz,
  Rsqrt,
  RsqrtFtz,
  Sqrt,
  SqrtFtz,
  Lg2,
  Lg2Ftz,
  Sin,
  SinFtz,
  Cos,
  CosFtz,
  Tanh,
  NumFn
};
const char *const kFnName[NumFn] = {"ex2",   "ex2.ftz",   "rcp",  "rcp.ftz",
                                    "rsqrt", "rsqrt.ftz", "sqrt", "sqrt.ftz",
                                    "lg2",   "lg2.ftz",   "sin",  "sin.ftz",
                                    "cos",   "cos.ftz",   "tanh"};

uint32_t model(int fn, uint32_t x) {
  bool ftz = fn % 2 == 1 && fn != Tanh;
  switch (fn) {
  case Ex2:
  case Ex2Ftz:
    return approxEx2F32(x, ftz);
  case Rcp:
  case RcpFtz:
    return approxRcpF32(x, ftz);
  case Rsqrt:
  case RsqrtFtz:
    return approxRsqrtF32(x, ftz);
  case Sqrt:
  case SqrtFtz:
    return approxSqrtF32(x, ftz);
  case Lg2:
  case Lg2Ftz:
    return approxLg2F32(x, ftz);
  case Sin:
  case SinFtz:
    return approxSinF32(x, ftz);
  case Cos:
  case CosFtz:
    return approxCosF32(x, ftz);
  default:
    return approxTanhF32(x);
  }
}

int ulpBound(int fn) {
  switch (fn) {
  case Ex2:
  case Ex2Ftz:
    return kApproxEx2MaxUlpVsModel;
  case Rcp:
  case RcpFtz:
    return kApproxRcpMaxUlpVsModel;
  case Rsqrt:
  case RsqrtFtz:
    return kApproxRsqrtMaxUlpVsModel;
  case Sqrt:
  case SqrtFtz:
    return kApproxSqrtMaxUlpVsModel;
  case Lg2:
  case Lg2Ftz:
    return kApproxLg2MaxUlpVsModel;
  default:
    return kApproxTanhMaxUlpVsModel;
  }
}

float asF(uint32_t b) {
  float f;
  std::memcpy(&f, &b, 4);
  return f;
}
bool finiteNonZero(uint32_t b) {
  return (b & 0x7f800000u) != 0x7f800000u && (b & 0x7fffffffu) != 0;
}

/// Empty when gpu is within the measured bound of the model's m for x.
std::string check(int fn, uint32_t x, uint32_t gpu, uint32_t m) {
  if (gpu == m)
    return "";
  double d = std::fabs(static_cast<double>(asF(gpu)) - asF(m));
  if (fn >= Sin && fn <= CosFtz) { // absolute bound, zeros included
    double bound =
        fn <= SinFtz ? kApproxSinMaxAbsVsModel : kApproxCosMaxAbsVsModel;
    if (d <= bound)
      return "";
    return "abs error " + std::to_string(d);
  }
  if (!finiteNonZero(gpu) || !finiteNonZero(m) || ((gpu ^ m) >> 31))
    return "special value differs";
  float xf = asF(x);
  if ((fn == Lg2 || fn == Lg2Ftz) && xf >= 0.5f && xf < 2.0f) {
    if (d <= kApproxLg2MaxAbsVsModelNear1)
      return "";
    return "abs error near 1: " + std::to_string(d);
  }
  long dist = std::labs(static_cast<long>(gpu) - static_cast<long>(m));
  if (dist <= ulpBound(fn))
    return "";
  return std::to_string(dist) + " ulp";
}

TEST(ApproxH200, F32TablesWithinMeasuredBounds) {
  int rows[NumFn] = {}, exact[NumFn] = {};
  for (const F32Row &r : kF32Rows) {
    uint32_t m = model(r.fn, r.x);
    ++rows[r.fn];
    exact[r.fn] += m == r.gpu;
    std::string why = check(r.fn, r.x, r.gpu, m);
    EXPECT_TRUE(why.empty())
        << kFnName[r.fn] << ".approx x=0x" << std::hex << r.x << " gpu=0x"
        << r.gpu << " model=0x" << m << ": " << why;
  }
  for (int f = 0; f < NumFn; ++f) {
    EXPECT_GT(rows[f], 1000) << kFnName[f];
    // Most rows are bit-exact (the sweep: 69%..97% of all inputs, by
    // function; sin/cos 85%/88%).
    EXPECT_GT(exact[f] * 2, rows[f]) << kFnName[f];
  }
}

TEST(ApproxH200, SpecialValuesExact) {
  // Rows whose input is NaN, inf or zero (or subnormal, for the .ftz forms,
  // which flush it) or whose GPU output is NaN, inf or zero; sin/cos aside
  // (a zero there is within their absolute bound). The full sweep found no
  // such input where the model differs.
  int n = 0;
  for (const F32Row &r : kF32Rows) {
    if (r.fn >= Sin && r.fn <= CosFtz)
      continue;
    bool ftz = r.fn % 2 == 1 && r.fn != Tanh;
    bool special = !finiteNonZero(r.x) || !finiteNonZero(r.gpu) ||
                   (ftz && (r.x & 0x7f800000u) == 0);
    if (!special)
      continue;
    ++n;
    EXPECT_EQ(model(r.fn, r.x), r.gpu)
        << kFnName[r.fn] << " x=0x" << std::hex << r.x;
  }
  EXPECT_GT(n, 1000);
}

TEST(ApproxH200, MeasuredFacts) {
  // ptxas' non-.ftz wrappers keep subnormal results; MUFU flushes them.
  EXPECT_EQ(approxRcpF32(0x7f000000u, false), 0x00400000u); // 1/2^127
  EXPECT_EQ(approxRcpF32(0x7f000000u, true), 0x00000000u);
  EXPECT_EQ(approxEx2F32(0xc3100000u, false), 0x00000020u); // 2^-144
  EXPECT_EQ(approxEx2F32(0xc3100000u, true), 0x00000000u);
  EXPECT_EQ(approxEx2F32(0x43000000u, false), 0x7f800000u); // 2^128 = inf
  EXPECT_EQ(approxRsqrtF32(0x00000001u, true), 0x7f800000u);
  EXPECT_EQ(approxRsqrtF32(0x80000000u, false), 0xff800000u); // -0 -> -inf
  EXPECT_EQ(approxSqrtF32(0x80000000u, false), 0x80000000u);
  EXPECT_EQ(approxLg2F32(0x00000001u, false), 0xc3150000u); // -149
  EXPECT_EQ(approxLg2F32(0x00000001u, true), 0xff800000u);
  EXPECT_EQ(approxLg2F32(0x3f800000u, true), 0x00000000u);
  // tanh.approx keeps subnormal inputs.
  EXPECT_EQ(approxTanhF32(0x00000001u), 0x00000001u);
  // sin/cos reduce with an f32 multiply by 1/(2 pi), rounded toward zero:
  // sin(2^24) = sin(2 pi * 2670176.75) = -1, and sin is odd.
  EXPECT_EQ(approxSinF32(0x4b800000u, false), 0xbf800000u);
  EXPECT_EQ(approxCosF32(0x4b800000u, false), 0x00000000u);
  EXPECT_EQ(approxSinF32(0x5f000000u, false), 0x00000000u);
  EXPECT_EQ(approxSinF32(0xdf000000u, false), 0x80000000u);
  // Every NaN becomes 0x7fffffff.
  EXPECT_EQ(approxEx2F32(0xffc00000u, false), 0x7fffffffu);
  EXPECT_EQ(approxRcpF32(0x7f800001u, true), 0x7fffffffu);
}

TEST(ApproxH200, HalfEx2Exact) {
  // The probe compared all 2^16 inputs of each form with these models on
  // the GPU: 0 mismatches. The rows keep a sample of them.
  int n = 0;
  for (const HalfRow &r : kHalfRows) {
    uint16_t m = r.kind == 0 ? approxEx2F16(r.x) : approxEx2FtzBF16(r.x);
    EXPECT_EQ(m, r.gpu) << (r.kind ? "bf16" : "f16") << " x=0x" << std::hex
                        << r.x;
    ++n;
  }
  EXPECT_GT(n, 3000);
  // Negative inputs above -2^-23 give exactly 1 (RZ of 2^x would not).
  EXPECT_EQ(approxEx2F16(0x8001), 0x3c00);
  EXPECT_EQ(approxEx2FtzBF16(0xa4c0), 0x3f80);
  // Lanes of .f16x2 are independent.
  EXPECT_EQ(approxEx2F16x2(0x3c008001u), 0x40003c00u);
}

TEST(ApproxH200, RcpF64) {
  int exact = 0, n = 0;
  for (const F64Row &r : kF64Rows) {
    uint64_t m = approxRcpFtzF64(r.x);
    ++n;
    if (m == r.gpu) {
      ++exact;
      continue;
    }
    // Finite normal results: high words within the bound, low words 0.
    EXPECT_EQ(r.gpu & 0xffffffffull, 0u);
    EXPECT_EQ(m >> 63, r.gpu >> 63);
    long d =
        std::labs(static_cast<long>(m >> 32) - static_cast<long>(r.gpu >> 32));
    EXPECT_LE(d, kApproxRcpF64MaxHiWordUlpVsModel)
        << std::hex << "x=0x" << r.x << " gpu=0x" << r.gpu << " model=0x" << m;
  }
  EXPECT_GT(n, 1500);
  EXPECT_GT(exact * 10, n * 9);
  EXPECT_EQ(approxRcpFtzF64(0x0000000000000001ull), 0x7ff0000000000000ull);
  EXPECT_EQ(approxRcpFtzF64(0x7ff0000000000001ull), 0ull); // low word ignored
  EXPECT_EQ(approxRcpFtzF64(0xfff8000000000000ull), 0x7fffffff00000000ull);
  EXPECT_EQ(approxRcpFtzF64(0x7fd0000000000001ull), 0x0010000000000000ull);
  EXPECT_EQ(approxRcpFtzF64(0x4000000000000000ull), 0x3fe0000000000000ull);
}

} // namespace
