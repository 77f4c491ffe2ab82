//===- CuteAsm.h - The short form: ops written without types ----*- C++ -*-===//
//
// Every cute op whose result type is inferred may be written without its
// types:
//
//   %v = cute.partition_tv(%t, %tid) {tv_layout =
//   #cute.layout<"(128,4):(4,1)">}
//
// The full CuTe IR form stays valid and is what the printer writes by
// default:
//
//   %v = cute.partition_tv(%t, %tid) {...} : (!cute.memref<...>, i32) ->
//   !cute.memref<...>
//
// Accepted type sections after the attribute dictionary:
//   (none)                      operand types are the values' own; result
//                               types are inferred
//   `:` (A, B) -> R             functional type
//   `:` A, B [-> R]             operand types, optionally the results
//   `->` R                      only the results (e.g. `make_shape` with
//                               divisibility facts the operands cannot carry)
// Written types are checked: an operand type against the value's type, a
// result type against the inferred one (the op verifier's
// isCompatibleReturnTypes).
//
// `--cute-print-short` makes the printer omit the types where they are
// exactly the inferred ones (so printing and re-parsing gives the same IR).
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_DIALECT_CUTE_IR_CUTEASM_H
#define CUTE_DIALECT_CUTE_IR_CUTEASM_H

#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "llvm/ADT/STLExtras.h"

#include <initializer_list>
#include <optional>
#include <tuple>
#include <type_traits>
#include <utility>

namespace mlir::cute {

/// How the full form spells the types (the op's CuTe IR spelling).
enum class TypeStyle {
  Functional, ///< `(A, B) -> R`
  Arrow,      ///< `A -> R` (one operand, one result)
  /// `<..> -> R`: like Arrow with the operand type printed without its
  /// `!cute.kind` prefix (CuTe IR's spelling for the accessors); both
  /// spellings parse.
  ArrowStripped,
  List, ///< `A, B` (no results)
};

/// Infers result types from resolved operands and the parsed attributes.
using ShortFormInferFn = LogicalResult (*)(MLIRContext *, Location, ValueRange,
                                           NamedAttrList &,
                                           SmallVectorImpl<Type> &);
/// Checks the parsed inherent attributes (ODS's verifyInherentAttrs).
using ShortFormAttrsFn = LogicalResult (*)(
    OperationName, NamedAttrList &, llvm::function_ref<InFlightDiagnostic()>);

/// The parser of every short-form op. `prefixAttr`, when not empty, names an
/// optional `DenseI32ArrayAttr` written `<[..]>` before the operands (the
/// `mode` of size/cosize/get). `infer` is null for ops without results.
ParseResult parseShortForm(OpAsmParser &p, OperationState &st,
                           StringRef prefixAttr, ShortFormInferFn infer,
                           ShortFormAttrsFn verifyAttrs, unsigned minOperands,
                           unsigned maxOperands);
/// `elidedAttrs`: attributes the op prints itself before the operands.
void printShortForm(OpAsmPrinter &p, Operation *op, TypeStyle style,
                    StringRef prefixAttr, ArrayRef<unsigned> stripped,
                    ShortFormInferFn infer,
                    ArrayRef<StringRef> elidedAttrs = {});

/// Whether `--cute-print-short` is on.
bool printShortFormEnabled();

/// Resolves an operand written without its type to the type of the value it
/// names (appended to `out`); an error naming the value when it is used
/// before its definition.
ParseResult resolveUntyped(OpAsmParser &p,
                           const OpAsmParser::UnresolvedOperand &u,
                           SmallVectorImpl<Value> &out);

/// The operand types of a declarative assembly format, optional: either
/// `: A, B` (one type per present operand; the format then resolves the
/// operands against them, so a wrong type is an error naming both) or
/// nothing, and each type is the named value's own. Null entries of
/// `operands` are absent optional operands (their types stay null).
ParseResult
parseOperandTypeList(OpAsmParser &p,
                     ArrayRef<const OpAsmParser::UnresolvedOperand *> operands,
                     ArrayRef<Type *> types);
/// ` : A, B` (the non-null types), or nothing under `--cute-print-short`.
void printOperandTypeList(OpAsmPrinter &p, ArrayRef<Type> types);

namespace detail {
template <class OpTy>
LogicalResult inferForShortForm(MLIRContext *ctx, Location loc,
                                ValueRange operands, NamedAttrList &attrs,
                                SmallVectorImpl<Type> &out) {
  DictionaryAttr dict = attrs.getDictionary(ctx);
  using Props = typename OpTy::Properties;
  Props props{};
  if constexpr (!std::is_same_v<Props, EmptyProperties>) {
    auto emitErr = [&] { return mlir::emitError(loc); };
    if (failed(OpTy::setPropertiesFromAttr(props, dict, emitErr)))
      return failure();
  }
  return OpTy::inferReturnTypes(ctx, loc, operands, dict,
                                OpaqueProperties(&props), RegionRange(), out);
}

inline const OpAsmParser::UnresolvedOperand *
operandPtr(const OpAsmParser::UnresolvedOperand &u) {
  return &u;
}
inline const OpAsmParser::UnresolvedOperand *
operandPtr(const std::optional<OpAsmParser::UnresolvedOperand> &u) {
  return u ? &*u : nullptr;
}

template <class Tuple, size_t... I>
ParseResult parseOperandTypesOf(OpAsmParser &p, Tuple args,
                                std::index_sequence<I...>) {
  constexpr size_t n = sizeof...(I);
  const OpAsmParser::UnresolvedOperand *operands[] = {
      operandPtr(std::get<I>(args))...};
  Type *types[] = {&std::get<n + I>(args)...};
  return parseOperandTypeList(p, operands, types);
}

template <class Tuple, size_t... I>
void printOperandTypesOf(OpAsmPrinter &p, Tuple args,
                         std::index_sequence<I...>) {
  constexpr size_t n = sizeof...(I);
  Type types[] = {Type(std::get<n + I>(args))...};
  printOperandTypeList(p, types);
}

template <class OpTy> using HasInferShortForm = decltype(&OpTy::inferShortForm);

/// How the short form infers an op's results: the op's own
/// `inferShortForm` (ops whose written type may carry more than their
/// operands, e.g. make_shape), else its InferTypeOpInterface, else none.
template <class OpTy> ShortFormInferFn shortFormInferFn() {
  if constexpr (llvm::is_detected<HasInferShortForm, OpTy>::value)
    return &OpTy::inferShortForm;
  else if constexpr (OpTy::template hasTrait<InferTypeOpInterface::Trait>())
    return &detail::inferForShortForm<OpTy>;
  else
    return nullptr;
}
} // namespace detail

/// The number of operands the op's traits allow, as [min, max].
template <class OpTy> std::pair<unsigned, unsigned> operandCountRange() {
  constexpr unsigned kAny = ~0u;
  if constexpr (OpTy::template hasTrait<OpTrait::ZeroOperands>())
    return {0, 0};
  else if constexpr (OpTy::template hasTrait<OpTrait::OneOperand>())
    return {1, 1};
  else if constexpr (OpTy::template hasTrait<OpTrait::NOperands<2>::Impl>())
    return {2, 2};
  else if constexpr (OpTy::template hasTrait<OpTrait::NOperands<3>::Impl>())
    return {3, 3};
  else if constexpr (OpTy::template hasTrait<OpTrait::NOperands<4>::Impl>())
    return {4, 4};
  else if constexpr (OpTy::template hasTrait<
                         OpTrait::AtLeastNOperands<1>::Impl>())
    return {1, kAny};
  else if constexpr (OpTy::template hasTrait<
                         OpTrait::AtLeastNOperands<2>::Impl>())
    return {2, kAny};
  else
    return {0, kAny};
}

/// The custom directive of optional operand types:
///   `custom<OperandTypes>(ref($a), ref($b), type($a), type($b))`
/// (the operands, then their types, in the same order; optional operands
/// allowed). Put an empty literal before it (`attr-dict `` custom<...>`)
/// so that the short form prints no trailing space.
template <class... Args>
ParseResult parseOperandTypes(OpAsmParser &p, Args &...args) {
  static_assert(sizeof...(Args) % 2 == 0,
                "custom<OperandTypes> takes the operands, then their types");
  return detail::parseOperandTypesOf(
      p, std::forward_as_tuple(args...),
      std::make_index_sequence<sizeof...(Args) / 2>());
}
template <class... Args>
void printOperandTypes(OpAsmPrinter &p, Operation *, Args &&...args) {
  static_assert(sizeof...(Args) % 2 == 0,
                "custom<OperandTypes> takes the operands, then their types");
  detail::printOperandTypesOf(p, std::forward_as_tuple(args...),
                              std::make_index_sequence<sizeof...(Args) / 2>());
}

template <class OpTy>
ParseResult parseShortForm(OpAsmParser &p, OperationState &st,
                           StringRef prefixAttr) {
  ShortFormInferFn infer = detail::shortFormInferFn<OpTy>();
  // Inference reads the operands it expects: their number is checked first.
  auto [minOperands, maxOperands] = operandCountRange<OpTy>();
  ShortFormAttrsFn verifyAttrs = nullptr;
  if constexpr (!std::is_same_v<typename OpTy::Properties, EmptyProperties>)
    verifyAttrs = &OpTy::verifyInherentAttrs;
  return parseShortForm(p, st, prefixAttr, infer, verifyAttrs, minOperands,
                        maxOperands);
}

template <class OpTy>
void printShortForm(OpAsmPrinter &p, OpTy op, TypeStyle style,
                    StringRef prefixAttr,
                    std::initializer_list<unsigned> stripped,
                    ArrayRef<StringRef> elidedAttrs = {}) {
  printShortForm(p, op.getOperation(), style, prefixAttr,
                 ArrayRef<unsigned>(stripped.begin(), stripped.size()),
                 detail::shortFormInferFn<OpTy>(), elidedAttrs);
}

} // namespace mlir::cute

#endif // CUTE_DIALECT_CUTE_IR_CUTEASM_H
