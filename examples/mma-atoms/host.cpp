//===- host.cpp - Tensor-core micro-GEMMs: check against the CPU ----------===//
//
// C = A x B^T (A: M x K, B: N x K, both row-major; C: M x N f32) with the
// mma.sync, wgmma bf16 and wgmma e4m3 kernels of kernel.mlir. Two checks per
// kernel and shape, on fresh data (seed printed), with C poisoned first:
//   exact   small integers in [-3, 3] (exact in bf16 and e4m3; every f32
//           partial sum is an integer below 2^24): C must equal the CPU sum
//           bit for bit;
//   random  values in [-1, 1) rounded to the input type; the CPU reference
//           sums the rounded values in double; tolerance |d| <= 1e-5 * K +
//           1e-4 |ref| (f32 accumulation of K products). For e4m3 the H200
//           accumulates inside wgmma with fewer bits than f32 (a documented
//           property of Hopper's FP8 tensor cores, which is why CUTLASS
//           offers periodic promotion to f32): the bound is
//           |d| <= 2^-10 * sum_k |a_k b_k|, and the worst observed
//           |d| / sum |a b| is printed.
// Tile counts are odd (3 x 5 tiles) and K covers several K steps.
//
// The register-A kernels compute O = P V with P = round(S), S = A B^T
// (A: M x K, B: 128 x K, V: 128 x N2; O: M x N2 f32), P converted from the
// first wgmma's accumulators into the second's register A operand (bf16, or
// e4m3 with saturation). The CPU rounds S exactly as the conversion does
// (to nearest even; e4m3 saturating at 448), then sums P V in double:
//   exact   small integers, S and O integers far below 2^24 (the e4m3 data
//           keep |O| and every partial sum below 2^13, where Hopper's FP8
//           accumulation is still exact): O must equal the CPU bit for bit;
//   random  values in [-1, 1); bound |d| <= 2^-7 (bf16) or 2^-2 (e4m3)
//           sum_j |P_ij V_jn|: the GPU's S (f32, or Hopper's FP8
//           accumulation) may round to the neighbouring P.
//
//===----------------------------------------------------------------------===//
#include "../common/Harness.h"

#include "cute/Support/NarrowFloat.h"

using namespace cute;
using namespace cute::ex;

namespace {

struct KernelSpec {
  const char *name;
  int64_t tileM, tileN, tileK;
  bool fp8;
};

/// One input element: its storage bytes and the value they hold.
struct Encoded {
  std::vector<uint8_t> bytes;
  std::vector<float> values;
};

Encoded encode(const std::vector<float> &x, bool fp8) {
  Encoded e;
  e.bytes.resize(x.size() * (fp8 ? 1 : 2));
  e.values.resize(x.size());
  for (size_t i = 0; i < x.size(); ++i) {
    if (fp8) {
      uint8_t c = toF8E4M3FN(x[i]);
      e.bytes[i] = c;
      e.values[i] = fromF8E4M3FN(c);
    } else {
      uint16_t h = floatToBf16(x[i]);
      std::memcpy(&e.bytes[2 * i], &h, 2);
      e.values[i] = bf16ToFloat(h);
    }
  }
  return e;
}

std::vector<float> inputs(size_t n, uint64_t seed, bool integers) {
  std::mt19937_64 rng(seed);
  std::vector<float> v(n);
  if (integers) {
    std::uniform_int_distribution<int> d(-3, 3);
    for (auto &x : v)
      x = float(d(rng));
  } else {
    std::uniform_real_distribution<float> d(-1.f, 1.f);
    for (auto &x : v)
      x = d(rng);
  }
  return v;
}

bool runCase(const rt::Context &ctx, const rt::Stream &stream,
             const rt::Kernel &k, const KernelSpec &s, int64_t m, int64_t n,
             int64_t kk, bool integers, bool bench) {
  uint64_t seed = freshSeed();
  Encoded a = encode(inputs(size_t(m * kk), seed, integers), s.fp8);
  Encoded b = encode(inputs(size_t(n * kk), seed + 1, integers), s.fp8);
  auto da = need(rt::DeviceBuffer::fromHost(ctx, a.bytes), "A");
  auto db = need(rt::DeviceBuffer::fromHost(ctx, b.bytes), "B");
  auto dc = need(rt::DeviceBuffer::allocate(ctx, size_t(m * n) * 4), "C");
  need(dc.poison(), "poison");
  rt::KernelArgs args;
  args.ptr(da)
      .ptr(db)
      .ptr<float>(dc)
      .scalar(int32_t(m))
      .scalar(int32_t(n))
      .scalar(int32_t(kk));
  rt::LaunchConfig cfg;
  cfg.grid = rt::Dim3{unsigned(m / s.tileM), unsigned(n / s.tileN), 1};
  need(k.launch(stream, cfg, args), "launch");
  need(stream.synchronize(), "run");
  std::vector<float> c(size_t(m * n));
  need(dc.copyToHost(c.data(), c.size() * 4), "download");
  std::vector<double> ref(size_t(m * n)), mag(size_t(m * n));
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j) {
      double acc = 0, abs = 0;
      for (int64_t p = 0; p < kk; ++p) {
        double prod = double(a.values[size_t(i * kk + p)]) *
                      double(b.values[size_t(j * kk + p)]);
        acc += prod;
        abs += std::fabs(prod);
      }
      ref[size_t(i * n + j)] = acc;
      mag[size_t(i * n + j)] = abs;
    }
  double atol = integers ? 0 : 1e-5 * double(kk);
  double rtol = integers ? 0 : 1e-4;
  Comparison cmp = compare(ref, c, atol, rtol);
  if (s.fp8 && !integers) {
    // Hopper's FP8 accumulation: a bound relative to sum |a b| instead.
    cmp = Comparison();
    double worstRatio = 0;
    for (size_t i = 0; i < ref.size(); ++i) {
      double d = std::fabs(double(c[i]) - ref[i]);
      double ratio = d / std::max(mag[i], 1e-30);
      if (!(d <= std::ldexp(mag[i], -10))) {
        ++cmp.bad;
        cmp.pass = false;
      }
      if (!(d <= cmp.maxAbs)) {
        cmp.maxAbs = std::isnan(d) ? INFINITY : d;
        cmp.worst = i;
      }
      worstRatio = std::max(worstRatio, ratio);
    }
    std::printf("  e4m3 accumulation: worst |d| / sum|ab| = %.3g (2^%.1f)\n",
                worstRatio, std::log2(std::max(worstRatio, 1e-300)));
  }
  std::printf("CHECK %s %s %lldx%lldx%lld (%lldx%lld tiles) seed %llu: %s "
              "(max |d| %.3g, %zu bad)\n",
              s.name, integers ? "exact " : "random", (long long)m,
              (long long)n, (long long)kk, (long long)(m / s.tileM),
              (long long)(n / s.tileN), (unsigned long long)seed,
              cmp.pass ? "PASS" : "FAIL", cmp.maxAbs, cmp.bad);
  if (!cmp.pass) {
    size_t w = cmp.worst;
    std::printf("  worst at (%zu, %zu): got %.9g want %.9g\n", w / size_t(n),
                w % size_t(n), double(c[w]), ref[w]);
  }
  if (bench && cmp.pass) {
    benchGemm(ctx, stream, k, cfg, args, s.name, m, n, kk,
              "a correctness kernel: no pipelining");
  }
  return cmp.pass;
}

/// A register-A wgmma kernel: O = round(A B^T) V, 64 x 64 O tiles, S over
/// the 128 columns of B, K in steps of tileK.
struct RsSpec {
  const char *name;
  int64_t tileK;
  bool fp8;
  int aRange, bRange, vRange; ///< integer data in [-r, r]
};

std::vector<float> integers(size_t n, uint64_t seed, int range) {
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<int> d(-range, range);
  std::vector<float> v(n);
  for (auto &x : v)
    x = float(d(rng));
  return v;
}

/// What the conversion makes of an f32 accumulator value.
float roundLikeTheConversion(float s, bool fp8) {
  if (fp8)
    return fromF8E4M3FN(toF8E4M3FNSaturate(s));
  return bf16ToFloat(floatToBf16(s));
}

bool runRsCase(const rt::Context &ctx, const rt::Stream &stream,
               const rt::Kernel &k, const RsSpec &s, int64_t m, int64_t n2,
               int64_t kk, bool exact) {
  constexpr int64_t kS = 128; // columns of S: rows of V, the second K
  uint64_t seed = freshSeed();
  auto data = [&](size_t n, uint64_t sd, int range) {
    return exact ? integers(n, sd, range) : inputs(n, sd, false);
  };
  Encoded a = encode(data(size_t(m * kk), seed, s.aRange), s.fp8);
  Encoded b = encode(data(size_t(kS * kk), seed + 1, s.bRange), s.fp8);
  // bf16: V (128 x N2, row-major); e4m3: Vt (N2 x 128, row-major).
  Encoded v = encode(data(size_t(kS * n2), seed + 2, s.vRange), s.fp8);
  auto vAt = [&](int64_t j, int64_t n) {
    return double(v.values[size_t(s.fp8 ? n * kS + j : j * n2 + n)]);
  };
  auto da = need(rt::DeviceBuffer::fromHost(ctx, a.bytes), "A");
  auto db = need(rt::DeviceBuffer::fromHost(ctx, b.bytes), "B");
  auto dv = need(rt::DeviceBuffer::fromHost(ctx, v.bytes), "V");
  auto dout = need(rt::DeviceBuffer::allocate(ctx, size_t(m * n2) * 4), "O");
  need(dout.poison(), "poison");
  rt::KernelArgs args;
  args.ptr(da)
      .ptr(db)
      .ptr(dv)
      .ptr<float>(dout)
      .scalar(int32_t(m))
      .scalar(int32_t(n2))
      .scalar(int32_t(kk));
  rt::LaunchConfig cfg;
  cfg.grid = rt::Dim3{unsigned(m / 64), unsigned(n2 / 64), 1};
  need(k.launch(stream, cfg, args), "launch");
  need(stream.synchronize(), "run");
  std::vector<float> o(size_t(m * n2));
  need(dout.copyToHost(o.data(), o.size() * 4), "download");
  std::vector<double> ref(size_t(m * n2)), mag(size_t(m * n2));
  std::vector<double> p(static_cast<size_t>(kS));
  for (int64_t i = 0; i < m; ++i) {
    for (int64_t j = 0; j < kS; ++j) {
      double acc = 0;
      for (int64_t q = 0; q < kk; ++q)
        acc += double(a.values[size_t(i * kk + q)]) *
               double(b.values[size_t(j * kk + q)]);
      p[size_t(j)] = roundLikeTheConversion(float(acc), s.fp8);
    }
    for (int64_t n = 0; n < n2; ++n) {
      double acc = 0, abs = 0;
      for (int64_t j = 0; j < kS; ++j) {
        acc += p[size_t(j)] * vAt(j, n);
        abs += std::fabs(p[size_t(j)] * vAt(j, n));
      }
      ref[size_t(i * n2 + n)] = acc;
      mag[size_t(i * n2 + n)] = abs;
    }
  }
  Comparison cmp;
  double rel = exact ? 0 : std::ldexp(1.0, s.fp8 ? -2 : -7), worst = 0;
  for (size_t i = 0; i < ref.size(); ++i) {
    double d = std::fabs(double(o[i]) - ref[i]);
    if (!(d <= rel * mag[i])) {
      ++cmp.bad;
      cmp.pass = false;
    }
    if (!(d <= cmp.maxAbs)) {
      cmp.maxAbs = std::isnan(d) ? INFINITY : d;
      cmp.worst = i;
    }
    worst = std::max(worst, d / std::max(mag[i], 1e-30));
  }
  if (!exact)
    std::printf("  %s: worst |d| / sum|P V| = %.3g (2^%.1f)\n", s.name, worst,
                std::log2(std::max(worst, 1e-300)));
  std::printf("CHECK %s %s %lldx%lldx%lld (%lldx%lld tiles) seed %llu: %s "
              "(max |d| %.3g, %zu bad)\n",
              s.name, exact ? "exact " : "random", (long long)m, (long long)n2,
              (long long)kk, (long long)(m / 64), (long long)(n2 / 64),
              (unsigned long long)seed, cmp.pass ? "PASS" : "FAIL", cmp.maxAbs,
              cmp.bad);
  if (!cmp.pass) {
    size_t w = cmp.worst;
    std::printf("  worst at (%zu, %zu): got %.9g want %.9g\n", w / size_t(n2),
                w % size_t(n2), double(o[w]), ref[w]);
  }
  return cmp.pass;
}

} // namespace

int main(int argc, char **argv) {
  Options o = parseOptions(argc, argv);
  rt::Context ctx = openContext("mma-atoms");
  rt::Stream stream = need(rt::Stream::create(ctx), "stream");
  rt::Program prog = loadProgram(ctx, o, "mma_atoms");
  const KernelSpec specs[] = {{"mma_sync_bf16", 64, 64, 32, false},
                              {"wgmma_bf16", 64, 128, 64, false},
                              {"wgmma_e4m3", 64, 128, 128, true}};
  bool ok = true;
  for (const KernelSpec &s : specs) {
    rt::Kernel k = need(prog.kernel(s.name), "kernel");
    // Odd tile counts (3 x 5) with three K steps, then one larger shape.
    int64_t m = 3 * s.tileM, n = 5 * s.tileN, kk = 3 * s.tileK;
    for (bool integers : {true, false})
      ok &= runCase(ctx, stream, k, s, m, n, kk, integers, false);
    int64_t big = o.sizes.empty() ? 2048 : o.sizes.front();
    int64_t bm = big / s.tileM * s.tileM, bn = big / s.tileN * s.tileN,
            bk = big / s.tileK * s.tileK;
    if (bm && bn && bk)
      ok &= runCase(ctx, stream, k, s, bm, bn, bk, false, o.bench);
  }
  // Register-A wgmma: exact at 3 x 5 O tiles with 3 (bf16) or 2 (e4m3) K
  // steps of the first MMA and at --size, then random data.
  const RsSpec rsSpecs[] = {{"wgmma_rs_bf16", 64, false, 3, 3, 3},
                            {"wgmma_rs_e4m3", 128, true, 2, 1, 2}};
  for (const RsSpec &s : rsSpecs) {
    rt::Kernel k = need(prog.kernel(s.name), "kernel");
    int64_t kk = (s.fp8 ? 2 : 3) * s.tileK;
    ok &= runRsCase(ctx, stream, k, s, 3 * 64, 5 * 64, kk, true);
    int64_t big = (o.sizes.empty() ? 2048 : o.sizes.front()) / 64 * 64;
    if (big)
      ok &= runRsCase(ctx, stream, k, s, big, big, kk, true);
    ok &= runRsCase(ctx, stream, k, s, 3 * 64, 5 * 64, kk, false);
  }
  std::printf("RESULT mma-atoms %s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
