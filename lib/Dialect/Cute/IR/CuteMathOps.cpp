//===- CuteMathOps.cpp - Reductions over threads and values ---------------===//
#include "cute/Dialect/Cute/IR/Cute.h"
#include "cute/Dialect/Cute/IR/CuteAsm.h"

using namespace mlir;
using namespace mlir::cute;

FailureOr<std::vector<std::vector<int64_t>>>
ReduceOp::modeGroups(Type tensorType, ArrayRef<int32_t> modes,
                     std::string &why) {
  ::cute::layout::DynamicSymbols syms;
  MemRefInfo m = cast<CuteTensorTypeInterface>(tensorType).readInfo(syms);
  if (m.space != MemSpace::rmem || !m.layout.isStatic()) {
    why = "reduces a tensor by modes only in registers with a static layout, "
          "but got \"" +
          m.layout.str() + "\" in " + stringifyMemSpace(m.space).str();
    return failure();
  }
  const ::cute::layout::IntTuple &shape = m.layout.shape;
  size_t rank = shape.isTuple() ? shape.rank() : 1;
  std::vector<bool> reduced(rank, modes.empty());
  for (int32_t md : modes) {
    if (md < 0 || size_t(md) >= rank) {
      why = "mode " + std::to_string(md) + " is out of range for the rank-" +
            std::to_string(rank) + " shape " + shape.str();
      return failure();
    }
    if (reduced[size_t(md)]) {
      why = "mode " + std::to_string(md) + " is listed twice";
      return failure();
    }
    reduced[size_t(md)] = true;
  }
  auto modeSize = [&](size_t i) {
    return shape.isTuple() ? ::cute::layout::product(shape[i]).value()
                           : shape.value().value();
  };
  int64_t kept = 1;
  for (size_t i = 0; i < rank; ++i)
    if (!reduced[i])
      kept *= modeSize(i);
  std::vector<std::vector<int64_t>> groups(static_cast<size_t>(kept));
  int64_t n = ::cute::layout::size(m.layout).value();
  for (int64_t i = 0; i < n; ++i) {
    // Colexicographic coordinates of the logical index i over the top-level
    // modes; the result index over the kept modes, first kept fastest.
    int64_t rest = i, out = 0, scale = 1;
    for (size_t md = 0; md < rank; ++md) {
      int64_t sz = modeSize(md), c = rest % sz;
      rest /= sz;
      if (!reduced[md]) {
        out += c * scale;
        scale *= sz;
      }
    }
    groups[size_t(out)].push_back(i);
  }
  return groups;
}

LogicalResult ReduceOp::inferReturnTypes(MLIRContext *ctx,
                                         std::optional<Location> loc,
                                         ValueRange operands,
                                         DictionaryAttr attrs,
                                         OpaqueProperties props, RegionRange,
                                         SmallVectorImpl<Type> &inferred) {
  Type t = operands[0].getType();
  if (auto v = dyn_cast<VectorType>(t)) {
    inferred.push_back(v.getElementType());
    return success();
  }
  if (auto tensor = dyn_cast<CuteMemRefType>(t)) {
    Adaptor adaptor(operands, attrs, props);
    ArrayRef<int32_t> modes;
    if (auto m = adaptor.getModesAttr())
      modes = m.asArrayRef();
    std::string why;
    auto groups = modeGroups(tensor, modes, why);
    if (failed(groups))
      return emitOptionalError(loc, "'cute.reduce' op ", why);
    ::cute::layout::DynamicSymbols syms;
    Type elem = tensor.readInfo(syms).elem;
    if (groups->size() == 1)
      inferred.push_back(elem);
    else
      inferred.push_back(VectorType::get({int64_t(groups->size())}, elem));
    return success();
  }
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
  if (auto modes = getModesAttr())
    rest.push_back(NamedAttribute(getModesAttrName(), modes));
  for (NamedAttribute a : (*this)->getDiscardableAttrs())
    rest.push_back(a);
  p << "(" << getValue();
  if (getInit())
    p << ", " << getInit();
  p << ")";
  p.printOptionalAttrDict(rest);
  if (printShortFormEnabled())
    return;
  p << " : " << getValue().getType();
  if (getInit())
    p << ", " << getInit().getType();
}

LogicalResult ReduceOp::verify() {
  if (getModes() && !isa<CuteMemRefType>(getValue().getType()))
    return emitOpError("takes `modes` only with a register tensor (a vector "
                       "or scalar has no modes), but got ")
           << getValue().getType();
  Type elem = getType();
  if (auto v = dyn_cast<VectorType>(elem))
    elem = v.getElementType();
  if (!elem.isIntOrFloat())
    return emitOpError("reduces elements of type ") << elem;
  if (getInit() && getInit().getType() != getType())
    return emitOpError("expects an initial value of the result type ")
           << getType() << ", but got " << getInit().getType();
  // The warp shuffle lowering moves 32 bits; the block lowering splits
  // wider values itself.
  if (getScope() == ReduceScope::warp && elem.getIntOrFloatBitWidth() > 32)
    return emitOpError("reduces ")
           << elem
           << " across a warp, but warp reductions take values of at most 32 "
              "bits (use block scope, or reduce in 32 bits)";
  return success();
}
