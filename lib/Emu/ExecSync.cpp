//===- ExecSync.cpp - Barriers, mbarriers, cluster barriers, fences -------===//
//
// PTX ISA "Parallel Synchronization and Communication Instructions":
// bar/barrier (named barriers 0-15 with thread counts), barrier.cluster,
// mbarrier (init, arrive, arrive.expect_tx, expect_tx, complete_tx,
// try_wait/test_wait with phase parity or state token, inval,
// arrive_drop; remote arrive through shared::cluster), membar/fence
// (including fence.proxy.async and fence.mbarrier_init), setmaxnreg, mapa
// and getctarank. The emulator is sequentially consistent inside a cluster,
// so the memory-ordering qualifiers (.release, .acquire, scopes) are
// accepted and need no action.
//
//===----------------------------------------------------------------------===//
#include "Decode.h"
#include "Exec.h"

#include <sstream>

namespace cute::emu {

uint32_t barrierResult(const Barrier &b, uint32_t kind) {
  return kind == 1 ? b.resPopc : kind == 2 ? b.resAnd : b.resOr;
}

namespace {

std::string hex(uint64_t v) {
  std::ostringstream os;
  os << "0x" << std::hex << v;
  return os.str();
}

constexpr int kLaunchFailed = 719;

/// Takes the qualifiers that change nothing in a sequentially consistent
/// emulator (PTX ISA "Memory Consistency Model").
void takeOrdering(Mods &m) {
  m.takeOneOf({"release", "acquire", "relaxed", "acq_rel", "sc"});
  m.takeOneOf({"cta", "cluster", "gpu", "sys"});
}

// --- bar / barrier
// ------------------------------------------------------------

void barrierCheck(Cta &cta, uint32_t id) {
  Barrier &b = cta.bars[id];
  if (b.arrived == 0)
    return;
  uint32_t need =
      cta.barrierCounted[id] ? b.expected : cta.threads - cta.exitedThreads;
  if (b.arrived >= need) {
    b.arrived = 0;
    ++b.generation;
    b.resPopc = b.redPopc;
    b.resAnd = b.redAnd;
    b.resOr = b.redOr;
    b.redPopc = 0;
    b.redAnd = 1;
    b.redOr = 0;
    b.sync.complete();
    ++tlsProgress;
  }
}

/// bar.sync / barrier.sync a{, b}; bar.arrive a, b (op 1); bar.red.popc.u32
/// / .and.pred / .or.pred d, a{, b}, {!}c (op 2 + kind - 1): the barrier,
/// and d = the reduction of c over the participating threads.
bool execBar(ExecCtx &c, const Inst &in, uint32_t mask) {
  const bool arriveOnly = in.op == 1;
  const uint32_t redKind = in.op >= 2 ? in.op - 1u : 0u;
  const size_t base = redKind ? 1 : 0;
  const size_t nargs = in.ops.size() - base - (redKind ? 1 : 0);
  int l0 = __builtin_ctz(mask);
  uint64_t id = readOp(c, in.ops[base], l0);
  if (id >= 16)
    return c.fail(in, l0,
                  "barrier id " + std::to_string(id) +
                      " (PTX has barriers 0..15)",
                  kLaunchFailed);
  Cta &cta = c.cta;
  Barrier &b = cta.bars[id];
  if (nargs > 1) {
    uint64_t count = readOp(c, in.ops[base + 1], l0);
    if (count % 32 != 0 || count == 0 || count > cta.threads + 31)
      return c.fail(in, l0,
                    "barrier thread count " + std::to_string(count) +
                        " must be a non-zero multiple of 32 within the CTA's " +
                        std::to_string(cta.threads) + " threads",
                    kLaunchFailed);
    if (b.arrived && cta.barrierCounted[id] && b.expected != count)
      return c.fail(
          in, l0,
          "barrier " + std::to_string(id) + " used with thread count " +
              std::to_string(count) + " while " + std::to_string(b.arrived) +
              " threads wait with count " + std::to_string(b.expected),
          kLaunchFailed);
    b.expected = uint32_t(count);
    cta.barrierCounted[id] = true;
  } else if (!b.arrived) {
    cta.barrierCounted[id] = false;
  }
  b.arrived += uint32_t(__builtin_popcount(mask));
  b.lastLine = in.line;
  if (redKind) {
    for (uint32_t m = mask; m; m &= m - 1) {
      uint32_t p = uint32_t(readOp(c, in.ops.back(), __builtin_ctz(m)) & 1);
      b.redPopc += p;
      b.redAnd &= p;
      b.redOr |= p;
    }
  }
  if (c.cl.race)
    raceRelease(c, b.sync);
  uint64_t gen = b.generation;
  barrierCheck(cta, uint32_t(id));
  if (b.generation != gen && !arriveOnly && c.cl.race)
    raceAcquire(*c.cl.race, warpUnit(c), b.sync);
  if (redKind && b.generation != gen)
    for (uint32_t m = mask; m; m &= m - 1)
      writeReg(c, in.ops[0], __builtin_ctz(m), barrierResult(b, redKind));
  if (arriveOnly || b.generation != gen)
    return true;
  // bar.red: the woken lanes receive the result (Scheduler.cpp wake).
  park(c, mask, Wait::Barrier, id, gen,
       redKind ? in.ops[0].reg | redKind << 28 : 0);
  return false;
}

Status decodeBar(Mods &m, Inst &in) {
  if (m.take("warp"))
    return decodeBarWarpSync(m, in);
  m.take("cta");
  m.take("aligned");
  int k = m.takeOneOf({"sync", "arrive", "red"});
  if (k == 2) {
    int r = m.takeOneOf({"popc", "and", "or"});
    if (r < 0)
      return Error(ErrorCode::Parse, "bar.red needs .popc, .and or .or");
    m.take("aligned");
    if (!m.take(r == 0 ? "u32" : "pred"))
      return Error(ErrorCode::Parse, r == 0 ? "bar.red.popc needs .u32"
                                            : "bar.red.and/.or need .pred");
    if (in.ops.size() != 3 && in.ops.size() != 4)
      return Error(ErrorCode::Parse,
                   "bar.red takes d, a barrier id, an optional count and a "
                   "predicate");
    in.op = uint16_t(2 + r);
    in.exec = execBar;
    return okStatus();
  }
  if (k < 0)
    k = 0; // `bar 0` is bar.sync
  in.op = uint16_t(k);
  in.exec = execBar;
  if (in.ops.empty() || in.ops.size() > 2)
    return Error(ErrorCode::Parse, "bar takes a barrier id and a count");
  if (k == 1 && in.ops.size() != 2)
    return Error(ErrorCode::Parse, "bar.arrive needs a thread count");
  return okStatus();
}

// --- barrier.cluster
// ------------------------------------------------------------

void clusterCheck(Cluster &cl, const Launch &L) {
  uint32_t live = 0;
  for (auto &cta : cl.ctas)
    live += cta->threads - cta->exitedThreads;
  if (cl.clusterArrived && cl.clusterArrived >= live) {
    cl.clusterArrived = 0;
    ++cl.clusterGeneration;
    cl.clusterSync.complete();
    ++tlsProgress;
  }
  (void)L;
}

bool execClusterBarrier(ExecCtx &c, const Inst &in, uint32_t mask) {
  if (in.op == 0) { // arrive
    forLanes(mask, [&](int l) {
      c.w.clusterArriveGen[l] = c.cl.clusterGeneration;
      c.w.clusterArrived[l] = true;
    });
    c.cl.clusterArrived += uint32_t(__builtin_popcount(mask));
    if (c.cl.race)
      raceRelease(c, c.cl.clusterSync);
    clusterCheck(c.cl, c.L);
    return true;
  }
  uint32_t waiting = 0;
  bool bad = false;
  forLanes(mask, [&](int l) {
    if (!c.w.clusterArrived[l]) {
      bad = true;
      return;
    }
    c.w.clusterArrived[l] = false;
    if (c.cl.clusterGeneration == c.w.clusterArriveGen[l])
      waiting |= 1u << l;
  });
  if (bad)
    return c.fail(in, __builtin_ctz(mask),
                  "barrier.cluster.wait without a preceding "
                  "barrier.cluster.arrive",
                  kLaunchFailed);
  if (!waiting) {
    if (c.cl.race)
      raceAcquire(*c.cl.race, warpUnit(c), c.cl.clusterSync);
    return true;
  }
  park(c, waiting, Wait::Cluster, c.w.clusterArriveGen[__builtin_ctz(waiting)]);
  return false;
}

Status decodeClusterBarrier(Mods &m, Inst &in) {
  if (m.base() != "barrier" || !m.take("cluster"))
    return Error(ErrorCode::Parse, "not barrier.cluster");
  int k = m.takeOneOf({"arrive", "wait"});
  if (k < 0)
    return Error(ErrorCode::Parse, "barrier.cluster needs .arrive or .wait");
  m.takeOneOf({"release", "relaxed", "acquire"});
  m.take("aligned");
  in.op = uint16_t(k);
  in.exec = execClusterBarrier;
  return expectOperands(in, 0);
}

// --- mbarrier ----------------------------------------------------------------

enum MbarOp : uint16_t {
  MInit,
  MArrive,
  MArriveExpectTx,
  MExpectTx,
  MCompleteTx,
  MTryWait,
  MTestWait,
  MInval,
  MArriveDrop,
  MPendingCount
};
enum MbarFlags : uint32_t { MParity = 1, MRemote = 2, MNoComplete = 4 };

} // namespace

Mbarrier *mbarrierAt(ExecCtx &c, const Inst &in, int lane, uint64_t addr,
                     Cta **owner) {
  Cta *cta = nullptr;
  if (!sharedAt(c, in, lane, addr, 8, &cta))
    return nullptr;
  if (addr % 8)
    return c.fail(in, lane,
                  "mbarrier address " + hex(addr) + " is not 8-byte aligned",
                  716),
           nullptr;
  auto it = cta->mbars.find(uint32_t(addr & kOffsetMask));
  if (it == cta->mbars.end()) {
    c.fail(in, lane,
           "mbarrier at shared " + hex(addr) + " (CTA rank " +
               std::to_string(cta->rank) + ") is not initialised",
           kLaunchFailed);
    return nullptr;
  }
  if (owner)
    *owner = cta;
  return &it->second;
}

void mbarrierMaybeComplete(Mbarrier &mb) {
  // PTX ISA "Phase Completion of the mbarrier object": pending arrivals
  // and the tx-count both reach zero; the next phase starts with the
  // expected count.
  if (mb.pending == 0 && mb.tx == 0) {
    ++mb.phase;
    mb.pending = mb.expected;
    mb.sync.complete();
    ++tlsProgress;
  }
}

namespace {

bool execMbar(ExecCtx &c, const Inst &in, uint32_t mask) {
  const auto &o = in.ops;
  bool ok = true;
  uint32_t parkMask = 0;
  uint64_t parkAddr = 0, parkTok = 0;
  uint32_t parkDst = 0;
  forLanes(mask, [&](int l) {
    if (!ok)
      return;
    // Operand positions: [state|p,] [addr], value...
    size_t ai = 0;
    while (ai < o.size() && o[ai].kind != Operand::Mem)
      ++ai;
    uint64_t addr = memAddr(c, o[ai], l);
    if (in.space == Space::Generic)
      addr &= kWindowMask; // generic: strip the shared window
    if (in.op == MInit) {
      Cta *cta = nullptr;
      if (!sharedAt(c, in, l, addr, 8, &cta)) {
        ok = false;
        return;
      }
      uint64_t count = readOp(c, o[ai + 1], l);
      if (count == 0 || count >= (1u << 20)) {
        ok = c.fail(in, l,
                    "mbarrier.init count " + std::to_string(count) +
                        " (the ISA allows 1 .. 2^20-1)",
                    kLaunchFailed);
        return;
      }
      Mbarrier mb;
      mb.expected = mb.pending = uint32_t(count);
      mb.initLine = in.line;
      cta->mbars[uint32_t(addr & kOffsetMask)] = mb;
      return;
    }
    Cta *owner = nullptr;
    Mbarrier *mb = mbarrierAt(c, in, l, addr, &owner);
    if (!mb) {
      ok = false;
      return;
    }
    switch (MbarOp(in.op)) {
    case MArrive:
    case MArriveExpectTx:
    case MArriveDrop: {
      uint64_t count = 1;
      size_t vi = ai + 1;
      if (in.op == MArriveExpectTx) {
        int64_t tx = int64_t(readOp(c, o[vi], l) & 0xffffffffu);
        mb->tx += tx;
        ++vi;
      }
      if (vi < o.size())
        count = readOp(c, o[vi], l) & 0xffffffffu;
      if (count > mb->pending) {
        ok = c.fail(in, l,
                    "mbarrier at shared " + hex(addr) + " receives " +
                        std::to_string(count) + " arrival(s) in phase " +
                        std::to_string(mb->phase) + " with only " +
                        std::to_string(mb->pending) + " pending (init count " +
                        std::to_string(mb->expected) + ")",
                    kLaunchFailed);
        return;
      }
      uint64_t state = mb->phase;
      mb->pending -= uint32_t(count);
      if (c.cl.race)
        raceRelease(c, mb->sync);
      if (in.op == MArriveDrop) {
        --mb->expected;
      }
      mbarrierMaybeComplete(*mb);
      if (ai > 0)
        writeReg(c, o[0], l, state);
      break;
    }
    case MExpectTx:
      mb->tx += int64_t(readOp(c, o[ai + 1], l) & 0xffffffffu);
      break;
    case MCompleteTx:
      mb->tx -= int64_t(readOp(c, o[ai + 1], l) & 0xffffffffu);
      mbarrierMaybeComplete(*mb);
      break;
    case MTryWait:
    case MTestWait: {
      uint64_t v = readOp(c, o[ai + 1], l);
      bool done =
          (in.flags & MParity) ? (mb->phase & 1) != (v & 1) : mb->phase > v;
      if (done || in.op == MTestWait) {
        writeReg(c, o[0], l, done);
        if (done && c.cl.race)
          raceAcquire(*c.cl.race, warpUnit(c), mb->sync);
      } else {
        parkMask |= 1u << l;
        parkAddr = addr;
        parkTok = (in.flags & MParity) ? ((1ull << 63) | (v & 1)) : v;
        parkDst = o[0].reg;
      }
      break;
    }
    case MInval:
      owner->mbars.erase(uint32_t(addr & kOffsetMask));
      break;
    case MPendingCount:
      writeReg(c, o[0], l, mb->pending);
      break;
    default:
      break;
    }
  });
  if (!ok)
    return false;
  if (parkMask) {
    // All parked lanes of one instruction wait on the same barrier in the
    // kernels we emit; lanes with other addresses are parked one by one.
    forLanes(parkMask, [&](int l) {
      size_t ai = 0;
      while (o[ai].kind != Operand::Mem)
        ++ai;
      uint64_t a = memAddr(c, o[ai], l);
      if (in.space == Space::Generic)
        a &= kWindowMask;
      uint64_t v = readOp(c, o[ai + 1], l);
      uint64_t tok = (in.flags & MParity) ? ((1ull << 63) | (v & 1)) : v;
      park(c, 1u << l, Wait::Mbar, a, tok, parkDst);
    });
    (void)parkAddr;
    (void)parkTok;
    return false;
  }
  return true;
}

Status decodeMbar(Mods &m, Inst &in) {
  static const char *kOps[] = {
      "init",        "arrive",       "arrive_expect_tx", "expect_tx",
      "complete_tx", "try_wait",     "test_wait",        "inval",
      "arrive_drop", "pending_count"};
  int op = -1;
  if (m.take("arrive")) {
    op = m.take("expect_tx") ? MArriveExpectTx : MArrive;
  } else if (m.take("arrive_drop")) {
    op = MArriveDrop;
    m.take("expect_tx");
  } else {
    for (int i : {0, 3, 4, 5, 6, 7, 9})
      if (m.take(kOps[i]))
        op = i;
  }
  if (op < 0)
    return Error(ErrorCode::Parse, "unknown mbarrier operation");
  in.op = uint16_t(op);
  if (m.take("parity"))
    in.flags |= MParity;
  m.take("noComplete");
  takeOrdering(m);
  if (!m.takeSpace(in.space))
    in.space = Space::Generic;
  if (in.space == Space::SharedCluster)
    in.flags |= MRemote;
  Ty t = m.takeType();
  if (t != Ty::B64)
    return Error(ErrorCode::Parse, "mbarrier operations take .b64");
  bool hasMem = false;
  for (const Operand &o : in.ops)
    hasMem |= o.kind == Operand::Mem;
  if (!hasMem)
    return Error(ErrorCode::Parse, "mbarrier needs an [address] operand");
  in.exec = execMbar;
  return okStatus();
}

// --- fences, setmaxnreg, mapa
// ----------------------------------------------------

bool execFence(ExecCtx &c, const Inst &in, uint32_t mask) {
  (void)mask;
  (void)in;
  if (in.op == 1 && c.cl.race) // fence.proxy.async (PTX ISA "Proxies")
    raceProxyFence(c);
  return true;
}

Status decodeFence(Mods &m, Inst &in) {
  in.exec = execFence;
  if (m.take("proxy")) {
    if (m.take("async")) {
      in.op = 1;
      Space s;
      m.takeSpace(s);
      m.take("global");
      return okStatus();
    }
    if (m.take("tensormap::generic")) {
      takeOrdering(m);
      return okStatus();
    }
    int k = m.takeOneOf({"alias", "generic"});
    if (k < 0)
      return Error(ErrorCode::Parse, "unsupported fence.proxy kind");
    return okStatus();
  }
  if (m.take("mbarrier_init")) {
    takeOrdering(m);
    return okStatus();
  }
  m.take("sc");
  m.take("acq_rel");
  m.take("release");
  m.take("acquire");
  m.takeOneOf({"cta", "cluster", "gpu", "sys"});
  return expectOperands(in, 0);
}

bool execSetmaxnreg(ExecCtx &c, const Inst &in, uint32_t mask) {
  int l0 = __builtin_ctz(mask);
  uint64_t n = readOp(c, in.ops[0], l0);
  Warp &w = c.w;
  if (mask != (w.exist & ~w.exited))
    return c.fail(in, l0, "setmaxnreg executed by a diverged warp (.aligned)",
                  kLaunchFailed);
  // Warpgroup-uniform (PTX ISA "setmaxnreg": all warps of the warpgroup
  // execute the same setmaxnreg).
  size_t k = w.maxnregHistory.size();
  uint32_t g0 = w.id / 4 * 4;
  for (uint32_t i = g0; i < g0 + 4 && i < c.cta.warps.size(); ++i) {
    const Warp &o = c.cta.warps[i];
    if (&o != &w && o.maxnregHistory.size() > k && o.maxnregHistory[k] != n)
      return c.fail(in, l0,
                    "setmaxnreg." + std::string(in.op ? "inc" : "dec") + " " +
                        std::to_string(n) + " in warp " + std::to_string(w.id) +
                        " differs from warp " + std::to_string(i) +
                        "'s value " + std::to_string(o.maxnregHistory[k]) +
                        " in the same warpgroup",
                    kLaunchFailed);
  }
  bool inc = in.op == 1;
  if ((inc && n < w.maxnreg) || (!inc && n > w.maxnreg))
    return c.fail(in, l0,
                  std::string("setmaxnreg.") + (inc ? "inc" : "dec") + " " +
                      std::to_string(n) + " while the warp holds " +
                      std::to_string(w.maxnreg) + " registers per thread",
                  kLaunchFailed);
  uint32_t newTotal = c.cta.regsInUse - w.maxnreg * 32 + uint32_t(n) * 32;
  if (inc && newTotal > 65536) {
    // The pool has not been released yet (another warpgroup's .dec):
    // wait as the hardware does.
    park(c, mask, Wait::Registers, n);
    return false;
  }
  c.cta.regsInUse = newTotal;
  w.maxnreg = uint32_t(n);
  w.maxnregHistory.push_back(uint32_t(n));
  return true;
}

Status decodeSetmaxnreg(Mods &m, Inst &in) {
  int k = m.takeOneOf({"dec", "inc"});
  if (k < 0)
    return Error(ErrorCode::Parse, "setmaxnreg needs .inc or .dec");
  m.take("sync");
  m.take("aligned");
  if (m.takeType() != Ty::U32)
    return Error(ErrorCode::Parse, "setmaxnreg takes .u32");
  in.op = uint16_t(k);
  CUTE_TRY(expectOperands(in, 1));
  if (in.ops[0].kind != Operand::Imm)
    return Error(ErrorCode::Parse, "setmaxnreg's count must be an immediate");
  int64_t n = in.ops[0].imm;
  if (n < 24 || n > 256 || n % 8)
    return Error(ErrorCode::Parse,
                 "setmaxnreg count " + std::to_string(n) +
                     " (the ISA requires 24..256, a multiple of 8)");
  in.exec = execSetmaxnreg;
  return okStatus();
}

/// mapa[.shared::cluster].u32/u64 d, a, rank: the same shared offset in CTA
/// `rank` of the cluster (PTX ISA "mapa").
bool execMapa(ExecCtx &c, const Inst &in, uint32_t mask) {
  bool ok = true;
  forLanes(mask, [&](int l) {
    if (!ok)
      return;
    uint64_t a = readOp(c, in.ops[1], l);
    uint64_t rank = readOp(c, in.ops[2], l) & 0xffffffffu;
    if (rank >= c.L.clusterSize) {
      ok = c.fail(in, l,
                  "mapa to CTA rank " + std::to_string(rank) +
                      " in a cluster of " + std::to_string(c.L.clusterSize),
                  kLaunchFailed);
      return;
    }
    bool generic = in.space == Space::Generic;
    uint64_t off = (generic ? a & kWindowMask : a) & kOffsetMask;
    uint64_t r = (rank << kRankShift) | off;
    if (generic)
      r += kSharedWindow;
    writeReg(c, in.ops[0], l, r & maskBits(tyBits(in.type)));
  });
  return ok;
}

bool execGetctarank(ExecCtx &c, const Inst &in, uint32_t mask) {
  forLanes(mask, [&](int l) {
    uint64_t a = readOp(c, in.ops[1], l);
    if (in.space == Space::Generic)
      a &= kWindowMask;
    writeReg(c, in.ops[0], l, (a >> kRankShift) & 0xff);
  });
  return true;
}

} // namespace

void noteExitBarriers(Cta &cta) {
  for (uint32_t i = 0; i < 16; ++i)
    if (!cta.barrierCounted[i])
      barrierCheck(cta, i);
  clusterCheck(*cta.cluster, *cta.launch);
}

const std::vector<DecoderEntry> &syncDecoders() {
  static const std::vector<DecoderEntry> kDecoders = {
      {"bar", decodeBar},
      {"barrier",
       [](Mods &m, Inst &in) -> Status {
         for (const std::string &p : m.rest())
           if (p == "cluster")
             return decodeClusterBarrier(m, in);
         return decodeBar(m, in);
       }},
      {"mbarrier", decodeMbar},
      {"fence", decodeFence},
      {"membar",
       [](Mods &m, Inst &in) -> Status {
         m.takeOneOf({"cta", "gl", "sys", "proxy"});
         in.exec = execFence;
         return okStatus();
       }},
      {"setmaxnreg", decodeSetmaxnreg},
      {"mapa",
       [](Mods &m, Inst &in) -> Status {
         if (!m.takeSpace(in.space))
           in.space = Space::Generic;
         in.type = m.takeType();
         in.exec = execMapa;
         return expectOperands(in, 3);
       }},
      {"getctarank",
       [](Mods &m, Inst &in) -> Status {
         if (!m.takeSpace(in.space))
           in.space = Space::Generic;
         in.type = m.takeType();
         in.exec = execGetctarank;
         return expectOperands(in, 2);
       }},
  };
  return kDecoders;
}

} // namespace cute::emu
