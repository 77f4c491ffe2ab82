//===- Layout.h - CuTe layouts, swizzles and their algebra ------*- C++ -*-===//
//
// Layout = (Shape : Stride). Functions follow CuTe's layout.hpp,
// swizzle.hpp and layout_composed.hpp and return the same structure CuTe
// returns. Functions in this header raise AlgebraError on a violated
// precondition (the message names the operands and the rule); callers outside
// the library use the Expected wrappers in Algebra.h via `guard`.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_LAYOUT_LAYOUT_H
#define CUTE_LAYOUT_LAYOUT_H

#include "cute/Layout/IntTuple.h"

#include <optional>
#include <variant>

namespace cute::layout {

struct Layout {
  IntTuple shape;
  IntTuple stride;

  Layout() : shape(IntTuple(std::vector<IntTuple>{})), stride(shape) {}
  /// Column-major compact layout of `shape` (CuTe's make_layout(shape)).
  explicit Layout(IntTuple shape);
  /// Checks that shape and stride are congruent.
  Layout(IntTuple shape, IntTuple stride);

  size_t rank() const { return shape.rank(); }
  int depth() const { return shape.depth(); }
  bool isStatic() const { return shape.isStatic() && stride.isStatic(); }
  bool same(const Layout &o) const {
    return shape.same(o.shape) && stride.same(o.stride);
  }
  bool operator==(const Layout &o) const { return same(o); }
  bool operator!=(const Layout &o) const { return !same(o); }
  /// Mode i as a layout.
  Layout operator[](size_t i) const { return Layout(shape[i], stride[i]); }
  /// Evaluate at a coordinate (an integer index or a congruent coordinate).
  IntTuple operator()(const IntTuple &crd) const;
  /// Static evaluation at an integer index.
  int64_t eval(int64_t idx) const;
  std::string str() const;
};

/// CuTe's Swizzle<B,M,S>: yyy_msk = bits [M+S, M+S+B), zzz_msk = bits
/// [M, M+B) for S >= 0; f(x) = x ^ ((x & yyy_msk) >> S) (<< -S for S < 0).
struct Swizzle {
  int bits = 0, base = 0, shift = 0;
  Swizzle() = default;
  /// Raises AlgebraError unless B >= 0, M >= 0 and |S| >= B.
  Swizzle(int b, int m, int s);
  int64_t apply(int64_t offset) const;
  Int apply(const Int &offset) const;
  bool isIdentity() const { return bits == 0; }
  bool operator==(const Swizzle &o) const {
    return bits == o.bits && base == o.base && shift == o.shift;
  }
  std::string str() const;
};

/// CuTe's ComposedLayout<A, O, B>: x -> A(O + B(x)); A is a swizzle or a
/// layout, O an offset, B a layout.
struct ComposedLayout {
  std::variant<Swizzle, Layout> inner;
  IntTuple offset = IntTuple(0);
  Layout outer;

  bool innerIsSwizzle() const { return inner.index() == 0; }
  const Swizzle &swizzle() const { return std::get<0>(inner); }
  const Layout &innerLayout() const { return std::get<1>(inner); }
  IntTuple operator()(const IntTuple &crd) const;
  bool same(const ComposedLayout &o) const;
  std::string str() const;
};

/// A tiler (CuTe IR spelling `[4:1;_;[2:1;3:1]]`): a tuple of tiles, a
/// layout, or `_` (keep that mode). A depth-0 tile (a layout or `_`) prints
/// without brackets. NOTE (changed from the first draft): elements are
/// recursive tiles, not a flat vector of layouts; `[4;8]` is not a spelling —
/// a shape used as a tiler is converted with Tile::fromShape ((4,8) ->
/// [4:1;8:1], nested tuples -> nested tiles).
struct Tile {
  enum class Kind { Layout, Underscore, Tuple };
  Kind kind = Kind::Tuple;
  Layout layout;           // Kind::Layout
  std::vector<Tile> elems; // Kind::Tuple

  static Tile ofLayout(Layout l) {
    Tile t;
    t.kind = Kind::Layout;
    t.layout = std::move(l);
    return t;
  }
  static Tile underscore() {
    Tile t;
    t.kind = Kind::Underscore;
    return t;
  }
  static Tile tuple(std::vector<Tile> e) {
    Tile t;
    t.elems = std::move(e);
    return t;
  }
  bool isLayout() const { return kind == Kind::Layout; }
  bool isUnderscore() const { return kind == Kind::Underscore; }
  bool isTuple() const { return kind == Kind::Tuple; }
  size_t rank() const { return isTuple() ? elems.size() : 1; }
  bool same(const Tile &o) const;
  static Tile fromShape(const IntTuple &shape);
  std::string str() const;
};

// --- Queries
// ------------------------------------------------------------------
Int size(const Layout &l);
Int cosize(const Layout &l);
Int size(const ComposedLayout &l);
Int cosize(const ComposedLayout &l);

// --- Modes
// --------------------------------------------------------------------
Layout getMode(const Layout &l, const std::vector<int> &path);
Layout select(const Layout &l, const std::vector<int> &modes);
Layout groupModes(const Layout &l, size_t b, size_t e);
Layout flatten(const Layout &l);
Layout append(const Layout &l, const Layout &m);
Layout prepend(const Layout &l, const Layout &m);
/// make_layout(l0, l1, ...): the layouts as modes of one layout.
Layout makeLayout(const std::vector<Layout> &modes);
/// slice(crd, l): the modes where crd has `_`; dice keeps the others.
Layout slice(const IntTuple &crd, const Layout &l);
Layout dice(const IntTuple &crd, const Layout &l);
/// slice_and_offset: the sliced layout and the offset of the fixed part.
std::pair<Layout, IntTuple> sliceAndOffset(const IntTuple &crd,
                                           const Layout &l);

// --- Algebra
// ------------------------------------------------------------------
Layout coalesce(const Layout &l);
Layout coalesce(const Layout &l, const IntTuple &profile);
Layout filterZeros(const Layout &l);
Layout filter(const Layout &l);
Layout composition(const Layout &a, const Layout &b);
Layout composition(const Layout &a, const Tile &b);
ComposedLayout composition(const Swizzle &a, const Layout &b);
ComposedLayout composition(const ComposedLayout &a, const Layout &b);
ComposedLayout composition(const ComposedLayout &a, const Tile &b);
/// complement / right_inverse / left_inverse of a layout whose strides are
/// scaled-basis elements (`v@i`, possibly with static 0s) have no CuTe C++
/// counterpart; they follow CuTe IR: computed per codomain direction, shaped
/// like the coprofile L(0) (lib/Layout/BasisStrides.cpp). Such a layout has
/// no complement with a cotarget. Integer layouts keep CuTe C++'s results.
Layout complement(const Layout &l);
Layout complement(const Layout &l, const IntTuple &cotarget);
Layout rightInverse(const Layout &l);
Layout leftInverse(const Layout &l);

Layout logicalDivide(const Layout &a, const Layout &b);
Layout logicalDivide(const Layout &a, const Tile &b);
Layout zippedDivide(const Layout &a, const Layout &b);
Layout zippedDivide(const Layout &a, const Tile &b);
Layout tiledDivide(const Layout &a, const Layout &b);
Layout tiledDivide(const Layout &a, const Tile &b);
Layout flatDivide(const Layout &a, const Layout &b);
Layout flatDivide(const Layout &a, const Tile &b);

/// With a basis-stride block (CuTe IR): (a, composition(complement(a), b)),
/// and b must be static with integer strides. A basis-stride layout tiler of
/// a divide uses its complement extended over shape(a); a tile tiler's
/// layouts must have integer strides.
Layout logicalProduct(const Layout &a, const Layout &b);
Layout logicalProduct(const Layout &a, const Tile &b);
Layout zippedProduct(const Layout &a, const Layout &b);
Layout zippedProduct(const Layout &a, const Tile &b);
Layout tiledProduct(const Layout &a, const Layout &b);
Layout tiledProduct(const Layout &a, const Tile &b);
Layout flatProduct(const Layout &a, const Layout &b);
Layout flatProduct(const Layout &a, const Tile &b);
Layout blockedProduct(const Layout &a, const Layout &b);
Layout rakedProduct(const Layout &a, const Layout &b);

/// tile_to_shape(block, shape, order): replicate `block` to fill `shape`.
Layout tileToShape(const Layout &block, const IntTuple &shape,
                   const std::optional<IntTuple> &order = std::nullopt);
/// CuTe's UMMA::tile_to_mma_shape(atom, mma_tile_shape, order)
/// (mma_traits_sm100.hpp): the shared-memory layout of an MMA operand tile
/// `mmaTileShape` = ((MMA_M, MMA_K), M_MMAs, K_MMAs, ...) built from the
/// swizzle atom `atom` (an (M, K) block): tile_to_shape of the atom to
/// ((MMA_M, M_MMAs), (MMA_K, K_MMAs), ...) in `order`, then tiled_divide by
/// (MMA_M, MMA_K) (products of mode 0's modes): ((MMA_M, MMA_K), M_MMAs,
/// K_MMAs, ...). Mode 0 of the shape has rank 2 and the shape rank >= 3.
Layout tileToMmaShape(const Layout &atom, const IntTuple &mmaTileShape,
                      const std::optional<IntTuple> &order = std::nullopt);
Layout makeLayoutLike(const Layout &l);
Layout makeOrderedLayout(const IntTuple &shape, const IntTuple &order);
Layout makeIdentityLayout(const IntTuple &shape);
/// recast_layout<Old,New>: reinterpret a layout of `oldBits` elements as one
/// of `newBits` elements (upcast when newBits > oldBits, downcast otherwise).
Layout recast(const Layout &l, int oldBits, int newBits);
Layout upcast(const Layout &l, int64_t n);
Layout downcast(const Layout &l, int64_t n);
/// max_common_layout / max_common_vector(a, b) and max_alignment(l).
Layout maxCommonLayout(const Layout &a, const Layout &b);
Int maxCommonVector(const Layout &a, const Layout &b);
Int maxAlignment(const Layout &l);

// --- Tuple forms of the mode operations (lib/Layout/TupleOps.cpp) -----------
/// slice/dice on a plain tuple: keep the parts paired with `_` / integers.
IntTuple sliceIntTuple(const IntTuple &crd, const IntTuple &t);
IntTuple diceIntTuple(const IntTuple &crd, const IntTuple &t);
/// group_modes<b, e> on a tuple.
IntTuple groupModes(const IntTuple &t, size_t b, size_t e);
/// select<modes...> on a tuple (always a tuple).
IntTuple selectModes(const IntTuple &t, const std::vector<int> &modes);
/// The shape of a tiler: per mode the layout's shape; `_` is rejected.
IntTuple tileShape(const Tile &t);

} // namespace cute::layout

#endif // CUTE_LAYOUT_LAYOUT_H
