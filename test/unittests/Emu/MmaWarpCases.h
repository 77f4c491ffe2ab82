//===- MmaWarpCases.h - mma.sync, ldmatrix and stmatrix test cases -------===//
//
// Warp-level cases of the suite in MmaCases.h: fragments of mma.sync
// (PTX ISA 9.7.14.5.x) and the row mapping of ldmatrix/stmatrix.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_TEST_EMU_MMAWARPCASES_H
#define CUTE_TEST_EMU_MMAWARPCASES_H

#include "MmaCaseCommon.h"

namespace mmacases {

// --- mma.sync cases ----------------------------------------------------------
//
// ISA 9.7.14.5.x, groupID = %laneid >> 2, threadID_in_group = %laneid % 4,
// elements numbered low to high through the registers:
// m16n8k16 .f16/.bf16: A a0..a7: row = groupID for a0,a1,a4,a5, groupID+8
//   otherwise; col = tig*2 + (i & 1), +8 for i >= 4. B b0..b3: row = tig*2 +
//   (i & 1), +8 for i >= 2; col = groupID.
// m16n8k8 .f16/.bf16: A a0..a3: row = groupID for a0,a1, +8 for a2,a3;
//   col = tig*2 + (i & 1). B b0,b1: row = tig*2 + i; col = groupID.
// m16n8k8 .tf32: A a0..a3: row = groupID for a0,a2, +8 for a1,a3; col = tig
//   for a0,a1, +4 for a2,a3. B b0,b1: row = tig for b0, tig+4 for b1.
// m16n8k32 8-bit: A a0..a15: row = groupID for a0..a3 and a8..a11, +8
//   otherwise; col = tig*4 + (i & 3), +16 for i >= 8. B b0..b7: row =
//   tig*4 + (i & 3), +16 for i >= 4; col = groupID.
// C/D .f32 c0..c3: row = groupID for c0,c1, +8 for c2,c3; col = tig*2 +
//   (i & 1).

inline void mmaA(El e, unsigned K, unsigned lane, unsigned i, unsigned &row,
                 unsigned &col) {
  unsigned g = lane >> 2, t = lane % 4;
  if (elBits(e) == 16 && K == 16) {
    row = g + ((i < 2 || (i >= 4 && i < 6)) ? 0 : 8);
    col = t * 2 + (i & 1) + (i >= 4 ? 8 : 0);
  } else if (elBits(e) == 16) {
    row = g + (i >= 2 ? 8 : 0);
    col = t * 2 + (i & 1);
  } else if (elBits(e) == 32) {
    row = g + ((i == 1 || i == 3) ? 8 : 0);
    col = t + (i >= 2 ? 4 : 0);
  } else {
    row = g + ((i < 4 || (i >= 8 && i < 12)) ? 0 : 8);
    col = t * 4 + (i & 3) + (i >= 8 ? 16 : 0);
  }
}
inline void mmaB(El e, unsigned K, unsigned lane, unsigned i, unsigned &row,
                 unsigned &col) {
  unsigned g = lane >> 2, t = lane % 4;
  col = g;
  if (elBits(e) == 16 && K == 16)
    row = t * 2 + (i & 1) + (i >= 2 ? 8 : 0);
  else if (elBits(e) == 16)
    row = t * 2 + i;
  else if (elBits(e) == 32)
    row = t + (i == 1 ? 4 : 0);
  else
    row = t * 4 + (i & 3) + (i >= 4 ? 16 : 0);
}
inline void mmaC(unsigned lane, unsigned i, unsigned &row, unsigned &col) {
  row = (lane >> 2) + (i >= 2 ? 8 : 0);
  col = (lane % 4) * 2 + (i & 1);
}

/// `diverge`: lanes with bit 4 of %laneid set reach the mma later (through a
/// branch back), so the warp arrives in two halves.
inline Case mmaSyncCase(const std::string &name, El e, unsigned K,
                        bool diverge = false, uint64_t seed = 7) {
  const unsigned bits = elBits(e), per = 32 / bits;
  const unsigned nA = 16 * K / 32 / per, nB = 8 * K / 32 / per;
  const int range = bits == 8 ? 3 : 4;
  Rng rng(seed);
  std::vector<int> A(16 * K), B(K * 8), C(16 * 8);
  for (int &x : A)
    x = rng.next(range);
  for (int &x : B)
    x = rng.next(range);
  for (int &x : C)
    x = rng.next(8);
  std::vector<uint32_t> aIn(32 * nA, 0), bIn(32 * nB, 0), cIn(32 * 4),
      out(32 * 4);
  for (unsigned l = 0; l < 32; ++l) {
    for (unsigned i = 0; i < nA * per; ++i) {
      unsigned r, c;
      mmaA(e, K, l, i, r, c);
      uint32_t b = encode(e, A[r * K + c]);
      aIn[l * nA + i / per] |= bits == 32 ? b : b << (bits * (i % per));
    }
    for (unsigned i = 0; i < nB * per; ++i) {
      unsigned r, c;
      mmaB(e, K, l, i, r, c);
      uint32_t b = encode(e, B[r * 8 + c]);
      bIn[l * nB + i / per] |= bits == 32 ? b : b << (bits * (i % per));
    }
    for (unsigned i = 0; i < 4; ++i) {
      unsigned r, c;
      mmaC(l, i, r, c);
      cIn[l * 4 + i] = f32Bits(float(C[r * 8 + c]));
      double acc = C[r * 8 + c];
      for (unsigned k = 0; k < K; ++k)
        acc += double(A[r * K + k]) * B[k * 8 + c];
      out[l * 4 + i] = f32Bits(float(acc));
    }
  }
  const char *ty = elName(e);
  std::ostringstream p;
  p << header() << params(4) << "{\n"
    << "\t.reg .pred \t%p<4>;\n\t.reg .b32 \t%r<64>;\n\t.reg .b64 \t%rd<20>;\n";
  for (int i = 0; i < 4; ++i)
    p << "\tld.param.b64 \t%rd" << i + 1 << ", [k_param_" << i << "];\n"
      << "\tcvta.to.global.u64 \t%rd" << i + 1 << ", %rd" << i + 1 << ";\n";
  p << "\tmov.u32 \t%r1, %tid.x;\n"
    << "\tmul.wide.u32 \t%rd5, %r1, " << 4 * nA << ";\n"
    << "\tadd.s64 \t%rd5, %rd1, %rd5;\n";
  for (unsigned j = 0; j < nA; ++j)
    p << "\tld.global.b32 \t%r" << 10 + j << ", [%rd5+" << 4 * j << "];\n";
  p << "\tmul.wide.u32 \t%rd6, %r1, " << 4 * nB << ";\n"
    << "\tadd.s64 \t%rd6, %rd2, %rd6;\n";
  for (unsigned j = 0; j < nB; ++j)
    p << "\tld.global.b32 \t%r" << 20 + j << ", [%rd6+" << 4 * j << "];\n";
  p << "\tmul.wide.u32 \t%rd7, %r1, 16;\n\tadd.s64 \t%rd8, %rd3, %rd7;\n";
  for (unsigned j = 0; j < 4; ++j)
    p << "\tld.global.b32 \t%r" << 30 + j << ", [%rd8+" << 4 * j << "];\n";
  if (diverge)
    p << "\tand.b32 \t%r2, %r1, 16;\n\tsetp.ne.b32 \t%p1, %r2, 0;\n"
      << "\t@%p1 bra \t$L__late;\n";
  p << "$L__mma:\n\tmma.sync.aligned.m16n8k" << K << ".row.col.f32." << ty
    << "." << ty << ".f32\n\t\t{%r40, %r41, %r42, %r43},\n\t\t{";
  for (unsigned j = 0; j < nA; ++j)
    p << (j ? ", " : "") << "%r" << 10 + j;
  p << "},\n\t\t{";
  for (unsigned j = 0; j < nB; ++j)
    p << (j ? ", " : "") << "%r" << 20 + j;
  p << "},\n\t\t{%r30, %r31, %r32, %r33};\n";
  if (diverge)
    p << "\tbra.uni \t$L__done;\n$L__late:\n\tadd.s32 \t%r3, %r1, 1;\n"
      << "\tbra.uni \t$L__mma;\n$L__done:\n";
  p << "\tadd.s64 \t%rd9, %rd4, %rd7;\n";
  for (unsigned j = 0; j < 4; ++j)
    p << "\tst.global.b32 \t[%rd9+" << 4 * j << "], %r" << 40 + j << ";\n";
  p << "\tret;\n}\n";
  Case c;
  c.name = name;
  c.ptx = p.str();
  c.threads = 32;
  c.inputs = {bytesOf(aIn), bytesOf(bIn), bytesOf(cIn)};
  c.expected = out;
  return c;
}

// --- ldmatrix / stmatrix -----------------------------------------------------
//
// ISA "ldmatrix": ".m8n8 ... each matrix row is 16 bytes; threads 0-7
// provide the row addresses of the first matrix, 8-15 of the second, 16-23
// of the third, 24-31 of the fourth" (x1: threads 0-7, x2: 0-15). "Each
// thread receives ... for matrix j in register j: the elements of row
// %laneid / 4 at columns 2 * (%laneid % 4) and 2 * (%laneid % 4) + 1"; with
// .trans, the elements of column %laneid / 4 at rows 2 * (%laneid % 4) and
// +1 ("the matrix is loaded in column-major format"). stmatrix: the same
// correspondence, stored.

/// Row addresses (byte offsets in the shared buffer, 16-byte aligned) for
/// the 8 rows of up to 4 matrices: scattered, not in order.
inline std::vector<uint32_t> rowOffsets() {
  std::vector<uint32_t> a(32);
  for (unsigned m = 0; m < 4; ++m)
    for (unsigned r = 0; r < 8; ++r)
      a[m * 8 + r] = (((m * 8 + (r * 5) % 8) * 3) % 32) * 48 + 16 * (m % 2);
  return a;
}

inline Case ldmatrixCase(unsigned num, bool trans) {
  const unsigned bytes = 32 * 48 + 32;
  std::vector<uint16_t> img(bytes / 2);
  for (size_t i = 0; i < img.size(); ++i)
    img[i] = uint16_t(0x1000 + i * 7);
  std::vector<uint32_t> addr = rowOffsets(), out(32 * num);
  for (unsigned l = 0; l < 32; ++l)
    for (unsigned j = 0; j < num; ++j) {
      auto M = [&](unsigned r, unsigned c) {
        return uint32_t(img[addr[8 * j + r] / 2 + c]);
      };
      unsigned q = l % 4, r = l / 4;
      uint32_t lo = trans ? M(2 * q, r) : M(r, 2 * q);
      uint32_t hi = trans ? M(2 * q + 1, r) : M(r, 2 * q + 1);
      out[l * num + j] = lo | hi << 16;
    }
  std::ostringstream p;
  p << header() << params(3) << "{\n"
    << "\t.reg .pred \t%p<4>;\n\t.reg .b32 \t%r<64>;\n\t.reg .b64 \t%rd<20>;\n"
    << "\t.shared .align 16 .b8 smem[" << bytes << "];\n";
  for (int i = 0; i < 3; ++i)
    p << "\tld.param.b64 \t%rd" << i + 1 << ", [k_param_" << i << "];\n"
      << "\tcvta.to.global.u64 \t%rd" << i + 1 << ", %rd" << i + 1 << ";\n";
  p << "\tmov.u32 \t%r1, %tid.x;\n\tmov.b64 \t%rd6, smem;\n"
    << "\tmul.wide.u32 \t%rd5, %r1, 16;\n"
    << "$L__copy:\n\tsetp.ge.u64 \t%p1, %rd5, " << bytes << ";\n"
    << "\t@%p1 bra \t$L__copied;\n\tadd.s64 \t%rd7, %rd1, %rd5;\n"
    << "\tld.global.v4.u32 \t{%r2, %r3, %r4, %r5}, [%rd7];\n"
    << "\tadd.s64 \t%rd8, %rd6, %rd5;\n"
    << "\tst.shared.v4.u32 \t[%rd8], {%r2, %r3, %r4, %r5};\n"
    << "\tadd.s64 \t%rd5, %rd5, 512;\n\tbra.uni \t$L__copy;\n"
    << "$L__copied:\n\tbar.warp.sync \t-1;\n"
    << "\tmul.wide.u32 \t%rd9, %r1, 4;\n\tadd.s64 \t%rd10, %rd2, %rd9;\n"
    << "\tld.global.b32 \t%r6, [%rd10];\n"
    << "\tcvt.u32.u64 \t%r7, %rd6;\n\tadd.s32 \t%r8, %r7, %r6;\n"
    << "\tldmatrix.sync.aligned.m8n8.x" << num << (trans ? ".trans" : "")
    << ".shared.b16 \t{";
  for (unsigned j = 0; j < num; ++j)
    p << (j ? ", " : "") << "%r" << 10 + j;
  p << "}, [%r8];\n\tmul.wide.u32 \t%rd11, %r1, " << 4 * num << ";\n"
    << "\tadd.s64 \t%rd12, %rd3, %rd11;\n";
  for (unsigned j = 0; j < num; ++j)
    p << "\tst.global.b32 \t[%rd12+" << 4 * j << "], %r" << 10 + j << ";\n";
  p << "\tret;\n}\n";
  Case c;
  c.name = "ldmatrix_x" + std::to_string(num) + (trans ? "_trans" : "");
  c.ptx = p.str();
  c.threads = 32;
  c.inputs = {bytesOf(img), bytesOf(addr)};
  c.expected = out;
  c.asFloat = false;
  return c;
}

inline Case stmatrixCase(unsigned num, bool trans) {
  const unsigned bytes = 32 * 48 + 32;
  std::vector<uint32_t> addr = rowOffsets(), in(32 * num);
  for (unsigned l = 0; l < 32; ++l)
    for (unsigned j = 0; j < num; ++j)
      in[l * num + j] = 0x00010001u * (l * 8 + j) + 0x20004000u;
  // Expected image: zero, then the rows stmatrix writes.
  std::vector<uint16_t> img(bytes / 2, 0);
  for (unsigned l = 0; l < 32; ++l)
    for (unsigned j = 0; j < num; ++j) {
      auto M = [&](unsigned r, unsigned c) -> uint16_t & {
        return img[addr[8 * j + r] / 2 + c];
      };
      unsigned q = l % 4, r = l / 4;
      uint32_t v = in[l * num + j];
      (trans ? M(2 * q, r) : M(r, 2 * q)) = uint16_t(v);
      (trans ? M(2 * q + 1, r) : M(r, 2 * q + 1)) = uint16_t(v >> 16);
    }
  std::vector<uint32_t> out(bytes / 4);
  std::memcpy(out.data(), img.data(), bytes);
  std::ostringstream p;
  p << header() << params(3) << "{\n"
    << "\t.reg .pred \t%p<4>;\n\t.reg .b32 \t%r<64>;\n\t.reg .b64 \t%rd<20>;\n"
    << "\t.shared .align 16 .b8 smem[" << bytes << "];\n";
  for (int i = 0; i < 3; ++i)
    p << "\tld.param.b64 \t%rd" << i + 1 << ", [k_param_" << i << "];\n"
      << "\tcvta.to.global.u64 \t%rd" << i + 1 << ", %rd" << i + 1 << ";\n";
  p << "\tmov.u32 \t%r1, %tid.x;\n\tmov.b64 \t%rd6, smem;\n"
    << "\tmov.b32 \t%r2, 0;\n\tmul.wide.u32 \t%rd5, %r1, 16;\n"
    << "$L__zero:\n\tsetp.ge.u64 \t%p1, %rd5, " << bytes << ";\n"
    << "\t@%p1 bra \t$L__zeroed;\n\tadd.s64 \t%rd8, %rd6, %rd5;\n"
    << "\tst.shared.v4.u32 \t[%rd8], {%r2, %r2, %r2, %r2};\n"
    << "\tadd.s64 \t%rd5, %rd5, 512;\n\tbra.uni \t$L__zero;\n"
    << "$L__zeroed:\n\tbar.warp.sync \t-1;\n"
    << "\tmul.wide.u32 \t%rd9, %r1, 4;\n\tadd.s64 \t%rd10, %rd2, %rd9;\n"
    << "\tld.global.b32 \t%r6, [%rd10];\n"
    << "\tcvt.u32.u64 \t%r7, %rd6;\n\tadd.s32 \t%r8, %r7, %r6;\n"
    << "\tmul.wide.u32 \t%rd11, %r1, " << 4 * num << ";\n"
    << "\tadd.s64 \t%rd12, %rd1, %rd11;\n";
  for (unsigned j = 0; j < num; ++j)
    p << "\tld.global.b32 \t%r" << 10 + j << ", [%rd12+" << 4 * j << "];\n";
  p << "\tstmatrix.sync.aligned.m8n8.x" << num << (trans ? ".trans" : "")
    << ".shared.b16 \t[%r8], {";
  for (unsigned j = 0; j < num; ++j)
    p << (j ? ", " : "") << "%r" << 10 + j;
  p << "};\n\tbar.warp.sync \t-1;\n\tmul.wide.u32 \t%rd5, %r1, 16;\n"
    << "$L__out:\n\tsetp.ge.u64 \t%p2, %rd5, " << bytes << ";\n"
    << "\t@%p2 bra \t$L__done;\n\tadd.s64 \t%rd8, %rd6, %rd5;\n"
    << "\tld.shared.v4.u32 \t{%r2, %r3, %r4, %r5}, [%rd8];\n"
    << "\tadd.s64 \t%rd7, %rd3, %rd5;\n"
    << "\tst.global.v4.u32 \t[%rd7], {%r2, %r3, %r4, %r5};\n"
    << "\tadd.s64 \t%rd5, %rd5, 512;\n\tbra.uni \t$L__out;\n"
    << "$L__done:\n\tret;\n}\n";
  Case c;
  c.name = "stmatrix_x" + std::to_string(num) + (trans ? "_trans" : "");
  c.ptx = p.str();
  c.threads = 32;
  c.inputs = {bytesOf(in), bytesOf(addr)};
  c.expected = out;
  c.asFloat = false;
  return c;
}

} // namespace mmacases

#endif // CUTE_TEST_EMU_MMAWARPCASES_H
