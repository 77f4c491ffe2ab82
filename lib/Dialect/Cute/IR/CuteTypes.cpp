//===- CuteTypes.cpp - cute value types and #cute.* attributes ------------===//
//
// Each value type and attribute stores a parsed CuteValue; parsing, printing,
// identity and hashing are in CuteValue.cpp, shared by all of them through
// the value parameter (CuteTypes.td) and the value interfaces.
//
//===----------------------------------------------------------------------===//
#include "cute/Dialect/Cute/IR/Cute.h"
#include "cute/Dialect/Cute/IR/CuteParams.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::cute;

#include "cute/Dialect/Cute/IR/CuteAttrInterfaces.cpp.inc"
#include "cute/Dialect/Cute/IR/CuteTypeInterfaces.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "cute/Dialect/Cute/IR/CuteOpsTypes.cpp.inc"

/// `!cute.vec<"N", T>`: the builtin `vector<N x T>` whose length is an
/// expression of integer instance parameters in CuTe notation
/// ("BN/2", "D*2"), so that one kernel source spells its register vectors
/// for every instance. It parses to the builtin type; nothing prints it.
static Type parseVecType(DialectAsmParser &parser) {
  if (parser.parseLess())
    return {};
  SMLoc loc = parser.getCurrentLocation();
  FailureOr<CuteValue> n = parseCuteValueText(parser, CuteKind::IntTuple);
  Type elem;
  if (failed(n) || parser.parseComma() || parser.parseType(elem) ||
      parser.parseGreater())
    return {};
  if (!n->tuple.isInt() || !n->tuple.value().isStatic() ||
      n->tuple.value().value() <= 0) {
    parser.emitError(loc) << "!cute.vec needs a positive static length, but \""
                          << n->tuple.str() << "\" is not one";
    return {};
  }
  if (!VectorType::isValidElementType(elem)) {
    parser.emitError(loc) << "!cute.vec: " << elem
                          << " is not a vector element type";
    return {};
  }
  return VectorType::get({n->tuple.value().value()}, elem);
}

Type CuteDialect::parseType(DialectAsmParser &parser) const {
  SMLoc loc = parser.getCurrentLocation();
  StringRef mnemonic;
  Type t;
  OptionalParseResult r = generatedTypeParser(parser, &mnemonic, t);
  if (r.has_value())
    return t;
  if (mnemonic == "param")
    return parseParamType(parser);
  if (mnemonic == "vec")
    return parseVecType(parser);
  parser.emitError(loc) << "unknown type `" << mnemonic
                        << "` in dialect `cute`";
  return {};
}

void CuteDialect::printType(Type type, DialectAsmPrinter &printer) const {
  (void)generatedTypePrinter(type, printer);
}

void CuteDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "cute/Dialect/Cute/IR/CuteOpsTypes.cpp.inc"
      >();
}
