//===- host.cpp - Block-scaled MXFP4 GEMM on the H200: check and time -----===//
//
// D = (A * SFA) x (B * SFB)^T with A (M x K), B (N x K) in f4E2M1FN and one
// f8E8M0FNU scale per 32 elements of K. The host packs exactly what the
// Blackwell kernels read: FP4 two per byte, low nibble first
// (packF4E2M1FN), and the scales in CUTLASS's scale-factor layout
// (packScaleFactors). The reference is the CPU block-scaled model
// (cute/Atom/BlockScaledModel.h). Fresh data per run (seed printed), D
// poisoned before each launch:
//   exact   all 16 FP4 codes, scales 2^-1, 2^0, 2^1: every product and
//           partial sum is a multiple of 2^-4 below 2^18, exact in f32, so
//           D must equal the model bit for bit;
//   random  MX-quantized normal data (quantizeMx: scales from each block's
//           max): |d| <= 2^-20 * sum_k |a_k b_k| (f32 sums in a different
//           order than the model's).
//
//===----------------------------------------------------------------------===//
#include "../common/BlockScaled.h"
#include "../common/Harness.h"

#include "cute/Atom/BlockScaledModel.h"
#include "cute/Atom/ScaleFactors.h"
#include "cute/Support/NarrowFloat.h"

using namespace cute;
using namespace cute::ex;

namespace {

constexpr int64_t kVs = kMxVs;
using Operand = MxOperand;

bool runCase(const rt::Context &ctx, const rt::Stream &stream,
             const rt::Kernel &kernel, int64_t m, int64_t n, int64_t k,
             bool exact, bool bench) {
  uint64_t seed = freshSeed();
  Operand a =
      exact ? exactMxOperand(m, k, seed) : randomMxOperand(m, k, seed, 6.f);
  Operand b = exact ? exactMxOperand(n, k, seed + 1)
                    : randomMxOperand(n, k, seed + 1, 6.f);
  MxDeviceOperand da = uploadMx(ctx, a, m, k, "A");
  MxDeviceOperand db = uploadMx(ctx, b, n, k, "B");
  auto dd = need(rt::DeviceBuffer::allocate(ctx, size_t(m * n) * 4), "D");
  need(dd.poison(), "poison");
  rt::KernelArgs args;
  args.ptr(da.data).ptr(db.data).ptr(da.scales).ptr(db.scales).ptr<float>(dd);
  args.scalar(int32_t(m)).scalar(int32_t(n)).scalar(int32_t(k));
  rt::LaunchConfig cfg;
  cfg.grid = rt::Dim3{unsigned(m / 64), unsigned(n / 128), 1};
  need(kernel.launch(stream, cfg, args), "launch");
  need(stream.synchronize(), "run");
  std::vector<float> got(size_t(m * n));
  need(dd.copyToHost(got.data(), got.size() * 4), "download");

  std::vector<float> want = mxReference(a, b, m, n, k);
  bool pass = checkMxGemm(
      "mxfp4_gemm", got, want, a, b, m, n, k, exact, seed, 0,
      [&](size_t at) { return std::memcmp(&got[at], &want[at], 4) == 0; });
  if (bench && pass) {
    benchGemm(ctx, stream, kernel, cfg, args, "mxfp4_gemm", m, n, k,
              "dequantize + bf16 wgmma, no pipelining");
  }
  return pass;
}

} // namespace

int main(int argc, char **argv) {
  Options o = parseOptions(argc, argv);
  rt::Context ctx = openContext("blockscaled-dequant");
  rt::Stream stream = need(rt::Stream::create(ctx), "stream");
  rt::Program prog = loadProgram(ctx, o, "blockscaled_dequant");
  rt::Kernel k = need(prog.kernel("mxfp4_gemm"), "kernel");
  bool ok = true;
  // 3 x 5 tiles, 6 K steps; then the shape of the block-scaled GEMMs.
  ok &= runCase(ctx, stream, k, 192, 640, 384, true, false);
  ok &= runCase(ctx, stream, k, 192, 640, 384, false, false);
  int64_t big = o.sizes.empty() ? 2048 : o.sizes.front() / 128 * 128;
  if (big >= 128)
    ok &= runCase(ctx, stream, k, big, big, big / 2, false, o.bench);
  std::printf("RESULT blockscaled-dequant %s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
