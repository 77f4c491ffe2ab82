//===- GemmSm100Test.cpp - cute::kernels::gemm's sm_100a configurations ---===//
//
// The kernel library's GEMM on a compute capability 10.0 device: ctest
// runs these tests on CUTE_DEVICE=emu:sm_100a (the other GemmLibrary tests
// on emu:sm_90a). No Blackwell GPU has run them. Every configuration (1-CTA
// 128 x 256 and 128 x 128, 2-CTA 256 x 256 and 256 x 128) and the planned
// one at small odd shapes with the epilogues, bf16 and e4m3 A and B, C
// poisoned before the launch, against a double-precision CPU reference:
// integer data in [-2, 2] (exact in both types) makes every sum exact, so
// C is the bf16 (or f32) rounding of the
// reference bit for bit (GELU, SiLU: within 2^-7 |ref| + 1e-4, their exp
// and division are approximate); random data in [-1, 1) within the bound
// stated at `withinBound`. Columns of C past N stay poisoned.
//
//===----------------------------------------------------------------------===//
#include "GemmTestDevice.h"
#include "cute/Kernels/Gemm.h"
#include "cute/Runtime/Memory.h"
#include "cute/Support/NarrowFloat.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <random>

using namespace cute;
using namespace cute::kernels;

namespace {

using Device = gemm_test::TestDevice;
Device &device() { return gemm_test::testDevice(); }

double act(Activation a, double x) { return gemm_test::refActivation(a, x); }

const GemmConfig kConfigs[] = {
    GemmConfig::Sm100Cta1x128x256, GemmConfig::Sm100Cta1x128x128,
    GemmConfig::Sm100Cta2x256x256, GemmConfig::Sm100Cta2x256x128};

struct Problem {
  int64_t m, n, k;
  ElemType tc = ElemType::BF16;
  ElemType ab = ElemType::BF16; ///< A and B: bf16 or f8E4M3FN
  GemmOptions o;
  bool exact = true;        ///< integers in [-2, 2], else uniform [-1, 1)
  bool residualIsC = false; ///< R is C's own (bf16) contents
  int64_t ldc = 0;          ///< 0: N + 5 (rows not 16-byte aligned)
};

/// Runs `p` and counts the elements of C that differ from the reference,
/// and the padding elements (columns N .. ldc - 1) that were written.
size_t mismatches(Problem p) {
  Device &d = device();
  const uint64_t seed = std::random_device{}();
  SCOPED_TRACE("seed " + std::to_string(seed));
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<int> di(-2, 2);
  std::uniform_real_distribution<float> u(-1.f, 1.f);
  const bool f32 = p.tc == ElemType::F32;
  const bool fp8 = p.ab == ElemType::F8E4M3;
  const size_t cb = f32 ? 4 : 2, eb = fp8 ? 1 : 2;
  const int64_t ldc = p.ldc ? p.ldc : p.n + 5;
  std::vector<float> a(size_t(p.m * p.k)), b(size_t(p.n * p.k));
  std::vector<uint8_t> ab(a.size() * eb), bb(b.size() * eb);
  // The operands' codes (bf16 or e4m3, both exact on integers in [-2, 2])
  // and the values they hold.
  auto next = [&] { return p.exact ? float(di(rng)) : u(rng); };
  gemm_test::fillOperand(a, ab, fp8, next);
  gemm_test::fillOperand(b, bb, fp8, next);
  // R has C's pitch (it may be C itself); bias, scales: small integers and
  // powers of two, so exact sums stay exact.
  const int64_t ldr = (ldc + 7) / 8 * 8;
  std::vector<uint16_t> bias(size_t(std::max(p.m, p.n))),
      res(size_t(p.m * ldr));
  for (auto &x : bias)
    x = floatToBF16Bits(float(di(rng)));
  for (auto &x : res)
    x = floatToBF16Bits(float(di(rng)));
  std::vector<float> scales(size_t(p.m + p.n));
  for (float &x : scales)
    x = std::ldexp(1.f, di(rng) / 2);
  auto da = rt::DeviceBuffer::fromHost(d.ctx, ab);
  auto db = rt::DeviceBuffer::fromHost(d.ctx, bb);
  auto dbias = rt::DeviceBuffer::fromHost(d.ctx, bias);
  auto dres = rt::DeviceBuffer::fromHost(d.ctx, res);
  auto dscales = rt::DeviceBuffer::fromHost(d.ctx, scales);
  auto dc = rt::DeviceBuffer::allocate(d.ctx, size_t(p.m * ldr) * cb);
  EXPECT_TRUE(da.ok() && db.ok() && dbias.ok() && dres.ok() && dscales.ok() &&
              dc.ok());
  if (p.residualIsC) {
    // C is R: bf16 with R's pitch.
    EXPECT_TRUE(dc->upload(res).ok());
  } else {
    EXPECT_TRUE(dc->poison().ok());
  }
  const int64_t cld = p.residualIsC ? ldr : ldc;
  DeviceMatrix A{da->ptr(), p.ab, p.m, p.k, p.k};
  DeviceMatrix B{db->ptr(), p.ab, p.n, p.k, p.k};
  // SwiGLU: C has half of the GEMM's N columns.
  const bool glu = p.o.activation == Activation::SwiGLU;
  const int64_t nOut = glu ? p.n / 2 : p.n;
  DeviceMatrix C{dc->ptr(), p.tc, p.m, nOut, cld};
  if (p.o.beta != 0.f) {
    p.o.residual = p.residualIsC ? dc->ptr() : dres->ptr();
    p.o.ldr = ldr;
  }
  if (p.o.biasMode != Bias::None)
    p.o.bias = dbias->ptr();
  if (p.o.rowScale)
    p.o.rowScale = dscales->ptr();
  if (p.o.colScale)
    p.o.colScale = dscales->ptr() + size_t(p.m) * 4;
  Status s = d.gemm.run(d.stream, A, B, C, p.o);
  EXPECT_TRUE(s.ok()) << s.message();
  EXPECT_TRUE(d.stream.synchronize().ok());
  auto c = dc->download<uint8_t>();
  EXPECT_TRUE(c.ok());
  const bool approx = p.o.activation == Activation::GELUTanh ||
                      p.o.activation == Activation::SiLU || glu;
  // The GEMM's value at (i, j) before R and the activation; mag: sum |a b|.
  auto gemmValue = [&](int64_t i, int64_t j, double &mag) {
    double x = double(p.o.alpha) * gemm_test::refDot(a, b, i, j, p.k, mag);
    if (p.o.rowScale)
      x *= scales[size_t(i)];
    if (p.o.colScale)
      x *= scales[size_t(p.m + j)];
    if (p.o.biasMode == Bias::PerColumn)
      x += bf16BitsToFloat(bias[size_t(j)]);
    if (p.o.biasMode == Bias::PerRow)
      x += bf16BitsToFloat(bias[size_t(i)]);
    return x;
  };
  size_t bad = 0;
  for (int64_t i = 0; i < p.m; ++i) {
    for (int64_t j = 0; j < cld; ++j) {
      const size_t at = size_t(i * cld + j) * cb;
      if (j >= nOut) {
        // Padding: poisoned, or R's own values where C is R.
        for (size_t q = 0; q < cb && !p.residualIsC; ++q)
          bad += (*c)[at + q] != 0xFF;
        continue;
      }
      double mag = 0, x;
      if (glu) {
        // Column j of C: gate column 128 (j / 64) + j % 64 of the GEMM,
        // its up column 64 later; silu(gate) x up.
        const int64_t g = 128 * (j / 64) + j % 64;
        const double gate = gemmValue(i, g, mag);
        x = act(Activation::SiLU, gate) * gemmValue(i, g + 64, mag);
      } else {
        x = gemmValue(i, j, mag);
      }
      if (p.o.beta != 0.f)
        x += double(p.o.beta) * bf16BitsToFloat(res[size_t(i * ldr + j)]);
      const double ref = glu ? x : act(p.o.activation, x);
      double got;
      if (f32) {
        float g;
        std::memcpy(&g, &(*c)[at], 4);
        got = g;
      } else {
        uint16_t h;
        std::memcpy(&h, &(*c)[at], 2);
        got = bf16BitsToFloat(h);
      }
      // withinBound: on random data the f32 result v may differ from the
      // exact sum by the MMA's alignment and truncation, at most
      // e = k 2^-22 sum |a b| (MMA-Sim's Blackwell model keeps 25 fraction
      // bits per product group), and C from v by its rounding, at most
      // half a unit in the last place: 2^-8 |v| for bf16 (8 significant
      // bits), 2^-24 |v| for f32, with |v| <= |ref| + e.
      const double e = double(p.k) * std::ldexp(mag, -22);
      const double round = std::ldexp(std::fabs(ref) + e, f32 ? -24 : -8);
      const bool ok =
          approx ? std::fabs(got - ref) <= std::ldexp(std::fabs(ref), -7) + 1e-4
          : p.exact
              ? (f32 ? got == double(float(ref))
                     : got == bf16BitsToFloat(floatToBF16Bits(float(ref))))
              : std::fabs(got - ref) <= e + round;
      if (!ok && bad < 3)
        ADD_FAILURE() << "C(" << i << ", " << j << ") = " << got
                      << ", reference " << ref << " (sum |a b| " << mag << ")";
      bad += !ok;
    }
  }
  return bad;
}

std::string shape(int64_t m, int64_t n, int64_t k) {
  return std::to_string(m) + "x" + std::to_string(n) + "x" + std::to_string(k);
}

} // namespace

TEST(GemmSm100, PlansSm100ConfigurationsAndIsExact) {
  REQUIRE_SM100();
  // The plans by hand (GemmSelect.h's model): both shapes take 2-CTA
  // 256 x 128 (the fewest waves at the lowest per-tile cost); 1 x 72 x 64
  // has one K tile, so one split; 200 x 136 x 1000 has 2 pair tiles (4
  // CTAs) and 16 K tiles: 16 / 4 = 4 splits (148 / 4 would allow 37).
  for (auto [m, n, k, splits] :
       {std::array<int64_t, 4>{1, 72, 64, 1}, {200, 136, 1000, 4}}) {
    GemmPlan p = device().gemm.plan(m, n, k, ElemType::BF16);
    SCOPED_TRACE(shape(m, n, k) + " " + gemmConfigName(p.config));
    EXPECT_EQ(p.config, GemmConfig::Sm100Cta2x256x128);
    EXPECT_EQ(p.splits, splits);
    EXPECT_EQ(mismatches({m, n, k}), 0u);
  }
}

TEST(GemmSm100, EveryConfigurationWithEpilogues) {
  REQUIRE_SM100();
  // 300 rows: a second tile row that is partial (for a pair: its odd CTA
  // entirely past M); N = 136: a partial tile column; K = 1000: 16 K tiles
  // (the 4-stage ring wraps four times), the last one 40 wide.
  int i = 0;
  for (GemmConfig cfg : kConfigs) {
    SCOPED_TRACE(gemmConfigName(cfg));
    Problem p{300, 136, 1000};
    p.o.plan = GemmPlan{cfg, 1};
    p.o.alpha = 2.f;
    p.o.beta = -1.f;
    p.o.biasMode = i % 2 ? Bias::PerRow : Bias::PerColumn;
    p.o.activation = i % 2 ? Activation::ReLU2 : Activation::ReLU;
    p.o.rowScale = i == 1 || i == 3;
    p.o.colScale = i >= 2;
    EXPECT_EQ(mismatches(p), 0u);
    // f32 C, with other epilogues.
    Problem f{77, 136, 64};
    f.tc = ElemType::F32;
    f.ldc = 140;
    f.o.plan = GemmPlan{cfg, 1};
    f.o.biasMode = i % 2 ? Bias::PerColumn : Bias::PerRow;
    f.o.beta = 0.5f;
    f.o.activation = i % 2 ? Activation::None : Activation::ReLU;
    EXPECT_EQ(mismatches(f), 0u) << "f32 C";
    ++i;
  }
}

TEST(GemmSm100, E4M3EveryConfiguration) {
  REQUIRE_SM100();
  // e4m3 A and B (kind::f8f6f4, 128-element K stages): K = 1040 is nine
  // K tiles, the last one 16 wide; the epilogues as for bf16.
  int i = 0;
  for (GemmConfig cfg : kConfigs) {
    SCOPED_TRACE(std::string(gemmConfigName(cfg)) + " e4m3");
    Problem p{300, 136, 1040};
    p.ab = ElemType::F8E4M3;
    p.o.plan = GemmPlan{cfg, 1};
    p.o.alpha = 0.5f;
    p.o.beta = i % 2 ? 1.f : 0.f;
    p.o.biasMode = i % 2 ? Bias::PerColumn : Bias::PerRow;
    p.o.activation = i >= 2 ? Activation::ReLU : Activation::None;
    p.o.rowScale = i % 2 == 0;
    p.o.colScale = i >= 1;
    EXPECT_EQ(mismatches(p), 0u);
    ++i;
  }
  // The planned configuration, and random data within the bound.
  Problem one{1, 72, 64};
  one.ab = ElemType::F8E4M3;
  EXPECT_EQ(mismatches(one), 0u);
  Problem r{200, 136, 1008};
  r.ab = ElemType::F8E4M3;
  r.exact = false;
  r.o.plan = GemmPlan{GemmConfig::Sm100Cta2x256x128, 1};
  EXPECT_EQ(mismatches(r), 0u) << "random e4m3";
}

TEST(GemmSm100, SwiGLUEveryConfiguration) {
  REQUIRE_SM100();
  // C = silu(gate) x up over B's 64-row gate and up blocks in turn, N / 2
  // columns: N = 384 is three gate/up pairs (for 128 x 256 tiles, a
  // partial second tile), with scales and bias over the GEMM's columns
  // and a residual of C's shape; bf16 and e4m3 A and B.
  int i = 0;
  for (GemmConfig cfg : kConfigs) {
    for (ElemType ab : {ElemType::BF16, ElemType::F8E4M3}) {
      SCOPED_TRACE(std::string(gemmConfigName(cfg)) + " SwiGLU " +
                   metadata::elemTypeName(ab));
      Problem p{130, 384, 160};
      p.ab = ab;
      p.o.plan = GemmPlan{cfg, 1};
      p.o.activation = Activation::SwiGLU;
      p.o.alpha = 0.5f;
      p.o.beta = i % 2 ? 1.f : 0.f;
      p.o.biasMode = i % 3 == 0   ? Bias::PerColumn
                     : i % 3 == 1 ? Bias::PerRow
                                  : Bias::None;
      p.o.colScale = i % 2 == 0;
      p.o.rowScale = i % 4 == 1;
      EXPECT_EQ(mismatches(p), 0u);
      ++i;
    }
  }
}

TEST(GemmSm100, SplitKEveryConfiguration) {
  REQUIRE_SM100();
  // Each configuration with 3 splits of 16 K tiles (6, 5, 5: the last
  // split's partial sums in split order), the epilogues on the sum; then
  // the same problem again (the counters the last split reset), e4m3,
  // SwiGLU, and more splits than K tiles (empty splits add zero).
  int i = 0;
  for (GemmConfig cfg : kConfigs) {
    SCOPED_TRACE(std::string(gemmConfigName(cfg)) + " split-K");
    Problem p{300, 136, 1000};
    p.o.plan = GemmPlan{cfg, 3};
    p.o.alpha = 2.f;
    p.o.beta = i % 2 ? -1.f : 0.f;
    p.o.biasMode = i % 2 ? Bias::PerRow : Bias::PerColumn;
    p.o.activation = i % 2 ? Activation::ReLU : Activation::None;
    p.o.colScale = i >= 2;
    EXPECT_EQ(mismatches(p), 0u);
    EXPECT_EQ(mismatches(p), 0u) << "second launch";
    Problem e{130, 136, 1040};
    e.ab = ElemType::F8E4M3;
    e.o.plan = GemmPlan{cfg, 5};
    EXPECT_EQ(mismatches(e), 0u) << "e4m3, 5 splits";
    Problem g{77, 256, 320};
    g.o.plan = GemmPlan{cfg, 4};
    g.o.activation = Activation::SwiGLU;
    g.o.biasMode = Bias::PerColumn;
    EXPECT_EQ(mismatches(g), 0u) << "SwiGLU, 4 splits";
    Problem z{40, 72, 64};
    z.tc = i % 2 ? ElemType::F32 : ElemType::BF16;
    z.o.plan = GemmPlan{cfg, 3};
    EXPECT_EQ(mismatches(z), 0u) << "3 splits of 1 K tile";
    ++i;
  }
  // The plan's own splits: 1 x 4096 x 4096 on the emulated 148 SMs is
  // 2-CTA 256 x 128 with 2 splits (GemmSelectSm100.SplitKFillsOneWave).
  GemmPlan plan = device().gemm.plan(1, 4096, 4096, ElemType::BF16);
  EXPECT_EQ(plan.splits, 2);
  Problem q{1, 512, 4096};
  q.exact = false;
  EXPECT_EQ(mismatches(q), 0u) << "planned, random data";
}

TEST(GemmSm100, InPlaceResidualGeluAndSilu) {
  REQUIRE_SM100();
  Problem p{130, 264, 64};
  p.residualIsC = true;
  p.o.beta = 1.f;
  p.o.activation = Activation::GELUTanh;
  p.o.plan = GemmPlan{GemmConfig::Sm100Cta2x256x256, 1};
  EXPECT_EQ(mismatches(p), 0u);
  Problem s{1, 72, 64};
  s.o.activation = Activation::SiLU;
  s.o.biasMode = Bias::PerColumn;
  s.o.plan = GemmPlan{GemmConfig::Sm100Cta1x128x128, 1};
  EXPECT_EQ(mismatches(s), 0u);
}

TEST(GemmSm100, RandomDataWithinBound) {
  REQUIRE_SM100();
  for (GemmConfig cfg :
       {GemmConfig::Sm100Cta1x128x256, GemmConfig::Sm100Cta2x256x128}) {
    for (ElemType tc : {ElemType::BF16, ElemType::F32}) {
      SCOPED_TRACE(std::string(gemmConfigName(cfg)) + " C " +
                   metadata::elemTypeName(tc));
      Problem p{200, 136, 1000};
      p.exact = false;
      p.tc = tc;
      p.o.plan = GemmPlan{cfg, 1};
      EXPECT_EQ(mismatches(p), 0u);
    }
  }
}

TEST(GemmSm100, RejectsWhatItCannotRunBeforeLaunch) {
  REQUIRE_SM100();
  Device &d = device();
  // Pointers are never dereferenced: every call fails its checks first.
  auto buf = rt::DeviceBuffer::allocate(d.ctx, 1 << 16);
  ASSERT_TRUE(buf.ok());
  const CUdeviceptr p = buf->ptr();
  DeviceMatrix A{p, ElemType::BF16, 64, 64, 64};
  DeviceMatrix B{p, ElemType::BF16, 96, 64, 64};
  DeviceMatrix C{p, ElemType::BF16, 64, 96, 96};
  auto expect = [&](DeviceMatrix a, DeviceMatrix b, DeviceMatrix c,
                    GemmOptions o, const std::string &what) {
    Status s = d.gemm.run(d.stream, a, b, c, o);
    EXPECT_FALSE(s.ok());
    EXPECT_EQ(s.error().code(), ErrorCode::InvalidArgument);
    EXPECT_NE(s.message().find(what), std::string::npos) << s.message();
  };
  DeviceMatrix f16a = A, f16b = B, f16c = C;
  f16a.type = f16b.type = f16c.type = ElemType::F16;
  expect(f16a, f16b, f16c, {},
         "A is f16 and B f16; on sm_100a (compute capability 10.0) the "
         "library's configurations take bf16 or f8E4M3FN A and B");
  DeviceMatrix e4a = A, e4b = B, c32e = C;
  e4a.type = e4b.type = ElemType::F8E4M3;
  c32e.type = ElemType::F32;
  expect(e4a, e4b, c32e, {},
         "C is f32; on sm_100a (compute capability 10.0) for f8E4M3FN A and "
         "B it must be bf16");
  GemmOptions bs;
  bs.blockScaleA = bs.blockScaleB = p;
  bs.plan = GemmPlan{GemmConfig::Sm100Cta2x256x256, 1};
  expect(e4a, e4b, C, bs,
         "128 x 128 block scales run the tiles 128 columns wide (a tile's "
         "columns are one block of B); on sm_100a (compute capability 10.0) "
         "plan sm100-1cta-128x128 or sm100-2cta-256x128, not "
         "sm100-2cta-256x256");
  DeviceMatrix e4k = e4a, e4kb = e4b;
  e4k.cols = e4kb.cols = e4k.ld = e4kb.ld = 72;
  expect(e4k, e4kb, C, {}, "K = 72 must be a multiple of 16 for f8e4m3");
  DeviceMatrix c16 = C;
  c16.type = ElemType::F16;
  expect(A, B, c16, {}, "C is f16; on sm_100a");
  DeviceMatrix mixed = B;
  mixed.type = ElemType::F16;
  expect(A, mixed, C, {}, "A is bf16 but B is f16; both must have one type");
  GemmOptions o;
  o.activation = Activation::SwiGLU;
  DeviceMatrix b192 = B, c96f = C;
  b192.rows = 192;
  c96f.type = ElemType::F32;
  expect(A, b192, C, o, "SwiGLU needs N % 128 == 0");
  expect(A, B, c96f, o, "SwiGLU writes a bf16 C, not f32");
  o = {};
  o.autotune = true;
  expect(A, B, C, o, "autotuning has no sm_100a candidates yet");
  o = {};
  o.plan = GemmPlan{GemmConfig::Tile128x256, 1};
  expect(A, B, C, o, "configuration 128x256 is an sm_90a one");
  o.plan = GemmPlan{GemmConfig::Sm100Cta2x256x256, 3, /*atomic=*/true};
  expect(A, B, C, o, "atomic split-K reductions have no sm_100a");
  o.plan = GemmPlan{GemmConfig::Sm100Cta1x128x256, 0};
  expect(A, B, C, o,
         "splits = 0; on sm_100a (compute capability 10.0) the "
         "configurations run 1 to 65535 split-K splits (no stream-K yet)");
  DeviceMatrix cOdd = C;
  cOdd.data = p + 2;
  expect(A, B, cOdd, {}, "C is not 16-byte aligned");
  // The shared rules hold here too.
  DeviceMatrix kOdd = A, kOddB = B;
  kOdd.cols = kOddB.cols = 60;
  expect(kOdd, kOddB, C, {}, "K = 60 must be a multiple of 8 for bf16");
  o = {};
  o.beta = 1.f;
  expect(A, B, C, o, "the residual is a null pointer");
  DeviceMatrix c32 = C;
  c32.type = ElemType::F32;
  o.residual = p;
  o.ldr = 96;
  DeviceMatrix c32self = c32;
  o.residual = c32self.data;
  expect(A, B, c32self, o, "the residual is C itself, but C is f32");
  // (The grouped GEMM's rules: GemmSm100GroupedTest.cpp.)
}
