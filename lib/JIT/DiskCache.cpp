//===- DiskCache.cpp - The JIT's on-disk cache ----------------------------===//
#include "DiskCache.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdio>
#include <sys/stat.h>
#include <unistd.h>

using namespace llvm;

namespace cute::jit::detail {

static constexpr StringLiteral kManifestHeader = "cute-jit-cache 1";

std::string sha256Hex(StringRef data) {
  auto digest = SHA256::hash(arrayRefFromStringRef(data));
  return toHex(digest, /*LowerCase=*/true);
}

static std::string pathJoin(StringRef dir, StringRef name) {
  SmallString<256> p(dir);
  sys::path::append(p, name);
  return p.str().str();
}

static bool readFile(const std::string &path, std::string &out) {
  auto buf = MemoryBuffer::getFile(path, /*IsText=*/false,
                                   /*RequiresNullTerminator=*/false);
  if (!buf)
    return false;
  out = (*buf)->getBuffer().str();
  return true;
}

bool isPrivate(StringRef path, std::string &why) {
  struct stat st;
  std::string p = path.str();
  if (::lstat(p.c_str(), &st) != 0) {
    why = "cannot stat " + p;
    return false;
  }
  if (S_ISLNK(st.st_mode)) {
    why = p + " is a symbolic link";
    return false;
  }
  if (st.st_uid != ::geteuid()) {
    why = p + " is owned by uid " + std::to_string(st.st_uid) +
          ", not by this user (uid " + std::to_string(::geteuid()) + ")";
    return false;
  }
  if (st.st_mode & (S_IWGRP | S_IWOTH)) {
    char mode[8];
    std::snprintf(mode, sizeof(mode), "%04o", unsigned(st.st_mode & 07777));
    why = p + " is writable by " +
          ((st.st_mode & S_IWOTH) ? std::string("others") : "its group") +
          " (mode " + mode + "; the cache must be private: chmod go-w)";
    return false;
  }
  return true;
}

bool ensurePrivateDir(StringRef cacheDir, std::string &why) {
  if (!sys::fs::exists(cacheDir)) {
    SmallString<256> parent(cacheDir);
    sys::path::remove_filename(parent);
    if (!parent.empty())
      if (auto ec = sys::fs::create_directories(parent)) {
        why = ("cannot create " + parent + ": " + ec.message()).str();
        return false;
      }
    std::string d = cacheDir.str();
    if (::mkdir(d.c_str(), 0700) != 0 && !sys::fs::exists(cacheDir)) {
      why = "cannot create " + d;
      return false;
    }
  }
  return isPrivate(cacheDir, why);
}

static bool writeFile(const std::string &path, StringRef data,
                      std::string &why) {
  std::error_code ec;
  // Owner-only (0600), whatever the umask.
  raw_fd_ostream os(path, ec, sys::fs::CD_CreateAlways, sys::fs::FA_Write,
                    sys::fs::OF_None);
  if (!ec)
    ec = sys::fs::setPermissions(path,
                                 sys::fs::owner_read | sys::fs::owner_write);
  if (ec) {
    why = "cannot write " + path + ": " + ec.message();
    return false;
  }
  os << data;
  os.close();
  if (os.has_error()) {
    why = "cannot write " + path + ": " + os.error().message();
    os.clear_error();
    return false;
  }
  return true;
}

LoadStatus loadEntry(StringRef cacheDir, StringRef key, bool wantCubin,
                     Artifacts &out, std::string &why) {
  std::string dir = pathJoin(cacheDir, key);
  if (!sys::fs::is_directory(dir))
    return LoadStatus::Miss;
  for (StringRef f :
       {"", "manifest", "module.ptx", "module.json", "module.cubin"}) {
    std::string p = f.empty() ? dir : pathJoin(dir, f);
    if ((f.empty() || sys::fs::exists(p)) && !isPrivate(p, why))
      return LoadStatus::Untrusted;
  }
  std::string manifest;
  if (!readFile(pathJoin(dir, "manifest"), manifest)) {
    why = "no manifest";
    return LoadStatus::Corrupt;
  }
  SmallVector<StringRef> lines;
  StringRef(manifest).split(lines, '\n', -1, /*KeepEmpty=*/false);
  if (lines.empty() || lines.front() != kManifestHeader ||
      lines.back() != "end") {
    why = "malformed or truncated manifest";
    return LoadStatus::Corrupt;
  }
  Artifacts a;
  bool sawPtx = false, sawJson = false, sawCubin = false;
  for (StringRef line : ArrayRef<StringRef>(lines).drop_front().drop_back()) {
    auto [tag, rest] = line.split(' ');
    if (tag == "module") {
      a.moduleName = rest.str();
      continue;
    }
    if (tag == "chip") {
      a.chip = rest.str();
      continue;
    }
    if (tag != "file") {
      why = ("unknown manifest line '" + line + "'").str();
      return LoadStatus::Corrupt;
    }
    SmallVector<StringRef, 3> f;
    rest.split(f, ' ');
    uint64_t size;
    if (f.size() != 3 || f[1].getAsInteger(10, size)) {
      why = ("malformed manifest line '" + line + "'").str();
      return LoadStatus::Corrupt;
    }
    std::string *dst = f[0] == "module.ptx"     ? (sawPtx = true, &a.ptx)
                       : f[0] == "module.cubin" ? (sawCubin = true, &a.cubin)
                       : f[0] == "module.json"  ? (sawJson = true, &a.json)
                                                : nullptr;
    if (!dst) {
      why = ("unknown file '" + f[0] + "' in manifest").str();
      return LoadStatus::Corrupt;
    }
    if (!readFile(pathJoin(dir, f[0]), *dst)) {
      why = (f[0] + " is missing").str();
      return LoadStatus::Corrupt;
    }
    if (dst->size() != size) {
      why = (f[0] + " has " + Twine(dst->size()) + " bytes, manifest says " +
             Twine(size))
                .str();
      return LoadStatus::Corrupt;
    }
    if (sha256Hex(*dst) != f[2]) {
      why = (f[0] + " does not match its SHA-256").str();
      return LoadStatus::Corrupt;
    }
  }
  if (!sawPtx || !sawJson || (wantCubin && !sawCubin) || a.moduleName.empty()) {
    why = "manifest lacks a file or the module name";
    return LoadStatus::Corrupt;
  }
  out = std::move(a);
  return LoadStatus::Hit;
}

StoreStatus storeEntry(StringRef cacheDir, StringRef key, const Artifacts &a,
                       std::string &why) {
  if (!ensurePrivateDir(cacheDir, why))
    return StoreStatus::Error;
  std::string finalDir = pathJoin(cacheDir, key);
  if (sys::fs::exists(finalDir))
    return StoreStatus::RaceLost;

  SmallString<256> tmp;
  if (auto ec = sys::fs::createUniqueDirectory(
          pathJoin(cacheDir, (".tmp-" + key.take_front(16)).str()), tmp)) {
    why = "cannot create a temporary entry: " + ec.message();
    return StoreStatus::Error;
  }
  std::string tmpDir = tmp.str().str();
  sys::fs::setPermissions(tmpDir, sys::fs::owner_all);
  auto fail = [&]() {
    sys::fs::remove_directories(tmpDir);
    return StoreStatus::Error;
  };

  std::string manifest;
  raw_string_ostream m(manifest);
  m << kManifestHeader << "\n"
    << "module " << a.moduleName << "\n"
    << "chip " << a.chip << "\n";
  auto add = [&](StringRef name, const std::string &data) {
    if (!writeFile(pathJoin(tmpDir, name), data, why))
      return false;
    m << "file " << name << " " << data.size() << " " << sha256Hex(data)
      << "\n";
    return true;
  };
  if (!add("module.ptx", a.ptx) || !add("module.json", a.json) ||
      (!a.cubin.empty() && !add("module.cubin", a.cubin)))
    return fail();
  m << "end\n";
  // The manifest goes last: an entry without one is incomplete.
  if (!writeFile(pathJoin(tmpDir, "manifest"), manifest, why))
    return fail();

  if (std::error_code ec = sys::fs::rename(tmpDir, finalDir)) {
    sys::fs::remove_directories(tmpDir);
    // rename(2) onto a non-empty directory fails: someone published first.
    if (ec == std::errc::directory_not_empty || ec == std::errc::file_exists ||
        sys::fs::exists(finalDir))
      return StoreStatus::RaceLost;
    why = "cannot publish " + finalDir + ": " + ec.message();
    return StoreStatus::Error;
  }
  return StoreStatus::Stored;
}

void removeEntry(StringRef cacheDir, StringRef key) {
  std::string dir = pathJoin(cacheDir, key);
  SmallString<256> trash;
  if (!sys::fs::createUniqueDirectory(
          pathJoin(cacheDir, (".trash-" + key.take_front(16)).str()), trash)) {
    // Renaming onto the empty trash directory is atomic.
    if (!sys::fs::rename(dir, trash)) {
      sys::fs::remove_directories(trash);
      return;
    }
    sys::fs::remove_directories(trash);
  }
  sys::fs::remove_directories(dir);
}

} // namespace cute::jit::detail
