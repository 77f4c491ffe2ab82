//===- Sm90Gmma.h - wgmma shared-memory descriptors from layouts -*- C++
//-*-===//
//
// The 64-bit shared-memory matrix descriptor of sm_90a wgmma, derived from
// the operand's shared-memory layout the way CuTe's make_gmma_desc does
// (include/cute/atom/mma_traits_sm90_gmma.hpp, NVIDIA/cutlass 7107b05): the
// tile is recast to 16-byte units and divided by the canonical core matrix
// of its major mode and swizzle; the strides of that division are the
// leading and stride byte offsets. A layout no descriptor can express is an
// error naming the rule. Bits (PTX ISA, "Matrix Descriptor Format"): start
// address >> 4 in [0,14), leading byte offset >> 4 in [16,30), stride byte
// offset >> 4 in [32,46), base offset in [49,52), layout type in [62,64)
// (0 interleave, 1 128B, 2 64B, 3 32B swizzle). MLIR-free.
//
// Swizzles are in element units, as in !cute.memref: the 128-byte swizzle
// on T is S<3, 4-log2(|T|), 3>.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_ATOM_SM90GMMA_H
#define CUTE_ATOM_SM90GMMA_H

#include "cute/Layout/Layout.h"
#include "cute/Support/Expected.h"

#include <cstdint>
#include <optional>

namespace cute::atom {

enum class GmmaMajor { K, MN };

/// The descriptor's layout-type field on sm_90a. B128Base32B (the 128-byte
/// swizzle of 32-byte atoms, CuTe's Sw<2,5,2>, MN-major only) exists on
/// sm_100a's UMMA descriptor alone (layout type 1 there): wgmma rejects it.
enum class GmmaLayoutType : uint8_t {
  Interleave = 0,
  B128 = 1,
  B64 = 2,
  B32 = 3,
  B128Base32B = 4
};

struct GmmaDescFields {
  GmmaLayoutType layout = GmmaLayoutType::Interleave;
  uint32_t lbo = 0; ///< leading byte offset, in 16-byte units
  uint32_t sbo = 0; ///< stride byte offset, in 16-byte units
};

/// The descriptor fields of one wgmma operand: `tile` is the (MN, K) slice
/// one instruction reads (K = 256 / element bits for dense MMA), mapping a
/// coordinate to an element offset; `swizzle` its swizzle or none.
/// `elemBits` is 8, 16 or 32, or 4 for the packed e2m1 operands of UMMA
/// (tcgen05 kind::mxf4/mxf4nvf4; their 128-byte swizzle is S<3,5,3>).
Expected<GmmaDescFields>
deriveGmmaDesc(GmmaMajor major, const layout::Layout &tile,
               const std::optional<layout::Swizzle> &swizzle,
               unsigned elemBits);

/// Where K-block `k` (of `mmaK` elements) of a full (MN, K) shared-memory
/// tile starts, in bytes from the tile's start: what advancing the
/// descriptor's start address by one K step adds (CuTe's
/// DescriptorIterator; inside a swizzle atom the swizzle is applied by the
/// hardware to the advanced address).
Expected<int64_t> gmmaKBlockOffsetBytes(const layout::Layout &tile,
                                        int64_t mmaK, int64_t k,
                                        unsigned elemBits);

/// The 64-bit descriptor for an operand starting at shared-memory byte
/// address `startBytes` (base offset 0: swizzle atoms aligned).
uint64_t encodeGmmaDesc(const GmmaDescFields &f, uint32_t startBytes);

} // namespace cute::atom

#endif // CUTE_ATOM_SM90GMMA_H
