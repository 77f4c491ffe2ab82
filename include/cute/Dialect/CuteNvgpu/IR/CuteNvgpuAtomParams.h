//===- CuteNvgpuAtomParams.h - Optional parameters of MMA atoms -*- C++ -*-===//
//
// Included by CuteNvgpu.h after the enums: the parsers of atom parameters
// that may be left out (inferred from the atom's other parameters) and the
// inference they share with the verifiers.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_DIALECT_CUTENVGPU_IR_CUTENVGPUATOMPARAMS_H
#define CUTE_DIALECT_CUTENVGPU_IR_CUTENVGPUATOMPARAMS_H

#include "mlir/IR/OpImplementation.h"

#include <optional>

namespace mlir::cute_nvgpu {

/// An optional integer of an atom, written as cute::parseIntOrParam reads
/// it (a number, an integer instance parameter or a quoted expression).
FailureOr<std::optional<int64_t>> parseOptionalAtomInt(AsmParser &p);
/// tcgen05_mma's `kind`, written as its keyword.
FailureOr<std::optional<UmmaKind>> parseOptionalUmmaKind(AsmParser &p);
/// The tcgen05.mma kind that takes A x B: f16 for f16 x f16 and bf16 x
/// bf16, tf32 for tf32/f32 pairs, f8f6f4 for any pair of 8-, 6- and 4-bit
/// floats; none otherwise.
std::optional<UmmaKind> inferUmmaKind(Type a, Type b);
/// tcgen05.mma's K for a kind: 256 bits of A (8-bit containers for f8f6f4).
int64_t ummaK(UmmaKind kind);

} // namespace mlir::cute_nvgpu

#endif // CUTE_DIALECT_CUTENVGPU_IR_CUTENVGPUATOMPARAMS_H
