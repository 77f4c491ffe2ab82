//===- Imports.cpp - Helper functions shared between kernel sources -------===//
#include "cute/Target/Imports.h"
#include "cute/Dialect/Cute/IR/CuteParams.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

using namespace mlir;
using namespace mlir::cute;

namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

std::optional<std::string>
mlir::cute::findImport(StringRef name, StringRef importer,
                       ArrayRef<std::string> dirs,
                       std::vector<std::string> *searched) {
  auto found = [](const Twine &p) { return fs::is_regular_file(p); };
  if (path::is_absolute(name)) {
    if (searched)
      searched->push_back("(an absolute path)");
    return found(name) ? std::optional<std::string>(name.str()) : std::nullopt;
  }
  SmallVector<std::string> candidates;
  if (!importer.empty() && !importer.starts_with("<") && importer != "-")
    candidates.push_back(path::parent_path(importer).str());
  candidates.append(dirs.begin(), dirs.end());
  for (const std::string &dir : candidates) {
    if (searched)
      searched->push_back(dir.empty() ? "." : dir);
    SmallString<256> p(dir);
    path::append(p, name);
    if (found(p))
      return p.str().str();
  }
  return std::nullopt;
}

namespace {

/// The file named by a location.
std::string fileOf(Location loc) {
  if (auto fl = loc->findInstanceOf<FileLineColLoc>())
    return fl.getFilename().str();
  return "";
}

/// `file:line` of a location.
std::string describe(Location loc) {
  if (auto fl = loc->findInstanceOf<FileLineColLoc>())
    return (fl.getFilename().getValue() + ":" + Twine(fl.getLine())).str();
  return "an unknown location";
}

/// The imports of one gpu.module: its functions in the order they go in.
class Importer {
public:
  Importer(llvm::SourceMgr &sm, const ImportOptions &options,
           std::vector<ImportedFile> *read)
      : sm(sm), options(options), read(read) {}

  /// Imports the files `op` (the gpu.module or an imported module, in the
  /// file `from`) lists; appends their functions to `funcs`.
  LogicalResult importAll(Operation *op, StringRef from,
                          SmallVectorImpl<OwningOpRef<ModuleOp>> &keep,
                          SmallVectorImpl<func::FuncOp> &funcs);

private:
  LogicalResult importOne(Operation *op, StringRef from, StringRef name,
                          SmallVectorImpl<OwningOpRef<ModuleOp>> &keep,
                          SmallVectorImpl<func::FuncOp> &funcs);

  llvm::SourceMgr &sm;
  const ImportOptions &options;
  std::vector<ImportedFile> *read;
  /// The files being imported, outermost first (for cycles), by real path;
  /// and those done (a file imported twice is taken once).
  std::vector<std::pair<std::string, std::string>> chain;
  llvm::StringSet<> done;
};

/// The text naming `op` in diagnostics.
std::string opName(Operation *op) {
  if (auto gm = dyn_cast<gpu::GPUModuleOp>(op))
    return "gpu.module @" + gm.getName().str();
  return "the module of " + fileOf(op->getLoc());
}

LogicalResult Importer::importAll(Operation *op, StringRef from,
                                  SmallVectorImpl<OwningOpRef<ModuleOp>> &keep,
                                  SmallVectorImpl<func::FuncOp> &funcs) {
  Attribute attr = op->getAttr(kImportsAttr);
  if (!attr)
    return success();
  auto list = dyn_cast<ArrayAttr>(attr);
  if (!list || !llvm::all_of(list, llvm::IsaPred<StringAttr>))
    return op->emitError(kImportsAttr)
           << " holds a list of file names, [\"helpers.mlir\", ...]";
  for (Attribute a : list)
    if (failed(
            importOne(op, from, cast<StringAttr>(a).getValue(), keep, funcs)))
      return failure();
  return success();
}

LogicalResult Importer::importOne(Operation *op, StringRef from, StringRef name,
                                  SmallVectorImpl<OwningOpRef<ModuleOp>> &keep,
                                  SmallVectorImpl<func::FuncOp> &funcs) {
  std::vector<std::string> searched;
  std::optional<std::string> found =
      findImport(name, from, options.dirs, &searched);
  if (!found) {
    InFlightDiagnostic d =
        op->emitError() << opName(op) << " imports '" << name
                        << "', which is in none of the directories searched:";
    for (const std::string &dir : searched)
      d << " " << dir;
    if (searched.empty())
      d << " none (a source without a file has no directory of its own; "
           "give import directories)";
    return failure();
  }
  SmallString<256> real;
  if (fs::real_path(*found, real))
    real = *found;
  for (auto &[realPath, shown] : chain)
    if (realPath == real) {
      InFlightDiagnostic d = op->emitError() << "import cycle: ";
      bool inCycle = false;
      for (auto &[r, s] : chain) {
        inCycle |= r == real;
        if (inCycle)
          d << s << " -> ";
      }
      d << *found;
      return failure();
    }
  if (!done.insert(real).second)
    return success();

  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> file =
      llvm::MemoryBuffer::getFile(*found, /*IsText=*/true);
  if (!file)
    return op->emitError() << opName(op) << " imports '" << name
                           << "': cannot read " << *found << ": "
                           << file.getError().message();
  StringRef text = (*file)->getBuffer();
  if (read)
    read->push_back({*found, text.str()});
  // One copy for the diagnostics handler (found by its name), one to parse.
  sm.AddNewSourceBuffer(llvm::MemoryBuffer::getMemBufferCopy(text, *found),
                        llvm::SMLoc());
  llvm::SourceMgr own;
  own.AddNewSourceBuffer(llvm::MemoryBuffer::getMemBufferCopy(text, *found),
                         llvm::SMLoc());
  MLIRContext *ctx = op->getContext();
  InstanceEnv &env = instanceEnv(ctx);
  std::vector<InstanceEnv::Param> saved = env.enterFile();
  // Verified in the importing module (its functions may call imported ones).
  OwningOpRef<ModuleOp> m = parseSourceFile<ModuleOp>(
      own, ParserConfig(ctx, /*verifyAfterParse=*/false));
  env.leaveFile(std::move(saved));
  if (!m)
    return op->emitError() << opName(op) << " imports " << *found
                           << ", which does not parse";
  for (Operation &inner : m->getBody()->getOperations())
    if (!isa<func::FuncOp>(inner))
      return inner.emitError()
             << "'" << inner.getName() << "' in the imported file " << *found
             << ": an imported file holds func.func ops only";
  chain.emplace_back(real.str().str(), *found);
  LogicalResult nested = importAll(m->getOperation(), *found, keep, funcs);
  chain.pop_back();
  if (failed(nested))
    return failure();
  for (auto fn : m->getOps<func::FuncOp>())
    funcs.push_back(fn);
  keep.push_back(std::move(m));
  return success();
}

/// Moves the functions `gm` imports into it, before its own ops.
LogicalResult importInto(gpu::GPUModuleOp gm, llvm::SourceMgr &sm,
                         const ImportOptions &options,
                         std::vector<ImportedFile> *read) {
  SmallVector<OwningOpRef<ModuleOp>> keep;
  SmallVector<func::FuncOp> funcs;
  Importer importer(sm, options, read);
  if (failed(importer.importAll(gm, fileOf(gm.getLoc()), keep, funcs)))
    return failure();
  llvm::StringMap<Operation *> defined;
  for (Operation &op : gm.getBody()->getOperations())
    if (StringAttr name = SymbolTable::getSymbolName(&op))
      defined[name.getValue()] = &op;
  for (func::FuncOp fn : funcs) {
    auto [it, fresh] = defined.try_emplace(fn.getSymName(), fn);
    if (fresh)
      continue;
    Operation *other = it->second;
    bool own = other->getParentOp() == gm.getOperation();
    InFlightDiagnostic d = other->emitError()
                           << "@" << fn.getSymName()
                           << " is defined here and by the import "
                           << fileOf(fn.getLoc()) << " ("
                           << describe(fn.getLoc()) << ")";
    if (!own)
      d << ", both imported into " << opName(gm);
    d.attachNote(fn.getLoc()) << "the imported definition";
    return failure();
  }
  Block *body = gm.getBody();
  Block::iterator first = body->begin();
  for (func::FuncOp fn : funcs)
    fn->moveBefore(body, first);
  gm->removeAttr(kImportsAttr);
  return success();
}

} // namespace

LogicalResult mlir::cute::resolveImports(ModuleOp m, llvm::SourceMgr &sm,
                                         const ImportOptions &options,
                                         std::vector<ImportedFile> *read) {
  if (m->hasAttr(kImportsAttr))
    return m.emitError(kImportsAttr)
           << " belongs on the gpu.module that uses the helpers (or on the "
              "module of an imported file), not on a kernel source's module";
  SmallVector<gpu::GPUModuleOp> gpuModules;
  m.walk([&](gpu::GPUModuleOp gm) { gpuModules.push_back(gm); });
  for (gpu::GPUModuleOp gm : gpuModules)
    if (failed(importInto(gm, sm, options, read)))
      return failure();
  return success();
}

namespace {

/// The names listed after each `cute.imports = [` in `text`.
std::vector<std::string> importNames(StringRef text) {
  std::vector<std::string> names;
  for (size_t at = text.find(kImportsAttr); at != StringRef::npos;
       at = text.find(kImportsAttr, at + 1)) {
    StringRef rest = text.drop_front(at + kImportsAttr.size());
    rest.consume_front("\"");
    rest = rest.ltrim();
    if (!rest.consume_front("="))
      continue;
    rest = rest.ltrim();
    if (!rest.consume_front("["))
      continue;
    while (true) {
      rest = rest.ltrim();
      if (!rest.consume_front("\""))
        break;
      size_t end = rest.find('"');
      if (end == StringRef::npos)
        break;
      names.push_back(rest.take_front(end).str());
      rest = rest.drop_front(end + 1).ltrim();
      if (!rest.consume_front(","))
        break;
    }
  }
  return names;
}

void scan(StringRef text, StringRef name, const ImportOptions &options,
          llvm::StringSet<> &seen, std::vector<ImportedFile> &out) {
  for (const std::string &imported : importNames(text)) {
    std::optional<std::string> found =
        findImport(imported, name, options.dirs, nullptr);
    if (!found || !seen.insert(*found).second)
      continue;
    llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> file =
        llvm::MemoryBuffer::getFile(*found, /*IsText=*/true);
    if (!file)
      continue;
    out.push_back({*found, (*file)->getBuffer().str()});
    std::string copy = out.back().text;
    scan(copy, *found, options, seen, out);
  }
}

} // namespace

std::vector<ImportedFile>
mlir::cute::scanImports(StringRef text, StringRef bufferName,
                        const ImportOptions &options) {
  std::vector<ImportedFile> out;
  llvm::StringSet<> seen;
  scan(text, bufferName, options, seen, out);
  return out;
}
