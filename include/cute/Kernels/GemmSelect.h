//===- GemmSelect.h - Which GEMM configuration for a shape ------*- C++ -*-===//
//
// The selection heuristic of the sm_90a GEMM (issue 23, item 3): shape,
// element type and SM count -> the configuration to launch. MLIR-free and
// header-only, so drivers, the kernel library and tests share it. The
// sm_100a configurations' choice, selectSm100GemmConfig, is at the end
// (a model with assumed costs: no Blackwell GPU has timed them).
//
// Model: the persistent kernel runs its positions (tiles x K splits) in
// waves of one per SM; a position costs its K tiles plus 4 (pipeline fill,
// epilogue), plus 16 more when K is split (the partial's store and the last
// split's sums); a 128 x 128 position costs 0.65 of a 128 x 256 one. The
// constants are fitted to the split sweep measured on the H200
// (bench/results/2026-12-02-h200-issue23/splitk-sweep.md: both
// configurations at 1..16 splits over 21 few-tile shapes, bf16 and e4m3):
// the plan is 0.7% slower than the fastest measured choice in geomean and
// at most 22% (2048 x 2048 x 1024 bf16, 32 us vs 26 us); the previous
// constants (0.55, no split term) chose 6% slower in geomean and up to
// 1.65x (test/unittests/Support/GemmSelectTest.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_KERNELS_GEMMSELECT_H
#define CUTE_KERNELS_GEMMSELECT_H

#include <algorithm>
#include <cstdint>
#include <initializer_list>

namespace cute::kernels {

enum class GemmConfig : uint8_t {
  Tile128x256, ///< gemm_<T>: 128 x 256 tiles, two consumer warpgroups
  Tile128x128, ///< gemm_<T>_n128: 128 x 128 tiles
  /// gemm_<T>_swap: C^T = B A^T in 128 x 64 tiles of C^T (128 columns by
  /// 64 rows of C), for small M (swap-AB).
  Swap128x64,
  /// gemm_<T>_c2: a cluster of 2 CTAs along M, each a 128 x 256 tile of a
  /// 256 x 256 cluster tile; each CTA loads half of B's tile and multicasts
  /// it to both (B's L2 -> SM traffic halved). Measured slower than the
  /// tiles alone (kClusterCostPercent): planned only when asked.
  Cluster2x128x256,
  Cluster2x128x128, ///< gemm_<T>_n128_c2: the same with 128 x 128 tiles
  /// gemm_<T>_n192: 128 x 192 tiles (a 16-bit C only), for shapes whose
  /// 128 x 256 tiles fill the last wave badly.
  Tile128x192,
  // sm_100a (examples/gemm-sm100: tcgen05, the accumulator in Tensor
  // Memory; bf16 inputs, one tile per CTA or CTA pair, no K splits):
  Sm100Cta1x128x256, ///< gemm_1cta_bf16*: one CTA per 128 x 256 tile
  Sm100Cta1x128x128, ///< gemm_1cta_bf16_n128*: one CTA per 128 x 128 tile
  /// gemm_2cta_bf16*: a CTA pair (cta_group::2) per 256 x 256 tile
  Sm100Cta2x256x256,
  Sm100Cta2x256x128, ///< gemm_2cta_bf16_n128*: a CTA pair per 256 x 128
};

/// Whether `c` is one of the sm_100a configurations.
inline bool isSm100GemmConfig(GemmConfig c) {
  return c >= GemmConfig::Sm100Cta1x128x256;
}

inline const char *gemmConfigName(GemmConfig c) {
  switch (c) {
  case GemmConfig::Tile128x256:
    return "128x256";
  case GemmConfig::Tile128x128:
    return "128x128";
  case GemmConfig::Swap128x64:
    return "swap128x64";
  case GemmConfig::Cluster2x128x256:
    return "2x1-128x256";
  case GemmConfig::Cluster2x128x128:
    return "2x1-128x128";
  case GemmConfig::Tile128x192:
    return "128x192";
  case GemmConfig::Sm100Cta1x128x256:
    return "sm100-1cta-128x256";
  case GemmConfig::Sm100Cta1x128x128:
    return "sm100-1cta-128x128";
  case GemmConfig::Sm100Cta2x256x256:
    return "sm100-2cta-256x256";
  case GemmConfig::Sm100Cta2x256x128:
    return "sm100-2cta-256x128";
  }
  return "?";
}

/// The N extent of a configuration's kernel tile (its M extent is 128,
/// 256 for a CTA pair or cluster).
inline int64_t gemmTileN(GemmConfig c) {
  switch (c) {
  case GemmConfig::Tile128x256:
  case GemmConfig::Cluster2x128x256:
  case GemmConfig::Sm100Cta1x128x256:
  case GemmConfig::Sm100Cta2x256x256:
    return 256;
  case GemmConfig::Tile128x128:
  case GemmConfig::Cluster2x128x128:
  case GemmConfig::Sm100Cta1x128x128:
  case GemmConfig::Sm100Cta2x256x128:
    return 128;
  case GemmConfig::Tile128x192:
    return 192;
  case GemmConfig::Swap128x64:
    return 64;
  }
  return 256;
}

/// The CTAs that compute one tile: 2 for the sm_100a CTA pairs and the
/// sm_90a clusters (a 256-row tile, 128 rows per CTA), else 1.
inline int64_t gemmTileCtas(GemmConfig c) {
  return c == GemmConfig::Sm100Cta2x256x256 ||
                 c == GemmConfig::Sm100Cta2x256x128 ||
                 c == GemmConfig::Cluster2x128x256 ||
                 c == GemmConfig::Cluster2x128x128
             ? 2
             : 1;
}

/// Whether `c` is one of the sm_90a cluster configurations.
inline bool isClusterGemmConfig(GemmConfig c) {
  return c == GemmConfig::Cluster2x128x256 || c == GemmConfig::Cluster2x128x128;
}

/// Whether `c` has instances for a 16-bit C only (bf16 C for bf16 and
/// e4m3 inputs, f16 C for f16): the clusters and the 128 x 192 tiles.
inline bool isSixteenBitCGemmConfig(GemmConfig c) {
  return isClusterGemmConfig(c) || c == GemmConfig::Tile128x192;
}

/// What runs instead of `c` where `c` has no instance for C's type: a
/// cluster configuration's tile without the cluster, 128 x 256 tiles for
/// 128 x 192 ones; `c` itself for the others.
inline GemmConfig gemmFallbackConfig(GemmConfig c) {
  return c == GemmConfig::Cluster2x128x256   ? GemmConfig::Tile128x256
         : c == GemmConfig::Cluster2x128x128 ? GemmConfig::Tile128x128
         : c == GemmConfig::Tile128x192      ? GemmConfig::Tile128x256
                                             : c;
}

/// Output tiles of an M x N problem under `c` (the swapped configuration
/// tiles C^T: 128 of N by 64 of M; a CTA pair's or cluster's tiles have 256
/// rows).
inline int64_t gemmTiles(GemmConfig c, int64_t m, int64_t n) {
  int64_t tn = gemmTileN(c);
  if (c == GemmConfig::Swap128x64)
    return ((n + 127) / 128) * ((m + tn - 1) / tn);
  int64_t tm = 128 * gemmTileCtas(c);
  return ((m + tm - 1) / tm) * ((n + tn - 1) / tn);
}

/// The configuration for C (M x N) = A (M x K) B^T on `sms` SMs. The element
/// type does not change the choice today (bf16, f16 and e4m3 measured alike);
/// it is an argument so the library's callers need not change when it does.
inline GemmConfig selectGemmConfig(int64_t m, int64_t n, int64_t k,
                                   int64_t sms) {
  (void)k;
  if (m <= 0 || n <= 0 || sms <= 0)
    return GemmConfig::Tile128x256;
  auto waves = [&](GemmConfig c) {
    return (gemmTiles(c, m, n) + sms - 1) / sms;
  };
  // Compare 100 x waves(256) with 65 x waves(128), in integers.
  int64_t big = 100 * waves(GemmConfig::Tile128x256);
  int64_t small = 65 * waves(GemmConfig::Tile128x128);
  return small < big ? GemmConfig::Tile128x128 : GemmConfig::Tile128x256;
}

/// K tiles of a K extent for elements of `elemBytes` bytes (every
/// instance's K tile is 128 bytes: 64 bf16/f16, 128 e4m3).
inline int64_t gemmKTiles(int64_t k, int64_t elemBytes) {
  int64_t bk = 128 / (elemBytes > 0 ? elemBytes : 1);
  return (k + bk - 1) / bk;
}

/// Split-K cost model, in hundredths of a 128 x 256 K tile: a position with
/// ceil(KT / s) K tiles costs that many plus kFixedKTiles (pipeline fill,
/// epilogue), plus kSplitKTiles more when split (the partial's store, the
/// counter, the last split's sums); positions run in waves of `sms`.
inline constexpr int64_t kFixedKTiles = 4;
inline constexpr int64_t kSplitKTiles = 16;
/// Ordered splits: 64 since the two-level sums (128 x 128 x 65536 on an H100,
/// 2026-12-07: 33.8 us at 64 splits against 37.3 at 32).
inline constexpr int64_t kMaxSplits = 64;
/// The i32 counters of the split-K fix-up per scheduled tile: the tile's
/// own and 16 for the groups of splits of the ordered two-level sums
/// (examples/gemm-sm90/gemm-splitk.mlir), after all tiles' own.
inline constexpr int64_t kSplitCountersPerTile = 17;
/// A 128 x 64 swap-AB K tile: a quarter of the MMA work and half of the
/// bytes of a 128 x 256 one. Checked against the H100 sweep of 2026-12-06
/// (GemmSelectTest.SwapPlansAgainstH100Sweep: at M <= 64 the plans are
/// 1.8% slower than the fastest measured choice in geomean, at most 24%).
inline constexpr int64_t kSwapTileCost = 45;
/// A CTA of a 2 x 1 cluster against the same tile alone, in percent: it
/// loads half of B's tile (the other half arrives by multicast), so 32 KB
/// instead of 48 KB per K tile at N = 256, 24 instead of 32 at N = 128.
/// ASSUMED (the sm_100a CTA pair's 85 is assumed alike). The first GPU
/// timing (H100, 2026-12-07, bench/results/2026-12-07-h100-issue23/
/// fixup-86f79e6) measured the clusters 2.1-2.4x slower than the same
/// tiles alone at 128 x 256 and 3.6-4.1x at 128 x 128 (8192^3: 3413 us
/// against 1455), so planGemm no longer considers them unless asked
/// (`allowCluster`); why they are slow is not known yet.
inline constexpr int64_t kClusterCostPercent = 90;
/// The smallest M for which the cluster configurations compete: both CTAs
/// of the first cluster row then have 128 rows of work.
inline constexpr int64_t kClusterMinM = 256;
/// A 128 x 192 K tile against a 128 x 256 one, in percent (3/4 of the MMA
/// work and 5/6 of the bytes): 90, fitted to the H100 run of 2026-12-07
/// (GemmSelect.Tile192PlansAgainstH100Run): the lowest value at which no
/// shape of the suite plans slower than without the 128 x 192 tiles; it
/// picks them at 256 x 24576 x 4096 (bf16 101 us against 113 with 128 x
/// 128 tiles, e4m3 65 against 71). 80 would pick them at nine more
/// shapes, seven of them slower.
inline constexpr int64_t kTile192CostPercent = 90;

/// What a K tile of a configuration's tile costs, in hundredths of a
/// 128 x 256 one.
inline int64_t gemmTileCost(GemmConfig c) {
  switch (c) {
  case GemmConfig::Tile128x256:
    return 100;
  case GemmConfig::Tile128x128:
    return 65;
  case GemmConfig::Swap128x64:
    return kSwapTileCost;
  case GemmConfig::Cluster2x128x256:
    return 100 * kClusterCostPercent / 100;
  case GemmConfig::Cluster2x128x128:
    return (65 * kClusterCostPercent + 50) / 100;
  case GemmConfig::Tile128x192:
    return kTile192CostPercent;
  case GemmConfig::Sm100Cta1x128x256:
  case GemmConfig::Sm100Cta1x128x128:
  case GemmConfig::Sm100Cta2x256x256:
  case GemmConfig::Sm100Cta2x256x128:
    break; // sm100GemmTileCost
  }
  return 100;
}

/// Atomic split-K reductions (the kernels' `reduce` = 1): every split adds
/// its partial to one slot per tile with red.add, the last reads it. The
/// fix-up no longer grows with the split count, so more splits pay off;
/// the f32 sums' order, and so their last bits, vary from run to run.
/// 12 was fitted to the H100 sweep of 2026-12-06 (bench/results/
/// 2026-12-06-h100-issue23/fixup-cee31c8): over its 40 bf16 shapes the
/// plan with atomic reductions allowed is 1.03x faster than the
/// deterministic plan in geomean and never more than 3% slower (8 picked
/// 2 atomic splits at 256 x 24576 x 4096: 141 us against 116 for 1).
inline constexpr int64_t kAtomicSplitKTiles = 12;
inline constexpr int64_t kMaxAtomicSplits = 128;

inline int64_t gemmModelCost(GemmConfig c, int64_t m, int64_t n, int64_t k,
                             int64_t sms, int64_t elemBytes, int64_t splits,
                             bool atomic = false) {
  int64_t kt = gemmKTiles(k, elemBytes);
  // A cluster's tile runs on a pair of SMs: waves of sms / 2 of them.
  const int64_t ctas = gemmTileCtas(c);
  const int64_t slots = std::max<int64_t>(ctas, sms - sms % ctas);
  int64_t units = gemmTiles(c, m, n) * splits * ctas;
  int64_t waves = (units + slots - 1) / slots;
  int64_t split = atomic ? kAtomicSplitKTiles : kSplitKTiles;
  int64_t perUnit =
      (kt + splits - 1) / splits + kFixedKTiles + (splits > 1 ? split : 0);
  return waves * perUnit * gemmTileCost(c);
}

/// The K splits for configuration `c`: the count in [1, min(KT, 32)] (with
/// `atomic` reductions [1, min(KT, 128)]) with the lowest modelled cost,
/// ties to fewer splits.
inline int64_t selectGemmSplits(GemmConfig c, int64_t m, int64_t n, int64_t k,
                                int64_t sms, int64_t elemBytes = 2,
                                bool atomic = false) {
  if (m <= 0 || n <= 0 || k <= 0 || sms <= 0)
    return 1;
  int64_t kt = gemmKTiles(k, elemBytes);
  int64_t best = 1;
  int64_t bestCost = gemmModelCost(c, m, n, k, sms, elemBytes, 1);
  const int64_t most = atomic ? kMaxAtomicSplits : kMaxSplits;
  for (int64_t s = 2; s <= kt && s <= most; ++s) {
    int64_t cost = gemmModelCost(c, m, n, k, sms, elemBytes, s, atomic);
    if (cost < bestCost) {
      best = s;
      bestCost = cost;
    }
  }
  return best;
}

/// A configuration, its K splits and how the splits are summed.
struct GemmPlan {
  GemmConfig config;
  int64_t splits;
  /// Split partials summed with atomic reductions (not deterministic).
  bool atomic = false;
};

/// The largest M for which the swap-AB configuration is considered (its
/// 64-wide wgmma N holds all of M in one tile column).
inline constexpr int64_t kSwapMaxM = 64;

/// The configuration and splits with the lowest modelled cost; without
/// splits (both at 1) this is selectGemmConfig's choice. Swap-AB competes
/// for M <= kSwapMaxM when `allowSwap`; the 2 x 1 clusters for M >=
/// kClusterMinM when `allowCluster` (split-K, never stream-K; off by
/// default: measured slower, see kClusterCostPercent); the 128 x 192 tiles
/// when `allowN192`.
/// Without `deterministic`, plans with atomic split-K reductions compete
/// (a plan with one split is deterministic either way).
inline GemmPlan planGemm(int64_t m, int64_t n, int64_t k, int64_t sms,
                         int64_t elemBytes = 2, bool allowSwap = true,
                         bool deterministic = true, bool allowCluster = false,
                         bool allowN192 = true) {
  GemmPlan best{selectGemmConfig(m, n, k, sms), 1};
  if (m <= 0 || n <= 0 || k <= 0 || sms <= 0)
    return best;
  best.splits = selectGemmSplits(best.config, m, n, k, sms, elemBytes);
  int64_t bestCost =
      gemmModelCost(best.config, m, n, k, sms, elemBytes, best.splits);
  for (GemmConfig c : {GemmConfig::Tile128x256, GemmConfig::Tile128x128,
                       GemmConfig::Swap128x64, GemmConfig::Cluster2x128x256,
                       GemmConfig::Cluster2x128x128, GemmConfig::Tile128x192}) {
    if (c == GemmConfig::Swap128x64 && (!allowSwap || m > kSwapMaxM))
      continue;
    if (c == GemmConfig::Tile128x192 && !allowN192)
      continue;
    if (isClusterGemmConfig(c) && (!allowCluster || m < kClusterMinM))
      continue;
    for (bool atomic : {false, true}) {
      if (atomic && deterministic)
        continue;
      int64_t s = selectGemmSplits(c, m, n, k, sms, elemBytes, atomic);
      int64_t cost = gemmModelCost(c, m, n, k, sms, elemBytes, s, atomic);
      if (cost < bestCost) {
        best = {c, s, atomic && s > 1};
        bestCost = cost;
      }
    }
  }
  return best;
}

/// The sm_100a model (selectSm100GemmConfig). No Blackwell GPU has run
/// these kernels, so nothing here is fitted: a CTA's K tile costs its share
/// of the MMA work times the sm_90a ratio of a 128 x 128 tile to a
/// 128 x 256 one (0.65, measured on the H200), and a CTA of a pair costs
/// 0.85 of a lone CTA with the same MMA work (it loads half of the tile's
/// B: 32 KB per K tile instead of 48 KB at N = 256), in hundredths of a
/// lone 128 x 256 CTA's K tile.
inline int64_t sm100GemmTileCost(GemmConfig c) {
  switch (c) {
  case GemmConfig::Sm100Cta1x128x256:
    return 100;
  case GemmConfig::Sm100Cta1x128x128:
    return 65;
  case GemmConfig::Sm100Cta2x256x256:
    return 85;
  case GemmConfig::Sm100Cta2x256x128:
    return 55;
  default:
    return 100;
  }
}

/// The modelled cost of an M x N problem under sm_100a configuration `c`
/// on `sms` SMs: every CTA of every tile runs at once where the SMs allow
/// (a pair needs two), so the CTAs run in waves of `sms` (rounded down to
/// whole pairs), each as long as one CTA's K loop plus kFixedKTiles.
inline int64_t sm100GemmModelCost(GemmConfig c, int64_t m, int64_t n, int64_t k,
                                  int64_t sms) {
  const int64_t ctas = gemmTileCtas(c);
  const int64_t slots = std::max<int64_t>(ctas, sms - sms % ctas);
  const int64_t waves = (gemmTiles(c, m, n) * ctas + slots - 1) / slots;
  return waves * (gemmKTiles(k, 2) + kFixedKTiles) * sm100GemmTileCost(c);
}

/// The sm_100a configuration for C (M x N) = A (M x K) B^T, bf16, on `sms`
/// SMs: the lowest modelled cost, ties to the earlier of 2-CTA 256 x 256,
/// 1-CTA 128 x 256, 2-CTA 256 x 128, 1-CTA 128 x 128. `n128`: only the
/// tiles 128 columns wide (128 x 128 block scales: a tile's columns are
/// one block of B).
inline GemmConfig selectSm100GemmConfig(int64_t m, int64_t n, int64_t k,
                                        int64_t sms, bool n128 = false) {
  GemmConfig best =
      n128 ? GemmConfig::Sm100Cta2x256x128 : GemmConfig::Sm100Cta2x256x256;
  if (m <= 0 || n <= 0 || k <= 0 || sms <= 0)
    return best;
  int64_t bestCost = sm100GemmModelCost(best, m, n, k, sms);
  for (GemmConfig c :
       {GemmConfig::Sm100Cta1x128x256, GemmConfig::Sm100Cta2x256x128,
        GemmConfig::Sm100Cta1x128x128}) {
    if (n128 && gemmTileN(c) != 128)
      continue;
    int64_t cost = sm100GemmModelCost(c, m, n, k, sms);
    if (cost < bestCost) {
      best = c;
      bestCost = cost;
    }
  }
  return best;
}

/// Split-K on sm_100a (unfitted, like the rest of this model): with fewer
/// CTAs than SMs, each tile's K loop is cut into the most splits whose
/// CTAs still fit one wave, at most kSm100MaxSplits and keeping at least
/// kSm100MinSplitKTiles K tiles (of 128 bytes) per split; one otherwise.
inline constexpr int64_t kSm100MaxSplits = 16;
inline constexpr int64_t kSm100MinSplitKTiles = 4;
inline int64_t sm100GemmSplits(GemmConfig c, int64_t m, int64_t n, int64_t k,
                               int64_t sms, int64_t elemBytes) {
  const int64_t ctas = gemmTiles(c, m, n) * gemmTileCtas(c);
  const int64_t byWave = sms / std::max<int64_t>(1, ctas);
  const int64_t byK = gemmKTiles(k, elemBytes) / kSm100MinSplitKTiles;
  return std::max<int64_t>(1, std::min({byWave, byK, kSm100MaxSplits}));
}

/// The sm_100a plan: selectSm100GemmConfig's configuration with
/// sm100GemmSplits' splits (`blockScaled`: among the 128-column tiles).
inline GemmPlan planSm100Gemm(int64_t m, int64_t n, int64_t k, int64_t sms,
                              int64_t elemBytes, bool blockScaled = false) {
  GemmConfig c = selectSm100GemmConfig(m, n, k, sms, blockScaled);
  return {c, sm100GemmSplits(c, m, n, k, sms, elemBytes)};
}

} // namespace cute::kernels

#endif // CUTE_KERNELS_GEMMSELECT_H
