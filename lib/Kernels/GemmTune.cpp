//===- GemmTune.cpp - The GEMM autotuner's pieces
//---------------------------===//
#include "GemmTune.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

using namespace cute::kernels;

std::string tune::classKey(ElemType ab, int64_t m, int64_t n, int64_t k) {
  int64_t mc = 1;
  while (mc < m)
    mc *= 2;
  std::ostringstream s;
  s << metadata::elemTypeName(ab) << " m" << mc << " n" << n << " k" << k;
  return s.str();
}

std::string tune::fileFor(const std::string &dir, const std::string &device,
                          int sms) {
  std::filesystem::path d = dir;
  if (d.empty()) {
    if (const char *env = std::getenv("CUTE_CACHE_DIR"); env && *env)
      d = env;
    else if (const char *home = std::getenv("HOME"); home && *home)
      d = std::filesystem::path(home) / ".cache" / "cute-mlir";
    else
      d = std::filesystem::temp_directory_path() / "cute-mlir";
  }
  std::string name;
  for (char c : device)
    name += std::isalnum(static_cast<unsigned char>(c)) || c == '-' ? c : '_';
  return (d / ("gemm-tune." + name + "." + std::to_string(sms) + ".txt"))
      .string();
}

namespace {

std::optional<GemmConfig> configNamed(const std::string &s) {
  for (GemmConfig c : {GemmConfig::Tile128x256, GemmConfig::Tile128x128,
                       GemmConfig::Swap128x64, GemmConfig::Cluster2x128x256,
                       GemmConfig::Cluster2x128x128, GemmConfig::Tile128x192})
    if (s == gemmConfigName(c))
      return c;
  return std::nullopt;
}

} // namespace

std::map<std::string, GemmPlan> tune::readFile(const std::string &path) {
  std::map<std::string, GemmPlan> plans;
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    // "<type> m<M> n<N> k<K> <config> <splits> <us>"
    std::istringstream s(line);
    std::string type, m, n, k, config;
    int64_t splits = -1;
    double us = 0;
    if (!(s >> type >> m >> n >> k >> config >> splits >> us))
      continue;
    std::optional<GemmConfig> c = configNamed(config);
    if (!c || splits < 0 || splits > kMaxSplits)
      continue;
    plans[type + " " + m + " " + n + " " + k] = GemmPlan{*c, splits};
  }
  return plans;
}

bool tune::appendToFile(const std::string &path, const std::string &key,
                        const GemmPlan &plan, double us) {
  std::error_code ec;
  std::filesystem::create_directories(std::filesystem::path(path).parent_path(),
                                      ec);
  std::ofstream out(path, std::ios::app);
  if (!out)
    return false;
  out << key << " " << gemmConfigName(plan.config) << " " << plan.splits << " "
      << us << "\n";
  return bool(out);
}

std::vector<GemmPlan> tune::candidates(int64_t m, int64_t n, int64_t k,
                                       int64_t sms, int64_t elemBytes,
                                       bool tmaC) {
  std::vector<GemmPlan> out;
  auto add = [&](GemmPlan p) {
    for (const GemmPlan &q : out)
      if (q.config == p.config && q.splits == p.splits)
        return;
    out.push_back(p);
  };
  GemmPlan planned = planGemm(m, n, k, sms, elemBytes);
  if (tmaC || planned.config == GemmConfig::Swap128x64)
    add(planned);
  for (GemmConfig c : {GemmConfig::Tile128x256, GemmConfig::Tile128x128,
                       GemmConfig::Tile128x192, GemmConfig::Swap128x64}) {
    bool swap = c == GemmConfig::Swap128x64;
    if (swap ? m > kSwapMaxM && tmaC : !tmaC)
      continue;
    add({c, selectGemmSplits(c, m, n, k, sms, elemBytes)});
    add({c, 1});
    add({c, 0});
  }
  // The clusters (tile configurations, split-K only) where they compete.
  for (GemmConfig c :
       {GemmConfig::Cluster2x128x256, GemmConfig::Cluster2x128x128}) {
    if (!tmaC || m < kClusterMinM)
      continue;
    add({c, selectGemmSplits(c, m, n, k, sms, elemBytes)});
    add({c, 1});
  }
  return out;
}
