//===- TmemToNVVM.cpp - TMEM ops and tcgen05.ld/st to nvvm.tcgen05.* ------===//
//
// TMEM tensors are !llvm.ptr<6> (32-bit addresses, lane << 16 | column)
// after convert-cute-to-llvm; here they are reached through unrealized casts
// it resolves. tmem_tensor reads the address tmem_alloc wrote to its smem
// slot. A tcgen05.ld/st copy is one instruction on the tile's address: its
// registers are the fragment's elements in layout order (value j of the
// atom is register j, as in CuTe's copy_unpack), moved as i32 (f32 bitcast).
// tcgen05.cp's descriptor: the fields derived from the smem tile at compile
// time, the start address (>> 4, 14 bits) at run time.
//
//===----------------------------------------------------------------------===//
#include "Patterns.h"

#include "cute/Atom/Sm100Umma.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace mlir::cute_nvgpu;
using namespace mlir::cute_nvgpu::lowering;
using mlir::cute::CuteMemRefType;

Value lowering::tmemAddress(OpBuilder &b, Location loc, Value tensor) {
  auto ptr = LLVM::LLVMPointerType::get(b.getContext(), 6);
  return UnrealizedConversionCastOp::create(b, loc, ptr, tensor).getResult(0);
}

namespace {

NVVM::CTAGroupKindAttr ctaGroup(MLIRContext *ctx, int64_t g) {
  return NVVM::CTAGroupKindAttr::get(ctx, g == 2 ? NVVM::CTAGroupKind::CTA_2
                                                 : NVVM::CTAGroupKind::CTA_1);
}

/// The register-fragment base pointer (an alloca after convert-cute-to-llvm).
Value fragmentBase(OpBuilder &b, Location loc, Value tensor) {
  auto ptr = LLVM::LLVMPointerType::get(b.getContext());
  return UnrealizedConversionCastOp::create(b, loc, ptr, tensor).getResult(0);
}

struct AllocLowering : OpConversionPattern<TmemAllocOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(TmemAllocOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    NVVM::Tcgen05AllocOp::create(rewriter, loc,
                                 smemAddress(rewriter, loc, op.getSlot()),
                                 i32(rewriter, loc, op.getColumns()),
                                 ctaGroup(getContext(), op.getCtaGroup()));
    rewriter.eraseOp(op);
    return success();
  }
};

struct TensorLowering : OpConversionPattern<TmemTensorOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(TmemTensorOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value slot = smemAddress(rewriter, loc, op.getSlot());
    Value addr =
        LLVM::LoadOp::create(rewriter, loc, rewriter.getI32Type(), slot, 4);
    Value ptr = LLVM::IntToPtrOp::create(
        rewriter, loc, LLVM::LLVMPointerType::get(getContext(), 6), addr);
    rewriter.replaceOpWithNewOp<UnrealizedConversionCastOp>(op, op.getType(),
                                                            ptr);
    return success();
  }
};

struct DeallocLowering : OpConversionPattern<TmemDeallocOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(TmemDeallocOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    NVVM::Tcgen05DeallocOp::create(rewriter, loc,
                                   tmemAddress(rewriter, loc, op.getTmem()),
                                   i32(rewriter, loc, op.getColumns()),
                                   ctaGroup(getContext(), op.getCtaGroup()));
    rewriter.eraseOp(op);
    return success();
  }
};

struct RelinquishLowering : OpConversionPattern<TmemRelinquishAllocPermitOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(TmemRelinquishAllocPermitOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<NVVM::Tcgen05RelinquishAllocPermitOp>(
        op, ctaGroup(getContext(), op.getCtaGroup()));
    return success();
  }
};

template <class OpT, NVVM::Tcgen05WaitKind kind>
struct WaitLowering : OpConversionPattern<OpT> {
  using OpConversionPattern<OpT>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(OpT op, typename OpT::Adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<NVVM::Tcgen05WaitOp>(
        op, NVVM::Tcgen05WaitKindAttr::get(op.getContext(), kind));
    return success();
  }
};

template <class OpT, NVVM::Tcgen05FenceKind kind>
struct FenceLowering : OpConversionPattern<OpT> {
  using OpConversionPattern<OpT>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(OpT op, typename OpT::Adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<NVVM::Tcgen05FenceOp>(
        op, NVVM::Tcgen05FenceKindAttr::get(op.getContext(), kind));
    return success();
  }
};

struct CommitLowering : OpConversionPattern<Tcgen05CommitOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(Tcgen05CommitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<NVVM::Tcgen05CommitOp>(
        op, adaptor.getBar(), adaptor.getMulticastMask(),
        ctaGroup(getContext(), op.getCtaGroup()));
    return success();
  }
};

NVVM::Tcgen05CpShape nvvmCpShape(Tcgen05CpShape s) {
  switch (s) {
  case Tcgen05CpShape::s128x256b:
    return NVVM::Tcgen05CpShape::SHAPE_128x256b;
  case Tcgen05CpShape::s128x128b:
    return NVVM::Tcgen05CpShape::SHAPE_128x128b;
  case Tcgen05CpShape::s64x128b:
    return NVVM::Tcgen05CpShape::SHAPE_64x128b;
  case Tcgen05CpShape::s32x128b:
    return NVVM::Tcgen05CpShape::SHAPE_32x128b;
  }
  return NVVM::Tcgen05CpShape::SHAPE_32x128b;
}

NVVM::Tcgen05CpMulticast nvvmCpMulticast(Tcgen05CpMulticast m) {
  switch (m) {
  case Tcgen05CpMulticast::none:
    return NVVM::Tcgen05CpMulticast::NONE;
  case Tcgen05CpMulticast::warpx2_02_13:
    return NVVM::Tcgen05CpMulticast::WARPX2_02_13;
  case Tcgen05CpMulticast::warpx2_01_23:
    return NVVM::Tcgen05CpMulticast::WARPX2_01_23;
  case Tcgen05CpMulticast::warpx4:
    return NVVM::Tcgen05CpMulticast::WARPX4;
  }
  return NVVM::Tcgen05CpMulticast::NONE;
}

struct CpLowering : OpConversionPattern<Tcgen05CpOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(Tcgen05CpOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto fields = tmemCpDescFields(op.getShape(),
                                   cast<CuteMemRefType>(op.getSrc().getType()));
    if (!fields)
      return rewriter.notifyMatchFailure(op, fields.message());
    Location loc = op.getLoc();
    uint64_t fixed = ::cute::atom::encodeUmmaSmemDesc(*fields, 0);
    Value base = smemAddress(rewriter, loc, op.getSrc());
    Value desc = smemDescriptor(rewriter, loc, base, 0, fixed);
    MLIRContext *ctx = getContext();
    NVVM::Tcgen05CpOp::create(
        rewriter, loc,
        NVVM::Tcgen05CpShapeAttr::get(ctx, nvvmCpShape(op.getShape())),
        ctaGroup(ctx, op.getCtaGroup()),
        NVVM::Tcgen05CpMulticastAttr::get(ctx,
                                          nvvmCpMulticast(op.getMulticast())),
        NVVM::Tcgen05CpSrcFormatAttr(), tmemAddress(rewriter, loc, op.getDst()),
        desc);
    rewriter.eraseOp(op);
    return success();
  }
};

NVVM::Tcgen05LdStShape nvvmLdStShape(Tcgen05LdStShape s) {
  switch (s) {
  case Tcgen05LdStShape::s32x32b:
    return NVVM::Tcgen05LdStShape::SHAPE_32X32B;
  case Tcgen05LdStShape::s16x64b:
    return NVVM::Tcgen05LdStShape::SHAPE_16X64B;
  case Tcgen05LdStShape::s16x128b:
    return NVVM::Tcgen05LdStShape::SHAPE_16X128B;
  case Tcgen05LdStShape::s16x256b:
    return NVVM::Tcgen05LdStShape::SHAPE_16X256B;
  case Tcgen05LdStShape::s16x32bx2:
    return NVVM::Tcgen05LdStShape::SHAPE_16X32BX2;
  }
  return NVVM::Tcgen05LdStShape::SHAPE_32X32B;
}

/// One tcgen05.ld or tcgen05.st: `tmem` the warp's tile, `regs` the
/// thread's fragment (verified by the atom: one element per register).
struct TmemCopyLowering : OpConversionPattern<mlir::cute::CopyOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(mlir::cute::CopyOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Attribute atom = op.getAtomOrDefault();
    Tcgen05LdStShape shape;
    int64_t num;
    bool load;
    if (auto ld = dyn_cast<Tcgen05LdAttr>(atom)) {
      shape = ld.getShape(), num = ld.getNum(), load = true;
    } else if (auto st = dyn_cast<Tcgen05StAttr>(atom)) {
      shape = st.getShape(), num = st.getNum(), load = false;
    } else {
      return rewriter.notifyMatchFailure(op, "not a tcgen05.ld/st atom");
    }
    Location loc = op.getLoc();
    MLIRContext *ctx = getContext();
    Value tmemTensor = load ? op.getSrc() : op.getDst();
    Value regsTensor = load ? op.getDst() : op.getSrc();
    auto regsType = cast<CuteMemRefType>(regsTensor.getType());
    const ::cute::layout::Layout &rl = regsType.getLayout().layout;
    Type elem = regsType.getElementType();
    Type i32Ty = rewriter.getI32Type();
    int64_t regs = ::cute::atom::tmemLdStRegs(atomLdStShape(shape), num);
    Type vecTy = regs == 1 ? i32Ty : VectorType::get({regs}, i32Ty);
    Value taddr = tmemAddress(rewriter, loc, tmemTensor);
    Value frag = fragmentBase(rewriter, loc, regsTensor);
    auto nvShape = NVVM::Tcgen05LdStShapeAttr::get(ctx, nvvmLdStShape(shape));
    // 16x32bx2: the second half-warp's access starts `num` columns on.
    Value offset;
    if (shape == Tcgen05LdStShape::s16x32bx2)
      offset =
          arith::ConstantIntOp::create(rewriter, loc, rewriter.getI64Type(),
                                       ::cute::atom::tmem16x32bx2Offset(num));
    auto regPtr = [&](int64_t j) {
      return LLVM::GEPOp::create(rewriter, loc, frag.getType(), elem, frag,
                                 ArrayRef<LLVM::GEPArg>{rl.eval(j)});
    };
    if (load) {
      Value v = NVVM::Tcgen05LdOp::create(rewriter, loc, vecTy, UnitAttr(),
                                          nvShape, taddr, offset);
      for (int64_t j = 0; j < regs; ++j) {
        Value r = regs == 1 ? v
                            : LLVM::ExtractElementOp::create(
                                  rewriter, loc, v, i32(rewriter, loc, j));
        if (r.getType() != elem)
          r = LLVM::BitcastOp::create(rewriter, loc, elem, r);
        LLVM::StoreOp::create(rewriter, loc, r, regPtr(j), 4);
      }
    } else {
      Value v =
          regs == 1 ? Value() : LLVM::PoisonOp::create(rewriter, loc, vecTy);
      for (int64_t j = 0; j < regs; ++j) {
        Value r = LLVM::LoadOp::create(rewriter, loc, elem, regPtr(j), 4);
        if (elem != i32Ty)
          r = LLVM::BitcastOp::create(rewriter, loc, i32Ty, r);
        v = regs == 1 ? r
                      : LLVM::InsertElementOp::create(rewriter, loc, v, r,
                                                      i32(rewriter, loc, j));
      }
      NVVM::Tcgen05StOp::create(rewriter, loc, UnitAttr(), nvShape, taddr, v,
                                offset);
    }
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

bool lowering::isTmemCopy(Operation *op) {
  auto copy = dyn_cast<mlir::cute::CopyOp>(op);
  return copy && isa<Tcgen05LdAttr, Tcgen05StAttr>(copy.getAtomOrDefault());
}

void lowering::populateTmemPatterns(const TypeConverter &tc,
                                    RewritePatternSet &p) {
  p.add<AllocLowering, TensorLowering, DeallocLowering, RelinquishLowering,
        WaitLowering<Tcgen05WaitLdOp, NVVM::Tcgen05WaitKind::LOAD>,
        WaitLowering<Tcgen05WaitStOp, NVVM::Tcgen05WaitKind::STORE>,
        FenceLowering<Tcgen05FenceBeforeThreadSyncOp,
                      NVVM::Tcgen05FenceKind::BEFORE_THREAD_SYNC>,
        FenceLowering<Tcgen05FenceAfterThreadSyncOp,
                      NVVM::Tcgen05FenceKind::AFTER_THREAD_SYNC>,
        CommitLowering, CpLowering, TmemCopyLowering>(tc, p.getContext());
}
