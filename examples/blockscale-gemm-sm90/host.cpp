//===- host.cpp - TMA-pipelined block-scaled MXFP4 GEMM: check and time ---===//
//
// D (f16) = (A * SFA) x (B * SFB)^T with A (M x K), B (N x K) in f4E2M1FN
// and one f8E8M0FNU scale per 32 elements of K, by the TMA-pipelined,
// persistent kernel of kernel.mlir (issue 11, kernel 5). The host packs exactly
// what the Blackwell kernels read: FP4 two per byte, low nibble first
// (packF4E2M1FN), and the scales in CUTLASS's scale-factor layout
// (packScaleFactors). The reference is the CPU block-scaled model
// (cute/Atom/BlockScaledModel.h). Fresh data per run (seed printed), D
// poisoned before each launch:
//   exact   all 16 FP4 codes, scales 2^-1, 2^0, 2^1, K = 384: every
//           product and partial sum is exact in f32 and below f16's
//           maximum, so D must be the f16 rounding (RNE) of the model's
//           result, bit for bit;
//   random  MX-quantized normal data (quantizeMx: scales from each block's
//           max), rows of magnitudes 2^-3 .. 2^3: |d| <= 2^-11 |ref| (f16
//           output) + 2^-20 * sum_k |a_k b_k| (f32 summation order).
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
             const rt::Kernel &kernel, int sms, int64_t m, int64_t n, int64_t k,
             bool exact, bool bench) {
  uint64_t seed = freshSeed();
  Operand a =
      exact ? exactMxOperand(m, k, seed) : randomMxOperand(m, k, seed, 3.f);
  Operand b = exact ? exactMxOperand(n, k, seed + 1)
                    : randomMxOperand(n, k, seed + 1, 3.f);
  MxDeviceOperand da = uploadMx(ctx, a, m, k, "A");
  MxDeviceOperand db = uploadMx(ctx, b, n, k, "B");
  auto dd = need(rt::DeviceBuffer::allocate(ctx, size_t(m * n) * 2), "D");
  need(dd.poison(), "poison");
  // The TMA descriptors are encoded from these: FP4 rows in bytes, and the
  // scale factors as rows of 256 bytes (two per 512-byte atom).
  int64_t rowsA = 2 * (m / 128) * (k / 128), rowsB = 2 * (n / 128) * (k / 128);
  rt::KernelArgs args;
  args.ptr(da.data).ptr(db.data).ptr(da.scales).ptr(db.scales).ptr(dd);
  args.scalar(int32_t(m)).scalar(int32_t(n)).scalar(int32_t(k));
  args.scalar(int32_t(k / 2)).scalar(int32_t(rowsA)).scalar(int32_t(rowsB));
  rt::LaunchConfig cfg;
  int64_t tiles = (m / 128) * (n / 128);
  cfg.grid = rt::Dim3{unsigned(std::min<int64_t>(tiles, sms)), 1, 1};
  need(kernel.launch(stream, cfg, args), "launch");
  need(stream.synchronize(), "run");
  std::vector<uint16_t> got16(size_t(m * n));
  need(dd.copyToHost(got16.data(), got16.size() * 2), "download");
  std::vector<float> got(got16.size());
  for (size_t i = 0; i < got.size(); ++i)
    got[i] = halfToFloat(got16[i]);

  std::vector<float> want = mxReference(a, b, m, n, k);
  bool pass = checkMxGemm("mxfp4_gemm_tma", got, want, a, b, m, n, k, exact,
                          seed, std::ldexp(1.0, -11), [&](size_t at) {
                            return got16[at] == floatToHalf(want[at]);
                          });
  if (bench && pass) {
    benchGemm(ctx, stream, kernel, cfg, args, "mxfp4_gemm_tma", m, n, k,
              "TMA ring, dequantize + bf16 wgmma");
  }
  return pass;
}

} // namespace

int main(int argc, char **argv) {
  Options o = parseOptions(argc, argv);
  rt::Context ctx = openContext("blockscale-gemm-sm90");
  rt::Stream stream = need(rt::Stream::create(ctx), "stream");
  rt::Program prog = loadProgram(ctx, o, "blockscale_gemm_sm90");
  rt::Kernel k = need(prog.kernel("mxfp4_gemm_tma"), "kernel");
  int sms =
      need(ctx.attribute(CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT), "SM count");
  bool ok = true;
  // 3 x 5 tiles with 3 K steps (more tiles than stages: the ring wraps),
  // then the 16 x 16 tiles of the block-scaled GEMM at 2048 x 2048 x 1024.
  ok &= runCase(ctx, stream, k, sms, 384, 640, 384, true, false);
  ok &= runCase(ctx, stream, k, sms, 384, 640, 1024, false, false);
  int64_t big = o.sizes.empty() ? 2048 : o.sizes.front() / 128 * 128;
  if (big >= 128)
    ok &= runCase(ctx, stream, k, sms, big, big,
                  std::max<int64_t>(128, big / 2), false, o.bench);
  std::printf("RESULT blockscale-gemm-sm90 %s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
