//===- TiledCopy.h - CuTe's TiledCopy: copy atoms over a tile ---*- C++ -*-===//
//
// A tiled copy is a copy atom (CopyTraits, in elements) repeated over a
// thread-value layout `layoutTV` ((thread, value) -> column-major index of a
// `tiler`-shaped tile), as CuTe's make_tiled_copy_impl builds it
// (include/cute/atom/copy_atom.hpp of NVIDIA/cutlass 7107b05). The tiled
// copies of an MMA's operands are make_tiled_copy_A/B/C: the tiled MMA's
// A/B/C thread-value layout over one tiled-MMA step, so the copy atom
// consumes the values an MMA fragment holds. From it follow
//  - tidfrg_S / tidfrg_D: a tensor (M, N) as (Thr, (FrgV, FrgX), (RestM,
//    RestN)), where FrgV are one atom call's values of that side (the
//    registers of stmatrix, the 16-byte rows of its shared memory side);
//  - partition_S / partition_D: thread t's slice of that, (vals, RestM,
//    RestN) plus the element offset of its first element;
//  - retile: a fragment partitioned by the MMA, (V, RestM, RestN), viewed
//    as ((AtomVals, RestVals), RestM, RestN) so each atom call takes the
//    next AtomVals values.
// Every function reproduces CuTe's layout (shape and strides). MLIR-free.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_ATOM_TILEDCOPY_H
#define CUTE_ATOM_TILEDCOPY_H

#include "cute/Atom/Sm75MatrixCopy.h"
#include "cute/Atom/TiledMma.h"
#include "cute/Layout/Tensor.h"

namespace cute::atom {

struct TiledCopy {
  CopyTraits atom;         // in elements (copyValLayouts)
  layout::Layout layoutTV; // (thread, value) -> index of the tiler's tile
  layout::IntTuple tiler;  // the tile's shape (M, N)
};

enum class CopySide { Src, Dst };

/// CuTe's make_tiled_copy_A/B/C(atom, mma): the tiled MMA's thread-value
/// layout of `operand` over one tiled-MMA step and that step's shape. Fails,
/// naming both numbers, when the MMA's threads or values per thread are not
/// multiples of the atom's.
Expected<TiledCopy> makeTiledCopyMma(const CopyTraits &atomVals,
                                     const TiledMma &mma, MmaOperand operand);

/// Values per thread of one atom call on `side` (CuTe's NumValSrc/Dst).
int64_t atomValues(const TiledCopy &t, CopySide side);

/// CuTe's tidfrg_S / tidfrg_D of a rank-2 tensor layout whose shape is a
/// multiple of the tiler: (Thr, (FrgV, FrgX), (RestM, RestN)).
Expected<layout::Layout> tiledCopyThrFrg(const TiledCopy &t, CopySide side,
                                         const layout::Layout &tensor);

/// CuTe's get_slice(tid).partition_S / partition_D: thread `tid`'s (vals,
/// RestM, RestN) and the offset of its first element (symbolic in a
/// dynamic tid).
Expected<layout::TensorView> tiledCopyPartition(const TiledCopy &t,
                                                CopySide side,
                                                const layout::Layout &tensor,
                                                const layout::Int &tid);

/// CuTe's retile_S / retile_D of a static fragment layout of rank 3
/// whose mode 0 holds the values of one tiled-copy step.
Expected<layout::Layout> tiledCopyRetile(const TiledCopy &t,
                                         const layout::Layout &frag);

} // namespace cute::atom

#endif // CUTE_ATOM_TILEDCOPY_H
