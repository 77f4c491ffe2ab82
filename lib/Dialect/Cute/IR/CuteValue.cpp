//===- CuteValue.cpp - Layout-library values of cute types ----------------===//
#include "cute/Dialect/Cute/IR/Cute.h"
#include "cute/Dialect/Cute/IR/CuteParams.h"

#include "mlir/IR/DialectImplementation.h"

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
    out.insert(out.end(), {Int(v.swizzle.bits), Int(v.swizzle.base),
                           Int(v.swizzle.shift)});
    break;
  default:
    tupleScalars(v.tuple, out);
  }
  return out;
}

std::optional<CuteKind> kindOfType(Type t) {
  if (auto v = dyn_cast<CuteValueTypeInterface>(t))
    return v.getCuteKind();
  return std::nullopt;
}

const CuteValue *cuteValueOf(Type t) {
  if (auto v = dyn_cast<CuteValueTypeInterface>(t))
    return &v.getValue();
  return nullptr;
}

const CuteValue *cuteValueOf(Attribute a) {
  if (auto v = dyn_cast_if_present<CuteValueAttrInterface>(a))
    return &v.getValue();
  return nullptr;
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

std::optional<CuteValue> swizzleValue(const std::optional<Swizzle> &s) {
  if (!s)
    return std::nullopt;
  return CuteValue::ofSwizzle(*s);
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
    CuteValue v;
    switch (k) {
    case CuteKind::IntTuple:
    case CuteKind::Shape:
    case CuteKind::Stride:
    case CuteKind::Coord:
      v = CuteValue::ofTuple(k, unwrapOrFail(parseIntTuple(text, syms)));
      break;
    case CuteKind::Layout:
      v = CuteValue::ofLayout(unwrapOrFail(parseLayout(text, syms)));
      break;
    case CuteKind::Tile:
      v = CuteValue::ofTile(unwrapOrFail(parseTile(text, syms)));
      break;
    case CuteKind::ComposedLayout:
      // Kept composed even when it could decay: the text names the kind.
      v.kind = CuteKind::ComposedLayout;
      v.composed = unwrapOrFail(parseComposedLayout(text, syms));
      break;
    case CuteKind::Swizzle:
      v = CuteValue::ofSwizzle(unwrapOrFail(parseSwizzle(text)));
      break;
    }
    checkValueRules(v);
    return v;
  });
}

void checkValueRules(const CuteValue &v) {
  switch (v.kind) {
  case CuteKind::IntTuple:
  case CuteKind::Shape:
  case CuteKind::Stride:
  case CuteKind::Coord:
    if (v.kind != CuteKind::Coord)
      checkNoUnderscore(v.tuple, v.kind == CuteKind::Stride  ? "a stride"
                                 : v.kind == CuteKind::Shape ? "a shape"
                                                             : "an int_tuple");
    if (v.kind == CuteKind::Stride)
      checkStride(v.tuple);
    else
      checkNoBasis(v.tuple, kindName(v.kind));
    return;
  case CuteKind::Layout:
    checkLayout(v.layout);
    return;
  case CuteKind::Tile:
    checkTile(v.tile);
    return;
  case CuteKind::ComposedLayout: {
    const ComposedLayout &c = v.composed;
    checkLayout(c.outer);
    checkNoBasis(c.offset, "the offset of a composed layout");
    if (!c.innerIsSwizzle()) {
      checkLayout(c.innerLayout());
      // A maps `offset + B(x)`: B(0) + offset must be addable and be a
      // scalar or a coordinate A's shape can take.
      IntTuple b0 = c.outer(IntTuple(0));
      auto sum = guard([&] { return addIndex(c.offset, b0); });
      if (!sum)
        fail("expects offset and `layout_eval(0, outer)` to be addable, but "
             "got " +
             c.offset.str() + " and " + b0.str());
      if (sum->isTuple() && !weaklyCongruent(*sum, c.innerLayout().shape))
        fail("expects arith sum of `layout_eval(0, outer)` and `offset` to "
             "be scalar or weakly congruent to inner shape, but got sum " +
             sum->str() + " and inner shape " + c.innerLayout().shape.str());
      return;
    }
    checkSwizzleRange(c.swizzle());
    if (!c.offset.isInt())
      fail("a swizzle composed layout expects a scalar offset, but got \"" +
           c.offset.str() + "\"");
    checkNoBasis(c.outer.stride, "the outer layout of a swizzle");
    return;
  }
  case CuteKind::Swizzle:
    checkSwizzleRange(v.swizzle);
    return;
  }
}

Expected<CuteValue> valueOfType(Type t, ::cute::layout::DynamicSymbols &syms) {
  const CuteValue *v = cuteValueOf(t);
  if (!v)
    return ::cute::layout::algebraError("expected a cute type");
  return v->withFreshSymbols(syms);
}

Type typeOfValue(MLIRContext *ctx, const CuteValue &v) {
  switch (v.kind) {
  case CuteKind::IntTuple:
    return IntTupleType::get(ctx, v);
  case CuteKind::Shape:
    return ShapeType::get(ctx, v);
  case CuteKind::Stride:
    return StrideType::get(ctx, v);
  case CuteKind::Coord:
    return CoordType::get(ctx, v);
  case CuteKind::Layout:
    return LayoutType::get(ctx, v);
  case CuteKind::Tile:
    return TileType::get(ctx, v);
  case CuteKind::ComposedLayout:
    return ComposedLayoutType::get(ctx, v);
  case CuteKind::Swizzle:
    return SwizzleType::get(ctx, v);
  }
  return {};
}

Attribute attrOfValue(MLIRContext *ctx, const CuteValue &v) {
  switch (v.kind) {
  case CuteKind::IntTuple:
    return IntTupleAttr::get(ctx, v);
  case CuteKind::Shape:
    return ShapeAttr::get(ctx, v);
  case CuteKind::Stride:
    return StrideAttr::get(ctx, v);
  case CuteKind::Coord:
    return CoordAttr::get(ctx, v);
  case CuteKind::Layout:
    return LayoutAttr::get(ctx, v);
  case CuteKind::Tile:
    return TileAttr::get(ctx, v);
  case CuteKind::ComposedLayout:
    return ComposedLayoutAttr::get(ctx, v);
  case CuteKind::Swizzle:
    return SwizzleAttr::get(ctx, v);
  }
  return {};
}

//===----------------------------------------------------------------------===//
// Canonical form, identity, hashing
//===----------------------------------------------------------------------===//

using IntFn = std::function<Int(const Int &)>;

static IntTuple mapTuple(const IntTuple &t, const IntFn &f) {
  switch (t.getKind()) {
  case IntTuple::Kind::Int:
    return IntTuple(f(t.value()));
  case IntTuple::Kind::Basis:
    return IntTuple::basis(f(t.value()), t.basisModes());
  case IntTuple::Kind::Underscore:
    return t;
  case IntTuple::Kind::Tuple: {
    std::vector<IntTuple> e;
    e.reserve(t.rank());
    for (const IntTuple &x : t.elements())
      e.push_back(mapTuple(x, f));
    return IntTuple(std::move(e));
  }
  }
  return t;
}

static Layout mapLayout(const Layout &l, const IntFn &f) {
  // Shape leaves first, then stride leaves: the text order.
  IntTuple shape = mapTuple(l.shape, f);
  IntTuple stride = mapTuple(l.stride, f);
  Layout r;
  r.shape = std::move(shape);
  r.stride = std::move(stride);
  return r;
}

static Tile mapTile(const Tile &t, const IntFn &f) {
  if (t.isLayout())
    return Tile::ofLayout(mapLayout(t.layout, f));
  if (t.isUnderscore())
    return t;
  std::vector<Tile> e;
  for (const Tile &x : t.elems)
    e.push_back(mapTile(x, f));
  return Tile::tuple(std::move(e));
}

CuteValue CuteValue::mapInts(const IntFn &f) const {
  CuteValue r = *this;
  switch (kind) {
  case CuteKind::Layout:
    r.layout = mapLayout(layout, f);
    break;
  case CuteKind::Tile:
    r.tile = mapTile(tile, f);
    break;
  case CuteKind::ComposedLayout:
    if (!composed.innerIsSwizzle())
      r.composed.inner = mapLayout(composed.innerLayout(), f);
    r.composed.offset = mapTuple(composed.offset, f);
    r.composed.outer = mapLayout(composed.outer, f);
    break;
  case CuteKind::Swizzle:
    break;
  default:
    r.tuple = mapTuple(tuple, f);
  }
  return r;
}

CuteValue CuteValue::canonical() const {
  // Fresh symbols from 0: what parsing the printed text gives.
  DynamicSymbols syms;
  return withFreshSymbols(syms);
}

CuteValue CuteValue::withFreshSymbols(DynamicSymbols &syms) const {
  return mapInts([&](const Int &i) -> Int {
    if (i.isStatic())
      return i;
    // A derived leaf (8 x ?{div=8}) keeps its known divisor (64), as
    // printing does.
    return syms.fresh(i.width(), i.divisor());
  });
}

/// The integer leaves in text order (static and dynamic).
static std::vector<Int> allInts(const CuteValue &v) {
  std::vector<Int> out;
  v.mapInts([&](const Int &i) {
    out.push_back(i);
    return i;
  });
  return out;
}

static bool sameStructure(const CuteValue &a, const CuteValue &b) {
  switch (a.kind) {
  case CuteKind::Layout:
    return a.layout.same(b.layout);
  case CuteKind::Tile:
    return a.tile.same(b.tile);
  case CuteKind::ComposedLayout:
    return a.composed.same(b.composed);
  case CuteKind::Swizzle:
    return a.swizzle == b.swizzle;
  default:
    return a.tuple.same(b.tuple);
  }
}

bool CuteValue::operator==(const CuteValue &o) const {
  if (kind != o.kind || !sameStructure(*this, o))
    return false;
  // Int::same ignores the divisors of dynamic leaves; `?` and `?{div=8}`
  // are different types.
  std::vector<Int> a = allInts(*this), b = allInts(o);
  if (a.size() != b.size())
    return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (a[i].isDynamic() && a[i].divisor() != b[i].divisor())
      return false;
  return true;
}

static llvm::hash_code hashTuple(const IntTuple &t) {
  switch (t.getKind()) {
  case IntTuple::Kind::Int:
  case IntTuple::Kind::Basis: {
    const Int &v = t.value();
    llvm::hash_code h =
        v.isStatic()
            ? llvm::hash_combine(0, v.value())
            : llvm::hash_combine(1, v.width(), v.divisor(),
                                 v.expr()->kind == ::cute::layout::ExprKind::Sym
                                     ? v.expr()->value
                                     : -1);
    if (t.isBasis())
      h = llvm::hash_combine(h, llvm::hash_combine_range(t.basisModes().begin(),
                                                         t.basisModes().end()));
    return h;
  }
  case IntTuple::Kind::Underscore:
    return llvm::hash_value(2);
  case IntTuple::Kind::Tuple: {
    llvm::hash_code h = llvm::hash_combine(3, t.rank());
    for (const IntTuple &x : t.elements())
      h = llvm::hash_combine(h, hashTuple(x));
    return h;
  }
  }
  return {};
}

static llvm::hash_code hashLayout(const Layout &l) {
  return llvm::hash_combine(hashTuple(l.shape), hashTuple(l.stride));
}

static llvm::hash_code hashTile(const Tile &t) {
  if (t.isLayout())
    return hashLayout(t.layout);
  llvm::hash_code h = llvm::hash_combine(int(t.kind), t.elems.size());
  for (const Tile &e : t.elems)
    h = llvm::hash_combine(h, hashTile(e));
  return h;
}

llvm::hash_code hash_value(const CuteValue &v) {
  llvm::hash_code h = llvm::hash_value(int(v.kind));
  switch (v.kind) {
  case CuteKind::Layout:
    return llvm::hash_combine(h, hashLayout(v.layout));
  case CuteKind::Tile:
    return llvm::hash_combine(h, hashTile(v.tile));
  case CuteKind::ComposedLayout: {
    const ComposedLayout &c = v.composed;
    llvm::hash_code in =
        c.innerIsSwizzle()
            ? llvm::hash_combine(c.swizzle().bits, c.swizzle().base,
                                 c.swizzle().shift)
            : hashLayout(c.innerLayout());
    return llvm::hash_combine(h, in, hashTuple(c.offset), hashLayout(c.outer));
  }
  case CuteKind::Swizzle:
    return llvm::hash_combine(h, v.swizzle.bits, v.swizzle.base,
                              v.swizzle.shift);
  default:
    return llvm::hash_combine(h, hashTuple(v.tuple));
  }
}

//===----------------------------------------------------------------------===//
// Equivalence of a declared and an inferred value
//===----------------------------------------------------------------------===//

static bool equivalentInt(const Int &declared, const Int &inferred) {
  if (declared.isStatic() || inferred.isStatic())
    return declared.isStatic() && inferred.isStatic() &&
           declared.value() == inferred.value();
  return declared.width() == inferred.width() &&
         inferred.divisor() % declared.divisor() == 0;
}

static bool equivalentTuple(const IntTuple &d, const IntTuple &i) {
  if (d.getKind() != i.getKind())
    return false;
  switch (d.getKind()) {
  case IntTuple::Kind::Underscore:
    return true;
  case IntTuple::Kind::Basis:
    if (d.basisModes() != i.basisModes())
      return false;
    [[fallthrough]];
  case IntTuple::Kind::Int:
    return equivalentInt(d.value(), i.value());
  case IntTuple::Kind::Tuple:
    if (d.rank() != i.rank())
      return false;
    for (size_t k = 0; k < d.rank(); ++k)
      if (!equivalentTuple(d[k], i[k]))
        return false;
    return true;
  }
  return false;
}

/// Strides compared leaf by leaf, skipping the strides of size-1 modes.
static bool equivalentStride(const IntTuple &shape, const IntTuple &d,
                             const IntTuple &i) {
  if (shape.isLeaf()) {
    if (shape.isInt() && shape.value().is(1))
      return true;
    return equivalentTuple(d, i);
  }
  if (d.isLeaf() || i.isLeaf() || d.rank() != shape.rank() ||
      i.rank() != shape.rank())
    return false;
  for (size_t k = 0; k < shape.rank(); ++k)
    if (!equivalentStride(shape[k], d[k], i[k]))
      return false;
  return true;
}

static bool equivalentLayout(const Layout &d, const Layout &i) {
  return equivalentTuple(d.shape, i.shape) &&
         equivalentStride(d.shape, d.stride, i.stride);
}

static bool equivalentTile(const Tile &d, const Tile &i) {
  if (d.kind != i.kind)
    return false;
  if (d.isLayout())
    return equivalentLayout(d.layout, i.layout);
  if (d.elems.size() != i.elems.size())
    return false;
  for (size_t k = 0; k < d.elems.size(); ++k)
    if (!equivalentTile(d.elems[k], i.elems[k]))
      return false;
  return true;
}

bool equivalentValues(const CuteValue &d, const CuteValue &i) {
  if (d.kind != i.kind)
    return false;
  switch (d.kind) {
  case CuteKind::Layout:
    return equivalentLayout(d.layout, i.layout);
  case CuteKind::Tile:
    return equivalentTile(d.tile, i.tile);
  case CuteKind::ComposedLayout: {
    const ComposedLayout &a = d.composed, &b = i.composed;
    if (a.innerIsSwizzle() != b.innerIsSwizzle())
      return false;
    if (a.innerIsSwizzle()
            ? !(a.swizzle() == b.swizzle())
            : !equivalentLayout(a.innerLayout(), b.innerLayout()))
      return false;
    return equivalentTuple(a.offset, b.offset) &&
           equivalentLayout(a.outer, b.outer);
  }
  case CuteKind::Swizzle:
    return d.swizzle == i.swizzle;
  default:
    return equivalentTuple(d.tuple, i.tuple);
  }
}

std::optional<CuteValue> spellAsDeclared(const CuteValue &computed,
                                         const CuteValue &declared) {
  if (!equivalentValues(declared, computed))
    return std::nullopt;
  // Equivalent values have the same tree, so their integer leaves pair up in
  // text order; the declared static leaves (strides of size-1 modes) win,
  // and a declared dynamic leaf's divisor (a divisor of the computed one's).
  std::vector<Int> d = allInts(declared);
  size_t k = 0;
  bool paired = true;
  CuteValue merged = computed.mapInts([&](const Int &c) -> Int {
    if (k >= d.size()) {
      paired = false;
      return c;
    }
    const Int &x = d[k++];
    return x.isStatic() ? x : c.withDivisor(x.divisor());
  });
  if (!paired || k != d.size() || merged.canonical() != declared)
    return std::nullopt;
  return merged;
}

static bool compatibleResultType(Type inferred, Type declared) {
  if (inferred == declared)
    return true;
  if (const CuteValue *i = cuteValueOf(inferred))
    if (const CuteValue *d = cuteValueOf(declared))
      return equivalentValues(*d, *i);
  if (auto i = dyn_cast<CuteMemRefType>(inferred)) {
    auto d = dyn_cast<CuteMemRefType>(declared);
    return d && d.getElementType() == i.getElementType() &&
           d.getMemSpace() == i.getMemSpace() &&
           d.getAlignment() == i.getAlignment() &&
           d.getSwizzle() == i.getSwizzle() &&
           equivalentValues(d.getLayout(), i.getLayout());
  }
  if (auto i = dyn_cast<CoordTensorType>(inferred)) {
    auto d = dyn_cast<CoordTensorType>(declared);
    return d && equivalentValues(d.getBase(), i.getBase()) &&
           equivalentValues(d.getLayout(), i.getLayout());
  }
  return false;
}

bool compatibleResultTypes(TypeRange inferred, TypeRange declared) {
  if (inferred.size() != declared.size())
    return false;
  for (auto [i, d] : llvm::zip(inferred, declared))
    if (!compatibleResultType(i, d))
      return false;
  return true;
}

//===----------------------------------------------------------------------===//
// Assembly of value parameters
//===----------------------------------------------------------------------===//

FailureOr<CuteValue> parseCuteValueText(AsmParser &parser, CuteKind kind) {
  std::string spec;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseString(&spec))
    return failure();
  DynamicSymbols syms = paramSymbols(parser.getContext());
  auto v = parseCuteValue(kind, spec, syms);
  if (!v)
    return parser.emitError(loc) << "failed to parse " << kindName(kind)
                                 << " from \"" << spec << "\": " << v.message();
  if (v->kind != kind)
    return parser.emitError(loc)
           << "\"" << spec << "\" is a " << kindName(v->kind) << ", not a "
           << kindName(kind);
  return std::move(*v); // parsed with symbols from 0: already canonical
}

void printCuteValueText(AsmPrinter &printer, const CuteValue &v) {
  printer << "\"" << v.str() << "\"";
}

FailureOr<CuteValue> parseCuteValueBody(AsmParser &parser, CuteKind kind) {
  if (parser.parseLess())
    return failure();
  FailureOr<CuteValue> v = parseCuteValueText(parser, kind);
  if (failed(v) || parser.parseGreater())
    return failure();
  return v;
}

void printCuteValueBody(AsmPrinter &printer, const CuteValue &v) {
  printer << "<";
  printCuteValueText(printer, v);
  printer << ">";
}

} // namespace mlir::cute
