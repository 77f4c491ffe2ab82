//===- CuteNvgpu.h - The cute_nvgpu dialect ---------------------*- C++ -*-===//
#ifndef CUTE_DIALECT_CUTENVGPU_IR_CUTENVGPU_H
#define CUTE_DIALECT_CUTENVGPU_IR_CUTENVGPU_H

#include "cute/Atom/Sm90Tma.h"
#include "cute/Dialect/Cute/IR/Cute.h"

#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "cute/Dialect/CuteNvgpu/IR/CuteNvgpuOpsDialect.h.inc"

#include "cute/Dialect/CuteNvgpu/IR/CuteNvgpuEnums.h.inc"

#include "cute/Dialect/CuteNvgpu/IR/CuteNvgpuAtomParams.h"
#include "cute/Dialect/CuteNvgpu/IR/CuteNvgpuTmem.h"

#define GET_TYPEDEF_CLASSES
#include "cute/Dialect/CuteNvgpu/IR/CuteNvgpuOpsTypes.h.inc"

#define GET_ATTRDEF_CLASSES
#include "cute/Dialect/CuteNvgpu/IR/CuteNvgpuOpsAttributes.h.inc"

#include "cute/Dialect/CuteNvgpu/IR/CuteNvgpuAttrInterfaces.h.inc"

#define GET_OP_CLASSES
#include "cute/Dialect/CuteNvgpu/IR/CuteNvgpuOps.h.inc"

namespace mlir::cute_nvgpu {

/// Attribute names of the architecture layer (one place).
namespace attrs {
/// gpu.func (dense i32 array): arguments that are __grid_constant__ TMA
/// descriptors (set by cute-nvgpu-outline-tma).
inline constexpr llvm::StringLiteral
    GridConstantArgs("cute_nvgpu.grid_constant_args");
} // namespace attrs

/// The TMA box of a descriptor type (valid types always have one).
::cute::atom::TmaBox tmaBoxOf(TmaDescType t);
/// The shared-memory side of a TMA copy with `desc`: exactly the
/// descriptor's box type (the layout TMA writes is the one the threads
/// read), and `numCoords` coordinates, one per box mode.
LogicalResult verifyTmaBoxOperand(function_ref<InFlightDiagnostic()> emitError,
                                  TmaDescType desc, Type smem,
                                  size_t numCoords);
/// The boxes of a TMA copy between the coordinate tile `coords` and the
/// shared tile `smem` when it is a tile of whole boxes: n >= 1 when both
/// have the box's rank and each mode j the same static size, a multiple
/// n_j of the box extent (n is the product of the n_j), unless it is one
/// box in the box's own layout; otherwise 0 (a plain one-box copy, which
/// the one-box checks judge).
int64_t tmaTileBoxes(TmaDescType desc, Type coords, Type smem);
/// The types of one box of such a tile (cute.local_tile by the box shape
/// at a dynamic index: the boxes differ only in their offsets), smem
/// first.
FailureOr<std::pair<Type, Type>>
tmaTileBoxTypes(function_ref<InFlightDiagnostic()> emitError, TmaDescType desc,
                Type coords, Type smem);

/// A pipeline_producer_state / pipeline_consumer_state op of a pipeline
/// other than `pipeline` from which `state` comes (through
/// pipeline_state_advance, loop iteration arguments and results, and
/// results forwarded by region terminators such as scf.yield), or null.
/// Paths of unknown origin (function arguments) are not followed.
Operation *findStateOfOtherPipeline(Value pipeline, Value state);
/// The verifier of a pipeline step: an error naming both pipelines when
/// `state` comes from a state made from another pipeline.
LogicalResult verifyStateTiedTo(Operation *op, Value pipeline, Value state);

} // namespace mlir::cute_nvgpu

#endif // CUTE_DIALECT_CUTENVGPU_IR_CUTENVGPU_H
