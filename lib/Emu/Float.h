//===- Float.h - IEEE helpers of the emulator -------------------*- C++ -*-===//
//
// Bit-level float utilities: f16/bf16 <-> f32 with every PTX rounding mode,
// flush-to-zero, saturation, and host arithmetic in a chosen rounding mode
// (PTX ISA "Floating-Point Instructions": .rn/.rz/.rm/.rp, .ftz, .sat).
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_EMU_FLOAT_H
#define CUTE_EMU_FLOAT_H

#include "Ptx.h"

#include <cfenv>
#include <cmath>
#include <cstdint>
#include <cstring>

namespace cute::emu {

inline float asF32(uint64_t bits) {
  uint32_t b = uint32_t(bits);
  float f;
  std::memcpy(&f, &b, 4);
  return f;
}
inline uint32_t f32Bits(float f) {
  uint32_t b;
  std::memcpy(&b, &f, 4);
  return b;
}
inline double asF64(uint64_t bits) {
  double d;
  std::memcpy(&d, &bits, 8);
  return d;
}
inline uint64_t f64Bits(double d) {
  uint64_t b;
  std::memcpy(&b, &d, 8);
  return b;
}

/// The canonical NaN PTX arithmetic returns (PTX ISA: "NaN results are the
/// canonical NaN 0x7fffffff" for f32).
constexpr uint32_t kCanonicalNaN32 = 0x7fffffffu;
constexpr uint64_t kCanonicalNaN64 = 0x7fffffffffffffffull;
constexpr uint16_t kCanonicalNaN16 = 0x7fffu;   // f16: 0x7fff
constexpr uint16_t kCanonicalNaNBF16 = 0x7fffu; // bf16: 0x7fff

inline float flushF32(float f) {
  if (std::fpclassify(f) == FP_SUBNORMAL)
    return std::signbit(f) ? -0.0f : 0.0f;
  return f;
}
inline double flushF64(double d) {
  if (std::fpclassify(d) == FP_SUBNORMAL)
    return std::signbit(d) ? -0.0 : 0.0;
  return d;
}
inline float satF32(float f) {
  if (std::isnan(f))
    return 0.0f;
  return f < 0.0f ? 0.0f : (f > 1.0f ? 1.0f : f);
}

/// Runs `f` with the host rounding mode set to the PTX mode (RN default).
template <class F> auto withRounding(uint8_t mode, F &&f) {
  if (mode == RNone || mode == RN)
    return f();
  int old = std::fegetround();
  std::fesetround(mode == RZ   ? FE_TOWARDZERO
                  : mode == RM ? FE_DOWNWARD
                               : FE_UPWARD);
  auto r = f();
  std::fesetround(old);
  return r;
}

/// f32 bits from a double, rounded in `mode` (RN/RZ/RM/RP; RNA ties away).
uint32_t roundToF32(double x, uint8_t mode);
/// f16 bits from a double / from f32 bits, rounded in `mode`; `sat`
/// clamps to [0, 1] (NaN -> 0); `relu` clamps negatives to 0.
uint16_t roundToF16(double x, uint8_t mode);
uint16_t roundToBF16(double x, uint8_t mode);
/// tf32: f32 bits with the low 13 bits cleared after rounding (RNA/RZ).
uint32_t roundToTF32(float x, uint8_t mode);
double f16ToDouble(uint16_t h);
double bf16ToDouble(uint16_t h);
inline float f16ToF32(uint16_t h) { return float(f16ToDouble(h)); }
inline float bf16ToF32(uint16_t h) { return asF32(uint32_t(h) << 16); }
bool f16IsNaN(uint16_t h);
bool bf16IsNaN(uint16_t h);

/// Generic value of an element of type `t` held in `bits`, as a double
/// (f16, bf16, tf32, f32, f64, e4m3, e5m2).
double floatValue(Ty t, uint64_t bits);

} // namespace cute::emu

#endif // CUTE_EMU_FLOAT_H
