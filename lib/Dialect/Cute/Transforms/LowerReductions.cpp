//===- LowerReductions.cpp - cute.reduce to vector and gpu reductions -----===//
//
// cute-lower-reductions: a cute.reduce becomes a vector.reduction over the
// thread's elements, then gpu.subgroup_reduce (warp scope) or
// gpu.all_reduce (block scope), which cute-lower-gpu-reductions lowers to
// shuffles and shared memory. Float max/min are the NaN-propagating
// `maximumf`/`minimumf`; integer max/min are signed. Values narrower than 32
// bits cross threads widened to 32 bits. cute.mma_reduce becomes the same
// per-thread reductions and clustered gpu.subgroup_reduce ops whose lane xor
// distances its plan gives (cute/Atom/MmaReduction.h); cute.mma_broadcast a
// vector.shuffle.
//
//===----------------------------------------------------------------------===//
#include "cute/Dialect/Cute/IR/Cute.h"
#include "cute/Dialect/Cute/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

namespace mlir::cute {
#define GEN_PASS_DEF_CUTELOWERREDUCTIONS
#include "cute/Dialect/Cute/Transforms/Passes.h.inc"
} // namespace mlir::cute

using namespace mlir;
using namespace mlir::cute;

namespace {

vector::CombiningKind combining(ReduceKind k, bool isFloat) {
  switch (k) {
  case ReduceKind::add:
    return vector::CombiningKind::ADD;
  case ReduceKind::mul:
    return vector::CombiningKind::MUL;
  case ReduceKind::max:
    return isFloat ? vector::CombiningKind::MAXIMUMF
                   : vector::CombiningKind::MAXSI;
  case ReduceKind::min:
    return isFloat ? vector::CombiningKind::MINIMUMF
                   : vector::CombiningKind::MINSI;
  }
  llvm_unreachable("reduce kind");
}

gpu::AllReduceOperation acrossThreads(ReduceKind k, bool isFloat) {
  switch (k) {
  case ReduceKind::add:
    return gpu::AllReduceOperation::ADD;
  case ReduceKind::mul:
    return gpu::AllReduceOperation::MUL;
  case ReduceKind::max:
    return isFloat ? gpu::AllReduceOperation::MAXIMUMF
                   : gpu::AllReduceOperation::MAXSI;
  case ReduceKind::min:
    return isFloat ? gpu::AllReduceOperation::MINIMUMF
                   : gpu::AllReduceOperation::MINSI;
  }
  llvm_unreachable("reduce kind");
}

/// A reduction over modes of a register tensor: the tensor's elements (in
/// logical order, cute.load) combined per result element, then one
/// reduction per result element across threads.
LogicalResult lowerModes(ReduceOp op) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  ArrayRef<int32_t> modes;
  if (auto m = op.getModesAttr())
    modes = m.asArrayRef();
  std::string why;
  auto groups = ReduceOp::modeGroups(op.getValue().getType(), modes, why);
  if (failed(groups))
    return op.emitOpError(why);
  Value all = LoadOp::create(b, loc, op.getValue());
  Type elem = cast<VectorType>(all.getType()).getElementType();
  SmallVector<Value> outs;
  for (const std::vector<int64_t> &g : *groups) {
    SmallVector<Value> parts;
    for (int64_t i : g)
      parts.push_back(vector::ExtractOp::create(b, loc, all, i));
    auto vt = VectorType::get({int64_t(parts.size())}, elem);
    Value gathered = vector::FromElementsOp::create(b, loc, vt, parts);
    auto r = ReduceOp::create(b, loc, gathered, /*init=*/Value(), op.getKind(),
                              op.getScope(), DenseI32ArrayAttr());
    outs.push_back(r);
  }
  Value result = outs.front();
  if (isa<VectorType>(op.getType()))
    result = vector::FromElementsOp::create(
        b, loc, cast<VectorType>(op.getType()), outs);
  op.replaceAllUsesWith(result);
  op.erase();
  return success();
}

/// `v` converted to the wider (or equal) type `to`, and back.
Value widenTo(OpBuilder &b, Location loc, Value v, Type to, bool isFloat) {
  if (v.getType() == to)
    return v;
  return isFloat ? arith::ExtFOp::create(b, loc, to, v).getResult()
                 : arith::ExtSIOp::create(b, loc, to, v).getResult();
}
Value narrowTo(OpBuilder &b, Location loc, Value v, Type to, bool isFloat) {
  if (v.getType() == to)
    return v;
  return isFloat ? arith::TruncFOp::create(b, loc, to, v).getResult()
                 : arith::TruncIOp::create(b, loc, to, v).getResult();
}

/// The fragment's values as a vector in logical order.
Value fragmentValues(OpBuilder &b, Location loc, Value fragment) {
  if (isa<VectorType>(fragment.getType()))
    return fragment;
  return LoadOp::create(b, loc, fragment);
}

/// cute.mma_reduce: per slot (a row or column the thread holds) a
/// reduction of the thread's values of it, then one clustered
/// gpu.subgroup_reduce per run of consecutive lane bits of the plan's xor
/// distances (e.g. xor 1, 2: cluster(size = 4, stride = 1)), which
/// cute-lower-gpu-reductions turns into those butterfly shuffles.
LogicalResult lowerMmaReduce(MmaReduceOp op) {
  auto plan = op.getPlan();
  if (!plan)
    return op.emitOpError(plan.message());
  if (plan->needsSharedMemory())
    return op.emitOpError("needs shared memory: ") << plan->crossWarpReason();
  OpBuilder b(op);
  Location loc = op.getLoc();
  Value all = fragmentValues(b, loc, op.getValue());
  Type elem = cast<VectorType>(all.getType()).getElementType();
  bool isFloat = isa<FloatType>(elem);
  // Runs of consecutive powers of two: (stride, size).
  SmallVector<std::pair<uint32_t, uint32_t>> clusters;
  for (int64_t x : plan->shuffleXors) {
    if (!clusters.empty() &&
        int64_t(clusters.back().first) * clusters.back().second == x)
      clusters.back().second *= 2;
    else
      clusters.push_back({uint32_t(x), 2u});
  }
  gpu::AllReduceOperation across = acrossThreads(op.getKind(), isFloat);
  // Narrow values cross lanes in 32 bits: they are widened before the
  // thread's own combination, so an add rounds once, at the end.
  Type work = clusters.empty() || elem.getIntOrFloatBitWidth() >= 32 ? elem
              : isFloat ? Type(b.getF32Type())
                        : Type(b.getI32Type());
  SmallVector<Value> outs;
  for (int64_t j = 0; j < plan->slots; ++j) {
    SmallVector<Value> parts;
    for (int64_t v = 0; v < plan->values; ++v)
      if (plan->slotOfValue[size_t(v)] == j)
        parts.push_back(vector::ExtractOp::create(b, loc, all, v));
    Value r;
    if (parts.size() == 1) {
      r = widenTo(b, loc, parts.front(), work, isFloat);
    } else {
      auto vt = VectorType::get({int64_t(parts.size())}, elem);
      Value gathered = vector::FromElementsOp::create(b, loc, vt, parts);
      gathered = widenTo(b, loc, gathered, VectorType::get(vt.getShape(), work),
                         isFloat);
      r = vector::ReductionOp::create(b, loc, combining(op.getKind(), isFloat),
                                      gathered);
    }
    for (auto [stride, size] : clusters)
      r = gpu::SubgroupReduceOp::create(b, loc, r, across, /*uniform=*/true,
                                        size, stride);
    outs.push_back(narrowTo(b, loc, r, elem, isFloat));
  }
  Value result = vector::FromElementsOp::create(
      b, loc, cast<VectorType>(op.getType()), outs);
  op.replaceAllUsesWith(result);
  op.erase();
  return success();
}

/// cute.mma_broadcast: value v of the fragment takes its slot's value.
LogicalResult lowerMmaBroadcast(MmaBroadcastOp op) {
  auto plan = op.getPlan();
  if (!plan)
    return op.emitOpError(plan.message());
  OpBuilder b(op);
  Value r = op.getValue();
  Value spread =
      vector::ShuffleOp::create(b, op.getLoc(), r, r, plan->slotOfValue);
  op.replaceAllUsesWith(spread);
  op.erase();
  return success();
}

/// kind(init, r): the combination of a reduction's initial value with its
/// result, element-wise for vectors.
Value combineWithInit(OpBuilder &b, Location loc, ReduceKind k, Value init,
                      Value r) {
  bool isFloat = isa<FloatType>(getElementTypeOrSelf(r.getType()));
  switch (k) {
  case ReduceKind::add:
    return isFloat ? arith::AddFOp::create(b, loc, init, r).getResult()
                   : arith::AddIOp::create(b, loc, init, r).getResult();
  case ReduceKind::mul:
    return isFloat ? arith::MulFOp::create(b, loc, init, r).getResult()
                   : arith::MulIOp::create(b, loc, init, r).getResult();
  case ReduceKind::max:
    return isFloat ? arith::MaximumFOp::create(b, loc, init, r).getResult()
                   : arith::MaxSIOp::create(b, loc, init, r).getResult();
  case ReduceKind::min:
    return isFloat ? arith::MinimumFOp::create(b, loc, init, r).getResult()
                   : arith::MinSIOp::create(b, loc, init, r).getResult();
  }
  llvm_unreachable("reduce kind");
}

/// A reduction with an initial value: the reduction without it, then
/// kind(init, result).
void splitInit(ReduceOp op) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  auto r =
      ReduceOp::create(b, loc, op.getValue(), /*init=*/Value(),
                       op.getKindAttr(), op.getScopeAttr(), op.getModesAttr());
  b.setInsertionPointAfter(r);
  Value v = combineWithInit(b, loc, op.getKind(), op.getInit(), r);
  op.replaceAllUsesWith(v);
  op.erase();
}

struct CuteLowerReductionsPass
    : public mlir::cute::impl::CuteLowerReductionsBase<
          CuteLowerReductionsPass> {
  void runOnOperation() override {
    // MMA fragment rows and columns: per-thread reductions, clustered
    // subgroup reductions (the plan's shuffles) and vector shuffles.
    SmallVector<Operation *> mmaOps;
    getOperation()->walk([&](Operation *op) {
      if (isa<MmaReduceOp, MmaBroadcastOp>(op))
        mmaOps.push_back(op);
    });
    for (Operation *op : mmaOps) {
      LogicalResult r = isa<MmaReduceOp>(op)
                            ? lowerMmaReduce(cast<MmaReduceOp>(op))
                            : lowerMmaBroadcast(cast<MmaBroadcastOp>(op));
      if (failed(r))
        return signalPassFailure();
    }
    // Initial values out of the reductions.
    SmallVector<ReduceOp> withInit;
    getOperation()->walk([&](ReduceOp op) {
      if (op.getInit())
        withInit.push_back(op);
    });
    for (ReduceOp op : withInit)
      splitInit(op);
    // Reductions over modes of a tensor first: they become reductions of
    // vectors, lowered below.
    SmallVector<ReduceOp> byModes;
    getOperation()->walk([&](ReduceOp op) {
      if (isa<CuteMemRefType>(op.getValue().getType()))
        byModes.push_back(op);
    });
    for (ReduceOp op : byModes)
      if (failed(lowerModes(op)))
        return signalPassFailure();
    SmallVector<ReduceOp> ops;
    getOperation()->walk([&](ReduceOp op) { ops.push_back(op); });
    for (ReduceOp op : ops) {
      OpBuilder b(op);
      Location loc = op.getLoc();
      Value v = op.getValue();
      bool isFloat = isa<FloatType>(op.getType());
      if (isa<VectorType>(v.getType()))
        v = vector::ReductionOp::create(b, loc,
                                        combining(op.getKind(), isFloat), v);
      gpu::AllReduceOperation across = acrossThreads(op.getKind(), isFloat);
      // Shuffles move 32 bits: narrower values cross threads widened (exact
      // for max/min; add/mul then round once, at the end, from f32/i32).
      Type narrow = v.getType();
      bool widen = op.getScope() != ReduceScope::thread &&
                   narrow.getIntOrFloatBitWidth() < 32;
      if (widen)
        v = isFloat
                ? arith::ExtFOp::create(b, loc, b.getF32Type(), v).getResult()
                : arith::ExtSIOp::create(b, loc, b.getI32Type(), v).getResult();
      switch (op.getScope()) {
      case ReduceScope::thread:
        break;
      case ReduceScope::warp:
        v = gpu::SubgroupReduceOp::create(b, loc, v, across,
                                          /*uniform=*/true);
        break;
      case ReduceScope::block:
        v = gpu::AllReduceOp::create(
            b, loc, v, gpu::AllReduceOperationAttr::get(b.getContext(), across),
            /*uniform=*/true);
        // The reduction's result is read back from its shared buffer, which
        // the next execution of the same reduction overwrites: in a loop,
        // nobody may start the next one before everybody has read.
        if (op->getParentOfType<LoopLikeOpInterface>())
          gpu::BarrierOp::create(b, loc);
        break;
      }
      if (widen)
        v = isFloat ? arith::TruncFOp::create(b, loc, narrow, v).getResult()
                    : arith::TruncIOp::create(b, loc, narrow, v).getResult();
      op.replaceAllUsesWith(v);
      op.erase();
    }
  }
};

} // namespace
