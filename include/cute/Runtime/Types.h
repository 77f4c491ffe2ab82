//===- Types.h - Element types and launch dimensions ------------*- C++ -*-===//
//
// The element-type vocabulary shared by kernel metadata ("elem" fields),
// kernel arguments and TMA descriptors. Spellings follow MLIR's builtin
// types: i1 i8 i16 i32 i64 u8 u16 u32 u64 index f16 bf16 f32 f64 tf32
// f8e4m3 f8e5m2; MLIR's si*/ui*/f8E4M3FN/f8E5M2 are accepted as aliases.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_RUNTIME_TYPES_H
#define CUTE_RUNTIME_TYPES_H

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace cute::rt {

enum class ElemType {
  I1,
  I8,
  I16,
  I32,
  I64,
  U8,
  U16,
  U32,
  U64,
  Index,
  F16,
  BF16,
  F32,
  F64,
  TF32,
  F8E4M3,
  F8E5M2,
  F8E8M0, ///< f8E8M0FNU: MX scale factors (a power of two per code)
  F4E2M1, ///< f4E2M1FN: packed two per byte (element 0 in the low nibble)
};

/// The metadata spelling ("f32", "i64", ...).
const char *elemTypeName(ElemType t);
/// Parses a metadata spelling; nullopt when unknown.
std::optional<ElemType> parseElemType(std::string_view s);
/// Storage size in bytes (i1 is stored as one byte, index as 8; f4E2M1,
/// packed two per byte, counts as one byte: a scalar of it is not a kernel
/// parameter and a pointer to it addresses bytes).
size_t elemTypeBytes(ElemType t);
/// Storage size in bits (4 for f4E2M1, else 8 x elemTypeBytes).
unsigned elemTypeBits(ElemType t);
bool isFloatType(ElemType t);

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

struct Dim3 {
  unsigned x = 1, y = 1, z = 1;
  constexpr Dim3() = default;
  constexpr Dim3(unsigned x, unsigned y = 1, unsigned z = 1)
      : x(x), y(y), z(z) {}
  uint64_t volume() const { return uint64_t(x) * y * z; }
  bool operator==(const Dim3 &o) const {
    return x == o.x && y == o.y && z == o.z;
  }
  bool operator!=(const Dim3 &o) const { return !(*this == o); }
  /// "[x,y,z]".
  std::string str() const;
};

} // namespace cute::rt

#endif // CUTE_RUNTIME_TYPES_H
