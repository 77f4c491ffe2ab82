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
#include "Decode.h"

#include "cute/Support/NarrowFloat.h"

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
  /// past the host's checks; the launch must trap.
  std::string trap;
};

/// q rotated as the kernel does: f32 angle = f32(pos) x theta^(-2p/D) (f32),
/// NeoX pairs (p, p + D/2), rounded to bf16.
void ropeRow(std::vector<double> &x, int64_t pos, float theta, bool rope) {
  size_t d = x.size(), h = d / 2;
  for (size_t i = 0; i < d; ++i)
    x[i] = double(bf16ToFloat(floatToBf16(float(x[i]))));
  if (!rope)
    return;
  for (size_t p = 0; p < h; ++p) {
    float e = -float(2 * p) / float(d);
    float inv = std::pow(theta, e);
    float ang = float(pos) * inv;
    double c = std::cos(double(ang)), s = std::sin(double(ang));
    double a = x[p], b = x[p + h];
    x[p] = double(bf16ToFloat(floatToBf16(float(a * c - b * s))));
    x[p + h] = double(bf16ToFloat(floatToBf16(float(b * c + a * s))));
  }
}

bool runCase(const rt::Context &ctx, const rt::Stream &stream,
             const rt::Kernel &dec, int sms, const Case &c, bool bench,
             bool check = true) {
  decode::Problem p;
  p.batch = c.batch;
  p.ntok = c.ntok;
  p.hq = c.hq;
  p.hkv = c.hkv;
  p.d = c.d;
  p.page = c.page;
  const int64_t d = c.d;
  std::vector<int32_t> lens(size_t(c.batch));
  for (int64_t b = 0; b < c.batch; ++b)
    lens[size_t(b)] = c.ctx[size_t(b) % c.ctx.size()];
  int64_t maxCtx = *std::max_element(lens.begin(), lens.end());
  p.maxPages = std::max<int64_t>(1, (maxCtx + c.page - 1) / c.page);
  // Pages: each sequence's, in a shuffled order, plus 3 unused.
  int64_t used = 0;
  for (int32_t l : lens)
    used += (l + c.page - 1) / c.page;
  p.pages = used + 3;
  uint64_t seed = freshSeed();
  std::mt19937_64 rng(seed);
  std::vector<int32_t> perm(size_t(p.pages));
  for (size_t i = 0; i < perm.size(); ++i)
    perm[i] = int32_t(i);
  std::shuffle(perm.begin(), perm.end(), rng);
  std::vector<int32_t> table(size_t(c.batch * p.maxPages), -1);
  int64_t next = 0;
  for (int64_t b = 0; b < c.batch; ++b)
    for (int64_t i = 0; i < (lens[size_t(b)] + c.page - 1) / c.page; ++i)
      table[size_t(b * p.maxPages + i)] = perm[size_t(next++)];
  if (c.trap == "table")
    table[size_t(p.maxPages)] = int32_t(p.pages + 5); // sequence 1, page 0
  if (c.trap == "context")
    lens[1] = int32_t(p.maxPages * c.page + 1);
  const int64_t slots = p.pages * c.page;
  p.ldkv = c.hkv * d;
  p.ldq = c.hq * d;
  p.ldo = c.hq * d;
  std::string bad = decode::checkLaunch(
      p, dec.info().name.find("d64") != std::string::npos ? 64 : 128, &lens,
      &table);
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
  decode::Plan plan = decode::planSplits(p, maxCtx, sms);
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
  need(o.poison(), "poison");
  need(lse.poison(), "poison");
  need(ws.poison(), "poison");
  need(wl.poison(), "poison");
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
  cfg.grid = rt::Dim3{unsigned(c.hkv * decode::rowChunks(p)), unsigned(c.batch),
                      unsigned(plan.splits)};
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
    return true;
  }
  // The reference, in double.
  const int64_t g = c.hq / c.hkv;
  std::vector<double> refO(nq), refL(rows);
  std::vector<float> gotO(nq), gotL(rows);
  for (int64_t b = 0; b < c.batch; ++b)
    for (int64_t t = 0; t < c.ntok; ++t)
      for (int64_t h = 0; h < c.hq; ++h) {
        const int64_t orow = b * c.ntok + t, kh = h / g;
        const size_t qo = size_t(orow * p.ldq + h * d);
        std::vector<double> qr(static_cast<size_t>(d));
        for (int64_t x = 0; x < d; ++x)
          qr[size_t(x)] = bf16ToFloat(hQ[qo + size_t(x)]);
        const int64_t pos = lens[size_t(b)] - c.ntok + t;
        ropeRow(qr, pos, theta, c.rope);
        const int64_t keys = std::max<int64_t>(0, pos + 1);
        std::vector<double> sc(static_cast<size_t>(keys));
        double mx = -INFINITY;
        auto slotOf = [&](int64_t j) {
          return int64_t(table[size_t(b * p.maxPages + j / c.page)]) * c.page +
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
            acc +=
                sc[size_t(j)] * vf(size_t(slotOf(j) * p.ldkv + kh * d + x), kh);
          refO[oo + size_t(x)] = keys ? acc / sum : 0.0;
          gotO[oo + size_t(x)] = bf16ToFloat(ho[oo + size_t(x)]);
        }
        const size_t li = size_t(orow * c.hq + h);
        refL[li] = keys ? mx + std::log(sum) : -INFINITY;
        gotL[li] = hl[li];
      }
  Comparison co = compare(refO, gotO, 1e-2, 2e-2);
  // LSE: -inf rows must be -inf exactly.
  bool lseOk = true;
  double lseMax = 0;
  for (size_t i = 0; i < rows; ++i) {
    if (std::isinf(refL[i])) {
      lseOk &= std::isinf(gotL[i]) && gotL[i] < 0;
      continue;
    }
    double e = std::fabs(double(gotL[i]) - refL[i]);
    lseMax = std::max(lseMax, std::isnan(e) ? INFINITY : e);
    lseOk &= e <= 2e-3 + 2e-3 * std::fabs(refL[i]);
  }
  bool ok = co.pass && lseOk;
  std::string ctxs;
  for (size_t i = 0; i < c.ctx.size() && i < 4; ++i)
    ctxs += (i ? "," : "") + std::to_string(c.ctx[i]);
  if (c.ctx.size() > 4)
    ctxs += ",...";
  std::printf("CHECK %s b%lld ntok%lld hq%lld/hkv%lld page%lld ctx[%s] "
              "splits %lld seed %llu: O max|d| %.3g (%zu bad), LSE max|d| "
              "%.3g: %s\n",
              dec.info().name.c_str(), (long long)c.batch, (long long)c.ntok,
              (long long)c.hq, (long long)c.hkv, (long long)c.page,
              ctxs.c_str(), (long long)plan.splits, (unsigned long long)seed,
              co.maxAbs, co.bad, lseMax, ok ? "PASS" : "FAIL");
  if (bench && c.bench)
    timeIt();
  return ok;
}

/// kv_append_<KV>_d<D> (append.mlir) on `tokens` rows of a packed QKV
/// projection, against a CPU reference that performs the kernel's f32
/// operations in its order: q_out and both caches must match bit for bit
/// (slots the mapping skips keep their poison).
bool runAppend(const rt::Context &ctx, const rt::Stream &stream,
               const rt::Program &prog, int64_t tokens, int64_t hq, int64_t hkv,
               int64_t d, bool fp8) {
  const std::string name = std::string("append_") + (fp8 ? "e4m3" : "bf16") +
                           "_d" + std::to_string(d);
  rt::Kernel k = need(prog.kernel(name), "append kernel");
  uint64_t seed = freshSeed();
  std::mt19937_64 rng(seed);
  const int64_t heads = hq + 2 * hkv, ld = heads * d, maxPos = 4096;
  const int64_t slots = tokens + 5;
  auto qkv = randomVector<BF16>(size_t(tokens * ld), seed + 1, -3.f, 3.f);
  auto qw = randomVector<BF16>(size_t(d), seed + 2, 0.5f, 1.5f);
  auto kw = randomVector<BF16>(size_t(d), seed + 3, 0.5f, 1.5f);
  std::vector<float> cs(static_cast<size_t>(maxPos * d));
  for (int64_t pos = 0; pos < maxPos; ++pos)
    for (int64_t p = 0; p < d / 2; ++p) {
      double ang = double(pos) * std::pow(1e6, -2.0 * double(p) / double(d));
      cs[size_t(pos * d + p)] = float(std::cos(ang));
      cs[size_t(pos * d + d / 2 + p)] = float(std::sin(ang));
    }
  std::vector<int32_t> pos(static_cast<size_t>(tokens)),
      slot(static_cast<size_t>(tokens));
  std::vector<int32_t> perm(static_cast<size_t>(slots));
  for (size_t i = 0; i < perm.size(); ++i)
    perm[i] = int32_t(i);
  std::shuffle(perm.begin(), perm.end(), rng);
  for (int64_t t = 0; t < tokens; ++t) {
    pos[size_t(t)] = int32_t(rng() % uint64_t(maxPos));
    slot[size_t(t)] = t % 7 == 3 ? -1 : perm[size_t(t)];
  }
  std::vector<float> ks(size_t(hkv), 1.f), vs(size_t(hkv), 1.f);
  if (fp8)
    for (int64_t h = 0; h < hkv; ++h) {
      ks[size_t(h)] = 0.01f + float(rng() % 100) / 1000.f;
      vs[size_t(h)] = 0.01f + float(rng() % 100) / 1000.f;
    }
  const size_t eb = fp8 ? 1 : 2, cacheBytes = size_t(slots * hkv * d) * eb;
  auto dqkv = need(rt::DeviceBuffer::fromHost(ctx, qkv), "qkv");
  auto dqw = need(rt::DeviceBuffer::fromHost(ctx, qw), "q norm");
  auto dkw = need(rt::DeviceBuffer::fromHost(ctx, kw), "k norm");
  auto dcs = need(rt::DeviceBuffer::fromHost(ctx, cs), "cos/sin");
  auto dpos = need(rt::DeviceBuffer::fromHost(ctx, pos), "positions");
  auto dslot = need(rt::DeviceBuffer::fromHost(ctx, slot), "slot mapping");
  auto dks = need(rt::DeviceBuffer::fromHost(ctx, ks), "k scales");
  auto dvs = need(rt::DeviceBuffer::fromHost(ctx, vs), "v scales");
  auto dq = need(rt::DeviceBuffer::allocate(ctx, size_t(tokens * hq * d) * 2),
                 "q out");
  auto dk = need(rt::DeviceBuffer::allocate(ctx, cacheBytes), "k cache");
  auto dv = need(rt::DeviceBuffer::allocate(ctx, cacheBytes), "v cache");
  need(dq.poison(), "poison");
  need(dk.poison(), "poison");
  need(dv.poison(), "poison");
  const float eps = 1e-6f;
  rt::KernelArgs args;
  args.ptr(dqkv).ptr(dqw).ptr(dkw).ptr(dcs).ptr(dpos).ptr(dslot).ptr(dq);
  args.ptr(dk).ptr(dv).ptr(dks).ptr(dvs);
  args.scalar(int32_t(tokens)).scalar(int32_t(hq)).scalar(int32_t(hkv));
  args.scalar(int32_t(ld)).scalar(int32_t(hq * d)).scalar(int32_t(hkv * d));
  args.scalar(eps);
  rt::LaunchConfig cfg;
  cfg.grid = rt::Dim3{unsigned((tokens * heads + 3) / 4), 1, 1};
  need(k.launch(stream, cfg, args), "append launch");
  need(stream.synchronize(), "append run");
  std::vector<uint16_t> gq(static_cast<size_t>(tokens * hq * d));
  std::vector<uint8_t> gk(cacheBytes), gv(cacheBytes);
  need(dq.copyToHost(gq.data(), gq.size() * 2), "download q");
  need(dk.copyToHost(gk.data(), cacheBytes), "download k");
  need(dv.copyToHost(gv.data(), cacheBytes), "download v");
  // The reference, in the kernel's order of f32 operations.
  std::vector<uint16_t> rq(gq.size(), 0xFFFF);
  std::vector<uint8_t> rk(cacheBytes, 0xFF), rv(cacheBytes, 0xFF);
  auto rnd = [](float x) { return bf16ToFloat(floatToBf16(x)); };
  const int64_t e = d / 64, half = d / 2;
  for (int64_t t = 0; t < tokens; ++t)
    for (int64_t h = 0; h < heads; ++h) {
      std::vector<float> x(static_cast<size_t>(d)), y(static_cast<size_t>(d));
      for (int64_t i = 0; i < d; ++i)
        x[size_t(i)] = bf16ToFloat(qkv[size_t(t * ld + h * d + i)]);
      const bool isQ = h < hq, isV = h >= hq + hkv;
      if (!isV) {
        float lane[32];
        for (int l = 0; l < 32; ++l) {
          float s = 0.f;
          for (int64_t j = 0; j < e; ++j) {
            float v = x[size_t(e * l + j)];
            float sq = v * v;
            s = s + sq;
          }
          for (int64_t j = 0; j < e; ++j) {
            float v = x[size_t(half + e * l + j)];
            float sq = v * v;
            s = s + sq;
          }
          lane[l] = s;
        }
        for (int off : {16, 8, 4, 2, 1}) {
          float nx[32];
          for (int l = 0; l < 32; ++l)
            nx[l] = lane[l] + lane[l ^ off];
          std::memcpy(lane, nx, sizeof(nx));
        }
        float mean = lane[0] / float(d);
        float rstd = 1.f / std::sqrt(mean + eps);
        const auto &w = isQ ? qw : kw;
        for (int64_t i = 0; i < d; ++i)
          y[size_t(i)] =
              rnd(rnd(x[size_t(i)] * rstd) * bf16ToFloat(w[size_t(i)]));
        const size_t row = size_t(pos[size_t(t)] * d);
        for (int64_t p = 0; p < half; ++p) {
          float c = cs[row + size_t(p)], sn = cs[row + size_t(half + p)];
          float a = y[size_t(p)], b = y[size_t(half + p)];
          float b1 = b * sn, b2 = a * sn;
          x[size_t(p)] = rnd(std::fmaf(a, c, -b1));
          x[size_t(half + p)] = rnd(std::fmaf(b, c, b2));
        }
      }
      if (isQ) {
        for (int64_t i = 0; i < d; ++i)
          rq[size_t((t * hq + h) * d + i)] = floatToBf16(x[size_t(i)]);
        continue;
      }
      if (slot[size_t(t)] < 0)
        continue;
      const int64_t kh = isV ? h - hq - hkv : h - hq;
      const float sc = isV ? vs[size_t(kh)] : ks[size_t(kh)];
      std::vector<uint8_t> &cache = isV ? rv : rk;
      for (int64_t i = 0; i < d; ++i) {
        float q = x[size_t(i)] / sc;
        size_t at = size_t((slot[size_t(t)] * hkv + kh) * d + i);
        if (fp8) {
          cache[at] = encodeNarrowFloatSaturate(NarrowFloatKind::F8E4M3FN, q);
        } else {
          uint16_t bits = floatToBf16(q);
          std::memcpy(&cache[at * 2], &bits, 2);
        }
      }
    }
  size_t badQ = 0, badK = 0, badV = 0;
  for (size_t i = 0; i < rq.size(); ++i)
    badQ += rq[i] != gq[i];
  for (size_t i = 0; i < cacheBytes; ++i) {
    badK += rk[i] != gk[i];
    badV += rv[i] != gv[i];
  }
  bool ok = badQ + badK + badV == 0;
  std::printf("CHECK %s tokens %lld hq%lld/hkv%lld seed %llu: bit-exact q_out "
              "(%zu differ), k cache (%zu bytes differ), v cache (%zu): %s\n",
              name.c_str(), (long long)tokens, (long long)hq, (long long)hkv,
              (unsigned long long)seed, badQ, badK, badV, ok ? "PASS" : "FAIL");
  return ok;
}

} // namespace

int main(int argc, char **argv) {
  // --trap KIND, --splits N (every case with N splits instead of the
  // plan's: a calibration of planSplits on a GPU) and --batch B (only the
  // timed rows of batch B) are this driver's own.
  std::string trap;
  int64_t forceSplits = -1, onlyBatch = -1;
  std::vector<char *> rest;
  for (int i = 0; i < argc; ++i) {
    if (std::string(argv[i]) == "--trap" && i + 1 < argc)
      trap = argv[++i];
    else if (std::string(argv[i]) == "--splits" && i + 1 < argc)
      forceSplits = std::atoll(argv[++i]);
    else if (std::string(argv[i]) == "--batch" && i + 1 < argc)
      onlyBatch = std::atoll(argv[++i]);
    else
      rest.push_back(argv[i]);
  }
  Options o = parseOptions(int(rest.size()), rest.data());
  rt::Context ctx = openContext("decode-attention");
  rt::Stream stream = need(rt::Stream::create(ctx), "stream");
  rt::Program prog = loadProgram(ctx, o, "decode_attention");
  int sms =
      need(ctx.attribute(CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT), "SM count");
  std::vector<Case> cases;
  if (!trap.empty()) {
    Case t{2, 1, 8, 2, 128, 16, {40, 20}};
    t.trap = trap;
    cases.push_back(t);
  } else if (!o.sizes.empty()) {
    // Small cases of context N: GQA 4 and 5, page sizes 1, 7, 16, 2 tokens.
    for (int64_t n : o.sizes) {
      int32_t c = int32_t(n);
      for (bool fp8 : {false, true})
        for (int64_t d : {64, 128}) {
          cases.push_back(
              {2, 1, 8, 2, d, 16, {c, c / 2 + 1}, -1, true, false, fp8});
          cases.push_back({1, 2, 5, 1, d, 7, {c}, -1, true, false, fp8});
          cases.push_back({3, 1, 4, 4, d, 1, {c, 0, 1}, -1, true, false, fp8});
        }
    }
  } else {
    for (int64_t d : {64, 128}) {
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
  for (Case c : cases) {
    if (forceSplits > 0)
      c.splits = forceSplits;
    if (onlyBatch > 0 && c.bench && c.batch != onlyBatch)
      continue;
    std::string suffix =
        std::string(c.fp8 ? "e4m3" : "bf16") + (c.d == 64 ? "_d64" : "_d128");
    rt::Kernel dec = need(prog.kernel("decode_" + suffix), "decode kernel");
    if (!o.check && !c.bench)
      continue;
    ok &= runCase(ctx, stream, dec, sms, c, o.bench, o.check);
  }
  std::printf("RESULT decode-attention %s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
