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

} // namespace mlir::cute

#endif // CUTE_CONVERSION_PASSES_H
