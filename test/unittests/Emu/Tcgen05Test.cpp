//===- Tcgen05Test.cpp - Tensor Memory and tcgen05 on the emulator --------===//
//
// The emulator's readings of the ISA's figures against CuTe C++ (values in
// TmemCute.inc, IdescCute.inc, UmmaSmemCute.inc: printed by CUTLASS
// 7107b05535f8977f5ecb9d01ee203205b1fd9bc4 compiled host-only; nothing here
// comes from lib/Atom), and hand-written PTX kernels that exercise what the
// PTX ISA states in its text: alloc's address and blocking, the lane-quarter
// rule, the illegal instruction on a chip without tcgen05, an exact
// tcgen05.mma through hand-built descriptors, descriptor errors.
//
//===----------------------------------------------------------------------===//
#include "Tcgen05.h"
#include "EmuTestUtil.h"
#include "MatrixDesc.h"

#include <algorithm>
#include <array>
#include <cstdlib>

using namespace cute;
using namespace cute::emu;
using namespace cute::emu::test;

namespace {

// --- tcgen05.ld/st layouts against CuTe's SM100_TMEM_LOAD traits -----------

struct TmemRecord {
  const char *op;
  TmemShape shape;
  unsigned num;
  bool pack;
  unsigned regs, imm;
  const char *cells; ///< "lane,colLo,colHi;" per (thread, register)
};
const TmemRecord kTmem[] = {
#include "TmemCute.inc"
};

TEST(EmuTcgen05, LdStLayoutsMatchCute) {
  size_t checked = 0;
  for (const TmemRecord &r : kTmem) {
    const char *p = r.cells;
    for (unsigned t = 0; t < 32; ++t)
      for (unsigned j = 0; j < r.regs; ++j) {
        char *end;
        unsigned lane = unsigned(std::strtoul(p, &end, 10));
        unsigned lo = unsigned(std::strtoul(end + 1, &end, 10));
        unsigned hi = unsigned(std::strtoul(end + 1, &end, 10));
        p = end + 1;
        uint32_t gl = 0, glo = 0, ghi = 0;
        tmemLdStCell(r.shape, t, j, r.pack, r.imm, gl, glo, ghi);
        ASSERT_EQ(gl, lane) << r.op << " thread " << t << " register " << j;
        ASSERT_EQ(glo, lo) << r.op << " thread " << t << " register " << j;
        ASSERT_EQ(ghi, hi) << r.op << " thread " << t << " register " << j;
        ++checked;
      }
    EXPECT_EQ(*p, '\0') << r.op;
  }
  EXPECT_GT(checked, 10000u);
}

// --- Instruction descriptors against CuTe's make_instr_desc ---------------

struct IdescRecord {
  UmmaKind kind;
  uint32_t value;
  unsigned M, N;
  MmaElem a, b;
  bool aSigned, bSigned;
  unsigned d;
  bool aMN, bMN, negA, negB, sat, sparse;
  unsigned maxShift;
  bool ue4m3;
  unsigned aSf, bSf;
};
const IdescRecord kIdesc[] = {
#include "IdescCute.inc"
};

TEST(EmuTcgen05, InstructionDescriptorsMatchCute) {
  unsigned decoded = 0, rejected = 0;
  for (const IdescRecord &r : kIdesc) {
    UmmaIdesc id;
    std::string why;
    bool ok = decodeUmmaIdesc(r.value, r.kind, id, why);
    // Table 44: kind::mxf4/mxf4nvf4 take scale-factor ids 0 or 2 only;
    // CuTe's runtime descriptor builder does not check that.
    bool fp4 = r.kind == UmmaKind::Mxf4 || r.kind == UmmaKind::Mxf4nvf4;
    if (fp4 && (r.aSf % 2 || r.bSf % 2)) {
      EXPECT_FALSE(ok) << std::hex << r.value;
      EXPECT_TRUE(contains(why, "scale-factor id")) << why;
      ++rejected;
      continue;
    }
    ASSERT_TRUE(ok) << why;
    ++decoded;
    std::string at = std::string(ummaKindName(r.kind)) + " 0x";
    char buf[16];
    std::snprintf(buf, sizeof buf, "%08x", r.value);
    at += buf;
    EXPECT_EQ(id.M, r.M) << at;
    EXPECT_EQ(id.N, r.N) << at;
    if (r.kind == UmmaKind::I8) {
      EXPECT_EQ(id.aSigned, r.aSigned) << at;
      EXPECT_EQ(id.bSigned, r.bSigned) << at;
    } else {
      EXPECT_EQ(int(id.a), int(r.a)) << at;
      EXPECT_EQ(int(id.b), int(r.b)) << at;
    }
    EXPECT_EQ(id.dFormat, r.d) << at;
    EXPECT_EQ(id.mnMajorA, r.aMN) << at;
    EXPECT_EQ(id.mnMajorB, r.bMN) << at;
    EXPECT_EQ(id.negA, r.negA) << at;
    EXPECT_EQ(id.negB, r.negB) << at;
    EXPECT_EQ(id.saturate, r.sat) << at;
    EXPECT_EQ(id.sparse, r.sparse) << at;
    EXPECT_EQ(id.maxShift, r.maxShift) << at;
    if (r.kind == UmmaKind::Mxf8f6f4 || fp4) {
      EXPECT_EQ(id.scale == MmaScaleFmt::UE4M3, r.ue4m3) << at;
      EXPECT_EQ(id.aSfId, r.aSf) << at;
      EXPECT_EQ(id.bSfId, r.bSf) << at;
    }
  }
  EXPECT_GT(decoded, 90u);
  EXPECT_GT(rejected, 0u);
}

TEST(EmuTcgen05, DescriptorFieldErrors) {
  UmmaIdesc id;
  std::string why;
  // kind::f16 with atype 2 (tf32's code): Table 42 defines 0 and 1.
  EXPECT_FALSE(decodeUmmaIdesc(0x08400110, UmmaKind::F16, id, why));
  EXPECT_TRUE(contains(why, "atype (bits 7-9) = 2")) << why;
  // kind::i8 with negate A.
  EXPECT_FALSE(decodeUmmaIdesc(0x08402020, UmmaKind::I8, id, why));
  EXPECT_TRUE(contains(why, "negate")) << why;
  MatrixDesc d;
  // A wgmma-style descriptor (bits 46-48 zero) is no tcgen05 descriptor.
  EXPECT_FALSE(MatrixDesc::umma(0x4000000000010040ull, d, why));
  EXPECT_TRUE(contains(why, "bits 46-48")) << why;
  // Swizzle mode 3 is not defined (Table 40).
  EXPECT_FALSE(MatrixDesc::umma((3ull << 61) | (1ull << 46), d, why));
  EXPECT_TRUE(contains(why, "swizzle mode 3")) << why;
}

// --- tcgen05.cp destinations against CuTe's SM100_UTCCP traits ------------

struct UtccpRecord {
  const char *op;
  TcCpShape shape;
  unsigned rows, bytes;
  const char *cells; ///< "r,b:lane,col,cbyte/...;" per source byte
};
const UtccpRecord kUtccp[] = {
#include "UtccpCute.inc"
};

TEST(EmuTcgen05, CpDestinationsMatchCute) {
  size_t checked = 0;
  for (const UtccpRecord &rec : kUtccp) {
    const char *p = rec.cells;
    for (unsigned r = 0; r < rec.rows; ++r)
      for (unsigned b = 0; b < rec.bytes; ++b) {
        char *end;
        unsigned rr = unsigned(std::strtoul(p, &end, 10));
        unsigned bb = unsigned(std::strtoul(end + 1, &end, 10));
        ASSERT_EQ(rr, r) << rec.op;
        ASSERT_EQ(bb, b) << rec.op;
        std::vector<std::array<unsigned, 3>> want;
        do {
          std::array<unsigned, 3> t;
          t[0] = unsigned(std::strtoul(end + 1, &end, 10));
          t[1] = unsigned(std::strtoul(end + 1, &end, 10));
          t[2] = unsigned(std::strtoul(end + 1, &end, 10));
          want.push_back(t);
        } while (*end == '/');
        p = end + 1;
        unsigned lanes[4];
        unsigned n = tcCpLanes(rec.shape, r, lanes);
        std::vector<std::array<unsigned, 3>> got;
        for (unsigned i = 0; i < n; ++i)
          got.push_back({lanes[i], b / 4, b % 4});
        std::sort(got.begin(), got.end());
        std::sort(want.begin(), want.end());
        ASSERT_EQ(got, want) << rec.op << " row " << r << " byte " << b;
        ++checked;
      }
  }
  EXPECT_GT(checked, 5000u);
}

// --- Shared-memory descriptors end to end against CuTe --------------------

struct SmemRecord {
  int id;
  uint64_t desc;
  unsigned bits;
  bool mnMajor;
  const char *cells; ///< "mn,k,byte;" per element
};
const SmemRecord kSmem[] = {
#include "UmmaSmemCute.inc"
};

TEST(EmuTcgen05, SmemDescriptorsAddressLikeCute) {
  size_t checked = 0;
  for (const SmemRecord &rec : kSmem) {
    MatrixDesc d;
    std::string why;
    ASSERT_TRUE(MatrixDesc::umma(rec.desc, d, why))
        << "case " << rec.id << ": " << why;
    for (const char *p = rec.cells; *p;) {
      char *end;
      unsigned mn = unsigned(std::strtoul(p, &end, 10));
      unsigned k = unsigned(std::strtoul(end + 1, &end, 10));
      uint64_t byte = std::strtoull(end + 1, &end, 10);
      p = end + 1;
      uint64_t got = matrixSwizzle(
          d, d.start + matrixOffset(d, rec.mnMajor, mn, k, rec.bits));
      ASSERT_EQ(got, byte) << "case " << rec.id << " "
                           << d.describe("descriptor", rec.mnMajor) << " mn "
                           << mn << " k " << k;
      ++checked;
    }
  }
  EXPECT_GT(checked, 10000u);
}

// --- Kernels ---------------------------------------------------------------
// ------------------------------------------------------------------

/// Runs allocKernel's kernel with a 64-word output buffer.
Expected<LaunchStats> runAlloc(Device &d, const std::string &ptx,
                               uint32_t threads) {
  auto out = upload(d, std::vector<uint32_t>(64, 0));
  uint64_t p = out.addr;
  return run(d, ptx, "k", blocks(1, threads), {&p});
}

std::string allocKernel(const std::string &body) {
  return ptxModule(R"(
.shared .align 16 .b8 slot[16];
.visible .entry k(.param .u64 out)
{
  .reg .pred %p<8>;
  .reg .b32 %r<64>;
  .reg .b64 %rd<16>;
  mov.u32 %r1, %tid.x;
  shr.u32 %r2, %r1, 5;
)" + body + R"(
  ret;
}
)",
                   "sm_100a");
}

// tcgen05.alloc writes the allocated address to shared memory (9.7.16.7.1);
// the first allocation of a CTA starts at column 0, the next after it.
TEST(EmuTcgen05, AllocWritesAddresses) {
  std::string ptx = allocKernel(R"(
  setp.ne.u32 %p1, %r2, 0;
  @%p1 bra $L__done;
  tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [slot], 64;
  tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [slot+4], 32;
  ld.shared.u32 %r3, [slot];
  ld.shared.u32 %r4, [slot+4];
  ld.param.u64 %rd1, [out];
  mul.wide.u32 %rd2, %r1, 8;
  add.s64 %rd3, %rd1, %rd2;
  st.global.v2.u32 [%rd3], {%r3, %r4};
  tcgen05.dealloc.cta_group::1.sync.aligned.b32 %r3, 64;
  tcgen05.dealloc.cta_group::1.sync.aligned.b32 %r4, 32;
  tcgen05.relinquish_alloc_permit.cta_group::1.sync.aligned;
$L__done:)");
  Device d(Chip::Sm100a);
  auto out = upload(d, std::vector<uint32_t>(64, 0xdeadbeef));
  uint64_t p = out.addr;
  auto r = run(d, ptx, "k", blocks(1, 32), {&p});
  ASSERT_TRUE(r.ok()) << r.error().message();
  EXPECT_EQ(out[0], 0u);
  EXPECT_EQ(out[1], 64u);
  EXPECT_EQ(out[62], 0u);
  EXPECT_EQ(out[63], 64u);
}

// An allocation that cannot be satisfied blocks (9.7.16.7.1); nothing frees
// the columns, so the run is reported as a hang naming the allocation.
TEST(EmuTcgen05, UnsatisfiableAllocHangs) {
  std::string ptx = allocKernel(R"(
  tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [slot], 512;
  bar.sync 0;
  ld.shared.u32 %r3, [slot];
  setp.ne.u32 %p1, %r2, 0;
  @%p1 bra $L__done;
  tcgen05.dealloc.cta_group::1.sync.aligned.b32 %r3, 512;
$L__done:)");
  Device d(Chip::Sm100a);
  auto r = runAlloc(d, ptx, 64);
  ASSERT_FALSE(r.ok());
  const std::string &msg = r.error().message();
  EXPECT_TRUE(contains(msg, "tcgen05.alloc (Tensor Memory columns not yet "
                            "free) of 512 columns"))
      << msg;
  EXPECT_TRUE(contains(msg, "allocated: columns 0..511")) << msg;
}

// Every column must be deallocated before the kernel exits (9.7.16.7.1).
TEST(EmuTcgen05, ExitWithAllocatedColumnsFails) {
  std::string ptx = allocKernel(R"(
  tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [slot], 128;)");
  Device d(Chip::Sm100a);
  auto r = runAlloc(d, ptx, 32);
  ASSERT_FALSE(r.ok());
  EXPECT_TRUE(contains(r.error().message(),
                       "exits with Tensor Memory still allocated: columns "
                       "0..127"))
      << r.error().message();
}

// Warp w may reach lanes 32 (w % 4) .. + 31 only (9.7.16.8.1): warp 1
// loading from lane 0 fails and the message says which lanes it may use.
TEST(EmuTcgen05, LaneQuarterRule) {
  std::string ptx = allocKernel(R"(
  setp.ne.u32 %p1, %r2, 0;
  @%p1 bra $L__wait;
  tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [slot], 32;
$L__wait:
  bar.sync 0;
  ld.shared.u32 %r3, [slot];
  setp.ne.u32 %p2, %r2, 1;
  @%p2 bra $L__done;
  tcgen05.ld.sync.aligned.32x32b.x2.b32 {%r10, %r11}, [%r3];
  tcgen05.wait::ld.sync.aligned;
$L__done:)");
  Device d(Chip::Sm100a);
  auto r = runAlloc(d, ptx, 64);
  ASSERT_FALSE(r.ok());
  EXPECT_TRUE(contains(r.error().message(),
                       "warp 1 (1 in its warpgroup) may access only lanes "
                       "32..63"))
      << r.error().message();
}

// sm_120a has no Tensor Memory: tcgen05 is an illegal instruction there.
TEST(EmuTcgen05, IllegalOnSm120) {
  std::string ptx = allocKernel(R"(
  tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [slot], 32;)");
  Device d(Chip::Sm120a);
  auto r = runAlloc(d, ptx, 32);
  ASSERT_FALSE(r.ok());
  EXPECT_TRUE(contains(r.error().message(),
                       "tcgen05.alloc.cta_group::1.sync.aligned.shared::cta."
                       "b32 is an illegal instruction on sm_120a"))
      << r.error().message();
}

// One tcgen05.mma kind::f16 m128n8k16 (cta_group::1) on exact data, with A
// and B in the ISA's K-major no-swizzle canonical layout (9.7.16.3.3: core
// matrices of 8 rows x 16 bytes; LBO = the stride between the two K
// halves, SBO between groups of 8 rows), D at lane m, column n
// (9.7.16.10.5 layout D), read back with tcgen05.ld.32x32b.x8 by the four
// warps. The expected values are the integer dot products.
std::string mmaKernel(bool waitForCommit) {
  // Shared: A 128 x 16 f16 at 0 (4096 bytes), B 8 x 16 at 4096 (256 bytes),
  // the mbarrier at 4352, the TMEM slot at 4360.
  // Canonical no-swizzle K-major: element (r, k) at (r % 8) * 16 + (r / 8) *
  // SBO + (k / 8) * LBO + (k % 8) * 2 with LBO = 128, SBO = 256.
  std::string ptx = ptxModule(R"(
.extern .shared .align 1024 .b8 smem[];
.visible .entry k(.param .u64 a, .param .u64 b, .param .u64 out, .param .u32 idesc)
{
  .reg .pred %p<8>;
  .reg .b16 %h<4>;
  .reg .b32 %r<64>;
  .reg .b64 %rd<32>;
  mov.u32 %r1, %tid.x;
  shr.u32 %r2, %r1, 5;
  mov.u32 %r40, smem;
  // Every thread copies A row (tid) and, for tid < 8, B row tid.
  ld.param.u64 %rd1, [a];
  ld.param.u64 %rd2, [b];
  mov.u32 %r3, 0;
$L__k:
  mul.wide.u32 %rd3, %r1, 32;
  mul.wide.u32 %rd4, %r3, 2;
  add.s64 %rd5, %rd3, %rd4;
  add.s64 %rd6, %rd1, %rd5;
  ld.global.u16 %h1, [%rd6];
  and.b32 %r4, %r1, 7;
  shl.b32 %r5, %r4, 4;
  shr.u32 %r6, %r1, 3;
  shl.b32 %r7, %r6, 8;
  shr.u32 %r8, %r3, 3;
  shl.b32 %r9, %r8, 7;
  and.b32 %r10, %r3, 7;
  shl.b32 %r11, %r10, 1;
  add.s32 %r12, %r5, %r7;
  add.s32 %r12, %r12, %r9;
  add.s32 %r12, %r12, %r11;
  add.s32 %r13, %r40, %r12;
  st.shared.u16 [%r13], %h1;
  setp.lt.u32 %p1, %r1, 8;
  @!%p1 bra $L__nob;
  add.s64 %rd7, %rd2, %rd5;
  ld.global.u16 %h2, [%rd7];
  add.s32 %r14, %r13, 4096;
  st.shared.u16 [%r14], %h2;
$L__nob:
  add.s32 %r3, %r3, 1;
  setp.lt.u32 %p2, %r3, 16;
  @%p2 bra $L__k;
  fence.proxy.async.shared::cta;
  setp.ne.u32 %p3, %r2, 0;
  @%p3 bra $L__sync;
  add.s32 %r15, %r40, 4360;
  tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%r15], 32;
  setp.ne.u32 %p4, %r1, 0;
  @%p4 bra $L__sync;
  add.s32 %r16, %r40, 4352;
  mbarrier.init.shared.b64 [%r16], 1;
$L__sync:
  bar.sync 0;
  tcgen05.fence::after_thread_sync;
  add.s32 %r17, %r40, 4360;
  ld.shared.u32 %r18, [%r17];
  add.s32 %r19, %r40, 4352;
  setp.ne.u32 %p5, %r1, 0;
  @%p5 bra $L__wait;
  // Descriptors: start >> 4, LBO 128 >> 4 at bit 16, SBO 256 >> 4 at bit
  // 32, the constant 0b001 at bits 46-48, no swizzle.
  cvt.u64.u32 %rd10, %r40;
  shr.u64 %rd11, %rd10, 4;
  and.b64 %rd11, %rd11, 16383;
  or.b64 %rd12, %rd11, 70368744177664;
  or.b64 %rd12, %rd12, 524288;
  or.b64 %rd12, %rd12, 68719476736;
  add.s64 %rd13, %rd12, 256;
  ld.param.u32 %r20, [idesc];
  setp.ne.u32 %p6, %r20, 0xffffffff;
  tcgen05.mma.cta_group::1.kind::f16 [%r18], %rd12, %rd13, %r20, 0;
  tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64 [%r19];
$L__wait:
  mov.u32 %r21, 0;
$L__spin:
  WAIT
  tcgen05.fence::after_thread_sync;
  shl.b32 %r22, %r2, 21;
  add.s32 %r23, %r18, %r22;
  tcgen05.ld.sync.aligned.32x32b.x8.b32 {%r30, %r31, %r32, %r33, %r34, %r35, %r36, %r37}, [%r23];
  tcgen05.wait::ld.sync.aligned;
  ld.param.u64 %rd20, [out];
  mul.wide.u32 %rd21, %r1, 32;
  add.s64 %rd22, %rd20, %rd21;
  st.global.v4.u32 [%rd22], {%r30, %r31, %r32, %r33};
  st.global.v4.u32 [%rd22+16], {%r34, %r35, %r36, %r37};
  bar.sync 0;
  setp.ne.u32 %p5, %r2, 0;
  @%p5 bra $L__done;
  tcgen05.dealloc.cta_group::1.sync.aligned.b32 %r18, 32;
$L__done:
  ret;
}
)",
                              "sm_100a");
  const std::string wait = "mbarrier.try_wait.parity.shared.b64 %p7, [%r19], "
                           "%r21;\n  @!%p7 bra $L__spin;";
  ptx.replace(ptx.find("WAIT"), 4, waitForCommit ? wait : "");
  return ptx;
}

TEST(EmuTcgen05, MmaF16ExactThroughHandBuiltDescriptors) {
  const std::string ptx = mmaKernel(true);
  // f16 codes of small integers.
  auto h = [](int v) -> uint16_t {
    if (v == 0)
      return 0;
    uint16_t s = v < 0 ? 0x8000 : 0;
    unsigned m = unsigned(std::abs(v)), e = 0;
    while ((m >> e) > 1)
      ++e;
    return uint16_t(s | ((e + 15) << 10) | ((m << (10 - e)) & 0x3ff));
  };
  std::vector<int> av(128 * 16), bv(8 * 16);
  std::vector<uint16_t> ah(av.size()), bh(bv.size());
  uint32_t x = 12345;
  auto rnd = [&]() {
    x = x * 1103515245u + 12345u;
    return int((x >> 16) % 7) - 3;
  };
  for (size_t i = 0; i < av.size(); ++i)
    ah[i] = h(av[i] = rnd());
  for (size_t i = 0; i < bv.size(); ++i)
    bh[i] = h(bv[i] = rnd());
  // Table 42: f32 D (bits 4-5 = 1), f16 A and B (0), K-major, N >> 3 = 1 at
  // bit 17, M >> 4 = 8 at bit 24.
  const uint32_t idesc = (1u << 4) | (1u << 17) | (8u << 24);
  for (bool badIdesc : {false, true}) {
    Device d(Chip::Sm100a);
    auto a = upload(d, ah), b = upload(d, bh);
    auto out = upload(d, std::vector<uint32_t>(128 * 8, 0x7fbad000));
    uint64_t pa = a.addr, pb = b.addr, po = out.addr;
    // M = 48 (bit 24 field 3) is no tcgen05.mma shape.
    uint32_t id = badIdesc ? (idesc & ~(0x1fu << 24)) | (3u << 24) : idesc;
    LaunchConfig cfg = blocks(1, 128);
    cfg.dynamicSmemBytes = 8192;
    auto r = run(d, ptx, "k", cfg, {&pa, &pb, &po, &id});
    if (badIdesc) {
      ASSERT_FALSE(r.ok());
      EXPECT_TRUE(contains(r.error().message(),
                           "M = 48, N = 8 is no tcgen05.mma.cta_group::1 "
                           "kind::f16 shape"))
          << r.error().message();
      continue;
    }
    ASSERT_TRUE(r.ok()) << r.error().message();
    for (int m = 0; m < 128; ++m)
      for (int n = 0; n < 8; ++n) {
        int want = 0;
        for (int k = 0; k < 16; ++k)
          want += av[size_t(m * 16 + k)] * bv[size_t(n * 16 + k)];
        float got;
        uint32_t bits = out[size_t(m * 8 + n)];
        std::memcpy(&got, &bits, 4);
        ASSERT_EQ(got, float(want)) << "m " << m << " n " << n;
      }
  }
}

// The same kernel without the wait for the commit's mbarrier: the
// epilogue's tcgen05.ld is not ordered before the MMA's write of the
// accumulator, which the race checker reports.
TEST(EmuTcgen05, AccumulatorReadWithoutWaitIsARace) {
  Options o;
  o.raceCheck = true;
  Device d(Chip::Sm100a, o);
  auto a = upload(d, std::vector<uint16_t>(128 * 16, 0x3c00));
  auto b = upload(d, std::vector<uint16_t>(8 * 16, 0x3c00));
  auto out = upload(d, std::vector<uint32_t>(128 * 8, 0));
  uint64_t pa = a.addr, pb = b.addr, po = out.addr;
  uint32_t id = (1u << 4) | (1u << 17) | (8u << 24);
  LaunchConfig cfg = blocks(1, 128);
  cfg.dynamicSmemBytes = 8192;
  auto r = run(d, mmaKernel(false), "k", cfg, {&pa, &pb, &po, &id});
  ASSERT_FALSE(r.ok());
  const std::string &msg = r.error().message();
  EXPECT_TRUE(contains(msg, "Tensor Memory race at lane")) << msg;
  EXPECT_TRUE(contains(msg, "tcgen05.mma.cta_group::1.kind::f16")) << msg;
  EXPECT_TRUE(contains(msg, "tcgen05.ld.sync.aligned.32x32b.x8.b32")) << msg;
}

// Fresh Tensor Memory is undefined (the emulator fills it with NaN): an MMA
// that accumulates (enable-input-d = 1) onto columns nothing wrote gives NaN.
TEST(EmuTcgen05, AccumulatingOntoFreshColumnsGivesNaN) {
  std::string ptx = mmaKernel(true);
  const std::string from = "%r20, 0;", to = "%r20, 1;";
  ptx.replace(ptx.find(from), from.size(), to);
  Device d(Chip::Sm100a);
  auto a = upload(d, std::vector<uint16_t>(128 * 16, 0x3c00));
  auto b = upload(d, std::vector<uint16_t>(8 * 16, 0x3c00));
  auto out = upload(d, std::vector<uint32_t>(128 * 8, 0));
  uint64_t pa = a.addr, pb = b.addr, po = out.addr;
  uint32_t id = (1u << 4) | (1u << 17) | (8u << 24);
  LaunchConfig cfg = blocks(1, 128);
  cfg.dynamicSmemBytes = 8192;
  auto r = run(d, ptx, "k", cfg, {&pa, &pb, &po, &id});
  ASSERT_TRUE(r.ok()) << r.error().message();
  for (size_t i = 0; i < 128 * 8; ++i)
    ASSERT_EQ(out[i], 0x7fffffffu) << i;
}

// tcgen05.st is asynchronous until tcgen05.wait::st (9.7.16.8.5): a load
// that does not wait for the store reads the cells' old contents (fresh
// columns: NaN); a load's own registers are defined at once (9.7.16.6.4.5:
// a true register dependency on tcgen05.ld needs no wait).
TEST(EmuTcgen05, StoresLandAtTheWait) {
  auto kernel = [](bool waitSt) {
    return allocKernel(std::string(R"(
  setp.ne.u32 %p1, %r2, 0;
  @%p1 bra $L__done;
  tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [slot], 32;
  ld.shared.u32 %r3, [slot];
  add.u32 %r10, %r1, 1000;
  tcgen05.st.sync.aligned.32x32b.x1.b32 [%r3], {%r10};
  )") + (waitSt ? "tcgen05.wait::st.sync.aligned;" : "") +
                       R"(
  tcgen05.ld.sync.aligned.32x32b.x1.b32 {%r11}, [%r3];
  ld.param.u64 %rd1, [out];
  mul.wide.u32 %rd2, %r1, 4;
  add.s64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r11;
  tcgen05.wait::ld.sync.aligned;
  tcgen05.wait::st.sync.aligned;
  tcgen05.dealloc.cta_group::1.sync.aligned.b32 %r3, 32;
$L__done:)");
  };
  for (bool waitSt : {true, false}) {
    Device d(Chip::Sm100a);
    auto out = upload(d, std::vector<uint32_t>(64, 0));
    uint64_t p = out.addr;
    auto r = run(d, kernel(waitSt), "k", blocks(1, 32), {&p});
    ASSERT_TRUE(r.ok()) << r.error().message();
    for (uint32_t t = 0; t < 32; ++t)
      EXPECT_EQ(out[t], waitSt ? 1000 + t : 0xffffffffu) << t;
  }
}

} // namespace
