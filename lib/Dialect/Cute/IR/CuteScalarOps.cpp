//===- CuteScalarOps.cpp - Constants, indices, broadcast arithmetic -------===//
#include "cute/Dialect/Cute/IR/Cute.h"
#include "cute/Dialect/Cute/IR/CuteParams.h"

#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::cute;

//===----------------------------------------------------------------------===//
// constants
//===----------------------------------------------------------------------===//

namespace {
/// One value as written, before its group's type is known.
struct Literal {
  SMLoc loc;
  Attribute attr; ///< IntegerAttr (i64), FloatAttr (f64) or BoolAttr
  bool hex = false;
};
} // namespace

/// The written value as an attribute of type `t`, or an error at its place.
static FailureOr<TypedAttr> convertLiteral(OpAsmParser &p, const Literal &l,
                                           Type t) {
  if (auto b = dyn_cast<BoolAttr>(l.attr)) {
    if (!t.isInteger(1))
      return p.emitError(l.loc, "'")
             << (b.getValue() ? "true" : "false")
             << "' is an i1 value, but its type is " << t;
    return TypedAttr(IntegerAttr::get(t, b.getValue() ? 1 : 0));
  }
  if (isa<IndexType>(t)) {
    auto i = dyn_cast<IntegerAttr>(l.attr);
    if (!i)
      return p.emitError(l.loc, "a float value for type index");
    return TypedAttr(IntegerAttr::get(t, i.getValue().getSExtValue()));
  }
  if (auto it = dyn_cast<IntegerType>(t)) {
    auto i = dyn_cast<IntegerAttr>(l.attr);
    if (!i)
      return p.emitError(l.loc, "a float value for integer type ") << t;
    APInt v = i.getValue();
    unsigned w = it.getWidth();
    if (!v.isSignedIntN(w) && !v.isIntN(w))
      return p.emitError(l.loc, "the value ")
             << v.getSExtValue() << " does not fit in " << t;
    return TypedAttr(IntegerAttr::get(t, v.sextOrTrunc(w)));
  }
  auto ft = cast<FloatType>(t);
  const llvm::fltSemantics &sem = ft.getFloatSemantics();
  if (auto i = dyn_cast<IntegerAttr>(l.attr)) {
    APInt v = i.getValue();
    if (l.hex) {
      unsigned w = ft.getWidth();
      if (!v.isIntN(w))
        return p.emitError(l.loc, "the bit pattern does not fit in ")
               << t << " (" << w << " bits)";
      return TypedAttr(FloatAttr::get(t, APFloat(sem, v.zextOrTrunc(w))));
    }
    APFloat f(sem);
    APFloat::opStatus s =
        f.convertFromAPInt(v, /*isSigned=*/true, APFloat::rmNearestTiesToEven);
    if (s & APFloat::opOverflow)
      return p.emitError(l.loc, "the value ")
             << v.getSExtValue() << " overflows " << t;
    return TypedAttr(FloatAttr::get(t, f));
  }
  APFloat f = cast<FloatAttr>(l.attr).getValue();
  bool lost = false;
  APFloat::opStatus s = f.convert(sem, APFloat::rmNearestTiesToEven, &lost);
  if ((s & APFloat::opOverflow) &&
      !cast<FloatAttr>(l.attr).getValue().isInfinity())
    return p.emitError(l.loc, "the value overflows ") << t;
  return TypedAttr(FloatAttr::get(t, f));
}

ParseResult ConstantsOp::parse(OpAsmParser &p, OperationState &st) {
  SmallVector<Attribute> values;
  SmallVector<Type> types;
  SmallVector<Literal> pending;
  do {
    Literal l;
    l.loc = p.getCurrentLocation();
    // The literal's spelling decides how it is read: the attribute parser
    // would take a following `: type` as the literal's own.
    StringRef text(l.loc.getPointer());
    StringRef digits = text.starts_with("-") ? text.drop_front() : text;
    l.hex = digits.starts_with("0x") || digits.starts_with("0X");
    bool isFloat = !l.hex && !digits.empty() && llvm::isDigit(digits[0]) &&
                   digits.drop_while(llvm::isDigit).starts_with(".");
    bool isInt = !isFloat && !digits.empty() && llvm::isDigit(digits[0]);
    StringRef word;
    if (text.starts_with("\"")) {
      // A quoted expression of integer parameters in CuTe notation
      // ("D/KU/2"), as warp bounds and max_regs take.
      FailureOr<int64_t> v = parseIntOrParam(p);
      if (failed(v))
        return failure();
      l.attr = p.getBuilder().getI64IntegerAttr(*v);
    } else if (isFloat) {
      double d;
      if (p.parseFloat(d))
        return failure();
      l.attr = p.getBuilder().getF64FloatAttr(d);
    } else if (isInt) {
      APInt v;
      OptionalParseResult r = p.parseOptionalInteger(v);
      if (!r.has_value() || failed(*r))
        return failure();
      l.attr = IntegerAttr::get(
          IntegerType::get(p.getContext(), std::max(64u, v.getBitWidth())),
          v.sextOrTrunc(std::max(64u, v.getBitWidth())));
    } else if (succeeded(p.parseOptionalKeyword(&word))) {
      if (word == "true" || word == "false") {
        l.attr = BoolAttr::get(p.getContext(), word == "true");
      } else {
        std::optional<int64_t> v =
            instanceEnv(p.getContext()).lookupInteger(word);
        if (!v)
          return p.emitError(l.loc, "'")
                 << word
                 << "' is not an integer instance parameter (declare it "
                    "with #cute.param<\""
                 << word << "\", ...> before its first use)";
        l.attr = p.getBuilder().getI64IntegerAttr(*v);
      }
    } else if (p.parseAttribute(l.attr)) {
      return failure();
    }
    if (!isa<IntegerAttr, FloatAttr, BoolAttr>(l.attr))
      return p.emitError(l.loc, "expected an integer or float value, but got ")
             << l.attr;
    pending.push_back(l);
    if (succeeded(p.parseOptionalColon())) {
      Type t;
      SMLoc typeLoc = p.getCurrentLocation();
      if (p.parseType(t))
        return failure();
      if (!isa<IntegerType, IndexType, FloatType>(t))
        return p.emitError(typeLoc, "constants are integers, index or "
                                    "floats, but the type is ")
               << t;
      for (const Literal &q : pending) {
        FailureOr<TypedAttr> a = convertLiteral(p, q, t);
        if (failed(a))
          return failure();
        values.push_back(*a);
        types.push_back(t);
      }
      pending.clear();
    }
  } while (succeeded(p.parseOptionalComma()));
  if (!pending.empty())
    return p.emitError(pending.front().loc,
                       "expected ':' and the type of the last ")
           << pending.size() << " value(s)";
  if (p.parseOptionalAttrDict(st.attributes))
    return failure();
  st.addAttribute(getValuesAttrName(st.name),
                  ArrayAttr::get(p.getContext(), values));
  st.addTypes(types);
  return success();
}

void ConstantsOp::print(OpAsmPrinter &p) {
  ArrayRef<Attribute> values = getValues().getValue();
  p << ' ';
  for (size_t i = 0; i < values.size(); ++i) {
    if (i)
      p << ", ";
    p.printAttributeWithoutType(values[i]);
    Type t = cast<TypedAttr>(values[i]).getType();
    if (i + 1 == values.size() || cast<TypedAttr>(values[i + 1]).getType() != t)
      p << " : " << t;
  }
  p.printOptionalAttrDict((*this)->getAttrs(), {getValuesAttrName()});
}

LogicalResult ConstantsOp::verify() {
  ArrayRef<Attribute> values = getValues().getValue();
  if (values.empty())
    return emitOpError("defines no constant");
  if (values.size() != getNumResults())
    return emitOpError("has ") << values.size() << " value(s) but "
                               << getNumResults() << " result(s)";
  for (auto [i, v] : llvm::enumerate(values)) {
    auto typed = dyn_cast<TypedAttr>(v);
    if (!isa<IntegerAttr, FloatAttr>(v) || !typed ||
        typed.getType() != getResult(i).getType())
      return emitOpError("value ") << i << " is " << v << ", but result " << i
                                   << " has type " << getResult(i).getType();
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Grid indices
//===----------------------------------------------------------------------===//

ParseResult mlir::cute::parseGridDim(OpAsmParser &p, DimAttr &dim) {
  SMLoc loc = p.getCurrentLocation();
  StringRef word;
  if (failed(p.parseOptionalKeyword(&word)))
    return p.emitError(loc, "expected the dimension x, y or z");
  std::optional<Dim> d = symbolizeDim(word);
  if (!d)
    return p.emitError(loc, "expected the dimension x, y or z, but got '")
           << word << "'";
  dim = DimAttr::get(p.getContext(), *d);
  return success();
}

void mlir::cute::printGridDim(OpAsmPrinter &p, Operation *, DimAttr dim) {
  p << stringifyDim(dim.getValue());
}

//===----------------------------------------------------------------------===//
// Element-wise arithmetic
//===----------------------------------------------------------------------===//

LogicalResult
mlir::cute::inferElementwiseType(std::optional<Location> loc, StringRef opName,
                                 ValueRange operands,
                                 SmallVectorImpl<Type> &inferred) {
  if (operands.size() != 2)
    return emitOptionalError(loc, "'", opName, "' op takes two operands");
  Type a = operands[0].getType(), b = operands[1].getType();
  auto va = dyn_cast<VectorType>(a), vb = dyn_cast<VectorType>(b);
  Type ea = va ? va.getElementType() : a, eb = vb ? vb.getElementType() : b;
  if (ea != eb)
    return emitOptionalError(loc, "'", opName,
                             "' op expects operands of one element type, but "
                             "got ",
                             a, " and ", b);
  if (va && vb && va != vb)
    return emitOptionalError(loc, "'", opName,
                             "' op expects vectors of one shape, but got ", a,
                             " and ", b);
  inferred.push_back(va ? a : b);
  return success();
}
