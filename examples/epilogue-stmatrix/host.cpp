//===- host.cpp - stmatrix / ldmatrix epilogue stores against the CPU -----===//
//
// The C kernels of kernel.mlir load each tile of X (M x N f32, row-major)
// into a tiled MMA's C fragment, convert it to bf16, store it into a
// swizzled shared-memory tile with stmatrix (a #cute.tiled_copy of the C
// layout), and read the tile back into Y with plain loads and into Z with
// ldmatrix (through the C fragment again). sync_a stores the tile with
// plain stores and loads mma.sync's A fragment with ldmatrix x4 (row-major
// tile, into Y) and x4.trans (column-major tile, into Z). Y and Z must
// equal bf16(X) element for element.
//
// The check is bit for bit: X holds random finite bf16 values (every sign,
// exponent and mantissa pattern but NaN and infinity) widened to f32, so the
// conversion is exact and any element stored to or read from the wrong place
// shows. Outputs are poisoned first, so an element no thread writes fails.
// Tile counts are odd (3 x 5), twice, and --size S adds one S x S problem
// (rounded down to whole tiles).
//
//===----------------------------------------------------------------------===//
#include "../common/Harness.h"

using namespace cute;
using namespace cute::ex;

namespace {

struct KernelSpec {
  const char *name;
  int64_t tileM, tileN;
  const char *what;
};

/// Random finite bf16 bit patterns.
std::vector<uint16_t> inputs(size_t n, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<uint16_t> v(n);
  for (auto &x : v) {
    do
      x = uint16_t(rng());
    while ((x & 0x7F80) == 0x7F80);
  }
  return v;
}

bool runCase(const rt::Context &ctx, const rt::Stream &stream,
             const rt::Kernel &k, const KernelSpec &s, int64_t m, int64_t n) {
  uint64_t seed = freshSeed();
  std::vector<uint16_t> bits = inputs(size_t(m * n), seed);
  std::vector<float> x(bits.size());
  for (size_t i = 0; i < bits.size(); ++i)
    x[i] = bf16ToFloat(bits[i]);
  size_t outBytes = size_t(m * n) * 2;
  auto dx = need(rt::DeviceBuffer::fromHost(ctx, x), "X");
  auto dy = need(rt::DeviceBuffer::allocate(ctx, outBytes), "Y");
  auto dz = need(rt::DeviceBuffer::allocate(ctx, outBytes), "Z");
  need(dy.poison(), "poison");
  need(dz.poison(), "poison");
  rt::KernelArgs args;
  args.ptr<float>(dx).ptr(dy).ptr(dz).scalar(int32_t(m)).scalar(int32_t(n));
  rt::LaunchConfig cfg;
  cfg.grid = rt::Dim3{unsigned(m / s.tileM), unsigned(n / s.tileN), 1};
  need(k.launch(stream, cfg, args), "launch");
  need(stream.synchronize(), "run");
  std::vector<uint16_t> y(bits.size()), z(bits.size());
  need(dy.copyToHost(y.data(), outBytes), "download Y");
  need(dz.copyToHost(z.data(), outBytes), "download Z");
  size_t badY = 0, badZ = 0;
  for (size_t e = 0; e < bits.size(); ++e) {
    bool by = y[e] != bits[e], bz = z[e] != bits[e];
    if ((by || bz) && badY + badZ == 0)
      std::printf("  first mismatch at (%lld, %lld): want 0x%04x, Y 0x%04x, "
                  "Z 0x%04x\n",
                  (long long)(int64_t(e) / n), (long long)(int64_t(e) % n),
                  bits[e], y[e], z[e]);
    badY += by;
    badZ += bz;
  }
  bool pass = badY + badZ == 0;
  std::printf("CHECK %s %lldx%lld (%lldx%lld tiles of %lldx%lld, %s) seed "
              "%llu: %s (Y %zu, Z %zu bad of %lld)\n",
              s.name, (long long)m, (long long)n, (long long)(m / s.tileM),
              (long long)(n / s.tileN), (long long)s.tileM, (long long)s.tileN,
              s.what, (unsigned long long)seed, pass ? "PASS" : "FAIL", badY,
              badZ, (long long)(m * n));
  return pass;
}

} // namespace

int main(int argc, char **argv) {
  Options o = parseOptions(argc, argv);
  rt::Context ctx = openContext("epilogue-stmatrix");
  rt::Stream stream = need(rt::Stream::create(ctx), "stream");
  rt::Program prog = loadProgram(ctx, o, "epilogue_stmatrix");
  const KernelSpec specs[] = {
      {"sync_rows", 64, 32, "mma.sync 2x2 C, stmatrix/ldmatrix x2, S<2,3,3>"},
      {"sync_cols", 64, 32, "mma.sync 2x2 C, .trans x2, column-major S<3,3,3>"},
      {"wgmma_rows", 64, 64, "wgmma m64n64 C, stmatrix/ldmatrix x4, S<3,3,3>"},
      {"sync_a", 64, 32, "mma.sync 2x2 A, ldmatrix x4 and x4.trans"}};
  bool ok = true;
  for (const KernelSpec &s : specs) {
    rt::Kernel k = need(prog.kernel(s.name), "kernel");
    for (int rep = 0; rep < 2; ++rep)
      ok &= runCase(ctx, stream, k, s, 3 * s.tileM, 5 * s.tileN);
    for (int64_t size : o.sizes) {
      int64_t m = size / s.tileM * s.tileM, n = size / s.tileN * s.tileN;
      if (m && n)
        ok &= runCase(ctx, stream, k, s, m, n);
    }
  }
  std::printf("RESULT epilogue-stmatrix %s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
