//===- Sm90Tma.cpp - TMA descriptor fields from layouts -------------------===//
#include "cute/Atom/Sm90Tma.h"

#include "AtomDetail.h"

#include <algorithm>
#include <numeric>

namespace cute::atom {

using layout::Int;
using layout::IntTuple;
using layout::Layout;
using layout::Swizzle;

namespace {

/// The flat leaves of the top-level modes; false when a mode is nested.
bool flatModes(const Layout &l, std::vector<Int> &shape,
               std::vector<Int> &stride) {
  if (!l.shape.isTuple()) {
    shape.push_back(l.shape.value());
    stride.push_back(l.stride.value());
    return true;
  }
  for (size_t i = 0; i < l.shape.rank(); ++i) {
    if (!l.shape[i].isInt() || !l.stride[i].isInt())
      return false;
    shape.push_back(l.shape[i].value());
    stride.push_back(l.stride[i].value());
  }
  return true;
}

} // namespace

std::optional<Swizzle> tmaSwizzle(int bytes, unsigned elemBits) {
  if (bytes == 0 || elemBits < 8)
    return std::nullopt;
  int b = bytes == 32 ? 1 : bytes == 64 ? 2 : 3;
  return Swizzle(b, 4 - detail::log2Exact(elemBits / 8), 3);
}

Expected<TmaBox> deriveTmaBox(const Layout &smem,
                              const std::optional<Swizzle> &swizzle,
                              unsigned elemBits) {
  if (elemBits < 8 || elemBits % 8 || detail::log2Exact(elemBits / 8) < 0)
    return detail::invalid(
        "TMA boxes of " + std::to_string(elemBits) +
        "-bit elements are not supported (8, 16, 32 or 64 bits)");
  int64_t elemBytes = elemBits / 8;
  std::vector<Int> shape, stride;
  if (!flatModes(smem, shape, stride))
    return detail::invalid(
        "box layout \"" + smem.str() +
        "\" has a nested mode; each mode of a TMA box is one "
        "dimension");
  int rank = int(shape.size());
  if (rank < 1 || rank > kTmaMaxRank)
    return detail::invalid(
        "box layout \"" + smem.str() + "\" has rank " + std::to_string(rank) +
        "; TMA boxes have rank 1 to " + std::to_string(kTmaMaxRank));
  for (int i = 0; i < rank; ++i)
    if (shape[i].isDynamic() || stride[i].isDynamic())
      return detail::invalid("box layout \"" + smem.str() + "\" is not static");
  for (int i = 0; i < rank; ++i) {
    int64_t e = shape[i].value();
    if (e < 1 || e > kTmaMaxBoxDim)
      return detail::invalid("box mode " + std::to_string(i) + " has " +
                             std::to_string(e) + " elements; TMA allows 1 to " +
                             std::to_string(kTmaMaxBoxDim));
  }

  // Dimension 0: the mode of stride 1 (with more than one element);
  // the others by increasing stride, and they must be compact.
  TmaBox box;
  std::vector<int> order(rank);
  std::iota(order.begin(), order.end(), 0);
  auto key = [&](int m) {
    // Extent-1 modes do not constrain the image: put them last.
    return shape[m].value() == 1 ? INT64_MAX : stride[m].value();
  };
  std::stable_sort(order.begin(), order.end(),
                   [&](int a, int b) { return key(a) < key(b); });
  int64_t expect = 1;
  for (int m : order) {
    int64_t e = shape[m].value(), s = stride[m].value();
    if (e != 1 && s != expect)
      return detail::invalid(
          "box layout \"" + smem.str() + "\" is not compact: mode " +
          std::to_string(m) + " has stride " + std::to_string(s) +
          " where a TMA box (dimension " + std::to_string(box.dims.size()) +
          ", innermost first) has stride " + std::to_string(expect));
    box.dimModes.push_back(m);
    box.dims.push_back(e);
    expect *= e;
  }
  int64_t innerBytes = box.dims[0] * elemBytes;
  if (innerBytes % 16)
    return detail::invalid("box mode " + std::to_string(box.dimModes[0]) +
                           " (innermost) has " + std::to_string(box.dims[0]) +
                           " elements = " + std::to_string(innerBytes) +
                           " bytes; TMA needs a multiple of 16 bytes");
  box.bytes = expect * elemBytes;

  if (swizzle && !swizzle->isIdentity()) {
    const Swizzle &s = *swizzle;
    std::optional<int> b = detail::chunkSwizzleBits(s, elemBits);
    if (!b)
      return detail::notChunkSwizzle(s, elemBits, "TMA");
    box.swizzleBytes = 16 << *b;
    if (innerBytes > box.swizzleBytes)
      return detail::invalid(
          "box mode " + std::to_string(box.dimModes[0]) +
          " (innermost) spans " + std::to_string(innerBytes) +
          " bytes, more than the " + std::to_string(box.swizzleBytes) +
          "-byte swizzle");
    box.smemAlign = int64_t(box.swizzleBytes) * 8;
  }
  return box;
}

Expected<std::vector<TmaGlobalDim>>
deriveTmaGlobal(const Layout &gmem, const TmaBox &box, unsigned elemBits) {
  std::vector<Int> shape, stride;
  if (!flatModes(gmem, shape, stride))
    return detail::invalid(
        "global tensor layout \"" + gmem.str() +
        "\" has a nested mode; each mode is one TMA dimension");
  if (shape.size() != box.dims.size())
    return detail::invalid("global tensor layout \"" + gmem.str() +
                           "\" has rank " + std::to_string(shape.size()) +
                           " but the box has rank " +
                           std::to_string(box.dims.size()));
  int64_t elemBytes = elemBits / 8;
  std::vector<TmaGlobalDim> dims;
  for (size_t d = 0; d < box.dimModes.size(); ++d) {
    int m = box.dimModes[d];
    const Int &s = stride[m];
    if (d == 0) {
      if (!s.is(1))
        return detail::invalid(
            "mode " + std::to_string(m) + " of the global tensor \"" +
            gmem.str() + "\" has stride " +
            (s.isStatic() ? s.str() : std::string("?")) +
            "; it is the box's contiguous mode, so TMA needs "
            "stride 1 (a static 1)");
    } else if (s.isStatic()) {
      int64_t bytes = s.value() * elemBytes;
      if (bytes <= 0 || bytes % 16)
        return detail::invalid(
            "mode " + std::to_string(m) + " of the global tensor \"" +
            gmem.str() + "\" has stride " + std::to_string(s.value()) +
            " elements = " + std::to_string(bytes) +
            " bytes; TMA needs a positive multiple of 16 bytes");
    }
    dims.push_back({shape[m], s});
  }
  return dims;
}

} // namespace cute::atom
