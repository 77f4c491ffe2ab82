//===- MmaReduction.cpp - Row/column reductions of MMA C fragments --------===//
#include "cute/Atom/MmaReduction.h"

#include "AtomDetail.h"

#include "cute/Layout/Expected.h"

#include <algorithm>
#include <map>
#include <set>

namespace cute::atom {

using layout::Layout;

namespace {

std::string str(int64_t v) { return std::to_string(v); }

/// "0, 1, 2, 3" (at most 8 listed, then "... (N in all)").
std::string listOf(const std::vector<int64_t> &v) {
  std::string s;
  for (size_t i = 0; i < v.size() && i < 8; ++i)
    s += (i ? ", " : "") + str(v[i]);
  if (v.size() > 8)
    s += ", ... (" + str(int64_t(v.size())) + " in all)";
  return s;
}

bool isPowerOfTwo(int64_t v) { return v > 0 && (v & (v - 1)) == 0; }

/// A static layout as its leaves, evaluated at a flat index without the
/// general (symbolic) evaluation: plans enumerate every element.
struct FlatLayout {
  std::vector<int64_t> shape, stride;
  bool integral = true; ///< no scaled-basis stride
  explicit FlatLayout(const Layout &l) {
    for (const layout::IntTuple &s : layout::flattenLeaves(l.shape))
      shape.push_back(s.value().value());
    for (const layout::IntTuple &d : layout::flattenLeaves(l.stride)) {
      integral &= d.isInt();
      stride.push_back(d.value().value());
    }
  }
  int64_t operator()(int64_t flat) const {
    int64_t r = 0;
    for (size_t i = 0; i < shape.size(); ++i) {
      r += flat % shape[i] * stride[i];
      flat /= shape[i];
    }
    return r;
  }
};

} // namespace

const char *mmaReduceLineName(MmaReduceAxis axis) {
  return axis == MmaReduceAxis::Rows ? "row" : "column";
}

std::string MmaReductionPlan::crossWarpReason() const {
  if (warpXors.empty())
    return "";
  // The owners of thread 0's first row (column).
  int64_t l = line(0, 0);
  std::vector<int64_t> owners, warps;
  for (int64_t t = 0; t < threads; ++t)
    for (int64_t j = 0; j < slots; ++j)
      if (line(t, j) == l) {
        owners.push_back(t);
        if (warps.empty() || warps.back() != t / warpSize)
          warps.push_back(t / warpSize);
      }
  std::string xors;
  for (int64_t x : warpXors)
    xors += (xors.empty() ? "" : ", ") + str(x);
  return std::string(mmaReduceLineName(axis)) + " " + str(l) + " of the (" +
         str(rows) + "," + str(cols) + ") tile is held by warps " +
         listOf(warps) + " (threads " + listOf(owners) + "; thread xor " +
         xors + ")";
}

Expected<MmaReductionPlan> planMmaReduction(const Layout &tv, int64_t rows,
                                            int64_t cols, MmaReduceAxis axis,
                                            int64_t warpSize) {
  const char *what = mmaReduceLineName(axis);
  if (!tv.isStatic() || tv.rank() != 2)
    return detail::invalid("the thread-value layout " + tv.str() +
                           " must be static with two modes (thread, value)");
  if (!isPowerOfTwo(warpSize))
    return detail::invalid("warp size " + str(warpSize) +
                           " is not a power of two");
  MmaReductionPlan p;
  p.axis = axis, p.rows = rows, p.cols = cols, p.warpSize = warpSize;
  p.threads = layout::size(tv[0]).value();
  p.values = layout::size(tv[1]).value();
  int64_t tile = rows * cols;
  if (rows <= 0 || cols <= 0 || p.threads * p.values != tile)
    return detail::invalid("the thread-value layout " + tv.str() + " holds " +
                           str(p.threads) + " x " + str(p.values) +
                           " values; the (" + str(rows) + "," + str(cols) +
                           ") tile has " + str(tile) + " elements");
  // Element -> (thread, value); every element exactly once.
  FlatLayout flatTV(tv);
  if (!flatTV.integral)
    return detail::invalid("the thread-value layout " + tv.str() +
                           " must map to integer indices, not coordinates");
  std::vector<int64_t> owner(size_t(tile), -1);
  std::vector<int64_t> lineOfTV(static_cast<size_t>(tile));
  for (int64_t v = 0; v < p.values; ++v)
    for (int64_t t = 0; t < p.threads; ++t) {
      int64_t flat = t + p.threads * v;
      int64_t idx = flatTV(flat);
      if (idx < 0 || idx >= tile)
        return detail::invalid("the thread-value layout " + tv.str() +
                               " maps thread " + str(t) + " value " + str(v) +
                               " to index " + str(idx) + ", outside the (" +
                               str(rows) + "," + str(cols) + ") tile");
      if (owner[size_t(idx)] >= 0) {
        int64_t o = owner[size_t(idx)];
        return detail::invalid(
            "the thread-value layout " + tv.str() + " holds element (" +
            str(idx % rows) + "," + str(idx / rows) + ") twice (thread " +
            str(o % p.threads) + " value " + str(o / p.threads) +
            " and thread " + str(t) + " value " + str(v) +
            "); a reduction needs each element held once");
      }
      owner[size_t(idx)] = flat;
      lineOfTV[size_t(flat)] =
          axis == MmaReduceAxis::Rows ? idx % rows : idx / rows;
    }
  // Each thread's rows, ascending: its slots.
  for (int64_t t = 0; t < p.threads; ++t) {
    std::vector<int64_t> lines;
    for (int64_t v = 0; v < p.values; ++v)
      lines.push_back(lineOfTV[size_t(t + p.threads * v)]);
    std::sort(lines.begin(), lines.end());
    lines.erase(std::unique(lines.begin(), lines.end()), lines.end());
    if (t == 0)
      p.slots = int64_t(lines.size());
    else if (int64_t(lines.size()) != p.slots)
      return detail::invalid(
          "thread " + str(t) + " holds " + str(int64_t(lines.size())) + " " +
          what + "s of the (" + str(rows) + "," + str(cols) +
          ") tile and thread 0 holds " + str(p.slots) + "; a per-" + what +
          " fragment needs the same count in every thread");
    p.lineOf.insert(p.lineOf.end(), lines.begin(), lines.end());
  }
  auto slotOf = [&](int64_t t, int64_t l) {
    auto b = p.lineOf.begin() + t * p.slots;
    return int64_t(std::lower_bound(b, b + p.slots, l) - b);
  };
  for (int64_t v = 0; v < p.values; ++v) {
    int64_t s0 = slotOf(0, lineOfTV[size_t(p.threads * v)]);
    for (int64_t t = 1; t < p.threads; ++t) {
      int64_t s = slotOf(t, lineOfTV[size_t(t + p.threads * v)]);
      if (s != s0)
        return detail::invalid(
            "value " + str(v) + " is in " + what + " slot " + str(s0) +
            " of thread 0 but in slot " + str(s) + " of thread " + str(t) +
            "; the values of a fragment must belong to the same slot in "
            "every thread");
    }
    p.slotOfValue.push_back(s0);
  }
  // The threads holding each row: one coset of the same xor group G.
  std::map<int64_t, std::vector<int64_t>> owners;
  for (int64_t t = 0; t < p.threads; ++t)
    for (int64_t j = 0; j < p.slots; ++j)
      owners[p.line(t, j)].push_back(t);
  int64_t l0 = p.line(0, 0);
  std::set<int64_t> group;
  for (int64_t o : owners[l0])
    group.insert(o ^ owners[l0].front());
  auto notLaneBits = [&](int64_t l, const std::vector<int64_t> &o) {
    return detail::invalid(
        "the threads holding " + std::string(what) + " " + str(l) + " (" +
        listOf(o) + ") are not the threads holding " + what + " " + str(l0) +
        " (" + listOf(owners[l0]) +
        ") moved by one xor: no butterfly of shuffles combines them");
  };
  for (int64_t a : group)
    for (int64_t b : group)
      if (!group.count(a ^ b))
        return detail::invalid(
            "the threads holding " + std::string(what) + " " + str(l0) + " (" +
            listOf(owners[l0]) + ") are not closed under xor (" +
            str(owners[l0].front() ^ a) + " and " +
            str(owners[l0].front() ^ b) + " differ by " + str(a ^ b) + ", " +
            str(owners[l0].front()) + " and " +
            str(owners[l0].front() ^ a ^ b) +
            " do not share it): no butterfly of shuffles combines them");
  for (const auto &[l, o] : owners) {
    std::vector<int64_t> want;
    for (int64_t g : group)
      want.push_back(o.front() ^ g);
    std::sort(want.begin(), want.end());
    if (want != o)
      return notLaneBits(l, o);
  }
  // A basis of G, smallest elements first: single bits when G is a set of
  // lane (thread index) bits.
  std::set<int64_t> span = {0};
  for (int64_t g : group) {
    if (span.count(g))
      continue;
    if (!isPowerOfTwo(g))
      return detail::invalid("the threads holding " + std::string(what) + " " +
                             str(l0) + " (" + listOf(owners[l0]) +
                             ") differ by xor " + str(g) +
                             ", which is not one bit of the thread index");
    (g < warpSize ? p.shuffleXors : p.warpXors).push_back(g);
    std::set<int64_t> more = span;
    for (int64_t s : span)
      more.insert(s ^ g);
    span = std::move(more);
  }
  return p;
}

Expected<MmaReductionPlan> planMmaReduction(const TiledMma &t, int64_t rows,
                                            int64_t cols, MmaReduceAxis axis) {
  auto threads = tiledMmaThreads(t);
  if (!threads)
    return threads.error();
  if (*threads % 32)
    return detail::invalid(
        "the tiled MMA of " + t.atom.name + " has " + str(*threads) +
        " thread(s); its C is not a register fragment of whole warps");
  auto tv = tiledMmaTV(t, MmaOperand::C, rows, cols);
  if (!tv)
    return tv.error();
  return planMmaReduction(*tv, rows, cols, axis, 32);
}

} // namespace cute::atom
