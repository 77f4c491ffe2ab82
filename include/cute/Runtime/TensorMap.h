//===- TensorMap.h - Host-side TMA descriptor encoding ----------*- C++ -*-===//
//
// Builds the 128-byte CUtensorMap a TMA kernel parameter needs, through the
// driver's cuTensorMapEncodeTiled. All arguments are validated on the host
// first (validateTensorMapSpec, usable without a driver) so that mistakes
// get precise messages instead of CUDA_ERROR_INVALID_VALUE.
//
// Dimension order follows CUDA: index 0 is the innermost (contiguous)
// dimension, for shape, strides, box and elementStrides alike.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_RUNTIME_TENSORMAP_H
#define CUTE_RUNTIME_TENSORMAP_H

#include "cute/Runtime/Driver.h"
#include "cute/Runtime/Types.h"

#include <cstdint>
#include <vector>

namespace cute::rt {

class Context;

enum class TmaSwizzle { None = 0, B32 = 32, B64 = 64, B128 = 128 };
enum class TmaInterleave { None = 0, B16 = 16, B32 = 32 };
enum class TmaL2Promotion { None = 0, B64 = 64, B128 = 128, B256 = 256 };
enum class TmaOobFill { Zero, NanRequestZeroFma };

struct TmaDescriptorSpec {
  CUdeviceptr globalAddress = 0;
  ElemType elem = ElemType::F16;
  /// Extents, innermost first; 1..5 entries, each in [1, 2^32].
  std::vector<uint64_t> shape;
  /// Strides in ELEMENTS, innermost first, one per dimension; strides[0]
  /// must be 1 (the innermost dimension is contiguous).
  std::vector<uint64_t> strides;
  /// Box (tile) extents, innermost first, each in [1, 256].
  std::vector<uint32_t> box;
  /// Traversal strides, each in [1, 8]; empty means all 1.
  std::vector<uint32_t> elementStrides;
  TmaSwizzle swizzle = TmaSwizzle::None;
  TmaInterleave interleave = TmaInterleave::None;
  TmaL2Promotion l2Promotion = TmaL2Promotion::None;
  TmaOobFill oobFill = TmaOobFill::Zero;
};

/// An encoded descriptor plus what kernel metadata is checked against.
struct TensorMap {
  alignas(64) CUtensorMap map;
  ElemType elem = ElemType::F16;
  int rank = 0;
  std::vector<uint32_t> box;
  int swizzle = 0;    ///< bytes: 0/32/64/128
  int interleave = 0; ///< bytes: 0/16/32

  const void *data() const { return &map; }
  static constexpr size_t kBytes = sizeof(CUtensorMap);
};
static_assert(sizeof(CUtensorMap) == 128, "CUtensorMap must be 128 bytes");

/// The CUtensorMapDataType for an element type (TensorMap error for i1).
Expected<CUtensorMapDataType> tensorMapDataType(ElemType t);

/// Host-side checks of every cuTensorMapEncodeTiled precondition; errors
/// are ErrorCode::TensorMap naming the field ("box[0]: ...").
Status validateTensorMapSpec(const TmaDescriptorSpec &spec);

/// Validates, then encodes with the driver's cuTensorMapEncodeTiled.
Expected<TensorMap> encodeTensorMap(const Driver &driver,
                                    const TmaDescriptorSpec &spec);
Expected<TensorMap> encodeTensorMap(const Context &ctx,
                                    const TmaDescriptorSpec &spec);

} // namespace cute::rt

#endif // CUTE_RUNTIME_TENSORMAP_H
