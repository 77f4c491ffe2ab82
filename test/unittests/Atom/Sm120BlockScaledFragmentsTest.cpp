//===- Sm120BlockScaledFragmentsTest.cpp - block_scale registers vs PTX ---===//
//
// The packers derive placement from the atoms' thread-value layouts; these
// tests check the registers with the PTX ISA 9.0 formulas written out
// independently (section 9.7.14.5.10/11, "Matrix Fragments for
// mma.m16n8k32 / m16n8k64", elements low to high; 9.7.14.3 "Block Scaling
// for mma.sync" for the scale selectors: thread-id-a picks the lane pair
// lane % 4 in {2 tid, 2 tid + 1}, thread-id-b the lane lane % 4 == tid; the
// row of an SFA lane is groupID + 8 (lane % 2)), and that the warp-wide
// unpackers invert the packers.
//
//===----------------------------------------------------------------------===//
#include "cute/Atom/Sm120BlockScaledFragments.h"

#include <gtest/gtest.h>

#include <random>

using namespace cute;
using namespace cute::atom;

namespace {

MmaAtomLayouts atomOf(MmaAtomKind k, int vs) {
  auto r = mmaAtomLayouts(k, 0, vs);
  EXPECT_TRUE(r.ok()) << r.message();
  return r.ok() ? *r : MmaAtomLayouts{};
}

std::vector<uint8_t> randomCodes(size_t n, unsigned bits, uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<uint8_t> v(n);
  for (auto &c : v)
    c = uint8_t(rng() & ((1u << bits) - 1));
  return v;
}

int group(int lane) { return lane / 4; }
int tig(int lane) { return lane % 4; }

const NarrowFloatKind kF8F6F4[] = {
    NarrowFloatKind::F4E2M1FN, NarrowFloatKind::F6E2M3FN,
    NarrowFloatKind::F6E3M2FN, NarrowFloatKind::F8E4M3FN,
    NarrowFloatKind::F8E5M2};

unsigned codeBits(NarrowFloatKind k) { return narrowFloatFormat(k).bits; }

} // namespace

TEST(Sm120Fragments, ElementBitsFromTheLayouts) {
  EXPECT_EQ(
      *sm120ElementBits(atomOf(MmaAtomKind::Sm120_16x8x64_BlockScaled, 16)),
      4u);
  EXPECT_EQ(
      *sm120ElementBits(atomOf(MmaAtomKind::Sm120_16x8x32_BlockScaled, 32)),
      8u);
  auto f16 = sm120ElementBits(*mmaAtomLayouts(MmaAtomKind::Sm80_16x8x16));
  ASSERT_FALSE(f16.ok());
  EXPECT_EQ(f16.message(), "SM80_16x8x16_F32F16F16F32_TN is not an sm_120a "
                           "block-scaled mma.sync atom (m16n8k64 or m16n8k32)");
}

TEST(Sm120Fragments, M16n8k64OperandsMatchPtx) {
  MmaAtomLayouts atom = atomOf(MmaAtomKind::Sm120_16x8x64_BlockScaled, 32);
  std::vector<uint8_t> a = randomCodes(16 * 64, 4, 1),
                       b = randomCodes(8 * 64, 4, 2);
  PerLane<Sm120ARegs> ar;
  PerLane<Sm120BRegs> br;
  for (int l = 0; l < 32; ++l) {
    ar[l] = *packSm120A(atom, NarrowFloatKind::F4E2M1FN, a.data(), l);
    br[l] = *packSm120B(atom, NarrowFloatKind::F4E2M1FN, b.data(), l);
    // a_i: register i / 8, nibble i % 8; row groupID (+8 for 8 <= i < 16
    // and i >= 24), col tig * 8 + (i & 7) (+32 for i >= 16).
    for (int i = 0; i < 32; ++i) {
      int row = group(l) + ((i >= 8 && i < 16) || i >= 24 ? 8 : 0);
      int col = tig(l) * 8 + (i & 7) + (i >= 16 ? 32 : 0);
      EXPECT_EQ((ar[l][i / 8] >> (4 * (i % 8))) & 0xF, a[row * 64 + col])
          << "lane " << l << " a" << i;
    }
    // b_i: k = tig * 8 + (i & 7) (+32 for i >= 8), n = groupID.
    for (int i = 0; i < 16; ++i) {
      int k = tig(l) * 8 + (i & 7) + (i >= 8 ? 32 : 0);
      EXPECT_EQ((br[l][i / 8] >> (4 * (i % 8))) & 0xF, b[group(l) * 64 + k])
          << "lane " << l << " b" << i;
    }
  }
  EXPECT_EQ(*unpackSm120A(atom, NarrowFloatKind::F4E2M1FN, ar), a);
  EXPECT_EQ(*unpackSm120B(atom, NarrowFloatKind::F4E2M1FN, br), b);
}

TEST(Sm120Fragments, M16n8k32OperandsMatchPtxContainers) {
  MmaAtomLayouts atom = atomOf(MmaAtomKind::Sm120_16x8x32_BlockScaled, 32);
  uint32_t seed = 10;
  for (NarrowFloatKind kind : kF8F6F4) {
    SCOPED_TRACE(narrowFloatFormat(kind).name);
    std::vector<uint8_t> a = randomCodes(16 * 32, codeBits(kind), ++seed);
    std::vector<uint8_t> b = randomCodes(8 * 32, codeBits(kind), ++seed);
    // The 8-bit container: e2m1 in the central bits [2, 6), f6 in [0, 6),
    // f8 as is.
    auto container = [&](uint8_t code) {
      return kind == NarrowFloatKind::F4E2M1FN ? uint32_t(code) << 2
                                               : uint32_t(code);
    };
    PerLane<Sm120ARegs> ar;
    PerLane<Sm120BRegs> br;
    for (int l = 0; l < 32; ++l) {
      ar[l] = *packSm120A(atom, kind, a.data(), l);
      br[l] = *packSm120B(atom, kind, b.data(), l);
      // a_i: register i / 4, byte i % 4; row groupID (+8 for 4 <= i < 8
      // and i >= 12), col tig * 4 + (i & 3) (+16 for i >= 8).
      for (int i = 0; i < 16; ++i) {
        int row = group(l) + ((i >= 4 && i < 8) || i >= 12 ? 8 : 0);
        int col = tig(l) * 4 + (i & 3) + (i >= 8 ? 16 : 0);
        EXPECT_EQ((ar[l][i / 4] >> (8 * (i % 4))) & 0xFF,
                  container(a[row * 32 + col]))
            << "lane " << l << " a" << i;
      }
      // b_i: k = tig * 4 + (i & 3) (+16 for i >= 4), n = groupID.
      for (int i = 0; i < 8; ++i) {
        int k = tig(l) * 4 + (i & 3) + (i >= 4 ? 16 : 0);
        EXPECT_EQ((br[l][i / 4] >> (8 * (i % 4))) & 0xFF,
                  container(b[group(l) * 32 + k]))
            << "lane " << l << " b" << i;
      }
    }
    EXPECT_EQ(*unpackSm120A(atom, kind, ar), a);
    EXPECT_EQ(*unpackSm120B(atom, kind, br), b);
  }
}

namespace {

/// Every selector PTX's Table 37 allows: the scale registers hold row m's
/// (column n's) vector j in byte byteId + j of the lane the selector picks.
void checkScales(MmaAtomKind kind, int vs, std::vector<unsigned> byteIds) {
  MmaAtomLayouts atom = atomOf(kind, vs);
  int vectors = int(atom.k) / vs;
  std::vector<uint8_t> sfa = randomCodes(16 * size_t(vectors), 8, 100 + vs);
  std::vector<uint8_t> sfb = randomCodes(8 * size_t(vectors), 8, 200 + vs);
  for (unsigned byteId : byteIds) {
    PerLane<uint32_t> ra, rb;
    for (int l = 0; l < 32; ++l) {
      ra[l] = *packSm120ScaleA(atom, sfa.data(), l, byteId);
      rb[l] = *packSm120ScaleB(atom, sfb.data(), l, byteId);
      // Bytes outside the selected ones stay zero.
      for (int byte = 0; byte < 4; ++byte)
        if (byte < int(byteId) || byte >= int(byteId) + vectors) {
          EXPECT_EQ((ra[l] >> (8 * byte)) & 0xFF, 0u);
          EXPECT_EQ((rb[l] >> (8 * byte)) & 0xFF, 0u);
        }
    }
    auto byteOf = [&](uint32_t reg, int j) {
      return (reg >> (8 * (byteId + unsigned(j)))) & 0xFF;
    };
    for (unsigned tid = 0; tid < 2; ++tid) {
      for (int m = 0; m < 16; ++m)
        for (int j = 0; j < vectors; ++j)
          EXPECT_EQ(byteOf(ra[4 * (m % 8) + 2 * tid + m / 8], j),
                    sfa[m * vectors + j])
              << "SFA row " << m << " vector " << j << " thread-id " << tid;
      EXPECT_EQ(*unpackSm120ScaleA(atom, ra, byteId, tid), sfa);
    }
    for (unsigned tid = 0; tid < 4; ++tid) {
      for (int n = 0; n < 8; ++n)
        for (int j = 0; j < vectors; ++j)
          EXPECT_EQ(byteOf(rb[4 * n + tid], j), sfb[n * vectors + j])
              << "SFB column " << n << " vector " << j << " thread-id " << tid;
      EXPECT_EQ(*unpackSm120ScaleB(atom, rb, byteId, tid), sfb);
    }
  }
}

} // namespace

TEST(Sm120Fragments, ScaleRegistersMatchPtxSelectors) {
  checkScales(MmaAtomKind::Sm120_16x8x64_BlockScaled, 32, {0, 2}); // 2X
  checkScales(MmaAtomKind::Sm120_16x8x64_BlockScaled, 16, {0});    // 4X
  checkScales(MmaAtomKind::Sm120_16x8x32_BlockScaled, 32, {0, 1, 2, 3});
}

TEST(Sm120Fragments, AccumulatorMatchesPtx) {
  MmaAtomLayouts atom = atomOf(MmaAtomKind::Sm120_16x8x64_BlockScaled, 16);
  std::vector<float> c(16 * 8), back(16 * 8, -1.0f);
  for (size_t i = 0; i < c.size(); ++i)
    c[i] = float(i) + 0.25f;
  for (int l = 0; l < 32; ++l) {
    Sm120Accumulator r = *packSm120Accumulator(atom, c.data(), l);
    // c_i: row groupID (+8 for i >= 2), col tig * 2 + (i & 1).
    for (int i = 0; i < 4; ++i)
      EXPECT_EQ(r[i], c[(group(l) + 8 * (i / 2)) * 8 + tig(l) * 2 + (i & 1)]);
    ASSERT_TRUE(unpackSm120Accumulator(atom, r, l, back.data()).ok());
  }
  EXPECT_EQ(back, c);
}

TEST(Sm120Fragments, RejectsWhatPtxRejects) {
  MmaAtomLayouts k64 = atomOf(MmaAtomKind::Sm120_16x8x64_BlockScaled, 32);
  MmaAtomLayouts k16 = atomOf(MmaAtomKind::Sm120_16x8x64_BlockScaled, 16);
  MmaAtomLayouts k32 = atomOf(MmaAtomKind::Sm120_16x8x32_BlockScaled, 32);
  std::vector<uint8_t> tile(16 * 64, 0);
  auto e4m3 = packSm120A(k64, NarrowFloatKind::F8E4M3FN, tile.data(), 0);
  ASSERT_FALSE(e4m3.ok());
  EXPECT_EQ(e4m3.message(),
            "m16n8k64 block_scale operands are f4E2M1FN, not f8E4M3FN");
  auto scale = packSm120A(k32, NarrowFloatKind::F8E8M0FNU, tile.data(), 0);
  ASSERT_FALSE(scale.ok());
  EXPECT_EQ(scale.message(), "f8E8M0FNU is not an mxf8f6f4 element format");
  auto lane = packSm120B(k32, NarrowFloatKind::F8E4M3FN, tile.data(), 32);
  ASSERT_FALSE(lane.ok());
  EXPECT_EQ(lane.message(), "lane 32 is outside the warp (0 .. 31)");
  auto byte1 = packSm120ScaleA(k64, tile.data(), 0, 1);
  ASSERT_FALSE(byte1.ok());
  EXPECT_EQ(byte1.message(), "byte-id 1 with 2 scale vectors per row "
                             "(scale_vec::2X); PTX allows 0 or 2");
  EXPECT_FALSE(packSm120ScaleB(k16, tile.data(), 0, 2).ok());
  EXPECT_FALSE(packSm120ScaleA(k32, tile.data(), 0, 4).ok());
  PerLane<uint32_t> regs{};
  auto tidA = unpackSm120ScaleA(k64, regs, 0, 2);
  ASSERT_FALSE(tidA.ok());
  EXPECT_EQ(tidA.message(), "thread-id-a 2; PTX allows 0 .. 1");
  auto tidB = unpackSm120ScaleB(k64, regs, 0, 4);
  ASSERT_FALSE(tidB.ok());
  EXPECT_EQ(tidB.message(), "thread-id-b 4; PTX allows 0 .. 3");
}
