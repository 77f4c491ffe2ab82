//===- Recast.cpp - A tensor seen as elements of another width ------------===//
//
// CuTe's recast<NewT>(tensor) (tensor_impl.hpp) reinterprets memory: the
// layout goes through recast_layout<OldT, NewT> (layout.hpp: upcast<N> when
// the new type is N times wider, downcast<N> when it is N times narrower) and
// a swizzle through the swizzle_layout.hpp overloads. CuTe ceil-divides and
// assumes dynamic leaves divisible; a view of memory in the dialect must be
// exact, so every such assumption is a checked rule here.
//
//===----------------------------------------------------------------------===//
#include "LayoutDetail.h"

#include "cute/Layout/Tensor.h"

namespace cute::layout {

using detail::isConst;
using detail::rawLayout;

namespace {

struct RecastRule {
  const Layout &whole;
  unsigned oldBits, newBits;
  int64_t n; // the width ratio (>= 2)

  [[noreturn]] void reject(const std::string &why) const {
    fail("cannot recast " + whole.str() + " from " + std::to_string(oldBits) +
         "-bit to " + std::to_string(newBits) + "-bit elements: " + why);
  }

  /// upcast<n> of one mode, exact.
  Layout upcastLeaf(const IntTuple &s, const IntTuple &d) const {
    std::string N = std::to_string(n);
    if (isConst(d, 0))
      return rawLayout(s, d); // a broadcast mode stays one
    const Int &dv = d.value(), &sv = s.value();
    if (dv.is(1)) {
      // The contiguous mode: its extent in bits must be whole new elements.
      if (sv.isStatic() && sv.value() % n != 0)
        reject("the contiguous (stride-1) mode has " + sv.str() +
               " elements = " + std::to_string(sv.value() * oldBits) +
               " bits, not a multiple of " + std::to_string(newBits));
      if (sv.isDynamic() && sv.divisor() % n != 0)
        reject("the contiguous (stride-1) mode has a dynamic extent not "
               "known to be a multiple of " +
               N + " (write it ?{div=" + N + "})");
      return rawLayout(IntTuple(sv / Int(n)), d);
    }
    if (dv.is(-1))
      reject("the contiguous mode has stride -1 (an upcast needs stride 1)");
    if (dv.isStatic() && dv.value() % n != 0)
      reject("the stride " + dv.str() + " is not a multiple of " + N +
             " (the new elements would straddle it)");
    if (dv.isDynamic() && dv.divisor() % n != 0)
      reject("a dynamic stride is not known to be a multiple of " + N +
             " (write it ?{div=" + N + "})");
    return rawLayout(s, IntTuple(dv / Int(n)));
  }

  /// downcast<n> of one mode.
  Layout downcastLeaf(const IntTuple &s, const IntTuple &d) const {
    if (isConst(d, 1) || isConst(d, -1))
      return rawLayout(IntTuple(s.value() * Int(n)), d);
    return rawLayout(s, IntTuple(d.value() * Int(n)));
  }

  Layout apply(const IntTuple &s, const IntTuple &d, bool up) const {
    if (s.isTuple()) {
      std::vector<IntTuple> sh, st;
      for (size_t i = 0; i < s.rank(); ++i) {
        Layout m = apply(s[i], d[i], up);
        sh.push_back(m.shape);
        st.push_back(m.stride);
      }
      return rawLayout(IntTuple(std::move(sh)), IntTuple(std::move(st)));
    }
    if (!d.isInt())
      reject("the stride " + d.str() + " is not an integer");
    return up ? upcastLeaf(s, d) : downcastLeaf(s, d);
  }
};

int log2Exact(int64_t x) {
  int k = 0;
  while ((int64_t(1) << k) < x)
    ++k;
  return (int64_t(1) << k) == x ? k : -1;
}

} // namespace

Layout recastExact(const Layout &l, unsigned oldBits, unsigned newBits) {
  if (oldBits == 0 || newBits == 0)
    fail("recast: element widths must be positive (old " +
         std::to_string(oldBits) + " bits, new " + std::to_string(newBits) +
         " bits)");
  if (oldBits == newBits)
    return l;
  bool up = newBits > oldBits;
  unsigned hi = up ? newBits : oldBits, lo = up ? oldBits : newBits;
  RecastRule rule{l, oldBits, newBits, int64_t(hi / lo)};
  if (hi % lo != 0)
    rule.reject("the widths are not multiples of one another");
  bool contiguous = false;
  l.stride.forEachLeaf([&](const IntTuple &d) { contiguous |= isConst(d, 1); });
  if (!contiguous)
    rule.reject("no mode has stride 1 (a recast splits or merges adjacent "
                "elements, so the innermost mode must be contiguous)");
  return rule.apply(l.shape, l.stride, up);
}

Swizzle recastSwizzle(const Swizzle &s, unsigned oldBits, unsigned newBits) {
  if (oldBits == newBits || s.isIdentity())
    return s;
  bool up = newBits > oldBits;
  unsigned hi = up ? newBits : oldBits, lo = up ? oldBits : newBits;
  int k = hi % lo == 0 ? log2Exact(hi / lo) : -1;
  std::string what = "cannot recast the swizzle " + s.str() + " from " +
                     std::to_string(oldBits) + "-bit to " +
                     std::to_string(newBits) + "-bit elements: ";
  if (k < 0)
    fail(what + "the width ratio is not a power of two");
  if (!up)
    return Swizzle(s.bits, s.base + k, s.shift);
  // CuTe's upcast drops swizzle bits below the new element (S<B+M-k,0,S>);
  // that is a different permutation of the bytes, so it is refused.
  if (s.base < k)
    fail(what + "its base M = " + std::to_string(s.base) + " is below log2(" +
         std::to_string(hi / lo) + ") = " + std::to_string(k) +
         ", so a new element would straddle swizzled units");
  return Swizzle(s.bits, s.base - k, s.shift);
}

TensorAccess recastAccess(const TensorAccess &t, unsigned newBits) {
  TensorAccess r = t;
  r.bits = newBits;
  if (newBits == t.bits)
    return r;
  r.layout = recastExact(t.layout, t.bits, newBits);
  if (t.swizzle)
    r.swizzle = recastSwizzle(*t.swizzle, t.bits, newBits);
  if (newBits >= 8 && t.alignBytes * 8 < int64_t(newBits))
    fail("cannot recast " + t.layout.str() + " from " + std::to_string(t.bits) +
         "-bit to " + std::to_string(newBits) +
         "-bit elements: the iterator is " + std::to_string(t.alignBytes) +
         "-byte aligned, but a " + std::to_string(newBits) +
         "-bit element needs " + std::to_string(newBits / 8) + " bytes");
  return r;
}

} // namespace cute::layout
