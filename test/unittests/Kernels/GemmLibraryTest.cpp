//===- GemmLibraryTest.cpp - cute::kernels::gemm on the emulator ----------===//
//
// The kernel library's GEMM on the device CUTE_DEVICE names (ctest runs it
// on emu:sm_90a, no GPU needed; on the H200 it runs on the GPU): the planned
// configuration and every forced one (128 x 256, 128 x 128, swap-AB; data
// parallel, split-K in one or two levels and stream-K) at small odd shapes,
// with fused epilogues,
// against a double-precision CPU reference on fresh data (seed printed, C
// poisoned). Integer data in [-2, 2] makes every sum exact, so C must be
// the bf16/f16 rounding of the reference bit for bit (GELU: within a
// bound, its exp and division are approximate). Bad operands are rejected
// before any launch with the operand and the numbers.
//
//===----------------------------------------------------------------------===//
#include "GemmTestDevice.h"
#include "cute/Kernels/Gemm.h"
#include "cute/Runtime/Memory.h"
#include "cute/Support/NarrowFloat.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <random>

using namespace cute;
using namespace cute::kernels;

namespace {

using Emu = gemm_test::TestDevice;
Emu &emu() { return gemm_test::testDevice(); }

/// 16-bit values of `type` (bf16 or f16) and e4m3 bytes for small integers.
uint16_t bits16(ElemType t, float v) {
  return t == ElemType::F16 ? floatToF16Bits(v) : floatToBF16Bits(v);
}
float value16(ElemType t, uint16_t b) {
  return t == ElemType::F16 ? f16BitsToFloat(b) : bf16BitsToFloat(b);
}

struct Problem {
  int64_t m, n, k;
  ElemType ab = ElemType::BF16;
  GemmOptions o;
  bool residualIsC = false;
  int64_t ldc = 0;      ///< 0: N rounded up to 8, plus 8
  Gemm *gemm = nullptr; ///< another Gemm than the shared one
};

double act(Activation a, double x) { return gemm_test::refActivation(a, x); }

/// Runs `p` through the library and counts the elements of C that differ
/// from the reference (and padding columns that were written).
size_t mismatches(Problem p) {
  Emu &e = emu();
  const uint64_t seed = std::random_device{}();
  SCOPED_TRACE("seed " + std::to_string(seed));
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<int> d(-2, 2);
  const bool fp8 = p.ab == ElemType::F8E4M3;
  const ElemType tc = p.ab == ElemType::F16 ? ElemType::F16 : ElemType::BF16;
  const size_t eb = fp8 ? 1 : 2;
  std::vector<float> a(size_t(p.m * p.k)), b(size_t(p.n * p.k));
  std::vector<uint8_t> ab(a.size() * eb), bb(b.size() * eb);
  auto fill = [&](std::vector<float> &v, std::vector<uint8_t> &bytes) {
    for (size_t i = 0; i < v.size(); ++i) {
      v[i] = float(d(rng));
      if (fp8) {
        bytes[i] = toF8E4M3FN(v[i]);
      } else {
        uint16_t h = bits16(p.ab, v[i]);
        std::memcpy(&bytes[2 * i], &h, 2);
      }
    }
  };
  fill(a, ab);
  fill(b, bb);
  const int64_t ldc = p.ldc ? p.ldc : p.n + 8 + (8 - p.n % 8) % 8;
  std::vector<uint16_t> bias(size_t(std::max(p.m, p.n))),
      res(size_t(p.m * ldc));
  for (auto &x : bias)
    x = bits16(tc, float(d(rng)));
  for (auto &x : res)
    x = bits16(tc, float(d(rng)));
  auto da = rt::DeviceBuffer::fromHost(e.ctx, ab);
  auto db = rt::DeviceBuffer::fromHost(e.ctx, bb);
  // Per-row / per-column scales: powers of two, so sums stay exact.
  std::vector<float> scales(size_t(p.m + p.n));
  for (float &x : scales)
    x = std::ldexp(1.f, d(rng) / 2);
  auto dscales = rt::DeviceBuffer::fromHost(e.ctx, scales);
  auto dbias = rt::DeviceBuffer::fromHost(e.ctx, bias);
  auto dres = rt::DeviceBuffer::fromHost(e.ctx, res);
  auto dc = rt::DeviceBuffer::allocate(e.ctx, res.size() * 2);
  EXPECT_TRUE(da.ok() && db.ok() && dbias.ok() && dres.ok() && dc.ok());
  EXPECT_TRUE((p.residualIsC ? dc->upload(res) : dc->poison()).ok());
  DeviceMatrix A{da->ptr(), p.ab, p.m, p.k, p.k};
  DeviceMatrix B{db->ptr(), p.ab, p.n, p.k, p.k};
  DeviceMatrix C{dc->ptr(), tc, p.m, p.n, ldc};
  if (p.o.beta != 0.f) {
    p.o.residual = p.residualIsC ? dc->ptr() : dres->ptr();
    p.o.ldr = ldc;
  }
  if (p.o.biasMode != Bias::None)
    p.o.bias = dbias->ptr();
  if (p.o.rowScale)
    p.o.rowScale = dscales->ptr();
  if (p.o.colScale)
    p.o.colScale = dscales->ptr() + size_t(p.m) * 4;
  const std::vector<uint16_t> c =
      gemm_test::runAndDownload16(A, B, C, *dc, p.o, p.gemm);
  if (c.empty())
    return size_t(p.m * p.n);
  size_t bad = 0;
  for (int64_t i = 0; i < p.m; ++i) {
    for (int64_t j = 0; j < p.n; ++j) {
      double acc = 0;
      for (int64_t q = 0; q < p.k; ++q)
        acc += double(a[size_t(i * p.k + q)]) * b[size_t(j * p.k + q)];
      double x = double(p.o.alpha) * acc;
      if (p.o.rowScale)
        x *= scales[size_t(i)];
      if (p.o.colScale)
        x *= scales[size_t(p.m + j)];
      if (p.o.beta != 0.f)
        x += double(p.o.beta) * value16(tc, res[size_t(i * ldc + j)]);
      if (p.o.biasMode == Bias::PerColumn)
        x += value16(tc, bias[size_t(j)]);
      if (p.o.biasMode == Bias::PerRow)
        x += value16(tc, bias[size_t(i)]);
      double ref = act(p.o.activation, x);
      uint16_t got = c[size_t(i * ldc + j)];
      bool approx = p.o.activation == Activation::GELUTanh ||
                    p.o.activation == Activation::SiLU;
      bool ok = approx ? std::fabs(value16(tc, got) - ref) <=
                             std::ldexp(std::fabs(ref), -7) + 1e-4
                       : got == bits16(tc, float(ref));
      bad += !ok;
    }
    // Columns past the last 16-byte segment of C's row stay poisoned.
    for (int64_t j = std::min(ldc, (p.n + 7) / 8 * 8); j < ldc; ++j)
      bad += c[size_t(i * ldc + j)] != 0xFFFF && !p.residualIsC;
  }
  return bad;
}

} // namespace

TEST(GemmLibrary, PlannedConfigurationsAreExact) {
  // 1 x 72 x 64 and 40 x 200 x 512 plan swap-AB; 200 x 136 x 1008 a
  // 128 x 128 tile with split-K.
  for (auto [m, n, k] :
       {std::array<int64_t, 3>{1, 72, 64}, {40, 200, 512}, {200, 136, 1008}}) {
    SCOPED_TRACE(
        std::to_string(m) + "x" + std::to_string(n) + "x" + std::to_string(k) +
        " " + gemmConfigName(emu().gemm.plan(m, n, k, ElemType::BF16).config));
    EXPECT_EQ(mismatches({m, n, k}), 0u);
  }
}

TEST(GemmLibrary, EveryConfigurationWithEpilogues) {
  const GemmConfig configs[] = {
      GemmConfig::Tile128x256, GemmConfig::Tile128x128, GemmConfig::Swap128x64};
  for (GemmConfig cfg : configs)
    for (int64_t splits : {1, 3, 0}) {
      SCOPED_TRACE(std::string(gemmConfigName(cfg)) + " splits " +
                   std::to_string(splits));
      Problem p{77, 136, 256};
      p.o.plan = GemmPlan{cfg, splits};
      p.o.alpha = 2.f;
      p.o.beta = -1.f;
      p.o.biasMode =
          splits == 1 ? Bias::PerColumn : Bias::PerRow; // 0: stream-K
      p.o.activation = splits == 1 ? Activation::ReLU : Activation::ReLU2;
      EXPECT_EQ(mismatches(p), 0u);
    }
}

TEST(GemmLibrary, OrderedSplitsSumInTwoLevels) {
  // More than 8 ordered splits of a 128 x 128 or 128 x 192 tile sum in
  // groups (G = 8, at most 16 groups; gemm-splitk.mlir): 9 (a group of 8
  // and one of 1), 17 and 32 splits, and stream-K over one tile of 128 K
  // tiles (one K tile per CTA: up to 16 groups); 128 x 256 tiles keep one
  // level. Integer data: every partial must be summed exactly once.
  for (GemmConfig cfg : {GemmConfig::Tile128x128, GemmConfig::Tile128x192,
                         GemmConfig::Tile128x256})
    for (int64_t splits : {9, 17, 32, 0}) {
      SCOPED_TRACE(std::string(gemmConfigName(cfg)) + " splits " +
                   std::to_string(splits));
      Problem p{100, 150, splits ? 4096 : 8192};
      p.o.plan = GemmPlan{cfg, splits};
      p.o.biasMode = Bias::PerColumn;
      EXPECT_EQ(mismatches(p), 0u);
    }
}

TEST(GemmLibrary, AtomicReductionsWhenNotDeterministic) {
  // One 128 x 128 tile with a long K: without `deterministic` the plan
  // sums its splits with atomic reductions (the workspace slot is zero
  // again after each call, so the second call is exact too); forced atomic
  // plans of every configuration, split-K and stream-K, with an epilogue.
  GemmPlan planned = emu().gemm.plan(128, 128, 8192, ElemType::BF16, false);
  EXPECT_TRUE(planned.atomic);
  EXPECT_GT(planned.splits, 1);
  EXPECT_FALSE(emu().gemm.plan(128, 128, 8192, ElemType::BF16).atomic);
  for (int call = 0; call < 2; ++call) {
    Problem p{128, 128, 8192};
    p.o.deterministic = false;
    EXPECT_EQ(mismatches(p), 0u) << "call " << call;
  }
  for (GemmConfig cfg : {GemmConfig::Tile128x256, GemmConfig::Tile128x128,
                         GemmConfig::Swap128x64})
    for (int64_t splits : {5, 0}) {
      SCOPED_TRACE(std::string(gemmConfigName(cfg)) + " splits " +
                   std::to_string(splits) + " atomic");
      Problem p{77, 136, 640};
      p.o.plan = GemmPlan{cfg, splits, true};
      p.o.beta = 1.f;
      p.o.biasMode = Bias::PerColumn;
      EXPECT_EQ(mismatches(p), 0u);
    }
}

TEST(GemmLibrary, GroupedGemmIsExactWithPerGroupBias) {
  // Five groups of 0, 1, 130, 77 and 0 rows (M = 208): an empty group, a
  // one-row group, one spanning two tiles and ending mid-tile; integer data
  // and a per-group column bias, so C is the bf16 rounding of the exact
  // reference bit for bit; rows past each group are another group's.
  Emu &e = emu();
  const std::vector<int32_t> sizes = {0, 1, 130, 77, 0};
  const int64_t groups = int64_t(sizes.size()), n = 72, k = 64;
  std::vector<int32_t> offs;
  std::vector<int64_t> groupOf;
  int32_t end = 0;
  for (size_t g = 0; g < sizes.size(); ++g) {
    for (int32_t r = 0; r < sizes[g]; ++r)
      groupOf.push_back(int64_t(g));
    end += sizes[g];
    offs.push_back(end);
  }
  const int64_t m = end, ldc = 80;
  std::mt19937 rng(std::random_device{}());
  std::uniform_int_distribution<int> d(-2, 2);
  std::vector<float> a(size_t(m * k)), b(size_t(groups * n * k)),
      bias(size_t(groups * n));
  std::vector<uint16_t> ab(a.size()), bb(b.size()), biasb(bias.size());
  auto fill = [&](std::vector<float> &v, std::vector<uint16_t> &bits) {
    for (size_t i = 0; i < v.size(); ++i) {
      v[i] = float(d(rng));
      bits[i] = bits16(ElemType::BF16, v[i]);
    }
  };
  fill(a, ab);
  fill(b, bb);
  fill(bias, biasb);
  auto da = rt::DeviceBuffer::fromHost(e.ctx, ab);
  auto db = rt::DeviceBuffer::fromHost(e.ctx, bb);
  auto dbias = rt::DeviceBuffer::fromHost(e.ctx, biasb);
  auto doffs = rt::DeviceBuffer::fromHost(e.ctx, offs);
  auto dc = rt::DeviceBuffer::allocate(e.ctx, size_t(m * ldc) * 2);
  ASSERT_TRUE(da.ok() && db.ok() && dbias.ok() && doffs.ok() && dc.ok());
  ASSERT_TRUE(dc->poison().ok());
  DeviceMatrix A{da->ptr(), ElemType::BF16, m, k, k};
  DeviceMatrix B{db->ptr(), ElemType::BF16, groups * n, k, k};
  DeviceMatrix C{dc->ptr(), ElemType::BF16, m, n, ldc};
  GemmOptions o;
  o.bias = dbias->ptr();
  o.biasMode = Bias::PerColumn;
  o.activation = Activation::ReLU;
  Status st = groupedGemm(e.stream, A, B, C, doffs->ptr(), groups, o);
  ASSERT_TRUE(st.ok()) << st.message();
  ASSERT_TRUE(e.stream.synchronize().ok());
  auto c = dc->download<uint16_t>();
  ASSERT_TRUE(c.ok());
  size_t bad = 0;
  for (int64_t i = 0; i < m; ++i) {
    const int64_t g = groupOf[size_t(i)];
    for (int64_t j = 0; j < ldc; ++j) {
      uint16_t got = (*c)[size_t(i * ldc + j)];
      if (j >= n) { // the padding stays poisoned
        bad += got != 0xFFFF;
        continue;
      }
      double acc = bias[size_t(g * n + j)];
      for (int64_t q = 0; q < k; ++q)
        acc += double(a[size_t(i * k + q)]) * b[size_t((g * n + j) * k + q)];
      bad += got != bits16(ElemType::BF16, float(std::max(acc, 0.0)));
    }
  }
  EXPECT_EQ(bad, 0u);

  // The grouped operands' rules, before any launch.
  auto expect = [&](DeviceMatrix a2, DeviceMatrix b2, DeviceMatrix c2,
                    int64_t g2, GemmOptions o2, const std::string &what) {
    Status s2 = e.gemm.runGrouped(e.stream, a2, b2, c2, doffs->ptr(), g2, o2);
    EXPECT_FALSE(s2.ok());
    EXPECT_NE(s2.message().find(what), std::string::npos) << s2.message();
  };
  expect(A, B, C, 0, {}, "groups = 0 must be in 1..");
  expect(A, B, C, 7, {}, "B has 360 rows, not groups (7) blocks of N rows");
  DeviceMatrix f16a = A, f16b = B, f16c = C;
  f16a.type = f16b.type = f16c.type = ElemType::F16;
  expect(f16a, f16b, f16c, groups, {}, "not f16");
  GemmOptions planned;
  planned.plan = GemmPlan{GemmConfig::Tile128x128, 2};
  expect(A, B, C, groups, planned, "takes no plan and no autotuning");
  DeviceMatrix odd = C;
  odd.ld = 75;
  expect(A, B, odd, groups, {}, "must be a multiple of 8");
}

TEST(GemmLibrary, SwiGLUPlainAndGrouped) {
  // B's rows are 64-row gate and up blocks in turn; C (77 x 128) =
  // silu(gate) x up + bias per GEMM column, within the bound of the
  // approximate exp and division. Then the grouped form (two groups of 30
  // and 47 rows, each with its own 256 x 64 B), and the SwiGLU rules.
  Emu &e = emu();
  const int64_t m = 77, n = 256, k = 64, half = n / 2, ldc = 136;
  std::mt19937 rng(std::random_device{}());
  std::uniform_int_distribution<int> d(-2, 2);
  auto values = [&](size_t count) {
    std::vector<float> v(count);
    for (float &x : v)
      x = float(d(rng));
    return v;
  };
  auto bits = [&](const std::vector<float> &v) {
    std::vector<uint16_t> out(v.size());
    for (size_t i = 0; i < v.size(); ++i)
      out[i] = bits16(ElemType::BF16, v[i]);
    return out;
  };
  std::vector<float> a = values(size_t(m * k)), b = values(size_t(2 * n * k)),
                     bias = values(size_t(2 * n));
  auto da = rt::DeviceBuffer::fromHost(e.ctx, bits(a));
  auto db = rt::DeviceBuffer::fromHost(e.ctx, bits(b));
  auto dbias = rt::DeviceBuffer::fromHost(e.ctx, bits(bias));
  auto dc = rt::DeviceBuffer::allocate(e.ctx, size_t(m * ldc) * 2);
  std::vector<int32_t> ends = {30, int32_t(m)};
  auto dends = rt::DeviceBuffer::fromHost(e.ctx, ends);
  ASSERT_TRUE(da.ok() && db.ok() && dbias.ok() && dc.ok() && dends.ok());
  DeviceMatrix A{da->ptr(), ElemType::BF16, m, k, k};
  DeviceMatrix C{dc->ptr(), ElemType::BF16, m, half, ldc};
  GemmOptions o;
  o.activation = Activation::SwiGLU;
  o.bias = dbias->ptr();
  o.biasMode = Bias::PerColumn;
  for (bool grouped : {false, true}) {
    SCOPED_TRACE(grouped ? "grouped" : "plain");
    ASSERT_TRUE(dc->poison().ok());
    DeviceMatrix B{db->ptr(), ElemType::BF16, grouped ? 2 * n : n, k, k};
    Status st = grouped
                    ? e.gemm.runGrouped(e.stream, A, B, C, dends->ptr(), 2, o)
                    : e.gemm.run(e.stream, A, B, C, o);
    ASSERT_TRUE(st.ok()) << st.message();
    ASSERT_TRUE(e.stream.synchronize().ok());
    auto c = dc->download<uint16_t>();
    ASSERT_TRUE(c.ok());
    size_t bad = 0;
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = 0; j < ldc; ++j) {
        uint16_t got = (*c)[size_t(i * ldc + j)];
        if (j >= half) {
          bad += got != 0xFFFF;
          continue;
        }
        const int64_t g = grouped && i >= 30 ? 1 : 0;
        auto col = [&](int64_t q) {
          double x = bias[size_t(g * n + q)];
          for (int64_t t = 0; t < k; ++t)
            x += double(a[size_t(i * k + t)]) * b[size_t((g * n + q) * k + t)];
          return x;
        };
        const int64_t gc = (j / 64) * 128 + j % 64;
        double gate = col(gc), up = col(gc + 64);
        double ref = gate / (1 + std::exp(-gate)) * up;
        bad += !(std::fabs(value16(ElemType::BF16, got) - ref) <=
                 std::ldexp(std::fabs(ref), -7) + 1e-3);
      }
    EXPECT_EQ(bad, 0u);
  }
  DeviceMatrix B{db->ptr(), ElemType::BF16, n, k, k};
  auto expect = [&](const DeviceMatrix &b2, const DeviceMatrix &c2,
                    const std::string &what) {
    Status s2 = e.gemm.run(e.stream, A, b2, c2, o);
    EXPECT_FALSE(s2.ok());
    EXPECT_NE(s2.message().find(what), std::string::npos) << s2.message();
  };
  DeviceMatrix b192 = B, c96 = C;
  b192.rows = 192;
  c96.cols = 96;
  expect(b192, c96, "SwiGLU needs N % 128 == 0");
  DeviceMatrix wide = C;
  wide.cols = n;
  wide.ld = 264;
  expect(B, wide, "C is 77 x 256 but A B^T is 77 x 128");
  DeviceMatrix odd = C;
  odd.ld = 130;
  expect(B, odd, "SwiGLU stores C by TMA");
}

TEST(GemmLibrary, TypesScalesInPlaceResidualAndGelu) {
  // Swap-AB (planned at M = 33) with per-row and per-column scales: the
  // scales exchange with M and N.
  Problem swap{33, 200, 256};
  swap.o.rowScale = 1;
  swap.o.colScale = 1;
  swap.o.biasMode = Bias::PerRow;
  EXPECT_EQ(mismatches(swap), 0u);
  Problem f16{33, 72, 128, ElemType::F16};
  f16.o.biasMode = Bias::PerColumn;
  f16.o.activation = Activation::GELUTanh;
  EXPECT_EQ(mismatches(f16), 0u);
  Problem e4m3{130, 64, 160, ElemType::F8E4M3};
  e4m3.o.alpha = 0.5f;
  e4m3.o.rowScale = 1; // set to the scale buffers by mismatches()
  e4m3.o.colScale = 1;
  e4m3.o.beta = 1.f;
  e4m3.residualIsC = true;
  EXPECT_EQ(mismatches(e4m3), 0u);
}

TEST(GemmLibrary, UnalignedCTakesSwapAB) {
  // C's pitch of 139 elements cannot be TMA-stored: the planned 128 x 128
  // tile would be refused, so the library takes swap-AB (any M).
  Problem p{200, 136, 256};
  p.ldc = 139;
  EXPECT_EQ(emu().gemm.plan(200, 136, 256, ElemType::BF16).config,
            GemmConfig::Tile128x128);
  EXPECT_EQ(mismatches(p), 0u);
}

TEST(GemmLibrary, AutotuneTimesOnceAndKeepsThePlanInItsFile) {
  Emu &e = emu();
  std::string dir = testing::TempDir() + "cute-gemm-tune-" +
                    std::to_string(std::random_device{}());
  auto g = Gemm::create(e.ctx, dir);
  ASSERT_TRUE(g.ok()) << g.message();
  EXPECT_EQ(g->tuneStats().fromFile, 0);
  // The first call of the class times the candidates and is exact; a
  // second call of the same class (M 33 -> 64 like 40) times nothing.
  Problem p{40, 200, 256};
  p.gemm = &*g;
  p.o.autotune = true;
  p.o.biasMode = Bias::PerColumn;
  p.o.activation = Activation::ReLU;
  EXPECT_EQ(mismatches(p), 0u);
  EXPECT_EQ(g->tuneStats().timed, 1);
  // M 40: each of the three configurations with one split and stream-K at
  // least (and its heuristic's count when that is another).
  EXPECT_GE(g->tuneStats().candidates, 6);
  std::optional<GemmPlan> chosen = g->tunedPlan(40, 200, 256, ElemType::BF16);
  ASSERT_TRUE(chosen.has_value());
  Problem q{33, 200, 256};
  q.gemm = &*g;
  q.o.autotune = true;
  EXPECT_EQ(mismatches(q), 0u);
  EXPECT_EQ(g->tuneStats().timed, 1);
  // A new Gemm (a later process) reads the class from the file.
  auto h = Gemm::create(e.ctx, dir);
  ASSERT_TRUE(h.ok()) << h.message();
  EXPECT_EQ(h->tuneFile(), g->tuneFile());
  EXPECT_EQ(h->tuneStats().fromFile, 1);
  std::optional<GemmPlan> read = h->tunedPlan(64, 200, 256, ElemType::BF16);
  ASSERT_TRUE(read.has_value());
  EXPECT_EQ(read->config, chosen->config);
  EXPECT_EQ(read->splits, chosen->splits);
  EXPECT_FALSE(h->tunedPlan(65, 200, 256, ElemType::BF16).has_value());
  std::filesystem::remove_all(dir);
}

TEST(GemmLibrary, RejectsBadOperandsBeforeLaunch) {
  Emu &e = emu();
  const CUdeviceptr p = 0x7f0000100000; // never dereferenced: checks fail first
  DeviceMatrix A{p, ElemType::BF16, 64, 128, 128};
  DeviceMatrix B{p, ElemType::BF16, 96, 128, 128};
  DeviceMatrix C{p, ElemType::BF16, 64, 96, 96};
  auto expect = [&](DeviceMatrix a, DeviceMatrix b, DeviceMatrix c,
                    GemmOptions o, const std::string &what) {
    Status s = e.gemm.run(e.stream, a, b, c, o);
    ASSERT_FALSE(s.ok()) << what;
    EXPECT_NE(s.message().find(what), std::string::npos) << s.message();
  };
  DeviceMatrix bad = B;
  bad.cols = 120;
  bad.ld = 120;
  expect(A, bad, C, {}, "A is 64 x 128 and B 96 x 120");
  bad = A;
  bad.cols = bad.ld = 100;
  DeviceMatrix b2 = B;
  b2.cols = b2.ld = 100;
  expect(bad, b2, C, {}, "K = 100 must be a multiple of 8 for bf16");
  bad = C;
  bad.type = ElemType::F16;
  expect(A, B, bad, {}, "C is f16; for bf16 inputs it must be bf16 or f32");
  bad = C;
  bad.cols = 95;
  expect(A, B, bad, {}, "C is 64 x 95 but A B^T is 64 x 96");
  bad = A;
  bad.ld = 100;
  expect(bad, B, C, {}, "A's leading dimension 100 is less than its 128");
  GemmOptions o;
  o.beta = 1.f;
  expect(A, B, C, o, "beta is 1.000000 but the residual is a null pointer");
  o.residual = p;
  o.ldr = 100;
  expect(A, B, C, o, "multiple of 8 (here 100)");
  o = {};
  o.biasMode = Bias::PerRow;
  expect(A, B, C, o, "a bias mode is set but the bias is a null pointer");
  o = {};
  o.plan = GemmPlan{GemmConfig::Tile128x128, 65};
  expect(A, B, C, o,
         "splits = 65 is not in 0..64 (0: stream-K) (atomic reductions "
         "allow up to 128)");
  o.plan = GemmPlan{GemmConfig::Tile128x128, 129, true};
  expect(A, B, C, o,
         "splits = 129 is not in 0..128 (0: stream-K) for atomic reductions");
  bad = C;
  bad.ld = 100;
  o = {};
  o.plan = GemmPlan{GemmConfig::Tile128x256, 1};
  expect(A, B, bad, o, "leading dimension that is a multiple of 8 (here 100)");
}

//===----------------------------------------------------------------------===//
// f32 and e4m3 outputs
//===----------------------------------------------------------------------===//

namespace {

/// e4m3 (f8E4M3FN) rounding of x, independent of the library and of
/// cute/Support: the nearest of the 126 positive finite values by
/// enumeration (ties to the even code), saturated to +-448.
uint8_t refE4M3(double x) {
  auto value = [](int code) { // positive codes 0..126
    int e = code >> 3, f = code & 7;
    return e == 0 ? std::ldexp(f / 8.0, -6) : std::ldexp(1 + f / 8.0, e - 7);
  };
  const uint8_t sign = std::signbit(x) ? 0x80 : 0;
  double a = std::fabs(x);
  if (a >= 448)
    return sign | 126;
  int best = 0;
  for (int c = 1; c <= 126; ++c) {
    double d = std::fabs(value(c) - a), db = std::fabs(value(best) - a);
    if (d < db || (d == db && (c & 1) == 0 && (best & 1)))
      best = c;
  }
  return sign | uint8_t(best);
}

struct OutProblem {
  int64_t m, n, k;
  ElemType ab = ElemType::BF16, tc = ElemType::F32;
  GemmOptions o;
  bool exact = true;    ///< integer data (else uniform bf16 in [-1, 1])
  float outScale = 1.f; ///< e4m3 C: stored in device memory
  bool noOutScale = false;
  /// e4m3 C: how many references were ties between two e4m3 values and
  /// how many saturated (to check the data reached them).
  size_t *ties = nullptr, *saturated = nullptr;
};

/// Runs `p` (C f32 or e4m3) and counts the elements of C that differ from
/// the double-precision reference: f32 C bit-exact on integer data, within
/// k 2^-22 sum |a b| on random data; e4m3 C the reference's e4m3 rounding
/// (RNE, saturated) bit for bit. Padding columns must stay poisoned.
size_t outputMismatches(OutProblem p) {
  Emu &e = emu();
  const uint64_t seed = std::random_device{}();
  SCOPED_TRACE("seed " + std::to_string(seed));
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<int> d(-2, 2);
  std::uniform_real_distribution<float> u(-1.f, 1.f);
  const bool fp8 = p.ab == ElemType::F8E4M3;
  const bool f32 = p.tc == ElemType::F32;
  const size_t eb = fp8 ? 1 : 2, cb = f32 ? 4 : p.tc == ElemType::BF16 ? 2 : 1;
  const int64_t per = f32 ? 8 : 16;
  const int64_t ldc = (p.n + per - 1) / per * per + per;
  std::vector<float> a(size_t(p.m * p.k)), b(size_t(p.n * p.k));
  std::vector<uint8_t> ab(a.size() * eb), bb(b.size() * eb);
  auto fill = [&](std::vector<float> &v, std::vector<uint8_t> &bytes) {
    for (size_t i = 0; i < v.size(); ++i) {
      float x = p.exact ? float(d(rng)) : u(rng);
      if (fp8) {
        bytes[i] = toF8E4M3FN(x);
        v[i] = fromF8E4M3FN(bytes[i]);
      } else {
        uint16_t h = floatToBF16Bits(x);
        std::memcpy(&bytes[2 * i], &h, 2);
        v[i] = bf16BitsToFloat(h);
      }
    }
  };
  fill(a, ab);
  fill(b, bb);
  std::vector<uint16_t> bias(size_t(std::max(p.m, p.n))),
      res(size_t(p.m * p.n));
  for (auto &x : bias)
    x = floatToBF16Bits(float(d(rng)));
  for (auto &x : res)
    x = floatToBF16Bits(float(d(rng)));
  std::vector<float> scales(size_t(p.m + p.n));
  for (float &x : scales)
    x = std::ldexp(1.f, d(rng) / 2);
  auto da = rt::DeviceBuffer::fromHost(e.ctx, ab);
  auto db = rt::DeviceBuffer::fromHost(e.ctx, bb);
  auto dscales = rt::DeviceBuffer::fromHost(e.ctx, scales);
  auto dbias = rt::DeviceBuffer::fromHost(e.ctx, bias);
  auto dres = rt::DeviceBuffer::fromHost(e.ctx, res);
  auto dos = rt::DeviceBuffer::fromHost(e.ctx, std::vector<float>{p.outScale});
  auto dc = rt::DeviceBuffer::allocate(e.ctx, size_t(p.m * ldc) * cb);
  EXPECT_TRUE(da.ok() && db.ok() && dbias.ok() && dres.ok() && dc.ok() &&
              dos.ok() && dscales.ok());
  EXPECT_TRUE(dc->poison().ok());
  DeviceMatrix A{da->ptr(), p.ab, p.m, p.k, p.k};
  DeviceMatrix B{db->ptr(), p.ab, p.n, p.k, p.k};
  DeviceMatrix C{dc->ptr(), p.tc, p.m, p.n, ldc};
  if (p.o.beta != 0.f) {
    p.o.residual = dres->ptr();
    p.o.ldr = p.n;
  }
  if (p.o.biasMode != Bias::None)
    p.o.bias = dbias->ptr();
  if (p.o.rowScale)
    p.o.rowScale = dscales->ptr();
  if (p.o.colScale)
    p.o.colScale = dscales->ptr() + size_t(p.m) * 4;
  if (p.tc == ElemType::F8E4M3 && !p.noOutScale)
    p.o.outScale = dos->ptr();
  Status s = e.gemm.run(e.stream, A, B, C, p.o);
  EXPECT_TRUE(s.ok()) << s.message();
  EXPECT_TRUE(e.stream.synchronize().ok());
  auto c = dc->download<uint8_t>();
  EXPECT_TRUE(c.ok());
  size_t bad = 0;
  for (int64_t i = 0; i < p.m; ++i) {
    for (int64_t j = 0; j < p.n; ++j) {
      double mag = 0;
      double x = double(p.o.alpha) * gemm_test::refDot(a, b, i, j, p.k, mag);
      if (p.o.rowScale)
        x *= scales[size_t(i)];
      if (p.o.colScale)
        x *= scales[size_t(p.m + j)];
      if (p.o.beta != 0.f)
        x += double(p.o.beta) * bf16BitsToFloat(res[size_t(i * p.n + j)]);
      if (p.o.biasMode == Bias::PerColumn)
        x += bf16BitsToFloat(bias[size_t(j)]);
      if (p.o.biasMode == Bias::PerRow)
        x += bf16BitsToFloat(bias[size_t(i)]);
      double ref = act(p.o.activation, x);
      const size_t at = size_t(i * ldc + j) * cb;
      if (f32) {
        float got;
        std::memcpy(&got, &(*c)[at], 4);
        bad += p.exact ? got != float(ref)
                       : !(std::fabs(got - ref) <=
                           double(p.k) * std::ldexp(mag, -22) + 1e-30);
      } else {
        double y = ref * (p.noOutScale ? 1.0 : double(p.outScale));
        uint8_t want = refE4M3(y);
        if (p.ties && std::fabs(y) < 448) {
          // A tie: halfway between the reference's code and a neighbour.
          uint8_t lo = refE4M3(std::nextafter(y, 0.0));
          uint8_t hi = refE4M3(std::nextafter(y, 2 * y));
          *p.ties += lo != hi;
        }
        if (p.saturated)
          *p.saturated += std::fabs(y) > 464; // beyond 448's rounding range
        bad += (*c)[at] != want;
      }
    }
    for (int64_t j = (p.n + per - 1) / per * per; j < ldc; ++j)
      for (size_t q = 0; q < cb; ++q)
        bad += (*c)[size_t(i * ldc + j) * cb + q] != 0xFF;
  }
  return bad;
}

std::string shapeName(int64_t m, int64_t n, int64_t k) {
  return std::to_string(m) + "x" + std::to_string(n) + "x" + std::to_string(k);
}

/// Calls `body(plan)` for every configuration with one split, 3 splits and
/// stream-K (0), each under a trace naming it.
template <class Body> void forEveryPlan(Body body) {
  for (GemmConfig cfg : {GemmConfig::Tile128x256, GemmConfig::Tile128x128,
                         GemmConfig::Swap128x64})
    for (int64_t splits : {1, 3, 0}) {
      SCOPED_TRACE(std::string(gemmConfigName(cfg)) + " splits " +
                   std::to_string(splits));
      body(GemmPlan{cfg, splits});
    }
}

} // namespace

TEST(GemmLibrary, F32OutputPlannedAndForcedConfigurations) {
  // Planned: swap-AB at M = 1, 128 x 128 with split-K at 200 x 136 x 1000.
  for (auto [m, n, k] : {std::array<int64_t, 3>{1, 72, 64}, {200, 136, 1000}}) {
    SCOPED_TRACE(
        shapeName(m, n, k) + " " +
        gemmConfigName(emu().gemm.plan(m, n, k, ElemType::BF16).config));
    EXPECT_EQ(outputMismatches({m, n, k}), 0u);
    OutProblem r{m, n, k};
    r.exact = false;
    EXPECT_EQ(outputMismatches(r), 0u);
  }
  // Every configuration, data parallel, split-K and stream-K, with an
  // epilogue (bias, residual, scales, activation).
  forEveryPlan([](GemmPlan plan) {
    OutProblem p{77, 136, 256};
    p.o.plan = plan;
    p.o.alpha = 2.f;
    p.o.beta = -1.f;
    p.o.rowScale = p.o.colScale = 1;
    p.o.biasMode = plan.splits == 1 ? Bias::PerColumn : Bias::PerRow;
    p.o.activation = plan.splits == 1 ? Activation::ReLU : Activation::ReLU2;
    EXPECT_EQ(outputMismatches(p), 0u);
  });
}

TEST(GemmLibrary, E4M3OutputRoundsToNearestEvenAndSaturates) {
  // Integer sums times a power-of-two output scale: many values fall
  // halfway between two e4m3 values (17 between 16 and 18, 0.75 between
  // 0.6875 and 0.8125 ..), and at scale 16 many pass 448.
  size_t ties = 0, saturated = 0;
  for (auto [m, n, k] : {std::array<int64_t, 3>{1, 72, 64}, {200, 136, 1008}}) {
    for (float scale : {0.25f, 1.f, 16.f}) {
      SCOPED_TRACE(
          shapeName(m, n, k) + " " +
          gemmConfigName(emu().gemm.plan(m, n, k, ElemType::F8E4M3).config) +
          " scale " + std::to_string(scale));
      OutProblem p{m, n, k, ElemType::F8E4M3, ElemType::F8E4M3};
      p.outScale = scale;
      p.ties = &ties;
      p.saturated = &saturated;
      EXPECT_EQ(outputMismatches(p), 0u);
    }
  }
  EXPECT_GT(ties, 100u);
  EXPECT_GT(saturated, 100u);
  // No scale given: 1.
  OutProblem one{33, 80, 128, ElemType::F8E4M3, ElemType::F8E4M3};
  one.noOutScale = true;
  EXPECT_EQ(outputMismatches(one), 0u);
  // Every configuration with split-K / stream-K and an epilogue.
  forEveryPlan([](GemmPlan plan) {
    OutProblem p{77, 144, 256, ElemType::F8E4M3, ElemType::F8E4M3};
    p.o.plan = plan;
    p.o.beta = 0.5f;
    p.o.colScale = 1;
    p.o.biasMode = Bias::PerColumn;
    p.o.activation = plan.splits == 3 ? Activation::ReLU : Activation::None;
    p.outScale = 2.f;
    EXPECT_EQ(outputMismatches(p), 0u);
  });
}

TEST(GemmLibrary, OutputTypeRules) {
  Emu &e = emu();
  const CUdeviceptr p = 0x7f0000100000; // never dereferenced: checks fail first
  DeviceMatrix A{p, ElemType::BF16, 64, 128, 128};
  DeviceMatrix B{p, ElemType::BF16, 96, 128, 128};
  auto expect = [&](DeviceMatrix a, DeviceMatrix b, DeviceMatrix c,
                    GemmOptions o, const std::string &what) {
    Status s = e.gemm.run(e.stream, a, b, c, o);
    ASSERT_FALSE(s.ok()) << what;
    EXPECT_NE(s.message().find(what), std::string::npos) << s.message();
  };
  DeviceMatrix C8{p, ElemType::F8E4M3, 64, 96, 96};
  expect(A, B, C8, {}, "C is f8e4m3; for bf16 inputs it must be bf16 or f32");
  DeviceMatrix A8 = A, B8 = B;
  A8.type = B8.type = ElemType::F8E4M3;
  DeviceMatrix C32{p, ElemType::F32, 64, 96, 96};
  expect(A8, B8, C32, {},
         "C is f32; for f8e4m3 inputs it must be bf16 or f8e4m3");
  GemmOptions o;
  o.outScale = p;
  expect(A, B, C32, o, "an output scale is given but C is f32");
  o = {};
  o.beta = 1.f;
  o.residual = p;
  o.ldr = 96;
  expect(A, B, C32, o, "the residual is C itself, but C is f32");
  o = {};
  o.plan = GemmPlan{GemmConfig::Tile128x128, 1};
  DeviceMatrix C8u = C8;
  C8u.ld = 104; // a multiple of 8, not of 16
  expect(A8, B8, C8u, o, "a multiple of 16 (here 104)");
  o = {};
  o.activation = Activation::SwiGLU;
  DeviceMatrix B2 = B;
  B2.rows = 256;
  DeviceMatrix C32h{p, ElemType::F32, 64, 128, 128};
  expect(A, B2, C32h, o, "SwiGLU writes a bf16 C, not f32");
  DeviceMatrix C32u = C32;
  C32u.data = p + 2;
  expect(A, B, C32u, {}, "C is not 4-byte aligned (f32)");
}
