//===- CuteDialect.cpp - The cute dialect
//----------------------------------===//
#include "cute/Dialect/Cute/IR/Cute.h"

using namespace mlir;
using namespace mlir::cute;

#include "cute/Dialect/Cute/IR/CuteOpsDialect.cpp.inc"

void CuteDialect::initialize() {
  registerTypes();
  registerAttributes();
  addOperations<
#define GET_OP_LIST
#include "cute/Dialect/Cute/IR/CuteOps.cpp.inc"
      >();
}

Operation *CuteDialect::materializeConstant(OpBuilder &builder, Attribute value,
                                            Type type, Location loc) {
  // cute.static's folded value is its own (static) type.
  if (auto t = dyn_cast<TypeAttr>(value))
    if (t.getValue() == type && kindOfType(type))
      return StaticOp::create(builder, loc, type);
  return nullptr;
}
