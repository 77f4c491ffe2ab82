//===- CpAsyncToNVVM.cpp - cute.copy with #cute_nvgpu.cp_async ------------===//
//
// Each access of the copy's plan (planCopy, the verifier's) becomes one
// `nvvm.cp.async.shared.global` of 4, 8 or 16 bytes (`.cg` for 16, `.ca`
// otherwise); cp_async_commit, cp_async_wait and cp_async_mbarrier_arrive
// become `nvvm.cp.async.commit.group`, `nvvm.cp.async.wait.group` and
// `nvvm.cp.async.mbarrier.arrive` (on the barrier's shared pointer). Both
// tensors have static layouts, so the element offsets are constants from the
// iterators (unrealized casts that convert-cute-to-llvm resolves); a
// swizzled destination applies its swizzle to the shared byte address, as
// convert-cute-to-llvm's element addresses do.
//
//===----------------------------------------------------------------------===//
#include "Patterns.h"

#include "cute/Dialect/Cute/Transforms/ArithEmitter.h"
#include "cute/Layout/Tensor.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::cute_nvgpu;
using namespace mlir::cute_nvgpu::lowering;

namespace {

Value tensorPtr(OpBuilder &b, Location loc, Value tensor, unsigned space) {
  return UnrealizedConversionCastOp::create(
             b, loc, LLVM::LLVMPointerType::get(b.getContext(), space), tensor)
      .getResult(0);
}

/// The address of the element `off` elements of `bytes` bytes after `base`,
/// through `swizzle` (in element units; on a 32-bit shared address) when
/// there is one.
Value address(OpBuilder &b, Location loc, Value base, int64_t off,
              int64_t bytes,
              const std::optional<::cute::layout::Swizzle> &swizzle) {
  Type i8 = b.getI8Type();
  if (!swizzle) {
    if (!off)
      return base;
    return LLVM::GEPOp::create(b, loc, base.getType(), i8, base,
                               ArrayRef<LLVM::GEPArg>{int32_t(off * bytes)});
  }
  // The swizzle acts on the byte address with its bit positions moved up by
  // log2(element bytes).
  ::cute::layout::Swizzle s = *swizzle;
  ::cute::layout::Swizzle sb(
      s.bits, s.base + int(llvm::Log2_64(uint64_t(bytes))), s.shift);
  mlir::cute::ArithEmitter em(b, loc);
  Value a = LLVM::PtrToIntOp::create(b, loc, b.getI32Type(), base);
  Value sum =
      off ? arith::AddIOp::create(b, loc, a, em.constant(off * bytes, 32))
                .getResult()
          : a;
  return LLVM::IntToPtrOp::create(b, loc, base.getType(), em.swizzle(sb, sum));
}

struct CpAsyncCopyLowering : OpConversionPattern<mlir::cute::CopyOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(mlir::cute::CopyOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto atom = dyn_cast<CpAsyncAttr>(op.getAtomOrDefault());
    if (!atom)
      return rewriter.notifyMatchFailure(op, "not a #cute_nvgpu.cp_async");
    Location loc = op.getLoc();
    mlir::cute::MemRefInfo si = mlir::cute::tensorInfo(op.getSrc().getType());
    mlir::cute::MemRefInfo di = mlir::cute::tensorInfo(op.getDst().getType());
    auto plan = ::cute::layout::guard([&] {
      return ::cute::layout::planCopy(si.access(), di.access(), atom.getBits(),
                                      /*predicated=*/false);
    });
    if (!plan)
      return rewriter.notifyMatchFailure(op, plan.message());
    int64_t elemBytes = int64_t(si.bits()) / 8;
    int64_t bytes = plan->vec * int64_t(si.bits()) / 8;
    if (si.bits() % 8 || (bytes != 4 && bytes != 8 && bytes != 16))
      return rewriter.notifyMatchFailure(op, "not 4, 8 or 16 bytes an access");
    Value src = tensorPtr(rewriter, loc, op.getSrc(), 1);
    Value dst = smemAddress(rewriter, loc, op.getDst());
    auto cache = NVVM::LoadCacheModifierKindAttr::get(
        getContext(), bytes == 16 ? NVVM::LoadCacheModifierKind::CG
                                  : NVVM::LoadCacheModifierKind::CA);
    for (int64_t k = 0; k < plan->count; ++k) {
      ::cute::layout::IntTuple kk =
          ::cute::layout::IntTuple(::cute::layout::Int(k));
      int64_t so = plan->srcRest(kk).value().value();
      int64_t doff = plan->dstRest(kk).value().value();
      Value sa = address(rewriter, loc, src, so, elemBytes, std::nullopt);
      Value da = address(rewriter, loc, dst, doff, elemBytes, di.swizzle);
      NVVM::CpAsyncOp::create(rewriter, loc, da, sa,
                              rewriter.getI32IntegerAttr(int32_t(bytes)), cache,
                              Value());
    }
    rewriter.eraseOp(op);
    return success();
  }
};

struct CpAsyncCommitLowering : OpConversionPattern<CpAsyncCommitOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(CpAsyncCommitOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<NVVM::CpAsyncCommitGroupOp>(op);
    return success();
  }
};

struct CpAsyncWaitLowering : OpConversionPattern<CpAsyncWaitOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(CpAsyncWaitOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<NVVM::CpAsyncWaitGroupOp>(
        op, rewriter.getI32IntegerAttr(op.getPending()));
    return success();
  }
};

struct CpAsyncMbarrierArriveLowering
    : OpConversionPattern<CpAsyncMbarrierArriveOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(CpAsyncMbarrierArriveOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<NVVM::CpAsyncMBarrierArriveOp>(
        op, adaptor.getBar(), rewriter.getBoolAttr(op.getNoinc()));
    return success();
  }
};

} // namespace

bool lowering::isCpAsyncCopy(Operation *op) {
  auto copy = dyn_cast<mlir::cute::CopyOp>(op);
  return copy && isa<CpAsyncAttr>(copy.getAtomOrDefault());
}

void lowering::populateCpAsyncPatterns(const TypeConverter &tc,
                                       RewritePatternSet &p) {
  p.add<CpAsyncCopyLowering, CpAsyncCommitLowering, CpAsyncWaitLowering,
        CpAsyncMbarrierArriveLowering>(tc, p.getContext());
}
