//===- Gemm.h - The GEMM of the kernel library ------------------*- C++ -*-===//
//
// cute::kernels::gemm(stream, A, B, C, options): C = act(alpha s_m s_n A B^T
// + beta R + bias) for row-major A (M x K), B (N x K) and C (M x N) in device
// memory, any M, N and K with K % 8 == 0 (K % 16 for e4m3). The call picks a
// configuration of examples/gemm-sm90/kernel.mlir (compiled ahead of time
// into this library with cute_add_kernel_library) with planGemm
// (GemmSelect.h) and launches it: 128 x 256 or 128 x 128 tiles, swap-AB
// for small M, split-K or stream-K with a workspace the library keeps per
// stream.
//
// Types (A and B -> C): bf16 -> bf16 or f32, f16 -> f16, e4m3 -> bf16 or
// e4m3 (C = saturate_e4m3(epilogue x *outScale), round to nearest even).
// Bias and R are bf16 (f16 for f16 inputs) whatever C's type, so R is C
// itself only for a 16-bit C. An f32 C is stored element by element (a
// 64 x 64 f32 box exceeds TMA's 128-byte swizzle span); an e4m3 C by TMA
// when its leading dimension is a multiple of 16 and it is 16-byte aligned,
// else by swap-AB's element stores. Plain GEMM only: SwiGLU and the grouped
// GEMM write bf16 C. Every violated requirement is an InvalidArgument
// error naming the operand and the numbers, returned before any launch.
//
// On a compute capability 10.0 device (or CUTE_DEVICE=emu:sm_100a) the
// call runs examples/gemm-sm100/kernel.mlir's configurations instead
// (planSm100Gemm: tcgen05, one CTA per 128 x 256 / 128 x 128 tile or a
// CTA pair per 256 x 256 / 256 x 128 tile): bf16 A and B with a bf16 or f32
// C, e4m3 A and B with a bf16 C, C at a 16-byte aligned address, the same
// epilogues (SwiGLU included), split-K summed in split order, no stream-K,
// atomic reductions, block scales or autotuning; the grouped GEMM on the
// 1-CTA 128 x 128 tiles; the rest is an InvalidArgument error. No
// Blackwell GPU has run them (the emulator has).
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_KERNELS_GEMM_H
#define CUTE_KERNELS_GEMM_H

#include "cute/Kernels/GemmSelect.h"
#include "cute/Runtime/Context.h"
#include "cute/Support/ElemType.h"

#include <memory>
#include <optional>

namespace cute::kernels {

using ElemType = metadata::ElemType;

/// A row-major matrix in device memory: element (i, j) at
/// data + (i ld + j) elements.
struct DeviceMatrix {
  CUdeviceptr data = 0;
  ElemType type = ElemType::BF16;
  int64_t rows = 0, cols = 0, ld = 0;
};

enum class Activation : int32_t {
  None = 0,
  ReLU = 1,
  ReLU2 = 2,    ///< max(x, 0)^2
  GELUTanh = 3, ///< 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3)))
  SiLU = 4,     ///< x / (1 + exp(-x))
  /// C (M x N/2) = silu(gate) x up + beta R: B's rows are 64-row blocks of
  /// gate and up weights in turn (gate block i at rows 128 i, its up block
  /// at 128 i + 64), so C's column 64 i + t is silu(G) x U of GEMM columns
  /// 128 i + t and 128 i + 64 + t (each alpha s_m s_n A B^T + bias, the
  /// column bias and scales over the GEMM's N). N % 128 == 0; bf16 or
  /// e4m3 inputs; 128 x 256 or 128 x 128 tiles (the plain GEMM's choice
  /// between them, no swap-AB) with the heuristic's splits; the grouped
  /// GEMM: 128 x 128.
  SwiGLU = 5,
};

enum class Bias : int32_t {
  None = 0,
  PerColumn = 1, ///< N values: bias[n] added to column n
  PerRow = 2,    ///< M values: bias[m] added to row m
};

struct GemmOptions {
  float alpha = 1.f;
  /// f32 scales multiplied into alpha A B^T: rowScale[m] (M values, e.g.
  /// FP8 A quantized per token) and colScale[n] (N values, per channel of
  /// B); 0 for none.
  CUdeviceptr rowScale = 0, colScale = 0;
  /// FP8 128 x 128 block scales (DeepSeek-V3's recipe), instead of the row
  /// and column scales: blockScaleA holds M x ceil(K / 128) f32 (row m's
  /// scale for K elements [128 kb, 128 kb + 128), row-major), blockScaleB
  /// ceil(N / 128) x ceil(K / 128) f32 (one per 128 x 128 block of B), and
  /// C = alpha sum over kb of sa[m, kb] sb[n / 128, kb] (A B^T over block
  /// kb), in f32, then the epilogue. e4m3 A and B, a bf16 C; swap-AB at
  /// M <= 64, else 128 x 128 tiles (split-K and stream-K allowed), no
  /// SwiGLU, no autotuning.
  CUdeviceptr blockScaleA = 0, blockScaleB = 0;
  /// With beta != 0, beta R is added: R is M x N, bf16 (f16 for f16
  /// inputs), with leading dimension `ldr`; R may be C itself (residual ==
  /// C.data, ldr == C.ld) when C has that type.
  float beta = 0.f;
  CUdeviceptr residual = 0;
  int64_t ldr = 0;
  /// The bias vector (bf16; f16 for f16 inputs) and what it is added along.
  CUdeviceptr bias = 0;
  Bias biasMode = Bias::None;
  Activation activation = Activation::None;
  /// e4m3 C only: one f32 in device memory that multiplies the epilogue's
  /// result before it is rounded (RNE) and saturated to +-448: the scale
  /// that quantizes C for the next FP8 layer (1 / its per-tensor scale).
  /// In device memory, like cuBLASLt's D scale pointer, so a scale computed
  /// on the device (amax history, delayed scaling) needs no host round trip
  /// and the call can be captured in a CUDA graph. 0: a scale of 1.
  CUdeviceptr outScale = 0;
  /// A configuration and split count instead of planGemm's choice
  /// (splits 0: stream-K over the SMs).
  std::optional<GemmPlan> plan;
  /// Bit-identical results from run to run (the default, like cuBLAS's):
  /// split-K partials are summed in split order by the tile's last split.
  /// false lets the planner sum them with atomic reductions instead (one
  /// workspace slot per tile, a fix-up that does not grow with the split
  /// count, up to 128 splits): faster for few tiles with a long K, with
  /// f32 sums whose last bits depend on the order the splits finish.
  bool deterministic = true;
  /// Time the candidate plans (every configuration valid for these
  /// operands, with its heuristic split count, one split and stream-K)
  /// once per shape class, on this call's A and B and a scratch C, and keep
  /// the fastest for the class in memory and in a file of the Gemm's tuning
  /// directory, which later processes read. A shape class is the A/B type,
  /// N, K and M rounded up to a power of two. Ignored when `plan` is set.
  bool autotune = false;
};

/// The most kv heads Gemm::runQkv takes (the size of its scales of 1 for
/// a bf16 cache).
inline constexpr int64_t kQkvMaxKvHeads = 256;

/// The KV-cache append fused into a Qwen3 attention layer's QKV projection
/// (Gemm::runQkv): head dim 128; x W^T's columns are the qHeads q heads,
/// then kvHeads k heads, then kvHeads v heads of 128 columns each.
struct QkvAppend {
  int64_t qHeads = 0, kvHeads = 0;
  /// QK-norm weights (Qwen3's per-head RMSNorm), bf16 [128] each.
  CUdeviceptr qNormWeight = 0, kNormWeight = 0;
  float eps = 1e-6f;
  /// RoPE table, f32 [positions, 128]: the cos of NeoX pair p (dims p,
  /// p + 64) at p, its sin at 64 + p (vLLM's cos_sin_cache); and each
  /// token's position, int32 [M].
  CUdeviceptr cosSin = 0, positions = 0;
  /// Each token's cache slot, int32 [M]; a negative slot stores no k or v.
  CUdeviceptr slotMapping = 0;
  /// The paged caches [slots, kvHeads, 128] (slot rows ldkv elements
  /// apart): bf16, or e4m3 storing value / scale (round to nearest even,
  /// saturated) with f32 scales [kvHeads] (kScale, vScale; 0 for a bf16
  /// cache: scales of 1). A slot mapping entry >= slots stores nothing (the
  /// mapping is device memory the call does not read; a kernel built with
  /// debug-checks traps on it).
  CUdeviceptr kCache = 0, vCache = 0;
  ElemType cacheType = ElemType::BF16;
  int64_t ldkv = 0, slots = 0;
  CUdeviceptr kScale = 0, vScale = 0;
};

/// What autotuning did in one Gemm (for tests and logs).
struct GemmTuneStats {
  int timed = 0;      ///< shape classes timed by this Gemm
  int fromFile = 0;   ///< classes read from the tuning file at creation
  int candidates = 0; ///< plans timed in all
};

/// The GEMM kernels of one context: the loaded module and, per stream, the
/// split-K workspace. Thread-safe.
class Gemm {
public:
  /// `tuneDir`: where autotuned plans are kept ("" : $CUTE_CACHE_DIR, else
  /// ~/.cache/cute-mlir), one file per device name and SM count.
  static Expected<Gemm> create(const rt::Context &ctx,
                               const std::string &tuneDir = "");

  /// Checks the operands, plans (or takes options.plan) and launches on
  /// `stream`; asynchronous like any launch.
  Status run(const rt::Stream &stream, const DeviceMatrix &a,
             const DeviceMatrix &b, const DeviceMatrix &c,
             const GemmOptions &options = {}) const;

  /// Grouped GEMM (mixture of experts): A (M x K) holds the groups' rows
  /// one after the other, B (groups N x K) the groups' N x K weight blocks,
  /// C (M x N) the results: rows [offsets[g-1], offsets[g]) of C are those
  /// rows of A times block g of B transposed (offsets[-1] = 0). `offsets`
  /// is device memory (groups int32 end rows, non-decreasing, the last at
  /// most M), read by the kernel: no host synchronisation. The epilogue is
  /// run()'s with a column bias and column scales of groups N values (one
  /// row of N per group) and a row bias, row scales and residual of M.
  /// bf16 and e4m3 (C bf16); C's leading dimension a multiple of 8 and
  /// 16-byte aligned; no plan, splits or autotuning (128 x 128 tiles over
  /// the groups' tile rows, one split).
  Status runGrouped(const rt::Stream &stream, const DeviceMatrix &a,
                    const DeviceMatrix &b, const DeviceMatrix &c,
                    CUdeviceptr offsets, int64_t groups,
                    const GemmOptions &options = {}) const;

  /// The QKV projection of an attention layer with the KV-cache append as
  /// its epilogue (sm_90a): qkv = x W^T for x (M tokens x K, bf16) and W
  /// ((qHeads + 2 kvHeads) 128 x K, bf16), each 128-column head rounded to
  /// bf16 as a plain GEMM stores it, then per token and head what
  /// examples/decode-attention/append.mlir does: QK-norm and RoPE for q
  /// and k heads, q into qOut (M x qHeads 128, bf16, the layout the decode
  /// kernel reads), k and v into the paged caches at the token's slot.
  /// Bit for bit the unfused chain (GEMM, then the append kernel). Swap-AB
  /// tiles at M <= 64, else 128 x 128, the heuristic's splits (or
  /// options.plan's: those two configurations); options' epilogue fields
  /// other than plan and deterministic must be defaults.
  Status runQkv(const rt::Stream &stream, const DeviceMatrix &x,
                const DeviceMatrix &w, const DeviceMatrix &qOut,
                const QkvAppend &append, const GemmOptions &options = {}) const;

  /// What run() would launch for this problem on this context's device
  /// without autotuning.
  GemmPlan plan(int64_t m, int64_t n, int64_t k, ElemType ab,
                bool deterministic = true) const;
  /// The autotuned plan of the problem's shape class, if one is known.
  std::optional<GemmPlan> tunedPlan(int64_t m, int64_t n, int64_t k,
                                    ElemType ab) const;
  GemmTuneStats tuneStats() const;
  /// The file autotuned plans are read from and appended to.
  const std::string &tuneFile() const;

  struct State;

private:
  std::shared_ptr<State> s_;
};

/// Gemm::run with the Gemm of the stream's context (created on first use
/// and kept for the process).
Status gemm(const rt::Stream &stream, const DeviceMatrix &a,
            const DeviceMatrix &b, const DeviceMatrix &c,
            const GemmOptions &options = {});

/// Gemm::runGrouped with the Gemm of the stream's context (created on first
/// use and kept for the process).
Status groupedGemm(const rt::Stream &stream, const DeviceMatrix &a,
                   const DeviceMatrix &b, const DeviceMatrix &c,
                   CUdeviceptr offsets, int64_t groups,
                   const GemmOptions &options = {});

} // namespace cute::kernels

#endif // CUTE_KERNELS_GEMM_H
