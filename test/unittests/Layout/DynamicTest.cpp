//===- DynamicTest.cpp - Symbolic leaves through the same algebra --------===//
//
// Layouts with dynamic leaves (Int::symbol) go through the same functions as
// static ones. Binding the symbols (evaluate) must give the same layout
// function as running the algebra on the static values.
//
//===----------------------------------------------------------------------===//
#include "TestUtil.h"

#include <map>

using namespace cute::layout;
using namespace cute::layout::test;

namespace {

using Bindings = std::map<int64_t, int64_t>;

IntTuple substT(const IntTuple &t, const Bindings &b) {
  return transformLeaf(t, [&](const IntTuple &x) -> IntTuple {
    if (!x.isInt())
      return x;
    return IntTuple(evaluate(x.value(), [&](int64_t id) { return b.at(id); }));
  });
}
Layout subst(const Layout &l, const Bindings &b) {
  return Layout(substT(l.shape, b), substT(l.stride, b));
}
int64_t ev(const Int &v, const Bindings &b) {
  return evaluate(v, [&](int64_t id) { return b.at(id); });
}

/// The function of `dyn` with symbols bound equals the function of `stat`.
::testing::AssertionResult sameFunction(const Layout &dyn, const Layout &stat,
                                        const Bindings &b) {
  Layout s = subst(dyn, b);
  if (!s.isStatic())
    return ::testing::AssertionFailure() << "still dynamic: " << s.str();
  if (refSize(s) != refSize(stat))
    return ::testing::AssertionFailure()
           << "size " << refSize(s) << " vs " << refSize(stat) << " ("
           << dyn.str() << " -> " << s.str() << " vs " << stat.str() << ")";
  if (refValues(s) != refValues(stat))
    return ::testing::AssertionFailure()
           << "functions differ: " << dyn.str() << " -> " << s.str() << " = "
           << str(refValues(s)) << " vs " << stat.str() << " = "
           << str(refValues(stat));
  return ::testing::AssertionSuccess();
}

const Int N = Int::symbol(0);        // a dynamic extent
const Int M = Int::symbol(1, 32, 8); // a dynamic extent known divisible by 8

TEST(Dynamic, LeavesStayDynamic) {
  Layout a(IntTuple{IntTuple(N), IntTuple(4)});
  EXPECT_FALSE(a.isStatic());
  EXPECT_EQ(a.str(), "(?,4):(1,?)");
  EXPECT_TRUE(a.stride[1].value().same(N));
  EXPECT_EQ(ev(size(a), {{0, 6}}), 24);
  EXPECT_EQ(ev(cosize(a), {{0, 6}}), 24);
  EXPECT_EQ(Layout(IntTuple(M)).str(), "?{div=8}:1");
  Int w = Int::symbol(2, 64);
  EXPECT_EQ(Layout(IntTuple(w), IntTuple(2)).str(), "?{i64}:2");
  EXPECT_EQ(w.width(), 64u);
  EXPECT_EQ(M.divisor(), 8);
  // Static arithmetic on a symbol with a known divisor folds.
  EXPECT_TRUE((M % Int(4)).is(0));
}

TEST(Dynamic, EvaluateArithmetic) {
  Bindings b{{0, 12}, {1, 40}};
  EXPECT_EQ(ev(N + M, b), 52);
  EXPECT_EQ(ev(N * M - Int(3), b), 477);
  EXPECT_EQ(ev(M / N, b), 3);
  EXPECT_EQ(ev(M % N, b), 4);
  EXPECT_EQ(ev(ceilDiv(M, N), b), 4);
  EXPECT_EQ(ev(min(N, M), b), 12);
  EXPECT_EQ(ev(max(N, M), b), 40);
  EXPECT_EQ(ev(select(lessThan(N, M), N, M), b), 12);
  EXPECT_EQ(ev(equalTo(N, Int(12)), b), 1);
  EXPECT_EQ(ev(abs(Int(0) - N), b), 12);
  EXPECT_EQ(ev(signum(Int(0) - N), b), -1);
}

TEST(Dynamic, Coalesce) {
  // (N,(2,4)):(1,(N,2N)) is compact: coalesces to a single mode for every N.
  Layout a(IntTuple{IntTuple(N), IntTuple{IntTuple(2), IntTuple(4)}},
           IntTuple{IntTuple(1), IntTuple{IntTuple(N), IntTuple(N * 2)}});
  Layout c = coalesce(a);
  for (int64_t n : {1, 3, 4, 7}) {
    Bindings b{{0, n}};
    EXPECT_TRUE(sameFunction(c, coalesce(subst(a, b)), b)) << "N=" << n;
    EXPECT_TRUE(sameFunction(c, subst(a, b), b)) << "N=" << n;
  }
  // A dynamic stride in the middle.
  Layout d(T("(2,3,4)"), IntTuple{IntTuple(1), IntTuple(N), IntTuple(12)});
  Layout dc = coalesce(d);
  for (int64_t n : {2, 3, 5}) {
    Bindings b{{0, n}};
    EXPECT_TRUE(sameFunction(dc, coalesce(subst(d, b)), b)) << "N=" << n;
  }
  // By-mode coalesce keeps the rank.
  Layout bm = coalesce(a, T("(1,1)"));
  EXPECT_EQ(bm.rank(), 2u);
  for (int64_t n : {1, 3, 4}) {
    Bindings b{{0, n}};
    EXPECT_TRUE(sameFunction(bm, subst(a, b), b));
  }
}

TEST(Dynamic, CompositionWithDynamicA) {
  // A = (M,8):(1,M) (column-major, M a multiple of 8), B = static.
  Layout a(IntTuple{IntTuple(M), IntTuple(8)});
  for (const char *bs :
       {"(4,2):(1,4)", "8:2", "(2,4):(4,1)", "4:8", "(8,2):(1,8)"}) {
    Layout bl = L(bs);
    Layout r = composition(a, bl);
    for (int64_t m : {8, 16, 64}) {
      Bindings b{{1, m}};
      Layout sa = subst(a, b);
      EXPECT_TRUE(sameFunction(r, composition(sa, bl), b))
          << "M=" << m << " B=" << bs << " R=" << r.str();
      // And R(c) == A(B(c)).
      Layout rs = subst(r, b);
      for (int64_t c = 0; c < refSize(bl); ++c)
        EXPECT_EQ(refEval(rs, c), refEval(sa, refEval(bl, c)))
            << "M=" << m << " B=" << bs << " c=" << c;
    }
  }
}

TEST(Dynamic, CompositionWithDynamicB) {
  // B = (N):(1) with a dynamic extent into a static A.
  Layout a = L("(8,8):(8,1)");
  Layout bl{IntTuple(N), IntTuple(1)};
  Layout r = composition(a, bl);
  for (int64_t n : {1, 2, 4, 8}) {
    Bindings b{{0, n}};
    EXPECT_TRUE(sameFunction(r, composition(a, subst(bl, b)), b)) << "N=" << n;
  }
  // A dynamic stride in B: N:M (M a multiple of 8) into 512:1.
  Layout nm{IntTuple(N), IntTuple(M)};
  Layout r2 = composition(L("512:1"), nm);
  for (auto [n, m] :
       std::vector<std::pair<int64_t, int64_t>>{{2, 8}, {4, 16}, {3, 24}}) {
    Bindings b{{0, n}, {1, m}};
    Layout want{IntTuple(n), IntTuple(m)};
    EXPECT_TRUE(sameFunction(r2, want, b)) << r2.str();
  }
}

TEST(Dynamic, ComplementWithDynamicCotarget) {
  Layout t = L("4:2");
  Layout r = complement(t, IntTuple(M));
  for (int64_t m : {8, 16, 40}) {
    Bindings b{{1, m}};
    EXPECT_TRUE(sameFunction(r, complement(t, IntTuple(m)), b)) << "M=" << m;
  }
}

TEST(Dynamic, LogicalDivide) {
  // A = (M, 4):(1, M); divide by the static tile 4:1 and by 8:1.
  Layout a(IntTuple{IntTuple(M), IntTuple(4)});
  for (const char *ts : {"4:1", "8:1", "2:4"}) {
    Layout tl = L(ts);
    Layout ld = logicalDivide(a, tl);
    EXPECT_EQ(ld.rank(), 2u);
    for (int64_t m : {8, 16, 32}) {
      Bindings b{{1, m}};
      Layout sa = subst(a, b);
      EXPECT_TRUE(sameFunction(ld, logicalDivide(sa, tl), b))
          << "M=" << m << " tile " << ts << " -> " << ld.str();
      EXPECT_TRUE(sameFunction(ld[0], composition(sa, tl), b))
          << "M=" << m << " tile " << ts;
    }
  }
  // A dynamic 1-D layout divided by a static tile (CuTe's logical_divide
  // unit test: make_layout(48) / Layout<_32>: (32,2):(1,32) for 48... with a
  // dynamic rest mode).
  Layout d{IntTuple(N), IntTuple(1)};
  Layout ld = logicalDivide(d, L("32:1"));
  EXPECT_TRUE(ld[0].shape.isStatic());
  EXPECT_EQ(ld[0].str(), "32:1");
  for (int64_t n : {32, 64, 96}) {
    Bindings b{{0, n}};
    EXPECT_TRUE(sameFunction(ld, logicalDivide(subst(d, b), L("32:1")), b));
  }
}

TEST(Dynamic, ZippedDivideByModeTiler) {
  Layout a(IntTuple{IntTuple(M), IntTuple(N)});
  Tile t = makeTile({L("8:1"), L("2:1")});
  Layout zd = zippedDivide(a, t);
  for (auto [m, n] :
       std::vector<std::pair<int64_t, int64_t>>{{8, 2}, {16, 4}, {24, 6}}) {
    Bindings b{{0, n}, {1, m}};
    Layout sa = subst(a, b);
    EXPECT_TRUE(sameFunction(zd, zippedDivide(sa, t), b)) << zd.str();
    EXPECT_TRUE(sameFunction(zd[0], composition(sa, t), b));
  }
}

TEST(Dynamic, LogicalProduct) {
  // Static block, dynamic tiler extent.
  Layout blk = L("(2,2):(1,2)");
  Layout tl{IntTuple(N), IntTuple(1)};
  Layout p = logicalProduct(blk, tl);
  EXPECT_EQ(p[0].str(), "(2,2):(1,2)");
  for (int64_t n : {1, 3, 5}) {
    Bindings b{{0, n}};
    EXPECT_TRUE(sameFunction(p, logicalProduct(blk, subst(tl, b)), b));
  }
}

TEST(Dynamic, Crd2IdxIdx2Crd) {
  IntTuple shape{IntTuple(N), IntTuple{IntTuple(2), IntTuple(M)}};
  IntTuple stride = compactRowMajor(shape);
  for (auto [n, m] :
       std::vector<std::pair<int64_t, int64_t>>{{3, 8}, {5, 16}}) {
    Bindings b{{0, n}, {1, m}};
    IntTuple ss = substT(shape, b), sd = substT(stride, b);
    for (int64_t i = 0; i < n * 2 * m; i += 5) {
      IntTuple ci = crd2idx(IntTuple(i), shape, stride);
      EXPECT_EQ(ev(ci.value(), b), refEvalImpl(i, ss, sd)) << i;
      IntTuple crd = idx2crd(IntTuple(i), shape);
      IntTuple scrd = substT(crd, b);
      EXPECT_EQ(scrd.str(), idx2crd(IntTuple(i), ss).str()) << i;
      EXPECT_EQ(ev(crd2idx(crd, shape), b), i) << i;
    }
  }
}

TEST(Dynamic, SymbolicCoordinates) {
  // A dynamic coordinate into a static layout.
  Int c = Int::symbol(5);
  Layout a = L("(4,8):(8,1)");
  IntTuple off = a(IntTuple(c));
  for (int64_t v : {0, 5, 31}) {
    EXPECT_EQ(evaluate(off.value(), [&](int64_t) { return v; }), a.eval(v));
  }
}

} // namespace
