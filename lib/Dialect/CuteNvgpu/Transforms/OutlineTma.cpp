//===- OutlineTma.cpp - TMA descriptors become kernel parameters ----------===//
#include "cute/Dialect/CuteNvgpu/IR/CuteNvgpu.h"
#include "cute/Dialect/CuteNvgpu/Transforms/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

namespace mlir::cute_nvgpu {
#define GEN_PASS_DEF_CUTENVGPUOUTLINETMA
#include "cute/Dialect/CuteNvgpu/Transforms/Passes.h.inc"
} // namespace mlir::cute_nvgpu

using namespace mlir;
using namespace mlir::cute_nvgpu;

namespace {

struct OutlineTmaPass
    : public mlir::cute_nvgpu::impl::CuteNvgpuOutlineTmaBase<OutlineTmaPass> {
  void runOnOperation() override {
    getOperation()->walk([&](gpu::GPUFuncOp fn) {
      if (!fn.isKernel() || fn.getBody().empty())
        return;
      SmallVector<MakeTmaDescOp> descs;
      // A descriptor nothing uses (say, only a branch of another instance
      // did) is no parameter: the runtime would encode it for nothing.
      SmallVector<MakeTmaDescOp> unused;
      fn.walk([&](MakeTmaDescOp op) {
        if (op.getResult().use_empty())
          unused.push_back(op);
        else if (!op.getParam())
          descs.push_back(op);
      });
      for (MakeTmaDescOp op : unused)
        op.erase();
      if (descs.empty())
        return;
      SmallVector<int32_t> gridConstant;
      if (auto a =
              fn->getAttrOfType<DenseI32ArrayAttr>(attrs::GridConstantArgs))
        gridConstant.assign(a.asArrayRef().begin(), a.asArrayRef().end());
      for (MakeTmaDescOp op : descs) {
        unsigned idx = fn.getNumArguments();
        if (failed(fn.insertArgument(idx, op.getType(), DictionaryAttr(),
                                     op.getLoc()))) {
          op.emitOpError("cannot add the descriptor parameter to @")
              << fn.getName();
          return signalPassFailure();
        }
        op.setParamAttr(IntegerAttr::get(IntegerType::get(&getContext(), 32),
                                         int64_t(idx)));
        op.getResult().replaceAllUsesWith(fn.getArgument(idx));
        gridConstant.push_back(int32_t(idx));
      }
      fn->setAttr(attrs::GridConstantArgs,
                  DenseI32ArrayAttr::get(&getContext(), gridConstant));
    });
  }
};

} // namespace
