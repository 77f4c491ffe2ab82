//===- LowerGpuReductions.cpp - Warp/block reductions to shuffles ---------===//
#include "cute/Conversion/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::cute {
#define GEN_PASS_DEF_CUTELOWERGPUREDUCTIONS
#include "cute/Conversion/Passes.h.inc"
} // namespace mlir::cute

using namespace mlir;

namespace {

constexpr unsigned kWarpSize = 32;

struct CuteLowerGpuReductionsPass
    : public mlir::cute::impl::CuteLowerGpuReductionsBase<
          CuteLowerGpuReductionsPass> {
  void runOnOperation() override {
    // A module without reductions has nothing to rewrite: skip the greedy
    // drivers, each of which would visit (and try to fold) every op of the
    // module, seconds for one of many instances (gemm-sm90: 9.5 of 88 s).
    WalkResult any = getOperation()->walk([](Operation *op) {
      return isa<gpu::AllReduceOp, gpu::SubgroupReduceOp>(op)
                 ? WalkResult::interrupt()
                 : WalkResult::advance();
    });
    if (!any.wasInterrupted()) {
      foldKnownBlockDims();
      return;
    }
    // Block reductions first: they produce warp-level work.
    RewritePatternSet allReduce(&getContext());
    populateGpuAllReducePatterns(allReduce);
    if (failed(applyPatternsGreedily(getOperation(), std::move(allReduce))))
      return signalPassFailure();
    RewritePatternSet warp(&getContext());
    populateGpuBreakDownSubgroupReducePatterns(warp, /*maxShuffleBitwidth=*/32);
    populateGpuLowerSubgroupReduceToShufflePatterns(warp, kWarpSize);
    populateGpuLowerClusteredSubgroupReduceToShufflePatterns(warp, kWarpSize);
    if (failed(applyPatternsGreedily(getOperation(), std::move(warp))))
      return signalPassFailure();
    foldKnownBlockDims();
  }

  /// The block reduction reads `gpu.block_dim` to handle a last, partial
  /// warp; in a kernel of known block size (`gpu.known_block_size`, or
  /// gpu.func's own `known_block_size`) those reads are constants, and the
  /// partial-warp branches fold away.
  void foldKnownBlockDims() {
    getOperation()->walk([](gpu::GPUFuncOp fn) {
      auto known = fn->getAttrOfType<DenseI32ArrayAttr>(
          gpu::GPUDialect::KnownBlockSizeAttrHelper::getNameStr());
      if (auto inherent = fn.getKnownBlockSizeAttr())
        known = inherent;
      if (!known || known.size() != 3)
        return;
      fn.walk([&](gpu::BlockDimOp dim) {
        OpBuilder b(dim);
        int64_t v = known[static_cast<unsigned>(dim.getDimension())];
        dim.replaceAllUsesWith(
            arith::ConstantIndexOp::create(b, dim.getLoc(), v).getResult());
        dim.erase();
      });
    });
  }
};

} // namespace
