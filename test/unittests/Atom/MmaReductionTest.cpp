//===- MmaReductionTest.cpp - Row/column reduction plans by brute force ---===//
//
// For every MMA atom's C layout (mma.sync m16n8k8/k16, the sm_120a
// block-scaled m16n8k64/k32, wgmma m64nN for many N, k16 and k32), tiled
// 1x1, 2x1, 1x2, 2x2, 4x1 and 1x4 (and one permuted), over tiles of one
// and of several tiled-MMA steps, in both axes: the plan is executed on
// symbolic data and compared with a brute-force enumeration of the layout.
// Every element of the tile is a distinct id; each thread combines its
// values per slot as slotOfValue says, then for each xor distance of the
// plan (lanes, then warps) adds its partner's slot (a shuffle reads the same
// register of thread t ^ d). Afterwards, for every (thread, value), the
// value's slot must hold exactly the ids of the value's row (column) as the
// enumeration of (thread, value) -> (m, n) gives them: each id once (a
// double count would break `add`), none missing. The lane-only butterfly
// must fall short exactly when some row lies in several warps. The xor
// distances of the plain atoms are also checked against the PTX ISA's
// fragment figures (four lanes share an accumulator row; eight lanes and,
// for wgmma, the four warps share a column).
//
//===----------------------------------------------------------------------===//
#include "cute/Atom/MmaReduction.h"
#include "cute/Layout/Parse.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

using namespace cute;
using namespace cute::atom;
using layout::Layout;

namespace {

Layout parse(const std::string &text) {
  layout::DynamicSymbols syms;
  auto l = layout::parseLayout(text, syms);
  EXPECT_TRUE(bool(l)) << text;
  return l ? *l : Layout();
}

int64_t sizeOf(const Layout &l) { return layout::size(l).value(); }

struct Case {
  std::string name;
  TiledMma mma;
};

std::vector<Case> atoms() {
  std::vector<Case> r;
  auto add = [&](const std::string &name, Expected<MmaAtomLayouts> a) {
    ASSERT_TRUE(bool(a)) << name;
    TiledMma t;
    t.atom = *a;
    r.push_back({name, t});
  };
  add("mma.sync m16n8k8", mmaAtomLayouts(MmaAtomKind::Sm80_16x8x8));
  add("mma.sync m16n8k16", mmaAtomLayouts(MmaAtomKind::Sm80_16x8x16));
  add("mma.sync m16n8k64 block_scale",
      mmaAtomLayouts(MmaAtomKind::Sm120_16x8x64_BlockScaled, 0, 32));
  add("mma.sync m16n8k32 block_scale",
      mmaAtomLayouts(MmaAtomKind::Sm120_16x8x32_BlockScaled, 0, 32));
  for (int64_t n : {8, 16, 24, 32, 64, 96, 128, 192, 256})
    add("wgmma m64n" + std::to_string(n) + "k16",
        mmaAtomLayouts(MmaAtomKind::Sm90_64xNx16_SS, n));
  for (int64_t n : {8, 64, 256})
    add("wgmma m64n" + std::to_string(n) + "k32",
        mmaAtomLayouts(MmaAtomKind::Sm90_64xNx32_SS, n));
  return r;
}

bool isWgmma(const TiledMma &t) { return t.atom.m == 64; }

/// The brute-force facts of one (tiled MMA, tile, axis): the line (row or
/// column) of every (thread, value) and the elements of every line.
struct Enumerated {
  int64_t threads, values;
  std::vector<int64_t> idx, line;            ///< per flat t + threads * v
  std::vector<std::vector<int64_t>> members; ///< line -> element indices
  bool crossesWarps = false;
};

/// tv at every flat index: the layout library's evaluation is checked at
/// every 61st index, the rest computed from the leaves (colexicographic),
/// which is CuTe's definition and much faster.
std::vector<int64_t> evaluateAll(const Layout &tv) {
  std::vector<int64_t> shape, stride;
  for (const layout::IntTuple &s : layout::flattenLeaves(tv.shape))
    shape.push_back(s.value().value());
  for (const layout::IntTuple &d : layout::flattenLeaves(tv.stride))
    stride.push_back(d.value().value());
  std::vector<int64_t> r;
  for (int64_t f = 0, n = sizeOf(tv); f < n; ++f) {
    int64_t rest = f, i = 0;
    for (size_t k = 0; k < shape.size(); ++k) {
      i += rest % shape[k] * stride[k];
      rest /= shape[k];
    }
    if (f % 61 == 0)
      EXPECT_EQ(i, tv.eval(f)) << tv.str() << " at " << f;
    r.push_back(i);
  }
  return r;
}

Enumerated enumerate(const Layout &tv, int64_t rows, int64_t cols,
                     MmaReduceAxis axis) {
  std::vector<int64_t> at = evaluateAll(tv);
  Enumerated e;
  e.threads = sizeOf(tv[0]);
  e.values = sizeOf(tv[1]);
  e.members.resize(size_t(axis == MmaReduceAxis::Rows ? rows : cols));
  std::vector<std::set<int64_t>> warps(e.members.size());
  for (int64_t v = 0; v < e.values; ++v)
    for (int64_t t = 0; t < e.threads; ++t) {
      int64_t i = at[size_t(t + e.threads * v)];
      int64_t m = i % rows, n = i / rows;
      int64_t l = axis == MmaReduceAxis::Rows ? m : n;
      e.idx.push_back(i);
      e.line.push_back(l);
    }
  // idx/line were pushed in (v, t) order = flat order t + threads * v.
  for (int64_t f = 0; f < e.threads * e.values; ++f) {
    e.members[size_t(e.line[size_t(f)])].push_back(e.idx[size_t(f)]);
    warps[size_t(e.line[size_t(f)])].insert((f % e.threads) / 32);
  }
  for (auto &m : e.members)
    std::sort(m.begin(), m.end());
  for (auto &w : warps)
    e.crossesWarps |= w.size() > 1;
  return e;
}

/// Runs the plan on element ids; true when every value's slot ends with
/// exactly its line's elements. `withWarps`: also the cross-warp xors.
bool runPlan(const MmaReductionPlan &p, const Enumerated &e, bool withWarps,
             std::string &why) {
  using Bag = std::vector<int64_t>;
  std::vector<Bag> slot(size_t(p.threads * p.slots));
  for (int64_t t = 0; t < p.threads; ++t)
    for (int64_t v = 0; v < p.values; ++v)
      slot[size_t(t * p.slots + p.slotOfValue[size_t(v)])].push_back(
          e.idx[size_t(t + e.threads * v)]);
  std::vector<int64_t> xors = p.shuffleXors;
  if (withWarps)
    xors.insert(xors.end(), p.warpXors.begin(), p.warpXors.end());
  for (int64_t d : xors) {
    std::vector<Bag> next = slot;
    for (int64_t t = 0; t < p.threads; ++t) {
      int64_t partner = t ^ d;
      if (partner >= p.threads) {
        why = "xor " + std::to_string(d) + " leaves the threads";
        return false;
      }
      for (int64_t j = 0; j < p.slots; ++j) {
        const Bag &o = slot[size_t(partner * p.slots + j)];
        Bag &mine = next[size_t(t * p.slots + j)];
        mine.insert(mine.end(), o.begin(), o.end());
      }
    }
    slot = std::move(next);
  }
  for (Bag &b : slot)
    std::sort(b.begin(), b.end());
  // Every value of a slot is on one line (by the enumeration), and the slot
  // holds exactly that line's elements.
  for (int64_t t = 0; t < p.threads; ++t) {
    std::vector<int64_t> lineOfSlot(size_t(p.slots), -1);
    for (int64_t v = 0; v < p.values; ++v) {
      int64_t j = p.slotOfValue[size_t(v)];
      int64_t l = e.line[size_t(t + e.threads * v)];
      if (lineOfSlot[size_t(j)] < 0)
        lineOfSlot[size_t(j)] = l;
      if (lineOfSlot[size_t(j)] != l) {
        why = "thread " + std::to_string(t) + " slot " + std::to_string(j) +
              " mixes lines " + std::to_string(lineOfSlot[size_t(j)]) +
              " and " + std::to_string(l);
        return false;
      }
    }
    for (int64_t j = 0; j < p.slots; ++j) {
      const Bag &got = slot[size_t(t * p.slots + j)];
      if (lineOfSlot[size_t(j)] < 0) {
        why = "thread " + std::to_string(t) + " slot " + std::to_string(j) +
              " has no value";
        return false;
      }
      const Bag &want = e.members[size_t(lineOfSlot[size_t(j)])];
      if (got != want) {
        why = "thread " + std::to_string(t) + " slot " + std::to_string(j) +
              ": " + std::to_string(got.size()) + " elements combined, its " +
              "line has " + std::to_string(want.size());
        return false;
      }
    }
  }
  return true;
}

void checkAgainstBruteForce(const std::string &what, const TiledMma &t,
                            int64_t rows, int64_t cols, MmaReduceAxis axis) {
  SCOPED_TRACE(what + " tile (" + std::to_string(rows) + "," +
               std::to_string(cols) + ") " + mmaReduceLineName(axis) + "s");
  auto tv = tiledMmaTV(t, MmaOperand::C, rows, cols);
  ASSERT_TRUE(bool(tv)) << tv.message();
  auto plan = planMmaReduction(t, rows, cols, axis);
  ASSERT_TRUE(bool(plan)) << plan.message();
  Enumerated e = enumerate(*tv, rows, cols, axis);
  ASSERT_EQ(plan->threads, e.threads);
  ASSERT_EQ(plan->values, e.values);
  ASSERT_EQ(int64_t(plan->slotOfValue.size()), e.values);
  // The slots are the thread's distinct lines; lineOf names them.
  for (int64_t th = 0; th < e.threads; ++th) {
    std::set<int64_t> lines;
    for (int64_t v = 0; v < e.values; ++v) {
      int64_t l = e.line[size_t(th + e.threads * v)];
      lines.insert(l);
      ASSERT_EQ(plan->line(th, plan->slotOfValue[size_t(v)]), l)
          << "thread " << th << " value " << v;
    }
    ASSERT_EQ(int64_t(lines.size()), plan->slots) << "thread " << th;
  }
  for (int64_t d : plan->shuffleXors)
    EXPECT_LT(d, 32);
  for (int64_t d : plan->warpXors)
    EXPECT_GE(d, 32);
  EXPECT_EQ(plan->needsSharedMemory(), e.crossesWarps);
  EXPECT_EQ(plan->crossWarpReason().empty(), !e.crossesWarps);
  std::string why;
  EXPECT_TRUE(runPlan(*plan, e, /*withWarps=*/true, why)) << why;
  // Lanes alone complete the lines exactly when no line crosses warps.
  EXPECT_EQ(runPlan(*plan, e, /*withWarps=*/false, why), !e.crossesWarps)
      << why;
}

TEST(MmaReduction, EveryAtomEveryTilingAgainstBruteForce) {
  int checked = 0;
  for (const Case &c : atoms()) {
    bool wg = isWgmma(c.mma);
    std::vector<std::string> tilings = {"(1,1,1):(0,0,0)", "(2,1,1):(1,0,0)",
                                        "(1,2,1):(0,1,0)"};
    if (!wg)
      tilings.insert(tilings.end(),
                     {"(2,2,1):(1,2,0)", "(4,1,1):(1,0,0)", "(1,4,1):(0,1,0)"});
    for (const std::string &mnk : tilings) {
      TiledMma t = c.mma;
      t.atomLayoutMNK = parse(mnk);
      auto step = tiledMmaTileMNK(t);
      ASSERT_TRUE(bool(step));
      int64_t sm = (*step)[0], sn = (*step)[1];
      // One step, two steps in each mode, and 2 x 3 steps (wide wgmma
      // tiles stay at one step in N to keep the run short).
      std::vector<std::pair<int64_t, int64_t>> tiles = {
          {sm, sn}, {2 * sm, sn}, {sm, 2 * sn}};
      if (sn <= 64)
        tiles.push_back({2 * sm, 3 * sn});
      for (auto [r, cl] : tiles)
        for (MmaReduceAxis ax : {MmaReduceAxis::Rows, MmaReduceAxis::Cols}) {
          checkAgainstBruteForce(c.name + " " + mnk, t, r, cl, ax);
          ++checked;
        }
    }
  }
  EXPECT_GT(checked, 300);
}

TEST(MmaReduction, PermutedTiling) {
  TiledMma t;
  t.atom = *mmaAtomLayouts(MmaAtomKind::Sm80_16x8x16);
  t.atomLayoutMNK = parse("(2,2,1):(1,2,0)");
  // N permuted within 16 columns (a + 8b + 2c), as FlashAttention tilings do.
  t.permutation = {std::nullopt, parse("(2,2,4):(1,8,2)"), std::nullopt};
  for (MmaReduceAxis ax : {MmaReduceAxis::Rows, MmaReduceAxis::Cols}) {
    checkAgainstBruteForce("sm80 2x2 permuted", t, 32, 16, ax);
    checkAgainstBruteForce("sm80 2x2 permuted", t, 64, 48, ax);
  }
}

/// The shuffles of the plain atoms, from the PTX ISA's figures: in
/// mma.sync m16n8 and wgmma accumulators, lane 4g + i (i < 4) holds rows g
/// and g + 8 (of its warp's 16 rows for wgmma) at columns 2i, 2i + 1 (+ 8j):
/// a row is shared by the 4 lanes of a quad (xor 1, 2), a column by the 8
/// quads (xor 4, 8, 16) and, for wgmma, by the 4 warps (thread xor 32, 64).
TEST(MmaReduction, XorDistancesOfTheAtomsFollowTheIsa) {
  for (const Case &c : atoms()) {
    SCOPED_TRACE(c.name);
    int64_t m = c.mma.atom.m, n = c.mma.atom.n;
    auto rows = planMmaReduction(c.mma, m, n, MmaReduceAxis::Rows);
    auto cols = planMmaReduction(c.mma, m, n, MmaReduceAxis::Cols);
    ASSERT_TRUE(rows && cols);
    EXPECT_EQ(rows->shuffleXors, (std::vector<int64_t>{1, 2}));
    EXPECT_TRUE(rows->warpXors.empty());
    EXPECT_EQ(rows->slots, 2); // rows g and g + 8
    EXPECT_EQ(rows->values, n / 2);
    EXPECT_EQ(cols->shuffleXors, (std::vector<int64_t>{4, 8, 16}));
    if (isWgmma(c.mma))
      EXPECT_EQ(cols->warpXors, (std::vector<int64_t>{32, 64}));
    else
      EXPECT_TRUE(cols->warpXors.empty());
    EXPECT_EQ(cols->slots, n / 4); // columns 2i, 2i + 1 of each 8
  }
}

/// The check above fails wrong plans: a missing shuffle, a repeated one
/// (double counting), values in the wrong slot.
TEST(MmaReduction, BruteForceRejectsWrongPlans) {
  TiledMma t;
  t.atom = *mmaAtomLayouts(MmaAtomKind::Sm80_16x8x16);
  auto tv = tiledMmaTV(t, MmaOperand::C, 16, 16);
  ASSERT_TRUE(bool(tv));
  Enumerated e = enumerate(*tv, 16, 16, MmaReduceAxis::Rows);
  auto plan = planMmaReduction(t, 16, 16, MmaReduceAxis::Rows);
  ASSERT_TRUE(bool(plan));
  std::string why;
  ASSERT_TRUE(runPlan(*plan, e, true, why)) << why;
  MmaReductionPlan missing = *plan;
  missing.shuffleXors.pop_back();
  EXPECT_FALSE(runPlan(missing, e, true, why));
  MmaReductionPlan twice = *plan;
  twice.shuffleXors.push_back(1);
  EXPECT_FALSE(runPlan(twice, e, true, why));
  MmaReductionPlan swapped = *plan;
  std::swap(swapped.slotOfValue[0], swapped.slotOfValue[2]);
  EXPECT_FALSE(runPlan(swapped, e, true, why));
}

TEST(MmaReduction, TilingAlongTheLineNeedsSharedMemory) {
  TiledMma t;
  t.atom = *mmaAtomLayouts(MmaAtomKind::Sm80_16x8x16);
  t.atomLayoutMNK = parse("(1,2,1):(0,1,0)");
  auto rows = planMmaReduction(t, 16, 16, MmaReduceAxis::Rows);
  ASSERT_TRUE(bool(rows)) << rows.message();
  EXPECT_EQ(rows->shuffleXors, (std::vector<int64_t>{1, 2}));
  EXPECT_EQ(rows->warpXors, (std::vector<int64_t>{32}));
  EXPECT_EQ(rows->crossWarpReason(),
            "row 0 of the (16,16) tile is held by warps 0, 1 (threads 0, 1, "
            "2, 3, 32, 33, 34, 35; thread xor 32)");
  // Along M the same atoms split the columns, not the rows.
  auto cols = planMmaReduction(t, 16, 16, MmaReduceAxis::Cols);
  ASSERT_TRUE(bool(cols));
  EXPECT_FALSE(cols->needsSharedMemory());
}

TEST(MmaReduction, RejectsLayoutsNoButterflyReduces) {
  auto msg = [](const std::string &tv, int64_t r, int64_t c) {
    auto p = planMmaReduction(parse(tv), r, c, MmaReduceAxis::Rows);
    EXPECT_FALSE(bool(p)) << tv;
    return p ? std::string() : p.message();
  };
  EXPECT_EQ(msg("(2,2):(1,0)", 2, 2),
            "the thread-value layout (2,2):(1,0) holds element (0,0) twice "
            "(thread 0 value 0 and thread 0 value 1); a reduction needs each "
            "element held once");
  EXPECT_EQ(msg("(4,2):(1,4)", 4, 4),
            "the thread-value layout (4,2):(1,4) holds 4 x 2 values; the "
            "(4,4) tile has 16 elements");
  // Thread 0 holds rows 0, 2, 1 and thread 1 rows 1, 0, 2 (values 0, 1, 2):
  // value 0 is thread 0's first row but thread 1's second.
  EXPECT_EQ(msg("(2,3):(1,2)", 3, 2),
            "value 0 is in row slot 0 of thread 0 but in slot 1 of thread 1; "
            "the values of a fragment must belong to the same slot in every "
            "thread");
  // Three threads share the row: not an xor group.
  EXPECT_EQ(msg("(3,2):(1,3)", 1, 6),
            "the threads holding row 0 (0, 1, 2) are not closed under xor (1 "
            "and 2 differ by 3, 0 and 3 do not share it): no butterfly of "
            "shuffles combines them");
  // Rows held by threads {0, 3}, {1, 4}, {2, 5}: different xors.
  EXPECT_EQ(msg("(6,2):(1,6)", 3, 4),
            "the threads holding row 1 (1, 4) are not the threads holding row "
            "0 (0, 3) moved by one xor: no butterfly of shuffles combines "
            "them");
  auto umma = ummaAtomLayouts(128, 256, 16, 1);
  ASSERT_TRUE(bool(umma));
  TiledMma t;
  t.atom = *umma;
  auto p = planMmaReduction(t, 128, 256, MmaReduceAxis::Rows);
  ASSERT_FALSE(bool(p));
  EXPECT_EQ(p.message(), "the tiled MMA of SM100_MMA_128x256x16_SS has 1 "
                         "thread(s); its C is not a register fragment of "
                         "whole warps");
}

} // namespace
