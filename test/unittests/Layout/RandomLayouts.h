//===- RandomLayouts.h - Seeded random layouts for property tests -*- C++
//-*-===//
#ifndef CUTE_TEST_LAYOUT_RANDOMLAYOUTS_H
#define CUTE_TEST_LAYOUT_RANDOMLAYOUTS_H

#include "TestUtil.h"

#include <algorithm>
#include <random>
#include <sstream>

namespace cute::layout::test {

using Rng = std::mt19937_64;

/// The fixed seed of every property test; iteration i of a test uses
/// caseSeed(testSalt, i), so a failure names the one case to replay.
constexpr uint64_t kPropertySeed = 0xC0DE5EED2024ULL;
inline uint64_t caseSeed(uint64_t salt, uint64_t iter) {
  return kPropertySeed ^ (salt * 0x9E3779B97F4A7C15ULL) ^
         (iter * 0xBF58476D1CE4E5B9ULL);
}

inline int64_t pick(Rng &rng, int64_t lo, int64_t hi) {
  return std::uniform_int_distribution<int64_t>(lo, hi)(rng);
}
inline bool coin(Rng &rng, double p = 0.5) {
  return std::bernoulli_distribution(p)(rng);
}

/// Random leaf extents with product <= maxSize.
inline std::vector<int64_t> randExtents(Rng &rng, int64_t maxSize,
                                        int maxLeaves = 5) {
  static const int64_t choices[] = {1, 2, 2, 2, 3, 4, 4, 5, 6, 7, 8, 8};
  int n = int(pick(rng, 1, maxLeaves));
  std::vector<int64_t> e;
  int64_t prod = 1;
  for (int i = 0; i < n; ++i) {
    int64_t v = choices[pick(rng, 0, std::size(choices) - 1)];
    if (prod * v > maxSize)
      v = 1;
    prod *= v;
    e.push_back(v);
  }
  return e;
}

/// Groups a flat list of (shape, stride) leaves into a random hierarchy;
/// shape and stride get the same structure. May return a bare leaf.
inline std::pair<IntTuple, IntTuple>
nest(Rng &rng, const std::vector<std::pair<IntTuple, IntTuple>> &flat,
     int depth = 0) {
  if (flat.size() == 1 && (depth > 0 ? coin(rng, 0.8) : coin(rng, 0.3)))
    return flat[0];
  std::vector<IntTuple> s, d;
  size_t i = 0;
  while (i < flat.size()) {
    size_t len = 1;
    if (depth < 2 && coin(rng, 0.35))
      len = size_t(pick(rng, 1, int64_t(flat.size() - i)));
    if (len == 1 && (depth >= 2 || coin(rng, 0.85))) {
      s.push_back(flat[i].first);
      d.push_back(flat[i].second);
    } else {
      std::vector<std::pair<IntTuple, IntTuple>> sub(flat.begin() + i,
                                                     flat.begin() + i + len);
      auto [ss, dd] = nest(rng, sub, depth + 1);
      if (!ss.isTuple() && depth + 1 <= 2) {
        ss = IntTuple{ss};
        dd = IntTuple{dd};
      }
      s.push_back(ss);
      d.push_back(dd);
    }
    i += len;
  }
  return {IntTuple(s), IntTuple(d)};
}

inline Layout build(Rng &rng, const std::vector<int64_t> &shape,
                    const std::vector<int64_t> &stride) {
  std::vector<std::pair<IntTuple, IntTuple>> flat;
  for (size_t i = 0; i < shape.size(); ++i)
    flat.push_back({IntTuple(shape[i]), IntTuple(stride[i])});
  auto [s, d] = nest(rng, flat);
  return Layout(s, d);
}

/// Any static layout: strides in [0, 24], occasionally large.
inline Layout randLayout(Rng &rng, int64_t maxSize = 1024) {
  auto e = randExtents(rng, maxSize);
  std::vector<int64_t> d;
  for (size_t i = 0; i < e.size(); ++i)
    d.push_back(coin(rng, 0.15) ? 0 : pick(rng, 1, coin(rng, 0.8) ? 24 : 200));
  return build(rng, e, d);
}

/// An injective layout whose sorted modes form a divisibility chain
/// (d_{k+1} is a multiple of s_k * d_k): the layouts complement and
/// left_inverse accept. `gapProb` controls holes in the image.
inline Layout randChainLayout(Rng &rng, int64_t maxSize = 1024,
                              double gapProb = 0.3, bool allowUnit = true,
                              bool allowZeroStrideUnit = true) {
  auto e = randExtents(rng, maxSize);
  if (!allowUnit)
    for (auto &v : e)
      if (v == 1)
        v = 2;
  std::vector<size_t> order(e.size());
  for (size_t i = 0; i < order.size(); ++i)
    order[i] = i;
  std::shuffle(order.begin(), order.end(), rng);
  std::vector<int64_t> d(e.size());
  int64_t cur = 1;
  for (size_t k : order) {
    if (coin(rng, gapProb))
      cur *= pick(rng, 2, 3);
    if (e[k] == 1) {
      // Size-1 modes may have any stride; they do not move the image.
      d[k] = allowZeroStrideUnit && coin(rng, 0.5) ? 0 : pick(rng, 1, 9);
      continue;
    }
    d[k] = cur;
    cur *= e[k];
  }
  return build(rng, e, d);
}

/// Permutes the modes of a compact layout: injective, image [0, size).
inline Layout randPermutedCompact(Rng &rng, int64_t maxSize = 512) {
  return randChainLayout(rng, maxSize, 0.0, true, false);
}

inline std::vector<int64_t> primeFactors(int64_t v) {
  std::vector<int64_t> r;
  for (int64_t p = 2; v > 1; ++p)
    while (v % p == 0) {
      r.push_back(p);
      v /= p;
    }
  return r;
}

/// A layout B that CuTe's composition(A, B) accepts for any A with flat shape
/// `a`, and for which A o B is exactly x -> A(B(x)). Write A's domain in the
/// mixed radix of the prime factors of its flat shape (leftmost first); each
/// mode of B walks a contiguous run of those digits (stride = the run's
/// prefix product, shape = the run's product), and different modes walk
/// disjoint runs, so A is additive across B's modes. This is CuTe's
/// stride/shape divisibility condition for every mode, jointly. With
/// `pastDomain` a run that ends at the last digit may continue past A's
/// domain (A's last mode extends). Stride-0 and size-1 modes are mixed in.
inline Layout randComposableB(Rng &rng, const std::vector<int64_t> &a,
                              bool pastDomain = false) {
  std::vector<int64_t> primes, prefix;
  int64_t cur = 1;
  for (int64_t v : a)
    for (int64_t p : primeFactors(v)) {
      primes.push_back(p);
      prefix.push_back(cur);
      cur *= p;
    }
  size_t P = primes.size();
  // Random runs [b, e) covering [0, P); keep some of them.
  std::vector<std::pair<size_t, size_t>> runs;
  for (size_t b = 0; b < P;) {
    size_t e = b + size_t(pick(rng, 1, int64_t(std::min<size_t>(P - b, 4))));
    if (coin(rng, 0.7))
      runs.push_back({b, e});
    b = e;
  }
  std::shuffle(runs.begin(), runs.end(), rng);
  if (runs.size() > 4)
    runs.resize(4);
  std::vector<int64_t> shp, str;
  for (auto [b, e] : runs) {
    int64_t sz = 1;
    for (size_t k = b; k < e; ++k)
      sz *= primes[k];
    if (pastDomain && e == P && coin(rng, 0.6))
      sz *= pick(rng, 2, 3);
    shp.push_back(sz);
    str.push_back(prefix[b]);
  }
  if (pastDomain && (runs.empty() || coin(rng, 0.2))) {
    // A mode entirely past the domain, if nothing else reaches the end.
    bool endUsed = false;
    for (auto [b, e] : runs)
      endUsed |= e == P;
    if (!endUsed) {
      shp.push_back(pick(rng, 1, 3));
      str.push_back(cur);
    }
  }
  if (coin(rng, 0.1)) {
    shp.push_back(pick(rng, 2, 4));
    str.push_back(0);
  }
  if (coin(rng, 0.1)) {
    // A size-1 mode still has to satisfy the stride divisibility condition
    // (CuTe checks it before noticing the size is 1).
    shp.push_back(1);
    str.push_back(coin(rng) || P == 0 ? 0
                                      : prefix[pick(rng, 0, int64_t(P) - 1)]);
  }
  if (shp.empty()) {
    shp.push_back(1);
    str.push_back(coin(rng) ? 0 : 1);
  }
  // Shuffle the modes (keeping shape and stride paired).
  std::vector<size_t> ord(shp.size());
  for (size_t k = 0; k < ord.size(); ++k)
    ord[k] = k;
  std::shuffle(ord.begin(), ord.end(), rng);
  std::vector<int64_t> s2, d2;
  for (size_t k : ord) {
    s2.push_back(shp[k]);
    d2.push_back(str[k]);
  }
  return build(rng, s2, d2);
}

/// A tiler B of A for logical_divide: a random subset of the prime factors
/// of A's flat shape, each at its own position, in a random order. B is
/// injective, its image lies in [0, size(A)), and B together with its
/// complement walks each prime factor exactly once.
inline Layout randDivisorTiler(Rng &rng, const std::vector<int64_t> &a) {
  std::vector<std::pair<int64_t, int64_t>> factors; // (prime, position stride)
  int64_t prefix = 1;
  for (int64_t v : a)
    for (int64_t p : primeFactors(v)) {
      factors.push_back({p, prefix});
      prefix *= p;
    }
  std::vector<std::pair<int64_t, int64_t>> chosen;
  for (auto &f : factors)
    if (coin(rng, 0.5))
      chosen.push_back(f);
  if (chosen.empty())
    return Layout(IntTuple(1), IntTuple(coin(rng) ? 0 : 1));
  std::shuffle(chosen.begin(), chosen.end(), rng);
  std::vector<int64_t> s, d;
  for (auto &[p, st] : chosen) {
    s.push_back(p);
    d.push_back(st);
  }
  return build(rng, s, d);
}

/// Collects failures; reports the first few with the case seed.
struct Failures {
  std::string test;
  int count = 0;
  void add(uint64_t seed, size_t iter, const std::string &msg) {
    if (++count <= 8)
      ADD_FAILURE() << test << ": case " << iter << " (seed 0x" << std::hex
                    << seed << std::dec << ", base seed 0x" << std::hex
                    << kPropertySeed << std::dec << "): " << msg;
  }
  ~Failures() {
    if (count > 8)
      ADD_FAILURE() << test << ": " << count << " failures in total";
  }
};

} // namespace cute::layout::test

#endif // CUTE_TEST_LAYOUT_RANDOMLAYOUTS_H
