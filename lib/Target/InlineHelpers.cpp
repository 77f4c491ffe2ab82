//===- InlineHelpers.cpp - A kernel file's helpers, inlined everywhere ----===//
//
// cute-inline-helpers: every call of a func.func defined in the file is
// replaced by the callee's body, wherever it stands. The upstream inliner
// asks the dialect of the region receiving the body whether that is legal,
// and the GPU dialect answers no for a gpu.func body (its interface only
// allows single ops), so a helper called at a kernel's top level stayed a
// call. A kernel file's helpers are always meant to be inlined (the kernel
// is compiled as one function), so here every region may receive them.
//
//===----------------------------------------------------------------------===//
#include "cute/Target/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/Inliner.h"
#include "mlir/Transforms/InliningUtils.h"

namespace mlir::cute {
#define GEN_PASS_DEF_CUTEINLINEHELPERS
#include "cute/Target/Passes.h.inc"
} // namespace mlir::cute

using namespace mlir;

namespace {

/// The dialects' hooks (terminators, arguments), with every inlining legal.
struct HelperInliner : InlinerInterface {
  using InlinerInterface::InlinerInterface;
  bool isLegalToInline(Operation *, Operation *, bool) const override {
    return true;
  }
  bool isLegalToInline(Region *, Region *, bool, IRMapping &) const override {
    return true;
  }
  bool isLegalToInline(Operation *, Region *, bool,
                       IRMapping &) const override {
    return true;
  }
};

struct InlineHelpers : cute::impl::CuteInlineHelpersBase<InlineHelpers> {
  /// The defined func.func a call names, if any.
  static func::FuncOp calleeOf(func::CallOp call) {
    auto f = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
        call, call.getCalleeAttr());
    return f && !f.isExternal() ? f : func::FuncOp();
  }

  /// Whether `f` reaches itself through calls (depth-first, `state`: 1 on
  /// the path, 2 done).
  static bool recursive(func::FuncOp f,
                        llvm::DenseMap<Operation *, int> &state) {
    int &st = state[f];
    if (st == 1)
      return true;
    if (st == 2)
      return false;
    st = 1;
    bool cycle = false;
    f.walk([&](func::CallOp call) {
      if (func::FuncOp g = calleeOf(call))
        cycle |= recursive(g, state);
    });
    state[f] = 2;
    return cycle;
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    // Helpers are inlined, so none may recurse.
    bool bad = false;
    module.walk([&](func::FuncOp f) {
      llvm::DenseMap<Operation *, int> state;
      if (!f.isExternal() && recursive(f, state)) {
        f.emitError() << "helper @" << f.getName()
                      << " calls itself, directly or through other helpers: "
                         "a kernel's helpers are inlined, so they cannot "
                         "recurse";
        bad = true;
      }
    });
    if (bad)
      return signalPassFailure();
    HelperInliner iface(&getContext());
    InlinerConfig config;
    // Each round inlines the calls present at its start; the bodies bring
    // their own calls for the next (acyclic: the rounds end).
    while (true) {
      SmallVector<func::CallOp> calls;
      module.walk([&](func::CallOp call) {
        if (calleeOf(call))
          calls.push_back(call);
      });
      if (calls.empty())
        return;
      for (func::CallOp call : calls) {
        func::FuncOp callee = calleeOf(call);
        if (failed(inlineCall(iface, config.getCloneCallback(), call, callee,
                              &callee.getBody()))) {
          call.emitError() << "cannot inline helper @" << callee.getName();
          return signalPassFailure();
        }
        call.erase();
      }
    }
  }
};

} // namespace
