//===- CuteNvgpuOps.cpp - Verifiers of the cute_nvgpu ops -----------------===//
#include "cute/Dialect/CuteNvgpu/IR/CuteNvgpu.h"

#include "cute/Dialect/Cute/IR/CuteAsm.h"
#include "cute/Dialect/Cute/IR/CuteParams.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace mlir::cute_nvgpu;

//===----------------------------------------------------------------------===//
// The short form (cute/Dialect/Cute/IR/CuteAsm.h): operand types written or
// taken from the values, state types inferred from the pipeline's.
//===----------------------------------------------------------------------===//

namespace mlir::cute_nvgpu {
using ::mlir::cute::parseI32OrParam;
using ::mlir::cute::parseOperandTypes;
using ::mlir::cute::printI32OrParam;
using ::mlir::cute::printOperandTypes;

/// A named barrier's id: an integer (the `id` attribute) or an i32 value.
static ParseResult
parseBarrierId(OpAsmParser &p, IntegerAttr &id,
               std::optional<OpAsmParser::UnresolvedOperand> &dynamicId) {
  OpAsmParser::UnresolvedOperand v;
  OptionalParseResult r = p.parseOptionalOperand(v);
  if (r.has_value()) {
    if (failed(*r))
      return failure();
    dynamicId = v;
    return success();
  }
  int32_t c;
  if (p.parseInteger(c))
    return failure();
  id = p.getBuilder().getI32IntegerAttr(c);
  return success();
}
static void printBarrierId(OpAsmPrinter &p, Operation *, IntegerAttr id,
                           Value dynamicId) {
  if (dynamicId)
    p << dynamicId;
  else
    p << id.getInt();
}

/// The state type of a pipeline type; null for another type (the op's
/// verifier reports it).
static PipelineStateType stateTypeOf(Type pipeline) {
  auto p = dyn_cast_or_null<PipelineType>(pipeline);
  return p ? PipelineStateType::get(p.getContext(), p.getStages())
           : PipelineStateType();
}

/// `[-> !cute_nvgpu.pipeline_state<S>]`: without it, the pipeline's S.
static ParseResult parseStateOf(OpAsmParser &p, Type pipeline, Type &state) {
  if (succeeded(p.parseOptionalArrow()))
    return p.parseType(state);
  state = stateTypeOf(pipeline);
  if (!state)
    return p.emitError(p.getCurrentLocation(), "the state type of ")
           << pipeline << " is not known: it is not a pipeline";
  return success();
}

static void printStateOf(OpAsmPrinter &p, Operation *, Type pipeline,
                         Type state) {
  if (!cute::printShortFormEnabled() || state != stateTypeOf(pipeline))
    p << " -> " << state;
}
} // namespace mlir::cute_nvgpu

#define GET_OP_CLASSES
#include "cute/Dialect/CuteNvgpu/IR/CuteNvgpuOps.cpp.inc"

//===----------------------------------------------------------------------===//
// Barriers
//===----------------------------------------------------------------------===//

/// An smem tensor of i64 (barrier storage); its element count in `count`
/// when static.
static LogicalResult verifyBarrierStorage(Operation *op, Type t,
                                          int64_t &count) {
  auto mt = cast<mlir::cute::CuteMemRefType>(t);
  if (mt.getMemSpace() != mlir::cute::MemSpace::smem ||
      !mt.getElementType().isInteger(64))
    return op->emitOpError("barrier storage must be a shared-memory tensor "
                           "of i64, got ")
           << t;
  mlir::cute::MemRefInfo info = mlir::cute::tensorInfo(t);
  count = -1;
  if (info.layout.isStatic())
    count = ::cute::layout::size(info.layout).value();
  return success();
}

LogicalResult MbarrierGetOp::verify() {
  int64_t n;
  if (failed(verifyBarrierStorage(*this, getStorage().getType(), n)))
    return failure();
  APInt idx;
  if (n >= 0 && matchPattern(getIndex(), m_ConstantInt(&idx)) &&
      (idx.getSExtValue() < 0 || idx.getSExtValue() >= n))
    return emitOpError("barrier ")
           << idx.getSExtValue() << " is outside the storage of " << n
           << " barriers";
  return success();
}

LogicalResult MbarrierArriveOp::verify() {
  // A local arrive is a CTA-scope release already.
  if (getReleaseCta() && !getCta())
    return emitOpError("release_cta applies to an arrive on another CTA's "
                       "barrier (`cta %r`); a local arrive releases at CTA "
                       "scope already");
  return success();
}

//===----------------------------------------------------------------------===//
// TMA
//===----------------------------------------------------------------------===//

LogicalResult MakeTmaDescOp::verify() {
  auto src = cast<mlir::cute::CuteMemRefType>(getTensor().getType());
  TmaDescType desc = getType();
  if (src.getMemSpace() != mlir::cute::MemSpace::gmem)
    return emitOpError("makes a TMA descriptor of a global tensor, got ")
           << src;
  if (src.getElementType() != desc.getBox().getElementType())
    return emitOpError("tensor elements are ")
           << src.getElementType() << " but the box holds "
           << desc.getBox().getElementType();
  if (src.getSwizzle())
    return emitOpError("a global tensor has no swizzle");
  mlir::cute::MemRefInfo info = mlir::cute::tensorInfo(src);
  auto global =
      ::cute::atom::deriveTmaGlobal(info.layout, tmaBoxOf(desc), info.bits());
  if (!global)
    return emitOpError(global.message());
  int64_t l2 = getL2Promotion();
  if (l2 != 0 && l2 != 64 && l2 != 128 && l2 != 256)
    return emitOpError("l2_promotion = ")
           << l2 << " bytes; TMA promotes 0, 64, 128 or 256";
  if (src.getAlignment() < 16)
    return emitOpError("the global tensor is aligned to ")
           << src.getAlignment()
           << " B; a TMA descriptor needs a 16-byte aligned base (promise "
              "align<16> on the pointer; the runtime checks it at launch)";
  return success();
}

LogicalResult mlir::cute_nvgpu::verifyTmaBoxOperand(
    function_ref<InFlightDiagnostic()> emitError, TmaDescType desc, Type smem,
    size_t numCoords) {
  auto box = desc.getBox();
  auto mt = dyn_cast<mlir::cute::CuteMemRefType>(smem);
  if (!mt || mt.getMemSpace() != mlir::cute::MemSpace::smem)
    return emitError() << "TMA copies to and from shared memory, got " << smem;
  mlir::cute::MemRefInfo want = mlir::cute::tensorInfo(box),
                         got = mlir::cute::tensorInfo(mt);
  if (mt.getElementType() != box.getElementType())
    return emitError() << "shared tensor elements are " << mt.getElementType()
                       << " but the descriptor's are " << box.getElementType();
  if (!(got.layout == want.layout) || !(got.swizzle == want.swizzle))
    return emitError()
           << "shared tensor layout "
           << (got.swizzle ? got.swizzle->str() + " o " : std::string())
           << got.layout.str() << " differs from the TMA box layout "
           << (want.swizzle ? want.swizzle->str() + " o " : std::string())
           << want.layout.str()
           << ": TMA writes the box in this layout, so the consumers must "
              "read it in the same one";
  if (mt.getAlignment() < box.getAlignment())
    return emitError() << "shared tensor is aligned to " << mt.getAlignment()
                       << " B; the TMA box needs " << box.getAlignment()
                       << " B";
  size_t rank = tmaBoxOf(desc).dims.size();
  if (numCoords != rank)
    return emitError() << "has " << numCoords << " coordinates for a rank-"
                       << rank << " box";
  return success();
}

LogicalResult TmaLoadOp::verify() {
  TmaDescType desc = getDesc().getType();
  if (desc.getKind() != TmaKind::load)
    return emitOpError("needs a load descriptor, got ") << desc;
  if (getMulticastMask() && desc.getMulticast() < 2)
    return emitOpError("multicast needs a descriptor with multicast >= 2, "
                       "got ")
           << desc;
  if (!getMulticastMask() && desc.getMulticast() > 1)
    return emitOpError("a multicast descriptor needs the `multicast` mask");
  if (getCtaGroup() != 1 && getCtaGroup() != 2)
    return emitOpError("cta_group = ")
           << getCtaGroup() << "; it is 1 or 2 (a CTA pair)";
  if (getCtaGroup() == 2 && getMulticastMask())
    return emitOpError("cta_group = 2 with a multicast mask is not supported "
                       "(CuTe's SM100_TMA_2SM_LOAD_MULTICAST)");
  return verifyTmaBoxOperand([&] { return emitOpError(); }, desc,
                             getSmem().getType(), getCoords().size());
}

LogicalResult TmaStoreOp::verify() {
  TmaDescType desc = getDesc().getType();
  if (desc.getKind() != TmaKind::store)
    return emitOpError("needs a store descriptor, got ") << desc;
  return verifyTmaBoxOperand([&] { return emitOpError(); }, desc,
                             getSmem().getType(), getCoords().size());
}

//===----------------------------------------------------------------------===//
// Pipelines
//===----------------------------------------------------------------------===//

LogicalResult PipelineCreateOp::verify() {
  PipelineType t = getType();
  // Its expansion ends with a block (or cluster) barrier: every thread of
  // the block must reach it.
  if (t.getKind() != PipelineKind::tma_store &&
      ((*this)->getParentOfType<WarpSpecializeOp>() ||
       (*this)->getParentOfType<ElectOneOp>()))
    return emitOpError("initialises its barriers and then synchronises the "
                       "whole block, so it must be executed by every thread: "
                       "create the pipeline before cute_nvgpu.warp_specialize "
                       "or elect_one");
  bool store = t.getKind() == PipelineKind::tma_store;
  if (store != !getStorage())
    return emitOpError(store ? "a tma_store pipeline has no barriers and "
                               "takes no storage"
                             : "needs barrier storage (an smem i64 tensor "
                               "of 2 x stages elements)");
  if (getStorage()) {
    int64_t n;
    if (failed(verifyBarrierStorage(*this, getStorage().getType(), n)))
      return failure();
    if (n >= 0 && n < 2 * int64_t(t.getStages()))
      return emitOpError("barrier storage holds ")
             << n << " barriers; " << t.getStages() << " stages need "
             << 2 * t.getStages() << " (full and empty per stage)";
  }
  // consumers and tx_bytes may be left out (cute-nvgpu-infer-pipeline-
  // counts reads them off the kernel); written ones are checked here.
  std::optional<uint32_t> consumers = getConsumers(), txBytes = getTxBytes(),
                          producers = getProducers();
  if ((producers && *producers < 1) || (consumers && *consumers < 1))
    return emitOpError("producers and consumers must be at least 1");
  PipelineKind kind = t.getKind();
  bool tma = kind == PipelineKind::tma_async || kind == PipelineKind::tma_umma;
  if (tma && txBytes) {
    if (*txBytes < 1)
      return emitOpError("tx_bytes = ")
             << *txBytes
             << "; it is the bytes each stage receives (leave it out to "
                "infer it from the TMA loads)";
    if (*txBytes >= (1 << 20))
      return emitOpError("tx_bytes = ")
             << *txBytes << "; an mbarrier counts at most 1048575";
  } else if (txBytes) {
    return emitOpError("tx_bytes applies to tma_async and tma_umma pipelines "
                       "only");
  }
  if (getCtaGroup() != 1 && getCtaGroup() != 2)
    return emitOpError("cta_group = ")
           << getCtaGroup() << "; it is 1 or 2 (a CTA pair)";
  if (getCtaGroup() == 2 && kind != PipelineKind::umma_async &&
      kind != PipelineKind::tma_umma)
    return emitOpError("cta_group = 2 applies to tma_umma and umma_async "
                       "pipelines");
  if (getCtaGroup() == 2 && kind == PipelineKind::tma_umma &&
      getMulticast() > 1)
    return emitOpError("cta_group = 2 with multicast is not supported: the "
                       "pair's stages are released by one commit onto both "
                       "CTAs");
  if (getMulticast() > 1 && kind == PipelineKind::umma_async)
    return emitOpError("multicast does not apply to umma_async pipelines "
                       "(their consumers release their own CTA's stage, or "
                       "the pair's even CTA's with cta_group = 2)");
  if (kind == PipelineKind::tma_umma && consumers && *consumers != 1)
    return emitOpError("consumers = ")
           << *consumers
           << "; a tma_umma stage is released by one tcgen05.commit per CTA "
              "(the thread that issues the MMAs): consumers is 1";
  if (kind == PipelineKind::umma_async && producers && *producers != 1)
    return emitOpError("producers = ")
           << *producers
           << "; an umma_async stage is filled by one tcgen05.commit (the "
              "thread that issues the MMAs): producers is 1";
  if (getMulticast() < 1 || getMulticast() > 16)
    return emitOpError("multicast = ")
           << getMulticast() << "; a cluster has 1 to 16 CTAs";
  if (int64_t(consumers.value_or(1)) * getMulticast() * getCtaGroup() >=
      (1 << 20))
    return emitOpError("empty-barrier count too large");
  return success();
}

static LogicalResult verifyStages(Operation *op, PipelineType p,
                                  PipelineStateType s) {
  if (p.getStages() != s.getStages())
    return op->emitOpError("state of ")
           << s.getStages() << " stages for a pipeline of " << p.getStages();
  return success();
}

/// The result of pipeline_producer_state / pipeline_consumer_state.
static LogicalResult verifyStateOf(Operation *op, PipelineType p,
                                   PipelineStateType s) {
  if (s != stateTypeOf(p))
    return op->emitOpError("result type ")
           << s << " differs from the inferred " << stateTypeOf(p)
           << " (the state of " << p << ")";
  return success();
}

LogicalResult PipelineProducerStateOp::verify() {
  return verifyStateOf(*this, getPipeline().getType(), getType());
}
LogicalResult PipelineConsumerStateOp::verify() {
  return verifyStateOf(*this, getPipeline().getType(), getType());
}

/// Pipelines are handles: their ops find the pipeline_create. A helper
/// function (not a kernel) may take one as an argument: --cute-compile
/// inlines helpers first, and the ops are verified again in the kernel.
static LogicalResult verifyPipelineOperand(Operation *op, Value p) {
  if (p.getDefiningOp<PipelineCreateOp>())
    return success();
  if (auto arg = dyn_cast<BlockArgument>(p)) {
    Operation *fn = arg.getOwner()->getParentOp();
    if (fn && isa<FunctionOpInterface>(fn) && arg.getOwner()->isEntryBlock() &&
        !fn->hasAttr("gpu.kernel"))
      return success();
  }
  return op->emitOpError("pipeline must come from cute_nvgpu.pipeline_create "
                         "in the same kernel, or be an argument of a helper "
                         "function (which --cute-compile inlines)");
}

/// The checks every pipeline step shares; `consumerSide` steps do not
/// exist for tma_store pipelines.
static LogicalResult verifyStep(Operation *op, Value pipeline, Value state,
                                bool consumerSide) {
  if (failed(verifyPipelineOperand(op, pipeline)))
    return failure();
  auto p = cast<PipelineType>(pipeline.getType());
  if (failed(verifyStages(op, p, cast<PipelineStateType>(state.getType()))))
    return failure();
  if (consumerSide && p.getKind() == PipelineKind::tma_store)
    return op->emitOpError("a tma_store pipeline has no consumer side");
  return verifyStateTiedTo(op, pipeline, state);
}

LogicalResult PipelineProducerAcquireOp::verify() {
  return verifyStep(*this, getPipeline(), getState(), false);
}
LogicalResult PipelineProducerCommitOp::verify() {
  return verifyStep(*this, getPipeline(), getState(), false);
}
LogicalResult PipelineProducerTailOp::verify() {
  return verifyStep(*this, getPipeline(), getState(), false);
}
LogicalResult PipelineConsumerWaitOp::verify() {
  return verifyStep(*this, getPipeline(), getState(), true);
}
LogicalResult PipelineConsumerReleaseOp::verify() {
  return verifyStep(*this, getPipeline(), getState(), true);
}

LogicalResult PipelineProducerGetBarrierOp::verify() {
  if (failed(verifyPipelineOperand(*this, getPipeline())) ||
      failed(
          verifyStages(*this, getPipeline().getType(), getState().getType())))
    return failure();
  if (getPipeline().getType().getKind() == PipelineKind::tma_store)
    return emitOpError("a tma_store pipeline has no barriers");
  return verifyStateTiedTo(*this, getPipeline(), getState());
}

//===----------------------------------------------------------------------===//
// Warps
//===----------------------------------------------------------------------===//

LogicalResult NamedBarrierOp::verify() {
  if (bool(getIdAttr()) == bool(getDynamicId()))
    return emitOpError("takes one id: an integer 1..15 or an i32 value");
  if (getThreads() % 32)
    return emitOpError("threads = ")
           << getThreads() << "; a named barrier counts whole warps "
           << "(a multiple of 32)";
  return success();
}

LogicalResult CounterArriveOp::verify() {
  auto ptr = cast<cute::PtrType>(getCounters().getType());
  if (!ptr.getElementType().isInteger(32) ||
      ptr.getMemSpace() != cute::MemSpace::gmem)
    return emitOpError("counters must be a !cute.ptr<i32, gmem>, not ") << ptr;
  if (ptr.getAlignment() < 4)
    return emitOpError("counters must be 4-byte aligned (align<4>), not ")
           << ptr;
  if (getThreads() % 32)
    return emitOpError("threads = ")
           << getThreads() << "; the group's barrier counts whole warps "
           << "(a multiple of 32)";
  return success();
}

LogicalResult SetMaxNRegOp::verify() {
  if (getRegs() % 8)
    return emitOpError("regs = ") << getRegs() << "; setmaxnreg takes a "
                                  << "multiple of 8 in [24, 256]";
  return success();
}
