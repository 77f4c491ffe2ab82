//===- ExecTcgen05.cpp - Tensor Memory: alloc, ld/st, cp, commit ----------===//
//
// PTX ISA 9.7.16 (Tcgen05.h has the execution model): tcgen05.alloc,
// .dealloc, .relinquish_alloc_permit (9.7.16.7), tcgen05.ld/.st/.wait
// (9.7.16.8), tcgen05.fence (9.7.16.11.1) and tcgen05.commit (9.7.16.12.1).
// tcgen05.mma is ExecUmma.cpp's, tcgen05.cp and .shift ExecTcgen05Cp.cpp's.
//
// What the ISA's text leaves to its figures, and where the emulator's
// reading comes from (each is cross-checked against CuTe C++ in
// test/unittests/Emu/Tcgen05Test.cpp, never against lib/Atom):
// - tcgen05.ld/st (figures 183-187), relative to taddr's lane and column,
//   thread t of the warp, g = t / 4, register j:
//     32x32b   lane t,                 column j
//     16x64b   lane g + 8 (t % 2),     column 2 j + (t / 2) % 2
//     16x128b  lane g + 8 (j % 2),     column 4 (j / 2) + t % 4
//     16x256b  lane g + 8 ((j/2) % 2), column 8 (j / 4) + 2 (t % 4) + j % 2
//     16x32bx2 lane t % 16,            column j (+ immHalfSplitoff for
//                                      t >= 16, added to the cell's column)
//   .pack::16b: register = the low halves of columns 2c and 2c + 1 (low
//   first) where c is the column above; .unpack::16b writes them back and
//   zeroes the high halves.
// - tcgen05.cp and tcgen05.shift: ExecTcgen05Cp.cpp.
//
//===----------------------------------------------------------------------===//
#include "Collective.h"
#include "Decode.h"
#include "MatrixDesc.h"
#include "Tcgen05.h"

#include <cstring>
#include <sstream>

namespace cute::emu {

Status decodeUmma(Mods &m, Inst &in);    // ExecUmma.cpp
Status decodeTcCp(Mods &m, Inst &in);    // ExecTcgen05Cp.cpp
Status decodeTcShift(Mods &m, Inst &in); // ExecTcgen05Cp.cpp

namespace {

enum TcOp : uint16_t {
  TcAlloc,
  TcDealloc,
  TcRelinquish,
  TcLd,
  TcSt,
  TcWait,
  TcFence,
  TcCommit
};
enum TcFlags : uint32_t {
  FPack = 1u << 1,      ///< ld .pack::16b / st .unpack::16b
  FMulticast = 1u << 2, ///< commit .multicast::cluster
  FWaitSt = 1u << 3,    ///< tcgen05.wait::st (else ::ld)
};

// --- Shared helpers ----------------------------------------------------------

bool fullWarp(ExecCtx &c, const Inst &in, uint32_t mask) {
  if (c.w.exist != ~0u || c.w.exited)
    return c.fail(in, __builtin_ctz(mask),
                  tcOpName(in) +
                      " is .sync.aligned over the warp, but threads of the "
                      "warp have exited or do not exist",
                  kTcLaunchFailed);
  return true;
}

/// Operand `o` of every lane of the warp, which must agree.
bool uniform(ExecCtx &c, const Inst &in, const Operand &o, bool mem,
             const char *what, uint64_t &out) {
  for (int l = 0; l < 32; ++l) {
    uint64_t v = mem ? memAddr(c, o, l) : readOp(c, o, l);
    if (l == 0)
      out = v;
    else if (v != out)
      return c.fail(in, l,
                    std::string("the ") + what + " of " + tcOpName(in) +
                        " differs across the warp: thread 0 has " + tcHex(out) +
                        ", this thread " + tcHex(v) + " (.sync.aligned)",
                    kTcLaunchFailed);
  }
  return true;
}

} // namespace

bool tcIssue(ExecCtx &c, const Inst &in, int lane, bool hasGroup) {
  const ChipInfo &chip = c.L.device->info();
  if (!chip.hasTmem)
    return c.fail(in, lane,
                  tcOpName(in) + " is an illegal instruction on " + chip.name +
                      ": it has neither Tensor Memory nor tcgen05 (sm_100a "
                      "does)",
                  kTcIllegalInstruction);
  if (!hasGroup)
    return true;
  Tmem &t = c.cta.tmem;
  const uint8_t g = uint8_t(tcGroup(in));
  if (!t.ctaGroup) {
    t.ctaGroup = g;
    t.ctaGroupLine = in.line;
  } else if (t.ctaGroup != g) {
    return c.fail(in, lane,
                  tcOpName(in) + " uses .cta_group::" + std::to_string(g) +
                      " but this kernel's tcgen05 instruction at PTX line " +
                      std::to_string(t.ctaGroupLine) +
                      " used .cta_group::" + std::to_string(t.ctaGroup) +
                      " (PTX ISA 9.7.16.5: one .cta_group per kernel)",
                  kTcIllegalInstruction);
  }
  return true;
}

Cta *tcPeer(ExecCtx &c, const Inst &in, int lane) {
  uint32_t peer = c.cta.rank ^ 1u;
  if (peer >= c.cl.ctas.size()) {
    c.fail(in, lane,
           tcOpName(in) + " with .cta_group::2 in CTA rank " +
               std::to_string(c.cta.rank) + " of a cluster of " +
               std::to_string(c.cl.ctas.size()) +
               ": its peer CTA (rank ^ 1) does not exist",
           kTcIllegalInstruction);
    return nullptr;
  }
  return c.cl.ctas[peer].get();
}

int tmemFirstFit(Cta &cta, uint32_t columns, uint32_t) {
  // Columns are handed out in units of 32 (9.7.16.1.2), lowest first.
  for (uint32_t col = 0; col + columns <= Tmem::kColumns; col += 32) {
    bool free = true;
    for (const Tmem::Alloc &a : cta.tmem.allocs)
      free &= col + columns <= a.column || a.column + a.columns <= col;
    if (free)
      return int(col);
  }
  return -1;
}

std::string tmemAllocsText(const Cta &cta) {
  std::string s;
  for (const Tmem::Alloc &a : cta.tmem.allocs)
    s += " columns " + std::to_string(a.column) + ".." +
         std::to_string(a.column + a.columns - 1) + " (PTX line " +
         std::to_string(a.line) + ")";
  return s.empty() ? " none" : s;
}

bool tmemCheck(ExecCtx &c, const Inst &in, int lane, const Cta &cta,
               uint32_t lane0, uint32_t lanes, uint32_t col0, uint32_t cols,
               const std::string &what) {
  bool ok = lane0 + lanes <= Tmem::kLanes;
  if (ok) {
    ok = false;
    for (const Tmem::Alloc &a : cta.tmem.allocs)
      ok |= col0 >= a.column && col0 + cols <= a.column + a.columns;
  }
  if (ok)
    return true;
  return c.fail(in, lane,
                what + " touches Tensor Memory lanes " + std::to_string(lane0) +
                    ".." + std::to_string(lane0 + lanes - 1) + ", columns " +
                    std::to_string(col0) + ".." +
                    std::to_string(col0 + cols - 1) + " of CTA rank " +
                    std::to_string(cta.rank) +
                    ", outside its allocations:" + tmemAllocsText(cta),
                kTcIllegalAddress);
}

void tcPipeIssue(Cta &cta, std::function<bool()> run) {
  cta.tensorPipe.push_back(TensorOp{++cta.tensorSeq, std::move(run)});
}

std::shared_ptr<VClock> tcRaceIssue(ExecCtx &c, uint32_t &agent) {
  if (!c.cl.race)
    return nullptr;
  RaceState &r = *c.cl.race;
  agent = agentUnit(c);
  joinInto(r.clocks[agent], raceAsyncIssue(c));
  return std::make_shared<VClock>(r.clocks[agent]);
}

bool tmemExitCheck(ExecCtx &c, const Inst &in, int lane) {
  const Cta &cta = c.cta;
  if (cta.exitedThreads != cta.threads || cta.tmem.allocs.empty())
    return true;
  return c.fail(in, lane,
                "the CTA exits with Tensor Memory still allocated:" +
                    tmemAllocsText(cta) +
                    " (PTX ISA 9.7.16.7.1: all of it must be deallocated "
                    "before the kernel exits)",
                kTcLaunchFailed);
}

namespace {

// --- tcgen05.alloc / dealloc / relinquish_alloc_permit ----------------------

bool execAlloc(ExecCtx &c, const Inst &in, uint32_t mask) {
  const int l0 = __builtin_ctz(mask);
  if (!tcIssue(c, in, l0, true) || !fullWarp(c, in, mask))
    return false;
  return warpCollective(c, in, mask, ~0u, [&](uint32_t arrived) {
    uint64_t dst = 0, cols = 0;
    if (!uniform(c, in, in.ops[0], true, "destination address", dst) ||
        !uniform(c, in, in.ops[1], false, "column count", cols))
      return false;
    cols &= 0xffffffffu;
    if (cols < 32 || cols > 512 || (cols & (cols - 1)))
      return c.fail(in, l0,
                    "tcgen05.alloc of " + std::to_string(cols) +
                        " columns: the count must be a power of 2 in 32..512 "
                        "(PTX ISA 9.7.16.7.1)",
                    kTcIllegalInstruction);
    Tmem &t = c.cta.tmem;
    if (t.relinquished)
      return c.fail(in, l0,
                    "tcgen05.alloc after this CTA executed "
                    "tcgen05.relinquish_alloc_permit (PTX ISA 9.7.16.7.1)",
                    kTcIllegalInstruction);
    int col = tmemFirstFit(c.cta, uint32_t(cols), tcGroup(in));
    if (col < 0) {
      // Blocks until the columns are free (the deadlock detector reports
      // an allocation nothing will free).
      park(c, arrived, Wait::TmemAlloc, cols, tcGroup(in));
      return false;
    }
    uint8_t *p = resolve(c, in, l0, in.space, dst, 4, true);
    if (!p)
      return false;
    uint32_t addr = uint32_t(col); // lane 0, the first column
    std::memcpy(p, &addr, 4);
    t.allocs.push_back({uint32_t(col), uint32_t(cols), in.line});
    // The ISA leaves fresh columns undefined: they hold NaN (0xffffffff),
    // so an MMA that accumulates onto them before any write shows.
    for (uint32_t lane = 0; lane < Tmem::kLanes; ++lane)
      for (uint32_t k = 0; k < cols; ++k)
        *t.cell(lane, uint32_t(col) + k) = 0xffffffffu;
    return true;
  });
}

bool execDealloc(ExecCtx &c, const Inst &in, uint32_t mask) {
  const int l0 = __builtin_ctz(mask);
  if (!tcIssue(c, in, l0, true) || !fullWarp(c, in, mask))
    return false;
  return warpCollective(c, in, mask, ~0u, [&](uint32_t) {
    uint64_t taddr = 0, cols = 0;
    if (!uniform(c, in, in.ops[0], false, "Tensor Memory address", taddr) ||
        !uniform(c, in, in.ops[1], false, "column count", cols))
      return false;
    Tmem &t = c.cta.tmem;
    const uint32_t col = uint32_t(taddr & 0xffff);
    for (size_t i = 0; i < t.allocs.size(); ++i)
      if (t.allocs[i].column == col && t.allocs[i].columns == cols &&
          (taddr >> 16 & 0xffff) == 0) {
        t.allocs.erase(t.allocs.begin() + long(i));
        ++tlsProgress; // may unblock an allocation
        return true;
      }
    return c.fail(
        in, l0,
        "tcgen05.dealloc of " + std::to_string(cols) +
            " columns at Tensor Memory address " + tcHex(taddr) +
            " matches no allocation of this CTA:" + tmemAllocsText(c.cta),
        kTcIllegalInstruction);
  });
}

bool execRelinquish(ExecCtx &c, const Inst &in, uint32_t mask) {
  if (!tcIssue(c, in, __builtin_ctz(mask), true) || !fullWarp(c, in, mask))
    return false;
  return warpCollective(c, in, mask, ~0u, [&](uint32_t) {
    c.cta.tmem.relinquished = true;
    return true;
  });
}

// --- tcgen05.ld / tcgen05.st -------------------------------------------------

/// Registers per thread of one .num repetition, and the repetition's
/// footprint (lanes x 32-bit columns).
struct ShapeInfo {
  const char *name;
  unsigned regs, lanes, cols;
};
const ShapeInfo kShapes[] = {{"32x32b", 1, 32, 1},
                             {"16x64b", 1, 16, 2},
                             {"16x128b", 2, 16, 4},
                             {"16x256b", 4, 16, 8},
                             {"16x32bx2", 1, 16, 1}};

} // namespace

void tmemLdStCell(TmemShape shape, unsigned thread, unsigned reg, bool pack,
                  unsigned splitoff, uint32_t &laneOff, uint32_t &colLo,
                  uint32_t &colHi) {
  const unsigned t = thread, g = t / 4;
  const ShapeInfo &s = kShapes[unsigned(shape)];
  const unsigned rep = reg / s.regs, j = reg % s.regs;
  unsigned col = 0; // in 32-bit registers' columns (logical with .pack)
  switch (shape) {
  case TmemShape::S32x32b:
    laneOff = t;
    col = reg;
    break;
  case TmemShape::S16x64b:
    laneOff = g + 8 * (t % 2);
    col = 2 * rep + (t / 2) % 2;
    break;
  case TmemShape::S16x128b:
    laneOff = g + 8 * (j % 2);
    col = 4 * rep + t % 4;
    break;
  case TmemShape::S16x256b:
    laneOff = g + 8 * ((j / 2) % 2);
    col = 8 * rep + 2 * (t % 4) + j % 2;
    break;
  case TmemShape::S16x32bx2:
    laneOff = t % 16;
    col = reg;
    break;
  }
  colLo = pack ? 2 * col : col;
  colHi = pack ? colLo + 1 : colLo;
  // The second half of 16x32bx2 at the immediate's column offset.
  if (shape == TmemShape::S16x32bx2 && t >= 16) {
    colLo += splitoff;
    colHi += splitoff;
  }
}

namespace {

// Inst::aux of ld/st: [0] TmemShape, [1] .num, [2] registers per thread,
// [3] operand index of the register vector.

bool execLdSt(ExecCtx &c, const Inst &in, uint32_t mask) {
  const int l0 = __builtin_ctz(mask);
  if (!tcIssue(c, in, l0, false) || !fullWarp(c, in, mask))
    return false;
  return warpCollective(c, in, mask, ~0u, [&](uint32_t) {
    const bool store = in.op == TcSt;
    const TmemShape shape = TmemShape(in.aux[0]);
    const ShapeInfo &s = kShapes[unsigned(shape)];
    const unsigned num = unsigned(in.aux[1]), regs = unsigned(in.aux[2]);
    const bool pack = in.flags & FPack;
    uint64_t taddr = 0;
    if (!uniform(c, in, in.ops[store ? 0 : 1], true, "Tensor Memory address",
                 taddr))
      return false;
    const unsigned split =
        shape == TmemShape::S16x32bx2 ? unsigned(in.ops[store ? 1 : 2].imm) : 0;
    const uint32_t lane0 = uint32_t(taddr >> 16),
                   col0 = uint32_t(taddr & 0xffff);
    // The lane quarter of the warp (9.7.16.8.1): warp w % 4 reaches lanes
    // 32 (w % 4) .. + 31.
    const uint32_t q = c.w.id % 4;
    if (lane0 / 32 != q || (lane0 % 32) + s.lanes > 32 || lane0 % s.lanes)
      return c.fail(in, l0,
                    tcOpName(in) + " at lane " + std::to_string(lane0) +
                        " from warp " + std::to_string(c.w.id) + ": warp " +
                        std::to_string(c.w.id) + " (" + std::to_string(q) +
                        " in its warpgroup) may access "
                        "only lanes " +
                        std::to_string(32 * q) + ".." +
                        std::to_string(32 * q + 31) + ", and a " + s.name +
                        " access starts at a multiple of " +
                        std::to_string(s.lanes) + " (PTX ISA 9.7.16.8.1)",
                    kTcIllegalAddress);
    const uint32_t span = num * s.cols * (pack ? 2 : 1) + split;
    if (!tmemCheck(c, in, l0, c.cta, lane0, s.lanes, col0, span, tcOpName(in)))
      return false;
    const uint32_t *vr = vecRegs(in, in.ops[in.aux[3]]);
    for (unsigned t = 0; t < 32; ++t)
      for (unsigned j = 0; j < regs; ++j) {
        uint32_t lo = 0, ca = 0, cb = 0;
        tmemLdStCell(shape, t, j, pack, split, lo, ca, cb);
        const uint64_t r = c.reg(vr[j], int(t));
        if (c.cl.race) {
          const uint32_t u = warpUnit(c);
          const VClock &vc = c.cl.race->clocks[u];
          if (!raceTmem(c, in, c.cta, lane0 + lo, col0 + ca, 1, store, u, vc) ||
              (cb != ca &&
               !raceTmem(c, in, c.cta, lane0 + lo, col0 + cb, 1, store, u, vc)))
            return false;
        }
        // Loads deliver now: a true register dependency on a tcgen05.ld is
        // respected without tcgen05.wait::ld (9.7.16.6.4.5). Stores read
        // their registers now and write Tensor Memory at tcgen05.wait::st.
        const uint32_t tl = lane0 + lo;
        if (store) {
          if (!pack) {
            c.w.tmemStores.push_back({tl, col0 + ca, uint32_t(r)});
          } else {
            c.w.tmemStores.push_back({tl, col0 + ca, uint32_t(r) & 0xffffu});
            c.w.tmemStores.push_back({tl, col0 + cb, uint32_t(r) >> 16});
          }
          continue;
        }
        uint32_t v = *c.cta.tmem.cell(tl, col0 + ca);
        if (pack)
          v = (v & 0xffffu) | (*c.cta.tmem.cell(tl, col0 + cb) & 0xffffu) << 16;
        c.reg(vr[j], int(t)) = v;
      }
    (void)num;
    return true;
  });
}

bool execNop(ExecCtx &c, const Inst &in, uint32_t mask) {
  return tcIssue(c, in, __builtin_ctz(mask), false);
}

/// tcgen05.wait::st (9.7.16.8.5): the warp's stores land in Tensor Memory;
/// until then a reader (tcgen05.ld, tcgen05.mma) sees the old cells, which
/// is how a missing wait shows. tcgen05.wait::ld has nothing to do: loads
/// deliver at issue.
bool execWait(ExecCtx &c, const Inst &in, uint32_t mask) {
  if (!tcIssue(c, in, __builtin_ctz(mask), false) || !fullWarp(c, in, mask))
    return false;
  return warpCollective(c, in, mask, ~0u, [&](uint32_t) {
    if (in.flags & FWaitSt) {
      for (const Warp::TmemStore &s : c.w.tmemStores)
        *c.cta.tmem.cell(s.tmemLane, s.column) = s.value;
      c.w.tmemStores.clear();
    }
    return true;
  });
}

// --- tcgen05.commit ----------------------------------------------------------

/// Runs the CTA's tensor pipe up to and including operation `seq`.
void drainPipe(Cta &cta, uint64_t seq) {
  while (!cta.tensorPipe.empty() && cta.tensorPipe.front().seq <= seq) {
    TensorOp op = std::move(cta.tensorPipe.front());
    cta.tensorPipe.pop_front();
    if (!op.run())
      return;
  }
}

bool execCommit(ExecCtx &c, const Inst &in, uint32_t mask) {
  for (uint32_t m = mask; m; m &= m - 1) {
    const int l = __builtin_ctz(m);
    if (!tcIssue(c, in, l, true))
      return false;
    const uint64_t mbar = memAddr(c, in.ops[0], l);
    std::vector<uint64_t> targets;
    if (in.flags & FMulticast) {
      uint32_t ctaMask = uint32_t(readOp(c, in.ops[1], l) & 0xffff);
      if (ctaMask >> c.cl.ctas.size())
        return c.fail(in, l,
                      "ctaMask " + tcHex(ctaMask) + " names CTAs beyond the " +
                          std::to_string(c.cl.ctas.size()) + " of the cluster",
                      kTcIllegalAddress);
      for (uint32_t r = 0; r < 16; ++r)
        if (ctaMask >> r & 1)
          targets.push_back((uint64_t(r) << kRankShift) | (mbar & kOffsetMask));
    } else {
      targets.push_back(mbar);
    }
    for (uint64_t t : targets)
      if (!mbarrierAt(c, in, l, t))
        return false;
    // The arrival releases what the issuer did and what its earlier
    // operations (run by its async agent) read.
    uint32_t agent = 0;
    std::shared_ptr<VClock> vc = tcRaceIssue(c, agent);
    TcIssuer is = TcIssuer::of(c, in, l);
    tcPipeIssue(c.cta, [is, targets, vc]() {
      ExecCtx x = is.ctx();
      for (uint64_t t : targets) {
        Mbarrier *mb = mbarrierAt(x, *is.in, is.lane, t);
        if (!mb)
          return false;
        if (mb->pending == 0)
          return x.fail(*is.in, is.lane,
                        "tcgen05.commit arrives on the mbarrier at shared " +
                            tcHex(t) + " in phase " +
                            std::to_string(mb->phase) +
                            " with no arrival pending (init count " +
                            std::to_string(mb->expected) + ")",
                        kTcLaunchFailed);
        --mb->pending;
        if (vc)
          joinInto(mb->sync.acc, *vc);
        mbarrierMaybeComplete(*mb);
      }
      return true;
    });
    AsyncOp op;
    op.what = "tcgen05.commit of the tensor pipe (mma/cp) to the mbarrier at "
              "shared " +
              tcHex(mbar);
    op.line = in.line;
    op.complete = [cta = &c.cta, seq = c.cta.tensorSeq]() {
      drainPipe(*cta, seq);
    };
    enqueueAsync(c, std::move(op));
  }
  return true;
}

// --- Decoding ----------------------------------------------------------------

Status decodeError(const std::string &what) {
  return Error(ErrorCode::Parse, what);
}

} // namespace

Status tcTakeGroup(Mods &m, Inst &in, const char *name) {
  int g = m.takeOneOf({"cta_group::1", "cta_group::2"});
  if (g < 0)
    return decodeError(std::string("tcgen05.") + name +
                       " needs .cta_group::1 or .cta_group::2");
  if (g == 1)
    in.flags |= kTcGroup2;
  return okStatus();
}

namespace {

Status takeSyncAligned(Mods &m, const char *name) {
  if (!m.take("sync") || !m.take("aligned"))
    return decodeError(std::string("tcgen05.") + name + " needs .sync.aligned");
  return okStatus();
}

Status decodeLdSt(Mods &m, Inst &in, bool store) {
  CUTE_TRY(takeSyncAligned(m, store ? "st" : "ld"));
  int shape =
      m.takeOneOf({"32x32b", "16x64b", "16x128b", "16x256b", "16x32bx2"});
  if (shape < 0)
    return decodeError("tcgen05.ld/st needs a shape (.32x32b, .16x64b, "
                       ".16x128b, .16x256b, .16x32bx2)");
  std::string x = m.takePrefixed("x");
  unsigned num = x.empty() ? 0 : unsigned(std::stoul(x));
  if (num == 0 || num > 128 || (num & (num - 1)))
    return decodeError("tcgen05.ld/st needs .num = .x1 .. .x128");
  const ShapeInfo &s = kShapes[shape];
  if (num * s.regs > 128)
    return decodeError(std::string("tcgen05 .") + s.name + ".x" + x +
                       " exceeds 128 registers per thread");
  if (m.take(store ? "unpack::16b" : "pack::16b"))
    in.flags |= FPack;
  if (!m.take("b32"))
    return decodeError("tcgen05.ld/st needs .b32");
  in.aux[0] = shape;
  in.aux[1] = num;
  in.aux[2] = num * s.regs;
  const bool split = shape == int(TmemShape::S16x32bx2);
  CUTE_TRY(expectOperands(in, split ? 3 : 2));
  const size_t vi = store ? in.ops.size() - 1 : 0;
  in.aux[3] = int64_t(vi);
  CUTE_TRY(expectKind(in, vi, Operand::Vec));
  CUTE_TRY(expectKind(in, store ? 0 : 1, Operand::Mem));
  if (split)
    CUTE_TRY(expectKind(in, store ? 1 : 2, Operand::Imm));
  if (in.ops[vi].count != num * s.regs)
    return decodeError("tcgen05 ." + std::string(s.name) + ".x" + x +
                       " needs " + std::to_string(num * s.regs) +
                       " registers, found " + std::to_string(in.ops[vi].count));
  for (unsigned i = 0; i < in.ops[vi].count; ++i)
    if (vecRegs(in, in.ops[vi])[i] == Operand::kNoReg)
      return decodeError("tcgen05.ld/st registers cannot be '_'");
  in.op = store ? TcSt : TcLd;
  in.exec = execLdSt;
  return okStatus();
}

Status decodeTcgen05(Mods &m, Inst &in) {
  int sub =
      m.takeOneOf({"alloc", "dealloc", "relinquish_alloc_permit", "ld", "st",
                   "wait::ld", "wait::st", "fence::before_thread_sync",
                   "fence::after_thread_sync", "commit", "cp", "mma", "shift"});
  switch (sub) {
  case 0: // alloc
    CUTE_TRY(tcTakeGroup(m, in, "alloc"));
    CUTE_TRY(takeSyncAligned(m, "alloc"));
    m.takeSpace(in.space);
    if (in.space != Space::Generic && in.space != Space::Shared)
      return decodeError("tcgen05.alloc writes to .shared::cta");
    if (!m.take("b32"))
      return decodeError("tcgen05.alloc needs .b32");
    CUTE_TRY(expectOperands(in, 2));
    CUTE_TRY(expectKind(in, 0, Operand::Mem));
    in.op = TcAlloc;
    in.exec = execAlloc;
    return okStatus();
  case 1: // dealloc
    CUTE_TRY(tcTakeGroup(m, in, "dealloc"));
    CUTE_TRY(takeSyncAligned(m, "dealloc"));
    if (!m.take("b32"))
      return decodeError("tcgen05.dealloc needs .b32");
    CUTE_TRY(expectOperands(in, 2));
    in.op = TcDealloc;
    in.exec = execDealloc;
    return okStatus();
  case 2:
    CUTE_TRY(tcTakeGroup(m, in, "relinquish_alloc_permit"));
    CUTE_TRY(takeSyncAligned(m, "relinquish_alloc_permit"));
    CUTE_TRY(expectOperands(in, 0));
    in.op = TcRelinquish;
    in.exec = execRelinquish;
    return okStatus();
  case 3:
  case 4:
    return decodeLdSt(m, in, sub == 4);
  case 5:
  case 6:
    CUTE_TRY(takeSyncAligned(m, "wait"));
    CUTE_TRY(expectOperands(in, 0));
    in.op = TcWait;
    if (sub == 6)
      in.flags |= FWaitSt;
    in.exec = execWait;
    return okStatus();
  case 7:
  case 8:
    // The pipe runs in issue order and completes only at commits, which
    // the scheduler orders; the fences' ordering is then implied.
    CUTE_TRY(expectOperands(in, 0));
    in.op = TcFence;
    in.exec = execNop;
    return okStatus();
  case 9: { // commit
    CUTE_TRY(tcTakeGroup(m, in, "commit"));
    if (!m.take("mbarrier::arrive::one"))
      return decodeError("tcgen05.commit needs .mbarrier::arrive::one");
    Space sp = Space::Generic;
    m.takeSpace(sp);
    in.space = sp;
    if (m.take("multicast::cluster"))
      in.flags |= FMulticast;
    if (!m.take("b64"))
      return decodeError("tcgen05.commit needs .b64");
    CUTE_TRY(expectOperands(in, (in.flags & FMulticast) ? 2 : 1));
    CUTE_TRY(expectKind(in, 0, Operand::Mem));
    in.op = TcCommit;
    in.exec = execCommit;
    return okStatus();
  }
  case 10:
    return decodeTcCp(m, in);
  case 11:
    return decodeUmma(m, in);
  case 12:
    return decodeTcShift(m, in);
  default:
    return decodeError("cute-emu implements tcgen05.alloc, dealloc, "
                       "relinquish_alloc_permit, ld, st, wait, fence, commit, "
                       "cp, shift and mma");
  }
}

} // namespace

const std::vector<DecoderEntry> &tcgen05Decoders() {
  static const std::vector<DecoderEntry> kDecoders = {
      {"tcgen05", decodeTcgen05},
  };
  return kDecoders;
}

} // namespace cute::emu
