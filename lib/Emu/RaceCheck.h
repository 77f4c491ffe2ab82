//===- RaceCheck.h - Shared-memory race detection ---------------*- C++ -*-===//
//
// Happens-before race detection on shared memory (Options::raceCheck,
// CUTE_EMU_RACECHECK=1), in the vector-clock style of FastTrack:
//  - the units are the warps of a cluster and, for each warp, its async
//    agent (the TMA loads/stores, wgmma reads and tcgen05.mma/cp it issues
//    run as the agent, starting from the warp's clock at issue) and its
//    cp.async copies (sm_80 per-thread copies: each instruction's copies
//    write at a tick of their own that the warp learns only when a
//    cp.async.wait_group covers their group);
//  - bar.sync / barrier.cluster / mbarrier phases are release-acquire
//    objects: an arrival joins the arriving unit's clock into the object,
//    a completed wait (or a TMA complete_tx) joins it back; the
//    asynchronous arrival of cp.async.mbarrier.arrive joins the tick of the
//    thread's newest cp.async copy;
//  - every shared byte remembers its last write (unit, clock, proxy,
//    instruction) and last read; an access not ordered after a conflicting
//    one by another unit is a race, reported with both instructions;
//  - a generic-proxy write read by the async proxy (TMA store, wgmma) must
//    be followed, in the writer, by fence.proxy.async that happens before
//    the async read (PTX ISA "Proxies"), even when a barrier orders them.
// Threads of one warp are one unit: races between lanes of a warp are not
// detected (docs/emulator.md). Tensor Memory cells have a shadow of their
// own (raceTmem; no proxies there). The same shadow serves Options::initCheck
// (CUTE_EMU_INITCHECK=1): a read of a shared byte nothing wrote is reported.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_EMU_RACECHECK_H
#define CUTE_EMU_RACECHECK_H

#include <cstdint>
#include <string>
#include <vector>

namespace cute::emu {

struct Inst;
struct ExecCtx;
struct Cta;

using VClock = std::vector<uint32_t>;

/// A release/acquire object (barrier phase, mbarrier phase).
struct SyncClock {
  VClock acc;  ///< joined arrivals of the current phase
  VClock done; ///< the last completed phase
  void complete() {
    done = acc;
    acc.clear();
  }
};

enum class Proxy : uint8_t { Generic, Async };

struct ShadowByte {
  uint32_t wUnit = ~0u, wClock = 0;
  uint32_t rUnit = ~0u, rClock = 0;
  const Inst *wInst = nullptr, *rInst = nullptr;
  Proxy wProxy = Proxy::Generic;
};

/// Race state of one cluster.
struct RaceState {
  bool raceCheck = true;  ///< Options::raceCheck
  bool initCheck = false; ///< Options::initCheck: reads of unwritten bytes
  uint32_t warpsPerCta = 0;
  /// Warps of the cluster, W: unit w < W is warp w, W + w its async agent,
  /// 2W + w its cp.async copies.
  uint32_t warpUnits = 0;
  std::vector<VClock> clocks;                  ///< per unit
  std::vector<std::vector<uint32_t>> fences;   ///< fence.proxy.async clocks
  std::vector<std::vector<ShadowByte>> shadow; ///< per CTA, per byte
  /// Per CTA, per Tensor Memory cell (lane * 512 + column); empty until a
  /// tcgen05 instruction of the CTA touches Tensor Memory.
  std::vector<std::vector<ShadowByte>> tmemShadow;
  void init(uint32_t ctas, uint32_t warpsPerCta, uint32_t smemBytes);
  uint32_t units() const { return uint32_t(clocks.size()); }
  uint32_t agentOf(uint32_t warp) const { return warpUnits + warp; }
  uint32_t cpAsyncOf(uint32_t warp) const { return 2 * warpUnits + warp; }
};

uint32_t warpUnit(const ExecCtx &c);
uint32_t agentUnit(const ExecCtx &c);
uint32_t cpAsyncUnit(const ExecCtx &c);

void joinInto(VClock &dst, const VClock &src);

/// A shared access of `bytes` at CTA-relative `offset` in CTA `owner` by
/// `unit` whose clock is `vc`. Returns false (and records the failure) on a
/// race.
bool raceAccess(ExecCtx &c, const Inst &in, Cta &owner, uint64_t offset,
                unsigned bytes, bool write, Proxy proxy, uint32_t unit,
                const VClock &vc);
/// A Tensor Memory access of cells (lane, col .. col + cols - 1) in CTA
/// `owner` by `unit` at clock `vc` (tcgen05.ld/st by a warp, tcgen05.mma
/// and tcgen05.cp by the issuing warp's async agent). Returns false (and
/// records the failure) when it is not ordered after a conflicting access.
bool raceTmem(ExecCtx &c, const Inst &in, Cta &owner, uint32_t lane,
              uint32_t col, uint32_t cols, bool write, uint32_t unit,
              const VClock &vc);

/// Shorthand for a generic access by the executing warp.
bool raceAccessWarp(ExecCtx &c, const Inst &in, Cta &owner, uint64_t offset,
                    unsigned bytes, bool write);

/// Release: joins the executing warp's clock into `s`, then ticks it.
void raceRelease(ExecCtx &c, SyncClock &s);
/// Acquire of the completed phase of `s` by lanes of warp `unit`.
void raceAcquire(RaceState &r, uint32_t unit, const SyncClock &s);
/// fence.proxy.async by the executing warp (it also covers the writes of
/// the warp's cp.async copies that its waits have observed).
void raceProxyFence(ExecCtx &c);
/// The clock an async operation issued now starts from (the issuer's, and
/// the issuer ticks); the agent runs as agentUnit(c).
VClock raceAsyncIssue(ExecCtx &c);

} // namespace cute::emu

#endif // CUTE_EMU_RACECHECK_H
