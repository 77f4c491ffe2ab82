//===- ExecMma.cpp - mma.sync, ldmatrix, stmatrix -------------------------===//
//
// PTX ISA 9.7.14 "Warp Level Matrix Multiply-Accumulate Instructions":
// mma.sync.aligned.m16n8k16/m16n8k8/m16n8k32 .row.col with .f32 accumulators
// (9.7.14.5 "Matrix multiply-accumulate operation using mma instruction",
// fragment layouts from 9.7.14.5.x "Matrix Fragments for mma.m16n8k8",
// "... mma.m16n8k16 with floating point type", "... mma.m16n8k32"), and
// 9.7.14.5.15 "Warp-level matrix load instruction: ldmatrix" and the
// following "... store instruction: stmatrix" (.m8n8 .x1/.x2/.x4,
// optional .trans, .b16).
//
// All three are .sync.aligned warp instructions: every thread of the warp
// executes them together. Lanes of a warp that arrive separately (after
// divergence) park with Wait::Collective; the last arriver executes the
// instruction for the whole warp. A warp with exited or missing threads is a
// failure (the ISA makes the instruction undefined there).
//
// mmaDecoders() also returns the wgmma family (ExecWgmma.cpp).
//
//===----------------------------------------------------------------------===//
#include "Collective.h"
#include "Decode.h"
#include "Exec.h"
#include "Float.h"
#include "MmaNumerics.h"
#include "MmaOperands.h"

#include <cstring>
#include <sstream>

namespace cute::emu {

const std::vector<DecoderEntry> &wgmmaDecoders(); // ExecWgmma.cpp

namespace {

constexpr int kLaunchFailed = 719; // CUDA_ERROR_LAUNCH_FAILED

Status decodeError(const std::string &what) {
  return Error(ErrorCode::Parse, what);
}

/// mma.sync, ldmatrix and stmatrix are .sync.aligned over the whole warp:
/// all 32 threads must exist and execute them (Collective.h).
template <class F>
bool fullWarpCollective(ExecCtx &c, const Inst &in, uint32_t mask, F &&body) {
  Warp &w = c.w;
  if (w.exist != ~0u || w.exited)
    return c.fail(in, __builtin_ctz(mask),
                  "warp-wide .sync.aligned instruction in a warp with "
                  "exited or missing threads (all 32 must execute it)",
                  kLaunchFailed);
  return warpCollective(c, in, mask, ~0u, [&](uint32_t) { return body(); });
}

// --- mma.sync ----------------------------------------------------------------
//
// Fragments (groupID = %laneid >> 2, threadID_in_group = %laneid % 4; the
// elements of a .b32 register are packed low to high):
// - A (16 x K): register j, element e (32/bits per register):
//   row = groupID + 8 * (j % 2), col = (j / 2) * K/2 + threadID_in_group *
//   (32/bits) + e. This is each figure's formula: m16n8k16 .f16/.bf16
//   "row = groupID for a0,a1,a4,a5, +8 otherwise; col = tig*2 + (i & 1)
//   (+8 for i >= 4)"; m16n8k8 .f16/.bf16 "row = groupID for a0,a1, +8 for
//   a2,a3; col = tig*2 + (i & 1)"; m16n8k8 .tf32 "row = groupID for a0,a2,
//   +8 for a1,a3; col = tig for a0,a1, +4 for a2,a3"; m16n8k32 8-bit
//   "row = groupID for a0..a3, a8..a11, +8 otherwise; col = tig*4 + (i & 3)
//   (+16 for i >= 8)".
// - B (K x 8): register j, element e: row = j * K/2 + threadID_in_group *
//   (32/bits) + e, col = groupID ("row = tig*2 + (i & 1) (+8 for i >= 2)"
//   for k16; "tig*2 + i" for k8 .f16; "tig (+4 for b1)" for .tf32; "tig*4 +
//   (i & 3) (+16 for i >= 4)" for k32).
// - C/D (16 x 8, .f32): c_i at row = groupID + 8 * (i / 2),
//   col = threadID_in_group * 2 + (i % 2).

// Inst::aux of mma.sync: [0] K, [1] MmaElem, [2] registers of A, [3] of B.

unsigned bitsOf(MmaElem e) {
  switch (e) {
  case MmaElem::F16:
  case MmaElem::BF16:
    return 16;
  case MmaElem::TF32:
    return 32;
  case MmaElem::E4M3:
  case MmaElem::E5M2:
    return 8;
  }
  return 16;
}

bool execMmaSync(ExecCtx &c, const Inst &in, uint32_t mask) {
  return fullWarpCollective(c, in, mask, [&]() {
    const unsigned K = unsigned(in.aux[0]);
    const MmaElem elem = MmaElem(in.aux[1]);
    const unsigned nA = unsigned(in.aux[2]), nB = unsigned(in.aux[3]);
    const unsigned bits = bitsOf(elem), perReg = 32 / bits;
    const uint32_t emask = uint32_t(maskBits(bits));
    const MmaModel &model = mmaModel(MmaInstr::MmaSync, elem);
    const uint32_t *dR = vecRegs(in, in.ops[0]), *aR = vecRegs(in, in.ops[1]),
                   *bR = vecRegs(in, in.ops[2]), *cR = vecRegs(in, in.ops[3]);
    std::vector<uint32_t> A(size_t(16) * K), B(size_t(8) * K); // B as [n][k]
    float C[16][8];
    for (unsigned l = 0; l < 32; ++l) {
      const unsigned g = l >> 2, t = l % 4;
      for (unsigned j = 0; j < nA; ++j) {
        uint32_t word = uint32_t(c.reg(aR[j], int(l)));
        for (unsigned e = 0; e < perReg; ++e) {
          unsigned row = g + 8 * (j % 2),
                   col = (j / 2) * (K / 2) + t * perReg + e;
          A[size_t(row) * K + col] =
              bits == 32 ? word : (word >> (e * bits)) & emask;
        }
      }
      for (unsigned j = 0; j < nB; ++j) {
        uint32_t word = uint32_t(c.reg(bR[j], int(l)));
        for (unsigned e = 0; e < perReg; ++e) {
          unsigned row = j * (K / 2) + t * perReg + e, col = g;
          B[size_t(col) * K + row] =
              bits == 32 ? word : (word >> (e * bits)) & emask;
        }
      }
      for (unsigned i = 0; i < 4; ++i)
        C[g + 8 * (i / 2)][t * 2 + i % 2] = asF32(c.reg(cR[i], int(l)));
    }
    for (unsigned l = 0; l < 32; ++l) {
      const unsigned g = l >> 2, t = l % 4;
      for (unsigned i = 0; i < 4; ++i) {
        unsigned row = g + 8 * (i / 2), col = t * 2 + i % 2;
        float d = mmaDot(model, C[row][col], &A[size_t(row) * K],
                         &B[size_t(col) * K], int(K), elem);
        if (dR[i] != Operand::kNoReg)
          c.reg(dR[i], int(l)) = f32Bits(d);
      }
    }
    return true;
  });
}

Status expectVec(const Inst &in, size_t i, unsigned n, const char *what) {
  if (i >= in.ops.size() || in.ops[i].kind != Operand::Vec ||
      in.ops[i].count != n)
    return decodeError(std::string("mma.sync: ") + what +
                       " must be a vector "
                       "of " +
                       std::to_string(n) + " registers");
  return okStatus();
}

/// mma.sync.aligned.m16n8kK.row.col.f32.atype.btype.f32 d, a, b, c
Status decodeMmaSync(Mods &m, Inst &in) {
  if (!m.take("sync") || !m.take("aligned"))
    return decodeError("mma needs .sync.aligned");
  int shape = m.takeOneOf({"m16n8k16", "m16n8k8", "m16n8k32"});
  if (shape < 0)
    return decodeError(
        "cute-emu implements mma.sync shapes .m16n8k16, "
        ".m16n8k8 and .m16n8k32" +
        std::string(m.rest().empty() ? "" : ", not ." + m.rest()[0]));
  if (!m.take("row") || !m.take("col"))
    return decodeError("mma.sync .m16n8kK needs the layouts .row.col");
  Ty dt = m.takeType(), at = m.takeType(), bt = m.takeType(), ct = m.takeType();
  MmaElem ea, eb;
  if (!mmaElemOf(at, ea) || !mmaElemOf(bt, eb) || ea != eb)
    return decodeError(std::string("mma.sync with operand types .") +
                       tyName(at) + "." + tyName(bt) +
                       " is not implemented (same-type .f16, .bf16, .tf32, "
                       ".e4m3 or .e5m2 operands)");
  if (dt != Ty::F32 || ct != Ty::F32)
    return decodeError(std::string("mma.sync with .") + tyName(dt) + "/." +
                       tyName(ct) +
                       " accumulators is not implemented (only .f32: the "
                       "H200's .f16 accumulator rounding is not measured)");
  static const unsigned kK[] = {16, 8, 32};
  const unsigned K = kK[shape];
  bool okShape = (K == 16 && (ea == MmaElem::F16 || ea == MmaElem::BF16)) ||
                 (K == 8 && (ea == MmaElem::F16 || ea == MmaElem::BF16 ||
                             ea == MmaElem::TF32)) ||
                 (K == 32 && (ea == MmaElem::E4M3 || ea == MmaElem::E5M2));
  if (!okShape)
    return decodeError(std::string("mma.sync .m16n8k") + std::to_string(K) +
                       " with ." + tyName(at) + " operands is not implemented");
  const unsigned bits = bitsOf(ea);
  const unsigned nA = 16 * K * bits / 1024, nB = 8 * K * bits / 1024;
  CUTE_TRY(expectOperands(in, 4));
  CUTE_TRY(expectVec(in, 0, 4, "d"));
  CUTE_TRY(expectVec(in, 1, nA, "a"));
  CUTE_TRY(expectVec(in, 2, nB, "b"));
  CUTE_TRY(expectVec(in, 3, 4, "c"));
  for (size_t i = 1; i < 4; ++i)
    for (uint16_t j = 0; j < in.ops[i].count; ++j)
      if (vecRegs(in, in.ops[i])[j] == Operand::kNoReg)
        return decodeError("mma.sync source registers cannot be '_'");
  in.type = dt;
  in.type2 = at;
  in.aux[0] = K;
  in.aux[1] = int64_t(ea);
  in.aux[2] = nA;
  in.aux[3] = nB;
  in.exec = execMmaSync;
  return okStatus();
}

// --- ldmatrix / stmatrix -----------------------------------------------------
//
// ISA "ldmatrix" (.m8n8, .b16): each of the x1/x2/x4 matrices is 8 rows of
// 8 16-bit elements, each row 16 contiguous bytes at an address supplied by
// one thread: threads 0-7 give the rows of matrix 0, 8-15 of matrix 1, 16-23
// of matrix 2, 24-31 of matrix 3 (x1 uses threads 0-7, x2 0-15). Destination
// register j of each thread holds two elements of matrix j: without .trans
// row %laneid / 4, columns 2 * (%laneid % 4) and +1 (low half first); with
// .trans the matrix is read column-wise: elements (row 2 * (%laneid % 4),
// column %laneid / 4) and (row 2 * (%laneid % 4) + 1, same column).
// stmatrix ("stmatrix") stores with the same thread-to-element mapping.

struct LdStMatrix {
  static unsigned num(const Inst &in) { return unsigned(in.aux[0]); }
  static bool trans(const Inst &in) { return in.flags & 1; }
};

/// The register of fragment j of a register/vector operand.
uint32_t fragReg(const Inst &in, const Operand &o, unsigned j) {
  return o.kind == Operand::Vec ? vecRegs(in, o)[j] : o.reg;
}

bool execLdmatrix(ExecCtx &c, const Inst &in, uint32_t mask) {
  return fullWarpCollective(c, in, mask, [&]() {
    const unsigned num = LdStMatrix::num(in);
    const bool tr = LdStMatrix::trans(in);
    uint16_t M[4][8][8];
    for (unsigned j = 0; j < num; ++j)
      for (unsigned r = 0; r < 8; ++r) {
        int lane = int(8 * j + r);
        uint64_t a = memAddr(c, in.ops[1], lane);
        uint8_t *p = resolve(c, in, lane, in.space, a, 16, false);
        if (!p)
          return false;
        std::memcpy(M[j][r], p, 16);
      }
    for (unsigned j = 0; j < num; ++j) {
      uint32_t reg = fragReg(in, in.ops[0], j);
      if (reg == Operand::kNoReg)
        continue;
      for (unsigned l = 0; l < 32; ++l) {
        unsigned q = l % 4, r = l / 4;
        uint16_t lo = tr ? M[j][2 * q][r] : M[j][r][2 * q];
        uint16_t hi = tr ? M[j][2 * q + 1][r] : M[j][r][2 * q + 1];
        c.reg(reg, int(l)) = uint32_t(lo) | (uint32_t(hi) << 16);
      }
    }
    return true;
  });
}

bool execStmatrix(ExecCtx &c, const Inst &in, uint32_t mask) {
  return fullWarpCollective(c, in, mask, [&]() {
    const unsigned num = LdStMatrix::num(in);
    const bool tr = LdStMatrix::trans(in);
    uint16_t M[4][8][8];
    for (unsigned j = 0; j < num; ++j) {
      uint32_t reg = fragReg(in, in.ops[1], j);
      for (unsigned l = 0; l < 32; ++l) {
        uint32_t v = reg == Operand::kNoReg ? 0 : uint32_t(c.reg(reg, int(l)));
        unsigned q = l % 4, r = l / 4;
        (tr ? M[j][2 * q][r] : M[j][r][2 * q]) = uint16_t(v);
        (tr ? M[j][2 * q + 1][r] : M[j][r][2 * q + 1]) = uint16_t(v >> 16);
      }
    }
    for (unsigned j = 0; j < num; ++j)
      for (unsigned r = 0; r < 8; ++r) {
        int lane = int(8 * j + r);
        uint64_t a = memAddr(c, in.ops[0], lane);
        uint8_t *p = resolve(c, in, lane, in.space, a, 16, true);
        if (!p)
          return false;
        std::memcpy(p, M[j][r], 16);
      }
    return true;
  });
}

/// ldmatrix/stmatrix.sync.aligned.m8n8.{x1,x2,x4}{.trans}{.shared{::cta}}.b16
Status decodeLdStMatrix(Mods &m, Inst &in, bool store) {
  const char *name = store ? "stmatrix" : "ldmatrix";
  if (!m.take("sync") || !m.take("aligned"))
    return decodeError(std::string(name) + " needs .sync.aligned");
  if (!m.take("m8n8"))
    return decodeError(std::string("cute-emu implements ") + name +
                       " shape .m8n8 only" +
                       (m.rest().empty() ? "" : ", not ." + m.rest()[0]));
  int x = m.takeOneOf({"x1", "x2", "x4"});
  if (x < 0)
    return decodeError(std::string(name) + " needs .x1, .x2 or .x4");
  const unsigned num = 1u << x;
  if (m.take("trans"))
    in.flags |= 1;
  if (!m.takeSpace(in.space))
    in.space = Space::Generic;
  if (in.space != Space::Shared && in.space != Space::Generic)
    return decodeError(std::string(name) + " reads .shared memory only");
  Ty t = m.takeType();
  if (t != Ty::B16)
    return decodeError(std::string(name) + " .m8n8 needs type .b16");
  in.type = t;
  in.aux[0] = num;
  CUTE_TRY(expectOperands(in, 2));
  const size_t regOp = store ? 1 : 0, memOp = store ? 0 : 1;
  CUTE_TRY(expectKind(in, memOp, Operand::Mem));
  const Operand &r = in.ops[regOp];
  bool ok = (r.kind == Operand::Vec && r.count == num) ||
            (num == 1 && r.kind == Operand::Reg);
  if (!ok)
    return decodeError(std::string(name) + " ." +
                       (num == 1   ? "x1"
                        : num == 2 ? "x2"
                                   : "x4") +
                       " needs " + std::to_string(num) + " registers");
  in.exec = store ? execStmatrix : execLdmatrix;
  return okStatus();
}

} // namespace

const std::vector<DecoderEntry> &mmaDecoders() {
  static const std::vector<DecoderEntry> kDecoders = [] {
    std::vector<DecoderEntry> d = {
        {"mma", decodeMmaSync},
        {"ldmatrix",
         [](Mods &m, Inst &in) { return decodeLdStMatrix(m, in, false); }},
        {"stmatrix",
         [](Mods &m, Inst &in) { return decodeLdStMatrix(m, in, true); }},
    };
    for (const DecoderEntry &e : wgmmaDecoders())
      d.push_back(e);
    return d;
  }();
  return kDecoders;
}

} // namespace cute::emu
