//===- Sm100Tmem.h - Tensor Memory copies of sm_100a ------------*- C++ -*-===//
//
// What the sm_100a Tensor Memory (TMEM) copy instructions mean, in TMEM
// address units: a TMEM address is lane << 16 | column, a column holding 32
// bits of one lane (128 lanes x 512 columns per SM).
//
//  - tcgen05.ld / tcgen05.st: a warp moves a tile of TMEM to or from its
//    registers. Shapes 32x32b, 16x64b, 16x128b, 16x256b and 16x32bx2 (lanes
//    x bits per lane), repeated `num` times along the columns. The meaning
//    is CuTe's SM100_TMEM_LOAD_* / SM100_TMEM_STORE_* copy traits
//    (include/cute/atom/copy_traits_sm100.hpp, NVIDIA/cutlass 7107b05) read
//    in 32-bit units: ValID maps a logical index to a TMEM offset from the
//    warp's base address and ThrVal maps (thread, register) to a logical
//    index, so register j of thread t holds TMEM[base + ValID(ThrVal(t, j))]
//    (tmemLdStCoord gives the same in closed form).
//  - tcgen05.cp: one thread copies a matrix from shared memory (read
//    through the UMMA shared-memory descriptor) into TMEM; 32x128b with
//    warpx4 replicates 32 rows into the 4 lane quarters (scale factors).
//
// MLIR-free; tests compare with CuTe's traits.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_ATOM_SM100TMEM_H
#define CUTE_ATOM_SM100TMEM_H

#include "cute/Atom/Sm90Gmma.h"
#include "cute/Layout/Layout.h"
#include "cute/Support/Expected.h"

#include <optional>

namespace cute::atom {

/// TMEM offsets: lane << 16 | column.
inline constexpr int64_t kTmemLaneStride = 1 << 16;
inline constexpr int kTmemLanes = 128;
inline constexpr int kTmemColumns = 512;

enum class TmemLdStShape { S32x32b, S16x64b, S16x128b, S16x256b, S16x32bx2 };

/// "32x32b", "16x64b", ...
const char *tmemLdStShapeName(TmemLdStShape s);
/// Lanes one instruction touches: 32 for 32x32b, 16 for the others.
int tmemLdStLanes(TmemLdStShape s);
/// 32-bit registers per thread of one repetition: 1, 1, 2, 4, 1.
int tmemLdStRegsPerRep(TmemLdStShape s);
/// The largest `num`: 128, 128, 64, 32, 128 (128 registers per thread).
int tmemLdStMaxNum(TmemLdStShape s);
/// `num` is a power of two in [1, tmemLdStMaxNum]; the error names both.
Status checkTmemLdSt(TmemLdStShape s, int64_t num);
/// Registers per thread: tmemLdStRegsPerRep(s) * num.
int64_t tmemLdStRegs(TmemLdStShape s, int64_t num);
/// 32-bit columns one instruction touches in each of its lanes.
int64_t tmemLdStColumns(TmemLdStShape s, int64_t num);

/// logical index -> TMEM offset from the warp's base address: (columns,
/// lanes):(1, 65536), CuTe's ValID in 32-bit units.
layout::Layout tmemLdStValId(TmemLdStShape s, int64_t num);
/// (thread, register) -> logical index: CuTe's DstLayout of TMEM_LOAD (the
/// SrcLayout of TMEM_STORE) in 32-bit units.
layout::Layout tmemLdStThrVal(TmemLdStShape s, int64_t num);

struct TmemCoord {
  int64_t lane = 0;   ///< from the base address's lane
  int64_t column = 0; ///< from the base address's column
  bool operator==(const TmemCoord &o) const {
    return lane == o.lane && column == o.column;
  }
};
/// Where register `reg` of thread `thread` (0..31) lives, in closed form:
///   32x32b:   lane t,                        column j
///   16x64b:   lane 8(t%2) + t/4,             column 2j + (t/2)%2
///   16x128b:  lane t/4 + 8(j%2),             column t%4 + 4(j/2)
///   16x256b:  lane t/4 + 8((j/2)%2),         column 2(t%4) + j%2 + 8(j/4)
///   16x32bx2: lane t%16,                     column j + num(t/16)
TmemCoord tmemLdStCoord(TmemLdStShape s, int64_t num, int thread, int reg);

/// 16x32bx2: the second 16x32b access starts `num` columns after the first
/// (the instruction's immediate offset, as CuTe issues it).
inline int64_t tmem16x32bx2Offset(int64_t num) { return num; }

enum class TmemCpShape { S128x256b, S128x128b, S64x128b, S32x128b };
enum class TmemCpMulticast { None, Warpx2_02_13, Warpx2_01_23, Warpx4 };

/// "128x256b", ...
const char *tmemCpShapeName(TmemCpShape s);
/// "none", "warpx2_02_13", "warpx2_01_23", "warpx4".
const char *tmemCpMulticastName(TmemCpMulticast m);
/// Rows (TMEM lanes written before replication) and bytes per row.
int tmemCpRows(TmemCpShape s);
int tmemCpRowBytes(TmemCpShape s);
/// The PTX pairing: 128x256b and 128x128b take no multicast, 64x128b
/// takes warpx2_02_13 or warpx2_01_23, 32x128b takes warpx4.
Status checkTmemCp(TmemCpShape s, TmemCpMulticast m);
/// The shared-memory descriptor fields of the source of one tcgen05.cp:
/// `tile` (rows, row bytes in elements) maps a coordinate to an element
/// offset. 256-bit rows are a canonical K-major UMMA operand
/// (deriveGmmaDesc); 128-bit rows are one column of 8-row x 16-byte core
/// matrices, contiguous within a core matrix, SBO apart (no swizzle; LBO
/// unused, 0).
Expected<GmmaDescFields>
deriveTmemCpDesc(TmemCpShape s, const layout::Layout &tile,
                 const std::optional<layout::Swizzle> &swizzle,
                 unsigned elemBits);

} // namespace cute::atom

#endif // CUTE_ATOM_SM100TMEM_H
