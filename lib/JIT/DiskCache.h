//===- DiskCache.h - The JIT's on-disk cache (internal) ---------*- C++ -*-===//
//
// <cacheDir>/<key>/{module.ptx,module.cubin,module.json,manifest}. The
// manifest, written last, names the module and chip and records the size and
// SHA-256 of each file; an entry is only ever published whole, by renaming a
// private temporary directory to <key>. The directory is created 0700 and
// entries and files are written owner-only; a directory, entry or file
// that is owned by another user or writable by others is not used.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_LIB_JIT_DISKCACHE_H
#define CUTE_LIB_JIT_DISKCACHE_H

#include "llvm/ADT/StringRef.h"

#include <string>

namespace cute::jit::detail {

struct Artifacts {
  std::string moduleName, chip, ptx, cubin, json;
};

std::string sha256Hex(llvm::StringRef data);

/// Whether `path` (a cache directory, entry or file) may be trusted: owned
/// by the effective user and not writable by group or others, as ssh
/// treats its key files. False with `why` naming the owner or the mode.
bool isPrivate(llvm::StringRef path, std::string &why);

/// Creates `cacheDir` (mode 0700) when missing; true when it exists and is
/// private (isPrivate), false with `why` otherwise.
bool ensurePrivateDir(llvm::StringRef cacheDir, std::string &why);

/// Untrusted: the entry or one of its files is not private (isPrivate); it
/// is neither used nor removed.
enum class LoadStatus { Hit, Miss, Corrupt, Untrusted };

/// Reads and verifies <cacheDir>/<key>. `wantCubin`: the entry must hold a
/// cubin. On Corrupt, `why` says what failed.
LoadStatus loadEntry(llvm::StringRef cacheDir, llvm::StringRef key,
                     bool wantCubin, Artifacts &out, std::string &why);

enum class StoreStatus { Stored, RaceLost, Error };

/// Publishes `a` as <cacheDir>/<key> atomically. RaceLost: an entry already
/// existed (another writer won); the caller should load and verify it.
StoreStatus storeEntry(llvm::StringRef cacheDir, llvm::StringRef key,
                       const Artifacts &a, std::string &why);

/// Removes <cacheDir>/<key> (first renamed away, so that readers never see a
/// half-deleted entry).
void removeEntry(llvm::StringRef cacheDir, llvm::StringRef key);

} // namespace cute::jit::detail

#endif // CUTE_LIB_JIT_DISKCACHE_H
