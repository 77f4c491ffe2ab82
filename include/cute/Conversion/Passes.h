//===- Passes.h - cute conversion passes ------------------------*- C++ -*-===//
//
// convert-cute-to-llvm (include/cute/Conversion/CuteToLLVM/CuteToLLVM.h has
// its type converter and patterns) and cute-lower-gpu-reductions.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_CONVERSION_PASSES_H
#define CUTE_CONVERSION_PASSES_H

#include "mlir/Pass/Pass.h"

namespace mlir::cute {

#define GEN_PASS_DECL
#include "cute/Conversion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "cute/Conversion/Passes.h.inc"

/// Attaches the MMA lowering models of convert-cute-nvgpu-to-nvvm to the
/// cute_nvgpu MMA atoms (MmaLoweringAttrInterface) when that dialect loads.
/// The pass registers them itself; tools that build the IR first call this.
void registerCuteNvgpuMmaLowerings(DialectRegistry &registry);

} // namespace mlir::cute

#endif // CUTE_CONVERSION_PASSES_H
