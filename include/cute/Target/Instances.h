//===- Instances.h - Parsing a kernel source into its instances -*- C++ -*-===//
//
// A kernel source with instance parameters (CuteParams.h) is parsed once per
// instance; each parse's kernels (and helpers) get the instance's suffix
// (`@gemm` with T=f16 -> `@gemm_f16`, or a suffix written `f16:T=f16`) and
// all of them land in one module, so one gpu.module holds every instance.
// Instances come from the caller (cute-opt --cute-instance, the JIT's
// options, cute_add_kernel_library's INSTANCES) or, when the caller gives
// none, from the source's own list:
//
//   module attributes {cute.instances = ["bf16:T=bf16", "e4m3:T=f8E4M3FN"]}
//
// With neither, the source is parsed once with its defaults and keeps its
// names.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_TARGET_INSTANCES_H
#define CUTE_TARGET_INSTANCES_H

#include "cute/Dialect/Cute/IR/CuteParams.h"
#include "cute/Target/Imports.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/Support/SourceMgr.h"

namespace mlir::cute {

/// The module attribute listing a source's instances.
inline constexpr llvm::StringLiteral kInstancesAttr = "cute.instances";

/// Parses the main buffer of `sourceMgr` into one module holding every
/// instance (see above). Diagnostics go to the context's handlers, each
/// with a note naming the instance it came from. Kernel parameter names
/// are taken from the source (cute.param_name) before the merge. Each
/// parse resolves the source's imports (Imports.h) with the instance's
/// arguments; `read` receives the files read.
OwningOpRef<ModuleOp> parseInstances(llvm::SourceMgr &sourceMgr,
                                     MLIRContext *ctx,
                                     ArrayRef<InstanceArgs> instances,
                                     const ImportOptions &imports = {},
                                     std::vector<ImportedFile> *read = nullptr);

} // namespace mlir::cute

#endif // CUTE_TARGET_INSTANCES_H
