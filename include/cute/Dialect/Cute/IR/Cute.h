//===- Cute.h - The cute dialect --------------------------------*- C++ -*-===//
#ifndef CUTE_DIALECT_CUTE_IR_CUTE_H
#define CUTE_DIALECT_CUTE_IR_CUTE_H

#include "cute/Dialect/Cute/IR/CuteMma.h"
#include "cute/Dialect/Cute/IR/CuteTensor.h"
#include "cute/Dialect/Cute/IR/CuteValue.h"

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include <memory>

namespace mlir::cute {
class InstanceEnv;
/// The result type of the element-wise ops (CuteScalarOps.td): the vector
/// operand's type, else the scalar type.
LogicalResult inferElementwiseType(std::optional<Location> loc,
                                   StringRef opName, ValueRange operands,
                                   SmallVectorImpl<Type> &inferred);
} // namespace mlir::cute

#include "cute/Dialect/Cute/IR/CuteOpsDialect.h.inc"

#include "cute/Dialect/Cute/IR/CuteAttrInterfaces.h.inc"
#include "cute/Dialect/Cute/IR/CuteTypeInterfaces.h.inc"

#define GET_TYPEDEF_CLASSES
#include "cute/Dialect/Cute/IR/CuteOpsTypes.h.inc"

#include "cute/Dialect/Cute/IR/CuteEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "cute/Dialect/Cute/IR/CuteOpsAttrs.h.inc"

#include "cute/Dialect/Cute/IR/CuteInterfaces.h.inc"

namespace mlir::cute {
/// `x`, `y` or `z`: the dimension of the grid index ops.
ParseResult parseGridDim(OpAsmParser &p, DimAttr &dim);
void printGridDim(OpAsmPrinter &p, Operation *op, DimAttr dim);
} // namespace mlir::cute

#define GET_OP_CLASSES
#include "cute/Dialect/Cute/IR/CuteOps.h.inc"

#endif // CUTE_DIALECT_CUTE_IR_CUTE_H
