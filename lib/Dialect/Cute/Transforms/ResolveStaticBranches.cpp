//===- ResolveStaticBranches.cpp - scf.if on constants to its branch ------===//
//
// cute-resolve-static-branches: an scf.if whose condition is a constant, or
// folds to one from constants (`arith.cmpi eq, %cg, %c2` of an instance
// parameter), is replaced by its taken branch (its yields become the results);
// pure ops that only the dropped branch used are erased with what only they
// used. Nothing else changes: other unused ops stay (the kernel metadata
// records a kernel's views whether it reads them or not).
//
//===----------------------------------------------------------------------===//
#include "cute/Dialect/Cute/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::cute {
#define GEN_PASS_DEF_CUTERESOLVESTATICBRANCHES
#include "cute/Dialect/Cute/Transforms/Passes.h.inc"
} // namespace mlir::cute

using namespace mlir;

namespace {

/// The constant value of `v`: a constant, or the fold of a pure one-result
/// op whose operands are such values (at most `depth` ops deep).
Attribute staticValue(Value v, unsigned depth = 8) {
  Attribute attr;
  if (matchPattern(v, m_Constant(&attr)))
    return attr;
  Operation *def = v.getDefiningOp();
  if (!def || depth == 0 || def->getNumResults() != 1 ||
      def->getNumRegions() != 0 || !isPure(def))
    return {};
  SmallVector<Attribute> operands;
  for (Value operand : def->getOperands()) {
    Attribute a = staticValue(operand, depth - 1);
    if (!a)
      return {};
    operands.push_back(a);
  }
  SmallVector<OpFoldResult> folded;
  if (failed(def->fold(operands, folded)) || folded.size() != 1)
    return {};
  return dyn_cast<Attribute>(folded.front());
}

/// Replaces `op` by the ops of its taken branch; false without an else
/// branch: nothing runs, so the op goes.
void takeBranch(IRRewriter &rewriter, scf::IfOp op, bool cond) {
  Region &region = cond ? op.getThenRegion() : op.getElseRegion();
  rewriter.setInsertionPoint(op);
  if (region.empty()) {
    rewriter.eraseOp(op);
    return;
  }
  Block *block = &region.front();
  auto yield = cast<scf::YieldOp>(block->getTerminator());
  SmallVector<Value> results(yield.getOperands());
  rewriter.eraseOp(yield);
  rewriter.inlineBlockBefore(block, op);
  rewriter.replaceOp(op, results);
}

struct CuteResolveStaticBranchesPass
    : public mlir::cute::impl::CuteResolveStaticBranchesBase<
          CuteResolveStaticBranchesPass> {
  void runOnOperation() override {
    // Outer ifs first: an inner one in a discarded branch is never visited.
    SmallVector<scf::IfOp> ifs;
    getOperation()->walk<WalkOrder::PreOrder>(
        [&](scf::IfOp op) { ifs.push_back(op); });
    llvm::SmallPtrSet<Operation *, 16> erased;
    IRRewriter rewriter(&getContext());
    for (scf::IfOp op : ifs) {
      if (erased.contains(op))
        continue;
      auto cond = dyn_cast_or_null<IntegerAttr>(staticValue(op.getCondition()));
      if (!cond)
        continue;
      const APInt &v = cond.getValue();
      Region &dropped = v.isZero() ? op.getThenRegion() : op.getElseRegion();
      // What the dropped branch used from outside it.
      SmallVector<Operation *> used;
      dropped.walk([&](Operation *inner) {
        erased.insert(inner);
        for (Value operand : inner->getOperands())
          if (Operation *def = operand.getDefiningOp();
              def && !dropped.isAncestor(def->getParentRegion()))
            used.push_back(def);
      });
      erased.insert(op);
      takeBranch(rewriter, op, !v.isZero());
      // Pure ops that only the dropped branch used go too (a view of
      // another instance's output, its TMA descriptor), and what only they
      // used: the kernel metadata describes the views a kernel has, and the
      // runtime checks every one at launch.
      while (!used.empty()) {
        Operation *def = used.pop_back_val();
        if (erased.contains(def) || !isOpTriviallyDead(def))
          continue;
        for (Value operand : def->getOperands())
          if (Operation *d = operand.getDefiningOp())
            used.push_back(d);
        erased.insert(def);
        rewriter.eraseOp(def);
      }
    }
  }
};

} // namespace
