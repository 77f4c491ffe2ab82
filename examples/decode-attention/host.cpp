//===- host.cpp - Paged GQA decode attention: check and benchmark ---------===//
//
// Runs decode_{bf16,e4m3}_d{64,128} (kernel.mlir; with more than one split
// the last split CTA merges): the newest ntok tokens of each sequence attend to
// its paged KV cache (pages in a shuffled order, so the block table matters),
// with RoPE on q. Every case is checked against a CPU reference in double
// precision (fresh random data, seeds printed, outputs poisoned); --size N
// runs small cases of context N; the benchmark prints the KV bytes each
// launch reads per second.
//
//===----------------------------------------------------------------------===//
#include "../common/Harness.h"
#include "../common/Paged.h"
#include "AppendReference.h"
#include "Decode.h"

#include "cute/Support/NarrowFloat.h"
#ifdef CUTE_DECODE_WITH_QKV
#include "cute/Kernels/Gemm.h"
#include <thread>
#endif

using namespace cute;
using namespace cute::ex;

namespace {

struct Case {
  int64_t batch, ntok, hq, hkv, d, page;
  std::vector<int32_t> ctx; // one per sequence (cycled to the batch)
  int64_t splits = -1;      // -1: the plan's
  bool rope = true;
  bool bench = false;
  bool fp8 = false; // e4m3 cache with per-kv-head scales
  /// --trap table|context (a kernel compiled with debug-checks=true): a
  /// block-table entry past the cache, or a context longer than its row,
  /// past the host's checks; the launch must trap. (--trap slot: the
  /// append kernel's slot mapping, runAppend.)
  std::string trap;
};

/// q rotated as the kernel does: f32 angle = f32(pos) x theta^(-2p/D) (f32),
/// NeoX pairs (p, p + D/2), rounded to the kernel's MMA type (bf16, or f16
/// for e4m3 caches: `f16`).
void ropeRow(std::vector<double> &x, int64_t pos, float theta, bool rope,
             bool f16) {
  auto rnd = [f16](double v) {
    return f16 ? double(halfToFloat(floatToHalf(float(v))))
               : double(bf16ToFloat(floatToBf16(float(v))));
  };
  size_t d = x.size(), h = d / 2;
  for (size_t i = 0; i < d; ++i)
    x[i] = rnd(x[i]);
  if (!rope)
    return;
  for (size_t p = 0; p < h; ++p) {
    float e = -float(2 * p) / float(d);
    float inv = std::pow(theta, e);
    float ang = float(pos) * inv;
    double c = std::cos(double(ang)), s = std::sin(double(ang));
    double a = x[p], b = x[p + h];
    x[p] = rnd(float(a * c - b * s));
    x[p + h] = rnd(float(b * c + a * s));
  }
}

/// Which decode kernel runs: kernel.mlir's mma.sync one (16 rows a CTA),
/// or on sm_100a kernel-sm100.mlir's tcgen05 one (128 rows a CTA, and the
/// CTAs per SM its shared and tensor memory allow: 768 x D bytes and
/// 2 x D columns rounded up to a power of 2).
struct Flavor {
  int64_t rowsPerCta = 16;
  bool tc = false;
  int64_t ctasPerSm(int64_t d) const {
    if (tc)
      return d == 64 ? 4 : d == 128 ? 2 : 1;
    return d == 256 ? 2 : 3; // the mma.sync kernel's registers
  }
};

/// Runs case `c` on each kernel of `decs` (one head dim; the same data,
/// plan and reference for all): checked against the CPU reference and/or
/// timed. A trap case runs the first kernel only.
bool runCase(const rt::Context &ctx, const rt::Stream &stream,
             const std::vector<rt::Kernel> &decs, int sms, const Case &c,
             bool bench, bool check, const Flavor &fl) {
  const rt::Kernel &dec0 = decs.front();
  decode::Problem p;
  p.batch = c.batch;
  p.ntok = c.ntok;
  p.hq = c.hq;
  p.hkv = c.hkv;
  p.d = c.d;
  p.page = c.page;
  p.kvBytes = c.fp8 ? 1 : 2;
  const int64_t d = c.d;
  std::vector<int32_t> lens(size_t(c.batch));
  for (int64_t b = 0; b < c.batch; ++b)
    lens[size_t(b)] = c.ctx[size_t(b) % c.ctx.size()];
  int64_t maxCtx = *std::max_element(lens.begin(), lens.end());
  uint64_t seed = freshSeed();
  std::mt19937_64 rng(seed);
  // Each sequence's pages in a shuffled order, plus 3 unused (Paged.h).
  PagedTable pt = makePagedTable(lens, c.page, 3, rng);
  p.maxPages = pt.maxPages;
  p.pages = pt.pages;
  std::vector<int32_t> &table = pt.table;
  if (c.trap == "table")
    table[size_t(p.maxPages)] = int32_t(p.pages + 5); // sequence 1, page 0
  if (c.trap == "context")
    lens[1] = int32_t(p.maxPages * c.page + 1);
  const int64_t slots = p.pages * c.page;
  p.ldkv = c.hkv * d;
  p.ldq = c.hq * d;
  p.ldo = c.hq * d;
  std::string bad = decode::checkLaunch(
      p,
      std::atoll(
          dec0.info().name.substr(dec0.info().name.rfind("_d") + 2).c_str()),
      &lens, &table);
  if (!bad.empty() && c.trap.empty()) {
    std::printf("REJECTED %s\n", bad.c_str());
    return false;
  }
  const size_t nq = size_t(c.batch * c.ntok * c.hq * d);
  const size_t nkv = size_t(slots * c.hkv * d);
  auto hQ = randomVector<BF16>(nq, seed + 1);
  // The caches: bf16, or e4m3 codes (values to +-448) with a scale per kv
  // head; kf/vf give an element's value (scale applied) for the reference.
  // Large caches (the timed rows: up to 4 GB) repeat a random block of 4M
  // elements, so that making them takes a moment rather than minutes.
  auto tiled = [](auto block, size_t n) {
    if (block.size() >= n)
      return block;
    decltype(block) v(n);
    for (size_t i = 0; i < n; i += block.size())
      std::memcpy(&v[i], block.data(),
                  std::min(block.size(), n - i) * sizeof(block[0]));
    return v;
  };
  const size_t blockN = std::min<size_t>(nkv, size_t(1) << 22);
  std::vector<uint16_t> hK, hV;
  std::vector<uint8_t> hK8, hV8;
  std::vector<float> ks(size_t(c.hkv), 1.f), vs(size_t(c.hkv), 1.f);
  if (!c.fp8) {
    hK = tiled(randomVector<BF16>(blockN, seed + 2), nkv);
    hV = tiled(randomVector<BF16>(blockN, seed + 3), nkv);
  } else {
    std::uniform_real_distribution<float> code(-448.f, 448.f), sc(0.5f, 2.f);
    std::vector<uint8_t> bk(blockN), bv(blockN);
    for (size_t i = 0; i < blockN; ++i) {
      bk[i] = toF8E4M3FN(code(rng));
      bv[i] = toF8E4M3FN(code(rng));
    }
    hK8 = tiled(std::move(bk), nkv);
    hV8 = tiled(std::move(bv), nkv);
    for (int64_t h = 0; h < c.hkv; ++h) {
      ks[size_t(h)] = sc(rng) / 448.f;
      vs[size_t(h)] = sc(rng) / 448.f;
    }
  }
  auto kf = [&](size_t i, int64_t h) {
    return c.fp8 ? double(fromF8E4M3FN(hK8[i])) * ks[size_t(h)]
                 : double(bf16ToFloat(hK[i]));
  };
  auto vf = [&](size_t i, int64_t h) {
    return c.fp8 ? double(fromF8E4M3FN(hV8[i])) * vs[size_t(h)]
                 : double(bf16ToFloat(hV[i]));
  };
  // NaN (all-ones bytes, bf16 and e4m3) in every slot no valid key holds:
  // the unused pages and the tails of the sequences' last pages. A masked
  // key whose values reached the result would make it NaN.
  if (!c.bench) {
    const size_t row = size_t(p.ldkv) * (c.fp8 ? 1 : 2);
    std::vector<bool> live = liveSlots(pt, lens, c.page);
    uint8_t *kb = c.fp8 ? hK8.data() : reinterpret_cast<uint8_t *>(hK.data());
    uint8_t *vb = c.fp8 ? hV8.data() : reinterpret_cast<uint8_t *>(hV.data());
    for (int64_t sl = 0; sl < slots; ++sl)
      if (!live[size_t(sl)]) {
        std::memset(kb + size_t(sl) * row, 0xFF, row);
        std::memset(vb + size_t(sl) * row, 0xFF, row);
      }
  }
  auto q = need(rt::DeviceBuffer::fromHost(ctx, hQ), "q");
  auto k = c.fp8 ? need(rt::DeviceBuffer::fromHost(ctx, hK8), "k cache")
                 : need(rt::DeviceBuffer::fromHost(ctx, hK), "k cache");
  auto v = c.fp8 ? need(rt::DeviceBuffer::fromHost(ctx, hV8), "v cache")
                 : need(rt::DeviceBuffer::fromHost(ctx, hV), "v cache");
  auto dks = need(rt::DeviceBuffer::fromHost(ctx, ks), "k scales");
  auto dvs = need(rt::DeviceBuffer::fromHost(ctx, vs), "v scales");
  auto bt = need(rt::DeviceBuffer::fromHost(ctx, table), "block table");
  auto cl = need(rt::DeviceBuffer::fromHost(ctx, lens), "context lengths");
  const size_t rows = size_t(c.batch * c.ntok * c.hq);
  auto o = need(rt::DeviceBuffer::allocate(ctx, nq * 2), "o");
  auto lse = need(rt::DeviceBuffer::allocate(ctx, rows * 4), "lse");
  decode::Plan plan =
      decode::planSplits(p, maxCtx, sms, fl.ctasPerSm(d), fl.rowsPerCta);
  if (c.splits > 0) {
    plan.splits = c.splits;
    plan.chunk =
        ((std::max<int64_t>(maxCtx, 1) + c.splits - 1) / c.splits + 15) / 16 *
        16;
  }
  auto ws = need(rt::DeviceBuffer::allocate(
                     ctx, std::max<size_t>(16, size_t(plan.splits) * rows *
                                                   size_t(d) * 4)),
                 "workspace");
  auto wl = need(rt::DeviceBuffer::allocate(
                     ctx, std::max<size_t>(16, size_t(plan.splits) * rows * 4)),
                 "workspace lse");
  // The split counters: zero once; the last arrival resets each.
  auto flags = need(rt::DeviceBuffer::allocate(
                        ctx, size_t(decode::counters(p)) * sizeof(int32_t)),
                    "split counters");
  need(flags.memset(0), "zero the counters");
  const float scale = float(1.0 / std::sqrt(double(d)));
  const float theta = 1e6f;
  rt::KernelArgs args;
  args.ptr(q).ptr(k).ptr(v).ptr(dks).ptr(dvs).ptr(bt).ptr(cl).ptr(o).ptr(lse);
  args.ptr(ws).ptr(wl).ptr(flags);
  args.scalar(int32_t(c.batch)).scalar(int32_t(c.ntok));
  args.scalar(int32_t(c.hq)).scalar(int32_t(c.hkv));
  args.scalar(int32_t(p.ldq)).scalar(int32_t(p.ldkv)).scalar(int32_t(p.ldo));
  args.scalar(int32_t(slots)).scalar(int32_t(c.page));
  args.scalar(int32_t(p.maxPages)).scalar(int32_t(plan.splits));
  args.scalar(int32_t(plan.chunk)).scalar(scale).scalar(theta);
  args.scalar(int32_t(c.rope ? 1 : 0));
  rt::LaunchConfig cfg;
  cfg.grid = rt::Dim3{unsigned(c.hkv * decode::rowChunks(p, fl.rowsPerCta)),
                      unsigned(c.batch), unsigned(plan.splits)};
  // The reference (in double), computed for the first kernel checked.
  const int64_t g = c.hq / c.hkv;
  std::vector<double> refO, refL;
  bool allOk = true;
  for (const rt::Kernel &dec : decs) {
    need(o.poison(), "poison");
    need(lse.poison(), "poison");
    need(ws.poison(), "poison");
    need(wl.poison(), "poison");
    auto launch = [&] { need(dec.launch(stream, cfg, args), "decode launch"); };
    launch();
    if (!c.trap.empty()) {
      // The kernel must stop with its device-side assert (cute.check).
      Status st = stream.synchronize();
      std::printf("CHECK %s trap %s (host check: %s): %s -> %s\n",
                  dec.info().name.c_str(), c.trap.c_str(), bad.c_str(),
                  st.ok() ? "ran to the end" : st.message().c_str(),
                  st.ok() ? "FAIL" : "PASS");
      return !st.ok();
    }
    need(stream.synchronize(), "run");
    std::vector<uint16_t> ho(nq);
    std::vector<float> hl(rows);
    need(o.copyToHost(ho.data(), nq * 2), "download o");
    need(lse.copyToHost(hl.data(), rows * 4), "download lse");
    // The KV bytes read per second (a BENCH line).
    auto timeIt = [&] {
      double ms = medianMs(ctx, stream, launch);
      double bytes = 0;
      for (int32_t l : lens)
        bytes += 2.0 * double(l) * double(c.hkv * d) * (c.fp8 ? 1 : 2);
      // Mixed lengths print their mean and "mixed".
      bool mixed = c.ctx.size() > 1;
      int64_t shown =
          mixed ? int64_t(bytes /
                          (2.0 * double(c.batch * c.hkv * d * (c.fp8 ? 1 : 2))))
                : lens[0];
      std::printf("BENCH %s b%lld ctx%lld%s page%lld splits %lld: %.4f ms, KV "
                  "%.1f GB/s\n",
                  dec.info().name.c_str(), (long long)c.batch, (long long)shown,
                  mixed ? " mixed" : "", (long long)c.page,
                  (long long)plan.splits, ms, bytes / (ms * 1e6));
    };
    if (!check) {
      // --no-check: the timed rows only (the reference is minutes at batch 64).
      timeIt();
      continue;
    }
    if (refO.empty()) {
      refO.assign(nq, 0.0);
      refL.assign(rows, 0.0);
      for (int64_t b = 0; b < c.batch; ++b)
        for (int64_t t = 0; t < c.ntok; ++t)
          for (int64_t h = 0; h < c.hq; ++h) {
            const int64_t orow = b * c.ntok + t, kh = h / g;
            const size_t qo = size_t(orow * p.ldq + h * d);
            std::vector<double> qr(static_cast<size_t>(d));
            for (int64_t x = 0; x < d; ++x)
              qr[size_t(x)] = bf16ToFloat(hQ[qo + size_t(x)]);
            const int64_t pos = lens[size_t(b)] - c.ntok + t;
            ropeRow(qr, pos, theta, c.rope, c.fp8);
            const int64_t keys = std::max<int64_t>(0, pos + 1);
            std::vector<double> sc(static_cast<size_t>(keys));
            double mx = -INFINITY;
            auto slotOf = [&](int64_t j) {
              return int64_t(table[size_t(b * p.maxPages + j / c.page)]) *
                         c.page +
                     j % c.page;
            };
            for (int64_t j = 0; j < keys; ++j) {
              const size_t ko = size_t(slotOf(j) * p.ldkv + kh * d);
              double s = 0;
              for (int64_t x = 0; x < d; ++x)
                s += qr[size_t(x)] * kf(ko + size_t(x), kh);
              sc[size_t(j)] = s * double(scale);
              mx = std::max(mx, sc[size_t(j)]);
            }
            double sum = 0;
            for (double &s : sc)
              sum += (s = std::exp(s - mx));
            const size_t oo = size_t(orow * p.ldo + h * d);
            for (int64_t x = 0; x < d; ++x) {
              double acc = 0;
              for (int64_t j = 0; j < keys; ++j)
                acc += sc[size_t(j)] *
                       vf(size_t(slotOf(j) * p.ldkv + kh * d + x), kh);
              refO[oo + size_t(x)] = keys ? acc / sum : 0.0;
            }
            const size_t li = size_t(orow * c.hq + h);
            refL[li] = keys ? mx + std::log(sum) : -INFINITY;
          }
    }
    std::vector<float> gotO(nq), gotL(hl.begin(), hl.end());
    for (size_t i = 0; i < nq; ++i)
      gotO[i] = bf16ToFloat(ho[i]);
    Comparison co = compare(refO, gotO, 1e-2, 2e-2);
    LseCheck lc = compareLse(refL, gotL);
    const double lseMax = lc.maxErr;
    bool ok = co.pass && lc.ok;
    const std::string ctxs = contextList(c.ctx);
    std::printf("CHECK %s b%lld ntok%lld hq%lld/hkv%lld page%lld ctx[%s] "
                "splits %lld seed %llu: O max|d| %.3g (%zu bad), LSE max|d| "
                "%.3g: %s\n",
                dec.info().name.c_str(), (long long)c.batch, (long long)c.ntok,
                (long long)c.hq, (long long)c.hkv, (long long)c.page,
                ctxs.c_str(), (long long)plan.splits, (unsigned long long)seed,
                co.maxAbs, co.bad, lseMax, ok ? "PASS" : "FAIL");
    if (bench && c.bench)
      timeIt();
    allOk &= ok;
  }
  return allOk;
}

/// An append problem's device buffers: the inputs, and q_out and the
/// caches poisoned.
struct AppendBuffers {
  rt::DeviceBuffer qw, kw, cs, pos, slot, ks, vs, q, k, v;
  AppendBuffers(const rt::Context &ctx, const decode::AppendProblem &p)
      : qw(need(rt::DeviceBuffer::fromHost(ctx, p.qNorm), "q norm")),
        kw(need(rt::DeviceBuffer::fromHost(ctx, p.kNorm), "k norm")),
        cs(need(rt::DeviceBuffer::fromHost(ctx, p.cosSin), "cos/sin")),
        pos(need(rt::DeviceBuffer::fromHost(ctx, p.pos), "positions")),
        slot(need(rt::DeviceBuffer::fromHost(ctx, p.slot), "slot mapping")),
        ks(need(rt::DeviceBuffer::fromHost(ctx, p.kScale), "k scales")),
        vs(need(rt::DeviceBuffer::fromHost(ctx, p.vScale), "v scales")),
        q(need(
            rt::DeviceBuffer::allocate(ctx, size_t(p.tokens * p.hq * p.d) * 2),
            "q out")),
        k(need(rt::DeviceBuffer::allocate(ctx, p.cacheBytes()), "k cache")),
        v(need(rt::DeviceBuffer::allocate(ctx, p.cacheBytes()), "v cache")) {
    need(q.poison(), "poison");
    need(k.poison(), "poison");
    need(v.poison(), "poison");
  }
  decode::AppendResult download(const decode::AppendProblem &p) const {
    decode::AppendResult r;
    r.q.resize(size_t(p.tokens * p.hq * p.d));
    r.k.resize(p.cacheBytes());
    r.v.resize(p.cacheBytes());
    need(q.copyToHost(r.q.data(), r.q.size() * 2), "download q");
    need(k.copyToHost(r.k.data(), r.k.size()), "download k");
    need(v.copyToHost(r.v.data(), r.v.size()), "download v");
    return r;
  }
};

/// append_<KV>_d<D> (append.mlir) on the qkv rows in `dqkv` (ld elements
/// apart).
void launchAppend(const rt::Stream &stream, const rt::Kernel &k,
                  const decode::AppendProblem &p, const AppendBuffers &b,
                  const rt::DeviceBuffer &dqkv, int64_t ld) {
  rt::KernelArgs args;
  args.ptr(dqkv).ptr(b.qw).ptr(b.kw).ptr(b.cs).ptr(b.pos).ptr(b.slot);
  args.ptr(b.q).ptr(b.k).ptr(b.v).ptr(b.ks).ptr(b.vs);
  args.scalar(int32_t(p.tokens)).scalar(int32_t(p.hq)).scalar(int32_t(p.hkv));
  args.scalar(int32_t(ld)).scalar(int32_t(p.hq * p.d));
  args.scalar(int32_t(p.hkv * p.d)).scalar(int32_t(p.slots)).scalar(p.eps);
  rt::LaunchConfig cfg;
  cfg.grid = rt::Dim3{unsigned((p.tokens * p.heads() + 3) / 4), 1, 1};
  need(k.launch(stream, cfg, args), "append launch");
}

void printAppendCheck(const std::string &name, const decode::AppendProblem &p,
                      uint64_t seed, const decode::AppendDiff &d) {
  std::printf("CHECK %s tokens %lld hq%lld/hkv%lld seed %llu: bit-exact q_out "
              "(%zu differ), k cache (%zu bytes differ), v cache (%zu): %s\n",
              name.c_str(), (long long)p.tokens, (long long)p.hq,
              (long long)p.hkv, (unsigned long long)seed, d.q, d.k, d.v,
              d.ok() ? "PASS" : "FAIL");
}

/// kv_append_<KV>_d<D> (append.mlir) on `tokens` rows of a random packed
/// QKV projection, against AppendReference.h bit for bit.
/// With `trapSlot` (--trap slot, a kernel compiled with debug-checks):
/// token 1's slot is past the cache, the host's check is skipped, and the
/// launch must trap.
bool runAppend(const rt::Context &ctx, const rt::Stream &stream,
               const rt::Program &prog, int64_t tokens, int64_t hq, int64_t hkv,
               int64_t d, bool fp8, bool trapSlot = false) {
  const std::string name = std::string("append_") + (fp8 ? "e4m3" : "bf16") +
                           "_d" + std::to_string(d);
  rt::Kernel k = need(prog.kernel(name), "append kernel");
  uint64_t seed = freshSeed();
  decode::AppendProblem p =
      decode::makeAppendProblem(tokens, hq, hkv, d, fp8, seed);
  if (trapSlot)
    p.slot[1] = int32_t(p.slots + 2);
  std::string bad = decode::checkSlotMapping(p.slot, p.slots);
  if (!bad.empty() && !trapSlot) {
    std::printf("REJECTED %s\n", bad.c_str());
    return false;
  }
  const int64_t ld = p.heads() * d;
  auto qkv = randomVector<BF16>(size_t(tokens * ld), seed + 1, -3.f, 3.f);
  auto dqkv = need(rt::DeviceBuffer::fromHost(ctx, qkv), "qkv");
  AppendBuffers b(ctx, p);
  launchAppend(stream, k, p, b, dqkv, ld);
  if (trapSlot) {
    Status st = stream.synchronize();
    std::printf("CHECK %s trap slot (host check: %s): %s -> %s\n", name.c_str(),
                bad.c_str(), st.ok() ? "ran to the end" : st.message().c_str(),
                st.ok() ? "FAIL" : "PASS");
    return !st.ok();
  }
  need(stream.synchronize(), "append run");
  decode::AppendDiff diff =
      decode::compareAppend(decode::appendReference(p, qkv, ld), b.download(p));
  printAppendCheck(name, p, seed, diff);
  return diff.ok();
}

#ifdef CUTE_DECODE_WITH_QKV
/// The QKV projection with the fused append (cute::kernels::Gemm::runQkv,
/// gemm-sm90's QKV instances): x (tokens x K) and W ((hq + 2 hkv) d x K)
/// hold integers in [-2, 2], so the f32 accumulation is exact and the bf16
/// rounding of each qkv value is the CPU's; q_out and the caches must then
/// be AppendReference.h's bit for bit. With `bench`, times the plain GEMM
/// (Gemm::run into a qkv buffer), the unfused chain (that GEMM, then
/// append.mlir) and the fused call.
/// The chain of separate kernels (chain.mlir) after the plain GEMM's qkv
/// in `dqkv` (modified in place): norm, RoPE, quantize and scatter.
void launchChain(const rt::Stream &stream, const rt::Program &chain,
                 const decode::AppendProblem &p, const AppendBuffers &b,
                 const rt::DeviceBuffer &dqkv, int64_t ld) {
  const std::string sfx = std::string(p.fp8 ? "_e4m3" : "_bf16") + "_d128";
  rt::Kernel norm = need(chain.kernel("qk_norm" + sfx), "qk_norm kernel");
  rt::Kernel rope = need(chain.kernel("rope" + sfx), "rope kernel");
  rt::Kernel qs = need(chain.kernel("quant_scatter" + sfx), "scatter kernel");
  rt::LaunchConfig qk, all;
  qk.grid = rt::Dim3{unsigned((p.tokens * (p.hq + p.hkv) + 3) / 4), 1, 1};
  all.grid = rt::Dim3{unsigned((p.tokens * p.heads() + 3) / 4), 1, 1};
  const int32_t t = int32_t(p.tokens), hq = int32_t(p.hq), hkv = int32_t(p.hkv),
                l = int32_t(ld);
  rt::KernelArgs a1;
  a1.ptr(dqkv).ptr(b.qw).ptr(b.kw).scalar(t).scalar(hq).scalar(hkv);
  a1.scalar(l).scalar(p.eps);
  need(norm.launch(stream, qk, a1), "qk_norm launch");
  rt::KernelArgs a2;
  a2.ptr(dqkv).ptr(b.cs).ptr(b.pos).ptr(b.slot).scalar(t).scalar(hq);
  a2.scalar(hkv).scalar(l);
  need(rope.launch(stream, qk, a2), "rope launch");
  rt::KernelArgs a3;
  a3.ptr(dqkv).ptr(b.slot).ptr(b.q).ptr(b.k).ptr(b.v).ptr(b.ks).ptr(b.vs);
  a3.scalar(t).scalar(hq).scalar(hkv).scalar(l).scalar(int32_t(p.hq * p.d));
  a3.scalar(int32_t(p.hkv * p.d)).scalar(int32_t(p.slots));
  need(qs.launch(stream, all, a3), "quant_scatter launch");
}

bool runQkv(const rt::Context &ctx, const rt::Stream &stream,
            const kernels::Gemm &gemm, const rt::Program &app,
            const rt::Program &chain, int64_t tokens, int64_t hq, int64_t hkv,
            int64_t kdim, bool fp8, bool bench) {
  const int64_t d = 128;
  uint64_t seed = freshSeed();
  decode::AppendProblem p =
      decode::makeAppendProblem(tokens, hq, hkv, d, fp8, seed);
  const int64_t n = p.heads() * d;
  std::mt19937_64 rng(seed + 7);
  auto ints = [&](size_t count) {
    std::vector<uint16_t> v(count);
    for (uint16_t &x : v)
      x = floatToBf16(float(int(rng() % 5) - 2));
    return v;
  };
  auto hx = ints(size_t(tokens * kdim));
  auto hw = ints(size_t(n * kdim));
  // The exact projection, rounded to bf16 once (W's rows split over the
  // host's threads: 6 G products at M = 256).
  std::vector<uint16_t> qkv(size_t(tokens * n));
  std::vector<float> fx(hx.size()), fw(hw.size());
  for (size_t i = 0; i < hx.size(); ++i)
    fx[i] = bf16ToFloat(hx[i]);
  for (size_t i = 0; i < hw.size(); ++i)
    fw[i] = bf16ToFloat(hw[i]);
  const int64_t nt = std::max<int64_t>(1, std::thread::hardware_concurrency());
  std::vector<std::thread> pool;
  for (int64_t th = 0; th < nt; ++th)
    pool.emplace_back([&, th] {
      for (int64_t j = th; j < n; j += nt)
        for (int64_t t = 0; t < tokens; ++t) {
          float acc = 0.f;
          const float *xr = &fx[size_t(t * kdim)], *wr = &fw[size_t(j * kdim)];
          for (int64_t i = 0; i < kdim; ++i)
            acc += xr[i] * wr[i];
          qkv[size_t(t * n + j)] = floatToBf16(acc);
        }
    });
  for (std::thread &t : pool)
    t.join();
  auto dx = need(rt::DeviceBuffer::fromHost(ctx, hx), "x");
  auto dw = need(rt::DeviceBuffer::fromHost(ctx, hw), "W");
  AppendBuffers b(ctx, p);
  using kernels::DeviceMatrix;
  using kernels::ElemType;
  DeviceMatrix x{dx.ptr(), ElemType::BF16, tokens, kdim, kdim};
  DeviceMatrix w{dw.ptr(), ElemType::BF16, n, kdim, kdim};
  DeviceMatrix q{b.q.ptr(), ElemType::BF16, tokens, hq * d, hq * d};
  kernels::QkvAppend a;
  a.qHeads = hq, a.kvHeads = hkv, a.eps = p.eps;
  a.qNormWeight = b.qw.ptr(), a.kNormWeight = b.kw.ptr();
  a.cosSin = b.cs.ptr(), a.positions = b.pos.ptr();
  a.slotMapping = b.slot.ptr();
  a.kCache = b.k.ptr(), a.vCache = b.v.ptr();
  a.cacheType = fp8 ? ElemType::F8E4M3 : ElemType::BF16;
  a.ldkv = hkv * d, a.slots = p.slots;
  a.kScale = b.ks.ptr(), a.vScale = b.vs.ptr();
  need(gemm.runQkv(stream, x, w, q, a), "fused QKV");
  need(stream.synchronize(), "fused QKV run");
  decode::AppendDiff diff =
      decode::compareAppend(decode::appendReference(p, qkv, n), b.download(p));
  const kernels::GemmPlan plan =
      tokens <= kernels::kSwapMaxM
          ? kernels::GemmPlan{kernels::GemmConfig::Swap128x64, 1}
          : kernels::GemmPlan{kernels::GemmConfig::Tile128x128, 1};
  const std::string name = std::string("qkv_fused_") + (fp8 ? "e4m3" : "bf16") +
                           " K" + std::to_string(kdim) + " " +
                           kernels::gemmConfigName(plan.config);
  printAppendCheck(name, p, seed, diff);
  // The plain projection into qkv, then the chain of separate kernels on
  // fresh (poisoned) outputs: the same bits.
  auto dqkv =
      need(rt::DeviceBuffer::allocate(ctx, size_t(tokens * n) * 2), "qkv");
  DeviceMatrix c{dqkv.ptr(), ElemType::BF16, tokens, n, n};
  AppendBuffers bc(ctx, p);
  need(gemm.run(stream, x, w, c), "QKV GEMM");
  launchChain(stream, chain, p, bc, dqkv, n);
  need(stream.synchronize(), "chain run");
  decode::AppendDiff cdiff =
      decode::compareAppend(decode::appendReference(p, qkv, n), bc.download(p));
  printAppendCheck(std::string("qkv_chain_") + (fp8 ? "e4m3" : "bf16") + " K" +
                       std::to_string(kdim),
                   p, seed, cdiff);
  if (bench) {
    // The unfused chain: the plain projection, then append.mlir.
    rt::Kernel k = need(
        app.kernel(std::string("append_") + (fp8 ? "e4m3" : "bf16") + "_d128"),
        "append kernel");
    double plain = medianMs(
        ctx, stream, [&] { need(gemm.run(stream, x, w, c), "QKV GEMM"); });
    double unfused = medianMs(ctx, stream, [&] {
      need(gemm.run(stream, x, w, c), "QKV GEMM");
      launchAppend(stream, k, p, b, dqkv, n);
    });
    double fused = medianMs(ctx, stream, [&] {
      need(gemm.runQkv(stream, x, w, q, a), "fused QKV");
    });
    // The chain: the projection, then norm, RoPE, quantize and
    // scatter as separate kernels (chain.mlir).
    double chain4 = medianMs(ctx, stream, [&] {
      need(gemm.run(stream, x, w, c), "QKV GEMM");
      launchChain(stream, chain, p, bc, dqkv, n);
    });
    std::printf("BENCH qkv_%s M%lld N%lld K%lld: plain GEMM %.4f ms, unfused "
                "chain %.4f ms, fused %.4f ms (fused / plain %.2f, unfused / "
                "fused %.2f); separate kernels %.4f ms (%.2f x fused)\n",
                fp8 ? "e4m3" : "bf16", (long long)tokens, (long long)n,
                (long long)kdim, plain, unfused, fused, fused / plain,
                unfused / fused, chain4, chain4 / fused);
  }
  return diff.ok() && cdiff.ok();
}
#endif

} // namespace

int main(int argc, char **argv) {
  // --trap KIND, --splits N (every case with N splits instead of the
  // plan's: a calibration of planSplits on a GPU; the first --splits
  // counts) and --batch B (only the cases of batch B): Harness.h.
  Options o = parseOptions(argc, argv);
  const std::string trap = o.trap;
  const int64_t forceSplits = o.splits.empty() ? -1 : o.splits.front();
  const int64_t onlyBatch = o.batch;
  rt::Context ctx = openContext("decode-attention");
  rt::Stream stream = need(rt::Stream::create(ctx), "stream");
  // sm_100a runs the tcgen05 kernel (kernel-sm100.mlir), the others the
  // mma.sync one.
  auto cc0 = need(ctx.computeCapability(), "compute capability");
  Flavor fl;
  fl.tc = cc0.first == 10;
  fl.rowsPerCta = fl.tc ? 128 : 16;
  rt::Program prog =
      loadProgram(ctx, o, fl.tc ? "decode_tc" : "decode_attention");
  int sms =
      need(ctx.attribute(CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT), "SM count");
  std::vector<Case> cases;
  if (trap == "slot") {
    // The append kernel (debug-checks) on a slot past the cache.
    rt::Program app = loadProgram(ctx, o, "kv_append");
    bool ok = runAppend(ctx, stream, app, 5, 4, 2, 128, false, true);
    std::printf("RESULT decode-attention %s\n", ok ? "PASS" : "FAIL");
    return ok ? 0 : 1;
  }
  if (!trap.empty()) {
    Case t{2, 1, 8, 2, 128, 16, {40, 20}};
    t.trap = trap;
    cases.push_back(t);
  } else if (!o.sizes.empty()) {
    // Small cases of context N: GQA 4 and 5, page sizes 1, 7, 16, 2 tokens.
    for (int64_t n : o.sizes) {
      int32_t c = int32_t(n);
      for (bool fp8 : {false, true})
        for (int64_t d : {64, 128, 256}) {
          cases.push_back(
              {2, 1, 8, 2, d, 16, {c, c / 2 + 1}, -1, true, false, fp8});
          cases.push_back({1, 2, 5, 1, d, 7, {c}, -1, true, false, fp8});
          cases.push_back({3, 1, 4, 4, d, 1, {c, 0, 1}, -1, true, false, fp8});
        }
    }
  } else {
    for (int64_t d : {64, 128, 256}) {
      // Odd shapes: every GQA ratio in {1, 4, 5, 8, 32}, page sizes 1 and 7,
      // contexts 1 and 4097, an empty sequence, speculative tokens.
      cases.push_back({3, 1, 8, 8, d, 16, {1, 4097, 0}});
      cases.push_back({2, 1, 32, 8, d, 7, {4097, 300}});
      cases.push_back({2, 1, 10, 2, d, 1, {777, 1}});
      cases.push_back({1, 1, 64, 8, d, 16, {2048}});
      cases.push_back({2, 1, 32, 1, d, 64, {1000, 33}});
      cases.push_back({2, 4, 32, 8, d, 16, {513, 4}});
      cases.push_back({1, 8, 16, 4, d, 7, {100}});
      cases.push_back({4, 1, 32, 8, d, 16, {4096}, 1});
      cases.push_back({4, 1, 32, 8, d, 16, {4096}, 7});
      cases.push_back({1, 1, 32, 8, d, 16, {300}, -1, false});
      // FP8 (e4m3) caches with per-head scales.
      cases.push_back({3, 1, 32, 8, d, 7, {4097, 1, 0}, -1, true, false, true});
      cases.push_back({2, 2, 40, 8, d, 1, {600, 77}, -1, true, false, true});
    }
    // The benchmark rows (Qwen3-8B: 32 q / 8 kv heads, d 128), on a GPU:
    // batch 1..256 x context 1k..32k at page 16 (bf16 and e4m3), pages 1
    // and 64 at two points, and mixed lengths (uniform in [ctx/8, 15ctx/8],
    // mean about ctx) at batch 16 and 64.
    if (o.bench && !ctx.driver().emulated()) {
      auto row = [&](int64_t b, int64_t page, std::vector<int32_t> lens,
                     bool fp8) {
        cases.push_back({b, 1, 32, 8, 128, page, lens, -1, true, true, fp8});
      };
      for (int64_t b : {1, 16, 64, 256})
        for (int32_t c : {1024, 4096, 16384, 32768})
          for (bool fp8 : {false, true})
            row(b, 16, {c}, fp8);
      for (int64_t page : {1, 64})
        for (auto [b, c] : {std::pair<int64_t, int32_t>{16, 4096}, {64, 16384}})
          for (bool fp8 : {false, true})
            row(b, page, {c}, fp8);
      // Head dim 256 (Gemma-like: 16 q / 8 kv heads), bf16 and e4m3.
      for (auto [b, c] : {std::pair<int64_t, int32_t>{16, 4096}, {64, 16384}})
        for (bool fp8 : {false, true})
          cases.push_back({b, 1, 16, 8, 256, 16, {c}, -1, true, true, fp8});
      std::mt19937 mix(7);
      for (int64_t b : {16, 64})
        for (int32_t c : {4096, 16384}) {
          std::uniform_int_distribution<int32_t> len(c / 8, 15 * c / 8);
          std::vector<int32_t> lens(static_cast<size_t>(b));
          for (int32_t &l : lens)
            l = len(mix);
          row(b, 16, lens, false);
        }
    }
  }
  bool ok = true;
  // The KV append (append.mlir): QK-norm, RoPE, quantize, scatter.
  if (trap.empty() && o.check) {
    rt::Program app = loadProgram(ctx, o, "kv_append");
    for (bool fp8 : {false, true})
      for (int64_t d : {64, 128})
        ok &= runAppend(ctx, stream, app, o.sizes.empty() ? 37 : 5, 32, 8, d,
                        fp8);
  }
#ifdef CUTE_DECODE_WITH_QKV
  // The fused QKV epilogue (sm_90a: the library's sm_90a instances): small
  // odd shapes (both configurations, a partial tile), then on a GPU the
  // Qwen3-8B projection (32 q / 8 kv heads, K 4096) at M = 1 .. 256,
  // checked and timed against the plain GEMM and the unfused chain.
  // (The timed rows check their results too: --no-check runs them.)
  if (trap.empty() && (o.check || o.bench) && forceSplits < 0 &&
      onlyBatch < 0) {
    auto cc = need(ctx.computeCapability(), "compute capability");
    if (cc.first == 9) {
      kernels::Gemm gemm = need(kernels::Gemm::create(ctx), "GEMM library");
      rt::Program app = loadProgram(ctx, o, "kv_append");
      rt::Program chain = loadProgram(ctx, o, "kv_chain");
      for (bool fp8 : {false, true})
        for (int64_t t : {int64_t(5), int64_t(130)})
          if (o.check)
            ok &=
                runQkv(ctx, stream, gemm, app, chain, t, 4, 2, 64, fp8, false);
      if (o.bench && !ctx.driver().emulated())
        for (int64_t t : {1, 16, 64, 128, 256})
          for (bool fp8 : {false, true})
            ok &= runQkv(ctx, stream, gemm, app, chain, t, 32, 8, 4096, fp8,
                         true);
    } else {
      std::printf("NOTE qkv_fused not run: the fused QKV epilogue is built for "
                  "sm_90a (this device is %d.%d)\n",
                  cc.first, cc.second);
    }
  }
#endif
  for (Case c : cases) {
    if (forceSplits > 0)
      c.splits = forceSplits;
    if (onlyBatch > 0 && c.bench && c.batch != onlyBatch)
      continue;
    if (!o.check && !c.bench)
      continue;
    const std::string kv = c.fp8 ? "e4m3" : "bf16";
    const std::string d = "_d" + std::to_string(c.d);
    // The case's kernel, then the same case on its cp.async variant where
    // the program has one (decode_<kv>cp_d<D>: blocks in flight through
    // shared memory), checked and timed alike. --kernel NAME: only those.
    std::vector<std::string> names{(fl.tc ? "decode_tc_" : "decode_") + kv + d};
    std::vector<rt::Kernel> decs;
    if (!fl.tc)
      names.push_back("decode_" + kv + "cp" + d);
    for (size_t i = 0; i < names.size(); ++i) {
      if (!o.kernels.empty() && std::find(o.kernels.begin(), o.kernels.end(),
                                          names[i]) == o.kernels.end())
        continue;
      Expected<rt::Kernel> k = prog.kernel(names[i]);
      if (i > 0 && !k)
        continue; // no variant of this kernel
      decs.push_back(need(std::move(k), "decode kernel"));
      if (!c.trap.empty())
        break; // a trap ends the context: one kernel
    }
    if (!decs.empty())
      ok &= runCase(ctx, stream, decs, sms, c, o.bench, o.check, fl);
  }
  std::printf("RESULT decode-attention %s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
