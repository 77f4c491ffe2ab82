//===- GemmSm100.cpp - The GEMM's sm_100a configurations ------------------===//
//
// Launches the instances of examples/gemm-sm100/kernel.mlir: one CTA per
// 128 x BN tile or a CTA pair (cluster (2,1,1)) per 256 x BN tile, one
// tile per CTA (pair), split-K over grid z (the partials summed in split
// order by the last split, through the stream's workspace); bf16 A and B
// with a bf16 or f32 C, e4m3 A and B with a bf16 C, with 128 x 128 block
// scales on the tiles 128 columns wide.
//
//===----------------------------------------------------------------------===//
#include "GemmSm100.h"

#include "cute/Runtime/Launch.h"

#include "gemm_sm100.h"

using namespace cute;
using namespace cute::kernels;

namespace aot = cute_kernels_lib_sm100;

class sm100::Kernels {
public:
  aot::Module module;
};

namespace {

Status invalid(const std::string &message) {
  return Error(ErrorCode::InvalidArgument, "cute::kernels::gemm: " + message);
}

std::string str(int64_t v) { return std::to_string(v); }

const char *name(ElemType t) { return metadata::elemTypeName(t); }

} // namespace

Expected<std::shared_ptr<sm100::Kernels>> sm100::load(const rt::Context &ctx) {
  auto k = std::make_shared<Kernels>();
  CUTE_ASSIGN_OR_RETURN(k->module, aot::Module::load(ctx));
  return k;
}

Status sm100::check(const DeviceMatrix &a, const DeviceMatrix &b,
                    const DeviceMatrix &c, const GemmOptions &o) {
  const std::string on = "on sm_100a (compute capability 10.0) ";
  const bool e4m3 = a.type == ElemType::F8E4M3;
  if (a.type != b.type || (a.type != ElemType::BF16 && !e4m3))
    return invalid("A is " + std::string(name(a.type)) + " and B " +
                   name(b.type) + "; " + on +
                   "the library's configurations take bf16 or f8E4M3FN A "
                   "and B (both one type)");
  if (e4m3 ? c.type != ElemType::BF16
           : c.type != ElemType::BF16 && c.type != ElemType::F32)
    return invalid("C is " + std::string(name(c.type)) + "; " + on +
                   (e4m3 ? "for f8E4M3FN A and B it must be bf16"
                         : "for bf16 A and B it must be bf16 or f32"));
  if (o.activation == Activation::SwiGLU) {
    if (c.type != ElemType::BF16)
      return invalid("SwiGLU writes a bf16 C, not " +
                     std::string(name(c.type)) + " (" + on + ")");
    if (b.rows % 128)
      return invalid("SwiGLU needs N % 128 == 0 (64-row gate and up blocks "
                     "of B in turn), but N is " +
                     str(b.rows));
  }
  if (o.autotune)
    return invalid("autotuning has no sm_100a candidates yet (no Blackwell "
                   "GPU has timed these kernels)");
  if (c.data % 16)
    return invalid("C is not 16-byte aligned: " + on +
                   "the kernels take a 16-byte aligned C (any leading "
                   "dimension)");
  if (o.plan) {
    if (!isSm100GemmConfig(o.plan->config))
      return invalid(
          std::string("configuration ") + gemmConfigName(o.plan->config) +
          " is an sm_90a one; " + on + "plan one of sm100-1cta-128x256, " +
          "sm100-1cta-128x128, sm100-2cta-256x256, " + "sm100-2cta-256x128");
    if (o.plan->splits < 1 || o.plan->splits > 65535)
      return invalid("splits = " + str(o.plan->splits) + "; " + on +
                     "the configurations run 1 to 65535 split-K splits (no "
                     "stream-K yet)");
    if ((o.blockScaleA || o.blockScaleB) && gemmTileN(o.plan->config) != 128)
      return invalid(std::string("128 x 128 block scales run the tiles 128 "
                                 "columns wide (a tile's columns are one "
                                 "block of B); ") +
                     on +
                     "plan sm100-1cta-128x128 or sm100-2cta-256x128, "
                     "not " +
                     gemmConfigName(o.plan->config));
    if (o.plan->atomic)
      return invalid(std::string("atomic split-K reductions have no "
                                 "sm_100a configuration yet; ") +
                     on + "the splits are summed in order");
  }
  return {};
}

namespace {

/// The kernel arguments every instance takes, in order (grouped: N is one
/// group's; the offsets and group count are unread otherwise).
rt::KernelArgs gemmArgs(const DeviceMatrix &a, CUdeviceptr b,
                        const DeviceMatrix &c, const GemmOptions &o, int64_t n,
                        int64_t splits, CUdeviceptr ws, CUdeviceptr flags,
                        CUdeviceptr offsets, int64_t groups) {
  rt::KernelArgs args;
  args.reserve(22);
  args.ptr(a.data).ptr(b).ptr(c.data);
  args.scalar(int32_t(a.rows)).scalar(int32_t(n)).scalar(int32_t(a.cols));
  args.scalar(int32_t(c.ld)).scalar(o.alpha).scalar(o.beta);
  const bool res = o.beta != 0.f;
  // Unused pointers are A's or C's (16-byte aligned, never read).
  args.ptr(res ? o.residual : a.data).scalar(int32_t(res ? o.ldr : 0));
  args.ptr(o.bias ? o.bias : c.data).scalar(int32_t(o.biasMode));
  args.scalar(int32_t(o.activation));
  // Block scales (the _bs instances) take A's and B's scales in the row
  // and column scales' places, scalemode 0.
  const bool block = o.blockScaleA != 0;
  args.ptr(block ? o.blockScaleA : o.rowScale ? o.rowScale : c.data);
  args.ptr(block ? o.blockScaleB : o.colScale ? o.colScale : c.data);
  args.scalar(int32_t((o.rowScale ? 1 : 0) | (o.colScale ? 2 : 0)));
  // Split-K: the workspace, the tiles' counters (zero between launches)
  // and the splits, one per grid z (one split: C's, never read).
  args.ptr(ws ? ws : c.data).ptr(flags ? flags : c.data);
  args.scalar(int32_t(splits));
  args.ptr(offsets ? offsets : c.data).scalar(int32_t(groups));
  return args;
}

} // namespace

Status sm100::runGrouped(const Kernels &k, const rt::Stream &stream,
                         const DeviceMatrix &a, const DeviceMatrix &b,
                         const DeviceMatrix &c, const GemmOptions &o,
                         CUdeviceptr offsets, int64_t groups) {
  const bool e4m3 = a.type == ElemType::F8E4M3;
  const bool swiglu = o.activation == Activation::SwiGLU;
  const int64_t n = b.rows / groups;
  const int64_t gridY = (n + 127) / 128;
  const int64_t gridX = (a.rows + 127 * groups + 127) / 128;
  if (gridX > INT32_MAX || gridY > 65535)
    return invalid("M = " + str(a.rows) + " in " + str(groups) +
                   " groups and N = " + str(n) + " need a grid of " +
                   str(gridX) + " x " + str(gridY) +
                   " tiles (at most 2^31 - 1 x 65535)");
  const aot::Module &mod = k.module;
  const rt::Kernel &kern =
      swiglu ? (e4m3 ? mod.gemm_1cta_e4m3_grouped_swiglu_kernel()
                     : mod.gemm_1cta_bf16_grouped_swiglu_kernel())
             : (e4m3 ? mod.gemm_1cta_e4m3_grouped_kernel()
                     : mod.gemm_1cta_bf16_grouped_kernel());
  rt::KernelArgs args = gemmArgs(a, b.data, c, o, n, 1, 0, 0, offsets, groups);
  rt::LaunchConfig lc;
  lc.grid = rt::Dim3{unsigned(gridX), unsigned(gridY), 1};
  return kern.launch(stream, lc, args);
}

Status sm100::run(const Kernels &k, const rt::Stream &stream,
                  const DeviceMatrix &a, const DeviceMatrix &b,
                  const DeviceMatrix &c, const GemmOptions &o,
                  const GemmPlan &plan, CUdeviceptr ws, CUdeviceptr flags) {
  const int64_t m = a.rows, n = b.rows;
  const GemmConfig cfg = plan.config;
  const int64_t tn = gemmTileN(cfg), ctas = gemmTileCtas(cfg);
  const int64_t gridY = (n + tn - 1) / tn;
  // A pair's tile has 256 rows: grid x counts CTAs, two per tile row.
  const int64_t gridX = ctas * ((m + 128 * ctas - 1) / (128 * ctas));
  if (gridY > 65535)
    return invalid("N = " + str(n) + " needs " + str(gridY) +
                   " tile columns of " + str(tn) +
                   "; the grid's y extent is at most 65535");
  const bool f32 = c.type == ElemType::F32;
  const bool e4m3 = a.type == ElemType::F8E4M3;
  const bool swiglu = o.activation == Activation::SwiGLU;
  const bool block = o.blockScaleA != 0;
  const aot::Module &mod = k.module;
  if (block && tn != 128)
    return invalid(std::string("128 x 128 block scales run the tiles 128 "
                               "columns wide, not configuration ") +
                   gemmConfigName(cfg));
  // The instance of (configuration, A/B type, C type, SwiGLU, block
  // scales); check() allows bf16 -> bf16/f32 and e4m3 -> bf16, SwiGLU to
  // bf16, block scales e4m3 -> bf16 without SwiGLU.
  auto pick = [&](const rt::Kernel &bf16, const rt::Kernel &bf16f32,
                  const rt::Kernel &fp8, const rt::Kernel &bf16Glu,
                  const rt::Kernel &fp8Glu,
                  const rt::Kernel *fp8Block = nullptr) {
    if (block)
      return fp8Block;
    if (swiglu)
      return e4m3 ? &fp8Glu : &bf16Glu;
    return e4m3 ? &fp8 : f32 ? &bf16f32 : &bf16;
  };
  const rt::Kernel *kern = nullptr;
  switch (cfg) {
  case GemmConfig::Sm100Cta1x128x256:
    kern = pick(mod.gemm_1cta_bf16_kernel(), mod.gemm_1cta_bf16_f32_kernel(),
                mod.gemm_1cta_e4m3_kernel(), mod.gemm_1cta_bf16_swiglu_kernel(),
                mod.gemm_1cta_e4m3_swiglu_kernel());
    break;
  case GemmConfig::Sm100Cta1x128x128:
    kern = pick(mod.gemm_1cta_bf16_n128_kernel(),
                mod.gemm_1cta_bf16_n128_f32_kernel(),
                mod.gemm_1cta_e4m3_n128_kernel(),
                mod.gemm_1cta_bf16_n128_swiglu_kernel(),
                mod.gemm_1cta_e4m3_n128_swiglu_kernel(),
                &mod.gemm_1cta_e4m3_n128_bs_kernel());
    break;
  case GemmConfig::Sm100Cta2x256x256:
    kern = pick(mod.gemm_2cta_bf16_kernel(), mod.gemm_2cta_bf16_f32_kernel(),
                mod.gemm_2cta_e4m3_kernel(), mod.gemm_2cta_bf16_swiglu_kernel(),
                mod.gemm_2cta_e4m3_swiglu_kernel());
    break;
  case GemmConfig::Sm100Cta2x256x128:
    kern = pick(mod.gemm_2cta_bf16_n128_kernel(),
                mod.gemm_2cta_bf16_n128_f32_kernel(),
                mod.gemm_2cta_e4m3_n128_kernel(),
                mod.gemm_2cta_bf16_n128_swiglu_kernel(),
                mod.gemm_2cta_e4m3_n128_swiglu_kernel(),
                &mod.gemm_2cta_e4m3_n128_bs_kernel());
    break;
  default:
    return invalid(std::string("configuration ") + gemmConfigName(cfg) +
                   " is not an sm_100a one");
  }
  rt::KernelArgs args =
      gemmArgs(a, b.data, c, o, n, plan.splits, ws, flags, 0, 1);
  rt::LaunchConfig lc;
  lc.grid = rt::Dim3{unsigned(gridX), unsigned(gridY), unsigned(plan.splits)};
  return kern->launch(stream, lc, args);
}
