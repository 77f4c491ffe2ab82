//===- Sm90GmmaTest.cpp - wgmma descriptors against CuTe's make_gmma_desc -===//
//
// Expected values: CuTe's GMMA::make_gmma_desc<Major> on the K-block-0
// slice of tile_to_shape(GMMA::Layout_*_Atom<T>, tile) (host code, NVIDIA/
// cutlass 7107b05): leading/stride byte offsets (16-byte units), layout
// type, the 64-bit descriptor at start address 0, and the byte offset of
// each K block (the pointer of local_tile(tile, mma, (0, k))). The tiles
// below are those slices written in our notation (swizzles in element
// units: CuTe's Sw<3,4,3> on 16-bit elements is S<3,3,3>).
//
//===----------------------------------------------------------------------===//
#include "cute/Atom/Sm90Gmma.h"

#include "cute/Layout/Parse.h"

#include <gtest/gtest.h>

using namespace cute;
using namespace cute::atom;

namespace {

layout::Layout L(const char *text) {
  layout::DynamicSymbols syms;
  auto l = layout::parseLayout(text, syms);
  EXPECT_TRUE(l.ok()) << text;
  return *l;
}

std::optional<layout::Swizzle> S(int b, int m, int s) {
  return layout::Swizzle(b, m, s);
}

struct Case {
  const char *name;
  GmmaMajor major;
  const char *slice; // the K-block-0 slice one wgmma reads
  std::optional<layout::Swizzle> swizzle;
  unsigned bits;
  GmmaLayoutType layout;
  uint32_t lbo, sbo;
  uint64_t desc; // CuTe's desc_ at start address 0
};

} // namespace

TEST(Sm90Gmma, DescriptorsMatchCuTe) {
  const Case cases[] = {
      {"K_SW128 f16 64x64", GmmaMajor::K, "((8,8),16):((64,512),1)", S(3, 3, 3),
       16, GmmaLayoutType::B128, 1, 64, 0x4000004000010000ull},
      {"K_SW64 f16 64x32", GmmaMajor::K, "((8,8),16):((32,256),1)", S(2, 3, 3),
       16, GmmaLayoutType::B64, 1, 32, 0x8000002000010000ull},
      {"K_SW32 f16 64x16", GmmaMajor::K, "((8,8),16):((16,128),1)", S(1, 3, 3),
       16, GmmaLayoutType::B32, 1, 16, 0xc000001000010000ull},
      {"K_INTER f16 64x16", GmmaMajor::K, "((8,8),(8,2)):((8,64),(1,512))",
       std::nullopt, 16, GmmaLayoutType::Interleave, 64, 8, 0x800400000ull},
      {"K_SW128 f16 128x64", GmmaMajor::K, "((8,16),16):((64,512),1)",
       S(3, 3, 3), 16, GmmaLayoutType::B128, 1, 64, 0x4000004000010000ull},
      {"K_SW128 e4m3 64x128", GmmaMajor::K, "((8,8),32):((128,1024),1)",
       S(3, 4, 3), 8, GmmaLayoutType::B128, 1, 64, 0x4000004000010000ull},
      {"MN_SW128 f16 64x64", GmmaMajor::MN, "((64,1),(8,2)):((1,0),(64,512))",
       S(3, 3, 3), 16, GmmaLayoutType::B128, 0, 64, 0x4000004000000000ull},
      {"MN_SW128 f16 128x32", GmmaMajor::MN,
       "((64,2),(8,2)):((1,2048),(64,512))", S(3, 3, 3), 16,
       GmmaLayoutType::B128, 256, 64, 0x4000004001000000ull},
      {"MN_SW64 f16 64x32", GmmaMajor::MN, "((32,2),(8,2)):((1,1024),(32,256))",
       S(2, 3, 3), 16, GmmaLayoutType::B64, 128, 32, 0x8000002000800000ull},
      {"MN_INTER f16 64x16", GmmaMajor::MN, "((8,8),(8,2)):((1,128),(8,64))",
       std::nullopt, 16, GmmaLayoutType::Interleave, 8, 16, 0x1000080000ull},
  };
  for (const Case &c : cases) {
    auto f = deriveGmmaDesc(c.major, L(c.slice), c.swizzle, c.bits);
    ASSERT_TRUE(f.ok()) << c.name << ": " << f.message();
    EXPECT_EQ(f->layout, c.layout) << c.name;
    EXPECT_EQ(f->lbo, c.lbo) << c.name;
    EXPECT_EQ(f->sbo, c.sbo) << c.name;
    EXPECT_EQ(encodeGmmaDesc(*f, 0), c.desc) << c.name;
  }
}

TEST(Sm90Gmma, KBlocksAdvanceLikeCuTe) {
  // K_SW128 f16 64x64: each k16 block starts 32 bytes further (inside the
  // 128-byte swizzle atom); MN_SW128 f16 64x64: 2048 bytes; e4m3 k32: 32.
  layout::Layout k = L("((8,8),(64,1)):((64,512),(1,0))");
  layout::Layout mn = L("((64,1),(8,8)):((1,0),(64,512))");
  layout::Layout f8 = L("((8,8),(128,1)):((128,1024),(1,0))");
  for (int64_t b = 0; b < 4; ++b) {
    EXPECT_EQ(*gmmaKBlockOffsetBytes(k, 16, b, 16), 32 * b);
    EXPECT_EQ(*gmmaKBlockOffsetBytes(mn, 16, b, 16), 2048 * b);
    EXPECT_EQ(*gmmaKBlockOffsetBytes(f8, 32, b, 8), 32 * b);
  }
  // The start address field advances by bytes >> 4.
  auto f = deriveGmmaDesc(GmmaMajor::K, L("((8,8),16):((64,512),1)"),
                          S(3, 3, 3), 16);
  ASSERT_TRUE(f.ok());
  EXPECT_EQ(encodeGmmaDesc(*f, 32) - encodeGmmaDesc(*f, 0), 2u);
}

TEST(Sm90Gmma, RejectsLayoutsNoDescriptorExpresses) {
  // Rows 128 bytes apart with a 64-byte swizzle.
  auto wrongRow = deriveGmmaDesc(GmmaMajor::K, L("((8,8),16):((64,512),1)"),
                                 S(2, 3, 3), 16);
  ASSERT_FALSE(wrongRow.ok());
  EXPECT_NE(wrongRow.message().find("the row stride is 8 where it must be 4"),
            std::string::npos)
      << wrongRow.message();
  // A K slice of 32 f16 (4 x 16 bytes) for a dense K-major operand.
  auto wideK = deriveGmmaDesc(GmmaMajor::K, L("((8,8),32):((64,512),1)"),
                              S(3, 3, 3), 16);
  ASSERT_FALSE(wideK.ok());
  EXPECT_NE(wideK.message().find("the K extent is 4 x 16 bytes"),
            std::string::npos)
      << wideK.message();
  // Not a swizzle GMMA knows (the TMA-style base for 8-bit on 16-bit data).
  auto badSwz = deriveGmmaDesc(GmmaMajor::K, L("((8,8),16):((64,512),1)"),
                               S(3, 4, 3), 16);
  ASSERT_FALSE(badSwz.ok());
  EXPECT_EQ(badSwz.message(),
            "swizzle S<3,4,3> is not a GMMA swizzle for 16-bit elements "
            "(S<1,3,3>, S<2,3,3> or S<3,3,3> for 32, 64, 128 B)");
  // MN-major with K-major strides.
  auto mnAsK = deriveGmmaDesc(GmmaMajor::MN, L("((8,8),16):((64,512),1)"),
                              S(3, 3, 3), 16);
  EXPECT_FALSE(mnAsK.ok());
  // Rows that are not a multiple of 8.
  auto rows =
      deriveGmmaDesc(GmmaMajor::K, L("(12,16):(16,1)"), std::nullopt, 16);
  ASSERT_FALSE(rows.ok());
  EXPECT_NE(rows.message().find("the MN extent is 12 rows"), std::string::npos)
      << rows.message();
}
