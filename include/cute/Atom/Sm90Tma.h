//===- Sm90Tma.h - TMA descriptor fields from layouts -----------*- C++ -*-===//
//
// What a TMA copy means, as layouts: the box a shared-memory tile describes
// (extents, dimension order, swizzle, bytes, alignment) and the global
// extents and strides a descriptor needs, derived from CuTe layouts and
// checked against the rules of cuTensorMapEncodeTiled / cp.async.bulk.tensor
// (PTX ISA 8.x; ../shared/design/NOTES-PTX.md). MLIR-free: the dialect's
// verifiers, the metadata writer and the unit tests use the same code.
//
// Conventions: the shared-memory box layout is written in the global
// tensor's mode order (mode i of the box is a box of mode i of the tensor)
// and maps a box coordinate to an element offset; TMA dimension 0 is the
// innermost (stride-1) mode. Swizzles are in element units, as in
// !cute.memref: a TMA swizzle of 2^b x 16 bytes on T is S<b, 4-log2(|T|), 3>.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_ATOM_SM90TMA_H
#define CUTE_ATOM_SM90TMA_H

#include "cute/Layout/Layout.h"
#include "cute/Support/Expected.h"

#include <optional>
#include <vector>

namespace cute::atom {

/// The limits of cp.async.bulk.tensor (tiled mode).
inline constexpr int kTmaMaxRank = 5;
inline constexpr int64_t kTmaMaxBoxDim = 256;
inline constexpr int64_t kTmaMinSmemAlign = 128;

struct TmaBox {
  /// TMA dimension d (innermost first) -> mode of the box.
  std::vector<int> dimModes;
  /// Box extents, innermost TMA dimension first.
  std::vector<int64_t> dims;
  /// The swizzle span in bytes: 0 (none), 32, 64 or 128.
  int swizzleBytes = 0;
  /// Bytes of one box (what one copy moves into each destination CTA).
  int64_t bytes = 0;
  /// Alignment the box needs in shared memory (128 B, or the swizzle atom:
  /// 8 rows of the span).
  int64_t smemAlign = kTmaMinSmemAlign;
};

/// The TMA swizzle of `bytes` (32/64/128) for elements of `elemBits`, in
/// element units; nullopt for 0.
std::optional<layout::Swizzle> tmaSwizzle(int bytes, unsigned elemBits);

/// Derives the box of a shared-memory tile. Errors name the rule and the
/// numbers ("box mode 1 has 512 elements; the limit is 256").
Expected<TmaBox> deriveTmaBox(const layout::Layout &smem,
                              const std::optional<layout::Swizzle> &swizzle,
                              unsigned elemBits);

/// One TMA dimension of a global tensor, innermost first: extent and stride
/// in elements (dynamic values stay symbolic).
struct TmaGlobalDim {
  layout::Int extent;
  layout::Int stride;
};

/// Checks a global tensor against a box and returns its TMA dimensions:
/// same rank, the box's dimension-0 mode has stride 1, static strides of
/// the other dimensions are positive multiples of 16 bytes.
Expected<std::vector<TmaGlobalDim>> deriveTmaGlobal(const layout::Layout &gmem,
                                                    const TmaBox &box,
                                                    unsigned elemBits);

} // namespace cute::atom

#endif // CUTE_ATOM_SM90TMA_H
