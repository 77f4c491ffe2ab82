//===- FoldStatic.cpp - Replace static cute results by constants ----------===//
//
// A static cute type is its own value, so any cute op producing one is
// replaced by `cute.static`; comparisons and scalars of static values become
// arith constants.
//
//===----------------------------------------------------------------------===//
#include "cute/Dialect/Cute/IR/Cute.h"
#include "cute/Dialect/Cute/Transforms/Passes.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::cute {
#define GEN_PASS_DEF_CUTEFOLDSTATIC
#include "cute/Dialect/Cute/Transforms/Passes.h.inc"
} // namespace mlir::cute

using namespace mlir;
using namespace mlir::cute;
using ::cute::layout::DynamicSymbols;
using ::cute::layout::Int;

namespace {

bool isStaticCuteType(Type t) {
  if (!kindOfType(t))
    return false;
  DynamicSymbols syms;
  auto v = valueOfType(t, syms);
  return v && v->isStatic();
}

/// Static value of a cute-typed SSA value, if its type is static.
std::optional<CuteValue> staticValue(Value v) {
  if (!isStaticCuteType(v.getType()))
    return std::nullopt;
  DynamicSymbols syms;
  return *valueOfType(v.getType(), syms);
}

/// elem_less: every leaf of a below that of b (CuTe's elem_less).
bool elemLess(const ::cute::layout::IntTuple &a,
              const ::cute::layout::IntTuple &b) {
  if (!a.isTuple())
    return a.value().value() < b.value().value();
  for (size_t i = 0; i < a.rank(); ++i)
    if (!elemLess(a[i], b[i]))
      return false;
  return true;
}

struct CuteFoldStaticPass
    : public mlir::cute::impl::CuteFoldStaticBase<CuteFoldStaticPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<Operation *> ops;
    getOperation()->walk([&](Operation *op) {
      if (isa_and_nonnull<CuteDialect>(op->getDialect()) && !isa<StaticOp>(op))
        ops.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (Operation *op : ops) {
      rewriter.setInsertionPoint(op);
      Location loc = op->getLoc();
      if (auto eq = dyn_cast<EqualOp>(op)) {
        auto a = staticValue(eq.getLhs()), b = staticValue(eq.getRhs());
        if (a && b)
          rewriter.replaceOpWithNewOp<arith::ConstantOp>(
              op, rewriter.getBoolAttr(a->isTuple() && b->isTuple()
                                           ? a->tuple.same(b->tuple)
                                           : *a == *b));
        continue;
      }
      if (auto lt = dyn_cast<ElemLessOp>(op)) {
        auto a = staticValue(lt.getLhs()), b = staticValue(lt.getRhs());
        if (a && b)
          rewriter.replaceOpWithNewOp<arith::ConstantOp>(
              op, rewriter.getBoolAttr(elemLess(a->tuple, b->tuple)));
        continue;
      }
      if (auto gs = dyn_cast<GetScalarsOp>(op)) {
        if (!foldScalars)
          continue;
        auto v = staticValue(gs.getCuteValue());
        if (!v)
          continue;
        SmallVector<Value> repl;
        std::vector<Int> leaves = ::mlir::cute::scalarLeaves(*v);
        for (auto [i, r] : llvm::enumerate(gs.getResults()))
          repl.push_back(arith::ConstantOp::create(
              rewriter, loc,
              rewriter.getIntegerAttr(r.getType(), leaves[i].value())));
        rewriter.replaceOp(op, repl);
        continue;
      }
      // Any pure op whose results are all static cute values (including
      // the multi-result get_leaves / get_layouts_from_tile).
      if (op->getNumResults() == 0 || !isMemoryEffectFree(op) ||
          !llvm::all_of(op->getResultTypes(), isStaticCuteType))
        continue;
      SmallVector<Value> repl;
      for (Type t : op->getResultTypes())
        repl.push_back(StaticOp::create(rewriter, loc, t));
      rewriter.replaceOp(op, repl);
    }
    // Erase what became dead, until nothing more does.
    for (bool changed = true; changed;) {
      SmallVector<Operation *> dead;
      getOperation()->walk([&](Operation *op) {
        if (isa_and_nonnull<CuteDialect>(op->getDialect()) && op->use_empty() &&
            isMemoryEffectFree(op))
          dead.push_back(op);
      });
      changed = !dead.empty();
      for (Operation *op : dead)
        rewriter.eraseOp(op);
    }
  }
};

} // namespace
