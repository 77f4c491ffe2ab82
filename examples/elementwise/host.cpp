//===- host.cpp - Elementwise add: check and benchmark --------------------===//
//
// c = a + b for f32, f16 and bf16. Each kernel block owns one tile of
// block.x * (16 bytes / element) elements, so every thread moves 128 bits;
// the tail tile is predicated. Inputs are fresh random values, the output is
// poisoned (0xFF bytes = NaN) before every run, and results are compared
// with a double-precision CPU reference.
//
//===----------------------------------------------------------------------===//
#include "../common/Harness.h"

using namespace cute;
using namespace cute::ex;

template <class E>
static bool run(const rt::Context &ctx, const rt::Stream &stream,
                const rt::Program &prog, const Options &o, double atol,
                double rtol) {
  using T = typename E::Storage;
  std::string name = std::string("add_") + E::name;
  rt::Kernel k = need(prog.kernel(name), "kernel " + name);
  int64_t perBlock = int64_t(k.info().block.x) * int64_t(16 / sizeof(T));
  std::vector<int64_t> sizes = o.sizes;
  if (sizes.empty())
    sizes = {1, 1003, (int64_t(1) << 20) + 7,
             // >= 1 GiB moved (3 arrays) for the bandwidth figure.
             int64_t(1) << (sizeof(T) == 4 ? 27 : 28)};
  bool allPass = true;
  for (int64_t n : sizes) {
    uint64_t seed = freshSeed();
    auto ha = randomVector<E>(size_t(n), seed);
    auto hb = randomVector<E>(size_t(n), seed + 1);
    auto a = need(rt::DeviceBuffer::fromHost(ctx, ha), "a");
    auto b = need(rt::DeviceBuffer::fromHost(ctx, hb), "b");
    auto c = need(rt::DeviceBuffer::allocate(ctx, n * sizeof(T)), "c");
    need(c.poison(), "poison");
    rt::KernelArgs args;
    args.ptr(a).ptr(b).ptr(c).scalar(int32_t(n));
    rt::LaunchConfig cfg;
    cfg.grid = rt::Dim3{unsigned((n + perBlock - 1) / perBlock), 1, 1};
    need(k.launch(stream, cfg, args), "launch " + name);
    need(stream.synchronize(), "run " + name);
    std::vector<T> hc(static_cast<size_t>(n));
    need(c.copyToHost(hc.data(), n * sizeof(T)), "download");
    std::vector<double> ref(static_cast<size_t>(n));
    std::vector<float> got(static_cast<size_t>(n));
    for (size_t i = 0; i < size_t(n); ++i) {
      ref[i] = double(E::load(ha[i])) + double(E::load(hb[i]));
      got[i] = E::load(hc[i]);
    }
    Comparison cmp = compare(ref, got, atol, rtol);
    allPass &= cmp.pass;
    std::printf("CHECK %-9s n=%-10lld seed=%llu max_abs=%.3g max_rel=%.3g "
                "(atol %.1g rtol %.1g) %s\n",
                name.c_str(), (long long)n, (unsigned long long)seed,
                cmp.maxAbs, cmp.maxRel, atol, rtol, cmp.pass ? "PASS" : "FAIL");
    if (o.bench && n >= (int64_t(1) << 26)) {
      double ms = medianMs(ctx, stream, [&] {
        need(k.launch(stream, cfg, args), "launch " + name);
      });
      double gbs = 3.0 * double(n) * sizeof(T) / (ms * 1e6);
      std::printf("BENCH %-9s n=%-10lld bytes=%.3g time_ms=%.4f GB/s=%.1f\n",
                  name.c_str(), (long long)n, 3.0 * double(n) * sizeof(T), ms,
                  gbs);
    }
  }
  return allPass;
}

int main(int argc, char **argv) {
  Options o = parseOptions(argc, argv);
  rt::Context ctx = openContext("elementwise");
  rt::Stream stream = need(rt::Stream::create(ctx), "stream");
  rt::Program prog = loadProgram(ctx, o, "elementwise");
  bool ok = run<F32>(ctx, stream, prog, o, 1e-6, 1e-6);
  ok &= run<F16>(ctx, stream, prog, o, 1e-3, 1e-3);
  ok &= run<BF16>(ctx, stream, prog, o, 8e-3, 8e-3);
  std::printf("RESULT elementwise %s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
