//===- SemanticsTest.cpp - Per-instruction semantics from the PTX ISA -----===//
//
// Every expected value here is worked out by hand from the PTX ISA's
// description of the instruction (the section is named at each test), never
// from the emulator.
//
//===----------------------------------------------------------------------===//
#include "EmuTestUtil.h"

using namespace cute;
using namespace cute::emu;
using namespace cute::emu::test;

namespace {

/// A kernel computing `d[i] = INSN(a[i], b[i], c[i])` on 32-bit values, one
/// thread per element; `insn` uses %r1, %r2, %r3 as sources and %r4 as the
/// destination (predicates %p1..%p3 are free).
std::string ternaryKernel(const std::string &insn) {
  return ptxModule(R"(
.visible .entry k(.param .u64 pa, .param .u64 pb, .param .u64 pc,
                  .param .u64 pd)
{
  .reg .pred %p<4>;
  .reg .b16 %rs<4>;
  .reg .b32 %r<8>;
  .reg .b64 %rd<12>;
  ld.param.u64 %rd1, [pa];
  ld.param.u64 %rd2, [pb];
  ld.param.u64 %rd3, [pc];
  ld.param.u64 %rd4, [pd];
  mov.u32 %r5, %tid.x;
  mul.wide.u32 %rd5, %r5, 4;
  add.s64 %rd6, %rd1, %rd5;
  add.s64 %rd7, %rd2, %rd5;
  add.s64 %rd8, %rd3, %rd5;
  add.s64 %rd9, %rd4, %rd5;
  ld.global.u32 %r1, [%rd6];
  ld.global.u32 %r2, [%rd7];
  ld.global.u32 %r3, [%rd8];
  )" + insn + R"(
  st.global.u32 [%rd9], %r4;
  ret;
}
)");
}

struct Case {
  uint32_t a, b, c, want;
};

void check(const std::string &insn, const std::vector<Case> &cases) {
  Device d(Chip::Sm90a);
  std::vector<uint32_t> a, b, c;
  for (const Case &x : cases) {
    a.push_back(x.a);
    b.push_back(x.b);
    c.push_back(x.c);
  }
  auto A = upload(d, a), B = upload(d, b), C = upload(d, c);
  auto D = upload(d, std::vector<uint32_t>(cases.size(), 0xdeadbeef));
  auto r = run(d, ternaryKernel(insn), "k", blocks(1, uint32_t(cases.size())),
               {&A.addr, &B.addr, &C.addr, &D.addr});
  ASSERT_TRUE(r.ok()) << r.error().message();
  for (size_t i = 0; i < cases.size(); ++i)
    EXPECT_EQ(D[i], cases[i].want)
        << insn << " with a=0x" << std::hex << cases[i].a << " b=0x"
        << cases[i].b << " c=0x" << cases[i].c;
}

uint32_t f(float x) {
  uint32_t u;
  std::memcpy(&u, &x, 4);
  return u;
}

} // namespace

// PTX ISA "Integer Arithmetic Instructions: bfe": bits [pos, pos+len) of a;
// .s32 replicates bit min(pos+len-1, 31).
TEST(EmuSemantics, Bfe) {
  check("bfe.u32 %r4, %r1, %r2, %r3;", {{0x12345678, 8, 8, 0x56},
                                        {0x12345678, 28, 8, 0x1},
                                        {0xffffffff, 0, 0, 0}});
  check("bfe.s32 %r4, %r1, %r2, %r3;", {{0x000000f0, 4, 4, 0xffffffff},
                                        {0x12345678, 28, 8, 0x1},
                                        {0x80000000, 28, 8, 0xfffffff8}});
}

// "prmt": selector nibbles pick bytes of {b, a}; bit 3 of a nibble
// replicates the sign of the selected byte.
TEST(EmuSemantics, Prmt) {
  check("prmt.b32 %r4, %r1, %r2, %r3;",
        {{0x33221100, 0x77665544, 0x5410, 0x55441100},
         {0xf0221100, 0x77665544, 0x000b, 0x000000ff},
         {0x33221100, 0x77665544, 0x7654, 0x77665544}});
}

// "shf": funnel shift of the 64-bit {b, a}; .clamp limits the shift to 32.
TEST(EmuSemantics, Shf) {
  check("shf.l.wrap.b32 %r4, %r1, %r2, %r3;",
        {{0x80000001, 0x00000001, 4, 0x00000018},
         {0x80000001, 0x00000001, 36, 0x00000018}});
  check("shf.r.clamp.b32 %r4, %r1, %r2, %r3;",
        {{0x80000000, 0x1, 40, 0x1}, {0x80000000, 0x1, 4, 0x18000000}});
}

// "mul": .hi is the upper half of the double-width product.
TEST(EmuSemantics, MulHi) {
  check("mul.hi.s32 %r4, %r1, %r2;", {{0x80000000, 3, 0, 0xfffffffe}});
  check("mul.hi.u32 %r4, %r1, %r2;", {{0x80000000, 3, 0, 0x1}});
  check("mad.lo.s32 %r4, %r1, %r2, %r3;", {{7, 0xffffffff, 10, 3}});
}

// "min"/"max" (floating point): a NaN operand is ignored; .NaN propagates
// the canonical NaN 0x7fffffff; -0.0 is less than +0.0.
TEST(EmuSemantics, MinMaxNaN) {
  const uint32_t nan = 0x7fc00001;
  check("min.f32 %r4, %r1, %r2;",
        {{nan, f(1.0f), 0, f(1.0f)}, {f(-0.0f), f(0.0f), 0, f(-0.0f)}});
  check("max.NaN.f32 %r4, %r1, %r2;", {{nan, f(1.0f), 0, 0x7fffffff}});
}

// "setp": ordered comparisons are false with a NaN, unordered (u) true.
TEST(EmuSemantics, SetpUnordered) {
  const uint32_t nan = 0x7fc00000;
  check("setp.lt.f32 %p1, %r1, %r2; selp.u32 %r4, 1, 0, %p1;",
        {{nan, f(1.0f), 0, 0}, {f(0.5f), f(1.0f), 0, 1}});
  check("setp.ltu.f32 %p1, %r1, %r2; selp.u32 %r4, 1, 0, %p1;",
        {{nan, f(1.0f), 0, 1}, {f(2.0f), f(1.0f), 0, 0}});
  check("setp.lt.s32 %p1, %r1, %r2; setp.lt.u32 %p2, %r1, %r2;"
        " selp.u32 %r3, 2, 0, %p2; selp.u32 %r4, 1, 0, %p1;"
        " add.u32 %r4, %r4, %r3;",
        {{0xffffffff, 1, 0, 1}, {1, 0xffffffff, 0, 2}});
}

// "cvt": float to integer rounds with .rni/.rzi/.rmi/.rpi, saturates, and
// maps NaN to 0.
TEST(EmuSemantics, CvtFloatToInt) {
  check("cvt.rzi.s32.f32 %r4, %r1;", {{f(-2.7f), 0, 0, 0xfffffffe},
                                      {f(3e9f), 0, 0, 0x7fffffff},
                                      {0x7fc00000, 0, 0, 0}});
  check("cvt.rni.s32.f32 %r4, %r1;",
        {{f(2.5f), 0, 0, 2}, {f(3.5f), 0, 0, 4}, {f(-2.5f), 0, 0, 0xfffffffe}});
  check("cvt.rmi.s32.f32 %r4, %r1;", {{f(-2.1f), 0, 0, 0xfffffffd}});
  check("cvt.rpi.u32.f32 %r4, %r1;", {{f(2.1f), 0, 0, 3}, {f(-5.0f), 0, 0, 0}});
}

// "cvt": f32 to f16 rounds to nearest even (1 + 2^-11 is a tie -> 1.0,
// 1 + 3*2^-12 -> 1 + 2^-10), .rz truncates; overflow is inf under .rn.
TEST(EmuSemantics, CvtF16) {
  check("cvt.rn.f16.f32 %rs1, %r1; cvt.u32.u16 %r4, %rs1;",
        {{f(1.0f + 0x1p-11f), 0, 0, 0x3c00},
         {f(1.0f + 3 * 0x1p-12f), 0, 0, 0x3c01},
         {f(70000.0f), 0, 0, 0x7c00},
         {f(0x1p-24f), 0, 0, 0x0001}});
  check("cvt.rz.f16.f32 %rs1, %r1; cvt.u32.u16 %r4, %rs1;",
        {{f(1.0f + 3 * 0x1p-12f), 0, 0, 0x3c00}, {f(70000.0f), 0, 0, 0x7bff}});
}

// "cvt" packed: cvt.rn.bf16x2.f32 d, a, b puts cvt(a) in the upper half.
TEST(EmuSemantics, CvtPackedBf16x2) {
  check(
      "cvt.rn.bf16x2.f32 %r4, %r1, %r2;",
      {{f(1.0f), f(-2.0f), 0, 0x3f80c000}, {f(1.00390625f), 0, 0, 0x3f800000}});
}

// "cvt" to e4m3x2 with .satfinite: cvt(a) in the upper byte; values beyond
// 448 clamp to 448 (0x7e).
TEST(EmuSemantics, CvtE4m3) {
  check("cvt.rn.satfinite.e4m3x2.f32 %rs1, %r1, %r2; cvt.u32.u16 %r4, %rs1;",
        {{f(1.0f), f(-0.5f), 0, 0x38b0}, {f(1000.0f), f(448.0f), 0, 0x7e7e}});
}

/// Warp collectives: one warp, values a[lane] = lane * 3 + 1.
namespace {
void checkWarp(const std::string &insn, uint32_t (*want)(uint32_t lane)) {
  std::vector<Case> cases;
  for (uint32_t l = 0; l < 32; ++l)
    cases.push_back({l * 3 + 1, 0, 0, want(l)});
  check(insn, cases);
}
} // namespace

// "shfl.sync": bfly reads lane ^ b; down reads lane + b when within the
// clamp c (else its own value); idx with c = 0x1f reads lane b.
TEST(EmuSemantics, Shfl) {
  checkWarp("shfl.sync.bfly.b32 %r4, %r1, 1, 31, -1;",
            [](uint32_t l) { return (l ^ 1) * 3 + 1; });
  checkWarp("shfl.sync.down.b32 %r4, %r1, 4, 31, -1;",
            [](uint32_t l) { return (l + 4 <= 31 ? l + 4 : l) * 3 + 1; });
  checkWarp("shfl.sync.idx.b32 %r4, %r1, 5, 31, -1;",
            [](uint32_t) { return 5u * 3 + 1; });
  // Segments of 8 lanes: c = ((32 - 8) << 8) | 31 gives segmask 0x18.
  checkWarp("shfl.sync.idx.b32 %r4, %r1, 2, 6175, -1;",
            [](uint32_t l) { return ((l & ~7u) | 2) * 3 + 1; });
}

// "vote.sync.ballot": bit l set when lane l's predicate is true.
TEST(EmuSemantics, VoteBallotAndElect) {
  checkWarp("and.b32 %r6, %r1, 1; setp.ne.u32 %p1, %r6, 0;"
            " vote.sync.ballot.b32 %r4, %p1, -1;",
            [](uint32_t) {
              uint32_t m = 0;
              for (uint32_t k = 0; k < 32; ++k)
                if ((k * 3 + 1) & 1)
                  m |= 1u << k;
              return m;
            });
  // "elect.sync": one leader; the lowest member lane.
  checkWarp("elect.sync %r6|%p1, -1; selp.u32 %r7, 100, 0, %p1;"
            " add.u32 %r4, %r6, %r7;",
            [](uint32_t l) { return l == 0 ? 100u : 0u; });
}

// "redux.sync": one value for the whole warp.
TEST(EmuSemantics, Redux) {
  checkWarp("redux.sync.add.u32 %r4, %r1, -1;", [](uint32_t) {
    uint32_t s = 0;
    for (uint32_t k = 0; k < 32; ++k)
      s += k * 3 + 1;
    return s;
  });
  checkWarp("redux.sync.max.u32 %r4, %r1, -1;",
            [](uint32_t) { return 31u * 3 + 1; });
}

// "add" (floating point): .rn ties to even, .rz truncates, .rm/.rp round
// toward -inf/+inf. 1 + 2^-24 lies halfway between 1 and 1 + 2^-23.
TEST(EmuSemantics, FloatRoundingModes) {
  const uint32_t one = f(1.0f), half = f(0x1p-24f);
  check("add.rn.f32 %r4, %r1, %r2;", {{one, half, 0, one}});
  check("add.rz.f32 %r4, %r1, %r2;", {{one, half, 0, one}});
  check("add.rp.f32 %r4, %r1, %r2;", {{one, half, 0, 0x3f800001}});
  check("add.rm.f32 %r4, %r1, %r2;",
        {{one, half, 0, one}, {f(-1.0f), f(-0x1p-24f), 0, 0xbf800001}});
  // .ftz flushes a subnormal input to zero; .sat clamps to [0, 1].
  check("add.ftz.f32 %r4, %r1, %r2;", {{0x00000001, 0x00000001, 0, 0}});
  check("add.f32 %r4, %r1, %r2;", {{0x00000001, 0x00000001, 0, 2}});
  check("add.sat.f32 %r4, %r1, %r2;",
        {{f(0.75f), f(0.5f), 0, one}, {f(-0.75f), f(0.5f), 0, 0}});
}

// "bar, barrier" (.red): bar.red.popc.u32 counts the threads whose predicate
// is true, .and/.or combine them, each thread gets the result once all
// `b` threads arrived; {!}c negates the source. 128 threads in 4 warps, so
// warps that arrive first wait and receive the result when they wake.
TEST(EmuSemantics, BarrierReduction) {
  std::string ptx = ptxModule(R"(
.visible .entry k(.param .u64 pd)
{
  .reg .pred %p<8>;
  .reg .b32 %r<12>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [pd];
  mov.u32 %r1, %tid.x;
  setp.eq.u32 %p1, %r1, 77;
  bar.red.or.pred %p2, 1, 128, %p1;
  rem.u32 %r2, %r1, 3;
  setp.eq.u32 %p3, %r2, 0;
  barrier.cta.red.popc.aligned.u32 %r3, 1, 128, %p3;
  setp.lt.u32 %p4, %r1, 127;
  bar.red.and.pred %p5, 2, %p4;
  setp.ge.u32 %p7, %r1, 128;
  barrier.red.and.pred %p6, 3, !%p7;
  selp.u32 %r4, 1, 0, %p2;
  selp.u32 %r5, 2, 0, %p5;
  selp.u32 %r6, 4, 0, %p6;
  or.b32 %r7, %r4, %r5;
  or.b32 %r7, %r7, %r6;
  mul.wide.u32 %rd2, %r1, 8;
  add.s64 %rd3, %rd1, %rd2;
  st.global.v2.u32 [%rd3], {%r7, %r3};
  ret;
}
)");
  Device d(Chip::Sm90a);
  auto D = upload(d, std::vector<uint32_t>(256, 0xdeadbeef));
  auto r = run(d, ptx, "k", blocks(1, 128), {&D.addr});
  ASSERT_TRUE(r.ok()) << r.error().message();
  for (uint32_t t = 0; t < 128; ++t) {
    // or: thread 77 is true -> 1; and over tid < 127: thread 127 is false
    // -> 0; and over !(tid >= 128): all true -> 1.
    EXPECT_EQ(D[2 * t], 5u) << "thread " << t;
    EXPECT_EQ(D[2 * t + 1], 43u) << "thread " << t; // 0, 3, ..., 126
  }
}

// "red" with a vector type (sm_90): red.global.add.v4.f32 / .v2.f32 add
// each element to its own address, atomically per element. 4 CTAs of 64
// threads: thread t of every CTA adds (t + 1, 2, 0.5, -1) to the four floats
// at 16 (t % 8) bytes and (1, 3) to the two at 8 (t % 4) bytes after them,
// so each v4 slot gets 4 CTAs x 8 threads = 32 additions; all values are
// small integers and halves, exact in f32 in any order.
TEST(EmuSemantics, RedVectorF32) {
  std::string ptx = ptxModule(R"(
.visible .entry k(.param .u64 pd)
{
  .reg .b32 %r<12>;
  .reg .f32 %f<8>;
  .reg .b64 %rd<8>;
  ld.param.u64 %rd1, [pd];
  mov.u32 %r1, %tid.x;
  add.u32 %r2, %r1, 1;
  cvt.rn.f32.u32 %f1, %r2;
  mov.f32 %f2, 0f40000000;
  mov.f32 %f3, 0f3F000000;
  mov.f32 %f4, 0fBF800000;
  rem.u32 %r3, %r1, 8;
  mul.wide.u32 %rd2, %r3, 16;
  add.s64 %rd3, %rd1, %rd2;
  red.relaxed.gpu.global.add.v4.f32 [%rd3], {%f1, %f2, %f3, %f4};
  rem.u32 %r4, %r1, 4;
  mul.wide.u32 %rd4, %r4, 8;
  add.s64 %rd5, %rd1, %rd4;
  mov.f32 %f5, 0f3F800000;
  mov.f32 %f6, 0f40400000;
  red.global.add.v2.f32 [%rd5+128], {%f5, %f6};
  ret;
}
)");
  Device d(Chip::Sm90a);
  auto D = upload(d, std::vector<float>(40, 0.0f));
  auto r = run(d, ptx, "k", blocks(4, 64), {&D.addr});
  ASSERT_TRUE(r.ok()) << r.error().message();
  for (int s = 0; s < 8; ++s) {
    // Threads s, s + 8, ..., s + 56 of each CTA: sum of (t + 1) = 8 s + 232.
    EXPECT_EQ(D[4 * s], 4.0f * float(8 * s + 232)) << "slot " << s;
    EXPECT_EQ(D[4 * s + 1], 4.0f * 8 * 2.0f) << "slot " << s;
    EXPECT_EQ(D[4 * s + 2], 4.0f * 8 * 0.5f) << "slot " << s;
    EXPECT_EQ(D[4 * s + 3], -4.0f * 8) << "slot " << s;
  }
  for (int s = 0; s < 4; ++s) {
    EXPECT_EQ(D[32 + 2 * s], 4.0f * 16 * 1.0f) << "pair " << s;
    EXPECT_EQ(D[32 + 2 * s + 1], 4.0f * 16 * 3.0f) << "pair " << s;
  }
  // A .v4 reduction of a misaligned address is refused like a .v4 store.
  std::string bad = ptx;
  bad.replace(bad.find("[%rd3]"), 6, "[%rd3+4]");
  auto rb = run(d, bad, "k", blocks(1, 32), {&D.addr});
  ASSERT_FALSE(rb.ok());
  EXPECT_NE(rb.error().message().find("misaligned"), std::string::npos)
      << rb.error().message();
}

// PTX ISA "Extended-Precision Integer Arithmetic Instructions": add.cc
// writes the carry out to CC.CF, addc adds it in; sub.cc/subc carry the
// borrow; mad.lo.cc/madc.hi chain the low and high words of products. The
// expected values are the 64-bit sums, differences and products of the
// operands (their high words), checked against the hardware's definition
// by hand: 0xffffffff + 1 carries 1 into the high word, and so on.
TEST(EmuSemantics, CarryChains) {
  // High word of (c:a) + (c:b), i.e. c + c + carry(a + b).
  check("add.cc.u32 %r6, %r1, %r2;\n  addc.u32 %r4, %r3, %r3;",
        {{0xffffffffu, 1, 5, 11},
         {0x80000000u, 0x80000000u, 0, 1},
         {1, 2, 7, 14},
         {0xfffffffeu, 1, 0xffffffffu, 0xfffffffeu}});
  // High word of (c:a) - (0:b) = c - borrow(a - b).
  check(
      "sub.cc.u32 %r6, %r1, %r2;\n  subc.u32 %r4, %r3, 0;",
      {{0, 1, 5, 4}, {3, 2, 5, 5}, {0x7fffffffu, 0x80000000u, 0, 0xffffffffu}});
  // High word of a x b + c (64-bit): mad.lo.cc gives the low word and its
  // carry, madc.hi adds the carry to the high word of a x b.
  check("mad.lo.cc.u32 %r6, %r1, %r2, %r3;\n  madc.hi.u32 %r4, %r1, %r2, 0;",
        {{0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu},
         {0x10000u, 0x10000u, 0, 1},
         {0xffffffffu, 2, 2, 2},
         {3, 5, 7, 0}});
  // addc.cc chains: a + b + carry with its own carry out, read by addc.
  check("add.cc.u32 %r6, %r1, %r1;\n  addc.cc.u32 %r7, %r2, %r2;\n  "
        "addc.u32 %r4, %r3, 0;",
        {{0x80000000u, 0x7fffffffu, 9, 9},
         {0x80000000u, 0x80000000u, 9, 10},
         {0, 0xffffffffu, 9, 10}});
}
