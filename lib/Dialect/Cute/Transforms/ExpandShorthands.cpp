//===- ExpandShorthands.cpp - Scalar shorthands to arith/vector/gpu -------===//
//
// cute-expand-shorthands: cute.constants to arith.constant, the i32 grid
// indices to gpu index ops and an index_cast, and the element-wise ops with
// a scalar operand to vector.broadcast and the arith op (CuteScalarOps.td).
//
//===----------------------------------------------------------------------===//
#include "cute/Dialect/Cute/IR/Cute.h"
#include "cute/Dialect/Cute/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/TypeUtilities.h"

namespace mlir::cute {
#define GEN_PASS_DEF_CUTEEXPANDSHORTHANDS
#include "cute/Dialect/Cute/Transforms/Passes.h.inc"
} // namespace mlir::cute

using namespace mlir;
using namespace mlir::cute;

namespace {

gpu::Dimension gpuDim(Dim d) {
  switch (d) {
  case Dim::x:
    return gpu::Dimension::x;
  case Dim::y:
    return gpu::Dimension::y;
  case Dim::z:
    return gpu::Dimension::z;
  }
  llvm_unreachable("dimension");
}

/// The gpu op of a grid index op (index-typed), or null.
Value gpuIndex(OpBuilder &b, Operation *op) {
  Location loc = op->getLoc();
  if (auto t = dyn_cast<ThreadIdxOp>(op))
    return gpu::ThreadIdOp::create(b, loc, gpuDim(t.getDimension()));
  if (auto t = dyn_cast<BlockIdxOp>(op))
    return gpu::BlockIdOp::create(b, loc, gpuDim(t.getDimension()));
  if (auto t = dyn_cast<BlockDimOp>(op))
    return gpu::BlockDimOp::create(b, loc, gpuDim(t.getDimension()));
  if (auto t = dyn_cast<GridDimOp>(op))
    return gpu::GridDimOp::create(b, loc, gpuDim(t.getDimension()));
  if (isa<LaneIdxOp>(op))
    return gpu::LaneIdOp::create(b, loc, /*upper_bound=*/IntegerAttr());
  return Value();
}

/// The arith op of an element-wise op on operands of one type, or null.
Value elementwise(OpBuilder &b, Operation *op, Value l, Value r) {
  Location loc = op->getLoc();
  bool isFloat = isa<FloatType>(getElementTypeOrSelf(l.getType()));
  auto pick = [&](auto floatTag, auto intTag) -> Value {
    using F = decltype(floatTag);
    using I = decltype(intTag);
    if (isFloat)
      return F::create(b, loc, l, r).getResult();
    return I::create(b, loc, l, r).getResult();
  };
  if (isa<AddOp>(op))
    return pick(arith::AddFOp(), arith::AddIOp());
  if (isa<SubOp>(op))
    return pick(arith::SubFOp(), arith::SubIOp());
  if (isa<MulOp>(op))
    return pick(arith::MulFOp(), arith::MulIOp());
  if (isa<DivOp>(op))
    return pick(arith::DivFOp(), arith::DivSIOp());
  if (isa<MaxOp>(op))
    return pick(arith::MaximumFOp(), arith::MaxSIOp());
  if (isa<MinOp>(op))
    return pick(arith::MinimumFOp(), arith::MinSIOp());
  return Value();
}

struct CuteExpandShorthandsPass
    : public mlir::cute::impl::CuteExpandShorthandsBase<
          CuteExpandShorthandsPass> {
  void runOnOperation() override {
    SmallVector<Operation *> ops;
    getOperation()->walk([&](Operation *op) {
      if (isa<ConstantsOp, ThreadIdxOp, BlockIdxOp, BlockDimOp, GridDimOp,
              LaneIdxOp, AddOp, SubOp, MulOp, DivOp, MaxOp, MinOp>(op))
        ops.push_back(op);
    });
    for (Operation *op : ops) {
      OpBuilder b(op);
      Location loc = op->getLoc();
      SmallVector<Value> repl;
      if (auto c = dyn_cast<ConstantsOp>(op)) {
        for (Attribute v : c.getValues())
          repl.push_back(arith::ConstantOp::create(b, loc, cast<TypedAttr>(v)));
      } else if (Value idx = gpuIndex(b, op)) {
        repl.push_back(arith::IndexCastOp::create(b, loc, b.getI32Type(), idx));
      } else {
        Value l = op->getOperand(0), r = op->getOperand(1);
        Type t = op->getResult(0).getType();
        if (l.getType() != t)
          l = vector::BroadcastOp::create(b, loc, t, l);
        if (r.getType() != t)
          r = vector::BroadcastOp::create(b, loc, t, r);
        repl.push_back(elementwise(b, op, l, r));
      }
      op->replaceAllUsesWith(repl);
      op->erase();
    }
  }
};

} // namespace
