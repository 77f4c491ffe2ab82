//===- WgmmaToNVVM.cpp - cute.gemm with wgmma atoms; wgmma ordering -------===//
//
// cute.gemm with a wgmma atom, one nvvm.wgmma.mma_async per (k, m, n)
// block in CuTe's order (tf32 reads f32 tensors, K-major, k8);
// C is a register fragment as for mma.sync
// (MmaSyncToNVVM.cpp). wgmma reads A and B through shared-memory
// descriptors: the static fields (layout type, leading and stride byte
// offsets) come from the atom block's layout (cute/Atom/Sm90Gmma.h), the
// start address from the block's address at run time. The register-A form
// (a_src = rmem) reads A from four b32 registers per thread and has no NVVM
// op: it is the one inline-PTX pattern of InlinePtx.h.
//
//===----------------------------------------------------------------------===//
#include "InlinePtx.h"
#include "MmaCommon.h"

#include "cute/Atom/Sm90Gmma.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::cute_nvgpu;
using namespace mlir::cute_nvgpu::lowering;
using mlir::cute::CuteMemRefType;

namespace {

NVVM::WGMMATypes wgmmaType(Type t) {
  if (isa<BFloat16Type>(t))
    return NVVM::WGMMATypes::bf16;
  if (isa<Float16Type>(t))
    return NVVM::WGMMATypes::f16;
  if (isa<Float8E4M3FNType>(t))
    return NVVM::WGMMATypes::e4m3;
  if (isa<FloatTF32Type>(t))
    return NVVM::WGMMATypes::tf32;
  return NVVM::WGMMATypes::e5m2;
}

/// The PTX type name of a wgmma operand type.
StringRef wgmmaPtxType(Type t) {
  if (isa<BFloat16Type>(t))
    return "bf16";
  if (isa<Float16Type>(t))
    return "f16";
  if (isa<Float8E4M3FNType>(t))
    return "e4m3";
  return "e5m2";
}

/// The four b32 A registers of a register-A wgmma for block (m, k) of the A
/// fragment: register r holds values r * 32/bits .. (r+1) * 32/bits - 1
/// from the low bits up (CuTe's ALayout order is the ISA's register order).
/// Consecutive, 4-byte aligned values are one i32 load.
SmallVector<Value> loadRsARegisters(OpBuilder &b, Location loc, Value base,
                                    const GemmOperandLayout &op, int64_t m,
                                    int64_t k) {
  unsigned bits = op.elemBits();
  int64_t perReg = 32 / bits;
  Type elemInt = b.getIntegerType(bits);
  auto at = [&](Type t, int64_t byteOff, unsigned align) -> Value {
    Value p = base;
    if (byteOff)
      p = LLVM::GEPOp::create(b, loc, base.getType(), b.getI8Type(), base,
                              ArrayRef<LLVM::GEPArg>{LLVM::GEPArg(byteOff)});
    return LLVM::LoadOp::create(b, loc, t, p, align);
  };
  SmallVector<Value> regs;
  for (int64_t r = 0; r < 4; ++r) {
    int64_t first = op.offset(r * perReg, m, k);
    SmallVector<int64_t> offs;
    for (int64_t e = 0; e < perReg; ++e)
      offs.push_back(op.offset(r * perReg + e, m, k));
    bool direct = (first * bits) % 32 == 0 && op.type.getAlignment() >= 4;
    for (int64_t e = 1; direct && e < perReg; ++e)
      direct = offs[size_t(e)] == first + e;
    if (direct) {
      regs.push_back(at(b.getI32Type(), first * bits / 8, 4));
      continue;
    }
    Value reg;
    for (int64_t e = 0; e < perReg; ++e) {
      Value v = LLVM::ZExtOp::create(
          b, loc, b.getI32Type(),
          at(elemInt, offs[size_t(e)] * bits / 8, bits / 8));
      if (e)
        v = LLVM::ShlOp::create(b, loc, v, i32(b, loc, e * bits));
      reg = reg ? LLVM::OrOp::create(b, loc, reg, v) : v;
    }
    regs.push_back(reg);
  }
  return regs;
}

/// The descriptor of the atom block of `op` starting `offset` elements from
/// the tensor's iterator `base` (an smem pointer).
Value gmmaDescriptor(OpBuilder &b, Location loc, Value base,
                     const GemmOperandLayout &op, MmaMajor major,
                     int64_t offset) {
  unsigned bits = mlir::cute::storageBits(op.type.getElementType());
  auto fields = ::cute::atom::deriveGmmaDesc(
      major == MmaMajor::k ? ::cute::atom::GmmaMajor::K
                           : ::cute::atom::GmmaMajor::MN,
      op.block(), op.type.getSwizzleFunctor(), bits);
  // cute.gemm's verifier derived the same descriptor.
  uint64_t fixed = fields ? ::cute::atom::encodeGmmaDesc(*fields, 0) : 0;
  return smemDescriptor(b, loc, base, offset * bits / 8, fixed);
}

struct WgmmaLowering
    : MmaLoweringAttrInterface::ExternalModel<WgmmaLowering, WgmmaAttr> {
  LogicalResult lowerGemm(Attribute attr, RewriterBase &rewriter,
                          mlir::cute::GemmOp op, Value accumulate) const {
    auto atom = cast<WgmmaAttr>(attr);
    Location loc = op.getLoc();
    MLIRContext *ctx = rewriter.getContext();
    GemmOperandLayout a(op.getA()), b(op.getB()), c(op.getC());
    bool rs = atom.getASrc() == OperandSource::rmem;
    Value sa = rs ? fragmentPtr(rewriter, loc, op.getA())
                  : smemAddress(rewriter, loc, op.getA());
    Value sb = smemAddress(rewriter, loc, op.getB());
    Value pc = fragmentPtr(rewriter, loc, op.getC());
    int64_t nc = atom.getN() / 2;
    auto layoutOf = [](MmaMajor major, bool isA) {
      // K-major is "row" for A and "col" for B (no transpose).
      bool kMajor = major == MmaMajor::k;
      return (kMajor == isA) ? NVVM::MMALayout::row : NVVM::MMALayout::col;
    };
    forEachMmaBlock(a, c, [&](int64_t m, int64_t n, int64_t k) {
      Value db = gmmaDescriptor(rewriter, loc, sb, b, atom.getBMajor(),
                                b.offset(0, n, k));
      if (rs) {
        // A from registers: NVVM has no op, one inline-PTX pattern
        // (InlinePtx.h). Its scale-d is a run-time predicate, so
        // accumulate(%flag) is passed as is for the first k-block.
        SmallVector<Value> ra = loadRsARegisters(rewriter, loc, sa, a, m, k);
        Value scaleD = i32(rewriter, loc, 1);
        if (k == 0 && accumulate)
          scaleD = arith::ExtUIOp::create(rewriter, loc, rewriter.getI32Type(),
                                          accumulate);
        std::optional<bool> transB;
        if (!isa<Float8E4M3FNType, Float8E5M2Type>(atom.getB()))
          transB = atom.getBMajor() == MmaMajor::mn;
        SmallVector<Value> d = emitWgmmaRs(
            rewriter, loc, atom.getN(), atom.getK(), wgmmaPtxType(atom.getA()),
            wgmmaPtxType(atom.getB()), transB,
            loadValues(rewriter, loc, pc, c, nc, m, n), ra, db, scaleD);
        storeValues(rewriter, loc, pc, c, d, m, n);
        return;
      }
      Value da = gmmaDescriptor(rewriter, loc, sa, a, atom.getAMajor(),
                                a.offset(0, m, k));
      Value acc =
          packStruct(rewriter, loc, loadValues(rewriter, loc, pc, c, nc, m, n));
      auto wgmma = [&](OpBuilder &bld, NVVM::WGMMAScaleOut scaleD) -> Value {
        return NVVM::WgmmaMmaAsyncOp::create(
            bld, loc, acc.getType(), acc, da, db,
            NVVM::MMAShapeAttr::get(ctx, atom.getM(), atom.getN(), atom.getK()),
            wgmmaType(atom.getA()), wgmmaType(atom.getB()),
            NVVM::WGMMATypes::f32, scaleD, NVVM::WGMMAScaleIn::one,
            NVVM::WGMMAScaleIn::one, layoutOf(atom.getAMajor(), true),
            layoutOf(atom.getBMajor(), false), NVVM::MMAIntOverflowAttr());
      };
      Value d;
      if (k == 0 && accumulate) {
        // accumulate(%flag) false: the first k-block ignores C (scale-d 0).
        // NVVM takes scale-d as a constant, so both forms are emitted; the
        // flag must be uniform across the warpgroup (wgmma is collective);
        // the branch writes no accumulator register.
        auto branch = scf::IfOp::create(
            rewriter, loc, accumulate,
            [&](OpBuilder &bld, Location l) {
              scf::YieldOp::create(bld, l,
                                   wgmma(bld, NVVM::WGMMAScaleOut::one));
            },
            [&](OpBuilder &bld, Location l) {
              scf::YieldOp::create(bld, l,
                                   wgmma(bld, NVVM::WGMMAScaleOut::zero));
            });
        d = branch.getResult(0);
      } else {
        d = wgmma(rewriter, NVVM::WGMMAScaleOut::one);
      }
      storeValues(rewriter, loc, pc, c, unpackStruct(rewriter, loc, d, nc), m,
                  n);
    });
    return success();
  }
};

struct WgmmaFenceLowering : OpConversionPattern<WgmmaFenceOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(WgmmaFenceOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<NVVM::WgmmaFenceAlignedOp>(op);
    return success();
  }
};

struct WgmmaCommitLowering : OpConversionPattern<WgmmaCommitGroupOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(WgmmaCommitGroupOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<NVVM::WgmmaGroupSyncAlignedOp>(op);
    return success();
  }
};

struct WgmmaWaitLowering : OpConversionPattern<WgmmaWaitGroupOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(WgmmaWaitGroupOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<NVVM::WgmmaWaitGroupSyncOp>(op,
                                                            op.getPending());
    return success();
  }
};

} // namespace

void lowering::attachWgmmaLowerings(MLIRContext *ctx) {
  WgmmaAttr::attachInterface<WgmmaLowering>(*ctx);
}

void lowering::populateWgmmaPatterns(const TypeConverter &tc,
                                     RewritePatternSet &p) {
  p.add<WgmmaFenceLowering, WgmmaCommitLowering, WgmmaWaitLowering>(
      tc, p.getContext());
}
