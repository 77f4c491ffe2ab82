//===- ExpandTileSchedulers.cpp - Tile schedulers into arith --------------===//
#include "cute/Dialect/Cute/IR/Cute.h"
#include "cute/Dialect/Cute/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

namespace mlir::cute {
#define GEN_PASS_DEF_CUTEEXPANDTILESCHEDULERS
#include "cute/Dialect/Cute/Transforms/Passes.h.inc"
} // namespace mlir::cute

using namespace mlir;
using namespace mlir::cute;

namespace {

/// The scheduler's integers, computed once where it is made.
struct Schedule {
  Value ntm, ntn, ntiles, groupTiles, group, ktiles;
  Value splits;    ///< split-K: the splits per tile; null without
  Value positions; ///< ntiles (x splits)
};

Value constI32(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantIntOp::create(b, loc, v, 32);
}

Schedule materialize(OpBuilder &b, MakeTileSchedulerOp op) {
  Location loc = op.getLoc();
  // The sums first, then the quotients (the order a hand-written kernel
  // has; ptxas's choices follow the order it is given).
  auto roundUp = [&](Value x, int64_t d) {
    return arith::AddIOp::create(b, loc, x, constI32(b, loc, d - 1))
        .getResult();
  };
  auto div = [&](Value x, int64_t d) {
    return arith::DivUIOp::create(b, loc, x, constI32(b, loc, d)).getResult();
  };
  int64_t tm = op.getTileM(), tn = op.getTileN();
  Value mUp = roundUp(op.getM(), tm), nUp = roundUp(op.getN(), tn), kUp;
  if (op.getK())
    kUp = roundUp(op.getK(), int64_t(*op.getTileK()));
  Schedule s;
  s.ntm = div(mUp, tm);
  s.ntn = div(nUp, tn);
  if (kUp)
    s.ktiles = div(kUp, int64_t(*op.getTileK()));
  s.ntiles = arith::MulIOp::create(b, loc, s.ntm, s.ntn);
  s.group = constI32(b, loc, op.getGroup());
  s.groupTiles = arith::MulIOp::create(b, loc, s.ntn, s.group);
  s.splits = op.getSplits();
  s.positions =
      s.splits ? arith::MulIOp::create(b, loc, s.ntiles, s.splits).getResult()
               : s.ntiles;
  return s;
}

/// The linear tile of position p: p, or p / splits under split-K.
Value tileOf(OpBuilder &b, Location loc, const Schedule &s, Value p) {
  return s.splits ? arith::DivUIOp::create(b, loc, p, s.splits).getResult() : p;
}

/// (tile_m, tile_n) of position p: groups of `group` tile rows, each swept
/// along N; the last group may have fewer rows.
std::pair<Value, Value> coordOf(OpBuilder &b, Location loc, const Schedule &s,
                                Value p) {
  Value t = tileOf(b, loc, s, p);
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
        if (!isa<TileSchedulerRangeOp, TileSchedulerCoordOp,
                 TileSchedulerKTilesOp, TileSchedulerSplitOp>(user)) {
          InFlightDiagnostic d =
              user->emitError("a !cute.tile_scheduler may only be read by "
                              "cute.tile_scheduler_range, _coord, _k_tiles "
                              "and _split (a helper taking it must be "
                              "inlined), not by '")
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
          // The CTA's ids are read where the kernel starts, as a
          // hand-written persistent kernel reads them.
          Region *body = range->getParentRegion();
          while (!isa<FunctionOpInterface>(body->getParentOp()) &&
                 body->getParentOp()->getParentRegion())
            body = body->getParentOp()->getParentRegion();
          b.setInsertionPointToStart(&body->front());
          auto i32 = b.getI32Type();
          Value bid = arith::IndexCastOp::create(
              b, loc, i32, gpu::BlockIdOp::create(b, loc, gpu::Dimension::x));
          Value grid = arith::IndexCastOp::create(
              b, loc, i32, gpu::GridDimOp::create(b, loc, gpu::Dimension::x));
          range.getFirst().replaceAllUsesWith(bid);
          range.getEnd().replaceAllUsesWith(s.positions);
          range.getStep().replaceAllUsesWith(grid);
        } else if (auto kt = dyn_cast<TileSchedulerKTilesOp>(user)) {
          if (!s.splits) {
            // A data-parallel schedule: every tile takes all of K.
            kt.getBegin().replaceAllUsesWith(constI32(b, loc, 0));
            kt.getEnd().replaceAllUsesWith(s.ktiles);
          } else {
            // Split j of s: [j * KT / s, (j + 1) * KT / s).
            Value j = arith::RemUIOp::create(b, loc, kt.getIndex(), s.splits);
            Value j1 = arith::AddIOp::create(b, loc, j, constI32(b, loc, 1));
            auto bound = [&](Value x) {
              return arith::DivUIOp::create(
                  b, loc, arith::MulIOp::create(b, loc, x, s.ktiles), s.splits);
            };
            kt.getBegin().replaceAllUsesWith(bound(j));
            kt.getEnd().replaceAllUsesWith(bound(j1));
          }
        } else if (auto sp = dyn_cast<TileSchedulerSplitOp>(user)) {
          sp.getTile().replaceAllUsesWith(tileOf(b, loc, s, sp.getIndex()));
          if (s.splits) {
            sp.getSplit().replaceAllUsesWith(
                arith::RemUIOp::create(b, loc, sp.getIndex(), s.splits));
            sp.getCount().replaceAllUsesWith(s.splits);
          } else {
            sp.getSplit().replaceAllUsesWith(constI32(b, loc, 0));
            sp.getCount().replaceAllUsesWith(constI32(b, loc, 1));
          }
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
