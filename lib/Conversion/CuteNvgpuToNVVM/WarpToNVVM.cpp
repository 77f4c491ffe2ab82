//===- WarpToNVVM.cpp - Warp roles, elect_one, fences and clusters --------===//
//
// warp_specialize becomes one if/else chain on the warp index, which is read
// once and broadcast from lane 0 so that every branch is warp-uniform;
// setmaxnreg sits at the top of a role (dec below the block's fair share of
// the register file, inc above it), which is where ptxas honours it.
//
//===----------------------------------------------------------------------===//
#include "InlinePtx.h"
#include "Patterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::cute_nvgpu;
using namespace mlir::cute_nvgpu::lowering;

namespace {

constexpr int64_t kRegisterFile = 65536; // 32-bit registers per SM

/// The block's thread count from gpu.known_block_size, or 0.
int64_t blockThreads(Operation *op) {
  auto fn = op->getParentOfType<gpu::GPUFuncOp>();
  if (!fn)
    return 0;
  DenseI32ArrayAttr known = fn.getKnownBlockSizeAttr();
  if (!known)
    known = fn->getAttrOfType<DenseI32ArrayAttr>(
        gpu::GPUDialect::KnownBlockSizeAttrHelper::getNameStr());
  if (!known)
    return 0;
  int64_t n = 1;
  for (int32_t v : known.asArrayRef())
    n *= v;
  return n;
}

/// tid / 32 (linear thread index), shuffled from lane 0.
Value warpIndex(OpBuilder &b, Location loc) {
  Value tid = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);
  Value ty = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::y);
  Value tz = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::z);
  Value bx = gpu::BlockDimOp::create(b, loc, gpu::Dimension::x);
  Value by = gpu::BlockDimOp::create(b, loc, gpu::Dimension::y);
  Value yz = arith::AddIOp::create(
      b, loc, ty, arith::MulIOp::create(b, loc, by, tz).getResult());
  Value lin = arith::AddIOp::create(
      b, loc, tid, arith::MulIOp::create(b, loc, bx, yz).getResult());
  Value lin32 = arith::IndexCastOp::create(b, loc, b.getI32Type(), lin);
  Value warp = arith::DivUIOp::create(b, loc, lin32, i32(b, loc, 32));
  auto shfl = gpu::ShuffleOp::create(b, loc, warp, i32(b, loc, 0),
                                     i32(b, loc, 32), gpu::ShuffleMode::IDX);
  return shfl.getShuffleResult();
}

/// Moves the ops of `region` (without its terminator) before `dest`'s
/// terminator.
void spliceBody(Region &region, Block *dest) {
  Block &src = region.front();
  src.getTerminator()->erase();
  dest->getOperations().splice(dest->getTerminator()->getIterator(),
                               src.getOperations());
}

LogicalResult lowerWarpSpecialize(WarpSpecializeOp op) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  int64_t threads = blockThreads(op);
  bool anyRegs = llvm::any_of(op.getMaxRegs(), [](int32_t r) { return r; });
  if (anyRegs && threads == 0)
    return op.emitOpError("sets max_regs, which needs the block size "
                          "(gpu.known_block_size) to decide inc or dec");
  int64_t fair =
      threads ? std::min<int64_t>(256, kRegisterFile / threads / 8 * 8) : 0;
  Value warp = warpIndex(b, loc);
  size_t n = op.getRoles().size();
  for (size_t i = 0; i < n; ++i) {
    Value lo = i32(b, loc, op.getWarpBegin()[i]);
    Value hi = i32(b, loc, op.getWarpEnd()[i]);
    Value in = arith::AndIOp::create(
        b, loc,
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge, warp, lo),
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, warp, hi));
    auto ifOp = scf::IfOp::create(b, loc, in, /*withElse=*/i + 1 < n);
    Block *then = ifOp.thenBlock();
    if (int32_t r = op.getMaxRegs()[i]) {
      OpBuilder tb = OpBuilder::atBlockBegin(then);
      auto action = r < fair ? NVVM::SetMaxRegisterAction::decrease
                             : NVVM::SetMaxRegisterAction::increase;
      NVVM::SetMaxRegisterOp::create(
          tb, loc, tb.getI32IntegerAttr(r),
          NVVM::SetMaxRegisterActionAttr::get(b.getContext(), action));
    }
    spliceBody(op.getRoles()[i], then);
    if (i + 1 < n)
      b.setInsertionPoint(ifOp.elseBlock()->getTerminator());
  }
  op.erase();
  return success();
}

void lowerElectOne(ElectOneOp op) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  Value elected = NVVM::ElectSyncOp::create(b, loc, b.getI1Type(), Value());
  auto ifOp = scf::IfOp::create(b, loc, elected, /*withElse=*/false);
  spliceBody(op.getBody(), ifOp.thenBlock());
  op.erase();
}

struct NamedBarrierLowering : OpConversionPattern<NamedBarrierOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(NamedBarrierOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value id = adaptor.getDynamicId();
    if (!id)
      id = i32(rewriter, loc, *op.getId());
    Value threads = i32(rewriter, loc, op.getThreads());
    if (op.getArrive())
      NVVM::BarrierArriveOp::create(rewriter, loc, id, threads);
    else
      NVVM::BarrierOp::create(rewriter, loc, Type(), id, threads,
                              NVVM::BarrierReductionAttr(), Value());
    rewriter.eraseOp(op);
    return success();
  }
};

/// The global address of counters[index]; the !cute.ptr stays until
/// convert-cute-to-llvm, so it is cast here.
Value counterAddress(ConversionPatternRewriter &rewriter, Location loc,
                     Value counters, Value index) {
  auto global = LLVM::LLVMPointerType::get(rewriter.getContext(), 1);
  Value base =
      UnrealizedConversionCastOp::create(rewriter, loc, global, counters)
          .getResult(0);
  return LLVM::GEPOp::create(rewriter, loc, global, rewriter.getI32Type(), base,
                             ArrayRef<LLVM::GEPArg>{index});
}

/// bar.sync; the leader's atom.acq_rel.gpu.add (inline PTX: NVPTX drops an
/// atomicrmw's ordering), resetting the counter when its arrival completes
/// the count; bar.red.or.pred (inline PTX) broadcasts the answer.
struct CounterArriveLowering : OpConversionPattern<CounterArriveOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(CounterArriveOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value id = i32(rewriter, loc, op.getId());
    Value threads = i32(rewriter, loc, op.getThreads());
    NVVM::BarrierOp::create(rewriter, loc, Type(), id, threads,
                            NVVM::BarrierReductionAttr(), Value());
    Type i32Ty = rewriter.getI32Type();
    Value counter = counterAddress(rewriter, loc, adaptor.getCounters(),
                                   adaptor.getIndex());
    auto lead = scf::IfOp::create(rewriter, loc, TypeRange{i32Ty},
                                  adaptor.getLeader(), /*withElse=*/true);
    {
      OpBuilder::InsertionGuard g(rewriter);
      rewriter.setInsertionPointToStart(lead.thenBlock());
      Value old =
          emitAtomAddAcqRelGpu(rewriter, loc, counter, i32(rewriter, loc, 1));
      Value arrived =
          arith::AddIOp::create(rewriter, loc, old, i32(rewriter, loc, 1));
      Value last =
          arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq,
                                arrived, adaptor.getExpected());
      auto reset = scf::IfOp::create(rewriter, loc, last, /*withElse=*/false);
      rewriter.setInsertionPointToStart(reset.thenBlock());
      LLVM::StoreOp::create(rewriter, loc, i32(rewriter, loc, 0), counter,
                            /*alignment=*/4);
      rewriter.setInsertionPointAfter(reset);
      scf::YieldOp::create(
          rewriter, loc,
          ValueRange{arith::ExtUIOp::create(rewriter, loc, i32Ty, last)});
      rewriter.setInsertionPointToStart(lead.elseBlock());
      scf::YieldOp::create(rewriter, loc, ValueRange{i32(rewriter, loc, 0)});
    }
    Value any = emitBarRedOr(rewriter, loc, id, threads, lead.getResult(0));
    rewriter.replaceOpWithNewOp<arith::CmpIOp>(op, arith::CmpIPredicate::ne,
                                               any, i32(rewriter, loc, 0));
    return success();
  }
};

/// atom.acq_rel.gpu.add of 1 (inline PTX, as counter_arrive); the thread
/// whose ticket is count - 1 stores 0.
struct TicketLowering : OpConversionPattern<TicketOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(TicketOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value counter = counterAddress(rewriter, loc, adaptor.getCounters(),
                                   adaptor.getIndex());
    Value old =
        emitAtomAddAcqRelGpu(rewriter, loc, counter, i32(rewriter, loc, 1));
    Value lastTicket = arith::SubIOp::create(rewriter, loc, adaptor.getCount(),
                                             i32(rewriter, loc, 1));
    Value last = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq,
                                       old, lastTicket);
    auto reset = scf::IfOp::create(rewriter, loc, last, /*withElse=*/false);
    {
      OpBuilder::InsertionGuard g(rewriter);
      rewriter.setInsertionPointToStart(reset.thenBlock());
      LLVM::StoreOp::create(rewriter, loc, i32(rewriter, loc, 0), counter,
                            /*alignment=*/4);
    }
    rewriter.replaceOp(op, old);
    return success();
  }
};

struct WarpSyncLowering : OpConversionPattern<WarpSyncOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(WarpSyncOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<NVVM::SyncWarpOp>(
        op, i32(rewriter, op.getLoc(), -1));
    return success();
  }
};

struct FenceLowering : OpConversionPattern<FenceProxyAsyncOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(FenceProxyAsyncOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    MLIRContext *ctx = getContext();
    rewriter.replaceOpWithNewOp<NVVM::FenceProxyOp>(
        op, NVVM::ProxyKindAttr::get(ctx, NVVM::ProxyKind::async_shared),
        NVVM::SharedSpaceAttr::get(ctx, NVVM::SharedSpace::shared_cta));
    return success();
  }
};

struct SetMaxNRegLowering : OpConversionPattern<SetMaxNRegOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(SetMaxNRegOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto action = op.getAction() == RegAction::inc
                      ? NVVM::SetMaxRegisterAction::increase
                      : NVVM::SetMaxRegisterAction::decrease;
    rewriter.replaceOpWithNewOp<NVVM::SetMaxRegisterOp>(
        op, rewriter.getI32IntegerAttr(op.getRegs()),
        NVVM::SetMaxRegisterActionAttr::get(getContext(), action));
    return success();
  }
};

struct ClusterRankLowering : OpConversionPattern<ClusterRankOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ClusterRankOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<NVVM::ClusterId>(op, rewriter.getI32Type());
    return success();
  }
};

struct ClusterArriveLowering : OpConversionPattern<ClusterArriveOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ClusterArriveOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (op.getRelaxed())
      rewriter.replaceOpWithNewOp<NVVM::ClusterArriveRelaxedOp>(
          op, rewriter.getUnitAttr());
    else
      rewriter.replaceOpWithNewOp<NVVM::ClusterArriveOp>(
          op, rewriter.getUnitAttr());
    return success();
  }
};

struct ClusterWaitLowering : OpConversionPattern<ClusterWaitOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ClusterWaitOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<NVVM::ClusterWaitOp>(op,
                                                     rewriter.getUnitAttr());
    return success();
  }
};

struct ClusterSyncLowering : OpConversionPattern<ClusterSyncOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ClusterSyncOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    NVVM::ClusterArriveOp::create(rewriter, op.getLoc(),
                                  rewriter.getUnitAttr());
    rewriter.replaceOpWithNewOp<NVVM::ClusterWaitOp>(op,
                                                     rewriter.getUnitAttr());
    return success();
  }
};

} // namespace

LogicalResult lowering::lowerWarpRegions(Operation *root) {
  SmallVector<WarpSpecializeOp> roles;
  SmallVector<ElectOneOp> elects;
  SmallVector<WarpIdxOp> warps;
  root->walk([&](Operation *op) {
    if (auto w = dyn_cast<WarpSpecializeOp>(op))
      roles.push_back(w);
    else if (auto e = dyn_cast<ElectOneOp>(op))
      elects.push_back(e);
    else if (auto w = dyn_cast<WarpIdxOp>(op))
      warps.push_back(w);
  });
  for (WarpIdxOp w : warps) {
    OpBuilder b(w);
    w.replaceAllUsesWith(warpIndex(b, w.getLoc()));
    w.erase();
  }
  // Inner regions first (post-order walk), so splicing keeps them intact.
  for (ElectOneOp e : elects)
    lowerElectOne(e);
  for (WarpSpecializeOp w : roles)
    if (failed(lowerWarpSpecialize(w)))
      return failure();
  return success();
}

void lowering::populateClusterPatterns(const TypeConverter &tc,
                                       RewritePatternSet &p) {
  p.add<NamedBarrierLowering, CounterArriveLowering, TicketLowering,
        WarpSyncLowering, FenceLowering, SetMaxNRegLowering,
        ClusterRankLowering, ClusterArriveLowering, ClusterWaitLowering,
        ClusterSyncLowering>(tc, p.getContext());
}
