//===- ExpandFastExp.cpp - exp(x) afn as exp2(x * log2(e)) ----------------===//
//
// cute-expand-fast-exp: an f32 `math.exp` allowed to approximate (`afn`)
// becomes `math.exp2` of the input times log2(e), on the whole vector, so
// that the multiply stays one vector op; NVVM's lowering of an afn exp
// calls libdevice's `__nv_fast_expf` once per element instead.
//
//===----------------------------------------------------------------------===//
#include "cute/Dialect/Cute/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/TypeUtilities.h"

#include <cmath>

namespace mlir::cute {
#define GEN_PASS_DEF_CUTEEXPANDFASTEXP
#include "cute/Dialect/Cute/Transforms/Passes.h.inc"
} // namespace mlir::cute

using namespace mlir;

namespace {

struct CuteExpandFastExpPass
    : public mlir::cute::impl::CuteExpandFastExpBase<CuteExpandFastExpPass> {
  void runOnOperation() override {
    SmallVector<math::ExpOp> exps;
    getOperation()->walk([&](math::ExpOp op) {
      if (!getElementTypeOrSelf(op.getType()).isF32())
        return;
      if (bitEnumContainsAll(op.getFastmath(), arith::FastMathFlags::afn))
        exps.push_back(op);
    });
    for (math::ExpOp op : exps) {
      OpBuilder b(op);
      Location loc = op.getLoc();
      Type t = op.getType();
      // log2(e) rounded to f32: 0x3FB8AA3B.
      Attribute log2e = b.getF32FloatAttr(float(M_LOG2E));
      TypedAttr c = isa<VectorType>(t)
                        ? TypedAttr(DenseElementsAttr::get(
                              cast<ShapedType>(t), ArrayRef<Attribute>{log2e}))
                        : cast<TypedAttr>(log2e);
      Value k = arith::ConstantOp::create(b, loc, c);
      Value x = arith::MulFOp::create(b, loc, op.getOperand(), k);
      Value e = math::Exp2Op::create(b, loc, x, op.getFastmathAttr());
      op.replaceAllUsesWith(e);
      op.erase();
    }
  }
};

} // namespace
