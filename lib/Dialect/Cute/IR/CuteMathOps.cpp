//===- CuteMathOps.cpp - Reductions over threads and values ---------------===//
#include "cute/Dialect/Cute/IR/Cute.h"
#include "cute/Dialect/Cute/IR/CuteAsm.h"

using namespace mlir;
using namespace mlir::cute;

LogicalResult ReduceOp::inferReturnTypes(MLIRContext *, std::optional<Location>,
                                         ValueRange operands, DictionaryAttr,
                                         OpaqueProperties, RegionRange,
                                         SmallVectorImpl<Type> &inferred) {
  Type t = operands[0].getType();
  if (auto v = dyn_cast<VectorType>(t))
    t = v.getElementType();
  inferred.push_back(t);
  return success();
}

ParseResult ReduceOp::parse(OpAsmParser &p, OperationState &st) {
  StringRef kind, scope;
  SMLoc loc = p.getCurrentLocation();
  if (p.parseLess() || p.parseKeyword(&kind) || p.parseComma())
    return failure();
  SMLoc scopeLoc = p.getCurrentLocation();
  if (p.parseKeyword(&scope) || p.parseGreater())
    return failure();
  auto k = symbolizeReduceKind(kind);
  if (!k)
    return p.emitError(loc, "unknown reduction '")
           << kind << "' (expected add, mul, max or min)";
  auto s = symbolizeReduceScope(scope);
  if (!s)
    return p.emitError(scopeLoc, "unknown reduction scope '")
           << scope << "' (expected thread, warp or block)";
  MLIRContext *ctx = p.getContext();
  st.addAttribute(getKindAttrName(st.name), ReduceKindAttr::get(ctx, *k));
  st.addAttribute(getScopeAttrName(st.name), ReduceScopeAttr::get(ctx, *s));
  return parseShortForm<ReduceOp>(p, st, "");
}

void ReduceOp::print(OpAsmPrinter &p) {
  p << "<" << stringifyReduceKind(getKind()) << ", "
    << stringifyReduceScope(getScope()) << ">";
  // The attributes are in the `<..>`; printShortForm prints the rest.
  SmallVector<NamedAttribute> rest;
  for (NamedAttribute a : (*this)->getDiscardableAttrs())
    rest.push_back(a);
  p << "(" << getValue() << ")";
  p.printOptionalAttrDict(rest);
  if (!printShortFormEnabled())
    p << " : " << getValue().getType();
}

LogicalResult ReduceOp::verify() {
  // The warp shuffle lowering moves 32 bits; the block lowering splits
  // wider values itself.
  if (getScope() == ReduceScope::warp && getType().getIntOrFloatBitWidth() > 32)
    return emitOpError("reduces ")
           << getType()
           << " across a warp, but warp reductions take values of at most 32 "
              "bits (use block scope, or reduce in 32 bits)";
  return success();
}
