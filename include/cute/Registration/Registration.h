//===- Registration.h - Everything the cute pipeline registers --*- C++ -*-===//
//
// One place that lists the dialects, interfaces, translations, passes and
// pipelines the cute pipeline uses, shared by cute-opt and the JIT
// (include/cute/JIT/Compiler.h).
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_REGISTRATION_REGISTRATION_H
#define CUTE_REGISTRATION_REGISTRATION_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace mlir::cute {

/// Dialects, lowering interfaces, the NVVM target and the LLVM IR
/// translations needed to parse cute kernels and run `--cute-compile`.
void registerCuteDialects(DialectRegistry &registry);

/// The cute passes, the upstream passes the pipeline is made of (so that each
/// stage can be run and dumped on its own) and the `cute-compile` pipeline.
/// Registers into MLIR's global registries; safe to call more than once.
void registerCutePassesAndPipelines();

} // namespace mlir::cute

#endif // CUTE_REGISTRATION_REGISTRATION_H
