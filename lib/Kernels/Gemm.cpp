//===- Gemm.cpp - The GEMM of the kernel library
//----------------------------===//
//
// Checks the operands, plans with planGemm and launches an instance of
// examples/gemm-sm90/kernel.mlir through its AOT launchers' module. The
// split-K workspace (f32 partials) and tile counters (which the kernel
// leaves at zero) are kept per stream, so launches on different streams
// never share them.
//
//===----------------------------------------------------------------------===//
#include "cute/Kernels/Gemm.h"

#include "cute/Runtime/Launch.h"
#include "cute/Runtime/Memory.h"

#include "gemm_sm90.h"

#include <map>
#include <mutex>

using namespace cute;
using namespace cute::kernels;

namespace aot = cute_kernels_lib;

namespace {

Status invalid(const std::string &message) {
  return Error(ErrorCode::InvalidArgument, "cute::kernels::gemm: " + message);
}

std::string str(int64_t v) { return std::to_string(v); }

/// The workspace of one stream: `ws` for the f32 partials, `flags` for the
/// tile counters (zero between launches).
struct Workspace {
  rt::DeviceBuffer ws, flags;
};

} // namespace

struct Gemm::State {
  rt::Context ctx;
  aot::Module module;
  int sms = 0;
  std::mutex mutex;
  std::map<CUstream, Workspace> workspaces;

  /// The stream's workspace, grown to at least the given sizes.
  Expected<std::pair<CUdeviceptr, CUdeviceptr>>
  workspace(CUstream stream, size_t wsBytes, size_t flagBytes) {
    std::lock_guard<std::mutex> lock(mutex);
    Workspace &w = workspaces[stream];
    if (w.ws.size() < wsBytes) {
      w.ws = rt::DeviceBuffer();
      CUTE_ASSIGN_OR_RETURN(w.ws, rt::DeviceBuffer::allocate(ctx, wsBytes));
    }
    if (w.flags.size() < flagBytes) {
      w.flags = rt::DeviceBuffer();
      CUTE_ASSIGN_OR_RETURN(w.flags,
                            rt::DeviceBuffer::allocate(ctx, flagBytes));
      // Complete on return: no launch can see the counters before zero.
      CUTE_TRY(w.flags.memset(0));
    }
    return std::make_pair(w.ws.ptr(), w.flags.ptr());
  }
};

Expected<Gemm> Gemm::create(const rt::Context &ctx) {
  auto s = std::make_shared<State>();
  s->ctx = ctx;
  CUTE_ASSIGN_OR_RETURN(s->module, aot::Module::load(ctx));
  CUTE_ASSIGN_OR_RETURN(
      s->sms, ctx.attribute(CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT));
  Gemm g;
  g.s_ = std::move(s);
  return g;
}

GemmPlan Gemm::plan(int64_t m, int64_t n, int64_t k, ElemType ab) const {
  return planGemm(m, n, k, s_->sms, ab == ElemType::F8E4M3 ? 1 : 2);
}

namespace {

/// The instance for A/B type `ab` and configuration `c`.
const rt::Kernel *instance(const aot::Module &m, ElemType ab, GemmConfig c) {
  switch (ab) {
  case ElemType::BF16:
    return c == GemmConfig::Tile128x256   ? &m.gemm_bf16_kernel()
           : c == GemmConfig::Tile128x128 ? &m.gemm_bf16_n128_kernel()
                                          : &m.gemm_bf16_swap_kernel();
  case ElemType::F16:
    return c == GemmConfig::Tile128x256   ? &m.gemm_f16_kernel()
           : c == GemmConfig::Tile128x128 ? &m.gemm_f16_n128_kernel()
                                          : &m.gemm_f16_swap_kernel();
  case ElemType::F8E4M3:
    return c == GemmConfig::Tile128x256   ? &m.gemm_e4m3_kernel()
           : c == GemmConfig::Tile128x128 ? &m.gemm_e4m3_n128_kernel()
                                          : &m.gemm_e4m3_swap_kernel();
  default:
    return nullptr;
  }
}

Status checkOperands(const DeviceMatrix &a, const DeviceMatrix &b,
                     const DeviceMatrix &c, const GemmOptions &o, bool swap) {
  auto name = [](ElemType t) { return std::string(metadata::elemTypeName(t)); };
  if (a.type != b.type)
    return invalid("A is " + name(a.type) + " but B is " + name(b.type) +
                   "; both must have one type");
  ElemType want = a.type == ElemType::F16 ? ElemType::F16 : ElemType::BF16;
  if (a.type != ElemType::BF16 && a.type != ElemType::F16 &&
      a.type != ElemType::F8E4M3)
    return invalid("A and B are " + name(a.type) +
                   "; supported: bf16, f16, f8E4M3FN");
  if (c.type != want)
    return invalid("C is " + name(c.type) + "; for " + name(a.type) +
                   " inputs it must be " + name(want));
  for (auto [m, what] : {std::pair{&a, "A"}, {&b, "B"}, {&c, "C"}}) {
    if (!m->data)
      return invalid(std::string(what) + " is a null pointer");
    if (m->rows < 1 || m->cols < 1)
      return invalid(std::string(what) + " is " + str(m->rows) + " x " +
                     str(m->cols) + "; every extent must be at least 1");
    if (m->ld < m->cols)
      return invalid(std::string(what) + "'s leading dimension " + str(m->ld) +
                     " is less than its " + str(m->cols) + " columns");
  }
  if (a.cols != b.cols)
    return invalid("A is " + str(a.rows) + " x " + str(a.cols) + " and B " +
                   str(b.rows) + " x " + str(b.cols) +
                   ": B holds N rows of K, so their K must agree");
  if (c.rows != a.rows || c.cols != b.rows)
    return invalid("C is " + str(c.rows) + " x " + str(c.cols) +
                   " but A B^T is " + str(a.rows) + " x " + str(b.rows));
  // TMA reads A and B: 16-byte aligned rows.
  const int64_t elemBytes = a.type == ElemType::F8E4M3 ? 1 : 2;
  const int64_t kAlign = a.type == ElemType::F8E4M3 ? 16 : 8;
  if (a.cols % kAlign)
    return invalid("K = " + str(a.cols) + " must be a multiple of " +
                   str(kAlign) + " for " + name(a.type));
  for (auto [m, what] : {std::pair{&a, "A"}, {&b, "B"}}) {
    if ((m->ld * elemBytes) % 16)
      return invalid(std::string(what) + "'s row pitch of " +
                     str(m->ld * elemBytes) +
                     " bytes is not a multiple of 16 (TMA)");
    if (m->data % 16)
      return invalid(std::string(what) + " is not 16-byte aligned (TMA)");
  }
  // C: TMA stores, except the swap-AB configuration's direct stores.
  if (!swap && (c.ld % 8 || c.data % 16))
    return invalid(
        "C needs a leading dimension that is a multiple of 8 "
        "(here " +
        str(c.ld) + ") and 16-byte alignment for the TMA store of a " +
        gemmConfigName(o.plan ? o.plan->config : GemmConfig::Tile128x256) +
        " configuration");
  if (c.data % 2)
    return invalid("C is not 2-byte aligned");
  if (o.beta != 0.f) {
    if (!o.residual)
      return invalid("beta is " + std::to_string(o.beta) +
                     " but the residual is a null pointer");
    if (o.ldr < c.cols)
      return invalid("the residual's leading dimension " + str(o.ldr) +
                     " is less than C's " + str(c.cols) + " columns");
    if (o.residual % 16 || o.ldr % 8)
      return invalid("the residual needs 16-byte alignment and a leading "
                     "dimension that is a multiple of 8 (here " +
                     str(o.ldr) + ")");
  }
  if (o.biasMode != Bias::None && !o.bias)
    return invalid("a bias mode is set but the bias is a null pointer");
  if (o.bias % 2)
    return invalid("the bias is not 2-byte aligned");
  if (o.rowScale % 4 || o.colScale % 4)
    return invalid("the row and column scales must be 4-byte aligned (f32)");
  if (int32_t(o.activation) < 0 || int32_t(o.activation) > 4)
    return invalid("activation code " + str(int32_t(o.activation)) +
                   " is not one of 0..4");
  for (int64_t v : {a.rows, b.rows, a.cols, c.ld, o.ldr})
    if (v > INT32_MAX)
      return invalid("extent " + str(v) + " does not fit the kernel's i32");
  return {};
}

} // namespace

Status Gemm::run(const rt::Stream &stream, const DeviceMatrix &a,
                 const DeviceMatrix &b, const DeviceMatrix &c,
                 const GemmOptions &o) const {
  const int64_t m = a.rows, n = b.rows, k = a.cols;
  GemmPlan p = o.plan ? *o.plan : plan(m, n, k, a.type);
  const bool swap = p.config == GemmConfig::Swap128x64;
  CUTE_TRY(checkOperands(a, b, c, o, swap));
  if (p.splits < 0 || p.splits > kMaxSplits)
    return invalid("splits = " + str(p.splits) + " is not in 0.." +
                   str(kMaxSplits) + " (0: stream-K)");
  const rt::Kernel *kern = instance(s_->module, a.type, p.config);
  const int64_t tiles = gemmTiles(p.config, m, n);
  // Stream-K: one CTA per SM, at most one per K tile of all tiles; a
  // workspace slot per CTA and tile.
  const int64_t units =
      tiles * gemmKTiles(k, a.type == ElemType::F8E4M3 ? 1 : 2);
  const int64_t grid = p.splits == 0
                           ? std::min<int64_t>(s_->sms, units)
                           : std::min<int64_t>(tiles * p.splits, s_->sms);
  const int64_t slots = p.splits == 0  ? grid + tiles
                        : p.splits > 1 ? tiles * p.splits
                                       : 0;
  const size_t wsBytes =
      slots ? size_t(slots * 128 * gemmTileN(p.config)) * 4 : 16;
  CUTE_ASSIGN_OR_RETURN(
      auto w, s_->workspace(stream.raw(), wsBytes, size_t(tiles) * 4));
  // Swap-AB: the kernel computes C^T = B A^T into C with strides (1, ldc);
  // bias and residual follow in C^T's coordinates.
  rt::KernelArgs args;
  args.reserve(21);
  args.ptr(swap ? b.data : a.data).ptr(swap ? a.data : b.data).ptr(c.data);
  args.scalar(int32_t(swap ? n : m)).scalar(int32_t(swap ? m : n));
  args.scalar(int32_t(k)).scalar(int32_t(c.ld)).scalar(o.alpha);
  args.ptr(w.first).ptr(w.second).scalar(int32_t(p.splits));
  const bool res = o.beta != 0.f;
  // Unused pointers are A's or C's (the launch checks reject null
  // pointers; A is 16-byte aligned like R must be), never read.
  args.scalar(o.beta).ptr(res ? o.residual : a.data);
  args.scalar(int32_t(res ? o.ldr : 0));
  int32_t bias = int32_t(o.biasMode);
  if (swap && bias)
    bias = 3 - bias;
  args.ptr(o.bias ? o.bias : c.data).scalar(bias);
  args.scalar(int32_t(o.activation));
  // Per-row / per-column scales (in C^T's coordinates for swap-AB).
  CUdeviceptr sm = swap ? o.colScale : o.rowScale;
  CUdeviceptr sn = swap ? o.rowScale : o.colScale;
  args.ptr(sm ? sm : c.data).ptr(sn ? sn : c.data);
  args.scalar(int32_t((sm ? 1 : 0) | (sn ? 2 : 0)));
  rt::LaunchConfig cfg;
  cfg.grid = rt::Dim3{unsigned(grid), 1, 1};
  return kern->launch(stream, cfg, args);
}

Status cute::kernels::gemm(const rt::Stream &stream, const DeviceMatrix &a,
                           const DeviceMatrix &b, const DeviceMatrix &c,
                           const GemmOptions &options) {
  static std::mutex mutex;
  static std::map<CUcontext, std::shared_ptr<Gemm>> gemms;
  std::shared_ptr<Gemm> g;
  {
    std::lock_guard<std::mutex> lock(mutex);
    std::shared_ptr<Gemm> &slot = gemms[stream.context().raw()];
    if (!slot) {
      CUTE_ASSIGN_OR_RETURN(Gemm made, Gemm::create(stream.context()));
      slot = std::make_shared<Gemm>(std::move(made));
    }
    g = slot;
  }
  return g->run(stream, a, b, c, options);
}
