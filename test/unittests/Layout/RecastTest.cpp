//===- RecastTest.cpp - recast_layout / recast of tensors -----------------===//
//
// recastExact, recastSwizzle and recastAccess (cute/Layout/Tensor.h). The
// expected values were printed by CuTe itself: NVIDIA/cutlass commit
// 7107b05535f8977f5ecb9d01ee203205b1fd9bc4, include/cute/layout.hpp
// recast_layout<OldT, NewT> and swizzle_layout.hpp recast_layout of
// Swizzle<B,M,S>, compiled host-only with g++ -std=c++17 (half_t, float,
// uint8_t, uint128_t, float_e2m1_t). The error tests are the cases CuTe
// ceil-divides or static_asserts and a reinterpretation must refuse.
//
//===----------------------------------------------------------------------===//
#include "TestUtil.h"

#include "cute/Layout/Parse.h"
#include "cute/Layout/Tensor.h"

using namespace cute::layout;
using namespace cute::layout::test;

namespace {

std::string recastStr(const std::string &l, unsigned oldBits,
                      unsigned newBits) {
  return recastExact(L(l), oldBits, newBits).str();
}

std::string recastError(const std::string &l, unsigned oldBits,
                        unsigned newBits) {
  auto r = guard([&] { return recastExact(L(l), oldBits, newBits); });
  return r ? std::string("no error: ") + r->str() : r.message();
}

TEST(Recast, UpcastMatchesCute) {
  // recast_layout<half_t, float>
  EXPECT_EQ(recastStr("(8,4):(4,1)", 16, 32), "(8,2):(2,1)");
  EXPECT_EQ(recastStr("(128,64):(64,1)", 16, 32), "(128,32):(32,1)");
  EXPECT_EQ(recastStr("((2,4),8):((1,16),2)", 16, 32), "((1,4),8):((1,8),1)");
  EXPECT_EQ(recastStr("(8,4):(1,0)", 16, 32), "(4,4):(1,0)");
  // recast_layout<half_t, uint128_t>
  EXPECT_EQ(recastStr("(8,64):(64,1)", 16, 128), "(8,8):(8,1)");
  // recast_layout<float_e2m1_t, uint8_t>: two FP4 values per byte
  EXPECT_EQ(recastStr("(64,128):(128,1)", 4, 8), "(64,64):(64,1)");
}

TEST(Recast, DowncastMatchesCute) {
  // recast_layout<half_t, uint8_t>
  EXPECT_EQ(recastStr("(128,64):(64,1)", 16, 8), "(128,128):(128,1)");
  // recast_layout<float, half_t>
  EXPECT_EQ(recastStr("(4,(2,8)):(1,(0,4))", 32, 16), "(8,(2,8)):(1,(0,8))");
  // recast_layout<uint8_t, float_e2m1_t>: a byte holds two FP4 values
  EXPECT_EQ(recastStr("(64,64):(64,1)", 8, 4), "(64,128):(128,1)");
  EXPECT_EQ(recastStr("(8,4):(4,1)", 16, 16), "(8,4):(4,1)");
}

TEST(Recast, DynamicLeavesKeepTheirDivisors) {
  // CuTe: recast_layout<half_t, float>((128,64):(64,_1)) = (128,32):(32,_1)
  // for dynamic 128, 64; here the extent and stride must be known even.
  DynamicSymbols syms;
  auto l = parseLayout("(?,?{div=64}):(?{div=64},1)", syms);
  ASSERT_TRUE(bool(l)) << l.message();
  Layout r = recastExact(*l, 16, 32);
  EXPECT_EQ(r.shape[0].value().str(), l->shape[0].value().str());
  EXPECT_EQ(r.shape[1].value().divisor(), 32);
  EXPECT_EQ(r.stride[0].value().divisor(), 32);
  EXPECT_TRUE(r.stride[1].value().is(1));
  auto eval = [](const Int &v, int64_t bound) {
    return evaluate(v, [&](int64_t) { return bound; });
  };
  EXPECT_EQ(eval(r.shape[1].value(), 128), 64);
  EXPECT_EQ(eval(r.stride[0].value(), 128), 64);
}

TEST(Recast, SwizzleMatchesCute) {
  EXPECT_EQ(recastSwizzle(Swizzle(3, 4, 3), 16, 32).str(), "S<3,3,3>");
  EXPECT_EQ(recastSwizzle(Swizzle(3, 4, 3), 16, 128).str(), "S<3,1,3>");
  EXPECT_EQ(recastSwizzle(Swizzle(3, 4, 3), 16, 8).str(), "S<3,5,3>");
  EXPECT_EQ(recastSwizzle(Swizzle(3, 4, 3), 8, 4).str(), "S<3,5,3>");
  EXPECT_EQ(recastSwizzle(Swizzle(2, 3, 2), 16, 32).str(), "S<2,2,2>");
  EXPECT_EQ(recastSwizzle(Swizzle(2, 4, 2), 8, 16).str(), "S<2,3,2>");
}

TEST(Recast, TensorAccessKeepsItsAlignment) {
  // CuTe: recast_layout<half_t, float>(Sw<3,4,3> o _0 o (64,64):(64,1))
  //     = Sw<3,3,3> o _0 o (64,32):(32,1)
  TensorAccess t{16, 128, Swizzle(3, 4, 3), L("(64,64):(64,1)")};
  TensorAccess r = recastAccess(t, 32);
  EXPECT_EQ(r.bits, 32u);
  EXPECT_EQ(r.alignBytes, 128);
  EXPECT_EQ(r.swizzle->str(), "S<3,3,3>");
  EXPECT_EQ(r.layout.str(), "(64,32):(32,1)");
}

TEST(Recast, InexactRecastsAreRefused) {
  // CuTe ceil-divides the contiguous mode: (3):(1) f16 -> f32 gives 2:1.
  EXPECT_EQ(recastError("(4,3):(6,1)", 16, 32),
            "cannot recast (4,3):(6,1) from 16-bit to 32-bit elements: the "
            "contiguous (stride-1) mode has 3 elements = 48 bits, not a "
            "multiple of 32");
  EXPECT_EQ(recastError("(8,4):(1,9)", 8, 16),
            "cannot recast (8,4):(1,9) from 8-bit to 16-bit elements: the "
            "stride 9 is not a multiple of 2 (the new elements would "
            "straddle it)");
  EXPECT_EQ(recastError("(8,4):(2,16)", 16, 8),
            "cannot recast (8,4):(2,16) from 16-bit to 8-bit elements: no "
            "mode has stride 1 (a recast splits or merges adjacent elements, "
            "so the innermost mode must be contiguous)");
  DynamicSymbols syms;
  auto l = parseLayout("(8,?):(?,1)", syms);
  ASSERT_TRUE(bool(l));
  auto r = guard([&] { return recastExact(*l, 4, 8); });
  ASSERT_FALSE(bool(r));
  EXPECT_NE(r.message().find("not known to be a multiple of 2 (write it "
                             "?{div=2})"),
            std::string::npos)
      << r.message();
}

TEST(Recast, SwizzleAndAlignmentErrors) {
  auto sw = guard([] { return recastSwizzle(Swizzle(3, 1, 3), 16, 128); });
  ASSERT_FALSE(bool(sw));
  EXPECT_EQ(sw.message(),
            "cannot recast the swizzle S<3,1,3> from 16-bit to 128-bit "
            "elements: its base M = 1 is below log2(8) = 3, so a new element "
            "would straddle swizzled units");
  TensorAccess t{16, 2, std::nullopt, L("8:1")};
  auto a = guard([&] { return recastAccess(t, 32); });
  ASSERT_FALSE(bool(a));
  EXPECT_EQ(a.message(), "cannot recast 8:1 from 16-bit to 32-bit elements: "
                         "the iterator is 2-byte aligned, but a 32-bit "
                         "element needs 4 bytes");
}

} // namespace
