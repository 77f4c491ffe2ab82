//===- CuteTensor.h - Pointers and tensors of the cute dialect --*- C++ -*-===//
//
// Memory spaces, element-type rules and the tensor algebra behind the view
// ops (local_tile, local_partition, partition_tv, tensor_slice). The algebra
// functions run on layout-library values, so the same code infers result
// types (dynamic leaves as fresh symbols) and drives the lowering (symbols
// bound to SSA values); they raise ::cute::layout::AlgebraError.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_DIALECT_CUTE_CUTETENSOR_H
#define CUTE_DIALECT_CUTE_CUTETENSOR_H

#include "cute/Layout/Expected.h"
#include "cute/Layout/Layout.h"
#include "cute/Layout/Parse.h"

#include "mlir/IR/Types.h"
#include "llvm/ADT/StringRef.h"

#include <optional>

namespace mlir::cute {

enum class MemSpace : uint32_t { gmem = 0, smem = 1, rmem = 2, tmem = 3 };

llvm::StringRef stringifyMemSpace(MemSpace s);
std::optional<MemSpace> symbolizeMemSpace(llvm::StringRef s);

/// Bits of an element in memory (i1 occupies a byte); 0 if not an element
/// type a tensor may hold.
unsigned storageBits(Type elem);
/// Why `elem` cannot be a tensor element, or empty when it can.
std::string checkElementType(Type elem, MemSpace space);
/// Why `align` is not a valid alignment for `elem`, or empty.
std::string checkAlignment(Type elem, int64_t align);
/// Alignment (bytes) of `ptr + offset` for a pointer of `alignBytes` with
/// `bits`-wide elements: what the offset's known divisor guarantees. 0 when
/// the result may not start on a byte boundary (sub-byte elements).
int64_t alignAfterOffset(int64_t alignBytes, const ::cute::layout::Int &offset,
                         unsigned bits);

/// A view: its layout and what the op adds to the iterator (an element
/// offset for a memref, a coordinate for a coord_tensor).
struct TensorView {
  ::cute::layout::Layout layout;
  ::cute::layout::IntTuple offset;
};

/// CuTe's local_tile(tensor, tiler, coord).
TensorView localTile(const ::cute::layout::Layout &l,
                     const ::cute::layout::Tile &tiler,
                     const ::cute::layout::IntTuple &coord);
/// CuTe's local_partition(tensor, thr_layout, index).
TensorView localPartition(const ::cute::layout::Layout &l,
                          const ::cute::layout::Layout &thr,
                          const ::cute::layout::Int &index);
/// Thread-value partitioning (make_tiled_copy's partition for one thread).
TensorView partitionTV(const ::cute::layout::Layout &l,
                       const ::cute::layout::Layout &tv,
                       const std::optional<::cute::layout::Tile> &tiler,
                       const ::cute::layout::Int &tid);
/// tensor(coord) with `_` keeping modes.
TensorView tensorSlice(const ::cute::layout::Layout &l,
                       const ::cute::layout::IntTuple &coord);
/// Compact column-major layout of a static shape (make_fragment_like).
::cute::layout::Layout fragmentLayout(const ::cute::layout::Layout &l);

/// The parsed contents of a !cute.memref or !cute.ptr type.
struct MemRefInfo {
  Type elem;
  MemSpace space = MemSpace::gmem;
  int64_t align = 1;
  std::optional<::cute::layout::Swizzle> swizzle;
  ::cute::layout::Layout layout;  // a ptr has the empty layout
  ::cute::layout::IntTuple base;  // coord_tensor: the base coordinate
  bool isCoord = false;           // a !cute.coord_tensor
  bool isPtr = false;             // a !cute.ptr
  unsigned bits() const { return storageBits(elem); }
};

/// What a view op computes: the result type's contents (dynamic leaves as
/// expressions over the operands' symbols) and what it adds to the operand
/// iterator (element offset or coordinate).
struct ViewResult {
  MemRefInfo result;
  ::cute::layout::IntTuple offset = ::cute::layout::IntTuple(0);
};

/// Reads a !cute.memref, !cute.coord_tensor or !cute.ptr type; dynamic leaves
/// become fresh symbols of `syms` (base first, then the layout).
::cute::layout::Expected<MemRefInfo>
readTensorType(Type t, ::cute::layout::DynamicSymbols &syms);
/// Builds the memref (or coord_tensor, when info.isCoord) type of `info`.
Type tensorTypeOf(MLIRContext *ctx, const MemRefInfo &info);

/// How cute.copy moves data: `vec` elements per access; access k reads
/// srcRest(k) and writes dstRest(k) (element offsets), each vector aligned to
/// vec * bits.
struct CopyPlan {
  int64_t vec = 1;
  int64_t count = 0;
  ::cute::layout::Layout srcRest, dstRest;
};
/// Raises AlgebraError when the copy is invalid (sizes, sub-byte rules).
CopyPlan planCopy(const MemRefInfo &src, const MemRefInfo &dst,
                  unsigned atomBits, bool predicated);

/// The dynamic integers of a value of type `t` in the order the lowering
/// passes them (cute types: get_scalars<{only_dynamic}> order; memref:
/// layout leaves; coord_tensor: base leaves then layout leaves; ptr: none).
std::vector<::cute::layout::Int> dynamicLeavesOfType(Type t);

} // namespace mlir::cute

#endif // CUTE_DIALECT_CUTE_CUTETENSOR_H
