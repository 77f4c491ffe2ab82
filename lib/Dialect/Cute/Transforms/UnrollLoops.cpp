//===- UnrollLoops.cpp - Full unrolling of loops marked cute.unroll -------===//
#include "cute/Dialect/Cute/IR/CuteAttrNames.h"
#include "cute/Dialect/Cute/Transforms/Passes.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"

namespace mlir::cute {
#define GEN_PASS_DEF_CUTEUNROLLLOOPS
#include "cute/Dialect/Cute/Transforms/Passes.h.inc"
} // namespace mlir::cute

using namespace mlir;

namespace {

struct CuteUnrollLoopsPass
    : public mlir::cute::impl::CuteUnrollLoopsBase<CuteUnrollLoopsPass> {
  using Base::Base;

  void runOnOperation() override {
    // Innermost loops first, so an outer marked loop unrolls unrolled bodies.
    SmallVector<scf::ForOp> loops;
    getOperation()->walk<WalkOrder::PostOrder>([&](scf::ForOp f) {
      if (f->hasAttr(mlir::cute::attrs::Unroll))
        loops.push_back(f);
    });
    for (scf::ForOp f : loops) {
      std::optional<APInt> trips = f.getStaticTripCount();
      if (!trips) {
        f.emitError("loop marked cute.unroll needs static bounds and step");
        return signalPassFailure();
      }
      if (trips->getZExtValue() > unsigned(maxTripCount)) {
        f.emitError("loop marked cute.unroll has ")
            << trips->getZExtValue() << " iterations; max-trip-count is "
            << unsigned(maxTripCount);
        return signalPassFailure();
      }
      if (failed(loopUnrollFull(f))) {
        f.emitError("cannot unroll the loop marked cute.unroll");
        return signalPassFailure();
      }
    }
  }
};

} // namespace
