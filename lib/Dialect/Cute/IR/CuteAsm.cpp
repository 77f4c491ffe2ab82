//===- CuteAsm.cpp - The short form: ops written without types ------------===//
#include "cute/Dialect/Cute/IR/CuteAsm.h"
#include "cute/Dialect/Cute/IR/Cute.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/Support/CommandLine.h"

using namespace mlir;
using namespace mlir::cute;

static llvm::cl::opt<bool> clPrintShort(
    "cute-print-short",
    llvm::cl::desc("Print cute ops without the types that equal the inferred "
                   "ones (the short form)"),
    llvm::cl::init(false));

bool mlir::cute::printShortFormEnabled() { return clPrintShort; }

/// Resolves an operand whose type the text does not state. MLIR's op parser
/// resolves operands only against a given type and has no query for the
/// type of a value already defined; it does report that type when asked
/// with the wrong one ("use of value '%x' expects different type than prior
/// uses: 'none' vs 'T'", T being the diagnostic's last type argument). So we
/// ask with `none`, which no cute operand has, capture that diagnostic
/// instead of reporting it, and resolve again with T. A value used before
/// its definition resolves to a placeholder of the type asked for, so that
/// case is reported as an error naming the value.
ParseResult mlir::cute::resolveUntyped(OpAsmParser &p,
                                       const OpAsmParser::UnresolvedOperand &u,
                                       SmallVectorImpl<Value> &out) {
  MLIRContext *ctx = p.getContext();
  Type actual;
  bool forward = false;
  {
    ScopedDiagnosticHandler capture(ctx, [&](Diagnostic &d) {
      if (actual || d.getSeverity() != DiagnosticSeverity::Error ||
          !StringRef(d.str()).contains("expects different type than prior"))
        return failure(); // not ours: report it as usual
      for (const DiagnosticArgument &arg : d.getArguments())
        if (arg.getKind() == DiagnosticArgument::DiagnosticArgumentKind::Type)
          actual = arg.getAsType();
      return success(bool(actual));
    });
    SmallVector<Value, 1> probe;
    forward = succeeded(p.resolveOperand(u, NoneType::get(ctx), probe));
  }
  if (forward)
    return p.emitError(u.location, "the type of '")
           << u.name
           << "' is not known here (it is used before its definition); "
              "write this op's types";
  if (!actual)
    return failure(); // the parser reported why
  return p.resolveOperand(u, actual, out);
}

ParseResult mlir::cute::parseOperandTypeList(
    OpAsmParser &p, ArrayRef<const OpAsmParser::UnresolvedOperand *> operands,
    ArrayRef<Type *> types) {
  assert(operands.size() == types.size() && "one type per operand");
  SMLoc loc = p.getCurrentLocation();
  if (failed(p.parseOptionalColon())) {
    for (auto [u, t] : llvm::zip(operands, types)) {
      if (!u)
        continue;
      SmallVector<Value, 1> v;
      if (resolveUntyped(p, *u, v))
        return failure();
      *t = v.front().getType();
    }
    return success();
  }
  unsigned present = llvm::count_if(operands, [](auto *u) { return u; });
  SmallVector<Type> written;
  loc = p.getCurrentLocation();
  if (p.parseTypeList(written))
    return failure();
  if (written.size() != present)
    return p.emitError(loc)
           << "this op has " << present << " operand(s) here but "
           << written.size() << " type(s) are written";
  auto next = written.begin();
  for (auto [u, t] : llvm::zip(operands, types))
    if (u)
      *t = *next++;
  return success();
}

void mlir::cute::printOperandTypeList(OpAsmPrinter &p, ArrayRef<Type> types) {
  if (printShortFormEnabled())
    return;
  p << " : ";
  llvm::interleaveComma(
      llvm::make_filter_range(types, [](Type t) { return bool(t); }), p);
}

/// `-> T` or `-> (T, U)`; false when there is no arrow.
static FailureOr<bool> parseOptionalResults(OpAsmParser &p,
                                            SmallVectorImpl<Type> &types) {
  if (failed(p.parseOptionalArrow()))
    return false;
  if (succeeded(p.parseOptionalLParen())) {
    if (p.parseTypeList(types) || p.parseRParen())
      return failure();
    return true;
  }
  Type t;
  if (p.parseType(t))
    return failure();
  types.push_back(t);
  return true;
}

/// One operand type: a full type, or (for ArrowStripped ops) the body
/// `<"...">` of the operand value's own cute type kind.
static ParseResult parseOperandType(OpAsmParser &p,
                                    const OpAsmParser::UnresolvedOperand &u,
                                    Type &type) {
  if (failed(p.parseOptionalLess()))
    return p.parseType(type);
  SmallVector<Value, 1> v;
  if (resolveUntyped(p, u, v))
    return failure();
  auto kind = dyn_cast<CuteValueTypeInterface>(v[0].getType());
  if (!kind)
    return p.emitError(p.getCurrentLocation(),
                       "a type without its `!dialect.kind` prefix needs a "
                       "cute value operand, but '")
           << u.name << "' is " << v[0].getType();
  FailureOr<CuteValue> body =
      parseCuteValueText(p, kindOfType(v[0].getType()).value());
  if (failed(body) || p.parseGreater())
    return failure();
  type = typeOfValue(p.getContext(), *body);
  return success();
}

ParseResult mlir::cute::parseShortForm(OpAsmParser &p, OperationState &st,
                                       StringRef prefixAttr,
                                       ShortFormInferFn infer,
                                       ShortFormAttrsFn verifyAttrs,
                                       unsigned minOperands,
                                       unsigned maxOperands) {
  MLIRContext *ctx = p.getContext();
  if (!prefixAttr.empty() && succeeded(p.parseOptionalLess())) {
    Attribute mode = DenseI32ArrayAttr::parse(p, Type());
    if (!mode || p.parseGreater())
      return failure();
    st.addAttribute(prefixAttr, mode);
  }
  SmallVector<OpAsmParser::UnresolvedOperand> operands;
  SMLoc operandsLoc = p.getCurrentLocation();
  if (p.parseLParen() || p.parseOperandList(operands) || p.parseRParen())
    return failure();
  if (operands.size() < minOperands || operands.size() > maxOperands) {
    InFlightDiagnostic d = p.emitError(operandsLoc)
                           << "'" << st.name.getStringRef() << "' expects ";
    if (minOperands == maxOperands)
      d << minOperands;
    else if (maxOperands == ~0u)
      d << "at least " << minOperands;
    else
      d << minOperands << " to " << maxOperands;
    return d << " operand(s), but " << operands.size() << " are written";
  }
  SMLoc attrLoc = p.getCurrentLocation();
  if (p.parseOptionalAttrDict(st.attributes))
    return failure();
  if (verifyAttrs && failed(verifyAttrs(st.name, st.attributes, [&] {
        return p.emitError(attrLoc) << "'" << st.name.getStringRef() << "' op ";
      })))
    return failure();

  SmallVector<Type> operandTypes, resultTypes;
  bool typedOperands = false, typedResults = false;
  SMLoc typesLoc = p.getCurrentLocation();
  if (succeeded(p.parseOptionalColon())) {
    typesLoc = p.getCurrentLocation();
    if (succeeded(p.parseOptionalLParen())) {
      // `(A, B) -> R`
      if (failed(p.parseOptionalRParen())) {
        do {
          if (operandTypes.size() >= operands.size())
            return p.emitError(p.getCurrentLocation())
                   << "'" << st.name.getStringRef() << "' has "
                   << operands.size() << " operand(s); more types are written";
          Type t;
          if (parseOperandType(p, operands[operandTypes.size()], t))
            return failure();
          operandTypes.push_back(t);
        } while (succeeded(p.parseOptionalComma()));
        if (p.parseRParen())
          return failure();
      }
    } else {
      // `A, B [-> R]`; an operand type may be a stripped cute type.
      do {
        if (operandTypes.size() >= operands.size())
          return p.emitError(p.getCurrentLocation())
                 << "'" << st.name.getStringRef() << "' has " << operands.size()
                 << " operand(s); more types are written";
        Type t;
        if (parseOperandType(p, operands[operandTypes.size()], t))
          return failure();
        operandTypes.push_back(t);
      } while (succeeded(p.parseOptionalComma()));
    }
    FailureOr<bool> r = parseOptionalResults(p, resultTypes);
    if (failed(r))
      return failure();
    typedResults = *r;
    typedOperands = true;
    if (operandTypes.size() != operands.size())
      return p.emitError(typesLoc)
             << "'" << st.name.getStringRef() << "' has " << operands.size()
             << " operand(s) but " << operandTypes.size()
             << " operand type(s) are written";
  } else {
    FailureOr<bool> r = parseOptionalResults(p, resultTypes);
    if (failed(r))
      return failure();
    typedResults = *r;
  }

  if (typedOperands) {
    if (p.resolveOperands(operands, operandTypes, typesLoc, st.operands))
      return failure();
  } else {
    for (const auto &u : operands)
      if (resolveUntyped(p, u, st.operands))
        return failure();
  }

  if (typedResults) {
    st.addTypes(resultTypes);
    return success();
  }
  if (!infer)
    return success(); // an op without results
  SmallVector<Type> inferred;
  Location loc = p.getEncodedSourceLoc(p.getNameLoc());
  if (failed(infer(ctx, loc, st.operands, st.attributes, inferred)))
    return failure();
  st.addTypes(inferred);
  return success();
}

/// Whether the result types are exactly what inference gives today.
static bool resultsAreInferred(Operation *op, ShortFormInferFn infer) {
  if (op->getNumResults() == 0)
    return true;
  if (!infer)
    return false;
  SmallVector<Type> inferred;
  NamedAttrList attrs(op->getAttrDictionary());
  // Inference reports its errors; an op that fails it prints in full.
  ScopedDiagnosticHandler quiet(op->getContext(),
                                [](Diagnostic &) { return success(); });
  if (failed(infer(op->getContext(), op->getLoc(), op->getOperands(), attrs,
                   inferred)))
    return false;
  return TypeRange(inferred) == op->getResultTypes();
}

void mlir::cute::printShortForm(OpAsmPrinter &p, Operation *op, TypeStyle style,
                                StringRef prefixAttr,
                                ArrayRef<unsigned> stripped,
                                ShortFormInferFn infer,
                                ArrayRef<StringRef> elidedAttrs) {
  auto printOperandType = [&](unsigned i) {
    Type t = op->getOperand(i).getType();
    const CuteValue *v = cuteValueOf(t);
    if (v &&
        (style == TypeStyle::ArrowStripped || llvm::is_contained(stripped, i)))
      printCuteValueBody(p, *v);
    else
      p << t;
  };
  auto printOperandTypes = [&] {
    llvm::interleaveComma(llvm::seq<unsigned>(0, op->getNumOperands()), p,
                          printOperandType);
  };
  SmallVector<StringRef, 4> elided(elidedAttrs);
  if (!prefixAttr.empty()) {
    elided.push_back(prefixAttr);
    if (auto a = op->getAttrOfType<DenseI32ArrayAttr>(prefixAttr)) {
      p << "<";
      a.print(p);
      p << ">";
    }
    p << ' ';
  }
  p << "(";
  p.printOperands(op->getOperands());
  p << ")";
  p.printOptionalAttrDict(op->getAttrs(), elided);
  if (printShortFormEnabled()) {
    // Operand types are the values' own; results only where inference would
    // not give them back.
    if (resultsAreInferred(op, infer))
      return;
    p << " -> ";
    if (op->getNumResults() == 1) {
      p << op->getResult(0).getType();
      return;
    }
    p << "(";
    llvm::interleaveComma(op->getResultTypes(), p);
    p << ")";
    return;
  }
  p << " : ";
  switch (style) {
  case TypeStyle::Functional:
    p << "(";
    printOperandTypes();
    p << ") -> ";
    if (op->getNumResults() == 1) {
      p << op->getResult(0).getType();
      return;
    }
    p << "(";
    llvm::interleaveComma(op->getResultTypes(), p);
    p << ")";
    return;
  case TypeStyle::Arrow:
  case TypeStyle::ArrowStripped:
    printOperandTypes();
    p << " -> ";
    if (op->getNumResults() == 1) {
      p << op->getResult(0).getType();
      return;
    }
    p << "(";
    llvm::interleaveComma(op->getResultTypes(), p);
    p << ")";
    return;
  case TypeStyle::List:
    printOperandTypes();
    return;
  }
}
