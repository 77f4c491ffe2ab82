//===- Compiler.h - In-process compilation of cute kernels ------*- C++ -*-===//
//
// The JIT: compiles the text of a module holding one gpu.module of cute
// kernels to PTX, cubin and the kernel metadata JSON (the same pipeline as
// `cute-opt --cute-compile`, run in-process), with an in-memory cache per
// Compiler and an on-disk cache shared between processes. See docs/jit.md.
//
// The header is MLIR-free; nothing here throws. Errors come back as the
// shared cute::Error (cute/Support/Expected.h): ErrorCode::Parse when the
// source does not parse, ErrorCode::Compile when a pass or ptxas fails (the
// message is the diagnostics text, `<buffer>:line:col: error: ...`, never
// printed; without the IR unless JitOptions::verboseErrors),
// ErrorCode::InvalidArgument for options that cannot be compiled with (each
// named in the message) or a source without exactly one gpu.module, and
// ErrorCode::Io for unreadable files.
//
// The cubin, PTX and metadata come from the compiled module in memory (the
// gpu.binary and the module's metadata attribute); no files are written
// unless JitOptions::dumpDir asks for them.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_JIT_COMPILER_H
#define CUTE_JIT_COMPILER_H

#include "cute/Support/Expected.h"

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace cute::jit {

/// compile() checks the options before anything else and rejects a wrong
/// one with ErrorCode::InvalidArgument, naming the field: an unknown chip,
/// optLevel above 3, a negative debugHangs, a ptxas (when cubin) that is not
/// an executable file, a dumpDir or cacheDir (when useDiskCache) that exists
/// and is not a directory.
struct JitOptions {
  /// sm_90a, sm_100a or sm_120a (the chip table, cute/Target/Chip.h).
  std::string chip = "sm_90a";
  /// LLVM and ptxas optimization level, 0..3.
  unsigned optLevel = 3;
  /// Run ptxas for a cubin (an error when no ptxas is found).
  bool cubin = true;
  /// --cute-compile's options of the same names (docs/pipeline.md):
  /// also compile each kernel's 16-byte aligned clone (a runtime variant),
  /// approximate math functions, run-time checks of the algebra's
  /// preconditions.
  bool specialize = true;
  bool fastMath = false;
  bool debugChecks = false;
  /// Bound on mbarrier wait rounds before reporting a hang (0: none).
  int64_t debugHangs = 0;
  /// Path of the ptxas to run (an executable file; not looked up in PATH);
  /// default $CUDA_HOME/bin/ptxas, /usr/local/cuda/bin/ptxas, then PATH.
  std::string ptxas;
  /// When set, every compile (no cache lookup) writes the IR after each pass
  /// (`NN-<pass>.mlir`, `00-input.mlir`) and the artifacts here.
  std::string dumpDir;
  /// Default: $CUTE_CACHE_DIR, else ~/.cache/cute-mlir.
  std::string cacheDir;
  bool useDiskCache = true;
  /// Debugging the compiler: errors keep MLIR's "see current operation"
  /// notes, which print the whole operation (a kernel, a module, the
  /// gpu.binary with its PTX) in generic form. Off, an error carries the
  /// diagnostics and their short notes only. Not part of the cache key: it
  /// changes the text of errors, never a result.
  bool verboseErrors = false;
  /// Instances of a source with instance parameters, each
  /// `[suffix:]name=value,...` (cute/Target/Instances.h): every instance's
  /// kernels go into the one module, named with the instance's suffix. Empty:
  /// the source's own `cute.instances`, else its defaults. Part of the key.
  std::vector<std::string> instances;
  /// Directories searched for the files a gpu.module imports (`cute.imports`,
  /// docs/instances.md), after the source file's own directory (a source
  /// given as text has none). The imported files' contents are part of the
  /// key.
  std::vector<std::string> importDirs;
};

struct CompiledModule {
  std::string moduleName; ///< the gpu.module's symbol name.
  std::string chip;
  std::string ptx;
  std::string cubin; ///< empty when JitOptions::cubin is false.
  /// The kernel metadata (cute/Support/KernelMetadataSchema.h).
  std::string metadataJson;
  /// SHA-256 (hex) of everything the result depends on; the name of the
  /// on-disk cache entry.
  std::string cacheKey;
  bool fromMemoryCache = false;
  bool fromDiskCache = false;
  /// Wall time of the compile() call that produced this value.
  double compileMs = 0;
  /// The disk-cache warnings of this call (a cache directory or entry not
  /// used because it is not private or cannot be created, an entry that
  /// could not be written, with the reason); the compile itself succeeded.
  /// Empty for memory hits and joined compiles. Also printed to stderr,
  /// once per distinct text.
  std::vector<std::string> warnings;
};

/// Counters of one Compiler (for tests and debugging).
struct CacheStats {
  uint64_t memoryHits = 0;
  /// Compiles that waited for the same key's compile already in flight in
  /// another thread instead of running the pipeline again.
  uint64_t joinedInFlight = 0;
  uint64_t diskHits = 0;
  uint64_t compiles = 0;        ///< pipeline runs (successful or not).
  uint64_t diskCorrupt = 0;     ///< entries that failed verification.
  uint64_t diskStores = 0;      ///< entries this Compiler published.
  uint64_t diskRacesLost = 0;   ///< another writer published first.
  uint64_t diskWriteErrors = 0; ///< entries that could not be written.
  /// Times the disk cache or an entry was not used because it is not
  /// private (owned by another user or writable by group/others).
  uint64_t diskUntrusted = 0;
  /// The last disk-cache warning (also printed once to stderr as
  /// "cute jit: warning: ..."); empty when none.
  std::string lastWarning;
};

/// Thread-safe: compile() may be called from several threads at once; a
/// compile of a key that another thread is already compiling waits for that
/// result (stats().joinedInFlight) instead of running the pipeline again.
class Compiler {
public:
  Compiler();
  ~Compiler();
  Compiler(const Compiler &) = delete;
  Compiler &operator=(const Compiler &) = delete;

  /// Compiles MLIR source text holding exactly one gpu.module.
  Expected<CompiledModule> compile(std::string_view source,
                                   const JitOptions &options = {});
  /// Same for a file (its path names the buffer in diagnostics).
  Expected<CompiledModule> compileFile(const std::string &path,
                                       const JitOptions &options = {});

  CacheStats stats() const;
  /// Empties the in-memory cache (the disk cache is untouched).
  void clearMemoryCache();

  /// The cache directory `options` resolves to.
  static std::string resolveCacheDir(const JitOptions &options);
  /// `ptxas --version` of the ptxas `options` resolves to ("none" if there is
  /// none); computed once per process and ptxas path.
  static std::string ptxasVersion(const JitOptions &options);

private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

} // namespace cute::jit

#endif // CUTE_JIT_COMPILER_H
