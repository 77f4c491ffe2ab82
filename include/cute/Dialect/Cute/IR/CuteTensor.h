//===- CuteTensor.h - Pointers and tensors of the cute dialect --*- C++ -*-===//
//
// Memory spaces, element-type rules and the contents of the tensor types.
// The tensor algebra behind the view ops (local_tile, local_partition,
// partition_tv, tensor_slice, copy planning) is MLIR-free and lives in
// cute/Layout/Tensor.h: it runs on layout-library values, so the same code
// infers result types (dynamic leaves as fresh symbols) and drives the
// lowering (symbols bound to SSA values); it raises
// ::cute::layout::AlgebraError.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_DIALECT_CUTE_IR_CUTETENSOR_H
#define CUTE_DIALECT_CUTE_IR_CUTETENSOR_H

#include "cute/Layout/Expected.h"
#include "cute/Layout/Layout.h"
#include "cute/Layout/Parse.h"
#include "cute/Layout/Tensor.h"

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
/// The parsed contents of a !cute.memref or !cute.ptr type.
struct MemRefInfo {
  Type elem;
  MemSpace space = MemSpace::gmem;
  int64_t align = 1;
  std::optional<::cute::layout::Swizzle> swizzle;
  ::cute::layout::Layout layout; // a ptr has the empty layout
  ::cute::layout::IntTuple base; // coord_tensor: the base coordinate
  bool isCoord = false;          // a !cute.coord_tensor
  bool isPtr = false;            // a !cute.ptr
  unsigned bits() const { return storageBits(elem); }
  /// What copy planning (::cute::layout::planCopy) sees of this tensor.
  ::cute::layout::TensorAccess access() const {
    return {bits(), align, swizzle, layout};
  }
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
/// The contents of a type that ODS constrains to a cute tensor or pointer
/// (verified, so it reads without error); dynamic leaves are fresh symbols.
MemRefInfo tensorInfo(Type t);
/// Builds the memref (or coord_tensor, when info.isCoord) type of `info`.
Type tensorTypeOf(MLIRContext *ctx, const MemRefInfo &info);

/// The dynamic integers of a value of type `t` in the order the lowering
/// passes them (cute types: get_scalars<{only_dynamic}> order; memref:
/// layout leaves; coord_tensor: base leaves then layout leaves; ptr: none).
std::vector<::cute::layout::Int> dynamicLeavesOfType(Type t);

} // namespace mlir::cute

#endif // CUTE_DIALECT_CUTE_IR_CUTETENSOR_H
