//===- host.cpp - debug-hangs turns a pipeline hang into a message --------===//
//
// Runs test/gpu/debug-hangs/kernel.mlir, compiled with debug-hangs=N and the
// protocol check off: its expect_tx is twice the bytes its TMA load brings,
// so the consumers' wait never completes. Without debug-hangs the launch
// would never return; with it, each waiting thread prints where it hung and
// traps, and the launch fails. The printed line is checked by the caller
// (scripts/gpu/run-examples.sh greps "cute debug-hangs:").
//
//===----------------------------------------------------------------------===//
#include "../../../examples/common/Harness.h"

using namespace cute;
using namespace cute::ex;

int main(int argc, char **argv) {
  Options o = parseOptions(argc, argv);
  rt::Context ctx = openContext("debug-hangs");
  rt::Stream stream = need(rt::Stream::create(ctx), "stream");
  rt::Program prog = loadProgram(ctx, o, "debug_hangs");
  rt::Kernel k = need(prog.kernel("hang_on_expect_tx"), "kernel");
  const int32_t m = 64, n = 64;
  auto hx = randomVector<F32>(size_t(m * n), freshSeed());
  auto x = need(rt::DeviceBuffer::fromHost(ctx, hx), "x");
  rt::KernelArgs args;
  args.ptr<float>(x).scalar(m).scalar(n).scalar(n);
  rt::LaunchConfig cfg;
  cfg.grid = rt::Dim3{1, 1, 1};
  need(k.launch(stream, cfg, args), "launch");
  Status s = stream.synchronize();
  std::fflush(stdout);
  bool pass = !s.ok();
  std::printf("CHECK debug_hangs expect_tx 8192 for a 4096-byte box: %s %s\n",
              s.ok() ? "ran to completion" : s.message().c_str(),
              pass ? "PASS" : "FAIL");
  std::printf("RESULT debug_hangs %s\n", pass ? "PASS" : "FAIL");
  return pass ? 0 : 1;
}
