//===- main.cpp - cute-emu speed benchmark -------------------------------===//
//
// Runs hand-written PTX kernels through emu::Device and prints the
// emulator's throughput in thread-instructions per second (instructions
// issued times active lanes, from LaunchStats), for:
//   convergent  every lane runs the same integer/float loop,
//   divergent   odd and even lanes take different loop bodies,
//   scaling     the convergent kernel over 264 CTAs on 1..N host threads.
// Usage: emu-speed [--threads N] [--iters N]
//
//===----------------------------------------------------------------------===//
#include "cute/Emu/Emu.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>

using namespace cute;
using namespace cute::emu;

namespace {

const char *kPtx = R"(
.version 8.8
.target sm_90a
.address_size 64

.visible .entry convergent(.param .u64 out, .param .u32 iters)
{
  .reg .pred %p<3>;
  .reg .b32 %r<12>;
  .reg .f32 %f<6>;
  .reg .b64 %rd<4>;
  ld.param.u32 %r1, [iters];
  mov.u32 %r2, %tid.x;
  mov.u32 %r3, 0;
  cvt.rn.f32.u32 %f1, %r2;
  mov.f32 %f2, 0f3F800000;
$L__loop:
  fma.rn.f32 %f2, %f2, %f1, 0f3F000000;
  xor.b32 %r4, %r2, %r3;
  add.s32 %r2, %r4, 7;
  shl.b32 %r5, %r2, 3;
  and.b32 %r2, %r5, 1023;
  add.s32 %r3, %r3, 1;
  setp.lt.u32 %p1, %r3, %r1;
  @%p1 bra $L__loop;
  ld.param.u64 %rd1, [out];
  mov.u32 %r6, %tid.x;
  mov.u32 %r7, %ctaid.x;
  mov.u32 %r8, %ntid.x;
  mad.lo.s32 %r9, %r7, %r8, %r6;
  mul.wide.u32 %rd2, %r9, 4;
  add.s64 %rd3, %rd1, %rd2;
  add.f32 %f3, %f2, 0f00000000;
  mov.b32 %r10, %f3;
  add.s32 %r11, %r10, %r2;
  st.global.u32 [%rd3], %r11;
  ret;
}

.visible .entry divergent(.param .u64 out, .param .u32 iters)
{
  .reg .pred %p<3>;
  .reg .b32 %r<12>;
  .reg .b64 %rd<4>;
  ld.param.u32 %r1, [iters];
  mov.u32 %r2, %tid.x;
  mov.u32 %r3, 0;
  and.b32 %r4, %r2, 1;
  setp.eq.u32 %p2, %r4, 0;
$L__loop:
  @%p2 bra $L__even;
  xor.b32 %r2, %r2, %r3;
  add.s32 %r2, %r2, 3;
  bra.uni $L__next;
$L__even:
  add.s32 %r2, %r2, %r3;
  shl.b32 %r2, %r2, 1;
$L__next:
  add.s32 %r3, %r3, 1;
  setp.lt.u32 %p1, %r3, %r1;
  @%p1 bra $L__loop;
  ld.param.u64 %rd1, [out];
  mov.u32 %r6, %tid.x;
  mov.u32 %r7, %ctaid.x;
  mov.u32 %r8, %ntid.x;
  mad.lo.s32 %r9, %r7, %r8, %r6;
  mul.wide.u32 %rd2, %r9, 4;
  add.s64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r2;
  ret;
}
)";

double run(Device &d, const Module &m, const char *name, uint32_t ctas,
           uint32_t iters, int threads) {
  Options o = d.options();
  o.threads = threads;
  d.setOptions(o);
  Kernel k = m.kernel(name).value();
  uint64_t out = d.allocate(size_t(ctas) * 256 * 4).value();
  void *params[] = {&out, &iters};
  LaunchConfig cfg;
  cfg.grid[0] = ctas;
  cfg.block[0] = 256;
  Expected<LaunchStats> s = d.launch(k, cfg, params);
  (void)d.release(out);
  if (!s) {
    std::fprintf(stderr, "FAIL %s: %s\n", name, s.error().message().c_str());
    std::exit(1);
  }
  double rate = double(s->threadInstructions) / s->seconds;
  std::printf("BENCH emu %-10s ctas=%-4u threads=%-2d %10llu thread-instr "
              "in %.3f s: %.1f M thread-instr/s (%.1f M warp-instr/s)\n",
              name, ctas, threads, (unsigned long long)s->threadInstructions,
              s->seconds, rate / 1e6,
              double(s->warpInstructions) / s->seconds / 1e6);
  return rate;
}

} // namespace

int main(int argc, char **argv) {
  int maxThreads = int(std::thread::hardware_concurrency());
  uint32_t iters = 2000;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (!std::strcmp(argv[i], "--threads"))
      maxThreads = std::atoi(argv[i + 1]);
    else if (!std::strcmp(argv[i], "--iters"))
      iters = uint32_t(std::atoi(argv[i + 1]));
  }
  Device d(Chip::Sm90a);
  Module m = d.loadModule(kPtx).value();
  run(d, m, "convergent", 8, iters, 1);
  run(d, m, "divergent", 8, iters, 1);
  double base = 0;
  for (int t = 1; t <= maxThreads; t *= 2) {
    double r = run(d, m, "convergent", 264, iters / 4, t);
    if (t == 1)
      base = r;
    else
      std::printf("SCALING %d threads: %.2fx one thread\n", t, r / base);
  }
  return 0;
}
