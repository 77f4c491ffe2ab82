//===- BlockScaledModelTest.cpp - CPU reference of block-scaled MMA -------===//
//
// The model against integer arithmetic done here (small integers, power of
// two scales: every partial sum exact), hand-computed scale cases, the
// quantizers of cute/Support/NarrowFloat.h (quantize -> model vs
// dequantize -> double GEMM), the f32 accumulation step against the
// double-rounding cases a plain float(double) gets wrong, and the atom
// model driven through the sm_120a register packers (pack each lane, unpack
// the warp through the layouts with varying selectors, chain the atoms over
// K) against the whole-GEMM model, bit for bit.
//
//===----------------------------------------------------------------------===//
#include "cute/Atom/BlockScaledModel.h"
#include "cute/Atom/Sm120BlockScaledFragments.h"

#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>
#include <cstring>
#include <random>
#include <string>

using namespace cute;
using namespace cute::atom;

namespace {

using K = NarrowFloatKind;

uint32_t bitsOf(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}

/// A block-scaled GEMM's data, row-major, one code per byte.
struct Problem {
  BlockScaledTypes t;
  int64_t m = 0, n = 0, k = 0;
  std::vector<uint8_t> a, b, sfa, sfb;
  BlockScaledOperands ops() const {
    return {a.data(), b.data(), sfa.data(), sfb.data()};
  }
};

/// A random finite code of `kind` (no NaN, no inf).
uint8_t finiteCode(K kind, std::mt19937 &rng) {
  unsigned mask = (1u << narrowFloatFormat(kind).bits) - 1;
  for (;;) {
    auto c = uint8_t(rng() & mask);
    if (std::isfinite(decodeNarrowFloatDouble(kind, c)))
      return c;
  }
}

Problem randomProblem(BlockScaledTypes t, int64_t m, int64_t n, int64_t k,
                      uint32_t seed) {
  std::mt19937 rng(seed);
  Problem p{t, m, n, k, {}, {}, {}, {}};
  for (int64_t i = 0; i < m * k; ++i)
    p.a.push_back(finiteCode(t.a, rng));
  for (int64_t i = 0; i < n * k; ++i)
    p.b.push_back(finiteCode(t.b, rng));
  // Scales near 1 (E8M0 2^-4 .. 2^3, UE4M3 codes 0x28 .. 0x47): no overflow.
  auto scale = [&] {
    return t.scale == K::F8E8M0FNU ? uint8_t(123 + rng() % 8)
                                   : uint8_t(0x28 + rng() % 32);
  };
  for (int64_t i = 0; i < m * k / t.vs; ++i)
    p.sfa.push_back(scale());
  for (int64_t i = 0; i < n * k / t.vs; ++i)
    p.sfb.push_back(scale());
  return p;
}

/// rows [r0, r0 + rows) x cols [c0, c0 + cols) of a row-major matrix.
template <class T>
std::vector<T> block(const std::vector<T> &x, int64_t ld, int64_t r0,
                     int64_t rows, int64_t c0, int64_t cols) {
  std::vector<T> out;
  for (int64_t r = r0; r < r0 + rows; ++r)
    for (int64_t c = c0; c < c0 + cols; ++c)
      out.push_back(x[size_t(r * ld + c)]);
  return out;
}

/// The GEMM done as the warp would: per atom tile, every lane's registers
/// packed, the warp's registers unpacked through the layouts with the
/// selector {byteId, threadId} of that k step, the atom model run with the
/// previous D (also round-tripped through the accumulator fragments) as C.
std::vector<float> gemmThroughRegisters(const MmaAtomLayouts &atom,
                                        const Problem &p) {
  const int64_t tm = atom.m, tn = atom.n, tk = atom.k, vs = p.t.vs;
  const unsigned vectors = unsigned(tk / vs);
  std::vector<float> d(size_t(p.m * p.n));
  for (int64_t i0 = 0; i0 < p.m; i0 += tm)
    for (int64_t j0 = 0; j0 < p.n; j0 += tn) {
      std::vector<float> acc(size_t(tm * tn), 0.0f);
      for (int64_t k0 = 0, step = 0; k0 < p.k; k0 += tk, ++step) {
        auto a = block(p.a, p.k, i0, tm, k0, tk);
        auto b = block(p.b, p.k, j0, tn, k0, tk);
        auto sfa = block(p.sfa, p.k / vs, i0, tm, k0 / vs, tk / vs);
        auto sfb = block(p.sfb, p.k / vs, j0, tn, k0 / vs, tk / vs);
        unsigned byteId = unsigned(step * vectors) % 4;
        PerLane<Sm120ARegs> ar;
        PerLane<Sm120BRegs> br;
        PerLane<uint32_t> sa, sb;
        PerLane<Sm120Accumulator> cr;
        for (int l = 0; l < 32; ++l) {
          ar[l] = *packSm120A(atom, p.t.a, a.data(), l);
          br[l] = *packSm120B(atom, p.t.b, b.data(), l);
          sa[l] = *packSm120ScaleA(atom, sfa.data(), l, byteId);
          sb[l] = *packSm120ScaleB(atom, sfb.data(), l, byteId);
          cr[l] = *packSm120Accumulator(atom, acc.data(), l);
        }
        std::vector<float> c(size_t(tm * tn), -1.0f);
        for (int l = 0; l < 32; ++l)
          EXPECT_TRUE(unpackSm120Accumulator(atom, cr[l], l, c.data()).ok());
        auto ua = unpackSm120A(atom, p.t.a, ar);
        auto ub = unpackSm120B(atom, p.t.b, br);
        auto usa = unpackSm120ScaleA(atom, sa, byteId, unsigned(step % 2));
        auto usb = unpackSm120ScaleB(atom, sb, byteId, unsigned(step % 4));
        EXPECT_TRUE(ua.ok() && ub.ok() && usa.ok() && usb.ok());
        auto r = blockScaledMmaAtom(
            atom, p.t, {ua->data(), ub->data(), usa->data(), usb->data()},
            c.data());
        EXPECT_TRUE(r.ok()) << r.message();
        acc = *r;
      }
      for (int64_t i = 0; i < tm; ++i)
        for (int64_t j = 0; j < tn; ++j)
          d[size_t((i0 + i) * p.n + j0 + j)] = acc[size_t(i * tn + j)];
    }
  return d;
}

void expectSameBits(const std::vector<float> &x, const std::vector<float> &y) {
  ASSERT_EQ(x.size(), y.size());
  for (size_t i = 0; i < x.size(); ++i)
    EXPECT_EQ(bitsOf(x[i]), bitsOf(y[i]))
        << "element " << i << ": " << x[i] << " vs " << y[i];
}

} // namespace

TEST(BlockScaledModel, AccumulationRoundsOnce) {
  // 1 + 2^-24 + 2^-60 is above the midpoint of 1 and 1 + 2^-23, but the
  // double sum rounds onto the midpoint, which float() ties to even (1).
  EXPECT_EQ(addRoundedToFloat(1.0f, 0x1p-24 + 0x1p-60), 1.0f + 0x1p-23f);
  EXPECT_EQ(addRoundedToFloat(1.0f + 0x1p-23f, 0x1p-24 - 0x1p-60),
            1.0f + 0x1p-23f);
  EXPECT_EQ(addRoundedToFloat(-1.0f, -0x1p-24 - 0x1p-60), -1.0f - 0x1p-23f);
  // Genuine ties still go to even.
  EXPECT_EQ(addRoundedToFloat(1.0f, 0x1p-24), 1.0f);
  EXPECT_EQ(addRoundedToFloat(1.0f + 0x1p-23f, 0x1p-24), 1.0f + 0x1p-22f);
  EXPECT_EQ(addRoundedToFloat(0.0f, 0x1p-150 + 0x1p-200), 0x1p-149f);
  // Overflow: the tie above FLT_MAX goes to inf, a sum just below it (which
  // double rounds onto the tie) stays finite.
  EXPECT_EQ(addRoundedToFloat(FLT_MAX, 0x1p103), INFINITY);
  EXPECT_EQ(addRoundedToFloat(FLT_MAX, 0x1p103 - 0x1p50), FLT_MAX);
  EXPECT_EQ(addRoundedToFloat(0x1p127f, 0x1p127), INFINITY);
  EXPECT_TRUE(std::isnan(addRoundedToFloat(1.0f, NAN)));
}

TEST(BlockScaledModel, ExactWithSmallIntegersAndPowerOfTwoScales) {
  // e2m1 magnitudes times 2: codes 0..7 -> 0 1 2 3 4 6 8 12.
  const int64_t twice[8] = {0, 1, 2, 3, 4, 6, 8, 12};
  auto value2 = [&](uint8_t c) { return (c & 8 ? -1 : 1) * twice[c & 7]; };
  for (int64_t vs : {16, 32}) {
    const int64_t m = 20, n = 12, k = 256;
    std::mt19937 rng{uint32_t(vs)};
    Problem p{
        {K::F4E2M1FN, K::F4E2M1FN, K::F8E8M0FNU, vs}, m, n, k, {}, {}, {}, {}};
    for (int64_t i = 0; i < m * k; ++i)
      p.a.push_back(uint8_t(rng() % 16));
    for (int64_t i = 0; i < n * k; ++i)
      p.b.push_back(uint8_t(rng() % 16));
    for (int64_t i = 0; i < m * k / vs; ++i) // 2^-1, 2^0, 2^1
      p.sfa.push_back(uint8_t(126 + rng() % 3));
    for (int64_t i = 0; i < n * k / vs; ++i)
      p.sfb.push_back(uint8_t(126 + rng() % 3));
    std::vector<float> c(size_t(m * n));
    for (auto &x : c)
      x = float(int(rng() % 21) - 10);
    auto d = blockScaledGemm(p.t, m, n, k, p.ops(), c.data());
    ASSERT_TRUE(d.ok()) << d.message();
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = 0; j < n; ++j) {
        // a * 2^(sa-127) * b * 2^(sb-127) = (2a)(2b) 2^(sa-126) 2^(sb-126)
        // / 16: every partial sum is an integer below 2^20 over 16, exact
        // in f32.
        int64_t sum = 0;
        for (int64_t kk = 0; kk < k; ++kk)
          sum += value2(p.a[i * k + kk]) * value2(p.b[j * k + kk]) *
                 (int64_t(1) << (p.sfa[i * (k / vs) + kk / vs] - 126)) *
                 (int64_t(1) << (p.sfb[j * (k / vs) + kk / vs] - 126));
        double expect = double(c[i * n + j]) + double(sum) / 16.0;
        EXPECT_EQ((*d)[size_t(i * n + j)], expect) << i << ", " << j;
      }
  }
}

TEST(BlockScaledModel, ScaleFormats) {
  // One non-zero product per row: D = a * sa * b * sb.
  auto single = [](K scale, int64_t vs, uint8_t sa, uint8_t sb, uint8_t a,
                   uint8_t b) {
    Problem p{{K::F4E2M1FN, K::F4E2M1FN, scale, vs},
              1,
              1,
              2 * vs,
              std::vector<uint8_t>(size_t(2 * vs), 0),
              std::vector<uint8_t>(size_t(2 * vs), 0),
              {0x38, sa},
              {0x38, sb}};
    if (scale == K::F8E8M0FNU)
      p.sfa[0] = p.sfb[0] = 127;
    p.a[size_t(vs + 3)] = a; // in scale vector 1
    p.b[size_t(vs + 3)] = b;
    return (*blockScaledGemm(p.t, 1, 1, p.k, p.ops()))[0];
  };
  // E8M0: 0x7F = 1, 0x80 = 2, 0x7E = 0.5; e2m1 0x7 = 6, 0xA = -1.
  EXPECT_EQ(single(K::F8E8M0FNU, 32, 0x80, 0x7E, 0x7, 0x7), 36.0f);
  EXPECT_EQ(single(K::F8E8M0FNU, 32, 0x80 + 10, 0x7F, 0xA, 0x7), -12288.0f);
  EXPECT_EQ(single(K::F8E8M0FNU, 16, 0x7F - 100, 0x7F - 20, 0x7, 0x7),
            0x1p-120f * 36.0f);
  EXPECT_TRUE(std::isnan(single(K::F8E8M0FNU, 32, 0xFF, 0x7F, 0x2, 0x2)));
  // UE4M3: 0x7E = 448, 0x01 = 2^-9, 0x3C = 1.5, 0x38 = 1.
  EXPECT_EQ(single(K::UE4M3, 16, 0x7E, 0x7E, 0x7, 0x7), 7225344.0f);
  EXPECT_EQ(single(K::UE4M3, 16, 0x01, 0x3C, 0x7, 0x2), 0x1p-9f * 9.0f);
  EXPECT_TRUE(std::isnan(single(K::UE4M3, 16, 0x7F, 0x38, 0x2, 0x2)));
  // A NaN scale poisons its row even when the elements are 0 there.
  EXPECT_TRUE(std::isnan(single(K::UE4M3, 16, 0x7F, 0x38, 0x0, 0x2)));
}

TEST(BlockScaledModel, AtomsThroughRegistersEqualTheWholeGemm) {
  struct Config {
    MmaAtomKind atom;
    BlockScaledTypes t;
  };
  const Config configs[] = {
      {MmaAtomKind::Sm120_16x8x64_BlockScaled,
       {K::F4E2M1FN, K::F4E2M1FN, K::F8E8M0FNU, 32}},
      {MmaAtomKind::Sm120_16x8x64_BlockScaled,
       {K::F4E2M1FN, K::F4E2M1FN, K::F8E8M0FNU, 16}},
      {MmaAtomKind::Sm120_16x8x64_BlockScaled,
       {K::F4E2M1FN, K::F4E2M1FN, K::UE4M3, 16}},
      {MmaAtomKind::Sm120_16x8x32_BlockScaled,
       {K::F8E4M3FN, K::F4E2M1FN, K::F8E8M0FNU, 32}},
      {MmaAtomKind::Sm120_16x8x32_BlockScaled,
       {K::F6E3M2FN, K::F6E2M3FN, K::F8E8M0FNU, 32}},
      {MmaAtomKind::Sm120_16x8x32_BlockScaled,
       {K::F8E5M2, K::F8E4M3FN, K::F8E8M0FNU, 32}},
  };
  uint32_t seed = 7;
  for (const Config &cfg : configs) {
    SCOPED_TRACE(std::string(narrowFloatFormat(cfg.t.a).name) + " x " +
                 narrowFloatFormat(cfg.t.b).name + " / " +
                 narrowFloatFormat(cfg.t.scale).name + " per " +
                 std::to_string(cfg.t.vs));
    MmaAtomLayouts atom = *mmaAtomLayouts(cfg.atom, 0, int(cfg.t.vs));
    Problem p = randomProblem(cfg.t, 32, 16, 4 * atom.k, ++seed);
    auto whole = blockScaledGemm(p.t, p.m, p.n, p.k, p.ops());
    ASSERT_TRUE(whole.ok()) << whole.message();
    expectSameBits(gemmThroughRegisters(atom, p), *whole);
  }
}

TEST(BlockScaledModel, QuantizedOperandsMatchTheDequantizedGemm) {
  const int64_t m = 8, n = 6, k = 128;
  std::mt19937 rng(99);
  std::normal_distribution<float> dist(0.0f, 3.0f);
  std::vector<float> x(size_t(m * k)), y(size_t(n * k));
  for (auto &v : x)
    v = dist(rng);
  for (auto &v : y)
    v = dist(rng) * 100.0f;
  auto gemm = [&](const std::vector<float> &a, const std::vector<float> &b,
                  int64_t i, int64_t j, double &absSum) {
    double s = 0;
    absSum = 0;
    for (int64_t kk = 0; kk < k; ++kk) {
      s += double(a[size_t(i * k + kk)]) * b[size_t(j * k + kk)];
      absSum +=
          std::fabs(double(a[size_t(i * k + kk)]) * b[size_t(j * k + kk)]);
    }
    return s;
  };
  // f32 accumulation over k terms: error <= k * 2^-24 * sum |products|.
  auto check = [&](const std::vector<float> &d, const std::vector<float> &da,
                   const std::vector<float> &db, double scale) {
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = 0; j < n; ++j) {
        double absSum = 0, ref = gemm(da, db, i, j, absSum);
        EXPECT_NEAR(double(d[size_t(i * n + j)]) * scale, ref,
                    double(k) * 0x1p-24 * absSum + 1e-30)
            << i << ", " << j;
      }
  };
  for (K elem : {K::F4E2M1FN, K::F6E3M2FN, K::F8E4M3FN}) {
    SCOPED_TRACE(narrowFloatFormat(elem).name);
    MxQuantized qa = quantizeMx(x.data(), x.size(), elem);
    MxQuantized qb = quantizeMx(y.data(), y.size(), elem);
    auto codes = [&](const MxQuantized &q) {
      return elem == K::F4E2M1FN ? unpackF4E2M1FN(q.data.data(), q.count)
                                 : q.data;
    };
    auto ca = codes(qa), cb = codes(qb);
    auto d = blockScaledGemm(
        {elem, elem, K::F8E8M0FNU, 32}, m, n, k,
        {ca.data(), cb.data(), qa.scales.data(), qb.scales.data()});
    ASSERT_TRUE(d.ok()) << d.message();
    check(*d, dequantizeMx(qa), dequantizeMx(qb), 1.0);
  }
  Nvfp4Quantized qa =
      quantizeNvfp4(x.data(), x.size(), nvfp4TensorScale(x.data(), x.size()));
  Nvfp4Quantized qb =
      quantizeNvfp4(y.data(), y.size(), nvfp4TensorScale(y.data(), y.size()));
  auto ca = unpackF4E2M1FN(qa.data.data(), qa.count);
  auto cb = unpackF4E2M1FN(qb.data.data(), qb.count);
  auto d = blockScaledGemm(
      {K::F4E2M1FN, K::F4E2M1FN, K::UE4M3, 16}, m, n, k,
      {ca.data(), cb.data(), qa.scales.data(), qb.scales.data()});
  ASSERT_TRUE(d.ok()) << d.message();
  // The per-tensor scales apply outside the MMA.
  check(*d, dequantizeNvfp4(qa), dequantizeNvfp4(qb),
        double(qa.tensorScale) * double(qb.tensorScale));
}

TEST(BlockScaledModel, RejectsBadParameters) {
  std::vector<uint8_t> z(64 * 64, 0);
  BlockScaledOperands ops{z.data(), z.data(), z.data(), z.data()};
  auto e = [&](BlockScaledTypes t, int64_t m, int64_t n, int64_t k) {
    return blockScaledGemm(t, m, n, k, ops).message();
  };
  EXPECT_EQ(e({K::F8E8M0FNU, K::F4E2M1FN, K::F8E8M0FNU, 32}, 1, 1, 32),
            "A element format f8E8M0FNU is not a block-scaled element format "
            "(f4E2M1FN, f6E2M3FN, f6E3M2FN, f8E4M3FN, f8E5M2)");
  EXPECT_EQ(e({K::F4E2M1FN, K::F4E2M1FN, K::F8E4M3FN, 32}, 1, 1, 32),
            "scale format f8E4M3FN is not a block-scale format (f8E8M0FNU, "
            "ue4m3)");
  EXPECT_EQ(e({K::F4E2M1FN, K::F4E2M1FN, K::F8E8M0FNU, 8}, 1, 1, 32),
            "scale vector of 8 elements; block-scaled MMA uses 16 or 32");
  EXPECT_EQ(e({K::F4E2M1FN, K::F4E2M1FN, K::UE4M3, 32}, 1, 1, 32),
            "ue4m3 scales cover 16 elements (NVFP4), not 32");
  EXPECT_EQ(e({K::F4E2M1FN, K::F4E2M1FN, K::F8E8M0FNU, 32}, 1, 1, 48),
            "K = 48 is not a multiple of the scale vector (32)");
  EXPECT_EQ(e({K::F4E2M1FN, K::F4E2M1FN, K::F8E8M0FNU, 32}, 0, 1, 32),
            "empty GEMM (M = 0, N = 1, K = 32)");
  MmaAtomLayouts k64 =
      *mmaAtomLayouts(MmaAtomKind::Sm120_16x8x64_BlockScaled, 0, 32);
  MmaAtomLayouts k32 =
      *mmaAtomLayouts(MmaAtomKind::Sm120_16x8x32_BlockScaled, 0, 32);
  EXPECT_EQ(
      blockScaledMmaAtom(k64, {K::F8E4M3FN, K::F4E2M1FN, K::F8E8M0FNU, 32}, ops)
          .message(),
      "m16n8k64 block_scale (kind::mxf4, mxf4nvf4) multiplies f4E2M1FN "
      "only, not f8E4M3FN x f4E2M1FN");
  EXPECT_EQ(
      blockScaledMmaAtom(k64, {K::F4E2M1FN, K::F4E2M1FN, K::UE4M3, 16}, ops)
          .message(),
      "SM120_16x8x64_TN_VS has a scale vector of 32 elements; the "
      "operands have 16");
  EXPECT_TRUE(
      blockScaledMmaAtom(k32, {K::F8E4M3FN, K::F6E2M3FN, K::F8E8M0FNU, 32}, ops)
          .ok());
  EXPECT_FALSE(
      blockScaledMmaAtom(*mmaAtomLayouts(MmaAtomKind::Sm80_16x8x16), {}, ops)
          .ok());
}
