//===- ScaleFactors.h - Block-scale factor layouts (MX, NVFP4) --*- C++ -*-===//
//
// Where each scale factor of a block-scaled operand lives in memory, as the
// sm_100a/sm_120a block-scaled kernels read it: CUTLASS's
// Sm1xxBlockScaledConfig<VS>::tile_atom_to_shape_SFA/SFB (include/cutlass/
// detail/sm100_blockscaled_layout.hpp, NVIDIA/cutlass 7107b05). The atom
// covers 128 rows x 4 scale vectors in 512 bytes,
//   ((32,4),(VS,4)):((16,4),(0,1))
// (row r -> 16 * (r % 32) + 4 * (r / 32), the k-th element -> k / VS), and
// atoms are tiled over (rows, K) with the K atoms innermost. Rows are
// padded to a multiple of 128 and K to a multiple of 4 x VS. MLIR-free; the
// host packer lays scales out exactly so, the tests compare with CUTLASS.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_ATOM_SCALEFACTORS_H
#define CUTE_ATOM_SCALEFACTORS_H

#include "cute/Layout/Layout.h"
#include "cute/Support/Expected.h"

#include <cstdint>
#include <vector>

namespace cute::atom {

/// The scale-factor atom for scale vectors of `vs` elements.
layout::Layout scaleFactorAtom(int64_t vs);

/// The layout over (rows, k elements) of a whole operand's scale factors
/// (CUTLASS's tile_atom_to_shape_SF*); `rows` and `k` are padded as above.
Expected<layout::Layout> scaleFactorLayout(int64_t rows, int64_t k, int64_t vs);

/// Bytes of the packed scale factors of a rows x k operand.
int64_t scaleFactorBytes(int64_t rows, int64_t k, int64_t vs);

/// The byte offset of the scale of row `r`, scale vector `kb` (elements
/// [kb * vs, kb * vs + vs)) for an operand of `k` elements per row.
int64_t scaleFactorOffset(int64_t r, int64_t kb, int64_t k, int64_t vs);

/// Lays out `scales` (row-major rows x ceil(k / vs) bytes, one scale per
/// vector, e.g. from quantizeMx / quantizeNvfp4) the way the kernels read
/// them; padding bytes are `pad`.
Expected<std::vector<uint8_t>> packScaleFactors(const uint8_t *scales,
                                                int64_t rows, int64_t k,
                                                int64_t vs, uint8_t pad = 0);

} // namespace cute::atom

#endif // CUTE_ATOM_SCALEFACTORS_H
