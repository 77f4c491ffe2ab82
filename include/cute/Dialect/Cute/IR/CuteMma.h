//===- CuteMma.h - MMA atoms of the cute dialect as layout tables -*- C++
//-*-===//
//
// The bridge from MMA-atom attributes (any dialect's, through the interface)
// and #cute.tiled_mma to the MLIR-free tables of cute/Atom (MmaAtoms.h,
// TiledMma.h) that partitioning, verification and lowering compute with.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_DIALECT_CUTE_IR_CUTEMMA_H
#define CUTE_DIALECT_CUTE_IR_CUTEMMA_H

#include "cute/Atom/MmaReduction.h"
#include "cute/Atom/TiledCopy.h"
#include "cute/Atom/TiledMma.h"

#include "mlir/IR/Attributes.h"
#include "mlir/IR/Types.h"

namespace mlir::cute {

class MmaAtomAttrInterface;
class TiledMmaAttr;
class TiledCopyAttr;

/// The atom's layouts as read through the interface.
::cute::Expected<::cute::atom::MmaAtomLayouts>
mmaLayoutsOf(MmaAtomAttrInterface atom);
/// The tiled MMA of the attribute.
::cute::Expected<::cute::atom::TiledMma> tiledMmaOf(TiledMmaAttr mma);
/// "A", "B" or "C" as an operand; an error for anything else.
::cute::Expected<::cute::atom::MmaOperand> parseMmaOperand(llvm::StringRef s);

/// The tiled copy of the attribute for `elemBits`-bit elements: the atom's
/// traits recast to elements, tiled over the MMA operand (CuTe's
/// make_tiled_copy_A/B/C with Copy_Atom<Op, T>).
::cute::Expected<::cute::atom::TiledCopy> tiledCopyOf(TiledCopyAttr copy,
                                                      unsigned elemBits);

/// The row (`cols` false) or column reduction plan of a C fragment of the
/// tiled MMA: `fragment` is a register tensor (FrgV, RestM, RestN) (or one
/// atom's values), whose Rest modes give the tile, or a vector of its
/// values with `tile` = {rows, cols}; a written `tile` must agree with a
/// tensor's. Errors name the rule and the numbers.
::cute::Expected<::cute::atom::MmaReductionPlan>
mmaFragmentPlan(TiledMmaAttr mma, bool cols, Type fragment,
                std::optional<llvm::ArrayRef<int64_t>> tile);

} // namespace mlir::cute

#endif // CUTE_DIALECT_CUTE_IR_CUTEMMA_H
