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

/// Generic return-type inference: read the operand types, run `compute`.
template <class OpT>
LogicalResult inferAlgebra(MLIRContext *ctx, std::optional<Location> loc,
                           ValueRange operands, DictionaryAttr attrs,
                           OpaqueProperties props, RegionRange regions,
                           SmallVectorImpl<Type> &inferred) {
  DynamicSymbols syms;
  SmallVector<CuteValue, 2> in;
  for (Value v : operands) {
    auto cv = valueOfType(v.getType(), syms);
    if (!cv)
      return emitOptionalError(loc, "'", OpT::getOperationName(),
                               "' op invalid operand: ", cv.message());
    in.push_back(*cv);
  }
  typename OpT::Adaptor adaptor(operands, attrs, props, regions);
  auto r = guard([&] { return OpT::compute(in, adaptor); });
  if (!r)
    return emitOptionalError(loc, "'", OpT::getOperationName(), "' op ",
                             r.message());
  // The result must itself be a valid value of its kind (e.g. no zero or
  // negative shape in a layout), or its type could not be parsed back.
  DynamicSymbols check;
  std::string text = r->str();
  if (auto valid = parseCuteValue(r->kind, text, check); !valid)
    return emitOptionalError(loc, "'", OpT::getOperationName(),
                             "' op computed an invalid ", kindName(r->kind),
                             " \"", text, "\": ", valid.message());
  inferred.push_back(typeOfValue(ctx, *r));
  return success();
}

std::vector<int> modePath(std::optional<ArrayRef<int32_t>> mode) {
  if (!mode)
    return {};
  return std::vector<int>(mode->begin(), mode->end());
}

/// Follows a mode path through a tuple with CuTe IR's diagnostics.
IntTuple tupleAt(const IntTuple &t, const std::vector<int> &path) {
  const IntTuple *cur = &t;
  for (size_t d = 0; d < path.size(); ++d) {
    if (!cur->isTuple())
      fail("expects mode indices to stop at a scalar leaf, but got " +
           std::to_string(path.size() - d) + " extra index after depth " +
           std::to_string(d));
    if (path[d] < 0 || size_t(path[d]) >= cur->rank())
      fail("expects mode index in [0, " + std::to_string(cur->rank()) +
           ") at depth " + std::to_string(d) + ", but got " +
           std::to_string(path[d]));
    cur = &(*cur)[size_t(path[d])];
  }
  return *cur;
}

Layout layoutAt(const Layout &l, const std::vector<int> &path) {
  return Layout(tupleAt(l.shape, path), tupleAt(l.stride, path));
}

Tile tileAt(const Tile &t, const std::vector<int> &path) {
  const Tile *cur = &t;
  for (size_t d = 0; d < path.size(); ++d) {
    if (!cur->isTuple())
      fail("expects mode indices to stop at a tile leaf, but got " +
           std::to_string(path.size() - d) + " extra index after depth " +
           std::to_string(d));
    if (path[d] < 0 || size_t(path[d]) >= cur->rank())
      fail("expects mode index in [0, " + std::to_string(cur->rank()) +
           ") at depth " + std::to_string(d) + ", but got " +
           std::to_string(path[d]));
    cur = &cur->elems[size_t(path[d])];
  }
  return *cur;
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

IntTuple addOrSub(const IntTuple &a, const IntTuple &b, bool add) {
  if (!a.isTuple() && !b.isTuple())
    return add ? IntTuple(a.value() + b.value())
               : IntTuple(a.value() - b.value());
  if (!a.isTuple() || !b.isTuple())
    fail("expects congruent tuples, but got \"" + a.str() + "\" and \"" +
         b.str() + "\"");
  std::vector<IntTuple> r;
  for (size_t i = 0; i < std::max(a.rank(), b.rank()); ++i) {
    if (i >= a.rank())
      r.push_back(b[i]); // CuTe IR: trailing modes pass through unchanged.
    else if (i >= b.rank())
      r.push_back(a[i]);
    else
      r.push_back(addOrSub(a[i], b[i], add));
  }
  return IntTuple(std::move(r));
}

void checkSameKind(const CuteValue &a, const CuteValue &b) {
  if (a.kind != b.kind)
    fail(std::string("expects lhs and rhs to have the same kind, but got a ") +
         kindName(a.kind) + " and a " + kindName(b.kind));
}

Layout recastLayout(const Layout &l, int newBits, int oldBits) {
  return recast(l, oldBits, newBits);
}

} // namespace

#define CUTE_INFER(OP)                                                         \
  LogicalResult OP::inferReturnTypes(                                          \
      MLIRContext *ctx, std::optional<Location> loc, ValueRange operands,      \
      DictionaryAttr attrs, OpaqueProperties props, RegionRange regions,       \
      SmallVectorImpl<Type> &inferred) {                                       \
    return inferAlgebra<OP>(ctx, loc, operands, attrs, props, regions,         \
                            inferred);                                         \
  }

//===----------------------------------------------------------------------===//
// Constructors
//===----------------------------------------------------------------------===//

CUTE_INFER(MakeLayoutOp)
CuteValue MakeLayoutOp::compute(ArrayRef<CuteValue> in, Adaptor) {
  if (!congruent(in[0].tuple, in[1].tuple))
    fail("expects congruent shape and stride, but got \"" + in[0].str() +
         "\" and \"" + in[1].str() + "\"");
  return CuteValue::ofLayout(Layout(in[0].tuple, in[1].tuple));
}

CUTE_INFER(MakeComposedLayoutOp)
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

CUTE_INFER(MakeIdentityLayoutOp)
CuteValue MakeIdentityLayoutOp::compute(ArrayRef<CuteValue> in, Adaptor) {
  return CuteValue::ofLayout(makeIdentityLayout(in[0].tuple));
}

CUTE_INFER(MakeOrderedLayoutOp)
CuteValue MakeOrderedLayoutOp::compute(ArrayRef<CuteValue> in, Adaptor) {
  if (!in[1].tuple.isStatic())
    fail("expects a static order, but got \"" + in[1].str() + "\"");
  return CuteValue::ofLayout(makeOrderedLayout(in[0].tuple, in[1].tuple));
}

CUTE_INFER(MakeLayoutLikeOp)
CuteValue MakeLayoutLikeOp::compute(ArrayRef<CuteValue> in, Adaptor) {
  return CuteValue::ofLayout(makeLayoutLike(outerLayout(in[0])));
}

//===----------------------------------------------------------------------===//
// Accessors
//===----------------------------------------------------------------------===//

CUTE_INFER(GetShapeOp)
CuteValue GetShapeOp::compute(ArrayRef<CuteValue> in, Adaptor) {
  if (in[0].kind == CuteKind::Tile)
    return retag(CuteKind::Shape, tileShape(in[0].tile));
  return retag(CuteKind::Shape, outerLayout(in[0]).shape);
}

CUTE_INFER(GetStrideOp)
CuteValue GetStrideOp::compute(ArrayRef<CuteValue> in, Adaptor) {
  return retag(CuteKind::Stride, in[0].layout.stride);
}

CUTE_INFER(ComposedGetInnerOp)
CuteValue ComposedGetInnerOp::compute(ArrayRef<CuteValue> in, Adaptor) {
  const ComposedLayout &c = in[0].composed;
  if (c.innerIsSwizzle())
    return CuteValue::ofSwizzle(c.swizzle());
  return CuteValue::ofLayout(c.innerLayout());
}

CUTE_INFER(ComposedGetOffsetOp)
CuteValue ComposedGetOffsetOp::compute(ArrayRef<CuteValue> in, Adaptor) {
  return retag(CuteKind::IntTuple, in[0].composed.offset);
}

CUTE_INFER(ComposedGetOuterOp)
CuteValue ComposedGetOuterOp::compute(ArrayRef<CuteValue> in, Adaptor) {
  return CuteValue::ofLayout(in[0].composed.outer);
}

CUTE_INFER(GetOp)
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

CUTE_INFER(SelectOp)
CuteValue SelectOp::compute(ArrayRef<CuteValue> in, Adaptor a) {
  std::vector<int> modes(a.getMode().begin(), a.getMode().end());
  const CuteValue &v = in[0];
  size_t rank = v.isTuple()                ? v.tuple.rank()
                : v.kind == CuteKind::Tile ? v.tile.rank()
                : v.kind == CuteKind::Swizzle ? 0
                                              : outerLayout(v).rank();
  for (int m : modes)
    if (v.kind != CuteKind::Swizzle && (m < 0 || size_t(m) >= rank))
      fail("expects mode index in [0, " + std::to_string(rank) +
           ") at depth 0, but got " + std::to_string(m));
  switch (v.kind) {
  case CuteKind::Layout:
  case CuteKind::ComposedLayout:
    return onLayout(v, [&](const Layout &l) { return select(l, modes); });
  case CuteKind::Tile: {
    std::vector<Tile> r;
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
  CUTE_INFER(OP)                                                               \
  CuteValue OP::compute(ArrayRef<CuteValue> in, Adaptor) {                     \
    DynamicSymbols syms;                                                          \
    /* Re-check the target kind's rules on the same text. */                   \
    auto checked = parseCuteValue(CuteKind::KIND, in[0].str(), syms);         \
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

CUTE_INFER(SizeOp)
CuteValue SizeOp::compute(ArrayRef<CuteValue> in, Adaptor a) {
  std::vector<int> path = modePath(a.getMode());
  const CuteValue &v = in[0];
  if (v.isTuple())
    return retag(CuteKind::IntTuple, IntTuple(product(tupleAt(v.tuple, path))));
  return retag(CuteKind::IntTuple,
               IntTuple(size(layoutAt(outerLayout(v), path))));
}

CUTE_INFER(CosizeOp)
CuteValue CosizeOp::compute(ArrayRef<CuteValue> in, Adaptor a) {
  std::vector<int> path = modePath(a.getMode());
  return retag(CuteKind::IntTuple,
               IntTuple(cosize(layoutAt(outerLayout(in[0]), path))));
}

CUTE_INFER(TupleProductOp)
CuteValue TupleProductOp::compute(ArrayRef<CuteValue> in, Adaptor) {
  return retag(in[0].kind, IntTuple(product(in[0].tuple)));
}

CUTE_INFER(TupleProductEachOp)
CuteValue TupleProductEachOp::compute(ArrayRef<CuteValue> in, Adaptor) {
  return retag(in[0].kind, productEach(in[0].tuple));
}

CUTE_INFER(LayoutEvalOp)
CuteValue LayoutEvalOp::compute(ArrayRef<CuteValue> in, Adaptor) {
  if (in[0].tuple.hasUnderscore())
    fail("expects a coordinate without `_`, but got \"" + in[0].str() + "\"");
  if (in[1].kind == CuteKind::ComposedLayout)
    return retag(CuteKind::IntTuple, in[1].composed(in[0].tuple));
  return retag(CuteKind::IntTuple, in[1].layout(in[0].tuple));
}

CUTE_INFER(Crd2IdxOp)
CuteValue Crd2IdxOp::compute(ArrayRef<CuteValue> in, Adaptor) {
  if (in[0].tuple.hasUnderscore())
    fail("expects a coordinate without `_`, but got \"" + in[0].str() + "\"");
  return retag(CuteKind::IntTuple, IntTuple(crd2idx(in[0].tuple, in[1].tuple)));
}

CUTE_INFER(Idx2CrdOp)
CuteValue Idx2CrdOp::compute(ArrayRef<CuteValue> in, Adaptor) {
  return retag(CuteKind::Coord, idx2crd(in[0].tuple, in[1].tuple));
}

static CuteValue toRank(ArrayRef<CuteValue> in, int32_t rank, bool back) {
  const CuteValue &v = in[0], &e = in[1];
  if (v.kind == CuteKind::Layout || v.kind == CuteKind::ComposedLayout) {
    if (e.kind != CuteKind::Layout)
      fail("expects a layout element for a layout input, but got a " +
           std::string(kindName(e.kind)));
    return onLayout(v, [&](const Layout &l) {
      return Layout(padTuple(l.shape, size_t(rank), e.layout.shape, back),
                    padTuple(l.stride, size_t(rank), e.layout.stride, back));
    });
  }
  if (!e.isTuple())
    fail("expects a tuple element for a tuple input, but got a " +
         std::string(kindName(e.kind)));
  return retag(v.kind, padTuple(v.tuple, size_t(rank), e.tuple, back));
}

CUTE_INFER(AppendToRankOp)
CuteValue AppendToRankOp::compute(ArrayRef<CuteValue> in, Adaptor a) {
  return toRank(in, a.getRank(), /*back=*/true);
}

CUTE_INFER(PrependToRankOp)
CuteValue PrependToRankOp::compute(ArrayRef<CuteValue> in, Adaptor a) {
  return toRank(in, a.getRank(), /*back=*/false);
}

//===----------------------------------------------------------------------===//
// Tuple arithmetic
//===----------------------------------------------------------------------===//

CUTE_INFER(TupleAddOp)
CuteValue TupleAddOp::compute(ArrayRef<CuteValue> in, Adaptor) {
  checkSameKind(in[0], in[1]);
  return retag(in[0].kind, addOrSub(in[0].tuple, in[1].tuple, true));
}

CUTE_INFER(TupleSubOp)
CuteValue TupleSubOp::compute(ArrayRef<CuteValue> in, Adaptor) {
  checkSameKind(in[0], in[1]);
  return retag(in[0].kind, addOrSub(in[0].tuple, in[1].tuple, false));
}

CUTE_INFER(ShapeDivOp)
CuteValue ShapeDivOp::compute(ArrayRef<CuteValue> in, Adaptor) {
  return retag(CuteKind::Shape, shapeDiv(in[0].tuple, in[1].tuple));
}

CUTE_INFER(CeilDivOp)
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
  return retag(in[0].kind, ceilDiv(in[0].tuple, in[1].tuple));
}

//===----------------------------------------------------------------------===//
// Layout algebra
//===----------------------------------------------------------------------===//

CUTE_INFER(CompositionOp)
CuteValue CompositionOp::compute(ArrayRef<CuteValue> in, Adaptor) {
  auto tiler = tilerOf(in[1]);
  const CuteValue &a = in[0];
  if (a.kind == CuteKind::ComposedLayout) {
    if (auto *l = std::get_if<Layout>(&tiler))
      return CuteValue::ofComposed(composition(a.composed, *l));
    return CuteValue::ofComposed(composition(a.composed, std::get<Tile>(tiler)));
  }
  if (auto *l = std::get_if<Layout>(&tiler))
    return CuteValue::ofLayout(composition(a.layout, *l));
  return CuteValue::ofLayout(composition(a.layout, std::get<Tile>(tiler)));
}

CUTE_INFER(CoalesceOp)
CuteValue CoalesceOp::compute(ArrayRef<CuteValue> in, Adaptor) {
  if (in.size() > 1) {
    IntTuple profile = in[1].tuple;
    return onLayout(in[0],
                    [&](const Layout &l) { return coalesce(l, profile); });
  }
  return onLayout(in[0], [](const Layout &l) { return coalesce(l); });
}

CUTE_INFER(FlattenOp)
CuteValue FlattenOp::compute(ArrayRef<CuteValue> in, Adaptor) {
  const CuteValue &v = in[0];
  if (v.isTuple())
    return retag(v.kind, flatten(v.tuple));
  if (v.kind == CuteKind::Layout || v.kind == CuteKind::ComposedLayout)
    return onLayout(v, [](const Layout &l) { return flatten(l); });
  fail(std::string("expects a tuple or a layout, but got a ") +
       kindName(v.kind));
}

CUTE_INFER(ComplementOp)
CuteValue ComplementOp::compute(ArrayRef<CuteValue> in, Adaptor) {
  if (in.size() == 1)
    return CuteValue::ofLayout(complement(in[0].layout));
  IntTuple cotarget =
      in[1].kind == CuteKind::Layout ? in[1].layout.shape : in[1].tuple;
  return CuteValue::ofLayout(complement(in[0].layout, cotarget));
}

CUTE_INFER(GroupModesOp)
CuteValue GroupModesOp::compute(ArrayRef<CuteValue> in, Adaptor a) {
  int32_t b = a.getBegin(), e = a.getEnd();
  const CuteValue &v = in[0];
  size_t rank = v.isTuple() ? v.tuple.rank()
                : (v.kind == CuteKind::Layout || v.kind == CuteKind::ComposedLayout)
                    ? outerLayout(v).rank()
                    : 0;
  if (b < 0 || b >= e || size_t(e) > rank)
    fail("expects 0 <= begin < end <= rank (" + std::to_string(rank) +
         "), but got begin=" + std::to_string(b) + " end=" + std::to_string(e));
  if (v.isTuple())
    return retag(v.kind, groupModes(v.tuple, size_t(b), size_t(e)));
  return onLayout(v, [&](const Layout &l) {
    return groupModes(l, size_t(b), size_t(e));
  });
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
           "got " + std::to_string(x));
    return k;
  };
  if (newBits >= oldBits) {
    if (newBits % oldBits)
      fail("recast_layout: " + std::to_string(newBits) +
           " is not a multiple of " + std::to_string(oldBits));
    int k = log2Exact(newBits / oldBits);
    if (s.base < k)
      fail("recast_layout: the swizzle " + s.str() + " has base " +
           std::to_string(s.base) + " < log2(" + std::to_string(newBits) +
           "/" + std::to_string(oldBits) + ")");
    return Swizzle(s.bits, s.base - k, s.shift);
  }
  if (oldBits % newBits)
    fail("recast_layout: " + std::to_string(oldBits) +
         " is not a multiple of " + std::to_string(newBits));
  Swizzle r(s.bits, s.base + log2Exact(oldBits / newBits), s.shift);
  checkSwizzleRange(r);
  return r;
}

CUTE_INFER(RecastLayoutOp)
CuteValue RecastLayoutOp::compute(ArrayRef<CuteValue> in, Adaptor a) {
  int nb = a.getNewTypeBits(), ob = a.getOldTypeBits();
  const CuteValue &v = in[0];
  if (v.kind == CuteKind::ComposedLayout) {
    ComposedLayout c = v.composed;
    if (!c.innerIsSwizzle())
      fail("recast_layout of a composed layout needs a swizzle inner function");
    if (!c.offset.value().is(0))
      fail("recast_layout of a composed layout needs a zero offset, but got " +
           c.offset.str());
    c.inner = recastSwizzle(c.swizzle(), nb, ob);
    c.outer = recastLayout(c.outer, nb, ob);
    return CuteValue::ofComposed(c);
  }
  return CuteValue::ofLayout(recastLayout(v.layout, nb, ob));
}

static CuteValue sliceOrDice(ArrayRef<CuteValue> in, bool isSlice) {
  const CuteValue &v = in[0];
  const IntTuple &crd = in[1].tuple;
  if (!isSlice && !crd.isStatic())
    fail("expects coord to be static, but got \"" + crd.str() + "\"");
  if (v.isTuple()) {
    if (!weaklyCongruent(crd, v.tuple))
      fail("expects coord to be weakly congruent with the input, but got \"" +
           crd.str() + "\" and \"" + v.str() + "\"");
    return retag(v.kind, isSlice ? sliceIntTuple(crd, v.tuple)
                                 : diceIntTuple(crd, v.tuple));
  }
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

CUTE_INFER(SliceOp)
CuteValue SliceOp::compute(ArrayRef<CuteValue> in, Adaptor) {
  return sliceOrDice(in, true);
}

CUTE_INFER(DiceOp)
CuteValue DiceOp::compute(ArrayRef<CuteValue> in, Adaptor) {
  return sliceOrDice(in, false);
}

CUTE_INFER(RightInverseOp)
CuteValue RightInverseOp::compute(ArrayRef<CuteValue> in, Adaptor) {
  return CuteValue::ofLayout(rightInverse(in[0].layout));
}

CUTE_INFER(LeftInverseOp)
CuteValue LeftInverseOp::compute(ArrayRef<CuteValue> in, Adaptor) {
  return CuteValue::ofLayout(leftInverse(in[0].layout));
}

//===----------------------------------------------------------------------===//
// Products and divides
//===----------------------------------------------------------------------===//

#define CUTE_PRODUCT(OP, FN)                                                   \
  CUTE_INFER(OP)                                                               \
  CuteValue OP::compute(ArrayRef<CuteValue> in, Adaptor) {                     \
    const Layout &b = in[1].layout;                                            \
    return onLayout(in[0], [&](const Layout &a) { return FN(a, b); });         \
  }
CUTE_PRODUCT(LogicalProductOp, logicalProduct)
CUTE_PRODUCT(ZippedProductOp, zippedProduct)
CUTE_PRODUCT(TiledProductOp, tiledProduct)
CUTE_PRODUCT(FlatProductOp, flatProduct)
CUTE_PRODUCT(RakedProductOp, rakedProduct)
CUTE_PRODUCT(BlockedProductOp, blockedProduct)

#define CUTE_DIVIDE(OP, FN)                                                    \
  CUTE_INFER(OP)                                                               \
  CuteValue OP::compute(ArrayRef<CuteValue> in, Adaptor) {                     \
    auto tiler = tilerOf(in[1]);                                               \
    return onLayout(in[0], [&](const Layout &a) {                              \
      if (auto *l = std::get_if<Layout>(&tiler))                               \
        return FN(a, *l);                                                      \
      return FN(a, std::get<Tile>(tiler));                                     \
    });                                                                        \
  }
CUTE_DIVIDE(LogicalDivideOp, logicalDivide)
CUTE_DIVIDE(ZippedDivideOp, zippedDivide)
CUTE_DIVIDE(TiledDivideOp, tiledDivide)
CUTE_DIVIDE(FlatDivideOp, flatDivide)

CUTE_INFER(TileToShapeOp)
CuteValue TileToShapeOp::compute(ArrayRef<CuteValue> in, Adaptor) {
  std::optional<IntTuple> order;
  if (in.size() > 2) {
    if (!in[2].tuple.isStatic())
      fail("expects a static order, but got \"" + in[2].str() + "\"");
    order = in[2].tuple;
  }
  IntTuple shape = in[1].tuple;
  return onLayout(in[0], [&](const Layout &a) {
    return tileToShape(a, shape, order);
  });
}
