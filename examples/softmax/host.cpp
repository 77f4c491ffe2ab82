//===- host.cpp - Row softmax: check and benchmark ------------------------===//
//
// y[r, :] = softmax(x[r, :]), bf16 in and out, f32 math. One kernel source;
// the runtime picks the 16-byte aligned variant when cols % 16 == 0 (the
// choice is printed). The check is bit-exact: every output must equal the
// correctly rounded bf16 of the softmax computed in double, except where
// that exact value lies so close to a bf16 rounding midpoint (relative
// 2^-14) that an f32 computation may round either way; those outputs must
// be the neighbour on the other side and are counted ("near_ties").
//
//===----------------------------------------------------------------------===//
#include "../common/Harness.h"

#include <cstring>

using namespace cute;
using namespace cute::ex;

namespace {

/// Round-to-nearest-even of a double to bf16 (through f32, exact for the
/// values softmax produces: a double rounds to f32 then to bf16 the same as
/// directly unless it is within 2^-29 relative of a bf16 midpoint, far
/// inside the near-tie band).
uint16_t bf16Of(double v) { return floatToBf16(float(v)); }

struct Exactness {
  size_t mismatches = 0, nearTies = 0;
  size_t firstBad = size_t(-1);
};

Exactness checkExact(const std::vector<double> &ref,
                     const std::vector<uint16_t> &got) {
  Exactness e;
  for (size_t i = 0; i < ref.size(); ++i) {
    uint16_t want = bf16Of(ref[i]);
    if (got[i] == want)
      continue;
    double g = bf16ToFloat(got[i]), w = bf16ToFloat(want);
    int diff = int(got[i]) - int(want);
    double mid = 0.5 * (g + w);
    bool adjacent = diff == 1 || diff == -1;
    if (adjacent &&
        std::fabs(ref[i] - mid) <= std::ldexp(std::fabs(ref[i]), -14)) {
      ++e.nearTies;
      continue;
    }
    if (e.firstBad == size_t(-1))
      e.firstBad = i;
    ++e.mismatches;
  }
  return e;
}

} // namespace

int main(int argc, char **argv) {
  Options o = parseOptions(argc, argv);
  rt::Context ctx = openContext("softmax");
  rt::Stream stream = need(rt::Stream::create(ctx), "stream");
  rt::Program prog = loadProgram(ctx, o, "softmax");
  rt::Kernel k = need(prog.kernel("softmax_bf16"), "kernel");
  // (rows, cols, row offset amplitude); --size N runs 4 rows of N columns.
  struct Shape {
    int64_t rows, cols;
    float offset;
  };
  std::vector<Shape> shapes;
  for (int64_t n : o.sizes)
    shapes.push_back({4, n, 0.f});
  if (shapes.empty())
    shapes = {{1, 1, 0.f},       {3, 1003, 0.f},    {7, 65537, 0.f},
              {6, 1003, 1000.f}, {6, 4096, 1000.f}, {5, 16384, 0.f},
              {32768, 8192, 0.f}};
  bool ok = true;
  for (const Shape &sh : shapes) {
    const int64_t rows = sh.rows, cols = sh.cols;
    uint64_t seed = freshSeed();
    size_t n = size_t(rows * cols);
    std::vector<uint16_t> hx = randomVector<BF16>(n, seed, -4.f, 4.f);
    // Rows offset by +-offset (alternating): softmax must not care.
    for (int64_t r = 0; r < rows; ++r) {
      float off = (r % 2 ? -1.f : 1.f) * sh.offset;
      for (int64_t c = 0; c < cols && off != 0.f; ++c) {
        size_t i = size_t(r * cols + c);
        hx[i] = floatToBf16(bf16ToFloat(hx[i]) + off);
      }
    }
    auto x = need(rt::DeviceBuffer::fromHost(ctx, hx), "x");
    auto y = need(rt::DeviceBuffer::allocate(ctx, n * 2), "y");
    need(y.poison(), "poison");
    rt::KernelArgs args;
    args.ptr(x).ptr(y).scalar(int32_t(rows)).scalar(int32_t(cols));
    rt::LaunchConfig cfg;
    cfg.grid = rt::Dim3{unsigned(rows), 1, 1};
    std::string variant = k.selectedName(args);
    need(k.launch(stream, cfg, args), "launch");
    need(stream.synchronize(), "run");
    std::vector<uint16_t> hy(n);
    need(y.copyToHost(hy.data(), n * 2), "download");
    std::vector<double> ref(n);
    for (int64_t r = 0; r < rows; ++r) {
      const uint16_t *xr = hx.data() + r * cols;
      double m = -INFINITY;
      for (int64_t c = 0; c < cols; ++c)
        m = std::max(m, double(bf16ToFloat(xr[c])));
      double s = 0;
      for (int64_t c = 0; c < cols; ++c)
        s += std::exp(double(bf16ToFloat(xr[c])) - m);
      for (int64_t c = 0; c < cols; ++c)
        ref[size_t(r * cols + c)] =
            std::exp(double(bf16ToFloat(xr[c])) - m) / s;
    }
    Exactness e = checkExact(ref, hy);
    bool pass = e.mismatches == 0;
    ok &= pass;
    std::printf(
        "CHECK softmax_bf16 %lldx%-6lld offset=%-5g variant=%s seed=%llu "
        "exact=%zu near_ties=%zu mismatches=%zu %s\n",
        (long long)rows, (long long)cols, double(sh.offset), variant.c_str(),
        (unsigned long long)seed, n - e.nearTies - e.mismatches, e.nearTies,
        e.mismatches, pass ? "PASS" : "FAIL");
    if (!pass) {
      size_t i = e.firstBad;
      std::printf("  first mismatch at %zu (row %zu col %zu): got %.8g want "
                  "%.8g (exact %.10g)\n",
                  i, i / size_t(cols), i % size_t(cols), bf16ToFloat(hy[i]),
                  bf16ToFloat(bf16Of(ref[i])), ref[i]);
    }
    if (o.bench && n >= (size_t(1) << 26)) {
      double ms = medianMs(
          ctx, stream, [&] { need(k.launch(stream, cfg, args), "launch"); });
      double bytes = 2.0 * double(n) * 2;
      std::printf("BENCH softmax_bf16 %lldx%lld variant=%s bytes=%.3g "
                  "time_ms=%.4f GB/s=%.1f\n",
                  (long long)rows, (long long)cols, variant.c_str(), bytes, ms,
                  bytes / (ms * 1e6));
    }
  }
  std::printf("RESULT softmax %s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
