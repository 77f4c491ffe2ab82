//===- ScaleFactors.cpp - Block-scale factor layouts ----------------------===//
#include "cute/Atom/ScaleFactors.h"

#include "AtomDetail.h"

#include "cute/Layout/Expected.h"
#include "cute/Layout/Parse.h"

namespace cute::atom {

using layout::IntTuple;
using layout::Layout;

namespace {

constexpr int64_t kAtomRows = 128, kAtomVectors = 4, kAtomBytes = 512;

int64_t ceilDiv(int64_t a, int64_t b) { return (a + b - 1) / b; }

} // namespace

Layout scaleFactorAtom(int64_t vs) {
  IntTuple shape(std::vector<IntTuple>{
      IntTuple(
          std::vector<IntTuple>{IntTuple(int64_t(32)), IntTuple(int64_t(4))}),
      IntTuple(std::vector<IntTuple>{IntTuple(vs), IntTuple(int64_t(4))})});
  IntTuple stride(std::vector<IntTuple>{
      IntTuple(
          std::vector<IntTuple>{IntTuple(int64_t(16)), IntTuple(int64_t(4))}),
      IntTuple(
          std::vector<IntTuple>{IntTuple(int64_t(0)), IntTuple(int64_t(1))})});
  return Layout(shape, stride);
}

Expected<Layout> scaleFactorLayout(int64_t rows, int64_t k, int64_t vs) {
  if (vs != 16 && vs != 32)
    return detail::invalid("scale vector of " + std::to_string(vs) +
                           " elements; block-scaled MMA uses 16 or 32");
  if (rows < 1 || k < 1)
    return detail::invalid("empty operand (" + std::to_string(rows) + " x " +
                           std::to_string(k) + ")");
  int64_t mAtoms = ceilDiv(rows, kAtomRows),
          kAtoms = ceilDiv(k, kAtomVectors * vs);
  // Atoms tiled over (rows, k) with the k atoms innermost (strides in
  // atoms: the product scales them by the atom's 512 bytes).
  auto l = layout::guard([&] {
    Layout tiles(
        IntTuple(std::vector<IntTuple>{IntTuple(mAtoms), IntTuple(kAtoms)}),
        IntTuple(
            std::vector<IntTuple>{IntTuple(kAtoms), IntTuple(int64_t(1))}));
    return layout::blockedProduct(scaleFactorAtom(vs), tiles);
  });
  if (!l)
    return detail::invalid(l.message());
  return *l;
}

int64_t scaleFactorBytes(int64_t rows, int64_t k, int64_t vs) {
  return ceilDiv(rows, kAtomRows) * ceilDiv(k, kAtomVectors * vs) * kAtomBytes;
}

int64_t scaleFactorOffset(int64_t r, int64_t kb, int64_t k, int64_t vs) {
  int64_t kAtoms = ceilDiv(k, kAtomVectors * vs);
  int64_t atom = (r / kAtomRows) * kAtoms + kb / kAtomVectors;
  return atom * kAtomBytes + 16 * (r % 32) + 4 * ((r % kAtomRows) / 32) +
         kb % kAtomVectors;
}

Expected<std::vector<uint8_t>> packScaleFactors(const uint8_t *scales,
                                                int64_t rows, int64_t k,
                                                int64_t vs, uint8_t pad) {
  if (vs != 16 && vs != 32)
    return detail::invalid("scale vector of " + std::to_string(vs) +
                           " elements; block-scaled MMA uses 16 or 32");
  if (rows < 1 || k < 1)
    return detail::invalid("empty operand (" + std::to_string(rows) + " x " +
                           std::to_string(k) + ")");
  std::vector<uint8_t> out(size_t(scaleFactorBytes(rows, k, vs)), pad);
  int64_t vectors = ceilDiv(k, vs);
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t kb = 0; kb < vectors; ++kb)
      out[size_t(scaleFactorOffset(r, kb, k, vs))] =
          scales[size_t(r * vectors + kb)];
  return out;
}

} // namespace cute::atom
