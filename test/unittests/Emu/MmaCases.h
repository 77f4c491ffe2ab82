//===- MmaCases.h - Tensor-core instruction cases with ISA references -----===//
//
// Hand-written PTX kernels (in the form LLVM's NVPTX backend writes) for
// wgmma.mma_async, mma.sync, ldmatrix and stmatrix, their inputs, and the
// expected outputs computed on the host from the PTX ISA's layout
// definitions. The expected values are written here from the ISA text, not
// from the emulator (lib/Emu) nor from lib/Atom:
// - shared-memory operands of wgmma: ISA 9.7.15.5.1.2 "Shared Memory Matrix
//   Layout" (core matrices of 8 rows x 16 bytes; swizzle atoms; the strides
//   LBO and SBO) in the canonical forms CUTLASS documents for them
//   (cute/arch/mma_sm90_desc.hpp: "((8,m),(T,2k)):((1T,SBO),(1,LBO))" ...),
//   with the swizzle as CuTe's Swizzle<B,4,3> of the byte address;
//   9.7.15.5.1.2.2 "Matrix Descriptor Format" for the descriptor bits;
// - register fragments: ISA 9.7.15.5.1.1 "Register Fragments" (wgmma D and
//   A), 9.7.14.5.x "Matrix Fragments for mma.m16n8k16 / m16n8k8 / m16n8k32";
//   "ldmatrix" and "stmatrix" for the thread-to-row mapping.
// All data are small integers, so every sum is exact in every accumulation
// order and the expected values do not depend on the rounding model.
//
// The same cases run on the emulator (MmaExecTest.cpp) and on the H200
// (test/gpu/emu-probes/mma_layout_probe.cpp), which checks these references
// against the hardware (2026-12-02, H200: all 37 hardware-valid cases
// pass); cases marked gpuValid = false have undefined behaviour on
// hardware and test the emulator's chosen behaviour only.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_TEST_EMU_MMACASES_H
#define CUTE_TEST_EMU_MMACASES_H

#include "MmaCaseCommon.h"
#include "MmaWarpCases.h"

namespace mmacases {

// --- wgmma shared-memory operands --------------------------------------------
//
// ISA 9.7.15.5.1.2: "If the argument imm-trans-a / imm-trans-b is 0, then
// K-major is used for matrix A / B"; the swizzle atom is 8 rows of S bytes
// (K-major) or S bytes of M/N by 8 K rows (MN-major), S = 128/64/32; with no
// swizzle it is one core matrix (8 x 16 bytes). In units of elements with
// T = 16 bytes / element size, the canonical layouts are (CUTLASS
// mma_sm90_desc.hpp, restating the ISA's strides):
//   K-major  none : ((8,m),(T,2)):((1T,SBO),(1,LBO))
//   K-major  S    : ((8,m),(T,2)):((S/16 T,SBO),(1,T))
//   MN-major none : ((T,1,m),(8,k)):((1,T,SBO),(1T,LBO))
//   MN-major S    : ((T,S/16,m),(8,k)):((1,T,LBO),(S/16 T,SBO))
// composed with Swizzle<log2(S/16),4,3> of the shared-memory byte address.

struct Operand {
  bool mnMajor = false;
  unsigned swizzle = 0; ///< bytes: 0 (none), 32, 64, 128
  uint32_t lbo = 0, sbo = 0;
  uint32_t offset = 0; ///< of the matrix in the shared buffer (1024-aligned
                       ///< buffer; offset % 1024 != 0 tests base offset)
  bool useBaseOffset = false; ///< encode base offset = (offset >> 7) & 7
};

/// Byte offset of element (mn, k) from the operand's start, unswizzled.
inline uint64_t canonicalOffset(const Operand &o, unsigned mn, unsigned k,
                                unsigned eB) {
  const unsigned T = 16 / eB;
  if (!o.mnMajor) {
    // ((8,m),(T,kc)) : ((rowStride,SBO),(1 element, chunkStride))
    uint64_t rowStride = o.swizzle ? o.swizzle : 16;
    uint64_t chunkStride = o.swizzle ? 16 : o.lbo;
    return (mn % 8) * rowStride + (mn / 8) * uint64_t(o.sbo) + (k % T) * eB +
           (k / T) * chunkStride;
  }
  // ((T,c,m),(8,kg)) : ((1 element,16B,mStride),(kRowStride,kGroupStride))
  unsigned c = o.swizzle ? o.swizzle / 16 : 1;
  uint64_t mStride = o.swizzle ? o.lbo : o.sbo;
  uint64_t kRow = o.swizzle ? o.swizzle : 16;
  uint64_t kGroup = o.swizzle ? o.sbo : o.lbo;
  return (mn % T) * eB + (mn / T % c) * 16 + (mn / (T * c)) * mStride +
         (k % 8) * kRow + (k / 8) * kGroup;
}

/// CuTe Swizzle<B,4,3>: bits [7, 7+B) of the address XORed into [4, 4+B),
/// B = log2(S / 16). The pattern repeats from `patternStart` (0, i.e. the
/// 1024-byte-aligned buffer, unless the operand tests the base offset): the
/// row bits are those of the address relative to the pattern's start.
inline uint64_t swizzleAddr(unsigned swizzleBytes, uint64_t addr,
                            uint64_t patternStart) {
  unsigned B = swizzleBytes == 128  ? 3
               : swizzleBytes == 64 ? 2
               : swizzleBytes == 32 ? 1
                                    : 0;
  uint64_t yyy = ((uint64_t(1) << B) - 1) << 7;
  return addr ^ (((addr - patternStart) & yyy) >> 3);
}

/// ISA 9.7.15.5.1.2.2: the 64-bit matrix descriptor for a start address.
inline uint64_t descriptor(const Operand &o, uint64_t start) {
  auto enc = [](uint64_t x) { return (x & 0x3ffff) >> 4; };
  uint64_t mode = o.swizzle == 128  ? 1
                  : o.swizzle == 64 ? 2
                  : o.swizzle == 32 ? 3
                                    : 0;
  uint64_t base = o.useBaseOffset ? (o.offset >> 7) & 7 : 0;
  return enc(start) | enc(o.lbo) << 16 | enc(o.sbo) << 32 | base << 49 |
         mode << 62;
}

/// Places the rows x K matrix `v` (element bits) of operand o into `smem`.
inline void place(const Operand &o, El e, unsigned rows, unsigned K,
                  const std::vector<uint32_t> &v, std::vector<uint8_t> &smem) {
  const unsigned eB = elBits(e) / 8;
  const uint64_t pattern = o.useBaseOffset ? o.offset : 0;
  for (unsigned r = 0; r < rows; ++r)
    for (unsigned k = 0; k < K; ++k) {
      uint64_t a = o.offset + canonicalOffset(o, r, k, eB);
      a = swizzleAddr(o.swizzle, a, pattern);
      if (a + eB > smem.size())
        smem.resize(a + eB, 0);
      std::memcpy(smem.data() + a, &v[size_t(r) * K + k], eB);
    }
}

// --- wgmma cases -------------------------------------------------------------

struct WgmmaCfg {
  std::string name;
  El el = El::BF16;
  unsigned N = 64;
  unsigned steps = 1; ///< instructions along K in one group
  Operand a, b;
  bool regA = false; ///< A from registers
  bool negA = false, negB = false;
  std::vector<bool> scaleD = {true}; ///< per step
  bool overwriteB = false; ///< zero B's bytes after commit, before wait
  /// One commit group per instruction, then wait_group 1 and wait_group 0
  /// (accumulating across in-flight groups, as pipelined main loops do).
  bool commitEach = false;
  uint64_t seed = 1;
};

/// The D fragment (ISA 9.7.15.5.1.1, figure "WGMMA .m64nNk16 register
/// fragment layout for accumulator matrix D"): thread T of the warpgroup,
/// warp w = T / 32 holds rows 16w..16w+15; in each group of four registers
/// d(4j)..d(4j+3) covering columns 8j..8j+7, d(4j), d(4j+1) are in row
/// 16w + %laneid/4 at columns 8j + 2*(%laneid%4) + {0,1} and d(4j+2),
/// d(4j+3) in the row 8 below.
inline void wgmmaD(unsigned T, unsigned i, unsigned &row, unsigned &col) {
  unsigned w = T / 32, lane = T % 32;
  row = 16 * w + lane / 4 + (i % 4 >= 2 ? 8 : 0);
  col = 8 * (i / 4) + 2 * (lane % 4) + (i % 2);
}

/// The A fragment of wgmma (ISA 9.7.15.5.1.1 "Register Fragments", matrix
/// A, per warp the layout of mma's m16nXk figures): element number i of
/// thread T (elements numbered low to high through the four registers).
/// .f16/.bf16 (a0..a7): row = 16w + %laneid/4 for a0,a1,a4,a5, +8 for
/// a2,a3,a6,a7; col = 2*(%laneid%4) + (i&1), +8 for a4..a7.
/// .tf32 (a0..a3): row +8 for a1,a3; col = %laneid%4, +4 for a2,a3.
/// 8-bit (a0..a15): row +8 for a4..a7, a12..a15; col = 4*(%laneid%4) +
/// (i&3), +16 for a8..a15.
inline void wgmmaA(El e, unsigned T, unsigned i, unsigned &row, unsigned &col) {
  unsigned w = T / 32, lane = T % 32, g = lane / 4, t = lane % 4;
  if (elBits(e) == 16) {
    bool low = i < 2 || (i >= 4 && i < 6);
    row = 16 * w + g + (low ? 0 : 8);
    col = 2 * t + (i & 1) + (i >= 4 ? 8 : 0);
  } else if (elBits(e) == 32) {
    row = 16 * w + g + ((i == 1 || i == 3) ? 8 : 0);
    col = t + (i >= 2 ? 4 : 0);
  } else {
    bool low = i < 4 || (i >= 8 && i < 12);
    row = 16 * w + g + (low ? 0 : 8);
    col = 4 * t + (i & 3) + (i >= 8 ? 16 : 0);
  }
}

inline Case wgmmaCase(const WgmmaCfg &cfg) {
  const El e = cfg.el;
  const unsigned N = cfg.N, Ki = instrK(e), K = Ki * cfg.steps,
                 eB = elBits(e) / 8, nd = N / 2;
  const int range = (e == El::E4M3 || e == El::E5M2) ? 3 : 4;
  Rng rng(cfg.seed);
  std::vector<int> A(64 * K), B(size_t(N) * K), C(64 * size_t(N));
  for (int &x : A)
    x = rng.next(range);
  for (int &x : B)
    x = rng.next(range);
  for (int &x : C)
    x = rng.next(8);
  std::vector<uint32_t> Ab(A.size()), Bb(B.size());
  for (size_t i = 0; i < A.size(); ++i)
    Ab[i] = encode(e, A[i]);
  for (size_t i = 0; i < B.size(); ++i)
    Bb[i] = encode(e, B[i]);

  std::vector<uint8_t> smem;
  if (!cfg.regA)
    place(cfg.a, e, 64, K, Ab, smem);
  place(cfg.b, e, N, K, Bb, smem);
  smem.resize((smem.size() + 1023) / 1024 * 1024, 0);

  // Inputs: the shared-memory image, C (thread-major, nd per thread), the A
  // registers (thread-major, 4 per thread; register form only).
  std::vector<uint32_t> cIn(128 * nd), aIn(128 * 4, 0), out(128 * nd);
  for (unsigned T = 0; T < 128; ++T)
    for (unsigned i = 0; i < nd; ++i) {
      unsigned r, c;
      wgmmaD(T, i, r, c);
      cIn[T * nd + i] = f32Bits(float(C[r * N + c]));
    }
  if (cfg.regA) {
    const unsigned per = 32 / elBits(e);
    for (unsigned T = 0; T < 128; ++T)
      for (unsigned i = 0; i < 4 * per; ++i) {
        unsigned r, c;
        wgmmaA(e, T, i, r, c);
        uint32_t bits = Ab[r * K + c];
        aIn[T * 4 + i / per] |=
            elBits(e) == 32 ? bits : bits << (elBits(e) * (i % per));
      }
  }
  // Expected: D = scale-d ? D : 0, then += sum over the step's K, per step.
  for (unsigned T = 0; T < 128; ++T)
    for (unsigned i = 0; i < nd; ++i) {
      unsigned r, c;
      wgmmaD(T, i, r, c);
      double acc = C[r * N + c];
      for (unsigned s = 0; s < cfg.steps; ++s) {
        bool sd = cfg.scaleD[s < cfg.scaleD.size() ? s : cfg.scaleD.size() - 1];
        if (!sd)
          acc = 0;
        if (cfg.overwriteB)
          continue;
        for (unsigned k = s * Ki; k < (s + 1) * Ki; ++k)
          acc += double(cfg.negA ? -A[r * K + k] : A[r * K + k]) *
                 double(cfg.negB ? -B[c * K + k] : B[c * K + k]);
      }
      out[T * nd + i] = f32Bits(float(acc));
    }

  const char *ty = elName(e);
  std::ostringstream p;
  p << header() << params(4) << "{\n"
    << "\t.reg .pred \t%p<4>;\n\t.reg .b32 \t%r<" << (64 + nd) << ">;\n"
    << "\t.reg .b64 \t%rd<" << (32 + 2 * cfg.steps) << ">;\n"
    << "\t.shared .align 1024 .b8 smem[" << smem.size() << "];\n"
    << "\tld.param.b64 \t%rd1, [k_param_0];\n"
    << "\tld.param.b64 \t%rd2, [k_param_1];\n"
    << "\tld.param.b64 \t%rd3, [k_param_2];\n"
    << "\tld.param.b64 \t%rd4, [k_param_3];\n"
    << "\tcvta.to.global.u64 \t%rd1, %rd1;\n"
    << "\tcvta.to.global.u64 \t%rd2, %rd2;\n"
    << "\tcvta.to.global.u64 \t%rd3, %rd3;\n"
    << "\tcvta.to.global.u64 \t%rd4, %rd4;\n"
    << "\tmov.u32 \t%r1, %tid.x;\n"
    << "\tmov.b64 \t%rd6, smem;\n"
    << "\tmul.wide.u32 \t%rd5, %r1, 16;\n"
    << "$L__copy:\n"
    << "\tsetp.ge.u64 \t%p1, %rd5, " << smem.size() << ";\n"
    << "\t@%p1 bra \t$L__copied;\n"
    << "\tadd.s64 \t%rd7, %rd1, %rd5;\n"
    << "\tld.global.v4.u32 \t{%r2, %r3, %r4, %r5}, [%rd7];\n"
    << "\tadd.s64 \t%rd8, %rd6, %rd5;\n"
    << "\tst.shared.v4.u32 \t[%rd8], {%r2, %r3, %r4, %r5};\n"
    << "\tadd.s64 \t%rd5, %rd5, 2048;\n"
    << "\tbra.uni \t$L__copy;\n"
    << "$L__copied:\n"
    << "\tmul.wide.u32 \t%rd9, %r1, " << 4 * nd << ";\n"
    << "\tadd.s64 \t%rd10, %rd2, %rd9;\n";
  for (unsigned i = 0; i < nd; ++i)
    p << "\tld.global.b32 \t%r" << 64 + i << ", [%rd10+" << 4 * i << "];\n";
  if (cfg.regA)
    p << "\tmul.wide.u32 \t%rd11, %r1, 16;\n"
      << "\tadd.s64 \t%rd11, %rd3, %rd11;\n"
      << "\tld.global.v4.u32 \t{%r10, %r11, %r12, %r13}, [%rd11];\n";
  p << "\tfence.proxy.async.shared::cta;\n\tbar.sync \t0;\n"
    << "\tshr.u64 \t%rd12, %rd6, 4;\n\tand.b64 \t%rd12, %rd12, 16383;\n";
  for (unsigned s = 0; s < cfg.steps; ++s) {
    uint64_t da =
        descriptor(cfg.a, cfg.a.offset + canonicalOffset(cfg.a, 0, s * Ki, eB));
    uint64_t db =
        descriptor(cfg.b, cfg.b.offset + canonicalOffset(cfg.b, 0, s * Ki, eB));
    p << "\tadd.s64 \t%rd" << 32 + 2 * s << ", %rd12, " << int64_t(da)
      << ";\n\tadd.s64 \t%rd" << 33 + 2 * s << ", %rd12, " << int64_t(db)
      << ";\n";
  }
  p << "\twgmma.fence.sync.aligned;\n";
  for (unsigned s = 0; s < cfg.steps; ++s) {
    bool sd = cfg.scaleD[s < cfg.scaleD.size() ? s : cfg.scaleD.size() - 1];
    p << "\tmov.b32 \t%r20, " << (sd ? 1 : 0) << ";\n"
      << "\t// begin inline asm\n\t{\n.reg .pred p;\nsetp.ne.b32 p, %r20, 0;\n"
      << "wgmma.mma_async.sync.aligned.m64n" << N << "k" << Ki << ".f32." << ty
      << "." << ty << " {";
    for (unsigned i = 0; i < nd; ++i)
      p << (i ? ", " : "") << "%r" << 64 + i;
    p << "}, ";
    if (cfg.regA)
      p << "{%r10, %r11, %r12, %r13}, ";
    else
      p << "%rd" << 32 + 2 * s << ", ";
    p << "%rd" << 33 + 2 * s << ", p, " << (cfg.negA ? -1 : 1) << ",  "
      << (cfg.negB ? -1 : 1);
    if (elBits(e) == 16) {
      if (!cfg.regA)
        p << ", " << (cfg.a.mnMajor ? 1 : 0);
      p << ",  " << (cfg.b.mnMajor ? 1 : 0);
    }
    p << ";\n}\n\n\t// end inline asm\n";
    if (cfg.commitEach)
      p << "\twgmma.commit_group.sync.aligned;\n";
  }
  if (!cfg.commitEach)
    p << "\twgmma.commit_group.sync.aligned;\n";
  if (cfg.overwriteB) {
    // Every thread zeroes 16-byte chunks of the whole buffer; all finish
    // before any warp waits.
    p << "\tmul.wide.u32 \t%rd13, %r1, 16;\n\tmov.b32 \t%r6, 0;\n"
      << "$L__zero:\n\tsetp.ge.u64 \t%p2, %rd13, " << smem.size() << ";\n"
      << "\t@%p2 bra \t$L__zeroed;\n\tadd.s64 \t%rd14, %rd6, %rd13;\n"
      << "\tst.shared.v4.u32 \t[%rd14], {%r6, %r6, %r6, %r6};\n"
      << "\tadd.s64 \t%rd13, %rd13, 2048;\n\tbra.uni \t$L__zero;\n"
      << "$L__zeroed:\n\tbar.sync \t0;\n";
  }
  if (cfg.commitEach)
    p << "\twgmma.wait_group.sync.aligned \t1;\n";
  p << "\twgmma.wait_group.sync.aligned \t0;\n"
    << "\tadd.s64 \t%rd15, %rd4, %rd9;\n";
  for (unsigned i = 0; i < nd; ++i)
    p << "\tst.global.b32 \t[%rd15+" << 4 * i << "], %r" << 64 + i << ";\n";
  p << "\tret;\n}\n";

  Case c;
  c.name = cfg.name;
  c.ptx = p.str();
  c.threads = 128;
  c.inputs = {smem, bytesOf(cIn), bytesOf(aIn)};
  c.expected = out;
  c.gpuValid = !cfg.overwriteB;
  return c;
}

// --- The suite ---------------------------------------------------------------

inline Operand kMajor(unsigned swizzle, uint32_t lbo, uint32_t sbo,
                      uint32_t offset) {
  Operand o;
  o.swizzle = swizzle;
  o.lbo = lbo;
  o.sbo = sbo;
  o.offset = offset;
  return o;
}
inline Operand mnMajor(unsigned swizzle, uint32_t lbo, uint32_t sbo,
                       uint32_t offset) {
  Operand o = kMajor(swizzle, lbo, sbo, offset);
  o.mnMajor = true;
  return o;
}

/// Every wgmma configuration of the suite.
inline std::vector<WgmmaCfg> wgmmaConfigs() {
  std::vector<WgmmaCfg> v;
  WgmmaCfg c;
  // m64n8k16 bf16, no swizzle, K-major: core matrices of A "column-major"
  // (the 8 M groups of one K chunk first: LBO = 8 x 128 bytes, SBO = 128).
  c = {};
  c.name = "wgmma_m64n8k16_bf16_none_kmajor";
  c.N = 8;
  c.a = kMajor(0, 1024, 128, 0);
  c.b = kMajor(0, 128, 256, 2048);
  v.push_back(c);
  // m64n64k16 bf16, 128B swizzle, K-major, one instruction (rows of 128
  // bytes of which the instruction uses the first 32; SBO = 1024).
  c = {};
  c.name = "wgmma_m64n64k16_bf16_sw128_kmajor";
  c.N = 64;
  c.a = kMajor(128, 16, 1024, 0);
  c.b = kMajor(128, 16, 1024, 8192);
  c.seed = 2;
  v.push_back(c);
  // The same tile with K = 64: four instructions in one group, the start
  // address advanced by 32 bytes inside the swizzled rows; scale-d = 0 on
  // the first (D = A*B ignores C).
  c.name = "wgmma_m64n64k64_bf16_sw128_kmajor_4steps_scaled0";
  c.steps = 4;
  c.scaleD = {false, true, true, true};
  c.seed = 3;
  v.push_back(c);
  // MN-major (imm-trans-a = imm-trans-b = 1), 128B swizzle: A's 64 M
  // elements are one 128-byte row per K; B's N = 128 is two 64-element
  // blocks LBO = 4096 apart; the two 8-row K groups SBO = 1024 apart.
  c = {};
  c.name = "wgmma_m64n128k16_bf16_sw128_mnmajor";
  c.N = 128;
  c.a = mnMajor(128, 8192, 1024, 0);
  c.b = mnMajor(128, 4096, 1024, 4096);
  c.seed = 4;
  v.push_back(c);
  // f16, A MN-major without swizzle (SBO between M core matrices = 128,
  // LBO between K groups = 1024), B K-major 32B swizzle (8 rows of 32 B).
  c = {};
  c.name = "wgmma_m64n16k16_f16_mnmajor_none_b_sw32";
  c.el = El::F16;
  c.N = 16;
  c.a = mnMajor(0, 1024, 128, 0);
  c.b = kMajor(32, 16, 256, 2048);
  c.seed = 5;
  v.push_back(c);
  // 64B swizzle, B MN-major (N = 32: one 64-byte row per K).
  c = {};
  c.name = "wgmma_m64n32k16_bf16_a_sw64_kmajor_b_sw64_mnmajor";
  c.N = 32;
  c.a = kMajor(64, 16, 512, 0);
  c.b = mnMajor(64, 2048, 512, 4096);
  c.seed = 6;
  v.push_back(c);
  // e4m3, k32 (32 bytes of K), 128B swizzle, A negated (imm-scale-a = -1).
  c = {};
  c.name = "wgmma_m64n32k32_e4m3_sw128_nega";
  c.el = El::E4M3;
  c.N = 32;
  c.a = kMajor(128, 16, 1024, 0);
  c.b = kMajor(128, 16, 1024, 8192);
  c.negA = true;
  c.seed = 8;
  v.push_back(c);
  // e5m2, two k32 steps, B negated.
  c = {};
  c.name = "wgmma_m64n8k64_e5m2_sw128_negb_2steps";
  c.el = El::E5M2;
  c.N = 8;
  c.steps = 2;
  c.a = kMajor(128, 16, 1024, 0);
  c.b = kMajor(128, 16, 1024, 8192);
  c.negB = true;
  c.seed = 9;
  v.push_back(c);
  // tf32, k8, 128B swizzle.
  c = {};
  c.name = "wgmma_m64n16k8_tf32_sw128";
  c.el = El::TF32;
  c.N = 16;
  c.a = kMajor(128, 16, 1024, 0);
  c.b = kMajor(128, 16, 1024, 8192);
  c.seed = 10;
  v.push_back(c);
  // A from registers (the "RS" form), bf16 and e4m3.
  c = {};
  c.name = "wgmma_m64n32k16_bf16_rs";
  c.N = 32;
  c.regA = true;
  c.b = kMajor(128, 16, 1024, 0);
  c.seed = 11;
  v.push_back(c);
  c.name = "wgmma_m64n16k32_e4m3_rs";
  c.el = El::E4M3;
  c.N = 16;
  c.seed = 12;
  v.push_back(c);
  // m64n256k16, the widest.
  c = {};
  c.name = "wgmma_m64n256k16_bf16_sw128";
  c.N = 256;
  c.a = kMajor(128, 16, 1024, 0);
  c.b = kMajor(128, 16, 1024, 8192);
  c.seed = 13;
  v.push_back(c);
  // The matrix base offset (ISA: "base offset = (pattern start addr >> 0x7)
  // & 0x7" when the 128B pattern does not start at a 1024-byte boundary):
  // A's pattern starts at 1024 + 384.
  c = {};
  c.name = "wgmma_m64n8k16_bf16_sw128_base_offset";
  c.N = 8;
  c.a = kMajor(128, 16, 1024, 1024 + 384);
  c.a.useBaseOffset = true;
  c.b = kMajor(128, 16, 1024, 16384);
  c.seed = 14;
  v.push_back(c);
  // The same with 64B swizzle: the 512-byte pattern of A starts at
  // 1024 + 384 (base offset 3).
  c = {};
  c.name = "wgmma_m64n8k16_bf16_sw64_base_offset";
  c.N = 8;
  c.a = kMajor(64, 16, 512, 1024 + 384);
  c.a.useBaseOffset = true;
  c.b = kMajor(64, 16, 512, 16384);
  c.seed = 16;
  v.push_back(c);
  // A start address off the 1024-byte boundary with base offset 0: the
  // swizzle follows the absolute address bits.
  c = {};
  c.name = "wgmma_m64n8k16_bf16_sw128_unaligned_start_base0";
  c.N = 8;
  c.a = kMajor(128, 16, 1024, 1024 + 384);
  c.b = kMajor(128, 16, 1024, 16384);
  c.seed = 17;
  v.push_back(c);
  // No swizzle, K-major, two k16 steps: the second instruction's start
  // address is two K core matrices (2 x LBO) further.
  c = {};
  c.name = "wgmma_m64n16k32_bf16_none_kmajor_2steps";
  c.N = 16;
  c.steps = 2;
  c.a = kMajor(0, 1024, 128, 0);
  c.b = kMajor(0, 256, 128, 4096);
  c.seed = 18;
  v.push_back(c);
  // tf32 with A from registers.
  c = {};
  c.name = "wgmma_m64n24k8_tf32_rs";
  c.el = El::TF32;
  c.N = 24;
  c.regA = true;
  c.b = kMajor(128, 16, 1024, 0);
  c.seed = 19;
  v.push_back(c);
  // Four groups in flight (one per instruction), wait_group 1 then 0.
  c = {};
  c.name = "wgmma_m64n64k64_bf16_sw128_group_per_step_wait1";
  c.N = 64;
  c.steps = 4;
  c.commitEach = true;
  c.a = kMajor(128, 16, 1024, 0);
  c.b = kMajor(128, 16, 1024, 8192);
  c.seed = 20;
  v.push_back(c);
  // Emulator only: the kernel zeroes shared memory after commit_group and
  // before wait_group (undefined on hardware); the emulator reads shared
  // memory at retirement, so D = C + 0.
  c = {};
  c.name = "wgmma_overwrite_before_wait_reads_new_bytes";
  c.N = 16;
  c.a = kMajor(128, 16, 1024, 0);
  c.b = kMajor(128, 16, 1024, 8192);
  c.overwriteB = true;
  c.seed = 15;
  v.push_back(c);
  return v;
}

inline std::vector<Case> allCases() {
  std::vector<Case> v;
  for (const WgmmaCfg &c : wgmmaConfigs())
    v.push_back(wgmmaCase(c));
  v.push_back(mmaSyncCase("mma_m16n8k16_bf16", El::BF16, 16));
  v.push_back(mmaSyncCase("mma_m16n8k16_f16", El::F16, 16, false, 8));
  v.push_back(mmaSyncCase("mma_m16n8k8_bf16", El::BF16, 8, false, 9));
  v.push_back(mmaSyncCase("mma_m16n8k8_tf32", El::TF32, 8, false, 10));
  v.push_back(mmaSyncCase("mma_m16n8k32_e4m3", El::E4M3, 32, false, 11));
  v.push_back(mmaSyncCase("mma_m16n8k32_e5m2", El::E5M2, 32, false, 12));
  v.push_back(mmaSyncCase("mma_m16n8k16_bf16_divergent_arrival", El::BF16, 16,
                          true, 13));
  for (unsigned num : {1u, 2u, 4u})
    for (bool tr : {false, true}) {
      v.push_back(ldmatrixCase(num, tr));
      v.push_back(stmatrixCase(num, tr));
    }
  return v;
}

} // namespace mmacases

#endif // CUTE_TEST_EMU_MMACASES_H