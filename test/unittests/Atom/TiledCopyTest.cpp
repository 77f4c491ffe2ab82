//===- TiledCopyTest.cpp - make_tiled_copy_A/C, partitions, retile --------===//
//
// The expected values were printed by CuTe host code (NVIDIA/cutlass
// 7107b05, include/cute/atom/copy_atom.hpp) for Copy_Atom<Op, half_t> tiled
// over SM80_16x8x16_F32BF16BF16F32_TN with a (2,2,1) atom layout and over
// SM90_64x64x16_F32BF16BF16_SS (one atom): TiledLayout_TV and Tiler_MN,
// tidfrg_S / tidfrg_D of a row- or column-major tile, retile of the MMA's
// partition_shape_A/C fragment, and get_slice(t).partition_S / partition_D
// of a tensor at address 0 (layout and the offset of its first element).
// Our functions must reproduce the layouts string for string.
//
//===----------------------------------------------------------------------===//
#include "cute/Atom/TiledCopy.h"
#include "cute/Layout/Parse.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace cute;
using namespace cute::atom;
using layout::IntTuple;
using layout::Layout;

namespace {

std::string cuteStr(std::string s) {
  s.erase(std::remove(s.begin(), s.end(), '_'), s.end());
  return s;
}

Layout parse(const std::string &text) {
  layout::DynamicSymbols syms;
  auto l = layout::parseLayout(cuteStr(text), syms);
  EXPECT_TRUE(bool(l)) << text;
  return l ? *l : Layout();
}

TiledMma sm80x2x2() {
  TiledMma t;
  t.atom = *mmaAtomLayouts(MmaAtomKind::Sm80_16x8x16);
  t.atomLayoutMNK = parse("(2,2,1):(1,2,0)");
  return t;
}

TiledMma sm90n64() {
  TiledMma t;
  t.atom = *mmaAtomLayouts(MmaAtomKind::Sm90_64xNx16_SS, 64);
  t.atomLayoutMNK = parse("(1,1,1):(0,0,0)");
  return t;
}

TiledCopy tiled(MatrixCopy m, const TiledMma &mma, MmaOperand op) {
  auto vals = copyValLayouts(*matrixCopyTraits(m), 16);
  EXPECT_TRUE(bool(vals));
  auto t = makeTiledCopyMma(*vals, mma, op);
  EXPECT_TRUE(bool(t)) << (t ? "" : t.message());
  return *t;
}

struct Case {
  const char *what;
  MatrixCopy m;
  bool wgmma;
  MmaOperand op;
  const char *tile, *frag;
  int tid;
  const char *thrfrgS, *thrfrgD, *retile, *partS, *partD;
  int offS, offD;
};

const MatrixCopy kStsmN2{true, 2, false}, kStsmT4{true, 2, true},
    kLdsmN2{false, 2, false}, kStsmN4{true, 4, false}, kStsmT8{true, 4, true},
    kStsmN1{true, 1, false}, kLdsmN4{false, 4, false}, kLdsmT8{false, 4, true};

const Case kCases[] = {
    {"mma.sync C, STSM_N x2", kStsmN2, false, MmaOperand::C, "(64,32):(32,1)",
     "((2,2),2,2):((1,2),4,8)", 37,
     "((_4,_8,_2,_2),((_2,_2),_1),(_2,_2)):((_2,_32,_512,_8),((_1,_256),_0),(_"
     "1024,_16))",
     "((_16,_2,_2,_2),(_8,_1),(_2,_2)):((_32,_0,_512,_8),(_1,_0),(_1024,_16))",
     "((_4,_1),_2,_2):((_1,_0),_4,_8)",
     "(((_2,_2),_1),_2,_2):(((_1,_256),_0),_1024,_16)",
     "((_8,_1),_2,_2):((_1,_0),_1024,_16)", 546, 672},
    {"mma.sync C, STSM_T x4 (U16x4)", kStsmT4, false, MmaOperand::C,
     "(64,32):(1,64)", "((2,2),2,2):((1,2),4,8)", 37,
     "((_4,_8,_2,_2),((_2,_2),_1),(_2,_2)):((_128,_1,_16,_512),((_64,_8),_0),("
     "_32,_1024))",
     "((_8,_2,_2,_2,_2),(_8,_1),(_2,_2)):((_64,_8,_0,_16,_512),(_1,_0),(_32,_"
     "1024))",
     "((_4,_1),_2,_2):((_1,_0),_4,_8)",
     "(((_2,_2),_1),_2,_2):(((_64,_8),_0),_32,_1024)",
     "((_8,_1),_2,_2):((_1,_0),_32,_1024)", 145, 336},
    {"mma.sync C, LDSM_N x2", kLdsmN2, false, MmaOperand::C, "(64,32):(32,1)",
     "((2,2),2,2):((1,2),4,8)", 37,
     "((_16,_2,_2,_2),(_8,_1),(_2,_2)):((_32,_0,_512,_8),(_1,_0),(_1024,_16))",
     "((_4,_8,_2,_2),((_2,_2),_1),(_2,_2)):((_2,_32,_512,_8),((_1,_256),_0),(_"
     "1024,_16))",
     "((_4,_1),_2,_2):((_1,_0),_4,_8)", "((_8,_1),_2,_2):((_1,_0),_1024,_16)",
     "(((_2,_2),_1),_2,_2):(((_1,_256),_0),_1024,_16)", 672, 546},
    {"wgmma C, STSM_N x4", kStsmN4, true, MmaOperand::C, "(64,64):(64,1)",
     "((2,2,8),1,1):((1,2,4),0,0)", 77,
     "((_4,_8,_4),((_2,_2,_2),_4),(_1,_1)):((_2,_64,_1024),((_1,_512,_8),_16),"
     "(_0,_0))",
     "((_16,_2,_4),(_8,_4),(_1,_1)):((_64,_8,_1024),(_1,_16),(_0,_0))",
     "((_8,_4),_1,_1):((_1,_8),_0,_0)",
     "(((_2,_2,_2),_4),_1,_1):(((_1,_512,_8),_16),_0,_0)",
     "((_8,_4),_1,_1):((_1,_16),_0,_0)", 2242, 2880},
    {"wgmma C, STSM_T x4 (U16x8)", kStsmT8, true, MmaOperand::C,
     "(64,64):(1,64)", "((2,2,8),1,1):((1,2,4),0,0)", 77,
     "((_4,_8,_4),((_2,_2,_2),_4),(_1,_1)):((_128,_1,_16),((_64,_8,_512),_"
     "1024),(_0,_0))",
     "((_8,_2,_2,_4),(_8,_4),(_1,_1)):((_64,_8,_512,_16),(_1,_1024),(_0,_0))",
     "((_8,_4),_1,_1):((_1,_8),_0,_0)",
     "(((_2,_2,_2),_4),_1,_1):(((_64,_8,_512),_1024),_0,_0)",
     "((_8,_4),_1,_1):((_1,_1024),_0,_0)", 163, 360},
    {"wgmma C, STSM_N x1", kStsmN1, true, MmaOperand::C, "(64,64):(64,1)",
     "((2,2,8),1,1):((1,2,4),0,0)", 77,
     "((_4,_8,_4),(_2,(_2,_8)),(_1,_1)):((_2,_64,_1024),(_1,(_512,_8)),(_0,_0)"
     ")",
     "((_8,_4,_4),(_8,(_2,_8)),(_1,_1)):((_64,_0,_1024),(_1,(_512,_8)),(_0,_0)"
     ")",
     "((_2,_16),_1,_1):((_1,_2),_0,_0)",
     "((_2,(_2,_8)),_1,_1):((_1,(_512,_8)),_0,_0)",
     "((_8,(_2,_8)),_1,_1):((_1,(_512,_8)),_0,_0)", 2242, 2368},
    {"mma.sync A, LDSM_N x4", kLdsmN4, false, MmaOperand::A, "(64,32):(32,1)",
     "((2,2,2),2,2):((1,2,4),8,16)", 37,
     "((_16,_2,_2,_2),(_8,_1),(_2,_2)):((_32,_8,_512,_0),(_1,_0),(_1024,_16))",
     "((_4,_8,_2,_2),((_2,_2,_2),_1),(_2,_2)):((_2,_32,_512,_0),((_1,_256,_8),"
     "_0),(_1024,_16))",
     "((_8,_1),_2,_2):((_1,_0),_8,_16)", "((_8,_1),_2,_2):((_1,_0),_1024,_16)",
     "(((_2,_2,_2),_1),_2,_2):(((_1,_256,_8),_0),_1024,_16)", 672, 546},
    {"mma.sync A, LDSM_T x4 (U16x8)", kLdsmT8, false, MmaOperand::A,
     "(64,32):(1,64)", "((2,2,2),2,2):((1,2,4),8,16)", 37,
     "((_8,_2,_2,_2,_2),(_8,_1),(_2,_2)):((_64,_8,_512,_16,_0),(_1,_0),(_32,_"
     "1024))",
     "((_4,_8,_2,_2),((_2,_2,_2),_1),(_2,_2)):((_128,_1,_16,_0),((_64,_8,_512)"
     ",_0),(_32,_1024))",
     "((_8,_1),_2,_2):((_1,_0),_8,_16)", "((_8,_1),_2,_2):((_1,_0),_32,_1024)",
     "(((_2,_2,_2),_1),_2,_2):(((_64,_8,_512),_0),_32,_1024)", 336, 145},
};

TEST(TiledCopy, MatchesCute) {
  for (const Case &c : kCases) {
    SCOPED_TRACE(c.what);
    TiledCopy t = tiled(c.m, c.wgmma ? sm90n64() : sm80x2x2(), c.op);
    Layout tile = parse(c.tile);
    auto fs = tiledCopyThrFrg(t, CopySide::Src, tile);
    auto fd = tiledCopyThrFrg(t, CopySide::Dst, tile);
    ASSERT_TRUE(fs && fd);
    EXPECT_EQ(fs->str(), cuteStr(c.thrfrgS));
    EXPECT_EQ(fd->str(), cuteStr(c.thrfrgD));
    auto r = tiledCopyRetile(t, parse(c.frag));
    ASSERT_TRUE(bool(r)) << r.message();
    EXPECT_EQ(r->str(), cuteStr(c.retile));
    for (auto [side, want, off] :
         {std::tuple{CopySide::Src, c.partS, c.offS},
          std::tuple{CopySide::Dst, c.partD, c.offD}}) {
      auto p = tiledCopyPartition(t, side, tile, layout::Int(c.tid));
      ASSERT_TRUE(bool(p));
      EXPECT_EQ(p->layout.str(), cuteStr(want));
      EXPECT_EQ(p->offset.str(), std::to_string(off));
    }
  }
}

TEST(TiledCopy, TileIsTheMmaStep) {
  // CuTe: TiledLayout_TV ((_4,_8,_2,_2),((_2,_2),(_1,_1))):((_64,_1,_16,_256),
  // ((_32,_8),(_0,_0))) and Tiler_MN (_32,_16) for the 2x2 mma.sync C.
  TiledCopy t = tiled(kStsmN2, sm80x2x2(), MmaOperand::C);
  EXPECT_EQ(t.tiler.str(), "(32,16)");
  Layout cute =
      parse("((_4,_8,_2,_2),((_2,_2),(_1,_1))):((_64,_1,_16,_256),((_32,_8),(_"
            "0,_0)))");
  ASSERT_EQ(layout::size(t.layoutTV).value(), layout::size(cute).value());
  for (int64_t i = 0; i < layout::size(cute).value(); ++i)
    EXPECT_EQ(t.layoutTV(IntTuple(i)).value().value(),
              cute(IntTuple(i)).value().value())
        << i;
}

TEST(TiledCopy, RejectsAnAtomWiderThanTheFragment) {
  // mma.sync's 2x2 C step gives each thread 4 values; x4 takes 8 (CuTe:
  // "TiledCopy uses too few vals for selected CopyAtom").
  auto vals = copyValLayouts(*matrixCopyTraits(kStsmN4), 16);
  auto t = makeTiledCopyMma(*vals, sm80x2x2(), MmaOperand::C);
  ASSERT_FALSE(bool(t));
  EXPECT_NE(t.message().find("gives each thread 4 values, not a multiple of "
                             "the 8 one SM90_U32x4_STSM_N moves per thread"),
            std::string::npos)
      << t.message();
}

TEST(TiledCopy, RetileNeedsTheValueMode) {
  // A wgmma C chunk flattened to (2,2,8) has lost its value mode: mode 0
  // holds 2 values, fewer than the 8 of one x4 call.
  auto vals = copyValLayouts(*matrixCopyTraits(kStsmN4), 16);
  auto t = makeTiledCopyMma(*vals, sm90n64(), MmaOperand::C);
  ASSERT_TRUE(bool(t));
  auto r = tiledCopyRetile(*t, parse("(2,2,8):(1,2,4)"));
  ASSERT_FALSE(bool(r));
  EXPECT_NE(r.message().find("holds 2 values per thread; it must be a "
                             "multiple of the 8 one SM90_U32x4_STSM_N moves "
                             "and divide the 32 of one tiled-copy step"),
            std::string::npos)
      << r.message();
}

TEST(TiledCopy, RejectsATileOffTheStep) {
  TiledCopy t = tiled(kStsmN2, sm80x2x2(), MmaOperand::C);
  auto p = tiledCopyThrFrg(t, CopySide::Dst, parse("(48,16):(16,1)"));
  ASSERT_FALSE(bool(p));
  EXPECT_NE(p.message().find("not a multiple of the tiled copy's (32,16)"),
            std::string::npos)
      << p.message();
}

} // namespace
