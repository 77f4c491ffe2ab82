//===- GemmBlockScaleTest.cpp - FP8 128 x 128 block scales on the emulator
//-===//
//
// cute::kernels::gemm with GemmOptions::blockScaleA/B (DeepSeek-V3's FP8
// recipe: A scaled per row and 128 elements of K, B per 128 x 128 block;
// the gemm_e4m3_n128_bs instance) on the device CUTE_DEVICE names (ctest:
// emu:sm_90a), against a double-precision CPU reference on fresh data (seed
// printed, C poisoned). Integer data in [-2, 2] and power-of-two scales
// keep every block's product and every scaled sum exact in f32, so C must
// be the bf16 rounding of the reference bit for bit. Shapes with a K tail
// (the last block short) and N past a 128 boundary, ordered and atomic
// split-K, stream-K, an epilogue; and the rules, named before any launch.
// GemmSm100BlockScale runs the sm_100a configurations (emu:sm_100a).
//
//===----------------------------------------------------------------------===//
#include "GemmTestDevice.h"
#include "cute/Kernels/Gemm.h"
#include "cute/Runtime/Memory.h"
#include "cute/Support/NarrowFloat.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <optional>
#include <random>

using namespace cute;
using namespace cute::kernels;

namespace {

gemm_test::TestDevice &emu() { return gemm_test::testDevice(); }

struct Case {
  int64_t m, n, k;
  std::optional<GemmPlan> plan;
  bool deterministic = true;
  bool epilogue = false; ///< alpha 0.5, a column bias, ReLU
};

size_t failures(const Case &c) {
  auto &e = emu();
  const uint64_t seed = std::random_device{}();
  SCOPED_TRACE("seed " + std::to_string(seed));
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<int> di(-2, 2);
  const int64_t kb = (c.k + 127) / 128, nb = (c.n + 127) / 128;
  std::vector<float> a(size_t(c.m * c.k)), b(size_t(c.n * c.k));
  std::vector<uint8_t> a8(a.size()), b8(b.size());
  for (size_t i = 0; i < a.size(); ++i)
    a8[i] = toF8E4M3FN(a[i] = float(di(rng)));
  for (size_t i = 0; i < b.size(); ++i)
    b8[i] = toF8E4M3FN(b[i] = float(di(rng)));
  // Scales 2^-2 .. 2^2.
  std::vector<float> sa(size_t(c.m * kb)), sb(size_t(nb * kb));
  for (float &x : sa)
    x = std::ldexp(1.f, di(rng));
  for (float &x : sb)
    x = std::ldexp(1.f, di(rng));
  const int64_t ldc = (c.n + 7) / 8 * 8 + 8;
  std::vector<uint16_t> bias(size_t(c.n));
  for (auto &x : bias)
    x = floatToBF16Bits(float(di(rng)));
  auto da = rt::DeviceBuffer::fromHost(e.ctx, a8);
  auto db = rt::DeviceBuffer::fromHost(e.ctx, b8);
  auto dsa = rt::DeviceBuffer::fromHost(e.ctx, sa);
  auto dsb = rt::DeviceBuffer::fromHost(e.ctx, sb);
  auto dbias = rt::DeviceBuffer::fromHost(e.ctx, bias);
  auto dc = rt::DeviceBuffer::allocate(e.ctx, size_t(c.m * ldc) * 2);
  EXPECT_TRUE(da.ok() && db.ok() && dsa.ok() && dsb.ok() && dbias.ok() &&
              dc.ok());
  EXPECT_TRUE(dc->poison().ok());
  GemmOptions o;
  o.blockScaleA = dsa->ptr();
  o.blockScaleB = dsb->ptr();
  o.plan = c.plan;
  o.deterministic = c.deterministic;
  if (c.epilogue) {
    o.alpha = 0.5f;
    o.bias = dbias->ptr();
    o.biasMode = Bias::PerColumn;
    o.activation = Activation::ReLU;
  }
  const std::vector<uint16_t> got = gemm_test::runAndDownload16(
      {da->ptr(), ElemType::F8E4M3, c.m, c.k, c.k},
      {db->ptr(), ElemType::F8E4M3, c.n, c.k, c.k},
      {dc->ptr(), ElemType::BF16, c.m, c.n, ldc}, *dc, o);
  if (got.empty())
    return size_t(c.m * c.n);
  size_t bad = 0;
  for (int64_t i = 0; i < c.m; ++i) {
    for (int64_t j = 0; j < c.n; ++j) {
      double x = 0;
      for (int64_t q = 0; q < c.k; ++q)
        x += double(a[size_t(i * c.k + q)]) * b[size_t(j * c.k + q)] *
             sa[size_t(i * kb + q / 128)] * sb[size_t(j / 128 * kb + q / 128)];
      if (c.epilogue)
        x = std::max(0.5 * x + bf16BitsToFloat(bias[size_t(j)]), 0.0);
      bad += got[size_t(i * ldc + j)] != floatToBF16Bits(float(x));
    }
    for (int64_t j = (c.n + 7) / 8 * 8; j < ldc; ++j)
      bad += got[size_t(i * ldc + j)] != 0xFFFF;
  }
  return bad;
}

std::string name(const Case &c) {
  return std::to_string(c.m) + "x" + std::to_string(c.n) + "x" +
         std::to_string(c.k) +
         (c.plan ? std::string(" ") + gemmConfigName(c.plan->config) +
                       " splits " + std::to_string(c.plan->splits) +
                       (c.plan->atomic ? " atomic" : "")
                 : " planned");
}

} // namespace

TEST(GemmBlockScale, ExactOverBlocksSplitsAndStreamK) {
  // 200 x 300 x 1008: two tile rows, three column blocks (the last 44
  // wide), eight K blocks (the last 112 long).
  for (std::optional<GemmPlan> plan :
       {std::optional<GemmPlan>{},
        std::optional<GemmPlan>{{GemmConfig::Tile128x128, 1}},
        std::optional<GemmPlan>{{GemmConfig::Tile128x128, 3}},
        std::optional<GemmPlan>{{GemmConfig::Tile128x128, 3, true}},
        std::optional<GemmPlan>{{GemmConfig::Tile128x128, 0}}}) {
    Case c{200, 300, 1008, plan};
    c.epilogue = plan && plan->splits == 3;
    SCOPED_TRACE(name(c));
    EXPECT_EQ(failures(c), 0u);
  }
  // One row, one K block shorter than 128 (planned: swap-AB).
  Case one{1, 136, 80};
  SCOPED_TRACE(name(one));
  EXPECT_EQ(failures(one), 0u);
}

TEST(GemmBlockScale, SwapABAtSmallM) {
  // Swap-AB computes C^T: its 128-row tiles are B's blocks (one scale a
  // tile and K block), its columns A's rows (a scale each). 40 rows (one
  // 64-wide column tile, partly past M), 300 columns of C (three B blocks,
  // the last 44 rows), a K tail; 1, 3 (ordered and atomic) splits and
  // stream-K, an epilogue at 3 splits.
  EXPECT_EQ(emu().gemm.plan(40, 300, 1008, ElemType::F8E4M3).config,
            GemmConfig::Swap128x64);
  for (std::optional<GemmPlan> plan :
       {std::optional<GemmPlan>{},
        std::optional<GemmPlan>{{GemmConfig::Swap128x64, 3}},
        std::optional<GemmPlan>{{GemmConfig::Swap128x64, 3, true}},
        std::optional<GemmPlan>{{GemmConfig::Swap128x64, 0}}}) {
    Case c{40, 300, 1008, plan};
    c.epilogue = plan && plan->splits == 3;
    SCOPED_TRACE(name(c));
    EXPECT_EQ(failures(c), 0u);
  }
}

// The sm_100a configurations (ctest: emu:sm_100a; no Blackwell GPU has run
// them): each K tile's product in its own Tensor Memory buffer, scaled and
// summed by the epilogue warps. Both 128-column tiles, one and three
// ordered splits (an epilogue at three), and the planned one.
TEST(GemmSm100BlockScale, ExactEveryConfigurationAndSplits) {
  REQUIRE_SM100();
  for (std::optional<GemmPlan> plan :
       {std::optional<GemmPlan>{},
        std::optional<GemmPlan>{{GemmConfig::Sm100Cta1x128x128, 1}},
        std::optional<GemmPlan>{{GemmConfig::Sm100Cta2x256x128, 1}},
        std::optional<GemmPlan>{{GemmConfig::Sm100Cta1x128x128, 3}},
        std::optional<GemmPlan>{{GemmConfig::Sm100Cta2x256x128, 3}}}) {
    Case c{200, 300, 1008, plan};
    c.epilogue = plan && plan->splits == 3;
    SCOPED_TRACE(name(c));
    EXPECT_EQ(failures(c), 0u);
  }
  // One row, one K block shorter than 128; a split without K tiles (three
  // splits of one K tile).
  for (std::optional<GemmPlan> plan :
       {std::optional<GemmPlan>{},
        std::optional<GemmPlan>{{GemmConfig::Sm100Cta1x128x128, 3}}}) {
    Case one{1, 136, 80, plan};
    SCOPED_TRACE(name(one));
    EXPECT_EQ(failures(one), 0u);
  }
}

TEST(GemmBlockScale, RulesNameTheArgument) {
  using gemm_test::expectRejected;
  using gemm_test::scratch;
  using gemm_test::scratchMatrix;
  const DeviceMatrix a = scratchMatrix(ElemType::F8E4M3, 64, 128),
                     b = scratchMatrix(ElemType::F8E4M3, 128, 128),
                     c = scratchMatrix(ElemType::BF16, 64, 128);
  GemmOptions o;
  o.blockScaleA = scratch();
  expectRejected(a, b, c, o,
                 "block scales need both blockScaleA and blockScaleB; "
                 "blockScaleB is a null pointer");
  o.blockScaleB = scratch();
  expectRejected(scratchMatrix(ElemType::BF16, 64, 128),
                 scratchMatrix(ElemType::BF16, 128, 128), c, o,
                 "128 x 128 block scales are built for f8E4M3FN A and B "
                 "with a bf16 C, not bf16 inputs");
  o.rowScale = scratch();
  expectRejected(a, b, c, o, "block scales replace the row and column scales");
  o.rowScale = 0;
  o.plan = GemmPlan{GemmConfig::Tile128x256, 1};
  expectRejected(a, b, c, o,
                 "block scales run tiles 128 columns wide (128x128 or "
                 "swap-AB on sm_90a, sm100-1cta-128x128 or "
                 "sm100-2cta-256x128 on sm_100a), not configuration 128x256");
  o.plan.reset();
  o.autotune = true;
  expectRejected(a, b, c, o,
                 "block scales are planned (swap-AB at M <= 64, "
                 "else 128 x 128 tiles), not autotuned");
  o.autotune = false;
  // A C the TMA cannot store (ldc 130) with a forced 128 x 128 plan.
  o.plan = GemmPlan{GemmConfig::Tile128x128, 1};
  expectRejected(a, b, {scratch(), ElemType::BF16, 64, 128, 130}, o,
                 "C needs a leading dimension that is a multiple of 8 (here "
                 "130) and 16-byte alignment for the TMA stores of the "
                 "128x128 block-scale configuration");
  o.plan.reset();
  o.blockScaleB = scratch() + 2;
  expectRejected(a, b, c, o, "the block scales must be 4-byte aligned (f32)");
  o.blockScaleB = scratch();
  auto &e = emu();
  Status s = e.gemm.runGrouped(e.stream, a, b, c, scratch(), 1, o);
  EXPECT_NE(s.message().find("the grouped GEMM has no block scales"),
            std::string::npos)
      << s.message();
}
