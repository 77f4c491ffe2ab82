//===- Mla.h - MLA decode: plan and argument checks -------------*- C++ -*-===//
//
// The host side of kernel.mlir (mla_bf16): the split-KV plan and the checks
// a launch must pass before it runs, with messages that name the argument
// and the numbers. MLIR-free: the driver builds on the GPU machine.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_EXAMPLES_MLA_H
#define CUTE_EXAMPLES_MLA_H

#include <algorithm>
#include <climits>
#include <cstdint>
#include <string>
#include <vector>

namespace cute::mla {

/// What the kernel is built for: 576-wide K rows (512 latent + 64 rope),
/// V their first 512 columns, pages of 64 tokens, 64-row q tiles.
constexpr int64_t kDimK = 576, kDimV = 512, kPage = 64, kTileRows = 64;

/// One launch's sizes: q [batch, sq, hq, 576], o [batch, sq, hq, 512], the
/// cache [pages, 64, 576], the block table [batch, maxPages].
struct Problem {
  int64_t batch = 1, sq = 1, hq = 128, pages = 0, maxPages = 0;
};

/// The q tiles of a sequence (its sq x hq rows, 64 a tile).
inline int64_t rowTiles(const Problem &p) {
  return (p.sq * p.hq + kTileRows - 1) / kTileRows;
}

/// The split counters a launch needs (one i32 per sequence x q tile, zero
/// before the first launch; each launch leaves them zero).
inline int64_t counters(const Problem &p) { return p.batch * rowTiles(p); }

/// The split count with the least modeled time, in microseconds on the
/// H100: a CTA over `per` pages costs 2 per + 22 (a page about 2 us, its
/// prologue and epilogue 22 us), one CTA per SM (224 KB of shared memory),
/// so waves x (2 per + 22); splitting adds 12 + s (the last CTA's merge
/// reads every split). Fitted to the H100 run of 2026-12-07 (commit
/// c9019b2, bench/results/2026-12-07-h100-issue25/mla-c9019b2, the split
/// sweep of mla.txt.sweep): batch 1 at 16k keys took 96 us at 8 splits
/// and 82 at 16; at 4k, 50 at 8 and 55 at 16; batch 16 at 4k 148 us at
/// one split, 106 at two, 84 at four. At most 64 splits, each with at least
/// 2 pages; ties go to fewer.
inline int64_t planSplits(const Problem &p, int64_t maxCtx, int64_t sms) {
  const int64_t ctas = std::max<int64_t>(1, p.batch * rowTiles(p));
  const int64_t pages = std::max<int64_t>(1, (maxCtx + kPage - 1) / kPage);
  int64_t best = 1;
  int64_t bestCost = INT64_MAX;
  for (int64_t s = 1; s <= 64; ++s) {
    if (s > 1 && pages / s < 2)
      break;
    const int64_t per = (pages + s - 1) / s;
    const int64_t waves = (ctas * s + sms - 1) / std::max<int64_t>(sms, 1);
    const int64_t cost = waves * (2 * per + 22) + (s > 1 ? 12 + s : 0);
    if (cost < bestCost) {
      bestCost = cost;
      best = s;
    }
  }
  return best;
}

/// Why a launch cannot run ("" when it can): the kernel's fixed sizes, the
/// 32-bit element offsets of q, o and the split workspace, and (when the
/// host has them) every context against its block-table row and every
/// used block-table entry against the cache.
inline std::string checkLaunch(const Problem &p, int64_t splits,
                               const std::vector<int32_t> *ctx = nullptr,
                               const std::vector<int32_t> *table = nullptr) {
  auto s = [](int64_t v) { return std::to_string(v); };
  if (p.batch < 1 || p.sq < 1 || p.hq < 1)
    return "batch, sq and hq must be >= 1 (batch " + s(p.batch) + ", sq " +
           s(p.sq) + ", hq " + s(p.hq) + ")";
  if (p.sq > 8)
    return "sq " + s(p.sq) +
           ": the kernel takes 1 to 8 query tokens per "
           "sequence";
  if (p.pages < 1 || p.maxPages < 1)
    return "pages " + s(p.pages) + " and maxPages " + s(p.maxPages) +
           " must be >= 1";
  if (splits < 1 || splits > 64)
    return "splits " + s(splits) + " outside [1, 64]";
  const int64_t rows = p.batch * p.sq * p.hq;
  if (rows * kDimK >= (int64_t(1) << 31) ||
      splits * rows * kDimV >= (int64_t(1) << 31))
    return "batch x sq x hq = " + s(rows) + " rows with " + s(splits) +
           " splits: q, o or the split workspace exceeds 2^31 elements";
  if (p.pages * kPage >= (int64_t(1) << 31))
    return "pages " + s(p.pages) + ": the cache exceeds 2^31 token rows";
  if (ctx) {
    if (int64_t(ctx->size()) != p.batch)
      return "context lengths: " + s(int64_t(ctx->size())) +
             " entries for batch " + s(p.batch);
    for (int64_t b = 0; b < p.batch; ++b) {
      const int64_t c = (*ctx)[size_t(b)];
      if (c < 0 || c > p.maxPages * kPage)
        return "context length of sequence " + s(b) + " is " + s(c) +
               ": its block-table row holds " + s(p.maxPages) + " pages of " +
               s(kPage) + " = " + s(p.maxPages * kPage) + " tokens";
      if (c > 0 && c < p.sq)
        return "context length of sequence " + s(b) + " is " + s(c) +
               ", shorter than its " + s(p.sq) + " query tokens";
      if (!table)
        continue;
      for (int64_t i = 0; i < (c + kPage - 1) / kPage; ++i) {
        const int32_t pg = (*table)[size_t(b * p.maxPages + i)];
        if (pg < 0 || pg >= p.pages)
          return "block table entry [" + s(b) + ", " + s(i) + "] is " + s(pg) +
                 ": outside the cache's " + s(p.pages) + " pages";
      }
    }
  }
  return "";
}

} // namespace cute::mla

#endif // CUTE_EXAMPLES_MLA_H
