//===- Sm75MatrixCopyTest.cpp - ldmatrix/stmatrix traits against CuTe -----===//
//
// Expected layouts were printed by CuTe host code (NVIDIA/cutlass 7107b05:
// Copy_Traits<Op>::ThrID/SrcLayout/DstLayout/RefLayout and
// Copy_Atom<Op, half_t>::ValLayoutSrc/Dst/Ref). Independently, the register
// side is checked against the PTX ISA's fragment description ("Warp-level
// matrix load instruction: ldmatrix"; stmatrix has the same mapping): lane
// l's register j holds matrix j's row l/4, columns 2(l%4), 2(l%4)+1 (low
// half first), or with .trans rows 2(l%4), 2(l%4)+1 of column l/4; lanes
// 8j..8j+7 address the rows of matrix j.
//
//===----------------------------------------------------------------------===//
#include "cute/Atom/Sm75MatrixCopy.h"

#include <gtest/gtest.h>

using namespace cute;
using namespace cute::atom;
using layout::IntTuple;
using layout::Layout;

namespace {

std::string cuteStr(std::string s) {
  s.erase(std::remove(s.begin(), s.end(), '_'), s.end());
  return s;
}

struct Expect {
  MatrixCopy m;
  const char *name, *src, *dst;
};

// CuTe's printed SrcLayout and DstLayout; RefLayout is the register side.
const Expect kCute[] = {
    {{false, 1, false},
     "SM75_U32x1_LDSM_N",
     "((_8,_4),_128):((_128,_0),_1)",
     "(_32,_32):(_32,_1)"},
    {{false, 2, false},
     "SM75_U32x2_LDSM_N",
     "((_16,_2),_128):((_128,_0),_1)",
     "(_32,(_32,_2)):(_32,(_1,_1024))"},
    {{false, 4, false},
     "SM75_U32x4_LDSM_N",
     "(_32,_128):(_128,_1)",
     "(_32,(_32,_4)):(_32,(_1,_1024))"},
    {{false, 1, true},
     "SM75_U16x2_LDSM_T",
     "((_8,_4),_128):((_128,_0),_1)",
     "((_4,_8),(_16,_2)):((_256,_16),(_1,_128))"},
    {{false, 2, true},
     "SM75_U16x4_LDSM_T",
     "((_16,_2),_128):((_128,_0),_1)",
     "((_4,_8),(_16,_2,_2)):((_256,_16),(_1,_128,_1024))"},
    {{false, 4, true},
     "SM75_U16x8_LDSM_T",
     "(_32,_128):(_128,_1)",
     "((_4,_8),(_16,_2,_4)):((_256,_16),(_1,_128,_1024))"},
    {{true, 1, false},
     "SM90_U32x1_STSM_N",
     "(_32,_32):(_32,_1)",
     "((_8,_4),_128):((_128,_0),_1)"},
    {{true, 2, false},
     "SM90_U32x2_STSM_N",
     "(_32,(_32,_2)):(_32,(_1,_1024))",
     "((_16,_2),_128):((_128,_0),_1)"},
    {{true, 4, false},
     "SM90_U32x4_STSM_N",
     "(_32,(_32,_4)):(_32,(_1,_1024))",
     "(_32,_128):(_128,_1)"},
    {{true, 1, true},
     "SM90_U16x2_STSM_T",
     "((_4,_8),(_16,_2)):((_256,_16),(_1,_128))",
     "((_8,_4),_128):((_128,_0),_1)"},
    {{true, 2, true},
     "SM90_U16x4_STSM_T",
     "((_4,_8),(_16,_2,_2)):((_256,_16),(_1,_128,_1024))",
     "((_16,_2),_128):((_128,_0),_1)"},
    {{true, 4, true},
     "SM90_U16x8_STSM_T",
     "((_4,_8),(_16,_2,_4)):((_256,_16),(_1,_128,_1024))",
     "(_32,_128):(_128,_1)"},
};

TEST(Sm75MatrixCopy, TraitsMatchCute) {
  for (const Expect &e : kCute) {
    auto t = matrixCopyTraits(e.m);
    ASSERT_TRUE(bool(t)) << e.name;
    EXPECT_EQ(t->name, e.name);
    EXPECT_EQ(t->thr.str(), "32:1") << e.name;
    EXPECT_EQ(t->src.str(), cuteStr(e.src)) << e.name;
    EXPECT_EQ(t->dst.str(), cuteStr(e.dst)) << e.name;
    // CuTe: RefLayout = DstLayout for LDSM, SrcLayout for STSM.
    EXPECT_EQ(t->ref.str(), cuteStr(e.m.store ? e.src : e.dst)) << e.name;
  }
}

TEST(Sm75MatrixCopy, HalfValuesMatchCute) {
  // Copy_Atom<Op, half_t>::ValLayoutSrc / Dst / Ref.
  struct V {
    MatrixCopy m;
    const char *src, *dst;
  } cases[] = {
      {{true, 4, false}, "(_32,(_2,_4)):(_2,(_1,_64))", "(_32,_8):(_8,_1)"},
      {{true, 4, true},
       "((_4,_8),(_1,_2,_4)):((_16,_1),(_1,_8,_64))",
       "(_32,_8):(_8,_1)"},
      {{true, 1, false}, "(_32,_2):(_2,_1)", "((_8,_4),_8):((_8,_0),_1)"},
      {{false, 2, false},
       "((_16,_2),_8):((_8,_0),_1)",
       "(_32,(_2,_2)):(_2,(_1,_64))"},
  };
  for (const V &c : cases) {
    auto v = copyValLayouts(*matrixCopyTraits(c.m), 16);
    ASSERT_TRUE(bool(v));
    EXPECT_EQ(v->src.str(), cuteStr(c.src)) << v->name;
    EXPECT_EQ(v->dst.str(), cuteStr(c.dst)) << v->name;
    EXPECT_EQ(v->ref.str(), cuteStr(c.m.store ? c.src : c.dst)) << v->name;
  }
}

int64_t at(const Layout &l, int64_t t, int64_t v) {
  return l(IntTuple{IntTuple(t), IntTuple(v)}).value().value();
}

TEST(Sm75MatrixCopy, RegistersFollowThePtxFragments) {
  for (bool store : {false, true})
    for (int num : {1, 2, 4})
      for (bool trans : {false, true}) {
        MatrixCopy m{store, num, trans};
        auto v = copyValLayouts(*matrixCopyTraits(m), 16);
        ASSERT_TRUE(bool(v));
        const Layout &regs = store ? v->src : v->dst;
        ASSERT_EQ(layout::size(regs).value(), 32 * 2 * num);
        for (int l = 0; l < 32; ++l)
          for (int j = 0; j < num; ++j)
            for (int h = 0; h < 2; ++h) {
              // Value 2j + h of lane l: half h of register j.
              int64_t e = at(regs, l, 2 * j + h);
              int64_t mat = e / 64, row = e % 64 / 8, col = e % 8;
              EXPECT_EQ(mat, j) << v->name;
              EXPECT_EQ(row, trans ? 2 * (l % 4) + h : l / 4) << v->name;
              EXPECT_EQ(col, trans ? l / 4 : 2 * (l % 4) + h) << v->name;
            }
      }
}

TEST(Sm75MatrixCopy, LanesAddressTheRows) {
  for (bool store : {false, true})
    for (int num : {1, 2, 4}) {
      MatrixCopy m{store, num, false};
      auto v = copyValLayouts(*matrixCopyTraits(m), 16);
      const Layout &rows = store ? v->dst : v->src;
      ASSERT_EQ(layout::size(rows).value(), 32 * 8);
      for (int l = 0; l < 8 * num; ++l)
        for (int k = 0; k < 8; ++k)
          EXPECT_EQ(at(rows, l, k), 8 * l + k) << v->name << " lane " << l;
    }
}

TEST(Sm75MatrixCopy, RejectsOtherCounts) {
  auto t = matrixCopyTraits({true, 3, false});
  ASSERT_FALSE(bool(t));
  EXPECT_NE(t.message().find("1, 2 or 4 matrices, not 3"), std::string::npos);
}

} // namespace
