//===- DecodePlanTest.cpp - decode attention's host plan and checks -------===//
//
// examples/decode-attention/Decode.h: the split-KV plan (numbers worked out
// by hand from its rule: CTAs for 3 per SM, splits of at least 256 keys, at
// most 64) and the launch checks, one test per rule, each message naming
// the argument and the numbers.
//
//===----------------------------------------------------------------------===//
#include "../../../examples/decode-attention/Decode.h"

#include <gtest/gtest.h>

using namespace cute::decode;

namespace {

Problem qwen(int64_t batch, int64_t page, int64_t maxPages) {
  Problem p;
  p.batch = batch;
  p.hq = 32;
  p.hkv = 8;
  p.d = 128;
  p.page = page;
  p.maxPages = maxPages;
  p.pages = batch * maxPages;
  p.ldq = p.ldo = 32 * 128;
  p.ldkv = 8 * 128;
  return p;
}

TEST(DecodePlan, SplitsFillTheGpu) {
  // Batch 1: 8 CTAs (kv heads) want 132 x 3 / 8 -> 50 splits, capped at
  // 4096 / 256 = 16 splits of 256 keys.
  Plan a = planSplits(qwen(1, 16, 256), 4096, 132);
  EXPECT_EQ(a.splits, 16);
  EXPECT_EQ(a.chunk, 256);
  // Batch 16: 128 CTAs want 4 splits (ceil(396 / 128)) of 1024 keys.
  Plan b = planSplits(qwen(16, 16, 256), 4096, 132);
  EXPECT_EQ(b.splits, 4);
  EXPECT_EQ(b.chunk, 1024);
  // Batch 64: 512 CTAs fill the GPU alone.
  Plan c = planSplits(qwen(64, 16, 256), 4096, 132);
  EXPECT_EQ(c.splits, 1);
  EXPECT_EQ(c.chunk, 4096);
  // A long context at batch 1: at most 64 splits; 32768 / 50 rounds up to
  // 656 keys (a multiple of 16), so 50 splits cover it.
  Plan d = planSplits(qwen(1, 16, 2048), 32768, 132);
  EXPECT_EQ(d.splits, 50);
  EXPECT_EQ(d.chunk, 656);
  // Short and empty contexts: one split.
  EXPECT_EQ(planSplits(qwen(1, 16, 1), 1, 132).splits, 1);
  EXPECT_EQ(planSplits(qwen(1, 16, 1), 0, 132).splits, 1);
  // GQA 32 with 8 tokens: 16 row chunks of 16 rows per kv head.
  Problem g = qwen(1, 16, 16);
  g.hkv = 1;
  g.ntok = 8;
  EXPECT_EQ(rowChunks(g), 16);
}

TEST(DecodePlan, AcceptsAValidLaunch) {
  Problem p = qwen(2, 16, 4);
  std::vector<int32_t> ctx{64, 1};
  std::vector<int32_t> table{0, 1, 2, 3, 4, -1, -1, -1};
  EXPECT_EQ(checkLaunch(p, 128, &ctx, &table), "");
}

TEST(DecodePlan, RejectsAHeadDimTheKernelWasNotBuiltFor) {
  EXPECT_EQ(checkLaunch(qwen(1, 16, 4), 64, nullptr, nullptr),
            "head dim 128: the kernel was built for d = 64");
}

TEST(DecodePlan, RejectsHeadCountsThatAreNotGroups) {
  Problem p = qwen(1, 16, 4);
  p.hq = 30;
  EXPECT_EQ(checkLaunch(p, 128, nullptr, nullptr),
            "q heads (30) must be a positive multiple of kv heads (8)");
}

TEST(DecodePlan, RejectsTooManyTokens) {
  Problem p = qwen(1, 16, 4);
  p.ntok = 9;
  EXPECT_EQ(checkLaunch(p, 128, nullptr, nullptr),
            "tokens per sequence 9 outside 1..8");
}

TEST(DecodePlan, RejectsMisalignedKvRows) {
  Problem p = qwen(1, 16, 4);
  p.ldkv = 1028;
  EXPECT_EQ(checkLaunch(p, 128, nullptr, nullptr),
            "kv row stride 1028 must be a multiple of 8 and at least hkv x d "
            "= 1024");
}

TEST(DecodePlan, RejectsAContextLongerThanItsBlockTableRow) {
  Problem p = qwen(2, 16, 4);
  std::vector<int32_t> ctx{64, 65};
  EXPECT_EQ(checkLaunch(p, 128, &ctx, nullptr),
            "context length of sequence 1 (65) exceeds its block-table row: 4 "
            "pages of 16 = 64 tokens");
}

TEST(DecodePlan, RejectsAPageIndexOutsideTheCache) {
  Problem p = qwen(2, 16, 4);
  std::vector<int32_t> ctx{20, 1};
  std::vector<int32_t> table{0, 8, -1, -1, -1, -1, -1, -1};
  EXPECT_EQ(checkLaunch(p, 128, &ctx, &table),
            "block table [0, 1] = 8 is outside the cache's 8 pages");
  table = {0, 1, -1, -1, -1, -1, -1, -1};
  EXPECT_EQ(checkLaunch(p, 128, &ctx, &table),
            "block table [1, 0] = -1 is outside the cache's 8 pages");
}

} // namespace
