//===- CollectKernelMetadata.cpp - Launch metadata before lowering --------===//
#include "cute/Dialect/Cute/IR/CuteAttrNames.h"
#include "cute/Target/KernelInfo.h"
#include "cute/Target/Passes.h"

#include "mlir/IR/BuiltinOps.h"

namespace mlir::cute {
#define GEN_PASS_DEF_CUTECOLLECTKERNELMETADATA
#include "cute/Target/Passes.h.inc"
} // namespace mlir::cute

using namespace mlir;
using namespace mlir::cute;

namespace {

struct CuteCollectKernelMetadataPass
    : public mlir::cute::impl::CuteCollectKernelMetadataBase<
          CuteCollectKernelMetadataPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp top = getOperation();
    bool failed = false;
    top.walk([&](gpu::GPUModuleOp mod) {
      FailureOr<::cute::metadata::Document> doc = kernelMetadata(mod, chip);
      if (::mlir::failed(doc)) {
        failed = true;
        return;
      }
      std::string text = ::cute::metadata::toJson(*doc);
      // Kept on the top-level module: gpu-module-to-binary replaces `mod`.
      top->setAttr(attrs::kernelMetadata(mod.getName()),
                   StringAttr::get(&getContext(), text));
    });
    if (failed)
      signalPassFailure();
  }
};

} // namespace
