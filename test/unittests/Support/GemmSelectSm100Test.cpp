//===- GemmSelectSm100Test.cpp - The sm_100a GEMM configuration choice ----===//
//
// selectSm100GemmConfig on a B200's 148 SMs. No Blackwell GPU has timed
// these kernels, so the expected choices are not measurements: each is
// worked out by hand in its comment from the model's stated assumptions
// (waves of CTAs, pairs taking two SMs; per-K-tile CTA costs 100, 65, 85
// and 55 for 1-CTA 128 x 256, 1-CTA 128 x 128, 2-CTA 256 x 256 and 2-CTA
// 256 x 128), so a change to the model shows up as a changed expectation.
//
//===----------------------------------------------------------------------===//
#include "cute/Kernels/GemmSelect.h"

#include <gtest/gtest.h>

using namespace cute::kernels;

namespace {
constexpr int64_t kB200Sms = 148;
} // namespace

TEST(GemmSelectSm100, TileShapesAndCounts) {
  // A pair's tile has 256 rows and takes two CTAs.
  EXPECT_EQ(gemmTiles(GemmConfig::Sm100Cta2x256x256, 257, 257), 2 * 2);
  EXPECT_EQ(gemmTiles(GemmConfig::Sm100Cta1x128x256, 257, 257), 3 * 2);
  EXPECT_EQ(gemmTiles(GemmConfig::Sm100Cta2x256x128, 1, 129), 1 * 2);
  EXPECT_EQ(gemmTiles(GemmConfig::Sm100Cta1x128x128, 200, 136), 2 * 2);
  EXPECT_EQ(gemmTileCtas(GemmConfig::Sm100Cta2x256x128), 2);
  EXPECT_EQ(gemmTileCtas(GemmConfig::Sm100Cta1x128x256), 1);
  EXPECT_EQ(gemmTileCtas(GemmConfig::Tile128x256), 1);
  EXPECT_EQ(gemmTileN(GemmConfig::Sm100Cta2x256x128), 128);
  EXPECT_TRUE(isSm100GemmConfig(GemmConfig::Sm100Cta1x128x128));
  EXPECT_FALSE(isSm100GemmConfig(GemmConfig::Swap128x64));
  EXPECT_STREQ(gemmConfigName(GemmConfig::Sm100Cta2x256x256),
               "sm100-2cta-256x256");
}

TEST(GemmSelectSm100, WavesDecide) {
  // 4096^3: 2-CTA 256x256 has 16 x 16 tiles = 512 CTAs = 4 waves of 148
  // (cost 4 x 85 = 340); 1-CTA 128x256 512 CTAs, 4 waves (400); 2-CTA
  // 256x128 1024 CTAs, 7 waves (385); 1-CTA 128x128 1024, 7 (455).
  EXPECT_EQ(selectSm100GemmConfig(4096, 4096, 4096, kB200Sms),
            GemmConfig::Sm100Cta2x256x256);
  // 256 x 4096: 16 pair tiles = 32 CTAs, 1 wave (85); 2-CTA 256x128: 64
  // CTAs, 1 wave (55): the narrow pair tile (and every 1-CTA choice
  // also fits one wave at 100 or 65).
  EXPECT_EQ(selectSm100GemmConfig(256, 4096, 4096, kB200Sms),
            GemmConfig::Sm100Cta2x256x128);
  // 2048 x 4736 (37 N tiles of 128): 2-CTA 256x256 8 x 19 = 152 tiles,
  // 304 CTAs, 3 waves (255); 1-CTA 128x256 16 x 19 = 304 CTAs, 3 waves
  // (300); 2-CTA 256x128 8 x 37 = 296 tiles, 592 CTAs, 4 waves (220);
  // 1-CTA 128x128 16 x 37 = 592, 4 waves (260).
  EXPECT_EQ(selectSm100GemmConfig(2048, 4736, 1024, kB200Sms),
            GemmConfig::Sm100Cta2x256x128);
  // 8192 x 8192: 2-CTA 256x256 32 x 32 tiles = 2048 CTAs, 14 waves
  // (1190); 2-CTA 256x128 4096 CTAs, 28 waves (1540); 1-CTA 128x256 2048
  // CTAs, 14 waves (1400).
  EXPECT_EQ(selectSm100GemmConfig(8192, 8192, 512, kB200Sms),
            GemmConfig::Sm100Cta2x256x256);
  // K does not change the choice (every configuration's K tile is 64).
  EXPECT_EQ(selectSm100GemmConfig(8192, 8192, 64, kB200Sms),
            GemmConfig::Sm100Cta2x256x256);
}

TEST(GemmSelectSm100, FewSmsAndOddCounts) {
  // 3 SMs hold one pair: 2-CTA 256x256 on a 256 x 256 problem is 1 tile,
  // 2 CTAs, 1 wave (85), better than 1-CTA 128x256's 2 CTAs in 1 wave
  // (100).
  EXPECT_EQ(selectSm100GemmConfig(256, 256, 256, 3),
            GemmConfig::Sm100Cta2x256x256);
  // 1 SM cannot hold a pair: a pair still counts as one wave per tile
  // (the model never divides by zero); 1-CTA 128x256 on 128 x 256 is one
  // CTA (100), 2-CTA 256x128 two tiles of two CTAs (2 waves x 55 = 110),
  // 2-CTA 256x256 one wave (85).
  EXPECT_EQ(selectSm100GemmConfig(128, 256, 64, 1),
            GemmConfig::Sm100Cta2x256x256);
  EXPECT_EQ(sm100GemmModelCost(GemmConfig::Sm100Cta2x256x128, 128, 256, 64, 1),
            2 * (1 + kFixedKTiles) * 55);
}

TEST(GemmSelectSm100, DegenerateInputsTakeTheDefault) {
  EXPECT_EQ(selectSm100GemmConfig(0, 16, 16, kB200Sms),
            GemmConfig::Sm100Cta2x256x256);
  EXPECT_EQ(selectSm100GemmConfig(16, 16, 16, 0),
            GemmConfig::Sm100Cta2x256x256);
  EXPECT_EQ(selectSm100GemmConfig(16, -1, 16, kB200Sms),
            GemmConfig::Sm100Cta2x256x256);
}

TEST(GemmSelectSm100, SplitKFillsOneWave) {
  // 1 x 4096 x 4096 bf16: the plan is 2-CTA 256 x 128 (32 tiles = 64
  // CTAs, one wave); 148 / 64 = 2 splits fit the wave, and 64 K tiles
  // allow 16: 2 splits.
  GemmPlan p = planSm100Gemm(1, 4096, 4096, kB200Sms, 2);
  EXPECT_EQ(p.config, GemmConfig::Sm100Cta2x256x128);
  EXPECT_EQ(p.splits, 2);
  // 128 x 128 x 65536: one pair tile of 256 x 128 = 2 CTAs; 74 splits fit
  // the wave, 1024 K tiles allow 256: capped at 16.
  EXPECT_EQ(planSm100Gemm(128, 128, 65536, kB200Sms, 2).splits, 16);
  // K = 512 bf16: 8 K tiles allow 2 splits of 4.
  EXPECT_EQ(sm100GemmSplits(GemmConfig::Sm100Cta1x128x128, 128, 128, 512,
                            kB200Sms, 2),
            2);
  // The same K in e4m3 is 4 K tiles of 128 bytes: one split.
  EXPECT_EQ(sm100GemmSplits(GemmConfig::Sm100Cta1x128x128, 128, 128, 512,
                            kB200Sms, 1),
            1);
  // 4096^3: 512 CTAs, more than the SMs: one split.
  EXPECT_EQ(planSm100Gemm(4096, 4096, 4096, kB200Sms, 2).splits, 1);
}

TEST(GemmSelectSm100, BlockScalesTakeTheNarrowTiles) {
  // 128 x 128 block scales run only the tiles 128 columns wide. 4096^3
  // (WavesDecide: 2-CTA 256x256 at 340 otherwise): 2-CTA 256x128 at 385
  // against 1-CTA 128x128 at 455.
  EXPECT_EQ(selectSm100GemmConfig(4096, 4096, 4096, kB200Sms, true),
            GemmConfig::Sm100Cta2x256x128);
  EXPECT_EQ(planSm100Gemm(4096, 4096, 4096, kB200Sms, 1, true).config,
            GemmConfig::Sm100Cta2x256x128);
  // 128 x 18944 (148 tiles of 128 columns): 2-CTA 256x128 296 CTAs, 2
  // waves (110); 1-CTA 128x128 148 CTAs, 1 wave (65).
  EXPECT_EQ(selectSm100GemmConfig(128, 18944, 4096, kB200Sms, true),
            GemmConfig::Sm100Cta1x128x128);
  // Degenerate input: the narrow default.
  EXPECT_EQ(selectSm100GemmConfig(0, 16, 16, kB200Sms, true),
            GemmConfig::Sm100Cta2x256x128);
}
