//===- Compiler.cpp - In-process compilation of cute kernels --------------===//
#include "cute/JIT/Compiler.h"

#include "DiskCache.h"

#include "cute/Dialect/Cute/IR/CuteAttrNames.h"
#include "cute/Registration/Registration.h"
#include "cute/Support/KernelMetadataSchema.h"
#include "cute/Target/Chip.h"
#include "cute/Target/Instances.h"
#include "cute/Target/KernelInfo.h"
#include "cute/Target/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <future>
#include <mutex>
#include <set>
#include <unordered_map>

#ifndef CUTE_VERSION
#define CUTE_VERSION "unknown"
#endif
#ifndef CUTE_LLVM_VERSION
#define CUTE_LLVM_VERSION "unknown"
#endif

using namespace mlir;
using namespace ::cute::jit;
using ::cute::Error;
using ::cute::ErrorCode;
using ::cute::Expected;
namespace jd = ::cute::jit::detail;
using jd::Artifacts;

namespace {

using Clock = std::chrono::steady_clock;

double msSince(Clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

std::string joinPath(llvm::StringRef dir, llvm::StringRef name) {
  llvm::SmallString<256> p(dir);
  llvm::sys::path::append(p, name);
  return p.str().str();
}

/// Reads `path` into `out` (binary-safe); false when it cannot be read.
bool readFile(const std::string &path, std::string &out) {
  auto buf = llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                         /*RequiresNullTerminator=*/false);
  if (!buf)
    return false;
  out = (*buf)->getBuffer().str();
  return true;
}

/// Writes the whole module after every pass into <dir>/NN-<pass>.mlir.
class DumpToFiles : public PassManager::IRPrinterConfig {
public:
  explicit DumpToFiles(std::string dir)
      : IRPrinterConfig(/*printModuleScope=*/true), dir_(std::move(dir)) {}

  void printAfterIfEnabled(Pass *pass, Operation *,
                           PrintCallbackFn print) override {
    llvm::StringRef name = pass->getArgument();
    if (name.empty())
      name = pass->getName();
    std::string file = llvm::formatv("{0:2}-{1}.mlir", ++count_, name).str();
    // formatv pads with spaces; the files should sort.
    std::replace(file.begin(), file.begin() + 2, ' ', '0');
    std::error_code ec;
    llvm::raw_fd_ostream os(joinPath(dir_, file), ec, llvm::sys::fs::OF_Text);
    if (!ec)
      print(os);
  }

private:
  std::string dir_;
  unsigned count_ = 0;
};

/// The first option a compile cannot start with, named in the message.
::cute::Status validateOptions(const JitOptions &o) {
  namespace fs = llvm::sys::fs;
  auto invalid = [](llvm::StringRef field, const std::string &value,
                    llvm::StringRef why) {
    return Error(
        ErrorCode::InvalidArgument,
        ("invalid JitOptions::" + field + " " + value + ": " + why).str());
  };
  auto quoted = [](const std::string &s) { return "'" + s + "'"; };
  if (!::cute::target::lookupChip(o.chip))
    return invalid("chip", quoted(o.chip),
                   "the supported chips are " +
                       ::cute::target::supportedChipNames());
  if (o.optLevel > 3)
    return invalid("optLevel", std::to_string(o.optLevel),
                   "the levels are 0, 1, 2 and 3");
  for (const std::string &text : o.instances) {
    std::string why;
    if (failed(mlir::cute::InstanceArgs::parse(text, why)))
      return invalid("instances", quoted(text), why);
  }
  if (o.debugHangs < 0)
    return invalid("debugHangs", std::to_string(o.debugHangs),
                   "it must be >= 0 (0: no bound)");
  // The ptxas named is run as it is (findPtxas does not search PATH for it).
  if (o.cubin && !o.ptxas.empty()) {
    if (!fs::exists(o.ptxas))
      return invalid("ptxas", quoted(o.ptxas), "no such file");
    if (!fs::is_regular_file(o.ptxas))
      return invalid("ptxas", quoted(o.ptxas), "not a regular file");
    if (!fs::can_execute(o.ptxas))
      return invalid("ptxas", quoted(o.ptxas), "not executable");
  }
  auto notADirectory = [](const std::string &p) {
    return !p.empty() && fs::exists(p) && !fs::is_directory(p);
  };
  if (notADirectory(o.dumpDir))
    return invalid("dumpDir", quoted(o.dumpDir),
                   "it exists and is not a directory");
  if (o.useDiskCache && notADirectory(o.cacheDir))
    return invalid("cacheDir", quoted(o.cacheDir),
                   "it exists and is not a directory");
  return ::cute::okStatus();
}

/// A byte-exact, field-separated SHA-256 of everything a result depends on.
std::string computeKey(std::string_view source, const JitOptions &o,
                       const std::string &ptxasVersion,
                       const std::vector<mlir::cute::ImportedFile> &imports) {
  std::string data;
  auto field = [&](llvm::StringRef name, llvm::StringRef value) {
    data += name.str() + "=" + std::to_string(value.size()) + ":" +
            value.str() + "\n";
  };
  field("format", "cute-jit-cache 1");
  field("metadata-schema", std::to_string(::cute::metadata::kSchemaVersion));
  field("cute-mlir", CUTE_VERSION);
  field("llvm", CUTE_LLVM_VERSION);
  field("chip", o.chip);
  field("opt", std::to_string(o.optLevel));
  field("cubin", o.cubin ? "1" : "0");
  field("specialize", o.specialize ? "1" : "0");
  field("fast-math", o.fastMath ? "1" : "0");
  field("debug-checks", o.debugChecks ? "1" : "0");
  field("debug-hangs", std::to_string(o.debugHangs));
  field("ptxas", o.cubin ? ptxasVersion : "n/a");
  std::string instances;
  for (const std::string &i : o.instances)
    instances += std::to_string(i.size()) + ":" + i + ";";
  field("instances", instances);
  std::string dirs;
  for (const std::string &d : o.importDirs)
    dirs += std::to_string(d.size()) + ":" + d + ";";
  field("import-dirs", dirs);
  field("source", llvm::StringRef(source.data(), source.size()));
  for (const mlir::cute::ImportedFile &f : imports) {
    field("import", f.path);
    field("import-text", f.text);
  }
  return jd::sha256Hex(data);
}

} // namespace

struct Compiler::Impl {
  DialectRegistry registry;
  std::mutex mu;
  std::unordered_map<std::string, CompiledModule> memory;
  std::atomic<uint64_t> memoryHits{0}, diskHits{0}, compiles{0}, diskCorrupt{0},
      diskStores{0}, diskRacesLost{0}, diskWriteErrors{0}, diskUntrusted{0},
      joinedInFlight{0};
  /// Compiles in flight, by key: other threads asking for the same key wait
  /// for this result instead of running the pipeline again.
  std::unordered_map<std::string, std::shared_future<Expected<CompiledModule>>>
      inFlight;
  /// The disk-cache warnings given (each printed once), the last one kept
  /// for stats().
  std::set<std::string> warned;
  std::string lastWarning;

  Impl() { mlir::cute::registerCuteDialects(registry); }

  /// Adds `what` to the warnings of the compile in hand and prints
  /// "cute jit: warning: <what>" to stderr once per distinct text.
  void warn(std::vector<std::string> &warnings, const std::string &what) {
    warnings.push_back(what);
    std::lock_guard<std::mutex> lock(mu);
    lastWarning = what;
    if (warned.insert(what).second)
      llvm::errs() << "cute jit: warning: " << what << "\n";
  }

  Expected<CompiledModule> compile(std::string_view source,
                                   llvm::StringRef bufferName,
                                   const JitOptions &o);
  /// compile() after the memory cache: the disk cache, else the pipeline.
  Expected<CompiledModule>
  compileUncached(std::string_view source, llvm::StringRef bufferName,
                  const JitOptions &o, const std::string &key,
                  const std::vector<mlir::cute::ImportedFile> &keyed,
                  Clock::time_point t0, bool lookup);
  /// `keyed` are the imported files the key covers; `cacheable` is false
  /// when the parse read another (the result is then not cached).
  Expected<Artifacts> runPipeline(
      std::string_view source, llvm::StringRef bufferName, const JitOptions &o,
      const std::vector<mlir::cute::ImportedFile> &keyed, bool &cacheable);
};

/// The artifacts the pipeline left in `module`: the gpu.binary `name`'s cubin
/// object (with the PTX as its `cute.ptx` property) or PTX object, and the
/// metadata attribute on the module.
static Expected<Artifacts> readArtifacts(ModuleOp module, llvm::StringRef name,
                                         bool wantCubin) {
  Artifacts out;
  out.moduleName = name.str();
  auto missing = [&](const std::string &what) {
    return Error(ErrorCode::Compile, "the compile pipeline left no " + what +
                                         " for gpu.module @" + name.str());
  };
  auto bin = module.lookupSymbol<gpu::BinaryOp>(name);
  if (!bin)
    return missing("gpu.binary");
  for (Attribute a : bin.getObjects()) {
    auto obj = cast<gpu::ObjectAttr>(a);
    if (obj.getFormat() == gpu::CompilationTarget::Binary) {
      out.cubin = obj.getObject().getValue().str();
      if (DictionaryAttr props = obj.getProperties())
        if (auto ptx = props.getAs<StringAttr>(mlir::cute::attrs::ObjectPtx))
          out.ptx = ptx.getValue().str();
    } else if (obj.getFormat() == gpu::CompilationTarget::Assembly) {
      out.ptx = obj.getObject().getValue().str();
    }
  }
  if (out.ptx.empty())
    return missing("PTX");
  if (wantCubin && out.cubin.empty())
    return missing("cubin");
  auto meta = module->getAttrOfType<StringAttr>(
      mlir::cute::attrs::kernelMetadata(name));
  if (!meta)
    return missing("kernel metadata");
  out.json = meta.getValue().str();
  return out;
}

Expected<Artifacts> Compiler::Impl::runPipeline(
    std::string_view source, llvm::StringRef bufferName, const JitOptions &o,
    const std::vector<mlir::cute::ImportedFile> &keyed, bool &cacheable) {
  // Threading off: one gpu.module gains nothing from it, and module-scope IR
  // printing requires it.
  MLIRContext ctx(registry, MLIRContext::Threading::DISABLED);
  // An error is its diagnostics and their short notes: MLIR would attach the
  // whole operation in generic form to each (a kernel, the module, the
  // gpu.binary with all of its PTX), burying a one-line rule in pages of IR.
  ctx.printOpOnDiagnostic(o.verboseErrors);
  ctx.printStackTraceOnDiagnostic(false);
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(
          llvm::StringRef(source.data(), source.size()), bufferName),
      llvm::SMLoc());
  std::string diagnostics;
  llvm::raw_string_ostream diagOS(diagnostics);
  SourceMgrDiagnosticHandler handler(sourceMgr, &ctx, diagOS);
  auto fail = [&](ErrorCode code, llvm::StringRef fallback) {
    return Error(code, diagnostics.empty() ? fallback.str() : diagnostics);
  };

  SmallVector<mlir::cute::InstanceArgs> instances;
  for (const std::string &text : o.instances) {
    std::string why;
    instances.push_back(*mlir::cute::InstanceArgs::parse(text, why));
  }
  // Parameter names for the metadata come from the text in hand (the
  // buffer name need not be a readable file).
  mlir::cute::ImportOptions imports;
  imports.dirs = o.importDirs;
  std::vector<mlir::cute::ImportedFile> read;
  OwningOpRef<ModuleOp> module =
      mlir::cute::parseInstances(sourceMgr, &ctx, instances, imports, &read);
  if (!module)
    return fail(ErrorCode::Parse, "cannot parse the source");
  // The key was made from a reading of the text (scanImports): a file the
  // parse read that it does not cover (or that changed since) must not
  // let this result answer for another.
  for (const mlir::cute::ImportedFile &f : read)
    if (llvm::none_of(keyed, [&](const mlir::cute::ImportedFile &k) {
          return k.path == f.path && k.text == f.text;
        }))
      cacheable = false;

  SmallVector<gpu::GPUModuleOp> gpuModules;
  module->walk([&](gpu::GPUModuleOp m) { gpuModules.push_back(m); });
  if (gpuModules.size() != 1) {
    module->emitError("the JIT compiles exactly one gpu.module, found ")
        << gpuModules.size();
    return fail(ErrorCode::InvalidArgument, "expected exactly one gpu.module");
  }
  std::string moduleName = gpuModules.front().getName().str();

  // Artifact files only for a dump: otherwise everything stays in memory.
  PassManager pm(&ctx, ModuleOp::getOperationName());
  mlir::cute::CompileOptions co;
  co.chip = o.chip;
  co.format = o.cubin ? "cubin" : "ptx";
  co.outputDir = o.dumpDir;
  co.optLevel = o.optLevel;
  co.ptxas = mlir::cute::findPtxas(o.ptxas);
  co.specialize = o.specialize;
  co.fastMath = o.fastMath;
  co.debugChecks = o.debugChecks;
  co.debugHangs = o.debugHangs;
  mlir::cute::buildCompilePipeline(pm, co);

  if (!o.dumpDir.empty()) {
    if (auto ec = llvm::sys::fs::create_directories(o.dumpDir))
      return Error(ErrorCode::Io,
                   "cannot create " + o.dumpDir + ": " + ec.message());
    {
      std::error_code ec;
      llvm::raw_fd_ostream os(joinPath(o.dumpDir, "00-input.mlir"), ec,
                              llvm::sys::fs::OF_Text);
      if (!ec)
        module->print(os);
    }
    pm.enableIRPrinting(std::make_unique<DumpToFiles>(o.dumpDir));
  }

  if (failed(pm.run(*module)))
    return fail(ErrorCode::Compile, "the compile pipeline failed");

  Expected<Artifacts> out = readArtifacts(*module, moduleName, o.cubin);
  if (out)
    out->chip = o.chip;
  return out;
}

static CompiledModule toCompiled(Artifacts a, const std::string &key) {
  CompiledModule m;
  m.moduleName = std::move(a.moduleName);
  m.chip = std::move(a.chip);
  m.ptx = std::move(a.ptx);
  m.cubin = std::move(a.cubin);
  m.metadataJson = std::move(a.json);
  m.cacheKey = key;
  return m;
}

static Artifacts toArtifacts(const CompiledModule &m) {
  return Artifacts{m.moduleName, m.chip, m.ptx, m.cubin, m.metadataJson};
}

Expected<CompiledModule> Compiler::Impl::compile(std::string_view source,
                                                 llvm::StringRef bufferName,
                                                 const JitOptions &o) {
  Clock::time_point t0 = Clock::now();
  if (::cute::Status valid = validateOptions(o); !valid)
    return valid.error();
  std::vector<mlir::cute::ImportedFile> imports = mlir::cute::scanImports(
      llvm::StringRef(source.data(), source.size()), bufferName,
      mlir::cute::ImportOptions{o.importDirs});
  std::string key =
      computeKey(source, o, o.cubin ? Compiler::ptxasVersion(o) : "", imports);
  // A dump asks for the stages to run: no lookup (the result is still stored).
  bool lookup = o.dumpDir.empty();
  if (!lookup)
    return compileUncached(source, bufferName, o, key, imports, t0,
                           /*lookup=*/false);

  // A memory hit, or join a compile of the same key already in flight in
  // another thread, or become the one that compiles it.
  std::promise<Expected<CompiledModule>> mine;
  std::shared_future<Expected<CompiledModule>> pending;
  bool leader = false;
  // The results of verbose and terse compiles are the same, their errors
  // are not: only a compile asking for the same errors is joined.
  std::string flight = o.verboseErrors ? key + " verbose" : key;
  {
    std::lock_guard<std::mutex> lock(mu);
    auto it = memory.find(key);
    if (it != memory.end()) {
      ++memoryHits;
      CompiledModule m = it->second;
      m.fromMemoryCache = true;
      m.fromDiskCache = false;
      m.compileMs = msSince(t0);
      return m;
    }
    auto f = inFlight.find(flight);
    if (f != inFlight.end()) {
      pending = f->second;
    } else {
      pending = mine.get_future().share();
      inFlight.emplace(flight, pending);
      leader = true;
    }
  }
  if (!leader) {
    ++joinedInFlight;
    Expected<CompiledModule> r = pending.get();
    if (r.ok()) {
      r->fromMemoryCache = true;
      r->fromDiskCache = false;
      r->compileMs = msSince(t0);
      r->warnings.clear(); // the leader's, like a memory hit's
    }
    return r;
  }
  Expected<CompiledModule> r =
      compileUncached(source, bufferName, o, key, imports, t0,
                      /*lookup=*/true);
  mine.set_value(r);
  std::lock_guard<std::mutex> lock(mu);
  inFlight.erase(flight);
  return r;
}

Expected<CompiledModule> Compiler::Impl::compileUncached(
    std::string_view source, llvm::StringRef bufferName, const JitOptions &o,
    const std::string &key, const std::vector<mlir::cute::ImportedFile> &keyed,
    Clock::time_point t0, bool lookup) {
  std::vector<std::string> warnings;
  std::string cacheDir = o.useDiskCache ? Compiler::resolveCacheDir(o) : "";
  if (!cacheDir.empty()) {
    // A cache someone else can write into could hand us a planted cubin:
    // checksums catch corruption, not that.
    std::string why;
    if (!jd::ensurePrivateDir(cacheDir, why)) {
      ++diskUntrusted;
      warn(warnings, "the disk cache is not used: " + why);
      cacheDir.clear();
    }
  }
  if (lookup && !cacheDir.empty()) {
    Artifacts a;
    std::string why;
    switch (jd::loadEntry(cacheDir, key, o.cubin, a, why)) {
    case jd::LoadStatus::Hit: {
      ++diskHits;
      CompiledModule m = toCompiled(std::move(a), key);
      {
        std::lock_guard<std::mutex> lock(mu);
        memory.emplace(key, m);
      }
      m.fromDiskCache = true;
      m.compileMs = msSince(t0);
      return m;
    }
    case jd::LoadStatus::Corrupt:
      ++diskCorrupt;
      jd::removeEntry(cacheDir, key);
      break;
    case jd::LoadStatus::Untrusted:
      // Neither used nor removed (it is not ours); nor is it replaced.
      ++diskUntrusted;
      warn(warnings, "cache entry " + key + " is not used: " + why);
      cacheDir.clear();
      break;
    case jd::LoadStatus::Miss:
      break;
    }
  }

  ++compiles;
  bool cacheable = true;
  Expected<Artifacts> built =
      runPipeline(source, bufferName, o, keyed, cacheable);
  if (!built)
    return built.error();
  CompiledModule result = toCompiled(std::move(built).value(), key);
  if (!cacheable) {
    warn(warnings, "the result is not cached: the imported files changed "
                   "while it compiled, or the key's reading of the source "
                   "missed one");
    cacheDir.clear();
  }

  if (!cacheDir.empty()) {
    std::string why;
    switch (jd::storeEntry(cacheDir, key, toArtifacts(result), why)) {
    case jd::StoreStatus::Stored:
      ++diskStores;
      break;
    case jd::StoreStatus::RaceLost: {
      // Another writer published first: use its entry once verified (ours
      // stays the answer when it does not verify).
      ++diskRacesLost;
      Artifacts winner;
      if (jd::loadEntry(cacheDir, key, o.cubin, winner, why) ==
          jd::LoadStatus::Hit) {
        result = toCompiled(std::move(winner), key);
        break;
      }
      // The entry there is bad: replace it with ours.
      ++diskCorrupt;
      jd::removeEntry(cacheDir, key);
      jd::StoreStatus again =
          jd::storeEntry(cacheDir, key, toArtifacts(result), why);
      if (again == jd::StoreStatus::Stored) {
        ++diskStores;
      } else if (again == jd::StoreStatus::Error) {
        ++diskWriteErrors;
        warn(warnings, "cannot write the disk cache: " + why);
      }
      break;
    }
    case jd::StoreStatus::Error:
      ++diskWriteErrors;
      warn(warnings, "cannot write the disk cache: " + why);
      break;
    }
  }
  if (cacheable) {
    std::lock_guard<std::mutex> lock(mu);
    memory[key] = result;
  }
  result.compileMs = msSince(t0);
  result.warnings = std::move(warnings);
  return result;
}

Compiler::Compiler() : impl_(std::make_unique<Impl>()) {}
Compiler::~Compiler() = default;

Expected<CompiledModule> Compiler::compile(std::string_view source,
                                           const JitOptions &options) {
  return impl_->compile(source, "<source>", options);
}

Expected<CompiledModule> Compiler::compileFile(const std::string &path,
                                               const JitOptions &options) {
  std::string text;
  if (!readFile(path, text))
    return Error(ErrorCode::Io, "cannot read " + path);
  return impl_->compile(text, path, options);
}

CacheStats Compiler::stats() const {
  CacheStats s;
  s.memoryHits = impl_->memoryHits;
  s.diskHits = impl_->diskHits;
  s.compiles = impl_->compiles;
  s.diskCorrupt = impl_->diskCorrupt;
  s.diskStores = impl_->diskStores;
  s.diskRacesLost = impl_->diskRacesLost;
  s.diskWriteErrors = impl_->diskWriteErrors;
  s.diskUntrusted = impl_->diskUntrusted;
  s.joinedInFlight = impl_->joinedInFlight;
  std::lock_guard<std::mutex> lock(impl_->mu);
  s.lastWarning = impl_->lastWarning;
  return s;
}

void Compiler::clearMemoryCache() {
  std::lock_guard<std::mutex> lock(impl_->mu);
  impl_->memory.clear();
}

std::string Compiler::resolveCacheDir(const JitOptions &options) {
  if (!options.cacheDir.empty())
    return options.cacheDir;
  if (const char *env = std::getenv("CUTE_CACHE_DIR"); env && *env)
    return env;
  llvm::SmallString<256> home;
  if (!llvm::sys::path::home_directory(home))
    return "";
  llvm::sys::path::append(home, ".cache", "cute-mlir");
  return home.str().str();
}

std::string Compiler::ptxasVersion(const JitOptions &options) {
  static std::mutex mu;
  static llvm::StringMap<std::string> versions;
  std::string exe = mlir::cute::findPtxas(options.ptxas);
  if (exe.empty())
    return "none";
  std::lock_guard<std::mutex> lock(mu);
  auto it = versions.find(exe);
  if (it != versions.end())
    return it->second;

  std::string version = "unknown ptxas " + exe;
  llvm::SmallString<256> outPath;
  if (!llvm::sys::fs::createTemporaryFile("cute-ptxas-version", "txt",
                                          outPath)) {
    std::optional<llvm::StringRef> redirects[] = {std::nullopt, outPath.str(),
                                                  outPath.str()};
    llvm::StringRef args[] = {exe, "--version"};
    int rc = llvm::sys::ExecuteAndWait(exe, args, std::nullopt, redirects);
    std::string text;
    if (rc == 0 && readFile(outPath.str().str(), text) && !text.empty())
      version = llvm::StringRef(text).trim().str();
    llvm::sys::fs::remove(outPath);
  }
  versions[exe] = version;
  return version;
}
