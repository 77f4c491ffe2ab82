//===- Imports.h - Helper functions shared between kernel sources -*- C++
//-*-===//
//
// A gpu.module imports the helper functions (func.func, inlined by
// cute-inline-helpers) of other files:
//
//   gpu.module @fmha_sm90 attributes {cute.imports = ["fmha-common.mlir"]} {
//
// An imported file is an ordinary MLIR file, a module of func.func ops with
// its own aliases and instance parameters (CuteParams.h); it is parsed with
// the importer's instance arguments, so one instance's values apply to both,
// and its functions are moved into the importing gpu.module, before its own
// ops. Its module may import further files (`module attributes
// {cute.imports = [...]}`). A name is looked up in the importing file's
// directory, then in ImportOptions::dirs (cute-opt --cute-import-dir, the
// JIT's JitOptions::importDirs). docs/instances.md.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_TARGET_IMPORTS_H
#define CUTE_TARGET_IMPORTS_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/SourceMgr.h"

#include <optional>
#include <string>
#include <vector>

namespace mlir::cute {

/// The attribute listing a gpu.module's (or an imported module's) imports.
inline constexpr llvm::StringLiteral kImportsAttr = "cute.imports";

struct ImportOptions {
  /// Searched in order after the importing file's directory.
  std::vector<std::string> dirs;
};

/// A file an import read: the path it was found at and its text.
struct ImportedFile {
  std::string path;
  std::string text;
};

/// The path `name` (imported by the file `importer`, a buffer identifier)
/// resolves to, else nullopt; `searched` receives the directories tried.
/// A buffer without a file (`<source>`, `<stdin>`) has no directory.
std::optional<std::string> findImport(StringRef name, StringRef importer,
                                      ArrayRef<std::string> dirs,
                                      std::vector<std::string> *searched);

/// Resolves the imports of every gpu.module in `m`, parsing each imported
/// file with the context's instance environment active (the caller's
/// parse) and adding its text to `sm`, so that diagnostics name its lines.
/// Failure after reporting: a file not found, a cycle, an imported file
/// holding other ops than func.func, a symbol defined twice. `read`
/// receives every file read.
LogicalResult resolveImports(ModuleOp m, llvm::SourceMgr &sm,
                             const ImportOptions &options,
                             std::vector<ImportedFile> *read = nullptr);

/// The files `text` (named `bufferName`) imports, transitively, found by
/// reading the text for `cute.imports = [...]` without parsing it: what a
/// cache key must cover. Files not found are left out (the parse reports
/// them).
std::vector<ImportedFile> scanImports(StringRef text, StringRef bufferName,
                                      const ImportOptions &options);

} // namespace mlir::cute

#endif // CUTE_TARGET_IMPORTS_H
