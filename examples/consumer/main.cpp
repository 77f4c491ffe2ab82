//===- main.cpp - A C++ program using cute-mlir's installed package
//--------===//
//
// y = alpha * x + y three ways, all through the typed launchers that
// cute_add_kernel_library generated (axpy.h):
//   1. the launch checks on the library's embedded metadata (no GPU needed):
//      a null pointer, a misaligned pointer and a wrong block are refused;
//   2. the JIT (when the package has it) compiles axpy.mlir at run time for
//      the device's chip (sm_90a without a GPU), through the disk cache;
//   3. with a GPU, the AOT library's cubin for the device and the JIT's cubin
//      run on fresh random data and are compared with a CPU reference (fma
//      in f32: the results must match bit for bit).
// Exit status 0 when every check passes; without a GPU, part 3 is skipped.
//
//===----------------------------------------------------------------------===//
#include "axpy.h"

#include "cute/Runtime/Runtime.h"
#ifdef CONSUMER_WITH_JIT
#include "cute/JIT/Compiler.h"
#endif

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <vector>

namespace axpy = consumer::axpy;
using namespace cute;
using namespace cute::rt;

namespace {

int failures = 0;

void expect(bool ok, const std::string &what) {
  std::printf("%s %s\n", ok ? "PASS" : "FAIL", what.c_str());
  failures += ok ? 0 : 1;
}

// A refused launch must say why: `needle` is part of the message.
void expectRefused(const Status &s, const char *needle, const char *what) {
  bool ok = !s.ok() && s.message().find(needle) != std::string::npos;
  expect(ok, std::string(what) + ": " + (s.ok() ? "accepted" : s.message()));
}

LaunchConfig configFor(int32_t n) {
  LaunchConfig cfg;
  cfg.grid = Dim3(unsigned((int64_t(n) + 511) / 512));
  return cfg;
}

// Part 1: what the launcher refuses, on the embedded sm_90a metadata.
void checkLaunchesWithoutGpu() {
  Expected<ModuleMetadata> meta = axpy::Module::metadata("sm_90a");
  if (!meta.ok()) {
    expect(false, "embedded metadata: " + meta.message());
    return;
  }
  const KernelInfo *info = meta->find("axpy_f32");
  expect(info != nullptr, "the library holds axpy_f32");
  if (!info)
    return;
  const CUdeviceptr base = 0x7f0000000000ull; // 16-byte aligned
  const int32_t n = 1000;
  LaunchConfig cfg = configFor(n);
  expect(axpy::Module::check_axpy_f32(*info, cfg, DevicePtr<float>(base),
                                      DevicePtr<float>(base + 4096), 2.0f, n)
             .ok(),
         "a good launch is accepted");
  expectRefused(axpy::Module::check_axpy_f32(*info, cfg, nullptr,
                                             DevicePtr<float>(base), 2.0f, n),
                "null", "null x");
  expectRefused(axpy::Module::check_axpy_f32(*info, cfg,
                                             DevicePtr<float>(base + 4),
                                             DevicePtr<float>(base), 2.0f, n),
                "align", "x 4 bytes off its promised 16-byte alignment");
  LaunchConfig wrongBlock = cfg;
  wrongBlock.block = Dim3(256);
  expectRefused(axpy::Module::check_axpy_f32(*info, wrongBlock,
                                             DevicePtr<float>(base),
                                             DevicePtr<float>(base), 2.0f, n),
                "block", "a block of 256 for a kernel compiled for 128");
}

// Part 3: one module (AOT or JIT) on the GPU against the CPU reference.
void runOnGpu(const Context &ctx, const Stream &stream, const axpy::Module &m,
              const char *what) {
  const int32_t n = (1 << 20) + 3; // a ragged last tile
  std::mt19937 rng(std::random_device{}());
  std::uniform_real_distribution<float> dist(-4.0f, 4.0f);
  std::vector<float> x(static_cast<size_t>(n)), y(static_cast<size_t>(n));
  for (size_t i = 0; i < size_t(n); ++i) {
    x[i] = dist(rng);
    y[i] = dist(rng);
  }
  const float alpha = dist(rng);
  Expected<DeviceBuffer> dx = DeviceBuffer::fromHost(ctx, x);
  Expected<DeviceBuffer> dy = DeviceBuffer::fromHost(ctx, y);
  if (!dx.ok() || !dy.ok()) {
    expect(false, std::string(what) + ": allocation");
    return;
  }
  Status s = m.axpy_f32(stream, configFor(n), DevicePtr<float>(*dx),
                        DevicePtr<float>(*dy), alpha, n);
  if (s.ok())
    s = stream.synchronize();
  if (!s.ok()) {
    expect(false, std::string(what) + ": launch: " + s.message());
    return;
  }
  Expected<std::vector<float>> got = dy->download<float>();
  if (!got.ok()) {
    expect(false, std::string(what) + ": download: " + got.message());
    return;
  }
  size_t wrong = 0;
  for (size_t i = 0; i < size_t(n); ++i) {
    float ref = std::fma(alpha, x[i], y[i]);
    wrong += std::memcmp(&ref, &(*got)[i], sizeof(float)) != 0;
  }
  expect(wrong == 0, std::string(what) + ": n=" + std::to_string(n) + ", " +
                         std::to_string(wrong) +
                         " elements differ from the CPU reference");
}

} // namespace

int main() {
  std::printf("module '%s', chips:", axpy::Module::kModuleName);
  for (const std::string &c : axpy::Module::chips())
    std::printf(" %s", c.c_str());
  std::printf("\n");
  checkLaunchesWithoutGpu();

  Expected<Context> ctx = Context::create();
  std::string chip = "sm_90a";
  if (ctx.ok()) {
    Expected<size_t> i =
        pickImageForDevice(*ctx, axpy::Module::chips(), "consumer");
    if (!i.ok()) {
      expect(false, "a chip for this device: " + i.message());
      return 1;
    }
    chip = axpy::Module::chips()[*i];
  }

#ifdef CONSUMER_WITH_JIT
  jit::JitOptions options;
  options.chip = chip;
  jit::Compiler compiler;
  Expected<jit::CompiledModule> compiled =
      compiler.compileFile(CONSUMER_KERNEL_SOURCE, options);
  char detail[128] = "";
  if (compiled.ok())
    std::snprintf(detail, sizeof(detail), " (%s, %.1f ms, %zu bytes of cubin)",
                  compiled->fromDiskCache ? "disk cache hit" : "compiled",
                  compiled->compileMs, compiled->cubin.size());
  expect(compiled.ok(),
         "JIT compile for " + chip +
             (compiled.ok() ? std::string(detail) : ": " + compiled.message()));
#endif

  if (!ctx.ok()) {
    std::printf("no GPU (%s): the launches are skipped\n",
                ctx.message().c_str());
    std::printf("RESULT consumer %s\n", failures ? "FAIL" : "PASS");
    return failures ? 1 : 0;
  }
  Expected<Stream> stream = Stream::create(*ctx);
  Expected<axpy::Module> aot = axpy::Module::load(*ctx);
  expect(aot.ok() && stream.ok(),
         "AOT library loaded for " + chip +
             (aot.ok() ? std::string() : ": " + aot.message()));
  if (aot.ok() && stream.ok())
    runOnGpu(*ctx, *stream, *aot, "AOT");
#ifdef CONSUMER_WITH_JIT
  if (compiled.ok() && stream.ok()) {
    // The emulator (CUTE_DEVICE=emu:<chip>) runs PTX; a GPU the cubin.
    Expected<axpy::Module> jitted = axpy::Module::fromImage(
        *ctx, ctx->driver().emulated() ? compiled->ptx : compiled->cubin,
        compiled->metadataJson);
    expect(jitted.ok(),
           "JIT image loaded through the typed launchers" +
               (jitted.ok() ? std::string() : ": " + jitted.message()));
    if (jitted.ok())
      runOnGpu(*ctx, *stream, *jitted, "JIT");
  }
#endif
  std::printf("RESULT consumer %s\n", failures ? "FAIL" : "PASS");
  return failures ? 1 : 0;
}
