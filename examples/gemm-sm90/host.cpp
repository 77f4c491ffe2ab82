//===- host.cpp - sm_90a BF16 and FP8 GEMMs: check against the CPU, time --===//
//
// gemm_bf16: C = A x B^T, A (M x K) and B (N x K) bf16 row-major;
// gemm_e4m3: C = scale * (A x B^T) with A and B in f8E4M3FN. Both: C (M x N)
// bf16 with a leading dimension ldc = N rounded up to 8 (TMA's 16-byte row
// pitch) plus 8, f32 accumulation. Fresh data per case (seed printed), C
// poisoned before the launch. A TMA store writes whole 16-byte segments
// (observed on the H200; see examples/tma-pipeline): the padding columns that
// share a row's last segment with C receive the box's zero fill, so they may be
// 0 or poison; the 8 columns after that segment must stay poisoned.
//   exact   integers in [-2, 2] (and scale 0.5 for e4m3): every partial sum
//           is an exact integer, so C must be the bf16 rounding (RNE) of
//           the exact result, bit for bit;
//   random  values in [-1, 1) rounded to the input type (scale 0.37 for
//           e4m3); reference in double, then |C - ref| <= 2^-8 |ref| +
//           2^-20 sum_k |a_k b_k| for bf16/f16 (output rounding plus the
//           f32 accumulation; 1e-5 sqrt(K), the bound before, failed a few
//           elements next to powers of two at K = 65536 with one split on
//           the H200, 2026-12-02); for e4m3, 2^-8 |ref| + 2^-10 scale
//           sum_k |a_k b_k|:
//           Hopper's FP8 wgmma accumulates with fewer bits than f32 (see
//           examples/mma-atoms), and this kernel does not promote partial
//           sums to f32 (CUTLASS's "fast accumulation").
// Epilogues: a case may fuse C = act(alpha AB + beta R + bias) (--epilogue
// "bias=n|m,act=relu|relu2|gelu|silu,beta=B,inplace"): bias values and R
// drawn like the inputs (integers on exact cases), R in its own buffer with
// C's pitch or, with `inplace`, in C itself. The reference applies the
// same formula in double; ReLU and ReLU^2 on exact data stay bit-exact,
// GELU and SiLU (approximate exp and division in the kernel) are checked
// within 2^-8 |ref| + 2^-16 plus the accumulation bound times the
// activation's slope (at most 2 + 2 |x|).
// Swap-AB: gemm_<T>_swap runs every case as C^T = B A^T (B passed as the
// kernel's A, M and N exchanged, C written with strides (1, ldc)).
// Split-K: each case runs with the K splits the heuristic picks for the
// instance's tile (kernels::selectGemmSplits), or with every count given by
// --splits (0: stream-K over min(SMs, K tiles of all tiles) CTAs; -1: the
// heuristic's); the workspace is poisoned, the tile counters zeroed once,
// and after the run every counter must be back at zero. --atomic sums the
// splits with atomic reductions (reduce = 1; -1 then means the heuristic's
// count for that mode): the workspace starts zeroed and must be zero again
// after the run.
// Small and odd shapes are checked everywhere; large ones (4096^3, 8192^3)
// on 64 rows sampled at random, every column. Timing: median of 30
// launches; torch.matmul (cuBLAS) is measured in the same run by
// bench/gemm_peers.py.
//
//===----------------------------------------------------------------------===//
#include "../common/Harness.h"

#include "cute/Kernels/GemmSelect.h"
#include "cute/Support/NarrowFloat.h"

#include <algorithm>
#include <numeric>
#include <random>
#include <sstream>
#include <thread>

using namespace cute;
using namespace cute::ex;

namespace {

/// A fused epilogue: C = act(alpha AB + beta R + bias).
struct Epilogue {
  int bias = 0;         ///< 0 none, 1 bias[n], 2 bias[m] (the kernel's codes)
  int act = 0;          ///< 0 none, 1 ReLU, 2 ReLU^2, 3 GELU tanh, 4 SiLU
  float beta = 0;       ///< R is read when beta != 0
  bool inplace = false; ///< R is C itself
  int scales = 0;       ///< bit 0: sm[m] (per row), bit 1: sn[n] (per column)
  /// SwiGLU (the *_swiglu instances): C (M x N/2) = silu(gate) x up of the
  /// GEMM's 64-column gate and up blocks in turn, then + beta R.
  bool swiglu = false;
};

const char *const kActNames[] = {"none", "relu", "relu2", "gelu", "silu"};

/// Calls f(item, key, value) for each comma-separated `key[=value]` of a
/// command-line spec.
template <class F> void forEachKeyValue(const std::string &spec, F &&f) {
  std::stringstream in(spec);
  std::string item;
  while (std::getline(in, item, ',')) {
    size_t eq = item.find('=');
    f(item, item.substr(0, eq),
      eq == std::string::npos ? std::string() : item.substr(eq + 1));
  }
}

Epilogue parseEpilogue(const std::string &spec) {
  Epilogue e;
  forEachKeyValue(spec, [&](const std::string &item, const std::string &key,
                            const std::string &val) {
    bool ok = true;
    if (key == "bias")
      e.bias = val == "n" ? 1 : val == "m" ? 2 : (ok = false, 0);
    else if (key == "act") {
      auto it = std::find_if(std::begin(kActNames), std::end(kActNames),
                             [&](const char *a) { return val == a; });
      ok = it != std::end(kActNames);
      e.act = int(it - std::begin(kActNames));
    } else if (key == "beta")
      e.beta = std::stof(val);
    else if (key == "inplace")
      e.inplace = true;
    else if (key == "swiglu")
      e.swiglu = true;
    else if (key == "scale")
      e.scales = val == "m"    ? 1
                 : val == "n"  ? 2
                 : val == "mn" ? 3
                               : (ok = false, 0);
    else
      ok = false;
    if (!ok) {
      std::fprintf(stderr,
                   "--epilogue: '%s' is not one of bias=n|m, "
                   "act=none|relu|relu2|gelu|silu, beta=B, inplace, "
                   "scale=m|n|mn, swiglu\n",
                   item.c_str());
      std::exit(2);
    }
  });
  if (e.inplace && e.beta == 0.f)
    e.beta = 1.f;
  return e;
}

std::string epilogueName(const Epilogue &e) {
  std::string s;
  if (e.scales & 1)
    s += "+sm[m]";
  if (e.scales & 2)
    s += "+sn[n]";
  if (e.bias)
    s += e.bias == 1 ? "+bias[n]" : "+bias[m]";
  if (e.beta != 0.f) {
    char b[48];
    std::snprintf(b, sizeof b, "+%g*%s", double(e.beta), e.inplace ? "C" : "R");
    s += b;
  }
  if (e.act)
    s += std::string("+") + kActNames[e.act];
  if (e.swiglu)
    s += "+swiglu";
  return s.empty() ? "" : " epilogue " + s.substr(1);
}

double activation(int act, double x) {
  switch (act) {
  case 1:
    return std::max(x, 0.0);
  case 2:
    return x > 0 ? x * x : 0.0;
  case 3:
    return 0.5 * x *
           (1 + std::tanh(std::sqrt(2 / M_PI) * (x + 0.044715 * x * x * x)));
  case 4:
    return x / (1 + std::exp(-x));
  }
  return x;
}

struct Case {
  int64_t m, n, k;
  bool exact, bench;
  int64_t splits = -1; ///< -1: the heuristic's; 0: stream-K
  Epilogue epi = {};
  bool atomic = false; ///< partials summed by atomic reductions
  /// Grouped GEMM (gemm_<T>_grouped): the rows of each group (M is their
  /// sum); group g multiplies its rows of A by B's N x K block g.
  std::vector<int64_t> groups = {};
};

/// "sizes=0/1/130,n=136,k=256" or "experts=128,topk=8,tokens=4096,n=1536,
/// k=2048" (each token routed to topk distinct experts at random): a
/// grouped case.
Case parseGrouped(const std::string &spec, bool bench) {
  Case c{0, 0, 0, false, bench};
  int64_t experts = 0, topk = 0, tokens = 0;
  forEachKeyValue(spec, [&](const std::string &item, const std::string &key,
                            const std::string &val) {
    if (key == "sizes") {
      std::stringstream sv(val);
      std::string x;
      while (std::getline(sv, x, '/'))
        c.groups.push_back(std::stoll(x));
    } else if (key == "experts")
      experts = std::stoll(val);
    else if (key == "topk")
      topk = std::stoll(val);
    else if (key == "tokens")
      tokens = std::stoll(val);
    else if (key == "n")
      c.n = std::stoll(val);
    else if (key == "k")
      c.k = std::stoll(val);
    else if (key == "exact")
      c.exact = true;
    else {
      std::fprintf(stderr,
                   "--grouped: '%s' is not one of sizes=A/B/.., "
                   "experts=E, topk=T, tokens=N, n=N, k=K, exact\n",
                   item.c_str());
      std::exit(2);
    }
  });
  if (experts > 0) {
    std::mt19937_64 rng(0x5eedull + uint64_t(tokens));
    c.groups.assign(size_t(experts), 0);
    std::vector<int64_t> ids(static_cast<size_t>(experts));
    for (int64_t t = 0; t < tokens; ++t) {
      std::iota(ids.begin(), ids.end(), 0);
      for (int64_t j = 0; j < topk && j < experts; ++j) {
        std::swap(ids[size_t(j)],
                  ids[size_t(j) + size_t(rng() % uint64_t(experts - j))]);
        ++c.groups[size_t(ids[size_t(j)])];
      }
    }
  }
  if (c.groups.empty() || c.n <= 0 || c.k <= 0) {
    std::fprintf(stderr, "--grouped '%s': needs groups, n and k\n",
                 spec.c_str());
    std::exit(2);
  }
  for (int64_t g : c.groups)
    c.m += g;
  c.splits = 1;
  return c;
}

/// One operand: its bytes (bf16 or e4m3) and the values they hold.
struct Operand {
  std::vector<uint8_t> bytes;
  std::vector<float> values;
};

/// Runs f(begin, end) over [0, n) on every core.
template <class F> void parallelFor(size_t n, F &&f) {
  unsigned nt = std::max(1u, std::thread::hardware_concurrency());
  std::vector<std::thread> pool;
  for (unsigned t = 0; t < nt; ++t)
    pool.emplace_back([&, t] { f(n * t / nt, n * (t + 1) / nt); });
  for (auto &t : pool)
    t.join();
}

/// Values from `seed`, drawn in chunks of 2^20 (chunk c from seed + c) so
/// that every core generates a part.
Operand inputs(size_t count, uint64_t seed, bool exact, bool fp8, bool f16) {
  Operand o;
  o.bytes.resize(count * (fp8 ? 1 : 2));
  o.values.resize(count);
  const size_t chunk = size_t(1) << 20, chunks = (count + chunk - 1) / chunk;
  parallelFor(chunks, [&](size_t c0, size_t c1) {
    for (size_t c = c0; c < c1; ++c) {
      std::mt19937_64 rng(seed + 0x9e3779b97f4a7c15ull * c);
      std::uniform_int_distribution<int> di(-2, 2);
      std::uniform_real_distribution<float> dr(-1.f, 1.f);
      for (size_t i = c * chunk; i < std::min(count, (c + 1) * chunk); ++i) {
        float x = exact ? float(di(rng)) : dr(rng);
        if (fp8) {
          o.bytes[i] = toF8E4M3FN(x);
          o.values[i] = fromF8E4M3FN(o.bytes[i]);
        } else {
          uint16_t h = f16 ? floatToHalf(x) : floatToBf16(x);
          std::memcpy(&o.bytes[2 * i], &h, 2);
          o.values[i] = f16 ? halfToFloat(h) : bf16ToFloat(h);
        }
      }
    }
  });
  return o;
}

/// The configuration of an instance: gemm_<T>_n128 has 128 x 128 tiles,
/// gemm_<T>_n192 128 x 192, gemm_<T>_swap computes C^T in 128 x 64 tiles,
/// the others 128 x 256.
bool endsWith(const std::string &name, const char *suffix) {
  size_t n = std::strlen(suffix);
  return name.size() > n && name.compare(name.size() - n, n, suffix) == 0;
}

/// (gemm_<T>_grouped and the *_swiglu instances have 128 x 128 tiles;
/// gemm_<T>[_n128]_c2 are the 2 x 1 clusters.)
kernels::GemmConfig configOf(const std::string &name) {
  if (endsWith(name, "_c2"))
    return std::strstr(name.c_str(), "_n128")
               ? kernels::GemmConfig::Cluster2x128x128
               : kernels::GemmConfig::Cluster2x128x256;
  if (endsWith(name, "_bs"))
    return std::strstr(name.c_str(), "_swap")
               ? kernels::GemmConfig::Swap128x64
               : kernels::GemmConfig::Tile128x128;
  if (std::strstr(name.c_str(), "_n192"))
    return kernels::GemmConfig::Tile128x192;
  return std::strstr(name.c_str(), "_n128") ||
                 std::strstr(name.c_str(), "_grouped")
             ? kernels::GemmConfig::Tile128x128
         : endsWith(name, "_swap") ? kernels::GemmConfig::Swap128x64
                                   : kernels::GemmConfig::Tile128x256;
}

/// One case's inputs on the device and its reference, shared by every
/// kernel of the element type and every split count: the exact products
/// summed in double over the checked rows (all of them for small problems,
/// 64 random ones else) and columns (all, or 4096 random ones when a
/// sampled row has more than 16384).
struct Problem {
  Case c;
  bool fp8 = false, f16 = false;
  uint64_t seed = 0;
  float scale = 1.f;
  int64_t seg = 0, ldc = 0;
  rt::DeviceBuffer da, db;
  std::vector<int64_t> rows, cols;
  std::vector<double> ref, mag; ///< rows x cols: the result, the bound's scale
  bool sampled = false;
  /// The epilogue's operands: bias (N or M values of C's type) and R
  /// (M x ldc, C's type, poison in the padding), on the host and device.
  std::vector<uint16_t> bias, res;
  rt::DeviceBuffer dbias, dres;
  /// Per-row (M) and per-column (N) f32 scales: powers of two on exact
  /// cases, [0.25, 2) otherwise.
  std::vector<float> sm, sn;
  rt::DeviceBuffer dsm, dsn;
  /// Grouped: each group's end row (the kernel's offs), each row's group.
  std::vector<int32_t> offs;
  std::vector<int32_t> groupOf;
  rt::DeviceBuffer doffs;
};

Problem makeProblem(const rt::Context &ctx, const Case &c, bool fp8, bool f16) {
  Problem p;
  p.c = c;
  p.fp8 = fp8;
  p.f16 = f16;
  p.seed = freshSeed();
  // SwiGLU: C has N / 2 columns (N % 128 == 0).
  const int64_t nOut = c.epi.swiglu ? c.n / 2 : c.n;
  p.seg = (nOut + 7) / 8 * 8;
  p.ldc = p.seg + 8;
  p.scale = fp8 ? (c.exact ? 0.5f : 0.37f) : 1.f;
  // Grouped: B holds E blocks of N rows; the column bias and the column
  // scales E x N values.
  const int64_t E = std::max<int64_t>(1, int64_t(c.groups.size()));
  p.groupOf.assign(size_t(c.m), 0);
  if (!c.groups.empty()) {
    int64_t end = 0;
    for (size_t g = 0; g < c.groups.size(); ++g) {
      for (int64_t r = end; r < end + c.groups[g]; ++r)
        p.groupOf[size_t(r)] = int32_t(g);
      end += c.groups[g];
      p.offs.push_back(int32_t(end));
    }
    p.doffs = need(rt::DeviceBuffer::fromHost(ctx, p.offs), "offsets");
  }
  Operand ha = inputs(size_t(c.m * c.k), p.seed, c.exact, fp8, f16);
  Operand hb = inputs(size_t(E * c.n * c.k), p.seed + 1, c.exact, fp8, f16);
  p.da = need(rt::DeviceBuffer::fromHost(ctx, ha.bytes), "A");
  p.db = need(rt::DeviceBuffer::fromHost(ctx, hb.bytes), "B");
  // The epilogue's operands in C's type (bf16 unless f16).
  const Epilogue &e = c.epi;
  auto cvalue = [&](uint16_t h) {
    return f16 ? halfToFloat(h) : bf16ToFloat(h);
  };
  auto cbits = [&](const Operand &o) {
    std::vector<uint16_t> out(o.values.size());
    for (size_t i = 0; i < out.size(); ++i)
      out[i] = f16 ? floatToHalf(o.values[i]) : floatToBf16(o.values[i]);
    return out;
  };
  if (e.bias) {
    p.bias = cbits(inputs(size_t(e.bias == 1 ? E * c.n : c.m), p.seed + 3,
                          c.exact, false, f16));
    p.dbias = need(rt::DeviceBuffer::fromHost(ctx, p.bias), "bias");
  }
  auto scaleVector = [&](int64_t n, uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::vector<float> v(static_cast<size_t>(n));
    for (float &x : v)
      x = c.exact ? std::ldexp(1.f, int(rng() % 3) - 1)
                  : 0.25f + 1.75f * float(rng() % 4096) / 4096.f;
    return v;
  };
  if (e.scales & 1) {
    p.sm = scaleVector(c.m, p.seed + 5);
    p.dsm = need(rt::DeviceBuffer::fromHost(ctx, p.sm), "row scales");
  }
  if (e.scales & 2) {
    p.sn = scaleVector(E * c.n, p.seed + 6);
    p.dsn = need(rt::DeviceBuffer::fromHost(ctx, p.sn), "column scales");
  }
  if (e.beta != 0.f) {
    std::vector<uint16_t> r =
        cbits(inputs(size_t(c.m * nOut), p.seed + 4, c.exact, false, f16));
    p.res.assign(size_t(c.m * p.ldc), 0xFFFF);
    for (int64_t i = 0; i < c.m; ++i)
      std::copy_n(&r[size_t(i * nOut)], nOut, &p.res[size_t(i * p.ldc)]);
    if (!e.inplace)
      p.dres = need(rt::DeviceBuffer::fromHost(ctx, p.res), "R");
  }
  p.sampled = c.m * c.n * c.k > (int64_t(1) << 32);
  std::mt19937_64 pick(p.seed + 2);
  for (int64_t r = 0; r < c.m; ++r)
    if (!p.sampled)
      p.rows.push_back(r);
  for (int i = 0; p.sampled && i < 64; ++i)
    p.rows.push_back(int64_t(pick() % uint64_t(c.m)));
  for (int64_t j = 0; j < nOut; ++j)
    if (!p.sampled || nOut <= 16384)
      p.cols.push_back(j);
  for (int i = 0; p.sampled && nOut > 16384 && i < 4096; ++i)
    p.cols.push_back(int64_t(pick() % uint64_t(nOut)));
  const size_t nc = p.cols.size();
  p.ref.resize(p.rows.size() * nc);
  p.mag.resize(p.rows.size() * nc);
  parallelFor(p.rows.size(), [&](size_t from, size_t to) {
    for (size_t ri = from; ri < to; ++ri)
      for (size_t ci = 0; ci < nc; ++ci) {
        const int64_t gn = int64_t(p.groupOf[size_t(p.rows[ri])]) * c.n;
        const int64_t r = p.rows[ri], j = p.cols[ci];
        const float *pa = &ha.values[size_t(r * c.k)];
        // GEMM column `col`: alpha s_m s_n A B^T + bias, and its bound.
        auto column = [&](int64_t col, double &bound) {
          const float *pb = &hb.values[size_t((gn + col) * c.k)];
          double acc = 0, mag = 0;
          for (int64_t q = 0; q < c.k; ++q) {
            double prod = double(pa[q]) * double(pb[q]);
            acc += prod;
            mag += std::fabs(prod);
          }
          double sc = double(p.scale);
          if (e.scales & 1)
            sc *= p.sm[size_t(r)];
          if (e.scales & 2)
            sc *= p.sn[size_t(gn + col)];
          bound = mag * sc;
          double x = acc * sc;
          if (e.bias)
            x += cvalue(p.bias[size_t(e.bias == 1 ? gn + col : r)]);
          return x;
        };
        double x, bound;
        if (e.swiglu) {
          // C's column 64 b + t: gate 128 b + t, up 128 b + 64 + t.
          const int64_t gcol = (j / 64) * 128 + j % 64;
          double bg, bu;
          double g = column(gcol, bg), u = column(gcol + 64, bu);
          double sg = g / (1 + std::exp(-g));
          x = sg * u;
          bound =
              bg * (2 + 2 * std::fabs(g)) * std::fabs(u) + bu * std::fabs(sg);
        } else {
          x = column(j, bound);
        }
        if (e.beta != 0.f)
          x += double(e.beta) * cvalue(p.res[size_t(r * p.ldc + j)]);
        // The accumulation bound times the activation's slope (<= 2 + 2|x|).
        double slope = e.act ? 2 + 2 * std::fabs(x) : 1;
        p.ref[ri * nc + ci] = activation(e.act, x);
        double mag = bound, sc = 1;
        p.mag[ri * nc + ci] = mag * sc * slope;
      }
  });
  return p;
}

bool runCase(const rt::Context &ctx, const rt::Stream &stream,
             const rt::Kernel &kern, const char *name, int sms,
             const Problem &p, int64_t splits, bool atomic) {
  const Case &c = p.c;
  const Epilogue &e = c.epi;
  const bool fp8 = p.fp8, f16 = p.f16;
  const int64_t ldc = p.ldc, seg = p.seg;
  const int64_t nOut = e.swiglu ? c.n / 2 : c.n; // C's columns
  if (e.swiglu && c.n % 128) {
    std::printf("CHECK %s %lldx%lldx%lld FAIL: SwiGLU needs N %% 128 == 0 "
                "(64-column gate and up blocks in turn)\n",
                name, (long long)c.m, (long long)c.n, (long long)c.k);
    return false;
  }
  const kernels::GemmConfig config = configOf(name);
  const bool swap = config == kernels::GemmConfig::Swap128x64;
  auto dc = need(rt::DeviceBuffer::allocate(ctx, size_t(c.m * ldc) * 2), "C");
  if (e.inplace)
    need(dc.copyFromHost(p.res.data(), p.res.size() * 2), "R into C");
  else
    need(dc.poison(), "poison");
  // Swap-AB: the kernel computes C^T (N x M) = B A^T, C^T(i, j) at
  // C[j ldc + i].
  rt::KernelArgs args;
  if (swap)
    args.ptr(p.db).ptr(p.da).ptr(dc);
  else
    args.ptr(p.da).ptr(p.db).ptr(dc);
  const int64_t km = swap ? c.n : c.m, kn = swap ? c.m : c.n;
  args.scalar(int32_t(km)).scalar(int32_t(kn)).scalar(int32_t(c.k));
  args.scalar(int32_t(ldc));
  // One kernel source: every instance takes alpha (called scale before the
  // epilogues). Kernels compiled before that (the before/after benchmark)
  // take neither.
  const auto &params = kern.info().params;
  auto takes = [&](const char *param) {
    return std::any_of(params.begin(), params.end(),
                       [&](const rt::ParamInfo &q) { return q.name == param; });
  };
  if (takes("scale") || takes("alpha"))
    args.scalar(p.scale);
  const int64_t bn = kernels::gemmTileN(config);
  // Grouped: the kernel schedules a bound of the groups' tile rows.
  const bool grouped = !c.groups.empty();
  const int64_t E = int64_t(c.groups.size());
  // Clusters: a pair of CTAs per scheduled (256-row) tile, each with its
  // own counter and slots; the grid is whole clusters.
  const int64_t ctas = kernels::gemmTileCtas(config);
  const int64_t scheduled =
      kernels::gemmTiles(config, grouped ? c.m + 127 * E : c.m, c.n);
  int64_t tiles = scheduled * ctas;
  // Split-K: a workspace slot of 128 x BN floats per (tile, split), and one
  // counter per tile. Kernels compiled before split-K take neither.
  const bool splitK = takes("splits");
  if (!splitK)
    splits = 1;
  // Stream-K (splits 0): one CTA per SM (at most one per K tile of the
  // problem), a slot per CTA and tile.
  const int64_t units = tiles * kernels::gemmKTiles(c.k, fp8 ? 1 : 2);
  if (ctas > 1 && splits == 0) {
    std::printf("SKIP %s: a cluster runs split-K, not stream-K\n", name);
    return true;
  }
  const int64_t grid =
      splits == 0 ? std::min<int64_t>(sms, units)
                  : ctas * std::min<int64_t>(scheduled * splits,
                                             std::max<int64_t>(1, sms / ctas));
  // Atomic reductions (reduce = 1): one slot per tile, zero before the
  // launch and zero again after it.
  size_t wsBytes = atomic && splits != 1 ? size_t(tiles * 128 * bn) * 4
                   : splits > 1          ? size_t(tiles * splits * 128 * bn) * 4
                   : splits == 0         ? size_t((grid + tiles) * 128 * bn) * 4
                                         : 16;
  auto ws = need(rt::DeviceBuffer::allocate(ctx, wsBytes), "workspace");
  if (atomic)
    need(ws.memset(0), "zero workspace");
  else
    need(ws.poison(), "poison workspace");
  rt::DeviceBuffer blockScales; // gemm_<T>_bs: unit block scales
  const size_t counters = size_t(tiles * kernels::kSplitCountersPerTile);
  auto flags = need(rt::DeviceBuffer::allocate(ctx, counters * 4), "counters");
  need(flags.memset(0), "zero counters");
  if (splitK)
    args.ptr(ws).ptr(flags).scalar(int32_t(splits));
  // The epilogue's operands (C's address where unused: the runtime rejects
  // null pointers); in C^T's coordinates for the swapped instance.
  if (takes("act")) {
    const rt::DeviceBuffer &r = e.inplace ? dc : p.dres;
    args.scalar(e.beta);
    args.ptr(e.beta != 0.f ? r : dc);
    args.scalar(int32_t(ldc)); // R's pitch (R is C-shaped: M x ldc)
    args.ptr(e.bias ? p.dbias : dc);
    args.scalar(int32_t(swap && e.bias ? 3 - e.bias : e.bias));
    args.scalar(int32_t(e.act));
    // Per-row / per-column scales, exchanged with M and N for swap-AB.
    const rt::DeviceBuffer &sm = swap ? p.dsn : p.dsm,
                           &sn = swap ? p.dsm : p.dsn;
    int32_t mode =
        swap ? ((e.scales & 1) << 1) | ((e.scales & 2) >> 1) : e.scales;
    if (endsWith(name, "_bs")) {
      // The 128 x 128 block-scale instance (gemm-blockscale.mlir): unit
      // scales, so C is the plain GEMM's and the driver's reference checks
      // its data path and times it (the scales' indexing is tested with
      // real scales by GemmBlockScale on the emulator).
      if (e.scales) {
        std::printf("SKIP %s: block scales replace row/column scales\n", name);
        return true;
      }
      const int64_t kbs = (c.k + 127) / 128, nbs = (c.n + 127) / 128;
      std::vector<float> ones(size_t(std::max(c.m, nbs) * kbs), 1.f);
      blockScales = need(rt::DeviceBuffer::fromHost(ctx, ones), "block scales");
      args.ptr(blockScales).ptr(blockScales).scalar(int32_t(0));
    } else {
      args.ptr(mode & 1 ? sm : dc).ptr(mode & 2 ? sn : dc).scalar(mode);
    }
    if (takes("reduce"))
      args.scalar(int32_t(atomic ? 1 : 0));
    else if (atomic) {
      std::printf("SKIP %s: compiled without atomic reductions\n", name);
      return true;
    }
    if (takes("groups")) {
      if (grouped)
        args.ptr(p.doffs).scalar(int32_t(E));
      else
        args.ptr(flags).scalar(int32_t(1)); // unused: one group
    }
    // The output scale of the e4m3-C instances (these instances never
    // read it).
    if (takes("pos"))
      args.ptr(flags);
    // The QKV instances' append arguments (gemm-qkv.mlir; the instances
    // timed here never read them).
    if (takes("pqw")) {
      for (int i = 0; i < 9; ++i)
        args.ptr(flags);
      for (int i = 0; i < 4; ++i)
        args.scalar(int32_t(0));
      args.scalar(0.f);
    }
  } else if (e.bias || e.act || e.beta != 0.f || e.scales) {
    std::printf("SKIP %s: compiled without epilogues\n", name);
    return true;
  }
  rt::LaunchConfig cfg;
  cfg.grid = rt::Dim3{unsigned(grid), 1, 1};
  need(kern.launch(stream, cfg, args), "launch");
  need(stream.synchronize(), "run");
  std::vector<uint16_t> hc(size_t(c.m * ldc));
  need(dc.copyToHost(hc.data(), hc.size() * 2), "download");
  std::vector<int32_t> hflags(counters, -1);
  need(flags.copyToHost(hflags.data(), hflags.size() * 4), "download");
  size_t stuck = size_t(std::count_if(hflags.begin(), hflags.end(),
                                      [](int32_t f) { return f != 0; }));
  size_t dirty = 0;
  if (atomic) {
    std::vector<uint32_t> hws(wsBytes / 4, 1);
    need(ws.copyToHost(hws.data(), wsBytes), "download workspace");
    dirty = size_t(std::count_if(hws.begin(), hws.end(),
                                 [](uint32_t v) { return v != 0; }));
  }

  const size_t nc = p.cols.size();
  std::vector<size_t> bad(p.rows.size());
  std::vector<double> worst(p.rows.size());
  parallelFor(p.rows.size(), [&](size_t from, size_t to) {
    for (size_t ri = from; ri < to; ++ri) {
      int64_t r = p.rows[ri];
      for (size_t ci = 0; ci < nc; ++ci) {
        double acc = p.ref[ri * nc + ci], mag = p.mag[ri * nc + ci];
        uint16_t raw = hc[size_t(r * ldc + p.cols[ci])];
        float got = f16 ? halfToFloat(raw) : bf16ToFloat(raw);
        double d = std::fabs(double(got) - acc);
        double tol =
            std::ldexp(std::fabs(acc), -8) + std::ldexp(mag, fp8 ? -10 : -20);
        uint16_t rounded =
            f16 ? floatToHalf(float(acc)) : floatToBf16(float(acc));
        // GELU and SiLU are approximate in the kernel: exact data too is
        // checked within a bound.
        bool approx = e.act == 3 || e.act == 4 || e.swiglu;
        if (approx)
          tol += std::ldexp(std::fabs(acc), -8) + std::ldexp(1.0, -16);
        bool ok = c.exact && !approx ? raw == rounded : d <= tol;
        if (!ok)
          ++bad[ri];
        if (!(d <= worst[ri]))
          worst[ri] = std::isnan(d) ? INFINITY : d;
      }
      // Padding: the last segment's tail may be zero-filled; after it,
      // C's padding stays poisoned (bf16 0xFFFF).
      for (int64_t j = nOut; j < ldc; ++j) {
        uint16_t v = hc[size_t(r * ldc + j)];
        if (v != 0xFFFF && !(j < seg && v == 0))
          ++bad[ri];
      }
    }
  });
  size_t nbad = stuck + dirty;
  double maxd = 0;
  for (size_t i = 0; i < p.rows.size(); ++i) {
    nbad += bad[i];
    maxd = std::max(maxd, worst[i]);
  }
  const std::string groupsNote =
      grouped ? " groups " + std::to_string(E) : std::string();
  std::printf("CHECK %s %s %lldx%lldx%lld splits %lld%s%s%s (%s) seed %llu: "
              "%s (max |d| %.3g, %zu bad%s%s)\n",
              name, c.exact ? "exact " : "random", (long long)c.m,
              (long long)c.n, (long long)c.k, (long long)splits,
              atomic ? " atomic" : "", groupsNote.c_str(),
              epilogueName(e).c_str(),
              !p.sampled          ? "all rows"
              : nc == size_t(c.n) ? "64 sampled rows"
                                  : "64 sampled rows x 4096 sampled columns",
              (unsigned long long)p.seed, nbad ? "FAIL" : "PASS", maxd, nbad,
              stuck ? ", tile counters not reset" : "",
              dirty ? ", workspace not re-zeroed" : "");
  if (c.bench && !nbad) {
    std::string bname = name;
    if (splits != 1)
      bname += "/s" + std::to_string(splits) + (atomic ? "a" : "");
    if (std::string en = epilogueName(e); !en.empty())
      bname += "/" + en.substr(10);
    benchGemm(ctx, stream, kern, cfg, args, bname, c.m, c.n, c.k);
  }
  return nbad == 0;
}

} // namespace

int main(int argc, char **argv) {
  Options o = parseOptions(argc, argv);
  rt::Context ctx = openContext("gemm-sm90");
  rt::Stream stream = need(rt::Stream::create(ctx), "stream");
  rt::Program prog = loadProgram(ctx, o, "gemm_sm90");
  int sms =
      need(ctx.attribute(CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT), "SM count");
  std::vector<Case> cases;
  if (!o.sizes.empty() || !o.shapes.empty() || !o.grouped.empty()) {
    for (const std::string &g : o.grouped)
      cases.push_back(parseGrouped(g, o.bench));
    for (int64_t s : o.sizes)
      cases.push_back({s, s, (s + 15) / 16 * 16, false, o.bench});
    for (const auto &mnk : o.shapes)
      cases.push_back({mnk[0], mnk[1], mnk[2], false, o.bench});
  } else {
    cases = {
        {128, 256, 64, true, false},
        {1000, 1003, 1008, true, false},
        {1000, 1003, 1008, false, false},
        {333, 4097, 80, false, false},
        {4096, 4096, 4096, false, o.bench},
        {8192, 8192, 8192, false, o.bench},
        // Split-K: the heuristic's splits at a decode shape, and forced
        // counts with ragged K ranges and more splits than K tiles.
        {16, 4096, 12288, true, false},
        {200, 136, 1008, true, false, 3},
        {200, 136, 1008, false, false, 7},
        {64, 300, 512, true, false, 12},
        // Fused epilogues: bias along N or M, residual (its own
        // buffer or C itself), every activation, with split-K.
        {200, 136, 1008, true, false, -1, parseEpilogue("bias=n,act=relu")},
        {200, 136, 1008, true, false, 3,
         parseEpilogue("bias=m,beta=2,act=relu2")},
        {200, 136, 1008, false, false, -1,
         parseEpilogue("bias=n,beta=0.5,act=gelu")},
        {77, 520, 256, false, false, 2, parseEpilogue("inplace,act=silu")},
        {130, 200, 512, true, false, -1, parseEpilogue("scale=mn,bias=n")},
        // Stream-K: 2 x 3 tiles of 4 K tiles over the SMs.
        {300, 520, 256, true, false, 0},
        {1000, 1003, 1008, false, false, 0,
         parseEpilogue("bias=m,beta=1,act=silu")},
        {1, 4096, 4096, false, false},
        // Atomic split-K reductions: forced splits (ragged K ranges),
        // stream-K and an epilogue; exact data is bit-exact in any order.
        {200, 136, 1008, true, false, 5, {}, true},
        {64, 300, 512, true, false, 12, parseEpilogue("bias=n,act=relu"), true},
        {300, 520, 256, true, false, 0, {}, true},
        // Grouped (MoE): empty groups, a group of one row, groups that end
        // mid-tile and span tiles, with per-group column bias and scales.
        parseGrouped("sizes=0/1/130/77/256/0,n=136,k=256,exact", false),
        parseGrouped("sizes=300/0/45,n=200,k=512", false),
        parseGrouped("experts=16,topk=2,tokens=100,n=128,k=128", false)};
    Case ge = parseGrouped("sizes=33/0/190,n=136,k=256,exact", false);
    ge.epi = parseEpilogue("scale=mn,bias=n,beta=1,act=relu");
    cases.push_back(ge);
    ge.epi = parseEpilogue("bias=m,act=silu");
    cases.push_back(ge);
  }
  // --epilogue: every case with each given epilogue.
  if (!o.epilogues.empty()) {
    std::vector<Case> base = cases;
    cases.clear();
    for (const std::string &spec : o.epilogues)
      for (Case c : base) {
        c.epi = parseEpilogue(spec);
        cases.push_back(c);
      }
  }
  // What the selection heuristic picks for each shape (bench/gemm_configs.py
  // reports the picked configuration's time against the peer).
  // Each grouped case's sizes (bench/grouped_peers.py times its peers on
  // the same groups).
  for (const Case &c : cases)
    if (!c.groups.empty()) {
      std::string sizes;
      for (int64_t g : c.groups)
        sizes += (sizes.empty() ? "" : "/") + std::to_string(g);
      std::printf("GROUPS %lldx%lldx%lld sizes=%s\n", (long long)c.m,
                  (long long)c.n, (long long)c.k, sizes.c_str());
    }
  for (const Case &c : cases)
    for (int64_t bytes : {2, 1}) {
      if (!c.groups.empty())
        continue;
      for (bool det : {true, false}) {
        // PICK: the default (deterministic) plan; PICK-ND: with atomic
        // split-K reductions allowed.
        kernels::GemmPlan p =
            kernels::planGemm(c.m, c.n, c.k, sms, bytes, true, det);
        std::printf("PICK%s %s %lldx%lldx%lld %s splits %lld%s\n",
                    det ? "" : "-ND", bytes == 2 ? "bf16" : "e4m3",
                    (long long)c.m, (long long)c.n, (long long)c.k,
                    kernels::gemmConfigName(p.config), (long long)p.splits,
                    p.atomic ? " atomic" : "");
      }
    }
  bool ok = true;
  // Per case and element type, one Problem (inputs and reference) for
  // both configurations and every split count.
  // The 2 x 1 clusters (gemm_<T>[_n128]_c2) and the 128 x 192 tiles
  // (gemm_<T>_n192) run when named by --kernel (the library's tests run
  // them by default; this keeps the driver's CI cases as they were).
  const char *const kTypes[][12] = {
      {"gemm_bf16", "gemm_bf16_n128", "gemm_bf16_swap", "gemm_bf16_grouped",
       "gemm_bf16_swiglu", "gemm_bf16_n128_swiglu", "gemm_bf16_grouped_swiglu",
       "gemm_bf16_c2", "gemm_bf16_n128_c2", "gemm_bf16_n192", nullptr, nullptr},
      {"gemm_f16", "gemm_f16_n128", "gemm_f16_swap", nullptr, nullptr, nullptr,
       nullptr, "gemm_f16_c2", "gemm_f16_n128_c2", "gemm_f16_n192", nullptr,
       nullptr},
      {"gemm_e4m3", "gemm_e4m3_n128", "gemm_e4m3_swap", "gemm_e4m3_grouped",
       "gemm_e4m3_swiglu", "gemm_e4m3_n128_swiglu", "gemm_e4m3_grouped_swiglu",
       "gemm_e4m3_c2", "gemm_e4m3_n128_c2", "gemm_e4m3_n192",
       "gemm_e4m3_n128_bs", "gemm_e4m3_swap_bs"}};
  for (const Case &c : cases) {
    for (const auto &names : kTypes) {
      bool fp8 = std::strncmp(names[0], "gemm_e4m3", 9) == 0;
      bool f16 = std::strncmp(names[0], "gemm_f16", 8) == 0;
      // Kernels compiled before the n128 and swap instances (the
      // before/after benchmark) lack them.
      // Grouped cases run the grouped instance only, the others every
      // other one.
      std::vector<const char *> run;
      for (const char *name : names)
        if (name && o.runs(name) &&
            ((!endsWith(name, "_c2") && !endsWith(name, "_n192") &&
              !endsWith(name, "_bs")) ||
             !o.kernels.empty()) &&
            (std::strstr(name, "_grouped") != nullptr) == !c.groups.empty() &&
            endsWith(name, "_swiglu") == c.epi.swiglu &&
            (std::strcmp(name, names[0]) == 0 || prog.kernel(name).ok()))
          run.push_back(name);
      if (run.empty())
        continue;
      Problem p = makeProblem(ctx, c, fp8, f16);
      for (const char *name : run) {
        rt::Kernel k = need(prog.kernel(name), "kernel");
        std::vector<int64_t> counts = o.splits;
        if (counts.empty() || !c.groups.empty())
          counts.assign(1, c.splits);
        for (int64_t &s : counts)
          if (s == -1)
            s = kernels::selectGemmSplits(configOf(name), c.m, c.n, c.k, sms,
                                          fp8 ? 1 : 2, c.atomic || o.atomic);
        for (int64_t s : counts)
          ok &= runCase(ctx, stream, k, name, sms, p, s, c.atomic || o.atomic);
      }
    }
  }
  std::printf("RESULT gemm-sm90 %s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
