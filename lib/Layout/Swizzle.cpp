//===- Swizzle.cpp - CuTe swizzles and composed layouts
//----------------------===//
//
// Swizzle<B,M,S> (swizzle.hpp) and ComposedLayout<A,O,B>
// (layout_composed.hpp, swizzle_layout.hpp).
//
//===----------------------------------------------------------------------===//
#include "LayoutDetail.h"

namespace cute::layout {

using namespace detail;

static std::string swizzleSpelling(int b, int m, int s) {
  return "S<" + std::to_string(b) + "," + std::to_string(m) + "," +
         std::to_string(s) + ">";
}

Swizzle::Swizzle(int b, int m, int s) : bits(b), base(m), shift(s) {
  std::string me = swizzleSpelling(b, m, s);
  if (b < 0)
    fail("swizzle " + me + ": the number of bits B must be >= 0");
  if (m < 0)
    fail("swizzle " + me + ": the base M must be >= 0");
  int64_t as = s < 0 ? -int64_t(s) : int64_t(s);
  if (as < b)
    fail("swizzle " + me + ": |S| must be >= B");
  // Both masks must lie inside a non-negative 64-bit integer.
  int64_t top = int64_t(m) + as + b;
  if (top > 63)
    fail("swizzle " + me + ": bits up to " + std::to_string(top) +
         " do not fit in a 64-bit offset");
}

// Bit positions of the low bit of the YYY (source) and ZZZ (target) masks.
static int yyyLow(const Swizzle &sw) { return sw.base + std::max(0, sw.shift); }
static int zzzLow(const Swizzle &sw) { return sw.base - std::min(0, sw.shift); }

int64_t Swizzle::apply(int64_t offset) const {
  if (bits == 0)
    return offset;
  uint64_t x = uint64_t(offset);
  uint64_t msk = (uint64_t(1) << bits) - 1;
  uint64_t yyy = msk << yyyLow(*this);
  uint64_t y = x & yyy;
  uint64_t moved = shift >= 0 ? (y >> shift) : (y << -shift);
  return int64_t(x ^ moved);
}

Int Swizzle::apply(const Int &offset) const {
  if (offset.isStatic())
    return apply(offset.value());
  if (bits == 0)
    return offset;
  // Per bit k: z ^= y is z + y - 2*z*y, so the offset changes by
  // (y - 2*z*y) * 2^zpos. Bits are read with / and %, which match the bitwise
  // view for the non-negative offsets a layout produces.
  Int r = offset;
  for (int k = 0; k < bits; ++k) {
    Int ypow = Int(int64_t(1) << (yyyLow(*this) + k));
    Int zpow = Int(int64_t(1) << (zzzLow(*this) + k));
    Int y = (offset / ypow) % 2;
    Int z = (offset / zpow) % 2;
    r = r + (y - Int(2) * z * y) * zpow;
  }
  return r;
}

std::string Swizzle::str() const { return swizzleSpelling(bits, base, shift); }

// --- ComposedLayout
// -------------------------------------------------------------

IntTuple ComposedLayout::operator()(const IntTuple &crd) const {
  IntTuple idx = addIndex(offset, outer(crd));
  if (innerIsSwizzle()) {
    if (!idx.isInt())
      fail("composed layout evaluation: the swizzle " + swizzle().str() +
           " needs an integer offset but got " + idx.str() + " in " + str());
    return IntTuple(swizzle().apply(idx.value()));
  }
  return innerLayout()(idx);
}

bool ComposedLayout::same(const ComposedLayout &o) const {
  if (inner.index() != o.inner.index())
    return false;
  if (innerIsSwizzle() ? !(swizzle() == o.swizzle())
                       : !innerLayout().same(o.innerLayout()))
    return false;
  return offset.same(o.offset) && outer.same(o.outer);
}

std::string ComposedLayout::str() const {
  std::string a = innerIsSwizzle() ? swizzle().str() : innerLayout().str();
  return a + " o " + offset.str() + " o " + outer.str();
}

Int size(const ComposedLayout &l) { return size(l.outer); }
Int cosize(const ComposedLayout &l) { return cosize(l.outer); }

ComposedLayout composition(const Swizzle &a, const Layout &b) {
  ComposedLayout r;
  r.inner = a;
  r.offset = IntTuple(0);
  r.outer = b;
  return r;
}

ComposedLayout composition(const ComposedLayout &a, const Layout &b) {
  ComposedLayout r = a;
  r.outer = composition(a.outer, b);
  return r;
}

ComposedLayout composition(const ComposedLayout &a, const Tile &b) {
  ComposedLayout r = a;
  r.outer = composition(a.outer, b);
  return r;
}

} // namespace cute::layout
