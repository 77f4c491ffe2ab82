//===- Sm90GmmaRsTest.cpp - Register-A wgmma layouts and conversions ------===//
//
// The RS atoms' A layouts against CuTe's printed GMMA::ALayout_64x16 /
// ALayout_64x32 (NVIDIA/cutlass 7107b05, mma_traits_sm90_gmma.hpp) and,
// independently, against the PTX ISA's register fragments for wgmma
// .m64nNk16 / .m64nNk32 A; then the accumulator -> A conversion: the
// sources derived from the layouts, and the 8-bit shuffle/prmt recipe run on
// 128 simulated lanes against those sources.
//
//===----------------------------------------------------------------------===//
#include "cute/Atom/Sm90GmmaRs.h"
#include "cute/Atom/MmaAtoms.h"

#include <gtest/gtest.h>

#include <array>
#include <set>

using namespace cute;
using namespace cute::atom;

namespace {

int64_t eval(const layout::Layout &l, int64_t idx) {
  return l(layout::IntTuple(idx)).value().value();
}

MmaAtomLayouts get(MmaAtomKind k, int64_t n) {
  auto r = mmaAtomLayouts(k, n);
  EXPECT_TRUE(r.ok()) << r.message();
  return r.ok() ? *r : MmaAtomLayouts{};
}

} // namespace

TEST(WgmmaRs, LayoutsMatchCuTe) {
  MmaAtomLayouts a = get(MmaAtomKind::Sm90_64xNx16_RS, 128);
  EXPECT_EQ(a.name, "SM90_64x128x16_F32F16F16_RS");
  EXPECT_EQ(a.thr.str(), "128:1");
  EXPECT_EQ(a.a.str(), "((4,8,4),(2,2,2)):((128,1,16),(64,8,512))");
  EXPECT_EQ(a.b.str(), "(128,(128,16)):(0,(1,128))");
  EXPECT_EQ(a.c.str(), "((4,8,4),(2,2,16)):((128,1,16),(64,8,512))");
  MmaAtomLayouts f8 = get(MmaAtomKind::Sm90_64xNx32_RS, 64);
  EXPECT_EQ(f8.name, "SM90_64x64x32_F32E4M3E4M3_RS_TN");
  EXPECT_EQ(f8.a.str(), "((4,8,4),(4,2,2)):((256,1,16),(64,8,1024))");
  EXPECT_EQ(f8.b.str(), "(128,(64,32)):(0,(1,64))");
  EXPECT_EQ(f8.c.str(), "((4,8,4),(2,2,8)):((128,1,16),(64,8,512))");
  EXPECT_FALSE(mmaAtomLayouts(MmaAtomKind::Sm90_64xNx16_RS, 12).ok());
}

TEST(WgmmaRs, ALayoutsMatchPtxFragments) {
  // ISA: warp w holds rows 16w..16w+15; register j of the four holds
  // 32 / bits elements e: row 16w + lane/4 + 8 (j % 2), column
  // (j / 2) K/2 + (lane % 4) (32 / bits) + e.
  for (unsigned bits : {16u, 8u}) {
    int64_t k = rsWgmmaK(bits), perReg = 32 / bits;
    MmaAtomLayouts a = get(bits == 16 ? MmaAtomKind::Sm90_64xNx16_RS
                                      : MmaAtomKind::Sm90_64xNx32_RS,
                           8);
    std::set<int64_t> seen;
    for (int64_t t = 0; t < 128; ++t)
      for (int64_t v = 0; v < k / 2; ++v) {
        int64_t j = v / perReg, e = v % perReg, w = t / 32, l = t % 32;
        int64_t row = 16 * w + l / 4 + 8 * (j % 2);
        int64_t col = (j / 2) * (k / 2) + (l % 4) * perReg + e;
        int64_t off = eval(a.a, t + 128 * v);
        ASSERT_EQ(off, row + 64 * col)
            << bits << "-bit: thread " << t << " value " << v;
        seen.insert(off);
      }
    EXPECT_EQ(int64_t(seen.size()), 64 * k) << bits << "-bit";
  }
}

TEST(WgmmaRs, SixteenBitOperandIsTheAccumulator) {
  for (int64_t n : {16, 64, 256})
    for (int64_t kb = 0; kb < n / 16; ++kb) {
      auto src = rsOperandSources(16, n, kb);
      ASSERT_TRUE(src.ok()) << src.message();
      for (int64_t t = 0; t < 128; ++t)
        for (int64_t a = 0; a < 8; ++a)
          ASSERT_EQ((*src)[size_t(t * 8 + a)],
                    (AccumulatorElement{t, 8 * kb + a}))
              << "N " << n << " K block " << kb << " thread " << t << " value "
              << a;
    }
}

TEST(WgmmaRs, EightBitOperandNeedsTheQuad) {
  // The 8-bit A values come from the other lanes of the quad: no
  // permutation inside a thread gives them (the reason for the shuffles).
  auto src = rsOperandSources(8, 32, 0);
  ASSERT_TRUE(src.ok()) << src.message();
  int64_t foreign = 0;
  for (int64_t t = 0; t < 128; ++t)
    for (int64_t a = 0; a < 16; ++a) {
      AccumulatorElement e = (*src)[size_t(t * 16 + a)];
      ASSERT_EQ(e.thread / 4, t / 4) << "thread " << t << " value " << a;
      foreign += e.thread != t;
    }
  // Quad lanes 0 and 3 keep half of their bytes, lanes 1 and 2 none.
  EXPECT_EQ(foreign, 128 * 16 * 3 / 4);
}

TEST(WgmmaRs, EightBitRecipeGivesTheOperand) {
  // Run the recipe on 128 lanes whose accumulator bytes are tagged with
  // their (thread, value); every A byte must carry the tag the layouts say.
  using Tag = AccumulatorElement;
  using Word = std::array<Tag, 4>;
  for (int64_t n : {32, 128, 256})
    for (int64_t kb = 0; kb < n / 32; ++kb) {
      auto src = rsOperandSources(8, n, kb);
      ASSERT_TRUE(src.ok()) << src.message();
      for (int h = 0; h < 2; ++h) {
        // words[t][0] = E, words[t][1] = O of row half h.
        std::vector<std::array<Word, 2>> words(128);
        for (int64_t t = 0; t < 128; ++t)
          for (int w = 0; w < 2; ++w)
            for (int half = 0; half < 2; ++half)
              for (int hi = 0; hi < 2; ++hi) {
                int g = w + 2 * half;
                words[size_t(t)][size_t(w)][size_t(2 * half + hi)] = {
                    t, 16 * kb + rsF8PairValue(g, h, hi)};
              }
        for (int64_t t = 0; t < 128; ++t) {
          int q = int(t % 4);
          Word xy[2];
          for (int s = 0; s < 2; ++s) {
            int64_t from = t - q + rsF8SourceLane(q, s);
            xy[s] = words[size_t(from)][size_t(rsF8SentWord(int(from % 4), s))];
          }
          for (int u = 0; u < 2; ++u) {
            uint32_t sel = rsF8Selector(q, u);
            for (int byte = 0; byte < 4; ++byte) {
              unsigned pick = (sel >> (4 * byte)) & 7;
              Tag got = xy[pick / 4][pick % 4];
              int64_t a = 4 * (h + 2 * u) + byte;
              ASSERT_EQ(got, (*src)[size_t(t * 16 + a)])
                  << "N " << n << " K block " << kb << " thread " << t
                  << " A value " << a << ": got (" << got.thread << ", "
                  << got.value << ")";
            }
          }
        }
      }
    }
}

TEST(WgmmaRs, RejectsWhatTheInstructionLacks) {
  auto tf32 = rsOperandSources(32, 64, 0);
  ASSERT_FALSE(tf32.ok());
  EXPECT_NE(tf32.message().find("16- or 8-bit"), std::string::npos);
  auto n = rsOperandSources(8, 48, 0);
  ASSERT_FALSE(n.ok());
  EXPECT_NE(n.message().find("N = 48"), std::string::npos);
}
