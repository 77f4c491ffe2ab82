//===- host.cpp - Block-scaled MXFP4 GEMM on sm_120a / sm_100a ------------===//
//
// C (M x N, f16) = (A * SFA) x (B * SFB)^T with A (M x K), B (N x K) in
// f4E2M1FN and one f8E8M0FNU scale per 32 elements of K, on GeForce
// Blackwell (compute capability 12.0: kernel.mlir, module
// blockscale_gemm_sm120, block-scaled mma.sync) or datacenter Blackwell
// (compute capability 10.0: kernel-sm100.mlir, module blockscale_gemm_sm100,
// tcgen05.mma.block_scale). Both kernels take the same arguments and the
// same host data; with --jit pass the file for the device's chip. The host
// packs what the kernel
// reads: FP4 two per byte, low nibble first (packF4E2M1FN; the kernel moves
// them as bytes), and the scales in CUTLASS's scale-factor layout
// (packScaleFactors). The reference is the CPU block-scaled model
// (cute/Atom/BlockScaledModel.h) rounded to f16. Fresh codes per run (seed
// printed), C poisoned before each launch:
//   all 16 FP4 codes and scales 2^-1, 2^0, 2^1: every product is a multiple
//   of 2^-4 of magnitude at most 144, so for K <= 4096 every partial sum is
//   below 2^24 units of 2^-4, exact in f32 in any order; C must equal the
//   model's f32 sum rounded to f16 (to nearest even, as the kernel's
//   cvt.rn.f16.f32), bit for bit.
// The kernel takes the sizes in 128-tiles: M, N, K multiples of 128.
// Cases, each on exact data and on MX-quantized random data (rows of
// magnitudes 2^-3 .. 2^3; bound: 2^-20 sum |a b| for the summation order plus
// half an f16 ulp): 256 x 256 x 512 on 4 CTAs (one tile each), 384 x 640 x
// 512 on 4 persistent CTAs (15 tiles: 3 or 4 per CTA, 4 K blocks: the
// 3-stage (sm_100a: 4-stage) ring wraps within and across tiles); then
// 2048 x 2048 x 1024 (16 x 16 tiles) on min(tiles, SMs) CTAs, exact, timed.
//
// No Blackwell GPU has run this: on any other device it prints SKIP and
// exits 0 (an sm_120a cubin runs on compute capability 12.0 only, an sm_100a
// cubin on 10.0 only).
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

constexpr int64_t kVs = kMxVs; // elements of K per scale
constexpr int64_t kTile = 128; // M, N and K tile of the kernel

using Operand = MxOperand;

bool runCase(const rt::Context &ctx, const rt::Stream &stream,
             const rt::Kernel &kernel, const char *name, int64_t m, int64_t n,
             int64_t k, unsigned ctas, bool exact, bool bench) {
  uint64_t seed = freshSeed();
  Operand a =
      exact ? exactMxOperand(m, k, seed) : randomMxOperand(m, k, seed, 3.f);
  Operand b = exact ? exactMxOperand(n, k, seed + 1)
                    : randomMxOperand(n, k, seed + 1, 3.f);
  MxDeviceOperand da = uploadMx(ctx, a, m, k, "A");
  MxDeviceOperand db = uploadMx(ctx, b, n, k, "B");
  auto dc = need(rt::DeviceBuffer::allocate(ctx, size_t(m * n) * 2), "C");
  need(dc.poison(), "poison");
  rt::KernelArgs args;
  // A and B are i8 tensors for TMA (the bytes of the packed FP4 codes).
  args.ptr(da.data).ptr(db.data).ptr(da.scales).ptr(db.scales).ptr(dc);
  args.scalar(int32_t(m / kTile))
      .scalar(int32_t(n / kTile))
      .scalar(int32_t(k / kTile));
  rt::LaunchConfig cfg;
  cfg.grid = rt::Dim3{ctas, 1, 1};
  need(kernel.launch(stream, cfg, args), "launch");
  need(stream.synchronize(), "run");
  std::vector<uint16_t> got16(size_t(m * n));
  need(dc.copyToHost(got16.data(), got16.size() * 2), "download");
  std::vector<float> got(got16.size());
  for (size_t i = 0; i < got.size(); ++i)
    got[i] = halfToFloat(got16[i]);
  std::vector<float> want = mxReference(a, b, m, n, k);
  // Exact data: bit for bit after the kernel's round to nearest f16; MX
  // data: within the summation-order bound plus half an f16 ulp.
  std::string label =
      std::string(name) + " on " + std::to_string(ctas) + " CTAs";
  bool pass = checkMxGemm(
      label, got, want, a, b, m, n, k, exact, seed, std::ldexp(1.0, -11),
      [&](size_t at) { return got16[at] == floatToHalf(want[at]); });
  if (bench && pass)
    benchGemm(ctx, stream, kernel, cfg, args, name, m, n, k);
  return pass;
}

} // namespace

int main(int argc, char **argv) {
  Options o = parseOptions(argc, argv);
  rt::Context ctx = openContext("blockscale-gemm-sm120");
  int major = need(ctx.attribute(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR),
                   "CC major");
  int minor = need(ctx.attribute(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR),
                   "CC minor");
  // The kernel for the device: sm_120a (mma.sync block_scale) or sm_100a
  // (tcgen05.mma.block_scale); same arguments, same data.
  const char *module, *kernelName;
  if (major == 12 && minor == 0) {
    o.chip = "sm_120a";
    module = "blockscale_gemm_sm120";
    kernelName = "mxfp4_gemm";
  } else if (major == 10 && minor == 0) {
    o.chip = "sm_100a";
    module = "blockscale_gemm_sm100";
    kernelName = "mxfp4_gemm_sm100";
  } else {
    std::string name = need(ctx.name(), "device name");
    std::printf("SKIP blockscale-gemm-sm120: needs sm_120 (compute capability "
                "12.0, GeForce Blackwell) or sm_100 (10.0, B200/GB200); %s is "
                "compute capability %d.%d\n",
                name.c_str(), major, minor);
    return 0;
  }
  rt::Stream stream = need(rt::Stream::create(ctx), "stream");
  rt::Program prog = loadProgram(ctx, o, module);
  rt::Kernel kernel = need(prog.kernel(kernelName), "kernel");
  int64_t sms =
      need(ctx.attribute(CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT), "SMs");
  bool ok = true;
  // One tile per CTA, then several persistent tiles per CTA, on exact and
  // on MX-quantized random data.
  // --shape MxNxK (multiples of 128) replaces the fixed shapes.
  std::vector<std::array<int64_t, 3>> shapes = o.shapes;
  if (shapes.empty())
    shapes = {{256, 256, 512}, {384, 640, 512}};
  for (bool exact : {true, false})
    for (const auto &s : shapes)
      ok &= runCase(ctx, stream, kernel, kernelName, s[0], s[1], s[2], 4, exact,
                    false);
  int64_t big = o.sizes.empty() ? 2048 : o.sizes.front() / 256 * 256;
  if (big >= 256) {
    int64_t tiles = (big / kTile) * (big / kTile);
    ok &= runCase(ctx, stream, kernel, kernelName, big, big, big / 2,
                  unsigned(std::min(tiles, sms)), true, o.bench);
  }
  std::printf("RESULT blockscale-gemm-sm120 (%s) %s\n", o.chip.c_str(),
              ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
