//===- host.cpp - MLA decode (DeepSeek-V3 shapes): check and benchmark ----===//
//
// Runs mla_bf16, mla_e4m3 and mla_e4m3r (kernel.mlir): the sq newest tokens
// of each sequence, hq heads of 576 (absorbed q), attend to the sequence's
// latent cache in pages of 64 tokens (pages in a shuffled order, so the
// block table matters), bf16 or e4m3 with one scale. An e4m3 case runs on
// both e4m3 forms with the same data and reference (--kernel picks).
// Every case is checked against a CPU reference in double precision (fresh
// random data, seeds printed, outputs and workspace poisoned, every cache
// row no valid key holds filled with NaN); --size N runs small cases of
// context N; the benchmark prints TFLOP/s and the cache bytes read per
// second.
//
//===----------------------------------------------------------------------===//
#include "../common/Harness.h"
#include "../common/Paged.h"
#include "Mla.h"

#include "cute/Support/NarrowFloat.h"

using namespace cute;
using namespace cute::ex;

namespace {

struct Case {
  int64_t batch, sq, hq;
  std::vector<int32_t> ctx; // one per sequence (cycled to the batch)
  int64_t splits = -1;      // -1: the plan's
  bool bench = false;
  bool fp8 = false; // an e4m3 cache with one scale (mla_e4m3)
  /// --trap table|context (a kernel compiled with debug-checks=true): a
  /// block-table entry past the cache, or a context longer than its row,
  /// past the host's checks; the launch must trap.
  std::string trap;
};

/// Runs the case on each of `kerns` (the forms of its cache type: mla_bf16,
/// or mla_e4m3 and mla_e4m3r) with the same data, plan and reference, the
/// outputs poisoned again before each.
bool runCase(const rt::Context &ctx, const rt::Stream &stream,
             const std::vector<const rt::Kernel *> &kerns, int sms,
             const Case &c, bool bench, bool check) {
  const size_t eb = c.fp8 ? 1 : 2; // bytes of a cache element
  using namespace cute::mla;
  Problem p;
  p.batch = c.batch;
  p.sq = c.sq;
  p.hq = c.hq;
  std::vector<int32_t> lens(size_t(c.batch));
  for (int64_t b = 0; b < c.batch; ++b)
    lens[size_t(b)] = c.ctx[size_t(b) % c.ctx.size()];
  const int64_t maxCtx = *std::max_element(lens.begin(), lens.end());
  uint64_t seed = freshSeed();
  std::mt19937_64 rng(seed);
  // Each sequence's pages in a shuffled order, plus 2 unused (Paged.h).
  PagedTable pt = makePagedTable(lens, kPage, 2, rng);
  p.maxPages = pt.maxPages;
  p.pages = pt.pages;
  std::vector<int32_t> &table = pt.table;
  if (c.trap == "table")
    table[size_t(p.maxPages)] = int32_t(p.pages + 5); // sequence 1, page 0
  if (c.trap == "context")
    lens[1] = int32_t(p.maxPages * kPage + 1);
  int64_t splits = c.splits > 0 ? c.splits : planSplits(p, maxCtx, sms);
  std::string bad = checkLaunch(p, splits, &lens, &table);
  if (!bad.empty() && c.trap.empty()) {
    std::printf("REJECTED %s\n", bad.c_str());
    return false;
  }
  const int64_t rows = c.batch * c.sq * c.hq;
  const size_t nq = size_t(rows * kDimK), no = size_t(rows * kDimV);
  const size_t nkv = size_t(p.pages * kPage * kDimK);
  auto hQ = randomVector<BF16>(nq, seed + 1);
  // The cache: bf16, or e4m3 codes (values to +-448) and one scale; kf
  // gives an element's value (scale applied) for the reference. Large
  // caches (the timed rows) repeat a random block of 4M elements.
  const size_t blockN = std::min<size_t>(nkv, size_t(1) << 22);
  std::vector<uint8_t> hK(nkv * eb);
  float kscale = 1.f;
  {
    std::vector<uint8_t> blk(blockN * eb);
    if (c.fp8) {
      std::uniform_real_distribution<float> code(-448.f, 448.f), sc(.5f, 2.f);
      for (uint8_t &x : blk)
        x = toF8E4M3FN(code(rng));
      kscale = sc(rng) / 448.f;
    } else {
      auto v = randomVector<BF16>(blockN, seed + 2);
      std::memcpy(blk.data(), v.data(), blk.size());
    }
    for (size_t i = 0; i < hK.size(); i += blk.size())
      std::memcpy(&hK[i], blk.data(), std::min(blk.size(), hK.size() - i));
  }
  auto kf = [&](size_t i) {
    if (c.fp8)
      return double(fromF8E4M3FN(hK[i])) * kscale;
    uint16_t h;
    std::memcpy(&h, &hK[2 * i], 2);
    return double(bf16ToFloat(h));
  };
  // NaN (all-ones bytes, bf16 and e4m3) in every cache row no valid key
  // holds (the unused pages and the tails of the last pages): a masked key
  // that reached O would show.
  if (!c.bench) {
    std::vector<bool> live = liveSlots(pt, lens, kPage);
    for (size_t r = 0; r < live.size(); ++r)
      if (!live[r])
        std::memset(&hK[r * kDimK * eb], 0xFF, kDimK * eb);
  }
  auto q = need(rt::DeviceBuffer::fromHost(ctx, hQ), "q");
  auto kv = need(rt::DeviceBuffer::fromHost(ctx, hK), "cache");
  auto bt = need(rt::DeviceBuffer::fromHost(ctx, table), "block table");
  auto cl = need(rt::DeviceBuffer::fromHost(ctx, lens), "context lengths");
  auto o = need(rt::DeviceBuffer::allocate(ctx, no * 2), "o");
  auto lse = need(rt::DeviceBuffer::allocate(ctx, size_t(rows) * 4), "lse");
  auto ws = need(rt::DeviceBuffer::allocate(
                     ctx, std::max<size_t>(16, size_t(splits) * no * 4)),
                 "workspace");
  auto wl = need(rt::DeviceBuffer::allocate(
                     ctx, std::max<size_t>(16, size_t(splits * rows) * 4)),
                 "workspace lse");
  auto flags = need(
      rt::DeviceBuffer::allocate(ctx, size_t(counters(p)) * sizeof(int32_t)),
      "split counters");
  need(flags.memset(0), "zero the counters");
  // DeepSeek-V3's softmax scale: 1 / sqrt(128 + 64).
  const float scale = float(1.0 / std::sqrt(192.0));
  rt::KernelArgs args;
  args.ptr(q).ptr(kv).ptr(bt).ptr(cl).ptr(o).ptr(lse).ptr(ws).ptr(wl).ptr(
      flags);
  args.scalar(int32_t(c.batch)).scalar(int32_t(c.sq)).scalar(int32_t(c.hq));
  args.scalar(int32_t(p.maxPages)).scalar(int32_t(p.pages));
  args.scalar(int32_t(splits)).scalar(scale).scalar(kscale);
  rt::LaunchConfig cfg;
  cfg.grid =
      rt::Dim3{unsigned(rowTiles(p)), unsigned(splits), unsigned(c.batch)};
  // The reference (checks only), in double, from the inputs' values.
  std::vector<double> refO, refL;
  if (check && c.trap.empty()) {
    refO.resize(no);
    refL.resize(static_cast<size_t>(rows));
    std::vector<double> sc, qr(kDimK);
    for (int64_t b = 0; b < c.batch; ++b)
      for (int64_t t = 0; t < c.sq; ++t)
        for (int64_t h = 0; h < c.hq; ++h) {
          const int64_t r = (b * c.sq + t) * c.hq + h;
          // mla_e4m3's MMAs run in f16: its q is rounded to f16 (exact for
          // bf16 values in f16's normal range).
          for (int64_t x = 0; x < kDimK; ++x) {
            float v = bf16ToFloat(hQ[size_t(r * kDimK + x)]);
            qr[size_t(x)] = c.fp8 ? double(halfToFloat(floatToHalf(v))) : v;
          }
          const int64_t keys = std::max<int64_t>(
              0, std::min<int64_t>(lens[size_t(b)],
                                   lens[size_t(b)] - c.sq + 1 + t));
          sc.assign(size_t(keys), 0);
          double mx = -INFINITY;
          auto row = [&](int64_t j) {
            return size_t(
                (int64_t(table[size_t(b * p.maxPages + j / kPage)]) * kPage +
                 j % kPage) *
                kDimK);
          };
          for (int64_t j = 0; j < keys; ++j) {
            const size_t ko = row(j);
            double s = 0;
            for (int64_t x = 0; x < kDimK; ++x)
              s += qr[size_t(x)] * kf(ko + size_t(x));
            sc[size_t(j)] = s * double(scale);
            mx = std::max(mx, sc[size_t(j)]);
          }
          double sum = 0;
          for (double &s : sc)
            sum += (s = std::exp(s - mx));
          std::vector<double> acc(kDimV, 0.0);
          for (int64_t j = 0; j < keys; ++j) {
            const size_t ko = row(j);
            for (int64_t x = 0; x < kDimV; ++x)
              acc[size_t(x)] += sc[size_t(j)] * kf(ko + size_t(x));
          }
          for (int64_t x = 0; x < kDimV; ++x) {
            const size_t oi = size_t(r * kDimV + x);
            refO[oi] = keys ? acc[size_t(x)] / sum : 0.0;
          }
          refL[size_t(r)] = keys ? mx + std::log(sum) : -INFINITY;
        }
  }
  bool ok = true;
  for (const rt::Kernel *kp : kerns) {
    const rt::Kernel &kern = *kp;
    need(o.poison(), "poison");
    need(lse.poison(), "poison");
    need(ws.poison(), "poison");
    need(wl.poison(), "poison");
    auto launch = [&] { need(kern.launch(stream, cfg, args), "mla launch"); };
    launch();
    if (!c.trap.empty()) {
      Status st = stream.synchronize();
      std::printf("CHECK %s trap %s (host check: %s): %s -> %s\n",
                  kern.info().name.c_str(), c.trap.c_str(), bad.c_str(),
                  st.ok() ? "ran to the end" : st.message().c_str(),
                  st.ok() ? "FAIL" : "PASS");
      ok &= !st.ok();
      continue;
    }
    need(stream.synchronize(), "run");
    auto timeIt = [&] {
      double ms = medianMs(ctx, stream, launch);
      double keys = 0, flops = 0;
      for (int32_t l : lens) {
        keys += double(l);
        flops += 2.0 * double(c.sq * c.hq) * double(l) * double(kDimK + kDimV);
      }
      bool mixed = c.ctx.size() > 1;
      std::printf(
          "BENCH %s b%lld sq%lld hq%lld ctx%lld%s splits %lld: %.4f ms, "
          "%.1f TFLOP/s, KV %.1f GB/s\n",
          kern.info().name.c_str(), (long long)c.batch, (long long)c.sq,
          (long long)c.hq,
          (long long)(mixed ? int64_t(keys / double(c.batch)) : lens[0]),
          mixed ? " mixed" : "", (long long)splits, ms, flops / (ms * 1e9),
          keys * kDimK * double(eb) / (ms * 1e6));
    };
    if (!check) {
      timeIt();
      continue;
    }
    std::vector<uint16_t> ho(no);
    std::vector<float> hl(static_cast<size_t>(rows));
    need(o.copyToHost(ho.data(), no * 2), "download o");
    need(lse.copyToHost(hl.data(), size_t(rows) * 4), "download lse");
    std::vector<float> gotO(no);
    for (size_t x = 0; x < no; ++x)
      gotO[x] = bf16ToFloat(ho[x]);
    Comparison co = compare(refO, gotO, 1e-2, 2e-2);
    LseCheck lc = compareLse(refL, hl);
    const double lseMax = lc.maxErr;
    bool good = co.pass && lc.ok;
    const std::string ctxs = contextList(c.ctx);
    std::printf("CHECK %s b%lld sq%lld hq%lld ctx[%s] splits %lld seed %llu: O "
                "max|d| %.3g (%zu bad), LSE max|d| %.3g: %s\n",
                kern.info().name.c_str(), (long long)c.batch, (long long)c.sq,
                (long long)c.hq, ctxs.c_str(), (long long)splits,
                (unsigned long long)seed, co.maxAbs, co.bad, lseMax,
                good ? "PASS" : "FAIL");
    ok &= good;
    if (bench && c.bench)
      timeIt();
  }
  return ok;
}

} // namespace

int main(int argc, char **argv) {
  Options o = parseOptions(argc, argv);
  const std::string trap = o.trap;
  const int64_t forceSplits = o.splits.empty() ? -1 : o.splits.front();
  const int64_t onlyBatch = o.batch;
  rt::Context ctx = openContext("mla-decode");
  auto cc = need(ctx.computeCapability(), "compute capability");
  if (cc.first != 9) {
    // One source, for sm_90a (wgmma); the sm_100a and sm_120a versions are
    // not written yet.
    std::printf("SKIP mla-decode: the kernel is built for sm_90a (this device "
                "is %d.%d)\n",
                cc.first, cc.second);
    return 0;
  }
  rt::Stream stream = need(rt::Stream::create(ctx), "stream");
  rt::Program prog = loadProgram(ctx, o, "mla_decode");
  rt::Kernel kern16 = need(prog.kernel("mla_bf16"), "kernel mla_bf16");
  rt::Kernel kern8 = need(prog.kernel("mla_e4m3"), "kernel mla_e4m3");
  rt::Kernel kern8r = need(prog.kernel("mla_e4m3r"), "kernel mla_e4m3r");
  int sms =
      need(ctx.attribute(CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT), "SM count");
  std::vector<Case> cases;
  if (!trap.empty()) {
    Case t{2, 1, 16, {100, 70}};
    t.trap = trap;
    cases.push_back(t);
  } else if (!o.sizes.empty()) {
    for (int64_t n : o.sizes) {
      int32_t c = int32_t(n);
      cases.push_back({2, 1, 128, {c, c / 2 + 1}});
      cases.push_back({3, 2, 16, {c, 0, 2}});
      cases.push_back({1, 3, 40, {c}, 2});
    }
  } else {
    cases.push_back({3, 1, 128, {1, 4097, 0}});
    cases.push_back({2, 2, 128, {4097, 300}});
    cases.push_back({2, 4, 16, {777, 65}});
    cases.push_back({1, 1, 128, {8192}});
    cases.push_back({4, 1, 128, {2048}, 1});
    cases.push_back({4, 1, 128, {2048}, 7});
    cases.push_back({2, 3, 40, {1000, 64}});
    cases.push_back({1, 8, 128, {513}});
  }
  // Every check with an e4m3 cache too.
  if (trap.empty())
    for (size_t i = 0, n = cases.size(); i < n; ++i) {
      Case c = cases[i];
      c.fp8 = true;
      cases.push_back(c);
    }
  if (trap.empty() && o.sizes.empty() && o.bench && !ctx.driver().emulated()) {
    for (bool fp8 : {false, true}) {
      for (int64_t sq : {1, 2})
        for (int64_t b : {1, 16, 64, 128})
          for (int32_t c : {1024, 4096, 16384})
            cases.push_back({b, sq, 128, {c}, -1, true, fp8});
      std::mt19937 mix(7);
      for (int64_t b : {16, 64}) {
        std::uniform_int_distribution<int32_t> len(512, 7680);
        std::vector<int32_t> lens(static_cast<size_t>(b));
        for (int32_t &l : lens)
          l = len(mix);
        cases.push_back({b, 1, 128, lens, -1, true, fp8});
      }
    }
  }
  bool ok = true;
  for (Case c : cases) {
    if (forceSplits > 0)
      c.splits = forceSplits;
    if (onlyBatch > 0 && c.batch != onlyBatch)
      continue;
    // An e4m3 cache runs on both forms (TMA landing, register landing).
    std::vector<const rt::Kernel *> kerns;
    for (const rt::Kernel *k :
         c.fp8 ? std::vector<const rt::Kernel *>{&kern8, &kern8r}
               : std::vector<const rt::Kernel *>{&kern16})
      if (o.kernels.empty() || std::find(o.kernels.begin(), o.kernels.end(),
                                         k->info().name) != o.kernels.end())
        kerns.push_back(k);
    if (kerns.empty())
      continue;
    // The timed rows check too unless --no-check (their reference is
    // minutes at batch 64: those print only BENCH lines).
    bool check = o.check && !(c.bench && c.batch >= 16);
    if (c.bench && !o.bench)
      continue;
    ok &= runCase(ctx, stream, kerns, sms, c, o.bench, check);
  }
  std::printf("RESULT mla-decode %s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
