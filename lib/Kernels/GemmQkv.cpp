//===- GemmQkv.cpp - The QKV projection with the fused KV-cache append ---===//
//
// Gemm::runQkv: checks the operands and the append's arguments, plans
// (swap-AB at M <= 64, else 128 x 128 tiles; the heuristic's splits) and
// launches examples/gemm-sm90's QKV instances (gemm-qkv.mlir).
//
//===----------------------------------------------------------------------===//
#include "GemmState.h"

#include <limits>

using namespace cute;
using namespace cute::kernels;

namespace {

Status invalid(const std::string &message) {
  return Error(ErrorCode::InvalidArgument,
               "cute::kernels::Gemm::runQkv: " + message);
}

std::string str(int64_t v) { return std::to_string(v); }

/// x, W and qOut: bf16, extents, leading dimensions, TMA's alignment.
Status checkMatrices(const DeviceMatrix &x, const DeviceMatrix &w,
                     const DeviceMatrix &q, const QkvAppend &a) {
  for (auto [m, what] : {std::pair{&x, "x"}, {&w, "W"}, {&q, "qOut"}}) {
    if (m->type != ElemType::BF16)
      return invalid(std::string(what) + " is " +
                     metadata::elemTypeName(m->type) + "; it must be bf16");
    if (!m->data)
      return invalid(std::string(what) + " is a null pointer");
    if (m->rows < 1 || m->cols < 1)
      return invalid(std::string(what) + " is " + str(m->rows) + " x " +
                     str(m->cols) + "; every extent must be at least 1");
    if (m->ld < m->cols || m->ld % 8 || m->data % 16)
      return invalid(std::string(what) +
                     " needs 16-byte alignment and a "
                     "leading dimension that is a multiple of 8 and at least "
                     "its " +
                     str(m->cols) + " columns (here " + str(m->ld) + ")");
  }
  if (x.cols != w.cols)
    return invalid("x is " + str(x.rows) + " x " + str(x.cols) + " and W " +
                   str(w.rows) + " x " + str(w.cols) + ": their K must agree");
  if (x.cols % 8)
    return invalid("K = " + str(x.cols) + " must be a multiple of 8");
  if (a.qHeads < 1 || a.kvHeads < 1 || a.kvHeads > kQkvMaxKvHeads)
    return invalid("head counts q " + str(a.qHeads) + ", kv " + str(a.kvHeads) +
                   ": each at least 1, kv at most " + str(kQkvMaxKvHeads));
  if (w.rows != (a.qHeads + 2 * a.kvHeads) * 128)
    return invalid("W has " + str(w.rows) + " rows; " + str(a.qHeads) +
                   " q + 2 x " + str(a.kvHeads) + " kv heads of 128 need " +
                   str((a.qHeads + 2 * a.kvHeads) * 128));
  if (q.rows != x.rows || q.cols != a.qHeads * 128)
    return invalid("qOut is " + str(q.rows) + " x " + str(q.cols) +
                   "; it must be tokens x q heads x 128 = " + str(x.rows) +
                   " x " + str(a.qHeads * 128));
  return {};
}

/// The append's pointers, cache type, strides and scales.
Status checkAppend(const QkvAppend &a) {
  for (auto [p, what] : {std::pair{a.qNormWeight, "qNormWeight"},
                         {a.kNormWeight, "kNormWeight"},
                         {a.cosSin, "cosSin"},
                         {a.positions, "positions"},
                         {a.slotMapping, "slotMapping"},
                         {a.kCache, "kCache"},
                         {a.vCache, "vCache"}})
    if (!p)
      return invalid(std::string(what) + " is a null pointer");
  if (a.cacheType != ElemType::BF16 && a.cacheType != ElemType::F8E4M3)
    return invalid(std::string("the cache type is ") +
                   metadata::elemTypeName(a.cacheType) +
                   "; supported: bf16, f8E4M3FN");
  const bool fp8 = a.cacheType == ElemType::F8E4M3;
  if (fp8 && (!a.kScale || !a.vScale))
    return invalid("an e4m3 cache needs kScale and vScale (f32 per kv head)");
  if (a.slots < 1 || a.slots > std::numeric_limits<int32_t>::max())
    return invalid("the caches hold " + str(a.slots) +
                   " slots; give their row count (1 .. 2^31 - 1)");
  if (a.ldkv < a.kvHeads * 128 || a.ldkv % 8)
    return invalid("the caches' slot stride " + str(a.ldkv) +
                   " must be a multiple of 8 and at least kv heads x 128 = " +
                   str(a.kvHeads * 128));
  const int64_t eb = fp8 ? 1 : 2;
  if (a.kCache % eb || a.vCache % eb || a.qNormWeight % 2 ||
      a.kNormWeight % 2 || a.cosSin % 4 || a.positions % 4 ||
      a.slotMapping % 4 || a.kScale % 4 || a.vScale % 4)
    return invalid("a pointer is misaligned for its element type");
  return {};
}

} // namespace

Status Gemm::runQkv(const rt::Stream &stream, const DeviceMatrix &x,
                    const DeviceMatrix &w, const DeviceMatrix &qOut,
                    const QkvAppend &append, const GemmOptions &o) const {
#ifdef CUTE_KERNELS_SM100
  if (s_->sm100)
    return Error(ErrorCode::InvalidArgument,
                 "cute::kernels::Gemm::runQkv: the fused QKV epilogue is built "
                 "for sm_90a; this device runs the sm_100a configurations");
#endif
  CUTE_TRY(checkMatrices(x, w, qOut, append));
  CUTE_TRY(checkAppend(append));
  if (o.alpha != 1.f || o.beta != 0.f || o.bias || o.rowScale || o.colScale ||
      o.blockScaleA || o.blockScaleB || o.outScale ||
      o.activation != Activation::None || o.autotune)
    return invalid("the QKV epilogue takes no alpha, beta, bias, scales, "
                   "activation or autotuning (options: plan, deterministic)");
  const int64_t m = x.rows, n = w.rows, k = x.cols;
  GemmPlan p;
  if (o.plan) {
    p = *o.plan;
    if (p.config != GemmConfig::Swap128x64 &&
        p.config != GemmConfig::Tile128x128)
      return invalid(std::string("configuration ") + gemmConfigName(p.config) +
                     " has no QKV instance (swap-AB and 128 x 128 do)");
    if (p.splits < 0 || p.splits > (p.atomic ? kMaxAtomicSplits : kMaxSplits))
      return invalid("splits = " + str(p.splits) + " is out of range");
  } else {
    const GemmConfig cfg =
        m <= kSwapMaxM ? GemmConfig::Swap128x64 : GemmConfig::Tile128x128;
    const int64_t s =
        selectGemmSplits(cfg, m, n, k, s_->sms, 2, !o.deterministic);
    p = {cfg, s, !o.deterministic && s > 1};
  }
  // The kernel's C: M x N in the tile's coordinates, its leading dimension
  // qOut's (the q rows the epilogue writes).
  DeviceMatrix c{qOut.data, ElemType::BF16, m, n, qOut.ld};
  return s_->launch(stream, x, w, c, o, p, 0, 0, &append);
}
