//===- LayoutToLLVM.cpp - Layout values to their dynamic leaves -----------===//
//
// A layout-kind value is its dynamic leaves. Constructors pass leaves
// through, cute.static has none, get_scalars reads them, and any algebra op
// still present (cute-expand-ops not run) is computed here with the layout
// library on symbols bound to the operand leaves.
//
//===----------------------------------------------------------------------===//
#include "Lowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace mlir::cute;
using namespace mlir::cute::lowering;
using namespace ::cute::layout;

namespace {

struct StaticLowering : ConvertOpToLLVMPattern<StaticOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(StaticOp op, OneToNOpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithMultiple(op, {ValueRange{}});
    return success();
  }
};

/// cute.make_int_tuple / shape / stride / coord / tile: the operands are the
/// result's dynamic leaves (a static depth-0 int_tuple operand becomes a
/// constant).
template <class OpT> struct MakeTupleLowering : ConvertOpToLLVMPattern<OpT> {
  using ConvertOpToLLVMPattern<OpT>::ConvertOpToLLVMPattern;
  using Adaptor = typename ConvertOpToLLVMPattern<OpT>::OneToNOpAdaptor;
  LogicalResult
  matchAndRewrite(OpT op, Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::vector<Int> want = dynamicLeavesOfType(op.getType());
    SmallVector<Value> leaves;
    ArithEmitter em(rewriter, op.getLoc());
    for (auto [i, vals] : llvm::enumerate(adaptor.getOperands())) {
      unsigned w = i < want.size() ? want[i].width() : 32;
      if (!vals.empty()) {
        leaves.push_back(em.cast(vals.front(), w));
        continue;
      }
      DynamicSymbols syms;
      auto v = valueOfType(op->getOperand(i).getType(), syms);
      if (!v || !v->tuple.isInt() || !v->tuple.value().isStatic())
        return failure();
      leaves.push_back(em.constant(v->tuple.value().value(), w));
    }
    rewriter.replaceOpWithMultiple(op, {ValueRange(leaves)});
    return success();
  }
};

/// Any algebra op: run `compute` on symbols bound to the operand leaves.
struct AlgebraLowering : ConvertOpInterfaceToLLVMPattern<AlgebraOpInterface> {
  using ConvertOpInterfaceToLLVMPattern::ConvertOpInterfaceToLLVMPattern;

  LogicalResult
  matchAndRewrite(AlgebraOpInterface alg, ArrayRef<ValueRange> operands,
                  ConversionPatternRewriter &rewriter) const override {
    Operation *op = alg;
    DynamicSymbols syms;
    std::vector<int64_t> first;
    SmallVector<CuteValue, 2> in;
    for (Value v : op->getOperands()) {
      first.push_back(syms.next);
      auto cv = valueOfType(v.getType(), syms);
      if (!cv)
        return rewriter.notifyMatchFailure(op, cv.message());
      in.push_back(*cv);
    }
    auto r = alg.computeResult(in);
    if (!r)
      return rewriter.notifyMatchFailure(op, r.message());
    ArithEmitter em(rewriter, op->getLoc());
    bindOperands(em, op->getOperandTypes(), operands, first);
    std::vector<Int> dyn;
    for (const Int &i : scalarLeaves(*r))
      if (i.isDynamic())
        dyn.push_back(i);
    auto leaves = emitLeaves(em, op->getResult(0).getType(), dyn);
    if (failed(leaves))
      return rewriter.notifyMatchFailure(op, "result leaves disagree");
    rewriter.replaceOpWithMultiple(op, {ValueRange(*leaves)});
    return success();
  }
};

struct GetScalarsLowering : ConvertOpToLLVMPattern<GetScalarsOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(GetScalarsOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    DynamicSymbols syms;
    auto v = valueOfType(op.getCuteValue().getType(), syms);
    if (!v)
      return failure();
    ValueRange dyn = adaptor.getOperands().front();
    ArithEmitter em(rewriter, op.getLoc());
    SmallVector<Value> out;
    size_t k = 0;
    for (const Int &i : scalarLeaves(*v)) {
      if (i.isDynamic()) {
        if (k >= dyn.size())
          return failure();
        out.push_back(dyn[k++]);
      } else if (!op.getOnlyDynamic()) {
        out.push_back(em.constant(i.value(), 32));
      }
    }
    rewriter.replaceOp(op, out);
    return success();
  }
};

/// elem_less / equal on dynamic values: a product of leaf comparisons.
template <class OpT, bool Less>
struct CompareLowering : ConvertOpToLLVMPattern<OpT> {
  using ConvertOpToLLVMPattern<OpT>::ConvertOpToLLVMPattern;
  using Adaptor = typename ConvertOpToLLVMPattern<OpT>::OneToNOpAdaptor;
  LogicalResult
  matchAndRewrite(OpT op, Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    DynamicSymbols syms;
    std::vector<int64_t> first;
    std::vector<std::vector<Int>> leaves;
    for (Value v : op->getOperands()) {
      first.push_back(syms.next);
      auto cv = valueOfType(v.getType(), syms);
      if (!cv)
        return failure();
      leaves.push_back(scalarLeaves(*cv));
    }
    if (leaves[0].size() != leaves[1].size())
      return failure();
    Int all = 1;
    for (size_t i = 0; i < leaves[0].size(); ++i)
      all = all * (Less ? lessThan(leaves[0][i], leaves[1][i])
                        : equalTo(leaves[0][i], leaves[1][i]));
    ArithEmitter em(rewriter, op.getLoc());
    bindOperands(em, op->getOperandTypes(), adaptor.getOperands(), first);
    Value r = em.emit(all, 32);
    Value b = arith::CmpIOp::create(
        rewriter, op.getLoc(), arith::CmpIPredicate::ne, r, em.constant(0, 32));
    rewriter.replaceOp(op, b);
    return success();
  }
};

} // namespace

void lowering::populateLayoutPatterns(const LLVMTypeConverter &tc,
                                      RewritePatternSet &p) {
  MLIRContext *ctx = p.getContext();
  p.add<StaticLowering, MakeTupleLowering<MakeIntTupleOp>,
        MakeTupleLowering<MakeShapeOp>, MakeTupleLowering<MakeStrideOp>,
        MakeTupleLowering<MakeCoordOp>, MakeTupleLowering<MakeTileOp>,
        GetScalarsLowering, CompareLowering<ElemLessOp, true>,
        CompareLowering<EqualOp, false>>(tc);
  p.add<AlgebraLowering>(tc);
}
