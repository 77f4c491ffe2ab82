//===- TiledMmaTest.cpp - TiledMMA thread-value layouts against CuTe ------===//
//
// The expected values were printed by CuTe host code (NVIDIA/cutlass 7107b05,
// include/cute/atom/mma_atom.hpp): get_layoutA/B/C_TV() of make_tiled_mma
// for single atoms, a 2x2 grid of SM80 16x8x16 atoms with and without a
// Tile<_32,_32,_16> permutation, and SM90 64x128x16 SS (1 and 2 atoms in
// M); and for whole tiles larger than one tiled-MMA step, what
// get_slice(t).partition_A/B/C of a column-major tensor gives a few
// threads: the partitioned layout and the offset of its first element.
// tiledMmaTV must reproduce both: the first by evaluation over its whole
// domain, the second as offset + partitioned layout for every value.
//
//===----------------------------------------------------------------------===//
#include "cute/Atom/TiledMma.h"
#include "cute/Layout/Parse.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace cute;
using namespace cute::atom;
using layout::IntTuple;
using layout::Layout;

namespace {

Layout parse(std::string text) {
  text.erase(std::remove(text.begin(), text.end(), '_'), text.end());
  layout::DynamicSymbols syms;
  auto l = layout::parseLayout(text, syms);
  EXPECT_TRUE(bool(l)) << text;
  return l ? *l : Layout();
}

int64_t evalAt(const Layout &l, int64_t i) {
  return l(IntTuple(i)).value().value();
}

int64_t sizeOf(const Layout &l) { return layout::size(l).value(); }

TiledMma sm80(std::string mnk = "(1,1,1):(0,0,0)") {
  TiledMma t;
  t.atom = *mmaAtomLayouts(MmaAtomKind::Sm80_16x8x16);
  t.atomLayoutMNK = parse(mnk);
  return t;
}

TiledMma sm90(std::string mnk = "(1,1,1):(0,0,0)") {
  TiledMma t;
  t.atom = *mmaAtomLayouts(MmaAtomKind::Sm90_64xNx16_SS, 128);
  t.atomLayoutMNK = parse(mnk);
  return t;
}

/// CuTe prints TV layouts (thr, (FrgV, (RestM, RestK))); ours flattens the
/// value mode one level. Both enumerate the same (thr, val) order, so they
/// agree as functions of the flat index.
void expectSameFunction(const Layout &ours, const std::string &cute,
                        const char *what) {
  Layout ref = parse(cute);
  ASSERT_EQ(sizeOf(ours), sizeOf(ref)) << what;
  ASSERT_EQ(sizeOf(ours[0]), sizeOf(ref[0])) << what;
  for (int64_t i = 0; i < sizeOf(ref); ++i)
    ASSERT_EQ(evalAt(ours, i), evalAt(ref, i)) << what << " at " << i;
}

/// Thread t's slice of a column-major tile: offset0 + partitioned(v).
void expectSlice(const Layout &tv, int64_t t, const std::string &partitioned,
                 int64_t offset0, const char *what) {
  Layout part = parse(partitioned);
  int64_t threads = sizeOf(tv[0]);
  ASSERT_EQ(sizeOf(tv[1]), sizeOf(part)) << what;
  ASSERT_EQ(tv[1].rank(), 3u) << what;
  for (int64_t v = 0; v < sizeOf(part); ++v)
    ASSERT_EQ(evalAt(tv, t + threads * v), offset0 + evalAt(part, v))
        << what << " thread " << t << " value " << v;
}

Layout tvOf(const TiledMma &t, MmaOperand op, int64_t r, int64_t c) {
  auto tv = tiledMmaTV(t, op, r, c);
  EXPECT_TRUE(bool(tv)) << (tv ? "" : tv.message());
  return tv ? *tv : Layout();
}

TEST(TiledMma, SingleSm80AtomIsTheAtom) {
  TiledMma t = sm80();
  EXPECT_EQ(*tiledMmaThreads(t), 32);
  expectSameFunction(tvOf(t, MmaOperand::A, 16, 16),
                     "((_4,_8),((_2,_2,_2),(_1,_1))):((_32,_1),((_16,_8,_128),"
                     "(_0,_0)))",
                     "A");
  expectSameFunction(
      tvOf(t, MmaOperand::B, 8, 16),
      "((_4,_8),((_2,_2),(_1,_1))):((_16,_1),((_8,_64),(_0,_0)))", "B");
  expectSameFunction(
      tvOf(t, MmaOperand::C, 16, 8),
      "((_4,_8),((_2,_2),(_1,_1))):((_32,_1),((_16,_8),(_0,_0)))", "C");
}

TEST(TiledMma, Sm80TwoByTwo) {
  TiledMma t = sm80("(2,2,1):(1,2,0)");
  EXPECT_EQ(*tiledMmaThreads(t), 128);
  EXPECT_EQ(tiledMmaThrLayoutVMNK(t)->str(), "(32,2,2,1):(1,32,64,0)");
  auto tile = *tiledMmaTileMNK(t);
  EXPECT_EQ(tile[0], 32);
  EXPECT_EQ(tile[1], 16);
  EXPECT_EQ(tile[2], 16);
  expectSameFunction(tvOf(t, MmaOperand::A, 32, 16),
                     "((_4,_8,_2,_2),((_2,_2,_2),(_1,_1))):((_64,_1,_16,_0),(("
                     "_32,_8,_256),(_0,_0)))",
                     "A");
  expectSameFunction(tvOf(t, MmaOperand::B, 16, 16),
                     "((_4,_8,_2,_2),((_2,_2),(_1,_1))):((_32,_1,_0,_8),((_16,_"
                     "128),(_0,_0)))",
                     "B");
  expectSameFunction(tvOf(t, MmaOperand::C, 32, 16),
                     "((_4,_8,_2,_2),((_2,_2),(_1,_1))):((_64,_1,_16,_256),((_"
                     "32,_8),(_0,_0)))",
                     "C");
  // A 64 x 32 x 32 problem: two steps in each mode.
  Layout a = tvOf(t, MmaOperand::A, 64, 32);
  Layout b = tvOf(t, MmaOperand::B, 32, 32);
  Layout c = tvOf(t, MmaOperand::C, 64, 32);
  const char *pa = "((_2,_2,_2),2,2):((64,_8,512),_32,1024)";
  const char *pb = "((_2,_2),2,2):((32,256),_16,512)";
  const char *pc = "((_2,_2),2,2):((64,_8),_32,1024)";
  struct Row {
    int64_t t, a0, b0, c0;
  };
  for (Row r :
       {Row{0, 0, 0, 0}, Row{1, 128, 64, 128}, Row{5, 129, 65, 129},
        Row{37, 145, 65, 145}, Row{64, 0, 8, 512}, Row{127, 407, 207, 919}}) {
    expectSlice(a, r.t, pa, r.a0, "A");
    expectSlice(b, r.t, pb, r.b0, "B");
    expectSlice(c, r.t, pc, r.c0, "C");
  }
}

TEST(TiledMma, Sm80TwoByTwoPermuted) {
  TiledMma t = sm80("(2,2,1):(1,2,0)");
  t.permutation = {parse("32:1"), parse("32:1"), parse("16:1")};
  expectSameFunction(tvOf(t, MmaOperand::B, 32, 16),
                     "((_4,_8,_2,_2),((_2,_2),(_2,_1))):((_64,_1,_0,_8),((_32,_"
                     "256),(_16,_0)))",
                     "B");
  expectSameFunction(tvOf(t, MmaOperand::C, 32, 32),
                     "((_4,_8,_2,_2),((_2,_2),(_1,_2))):((_64,_1,_16,_256),((_"
                     "32,_8),(_0,_512)))",
                     "C");
  Layout b = tvOf(t, MmaOperand::B, 64, 32);
  Layout c = tvOf(t, MmaOperand::C, 64, 64);
  const char *pb = "((_2,_2),(_2,2),2):((64,512),(_16,_32),1024)";
  const char *pc = "((_2,_2),2,(_2,2)):((64,_8),_32,(1024,2048))";
  struct Row {
    int64_t t, b0, c0;
  };
  for (Row r : {Row{0, 0, 0}, Row{1, 128, 128}, Row{37, 129, 145},
                Row{64, 8, 512}, Row{127, 399, 919}}) {
    expectSlice(b, r.t, pb, r.b0, "B");
    expectSlice(c, r.t, pc, r.c0, "C");
  }
}

TEST(TiledMma, Sm90SharedMemoryOperands) {
  TiledMma t = sm90();
  EXPECT_EQ(*tiledMmaThreads(t), 128);
  // SS atoms: every thread sees the whole (64,16) A block.
  Layout a = tvOf(t, MmaOperand::A, 128, 64);
  Layout b = tvOf(t, MmaOperand::B, 128, 64);
  Layout c = tvOf(t, MmaOperand::C, 128, 128);
  for (int64_t th : {0, 1, 5, 37, 64, 127}) {
    expectSlice(a, th, "((_64,_16),2,4):((_1,128),_64,2048)", 0, "A");
    expectSlice(b, th, "((_128,_16),1,4):((_1,128),_128,2048)", 0, "B");
  }
  struct Row {
    int64_t t, c0;
  };
  for (Row r : {Row{0, 0}, Row{1, 256}, Row{5, 257}, Row{37, 273}, Row{64, 32},
                Row{127, 823}})
    expectSlice(c, r.t, "((_2,_2,_16),2,1):((128,_8,1024),_64,16384)", r.c0,
                "C");
}

TEST(TiledMma, Sm90TwoWarpgroupsInM) {
  TiledMma t = sm90("(2,1,1):(1,2,2)");
  EXPECT_EQ(*tiledMmaThreads(t), 256);
  expectSameFunction(tvOf(t, MmaOperand::A, 128, 16),
                     "((_128,_2),((_64,_16),(_1,_1))):((_0,_64),((_1,_128),(_0,"
                     "_0)))",
                     "A");
  expectSameFunction(tvOf(t, MmaOperand::C, 128, 128),
                     "((_4,_8,_8),((_2,_2,_16),(_1,_1))):((_256,_1,_16),((_128,"
                     "_8,_1024),(_0,_0)))",
                     "C");
  Layout c = tvOf(t, MmaOperand::C, 128, 128);
  expectSlice(c, 127, "((_2,_2,_16),1,1):((128,_8,1024),_128,16384)", 823, "C");
}

TEST(TiledMma, RejectsTilesThatAreNotMultiples) {
  TiledMma t = sm80("(2,2,1):(1,2,0)");
  auto bad = tiledMmaTV(t, MmaOperand::A, 48, 16);
  ASSERT_FALSE(bool(bad));
  EXPECT_EQ(bad.message(), "operand A tile (M,K) = (48,16) is not a multiple "
                           "of the tiled MMA's (32,16)");
  t.permutation[1] = parse("24:1");
  auto perm = tiledMmaTileMNK(t);
  ASSERT_FALSE(bool(perm));
  EXPECT_EQ(perm.message(), "the permutation of mode N (24:1, size 24) is not "
                            "a multiple of the atoms' extent 16");
  TiledMma r4 = sm80("(2,2,1,2):(1,2,4,4)");
  auto rank = tiledMmaThreads(r4);
  ASSERT_FALSE(bool(rank));
  EXPECT_EQ(rank.message(), "the atom layout (2,2,1,2):(1,2,4,4) has rank 4; "
                            "a tiled MMA lays atoms over at most (M,N,K)");
}

} // namespace
