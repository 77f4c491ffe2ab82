//===- host.cpp - TMA-pipelined copy and transpose: check and benchmark ---===//
//
// Y = X (tma_copy) and Y = X^T (tma_transpose) for f32 matrices stored
// row-major with a leading dimension padded to a multiple of 4 elements (TMA
// row pitches are multiples of 16 bytes). The TMA descriptors are kernel
// parameters the runtime encodes from (x, y, m, n, ldx, ldy): the host
// passes only those. Outputs are poisoned (and the padding checked to stay
// poisoned); results must be bit-exact.
//
//===----------------------------------------------------------------------===//
#include "../common/Harness.h"

using namespace cute;
using namespace cute::ex;

namespace {

int64_t padTo4(int64_t n) { return (n + 3) / 4 * 4; }

struct Shape {
  int64_t m, n;
};

} // namespace

int main(int argc, char **argv) {
  Options o = parseOptions(argc, argv);
  rt::Context ctx = openContext("tma-pipeline");
  rt::Stream stream = need(rt::Stream::create(ctx), "stream");
  rt::Program prog = loadProgram(ctx, o, "tma_pipeline");
  int sms =
      need(ctx.attribute(CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT), "SM count");
  std::vector<Shape> shapes;
  for (int64_t n : o.sizes)
    shapes.push_back({n, n});
  if (shapes.empty())
    shapes = {{1, 1},       {64, 32},     {1000, 1003},  {1003, 1000},
              {4097, 4099}, {8192, 8192}, {16384, 16384}};
  bool ok = true;
  for (bool transpose : {false, true}) {
    const char *name = transpose ? "tma_transpose" : "tma_copy";
    rt::Kernel k = need(prog.kernel(name), "kernel");
    const int64_t tileM = transpose ? 32 : 8, tileN = transpose ? 32 : 256;
    for (Shape s : shapes) {
      uint64_t seed = freshSeed();
      int64_t ldx = padTo4(s.n);
      int64_t ym = transpose ? s.n : s.m, yn = transpose ? s.m : s.n;
      int64_t ldy = padTo4(yn);
      auto hx = randomVector<F32>(size_t(s.m * ldx), seed, -4.f, 4.f);
      auto x = need(rt::DeviceBuffer::fromHost(ctx, hx), "x");
      auto y = need(rt::DeviceBuffer::allocate(ctx, size_t(ym * ldy) * 4), "y");
      need(y.poison(), "poison");
      rt::KernelArgs args;
      args.ptr<float>(x)
          .ptr<float>(y)
          .scalar(int32_t(s.m))
          .scalar(int32_t(s.n))
          .scalar(int32_t(ldx))
          .scalar(int32_t(ldy));
      int64_t tiles = ((s.m + tileM - 1) / tileM) * ((s.n + tileN - 1) / tileN);
      rt::LaunchConfig cfg;
      cfg.grid = rt::Dim3{unsigned(std::min<int64_t>(tiles, 4 * sms)), 1, 1};
      need(k.launch(stream, cfg, args), "launch");
      need(stream.synchronize(), "run");
      std::vector<float> hy(size_t(ym * ldy));
      need(y.copyToHost(hy.data(), hy.size() * 4), "download");
      const uint32_t poisonBits = 0xFFFFFFFFu; // DeviceBuffer::poison()
      size_t bad = 0, padTouched = 0, padZeroed = 0;
      for (int64_t r = 0; r < ym; ++r) {
        for (int64_t c = 0; c < yn; ++c) {
          float want = transpose ? F32::load(hx[size_t(c * ldx + r)])
                                 : F32::load(hx[size_t(r * ldx + c)]);
          float got = hy[size_t(r * ldy + c)];
          if (std::memcmp(&want, &got, 4) != 0)
            ++bad;
        }
        // Observed on the H200: a TMA store writes whole 16-byte segments,
        // so the padding that shares the last segment of a row receives the
        // box's zero fill. Anything else there is an error.
        for (int64_t c = yn; c < ldy; ++c) {
          uint32_t bits;
          std::memcpy(&bits, &hy[size_t(r * ldy + c)], 4);
          bool sameSegment = (c * 4) / 16 == ((yn - 1) * 4) / 16;
          if (bits == 0 && sameSegment)
            ++padZeroed;
          else if (bits != poisonBits && padTouched++ == 0)
            std::printf("  padding y[%lld][%lld] = %g (0x%08x)\n", (long long)r,
                        (long long)c, hy[size_t(r * ldy + c)], bits);
        }
      }
      bool pass = bad == 0 && padTouched == 0;
      ok &= pass;
      std::printf("CHECK %s %lldx%lld (ld %lld) seed=%llu mismatches=%zu "
                  "padding_written=%zu padding_zeroed_in_last_segment=%zu "
                  "(bit-exact) %s\n",
                  name, (long long)s.m, (long long)s.n, (long long)ldx,
                  (unsigned long long)seed, bad, padTouched, padZeroed,
                  pass ? "PASS" : "FAIL");
      if (o.bench && s.m * s.n >= (int64_t(1) << 26)) {
        double ms = medianMs(
            ctx, stream, [&] { need(k.launch(stream, cfg, args), "launch"); });
        double bytes = 2.0 * double(s.m * s.n) * 4;
        std::printf("BENCH %s %lldx%lld bytes=%.3g time_ms=%.4f GB/s=%.1f\n",
                    name, (long long)s.m, (long long)s.n, bytes, ms,
                    bytes / (ms * 1e6));
      }
    }
  }
  // The cluster-of-2 multicast copy (multicast.mlir; not built for sm_120a).
  Expected<rt::Program> mprog = rt::Program::loadFiles(
      ctx, o.artifacts + "/tma_multicast." + o.chip + ".cubin",
      o.artifacts + "/tma_multicast." + o.chip + ".json");
  if (!mprog.ok() || !o.jitSource.empty()) {
    std::printf("SKIP tma_copy_multicast: %s\n",
                mprog.ok() ? "--jit runs kernel.mlir only"
                           : mprog.message().c_str());
  } else {
    rt::Kernel k = need(mprog->kernel("tma_copy_multicast"), "kernel");
    for (Shape s : shapes) {
      uint64_t seed = freshSeed();
      int64_t ld = padTo4(s.n), plane = s.m * ld;
      auto hx = randomVector<F32>(size_t(plane), seed, -4.f, 4.f);
      auto x = need(rt::DeviceBuffer::fromHost(ctx, hx), "x");
      auto y =
          need(rt::DeviceBuffer::allocate(ctx, size_t(2 * plane) * 4), "y");
      need(y.poison(), "poison");
      rt::KernelArgs args;
      args.ptr<float>(x)
          .ptr<float>(y)
          .scalar(int32_t(s.m))
          .scalar(int32_t(s.n))
          .scalar(int32_t(ld))
          .scalar(int32_t(ld))
          .scalar(int32_t(plane));
      int64_t tiles = ((s.m + 63) / 64) * ((s.n + 31) / 32);
      rt::LaunchConfig cfg;
      cfg.grid =
          rt::Dim3{unsigned(2 * std::min<int64_t>(tiles, 2 * sms)), 1, 1};
      need(k.launch(stream, cfg, args), "launch");
      need(stream.synchronize(), "run");
      std::vector<float> hy(size_t(2 * plane));
      need(y.copyToHost(hy.data(), hy.size() * 4), "download");
      size_t bad = 0, padBad = 0;
      for (int64_t p = 0; p < 2; ++p)
        for (int64_t r = 0; r < s.m; ++r)
          for (int64_t c = 0; c < ld; ++c) {
            float got = hy[size_t(p * plane + r * ld + c)];
            uint32_t bits;
            std::memcpy(&bits, &got, 4);
            if (c < s.n)
              bad += std::memcmp(&got, &hx[size_t(r * ld + c)], 4) != 0;
            else
              padBad += bits != 0xFFFFFFFFu && bits != 0;
          }
      bool pass = bad == 0 && padBad == 0;
      ok &= pass;
      std::printf("CHECK tma_copy_multicast %lldx%lld (ld %lld, cluster 2) "
                  "seed=%llu mismatches=%zu padding_written=%zu (bit-exact) "
                  "%s\n",
                  (long long)s.m, (long long)s.n, (long long)ld,
                  (unsigned long long)seed, bad, padBad,
                  pass ? "PASS" : "FAIL");
      if (o.bench && s.m * s.n >= (int64_t(1) << 26)) {
        double ms = medianMs(
            ctx, stream, [&] { need(k.launch(stream, cfg, args), "launch"); });
        // Each tile is read once (half per CTA) and written twice.
        double bytes = 3.0 * double(s.m * s.n) * 4;
        std::printf("BENCH tma_copy_multicast %lldx%lld bytes=%.3g "
                    "time_ms=%.4f GB/s=%.1f\n",
                    (long long)s.m, (long long)s.n, bytes, ms,
                    bytes / (ms * 1e6));
      }
    }
  }
  std::printf("RESULT tma-pipeline %s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
