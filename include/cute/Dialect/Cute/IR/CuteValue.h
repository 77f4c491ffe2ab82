//===- CuteValue.h - Layout-library values of cute types --------*- C++ -*-===//
//
// Bridges the cute types and the MLIR-free layout library. A cute type or
// `#cute.*` attribute stores a CuteValue, parsed once when it is made, in
// canonical form: its dynamic leaves are symbols numbered 0, 1, ... in text
// order (each keeping its width and declared divisor), exactly what parsing
// the printed text gives. Readers that combine several values renumber them
// apart (withFreshSymbols); computed values are canonicalized when they
// become types.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_DIALECT_CUTE_IR_CUTEVALUE_H
#define CUTE_DIALECT_CUTE_IR_CUTEVALUE_H

#include "cute/Layout/Expected.h"
#include "cute/Layout/Layout.h"
#include "cute/Layout/Parse.h"

#include "mlir/IR/Attributes.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/TypeRange.h"
#include "mlir/IR/Types.h"
#include "mlir/IR/Value.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/Hashing.h"

#include <functional>

namespace mlir {
class AsmParser;
class AsmPrinter;
} // namespace mlir

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
  /// Canonical CuTe notation (the text of the matching type).
  std::string str() const;

  /// The value with every integer leaf replaced by f(leaf), visited in text
  /// order (the order of scalarLeaves).
  CuteValue mapInts(
      const std::function<::cute::layout::Int(const ::cute::layout::Int &)> &f)
      const;
  /// Dynamic leaves (any expression) replaced by symbols 0, 1, ... in text
  /// order, keeping each leaf's width; a bare symbol keeps its divisor (a
  /// derived expression prints as plain `?`, so it loses it).
  CuteValue canonical() const;
  /// Dynamic leaves replaced by fresh symbols of `syms` in text order (as
  /// canonical() does from 0), so that values read from several types do
  /// not share symbols.
  CuteValue withFreshSymbols(::cute::layout::DynamicSymbols &syms) const;
  /// Structural identity: same kind, same tree, same leaves (including the
  /// widths and divisors of dynamic leaves).
  bool operator==(const CuteValue &o) const;
  bool operator!=(const CuteValue &o) const { return !(*this == o); }
};

llvm::hash_code hash_value(const CuteValue &v);

/// Same function and same shape profile: equal except for strides of
/// size-1 modes (which no coordinate can observe), and a dynamic leaf of
/// `declared` matches a dynamic leaf of `inferred` of the same width whose
/// known divisor the declared one divides. How a declared result type is
/// compared with the inferred one.
bool equivalentValues(const CuteValue &declared, const CuteValue &inferred);

/// `computed` rewritten to the spelling of an equivalent declared value (its
/// static leaves, i.e. the strides it chose for size-1 modes), so that a
/// rewrite can produce exactly the declared type; std::nullopt when that
/// spelling cannot be reached (e.g. a declared dynamic leaf where the
/// computed one is static).
std::optional<CuteValue> spellAsDeclared(const CuteValue &computed,
                                         const CuteValue &declared);

/// Result-type inference of every algebra op: reads the operand values, runs
/// `compute` (which raises AlgebraError), checks the result's kind rules and
/// gives its type; errors are diagnostics at `loc` naming `opName`.
LogicalResult inferAlgebraResult(
    MLIRContext *ctx, std::optional<Location> loc, llvm::StringRef opName,
    ValueRange operands,
    llvm::function_ref<CuteValue(llvm::ArrayRef<CuteValue>)> compute,
    llvm::SmallVectorImpl<Type> &inferred);

/// Declared result types against inferred ones: value types and tensor
/// layouts by equivalentValues, everything else by identity.
bool compatibleResultTypes(TypeRange inferred, TypeRange declared);

/// Assembly of a value parameter: a quoted string in CuTe notation, parsed
/// and checked for kind `k` (diagnostics at the string).
mlir::FailureOr<CuteValue> parseCuteValueText(AsmParser &parser, CuteKind k);
void printCuteValueText(AsmPrinter &printer, const CuteValue &v);
/// `<"text">`: the whole body of a value type or attribute.
mlir::FailureOr<CuteValue> parseCuteValueBody(AsmParser &parser, CuteKind k);
void printCuteValueBody(AsmPrinter &printer, const CuteValue &v);

/// The integers of a value in cute.get_scalars order: depth-first leaves; a
/// layout's shape then stride; a composed layout's A, offset, B; a
/// swizzle's bits, base, shift; a scaled basis leaf's scale then its
/// (innermost) mode index. The dynamic ones are exactly the `?` of the text,
/// in order.
std::vector<::cute::layout::Int> scalarLeaves(const CuteValue &v);

/// The swizzle as an optional value parameter of !cute.memref.
std::optional<CuteValue>
swizzleValue(const std::optional<::cute::layout::Swizzle> &s);

/// CuTe IR's swizzle invariant |shift| + bits + base <= 32 (raises
/// AlgebraError).
void checkSwizzleRange(const ::cute::layout::Swizzle &s);

/// Raises AlgebraError unless `v` obeys its kind's rules (no `_` outside
/// coordinates, basis elements only in strides, positive static shape
/// leaves, swizzle ranges, ...): what parsing checks, for computed values.
void checkValueRules(const CuteValue &v);

/// The kind of a cute value type, or std::nullopt for other types.
std::optional<CuteKind> kindOfType(Type t);
/// The value of a type or attribute implementing the value interfaces, or
/// nullptr.
const CuteValue *cuteValueOf(Type t);
const CuteValue *cuteValueOf(Attribute a);
/// Parses `spec` as a value of kind `k` and checks the kind's rules.
::cute::layout::Expected<CuteValue>
parseCuteValue(CuteKind k, llvm::StringRef spec,
               ::cute::layout::DynamicSymbols &syms);
/// The value a cute type carries; its dynamic leaves become fresh symbols
/// of `syms`.
::cute::layout::Expected<CuteValue>
valueOfType(Type t, ::cute::layout::DynamicSymbols &syms);
/// The cute type holding `v` (canonicalized).
Type typeOfValue(MLIRContext *ctx, const CuteValue &v);
/// The `#cute.*` attribute holding `v` (canonicalized).
Attribute attrOfValue(MLIRContext *ctx, const CuteValue &v);

} // namespace mlir::cute

#endif // CUTE_DIALECT_CUTE_IR_CUTEVALUE_H
