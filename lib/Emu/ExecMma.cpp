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

constexpr int kLaunchFailed = 719;       // CUDA_ERROR_LAUNCH_FAILED
constexpr int kIllegalInstruction = 715; // CUDA_ERROR_ILLEGAL_INSTRUCTION

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

bool execMmaSync(ExecCtx &c, const Inst &in, uint32_t mask) {
  return fullWarpCollective(c, in, mask, [&]() {
    const unsigned K = unsigned(in.aux[0]);
    const MmaElem elem = MmaElem(in.aux[1]);
    const unsigned nA = unsigned(in.aux[2]), nB = unsigned(in.aux[3]);
    const unsigned bits = mmaElemBits(elem), perReg = 32 / bits;
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

// --- sm_120a: mma.sync kind::f8f6f4 and block_scale
// ---------------------------
//
// PTX ISA 9.7.14.3 "Block Scaling for mma.sync", 9.7.14.5.10/.11 (fragments
// of m16n8k32 and m16n8k64), 9.7.14.5.14 (packing): the A/B/C fragments
// follow the formulas above with 8-bit containers (m16n8k32: e2m1 in bits
// 5-2, e3m2/e2m3 in bits 5-0 of its byte) or packed e2m1 (m16n8k64, eight
// per register, low nibble first). The scale operands: scale-a-data,
// {byte-id-a, thread-id-a}, scale-b-data, {byte-id-b, thread-id-b}. The ISA
// states which lanes supply the factors (thread-id-a t: lanes with
// %laneid % 4 in {2t, 2t+1}; thread-id-b t: %laneid % 4 == t) and that
// byte-id selects the first of the 1, 2 or 4 bytes (scale_vec 1X, 2X, 4X);
// which row and K block each lane and byte serve is in its figures, read
// here as CuTe's SM120 SFA/SFB layouts give it: the lane with %laneid % 4 ==
// 2t serves row %laneid / 4, the one with 2t + 1 row %laneid / 4 + 8, the
// B lane column %laneid / 4, and byte byte-id + j the K block j.
//
// Inst::aux: [0] K, [1] MmaElem of A | B << 8, [2] scale vector size (0: no
// block scale), [3] UE4M3 scales (1) or UE8M0 (0). flags bit 0: the
// block-scaled mxf4/mxf4nvf4 model (F = 35), bit 1: kind::mxf8f6f4.

uint32_t containerValue(uint32_t byte, MmaElem e) {
  if (e == MmaElem::E2M1)
    return (byte >> 2) & 0xf;
  if (e == MmaElem::E3M2 || e == MmaElem::E2M3)
    return byte & 0x3f;
  return byte;
}

bool execMmaKind(ExecCtx &c, const Inst &in, uint32_t mask) {
  // The kind:: forms of mma.sync are sm_120a's (PTX ISA 9.7.14.5.14).
  const ChipInfo &chip = c.L.device->info();
  if (chip.ccMajor != 12)
    return c.fail(in, __builtin_ctz(mask),
                  std::string("the mma.sync .kind:: forms are an illegal "
                              "instruction on ") +
                      chip.name + " (sm_120a has them)",
                  kIllegalInstruction);
  return fullWarpCollective(c, in, mask, [&]() {
    const unsigned K = unsigned(in.aux[0]);
    const MmaElem ea = MmaElem(in.aux[1] & 0xff), eb = MmaElem(in.aux[1] >> 8);
    const unsigned vec = unsigned(in.aux[2]);
    const bool packed = K == 64; // m16n8k64: packed e2m1
    const unsigned bits = packed ? 4 : 8, perReg = 32 / bits;
    const uint32_t *dR = vecRegs(in, in.ops[0]), *aR = vecRegs(in, in.ops[1]),
                   *bR = vecRegs(in, in.ops[2]), *cR = vecRegs(in, in.ops[3]);
    const unsigned nA = 16 * K * bits / 1024, nB = 8 * K * bits / 1024;
    std::vector<uint32_t> A(size_t(16) * K), B(size_t(8) * K);
    uint32_t C[16][8];
    uint8_t sfa[16][4] = {}, sfb[8][4] = {};
    unsigned bida = 0, tida = 0, bidb = 0, tidb = 0;
    if (vec) {
      // The selectors must agree across the warp (they are uniform in every
      // use the ISA shows; a mismatch would make the choice ambiguous).
      const uint32_t *sa = vecRegs(in, in.ops[5]), *sb = vecRegs(in, in.ops[7]);
      for (int l = 0; l < 32; ++l) {
        unsigned v[4] = {unsigned(c.reg(sa[0], l) & 0xffff),
                         unsigned(c.reg(sa[1], l) & 0xffff),
                         unsigned(c.reg(sb[0], l) & 0xffff),
                         unsigned(c.reg(sb[1], l) & 0xffff)};
        if (l == 0) {
          bida = v[0], tida = v[1], bidb = v[2], tidb = v[3];
        } else if (v[0] != bida || v[1] != tida || v[2] != bidb ||
                   v[3] != tidb) {
          return c.fail(in, l,
                        "the byte-id/thread-id selectors of mma.sync "
                        "block_scale differ across the warp",
                        kLaunchFailed);
        }
      }
      if (tida > 1 || tidb > 3 || bida + vec > 4 || bidb + vec > 4 ||
          bida % vec || bidb % vec)
        return c.fail(
            in, 0,
            "mma.sync block_scale selectors {byte-id-a " +
                std::to_string(bida) + ", thread-id-a " + std::to_string(tida) +
                "}, {byte-id-b " + std::to_string(bidb) + ", thread-id-b " +
                std::to_string(tidb) +
                "} are outside what scale_vec::" + std::to_string(vec) +
                "X allows (PTX ISA 9.7.14.3: thread-id-a 0-1, "
                "thread-id-b 0-3, byte-id a multiple of the vector "
                "size within the word)",
            kIllegalInstruction);
    }
    for (unsigned l = 0; l < 32; ++l) {
      const unsigned g = l >> 2, t = l % 4;
      for (unsigned j = 0; j < nA; ++j) {
        uint32_t word = uint32_t(c.reg(aR[j], int(l)));
        for (unsigned e = 0; e < perReg; ++e) {
          unsigned row = g + 8 * (j % 2),
                   col = (j / 2) * (K / 2) + t * perReg + e;
          uint32_t v = (word >> (e * bits)) & uint32_t(maskBits(bits));
          A[size_t(row) * K + col] = packed ? v : containerValue(v, ea);
        }
      }
      for (unsigned j = 0; j < nB; ++j) {
        uint32_t word = uint32_t(c.reg(bR[j], int(l)));
        for (unsigned e = 0; e < perReg; ++e) {
          unsigned row = j * (K / 2) + t * perReg + e, col = g;
          uint32_t v = (word >> (e * bits)) & uint32_t(maskBits(bits));
          B[size_t(col) * K + row] = packed ? v : containerValue(v, eb);
        }
      }
      for (unsigned i = 0; i < 4; ++i)
        C[g + 8 * (i / 2)][t * 2 + i % 2] = uint32_t(c.reg(cR[i], int(l)));
      if (vec) {
        uint32_t sa = uint32_t(c.reg(in.ops[4].reg, int(l)));
        uint32_t sb = uint32_t(c.reg(in.ops[6].reg, int(l)));
        for (unsigned j = 0; j < vec; ++j) {
          if (t == 2 * tida)
            sfa[g][j] = uint8_t(sa >> (8 * (bida + j)));
          if (t == 2 * tida + 1)
            sfa[g + 8][j] = uint8_t(sa >> (8 * (bida + j)));
          if (t == tidb)
            sfb[g][j] = uint8_t(sb >> (8 * (bidb + j)));
        }
      }
    }
    const bool mxf4 = in.flags & 1;
    const MmaModel &model =
        vec ? mmaScaledModel(mxf4) : mmaModel(MmaInstr::Tcgen05, ea);
    const MmaScaleFmt fmt = in.aux[3] ? MmaScaleFmt::UE4M3 : MmaScaleFmt::UE8M0;
    for (unsigned l = 0; l < 32; ++l) {
      const unsigned g = l >> 2, t = l % 4;
      for (unsigned i = 0; i < 4; ++i) {
        unsigned row = g + 8 * (i / 2), col = t * 2 + i % 2;
        const uint32_t *a = &A[size_t(row) * K], *b = &B[size_t(col) * K];
        uint32_t d =
            vec ? mmaDotScaledBits(model, C[row][col], a, b, int(K), ea, eb,
                                   sfa[row], sfb[col], int(K / vec), fmt)
                : mmaDotBits(model, C[row][col], a, b, int(K), ea, eb);
        if (dR[i] != Operand::kNoReg)
          c.reg(dR[i], int(l)) = d;
      }
    }
    return true;
  });
}

/// mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.f32.atype.btype.f32 and
/// mma.sync.aligned.m16n8k{32,64}.row.col.kind::{mxf8f6f4,mxf4,mxf4nvf4}
/// .block_scale{.scale_vec::NX}.f32.atype.btype.f32.stype (sm_120a).
Status decodeMmaKind(Mods &m, Inst &in, int kind, unsigned K) {
  const bool scaled = kind > 0;
  int vec = 0;
  if (scaled) {
    if (!m.take("block_scale"))
      return decodeError("mma.sync kind::mx* needs .block_scale");
    int v = m.takeOneOf({"scale_vec::1X", "scale_vec::2X", "scale_vec::4X"});
    vec = v < 0 ? (kind == 1 ? 1 : kind == 2 ? 2 : 0) : 1 << v;
    if (!vec)
      return decodeError("kind::mxf4nvf4 needs .scale_vec::2X or ::4X");
    if ((kind == 1) != (vec == 1) || (kind == 2 && vec != 2))
      return decodeError("scale_vec::" + std::to_string(vec) +
                         "X does not go with this kind (PTX ISA 9.7.14.3: "
                         "mxf8f6f4 1X, mxf4 2X, mxf4nvf4 2X or 4X)");
  }
  // The remaining parts: f32, atype, btype, f32 (, stype).
  std::vector<std::string> p = m.rest();
  if (p.size() != size_t(scaled ? 5 : 4) || p[0] != "f32" || p[3] != "f32")
    return decodeError("mma.sync kind:: forms need .f32.atype.btype.f32" +
                       std::string(scaled ? ".stype" : ""));
  auto elem = [&](const std::string &n, MmaElem &e) {
    static const std::pair<const char *, MmaElem> kNames[] = {
        {"e4m3", MmaElem::E4M3},
        {"e5m2", MmaElem::E5M2},
        {"e3m2", MmaElem::E3M2},
        {"e2m3", MmaElem::E2M3},
        {"e2m1", MmaElem::E2M1}};
    for (auto &[s, v] : kNames)
      if (n == s) {
        e = v;
        return true;
      }
    return false;
  };
  MmaElem ea, eb;
  if (!elem(p[1], ea) || !elem(p[2], eb))
    return decodeError("mma.sync kind:: operand types ." + p[1] + "." + p[2] +
                       " are not e4m3/e5m2/e3m2/e2m3/e2m1");
  if (K == 64 && (ea != MmaElem::E2M1 || eb != MmaElem::E2M1))
    return decodeError("mma.sync m16n8k64 takes .e2m1 operands");
  if ((K == 64) != (kind == 2 || kind == 3))
    return decodeError("mma.sync kind::mxf4/mxf4nvf4 is m16n8k64, kind::f8f6f4 "
                       "and mxf8f6f4 m16n8k32");
  in.aux[3] = 0;
  if (scaled) {
    if (p[4] == "ue4m3") {
      if (vec != 4)
        return decodeError(".ue4m3 scales need scale_vec::4X");
      in.aux[3] = 1;
    } else if (p[4] != "ue8m0") {
      return decodeError("mma.sync block_scale scale type ." + p[4] +
                         " is not .ue8m0 or .ue4m3");
    }
  }
  for (const std::string &x : std::vector<std::string>(p))
    m.take(x);
  const unsigned bits = K == 64 ? 4 : 8;
  const unsigned nA = 16 * K * bits / 1024, nB = 8 * K * bits / 1024;
  CUTE_TRY(expectOperands(in, scaled ? 8 : 4));
  CUTE_TRY(expectVec(in, 0, 4, "d"));
  CUTE_TRY(expectVec(in, 1, nA, "a"));
  CUTE_TRY(expectVec(in, 2, nB, "b"));
  CUTE_TRY(expectVec(in, 3, 4, "c"));
  if (scaled) {
    CUTE_TRY(expectKind(in, 4, Operand::Reg));
    CUTE_TRY(expectVec(in, 5, 2, "{byte-id-a, thread-id-a}"));
    CUTE_TRY(expectKind(in, 6, Operand::Reg));
    CUTE_TRY(expectVec(in, 7, 2, "{byte-id-b, thread-id-b}"));
  }
  for (size_t i = 1; i < in.ops.size(); ++i)
    if (in.ops[i].kind == Operand::Vec)
      for (uint16_t j = 0; j < in.ops[i].count; ++j)
        if (vecRegs(in, in.ops[i])[j] == Operand::kNoReg)
          return decodeError("mma.sync source registers cannot be '_'");
  in.type = Ty::F32;
  in.aux[0] = K;
  in.aux[1] = int64_t(ea) | int64_t(eb) << 8;
  in.aux[2] = vec;
  if (kind == 2 || kind == 3)
    in.flags |= 1;
  if (kind == 1)
    in.flags |= 2;
  in.exec = execMmaKind;
  return okStatus();
}

/// mma.sync.aligned.m16n8kK.row.col.f32.atype.btype.f32 d, a, b, c
Status decodeMmaSync(Mods &m, Inst &in) {
  if (!m.take("sync") || !m.take("aligned"))
    return decodeError("mma needs .sync.aligned");
  int shape = m.takeOneOf({"m16n8k16", "m16n8k8", "m16n8k32", "m16n8k64"});
  if (shape < 0)
    return decodeError(
        "cute-emu implements mma.sync shapes .m16n8k16, "
        ".m16n8k8 and .m16n8k32" +
        std::string(m.rest().empty() ? "" : ", not ." + m.rest()[0]));
  if (!m.take("row") || !m.take("col"))
    return decodeError("mma.sync .m16n8kK needs the layouts .row.col");
  int kind = m.takeOneOf(
      {"kind::f8f6f4", "kind::mxf8f6f4", "kind::mxf4", "kind::mxf4nvf4"});
  if (kind >= 0 || shape == 3) {
    if (kind < 0)
      return decodeError("mma.sync .m16n8k64 needs .kind::mxf4 or mxf4nvf4");
    if (shape != 2 && shape != 3)
      return decodeError("mma.sync kind:: forms are .m16n8k32 / .m16n8k64");
    return decodeMmaKind(m, in, kind, shape == 3 ? 64 : 32);
  }
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
  const unsigned bits = mmaElemBits(ea);
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
