//===- Sm120BlockScaledFragments.cpp - mma.sync block_scale registers -----===//
//
// Every placement below is read off the atom's layouts: the A/B/C layouts
// map (lane, value) to the column-major index of the tile, the SFA/SFB
// layouts map (lane, k) to the element of (rows, K) whose scale the lane
// holds. Nothing here restates the PTX fragment tables; the unit tests
// compare the result with them.
//
//===----------------------------------------------------------------------===//
#include "cute/Atom/Sm120BlockScaledFragments.h"

#include "AtomDetail.h"

#include <string>

namespace cute::atom {

using layout::Layout;

namespace {

constexpr int kLanes = 32;

int64_t sizeOf(const Layout &l) { return layout::size(l).value(); }

bool isF8F6F4Element(NarrowFloatKind k) {
  return k == NarrowFloatKind::F4E2M1FN || k == NarrowFloatKind::F6E2M3FN ||
         k == NarrowFloatKind::F6E3M2FN || k == NarrowFloatKind::F8E4M3FN ||
         k == NarrowFloatKind::F8E5M2;
}

Status checkAtom(const MmaAtomLayouts &atom) {
  if (!atom.sfa || !atom.sfb || atom.m != 16 || atom.n != 8 ||
      (atom.k != 64 && atom.k != 32) || sizeOf(atom.thr) != kLanes)
    return detail::invalid(atom.name + " is not an sm_120a block-scaled "
                                       "mma.sync atom (m16n8k64 or m16n8k32)");
  return okStatus();
}

Status checkLane(int lane) {
  if (lane < 0 || lane >= kLanes)
    return detail::invalid("lane " + std::to_string(lane) +
                           " is outside the warp (0 .. 31)");
  return okStatus();
}

Status checkKind(unsigned bits, NarrowFloatKind kind) {
  if (bits == 4 && kind != NarrowFloatKind::F4E2M1FN)
    return detail::invalid(std::string("m16n8k64 block_scale operands are "
                                       "f4E2M1FN, not ") +
                           narrowFloatFormat(kind).name);
  if (!isF8F6F4Element(kind))
    return detail::invalid(std::string(narrowFloatFormat(kind).name) +
                           " is not an mxf8f6f4 element format");
  return okStatus();
}

/// A or B of `lane`: R registers of `bits`-bit elements.
template <size_t R>
std::array<uint32_t, R> packOperand(const Layout &tv, int64_t rows, int64_t k,
                                    unsigned bits, NarrowFloatKind kind,
                                    const uint8_t *tile, int lane) {
  std::array<uint32_t, R> regs{};
  for (int64_t v = 0, values = sizeOf(tv[1]); v < values; ++v) {
    int64_t idx = tv.eval(lane + kLanes * v);
    uint8_t code = tile[(idx % rows) * k + idx / rows];
    uint32_t bitsOut = bits == 8 ? f8f6f4Container(kind, code) : code & 0xFu;
    regs[size_t(v * bits / 32)] |= bitsOut << (v * bits % 32);
  }
  return regs;
}

template <size_t R>
Expected<std::vector<uint8_t>>
unpackOperand(const Layout &tv, int64_t rows, int64_t k, unsigned bits,
              NarrowFloatKind kind,
              const PerLane<std::array<uint32_t, R>> &regs) {
  std::vector<uint8_t> tile(size_t(rows * k), 0);
  std::vector<bool> seen(tile.size(), false);
  uint32_t mask = (1u << bits) - 1;
  for (int lane = 0; lane < kLanes; ++lane)
    for (int64_t v = 0, values = sizeOf(tv[1]); v < values; ++v) {
      int64_t idx = tv.eval(lane + kLanes * v);
      size_t at = size_t((idx % rows) * k + idx / rows);
      auto field = uint8_t(
          (regs[size_t(lane)][size_t(v * bits / 32)] >> (v * bits % 32)) &
          mask);
      tile[at] = bits == 8 ? f8f6f4Code(kind, field) : field;
      if (seen[at])
        return detail::invalid("layout " + tv.str() + " holds element " +
                               std::to_string(idx) + " twice");
      seen[at] = true;
    }
  return tile;
}

/// Scale vectors per atom and the byte-id rule of PTX's Table 37.
Status checkByteId(int64_t vectors, unsigned byteId) {
  if (byteId % vectors == 0 && byteId + vectors <= 4)
    return okStatus();
  std::string allowed = vectors == 1 ? "0 .. 3" : vectors == 2 ? "0 or 2" : "0";
  return detail::invalid(
      "byte-id " + std::to_string(byteId) + " with " + std::to_string(vectors) +
      " scale vectors per row (scale_vec::" + std::to_string(vectors) +
      "X); PTX allows " + allowed);
}

/// The thread sub-mode of a scale layout with stride 0 (the lanes holding
/// the same scales): lane coordinate (lane / below) % extent.
struct Selector {
  int64_t below = 1, extent = 1;
};

Selector selectorOf(const Layout &sf) {
  Selector s;
  auto shapes = layout::flattenLeaves(sf.shape[0]);
  auto strides = layout::flattenLeaves(sf.stride[0]);
  int64_t below = 1;
  for (size_t i = 0; i < shapes.size(); ++i) {
    int64_t extent = shapes[i].value().value();
    if (strides[i].value().value() == 0 && extent > 1)
      return Selector{below, extent};
    below *= extent;
  }
  return s;
}

Expected<uint32_t> packScale(const MmaAtomLayouts &atom, const Layout &sf,
                             int64_t rows, const uint8_t *scales, int lane,
                             unsigned byteId) {
  CUTE_TRY(checkAtom(atom));
  CUTE_TRY(checkLane(lane));
  int64_t vectors = atom.k / atom.sfVecSize;
  CUTE_TRY(checkByteId(vectors, byteId));
  uint32_t reg = 0;
  int64_t rowOf[4] = {-1, -1, -1, -1}; // the row of each scale vector
  for (int64_t v = 0, values = sizeOf(sf[1]); v < values; ++v) {
    int64_t idx = sf.eval(lane + kLanes * v);
    int64_t row = idx % rows, j = (idx / rows) / atom.sfVecSize;
    if (rowOf[j] >= 0 && rowOf[j] != row)
      return detail::invalid(
          "layout " + sf.str() + " gives lane " + std::to_string(lane) +
          " rows " + std::to_string(rowOf[j]) + " and " + std::to_string(row) +
          " for scale vector " + std::to_string(j));
    rowOf[j] = row;
    reg |= uint32_t(scales[row * vectors + j]) << (8 * (byteId + unsigned(j)));
  }
  return reg;
}

Expected<std::vector<uint8_t>> unpackScale(const MmaAtomLayouts &atom,
                                           const Layout &sf, int64_t rows,
                                           const PerLane<uint32_t> &regs,
                                           unsigned byteId, unsigned threadId,
                                           const char *selectorName) {
  CUTE_TRY(checkAtom(atom));
  int64_t vectors = atom.k / atom.sfVecSize;
  CUTE_TRY(checkByteId(vectors, byteId));
  Selector sel = selectorOf(sf);
  if (int64_t(threadId) >= sel.extent)
    return detail::invalid(std::string(selectorName) + " " +
                           std::to_string(threadId) + "; PTX allows 0 .. " +
                           std::to_string(sel.extent - 1));
  std::vector<uint8_t> out(size_t(rows * vectors), 0);
  std::vector<int> owner(out.size(), -1);
  for (int lane = 0; lane < kLanes; ++lane) {
    if ((lane / sel.below) % sel.extent != int64_t(threadId))
      continue;
    for (int64_t v = 0, values = sizeOf(sf[1]); v < values; ++v) {
      int64_t idx = sf.eval(lane + kLanes * v);
      int64_t row = idx % rows, j = (idx / rows) / atom.sfVecSize;
      size_t at = size_t(row * vectors + j);
      if (owner[at] >= 0 && owner[at] != lane)
        return detail::invalid("lanes " + std::to_string(owner[at]) + " and " +
                               std::to_string(lane) + " both supply row " +
                               std::to_string(row) + "'s scale");
      owner[at] = lane;
      out[at] = uint8_t(regs[size_t(lane)] >> (8 * (byteId + unsigned(j))));
    }
  }
  for (size_t at = 0; at < out.size(); ++at)
    if (owner[at] < 0)
      return detail::invalid("no lane supplies the scale of row " +
                             std::to_string(int64_t(at) / vectors));
  return out;
}

} // namespace

uint8_t f8f6f4Container(NarrowFloatKind kind, uint8_t code) {
  switch (kind) {
  case NarrowFloatKind::F4E2M1FN:
    return uint8_t((code & 0xF) << 2);
  case NarrowFloatKind::F6E2M3FN:
  case NarrowFloatKind::F6E3M2FN:
    return uint8_t(code & 0x3F);
  default:
    return code;
  }
}

uint8_t f8f6f4Code(NarrowFloatKind kind, uint8_t container) {
  switch (kind) {
  case NarrowFloatKind::F4E2M1FN:
    return uint8_t((container >> 2) & 0xF);
  case NarrowFloatKind::F6E2M3FN:
  case NarrowFloatKind::F6E3M2FN:
    return uint8_t(container & 0x3F);
  default:
    return container;
  }
}

Expected<unsigned> sm120ElementBits(const MmaAtomLayouts &atom) {
  CUTE_TRY(checkAtom(atom));
  int64_t av = sizeOf(atom.a[1]), bv = sizeOf(atom.b[1]);
  if (av * bv == 0 || 128 % av || 64 % bv || 128 / av != 64 / bv ||
      (128 / av != 4 && 128 / av != 8))
    return detail::invalid(atom.name + ": " + std::to_string(av) + " A and " +
                           std::to_string(bv) +
                           " B values per lane do not fill 4 and 2 registers "
                           "with 4- or 8-bit elements");
  return unsigned(128 / av);
}

Expected<Sm120ARegs> packSm120A(const MmaAtomLayouts &atom,
                                NarrowFloatKind kind, const uint8_t *tile,
                                int lane) {
  CUTE_ASSIGN_OR_RETURN(unsigned bits, sm120ElementBits(atom));
  CUTE_TRY(checkKind(bits, kind));
  CUTE_TRY(checkLane(lane));
  return packOperand<4>(atom.a, atom.m, atom.k, bits, kind, tile, lane);
}

Expected<Sm120BRegs> packSm120B(const MmaAtomLayouts &atom,
                                NarrowFloatKind kind, const uint8_t *tile,
                                int lane) {
  CUTE_ASSIGN_OR_RETURN(unsigned bits, sm120ElementBits(atom));
  CUTE_TRY(checkKind(bits, kind));
  CUTE_TRY(checkLane(lane));
  return packOperand<2>(atom.b, atom.n, atom.k, bits, kind, tile, lane);
}

Expected<std::vector<uint8_t>> unpackSm120A(const MmaAtomLayouts &atom,
                                            NarrowFloatKind kind,
                                            const PerLane<Sm120ARegs> &regs) {
  CUTE_ASSIGN_OR_RETURN(unsigned bits, sm120ElementBits(atom));
  CUTE_TRY(checkKind(bits, kind));
  return unpackOperand<4>(atom.a, atom.m, atom.k, bits, kind, regs);
}

Expected<std::vector<uint8_t>> unpackSm120B(const MmaAtomLayouts &atom,
                                            NarrowFloatKind kind,
                                            const PerLane<Sm120BRegs> &regs) {
  CUTE_ASSIGN_OR_RETURN(unsigned bits, sm120ElementBits(atom));
  CUTE_TRY(checkKind(bits, kind));
  return unpackOperand<2>(atom.b, atom.n, atom.k, bits, kind, regs);
}

Expected<uint32_t> packSm120ScaleA(const MmaAtomLayouts &atom,
                                   const uint8_t *sfa, int lane,
                                   unsigned byteId) {
  CUTE_TRY(checkAtom(atom));
  return packScale(atom, *atom.sfa, atom.m, sfa, lane, byteId);
}

Expected<uint32_t> packSm120ScaleB(const MmaAtomLayouts &atom,
                                   const uint8_t *sfb, int lane,
                                   unsigned byteId) {
  CUTE_TRY(checkAtom(atom));
  return packScale(atom, *atom.sfb, atom.n, sfb, lane, byteId);
}

Expected<std::vector<uint8_t>> unpackSm120ScaleA(const MmaAtomLayouts &atom,
                                                 const PerLane<uint32_t> &regs,
                                                 unsigned byteId,
                                                 unsigned threadId) {
  CUTE_TRY(checkAtom(atom));
  return unpackScale(atom, *atom.sfa, atom.m, regs, byteId, threadId,
                     "thread-id-a");
}

Expected<std::vector<uint8_t>> unpackSm120ScaleB(const MmaAtomLayouts &atom,
                                                 const PerLane<uint32_t> &regs,
                                                 unsigned byteId,
                                                 unsigned threadId) {
  CUTE_TRY(checkAtom(atom));
  return unpackScale(atom, *atom.sfb, atom.n, regs, byteId, threadId,
                     "thread-id-b");
}

Expected<Sm120Accumulator> packSm120Accumulator(const MmaAtomLayouts &atom,
                                                const float *tile, int lane) {
  CUTE_TRY(checkAtom(atom));
  CUTE_TRY(checkLane(lane));
  Sm120Accumulator c{};
  for (int64_t v = 0; v < 4; ++v) {
    int64_t idx = atom.c.eval(lane + kLanes * v);
    c[size_t(v)] = tile[(idx % atom.m) * atom.n + idx / atom.m];
  }
  return c;
}

Status unpackSm120Accumulator(const MmaAtomLayouts &atom,
                              const Sm120Accumulator &d, int lane,
                              float *tile) {
  CUTE_TRY(checkAtom(atom));
  CUTE_TRY(checkLane(lane));
  for (int64_t v = 0; v < 4; ++v) {
    int64_t idx = atom.c.eval(lane + kLanes * v);
    tile[(idx % atom.m) * atom.n + idx / atom.m] = d[size_t(v)];
  }
  return okStatus();
}

} // namespace cute::atom
