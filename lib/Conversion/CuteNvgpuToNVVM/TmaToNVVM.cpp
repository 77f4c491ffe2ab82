//===- TmaToNVVM.cpp - TMA copies to nvvm.cp.async.bulk.tensor.* ----------===//
//
// Coordinates arrive in the global tensor's mode order and leave in TMA
// dimension order (innermost first, the descriptor's order). A load's
// destination is the CTA's own shared memory, a shared::cta address; with a
// multicast mask, a shared::cluster address: the same offset in every
// masked CTA.
//
//===----------------------------------------------------------------------===//
#include "Patterns.h"

using namespace mlir;
using namespace mlir::cute_nvgpu;
using namespace mlir::cute_nvgpu::lowering;

namespace {

SmallVector<Value> tmaOrder(TmaDescType desc, ValueRange coords) {
  SmallVector<Value> out;
  for (int m : desc.getDimModes())
    out.push_back(coords[m]);
  return out;
}

struct MakeDescLowering : OpConversionPattern<MakeTmaDescOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(MakeTmaDescOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!op.getParam() || !op->use_empty())
      return op.emitOpError("is not a kernel parameter yet; run "
                            "cute-nvgpu-outline-tma first");
    rewriter.eraseOp(op);
    return success();
  }
};

struct LoadLowering : OpConversionPattern<TmaLoadOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(TmaLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MLIRContext *ctx = getContext();
    Value dst = smemAddress(rewriter, loc, op.getSmem());
    // Without multicast the destination is the CTA's own shared memory
    // (.shared::cta). The .shared::cluster form makes ptxas for sm_120a
    // (no clusters) branch to a system call, and a kernel with that call
    // loses its setmaxnreg (ptxas C7506).
    bool pair = op.getCtaGroup() == 2;
    bool cluster = adaptor.getMulticastMask() || pair;
    if (cluster)
      dst = LLVM::AddrSpaceCastOp::create(
          rewriter, loc, LLVM::LLVMPointerType::get(ctx, 7), dst);
    Value bar = adaptor.getBar();
    NVVM::CTAGroupKindAttr group;
    if (pair) {
      // CuTe's SM100_TMA_2SM_LOAD: the bytes complete the barrier at the
      // same offset in the pair's even CTA: clear bit 24 of the address
      // (Sm100MmaPeerBitMask), the CTA-rank bit 0 of the shared window.
      Value a =
          LLVM::PtrToIntOp::create(rewriter, loc, rewriter.getI32Type(), bar);
      Value mask = LLVM::ConstantOp::create(
          rewriter, loc, rewriter.getI32Type(),
          rewriter.getI32IntegerAttr(int32_t(0xFEFFFFFFu)));
      a = LLVM::AndOp::create(rewriter, loc, a, mask);
      bar = LLVM::IntToPtrOp::create(rewriter, loc, bar.getType(), a);
      group = NVVM::CTAGroupKindAttr::get(ctx, NVVM::CTAGroupKind::CTA_2);
    }
    NVVM::CpAsyncBulkTensorGlobalToSharedClusterOp::create(
        rewriter, loc, dst, adaptor.getDesc(),
        tmaOrder(op.getDesc().getType(), adaptor.getCoords()), bar,
        ValueRange{}, adaptor.getMulticastMask(), Value(),
        NVVM::TMALoadModeAttr::get(ctx, NVVM::TMALoadMode::TILE),
        BoolAttr::get(ctx, !cluster), group, Value());
    rewriter.eraseOp(op);
    return success();
  }
};

struct StoreLowering : OpConversionPattern<TmaStoreOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(TmaStoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    NVVM::CpAsyncBulkTensorSharedCTAToGlobalOp::create(
        rewriter, loc, adaptor.getDesc(),
        smemAddress(rewriter, loc, op.getSmem()),
        tmaOrder(op.getDesc().getType(), adaptor.getCoords()), Value(),
        NVVM::TMAStoreModeAttr::get(getContext(), NVVM::TMAStoreMode::TILE),
        Value());
    rewriter.eraseOp(op);
    return success();
  }
};

struct CommitLowering : OpConversionPattern<TmaStoreCommitOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(TmaStoreCommitOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<NVVM::CpAsyncBulkCommitGroupOp>(op);
    return success();
  }
};

struct WaitLowering : OpConversionPattern<TmaStoreWaitOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(TmaStoreWaitOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<NVVM::CpAsyncBulkWaitGroupOp>(
        op, rewriter.getI32IntegerAttr(op.getPending()),
        op.getRead() ? rewriter.getUnitAttr() : UnitAttr());
    return success();
  }
};

struct PrefetchLowering : OpConversionPattern<TmaPrefetchDescOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(TmaPrefetchDescOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<NVVM::PrefetchOp>(
        op, NVVM::PrefetchCacheLevelAttr(), NVVM::CacheEvictionPriorityAttr(),
        adaptor.getDesc(), Value(), rewriter.getUnitAttr());
    return success();
  }
};

} // namespace

void lowering::populateTmaPatterns(const TypeConverter &tc,
                                   RewritePatternSet &p) {
  p.add<MakeDescLowering, LoadLowering, StoreLowering, CommitLowering,
        WaitLowering, PrefetchLowering>(tc, p.getContext());
}
