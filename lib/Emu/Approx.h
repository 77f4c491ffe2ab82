//===- Approx.h - .approx floating-point functions as on sm_90a --*- C++
//-*-===//
//
// Bit-level models of PTX's approximate math instructions (PTX ISA section
// "Floating Point Instructions": ex2, rcp, rsqrt, sqrt, lg2, sin, cos, tanh;
// "Half Precision Floating Point Instructions": ex2), as an H200 (sm_90a,
// ptxas 13.0) computes them. All functions take and return bit patterns.
//
// Structure (read from ptxas 13.0's sm_90a SASS, test/gpu/emu-probes):
// every .approx instruction is one MUFU operation (a special-function-unit
// op that flushes subnormal inputs and outputs to zero), and the non-.ftz
// forms wrap it in exact f32 scaling code:
//   ex2.approx.f32:   x < -126 (or NaN) ? MUFU.EX2(x * 0.5)^2 : MUFU.EX2(x)
//   rcp.approx.f32:   s = |x| > 2^126 ? 0.25 : |x| < 2^-126 ? 2^24 : 1;
//                     s * MUFU.RCP(x * s)
//   rsqrt.approx.f32: |x| < 2^-126 ? MUFU.RSQ(x * 2^24) * 2^12 : MUFU.RSQ(x)
//   sqrt.approx.f32:  |x| < 2^-126 ? MUFU.SQRT(x * 2^24) * 2^-12 : MUFU.SQRT(x)
//   lg2.approx.f32:   |x| < 2^-126 ? MUFU.LG2(x * 2^24) - 24 : MUFU.LG2(x)
//   sin/cos.approx:   MUFU.SIN/COS(x *rz f32(1/(2 pi)))  (.ftz or not)
//   tanh.approx.f32:  MUFU.TANH(x)
// The wrappers are reproduced exactly. No exact model of the f32 MUFU cores
// was found (they are not correctly rounded, not truncated, and ex2 is not
// even exactly periodic: ex2(x) != 2 ex2(x-1) for 7.7M inputs; rcp, rsqrt
// and sqrt do scale exactly by powers of 2 and 4). They are modelled as the
// correctly rounded value (from double) with the MUFU's special values and
// flushes, which the H200 matches exactly; finite results differ from the
// hardware by at most the measured bounds below. Exception: MUFU.LG2 is
// modelled as the truncated value, which it matches far more often. The
// f16/bf16 ex2 cores are modelled exactly (truncation of 2^x, Approx.cpp).
//
// Plain C++17; the probes also compile it as CUDA device code.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_LIB_EMU_APPROX_H
#define CUTE_LIB_EMU_APPROX_H

#include <cstdint>

#ifndef CUTE_EMU_HD
#if defined(__CUDACC__)
#define CUTE_EMU_HD __host__ __device__
#else
#define CUTE_EMU_HD
#endif
#endif

namespace cute::emu {

CUTE_EMU_HD uint32_t approxEx2F32(uint32_t x, bool ftz);
CUTE_EMU_HD uint32_t approxRcpF32(uint32_t x, bool ftz);
CUTE_EMU_HD uint32_t approxRsqrtF32(uint32_t x, bool ftz);
CUTE_EMU_HD uint32_t approxSqrtF32(uint32_t x, bool ftz);
CUTE_EMU_HD uint32_t approxLg2F32(uint32_t x, bool ftz);
CUTE_EMU_HD uint32_t approxSinF32(uint32_t x, bool ftz);
CUTE_EMU_HD uint32_t approxCosF32(uint32_t x, bool ftz);
CUTE_EMU_HD uint32_t approxTanhF32(uint32_t x);
/// rcp.approx.ftz.f64.
CUTE_EMU_HD uint64_t approxRcpFtzF64(uint64_t x);
/// ex2.approx.f16 (and each lane of .f16x2), ex2.approx.ftz.bf16.
CUTE_EMU_HD uint16_t approxEx2F16(uint16_t x);
CUTE_EMU_HD uint32_t approxEx2F16x2(uint32_t x);
CUTE_EMU_HD uint16_t approxEx2FtzBF16(uint16_t x);
CUTE_EMU_HD uint32_t approxEx2FtzBF16x2(uint32_t x);

// Bounds measured on the H200 (2026-12-02) over every f32 input, for the .ftz
// and the plain form alike: the largest distance between the GPU's result
// and this model's, in ulps (bit patterns of one sign; NaN, inf, zero and
// sign cases match exactly unless noted). 0 would mean exact.
constexpr int kApproxEx2MaxUlpVsModel = 2; // 981655 inputs at 2 ulp
constexpr int kApproxRcpMaxUlpVsModel = 1;
constexpr int kApproxRsqrtMaxUlpVsModel = 2; // 1018 inputs at 2 ulp
constexpr int kApproxSqrtMaxUlpVsModel = 1;
constexpr int kApproxTanhMaxUlpVsModel = 134;
// lg2 (core: truncated, not rounded): ulps outside [0.5, 2); inside, where
// the result is near 0, an absolute bound (the MUFU's error there is
// absolute): measured 1.79e-7.
constexpr int kApproxLg2MaxUlpVsModel = 2;
constexpr double kApproxLg2MaxAbsVsModelNear1 = 1.795e-7;
// sin/cos: an absolute bound over all inputs (their ulp error is unbounded
// near zeros of the function, where the GPU may also return +-0 for a tiny
// value): measured max |GPU - model| = 3.57628e-7 = 3 * 2^-23.
constexpr double kApproxSinMaxAbsVsModel = 0x1.8p-22;
constexpr double kApproxCosMaxAbsVsModel = 0x1.8p-22;
// rcp.approx.ftz.f64: the GPU equals the model's formula with the GPU's own
// f32 MUFU.RCP exactly (all 2^32 high words); with this file's f32 core the
// high words differ by at most 1 (1.7% of inputs); special values exact.
constexpr int kApproxRcpF64MaxHiWordUlpVsModel = 1;
// ex2.approx.f16/.f16x2/.ftz.bf16/.ftz.bf16x2: exact (all 2^16 inputs).

} // namespace cute::emu

#endif // CUTE_LIB_EMU_APPROX_H
