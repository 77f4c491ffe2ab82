//===- Types.h - Element types and launch dimensions ------------*- C++ -*-===//
//
// The element types of kernel metadata (cute/Support/ElemType.h) as the
// runtime names them, and the C++ types that map to them.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_RUNTIME_TYPES_H
#define CUTE_RUNTIME_TYPES_H

#include "cute/Support/ElemType.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace cute::rt {

// The element types and Dim3 are the metadata model's
// (cute/Support/ElemType.h).
using ::cute::metadata::Dim3;
using ::cute::metadata::ElemType;
using ::cute::metadata::elemTypeBits;
using ::cute::metadata::elemTypeBytes;
using ::cute::metadata::elemTypeName;
using ::cute::metadata::isFloatType;
using ::cute::metadata::isIntegerElem;
using ::cute::metadata::parseElemType;

/// Maps a C++ scalar type to its ElemType (used by KernelArgs::scalar).
template <class T> struct ElemTypeOf;
#define CUTE_RT_ELEM_OF(CT, ET)                                                \
  template <> struct ElemTypeOf<CT> {                                          \
    static constexpr ElemType value = ElemType::ET;                            \
  };
CUTE_RT_ELEM_OF(bool, I1)
CUTE_RT_ELEM_OF(int8_t, I8)
CUTE_RT_ELEM_OF(int16_t, I16)
CUTE_RT_ELEM_OF(int32_t, I32)
CUTE_RT_ELEM_OF(int64_t, I64)
CUTE_RT_ELEM_OF(uint8_t, U8)
CUTE_RT_ELEM_OF(uint16_t, U16)
CUTE_RT_ELEM_OF(uint32_t, U32)
CUTE_RT_ELEM_OF(uint64_t, U64)
CUTE_RT_ELEM_OF(float, F32)
CUTE_RT_ELEM_OF(double, F64)

/// C++ types of the 16-bit and narrow floats, for typed device pointers and
/// scalars (KernelArgs::scalar, the generated launchers: docs/launchers.md).
/// Each holds its encoding; fromFloat rounds to nearest even as
/// cute::encodeNarrowFloat does (cute/Support/NarrowFloat.h: a value beyond
/// the largest finite one becomes NaN for f8E4M3FN, infinity for f8E5M2).
struct half_t {
  uint16_t bits = 0;
  static half_t fromFloat(float x);
  float toFloat() const;
};
struct bfloat16_t {
  uint16_t bits = 0;
  static bfloat16_t fromFloat(float x);
  float toFloat() const;
};
struct float8_e4m3_t {
  uint8_t bits = 0;
  static float8_e4m3_t fromFloat(float x);
  float toFloat() const;
};
struct float8_e5m2_t {
  uint8_t bits = 0;
  static float8_e5m2_t fromFloat(float x);
  float toFloat() const;
};
/// An MX scale factor: 2^(bits - 127); fromFloat rounds the exponent up
/// (cute::encodeF8E8M0FNU with E8M0Rounding::Upward, so that a block's
/// amax / scale does not overflow the element format).
struct float8_e8m0_t {
  uint8_t bits = 0;
  static float8_e8m0_t fromFloat(float x);
  float toFloat() const;
};
/// Two f4E2M1FN codes in one byte, element 0 in the low nibble: a device
/// pointer of this type addresses pairs of FP4 values.
struct float4_e2m1x2_t {
  uint8_t bits = 0;
};
CUTE_RT_ELEM_OF(half_t, F16)
CUTE_RT_ELEM_OF(bfloat16_t, BF16)
CUTE_RT_ELEM_OF(float8_e4m3_t, F8E4M3)
CUTE_RT_ELEM_OF(float8_e5m2_t, F8E5M2)
CUTE_RT_ELEM_OF(float8_e8m0_t, F8E8M0)
CUTE_RT_ELEM_OF(float4_e2m1x2_t, F4E2M1)
#undef CUTE_RT_ELEM_OF

} // namespace cute::rt

#endif // CUTE_RUNTIME_TYPES_H
