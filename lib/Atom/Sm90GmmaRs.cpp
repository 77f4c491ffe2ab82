//===- Sm90GmmaRs.cpp - wgmma accumulators as register A operands ---------===//
#include "cute/Atom/Sm90GmmaRs.h"

#include "cute/Atom/MmaAtoms.h"

#include "AtomDetail.h"

#include <map>

namespace cute::atom {

int64_t rsWgmmaK(unsigned elemBits) {
  return elemBits == 16 ? 16 : elemBits == 8 ? 32 : 0;
}

Expected<std::vector<AccumulatorElement>>
rsOperandSources(unsigned elemBits, int64_t n, int64_t kBlock) {
  int64_t k = rsWgmmaK(elemBits);
  if (!k)
    return detail::invalid("register-A wgmma takes 16- or 8-bit A, not " +
                           std::to_string(elemBits) + "-bit");
  if (n % k || kBlock < 0 || kBlock >= n / k)
    return detail::invalid("K block " + std::to_string(kBlock) +
                           " of an accumulator with N = " + std::to_string(n) +
                           " (K = " + std::to_string(k) + ")");
  auto c = mmaAtomLayouts(MmaAtomKind::Sm90_64xNx16_SS, n);
  if (!c)
    return c.error();
  auto a = mmaAtomLayouts(
      k == 16 ? MmaAtomKind::Sm90_64xNx16_RS : MmaAtomKind::Sm90_64xNx32_RS, n);
  if (!a)
    return a.error();
  auto at = [](const layout::Layout &l, int64_t i) {
    return l(layout::IntTuple(i)).value().value();
  };
  // (row + 64 * column) of the accumulator -> its (thread, value).
  std::map<int64_t, AccumulatorElement> owner;
  int64_t cVals = n / 2;
  for (int64_t v = 0; v < cVals; ++v)
    for (int64_t t = 0; t < 128; ++t)
      owner[at(c->c, t + 128 * v)] = {t, v};
  int64_t aVals = k / 2;
  std::vector<AccumulatorElement> r(size_t(128 * aVals));
  for (int64_t v = 0; v < aVals; ++v)
    for (int64_t t = 0; t < 128; ++t) {
      int64_t off = at(a->a, t + 128 * v); // row + 64 * column of (64, K)
      int64_t row = off % 64, col = off / 64;
      r[size_t(t * aVals + v)] = owner.at(row + 64 * (kBlock * k + col));
    }
  return r;
}

int64_t rsF8PairValue(int g, int h, int hi) { return 4 * g + 2 * h + hi; }

int rsF8SentWord(int q, int s) { return (q % 2) ^ s; }

int rsF8SourceLane(int q, int s) { return (((q & 1) << 1) | (q >> 1)) ^ s; }

uint32_t rsF8Selector(int q, int u) {
  // prmt bytes 0-3 are X's, 4-7 Y's; the lane of the low pair (2 (q % 2))
  // is X for q < 2 and Y for q >= 2; u = 1 takes the words' high halves.
  if (q < 2)
    return u ? 0x7632 : 0x5410;
  return u ? 0x3276 : 0x1054;
}

} // namespace cute::atom
