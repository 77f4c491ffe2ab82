//===- FastMath.cpp - Approximate math functions and division -------------===//
//
// cute-fast-math: marks the floating-point math functions and divisions
// `afn` so that the NVVM lowering chooses the approximate PTX forms
// (ex2.approx, lg2.approx, div.approx) over libdevice's accurate ones.
//
//===----------------------------------------------------------------------===//
#include "cute/Dialect/Cute/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"

namespace mlir::cute {
#define GEN_PASS_DEF_CUTEFASTMATH
#include "cute/Dialect/Cute/Transforms/Passes.h.inc"
} // namespace mlir::cute

using namespace mlir;

namespace {

struct CuteFastMathPass
    : public mlir::cute::impl::CuteFastMathBase<CuteFastMathPass> {
  void runOnOperation() override {
    getOperation()->walk([](Operation *op) {
      if (!isa<math::ExpOp, math::Exp2Op, math::LogOp, math::Log2Op,
               math::Log10Op, math::SinOp, math::CosOp, math::TanOp,
               math::TanhOp, math::RsqrtOp, math::SqrtOp, math::PowFOp,
               arith::DivFOp>(op))
        return;
      auto fm = dyn_cast<arith::ArithFastMathInterface>(op);
      if (!fm)
        return;
      arith::FastMathFlags flags = arith::FastMathFlags::none;
      if (arith::FastMathFlagsAttr old = fm.getFastMathFlagsAttr())
        flags = old.getValue();
      op->setAttr(fm.getFastMathAttrName(),
                  arith::FastMathFlagsAttr::get(
                      op->getContext(), flags | arith::FastMathFlags::afn));
    });
  }
};

} // namespace
