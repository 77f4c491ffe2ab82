//===- Sm90Gmma.cpp - wgmma shared-memory descriptors from layouts --------===//
#include "cute/Atom/Sm90Gmma.h"

#include "cute/Layout/Expected.h"

#include "AtomDetail.h"

namespace cute::atom {

using layout::Int;
using layout::IntTuple;
using layout::Layout;
using layout::Swizzle;

namespace {

/// The static stride of sub-mode (i, j) of a divided layout; 0 for an
/// extent-1 sub-mode (its stride does not matter; CuTe's value is 0).
std::optional<int64_t> subStride(const Layout &l, size_t i, size_t j) {
  const IntTuple &s = l.shape[i], &d = l.stride[i];
  if (!s.isTuple() || s.rank() != 2 || !s[j].isInt() || !d[j].isInt())
    return std::nullopt;
  if (s[j].value().is(1))
    return 0;
  if (d[j].value().isDynamic())
    return std::nullopt;
  return d[j].value().value();
}

} // namespace

Expected<GmmaDescFields> deriveGmmaDesc(GmmaMajor major, const Layout &tile,
                                        const std::optional<Swizzle> &swizzle,
                                        unsigned elemBits) {
  // 4-bit elements: UMMA's packed e2m1 operands (kind::mxf4/mxf4nvf4),
  // two per byte; the canonical layouts are the same in 16-byte units.
  if (elemBits < 4 || elemBits > 32 || detail::log2Exact(elemBits) < 0)
    return detail::invalid(
        "GMMA operands of " + std::to_string(elemBits) +
        "-bit elements are not supported (8, 16 or 32 bits; 4 for UMMA's "
        "packed e2m1)");
  if (!tile.isStatic() || tile.rank() != 2)
    return detail::invalid("the GMMA operand tile \"" + tile.str() +
                           "\" must be a static (MN, K) layout");
  // The layout type from the swizzle (16-byte units x 8 rows).
  GmmaDescFields f;
  int w = 1;     // the swizzle atom's width in 16-byte units
  int kAtom = 8; // MN-major: the swizzle atom's K rows
  if (swizzle && detail::isBase32BSwizzle(*swizzle, elemBits)) {
    // UMMA's SWIZZLE_128B_BASE32B (CuTe's Sw<2,5,2>): MN-major
    // ((8,n),(4,k)):((1,LBO),(4,SBO)) in 16-byte units (CuTe's
    // make_umma_desc<Major::MN>); not defined for K-major.
    if (major == GmmaMajor::K)
      return detail::invalid(
          "swizzle " + swizzle->str() +
          " (the 128-byte swizzle with 32-byte atoms, UMMA's "
          "SWIZZLE_128B_BASE32B) describes MN-major operands only");
    f.layout = GmmaLayoutType::B128Base32B;
    w = 8;
    kAtom = 4;
  } else if (swizzle && !swizzle->isIdentity()) {
    std::optional<int> b = detail::chunkSwizzleBits(*swizzle, elemBits);
    if (!b)
      return detail::notChunkSwizzle(*swizzle, elemBits, "GMMA");
    w = 1 << *b;
    f.layout = *b == 3   ? GmmaLayoutType::B128
               : *b == 2 ? GmmaLayoutType::B64
                         : GmmaLayoutType::B32;
  }
  bool inter = f.layout == GmmaLayoutType::Interleave;

  auto canon = layout::guard([&]() -> std::pair<Layout, Layout> {
    Layout u = layout::recast(tile, int(elemBits), 128);
    Layout t0 = major == GmmaMajor::K ? Layout(IntTuple(8), IntTuple(1))
                                      : Layout(IntTuple(w), IntTuple(1));
    Layout t1 = major == GmmaMajor::K ? Layout(IntTuple(2), IntTuple(1))
                                      : Layout(IntTuple(kAtom), IntTuple(1));
    layout::Tile tiler;
    tiler.elems = {layout::Tile::ofLayout(t0), layout::Tile::ofLayout(t1)};
    return {u, layout::logicalDivide(u, tiler)};
  });
  if (!canon)
    return detail::invalid("the GMMA operand tile \"" + tile.str() +
                           "\" is not a canonical layout: " + canon.message());
  const Layout &u = canon->first, &c = canon->second;
  std::string what = std::string("a canonical GMMA ") +
                     (major == GmmaMajor::K ? "K" : "MN") +
                     "-major layout (in 16-byte units: " + u.str() + ")";
  if (major == GmmaMajor::K) {
    // ((8,n),2):((W,SBO),1), interleave: ((8,n),2):((1,SBO),LBO).
    int64_t mn = layout::size(u[0]).value(), k = layout::size(u[1]).value();
    if (mn % 8)
      return detail::invalid("the MN extent is " + std::to_string(mn) +
                             " rows; " + what + " needs a multiple of 8");
    if (k != 2)
      return detail::invalid(
          "the K extent is " + std::to_string(k) + " x 16 bytes; " + what +
          " needs 2 (K = " + std::to_string(256 / elemBits) + " elements)");
  } else {
    // ((W,n),(8,k)):((1,LBO),(W,SBO)), interleave
    // ((1,n),(8,k)):((X,SBO),(1,LBO)).
    int64_t k = layout::size(u[1]).value();
    if (k != 256 / int64_t(elemBits))
      return detail::invalid("the K extent is " + std::to_string(k) +
                             " elements; " + what + " needs " +
                             std::to_string(256 / elemBits));
  }
  std::optional<int64_t> s00 = subStride(c, 0, 0), s01 = subStride(c, 0, 1),
                         s10 = subStride(c, 1, 0), s11 = subStride(c, 1, 1);
  if (!s00 || !s01 || !s10 || !s11)
    return detail::invalid("the GMMA operand tile \"" + tile.str() +
                           "\" does not divide into core matrices: " + c.str());
  auto badStride = [&](const char *which, int64_t got, int64_t want) {
    return detail::invalid("the GMMA operand tile \"" + tile.str() +
                           "\" is not " + what + ": " + which + " stride is " +
                           std::to_string(got) + " where it must be " +
                           std::to_string(want));
  };
  if (major == GmmaMajor::K) {
    if (*s00 != w)
      return badStride("the row", *s00, w);
    if (!inter && *s10 != 1)
      return badStride("the 16-byte column", *s10, 1);
    f.sbo = uint32_t(*s01);
    f.lbo = uint32_t(*s10);
  } else {
    if (!inter && *s00 != 1)
      return badStride("the MN", *s00, 1);
    if (*s10 != w)
      return badStride("the K", *s10, w);
    f.sbo = uint32_t(inter ? *s01 : *s11);
    f.lbo = uint32_t(inter ? *s11 : *s01);
  }
  if (f.lbo >= (1u << 14) || f.sbo >= (1u << 14))
    return detail::invalid("the GMMA operand tile \"" + tile.str() +
                           "\" needs a byte offset of " +
                           std::to_string(16 * std::max(f.lbo, f.sbo)) +
                           " B; a descriptor holds at most " +
                           std::to_string(16 * ((1 << 14) - 1)));
  return f;
}

Expected<int64_t> gmmaKBlockOffsetBytes(const Layout &tile, int64_t mmaK,
                                        int64_t k, unsigned elemBits) {
  auto off = layout::guard([&] {
    IntTuple crd(
        std::vector<IntTuple>{IntTuple(int64_t(0)), IntTuple(k * mmaK)});
    return tile(crd).value().value();
  });
  if (!off)
    return detail::invalid("K block " + std::to_string(k) + " of \"" +
                           tile.str() + "\": " + off.message());
  return *off * int64_t(elemBits) / 8;
}

uint64_t encodeGmmaDesc(const GmmaDescFields &f, uint32_t startBytes) {
  uint64_t d = 0;
  d |= uint64_t((startBytes >> 4) & 0x3FFF);
  d |= uint64_t(f.lbo & 0x3FFF) << 16;
  d |= uint64_t(f.sbo & 0x3FFF) << 32;
  // B128Base32B has no sm_90a code: wgmma's verifier rejects it first.
  d |= uint64_t(uint8_t(f.layout) & 0x3) << 62;
  return d;
}

} // namespace cute::atom
