//===- MmaAtomsTest.cpp - MMA atom layouts against CuTe and the PTX ISA ---===//
//
// Two independent checks per atom: the layouts print exactly as CuTe prints
// its MMA_Traits (values printed by CuTe host code from NVIDIA/cutlass
// 7107b05, include/cute/atom/mma_traits_sm80.hpp, mma_traits_sm90_gmma.hpp,
// mma_traits_sm120.hpp), and every (thread, value) lands on the element the
// PTX ISA's fragment tables give that lane and register element
// (mma.m16n8k8/k16 f16, wgmma m64nNk16/k32 accumulators, mma.m16n8k64 e2m1
// and m16n8k32 e4m3 block_scale with their scale-factor selectors). Every
// layout must also cover its tile exactly once per thread-value pair.
//
//===----------------------------------------------------------------------===//
#include "cute/Atom/MmaAtoms.h"

#include <gtest/gtest.h>

#include <functional>
#include <set>

using namespace cute;
using namespace cute::atom;

namespace {

int64_t eval(const layout::Layout &l, int64_t idx) {
  return l(layout::IntTuple(idx)).value().value();
}

int64_t modeSize(const layout::Layout &l, int mode) {
  return layout::size(l[size_t(mode)]).value();
}

/// (thread, value) -> (row, col) of a rows x cols tile, column-major.
using Expect =
    std::function<std::pair<int64_t, int64_t>(int64_t lane, int64_t value)>;

/// Every (thread, value) of `tv` lands on `expect`'s element.
void checkTv(const layout::Layout &tv, int64_t rows, int64_t cols,
             const Expect &expect, const char *what) {
  int64_t threads = modeSize(tv, 0), values = modeSize(tv, 1);
  for (int64_t t = 0; t < threads; ++t)
    for (int64_t v = 0; v < values; ++v) {
      int64_t off = eval(tv, t + threads * v);
      auto [r, c] = expect(t, v);
      ASSERT_EQ(off, r + rows * c) << what << ": thread " << t << " value " << v
                                   << " expected (" << r << ", " << c << ")";
    }
  (void)cols;
}

/// A thread-value layout that covers a rows x cols tile exactly once.
void checkBijective(const layout::Layout &tv, int64_t rows, int64_t cols,
                    const char *what) {
  int64_t threads = modeSize(tv, 0), values = modeSize(tv, 1);
  ASSERT_EQ(threads * values, rows * cols) << what;
  std::set<int64_t> seen;
  for (int64_t i = 0; i < threads * values; ++i)
    seen.insert(eval(tv, i));
  EXPECT_EQ(int64_t(seen.size()), rows * cols) << what;
  EXPECT_EQ(*seen.begin(), 0) << what;
  EXPECT_EQ(*seen.rbegin(), rows * cols - 1) << what;
}

MmaAtomLayouts get(MmaAtomKind k, int64_t n = 0, int vs = 0) {
  auto r = mmaAtomLayouts(k, n, vs);
  EXPECT_TRUE(r.ok()) << r.message();
  return r.ok() ? *r : MmaAtomLayouts{};
}

// PTX ISA fragment tables: groupID = lane / 4, threadID_in_group = lane % 4.
int64_t group(int64_t lane) { return lane / 4; }
int64_t tig(int64_t lane) { return lane % 4; }

/// The m16n8 accumulator (c0..c3), also mma.m16n8k64/k32 block_scale's.
std::pair<int64_t, int64_t> accM16N8(int64_t l, int64_t i) {
  return {group(l) + 8 * (i / 2), tig(l) * 2 + (i & 1)};
}

} // namespace

TEST(MmaAtoms, Sm80_16x8x16MatchesCuTe) {
  MmaAtomLayouts a = get(MmaAtomKind::Sm80_16x8x16);
  EXPECT_EQ(a.name, "SM80_16x8x16_F32F16F16F32_TN");
  EXPECT_EQ(a.thr.str(), "32:1");
  EXPECT_EQ(a.a.str(), "((4,8),(2,2,2)):((32,1),(16,8,128))");
  EXPECT_EQ(a.b.str(), "((4,8),(2,2)):((16,1),(8,64))");
  EXPECT_EQ(a.c.str(), "((4,8),(2,2)):((32,1),(16,8))");
}

TEST(MmaAtoms, Sm80_16x8x16MatchesPtxFragments) {
  MmaAtomLayouts a = get(MmaAtomKind::Sm80_16x8x16);
  // A (16 x 16, row): a0..a7; row groupID (+8 for a2,a3,a6,a7), col
  // tig*2 + (i & 1) (+8 for a4..a7).
  checkTv(
      a.a, 16, 16,
      [](int64_t l, int64_t i) {
        return std::pair{group(l) + 8 * ((i / 2) % 2),
                         tig(l) * 2 + (i & 1) + 8 * (i / 4)};
      },
      "A");
  // B (8 x 16 as (n, k)): b0..b3; k = tig*2 + (i & 1) (+8 for b2,b3),
  // n = groupID.
  checkTv(
      a.b, 8, 16,
      [](int64_t l, int64_t i) {
        return std::pair{group(l), tig(l) * 2 + (i & 1) + 8 * (i / 2)};
      },
      "B");
  checkTv(a.c, 16, 8, accM16N8, "C");
  checkBijective(a.a, 16, 16, "A");
  checkBijective(a.b, 8, 16, "B");
  checkBijective(a.c, 16, 8, "C");
}

TEST(MmaAtoms, Sm80_16x8x8MatchesCuTeAndPtx) {
  MmaAtomLayouts a = get(MmaAtomKind::Sm80_16x8x8);
  EXPECT_EQ(a.a.str(), "((4,8),(2,2)):((32,1),(16,8))");
  EXPECT_EQ(a.b.str(), "((4,8),2):((16,1),8)");
  checkTv(
      a.a, 16, 8,
      [](int64_t l, int64_t i) {
        return std::pair{group(l) + 8 * (i / 2), tig(l) * 2 + (i & 1)};
      },
      "A");
  checkTv(
      a.b, 8, 8,
      [](int64_t l, int64_t i) {
        return std::pair{group(l), tig(l) * 2 + i};
      },
      "B");
  checkTv(a.c, 16, 8, accM16N8, "C");
}

// CuTe's SM80_16x8x32_S32S8S8S32_TN (NVIDIA/cutlass 7107b05,
// mma_traits_sm80.hpp, printed host-compiled as below; SM120_16x8x32_TN
// inherits it) and the PTX ISA's
// "Matrix Fragments for mma.m16n8k32" (.s8/.u8): A a0..a15 in 4 x b32, row
// groupID (+8 for a4..a7, a12..a15), col tig*4 + (i & 3) (+16 for a8..a15);
// B b0..b7 in 2 x b32, k = tig*4 + (i & 3) (+16 for b4..b7), n = groupID;
// C c0..c3 s32 as the f32 accumulator.
TEST(MmaAtoms, Sm80_16x8x32Int8MatchesCuTeAndPtx) {
  MmaAtomLayouts a = get(MmaAtomKind::Sm80_16x8x32_S8);
  EXPECT_EQ(a.name, "SM80_16x8x32_S32S8S8S32_TN");
  EXPECT_EQ(a.thr.str(), "32:1");
  EXPECT_EQ(a.a.str(), "((4,8),(4,2,2)):((64,1),(16,8,256))");
  EXPECT_EQ(a.b.str(), "((4,8),(4,2)):((32,1),(8,128))");
  EXPECT_EQ(a.c.str(), "((4,8),(2,2)):((32,1),(16,8))");
  checkTv(
      a.a, 16, 32,
      [](int64_t l, int64_t i) {
        return std::pair{group(l) + 8 * ((i / 4) % 2),
                         tig(l) * 4 + (i & 3) + 16 * (i / 8)};
      },
      "A");
  checkTv(
      a.b, 8, 32,
      [](int64_t l, int64_t i) {
        return std::pair{group(l), tig(l) * 4 + (i & 3) + 16 * (i / 4)};
      },
      "B");
  checkTv(a.c, 16, 8, accM16N8, "C");
  checkBijective(a.a, 16, 32, "A");
  checkBijective(a.b, 8, 32, "B");
  checkBijective(a.c, 16, 8, "C");
}

// CuTe's SM120_16x8x32_TN<e4m3, e2m1, float> (mma_traits_sm120.hpp) prints
// the s8 atom's layouts (host-compiled CuTe, NVIDIA/cutlass 7107b05):
// ((_4,_8),(_4,_2,_2)):((_64,_1),(_16,_8,_256)), ((_4,_8),(_4,_2)):
// ((_32,_1),(_8,_128)), ((_4,_8),(_2,_2)):((_32,_1),(_16,_8)); the PTX
// ISA's kind::f8f6f4 m16n8k32 fragments are those of .s8 (one 8-bit
// container per value).
TEST(MmaAtoms, Sm120_16x8x32F8F6F4MatchesCuTe) {
  MmaAtomLayouts f = get(MmaAtomKind::Sm120_16x8x32_F8F6F4);
  MmaAtomLayouts s = get(MmaAtomKind::Sm80_16x8x32_S8);
  EXPECT_EQ(f.name, "SM120_16x8x32_TN");
  EXPECT_EQ(f.m, 16);
  EXPECT_EQ(f.n, 8);
  EXPECT_EQ(f.k, 32);
  EXPECT_EQ(f.thr.str(), "32:1");
  EXPECT_EQ(f.a.str(), "((4,8),(4,2,2)):((64,1),(16,8,256))");
  EXPECT_EQ(f.b.str(), "((4,8),(4,2)):((32,1),(8,128))");
  EXPECT_EQ(f.c.str(), "((4,8),(2,2)):((32,1),(16,8))");
  EXPECT_EQ(f.a.str(), s.a.str());
  EXPECT_FALSE(f.sfa.has_value());
}

// CuTe's SM90_64xNx8_F32TF32TF32_SS_TN (mma_traits_sm90_gmma.hpp,
// NVIDIA/cutlass 7107b05): ABLayout<64,8>, ABLayout<N,8>, CLayout_64xN,
// whose N = 64 values below are what host-compiled CuTe prints; the
// accumulator is the ISA's m64nNk8 D fragment (that of k16).
TEST(MmaAtoms, Sm90WgmmaTf32MatchesCuTeAndPtx) {
  MmaAtomLayouts a = get(MmaAtomKind::Sm90_64xNx8_SS, 64);
  EXPECT_EQ(a.name, "SM90_64x64x8_F32TF32TF32_SS_TN");
  EXPECT_EQ(a.thr.str(), "128:1");
  EXPECT_EQ(a.k, 8);
  EXPECT_EQ(a.a.str(), "(128,(64,8)):(0,(1,64))");
  EXPECT_EQ(a.b.str(), "(128,(64,8)):(0,(1,64))");
  EXPECT_EQ(a.c.str(), "((4,8,4),(2,2,8)):((128,1,16),(64,8,512))");
  for (int64_t n : {8, 128, 256}) {
    MmaAtomLayouts t = get(MmaAtomKind::Sm90_64xNx8_SS, n);
    checkTv(
        t.c, 64, n,
        [](int64_t th, int64_t i) {
          int64_t w = th / 32, l = th % 32;
          return std::pair{16 * w + group(l) + 8 * ((i % 4) / 2),
                           tig(l) * 2 + (i & 1) + 8 * (i / 4)};
        },
        "C");
    checkBijective(t.c, 64, n, "C");
  }
  EXPECT_FALSE(mmaAtomLayouts(MmaAtomKind::Sm90_64xNx8_SS, 12).ok());
}

TEST(MmaAtoms, Sm90WgmmaMatchesCuTe) {
  MmaAtomLayouts a = get(MmaAtomKind::Sm90_64xNx16_SS, 256);
  EXPECT_EQ(a.name, "SM90_64x256x16_F32F16F16_SS");
  EXPECT_EQ(a.thr.str(), "128:1");
  EXPECT_EQ(a.a.str(), "(128,(64,16)):(0,(1,64))");
  EXPECT_EQ(a.b.str(), "(128,(256,16)):(0,(1,256))");
  EXPECT_EQ(a.c.str(), "((4,8,4),(2,2,32)):((128,1,16),(64,8,512))");
  MmaAtomLayouts f8 = get(MmaAtomKind::Sm90_64xNx32_SS, 128);
  EXPECT_EQ(f8.a.str(), "(128,(64,32)):(0,(1,64))");
  EXPECT_EQ(f8.b.str(), "(128,(128,32)):(0,(1,128))");
  EXPECT_EQ(f8.c.str(), "((4,8,4),(2,2,16)):((128,1,16),(64,8,512))");
}

TEST(MmaAtoms, Sm90WgmmaAccumulatorMatchesPtx) {
  // wgmma m64nNk16 D: warp w of the warpgroup holds rows 16w .. 16w+15;
  // d_i: row 16w + groupID (+8 when i % 4 >= 2), col tig*2 + (i & 1) +
  // 8 * (i / 4).
  for (int64_t n : {8, 64, 128, 256}) {
    MmaAtomLayouts a = get(MmaAtomKind::Sm90_64xNx16_SS, n);
    checkTv(
        a.c, 64, n,
        [](int64_t t, int64_t i) {
          int64_t w = t / 32, l = t % 32;
          return std::pair{16 * w + group(l) + 8 * ((i % 4) / 2),
                           tig(l) * 2 + (i & 1) + 8 * (i / 4)};
        },
        "C");
    checkBijective(a.c, 64, n, "C");
  }
}

TEST(MmaAtoms, Sm120BlockScaledMatchesCuTe) {
  MmaAtomLayouts a = get(MmaAtomKind::Sm120_16x8x64_BlockScaled, 0, 32);
  EXPECT_EQ(a.a.str(), "((4,8),(8,2,2)):((128,1),(16,8,512))");
  EXPECT_EQ(a.b.str(), "((4,8),(8,2)):((64,1),(8,256))");
  EXPECT_EQ(a.c.str(), "((4,8),(2,2)):((32,1),(16,8))");
  EXPECT_EQ(a.sfa->str(), "((2,2,8),64):((8,0,1),16)");
  EXPECT_EQ(a.sfb->str(), "((4,8),64):((0,1),8)");
  EXPECT_EQ(a.sfVecSize, 32);
  MmaAtomLayouts f8 = get(MmaAtomKind::Sm120_16x8x32_BlockScaled, 0, 32);
  EXPECT_EQ(f8.a.str(), "((4,8),(4,2,2)):((64,1),(16,8,256))");
  EXPECT_EQ(f8.b.str(), "((4,8),(4,2)):((32,1),(8,128))");
  EXPECT_EQ(f8.sfa->str(), "((2,2,8),32):((8,0,1),16)");
  EXPECT_EQ(f8.sfb->str(), "((4,8),32):((0,1),8)");
}

TEST(MmaAtoms, Sm120BlockScaledMatchesPtx) {
  // m16n8k64 e2m1: A = 4 x b32 of 8 e2m1 (a0..a31): row groupID (+8 for
  // a8..a15 and a24..a31), col tig*8 + (i & 7) (+32 for a16..a31). B = 2 x
  // b32 (b0..b15): k = tig*8 + (i & 7) (+32 for b8..b15), n = groupID.
  MmaAtomLayouts a = get(MmaAtomKind::Sm120_16x8x64_BlockScaled, 0, 16);
  checkTv(
      a.a, 16, 64,
      [](int64_t l, int64_t i) {
        return std::pair{group(l) + 8 * ((i / 8) % 2),
                         tig(l) * 8 + (i & 7) + 32 * (i / 16)};
      },
      "A");
  checkTv(
      a.b, 8, 64,
      [](int64_t l, int64_t i) {
        return std::pair{group(l), tig(l) * 8 + (i & 7) + 32 * (i / 8)};
      },
      "B");
  checkTv(a.c, 16, 8, accM16N8, "C");
  checkBijective(a.a, 16, 64, "A");
  checkBijective(a.b, 8, 64, "B");
  // Scale factors (thread selector 0): lane l supplies the scales of row
  // 8 * (l % 2) + l / 4 of A and of column l / 4 of B, for every k.
  checkTv(
      *a.sfa, 16, 64,
      [](int64_t l, int64_t k) {
        return std::pair{8 * (l % 2) + l / 4, k};
      },
      "SFA");
  checkTv(
      *a.sfb, 8, 64,
      [](int64_t l, int64_t k) {
        return std::pair{l / 4, k};
      },
      "SFB");
  // m16n8k32 e4m3: A = 4 x b32 of 4 e4m3 (a0..a15): row groupID (+8 for
  // a4..a7, a12..a15), col tig*4 + (i & 3) (+16 for a8..a15).
  MmaAtomLayouts f8 = get(MmaAtomKind::Sm120_16x8x32_BlockScaled, 0, 32);
  checkTv(
      f8.a, 16, 32,
      [](int64_t l, int64_t i) {
        return std::pair{group(l) + 8 * ((i / 4) % 2),
                         tig(l) * 4 + (i & 3) + 16 * (i / 8)};
      },
      "A");
  checkTv(
      f8.b, 8, 32,
      [](int64_t l, int64_t i) {
        return std::pair{group(l), tig(l) * 4 + (i & 3) + 16 * (i / 4)};
      },
      "B");
}

TEST(MmaAtoms, RejectsBadParameters) {
  auto n = mmaAtomLayouts(MmaAtomKind::Sm90_64xNx16_SS, 12);
  ASSERT_FALSE(n.ok());
  EXPECT_EQ(n.message(),
            "wgmma N = 12; it must be a multiple of 8 in [8, 256]");
  auto big = mmaAtomLayouts(MmaAtomKind::Sm90_64xNx16_SS, 264);
  EXPECT_FALSE(big.ok());
  auto vs = mmaAtomLayouts(MmaAtomKind::Sm120_16x8x64_BlockScaled, 0, 8);
  ASSERT_FALSE(vs.ok());
  EXPECT_EQ(vs.message(), "mxf4nvf4 scale vector = 8; it is 32 "
                          "(scale_vec::2X, ue8m0) or 16 (scale_vec::4X, "
                          "ue4m3)");
  auto vs8 = mmaAtomLayouts(MmaAtomKind::Sm120_16x8x32_BlockScaled, 0, 16);
  EXPECT_FALSE(vs8.ok());
}

namespace {

// SM100_MMA_F16BF16_SS<..., 128, 256, ...> and _2x1SM_SS<..., 256, 256>
// as CuTe prints their traits (mma_traits_sm100.hpp, NVIDIA/cutlass 7107b05).
TEST(UmmaAtoms, LayoutsMatchCute) {
  auto one = ummaAtomLayouts(128, 256, 16, 1);
  ASSERT_TRUE(bool(one)) << one.message();
  EXPECT_EQ(one->thr.str(), "1:0");
  EXPECT_EQ(one->a.str(), "(1,(128,16)):(0,(1,128))");
  EXPECT_EQ(one->b.str(), "(1,(256,16)):(0,(1,256))");
  EXPECT_EQ(one->c.str(), "(1,(128,256)):(0,(1,128))");
  auto two = ummaAtomLayouts(256, 256, 16, 2);
  ASSERT_TRUE(bool(two)) << two.message();
  EXPECT_EQ(two->thr.str(), "2:1");
  EXPECT_EQ(two->a.str(), "(2,(128,16)):(128,(1,256))");
  EXPECT_EQ(two->b.str(), "(2,(128,16)):(128,(1,256))");
  EXPECT_EQ(two->c.str(), "(2,(128,256)):(128,(1,256))");
  // Each CTA of the pair holds the rows [128 * cta, 128 * cta + 128) of A.
  EXPECT_EQ(two->a(layout::IntTuple(std::vector<layout::IntTuple>{
                       layout::IntTuple(1),
                       layout::IntTuple(std::vector<layout::IntTuple>{
                           layout::IntTuple(5), layout::IntTuple(3)})}))
                .value()
                .value(),
            128 + 5 + 3 * 256);
}

TEST(UmmaAtoms, RejectsShapesTheInstructionLacks) {
  EXPECT_EQ(ummaAtomLayouts(256, 128, 16, 1).message(),
            "tcgen05.mma M = 256 on 1 CTA; it is 64 or 128");
  EXPECT_EQ(ummaAtomLayouts(64, 128, 16, 2).message(),
            "tcgen05.mma M = 64 on 2 CTAs; it is 128 or 256");
  EXPECT_EQ(ummaAtomLayouts(128, 24, 16, 2).message(),
            "tcgen05.mma N = 24 with M = 128 on 2 CTA(s); it must be a "
            "multiple of 16 in [16, 256]");
  EXPECT_EQ(ummaAtomLayouts(128, 260, 16, 1).message(),
            "tcgen05.mma N = 260 with M = 128 on 1 CTA(s); it must be a "
            "multiple of 8 in [8, 256]");
  EXPECT_EQ(ummaAtomLayouts(128, 64, 16, 4).message(),
            "tcgen05.mma runs on 1 or 2 CTAs, not 4");
}

} // namespace
