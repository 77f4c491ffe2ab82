//===- Sm90TmaTest.cpp - TMA boxes and global dimensions from layouts -----===//
//
// deriveTmaBox / deriveTmaGlobal / tmaSwizzle on the shared-memory layouts
// CuTe uses for TMA (the SM90 GMMA smem atoms, K- and MN-major, for f16,
// bf16, tf32/f32 and f8), tiles of them, extent-1 modes, and every error.
//
// The CuTe layouts below were printed with CuTe host-only from
// NVIDIA/cutlass 7107b05535f8977f5ecb9d01ee203205b1fd9bc4
// (cute/atom/mma_traits_sm90_gmma.hpp, SM90::GMMA::Layout_{K,MN}_*_Atom<T>
// and tile_to_shape); CuTe writes their swizzle on the byte address
// (Sw<B,4,3> o smem_ptr[Tb]), which in element units is S<B, 4-log2(bytes
// of T), 3>; detail::get_tma_swizzle_bits gives 1/2/3 for 32/64/128 B.
//
//===----------------------------------------------------------------------===//
#include "cute/Atom/Sm90Tma.h"
#include "cute/Layout/Parse.h"

#include <gtest/gtest.h>

using namespace cute;
using namespace cute::atom;
using namespace cute::layout;

namespace {

Layout parse(const std::string &text, DynamicSymbols &syms) {
  auto l = parseLayout(text, syms);
  EXPECT_TRUE(bool(l)) << text << ": " << l.message();
  return *l;
}

Layout parse(const std::string &text) {
  DynamicSymbols syms;
  return parse(text, syms);
}

std::string boxError(const std::string &layout, std::optional<Swizzle> sw,
                     unsigned bits) {
  auto box = deriveTmaBox(parse(layout), sw, bits);
  EXPECT_FALSE(bool(box)) << layout;
  return box ? std::string() : box.message();
}

//===----------------------------------------------------------------------===//
// tmaSwizzle
//===----------------------------------------------------------------------===//

TEST(Sm90Tma, SwizzleInElementUnits) {
  // CuTe's byte swizzles Sw<1|2|3,4,3> divided by the element size.
  EXPECT_EQ(*tmaSwizzle(32, 16), Swizzle(1, 3, 3));
  EXPECT_EQ(*tmaSwizzle(64, 16), Swizzle(2, 3, 3));
  EXPECT_EQ(*tmaSwizzle(128, 16), Swizzle(3, 3, 3));
  EXPECT_EQ(*tmaSwizzle(32, 32), Swizzle(1, 2, 3));
  EXPECT_EQ(*tmaSwizzle(64, 32), Swizzle(2, 2, 3));
  EXPECT_EQ(*tmaSwizzle(128, 32), Swizzle(3, 2, 3));
  EXPECT_EQ(*tmaSwizzle(32, 8), Swizzle(1, 4, 3));
  EXPECT_EQ(*tmaSwizzle(64, 8), Swizzle(2, 4, 3));
  EXPECT_EQ(*tmaSwizzle(128, 8), Swizzle(3, 4, 3));
  EXPECT_EQ(*tmaSwizzle(128, 64), Swizzle(3, 1, 3));
  EXPECT_FALSE(tmaSwizzle(0, 16).has_value());
  EXPECT_FALSE(tmaSwizzle(128, 4).has_value());
}

//===----------------------------------------------------------------------===//
// The GMMA smem atoms of CuTe are TMA boxes
//===----------------------------------------------------------------------===//

struct AtomCase {
  const char *name;
  unsigned bits;
  const char *layout; // CuTe's atom layout (element offsets)
  int swizzleBytes;   // the atom's swizzle span (0: INTER)
  std::vector<int64_t> dims;
  std::vector<int> dimModes;
};

class GmmaAtom : public ::testing::TestWithParam<AtomCase> {};

TEST_P(GmmaAtom, DerivesBox) {
  const AtomCase &c = GetParam();
  auto box =
      deriveTmaBox(parse(c.layout), tmaSwizzle(c.swizzleBytes, c.bits), c.bits);
  ASSERT_TRUE(bool(box)) << box.message();
  EXPECT_EQ(box->dims, c.dims);
  EXPECT_EQ(box->dimModes, c.dimModes);
  EXPECT_EQ(box->swizzleBytes, c.swizzleBytes);
  // Every atom is 8 rows of 16 B (INTER) or of the swizzle span.
  int64_t rowBytes = c.swizzleBytes ? c.swizzleBytes : 16;
  EXPECT_EQ(box->bytes, 8 * rowBytes);
  EXPECT_EQ(box->smemAlign, c.swizzleBytes ? 8 * c.swizzleBytes : 128);
  EXPECT_EQ(box->dims[0] * c.bits / 8, rowBytes);
}

#define K_ATOMS(T, B, I, S32, S64, S128)                                       \
  AtomCase{T "_K_INTER", B, "(8," #I "):(" #I ",1)", 0, {I, 8}, {1, 0}},       \
      AtomCase{T "_K_SW32", B,        "(8," #S32 "):(" #S32 ",1)",             \
               32,          {S32, 8}, {1, 0}},                                 \
      AtomCase{T "_K_SW64", B,        "(8," #S64 "):(" #S64 ",1)",             \
               64,          {S64, 8}, {1, 0}},                                 \
      AtomCase{T "_K_SW128", B,         "(8," #S128 "):(" #S128 ",1)",         \
               128,          {S128, 8}, {1, 0}},                               \
      AtomCase{T "_MN_SW32", B,        "(" #S32 ",8):(1," #S32 ")",            \
               32,           {S32, 8}, {0, 1}},                                \
      AtomCase{T "_MN_SW64", B,        "(" #S64 ",8):(1," #S64 ")",            \
               64,           {S64, 8}, {0, 1}},                                \
      AtomCase {                                                               \
    T "_MN_SW128", B, "(" #S128 ",8):(1," #S128 ")", 128, {S128, 8}, { 0, 1 }  \
  }

INSTANTIATE_TEST_SUITE_P(Cute, GmmaAtom,
                         ::testing::Values(K_ATOMS("f16", 16, 8, 16, 32, 64),
                                           K_ATOMS("bf16", 16, 8, 16, 32, 64),
                                           K_ATOMS("f32", 32, 4, 8, 16, 32),
                                           K_ATOMS("f8", 8, 16, 32, 64, 128)),
                         [](const ::testing::TestParamInfo<AtomCase> &i) {
                           return std::string(i.param.name);
                         });

TEST(Sm90Tma, TiledAtomsAreOneBox) {
  // tile_to_shape(Layout_K_SW128_Atom<half_t>, (64,64)) =
  // ((8,8),64):((64,512),1), which coalesces to (64,64):(64,1): one box of
  // 64 rows x 128 B.
  auto k = deriveTmaBox(parse("(64,64):(64,1)"), tmaSwizzle(128, 16), 16);
  ASSERT_TRUE(bool(k)) << k.message();
  EXPECT_EQ(k->dims, (std::vector<int64_t>{64, 64}));
  EXPECT_EQ(k->dimModes, (std::vector<int>{1, 0}));
  EXPECT_EQ(k->bytes, 8192);
  EXPECT_EQ(k->smemAlign, 1024);
  // tile_to_shape(Layout_MN_SW128_Atom<half_t>, (64,16)): (64,(8,2)):(1,(64,
  // 512)) = (64,16):(1,64).
  auto mn = deriveTmaBox(parse("(64,16):(1,64)"), tmaSwizzle(128, 16), 16);
  ASSERT_TRUE(bool(mn)) << mn.message();
  EXPECT_EQ(mn->dims, (std::vector<int64_t>{64, 16}));
  EXPECT_EQ(mn->dimModes, (std::vector<int>{0, 1}));
  EXPECT_EQ(mn->bytes, 2048);
  // The tma-pipeline example: 64 x 32 f32 rows of 128 B.
  auto ex = deriveTmaBox(parse("(64,32):(32,1)"), Swizzle(3, 2, 3), 32);
  ASSERT_TRUE(bool(ex)) << ex.message();
  EXPECT_EQ(ex->dims, (std::vector<int64_t>{32, 64}));
  EXPECT_EQ(ex->bytes, 8192);
  EXPECT_EQ(ex->swizzleBytes, 128);
  // A rank-3 column-major box without swizzle.
  auto r3 = deriveTmaBox(parse("(16,4,2):(1,16,64)"), std::nullopt, 32);
  ASSERT_TRUE(bool(r3)) << r3.message();
  EXPECT_EQ(r3->dims, (std::vector<int64_t>{16, 4, 2}));
  EXPECT_EQ(r3->dimModes, (std::vector<int>{0, 1, 2}));
  EXPECT_EQ(r3->swizzleBytes, 0);
  EXPECT_EQ(r3->smemAlign, 128);
  // The identity swizzle is no swizzle.
  auto id = deriveTmaBox(parse("(8,64):(64,1)"), Swizzle(), 16);
  ASSERT_TRUE(bool(id)) << id.message();
  EXPECT_EQ(id->swizzleBytes, 0);
}

TEST(Sm90Tma, ExtentOneModesGoLast) {
  // CuTe writes unit modes with stride 0 (e.g. ((128,1),(8,2)):((1,0),...)
  // for f8 MN_SW128 tiles); any stride is fine for them.
  auto a = deriveTmaBox(parse("(64,1):(1,0)"), tmaSwizzle(128, 16), 16);
  ASSERT_TRUE(bool(a)) << a.message();
  EXPECT_EQ(a->dims, (std::vector<int64_t>{64, 1}));
  EXPECT_EQ(a->dimModes, (std::vector<int>{0, 1}));
  EXPECT_EQ(a->bytes, 128);
  auto b = deriveTmaBox(parse("(1,8,64):(0,64,1)"), std::nullopt, 16);
  ASSERT_TRUE(bool(b)) << b.message();
  EXPECT_EQ(b->dims, (std::vector<int64_t>{64, 8, 1}));
  EXPECT_EQ(b->dimModes, (std::vector<int>{2, 1, 0}));
  auto c = deriveTmaBox(parse("(1,64):(7,1)"), std::nullopt, 32);
  ASSERT_TRUE(bool(c)) << c.message();
  EXPECT_EQ(c->dims, (std::vector<int64_t>{64, 1}));
  EXPECT_EQ(c->dimModes, (std::vector<int>{1, 0}));
  // A rank-1 box.
  auto d = deriveTmaBox(parse("256:1"), std::nullopt, 8);
  ASSERT_TRUE(bool(d)) << d.message();
  EXPECT_EQ(d->dims, (std::vector<int64_t>{256}));
  EXPECT_EQ(d->bytes, 256);
}

//===----------------------------------------------------------------------===//
// Box errors
//===----------------------------------------------------------------------===//

TEST(Sm90Tma, BoxErrors) {
  EXPECT_EQ(boxError("(8,64):(64,1)", std::nullopt, 4),
            "TMA boxes of 4-bit elements are not supported (8, 16, 32 or 64 "
            "bits)");
  EXPECT_EQ(boxError("(8,64):(64,1)", std::nullopt, 24),
            "TMA boxes of 24-bit elements are not supported (8, 16, 32 or 64 "
            "bits)");
  EXPECT_EQ(boxError("((4,2),64):((64,256),1)", std::nullopt, 16),
            "box layout \"((4,2),64):((64,256),1)\" has a nested mode; each "
            "mode of a TMA box is one dimension");
  EXPECT_EQ(boxError("(2,2,2,2,2,8):(8,16,32,64,128,1)", std::nullopt, 16),
            "box layout \"(2,2,2,2,2,8):(8,16,32,64,128,1)\" has rank 6; TMA "
            "boxes have rank 1 to 5");
  EXPECT_EQ(boxError("(8,512):(512,1)", std::nullopt, 16),
            "box mode 1 has 512 elements; TMA allows 1 to 256");
  EXPECT_EQ(boxError("(257,8):(1,257)", std::nullopt, 8),
            "box mode 0 has 257 elements; TMA allows 1 to 256");
  EXPECT_EQ(boxError("(32,32):(64,1)", std::nullopt, 32),
            "box layout \"(32,32):(64,1)\" is not compact: mode 0 has stride "
            "64 where a TMA box (dimension 1, innermost first) has stride 32");
  EXPECT_EQ(boxError("(8,16):(16,2)", std::nullopt, 16),
            "box layout \"(8,16):(16,2)\" is not compact: mode 1 has stride 2 "
            "where a TMA box (dimension 0, innermost first) has stride 1");
  EXPECT_EQ(boxError("(8,4):(4,1)", std::nullopt, 16),
            "box mode 1 (innermost) has 4 elements = 8 bytes; TMA needs a "
            "multiple of 16 bytes");
  EXPECT_EQ(boxError("(6,8):(1,6)", std::nullopt, 32),
            "box mode 0 (innermost) has 6 elements = 24 bytes; TMA needs a "
            "multiple of 16 bytes");
  // 128 f16 = 256 B rows do not fit a 128-byte swizzle; 64 f32 = 256 B do
  // not fit a 64-byte one.
  EXPECT_EQ(boxError("(8,128):(128,1)", tmaSwizzle(128, 16), 16),
            "box mode 1 (innermost) spans 256 bytes, more than the 128-byte "
            "swizzle");
  EXPECT_EQ(boxError("(64,8):(1,64)", tmaSwizzle(64, 32), 32),
            "box mode 0 (innermost) spans 256 bytes, more than the 64-byte "
            "swizzle");
  // CuTe's byte swizzle used as an element swizzle, and the f32 one on f16.
  EXPECT_EQ(boxError("(8,64):(64,1)", Swizzle(3, 4, 3), 16),
            "swizzle S<3,4,3> is not a TMA swizzle for 16-bit elements "
            "(S<1,3,3>, S<2,3,3> or S<3,3,3> for 32, 64, 128 B)");
  EXPECT_EQ(boxError("(8,32):(32,1)", Swizzle(3, 3, 3), 32),
            "swizzle S<3,3,3> is not a TMA swizzle for 32-bit elements "
            "(S<1,2,3>, S<2,2,3> or S<3,2,3> for 32, 64, 128 B)");
  EXPECT_EQ(boxError("(8,128):(128,1)", Swizzle(3, 4, 4), 8),
            "swizzle S<3,4,4> is not a TMA swizzle for 8-bit elements "
            "(S<1,4,3>, S<2,4,3> or S<3,4,3> for 32, 64, 128 B)");
  EXPECT_EQ(boxError("(8,128):(128,1)", Swizzle(4, 4, 4), 8),
            "swizzle S<4,4,4> is not a TMA swizzle for 8-bit elements "
            "(S<1,4,3>, S<2,4,3> or S<3,4,3> for 32, 64, 128 B)");
  // CuTe's Sw<2,5,2> (128-byte rows of 32-byte atoms) on f32: S<2,3,2>,
  // CU_TENSOR_MAP_SWIZZLE_128B_ATOM_32B, not derived yet.
  EXPECT_EQ(boxError("(4,32):(1,4)", Swizzle(2, 3, 2), 32),
            "swizzle S<2,3,2> is the 128-byte swizzle with 32-byte atoms on "
            "32-bit elements (CuTe's Sw<2,5,2>, TMA's "
            "CU_TENSOR_MAP_SWIZZLE_128B_ATOM_32B); this compiler derives no "
            "TMA descriptor for it yet");
  {
    DynamicSymbols syms;
    auto box = deriveTmaBox(parse("(?,64):(64,1)", syms), std::nullopt, 16);
    ASSERT_FALSE(bool(box));
    EXPECT_EQ(box.message(), "box layout \"(?,64):(64,1)\" is not static");
  }
}

//===----------------------------------------------------------------------===//
// deriveTmaGlobal
//===----------------------------------------------------------------------===//

TmaBox box(const std::string &layout, unsigned bits, int swizzle = 0) {
  auto b = deriveTmaBox(parse(layout), tmaSwizzle(swizzle, bits), bits);
  EXPECT_TRUE(bool(b)) << b.message();
  return *b;
}

TEST(Sm90Tma, GlobalRowMajor) {
  // A row-major (m, n) tensor with leading dimension ld: TMA dimension 0 is
  // n (stride 1), dimension 1 is m (stride ld).
  DynamicSymbols syms;
  Layout g = parse("(?,?):(?,1)", syms);
  auto dims = deriveTmaGlobal(g, box("(64,32):(32,1)", 32, 128), 32);
  ASSERT_TRUE(bool(dims)) << dims.message();
  ASSERT_EQ(dims->size(), 2u);
  EXPECT_TRUE((*dims)[0].extent.same(g.shape[1].value()));
  EXPECT_TRUE((*dims)[0].stride.is(1));
  EXPECT_TRUE((*dims)[1].extent.same(g.shape[0].value()));
  EXPECT_TRUE((*dims)[1].stride.same(g.stride[0].value()));
  EXPECT_TRUE((*dims)[1].stride.isDynamic());
}

TEST(Sm90Tma, GlobalColumnMajor) {
  // A column-major f16 (m, k) tensor and an MN-major box.
  DynamicSymbols syms;
  Layout g = parse("(?,?):(1,?)", syms);
  auto dims = deriveTmaGlobal(g, box("(64,8):(1,64)", 16, 128), 16);
  ASSERT_TRUE(bool(dims)) << dims.message();
  ASSERT_EQ(dims->size(), 2u);
  EXPECT_TRUE((*dims)[0].extent.same(g.shape[0].value()));
  EXPECT_TRUE((*dims)[0].stride.is(1));
  EXPECT_TRUE((*dims)[1].extent.same(g.shape[1].value()));
  EXPECT_TRUE((*dims)[1].stride.same(g.stride[1].value()));
}

TEST(Sm90Tma, GlobalStatic) {
  // bf16 rows of 72 elements = 144 B (a multiple of 16); rank 3 with the
  // batch mode outermost; an extent-1 box mode keeps its global stride.
  auto dims = deriveTmaGlobal(parse("(4,100,72):(7200,72,1)"),
                              box("(1,8,64):(0,64,1)", 16, 128), 16);
  ASSERT_TRUE(bool(dims)) << dims.message();
  ASSERT_EQ(dims->size(), 3u);
  EXPECT_TRUE((*dims)[0].extent.is(72));
  EXPECT_TRUE((*dims)[0].stride.is(1));
  EXPECT_TRUE((*dims)[1].extent.is(100));
  EXPECT_TRUE((*dims)[1].stride.is(72));
  EXPECT_TRUE((*dims)[2].extent.is(4));
  EXPECT_TRUE((*dims)[2].stride.is(7200));
  // f8: a 16-element row pitch is 16 B.
  auto f8 =
      deriveTmaGlobal(parse("(32,16):(16,1)"), box("(8,16):(16,1)", 8), 8);
  ASSERT_TRUE(bool(f8)) << f8.message();
  EXPECT_TRUE((*f8)[1].stride.is(16));
}

TEST(Sm90Tma, GlobalErrors) {
  TmaBox rowBox = box("(64,32):(32,1)", 32, 128);
  auto err = [&](const std::string &g, const TmaBox &b, unsigned bits) {
    DynamicSymbols syms;
    auto d = deriveTmaGlobal(parse(g, syms), b, bits);
    EXPECT_FALSE(bool(d)) << g;
    return d ? std::string() : d.message();
  };
  EXPECT_EQ(err("((?,2),?):((?,?),1)", rowBox, 32),
            "global tensor layout \"((?,2),?):((?,?),1)\" has a nested mode; "
            "each mode is one TMA dimension");
  EXPECT_EQ(err("(?,?,?):(?,?,1)", rowBox, 32),
            "global tensor layout \"(?,?,?):(?,?,1)\" has rank 3 but the box "
            "has rank 2");
  EXPECT_EQ(err("(?,?):(1,?)", rowBox, 32),
            "mode 1 of the global tensor \"(?,?):(1,?)\" has stride ?; it is "
            "the box's contiguous mode, so TMA needs stride 1 (a static 1)");
  EXPECT_EQ(err("(?,?):(?,2)", rowBox, 32),
            "mode 1 of the global tensor \"(?,?):(?,2)\" has stride 2; it is "
            "the box's contiguous mode, so TMA needs stride 1 (a static 1)");
  // 7 f32 = 28 B; 12 f16 = 24 B; 0 and negative pitches.
  EXPECT_EQ(err("(?,?):(7,1)", rowBox, 32),
            "mode 0 of the global tensor \"(?,?):(7,1)\" has stride 7 elements "
            "= 28 bytes; TMA needs a positive multiple of 16 bytes");
  EXPECT_EQ(err("(?,?):(12,1)", box("(8,64):(64,1)", 16), 16),
            "mode 0 of the global tensor \"(?,?):(12,1)\" has stride 12 "
            "elements = 24 bytes; TMA needs a positive multiple of 16 bytes");
  EXPECT_EQ(err("(?,?):(0,1)", rowBox, 32),
            "mode 0 of the global tensor \"(?,?):(0,1)\" has stride 0 elements "
            "= 0 bytes; TMA needs a positive multiple of 16 bytes");
  EXPECT_EQ(err("(?,?):(-32,1)", rowBox, 32),
            "mode 0 of the global tensor \"(?,?):(-32,1)\" has stride -32 "
            "elements = -128 bytes; TMA needs a positive multiple of 16 bytes");
}

} // namespace
