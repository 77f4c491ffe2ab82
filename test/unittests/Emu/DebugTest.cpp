//===- DebugTest.cpp - Hang, race, bounds and decode reports --------------===//
//
// Each kernel is wrong in one way the PTX ISA defines (a transaction count
// that never completes, a missing barrier, a missing proxy fence, an access
// past an allocation, a misaligned address, an instruction that does not
// exist); the test checks that the report names what the issue asks for.
//
//===----------------------------------------------------------------------===//
#include "EmuTestUtil.h"

using namespace cute;
using namespace cute::emu;
using namespace cute::emu::test;

namespace {

Options raceOptions() {
  Options o;
  o.raceCheck = true;
  return o;
}

} // namespace

// mbarrier (PTX ISA "mbarrier"): a phase completes when the pending
// arrivals and the tx-count reach zero. Expecting 64 bytes that never
// arrive leaves the waiters parked forever: the report names the warp, the
// barrier's phase, its counts and the waiting instruction's line.
TEST(EmuDebug, WrongExpectTxHangs) {
  std::string ptx = ptxModule(R"(
.shared .align 8 .b8 bar[8];
.visible .entry k()
{
  .reg .pred %p<4>;
  .reg .b32 %r<8>;
  .reg .b64 %rd<4>;
  mov.u32 %r1, %tid.x;
  setp.ne.s32 %p1, %r1, 0;
  @%p1 bra $L__wait;
  mbarrier.init.shared.b64 [bar], 1;
  mbarrier.arrive.expect_tx.shared.b64 %rd1, [bar], 64;
$L__wait:
  bar.sync 0;
  mov.u32 %r2, 0;
$L__spin:
  mbarrier.try_wait.parity.shared.b64 %p2, [bar], %r2;
  @!%p2 bra $L__spin;
  ret;
}
)");
  Device d(Chip::Sm90a);
  Options o;
  o.spinLimit = 1000;
  d.setOptions(o);
  auto r = run(d, ptx, "k", blocks(1, 64), {});
  ASSERT_FALSE(r.ok());
  const std::string &msg = r.error().message();
  EXPECT_TRUE(contains(msg, "hangs")) << msg;
  EXPECT_TRUE(contains(msg, "warp 0")) << msg;
  EXPECT_TRUE(contains(msg, "warp 1")) << msg;
  EXPECT_TRUE(contains(msg, "mbarrier.try_wait")) << msg;
  EXPECT_TRUE(contains(msg, "phase parity 0")) << msg;
  EXPECT_TRUE(contains(msg, "0 of 1 arrivals pending and tx-count 64")) << msg;
  EXPECT_TRUE(contains(msg, "PTX line 21")) << msg;
}

// bar.sync (PTX ISA "bar, barrier"): a barrier that one warp never reaches
// is a deadlock reported with the arrived and expected thread counts.
TEST(EmuDebug, BarrierDeadlock) {
  std::string ptx = ptxModule(R"(
.visible .entry k()
{
  .reg .pred %p<2>;
  .reg .b32 %r<4>;
  mov.u32 %r1, %tid.x;
  setp.lt.u32 %p1, %r1, 32;
  @%p1 bra $L__done;
  bar.sync 1, 96;
$L__done:
  ret;
}
)");
  Device d(Chip::Sm90a);
  auto r = run(d, ptx, "k", blocks(1, 96), {});
  ASSERT_FALSE(r.ok());
  const std::string &msg = r.error().message();
  EXPECT_TRUE(contains(msg, "deadlock")) << msg;
  EXPECT_TRUE(contains(msg, "barrier 1 (64 of 96 threads arrived)")) << msg;
}

// A thread writes shared memory and another reads it with no barrier in
// between: the race report names both instructions.
TEST(EmuDebug, MissingBarrierIsARace) {
  auto kernel = [](bool withBarrier) {
    return ptxModule(std::string(R"(
.shared .align 4 .b8 buf[256];
.visible .entry k(.param .u64 out)
{
  .reg .b32 %r<8>;
  .reg .b64 %rd<4>;
  mov.u32 %r1, %tid.x;
  shl.b32 %r2, %r1, 2;
  mov.u32 %r3, buf;
  add.s32 %r4, %r3, %r2;
  st.shared.u32 [%r4], %r1;
  )") + (withBarrier ? "bar.sync 0;" : "") +
                     R"(
  xor.b32 %r5, %r2, 128;
  add.s32 %r6, %r3, %r5;
  ld.shared.u32 %r7, [%r6];
  ld.param.u64 %rd1, [out];
  mul.wide.u32 %rd2, %r1, 4;
  add.s64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r7;
  ret;
}
)");
  };
  Device d(Chip::Sm90a, raceOptions());
  auto out = upload(d, std::vector<uint32_t>(64, 0));
  auto good = run(d, kernel(true), "k", blocks(1, 64), {&out.addr});
  ASSERT_TRUE(good.ok()) << good.error().message();
  EXPECT_EQ(out[0], 32u); // thread 0 reads thread 32's value
  auto bad = run(d, kernel(false), "k", blocks(1, 64), {&out.addr});
  ASSERT_FALSE(bad.ok());
  const std::string &msg = bad.error().message();
  EXPECT_TRUE(contains(msg, "shared-memory race")) << msg;
  EXPECT_TRUE(contains(msg, "ld.shared.u32")) << msg;
  EXPECT_TRUE(contains(msg, "st.shared.u32")) << msg;
  EXPECT_TRUE(contains(msg, "warp 0")) << msg;
  EXPECT_TRUE(contains(msg, "warp 1")) << msg;
}

// An out-of-bounds global store names the address, the allocation and the
// line.
TEST(EmuDebug, OutOfBoundsStore) {
  std::string ptx = ptxModule(R"(
.visible .entry k(.param .u64 out)
{
  .reg .b32 %r<4>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  mul.wide.u32 %rd2, %r1, 4;
  add.s64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r1;
  ret;
}
)");
  Device d(Chip::Sm90a);
  auto out = upload(d, std::vector<uint32_t>(16, 0)); // 64 bytes
  auto r = run(d, ptx, "k", blocks(1, 32), {&out.addr});
  ASSERT_FALSE(r.ok());
  const std::string &msg = r.error().message();
  char addr[32];
  std::snprintf(addr, sizeof addr, "0x%llx",
                (unsigned long long)(out.addr + 64));
  EXPECT_TRUE(contains(msg, "out-of-bounds global store of 4 bytes at " +
                                std::string(addr)))
      << msg;
  EXPECT_TRUE(contains(msg, "PTX line 14")) << msg;
  EXPECT_TRUE(contains(msg, "thread 16")) << msg;
  EXPECT_EQ(r.error().cudaResult(), 700); // CUDA_ERROR_ILLEGAL_ADDRESS
}

// PTX ISA "Addresses as Operands": the address of an access must be a
// multiple of its size.
TEST(EmuDebug, MisalignedLoad) {
  std::string ptx = ptxModule(R"(
.visible .entry k(.param .u64 p)
{
  .reg .b32 %r<2>;
  .reg .b64 %rd<3>;
  ld.param.u64 %rd1, [p];
  add.s64 %rd2, %rd1, 2;
  ld.global.u32 %r1, [%rd2];
  ret;
}
)");
  Device d(Chip::Sm90a);
  auto buf = upload(d, std::vector<uint32_t>(4, 0));
  auto r = run(d, ptx, "k", blocks(1, 1), {&buf.addr});
  ASSERT_FALSE(r.ok());
  EXPECT_TRUE(contains(r.error().message(), "misaligned global access"))
      << r.error().message();
  EXPECT_EQ(r.error().cudaResult(), 716); // CUDA_ERROR_MISALIGNED_ADDRESS
}

// An instruction the emulator does not implement is a load-time error that
// names it and its line.
TEST(EmuDebug, UnknownInstructionAtLoad) {
  std::string ptx = ptxModule(R"(
.visible .entry k()
{
  .reg .b32 %r<2>;
  frobnicate.b32 %r1, 1;
  ret;
}
)");
  Device d(Chip::Sm90a);
  auto m = d.loadModule(ptx);
  ASSERT_FALSE(m.ok());
  EXPECT_TRUE(contains(m.error().message(), "PTX line 9"))
      << m.error().message();
  EXPECT_TRUE(contains(m.error().message(), "'frobnicate'"))
      << m.error().message();
  auto m2 = d.loadModule(ptxModule(R"(
.visible .entry k()
{
  .reg .b32 %r<2>;
  add.wrap.s32 %r1, %r1, 1;
  ret;
}
)"));
  ASSERT_FALSE(m2.ok());
  EXPECT_TRUE(contains(m2.error().message(), "modifier '.wrap'"))
      << m2.error().message();
}

// trap ends the launch with CUDA_ERROR_LAUNCH_FAILED and the line.
TEST(EmuDebug, TrapFailsTheLaunch) {
  std::string ptx = ptxModule(R"(
.visible .entry k()
{
  trap;
  ret;
}
)");
  Device d(Chip::Sm90a);
  auto r = run(d, ptx, "k", blocks(2, 32), {});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().cudaResult(), 719);
  EXPECT_TRUE(contains(r.error().message(), "trap")) << r.error().message();
}

// Options::initCheck: reading shared memory that nothing wrote is reported
// with the address and the line.
TEST(EmuDebug, UninitialisedSharedRead) {
  std::string ptx = ptxModule(R"(
.shared .align 4 .b8 buf[256];
.visible .entry k(.param .u64 out)
{
  .reg .b32 %r<4>;
  .reg .b64 %rd<2>;
  mov.u32 %r1, buf;
  ld.shared.u32 %r2, [%r1+8];
  ld.param.u64 %rd1, [out];
  st.global.u32 [%rd1], %r2;
  ret;
}
)");
  Options o;
  o.initCheck = true;
  Device d(Chip::Sm90a, o);
  auto out = upload(d, std::vector<uint32_t>(1, 0));
  auto r = run(d, ptx, "k", blocks(1, 1), {&out.addr});
  ASSERT_FALSE(r.ok());
  EXPECT_TRUE(contains(r.error().message(),
                       "read of uninitialised shared memory at shared 0x8"))
      << r.error().message();
  EXPECT_TRUE(contains(r.error().message(), "PTX line 12"))
      << r.error().message();
}
