//===- ElemType.cpp - Element types and Dim3 ------------------------------===//
#include "cute/Support/ElemType.h"

#include <utility>

namespace cute::metadata {

namespace {
struct ElemInfo {
  ElemType type;
  const char *name;
  size_t bytes;
  bool isFloat;
};
constexpr ElemInfo kElems[] = {
    {ElemType::I1, "i1", 1, false},
    {ElemType::I8, "i8", 1, false},
    {ElemType::I16, "i16", 2, false},
    {ElemType::I32, "i32", 4, false},
    {ElemType::I64, "i64", 8, false},
    {ElemType::U8, "u8", 1, false},
    {ElemType::U16, "u16", 2, false},
    {ElemType::U32, "u32", 4, false},
    {ElemType::U64, "u64", 8, false},
    {ElemType::Index, "index", 8, false},
    {ElemType::F16, "f16", 2, true},
    {ElemType::BF16, "bf16", 2, true},
    {ElemType::F32, "f32", 4, true},
    {ElemType::F64, "f64", 8, true},
    {ElemType::TF32, "tf32", 4, true},
    {ElemType::F8E4M3, "f8e4m3", 1, true},
    {ElemType::F8E5M2, "f8e5m2", 1, true},
    {ElemType::F8E8M0, "f8e8m0", 1, true},
    {ElemType::F4E2M1, "f4e2m1", 1, true},
};

const ElemInfo &info(ElemType t) {
  for (const auto &e : kElems)
    if (e.type == t)
      return e;
  return kElems[0];
}
} // namespace

const char *elemTypeName(ElemType t) { return info(t).name; }
size_t elemTypeBytes(ElemType t) { return info(t).bytes; }
unsigned elemTypeBits(ElemType t) {
  return t == ElemType::F4E2M1 ? 4 : unsigned(8 * info(t).bytes);
}
bool isFloatType(ElemType t) { return info(t).isFloat; }

bool isIntegerElem(ElemType t) {
  switch (t) {
  case ElemType::I8:
  case ElemType::I16:
  case ElemType::I32:
  case ElemType::I64:
  case ElemType::U8:
  case ElemType::U16:
  case ElemType::U32:
  case ElemType::U64:
  case ElemType::Index:
    return true;
  default:
    return false;
  }
}

std::optional<ElemType> parseElemType(std::string_view s) {
  for (const auto &e : kElems)
    if (s == e.name)
      return e.type;
  // MLIR's spellings of the same types.
  static constexpr std::pair<const char *, ElemType> kAliases[] = {
      {"si8", ElemType::I8},          {"si16", ElemType::I16},
      {"si32", ElemType::I32},        {"si64", ElemType::I64},
      {"ui8", ElemType::U8},          {"ui16", ElemType::U16},
      {"ui32", ElemType::U32},        {"ui64", ElemType::U64},
      {"f8E4M3FN", ElemType::F8E4M3}, {"f8E4M3", ElemType::F8E4M3},
      {"f8E5M2", ElemType::F8E5M2},   {"f8E8M0FNU", ElemType::F8E8M0},
      {"f4E2M1FN", ElemType::F4E2M1},
  };
  for (const auto &a : kAliases)
    if (s == a.first)
      return a.second;
  return std::nullopt;
}

std::string Dim3::str() const {
  return "[" + std::to_string(x) + "," + std::to_string(y) + "," +
         std::to_string(z) + "]";
}

} // namespace cute::metadata
