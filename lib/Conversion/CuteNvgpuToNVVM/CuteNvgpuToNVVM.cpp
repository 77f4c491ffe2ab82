//===- CuteNvgpuToNVVM.cpp - The conversion pass and its types ------------===//
#include "Patterns.h"

#include "cute/Conversion/Passes.h"
#include "cute/Dialect/Cute/IR/CuteAttrNames.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::cute {
#define GEN_PASS_DEF_CONVERTCUTENVGPUTONVVM
#include "cute/Conversion/Passes.h.inc"
} // namespace mlir::cute

using namespace mlir;
using namespace mlir::cute_nvgpu;

Value lowering::i32(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantIntOp::create(b, loc, b.getI32Type(), int32_t(v));
}

Value lowering::smemDescriptor(OpBuilder &b, Location loc, Value base,
                               int64_t offsetBytes, uint64_t fixed) {
  Value addr = LLVM::PtrToIntOp::create(b, loc, b.getI32Type(), base);
  if (offsetBytes)
    addr = arith::AddIOp::create(b, loc, addr, i32(b, loc, offsetBytes));
  Value start = arith::AndIOp::create(
      b, loc, arith::ShRUIOp::create(b, loc, addr, i32(b, loc, 4)),
      i32(b, loc, 0x3FFF));
  Value wide = arith::ExtUIOp::create(b, loc, b.getI64Type(), start);
  Value fixedV =
      arith::ConstantIntOp::create(b, loc, b.getI64Type(), int64_t(fixed));
  return arith::OrIOp::create(b, loc, wide, fixedV);
}

Value lowering::smemAddress(OpBuilder &b, Location loc, Value tensor) {
  auto ptr = LLVM::LLVMPointerType::get(b.getContext(), 3);
  return UnrealizedConversionCastOp::create(b, loc, ptr, tensor).getResult(0);
}

namespace {

/// A cluster kernel tells NVVM its cluster shape (.reqnctapercluster). A
/// kernel that changes its register count (setmaxnreg) needs a register
/// cap at entry or ptxas ignores the instruction (C7508): .maxntid from its
/// block size and .minnctapersm 1.
void markKernels(Operation *root) {
  root->walk([](gpu::GPUFuncOp fn) {
    if (!fn.isKernel())
      return;
    MLIRContext *ctx = fn.getContext();
    if (auto dims = fn->getAttrOfType<DenseI32ArrayAttr>(
            mlir::cute::attrs::ClusterDims)) {
      SmallVector<int32_t, 3> d(dims.asArrayRef());
      d.resize(3, 1);
      if (d[0] * d[1] * d[2] > 1)
        fn->setAttr("nvvm.cluster_dim", DenseI32ArrayAttr::get(ctx, d));
    }
    bool setsRegs = false;
    fn.walk([&](Operation *op) {
      if (auto ws = dyn_cast<WarpSpecializeOp>(op))
        setsRegs |= llvm::any_of(ws.getMaxRegs(), [](int32_t r) { return r; });
      setsRegs |= isa<SetMaxNRegOp>(op);
    });
    DenseI32ArrayAttr known = fn.getKnownBlockSizeAttr();
    if (!known)
      known = fn->getAttrOfType<DenseI32ArrayAttr>(
          gpu::GPUDialect::KnownBlockSizeAttrHelper::getNameStr());
    // cute.min_ctas_per_sm = N: N blocks per SM (CUDA's launch bounds).
    auto minCtas =
        fn->getAttrOfType<IntegerAttr>(mlir::cute::attrs::MinCtasPerSm);
    if ((setsRegs || minCtas) && known) {
      fn->setAttr("nvvm.maxntid", known);
      fn->setAttr("nvvm.minctasm",
                  IntegerAttr::get(IntegerType::get(ctx, 32),
                                   minCtas ? minCtas.getInt() : 1));
    }
  });
}

struct ConvertCuteNvgpuToNVVMPass
    : public mlir::cute::impl::ConvertCuteNvgpuToNVVMBase<
          ConvertCuteNvgpuToNVVMPass> {
  using Base::Base;
  void getDependentDialects(DialectRegistry &registry) const override {
    Base::getDependentDialects(registry);
    // cute.gemm asks its atom for the instructions (MmaLoweringAttrInterface).
    mlir::cute::registerCuteNvgpuMmaLowerings(registry);
  }
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    Operation *root = getOperation();
    markKernels(root);
    if (failed(lowering::lowerWarpRegions(root)))
      return signalPassFailure();

    TypeConverter tc;
    tc.addConversion([](Type t) { return t; });
    tc.addConversion(
        [ctx](TmaDescType) { return LLVM::LLVMPointerType::get(ctx); });
    tc.addConversion(
        [ctx](MbarrierType) { return LLVM::LLVMPointerType::get(ctx, 3); });
    auto cast = [](OpBuilder &b, Type t, ValueRange in, Location loc) -> Value {
      return UnrealizedConversionCastOp::create(b, loc, t, in).getResult(0);
    };
    tc.addSourceMaterialization(cast);
    tc.addTargetMaterialization(cast);

    RewritePatternSet patterns(ctx);
    lowering::populateBarrierPatterns(tc, patterns, debugHangs);
    lowering::populateTmaPatterns(tc, patterns);
    lowering::populateClusterPatterns(tc, patterns);
    lowering::populateGemmPatterns(tc, patterns);
    lowering::populateWgmmaPatterns(tc, patterns);
    lowering::populateAccumulatorToOperandPatterns(tc, patterns);
    lowering::populateTmemPatterns(tc, patterns);
    lowering::populateMatrixCopyPatterns(tc, patterns);
    lowering::populateRedPatterns(tc, patterns);
    lowering::populateCpAsyncPatterns(tc, patterns);
    populateFunctionOpInterfaceTypeConversionPattern<gpu::GPUFuncOp>(patterns,
                                                                     tc);
    ConversionTarget target(*ctx);
    target.addIllegalDialect<CuteNvgpuDialect>();
    target.addLegalDialect<NVVM::NVVMDialect, LLVM::LLVMDialect,
                           arith::ArithDialect, scf::SCFDialect>();
    target.addDynamicallyLegalOp<gpu::GPUFuncOp>([&](gpu::GPUFuncOp op) {
      return tc.isSignatureLegal(op.getFunctionType());
    });
    target.markUnknownOpDynamicallyLegal(
        [&](Operation *op) { return tc.isLegal(op); });
    target.addDynamicallyLegalOp<mlir::cute::GemmOp>(
        [](Operation *op) { return !lowering::isNvgpuGemm(op); });
    target.addDynamicallyLegalOp<mlir::cute::CopyOp>([](Operation *op) {
      return !lowering::isTmemCopy(op) && !lowering::isMatrixCopy(op) &&
             !lowering::isRedCopy(op) && !lowering::isCpAsyncCopy(op);
    });
    scf::populateSCFStructuralTypeConversionsAndLegality(tc, patterns, target);
    if (failed(applyPartialConversion(root, target, std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
