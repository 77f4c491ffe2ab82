//===- TiledMma.cpp - CuTe's TiledMMA thread-value layouts ----------------===//
#include "cute/Atom/TiledMma.h"
#include "AtomDetail.h"
#include "cute/Layout/Expected.h"

namespace cute::atom {

using layout::IntTuple;
using layout::Layout;
using layout::Tile;

namespace {

Layout compact(int64_t n) { return Layout(IntTuple(n)); }

int64_t sizeOf(const Layout &l) { return layout::size(l).value(); }

/// The operand's (row, col) modes of MNK and the thread modes of VMNK.
struct OperandModes {
  int row, col;       // of (M, N, K)
  int thrRow, thrCol; // of (V, M, N, K)
};

OperandModes modesOf(MmaOperand op) {
  switch (op) {
  case MmaOperand::A:
    return {0, 2, 1, 3};
  case MmaOperand::B:
    return {1, 2, 2, 3};
  case MmaOperand::C:
    return {0, 1, 1, 2};
  }
  return {0, 2, 1, 3};
}

const Layout &atomTV(const MmaAtomLayouts &a, MmaOperand op) {
  return op == MmaOperand::A ? a.a : op == MmaOperand::B ? a.b : a.c;
}

int64_t atomExtent(const MmaAtomLayouts &a, int mode) {
  return mode == 0 ? a.m : mode == 1 ? a.n : a.k;
}

/// atomLayoutMNK padded to rank 3 with 1:0 (make_tiled_mma's append<3>).
Layout mnkOf(const TiledMma &t) {
  Layout l = t.atomLayoutMNK;
  if (l.rank() == 0 || l.shape.isLeaf())
    l = layout::makeLayout({l});
  std::vector<Layout> modes;
  for (size_t i = 0; i < l.rank(); ++i)
    modes.push_back(l[i]);
  while (modes.size() < 3)
    modes.push_back(Layout(IntTuple(1), IntTuple(0)));
  return layout::makeLayout(modes);
}

Layout permutationMode(const TiledMma &t, const Layout &vmnk, int mode) {
  if (t.permutation[mode])
    return *t.permutation[mode];
  return compact(atomExtent(t.atom, mode) * sizeOf(vmnk[mode + 1]));
}

Tile tile2(Tile a, Tile b) { return Tile::tuple({std::move(a), std::move(b)}); }

} // namespace

const char *mmaOperandName(MmaOperand operand) {
  return operand == MmaOperand::A ? "A" : operand == MmaOperand::B ? "B" : "C";
}

Expected<Layout> tiledMmaThrLayoutVMNK(const TiledMma &t) {
  Layout mnk = mnkOf(t);
  if (mnk.rank() != 3)
    return detail::invalid("the atom layout " + t.atomLayoutMNK.str() +
                           " has rank " + std::to_string(mnk.rank()) +
                           "; a tiled MMA lays atoms over at most (M,N,K)");
  if (!mnk.isStatic())
    return detail::invalid("the atom layout " + t.atomLayoutMNK.str() +
                           " must be static");
  return layout::guard([&] { return layout::tiledProduct(t.atom.thr, mnk); });
}

Expected<int64_t> tiledMmaThreads(const TiledMma &t) {
  auto vmnk = tiledMmaThrLayoutVMNK(t);
  if (!vmnk)
    return vmnk.error();
  return sizeOf(*vmnk);
}

Expected<std::array<int64_t, 3>> tiledMmaTileMNK(const TiledMma &t) {
  auto vmnk = tiledMmaThrLayoutVMNK(t);
  if (!vmnk)
    return vmnk.error();
  std::array<int64_t, 3> r{};
  for (int i = 0; i < 3; ++i) {
    Layout p = permutationMode(t, *vmnk, i);
    if (!p.isStatic())
      return detail::invalid("the permutation of mode " + std::to_string(i) +
                             " (" + p.str() + ") must be static");
    r[i] = sizeOf(p);
    int64_t need = atomExtent(t.atom, i) * sizeOf((*vmnk)[i + 1]);
    if (r[i] % need)
      return detail::invalid(
          "the permutation of mode " + std::string(1, "MNK"[i]) + " (" +
          p.str() + ", size " + std::to_string(r[i]) +
          ") is not a multiple of the atoms' extent " + std::to_string(need));
  }
  return r;
}

Expected<Layout> tiledMmaTV(const TiledMma &t, MmaOperand operand, int64_t rows,
                            int64_t cols) {
  auto vmnkOr = tiledMmaThrLayoutVMNK(t);
  if (!vmnkOr)
    return vmnkOr.error();
  auto tileOr = tiledMmaTileMNK(t);
  if (!tileOr)
    return tileOr.error();
  const Layout &vmnk = *vmnkOr;
  OperandModes m = modesOf(operand);
  const char *dims = operand == MmaOperand::A   ? "(M,K)"
                     : operand == MmaOperand::B ? "(N,K)"
                                                : "(M,N)";
  int64_t tr = (*tileOr)[m.row], tc = (*tileOr)[m.col];
  if (rows <= 0 || cols <= 0 || rows % tr || cols % tc)
    return detail::invalid(std::string("operand ") + mmaOperandName(operand) +
                           " tile " + dims + " = (" + std::to_string(rows) +
                           "," + std::to_string(cols) +
                           ") is not a multiple of the tiled MMA's (" +
                           std::to_string(tr) + "," + std::to_string(tc) + ")");
  return layout::guard([&]() -> Layout {
    Layout ref(IntTuple(std::vector<IntTuple>{IntTuple(rows), IntTuple(cols)}));
    // thrfrg: permute, divide by the atom, (M,K) -> (Thr,Val) of the atom,
    // divide the atom grid among the thread groups.
    Tile tTile = tile2(Tile::ofLayout(permutationMode(t, vmnk, m.row)),
                       Tile::ofLayout(permutationMode(t, vmnk, m.col)));
    Layout tTensor = layout::logicalDivide(ref, tTile);
    Tile aTile = tile2(Tile::ofLayout(compact(atomExtent(t.atom, m.row))),
                       Tile::ofLayout(compact(atomExtent(t.atom, m.col))));
    Layout aTensor = layout::zippedDivide(tTensor, aTile);
    Layout tv = layout::composition(
        aTensor,
        tile2(Tile::ofLayout(atomTV(t.atom, operand)), Tile::underscore()));
    Tile thrTile =
        tile2(Tile::underscore(),
              tile2(Tile::ofLayout(compact(sizeOf(vmnk[m.thrRow]))),
                    Tile::ofLayout(compact(sizeOf(vmnk[m.thrCol])))));
    Layout thr = layout::zippedDivide(tv, thrTile);
    // (ThrV,(ThrRow,ThrCol)) -> (ThrV,(ThrM,ThrN,ThrK)) for A and B: the
    // thread group of the mode the operand does not have is broadcast.
    if (operand != MmaOperand::C) {
      int64_t s1 = sizeOf(vmnk[1]), s2 = sizeOf(vmnk[2]);
      IntTuple sh(std::vector<IntTuple>{IntTuple(s1), IntTuple(s2)});
      IntTuple st(
          std::vector<IntTuple>{IntTuple(operand == MmaOperand::A ? 1 : 0),
                                IntTuple(operand == MmaOperand::A ? 0 : 1)});
      Tile inner = tile2(Tile::ofLayout(Layout(sh, st)), Tile::underscore());
      thr = layout::composition(
          thr, tile2(tile2(Tile::underscore(), inner), Tile::underscore()));
    }
    // thread index -> (ThrV,ThrM,ThrN,ThrK).
    Layout idx2thr = layout::composition(
        Layout(IntTuple(
                   std::vector<IntTuple>{IntTuple(sizeOf(vmnk)), IntTuple(1)}),
               IntTuple(std::vector<IntTuple>{IntTuple(1), IntTuple(0)})),
        layout::rightInverse(
            layout::makeLayout({vmnk, layout::complement(vmnk)})));
    thr = layout::composition(
        thr, tile2(Tile::ofLayout(idx2thr), Tile::underscore()));
    // (thr, (FrgV, (RestRow, RestCol))) -> (thr, (FrgV, RestRow, RestCol)).
    Layout val = thr[1];
    Layout rest = val[1];
    return layout::makeLayout(
        {thr[0], layout::makeLayout({val[0], rest[0], rest[1]})});
  });
}

} // namespace cute::atom
