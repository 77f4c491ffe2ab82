//===- MatrixCopyAtoms.cpp - ldmatrix / stmatrix copy atoms ---------------===//
//
// The atoms' traits come from cute/Atom/Sm75MatrixCopy.h; verifyCopy checks
// what one cute.copy with them needs: a register fragment and a
// shared-memory tensor whose elements come in per-instruction groups (the
// registers of one instruction; one 16-byte row per thread), each row
// contiguous in the layout, 16-byte aligned and not cut by the swizzle.
//
//===----------------------------------------------------------------------===//
#include "cute/Dialect/CuteNvgpu/IR/CuteNvgpu.h"

using namespace mlir;
using namespace mlir::cute_nvgpu;
using mlir::cute::CuteMemRefType;
using mlir::cute::MemSpace;
namespace atom = ::cute::atom;

namespace {

LogicalResult verifyNum(function_ref<InFlightDiagnostic()> emitError,
                        StringRef name, int64_t num) {
  if (num != 1 && num != 2 && num != 4)
    return emitError() << "#cute_nvgpu." << name
                       << ": num is the number of 8x8 matrices, 1, 2 or 4, "
                          "but got "
                       << num;
  return success();
}

/// `regs` and `smem` are the operand types in the atom's direction (load:
/// smem is src; store: smem is dst).
LogicalResult verifyMatrixCopy(function_ref<InFlightDiagnostic()> emitError,
                               atom::MatrixCopy m, Type regsType, Type smemType,
                               Type pred) {
  const char *inst = m.store ? "stmatrix" : "ldmatrix";
  const char *regsSide = m.store ? "src" : "dst";
  const char *smemSide = m.store ? "dst" : "src";
  if (pred)
    return emitError() << "with " << inst
                       << " takes no predicate (the warp moves whole "
                          "matrices)";
  auto regs = dyn_cast<CuteMemRefType>(regsType);
  auto smem = dyn_cast<CuteMemRefType>(smemType);
  if (!regs || regs.getMemSpace() != MemSpace::rmem)
    return emitError() << "with " << inst << " expects the " << regsSide
                       << " to be an rmem fragment, but got " << regsType;
  if (!smem || smem.getMemSpace() != MemSpace::smem)
    return emitError() << "with " << inst << " expects the " << smemSide
                       << " to be a smem tensor, but got " << smemType;
  unsigned bits = mlir::cute::storageBits(smem.getElementType());
  if (m.trans && bits != atom::kMatrixElemBits)
    return emitError() << "with " << inst
                       << " trans transposes 16-bit elements, but the "
                          "element type is "
                       << smem.getElementType() << " (" << bits << " bits)";
  if (bits != 8 && bits != 16 && bits != 32)
    return emitError() << "with " << inst
                       << " moves 32-bit registers of 8-, 16- or 32-bit "
                          "elements, but the element type is "
                       << smem.getElementType() << " (" << bits << " bits)";
  const ::cute::layout::Layout &rl = regs.getLayout().layout;
  const ::cute::layout::Layout &sl = smem.getLayout().layout;
  if (!rl.isStatic())
    return emitError() << "with " << inst << " expects a static " << regsSide
                       << " fragment, but got \"" << rl.str() << "\"";
  if (!sl.isStatic())
    return emitError() << "with " << inst << " expects a static " << smemSide
                       << " layout, but got \"" << sl.str() << "\"";
  int64_t perRegs = 32 * m.num / bits, perRow = atom::kMatrixRowBits / bits;
  int64_t nr = ::cute::layout::size(rl).value();
  int64_t ns = ::cute::layout::size(sl).value();
  if (nr % perRegs)
    return emitError() << "with " << inst << " num = " << m.num << " takes "
                       << perRegs << " values per thread and "
                       << "instruction; the " << regsSide << " fragment \""
                       << rl.str() << "\" has " << nr;
  int64_t count = nr / perRegs;
  if (ns != count * perRow)
    return emitError() << "with " << inst << ": the " << regsSide
                       << " fragment \"" << rl.str() << "\" holds " << count
                       << " instruction(s) of " << perRegs << " values, so the "
                       << smemSide << " needs " << count << " row(s) of "
                       << perRow << " elements per thread, but \"" << sl.str()
                       << "\" has " << ns << " elements";
  for (int64_t i = 0; i < count; ++i) {
    int64_t first = sl.eval(i * perRow);
    bool contiguous = first % perRow == 0;
    for (int64_t k = 1; k < perRow && contiguous; ++k)
      contiguous = sl.eval(i * perRow + k) == first + k;
    if (!contiguous)
      return emitError() << "with " << inst << ": instruction " << i
                         << " takes " << smemSide << " elements " << i * perRow
                         << ".." << (i + 1) * perRow - 1 << " of \"" << sl.str()
                         << "\" as one 16-byte row, but they are not " << perRow
                         << " contiguous elements starting on a multiple "
                            "of "
                         << perRow << " (the first is at offset " << first
                         << ")";
  }
  if (smem.getAlignment() < 16)
    return emitError() << "with " << inst << " addresses 16-byte rows, but "
                       << "the " << smemSide << " tensor is aligned to only "
                       << smem.getAlignment() << " B";
  if (auto s = smem.getSwizzleFunctor()) {
    int lgBytes = bits == 8 ? 0 : bits == 16 ? 1 : 2;
    if (s->bits > 0 && s->base + lgBytes < 4)
      return emitError() << "with " << inst << ": the swizzle " << s->str()
                         << " of the " << smemSide << " moves address bit "
                         << s->base + lgBytes
                         << " (bytes), inside a 16-byte row; rows need a "
                            "swizzle of 16-byte chunks (base >= "
                         << 4 - lgBytes << " for " << bits << "-bit elements)";
  }
  return success();
}

} // namespace

//===----------------------------------------------------------------------===//
// #cute_nvgpu.ldmatrix
//===----------------------------------------------------------------------===//

atom::MatrixCopy LdmatrixAttr::getMatrixCopy() const {
  return {false, int(getNum()), getTrans()};
}
LogicalResult LdmatrixAttr::verify(function_ref<InFlightDiagnostic()> e,
                                   int64_t num, bool) {
  return verifyNum(e, "ldmatrix", num);
}
StringRef LdmatrixAttr::getAtomName() const { return "ldmatrix"; }
unsigned LdmatrixAttr::getMaxAccessBits() const { return atom::kMatrixRowBits; }
std::optional<atom::CopyTraits> LdmatrixAttr::getCopyTraits() const {
  auto t = atom::matrixCopyTraits(getMatrixCopy());
  return t ? std::optional<atom::CopyTraits>(*t) : std::nullopt;
}
LogicalResult
LdmatrixAttr::verifyCopy(function_ref<InFlightDiagnostic()> emitError, Type src,
                         Type dst, Type pred) const {
  return verifyMatrixCopy(emitError, getMatrixCopy(), dst, src, pred);
}

//===----------------------------------------------------------------------===//
// #cute_nvgpu.stmatrix
//===----------------------------------------------------------------------===//

atom::MatrixCopy StmatrixAttr::getMatrixCopy() const {
  return {true, int(getNum()), getTrans()};
}
LogicalResult StmatrixAttr::verify(function_ref<InFlightDiagnostic()> e,
                                   int64_t num, bool) {
  return verifyNum(e, "stmatrix", num);
}
StringRef StmatrixAttr::getAtomName() const { return "stmatrix"; }
unsigned StmatrixAttr::getMaxAccessBits() const { return atom::kMatrixRowBits; }
std::optional<atom::CopyTraits> StmatrixAttr::getCopyTraits() const {
  auto t = atom::matrixCopyTraits(getMatrixCopy());
  return t ? std::optional<atom::CopyTraits>(*t) : std::nullopt;
}
LogicalResult
StmatrixAttr::verifyCopy(function_ref<InFlightDiagnostic()> emitError, Type src,
                         Type dst, Type pred) const {
  return verifyMatrixCopy(emitError, getMatrixCopy(), src, dst, pred);
}
