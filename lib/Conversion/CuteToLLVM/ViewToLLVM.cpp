//===- ViewToLLVM.cpp - Views: make_view, tiling, partitioning, slicing ---===//
//
// A view op runs its computeView (the function that inferred its type) on
// symbols bound to the operand leaves: the result's dynamic leaves and the
// element offset come out as expressions, emitted as arith; the pointer
// advances with one llvm.getelementptr.
//
//===----------------------------------------------------------------------===//
#include "Lowering.h"

using namespace mlir;
using namespace mlir::cute;
using namespace mlir::cute::lowering;
using namespace ::cute::layout;

namespace {

template <class OpT> struct ViewLowering : ConvertOpToLLVMPattern<OpT> {
  using ConvertOpToLLVMPattern<OpT>::ConvertOpToLLVMPattern;
  using Adaptor = typename ConvertOpToLLVMPattern<OpT>::OneToNOpAdaptor;
  LogicalResult
  matchAndRewrite(OpT op, Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    DynamicSymbols syms;
    std::vector<int64_t> first;
    SmallVector<Type> types(op->getOperandTypes());
    auto r = OpT::computeView(types, typename OpT::Adaptor(op), syms, &first);
    if (!r)
      return rewriter.notifyMatchFailure(op, r.message());
    Location loc = op.getLoc();
    ArithEmitter em(rewriter, loc);
    bindOperands(em, op->getOperandTypes(), adaptor.getOperands(), first);
    auto leaves = emitLeaves(em, op.getType(), tensorLeaves(r->result));
    if (failed(leaves))
      return rewriter.notifyMatchFailure(op, "result leaves disagree");
    SmallVector<Value> out;
    if (!r->result.isCoord) {
      // The first operand holds the pointer.
      Value ptr = adaptor.getOperands().front().front();
      const Int &off = r->offset.value();
      if (!off.is(0))
        ptr =
            advancePtr(rewriter, loc, ptr, emitOffset(em, off), r->result.elem);
      out.push_back(ptr);
    }
    out.append(leaves->begin(), leaves->end());
    rewriter.replaceOpWithMultiple(op, {ValueRange(out)});
    return success();
  }
};

struct GetLayoutLowering : ConvertOpToLLVMPattern<GetLayoutOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(GetLayoutOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ValueRange vals = adaptor.getTensor();
    size_t n = dynamicLeavesOfType(op.getType()).size();
    rewriter.replaceOpWithMultiple(op, {vals.take_back(n)});
    return success();
  }
};

struct GetIterLowering : ConvertOpToLLVMPattern<GetIterOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(GetIterOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ValueRange vals = adaptor.getTensor();
    if (isa<PtrType>(op.getType())) {
      rewriter.replaceOpWithMultiple(op, {vals.take_front(1)});
      return success();
    }
    size_t n = dynamicLeavesOfType(op.getType()).size();
    rewriter.replaceOpWithMultiple(op, {vals.take_front(n)});
    return success();
  }
};

} // namespace

void lowering::populateViewPatterns(const LLVMTypeConverter &tc,
                                    RewritePatternSet &p) {
  p.add<ViewLowering<MakeViewOp>, ViewLowering<LocalTileOp>,
        ViewLowering<LocalPartitionOp>, ViewLowering<PartitionTVOp>,
        ViewLowering<MmaPartitionOp>, ViewLowering<CopyPartitionOp>,
        ViewLowering<CopyRetileOp>, ViewLowering<TensorSliceOp>,
        ViewLowering<DomainOffsetOp>, ViewLowering<MakeIdentityTensorOp>,
        ViewLowering<AddOffsetOp>, ViewLowering<RecastOp>, GetLayoutLowering,
        GetIterLowering>(tc);
}
