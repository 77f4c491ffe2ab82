//===- RedToNVVM.cpp - cute.copy with #cute_nvgpu.red_add -----------------===//
//
// Each access of the copy's plan (planCopy, the verifier's) loads V f32
// values from the fragment and adds them to global memory with one
// `red.relaxed.gpu.global.add[.vV].f32` (inline PTX: LLVM's atomicrmw fadd
// of a vector becomes a compare-and-swap loop on NVPTX). Both tensors have
// static layouts, so the element offsets are constants from the iterators
// (unrealized casts that convert-cute-to-llvm resolves). A predicated copy
// guards each element's reduction with scf.if on its i1.
//
//===----------------------------------------------------------------------===//
#include "Patterns.h"

#include "cute/Layout/Tensor.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::cute_nvgpu;
using namespace mlir::cute_nvgpu::lowering;
using mlir::cute::CuteMemRefType;

namespace {

Value tensorPtr(OpBuilder &b, Location loc, Value tensor, unsigned space) {
  return UnrealizedConversionCastOp::create(
             b, loc, LLVM::LLVMPointerType::get(b.getContext(), space), tensor)
      .getResult(0);
}

Value elemPtr(OpBuilder &b, Location loc, Value base, Type elem, int64_t off) {
  if (!off)
    return base;
  return LLVM::GEPOp::create(b, loc, base.getType(), elem, base,
                             ArrayRef<LLVM::GEPArg>{int32_t(off)});
}

void emitRed(OpBuilder &b, Location loc, Value addr, ArrayRef<Value> vals) {
  std::string asmStr = "red.relaxed.gpu.global.add";
  std::string cons = "l";
  if (vals.size() > 1)
    asmStr += ".v" + std::to_string(vals.size());
  asmStr += ".f32 [$0], ";
  if (vals.size() > 1)
    asmStr += "{";
  for (size_t i = 0; i < vals.size(); ++i) {
    asmStr += (i ? ", $" : "$") + std::to_string(i + 1);
    cons += ",f";
  }
  asmStr += vals.size() > 1 ? "};" : ";";
  SmallVector<Value> operands{
      LLVM::PtrToIntOp::create(b, loc, b.getI64Type(), addr)};
  operands.append(vals.begin(), vals.end());
  LLVM::InlineAsmOp::create(
      b, loc, TypeRange{}, operands, asmStr, cons,
      /*has_side_effects=*/true, /*is_align_stack=*/false,
      LLVM::TailCallKind::None,
      LLVM::AsmDialectAttr::get(b.getContext(), LLVM::AsmDialect::AD_ATT),
      /*operand_attrs=*/ArrayAttr());
}

struct RedAddLowering : OpConversionPattern<mlir::cute::CopyOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(mlir::cute::CopyOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto atom = dyn_cast<RedAddAttr>(op.getAtomOrDefault());
    if (!atom)
      return rewriter.notifyMatchFailure(op, "not a #cute_nvgpu.red_add");
    Location loc = op.getLoc();
    mlir::cute::MemRefInfo si = mlir::cute::tensorInfo(op.getSrc().getType());
    mlir::cute::MemRefInfo di = mlir::cute::tensorInfo(op.getDst().getType());
    auto plan = ::cute::layout::guard([&] {
      return ::cute::layout::planCopy(si.access(), di.access(), atom.getBits(),
                                      bool(op.getPred()));
    });
    if (!plan)
      return rewriter.notifyMatchFailure(op, plan.message());
    Type f32 = rewriter.getF32Type();
    Value src = tensorPtr(rewriter, loc, op.getSrc(), 0);
    Value dst = tensorPtr(rewriter, loc, op.getDst(), 1);
    Value pred;
    ::cute::layout::Layout predLayout;
    if (op.getPred()) {
      pred = tensorPtr(rewriter, loc, op.getPred(), 0);
      predLayout =
          cast<CuteMemRefType>(op.getPred().getType()).getLayout().layout;
    }
    for (int64_t k = 0; k < plan->count; ++k) {
      ::cute::layout::IntTuple kk =
          ::cute::layout::IntTuple(::cute::layout::Int(k));
      int64_t so = plan->srcRest(kk).value().value();
      int64_t doff = plan->dstRest(kk).value().value();
      auto reduce = [&](OpBuilder &b) {
        SmallVector<Value> vals;
        for (int64_t v = 0; v < plan->vec; ++v)
          vals.push_back(LLVM::LoadOp::create(
              b, loc, f32, elemPtr(b, loc, src, f32, so + v), 4));
        emitRed(b, loc, elemPtr(b, loc, dst, f32, doff), vals);
      };
      if (!pred) {
        reduce(rewriter);
        continue;
      }
      Value p = LLVM::LoadOp::create(rewriter, loc, rewriter.getI1Type(),
                                     elemPtr(rewriter, loc, pred,
                                             rewriter.getI8Type(),
                                             predLayout.eval(k)),
                                     1);
      auto ifOp = scf::IfOp::create(rewriter, loc, p, /*withElse=*/false);
      OpBuilder::InsertionGuard g(rewriter);
      rewriter.setInsertionPointToStart(&ifOp.getThenRegion().front());
      reduce(rewriter);
    }
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

bool lowering::isRedCopy(Operation *op) {
  auto copy = dyn_cast<mlir::cute::CopyOp>(op);
  return copy && isa<RedAddAttr>(copy.getAtomOrDefault());
}

void lowering::populateRedPatterns(const TypeConverter &tc,
                                   RewritePatternSet &p) {
  p.add<RedAddLowering>(tc, p.getContext());
}
