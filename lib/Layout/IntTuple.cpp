//===- IntTuple.cpp - CuTe hierarchical integer tuples
//---------------------===//
#include "cute/Layout/IntTuple.h"
#include "cute/Layout/Assumptions.h"

#include <sstream>

namespace cute::layout {

IntTuple IntTuple::basis(Int v, std::vector<int> modes) {
  IntTuple t(std::move(v));
  if (modes.empty())
    return t;
  t.kind = Kind::Basis;
  t.modes = std::move(modes);
  return t;
}

IntTuple IntTuple::underscore() {
  IntTuple t(0);
  t.kind = Kind::Underscore;
  return t;
}

const Int &IntTuple::value() const {
  if (kind == Kind::Tuple)
    fail("expected an integer but found the tuple " + str());
  if (kind == Kind::Underscore)
    fail("expected an integer but found the wildcard `_`");
  return v;
}

const IntTuple &IntTuple::operator[](size_t i) const {
  if (!isTuple()) {
    if (i != 0)
      fail("mode " + std::to_string(i) + " is out of range for the leaf " +
           str());
    return *this;
  }
  if (i >= elems.size())
    fail("mode " + std::to_string(i) + " is out of range for " + str() +
         " of rank " + std::to_string(elems.size()));
  return elems[i];
}

IntTuple &IntTuple::operator[](size_t i) {
  return const_cast<IntTuple &>(static_cast<const IntTuple &>(*this)[i]);
}

int IntTuple::depth() const {
  if (!isTuple())
    return 0;
  int d = 0;
  for (auto &e : elems)
    d = std::max(d, e.depth());
  return d + 1;
}

bool IntTuple::isStatic() const {
  bool s = true;
  forEachLeaf([&](const IntTuple &l) {
    if (!l.isUnderscore() && l.v.isDynamic())
      s = false;
  });
  return s;
}

bool IntTuple::hasUnderscore() const {
  bool u = false;
  forEachLeaf([&](const IntTuple &l) { u |= l.isUnderscore(); });
  return u;
}

bool IntTuple::same(const IntTuple &o) const {
  if (kind != o.kind)
    return false;
  switch (kind) {
  case Kind::Underscore:
    return true;
  case Kind::Basis:
    if (modes != o.modes)
      return false;
    [[fallthrough]];
  case Kind::Int:
    return v.same(o.v);
  case Kind::Tuple:
    if (elems.size() != o.elems.size())
      return false;
    for (size_t i = 0; i < elems.size(); ++i)
      if (!elems[i].same(o.elems[i]))
        return false;
    return true;
  }
  return false;
}

void IntTuple::forEachLeaf(
    const std::function<void(const IntTuple &)> &f) const {
  if (!isTuple()) {
    f(*this);
    return;
  }
  for (auto &e : elems)
    e.forEachLeaf(f);
}

// --- Construction helpers --------------------------------------------------

IntTuple repeatLike(const IntTuple &t, const IntTuple &x) {
  if (!t.isTuple())
    return x;
  std::vector<IntTuple> r;
  for (auto &e : t.elements())
    r.push_back(repeatLike(e, x));
  return IntTuple(std::move(r));
}

IntTuple repeat(size_t n, const IntTuple &x) {
  if (n == 1)
    return x;
  return IntTuple(std::vector<IntTuple>(n, x));
}

IntTuple take(const IntTuple &t, size_t b, size_t e) {
  if (b > e || e > t.rank())
    fail("take<" + std::to_string(b) + "," + std::to_string(e) +
         "> is out of range for " + t.str());
  std::vector<IntTuple> r;
  for (size_t i = b; i < e; ++i)
    r.push_back(t[i]);
  return IntTuple(std::move(r));
}

IntTuple append(const IntTuple &t, const IntTuple &x) {
  std::vector<IntTuple> r;
  if (t.isTuple())
    r = t.elements();
  else
    r.push_back(t);
  r.push_back(x);
  return IntTuple(std::move(r));
}

IntTuple prepend(const IntTuple &t, const IntTuple &x) {
  std::vector<IntTuple> r{x};
  if (t.isTuple())
    r.insert(r.end(), t.elements().begin(), t.elements().end());
  else
    r.push_back(t);
  return IntTuple(std::move(r));
}

IntTuple appendTo(const IntTuple &t, size_t n, const IntTuple &x) {
  std::vector<IntTuple> r;
  if (t.isTuple())
    r = t.elements();
  else
    r.push_back(t);
  if (r.size() > n)
    fail("cannot append " + t.str() + " to rank " + std::to_string(n) +
         ": it already has rank " + std::to_string(r.size()));
  while (r.size() < n)
    r.push_back(x);
  return IntTuple(std::move(r));
}

static void flattenInto(const IntTuple &t, std::vector<IntTuple> &out) {
  if (!t.isTuple()) {
    out.push_back(t);
    return;
  }
  for (auto &e : t.elements())
    flattenInto(e, out);
}

std::vector<IntTuple> flattenLeaves(const IntTuple &t) {
  std::vector<IntTuple> r;
  flattenInto(t, r);
  return r;
}

IntTuple flatten(const IntTuple &t) {
  if (!t.isTuple())
    return t;
  return IntTuple(flattenLeaves(t));
}

IntTuple unwrap(const IntTuple &t) {
  if (t.isTuple() && t.rank() == 1)
    return unwrap(t[0]);
  return t;
}

IntTuple wrap(const IntTuple &t) {
  if (t.isTuple())
    return t;
  return IntTuple(std::vector<IntTuple>{t});
}

const IntTuple &getPath(const IntTuple &t, const std::vector<int> &path) {
  const IntTuple *cur = &t;
  for (int i : path) {
    if (i < 0)
      fail("negative mode index " + std::to_string(i));
    cur = &(*cur)[size_t(i)];
  }
  return *cur;
}

IntTuple transform(const IntTuple &t,
                   const std::function<IntTuple(const IntTuple &)> &f) {
  if (!t.isTuple())
    return f(t);
  std::vector<IntTuple> r;
  for (auto &e : t.elements())
    r.push_back(f(e));
  return IntTuple(std::move(r));
}

IntTuple transform(
    const IntTuple &a, const IntTuple &b,
    const std::function<IntTuple(const IntTuple &, const IntTuple &)> &f) {
  if (!a.isTuple() && !b.isTuple())
    return f(a, b);
  if (a.rank() != b.rank())
    fail("mismatched ranks: " + a.str() + " has rank " +
         std::to_string(a.rank()) + " but " + b.str() + " has rank " +
         std::to_string(b.rank()));
  std::vector<IntTuple> r;
  for (size_t i = 0; i < a.rank(); ++i)
    r.push_back(f(a[i], b[i]));
  return IntTuple(std::move(r));
}

IntTuple transformLeaf(const IntTuple &t,
                       const std::function<IntTuple(const IntTuple &)> &f) {
  if (!t.isTuple())
    return f(t);
  std::vector<IntTuple> r;
  for (auto &e : t.elements())
    r.push_back(transformLeaf(e, f));
  return IntTuple(std::move(r));
}

IntTuple transformLeaf(
    const IntTuple &a, const IntTuple &b,
    const std::function<IntTuple(const IntTuple &, const IntTuple &)> &f) {
  if (!a.isTuple())
    return f(a, b);
  if (!b.isTuple() || a.rank() != b.rank())
    fail("mismatched profiles: " + a.str() + " and " + b.str());
  std::vector<IntTuple> r;
  for (size_t i = 0; i < a.rank(); ++i)
    r.push_back(transformLeaf(a[i], b[i], f));
  return IntTuple(std::move(r));
}

// --- Reductions and arithmetic ---------------------------------------------

static const Int &intLeaf(const IntTuple &t, const char *what) {
  if (!t.isInt())
    fail(std::string(what) + " expects integers but found " + t.str());
  return t.value();
}

Int product(const IntTuple &t) {
  if (!t.isTuple())
    return intLeaf(t, "product");
  Int r = 1;
  for (auto &e : t.elements())
    r = r * product(e);
  return r;
}

IntTuple productEach(const IntTuple &t) {
  // CuTe's product_each: transform(t, product), so a leaf stays a leaf.
  return transform(t, [](const IntTuple &e) { return IntTuple(product(e)); });
}

IntTuple productLike(const IntTuple &t, const IntTuple &guide) {
  if (!guide.isTuple())
    return IntTuple(product(t));
  if (!t.isTuple() || t.rank() != guide.rank())
    fail("product_like: " + t.str() + " does not match the profile of " +
         guide.str());
  std::vector<IntTuple> r;
  for (size_t i = 0; i < t.rank(); ++i)
    r.push_back(productLike(t[i], guide[i]));
  return IntTuple(std::move(r));
}

Int sum(const IntTuple &t) {
  if (!t.isTuple())
    return intLeaf(t, "sum");
  Int r = 0;
  for (auto &e : t.elements())
    r = r + sum(e);
  return r;
}

Int max(const IntTuple &t) {
  if (!t.isTuple())
    return intLeaf(t, "max");
  if (t.rank() == 0)
    fail("max of an empty tuple");
  Int r = max(t[0]);
  for (size_t i = 1; i < t.rank(); ++i)
    r = max(r, max(t[i]));
  return r;
}

Int min(const IntTuple &t) {
  if (!t.isTuple())
    return intLeaf(t, "min");
  if (t.rank() == 0)
    fail("min of an empty tuple");
  Int r = min(t[0]);
  for (size_t i = 1; i < t.rank(); ++i)
    r = min(r, min(t[i]));
  return r;
}

// A basis leaf v@m0@m1... as a tuple with v at the mode path.
static IntTuple basisAsTuple(const Int &v, const std::vector<int> &modes,
                             size_t from) {
  if (from == modes.size())
    return IntTuple(v);
  std::vector<IntTuple> r(size_t(modes[from]) + 1, IntTuple(0));
  r[size_t(modes[from])] = basisAsTuple(v, modes, from + 1);
  return IntTuple(std::move(r));
}

IntTuple scaleIndex(const Int &c, const IntTuple &d) {
  if (d.isInt())
    return IntTuple(c * d.value());
  if (d.isBasis())
    return IntTuple::basis(c * d.value(), d.basisModes());
  if (d.isTuple())
    return transformLeaf(d,
                         [&](const IntTuple &x) { return scaleIndex(c, x); });
  fail("cannot scale the wildcard `_`");
}

static bool isZero(const IntTuple &t) {
  if (t.isInt())
    return t.value().is(0);
  if (t.isBasis())
    return t.value().is(0);
  if (t.isTuple()) {
    for (auto &e : t.elements())
      if (!isZero(e))
        return false;
    return true;
  }
  return false;
}

IntTuple addIndex(const IntTuple &a, const IntTuple &b) {
  if (a.isInt() && b.isInt())
    return IntTuple(a.value() + b.value());
  // Only an integer zero is the identity: a zero basis element 0@i still
  // names mode i, so E<0>*0 + E<1>*2 is (0,2) as in CuTe (the coordinates an
  // identity layout produces stay congruent to its shape).
  if (a.isInt() && isZero(a))
    return b;
  if (b.isInt() && isZero(b))
    return a;
  if (a.isBasis() && b.isBasis() && a.basisModes() == b.basisModes())
    return IntTuple::basis(a.value() + b.value(), a.basisModes());
  IntTuple x = a.isBasis() ? basisAsTuple(a.value(), a.basisModes(), 0) : a;
  IntTuple y = b.isBasis() ? basisAsTuple(b.value(), b.basisModes(), 0) : b;
  if (!x.isTuple() || !y.isTuple())
    fail("cannot add the integer index " + (x.isTuple() ? y : x).str() +
         " to the coordinate index " + (x.isTuple() ? x : y).str());
  std::vector<IntTuple> r;
  size_t n = std::max(x.rank(), y.rank());
  for (size_t i = 0; i < n; ++i) {
    if (i >= x.rank())
      r.push_back(y[i]);
    else if (i >= y.rank())
      r.push_back(x[i]);
    else
      r.push_back(addIndex(x[i], y[i]));
  }
  return IntTuple(std::move(r));
}

IntTuple innerProduct(const IntTuple &a, const IntTuple &b) {
  if (a.isTuple() && b.isTuple()) {
    if (a.rank() != b.rank())
      fail("inner_product: mismatched ranks of " + a.str() + " and " + b.str());
    IntTuple r(0);
    for (size_t i = 0; i < a.rank(); ++i)
      r = addIndex(r, innerProduct(a[i], b[i]));
    return r;
  }
  if (a.isTuple())
    fail("inner_product: the tuple " + a.str() + " does not match the leaf " +
         b.str());
  return scaleIndex(intLeaf(a, "inner_product"), b);
}

static Int shapeDivInt(const Int &a, const Int &b) {
  if (a.isStatic() && b.isStatic()) {
    int64_t x = a.value(), y = b.value();
    if (y == 0 || (x != 0 && x % y != 0 && y % x != 0))
      fail("shape_div: divisibility condition violated: " + std::to_string(x) +
           " and " + std::to_string(y) + " do not divide one another");
  } else {
    assume(lessThan(0, b) * (equalTo(a % b, 0) + equalTo(b % a, 0)),
           "shape_div: the two shapes must divide one another", "");
  }
  return (a + b - 1) / b;
}

IntTuple shapeDiv(const IntTuple &a, const IntTuple &b) {
  if (a.isTuple()) {
    if (b.isTuple()) {
      if (a.rank() != b.rank())
        fail("shape_div: mismatched ranks of " + a.str() + " and " + b.str());
      return transform(a, b, [](const IntTuple &x, const IntTuple &y) {
        return shapeDiv(x, y);
      });
    }
    std::vector<IntTuple> r;
    IntTuple rest = b;
    for (auto &ai : a.elements()) {
      r.push_back(shapeDiv(ai, rest));
      rest = shapeDiv(rest, ai);
    }
    return IntTuple(std::move(r));
  }
  if (b.isTuple())
    return shapeDiv(a, IntTuple(product(b)));
  return IntTuple(
      shapeDivInt(intLeaf(a, "shape_div"), intLeaf(b, "shape_div")));
}

IntTuple shapeMod(const IntTuple &a, const IntTuple &b) {
  // CuTe's shape_mod: the part of a that b covers, mode by mode.
  if (a.isTuple()) {
    if (b.isTuple())
      return transform(a, b, [](const IntTuple &x, const IntTuple &y) {
        return shapeMod(x, y);
      });
    std::vector<IntTuple> r;
    IntTuple rest = b;
    for (auto &ai : a.elements()) {
      r.push_back(shapeMod(ai, rest));
      rest = shapeDiv(rest, ai);
    }
    return IntTuple(std::move(r));
  }
  if (b.isTuple())
    return shapeMod(a, IntTuple(product(b)));
  const Int &x = intLeaf(a, "shape_mod"), &y = intLeaf(b, "shape_mod");
  if (x.isStatic() && y.isStatic() && x.value() != 0 && y.value() != 0 &&
      x.value() % y.value() != 0 && y.value() % x.value() != 0)
    fail("shape_mod: divisibility condition violated: " + x.str() + " and " +
         y.str() + " do not divide one another");
  if (!x.isStatic() || !y.isStatic())
    assume(lessThan(0, y) * (equalTo(x % y, 0) + equalTo(y % x, 0)),
           "shape_mod: the two shapes must divide one another", "");
  return IntTuple(min(x, y));
}

IntTuple ceilDiv(const IntTuple &a, const IntTuple &b) {
  if (a.isTuple()) {
    if (b.isTuple()) {
      if (a.rank() < b.rank())
        fail("ceil_div: " + b.str() + " has more modes than " + a.str());
      return transform(
          a, appendTo(b, a.rank(), IntTuple(1)),
          [](const IntTuple &x, const IntTuple &y) { return ceilDiv(x, y); });
    }
    std::vector<IntTuple> r;
    IntTuple rest = b;
    for (auto &ai : a.elements()) {
      r.push_back(ceilDiv(ai, rest));
      rest = ceilDiv(rest, ai);
    }
    return IntTuple(std::move(r));
  }
  if (b.isTuple())
    return ceilDiv(a, IntTuple(product(b)));
  return IntTuple(ceilDiv(intLeaf(a, "ceil_div"), intLeaf(b, "ceil_div")));
}

IntTuple elemScale(const IntTuple &a, const IntTuple &b) {
  if (a.isTuple())
    return transform(a, b, [](const IntTuple &x, const IntTuple &y) {
      return elemScale(x, y);
    });
  return scaleIndex(product(b), a);
}

IntTuple prefixProduct(const IntTuple &t, const IntTuple &init) {
  if (t.isTuple()) {
    if (init.isTuple()) {
      if (t.rank() != init.rank())
        fail("prefix_product: mismatched ranks");
      return transform(t, init, [](const IntTuple &x, const IntTuple &y) {
        return prefixProduct(x, y);
      });
    }
    std::vector<IntTuple> r;
    Int cur = init.value();
    for (auto &e : t.elements()) {
      r.push_back(prefixProduct(e, IntTuple(cur)));
      cur = cur * product(e);
    }
    return IntTuple(std::move(r));
  }
  if (init.isTuple())
    fail("prefix_product: a leaf cannot take a tuple initial value");
  return init;
}

IntTuple suffixProduct(const IntTuple &t, const IntTuple &init) {
  if (t.isTuple()) {
    std::vector<IntTuple> r(t.rank());
    Int cur = init.value();
    for (size_t i = t.rank(); i-- > 0;) {
      r[i] = suffixProduct(t[i], IntTuple(cur));
      cur = cur * product(t[i]);
    }
    return IntTuple(std::move(r));
  }
  return init;
}

bool congruent(const IntTuple &a, const IntTuple &b) {
  if (a.isTuple() != b.isTuple())
    return false;
  if (!a.isTuple())
    return true;
  if (a.rank() != b.rank())
    return false;
  for (size_t i = 0; i < a.rank(); ++i)
    if (!congruent(a[i], b[i]))
      return false;
  return true;
}

bool weaklyCongruent(const IntTuple &a, const IntTuple &b) {
  if (!a.isTuple())
    return true;
  if (!b.isTuple() || a.rank() != b.rank())
    return false;
  for (size_t i = 0; i < a.rank(); ++i)
    if (!weaklyCongruent(a[i], b[i]))
      return false;
  return true;
}

bool compatible(const IntTuple &a, const IntTuple &b) {
  if (!a.isTuple())
    return a.isInt() && a.value().same(product(b));
  if (!b.isTuple() || a.rank() != b.rank())
    return false;
  for (size_t i = 0; i < a.rank(); ++i)
    if (!compatible(a[i], b[i]))
      return false;
  return true;
}

bool weaklyCompatible(const IntTuple &a, const IntTuple &b) {
  if (!a.isTuple()) {
    Int pb = product(b);
    if (!a.value().isStatic() || !pb.isStatic())
      return a.value().same(pb);
    return a.value().value() != 0 && pb.value() % a.value().value() == 0;
  }
  if (!b.isTuple() || a.rank() != b.rank())
    return false;
  for (size_t i = 0; i < a.rank(); ++i)
    if (!weaklyCompatible(a[i], b[i]))
      return false;
  return true;
}

// --- Coordinates ------------------------------------------------------------

static IntTuple crd2idxIntTuple(const Int &c, const IntTuple &shape,
                                const IntTuple &stride, size_t i) {
  size_t n = shape.rank();
  if (i + 1 == n)
    return crd2idx(IntTuple(c), shape[i], stride[i]);
  if (c.is(0)) {
    IntTuple r = crd2idx(IntTuple(0), shape[i], stride[i]);
    for (size_t j = i + 1; j < n; ++j)
      r = addIndex(r, crd2idx(IntTuple(0), shape[j], stride[j]));
    return r;
  }
  Int p = product(shape[i]);
  return addIndex(crd2idx(IntTuple(c % p), shape[i], stride[i]),
                  crd2idxIntTuple(c / p, shape, stride, i + 1));
}

IntTuple crd2idx(const IntTuple &crd, const IntTuple &shape,
                 const IntTuple &stride) {
  if (crd.isTuple()) {
    if (!shape.isTuple())
      fail("crd2idx: the coordinate " + crd.str() +
           " has more modes than the shape " + shape.str());
    if (crd.rank() != shape.rank() || crd.rank() != stride.rank())
      fail("crd2idx: mismatched ranks of coordinate " + crd.str() + ", shape " +
           shape.str() + " and stride " + stride.str());
    IntTuple r(0);
    for (size_t i = 0; i < crd.rank(); ++i)
      r = addIndex(r, crd2idx(crd[i], shape[i], stride[i]));
    return r;
  }
  const Int &c = intLeaf(crd, "crd2idx");
  if (shape.isTuple()) {
    if (!stride.isTuple() || shape.rank() != stride.rank())
      fail("crd2idx: shape " + shape.str() + " and stride " + stride.str() +
           " are not congruent");
    if (shape.rank() == 0)
      return IntTuple(0);
    return crd2idxIntTuple(c, shape, stride, 0);
  }
  if (stride.isTuple())
    fail("crd2idx: the leaf shape " + shape.str() + " has a tuple stride " +
         stride.str());
  return scaleIndex(c, stride);
}

Int crd2idx(const IntTuple &crd, const IntTuple &shape) {
  if (!crd.isTuple())
    return intLeaf(crd, "crd2idx");
  if (!shape.isTuple() || crd.rank() != shape.rank())
    fail("crd2idx: mismatched ranks of coordinate " + crd.str() +
         " and shape " + shape.str());
  std::vector<IntTuple> fc = flattenLeaves(crd);
  std::vector<IntTuple> fs = flattenLeaves(productLike(shape, crd));
  Int r = intLeaf(fc.back(), "crd2idx");
  for (size_t i = fc.size() - 1; i-- > 0;)
    r = intLeaf(fc[i], "crd2idx") + intLeaf(fs[i], "crd2idx") * r;
  return r;
}

IntTuple idx2crd(const IntTuple &idx, const IntTuple &shape,
                 const IntTuple &stride) {
  if (idx.isTuple()) {
    if (!shape.isTuple() || idx.rank() != shape.rank() ||
        idx.rank() != stride.rank())
      fail("idx2crd: mismatched ranks of index " + idx.str() + ", shape " +
           shape.str() + " and stride " + stride.str());
    std::vector<IntTuple> r;
    for (size_t i = 0; i < idx.rank(); ++i)
      r.push_back(idx2crd(idx[i], shape[i], stride[i]));
    return IntTuple(std::move(r));
  }
  if (shape.isTuple()) {
    IntTuple st =
        stride.isTuple() ? stride : compactColMajor(shape, stride.value());
    if (!st.isTuple() || st.rank() != shape.rank())
      fail("idx2crd: shape " + shape.str() + " and stride " + stride.str() +
           " are not congruent");
    std::vector<IntTuple> r;
    for (size_t i = 0; i < shape.rank(); ++i)
      r.push_back(idx2crd(idx, shape[i], st[i]));
    return IntTuple(std::move(r));
  }
  const Int &s = intLeaf(shape, "idx2crd");
  if (s.is(1))
    return IntTuple(0);
  return IntTuple((intLeaf(idx, "idx2crd") / intLeaf(stride, "idx2crd")) % s);
}

IntTuple idx2crd(const IntTuple &idx, const IntTuple &shape) {
  if (idx.isTuple()) {
    if (!shape.isTuple() || idx.rank() != shape.rank())
      fail("idx2crd: mismatched ranks of index " + idx.str() + " and shape " +
           shape.str());
    std::vector<IntTuple> r;
    for (size_t i = 0; i < idx.rank(); ++i)
      r.push_back(idx2crd(idx[i], shape[i]));
    return IntTuple(std::move(r));
  }
  if (!shape.isTuple())
    return idx;
  // Colexicographic split, as CuTe's crd2idx(idx, shape, basis_like(shape)):
  // mode i < last takes idx % size(s_i) and passes idx / size(s_i) on; the
  // last mode takes the whole rest (no modulo), so idx2crd(9, (4,?)) is
  // (1,2).
  if (shape.rank() == 0)
    return shape;
  std::vector<IntTuple> r;
  Int rest = intLeaf(idx, "idx2crd");
  for (size_t i = 0; i + 1 < shape.rank(); ++i) {
    Int n = product(shape[i]);
    r.push_back(idx2crd(IntTuple(rest % n), shape[i]));
    rest = rest / n;
  }
  r.push_back(idx2crd(IntTuple(rest), shape[shape.rank() - 1]));
  return IntTuple(std::move(r));
}

static std::pair<IntTuple, Int> compactImpl(const IntTuple &shape,
                                            const Int &current, bool left) {
  if (shape.isTuple()) {
    std::vector<IntTuple> r(shape.rank());
    Int cur = current;
    for (size_t k = 0; k < shape.rank(); ++k) {
      size_t i = left ? k : shape.rank() - 1 - k;
      auto [s, next] = compactImpl(shape[i], cur, left);
      r[i] = s;
      cur = next;
    }
    return {IntTuple(std::move(r)), cur};
  }
  const Int &s = intLeaf(shape, "compact stride");
  if (s.is(1))
    return {IntTuple(0), current};
  return {IntTuple(current), current * s};
}

IntTuple compactColMajor(const IntTuple &shape, const Int &current) {
  return compactImpl(shape, current, true).first;
}

IntTuple compactRowMajor(const IntTuple &shape, const Int &current) {
  return compactImpl(shape, current, false).first;
}

static IntTuple basisLike(const IntTuple &shape, std::vector<int> &path) {
  if (!shape.isTuple())
    return IntTuple::basis(1, std::vector<int>(path.begin(), path.end()));
  std::vector<IntTuple> r;
  for (size_t i = 0; i < shape.rank(); ++i) {
    path.push_back(int(i));
    r.push_back(basisLike(shape[i], path));
    path.pop_back();
  }
  return IntTuple(std::move(r));
}

IntTuple makeBasisLike(const IntTuple &shape) {
  std::vector<int> path;
  return basisLike(shape, path);
}

// --- Printing ---------------------------------------------------------------

static void printLeafInt(std::ostream &os, const Int &v) {
  if (v.isStatic()) {
    os << v.value();
    return;
  }
  os << "?";
  // A dynamic leaf carries its known divisor into the text, a derived
  // expression's too (8 x ?{div=8} prints ?{div=64}): a type keeps what
  // the algebra knew, so that copies through partitions of a view with
  // aligned dynamic strides still vectorize.
  bool w = v.width() != 32, d = v.divisor() > 1;
  if (w || d) {
    os << "{";
    if (w)
      os << "i" << v.width();
    if (d)
      os << (w ? "," : "") << "div=" << v.divisor();
    os << "}";
  }
}

static void print(std::ostream &os, const IntTuple &t) {
  switch (t.getKind()) {
  case IntTuple::Kind::Int:
    printLeafInt(os, t.value());
    return;
  case IntTuple::Kind::Basis:
    printLeafInt(os, t.value());
    for (size_t i = t.basisModes().size(); i-- > 0;)
      os << "@" << t.basisModes()[i];
    return;
  case IntTuple::Kind::Underscore:
    os << "_";
    return;
  case IntTuple::Kind::Tuple:
    os << "(";
    for (size_t i = 0; i < t.rank(); ++i) {
      if (i)
        os << ",";
      print(os, t[i]);
    }
    os << ")";
    return;
  }
}

std::string IntTuple::str() const {
  std::ostringstream os;
  print(os, *this);
  return os.str();
}

} // namespace cute::layout
