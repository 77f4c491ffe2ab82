//===- TiledCopy.cpp - CuTe's TiledCopy partitioning and retiling ---------===//
#include "cute/Atom/TiledCopy.h"
#include "AtomDetail.h"
#include "cute/Layout/Expected.h"

namespace cute::atom {

using layout::Int;
using layout::IntTuple;
using layout::Layout;
using layout::Tile;

namespace {

int64_t sizeOf(const Layout &l) { return layout::size(l).value(); }

Tile tile2(Tile a, Tile b) { return Tile::tuple({std::move(a), std::move(b)}); }

/// zip of a rank-2 layout of rank-2 modes: ((a,b),(c,d)) -> ((a,c),(b,d)).
Layout zip2(const Layout &l) {
  return layout::makeLayout({layout::makeLayout({l[0][0], l[1][0]}),
                             layout::makeLayout({l[0][1], l[1][1]})});
}

/// (src-or-dst thread, value) -> (thread, value) of the reference.
Layout refToSide(const TiledCopy &t, CopySide side) {
  return layout::composition(layout::rightInverse(t.atom.ref),
                             side == CopySide::Src ? t.atom.src : t.atom.dst);
}

/// tile2thrfrg: `tensor` is ((TileM,TileN),(RestM,RestN)).
Layout tileToThrFrg(const TiledCopy &t, const Layout &tensor,
                    const Layout &ref2trg) {
  IntTuple atomShape{IntTuple(sizeOf(t.atom.ref[0])),
                     IntTuple(sizeOf(t.atom.ref[1]))};
  // ((atom_tid,atom_val),(rest_tid,rest_val)) -> (m,n)
  Layout atomTV = layout::zippedDivide(t.layoutTV, Tile::fromShape(atomShape));
  // ((trg_tid,trg_val),(rest_tid,rest_val)) -> (m,n)
  Layout trgTV = layout::composition(
      atomTV, tile2(Tile::ofLayout(ref2trg), Tile::underscore()));
  // ((trg_tid,rest_tid),(trg_val,rest_val)) -> (m,n)
  IntTuple profile{IntTuple(1), IntTuple{IntTuple(1), IntTuple(1)}};
  Layout thrval2mn = layout::coalesce(zip2(trgTV), profile);
  Layout tv = layout::composition(
      tensor, tile2(Tile::ofLayout(thrval2mn), Tile::underscore()));
  return layout::makeLayout({tv[0][0], tv[0][1], tv[1]});
}

} // namespace

Expected<CopyTraits> copyValLayouts(const CopyTraits &bits, unsigned elemBits) {
  if (elemBits == 0)
    return detail::invalid("cannot recast the " + bits.name +
                           " layouts to 0-bit elements");
  return layout::guard([&] {
    CopyTraits v = bits;
    v.src = layout::upcast(bits.src, elemBits);
    v.dst = layout::upcast(bits.dst, elemBits);
    v.ref = layout::upcast(bits.ref, elemBits);
    return v;
  });
}

Expected<TiledCopy> makeTiledCopyMma(const CopyTraits &atomVals,
                                     const TiledMma &mma, MmaOperand operand) {
  auto tile = tiledMmaTileMNK(mma);
  if (!tile)
    return tile.error();
  int row = operand == MmaOperand::B ? 1 : 0;
  int col = operand == MmaOperand::C ? 1 : 2;
  int64_t rows = (*tile)[row], cols = (*tile)[col];
  auto tv = tiledMmaTV(mma, operand, rows, cols);
  if (!tv)
    return tv.error();
  TiledCopy t{atomVals, *tv, IntTuple{IntTuple(rows), IntTuple(cols)}};
  int64_t thr = sizeOf((*tv)[0]), val = sizeOf((*tv)[1]);
  int64_t athr = sizeOf(atomVals.ref[0]), aval = sizeOf(atomVals.ref[1]);
  std::string what = std::string("the tiled MMA's ") + mmaOperandName(operand) +
                     " step (" + std::to_string(rows) + "x" +
                     std::to_string(cols) + ")";
  if (thr % athr)
    return detail::invalid(what + " has " + std::to_string(thr) +
                           " threads, not a multiple of the " +
                           std::to_string(athr) + " of " + atomVals.name);
  if (val % aval)
    return detail::invalid(what + " gives each thread " + std::to_string(val) +
                           " values, not a multiple of the " +
                           std::to_string(aval) + " one " + atomVals.name +
                           " moves per thread");
  return t;
}

int64_t atomValues(const TiledCopy &t, CopySide side) {
  return sizeOf((side == CopySide::Src ? t.atom.src : t.atom.dst)[1]);
}

Expected<Layout> tiledCopyThrFrg(const TiledCopy &t, CopySide side,
                                 const Layout &tensor) {
  if (tensor.shape.isInt() || tensor.rank() != 2 || !tensor.shape.isStatic())
    return detail::invalid("a tiled copy partitions a rank-2 tile with a "
                           "static shape, not " +
                           tensor.str());
  for (int i = 0; i < 2; ++i) {
    int64_t e = layout::product(tensor.shape[i]).value();
    int64_t tl = t.tiler[i].value().value();
    if (e % tl)
      return detail::invalid("the tile " + tensor.str() +
                             " is not a multiple of the tiled " + "copy's (" +
                             t.tiler[0].str() + "," + t.tiler[1].str() +
                             ") in mode " + std::to_string(i));
  }
  return layout::guard([&] {
    Layout zd = layout::zippedDivide(tensor, Tile::fromShape(t.tiler));
    return tileToThrFrg(t, zd, refToSide(t, side));
  });
}

Expected<layout::TensorView> tiledCopyPartition(const TiledCopy &t,
                                                CopySide side,
                                                const Layout &tensor,
                                                const Int &tid) {
  auto tf = tiledCopyThrFrg(t, side, tensor);
  if (!tf)
    return tf.error();
  return layout::guard([&] {
    IntTuple crd{IntTuple(tid), IntTuple::underscore(),
                 IntTuple{IntTuple::underscore(), IntTuple::underscore()}};
    auto [vals, off] = layout::sliceAndOffset(crd, *tf);
    return layout::TensorView{vals, off};
  });
}

Expected<Layout> tiledCopyRetile(const TiledCopy &t, const Layout &frag) {
  if (frag.shape.isInt() || frag.rank() != 3 || !frag.isStatic())
    return detail::invalid("retile takes a static fragment of rank 3 "
                           "(values, RestM, RestN), not " +
                           frag.str());
  int64_t v = sizeOf(frag[0]);
  int64_t tval = sizeOf(t.layoutTV[1]);
  int64_t aval = sizeOf(t.atom.ref[1]);
  if (v % aval || tval % v)
    return detail::invalid(
        "retile: mode 0 of the fragment " + frag.str() + " holds " +
        std::to_string(v) +
        " values per thread; it must be a multiple of the " +
        std::to_string(aval) + " one " + t.atom.name +
        " moves and divide the " + std::to_string(tval) +
        " of one tiled-copy step (the (V, RestM, RestN) shape of the MMA's "
        "partition)");
  return layout::guard([&] {
    int64_t thr = sizeOf(t.layoutTV[0]);
    // (m,n) -> v_idx: the shape and order of the V values in layoutTV.
    Layout mn = layout::upcast(
        layout::composition(layout::rightInverse(t.layoutTV), Layout(t.tiler)),
        thr * v);
    // (atom_vals, rest_vals) -> (v, m, n)
    Layout frgV = layout::zippedDivide(
        layout::logicalProduct(Layout(IntTuple(v)), layout::rightInverse(mn)),
        Layout(IntTuple(aval)));
    // ((TileV,TileM,TileN,...),(1,RestM,RestN,...))
    IntTuple tiler =
        layout::prepend(layout::productEach(mn.shape), IntTuple(v));
    Layout tt = layout::zippedDivide(frag, Tile::fromShape(tiler));
    Layout vt = layout::composition(
        tt, tile2(Tile::ofLayout(frgV), Tile::underscore()));
    std::vector<IntTuple> rest{IntTuple(0)};
    for (size_t i = 1; i < frag.rank(); ++i)
      rest.push_back(IntTuple::underscore());
    IntTuple crd{IntTuple::underscore(), IntTuple(std::move(rest))};
    return layout::slice(crd, vt);
  });
}

} // namespace cute::atom
