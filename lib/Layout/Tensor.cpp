//===- Tensor.cpp - The tensor algebra: tiling, partitioning, copies ------===//
//
// Each function follows the CuTe function it names (tensor.hpp, copy.hpp)
// and raises AlgebraError on a violated precondition.
//
//===----------------------------------------------------------------------===//
#include "cute/Layout/Tensor.h"
#include "cute/Layout/Expected.h"

#include <algorithm>

namespace cute::layout {

/// A rank-1 tuple and its only element are the same coordinate; keep leaves.
static IntTuple asMode(const IntTuple &t) {
  return t.isTuple() && t.rank() == 1 ? t[0] : t;
}

TensorView localTile(const Layout &l, const Tile &tiler,
                     const IntTuple &coord) {
  Layout zd = zippedDivide(l, tiler);
  if (zd.rank() != 2)
    fail("local_tile: zipped_divide(" + l.str() + ", " + tiler.str() +
         ") = " + zd.str() + " is not (tile, rest)");
  // CuTe's inner_partition: tensor_tiled(repeat<R0>(_), append<R1>(coord,
  // _)), so the tile's modes come out flat, followed by the rest modes
  // where `coord` has `_` ((BLK_M, BLK_K, k) for a coordinate (m, _)).
  std::vector<IntTuple> tileModes(zd.shape[0].rank(), IntTuple::underscore());
  IntTuple tileCrd = zd.shape[0].isTuple() ? IntTuple(std::move(tileModes))
                                           : IntTuple::underscore();
  IntTuple rest = coord;
  if (coord.isTuple() && !zd.shape[1].isTuple() && coord.rank() == 1)
    rest = coord[0];
  else if (!coord.isTuple() && zd.shape[1].isTuple() && zd.shape[1].rank() == 1)
    rest = IntTuple{coord};
  else if (coord.isTuple() && zd.shape[1].isTuple() &&
           coord.rank() < zd.shape[1].rank())
    while (rest.rank() < zd.shape[1].rank())
      rest.push_back(IntTuple::underscore());
  IntTuple crd{tileCrd, rest};
  auto [s, off] = sliceAndOffset(crd, zd);
  return {s, off};
}

TensorView localPartition(const Layout &l, const Layout &thr,
                          const Int &index) {
  IntTuple tileShape = productEach(thr.shape);
  // thr.get_flat_coord(index): the hierarchical coordinate of `index` in thr,
  // then each top-level mode flattened to a column-major index.
  IntTuple hier = idx2crd(IntTuple(index), thr.shape, thr.stride);
  IntTuple flat;
  if (thr.shape.isTuple()) {
    std::vector<IntTuple> e;
    for (size_t i = 0; i < thr.shape.rank(); ++i)
      e.push_back(IntTuple(crd2idx(hier[i], thr.shape[i])));
    flat = IntTuple(std::move(e));
  } else {
    flat = IntTuple(crd2idx(hier, thr.shape));
  }
  Layout zd = zippedDivide(l, Tile::fromShape(tileShape));
  if (zd.rank() != 2)
    fail("local_partition: zipped_divide(" + l.str() + ", " + tileShape.str() +
         ") = " + zd.str() + " is not (tile, rest)");
  IntTuple crd{asMode(flat), IntTuple::underscore()};
  // An integer addresses a tile mode of any rank; only a rank-1 tuple mode
  // needs the index wrapped to match its profile.
  if (zd.shape[0].isTuple() && zd.shape[0].rank() == 1 && !flat.isTuple())
    crd = IntTuple{IntTuple{flat}, IntTuple::underscore()};
  auto [s, off] = sliceAndOffset(crd, zd);
  return {s, off};
}

TensorView partitionTV(const Layout &l, const Layout &tv,
                       const std::optional<Tile> &tiler, const Int &tid) {
  if (tv.rank() != 2)
    fail("partition_tv: the TV layout " + tv.str() +
         " must have two modes (thread, value)");
  Layout tile = l;
  std::optional<Layout> rest;
  if (tiler) {
    Layout zd = zippedDivide(l, *tiler);
    tile = zd[0];
    rest = zd[1];
  }
  Int tileSize = size(tile);
  if (tv.isStatic() && tileSize.isStatic() &&
      cosize(tv).value() > tileSize.value())
    fail("partition_tv: the TV layout " + tv.str() + " reaches index " +
         std::to_string(cosize(tv).value() - 1) + " but the tile " +
         tile.str() + " has only " + std::to_string(tileSize.value()) +
         " elements");
  Layout comp = composition(tile, tv);
  IntTuple crd{IntTuple(tid), IntTuple::underscore()};
  auto [vals, off] = sliceAndOffset(crd, comp);
  if (rest)
    vals = makeLayout({vals, *rest});
  return {vals, off};
}

TensorView tensorSlice(const Layout &l, const IntTuple &coord) {
  auto [s, off] = sliceAndOffset(coord, l);
  return {s, off};
}

Layout fragmentLayout(const Layout &l) {
  if (!l.shape.isStatic())
    fail("a register fragment needs a static shape, but got " + l.str());
  return Layout(l.shape);
}

int64_t alignAfterOffset(int64_t alignBytes, const Int &offset, unsigned bits) {
  int64_t d = offset.divisor(); // 0 for a static zero offset
  if (d == 0)
    return alignBytes;
  // Largest power of two dividing d * bits, in bits.
  uint64_t db = uint64_t(d < 0 ? -d : d) * bits;
  uint64_t pow2Bits = db & (~db + 1);
  uint64_t alignBits = std::min<uint64_t>(pow2Bits, uint64_t(alignBytes) * 8);
  return alignBits < 8 ? 0 : int64_t(alignBits / 8);
}

// --- copy planning
// ------------------------------------------------------------

static bool strideAligned(const Layout &l, int64_t bits, int64_t vecBits) {
  bool ok = true;
  l.stride.forEachLeaf([&](const IntTuple &d) {
    int64_t div = d.isInt() ? d.value().divisor() : 1;
    if (div != 0 && (div * bits) % vecBits != 0)
      ok = false;
  });
  return ok;
}

// Brute-force check for static layouts: lane j of access k is element
// rest(k) + j in both tensors.
static bool planHolds(const Layout &full, const Layout &lanes,
                      const Layout &rest, const Layout &restOff, int64_t n) {
  if (!full.isStatic() || !restOff.isStatic() || n > 8192)
    return true;
  int64_t v = size(lanes).value();
  for (int64_t k = 0; k < n / v; ++k)
    for (int64_t j = 0; j < v; ++j)
      if (full.eval(lanes.eval(j) + rest.eval(k)) != restOff.eval(k) + j)
        return false;
  return true;
}

// How many of l's first coordinates map to offsets 0, 1, 2, ...: the
// product of its leading modes whose static strides continue the run
// (shape-1 modes skipped), up to the first dynamic or other one.
static int64_t contiguousPrefix(const Layout &l) {
  Layout f = flatten(l);
  std::vector<IntTuple> shapes = flattenLeaves(f.shape),
                        strides = flattenLeaves(f.stride);
  int64_t run = 1;
  for (size_t i = 0; i < shapes.size(); ++i) {
    const Int &s = shapes[i].value();
    if (!s.isStatic())
      break;
    if (s.value() == 1)
      continue;
    if (!strides[i].isInt())
      break;
    const Int &d = strides[i].value();
    if (!d.isStatic() || d.value() != run)
      break;
    run *= s.value();
  }
  return run;
}

CopyPlan planCopy(const TensorAccess &src, const TensorAccess &dst,
                  unsigned atomBits, bool predicated) {
  Int ns = size(src.layout), nd = size(dst.layout);
  if (!ns.isStatic() || !nd.isStatic())
    fail("copy needs tensors of static size, but got " + src.layout.str() +
         " and " + dst.layout.str());
  if (ns.value() != nd.value())
    fail("copy needs tensors of equal size, but src " + src.layout.str() +
         " has " + std::to_string(ns.value()) + " elements and dst " +
         dst.layout.str() + " has " + std::to_string(nd.value()));
  if (src.bits == 0 || src.bits != dst.bits)
    fail("copy needs src and dst elements of one nonzero width, but got " +
         std::to_string(src.bits) + " and " + std::to_string(dst.bits) +
         " bits");
  int64_t n = ns.value();
  int64_t bits = src.bits;
  int64_t maxV = predicated ? 1 : std::max<int64_t>(1, atomBits / bits);
  for (const TensorAccess *t : {&src, &dst})
    if (t->swizzle)
      maxV = std::min<int64_t>(maxV, int64_t(1) << t->swizzle->base);
  Layout common(IntTuple(1), IntTuple(0));
  int64_t nCommon = 1;
  if (src.layout.isStatic() && dst.layout.isStatic()) {
    auto c = guard([&] { return maxCommonLayout(src.layout, dst.layout); });
    if (c) {
      common = *c;
      nCommon = size(common).value();
    }
  } else {
    // A dynamic side (a partition of a view with dynamic strides): the
    // first coordinates that both sides store contiguously from the access
    // start (their static stride-1 prefix) form the vector.
    nCommon =
        std::min(contiguousPrefix(src.layout), contiguousPrefix(dst.layout));
    common = Layout(IntTuple(nCommon));
  }
  int64_t v = 1;
  while (v * 2 <= std::min(maxV, nCommon) && nCommon % (v * 2) == 0)
    v *= 2;
  for (; v > 1; v /= 2) {
    int64_t vecBits = v * bits;
    if (vecBits % 8 || (src.alignBytes * 8) % vecBits ||
        (dst.alignBytes * 8) % vecBits)
      continue;
    auto plan = guard([&] {
      Layout lanes = composition(common, Layout(IntTuple(v)));
      Layout rest = complement(lanes, IntTuple(n));
      CopyPlan p;
      p.vec = v;
      p.count = n / v;
      p.srcRest = composition(src.layout, rest);
      p.dstRest = composition(dst.layout, rest);
      if (!strideAligned(p.srcRest, bits, vecBits) ||
          !strideAligned(p.dstRest, bits, vecBits) ||
          !planHolds(src.layout, lanes, rest, p.srcRest, n) ||
          !planHolds(dst.layout, lanes, rest, p.dstRest, n))
        fail("not vectorizable");
      return p;
    });
    if (plan && size(plan->srcRest).isStatic())
      return *plan;
  }
  if (bits < 8)
    fail("copy of " + std::to_string(bits) +
         "-bit elements needs vector accesses covering whole bytes, but src " +
         src.layout.str() + " and dst " + dst.layout.str() +
         (predicated ? " are predicated element by element"
                     : " share no byte-aligned contiguous vector"));
  CopyPlan p;
  p.vec = 1;
  p.count = n;
  p.srcRest = src.layout;
  p.dstRest = dst.layout;
  return p;
}

} // namespace cute::layout
