//===- Scheduler.cpp - Warps, lanes, parking and hang reports -------------===//
//
// One cluster runs at a time on one host thread. The scheduler visits its
// warps round robin (or in a seeded random order) and runs each for up to a
// quantum of instructions. Between visits, queued asynchronous operations
// (TMA, bulk copies) complete: all of them in deterministic mode, a random
// subset in random mode. When no lane can run and nothing is queued, lanes
// polling an mbarrier (try_wait) are answered "not yet" as the hardware's
// time limit would; when that repeats spinLimit times without progress, or
// no lane polls at all, the launch is reported as hung, warp by warp.
//
//===----------------------------------------------------------------------===//
#include "Exec.h"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <sstream>

namespace cute::emu {

thread_local uint64_t tlsProgress = 0;

uint32_t BulkGroups::pendingIn(size_t groups) const {
  uint32_t n = 0;
  for (size_t i = 0; i < outstanding.size() && i < groups; ++i)
    n += outstanding[i];
  return n;
}

std::string where(const Launch &L, const Inst &in) {
  std::string s = "PTX line " + std::to_string(in.line);
  const auto &files = L.module->decl.files;
  if (in.srcLine && in.srcFile < files.size() && !files[in.srcFile].empty())
    s += " (" + files[in.srcFile] + ":" + std::to_string(in.srcLine) + ")";
  return s;
}

bool ExecCtx::fail(const Inst &inst, int lane, const std::string &what,
                   int code) {
  std::lock_guard<std::mutex> lock(L.errorMutex);
  if (!L.failed.exchange(true)) {
    std::ostringstream os;
    os << "kernel '" << fn.name << "': " << what << "\n  at " << where(L, inst)
       << ": " << inst.text << "\n  in CTA (" << cta.ctaid[0] << ","
       << cta.ctaid[1] << "," << cta.ctaid[2] << "), thread "
       << (w.id * 32 + uint32_t(lane));
    L.error = os.str();
    L.errorCode = code;
  }
  return false;
}

uint64_t specialReg(ExecCtx &c, SpecialReg r, int lane) {
  const Launch &L = c.L;
  uint32_t t = c.w.id * 32 + uint32_t(lane);
  const uint32_t *b = L.cfg.block;
  switch (r) {
  case SpecialReg::TidX:
    return t % b[0];
  case SpecialReg::TidY:
    return t / b[0] % b[1];
  case SpecialReg::TidZ:
    return t / b[0] / b[1];
  case SpecialReg::NtidX:
    return b[0];
  case SpecialReg::NtidY:
    return b[1];
  case SpecialReg::NtidZ:
    return b[2];
  case SpecialReg::CtaidX:
    return c.cta.ctaid[0];
  case SpecialReg::CtaidY:
    return c.cta.ctaid[1];
  case SpecialReg::CtaidZ:
    return c.cta.ctaid[2];
  case SpecialReg::NctaidX:
    return L.cfg.grid[0];
  case SpecialReg::NctaidY:
    return L.cfg.grid[1];
  case SpecialReg::NctaidZ:
    return L.cfg.grid[2];
  case SpecialReg::LaneId:
    return uint32_t(lane);
  case SpecialReg::WarpId:
    return c.w.id;
  case SpecialReg::NWarpId:
    return 64;
  case SpecialReg::SmId:
    return (c.cta.ctaid[0] + c.cta.ctaid[1] * 7) %
           uint32_t(c.L.device->info().smCount);
  case SpecialReg::NSmId:
    return uint32_t(c.L.device->info().smCount);
  case SpecialReg::GridId:
    return 1;
  case SpecialReg::ClusterCtaidX:
    return c.cta.clusterCtaid[0];
  case SpecialReg::ClusterCtaidY:
    return c.cta.clusterCtaid[1];
  case SpecialReg::ClusterCtaidZ:
    return c.cta.clusterCtaid[2];
  case SpecialReg::ClusterNctaidX:
    return L.clusterDims[0];
  case SpecialReg::ClusterNctaidY:
    return L.clusterDims[1];
  case SpecialReg::ClusterNctaidZ:
    return L.clusterDims[2];
  case SpecialReg::ClusteridX:
    return c.cl.id[0];
  case SpecialReg::ClusteridY:
    return c.cl.id[1];
  case SpecialReg::ClusteridZ:
    return c.cl.id[2];
  case SpecialReg::NclusteridX:
    return L.cfg.grid[0] / L.clusterDims[0];
  case SpecialReg::NclusteridY:
    return L.cfg.grid[1] / L.clusterDims[1];
  case SpecialReg::NclusteridZ:
    return L.cfg.grid[2] / L.clusterDims[2];
  case SpecialReg::ClusterCtarank:
    return c.cta.rank;
  case SpecialReg::ClusterNctarank:
    return L.clusterSize;
  case SpecialReg::IsExplicitCluster:
    return L.clusterSize > 1 || L.fn->explicitCluster;
  case SpecialReg::LanemaskEq:
    return 1u << lane;
  case SpecialReg::LanemaskLe:
    return uint32_t(maskBits(unsigned(lane) + 1));
  case SpecialReg::LanemaskLt:
    return uint32_t(maskBits(unsigned(lane)));
  case SpecialReg::LanemaskGe:
    return ~uint32_t(maskBits(unsigned(lane)));
  case SpecialReg::LanemaskGt:
    return ~uint32_t(maskBits(unsigned(lane) + 1));
  case SpecialReg::Clock:
  case SpecialReg::Clock64:
    return c.w.instructions * 4;
  case SpecialReg::GlobalTimer:
  case SpecialReg::GlobalTimerLo:
    return uint64_t(std::chrono::duration_cast<std::chrono::nanoseconds>(
                        std::chrono::steady_clock::now().time_since_epoch())
                        .count());
  case SpecialReg::DynamicSmemSize:
    return L.cfg.dynamicSmemBytes;
  case SpecialReg::TotalSmemSize:
  case SpecialReg::AggrSmemSize:
    return L.smemBytes;
  }
  return 0;
}

// --- Building ---------------------------------------------------------------

Status buildCluster(Launch &L, Cluster &cl, const uint32_t clusterId[3]) {
  std::memcpy(cl.id, clusterId, sizeof cl.id);
  const Function &f = *L.fn;
  uint32_t nwarps = (L.ctaThreads + 31) / 32;
  for (uint32_t r = 0; r < L.clusterSize; ++r) {
    auto cta = std::make_unique<Cta>();
    cta->launch = &L;
    cta->cluster = &cl;
    cta->rank = r;
    uint32_t cc[3] = {r % L.clusterDims[0],
                      r / L.clusterDims[0] % L.clusterDims[1],
                      r / L.clusterDims[0] / L.clusterDims[1]};
    for (int i = 0; i < 3; ++i) {
      cta->clusterCtaid[i] = cc[i];
      cta->ctaid[i] = clusterId[i] * L.clusterDims[i] + cc[i];
    }
    cta->smem.assign(L.smemBytes, 0);
    // Module-scope .shared initializers (rare; PTX allows none in fact).
    cta->threads = L.ctaThreads;
    cta->warps.resize(nwarps);
    cta->regStore.assign(size_t(f.numRegs) * 32 * nwarps, 0);
    cta->localStore.assign(size_t(f.localBytes) * 32 * nwarps, 0);
    cta->warpGroups.resize((nwarps + 3) / 4);
    // Registers per thread at launch: .maxnreg, or the cap that .maxntid
    // with .minnctapersm gives ptxas (65536 / threads, multiple of 8).
    uint32_t perThread =
        f.maxnreg ? uint32_t(f.maxnreg)
                  : std::min<uint32_t>(255, 65536 / (nwarps * 32)) & ~7u;
    for (uint32_t w = 0; w < nwarps; ++w) {
      Warp &wp = cta->warps[w];
      wp.cta = cta.get();
      wp.id = w;
      uint32_t lanes = std::min<uint32_t>(32, L.ctaThreads - w * 32);
      wp.exist = lanes == 32 ? ~0u : ((1u << lanes) - 1);
      wp.regs = cta->regStore.data() + size_t(f.numRegs) * 32 * w;
      wp.local = cta->localStore.data() + size_t(f.localBytes) * 32 * w;
      wp.maxnreg = perThread;
      for (auto [reg, value] : f.constRegs)
        for (int l = 0; l < 32; ++l)
          wp.regs[size_t(reg) * 32 + l] = value;
      cta->regsInUse += perThread * 32;
    }
    cl.ctas.push_back(std::move(cta));
  }
  if (L.options.printStats >= 2)
    cl.pcCounts.assign(f.code.size(), 0);
  if (L.options.raceCheck || L.options.initCheck) {
    cl.race = std::make_unique<RaceState>();
    cl.race->init(L.clusterSize, nwarps, L.smemBytes);
    cl.race->raceCheck = L.options.raceCheck;
    cl.race->initCheck = L.options.initCheck;
  }
  return okStatus();
}

// --- Parking ---------------------------------------------------------------

void park(ExecCtx &c, uint32_t lanes, Wait why, uint64_t a, uint64_t b,
          uint32_t dst) {
  Warp &w = c.w;
  w.parked |= lanes;
  for (uint32_t m = lanes; m; m &= m - 1) {
    int l = __builtin_ctz(m);
    w.wait[l] = why;
    w.waitA[l] = a;
    w.waitB[l] = b;
    w.waitDst[l] = dst;
  }
}

void enqueueAsync(ExecCtx &c, AsyncOp op) {
  c.cl.async.push_back(std::move(op));
}

void noteExit(Cta &cta, uint32_t lanes) {
  ++tlsProgress;
  cta.exitedThreads += uint32_t(__builtin_popcount(lanes));
  noteExitBarriers(cta);
}

namespace {

/// Re-checks the wait of every parked lane; returns true if any woke.
bool wake(Launch &L, Cluster &cl, Warp &w) {
  bool any = false;
  Cta &cta = *w.cta;
  for (uint32_t m = w.parked; m; m &= m - 1) {
    int l = __builtin_ctz(m);
    bool ready = false;
    switch (w.wait[l]) {
    case Wait::Barrier:
      ready = cta.bars[w.waitA[l]].generation > w.waitB[l];
      if (ready && (w.waitDst[l] >> 28)) // bar.red's result
        w.regs[size_t(w.waitDst[l] & 0x0fffffffu) * 32 + l] =
            barrierResult(cta.bars[w.waitA[l]], w.waitDst[l] >> 28);
      if (ready && cl.race)
        raceAcquire(*cl.race, cta.rank * cl.race->warpsPerCta + w.id,
                    cta.bars[w.waitA[l]].sync);
      break;
    case Wait::Mbar: {
      uint64_t addr = w.waitA[l];
      Cta *owner = cl.ctas[(addr >> kRankShift) % cl.ctas.size()].get();
      auto it = owner->mbars.find(uint32_t(addr & kOffsetMask));
      if (it == owner->mbars.end()) {
        ready = true; // invalidated: reported by the next try_wait
      } else {
        uint64_t token = w.waitB[l];
        // Parity waits (token < 2 with the parity flag in bit 63) complete
        // when the current phase's parity differs; token waits when the
        // phase has advanced past the token's.
        if (token >> 63)
          ready = (it->second.phase & 1) != (token & 1);
        else
          ready = it->second.phase > token;
      }
      if (ready) {
        w.regs[size_t(w.waitDst[l]) * 32 + l] = 1;
        if (cl.race && it != owner->mbars.end())
          raceAcquire(*cl.race, cta.rank * cl.race->warpsPerCta + w.id,
                      it->second.sync);
      }
      break;
    }
    case Wait::BulkGroup: {
      // wait_group N: every group but the newest N has completed.
      BulkGroups &g = w.bulk[l];
      while (!g.outstanding.empty() && g.outstanding.front() == 0)
        g.outstanding.pop_front();
      size_t keep = size_t(w.waitA[l]);
      ready = true;
      for (size_t i = 0; i + keep < g.outstanding.size(); ++i)
        ready &= g.outstanding[i] == 0;
      if (ready && cl.race) {
        // The completed stores happen before what follows the wait.
        uint32_t u = cta.rank * cl.race->warpsPerCta + w.id;
        joinInto(cl.race->clocks[u], cl.race->clocks[cl.race->agentOf(u)]);
      }
      break;
    }
    case Wait::CpAsyncGroup:
      ready = cpAsyncWaitDone(cl, cta, w, l, w.waitA[l]);
      break;
    case Wait::Cluster:
      ready = cl.clusterGeneration > w.waitA[l];
      if (ready && cl.race)
        raceAcquire(*cl.race, cta.rank * cl.race->warpsPerCta + w.id,
                    cl.clusterSync);
      break;
    case Wait::Registers: {
      // setmaxnreg.inc re-executes once the pool can hold its request.
      uint32_t total =
          cta.regsInUse - w.maxnreg * 32 + uint32_t(w.waitA[l]) * 32;
      if (total <= 65536) {
        w.parked &= ~(1u << l);
        w.wait[l] = Wait::None;
        any = true;
      }
      break;
    }
    case Wait::TmemAlloc:
      // tcgen05.alloc re-executes (as a warp collective) once the columns
      // are free.
      if (tmemFirstFit(cta, uint32_t(w.waitA[l]), uint32_t(w.waitB[l])) >= 0) {
        w.parked &= ~(1u << l);
        w.wait[l] = Wait::None;
        any = true;
      }
      break;
    case Wait::WgmmaGroup:
    case Wait::Collective:
    case Wait::WarpGroup:
    case Wait::None:
      break; // woken by the executing side
    }
    if (ready) {
      w.parked &= ~(1u << l);
      w.wait[l] = Wait::None;
      ++w.pc[l];
      any = true;
    }
  }
  (void)L;
  return any;
}

/// Lanes that can run now: the ones at the smallest PC among unparked,
/// unexited lanes.
uint32_t selectLanes(Warp &w, uint32_t &pcOut) {
  uint32_t runnable = w.exist & ~w.exited & ~w.parked;
  if (!runnable)
    return 0;
  uint32_t best = ~0u, mask = 0;
  for (uint32_t m = runnable; m; m &= m - 1) {
    int l = __builtin_ctz(m);
    uint32_t p = w.pc[l];
    if (p < best) {
      best = p;
      mask = 1u << l;
    } else if (p == best) {
      mask |= 1u << l;
    }
  }
  pcOut = best;
  return mask;
}

/// Runs `w` for up to `budget` instructions; returns instructions run.
uint64_t runWarp(Launch &L, Cluster &cl, Warp &w, uint64_t budget) {
  const Function &f = *L.fn;
  ExecCtx c{L, cl, *w.cta, w, f, w.regs};
  uint64_t n = 0, threadInstr = 0;
  while (n < budget) {
    if (w.parked)
      wake(L, cl, w);
    uint32_t pc;
    uint32_t mask = selectLanes(w, pc);
    if (!mask)
      break;
    if (pc >= f.code.size()) {
      // Falling off the end of an entry is an exit.
      w.exited |= mask;
      noteExit(*w.cta, mask);
      continue;
    }
    const Inst &in = f.code[pc];
    uint32_t exec = mask;
    if (in.guard != Operand::kNoReg) {
      exec = 0;
      for (uint32_t m = mask; m; m &= m - 1) {
        int l = __builtin_ctz(m);
        bool p = w.regs[size_t(in.guard) * 32 + l] & 1;
        if (p != in.guardNeg)
          exec |= 1u << l;
      }
      for (uint32_t m = mask & ~exec; m; m &= m - 1)
        ++w.pc[__builtin_ctz(m)];
    }
    ++n;
    if (!exec)
      continue;
    threadInstr += uint32_t(__builtin_popcount(exec));
    if (!cl.pcCounts.empty())
      cl.pcCounts[pc] += uint32_t(__builtin_popcount(exec));
    uint32_t parkedBefore = w.parked;
    bool ok = in.exec(c, in, exec);
    if (L.failed.load(std::memory_order_relaxed))
      break;
    if (!in.changesControl) {
      uint32_t advance = exec & ~(w.parked & ~parkedBefore);
      for (uint32_t m = advance; m; m &= m - 1)
        ++w.pc[__builtin_ctz(m)];
    }
    if (!ok)
      break; // parked or yielded
  }
  w.instructions += n;
  cl.warpInstructions += n;
  cl.threadInstructions += threadInstr;
  return n;
}

void completeAsync(Cluster &cl, bool random) {
  if (cl.async.empty())
    return;
  if (!random) {
    // Everything issued so far completes (in issue order); completions may
    // queue more work, which waits for the next round.
    size_t n = cl.async.size();
    for (size_t i = 0; i < n; ++i) {
      AsyncOp op = std::move(cl.async.front());
      cl.async.pop_front();
      op.complete();
    }
    return;
  }
  std::deque<AsyncOp> keep;
  size_t n = cl.async.size();
  for (size_t i = 0; i < n; ++i) {
    AsyncOp op = std::move(cl.async.front());
    cl.async.pop_front();
    if (cl.rng() & 1)
      op.complete();
    else
      keep.push_back(std::move(op));
  }
  for (auto &op : keep)
    cl.async.push_back(std::move(op));
}

const char *waitName(Wait w) {
  switch (w) {
  case Wait::None:
    return "nothing";
  case Wait::Barrier:
    return "bar.sync";
  case Wait::Mbar:
    return "mbarrier.try_wait";
  case Wait::Collective:
    return "a warp collective";
  case Wait::WarpGroup:
    return "a warpgroup collective (wgmma)";
  case Wait::BulkGroup:
    return "cp.async.bulk.wait_group";
  case Wait::CpAsyncGroup:
    return "cp.async.wait_group";
  case Wait::Cluster:
    return "barrier.cluster.wait";
  case Wait::WgmmaGroup:
    return "wgmma.wait_group";
  case Wait::Registers:
    return "setmaxnreg.inc (registers not yet released)";
  case Wait::TmemAlloc:
    return "tcgen05.alloc (Tensor Memory columns not yet free)";
  }
  return "?";
}

std::string hangReport(Launch &L, Cluster &cl, const char *why) {
  std::ostringstream os;
  os << "kernel '" << L.fn->name << "' hangs (" << why
     << "): no thread can proceed and no asynchronous operation is pending";
  const Function &f = *L.fn;
  for (auto &ctaP : cl.ctas) {
    Cta &cta = *ctaP;
    for (Warp &w : cta.warps) {
      if (!w.live())
        continue;
      // Group lanes by (pc, wait) for a compact report.
      std::vector<bool> done(32, false);
      for (int l = 0; l < 32; ++l) {
        if (!((w.exist & ~w.exited) >> l & 1) || done[size_t(l)])
          continue;
        uint32_t lanes = 0;
        for (int k = l; k < 32; ++k)
          if (((w.exist & ~w.exited) >> k & 1) && !done[size_t(k)] &&
              w.pc[k] == w.pc[l] && w.wait[k] == w.wait[l]) {
            lanes |= 1u << k;
            done[size_t(k)] = true;
          }
        os << "\n  CTA (" << cta.ctaid[0] << "," << cta.ctaid[1] << ","
           << cta.ctaid[2] << ") warp " << w.id << " lanes 0x" << std::hex
           << lanes << std::dec << ": waits on " << waitName(w.wait[l]);
        if (w.wait[l] == Wait::Barrier) {
          const Barrier &b = cta.bars[w.waitA[l]];
          os << " barrier " << w.waitA[l] << " (" << b.arrived << " of "
             << b.expected << " threads arrived)";
        } else if (w.wait[l] == Wait::Mbar) {
          uint64_t addr = w.waitA[l];
          Cta *owner = cl.ctas[(addr >> kRankShift) % cl.ctas.size()].get();
          auto it = owner->mbars.find(uint32_t(addr & kOffsetMask));
          os << " at shared 0x" << std::hex << addr << std::dec;
          if (it != owner->mbars.end()) {
            const Mbarrier &mb = it->second;
            uint64_t tok = w.waitB[l];
            os << ", waiting for phase "
               << ((tok >> 63) ? "parity " + std::to_string(tok & 1)
                               : std::to_string(tok))
               << "; the barrier is in phase " << mb.phase << " with "
               << mb.pending << " of " << mb.expected
               << " arrivals pending and tx-count " << mb.tx;
          }
        } else if (w.wait[l] == Wait::TmemAlloc) {
          os << " of " << w.waitA[l] << " columns (cta_group::" << w.waitB[l]
             << "); allocated:" << tmemAllocsText(cta);
        } else if (w.wait[l] == Wait::Cluster) {
          os << " (" << cl.clusterArrived << " of "
             << L.clusterSize * L.ctaThreads << " threads arrived)";
        }
        uint32_t pc = w.pc[l];
        if (pc < f.code.size())
          os << "\n    at " << where(L, f.code[pc]) << ": " << f.code[pc].text;
      }
    }
  }
  return os.str();
}

} // namespace

Status runCluster(Launch &L, Cluster &cl) {
  const bool random = L.options.schedule.random;
  const uint64_t quantum = uint64_t(std::max(1, L.options.schedule.quantum));
  std::vector<Warp *> warps;
  for (auto &cta : cl.ctas)
    for (Warp &w : cta->warps)
      warps.push_back(&w);
  uint64_t spins = 0, lastProgress = ~0ull;
  struct Merge { // counters of this cluster into the launch's
    Launch &L;
    Cluster &cl;
    ~Merge() {
      std::lock_guard<std::mutex> lock(L.statsMutex);
      L.stats.ctas += cl.ctas.size();
      L.stats.warpInstructions += cl.warpInstructions;
      L.stats.threadInstructions += cl.threadInstructions;
      if (!cl.pcCounts.empty()) {
        L.pcCounts.resize(cl.pcCounts.size(), 0);
        for (size_t i = 0; i < cl.pcCounts.size(); ++i)
          L.pcCounts[i] += cl.pcCounts[i];
      }
    }
  } merge{L, cl};
  while (!L.failed.load(std::memory_order_relaxed)) {
    bool ran = false, live = false;
    if (random)
      std::shuffle(warps.begin(), warps.end(), cl.rng);
    for (Warp *w : warps) {
      if (!w->live())
        continue;
      live = true;
      uint64_t budget = random ? 1 + cl.rng() % quantum : quantum;
      if (runWarp(L, cl, *w, budget))
        ran = true;
      if (L.failed.load(std::memory_order_relaxed))
        break;
      if (random) {
        size_t before = cl.async.size();
        completeAsync(cl, true);
        if (cl.async.size() != before)
          ran = true; // a completion is progress (a bulk wait may wake)
      }
    }
    if (!live) {
      if (!cl.async.empty()) { // bulk stores still in flight at exit
        completeAsync(cl, false);
        continue;
      }
      break;
    }
    if (!cl.async.empty()) {
      completeAsync(cl, random);
      ++tlsProgress;
      continue;
    }
    if (ran)
      continue;
    // A stall after progress starts a new count of polling rounds.
    if (tlsProgress != lastProgress) {
      lastProgress = tlsProgress;
      spins = 0;
    }
    // Global stall: answer polling waits with "not yet".
    bool polled = false;
    for (Warp *w : warps)
      for (uint32_t m = w->parked; m; m &= m - 1) {
        int l = __builtin_ctz(m);
        if (w->wait[l] == Wait::Mbar) {
          w->regs[size_t(w->waitDst[l]) * 32 + l] = 0;
          w->parked &= ~(1u << l);
          w->wait[l] = Wait::None;
          ++w->pc[l];
          polled = true;
        }
      }
    if (!polled)
      return Error(ErrorCode::Cuda, hangReport(L, cl, "deadlock"),
                   719 /*LAUNCH_FAILED*/);
    if (++spins > L.options.spinLimit) {
      // Re-park to report where they wait: run once more to the try_wait.
      for (Warp *w : warps)
        runWarp(L, cl, *w, quantum);
      return Error(ErrorCode::Cuda,
                   hangReport(L, cl,
                              ("mbarrier waits polled " +
                               std::to_string(L.options.spinLimit) +
                               " times without progress")
                                  .c_str()),
                   719);
    }
  }
  return okStatus();
}

} // namespace cute::emu
