//===- Harness.h - Shared host code of the example drivers ------*- C++ -*-===//
//
// Loading compiled kernels (cubin + metadata from the compiler), fresh random
// inputs, poisoned outputs, comparison with a CPU reference in double
// precision, and event timing (warm-up, median of many launches). MLIR-free:
// the drivers build on the GPU machine against the runtime only.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_EXAMPLES_HARNESS_H
#define CUTE_EXAMPLES_HARNESS_H

#include "cute/Runtime/Runtime.h"
#ifdef CUTE_EXAMPLES_WITH_JIT
#include "cute/JIT/Compiler.h"
#endif

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <random>
#include <string>
#include <vector>

namespace cute::ex {

// --- Errors: examples stop at the first failure, naming what failed. ---------

[[noreturn]] inline void die(const std::string &what, const Error &e) {
  std::fprintf(stderr, "FATAL: %s: %s\n", what.c_str(), e.str().c_str());
  std::exit(2);
}
template <class T> T need(Expected<T> r, const std::string &what) {
  if (!r.ok())
    die(what, r.error());
  return std::move(r).value();
}
inline void need(Status s, const std::string &what) {
  if (!s.ok())
    die(what, s.error());
}

// --- 16-bit floats (round to nearest even)
// ------------------------------------

inline uint16_t floatToBf16(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  if ((u & 0x7fffffffu) > 0x7f800000u)
    return uint16_t((u >> 16) | 0x40);
  u += 0x7fffu + ((u >> 16) & 1u);
  return uint16_t(u >> 16);
}
inline float bf16ToFloat(uint16_t h) {
  uint32_t u = uint32_t(h) << 16;
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}
inline uint16_t floatToHalf(float f) {
  uint32_t x;
  std::memcpy(&x, &f, 4);
  uint32_t sign = (x >> 16) & 0x8000u;
  int32_t e = int32_t((x >> 23) & 0xff) - 127 + 15;
  uint32_t m = x & 0x7fffffu;
  if (((x >> 23) & 0xff) == 0xff)
    return uint16_t(sign | 0x7c00u | (m ? 0x200u : 0u));
  if (e >= 31)
    return uint16_t(sign | 0x7c00u);
  if (e <= 0) {
    if (e < -10)
      return uint16_t(sign);
    m |= 0x800000u;
    uint32_t shift = uint32_t(14 - e);
    uint32_t half = m >> shift, rem = m & ((1u << shift) - 1),
             mid = 1u << (shift - 1);
    if (rem > mid || (rem == mid && (half & 1)))
      ++half;
    return uint16_t(sign | half);
  }
  uint32_t half = (uint32_t(e) << 10) | (m >> 13), rem = m & 0x1fffu;
  if (rem > 0x1000u || (rem == 0x1000u && (half & 1)))
    ++half;
  return uint16_t(sign | half);
}
inline float halfToFloat(uint16_t h) {
  uint32_t sign = uint32_t(h & 0x8000u) << 16, e = (h >> 10) & 0x1f,
           m = h & 0x3ffu;
  uint32_t u;
  if (e == 0) {
    if (m == 0) {
      u = sign;
    } else {
      int k = -1;
      do {
        ++k;
        m <<= 1;
      } while (!(m & 0x400u));
      u = sign | uint32_t(127 - 15 - k) << 23 | (m & 0x3ffu) << 13;
    }
  } else if (e == 31) {
    u = sign | 0x7f800000u | m << 13;
  } else {
    u = sign | (e - 15 + 127) << 23 | m << 13;
  }
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}

/// Element codecs for the drivers' templates.
struct F32 {
  using Storage = float;
  static constexpr const char *name = "f32";
  static float load(float v) { return v; }
  static float store(float v) { return v; }
};
struct F16 {
  using Storage = uint16_t;
  static constexpr const char *name = "f16";
  static float load(uint16_t v) { return halfToFloat(v); }
  static uint16_t store(float v) { return floatToHalf(v); }
};
struct BF16 {
  using Storage = uint16_t;
  static constexpr const char *name = "bf16";
  static float load(uint16_t v) { return bf16ToFloat(v); }
  static uint16_t store(float v) { return floatToBf16(v); }
};

// --- Inputs
// -------------------------------------------------------------------

/// Uniform values in [lo, hi) from a fresh seed (printed, for reproduction);
/// zeros are replaced so an all-zero kernel cannot pass.
template <class E>
std::vector<typename E::Storage> randomVector(size_t n, uint64_t seed,
                                              float lo = -1.f, float hi = 1.f) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<float> dist(lo, hi);
  std::vector<typename E::Storage> v(n);
  for (auto &x : v) {
    float f = dist(rng);
    if (f == 0.f)
      f = 0.5f;
    x = E::store(f);
  }
  return v;
}

/// A new seed per call; with CUTE_SEED=S set, the sequence S, S+1, ... (so
/// a GPU run and an emulator run see the same inputs).
inline uint64_t freshSeed() {
  static uint64_t next = [] {
    const char *s = std::getenv("CUTE_SEED");
    return s && *s ? std::strtoull(s, nullptr, 10) : 0;
  }();
  if (std::getenv("CUTE_SEED"))
    return next++;
  return uint64_t(
      std::chrono::high_resolution_clock::now().time_since_epoch().count());
}

// --- Comparison
// ---------------------------------------------------------------

struct Comparison {
  double maxAbs = 0, maxRel = 0;
  size_t worst = 0, bad = 0;
  bool pass = true;
};

/// |got - ref| <= atol + rtol * |ref| everywhere (NaN fails).
inline Comparison compare(const std::vector<double> &ref,
                          const std::vector<float> &got, double atol,
                          double rtol) {
  Comparison c;
  for (size_t i = 0; i < ref.size(); ++i) {
    double d = std::fabs(double(got[i]) - ref[i]);
    double r = d / std::max(std::fabs(ref[i]), 1e-30);
    if (!(d <= atol + rtol * std::fabs(ref[i]))) {
      ++c.bad;
      c.pass = false;
    }
    if (!(d <= c.maxAbs)) {
      c.maxAbs = std::isnan(d) ? INFINITY : d;
      c.worst = i;
    }
    if (std::fabs(ref[i]) > atol)
      c.maxRel = std::max(c.maxRel, r);
  }
  return c;
}

// --- Timing
// -------------------------------------------------------------------

/// Median time of one launch in ms: `warmup` launches, then `reps` launches
/// each timed with events.
inline double medianMs(const rt::Context &ctx, const rt::Stream &stream,
                       const std::function<void()> &launch, int warmup = 5,
                       int reps = 30) {
  for (int i = 0; i < warmup; ++i)
    launch();
  need(stream.synchronize(), "warm-up");
  auto start = need(rt::Event::create(ctx), "event");
  auto end = need(rt::Event::create(ctx), "event");
  std::vector<double> ms;
  for (int i = 0; i < reps; ++i) {
    need(start.record(stream), "event record");
    launch();
    need(end.record(stream), "event record");
    need(end.synchronize(), "event sync");
    ms.push_back(need(rt::Event::elapsedMs(start, end), "elapsed"));
  }
  std::sort(ms.begin(), ms.end());
  return ms[ms.size() / 2];
}

/// Times `kernel` with `medianMs` and prints the GEMM benchmark line
/// "BENCH <name> <m>x<n>x<k>: <ms> ms, <TFLOP/s> TFLOP/s[ (<note>)]" that
/// bench/gemm_table.py reads.
inline void benchGemm(const rt::Context &ctx, const rt::Stream &stream,
                      const rt::Kernel &kernel, const rt::LaunchConfig &cfg,
                      const rt::KernelArgs &args, const std::string &name,
                      int64_t m, int64_t n, int64_t k,
                      const std::string &note = "") {
  double ms = medianMs(
      ctx, stream, [&] { need(kernel.launch(stream, cfg, args), "launch"); });
  std::printf("BENCH %s %lldx%lldx%lld: %.4f ms, %.1f TFLOP/s%s\n",
              name.c_str(), (long long)m, (long long)n, (long long)k, ms,
              2.0 * double(m) * double(n) * double(k) / (ms * 1e9),
              note.empty() ? "" : (" (" + note + ")").c_str());
}

// --- The device
// ----------------------------------------------------------------

/// The context every driver runs on: the GPU, or the emulator when
/// CUTE_DEVICE=emu:<chip> names it. With neither (no CUDA driver, or one
/// without devices) prints "SKIP <program>: ..." and exits 0: a SKIP is
/// never a pass (ctest reports it as skipped). Any other failure is FATAL.
inline rt::Context openContext(const char *program) {
  auto skip = [&](const std::string &why) {
    std::printf("SKIP %s: no GPU and no emulator (%s)%s\n", program,
                why.c_str(),
                why.find("CUTE_DEVICE") == std::string::npos
                    ? "; run it on the emulator with CUTE_DEVICE=emu:sm_90a"
                    : "");
    std::exit(0);
  };
  Expected<std::shared_ptr<rt::Driver>> d = rt::Driver::get();
  if (!d.ok() && (d.error().code() == ErrorCode::NoDriver ||
                  d.error().cudaResult() == CUDA_ERROR_NO_DEVICE))
    skip(d.message());
  if (d.ok()) {
    Expected<int> n = (*d)->deviceCount();
    if (n.ok() && *n == 0)
      skip("the CUDA driver reports no device");
  }
  rt::Context ctx = need(rt::Context::create(), "CUDA context");
  // Which device ran the checks: a GPU or cute-emu (CUTE_DEVICE=emu:<chip>).
  // (The emulated chips' names end in "(cute-emu)".)
  std::printf("DEVICE %s%s\n", need(ctx.name(), "device name").c_str(),
              ctx.driver().emulated() ? "" : " (CUDA driver)");
  return ctx;
}

// --- Command line
// ---------------------------------------------------------------

struct Options {
  std::string artifacts = "artifacts"; // <dir>/<module>.<chip>.{cubin,json}
  std::string jitSource; // --jit FILE: compile FILE in-process instead
  std::string chip = "sm_90a";
  bool bench = true;
  /// --no-check (drivers that support it): only the timed cases, e.g. for
  /// an ablation run of other kernels.
  bool check = true;
  /// --grid N (persistent kernels that support it): at most N CTAs instead
  /// of one per SM, so that each CTA runs several tiles.
  int64_t grid = 0;
  std::vector<int64_t> sizes;
  /// --shape MxNxK (the GEMM drivers): one problem of that shape.
  std::vector<std::array<int64_t, 3>> shapes;
  /// --kernel NAME (drivers with several kernels): run only these.
  std::vector<std::string> kernels;
  /// --splits S (the split-K GEMM drivers): run with S K splits instead of
  /// the heuristic's choice (0: stream-K over the SMs, -1: the heuristic's
  /// count); repeat for several.
  std::vector<int64_t> splits;
  /// --atomic (the split-K GEMM drivers): sum the splits' partials with
  /// atomic reductions into one slot per tile instead of in split order.
  bool atomic = false;
  /// --grouped SPEC (the GEMM drivers): a grouped GEMM case, e.g.
  /// "sizes=0/1/130,n=136,k=256" or "experts=128,topk=8,tokens=4096,
  /// n=1536,k=2048"; repeat for several.
  std::vector<std::string> grouped;
  /// --epilogue SPEC (the GEMM drivers): run the cases with this fused
  /// epilogue, e.g. "bias=n,act=gelu,beta=0.5"; repeat for several.
  std::vector<std::string> epilogues;
  /// --trap KIND (the decode drivers, with kernels compiled with
  /// debug-checks=true): a bad-input case past the host's checks whose
  /// launch must trap.
  std::string trap;
  /// --batch B (the decode drivers): only the cases of batch B.
  int64_t batch = -1;
  bool runs(const std::string &kernel) const {
    return kernels.empty() ||
           std::find(kernels.begin(), kernels.end(), kernel) != kernels.end();
  }
};

inline Options parseOptions(int argc, char **argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto next = [&]() -> std::string {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "missing value after %s\n", a.c_str());
        std::exit(2);
      }
      return argv[++i];
    };
    if (a == "--artifacts")
      o.artifacts = next();
    else if (a == "--jit")
      o.jitSource = next();
    else if (a == "--chip")
      o.chip = next();
    else if (a == "--no-bench")
      o.bench = false;
    else if (a == "--no-check")
      o.check = false;
    else if (a == "--grid")
      o.grid = std::stoll(next());
    else if (a == "--size")
      o.sizes.push_back(std::stoll(next()));
    else if (a == "--shape") {
      std::string v = next();
      std::array<int64_t, 3> mnk{};
      if (std::sscanf(v.c_str(), "%lldx%lldx%lld", (long long *)&mnk[0],
                      (long long *)&mnk[1], (long long *)&mnk[2]) != 3) {
        std::fprintf(stderr, "--shape wants MxNxK, not '%s'\n", v.c_str());
        std::exit(2);
      }
      o.shapes.push_back(mnk);
    } else if (a == "--kernel") {
      o.kernels.push_back(next());
    } else if (a == "--splits") {
      int64_t s = std::stoll(next());
      if (s < -1) {
        std::fprintf(stderr,
                     "--splits wants a count >= 1 (0: stream-K, -1: the "
                     "heuristic's count), not %lld\n",
                     (long long)s);
        std::exit(2);
      }
      o.splits.push_back(s);
    } else if (a == "--atomic") {
      o.atomic = true;
    } else if (a == "--grouped") {
      o.grouped.push_back(next());
    } else if (a == "--epilogue") {
      o.epilogues.push_back(next());
    } else if (a == "--trap") {
      o.trap = next();
    } else if (a == "--batch") {
      o.batch = std::stoll(next());
    } else {
      std::fprintf(
          stderr,
          "usage: %s [--artifacts DIR | --jit KERNEL.mlir] "
          "[--chip sm_90a] [--size N]... [--shape MxNxK]... "
          "[--kernel NAME]... [--splits S]... [--atomic] [--grouped SPEC]... "
          "[--epilogue SPEC]... [--grid N] [--trap KIND] [--batch B] "
          "[--no-bench] [--no-check]\n",
          argv[0]);
      std::exit(2);
    }
  }
  return o;
}

/// Loads <artifacts>/<module>.<chip>.cubin with its metadata (on the
/// emulator the .ptx beside it), or with --jit compiles the kernel source
/// in-process (through the on-disk cache; only in builds with MLIR, see
/// examples/CMakeLists.txt).
inline rt::Program loadProgram(const rt::Context &ctx, const Options &o,
                               const std::string &module) {
  if (!o.jitSource.empty()) {
#ifdef CUTE_EXAMPLES_WITH_JIT
    jit::Compiler compiler;
    jit::JitOptions jo;
    jo.chip = o.chip;
    auto m = compiler.compileFile(o.jitSource, jo);
    if (!m.ok()) {
      std::fprintf(stderr, "FATAL: JIT compile of %s failed:\n%s\n",
                   o.jitSource.c_str(), m.message().c_str());
      std::exit(2);
    }
    std::printf("JIT %s: %s in %.1f ms\n", o.jitSource.c_str(),
                m->fromMemoryCache || m->fromDiskCache ? "cache hit"
                                                       : "compiled",
                m->compileMs);
    // The emulator runs the PTX the JIT keeps beside the cubin.
    const std::string &image =
        ctx.driver().emulated() || m->cubin.empty() ? m->ptx : m->cubin;
    return need(rt::Program::load(ctx, image, m->metadataJson),
                "loading the JIT-compiled " + module);
#else
    std::fprintf(stderr, "FATAL: --jit needs a build with MLIR "
                         "(CUTE_ENABLE_MLIR=ON)\n");
    std::exit(2);
#endif
  }
  std::string stem = o.artifacts + "/" + module + "." + o.chip;
  return need(rt::Program::loadFiles(ctx, stem + ".cubin", stem + ".json"),
              "loading " + stem);
}

} // namespace cute::ex

#endif // CUTE_EXAMPLES_HARNESS_H
