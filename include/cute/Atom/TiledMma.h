//===- TiledMma.h - CuTe's TiledMMA: atoms tiled over threads --*- C++ -*-===//
//
// A tiled MMA is an MMA atom repeated over a grid of thread groups
// (AtomLayoutMNK) with an optional permutation of each of M, N and K, as
// CuTe's make_tiled_mma builds it (include/cute/atom/mma_atom.hpp of
// NVIDIA/cutlass 7107b05). From it follow the thread-value layouts that
// partition an operand tile among the threads: `tiledMmaTV` maps (thread
// index, (FrgV, RestM, RestK)) to the column-major index of the whole
// (rows, cols) operand tile, which is exactly what CuTe's
// get_slice(t).partition_A/B/C hands thread t (composing a tensor with it
// and slicing the thread gives the partitioned tensor). MLIR-free.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_ATOM_TILEDMMA_H
#define CUTE_ATOM_TILEDMMA_H

#include "cute/Atom/MmaAtoms.h"

#include <array>
#include <optional>

namespace cute::atom {

enum class MmaOperand { A, B, C };

struct TiledMma {
  MmaAtomLayouts atom;
  /// CuTe's AtomLayoutMNK: how atoms (each of size(atom.thr) threads) are
  /// laid over M, N and K. Rank 3 (rank 1 or 2 are padded with 1:0).
  layout::Layout atomLayoutMNK =
      layout::Layout(layout::IntTuple(std::vector<layout::IntTuple>{
          layout::IntTuple(1), layout::IntTuple(1), layout::IntTuple(1)}));
  /// CuTe's PermutationMNK: per mode a layout (or none: the atom size
  /// times the atoms in that mode, unpermuted).
  std::array<std::optional<layout::Layout>, 3> permutation;
};

/// The thread layout (ThrV, ThrM, ThrN, ThrK) -> thread index:
/// tiled_product(atom.thr, atomLayoutMNK).
Expected<layout::Layout> tiledMmaThrLayoutVMNK(const TiledMma &t);
/// The number of threads of the tiled MMA.
Expected<int64_t> tiledMmaThreads(const TiledMma &t);
/// The (M, N, K) extent one tiled-MMA step covers (size of each
/// permutation mode).
Expected<std::array<int64_t, 3>> tiledMmaTileMNK(const TiledMma &t);

/// The thread-value layout of `operand` over a (rows, cols) tile ((M, K)
/// for A, (N, K) for B, (M, N) for C): (thread index, (FrgV, RestM,
/// RestK)) -> column-major index in the tile. rows and cols must be
/// multiples of the tiled-MMA tile; errors name the operand and the sizes.
Expected<layout::Layout> tiledMmaTV(const TiledMma &t, MmaOperand operand,
                                    int64_t rows, int64_t cols);

/// "A", "B" or "C".
const char *mmaOperandName(MmaOperand operand);

} // namespace cute::atom

#endif // CUTE_ATOM_TILEDMMA_H
