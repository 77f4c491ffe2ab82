//===- CuteNvgpuTmem.h - Tensor Memory helpers of cute_nvgpu ----*- C++ -*-===//
//
// Included by CuteNvgpu.h after the enums: parsing of the PTX-spelled
// tcgen05 shapes (`32x32b` lexes as the integer 32 and the keyword `x32b`)
// and the facts the verifiers and the lowering share.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_DIALECT_CUTENVGPU_IR_CUTENVGPUTMEM_H
#define CUTE_DIALECT_CUTENVGPU_IR_CUTENVGPUTMEM_H

#include "cute/Atom/Sm100Tmem.h"
#include "cute/Dialect/Cute/IR/Cute.h"

#include "mlir/IR/OpImplementation.h"

#include <string>

namespace mlir::cute_nvgpu {

/// Parses a shape written as PTX spells it (`32x32b`, `16x32bx2`,
/// `32x128b`) into the enum `Shape` whose strings are those spellings.
template <class Shape> FailureOr<Shape> parseTcgen05Shape(AsmParser &p) {
  SMLoc loc = p.getCurrentLocation();
  int64_t lanes = 0;
  StringRef rest;
  if (p.parseInteger(lanes) || p.parseKeyword(&rest))
    return failure();
  std::string text = std::to_string(lanes) + rest.str();
  std::optional<Shape> s = symbolizeEnum<Shape>(text);
  if (!s)
    return p.emitError(loc) << "unknown tcgen05 shape '" << text << "'";
  return *s;
}

/// The enums' MLIR-free counterparts (cute/Atom/Sm100Tmem.h).
::cute::atom::TmemLdStShape atomLdStShape(Tcgen05LdStShape s);
::cute::atom::TmemCpShape atomCpShape(Tcgen05CpShape s);
::cute::atom::TmemCpMulticast atomCpMulticast(Tcgen05CpMulticast m);

/// The shared-memory descriptor fields of a tcgen05_cp source tile
/// (static; the start address is added at run time).
::cute::Expected<::cute::atom::GmmaDescFields>
tmemCpDescFields(Tcgen05CpShape shape, ::mlir::cute::CuteMemRefType src);

/// `custom<Tcgen05CpShape>` of cute_nvgpu.tcgen05_cp.
ParseResult parseTcgen05CpShape(OpAsmParser &p, Tcgen05CpShapeAttr &attr);
void printTcgen05CpShape(OpAsmPrinter &p, Operation *op,
                         Tcgen05CpShapeAttr attr);

} // namespace mlir::cute_nvgpu

#endif // CUTE_DIALECT_CUTENVGPU_IR_CUTENVGPUTMEM_H
