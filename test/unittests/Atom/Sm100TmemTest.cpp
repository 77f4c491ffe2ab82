//===- Sm100TmemTest.cpp - TMEM copy atoms against CuTe's traits ----------===//
//
// Expected values: CuTe's Copy_Traits<SM100_TMEM_LOAD_{32dp32b,16dp64b,
// 16dp128b,16dp256b,16dp32b}Nx> ValID and DstLayout (in bits, TMEM::DP_b =
// 1 << 21 bits per lane), include/cute/atom/copy_traits_sm100.hpp,
// NVIDIA/cutlass 7107b05, and CuTe's UMMA::make_umma_desc for the tcgen05.cp
// source tiles.
//
//===----------------------------------------------------------------------===//
#include "cute/Atom/Sm100Tmem.h"

#include "cute/Atom/Sm100Umma.h"
#include "cute/Layout/Parse.h"

#include <gtest/gtest.h>

#include <set>

using namespace cute;
using namespace cute::atom;

namespace {

layout::Layout L(const std::string &text) {
  layout::DynamicSymbols syms;
  auto l = layout::parseLayout(text, syms);
  EXPECT_TRUE(l.ok()) << text;
  return *l;
}

constexpr int64_t kDpBits = int64_t(1) << 21;

struct CuteTraits {
  TmemLdStShape shape;
  int64_t num;
  const char *valId;     // bits
  const char *dstLayout; // bits
};

// Transcribed from copy_traits_sm100.hpp (TMEM_LOAD; TMEM_STORE's
// SrcLayout is the same layout).
const CuteTraits kTraits[] = {
    {TmemLdStShape::S32x32b, 1, "(32,32):(1,2097152)", "(32,32):(32,1)"},
    {TmemLdStShape::S32x32b, 2, "(64,32):(1,2097152)", "(32,64):(64,1)"},
    {TmemLdStShape::S32x32b, 4, "(128,32):(1,2097152)", "(32,128):(128,1)"},
    {TmemLdStShape::S32x32b, 128, "(4096,32):(1,2097152)",
     "(32,4096):(4096,1)"},
    {TmemLdStShape::S16x64b, 1, "(64,16):(1,2097152)",
     "((2,2,8),32):((512,32,64),1)"},
    {TmemLdStShape::S16x64b, 2, "(128,16):(1,2097152)",
     "((2,2,8),(32,2)):((1024,32,128),(1,64))"},
    {TmemLdStShape::S16x64b, 4, "(256,16):(1,2097152)",
     "((2,2,8),(32,4)):((2048,32,256),(1,64))"},
    {TmemLdStShape::S16x64b, 128, "(8192,16):(1,2097152)",
     "((2,2,8),(32,128)):((65536,32,8192),(1,64))"},
    {TmemLdStShape::S16x128b, 1, "(128,16):(1,2097152)",
     "((4,8),(32,2)):((32,128),(1,1024))"},
    {TmemLdStShape::S16x128b, 2, "(256,16):(1,2097152)",
     "((4,8),(32,2,2)):((32,256),(1,2048,128))"},
    {TmemLdStShape::S16x128b, 4, "(512,16):(1,2097152)",
     "((4,8),(32,2,4)):((32,512),(1,4096,128))"},
    {TmemLdStShape::S16x128b, 64, "(8192,16):(1,2097152)",
     "((4,8),(32,2,64)):((32,8192),(1,65536,128))"},
    {TmemLdStShape::S16x256b, 1, "(256,16):(1,2097152)",
     "((4,8),(64,2)):((64,256),(1,2048))"},
    {TmemLdStShape::S16x256b, 2, "(512,16):(1,2097152)",
     "((4,8),(64,2,2)):((64,512),(1,4096,256))"},
    {TmemLdStShape::S16x256b, 4, "(1024,16):(1,2097152)",
     "((4,8),(64,2,4)):((64,1024),(1,8192,256))"},
    {TmemLdStShape::S16x256b, 32, "(8192,16):(1,2097152)",
     "((4,8),(64,2,32)):((64,8192),(1,65536,256))"},
    {TmemLdStShape::S16x32bx2, 1, "(64,16):(1,2097152)",
     "((16,2),32):((64,32),1)"},
    {TmemLdStShape::S16x32bx2, 2, "(128,16):(1,2097152)",
     "((16,2),64):((128,64),1)"},
    {TmemLdStShape::S16x32bx2, 4, "(256,16):(1,2097152)",
     "((16,2),128):((256,128),1)"},
    {TmemLdStShape::S16x32bx2, 128, "(8192,16):(1,2097152)",
     "((16,2),4096):((8192,4096),1)"},
};

/// A TMEM address in bits (lane * DP_b + bit) as a 32-bit-unit offset.
int64_t unitsOfBits(int64_t bits) {
  EXPECT_EQ(bits % kDpBits % 32, 0) << bits;
  return bits / kDpBits * kTmemLaneStride + bits % kDpBits / 32;
}

} // namespace

TEST(Sm100Tmem, LayoutsAreCuTesTraitsIn32BitUnits) {
  for (const CuteTraits &c : kTraits) {
    SCOPED_TRACE(std::string(tmemLdStShapeName(c.shape)) + ".x" +
                 std::to_string(c.num));
    ASSERT_TRUE(checkTmemLdSt(c.shape, c.num).ok());
    layout::Layout valId = tmemLdStValId(c.shape, c.num);
    layout::Layout thrVal = tmemLdStThrVal(c.shape, c.num);
    layout::Layout cuteVal = L(c.valId), cuteDst = L(c.dstLayout);
    int64_t regs = tmemLdStRegs(c.shape, c.num);
    // Every value of the atom, each 32-bit unit.
    int64_t units = layout::size(valId).value();
    ASSERT_EQ(units * 32, layout::size(cuteVal).value());
    for (int64_t i = 0; i < units; ++i)
      EXPECT_EQ(valId.eval(i), unitsOfBits(cuteVal.eval(32 * i))) << i;
    ASSERT_EQ(layout::size(thrVal).value(), 32 * regs);
    ASSERT_EQ(layout::size(cuteDst).value(), 32 * 32 * regs);
    for (int t = 0; t < 32; ++t)
      for (int64_t j = 0; j < regs; ++j) {
        // CuTe's (thread, bit) index: thread t, bit 32j of its registers.
        int64_t bit = cuteDst.eval(t + 32 * 32 * j);
        EXPECT_EQ(bit % 32, 0);
        EXPECT_EQ(thrVal.eval(t + 32 * j), bit / 32) << t << "," << j;
        // Each register is 32 contiguous bits of one lane.
        EXPECT_EQ(cuteDst.eval(t + 32 * (32 * j + 31)), bit + 31);
      }
  }
}

TEST(Sm100Tmem, ClosedFormMatchesTheLayouts) {
  for (TmemLdStShape s :
       {TmemLdStShape::S32x32b, TmemLdStShape::S16x64b, TmemLdStShape::S16x128b,
        TmemLdStShape::S16x256b, TmemLdStShape::S16x32bx2})
    for (int64_t num = 1; num <= tmemLdStMaxNum(s); num *= 2) {
      layout::Layout valId = tmemLdStValId(s, num);
      layout::Layout thrVal = tmemLdStThrVal(s, num);
      int64_t regs = tmemLdStRegs(s, num);
      std::set<int64_t> seen;
      for (int t = 0; t < 32; ++t)
        for (int j = 0; j < regs; ++j) {
          int64_t off = valId.eval(thrVal.eval(t + 32 * j));
          TmemCoord c = tmemLdStCoord(s, num, t, j);
          EXPECT_EQ(off, c.lane * kTmemLaneStride + c.column)
              << tmemLdStShapeName(s) << ".x" << num << " t" << t << " r" << j;
          EXPECT_LT(c.lane, tmemLdStLanes(s));
          EXPECT_LT(c.column, tmemLdStColumns(s, num));
          seen.insert(off);
        }
      // Every TMEM word of the tile is moved exactly once.
      EXPECT_EQ(int64_t(seen.size()), 32 * regs);
      EXPECT_EQ(int64_t(seen.size()), layout::size(valId).value());
    }
}

TEST(Sm100Tmem, PtxFacts) {
  // PTX ISA, "Matrix fragments for shape .32x32b": thread t of the warp
  // accesses lane t, (32 * num) bits of it.
  for (int t = 0; t < 32; ++t)
    for (int j = 0; j < 8; ++j)
      EXPECT_EQ(tmemLdStCoord(TmemLdStShape::S32x32b, 8, t, j),
                (TmemCoord{t, j}));
  // Register counts (PTX's table of .num x shape).
  EXPECT_EQ(tmemLdStRegs(TmemLdStShape::S16x128b, 64), 128);
  EXPECT_EQ(tmemLdStRegs(TmemLdStShape::S16x256b, 32), 128);
  EXPECT_EQ(tmemLdStRegs(TmemLdStShape::S16x32bx2, 1), 1);
  // 16x32bx2: the second half-warp reads `num` columns further (CuTe
  // passes .xN's immediate offset N).
  EXPECT_EQ(tmemLdStCoord(TmemLdStShape::S16x32bx2, 4, 16, 0),
            (TmemCoord{0, 4}));
}

TEST(Sm100Tmem, NumRules) {
  EXPECT_FALSE(checkTmemLdSt(TmemLdStShape::S16x256b, 64).ok());
  EXPECT_FALSE(checkTmemLdSt(TmemLdStShape::S32x32b, 3).ok());
  EXPECT_FALSE(checkTmemLdSt(TmemLdStShape::S32x32b, 0).ok());
  EXPECT_EQ(checkTmemLdSt(TmemLdStShape::S16x128b, 128).message(),
            "num = 128; tcgen05.ld/st .16x128b repeats a power of two in "
            "[1, 64] times (.x1 .. .x64)");
}

TEST(Sm100Tmem, CopyDescriptors) {
  // 32x128b of bytes (scale factors): 32 contiguous rows of 16 bytes; core
  // matrices 128 bytes apart (SBO 8 x 16 B), interleaved (no swizzle).
  auto d = deriveTmemCpDesc(TmemCpShape::S32x128b, L("(32,16):(16,1)"),
                            std::nullopt, 8);
  ASSERT_TRUE(d.ok()) << d.message();
  EXPECT_EQ(d->layout, GmmaLayoutType::Interleave);
  EXPECT_EQ(d->sbo, 8u);
  EXPECT_EQ(d->lbo, 0u);
  // The same tile as i32.
  d = deriveTmemCpDesc(TmemCpShape::S32x128b, L("(32,4):(4,1)"), std::nullopt,
                       32);
  ASSERT_TRUE(d.ok()) << d.message();
  EXPECT_EQ(d->sbo, 8u);
  // Core matrices 256 bytes apart.
  d = deriveTmemCpDesc(TmemCpShape::S128x128b, L("((8,16),16):((16,256),1)"),
                       std::nullopt, 8);
  ASSERT_TRUE(d.ok()) << d.message();
  EXPECT_EQ(d->sbo, 16u);
  // 256-bit rows: a K-major UMMA tile of two core-matrix columns (CuTe:
  // INTERLEAVE ((8,m),(T,2)):((1T,SBO),(1,LBO))), e.g. LBO 128 B, SBO 256 B.
  d = deriveTmemCpDesc(TmemCpShape::S128x256b,
                       L("((8,16),(16,2)):((16,256),(1,128))"), std::nullopt,
                       8);
  ASSERT_TRUE(d.ok()) << d.message();
  EXPECT_EQ(d->lbo, 8u);
  EXPECT_EQ(d->sbo, 16u);
  EXPECT_EQ(encodeUmmaSmemDesc(*d, 0x400) >> 46 & 3, 1u); // version 1
  // Rows that are not contiguous 16-byte rows, wrong shapes, swizzles.
  d = deriveTmemCpDesc(TmemCpShape::S32x128b, L("(32,16):(32,1)"), std::nullopt,
                       8);
  ASSERT_FALSE(d.ok());
  EXPECT_EQ(d.message(),
            "tcgen05.cp .32x128b: rows of the tile \"(32,16):(32,1)\" are 32 "
            "bytes apart; a core matrix is 8 contiguous 16-byte rows");
  d = deriveTmemCpDesc(TmemCpShape::S32x128b, L("(64,16):(16,1)"), std::nullopt,
                       8);
  ASSERT_FALSE(d.ok());
  EXPECT_EQ(d.message(), "tcgen05.cp .32x128b reads a shared-memory tile of "
                         "shape (32,16) (32 rows of 16 bytes), got "
                         "\"(64,16):(16,1)\"");
  EXPECT_FALSE(deriveTmemCpDesc(TmemCpShape::S32x128b, L("(32,16):(16,1)"),
                                layout::Swizzle(1, 4, 3), 8)
                   .ok());
  EXPECT_TRUE(checkTmemCp(TmemCpShape::S32x128b, TmemCpMulticast::Warpx4).ok());
  EXPECT_EQ(checkTmemCp(TmemCpShape::S32x128b, TmemCpMulticast::None).message(),
            "tcgen05.cp .32x128b takes multicast warpx4, got none");
  EXPECT_FALSE(
      checkTmemCp(TmemCpShape::S128x256b, TmemCpMulticast::Warpx4).ok());
  EXPECT_TRUE(
      checkTmemCp(TmemCpShape::S64x128b, TmemCpMulticast::Warpx2_01_23).ok());
}
