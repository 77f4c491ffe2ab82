//===- Decode.h - Paged decode attention: plan and argument checks -*- C++
//-*-===//
//
// The host side of kernel.mlir (decode_<T>_d<D>):
// the split-KV plan (how many splits keep the GPU full) and the checks a
// launch must pass before it runs, with messages that name the argument
// and the numbers. MLIR-free: the driver builds on the GPU machine.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_EXAMPLES_DECODE_H
#define CUTE_EXAMPLES_DECODE_H

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

namespace cute::decode {

/// One decode launch's sizes. The caches hold `slots` = pages x page token
/// rows of hkv x d elements each (`ldkv` elements apart); q and o hold
/// batch x ntok token rows of hq x d elements (`ldq`, `ldo` apart).
struct Problem {
  int64_t batch = 1, ntok = 1, hq = 32, hkv = 8, d = 128;
  int64_t page = 16, pages = 0, maxPages = 0;
  int64_t ldq = 0, ldkv = 0, ldo = 0;
  /// Bytes of a cache element: 2 (bf16) or 1 (e4m3).
  int64_t kvBytes = 2;
};

/// Chunks of rowsPerCta q rows (a GQA group's heads x tokens) per kv head:
/// 16 for the mma.sync kernel, 128 for the sm_100a tcgen05 one.
inline int64_t rowChunks(const Problem &p, int64_t rowsPerCta = 16) {
  return (p.hq / p.hkv * p.ntok + rowsPerCta - 1) / rowsPerCta;
}

/// The split counters a launch needs (one i32 per sequence x kv head x row
/// chunk of 16, enough for either kernel; zero before the first launch; each
/// launch leaves them zero): the last of a group's split CTAs merges the
/// splits.
inline int64_t counters(const Problem &p) {
  return p.batch * p.hkv * rowChunks(p);
}

/// The split-KV plan: `splits` CTAs per (kv head, row chunk, sequence),
/// each over `chunk` keys (a multiple of 16).
struct Plan {
  int64_t splits = 1, chunk = 16;
};

/// The split count with the least modeled time, in units of one key's
/// time in a CTA: a split of `chunk` keys (a multiple of 16, at least 64:
/// one block per warp) costs chunk + 128 (128 for its fixed prologue and
/// epilogue), the CTAs run in waves of `ctasPerSm` per SM, and the last
/// CTA's merge reads every split (14 a split), so the time is waves x
/// (chunk + 128) + 14 splits. At most 64 splits; ties go to fewer. A count
/// that spills a few CTAs into a second wave loses to one that fills one
/// wave. (Fitted to an H100 at batch 1, 2026-12-07: 16 splits best at 4k
/// keys, 32 at 16k; bench/results/2026-12-07-h100-issue25.)
inline Plan planSplits(const Problem &p, int64_t maxCtx, int64_t sms,
                       int64_t ctasPerSm = 3, int64_t rowsPerCta = 16) {
  const int64_t ctas =
      std::max<int64_t>(1, p.batch * p.hkv * rowChunks(p, rowsPerCta));
  const int64_t slots = std::max<int64_t>(1, sms * ctasPerSm);
  const int64_t ctx = std::max<int64_t>(maxCtx, 1);
  const int64_t most = std::clamp<int64_t>((ctx + 63) / 64, 1, 64);
  Plan best;
  int64_t bestCost = -1;
  for (int64_t want = 1; want <= most; ++want) {
    int64_t chunk = ((ctx + want - 1) / want + 15) / 16 * 16;
    int64_t s = (ctx + chunk - 1) / chunk;
    int64_t waves = (ctas * s + slots - 1) / slots;
    int64_t cost = waves * (chunk + 128) + 14 * s;
    if (bestCost < 0 || cost < bestCost ||
        (cost == bestCost && s < best.splits)) {
      bestCost = cost;
      best.splits = s;
      best.chunk = chunk;
    }
  }
  return best;
}

/// The checks the host can make before a launch: the head counts the
/// kernel was built for, strides, and (when the host holds them) each
/// sequence's context length against its block-table row and every page
/// index it reads against the cache. Empty when the launch may run.
inline std::string checkLaunch(const Problem &p, int64_t kernelD,
                               const std::vector<int32_t> *ctx,
                               const std::vector<int32_t> *table) {
  auto n = [](int64_t v) { return std::to_string(v); };
  if (p.d != kernelD)
    return "head dim " + n(p.d) +
           ": the kernel was built for d = " + n(kernelD);
  if (p.hkv < 1 || p.hq < 1 || p.hq % p.hkv != 0)
    return "q heads (" + n(p.hq) +
           ") must be a positive multiple of kv heads (" + n(p.hkv) + ")";
  if (p.ntok < 1 || p.ntok > 8)
    return "tokens per sequence " + n(p.ntok) + " outside 1..8";
  if (p.page < 1)
    return "page size " + n(p.page) + " must be at least 1";
  // 16-byte slot rows: the kernel's 16-byte loads (and cp.async copies)
  // of V rows start at slot x ldkv.
  const int64_t align = 16 / std::max<int64_t>(p.kvBytes, 1);
  if (p.ldkv % align != 0 || p.ldkv < p.hkv * p.d)
    return "kv row stride " + n(p.ldkv) + " must be a multiple of " + n(align) +
           " (16 bytes) and at least hkv x d = " + n(p.hkv * p.d);
  if (p.ldq < p.hq * p.d || p.ldo < p.hq * p.d)
    return "q/o row strides (" + n(p.ldq) + ", " + n(p.ldo) +
           ") must be at least hq x d = " + n(p.hq * p.d);
  if (ctx) {
    if (int64_t(ctx->size()) != p.batch)
      return "context lengths: " + n(int64_t(ctx->size())) +
             " entries for a batch of " + n(p.batch);
    for (int64_t b = 0; b < p.batch; ++b) {
      int64_t c = (*ctx)[size_t(b)];
      if (c < 0)
        return "context length of sequence " + n(b) + " is negative (" + n(c) +
               ")";
      if (c > p.maxPages * p.page)
        return "context length of sequence " + n(b) + " (" + n(c) +
               ") exceeds its block-table row: " + n(p.maxPages) +
               " pages of " + n(p.page) + " = " + n(p.maxPages * p.page) +
               " tokens";
      if (table)
        for (int64_t i = 0; i < (c + p.page - 1) / p.page; ++i) {
          int64_t pg = (*table)[size_t(b * p.maxPages + i)];
          if (pg < 0 || pg >= p.pages)
            return "block table [" + n(b) + ", " + n(i) + "] = " + n(pg) +
                   " is outside the cache's " + n(p.pages) + " pages";
        }
    }
  }
  return "";
}

/// The KV append's slot mapping (one entry per token, negative: not
/// stored) against the caches' `slots` rows, where the host holds it.
/// Empty when every entry is in range.
inline std::string checkSlotMapping(const std::vector<int32_t> &mapping,
                                    int64_t slots) {
  for (size_t t = 0; t < mapping.size(); ++t)
    if (mapping[t] >= slots)
      return "slot mapping [" + std::to_string(t) +
             "] = " + std::to_string(mapping[t]) + " is outside the caches' " +
             std::to_string(slots) + " slots";
  return "";
}

} // namespace cute::decode

#endif // CUTE_EXAMPLES_DECODE_H
