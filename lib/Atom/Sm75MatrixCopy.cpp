//===- Sm75MatrixCopy.cpp - ldmatrix / stmatrix copy traits ---------------===//
#include "cute/Atom/Sm75MatrixCopy.h"
#include "AtomDetail.h"

namespace cute::atom {

using layout::IntTuple;
using layout::Layout;

namespace {

IntTuple T(std::initializer_list<IntTuple> e) { return IntTuple(e); }

/// The shared-memory side: thread t addresses 16-byte row t of the
/// reference block; with fewer than 4 matrices the rows repeat over the
/// threads whose addresses the instruction ignores (stride 0).
Layout rowSide(int num) {
  if (num == 4)
    return Layout(T({32, kMatrixRowBits}), T({kMatrixRowBits, 1}));
  return Layout(T({T({8 * num, 4 / num}), kMatrixRowBits}),
                T({T({kMatrixRowBits, 0}), 1}));
}

/// The register side without .trans: bit b of register j of lane l is bit
/// 32 l + b of matrix j (row l/4, bits 32 (l%4) + b).
Layout regSideN(int num) {
  if (num == 1)
    return Layout(T({32, 32}), T({32, 1}));
  return Layout(T({32, T({32, num})}), T({32, T({1, 1024})}));
}

/// With .trans: half h of register j of lane l is the element at row
/// 2 (l%4) + h, column l/4 of matrix j: bit 256 (l%4) + 16 (l/4) + 128 h + b.
Layout regSideT(int num) {
  if (num == 1)
    return Layout(T({T({4, 8}), T({16, 2})}), T({T({256, 16}), T({1, 128})}));
  return Layout(T({T({4, 8}), T({16, 2, num})}),
                T({T({256, 16}), T({1, 128, 1024})}));
}

} // namespace

std::string matrixCopyName(const MatrixCopy &m) {
  std::string s = m.store ? "SM90_" : "SM75_";
  s += m.trans ? "U16x" + std::to_string(2 * m.num)
               : "U32x" + std::to_string(m.num);
  s += m.store ? "_STSM_" : "_LDSM_";
  s += m.trans ? "T" : "N";
  return s;
}

Expected<CopyTraits> matrixCopyTraits(const MatrixCopy &m) {
  if (m.num != 1 && m.num != 2 && m.num != 4)
    return detail::invalid("ldmatrix/stmatrix move 1, 2 or 4 matrices, not " +
                           std::to_string(m.num));
  CopyTraits t;
  t.name = matrixCopyName(m);
  t.thr = Layout(IntTuple(32));
  Layout rows = rowSide(m.num);
  Layout regs = m.trans ? regSideT(m.num) : regSideN(m.num);
  // ldmatrix reads rows and writes registers; stmatrix the reverse. The
  // reference is the register side in both (CuTe's RefLayout).
  t.src = m.store ? regs : rows;
  t.dst = m.store ? rows : regs;
  t.ref = regs;
  return t;
}

} // namespace cute::atom
