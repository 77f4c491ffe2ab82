//===- host.cpp - MMA fragment row/column reductions against the CPU ------===//
//
// The kernels of kernel.mlir load each tile of X (M x N f32, row-major) into
// a tiled MMA's C fragment, reduce it along the tile's rows (or columns)
// with cute.mma_reduce (max and add), broadcast both back with
// cute.mma_broadcast and write max, sum and x - max for every element. The
// CPU reference reduces each row (column) of each tile in double.
//
// Every check is exact (bit for bit): X holds random multiples of 1/64 in
// [-64, 64] (fresh seed per case, printed), so every partial sum of a tile
// row is a multiple of 1/64 below 2^13 in magnitude: exact in f32 in any
// order, as is x - max. Max is exact anyway. Outputs are poisoned first,
// so an element no thread writes fails. Tile counts are odd (3 x 5), and
// --size S adds one S x S problem (rounded down to whole tiles).
//
//===----------------------------------------------------------------------===//
#include "../common/Harness.h"

using namespace cute;
using namespace cute::ex;

namespace {

struct KernelSpec {
  const char *name;
  int64_t tileM, tileN;
  bool columns; ///< reduce along columns (one result per column)
  const char *what;
};

std::vector<float> inputs(size_t n, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<int> d(-4096, 4096);
  std::vector<float> v(n);
  for (auto &x : v)
    x = float(d(rng)) / 64.f;
  return v;
}

bool sameBits(float a, float b) {
  uint32_t x, y;
  std::memcpy(&x, &a, 4);
  std::memcpy(&y, &b, 4);
  return x == y;
}

bool runCase(const rt::Context &ctx, const rt::Stream &stream,
             const rt::Kernel &k, const KernelSpec &s, int64_t m, int64_t n) {
  uint64_t seed = freshSeed();
  std::vector<float> x = inputs(size_t(m * n), seed);
  size_t bytes = size_t(m * n) * 4;
  auto dx = need(rt::DeviceBuffer::fromHost(ctx, x), "X");
  auto dmax = need(rt::DeviceBuffer::allocate(ctx, bytes), "max");
  auto dsum = need(rt::DeviceBuffer::allocate(ctx, bytes), "sum");
  auto ddiff = need(rt::DeviceBuffer::allocate(ctx, bytes), "diff");
  for (auto *b : {&dmax, &dsum, &ddiff})
    need(b->poison(), "poison");
  rt::KernelArgs args;
  args.ptr<float>(dx)
      .ptr<float>(dmax)
      .ptr<float>(dsum)
      .ptr<float>(ddiff)
      .scalar(int32_t(m))
      .scalar(int32_t(n));
  rt::LaunchConfig cfg;
  cfg.grid = rt::Dim3{unsigned(m / s.tileM), unsigned(n / s.tileN), 1};
  need(k.launch(stream, cfg, args), "launch");
  need(stream.synchronize(), "run");
  std::vector<float> gmax(size_t(m * n)), gsum(size_t(m * n)),
      gdiff(size_t(m * n));
  need(dmax.copyToHost(gmax.data(), bytes), "download max");
  need(dsum.copyToHost(gsum.data(), bytes), "download sum");
  need(ddiff.copyToHost(gdiff.data(), bytes), "download diff");
  // Per element: its tile's row (or column) max and sum.
  size_t bad[3] = {0, 0, 0};
  int64_t firstBad = -1;
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j) {
      int64_t i0 = i / s.tileM * s.tileM, j0 = j / s.tileN * s.tileN;
      double mx = -INFINITY, sum = 0;
      if (s.columns) {
        for (int64_t r = i0; r < i0 + s.tileM; ++r) {
          mx = std::max(mx, double(x[size_t(r * n + j)]));
          sum += x[size_t(r * n + j)];
        }
      } else {
        for (int64_t c = j0; c < j0 + s.tileN; ++c) {
          mx = std::max(mx, double(x[size_t(i * n + c)]));
          sum += x[size_t(i * n + c)];
        }
      }
      size_t e = size_t(i * n + j);
      float want[3] = {float(mx), float(sum), float(double(x[e]) - mx)};
      float got[3] = {gmax[e], gsum[e], gdiff[e]};
      for (int q = 0; q < 3; ++q)
        if (!sameBits(got[q], want[q])) {
          ++bad[q];
          if (firstBad < 0) {
            firstBad = int64_t(e);
            std::printf("  first mismatch at (%lld, %lld) %s: got %.9g want "
                        "%.9g\n",
                        (long long)i, (long long)j,
                        q == 0   ? "max"
                        : q == 1 ? "sum"
                                 : "x - max",
                        double(got[q]), double(want[q]));
          }
        }
    }
  bool pass = bad[0] + bad[1] + bad[2] == 0;
  std::printf("CHECK %s %lldx%lld (%lldx%lld tiles of %lldx%lld, %s) seed "
              "%llu: %s (max %zu, sum %zu, x-max %zu bad of %lld)\n",
              s.name, (long long)m, (long long)n, (long long)(m / s.tileM),
              (long long)(n / s.tileN), (long long)s.tileM, (long long)s.tileN,
              s.what, (unsigned long long)seed, pass ? "PASS" : "FAIL", bad[0],
              bad[1], bad[2], (long long)(m * n));
  return pass;
}

} // namespace

int main(int argc, char **argv) {
  Options o = parseOptions(argc, argv);
  rt::Context ctx = openContext("mma-reductions");
  rt::Stream stream = need(rt::Stream::create(ctx), "stream");
  rt::Program prog = loadProgram(ctx, o, "mma_reductions");
  const KernelSpec specs[] = {
      {"sync_rows", 64, 32, false, "mma.sync 4x1 warps, rows: xor 1, 2"},
      {"sync_cols", 32, 64, true, "mma.sync 1x4 warps, columns: xor 4, 8, 16"},
      {"wgmma_rows", 64, 128, false, "wgmma m64n64, rows: xor 1, 2"}};
  bool ok = true;
  for (const KernelSpec &s : specs) {
    rt::Kernel k = need(prog.kernel(s.name), "kernel");
    // Odd tile counts, twice (two seeds), then the requested size.
    for (int rep = 0; rep < 2; ++rep)
      ok &= runCase(ctx, stream, k, s, 3 * s.tileM, 5 * s.tileN);
    for (int64_t size : o.sizes) {
      int64_t m = size / s.tileM * s.tileM, n = size / s.tileN * s.tileN;
      if (m && n)
        ok &= runCase(ctx, stream, k, s, m, n);
    }
  }
  std::printf("RESULT mma-reductions %s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
