//===- ExecCpAsync.cpp - sm_80 per-thread asynchronous copies -------------===//
//
// PTX ISA "Data Movement and Conversion Instructions: Asynchronous copy"
// ("Completion Mechanisms for Asynchronous Copy Operations: Async-group
// mechanism"), "cp.async", "cp.async.commit_group", "cp.async.wait_group /
// cp.async.wait_all"; "Addresses as Operands" (alignment).
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
// docs/emulator.md on lanes).
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
};

/// One lane's copy.
struct Copy {
  int lane = 0;
  uint64_t dst = 0; ///< shared::cta address (rank bits included)
  uint64_t src = 0; ///< global address
  uint32_t srcBytes = 0;
  uint64_t seq = 0; ///< CpAsyncGroups::commits at issue: its group
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
    k.seq = g.commits;
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
      retire(w->cpAsync[k.lane], k.seq);
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
  if (position(m, {"mbarrier"}) >= 0)
    return parseError("cute-emu does not implement cp.async.mbarrier.arrive "
                      "(mbarrier-based completion of cp.async)");
  const int level = m.takeOneOf({"ca", "cg"});
  if (level < 0)
    return parseError("cp.async needs a cache operator (.ca or .cg), or is "
                      ".commit_group, .wait_group or .wait_all");
  return decodeCopy(m, in, level == 1);
}

} // namespace cute::emu
