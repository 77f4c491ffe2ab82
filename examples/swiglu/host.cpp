//===- host.cpp - SwiGLU: check and benchmark -----------------------------===//
//
// out = silu(gate) * up = gate / (1 + exp(-gate)) * up, bf16 in and out, f32
// math. One block of 128 threads owns 1024 elements (8 per thread, 128-bit
// accesses); the tail tile is predicated.
//
//===----------------------------------------------------------------------===//
#include "../common/Harness.h"

using namespace cute;
using namespace cute::ex;

int main(int argc, char **argv) {
  Options o = parseOptions(argc, argv);
  rt::Context ctx = openContext("swiglu");
  rt::Stream stream = need(rt::Stream::create(ctx), "stream");
  rt::Program prog = loadProgram(ctx, o, "swiglu");
  rt::Kernel k = need(prog.kernel("swiglu_bf16"), "kernel swiglu_bf16");
  int64_t perBlock = int64_t(k.info().block.x) * 8;
  std::vector<int64_t> sizes = o.sizes;
  if (sizes.empty())
    sizes = {1, 1003, (int64_t(1) << 20) + 7, int64_t(1) << 28};
  // bf16 output: one rounding (2^-8 relative) on top of f32 math.
  const double atol = 1e-3, rtol = 1e-2;
  bool ok = true;
  for (int64_t n : sizes) {
    uint64_t seed = freshSeed();
    auto hg = randomVector<BF16>(size_t(n), seed, -6.f, 6.f);
    auto hu = randomVector<BF16>(size_t(n), seed + 1);
    auto g = need(rt::DeviceBuffer::fromHost(ctx, hg), "gate");
    auto u = need(rt::DeviceBuffer::fromHost(ctx, hu), "up");
    auto out = need(rt::DeviceBuffer::allocate(ctx, size_t(n) * 2), "out");
    need(out.poison(), "poison");
    rt::KernelArgs args;
    args.ptr(g).ptr(u).ptr(out).scalar(int32_t(n));
    rt::LaunchConfig cfg;
    cfg.grid = rt::Dim3{unsigned((n + perBlock - 1) / perBlock), 1, 1};
    need(k.launch(stream, cfg, args), "launch");
    need(stream.synchronize(), "run");
    std::vector<uint16_t> ho(static_cast<size_t>(n));
    need(out.copyToHost(ho.data(), size_t(n) * 2), "download");
    std::vector<double> ref(static_cast<size_t>(n));
    std::vector<float> got(static_cast<size_t>(n));
    for (size_t i = 0; i < size_t(n); ++i) {
      double x = bf16ToFloat(hg[i]), y = bf16ToFloat(hu[i]);
      ref[i] = x / (1.0 + std::exp(-x)) * y;
      got[i] = bf16ToFloat(ho[i]);
    }
    Comparison c = compare(ref, got, atol, rtol);
    ok &= c.pass;
    std::printf("CHECK swiglu_bf16 n=%-10lld seed=%llu max_abs=%.3g "
                "max_rel=%.3g (atol %.1g rtol %.1g) %s\n",
                (long long)n, (unsigned long long)seed, c.maxAbs, c.maxRel,
                atol, rtol, c.pass ? "PASS" : "FAIL");
    if (o.bench && n >= (int64_t(1) << 26)) {
      double ms = medianMs(
          ctx, stream, [&] { need(k.launch(stream, cfg, args), "launch"); });
      double bytes = 3.0 * double(n) * 2;
      std::printf("BENCH swiglu_bf16 n=%-10lld bytes=%.3g time_ms=%.4f "
                  "GB/s=%.1f\n",
                  (long long)n, bytes, ms, bytes / (ms * 1e6));
    }
  }
  std::printf("RESULT swiglu %s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
