//===- GemmSelectTest.cpp - The sm_90a GEMM configuration heuristic -----===//
//
// Expected values: times measured on the H200 (2026-12-02, bench/results/
// 2026-12-02-h200-issue23/configs-*.txt: gemm-sm90's 128 x 256 and 128 x 128
// instances, median of 30 launches each, 132 SMs), never the heuristic's own
// model.
//
//===----------------------------------------------------------------------===//
#include "cute/Kernels/GemmSelect.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <map>
#include <string>
#include <tuple>
#include <vector>

using namespace cute::kernels;

namespace {

struct Measured {
  const char *kernel;
  int64_t m, n, k;
  double ms256, ms128;
};
const Measured kH200[] = {
    {"gemm_bf16", 16, 4096, 4096, 0.0540, 0.0350},
    {"gemm_bf16", 16, 4096, 12288, 0.1340, 0.0870},
    {"gemm_bf16", 16, 6144, 4096, 0.0550, 0.0440},
    {"gemm_bf16", 16, 24576, 4096, 0.0860, 0.1090},
    {"gemm_bf16", 64, 4096, 4096, 0.0540, 0.0410},
    {"gemm_bf16", 64, 4096, 12288, 0.1380, 0.0850},
    {"gemm_bf16", 64, 6144, 4096, 0.0590, 0.0400},
    {"gemm_bf16", 64, 24576, 4096, 0.0740, 0.0960},
    {"gemm_bf16", 256, 4096, 4096, 0.0550, 0.0410},
    {"gemm_bf16", 256, 4096, 12288, 0.1380, 0.0820},
    {"gemm_bf16", 256, 4096, 14336, 0.1590, 0.1010},
    {"gemm_bf16", 256, 6144, 4096, 0.0560, 0.0460},
    {"gemm_bf16", 256, 24576, 4096, 0.1060, 0.1000},
    {"gemm_bf16", 1024, 1024, 1024, 0.0260, 0.0200},
    {"gemm_bf16", 2048, 2048, 1024, 0.0340, 0.0290},
    {"gemm_bf16", 2048, 2048, 2048, 0.0360, 0.0410},
    {"gemm_bf16", 2048, 4096, 4096, 0.1040, 0.1180},
    {"gemm_bf16", 2048, 4096, 12288, 0.2820, 0.2970},
    {"gemm_bf16", 2048, 6144, 4096, 0.1470, 0.1620},
    {"gemm_bf16", 2048, 24576, 4096, 0.5490, 0.6200},
    {"gemm_bf16", 3000, 5000, 7008, 0.3130, 0.3660},
    {"gemm_bf16", 4095, 4097, 2064, 0.1370, 0.1290},
    {"gemm_bf16", 4096, 4096, 4096, 0.1970, 0.2180},
    {"gemm_bf16", 8192, 4096, 4096, 0.3700, 0.4110},
    {"gemm_bf16", 8192, 4096, 12288, 1.0630, 1.1700},
    {"gemm_bf16", 8192, 6144, 4096, 0.5520, 0.6120},
    {"gemm_bf16", 8192, 8192, 8192, 1.4460, 1.6350},
    {"gemm_bf16", 8192, 24576, 4096, 2.3870, 2.3600},
    {"gemm_e4m3", 16, 4096, 4096, 0.0330, 0.0330},
    {"gemm_e4m3", 16, 4096, 12288, 0.0760, 0.0540},
    {"gemm_e4m3", 16, 6144, 4096, 0.0390, 0.0350},
    {"gemm_e4m3", 16, 24576, 4096, 0.0470, 0.0630},
    {"gemm_e4m3", 64, 4096, 4096, 0.0390, 0.0410},
    {"gemm_e4m3", 64, 4096, 12288, 0.0770, 0.0520},
    {"gemm_e4m3", 64, 6144, 4096, 0.0340, 0.0300},
    {"gemm_e4m3", 64, 24576, 4096, 0.0420, 0.0530},
    {"gemm_e4m3", 256, 4096, 4096, 0.0390, 0.0310},
    {"gemm_e4m3", 256, 4096, 12288, 0.0780, 0.0550},
    {"gemm_e4m3", 256, 4096, 14336, 0.0870, 0.0600},
    {"gemm_e4m3", 256, 6144, 4096, 0.0400, 0.0260},
    {"gemm_e4m3", 256, 24576, 4096, 0.0600, 0.0600},
    {"gemm_e4m3", 1024, 1024, 1024, 0.0270, 0.0230},
    {"gemm_e4m3", 2048, 2048, 1024, 0.0220, 0.0230},
    {"gemm_e4m3", 2048, 2048, 2048, 0.0270, 0.0280},
    {"gemm_e4m3", 2048, 4096, 4096, 0.0650, 0.0640},
    {"gemm_e4m3", 2048, 4096, 12288, 0.1460, 0.1630},
    {"gemm_e4m3", 2048, 6144, 4096, 0.0880, 0.0920},
    {"gemm_e4m3", 2048, 24576, 4096, 0.2930, 0.3330},
    {"gemm_e4m3", 3000, 5000, 7008, 0.1720, 0.1960},
    {"gemm_e4m3", 4095, 4097, 2064, 0.0930, 0.1000},
    {"gemm_e4m3", 4096, 4096, 4096, 0.1100, 0.1210},
    {"gemm_e4m3", 8192, 4096, 4096, 0.2030, 0.2160},
    {"gemm_e4m3", 8192, 4096, 12288, 0.5380, 0.6220},
    {"gemm_e4m3", 8192, 6144, 4096, 0.2880, 0.3310},
    {"gemm_e4m3", 8192, 8192, 8192, 0.7250, 0.8150},
    {"gemm_e4m3", 8192, 24576, 4096, 1.1390, 1.2560},
};

TEST(GemmSelect, ChoicesAgainstH200Times) {
  double logLoss = 0;
  int n = 0;
  for (const Measured &r : kH200) {
    GemmConfig c = selectGemmConfig(r.m, r.n, r.k, 132);
    double chosen = c == GemmConfig::Tile128x256 ? r.ms256 : r.ms128;
    double best = std::min(r.ms256, r.ms128);
    EXPECT_LE(chosen, 1.2 * best) << r.kernel << " " << r.m << "x" << r.n << "x"
                                  << r.k << " picks " << gemmConfigName(c);
    logLoss += std::log(chosen / best);
    ++n;
  }
  EXPECT_EQ(n, 56);
  EXPECT_LT(std::exp(logLoss / n), 1.01);
}

TEST(GemmSelect, WavesDecide) {
  // One 128 x 256 wave against two 128 x 128 waves: the big tile.
  EXPECT_EQ(selectGemmConfig(2048, 2048, 2048, 132), GemmConfig::Tile128x256);
  // 16 of 132 SMs busy with big tiles: small tiles double the parallelism.
  EXPECT_EQ(selectGemmConfig(16, 4096, 4096, 132), GemmConfig::Tile128x128);
  // 192 big tiles = 2 waves; 384 small ones = 3 waves of half the cost.
  EXPECT_EQ(selectGemmConfig(256, 24576, 4096, 132), GemmConfig::Tile128x128);
  EXPECT_EQ(gemmTiles(GemmConfig::Tile128x128, 129, 257), 2 * 3);
  // Degenerate inputs fall back to the default configuration.
  EXPECT_EQ(selectGemmConfig(0, 16, 16, 132), GemmConfig::Tile128x256);
  EXPECT_EQ(selectGemmConfig(16, 16, 16, 0), GemmConfig::Tile128x256);
}

struct SweepRun {
  const char *kernel;
  int64_t m, n, k, splits;
  double us;
};
const SweepRun kSweep[] = {
#include "GemmSplitH200.inc"
};

// planGemm against the split sweep (both configurations, 1..16 splits, bf16
// and e4m3; measured, never modelled): the plan's time against the fastest
// measured choice of the same shape and type. A plan whose split count was
// not measured takes the nearest measured count of its configuration.
TEST(GemmSelect, SplitPlansAgainstH200Sweep) {
  struct Key {
    std::string type;
    int64_t m, n, k;
    bool operator<(const Key &o) const {
      return std::tie(type, m, n, k) < std::tie(o.type, o.m, o.n, o.k);
    }
  };
  std::map<Key, std::vector<const SweepRun *>> shapes;
  for (const SweepRun &r : kSweep) {
    std::string name = r.kernel;
    std::string type = name.find("e4m3") != std::string::npos ? "e4m3" : "bf16";
    shapes[{type, r.m, r.n, r.k}].push_back(&r);
  }
  double logLoss = 0, worst = 1;
  int n = 0;
  for (const auto &[key, runs] : shapes) {
    // The sweep measured the two tile configurations only.
    GemmPlan p = planGemm(key.m, key.n, key.k, 132, key.type == "e4m3" ? 1 : 2,
                          /*allowSwap=*/false, /*deterministic=*/true,
                          /*allowCluster=*/false, /*allowN192=*/false);
    bool n128 = p.config == GemmConfig::Tile128x128;
    double best = 1e30, chosen = 0;
    int64_t dist = 1 << 30;
    for (const SweepRun *r : runs) {
      best = std::min(best, r->us);
      bool rn128 = std::string(r->kernel).find("_n128") != std::string::npos;
      int64_t d = std::abs(r->splits - p.splits);
      if (rn128 == n128 && d < dist) {
        dist = d;
        chosen = r->us;
      }
    }
    ASSERT_GT(chosen, 0) << key.type << " " << key.m << "x" << key.n << "x"
                         << key.k;
    EXPECT_LE(chosen, 1.25 * best)
        << key.type << " " << key.m << "x" << key.n << "x" << key.k << " plans "
        << gemmConfigName(p.config) << " x " << p.splits;
    logLoss += std::log(chosen / best);
    worst = std::max(worst, chosen / best);
    ++n;
  }
  EXPECT_EQ(n, 78);
  EXPECT_LT(std::exp(logLoss / n), 1.02);
}

using ShapeKey = std::tuple<std::string, int64_t, int64_t, int64_t>;

/// A sweep's runs by type ("bf16", "e4m3") and shape.
template <size_t N>
std::map<ShapeKey, std::vector<const SweepRun *>>
runsByShape(const SweepRun (&sweep)[N]) {
  std::map<ShapeKey, std::vector<const SweepRun *>> shapes;
  for (const SweepRun &r : sweep) {
    std::string name = r.kernel;
    std::string type = name.find("e4m3") != std::string::npos ? "e4m3" : "bf16";
    shapes[{type, r.m, r.n, r.k}].push_back(&r);
  }
  return shapes;
}

/// The configuration of an instance name of the sweeps.
GemmConfig configOfKernel(const std::string &kernel) {
  return kernel.find("_swap") != std::string::npos   ? GemmConfig::Swap128x64
         : kernel.find("_n192") != std::string::npos ? GemmConfig::Tile128x192
         : kernel.find("_n128") != std::string::npos ? GemmConfig::Tile128x128
                                                     : GemmConfig::Tile128x256;
}

/// The time of `p`'s configuration at the split count nearest to p's among
/// `runs`; 0 where the configuration was not measured.
double planTime(const std::vector<const SweepRun *> &runs, const GemmPlan &p) {
  double t = 0;
  int64_t dist = 1 << 30;
  for (const SweepRun *r : runs) {
    int64_t d = std::abs(r->splits - p.splits);
    if (configOfKernel(r->kernel) == p.config && d < dist) {
      dist = d;
      t = r->us;
    }
  }
  return t;
}

const SweepRun kSwapSweep[] = {
#include "GemmSwapH100.inc"
};

// planGemm with swap-AB at M <= 64 against the H100 sweep (swap-AB at 1..8
// splits, the tile configurations at their heuristic's splits; measured):
// the plan's time (its configuration at the nearest measured split count)
// against the fastest measured choice of the shape and type.
TEST(GemmSelect, SwapPlansAgainstH100Sweep) {
  double logLoss = 0;
  int n = 0, swaps = 0;
  for (const auto &[key, runs] : runsByShape(kSwapSweep)) {
    const auto &[type, m, nn, k] = key;
    GemmPlan p = planGemm(m, nn, k, 132, type == "e4m3" ? 1 : 2);
    swaps += p.config == GemmConfig::Swap128x64;
    double best = 1e30;
    for (const SweepRun *r : runs)
      best = std::min(best, r->us);
    const double chosen = planTime(runs, p);
    ASSERT_GT(chosen, 0) << type << " " << m << "x" << nn << "x" << k;
    EXPECT_LE(chosen, 1.25 * best)
        << type << " " << m << "x" << nn << "x" << k << " plans "
        << gemmConfigName(p.config) << " x " << p.splits;
    logLoss += std::log(chosen / best);
    ++n;
  }
  EXPECT_EQ(n, 30);
  EXPECT_EQ(swaps, 30); // swap-AB is measured fastest or close at every M <= 64
  EXPECT_LT(std::exp(logLoss / n), 1.03);
  std::printf("swap plans: %.3f of the best measured in geomean over %d\n",
              std::exp(logLoss / n), n);
}

struct AtomicRun {
  const char *kernel;
  int64_t m, n, k, splits;
  bool atomic;
  double us;
};

const AtomicRun kAtomicSweep[] = {
#include "GemmAtomicH100.inc"
};

// The plan with atomic reductions allowed against the deterministic plan,
// both looked up in one H100 run (each at the nearest measured split count
// of its configuration and mode): never more than 5% slower, faster in
// geomean, and much faster where one tile has a long K.
TEST(GemmSelect, AtomicPlansAgainstH100Sweep) {
  using Shape = std::tuple<int64_t, int64_t, int64_t>;
  std::map<Shape, std::vector<const AtomicRun *>> shapes;
  for (const AtomicRun &r : kAtomicSweep)
    shapes[{r.m, r.n, r.k}].push_back(&r);
  auto configOf = [](const std::string &kernel) {
    return kernel.find("_swap") != std::string::npos ? GemmConfig::Swap128x64
           : kernel.find("_n128") != std::string::npos
               ? GemmConfig::Tile128x128
               : GemmConfig::Tile128x256;
  };
  auto timeOf = [&](const std::vector<const AtomicRun *> &runs,
                    const GemmPlan &p) {
    double t = 0;
    int64_t dist = 1 << 30;
    for (const AtomicRun *r : runs) {
      bool atomic = r->atomic && r->splits > 1;
      int64_t d = std::abs(r->splits - p.splits);
      if (configOf(r->kernel) == p.config && atomic == p.atomic && d < dist) {
        dist = d;
        t = r->us;
      }
    }
    return t;
  };
  double logGain = 0;
  int n = 0, atomics = 0;
  for (const auto &[shape, runs] : shapes) {
    const auto &[m, nn, k] = shape;
    // The sweep timed no cluster configuration.
    GemmPlan det = planGemm(m, nn, k, 132, 2, true, true, false);
    GemmPlan nd = planGemm(m, nn, k, 132, 2, true, false, false);
    EXPECT_FALSE(det.atomic);
    atomics += nd.atomic;
    double td = timeOf(runs, det), tn = timeOf(runs, nd);
    if (!td || !tn)
      continue; // a plan this run did not measure
    EXPECT_LE(tn, 1.05 * td)
        << m << "x" << nn << "x" << k << " plans " << gemmConfigName(nd.config)
        << " x " << nd.splits << (nd.atomic ? " atomic" : "");
    logGain += std::log(td / tn);
    ++n;
  }
  EXPECT_GE(n, 38);
  EXPECT_GE(atomics, 10);
  EXPECT_GT(std::exp(logGain / n), 1.02);
  // One 128 x 128 tile with K = 65536: 26.3 us with 128 atomic splits
  // against 42.8 us with 32 ordered ones.
  GemmPlan one = planGemm(128, 128, 65536, 132, 2, true, false);
  EXPECT_TRUE(one.atomic);
  EXPECT_GT(one.splits, kMaxSplits);
  std::printf("atomic plans: %.3fx the deterministic plans in geomean over "
              "%d shapes\n",
              std::exp(logGain / n), n);
}

// The 2 x 1 clusters' model, worked by hand on 132 SMs, bf16, K = 4096: 64
// K tiles, a position costs (64 + 4) x the tile cost: 100 (128 x 256), 65
// (128 x 128), 90 and 59 for their clusters (kClusterCostPercent = 90); a
// cluster's tile takes two of the 132 SMs. Measured 2-4x slower than the
// tiles alone (H100, 2026-12-07), the clusters are planned only with
// allowCluster.
TEST(GemmSelect, ClusterPlans) {
  // 256 x 6144: 128 x 128 alone is 2 x 48 = 96 tiles, one wave: 68 x 65 =
  // 4420; its cluster 48 tiles on 96 SMs, one wave: 68 x 59 = 4012; 128 x
  // 256 at 2 splits 96 positions, (32 + 4 + 16) x 100 = 5200; its cluster
  // at 2 splits 48 pairs, 52 x 90 = 4680.
  EXPECT_EQ(gemmModelCost(GemmConfig::Tile128x128, 256, 6144, 4096, 132, 2, 1),
            4420);
  EXPECT_EQ(
      gemmModelCost(GemmConfig::Cluster2x128x128, 256, 6144, 4096, 132, 2, 1),
      4012);
  EXPECT_EQ(
      gemmModelCost(GemmConfig::Cluster2x128x256, 256, 6144, 4096, 132, 2, 2),
      4680);
  auto clustered = [](int64_t m, int64_t n, int64_t k) {
    return planGemm(m, n, k, 132, 2, true, true, /*allowCluster=*/true,
                    /*allowN192=*/false);
  };
  EXPECT_FALSE(isClusterGemmConfig(planGemm(256, 6144, 4096, 132).config));
  GemmPlan p = clustered(256, 6144, 4096);
  EXPECT_EQ(p.config, GemmConfig::Cluster2x128x128);
  EXPECT_EQ(p.splits, 1);
  // 256 x 24576: 128 x 128 alone 384 tiles, 3 waves (13260); clusters of
  // 128 x 128: 192 pairs on 66 pair slots, 3 waves x 68 x 59 = 12036;
  // clusters of 128 x 256: 96 pairs, 2 waves x 68 x 90 = 12240.
  p = clustered(256, 24576, 4096);
  EXPECT_EQ(p.config, GemmConfig::Cluster2x128x128);
  EXPECT_EQ(p.splits, 1);
  EXPECT_EQ(gemmModelCost(p.config, 256, 24576, 4096, 132, 2, 1), 12036);
  // 4096^3: 128 x 256 alone 512 tiles, 4 waves (27200); its cluster 256
  // pairs, 4 waves x 68 x 90 = 24480; 128 x 128 in clusters 8 waves (32096).
  p = clustered(4096, 4096, 4096);
  EXPECT_EQ(p.config, GemmConfig::Cluster2x128x256);
  EXPECT_EQ(p.splits, 1);
  // 384 x 5632: 3 x 44 = 132 tiles of 128 x 128 fill one wave (4420); the
  // clusters pad M to 512 rows: 88 pairs need 2 waves (8024), and 128 x 256
  // in clusters 44 pairs, one wave of 68 x 90 = 6120.
  p = clustered(384, 5632, 4096);
  EXPECT_EQ(p.config, GemmConfig::Tile128x128);
  EXPECT_EQ(p.splits, 1);
  // Below kClusterMinM rows, or when not allowed: never a cluster.
  EXPECT_FALSE(isClusterGemmConfig(clustered(255, 24576, 4096).config));
  EXPECT_EQ(planGemm(256, 6144, 4096, 132, 2, true, true, false).config,
            GemmConfig::Tile128x128);
  // An odd SM count: pairs of SMs, 65 pair slots of 131 SMs.
  EXPECT_EQ(
      gemmModelCost(GemmConfig::Cluster2x128x128, 256, 8448, 4096, 131, 2, 1),
      2 * 68 * 59); // 66 pairs: 2 waves
  EXPECT_EQ(gemmTiles(GemmConfig::Cluster2x128x128, 257, 129), 2 * 2);
  EXPECT_EQ(gemmTileCtas(GemmConfig::Cluster2x128x256), 2);
  EXPECT_EQ(gemmFallbackConfig(GemmConfig::Cluster2x128x256),
            GemmConfig::Tile128x256);
  EXPECT_STREQ(gemmConfigName(GemmConfig::Cluster2x128x128), "2x1-128x128");
}

const SweepRun kTile192Run[] = {
#include "GemmTile192H100.inc"
};

// The 128 x 192 tiles' cost (kTile192CostPercent = 90) against the H100 run
// that timed them: over the suite, the plan with them is never slower than
// the plan without them by more than the run's noise (2%), faster at 256 x
// 24576 x 4096. Each plan's time is its configuration's at the nearest
// measured split count.
TEST(GemmSelect, Tile192PlansAgainstH100Run) {
  int n = 0, picked = 0;
  double logGain = 0;
  for (const auto &[key, runs] : runsByShape(kTile192Run)) {
    const auto &[type, m, nn, k] = key;
    const int64_t eb = type == "e4m3" ? 1 : 2;
    GemmPlan with = planGemm(m, nn, k, 132, eb);
    GemmPlan without = planGemm(m, nn, k, 132, eb, true, true, false, false);
    double tw = planTime(runs, with), to = planTime(runs, without);
    if (!tw || !to)
      continue; // a plan this run did not measure (the fix-up sweep's shapes)
    EXPECT_LE(tw, 1.02 * to) << type << " " << m << "x" << nn << "x" << k;
    picked += with.config == GemmConfig::Tile128x192;
    logGain += std::log(to / tw);
    ++n;
  }
  EXPECT_GE(n, 80);
  EXPECT_EQ(picked, 2); // 256 x 24576 x 4096, bf16 and e4m3
  EXPECT_EQ(planGemm(256, 24576, 4096, 132).config, GemmConfig::Tile128x192);
  std::printf("128 x 192 plans: %.4fx the plans without them in geomean over "
              "%d shapes\n",
              std::exp(logGain / n), n);
}

TEST(GemmSelect, SplitsStayInRange) {
  // Never more splits than K tiles, never more than 64; one split once the
  // tiles fill the SMs.
  EXPECT_EQ(selectGemmSplits(GemmConfig::Tile128x128, 64, 4096, 64, 132), 1);
  EXPECT_EQ(selectGemmSplits(GemmConfig::Tile128x256, 8192, 8192, 8192, 132),
            1);
  EXPECT_LE(selectGemmSplits(GemmConfig::Tile128x128, 128, 128, 65536, 132),
            kMaxSplits);
  EXPECT_GT(selectGemmSplits(GemmConfig::Tile128x128, 128, 128, 65536, 132), 8);
  // One tile of 1024 K tiles: 64 splits (16 K tiles + 4 + 16 a position)
  // against 32 (32 + 4 + 16); measured 33.8 against 37.3 us (H100).
  EXPECT_EQ(selectGemmSplits(GemmConfig::Tile128x128, 128, 128, 65536, 132),
            64);
  EXPECT_EQ(planGemm(0, 16, 16, 132).splits, 1);
  EXPECT_EQ(gemmKTiles(4096, 2), 64);
  EXPECT_EQ(gemmKTiles(4096, 1), 32);
  EXPECT_EQ(gemmKTiles(4104, 2), 65);
}

} // namespace
