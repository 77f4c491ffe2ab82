//===- DecodePlanTest.cpp - decode attention's host plan and checks -------===//
//
// examples/decode-attention/Decode.h: the split-KV plan (numbers worked out
// by hand from its cost model: waves of 3 CTAs per SM x (chunk + 128) +
// 14 per split, splits of at least 64 keys, at most 64) and the launch checks,
// one test per rule, each message naming the argument and the numbers.
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
  // 132 SMs x 3 = 396 CTA slots; cost = waves x (chunk + 128) + 14 splits.
  // Batch 1 (8 CTAs), 4096 keys: 16 splits of 256 keys cost 384 + 224 =
  // 608; 8 of 512: 640 + 112 = 752; 32 of 128: 256 + 448 = 704; 43 of 96
  // (one wave's most): 224 + 602 = 826.
  Plan a = planSplits(qwen(1, 16, 256), 4096, 132);
  EXPECT_EQ(a.splits, 16);
  EXPECT_EQ(a.chunk, 256);
  // Batch 16 (128 CTAs): 3 splits of 1376 keys fill one wave (384 CTAs,
  // 1504 + 42); 4 splits would be 512 CTAs in two waves (2304 + 56), 6
  // splits two waves of 816 (1632 + 84).
  Plan b = planSplits(qwen(16, 16, 256), 4096, 132);
  EXPECT_EQ(b.splits, 3);
  EXPECT_EQ(b.chunk, 1376);
  // Batch 64 (512 CTAs): 1 split is 2 waves x 4224 = 8448 (+ 14), 2 splits
  // 3 x 2176 = 6528 (+ 28), 3 splits 4 waves (1536 / 396 = 3.9) x 1504 =
  // 6016 (+ 42), 4 splits 6 x 1152 = 6912, 6 splits 8 x 816 = 6528.
  Plan c = planSplits(qwen(64, 16, 256), 4096, 132);
  EXPECT_EQ(c.splits, 3);
  EXPECT_EQ(c.chunk, 1376);
  // 16384 keys at batch 1: 32 splits of 512 (640 + 448 = 1088) against 24
  // of 688 (816 + 336 = 1152) and 49 of 336 (464 + 686 = 1150).
  Plan f = planSplits(qwen(1, 16, 1024), 16384, 132);
  EXPECT_EQ(f.splits, 32);
  EXPECT_EQ(f.chunk, 512);
  // 32768 keys: 49 splits of 672 (392 CTAs: 800 + 686 = 1486); 48 of 688
  // cost 1488, 32 of 1024 1600; 50 splits (656 keys) would put 400 CTAs in
  // two waves.
  Plan d = planSplits(qwen(1, 16, 2048), 32768, 132);
  EXPECT_EQ(d.splits, 49);
  EXPECT_EQ(d.chunk, 672);
  // Short contexts: at least 64 keys a split; empty ones: one split.
  Plan e = planSplits(qwen(1, 16, 16), 256, 132);
  EXPECT_EQ(e.splits, 4);
  EXPECT_EQ(e.chunk, 64);
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
            "kv row stride 1028 must be a multiple of 8 (16 bytes) and at "
            "least hkv x d = 1024");
  // An e4m3 cache's rows: 16 bytes are 16 elements.
  p.kvBytes = 1;
  p.ldkv = 1032;
  EXPECT_EQ(checkLaunch(p, 128, nullptr, nullptr),
            "kv row stride 1032 must be a multiple of 16 (16 bytes) and at "
            "least hkv x d = 1024");
  p.ldkv = 1040;
  EXPECT_EQ(checkLaunch(p, 128, nullptr, nullptr), "");
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

TEST(DecodePlan, RejectsASlotMappingEntryOutsideTheCache) {
  EXPECT_EQ(checkSlotMapping({3, -1, 9}, 10), "");
  EXPECT_EQ(checkSlotMapping({3, -1, 10}, 10),
            "slot mapping [2] = 10 is outside the caches' 10 slots");
}

} // namespace
