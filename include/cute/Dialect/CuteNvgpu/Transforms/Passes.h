//===- Passes.h - cute_nvgpu passes -----------------------------*- C++ -*-===//
#ifndef CUTE_DIALECT_CUTENVGPU_TRANSFORMS_PASSES_H
#define CUTE_DIALECT_CUTENVGPU_TRANSFORMS_PASSES_H

#include "mlir/Pass/Pass.h"

namespace mlir::cute_nvgpu {

#define GEN_PASS_DECL
#include "cute/Dialect/CuteNvgpu/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "cute/Dialect/CuteNvgpu/Transforms/Passes.h.inc"

} // namespace mlir::cute_nvgpu

#endif // CUTE_DIALECT_CUTENVGPU_TRANSFORMS_PASSES_H
