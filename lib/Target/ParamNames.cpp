//===- ParamNames.cpp - Kernel parameter names from the parser ------------===//
//
// The launch metadata names a kernel's parameters after the SSA names of
// its gpu.func arguments (`%x` in `gpu.func @k(%x: ...)`). Those names are
// gone once the text is parsed, so they are taken from the parser's record
// of definitions (mlir::AsmParserState) at parse time and kept in the IR as
// each argument's `cute.param_name`.
//
//===----------------------------------------------------------------------===//
#include "cute/Dialect/Cute/IR/CuteAttrNames.h"
#include "cute/Target/KernelInfo.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/AsmParser/AsmParserState.h"
#include "mlir/Bytecode/BytecodeReader.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;
using namespace mlir::cute;

/// The kernel entry blocks under `ops`, with their functions.
static SmallVector<gpu::GPUFuncOp> kernelsUnder(Block &ops) {
  SmallVector<gpu::GPUFuncOp> fns;
  for (Operation &op : ops)
    op.walk([&](gpu::GPUFuncOp fn) {
      if (fn.isKernel() && !fn.getBody().empty())
        fns.push_back(fn);
    });
  return fns;
}

/// The key of a location: its file, line and column.
static std::optional<std::tuple<std::string, unsigned, unsigned>>
keyOf(Location loc) {
  auto fl = loc->findInstanceOf<FileLineColLoc>();
  if (!fl)
    return std::nullopt;
  return std::make_tuple(fl.getFilename().str(), fl.getLine(), fl.getColumn());
}

/// The name of the `%name` the parser recorded for `def`; "" for a
/// numbered value (`%0`) or none.
static std::string nameOf(const AsmParserState::SMDefinition &def) {
  SMRange r = def.loc;
  if (!r.Start.isValid() || !r.End.isValid())
    return "";
  StringRef token(r.Start.getPointer(),
                  r.End.getPointer() - r.Start.getPointer());
  return ssaNameAt(token, 1);
}

void KernelParamNames::record(Block &parsed, const AsmParserState &state) {
  for (gpu::GPUFuncOp fn : kernelsUnder(parsed)) {
    Block *entry = &fn.getBody().front();
    const AsmParserState::BlockDefinition *def = state.getBlockDef(entry);
    if (!def)
      continue;
    for (auto [i, argDef] : llvm::enumerate(def->arguments)) {
      if (i >= entry->getNumArguments())
        break;
      std::string name = nameOf(argDef);
      BlockArgument arg = entry->getArgument(i);
      if (name.empty())
        continue;
      if (std::optional<Key> key = keyOf(arg.getLoc()))
        byLoc[*key] = name;
      if (!fn.getArgAttr(i, attrs::ParamName))
        fn.setArgAttr(i, attrs::ParamName,
                      StringAttr::get(fn.getContext(), name));
    }
  }
}

void KernelParamNames::attach(Operation *root) const {
  if (byLoc.empty())
    return;
  root->walk([&](gpu::GPUFuncOp fn) {
    if (!fn.isKernel() || fn.getBody().empty())
      return;
    for (unsigned i = 0, e = fn.getNumArguments(); i < e; ++i) {
      if (fn.getArgAttr(i, attrs::ParamName))
        continue;
      std::optional<Key> key = keyOf(fn.getArgument(i).getLoc());
      if (!key)
        continue;
      auto it = byLoc.find(*key);
      if (it != byLoc.end())
        fn.setArgAttr(i, attrs::ParamName,
                      StringAttr::get(fn.getContext(), it->second));
    }
  });
}

OwningOpRef<ModuleOp> mlir::cute::parseSourceWithParamNames(
    llvm::SourceMgr &sm, const ParserConfig &config, KernelParamNames *names) {
  const llvm::MemoryBuffer *buf = sm.getMemoryBuffer(sm.getMainFileID());
  // Bytecode keeps no SSA names: parsed as usual, its kernels unnamed.
  if (isBytecode(*buf))
    return parseSourceFile<ModuleOp>(sm, config);
  Block block;
  AsmParserState state;
  if (failed(parseAsmSourceFile(sm, &block, config, &state)))
    return nullptr;
  KernelParamNames local;
  (names ? *names : local).record(block, state);
  Location fileLoc = FileLineColLoc::get(config.getContext(),
                                         buf->getBufferIdentifier(), 0, 0);
  return detail::constructContainerOpForParserIfNecessary<ModuleOp>(
      &block, config.getContext(), fileLoc);
}
