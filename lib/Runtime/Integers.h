//===- Integers.h - Integer arguments read by their type --------*- C++ -*-===//
//
// Internal to lib/Runtime: variant conditions (Variants.cpp) and view checks
// (Views.cpp) read integer scalar arguments the same way.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_LIB_RUNTIME_INTEGERS_H
#define CUTE_LIB_RUNTIME_INTEGERS_H

#include "cute/Runtime/Types.h"

#include <cstdint>
#include <cstring>
#include <optional>
#include <string>

namespace cute::rt::detail {

/// An integer argument's value, signed or unsigned by its type.
struct Integer {
  bool isSigned = true;
  int64_t s = 0;  ///< the value, when isSigned
  uint64_t u = 0; ///< the value, when not
  std::string str() const {
    return isSigned ? std::to_string(s) : std::to_string(u);
  }
  bool multipleOf(uint64_t d) const {
    return isSigned ? s % int64_t(d) == 0 : u % d == 0;
  }
};

/// The `sizeof(U)` bytes at `data`, as unsigned and as signed.
template <class U, class S>
void readBytes(const unsigned char *data, Integer &v) {
  U x;
  std::memcpy(&x, data, sizeof(U));
  v.u = x;
  v.s = static_cast<S>(x);
}

/// Reads an integer of element type `t` from `bytes` bytes; nullopt when
/// `t` is not an integer type of that size.
inline std::optional<Integer> readInteger(const unsigned char *data,
                                          size_t bytes, ElemType t) {
  Integer v;
  switch (t) {
  case ElemType::I8:
  case ElemType::I16:
  case ElemType::I32:
  case ElemType::I64:
  case ElemType::Index:
    v.isSigned = true;
    break;
  case ElemType::U8:
  case ElemType::U16:
  case ElemType::U32:
  case ElemType::U64:
    v.isSigned = false;
    break;
  default:
    return std::nullopt;
  }
  if (bytes != elemTypeBytes(t))
    return std::nullopt;
  switch (bytes) {
  case 1:
    readBytes<uint8_t, int8_t>(data, v);
    break;
  case 2:
    readBytes<uint16_t, int16_t>(data, v);
    break;
  case 4:
    readBytes<uint32_t, int32_t>(data, v);
    break;
  case 8:
    readBytes<uint64_t, int64_t>(data, v);
    break;
  default:
    return std::nullopt;
  }
  return v;
}

} // namespace cute::rt::detail

#endif // CUTE_LIB_RUNTIME_INTEGERS_H
