//===- GemmSm100GroupedTest.cpp - The grouped GEMM on sm_100a -------------===//
//
// cute::kernels::groupedGemm on a compute capability 10.0 device (ctest:
// CUTE_DEVICE=emu:sm_100a; no Blackwell GPU has run it): the 1-CTA 128 x
// 128 tcgen05 instances of examples/gemm-sm100 with GROUPED. Groups with
// no rows, one row, rows that end mid-tile and a tile column that runs
// past N into the next group's B rows; every epilogue operand at the
// group's place (column bias and column scales: the group's N values; row
// scales, residual: its rows). Integer data in [-2, 2] and power-of-two
// scales make every sum exact, so C is the bf16 rounding of the reference
// bit for bit; SwiGLU is checked within the bound of its approximate exp.
// C is poisoned, and its padding columns must stay so.
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

gemm_test::TestDevice &device() { return gemm_test::testDevice(); }

struct Grouped {
  std::vector<int32_t> sizes; ///< rows of each group
  int64_t n, k;               ///< one group's B block: N x K
  ElemType ab = ElemType::BF16;
  GemmOptions o;
};

/// Runs `p` on integer data and counts the elements of C (and of its
/// padding columns) that differ from the reference.
size_t mismatches(Grouped p) {
  auto &d = device();
  const uint64_t seed = std::random_device{}();
  SCOPED_TRACE("seed " + std::to_string(seed));
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<int> di(-2, 2);
  const int64_t groups = int64_t(p.sizes.size());
  std::vector<int32_t> offs;
  std::vector<int64_t> groupOf;
  int32_t end = 0;
  for (size_t g = 0; g < p.sizes.size(); ++g) {
    for (int32_t r = 0; r < p.sizes[g]; ++r)
      groupOf.push_back(int64_t(g));
    end += p.sizes[g];
    offs.push_back(end);
  }
  const int64_t m = end, k = p.k, nAll = groups * p.n;
  const bool glu = p.o.activation == Activation::SwiGLU;
  const int64_t nOut = glu ? p.n / 2 : p.n, ldc = (nOut + 8 + 7) / 8 * 8;
  const bool fp8 = p.ab == ElemType::F8E4M3;
  const size_t eb = fp8 ? 1 : 2;
  std::vector<float> a(size_t(m * k)), b(size_t(nAll * k));
  std::vector<uint8_t> ab(a.size() * eb), bb(b.size() * eb);
  auto next = [&] { return float(di(rng)); };
  gemm_test::fillOperand(a, ab, fp8, next);
  gemm_test::fillOperand(b, bb, fp8, next);
  // The column bias and column scales hold a row of N per group; the row
  // scales and the residual (C's pitch) one value (row) per row of A.
  std::vector<uint16_t> bias(size_t(std::max(m, nAll))), res(size_t(m * ldc));
  for (auto &x : bias)
    x = floatToBF16Bits(float(di(rng)));
  for (auto &x : res)
    x = floatToBF16Bits(float(di(rng)));
  std::vector<float> rowScale(size_t(m) + 1), colScale{};
  colScale.resize(size_t(nAll));
  for (float &x : rowScale)
    x = std::ldexp(1.f, di(rng) / 2);
  for (float &x : colScale)
    x = std::ldexp(1.f, di(rng) / 2);
  auto da = rt::DeviceBuffer::fromHost(d.ctx, ab);
  auto db = rt::DeviceBuffer::fromHost(d.ctx, bb);
  auto dbias = rt::DeviceBuffer::fromHost(d.ctx, bias);
  auto dres = rt::DeviceBuffer::fromHost(d.ctx, res);
  auto drs = rt::DeviceBuffer::fromHost(d.ctx, rowScale);
  auto dcs = rt::DeviceBuffer::fromHost(d.ctx, colScale);
  auto doffs = rt::DeviceBuffer::fromHost(d.ctx, offs);
  auto dc = rt::DeviceBuffer::allocate(
      d.ctx, size_t(std::max<int64_t>(m, 1) * ldc * 2));
  EXPECT_TRUE(da.ok() && db.ok() && dbias.ok() && dres.ok() && drs.ok() &&
              dcs.ok() && doffs.ok() && dc.ok());
  EXPECT_TRUE(dc->poison().ok());
  DeviceMatrix A{da->ptr(), p.ab, m, k, k};
  DeviceMatrix B{db->ptr(), p.ab, nAll, k, k};
  DeviceMatrix C{dc->ptr(), ElemType::BF16, m, nOut, ldc};
  if (p.o.beta != 0.f) {
    p.o.residual = dres->ptr();
    p.o.ldr = ldc;
  }
  if (p.o.biasMode != Bias::None)
    p.o.bias = dbias->ptr();
  if (p.o.rowScale)
    p.o.rowScale = drs->ptr();
  if (p.o.colScale)
    p.o.colScale = dcs->ptr();
  Status s = groupedGemm(d.stream, A, B, C, doffs->ptr(), groups, p.o);
  EXPECT_TRUE(s.ok()) << s.message();
  EXPECT_TRUE(d.stream.synchronize().ok());
  auto c = dc->download<uint16_t>();
  EXPECT_TRUE(c.ok());
  // Row i of group g times column j of block g, then the epilogue.
  auto value = [&](int64_t i, int64_t g, int64_t j) {
    double mag = 0;
    double x =
        double(p.o.alpha) * gemm_test::refDot(a, b, i, g * p.n + j, k, mag);
    if (p.o.rowScale)
      x *= rowScale[size_t(i)];
    if (p.o.colScale)
      x *= colScale[size_t(g * p.n + j)];
    if (p.o.biasMode == Bias::PerColumn)
      x += bf16BitsToFloat(bias[size_t(g * p.n + j)]);
    if (p.o.biasMode == Bias::PerRow)
      x += bf16BitsToFloat(bias[size_t(i)]);
    return x;
  };
  size_t bad = 0;
  for (int64_t i = 0; i < m; ++i) {
    const int64_t g = groupOf[size_t(i)];
    for (int64_t j = 0; j < ldc; ++j) {
      const uint16_t got = (*c)[size_t(i * ldc + j)];
      if (j >= nOut) {
        bad += got != 0xFFFF;
        continue;
      }
      double x;
      if (glu) {
        // C's column j: gate column 128 (j / 64) + j % 64, up 64 later.
        const int64_t gc = 128 * (j / 64) + j % 64;
        x = gemm_test::refActivation(Activation::SiLU, value(i, g, gc)) *
            value(i, g, gc + 64);
      } else {
        x = value(i, g, j);
      }
      if (p.o.beta != 0.f)
        x += double(p.o.beta) * bf16BitsToFloat(res[size_t(i * ldc + j)]);
      const double ref = glu ? x : gemm_test::refActivation(p.o.activation, x);
      const double v = bf16BitsToFloat(got);
      const bool ok =
          glu ? std::fabs(v - ref) <= std::ldexp(std::fabs(ref), -7) + 1e-4
              : got == floatToBF16Bits(float(ref));
      if (!ok && bad < 3)
        ADD_FAILURE() << "C(" << i << ", " << j << ") of group " << g << " = "
                      << v << ", reference " << ref;
      bad += !ok;
    }
  }
  return bad;
}

TEST(GemmSm100Grouped, ExactWithEveryGroupOperand) {
  REQUIRE_SM100();
  // Six groups (M = 348): empty, one row, 130 rows (two tile rows, the
  // second with 2), 77, empty, 140; N = 136, so each group's second tile
  // column reads 120 of the next group's B rows, which must not reach C.
  GemmOptions o;
  o.biasMode = Bias::PerColumn;
  o.activation = Activation::ReLU;
  o.rowScale = 1; // replaced by the buffers
  o.colScale = 1;
  o.beta = 1.f;
  for (ElemType t : {ElemType::BF16, ElemType::F8E4M3}) {
    SCOPED_TRACE(metadata::elemTypeName(t));
    EXPECT_EQ(mismatches({{0, 1, 130, 77, 0, 140}, 136, 80, t, o}), 0u);
  }
  // A per-row bias and no other operand, and one group of all rows.
  GemmOptions rowBias;
  rowBias.biasMode = Bias::PerRow;
  EXPECT_EQ(mismatches({{200}, 72, 64, ElemType::BF16, rowBias}), 0u);
}

TEST(GemmSm100Grouped, SwiGLU) {
  REQUIRE_SM100();
  // Two groups of 30 and 47 rows, each with its own 384 x 64 B (64-row
  // gate and up blocks in turn: a partial second tile column): C has 192
  // columns.
  GemmOptions o;
  o.activation = Activation::SwiGLU;
  o.biasMode = Bias::PerColumn;
  for (ElemType t : {ElemType::BF16, ElemType::F8E4M3}) {
    SCOPED_TRACE(metadata::elemTypeName(t));
    EXPECT_EQ(mismatches({{30, 47}, 384, 64, t, o}), 0u);
  }
}

TEST(GemmSm100Grouped, RejectsWhatItCannotRun) {
  REQUIRE_SM100();
  auto &d = device();
  const CUdeviceptr p = gemm_test::scratch();
  DeviceMatrix A{p, ElemType::BF16, 64, 64, 64};
  DeviceMatrix B{p, ElemType::BF16, 2 * 64, 64, 64};
  DeviceMatrix C{p, ElemType::BF16, 64, 64, 64};
  auto expect = [&](DeviceMatrix c, GemmOptions o, const std::string &what) {
    Status s = d.gemm.runGrouped(d.stream, A, B, c, p, 2, o);
    EXPECT_FALSE(s.ok());
    EXPECT_NE(s.message().find(what), std::string::npos) << s.message();
  };
  DeviceMatrix f32 = C;
  f32.type = ElemType::F32;
  expect(f32, {}, "the grouped GEMM writes a bf16 C, not f32");
  GemmOptions planned;
  planned.plan = GemmPlan{GemmConfig::Sm100Cta1x128x128, 2};
  expect(C, planned, "takes no plan and no autotuning");
  GemmOptions scaled;
  scaled.blockScaleA = p;
  expect(C, scaled, "no block scales");
}

} // namespace
