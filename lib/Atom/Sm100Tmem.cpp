//===- Sm100Tmem.cpp - Tensor Memory copies of sm_100a --------------------===//
#include "cute/Atom/Sm100Tmem.h"

#include "cute/Layout/Expected.h"

#include "AtomDetail.h"

namespace cute::atom {

using layout::IntTuple;
using layout::Layout;

namespace {

IntTuple T(std::initializer_list<IntTuple> e) { return IntTuple(e); }

} // namespace

const char *tmemLdStShapeName(TmemLdStShape s) {
  switch (s) {
  case TmemLdStShape::S32x32b:
    return "32x32b";
  case TmemLdStShape::S16x64b:
    return "16x64b";
  case TmemLdStShape::S16x128b:
    return "16x128b";
  case TmemLdStShape::S16x256b:
    return "16x256b";
  case TmemLdStShape::S16x32bx2:
    return "16x32bx2";
  }
  return "?";
}

int tmemLdStLanes(TmemLdStShape s) {
  return s == TmemLdStShape::S32x32b ? 32 : 16;
}

int tmemLdStRegsPerRep(TmemLdStShape s) {
  switch (s) {
  case TmemLdStShape::S16x128b:
    return 2;
  case TmemLdStShape::S16x256b:
    return 4;
  default:
    return 1;
  }
}

int tmemLdStMaxNum(TmemLdStShape s) { return 128 / tmemLdStRegsPerRep(s); }

Status checkTmemLdSt(TmemLdStShape s, int64_t num) {
  int64_t max = tmemLdStMaxNum(s);
  if (num < 1 || num > max || detail::log2Exact(num) < 0)
    return detail::invalid(
        std::string("num = ") + std::to_string(num) + "; tcgen05.ld/st ." +
        tmemLdStShapeName(s) + " repeats a power of two in [1, " +
        std::to_string(max) + "] times (.x1 .. .x" + std::to_string(max) + ")");
  return okStatus();
}

int64_t tmemLdStRegs(TmemLdStShape s, int64_t num) {
  return tmemLdStRegsPerRep(s) * num;
}

int64_t tmemLdStColumns(TmemLdStShape s, int64_t num) {
  // Bits per lane of one repetition / 32; 16x32bx2 is two 16x32b accesses
  // `num` columns apart.
  switch (s) {
  case TmemLdStShape::S32x32b:
    return num;
  case TmemLdStShape::S16x64b:
  case TmemLdStShape::S16x32bx2:
    return 2 * num;
  case TmemLdStShape::S16x128b:
    return 4 * num;
  case TmemLdStShape::S16x256b:
    return 8 * num;
  }
  return 0;
}

Layout tmemLdStValId(TmemLdStShape s, int64_t num) {
  return Layout(T({tmemLdStColumns(s, num), int64_t(tmemLdStLanes(s))}),
                T({int64_t(1), kTmemLaneStride}));
}

Layout tmemLdStThrVal(TmemLdStShape s, int64_t n) {
  // CuTe's DstLayout (bits) divided by 32: each 32-bit register is one unit.
  switch (s) {
  case TmemLdStShape::S32x32b:
    // (32, 32n):(32n, 1) bits.
    return Layout(T({32, n}), T({n, 1}));
  case TmemLdStShape::S16x64b:
    // ((2,2,8),(32,n)):((512n,32,64n),(1,64)) bits.
    return Layout(T({T({2, 2, 8}), n}), T({T({16 * n, 1, 2 * n}), 2}));
  case TmemLdStShape::S16x128b:
    // ((4,8),(32,2,n)):((32,128n),(1,1024n,128)) bits.
    return Layout(T({T({4, 8}), T({2, n})}),
                  T({T({1, 4 * n}), T({32 * n, 4})}));
  case TmemLdStShape::S16x256b:
    // ((4,8),(64,2,n)):((64,256n),(1,2048n,256)) bits.
    return Layout(T({T({4, 8}), T({2, 2, n})}),
                  T({T({2, 8 * n}), T({1, 64 * n, 8})}));
  case TmemLdStShape::S16x32bx2:
    // ((16,2),32n):((64n,32n),1) bits.
    return Layout(T({T({16, 2}), n}), T({T({2 * n, n}), 1}));
  }
  return Layout();
}

TmemCoord tmemLdStCoord(TmemLdStShape s, int64_t num, int t, int j) {
  switch (s) {
  case TmemLdStShape::S32x32b:
    return {t, j};
  case TmemLdStShape::S16x64b:
    return {8 * (t % 2) + t / 4, 2 * j + (t / 2) % 2};
  case TmemLdStShape::S16x128b:
    return {t / 4 + 8 * (j % 2), t % 4 + 4 * (j / 2)};
  case TmemLdStShape::S16x256b:
    return {t / 4 + 8 * ((j / 2) % 2), 2 * (t % 4) + j % 2 + 8 * (j / 4)};
  case TmemLdStShape::S16x32bx2:
    return {t % 16, j + num * (t / 16)};
  }
  return {};
}

const char *tmemCpShapeName(TmemCpShape s) {
  switch (s) {
  case TmemCpShape::S128x256b:
    return "128x256b";
  case TmemCpShape::S128x128b:
    return "128x128b";
  case TmemCpShape::S64x128b:
    return "64x128b";
  case TmemCpShape::S32x128b:
    return "32x128b";
  }
  return "?";
}

const char *tmemCpMulticastName(TmemCpMulticast m) {
  switch (m) {
  case TmemCpMulticast::None:
    return "none";
  case TmemCpMulticast::Warpx2_02_13:
    return "warpx2_02_13";
  case TmemCpMulticast::Warpx2_01_23:
    return "warpx2_01_23";
  case TmemCpMulticast::Warpx4:
    return "warpx4";
  }
  return "?";
}

int tmemCpRows(TmemCpShape s) {
  switch (s) {
  case TmemCpShape::S128x256b:
  case TmemCpShape::S128x128b:
    return 128;
  case TmemCpShape::S64x128b:
    return 64;
  case TmemCpShape::S32x128b:
    return 32;
  }
  return 0;
}

int tmemCpRowBytes(TmemCpShape s) {
  return s == TmemCpShape::S128x256b ? 32 : 16;
}

Status checkTmemCp(TmemCpShape s, TmemCpMulticast m) {
  bool ok = false;
  const char *want = "";
  switch (s) {
  case TmemCpShape::S128x256b:
  case TmemCpShape::S128x128b:
    ok = m == TmemCpMulticast::None;
    want = "no multicast";
    break;
  case TmemCpShape::S64x128b:
    ok = m == TmemCpMulticast::Warpx2_02_13 ||
         m == TmemCpMulticast::Warpx2_01_23;
    want = "multicast warpx2_02_13 or warpx2_01_23";
    break;
  case TmemCpShape::S32x128b:
    ok = m == TmemCpMulticast::Warpx4;
    want = "multicast warpx4";
    break;
  }
  if (!ok)
    return detail::invalid(std::string("tcgen05.cp .") + tmemCpShapeName(s) +
                           " takes " + want + ", got " +
                           tmemCpMulticastName(m));
  return okStatus();
}

Expected<GmmaDescFields>
deriveTmemCpDesc(TmemCpShape s, const Layout &tile,
                 const std::optional<layout::Swizzle> &swizzle,
                 unsigned elemBits) {
  int rows = tmemCpRows(s), rowBytes = tmemCpRowBytes(s);
  std::string name = std::string("tcgen05.cp .") + tmemCpShapeName(s);
  if (elemBits < 8 || elemBits > 32 || detail::log2Exact(elemBits) < 0)
    return detail::invalid(name + " copies 8, 16 or 32-bit elements, got " +
                           std::to_string(elemBits) + "-bit ones");
  int64_t rowElems = int64_t(rowBytes) * 8 / elemBits;
  std::string want = "(" + std::to_string(rows) + "," +
                     std::to_string(rowElems) + ") (" + std::to_string(rows) +
                     " rows of " + std::to_string(rowBytes) + " bytes)";
  if (!tile.isStatic() || tile.rank() != 2 ||
      layout::size(tile[0]).value() != rows ||
      layout::size(tile[1]).value() != rowElems)
    return detail::invalid(name + " reads a shared-memory tile of shape " +
                           want + ", got \"" + tile.str() + "\"");
  if (rowBytes == 32)
    return deriveGmmaDesc(GmmaMajor::K, tile, swizzle, elemBits);
  if (swizzle && !swizzle->isIdentity())
    return detail::invalid(name +
                           " reads 16-byte rows without a swizzle, "
                           "got " +
                           swizzle->str());
  // In 16-byte units the tile is (rows, 1); its rows in groups of 8 are
  // (8, rows/8):(1, SBO).
  auto groups = layout::guard([&] {
    Layout u = layout::recast(tile, int(elemBits), 128);
    return layout::logicalDivide(u[0], Layout(IntTuple(8)));
  });
  if (!groups)
    return detail::invalid(
        name + ": the tile \"" + tile.str() +
        "\" is not made of 16-byte rows: " + groups.message());
  const Layout &c = *groups;
  if (!c.shape.isTuple() || c.rank() != 2 || !c.stride[0].isInt() ||
      !c.stride[1].isInt())
    return detail::invalid(name + ": the tile \"" + tile.str() +
                           "\" does not divide into 8-row core matrices (" +
                           c.str() + " in 16-byte units)");
  int64_t row = c.stride[0].value().value(), sbo = c.stride[1].value().value();
  if (row != 1)
    return detail::invalid(
        name + ": rows of the tile \"" + tile.str() + "\" are " +
        std::to_string(16 * row) +
        " bytes apart; a core matrix is 8 contiguous 16-byte rows");
  if (sbo <= 0 || sbo >= (1 << 14))
    return detail::invalid(name + ": 8-row groups of the tile \"" + tile.str() +
                           "\" are " + std::to_string(16 * sbo) +
                           " bytes apart; the descriptor holds a positive "
                           "multiple of 16 below " +
                           std::to_string(16 << 14));
  GmmaDescFields f;
  f.layout = GmmaLayoutType::Interleave;
  f.sbo = uint32_t(sbo);
  f.lbo = 0;
  return f;
}

} // namespace cute::atom
