//===- Tensor.h - The tensor algebra: tiling, partitioning, copies -*- C++
//-*-===//
//
// What CuTe's tensor.hpp and copy planning do to a tensor's layout, without
// the tensor: each function takes a layout (and tilers, thread layouts,
// coordinates) and returns the view's layout plus what the view adds to the
// tensor's iterator (an element offset for memory, a coordinate for an
// identity tensor). The same code runs on static and symbolic layouts, so the
// dialect uses it both to infer result types and to drive the lowering.
// Functions raise AlgebraError on a violated precondition; callers outside the
// library use `guard` (Expected.h).
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_LAYOUT_TENSOR_H
#define CUTE_LAYOUT_TENSOR_H

#include "cute/Layout/Layout.h"

#include <cstdint>
#include <optional>

namespace cute::layout {

/// A view of a tensor: the view's layout and what it adds to the tensor's
/// iterator. tensor_view(i) = tensor.iter + offset + layout(i).
struct TensorView {
  Layout layout;
  IntTuple offset;
};

/// CuTe's local_tile(tensor, tiler, coord) (= inner_partition): tile `coord`
/// of zipped_divide(tensor, tiler), i.e. zipped_divide(l, tiler)(_, coord).
/// A rank-1 coord and a leaf rest mode (or the reverse) address the same
/// tile.
TensorView localTile(const Layout &l, const Tile &tiler, const IntTuple &coord);

/// CuTe's local_partition(tensor, thr_layout, index) (= outer_partition with
/// tile shape product_each(shape(thr)) and coordinate
/// thr.get_flat_coord(index)): the elements at thread `index`'s position in
/// every thr-shaped tile.
TensorView localPartition(const Layout &l, const Layout &thr, const Int &index);

/// Thread-value partitioning, as ThrCopy::partition_S/D of make_tiled_copy do
/// it for one thread: composition(tile, tv)(tid, _), where tile is the whole
/// tensor, or with a tiler the first tile of zipped_divide(l, tiler) and the
/// rest modes appended as a second mode: ((values), (rest)).
TensorView partitionTV(const Layout &l, const Layout &tv,
                       const std::optional<Tile> &tiler, const Int &tid);

/// CuTe's tensor(coord) with `_` keeping modes (slice_and_offset).
TensorView tensorSlice(const Layout &l, const IntTuple &coord);

/// CuTe's make_fragment_like layout: the compact column-major layout of a
/// static shape (make_layout(shape)). Raises for a dynamic shape.
Layout fragmentLayout(const Layout &l);

/// Alignment (bytes) of `ptr + offset` for a pointer of `alignBytes` with
/// `bits`-wide elements: what the offset's known divisor guarantees. 0 when
/// the result may not start on a byte boundary (sub-byte elements).
int64_t alignAfterOffset(int64_t alignBytes, const Int &offset, unsigned bits);

/// One side of a copy, as copy planning sees it: element width, the
/// alignment the iterator promises, an optional swizzle applied to element
/// offsets, and the layout.
struct TensorAccess {
  unsigned bits = 8;
  int64_t alignBytes = 1;
  std::optional<Swizzle> swizzle;
  Layout layout;
};

/// How a copy moves data: `vec` elements per access; access k reads
/// srcRest(k) .. srcRest(k) + vec - 1 and writes dstRest(k) .. + vec - 1
/// (element offsets), each vector aligned to vec * bits. Lane j of access k
/// is one logical element e of both tensors: src(e) = srcRest(k) + j and
/// dst(e) = dstRest(k) + j.
struct CopyPlan {
  int64_t vec = 1;
  int64_t count = 0;
  Layout srcRest, dstRest;
};

/// Plans a copy the way CuTe's copy(src, dst) auto-vectorizes
/// (max_common_layout of src and dst, cut to a power of two no wider than
/// `atomBits`, the swizzles' base and both alignments); `predicated` copies
/// go element by element. Falls back to vec = 1. Raises AlgebraError when the
/// copy is invalid (sizes, element widths, sub-byte rules).
CopyPlan planCopy(const TensorAccess &src, const TensorAccess &dst,
                  unsigned atomBits, bool predicated);

/// CuTe's recast_layout<OldT, NewT> (upcast<N> of a layout when the new
/// element is N times wider, downcast<N> when N times narrower), exact: an
/// upcast needs the contiguous (stride-1) mode to hold whole new elements
/// and every other stride to be a multiple of N (dynamic leaves by their
/// known divisor), and both directions need a stride-1 mode. CuTe
/// ceil-divides instead; a reinterpretation of memory cannot.
Layout recastExact(const Layout &l, unsigned oldBits, unsigned newBits);
/// recast_layout of Swizzle<B,M,S>: M - log2(N) for an upcast (refused
/// below 0, where CuTe drops swizzle bits), M + log2(N) for a downcast.
Swizzle recastSwizzle(const Swizzle &s, unsigned oldBits, unsigned newBits);
/// CuTe's recast<NewT>(tensor) of one tensor access: the layout and swizzle
/// recast, the same iterator alignment, which must hold a new element.
TensorAccess recastAccess(const TensorAccess &t, unsigned newBits);

} // namespace cute::layout

#endif // CUTE_LAYOUT_TENSOR_H
