//===- ErrorsTest.cpp - Violated preconditions become errors
//---------------===//
//
// Every precondition CuTe checks (statically or by assertion) is an
// AlgebraError here; through `guard` it becomes an Expected carrying a message
// that names the operation.
//
//===----------------------------------------------------------------------===//
#include "TestUtil.h"

#include "cute/Layout/Parse.h"

#include <algorithm>
#include <cctype>
#include <limits>

using namespace cute::layout;
using namespace cute::layout::test;

namespace {

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(),
                 [](unsigned char c) { return std::tolower(c); });
  return s;
}

// True when the lowercased message contains any of the needles.
::testing::AssertionResult mentions(const std::string &msg,
                                    std::vector<std::string> needles) {
  std::string m = lower(msg);
  for (auto &n : needles)
    if (m.find(lower(n)) != std::string::npos)
      return ::testing::AssertionSuccess();
  std::string all;
  for (auto &n : needles)
    all += " \"" + n + "\"";
  return ::testing::AssertionFailure()
         << "message \"" << msg << "\" mentions none of" << all;
}

#define EXPECT_ALGEBRA_ERROR(expr, ...)                                        \
  do {                                                                         \
    auto r_ = guard([&] { return (expr); });                                   \
    EXPECT_FALSE(bool(r_)) << #expr << " should fail";                         \
    if (!r_)                                                                   \
      EXPECT_TRUE(mentions(r_.message(), {__VA_ARGS__})) << #expr;             \
  } while (0)

// --- guard itself
// -------------------------------------------------------------

TEST(Errors, GuardPassesValuesAndCatchesAlgebraErrors) {
  auto ok = guard([] { return Int(6) * Int(7); });
  ASSERT_TRUE(bool(ok));
  EXPECT_EQ(ok->value(), 42);
  auto bad = guard([]() -> Int { fail("composition: something"); });
  ASSERT_FALSE(bool(bad));
  EXPECT_EQ(bad.message(), "composition: something");
  // The shared error type, with the algebra's code.
  const cute::Error &e = bad.error();
  EXPECT_EQ(e.code(), cute::ErrorCode::Algebra);
  EXPECT_EQ(e.str(), "AlgebraError: composition: something");
  // Functions returning nothing become a Status.
  cute::Status st = guard([] { fail("complement: x"); });
  EXPECT_EQ(st.error().code(), cute::ErrorCode::Algebra);
  EXPECT_TRUE(guard([] {}).ok());
  // Non-algebra exceptions are not swallowed.
  EXPECT_THROW(guard([]() -> int { throw std::logic_error("x"); }),
               std::logic_error);
}

// --- composition
// ----------------------------------------------------------------

TEST(Errors, ParseErrorsAreAlgebraErrors) {
  DynamicSymbols syms;
  Expected<Layout> l = parseLayout("(2,3):(1", syms);
  ASSERT_FALSE(l.ok());
  EXPECT_EQ(l.error().code(), cute::ErrorCode::Algebra);
  EXPECT_FALSE(l.message().empty());
}

TEST(Errors, CompositionStrideDivisibility) {
  // 9 is neither a multiple of nor smaller than A's first mode 6.
  EXPECT_ALGEBRA_ERROR(composition(L("(6,2):(1,7)"), L("2:9")), "composition");
  EXPECT_ALGEBRA_ERROR(composition(L("(6,2):(1,7)"), L("2:9")), "divisib");
  EXPECT_ALGEBRA_ERROR(composition(L("(4,3,5):(1,40,4)"), L("(2,3):(1,10)")),
                       "composition");
}

TEST(Errors, CompositionShapeDivisibility) {
  // (6,2) / 2 = (3,2): the first 4 elements would need 3 | 4.
  EXPECT_ALGEBRA_ERROR(composition(L("(6,2):(1,7)"), L("4:2")), "composition");
  EXPECT_ALGEBRA_ERROR(composition(L("(6,2):(1,7)"), L("4:2")), "divisib");
  EXPECT_ALGEBRA_ERROR(composition(L("(3,4,2):(1,5,50)"), L("8:1")), "divisib");
  // The same shapes compose fine when the divisibility holds.
  EXPECT_TRUE(
      bool(guard([&] { return composition(L("(6,2):(1,7)"), L("6:2")); })));
  EXPECT_EQ(composition(L("(6,2):(1,7)"), L("3:2")).str(), "3:2");
}

TEST(Errors, CompositionTilerRank) {
  // A rank-3 tiler on a rank-2 layout.
  EXPECT_ALGEBRA_ERROR(
      composition(L("(4,8):(1,4)"), makeTile({L("2:1"), L("2:1"), L("2:1")})),
      "composition", "tiler", "rank", "modes");
  EXPECT_ALGEBRA_ERROR(
      logicalDivide(L("(4,8):(1,4)"), makeTile({L("2:1"), L("2:1"), L("2:1")})),
      "divide", "tiler", "rank", "modes");
  EXPECT_ALGEBRA_ERROR(logicalProduct(L("(4,8):(1,4)"),
                                      makeTile({L("2:1"), L("2:1"), L("2:1")})),
                       "product", "tiler", "rank", "modes");
}

// --- complement
// ---------------------------------------------------------------

TEST(Errors, ComplementNonInjective) {
  EXPECT_ALGEBRA_ERROR(complement(L("(2,2):(1,1)")), "complement");
  EXPECT_ALGEBRA_ERROR(complement(L("(2,2):(1,1)"), T("16")), "complement");
  EXPECT_ALGEBRA_ERROR(complement(L("(4,2):(2,2)"), T("16")), "complement");
  // A logical product needs the complement of its block.
  EXPECT_ALGEBRA_ERROR(logicalProduct(L("(2,2):(1,1)"), L("4:1")),
                       "complement");
}

TEST(Errors, ComplementDynamicStrideOfHigherRank) {
  // CuTe: "Dynamic-stride complement only for rank-1 layouts".
  Layout a(T("(2,4)"), IntTuple{IntTuple(Int::symbol(0)), IntTuple(2)});
  EXPECT_ALGEBRA_ERROR(complement(a, T("64")), "complement");
}

// --- inverses
// -------------------------------------------------------------------

TEST(Errors, LeftInverseDivisibility) {
  // Sorted strides 2, 3: 3 is not a multiple of 2.
  EXPECT_ALGEBRA_ERROR(leftInverse(L("(2,3):(2,3)")), "left_inverse",
                       "leftInverse", "left inverse");
  // Left inverse needs static strides.
  Layout dyn(T("(4,2)"), IntTuple{IntTuple(1), IntTuple(Int::symbol(0))});
  EXPECT_ALGEBRA_ERROR(leftInverse(dyn), "left_inverse", "leftInverse",
                       "left inverse", "static");
}

// --- divide / product with an invalid tiler
// ------------------------------------

TEST(Errors, DivideWithIncompatibleTiler) {
  // The complement of 4:2 within 12 is (2,3):(1,8), but A = (6,2):(1,7) has
  // no 4-element run of stride 2 starting at 0.
  auto r = guard([&] { return logicalDivide(L("(6,2):(1,7)"), L("4:2")); });
  EXPECT_FALSE(bool(r));
  if (!r)
    EXPECT_TRUE(mentions(r.message(), {"composition", "divide", "divisib"}));
  auto z = guard([&] { return zippedDivide(L("(6,2):(1,7)"), L("4:2")); });
  EXPECT_FALSE(bool(z));
}

// --- swizzles
// -------------------------------------------------------------------

TEST(Errors, BadSwizzleParameters) {
  EXPECT_ALGEBRA_ERROR(Swizzle(3, 4, 2), "swizzle");  // |S| < B
  EXPECT_ALGEBRA_ERROR(Swizzle(3, 4, -2), "swizzle"); // |S| < B
  EXPECT_ALGEBRA_ERROR(Swizzle(-1, 4, 3), "swizzle"); // B < 0
  EXPECT_ALGEBRA_ERROR(Swizzle(2, -1, 3), "swizzle"); // M < 0
  EXPECT_TRUE(bool(guard([] { return Swizzle(3, 4, 3); })));
  EXPECT_TRUE(bool(guard([] { return Swizzle(2, 0, -2); })));
  EXPECT_TRUE(bool(guard([] { return Swizzle(0, 0, 0); })));
  EXPECT_FALSE(bool(parseSwizzle("S<3,4,2>")));
}

// --- overflow
// --------------------------------------------------------------------

TEST(Errors, IntOverflow) {
  const int64_t big = int64_t(1) << 62;
  EXPECT_ALGEBRA_ERROR(Int(big) * Int(4), "overflow");
  EXPECT_ALGEBRA_ERROR(Int(std::numeric_limits<int64_t>::max()) + Int(1),
                       "overflow");
  EXPECT_ALGEBRA_ERROR(Int(std::numeric_limits<int64_t>::min()) - Int(1),
                       "overflow");
  EXPECT_ALGEBRA_ERROR(checkedMul(big, 2), "overflow");
  EXPECT_ALGEBRA_ERROR(Int(5) / Int(0), "division", "zero");
  EXPECT_ALGEBRA_ERROR(Int(5) % Int(0), "remainder", "zero");
}

TEST(Errors, HugeShapes) {
  IntTuple huge{IntTuple(int64_t(1) << 32), IntTuple(int64_t(1) << 32)};
  EXPECT_ALGEBRA_ERROR(product(huge), "overflow");
  EXPECT_ALGEBRA_ERROR(size(Layout(huge, T("(1,1)"))), "overflow");
  // The compact strides of (2^32, 2^32, 2) overflow.
  IntTuple huge3{IntTuple(int64_t(1) << 32), IntTuple(int64_t(1) << 32),
                 IntTuple(2)};
  EXPECT_ALGEBRA_ERROR(Layout(huge3), "overflow");
  // cosize: (2^40 - 1) * 2^40.
  Layout wide(IntTuple(int64_t(1) << 40), IntTuple(int64_t(1) << 40));
  EXPECT_ALGEBRA_ERROR(cosize(wide), "overflow");
  EXPECT_ALGEBRA_ERROR(coalesce(Layout(huge, T("(1,4294967296)"))), "overflow");
  // cosize of the tiler is 2^64.
  EXPECT_ALGEBRA_ERROR(
      logicalProduct(L("4:1"), Layout(huge, T("(1,4294967296)"))), "overflow");
  // The cotarget's size is 2^65.
  EXPECT_ALGEBRA_ERROR(complement(L("4:1"), T("(4611686018427387904,8)")),
                       "overflow");
}

// --- ranks, congruence, coordinates
// -------------------------------------------

TEST(Errors, RankMismatch) {
  EXPECT_ALGEBRA_ERROR(Layout(T("(2,3)"), T("(1,2,6)")), "congruent", "rank");
  EXPECT_ALGEBRA_ERROR(Layout(T("(2,(3,4))"), T("(1,2)")), "congruent", "rank");
  Layout a = L("(2,3):(1,2)");
  EXPECT_ALGEBRA_ERROR(a(T("(1,1,1)")), "rank", "crd2idx", "mode");
  EXPECT_ALGEBRA_ERROR(getMode(a, {2}), "out of range", "mode");
  EXPECT_ALGEBRA_ERROR(select(a, {0, 5}), "out of range", "mode");
  EXPECT_ALGEBRA_ERROR(groupModes(a, 1, 3), "range", "group", "mode");
  EXPECT_ALGEBRA_ERROR(coalesce(a, T("(1,1,1)")), "coalesce", "profile", "rank",
                       "mode");
  EXPECT_ALGEBRA_ERROR(crd2idx(T("(1,2)"), T("(2,3,4)"), T("(1,2,6)")),
                       "crd2idx", "rank");
  EXPECT_ALGEBRA_ERROR(idx2crd(T("(1,2)"), T("(2,3,4)")), "idx2crd", "rank");
  IntTuple crd3{IntTuple::underscore(), IntTuple(1), IntTuple(1)};
  EXPECT_ALGEBRA_ERROR(slice(crd3, a), "slice", "rank");
  EXPECT_ALGEBRA_ERROR(tileToShape(L("(2,2,2):(1,2,4)"), T("(4,4)")),
                       "tile_to_shape", "tileToShape", "rank");
}

TEST(Errors, StaticValueRequired) {
  EXPECT_ALGEBRA_ERROR(Int::symbol(3).value(), "dynamic", "static");
  Layout dyn(IntTuple(4), IntTuple(Int::symbol(0)));
  EXPECT_ALGEBRA_ERROR(dyn.eval(1), "dynamic", "static");
  // At index 0 the dynamic stride does not matter.
  EXPECT_EQ(dyn.eval(0), 0);
}

TEST(Errors, TileShapeRejectsUnderscore) {
  Tile t = Tile::tuple({Tile::underscore(), Tile::ofLayout(L("4:1"))});
  EXPECT_ALGEBRA_ERROR(tileShape(t), "_", "underscore", "wildcard");
}

} // namespace
