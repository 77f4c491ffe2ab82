//===- host.cpp - 2-CTA sm_100a GEMM + row bias: check against the CPU ----===//
//
// gemm_2cta_f16: C = A x B^T + bias, A (M x K) and B (N x K) f16 row-major,
// bias (M) f16, one value per row, C (M x N) f16 row-major (ldc = N), f32
// accumulation. M % 256 == 0 (one 256-row tile per CTA pair), N % 8 == 0
// and K % 8 == 0 (TMA's 16-byte row pitch). Grid: (M / 128, ceil(N / 352))
// CTAs in clusters of (2,1,1). Fresh data per case (seed printed), values
// in [-1, 1) rounded to f16, C poisoned before the launch; reference in
// double; |C - ref| <= 0.1 + 1e-5 |ref| (atol 0.1, rtol 1e-5, cute-rs's
// tolerance) over every element; and exact data (integers in {-1, 0, 1}:
// C must equal the sum bit for bit). Shapes: one tile; ragged N (partial
// second N-partition and a partial first one); 512 x 704 x 256 (2 x 2
// cluster tiles); 768 x 1064 x 704 (11 K tiles on a 5-stage ring: the
// pipeline phase wraps twice, and N is 3 tiles + 8).
//
// No Blackwell GPU has run this: on any device other than compute
// capability 10.0 it prints SKIP and exits 0.
//
//===----------------------------------------------------------------------===//
#include "../common/Harness.h"

#include "cute/Support/NarrowFloat.h"

#include <thread>

using namespace cute;
using namespace cute::ex;

namespace {

constexpr int64_t kTileN = 352;

/// Values in [-1, 1) rounded to f16, or (exact) integers in {-1, 0, 1}.
std::vector<uint16_t> randomF16(size_t count, uint64_t seed, bool exact,
                                std::vector<float> &values) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<float> d(-1.f, 1.f);
  std::uniform_int_distribution<int> di(-1, 1);
  std::vector<uint16_t> bits(count);
  values.resize(count);
  for (size_t i = 0; i < count; ++i) {
    bits[i] = floatToF16Bits(exact ? float(di(rng)) : d(rng));
    values[i] = f16BitsToFloat(bits[i]);
  }
  return bits;
}

bool runCase(const rt::Context &ctx, const rt::Stream &stream,
             const rt::Kernel &kern, int64_t m, int64_t n, int64_t k,
             bool exact, bool bench) {
  uint64_t seed = freshSeed();
  std::vector<float> fa, fb, fbias;
  std::vector<uint16_t> ha = randomF16(size_t(m * k), seed, exact, fa);
  std::vector<uint16_t> hb = randomF16(size_t(n * k), seed + 1, exact, fb);
  std::vector<uint16_t> hbias = randomF16(size_t(m), seed + 2, exact, fbias);
  auto da = need(rt::DeviceBuffer::fromHost(ctx, ha), "A");
  auto db = need(rt::DeviceBuffer::fromHost(ctx, hb), "B");
  auto dbias = need(rt::DeviceBuffer::fromHost(ctx, hbias), "bias");
  auto dc = need(rt::DeviceBuffer::allocate(ctx, size_t(m * n) * 2), "C");
  need(dc.poison(), "poison");
  rt::KernelArgs args;
  args.ptr(da).ptr(db).ptr(dc).ptr(dbias);
  args.scalar(int32_t(m)).scalar(int32_t(n)).scalar(int32_t(k));
  rt::LaunchConfig cfg;
  cfg.grid =
      rt::Dim3{unsigned(m / 128), unsigned((n + kTileN - 1) / kTileN), 1};
  need(kern.launch(stream, cfg, args), "launch");
  need(stream.synchronize(), "run");
  std::vector<uint16_t> hc(size_t(m * n));
  need(dc.copyToHost(hc.data(), hc.size() * 2), "download");

  std::vector<size_t> bad(static_cast<size_t>(m));
  std::vector<double> worst(static_cast<size_t>(m));
  auto work = [&](int64_t from, int64_t to) {
    for (int64_t r = from; r < to; ++r)
      for (int64_t j = 0; j < n; ++j) {
        double acc = double(fbias[size_t(r)]);
        const float *pa = &fa[size_t(r * k)], *pb = &fb[size_t(j * k)];
        for (int64_t p = 0; p < k; ++p)
          acc += double(pa[p]) * double(pb[p]);
        uint16_t bits = hc[size_t(r * n + j)];
        double got = f16BitsToFloat(bits);
        double d = std::fabs(got - acc);
        // Exact data: every partial sum is an integer below 2^11, exact in
        // f32 and in f16, so C must equal the sum bit for bit.
        if (exact ? bits != floatToF16Bits(float(acc))
                  : !(d <= 0.1 + 1e-5 * std::fabs(acc)))
          ++bad[size_t(r)];
        if (!(d <= worst[size_t(r)]))
          worst[size_t(r)] = std::isnan(d) ? INFINITY : d;
      }
  };
  unsigned nt = std::max(1u, std::thread::hardware_concurrency());
  std::vector<std::thread> pool;
  for (unsigned t = 0; t < nt; ++t)
    pool.emplace_back(work, m * t / nt, m * (t + 1) / nt);
  for (auto &t : pool)
    t.join();
  size_t nbad = 0;
  double maxd = 0;
  for (int64_t r = 0; r < m; ++r) {
    nbad += bad[size_t(r)];
    maxd = std::max(maxd, worst[size_t(r)]);
  }
  std::printf("CHECK gemm_2cta_f16 %s %lldx%lldx%lld seed %llu: %s (max |d| "
              "%.3g, %zu bad)\n",
              exact ? "exact " : "random", (long long)m, (long long)n,
              (long long)k, (unsigned long long)seed, nbad ? "FAIL" : "PASS",
              maxd, nbad);
  if (bench && !nbad) {
    benchGemm(ctx, stream, kern, cfg, args, "gemm_2cta_f16", m, n, k);
  }
  return nbad == 0;
}

} // namespace

int main(int argc, char **argv) {
  Options o = parseOptions(argc, argv);
  o.chip = "sm_100a"; // the kernel's only chip
  rt::Context ctx = openContext("gemm-2cta-sm100");
  int major = need(ctx.attribute(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR),
                   "CC major");
  int minor = need(ctx.attribute(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR),
                   "CC minor");
  if (major != 10 || minor != 0) {
    std::string name = need(ctx.name(), "device name");
    std::printf("SKIP gemm-2cta-sm100: needs sm_100a (compute capability "
                "10.0, datacenter Blackwell: tcgen05, Tensor Memory, CTA "
                "pairs); %s is compute capability %d.%d\n",
                name.c_str(), major, minor);
    return 0;
  }
  rt::Stream stream = need(rt::Stream::create(ctx), "stream");
  rt::Program prog = loadProgram(ctx, o, "gemm_2cta");
  rt::Kernel kernel = need(prog.kernel("gemm_2cta_f16"), "kernel");
  bool ok = true;
  // --shape MxNxK replaces the fixed shapes (the emulator's schedule tests
  // run a small one under many seeds).
  std::vector<std::array<int64_t, 3>> shapes = o.shapes;
  if (shapes.empty())
    shapes = {{256, 352, 64},
              {256, 200, 136},
              {512, 104, 320},
              {512, 704, 256},
              {768, 1064, 704}};
  for (bool exact : {true, false})
    for (const auto &s : shapes)
      ok &= runCase(ctx, stream, kernel, s[0], s[1], s[2], exact, false);
  int64_t big = o.sizes.empty() ? 4096 : o.sizes.front() / 256 * 256;
  if (big >= 256)
    ok &= runCase(ctx, stream, kernel, big, big, big, false, o.bench);
  std::printf("RESULT gemm-2cta-sm100 %s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
