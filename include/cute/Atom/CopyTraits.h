//===- CopyTraits.h - What a copy atom means, as layouts --------*- C++ -*-===//
//
// CuTe's Copy_Traits (include/cute/atom/copy_traits.hpp, NVIDIA/cutlass
// 7107b05): the threads of one copy instruction and, for its source, its
// destination and its reference, a layout (thread, value) -> offset in the
// reference block, in bits. Copy_Atom<Op, T> reads them in T-sized
// elements (copyValLayouts). Tiled copies (TiledCopy.h) are built from
// these. MLIR-free.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_ATOM_COPYTRAITS_H
#define CUTE_ATOM_COPYTRAITS_H

#include "cute/Layout/Layout.h"
#include "cute/Support/Expected.h"

#include <string>

namespace cute::atom {

/// A copy atom's meaning (CuTe's Copy_Traits): the threads taking part and,
/// for each of the source, the destination and the reference, the layout
/// (thread, value) -> reference offset. In bits (CopyTraits) or in elements
/// (copyValLayouts).
struct CopyTraits {
  std::string name; // CuTe's operation, e.g. "SM90_U32x4_STSM_N"
  layout::Layout thr, src, dst, ref;
};

/// The traits with the layouts recast from bits to `elemBits`-bit elements
/// (CuTe's recast_layout<uint1_t, T>, i.e. upcast<elemBits>); fails unless
/// every layout holds whole elements.
Expected<CopyTraits> copyValLayouts(const CopyTraits &bits, unsigned elemBits);

} // namespace cute::atom

#endif // CUTE_ATOM_COPYTRAITS_H
