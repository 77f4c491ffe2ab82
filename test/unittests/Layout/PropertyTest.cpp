//===- PropertyTest.cpp - Randomized properties of the layout algebra -----===//
//
// Each test draws >= 10,000 random static layouts from a fixed seed (see
// RandomLayouts.h; failures print the case seed) and checks the algebra's
// post-conditions as CuTe states them, against the reference evaluator of
// TestUtil.h.
//
//===----------------------------------------------------------------------===//
#include "RandomLayouts.h"

#include <set>

using namespace cute::layout;
using namespace cute::layout::test;

namespace {

constexpr size_t kCases = 10000;

std::string desc(const Layout &l) { return l.str(); }

// Whether a static layout is already maximally coalesced, as CuTe's coalesce
// leaves it: depth <= 1, no size-1 modes (unless 1:0), no mergeable neighbours.
bool isCoalescedForm(const Layout &c, std::string &why) {
  if (c.depth() > 1) {
    why = "depth > 1";
    return false;
  }
  auto s = leaves(c.shape), d = leaves(c.stride);
  if (s.size() == 1 && s[0] == 1) {
    if (d[0] != 0) {
      why = "size-1 result must be 1:0";
      return false;
    }
    return true;
  }
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == 1) {
      why = "size-1 mode left";
      return false;
    }
    if (i + 1 < s.size() && s[i] * d[i] == d[i + 1]) {
      why = "mergeable modes left";
      return false;
    }
  }
  return true;
}

TEST(Property, CoalescePreservesFunctionAndSize) {
  Failures f{"coalesce"};
  for (size_t it = 0; it < kCases; ++it) {
    uint64_t seed = caseSeed(1, it);
    Rng rng(seed);
    Layout a = randLayout(rng, coin(rng, 0.05) ? 4096 : 256);
    try {
      Layout c = coalesce(a);
      int64_t n = refSize(a);
      if (size(c).value() != n) {
        f.add(seed, it, "size changed: " + desc(a) + " -> " + desc(c));
        continue;
      }
      std::string why;
      if (!isCoalescedForm(c, why)) {
        f.add(seed, it, "coalesce(" + desc(a) + ") = " + desc(c) + ": " + why);
        continue;
      }
      for (int64_t i = 0; i < n; ++i)
        if (c.eval(i) != refEval(a, i) || refEval(c, i) != refEval(a, i)) {
          f.add(seed, it,
                "coalesce(" + desc(a) + ") = " + desc(c) + " differs at " +
                    std::to_string(i));
          break;
        }
      // By-mode coalesce keeps the top-level rank and each mode's function.
      if (a.shape.isTuple()) {
        IntTuple prof(std::vector<IntTuple>(a.rank(), IntTuple(1)));
        Layout cm = coalesce(a, prof);
        if (cm.rank() != a.rank()) {
          f.add(seed, it, "by-mode coalesce changed the rank: " + desc(cm));
          continue;
        }
        for (size_t m = 0; m < a.rank(); ++m)
          if (refValues(cm[m]) != refValues(a[m]) ||
              !cm[m].same(coalesce(a[m]))) {
            f.add(seed, it,
                  "by-mode coalesce(" + desc(a) + ") = " + desc(cm) +
                      " wrong at mode " + std::to_string(m));
            break;
          }
      }
    } catch (const std::exception &e) {
      f.add(seed, it, "coalesce(" + desc(a) + ") threw: " + e.what());
    }
  }
}

TEST(Property, CompositionIsFunctionComposition) {
  Failures f{"composition"};
  for (size_t it = 0; it < kCases; ++it) {
    uint64_t seed = caseSeed(2, it);
    Rng rng(seed);
    Layout a = randLayout(rng, 1024);
    Layout b = randComposableB(rng, leaves(a.shape));
    try {
      Layout r = composition(a, b);
      if (!compatible(b.shape, r.shape)) {
        f.add(seed, it,
              desc(a) + " o " + desc(b) + " = " + desc(r) +
                  ": result is not compatible with B");
        continue;
      }
      int64_t n = refSize(b);
      for (int64_t c = 0; c < n; ++c) {
        int64_t want = refEval(a, refEval(b, c));
        if (r.eval(c) != want || refEval(r, c) != want) {
          f.add(seed, it,
                desc(a) + " o " + desc(b) + " = " + desc(r) + ": R(" +
                    std::to_string(c) + ") = " + std::to_string(r.eval(c)) +
                    ", A(B(c)) = " + std::to_string(want));
          break;
        }
      }
    } catch (const std::exception &e) {
      f.add(seed, it, desc(a) + " o " + desc(b) + " threw: " + e.what());
    }
  }
}

// CuTe's composition also holds past A's domain (A's last mode extends).
TEST(Property, CompositionPastTheDomain) {
  Failures f{"composition past the domain"};
  for (size_t it = 0; it < kCases; ++it) {
    uint64_t seed = caseSeed(3, it);
    Rng rng(seed);
    Layout a = randLayout(rng, 256);
    Layout b = randComposableB(rng, leaves(a.shape), /*pastDomain=*/true);
    try {
      Layout r = composition(a, b);
      int64_t n = refSize(b);
      for (int64_t c = 0; c < n; ++c) {
        int64_t want = refEval(a, refEval(b, c));
        if (r.eval(c) != want) {
          f.add(seed, it,
                desc(a) + " o " + desc(b) + " = " + desc(r) + ": R(" +
                    std::to_string(c) + ") = " + std::to_string(r.eval(c)) +
                    ", A(B(c)) = " + std::to_string(want));
          break;
        }
      }
    } catch (const std::exception &e) {
      f.add(seed, it, desc(a) + " o " + desc(b) + " threw: " + e.what());
    }
  }
}

// max(s * d) over the non-trivial modes of a chain layout (1 if none): the
// extent that A together with its holes fills.
int64_t chainTop(const Layout &a) {
  auto s = leaves(a.shape), d = leaves(a.stride);
  int64_t k = 1;
  for (size_t i = 0; i < s.size(); ++i)
    if (s[i] > 1 && d[i] > 0)
      k = std::max(k, s[i] * d[i]);
  return k;
}

TEST(Property, ComplementPostConditions) {
  Failures f{"complement"};
  for (size_t it = 0; it < kCases; ++it) {
    uint64_t seed = caseSeed(4, it);
    Rng rng(seed);
    Layout a = randChainLayout(rng, 256);
    int64_t cos = refCosize(a);
    int64_t cot = coin(rng, 0.3) ? cos : pick(rng, 1, 3 * cos + 8);
    std::string what =
        "complement(" + desc(a) + ", " + std::to_string(cot) + ")";
    try {
      Layout r = complement(a, IntTuple(cot));
      what += " = " + desc(r);
      int64_t rn = refSize(r);
      std::vector<int64_t> rv = refValues(r);
      std::set<int64_t> image;
      for (int64_t v : refValues(a))
        image.insert(v);
      bool bad = false;
      for (int64_t i = 0; i < rn && !bad; ++i) {
        if (r.eval(i) != rv[i]) {
          f.add(seed, it, what + ": eval disagrees at " + std::to_string(i));
          bad = true;
        } else if (i > 0 && !(rv[i - 1] < rv[i])) {
          f.add(seed, it, what + ": not ordered at " + std::to_string(i));
          bad = true;
        } else if (i > 0 && image.count(rv[i])) {
          f.add(seed, it,
                what + ": R(" + std::to_string(i) +
                    ") = " + std::to_string(rv[i]) + " is in A's image");
          bad = true;
        }
      }
      if (bad)
        continue;
      for (int64_t d : leaves(r.stride))
        if (d < 0) {
          f.add(seed, it, what + ": negative stride");
          bad = true;
        }
      Layout completed = makeLayout({a, r});
      int64_t rcos = refCosize(r);
      if (refCosize(completed) < cot)
        f.add(seed, it, what + ": cosize(A,R) < cotarget");
      else if (refCosize(completed) !=
               (std::max<int64_t>(cot, 1) + chainTop(a) - 1) / chainTop(a) *
                   chainTop(a))
        // (A, R) is a bijection onto [0, round_up(cotarget, K)), K the top of
        // A's stride chain. (CuTe's unit-test bound cosize(R) <=
        // round_up(cotarget, cosize(A)) only holds for its cotargets:
        // complement(2:3, 8) = (3,2):(1,6) has cosize 9.)
        f.add(seed, it,
              what + ": cosize(A,R) = " + std::to_string(refCosize(completed)) +
                  " != round_up(cotarget, " + std::to_string(chainTop(a)) +
                  ")");
      else if (rn > rcos)
        f.add(seed, it, what + ": size(R) > cosize(R)");
      else if (rn < cot / refSize(filter(a)))
        f.add(seed, it, what + ": size(R) < cotarget / size(filter(A))");
      else if (size(complement(completed)).value() != 1)
        f.add(seed, it,
              what + ": complement(A,R) = " + desc(complement(completed)) +
                  " is not trivial");
      else if (size(a).value() * rn != refCosize(completed))
        // A and R together are a bijection onto [0, cosize(A,R)).
        f.add(seed, it, what + ": size(A)*size(R) != cosize(A,R)");
    } catch (const std::exception &e) {
      f.add(seed, it, what + " threw: " + e.what());
    }
  }
}

TEST(Property, RightInverse) {
  Failures f{"right_inverse"};
  for (size_t it = 0; it < kCases; ++it) {
    uint64_t seed = caseSeed(5, it);
    Rng rng(seed);
    Layout a = coin(rng, 0.6) ? randChainLayout(rng, 1024, 0.25)
                              : randLayout(rng, 1024);
    try {
      Layout r = rightInverse(a);
      int64_t n = refSize(r);
      for (int64_t i = 0; i < n; ++i)
        if (refEval(a, r.eval(i)) != i) {
          f.add(seed, it,
                "right_inverse(" + desc(a) + ") = " + desc(r) + ": A(R(" +
                    std::to_string(i) +
                    ")) = " + std::to_string(refEval(a, r.eval(i))));
          break;
        }
      // A compact (gap-free from 1) injective layout is a bijection, so its
      // right inverse covers it entirely.
      std::set<int64_t> img;
      for (int64_t v : refValues(a))
        img.insert(v);
      int64_t contiguous = 0;
      while (img.count(contiguous))
        ++contiguous;
      if (int64_t(img.size()) == refSize(a) && contiguous == refSize(a) &&
          n != refSize(a))
        f.add(seed, it,
              "right_inverse(" + desc(a) + ") = " + desc(r) +
                  " does not cover the bijective layout");
    } catch (const std::exception &e) {
      f.add(seed, it, "right_inverse(" + desc(a) + ") threw: " + e.what());
    }
  }
}

TEST(Property, LeftInverse) {
  Failures f{"left_inverse"};
  for (size_t it = 0; it < kCases; ++it) {
    uint64_t seed = caseSeed(6, it);
    Rng rng(seed);
    Layout a = randChainLayout(rng, 1024, 0.25, true, false);
    try {
      Layout l = leftInverse(a);
      int64_t n = refSize(a);
      for (int64_t i = 0; i < n; ++i)
        if (l.eval(refEval(a, i)) != i) {
          f.add(seed, it,
                "left_inverse(" + desc(a) + ") = " + desc(l) + ": L(A(" +
                    std::to_string(i) +
                    ")) = " + std::to_string(l.eval(refEval(a, i))));
          break;
        }
    } catch (const std::exception &e) {
      f.add(seed, it, "left_inverse(" + desc(a) + ") threw: " + e.what());
    }
  }
}

TEST(Property, DivideZippedModeZeroIsComposition) {
  Failures f{"zipped_divide"};
  for (size_t it = 0; it < kCases; ++it) {
    uint64_t seed = caseSeed(7, it);
    Rng rng(seed);
    Layout a = randLayout(rng, 1024);
    Layout b = randDivisorTiler(rng, leaves(a.shape));
    std::string what = desc(a) + " / " + desc(b);
    try {
      Layout comp = composition(a, b);
      Layout zd = zippedDivide(a, b);
      Layout ld = logicalDivide(a, b);
      what += ": zipped = " + desc(zd) + ", logical = " + desc(ld);
      if (zd.rank() != 2 || ld.rank() != 2) {
        f.add(seed, it, what + ": rank is not 2");
        continue;
      }
      if (zd[0].str() != comp.str()) {
        f.add(seed, it, what + ": layout<0> != composition = " + desc(comp));
        continue;
      }
      if (refValues(zd[0]) != refValues(comp) || ld[0].str() != comp.str()) {
        f.add(seed, it, what + ": mode 0 differs from A o B as a function");
        continue;
      }
      if (!compatible(b.shape, ld[0].shape)) {
        f.add(seed, it, what + ": B not compatible with mode 0");
        continue;
      }
      // (B, B*) is a permutation of A's domain: same multiset of values.
      std::vector<int64_t> va = refValues(a), vl = refValues(ld);
      std::sort(va.begin(), va.end());
      std::sort(vl.begin(), vl.end());
      if (va != vl) {
        f.add(seed, it, what + ": the divide does not permute A's domain");
        continue;
      }
      // Mode 0 equals A o B for each tile-local coordinate.
      int64_t nb = refSize(b);
      for (int64_t c = 0; c < nb; ++c)
        if (refEval(ld[0], c) != refEval(a, refEval(b, c))) {
          f.add(seed, it, what + ": tile element " + std::to_string(c));
          break;
        }
    } catch (const std::exception &e) {
      f.add(seed, it, what + " threw: " + e.what());
    }
  }
}

TEST(Property, LogicalProductModeZeroIsBlock) {
  Failures f{"logical_product"};
  for (size_t it = 0; it < kCases; ++it) {
    uint64_t seed = caseSeed(8, it);
    Rng rng(seed);
    Layout a = randPermutedCompact(rng, 64);
    Layout b = randLayout(rng, 64);
    std::string what = desc(a) + " x " + desc(b);
    try {
      Layout p = logicalProduct(a, b);
      what += " = " + desc(p);
      if (p.rank() != 2) {
        f.add(seed, it, what + ": rank is not 2");
        continue;
      }
      if (!p[0].same(a)) {
        f.add(seed, it, what + ": mode 0 is not A");
        continue;
      }
      if (!compatible(b.shape, p[1].shape)) {
        f.add(seed, it, what + ": B not compatible with mode 1");
        continue;
      }
      // A is a bijection onto [0, size(A)), so A* = cosize(B):size(A) and
      // mode 1 is B scaled by size(A).
      int64_t na = refSize(a), nb = refSize(b);
      for (int64_t j = 0; j < nb; ++j)
        if (refEval(p[1], j) != na * refEval(b, j)) {
          f.add(seed, it, what + ": mode 1 at " + std::to_string(j));
          break;
        }
    } catch (const std::exception &e) {
      f.add(seed, it, what + " threw: " + e.what());
    }
  }
}

TEST(Property, FilterPreservesImage) {
  Failures f{"filter"};
  for (size_t it = 0; it < kCases; ++it) {
    uint64_t seed = caseSeed(10, it);
    Rng rng(seed);
    Layout a = randLayout(rng, 1024);
    try {
      Layout r = filter(a);
      std::vector<int64_t> va = refValues(a), vr = refValues(r);
      std::set<int64_t> sa(va.begin(), va.end()), sr(vr.begin(), vr.end());
      if (sa != sr) {
        f.add(seed, it,
              "filter(" + desc(a) + ") = " + desc(r) + " changed the image");
        continue;
      }
      auto d = leaves(r.stride), s = leaves(r.shape);
      for (size_t i = 0; i < d.size(); ++i)
        if ((d[i] == 0 || s[i] == 1) && !(s.size() == 1 && s[0] == 1)) {
          f.add(seed, it,
                "filter(" + desc(a) + ") = " + desc(r) +
                    " keeps a stride-0 or size-1 mode");
          break;
        }
      Layout z = filterZeros(a);
      std::vector<int64_t> vz = refValues(z);
      if (!congruent(z.shape, a.shape) || !z.stride.same(a.stride) ||
          std::set<int64_t>(vz.begin(), vz.end()) != sa)
        f.add(seed, it, "filter_zeros(" + desc(a) + ") = " + desc(z));
    } catch (const std::exception &e) {
      f.add(seed, it, "filter(" + desc(a) + ") threw: " + e.what());
    }
  }
}

TEST(Property, Idx2CrdCrd2IdxRoundTrip) {
  Failures f{"idx2crd/crd2idx"};
  for (size_t it = 0; it < kCases; ++it) {
    uint64_t seed = caseSeed(11, it);
    Rng rng(seed);
    Layout a = randLayout(rng, 256);
    const IntTuple &shape = a.shape;
    try {
      int64_t n = refSize(shape);
      IntTuple compact = compactColMajor(shape);
      for (int64_t i = 0; i < n; ++i) {
        IntTuple crd = idx2crd(IntTuple(i), shape);
        if (!congruent(crd, shape) && shape.isTuple()) {
          f.add(seed, it,
                "idx2crd(" + std::to_string(i) + ", " + shape.str() +
                    ") = " + crd.str() + " is not congruent");
          break;
        }
        if (crd2idx(crd, shape).value() != i ||
            crd2idx(crd, shape, compact).value().value() != i) {
          f.add(seed, it,
                "crd2idx(idx2crd(" + std::to_string(i) + ", " + shape.str() +
                    ")) != i (crd " + crd.str() + ")");
          break;
        }
        int64_t want = refEval(a, i);
        if (crd2idx(IntTuple(i), shape, a.stride).value().value() != want ||
            crd2idx(crd, shape, a.stride).value().value() != want ||
            a(IntTuple(i)).value().value() != want ||
            a(crd).value().value() != want) {
          f.add(seed, it,
                "crd2idx disagrees with the reference for " + desc(a) + " at " +
                    std::to_string(i));
          break;
        }
      }
    } catch (const std::exception &e) {
      f.add(seed, it, "idx2crd/crd2idx on " + desc(a) + " threw: " + e.what());
    }
  }
}

} // namespace
