//===- Composition.cpp - coalesce, filter, composition, complement, inverses
//-===//
//
// CuTe's layout.hpp algorithms, written once against `Int`: structural
// choices look only at static values; dynamic values take CuTe's dynamic
// branch and produce symbolic arithmetic.
//
//===----------------------------------------------------------------------===//
#include "LayoutDetail.h"
#include "cute/Layout/Assumptions.h"

#include <algorithm>

namespace cute::layout {

using namespace detail;

// --- coalesce
// -------------------------------------------------------------------

// Leaf strides compare equal statically: both static integers with the same
// value, or both static-scaled bases on the same mode.
static bool staticEqual(const IntTuple &a, const IntTuple &b) {
  if (a.isInt() && b.isInt())
    return a.value().isStatic() && b.value().isStatic() &&
           a.value().value() == b.value().value();
  if (a.isBasis() && b.isBasis())
    return a.basisModes() == b.basisModes() && a.value().isStatic() &&
           b.value().isStatic() && a.value().value() == b.value().value();
  return false;
}

static const IntTuple &front(const IntTuple &t) {
  return t.isTuple() ? t[0] : t;
}

static IntTuple replaceFront(const IntTuple &t, const IntTuple &x) {
  if (!t.isTuple())
    return x;
  IntTuple r = t;
  r[0] = x;
  return r;
}

// bw_coalesce: walks the flat modes from the back, starting from
// (newShape : newStride).
static Layout bwCoalesce(const std::vector<IntTuple> &fs,
                         const std::vector<IntTuple> &fd, long start,
                         IntTuple newShape, IntTuple newStride) {
  for (long i = start; i >= 0; --i) {
    const IntTuple &s = fs[size_t(i)], &d = fd[size_t(i)];
    if (isConst(s, 1))
      continue;
    if (isConst(newShape, 1)) {
      newShape = s;
      newStride = d;
      continue;
    }
    const IntTuple &f0 = front(newShape);
    if (f0.isInt() && f0.value().isStatic() && s.isInt()) {
      IntTuple sd = scaleIndex(s.value(), d);
      if (staticEqual(sd, front(newStride))) {
        newShape = replaceFront(newShape, IntTuple(s.value() * f0.value()));
        newStride = replaceFront(newStride, d);
        continue;
      }
    }
    newShape = prepend(newShape, s);
    newStride = prepend(newStride, d);
  }
  if (isConst(newShape, 1))
    return trivialLayout();
  return rawLayout(newShape, newStride);
}

static void flatModes(const Layout &l, std::vector<IntTuple> &fs,
                      std::vector<IntTuple> &fd) {
  fs = flattenLeaves(l.shape);
  fd = flattenLeaves(l.stride);
  if (fs.size() != fd.size())
    fail("coalesce: shape and stride of " + l.str() + " are not congruent");
}

Layout coalesce(const Layout &l) {
  std::vector<IntTuple> fs, fd;
  flatModes(l, fs, fd);
  if (fs.empty()) // An empty layout has size 1: coalesce it to 1:0.
    return trivialLayout();
  long r = long(fs.size());
  return bwCoalesce(fs, fd, r - 2, fs.back(), fd.back());
}

Layout coalesce(const Layout &l, const IntTuple &profile) {
  if (!profile.isTuple())
    return coalesce(l);
  if (profile.rank() > l.rank())
    fail("coalesce: the profile " + profile.str() + " has more modes than " +
         l.str());
  return transformLayout(
      l, profile.rank(),
      [&](const Layout &m, size_t i) { return coalesce(m, profile[i]); }, true);
}

namespace detail {

Layout coalesceX(const Layout &l) {
  std::vector<IntTuple> fs, fd;
  flatModes(l, fs, fd);
  if (fs.empty())
    return trivialLayout();
  long r = long(fs.size());
  IntTuple last = isConst(fs.back(), 1) ? IntTuple(2) : fs.back();
  return bwCoalesce(fs, fd, r - 2, last, fd.back());
}

Layout coalesceX(const Layout &l, const IntTuple &profile) {
  if (!profile.isTuple())
    return coalesceX(l);
  if (profile.rank() > l.rank())
    fail("composition: the codomain profile " + profile.str() +
         " of the right-hand side has more modes than " + l.str());
  return transformLayout(
      l, profile.rank(),
      [&](const Layout &m, size_t i) { return coalesceX(m, profile[i]); },
      true);
}

IntTuple coalesceShape(const IntTuple &shape) {
  std::vector<IntTuple> fl = flattenLeaves(shape);
  if (fl.empty())
    fail("coalesce: empty shape");
  std::vector<IntTuple> r{fl[0]};
  for (size_t i = 1; i < fl.size(); ++i) {
    const Int &b = r.back().value(), &a = fl[i].value();
    if (b.isStatic() == a.isStatic())
      r.back() = IntTuple(b * a);
    else
      r.push_back(fl[i]);
  }
  return r.size() == 1 ? r[0] : IntTuple(std::move(r));
}

} // namespace detail

// --- filter
// -----------------------------------------------------------------------

static IntTuple filterZerosTuple(const IntTuple &d, const IntTuple &s) {
  if (d.isTuple()) {
    if (!s.isTuple() || s.rank() != d.rank())
      fail("filter_zeros: mismatched profiles of " + d.str() + " and " +
           s.str());
    std::vector<IntTuple> r;
    for (size_t i = 0; i < d.rank(); ++i)
      r.push_back(filterZerosTuple(d[i], s[i]));
    return IntTuple(std::move(r));
  }
  if (isConst(d, 0))
    return repeatLike(s, IntTuple(1));
  return s;
}

Layout filterZeros(const Layout &l) {
  return rawLayout(filterZerosTuple(l.stride, l.shape), l.stride);
}

Layout filter(const Layout &l) { return coalesce(filterZeros(l)); }

// --- composition
// ------------------------------------------------------------------

static std::string compOperands(const IntTuple &ls, const IntTuple &ld,
                                const IntTuple &rs, const IntTuple &rd) {
  return "lhs " + ls.str() + ":" + ld.str() + ", rhs " + rs.str() + ":" +
         rd.str();
}

static Layout compositionImpl(const IntTuple &ls, const IntTuple &ld,
                              const IntTuple &rs, const IntTuple &rd) {
  if (rs.isTuple()) { // Right-distributivity over the modes of the rhs.
    if (!rd.isTuple() || rd.rank() != rs.rank())
      fail("composition: rhs shape " + rs.str() + " and stride " + rd.str() +
           " are not congruent");
    std::vector<IntTuple> sh, st;
    for (size_t i = 0; i < rs.rank(); ++i) {
      Layout m = compositionImpl(ls, ld, rs[i], rd[i]);
      sh.push_back(m.shape);
      st.push_back(m.stride);
    }
    return rawLayout(IntTuple(std::move(sh)), IntTuple(std::move(st)));
  }
  if (rd.isBasis()) // Select the lhs mode the basis stride points into.
    return compositionImpl(getPath(ls, rd.basisModes()),
                           getPath(ld, rd.basisModes()), rs,
                           IntTuple(rd.value()));
  if (isConst(rd, 0))
    return rawLayout(rs, rd);
  if (!rd.isInt())
    fail("composition: invalid rhs stride " + rd.str());
  if (!ls.isTuple())
    return rawLayout(rs, scaleIndex(rd.value(), ld));

  size_t r = ls.rank();
  if (r == 0 || ld.rank() != r)
    fail("composition: invalid lhs " + ls.str() + ":" + ld.str());
  std::vector<IntTuple> resShape, resStride;
  Int restShape = rs.value();
  Int restStride = rd.value();
  for (size_t i = 0; i + 1 < r; ++i) {
    if (!ls[i].isInt())
      fail("composition: lhs mode " + ls[i].str() + " is not flat");
    const Int &currShape = ls[i].value();
    const IntTuple &currStride = ld[i];
    if (currShape.isStatic() && restStride.isStatic()) {
      int64_t cs = currShape.value(), st = restStride.value();
      if (cs == 0 || !((st % cs) == 0 || st < cs))
        opFail("composition",
               "stride divisibility condition violated: the rhs stride " +
                   std::to_string(st) +
                   " must be a multiple of, or less than, the lhs shape " +
                   std::to_string(cs),
               compOperands(ls, ld, rs, rd));
    } else if (!(restStride.isStatic() && restStride.value() > 0 &&
                 currShape.divisor() % restStride.value() == 0)) {
      // (A positive static stride st is fine against any shape that is a
      // positive multiple of st: equal to it, or larger.)
      assume(lessThan(0, currShape) * (equalTo(restStride % currShape, 0) +
                                       lessThan(restStride, currShape)),
             "stride divisibility: at lhs mode " + std::to_string(i) +
                 ", the remaining rhs stride must be a multiple of, or less "
                 "than, the mode's shape",
             compOperands(ls, ld, rs, rd));
    }
    Int absStride = abs(restStride);
    Int nextShape = ceilDiv(currShape, absStride);
    Int nextStride = ceilDiv(absStride, currShape) * signum(restStride);
    if (nextShape.is(1) || restShape.is(1)) {
      restStride = nextStride;
      continue;
    }
    Int newShape = min(nextShape, restShape);
    if (newShape.isStatic() && restShape.isStatic() &&
        (newShape.value() == 0 || restShape.value() % newShape.value() != 0))
      opFail("composition",
             "shape divisibility condition violated: the rhs shape " +
                 restShape.str() + " is not divisible by " + newShape.str(),
             compOperands(ls, ld, rs, rd));
    // (A static remaining shape R divides min(n, R) when n is a positive
    // multiple of R.)
    bool proven = restShape.isStatic() && restShape.value() > 0 &&
                  nextShape.divisor() % restShape.value() == 0;
    if ((!newShape.isStatic() || !restShape.isStatic()) && !proven)
      assume(lessThan(0, newShape) * equalTo(restShape % newShape, 0),
             "shape divisibility: at lhs mode " + std::to_string(i) +
                 ", the remaining rhs shape must be divisible by the part of "
                 "the mode it takes",
             compOperands(ls, ld, rs, rd));
    resShape.push_back(IntTuple(newShape));
    resStride.push_back(scaleIndex(restStride, currStride));
    restShape = restShape / newShape;
    restStride = nextStride;
  }
  IntTuple lastStride = scaleIndex(restStride, ld[r - 1]);
  if (resShape.empty())
    return rawLayout(IntTuple(restShape), lastStride);
  if (restShape.is(1))
    return rawLayout(unwrap(IntTuple(resShape)), unwrap(IntTuple(resStride)));
  resShape.push_back(IntTuple(restShape));
  resStride.push_back(lastStride);
  return rawLayout(IntTuple(std::move(resShape)),
                   IntTuple(std::move(resStride)));
}

// coprofile(l): the profile of the codomain (a tuple for basis strides).
static IntTuple coprofile(const Layout &l) {
  IntTuple s(0);
  l.stride.forEachLeaf([&](const IntTuple &d) { s = addIndex(s, d); });
  return repeatLike(asArithmeticTuple(s), IntTuple(0));
}

Layout composition(const Layout &a, const Layout &b) {
  Layout flat = coalesceX(a, coprofile(b));
  return compositionImpl(flat.shape, flat.stride, b.shape, b.stride);
}

Layout composition(const Layout &a, const Tile &b) {
  // CuTe keeps only the tiled modes of `a` in a by-mode composition.
  return applyTile(
      a, b, "composition",
      [](const Layout &x, const Layout &y) { return composition(x, y); },
      false);
}

// --- complement
// ---------------------------------------------------------------------

static Layout complementImpl(const Layout &f, const IntTuple &cotarget,
                             const std::string &operands) {
  if (isConst(f.stride, 0))
    return Layout(coalesceShape(cotarget));
  std::vector<IntTuple> shape = flattenLeaves(f.shape);
  std::vector<IntTuple> stride = flattenLeaves(f.stride);
  size_t r = shape.size();
  if (r > 1 && !f.stride.isStatic())
    opFail("complement",
           "dynamic strides are only supported for rank-1 layouts", operands);
  for (auto &d : stride)
    if (!d.isInt())
      opFail("complement", "strides must be integers", operands);
  std::vector<IntTuple> resShape, resStride{IntTuple(1)};
  for (size_t i = 0; i + 1 < r; ++i) {
    size_t minIdx = 0;
    for (size_t j = 1; j < stride.size(); ++j)
      if (stride[j].value().value() < stride[minIdx].value().value())
        minIdx = j;
    Int minStride = stride[minIdx].value();
    Int newShape = minStride / resStride[i].value();
    if (newShape.is(0))
      opFail("complement", "the layout is not injective", operands);
    Int newStride = minStride * shape[minIdx].value();
    shape.erase(shape.begin() + long(minIdx));
    stride.erase(stride.begin() + long(minIdx));
    resShape.push_back(IntTuple(newShape));
    resStride.push_back(IntTuple(newStride));
  }
  Int newShape = stride[0].value() / resStride[r - 1].value();
  if (newShape.is(0))
    opFail("complement", "the layout is not injective", operands);
  resShape.push_back(IntTuple(newShape));
  Int newStride = stride[0].value() * shape[0].value();
  IntTuple restShape = coalesceShape(ceilDiv(cotarget, IntTuple(newStride)));
  IntTuple restStride = compactColMajor(restShape, newStride);
  return coalesce(
      rawLayout(IntTuple{IntTuple(std::move(resShape)), restShape},
                IntTuple{IntTuple(std::move(resStride)), restStride}));
}

Layout complement(const Layout &l, const IntTuple &cotarget) {
  // With basis strides, only the intrinsic complement is defined (CuTe IR's
  // complement op rejects a cotarget here); divides extend it themselves.
  if (isBasisStrideLayout(l))
    opFail("complement",
           "a layout with basis strides has no complement with a cotarget; "
           "strides must be integers",
           "layout " + l.str() + ", cotarget " + cotarget.str());
  return complementImpl(filter(l), cotarget,
                        "layout " + l.str() + ", cotarget " + cotarget.str());
}

Layout complement(const Layout &l) {
  if (isBasisStrideLayout(l))
    return basisComplement(l);
  Layout f = filter(l);
  return complementImpl(f, IntTuple(cosize(f)), "layout " + l.str());
}

// --- inverses
// -------------------------------------------------------------------------

// CuTe sorts (stride, index) pairs with an exchange sort keyed on the stride;
// the same (unstable) procedure keeps equal strides in CuTe's order.
static std::vector<size_t> sortByStride(const std::vector<int64_t> &keys,
                                        std::vector<size_t> vals) {
  std::vector<int64_t> k = keys;
  for (size_t i = 0; i < k.size(); ++i)
    for (size_t j = i + 1; j < k.size(); ++j)
      if (k[j] < k[i]) {
        std::swap(k[i], k[j]);
        std::swap(vals[i], vals[j]);
      }
  return vals;
}

static std::vector<Int> prefixProducts(const IntTuple &shape) {
  std::vector<Int> pre{Int(1)};
  for (auto &s : shape.elements())
    pre.push_back(s.value() * pre.back());
  return pre;
}

Layout rightInverse(const Layout &l) {
  if (isBasisStrideLayout(l))
    return basisRightInverse(l);
  Layout c = coalesce(l);
  IntTuple st = wrap(c.stride), sh = wrap(c.shape);
  std::vector<Int> pre = prefixProducts(sh);
  std::vector<int64_t> keys;
  std::vector<size_t> idx;
  for (size_t i = 0; i < st.rank(); ++i)
    if (st[i].isInt() && st[i].value().isStatic()) {
      keys.push_back(st[i].value().value());
      idx.push_back(i);
    } else if (!st[i].isInt()) {
      opFail("right_inverse", "strides must be integers", l.str());
    }
  std::vector<IntTuple> rs{IntTuple(1)}, rd{IntTuple(0)};
  Int curr = 1;
  for (size_t i : sortByStride(keys, idx)) {
    const Int &d = st[i].value();
    if (curr.isStatic() && curr.value() == d.value()) {
      rs.push_back(sh[i]);
      rd.push_back(IntTuple(pre[i]));
      curr = sh[i].value() * d;
    }
  }
  return coalesce(rawLayout(IntTuple(std::move(rs)), IntTuple(std::move(rd))));
}

Layout leftInverse(const Layout &l) {
  if (isBasisStrideLayout(l))
    return basisLeftInverse(l);
  Layout c = coalesce(l);
  IntTuple st = wrap(c.stride), sh = wrap(c.shape);
  std::vector<Int> pre = prefixProducts(sh);
  if (!st.isStatic())
    opFail("left_inverse", "requires static strides", l.str());
  std::vector<int64_t> keys;
  std::vector<size_t> idx;
  for (size_t i = 0; i < st.rank(); ++i) {
    if (!st[i].isInt())
      opFail("left_inverse", "strides must be integers", l.str());
    keys.push_back(st[i].value().value());
    idx.push_back(i);
  }
  std::vector<size_t> sorted = sortByStride(keys, idx);
  std::vector<IntTuple> rs, rd{IntTuple(0)};
  Int sz = 1;
  for (size_t i : sorted) {
    int64_t d = st[i].value().value();
    if (d == 0)
      continue;
    if (!sz.isStatic())
      opFail("left_inverse", "requires static shapes below a nonzero stride",
             l.str());
    if (sz.value() == 0 || d % sz.value() != 0)
      opFail("left_inverse",
             "divisibility condition violated: stride " + std::to_string(d) +
                 " is not a multiple of " + sz.str(),
             l.str());
    rs.push_back(IntTuple(d / sz.value()));
    rd.push_back(IntTuple(pre[i]));
    sz = sz * (d / sz.value());
  }
  rs.push_back(sh[sorted.back()]);
  return coalesce(rawLayout(IntTuple(std::move(rs)), IntTuple(std::move(rd))));
}

} // namespace cute::layout
