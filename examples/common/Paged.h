//===- Paged.h - Paged-cache test inputs of the decode drivers --*- C++ -*-===//
//
// What examples/decode-attention and examples/mla-decode both build to check
// a paged kernel: a block table over pages in a shuffled order (so the table
// matters) with spare pages, and which cache slots hold a valid key (the
// checks fill every other slot with NaN: a masked key that reached the
// result would show). MLIR-free.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_EXAMPLES_PAGED_H
#define CUTE_EXAMPLES_PAGED_H

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace cute::ex {

/// A block table [batch, maxPages] for contexts `lens` in pages of `page`
/// tokens: each sequence's pages in a shuffled order over `pages` = the
/// pages used + `spare`. A row's entries past its pages are -1 in odd
/// sequences and an unused page in even ones (a kernel must read
/// neither).
struct PagedTable {
  int64_t pages = 0, maxPages = 0;
  std::vector<int32_t> table;
};

inline PagedTable makePagedTable(const std::vector<int32_t> &lens, int64_t page,
                                 int64_t spare, std::mt19937_64 &rng) {
  PagedTable t;
  const int64_t batch = int64_t(lens.size());
  const int32_t maxCtx =
      lens.empty() ? 0 : *std::max_element(lens.begin(), lens.end());
  t.maxPages = std::max<int64_t>(1, (maxCtx + page - 1) / page);
  int64_t used = 0;
  for (int32_t l : lens)
    used += (l + page - 1) / page;
  t.pages = used + spare;
  std::vector<int32_t> perm(size_t(t.pages));
  for (size_t i = 0; i < perm.size(); ++i)
    perm[i] = int32_t(i);
  std::shuffle(perm.begin(), perm.end(), rng);
  const int32_t unused = perm[size_t(used)];
  t.table.assign(size_t(batch * t.maxPages), -1);
  int64_t next = 0;
  for (int64_t b = 0; b < batch; ++b)
    for (int64_t i = 0; i < t.maxPages; ++i)
      t.table[size_t(b * t.maxPages + i)] =
          i < (lens[size_t(b)] + page - 1) / page ? perm[size_t(next++)]
          : b % 2 == 0                            ? unused
                                                  : -1;
  return t;
}

/// Whether each of the pages x page cache slots holds a valid key of some
/// sequence (keys past a row's maxPages x page and entries outside the
/// cache, as the trap cases make, count as none).
inline std::vector<bool>
liveSlots(const PagedTable &t, const std::vector<int32_t> &lens, int64_t page) {
  std::vector<bool> live(size_t(t.pages * page), false);
  for (size_t b = 0; b < lens.size(); ++b)
    for (int64_t j = 0; j < lens[b] && j < t.maxPages * page; ++j) {
      int32_t pg = t.table[b * size_t(t.maxPages) + size_t(j / page)];
      if (pg >= 0 && pg < t.pages)
        live[size_t(pg * page + j % page)] = true;
    }
  return live;
}

/// The LSE check of the decode drivers: a row that saw no key must be -inf
/// exactly, every other within 2e-3 (absolute and relative). Returns
/// whether all pass and the largest difference (inf for a NaN).
struct LseCheck {
  bool ok = true;
  double maxErr = 0;
};
inline LseCheck compareLse(const std::vector<double> &ref,
                           const std::vector<float> &got) {
  LseCheck c;
  for (size_t i = 0; i < ref.size(); ++i) {
    if (std::isinf(ref[i])) {
      c.ok &= std::isinf(got[i]) && got[i] < 0;
      continue;
    }
    double e = std::fabs(double(got[i]) - ref[i]);
    c.maxErr = std::max(c.maxErr, std::isnan(e) ? INFINITY : e);
    c.ok &= e <= 2e-3 + 2e-3 * std::fabs(ref[i]);
  }
  return c;
}

/// The first four context lengths of a case, for its CHECK line.
inline std::string contextList(const std::vector<int32_t> &ctx) {
  std::string s;
  for (size_t i = 0; i < ctx.size() && i < 4; ++i)
    s += (i ? "," : "") + std::to_string(ctx[i]);
  if (ctx.size() > 4)
    s += ",...";
  return s;
}

} // namespace cute::ex

#endif // CUTE_EXAMPLES_PAGED_H
