//===- GridConstantArgs.cpp - TMA descriptors passed by value -------------===//
#include "cute/Conversion/Passes.h"
#include "cute/Dialect/CuteNvgpu/IR/CuteNvgpu.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

namespace mlir::cute {
#define GEN_PASS_DEF_CUTENVGPUGRIDCONSTANTARGS
#include "cute/Conversion/Passes.h.inc"
} // namespace mlir::cute

using namespace mlir;

namespace {

constexpr int64_t kTensorMapBytes = 128;
constexpr int64_t kTensorMapAlign = 64;

struct GridConstantArgsPass
    : public mlir::cute::impl::CuteNvgpuGridConstantArgsBase<
          GridConstantArgsPass> {
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    getOperation()->walk([&](LLVM::LLVMFuncOp fn) {
      auto args = fn->getAttrOfType<DenseI32ArrayAttr>(
          cute_nvgpu::attrs::GridConstantArgs);
      if (!args)
        return;
      Builder b(ctx);
      auto bytes =
          LLVM::LLVMArrayType::get(IntegerType::get(ctx, 8), kTensorMapBytes);
      for (int32_t i : args.asArrayRef()) {
        if (i < 0 || unsigned(i) >= fn.getNumArguments() ||
            !isa<LLVM::LLVMPointerType>(fn.getArgument(i).getType())) {
          fn.emitError("cute_nvgpu.grid_constant_args names argument ")
              << i << ", which is not a pointer";
          return signalPassFailure();
        }
        fn.setArgAttr(i, LLVM::LLVMDialect::getByValAttrName(),
                      TypeAttr::get(bytes));
        fn.setArgAttr(i, LLVM::LLVMDialect::getAlignAttrName(),
                      b.getI64IntegerAttr(kTensorMapAlign));
        fn.setArgAttr(i, NVVM::NVVMDialect::getGridConstantAttrName(),
                      UnitAttr::get(ctx));
      }
      fn->removeAttr(cute_nvgpu::attrs::GridConstantArgs);
    });
  }
};

} // namespace
