//===- Instances.cpp - Parsing a kernel source into its instances ---------===//
#include "cute/Target/Instances.h"
#include "cute/Dialect/Cute/IR/Cute.h"
#include "cute/Dialect/Cute/IR/CuteAttrNames.h"
#include "cute/Target/KernelInfo.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/StringSet.h"

using namespace mlir;
using namespace mlir::cute;

namespace {

/// The text naming an instance in diagnostics.
std::string describe(const InstanceArgs &a) {
  std::string s = a.str();
  return s.empty() ? "the defaults" : "'" + s + "'";
}

/// The extents of a static #cute.shape of 1 to 3 positive extents, padded
/// with 1s to 3; empty (after reporting on `fn`) otherwise.
SmallVector<int32_t, 3> launchDims(gpu::GPUFuncOp fn, StringRef name,
                                   Attribute a) {
  auto shape = dyn_cast<ShapeAttr>(a);
  SmallVector<int32_t, 3> dims;
  bool positive = true;
  if (shape && shape.getValue().isStatic())
    shape.getValue().tuple.forEachLeaf([&](const ::cute::layout::IntTuple &l) {
      int64_t v = l.value().value();
      positive &= v > 0 && v <= INT32_MAX;
      dims.push_back(int32_t(v));
    });
  if (dims.empty() || dims.size() > 3 || !positive) {
    fn.emitError(name) << " must be a static #cute.shape of 1 to 3 positive "
                          "extents, not "
                       << a;
    return {};
  }
  dims.resize(3, 1);
  return dims;
}

/// A kernel's block size written with instance parameters: `cute.block_size
/// = #cute.shape<"(128*WG+128)">` (1 to 3 static extents, the rest 1)
/// becomes its gpu.known_block_size, which the builtin array syntax cannot
/// parameterize. Likewise a cluster shape `cute.cluster_dims =
/// #cute.shape<"(CM,1,1)">` becomes the `array<i32: ...>` form; one of a
/// single CTA (all extents 1) means no cluster, so the attribute goes.
LogicalResult resolveBlockSizes(ModuleOp m) {
  constexpr StringLiteral kBlockSize = "cute.block_size";
  WalkResult r = m.walk([&](gpu::GPUFuncOp fn) {
    if (Attribute c = fn->getAttr(attrs::ClusterDims);
        c && !isa<DenseI32ArrayAttr>(c)) {
      SmallVector<int32_t, 3> dims = launchDims(fn, attrs::ClusterDims, c);
      if (dims.empty())
        return WalkResult::interrupt();
      if (dims[0] * int64_t(dims[1]) * dims[2] == 1)
        fn->removeAttr(attrs::ClusterDims);
      else
        fn->setAttr(attrs::ClusterDims,
                    DenseI32ArrayAttr::get(fn.getContext(), dims));
    }
    Attribute a = fn->getAttr(kBlockSize);
    if (!a)
      return WalkResult::advance();
    SmallVector<int32_t, 3> dims = launchDims(fn, kBlockSize, a);
    if (dims.empty())
      return WalkResult::interrupt();
    StringRef known = gpu::GPUDialect::KnownBlockSizeAttrHelper::getNameStr();
    if (fn->hasAttr(known) || fn.getKnownBlockSizeAttr()) {
      fn.emitError("give either ") << kBlockSize << " or " << known;
      return WalkResult::interrupt();
    }
    fn->setAttr(known, DenseI32ArrayAttr::get(fn.getContext(), dims));
    fn->removeAttr(kBlockSize);
    return WalkResult::advance();
  });
  return failure(r.wasInterrupted());
}

/// One parse with `args`; null after reporting. `suffix` receives the
/// suffix its symbols take.
OwningOpRef<ModuleOp> parseOne(llvm::SourceMgr &sm, MLIRContext *ctx,
                               const InstanceArgs &args, bool noteInstance,
                               const ImportOptions &imports,
                               std::vector<ImportedFile> *read,
                               std::string &suffix) {
  InstanceEnv &env = instanceEnv(ctx);
  env.begin(args);
  std::optional<ScopedDiagnosticHandler> note;
  if (noteInstance)
    note.emplace(ctx, [&](Diagnostic &d) {
      if (d.getSeverity() == DiagnosticSeverity::Error)
        d.attachNote() << "in the instance " << describe(args);
      return failure(); // report it as usual, with the note
    });
  // Verified once the imports are in (the source calls their functions).
  OwningOpRef<ModuleOp> m = parseSourceWithParamNames(
      sm, ParserConfig(ctx, /*verifyAfterParse=*/false));
  // Imported files are parsed with the same arguments.
  if (m && (failed(resolveImports(*m, sm, imports, read)) ||
            failed(resolveBlockSizes(*m)) || failed(verify(*m))))
    m = nullptr;
  if (m) {
    std::vector<std::string> unused = env.unusedArguments();
    if (!unused.empty()) {
      std::string declared;
      for (const InstanceEnv::Param &p : env.declared())
        declared += (declared.empty() ? "" : ", ") + p.name;
      InFlightDiagnostic d = emitError(m->getLoc())
                             << "instance argument '" << unused.front()
                             << "' is not a parameter of this source (it "
                                "declares "
                             << (declared.empty() ? "none" : declared) << ")";
      m = nullptr;
    }
  }
  suffix = env.suffix();
  env.end();
  return m;
}

/// Renames the symbols defined in `m`'s gpu.modules to `name_suffix`.
LogicalResult addSuffix(ModuleOp m, StringRef suffix) {
  if (suffix.empty())
    return success();
  for (auto gm : m.getOps<gpu::GPUModuleOp>()) {
    SmallVector<Operation *> symbols;
    for (Operation &op : gm.getBody()->getOperations())
      if (SymbolTable::getSymbolName(&op))
        symbols.push_back(&op);
    for (Operation *op : symbols) {
      StringAttr name = SymbolTable::getSymbolName(op);
      auto renamed =
          StringAttr::get(m.getContext(), name.getValue() + "_" + suffix);
      if (failed(SymbolTable::replaceAllSymbolUses(op, renamed, m)))
        return op->emitError("cannot rename the uses of @")
               << name.getValue() << " for the instance suffix " << suffix;
      SymbolTable::setSymbolName(op, renamed);
    }
  }
  return success();
}

/// Moves the gpu.module contents of `from` into the same-named ones of
/// `into`.
LogicalResult merge(ModuleOp into, ModuleOp from, StringRef suffix) {
  for (auto gm : llvm::make_early_inc_range(from.getOps<gpu::GPUModuleOp>())) {
    auto target = into.lookupSymbol<gpu::GPUModuleOp>(gm.getName());
    if (!target)
      return gm.emitError("gpu.module @")
             << gm.getName() << " exists only in the instance " << suffix;
    SymbolTable table(target);
    for (Operation &op :
         llvm::make_early_inc_range(gm.getBody()->getOperations())) {
      if (StringAttr name = SymbolTable::getSymbolName(&op))
        if (table.lookup(name))
          return op.emitError("two instances define @")
                 << name.getValue()
                 << "; give each instance its own suffix (`suffix:name=...`)";
      op.moveBefore(target.getBody(), target.getBody()->end());
      if (StringAttr name = SymbolTable::getSymbolName(&op))
        table.insert(&op);
    }
  }
  return success();
}

} // namespace

OwningOpRef<ModuleOp> mlir::cute::parseInstances(
    llvm::SourceMgr &sm, MLIRContext *ctx, ArrayRef<InstanceArgs> instances,
    const ImportOptions &imports, std::vector<ImportedFile> *read) {
  SmallVector<InstanceArgs> list(instances.begin(), instances.end());
  if (list.empty()) {
    std::string suffix;
    OwningOpRef<ModuleOp> m =
        parseOne(sm, ctx, InstanceArgs(), false, imports, read, suffix);
    if (!m)
      return nullptr;
    auto listed = (*m)->getAttrOfType<ArrayAttr>(kInstancesAttr);
    if (!listed)
      return m;
    for (Attribute a : listed) {
      auto text = dyn_cast<StringAttr>(a);
      std::string error;
      FailureOr<InstanceArgs> args =
          text ? InstanceArgs::parse(text.getValue(), error)
               : FailureOr<InstanceArgs>(failure());
      if (failed(args)) {
        (*m)->emitError(kInstancesAttr)
            << (text ? ": " + error
                     : std::string(" holds strings `[suffix:]name=value,...`"));
        return nullptr;
      }
      list.push_back(*args);
    }
    if (list.empty())
      return m;
  }
  OwningOpRef<ModuleOp> result;
  for (const InstanceArgs &args : list) {
    std::string suffix;
    OwningOpRef<ModuleOp> m =
        parseOne(sm, ctx, args, true, imports, read, suffix);
    if (!m || failed(addSuffix(*m, suffix)))
      return nullptr;
    (*m)->removeAttr(kInstancesAttr);
    if (!result) {
      result = std::move(m);
      continue;
    }
    if (failed(merge(*result, *m, suffix)))
      return nullptr;
  }
  return result;
}
