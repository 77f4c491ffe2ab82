//===- Gemm.cpp - The GEMM of the kernel library
//----------------------------===//
//
// Checks the operands, plans with planGemm and launches an instance of
// examples/gemm-sm90/kernel.mlir through its AOT launchers' module; on a
// compute capability 10.0 device, GemmSm100.cpp's configurations. The
// split-K workspace (f32 partials) and tile counters (which the kernel
// leaves at zero) are kept per stream, so launches on different streams
// never share them.
//
//===----------------------------------------------------------------------===//
#include "cute/Kernels/Gemm.h"

#include "cute/Runtime/Launch.h"
#include "cute/Runtime/Memory.h"

#include "GemmState.h"
#include "GemmTune.h"

#include <algorithm>

using namespace cute;
using namespace cute::kernels;

namespace {

Status invalid(const std::string &message) {
  return Error(ErrorCode::InvalidArgument, "cute::kernels::gemm: " + message);
}

std::string str(int64_t v) { return std::to_string(v); }

} // namespace

Expected<Gemm> Gemm::create(const rt::Context &ctx,
                            const std::string &tuneDir) {
  auto s = std::make_shared<State>();
  s->ctx = ctx;
  CUTE_ASSIGN_OR_RETURN(auto cc, ctx.computeCapability());
  if (cc.first == 10 && cc.second == 0) {
#ifdef CUTE_KERNELS_SM100
    CUTE_ASSIGN_OR_RETURN(s->sm100, sm100::load(ctx));
#else
    return Error(ErrorCode::NotFound,
                 "cute::kernels::Gemm: the device is compute capability 10.0 "
                 "but this build of the library holds no sm_100a "
                 "configurations (no cute-opt and no precompiled "
                 "build-artifacts/sm_100a/gemm_sm100.sm_100a.cubin)");
#endif
  } else {
    CUTE_ASSIGN_OR_RETURN(s->module, aot::Module::load(ctx));
  }
  CUTE_ASSIGN_OR_RETURN(
      s->one, rt::DeviceBuffer::fromHost(ctx, std::vector<float>{1.f}));
  CUTE_ASSIGN_OR_RETURN(
      s->ones, rt::DeviceBuffer::fromHost(
                   ctx, std::vector<float>(size_t(kQkvMaxKvHeads), 1.f)));
  CUTE_ASSIGN_OR_RETURN(
      s->sms, ctx.attribute(CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT));
  CUTE_ASSIGN_OR_RETURN(std::string device, ctx.name());
  s->tuneFile = tune::fileFor(tuneDir, device, s->sms);
  s->tuned = tune::readFile(s->tuneFile);
  s->stats.fromFile = int(s->tuned.size());
  Gemm g;
  g.s_ = std::move(s);
  return g;
}

GemmPlan Gemm::plan(int64_t m, int64_t n, int64_t k, ElemType ab,
                    bool deterministic) const {
#ifdef CUTE_KERNELS_SM100
  if (s_->sm100)
    return planSm100Gemm(m, n, k, s_->sms, ab == ElemType::F8E4M3 ? 1 : 2);
#endif
  return planGemm(m, n, k, s_->sms, ab == ElemType::F8E4M3 ? 1 : 2,
                  /*allowSwap=*/true, deterministic);
}

std::optional<GemmPlan> Gemm::tunedPlan(int64_t m, int64_t n, int64_t k,
                                        ElemType ab) const {
  std::lock_guard<std::mutex> lock(s_->mutex);
  auto it = s_->tuned.find(tune::classKey(ab, m, n, k));
  if (it == s_->tuned.end())
    return std::nullopt;
  return it->second;
}

GemmTuneStats Gemm::tuneStats() const {
  std::lock_guard<std::mutex> lock(s_->mutex);
  return s_->stats;
}

const std::string &Gemm::tuneFile() const { return s_->tuneFile; }

namespace {

/// Whether the configurations of a 16-bit C only (the clusters, 128 x 192)
/// have instances for A/B type `ab` and C type `tc`: a bf16 C for bf16 and
/// e4m3 inputs, f16 for f16.
bool hasSixteenBitCInstance(ElemType ab, ElemType tc) {
  return tc == (ab == ElemType::F16 ? ElemType::F16 : ElemType::BF16);
}

/// The QKV instance (bf16 x and W, bf16 q out) for the cache type: swap-AB
/// or 128 x 128 tiles.
const rt::Kernel *qkvInstance(const aot::Module &m, ElemType cache, bool swap) {
  if (cache == ElemType::F8E4M3)
    return swap ? &m.gemm_bf16_swap_qkv_e4m3_kernel()
                : &m.gemm_bf16_n128_qkv_e4m3_kernel();
  return swap ? &m.gemm_bf16_swap_qkv_kernel() : &m.gemm_bf16_n128_qkv_kernel();
}

/// The instance for A/B type `ab`, C type `tc` and configuration `c`; null
/// where there is none (the clusters exist for a 16-bit C only: bf16 C for
/// bf16 and e4m3 inputs, f16 C for f16).
const rt::Kernel *instance(const aot::Module &m, ElemType ab, ElemType tc,
                           GemmConfig c) {
  if (isClusterGemmConfig(c)) {
    const bool n256 = c == GemmConfig::Cluster2x128x256;
    if (ab == ElemType::BF16 && tc == ElemType::BF16)
      return n256 ? &m.gemm_bf16_c2_kernel() : &m.gemm_bf16_n128_c2_kernel();
    if (ab == ElemType::F16 && tc == ElemType::F16)
      return n256 ? &m.gemm_f16_c2_kernel() : &m.gemm_f16_n128_c2_kernel();
    if (ab == ElemType::F8E4M3 && tc == ElemType::BF16)
      return n256 ? &m.gemm_e4m3_c2_kernel() : &m.gemm_e4m3_n128_c2_kernel();
    return nullptr;
  }
  if (c == GemmConfig::Tile128x192) {
    if (ab == ElemType::BF16 && tc == ElemType::BF16)
      return &m.gemm_bf16_n192_kernel();
    if (ab == ElemType::F16 && tc == ElemType::F16)
      return &m.gemm_f16_n192_kernel();
    if (ab == ElemType::F8E4M3 && tc == ElemType::BF16)
      return &m.gemm_e4m3_n192_kernel();
    return nullptr;
  }
  if (ab == ElemType::BF16 && tc == ElemType::F32)
    return c == GemmConfig::Tile128x256   ? &m.gemm_bf16_f32_kernel()
           : c == GemmConfig::Tile128x128 ? &m.gemm_bf16_n128_f32_kernel()
                                          : &m.gemm_bf16_swap_f32_kernel();
  if (ab == ElemType::F8E4M3 && tc == ElemType::F8E4M3)
    return c == GemmConfig::Tile128x256   ? &m.gemm_e4m3_e4m3_kernel()
           : c == GemmConfig::Tile128x128 ? &m.gemm_e4m3_n128_e4m3_kernel()
                                          : &m.gemm_e4m3_swap_e4m3_kernel();
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

/// Whether the tile configurations can store C: by TMA (16-byte rows:
/// ld % 8 for 16-bit C, % 16 for e4m3) or, for f32, by rows with 8-byte
/// pairs (ld % 8, as the kernel assumes); swap-AB stores element by
/// element.
bool tmaStorable(const DeviceMatrix &c) {
  const int64_t perRow = c.type == ElemType::F8E4M3 ? 16 : 8;
  return c.ld % perRow == 0 && c.data % 16 == 0;
}

/// The C types the inputs' type has instances for.
bool outputSupported(ElemType ab, ElemType tc) {
  switch (ab) {
  case ElemType::BF16:
    return tc == ElemType::BF16 || tc == ElemType::F32;
  case ElemType::F16:
    return tc == ElemType::F16;
  case ElemType::F8E4M3:
    return tc == ElemType::BF16 || tc == ElemType::F8E4M3;
  default:
    return false;
  }
}

/// Bias and residual: bf16, f16 for f16 inputs.
ElemType epilogueType(ElemType ab) {
  return ab == ElemType::F16 ? ElemType::F16 : ElemType::BF16;
}

int64_t bytesOf(ElemType t) {
  return t == ElemType::F8E4M3 ? 1 : t == ElemType::F32 ? 4 : 2;
}

Status checkOperands(const DeviceMatrix &a, const DeviceMatrix &b,
                     const DeviceMatrix &c, const GemmOptions &o) {
  auto name = [](ElemType t) { return std::string(metadata::elemTypeName(t)); };
  if (a.type != b.type)
    return invalid("A is " + name(a.type) + " but B is " + name(b.type) +
                   "; both must have one type");
  if (a.type != ElemType::BF16 && a.type != ElemType::F16 &&
      a.type != ElemType::F8E4M3)
    return invalid("A and B are " + name(a.type) +
                   "; supported: bf16, f16, f8E4M3FN");
  if (!outputSupported(a.type, c.type))
    return invalid("C is " + name(c.type) + "; for " + name(a.type) +
                   " inputs it must be " +
                   (a.type == ElemType::BF16  ? "bf16 or f32"
                    : a.type == ElemType::F16 ? "f16"
                                              : "bf16 or f8e4m3"));
  if (o.outScale && c.type != ElemType::F8E4M3)
    return invalid("an output scale is given but C is " + name(c.type) +
                   "; it applies to an f8e4m3 C only");
  if (o.outScale % 4)
    return invalid("the output scale is not 4-byte aligned (f32)");
  const ElemType te = epilogueType(a.type);
  if (o.beta != 0.f && o.residual == c.data && c.type != te)
    return invalid("the residual is C itself, but C is " + name(c.type) +
                   " and the residual must be " + name(te) +
                   ": give R in its own buffer");
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
  if (c.data % bytesOf(c.type))
    return invalid("C is not " + str(bytesOf(c.type)) + "-byte aligned (" +
                   name(c.type) + ")");
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
  if (o.blockScaleA || o.blockScaleB) {
    if (!o.blockScaleA || !o.blockScaleB)
      return invalid(std::string("block scales need both blockScaleA and "
                                 "blockScaleB; ") +
                     (o.blockScaleA ? "blockScaleB" : "blockScaleA") +
                     " is a null pointer");
    if (a.type != ElemType::F8E4M3 || c.type != ElemType::BF16)
      return invalid("128 x 128 block scales are built for f8E4M3FN A and B "
                     "with a bf16 C, not " +
                     name(a.type) + " inputs with a " + name(c.type) + " C");
    if (o.rowScale || o.colScale)
      return invalid("block scales replace the row and column scales; give "
                     "one or the other");
    if (o.blockScaleA % 4 || o.blockScaleB % 4)
      return invalid("the block scales must be 4-byte aligned (f32)");
    if (o.activation == Activation::SwiGLU)
      return invalid("block scales have no SwiGLU instance");
    if (o.autotune)
      return invalid("block scales are planned (swap-AB at M <= 64, else "
                     "128 x 128 tiles), not autotuned");
    if (o.plan && o.plan->config != GemmConfig::Tile128x128 &&
        o.plan->config != GemmConfig::Swap128x64 &&
        o.plan->config != GemmConfig::Sm100Cta1x128x128 &&
        o.plan->config != GemmConfig::Sm100Cta2x256x128)
      return invalid(std::string("block scales run tiles 128 columns wide "
                                 "(128x128 or swap-AB on sm_90a, "
                                 "sm100-1cta-128x128 or sm100-2cta-256x128 "
                                 "on sm_100a), not configuration ") +
                     gemmConfigName(o.plan->config));
  }
  if (int32_t(o.activation) < 0 || int32_t(o.activation) > 5)
    return invalid("activation code " + str(int32_t(o.activation)) +
                   " is not one of 0..5");
  for (int64_t v : {a.rows, b.rows, a.cols, c.ld, o.ldr})
    if (v > INT32_MAX)
      return invalid("extent " + str(v) + " does not fit the kernel's i32");
  return {};
}

/// What SwiGLU needs besides the GEMM's rules (N: the GEMM's columns, a
/// group's for the grouped GEMM).
Status checkSwiGLU(int64_t n, ElemType ab, const DeviceMatrix &c,
                   const GemmOptions &o) {
  if (c.type != epilogueType(ab))
    return invalid("SwiGLU writes a " +
                   std::string(metadata::elemTypeName(epilogueType(ab))) +
                   " C, not " + metadata::elemTypeName(c.type));
  if (ab == ElemType::F16)
    return invalid("SwiGLU is built for bf16 and e4m3 A and B, not f16");
  if (n % 128)
    return invalid("SwiGLU needs N % 128 == 0 (64-row gate and up blocks "
                   "of B in turn), but N is " +
                   str(n));
  if (o.plan && o.plan->config == GemmConfig::Swap128x64)
    return invalid("SwiGLU runs 128 x 256 or 128 x 128 tiles, not swap-AB "
                   "(a gate and its up block would be in different "
                   "warpgroups)");
  if (o.plan && o.plan->config != GemmConfig::Tile128x256 &&
      o.plan->config != GemmConfig::Tile128x128)
    return invalid(std::string("SwiGLU runs 128 x 256 or 128 x 128 tiles; "
                               "configuration ") +
                   gemmConfigName(o.plan->config) + " has no SwiGLU instance");
  if (o.autotune)
    return invalid("SwiGLU has one configuration: no autotuning");
  if (!tmaStorable(c))
    return invalid("SwiGLU stores C by TMA: its leading dimension (" +
                   str(c.ld) +
                   ") must be a multiple of 8 and C 16-byte "
                   "aligned");
  return {};
}

} // namespace

Status Gemm::run(const rt::Stream &stream, const DeviceMatrix &a,
                 const DeviceMatrix &b, const DeviceMatrix &c,
                 const GemmOptions &o) const {
#ifdef CUTE_KERNELS_SM100
  if (s_->sm100) {
    if (a.type == b.type)
      CUTE_TRY(sm100::check(a, b, c, o));
    // SwiGLU: C has half of B's rows, checked against B's gate half.
    DeviceMatrix gemmB = b;
    if (o.activation == Activation::SwiGLU)
      gemmB.rows = b.rows / 2;
    CUTE_TRY(checkOperands(a, gemmB, c, o));
    const GemmPlan p = o.plan
                           ? *o.plan
                           : planSm100Gemm(a.rows, b.rows, a.cols, s_->sms,
                                           a.type == ElemType::F8E4M3 ? 1 : 2,
                                           o.blockScaleA != 0);
    // Split-K: a slot of 128 x BN f32 partials per CTA and split, a
    // counter per CTA.
    const int64_t ctas =
        gemmTiles(p.config, a.rows, b.rows) * gemmTileCtas(p.config);
    const int64_t floats =
        p.splits > 1 ? ctas * p.splits * 128 * gemmTileN(p.config) : 4;
    if (floats > INT32_MAX)
      return invalid("split-K with " + str(p.splits) + " splits needs " +
                     str(floats) +
                     " floats of workspace, more than the kernels index "
                     "(2^31 - 1); use fewer splits");
    CUTE_ASSIGN_OR_RETURN(auto w,
                          s_->workspace(stream.raw(), size_t(floats) * 4,
                                        size_t(ctas) * 4, false));
    return sm100::run(*s_->sm100, stream, a, b, c, o, p, w.first, w.second);
  }
#endif
  const bool swiglu = o.activation == Activation::SwiGLU;
  if (swiglu) {
    // C has half of B's rows: checked against B's gate (or up) half.
    CUTE_TRY(checkSwiGLU(b.rows, a.type, c, o));
    DeviceMatrix half = b;
    half.rows = b.rows / 2;
    CUTE_TRY(checkOperands(a, half, c, o));
  } else {
    CUTE_TRY(checkOperands(a, b, c, o));
  }
  const int64_t m = a.rows, n = b.rows, k = a.cols;
  const bool tmaC = tmaStorable(c);
  GemmPlan p;
  if (swiglu) {
    // 128 x 256 or 128 x 128 tiles (pairs of gate and up blocks) as for
    // the plain GEMM, the heuristic's splits (or the plan's).
    GemmConfig cfg = selectGemmConfig(m, n, k, s_->sms);
    p = o.plan ? *o.plan
               : GemmPlan{cfg,
                          selectGemmSplits(cfg, m, n, k, s_->sms,
                                           a.type == ElemType::F8E4M3 ? 1 : 2)};
  } else if (o.blockScaleA) {
    // Swap-AB at M <= 64 (or for a C the TMA cannot store), else 128 x 128
    // tiles; the heuristic's splits.
    const GemmConfig cfg = m <= kSwapMaxM || !tmaC ? GemmConfig::Swap128x64
                                                   : GemmConfig::Tile128x128;
    if (o.plan) {
      p = *o.plan;
      if (p.config != GemmConfig::Swap128x64 && !tmaC)
        return invalid("C needs a leading dimension that is a multiple of 8 "
                       "(here " +
                       str(c.ld) +
                       ") and 16-byte alignment for the TMA stores of the "
                       "128x128 block-scale configuration");
    } else {
      const int64_t s =
          selectGemmSplits(cfg, m, n, k, s_->sms, 1, !o.deterministic);
      p = {cfg, s, !o.deterministic && s > 1};
    }
  } else if (o.plan) {
    p = *o.plan;
    if (isSm100GemmConfig(p.config))
      return invalid(std::string("configuration ") + gemmConfigName(p.config) +
                     " is for sm_100a (compute capability 10.0); this "
                     "device runs the sm_90a configurations");
    if (isSixteenBitCGemmConfig(p.config) &&
        !hasSixteenBitCInstance(a.type, c.type))
      return invalid(std::string("configuration ") + gemmConfigName(p.config) +
                     " has instances for a bf16 C (bf16 or e4m3 inputs) "
                     "and an f16 C (f16 inputs) only, not " +
                     metadata::elemTypeName(a.type) + " inputs with a " +
                     metadata::elemTypeName(c.type) + " C");
    if (isClusterGemmConfig(p.config) && p.splits == 0)
      return invalid(std::string("configuration ") + gemmConfigName(p.config) +
                     " runs split-K (splits >= 1), not stream-K (splits = "
                     "0): both CTAs of a cluster walk the same tiles");
    if (p.config != GemmConfig::Swap128x64 && !tmaC)
      return invalid("C needs a leading dimension that is a multiple of " +
                     str(c.type == ElemType::F8E4M3 ? 16 : 8) + " (here " +
                     str(c.ld) + ") and 16-byte alignment for the " +
                     (c.type == ElemType::F32 ? "row" : "TMA") +
                     " stores of a " + gemmConfigName(p.config) +
                     " configuration");
  } else if (o.autotune) {
    CUTE_ASSIGN_OR_RETURN(p, s_->tune(stream, a, b, c, o, tmaC));
  } else {
    p = plan(m, n, k, a.type, o.deterministic);
    // A C type without instances of the planned configuration (clusters,
    // 128 x 192: 16-bit C only): the same tile without the cluster, or
    // 128 x 256 tiles.
    if (isSixteenBitCGemmConfig(p.config) &&
        !hasSixteenBitCInstance(a.type, c.type))
      p.config = gemmFallbackConfig(p.config);
    // A C the TMA cannot store: swap-AB, which stores element by element.
    if (!tmaC && p.config != GemmConfig::Swap128x64)
      p = {GemmConfig::Swap128x64,
           selectGemmSplits(GemmConfig::Swap128x64, m, n, k, s_->sms,
                            a.type == ElemType::F8E4M3 ? 1 : 2)};
  }
  const int64_t most = p.atomic ? kMaxAtomicSplits : kMaxSplits;
  if (p.splits < 0 || p.splits > most)
    return invalid("splits = " + str(p.splits) + " is not in 0.." + str(most) +
                   " (0: stream-K)" +
                   (p.atomic ? " for atomic reductions"
                             : " (atomic reductions allow up to " +
                                   str(kMaxAtomicSplits) + ")"));
  return s_->launch(stream, a, b, c, o, p);
}

Status Gemm::State::launch(const rt::Stream &stream, const DeviceMatrix &a,
                           const DeviceMatrix &b, const DeviceMatrix &c,
                           const GemmOptions &o, const GemmPlan &p,
                           CUdeviceptr offsets, int64_t groups,
                           const QkvAppend *qkv) {
  const int64_t m = a.rows, n = groups ? b.rows / groups : b.rows, k = a.cols;
  const bool swap = p.config == GemmConfig::Swap128x64;
  const bool swiglu = o.activation == Activation::SwiGLU;
  const bool e4m3 = a.type == ElemType::F8E4M3;
  const rt::Kernel *kern =
      groups && swiglu ? (e4m3 ? &module.gemm_e4m3_grouped_swiglu_kernel()
                               : &module.gemm_bf16_grouped_swiglu_kernel())
      : groups         ? (e4m3 ? &module.gemm_e4m3_grouped_kernel()
                               : &module.gemm_bf16_grouped_kernel())
      : swiglu && p.config == GemmConfig::Tile128x256
          ? (e4m3 ? &module.gemm_e4m3_swiglu_kernel()
                  : &module.gemm_bf16_swiglu_kernel())
      : swiglu        ? (e4m3 ? &module.gemm_e4m3_n128_swiglu_kernel()
                              : &module.gemm_bf16_n128_swiglu_kernel())
      : o.blockScaleA ? (swap ? &module.gemm_e4m3_swap_bs_kernel()
                              : &module.gemm_e4m3_n128_bs_kernel())
      : qkv           ? qkvInstance(module, qkv->cacheType, swap)
                      : instance(module, a.type, c.type, p.config);
  // Grouped: tiles of a bound of the groups' tile rows (the kernel finds
  // which are real).
  const int64_t scheduled =
      gemmTiles(p.config, groups ? m + 127 * groups : m, n);
  // A cluster (2 CTAs) per scheduled tile of the cluster configurations:
  // whole clusters of SMs, and a tile counter and slots per CTA.
  const int64_t ctas = gemmTileCtas(p.config);
  const int64_t tiles = scheduled * ctas;
  if (!kern)
    return invalid(std::string("configuration ") + gemmConfigName(p.config) +
                   " has no instance for " + metadata::elemTypeName(a.type) +
                   " inputs with a " + metadata::elemTypeName(c.type) + " C");
  // Stream-K: one CTA per SM, at most one per K tile of all tiles; a
  // workspace slot per CTA and tile.
  const int64_t units =
      tiles * gemmKTiles(k, a.type == ElemType::F8E4M3 ? 1 : 2);
  const int64_t grid =
      p.splits == 0
          ? std::min<int64_t>(sms, units)
          : ctas * std::min<int64_t>(scheduled * p.splits,
                                     std::max<int64_t>(1, sms / ctas));
  // Atomic reductions: one zeroed slot per tile.
  const bool atomic = p.atomic && p.splits != 1;
  const int64_t slots = atomic          ? tiles
                        : p.splits == 0 ? grid + tiles
                        : p.splits > 1  ? tiles * p.splits
                                        : 0;
  const size_t wsBytes =
      slots ? size_t(slots * 128 * gemmTileN(p.config)) * 4 : 16;
  CUTE_ASSIGN_OR_RETURN(
      auto w, workspace(stream.raw(), wsBytes,
                        size_t(tiles * kSplitCountersPerTile) * 4, atomic));
  // Swap-AB: the kernel computes C^T = B A^T into C with strides (1, ldc);
  // bias and residual follow in C^T's coordinates.
  rt::KernelArgs args;
  args.reserve(40);
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
  // Block scales: the kernel's A's and B's (swap-AB: the caller's B's and
  // A's) in their places (the BLOCKSCALE instances read them per K block;
  // scalemode 0).
  CUdeviceptr sm = swap ? o.colScale : o.rowScale;
  CUdeviceptr sn = swap ? o.rowScale : o.colScale;
  const bool block = o.blockScaleA != 0;
  args.ptr(block ? (swap ? o.blockScaleB : o.blockScaleA) : sm ? sm : c.data);
  args.ptr(block ? (swap ? o.blockScaleA : o.blockScaleB) : sn ? sn : c.data);
  args.scalar(int32_t((sm ? 1 : 0) | (sn ? 2 : 0)));
  args.scalar(int32_t(atomic ? 1 : 0));
  // Not grouped: one group (the offsets pointer is never read).
  args.ptr(groups ? offsets : w.second).scalar(int32_t(groups ? groups : 1));
  // The output scale (read by the e4m3-C instances only).
  args.ptr(c.type != ElemType::F8E4M3 ? w.second
           : o.outScale               ? o.outScale
                                      : one.ptr());
  // The QKV instances' append (the others never read these).
  if (qkv) {
    args.ptr(qkv->qNormWeight).ptr(qkv->kNormWeight).ptr(qkv->cosSin);
    args.ptr(qkv->positions).ptr(qkv->slotMapping);
    args.ptr(qkv->kCache).ptr(qkv->vCache);
    args.ptr(qkv->kScale ? qkv->kScale : ones.ptr());
    args.ptr(qkv->vScale ? qkv->vScale : ones.ptr());
    args.scalar(int32_t(qkv->qHeads)).scalar(int32_t(qkv->kvHeads));
    args.scalar(int32_t(qkv->ldkv)).scalar(int32_t(qkv->slots));
    args.scalar(qkv->eps);
  } else {
    for (int i = 0; i < 9; ++i)
      args.ptr(c.data);
    for (int i = 0; i < 4; ++i)
      args.scalar(int32_t(0));
    args.scalar(0.f);
  }
  rt::LaunchConfig cfg;
  cfg.grid = rt::Dim3{unsigned(grid), 1, 1};
  return kern->launch(stream, cfg, args);
}

Expected<GemmPlan> Gemm::State::tune(const rt::Stream &stream,
                                     const DeviceMatrix &a,
                                     const DeviceMatrix &b,
                                     const DeviceMatrix &c,
                                     const GemmOptions &o, bool tmaC) {
  const int64_t m = a.rows, n = b.rows, k = a.cols;
  const std::string key = tune::classKey(a.type, m, n, k);
  {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = tuned.find(key);
    // A class's plan may need a TMA-storable C this call does not have.
    if (it != tuned.end() &&
        (tmaC || it->second.config == GemmConfig::Swap128x64)) {
      // The class's plan may be a cluster this C type has no instance of.
      GemmPlan p = it->second;
      if (isSixteenBitCGemmConfig(p.config) &&
          !hasSixteenBitCInstance(a.type, c.type))
        p.config = gemmFallbackConfig(p.config);
      return p;
    }
  }
  // Time each candidate on A, B and a scratch C (the caller's C may hold
  // the residual), without the epilogue: 1 warm-up, median of 5.
  const int64_t ld = (c.cols + 15) / 16 * 16;
  CUTE_ASSIGN_OR_RETURN(
      rt::DeviceBuffer scratch,
      rt::DeviceBuffer::allocate(ctx, size_t(c.rows * ld) * 4));
  DeviceMatrix sc{scratch.ptr(), c.type, c.rows, c.cols, ld};
  GemmOptions plain;
  plain.alpha = o.alpha;
  CUTE_ASSIGN_OR_RETURN(rt::Event start, rt::Event::create(ctx));
  CUTE_ASSIGN_OR_RETURN(rt::Event end, rt::Event::create(ctx));
  std::vector<GemmPlan> cands =
      tune::candidates(m, n, k, sms, a.type == ElemType::F8E4M3 ? 1 : 2, tmaC);
  if (!hasSixteenBitCInstance(a.type, c.type))
    cands.erase(std::remove_if(cands.begin(), cands.end(),
                               [](const GemmPlan &p) {
                                 return isSixteenBitCGemmConfig(p.config);
                               }),
                cands.end());
  GemmPlan best = cands.front();
  double bestUs = 1e30;
  for (const GemmPlan &p : cands) {
    CUTE_TRY(launch(stream, a, b, sc, plain, p));
    std::vector<double> us;
    for (int i = 0; i < 5; ++i) {
      CUTE_TRY(start.record(stream));
      CUTE_TRY(launch(stream, a, b, sc, plain, p));
      CUTE_TRY(end.record(stream));
      CUTE_TRY(end.synchronize());
      CUTE_ASSIGN_OR_RETURN(float ms, rt::Event::elapsedMs(start, end));
      us.push_back(double(ms) * 1000);
    }
    std::nth_element(us.begin(), us.begin() + 2, us.end());
    if (us[2] < bestUs) {
      bestUs = us[2];
      best = p;
    }
  }
  std::lock_guard<std::mutex> lock(mutex);
  tuned[key] = best;
  ++stats.timed;
  stats.candidates += int(cands.size());
  tune::appendToFile(tuneFile, key, best, bestUs);
  return best;
}

Status Gemm::runGrouped(const rt::Stream &stream, const DeviceMatrix &a,
                        const DeviceMatrix &b, const DeviceMatrix &c,
                        CUdeviceptr offsets, int64_t groups,
                        const GemmOptions &o) const {
  if (a.type == ElemType::F16)
    return invalid("the grouped GEMM is built for bf16 and e4m3 A and B, "
                   "not f16");
  if (c.type != ElemType::BF16)
    return invalid("the grouped GEMM writes a bf16 C, not " +
                   std::string(metadata::elemTypeName(c.type)));
  if (groups < 1 || groups > INT32_MAX)
    return invalid("groups = " + str(groups) + " must be in 1.." +
                   str(INT32_MAX));
  if (!offsets || offsets % 4)
    return invalid("the group offsets must be a non-null, 4-byte aligned "
                   "device array of int32");
  if (b.rows % groups)
    return invalid("B has " + str(b.rows) + " rows, not groups (" +
                   str(groups) + ") blocks of N rows");
  if (o.blockScaleA || o.blockScaleB)
    return invalid("the grouped GEMM has no block scales (per-row and "
                   "per-column scales only)");
  if (o.plan || o.autotune)
    return invalid("the grouped GEMM takes no plan and no autotuning (one "
                   "configuration: 128 x 128 tiles, one split)");
  const int64_t n = b.rows / groups;
  if (o.activation == Activation::SwiGLU)
    CUTE_TRY(checkSwiGLU(n, a.type, c, o));
  // The checks of run() on one group's shapes: B's first block stands for
  // all (same pitch and type; SwiGLU: half of it, C's columns).
  DeviceMatrix b0 = b;
  b0.rows = o.activation == Activation::SwiGLU ? n / 2 : n;
  GemmOptions checked = o;
  CUTE_TRY(checkOperands(a, b0, c, checked));
  if (c.ld % 8 || c.data % 16)
    return invalid("the grouped GEMM stores C's rows from registers with "
                   "16-byte alignment: C's leading dimension (" +
                   str(c.ld) +
                   ") must be a multiple of 8 and C 16-byte "
                   "aligned");
#ifdef CUTE_KERNELS_SM100
  // sm_100a: the 1-CTA 128 x 128 tcgen05 instances (GROUPED).
  if (s_->sm100) {
    // sm100::check sees one group's whole block (SwiGLU: N % 128 of the
    // GEMM's N, not of C's).
    DeviceMatrix block = b;
    block.rows = n;
    CUTE_TRY(sm100::check(a, block, c, o));
    return sm100::runGrouped(*s_->sm100, stream, a, b, c, o, offsets, groups);
  }
#endif
  return s_->launch(stream, a, b, c, o, GemmPlan{GemmConfig::Tile128x128, 1},
                    offsets, groups);
}

namespace {

/// The Gemm of the stream's context, created on first use.
Expected<std::shared_ptr<Gemm>> gemmFor(const rt::Stream &stream) {
  static std::mutex mutex;
  static std::map<CUcontext, std::shared_ptr<Gemm>> gemms;
  std::lock_guard<std::mutex> lock(mutex);
  std::shared_ptr<Gemm> &slot = gemms[stream.context().raw()];
  if (!slot) {
    CUTE_ASSIGN_OR_RETURN(Gemm made, Gemm::create(stream.context()));
    slot = std::make_shared<Gemm>(std::move(made));
  }
  return slot;
}

} // namespace

Status cute::kernels::gemm(const rt::Stream &stream, const DeviceMatrix &a,
                           const DeviceMatrix &b, const DeviceMatrix &c,
                           const GemmOptions &options) {
  CUTE_ASSIGN_OR_RETURN(std::shared_ptr<Gemm> g, gemmFor(stream));
  return g->run(stream, a, b, c, options);
}

Status cute::kernels::groupedGemm(const rt::Stream &stream,
                                  const DeviceMatrix &a, const DeviceMatrix &b,
                                  const DeviceMatrix &c, CUdeviceptr offsets,
                                  int64_t groups, const GemmOptions &options) {
  CUTE_ASSIGN_OR_RETURN(std::shared_ptr<Gemm> g, gemmFor(stream));
  return g->runGrouped(stream, a, b, c, offsets, groups, options);
}
