//===- CuteValue.cpp - Layout-library values of cute types ----------------===//
#include "cute/Dialect/Cute/IR/Cute.h"

#include "llvm/ADT/TypeSwitch.h"

using namespace ::cute::layout;

namespace mlir::cute {

const char *kindName(CuteKind k) {
  switch (k) {
  case CuteKind::IntTuple:
    return "int_tuple";
  case CuteKind::Shape:
    return "shape";
  case CuteKind::Stride:
    return "stride";
  case CuteKind::Coord:
    return "coord";
  case CuteKind::Layout:
    return "layout";
  case CuteKind::Tile:
    return "tile";
  case CuteKind::ComposedLayout:
    return "composed_layout";
  case CuteKind::Swizzle:
    return "swizzle";
  }
  return "?";
}

CuteValue CuteValue::ofTuple(CuteKind k, IntTuple t) {
  CuteValue v;
  v.kind = k;
  v.tuple = std::move(t);
  return v;
}

CuteValue CuteValue::ofLayout(Layout l) {
  CuteValue v;
  v.kind = CuteKind::Layout;
  v.layout = std::move(l);
  return v;
}

CuteValue CuteValue::ofComposed(ComposedLayout c) {
  if (c.innerIsSwizzle() && c.swizzle().isIdentity() && c.offset.isInt() &&
      c.offset.value().is(0))
    return ofLayout(c.outer);
  CuteValue v;
  v.kind = CuteKind::ComposedLayout;
  v.composed = std::move(c);
  return v;
}

CuteValue CuteValue::ofTile(Tile t) {
  CuteValue v;
  v.kind = CuteKind::Tile;
  v.tile = std::move(t);
  return v;
}

CuteValue CuteValue::ofSwizzle(Swizzle s) {
  CuteValue v;
  v.kind = CuteKind::Swizzle;
  v.swizzle = s;
  return v;
}

static bool tileIsStatic(const Tile &t) {
  if (t.isLayout())
    return t.layout.isStatic();
  for (auto &e : t.elems)
    if (!tileIsStatic(e))
      return false;
  return true;
}

bool CuteValue::isStatic() const {
  switch (kind) {
  case CuteKind::Layout:
    return layout.isStatic();
  case CuteKind::Tile:
    return tileIsStatic(tile);
  case CuteKind::ComposedLayout:
    return (composed.innerIsSwizzle() || composed.innerLayout().isStatic()) &&
           composed.offset.isStatic() && composed.outer.isStatic();
  case CuteKind::Swizzle:
    return true;
  default:
    return tuple.isStatic();
  }
}

std::string CuteValue::str() const {
  switch (kind) {
  case CuteKind::Layout:
    return layout.str();
  case CuteKind::Tile:
    return tile.str();
  case CuteKind::ComposedLayout:
    return composed.str();
  case CuteKind::Swizzle:
    return swizzle.str();
  default:
    return tuple.str();
  }
}

static void tupleScalars(const IntTuple &t, std::vector<Int> &out) {
  t.forEachLeaf([&](const IntTuple &l) {
    if (l.isUnderscore())
      return;
    out.push_back(l.value());
    if (l.isBasis())
      out.push_back(Int(int64_t(l.basisModes().front())));
  });
}

static void layoutScalars(const Layout &l, std::vector<Int> &out) {
  tupleScalars(l.shape, out);
  tupleScalars(l.stride, out);
}

static void tileScalars(const Tile &t, std::vector<Int> &out) {
  if (t.isLayout())
    layoutScalars(t.layout, out);
  for (auto &e : t.elems)
    tileScalars(e, out);
}

std::vector<Int> scalarLeaves(const CuteValue &v) {
  std::vector<Int> out;
  switch (v.kind) {
  case CuteKind::Layout:
    layoutScalars(v.layout, out);
    break;
  case CuteKind::Tile:
    tileScalars(v.tile, out);
    break;
  case CuteKind::ComposedLayout:
    if (v.composed.innerIsSwizzle()) {
      const Swizzle &s = v.composed.swizzle();
      out.insert(out.end(), {Int(s.bits), Int(s.base), Int(s.shift)});
    } else {
      layoutScalars(v.composed.innerLayout(), out);
    }
    tupleScalars(v.composed.offset, out);
    layoutScalars(v.composed.outer, out);
    break;
  case CuteKind::Swizzle:
    out.insert(out.end(),
               {Int(v.swizzle.bits), Int(v.swizzle.base), Int(v.swizzle.shift)});
    break;
  default:
    tupleScalars(v.tuple, out);
  }
  return out;
}

std::optional<CuteKind> kindOfType(Type t) {
  if (isa<IntTupleType>(t))
    return CuteKind::IntTuple;
  if (isa<ShapeType>(t))
    return CuteKind::Shape;
  if (isa<StrideType>(t))
    return CuteKind::Stride;
  if (isa<CoordType>(t))
    return CuteKind::Coord;
  if (isa<LayoutType>(t))
    return CuteKind::Layout;
  if (isa<TileType>(t))
    return CuteKind::Tile;
  if (isa<ComposedLayoutType>(t))
    return CuteKind::ComposedLayout;
  if (isa<SwizzleType>(t))
    return CuteKind::Swizzle;
  return std::nullopt;
}

// --- Per-kind rules --------------------------------------------------------

static void checkNoUnderscore(const IntTuple &t, const char *what) {
  if (t.hasUnderscore())
    fail(std::string("`_` is not allowed in ") + what + ", but got \"" +
         t.str() + "\"");
}

static void checkNoBasis(const IntTuple &t, const char *what) {
  t.forEachLeaf([&](const IntTuple &l) {
    if (l.isBasis())
      fail(std::string("scaled basis elements are not allowed in ") + what +
           ", but got \"" + t.str() + "\"");
  });
}

/// Strides are all integers or all scaled basis elements (integer zeros may
/// mix with basis elements), and basis paths agree on depth.
static void checkStride(const IntTuple &t) {
  checkNoUnderscore(t, "a stride");
  bool anyBasis = false, anyNonzeroInt = false;
  t.forEachLeaf([&](const IntTuple &l) {
    if (l.isBasis())
      anyBasis = true;
    else if (!l.value().is(0))
      anyNonzeroInt = true;
  });
  if (anyBasis && anyNonzeroInt)
    fail("expects strides to be either all-integer or all-scaled-basis (zero "
         "integers allowed when mixed), but got \"" +
         t.str() + "\"");
  // No basis path (outermost mode first) may be a proper prefix of another.
  std::vector<std::vector<int>> paths;
  t.forEachLeaf([&](const IntTuple &l) {
    if (l.isBasis())
      paths.push_back(l.basisModes());
  });
  for (auto &p : paths)
    for (auto &q : paths)
      if (p.size() < q.size() && std::equal(p.begin(), p.end(), q.begin()))
        fail("expects scaled-basis paths to agree on mode-index depth (no "
             "path may terminate at a node that another path continues "
             "through), but got \"" +
             t.str() + "\"");
}

void checkSwizzleRange(const Swizzle &s) {
  int as = s.shift < 0 ? -s.shift : s.shift;
  if (s.bits + s.base + as > 32)
    fail("swizzle " + s.str() + ": expects |shift| + bits + base <= 32");
}

static void checkLayout(const Layout &l) {
  checkNoUnderscore(l.shape, "a layout's shape");
  checkNoBasis(l.shape, "a layout's shape");
  checkStride(l.stride);
  l.shape.forEachLeaf([&](const IntTuple &leaf) {
    if (leaf.value().isStatic() && leaf.value().value() <= 0)
      fail("expects positive shape modes, but got \"" + l.str() + "\"");
  });
}

static void checkTile(const Tile &t) {
  if (t.isLayout())
    checkLayout(t.layout);
  for (auto &e : t.elems)
    checkTile(e);
}

Expected<CuteValue> parseCuteValue(CuteKind k, llvm::StringRef spec,
                                   ::cute::layout::DynamicSymbols &syms) {
  std::string_view text(spec.data(), spec.size());
  return guard([&]() -> CuteValue {
    auto unwrapOrFail = [](auto e) {
      if (!e)
        fail(e.message());
      return *e;
    };
    switch (k) {
    case CuteKind::IntTuple:
    case CuteKind::Shape:
    case CuteKind::Stride:
    case CuteKind::Coord: {
      IntTuple t = unwrapOrFail(parseIntTuple(text, syms));
      if (k != CuteKind::Coord)
        checkNoUnderscore(t, k == CuteKind::Stride ? "a stride"
                             : k == CuteKind::Shape ? "a shape"
                                                    : "an int_tuple");
      if (k == CuteKind::Stride)
        checkStride(t);
      else
        checkNoBasis(t, kindName(k));
      return CuteValue::ofTuple(k, t);
    }
    case CuteKind::Layout: {
      Layout l = unwrapOrFail(parseLayout(text, syms));
      checkLayout(l);
      return CuteValue::ofLayout(l);
    }
    case CuteKind::Tile: {
      Tile t = unwrapOrFail(parseTile(text, syms));
      checkTile(t);
      return CuteValue::ofTile(t);
    }
    case CuteKind::ComposedLayout: {
      ComposedLayout c = unwrapOrFail(parseComposedLayout(text, syms));
      checkLayout(c.outer);
      checkNoBasis(c.offset, "the offset of a composed layout");
      if (!c.innerIsSwizzle())
        checkLayout(c.innerLayout());
      else {
        checkSwizzleRange(c.swizzle());
        if (!c.offset.isInt())
          fail("a swizzle composed layout expects a scalar offset, but got \"" +
               c.offset.str() + "\"");
        checkNoBasis(c.outer.stride, "the outer layout of a swizzle");
      }
      CuteValue v;
      v.kind = CuteKind::ComposedLayout;
      v.composed = c;
      return v;
    }
    case CuteKind::Swizzle:
    {
      Swizzle sw = unwrapOrFail(parseSwizzle(text));
      checkSwizzleRange(sw);
      return CuteValue::ofSwizzle(sw);
    }
    }
    fail("unknown cute kind");
  });
}

Expected<CuteValue> valueOfType(Type t, ::cute::layout::DynamicSymbols &syms) {
  auto k = kindOfType(t);
  if (!k)
    return Expected<CuteValue>::error("expected a cute type");
  llvm::StringRef spec;
  llvm::TypeSwitch<Type>(t)
      .Case<IntTupleType, ShapeType, StrideType, CoordType, LayoutType,
            TileType, ComposedLayoutType, SwizzleType>(
          [&](auto ty) { spec = ty.getSpec(); });
  return parseCuteValue(*k, spec, syms);
}

Type typeOfValue(MLIRContext *ctx, const CuteValue &v) {
  std::string s = v.str();
  switch (v.kind) {
  case CuteKind::IntTuple:
    return IntTupleType::get(ctx, s);
  case CuteKind::Shape:
    return ShapeType::get(ctx, s);
  case CuteKind::Stride:
    return StrideType::get(ctx, s);
  case CuteKind::Coord:
    return CoordType::get(ctx, s);
  case CuteKind::Layout:
    return LayoutType::get(ctx, s);
  case CuteKind::Tile:
    return TileType::get(ctx, s);
  case CuteKind::ComposedLayout:
    return ComposedLayoutType::get(ctx, s);
  case CuteKind::Swizzle:
    return SwizzleType::get(ctx, s);
  }
  return {};
}

} // namespace mlir::cute
