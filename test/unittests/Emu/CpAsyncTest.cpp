//===- CpAsyncTest.cpp - sm_80 cp.async on the emulator -------------------===//
//
// Hand-written kernels in the PTX LLVM's NVPTX backend writes for
// nvvm.cp.async.shared.global / commit_group / wait_group copy global
// memory into shared memory with cp.async and copy the shared bytes out
// with ordinary loads. Expected bytes follow the PTX ISA ("cp.async": cp-size
// bytes land in shared memory, the bytes from src-size on are zeros;
// "cp.async.wait_group / cp.async.wait_all": at most the newest N groups
// stay pending, an empty group is complete, and the writes are visible to
// the executing thread after the wait), never the emulator
// (cp.async.mbarrier.arrive: CpAsyncMbarrierTest.cpp). Every
// instruction form used here is accepted by ptxas -arch=sm_90a (CUDA 13.0);
// the rejected forms are rejected by it too.
//
//===----------------------------------------------------------------------===//
#include "EmuTestUtil.h"
#include "TensorMapFormat.h"

using namespace cute;
using namespace cute::emu;
using namespace cute::emu::test;

namespace {

/// A kernel where thread t fills its `p_n` shared bytes at smem + t * p_n
/// with 0xa5, runs `body` (the copy of global src + t * p_n into them, its
/// commit and wait; registers: %rd4 source, %rd6 destination, %r2 = p_arg,
/// %p2 = (p_arg != 0), %rd11 a cache policy), then copies its shared bytes
/// to out + t * p_n.
std::string copyKernel(const std::string &body) {
  return ptxModule(R"(
.extern .shared .align 16 .b8 smem[];

.visible .entry k(.param .u64 p_src, .param .u64 p_out, .param .u32 p_n,
                  .param .u32 p_arg)
{
  .reg .pred %p<4>;
  .reg .b32 %r<16>;
  .reg .b64 %rd<16>;
  ld.param.u64 %rd1, [p_src];
  ld.param.u64 %rd2, [p_out];
  ld.param.u32 %r1, [p_n];
  ld.param.u32 %r2, [p_arg];
  setp.ne.u32 %p2, %r2, 0;
  mov.b64 %rd11, 1152921504606846976;
  mov.u32 %r3, %tid.x;
  mul.wide.u32 %rd3, %r3, %r1;
  add.s64 %rd4, %rd1, %rd3;
  mov.b64 %rd5, smem;
  add.s64 %rd6, %rd5, %rd3;
  mov.b32 %r10, -1515870811;
  mov.u32 %r4, 0;
$L__fill:
  cvt.u64.u32 %rd7, %r4;
  add.s64 %rd8, %rd6, %rd7;
  st.shared.u32 [%rd8], %r10;
  add.s32 %r4, %r4, 4;
  setp.lt.u32 %p1, %r4, %r1;
  @%p1 bra $L__fill;
  )" + body + R"(
  add.s64 %rd9, %rd2, %rd3;
  mov.u32 %r4, 0;
$L__dump:
  cvt.u64.u32 %rd7, %r4;
  add.s64 %rd8, %rd6, %rd7;
  ld.shared.u32 %r5, [%rd8];
  add.s64 %rd10, %rd9, %rd7;
  st.global.u32 [%rd10], %r5;
  add.s32 %r4, %r4, 4;
  setp.lt.u32 %p1, %r4, %r1;
  @%p1 bra $L__dump;
  ret;
}
)");
}

struct CopyRun {
  unsigned threads = 64, cpSize = 16, arg = 0;
  unsigned srcShort = 0; ///< the source allocation lacks its last bytes
  Options options;
};

/// Runs copyKernel(body) and returns the launch status and the out bytes.
Expected<std::vector<uint8_t>> runCopy(const std::string &body,
                                       const CopyRun &r) {
  Device d(Chip::Sm90a);
  d.setOptions(r.options);
  const size_t n = size_t(r.threads) * r.cpSize;
  auto src = upload(d, sourceBytes(n - r.srcShort));
  auto out = upload(d, std::vector<uint8_t>(n, 0xee));
  uint32_t cp = r.cpSize, arg = r.arg;
  LaunchConfig cfg = blocks(1, r.threads);
  cfg.dynamicSmemBytes = uint32_t(n);
  auto st =
      run(d, copyKernel(body), "k", cfg, {&src.addr, &out.addr, &cp, &arg});
  if (!st.ok())
    return st.error();
  return std::vector<uint8_t>(out.data(), out.data() + n);
}

/// What thread t's chunk holds after a copy of `srcBytes` of `cpSize`
/// (PTX ISA "cp.async": src-size bytes from src, zeros up to cp-size).
std::vector<uint8_t> expectCopy(unsigned threads, unsigned cpSize,
                                unsigned srcBytes) {
  std::vector<uint8_t> src = sourceBytes(size_t(threads) * cpSize);
  std::vector<uint8_t> want(src.size());
  for (size_t i = 0; i < src.size(); ++i)
    want[i] = i % cpSize < srcBytes ? src[i] : 0;
  return want;
}

std::string copyThenWait(const std::string &copy) {
  return copy + "\n  cp.async.commit_group;\n  cp.async.wait_group 0;";
}

} // namespace

// "cp.async": cp-size 4, 8 and 16 with .ca, 16 with .cg; the optional
// .shared::cta, prefetch-size and cache-hint qualifiers change nothing.
// Run deterministically and under random schedules with the race checker:
// the fill before the copy and the reads after the wait are ordered.
TEST(CpAsync, CopySizes) {
  struct Form {
    unsigned cpSize;
    const char *copy;
  } forms[] = {
      {4, "cp.async.ca.shared.global [%rd6], [%rd4], 4;"},
      {8, "cp.async.ca.shared.global [%rd6], [%rd4], 8;"},
      {16, "cp.async.ca.shared.global [%rd6], [%rd4], 16;"},
      {16, "cp.async.cg.shared.global [%rd6], [%rd4], 16;"},
      {8, "cp.async.ca.shared::cta.global [%rd6], [%rd4], 8;"},
      {16, "cp.async.cg.shared.global.L2::128B [%rd6], [%rd4], 16;"},
      {4, "cp.async.ca.shared.global.L2::64B [%rd6], [%rd4], 4;"},
      {16, "cp.async.cg.shared.global.L2::cache_hint [%rd6], [%rd4], 16, "
           "%rd11;"},
      {16, "cp.async.cg.shared.global.L2::cache_hint.L2::256B [%rd6], "
           "[%rd4], 16, %rd11;"},
  };
  for (const Form &f : forms)
    for (uint64_t seed : {0, 1, 2}) {
      SCOPED_TRACE(std::string(f.copy) + " seed " + std::to_string(seed));
      CopyRun r;
      r.cpSize = f.cpSize;
      r.options = raceOptions(seed);
      auto out = runCopy(copyThenWait(f.copy), r);
      ASSERT_TRUE(out.ok()) << out.error().message();
      EXPECT_EQ(*out, expectCopy(r.threads, f.cpSize, f.cpSize));
    }
}

// "cp.async": with src-size, the bytes from src-size to cp-size are zeros;
// src-size 0 reads nothing (even through a pointer past every allocation)
// and writes cp-size zeros. ignore-src set writes zeros too. The zeros are
// written bytes for the uninitialised-read check.
TEST(CpAsync, ZeroFill) {
  struct Form {
    unsigned cpSize, arg, srcBytes;
    const char *copy;
  } forms[] = {
      {16, 0, 0, "cp.async.cg.shared.global [%rd6], [%rd4], 16, %r2;"},
      {16, 5, 5, "cp.async.cg.shared.global [%rd6], [%rd4], 16, %r2;"},
      {16, 16, 16, "cp.async.cg.shared.global [%rd6], [%rd4], 16, %r2;"},
      {8, 3, 3, "cp.async.ca.shared.global [%rd6], [%rd4], 8, %r2;"},
      {4, 0, 0, "cp.async.ca.shared.global [%rd6], [%rd4], 4, 0;"},
      {8, 0, 6, "cp.async.ca.shared.global [%rd6], [%rd4], 8, 6;"},
      {16, 0, 12,
       "cp.async.cg.shared.global.L2::cache_hint [%rd6], [%rd4], 16, 12, "
       "%rd11;"},
      {16, 1, 0, "cp.async.ca.shared.global [%rd6], [%rd4], 16, %p2;"},
      {16, 0, 16, "cp.async.ca.shared.global [%rd6], [%rd4], 16, %p2;"},
  };
  for (const Form &f : forms)
    for (uint64_t seed : {0, 3}) {
      SCOPED_TRACE(std::string(f.copy) + " with %r2 = " +
                   std::to_string(f.arg) + ", seed " + std::to_string(seed));
      CopyRun r;
      r.cpSize = f.cpSize;
      r.arg = f.arg;
      r.options = raceOptions(seed);
      r.options.initCheck = true;
      auto out = runCopy(copyThenWait(f.copy), r);
      ASSERT_TRUE(out.ok()) << out.error().message();
      EXPECT_EQ(*out, expectCopy(r.threads, f.cpSize, f.srcBytes));
    }
  // src-size 0 through an address in no allocation: nothing is read.
  CopyRun r;
  auto out = runCopy(copyThenWait("add.s64 %rd4, %rd4, 4096;\n  "
                                  "cp.async.cg.shared.global [%rd6], "
                                  "[%rd4], 16, 0;"),
                     r);
  ASSERT_TRUE(out.ok()) << out.error().message();
  EXPECT_EQ(*out, std::vector<uint8_t>(size_t(r.threads) * 16, 0));
}

// "cp.async.wait_group": wait_group 1 after two groups waits for the first
// only; the first group's bytes are checked then, the second's after
// wait_group 0. The emulator completes copies only between warp visits,
// so a wait that did not wait would leave the 0xa5 fill in place.
TEST(CpAsync, WaitGroupOneThenZero) {
  // Thread t's 16 bytes: the first 8 from group 1, the last 8 from group 2.
  // After wait_group 1 the thread stores its first 8 shared bytes to
  // out + 1024 + 16 t; after wait_group 0 the dump stores all 16 to
  // out + 16 t.
  std::string body = R"(cp.async.ca.shared.global [%rd6], [%rd4], 8;
  cp.async.commit_group;
  cp.async.ca.shared.global [%rd6+8], [%rd4+8], 8;
  cp.async.commit_group;
  cp.async.wait_group 1;
  ld.shared.v2.u32 {%r6, %r7}, [%rd6];
  add.s64 %rd12, %rd2, 1024;
  add.s64 %rd12, %rd12, %rd3;
  st.global.v2.u32 [%rd12], {%r6, %r7};
  cp.async.wait_group 0;)";
  for (uint64_t seed : {0, 1, 2, 3}) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    Device d(Chip::Sm90a);
    d.setOptions(raceOptions(seed));
    auto src = upload(d, sourceBytes(1024));
    auto out = upload(d, std::vector<uint8_t>(2048, 0xee));
    uint32_t cp = 16, arg = 0;
    LaunchConfig cfg = blocks(1, 64);
    cfg.dynamicSmemBytes = 1024;
    auto st =
        run(d, copyKernel(body), "k", cfg, {&src.addr, &out.addr, &cp, &arg});
    ASSERT_TRUE(st.ok()) << st.error().message();
    std::vector<uint8_t> want = expectCopy(64, 16, 16);
    for (size_t t = 0; t < 64; ++t)
      for (size_t i = 0; i < 16; ++i) {
        ASSERT_EQ(out[16 * t + i], want[16 * t + i]) << t << "," << i;
        if (i < 8) // the snapshot after wait_group 1: group 1's bytes
          ASSERT_EQ(out[1024 + 16 * t + i], want[16 * t + i]) << t << "," << i;
        else // not written
          ASSERT_EQ(out[1024 + 16 * t + i], 0xee) << t << "," << i;
      }
  }
}

// "cp.async.wait_all" commits the open copies and waits for them; "an
// empty cp.async-group is considered to be trivially complete" and still
// counts: after copy, commit, commit (empty), wait_group 1 covers the copy.
TEST(CpAsync, WaitAllAndEmptyGroups) {
  for (const char *body :
       {"cp.async.cg.shared.global [%rd6], [%rd4], 16;\n  cp.async.wait_all;",
        "cp.async.cg.shared.global [%rd6], [%rd4], 16;\n  "
        "cp.async.commit_group;\n  cp.async.commit_group;\n  "
        "cp.async.wait_group 1;",
        "cp.async.commit_group;\n  cp.async.wait_group 0;\n  "
        "cp.async.cg.shared.global [%rd6], [%rd4], 16;\n  "
        "cp.async.wait_all;\n  cp.async.wait_all;"})
    for (uint64_t seed : {0, 1, 2}) {
      SCOPED_TRACE(std::string(body) + " seed " + std::to_string(seed));
      CopyRun r;
      r.options = raceOptions(seed);
      auto out = runCopy(body, r);
      ASSERT_TRUE(out.ok()) << out.error().message();
      EXPECT_EQ(*out, expectCopy(r.threads, 16, 16));
    }
}

// "Addresses as Operands": dst and src aligned to cp-size; the failure
// names the address, the cp-size and the instruction. Out-of-range
// addresses fail like other accesses.
TEST(CpAsync, AddressFaults) {
  struct Bad {
    const char *body;
    unsigned arg, srcShort;
    const char *names;
    int code;
  } bad[] = {
      {"add.s64 %rd6, %rd6, 4;\n  cp.async.cg.shared.global [%rd6], [%rd4], "
       "16;",
       0, 0,
       "destination shared address 0x4 is not aligned to the cp-size of 16",
       716},
      {"cp.async.ca.shared.global [%rd6], [%rd4+4], 8;", 0, 0,
       "is not aligned to the cp-size of 8", 716},
      {"add.s64 %rd6, %rd6, 1024;\n  cp.async.cg.shared.global [%rd6], "
       "[%rd4], 16;",
       0, 0, "out of bounds (the CTA has 1024 bytes of shared memory)", 700},
      // Thread 63 reads [1008, 1024) of a 1016-byte allocation; with
      // src-size 8 it reads only what exists.
      {"cp.async.cg.shared.global [%rd6], [%rd4], 16;", 0, 8,
       "+16) runs past the end of the allocation", 700},
      {"cp.async.cg.shared.global [%rd6], [%rd4], 16, %r2;", 9, 8,
       "+9) runs past the end of the allocation", 700},
      {"mov.b64 %rd4, 16;\n  cp.async.cg.shared.global [%rd6], [%rd4], 16;", 0,
       0, "[0x10, +16) is not in any allocation", 700},
  };
  for (const Bad &b : bad) {
    SCOPED_TRACE(b.body);
    CopyRun r;
    r.arg = b.arg;
    r.srcShort = b.srcShort;
    auto out = runCopy(copyThenWait(b.body), r);
    ASSERT_FALSE(out.ok());
    const std::string &msg = out.error().message();
    EXPECT_TRUE(contains(msg, b.names)) << msg;
    EXPECT_TRUE(contains(msg, "cp.async.")) << msg;
    EXPECT_EQ(out.error().cudaResult(), b.code) << msg;
  }
  // The misaligned source names its address.
  CopyRun r;
  auto out = runCopy(copyThenWait("add.s64 %rd4, %rd4, 8;\n  "
                                  "cp.async.cg.shared.global [%rd6], [%rd4], "
                                  "16;"),
                     r);
  ASSERT_FALSE(out.ok());
  EXPECT_TRUE(contains(out.error().message(), "cp.async source global address"))
      << out.error().message();
  // src-size 8 of the 16 bytes at the end of the short allocation: fine.
  r.srcShort = 8;
  r.arg = 8;
  out = runCopy(
      copyThenWait("cp.async.cg.shared.global [%rd6], [%rd4], 16, %r2;"), r);
  ASSERT_TRUE(out.ok()) << out.error().message();
  EXPECT_EQ(*out, expectCopy(r.threads, 16, 8));
}

// Decoding: the forms LLVM writes load; the ones ptxas rejects are rejected
// with the reason.
TEST(CpAsync, Decode) {
  Device d(Chip::Sm90a);
  auto body = [](const std::string &insn) {
    return ptxModule(R"(
.extern .shared .align 16 .b8 smem[];
.visible .entry k(.param .u64 p)
{
  .reg .pred %p<4>;
  .reg .b32 %r<8>;
  .reg .b64 %rd<8>;
  ld.param.u64 %rd1, [p];
  mov.b64 %rd2, smem;
  )" + insn + R"(
  ret;
}
)");
  };
  for (const char *ok : {
           "cp.async.ca.shared.global [%rd2], [%rd1], 4;",
           "cp.async.ca.shared::cta.global [%rd2+8], [%rd1], 8;",
           "cp.async.cg.shared.global [%rd2], [%rd1], 16, %r1;",
           "cp.async.ca.shared.global [smem+64], [%rd1], 4, 2;",
           "cp.async.ca.shared.global [%rd2], [%rd1], 4, %p1;",
           "cp.async.cg.shared.global.L2::cache_hint.L2::128B [%rd2], [%rd1], "
           "16, %r1, %rd3;",
           "cp.async.commit_group;",
           "cp.async.wait_group 3;",
           "cp.async.wait_all;",
       })
    EXPECT_TRUE(d.loadModule(body(ok)).ok()) << ok;
  struct Bad {
    const char *insn, *names;
  } bad[] = {
      {"cp.async.cg.shared.global [%rd2], [%rd1], 8;",
       "cp.async.cg copies 16 bytes only (cp-size is 8)"},
      {"cp.async.ca.shared.global [%rd2], [%rd1], 2;",
       "cp-size must be 4, 8 or 16 bytes, not 2"},
      {"cp.async.ca.shared.global [%rd2], [%rd1], 4, 9;",
       "src-size 9 is outside [0, cp-size 4]"},
      {"cp.async.ca.shared::cluster.global [%rd2], [%rd1], 4;",
       "not .shared::cluster"},
      {"cp.async.ca.shared.global [%rd2], [%rd1], 4, %r1, %rd3;",
       "found 5 operands"},
      {"cp.async.wait_group %r1;", "integer constant"},
  };
  for (const Bad &b : bad) {
    auto m = d.loadModule(body(b.insn));
    ASSERT_FALSE(m.ok()) << b.insn;
    EXPECT_TRUE(contains(m.error().message(), b.names)) << m.error().message();
  }
}

// --- The race checker
// ---------------------------------------------------------

// PTX ISA "Completion Mechanisms for Asynchronous Copy Operations": reading
// the destination before the copy completes is undefined; the writes are
// visible to the thread after the wait covering their group. A read
// without the wait, or of the newest group after wait_group 1, is a race
// whatever the schedule.
TEST(CpAsync, ReadBeforeWaitIsARace) {
  for (const char *body :
       {"cp.async.cg.shared.global [%rd6], [%rd4], 16;\n  "
        "cp.async.commit_group;\n  ld.shared.u32 %r6, [%rd6];\n  "
        "cp.async.wait_group 0;",
        "cp.async.ca.shared.global [%rd6], [%rd4], 8;\n  "
        "cp.async.commit_group;\n  cp.async.ca.shared.global [%rd6+8], "
        "[%rd4+8], 8;\n  cp.async.commit_group;\n  cp.async.wait_group 1;\n  "
        "ld.shared.u32 %r6, [%rd6+8];\n  cp.async.wait_group 0;",
        // A thread's own store after the copy, before the wait: the copy
        // and the store are unordered.
        "cp.async.cg.shared.global [%rd6], [%rd4], 16;\n  "
        "st.shared.u32 [%rd6+4], %r2;\n  cp.async.wait_all;"})
    for (uint64_t seed : {0, 1, 2, 3, 4}) {
      SCOPED_TRACE(std::string(body) + " seed " + std::to_string(seed));
      CopyRun r;
      r.options = raceOptions(seed);
      auto out = runCopy(body, r);
      ASSERT_FALSE(out.ok());
      const std::string &msg = out.error().message();
      EXPECT_TRUE(contains(msg, "shared-memory race")) << msg;
      EXPECT_TRUE(contains(msg, "the cp.async copies of warp")) << msg;
      EXPECT_TRUE(contains(msg, "cp.async.c")) << msg;
    }
  // Without the race checker the kernel runs; the copy lands when the
  // scheduler completes it (between warp visits in the default schedule),
  // so the read before the wait sees the 0xa5 fill, as the hardware may.
  CopyRun r;
  auto out = runCopy("cp.async.cg.shared.global [%rd6], [%rd4], 16;\n  "
                     "ld.shared.u32 %r6, [%rd6];\n  cp.async.wait_all;\n  "
                     "st.shared.u32 [%rd6], %r6;",
                     r);
  ASSERT_TRUE(out.ok()) << out.error().message();
  std::vector<uint8_t> want = expectCopy(r.threads, 16, 16);
  for (size_t t = 0; t < r.threads; ++t)
    for (size_t i = 0; i < 4; ++i)
      want[16 * t + i] = 0xa5;
  EXPECT_EQ(*out, want);
}

namespace {

/// A per-thread double-buffered pipeline over `tiles` tiles of 16 bytes per
/// thread: tile k of thread t is src[(k * ntid + t) * 16, +16); thread t's
/// slot s is smem[(s * ntid + t) * 16, +16). The prologue copies tiles 0
/// and 1 into slots 0 and 1 (one group each); iteration k waits with
/// `wait` (wait_group 1 is right), stores slot k % 2 to out (src's layout),
/// then copies tile k + 2 into that slot and commits (an empty group past
/// the last tile). With `peer`, a bar.sync after the store lets thread t
/// store the slot of thread t ^ 32 (the other warp) to out2 at t's place,
/// and a second bar.sync orders that read before the slot's next copy.
std::string pipelineKernel(const std::string &wait, bool peer) {
  std::string peerCode = !peer ? std::string() : std::string(R"(
  bar.sync 0;
  xor.b32 %r9, %r3, 32;
  mul.wide.u32 %rd12, %r9, 16;
  add.s64 %rd13, %rd15, %rd12;
  ld.shared.v4.u32 {%r10, %r11, %r12, %r13}, [%rd13];
  add.s64 %rd14, %rd8, %rd20;
  st.global.v4.u32 [%rd14], {%r10, %r11, %r12, %r13};
  bar.sync 0;)");
  return ptxModule(R"(
.extern .shared .align 16 .b8 smem[];

.visible .entry pipe(.param .u64 p_src, .param .u64 p_out,
                     .param .u64 p_out2, .param .u32 p_tiles)
{
  .reg .pred %p<4>;
  .reg .b32 %r<16>;
  .reg .b64 %rd<24>;
  ld.param.u64 %rd1, [p_src];
  ld.param.u64 %rd2, [p_out];
  ld.param.u64 %rd8, [p_out2];
  ld.param.u32 %r1, [p_tiles];
  mov.u32 %r3, %tid.x;
  mov.u32 %r4, %ntid.x;
  mul.wide.u32 %rd3, %r3, 16;
  mul.wide.u32 %rd4, %r4, 16;
  mov.b64 %rd5, smem;
  add.s64 %rd6, %rd5, %rd3;
  add.s64 %rd7, %rd6, %rd4;
  add.s64 %rd9, %rd1, %rd3;
  cp.async.cg.shared.global [%rd6], [%rd9], 16;
  cp.async.commit_group;
  add.s64 %rd10, %rd9, %rd4;
  cp.async.cg.shared.global [%rd7], [%rd10], 16;
  cp.async.commit_group;
  mov.u32 %r2, 0;
$L__loop:
  )" + wait + R"(
  and.b32 %r7, %r2, 1;
  setp.eq.u32 %p1, %r7, 0;
  selp.b64 %rd16, %rd6, %rd7, %p1;
  sub.s64 %rd15, %rd16, %rd3;
  ld.shared.v4.u32 {%r10, %r11, %r12, %r13}, [%rd16];
  cvt.u64.u32 %rd17, %r2;
  mul.lo.s64 %rd18, %rd17, %rd4;
  add.s64 %rd20, %rd18, %rd3;
  add.s64 %rd19, %rd2, %rd20;
  st.global.v4.u32 [%rd19], {%r10, %r11, %r12, %r13};)" +
                   peerCode + R"(
  add.s32 %r5, %r2, 2;
  setp.ge.u32 %p2, %r5, %r1;
  @%p2 bra $L__commit;
  cvt.u64.u32 %rd17, %r5;
  mul.lo.s64 %rd18, %rd17, %rd4;
  add.s64 %rd18, %rd18, %rd9;
  cp.async.cg.shared.global [%rd16], [%rd18], 16;
$L__commit:
  cp.async.commit_group;
  add.s32 %r2, %r2, 1;
  setp.lt.u32 %p3, %r2, %r1;
  @%p3 bra $L__loop;
  cp.async.wait_all;
  ret;
}
)");
}

struct PipelineResult {
  Status status = okStatus();
  std::vector<uint8_t> out, out2, src;
};

PipelineResult runPipeline(const std::string &wait, bool peer, const Options &o,
                           unsigned tiles = 6) {
  const unsigned threads = 64;
  Device d(Chip::Sm90a);
  d.setOptions(o);
  const size_t n = size_t(tiles) * threads * 16;
  PipelineResult res;
  res.src = sourceBytes(n);
  auto src = upload(d, res.src);
  auto out = upload(d, std::vector<uint8_t>(n, 0xee));
  auto out2 = upload(d, std::vector<uint8_t>(n, 0xee));
  uint32_t t = tiles;
  LaunchConfig cfg = blocks(1, threads);
  cfg.dynamicSmemBytes = 2 * threads * 16;
  auto st = run(d, pipelineKernel(wait, peer), "pipe", cfg,
                {&src.addr, &out.addr, &out2.addr, &t});
  if (!st.ok())
    res.status = st.error();
  res.out.assign(out.data(), out.data() + n);
  res.out2.assign(out2.data(), out2.data() + n);
  return res;
}

} // namespace

// The correct per-thread pipeline (wait_group 1, read the slot, re-issue
// into it) is clean under the race checker and copies every tile, with
// and without other threads reading the slots through bar.sync.
TEST(CpAsync, PipelineIsRaceFree) {
  for (bool peer : {false, true})
    for (uint64_t seed : {0, 1, 2, 3, 4, 5}) {
      SCOPED_TRACE(std::string(peer ? "peer " : "") + "seed " +
                   std::to_string(seed));
      PipelineResult r =
          runPipeline("cp.async.wait_group 1;", peer, raceOptions(seed));
      ASSERT_TRUE(r.status.ok()) << r.status.error().message();
      EXPECT_EQ(r.out, r.src);
      if (peer) { // thread t stored thread (t ^ 32)'s tile at t's place
        std::vector<uint8_t> want(r.src.size());
        for (size_t i = 0; i < want.size(); ++i) {
          size_t chunk = i / 16, k = chunk / 64, t = chunk % 64;
          want[i] = r.src[(k * 64 + (t ^ 32)) * 16 + i % 16];
        }
        EXPECT_EQ(r.out2, want);
      }
    }
}

// The same pipeline waiting one group too few (wait_group 2) reads a slot
// whose copy may be pending: a race under every schedule.
TEST(CpAsync, PipelineWaitingTooLittleIsARace) {
  for (uint64_t seed : {0, 1, 2, 3}) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    PipelineResult r =
        runPipeline("cp.async.wait_group 2;", false, raceOptions(seed));
    ASSERT_FALSE(r.status.ok());
    EXPECT_TRUE(contains(r.status.error().message(), "shared-memory race"))
        << r.status.error().message();
  }
}

// PTX ISA "cp.async": a weak generic-proxy write. A TMA store (async proxy)
// reading the copied bytes needs fence.proxy.async after the wait in the
// issuing thread ("Proxies"); with it the program is clean.
TEST(CpAsync, TmaStoreOfCopiedBytesNeedsAProxyFence) {
  auto kernel = [](bool fence) {
    return ptxModule(std::string(R"(
.extern .shared .align 128 .b8 smem[];

.visible .entry k(.param .u64 p_src, .param .align 64 .b8 p_map[128])
{
  .reg .pred %p<4>;
  .reg .b32 %r<8>;
  .reg .b64 %rd<12>;
  ld.param.u64 %rd1, [p_src];
  mov.b64 %rd2, p_map;
  cvta.param.u64 %rd3, %rd2;
  mov.u32 %r1, %tid.x;
  mul.wide.u32 %rd4, %r1, 16;
  add.s64 %rd5, %rd1, %rd4;
  mov.b64 %rd6, smem;
  add.s64 %rd7, %rd6, %rd4;
  cp.async.cg.shared.global [%rd7], [%rd5], 16;
  cp.async.wait_all;
  )") + (fence ? "fence.proxy.async.shared::cta;" : "") +
                     R"(
  bar.sync 0;
  setp.ne.u32 %p1, %r1, 0;
  @%p1 bra $L__done;
  mov.b32 %r2, 0;
  cp.async.bulk.tensor.1d.global.shared::cta.tile.bulk_group [%rd3, {%r2}], [smem];
  cp.async.bulk.commit_group;
  cp.async.bulk.wait_group.read 0;
$L__done:
  ret;
}
)");
  };
  for (bool fence : {true, false})
    for (uint64_t seed : {0, 1, 2}) {
      SCOPED_TRACE(std::string(fence ? "fenced" : "unfenced") + " seed " +
                   std::to_string(seed));
      Device d(Chip::Sm90a);
      d.setOptions(raceOptions(seed));
      std::vector<uint8_t> bytes = sourceBytes(64 * 16);
      auto src = upload(d, bytes);
      auto dst = upload(d, std::vector<uint8_t>(bytes.size(), 0));
      // A 1-D map of 256 u32 elements, box 256 (TensorMapFormat.h).
      struct alignas(64) MapBytes {
        uint8_t b[128] = {};
      } map;
      EmuTensorMap t;
      std::memset(&t, 0, sizeof t);
      t.magic = EmuTensorMap::kMagic;
      t.dataType = 2; // CU_TENSOR_MAP_DATA_TYPE_UINT32
      t.rank = 1;
      t.elementBytes = 4;
      t.globalAddress = dst.addr;
      t.globalDim[0] = 256;
      t.boxDim[0] = 256;
      t.elementStrides[0] = 1;
      std::memcpy(map.b, &t, sizeof t);
      LaunchConfig cfg = blocks(1, 64);
      cfg.dynamicSmemBytes = 1024;
      auto st = run(d, kernel(fence), "k", cfg, {&src.addr, &map});
      if (fence) {
        ASSERT_TRUE(st.ok()) << st.error().message();
        EXPECT_EQ(std::vector<uint8_t>(dst.data(), dst.data() + bytes.size()),
                  bytes);
      } else {
        ASSERT_FALSE(st.ok());
        EXPECT_TRUE(contains(st.error().message(), "fence.proxy.async"))
            << st.error().message();
        EXPECT_TRUE(contains(st.error().message(), "the cp.async copies of"))
            << st.error().message();
      }
    }
}
