//===- Layout.cpp - Layout construction, evaluation and mode access -------===//
//
// Follows CuTe's layout.hpp: constructors, printing, size/cosize, mode
// selection, slicing. The algebra proper lives in Composition.cpp,
// DivideProduct.cpp and Swizzle.cpp.
//
//===----------------------------------------------------------------------===//
#include "LayoutDetail.h"

namespace cute::layout {

namespace detail {

void opFail(const std::string &op, const std::string &rule,
            const std::string &operands) {
  fail(op + ": " + rule + " (" + operands + ")");
}

IntTuple asArithmeticTuple(const IntTuple &t) {
  if (t.isTuple()) {
    std::vector<IntTuple> r;
    for (auto &e : t.elements())
      r.push_back(asArithmeticTuple(e));
    return IntTuple(std::move(r));
  }
  if (!t.isBasis())
    return t;
  // v@m0@m1...: the value at path (m0, m1, ...), zeros elsewhere.
  const auto &modes = t.basisModes();
  IntTuple cur(t.value());
  for (size_t k = modes.size(); k-- > 0;) {
    if (modes[k] < 0)
      fail("invalid basis mode " + std::to_string(modes[k]) + " in " + t.str());
    std::vector<IntTuple> r(size_t(modes[k]) + 1, IntTuple(0));
    r[size_t(modes[k])] = cur;
    cur = IntTuple(std::move(r));
  }
  return cur;
}

static void sliceInto(const IntTuple &crd, const IntTuple &t, bool keepUnder,
                      std::vector<IntTuple> &out) {
  if (crd.isTuple()) {
    if (!t.isTuple() || crd.rank() != t.rank())
      fail(std::string(keepUnder ? "slice" : "dice") +
           ": mismatched ranks of the coordinate " + crd.str() + " and " +
           t.str());
    for (size_t i = 0; i < crd.rank(); ++i)
      sliceInto(crd[i], t[i], keepUnder, out);
    return;
  }
  if (crd.isUnderscore() == keepUnder)
    out.push_back(t);
}

IntTuple sliceTuple(const IntTuple &crd, const IntTuple &t) {
  if (crd.isUnderscore())
    return t;
  std::vector<IntTuple> r;
  if (crd.isTuple())
    sliceInto(crd, t, true, r);
  return IntTuple(std::move(r));
}

IntTuple diceTuple(const IntTuple &crd, const IntTuple &t) {
  if (crd.isUnderscore())
    return IntTuple(std::vector<IntTuple>{});
  if (!crd.isTuple())
    return t;
  std::vector<IntTuple> r;
  sliceInto(crd, t, false, r);
  return IntTuple(std::move(r));
}

IntTuple zip2By(const IntTuple &t, const IntTuple &guide) {
  if (!guide.isTuple()) {
    if (!t.isTuple() || t.rank() != 2)
      fail("zip2_by: expected a rank-2 mode but found " + t.str());
    return t;
  }
  if (!t.isTuple() || t.rank() < guide.rank())
    fail("zip2_by: " + t.str() + " has fewer modes than the tiler profile " +
         guide.str());
  std::vector<IntTuple> first, second;
  for (size_t i = 0; i < guide.rank(); ++i) {
    IntTuple split = zip2By(t[i], guide[i]);
    first.push_back(split[0]);
    second.push_back(split[1]);
  }
  for (size_t i = guide.rank(); i < t.rank(); ++i)
    second.push_back(t[i]);
  return IntTuple{IntTuple(std::move(first)), IntTuple(std::move(second))};
}

IntTuple zipPair(const IntTuple &a, const IntTuple &b) {
  if (!a.isTuple())
    return IntTuple{IntTuple{a, b}};
  if (!b.isTuple() || a.rank() != b.rank())
    fail("zip: mismatched ranks of " + a.str() + " and " + b.str());
  std::vector<IntTuple> r;
  for (size_t i = 0; i < a.rank(); ++i)
    r.push_back(IntTuple{a[i], b[i]});
  return IntTuple(std::move(r));
}

Layout transformLayout(const Layout &l, size_t n,
                       const std::function<Layout(const Layout &, size_t)> &f,
                       bool keepRest) {
  if (n > l.rank())
    fail("too many modes in the tiler: " + std::to_string(n) +
         " modes for the layout " + l.str() + " of rank " +
         std::to_string(l.rank()));
  std::vector<IntTuple> sh, st;
  for (size_t i = 0; i < n; ++i) {
    Layout r = f(l[i], i);
    sh.push_back(r.shape);
    st.push_back(r.stride);
  }
  if (keepRest)
    for (size_t i = n; i < l.rank(); ++i) {
      sh.push_back(l.shape[i]);
      st.push_back(l.stride[i]);
    }
  return rawLayout(IntTuple(std::move(sh)), IntTuple(std::move(st)));
}

IntTuple tileGuide(const Tile &t) {
  if (!t.isTuple())
    return IntTuple(0);
  std::vector<IntTuple> r;
  for (auto &e : t.elems)
    r.push_back(tileGuide(e));
  return IntTuple(std::move(r));
}

Layout applyTile(const Layout &a, const Tile &t, const char *op,
                 const std::function<Layout(const Layout &, const Layout &)> &f,
                 bool keepRest) {
  if (t.isUnderscore())
    return a;
  if (t.isLayout())
    return f(a, t.layout);
  if (t.rank() > a.rank())
    fail(std::string(op) + ": too many modes in the tiler " + t.str() +
         " for the layout " + a.str());
  return transformLayout(
      a, t.rank(),
      [&](const Layout &m, size_t i) {
        return applyTile(m, t.elems[i], op, f, keepRest);
      },
      keepRest);
}

} // namespace detail

using namespace detail;

Layout::Layout(IntTuple s) : shape(std::move(s)) {
  stride = compactColMajor(shape);
}

Layout::Layout(IntTuple s, IntTuple d)
    : shape(std::move(s)), stride(std::move(d)) {
  if (!congruent(shape, stride))
    fail("make_layout: shape " + shape.str() + " and stride " + stride.str() +
         " are not congruent");
  bool ok = true;
  shape.forEachLeaf([&](const IntTuple &x) { ok &= x.isInt(); });
  if (!ok)
    fail("make_layout: the shape " + shape.str() + " must hold integers only");
  stride.forEachLeaf([&](const IntTuple &x) { ok &= !x.isUnderscore(); });
  if (!ok)
    fail("make_layout: the stride " + stride.str() + " must not hold `_`");
}

IntTuple Layout::operator()(const IntTuple &crd) const {
  if (crd.hasUnderscore())
    fail("layout evaluation: the coordinate " + crd.str() +
         " holds `_`; use slice for " + str());
  return crd2idx(crd, shape, stride);
}

int64_t Layout::eval(int64_t idx) const {
  IntTuple r = crd2idx(IntTuple(idx), shape, stride);
  if (!r.isInt())
    fail("layout evaluation: " + str() + " at " + std::to_string(idx) +
         " is the coordinate " + r.str() + ", not an integer offset");
  return r.value().value();
}

std::string Layout::str() const { return shape.str() + ":" + stride.str(); }

Tile Tile::fromShape(const IntTuple &shape) {
  if (!shape.isTuple())
    return Tile::ofLayout(Layout(shape));
  std::vector<Tile> e;
  for (auto &s : shape.elements())
    e.push_back(fromShape(s));
  return Tile::tuple(std::move(e));
}

bool Tile::same(const Tile &o) const {
  if (kind != o.kind)
    return false;
  if (isLayout())
    return layout.same(o.layout);
  if (isUnderscore())
    return true;
  if (elems.size() != o.elems.size())
    return false;
  for (size_t i = 0; i < elems.size(); ++i)
    if (!elems[i].same(o.elems[i]))
      return false;
  return true;
}

std::string Tile::str() const {
  if (isLayout())
    return layout.str();
  if (isUnderscore())
    return "_";
  std::string r = "[";
  for (size_t i = 0; i < elems.size(); ++i) {
    if (i)
      r += ";";
    r += elems[i].str();
  }
  return r + "]";
}

// --- Queries
// ------------------------------------------------------------------

Int size(const Layout &l) { return product(l.shape); }

static Int coshapeSize(const IntTuple &co) {
  if (co.isTuple()) {
    Int r = 1;
    for (auto &e : co.elements())
      r = r * coshapeSize(e);
    return r;
  }
  return co.value() + 1;
}

Int cosize(const Layout &l) {
  IntTuple m1 = transformLeaf(
      l.shape, [](const IntTuple &s) { return IntTuple(s.value() - 1); });
  IntTuple ad = transformLeaf(l.stride, [](const IntTuple &d) {
    if (d.isBasis())
      return IntTuple::basis(abs(d.value()), d.basisModes());
    return IntTuple(abs(d.value()));
  });
  return coshapeSize(asArithmeticTuple(innerProduct(m1, ad)));
}

// --- Modes
// --------------------------------------------------------------------

Layout getMode(const Layout &l, const std::vector<int> &path) {
  return rawLayout(getPath(l.shape, path), getPath(l.stride, path));
}

Layout select(const Layout &l, const std::vector<int> &modes) {
  std::vector<IntTuple> sh, st;
  for (int i : modes) {
    if (i < 0 || size_t(i) >= l.rank())
      fail("select: mode " + std::to_string(i) + " is out of range for " +
           l.str() + " of rank " + std::to_string(l.rank()));
    sh.push_back(l.shape[size_t(i)]);
    st.push_back(l.stride[size_t(i)]);
  }
  return rawLayout(IntTuple(std::move(sh)), IntTuple(std::move(st)));
}

static IntTuple groupTuple(const IntTuple &t, size_t b, size_t e) {
  // A leaf is treated as the 1-tuple (t).
  std::vector<IntTuple> elems =
      t.isTuple() ? t.elements() : std::vector<IntTuple>{t};
  if (b > e || e > elems.size())
    fail("group_modes<" + std::to_string(b) + "," + std::to_string(e) +
         ">: range out of bounds for " + t.str() + " of rank " +
         std::to_string(elems.size()));
  std::vector<IntTuple> r(elems.begin(), elems.begin() + long(b));
  if (b < e)
    r.push_back(IntTuple(std::vector<IntTuple>(elems.begin() + long(b),
                                               elems.begin() + long(e))));
  r.insert(r.end(), elems.begin() + long(e), elems.end());
  return IntTuple(std::move(r));
}

Layout groupModes(const Layout &l, size_t b, size_t e) {
  return rawLayout(groupTuple(l.shape, b, e), groupTuple(l.stride, b, e));
}

Layout flatten(const Layout &l) {
  return rawLayout(flatten(l.shape), flatten(l.stride));
}

Layout append(const Layout &l, const Layout &m) {
  return rawLayout(append(l.shape, m.shape), append(l.stride, m.stride));
}

Layout prepend(const Layout &l, const Layout &m) {
  return rawLayout(prepend(l.shape, m.shape), prepend(l.stride, m.stride));
}

Layout makeLayout(const std::vector<Layout> &modes) {
  std::vector<IntTuple> sh, st;
  for (auto &m : modes) {
    sh.push_back(m.shape);
    st.push_back(m.stride);
  }
  return rawLayout(IntTuple(std::move(sh)), IntTuple(std::move(st)));
}

static void checkSliceCoord(const char *op, const IntTuple &crd,
                            const Layout &l) {
  // Every fixed part of the coordinate must be an integer that matches the
  // layout's profile (a leaf coordinate may cover a whole sub-tuple).
  if (!crd.isTuple())
    return;
  if (!l.shape.isTuple() || crd.rank() != l.shape.rank())
    fail(std::string(op) + ": the coordinate " + crd.str() +
         " does not match the profile of " + l.str());
  for (size_t i = 0; i < crd.rank(); ++i)
    checkSliceCoord(op, crd[i], l[i]);
}

Layout slice(const IntTuple &crd, const Layout &l) {
  checkSliceCoord("slice", crd, l);
  return rawLayout(sliceTuple(crd, l.shape), sliceTuple(crd, l.stride));
}

Layout dice(const IntTuple &crd, const Layout &l) {
  checkSliceCoord("dice", crd, l);
  return rawLayout(diceTuple(crd, l.shape), diceTuple(crd, l.stride));
}

static IntTuple underscoreToZero(const IntTuple &crd) {
  return transformLeaf(crd, [](const IntTuple &x) {
    return x.isUnderscore() ? IntTuple(0) : x;
  });
}

std::pair<Layout, IntTuple> sliceAndOffset(const IntTuple &crd,
                                           const Layout &l) {
  Layout s = slice(crd, l);
  return {s, crd2idx(underscoreToZero(crd), l.shape, l.stride)};
}

} // namespace cute::layout
