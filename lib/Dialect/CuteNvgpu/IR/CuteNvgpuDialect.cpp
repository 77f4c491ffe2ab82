//===- CuteNvgpuDialect.cpp - The cute_nvgpu dialect and its types --------===//
#include "cute/Dialect/Cute/IR/CuteParams.h"
#include "cute/Dialect/CuteNvgpu/IR/CuteNvgpu.h"

#include "mlir/IR/DialectImplementation.h"
#include "mlir/Transforms/InliningUtils.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::cute_nvgpu;

#include "cute/Dialect/CuteNvgpu/IR/CuteNvgpuOpsDialect.cpp.inc"

#include "cute/Dialect/CuteNvgpu/IR/CuteNvgpuEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "cute/Dialect/CuteNvgpu/IR/CuteNvgpuOpsAttributes.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "cute/Dialect/CuteNvgpu/IR/CuteNvgpuOpsTypes.cpp.inc"

#include "cute/Dialect/CuteNvgpu/IR/CuteNvgpuAttrInterfaces.cpp.inc"

namespace {
/// Every cute_nvgpu op may be inlined, so pipelines, pipeline states, TMA
/// descriptors and tensors can be arguments of func.func helpers: the
/// inliner runs first in --cute-compile and the protocol verifier then sees
/// one kernel body.
struct CuteNvgpuInlinerInterface : DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;
  bool isLegalToInline(Operation *, Region *, bool, IRMapping &) const final {
    return true;
  }
  bool isLegalToInline(Region *, Region *, bool, IRMapping &) const final {
    return true;
  }
};
} // namespace

void CuteNvgpuDialect::initialize() {
  registerTypes();
  addAttributes<
#define GET_ATTRDEF_LIST
#include "cute/Dialect/CuteNvgpu/IR/CuteNvgpuOpsAttributes.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "cute/Dialect/CuteNvgpu/IR/CuteNvgpuOps.cpp.inc"
      >();
  addInterfaces<CuteNvgpuInlinerInterface>();
}

void CuteNvgpuDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "cute/Dialect/CuteNvgpu/IR/CuteNvgpuOpsTypes.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// tma_desc
//===----------------------------------------------------------------------===//

static ::cute::Expected<::cute::atom::TmaBox>
deriveBox(mlir::cute::CuteMemRefType box) {
  ::cute::layout::DynamicSymbols syms;
  mlir::cute::MemRefInfo info =
      cast<mlir::cute::CuteTensorTypeInterface>(box).readInfo(syms);
  return ::cute::atom::deriveTmaBox(info.layout, info.swizzle, info.bits());
}

LogicalResult TmaDescType::verify(function_ref<InFlightDiagnostic()> emitError,
                                  TmaKind kind, mlir::cute::CuteMemRefType box,
                                  unsigned multicast) {
  if (box.getMemSpace() != mlir::cute::MemSpace::smem)
    return emitError() << "TMA box must be a shared-memory tensor, got " << box;
  if (!box.isStatic())
    return emitError() << "TMA box " << box << " must have a static layout";
  auto derived = deriveBox(box);
  if (!derived)
    return emitError() << derived.message();
  if (box.getAlignment() < derived->smemAlign)
    return emitError() << "TMA box " << box << " is aligned to "
                       << box.getAlignment() << " B; "
                       << (derived->swizzleBytes
                               ? "its " +
                                     std::to_string(derived->swizzleBytes) +
                                     "-byte swizzle needs "
                               : std::string("TMA needs "))
                       << derived->smemAlign << " B";
  if (multicast < 1 || multicast > 16)
    return emitError() << "multicast = " << multicast
                       << " CTAs; a cluster has 1 to 16";
  if (multicast > 1 && kind != TmaKind::load)
    return emitError() << "multicast applies to TMA loads only";
  return success();
}

::cute::atom::TmaBox mlir::cute_nvgpu::tmaBoxOf(TmaDescType t) {
  auto derived = deriveBox(t.getBox());
  return derived ? *derived : ::cute::atom::TmaBox{};
}

int64_t TmaDescType::getBoxBytes() const { return tmaBoxOf(*this).bytes; }
int TmaDescType::getSwizzleBytes() const {
  return tmaBoxOf(*this).swizzleBytes;
}
SmallVector<int> TmaDescType::getDimModes() const {
  auto m = tmaBoxOf(*this).dimModes;
  return SmallVector<int>(m.begin(), m.end());
}
SmallVector<int64_t> TmaDescType::getBoxDims() const {
  auto d = tmaBoxOf(*this).dims;
  return SmallVector<int64_t>(d.begin(), d.end());
}

//===----------------------------------------------------------------------===//
// pipeline, pipeline_state
//===----------------------------------------------------------------------===//

static constexpr unsigned kMaxStages = 1u << 20;

LogicalResult PipelineType::verify(function_ref<InFlightDiagnostic()> emitError,
                                   PipelineKind, unsigned stages) {
  if (stages < 1 || stages > kMaxStages)
    return emitError() << "a pipeline has 1 to " << kMaxStages
                       << " stages, got " << stages;
  return success();
}

LogicalResult
PipelineStateType::verify(function_ref<InFlightDiagnostic()> emitError,
                          unsigned stages) {
  if (stages < 1 || stages > kMaxStages)
    return emitError() << "a pipeline state has 1 to " << kMaxStages
                       << " stages, got " << stages;
  return success();
}
