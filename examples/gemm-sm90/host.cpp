//===- host.cpp - sm_90a BF16 GEMM: check against the CPU, time -----------===//
//
// C = A x B^T, A (M x K) and B (N x K) bf16 row-major, C (M x N) bf16 with a
// leading dimension ldc = N rounded up to 8 (TMA's 16-byte row pitch) plus
// 8, f32 accumulation. Fresh data per case (seed printed), C poisoned before
// the launch. A TMA store writes whole 16-byte segments (observed on the H200;
// see examples/tma-pipeline): the padding columns that share a row's last
// segment with C receive the box's zero fill, so they may be 0 or poison;
// the 8 columns after that segment must stay poisoned.
//   exact   integers in [-2, 2]: every f32 partial sum is an exact integer,
//           so C must be the bf16 rounding (RNE) of the exact sum, bit for
//           bit;
//   random  values in [-1, 1) rounded to bf16; reference in double, then
//           |C - ref| <= 2^-8 |ref| + 1e-5 sqrt(K) (bf16 output rounding
//           plus f32 accumulation-order differences).
// Small and odd shapes are checked everywhere; large ones (4096^3, 8192^3)
// on 64 rows sampled at random, every column. Timing: median of 30
// launches; torch.matmul (cuBLAS) is measured in the same run by
// bench/gemm_peers.py.
//
//===----------------------------------------------------------------------===//
#include "../common/Harness.h"

#include <thread>

using namespace cute;
using namespace cute::ex;

namespace {

struct Case {
  int64_t m, n, k;
  bool exact, bench;
};

std::vector<uint16_t> inputs(size_t count, uint64_t seed, bool exact) {
  std::mt19937_64 rng(seed);
  std::vector<uint16_t> v(count);
  std::uniform_int_distribution<int> di(-2, 2);
  std::uniform_real_distribution<float> dr(-1.f, 1.f);
  for (auto &x : v)
    x = floatToBf16(exact ? float(di(rng)) : dr(rng));
  return v;
}

bool runCase(const rt::Context &ctx, const rt::Stream &stream,
             const rt::Kernel &kern, int sms, const Case &c) {
  uint64_t seed = freshSeed();
  int64_t seg = (c.n + 7) / 8 * 8, ldc = seg + 8;
  auto ha = inputs(size_t(c.m * c.k), seed, c.exact);
  auto hb = inputs(size_t(c.n * c.k), seed + 1, c.exact);
  auto da = need(rt::DeviceBuffer::fromHost(ctx, ha), "A");
  auto db = need(rt::DeviceBuffer::fromHost(ctx, hb), "B");
  auto dc = need(rt::DeviceBuffer::allocate(ctx, size_t(c.m * ldc) * 2), "C");
  need(dc.poison(), "poison");
  rt::KernelArgs args;
  args.ptr(da).ptr(db).ptr(dc);
  args.scalar(int32_t(c.m)).scalar(int32_t(c.n)).scalar(int32_t(c.k));
  args.scalar(int32_t(ldc));
  int64_t tiles = ((c.m + 127) / 128) * ((c.n + 255) / 256);
  rt::LaunchConfig cfg;
  cfg.grid = rt::Dim3{unsigned(std::min<int64_t>(tiles, sms)), 1, 1};
  need(kern.launch(stream, cfg, args), "launch");
  need(stream.synchronize(), "run");
  std::vector<uint16_t> hc(size_t(c.m * ldc));
  need(dc.copyToHost(hc.data(), hc.size() * 2), "download");

  // Rows to check: all of them for small problems, 64 random ones else.
  std::vector<int64_t> rows;
  bool sampled = c.m * c.n * c.k > (int64_t(1) << 32);
  std::mt19937_64 pick(seed + 2);
  for (int64_t r = 0; r < c.m; ++r)
    if (!sampled)
      rows.push_back(r);
  for (int i = 0; sampled && i < 64; ++i)
    rows.push_back(int64_t(pick() % uint64_t(c.m)));
  std::vector<float> fa(ha.size()), fb(hb.size());
  for (size_t i = 0; i < ha.size(); ++i)
    fa[i] = bf16ToFloat(ha[i]);
  for (size_t i = 0; i < hb.size(); ++i)
    fb[i] = bf16ToFloat(hb[i]);
  std::vector<size_t> bad(rows.size());
  std::vector<double> worst(rows.size());
  auto work = [&](size_t from, size_t to) {
    for (size_t ri = from; ri < to; ++ri) {
      int64_t r = rows[ri];
      for (int64_t j = 0; j < c.n; ++j) {
        double acc = 0;
        const float *pa = &fa[size_t(r * c.k)], *pb = &fb[size_t(j * c.k)];
        for (int64_t p = 0; p < c.k; ++p)
          acc += double(pa[p]) * double(pb[p]);
        float got = bf16ToFloat(hc[size_t(r * ldc + j)]);
        double d = std::fabs(double(got) - acc);
        bool ok = c.exact ? hc[size_t(r * ldc + j)] == floatToBf16(float(acc))
                          : d <= std::ldexp(std::fabs(acc), -8) +
                                     1e-5 * std::sqrt(double(c.k));
        if (!ok)
          ++bad[ri];
        if (!(d <= worst[ri]))
          worst[ri] = std::isnan(d) ? INFINITY : d;
      }
      // Padding: the last segment's tail may be zero-filled; after it,
      // C's padding stays poisoned (bf16 0xFFFF).
      for (int64_t j = c.n; j < ldc; ++j) {
        uint16_t v = hc[size_t(r * ldc + j)];
        if (v != 0xFFFF && !(j < seg && v == 0))
          ++bad[ri];
      }
    }
  };
  unsigned nt = std::max(1u, std::thread::hardware_concurrency());
  std::vector<std::thread> pool;
  for (unsigned t = 0; t < nt; ++t)
    pool.emplace_back(work, rows.size() * t / nt, rows.size() * (t + 1) / nt);
  for (auto &t : pool)
    t.join();
  size_t nbad = 0;
  double maxd = 0;
  for (size_t i = 0; i < rows.size(); ++i) {
    nbad += bad[i];
    maxd = std::max(maxd, worst[i]);
  }
  std::printf("CHECK gemm_bf16 %s %lldx%lldx%lld (%s) seed %llu: %s (max "
              "|d| %.3g, %zu bad)\n",
              c.exact ? "exact " : "random", (long long)c.m, (long long)c.n,
              (long long)c.k, sampled ? "64 sampled rows" : "all rows",
              (unsigned long long)seed, nbad ? "FAIL" : "PASS", maxd, nbad);
  if (c.bench && !nbad) {
    double ms = medianMs(
        ctx, stream, [&] { need(kern.launch(stream, cfg, args), "launch"); });
    std::printf("BENCH gemm_bf16 %lldx%lldx%lld: %.3f ms, %.1f TFLOP/s\n",
                (long long)c.m, (long long)c.n, (long long)c.k, ms,
                2.0 * double(c.m) * double(c.n) * double(c.k) / (ms * 1e9));
  }
  return nbad == 0;
}

} // namespace

int main(int argc, char **argv) {
  Options o = parseOptions(argc, argv);
  rt::Context ctx = need(rt::Context::create(), "CUDA context");
  rt::Stream stream = need(rt::Stream::create(ctx), "stream");
  rt::Program prog = loadProgram(ctx, o, "gemm_sm90");
  rt::Kernel k = need(prog.kernel("gemm_bf16"), "kernel");
  int sms =
      need(ctx.attribute(CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT), "SM count");
  std::vector<Case> cases;
  if (!o.sizes.empty()) {
    for (int64_t s : o.sizes)
      cases.push_back({s, s, (s + 7) / 8 * 8, false, o.bench});
  } else {
    cases = {
        {128, 256, 64, true, false},        {1000, 1003, 1016, true, false},
        {1000, 1003, 1016, false, false},   {333, 4097, 72, false, false},
        {4096, 4096, 4096, false, o.bench}, {8192, 8192, 8192, false, o.bench}};
  }
  bool ok = true;
  for (const Case &c : cases)
    ok &= runCase(ctx, stream, k, sms, c);
  std::printf("RESULT gemm-sm90 %s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
