//===- ExecCpAsync.cpp - sm_80 per-thread asynchronous copies -------------===//
//
// PTX ISA "Data Movement and Conversion Instructions: Asynchronous copy"
// ("Completion Mechanisms for Asynchronous Copy Operations: Async-group
// mechanism" and "mbarrier-based mechanism"), "cp.async",
// "cp.async.commit_group", "cp.async.wait_group / cp.async.wait_all",
// "cp.async.mbarrier.arrive"; "Addresses as Operands" (alignment).
//
// A cp.async checks its addresses when it issues (both aligned to cp-size,
// the destination in the executing CTA's shared memory, the src-size bytes
// it reads inside an allocation) and queues one AsyncOp per instruction
// for the lanes that executed it. The data moves when the scheduler
// completes the op: it reads src-size bytes of global memory then, writes
// them and cp-size - src-size zeros to shared memory, and retires each
// lane's copy from the cp.async-group it belongs to. So a thread that reads
// the destination before its wait_group may see the old bytes, as on the
// hardware.
//
// Each thread (Warp::cpAsync) has an open group and a queue of committed
// ones; commit_group closes the open group (an empty group is allowed and
// trivially complete); wait_group N parks the thread (Wait::CpAsyncGroup)
// until every group but the newest N is complete. These groups are separate
// from the bulk async-groups of cp.async.bulk (ExecAsync.cpp).
//
// cp.async.mbarrier.arrive{.noinc} checks at issue, per lane, that its
// address (generic or .shared{::cta}) is an initialised mbarrier in the
// executing CTA's shared memory; without .noinc it then raises the
// pending count of the barrier's current phase by one (at most to 2^20-1).
// Each lane's arrive-on operation waits for the lane's copies issued
// before it that are still pending, in its open and committed groups
// (copies carry their order in the thread, CpAsyncGroups::issued; the
// lane keeps an ArriveWait per arrive that still waits). The instruction
// queues one AsyncOp for its lanes once the last of those copies has
// completed (at issue when none is pending); when the scheduler runs it,
// each lane arrives once on its barrier, which may complete the phase. An
// arrival that finds no arrival pending (the phase held back by a
// tx-count; .noinc on a barrier whose init count leaves it out) fails the
// launch.
//
// Race checking (RaceCheck.h). cp.async is a weak generic-proxy operation
// (PTX ISA "cp.async"); its writes become visible to the issuing thread
// only when a wait covers its group. The copies of an instruction run as
// the warp's cp.async unit, starting from the warp's clock at issue, at a
// tick of their own; a wait that covers the group joins that tick into the
// warp's clock. So a read of the destination before the wait is a race,
// and a thread that waits, reads, then re-issues into the same slot is
// clean; other threads see the bytes through barriers after the wait.
// Threads of a warp are one unit there: a wait by one lane orders the
// copies of the other lanes issued before the covered ones (see
// docs/emulator.md on lanes). The asynchronous arrival of
// cp.async.mbarrier.arrive releases the lane's copies into the barrier
// phase (PTX ISA "mbarrier.test_wait / mbarrier.try_wait": the cp.async
// operations requested before cp.async.mbarrier.arrive are made visible
// to the waiting thread): it joins the cp.async unit's tick of the lane's
// newest copy, not the issuing warp's clock, so the thread's other
// accesses before the instruction are not released by it.
//
//===----------------------------------------------------------------------===//
#include "Decode.h"
#include "Exec.h"

#include <algorithm>
#include <cstring>
#include <memory>
#include <sstream>

namespace cute::emu {

namespace {

constexpr int kIllegalAddress = 700; // CUDA_ERROR_ILLEGAL_ADDRESS
constexpr int kMisaligned = 716;     // CUDA_ERROR_MISALIGNED_ADDRESS
constexpr int kLaunchFailed = 719;   // CUDA_ERROR_LAUNCH_FAILED

enum CpAsyncFlags : uint32_t {
  FSrcSize = 1,   // operand 4 is src-size (register or immediate)
  FIgnoreSrc = 2, // operand 4 is the ignore-src predicate
  FCacheHint = 4, // .L2::cache_hint with a cache-policy operand (a hint)
  FWaitAll = 8,   // cp.async.wait_all: commit_group then wait_group 0
  FNoInc = 16,    // cp.async.mbarrier.arrive.noinc
};

/// One lane's copy.
struct Copy {
  int lane = 0;
  uint64_t dst = 0; ///< shared::cta address (rank bits included)
  uint64_t src = 0; ///< global address
  uint32_t srcBytes = 0;
  uint64_t seq = 0; ///< CpAsyncGroups::commits at issue: its group
  uint64_t ord = 0; ///< CpAsyncGroups::issued at issue: its order
};

/// The bytes `lane` copies, from src-size or ignore-src (PTX ISA
/// "cp.async": the bytes from src-size to cp-size are zeros; ignore-src
/// reads nothing).
bool srcBytes(ExecCtx &c, const Inst &in, int lane, uint32_t cpSize,
              uint32_t &out) {
  out = cpSize;
  if (in.flags & FIgnoreSrc) {
    if (readOp(c, in.ops[3], lane) & 1)
      out = 0;
  } else if (in.flags & FSrcSize) {
    uint64_t n = readOp(c, in.ops[3], lane) & 0xffffffffu;
    if (n > cpSize)
      return c.fail(in, lane,
                    "cp.async src-size " + std::to_string(n) +
                        " exceeds the cp-size of " + std::to_string(cpSize) +
                        " bytes (undefined behaviour in the PTX ISA)",
                    kLaunchFailed);
    out = uint32_t(n);
  }
  return true;
}

/// The issue-time checks of one lane's copy.
bool checkCopy(ExecCtx &c, const Inst &in, const Copy &k, uint32_t cpSize) {
  const int lane = k.lane;
  if (k.dst % cpSize)
    return c.fail(in, lane,
                  "cp.async destination shared address " + hexs(k.dst) +
                      " is not aligned to the cp-size of " +
                      std::to_string(cpSize) + " bytes",
                  kMisaligned);
  if (k.src % cpSize)
    return c.fail(in, lane,
                  "cp.async source global address " + hexs(k.src) +
                      " is not aligned to the cp-size of " +
                      std::to_string(cpSize) + " bytes",
                  kMisaligned);
  if ((k.dst >> kRankShift) != c.cta.rank)
    return c.fail(in, lane,
                  "cp.async destination " + hexs(k.dst) +
                      " is not a shared::cta address of the executing CTA",
                  kIllegalAddress);
  if (!sharedAt(c, in, lane, k.dst, cpSize))
    return false;
  if (k.srcBytes == 0) // nothing is read
    return true;
  const Device::Allocation *a = c.L.device->findAllocation(k.src);
  if (!a || k.src + k.srcBytes > a->base + a->bytes)
    return c.fail(in, lane,
                  "cp.async source [" + hexs(k.src) + ", +" +
                      std::to_string(k.srcBytes) + ")" +
                      (a ? " runs past the end of the allocation [" +
                               hexs(a->base) + ", +" +
                               std::to_string(a->bytes) + ")"
                         : " is not in any allocation"),
                  kIllegalAddress);
  return true;
}

/// Retires one copy of the group it was issued into.
void retire(CpAsyncGroups &g, uint64_t seq) {
  if (seq == g.commits) { // its group is still open
    --g.open.pending;
    return;
  }
  const uint64_t popped = g.commits - g.committed.size();
  if (seq >= popped && seq - popped < g.committed.size())
    --g.committed[size_t(seq - popped)].pending;
}

/// The copies of a thread not yet complete (all of them were issued
/// before now; complete groups hold none).
uint32_t pendingCopies(const CpAsyncGroups &g) {
  uint32_t n = g.open.pending;
  for (size_t i = 0; i < g.committed.size(); ++i)
    n += g.committed[i].pending;
  return n;
}

} // namespace

/// A cp.async.mbarrier.arrive instruction waiting for the copies its lanes
/// issued before it; `op` (the arrive-on operations) is queued when the
/// last of them completes.
struct CpArrive {
  uint32_t pending = 0; ///< lane copies still to complete
  AsyncOp op;
};

namespace {

/// A copy of order `ord` of the thread with groups `g` completed: the
/// arrives it was holding back count it, and one it was the last copy of
/// is queued (PTX ISA "cp.async.mbarrier.arrive": the arrive-on operation
/// is triggered upon the completion of all prior cp.async operations of
/// the executing thread).
void copyDone(ExecCtx &x, CpAsyncGroups &g, uint64_t ord) {
  for (size_t i = 0; i < g.arrives.size();) {
    CpAsyncGroups::ArriveWait &a = g.arrives[i];
    if (a.before <= ord) { // issued before this copy
      ++i;
      continue;
    }
    if (--a.arrive->pending == 0)
      enqueueAsync(x, std::move(a.arrive->op));
    if (--a.pending == 0)
      g.arrives.erase(g.arrives.begin() + long(i));
    else
      ++i;
  }
}

// --- Handlers ----------------------------------------------------------------

/// PTX ISA "cp.async": each lane of `mask` starts a copy of cp-size bytes
/// into shared memory; the scheduler completes them later.
bool execCpAsync(ExecCtx &c, const Inst &in, uint32_t mask) {
  const uint32_t cpSize = uint32_t(in.aux[0]);
  std::vector<Copy> copies;
  copies.reserve(size_t(__builtin_popcount(mask)));
  bool ok = true;
  forLanes(mask, [&](int l) {
    if (!ok)
      return;
    Copy k;
    k.lane = l;
    k.dst = memAddr(c, in.ops[0], l);
    k.src = memAddr(c, in.ops[1], l);
    ok = srcBytes(c, in, l, cpSize, k.srcBytes) && checkCopy(c, in, k, cpSize);
    copies.push_back(k);
  });
  if (!ok)
    return false;
  // Race checking: the copies are ordered after what the warp did so far
  // and carry a tick that the warp learns at the wait covering them.
  std::shared_ptr<VClock> vc;
  uint32_t unit = 0, tick = 0;
  if (c.cl.race) {
    RaceState &r = *c.cl.race;
    unit = cpAsyncUnit(c);
    vc = std::make_shared<VClock>(raceAsyncIssue(c));
    tick = ++r.clocks[unit][unit];
    (*vc)[unit] = tick;
  }
  for (Copy &k : copies) {
    CpAsyncGroups &g = c.w.cpAsync[k.lane];
    ++g.open.pending;
    g.open.tick = std::max(g.open.tick, tick);
    g.lastTick = std::max(g.lastTick, tick);
    k.seq = g.commits;
    k.ord = g.issued++;
  }
  AsyncOp op;
  op.what = "cp.async of " + std::to_string(cpSize) + " bytes by " +
            std::to_string(copies.size()) + " threads of warp " +
            std::to_string(c.w.id);
  op.line = in.line;
  op.complete = [L = &c.L, cl = &c.cl, cta = &c.cta, w = &c.w, inst = &in,
                 cpSize, copies = std::move(copies), vc, unit]() {
    ExecCtx x{*L, *cl, *cta, *w, *L->fn, w->regs};
    for (const Copy &k : copies) {
      uint8_t bytes[16] = {};
      if (k.srcBytes)
        std::memcpy(bytes, reinterpret_cast<const uint8_t *>(k.src),
                    k.srcBytes);
      const uint64_t off = k.dst & kOffsetMask;
      if (vc && !raceAccess(x, *inst, *cta, off, cpSize, true, Proxy::Generic,
                            unit, *vc))
        return;
      std::memcpy(cta->smem.data() + off, bytes, cpSize);
      CpAsyncGroups &g = w->cpAsync[k.lane];
      retire(g, k.seq);
      if (!g.arrives.empty())
        copyDone(x, g, k.ord);
    }
  };
  enqueueAsync(c, std::move(op));
  return true;
}

/// PTX ISA "cp.async.commit_group": the thread's uncommitted copies
/// (possibly none) become one cp.async-group.
void commitLanes(Warp &w, uint32_t mask) {
  forLanes(mask, [&](int l) {
    CpAsyncGroups &g = w.cpAsync[l];
    g.committed.push_back(g.open);
    g.open = {};
    ++g.commits;
  });
}

bool execCpCommit(ExecCtx &c, const Inst &, uint32_t mask) {
  commitLanes(c.w, mask);
  return true;
}

/// PTX ISA "cp.async.wait_group / cp.async.wait_all": waits until at most
/// the newest N of the thread's cp.async-groups are pending; wait_all
/// commits first and waits for all.
bool execCpWait(ExecCtx &c, const Inst &in, uint32_t mask) {
  if (in.flags & FWaitAll)
    commitLanes(c.w, mask);
  const uint64_t keep = uint64_t(in.aux[0]);
  uint32_t parked = 0;
  forLanes(mask, [&](int l) {
    if (!cpAsyncWaitDone(c.cl, c.cta, c.w, l, keep))
      parked |= 1u << l;
  });
  if (!parked)
    return true;
  park(c, parked, Wait::CpAsyncGroup, keep);
  return false;
}

/// One lane's asynchronous arrive-on operation.
struct Arrival {
  int lane = 0;
  uint64_t mbar = 0; ///< shared::cta address (rank bits included)
  uint32_t tick = 0; ///< race checking: the lane's newest copy
};

/// The largest pending count (PTX ISA "Contents of the mbarrier object").
constexpr uint32_t kMaxPending = (1u << 20) - 1;

/// PTX ISA "cp.async.mbarrier.arrive": for each lane of `mask`, an
/// arrive-on operation on the mbarrier that the system triggers once every
/// cp.async the lane issued before this instruction has completed. Without
/// .noinc the pending count of the current phase is first raised by one,
/// so the asynchronous arrival makes no net change to it.
bool execCpArrive(ExecCtx &c, const Inst &in, uint32_t mask) {
  const bool noinc = in.flags & FNoInc;
  std::vector<Arrival> arrivals;
  arrivals.reserve(size_t(__builtin_popcount(mask)));
  std::vector<uint32_t> pending;
  uint32_t total = 0;
  bool ok = true;
  forLanes(mask, [&](int l) {
    if (!ok)
      return;
    uint64_t a = memAddr(c, in.ops[0], l);
    if (in.space == Space::Generic) {
      if ((a >> kWindowBits) != (kSharedWindow >> kWindowBits)) {
        ok = c.fail(in, l,
                    "cp.async.mbarrier.arrive address " + hexs(a) +
                        " is not a generic address of shared memory",
                    kIllegalAddress);
        return;
      }
      a &= kWindowMask;
    }
    if ((a >> kRankShift) != c.cta.rank) {
      ok = c.fail(in, l,
                  "cp.async.mbarrier.arrive address " + hexs(a) +
                      " is not in the executing CTA's shared memory (it "
                      "names CTA rank " +
                      std::to_string(a >> kRankShift) +
                      ", the executing CTA has rank " +
                      std::to_string(c.cta.rank) + ")",
                  kIllegalAddress);
      return;
    }
    Mbarrier *mb = mbarrierAt(c, in, l, a);
    if (!mb) {
      ok = false;
      return;
    }
    if (!noinc) {
      if (mb->pending >= kMaxPending) {
        ok = c.fail(in, l,
                    "cp.async.mbarrier.arrive raises the pending count of "
                    "the mbarrier at shared " +
                        hexs(a) + " in phase " + std::to_string(mb->phase) +
                        " past the limit of 2^20-1 (it is " +
                        std::to_string(mb->pending) + ")",
                    kLaunchFailed);
        return;
      }
      ++mb->pending;
    }
    const CpAsyncGroups &g = c.w.cpAsync[l];
    arrivals.push_back({l, a, g.lastTick});
    pending.push_back(pendingCopies(g));
    total += pending.back();
  });
  if (!ok)
    return false;
  AsyncOp op;
  op.what = std::string("cp.async.mbarrier.arrive") + (noinc ? ".noinc" : "") +
            " of " + std::to_string(arrivals.size()) + " threads of warp " +
            std::to_string(c.w.id);
  op.line = in.line;
  const uint32_t unit = c.cl.race ? cpAsyncUnit(c) : 0;
  op.complete = [L = &c.L, cl = &c.cl, cta = &c.cta, w = &c.w, inst = &in,
                 arrivals, unit]() {
    ExecCtx x{*L, *cl, *cta, *w, *L->fn, w->regs};
    for (const Arrival &a : arrivals) {
      Mbarrier *mb = mbarrierAt(x, *inst, a.lane, a.mbar);
      if (!mb)
        return;
      if (mb->pending == 0) {
        x.fail(*inst, a.lane,
               "the asynchronous arrive-on operation of "
               "cp.async.mbarrier.arrive finds the mbarrier at shared " +
                   hexs(a.mbar) + " in phase " + std::to_string(mb->phase) +
                   " with no arrival pending (init count " +
                   std::to_string(mb->expected) +
                   "; with .noinc the init count must include these "
                   "arrivals)",
               kLaunchFailed);
        return;
      }
      --mb->pending;
      // Release of the lane's copies (PTX ISA "mbarrier.test_wait /
      // mbarrier.try_wait": the cp.async operations requested before
      // cp.async.mbarrier.arrive are performed and made visible to the
      // waiting thread): their unit's ticks up to the lane's newest copy.
      // What the thread did otherwise is not released.
      if (cl->race && a.tick) {
        VClock &acc = mb->sync.acc;
        if (acc.size() <= unit)
          acc.resize(cl->race->units(), 0);
        acc[unit] = std::max(acc[unit], a.tick);
      }
      mbarrierMaybeComplete(*mb);
    }
  };
  if (total == 0) {
    enqueueAsync(c, std::move(op));
    return true;
  }
  auto held = std::make_shared<CpArrive>();
  held->pending = total;
  held->op = std::move(op);
  for (size_t i = 0; i < arrivals.size(); ++i) {
    if (!pending[i])
      continue;
    CpAsyncGroups &g = c.w.cpAsync[arrivals[i].lane];
    g.arrives.push_back({g.issued, pending[i], held});
  }
  return true;
}

// --- Decoding ----------------------------------------------------------------

Status parseError(const std::string &what) {
  return Error(ErrorCode::Parse, what);
}

/// The position of the first of `names` among the modifiers, or -1.
int position(const Mods &m, std::initializer_list<std::string_view> names) {
  const auto &parts = m.rest();
  for (size_t i = 0; i < parts.size(); ++i)
    for (std::string_view n : names)
      if (parts[i] == n)
        return int(i);
  return -1;
}

/// cp.async.{ca,cg}.shared{::cta}.global{.L2::cache_hint}{.L2::NB}
///   [dst], [src], cp-size{, src-size | ignore-src}{, cache-policy};
Status decodeCopy(Mods &m, Inst &in, bool cg) {
  if (position(m, {"shared::cluster"}) >= 0)
    return parseError("cp.async writes the executing CTA's shared memory: "
                      "the destination is .shared or .shared::cta, not "
                      ".shared::cluster");
  const int dstAt = position(m, {"shared", "shared::cta"});
  const int srcAt = position(m, {"global"});
  if (dstAt < 0 || srcAt < 0 || dstAt > srcAt)
    return parseError("cp.async copies from global to shared memory: it "
                      "needs .shared{::cta}.global");
  const std::string dst = m.rest()[size_t(dstAt)];
  m.take(dst);
  m.take("global");
  m.takeOneOf({"L2::64B", "L2::128B", "L2::256B"}); // prefetch-size hints
  if (m.take("L2::cache_hint"))
    in.flags |= FCacheHint;
  const size_t hint = (in.flags & FCacheHint) ? 1 : 0;
  const size_t n = in.ops.size();
  if (n < 3 + hint || n > 4 + hint)
    return parseError(
        std::string("cp.async takes [dst], [src], cp-size{, src-size or "
                    "ignore-src}") +
        (hint ? ", cache-policy (with .L2::cache_hint)" : "") + "; found " +
        std::to_string(n) + " operands");
  CUTE_TRY(expectKind(in, 0, Operand::Mem));
  CUTE_TRY(expectKind(in, 1, Operand::Mem));
  if (in.ops[2].kind != Operand::Imm)
    return parseError("cp.async cp-size (operand 3) must be an immediate");
  const int64_t cpSize = in.ops[2].imm;
  if (cpSize != 4 && cpSize != 8 && cpSize != 16)
    return parseError("cp.async cp-size must be 4, 8 or 16 bytes, not " +
                      std::to_string(cpSize));
  if (cg && cpSize != 16)
    return parseError("cp.async.cg copies 16 bytes only (cp-size is " +
                      std::to_string(cpSize) +
                      "); use .ca for 4- and 8-byte copies");
  in.aux[0] = cpSize;
  if (n == 4 + hint) {
    const Operand &o = in.ops[3];
    if (o.kind == Operand::Reg && o.pred) {
      in.flags |= FIgnoreSrc;
    } else if (o.kind == Operand::Reg) {
      in.flags |= FSrcSize;
    } else if (o.kind == Operand::Imm) {
      if (o.imm < 0 || o.imm > cpSize)
        return parseError("cp.async src-size " + std::to_string(o.imm) +
                          " is outside [0, cp-size " + std::to_string(cpSize) +
                          "]");
      in.flags |= FSrcSize;
    } else {
      return parseError("cp.async operand 4 (src-size or ignore-src) must be "
                        "a register or an immediate");
    }
  }
  if (hint) {
    const Operand &p = in.ops[n - 1];
    if (p.kind != Operand::Reg && p.kind != Operand::Imm)
      return parseError("cp.async cache-policy (operand " + std::to_string(n) +
                        ") must be a register or an immediate");
  }
  in.exec = execCpAsync;
  return okStatus();
}

/// cp.async.mbarrier.arrive{.noinc}{.shared{::cta}}.b64 [addr];
Status decodeArrive(Mods &m, Inst &in) {
  if (m.take("noinc"))
    in.flags |= FNoInc;
  if (position(m, {"shared::cluster"}) >= 0)
    return parseError("cp.async.mbarrier.arrive arrives on an mbarrier of the "
                      "executing CTA: the state space is .shared or "
                      ".shared::cta (or none, for a generic address), not "
                      ".shared::cluster");
  in.space = Space::Generic;
  Space s;
  if (m.takeSpace(s)) {
    if (s != Space::Shared)
      return parseError("cp.async.mbarrier.arrive takes the mbarrier's "
                        "address in .shared, .shared::cta or generic space, "
                        "not ." +
                        std::string(s == Space::Global  ? "global"
                                    : s == Space::Local ? "local"
                                    : s == Space::Param ? "param"
                                                        : "const"));
    in.space = Space::Shared;
  }
  if (m.takeType() != Ty::B64)
    return parseError("cp.async.mbarrier.arrive takes .b64");
  if (in.ops.size() != 1)
    return parseError("cp.async.mbarrier.arrive takes one operand, [addr]; "
                      "found " +
                      std::to_string(in.ops.size()));
  CUTE_TRY(expectKind(in, 0, Operand::Mem));
  in.exec = execCpArrive;
  return okStatus();
}

} // namespace

bool cpAsyncWaitDone(Cluster &cl, Cta &cta, Warp &w, int lane, uint64_t keep) {
  CpAsyncGroups &g = w.cpAsync[lane];
  const size_t n = g.committed.size();
  const size_t covered = n > keep ? n - size_t(keep) : 0;
  for (size_t i = 0; i < covered; ++i)
    if (g.committed[i].pending)
      return false;
  // The covered groups are complete: their writes are visible to the
  // thread from here on (PTX ISA "cp.async.wait_group").
  uint32_t tick = 0;
  for (size_t i = 0; i < covered; ++i) {
    tick = std::max(tick, g.committed.front().tick);
    g.committed.pop_front();
  }
  if (cl.race && tick) {
    RaceState &r = *cl.race;
    const uint32_t u = cta.rank * r.warpsPerCta + w.id;
    uint32_t &seen = r.clocks[u][r.cpAsyncOf(u)];
    seen = std::max(seen, tick);
  }
  return true;
}

/// After `cp.async`: .commit_group, .wait_group N, .wait_all or a copy.
Status decodeCpAsync(Mods &m, Inst &in) {
  if (m.take("commit_group")) {
    in.exec = execCpCommit;
    return expectOperands(in, 0);
  }
  if (m.take("wait_all")) {
    in.exec = execCpWait;
    in.flags |= FWaitAll;
    in.aux[0] = 0;
    return expectOperands(in, 0);
  }
  if (m.take("wait_group")) {
    in.exec = execCpWait;
    CUTE_TRY(expectOperands(in, 1));
    if (in.ops[0].kind != Operand::Imm)
      return parseError("cp.async.wait_group N takes an integer constant");
    if (in.ops[0].imm < 0 || in.ops[0].imm > int64_t(0xffffffff))
      return parseError("cp.async.wait_group count " +
                        std::to_string(in.ops[0].imm) +
                        " is not a 32-bit unsigned integer");
    in.aux[0] = in.ops[0].imm;
    return okStatus();
  }
  if (m.take("mbarrier")) {
    if (!m.take("arrive"))
      return parseError("cp.async.mbarrier needs .arrive");
    return decodeArrive(m, in);
  }
  const int level = m.takeOneOf({"ca", "cg"});
  if (level < 0)
    return parseError("cp.async needs a cache operator (.ca or .cg), or is "
                      ".commit_group, .wait_group or .wait_all");
  return decodeCopy(m, in, level == 1);
}

} // namespace cute::emu
