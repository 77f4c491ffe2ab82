//===- AssumptionsTest.cpp - Recorded run-time preconditions --------------===//
//
// The algebra records the divisibility facts it relies on for dynamic
// values (and only those): evaluating the recorded condition at the
// static values tells whether the static computation would have failed.
//
//===----------------------------------------------------------------------===//
#include "cute/Layout/Assumptions.h"
#include "cute/Layout/Parse.h"

#include "TestUtil.h"

using namespace cute::layout;

namespace {

Layout parse(const char *text, DynamicSymbols &syms) {
  auto l = parseLayout(text, syms);
  EXPECT_TRUE(bool(l)) << text;
  return *l;
}

TEST(Assumptions, NothingRecordedWithoutARecorder) {
  DynamicSymbols syms;
  Layout a = parse("((?,?,8),2):((1,1,5),40)", syms);
  Layout b = parse("10:8", syms);
  EXPECT_NO_THROW(composition(a, b));
}

TEST(Assumptions, StaticOperandsRecordNothing) {
  DynamicSymbols syms;
  RecordAssumptions rec;
  composition(parse("((1,5,8),2):((1,1,5),40)", syms), parse("10:8", syms));
  EXPECT_TRUE(rec.assumptions().empty());
}

// The example: with s0 = 1, s1 = 5 the static computation coalesces
// first; the dynamic one relies on "8 is a multiple of, or less than, each
// mode's shape", which s1 = 5 violates. Some recorded condition must be
// false at those values, and all must hold at values that satisfy it.
TEST(Assumptions, DynamicCompositionRecordsItsPreconditions) {
  DynamicSymbols syms;
  Layout a = parse("((?,?,8),2):((1,1,5),40)", syms);
  Layout b = parse("10:8", syms);
  RecordAssumptions rec;
  composition(a, b);
  ASSERT_FALSE(rec.assumptions().empty());
  auto allHold = [&](int64_t s0, int64_t s1) {
    for (const Assumption &as : rec.assumptions())
      if (evaluate(as.holds, [&](int64_t id) { return id == 0 ? s0 : s1; }) ==
          0)
        return false;
    return true;
  };
  EXPECT_FALSE(allHold(1, 5));
  EXPECT_TRUE(allHold(8, 2)); // stride 8 = shape 8, then 1 < 2
  for (const Assumption &as : rec.assumptions())
    EXPECT_NE(as.rule.find("divisibility"), std::string::npos) << as.rule;
}

TEST(Assumptions, DivisorFactsProveThem) {
  DynamicSymbols syms;
  Layout a = parse("(?{div=16},?):(1,?)", syms);
  RecordAssumptions rec;
  composition(a, parse("8:1", syms));
  EXPECT_TRUE(rec.assumptions().empty());
  DynamicSymbols syms2;
  Layout c = parse("(?,?):(1,?)", syms2);
  RecordAssumptions rec2;
  composition(c, parse("8:1", syms2));
  EXPECT_EQ(rec2.assumptions().size(), 1u);
}

TEST(Assumptions, ScopesNest) {
  DynamicSymbols syms;
  Layout a = parse("(?,?):(1,?)", syms);
  Layout b = parse("8:1", syms);
  RecordAssumptions outer;
  {
    RecordAssumptions inner;
    composition(a, b);
    EXPECT_EQ(inner.assumptions().size(), 1u);
  }
  EXPECT_TRUE(outer.assumptions().empty());
  composition(a, b);
  EXPECT_EQ(outer.assumptions().size(), 1u);
}

} // namespace
