//===- ParsePrintTest.cpp - The CuTe notation: parse(print(x)) == x ------===//
#include "RandomLayouts.h"

#include "cute/Layout/Parse.h"

using namespace cute::layout;
using namespace cute::layout::test;

namespace {

std::string rtTuple(const std::string &s) {
  DynamicSymbols syms;
  auto r = parseIntTuple(s, syms);
  return r ? r->str() : "ERROR: " + r.message();
}
std::string rtLayout(const std::string &s) {
  DynamicSymbols syms;
  auto r = parseLayout(s, syms);
  return r ? r->str() : "ERROR: " + r.message();
}
std::string rtTile(const std::string &s) {
  DynamicSymbols syms;
  auto r = parseTile(s, syms);
  return r ? r->str() : "ERROR: " + r.message();
}
std::string rtComposed(const std::string &s) {
  DynamicSymbols syms;
  auto r = parseComposedLayout(s, syms);
  return r ? r->str() : "ERROR: " + r.message();
}

TEST(ParsePrint, IntTuples) {
  for (const char *s :
       {"0", "5", "-3", "()", "(1)", "((1))", "(1,2)", "(1,(2,3))",
        "((2,3),(4,(5,6)),7)", "9223372036854775807"})
    EXPECT_EQ(rtTuple(s), s);
  EXPECT_EQ(rtTuple(" ( 1 , ( 2 ,3 ) ) "), "(1,(2,3))");
  DynamicSymbols syms;
  auto t = parseIntTuple("(1,(2,3))", syms);
  ASSERT_TRUE(bool(t));
  EXPECT_EQ(*t, (IntTuple{IntTuple(1), IntTuple{IntTuple(2), IntTuple(3)}}));
  EXPECT_EQ(t->depth(), 2);
}

TEST(ParsePrint, DynamicLeaves) {
  EXPECT_EQ(rtTuple("?"), "?");
  EXPECT_EQ(rtTuple("?{i64}"), "?{i64}");
  EXPECT_EQ(rtTuple("?{i32}"), "?");
  EXPECT_EQ(rtTuple("?{div=8}"), "?{div=8}");
  EXPECT_EQ(rtTuple("?{i64,div=16}"), "?{i64,div=16}");
  EXPECT_EQ(rtTuple("?{div=16,i64}"), "?{i64,div=16}");
  EXPECT_EQ(rtTuple("(?,4,?{div=8})"), "(?,4,?{div=8})");

  DynamicSymbols syms;
  auto t = parseIntTuple("(?,?{i64,div=4})", syms);
  ASSERT_TRUE(bool(t));
  EXPECT_EQ(syms.next, 2);
  const Int &a = (*t)[0].value(), &b = (*t)[1].value();
  EXPECT_TRUE(a.isDynamic());
  EXPECT_TRUE(b.isDynamic());
  EXPECT_FALSE(a.same(b)); // fresh symbols
  EXPECT_EQ(a.width(), 32u);
  EXPECT_EQ(b.width(), 64u);
  EXPECT_EQ(b.divisor(), 4);
  EXPECT_EQ(evaluate(a, [](int64_t id) { return id == 0 ? 11 : 0; }), 11);
  EXPECT_EQ(evaluate(b, [](int64_t id) { return id == 1 ? 12 : 0; }), 12);
  // The table keeps counting across parses.
  auto u = parseIntTuple("?", syms);
  ASSERT_TRUE(bool(u));
  EXPECT_EQ(syms.next, 3);
}

TEST(ParsePrint, UnderscoreAndBasis) {
  EXPECT_EQ(rtTuple("_"), "_");
  EXPECT_EQ(rtTuple("(_,1,_)"), "(_,1,_)");
  EXPECT_EQ(rtTuple("1@0"), "1@0");
  EXPECT_EQ(rtTuple("1@0@1"), "1@0@1");
  EXPECT_EQ(rtTuple("(1@0,(1@0@1,1@1@1))"), "(1@0,(1@0@1,1@1@1))");
  EXPECT_EQ(rtTuple("3@2"), "3@2");
  DynamicSymbols syms;
  auto u = parseIntTuple("_", syms);
  ASSERT_TRUE(bool(u));
  EXPECT_TRUE(u->isUnderscore());
  auto e = parseIntTuple("1@0@1", syms);
  ASSERT_TRUE(bool(e));
  EXPECT_TRUE(e->isBasis());
  // `1@0@1` is E<1,0>: mode path outermost first.
  EXPECT_EQ(e->basisModes(), (std::vector<int>{1, 0}));
  EXPECT_EQ(*e, IntTuple::basis(1, {1, 0}));
  EXPECT_EQ(IntTuple::basis(1, {1, 0}).str(), "1@0@1");
  auto d = parseIntTuple("?@1", syms);
  ASSERT_TRUE(bool(d));
  EXPECT_TRUE(d->isBasis());
  EXPECT_TRUE(d->value().isDynamic());
}

TEST(ParsePrint, Layouts) {
  for (const char *s :
       {"8:1", "(8,64):(64,1)", "(2,(2,2)):(4,(2,1))", "((4,2)):((2,1))",
        "(3,(3),3):(1,(1),1)", "1:0", "(?,4):(1,?)", "?{div=8}:1",
        "(2,3):(1@0,1@1)", "(2,(3,4)):(1@0,(1@0@1,1@1@1))", "4:-1"})
    EXPECT_EQ(rtLayout(s), s);
  EXPECT_EQ(rtLayout(" ( 8 , 64 ) : ( 64 , 1 ) "), "(8,64):(64,1)");
  DynamicSymbols syms;
  auto l = parseLayout("(8,64):(64,1)", syms);
  ASSERT_TRUE(bool(l));
  EXPECT_EQ(*l, L("(8,64):(64,1)"));
  EXPECT_EQ(l->eval(9), 65);
}

TEST(ParsePrint, Swizzles) {
  auto s = parseSwizzle("S<3,4,3>");
  ASSERT_TRUE(bool(s));
  EXPECT_EQ(s->bits, 3);
  EXPECT_EQ(s->base, 4);
  EXPECT_EQ(s->shift, 3);
  EXPECT_EQ(s->str(), "S<3,4,3>");
  EXPECT_EQ(*s, Swizzle(3, 4, 3));
  auto n = parseSwizzle("S<2,0,-2>");
  ASSERT_TRUE(bool(n));
  EXPECT_EQ(n->str(), "S<2,0,-2>");
  auto z = parseSwizzle("S<0,0,0>");
  ASSERT_TRUE(bool(z));
  EXPECT_TRUE(z->isIdentity());
  EXPECT_EQ(Swizzle(1, 2, 3).str(), "S<1,2,3>");
}

TEST(ParsePrint, ComposedLayouts) {
  EXPECT_EQ(rtComposed("S<3,4,3> o 0 o (8,64):(64,1)"),
            "S<3,4,3> o 0 o (8,64):(64,1)");
  EXPECT_EQ(rtComposed("S<3,4,3>o 0 o(8,64):(64,1)"),
            "S<3,4,3> o 0 o (8,64):(64,1)");
  EXPECT_EQ(rtComposed("S<2,0,-2> o 16 o 32:1"), "S<2,0,-2> o 16 o 32:1");
  EXPECT_EQ(rtComposed("(4,4):(4,1) o 2 o (2,2):(1,2)"),
            "(4,4):(4,1) o 2 o (2,2):(1,2)");
  DynamicSymbols syms;
  auto c = parseComposedLayout("S<3,4,3> o 0 o (8,64):(64,1)", syms);
  ASSERT_TRUE(bool(c));
  EXPECT_TRUE(c->innerIsSwizzle());
  EXPECT_EQ(c->swizzle(), Swizzle(3, 4, 3));
  EXPECT_EQ(c->offset.str(), "0");
  EXPECT_EQ(c->outer, L("(8,64):(64,1)"));
  EXPECT_TRUE(c->same(composition(Swizzle(3, 4, 3), L("(8,64):(64,1)"))));
  auto d = parseComposedLayout("(4,4):(4,1) o 2 o (2,2):(1,2)", syms);
  ASSERT_TRUE(bool(d));
  EXPECT_FALSE(d->innerIsSwizzle());
  EXPECT_EQ(d->innerLayout(), L("(4,4):(4,1)"));
}

TEST(ParsePrint, Tiles) {
  EXPECT_EQ(rtTile("[4:1;(2,2):(1,8)]"), "[4:1;(2,2):(1,8)]");
  EXPECT_EQ(rtTile("[ 4:1 ; (2,2):(1,8) ]"), "[4:1;(2,2):(1,8)]");
  EXPECT_EQ(rtTile("[4:1;_]"), "[4:1;_]");
  EXPECT_EQ(rtTile("[_;[2:1;3:1]]"), "[_;[2:1;3:1]]");
  EXPECT_EQ(rtTile("[3:3;(2,4):(1,8)]"), "[3:3;(2,4):(1,8)]");
  EXPECT_EQ(rtTile("8:2"), "8:2");
  DynamicSymbols syms;
  auto t = parseTile("[4:1;(2,2):(1,8)]", syms);
  ASSERT_TRUE(bool(t));
  EXPECT_TRUE(t->isTuple());
  ASSERT_EQ(t->rank(), 2u);
  EXPECT_EQ(t->elems[0].layout, L("4:1"));
  EXPECT_EQ(t->elems[1].layout, L("(2,2):(1,8)"));
  EXPECT_TRUE(t->same(makeTile({L("4:1"), L("(2,2):(1,8)")})));
  // A shape as a tiler: (4,8) -> [4:1;8:1]; `[4;8]` is not a spelling.
  EXPECT_EQ(Tile::fromShape(T("(4,8)")).str(), "[4:1;8:1]");
  EXPECT_EQ(Tile::fromShape(T("(4,(2,8))")).str(), "[4:1;[2:1;8:1]]");
  EXPECT_FALSE(bool(parseTile("[4;8]", syms)));
}

TEST(ParsePrint, Errors) {
  DynamicSymbols syms;
  for (const char *s :
       {"", "(", "(1,2", "1,2)", "(1,,2)", "(,)", "abc", "1 2", "(1,2) x",
        "?{i7}", "?{div=0}", "?{div=-4}", "?{foo}", "?{i64", "1@", "@1",
        "99999999999999999999", "(1;2)", "--1"}) {
    auto r = parseIntTuple(s, syms);
    EXPECT_FALSE(bool(r)) << "'" << s << "' parsed as " << (r ? r->str() : "");
    if (!r)
      EXPECT_FALSE(r.message().empty()) << s;
  }
  for (const char *s : {"8", "(8,64)", "(2,3):(1,2,3)", "(2,(3,4)):(1,2)",
                        "8:", ":1", "8:1:2", "(_,2):(1,2)", "8:1 o"}) {
    auto r = parseLayout(s, syms);
    EXPECT_FALSE(bool(r)) << "'" << s << "' parsed as " << (r ? r->str() : "");
  }
  for (const char *s : {"S<3,4>", "S<3,4,2>", "S<-1,4,3>", "S<3,4,3", "S3,4,3>",
                        "s<3,4,3>", "S<3,4,3>x", "S<a,4,3>"}) {
    auto r = parseSwizzle(s);
    EXPECT_FALSE(bool(r)) << "'" << s << "' parsed as " << (r ? r->str() : "");
  }
  for (const char *s : {"S<3,4,3> o (8,64):(64,1)", "S<3,4,3> o 0 o",
                        "S<3,4,3> 0 (8,64):(64,1)", "S<3,4,3> o _ o 8:1",
                        "S<3,4,2> o 0 o 8:1"}) {
    auto r = parseComposedLayout(s, syms);
    EXPECT_FALSE(bool(r)) << "'" << s << "' parsed as " << (r ? r->str() : "");
  }
  for (const char *s :
       {"[4:1;", "[]", "[4:1;;8:1]", "[4:1 8:1]", "4:1]", "[(2,2):(1,8,2)]"}) {
    auto r = parseTile(s, syms);
    EXPECT_FALSE(bool(r)) << "'" << s << "' parsed as " << (r ? r->str() : "");
  }
  // The message says where.
  auto r = parseLayout("(2,3):(1,2", syms);
  ASSERT_FALSE(bool(r));
  EXPECT_NE(r.message().find("(2,3):(1,2"), std::string::npos) << r.message();
}

// parse(print(L)) == L for random static layouts (and with dynamic leaves,
// up to symbol identity: print is stable).
TEST(ParsePrint, RandomRoundTrip) {
  Failures f{"parse/print round trip"};
  for (size_t it = 0; it < 10000; ++it) {
    uint64_t seed = caseSeed(20, it);
    Rng rng(seed);
    Layout a = randLayout(rng, 4096);
    DynamicSymbols syms;
    auto p = parseLayout(a.str(), syms);
    if (!p || !p->same(a)) {
      f.add(seed, it, a.str() + " -> " + (p ? p->str() : p.message()));
      continue;
    }
    // Replace some leaves by dynamic ones and check the printed form is stable.
    IntTuple dynShape = transformLeaf(a.shape, [&](const IntTuple &x) {
      return coin(rng, 0.3)
                 ? IntTuple(Int::symbol(pick(rng, 0, 9), coin(rng) ? 32 : 64,
                                        coin(rng) ? 1 : 8))
                 : x;
    });
    Layout d(dynShape, a.stride);
    auto q = parseLayout(d.str(), syms);
    if (!q || q->str() != d.str())
      f.add(seed, it, d.str() + " -> " + (q ? q->str() : q.message()));
  }
}

} // namespace
