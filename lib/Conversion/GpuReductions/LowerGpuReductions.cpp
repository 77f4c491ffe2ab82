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
  }
};

} // namespace
