//===- Sm90GmmaRs.h - wgmma accumulators as register A operands -*- C++ -*-===//
//
// The register-A ("RS") form of sm_90a wgmma reads A from four 32-bit
// registers per thread (CuTe's GMMA::ALayout_64x16 for 16-bit types,
// ALayout_64x32 for 8-bit ones). The f32 accumulator of one wgmma (CuTe's
// CLayout_64xN) can become the A operand of the next (attention's P = S in
// O = P V) without shared memory; this header says how, per K block of the
// next MMA (K = 256 / bits columns of the accumulator):
//
// 16-bit (f16, bf16): the layouts coincide. Value a of the A fragment is
// value a of the accumulator's K block (both are (pair, row half, column
// group) in the same lanes), so register r = cvt.rn.{bf16,f16}x2.f32 of
// accumulator values 2r (low half) and 2r + 1 (high half). No data moves
// between threads.
//
// 8-bit (e4m3, e5m2): the layouts differ across the four lanes of a quad
// (the lanes holding one row pair). Lane q (= lane % 4) holds accumulator
// columns 8g + 2q + {0,1} of the column groups g = 0..3 of a K block, but
// its A registers want columns 4q..4q+3 and 16 + 4q..16 + 4q+3 (ISA
// "Register Fragments", wgmma .m64nNk32 A and .m64nNk16 D). So no
// permutation of bytes inside a thread gives the exact A operand; one does
// give A with its K columns permuted, which is right only if B's K rows are
// permuted the same way (FlashAttention-3 does that while transposing V in
// shared memory). This conversion is exact instead, with two quad shuffles
// per row half:
//   - each lane converts its pairs P(g, h) = cvt.rn.satfinite.e4m3x2.f32
//     (hi = value 4g + 2h + 1, lo = value 4g + 2h) for row half h = 0, 1,
//     and packs two words: E = P(0,h) | P(2,h) << 16, O = P(1,h) |
//     P(3,h) << 16;
//   - shuffle s = 0, 1: lane q sends word rsF8SentWord(q, s) (0 = E,
//     1 = O) and reads the word of quad lane rsF8SourceLane(q, s): X after
//     shuffle 0, Y after shuffle 1. X and Y are the words of lanes
//     2 (q % 2) and 2 (q % 2) + 1, which hold columns 4q..4q+3 of group
//     q / 2 (low halves) and of group q / 2 + 2 (high halves);
//   - A register h + 2u (u = 0: columns 4q.., u = 1: 16 + 4q..) =
//     prmt.b32(X, Y, rsF8Selector(q, u)).
// Four shuffles and four prmt per K block and thread for four registers.
// MLIR-free; the unit tests check the recipe against the two layouts.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_ATOM_SM90GMMARS_H
#define CUTE_ATOM_SM90GMMARS_H

#include "cute/Support/Expected.h"

#include <cstdint>
#include <vector>

namespace cute::atom {

/// One element of a warpgroup's wgmma accumulator: the thread (0..127)
/// holding it and its value index in that thread's C fragment.
struct AccumulatorElement {
  int64_t thread = 0, value = 0;
  bool operator==(const AccumulatorElement &o) const {
    return thread == o.thread && value == o.value;
  }
};

/// K of the RS wgmma on `elemBits`-bit A (16 for 16-bit, 32 for 8-bit);
/// 0 for other widths.
int64_t rsWgmmaK(unsigned elemBits);

/// For K block `kBlock` of the next MMA, of an m64 x `n` accumulator (`n`
/// a multiple of rsWgmmaK(elemBits)): element t * V + a (V = A values per
/// thread, K / 2) is the accumulator element at the same (row, kBlock * K +
/// column) as value a of thread t's RS A fragment. Derived from the
/// thread-value layouts of MmaAtoms.h alone.
Expected<std::vector<AccumulatorElement>>
rsOperandSources(unsigned elemBits, int64_t n, int64_t kBlock);

/// The 8-bit conversion's recipe (see the file comment). Quad lane q and
/// shuffle s are 0..3 and 0..1; row half h and K half u 0..1.
/// The accumulator value (relative to the K block's first, K / 2 per
/// block) converted into byte `hi` (0 low, 1 high) of the pair P(g, h).
int64_t rsF8PairValue(int g, int h, int hi);
/// The word (0: E, the even column groups; 1: O, the odd ones) lane q
/// sends in shuffle s.
int rsF8SentWord(int q, int s);
/// The quad lane whose word lane q reads in shuffle s.
int rsF8SourceLane(int q, int s);
/// The prmt.b32 selector of A register h + 2u from (X, Y) in lane q.
uint32_t rsF8Selector(int q, int u);

} // namespace cute::atom

#endif // CUTE_ATOM_SM90GMMARS_H
