//===- GemmToNVVM.cpp - cute.gemm through the atom's lowering interface ---===//
//
// One pattern for every cute_nvgpu MMA atom: it asks the atom's
// MmaLoweringAttrInterface to emit the instructions and erases the op. The
// interface's models, one file per family, are attached here in one list;
// a new atom is a model in its family's file (and a line below for a new
// family), no new pattern.
//
//===----------------------------------------------------------------------===//
#include "MmaCommon.h"

#include "cute/Conversion/Passes.h"

using namespace mlir;
using namespace mlir::cute_nvgpu;

namespace {

struct GemmLowering : OpConversionPattern<mlir::cute::GemmOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(mlir::cute::GemmOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto lowering = dyn_cast<MmaLoweringAttrInterface>(op.getAtom());
    if (!lowering)
      return rewriter.notifyMatchFailure(
          op, "the atom has no MmaLoweringAttrInterface model (is "
              "registerCuteNvgpuMmaLowerings missing?)");
    if (failed(lowering.lowerGemm(rewriter, op, adaptor.getAccumulate())))
      return failure();
    rewriter.eraseOp(op);
    return success();
  }
};

void attachMmaLowerings(MLIRContext *ctx, CuteNvgpuDialect *) {
  lowering::attachMmaSyncLowerings(ctx);
  lowering::attachWgmmaLowerings(ctx);
  lowering::attachBlockScaleMmaLowerings(ctx);
  lowering::attachTcgen05Lowerings(ctx);
}

} // namespace

void mlir::cute::registerCuteNvgpuMmaLowerings(DialectRegistry &registry) {
  registry.addExtension(&attachMmaLowerings);
}

bool lowering::isNvgpuGemm(Operation *op) {
  auto gemm = dyn_cast<mlir::cute::GemmOp>(op);
  return gemm && gemm.getAtom().getDialect().getNamespace() ==
                     CuteNvgpuDialect::getDialectNamespace();
}

void lowering::populateGemmPatterns(const TypeConverter &tc,
                                    RewritePatternSet &p) {
  p.add<GemmLowering>(tc, p.getContext());
}
