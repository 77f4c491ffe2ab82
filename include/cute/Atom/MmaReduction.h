//===- MmaReduction.h - Row/column reductions of MMA C -------*- C++ -*-===//
//
// How to reduce (max, add, ...) along the rows or the columns of a tile
// held as a tiled MMA's accumulator fragment, and how to broadcast one value
// per row (column) back over the fragment, derived from the C thread-value
// layout alone (CuTe's get_layoutC_TV over the tile, tiledMmaTV):
//   1. each thread combines its own values of each row it holds (the
//      "slots": the rows a thread holds, in ascending order; value v of the
//      fragment belongs to slot slotOfValue[v], the same v -> slot map in
//      every thread, since a fragment is the same registers in every thread);
//   2. butterfly shuffles across the lanes that hold other parts of the same
//      rows (lane xor each of shuffleXors: {1, 2} for mma.sync m16n8 and
//      wgmma, where four lanes share a row); afterwards every owner holds the
//      whole row's result;
//   3. a broadcast is local: value v takes its slot's result.
// A row spread over several warps (e.g. atoms tiled along N for a row
// reduction) would need shared memory: the plan records the xor distances
// between the warps (warpXors) and crossWarpReason() says which warps, so a
// caller reports it instead of reducing only part of the row.
//
// The thread index of the layout is taken as the hardware thread index
// modulo a multiple of the warp size (lane = thread % 32), as when the tiled
// MMA's thread index is threadIdx.x. MLIR-free.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_ATOM_MMAREDUCTION_H
#define CUTE_ATOM_MMAREDUCTION_H

#include "cute/Atom/TiledMma.h"

#include <vector>

namespace cute::atom {

/// Rows: one result per row m, combining over the columns n. Cols: one
/// result per column n, combining over the rows m.
enum class MmaReduceAxis { Rows, Cols };

/// "row" or "column".
const char *mmaReduceLineName(MmaReduceAxis axis);

struct MmaReductionPlan {
  MmaReduceAxis axis = MmaReduceAxis::Rows;
  int64_t rows = 0, cols = 0; ///< the tile
  int64_t threads = 0;        ///< threads of the layout
  int64_t values = 0;         ///< values per thread (the fragment's size)
  int64_t slots = 0;          ///< rows (columns) each thread holds
  /// For each fragment value, its slot (the same in every thread).
  std::vector<int64_t> slotOfValue;
  /// The row (column) of slot j of thread t: lineOf[t * slots + j],
  /// ascending in j.
  std::vector<int64_t> lineOf;
  /// Lane xor distances (ascending powers of two below the warp size): a
  /// butterfly over them combines the lanes of one warp that share a row.
  std::vector<int64_t> shuffleXors;
  /// Thread-index xor distances (at least the warp size) between warps
  /// that share a row; empty when every row lies within one warp.
  std::vector<int64_t> warpXors;
  int64_t warpSize = 32;

  int64_t line(int64_t thread, int64_t slot) const {
    return lineOf[size_t(thread * slots + slot)];
  }
  /// Whether some row (column) is held by more than one warp.
  bool needsSharedMemory() const { return !warpXors.empty(); }
  /// Which warps share a row (for a diagnostic); empty when none do.
  std::string crossWarpReason() const;
};

/// The plan for a thread-value layout `tv`, (thread, value) -> column-major
/// index of a (rows, cols) tile; every element must be held exactly once.
/// Errors name the rule and the numbers (a value held twice, threads
/// holding different numbers of rows, a value whose row slot differs
/// between threads, rows shared by threads that are not a set of lane bits).
Expected<MmaReductionPlan> planMmaReduction(const layout::Layout &tv,
                                            int64_t rows, int64_t cols,
                                            MmaReduceAxis axis,
                                            int64_t warpSize = 32);

/// The plan for the C fragment of tiled MMA `t` over a (rows, cols) tile
/// (a multiple of its (M, N) step): tiledMmaTV(t, C, rows, cols).
Expected<MmaReductionPlan> planMmaReduction(const TiledMma &t, int64_t rows,
                                            int64_t cols, MmaReduceAxis axis);

} // namespace cute::atom

#endif // CUTE_ATOM_MMAREDUCTION_H
