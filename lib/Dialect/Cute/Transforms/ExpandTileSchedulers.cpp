//===- ExpandTileSchedulers.cpp - Tile schedulers into arith --------------===//
#include "cute/Dialect/Cute/IR/Cute.h"
#include "cute/Dialect/Cute/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"

namespace mlir::cute {
#define GEN_PASS_DEF_CUTEEXPANDTILESCHEDULERS
#include "cute/Dialect/Cute/Transforms/Passes.h.inc"
} // namespace mlir::cute

using namespace mlir;
using namespace mlir::cute;

namespace {

/// The scheduler's integers, computed once where it is made.
struct Schedule {
  Value ntm, ntn, ntiles, groupTiles, group;
};

Value constI32(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantIntOp::create(b, loc, v, 32);
}

Schedule materialize(OpBuilder &b, MakeTileSchedulerOp op) {
  Location loc = op.getLoc();
  auto ceilDiv = [&](Value x, int64_t d) {
    Value dm1 = constI32(b, loc, d - 1), dc = constI32(b, loc, d);
    return arith::DivUIOp::create(b, loc, arith::AddIOp::create(b, loc, x, dm1),
                                  dc)
        .getResult();
  };
  Schedule s;
  s.ntm = ceilDiv(op.getM(), op.getTileM());
  s.ntn = ceilDiv(op.getN(), op.getTileN());
  s.ntiles = arith::MulIOp::create(b, loc, s.ntm, s.ntn);
  s.group = constI32(b, loc, op.getGroup());
  s.groupTiles = arith::MulIOp::create(b, loc, s.ntn, s.group);
  return s;
}

/// (tile_m, tile_n) of position t: groups of `group` tile rows, each swept
/// along N; the last group may have fewer rows.
std::pair<Value, Value> coordOf(OpBuilder &b, Location loc, const Schedule &s,
                                Value t) {
  Value grp = arith::DivUIOp::create(b, loc, t, s.groupTiles);
  Value firstM = arith::MulIOp::create(b, loc, grp, s.group);
  Value left = arith::SubIOp::create(b, loc, s.ntm, firstM);
  Value rows = arith::MinUIOp::create(b, loc, left, s.group);
  Value r = arith::RemUIOp::create(b, loc, t, s.groupTiles);
  Value tm = arith::AddIOp::create(b, loc, firstM,
                                   arith::RemUIOp::create(b, loc, r, rows));
  Value tn = arith::DivUIOp::create(b, loc, r, rows);
  return {tm, tn};
}

struct CuteExpandTileSchedulersPass
    : public mlir::cute::impl::CuteExpandTileSchedulersBase<
          CuteExpandTileSchedulersPass> {
  void runOnOperation() override {
    SmallVector<MakeTileSchedulerOp> makes;
    getOperation()->walk([&](MakeTileSchedulerOp op) { makes.push_back(op); });
    for (MakeTileSchedulerOp make : makes) {
      for (OpOperand &use : make->getUses()) {
        Operation *user = use.getOwner();
        if (!isa<TileSchedulerRangeOp, TileSchedulerCoordOp>(user)) {
          InFlightDiagnostic d =
              user->emitError("a !cute.tile_scheduler may only be read by "
                              "cute.tile_scheduler_range and "
                              "cute.tile_scheduler_coord (a helper taking "
                              "it must be inlined), not by '")
              << user->getName() << "'";
          d.attachNote(make.getLoc()) << "the scheduler is made here";
          return signalPassFailure();
        }
      }
      OpBuilder b(make);
      Schedule s = materialize(b, make);
      for (Operation *user : llvm::make_early_inc_range(make->getUsers())) {
        b.setInsertionPoint(user);
        Location loc = user->getLoc();
        if (auto range = dyn_cast<TileSchedulerRangeOp>(user)) {
          auto i32 = b.getI32Type();
          Value bid = arith::IndexCastOp::create(
              b, loc, i32, gpu::BlockIdOp::create(b, loc, gpu::Dimension::x));
          Value grid = arith::IndexCastOp::create(
              b, loc, i32, gpu::GridDimOp::create(b, loc, gpu::Dimension::x));
          range.getFirst().replaceAllUsesWith(bid);
          range.getEnd().replaceAllUsesWith(s.ntiles);
          range.getStep().replaceAllUsesWith(grid);
        } else {
          auto coord = cast<TileSchedulerCoordOp>(user);
          auto [tm, tn] = coordOf(b, loc, s, coord.getIndex());
          coord.getTileM().replaceAllUsesWith(tm);
          coord.getTileN().replaceAllUsesWith(tn);
        }
        user->erase();
      }
      make->erase();
    }
  }
};

} // namespace
