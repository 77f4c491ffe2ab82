//===- DriverTensorMap.cpp - cuTensorMapEncodeTiled -----------------------===//
//
// The checks of cuTensorMapEncodeTiled as the H200's driver 13.0 applies
// them, and the emulator's descriptor (TensorMapFormat.h) it writes.
//
//===----------------------------------------------------------------------===//
#include "DriverImpl.h"
#include "TensorMapFormat.h"

#include <cstring>

namespace cute::emu::driver {

namespace {

/// Bytes of one element; 0 for the packed sub-byte types.
int tensorMapElementBytes(int type) {
  switch (type) {
  case CU_TENSOR_MAP_DATA_TYPE_UINT8:
    return 1;
  case CU_TENSOR_MAP_DATA_TYPE_UINT16:
  case CU_TENSOR_MAP_DATA_TYPE_FLOAT16:
  case CU_TENSOR_MAP_DATA_TYPE_BFLOAT16:
    return 2;
  case CU_TENSOR_MAP_DATA_TYPE_UINT32:
  case CU_TENSOR_MAP_DATA_TYPE_INT32:
  case CU_TENSOR_MAP_DATA_TYPE_FLOAT32:
  case CU_TENSOR_MAP_DATA_TYPE_FLOAT32_FTZ:
  case CU_TENSOR_MAP_DATA_TYPE_TFLOAT32:
  case CU_TENSOR_MAP_DATA_TYPE_TFLOAT32_FTZ:
    return 4;
  case CU_TENSOR_MAP_DATA_TYPE_UINT64:
  case CU_TENSOR_MAP_DATA_TYPE_INT64:
  case CU_TENSOR_MAP_DATA_TYPE_FLOAT64:
    return 8;
  default:
    return 0;
  }
}

bool isFloatTensorMapType(int type) {
  switch (type) {
  case CU_TENSOR_MAP_DATA_TYPE_FLOAT16:
  case CU_TENSOR_MAP_DATA_TYPE_FLOAT32:
  case CU_TENSOR_MAP_DATA_TYPE_FLOAT64:
  case CU_TENSOR_MAP_DATA_TYPE_BFLOAT16:
  case CU_TENSOR_MAP_DATA_TYPE_FLOAT32_FTZ:
  case CU_TENSOR_MAP_DATA_TYPE_TFLOAT32:
  case CU_TENSOR_MAP_DATA_TYPE_TFLOAT32_FTZ:
    return true;
  default:
    return false;
  }
}

} // namespace

// The rules of cuTensorMapEncodeTiled as the H200's driver 13.0 applies
// them (case by case in test/gpu/driver-probe, 2026-12-02). Where it is more
// permissive than its documentation and lib/Runtime/TensorMap.cpp (a null
// global address, a zero stride, a 32-byte interleave with any swizzle),
// the driver wins: the emulator must accept what the GPU accepts.
CUresult tensorMapEncodeTiled(
    Backend &b, CUtensorMap *map, CUtensorMapDataType type, cuuint32_t rank,
    void *address, const cuuint64_t *dims, const cuuint64_t *strides,
    const cuuint32_t *box, const cuuint32_t *elementStrides,
    CUtensorMapInterleave interleave, CUtensorMapSwizzle swizzle,
    CUtensorMapL2promotion l2, CUtensorMapFloatOOBfill oobFill) {
  Lock l(b.mutex);
  if (CUresult r = checkInit(b, "cuTensorMapEncodeTiled"))
    return r;
  auto bad = [](const std::string &m) {
    return fail(CUDA_ERROR_INVALID_VALUE, "cuTensorMapEncodeTiled: " + m);
  };
  // Blackwell's additions: sm_90a has none (the H200's driver says
  // CUDA_ERROR_INVALID_VALUE); on the Blackwell chips the emulator does not
  // implement them.
  auto unsupported = [&](const std::string &m) {
    if (b.chip == Chip::Sm90a)
      return bad(m + ", which sm_90a does not have");
    return fail(CUDA_ERROR_NOT_SUPPORTED, "cuTensorMapEncodeTiled: " + m +
                                              ", which the emulator does "
                                              "not emulate");
  };
  if (!map)
    return bad("null tensor map");
  const int esize = tensorMapElementBytes(type);
  if (int(type) >= CU_TENSOR_MAP_DATA_TYPE_16U4_ALIGN8B &&
      int(type) <= CU_TENSOR_MAP_DATA_TYPE_16U6_ALIGN16B)
    return unsupported("data type " + std::to_string(int(type)) +
                       " (packed 4/6-bit)");
  if (esize == 0)
    return bad("data type " + std::to_string(int(type)) +
               " is not a CUtensorMapDataType");
  if (rank < 1 || rank > 5)
    return bad("rank " + std::to_string(rank) + " is not in [1, 5]");
  if (int(interleave) < 0 || int(interleave) > CU_TENSOR_MAP_INTERLEAVE_32B)
    return bad("interleave " + std::to_string(int(interleave)) +
               " is not a CUtensorMapInterleave");
  if (interleave != CU_TENSOR_MAP_INTERLEAVE_NONE && rank < 3)
    return bad("an interleaved layout needs rank >= 3, got " +
               std::to_string(rank));
  if (int(swizzle) >= CU_TENSOR_MAP_SWIZZLE_128B_ATOM_32B &&
      int(swizzle) <= CU_TENSOR_MAP_SWIZZLE_128B_ATOM_64B)
    return unsupported("swizzle " + std::to_string(int(swizzle)) +
                       " (128B with 32B/64B atoms)");
  if (int(swizzle) < 0 || int(swizzle) > CU_TENSOR_MAP_SWIZZLE_128B)
    return bad("swizzle " + std::to_string(int(swizzle)) +
               " is not a CUtensorMapSwizzle");
  if (int(l2) < 0 || int(l2) > CU_TENSOR_MAP_L2_PROMOTION_L2_256B)
    return bad("L2 promotion " + std::to_string(int(l2)) +
               " is not a CUtensorMapL2promotion");
  if (int(oobFill) < 0 ||
      int(oobFill) > CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA)
    return bad("OOB fill " + std::to_string(int(oobFill)) +
               " is not a CUtensorMapFloatOOBfill");
  if (oobFill == CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA &&
      !isFloatTensorMapType(type))
    return bad("the NaN OOB fill needs a floating-point data type, got " +
               std::to_string(int(type)));
  // The driver wants every array, globalStrides too when rank is 1.
  if (!dims || !strides || !box || !elementStrides)
    return bad(std::string("null ") +
               (!dims      ? "globalDim"
                : !strides ? "globalStrides"
                : !box     ? "boxDim"
                           : "elementStrides") +
               " array");
  const uint64_t align = interleave == CU_TENSOR_MAP_INTERLEAVE_32B ? 32 : 16;
  const uint64_t addr = reinterpret_cast<uintptr_t>(address);
  if (addr % align != 0)
    return bad("global address " + hex(addr) + " is not " +
               std::to_string(align) + "-byte aligned");
  for (cuuint32_t i = 0; i < rank; ++i) {
    if (dims[i] < 1 || dims[i] > (uint64_t(1) << 32))
      return bad("globalDim[" + std::to_string(i) +
                 "] = " + std::to_string(dims[i]) + " is not in [1, 2^32]");
    if (dims[i] == (uint64_t(1) << 32))
      return fail(CUDA_ERROR_NOT_SUPPORTED,
                  "cuTensorMapEncodeTiled: globalDim[" + std::to_string(i) +
                      "] = 2^32: the emulator's descriptor holds extents "
                      "below 2^32");
  }
  for (cuuint32_t i = 0; i + 1 < rank; ++i)
    if (strides[i] % align != 0 || strides[i] >= (uint64_t(1) << 40))
      return bad("globalStrides[" + std::to_string(i) + "] = " +
                 std::to_string(strides[i]) + " bytes is not a multiple of " +
                 std::to_string(align) + " below 2^40");
  for (cuuint32_t i = 0; i < rank; ++i) {
    if (box[i] < 1 || box[i] > 256)
      return bad("boxDim[" + std::to_string(i) +
                 "] = " + std::to_string(box[i]) + " is not in [1, 256]");
    if (elementStrides[i] < 1 || elementStrides[i] > 8)
      return bad("elementStrides[" + std::to_string(i) + "] = " +
                 std::to_string(elementStrides[i]) + " is not in [1, 8]");
  }
  const uint64_t inner = uint64_t(box[0]) * uint64_t(esize);
  if (inner % 16 != 0)
    return bad("boxDim[0] = " + std::to_string(box[0]) + " elements of " +
               std::to_string(esize) + " B = " + std::to_string(inner) +
               " B is not a multiple of 16 B");
  if (interleave == CU_TENSOR_MAP_INTERLEAVE_NONE &&
      swizzle != CU_TENSOR_MAP_SWIZZLE_NONE) {
    const uint64_t span = uint64_t(16) << int(swizzle); // 32, 64, 128
    if (inner > span)
      return bad("the inner box of " + std::to_string(inner) +
                 " B exceeds the " + std::to_string(span) +
                 "-byte swizzle span");
  }

  EmuTensorMap t;
  std::memset(&t, 0, sizeof(t));
  t.magic = EmuTensorMap::kMagic;
  t.dataType = uint8_t(type);
  t.rank = uint8_t(rank);
  t.interleave = uint8_t(interleave);
  t.swizzle = uint8_t(swizzle);
  t.l2Promotion = uint8_t(l2);
  t.oobFill = uint8_t(oobFill);
  t.elementBytes = uint8_t(esize);
  t.globalAddress = addr;
  for (cuuint32_t i = 0; i < rank; ++i) {
    t.globalDim[i] = uint32_t(dims[i]);
    t.boxDim[i] = box[i];
    t.elementStrides[i] = uint8_t(elementStrides[i]);
    if (i + 1 < rank)
      t.globalStride[i] = strides[i];
  }
  std::memset(map, 0, sizeof(CUtensorMap));
  std::memcpy(map, &t, sizeof(t));
  return CUDA_SUCCESS;
}

} // namespace cute::emu::driver
