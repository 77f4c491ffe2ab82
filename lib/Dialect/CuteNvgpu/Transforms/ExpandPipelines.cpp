//===- ExpandPipelines.cpp - Pipelines to mbarrier ops --------------------===//
//
// CUTLASS's pipeline semantics (../shared/design/NOTES-NVVM22.md, Pipelines)
// written once: a state is an i32 (phase << 31 | index); full barriers are
// storage[0, S), empty barriers storage[S, 2S).
//
//===----------------------------------------------------------------------===//
#include "cute/Dialect/Cute/IR/Cute.h"
#include "cute/Dialect/Cute/IR/CuteAttrNames.h"
#include "cute/Dialect/CuteNvgpu/IR/CuteNvgpu.h"
#include "cute/Dialect/CuteNvgpu/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/Support/Path.h"

namespace mlir::cute_nvgpu {
#define GEN_PASS_DEF_CUTENVGPUEXPANDPIPELINES
#include "cute/Dialect/CuteNvgpu/Transforms/Passes.h.inc"
} // namespace mlir::cute_nvgpu

using namespace mlir;
using namespace mlir::cute_nvgpu;

namespace {

constexpr uint32_t kPhaseBit = 0x80000000u;

Value i32(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantIntOp::create(b, loc, b.getI32Type(), int32_t(v));
}

/// The pipeline's create op (verified: pipelines are never block args).
PipelineCreateOp creatorOf(Value pipeline) {
  return pipeline.getDefiningOp<PipelineCreateOp>();
}

Value stateIndex(OpBuilder &b, Location loc, Value s) {
  return arith::AndIOp::create(b, loc, s, i32(b, loc, ~kPhaseBit));
}
Value statePhase(OpBuilder &b, Location loc, Value s) {
  return arith::ShRUIOp::create(b, loc, s, i32(b, loc, 31));
}
Value advance(OpBuilder &b, Location loc, Value s, unsigned stages) {
  Value phase = arith::AndIOp::create(b, loc, s, i32(b, loc, kPhaseBit));
  Value flipped = arith::XOrIOp::create(b, loc, phase, i32(b, loc, kPhaseBit));
  if (stages == 1)
    return flipped;
  Value next =
      arith::AddIOp::create(b, loc, stateIndex(b, loc, s), i32(b, loc, 1));
  Value wrap = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, next,
                                     i32(b, loc, stages));
  Value kept = arith::OrIOp::create(b, loc, phase, next);
  return arith::SelectOp::create(b, loc, wrap, flipped, kept);
}

/// Barrier `which` (0 full, 1 empty) of stage `index`.
Value barrierOf(OpBuilder &b, Location loc, PipelineCreateOp p, Value index,
                bool empty) {
  Value i = index;
  if (empty)
    i = arith::AddIOp::create(b, loc, index,
                              i32(b, loc, p.getType().getStages()));
  return MbarrierGetOp::create(b, loc, MbarrierType::get(b.getContext()),
                               p.getStorage(), i);
}

/// "tma_async pipeline at k.mlir:12 (empty barrier, producer_acquire, role
/// \"producer\")" for debug-hangs.
StringAttr labelOf(Operation *op, PipelineCreateOp p, bool empty) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << stringifyPipelineKind(p.getType().getKind()) << " pipeline";
  if (auto fl = dyn_cast<FileLineColLoc>(p.getLoc()))
    os << " at " << llvm::sys::path::filename(fl.getFilename().getValue())
       << ":" << fl.getLine();
  os << " (" << (empty ? "empty" : "full") << " barrier, "
     << op->getName().stripDialect();
  for (Operation *at = op; at; at = at->getParentOp())
    if (auto ws = dyn_cast_or_null<WarpSpecializeOp>(at->getParentOp())) {
      unsigned r = at->getParentRegion()->getRegionNumber();
      os << ", role \"" << cast<StringAttr>(ws.getNames()[r]).getValue()
         << "\"";
      break;
    }
  os << ")";
  return StringAttr::get(op->getContext(), s);
}

void emitWait(OpBuilder &b, Operation *op, PipelineCreateOp p, Value state,
              bool empty) {
  Location loc = op->getLoc();
  Value idx = stateIndex(b, loc, state);
  Value bar = barrierOf(b, loc, p, idx, empty);
  MbarrierWaitOp::create(b, loc, bar, statePhase(b, loc, state), idx,
                         labelOf(op, p, empty));
}

/// The numbers cute-nvgpu-infer-pipeline-counts filled in (checked by
/// checkCounts); a tma_umma stage is released by one commit.
int32_t consumersOf(PipelineCreateOp p) {
  return int32_t(p.getConsumers().value_or(1));
}
int32_t txBytesOf(PipelineCreateOp p) {
  return int32_t(p.getTxBytes().value_or(0));
}

/// Every number the expansion needs is written or inferred.
LogicalResult checkCounts(PipelineCreateOp p) {
  PipelineKind kind = p.getType().getKind();
  const char *missing = nullptr;
  if ((kind == PipelineKind::tma_async || kind == PipelineKind::tma_umma) &&
      !p.getTxBytes())
    missing = "tx_bytes";
  else if (kind != PipelineKind::tma_store && kind != PipelineKind::tma_umma &&
           !p.getConsumers())
    missing = "consumers";
  else if (kind == PipelineKind::async && !p.getProducers())
    missing = "producers";
  if (!missing)
    return success();
  return p.emitOpError("has no ")
         << missing
         << ": write it, or run cute-nvgpu-infer-pipeline-counts first "
            "(--cute-compile does)";
}

/// Thread 0 initialises the barriers; fence; block or cluster barrier.
void emitInit(OpBuilder &b, PipelineCreateOp p) {
  Location loc = p.getLoc();
  PipelineType t = p.getType();
  unsigned stages = t.getStages();
  // TMA pipelines: one expect_tx arrival; UMMA producers: one commit.
  bool oneProducer = t.getKind() == PipelineKind::tma_async ||
                     t.getKind() == PipelineKind::tma_umma ||
                     t.getKind() == PipelineKind::umma_async;
  int32_t full = oneProducer ? 1 : int32_t(p.getProducers().value_or(1));
  // Releases from every CTA of the multicast group, or (umma_async on a
  // CTA pair) from both CTAs onto the even CTA's barrier. A 2-CTA tma_umma
  // stage is released by one commit that arrives in both CTAs: count 1.
  int32_t empty =
      consumersOf(p) * p.getMulticast() *
      (t.getKind() == PipelineKind::umma_async ? p.getCtaGroup() : 1);
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value tid = zero;
  for (gpu::Dimension d :
       {gpu::Dimension::x, gpu::Dimension::y, gpu::Dimension::z})
    tid = arith::OrIOp::create(b, loc, tid, gpu::ThreadIdOp::create(b, loc, d));
  Value first =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, tid, zero);
  auto ifOp = scf::IfOp::create(b, loc, first, /*withElse=*/false);
  {
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPointToStart(ifOp.thenBlock());
    for (unsigned s = 0; s < stages; ++s) {
      Value i = i32(b, loc, s);
      MbarrierInitOp::create(b, loc, barrierOf(b, loc, p, i, false), full);
      MbarrierInitOp::create(b, loc, barrierOf(b, loc, p, i, true), empty);
    }
  }
  MbarrierInitFenceOp::create(b, loc);
  auto fn = p->getParentOfType<gpu::GPUFuncOp>();
  int64_t cluster = 1;
  if (fn)
    if (auto c = fn->getAttrOfType<DenseI32ArrayAttr>(
            mlir::cute::attrs::ClusterDims))
      for (int32_t v : c.asArrayRef())
        cluster *= v;
  if (cluster > 1)
    ClusterSyncOp::create(b, loc);
  else
    gpu::BarrierOp::create(b, loc);
}

/// The even CTA of this CTA's pair (cluster rank & ~1).
Value pairLeader(OpBuilder &b, Location loc) {
  Value rank = ClusterRankOp::create(b, loc, b.getI32Type());
  return arith::AndIOp::create(b, loc, rank, i32(b, loc, ~1));
}

/// tcgen05.commit of the calling thread's MMAs onto `bar`: on CTAs
/// 0 .. multicast-1 with a multicast > 1, on both CTAs of the pair with
/// cta_group 2.
void emitUmmaCommit(OpBuilder &b, Location loc, Value bar, uint32_t multicast,
                    int32_t ctaGroup) {
  Value mask;
  if (ctaGroup == 2) {
    Value shifted =
        arith::ShLIOp::create(b, loc, i32(b, loc, 3), pairLeader(b, loc));
    mask = arith::TruncIOp::create(b, loc, b.getI16Type(), shifted);
  } else if (multicast > 1) {
    mask = arith::ConstantIntOp::create(b, loc, b.getI16Type(),
                                        int64_t((1u << multicast) - 1));
  }
  Tcgen05CommitOp::create(b, loc, bar, mask, b.getI32IntegerAttr(ctaGroup));
}

//===----------------------------------------------------------------------===//
// Patterns (states are i32 after conversion)
//===----------------------------------------------------------------------===//

template <class Op> struct StateInit : OpConversionPattern<Op> {
  StateInit(const TypeConverter &tc, MLIRContext *ctx, bool producer)
      : OpConversionPattern<Op>(tc, ctx), producer(producer) {}
  LogicalResult
  matchAndRewrite(Op op, typename Op::Adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(
        op, i32(rewriter, op.getLoc(), producer ? int32_t(kPhaseBit) : 0));
    return success();
  }
  bool producer;
};

struct AdvanceLowering : OpConversionPattern<PipelineStateAdvanceOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(PipelineStateAdvanceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, advance(rewriter, op.getLoc(), adaptor.getState(),
                                   op.getType().getStages()));
    return success();
  }
};

struct IndexLowering : OpConversionPattern<PipelineStateIndexOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(PipelineStateIndexOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op,
                       stateIndex(rewriter, op.getLoc(), adaptor.getState()));
    return success();
  }
};

struct PhaseLowering : OpConversionPattern<PipelineStatePhaseOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(PipelineStatePhaseOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op,
                       statePhase(rewriter, op.getLoc(), adaptor.getState()));
    return success();
  }
};

struct GetBarrierLowering : OpConversionPattern<PipelineProducerGetBarrierOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(PipelineProducerGetBarrierOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value idx = stateIndex(rewriter, loc, adaptor.getState());
    rewriter.replaceOp(
        op, barrierOf(rewriter, loc, creatorOf(op.getPipeline()), idx, false));
    return success();
  }
};

struct AcquireLowering : OpConversionPattern<PipelineProducerAcquireOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(PipelineProducerAcquireOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    PipelineCreateOp p = creatorOf(op.getPipeline());
    switch (p.getType().getKind()) {
    case PipelineKind::tma_store:
      TmaStoreWaitOp::create(rewriter, loc, p.getType().getStages() - 1,
                             /*read=*/true);
      break;
    case PipelineKind::async:
    case PipelineKind::umma_async:
      emitWait(rewriter, op, p, adaptor.getState(), /*empty=*/true);
      break;
    case PipelineKind::tma_async:
    case PipelineKind::tma_umma: {
      emitWait(rewriter, op, p, adaptor.getState(), /*empty=*/true);
      Value idx = stateIndex(rewriter, loc, adaptor.getState());
      if (p.getCtaGroup() == 2) {
        // Both CTAs' boxes complete the even CTA's full barrier
        // (tma_load cta_group 2): only the even CTA expects them; the odd
        // CTA's full barriers stay unused.
        Value rank =
            ClusterRankOp::create(rewriter, loc, rewriter.getI32Type());
        Value odd =
            arith::AndIOp::create(rewriter, loc, rank, i32(rewriter, loc, 1));
        Value even =
            arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq, odd,
                                  i32(rewriter, loc, 0));
        auto ifOp = scf::IfOp::create(rewriter, loc, even, /*withElse=*/false);
        OpBuilder::InsertionGuard g(rewriter);
        rewriter.setInsertionPointToStart(ifOp.thenBlock());
        MbarrierArriveExpectTxOp::create(
            rewriter, loc, barrierOf(rewriter, loc, p, idx, false),
            txBytesOf(p));
        break;
      }
      MbarrierArriveExpectTxOp::create(
          rewriter, loc, barrierOf(rewriter, loc, p, idx, false), txBytesOf(p));
      break;
    }
    }
    rewriter.eraseOp(op);
    return success();
  }
};

struct CommitLowering : OpConversionPattern<PipelineProducerCommitOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(PipelineProducerCommitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    PipelineCreateOp p = creatorOf(op.getPipeline());
    switch (p.getType().getKind()) {
    case PipelineKind::tma_store:
      TmaStoreCommitOp::create(rewriter, loc);
      break;
    case PipelineKind::async: {
      Value idx = stateIndex(rewriter, loc, adaptor.getState());
      MbarrierArriveOp::create(
          rewriter, loc, barrierOf(rewriter, loc, p, idx, false), Value());
      break;
    }
    case PipelineKind::umma_async: {
      // The arrival comes when the thread's MMAs into the stage are done.
      Value idx = stateIndex(rewriter, loc, adaptor.getState());
      emitUmmaCommit(rewriter, loc, barrierOf(rewriter, loc, p, idx, false), 1,
                     p.getCtaGroup());
      break;
    }
    case PipelineKind::tma_async:
    case PipelineKind::tma_umma:
      break; // the TMA copies complete the transaction bytes
    }
    rewriter.eraseOp(op);
    return success();
  }
};

struct TailLowering : OpConversionPattern<PipelineProducerTailOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(PipelineProducerTailOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    PipelineCreateOp p = creatorOf(op.getPipeline());
    unsigned stages = p.getType().getStages();
    if (p.getType().getKind() == PipelineKind::tma_store) {
      TmaStoreWaitOp::create(rewriter, loc, 0, /*read=*/true);
      rewriter.eraseOp(op);
      return success();
    }
    // Wait on every empty barrier once more, advancing from `state`.
    Value lb = i32(rewriter, loc, 0), ub = i32(rewriter, loc, stages),
          step = i32(rewriter, loc, 1);
    auto loop = scf::ForOp::create(rewriter, loc, lb, ub, step,
                                   ValueRange{adaptor.getState()});
    {
      OpBuilder::InsertionGuard g(rewriter);
      rewriter.setInsertionPointToStart(loop.getBody());
      Value s = loop.getRegionIterArg(0);
      emitWait(rewriter, op, p, s, /*empty=*/true);
      scf::YieldOp::create(rewriter, loc,
                           ValueRange{advance(rewriter, loc, s, stages)});
    }
    rewriter.eraseOp(op);
    return success();
  }
};

struct ConsumerWaitLowering : OpConversionPattern<PipelineConsumerWaitOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(PipelineConsumerWaitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    emitWait(rewriter, op, creatorOf(op.getPipeline()), adaptor.getState(),
             /*empty=*/false);
    rewriter.eraseOp(op);
    return success();
  }
};

/// The shared-memory allocation a view descends from (through the first
/// operands of the view ops that made it), or null when it is not known.
Operation *smemRoot(Value v) {
  for (int depth = 0; depth < 64; ++depth) {
    Operation *def = v.getDefiningOp();
    if (!def)
      return nullptr;
    if (isa<mlir::cute::SmemAllocOp>(def))
      return def;
    if (def->getNumOperands() == 0 ||
        !isa<mlir::cute::CuteMemRefType>(def->getOperand(0).getType()))
      return nullptr;
    v = def->getOperand(0);
  }
  return nullptr;
}

/// Whether `region` reads shared memory that TMA loads fill (`tmaFilled`:
/// their allocations) through the generic proxy: a cute.copy from it
/// (ldmatrix, vector loads; TMA copies are tma_load/tma_store ops by now)
/// or a cute.load of it. A read whose allocation is not known counts.
bool readsTmaSmemGenerically(Region &region,
                             const DenseSet<Operation *> &tmaFilled) {
  auto filled = [&](Value t) {
    auto mt = dyn_cast<mlir::cute::CuteMemRefType>(t.getType());
    if (!mt || mt.getMemSpace() != mlir::cute::MemSpace::smem)
      return false;
    Operation *root = smemRoot(t);
    return !root || tmaFilled.contains(root);
  };
  WalkResult r = region.walk([&](Operation *op) {
    if (auto c = dyn_cast<mlir::cute::CopyOp>(op))
      if (filled(c.getSrc()))
        return WalkResult::interrupt();
    if (auto l = dyn_cast<mlir::cute::LoadOp>(op))
      if (filled(l.getTensor()))
        return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return r.wasInterrupted();
}

/// The releases of TMA-filled stages (tma_async) whose releasing code (the
/// warp role around the release, else the kernel) reads shared memory
/// through the generic proxy: the TMA that refills the stage writes through
/// the async proxy, so the reads must be ordered before it by
/// fence.proxy.async (the PTX ISA's memory consistency model, "proxies").
/// Without it the H100 overwrote stages still being read by ldmatrix (the
/// mma.sync attention kernel, issue 24).
DenseSet<Operation *> releasesNeedingProxyFence(ModuleOp module) {
  DenseSet<Operation *> out;
  DenseMap<Region *, bool> reads;
  DenseSet<Operation *> tmaFilled;
  module.walk([&](TmaLoadOp load) {
    // (An unknown destination: every generic read counts.)
    Operation *root = smemRoot(load.getSmem());
    tmaFilled.insert(root);
  });
  module.walk([&](PipelineConsumerReleaseOp op) {
    PipelineCreateOp p = creatorOf(op.getPipeline());
    if (!p || p.getType().getKind() != PipelineKind::tma_async)
      return;
    Region *role = nullptr;
    for (Region *r = op->getParentRegion(); r; r = r->getParentRegion()) {
      Operation *owner = r->getParentOp();
      if (isa<WarpSpecializeOp, gpu::GPUFuncOp, func::FuncOp>(owner)) {
        role = r;
        break;
      }
    }
    if (!role)
      return;
    auto it = reads.find(role);
    if (it == reads.end())
      it =
          reads.insert({role, readsTmaSmemGenerically(*role, tmaFilled)}).first;
    if (it->second)
      out.insert(op);
  });
  return out;
}

struct ConsumerReleaseLowering
    : OpConversionPattern<PipelineConsumerReleaseOp> {
  ConsumerReleaseLowering(TypeConverter &tc, MLIRContext *ctx,
                          const DenseSet<Operation *> &fenced)
      : OpConversionPattern(tc, ctx), fenced(fenced) {}
  LogicalResult
  matchAndRewrite(PipelineConsumerReleaseOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    PipelineCreateOp p = creatorOf(op.getPipeline());
    if (fenced.contains(op.getOperation()))
      FenceProxyAsyncOp::create(rewriter, loc);
    Value idx = stateIndex(rewriter, loc, adaptor.getState());
    Value bar = barrierOf(rewriter, loc, p, idx, true);
    uint32_t group = p.getMulticast();
    PipelineKind kind = p.getType().getKind();
    if (kind == PipelineKind::tma_umma) {
      // The MMAs reading the stage release it when they are done (on a
      // CTA pair: in both CTAs, whose TMA loads both wrote the stage).
      emitUmmaCommit(rewriter, loc, bar, group, p.getCtaGroup());
    } else if (kind == PipelineKind::umma_async && p.getCtaGroup() == 2) {
      // Both CTAs' consumers release the pair's even CTA's stage. A
      // release hands back what was read: a CTA-scope release (no
      // cluster-scope fences) is the order it needs.
      MbarrierArriveOp::create(rewriter, loc, bar, pairLeader(rewriter, loc),
                               /*release_cta=*/true);
    } else if (group == 1) {
      MbarrierArriveOp::create(rewriter, loc, bar, Value());
    } else {
      // Every CTA of the group wrote into this stage: release each.
      for (uint32_t r = 0; r < group; ++r)
        MbarrierArriveOp::create(rewriter, loc, bar, i32(rewriter, loc, r),
                                 /*release_cta=*/true);
    }
    rewriter.eraseOp(op);
    return success();
  }
  const DenseSet<Operation *> &fenced;
};

struct ExpandPipelinesPass
    : public mlir::cute_nvgpu::impl::CuteNvgpuExpandPipelinesBase<
          ExpandPipelinesPass> {
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    ModuleOp module = getOperation();
    // 1. Barrier initialisation where each pipeline is made.
    SmallVector<PipelineCreateOp> creates;
    module.walk([&](PipelineCreateOp p) { creates.push_back(p); });
    for (PipelineCreateOp p : creates)
      if (failed(checkCounts(p)))
        return signalPassFailure();
    for (PipelineCreateOp p : creates) {
      if (p.getType().getKind() == PipelineKind::tma_store)
        continue;
      OpBuilder b(p);
      b.setInsertionPointAfter(p);
      emitInit(b, p);
    }

    DenseSet<Operation *> fenced = releasesNeedingProxyFence(module);

    // 2. States to i32, steps to barrier ops.
    TypeConverter tc;
    tc.addConversion([](Type t) { return t; });
    tc.addConversion(
        [ctx](PipelineStateType) { return IntegerType::get(ctx, 32); });
    auto cast = [](OpBuilder &b, Type t, ValueRange in, Location loc) -> Value {
      return UnrealizedConversionCastOp::create(b, loc, t, in).getResult(0);
    };
    tc.addSourceMaterialization(cast);
    tc.addTargetMaterialization(cast);
    RewritePatternSet patterns(ctx);
    patterns.add<StateInit<PipelineProducerStateOp>>(tc, ctx, true);
    patterns.add<StateInit<PipelineConsumerStateOp>>(tc, ctx, false);
    patterns.add<AdvanceLowering, IndexLowering, PhaseLowering,
                 GetBarrierLowering, AcquireLowering, CommitLowering,
                 TailLowering, ConsumerWaitLowering>(tc, ctx);
    patterns.add<ConsumerReleaseLowering>(tc, ctx, fenced);
    ConversionTarget target(*ctx);
    target.addLegalDialect<arith::ArithDialect, gpu::GPUDialect,
                           scf::SCFDialect>();
    target.addLegalOp<MbarrierGetOp, MbarrierWaitOp, MbarrierArriveOp,
                      MbarrierArriveExpectTxOp, TmaStoreWaitOp,
                      TmaStoreCommitOp, FenceProxyAsyncOp, PipelineCreateOp,
                      Tcgen05CommitOp, ClusterRankOp>();
    target.addIllegalOp<PipelineProducerStateOp, PipelineConsumerStateOp,
                        PipelineStateAdvanceOp, PipelineStateIndexOp,
                        PipelineStatePhaseOp, PipelineProducerGetBarrierOp,
                        PipelineProducerAcquireOp, PipelineProducerCommitOp,
                        PipelineProducerTailOp, PipelineConsumerWaitOp,
                        PipelineConsumerReleaseOp>();
    target.markUnknownOpDynamicallyLegal(
        [&](Operation *op) { return tc.isLegal(op); });
    scf::populateSCFStructuralTypeConversionsAndLegality(tc, patterns, target);
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      return signalPassFailure();

    // 3. The pipeline handles are no longer used.
    for (PipelineCreateOp p : creates) {
      if (!p->use_empty()) {
        p.emitOpError("is still used after expansion");
        return signalPassFailure();
      }
      p.erase();
    }
  }
};

} // namespace
