//===- ElemType.h - Element types and launch dimensions ---------*- C++ -*-===//
//
// The element-type vocabulary of kernel metadata ("elem" fields), shared by
// the compiler (which writes it) and the runtime (kernel arguments, TMA
// descriptors). Spellings follow MLIR's builtin types: i1 i8 i16 i32 i64 u8
// u16 u32 u64 index f16 bf16 f32 f64 tf32 f8e4m3 f8e5m2 f8e8m0 f4e2m1;
// MLIR's si*/ui*/f8E4M3FN/f8E5M2/f8E8M0FNU/f4E2M1FN are accepted as
// aliases. MLIR-free.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_SUPPORT_ELEMTYPE_H
#define CUTE_SUPPORT_ELEMTYPE_H

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace cute::metadata {

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
/// Parses a metadata spelling or one of MLIR's aliases; nullopt when
/// unknown.
std::optional<ElemType> parseElemType(std::string_view s);
/// Storage size in bytes (i1 is stored as one byte, index as 8; f4E2M1,
/// packed two per byte, counts as one byte: a scalar of it is not a kernel
/// parameter and a pointer to it addresses bytes).
size_t elemTypeBytes(ElemType t);
/// Storage size in bits (4 for f4E2M1, else 8 x elemTypeBytes).
unsigned elemTypeBits(ElemType t);
bool isFloatType(ElemType t);
/// i*, u* and index.
bool isIntegerElem(ElemType t);

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

} // namespace cute::metadata

#endif // CUTE_SUPPORT_ELEMTYPE_H
