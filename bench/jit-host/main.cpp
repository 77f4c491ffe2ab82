//===- main.cpp - JIT and launcher measurements on the GPU machine
//---------===//
//
// Built against the installed CuteMLIR package (CMakeLists.txt) and run by
// scripts/gpu/run-jit.sh. Subcommands, each printing one line per result:
//
//   compile CHIP ARTIFACTS CACHE KERNEL.mlir...
//     per module: cold compile (empty CACHE), warm disk-cache hit (a new
//     Compiler), memory hit; whether the PTX and cubin equal the AOT
//     artifacts ARTIFACTS/<module>.<chip>.{ptx,cubin} made by cute-opt.
//   first-launch CHIP CACHE ELEMENTWISE.mlir
//     in a fresh process: context, disk-cache hit, load, first launch of
//     add_f32 (until it finished), each timed; the result is checked.
//   threads CHIP JOBCHIP=KERNEL.mlir...
//     compile scaling: every job, a module for a chip (no disk cache), with
//     1..16 threads; eight threads compiling one source at once (one
//     pipeline run, the rest joined); eight threads compiling and launching
//     at once, different and identical sources, each checking its results.
//   hashes CHIP CACHE KERNEL.mlir...
//     compiles through CACHE and prints each module's cubin hash (two such
//     processes run at once on one cache by the script).
//   launch-overhead
//     host time per launch of add_f32 (grid 1): raw cuLaunchKernel, the
//     PreparedLaunch, the typed launcher (checks every call), and
//     rt::Kernel::launch with KernelArgs, interleaved, median of batches.
//
//===----------------------------------------------------------------------===//
#include "elementwise.h"

#include "cute/JIT/Compiler.h"
#include "cute/Runtime/Runtime.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <mutex>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

using namespace cute;
using namespace cute::rt;
using Clock = std::chrono::steady_clock;

namespace {

int failures = 0;

double msSince(Clock::time_point t) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t).count();
}

template <class T> T need(Expected<T> r, const std::string &what) {
  if (!r.ok()) {
    std::fprintf(stderr, "FATAL %s: %s\n", what.c_str(), r.message().c_str());
    std::exit(2);
  }
  return std::move(r).value();
}
void need(const Status &s, const std::string &what) {
  if (!s.ok()) {
    std::fprintf(stderr, "FATAL %s: %s\n", what.c_str(), s.message().c_str());
    std::exit(2);
  }
}

void check(bool ok, const std::string &what) {
  std::printf("CHECK %s %s\n", what.c_str(), ok ? "PASS" : "FAIL");
  failures += ok ? 0 : 1;
}

std::string readFileOr(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    return {};
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

uint64_t fnv1a(const std::string &s) {
  uint64_t h = 1469598103934665603ull;
  for (unsigned char c : s)
    h = (h ^ c) * 1099511628211ull;
  return h;
}

jit::JitOptions optionsFor(const std::string &chip, const std::string &cache) {
  jit::JitOptions o;
  o.chip = chip;
  if (cache.empty())
    o.useDiskCache = false;
  else
    o.cacheDir = cache;
  return o;
}

// add_f32 on `n` fresh random values through `k`, checked exactly.
bool runAdd(const Context &ctx, const Stream &stream, const Kernel &k,
            int32_t n, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> d(-8.0f, 8.0f);
  std::vector<float> a(static_cast<size_t>(n)), b(static_cast<size_t>(n));
  for (size_t i = 0; i < size_t(n); ++i) {
    a[i] = d(rng);
    b[i] = d(rng);
  }
  DeviceBuffer da = need(DeviceBuffer::fromHost(ctx, a), "a");
  DeviceBuffer db = need(DeviceBuffer::fromHost(ctx, b), "b");
  DeviceBuffer dc = need(DeviceBuffer::allocate(ctx, size_t(n) * 4), "c");
  need(dc.poison(), "poison");
  KernelArgs args;
  args.ptr<float>(da).ptr<float>(db).ptr<float>(dc).scalar(n);
  LaunchConfig cfg;
  cfg.grid = Dim3(unsigned((n + 511) / 512));
  if (!k.launch(stream, cfg, args).ok() || !stream.synchronize().ok())
    return false;
  std::vector<float> c = need(dc.download<float>(), "c");
  for (size_t i = 0; i < size_t(n); ++i) {
    float ref = a[i] + b[i];
    if (std::memcmp(&ref, &c[i], 4) != 0)
      return false;
  }
  return true;
}

int cmdCompile(const std::string &chip, const std::string &artifacts,
               const std::string &cache, const std::vector<std::string> &srcs) {
  for (const std::string &src : srcs) {
    jit::Compiler cold;
    jit::CompiledModule c =
        need(cold.compileFile(src, optionsFor(chip, cache)), "compile " + src);
    jit::Compiler warm;
    jit::CompiledModule w =
        need(warm.compileFile(src, optionsFor(chip, cache)), "warm " + src);
    jit::CompiledModule m =
        need(warm.compileFile(src, optionsFor(chip, cache)), "memory " + src);
    std::string stem = artifacts + "/" + c.moduleName + "." + chip;
    std::string aotPtx = readFileOr(stem + ".ptx");
    std::string aotCubin = readFileOr(stem + ".cubin");
    bool samePtx = !aotPtx.empty() && aotPtx == c.ptx;
    bool sameCubin = !aotCubin.empty() && aotCubin == c.cubin;
    std::printf("JIT %-22s %s cold_ms=%.1f disk_hit_ms=%.2f mem_hit_ms=%.3f "
                "cold_from_cache=%d ptx_vs_aot=%s cubin_vs_aot=%s cubin=%zuB\n",
                c.moduleName.c_str(), chip.c_str(), c.compileMs, w.compileMs,
                m.compileMs, c.fromDiskCache ? 1 : 0,
                samePtx ? "identical" : "DIFFERENT",
                sameCubin ? "identical" : "different", c.cubin.size());
    check(!c.fromDiskCache && w.fromDiskCache && m.fromMemoryCache &&
              w.cubin == c.cubin && m.cubin == c.cubin,
          "jit cache " + c.moduleName +
              " (cold compiled, then disk hit, "
              "then memory hit, same cubin)");
    check(samePtx, "jit ptx == aot ptx " + c.moduleName);
  }
  return failures ? 1 : 0;
}

int cmdFirstLaunch(const std::string &chip, const std::string &cache,
                   const std::string &src) {
  Clock::time_point t0 = Clock::now();
  Context ctx = need(Context::create(), "context");
  Stream stream = need(Stream::create(ctx), "stream");
  double ctxMs = msSince(t0);
  Clock::time_point t1 = Clock::now();
  jit::Compiler compiler;
  jit::CompiledModule m =
      need(compiler.compileFile(src, optionsFor(chip, cache)), "compile");
  double hitMs = msSince(t1);
  Clock::time_point t2 = Clock::now();
  Program prog = need(Program::load(ctx, m.cubin, m.metadataJson), "load");
  Kernel k = need(prog.kernel("add_f32"), "add_f32");
  double loadMs = msSince(t2);
  // The first launch of the kernel: arguments, launch, completion.
  const int32_t n = 4096;
  DeviceBuffer a = need(DeviceBuffer::allocate(ctx, n * 4), "a");
  DeviceBuffer b = need(DeviceBuffer::allocate(ctx, n * 4), "b");
  DeviceBuffer c = need(DeviceBuffer::allocate(ctx, n * 4), "c");
  need(a.fill32(0x3f800000u), "a = 1"); // 1.0f
  need(b.fill32(0x40000000u), "b = 2"); // 2.0f
  need(c.poison(), "poison");
  need(ctx.synchronize(), "sync");
  KernelArgs args;
  args.ptr<float>(a).ptr<float>(b).ptr<float>(c).scalar(n);
  LaunchConfig cfg;
  cfg.grid = Dim3(n / 512);
  Clock::time_point t3 = Clock::now();
  need(k.launch(stream, cfg, args), "first launch");
  need(stream.synchronize(), "first launch sync");
  double launchMs = msSince(t3);
  Clock::time_point t4 = Clock::now();
  need(k.launch(stream, cfg, args), "second launch");
  need(stream.synchronize(), "second launch sync");
  double secondMs = msSince(t4);
  std::vector<float> got = need(c.download<float>(), "c");
  bool ok =
      std::all_of(got.begin(), got.end(), [](float v) { return v == 3.0f; });
  std::printf("FIRSTLAUNCH %s context_ms=%.1f disk_hit_ms=%.2f from_disk=%d "
              "load_ms=%.2f first_launch_ms=%.3f second_launch_ms=%.3f "
              "total_ms=%.1f\n",
              chip.c_str(), ctxMs, hitMs, m.fromDiskCache ? 1 : 0, loadMs,
              launchMs, secondMs, msSince(t0));
  check(ok && m.fromDiskCache, "first launch of the cached add_f32 (1+2 == 3)");
  return failures ? 1 : 0;
}

struct Job {
  std::string src, chip;
  size_t bytes = 0; ///< source size, the proxy for compile time
};

double compileAll(const std::vector<Job> &jobs, unsigned threads) {
  jit::Compiler compiler;
  std::atomic<size_t> next{0};
  std::atomic<int> errors{0};
  Clock::time_point t0 = Clock::now();
  std::vector<std::thread> pool;
  for (unsigned t = 0; t < threads; ++t)
    pool.emplace_back([&] {
      for (size_t i; (i = next++) < jobs.size();)
        if (!compiler.compileFile(jobs[i].src, optionsFor(jobs[i].chip, ""))
                 .ok())
          ++errors;
    });
  for (std::thread &t : pool)
    t.join();
  double ms = msSince(t0);
  jit::CacheStats s = compiler.stats();
  check(errors == 0 && s.compiles == jobs.size(),
        "scaling run with " + std::to_string(threads) + " threads: " +
            std::to_string(jobs.size()) + " compiles, no errors");
  return ms;
}

int cmdThreads(const std::string &chip, const std::vector<std::string> &specs) {
  // CHIP=PATH: a module compiles only for the chips it supports.
  std::vector<Job> jobs;
  std::vector<std::string> srcs; // the modules for `chip`
  for (const std::string &spec : specs) {
    size_t eq = spec.find('=');
    if (eq == std::string::npos) {
      std::fprintf(stderr, "FATAL threads: '%s' is not CHIP=PATH\n",
                   spec.c_str());
      return 2;
    }
    std::string src = spec.substr(eq + 1);
    size_t bytes = readFileOr(src).size();
    jobs.push_back({src, spec.substr(0, eq), bytes});
    if (jobs.back().chip == chip)
      srcs.push_back(jobs.back().src);
  }
  // Largest first, so the tail is short (sizes of the sources as the proxy).
  std::sort(jobs.begin(), jobs.end(),
            [](const Job &a, const Job &b) { return a.bytes > b.bytes; });
  double one = 0;
  for (unsigned t : {1u, 2u, 4u, 8u, 16u}) {
    double ms = compileAll(jobs, t);
    if (t == 1)
      one = ms;
    std::printf("SCALING threads=%-2u jobs=%zu wall_ms=%.0f speedup=%.2f\n", t,
                jobs.size(), ms, one / ms);
  }

  // Eight threads, one source: one pipeline run.
  {
    jit::Compiler compiler;
    std::vector<std::string> cubins(8);
    std::vector<std::thread> pool;
    for (int t = 0; t < 8; ++t)
      pool.emplace_back([&, t] {
        auto r = compiler.compileFile(srcs.front(), optionsFor(chip, ""));
        if (r.ok())
          cubins[t] = r->cubin;
      });
    for (std::thread &t : pool)
      t.join();
    jit::CacheStats s = compiler.stats();
    bool same = std::all_of(cubins.begin(), cubins.end(), [&](const auto &c) {
      return !c.empty() && c == cubins[0];
    });
    std::printf("JOIN 8 threads, one source: compiles=%llu joined=%llu "
                "memory_hits=%llu\n",
                (unsigned long long)s.compiles,
                (unsigned long long)s.joinedInFlight,
                (unsigned long long)s.memoryHits);
    check(same && s.compiles == 1 && s.joinedInFlight + s.memoryHits == 7,
          "8 threads compiling one source run the pipeline once");
  }

  // Eight threads compiling (even: the same elementwise source; odd: their
  // own module) and launching add_f32 from the elementwise module at once.
  {
    Context ctx = need(Context::create(), "context");
    jit::Compiler compiler;
    std::atomic<int> bad{0};
    std::vector<std::thread> pool;
    std::string elementwise;
    for (const std::string &s : srcs)
      if (s.find("elementwise") != std::string::npos)
        elementwise = s;
    for (unsigned t = 0; t < 8; ++t)
      pool.emplace_back([&, t] {
        const std::string &own = srcs[(t / 2 + 1) % srcs.size()];
        auto other = compiler.compileFile(t % 2 ? own : elementwise,
                                          optionsFor(chip, ""));
        auto m = compiler.compileFile(elementwise, optionsFor(chip, ""));
        if (!other.ok() || !m.ok()) {
          ++bad;
          return;
        }
        auto prog = Program::load(ctx, m->cubin, m->metadataJson);
        auto stream = Stream::create(ctx);
        if (!prog.ok() || !stream.ok()) {
          ++bad;
          return;
        }
        auto k = prog->kernel("add_f32");
        if (!k.ok() ||
            !runAdd(ctx, *stream, *k, (1 << 18) + 5 * int(t), 77 + t))
          ++bad;
      });
    for (std::thread &t : pool)
      t.join();
    jit::CacheStats s = compiler.stats();
    std::printf("MIXED 8 threads compile+launch: compiles=%llu joined=%llu "
                "memory_hits=%llu errors=%d\n",
                (unsigned long long)s.compiles,
                (unsigned long long)s.joinedInFlight,
                (unsigned long long)s.memoryHits, bad.load());
    check(bad == 0, "8 threads compiling and launching at once, results exact");
  }
  return failures ? 1 : 0;
}

int cmdHashes(const std::string &chip, const std::string &cache,
              const std::vector<std::string> &srcs) {
  jit::Compiler compiler;
  for (const std::string &src : srcs) {
    jit::CompiledModule m =
        need(compiler.compileFile(src, optionsFor(chip, cache)), src);
    std::printf("HASH %s %016llx %s\n", m.moduleName.c_str(),
                (unsigned long long)fnv1a(m.cubin),
                m.fromDiskCache ? "disk" : "compiled");
  }
  jit::CacheStats s = compiler.stats();
  std::printf(
      "STATS compiles=%llu disk_hits=%llu stores=%llu races_lost=%llu "
      "corrupt=%llu write_errors=%llu\n",
      (unsigned long long)s.compiles, (unsigned long long)s.diskHits,
      (unsigned long long)s.diskStores, (unsigned long long)s.diskRacesLost,
      (unsigned long long)s.diskCorrupt, (unsigned long long)s.diskWriteErrors);
  return s.diskCorrupt || s.diskWriteErrors ? 1 : 0;
}

int cmdLaunchOverhead() {
  namespace ew = cute_kernels::elementwise;
  Context ctx = need(Context::create(), "context");
  Stream stream = need(Stream::create(ctx), "stream");
  ew::Module mod = need(ew::Module::load(ctx), "elementwise library");
  const int32_t n = 512;
  DeviceBuffer a = need(DeviceBuffer::allocate(ctx, n * 4), "a");
  DeviceBuffer b = need(DeviceBuffer::allocate(ctx, n * 4), "b");
  DeviceBuffer c = need(DeviceBuffer::allocate(ctx, n * 4), "c");
  LaunchConfig cfg;
  cfg.grid = Dim3(1);
  DevicePtr<float> pa(a), pb(b), pc(c);
  PreparedLaunch prepared =
      need(mod.prepare_add_f32(cfg, pa, pb, pc, n), "prepare");
  const Kernel &kernel = mod.add_f32_kernel();
  KernelArgs args;
  args.ptr<float>(a).ptr<float>(b).ptr<float>(c).scalar(n);
  // The raw launch runs the function the prepared launch chose.
  CUfunction fn = nullptr;
  if (kernel.function().name() == prepared.functionName())
    fn = kernel.function().raw();
  for (const Kernel &v : kernel.variants())
    if (v.function().name() == prepared.functionName())
      fn = v.function().raw();
  if (!fn) {
    std::fprintf(stderr, "FATAL no function %s\n",
                 prepared.functionName().c_str());
    return 2;
  }
  const DriverApi &api = ctx.driver().api();
  CUdeviceptr ra = a.ptr(), rb = b.ptr(), rc = c.ptr();
  int32_t rn = n;
  void *params[] = {&ra, &rb, &rc, &rn};
  CUstream raw = stream.raw();

  const int kBatch = 200, kRounds = 150;
  const char *names[] = {"raw cuLaunchKernel", "PreparedLaunch",
                         "typed launcher", "Kernel::launch(KernelArgs)"};
  std::vector<std::vector<double>> us(4);
  auto launchOne = [&](int mode) -> bool {
    switch (mode) {
    case 0:
      return api.cuLaunchKernel(fn, 1, 1, 1, 128, 1, 1, 0, raw, params,
                                nullptr) == CUDA_SUCCESS;
    case 1:
      return prepared.launch(stream).ok();
    case 2:
      return mod.add_f32(stream, cfg, pa, pb, pc, n).ok();
    default:
      return kernel.launch(stream, cfg, args).ok();
    }
  };
  for (int round = 0; round < kRounds + 10; ++round)
    for (int mode = 0; mode < 4; ++mode) {
      need(stream.synchronize(), "sync");
      Clock::time_point t = Clock::now();
      for (int i = 0; i < kBatch; ++i)
        if (!launchOne(mode)) {
          std::fprintf(stderr, "FATAL launch (%s)\n", names[mode]);
          return 2;
        }
      double perLaunch = msSince(t) * 1000.0 / kBatch;
      if (round >= 10) // warm-up rounds
        us[mode].push_back(perLaunch);
    }
  need(stream.synchronize(), "sync");
  double rawMedian = 0;
  for (int mode = 0; mode < 4; ++mode) {
    std::sort(us[mode].begin(), us[mode].end());
    double med = us[mode][us[mode].size() / 2];
    if (mode == 0)
      rawMedian = med;
    std::printf("OVERHEAD %-28s %.3f us/launch (median of %d batches of %d; "
                "p10 %.3f p90 %.3f) ratio_to_raw=%.3f\n",
                names[mode], med, kRounds, kBatch,
                us[mode][us[mode].size() / 10],
                us[mode][us[mode].size() * 9 / 10], med / rawMedian);
  }
  std::printf("OVERHEAD function %s\n", prepared.functionName().c_str());
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  std::vector<std::string> a(argv + 1, argv + argc);
  auto usage = [] {
    std::fprintf(stderr,
                 "usage: jit-host compile CHIP ARTIFACTS CACHE KERNEL...\n"
                 "       jit-host first-launch CHIP CACHE ELEMENTWISE.mlir\n"
                 "       jit-host threads CHIP JOBCHIP=KERNEL...\n"
                 "       jit-host hashes CHIP CACHE KERNEL...\n"
                 "       jit-host launch-overhead\n");
    return 2;
  };
  if (a.empty())
    return usage();
  if (a[0] == "compile" && a.size() >= 5)
    return cmdCompile(a[1], a[2], a[3], {a.begin() + 4, a.end()});
  if (a[0] == "first-launch" && a.size() == 4)
    return cmdFirstLaunch(a[1], a[2], a[3]);
  if (a[0] == "threads" && a.size() >= 3)
    return cmdThreads(a[1], {a.begin() + 2, a.end()});
  if (a[0] == "hashes" && a.size() >= 4)
    return cmdHashes(a[1], a[2], {a.begin() + 3, a.end()});
  if (a[0] == "launch-overhead" && a.size() == 1)
    return cmdLaunchOverhead();
  return usage();
}
