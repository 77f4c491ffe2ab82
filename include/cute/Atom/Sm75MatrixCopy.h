//===- Sm75MatrixCopy.h - ldmatrix / stmatrix copy traits -------*- C++ -*-===//
//
// What the warp-wide 8x8 matrix copies mean, as CuTe's Copy_Traits of
// SM75_U32x{1,2,4}_LDSM_N, SM75_U16x{2,4,8}_LDSM_T (ldmatrix, sm_75+) and
// SM90_U32x{1,2,4}_STSM_N, SM90_U16x{2,4,8}_STSM_T (stmatrix, sm_90+)
// (include/cute/atom/copy_traits_sm75.hpp and copy_traits_sm90.hpp of
// NVIDIA/cutlass 7107b05). Each instruction moves `num` (1, 2, 4) matrices
// of 8 rows x 8 16-bit elements between shared memory, where each row is 16
// contiguous bytes at an address one thread supplies (threads 8j .. 8j+7
// address the rows of matrix j), and registers, where 32-bit register j of
// lane l holds two elements of matrix j: row l/4, columns 2(l%4) and +1
// (low half first), or with `.trans` rows 2(l%4) and +1 of column l/4 (PTX
// ISA, "Warp-level matrix load instruction: ldmatrix").
//
// The layouts map (thread, bit) to a bit of the reference block (num
// matrices x 8 rows x 128 bits, row-major, matrix after matrix), as CuTe
// writes them (CopyTraits.h). MLIR-free.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_ATOM_SM75MATRIXCOPY_H
#define CUTE_ATOM_SM75MATRIXCOPY_H

#include "cute/Atom/CopyTraits.h"

#include <string>

namespace cute::atom {

/// One ldmatrix or stmatrix variant: `store` (stmatrix), `num` matrices
/// (1, 2, 4), `trans`.
struct MatrixCopy {
  bool store = false;
  int num = 4;
  bool trans = false;
};

/// The bits of a 16-byte row: each thread's shared-memory access.
inline constexpr int kMatrixRowBits = 128;
/// The element width of the b16 matrices.
inline constexpr unsigned kMatrixElemBits = 16;

/// The traits of `m` in bits; fails for num other than 1, 2, 4.
Expected<CopyTraits> matrixCopyTraits(const MatrixCopy &m);
/// CuTe's name of `m`: "SM75_U32x4_LDSM_N", "SM90_U16x8_STSM_T", ...
std::string matrixCopyName(const MatrixCopy &m);
/// 32-bit registers per thread (= num).
inline int matrixCopyRegs(const MatrixCopy &m) { return m.num; }

} // namespace cute::atom

#endif // CUTE_ATOM_SM75MATRIXCOPY_H
