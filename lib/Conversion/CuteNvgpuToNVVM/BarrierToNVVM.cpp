//===- BarrierToNVVM.cpp - mbarriers to nvvm.mbarrier.* -------------------===//
//
// A barrier is an !llvm.ptr<3> to 8 bytes of shared memory. A wait is a loop
// of nvvm.mbarrier.try_wait on the phase parity (the instruction may time
// out, hence the loop); with debug-hangs the loop counts its rounds and,
// after N, prints where it hung and traps.
//
//===----------------------------------------------------------------------===//
#include "Patterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::cute_nvgpu;
using namespace mlir::cute_nvgpu::lowering;

namespace {

Type sharedPtr(MLIRContext *ctx) { return LLVM::LLVMPointerType::get(ctx, 3); }

NVVM::MemScopeKindAttr scope(MLIRContext *ctx, NVVM::MemScopeKind k) {
  return NVVM::MemScopeKindAttr::get(ctx, k);
}

struct GetLowering : OpConversionPattern<MbarrierGetOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(MbarrierGetOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value base = smemAddress(rewriter, loc, op.getStorage());
    rewriter.replaceOpWithNewOp<LLVM::GEPOp>(op, sharedPtr(getContext()),
                                             rewriter.getI64Type(), base,
                                             ValueRange{adaptor.getIndex()});
    return success();
  }
};

struct InitLowering : OpConversionPattern<MbarrierInitOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(MbarrierInitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    NVVM::MBarrierInitOp::create(rewriter, op.getLoc(), adaptor.getBar(),
                                 i32(rewriter, op.getLoc(), op.getCount()),
                                 Value());
    rewriter.eraseOp(op);
    return success();
  }
};

struct InitFenceLowering : OpConversionPattern<MbarrierInitFenceOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(MbarrierInitFenceOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<NVVM::FenceMbarrierInitOp>(op);
    return success();
  }
};

struct ArriveLowering : OpConversionPattern<MbarrierArriveOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(MbarrierArriveOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MLIRContext *ctx = getContext();
    if (!adaptor.getCta()) {
      NVVM::MBarrierArriveOp::create(rewriter, loc, Type(), adaptor.getBar(),
                                     Value(),
                                     scope(ctx, NVVM::MemScopeKind::CTA));
    } else {
      // The barrier at the same offset in cluster CTA `cta`.
      Value remote = NVVM::MapaOp::create(rewriter, loc,
                                          LLVM::LLVMPointerType::get(ctx, 7),
                                          adaptor.getBar(), adaptor.getCta());
      // release_cta: the order a consumer handing back a buffer needs,
      // without the cluster-scope fences (see the op).
      NVVM::MBarrierArriveOp::create(
          rewriter, loc, Type(), remote, Value(),
          scope(ctx, op.getReleaseCta() ? NVVM::MemScopeKind::CTA
                                        : NVVM::MemScopeKind::CLUSTER));
    }
    rewriter.eraseOp(op);
    return success();
  }
};

struct ArriveExpectTxLowering : OpConversionPattern<MbarrierArriveExpectTxOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(MbarrierArriveExpectTxOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    NVVM::MBarrierArriveExpectTxOp::create(
        rewriter, loc, Type(), adaptor.getBar(),
        i32(rewriter, loc, op.getBytes()),
        scope(getContext(), NVVM::MemScopeKind::CTA), BoolAttr(), Value());
    rewriter.eraseOp(op);
    return success();
  }
};

struct ExpectTxLowering : OpConversionPattern<MbarrierExpectTxOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(MbarrierExpectTxOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    NVVM::MBarrierExpectTxOp::create(
        rewriter, loc, adaptor.getBar(), i32(rewriter, loc, op.getBytes()),
        scope(getContext(), NVVM::MemScopeKind::CTA));
    rewriter.eraseOp(op);
    return success();
  }
};

Value tryWait(OpBuilder &b, Location loc, Value bar, Value phase) {
  return NVVM::MBarrierTryWaitOp::create(
      b, loc, b.getI1Type(), bar, phase, Value(),
      scope(b.getContext(), NVVM::MemScopeKind::CTA));
}

struct TryWaitLowering : OpConversionPattern<MbarrierTryWaitOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(MbarrierTryWaitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, tryWait(rewriter, op.getLoc(), adaptor.getBar(),
                                   adaptor.getPhase()));
    return success();
  }
};

/// `s` with every `%` doubled (printf formats).
std::string escapePercent(StringRef s) {
  std::string r;
  for (char c : s) {
    r += c;
    if (c == '%')
      r += '%';
  }
  return r;
}

struct WaitLowering : OpConversionPattern<MbarrierWaitOp> {
  WaitLowering(const TypeConverter &tc, MLIRContext *ctx, int64_t debugHangs)
      : OpConversionPattern(tc, ctx), debugHangs(debugHangs) {}

  LogicalResult
  matchAndRewrite(MbarrierWaitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value bar = adaptor.getBar(), phase = adaptor.getPhase();
    Type i32t = rewriter.getI32Type();
    if (debugHangs <= 0) {
      // while (!try_wait(bar, phase)) {}
      auto loop =
          scf::WhileOp::create(rewriter, loc, TypeRange{}, ValueRange{});
      Block *before = rewriter.createBlock(&loop.getBefore());
      rewriter.setInsertionPointToStart(before);
      Value done = tryWait(rewriter, loc, bar, phase);
      Value notDone = arith::XOrIOp::create(
          rewriter, loc, done,
          arith::ConstantIntOp::create(rewriter, loc, rewriter.getI1Type(), 1));
      scf::ConditionOp::create(rewriter, loc, notDone, ValueRange{});
      Block *after = rewriter.createBlock(&loop.getAfter());
      rewriter.setInsertionPointToStart(after);
      scf::YieldOp::create(rewriter, loc);
      rewriter.eraseOp(op);
      return success();
    }
    // Count rounds; after debugHangs of them report and trap.
    Type countTy =
        debugHangs < (int64_t(1) << 31) ? i32t : rewriter.getI64Type();
    Value zero = arith::ConstantIntOp::create(rewriter, loc, countTy, 0);
    auto loop = scf::WhileOp::create(rewriter, loc, TypeRange{countTy},
                                     ValueRange{zero});
    Block *before =
        rewriter.createBlock(&loop.getBefore(), {}, {countTy}, {loc});
    rewriter.setInsertionPointToStart(before);
    Value done = tryWait(rewriter, loc, bar, phase);
    Value notDone = arith::XOrIOp::create(
        rewriter, loc, done,
        arith::ConstantIntOp::create(rewriter, loc, rewriter.getI1Type(), 1));
    scf::ConditionOp::create(rewriter, loc, notDone, before->getArguments());
    Block *after = rewriter.createBlock(&loop.getAfter(), {}, {countTy}, {loc});
    rewriter.setInsertionPointToStart(after);
    Value next = arith::AddIOp::create(
        rewriter, loc, after->getArgument(0),
        arith::ConstantIntOp::create(rewriter, loc, countTy, 1));
    Value hung = arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::eq, next,
        arith::ConstantIntOp::create(rewriter, loc, countTy, debugHangs));
    auto ifOp = scf::IfOp::create(rewriter, loc, hung, /*withElse=*/false);
    {
      OpBuilder::InsertionGuard g(rewriter);
      rewriter.setInsertionPointToStart(ifOp.thenBlock());
      report(rewriter, op, phase, adaptor.getStage());
    }
    scf::YieldOp::create(rewriter, loc, ValueRange{next});
    rewriter.eraseOp(op);
    return success();
  }

  /// printf("cute debug-hangs: kernel K block (x,y,z) thread t (warp w):
  /// LABEL stage s phase p not completed after N polls\n"); trap.
  void report(ConversionPatternRewriter &rewriter, MbarrierWaitOp op,
              Value phase, Value stage) const {
    Location loc = op.getLoc();
    Type i32t = rewriter.getI32Type();
    auto idx = [&](Value v) {
      return arith::IndexCastOp::create(rewriter, loc, i32t, v).getResult();
    };
    std::string kernel = "?";
    if (auto fn = op->getParentOfType<gpu::GPUFuncOp>())
      kernel = fn.getName().str();
    std::string fmt = "cute debug-hangs: kernel " + escapePercent(kernel) +
                      " block (%d,%d,%d) thread %d (warp %d): " +
                      escapePercent(op.getLabel().value_or("mbarrier wait"));
    SmallVector<Value> args;
    for (gpu::Dimension d :
         {gpu::Dimension::x, gpu::Dimension::y, gpu::Dimension::z})
      args.push_back(idx(gpu::BlockIdOp::create(rewriter, loc, d)));
    // The linear thread index (x + bx * (y + by * z)) and its warp.
    Value tid = idx(arith::AddIOp::create(
        rewriter, loc,
        gpu::ThreadIdOp::create(rewriter, loc, gpu::Dimension::x),
        arith::MulIOp::create(
            rewriter, loc,
            gpu::BlockDimOp::create(rewriter, loc, gpu::Dimension::x),
            arith::AddIOp::create(
                rewriter, loc,
                gpu::ThreadIdOp::create(rewriter, loc, gpu::Dimension::y),
                arith::MulIOp::create(
                    rewriter, loc,
                    gpu::BlockDimOp::create(rewriter, loc, gpu::Dimension::y),
                    gpu::ThreadIdOp::create(rewriter, loc,
                                            gpu::Dimension::z))))));
    args.push_back(tid);
    args.push_back(
        arith::DivUIOp::create(rewriter, loc, tid, i32(rewriter, loc, 32)));
    if (stage) {
      fmt += " stage %d";
      args.push_back(stage);
    }
    fmt += " phase %d: not completed after " + std::to_string(debugHangs) +
           " polls\n";
    args.push_back(phase);
    // One report per warp (from one of the lanes that hang, whichever they
    // are); every thread then traps.
    Value first =
        NVVM::ElectSyncOp::create(rewriter, loc, rewriter.getI1Type(), Value());
    auto once = scf::IfOp::create(rewriter, loc, first, /*withElse=*/false);
    {
      OpBuilder::InsertionGuard g(rewriter);
      rewriter.setInsertionPointToStart(once.thenBlock());
      gpu::PrintfOp::create(rewriter, loc, rewriter.getStringAttr(fmt), args);
    }
    LLVM::Trap::create(rewriter, loc);
  }

  int64_t debugHangs;
};

} // namespace

void lowering::populateBarrierPatterns(const TypeConverter &tc,
                                       RewritePatternSet &p,
                                       int64_t debugHangs) {
  MLIRContext *ctx = p.getContext();
  p.add<GetLowering, InitLowering, InitFenceLowering, ArriveLowering,
        ArriveExpectTxLowering, ExpectTxLowering, TryWaitLowering>(tc, ctx);
  p.add<WaitLowering>(tc, ctx, debugHangs);
}
