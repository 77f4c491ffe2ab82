//===- GemmClusterTest.cpp - The 16-bit-C configurations on the emulator
//-===//
//
// cute::kernels::gemm's configurations that exist for a 16-bit C only: the
// clusters (gemm_<T>[_n128]_c2: two CTAs along M share B's tile, each
// loading half of it and multicasting it to both) and the 128 x 192 tiles
// (gemm_<T>_n192), on the device CUTE_DEVICE names (ctest: emu:sm_90a),
// against a
// double-precision CPU reference on fresh data (seed printed, C poisoned):
// integer data in [-2, 2] must give the 16-bit rounding of the exact
// result bit for bit, random data must stay within 2^-8 |ref| + 2^-20
// sum |a b| (f32 accumulation, one rounding to bf16). Shapes: 200 x 136 x
// 1000 (one cluster row, the second CTA's rows partly past M) and 300 x
// 136 x 256 (the second cluster row's second CTA has no rows at all:
// its loads are zero fill, its stores clipped, yet it must take part in
// the B multicast and release its stages).
//
//===----------------------------------------------------------------------===//
#include "GemmTestDevice.h"
#include "cute/Kernels/Gemm.h"
#include "cute/Runtime/Memory.h"
#include "cute/Support/NarrowFloat.h"

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstring>
#include <optional>
#include <random>

using namespace cute;
using namespace cute::kernels;

namespace {

using Emu = gemm_test::TestDevice;
Emu &emu() { return gemm_test::testDevice(); }

struct Case {
  int64_t m, n, k;
  ElemType ab = ElemType::BF16;
  std::optional<GemmPlan> plan; ///< none: the library's plan
  bool integer = true;          ///< integers in [-2, 2], else uniform [-1, 1]
  bool epilogue = false; ///< alpha 2, beta -1 (R), bias, ReLU (integer only)
  Bias bias = Bias::PerColumn;
};

/// Runs `c` and returns the elements of C (and of its padding columns,
/// which must stay poisoned) that fail the check.
size_t failures(const Case &c) {
  Emu &e = emu();
  const uint64_t seed = std::random_device{}();
  SCOPED_TRACE("seed " + std::to_string(seed));
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<int> di(-2, 2);
  std::uniform_real_distribution<float> dr(-1.f, 1.f);
  const bool fp8 = c.ab == ElemType::F8E4M3;
  const ElemType tc = c.ab == ElemType::F16 ? ElemType::F16 : ElemType::BF16;
  auto to16 = [&](float v) {
    return tc == ElemType::F16 ? floatToF16Bits(v) : floatToBF16Bits(v);
  };
  auto from16 = [&](uint16_t b) {
    return tc == ElemType::F16 ? f16BitsToFloat(b) : bf16BitsToFloat(b);
  };
  // A and B as stored (the reference uses the stored values).
  auto make = [&](int64_t rows, std::vector<float> &v,
                  std::vector<uint8_t> &bytes) {
    v.resize(size_t(rows * c.k));
    bytes.resize(v.size() * (fp8 ? 1 : 2));
    for (size_t i = 0; i < v.size(); ++i) {
      float x = c.integer ? float(di(rng)) : dr(rng);
      if (fp8) {
        bytes[i] = toF8E4M3FN(x);
        v[i] = fromF8E4M3FN(bytes[i]);
      } else {
        uint16_t h =
            c.ab == ElemType::F16 ? floatToF16Bits(x) : floatToBF16Bits(x);
        std::memcpy(&bytes[2 * i], &h, 2);
        v[i] = c.ab == ElemType::F16 ? f16BitsToFloat(h) : bf16BitsToFloat(h);
      }
    }
  };
  std::vector<float> a, b;
  std::vector<uint8_t> ab, bb;
  make(c.m, a, ab);
  make(c.n, b, bb);
  const int64_t ldc = (c.n + 7) / 8 * 8 + 8;
  std::vector<uint16_t> bias(size_t(std::max(c.m, c.n))),
      res(size_t(c.m * ldc));
  for (auto &x : bias)
    x = to16(float(di(rng)));
  for (auto &x : res)
    x = to16(float(di(rng)));
  auto da = rt::DeviceBuffer::fromHost(e.ctx, ab);
  auto db = rt::DeviceBuffer::fromHost(e.ctx, bb);
  auto dbias = rt::DeviceBuffer::fromHost(e.ctx, bias);
  auto dres = rt::DeviceBuffer::fromHost(e.ctx, res);
  auto dc = rt::DeviceBuffer::allocate(e.ctx, res.size() * 2);
  EXPECT_TRUE(da.ok() && db.ok() && dbias.ok() && dres.ok() && dc.ok());
  EXPECT_TRUE(dc->poison().ok());
  GemmOptions o;
  o.plan = c.plan;
  if (c.epilogue) {
    o.alpha = 2.f;
    o.beta = -1.f;
    o.residual = dres->ptr();
    o.ldr = ldc;
    o.biasMode = c.bias;
    o.bias = dbias->ptr();
    o.activation = Activation::ReLU;
  }
  const std::vector<uint16_t> got = gemm_test::runAndDownload16(
      {da->ptr(), c.ab, c.m, c.k, c.k}, {db->ptr(), c.ab, c.n, c.k, c.k},
      {dc->ptr(), tc, c.m, c.n, ldc}, *dc, o);
  if (got.empty())
    return size_t(c.m * c.n);
  size_t bad = 0;
  for (int64_t i = 0; i < c.m; ++i) {
    for (int64_t j = 0; j < c.n; ++j) {
      double mag = 0;
      const double acc = gemm_test::refDot(a, b, i, j, c.k, mag);
      uint16_t g = got[size_t(i * ldc + j)];
      if (c.integer) {
        double x = acc;
        if (c.epilogue) {
          x = 2 * acc - from16(res[size_t(i * ldc + j)]) +
              from16(bias[size_t(c.bias == Bias::PerRow ? i : j)]);
          x = std::max(x, 0.0);
        }
        bad += g != to16(float(x));
      } else {
        bad += !(std::fabs(from16(g) - acc) <=
                 std::ldexp(std::fabs(acc), -8) + std::ldexp(mag, -20));
      }
    }
    for (int64_t j = (c.n + 7) / 8 * 8; j < ldc; ++j)
      bad += got[size_t(i * ldc + j)] != 0xFFFF;
  }
  return bad;
}

std::string name(const Case &c) {
  return std::to_string(c.m) + "x" + std::to_string(c.n) + "x" +
         std::to_string(c.k) + " " + metadata::elemTypeName(c.ab) + " " +
         (c.plan ? std::string(gemmConfigName(c.plan->config)) + " splits " +
                       std::to_string(c.plan->splits)
                 : "planned");
}

} // namespace

TEST(GemmCluster, EveryClusterConfigurationExactWithEpilogues) {
  // bf16 and e4m3 inputs (e4m3: K % 16 == 0, so 1008), 1 and 3 splits;
  // f16 (bf16's code but for the types) at one shape. The second shape's
  // second cluster row has one CTA of 44 rows and one of none.
  for (GemmConfig cfg :
       {GemmConfig::Cluster2x128x256, GemmConfig::Cluster2x128x128})
    for (ElemType ab : {ElemType::BF16, ElemType::F16, ElemType::F8E4M3})
      for (int64_t splits : {1, 3})
        for (auto [m, n, k] :
             {std::array<int64_t, 3>{200, 136, 1000}, {300, 136, 256}}) {
          if (ab == ElemType::F16 && (splits != 1 || m != 300))
            continue;
          Case c{m, n, ab == ElemType::F8E4M3 ? (k + 15) / 16 * 16 : k, ab};
          c.plan = GemmPlan{cfg, splits};
          c.epilogue = true;
          c.bias = splits == 1 ? Bias::PerColumn : Bias::PerRow;
          SCOPED_TRACE(name(c));
          EXPECT_EQ(failures(c), 0u);
        }
}

TEST(GemmCluster, RandomDataWithinBound) {
  for (GemmConfig cfg :
       {GemmConfig::Cluster2x128x256, GemmConfig::Cluster2x128x128}) {
    Case c{200, 136, 1000};
    c.plan = GemmPlan{cfg, 1};
    c.integer = false;
    SCOPED_TRACE(name(c));
    EXPECT_EQ(failures(c), 0u);
  }
}

TEST(GemmCluster, AtomicSplitsInClusters) {
  // The atomic slots: one per CTA of each cluster tile.
  Case c{300, 136, 640};
  c.plan = GemmPlan{GemmConfig::Cluster2x128x128, 5, true};
  SCOPED_TRACE(name(c));
  EXPECT_EQ(failures(c), 0u);
}

TEST(GemmCluster, OrderedSplitsInTwoLevels) {
  // 12 ordered splits of each CTA's tile: groups of 8 and 4, counted per
  // CTA of the cluster.
  Case c{300, 136, 1024};
  c.plan = GemmPlan{GemmConfig::Cluster2x128x128, 12};
  SCOPED_TRACE(name(c));
  EXPECT_EQ(failures(c), 0u);
}

TEST(GemmCluster, PlannedOnlyWhenAsked) {
  // Measured 2-4x slower than the tiles alone on an H100 (GemmSelect.h,
  // kClusterCostPercent), the clusters are not planned by default; the
  // model still picks one when they are allowed: 256 x 200 x 512 (8 K
  // tiles) on at least 4 SMs: 128 x 128 alone is 4 tiles at (8 + 4) x 65 =
  // 780, in clusters (8 + 4) x 59 = 708.
  EXPECT_FALSE(isClusterGemmConfig(
      emu().gemm.plan(256, 200, 512, ElemType::BF16).config));
  GemmPlan p = planGemm(256, 200, 512, 132, 2, true, true,
                        /*allowCluster=*/true);
  EXPECT_EQ(p.config, GemmConfig::Cluster2x128x128);
  EXPECT_EQ(p.splits, 1);
  Case c{256, 200, 512};
  c.plan = p;
  EXPECT_EQ(failures(c), 0u);
  // Below 256 rows no cluster is planned even when allowed.
  EXPECT_FALSE(isClusterGemmConfig(
      planGemm(255, 200, 512, 132, 2, true, true, true).config));
}

TEST(GemmCluster, RulesNameTheConfiguration) {
  using gemm_test::expectRejected;
  using gemm_test::scratchMatrix;
  const DeviceMatrix a = scratchMatrix(ElemType::BF16, 256, 64),
                     b = scratchMatrix(ElemType::BF16, 128, 64);
  GemmOptions o;
  o.plan = GemmPlan{GemmConfig::Cluster2x128x256, 1};
  expectRejected(a, b, scratchMatrix(ElemType::F32, 256, 128), o,
                 "configuration 2x1-128x256 has instances for a bf16 C");
  o.plan = GemmPlan{GemmConfig::Cluster2x128x128, 0};
  expectRejected(a, b, scratchMatrix(ElemType::BF16, 256, 128), o,
                 "runs split-K (splits >= 1), not stream-K");
  // An f32 C where the plan is 128 x 192 (129 x 8640 x 64: 90 tiles in one
  // wave against 136 of 128 x 128 in two): 128 x 256 tiles instead.
  Emu &e = emu();
  EXPECT_EQ(e.gemm.plan(129, 8640, 64, ElemType::BF16).config,
            GemmConfig::Tile128x192);
  o.plan.reset();
  // B (1.1 MB) and C in buffers of their own (scratch() holds 1 MiB).
  auto db = rt::DeviceBuffer::allocate(e.ctx, 8640 * 64 * 2);
  auto dc = rt::DeviceBuffer::allocate(e.ctx, 129 * 8640 * 4);
  ASSERT_TRUE(db.ok() && dc.ok());
  EXPECT_TRUE(db->memset(0).ok());
  Status s = e.gemm.run(e.stream, scratchMatrix(ElemType::BF16, 129, 64),
                        {db->ptr(), ElemType::BF16, 8640, 64, 64},
                        {dc->ptr(), ElemType::F32, 129, 8640, 8640}, o);
  EXPECT_TRUE(s.ok()) << s.message();
  EXPECT_TRUE(e.stream.synchronize().ok());
}

TEST(GemmTile192, ExactWithEpiloguesSplitsAndStreamK) {
  // One tile column (136 < 192) and three (400: the last one 16 wide);
  // 1, 3 and atomic 3 splits and stream-K (0).
  for (ElemType ab : {ElemType::BF16, ElemType::F16, ElemType::F8E4M3})
    for (GemmPlan plan : {GemmPlan{GemmConfig::Tile128x192, 1},
                          GemmPlan{GemmConfig::Tile128x192, 3},
                          GemmPlan{GemmConfig::Tile128x192, 3, true},
                          GemmPlan{GemmConfig::Tile128x192, 0}})
      for (auto [m, n, k] :
           {std::array<int64_t, 3>{200, 136, 1000}, {300, 400, 256}}) {
        if (ab == ElemType::F16 && (plan.splits != 1 || m != 300))
          continue;
        Case c{m, n, ab == ElemType::F8E4M3 ? (k + 15) / 16 * 16 : k, ab};
        c.plan = plan;
        c.epilogue = true;
        c.bias = plan.splits == 1 ? Bias::PerColumn : Bias::PerRow;
        SCOPED_TRACE(name(c) + (plan.atomic ? " atomic" : ""));
        EXPECT_EQ(failures(c), 0u);
      }
}

TEST(GemmTile192, RandomDataWithinBound) {
  Case c{200, 400, 1000};
  c.plan = GemmPlan{GemmConfig::Tile128x192, 1};
  c.integer = false;
  SCOPED_TRACE(name(c));
  EXPECT_EQ(failures(c), 0u);
}

TEST(GemmTile192, RulesNameTheConfiguration) {
  using gemm_test::expectRejected;
  using gemm_test::scratchMatrix;
  const DeviceMatrix a = scratchMatrix(ElemType::BF16, 256, 64),
                     b = scratchMatrix(ElemType::BF16, 128, 64);
  GemmOptions o;
  o.plan = GemmPlan{GemmConfig::Tile128x192, 1};
  expectRejected(a, b, scratchMatrix(ElemType::F32, 256, 128), o,
                 "configuration 128x192 has instances for a bf16 C");
  // SwiGLU has 128 x 256 and 128 x 128 instances only (C: N / 2 columns).
  o.activation = Activation::SwiGLU;
  expectRejected(a, b, scratchMatrix(ElemType::BF16, 256, 64), o,
                 "SwiGLU runs 128 x 256 or 128 x 128 tiles; configuration "
                 "128x192 has no SwiGLU instance");
  EXPECT_EQ(gemmFallbackConfig(GemmConfig::Tile128x192),
            GemmConfig::Tile128x256);
}
