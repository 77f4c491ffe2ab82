//===- DocExamplesTest.cpp - CuTe documentation examples, exactly ---------===//
//
// Every worked example of CuTe's layout documentation
// (media/docs/cpp/cute/01_layout.md and 02_layout_algebra.md, including the
// results drawn in its figures). Static CuTe integers print as `_N`; ours print
// as `N`, so the expected strings are CuTe's with the underscores dropped.
// Where the docs describe a result without printing it, the expected string
// was obtained by running CuTe itself on the same static inputs.
//
//===----------------------------------------------------------------------===//
#include "TestUtil.h"

#include "cute/Layout/Parse.h"

using namespace cute::layout;
using namespace cute::layout::test;

namespace {

std::vector<int64_t> evalAll(const Layout &l) {
  std::vector<int64_t> r;
  int64_t n = size(l).value();
  for (int64_t i = 0; i < n; ++i)
    r.push_back(l.eval(i));
  return r;
}

int64_t at(const Layout &l, const IntTuple &crd) {
  IntTuple r = l(crd);
  return r.value().value();
}

// ---------------------------------------------------------------------------
// 01_layout.md
// ---------------------------------------------------------------------------

TEST(DocLayout, Construction) {
  EXPECT_EQ(Layout(T("8")).str(), "8:1");
  EXPECT_EQ(Layout(T("(2,4)")).str(), "(2,4):(1,2)");
  EXPECT_EQ(Layout(T("(2,4)"), T("(12,1)")).str(), "(2,4):(12,1)");
  // LayoutRight on (2,4).
  EXPECT_EQ(Layout(T("(2,4)"), compactRowMajor(T("(2,4)"))).str(),
            "(2,4):(4,1)");
  EXPECT_EQ(L("(2,(2,2)):(4,(2,1))").str(), "(2,(2,2)):(4,(2,1))");
  // s2xh4_col: LayoutLeft of s2xh4's shape.
  EXPECT_EQ(Layout(T("(2,(2,2))")).str(), "(2,(2,2)):(1,(2,4))");
  // The strides of s2xh4 "could be generated with LayoutRight".
  EXPECT_EQ(compactRowMajor(T("(2,(2,2))")).str(), "(4,(2,1))");
}

TEST(DocLayout, Print2DAnd1D) {
  Layout s2xs4 = Layout(T("(2,4)"));
  Layout s2xd4a = L("(2,4):(12,1)");
  Layout s2xh4col = Layout(T("(2,(2,2))"));
  Layout s2xh4 = L("(2,(2,2)):(4,(2,1))");
  auto row = [](const Layout &l, int64_t m) {
    std::vector<int64_t> r;
    for (int64_t n = 0; n < 4; ++n)
      r.push_back(at(l, IntTuple{IntTuple(m), IntTuple(n)}));
    return r;
  };
  EXPECT_EQ(row(s2xs4, 0), (std::vector<int64_t>{0, 2, 4, 6}));
  EXPECT_EQ(row(s2xs4, 1), (std::vector<int64_t>{1, 3, 5, 7}));
  EXPECT_EQ(row(s2xd4a, 0), (std::vector<int64_t>{0, 1, 2, 3}));
  EXPECT_EQ(row(s2xd4a, 1), (std::vector<int64_t>{12, 13, 14, 15}));
  EXPECT_EQ(row(s2xh4col, 0), (std::vector<int64_t>{0, 2, 4, 6}));
  EXPECT_EQ(row(s2xh4col, 1), (std::vector<int64_t>{1, 3, 5, 7}));
  EXPECT_EQ(row(s2xh4, 0), (std::vector<int64_t>{0, 2, 1, 3}));
  EXPECT_EQ(row(s2xh4, 1), (std::vector<int64_t>{4, 6, 5, 7}));

  EXPECT_EQ(evalAll(s2xs4), (std::vector<int64_t>{0, 1, 2, 3, 4, 5, 6, 7}));
  EXPECT_EQ(evalAll(s2xd4a),
            (std::vector<int64_t>{0, 12, 1, 13, 2, 14, 3, 15}));
  EXPECT_EQ(evalAll(s2xh4col), (std::vector<int64_t>{0, 1, 2, 3, 4, 5, 6, 7}));
  EXPECT_EQ(evalAll(s2xh4), (std::vector<int64_t>{0, 4, 2, 6, 1, 5, 3, 7}));
}

TEST(DocLayout, VectorLayouts) {
  EXPECT_EQ(evalAll(L("8:1")), (std::vector<int64_t>{0, 1, 2, 3, 4, 5, 6, 7}));
  EXPECT_EQ(evalAll(L("8:2")),
            (std::vector<int64_t>{0, 2, 4, 6, 8, 10, 12, 14}));
  Layout v = L("((4,2)):((2,1))");
  EXPECT_EQ(v.rank(), 1u);
  EXPECT_EQ(v.str(), "((4,2)):((2,1))");
  EXPECT_EQ(evalAll(v), (std::vector<int64_t>{0, 2, 4, 6, 1, 3, 5, 7}));
  EXPECT_EQ(evalAll(L("((4,2)):((1,4))")),
            (std::vector<int64_t>{0, 1, 2, 3, 4, 5, 6, 7}));
  // ((2,2),2):((4,1),2) is logically 4x2.
  Layout m = L("((2,2),2):((4,1),2)");
  EXPECT_EQ(at(m, IntTuple{IntTuple(1), IntTuple(0)}), 4);
  EXPECT_EQ(at(m, IntTuple{IntTuple(2), IntTuple(1)}), 3);
}

TEST(DocLayout, Compatibility) {
  EXPECT_FALSE(compatible(T("24"), T("32")));
  EXPECT_TRUE(compatible(T("24"), T("(4,6)")));
  EXPECT_TRUE(compatible(T("(4,6)"), T("((2,2),6)")));
  EXPECT_TRUE(compatible(T("((2,2),6)"), T("((2,2),(3,2))")));
  EXPECT_TRUE(compatible(T("24"), T("((2,2),(3,2))")));
  EXPECT_TRUE(compatible(T("24"), T("((2,3),4)")));
  EXPECT_FALSE(compatible(T("((2,3),4)"), T("((2,2),(3,2))")));
  EXPECT_FALSE(compatible(T("((2,2),(3,2))"), T("((2,3),4)")));
  EXPECT_TRUE(compatible(T("24"), T("(24)")));
  EXPECT_FALSE(compatible(T("(24)"), T("24")));
  EXPECT_FALSE(compatible(T("(24)"), T("(4,6)")));
}

TEST(DocLayout, CoordinateMapping) {
  IntTuple shape = T("(3,(2,3))");
  EXPECT_EQ(idx2crd(IntTuple(16), shape).str(), "(1,(1,2))");
  EXPECT_EQ(idx2crd(T("(1,5)"), shape).str(), "(1,(1,2))");
  EXPECT_EQ(idx2crd(T("(1,(1,2))"), shape).str(), "(1,(1,2))");
  // The full table of 1-D / 2-D / natural coordinates.
  const char *natural[18] = {"(0,(0,0))", "(1,(0,0))", "(2,(0,0))", "(0,(1,0))",
                             "(1,(1,0))", "(2,(1,0))", "(0,(0,1))", "(1,(0,1))",
                             "(2,(0,1))", "(0,(1,1))", "(1,(1,1))", "(2,(1,1))",
                             "(0,(0,2))", "(1,(0,2))", "(2,(0,2))", "(0,(1,2))",
                             "(1,(1,2))", "(2,(1,2))"};
  for (int i = 0; i < 18; ++i) {
    EXPECT_EQ(idx2crd(IntTuple(i), shape).str(), natural[i]) << "i=" << i;
    IntTuple twoD{IntTuple(i % 3), IntTuple(i / 3)};
    EXPECT_EQ(idx2crd(twoD, shape).str(), natural[i]) << "i=" << i;
  }
}

TEST(DocLayout, IndexMapping) {
  IntTuple shape = T("(3,(2,3))"), stride = T("(3,(12,1))");
  EXPECT_EQ(crd2idx(IntTuple(16), shape, stride).str(), "17");
  EXPECT_EQ(crd2idx(T("(1,5)"), shape, stride).str(), "17");
  EXPECT_EQ(crd2idx(T("(1,(1,2))"), shape, stride).str(), "17");
  // The 3x6 table.
  const int64_t table[3][6] = {
      {0, 12, 1, 13, 2, 14}, {3, 15, 4, 16, 5, 17}, {6, 18, 7, 19, 8, 20}};
  Layout l(shape, stride);
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 6; ++j)
      EXPECT_EQ(at(l, IntTuple{IntTuple(i), IntTuple(j)}), table[i][j]);
}

TEST(DocLayout, Sublayouts) {
  Layout a = Layout(T("(4,(3,6))"));
  EXPECT_EQ(a.str(), "(4,(3,6)):(1,(4,12))");
  EXPECT_EQ(getMode(a, {0}).str(), "4:1");
  EXPECT_EQ(getMode(a, {1}).str(), "(3,6):(4,12)");
  EXPECT_EQ(getMode(a, {1, 0}).str(), "3:4");
  EXPECT_EQ(getMode(a, {1, 1}).str(), "6:12");
  EXPECT_EQ(a[1].str(), "(3,6):(4,12)");

  Layout b = Layout(T("(2,3,5,7)"));
  EXPECT_EQ(b.str(), "(2,3,5,7):(1,2,6,30)");
  EXPECT_EQ(select(b, {1, 3}).str(), "(3,7):(2,30)");
  EXPECT_EQ(select(b, {0, 1, 3}).str(), "(2,3,7):(1,2,30)");
  EXPECT_EQ(select(b, {2}).str(), "(5):(6)");
  // take<1,3> / take<1,4> on shape and stride.
  EXPECT_EQ(Layout(take(b.shape, 1, 3), take(b.stride, 1, 3)).str(),
            "(3,5):(2,6)");
  EXPECT_EQ(Layout(take(b.shape, 1, 4), take(b.stride, 1, 4)).str(),
            "(3,5,7):(2,6,30)");
}

TEST(DocLayout, Concatenation) {
  Layout a = L("3:1"), b = L("4:3");
  Layout row = makeLayout({a, b});
  Layout col = makeLayout({b, a});
  EXPECT_EQ(row.str(), "(3,4):(1,3)");
  EXPECT_EQ(col.str(), "(4,3):(3,1)");
  EXPECT_EQ(makeLayout({row, col}).str(), "((3,4),(4,3)):((1,3),(3,1))");
  Layout aa = makeLayout({a});
  EXPECT_EQ(aa.str(), "(3):(1)");
  EXPECT_EQ(makeLayout({aa}).str(), "((3)):((1))");
  EXPECT_EQ(makeLayout({a, makeLayout({a}), a}).str(), "(3,(3),3):(1,(1),1)");

  Layout ab = append(a, b);
  EXPECT_EQ(ab.str(), "(3,4):(1,3)");
  EXPECT_EQ(prepend(a, b).str(), "(4,3):(3,1)");
  EXPECT_EQ(append(ab, ab).str(), "(3,4,(3,4)):(1,3,(1,3))");
}

TEST(DocLayout, GroupAndFlatten) {
  Layout a = Layout(T("(2,3,5,7)"));
  Layout b = groupModes(a, 0, 2);
  EXPECT_EQ(b.str(), "((2,3),5,7):((1,2),6,30)");
  Layout c = groupModes(b, 1, 3);
  EXPECT_EQ(c.str(), "((2,3),(5,7)):((1,2),(6,30))");
  EXPECT_EQ(flatten(b).str(), "(2,3,5,7):(1,2,6,30)");
  EXPECT_EQ(flatten(c).str(), "(2,3,5,7):(1,2,6,30)");
}

// ---------------------------------------------------------------------------
// 02_layout_algebra.md: coalesce
// ---------------------------------------------------------------------------

TEST(DocAlgebra, Coalesce) {
  Layout l = L("(2,(1,6)):(1,(6,2))");
  EXPECT_EQ(coalesce(l).str(), "12:1");
  // The four binary cases.
  EXPECT_EQ(coalesce(L("(4,1):(3,7)")).str(), "4:3");   // s0:d0 ++ _1:d1
  EXPECT_EQ(coalesce(L("(1,4):(7,3)")).str(), "4:3");   // _1:d0 ++ s1:d1
  EXPECT_EQ(coalesce(L("(4,5):(3,12)")).str(), "20:3"); // s1 : s0*d0
  EXPECT_EQ(coalesce(L("(4,5):(3,11)")).str(), "(4,5):(3,11)");
  // Column-major (2,4):(1,2) acts identically to 8:1.
  EXPECT_EQ(coalesce(L("(2,4):(1,2)")).str(), "8:1");
}

TEST(DocAlgebra, CoalesceByMode) {
  Layout a = L("(2,(1,6)):(1,(6,2))");
  Layout r = coalesce(a, T("(1,1)"));
  EXPECT_EQ(r.str(), "(2,6):(1,2)");
  EXPECT_EQ(r, makeLayout({coalesce(a[0]), coalesce(a[1])}));
}

// ---------------------------------------------------------------------------
// composition
// ---------------------------------------------------------------------------

TEST(DocAlgebra, CompositionIntro) {
  Layout A = L("(6,2):(8,2)"), B = L("(4,3):(3,1)");
  Layout R = composition(A, B);
  EXPECT_EQ(R.str(), "((2,2),3):((24,2),8)");
  EXPECT_TRUE(compatible(B.shape, R.shape));
  const int64_t expect[12] = {0, 24, 2, 26, 8, 32, 10, 34, 16, 40, 18, 42};
  for (int c = 0; c < 12; ++c) {
    EXPECT_EQ(R.eval(c), expect[c]) << "c=" << c;
    EXPECT_EQ(A.eval(B.eval(c)), expect[c]) << "c=" << c;
  }
  // Example 1's intermediate steps.
  EXPECT_EQ(composition(A, L("4:3")).str(), "(2,2):(24,2)");
  EXPECT_EQ(composition(A, L("3:1")).str(), "3:8");
}

TEST(DocAlgebra, ShapeDivAndMod) {
  EXPECT_EQ(shapeDiv(T("(6,2)"), T("2")).str(), "(3,2)");
  EXPECT_EQ(shapeDiv(T("(6,2)"), T("3")).str(), "(2,2)");
  EXPECT_EQ(shapeDiv(T("(6,2)"), T("6")).str(), "(1,2)");
  EXPECT_EQ(shapeDiv(T("(6,2)"), T("12")).str(), "(1,1)");
  EXPECT_EQ(shapeDiv(T("(3,6,2,8)"), T("3")).str(), "(1,6,2,8)");
  EXPECT_EQ(shapeDiv(T("(3,6,2,8)"), T("6")).str(), "(1,3,2,8)");
  EXPECT_EQ(shapeDiv(T("(3,6,2,8)"), T("9")).str(), "(1,2,2,8)");
  EXPECT_EQ(shapeDiv(T("(3,6,2,8)"), T("72")).str(), "(1,1,1,4)");

  EXPECT_EQ(shapeMod(T("(6,2)"), T("2")).str(), "(2,1)");
  EXPECT_EQ(shapeMod(T("(6,2)"), T("3")).str(), "(3,1)");
  EXPECT_EQ(shapeMod(T("(6,2)"), T("6")).str(), "(6,1)");
  EXPECT_EQ(shapeMod(T("(6,2)"), T("12")).str(), "(6,2)");
  EXPECT_EQ(shapeMod(T("(3,6,2,8)"), T("6")).str(), "(3,2,1,1)");
  EXPECT_EQ(shapeMod(T("(3,6,2,8)"), T("9")).str(), "(3,3,1,1)");
  EXPECT_EQ(shapeMod(T("(1,2,2,8)"), T("2")).str(), "(1,2,1,1)");
  EXPECT_EQ(shapeMod(T("(1,2,2,8)"), T("16")).str(), "(1,2,2,4)");
}

TEST(DocAlgebra, CompositionStridedExample) {
  // (3,6,2,8):(w,x,y,z) o 16:9 = (1,2,2,4):(9*w,3*x,y,z); statically the
  // size-1 mode is dropped. w,x,y,z = 1000,100,10,1.
  EXPECT_EQ(composition(L("(3,6,2,8):(1000,100,10,1)"), L("16:9")).str(),
            "(2,2,4):(300,10,1)");
}

TEST(DocAlgebra, CompositionReshape) {
  // Example 2.
  EXPECT_EQ(composition(L("20:2"), L("(5,4):(4,1)")).str(), "(5,4):(8,2)");
  EXPECT_EQ(composition(L("20:2"), L("5:4")).str(), "5:8");
  EXPECT_EQ(composition(L("20:2"), L("4:1")).str(), "4:2");
  // Example 3 (static: printed by CuTe as (_5,(_2,_2)):(_16,(_80,_4))).
  EXPECT_EQ(composition(L("(10,2):(16,4)"), L("(5,4):(1,5)")).str(),
            "(5,(2,2)):(16,(80,4))");
  EXPECT_EQ(composition(L("(10,2):(16,4)"), L("5:1")).str(), "5:16");
  EXPECT_EQ(composition(L("(10,2):(16,4)"), L("4:5")).str(), "(2,2):(80,4)");
}

TEST(DocAlgebra, CompositionByModeTiler) {
  Layout a = L("(12,(4,8)):(59,(13,1))");
  Tile tiler = makeTile({L("3:4"), L("8:2")});
  Layout r = composition(a, tiler);
  EXPECT_EQ(r.str(), "(3,(2,4)):(236,(26,1))");
  EXPECT_EQ(r, makeLayout(
                   {composition(a[0], L("3:4")), composition(a[1], L("8:2"))}));
}

TEST(DocAlgebra, CompositionByModeShapeTiler) {
  Layout a = L("(12,(4,8)):(59,(13,1))");
  EXPECT_EQ(composition(a, makeTile({L("3:1"), L("8:1")})).str(),
            "(3,(4,2)):(59,(13,1))");
  EXPECT_EQ(Tile::fromShape(T("(3,8)")).str(), "[3:1;8:1]");
  EXPECT_EQ(composition(a, Tile::fromShape(T("(3,8)"))).str(),
            "(3,(4,2)):(59,(13,1))");
}

// ---------------------------------------------------------------------------
// complement
// ---------------------------------------------------------------------------

TEST(DocAlgebra, Complement) {
  EXPECT_EQ(complement(L("4:1"), T("24")).str(), "6:4");
  EXPECT_EQ(complement(L("6:4"), T("24")).str(), "4:1");
  EXPECT_EQ(complement(L("(4,6):(1,4)"), T("24")).str(), "1:0");
  EXPECT_EQ(complement(L("4:2"), T("24")).str(), "(2,3):(1,8)");
  EXPECT_EQ(complement(L("(2,4):(1,6)"), T("24")).str(), "3:2");
  EXPECT_EQ(complement(L("(2,2):(1,6)"), T("24")).str(), "(3,2):(2,12)");
  // The concatenations the doc quotes have cosize 24.
  EXPECT_EQ(cosize(L("(4,6):(1,4)")).value(), 24);
  EXPECT_EQ(cosize(L("(6,4):(4,1)")).value(), 24);
  EXPECT_EQ(cosize(L("(4,(2,3)):(2,(1,8))")).value(), 24);
  EXPECT_EQ(cosize(L("((2,4),3):((1,6),2)")).value(), 24);
  EXPECT_EQ(cosize(L("((2,2),(3,2)):((1,6),(2,12))")).value(), 24);
  // Without a cotarget: the cosize of the layout.
  EXPECT_EQ(complement(L("(2,2):(1,6)")).str(), "3:2");
}

// ---------------------------------------------------------------------------
// division
// ---------------------------------------------------------------------------

TEST(DocAlgebra, LogicalDivide1D) {
  Layout A = L("(4,2,3):(2,1,8)"), B = L("4:2");
  EXPECT_EQ(complement(B, size(A)).str(), "(2,3):(1,8)");
  EXPECT_EQ(makeLayout({B, complement(B, size(A))}).str(),
            "(4,(2,3)):(2,(1,8))");
  EXPECT_EQ(logicalDivide(A, B).str(), "((2,2),(2,3)):((4,1),(2,8))");
}

TEST(DocAlgebra, LogicalDivide2D) {
  Layout A = L("(9,(4,8)):(59,(13,1))");
  Tile B = makeTile({L("3:3"), L("(2,4):(1,8)")});
  Layout ld = logicalDivide(A, B);
  // As printed in the doc's figure (divide2.png).
  EXPECT_EQ(ld.str(), "((3,3),((2,4),(2,2))):((177,59),((13,2),(26,1)))");
  // "The first mode of each mode of the result is ... (3,(2,4)):(177,(13,2))"
  EXPECT_EQ(makeLayout({getMode(ld, {0, 0}), getMode(ld, {1, 0})}).str(),
            "(3,(2,4)):(177,(13,2))");
  EXPECT_EQ(composition(A, B).str(), "(3,(2,4)):(177,(13,2))");
  // A few cells of the figure: row 1 / row 3 of the divided layout.
  const int64_t row1[8] = {177, 190, 179, 192, 181, 194, 183, 196};
  for (int j = 0; j < 8; ++j)
    EXPECT_EQ(at(ld, IntTuple{IntTuple(1), IntTuple(j)}), row1[j]);
  const int64_t row3[4] = {59, 72, 61, 74};
  for (int j = 0; j < 4; ++j)
    EXPECT_EQ(at(ld, IntTuple{IntTuple(3), IntTuple(j)}), row3[j]);
  EXPECT_EQ(at(ld, IntTuple{IntTuple(8), IntTuple(31)}), 518);
}

TEST(DocAlgebra, ZippedTiledFlatDivide) {
  Layout A = L("(9,(4,8)):(59,(13,1))");
  Tile B = makeTile({L("3:3"), L("(2,4):(1,8)")});
  Layout zd = zippedDivide(A, B);
  EXPECT_EQ(zd.str(), "((3,(2,4)),(3,(2,2))):((177,(13,2)),(59,(26,1)))");
  EXPECT_EQ(productEach(zd.shape).str(), "(24,12)");
  EXPECT_EQ(tiledDivide(A, B).str(),
            "((3,(2,4)),3,(2,2)):((177,(13,2)),59,(26,1))");
  EXPECT_EQ(flatDivide(A, B).str(), "(3,(2,4),3,(2,2)):(177,(13,2),59,(26,1))");
  // Offsets of the 3rd, 7th and (1,2)th tiles.
  EXPECT_EQ(at(zd, IntTuple{IntTuple(0), IntTuple(3)}), 26);
  EXPECT_EQ(at(zd, IntTuple{IntTuple(0), IntTuple(7)}), 60);
  EXPECT_EQ(at(zd, IntTuple{IntTuple(0), T("(1,2)")}), 60);
  // layout<0>(zipped_divide(a, b)) == composition(a, b)
  EXPECT_EQ(zd[0], composition(A, B));
  // The figure divide3.png: column 0 and row 0.
  const int64_t col0[24] = {0,   177, 354, 13,  190, 367, 2,   179,
                            356, 15,  192, 369, 4,   181, 358, 17,
                            194, 371, 6,   183, 360, 19,  196, 373};
  for (int i = 0; i < 24; ++i)
    EXPECT_EQ(at(zd, IntTuple{IntTuple(i), IntTuple(0)}), col0[i]) << i;
  const int64_t row0[12] = {0, 59, 118, 26, 85, 144, 1, 60, 119, 27, 86, 145};
  for (int j = 0; j < 12; ++j)
    EXPECT_EQ(at(zd, IntTuple{IntTuple(0), IntTuple(j)}), row0[j]) << j;
}

// ---------------------------------------------------------------------------
// product
// ---------------------------------------------------------------------------

TEST(DocAlgebra, LogicalProduct1D) {
  Layout A = L("(2,2):(4,1)");
  EXPECT_EQ(complement(A, T("24")).str(), "(2,3):(2,8)");
  EXPECT_EQ(composition(L("(2,3):(2,8)"), L("6:1")).str(), "(2,3):(2,8)");
  Layout p = logicalProduct(A, L("6:1"));
  EXPECT_EQ(p.str(), "((2,2),(2,3)):((4,1),(2,8))");
  // "identical to the result of the 1-D Logical Divide example"
  EXPECT_EQ(p, logicalDivide(L("(4,2,3):(2,1,8)"), L("4:2")));
  // B = (4,2):(2,1): 8 repeated tiles in a different order.
  EXPECT_EQ(logicalProduct(A, L("(4,2):(2,1)")).str(),
            "((2,2),(4,2)):((4,1),(8,2))");
}

TEST(DocAlgebra, LogicalProduct2D) {
  // product2d.png: (2,5):(5,1) (x) <3:5, 4:6>.
  Layout A = L("(2,5):(5,1)");
  Layout p = logicalProduct(A, makeTile({L("3:5"), L("4:6")}));
  EXPECT_EQ(p.str(), "((2,3),(5,4)):((5,10),(1,30))");
  EXPECT_EQ(at(p, IntTuple{IntTuple(5), IntTuple(19)}), 119);
  EXPECT_EQ(at(p, IntTuple{IntTuple(2), IntTuple(5)}), 40);
}

TEST(DocAlgebra, BlockedAndRakedProduct) {
  Layout A = L("(2,5):(5,1)"), B = L("(3,4):(1,3)");
  Layout blocked = blockedProduct(A, B);
  // CuTe's blocked_product returns zip(get<0>(r), get<1>(r)) without
  // coalescing; the figure (productblocked2d.png) shows mode-0 coalesced:
  // (6,(5,4)):(5,(1,30)).
  EXPECT_EQ(blocked.str(), "((2,3),(5,4)):((5,10),(1,30))");
  EXPECT_EQ(coalesce(blocked, T("(1,1)")).str(), "(6,(5,4)):(5,(1,30))");
  Layout raked = rakedProduct(A, B);
  // productraked2d.png.
  EXPECT_EQ(raked.str(), "((3,2),(4,5)):((10,5),(30,1))");
  const int64_t rrow0[8] = {0, 30, 60, 90, 1, 31, 61, 91};
  for (int j = 0; j < 8; ++j)
    EXPECT_EQ(at(raked, IntTuple{IntTuple(0), IntTuple(j)}), rrow0[j]);
  const int64_t rcol0[6] = {0, 10, 20, 5, 15, 25};
  for (int i = 0; i < 6; ++i)
    EXPECT_EQ(at(raked, IntTuple{IntTuple(i), IntTuple(0)}), rcol0[i]);
  // Same function as the 2-D tiler product of the previous figure.
  for (int i = 0; i < 6; ++i)
    for (int j = 0; j < 20; ++j)
      EXPECT_EQ(at(blocked, IntTuple{IntTuple(i), IntTuple(j)}),
                at(logicalProduct(A, makeTile({L("3:5"), L("4:6")})),
                   IntTuple{IntTuple(i), IntTuple(j)}));
}

TEST(DocAlgebra, ZippedTiledFlatProduct) {
  Layout A = L("(2,5):(5,1)");
  Tile B = makeTile({L("3:5"), L("4:6")});
  EXPECT_EQ(zippedProduct(A, B).str(), "((2,5),(3,4)):((5,1),(10,30))");
  EXPECT_EQ(tiledProduct(A, B).str(), "((2,5),3,4):((5,1),10,30)");
  EXPECT_EQ(flatProduct(A, B).str(), "(2,5,3,4):(5,1,10,30)");
  EXPECT_EQ(logicalProduct(A, L("(3,4):(1,3)")).str(),
            "((2,5),(3,4)):((5,1),(10,30))");
}

// ---------------------------------------------------------------------------
// Inverses (results of CuTe's right_inverse / left_inverse on the layouts of
// its inverse unit tests).
// ---------------------------------------------------------------------------

TEST(DocAlgebra, RightInverse) {
  EXPECT_EQ(rightInverse(L("4:1")).str(), "4:1");
  EXPECT_EQ(rightInverse(L("4:2")).str(), "1:0");
  EXPECT_EQ(rightInverse(L("1:0")).str(), "1:0");
  EXPECT_EQ(rightInverse(L("(2,4):(0,2)")).str(), "1:0");
  EXPECT_EQ(rightInverse(L("(8,4):(4,1)")).str(), "(4,8):(8,1)");
  EXPECT_EQ(rightInverse(L("(2,4,6):(4,1,8)")).str(), "(4,2,6):(2,1,8)");
  EXPECT_EQ(rightInverse(L("(2,4,4,6):(4,1,0,8)")).str(), "(4,2,6):(2,1,32)");
  EXPECT_EQ(rightInverse(L("(4,2):(1,16)")).str(), "4:1");
  EXPECT_EQ(rightInverse(L("(4,2):(1,5)")).str(), "4:1");
  EXPECT_EQ(rightInverse(L("(2,(3,4)):(3,(1,6))")).str(), "(3,2,4):(2,1,6)");
}

TEST(DocAlgebra, LeftInverse) {
  EXPECT_EQ(leftInverse(L("4:1")).str(), "4:1");
  EXPECT_EQ(leftInverse(L("4:2")).str(), "(2,4):(0,1)");
  EXPECT_EQ(leftInverse(L("(8,4):(4,1)")).str(), "(4,8):(8,1)");
  EXPECT_EQ(leftInverse(L("(2,4,6):(4,1,8)")).str(), "(4,2,6):(2,1,8)");
  EXPECT_EQ(leftInverse(L("(4,2):(1,16)")).str(), "(16,2):(1,4)");
  EXPECT_EQ(leftInverse(L("(4,2):(1,5)")).str(), "(5,2):(1,4)");
  EXPECT_EQ(leftInverse(L("(2,(3,4)):(3,(1,6))")).str(), "(3,2,4):(2,1,6)");
}

// ---------------------------------------------------------------------------
// Further exact results (from CuTe on static inputs), covering corner cases
// of the algorithms the docs describe.
// ---------------------------------------------------------------------------

TEST(DocAlgebra, CornerCases) {
  EXPECT_EQ(coalesce(L("(4,1):(1,0)")).str(), "4:1");
  EXPECT_EQ(coalesce(L("(1,1):(3,5)")).str(), "1:0");
  EXPECT_EQ(coalesce(L("(2,(4,3)):(3,(6,24))")).str(), "24:3");
  EXPECT_EQ(coalesce(L("(2,4):(4,1)")).str(), "(2,4):(4,1)");
  EXPECT_EQ(filter(L("(4,2,3):(0,1,2)")).str(), "6:1");
  EXPECT_EQ(filter(L("(4,1,3):(2,5,8)")).str(), "12:2");
  EXPECT_EQ(filter(L("(4,3):(0,0)")).str(), "1:0");
  EXPECT_EQ(filterZeros(L("(4,2,3):(0,1,2)")).str(), "(1,2,3):(0,1,2)");
  EXPECT_EQ(complement(L("4:0"), T("8")).str(), "8:1");
  EXPECT_EQ(complement(L("4:2"), T("(2,8)")).str(), "(2,2):(1,8)");
  EXPECT_EQ(complement(L("1:0"), T("5")).str(), "5:1");
  EXPECT_EQ(complement(L("(2,4):(1,6)"), T("60")).str(), "(3,3):(2,24)");
  EXPECT_EQ(logicalDivide(L("6:2"), L("(2,3):(3,1)")).str(),
            "((2,3),1):((6,2),0)");
  EXPECT_EQ(logicalDivide(L("(8,8):(8,1)"), L("32:2")).str(),
            "((4,8),2):((16,1),8)");
  EXPECT_EQ(logicalDivide(L("32:1"), L("2:8")).str(), "(2,(8,2)):(8,(1,16))");
  EXPECT_EQ(logicalProduct(L("3:2"), L("4:1")).str(), "(3,(2,2)):(2,(1,6))");
  EXPECT_EQ(logicalProduct(L("(2,2):(1,2)"), L("(3,3):(3,1)")).str(),
            "((2,2),(3,3)):((1,2),(12,4))");
  EXPECT_EQ(logicalProduct(L("(3):(32)"), L("(8,8):(8,1)")).str(),
            "((3),((4,2),8)):((32),((8,96),1))");
  EXPECT_EQ(blockedProduct(L("4:1"), L("(2,3):(1,2)")).str(),
            "((4,2),(1,3)):((1,4),(0,8))");
  EXPECT_EQ(rakedProduct(L("(2,2):(1,2)"), L("(3,4):(1,3)")).str(),
            "((3,2),(4,2)):((4,1),(12,2))");
  EXPECT_EQ(tileToShape(L("(2,2):(1,2)"), T("(8,4)")).str(),
            "((2,4),(2,2)):((1,4),(2,16))");
  // coalesce_x keeps the function past the domain: the trailing size-1 mode
  // of A becomes a stride-0 mode that B's second half walks into.
  EXPECT_EQ(composition(L("(4,1):(1,0)"), L("8:1")).str(), "(4,2):(1,0)");
  EXPECT_EQ(composition(L("(4,2):(2,1)"), L("(2,4):(4,1)")).str(),
            "(2,4):(1,2)");
  EXPECT_EQ(composition(L("8:1"), L("4:0")).str(), "4:0");
  EXPECT_EQ(composition(L("(4,4):(4,1)"), L("(2,2):(1,8)")).str(),
            "(2,2):(4,2)");
  EXPECT_EQ(composition(L("(12,(4,8)):(59,(13,1))"), L("3:1")).str(), "3:59");
}

TEST(DocAlgebra, IdentityLayout) {
  EXPECT_EQ(makeIdentityLayout(T("(2,3)")).str(), "(2,3):(1@0,1@1)");
  EXPECT_EQ(makeIdentityLayout(T("(2,(3,4))")).str(),
            "(2,(3,4)):(1@0,(1@0@1,1@1@1))");
  // Evaluating an identity layout gives coordinates congruent to its shape
  // (CuTe prints (0,2), (1,0), (0,0) and (1,(0,1))).
  EXPECT_EQ(makeIdentityLayout(T("(2,3)"))(IntTuple(4)).str(), "(0,2)");
  EXPECT_EQ(makeIdentityLayout(T("(2,3)"))(IntTuple(1)).str(), "(1,0)");
  EXPECT_EQ(makeIdentityLayout(T("(2,3)"))(IntTuple(0)).str(), "(0,0)");
  EXPECT_EQ(makeIdentityLayout(T("(2,(3,4))"))(IntTuple(7)).str(), "(1,(0,1))");
}

TEST(DocAlgebra, Swizzle) {
  Swizzle sw(3, 4, 3);
  EXPECT_EQ(sw.str(), "S<3,4,3>");
  const std::pair<int64_t, int64_t> cases[] = {
      {0, 0},     {1, 1},      {16, 16},   {128, 144},
      {255, 239}, {1023, 911}, {1008, 896}};
  for (auto [x, y] : cases)
    EXPECT_EQ(sw.apply(x), y) << x;
  Swizzle neg(2, 0, -2);
  const std::pair<int64_t, int64_t> ncases[] = {{0, 0},  {1, 5},   {2, 10},
                                                {3, 15}, {4, 4},   {5, 1},
                                                {7, 11}, {12, 12}, {15, 3}};
  for (auto [x, y] : ncases)
    EXPECT_EQ(neg.apply(x), y) << x;
  ComposedLayout c = composition(sw, L("(8,64):(64,1)"));
  EXPECT_EQ(c.str(), "S<3,4,3> o 0 o (8,64):(64,1)");
  // Evaluates as swizzle(layout(i)).
  Layout inner = L("(8,64):(64,1)");
  for (int64_t i = 0; i < 512; i += 7)
    EXPECT_EQ(c(IntTuple(i)).value().value(), sw.apply(inner.eval(i))) << i;
}

} // namespace

// CuTe HEAD's idx2crd(i, shape) gives the last mode the whole rest of the
// index (no modulo), so a static index into a shape with a dynamic last mode
// has a static coordinate, and an index past the end keeps counting in the
// last mode. Values computed with CuTe C++ (NVIDIA/cutlass 7107b05,
// cute/stride.hpp): idx2crd(_9{}, make_shape(_4{}, 5)) == (_1,_2).
TEST(DocLayout, CoordinateMappingLastModeUnbounded) {
  DynamicSymbols syms;
  auto shape = parseIntTuple("(4,?)", syms);
  ASSERT_TRUE(bool(shape));
  EXPECT_EQ(idx2crd(IntTuple(9), *shape).str(), "(1,2)");
  EXPECT_EQ(idx2crd(IntTuple(37), T("(4,8)")).str(), "(1,9)");
  EXPECT_EQ(idx2crd(IntTuple(37), T("((2,2),8)")).str(), "((1,0),9)");
}
