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
  // With `splits`: stream-K (splits == 0) over the grid's CTAs, after
  // `dpWaves` data-parallel waves (see materialize).
  Value streamK;          ///< i1: splits == 0
  Value perTile;          ///< splits, or 1 under stream-K (a safe divisor)
  Value bid, grid;        ///< blockIdx.x, gridDim.x
  Value kt;               ///< max(KT, 1)
  Value dpWaves, dpTiles; ///< data-parallel waves, their tiles
  Value begin, finish;    ///< this CTA's stream-K K tiles [begin, finish)
  Value units;            ///< i64: the stream-K K tiles (at least 1)
  Value firstSk, skCount; ///< the stream-K tiles this CTA touches
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
  s.streamK =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, s.splits, i.c(0));
  s.perTile = i.sel(s.streamK, i.c(1), s.splits);
  s.positions = i.mul(s.ntiles, s.perTile);
  // Stream-K after data-parallel waves (CUTLASS's DP + SK): with T tiles
  // on W CTAs, T / W - 1 full waves are data-parallel (all of them when W
  // divides T) and the rest, T mod W + W tiles (T when T < W), is shared
  // evenly: CTA b takes K tiles [b U / W, (b + 1) U / W) of their
  // concatenation (U = those tiles x KT, at least W when there were full
  // waves). The data-parallel waves keep the rasterization's L2 reuse; the
  // stream-K tail has no partial wave.
  auto i32 = b.getI32Type();
  s.bid = arith::IndexCastOp::create(
      b, loc, i32, gpu::BlockIdOp::create(b, loc, gpu::Dimension::x));
  s.grid = arith::IndexCastOp::create(
      b, loc, i32, gpu::GridDimOp::create(b, loc, gpu::Dimension::x));
  s.kt = i.max(s.ktiles, i.c(1));
  Value full = i.div(s.ntiles, s.grid);
  Value rem = i.rem(s.ntiles, s.grid);
  Value hasRem = i.ult(i.c(0), rem);
  Value fullMinus1 = i.sel(i.ult(i.c(0), full), i.sub(full, i.c(1)), i.c(0));
  s.dpWaves = i.sel(hasRem, fullMinus1, full);
  s.dpTiles = i.mul(s.dpWaves, s.grid);
  Value skTiles = i.sub(s.ntiles, s.dpTiles);
  Value units = i.mul(i.wide(skTiles), i.wide(s.ktiles));
  s.units = arith::MaxUIOp::create(b, loc, units,
                                   arith::ConstantIntOp::create(b, loc, 1, 64));
  Value grid64 = i.wide(s.grid);
  s.begin = i.narrow(arith::DivUIOp::create(
      b, loc, arith::MulIOp::create(b, loc, i.wide(s.bid), units), grid64));
  s.finish = i.narrow(arith::DivUIOp::create(
      b, loc,
      arith::MulIOp::create(b, loc, i.wide(i.add(s.bid, i.c(1))), units),
      grid64));
  s.firstSk = i.div(s.begin, s.kt);
  Value lastEnd = i.div(i.add(s.finish, i.sub(s.kt, i.c(1))), s.kt);
  s.skCount =
      i.sel(i.ult(s.begin, s.finish), i.sub(lastEnd, s.firstSk), i.c(0));
  return s;
}

/// Under stream-K, position v of a CTA is data-parallel tile b + v W for
/// v < dpWaves, else stream-K tile dpTiles + firstSk + (v - dpWaves).
Value isDataParallel(Ints &i, const Schedule &s, Value v) {
  return i.ult(v, s.dpWaves);
}
Value streamKTile(Ints &i, const Schedule &s, Value v) {
  Value dp = i.add(s.bid, i.mul(v, s.grid));
  Value sk = i.add(i.add(s.dpTiles, s.firstSk), i.sub(v, s.dpWaves));
  return i.sel(isDataParallel(i, s, v), dp, sk);
}

/// Where a stream-K position's tile starts in the stream-K concatenation
/// of K tiles (meaningless for a data-parallel position).
Value streamKFirst(Ints &i, const Schedule &s, Value v) {
  return i.mul(i.sub(streamKTile(i, s, v), s.dpTiles), s.ktiles);
}

/// The linear tile of position p: p, p / splits under split-K, the mapping
/// above under stream-K.
Value tileOf(OpBuilder &b, Location loc, const Schedule &s, Value p) {
  if (!s.splits)
    return p;
  Ints i{b, loc};
  return i.sel(s.streamK, streamKTile(i, s, p), i.div(p, s.perTile));
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

/// The stream-K CTA that covers K tile `k` of the stream-K concatenation:
/// ((k + 1) W - 1) / U.
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
          // Split-K: positions b, b + grid, ...; stream-K: the CTA's
          // data-parallel tiles, then the stream-K tiles its K tiles fall
          // in (positions 0 .. dpWaves + skCount, step 1).
          Ints i{b, loc};
          range.getFirst().replaceAllUsesWith(i.sel(s.streamK, i.c(0), s.bid));
          range.getEnd().replaceAllUsesWith(
              i.sel(s.streamK, i.add(s.dpWaves, s.skCount), s.positions));
          range.getStep().replaceAllUsesWith(i.sel(s.streamK, i.c(1), s.grid));
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
            // Split j of s: [j * KT / s, (j + 1) * KT / s). Stream-K: all
            // of a data-parallel tile; a stream-K tile's K tiles clipped to
            // the CTA's [begin, finish) of the stream-K concatenation.
            Ints i{b, loc};
            Value p = kt.getIndex();
            Value j = i.rem(p, s.perTile);
            Value j1 = i.add(j, i.c(1));
            auto bound = [&](Value x) {
              return i.div(i.mul(x, s.ktiles), s.perTile);
            };
            Value dp = isDataParallel(i, s, p);
            Value first = streamKFirst(i, s, p);
            Value last = i.add(first, s.ktiles);
            Value skBegin = i.sub(i.max(s.begin, first), first);
            Value skEnd = i.max(i.sub(i.min(s.finish, last), first), skBegin);
            Value streamBegin = i.sel(dp, i.c(0), skBegin);
            Value streamEnd = i.sel(dp, s.ktiles, skEnd);
            kt.getBegin().replaceAllUsesWith(
                i.sel(s.streamK, streamBegin, bound(j)));
            kt.getEnd().replaceAllUsesWith(
                i.sel(s.streamK, streamEnd, bound(j1)));
          }
        } else if (auto slot = dyn_cast<TileSchedulerSlotOp>(user)) {
          // Split-K: the position; stream-K: b + tile (the CTAs of a tile
          // are consecutive, so are their slots).
          Ints i{b, loc};
          Value p = slot.getIndex();
          Value sk = i.add(s.bid, streamKTile(i, s, p));
          slot.getSlot().replaceAllUsesWith(i.sel(s.streamK, sk, p));
          slot.getSlots().replaceAllUsesWith(
              i.sel(s.streamK, i.add(s.grid, s.ntiles), s.positions));
        } else if (auto sp = dyn_cast<TileSchedulerSplitOp>(user)) {
          sp.getTile().replaceAllUsesWith(tileOf(b, loc, s, sp.getIndex()));
          if (s.splits) {
            // Stream-K: a data-parallel tile is one split; the CTAs
            // c0 .. c1 covering a stream-K tile's K tiles are its splits.
            Ints i{b, loc};
            Value p = sp.getIndex();
            Value dp = isDataParallel(i, s, p);
            Value first = streamKFirst(i, s, p);
            Value c0 = ownerOf(i, s, first);
            Value c1 = ownerOf(i, s, i.add(first, i.sub(s.ktiles, i.c(1))));
            Value skSplit = i.sel(dp, i.c(0), i.sub(s.bid, c0));
            Value skCount = i.sel(dp, i.c(1), i.add(i.sub(c1, c0), i.c(1)));
            sp.getSplit().replaceAllUsesWith(
                i.sel(s.streamK, skSplit, i.rem(p, s.perTile)));
            sp.getCount().replaceAllUsesWith(
                i.sel(s.streamK, skCount, s.perTile));
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
