//===- IntTupleTest.cpp - Int and IntTuple (CuTe's int_tuple.hpp) --------===//
#include "TestUtil.h"

using namespace cute::layout;
using namespace cute::layout::test;

namespace {

TEST(Int, StaticArithmeticFolds) {
  EXPECT_TRUE((Int(6) * Int(7)).is(42));
  EXPECT_TRUE((Int(7) / Int(2)).is(3));
  EXPECT_TRUE((Int(-7) / Int(2)).is(-3)); // truncating, like C++
  EXPECT_TRUE((Int(-7) % Int(2)).is(-1));
  EXPECT_TRUE(ceilDiv(Int(7), Int(2)).is(4));
  EXPECT_TRUE(min(Int(3), Int(5)).is(3));
  EXPECT_TRUE(max(Int(3), Int(5)).is(5));
  EXPECT_TRUE(abs(Int(-4)).is(4));
  EXPECT_TRUE(signum(Int(-4)).is(-1));
  EXPECT_TRUE(signum(Int(0)).is(0));
  EXPECT_EQ(gcd64(12, 18), 6);
  EXPECT_EQ(gcd64(-12, 18), 6);
  EXPECT_EQ(Int(5).str(), "5");
  EXPECT_EQ(Int(12).divisor(), 12);
}

TEST(Int, SymbolicSimplifications) {
  Int n = Int::symbol(0);
  EXPECT_TRUE((n * Int(1)).same(n));
  EXPECT_TRUE((n + Int(0)).same(n));
  EXPECT_TRUE((n * Int(0)).is(0));
  EXPECT_TRUE((n / n).is(1));
  EXPECT_TRUE((n - n).is(0));
  EXPECT_TRUE((n % Int(1)).is(0));
  EXPECT_FALSE(n.same(Int::symbol(0, 64)));
  EXPECT_TRUE(n.same(Int::symbol(0)));
  Int m = Int::symbol(1, 32, 8);
  EXPECT_EQ((m * Int(4)).divisor(), 32);
  EXPECT_EQ((m / Int(2)).divisor(), 4);
  EXPECT_TRUE((m % Int(8)).is(0));
  EXPECT_EQ((m * Int::symbol(2, 64)).width(), 64u);
}

TEST(IntTuple, Basics) {
  IntTuple t = T("(2,(3,4),5)");
  EXPECT_EQ(t.str(), "(2,(3,4),5)");
  EXPECT_EQ(t.rank(), 3u);
  EXPECT_EQ(t.depth(), 2);
  EXPECT_EQ(IntTuple(7).rank(), 1u);
  EXPECT_EQ(IntTuple(7).depth(), 0);
  EXPECT_EQ(product(t).value(), 120);
  EXPECT_EQ(productEach(t).str(), "(2,12,5)");
  EXPECT_EQ(sum(t).value(), 14);
  EXPECT_EQ(max(t).value(), 5);
  EXPECT_EQ(min(t).value(), 2);
  EXPECT_EQ(product(IntTuple()).value(), 1);
  EXPECT_EQ(flatten(t).str(), "(2,3,4,5)");
  EXPECT_EQ(getPath(t, {1, 1}).str(), "4");
  EXPECT_EQ(take(t, 1, 3).str(), "((3,4),5)");
  EXPECT_EQ(append(t, IntTuple(9)).str(), "(2,(3,4),5,9)");
  EXPECT_EQ(prepend(IntTuple(1), IntTuple(9)).str(), "(9,1)");
  EXPECT_EQ(appendTo(T("(2,3)"), 4, IntTuple(1)).str(), "(2,3,1,1)");
  EXPECT_EQ(unwrap(T("((((5))))")).str(), "5");
  EXPECT_EQ(unwrap(T("((2,3))")).str(), "(2,3)");
  EXPECT_EQ(wrap(IntTuple(5)).str(), "(5)");
  EXPECT_EQ(wrap(T("(5)")).str(), "(5)");
  EXPECT_EQ(repeatLike(t, IntTuple(0)).str(), "(0,(0,0),0)");
  EXPECT_EQ(repeat(3, IntTuple(1)).str(), "(1,1,1)");
  EXPECT_TRUE(t.isStatic());
  EXPECT_FALSE(IntTuple{IntTuple(Int::symbol(0))}.isStatic());
  EXPECT_TRUE((IntTuple{IntTuple::underscore(), IntTuple(1)}).hasUnderscore());
}

TEST(IntTuple, StrideGeneration) {
  EXPECT_EQ(compactColMajor(T("(2,(3,4),5)")).str(), "(1,(2,6),24)");
  EXPECT_EQ(compactRowMajor(T("(2,(3,4),5)")).str(), "(60,(20,5),1)");
  EXPECT_EQ(compactColMajor(T("(1,4)")).str(), "(0,1)");
  EXPECT_EQ(compactColMajor(IntTuple(8)).str(), "1");
  EXPECT_EQ(prefixProduct(T("(2,(3,4),5)")).str(), "(1,(2,6),24)");
  EXPECT_EQ(suffixProduct(T("(2,3,4)")).str(), "(12,4,1)");
  EXPECT_EQ(makeBasisLike(T("(2,(3,4))")).str(), "(1@0,(1@0@1,1@1@1))");
}

TEST(IntTuple, Congruence) {
  EXPECT_TRUE(congruent(T("(1,(2,3))"), T("(4,(5,6))")));
  EXPECT_FALSE(congruent(T("(1,(2,3))"), T("(4,5)")));
  EXPECT_TRUE(weaklyCongruent(IntTuple(1), T("(4,5)")));
  EXPECT_TRUE(weaklyCongruent(T("(1,2)"), T("((4,5),6)")));
  EXPECT_FALSE(weaklyCongruent(T("((4,5),6)"), T("(1,2)")));
  EXPECT_TRUE(weaklyCompatible(T("(2,3)"), T("(4,6)")));
  EXPECT_FALSE(weaklyCompatible(T("(3,3)"), T("(4,6)")));
}

TEST(IntTuple, ShapeArithmetic) {
  EXPECT_EQ(ceilDiv(T("(4,6)"), IntTuple(8)).str(), "(1,3)");
  EXPECT_EQ(ceilDiv(T("(5,7)"), T("(2,3)")).str(), "(3,3)");
  EXPECT_EQ(shapeDiv(T("(4,6)"), T("(2,3)")).str(), "(2,2)");
  EXPECT_EQ(shapeDiv(IntTuple(2), IntTuple(6)).str(), "1");
  EXPECT_EQ(elemScale(T("(2,3)"), T("(4,(2,2))")).str(), "(8,12)");
}

TEST(IntTuple, InnerProductAndBasisArithmetic) {
  EXPECT_EQ(innerProduct(T("(1,(2,3))"), T("(3,(12,1))")).str(), "30");
  IntTuple e0 = IntTuple::basis(1, {0}), e1 = IntTuple::basis(1, {1});
  EXPECT_EQ(scaleIndex(3, e1).str(), "3@1");
  EXPECT_EQ(addIndex(scaleIndex(2, e0), scaleIndex(5, e1)).str(), "(2,5)");
  EXPECT_EQ(addIndex(scaleIndex(2, e1), scaleIndex(5, e1)).str(), "7@1");
  // A zero basis element still names its mode (CuTe: E<0>*0 + E<1>*2 = (0,2)).
  EXPECT_EQ(addIndex(scaleIndex(0, e0), scaleIndex(2, e1)).str(), "(0,2)");
  EXPECT_EQ(addIndex(IntTuple(0), scaleIndex(2, e1)).str(), "2@1");
  EXPECT_EQ(innerProduct(T("(1,2)"), IntTuple{e0, e1}).str(), "(1,2)");
  EXPECT_EQ(crd2idx(IntTuple(5), T("(2,3)"), IntTuple{e0, e1}).str(), "(1,2)");
  EXPECT_EQ(IntTuple::basis(4, {2, 0, 1}).str(), "4@1@0@2");
}

TEST(IntTuple, CoordinateMaps) {
  IntTuple s = T("(2,(3,4))");
  EXPECT_EQ(idx2crd(IntTuple(0), s).str(), "(0,(0,0))");
  EXPECT_EQ(idx2crd(IntTuple(23), s).str(), "(1,(2,3))");
  EXPECT_EQ(idx2crd(IntTuple(7), s).str(), "(1,(0,1))");
  EXPECT_EQ(crd2idx(T("(1,(2,3))"), s).value(), 23);
  EXPECT_EQ(crd2idx(T("(1,11)"), s).value(), 23);
  EXPECT_EQ(crd2idx(IntTuple(23), s).value(), 23);
  EXPECT_EQ(crd2idx(T("(1,(2,3))"), s, T("(12,(4,1))")).str(), "23");
  EXPECT_EQ(crd2idx(IntTuple(23), s, T("(12,(4,1))")).str(), "23");
  EXPECT_EQ(idx2crd(IntTuple(23), s, T("(12,(4,1))")).str(), "(1,(2,3))");
  // Past the domain the last mode keeps counting.
  EXPECT_EQ(crd2idx(IntTuple(24), s, compactColMajor(s)).str(), "24");
}

} // namespace
