//===- BasisStrideTest.cpp - complement/inverses of scaled-basis layouts
//---===//
//
// Layouts with scaled-basis strides (`v@i`) map into a multi-dimensional
// codomain. CuTe C++ has no complement or inverse for them; the expected
// results are CuTe IR's (the dialect whose IR cute-opt accepts), which works
// one codomain direction ("bucket", a leaf of the coprofile L(0)) at a time.
// The property tests check the defining identities element by element with
// an evaluator written here from the definition (colex split + basis sum).
//
//===----------------------------------------------------------------------===//
#include "RandomLayouts.h"

#include "cute/Layout/Parse.h"

#include <map>
#include <set>

using namespace cute::layout;
using namespace cute::layout::test;

namespace {

Layout P(const std::string &s) {
  DynamicSymbols syms;
  auto r = parseLayout(s, syms);
  if (!r)
    throw std::invalid_argument("cannot parse " + s + ": " + r.message());
  return *r;
}

std::string run(const std::function<Layout()> &f) {
  auto r = guard(f);
  return r ? r->str() : "ERROR: " + r.message();
}
std::string cmp(const std::string &l) {
  return run([&] { return complement(P(l)); });
}
std::string rinv(const std::string &l) {
  return run([&] { return rightInverse(P(l)); });
}
std::string linv(const std::string &l) {
  return run([&] { return leftInverse(P(l)); });
}

// --- Exact results ----------------------------------------------------------

TEST(BasisStride, Complement) {
  EXPECT_EQ(cmp("3:1@0"), "(1):(3@0)");
  EXPECT_EQ(cmp("3:4@2"), "(1,1,(4,1)):(1@0,1@1,(1@2,12@2))");
  EXPECT_EQ(cmp("(2,5,3):(4@1,5@0,16@1)"),
            "((5,1),(4,2,1)):((1@0,25@0),(1@1,8@1,48@1))");
  // Integer 0 strides are broadcasts and do not take part.
  EXPECT_EQ(cmp("(2,1,5,3):(4@1,0,5@0,16@1)"),
            "((5,1),(4,2,1)):((1@0,25@0),(1@1,8@1,48@1))");
  // A nested codomain: 7@1@2 is E<2,1>.
  EXPECT_EQ(
      cmp("(2,3,5):(4@1,5@0,7@1@2)"),
      "((5,1),(4,1),(1,(7,1))):((1@0,15@0),(1@1,8@1),(1@0@2,(1@1@2,35@1@2)))");
  // A compact identity layout: every direction is covered.
  EXPECT_EQ(cmp("(4,3):(1@0,1@1)"), "(1,1):(4@0,3@1)");
  EXPECT_EQ(cmp("(4,3):(2@0,1@1)"), "((2,1),1):((1@0,8@0),3@1)");
}

TEST(BasisStride, RightInverse) {
  EXPECT_EQ(rinv("(2,3):(1@0,1@1)"), "(2,3):(1,2)");
  EXPECT_EQ(rinv("(2,3):(0,1@0)"), "(3):(2)");
  EXPECT_EQ(rinv("(4,5):(1@0,1@1)"), "(4,5):(1,4)");
  EXPECT_EQ(rinv("(4,5):(1@1,1@0)"), "(5,4):(4,1)");
  EXPECT_EQ(rinv("(4,5):(2@0,2@1)"), "(1,1):(0,0)");
  EXPECT_EQ(rinv("(4,1,5):(1@0,0,1@1)"), "(4,5):(1,4)");
  EXPECT_EQ(rinv("(((16,4),64),1,1):(((1@1,32@1),2@0),0,0)"), "(1,16):(0,1)");
  EXPECT_EQ(rinv("(4,5):(1@1,1@1@4)"), "(1,4,1,1,(1,5)):(0,1,0,0,(0,4))");
  EXPECT_EQ(rinv("((2,2,2),(2,2,2)):((1@0,2@1,4@0),(1@1,2@0,4@1))"),
            "((2,2,2),(2,2,2)):((1,16,4),(8,2,32))");
  EXPECT_EQ(rinv("((2,2,2),(2,2,2)):((1@0,2@1,5@0),(1@1,2@0,5@1))"),
            "((2,2),(2,2)):((1,16),(8,2))");
  EXPECT_EQ(rinv("((2,2,2),(2,2,2)):((1@0,2@1,5@0),(1@1,2@0,4@1))"),
            "((2,2),(2,2,2)):((1,16),(8,2,32))");
  EXPECT_EQ(rinv("((4,2),4):((1@1,4@0),1@0)"), "((4,2),4):((8,4),1)");
  EXPECT_EQ(rinv("((4,8),(2,2)):((2@1,1@0),(1@1,8@0))"),
            "((8,2),(2,4)):((4,64),(32,1))");
}

TEST(BasisStride, LeftInverse) {
  EXPECT_EQ(linv("(2,3):(1@0,1@1)"), "(2,3):(1,2)");
  EXPECT_EQ(linv("(2,3):(0,1@0)"), "(3):(2)");
  EXPECT_EQ(linv("(4,5):(1@0,1@1)"), "(4,5):(1,4)");
  EXPECT_EQ(linv("(4,5):(1@1,1@0)"), "(5,4):(4,1)");
  EXPECT_EQ(linv("(4,5):(2@0,2@1)"), "((2,4),(2,5)):((0,1),(0,4))");
  EXPECT_EQ(linv("(4,1,5):(1@0,0,1@1)"), "(4,5):(1,4)");
  EXPECT_EQ(linv("(((16,4),64),1,1):(((1@1,32@1),2@0),0,0)"),
            "((2,64),(32,4)):((0,64),(1,16))");
  EXPECT_EQ(linv("(4,5):(1@1,1@1@4)"), "(1,4,1,1,(1,5)):(0,1,0,0,(0,4))");
  EXPECT_EQ(linv("((2,2,2),(2,2,2)):((1@0,2@1,4@0),(1@1,2@0,4@1))"),
            "((2,2,2),(2,2,2)):((1,16,4),(8,2,32))");
  EXPECT_EQ(linv("((2,2,2),(2,2,2)):((1@0,2@1,6@0),(1@1,2@0,6@1))"),
            "((2,3,2),(2,3,2)):((1,16,4),(8,2,32))");
  EXPECT_EQ(linv("((2,2,2),(2,2,2)):((1@0,2@1,6@0),(1@1,2@0,4@1))"),
            "((2,3,2),(2,2,2)):((1,16,4),(8,2,32))");
  EXPECT_EQ(linv("((4,2),4):((1@1,4@0),1@0)"), "((4,2),4):((8,4),1)");
  EXPECT_EQ(linv("((4,8),(2,2)):((2@1,1@0),(1@1,8@0))"),
            "((8,2),(2,4)):((4,64),(32,1))");
}

TEST(BasisStride, ProductsAndDivides) {
  auto prod = [](const char *a, const char *b,
                 Layout (*f)(const Layout &, const Layout &)) {
    return run([&] { return f(P(a), P(b)); });
  };
  // The tiler is composed with the intrinsic complement of the block.
  EXPECT_EQ(prod("(4,3):(1@0,1@1)", "(2,5):(1,2)", logicalProduct),
            "((4,3),(2,5)):((1@0,1@1),(3@1,6@1))");
  EXPECT_EQ(prod("(4,3):(2@0,1@1)", "(2,5):(1,2)", logicalProduct),
            "((4,3),(2,5)):((2@0,1@1),(1@0,3@1))");
  EXPECT_EQ(prod("4:1@0", "3:1", logicalProduct), "(4,3):(1@0,4@0)");
  EXPECT_EQ(prod("(4,3):(1@0,1@1)", "(2,5):(1,2)", zippedProduct),
            "((4,3),(2,5)):((1@0,1@1),(3@1,6@1))");
  EXPECT_EQ(prod("(4,3):(1@0,1@1)", "(2,5):(1,2)", tiledProduct),
            "((4,3),2,5):((1@0,1@1),3@1,6@1)");
  EXPECT_EQ(prod("(4,3):(1@0,1@1)", "(2,5):(1,2)", flatProduct),
            "(4,3,2,5):(1@0,1@1,3@1,6@1)");
  EXPECT_EQ(prod("(4,3):(1@0,1@1)", "(2,5):(1,2)", blockedProduct),
            "((4,2),(3,5)):((1@0,3@1),(1@1,6@1))");
  EXPECT_EQ(prod("(4,3):(1@0,1@1)", "(2,5):(1,2)", rakedProduct),
            "((2,4),(5,3)):((3@1,1@0),(6@1,1@1))");
  // The tiler of a basis-stride block must be static with integer strides.
  EXPECT_NE(
      prod("(4,3):(1@0,1@1)", "(2,5):(1@0,1@1)", logicalProduct).find("ERROR"),
      std::string::npos);
  EXPECT_NE(run([] {
              DynamicSymbols syms;
              return logicalProduct(P("(4,3):(1@0,1@1)"),
                                    *parseLayout("(?,?):(1,2)", syms));
            }).find("ERROR"),
            std::string::npos);

  // A basis-stride tiler: its complement is extended over shape(a).
  EXPECT_EQ(prod("(128,64):(1@1,1@0)", "2:64@0", logicalDivide),
            "(2,(64,64)):(64@1,(1@1,1@0))");
  EXPECT_EQ(prod("(128,64):(1@1,1@0)", "2:64@0", zippedDivide),
            "(2,(64,64)):(64@1,(1@1,1@0))");
  EXPECT_EQ(prod("(128,64):(1@1,1@0)", "2:64@0", tiledDivide),
            "(2,64,64):(64@1,1@1,1@0)");
  EXPECT_EQ(prod("(128,64):(1@1,1@0)", "2:64@0", flatDivide),
            "(2,64,64):(64@1,1@1,1@0)");
  // ... but a basis-stride layout inside a tile tiler is rejected.
  EXPECT_NE(run([] {
              return logicalDivide(P("(4,3):(1@0,1@1)"),
                                   makeTile({P("2:1@0"), P("3:1@1")}));
            }).find("ERROR"),
            std::string::npos);
}

TEST(BasisStride, Errors) {
  // Basis strides mixed with a nonzero integer stride.
  EXPECT_NE(cmp("(2,3):(1@0,2)").find("ERROR"), std::string::npos);
  EXPECT_NE(rinv("(2,3):(1@0,2)").find("ERROR"), std::string::npos);
  EXPECT_NE(linv("(2,3):(1@0,2)").find("ERROR"), std::string::npos);
  // Non-injective.
  EXPECT_NE(cmp("(2,3):(2@0,3@0)").find("ERROR"), std::string::npos);
  EXPECT_NE(linv("(2,3):(2@0,3@0)").find("ERROR"), std::string::npos);
  // No complement with a cotarget (CuTe IR's complement op rejects it).
  EXPECT_NE(run([] {
              return complement(P("(2,3):(1@0,1@1)"), T("(4,6)"));
            }).find("ERROR"),
            std::string::npos);
  // Dynamic shapes or strides.
  DynamicSymbols syms;
  Layout dynShape = *parseLayout("(?,3):(1@0,1@1)", syms);
  Layout dynStride = *parseLayout("(2,3):(1@0,?@1)", syms);
  for (const Layout &l : {dynShape, dynStride}) {
    EXPECT_FALSE(guard([&] { return complement(l); }));
    EXPECT_FALSE(guard([&] { return rightInverse(l); }));
    EXPECT_FALSE(guard([&] { return leftInverse(l); }));
  }
  // Conflicting codomain paths.
  EXPECT_NE(cmp("(2,3):(1@0,1@0@0)").find("ERROR"), std::string::npos);
}

// --- Properties
// ---------------------------------------------------------------
//
// A point of the codomain is a map from a basis path (outermost mode first)
// to the value in that direction; absent paths are 0.

using Path = std::vector<int>;
using Point = std::map<Path, int64_t>;

constexpr size_t kBasisCases = 10000;

/// The codomains used: sets of basis paths, none a prefix of another.
const std::vector<std::vector<Path>> kSchemes = {{{0}},
                                                 {{0}, {1}},
                                                 {{1}, {0}, {2}},
                                                 {{1}},
                                                 {{2}},
                                                 {{0}, {2}},
                                                 {{0}, {1, 0}, {1, 1}},
                                                 {{2, 1}},
                                                 {{1}, {3, 0}, {3, 1}},
                                                 {{0, 0}, {0, 1}}};

struct FlatMode {
  int64_t shape;
  IntTuple stride; // an integer 0 or a basis element
};

std::vector<FlatMode> flatModes(const Layout &l) {
  auto s = flattenLeaves(l.shape), d = flattenLeaves(l.stride);
  std::vector<FlatMode> r;
  for (size_t i = 0; i < s.size(); ++i)
    r.push_back({leafVal(s[i]), d[i]});
  return r;
}

/// L(i) from the definition: colex split of i over the flat modes, each
/// coordinate times its stride, summed per direction.
Point refPoint(const std::vector<FlatMode> &modes, int64_t i) {
  Point p;
  for (size_t k = 0; k < modes.size(); ++k) {
    int64_t c = k + 1 == modes.size() ? i : i % modes[k].shape;
    i = k + 1 == modes.size() ? 0 : i / modes[k].shape;
    const IntTuple &d = modes[k].stride;
    if (d.isBasis() && c * leafVal(d) != 0)
      p[d.basisModes()] += c * leafVal(d);
  }
  return p;
}

int64_t sizeOf(const std::vector<FlatMode> &modes) {
  int64_t n = 1;
  for (auto &m : modes)
    n *= m.shape;
  return n;
}

/// The coprofile's leaves (DFS order) and the coprofile as a tuple of zeros,
/// built from the basis paths the layout uses.
IntTuple refCoprofile(const std::set<Path> &paths, Path &prefix,
                      std::vector<Path> &leavesOut) {
  int maxIdx = -1;
  for (auto &p : paths)
    if (p.size() > prefix.size() &&
        std::equal(prefix.begin(), prefix.end(), p.begin()))
      maxIdx = std::max(maxIdx, p[prefix.size()]);
  if (maxIdx < 0) {
    leavesOut.push_back(prefix);
    return IntTuple(0);
  }
  std::vector<IntTuple> e;
  for (int i = 0; i <= maxIdx; ++i) {
    prefix.push_back(i);
    e.push_back(refCoprofile(paths, prefix, leavesOut));
    prefix.pop_back();
  }
  return IntTuple(std::move(e));
}

IntTuple refCoprofile(const Layout &l, std::vector<Path> &leavesOut) {
  std::set<Path> paths;
  l.stride.forEachLeaf([&](const IntTuple &d) {
    if (d.isBasis())
      paths.insert(d.basisModes());
  });
  Path prefix;
  return refCoprofile(paths, prefix, leavesOut);
}

/// A random static layout with basis strides. With `chain`, the modes of
/// each direction form a divisibility chain (injective per direction, with
/// random gaps); otherwise the values are arbitrary. Integer-0 broadcast
/// modes and size-1 modes are mixed in; `injective` says whether L is.
Layout randBasisLayout(Rng &rng, bool chain, bool &injective) {
  const auto &scheme = kSchemes[size_t(pick(rng, 0, kSchemes.size() - 1))];
  static const int64_t ext[] = {2, 2, 3, 4, 4, 5, 8};
  std::vector<std::pair<IntTuple, IntTuple>> modes;
  int64_t total = 1;
  injective = true;
  size_t first = size_t(pick(rng, 0, scheme.size() - 1));
  for (size_t k = 0; k < scheme.size(); ++k) {
    if (k != first && coin(rng, 0.25))
      continue; // an unused direction
    const Path &path = scheme[k];
    int n = int(pick(rng, 1, 3));
    std::vector<int64_t> e;
    for (int j = 0; j < n; ++j) {
      int64_t v = ext[pick(rng, 0, std::size(ext) - 1)];
      if (total * v > 512)
        break;
      total *= v;
      e.push_back(v);
    }
    if (e.empty()) {
      e.push_back(1);
    }
    std::shuffle(e.begin(), e.end(), rng);
    int64_t cur = coin(rng, 0.2) ? pick(rng, 2, 3) : 1;
    for (int64_t v : e) {
      int64_t d;
      if (chain) {
        if (coin(rng, 0.25))
          cur *= pick(rng, 2, 3);
        d = cur;
        cur *= v;
      } else {
        d = coin(rng, 0.6) ? cur : pick(rng, 0, 12);
        cur = coin(rng, 0.7) ? cur * v : cur;
      }
      modes.push_back({IntTuple(v), IntTuple::basis(Int(d), path)});
    }
  }
  if (coin(rng, 0.25)) {
    int64_t v = pick(rng, 1, 3);
    injective &= v == 1;
    modes.push_back({IntTuple(v), IntTuple(0)});
  }
  if (coin(rng, 0.2)) {
    const Path &path = scheme[size_t(pick(rng, 0, scheme.size() - 1))];
    modes.push_back({IntTuple(1), IntTuple::basis(Int(pick(rng, 0, 9)), path)});
  }
  std::shuffle(modes.begin(), modes.end(), rng);
  auto [s, d] = nest(rng, modes);
  return Layout(s, d);
}

/// Sum over the coprofile leaves p of R_p(x_p), for an integer-stride result
/// shaped like the coprofile.
int64_t evalPerDirection(const Layout &r, const std::vector<Path> &leavesP,
                         const Point &x) {
  int64_t idx = 0;
  for (auto &p : leavesP) {
    auto it = x.find(p);
    idx += refEval(getMode(r, p), it == x.end() ? 0 : it->second);
  }
  return idx;
}

Point nonzero(Point p) {
  for (auto it = p.begin(); it != p.end();)
    it = it->second == 0 ? p.erase(it) : std::next(it);
  return p;
}

std::string str(const Point &p) {
  std::string s = "{";
  for (auto &[k, v] : p) {
    s += " ";
    for (int m : k)
      s += std::to_string(m) + ".";
    s += "=" + std::to_string(v);
  }
  return s + " }";
}

// right_inverse: R is shaped like the coprofile and has integer strides into
// L's domain. For every coordinate x of R (x_p in direction p),
// L(R(x)) is the point with value x_p in direction p. When the modes of a
// direction form a compact chain (sorted strides 1, s0, s0*s1, ...), that
// direction is covered entirely.
TEST(BasisStrideProperty, RightInverse) {
  Failures f{"basis right_inverse"};
  for (size_t it = 0; it < kBasisCases; ++it) {
    uint64_t seed = caseSeed(101, it);
    Rng rng(seed);
    bool inj;
    Layout a = randBasisLayout(rng, coin(rng, 0.5), inj);
    std::string what = "right_inverse(" + a.str() + ")";
    try {
      Layout r = rightInverse(a);
      what += " = " + r.str();
      std::vector<Path> lp;
      IntTuple coprof = refCoprofile(a, lp);
      if (!weaklyCongruent(coprof, r.shape)) {
        f.add(seed, it,
              what + ": not shaped like the coprofile " + coprof.str());
        continue;
      }
      auto modes = flatModes(a);
      std::vector<int64_t> sizes;
      int64_t n = 1;
      for (auto &p : lp) {
        sizes.push_back(refSize(getMode(r, p)));
        n *= sizes.back();
      }
      for (int64_t j = 0; j < n; ++j) {
        Point x;
        int64_t rest = j;
        for (size_t k = 0; k < lp.size(); ++k) {
          x[lp[k]] = rest % sizes[k];
          rest /= sizes[k];
        }
        int64_t idx = evalPerDirection(r, lp, x);
        if (idx < 0 || idx >= sizeOf(modes) ||
            refPoint(modes, idx) != nonzero(x)) {
          f.add(seed, it,
                what + ": L(R(" + str(x) + ")) = " + str(refPoint(modes, idx)) +
                    " (index " + std::to_string(idx) + ")");
          break;
        }
      }
      // Coverage of the directions whose modes form a compact chain.
      for (size_t k = 0; k < lp.size(); ++k) {
        std::vector<std::pair<int64_t, int64_t>> m; // (value, shape)
        for (auto &fm : modes)
          if (fm.stride.isBasis() && fm.stride.basisModes() == lp[k] &&
              leafVal(fm.stride) != 0 && fm.shape != 1)
            m.push_back({leafVal(fm.stride), fm.shape});
        std::sort(m.begin(), m.end());
        int64_t cur = 1;
        bool compact = true;
        for (auto &[v, s] : m) {
          compact &= v == cur;
          cur = v * s;
        }
        if (compact && sizes[k] != cur)
          f.add(seed, it, what + ": a compact direction is not covered");
      }
    } catch (const std::exception &e) {
      f.add(seed, it, what + " threw: " + e.what());
    }
  }
}

// left_inverse (of an injective-per-direction layout): with Linv_p the mode
// of the result at coprofile leaf p and y = L(i),
// Linv(y) = sum_p Linv_p(y_p) satisfies L(Linv(L(i))) == L(i), and
// Linv(L(i)) == i when L is injective.
TEST(BasisStrideProperty, LeftInverse) {
  Failures f{"basis left_inverse"};
  for (size_t it = 0; it < kBasisCases; ++it) {
    uint64_t seed = caseSeed(102, it);
    Rng rng(seed);
    bool inj;
    Layout a = randBasisLayout(rng, true, inj);
    std::string what = "left_inverse(" + a.str() + ")";
    try {
      Layout l = leftInverse(a);
      what += " = " + l.str();
      std::vector<Path> lp;
      IntTuple coprof = refCoprofile(a, lp);
      if (!weaklyCongruent(coprof, l.shape)) {
        f.add(seed, it,
              what + ": not shaped like the coprofile " + coprof.str());
        continue;
      }
      auto modes = flatModes(a);
      int64_t n = sizeOf(modes);
      for (int64_t i = 0; i < n; ++i) {
        Point y = refPoint(modes, i);
        int64_t j = evalPerDirection(l, lp, y);
        if (j < 0 || j >= n || refPoint(modes, j) != y || (inj && j != i)) {
          f.add(seed, it,
                what + ": Linv(L(" + std::to_string(i) +
                    ")) = " + std::to_string(j));
          break;
        }
      }
    } catch (const std::exception &e) {
      f.add(seed, it, what + " threw: " + e.what());
    }
  }
}

// complement (of an injective-per-direction layout): C is shaped like the
// coprofile and its mode C_p at leaf p has basis strides in direction p only.
// With L_p the modes of L in direction p (nonzero value, extent > 1):
//  - (i, j) -> L_p(i) + C_p(j) is a bijection onto [0, size(L_p)*size(C_p));
//  - C_p is strictly increasing;
//  - size(L_p)*size(C_p) is the largest d*s over L_p (1 when L_p is empty).
TEST(BasisStrideProperty, Complement) {
  Failures f{"basis complement"};
  for (size_t it = 0; it < kBasisCases; ++it) {
    uint64_t seed = caseSeed(103, it);
    Rng rng(seed);
    bool inj;
    Layout a = randBasisLayout(rng, true, inj);
    std::string what = "complement(" + a.str() + ")";
    try {
      Layout c = complement(a);
      what += " = " + c.str();
      std::vector<Path> lp;
      IntTuple coprof = refCoprofile(a, lp);
      if (!weaklyCongruent(coprof, c.shape)) {
        f.add(seed, it,
              what + ": not shaped like the coprofile " + coprof.str());
        continue;
      }
      auto modes = flatModes(a);
      for (auto &p : lp) {
        Layout cp = getMode(c, p);
        bool own = true;
        cp.stride.forEachLeaf([&](const IntTuple &d) {
          own &= d.isBasis() && d.basisModes() == p;
        });
        if (!own) {
          f.add(seed, it, what + ": a mode leaves its direction");
          break;
        }
        Layout ci(cp.shape, transformLeaf(cp.stride, [](const IntTuple &d) {
                    return IntTuple(d.value());
                  }));
        std::vector<int64_t> ls, ld;
        int64_t top = 1;
        for (auto &fm : modes)
          if (fm.stride.isBasis() && fm.stride.basisModes() == p &&
              leafVal(fm.stride) != 0 && fm.shape != 1) {
            ls.push_back(fm.shape);
            ld.push_back(leafVal(fm.stride));
            top = std::max(top, fm.shape * leafVal(fm.stride));
          }
        int64_t nl = 1;
        for (int64_t s : ls)
          nl *= s;
        int64_t nc = refSize(ci);
        if (nl * nc != top) {
          f.add(seed, it,
                what + ": size(L_p)*size(C_p) != " + std::to_string(top));
          break;
        }
        std::vector<int64_t> cv = refValues(ci);
        bool increasing = true;
        for (size_t k = 1; k < cv.size(); ++k)
          increasing &= cv[k - 1] < cv[k];
        if (!increasing) {
          f.add(seed, it, what + ": C_p is not increasing");
          break;
        }
        std::vector<bool> seen(size_t(nl * nc), false);
        bool bij = true;
        for (int64_t i = 0; i < nl && bij; ++i) {
          int64_t li = 0, rest = i;
          for (size_t k = 0; k < ls.size(); ++k) {
            li += (rest % ls[k]) * ld[k];
            rest /= ls[k];
          }
          for (int64_t v : cv) {
            int64_t y = li + v;
            if (y < 0 || y >= nl * nc || seen[size_t(y)]) {
              bij = false;
              break;
            }
            seen[size_t(y)] = true;
          }
        }
        if (!bij) {
          f.add(seed, it, what + ": (L_p, C_p) is not a bijection");
          break;
        }
      }
    } catch (const std::exception &e) {
      f.add(seed, it, what + " threw: " + e.what());
    }
  }
}

// Integer-stride layouts never take the basis path: the results are
// unchanged (CuTe C++), e.g. left_inverse(4:0) stays 4:0 although CuTe IR
// gives 1:0.
TEST(BasisStride, IntegerLayoutsUnchanged) {
  EXPECT_EQ(linv("4:0"), "4:0");
  EXPECT_EQ(cmp("(4,2):(1,10)"), "2:4");
  EXPECT_EQ(rinv("(4,5):(1,4)"), "20:1");
}

} // namespace
