//===- MatrixCopyToNVVM.cpp - cute.copy with ldmatrix/stmatrix ------------===//
//
// A copy with #cute_nvgpu.ldmatrix / #cute_nvgpu.stmatrix (verified by the
// atom: count instructions, each of `num` 32-bit registers per thread and
// one 16-byte row per thread) becomes one nvvm.ldmatrix / nvvm.stmatrix per
// instruction. Instruction i addresses the row that starts at the smem
// tensor's element i * (128 / bits), with the tensor's swizzle applied to
// that byte address as everywhere else (element units moved up by
// log2(element bytes)); register j packs the fragment's elements
// i * perRegs + j * (32 / bits) + k at bit k * bits (CuTe's recast to
// uint32_t of the register fragment).
//
//===----------------------------------------------------------------------===//
#include "Patterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace mlir::cute_nvgpu;
using namespace mlir::cute_nvgpu::lowering;
using mlir::cute::CuteMemRefType;

namespace {

/// The shared-memory address of the row at element `off` of a tensor of
/// `type` whose iterator is `base`, swizzled as every access to it is.
Value rowAddress(OpBuilder &b, Location loc, Value base, int64_t off,
                 CuteMemRefType type, unsigned bits) {
  Type i32Ty = b.getI32Type();
  int64_t bytes = off * bits / 8;
  std::optional<::cute::layout::Swizzle> s = type.getSwizzleFunctor();
  bool swizzled = s && !s->isIdentity();
  if (!bytes && !swizzled)
    return base;
  Value a = LLVM::PtrToIntOp::create(b, loc, i32Ty, base);
  if (bytes)
    a = arith::AddIOp::create(b, loc, a, i32(b, loc, bytes));
  if (swizzled) {
    int lg = bits == 8 ? 0 : bits == 16 ? 1 : 2;
    int lo = s->base + lg;
    int64_t mask = ((int64_t(1) << s->bits) - 1) << (lo + s->shift);
    Value hi = arith::AndIOp::create(b, loc, a, i32(b, loc, mask));
    Value moved = arith::ShRUIOp::create(b, loc, hi, i32(b, loc, s->shift));
    a = arith::XOrIOp::create(b, loc, a, moved);
  }
  return LLVM::IntToPtrOp::create(b, loc, base.getType(), a);
}

struct MatrixCopyLowering : OpConversionPattern<mlir::cute::CopyOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(mlir::cute::CopyOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Attribute atomAttr = op.getAtomOrDefault();
    ::cute::atom::MatrixCopy m;
    if (auto ld = dyn_cast<LdmatrixAttr>(atomAttr))
      m = ld.getMatrixCopy();
    else if (auto st = dyn_cast<StmatrixAttr>(atomAttr))
      m = st.getMatrixCopy();
    else
      return rewriter.notifyMatchFailure(op, "not an ldmatrix/stmatrix atom");
    Location loc = op.getLoc();
    MLIRContext *ctx = getContext();
    Value regsTensor = m.store ? op.getSrc() : op.getDst();
    Value smemTensor = m.store ? op.getDst() : op.getSrc();
    auto regsType = cast<CuteMemRefType>(regsTensor.getType());
    auto smemType = cast<CuteMemRefType>(smemTensor.getType());
    const ::cute::layout::Layout &rl = regsType.getLayout().layout;
    const ::cute::layout::Layout &sl = smemType.getLayout().layout;
    unsigned bits = mlir::cute::storageBits(regsType.getElementType());
    int64_t perReg = 32 / bits, perRegs = perReg * m.num;
    int64_t perRow = ::cute::atom::kMatrixRowBits / bits;
    int64_t count = ::cute::layout::size(rl).value() / perRegs;
    Type i32Ty = rewriter.getI32Type();
    Type elemInt = rewriter.getIntegerType(bits);
    Value frag = UnrealizedConversionCastOp::create(
                     rewriter, loc, LLVM::LLVMPointerType::get(ctx), regsTensor)
                     .getResult(0);
    Value base = smemAddress(rewriter, loc, smemTensor);
    auto layout = NVVM::MMALayoutAttr::get(ctx, m.trans ? NVVM::MMALayout::col
                                                        : NVVM::MMALayout::row);
    auto shape = NVVM::LdStMatrixShapeAttr::get(ctx, 8, 8);
    auto eltType =
        NVVM::LdStMatrixEltTypeAttr::get(ctx, NVVM::LdStMatrixEltType::B16);
    auto elemPtr = [&](int64_t idx) {
      return LLVM::GEPOp::create(rewriter, loc, frag.getType(), elemInt, frag,
                                 ArrayRef<LLVM::GEPArg>{rl.eval(idx)});
    };
    for (int64_t i = 0; i < count; ++i) {
      Value addr =
          rowAddress(rewriter, loc, base, sl.eval(i * perRow), smemType, bits);
      if (m.store) {
        SmallVector<Value> regs;
        for (int64_t j = 0; j < m.num; ++j) {
          Value r;
          for (int64_t k = 0; k < perReg; ++k) {
            Value e = LLVM::LoadOp::create(
                rewriter, loc, elemInt, elemPtr(i * perRegs + j * perReg + k),
                bits / 8);
            if (bits < 32)
              e = arith::ExtUIOp::create(rewriter, loc, i32Ty, e);
            if (k)
              e = arith::ShLIOp::create(rewriter, loc, e,
                                        i32(rewriter, loc, k * bits));
            r = r ? arith::OrIOp::create(rewriter, loc, r, e).getResult() : e;
          }
          regs.push_back(r);
        }
        NVVM::StMatrixOp::create(rewriter, loc, addr, regs, layout, shape,
                                 eltType);
        continue;
      }
      Type resTy = i32Ty;
      if (m.num > 1)
        resTy = LLVM::LLVMStructType::getLiteral(
            ctx, SmallVector<Type>(m.num, i32Ty));
      Value res = NVVM::LdMatrixOp::create(rewriter, loc, resTy, addr,
                                           rewriter.getI32IntegerAttr(m.num),
                                           layout, shape, eltType);
      for (int64_t j = 0; j < m.num; ++j) {
        Value r = m.num == 1 ? res
                             : LLVM::ExtractValueOp::create(
                                   rewriter, loc, res, ArrayRef<int64_t>{j})
                                   .getResult();
        for (int64_t k = 0; k < perReg; ++k) {
          Value e = r;
          if (k)
            e = arith::ShRUIOp::create(rewriter, loc, e,
                                       i32(rewriter, loc, k * bits));
          if (bits < 32)
            e = arith::TruncIOp::create(rewriter, loc, elemInt, e);
          LLVM::StoreOp::create(rewriter, loc, e,
                                elemPtr(i * perRegs + j * perReg + k),
                                bits / 8);
        }
      }
    }
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

bool lowering::isMatrixCopy(Operation *op) {
  auto copy = dyn_cast<mlir::cute::CopyOp>(op);
  return copy && isa<LdmatrixAttr, StmatrixAttr>(copy.getAtomOrDefault());
}

void lowering::populateMatrixCopyPatterns(const TypeConverter &tc,
                                          RewritePatternSet &p) {
  p.add<MatrixCopyLowering>(tc, p.getContext());
}
