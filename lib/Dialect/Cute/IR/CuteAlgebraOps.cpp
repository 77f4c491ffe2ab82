//===- CuteAlgebraOps.cpp - Result computation of the algebra ops ---------===//
//
// Each algebra op's `compute` runs the layout library on operand values. The
// same function infers result types (operands read from types) and drives
// cute-expand-ops (operands with symbolic dynamic leaves).
//
//===----------------------------------------------------------------------===//
#include "cute/Dialect/Cute/IR/Cute.h"

using namespace mlir;
using namespace mlir::cute;
using namespace ::cute::layout;

namespace {

/// A value as a diagnostic prints its type: '!cute.shape<"(4,8)">'. CuTe IR
/// names operands this way.
std::string typeStr(const CuteValue &v) {
  return std::string("'!cute.") + kindName(v.kind) + "<\"" + v.str() + "\">'";
}

std::string extraIndices(size_t n, size_t depth) {
  return "expects mode indices to stop at a scalar leaf, but got " +
         std::to_string(n) + (n == 1 ? " extra index" : " extra indices") +
         " after depth " + std::to_string(depth);
}

std::vector<int> modePath(std::optional<ArrayRef<int32_t>> mode) {
  if (!mode)
    return {};
  return std::vector<int>(mode->begin(), mode->end());
}

/// Follows a mode path through a tuple or a tile with CuTe IR's
/// diagnostics. A leaf has one mode, itself (CuTe's get<0> of an integer),
/// so a top-level leaf accepts index 0; below the top, a path must stop at
/// a leaf. `child(node, i)` is mode i of a tuple node.
template <class Node, class Child>
const Node &followPath(const Node &root, const std::vector<int> &path,
                       Child child) {
  const Node *cur = &root;
  for (size_t d = 0; d < path.size(); ++d) {
    if (!cur->isTuple()) {
      if (d == 0) {
        if (path[0] != 0)
          fail("expects mode index in [0, 1) at depth 0, but got " +
               std::to_string(path[0]));
        continue;
      }
      fail(extraIndices(path.size() - d, d));
    }
    if (path[d] < 0 || size_t(path[d]) >= cur->rank())
      fail("expects mode index in [0, " + std::to_string(cur->rank()) +
           ") at depth " + std::to_string(d) + ", but got " +
           std::to_string(path[d]));
    cur = &child(*cur, size_t(path[d]));
  }
  return *cur;
}

IntTuple tupleAt(const IntTuple &t, const std::vector<int> &path) {
  return followPath(
      t, path,
      [](const IntTuple &n, size_t i) -> const IntTuple & { return n[i]; });
}

Layout layoutAt(const Layout &l, const std::vector<int> &path) {
  return Layout(tupleAt(l.shape, path), tupleAt(l.stride, path));
}

Tile tileAt(const Tile &t, const std::vector<int> &path) {
  return followPath(t, path, [](const Tile &n, size_t i) -> const Tile & {
    return n.elems[i];
  });
}

/// Applies `f` to a layout, or to B of a composed layout keeping A and O.
CuteValue onLayout(const CuteValue &v,
                   const std::function<Layout(const Layout &)> &f) {
  if (v.kind == CuteKind::Layout)
    return CuteValue::ofLayout(f(v.layout));
  if (v.kind == CuteKind::ComposedLayout) {
    ComposedLayout c = v.composed;
    c.outer = f(c.outer);
    return CuteValue::ofComposed(c);
  }
  fail(std::string("expects a layout or composed_layout, but got a ") +
       kindName(v.kind));
}

const Layout &outerLayout(const CuteValue &v) {
  if (v.kind == CuteKind::ComposedLayout)
    return v.composed.outer;
  if (v.kind != CuteKind::Layout)
    fail(std::string("expects a layout, but got a ") + kindName(v.kind));
  return v.layout;
}

CuteValue retag(CuteKind k, const IntTuple &t) {
  return CuteValue::ofTuple(k, t);
}

/// A tiler operand: a tile, a shape (by-mode `s:1`), or a layout.
std::variant<Layout, Tile> tilerOf(const CuteValue &v) {
  if (v.kind == CuteKind::Layout)
    return v.layout;
  if (v.kind == CuteKind::Shape)
    return Tile::fromShape(v.tuple);
  if (v.kind == CuteKind::Tile)
    return v.tile;
  fail(std::string("expects a layout, shape or tile as tiler, but got a ") +
       kindName(v.kind));
}

/// Pads a leaf-or-tuple to `rank` modes with `elem` at the back or front.
IntTuple padTuple(const IntTuple &t, size_t rank, const IntTuple &elem,
                  bool back) {
  std::vector<IntTuple> e = t.isTuple() ? t.elements() : std::vector{t};
  if (e.size() >= rank)
    return t;
  size_t n = rank - e.size();
  if (back)
    e.insert(e.end(), n, elem);
  else
    e.insert(e.begin(), n, elem);
  return IntTuple(std::move(e));
}

/// CuTe IR's structure check for tuple_add / tuple_sub: below the top level
/// every pair of common modes must nest alike.
void checkNesting(const IntTuple &a, const IntTuple &b, const CuteValue &l,
                  const CuteValue &r) {
  for (size_t i = 0; i < std::min(a.rank(), b.rank()); ++i) {
    if (a[i].isTuple() != b[i].isTuple())
      fail("expects matching nesting at element " + std::to_string(i) +
           ", but got: " + typeStr(l) + " and " + typeStr(r));
    if (a[i].isTuple())
      checkNesting(a[i], b[i], l, r);
  }
}

IntTuple addOrSubRec(const IntTuple &a, const IntTuple &b, bool add) {
  if (!a.isTuple() && !b.isTuple())
    return add ? IntTuple(a.value() + b.value())
               : IntTuple(a.value() - b.value());
  std::vector<IntTuple> r;
  for (size_t i = 0; i < std::max(a.rank(), b.rank()); ++i) {
    if (i >= a.rank())
      r.push_back(b[i]); // CuTe IR: trailing modes pass through unchanged.
    else if (i >= b.rank())
      r.push_back(a[i]);
    else
      r.push_back(addOrSubRec(a[i], b[i], add));
  }
  return IntTuple(std::move(r));
}

/// Leaf-wise sum or difference. A static scalar 0 is the identity against a
/// tuple: on either side of a sum, on the right of a difference (CuTe IR).
IntTuple addOrSub(const CuteValue &l, const CuteValue &r, bool add) {
  const IntTuple &a = l.tuple, &b = r.tuple;
  if (!a.isTuple() && b.isTuple()) {
    if (add && a.value().is(0))
      return b;
    fail("expects matching structure, but lhs is a scalar and rhs is a "
         "tuple: " +
         typeStr(l) + " and " + typeStr(r));
  }
  if (a.isTuple() && !b.isTuple()) {
    if (b.value().is(0))
      return a;
    fail("expects matching structure, but rhs is a scalar and lhs is a "
         "tuple: " +
         typeStr(l) + " and " + typeStr(r));
  }
  if (a.isTuple())
    checkNesting(a, b, l, r);
  return addOrSubRec(a, b, add);
}

void checkSameKind(const CuteValue &a, const CuteValue &b) {
  if (a.kind != b.kind)
    fail("expects lhs and rhs to have the same kind, but got " + typeStr(a) +
         " and " + typeStr(b));
}

/// downcast<n> leaf by leaf: a unit stride multiplies the shape, any other
/// stride is multiplied. CuTe C++ also asserts a static unit stride
/// somewhere; CuTe IR does not (`?:?` downcasts to `?:?`), and neither do we.
Layout downcastLeaves(const IntTuple &s, const IntTuple &d, int64_t n) {
  if (s.isTuple()) {
    std::vector<IntTuple> sh, st;
    for (size_t i = 0; i < s.rank(); ++i) {
      Layout m = downcastLeaves(s[i], d[i], n);
      sh.push_back(m.shape);
      st.push_back(m.stride);
    }
    return Layout(IntTuple(std::move(sh)), IntTuple(std::move(st)));
  }
  if (d.value().is(1) || d.value().is(-1))
    return Layout(IntTuple(s.value() * Int(n)), d);
  return Layout(s, IntTuple(d.value() * Int(n)));
}

/// recast_layout<old, new> of a layout with integer (or dynamic) strides:
/// upcast by new/g, then downcast by old/g (g = gcd).
Layout recastLayout(const Layout &l, int newBits, int oldBits) {
  int64_t g = gcd64(newBits, oldBits);
  int64_t up = newBits / g, down = oldBits / g;
  Layout r = l;
  if (up != 1)
    r = upcast(r, up);
  if (down != 1)
    r = downcastLeaves(r.shape, r.stride, down);
  return r;
}

bool hasBasisStride(const Layout &l) {
  bool basis = false;
  l.stride.forEachLeaf([&](const IntTuple &d) { basis |= d.isBasis(); });
  return basis;
}

/// Runs `f`. When the layout library rejects the operands and `why` (CuTe
/// IR's diagnostic for a precondition the operands violate) is not empty,
/// the failure reads `why: <library reason>`.
template <class F> auto explainFailure(const std::string &why, F &&f) {
  try {
    return f();
  } catch (const AlgebraError &e) {
    if (why.empty())
      throw;
    fail(why + ": " + e.what());
  }
}

/// Runs `f`; a library failure is reported as `prefix: <reason>` (CuTe IR's
/// wording first, the layout library's reason after it).
template <class F> auto withContext(const std::string &prefix, F &&f) {
  try {
    return f();
  } catch (const AlgebraError &e) {
    fail(prefix + ": " + e.what());
  }
}

std::string pathStr(const std::vector<int> &path) {
  std::string r = "[";
  for (size_t i = 0; i < path.size(); ++i)
    r += (i ? ", " : "") + std::to_string(path[i]);
  return r + "]";
}

} // namespace

//===----------------------------------------------------------------------===//
// Constructors
//===----------------------------------------------------------------------===//

CuteValue MakeLayoutOp::compute(ArrayRef<CuteValue> in, Adaptor) {
  if (!congruent(in[0].tuple, in[1].tuple))
    fail("expects congruent shape and stride, but got \"" + in[0].str() +
         "\" and \"" + in[1].str() + "\"");
  return CuteValue::ofLayout(Layout(in[0].tuple, in[1].tuple));
}

CuteValue MakeComposedLayoutOp::compute(ArrayRef<CuteValue> in, Adaptor) {
  ComposedLayout c;
  if (in[0].kind == CuteKind::Swizzle)
    c.inner = in[0].swizzle;
  else
    c.inner = in[0].layout;
  c.offset = in[1].tuple;
  c.outer = in[2].layout;
  if (c.innerIsSwizzle() && !c.offset.isInt())
    fail("a swizzle composed layout expects a scalar offset, but got \"" +
         c.offset.str() + "\"");
  return CuteValue::ofComposed(c);
}

CuteValue MakeIdentityLayoutOp::compute(ArrayRef<CuteValue> in, Adaptor) {
  return CuteValue::ofLayout(makeIdentityLayout(in[0].tuple));
}

CuteValue MakeOrderedLayoutOp::compute(ArrayRef<CuteValue> in, Adaptor) {
  if (!in[1].tuple.isStatic())
    fail("expects order to be a static int_tuple, but got " + typeStr(in[1]));
  if (!weaklyCongruent(in[1].tuple, in[0].tuple))
    fail("expects order to be weakly congruent to shape " + typeStr(in[0]) +
         ", but got " + typeStr(in[1]));
  return CuteValue::ofLayout(makeOrderedLayout(in[0].tuple, in[1].tuple));
}

CuteValue MakeLayoutLikeOp::compute(ArrayRef<CuteValue> in, Adaptor) {
  if (in[0].kind == CuteKind::ComposedLayout &&
      !in[0].composed.innerIsSwizzle())
    fail("expects source composed layout to have a Swizzle A component, but "
         "got a layout A");
  if (hasBasisStride(outerLayout(in[0])))
    fail("expects plain integer strides in source layout, but got "
         "scaled-basis strides");
  return CuteValue::ofLayout(makeLayoutLike(outerLayout(in[0])));
}

//===----------------------------------------------------------------------===//
// Accessors
//===----------------------------------------------------------------------===//

CuteValue GetShapeOp::compute(ArrayRef<CuteValue> in, Adaptor) {
  if (in[0].kind == CuteKind::Tile)
    return retag(CuteKind::Shape, tileShape(in[0].tile));
  return retag(CuteKind::Shape, outerLayout(in[0]).shape);
}

CuteValue GetStrideOp::compute(ArrayRef<CuteValue> in, Adaptor) {
  return retag(CuteKind::Stride, in[0].layout.stride);
}

CuteValue ComposedGetInnerOp::compute(ArrayRef<CuteValue> in, Adaptor) {
  const ComposedLayout &c = in[0].composed;
  if (c.innerIsSwizzle())
    return CuteValue::ofSwizzle(c.swizzle());
  return CuteValue::ofLayout(c.innerLayout());
}

CuteValue ComposedGetOffsetOp::compute(ArrayRef<CuteValue> in, Adaptor) {
  return retag(CuteKind::IntTuple, in[0].composed.offset);
}

CuteValue ComposedGetOuterOp::compute(ArrayRef<CuteValue> in, Adaptor) {
  return CuteValue::ofLayout(in[0].composed.outer);
}

CuteValue GetOp::compute(ArrayRef<CuteValue> in, Adaptor a) {
  std::vector<int> path = modePath(a.getMode());
  const CuteValue &v = in[0];
  switch (v.kind) {
  case CuteKind::Layout:
    return CuteValue::ofLayout(layoutAt(v.layout, path));
  case CuteKind::ComposedLayout:
    return onLayout(v, [&](const Layout &l) { return layoutAt(l, path); });
  case CuteKind::Tile:
    return CuteValue::ofTile(tileAt(v.tile, path));
  case CuteKind::Swizzle:
    if (!path.empty())
      fail("a swizzle has no modes");
    return v;
  default:
    return retag(v.kind, tupleAt(v.tuple, path));
  }
}

CuteValue SelectOp::compute(ArrayRef<CuteValue> in, Adaptor a) {
  std::vector<int> modes(a.getMode().begin(), a.getMode().end());
  const CuteValue &v = in[0];
  size_t rank = v.isTuple()                   ? v.tuple.rank()
                : v.kind == CuteKind::Tile    ? v.tile.rank()
                : v.kind == CuteKind::Swizzle ? 0
                                              : outerLayout(v).rank();
  for (int m : modes)
    if (v.kind != CuteKind::Swizzle && (m < 0 || size_t(m) >= rank))
      fail("expects mode index in [0, " + std::to_string(rank) + "), but got " +
           std::to_string(m));
  switch (v.kind) {
  case CuteKind::Layout:
  case CuteKind::ComposedLayout:
    return onLayout(v, [&](const Layout &l) { return select(l, modes); });
  case CuteKind::Tile: {
    std::vector<Tile> r;
    r.reserve(modes.size());
    for (int m : modes)
      r.push_back(tileAt(v.tile, {m}));
    return CuteValue::ofTile(Tile::tuple(std::move(r)));
  }
  case CuteKind::Swizzle:
    fail("a swizzle has no modes");
  default:
    return retag(v.kind, selectModes(v.tuple, modes));
  }
}

#define CUTE_CONVERT(OP, KIND)                                                 \
  CuteValue OP::compute(ArrayRef<CuteValue> in, Adaptor) {                     \
    if (CuteKind::KIND == CuteKind::IntTuple) {                                \
      bool basis = false;                                                      \
      in[0].tuple.forEachLeaf(                                                 \
          [&](const IntTuple &l) { basis |= l.isBasis(); });                   \
      if (basis)                                                               \
        fail("expects source without scaled-basis strides, but got " +         \
             typeStr(in[0]));                                                  \
      if (in[0].tuple.hasUnderscore())                                         \
        fail("expects source without underscores (_), but got " +              \
             typeStr(in[0]));                                                  \
    }                                                                          \
    DynamicSymbols syms;                                                       \
    /* Re-check the target kind's rules on the same text. */                   \
    auto checked = parseCuteValue(CuteKind::KIND, in[0].str(), syms);          \
    if (!checked)                                                              \
      fail(checked.message());                                                 \
    return retag(CuteKind::KIND, in[0].tuple);                                 \
  }
CUTE_CONVERT(ToIntTupleOp, IntTuple)
CUTE_CONVERT(ToShapeOp, Shape)
CUTE_CONVERT(ToStrideOp, Stride)
CUTE_CONVERT(ToCoordOp, Coord)

//===----------------------------------------------------------------------===//
// Size and index
//===----------------------------------------------------------------------===//

CuteValue SizeOp::compute(ArrayRef<CuteValue> in, Adaptor a) {
  std::vector<int> path = modePath(a.getMode());
  const CuteValue &v = in[0];
  if (v.isTuple())
    return retag(CuteKind::IntTuple, IntTuple(product(tupleAt(v.tuple, path))));
  return retag(CuteKind::IntTuple,
               IntTuple(size(layoutAt(outerLayout(v), path))));
}

CuteValue CosizeOp::compute(ArrayRef<CuteValue> in, Adaptor a) {
  if (in[0].kind == CuteKind::ComposedLayout &&
      !in[0].composed.innerIsSwizzle())
    fail("expects composed_layout inner to be a swizzle (cosize is undefined "
         "for affine inner), but got " +
         typeStr(in[0]));
  std::vector<int> path = modePath(a.getMode());
  return retag(CuteKind::IntTuple,
               IntTuple(cosize(layoutAt(outerLayout(in[0]), path))));
}

CuteValue TupleProductOp::compute(ArrayRef<CuteValue> in, Adaptor) {
  return retag(in[0].kind, IntTuple(product(in[0].tuple)));
}

CuteValue TupleProductEachOp::compute(ArrayRef<CuteValue> in, Adaptor) {
  // CuTe's product_each is transform(wrap(t), product): a scalar gives the
  // rank-1 tuple `(x)` (CuTe IR agrees).
  return retag(in[0].kind, productEach(wrap(in[0].tuple)));
}

/// `_` replaced by 0 (the offset of a slice's origin).
static IntTuple underscoreAsZero(const IntTuple &t) {
  if (t.isUnderscore())
    return IntTuple(0);
  if (!t.isTuple())
    return t;
  std::vector<IntTuple> r;
  for (const IntTuple &e : t.elements())
    r.push_back(underscoreAsZero(e));
  return IntTuple(std::move(r));
}

CuteValue LayoutEvalOp::compute(ArrayRef<CuteValue> in, Adaptor) {
  const IntTuple &shape = outerLayout(in[1]).shape;
  if (in[0].tuple.isTuple() && in[0].tuple.rank() != shape.rank())
    fail("expects coordinate rank " + std::to_string(shape.rank()) +
         " (to match layout shape rank) or be a leaf, but got " +
         std::to_string(in[0].tuple.rank()));
  // A `_` mode contributes nothing (CuTe IR evaluates it as 0).
  IntTuple crd = underscoreAsZero(in[0].tuple);
  if (in[1].kind == CuteKind::ComposedLayout)
    return retag(CuteKind::IntTuple, in[1].composed(crd));
  return retag(CuteKind::IntTuple, in[1].layout(crd));
}

CuteValue Crd2IdxOp::compute(ArrayRef<CuteValue> in, Adaptor) {
  if (in[0].tuple.hasUnderscore())
    fail("expects a coordinate without `_`, but got \"" + in[0].str() + "\"");
  if (!weaklyCongruent(in[0].tuple, in[1].tuple))
    fail("expects coord and shape to be weakly congruent, but got " +
         typeStr(in[0]) + " and " + typeStr(in[1]));
  return retag(CuteKind::IntTuple, IntTuple(crd2idx(in[0].tuple, in[1].tuple)));
}

CuteValue Idx2CrdOp::compute(ArrayRef<CuteValue> in, Adaptor) {
  if (in[0].tuple.isTuple() && in[0].tuple.rank() != in[1].tuple.rank())
    fail("expects index rank " + std::to_string(in[1].tuple.rank()) +
         " (to match shape rank) or scalar, but got " +
         std::to_string(in[0].tuple.rank()));
  return withContext("unable to compute idx2crd for index " + typeStr(in[0]) +
                         " and shape " + typeStr(in[1]),
                     [&] {
                       return retag(CuteKind::Coord,
                                    idx2crd(in[0].tuple, in[1].tuple));
                     });
}

/// The most modes append/prepend_to_rank builds: a guard against absurd
/// allocations (the rank is a 32-bit attribute).
constexpr int32_t kMaxToRank = 1 << 16;

static CuteValue toRank(ArrayRef<CuteValue> in, int32_t rank, bool back) {
  const CuteValue &v = in[0], &e = in[1];
  if (rank <= 0)
    fail("expects rank to be a positive integer, but got " +
         std::to_string(rank));
  if (rank > kMaxToRank)
    fail("expects rank to be at most " + std::to_string(kMaxToRank) +
         ", but got " + std::to_string(rank));
  if (v.kind == CuteKind::Tile || v.kind == CuteKind::Swizzle)
    fail("expects $input to be !cute.int_tuple, !cute.coord, !cute.stride, "
         "!cute.shape, !cute.layout, or !cute.composed_layout, but got " +
         typeStr(v));
  if (v.kind == CuteKind::ComposedLayout && e.kind != CuteKind::Layout)
    fail("expects element to be !cute.layout when input is "
         "!cute.composed_layout, but got " +
         typeStr(e));
  if (v.kind != CuteKind::ComposedLayout && v.kind != e.kind)
    fail("expects input and element to have the same kind, but got " +
         typeStr(v) + " and " + typeStr(e));
  if (v.kind == CuteKind::Layout || v.kind == CuteKind::ComposedLayout) {
    return onLayout(v, [&](const Layout &l) {
      return Layout(padTuple(l.shape, size_t(rank), e.layout.shape, back),
                    padTuple(l.stride, size_t(rank), e.layout.stride, back));
    });
  }
  return retag(v.kind, padTuple(v.tuple, size_t(rank), e.tuple, back));
}

CuteValue IncrementCoordOp::compute(ArrayRef<CuteValue> in, Adaptor) {
  const CuteValue &c = in[0], &s = in[1];
  if (!congruent(c.tuple, s.tuple))
    fail("expects coord to be congruent with shape, but got " + typeStr(c) +
         " and " + typeStr(s));
  if (c.tuple.hasUnderscore())
    fail("expects coord to be free of underscore wildcards, but got " +
         typeStr(c));
  std::vector<IntTuple> crd = flattenLeaves(c.tuple);
  std::vector<IntTuple> ext = flattenLeaves(s.tuple);
  // Column-major odometer over the leaves. Comparisons are Ints, so a
  // dynamic extent or coordinate makes that leaf and the carry symbolic
  // (and cute-expand-ops emits them).
  std::vector<Int> next;
  Int carry = 1;
  for (size_t i = 0; i < crd.size(); ++i) {
    Int sum = crd[i].value() + carry;
    if (i + 1 == crd.size()) {
      next.push_back(sum); // The last leaf never wraps.
      break;
    }
    const Int &extent = ext[i].value();
    if (extent.is(1)) {
      next.push_back(0); // A size-1 mode stays at 0; the carry passes on.
      continue;
    }
    Int inRange = lessThan(sum, extent);
    next.push_back(select(inRange, sum, 0));
    carry = Int(1) - inRange;
  }
  size_t k = 0;
  IntTuple r = transformLeaf(
      c.tuple, [&](const IntTuple &) { return IntTuple(next[k++]); });
  return retag(CuteKind::Coord, r);
}

CuteValue AppendToRankOp::compute(ArrayRef<CuteValue> in, Adaptor a) {
  return toRank(in, a.getRank(), /*back=*/true);
}

CuteValue PrependToRankOp::compute(ArrayRef<CuteValue> in, Adaptor a) {
  return toRank(in, a.getRank(), /*back=*/false);
}

//===----------------------------------------------------------------------===//
// Tuple arithmetic
//===----------------------------------------------------------------------===//

CuteValue TupleAddOp::compute(ArrayRef<CuteValue> in, Adaptor) {
  checkSameKind(in[0], in[1]);
  return retag(in[0].kind, addOrSub(in[0], in[1], true));
}

CuteValue TupleSubOp::compute(ArrayRef<CuteValue> in, Adaptor) {
  checkSameKind(in[0], in[1]);
  return retag(in[0].kind, addOrSub(in[0], in[1], false));
}

/// The first static leaf pair of congruent tuples that shape_div cannot
/// divide, as CuTe IR words it ("" when none).
static std::string shapeDivReason(const IntTuple &a, const IntTuple &b) {
  if (a.isTuple() != b.isTuple())
    return "";
  if (a.isTuple()) {
    if (a.rank() != b.rank())
      return "";
    for (size_t i = 0; i < a.rank(); ++i)
      if (std::string r = shapeDivReason(a[i], b[i]); !r.empty())
        return r;
    return "";
  }
  if (!a.value().isStatic() || !b.value().isStatic())
    return "";
  int64_t x = a.value().value(), y = b.value().value();
  if (y == 0)
    return "divisor is zero";
  if (x != 0 && x % y != 0 && y % x != 0)
    return std::to_string(x) + " is not divisible by " + std::to_string(y) +
           " (neither " + std::to_string(x) + " % " + std::to_string(y) +
           " == 0 nor " + std::to_string(y) + " % " + std::to_string(x) +
           " == 0)";
  return "";
}

CuteValue ShapeDivOp::compute(ArrayRef<CuteValue> in, Adaptor) {
  std::string prefix = "expects valid operands, but cannot compute shape_div "
                       "for " +
                       typeStr(in[0]) + " and " + typeStr(in[1]);
  if (std::string r = shapeDivReason(in[0].tuple, in[1].tuple); !r.empty())
    fail(prefix + ": " + r);
  return withContext(prefix, [&] {
    return retag(CuteKind::Shape, shapeDiv(in[0].tuple, in[1].tuple));
  });
}

/// CuTe's ceil_div(target, tiler) for a tiler: a layout divides the whole
/// target, giving shape(complement(tiler, shape(target))); a tuple of tiles
/// divides mode by mode (missing modes divide by 1).
static IntTuple ceilDivByTile(const IntTuple &a, const Tile &t) {
  if (t.isLayout())
    return complement(t.layout, a).shape;
  if (t.isUnderscore())
    return a;
  if (!a.isTuple())
    fail("ceil_div: a tuple tiler \"" + t.str() +
         "\" needs a tuple input, but got \"" + a.str() + "\"");
  if (a.rank() < t.rank())
    fail("ceil_div: the tiler \"" + t.str() + "\" has more modes than \"" +
         a.str() + "\"");
  std::vector<IntTuple> r;
  for (size_t i = 0; i < a.rank(); ++i)
    r.push_back(i < t.rank() ? ceilDivByTile(a[i], t.elems[i]) : a[i]);
  return IntTuple(std::move(r));
}

CuteValue CeilDivOp::compute(ArrayRef<CuteValue> in, Adaptor) {
  if (in[1].kind == CuteKind::Tile)
    return retag(in[0].kind, ceilDivByTile(in[0].tuple, in[1].tile));
  std::string prefix = "expects valid operands, but cannot compute ceil_div "
                       "for " +
                       typeStr(in[0]) + " and " + typeStr(in[1]);
  const IntTuple &a = in[0].tuple, &b = in[1].tuple;
  if (a.isTuple() && b.isTuple() && b.rank() > a.rank())
    fail(prefix + ": rank(tiler)=" + std::to_string(b.rank()) +
         " > rank(input)=" + std::to_string(a.rank()));
  if (!b.isTuple() && b.value().is(0))
    fail(prefix + ": tiler is zero");
  return withContext(prefix, [&] { return retag(in[0].kind, ceilDiv(a, b)); });
}

//===----------------------------------------------------------------------===//
// Layout algebra
//===----------------------------------------------------------------------===//

static CuteValue composeValues(ArrayRef<CuteValue> in) {
  auto tiler = tilerOf(in[1]);
  const CuteValue &a = in[0];
  if (a.kind == CuteKind::ComposedLayout) {
    if (auto *l = std::get_if<Layout>(&tiler))
      return CuteValue::ofComposed(composition(a.composed, *l));
    return CuteValue::ofComposed(
        composition(a.composed, std::get<Tile>(tiler)));
  }
  if (auto *l = std::get_if<Layout>(&tiler))
    return CuteValue::ofLayout(composition(a.layout, *l));
  return CuteValue::ofLayout(composition(a.layout, std::get<Tile>(tiler)));
}

CuteValue CompositionOp::compute(ArrayRef<CuteValue> in, Adaptor) {
  return withContext(
      "expects a valid composition result, but construction failed",
      [&] { return composeValues(in); });
}

/// CuTe IR's precheck of a coalesce profile: no mode of the profile has
/// more modes than the layout there (a leaf layout is one mode, path [0]).
static void checkProfileRank(const IntTuple &profile, const IntTuple &shape,
                             std::vector<int> path) {
  if (!profile.isTuple())
    return;
  if (!shape.isTuple() && path.empty())
    path.push_back(0);
  if (profile.rank() > shape.rank())
    fail("expects target_profile rank (" + std::to_string(profile.rank()) +
         ") to not exceed the layout rank (" + std::to_string(shape.rank()) +
         ")" + (path.empty() ? "" : " at mode path " + pathStr(path)));
  if (!shape.isTuple())
    return;
  for (size_t i = 0; i < profile.rank(); ++i) {
    std::vector<int> sub = path;
    sub.push_back(int(i));
    checkProfileRank(profile[i], shape[i], sub);
  }
}

CuteValue CoalesceOp::compute(ArrayRef<CuteValue> in, Adaptor) {
  if (in.size() > 1) {
    IntTuple profile = in[1].tuple;
    checkProfileRank(profile, outerLayout(in[0]).shape, {});
    return onLayout(in[0],
                    [&](const Layout &l) { return coalesce(l, profile); });
  }
  return onLayout(in[0], [](const Layout &l) { return coalesce(l); });
}

/// The layout and `_` slots of a tile, depth first.
static void tileSlots(const Tile &t, std::vector<Tile> &out) {
  if (!t.isTuple()) {
    out.push_back(t);
    return;
  }
  for (const Tile &e : t.elems)
    tileSlots(e, out);
}

CuteValue FlattenOp::compute(ArrayRef<CuteValue> in, Adaptor) {
  const CuteValue &v = in[0];
  if (v.isTuple())
    return retag(v.kind, flatten(v.tuple));
  if (v.kind == CuteKind::Tile) {
    // Only the tile's nesting goes: its layouts are kept as they are.
    if (!v.tile.isTuple())
      return v;
    std::vector<Tile> slots;
    tileSlots(v.tile, slots);
    return CuteValue::ofTile(Tile::tuple(std::move(slots)));
  }
  if (v.kind == CuteKind::Layout || v.kind == CuteKind::ComposedLayout)
    return onLayout(v, [](const Layout &l) { return flatten(l); });
  fail(std::string("expects a tuple or a layout, but got a ") +
       kindName(v.kind));
}

static CuteValue complementValue(ArrayRef<CuteValue> in);

CuteValue ComplementOp::compute(ArrayRef<CuteValue> in, Adaptor) {
  // CuTe IR's preconditions; the layout library checks them too (its
  // reason follows CuTe IR's wording).
  const Layout &l = in[0].layout;
  std::string why;
  if (in.size() > 1 && hasBasisStride(l))
    why = "expects input with integer strides, but " + typeStr(in[0]) +
          " has non-integer strides";
  else if (l.rank() > 1 && !l.stride.isStatic())
    why = "expects input with static strides for layouts with more than one "
          "mode, but " +
          typeStr(in[0]) + " has dynamic strides with rank " +
          std::to_string(l.rank());
  return explainFailure(why, [&] { return complementValue(in); });
}

static CuteValue complementValue(ArrayRef<CuteValue> in) {
  if (in.size() == 1)
    return CuteValue::ofLayout(complement(in[0].layout));
  IntTuple cotarget =
      in[1].kind == CuteKind::Layout ? in[1].layout.shape : in[1].tuple;
  return CuteValue::ofLayout(complement(in[0].layout, cotarget));
}

CuteValue GroupModesOp::compute(ArrayRef<CuteValue> in, Adaptor a) {
  int32_t b = a.getBegin(), e = a.getEnd();
  const CuteValue &v = in[0];
  size_t rank =
      v.isTuple() ? v.tuple.rank()
      : (v.kind == CuteKind::Layout || v.kind == CuteKind::ComposedLayout)
          ? outerLayout(v).rank()
          : 0;
  if (b >= e)
    fail("expects begin < end, but got begin=" + std::to_string(b) +
         ", end=" + std::to_string(e));
  if (size_t(e) > rank)
    fail("expects end <= rank(input)=" + std::to_string(rank) +
         ", but got end=" + std::to_string(e));
  if (b < 0)
    fail("expects 0 <= begin, but got begin=" + std::to_string(b));
  if (v.isTuple())
    return retag(v.kind, groupModes(v.tuple, size_t(b), size_t(e)));
  return onLayout(
      v, [&](const Layout &l) { return groupModes(l, size_t(b), size_t(e)); });
}

/// Swizzles act on element offsets: recasting to wider elements moves the
/// swizzle's base down by log2(ratio) bits, to narrower elements up.
static Swizzle recastSwizzle(const Swizzle &s, int newBits, int oldBits) {
  auto log2Exact = [](int64_t x) {
    int k = 0;
    while ((int64_t(1) << k) < x)
      ++k;
    if ((int64_t(1) << k) != x)
      fail("recast_layout of a swizzle needs a power-of-two width ratio, but "
           "got " +
           std::to_string(x));
    return k;
  };
  if (newBits >= oldBits) {
    if (newBits % oldBits)
      fail("recast_layout: " + std::to_string(newBits) +
           " is not a multiple of " + std::to_string(oldBits));
    int k = log2Exact(newBits / oldBits);
    if (s.base < k)
      fail("recast_layout: the swizzle " + s.str() + " has base " +
           std::to_string(s.base) + " < log2(" + std::to_string(newBits) + "/" +
           std::to_string(oldBits) + ")");
    return Swizzle(s.bits, s.base - k, s.shift);
  }
  if (oldBits % newBits)
    fail("recast_layout: " + std::to_string(oldBits) +
         " is not a multiple of " + std::to_string(newBits));
  Swizzle r(s.bits, s.base + log2Exact(oldBits / newBits), s.shift);
  checkSwizzleRange(r);
  return r;
}

CuteValue RecastLayoutOp::compute(ArrayRef<CuteValue> in, Adaptor a) {
  int nb = a.getNewTypeBits(), ob = a.getOldTypeBits();
  if (nb <= 0)
    fail("expects new_type_bits to be positive, but got " + std::to_string(nb));
  if (ob <= 0)
    fail("expects old_type_bits to be positive, but got " + std::to_string(ob));
  const CuteValue &v = in[0];
  if (hasBasisStride(outerLayout(v)))
    fail("expects integer or dynamic strides, but " + typeStr(v) +
         " has scaled-basis strides");
  if (v.kind != CuteKind::ComposedLayout)
    return CuteValue::ofLayout(recastLayout(v.layout, nb, ob));
  // A o offset o B: every part is recast; the offset is an element index,
  // so it scales like one (and must stay whole).
  ComposedLayout c = v.composed;
  auto unable = [&] {
    fail("unable to recast " + typeStr(v) + " from " + std::to_string(ob) +
         " bits to " + std::to_string(nb) + " bits");
  };
  if (!c.offset.isInt() || !c.offset.value().isStatic())
    unable();
  int64_t g = gcd64(nb, ob), up = nb / g, down = ob / g;
  int64_t off = c.offset.value().value();
  if (off % up != 0)
    unable();
  c.offset = IntTuple(checkedMul(off / up, down));
  if (c.innerIsSwizzle())
    c.inner = recastSwizzle(c.swizzle(), nb, ob);
  else
    c.inner = recastLayout(c.innerLayout(), nb, ob);
  c.outer = recastLayout(c.outer, nb, ob);
  return CuteValue::ofComposed(c);
}

/// Bit `b` (a power of two) of a non-negative Int, as 0 or 1.
static Int bitOf(const Int &x, int64_t b) {
  if (x.isStatic())
    return (x.value() & b) ? 1 : 0;
  return (x / Int(b)) % Int(2);
}

/// slice(crd, S o off o B) for a swizzle S and a static B (CuTe IR's rules,
/// which follow CuTe C++'s slice_and_offset of a swizzled layout). The part
/// of the fixed offset that the swizzle reads (its Y and Z bits) stays in
/// the composed offset; the rest is the slice's offset, which cute.slice
/// drops. When no Y bit and Z bit of one pair are both reached by the
/// sliced layout, x -> S(off + x) is affine on its image and the result
/// decays to that plain layout.
static CuteValue sliceSwizzled(const ComposedLayout &c, const IntTuple &crd) {
  const Swizzle &sw = c.swizzle();
  Layout sliced = slice(crd, c.outer);
  bool onlyUnderscores = true;
  crd.forEachLeaf(
      [&](const IntTuple &l) { onlyUnderscores &= l.isUnderscore(); });
  if (onlyUnderscores) {
    ComposedLayout r = c;
    r.outer = sliced;
    return CuteValue::ofComposed(r);
  }
  const int nb = sw.bits, m = sw.base, sh = std::abs(sw.shift);
  // The two bit groups the swizzle pairs: at m and at m + |shift|. Y is the
  // group it reads, Z the group it flips.
  const int64_t lowGroup = int64_t(1) << m, highGroup = int64_t(1) << (m + sh);
  const int64_t yLow = sw.shift >= 0 ? highGroup : lowGroup;
  const int64_t zLow = sw.shift >= 0 ? lowGroup : highGroup;
  int64_t zyMask = 0;
  for (int i = 0; i < nb; ++i)
    zyMask |= (yLow << i) | (zLow << i);
  // Y and Z bits the sliced layout reaches (its last element has them all
  // for the power-of-two strides a swizzled B has).
  int64_t active = sliced.eval(size(sliced).value() - 1) & zyMask;
  bool collide = (active & ~sw.apply(active)) != 0;
  // The fixed part of the coordinate: its offset, and that offset's Y/Z bits.
  Layout diced = dice(crd, c.outer);
  IntTuple dicedCrd = diceIntTuple(crd, crd);
  Int idx = diced(dicedCrd).value();
  const Int &off = c.offset.value();
  // off ^ (Y/Z bits of idx), bit by bit (exact for the non-negative values).
  Int offZY;
  if (off.isStatic() && idx.isStatic()) {
    offZY = off.value() ^ (idx.value() & zyMask);
  } else {
    offZY = off;
    for (int64_t b = 1; b <= zyMask && b > 0; b <<= 1) {
      if (!(zyMask & b))
        continue;
      Int x = bitOf(off, b), y = bitOf(idx, b);
      offZY = offZY + (y - Int(2) * x * y) * Int(b);
    }
  }
  if (collide) {
    ComposedLayout r = c;
    r.offset = IntTuple(offZY);
    r.outer = sliced;
    return CuteValue::ofComposed(r);
  }
  // x -> S(offZY + x) on the image of the sliced layout: flipping Z bit i
  // moves by +-Z_i (- when offZY has Y bit i); flipping Y bit i moves by
  // Y_i +- Z_i (- when offZY has Z bit i); other bits move by themselves.
  std::vector<IntTuple> zStrides, yStrides, twos;
  for (int i = 0; i < nb; ++i) {
    int64_t z = zLow << i, y = yLow << i;
    zStrides.push_back(select(equalTo(bitOf(offZY, y), 0), Int(z), Int(-z)));
    yStrides.push_back(
        select(equalTo(bitOf(offZY, z), 0), Int(y + z), Int(y - z)));
    twos.push_back(IntTuple(2));
  }
  const std::vector<IntTuple> &lowStrides = zLow < yLow ? zStrides : yStrides;
  const std::vector<IntTuple> &highStrides = zLow < yLow ? yStrides : zStrides;
  std::vector<IntTuple> shape{IntTuple(lowGroup)}, stride{IntTuple(1)};
  shape.insert(shape.end(), twos.begin(), twos.end());
  stride.insert(stride.end(), lowStrides.begin(), lowStrides.end());
  shape.push_back(IntTuple(int64_t(1) << (sh - nb)));
  stride.push_back(IntTuple(int64_t(1) << (m + nb)));
  shape.insert(shape.end(), twos.begin(), twos.end());
  stride.insert(stride.end(), highStrides.begin(), highStrides.end());
  shape.push_back(IntTuple(1));
  stride.push_back(IntTuple(int64_t(1) << (m + nb + sh)));
  Layout affine(IntTuple(std::move(shape)), IntTuple(std::move(stride)));
  return CuteValue::ofLayout(composition(affine, sliced));
}

static CuteValue sliceOrDice(ArrayRef<CuteValue> in, bool isSlice) {
  const CuteValue &v = in[0];
  const IntTuple &crd = in[1].tuple;
  if (!isSlice && !crd.isStatic())
    fail("expects coord to be static, but got " + typeStr(in[1]));
  if (v.kind == CuteKind::Tile || v.kind == CuteKind::Swizzle)
    fail("expects $input to be !cute.shape, !cute.stride, !cute.int_tuple, "
         "!cute.coord, !cute.layout, or !cute.composed_layout, but got " +
         typeStr(v));
  if (!weaklyCongruent(crd, v.isTuple() ? v.tuple : outerLayout(v).shape))
    fail("expects coord to be weakly congruent with input shape, but got " +
         typeStr(v) + " and " + typeStr(in[1]));
  if (isSlice && v.kind == CuteKind::ComposedLayout &&
      v.composed.innerIsSwizzle()) {
    if (!v.composed.outer.isStatic())
      fail("expects swizzle-A composed slice's outer layout to be static, "
           "but got " +
           typeStr(v));
    if (!crd.hasUnderscore())
      fail("expects swizzle-A composed slice's coord to contain at least one "
           "underscore, but got " +
           typeStr(in[1]));
  }
  if (v.isTuple()) {
    return retag(v.kind, isSlice ? sliceIntTuple(crd, v.tuple)
                                 : diceIntTuple(crd, v.tuple));
  }
  if (v.kind == CuteKind::ComposedLayout && isSlice &&
      v.composed.innerIsSwizzle())
    return withContext("unable to slice " + typeStr(v) + " with " +
                           typeStr(in[1]),
                       [&] { return sliceSwizzled(v.composed, crd); });
  if (v.kind == CuteKind::ComposedLayout && isSlice) {
    ComposedLayout c = v.composed;
    auto [sliced, offset] = sliceAndOffset(crd, c.outer);
    c.outer = sliced;
    c.offset = addIndex(c.offset, offset);
    return CuteValue::ofComposed(c);
  }
  return onLayout(v, [&](const Layout &l) {
    return isSlice ? slice(crd, l) : dice(crd, l);
  });
}

CuteValue SliceOp::compute(ArrayRef<CuteValue> in, Adaptor) {
  return sliceOrDice(in, true);
}

CuteValue DiceOp::compute(ArrayRef<CuteValue> in, Adaptor) {
  return sliceOrDice(in, false);
}

CuteValue RightInverseOp::compute(ArrayRef<CuteValue> in, Adaptor) {
  // CuTe IR needs a static shape. With basis strides the layout library
  // checks it (and its reason follows CuTe IR's wording).
  const Layout &l = in[0].layout;
  std::string why = "unable to compute a right inverse for " + typeStr(in[0]);
  if (!l.shape.isStatic()) {
    why = "expects a static-shape input layout, but got " + typeStr(in[0]);
    if (!hasBasisStride(l))
      fail(why);
  }
  return explainFailure(why,
                        [&] { return CuteValue::ofLayout(rightInverse(l)); });
}

CuteValue LeftInverseOp::compute(ArrayRef<CuteValue> in, Adaptor) {
  // CuTe IR needs a static shape and static strides. With basis strides the
  // layout library checks them (and its reason follows CuTe IR's wording).
  const Layout &l = in[0].layout;
  std::string why = "unable to compute a left inverse for " + typeStr(in[0]);
  if (!l.shape.isStatic() || !l.stride.isStatic()) {
    why = !l.shape.isStatic()
              ? "expects a static-shape input layout, but got " + typeStr(in[0])
              : "expects a static-stride input layout for left inverse, but "
                "got " +
                    typeStr(in[0]);
    if (!hasBasisStride(l))
      fail(why);
  }
  return explainFailure(why,
                        [&] { return CuteValue::ofLayout(leftInverse(l)); });
}

//===----------------------------------------------------------------------===//
// Products and divides
//===----------------------------------------------------------------------===//

/// CuTe IR's preconditions of the products: a static lhs (B of a composed
/// lhs), an rhs with integer strides, and a static rhs for a basis lhs.
/// Returns CuTe IR's diagnostic for the basis-stride preconditions (which
/// the layout library checks itself: the diagnostic then precedes its
/// reason).
static std::string checkProductOperands(ArrayRef<CuteValue> in) {
  const Layout &a = outerLayout(in[0]), &b = in[1].layout;
  if (!a.isStatic())
    fail("expects lhs to be static, but got " + typeStr(in[0]));
  if (hasBasisStride(b))
    return "expects rhs stride to be integer-only (scaled-basis strides like "
           "`N@M` are not supported), but got " +
           typeStr(in[1]);
  if (hasBasisStride(a) && !b.isStatic())
    return "expects rhs to be static when lhs has scaled-basis strides "
           "(`N@M`), but got rhs " +
           typeStr(in[1]);
  return "";
}

#define CUTE_PRODUCT(OP, FN)                                                   \
  CuteValue OP::compute(ArrayRef<CuteValue> in, Adaptor) {                     \
    std::string why = checkProductOperands(in);                                \
    const Layout &b = in[1].layout;                                            \
    return explainFailure(why, [&] {                                           \
      return onLayout(in[0], [&](const Layout &a) { return FN(a, b); });       \
    });                                                                        \
  }
CUTE_PRODUCT(LogicalProductOp, logicalProduct)
CUTE_PRODUCT(ZippedProductOp, zippedProduct)
CUTE_PRODUCT(TiledProductOp, tiledProduct)
CUTE_PRODUCT(FlatProductOp, flatProduct)
CUTE_PRODUCT(RakedProductOp, rakedProduct)
CUTE_PRODUCT(BlockedProductOp, blockedProduct)

/// A layout used as (a component of) a divide tiler: static strides or a
/// single mode; inside a tile, integer strides.
/// A layout used as (a component of) a divide tiler: static strides or a
/// single mode; inside a tile, integer strides (the layout library checks
/// that one itself: CuTe IR's diagnostic is kept in `why`).
static void checkTilerLayout(const Layout &l, bool inTile,
                             const std::vector<int> &path, std::string &why) {
  std::string at = path.empty() ? "" : " at mode path " + pathStr(path);
  if (inTile && hasBasisStride(l)) {
    if (why.empty())
      why = "expects layout components of a tile tiler to have integer-only "
            "strides (scaled-basis strides like `N@M` are not supported), but "
            "got tiler " +
            l.str() + at;
    return;
  }
  if (!l.stride.isStatic() && l.rank() > 1)
    fail("expects tiler to have a static stride or to be rank-1, but got "
         "tiler " +
         l.str() + at);
}

static void checkTileComponents(const Tile &t, const std::vector<int> &path,
                                std::string &why) {
  if (t.isLayout())
    return checkTilerLayout(t.layout, true, path, why);
  if (!t.isTuple())
    return;
  for (size_t i = 0; i < t.elems.size(); ++i) {
    std::vector<int> sub = path;
    sub.push_back(int(i));
    checkTileComponents(t.elems[i], sub, why);
  }
}

/// CuTe IR's preconditions of the divides; returns the diagnostic for a
/// library failure.
static std::string checkDivideOperands(ArrayRef<CuteValue> in) {
  const Layout &a = outerLayout(in[0]);
  const CuteValue &t = in[1];
  std::string why;
  if (t.kind == CuteKind::Layout) {
    checkTilerLayout(t.layout, false, {}, why);
  } else {
    size_t tilerRank =
        t.kind == CuteKind::Tile ? t.tile.rank() : t.tuple.rank();
    if (tilerRank > a.rank())
      fail("expects rank(tiler) <= rank(input), but got rank " +
           std::to_string(tilerRank) + " tiler and rank " +
           std::to_string(a.rank()) + " input");
    if (t.kind == CuteKind::Tile)
      checkTileComponents(t.tile, {}, why);
  }
  if (why.empty())
    why = "expects valid operands, but cannot compute divide for " +
          typeStr(in[0]) + " and " + typeStr(in[1]);
  return why;
}

#define CUTE_DIVIDE(OP, FN)                                                    \
  CuteValue OP::compute(ArrayRef<CuteValue> in, Adaptor) {                     \
    std::string why = checkDivideOperands(in);                                 \
    auto tiler = tilerOf(in[1]);                                               \
    return explainFailure(why, [&] {                                           \
      return onLayout(in[0], [&](const Layout &a) {                            \
        if (auto *l = std::get_if<Layout>(&tiler))                             \
          return FN(a, *l);                                                    \
        return FN(a, std::get<Tile>(tiler));                                   \
      });                                                                      \
    });                                                                        \
  }
CUTE_DIVIDE(LogicalDivideOp, logicalDivide)
CUTE_DIVIDE(ZippedDivideOp, zippedDivide)
CUTE_DIVIDE(TiledDivideOp, tiledDivide)
CUTE_DIVIDE(FlatDivideOp, flatDivide)

CuteValue TileToShapeOp::compute(ArrayRef<CuteValue> in, Adaptor) {
  const IntTuple &shape = in[1].tuple;
  std::optional<IntTuple> order;
  if (in.size() > 2) {
    const IntTuple &o = in[2].tuple;
    if (!o.isStatic())
      fail("expects static order, but got " + o.str());
    if (o.rank() != shape.rank())
      fail("expects order rank (" + std::to_string(o.rank()) +
           ") to equal target-shape rank (" + std::to_string(shape.rank()) +
           ")");
    // A flat order is a permutation of the target's modes.
    if (o.isTuple() && o.depth() == 1) {
      std::string perm = "expects $order to be a permutation of [0, " +
                         std::to_string(o.rank()) + "), but ";
      std::vector<bool> seen(o.rank(), false);
      for (size_t i = 0; i < o.rank(); ++i) {
        int64_t k = o[i].value().value();
        if (k < 0 || size_t(k) >= o.rank())
          fail(perm + "got out-of-range index " + std::to_string(k) +
               " at mode " + std::to_string(i));
        if (seen[size_t(k)])
          fail(perm + "index " + std::to_string(k) + " appears more than once");
        seen[size_t(k)] = true;
      }
    }
    order = o;
  }
  size_t blockRank = outerLayout(in[0]).rank();
  if (blockRank > shape.rank())
    fail("expects block layout rank <= target shape rank, but got rank " +
         std::to_string(blockRank) + " block and rank " +
         std::to_string(shape.rank()) + " target shape");
  return withContext("expects valid operands, but cannot compute "
                     "tile_to_shape for " +
                         typeStr(in[0]) + " and " + typeStr(in[1]),
                     [&] {
                       return onLayout(in[0], [&](const Layout &a) {
                         return tileToShape(a, shape, order);
                       });
                     });
}

CuteValue TileToMmaShapeOp::compute(ArrayRef<CuteValue> in, Adaptor) {
  const IntTuple &shape = in[1].tuple;
  std::optional<IntTuple> order;
  if (in.size() > 2) {
    if (!in[2].tuple.isStatic())
      fail("expects static order, but got " + in[2].tuple.str());
    order = in[2].tuple;
  }
  return withContext("expects valid operands, but cannot compute "
                     "tile_to_mma_shape for " +
                         typeStr(in[0]) + " and " + typeStr(in[1]),
                     [&] {
                       return onLayout(in[0], [&](const Layout &a) {
                         return tileToMmaShape(a, shape, order);
                       });
                     });
}

LogicalResult mlir::cute::inferAlgebraResult(
    MLIRContext *ctx, std::optional<Location> loc, StringRef opName,
    ValueRange operands, function_ref<CuteValue(ArrayRef<CuteValue>)> compute,
    SmallVectorImpl<Type> &inferred) {
  DynamicSymbols syms;
  SmallVector<CuteValue, 2> in;
  for (Value v : operands) {
    // A tensor operand (size/cosize of a tensor) stands for its layout.
    if (auto tensor = dyn_cast<CuteTensorTypeInterface>(v.getType());
        tensor && !isa<PtrType>(v.getType())) {
      in.push_back(CuteValue::ofLayout(tensor.readInfo(syms).layout));
      continue;
    }
    auto cv = valueOfType(v.getType(), syms);
    if (!cv)
      return emitOptionalError(loc, "'", opName,
                               "' op invalid operand: ", cv.message());
    in.push_back(*cv);
  }
  auto r = guard([&] { return compute(in); });
  if (!r)
    return emitOptionalError(loc, "'", opName, "' op ", r.message());
  // The result must itself be a valid value of its kind (e.g. no zero or
  // negative shape in a layout): the rules parsing checks.
  if (auto valid = guard([&] { checkValueRules(*r); }); !valid)
    return emitOptionalError(loc, "'", opName, "' op computed an invalid ",
                             kindName(r->kind), " \"", r->str(),
                             "\": ", valid.message());
  inferred.push_back(typeOfValue(ctx, *r));
  return success();
}
