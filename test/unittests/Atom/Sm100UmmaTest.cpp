//===- Sm100UmmaTest.cpp - tcgen05 descriptors against CuTe ---------------===//
//
// Expected values: CuTe's UMMA::make_instr_desc / make_instr_desc_block_scaled
// and UMMA::make_umma_desc on tile_to_shape(UMMA::Layout_*_Atom<half_t>)
// K-block-0 slices (host code, NVIDIA/cutlass 7107b05; start address 0).
//
//===----------------------------------------------------------------------===//
#include "cute/Atom/Sm100Umma.h"

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

uint32_t instr(UmmaInstr i) {
  auto d = makeUmmaInstrDesc(i);
  EXPECT_TRUE(d.ok()) << d.message();
  return d.ok() ? *d : 0;
}

UmmaInstr make(UmmaKind k, UmmaType a, UmmaType b, UmmaAccum c, int m, int n,
               bool aMN = false, bool bMN = false) {
  UmmaInstr i;
  i.kind = k, i.a = a, i.b = b, i.accum = c, i.m = m, i.n = n;
  i.aMajorMN = aMN, i.bMajorMN = bMN;
  if (m == 256)
    i.ctaGroup = 2;
  return i;
}

} // namespace

TEST(Sm100Umma, InstructionDescriptorsMatchCuTe) {
  using K = UmmaKind;
  using T = UmmaType;
  using C = UmmaAccum;
  EXPECT_EQ(instr(make(K::F16, T::F16, T::F16, C::F32, 128, 256)), 0x8400010u);
  EXPECT_EQ(instr(make(K::F16, T::BF16, T::BF16, C::F32, 64, 128, true)),
            0x4208490u);
  EXPECT_EQ(instr(make(K::F16, T::F16, T::F16, C::F16, 128, 64, false, true)),
            0x8110000u);
  EXPECT_EQ(instr(make(K::TF32, T::TF32, T::TF32, C::F32, 128, 128)),
            0x8200910u);
  EXPECT_EQ(instr(make(K::F8F6F4, T::E4M3, T::E5M2, C::F32, 256, 256)),
            0x10400410u);
  EXPECT_EQ(instr(make(K::F8F6F4, T::E4M3, T::E4M3, C::F16, 128, 192)),
            0x8300000u);
}

TEST(Sm100Umma, BlockScaledDescriptorsMatchCuTe) {
  using K = UmmaKind;
  using T = UmmaType;
  UmmaInstr mx8 = make(K::MXF8F6F4, T::E4M3, T::E4M3, UmmaAccum::F32, 128, 256);
  EXPECT_EQ(instr(mx8), 0x8c00000u);
  UmmaInstr mx4 = make(K::MXF4, T::E2M1, T::E2M1, UmmaAccum::F32, 128, 128);
  EXPECT_EQ(instr(mx4), 0x8a00480u);
  UmmaInstr nv4 = make(K::MXF4NVF4, T::E2M1, T::E2M1, UmmaAccum::F32, 256, 256);
  nv4.scale = UmmaScale::UE4M3;
  EXPECT_EQ(instr(nv4), 0x10400480u);
  // The trap: E2M1 under kind::mxf8f6f4 is format 5, not 1.
  UmmaInstr e2m1x8 =
      make(K::MXF8F6F4, T::E2M1, T::E2M1, UmmaAccum::F32, 128, 128);
  EXPECT_EQ(instr(e2m1x8), 0x8a01680u);
}

TEST(Sm100Umma, SmemDescriptorsMatchCuTe) {
  struct Case {
    GmmaMajor major;
    const char *slice;
    std::optional<layout::Swizzle> swizzle;
    uint64_t desc;
  } cases[] = {
      {GmmaMajor::K, "((8,16),16):((64,512),1)", layout::Swizzle(3, 3, 3),
       0x4000404000010000ull},
      {GmmaMajor::K, "((8,16),16):((32,256),1)", layout::Swizzle(2, 3, 3),
       0x8000402000010000ull},
      {GmmaMajor::K, "((8,16),16):((16,128),1)", layout::Swizzle(1, 3, 3),
       0xc000401000010000ull},
      {GmmaMajor::K, "((8,16),(8,2)):((8,64),(1,1024))", std::nullopt,
       0x400800800000ull},
      {GmmaMajor::MN, "((64,2),(8,2)):((1,2048),(64,512))",
       layout::Swizzle(3, 3, 3), 0x4000404001000000ull},
  };
  for (const Case &c : cases) {
    auto f = deriveGmmaDesc(c.major, L(c.slice), c.swizzle, 16);
    ASSERT_TRUE(f.ok()) << c.slice << ": " << f.message();
    EXPECT_EQ(encodeUmmaSmemDesc(*f, 0), c.desc) << c.slice;
  }
}

// Packed e2m1 (kind::mxf4/mxf4nvf4): a K block of 64 elements is 32 bytes,
// so a 128-byte swizzled K-major tile has the bytes, and the descriptor, of
// the 16-bit case above (hand-derived: SBO = 8 rows x 128 B = 64 units).
TEST(Sm100Umma, PackedFp4SmemDescriptors) {
  auto sw128 = deriveGmmaDesc(GmmaMajor::K, L("((8,16),64):((256,2048),1)"),
                              layout::Swizzle(3, 5, 3), 4);
  ASSERT_TRUE(sw128.ok()) << sw128.message();
  EXPECT_EQ(encodeUmmaSmemDesc(*sw128, 0), 0x4000404000010000ull);
  // 32-byte swizzle: rows of 32 bytes (64 e2m1), SBO = 256 B = 16 units.
  auto sw32 = deriveGmmaDesc(GmmaMajor::K, L("((8,16),64):((64,512),1)"),
                             layout::Swizzle(1, 5, 3), 4);
  ASSERT_TRUE(sw32.ok()) << sw32.message();
  EXPECT_EQ(encodeUmmaSmemDesc(*sw32, 0), 0xc000401000010000ull);
  // The 16-bit swizzle on 4-bit elements is not a chunk swizzle.
  auto wrong = deriveGmmaDesc(GmmaMajor::K, L("((8,16),64):((256,2048),1)"),
                              layout::Swizzle(3, 4, 3), 4);
  ASSERT_FALSE(wrong.ok());
  EXPECT_NE(wrong.message().find("S<3,5,3>"), std::string::npos)
      << wrong.message();
}

// SWIZZLE_128B_BASE32B (CuTe's Sw<2,5,2>, S<2,3,2> on f32), MN-major:
// make_umma_desc<Major::MN> (NVIDIA/cutlass 7107b05, mma_sm100_desc.hpp)
// divides the tile in 16-byte units by (8, 4) and takes LBO = stride<0,1>,
// SBO = stride<1,1>, requiring stride<0,0> = 1 and stride<1,0> = 8. The
// tile is what CuTe's tile_to_mma_shape(Layout_MN_SW128_32B_Atom<float>,
// ((128,8),1,4)) gives for one MMA: ((32,4),(4,2)):((1,128),(32,512)) in
// f32, i.e. ((8,4),(4,2)):((1,32),(8,128)) in 16-byte units: LBO = 32
// units (512 B), SBO = 128 units (2048 B), layout type 1 at [61,64),
// version 1 at bit 46 (hand-derived).
TEST(Sm100Umma, Base32BSwizzleMnMajor) {
  auto f = deriveGmmaDesc(GmmaMajor::MN, L("((32,4),(4,2)):((1,128),(32,512))"),
                          layout::Swizzle(2, 3, 2), 32);
  ASSERT_TRUE(f.ok()) << f.message();
  EXPECT_EQ(f->layout, GmmaLayoutType::B128Base32B);
  EXPECT_EQ(f->lbo, 32u);
  EXPECT_EQ(f->sbo, 128u);
  EXPECT_EQ(encodeUmmaSmemDesc(*f, 0),
            (uint64_t(1) << 61) | (uint64_t(1) << 46) | (uint64_t(128) << 32) |
                (uint64_t(32) << 16));
  // K-major has no 32-byte-atom form (CuTe: "invalid for Major-K").
  auto k = deriveGmmaDesc(GmmaMajor::K, L("(128,8):(8,1)"),
                          layout::Swizzle(2, 3, 2), 32);
  ASSERT_FALSE(k.ok());
  EXPECT_NE(k.message().find("describes MN-major operands only"),
            std::string::npos)
      << k.message();
  // A column-major (128,8) tile is not the atom's layout: K rows 512 B
  // apart where the atom has 128 B (8 units).
  auto cm = deriveGmmaDesc(GmmaMajor::MN, L("(128,8):(1,128)"),
                           layout::Swizzle(2, 3, 2), 32);
  ASSERT_FALSE(cm.ok());
  EXPECT_NE(cm.message().find("stride is 32 where it must be 8"),
            std::string::npos)
      << cm.message();
}

TEST(Sm100Umma, RejectsIllegalInstructions) {
  using K = UmmaKind;
  using T = UmmaType;
  EXPECT_TRUE(
      makeUmmaInstrDesc(make(K::F16, T::F16, T::F16, UmmaAccum::F32, 128, 40))
          .ok());
  auto n36 =
      makeUmmaInstrDesc(make(K::F16, T::F16, T::F16, UmmaAccum::F32, 128, 36));
  ASSERT_FALSE(n36.ok());
  EXPECT_EQ(n36.message(), "tcgen05.mma kind::f16 with M = 128 needs N a "
                           "multiple of 8 in [8, 256], got 36");
  auto pairN40 = make(K::F16, T::F16, T::F16, UmmaAccum::F32, 256, 40);
  pairN40.ctaGroup = 2;
  ASSERT_FALSE(makeUmmaInstrDesc(pairN40).ok());
  EXPECT_EQ(makeUmmaInstrDesc(pairN40).message(),
            "tcgen05.mma kind::f16 with M = 256 needs N a multiple of 16 in "
            "[16, 256], got 40");
  // Block-scaled on a CTA pair: M = 256, and 128 too for the FP4 kinds.
  auto mx4Pair = make(K::MXF4, T::E2M1, T::E2M1, UmmaAccum::F32, 128, 128);
  mx4Pair.ctaGroup = 2;
  EXPECT_TRUE(makeUmmaInstrDesc(mx4Pair).ok());
  auto mx8Pair = make(K::MXF8F6F4, T::E4M3, T::E4M3, UmmaAccum::F32, 128, 128);
  mx8Pair.ctaGroup = 2;
  ASSERT_FALSE(makeUmmaInstrDesc(mx8Pair).ok());
  EXPECT_EQ(makeUmmaInstrDesc(mx8Pair).message(),
            "tcgen05.mma kind::mxf8f6f4 with cta_group::2 takes M = 256, got "
            "128");
  auto m256 = make(K::F16, T::F16, T::F16, UmmaAccum::F32, 256, 128);
  m256.ctaGroup = 1;
  auto e = makeUmmaInstrDesc(m256);
  ASSERT_FALSE(e.ok());
  EXPECT_EQ(e.message(), "tcgen05.mma kind::f16 with cta_group::1 takes M = "
                         "64 or 128, got 256");
  auto f8InF16 = makeUmmaInstrDesc(
      make(K::F16, T::E4M3, T::E4M3, UmmaAccum::F32, 128, 128));
  ASSERT_FALSE(f8InF16.ok());
  EXPECT_EQ(f8InF16.message(),
            "tcgen05.mma kind::f16 does not take e4m3 operands");
  auto fp4MN = makeUmmaInstrDesc(
      make(K::MXF4, T::E2M1, T::E2M1, UmmaAccum::F32, 128, 128, true));
  EXPECT_FALSE(fp4MN.ok());
  auto mx4Ue4m3 = make(K::MXF4, T::E2M1, T::E2M1, UmmaAccum::F32, 128, 128);
  mx4Ue4m3.scale = UmmaScale::UE4M3;
  EXPECT_FALSE(makeUmmaInstrDesc(mx4Ue4m3).ok());
}
