//===- host.cpp - Debug checks trap on the GPU ----------------------------===//
//
// Runs test/gpu/debug-checks/kernel.mlir, compiled with debug-checks=true:
// with n = 16 the precondition holds and the kernel writes size = 8; with
// n = 3 it does not, and the kernel must stop with a device-side assert
// (after printing the op, the rule and the values). The second launch
// leaves the context unusable, so it comes last.
//
//===----------------------------------------------------------------------===//
#include "../../../examples/common/Harness.h"

using namespace cute;
using namespace cute::ex;

int main(int argc, char **argv) {
  Options o = parseOptions(argc, argv);
  rt::Context ctx = openContext("debug-checks");
  rt::Stream stream = need(rt::Stream::create(ctx), "stream");
  rt::Program prog = loadProgram(ctx, o, "debug_checks");
  rt::Kernel k = need(prog.kernel("compose_size"), "kernel");
  auto out = need(rt::DeviceBuffer::allocate(ctx, 4), "out");
  rt::LaunchConfig cfg;
  cfg.grid = rt::Dim3{1, 1, 1};
  auto run = [&](int32_t n, int32_t m) {
    need(out.poison(), "poison");
    rt::KernelArgs args;
    args.ptr(out).scalar(n).scalar(m);
    need(k.launch(stream, cfg, args), "launch");
    return stream.synchronize();
  };
  bool ok = true;
  Status good = run(16, 4);
  int32_t size = 0;
  if (good.ok())
    need(out.copyToHost(&size, 4), "download");
  bool goodPass = good.ok() && size == 8;
  std::printf("CHECK debug_checks n=16 m=4 (precondition holds): %s size=%d "
              "%s\n",
              good.ok() ? "ran" : good.message().c_str(), size,
              goodPass ? "PASS" : "FAIL");
  ok &= goodPass;
  Status bad = run(3, 4);
  bool badPass = !bad.ok();
  std::printf("CHECK debug_checks n=3 m=4 (8 %% min(3, 8) != 0): %s %s\n",
              bad.ok() ? "ran to completion" : bad.message().c_str(),
              badPass ? "PASS" : "FAIL");
  ok &= badPass;
  std::printf("RESULT debug_checks %s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
