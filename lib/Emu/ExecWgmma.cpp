//===- ExecWgmma.cpp - wgmma: warpgroup MMA, descriptors, groups ----------===//
//
// PTX ISA 9.7.15 "Asynchronous Warpgroup Level Matrix Multiply-Accumulate
// Instructions": wgmma.fence, wgmma.mma_async (shared-memory descriptors for
// A and B, or A from registers), wgmma.commit_group, wgmma.wait_group.
//
// Execution model.
// - wgmma.mma_async is .sync.aligned over the warpgroup (four consecutive
//   warps, the first with warp id % 4 == 0; ISA 9.7.15 "Warpgroup"). Lanes
//   park (Wait::WarpGroup) until every thread of the four warps has arrived
//   at the instruction; the last arriver records the operation in its
//   warpgroup's uncommitted list, reading the descriptors and the scale-d
//   predicate of every thread now (the descriptors must be warpgroup-uniform:
//   a mismatch is a failure).
// - wgmma.commit_group (ISA "wgmma.commit_group"): "creates a new
//   wgmma-group per warpgroup and batches all prior wgmma.mma_async
//   instructions initiated by the executing warp but not committed". Since
//   .aligned requires every thread of the warpgroup to execute the same
//   commit_group, the emulator makes it a warpgroup collective: the last
//   arriver moves the uncommitted operations into one new group (possibly
//   empty, as the ISA allows). This is the ISA's per-warp bookkeeping merged
//   at the point where all warps agree; it differs from hardware only for a
//   program in which a warp of the warpgroup waits (on an mbarrier, say) for
//   another warp of the warpgroup between its mma_async and its
//   commit_group: the emulator then reports a hang at commit_group.
// - wgmma.wait_group N (ISA "wgmma.wait_group"): the executing thread waits
//   until at most N of the most recent groups are pending. The emulator
//   retires the older groups at this point, in commit order: only now does it
//   read shared memory through the descriptors, the A registers (register form)
//   and the accumulators of the four warps, and write the accumulators. A
//   kernel that overwrites a stage before waiting thus reads the new bytes,
//   as it could on hardware. Retirement is synchronous, so the wait never
//   parks.
// - wgmma.fence orders register accesses of the executing warp against the
//   asynchronous operations (ISA "wgmma.fence"); with retirement at
//   wait_group there is nothing left for it to do.
//
// Numerics: per output element and instruction, MmaNumerics.h's mmaDot over
// the instruction's K with c = the accumulator (0 when scale-d is false).
// imm-scale-a/-b = -1 negate the elements of A/B (their sign bits) first.
//
//===----------------------------------------------------------------------===//
#include "Decode.h"
#include "Exec.h"
#include "Float.h"
#include "MatrixDesc.h"
#include "MmaNumerics.h"
#include "MmaOperands.h"

#include <cstring>
#include <sstream>

namespace cute::emu {

namespace {

constexpr int kLaunchFailed = 719;   // CUDA_ERROR_LAUNCH_FAILED
constexpr int kIllegalAddress = 700; // CUDA_ERROR_ILLEGAL_ADDRESS

std::string hex(uint64_t v) {
  std::ostringstream os;
  os << "0x" << std::hex << v;
  return os.str();
}

enum WgOp : uint16_t { WgFence, WgCommit, WgWait, WgMma };

// Inst::flags of wgmma.mma_async.
enum WgFlags : uint32_t {
  WgRegA = 1u << 0,   ///< A from registers (the "RS" form)
  WgNegA = 1u << 1,   ///< imm-scale-a == -1
  WgNegB = 1u << 2,   ///< imm-scale-b == -1
  WgTransA = 1u << 3, ///< imm-trans-a == 1: A is M-major
  WgTransB = 1u << 4, ///< imm-trans-b == 1: B is N-major
};
// Inst::aux of wgmma.mma_async: [0] N, [1] K, [2] MmaElem.

// --- Matrix descriptors ------------------------------------------------------
//
// MatrixDesc.h: the descriptor fields (ISA 9.7.15.5.1.2.2) and the canonical
// layouts with their swizzles (9.7.15.5.1.2).

/// Reads the rows x K operand through its descriptor into out[r * K + k]
/// (element bits in the low bits; `neg` flips the sign bits). With race
/// checking, each read is an async-proxy read by unit `agent` at clock `vc`.
bool readOperand(ExecCtx &c, const Inst &in, const MatrixDesc &d, bool mnMajor,
                 unsigned rows, unsigned K, MmaElem elem, bool neg,
                 const char *which, std::vector<uint32_t> &out, uint32_t agent,
                 const VClock *vc) {
  const unsigned eB = mmaElemBits(elem) / 8;
  const std::vector<uint8_t> &smem = c.cta.smem;
  const uint32_t flip = neg ? mmaSignBit(elem) : 0;
  out.resize(size_t(rows) * K);
  for (unsigned r = 0; r < rows; ++r)
    for (unsigned k = 0; k < K; ++k) {
      uint64_t a =
          matrixSwizzle(d, d.start + matrixOffset(d, mnMajor, r, k, 8 * eB));
      if (a + eB > smem.size())
        return c.fail(in, 0,
                      d.describe(which, mnMajor) + ": element (" +
                          (which[0] == 'A' ? "m " : "n ") + std::to_string(r) +
                          ", k " + std::to_string(k) +
                          ") lies at shared offset " + hex(a) +
                          ", outside the CTA's " + std::to_string(smem.size()) +
                          " bytes of shared memory (read as its group "
                          "retires at wgmma.wait_group)",
                      kIllegalAddress);
      if (vc &&
          !raceAccess(c, in, c.cta, a, eB, false, Proxy::Async, agent, *vc))
        return false;
      uint32_t v = 0;
      std::memcpy(&v, smem.data() + a, eB);
      out[size_t(r) * K + k] = v ^ flip;
    }
  return true;
}

// --- Register fragments ------------------------------------------------------
//
// ISA 9.7.15.5.1.1 "Register Fragments" (wgmma .m64nNk16, .m64nNk8,
// .m64nNk32): warp w of the warpgroup holds rows 16w..16w+15; with
// groupID = %laneid >> 2 and threadID_in_group = %laneid % 4:
// - A (register form), four .b32 registers of 32/bits elements each, element
//   e of register j: row = 16w + groupID + 8 * (j % 2),
//   col = (j / 2) * K/2 + threadID_in_group * (32/bits) + e.
//   (k16: a0,a1 row g cols 2t,2t+1; a2,a3 row g+8; a4..a7 cols +8.
//    k8 tf32: a0 row g col t; a1 row g+8; a2 col t+4; a3 row g+8 col t+4.
//    k32 8-bit: a0..a3 row g cols 4t..4t+3; a4..a7 row g+8; a8.. cols +16.)
// - D (f32), N/2 registers: d_i at row = 16w + groupID + 8 * ((i % 4) / 2),
//   col = (i / 4) * 8 + threadID_in_group * 2 + (i % 2).

void fragARowCol(unsigned w, unsigned lane, unsigned j, unsigned e, unsigned K,
                 unsigned perReg, unsigned &row, unsigned &col) {
  row = 16 * w + (lane >> 2) + 8 * (j % 2);
  col = (j / 2) * (K / 2) + (lane % 4) * perReg + e;
}

void fragDRowCol(unsigned w, unsigned lane, unsigned i, unsigned &row,
                 unsigned &col) {
  row = 16 * w + (lane >> 2) + 8 * ((i % 4) / 2);
  col = (i / 4) * 8 + (lane % 4) * 2 + (i % 2);
}

// --- Warpgroup collective ----------------------------------------------------

/// Lanes of `x` parked in the warpgroup collective at `pc`.
uint32_t parkedAt(const Warp &x, uint32_t pc) {
  uint32_t m = 0;
  for (uint32_t p = x.parked; p; p &= p - 1) {
    int l = __builtin_ctz(p);
    if (x.wait[l] == Wait::WarpGroup && x.pc[l] == pc)
      m |= 1u << l;
  }
  return m;
}

/// Runs `body(firstWarp)` once all 128 threads of the executing warp's
/// warpgroup are at this instruction; earlier arrivers park. Returns false
/// when the lanes parked or on failure.
template <class F>
bool warpgroupCollective(ExecCtx &c, const Inst &in, uint32_t mask, F &&body) {
  Warp &w = c.w;
  Cta &cta = c.cta;
  const uint32_t first = w.id & ~3u;
  const int l0 = __builtin_ctz(mask);
  if (first + 4 > cta.warps.size() || first / 4 >= cta.warpGroups.size())
    return c.fail(in, l0,
                  "warpgroup instruction in warp " + std::to_string(w.id) +
                      ", but the CTA's " + std::to_string(cta.threads) +
                      " threads do not fill warps " + std::to_string(first) +
                      ".." + std::to_string(first + 3) +
                      " (a warpgroup is 128 threads)",
                  kLaunchFailed);
  for (uint32_t k = 0; k < 4; ++k) {
    const Warp &x = cta.warps[first + k];
    if (x.exist != ~0u || x.exited)
      return c.fail(in, l0,
                    "warpgroup instruction (.aligned) while thread(s) of "
                    "warp " +
                        std::to_string(first + k) +
                        " of the warpgroup have exited or do not exist",
                    kLaunchFailed);
  }
  const uint32_t pc = w.pc[l0];
  bool all = true;
  for (uint32_t k = 0; k < 4 && all; ++k) {
    Warp &x = cta.warps[first + k];
    uint32_t arrived = parkedAt(x, pc) | (&x == &w ? mask : 0u);
    all = arrived == ~0u;
  }
  if (!all) {
    park(c, mask, Wait::WarpGroup);
    return false;
  }
  if (!body(first))
    return false;
  for (uint32_t k = 0; k < 4; ++k) {
    Warp &x = cta.warps[first + k];
    for (uint32_t m = parkedAt(x, pc); m; m &= m - 1) {
      int l = __builtin_ctz(m);
      x.parked &= ~(1u << l);
      x.wait[l] = Wait::None;
      ++x.pc[l];
    }
  }
  return true;
}

// --- Race checking -----------------------------------------------------------
//
// RaceCheck.h: the shared-memory reads of a warpgroup's wgmma operations run
// as the async agent of the warpgroup's first warp. At issue, the agent's
// clock joins the clocks of the four warps (each ticks, as for any async
// issue); at retirement the reads are checked and recorded at the agent's
// clock, which then ticks; a warp passing wait_group joins the agent's
// clock (the completed operations happen before what follows the wait).
// Each operation's reads are checked at its own issue clock (WgmmaOp::
// issueClock), so a write ordered after its issue but before a later issue
// is still reported.

ExecCtx warpCtx(ExecCtx &c, Warp &x) {
  return ExecCtx{c.L, c.cl, c.cta, x, c.fn, x.regs};
}

uint32_t wgAgent(ExecCtx &c, uint32_t first) {
  ExecCtx x = warpCtx(c, c.cta.warps[first]);
  return agentUnit(x);
}

// --- wgmma.mma_async ---------------------------------------------------------

/// Reads a 64-bit descriptor operand of every thread of the warpgroup into
/// out[4] and checks that it is uniform.
bool readUniform(ExecCtx &c, const Inst &in, const Operand &o, uint32_t first,
                 const char *what, uint64_t out[4]) {
  Cta &cta = c.cta;
  uint64_t ref = 0;
  for (uint32_t k = 0; k < 4; ++k) {
    const Warp &x = cta.warps[first + k];
    for (int l = 0; l < 32; ++l) {
      uint64_t v = o.kind == Operand::Reg ? x.regs[size_t(o.reg) * 32 + l]
                                          : uint64_t(o.imm);
      if (k == 0 && l == 0)
        ref = v;
      else if (v != ref)
        return c.fail(in, l,
                      std::string("the ") + what +
                          " of wgmma.mma_async is not warpgroup-uniform: "
                          "thread 0 of the warpgroup has " +
                          hex(ref) + ", thread " +
                          std::to_string(32 * k + uint32_t(l)) + " has " +
                          hex(v),
                      kLaunchFailed);
    }
    out[k] = ref;
  }
  return true;
}

bool execWgmmaMma(ExecCtx &c, const Inst &in, uint32_t mask) {
  return warpgroupCollective(c, in, mask, [&](uint32_t first) {
    Cta &cta = c.cta;
    WgmmaOp op;
    op.inst = &in;
    if (!(in.flags & WgRegA) &&
        !readUniform(c, in, in.ops[1], first, "A descriptor", op.descA))
      return false;
    if (!readUniform(c, in, in.ops[2], first, "B descriptor", op.descB))
      return false;
    // scale-d: a predicate (possibly negated) or an immediate.
    const Operand &sd = in.ops[3];
    int ref = -1;
    for (uint32_t k = 0; k < 4; ++k) {
      const Warp &x = cta.warps[first + k];
      for (int l = 0; l < 32; ++l) {
        bool v = sd.kind == Operand::Reg
                     ? ((x.regs[size_t(sd.reg) * 32 + l] & 1) != 0) != sd.negate
                     : sd.imm != 0;
        if (ref < 0)
          ref = v;
        else if (int(v) != ref)
          return c.fail(in, l,
                        "the scale-d predicate of wgmma.mma_async is not "
                        "warpgroup-uniform (thread " +
                            std::to_string(32 * k + uint32_t(l)) + ")",
                        kLaunchFailed);
      }
      op.scaleD[k] = ref != 0;
    }
    if (c.cl.race) {
      RaceState &r = *c.cl.race;
      const uint32_t agent = wgAgent(c, first);
      for (uint32_t k = 0; k < 4; ++k) {
        ExecCtx x = warpCtx(c, cta.warps[first + k]);
        joinInto(op.issueClock, raceAsyncIssue(x));
      }
      joinInto(r.clocks[agent], op.issueClock);
    }
    cta.warpGroups[first / 4].uncommitted.push_back(op);
    return true;
  });
}

/// Executes one recorded wgmma.mma_async for the whole warpgroup.
bool retire(ExecCtx &c, const WgmmaOp &op, uint32_t first) {
  const Inst &in = *op.inst;
  const unsigned N = unsigned(in.aux[0]), K = unsigned(in.aux[1]);
  const MmaElem elem = MmaElem(in.aux[2]);
  const bool regA = in.flags & WgRegA;
  const MmaModel &model = mmaModel(MmaInstr::Wgmma, elem);
  Cta &cta = c.cta;
  const uint32_t agent = c.cl.race ? wgAgent(c, first) : 0;
  VClock vc;
  if (c.cl.race) {
    // The operation's own issue clock (not the agent's, which may include
    // later issues), with the agent's component for its program order.
    vc = op.issueClock;
    vc.resize(c.cl.race->units(), 0);
    vc[agent] = c.cl.race->clocks[agent][agent];
  }
  const VClock *pvc = c.cl.race ? &vc : nullptr;

  std::vector<uint32_t> A, B;
  if (!readOperand(c, in, MatrixDesc::wgmma(op.descB[0]), in.flags & WgTransB,
                   N, K, elem, in.flags & WgNegB, "B", B, agent, pvc))
    return false;
  if (!regA) {
    if (!readOperand(c, in, MatrixDesc::wgmma(op.descA[0]), in.flags & WgTransA,
                     64, K, elem, in.flags & WgNegA, "A", A, agent, pvc))
      return false;
  } else {
    // The A fragment of each warp's registers, read now (ISA: the registers
    // must not change before the wait).
    A.assign(size_t(64) * K, 0);
    const unsigned bits = mmaElemBits(elem), perReg = 32 / bits;
    const uint32_t flip = (in.flags & WgNegA) ? mmaSignBit(elem) : 0;
    const uint32_t *aRegs = vecRegs(in, in.ops[1]);
    const uint32_t emask = uint32_t(maskBits(bits));
    for (uint32_t k = 0; k < 4; ++k) {
      const Warp &x = cta.warps[first + k];
      for (unsigned l = 0; l < 32; ++l)
        for (unsigned j = 0; j < 4; ++j) {
          uint32_t word = uint32_t(x.regs[size_t(aRegs[j]) * 32 + l]);
          for (unsigned e = 0; e < perReg; ++e) {
            unsigned row, col;
            fragARowCol(k, l, j, e, K, perReg, row, col);
            A[size_t(row) * K + col] =
                (bits == 32 ? word : (word >> (e * bits)) & emask) ^ flip;
          }
        }
    }
  }
  const uint32_t *dRegs = vecRegs(in, in.ops[0]);
  for (uint32_t k = 0; k < 4; ++k) {
    Warp &x = cta.warps[first + k];
    for (unsigned l = 0; l < 32; ++l)
      for (unsigned i = 0; i < N / 2; ++i) {
        unsigned row, col;
        fragDRowCol(k, l, i, row, col);
        uint64_t &d = x.regs[size_t(dRegs[i]) * 32 + l];
        float acc = op.scaleD[k] ? asF32(d) : 0.0f;
        d = f32Bits(mmaDot(model, acc, &A[size_t(row) * K], &B[size_t(col) * K],
                           int(K), elem));
      }
  }
  if (c.cl.race)
    ++c.cl.race->clocks[agent][agent];
  return true;
}

bool execWgmmaFence(ExecCtx &, const Inst &, uint32_t) { return true; }

bool execWgmmaCommit(ExecCtx &c, const Inst &in, uint32_t mask) {
  return warpgroupCollective(c, in, mask, [&](uint32_t first) {
    WarpGroupState &g = c.cta.warpGroups[first / 4];
    g.groups.push_back(std::move(g.uncommitted));
    g.uncommitted.clear();
    return true;
  });
}

bool execWgmmaWait(ExecCtx &c, const Inst &in, uint32_t mask) {
  const uint32_t first = c.w.id & ~3u;
  if (first / 4 >= c.cta.warpGroups.size())
    return c.fail(in, __builtin_ctz(mask),
                  "wgmma.wait_group outside a warpgroup", kLaunchFailed);
  WarpGroupState &g = c.cta.warpGroups[first / 4];
  const size_t keep = size_t(in.aux[0]);
  while (g.groups.size() > keep) {
    std::vector<WgmmaOp> ops = std::move(g.groups.front());
    g.groups.pop_front();
    for (const WgmmaOp &op : ops)
      if (!retire(c, op, first))
        return false;
  }
  if (c.cl.race) {
    RaceState &r = *c.cl.race;
    joinInto(r.clocks[warpUnit(c)], r.clocks[wgAgent(c, first)]);
  }
  return true;
}

// --- Decoding ----------------------------------------------------------------

Status decodeError(const std::string &what) {
  return Error(ErrorCode::Parse, what);
}

Status requireSyncAligned(Mods &m, const char *name) {
  if (!m.take("sync") || !m.take("aligned"))
    return decodeError(std::string("wgmma.") + name +
                       " needs .sync.aligned (PTX ISA 9.7.15)");
  return okStatus();
}

Status expectImm(const Inst &in, size_t i, std::initializer_list<int64_t> ok,
                 const char *what) {
  if (i >= in.ops.size() || in.ops[i].kind != Operand::Imm)
    return decodeError(std::string("operand ") + std::to_string(i + 1) + " (" +
                       what + ") of wgmma.mma_async must be an immediate");
  for (int64_t v : ok)
    if (in.ops[i].imm == v)
      return okStatus();
  return decodeError(
      std::string(what) + " of wgmma.mma_async is " +
      std::to_string(in.ops[i].imm) + "; the ISA allows " +
      (ok.size() == 2 && *ok.begin() == 1 ? "1 or -1" : "0 or 1"));
}

/// wgmma.mma_async.sync.aligned.m64nNkK.dtype.atype.btype (ISA
/// "wgmma.mma_async"):
///   d, a-desc, b-desc, scale-d, imm-scale-a, imm-scale-b[, imm-trans-a,
///   imm-trans-b]         (imm-trans only for .f16/.bf16)
///   d, {a regs}, b-desc, scale-d, imm-scale-a, imm-scale-b[, imm-trans-b]
Status decodeMmaAsync(Mods &m, Inst &in) {
  CUTE_TRY(requireSyncAligned(m, "mma_async"));
  unsigned N = 0, K = 0;
  std::string shape;
  for (const std::string &p : m.rest())
    if (p.size() > 4 && p.compare(0, 4, "m64n") == 0) {
      shape = p;
      break;
    }
  if (shape.empty())
    return decodeError("wgmma.mma_async needs a shape .m64nNkK");
  {
    size_t kp = shape.find('k');
    if (kp == std::string::npos || kp <= 4)
      return decodeError("malformed wgmma shape ." + shape);
    N = unsigned(std::stoul(shape.substr(4, kp - 4)));
    K = unsigned(std::stoul(shape.substr(kp + 1)));
  }
  m.take(shape);
  Ty dt = m.takeType(), at = m.takeType(), bt = m.takeType();
  MmaElem ea, eb;
  if (!mmaElemOf(at, ea) || !mmaElemOf(bt, eb))
    return decodeError(std::string("cute-emu implements wgmma with "
                                   ".f16/.bf16/.tf32/.e4m3/.e5m2 operands, "
                                   "not .") +
                       tyName(at) + "." + tyName(bt));
  if (ea != eb) {
    bool fp8 = (ea == MmaElem::E4M3 || ea == MmaElem::E5M2) &&
               (eb == MmaElem::E4M3 || eb == MmaElem::E5M2);
    return decodeError(
        fp8 ? std::string("mixed fp8 wgmma (.") + tyName(at) + "." +
                  tyName(bt) +
                  ") is not implemented: the tensor-core numerics model "
                  "(MmaNumerics.h) takes one element format"
            : std::string("wgmma atype and btype must match, got .") +
                  tyName(at) + "." + tyName(bt));
  }
  if (dt != Ty::F32)
    return decodeError(std::string("wgmma.mma_async with dtype .") +
                       tyName(dt) +
                       " is not implemented (only .f32 accumulators: the "
                       "H200's rounding into .f16 accumulators is not "
                       "measured)");
  const unsigned wantK = mmaInstrK(ea);
  if (K != wantK)
    return decodeError("wgmma shape ." + shape + " with ." + tyName(at) +
                       " operands: K must be " + std::to_string(wantK));
  if (N < 8 || N > 256 || N % 8)
    return decodeError("wgmma shape ." + shape +
                       ": N must be a multiple of 8 in 8..256");
  in.type = dt;
  in.type2 = at;
  in.aux[0] = N;
  in.aux[1] = K;
  in.aux[2] = int64_t(ea);
  in.op = WgMma;
  const bool f16like = ea == MmaElem::F16 || ea == MmaElem::BF16;
  if (in.ops.size() < 2)
    return decodeError("wgmma.mma_async needs operands");
  const bool regA = in.ops[1].kind == Operand::Vec;
  const size_t want = 6 + (f16like ? (regA ? 1 : 2) : 0);
  CUTE_TRY(expectOperands(in, want));
  CUTE_TRY(expectKind(in, 0, Operand::Vec));
  if (in.ops[0].count != N / 2)
    return decodeError("wgmma ." + shape + " with .f32 accumulators needs " +
                       std::to_string(N / 2) + " d registers, found " +
                       std::to_string(in.ops[0].count));
  for (uint16_t i = 0; i < in.ops[0].count; ++i)
    if (vecRegs(in, in.ops[0])[i] == Operand::kNoReg)
      return decodeError("wgmma d registers cannot be '_'");
  if (regA) {
    if (in.ops[1].count != 4)
      return decodeError("the A fragment of wgmma needs 4 .b32 registers, "
                         "found " +
                         std::to_string(in.ops[1].count));
    for (uint16_t i = 0; i < 4; ++i)
      if (vecRegs(in, in.ops[1])[i] == Operand::kNoReg)
        return decodeError("wgmma A registers cannot be '_'");
    in.flags |= WgRegA;
  } else {
    CUTE_TRY(expectKind(in, 1, Operand::Reg));
  }
  CUTE_TRY(expectKind(in, 2, Operand::Reg));
  if (in.ops[3].kind != Operand::Reg && in.ops[3].kind != Operand::Imm)
    return decodeError("scale-d of wgmma.mma_async must be a predicate");
  CUTE_TRY(expectImm(in, 4, {1, -1}, "imm-scale-a"));
  CUTE_TRY(expectImm(in, 5, {1, -1}, "imm-scale-b"));
  if (in.ops[4].imm == -1)
    in.flags |= WgNegA;
  if (in.ops[5].imm == -1)
    in.flags |= WgNegB;
  if (f16like) {
    if (!regA) {
      CUTE_TRY(expectImm(in, 6, {0, 1}, "imm-trans-a"));
      CUTE_TRY(expectImm(in, 7, {0, 1}, "imm-trans-b"));
      if (in.ops[6].imm)
        in.flags |= WgTransA;
      if (in.ops[7].imm)
        in.flags |= WgTransB;
    } else {
      CUTE_TRY(expectImm(in, 6, {0, 1}, "imm-trans-b"));
      if (in.ops[6].imm)
        in.flags |= WgTransB;
    }
  }
  in.exec = execWgmmaMma;
  return okStatus();
}

Status decodeWgmma(Mods &m, Inst &in) {
  int sub = m.takeOneOf({"fence", "commit_group", "wait_group", "mma_async"});
  switch (sub) {
  case 0:
    CUTE_TRY(requireSyncAligned(m, "fence"));
    in.op = WgFence;
    in.exec = execWgmmaFence;
    return expectOperands(in, 0);
  case 1:
    CUTE_TRY(requireSyncAligned(m, "commit_group"));
    in.op = WgCommit;
    in.exec = execWgmmaCommit;
    return expectOperands(in, 0);
  case 2:
    CUTE_TRY(requireSyncAligned(m, "wait_group"));
    CUTE_TRY(expectOperands(in, 1));
    CUTE_TRY(expectKind(in, 0, Operand::Imm));
    if (in.ops[0].imm < 0)
      return decodeError("wgmma.wait_group N must not be negative");
    in.op = WgWait;
    in.aux[0] = in.ops[0].imm;
    in.exec = execWgmmaWait;
    return okStatus();
  case 3:
    return decodeMmaAsync(m, in);
  default:
    return decodeError("cute-emu implements wgmma.fence, wgmma.commit_group, "
                       "wgmma.wait_group and wgmma.mma_async");
  }
}

} // namespace

/// The wgmma family (mmaDecoders() in ExecMma.cpp returns it with mma.sync,
/// ldmatrix and stmatrix).
const std::vector<DecoderEntry> &wgmmaDecoders() {
  static const std::vector<DecoderEntry> kDecoders = {
      {"wgmma", decodeWgmma},
  };
  return kDecoders;
}

} // namespace cute::emu
