//===- cute-opt.cpp - The cute-mlir optimizer driver ----------------------===//
//
// mlir-opt for cute-mlir: registers only the dialects, interfaces and passes
// the cute pipeline uses (cute/Registration/Registration.h, shared with the
// JIT).
// `--cute-compile="chip=sm_100a"` runs the whole pipeline from cute kernels
// to PTX/cubin.
// `--cute-instance=[suffix:]name=value,...` (repeatable) instantiates a
// source with instance parameters (cute/Target/Instances.h); a source that
// lists its own instances (`cute.instances`) is instantiated without it.
// A source whose gpu.module imports helpers (`cute.imports`, cute/Target/
// Imports.h) is read the same way; `--cute-import-dir=DIR` (repeatable)
// adds directories to look in after the source's own.
// Kernel parameter names come from the parser: the input is parsed once
// more, with mlir::AsmParserState, when cute-collect-kernel-metadata is
// about to run, and each kernel argument gets its SSA name as
// `cute.param_name` (cute/Target/KernelInfo.h).
//
//===----------------------------------------------------------------------===//
#include "cute/Registration/Registration.h"
#include "cute/Target/Instances.h"
#include "cute/Target/KernelInfo.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassInstrumentation.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <memory>
#include <mutex>

using namespace mlir;

static llvm::cl::list<std::string> clInstances(
    "cute-instance",
    llvm::cl::desc("Instantiate the source with these instance arguments, "
                   "`[suffix:]name=value,...` (repeat for several instances)"),
    llvm::cl::value_desc("instance"));

static llvm::cl::list<std::string> clImportDirs(
    "cute-import-dir",
    llvm::cl::desc("Look for the files a gpu.module imports (cute.imports) "
                   "here, after the importing file's directory (repeatable)"),
    llvm::cl::value_desc("dir"));

/// The source with its instances parsed and merged, printed back with its
/// locations (so diagnostics still name the source's lines); null after
/// reporting an error.
static std::unique_ptr<llvm::MemoryBuffer>
instantiate(std::unique_ptr<llvm::MemoryBuffer> file, DialectRegistry &registry,
            const MlirOptMainConfig &config) {
  SmallVector<mlir::cute::InstanceArgs> list;
  for (const std::string &text : clInstances) {
    std::string error;
    FailureOr<mlir::cute::InstanceArgs> a =
        mlir::cute::InstanceArgs::parse(text, error);
    if (failed(a)) {
      llvm::errs() << "cute-opt: --cute-instance=" << text << ": " << error
                   << "\n";
      return nullptr;
    }
    list.push_back(*a);
  }
  std::string name = file->getBufferIdentifier().str();
  MLIRContext ctx(registry);
  ctx.printOpOnDiagnostic(false);
  ctx.allowUnregisteredDialects(config.shouldAllowUnregisteredDialects());
  llvm::SourceMgr sm;
  sm.AddNewSourceBuffer(std::move(file), llvm::SMLoc());
  SourceMgrDiagnosticHandler handler(sm, &ctx);
  mlir::cute::ImportOptions imports;
  imports.dirs.assign(clImportDirs.begin(), clImportDirs.end());
  OwningOpRef<ModuleOp> m = mlir::cute::parseInstances(sm, &ctx, list, imports);
  if (!m)
    return nullptr;
  std::string text;
  llvm::raw_string_ostream os(text);
  m->print(os, OpPrintingFlags().enableDebugInfo(true, /*prettyForm=*/false));
  return llvm::MemoryBuffer::getMemBufferCopy(text, name);
}

namespace {

/// The SSA names of the input's kernel arguments, from a parse of the input
/// text made the first time a pipeline needs them.
class InputParamNames {
public:
  InputParamNames(std::string text, std::string name, std::string splitMarker,
                  DialectRegistry &registry, bool allowUnregistered)
      : text(std::move(text)), name(std::move(name)),
        splitMarker(std::move(splitMarker)), registry(registry),
        allowUnregistered(allowUnregistered) {}

  /// Names the kernel arguments under `op` (cute.param_name).
  void attach(Operation *op) {
    std::call_once(parsed, [&] { parse(); });
    names.attach(op);
  }

private:
  /// Parses the input, each chunk of a split input apart with the lines
  /// before it left blank, so that locations match the pipeline's parse.
  void parse() {
    MLIRContext ctx(registry, MLIRContext::Threading::DISABLED);
    ctx.allowUnregisteredDialects(allowUnregistered);
    // The pipeline's own parse reports the errors.
    ScopedDiagnosticHandler quiet(&ctx, [](Diagnostic &) { return success(); });
    std::vector<std::string> chunks;
    if (splitMarker.empty()) {
      chunks.push_back(text);
    } else {
      std::string chunk, blank;
      for (llvm::StringRef rest = text; !rest.empty();) {
        auto [line, tail] = rest.split('\n');
        bool hasNewline = line.size() < rest.size();
        rest = tail;
        if (line.trim().starts_with(splitMarker)) {
          chunks.push_back(chunk);
          blank.assign(std::count(chunk.begin(), chunk.end(), '\n') + 1, '\n');
          chunk = blank;
          continue;
        }
        chunk += line.str();
        if (hasNewline)
          chunk += '\n';
      }
      chunks.push_back(chunk);
    }
    for (const std::string &c : chunks) {
      llvm::SourceMgr sm;
      sm.AddNewSourceBuffer(llvm::MemoryBuffer::getMemBuffer(c, name),
                            llvm::SMLoc());
      (void)mlir::cute::parseSourceWithParamNames(sm, ParserConfig(&ctx),
                                                  &names);
    }
  }

  std::string text, name, splitMarker;
  DialectRegistry &registry;
  bool allowUnregistered;
  std::once_flag parsed;
  mlir::cute::KernelParamNames names;
};

/// Gives the kernel arguments their names just before
/// cute-collect-kernel-metadata reads them.
class ParamNamesBeforeMetadata : public PassInstrumentation {
public:
  explicit ParamNamesBeforeMetadata(std::shared_ptr<InputParamNames> names)
      : names(std::move(names)) {}
  void runBeforePass(Pass *pass, Operation *op) override {
    if (pass->getArgument() == "cute-collect-kernel-metadata")
      names->attach(op);
  }

private:
  std::shared_ptr<InputParamNames> names;
};

} // namespace

int main(int argc, char **argv) {
  llvm::cl::AddExtraVersionPrinter([](llvm::raw_ostream &os) {
    os << "cute-mlir version " << CUTE_VERSION << " (LLVM/MLIR "
       << CUTE_LLVM_VERSION << ")\n";
  });
  DialectRegistry registry;
  mlir::cute::registerCuteDialects(registry);
  mlir::cute::registerCutePassesAndPipelines();
  auto [input, output] = registerAndParseCLIOptions(
      argc, argv, "cute-mlir optimizer driver\n", registry);
  MlirOptMainConfig config = MlirOptMainConfig::createFromCLOptions();

  std::string error;
  std::unique_ptr<llvm::MemoryBuffer> file = openInputFile(input, &error);
  if (!file) {
    llvm::errs() << error << "\n";
    return 1;
  }
  // A split input is many sources: each parses with its defaults (the
  // source's own instance list is not expanded there).
  bool split = !config.inputSplitMarker().empty();
  if (split && !clInstances.empty()) {
    llvm::errs() << "cute-opt: --cute-instance does not combine with "
                    "--split-input-file\n";
    return 1;
  }
  if (!split && (!clInstances.empty() ||
                 file->getBuffer().contains(mlir::cute::kInstancesAttr) ||
                 file->getBuffer().contains(mlir::cute::kImportsAttr))) {
    file = instantiate(std::move(file), registry, config);
    if (!file)
      return 1;
  }
  auto names = std::make_shared<InputParamNames>(
      file->getBuffer().str(), file->getBufferIdentifier().str(),
      config.inputSplitMarker().str(), registry,
      config.shouldAllowUnregisteredDialects());
  MlirOptMainConfig base = config;
  config.setPassPipelineSetupFn([base, names](PassManager &pm) {
    pm.addInstrumentation(std::make_unique<ParamNamesBeforeMetadata>(names));
    return base.setupPassPipeline(pm);
  });
  std::unique_ptr<llvm::ToolOutputFile> out = openOutputFile(output, &error);
  if (!out) {
    llvm::errs() << error << "\n";
    return 1;
  }
  if (failed(MlirOptMain(out->os(), std::move(file), registry, config)))
    return 1;
  out->keep();
  return 0;
}
