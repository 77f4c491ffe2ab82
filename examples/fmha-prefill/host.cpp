//===- host.cpp - Attention forward (prefill): check and benchmark --------===//
//
// Runs the fmha kernels of the chip's kernel sources (kernel-sm90.mlir,
// kernel-sm120.mlir, kernel-sm100.mlir) on
// fresh random data and checks O and the LSE against a CPU reference in
// double: scores s = scale q.k, masked (columns past seq_k; causal: column
// j > i + seq_k - seq_q), p = exp(s - max), O = sum p v / sum p, LSE =
// max + log(sum p). O and LSE are poisoned before each launch, and a
// guard row after the last sequence must stay poisoned (a store past a
// sequence's end would land in the next sequence or there).
//
// Tolerance: O within 5e-3 + 1e-2 |ref| (P is rounded to the 16-bit type
// before P V, 2^-9 relative for bf16, and O is rounded once at the end),
// the LSE within 2e-3 + 1e-5 |ref| (f32 with exp2/log2 approximations).
//
// Cases: --size N runs a small set with sequence length about N (what CI
// runs on the emulator); without it, the odd shapes of the issue (seq 1,
// 17, 1000 x 1003, a varlen batch mixing 1..3000, GQA 1/4/8, causal with
// seq_q != seq_k) for every head dim, then the benchmark shapes (B4 H32
// S4096 D64/128/256, GQA 64q/8kv S16384 D128, causal and not) with
// TFLOP/s lines (4 B Hq Sq Sk D flops, half of that causal).
//
//===----------------------------------------------------------------------===//
#include "../common/Harness.h"

#include "cute/Support/NarrowFloat.h"

#include <atomic>
#include <cstring>
#include <thread>

using namespace cute;
using namespace cute::ex;

namespace {

struct Case {
  std::string name;
  std::vector<int64_t> seqq, seqk; // per sequence
  int64_t hq, hkv, d;
  bool causal;
  bool bench = false; // time it (benchmark shapes)
  // K row j of each sequence scaled by 1 + ramp j: scores grow along the
  // keys, so a row's running max grows from one kv tile to the next (by
  // more than FA4's rescaling threshold of log2(256) in log2 units).
  double ramp = 0;
};

struct Result {
  size_t badO = 0, badL = 0, guard = 0;
  double maxErrO = 0, maxErrL = 0;
};

/// e4m3 (f8E4M3FN) inputs of the FP8 kernel.
struct E4M3 {
  using Storage = uint8_t;
  static constexpr const char *name = "e4m3";
  static float load(uint8_t v) { return fromF8E4M3FN(v); }
  static uint8_t store(float v) { return toF8E4M3FN(v); }
};

template <class E> double val(typename E::Storage v) {
  return double(E::load(v));
}

/// Per-tensor descales of Q, K and V (1 for 16-bit inputs): element x of
/// a tensor stands for x times its descale.
struct Descales {
  double q = 1, k = 1, v = 1;
};

/// The CPU reference for one case, in double.
template <class E>
void reference(const Case &c, const std::vector<int64_t> &cuq,
               const std::vector<int64_t> &cuk,
               const std::vector<typename E::Storage> &q,
               const std::vector<typename E::Storage> &k,
               const std::vector<typename E::Storage> &v, double scale,
               const Descales &ds, bool sampled, std::vector<double> &o,
               std::vector<double> &lse, std::vector<double> &lseTol,
               std::vector<char> &checked) {
  constexpr bool fp8 = sizeof(typename E::Storage) == 1;
  int64_t totalq = cuq.back(), d = c.d, group = c.hq / c.hkv;
  o.assign(size_t(totalq * c.hq * d), 0.0);
  lse.assign(size_t(c.hq * totalq), -INFINITY);
  lseTol.assign(size_t(c.hq * totalq), 0.0);
  checked.assign(size_t(c.hq * totalq), 0);
  // One task per (sequence, head), spread over the host's threads.
  std::vector<std::pair<size_t, int64_t>> tasks;
  for (size_t b = 0; b + 1 < cuq.size(); ++b)
    for (int64_t h = 0; h < c.hq; ++h)
      tasks.push_back({b, h});
  std::atomic<size_t> next{0};
  auto worker = [&] {
    std::vector<double> s, acc(static_cast<size_t>(d));
    for (size_t t; (t = next++) < tasks.size();) {
      auto [b, h] = tasks[t];
      int64_t sq = cuq[b + 1] - cuq[b], sk = cuk[b + 1] - cuk[b];
      int64_t hk = h / group;
      // Sampled (the benchmark shapes): three heads, every 97th row and
      // the last (the reference is O(S^2 D) per head).
      if (sampled && h != 0 && h != c.hq / 2 && h != c.hq - 1)
        continue;
      for (int64_t i = 0; i < sq; ++i) {
        if (sampled && i % 97 != 0 && i != sq - 1)
          continue;
        checked[size_t(h * totalq + cuq[b] + i)] = 1;
        const auto *qi = &q[size_t(((cuq[b] + i) * c.hq + h) * d)];
        int64_t jend = c.causal ? std::min(sk, i + sk - sq + 1) : sk;
        s.assign(size_t(std::max<int64_t>(jend, 0)), 0.0);
        double mx = -INFINITY, maxTerm = 0, maxSum = 0;
        const double sc = ds.q * ds.k * scale;
        for (int64_t j = 0; j < jend; ++j) {
          const auto *kj = &k[size_t(((cuk[b] + j) * c.hkv + hk) * d)];
          double dot = 0, mag = 0;
          for (int64_t x = 0; x < d; ++x) {
            double t = val<E>(qi[x]) * val<E>(kj[x]);
            dot += t;
            if (fp8) {
              mag += std::fabs(t);
              maxTerm = std::max(maxTerm, std::fabs(t));
            }
          }
          s[size_t(j)] = dot * sc;
          maxSum = std::max(maxSum, mag);
          mx = std::max(mx, s[size_t(j)]);
        }
        // fp8 wgmma truncates each product to 13 fraction bits below the
        // largest one's exponent and each k32 result to 13 fraction bits
        // (lib/Emu/MmaNumerics.h, measured on the H200): per instruction
        // at most 32 2^-13 2^e + 2^-13 |sum| of a score, over D / 32
        // instructions. The LSE moves by at most the scores' error.
        if (fp8)
          lseTol[size_t(h * totalq + cuq[b] + i)] =
              double(d / 32) *
              (std::ldexp(64 * maxTerm, -13) + std::ldexp(maxSum, -13)) * sc;
        if (jend <= 0)
          continue; // O = 0, LSE = -inf
        double l = 0;
        std::fill(acc.begin(), acc.end(), 0.0);
        for (int64_t j = 0; j < jend; ++j) {
          double p = std::exp(s[size_t(j)] - mx);
          l += p;
          const auto *vj = &v[size_t(((cuk[b] + j) * c.hkv + hk) * d)];
          for (int64_t x = 0; x < d; ++x)
            acc[size_t(x)] += p * val<E>(vj[x]) * ds.v;
        }
        for (int64_t x = 0; x < d; ++x)
          o[size_t(((cuq[b] + i) * c.hq + h) * d + x)] = acc[size_t(x)] / l;
        lse[size_t(h * totalq + cuq[b] + i)] = mx + std::log(l);
      }
    }
  };
  unsigned n = std::max(1u, std::thread::hardware_concurrency());
  std::vector<std::thread> pool;
  for (unsigned i = 0; i < n; ++i)
    pool.emplace_back(worker);
  for (std::thread &t : pool)
    t.join();
}

std::vector<int64_t> prefix(const std::vector<int64_t> &lens) {
  std::vector<int64_t> cu{0};
  for (int64_t n : lens)
    cu.push_back(cu.back() + n);
  return cu;
}

/// E: the type of Q, K and V; EO: O's (E's, or bf16 for e4m3 inputs).
template <class E, class EO = E>
bool runCase(const rt::Context &ctx, const rt::Stream &stream,
             const rt::Kernel &kern, const std::string &kname, int64_t tileRows,
             int sms, bool ticket, const Case &c, bool check, bool sampled,
             bool bench) {
  std::vector<int64_t> cuq = prefix(c.seqq), cuk = prefix(c.seqk);
  int64_t totalq = cuq.back(), totalk = cuk.back(), d = c.d;
  int64_t batch = int64_t(c.seqq.size());
  uint64_t seed = freshSeed();
  size_t nq = size_t(totalq * c.hq * d), nk = size_t(totalk * c.hkv * d);
  // e4m3: values over the type's range [-448, 448] that stand for
  // descale times as much: Q in [-1.5, 1.5], K in [-1, 1], V in [-2, 2]
  // (three different descales, so that a kernel applying the wrong one
  // fails).
  constexpr bool fp8 = sizeof(typename E::Storage) == 1;
  const float range = fp8 ? 448.f : 1.f;
  Descales ds;
  if (fp8)
    ds = {1.5 / 448, 1.0 / 448, 2.0 / 448};
  using S = typename E::Storage;
  // With a ramp, e4m3 K starts R times smaller (its descale R times
  // larger), so that the ramped values still fit the type.
  float kRange = range;
  if (fp8 && c.ramp != 0) {
    int64_t maxk = *std::max_element(c.seqk.begin(), c.seqk.end());
    double r = 1.0 + c.ramp * double(std::max<int64_t>(maxk - 1, 0));
    kRange = float(range / r);
    ds.k *= r;
  }
  std::vector<S> hq = randomVector<E>(nq, seed, -range, range);
  std::vector<S> hk = randomVector<E>(nk, seed + 1, -kRange, kRange);
  if (c.ramp != 0)
    for (size_t b = 0; b + 1 < cuk.size(); ++b)
      for (int64_t j = 0; j < cuk[b + 1] - cuk[b]; ++j)
        for (int64_t x = 0; x < c.hkv * d; ++x) {
          S &e = hk[size_t((cuk[b] + j) * c.hkv * d + x)];
          e = E::store(float(val<E>(e) * (1.0 + c.ramp * double(j))));
        }
  std::vector<S> hv = randomVector<E>(nk, seed + 2, -range, range);
  std::vector<int32_t> cq(cuq.begin(), cuq.end()), ck(cuk.begin(), cuk.end());
  // Guards: one row of O (all heads) after the last sequence, 64 floats
  // after the LSE.
  size_t guardO = size_t(c.hq * d), guardL = 64;
  auto q = need(rt::DeviceBuffer::fromHost(ctx, hq), "q");
  auto k = need(rt::DeviceBuffer::fromHost(ctx, hk), "k");
  auto v = need(rt::DeviceBuffer::fromHost(ctx, hv), "v");
  auto o = need(rt::DeviceBuffer::allocate(ctx, (nq + guardO) * 2), "o");
  std::vector<float> hds{float(ds.q), float(ds.k), float(ds.v)};
  auto dds = need(rt::DeviceBuffer::fromHost(ctx, hds), "descales");
  size_t nl = size_t(c.hq * totalq);
  auto lse = need(rt::DeviceBuffer::allocate(ctx, (nl + guardL) * 4), "lse");
  auto dcq = need(rt::DeviceBuffer::fromHost(ctx, cq), "cu_q");
  auto dck = need(rt::DeviceBuffer::fromHost(ctx, ck), "cu_k");
  need(o.poison(), "poison");
  need(lse.poison(), "poison");
  double scale = 1.0 / std::sqrt(double(d));
  int64_t maxq = *std::max_element(c.seqq.begin(), c.seqq.end());
  rt::KernelArgs args;
  args.ptr(q).ptr(k).ptr(v).ptr(o).ptr(lse).ptr(dcq).ptr(dck);
  args.scalar(int32_t(batch)).scalar(int32_t(totalq)).scalar(int32_t(totalk));
  args.scalar(int32_t(c.hq)).scalar(int32_t(c.hkv));
  args.scalar(int32_t(c.hq * d)).scalar(int32_t(c.hkv * d));
  args.scalar(int32_t(c.hkv * d)).scalar(int32_t(c.hq * d));
  int64_t mtiles = (std::max<int64_t>(maxq, 1) + tileRows - 1) / tileRows;
  args.scalar(float(scale)).scalar(int32_t(c.causal ? 1 : 0));
  args.scalar(int32_t(mtiles));
  // The dynamic scheduler's ticket counter: zero before the first launch,
  // it resets itself at the end of each.
  auto sched =
      need(rt::DeviceBuffer::fromHost(ctx, std::vector<int32_t>{0}), "sched");
  if (ticket)
    args.ptr(sched);
  // The FP8 kernel's descales of Q, K and V.
  if (fp8)
    args.ptr(dds.ptr()).ptr(dds.ptr() + 4).ptr(dds.ptr() + 8);
  // Persistent: at most `sms` CTAs (one fits per SM), taking tiles in turn.
  int64_t tiles = mtiles * c.hq * batch;
  rt::LaunchConfig cfg;
  cfg.grid = rt::Dim3{unsigned(std::min<int64_t>(tiles, sms)), 1, 1};
  if (ticket) {
    // A first launch leaves the counter as it found it: the checked launch
    // after it (outputs poisoned again) must still take every tile.
    need(kern.launch(stream, cfg, args), "launch");
    need(stream.synchronize(), "run");
    need(o.poison(), "poison");
    need(lse.poison(), "poison");
  }
  need(kern.launch(stream, cfg, args), "launch");
  need(stream.synchronize(), "run");
  bool pass = true;
  if (check) {
    std::vector<uint16_t> ho(nq + guardO);
    std::vector<float> hl(nl + guardL);
    need(o.copyToHost(ho.data(), ho.size() * 2), "download o");
    need(lse.copyToHost(hl.data(), hl.size() * 4), "download lse");
    std::vector<double> ro, rl, rlTol;
    std::vector<char> rows;
    reference<E>(c, cuq, cuk, hq, hk, hv, scale, ds, sampled, ro, rl, rlTol,
                 rows);
    Result r;
    size_t checkedO = 0, checkedL = 0;
    // O's tolerance. 16-bit: see the top of the file. e4m3: P is rounded to
    // e4m3 (3 mantissa bits: 2^-4 relative) before P V, so O = sum p v / l
    // may be off by 2^-4 sum p |v| / l <= 2^-4 max |v| (max |v| = 2 here);
    // the errors' root mean square must stay 4 times below that (rounding
    // errors of independent p average out; a wrong element does not).
    const double vmax = 2.0;
    double absTol = fp8 ? 0.0625 * vmax + 5e-3 : 5e-3;
    double sq = 0;
    for (size_t i = 0; i < nq; ++i) {
      // Element i is row i / (hq d) of head (i / d) % hq.
      size_t row = i / size_t(c.hq * d), h = (i / size_t(d)) % size_t(c.hq);
      if (!rows[h * size_t(totalq) + row])
        continue;
      ++checkedO;
      double g = val<EO>(ho[i]), e = std::fabs(g - ro[i]);
      if (!(e <= absTol + 1e-2 * std::fabs(ro[i])))
        ++r.badO;
      sq += e * e;
      r.maxErrO = std::max(r.maxErrO, std::isnan(e) ? INFINITY : e);
    }
    for (size_t i = 0; i < nl; ++i) {
      if (!rows[i])
        continue;
      ++checkedL;
      double g = hl[i];
      bool ok = std::isinf(rl[i])
                    ? (std::isinf(g) && g < 0)
                    : std::fabs(g - rl[i]) <=
                          2e-3 + 1e-5 * std::fabs(rl[i]) + rlTol[i];
      if (!ok)
        ++r.badL;
      if (!std::isinf(rl[i]))
        r.maxErrL = std::max(r.maxErrL,
                             std::isnan(g) ? INFINITY : std::fabs(g - rl[i]));
    }
    // Poison is 0xFF bytes: the guards must still hold it.
    for (size_t i = nq; i < nq + guardO; ++i)
      r.guard += ho[i] != 0xFFFF;
    for (size_t i = nl; i < nl + guardL; ++i) {
      uint32_t u;
      std::memcpy(&u, &hl[i], 4);
      r.guard += u != 0xFFFFFFFFu;
    }
    double rms = checkedO ? std::sqrt(sq / double(checkedO)) : 0;
    bool rmsOk = !fp8 || rms <= 0.0625 * vmax / 4;
    pass = r.badO == 0 && r.badL == 0 && r.guard == 0 && rmsOk;
    std::printf("CHECK %s %s batch=%lld hq=%lld hkv=%lld d=%lld causal=%d "
                "seed=%llu O: max_err %.3g, rms %.3g, %zu bad of %zu; LSE: "
                "max_err %.3g, %zu bad of %zu; guard %zu%s %s\n",
                kname.c_str(), c.name.c_str(), (long long)batch,
                (long long)c.hq, (long long)c.hkv, (long long)d,
                c.causal ? 1 : 0, (unsigned long long)seed, r.maxErrO, rms,
                r.badO, checkedO, r.maxErrL, r.badL, checkedL, r.guard,
                sampled ? " (sampled rows)" : "", pass ? "PASS" : "FAIL");
  }
  if (bench) {
    double ms = medianMs(
        ctx, stream, [&] { need(kern.launch(stream, cfg, args), "launch"); });
    double flops = 0;
    for (size_t b = 0; b < c.seqq.size(); ++b)
      flops += 4.0 * double(c.hq) * double(c.seqq[b]) * double(c.seqk[b]) *
               double(d) * (c.causal ? 0.5 : 1.0);
    std::printf("BENCH %s %s: %.4f ms, %.1f TFLOP/s\n", kname.c_str(),
                c.name.c_str(), ms, flops / (ms * 1e9));
  }
  return pass;
}

std::string caseName(const std::vector<int64_t> &sq,
                     const std::vector<int64_t> &sk) {
  if (sq.size() == 1)
    return std::to_string(sq[0]) + "x" + std::to_string(sk[0]);
  bool same = sq == sk && std::all_of(sq.begin(), sq.end(),
                                      [&](int64_t s) { return s == sq[0]; });
  if (same)
    return "B" + std::to_string(sq.size()) + "xS" + std::to_string(sq[0]);
  return "varlen" + std::to_string(sq.size());
}

std::vector<Case> casesFor(int64_t d, const Options &o) {
  std::vector<Case> cs;
  auto add = [&](std::vector<int64_t> sq, std::vector<int64_t> sk, int64_t hq,
                 int64_t hkv, bool causal, bool bench = false) {
    cs.push_back({caseName(sq, sk), sq, sk, hq, hkv, d, causal, bench});
  };
  if (!o.sizes.empty()) {
    for (int64_t n : o.sizes) {
      // Small problems for the emulator: one ragged tile, GQA 2, causal
      // with seq_q != seq_k, a two-sequence varlen batch, and keys whose
      // scores grow (the running max moves between kv tiles).
      add({n}, {n}, 2, 1, false);
      add({n}, {n + 37}, 2, 2, true);
      add({n / 2 + 1, n + 3}, {n + 9, n / 3 + 1}, 4, 2, true);
      add({n}, {n + 200}, 2, 1, false);
      cs.back().name += "-ramp";
      cs.back().ramp = 0.1;
    }
    return cs;
  }
  for (bool causal : {false, true}) {
    add({1}, {1}, 4, 4, causal);
    add({17}, {17}, 4, 1, causal);
    add({1000}, {1003}, 8, 2, causal);
    add({1003}, {1000}, 8, 8, causal);
    add({3000, 1, 517, 1283, 64, 2049}, {3000, 1, 517, 1283, 64, 2049}, 8, 1,
        causal);
    add({5, 300, 2999}, {700, 301, 1}, 8, 4, causal);
  }
  return cs;
}

std::vector<Case> benchCases(int64_t d) {
  std::vector<Case> cs;
  for (bool causal : {false, true}) {
    cs.push_back({"B4xH32xS4096", std::vector<int64_t>(4, 4096),
                  std::vector<int64_t>(4, 4096), 32, 32, d, causal, true});
    if (d == 128)
      cs.push_back(
          {"GQA64/8xS16384", {16384}, {16384}, 64, 8, d, causal, true});
  }
  return cs;
}

} // namespace

int main(int argc, char **argv) {
  Options o = parseOptions(argc, argv);
  rt::Context ctx = openContext("fmha-prefill");
  rt::Stream stream = need(rt::Stream::create(ctx), "stream");
  int sms =
      need(ctx.attribute(CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT), "SM count");
  if (o.grid > 0)
    sms = int(o.grid);
  // The chip's kernel sources: kernel-sm90.mlir (wgmma, 64 rows per
  // consumer warpgroup: 128-row tiles, 192 with WG = 3) on sm_90a,
  // kernel-sm120.mlir (mma.sync, 64-row tiles) on sm_120a and, as it compiles
  // for sm_90a too, on sm_90a; kernel-sm100.mlir (tcgen05 and Tensor Memory,
  // 128-row tiles) on sm_100a. ticket: the kernel takes a tile-scheduler
  // counter after mtiles (kernel-sm90.mlir's dynamic persistent schedule).
  // kernel-sm90-fp8.mlir (e4m3 inputs with descales, bf16 O) on sm_90a.
  struct Source {
    const char *module, *prefix;
    // A q tile's rows; 0: 64 per consumer warpgroup, read from each
    // kernel's block size (one producer warpgroup, the rest consumers).
    int64_t rows;
    std::vector<int64_t> dims;
    bool ticket = false;
    std::vector<const char *> types = {"bf16", "f16"};
  };
  std::vector<Source> sources;
  if (o.chip == "sm_90a")
    sources.push_back({"fmha_sm90", "fmha_", 0, {64, 128, 256}, true});
  if (o.chip == "sm_90a")
    sources.push_back(
        {"fmha_fp8_sm90", "fmha_", 0, {128, 256}, true, {"e4m3"}});
  if (o.chip == "sm_90a" || o.chip == "sm_120a")
    sources.push_back({"fmha_sm120", "fmha_mma_", 64, {64, 128}});
  if (o.chip == "sm_100a")
    sources.push_back({"fmha_sm100", "fmha_tc_", 256, {64, 128}});
  if (sources.empty()) {
    std::printf("SKIP fmha-prefill: no attention kernel for %s yet\n",
                o.chip.c_str());
    return 0;
  }
  bool ok = true;
  for (const Source &src : sources) {
    // With --kernel, only the modules that hold a named kernel.
    auto nameOf = [&](const char *t, int64_t d) {
      return src.prefix + std::string(t) + "_d" + std::to_string(d);
    };
    bool wanted = o.kernels.empty();
    for (const char *t : src.types)
      for (int64_t d : src.dims)
        wanted |= o.runs(nameOf(t, d));
    if (!wanted)
      continue;
    rt::Program prog = loadProgram(ctx, o, src.module);
    for (const char *t : src.types) {
      for (int64_t d : src.dims) {
        std::string kname = nameOf(t, d);
        if (!o.runs(kname))
          continue;
        rt::Kernel kern = need(prog.kernel(kname), "kernel " + kname);
        int64_t rows = src.rows;
        if (rows == 0) {
          int64_t wgs = int64_t(kern.info().block.x) / 128 - 1;
          if (wgs < 1) {
            std::fprintf(stderr,
                         "FATAL: %s: a block of %u threads has no "
                         "consumer warpgroup\n",
                         kname.c_str(), kern.info().block.x);
            return 1;
          }
          rows = 64 * wgs;
        }
        std::string type = t;
        auto run = [&](const Case &c, bool sampled, bool bench) {
          if (type == "e4m3")
            return runCase<E4M3, BF16>(ctx, stream, kern, kname, rows, sms,
                                       src.ticket, c, o.check, sampled, bench);
          if (type == "bf16")
            return runCase<BF16>(ctx, stream, kern, kname, rows, sms,
                                 src.ticket, c, o.check, sampled, bench);
          return runCase<F16>(ctx, stream, kern, kname, rows, sms, src.ticket,
                              c, o.check, sampled, bench);
        };
        for (const Case &c : casesFor(d, o))
          if (o.check)
            ok &= run(c, false, false);
        // The benchmark shapes (bf16, e4m3), checked on sampled rows and
        // timed.
        if (o.bench && type != "f16" && o.sizes.empty())
          for (const Case &c : benchCases(d))
            ok &= run(c, true, true);
      }
    }
  }
  std::printf("RESULT fmha-prefill %s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
