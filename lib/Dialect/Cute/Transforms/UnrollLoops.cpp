//===- UnrollLoops.cpp - Full unrolling of loops marked cute.unroll -------===//
#include "cute/Dialect/Cute/IR/CuteAttrNames.h"
#include "cute/Dialect/Cute/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/IR/Matchers.h"

namespace mlir::cute {
#define GEN_PASS_DEF_CUTEUNROLLLOOPS
#include "cute/Dialect/Cute/Transforms/Passes.h.inc"
} // namespace mlir::cute

using namespace mlir;

namespace {

/// Folds a loop bound that is an operation of constants (an instance
/// parameter's `arith.divui %bn, %c64`, say) into an arith.constant, so the
/// trip count is static before canonicalization has run.
void foldBound(OpOperand &operand) {
  Value v = operand.get();
  Operation *def = v.getDefiningOp();
  if (!def || def->getNumResults() != 1 || matchPattern(v, m_Constant()))
    return;
  SmallVector<Attribute> operands;
  for (Value o : def->getOperands()) {
    Attribute a;
    if (!matchPattern(o, m_Constant(&a)))
      return;
    operands.push_back(a);
  }
  SmallVector<OpFoldResult> results;
  if (failed(def->fold(operands, results)) || results.size() != 1)
    return;
  auto value =
      dyn_cast_or_null<IntegerAttr>(dyn_cast_if_present<Attribute>(results[0]));
  if (!value || value.getType() != v.getType())
    return;
  OpBuilder b(operand.getOwner());
  operand.set(arith::ConstantOp::create(b, def->getLoc(), value));
}

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
      for (OpOperand *o : {&f.getLowerBoundMutable(), &f.getUpperBoundMutable(),
                           &f.getStepMutable()})
        foldBound(*o);
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
