//===- TensorMap.cpp - TMA descriptor validation and encoding -------------===//
//
// The rules are those documented for cuTensorMapEncodeTiled (CUDA 12/13).
//
//===----------------------------------------------------------------------===//
#include "cute/Runtime/TensorMap.h"
#include "cute/Runtime/Context.h"

#include <cstring>

namespace cute::rt {

namespace {

Error tmaError(const std::string &field, const std::string &msg) {
  return Error(ErrorCode::TensorMap, field + ": " + msg);
}

std::string idx(const char *name, size_t i) {
  return std::string(name) + "[" + std::to_string(i) + "]";
}

CUtensorMapSwizzle toCu(TmaSwizzle s) {
  switch (s) {
  case TmaSwizzle::None:
    return CU_TENSOR_MAP_SWIZZLE_NONE;
  case TmaSwizzle::B32:
    return CU_TENSOR_MAP_SWIZZLE_32B;
  case TmaSwizzle::B64:
    return CU_TENSOR_MAP_SWIZZLE_64B;
  case TmaSwizzle::B128:
    return CU_TENSOR_MAP_SWIZZLE_128B;
  }
  return CU_TENSOR_MAP_SWIZZLE_NONE;
}

CUtensorMapInterleave toCu(TmaInterleave i) {
  switch (i) {
  case TmaInterleave::None:
    return CU_TENSOR_MAP_INTERLEAVE_NONE;
  case TmaInterleave::B16:
    return CU_TENSOR_MAP_INTERLEAVE_16B;
  case TmaInterleave::B32:
    return CU_TENSOR_MAP_INTERLEAVE_32B;
  }
  return CU_TENSOR_MAP_INTERLEAVE_NONE;
}

CUtensorMapL2promotion toCu(TmaL2Promotion l) {
  switch (l) {
  case TmaL2Promotion::None:
    return CU_TENSOR_MAP_L2_PROMOTION_NONE;
  case TmaL2Promotion::B64:
    return CU_TENSOR_MAP_L2_PROMOTION_L2_64B;
  case TmaL2Promotion::B128:
    return CU_TENSOR_MAP_L2_PROMOTION_L2_128B;
  case TmaL2Promotion::B256:
    return CU_TENSOR_MAP_L2_PROMOTION_L2_256B;
  }
  return CU_TENSOR_MAP_L2_PROMOTION_NONE;
}

bool validEnum(int v, std::initializer_list<int> allowed) {
  for (int a : allowed)
    if (v == a)
      return true;
  return false;
}

} // namespace

Expected<CUtensorMapDataType> tensorMapDataType(ElemType t) {
  switch (t) {
  case ElemType::I8:
  case ElemType::U8:
  case ElemType::F8E4M3:
  case ElemType::F8E5M2:
  case ElemType::F8E8M0:
    return CU_TENSOR_MAP_DATA_TYPE_UINT8;
  case ElemType::I16:
  case ElemType::U16:
    return CU_TENSOR_MAP_DATA_TYPE_UINT16;
  case ElemType::U32:
    return CU_TENSOR_MAP_DATA_TYPE_UINT32;
  case ElemType::I32:
    return CU_TENSOR_MAP_DATA_TYPE_INT32;
  case ElemType::U64:
    return CU_TENSOR_MAP_DATA_TYPE_UINT64;
  case ElemType::I64:
  case ElemType::Index:
    return CU_TENSOR_MAP_DATA_TYPE_INT64;
  case ElemType::F16:
    return CU_TENSOR_MAP_DATA_TYPE_FLOAT16;
  case ElemType::BF16:
    return CU_TENSOR_MAP_DATA_TYPE_BFLOAT16;
  case ElemType::F32:
    return CU_TENSOR_MAP_DATA_TYPE_FLOAT32;
  case ElemType::F64:
    return CU_TENSOR_MAP_DATA_TYPE_FLOAT64;
  case ElemType::TF32:
    return CU_TENSOR_MAP_DATA_TYPE_TFLOAT32;
  case ElemType::F4E2M1: // packed nibbles need the 16U4 types: not yet
  case ElemType::I1:
    break;
  }
  return tmaError("elem", std::string("element type ") + elemTypeName(t) +
                              " cannot be moved by TMA");
}

Status validateTensorMapSpec(const TmaDescriptorSpec &s) {
  CUTE_TRY(tensorMapDataType(s.elem));
  const uint64_t esize = elemTypeBytes(s.elem);
  const size_t rank = s.shape.size();

  if (!validEnum(int(s.swizzle), {0, 32, 64, 128}))
    return tmaError("swizzle",
                    "invalid mode " + std::to_string(int(s.swizzle)));
  if (!validEnum(int(s.interleave), {0, 16, 32}))
    return tmaError("interleave",
                    "invalid mode " + std::to_string(int(s.interleave)));
  if (!validEnum(int(s.l2Promotion), {0, 64, 128, 256}))
    return tmaError("l2Promotion",
                    "invalid mode " + std::to_string(int(s.l2Promotion)));

  // Rank.
  if (rank < 1 || rank > 5)
    return tmaError("rank", "must be in [1, 5], got " + std::to_string(rank));
  if (s.interleave != TmaInterleave::None && rank < 3)
    return tmaError("rank", "interleaved layouts need rank >= 3, got " +
                                std::to_string(rank));
  if (s.strides.size() != rank)
    return tmaError("strides", "expected " + std::to_string(rank) +
                                   " entries (one per dimension), got " +
                                   std::to_string(s.strides.size()));
  if (s.box.size() != rank)
    return tmaError("box", "expected " + std::to_string(rank) +
                               " entries, got " + std::to_string(s.box.size()));
  if (!s.elementStrides.empty() && s.elementStrides.size() != rank)
    return tmaError("elementStrides",
                    "expected " + std::to_string(rank) +
                        " entries (or none), got " +
                        std::to_string(s.elementStrides.size()));

  // Global address.
  const uint64_t addrAlign = s.interleave == TmaInterleave::B32 ? 32 : 16;
  if (s.globalAddress == 0)
    return tmaError("globalAddress", "null device pointer");
  if (s.globalAddress % addrAlign != 0)
    return tmaError(
        "globalAddress",
        "must be " + std::to_string(addrAlign) + "-byte aligned, got 0x" + [&] {
          char buf[32];
          snprintf(buf, sizeof(buf), "%llx",
                   (unsigned long long)s.globalAddress);
          return std::string(buf);
        }());

  // Shape.
  const uint64_t kMaxDim = uint64_t(1) << 32;
  for (size_t i = 0; i < rank; ++i)
    if (s.shape[i] < 1 || s.shape[i] > kMaxDim)
      return tmaError(idx("shape", i), "must be in [1, 2^32], got " +
                                           std::to_string(s.shape[i]));

  // Strides (elements in, bytes checked).
  if (s.strides[0] != 1)
    return tmaError("strides[0]",
                    "the innermost dimension must be contiguous (stride 1), "
                    "got " +
                        std::to_string(s.strides[0]));
  const uint64_t strideAlign = s.interleave == TmaInterleave::B32 ? 32 : 16;
  const uint64_t kMaxStride = uint64_t(1) << 40;
  for (size_t i = 1; i < rank; ++i) {
    uint64_t st = s.strides[i];
    if (st == 0 || st > (kMaxStride - 1) / esize)
      return tmaError(idx("strides", i),
                      std::to_string(st) + " elements = " +
                          (st == 0 ? std::string("0") : ">= 2^40") +
                          " bytes; must be in (0, 2^40) bytes");
    uint64_t bytes = st * esize;
    if (bytes % strideAlign != 0)
      return tmaError(idx("strides", i),
                      std::to_string(st) + " elements = " +
                          std::to_string(bytes) + " bytes, not a multiple of " +
                          std::to_string(strideAlign) + " bytes");
  }

  // Box.
  for (size_t i = 0; i < rank; ++i)
    if (s.box[i] < 1 || s.box[i] > 256)
      return tmaError(idx("box", i),
                      "must be in [1, 256], got " + std::to_string(s.box[i]));
  const uint64_t innerBytes = uint64_t(s.box[0]) * esize;
  if (s.interleave == TmaInterleave::None) {
    if (innerBytes % 16 != 0)
      return tmaError("box[0]", std::to_string(s.box[0]) + " x " +
                                    std::to_string(esize) +
                                    " bytes = " + std::to_string(innerBytes) +
                                    " bytes, not a multiple of 16 bytes");
    if (s.swizzle != TmaSwizzle::None && innerBytes > uint64_t(s.swizzle))
      return tmaError("box[0]", "inner box of " + std::to_string(innerBytes) +
                                    " bytes exceeds the " +
                                    std::to_string(int(s.swizzle)) +
                                    "-byte swizzle span");
  }
  if (s.interleave == TmaInterleave::B32 && s.swizzle != TmaSwizzle::B32)
    return tmaError("swizzle", "32-byte interleave requires 32-byte swizzle");

  // Element strides.
  for (size_t i = 0; i < s.elementStrides.size(); ++i)
    if (s.elementStrides[i] < 1 || s.elementStrides[i] > 8)
      return tmaError(idx("elementStrides", i),
                      "must be in [1, 8], got " +
                          std::to_string(s.elementStrides[i]));

  if (s.oobFill == TmaOobFill::NanRequestZeroFma && !isFloatType(s.elem))
    return tmaError("oobFill", std::string("NaN fill needs a floating-point "
                                           "element type, got ") +
                                   elemTypeName(s.elem));
  return okStatus();
}

Expected<TensorMap> encodeTensorMap(const Driver &driver,
                                    const TmaDescriptorSpec &s) {
  CUTE_TRY(validateTensorMapSpec(s));
  CUTE_TRY(driver.require(
      reinterpret_cast<const void *>(driver.api().cuTensorMapEncodeTiled),
      "cuTensorMapEncodeTiled"));
  CUTE_ASSIGN_OR_RETURN(CUtensorMapDataType dt, tensorMapDataType(s.elem));
  const size_t rank = s.shape.size();
  const uint64_t esize = elemTypeBytes(s.elem);
  cuuint64_t dims[5], strides[5];
  cuuint32_t box[5], estr[5];
  for (size_t i = 0; i < rank; ++i) {
    dims[i] = s.shape[i];
    box[i] = s.box[i];
    estr[i] = s.elementStrides.empty() ? 1 : s.elementStrides[i];
    if (i + 1 < rank)
      strides[i] = s.strides[i + 1] * esize;
  }
  TensorMap tm;
  std::memset(&tm.map, 0, sizeof(tm.map));
  CUresult r = driver.api().cuTensorMapEncodeTiled(
      &tm.map, dt, cuuint32_t(rank),
      reinterpret_cast<void *>(uintptr_t(s.globalAddress)), dims, strides, box,
      estr, toCu(s.interleave), toCu(s.swizzle), toCu(s.l2Promotion),
      s.oobFill == TmaOobFill::Zero
          ? CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE
          : CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA);
  if (r != CUDA_SUCCESS) {
    Error e = driver.check(r, "cuTensorMapEncodeTiled").error();
    return Error(ErrorCode::TensorMap,
                 e.message() + " (rank " + std::to_string(rank) + ", elem " +
                     elemTypeName(s.elem) + ")",
                 e.cudaResult());
  }
  tm.elem = s.elem;
  tm.rank = int(rank);
  tm.box = s.box;
  tm.swizzle = int(s.swizzle);
  tm.interleave = int(s.interleave);
  return tm;
}

Expected<TensorMap> encodeTensorMap(const Context &ctx,
                                    const TmaDescriptorSpec &s) {
  if (!ctx.valid())
    return Error(ErrorCode::InvalidArgument, "use of an empty Context");
  CUTE_TRY(ctx.makeCurrent());
  return encodeTensorMap(ctx.driver(), s);
}

} // namespace cute::rt
