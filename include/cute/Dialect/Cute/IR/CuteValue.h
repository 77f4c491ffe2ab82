//===- CuteValue.h - Layout-library values of cute types --------*- C++ -*-===//
//
// Bridges the cute types and the MLIR-free layout library: a type's text is
// parsed into a CuteValue (dynamic leaves become symbols) and a computed
// CuteValue is printed back into a type.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_DIALECT_CUTE_CUTEVALUE_H
#define CUTE_DIALECT_CUTE_CUTEVALUE_H

#include "cute/Layout/Expected.h"
#include "cute/Layout/Layout.h"
#include "cute/Layout/Parse.h"

#include "mlir/IR/Types.h"

namespace mlir::cute {

enum class CuteKind {
  IntTuple,
  Shape,
  Stride,
  Coord,
  Layout,
  Tile,
  ComposedLayout,
  Swizzle
};

const char *kindName(CuteKind k);

struct CuteValue {
  CuteKind kind = CuteKind::IntTuple;
  ::cute::layout::IntTuple tuple;
  ::cute::layout::Layout layout;
  ::cute::layout::ComposedLayout composed;
  ::cute::layout::Tile tile;
  ::cute::layout::Swizzle swizzle;

  static CuteValue ofTuple(CuteKind k, ::cute::layout::IntTuple t);
  static CuteValue ofLayout(::cute::layout::Layout l);
  /// A composed layout; decays to a plain layout when A is an identity
  /// swizzle and the offset is a static zero (as CuTe IR does).
  static CuteValue ofComposed(::cute::layout::ComposedLayout c);
  static CuteValue ofTile(::cute::layout::Tile t);
  static CuteValue ofSwizzle(::cute::layout::Swizzle s);

  bool isTuple() const {
    return kind == CuteKind::IntTuple || kind == CuteKind::Shape ||
           kind == CuteKind::Stride || kind == CuteKind::Coord;
  }
  bool isStatic() const;
  /// Canonical CuTe notation (the spec string of the matching type).
  std::string str() const;
};

/// The integers of a value in cute.get_scalars order: depth-first leaves; a
/// layout's shape then stride; a composed layout's A, offset, B; a
/// swizzle's bits, base, shift; a scaled basis leaf's scale then its
/// (innermost) mode index. The dynamic ones are exactly the `?` of the text,
/// in order.
std::vector<::cute::layout::Int> scalarLeaves(const CuteValue &v);

/// CuTe IR's swizzle invariant |shift| + bits + base <= 32 (raises
/// AlgebraError).
void checkSwizzleRange(const ::cute::layout::Swizzle &s);

/// The kind of a cute type, or std::nullopt for other types.
std::optional<CuteKind> kindOfType(Type t);
/// Parses `spec` as a value of kind `k` and checks the kind's rules.
::cute::layout::Expected<CuteValue>
parseCuteValue(CuteKind k, llvm::StringRef spec,
               ::cute::layout::DynamicSymbols &syms);
/// The value a cute type carries; dynamic leaves become fresh symbols.
::cute::layout::Expected<CuteValue>
valueOfType(Type t, ::cute::layout::DynamicSymbols &syms);
/// The cute type holding `v`.
Type typeOfValue(MLIRContext *ctx, const CuteValue &v);

} // namespace mlir::cute

#endif // CUTE_DIALECT_CUTE_CUTEVALUE_H
