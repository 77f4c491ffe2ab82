//===- CopyToLLVM.cpp - cute.copy as vector loads and stores --------------===//
//
// The universal copy atom (#cute.universal_copy): planCopy (the function the
// verifier ran) picks the vector width and the layouts of the access starts;
// here each access is one aligned llvm.load and llvm.store of V elements
// (`vector<V x T>`; packed sub-byte elements move as integers). A predicated
// copy loads each element's i1 and guards the element's access with scf.if.
//
//===----------------------------------------------------------------------===//
#include "Lowering.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::cute;
using namespace mlir::cute::lowering;
using namespace ::cute::layout;

namespace {

Type accessType(OpBuilder &b, const MemRefInfo &info, int64_t vec) {
  unsigned bits = info.bits();
  if (bits >= 8) {
    Type e = llvmElementType(info.elem);
    return vec == 1 ? e : VectorType::get({vec}, e);
  }
  int64_t total = vec * bits;
  if (total <= 64)
    return b.getIntegerType(unsigned(total));
  return VectorType::get({total / 32}, b.getI32Type());
}

struct CopyLowering : ConvertOpToLLVMPattern<CopyOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(CopyOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    // Architecture atoms are lowered by their own dialect's conversion.
    auto atom = dyn_cast<UniversalCopyAttr>(op.getAtomOrDefault());
    if (!atom)
      return rewriter.notifyMatchFailure(op, "not a #cute.universal_copy");
    Location loc = op.getLoc();
    DynamicSymbols syms;
    std::vector<int64_t> first{syms.next};
    MemRefInfo src = infoOf(op.getSrc().getType(), syms);
    first.push_back(syms.next);
    MemRefInfo dst = infoOf(op.getDst().getType(), syms);
    MemRefInfo pred;
    if (op.getPred()) {
      first.push_back(syms.next);
      pred = infoOf(op.getPred().getType(), syms);
    }
    auto plan = guard([&] {
      return planCopy(src.access(), dst.access(), atom.getBits(),
                      bool(op.getPred()));
    });
    if (!plan)
      return rewriter.notifyMatchFailure(op, plan.message());
    ArithEmitter em(rewriter, loc);
    bindOperands(em, op->getOperandTypes(), adaptor.getOperands(), first);
    Value srcPtr = adaptor.getSrc().front();
    Value dstPtr = adaptor.getDst().front();
    Type t = accessType(rewriter, src, plan->vec);
    int64_t vecBytes = std::max<int64_t>(1, plan->vec * src.bits() / 8);
    int64_t srcAlign = std::min<int64_t>(src.align, vecBytes);
    int64_t dstAlign = std::min<int64_t>(dst.align, vecBytes);
    for (int64_t k = 0; k < plan->count; ++k) {
      IntTuple kk = IntTuple(Int(k));
      Int so = plan->srcRest(kk).value();
      Int doff = plan->dstRest(kk).value();
      auto move = [&](OpBuilder &b) {
        Value sa = elementAddress(b, loc, em, srcPtr, so, src);
        Value v = LLVM::LoadOp::create(b, loc, t, sa, unsigned(srcAlign));
        Value da = elementAddress(b, loc, em, dstPtr, doff, dst);
        LLVM::StoreOp::create(b, loc, v, da, unsigned(dstAlign));
      };
      if (!op.getPred()) {
        move(rewriter);
        continue;
      }
      Value pp = elementAddress(rewriter, loc, em, adaptor.getPred().front(),
                                Int(pred.layout.eval(k)), pred);
      Value p =
          LLVM::LoadOp::create(rewriter, loc, rewriter.getI1Type(), pp, 1);
      auto ifOp = scf::IfOp::create(rewriter, loc, p, /*withElse=*/false);
      OpBuilder::InsertionGuard g(rewriter);
      rewriter.setInsertionPointToStart(&ifOp.getThenRegion().front());
      // Expressions emitted inside the branch must not be reused outside.
      ArithEmitter inner(rewriter, loc);
      bindOperands(inner, op->getOperandTypes(), adaptor.getOperands(), first);
      Value sa = elementAddress(rewriter, loc, inner, srcPtr, so, src);
      Value v = LLVM::LoadOp::create(rewriter, loc, t, sa, unsigned(srcAlign));
      Value da = elementAddress(rewriter, loc, inner, dstPtr, doff, dst);
      LLVM::StoreOp::create(rewriter, loc, v, da, unsigned(dstAlign));
    }
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void lowering::populateCopyPatterns(const LLVMTypeConverter &tc,
                                    RewritePatternSet &p) {
  p.add<CopyLowering>(tc);
}
