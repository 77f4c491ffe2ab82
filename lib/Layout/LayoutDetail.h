//===- LayoutDetail.h - Helpers shared by the layout algebra sources -----===//
//
// Internal to lib/Layout: tuple manipulations that CuTe keeps in
// tuple_algorithms.hpp / underscore.hpp and that several algebra files need.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_LIB_LAYOUT_LAYOUTDETAIL_H
#define CUTE_LIB_LAYOUT_LAYOUTDETAIL_H

#include "cute/Layout/Layout.h"

namespace cute::layout::detail {

/// True for an Int leaf holding the static value v.
inline bool isConst(const IntTuple &t, int64_t v) {
  return t.isInt() && t.value().is(v);
}

/// The layout `1:0` (CuTe's Layout<_1,_0>).
inline Layout trivialLayout() { return Layout(IntTuple(1), IntTuple(0)); }

/// A layout without the congruence check (internal construction only).
inline Layout rawLayout(IntTuple shape, IntTuple stride) {
  Layout l;
  l.shape = std::move(shape);
  l.stride = std::move(stride);
  return l;
}

/// CuTe's slice/dice on one tuple: keeps the parts paired with `_` (slice)
/// or with an integer (dice); nested results are concatenated.
IntTuple sliceTuple(const IntTuple &crd, const IntTuple &t);
IntTuple diceTuple(const IntTuple &crd, const IntTuple &t);

/// zip2_by(t, guide): leaves of `guide` mark rank-2 modes of `t` to split.
IntTuple zip2By(const IntTuple &t, const IntTuple &guide);
/// zip(t0, t1): transpose of the pair (CuTe's zip(t0, t1)).
IntTuple zipPair(const IntTuple &a, const IntTuple &b);

/// A basis leaf turned into the tuple CuTe's as_arithmetic_tuple produces.
IntTuple asArithmeticTuple(const IntTuple &t);

/// CuTe's coalesce on a shape (merges adjacent leaves of equal staticness).
IntTuple coalesceShape(const IntTuple &shape);

/// coalesce_x (keeps the stride of a trailing size-1 mode; composition only).
Layout coalesceX(const Layout &l);
Layout coalesceX(const Layout &l, const IntTuple &profile);

/// transform_layout(l, t, f): f on the first rank(t) modes, the rest of l
/// appended unchanged when `keepRest`.
Layout transformLayout(const Layout &l, size_t n,
                       const std::function<Layout(const Layout &, size_t)> &f,
                       bool keepRest);

/// The guide tuple (for zip2_by) of a tile: a leaf for a layout or `_`, a
/// tuple of guides for a tuple tile.
IntTuple tileGuide(const Tile &t);

/// Applies a Layout-tiler operation through a tile the way CuTe treats a
/// tuple tiler: by mode (recursing into nested tiles), `_` keeps the mode.
/// Modes of `a` beyond the tile are appended when `keepRest`.
Layout applyTile(const Layout &a, const Tile &t, const char *op,
                 const std::function<Layout(const Layout &, const Layout &)> &f,
                 bool keepRest);

/// make_ordered_layout / compact_order.
IntTuple compactOrder(const IntTuple &shape, const IntTuple &order);

/// Scaled-basis strides (lib/Layout/BasisStrides.cpp): CuTe IR's complement
/// and inverses of layouts whose strides are basis elements `v@i` (mixed
/// with static integer 0s at most), computed per codomain direction.
/// isBasisStrideLayout: at least one basis stride, and every other stride a
/// static 0 (other mixes keep the integer algorithms, which reject them).
bool isBasisStrideLayout(const Layout &l);
Layout basisComplement(const Layout &l);
/// The complement of a basis-stride tiler extended to cover `cotarget` (the
/// shape of the divided layout), as CuTe IR's divides use it.
Layout basisComplementExtend(const Layout &l, const IntTuple &cotarget);
Layout basisRightInverse(const Layout &l);
Layout basisLeftInverse(const Layout &l);

/// Error helpers naming the operation.
[[noreturn]] void opFail(const std::string &op, const std::string &rule,
                         const std::string &operands);

} // namespace cute::layout::detail

#endif // CUTE_LIB_LAYOUT_LAYOUTDETAIL_H
