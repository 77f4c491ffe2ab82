//===- host.cpp - RMSNorm: check and benchmark ----------------------------===//
//
// y[r, :] = x[r, :] * rsqrt(mean(x[r, :]^2) + eps) * w, bf16 in and out, f32
// accumulation. One block per row; each thread moves 8 bf16 (128 bits) per
// step, the ragged end of a row is predicated, and the sum of squares is a
// block reduction (warp shuffles + shared memory).
//
//===----------------------------------------------------------------------===//
#include "../common/Harness.h"

using namespace cute;
using namespace cute::ex;

int main(int argc, char **argv) {
  Options o = parseOptions(argc, argv);
  rt::Context ctx = openContext("rmsnorm");
  rt::Stream stream = need(rt::Stream::create(ctx), "stream");
  rt::Program prog = loadProgram(ctx, o, "rmsnorm");
  // One kernel; the runtime picks its 16-byte aligned variant when
  // cols % 16 == 0 (the choice is printed with each check).
  rt::Kernel twoPass = need(prog.kernel("rmsnorm_bf16"), "kernel");
  // Rows of up to 8192 columns with cols % 8 == 0 (16-byte row pitch): the
  // one-pass kernel that brings rows into shared memory by TMA.
  rt::Kernel oneRow = need(prog.kernel("rmsnorm_tma_bf16"), "kernel");
  int sms =
      need(ctx.attribute(CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT), "SM count");
  // (rows, cols); --size N runs 4 rows of N columns.
  std::vector<std::pair<int64_t, int64_t>> shapes;
  for (int64_t n : o.sizes)
    shapes.push_back({4, n});
  if (shapes.empty())
    shapes = {{1, 1},       {3, 1003},     {2, (int64_t(1) << 20) + 7},
              {5, 16384},   {7, 8},        {1000, 1000},
              {4099, 4096}, {16384, 8192}, {32768, 8192}};
  const float eps = 1e-6f;
  const double atol = 2e-2, rtol = 1.6e-2;
  bool ok = true;
  for (bool tma : {false, true})
    for (auto [rows, cols] : shapes) {
      if (tma && (cols > 8192 || cols % 8 != 0))
        continue;
      const rt::Kernel &k = tma ? oneRow : twoPass;
      uint64_t seed = freshSeed();
      size_t n = size_t(rows * cols);
      auto hx = randomVector<BF16>(n, seed, -2.f, 2.f);
      auto hw = randomVector<BF16>(size_t(cols), seed + 1, 0.5f, 1.5f);
      auto x = need(rt::DeviceBuffer::fromHost(ctx, hx), "x");
      auto w = need(rt::DeviceBuffer::fromHost(ctx, hw), "w");
      auto y = need(rt::DeviceBuffer::allocate(ctx, n * 2), "y");
      need(y.poison(), "poison");
      rt::KernelArgs args;
      args.ptr(x)
          .ptr(w)
          .ptr(y)
          .scalar(int32_t(rows))
          .scalar(int32_t(cols))
          .scalar(eps);
      rt::LaunchConfig cfg;
      // The TMA kernel is persistent: as many blocks as fit on the GPU.
      int64_t perSm = std::clamp<int64_t>(
          int64_t(227 * 1024) / int64_t(oneRow.info().smemDynamic + 1024), 1,
          8);
      cfg.grid = rt::Dim3{
          unsigned(tma ? std::min<int64_t>(rows, perSm * sms) : rows), 1, 1};
      const std::string variant = k.selectedName(args);
      const char *kname = variant.c_str();
      need(k.launch(stream, cfg, args), "launch");
      need(stream.synchronize(), "run");
      std::vector<uint16_t> hy(n);
      need(y.copyToHost(hy.data(), n * 2), "download");
      std::vector<double> ref(n);
      std::vector<float> got(n);
      for (int64_t r = 0; r < rows; ++r) {
        double ss = 0;
        for (int64_t c = 0; c < cols; ++c) {
          double v = bf16ToFloat(hx[size_t(r * cols + c)]);
          ss += v * v;
        }
        double scale = 1.0 / std::sqrt(ss / double(cols) + double(eps));
        for (int64_t c = 0; c < cols; ++c) {
          size_t i = size_t(r * cols + c);
          ref[i] =
              double(bf16ToFloat(hx[i])) * scale * bf16ToFloat(hw[size_t(c)]);
          got[i] = bf16ToFloat(hy[i]);
        }
      }
      Comparison cmp = compare(ref, got, atol, rtol);
      ok &= cmp.pass;
      std::printf("CHECK %s %lldx%-8lld seed=%llu max_abs=%.3g "
                  "max_rel=%.3g (atol %.1g rtol %.1g) %s\n",
                  kname, (long long)rows, (long long)cols,
                  (unsigned long long)seed, cmp.maxAbs, cmp.maxRel, atol, rtol,
                  cmp.pass ? "PASS" : "FAIL");
      if (o.bench && n >= (size_t(1) << 26)) {
        double ms = medianMs(
            ctx, stream, [&] { need(k.launch(stream, cfg, args), "launch"); });
        double bytes = 2.0 * double(n) * 2 + double(cols) * 2;
        std::printf("BENCH %s %lldx%lld bytes=%.3g time_ms=%.4f "
                    "GB/s=%.1f\n",
                    kname, (long long)rows, (long long)cols, bytes, ms,
                    bytes / (ms * 1e6));
      }
    }
  std::printf("RESULT rmsnorm %s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
