//===- MlaPlanTest.cpp - MLA decode's host plan and checks ----------------===//
//
// examples/mla-decode/Mla.h: the split-KV plan (numbers worked out by hand
// from its cost model) and the launch checks, one test per rule, each
// message naming the argument and the numbers.
//
//===----------------------------------------------------------------------===//
#include "../../../examples/mla-decode/Mla.h"

#include <gtest/gtest.h>

using namespace cute::mla;

namespace {

Problem deepseek(int64_t batch, int64_t sq, int64_t maxPages) {
  Problem p;
  p.batch = batch;
  p.sq = sq;
  p.hq = 128;
  p.maxPages = maxPages;
  p.pages = batch * maxPages;
  return p;
}

TEST(MlaPlan, RowTilesAndCounters) {
  // 64-row tiles over sq x hq rows: 128 heads, 2 tokens = 4 tiles; 40
  // heads, 3 tokens = 120 rows = 2 tiles (the second spans tokens).
  EXPECT_EQ(rowTiles(deepseek(1, 2, 1)), 4);
  Problem p = deepseek(3, 3, 1);
  p.hq = 40;
  EXPECT_EQ(rowTiles(p), 2);
  EXPECT_EQ(counters(p), 6);
}

TEST(MlaPlan, SplitsFollowTheirCost) {
  // 132 SMs, 2 q tiles per sequence; cost = waves x (2 x pages per split +
  // 22) + 12 + s for s > 1 splits. Batch 1, 16 pages (1k keys): one split
  // 32 + 22 = 54, two 16 + 22 + 14 = 52, four 8 + 22 + 16 = 46, eight
  // 4 + 22 + 20 = 46 (a tie: fewer), nine would leave a split one page:
  // four.
  EXPECT_EQ(planSplits(deepseek(1, 1, 16), 1024, 132), 4);
  // Batch 1, 256 pages (16k): 8 splits 64 + 22 + 20 = 106, 16 splits 32 +
  // 22 + 28 = 82, 19 splits (14 pages) 28 + 22 + 31 = 81, 20 splits (13
  // pages) 26 + 22 + 32 = 80, 21 splits 26 + 22 + 33 = 81: 20.
  EXPECT_EQ(planSplits(deepseek(1, 1, 256), 16384, 132), 20);
  // Batch 16 (32 CTAs), 64 pages (4k): 1 split 128 + 22 = 150, 2 splits
  // 64 + 22 + 14 = 100, 4 splits (128 CTAs, one wave) 32 + 22 + 16 = 70,
  // 5 splits (160 CTAs, two waves) 2 x (26 + 22) + 17 = 113: four.
  EXPECT_EQ(planSplits(deepseek(16, 1, 64), 4096, 132), 4);
  // Batch 16, 256 pages: 4 splits 128 + 22 + 16 = 166; 5 splits (two
  // waves) 2 x (104 + 22) + 17 = 269: four.
  EXPECT_EQ(planSplits(deepseek(16, 1, 256), 16384, 132), 4);
  // Batch 64 (128 CTAs, one wave): a split doubles the waves (2 x (256 +
  // 22) + 14 = 570 against 512 + 22 = 534): one split.
  EXPECT_EQ(planSplits(deepseek(64, 1, 256), 16384, 132), 1);
  // sq = 2 doubles the tiles: batch 16 at 16k, 64 CTAs; 2 splits 256 + 22
  // + 14 = 292 against 534, 3 splits (192 CTAs, two waves) 2 x (172 + 22)
  // + 15 = 403: two.
  EXPECT_EQ(planSplits(deepseek(16, 2, 256), 16384, 132), 2);
}

TEST(MlaPlan, CheckAcceptsAValidLaunch) {
  Problem p = deepseek(2, 1, 3);
  std::vector<int32_t> ctx{192, 1};
  std::vector<int32_t> table{0, 1, 2, 3, -1, -1};
  EXPECT_EQ(checkLaunch(p, 4, &ctx, &table), "");
}

TEST(MlaPlan, CheckRejectsAContextPastItsRow) {
  Problem p = deepseek(2, 1, 3);
  std::vector<int32_t> ctx{100, 193};
  EXPECT_EQ(checkLaunch(p, 1, &ctx),
            "context length of sequence 1 is 193: its block-table row holds 3 "
            "pages of 64 = 192 tokens");
}

TEST(MlaPlan, CheckRejectsAPageOutsideTheCache) {
  Problem p = deepseek(2, 1, 3);
  std::vector<int32_t> ctx{100, 70};
  std::vector<int32_t> table{0, 1, -1, 2, 6, -1};
  EXPECT_EQ(checkLaunch(p, 1, &ctx, &table),
            "block table entry [1, 1] is 6: outside the cache's 6 pages");
  table[4] = 3; // entry [1, 2] (-1) lies past the context: not read
  EXPECT_EQ(checkLaunch(p, 1, &ctx, &table), "");
}

TEST(MlaPlan, CheckRejectsFewerKeysThanQueryTokens) {
  Problem p = deepseek(1, 4, 1);
  std::vector<int32_t> ctx{3};
  EXPECT_EQ(checkLaunch(p, 1, &ctx),
            "context length of sequence 0 is 3, shorter than its 4 query "
            "tokens");
}

TEST(MlaPlan, CheckRejectsSizesTheKernelIsNotBuiltFor) {
  EXPECT_EQ(checkLaunch(deepseek(1, 9, 1), 1),
            "sq 9: the kernel takes 1 to 8 query tokens per sequence");
  EXPECT_EQ(checkLaunch(deepseek(1, 1, 1), 65), "splits 65 outside [1, 64]");
  Problem p = deepseek(1, 1, 1);
  p.hq = 0;
  EXPECT_EQ(checkLaunch(p, 1),
            "batch, sq and hq must be >= 1 (batch 1, sq 1, hq 0)");
  // 4096 x 8 x 128 rows x 512 columns x 2 splits = 2^32 workspace elements.
  EXPECT_EQ(checkLaunch(deepseek(4096, 8, 1), 2),
            "batch x sq x hq = 4194304 rows with 2 splits: q, o or the split "
            "workspace exceeds 2^31 elements");
}

} // namespace
