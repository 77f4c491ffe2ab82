//===- TensorTest.cpp - The tensor algebra against brute force
//-------------===//
//
// local_tile, local_partition, partition_tv, tensor_slice and copy planning
// (cute/Layout/Tensor.h). Property tests draw a few thousand seeded random
// static tensors, tilers, thread layouts and copies (RandomLayouts.h; a
// failure names the case seed) and check every element of the result against
// an evaluation written from CuTe's definitions with the reference evaluator
// of TestUtil.h: a view's element i is offset + layout(i), and it must be the
// element CuTe defines. Exact tests pin known results; error tests check the
// messages the dialect's diagnostics carry.
//
//===----------------------------------------------------------------------===//
#include "RandomLayouts.h"

#include "cute/Layout/Tensor.h"

#include <algorithm>
#include <map>

using namespace cute::layout;
using namespace cute::layout::test;

namespace {

constexpr size_t kCases = 3000;

int64_t offsetOf(const TensorView &v) { return v.offset.value().value(); }
/// Element i of a view, through the reference evaluator.
int64_t viewAt(const TensorView &v, int64_t i) {
  return offsetOf(v) + refEval(v.layout, i);
}

// --- Brute-force tiling (CuTe's zipped_divide, by definition)
// -----------------
//
// zipped_divide(A, B) for a tiler B of layouts: per tiled mode m of A,
// logical_divide(A_m, B_m) = A_m o (B_m, C_m) with C_m the complement of B_m
// in size(A_m); the tile mode collects the B_m parts, the rest mode the C_m
// parts followed by the untiled modes of A. Tile j, rest c is
//   sum_m A_m(B_m(j_m) + C_m(c_m)) + sum_{m untiled} A_m(c_m)
// with j and c split column-major over the parts' sizes. C_m is computed from
// its definition, not with complement(): the increasing sequence of offsets
// whose B_m-translates tile [0, size(A_m)) (greedily: the smallest offset not
// yet covered starts the next translate).

/// A tiler: one layout for the whole tensor (depth 0), or one per leading
/// mode.
struct TileSpec {
  bool whole = false;
  std::vector<Layout> modes;
  Tile tile() const {
    if (whole)
      return Tile::ofLayout(modes[0]);
    return makeTile(modes);
  }
  std::string str() const { return tile().str(); }
};

struct BruteTiling {
  struct Part {
    IntTuple shape, stride;
    std::vector<int64_t> b, c; // tiler values, complement values
  };
  std::vector<Part> parts;
  std::vector<std::pair<IntTuple, IntTuple>> untiled;
  std::vector<int64_t> restRadix;
  int64_t tileSize = 1, restSize = 1;
  bool divisible = true; // every size(B_m) divides size(A_m)
  bool valid = true;     // the translates of B_m do not overlap

  BruteTiling(const Layout &a, const TileSpec &t) {
    auto addPart = [&](const IntTuple &s, const IntTuple &d, const Layout &b) {
      Part p{s, d, refValues(b), {}};
      int64_t m = refSize(s);
      int64_t maxB = *std::max_element(p.b.begin(), p.b.end());
      std::vector<char> covered(size_t(m + maxB + 1), 0);
      for (int64_t x = 0; x < m; ++x) {
        if (covered[size_t(x)])
          continue;
        p.c.push_back(x);
        for (int64_t v : p.b) {
          if (covered[size_t(x + v)])
            valid = false;
          covered[size_t(x + v)] = 1;
        }
      }
      if (m % int64_t(p.b.size()))
        divisible = false;
      tileSize *= int64_t(p.b.size());
      restRadix.push_back(int64_t(p.c.size()));
      parts.push_back(std::move(p));
    };
    if (t.whole) {
      addPart(a.shape, a.stride, t.modes[0]);
    } else {
      for (size_t m = 0; m < t.modes.size(); ++m)
        addPart(a.shape[m], a.stride[m], t.modes[m]);
      for (size_t m = t.modes.size(); m < a.rank(); ++m) {
        untiled.push_back({a.shape[m], a.stride[m]});
        restRadix.push_back(refSize(a.shape[m]));
      }
    }
    for (int64_t r : restRadix)
      restSize *= r;
  }

  /// Element j of tile c (j, c column-major over the parts).
  int64_t elem(int64_t j, int64_t c) const {
    int64_t r = 0;
    size_t k = 0;
    for (auto &p : parts) {
      int64_t nb = int64_t(p.b.size()), nc = int64_t(p.c.size());
      r += refEvalImpl(p.b[size_t(j % nb)] + p.c[size_t(c % nc)], p.shape,
                       p.stride);
      j /= nb;
      c /= nc;
      ++k;
    }
    for (auto &[s, d] : untiled) {
      int64_t n = refSize(s);
      r += refEvalImpl(c % n, s, d);
      c /= n;
    }
    return r;
  }

  /// The rest coordinate c as one integer per rest mode.
  IntTuple restCoord(int64_t c) const {
    std::vector<IntTuple> e;
    for (int64_t n : restRadix) {
      e.push_back(IntTuple(c % n));
      c /= n;
    }
    return IntTuple(e);
  }
};

/// Whether n:1 tiles a layout of these flat extents exactly: n is the
/// product of a prefix of them times a divisor of the next one.
bool isPrefixDivisor(int64_t n, const std::vector<int64_t> &ext) {
  for (int64_t s : ext) {
    if (n == 1)
      return true;
    if (n % s)
      return s % n == 0;
    n /= s;
  }
  return n == 1;
}

int64_t randDivisorOf(Rng &rng, int64_t v) {
  int64_t d = 1;
  for (int64_t p : primeFactors(v))
    if (coin(rng, 0.6))
      d *= p;
  return d;
}

/// A random n with isPrefixDivisor(n, ext).
int64_t randPrefixDivisor(Rng &rng, const std::vector<int64_t> &ext) {
  size_t i = size_t(pick(rng, 0, int64_t(ext.size())));
  int64_t n = 1;
  for (size_t k = 0; k < i; ++k)
    n *= ext[k];
  if (i < ext.size())
    n *= randDivisorOf(rng, ext[i]);
  return n;
}

/// A tiler for layout `m` (a mode, or the whole tensor): a divisor tiler of
/// its flat shape (any order, gaps), a compact n:1 that tiles it exactly, or
/// for a single-leaf m a compact n:1 of any size (the last tile, or the only
/// one, reaches past the end, as CuTe's ceil_div tiling does).
Layout randTilerFor(Rng &rng, const IntTuple &m) {
  auto ext = leaves(flatten(m));
  if (coin(rng, 0.6))
    return randDivisorTiler(rng, ext);
  int64_t n = randPrefixDivisor(rng, ext);
  if (ext.size() == 1 && coin(rng, 0.5))
    n = pick(rng, 1, std::max<int64_t>(1, 2 * ext[0]));
  return Layout(IntTuple(n), IntTuple(1));
}

TileSpec randTileSpec(Rng &rng, const Layout &a) {
  TileSpec t;
  if (coin(rng, 0.2)) {
    t.whole = true;
    t.modes.push_back(randTilerFor(rng, a.shape));
    return t;
  }
  size_t k = size_t(pick(rng, 1, int64_t(a.rank())));
  for (size_t m = 0; m < k; ++m)
    t.modes.push_back(randTilerFor(rng, a.shape[m]));
  return t;
}

// Multisets of the values of the tensor and of the tiles (sanity check of
// the brute force itself on divisible tilers).
std::map<int64_t, int64_t> counts(const std::vector<int64_t> &v) {
  std::map<int64_t, int64_t> c;
  for (int64_t x : v)
    ++c[x];
  return c;
}

// --- local_tile
// ------------------------------------------------------------------

TEST(TensorProperty, LocalTileIsTileCoordOfZippedDivide) {
  Failures f{"local_tile"};
  int checked = 0, nonDivisible = 0;
  for (size_t it = 0; it < kCases; ++it) {
    uint64_t seed = caseSeed(101, it);
    Rng rng(seed);
    Layout a = randLayout(rng, 512);
    TileSpec t = randTileSpec(rng, a);
    BruteTiling bt(a, t);
    if (!bt.valid) {
      f.add(seed, it, "brute force: overlapping tiler " + t.str());
      continue;
    }
    std::string what = "local_tile(" + a.str() + ", " + t.str() + ")";
    // The tiles together are the tensor (divisible tilers).
    if (bt.divisible && it < 500) {
      std::vector<int64_t> all;
      for (int64_t c = 0; c < bt.restSize; ++c)
        for (int64_t j = 0; j < bt.tileSize; ++j)
          all.push_back(bt.elem(j, c));
      if (counts(all) != counts(refValues(a))) {
        f.add(seed, it, "brute force: tiles do not cover " + what);
        continue;
      }
    }
    nonDivisible += !bt.divisible;
    // A few tiles, addressed by an integer and (for a tiler by mode) by one
    // integer per rest mode.
    for (int rep = 0; rep < 3; ++rep) {
      int64_t c = pick(rng, 0, bt.restSize - 1);
      IntTuple crd = t.whole || coin(rng) ? IntTuple(c) : bt.restCoord(c);
      auto r = guard([&] { return localTile(a, t.tile(), crd); });
      if (!r) {
        f.add(seed, it, what + " at " + crd.str() + " failed: " + r.message());
        break;
      }
      if (refSize(r->layout) != bt.tileSize) {
        f.add(seed, it,
              what + " at " + crd.str() + " = " + r->layout.str() + " has " +
                  std::to_string(refSize(r->layout)) + " elements, expected " +
                  std::to_string(bt.tileSize));
        break;
      }
      bool ok = true;
      for (int64_t j = 0; j < bt.tileSize && ok; ++j)
        if (viewAt(*r, j) != bt.elem(j, c)) {
          f.add(seed, it,
                what + " at " + crd.str() + " = " + r->layout.str() + " + " +
                    r->offset.str() + ": element " + std::to_string(j) +
                    " is " + std::to_string(viewAt(*r, j)) + ", expected " +
                    std::to_string(bt.elem(j, c)));
          ok = false;
        }
      if (!ok)
        break;
      ++checked;
    }
  }
  EXPECT_GT(checked, int(kCases)) << "too few tiles checked";
  EXPECT_GT(nonDivisible, 100) << "too few non-divisible tilers drawn";
  RecordProperty("tiles_checked", checked);
}

// --- local_partition
// ------------------------------------------------------------

TEST(TensorProperty, LocalPartitionTakesThreadCoordOfEveryTile) {
  Failures f{"local_partition"};
  int checked = 0;
  for (size_t it = 0; it < kCases; ++it) {
    uint64_t seed = caseSeed(102, it);
    Rng rng(seed);
    Layout a = randLayout(rng, 512);
    // A thread layout: a bijection onto [0, size) whose top-level modes tile
    // the leading modes of a exactly (or, for a leaf, all of a), so every
    // thread gets the same number of elements.
    Layout thr = randPermutedCompact(rng, 64);
    bool fits = !thr.shape.isTuple() || thr.rank() <= a.rank();
    for (size_t m = 0; fits && m < thr.rank(); ++m) {
      const IntTuple &am = thr.shape.isTuple() ? a.shape[m] : a.shape;
      fits = isPrefixDivisor(refSize(thr.shape[m]), leaves(flatten(am)));
    }
    if (!fits) {
      // Make it fit: one thread mode per leading mode of a (column-major or
      // row-major thread order), or a leaf over all of a.
      if (coin(rng, 0.2)) {
        thr =
            Layout(IntTuple(randPrefixDivisor(rng, leaves(flatten(a.shape)))));
      } else {
        // (A rank-1 thread layout tiles mode 0 only; its leaf form tiles
        // all of a, the same thing since mode 0's extents come first.)
        std::vector<IntTuple> s;
        size_t kk = size_t(pick(rng, 1, int64_t(a.rank())));
        for (size_t m = 0; m < kk; ++m)
          s.push_back(
              IntTuple(randPrefixDivisor(rng, leaves(flatten(a.shape[m])))));
        thr = coin(rng) ? Layout(IntTuple(s))
                        : Layout(IntTuple(s), compactRowMajor(IntTuple(s)));
        if (s.size() == 1 && coin(rng, 0.5))
          thr = thr[0];
      }
    }
    TileSpec spec;
    if (thr.shape.isTuple()) {
      for (size_t m = 0; m < thr.rank(); ++m)
        spec.modes.push_back(Layout(IntTuple(refSize(thr.shape[m]))));
    } else {
      spec.whole = true;
      spec.modes.push_back(Layout(IntTuple(refSize(thr.shape))));
    }
    BruteTiling bt(a, spec);
    std::string what = "local_partition(" + a.str() + ", " + thr.str();
    int64_t nThr = refSize(thr);
    // The inverse of thr: thread t sits at index i of thr's domain, which
    // (column-major over its top-level modes) is its flat coordinate and so
    // the index within each tile.
    std::vector<int64_t> where(size_t(nThr), -1);
    for (int64_t i = 0; i < nThr; ++i)
      where[size_t(refEval(thr, i))] = i;
    std::vector<int64_t> all;
    bool ok = true;
    for (int64_t t = 0; t < nThr && ok; ++t) {
      auto r = guard([&] { return localPartition(a, thr, Int(t)); });
      if (!r) {
        f.add(seed, it,
              what + ", " + std::to_string(t) + ") failed: " + r.message());
        ok = false;
        break;
      }
      if (refSize(r->layout) != bt.restSize) {
        f.add(seed, it,
              what + ", " + std::to_string(t) + ") = " + r->layout.str() +
                  ": wrong size");
        ok = false;
        break;
      }
      for (int64_t c = 0; c < bt.restSize; ++c) {
        int64_t got = viewAt(*r, c), want = bt.elem(where[size_t(t)], c);
        all.push_back(got);
        if (got != want) {
          f.add(seed, it,
                what + ", " + std::to_string(t) + ") = " + r->layout.str() +
                    " + " + r->offset.str() + ": element " + std::to_string(c) +
                    " is " + std::to_string(got) + ", expected " +
                    std::to_string(want));
          ok = false;
          break;
        }
      }
    }
    if (!ok)
      continue;
    // The threads together hold every element exactly once.
    if (counts(all) != counts(refValues(a))) {
      f.add(seed, it, what + "): the threads do not cover the tensor");
      continue;
    }
    ++checked;
  }
  EXPECT_EQ(checked, int(kCases));
}

// --- partition_tv
// -----------------------------------------------------------------

/// A (thread, value) layout composable with a layout of flat shape `flat`,
/// with image inside its domain: randComposableB's modes split in two.
Layout randTV(Rng &rng, const std::vector<int64_t> &flat) {
  Layout b = randComposableB(rng, flat);
  auto s = leaves(flatten(b.shape)), d = leaves(flatten(b.stride));
  if (s.size() < 2) {
    s.push_back(1);
    d.push_back(0);
  }
  size_t cut = size_t(pick(rng, 1, int64_t(s.size()) - 1));
  Layout thr = build(rng, {s.begin(), s.begin() + long(cut)},
                     {d.begin(), d.begin() + long(cut)});
  Layout val = build(rng, {s.begin() + long(cut), s.end()},
                     {d.begin() + long(cut), d.end()});
  return makeLayout({thr, val});
}

TEST(TensorProperty, PartitionTVIsTensorOfTV) {
  Failures f{"partition_tv"};
  int checked = 0, tiled = 0;
  for (size_t it = 0; it < kCases; ++it) {
    uint64_t seed = caseSeed(103, it);
    Rng rng(seed);
    Layout a = randLayout(rng, 512);
    std::optional<TileSpec> spec;
    Layout tile = a;
    if (coin(rng, 0.5)) {
      // Divisor tilers only: partition_tv tiles a tensor that the tiler
      // divides.
      spec.emplace();
      size_t k = size_t(pick(rng, 1, int64_t(a.rank())));
      for (size_t m = 0; m < k; ++m)
        spec->modes.push_back(
            randDivisorTiler(rng, leaves(flatten(a.shape[m]))));
      auto z = guard([&] { return zippedDivide(a, spec->tile()); });
      if (!z) {
        f.add(seed, it,
              "zipped_divide(" + a.str() + ", " + spec->str() +
                  ") failed: " + z.message());
        continue;
      }
      tile = (*z)[0];
    }
    Layout tv = randTV(rng, leaves(flatten(tile.shape)));
    std::optional<Tile> tiler;
    std::optional<BruteTiling> bt;
    if (spec) {
      tiler = spec->tile();
      bt.emplace(a, *spec);
    }
    std::string what = "partition_tv(" + a.str() + ", " + tv.str() +
                       (spec ? ", " + spec->str() : std::string()) + ", ";
    int64_t nThr = refSize(tv.shape[0]), nVal = refSize(tv.shape[1]);
    int64_t nRest = bt ? bt->restSize : 1;
    bool ok = true;
    for (int rep = 0; rep < 4 && ok; ++rep) {
      int64_t t = pick(rng, 0, nThr - 1);
      std::string w = what + std::to_string(t) + ")";
      auto r = guard([&] { return partitionTV(a, tv, tiler, Int(t)); });
      if (!r) {
        f.add(seed, it, w + " failed: " + r.message());
        ok = false;
        break;
      }
      if (refSize(r->layout) != nVal * nRest ||
          (spec &&
           (r->layout.rank() != 2 || refSize(r->layout.shape[0]) != nVal))) {
        f.add(seed, it, w + " = " + r->layout.str() + ": wrong shape");
        ok = false;
        break;
      }
      // Element (j, rest) is tile `rest`'s element tv(t, j).
      for (int64_t i = 0; i < nVal * nRest && ok; ++i) {
        int64_t j = i % nVal, c = i / nVal;
        int64_t q = refEval(tv, t + nThr * j);
        int64_t want = bt ? bt->elem(q, c) : refEval(a, q);
        if (viewAt(*r, i) != want) {
          f.add(seed, it,
                w + " = " + r->layout.str() + " + " + r->offset.str() +
                    ": element " + std::to_string(i) + " is " +
                    std::to_string(viewAt(*r, i)) + ", expected " +
                    std::to_string(want));
          ok = false;
        }
      }
    }
    if (ok) {
      ++checked;
      tiled += bool(spec);
    }
  }
  EXPECT_EQ(checked, int(kCases));
  EXPECT_GT(tiled, int(kCases / 4));
}

// --- tensor_slice
// ------------------------------------------------------------------

// A random coordinate for `shape`: per mode `_`, an integer (column-major
// within the mode), or for a tuple mode a coordinate of its own. `slots`
// collects the modes in order with their fixed index or -1 for `_`.
struct Slot {
  IntTuple shape, stride;
  int64_t fixed;
};
IntTuple randSliceCoord(Rng &rng, const IntTuple &shape, const IntTuple &stride,
                        std::vector<Slot> &slots, int depth) {
  if (shape.isTuple() && (depth == 0 || coin(rng, 0.4))) {
    std::vector<IntTuple> e;
    for (size_t i = 0; i < shape.rank(); ++i)
      e.push_back(randSliceCoord(rng, shape[i], stride[i], slots, depth + 1));
    return IntTuple(e);
  }
  if (coin(rng, 0.5)) {
    slots.push_back({shape, stride, -1});
    return IntTuple::underscore();
  }
  int64_t v = pick(rng, 0, refSize(shape) - 1);
  slots.push_back({shape, stride, v});
  return IntTuple(v);
}

TEST(TensorProperty, TensorSliceEvaluatesTheCompletedCoordinate) {
  Failures f{"tensor_slice"};
  int checked = 0;
  for (size_t it = 0; it < kCases; ++it) {
    uint64_t seed = caseSeed(104, it);
    Rng rng(seed);
    Layout a = randLayout(rng, 512);
    std::vector<Slot> slots;
    IntTuple crd = randSliceCoord(rng, a.shape, a.stride, slots, 0);
    std::string what = "tensor_slice(" + a.str() + ", " + crd.str() + ")";
    auto r = guard([&] { return tensorSlice(a, crd); });
    if (!r) {
      f.add(seed, it, what + " failed: " + r.message());
      continue;
    }
    int64_t n = 1;
    for (auto &s : slots)
      if (s.fixed < 0)
        n *= refSize(s.shape);
    if (refSize(r->layout) != n) {
      f.add(seed, it, what + " = " + r->layout.str() + ": wrong size");
      continue;
    }
    // Element i fills the `_` modes (column-major, in order).
    bool ok = true;
    for (int64_t i = 0; i < n && ok; ++i) {
      int64_t want = 0, rest = i;
      for (auto &s : slots) {
        int64_t x = s.fixed;
        if (x < 0) {
          int64_t m = refSize(s.shape);
          x = rest % m;
          rest /= m;
        }
        want += refEvalImpl(x, s.shape, s.stride);
      }
      if (viewAt(*r, i) != want) {
        f.add(seed, it,
              what + " = " + r->layout.str() + " + " + r->offset.str() +
                  ": element " + std::to_string(i) + " is " +
                  std::to_string(viewAt(*r, i)) + ", expected " +
                  std::to_string(want));
        ok = false;
      }
    }
    checked += ok;
  }
  EXPECT_EQ(checked, int(kCases));
}

// --- planCopy
// ------------------------------------------------------------------------

/// An injective layout over the given extents whose sorted modes mostly form
/// a divisibility chain (randChainLayout with the extents fixed), sometimes
/// padded (a stride past the previous modes' span that is not a multiple of
/// it), with an occasional broadcast (stride-0) mode.
Layout chainOver(Rng &rng, const std::vector<int64_t> &e, double gapProb,
                 double zeroProb, std::vector<size_t> *ord = nullptr) {
  std::vector<size_t> order(e.size());
  for (size_t i = 0; i < order.size(); ++i)
    order[i] = i;
  if (coin(rng, 0.6))
    std::shuffle(order.begin(), order.end(), rng);
  // The caller's order when it has one; else report the one drawn.
  if (ord && ord->size() == e.size())
    order = *ord;
  else if (ord)
    *ord = order;
  std::vector<int64_t> d(e.size());
  int64_t cur = 1;
  for (size_t k : order) {
    if (e[k] > 1 && coin(rng, zeroProb)) {
      d[k] = 0;
      continue;
    }
    if (coin(rng, gapProb))
      cur *= pick(rng, 2, 3);
    else if (coin(rng, gapProb / 2))
      cur += pick(rng, 1, 3); // padding: injective, but no longer a chain
    d[k] = e[k] == 1 ? pick(rng, 0, 3) : cur;
    cur *= e[k];
  }
  return build(rng, e, d);
}

struct CopyCase {
  TensorAccess src, dst;
  unsigned atomBits;
  bool predicated;
  std::string str() const {
    auto one = [](const TensorAccess &t) {
      return t.layout.str() + " (" + std::to_string(t.bits) + "b, align " +
             std::to_string(t.alignBytes) + "B" +
             (t.swizzle ? ", " + t.swizzle->str() : std::string()) + ")";
    };
    return "copy " + one(src) + " -> " + one(dst) + ", atom " +
           std::to_string(atomBits) + (predicated ? ", predicated" : "");
  }
};

int64_t swz(const TensorAccess &t, int64_t x) {
  return t.swizzle ? t.swizzle->apply(x) : x;
}

/// Checks a plan element by element; empty when it holds.
std::string checkPlan(const CopyCase &cc, const CopyPlan &p) {
  const TensorAccess &s = cc.src, &d = cc.dst;
  int64_t n = refSize(s.layout), v = p.vec, bits = s.bits;
  if (v < 1 || (v & (v - 1)))
    return "vec " + std::to_string(v) + " is not a power of two";
  if (p.count * v != n || refSize(p.srcRest) != p.count ||
      refSize(p.dstRest) != p.count)
    return "count " + std::to_string(p.count) + " x vec " + std::to_string(v) +
           " does not cover " + std::to_string(n) + " elements (rests " +
           p.srcRest.str() + ", " + p.dstRest.str() + ")";
  if ((v * bits) % 8)
    return "vector of " + std::to_string(v * bits) + " bits";
  if (v > 1) {
    if (cc.predicated)
      return "a predicated copy vectorized";
    if (v * bits > int64_t(cc.atomBits))
      return "vector wider than the atom";
    for (const TensorAccess *t : {&s, &d}) {
      if ((t->alignBytes * 8) % (v * bits))
        return "vector of " + std::to_string(v * bits) +
               " bits on a pointer aligned to " +
               std::to_string(t->alignBytes) + " bytes";
      if (t->swizzle && v > (int64_t(1) << t->swizzle->base))
        return "vector wider than the swizzle's base";
    }
  }
  // Every vector is aligned to vec elements and contiguous after the
  // swizzle; the (src, dst) pairs of all lanes are those of the elements.
  std::map<std::pair<int64_t, int64_t>, int64_t> want, got;
  for (int64_t e = 0; e < n; ++e)
    ++want[{refEval(s.layout, e), refEval(d.layout, e)}];
  for (int64_t k = 0; k < p.count; ++k) {
    int64_t so = refEval(p.srcRest, k), dof = refEval(p.dstRest, k);
    for (auto [t, o] : {std::pair{&s, so}, std::pair{&d, dof}}) {
      if (o % v)
        return "access " + std::to_string(k) + " starts at " +
               std::to_string(o) + ", not a multiple of vec " +
               std::to_string(v);
      for (int64_t j = 0; j < v; ++j)
        if (swz(*t, o + j) != swz(*t, o) + j)
          return "access " + std::to_string(k) +
                 " is not contiguous after the swizzle";
    }
    for (int64_t j = 0; j < v; ++j)
      ++got[{so + j, dof + j}];
  }
  if (want != got)
    return "the lanes do not move src(e) to dst(e) for every element e";
  return "";
}

int64_t randAlign(Rng &rng, unsigned bits) {
  if (coin(rng, 0.5))
    return std::max<int64_t>(16, bits / 8);
  int64_t a = std::max<int64_t>(1, bits / 8);
  while (a < 32 && coin(rng, 0.6))
    a *= 2;
  return a;
}

TEST(TensorProperty, PlanCopyMovesEveryElementInAlignedVectors) {
  Failures f{"planCopy"};
  int checked = 0, vectorized = 0, scalar = 0, subByteErrors = 0;
  static const unsigned kBits[] = {8, 16, 16, 32, 32, 32, 64, 1, 4};
  static const unsigned kAtoms[] = {16, 32, 64, 128, 128, 128, 128, 256};
  for (size_t it = 0; it < kCases; ++it) {
    uint64_t seed = caseSeed(105, it);
    Rng rng(seed);
    auto e = randExtents(rng, 256, 4);
    if (coin(rng, 0.5)) // a power-of-two inner extent vectorizes more often
      e.insert(e.begin(), int64_t(1) << pick(rng, 1, 4));
    unsigned bits = kBits[pick(rng, 0, std::size(kBits) - 1)];
    CopyCase cc;
    cc.src.bits = cc.dst.bits = bits;
    std::vector<size_t> order;
    cc.src.layout = chainOver(rng, e, 0.25, 0.1, &order);
    switch (pick(rng, 0, 3)) {
    case 0: // same layout
      cc.dst.layout = cc.src.layout;
      break;
    case 1: // one flat compact vector
      cc.dst.layout = Layout(IntTuple(refSize(cc.src.layout)));
      break;
    case 2: // same mode order, other gaps
      cc.dst.layout = chainOver(rng, e, 0.4, 0.0, &order);
      break;
    default:
      cc.dst.layout = chainOver(rng, e, 0.25, 0.0);
    }
    if (coin(rng))
      std::swap(cc.src.layout, cc.dst.layout);
    cc.src.alignBytes = randAlign(rng, bits);
    cc.dst.alignBytes = randAlign(rng, bits);
    for (TensorAccess *t : {&cc.src, &cc.dst})
      if (coin(rng, 0.15)) {
        int b = int(pick(rng, 1, 3));
        t->swizzle = Swizzle(b, int(pick(rng, 0, 4)), int(pick(rng, b, b + 3)));
      }
    cc.atomBits = kAtoms[pick(rng, 0, std::size(kAtoms) - 1)];
    cc.predicated = coin(rng, 0.1);
    auto p = guard(
        [&] { return planCopy(cc.src, cc.dst, cc.atomBits, cc.predicated); });
    if (!p) {
      if (bits < 8 &&
          p.message().find("-bit elements needs vector accesses covering "
                           "whole bytes") != std::string::npos) {
        ++subByteErrors;
        continue;
      }
      f.add(seed, it, cc.str() + " failed: " + p.message());
      continue;
    }
    std::string why = checkPlan(cc, *p);
    if (!why.empty()) {
      f.add(seed, it,
            cc.str() + ": plan vec " + std::to_string(p->vec) + " rests " +
                p->srcRest.str() + ", " + p->dstRest.str() + ": " + why);
      continue;
    }
    ++checked;
    (p->vec > 1 ? vectorized : scalar)++;
  }
  EXPECT_GT(vectorized, int(kCases / 10));
  EXPECT_GT(scalar, int(kCases / 10));
  RecordProperty("vectorized", vectorized);
  RecordProperty("scalar", scalar);
  EXPECT_GT(subByteErrors, 10);
  EXPECT_EQ(checked + subByteErrors, int(kCases));
}

// Identical compact tensors vectorize as far as the atom, the alignment and
// the size allow.
TEST(TensorProperty, PlanCopyOfIdenticalCompactTensorsIsWidest) {
  Failures f{"planCopy widest"};
  static const unsigned kBits[] = {8, 16, 32, 64};
  static const unsigned kAtoms[] = {8, 16, 32, 64, 128, 256};
  for (size_t it = 0; it < kCases; ++it) {
    uint64_t seed = caseSeed(106, it);
    Rng rng(seed);
    auto e = randExtents(rng, 512, 4);
    CopyCase cc;
    unsigned bits = kBits[pick(rng, 0, 3)];
    cc.src.bits = cc.dst.bits = bits;
    std::vector<IntTuple> s;
    for (int64_t x : e)
      s.push_back(IntTuple(x));
    cc.src.layout = cc.dst.layout = Layout(IntTuple(s));
    cc.src.alignBytes = randAlign(rng, bits);
    cc.dst.alignBytes = randAlign(rng, bits);
    cc.atomBits = kAtoms[pick(rng, 0, 5)];
    cc.predicated = false;
    int64_t n = refSize(cc.src.layout);
    int64_t want = 1;
    while (n % (want * 2) == 0 && want * 2 * bits <= cc.atomBits &&
           (cc.src.alignBytes * 8) % (want * 2 * bits) == 0 &&
           (cc.dst.alignBytes * 8) % (want * 2 * bits) == 0)
      want *= 2;
    auto p = guard(
        [&] { return planCopy(cc.src, cc.dst, cc.atomBits, cc.predicated); });
    if (!p) {
      f.add(seed, it, cc.str() + " failed: " + p.message());
      continue;
    }
    std::string why = checkPlan(cc, *p);
    if (why.empty() && p->vec != want)
      why = "vec " + std::to_string(p->vec) + ", expected " +
            std::to_string(want);
    if (!why.empty())
      f.add(seed, it, cc.str() + ": " + why);
  }
}

// --- alignAfterOffset
// -------------------------------------------------------------

TEST(TensorProperty, AlignAfterOffsetIsTheLargestGuaranteedAlignment) {
  Failures f{"alignAfterOffset"};
  static const unsigned kBits[] = {1, 2, 4, 8, 16, 32, 64, 128};
  for (size_t it = 0; it < kCases; ++it) {
    uint64_t seed = caseSeed(107, it);
    Rng rng(seed);
    unsigned bits = kBits[pick(rng, 0, 7)];
    int64_t align = int64_t(1) << pick(rng, 0, 8);
    // A static offset, or a symbol known to be a multiple of `div`.
    int64_t div = pick(rng, -40, 300);
    bool dynamic = div > 0 && coin(rng, 0.4);
    Int off = dynamic ? Int::symbol(0, 32, div) : Int(div);
    int64_t got = alignAfterOffset(align, off, bits);
    // Brute force: the largest power-of-two byte count dividing align and
    // every possible offset (offset * m for dynamic ones) in bytes.
    int64_t want = align;
    if (div != 0) {
      int64_t ob = (div < 0 ? -div : div) * int64_t(bits);
      if (ob % 8)
        want = 0;
      else
        while ((ob / 8) % want)
          want /= 2;
    }
    if (got != want)
      f.add(seed, it,
            "alignAfterOffset(" + std::to_string(align) + ", " + off.str() +
                ", " + std::to_string(bits) + ") = " + std::to_string(got) +
                ", expected " + std::to_string(want));
  }
}

// --- Exact results
// ---------------------------------------------------------------

TEST(TensorExact, LocalTile) {
  // A 2-D tile of a row-major 8x16 matrix: tile (1,2) of 4x8 tiles.
  TensorView v =
      localTile(L("(8,16):(16,1)"), makeTile({L("4:1"), L("8:1")}), T("(1,1)"));
  // CuTe's inner_partition slices with (repeat<R0>(_), coord): the tile's
  // modes come out flat, (4,8).
  EXPECT_EQ(v.layout.str(), "(4,8):(16,1)");
  EXPECT_EQ(v.offset.str(), "72");
  // An integer coordinate is column-major over the rest: 3 = (1,1).
  TensorView w = localTile(L("(8,16):(16,1)"), makeTile({L("4:1"), L("8:1")}),
                           IntTuple(3));
  EXPECT_EQ(w.layout.str(), v.layout.str());
  EXPECT_EQ(w.offset.str(), "72");
  // A coordinate with `_` keeps that rest mode after the flat tile modes.
  // Printed by CuTe (NVIDIA/cutlass 7107b055, host-compiled local_tile of a
  // row-major 256x128 tensor by (128,64)): at (1,_) (_128,_64,_2):(_128,_1,
  // _64) offset 16384; at (_,1) (_128,_64,_2):(_128,_1,_16384) offset 64.
  TensorView m =
      localTile(L("(256,128):(128,1)"), makeTile({L("128:1"), L("64:1")}),
                IntTuple{IntTuple(1), IntTuple::underscore()});
  EXPECT_EQ(m.layout.str(), "(128,64,2):(128,1,64)");
  EXPECT_EQ(m.offset.str(), "16384");
  TensorView n =
      localTile(L("(256,128):(128,1)"), makeTile({L("128:1"), L("64:1")}),
                IntTuple{IntTuple::underscore(), IntTuple(1)});
  EXPECT_EQ(n.layout.str(), "(128,64,2):(128,1,16384)");
  EXPECT_EQ(n.offset.str(), "64");
  // A rank-1 coordinate addresses a leaf rest mode.
  TensorView x = localTile(L("128:1"), Tile::ofLayout(L("32:1")), T("(2)"));
  EXPECT_EQ(x.layout.str(), "(32):(1)");
  EXPECT_EQ(x.offset.str(), "64");
}

TEST(TensorExact, LocalPartition) {
  // 4x8 threads, column-major, over a 16x32 column-major tensor: thread 9 is
  // (1,2) and owns (1 + 4i, 2 + 8j).
  TensorView v = localPartition(L("(16,32):(1,16)"), L("(4,8):(1,4)"), Int(9));
  EXPECT_EQ(v.layout.str(), "((4,4)):((4,128))");
  EXPECT_EQ(v.offset.str(), "33");
  // Row-major threads: thread 9 is (1,1).
  TensorView w = localPartition(L("(16,32):(1,16)"), L("(4,8):(8,1)"), Int(9));
  EXPECT_EQ(w.offset.str(), "17");
  // A leaf thread layout whose tile spans two modes of the tensor: the
  // tile is (2,4):(1,4) and thread 5 its element (1,2). (The index used to be
  // wrapped as (5), which does not match the rank-2 tile mode.)
  TensorView x = localPartition(L("(2,8):(1,4)"), L("8:1"), Int(5));
  EXPECT_EQ(x.offset.str(), "9");
  ASSERT_EQ(refSize(x.layout), 2);
  EXPECT_EQ(offsetOf(x) + refEval(x.layout, 1), 25); // A(13) = A(1,6)
}

TEST(TensorExact, PartitionTV) {
  // 32 threads x 4 values, each thread 4 contiguous elements.
  TensorView v =
      partitionTV(L("128:1"), L("(32,4):(4,1)"), std::nullopt, Int(5));
  EXPECT_EQ(v.layout.str(), "(4):(1)");
  EXPECT_EQ(v.offset.str(), "20");
  // With a tiler: the values of thread 5 in every 128-element tile.
  TensorView w = partitionTV(L("512:1"), L("(32,4):(4,1)"),
                             Tile::ofLayout(L("128:1")), Int(5));
  EXPECT_EQ(w.layout.str(), "((4),4):((1),128)");
  EXPECT_EQ(w.offset.str(), "20");
}

TEST(TensorExact, TensorSliceAndFragment) {
  TensorView v = tensorSlice(L("(4,(2,8)):(16,(1,2))"),
                             IntTuple{IntTuple::underscore(), IntTuple(5)});
  EXPECT_EQ(v.layout.str(), "(4):(16)");
  EXPECT_EQ(v.offset.str(), "5"); // (1,2) in (2,8): 1*1 + 2*2
  EXPECT_EQ(fragmentLayout(L("(4,(2,8)):(16,(1,2))")).str(),
            "(4,(2,8)):(1,(4,8))");
}

TEST(TensorExact, AlignAfterOffset) {
  EXPECT_EQ(alignAfterOffset(16, Int(0), 32), 16);
  EXPECT_EQ(alignAfterOffset(16, Int(4), 32), 16);
  EXPECT_EQ(alignAfterOffset(16, Int(2), 32), 8);
  EXPECT_EQ(alignAfterOffset(16, Int(1), 16), 2);
  EXPECT_EQ(alignAfterOffset(16, Int(3), 4), 0);
  EXPECT_EQ(alignAfterOffset(16, Int(4), 4), 2);
  EXPECT_EQ(alignAfterOffset(16, Int::symbol(0, 32, 8), 16), 16);
  EXPECT_EQ(alignAfterOffset(16, Int::symbol(0), 16), 2);
  EXPECT_EQ(alignAfterOffset(4, Int::symbol(0), 4), 0);
}

CopyPlan plan(const std::string &s, const std::string &d, unsigned bits,
              int64_t align, unsigned atom = 128, bool pred = false,
              std::optional<Swizzle> swizzle = std::nullopt) {
  TensorAccess a{bits, align, swizzle, L(s)},
      b{bits, align, std::nullopt, L(d)};
  return planCopy(a, b, atom, pred);
}

TEST(TensorExact, PlanCopyVectorizes) {
  CopyPlan p = plan("128:1", "128:1", 32, 16);
  EXPECT_EQ(p.vec, 4);
  EXPECT_EQ(p.count, 32);
  EXPECT_EQ(p.srcRest.str(), "32:4");
  // Both 8x16 row-major: 128-bit accesses of f16 along the rows.
  p = plan("(8,16):(16,1)", "(8,16):(16,1)", 16, 16);
  EXPECT_EQ(p.vec, 8);
  EXPECT_EQ(p.count, 16);
  // The atom caps the width; so does the alignment.
  EXPECT_EQ(plan("128:1", "128:1", 32, 16, 64).vec, 2);
  EXPECT_EQ(plan("128:1", "128:1", 32, 8).vec, 2);
  // A swizzle keeps vectors within 2^M elements.
  EXPECT_EQ(plan("128:1", "128:1", 16, 16, 128, false, Swizzle(3, 2, 3)).vec,
            4);
  // 4-bit elements in 8-element vectors.
  EXPECT_EQ(plan("64:1", "64:1", 4, 16, 32).vec, 8);
}

TEST(TensorExact, PlanCopyDegradesToScalar) {
  // Transposed: no common contiguous vector.
  CopyPlan p = plan("(4,8):(1,4)", "(4,8):(8,1)", 32, 16);
  EXPECT_EQ(p.vec, 1);
  EXPECT_EQ(p.count, 32);
  EXPECT_EQ(p.srcRest.str(), "(4,8):(1,4)");
  EXPECT_EQ(p.dstRest.str(), "(4,8):(8,1)");
  // Predicated copies go element by element.
  EXPECT_EQ(plan("128:1", "128:1", 32, 16, 128, true).vec, 1);
  // A pointer aligned only to the element.
  EXPECT_EQ(plan("128:1", "128:1", 32, 4).vec, 1);
  // Strided elements.
  EXPECT_EQ(plan("16:2", "16:1", 32, 16).vec, 1);
  // Odd size.
  EXPECT_EQ(plan("7:1", "7:1", 32, 16).vec, 1);
  // A swizzle of base 0 permutes single elements.
  EXPECT_EQ(plan("128:1", "128:1", 16, 16, 128, false, Swizzle(3, 0, 3)).vec,
            1);
  // Pairs of contiguous elements, but src's pairs start at 0, 3, 6: not
  // aligned to two elements.
  EXPECT_EQ(plan("(2,3):(1,3)", "(2,3):(1,2)", 32, 16).vec, 1);
}

// --- Errors
// -------------------------------------------------------------------------

std::string errorOf(const std::function<void()> &f) {
  auto r = guard([&] {
    f();
    return 0;
  });
  return r ? std::string() : r.message();
}

TEST(TensorErrors, Messages) {
  EXPECT_EQ(errorOf([] {
              partitionTV(L("256:1"), L("(128,4):(4,1)"), std::nullopt, Int(0));
            }),
            "partition_tv: the TV layout (128,4):(4,1) reaches index 511 but "
            "the tile 256:1 has only 256 elements");
  EXPECT_EQ(errorOf([] {
              partitionTV(L("256:1"), L("(2,2,2):(1,2,4)"), std::nullopt,
                          Int(0));
            }),
            "partition_tv: the TV layout (2,2,2):(1,2,4) must have two modes "
            "(thread, value)");
  EXPECT_EQ(errorOf([] {
              fragmentLayout(Layout(IntTuple{IntTuple(4), Int::symbol(0)}));
            }).rfind("a register fragment needs a static shape, but got ", 0),
            0u);
  EXPECT_EQ(errorOf([] { plan("8:1", "4:1", 32, 16); }),
            "copy needs tensors of equal size, but src 8:1 has 8 elements and "
            "dst 4:1 has 4");
  EXPECT_EQ(errorOf([] { plan("(2,4):(64,1)", "(2,4):(1,2)", 4, 16); }),
            "copy of 4-bit elements needs vector accesses covering whole "
            "bytes, but src (2,4):(64,1) and dst (2,4):(1,2) share no "
            "byte-aligned contiguous vector");
  EXPECT_EQ(errorOf([] { plan("64:1", "64:1", 4, 16, 128, true); }),
            "copy of 4-bit elements needs vector accesses covering whole "
            "bytes, but src 64:1 and dst 64:1 are predicated element by "
            "element");
  EXPECT_EQ(
      errorOf([] {
        TensorAccess a{32, 16, std::nullopt, Layout(IntTuple(Int::symbol(0)))};
        planCopy(a, a, 128, false);
      }).rfind("copy needs tensors of static size", 0),
      0u);
  EXPECT_EQ(errorOf([] {
              TensorAccess a{32, 16, std::nullopt, L("8:1")},
                  b{16, 16, std::nullopt, L("8:1")};
              planCopy(a, b, 128, false);
            }),
            "copy needs src and dst elements of one nonzero width, but got 32 "
            "and 16 bits");
  // Too many tiler modes: the divide's message comes through.
  EXPECT_NE(errorOf([] {
              localTile(L("(4,4):(1,4)"),
                        makeTile({L("2:1"), L("2:1"), L("2:1")}), T("(0,0,0)"));
            }).find("too many modes"),
            std::string::npos);
}

} // namespace
