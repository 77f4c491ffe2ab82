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

Type CuteDialect::parseType(DialectAsmParser &parser) const {
  SMLoc loc = parser.getCurrentLocation();
  StringRef mnemonic;
  Type t;
  OptionalParseResult r = generatedTypeParser(parser, &mnemonic, t);
  if (r.has_value())
    return t;
  if (mnemonic == "param")
    return parseParamType(parser);
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
