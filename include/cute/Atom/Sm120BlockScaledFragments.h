//===- Sm120BlockScaledFragments.h - mma.sync block_scale regs --*- C++ -*-===//
//
// The registers one lane passes to an sm_120a block-scaled mma.sync
// (m16n8k64 kind::mxf4 / mxf4nvf4, m16n8k32 kind::mxf8f6f4), built on the
// host from code tiles, and the inverse over the whole warp. Placement comes
// from the atom's thread-value layouts (mmaAtomLayouts): value v of lane t
// is the tile element a(t + 32 v), held in register v * bits / 32 at bit
// v * bits % 32, where bits = the register bits of the operand / the values
// per lane (4 for m16n8k64: eight e2m1 per b32; 8 for m16n8k32: four 8-bit
// containers per b32). PTX lists fragment elements "low to high", element 0
// in the low bits of the first register.
//
// Containers (PTX ISA 9.0, mma, kind::f8f6f4 / mxf8f6f4): an f8 code as is,
// an f6 code in bits [0,6), an e2m1 code in bits [2,6) (the "central 4
// bits"); kind::mxf4 / mxf4nvf4 pack e2m1 two per byte with no padding.
//
// Scale registers (PTX ISA 9.0, "Block Scaling for mma.sync"): one b32 per
// lane; for scale_vec::1X / 2X / 4X the scale vectors 0..K/VS-1 of the
// lane's row (SFA) or column (SFB) sit in bytes byte-id .. byte-id + K/VS -
// 1, so byte-id is 0..3 (1X), 0 or 2 (2X), 0 (4X). The SFA / SFB layouts
// give every lane its row / column; their stride-0 thread sub-mode is the
// thread-id selector: thread-id-a picks the lane pair (lane % 4) / 2, and
// thread-id-b the lane lane % 4, that supplies the scales. The packers fill
// every lane, so the registers serve any thread-id.
//
// Tiles are row-major codes, one per byte: A 16 x K, B 8 x K (N x K), scales
// 16 x K/VS and 8 x K/VS, C/D 16 x 8 floats. MLIR-free.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_ATOM_SM120BLOCKSCALEDFRAGMENTS_H
#define CUTE_ATOM_SM120BLOCKSCALEDFRAGMENTS_H

#include "cute/Atom/MmaAtoms.h"
#include "cute/Support/Expected.h"
#include "cute/Support/NarrowFloat.h"

#include <array>
#include <cstdint>
#include <vector>

namespace cute::atom {

using Sm120ARegs = std::array<uint32_t, 4>;
using Sm120BRegs = std::array<uint32_t, 2>;
using Sm120Accumulator = std::array<float, 4>;
template <class T> using PerLane = std::array<T, 32>;

/// The 8-bit container of `code` in kind::f8f6f4 / mxf8f6f4 operands, and
/// back (the padding bits ignored).
uint8_t f8f6f4Container(NarrowFloatKind kind, uint8_t code);
uint8_t f8f6f4Code(NarrowFloatKind kind, uint8_t container);

/// Register bits per A / B element of a block-scaled atom (4 or 8), from
/// the value count of its A and B layouts.
Expected<unsigned> sm120ElementBits(const MmaAtomLayouts &atom);

/// The A (B) registers of `lane` for the atom's A (B) tile of `kind` codes.
/// m16n8k64 takes f4E2M1FN only.
Expected<Sm120ARegs> packSm120A(const MmaAtomLayouts &atom,
                                NarrowFloatKind kind, const uint8_t *tile,
                                int lane);
Expected<Sm120BRegs> packSm120B(const MmaAtomLayouts &atom,
                                NarrowFloatKind kind, const uint8_t *tile,
                                int lane);
/// The tile the warp's registers hold.
Expected<std::vector<uint8_t>> unpackSm120A(const MmaAtomLayouts &atom,
                                            NarrowFloatKind kind,
                                            const PerLane<Sm120ARegs> &regs);
Expected<std::vector<uint8_t>> unpackSm120B(const MmaAtomLayouts &atom,
                                            NarrowFloatKind kind,
                                            const PerLane<Sm120BRegs> &regs);

/// scale-a-data (scale-b-data) of `lane`: its row's (column's) K/VS scale
/// codes from byte `byteId` up; the other bytes zero.
Expected<uint32_t> packSm120ScaleA(const MmaAtomLayouts &atom,
                                   const uint8_t *sfa, int lane,
                                   unsigned byteId = 0);
Expected<uint32_t> packSm120ScaleB(const MmaAtomLayouts &atom,
                                   const uint8_t *sfb, int lane,
                                   unsigned byteId = 0);
/// The scale tile the instruction reads from the warp's scale registers
/// with the selector {byteId, threadId}; selectors outside PTX's Table 37
/// are errors naming the allowed values.
Expected<std::vector<uint8_t>> unpackSm120ScaleA(const MmaAtomLayouts &atom,
                                                 const PerLane<uint32_t> &regs,
                                                 unsigned byteId,
                                                 unsigned threadId);
Expected<std::vector<uint8_t>> unpackSm120ScaleB(const MmaAtomLayouts &atom,
                                                 const PerLane<uint32_t> &regs,
                                                 unsigned byteId,
                                                 unsigned threadId);

/// The C fragment of `lane` from a 16 x 8 tile, and D's values back into
/// the tile.
Expected<Sm120Accumulator> packSm120Accumulator(const MmaAtomLayouts &atom,
                                                const float *tile, int lane);
Status unpackSm120Accumulator(const MmaAtomLayouts &atom,
                              const Sm120Accumulator &d, int lane, float *tile);

} // namespace cute::atom

#endif // CUTE_ATOM_SM120BLOCKSCALEDFRAGMENTS_H
