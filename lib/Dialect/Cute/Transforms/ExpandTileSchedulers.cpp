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
  // With `splits`: stream-K (splits == 0) over the grid's CTAs.
  Value streamK;       ///< i1: splits == 0
  Value perTile;       ///< splits, or 1 under stream-K (a safe divisor)
  Value bid, grid;     ///< blockIdx.x, gridDim.x
  Value begin, finish; ///< this CTA's K tiles [begin, finish) of all tiles
  Value units;         ///< i64: tiles x KT (at least 1)
};

Value constI32(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantIntOp::create(b, loc, v, 32);
}

/// Integer helpers at one location.
struct Ints {
  OpBuilder &b;
  Location loc;
  Value c(int64_t v) { return constI32(b, loc, v); }
  Value add(Value x, Value y) { return arith::AddIOp::create(b, loc, x, y); }
  Value sub(Value x, Value y) { return arith::SubIOp::create(b, loc, x, y); }
  Value mul(Value x, Value y) { return arith::MulIOp::create(b, loc, x, y); }
  Value div(Value x, Value y) { return arith::DivUIOp::create(b, loc, x, y); }
  Value rem(Value x, Value y) { return arith::RemUIOp::create(b, loc, x, y); }
  Value min(Value x, Value y) { return arith::MinUIOp::create(b, loc, x, y); }
  Value max(Value x, Value y) { return arith::MaxUIOp::create(b, loc, x, y); }
  Value sel(Value c, Value x, Value y) {
    return arith::SelectOp::create(b, loc, c, x, y);
  }
  Value wide(Value x) {
    return arith::ExtUIOp::create(b, loc, b.getI64Type(), x);
  }
  Value narrow(Value x) {
    return arith::TruncIOp::create(b, loc, b.getI32Type(), x);
  }
  /// x * y / z in 64 bits (x * y may pass 2^32), narrowed.
  Value muldiv(Value x, Value y, Value z64) {
    return narrow(arith::DivUIOp::create(
        b, loc, arith::MulIOp::create(b, loc, wide(x), wide(y)), z64));
  }
  Value ult(Value x, Value y) {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, x, y);
  }
};

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
  if (!s.splits) {
    s.positions = s.ntiles;
    return s;
  }
  Ints i{b, loc};
  s.streamK = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                    s.splits, i.c(0));
  s.perTile = i.sel(s.streamK, i.c(1), s.splits);
  s.positions = i.mul(s.ntiles, s.perTile);
  // Stream-K: CTA b's K tiles of the concatenation of all tiles' K tiles.
  auto i32 = b.getI32Type();
  s.bid = arith::IndexCastOp::create(
      b, loc, i32, gpu::BlockIdOp::create(b, loc, gpu::Dimension::x));
  s.grid = arith::IndexCastOp::create(
      b, loc, i32, gpu::GridDimOp::create(b, loc, gpu::Dimension::x));
  Value units = i.mul(i.wide(s.ntiles), i.wide(s.ktiles));
  s.units = arith::MaxUIOp::create(
      b, loc, units, arith::ConstantIntOp::create(b, loc, 1, 64));
  Value grid64 = i.wide(s.grid);
  s.begin = i.narrow(arith::DivUIOp::create(
      b, loc, arith::MulIOp::create(b, loc, i.wide(s.bid), units), grid64));
  s.finish = i.narrow(arith::DivUIOp::create(
      b, loc,
      arith::MulIOp::create(b, loc, i.wide(i.add(s.bid, i.c(1))), units),
      grid64));
  return s;
}

/// The linear tile of position p: p, or p / splits under split-K.
Value tileOf(OpBuilder &b, Location loc, const Schedule &s, Value p) {
  return s.splits ? arith::DivUIOp::create(b, loc, p, s.perTile).getResult()
                  : p;
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

/// The stream-K CTA that covers K tile `i` of the concatenation:
/// ((i + 1) W - 1) / U.
Value ownerOf(Ints &i, const Schedule &s, Value k) {
  Value w = i.mul(i.wide(i.add(k, i.c(1))), i.wide(s.grid));
  Value one = arith::ConstantIntOp::create(i.b, i.loc, 1, 64);
  return i.narrow(arith::DivUIOp::create(
      i.b, i.loc, arith::SubIOp::create(i.b, i.loc, w, one), s.units));
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
                 TileSchedulerKTilesOp, TileSchedulerSplitOp,
                 TileSchedulerSlotOp>(user)) {
          InFlightDiagnostic d =
              user->emitError("a !cute.tile_scheduler may only be read by "
                              "cute.tile_scheduler_range, _coord, _k_tiles, "
                              "_split and _slot (a helper taking it must be "
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
        if (auto range = dyn_cast<TileSchedulerRangeOp>(user);
            range && s.splits) {
          // Split-K: positions b, b + grid, ...; stream-K: the tiles this
          // CTA's K tiles fall in, [begin / KT, ceil(finish / KT)), none
          // when it has no K tiles.
          Ints i{b, loc};
          Value kt = i.max(s.ktiles, i.c(1));
          Value firstTile = i.div(s.begin, kt);
          Value lastEnd = i.div(i.add(s.finish, i.sub(kt, i.c(1))), kt);
          Value endTile = i.sel(i.ult(s.begin, s.finish), lastEnd, firstTile);
          range.getFirst().replaceAllUsesWith(
              i.sel(s.streamK, firstTile, s.bid));
          range.getEnd().replaceAllUsesWith(
              i.sel(s.streamK, endTile, s.positions));
          range.getStep().replaceAllUsesWith(
              i.sel(s.streamK, i.c(1), s.grid));
        } else if (range) {
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
            // Split j of s: [j * KT / s, (j + 1) * KT / s). Stream-K: tile
            // p's K tiles [p KT, (p + 1) KT) clipped to the CTA's
            // [begin, finish).
            Ints i{b, loc};
            Value p = kt.getIndex();
            Value j = i.rem(p, s.perTile);
            Value j1 = i.add(j, i.c(1));
            auto bound = [&](Value x) {
              return i.div(i.mul(x, s.ktiles), s.perTile);
            };
            Value first = i.mul(p, s.ktiles);
            Value last = i.add(first, s.ktiles);
            Value skBegin = i.sub(i.max(s.begin, first), first);
            Value skEnd =
                i.max(i.sub(i.min(s.finish, last), first), skBegin);
            kt.getBegin().replaceAllUsesWith(
                i.sel(s.streamK, skBegin, bound(j)));
            kt.getEnd().replaceAllUsesWith(i.sel(s.streamK, skEnd, bound(j1)));
          }
        } else if (auto slot = dyn_cast<TileSchedulerSlotOp>(user)) {
          // Split-K: the position; stream-K: b + tile (the CTAs of a tile
          // are consecutive, so are their slots).
          Ints i{b, loc};
          Value p = slot.getIndex();
          slot.getSlot().replaceAllUsesWith(
              i.sel(s.streamK, i.add(s.bid, p), p));
          slot.getSlots().replaceAllUsesWith(
              i.sel(s.streamK, i.add(s.grid, s.ntiles), s.positions));
        } else if (auto sp = dyn_cast<TileSchedulerSplitOp>(user)) {
          sp.getTile().replaceAllUsesWith(tileOf(b, loc, s, sp.getIndex()));
          if (s.splits) {
            // Stream-K: the CTAs c0 .. c1 covering tile p's K tiles are
            // its splits.
            Ints i{b, loc};
            Value p = sp.getIndex();
            Value first = i.mul(p, s.ktiles);
            Value c0 = ownerOf(i, s, first);
            Value c1 = ownerOf(i, s, i.add(first, i.sub(s.ktiles, i.c(1))));
            sp.getSplit().replaceAllUsesWith(
                i.sel(s.streamK, i.sub(s.bid, c0), i.rem(p, s.perTile)));
            sp.getCount().replaceAllUsesWith(
                i.sel(s.streamK, i.add(i.sub(c1, c0), i.c(1)), s.perTile));
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
