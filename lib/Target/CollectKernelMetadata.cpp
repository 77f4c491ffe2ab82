//===- CollectKernelMetadata.cpp - Launch metadata before lowering --------===//
#include "cute/Dialect/Cute/IR/CuteAttrNames.h"
#include "cute/Target/KernelInfo.h"
#include "cute/Target/Passes.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/raw_ostream.h"

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
      FailureOr<std::vector<KernelInfo>> infos = collectKernelInfos(mod);
      if (::mlir::failed(infos)) {
        failed = true;
        return;
      }
      llvm::json::Array kernels;
      for (const KernelInfo &k : *infos)
        kernels.push_back(toJSON(k));
      std::string text;
      llvm::raw_string_ostream os(text);
      os << llvm::json::Value(
          metadataDocument(chip, mod.getName(), std::move(kernels)));
      // Kept on the top-level module: gpu-module-to-binary replaces `mod`.
      top->setAttr(attrs::kernelMetadata(mod.getName()),
                   StringAttr::get(&getContext(), text));
    });
    if (failed)
      signalPassFailure();
  }
};

} // namespace
