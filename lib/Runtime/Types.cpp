//===- Types.cpp - C++ types of the narrow floats -------------------------===//
#include "cute/Runtime/Types.h"
#include "cute/Support/NarrowFloat.h"

#include <utility>

namespace cute::rt {

half_t half_t::fromFloat(float x) { return {floatToF16Bits(x)}; }
float half_t::toFloat() const { return f16BitsToFloat(bits); }
bfloat16_t bfloat16_t::fromFloat(float x) { return {floatToBF16Bits(x)}; }
float bfloat16_t::toFloat() const { return bf16BitsToFloat(bits); }
float8_e4m3_t float8_e4m3_t::fromFloat(float x) { return {toF8E4M3FN(x)}; }
float float8_e4m3_t::toFloat() const { return fromF8E4M3FN(bits); }
float8_e5m2_t float8_e5m2_t::fromFloat(float x) { return {toF8E5M2(x)}; }
float float8_e5m2_t::toFloat() const { return fromF8E5M2(bits); }
float8_e8m0_t float8_e8m0_t::fromFloat(float x) {
  return {encodeF8E8M0FNU(x, E8M0Rounding::Upward)};
}
float float8_e8m0_t::toFloat() const {
  return decodeNarrowFloat(NarrowFloatKind::F8E8M0FNU, bits);
}

} // namespace cute::rt
