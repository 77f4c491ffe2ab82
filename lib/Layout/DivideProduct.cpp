//===- DivideProduct.cpp - divides, products and layout constructors ------===//
//
// CuTe's logical/zipped/tiled/flat divides and products, blocked/raked
// products, tile_to_shape, ordered/identity layouts, recasts and the
// max_common_* / max_alignment queries (layout.hpp, stride.hpp).
//
//===----------------------------------------------------------------------===//
#include "LayoutDetail.h"

namespace cute::layout {

using namespace detail;

// --- divides
// -----------------------------------------------------------------------

Layout logicalDivide(const Layout &a, const Layout &b) {
  // A tiler with basis strides (CuTe C++ has no complement for it) divides as
  // in CuTe IR: its per-direction complement, extended over shape(a).
  if (isBasisStrideLayout(b))
    return composition(a, makeLayout({b, basisComplementExtend(b, a.shape)}));
  Layout c = complement(b, coalesce(a).shape);
  return composition(a, makeLayout({b, c}));
}

static bool anyBasisStride(const Layout &l) {
  bool b = false;
  l.stride.forEachLeaf([&](const IntTuple &d) { b |= d.isBasis(); });
  return b;
}

// The layouts of a tile tiler must have integer strides (CuTe IR rejects a
// basis-stride layout inside a tile; only a whole-layout tiler may have them).
static void checkIntegerTile(const Tile &t, const char *op,
                             std::vector<int> &path) {
  if (t.isLayout() && anyBasisStride(t.layout)) {
    std::string p;
    for (size_t i = 0; i < path.size(); ++i)
      p += (i ? ", " : "") + std::to_string(path[i]);
    fail(std::string(op) +
         ": the layouts of a tile tiler must have integer strides, but got " +
         t.layout.str() + " at mode path [" + p + "]");
  }
  for (size_t i = 0; i < t.elems.size(); ++i) {
    path.push_back(int(i));
    checkIntegerTile(t.elems[i], op, path);
    path.pop_back();
  }
}

static void checkIntegerTile(const Tile &t, const char *op) {
  std::vector<int> path;
  checkIntegerTile(t, op, path);
}

Layout logicalDivide(const Layout &a, const Tile &b) {
  checkIntegerTile(b, "logical_divide");
  return applyTile(
      a, b, "logical_divide",
      [](const Layout &x, const Layout &y) { return logicalDivide(x, y); },
      true);
}

static Layout tileUnzip(const Layout &l, const IntTuple &guide) {
  return rawLayout(zip2By(l.shape, guide), zip2By(l.stride, guide));
}

Layout zippedDivide(const Layout &a, const Layout &b) {
  return tileUnzip(logicalDivide(a, b), IntTuple(0));
}

Layout zippedDivide(const Layout &a, const Tile &b) {
  return tileUnzip(logicalDivide(a, b), tileGuide(b));
}

static IntTuple underscores(size_t n) {
  return repeat(n, IntTuple::underscore());
}

// result(_, repeat<R1>(_)): the tile mode followed by the rest modes.
static Layout tiledFromZipped(const Layout &z) {
  IntTuple crd{IntTuple::underscore(), underscores(z.shape[1].rank())};
  return slice(crd, z);
}

// result(repeat<R0>(_), repeat<R1>(_)): all tile modes, then all rest modes.
static Layout flatFromZipped(const Layout &z) {
  IntTuple crd{underscores(z.shape[0].rank()), underscores(z.shape[1].rank())};
  return slice(crd, z);
}

Layout tiledDivide(const Layout &a, const Layout &b) {
  return tiledFromZipped(zippedDivide(a, b));
}
Layout tiledDivide(const Layout &a, const Tile &b) {
  return tiledFromZipped(zippedDivide(a, b));
}
Layout flatDivide(const Layout &a, const Layout &b) {
  return flatFromZipped(zippedDivide(a, b));
}
Layout flatDivide(const Layout &a, const Tile &b) {
  return flatFromZipped(zippedDivide(a, b));
}

// --- products
// ------------------------------------------------------------------------

Layout logicalProduct(const Layout &a, const Layout &b) {
  // A block with basis strides (no CuTe C++ counterpart) follows CuTe IR:
  // the tiler is composed with the intrinsic per-direction complement.
  if (isBasisStrideLayout(a)) {
    if (anyBasisStride(b))
      opFail("logical_product",
             "the tiler must have integer strides (basis strides are not "
             "supported in the tiler)",
             "block " + a.str() + ", tiler " + b.str());
    if (!b.isStatic())
      opFail("logical_product",
             "the tiler must be static when the block has basis strides",
             "block " + a.str() + ", tiler " + b.str());
    return makeLayout({a, composition(complement(a), b)});
  }
  Layout c = complement(a, IntTuple(size(a) * cosize(b)));
  return makeLayout({a, composition(c, b)});
}

Layout logicalProduct(const Layout &a, const Tile &b) {
  return applyTile(
      a, b, "logical_product",
      [](const Layout &x, const Layout &y) { return logicalProduct(x, y); },
      true);
}

Layout zippedProduct(const Layout &a, const Layout &b) {
  return tileUnzip(logicalProduct(a, b), IntTuple(0));
}
Layout zippedProduct(const Layout &a, const Tile &b) {
  return tileUnzip(logicalProduct(a, b), tileGuide(b));
}
Layout tiledProduct(const Layout &a, const Layout &b) {
  return tiledFromZipped(zippedProduct(a, b));
}
Layout tiledProduct(const Layout &a, const Tile &b) {
  return tiledFromZipped(zippedProduct(a, b));
}
Layout flatProduct(const Layout &a, const Layout &b) {
  return flatFromZipped(zippedProduct(a, b));
}
Layout flatProduct(const Layout &a, const Tile &b) {
  return flatFromZipped(zippedProduct(a, b));
}

// append<N>(layout): pads with 1:0 modes up to rank n (a leaf stays a leaf
// for n == 1).
static Layout appendToRank(const Layout &l, size_t n) {
  if (l.rank() > n)
    fail("append: " + l.str() + " already has more than " + std::to_string(n) +
         " modes");
  if (!l.shape.isTuple() && n == 1)
    return l;
  if (l.shape.isTuple() && l.rank() == n)
    return l;
  return rawLayout(appendTo(l.shape, n, IntTuple(1)),
                   appendTo(l.stride, n, IntTuple(0)));
}

static Layout zipLayouts(const Layout &x, const Layout &y) {
  return rawLayout(zipPair(x.shape, y.shape), zipPair(x.stride, y.stride));
}

Layout blockedProduct(const Layout &a, const Layout &b) {
  size_t r = std::max(a.rank(), b.rank());
  Layout res = logicalProduct(appendToRank(a, r), appendToRank(b, r));
  return zipLayouts(res[0], res[1]);
}

Layout rakedProduct(const Layout &a, const Layout &b) {
  size_t r = std::max(a.rank(), b.rank());
  Layout res = logicalProduct(appendToRank(a, r), appendToRank(b, r));
  return zipLayouts(res[1], res[0]);
}

static IntTuple productEachMode(const IntTuple &t) {
  if (!t.isTuple())
    return IntTuple(product(t));
  std::vector<IntTuple> r;
  for (auto &e : t.elements())
    r.push_back(IntTuple(product(e)));
  return IntTuple(std::move(r));
}

Layout tileToShape(const Layout &block, const IntTuple &shape,
                   const std::optional<IntTuple> &order) {
  std::string operands = "block " + block.str() + ", shape " + shape.str();
  if (block.rank() > shape.rank())
    opFail("tile_to_shape",
           "the rank of the block must be <= the rank of the "
           "target shape",
           operands);
  Layout padded = appendToRank(block, shape.rank());
  IntTuple blockShape = productEachMode(padded.shape);
  IntTuple targetShape = productEachMode(shape);
  if (targetShape.isStatic() && blockShape.isStatic()) {
    for (size_t i = 0; i < targetShape.rank(); ++i) {
      int64_t t = targetShape[i].value().value(),
              b = blockShape[i].value().value();
      if (b == 0 || t % b != 0)
        opFail("tile_to_shape",
               "the block shape does not divide the target shape", operands);
    }
  }
  IntTuple productShape = ceilDiv(targetShape, blockShape);
  Layout tiler =
      order ? makeOrderedLayout(productShape, *order) : Layout(productShape);
  return blockedProduct(padded, tiler);
}

Layout tileToMmaShape(const Layout &atom, const IntTuple &mmaTileShape,
                      const std::optional<IntTuple> &order) {
  std::string operands =
      "atom " + atom.str() + ", MMA tile shape " + mmaTileShape.str();
  if (!mmaTileShape.isTuple() || mmaTileShape.rank() < 3 ||
      !mmaTileShape[0].isTuple() || mmaTileShape[0].rank() != 2)
    opFail("tile_to_mma_shape",
           "the MMA tile shape is ((MMA_M, MMA_K), M_MMAs, K_MMAs, ...): "
           "rank >= 3 with a rank-2 mode 0",
           operands);
  // ((MMA_M, M_MMAs), (MMA_K, K_MMAs), rest...), as CuTe's
  // tuple_cat(zip(shape<0>, take<1,3>), take<3,R>).
  std::vector<IntTuple> mn;
  for (size_t i = 0; i < 2; ++i)
    mn.push_back(IntTuple(
        std::vector<IntTuple>{mmaTileShape[0][i], mmaTileShape[i + 1]}));
  for (size_t i = 3; i < mmaTileShape.rank(); ++i)
    mn.push_back(mmaTileShape[i]);
  Layout tiled = tileToShape(atom, IntTuple(std::move(mn)), order);
  return tiledDivide(tiled, Tile::fromShape(productEachMode(mmaTileShape[0])));
}

// --- constructors
// ------------------------------------------------------------------------

static IntTuple compactOrderImpl(const IntTuple &shape, const IntTuple &order,
                                 const std::vector<IntTuple> &refShape,
                                 const std::vector<int64_t> &refOrder) {
  if (order.isTuple()) {
    if (!shape.isTuple() || shape.rank() != order.rank())
      fail("compact_order: the shape " + shape.str() +
           " and the order need equal ranks");
    std::vector<IntTuple> r;
    for (size_t i = 0; i < shape.rank(); ++i)
      r.push_back(compactOrderImpl(shape[i], order[i], refShape, refOrder));
    return IntTuple(std::move(r));
  }
  int64_t o = order.value().value();
  Int start = 1;
  for (size_t j = 0; j < refShape.size(); ++j)
    if (refOrder[j] < o)
      start = start * refShape[j].value();
  return compactColMajor(shape, start);
}

namespace detail {
IntTuple compactOrder(const IntTuple &shape, const IntTuple &order) {
  bool ints = true;
  order.forEachLeaf([&](const IntTuple &x) { ints &= x.isInt(); });
  if (!ints)
    fail("compact_order: the order " + order.str() + " must hold integers");
  std::vector<IntTuple> refShape = flattenLeaves(productLike(shape, order));
  std::vector<IntTuple> flatOrder = flattenLeaves(order);
  int64_t maxOrder = 0;
  for (auto &o : flatOrder)
    if (o.value().isStatic() && maxOrder < o.value().value())
      maxOrder = o.value().value();
  std::vector<int64_t> refOrder;
  for (size_t i = 0; i < flatOrder.size(); ++i)
    refOrder.push_back(flatOrder[i].value().isStatic()
                           ? flatOrder[i].value().value()
                           : checkedAdd(maxOrder, int64_t(i) + 1));
  // new_order: the order with its dynamic entries replaced, same profile.
  size_t k = 0;
  IntTuple newOrder = transformLeaf(
      order, [&](const IntTuple &) { return IntTuple(refOrder[k++]); });
  return compactOrderImpl(shape, newOrder, refShape, refOrder);
}
} // namespace detail

Layout makeOrderedLayout(const IntTuple &shape, const IntTuple &order) {
  return Layout(shape, compactOrder(shape, order));
}

Layout makeLayoutLike(const Layout &l) {
  return Layout(l.shape, compactOrder(filterZeros(l).shape, l.stride));
}

Layout makeIdentityLayout(const IntTuple &shape) {
  return Layout(shape, makeBasisLike(shape));
}

// --- recast
// -------------------------------------------------------------------------------

static Layout upcastImpl(const IntTuple &s, const IntTuple &d, int64_t n) {
  if (s.isTuple()) {
    std::vector<IntTuple> sh, st;
    for (size_t i = 0; i < s.rank(); ++i) {
      Layout m = upcastImpl(s[i], d[i], n);
      sh.push_back(m.shape);
      st.push_back(m.stride);
    }
    return rawLayout(IntTuple(std::move(sh)), IntTuple(std::move(st)));
  }
  if (isConst(d, 0))
    return rawLayout(s, d);
  if (!d.isInt())
    fail("upcast: the stride " + d.str() + " must be an integer");
  const Int &dv = d.value();
  if (dv.isStatic()) {
    int64_t x = dv.value();
    if (x % n != 0 && n % x != 0)
      fail("upcast<" + std::to_string(n) +
           ">: divisibility condition "
           "violated: stride " +
           std::to_string(x) + " and " + std::to_string(n) +
           " do not divide one another");
    Int ad = abs(dv);
    return rawLayout(IntTuple(ceilDiv(s.value(), ceilDiv(Int(n), ad))),
                     IntTuple(signum(dv) * ceilDiv(ad, Int(n))));
  }
  return rawLayout(s, IntTuple(dv / Int(n)));
}

Layout upcast(const Layout &l, int64_t n) {
  if (n <= 0)
    fail("upcast: the factor " + std::to_string(n) + " must be positive (" +
         l.str() + ")");
  return upcastImpl(l.shape, l.stride, n);
}

static Layout downcastImpl(const IntTuple &s, const IntTuple &d, int64_t n) {
  if (s.isTuple()) {
    std::vector<IntTuple> sh, st;
    for (size_t i = 0; i < s.rank(); ++i) {
      Layout m = downcastImpl(s[i], d[i], n);
      sh.push_back(m.shape);
      st.push_back(m.stride);
    }
    return rawLayout(IntTuple(std::move(sh)), IntTuple(std::move(st)));
  }
  if (isConst(d, 1) || isConst(d, -1))
    return rawLayout(IntTuple(s.value() * Int(n)), d);
  return rawLayout(s, scaleIndex(Int(n), d));
}

Layout downcast(const Layout &l, int64_t n) {
  if (n <= 0)
    fail("downcast: the factor " + std::to_string(n) + " must be positive (" +
         l.str() + ")");
  bool hasOne = false;
  l.stride.forEachLeaf([&](const IntTuple &d) { hasOne |= isConst(d, 1); });
  if (!hasOne)
    fail("downcast<" + std::to_string(n) +
         ">: requires adjacent elements (a "
         "static stride 1) in " +
         l.str());
  return downcastImpl(l.shape, l.stride, n);
}

Layout recast(const Layout &l, int oldBits, int newBits) {
  if (oldBits <= 0 || newBits <= 0)
    fail("recast: element sizes must be positive (old " +
         std::to_string(oldBits) + " bits, new " + std::to_string(newBits) +
         " bits) for " + l.str());
  int64_t g = gcd64(newBits, oldBits);
  int64_t num = newBits / g, den = oldBits / g;
  if (num == 1 && den == 1)
    return l;
  if (num == 1)
    return downcast(l, den);
  if (den == 1)
    return upcast(l, num);
  return downcast(upcast(l, num), den);
}

// --- common vectors
// ----------------------------------------------------------------------

static bool commonIsContiguous(const Layout &common) {
  return common.shape[0].isInt() && common.shape[0].value().isStatic() &&
         isConst(common.stride[0], 1);
}

Layout maxCommonLayout(const Layout &a, const Layout &b) {
  Layout invB = rightInverse(b);
  Layout common = coalesce(composition(a, invB));
  if (commonIsContiguous(common))
    return composition(invB, common[0]);
  return trivialLayout();
}

Int maxCommonVector(const Layout &a, const Layout &b) {
  Layout common = coalesce(composition(a, rightInverse(b)));
  if (commonIsContiguous(common))
    return common.shape[0].value();
  return 1;
}

Int maxAlignment(const Layout &l) {
  Layout flat = coalesce(l);
  IntTuple sh = transform(flat.shape, [](const IntTuple &s) {
    return s.isInt() && s.value().isStatic() ? s : IntTuple(1);
  });
  IntTuple st = transform(flat.stride, [](const IntTuple &d) {
    return d.isInt() && d.value().isStatic() ? d : IntTuple(0);
  });
  Layout f = rawLayout(sh, st);
  Layout permuted = logicalDivide(f, rightInverse(f));
  int64_t g = product(permuted.shape[0]).value();
  // stride<1> is a single integer in CuTe's static cases; for a tuple take the
  // gcd with every leaf.
  permuted.stride[1].forEachLeaf(
      [&](const IntTuple &d) { g = gcd64(g, d.value().value()); });
  return g;
}

} // namespace cute::layout
