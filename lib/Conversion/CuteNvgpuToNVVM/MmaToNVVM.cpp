//===- MmaToNVVM.cpp - cute.gemm with mma.sync and wgmma atoms ------------===//
//
// cute.gemm over partitioned operands, unrolled like CuTe's gemm dispatch:
// for every k, m and n one instruction on A(_,m,k), B(_,n,k), C(_,m,n).
// Register fragments are static: each value sits at a constant offset of
// the fragment's alloca, and value i of the atom's thread-value layout is
// register element i of the instruction (CuTe orders values that way), so
// operands are loaded, packed, run and stored back; SROA keeps them in
// registers. wgmma reads A and B through shared-memory descriptors: the
// static fields (layout type, leading and stride byte offsets) come from the
// atom block's layout (cute/Atom/Sm90Gmma.h), the start address from the
// block's address at run time. The register-A form (a_src = rmem) reads A
// from four b32 registers per thread and has no NVVM op: it is the one
// inline-PTX pattern of InlinePtx.h.
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

Type llvmElem(Type t) { return t; }

Value elemPtr(OpBuilder &b, Location loc, Value base, Type elem, int64_t off) {
  return LLVM::GEPOp::create(b, loc, base.getType(), elem, base,
                             ArrayRef<LLVM::GEPArg>{LLVM::GEPArg(off)});
}

/// The register-fragment base pointer (an alloca after convert-cute-to-llvm).
Value fragmentPtr(OpBuilder &b, Location loc, Value tensor) {
  return tensorBasePtr(b, loc, tensor, /*addressSpace=*/0);
}

SmallVector<Value> loadValues(OpBuilder &b, Location loc, Value base,
                              const GemmOperandLayout &op, int64_t n, int64_t i,
                              int64_t j) {
  Type elem = llvmElem(op.type.getElementType());
  unsigned bytes = std::max(1u, mlir::cute::storageBits(elem) / 8);
  SmallVector<Value> vals;
  for (int64_t v = 0; v < n; ++v)
    vals.push_back(LLVM::LoadOp::create(
        b, loc, elem, elemPtr(b, loc, base, elem, op.offset(v, i, j)), bytes));
  return vals;
}

void storeValues(OpBuilder &b, Location loc, Value base,
                 const GemmOperandLayout &op, ArrayRef<Value> vals, int64_t i,
                 int64_t j) {
  Type elem = llvmElem(op.type.getElementType());
  unsigned bytes = std::max(1u, mlir::cute::storageBits(elem) / 8);
  for (auto [v, val] : llvm::enumerate(vals))
    LLVM::StoreOp::create(
        b, loc, val, elemPtr(b, loc, base, elem, op.offset(int64_t(v), i, j)),
        bytes);
}

/// 32-bit registers holding consecutive pairs of 16-bit values: i32 for
/// bf16 (what nvvm.mma.sync takes), vector<2xf16> for f16.
SmallVector<Value> packPairs(OpBuilder &b, Location loc, ArrayRef<Value> vals) {
  SmallVector<Value> regs;
  Type elem = vals.front().getType();
  auto vt = VectorType::get({2}, elem);
  for (size_t i = 0; i + 1 < vals.size(); i += 2) {
    Value v = LLVM::PoisonOp::create(b, loc, vt);
    for (int j = 0; j < 2; ++j)
      v = LLVM::InsertElementOp::create(b, loc, v, vals[i + j], i32(b, loc, j));
    if (isa<BFloat16Type>(elem))
      v = LLVM::BitcastOp::create(b, loc, b.getI32Type(), v);
    regs.push_back(v);
  }
  return regs;
}

SmallVector<Value> unpackStruct(OpBuilder &b, Location loc, Value s,
                                int64_t n) {
  SmallVector<Value> out;
  for (int64_t i = 0; i < n; ++i)
    out.push_back(LLVM::ExtractValueOp::create(b, loc, s, i));
  return out;
}

Value packStruct(OpBuilder &b, Location loc, ArrayRef<Value> vals) {
  SmallVector<Type> types(vals.size(), vals.front().getType());
  auto st = LLVM::LLVMStructType::getLiteral(b.getContext(), types);
  Value s = LLVM::PoisonOp::create(b, loc, st);
  for (auto [i, v] : llvm::enumerate(vals))
    s = LLVM::InsertValueOp::create(b, loc, s, v, int64_t(i));
  return s;
}

struct MmaSyncGemm : OpConversionPattern<mlir::cute::GemmOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(mlir::cute::GemmOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto atom = dyn_cast<MmaSyncAttr>(op.getAtom());
    if (!atom)
      return failure();
    Location loc = op.getLoc();
    GemmOperandLayout a(op.getA()), b(op.getB()), c(op.getC());
    Value pa = fragmentPtr(rewriter, loc, op.getA());
    Value pb = fragmentPtr(rewriter, loc, op.getB());
    Value pc = fragmentPtr(rewriter, loc, op.getC());
    int64_t na = atom.getK() == 16 ? 8 : 4, nb = na / 2, nc = 4;
    bool bf16 = isa<BFloat16Type>(atom.getA());
    auto ptx = bf16 ? NVVM::MMATypes::bf16 : NVVM::MMATypes::f16;
    Type f32 = rewriter.getF32Type();
    auto resTy = LLVM::LLVMStructType::getLiteral(getContext(),
                                                  SmallVector<Type>(nc, f32));
    forEachMmaBlock(a, c, [&](int64_t m, int64_t n, int64_t k) {
      SmallVector<Value> ra =
          packPairs(rewriter, loc, loadValues(rewriter, loc, pa, a, na, m, k));
      SmallVector<Value> rb =
          packPairs(rewriter, loc, loadValues(rewriter, loc, pb, b, nb, n, k));
      SmallVector<Value> rc = loadValues(rewriter, loc, pc, c, nc, m, n);
      // accumulate(%flag) false: the first k-block starts from zero.
      if (k == 0 && op.getAccumulate()) {
        Value zero = arith::ConstantOp::create(rewriter, loc,
                                               rewriter.getF32FloatAttr(0));
        for (Value &x : rc)
          x = arith::SelectOp::create(rewriter, loc, op.getAccumulate(), x,
                                      zero);
      }
      Value d = NVVM::MmaOp::create(
          rewriter, loc, resTy, ra, rb, rc,
          {atom.getM(), atom.getN(), atom.getK()}, std::nullopt, std::nullopt,
          std::array<NVVM::MMATypes, 2>{ptx, ptx},
          std::array<NVVM::MMALayout, 2>{NVVM::MMALayout::row,
                                         NVVM::MMALayout::col});
      storeValues(rewriter, loc, pc, c, unpackStruct(rewriter, loc, d, nc), m,
                  n);
    });
    rewriter.eraseOp(op);
    return success();
  }
};

NVVM::WGMMATypes wgmmaType(Type t) {
  if (isa<BFloat16Type>(t))
    return NVVM::WGMMATypes::bf16;
  if (isa<Float16Type>(t))
    return NVVM::WGMMATypes::f16;
  if (isa<Float8E4M3FNType>(t))
    return NVVM::WGMMATypes::e4m3;
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

struct WgmmaGemm : OpConversionPattern<mlir::cute::GemmOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(mlir::cute::GemmOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto atom = dyn_cast<WgmmaAttr>(op.getAtom());
    if (!atom)
      return failure();
    Location loc = op.getLoc();
    MLIRContext *ctx = getContext();
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
        if (k == 0 && op.getAccumulate())
          scaleD = arith::ExtUIOp::create(rewriter, loc, rewriter.getI32Type(),
                                          op.getAccumulate());
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
      if (k == 0 && op.getAccumulate()) {
        // accumulate(%flag) false: the first k-block ignores C (scale-d 0).
        // NVVM takes scale-d as a constant, so both forms are emitted; the
        // flag must be uniform across the warpgroup (wgmma is collective);
        // the branch writes no accumulator register.
        auto branch = scf::IfOp::create(
            rewriter, loc, op.getAccumulate(),
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
    rewriter.eraseOp(op);
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

bool lowering::isNvgpuGemm(Operation *op) {
  auto gemm = dyn_cast<mlir::cute::GemmOp>(op);
  return gemm && gemm.getAtom().getDialect().getNamespace() ==
                     CuteNvgpuDialect::getDialectNamespace();
}

void lowering::populateMmaPatterns(const TypeConverter &tc,
                                   RewritePatternSet &p) {
  p.add<MmaSyncGemm, WgmmaGemm, WgmmaFenceLowering, WgmmaCommitLowering,
        WgmmaWaitLowering>(tc, p.getContext());
}
