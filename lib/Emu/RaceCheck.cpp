//===- RaceCheck.cpp - Happens-before checking of shared memory -----------===//
#include "RaceCheck.h"
#include "Exec.h"

#include <algorithm>
#include <sstream>

namespace cute::emu {

void RaceState::init(uint32_t ctas, uint32_t wpc, uint32_t smemBytes) {
  warpsPerCta = wpc;
  warpUnits = ctas * wpc;
  uint32_t n = 3 * warpUnits;
  clocks.assign(n, VClock(n, 0));
  for (uint32_t u = 0; u < n; ++u)
    clocks[u][u] = 1;
  fences.assign(n, {});
  shadow.assign(ctas, std::vector<ShadowByte>(smemBytes));
}

uint32_t warpUnit(const ExecCtx &c) {
  return c.cta.rank * c.cl.race->warpsPerCta + c.w.id;
}
uint32_t agentUnit(const ExecCtx &c) { return c.cl.race->agentOf(warpUnit(c)); }
uint32_t cpAsyncUnit(const ExecCtx &c) {
  return c.cl.race->cpAsyncOf(warpUnit(c));
}

void joinInto(VClock &dst, const VClock &src) {
  if (dst.size() < src.size())
    dst.resize(src.size(), 0);
  for (size_t i = 0; i < src.size(); ++i)
    dst[i] = std::max(dst[i], src[i]);
}

namespace {

std::string describeUnit(const ExecCtx &c, uint32_t unit) {
  const RaceState &r = *c.cl.race;
  uint32_t kind = unit / r.warpUnits;
  uint32_t w = unit % r.warpUnits;
  std::ostringstream os;
  uint32_t rank = w / r.warpsPerCta;
  const Cta &cta = *c.cl.ctas[rank];
  os << (kind == 1   ? "the async proxy (TMA/wgmma/tcgen05) of "
         : kind == 2 ? "the cp.async copies of "
                     : "")
     << "warp " << w % r.warpsPerCta << " of CTA (" << cta.ctaid[0] << ","
     << cta.ctaid[1] << "," << cta.ctaid[2] << ")";
  return os.str();
}

std::string describeInst(const ExecCtx &c, const Inst *in) {
  if (!in)
    return "?";
  return where(c.L, *in) + ": " + in->text;
}

bool report(ExecCtx &c, const Inst &in, Cta &owner, uint64_t offset, bool write,
            uint32_t unit, const char *what, uint32_t otherUnit,
            const Inst *other, bool otherWrite) {
  std::ostringstream os;
  os << "shared-memory race on shared 0x" << std::hex
     << ((uint64_t(owner.rank) << kRankShift) | offset) << std::dec << ": "
     << (write ? "write" : "read") << " by " << describeUnit(c, unit)
     << "\n    at " << describeInst(c, &in) << "\n  " << what << " "
     << (otherWrite ? "write" : "read") << " by " << describeUnit(c, otherUnit)
     << "\n    at " << describeInst(c, other);
  return c.fail(in, __builtin_ctz(c.w.exist ? c.w.exist : 1), os.str(), 719);
}

} // namespace

bool raceAccess(ExecCtx &c, const Inst &in, Cta &owner, uint64_t offset,
                unsigned bytes, bool write, Proxy proxy, uint32_t unit,
                const VClock &vc) {
  RaceState &r = *c.cl.race;
  auto &sh = r.shadow[owner.rank];
  uint32_t now = vc[unit];
  for (uint64_t b = offset; b < offset + bytes && b < sh.size(); ++b) {
    ShadowByte &s = sh[b];
    auto unordered = [&](uint32_t u, uint32_t clk) {
      return u != ~0u && u != unit && vc[u] < clk;
    };
    if (!write && r.initCheck && s.wUnit == ~0u) {
      std::ostringstream os;
      os << "read of uninitialised shared memory at shared 0x" << std::hex
         << ((uint64_t(owner.rank) << kRankShift) | b) << std::dec
         << " (no thread, TMA or initialiser wrote it) by "
         << describeUnit(c, unit);
      return c.fail(in, __builtin_ctz(c.w.exist ? c.w.exist : 1), os.str(),
                    719);
    }
    if (!r.raceCheck) {
      if (write) {
        s.wUnit = unit;
        s.wClock = now;
        s.wInst = &in;
        s.wProxy = proxy;
      }
      continue;
    }
    if (unordered(s.wUnit, s.wClock))
      return report(c, in, owner, b, write, unit, "is not ordered after the",
                    s.wUnit, s.wInst, true);
    if (write && unordered(s.rUnit, s.rClock))
      return report(c, in, owner, b, write, unit, "is not ordered after the",
                    s.rUnit, s.rInst, false);
    // A generic write read by the async proxy needs fence.proxy.async in
    // the writer, after the write, happening before this read.
    if (!write && proxy == Proxy::Async && s.wUnit != ~0u &&
        s.wProxy == Proxy::Generic) {
      const auto &f = r.fences[s.wUnit];
      auto it = std::upper_bound(f.begin(), f.end(), s.wClock - 1);
      bool fenced = it != f.end() && *it >= s.wClock && vc[s.wUnit] >= *it;
      if (!fenced)
        return report(c, in, owner, b, write, unit,
                      "reads through the async proxy without a "
                      "fence.proxy.async after the",
                      s.wUnit, s.wInst, true);
    }
    if (write) {
      s.wUnit = unit;
      s.wClock = now;
      s.wInst = &in;
      s.wProxy = proxy;
      s.rUnit = ~0u;
    } else {
      s.rUnit = unit;
      s.rClock = now;
      s.rInst = &in;
    }
  }
  return true;
}

bool raceTmem(ExecCtx &c, const Inst &in, Cta &owner, uint32_t lane,
              uint32_t col, uint32_t cols, bool write, uint32_t unit,
              const VClock &vc) {
  RaceState &r = *c.cl.race;
  if (!r.raceCheck)
    return true;
  if (r.tmemShadow.size() <= owner.rank)
    r.tmemShadow.resize(owner.rank + 1);
  auto &sh = r.tmemShadow[owner.rank];
  if (sh.empty())
    sh.resize(size_t(Tmem::kLanes) * Tmem::kColumns);
  const uint32_t now = vc[unit];
  auto unordered = [&](uint32_t u, uint32_t clk) {
    return u != ~0u && u != unit && vc[u] < clk;
  };
  for (uint32_t k = col; k < col + cols && k < Tmem::kColumns; ++k) {
    ShadowByte &s = sh[size_t(lane) * Tmem::kColumns + k];
    uint32_t ou = ~0u;
    const Inst *oi = nullptr;
    bool ow = false;
    if (unordered(s.wUnit, s.wClock)) {
      ou = s.wUnit, oi = s.wInst, ow = true;
    } else if (write && unordered(s.rUnit, s.rClock)) {
      ou = s.rUnit, oi = s.rInst;
    }
    if (ou != ~0u) {
      std::ostringstream os;
      os << "Tensor Memory race at lane " << lane << ", column " << k
         << " of CTA (" << owner.ctaid[0] << "," << owner.ctaid[1] << ","
         << owner.ctaid[2] << "): " << (write ? "write" : "read") << " by "
         << describeUnit(c, unit) << "\n    at " << describeInst(c, &in)
         << "\n  is not ordered after the " << (ow ? "write" : "read") << " by "
         << describeUnit(c, ou) << "\n    at " << describeInst(c, oi);
      return c.fail(in, __builtin_ctz(c.w.exist ? c.w.exist : 1), os.str(),
                    719);
    }
    if (write) {
      s.wUnit = unit;
      s.wClock = now;
      s.wInst = &in;
      s.rUnit = ~0u;
    } else if (s.rUnit == ~0u || s.rUnit == unit || vc[s.rUnit] >= s.rClock) {
      // The latest read, unless an unordered earlier read by another unit
      // stays the one a later write must be ordered after.
      s.rUnit = unit;
      s.rClock = now;
      s.rInst = &in;
    }
  }
  return true;
}

bool raceAccessWarp(ExecCtx &c, const Inst &in, Cta &owner, uint64_t offset,
                    unsigned bytes, bool write) {
  uint32_t u = warpUnit(c);
  return raceAccess(c, in, owner, offset, bytes, write, Proxy::Generic, u,
                    c.cl.race->clocks[u]);
}

void raceRelease(ExecCtx &c, SyncClock &s) {
  RaceState &r = *c.cl.race;
  uint32_t u = warpUnit(c);
  joinInto(s.acc, r.clocks[u]);
  ++r.clocks[u][u];
}

void raceAcquire(RaceState &r, uint32_t unit, const SyncClock &s) {
  joinInto(r.clocks[unit], s.done);
}

void raceProxyFence(ExecCtx &c) {
  RaceState &r = *c.cl.race;
  uint32_t u = warpUnit(c);
  r.fences[u].push_back(r.clocks[u][u]);
  ++r.clocks[u][u];
  // cp.async writes are generic-proxy writes of the issuing thread (PTX ISA
  // "cp.async"): its fence covers the copies its waits have observed, i.e.
  // the cp.async ticks up to the warp's view of that unit.
  uint32_t cu = r.cpAsyncOf(u);
  uint32_t seen = r.clocks[u][cu];
  auto &f = r.fences[cu];
  if (seen && (f.empty() || f.back() < seen))
    f.push_back(seen);
}

VClock raceAsyncIssue(ExecCtx &c) {
  RaceState &r = *c.cl.race;
  uint32_t u = warpUnit(c);
  VClock snap = r.clocks[u];
  ++r.clocks[u][u];
  return snap;
}

} // namespace cute::emu
