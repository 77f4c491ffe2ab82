//===- CpAsyncMbarrierTest.cpp - cp.async.mbarrier.arrive on the emulator ===//
//
// Hand-written kernels in the PTX LLVM's NVPTX backend writes for
// nvvm.cp.async.mbarrier.arrive: producers copy global memory into shared
// memory with cp.async and signal an mbarrier when their copies land;
// consumers wait on the phase and copy the shared bytes out. Expected
// behaviour follows the PTX ISA ("cp.async.mbarrier.arrive": the arrive-on
// operation happens once the thread's earlier copies are complete, and
// without .noinc the pending count is first raised by one; "mbarrier.
// test_wait / mbarrier.try_wait": a thread whose wait completes the phase
// sees those copies), never the emulator. Every instruction form used here
// is accepted by ptxas -arch=sm_90a (CUDA 13.0); the rejected forms are
// rejected by it too. (The copies themselves: CpAsyncTest.cpp.)
//
//===----------------------------------------------------------------------===//
#include "EmuTestUtil.h"

using namespace cute;
using namespace cute::emu;
using namespace cute::emu::test;

// --- cp.async.mbarrier.arrive
// ------------------------------------------------
namespace {

/// A producer/consumer pipeline over `p_tiles` tiles of 32 x 16 bytes and
/// two slots. Shared memory: mbarriers full[0..1] at 0 and 8 (init count
/// p_count), empty[0..1] at 16 and 24 (init count 32), slot s at
/// 64 + 512 s. Warp 0 produces tile k into slot k % 2: it waits for
/// empty[s] (parity ((k / 2) & 1) ^ 1), each lane cp.asyncs its 16 bytes
/// and runs `arrive` on full[s] (registers: %rd20 its shared address, %r20
/// the same in 32 bits, %rd21 its generic address). Warp 1 consumes tile k:
/// when p_wait is set it waits for full[s] with parity (k / 2) & 1, stores
/// its lane's 16 bytes of the slot to out + 512 k and arrives on empty[s];
/// with p_wait clear it reads the slot without waiting or arriving (only
/// right for p_tiles <= 2, where the producer waits on no empty phase).
std::string mbarPipelineKernel(const std::string &arrive) {
  return ptxModule(R"(
.extern .shared .align 16 .b8 smem[];

.visible .entry mbpipe(.param .u64 p_src, .param .u64 p_out,
                       .param .u32 p_tiles, .param .u32 p_wait,
                       .param .u32 p_count)
{
  .reg .pred %p<8>;
  .reg .b32 %r<32>;
  .reg .b64 %rd<32>;
  ld.param.u64 %rd1, [p_src];
  ld.param.u64 %rd2, [p_out];
  ld.param.u32 %r1, [p_tiles];
  ld.param.u32 %r2, [p_wait];
  ld.param.u32 %r3, [p_count];
  mov.u32 %r4, %tid.x;
  and.b32 %r5, %r4, 31;
  mov.b64 %rd3, smem;
  setp.ne.u32 %p1, %r4, 0;
  @%p1 bra $L__inited;
  mbarrier.init.shared.b64 [smem], %r3;
  mbarrier.init.shared.b64 [smem+8], %r3;
  mbarrier.init.shared.b64 [smem+16], 32;
  mbarrier.init.shared.b64 [smem+24], 32;
$L__inited:
  bar.sync 0;
  mul.wide.u32 %rd4, %r5, 16;
  mov.u32 %r6, 0;
  setp.ge.u32 %p2, %r4, 32;
  @%p2 bra $L__consume;
$L__produce:
  and.b32 %r7, %r6, 1;
  shr.u32 %r8, %r6, 1;
  and.b32 %r8, %r8, 1;
  xor.b32 %r9, %r8, 1;
  mul.wide.u32 %rd5, %r7, 8;
  add.s64 %rd20, %rd3, %rd5;
  cvt.u32.u64 %r20, %rd20;
  cvta.shared.u64 %rd21, %rd20;
  add.s64 %rd6, %rd20, 16;
$L__pwait:
  mbarrier.try_wait.parity.shared.b64 %p3, [%rd6], %r9;
  @!%p3 bra $L__pwait;
  mul.wide.u32 %rd7, %r7, 512;
  add.s64 %rd8, %rd3, 64;
  add.s64 %rd8, %rd8, %rd7;
  add.s64 %rd8, %rd8, %rd4;
  mul.wide.u32 %rd9, %r6, 512;
  add.s64 %rd10, %rd1, %rd9;
  add.s64 %rd10, %rd10, %rd4;
  cp.async.cg.shared.global [%rd8], [%rd10], 16;
  )" + arrive + R"(
  add.s32 %r6, %r6, 1;
  setp.lt.u32 %p4, %r6, %r1;
  @%p4 bra $L__produce;
  bra $L__done;
$L__consume:
  and.b32 %r7, %r6, 1;
  shr.u32 %r8, %r6, 1;
  and.b32 %r8, %r8, 1;
  mul.wide.u32 %rd5, %r7, 8;
  add.s64 %rd20, %rd3, %rd5;
  add.s64 %rd6, %rd20, 16;
  setp.eq.u32 %p5, %r2, 0;
  @%p5 bra $L__read;
$L__cwait:
  mbarrier.try_wait.parity.shared.b64 %p3, [%rd20], %r8;
  @!%p3 bra $L__cwait;
$L__read:
  mul.wide.u32 %rd7, %r7, 512;
  add.s64 %rd8, %rd3, 64;
  add.s64 %rd8, %rd8, %rd7;
  add.s64 %rd8, %rd8, %rd4;
  ld.shared.v4.u32 {%r10, %r11, %r12, %r13}, [%rd8];
  mul.wide.u32 %rd9, %r6, 512;
  add.s64 %rd11, %rd2, %rd9;
  add.s64 %rd11, %rd11, %rd4;
  st.global.v4.u32 [%rd11], {%r10, %r11, %r12, %r13};
  @%p5 bra $L__next;
  mbarrier.arrive.shared.b64 _, [%rd6];
$L__next:
  add.s32 %r6, %r6, 1;
  setp.lt.u32 %p4, %r6, %r1;
  @%p4 bra $L__consume;
$L__done:
  ret;
}
)");
}

struct MbarPipeline {
  Status status = okStatus();
  std::vector<uint8_t> out, src;
};

MbarPipeline runMbarPipeline(const std::string &arrive, uint32_t count,
                             bool wait, uint32_t tiles, const Options &o) {
  Device d(Chip::Sm90a);
  d.setOptions(o);
  const size_t n = size_t(tiles) * 512;
  MbarPipeline res;
  res.src = sourceBytes(n);
  auto src = upload(d, res.src);
  auto out = upload(d, std::vector<uint8_t>(n, 0xee));
  uint32_t w = wait;
  LaunchConfig cfg = blocks(1, 64);
  cfg.dynamicSmemBytes = 64 + 2 * 512;
  auto st = run(d, mbarPipelineKernel(arrive), "mbpipe", cfg,
                {&src.addr, &out.addr, &tiles, &w, &count});
  if (!st.ok())
    res.status = st.error();
  res.out.assign(out.data(), out.data() + n);
  return res;
}

} // namespace

// PTX ISA "cp.async.mbarrier.arrive": with .noinc the arrive-on operation,
// triggered once the lane's earlier cp.asyncs have completed, counts
// against the init count, so full[s] is initialised with the 32 producer
// lanes; "mbarrier.test_wait / mbarrier.try_wait": the cp.async operations
// requested before cp.async.mbarrier.arrive are visible to the thread
// whose wait completes the phase. Every tile arrives in order and the run
// is race-free under random schedules, for each address form (generic,
// .shared, .shared::cta, a 32-bit shared address) and with the copies in a
// committed cp.async-group.
TEST(CpAsync, MbarrierArriveNoincPipeline) {
  for (const char *arrive : {
           "cp.async.mbarrier.arrive.noinc.b64 [%rd21];",
           "cp.async.mbarrier.arrive.noinc.shared.b64 [%rd20];",
           "cp.async.mbarrier.arrive.noinc.shared::cta.b64 [%rd20];",
           "cp.async.mbarrier.arrive.noinc.shared::cta.b64 [%r20];",
           // The copies tracked are those of committed groups too.
           "cp.async.commit_group;\n  "
           "cp.async.mbarrier.arrive.noinc.shared.b64 [%rd20];",
       })
    for (uint64_t seed : {0, 1, 2, 3, 4, 5}) {
      SCOPED_TRACE(std::string(arrive) + " seed " + std::to_string(seed));
      Options o = raceOptions(seed);
      o.initCheck = true;
      MbarPipeline r = runMbarPipeline(arrive, 32, true, 6, o);
      ASSERT_TRUE(r.status.ok()) << r.status.error().message();
      EXPECT_EQ(r.out, r.src);
    }
}

// Without .noinc the instruction first raises full[s]'s pending count by
// one, so its asynchronous arrival makes no net change ("zero-net change
// for the pending count"): full[s] is initialised with the 32 ordinary
// arrivals the producer lanes make right after it, and the phase completes
// only when those and the asynchronous ones are done. An emulator that
// did not raise the count would let the consumer read before the copies
// land (a race); one that raised it with .noinc too hangs the test above.
TEST(CpAsync, MbarrierArriveIncrementPipeline) {
  for (const char *arrive : {
           "cp.async.mbarrier.arrive.b64 [%rd21];\n  "
           "mbarrier.arrive.shared.b64 _, [%rd20];",
           "cp.async.mbarrier.arrive.shared.b64 [%rd20];\n  "
           "mbarrier.arrive.shared.b64 _, [%rd20];",
           "cp.async.mbarrier.arrive.shared::cta.b64 [%rd20];\n  "
           "mbarrier.arrive.b64 _, [%rd21];",
       })
    for (uint64_t seed : {0, 1, 2, 3, 4, 5}) {
      SCOPED_TRACE(std::string(arrive) + " seed " + std::to_string(seed));
      MbarPipeline r = runMbarPipeline(arrive, 32, true, 6, raceOptions(seed));
      ASSERT_TRUE(r.status.ok()) << r.status.error().message();
      EXPECT_EQ(r.out, r.src);
    }
}

// A consumer that reads the slot without waiting for full[s] is not
// ordered after the copies: a race whatever the schedule, naming the
// cp.async copies of the producer warp.
TEST(CpAsync, MbarrierArriveReadWithoutWaitIsARace) {
  for (const char *arrive :
       {"cp.async.mbarrier.arrive.noinc.shared.b64 [%rd20];",
        "cp.async.mbarrier.arrive.shared.b64 [%rd20];\n  "
        "mbarrier.arrive.shared.b64 _, [%rd20];"})
    for (uint64_t seed : {0, 1, 2, 3, 4, 5}) {
      SCOPED_TRACE(std::string(arrive) + " seed " + std::to_string(seed));
      MbarPipeline r = runMbarPipeline(arrive, 32, false, 2, raceOptions(seed));
      ASSERT_FALSE(r.status.ok());
      const std::string &msg = r.status.error().message();
      EXPECT_TRUE(contains(msg, "shared-memory race")) << msg;
      EXPECT_TRUE(contains(msg, "the cp.async copies of warp 0")) << msg;
      EXPECT_TRUE(contains(msg, "warp 1 of CTA")) << msg;
    }
}

namespace {

/// One warp: thread 0 initialises the mbarrier at smem (count p_count),
/// then every lane runs `body` (%rd3 the mbarrier's shared address, %rd5
/// its generic one, %rd4 the lane's 16 source bytes, %rd6 its 16 shared
/// bytes at smem + 64), waits for phase 0 of the mbarrier and stores
/// 1 + 2 * (phase 1 complete) as a u32 to out[tid].
std::string arriveKernel(const std::string &body) {
  return ptxModule(R"(
.extern .shared .align 16 .b8 smem[];

.visible .entry arr(.param .u64 p_src, .param .u64 p_out,
                    .param .u32 p_count)
{
  .reg .pred %p<8>;
  .reg .b32 %r<16>;
  .reg .b64 %rd<16>;
  ld.param.u64 %rd1, [p_src];
  ld.param.u64 %rd2, [p_out];
  ld.param.u32 %r1, [p_count];
  mov.u32 %r2, %tid.x;
  mov.b64 %rd3, smem;
  cvta.shared.u64 %rd5, %rd3;
  mul.wide.u32 %rd7, %r2, 16;
  add.s64 %rd4, %rd1, %rd7;
  add.s64 %rd6, %rd3, 64;
  add.s64 %rd6, %rd6, %rd7;
  setp.ne.u32 %p1, %r2, 0;
  @%p1 bra $L__inited;
  mbarrier.init.shared.b64 [smem], %r1;
$L__inited:
  bar.sync 0;
  )" + body + R"(
  mov.u32 %r3, 0;
$L__wait:
  mbarrier.try_wait.parity.shared.b64 %p2, [%rd3], %r3;
  @!%p2 bra $L__wait;
  mbarrier.test_wait.parity.shared.b64 %p3, [%rd3], 1;
  selp.u32 %r4, 3, 1, %p3;
  mul.wide.u32 %rd8, %r2, 4;
  add.s64 %rd9, %rd2, %rd8;
  st.global.u32 [%rd9], %r4;
  ret;
}
)");
}

/// Runs arriveKernel(body) on one warp (or a cluster of two CTAs) and
/// returns the launch status and out.
Expected<std::vector<uint32_t>> runArrive(const std::string &body,
                                          uint32_t count, const Options &o,
                                          bool cluster = false) {
  Device d(Chip::Sm90a);
  d.setOptions(o);
  auto src = upload(d, sourceBytes(32 * 16));
  auto out = upload(d, std::vector<uint32_t>(64, 0));
  LaunchConfig cfg = blocks(cluster ? 2 : 1, 32);
  if (cluster)
    cfg.cluster[0] = 2, cfg.cluster[1] = 1, cfg.cluster[2] = 1;
  cfg.dynamicSmemBytes = 64 + 32 * 16;
  auto st =
      run(d, arriveKernel(body), "arr", cfg, {&src.addr, &out.addr, &count});
  if (!st.ok())
    return st.error();
  return std::vector<uint32_t>(out.data(), out.data() + 32);
}

} // namespace

// An arrive issued when the thread has no cp.async pending (none issued,
// or all already waited for) arrives as soon as the system runs it: phase
// 0 completes, phase 1 does not.
TEST(CpAsync, MbarrierArriveWithNothingPending) {
  struct Form {
    const char *body;
    uint32_t count;
  } forms[] = {
      {"cp.async.mbarrier.arrive.noinc.shared.b64 [%rd3];", 32},
      {"cp.async.mbarrier.arrive.noinc.b64 [%rd5];", 32},
      {"cp.async.mbarrier.arrive.shared::cta.b64 [%rd3];\n  "
       "mbarrier.arrive.shared.b64 _, [%rd3];",
       32},
      {"cp.async.cg.shared.global [%rd6], [%rd4], 16;\n  "
       "cp.async.wait_all;\n  "
       "cp.async.mbarrier.arrive.noinc.shared.b64 [%rd3];",
       32},
      // Half the lanes arrive twice: init count 48.
      {"cp.async.mbarrier.arrive.noinc.shared.b64 [%rd3];\n  "
       "setp.lt.u32 %p4, %r2, 16;\n  "
       "@%p4 cp.async.mbarrier.arrive.noinc.shared.b64 [%rd3];",
       48},
  };
  for (const Form &f : forms)
    for (uint64_t seed : {0, 1, 2, 3}) {
      SCOPED_TRACE(std::string(f.body) + " seed " + std::to_string(seed));
      auto out = runArrive(f.body, f.count, raceOptions(seed));
      ASSERT_TRUE(out.ok()) << out.error().message();
      EXPECT_EQ(*out, std::vector<uint32_t>(32, 1));
    }
}

// Faults: the address is not an initialised mbarrier of the executing
// CTA's shared memory, or the arrivals overrun the barrier's counts. Each
// failure names the instruction.
TEST(CpAsync, MbarrierArriveFaults) {
  struct Bad {
    const char *body;
    uint32_t count;
    bool cluster;
    const char *names;
    int code;
  } bad[] = {
      {"cp.async.mbarrier.arrive.noinc.shared.b64 [%rd3+8];", 32, false,
       "mbarrier at shared 0x8 (CTA rank 0) is not initialised", 719},
      {"cp.async.mbarrier.arrive.noinc.shared.b64 [%rd3+4];", 32, false,
       "mbarrier address 0x4 is not 8-byte aligned", 716},
      {"cp.async.mbarrier.arrive.noinc.shared.b64 [%rd3+4096];", 32, false,
       "out of bounds (the CTA has 576 bytes of shared memory)", 700},
      {"cp.async.mbarrier.arrive.noinc.b64 [%rd1];", 32, false,
       "is not a generic address of shared memory", 700},
      {"cp.async.mbarrier.arrive.b64 [%rd3];", 32, false,
       "address 0x0 is not a generic address of shared memory", 700},
      {"mapa.shared::cluster.u64 %rd10, %rd3, 1;\n  "
       "cp.async.mbarrier.arrive.noinc.shared.b64 [%rd10];",
       32, true,
       "address 0x1000000 is not in the executing CTA's shared memory (it "
       "names CTA rank 1, the executing CTA has rank 0)",
       700},
      // Pending count 0 with a tx-count outstanding: the second lane's
      // asynchronous arrival finds no arrival pending.
      {"setp.eq.u32 %p4, %r2, 0;\n  "
       "@%p4 mbarrier.expect_tx.shared.b64 [%rd3], 16;\n  "
       "bar.sync 0;\n  "
       "setp.lt.u32 %p4, %r2, 2;\n  "
       "@%p4 cp.async.mbarrier.arrive.noinc.shared.b64 [%rd3];",
       1, false, "with no arrival pending (init count 1", 719},
      {"cp.async.mbarrier.arrive.shared.b64 [%rd3];", (1u << 20) - 1, false,
       "raises the pending count of the mbarrier at shared 0x0 in phase 0 "
       "past the limit of 2^20-1",
       719},
  };
  for (const Bad &b : bad) {
    SCOPED_TRACE(b.body);
    auto out = runArrive(b.body, b.count, Options(), b.cluster);
    ASSERT_FALSE(out.ok());
    const std::string &msg = out.error().message();
    EXPECT_TRUE(contains(msg, b.names)) << msg;
    EXPECT_TRUE(contains(msg, "cp.async.mbarrier.arrive")) << msg;
    EXPECT_EQ(out.error().cudaResult(), b.code) << msg;
  }
}

// Decoding: the forms ptxas -arch=sm_90a accepts load; those it rejects
// are rejected with the reason.
TEST(CpAsync, MbarrierArriveDecode) {
  Device d(Chip::Sm90a);
  auto body = [](const std::string &insn) {
    return ptxModule(R"(
.shared .align 8 .b64 bar;
.visible .entry k(.param .u64 p)
{
  .reg .b32 %r<4>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [p];
  mov.u64 %rd2, bar;
  mov.u32 %r1, bar;
  )" + insn + R"(
  ret;
}
)");
  };
  for (const char *ok : {
           "cp.async.mbarrier.arrive.b64 [%rd1];",
           "cp.async.mbarrier.arrive.shared.b64 [%rd2];",
           "cp.async.mbarrier.arrive.shared::cta.b64 [%rd2];",
           "cp.async.mbarrier.arrive.noinc.b64 [%rd1];",
           "cp.async.mbarrier.arrive.noinc.shared.b64 [%rd2];",
           "cp.async.mbarrier.arrive.noinc.shared::cta.b64 [%r1];",
           "cp.async.mbarrier.arrive.shared.noinc.b64 [bar];",
       })
    EXPECT_TRUE(d.loadModule(body(ok)).ok()) << ok;
  struct Bad {
    const char *insn, *names;
  } bad[] = {
      {"cp.async.mbarrier.arrive.shared::cluster.b64 [%rd2];",
       "not .shared::cluster"},
      {"cp.async.mbarrier.arrive.global.b64 [%rd2];", "not .global"},
      {"cp.async.mbarrier.arrive.shared.b32 [%rd2];", "takes .b64"},
      {"cp.async.mbarrier.arrive.shared [%rd2];", "takes .b64"},
      {"cp.async.mbarrier.arrive.shared.b64 [%rd2], 1;",
       "takes one operand, [addr]; found 2"},
      {"cp.async.mbarrier.arrive.shared.b64 %rd2;", "operand 1 must be a"},
      {"cp.async.mbarrier.arrive.release.shared.b64 [%rd2];",
       "modifier '.release'"},
  };
  for (const Bad &b : bad) {
    auto m = d.loadModule(body(b.insn));
    ASSERT_FALSE(m.ok()) << b.insn;
    EXPECT_TRUE(contains(m.error().message(), b.names)) << m.error().message();
  }
}
