//===- CuteDialect.cpp - The cute dialect
//----------------------------------===//
#include "cute/Dialect/Cute/IR/Cute.h"

#include "mlir/Transforms/InliningUtils.h"

using namespace mlir;
using namespace mlir::cute;

#include "cute/Dialect/Cute/IR/CuteOpsDialect.cpp.inc"

namespace {
/// Every cute op may be inlined: helpers written as func.func in a kernel
/// file are inlined first by --cute-compile (their values are SSA values of
/// cute types, with no side state).
struct CuteInlinerInterface : DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;
  bool isLegalToInline(Operation *, Region *, bool, IRMapping &) const final {
    return true;
  }
  bool isLegalToInline(Region *, Region *, bool, IRMapping &) const final {
    return true;
  }
};
} // namespace

void CuteDialect::initialize() {
  registerTypes();
  registerAttributes();
  addOperations<
#define GET_OP_LIST
#include "cute/Dialect/Cute/IR/CuteOps.cpp.inc"
      >();
  addInterfaces<CuteInlinerInterface>();
}

Operation *CuteDialect::materializeConstant(OpBuilder &builder, Attribute value,
                                            Type type, Location loc) {
  // cute.static's folded value is its own (static) type.
  if (auto t = dyn_cast<TypeAttr>(value))
    if (t.getValue() == type && kindOfType(type))
      return StaticOp::create(builder, loc, type);
  return nullptr;
}
