//===- ExpandOps.cpp - Dynamic layout algebra to arith --------------------===//
//
// For an algebra op with a dynamic result, the op's own `compute` runs on
// operand values whose dynamic leaves are symbols; each dynamic leaf of the
// result is then an expression over those symbols, emitted here as arith on
// the values `cute.get_scalars<{only_dynamic}>` extracts from the operands.
// The result is rebuilt with the cute.make_* constructors.
//
//===----------------------------------------------------------------------===//
#include "cute/Dialect/Cute/IR/Cute.h"
#include "cute/Dialect/Cute/Transforms/ArithEmitter.h"
#include "cute/Dialect/Cute/Transforms/Passes.h"
#include "cute/Layout/Assumptions.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

#include "mlir/IR/PatternMatch.h"

namespace mlir::cute {
#define GEN_PASS_DEF_CUTEEXPANDOPS
#include "cute/Dialect/Cute/Transforms/Passes.h.inc"
} // namespace mlir::cute

using namespace mlir;
using namespace mlir::cute;
using namespace ::cute::layout;

namespace {

/// Rebuilds a value from its dynamic leaves with the make_* constructors.
class Rebuilder {
public:
  Rebuilder(OpBuilder &b, Location loc, ArithEmitter &em)
      : b(b), loc(loc), em(em) {}

  Value build(const CuteValue &v) {
    MLIRContext *ctx = b.getContext();
    Type type = typeOfValue(ctx, v);
    if (v.isStatic())
      return StaticOp::create(b, loc, type);
    switch (v.kind) {
    case CuteKind::IntTuple:
      return MakeIntTupleOp::create(b, loc, type, leaves(v));
    case CuteKind::Shape:
      return MakeShapeOp::create(b, loc, type, leaves(v));
    case CuteKind::Stride:
      return MakeStrideOp::create(b, loc, type, leaves(v));
    case CuteKind::Coord:
      return MakeCoordOp::create(b, loc, type, leaves(v));
    case CuteKind::Tile:
      return MakeTileOp::create(b, loc, type, leaves(v));
    case CuteKind::Layout:
      return layout(v.layout);
    case CuteKind::ComposedLayout: {
      const ComposedLayout &c = v.composed;
      Value inner =
          c.innerIsSwizzle()
              ? StaticOp::create(
                    b, loc,
                    SwizzleType::get(ctx, CuteValue::ofSwizzle(c.swizzle())))
                    .getResult()
              : layout(c.innerLayout());
      Value offset = build(CuteValue::ofTuple(CuteKind::IntTuple, c.offset));
      return MakeComposedLayoutOp::create(b, loc, type, inner, offset,
                                          layout(c.outer));
    }
    case CuteKind::Swizzle:
      return StaticOp::create(b, loc, type);
    }
    return {};
  }

private:
  Value layout(const Layout &l) {
    Value shape = build(CuteValue::ofTuple(CuteKind::Shape, l.shape));
    Value stride = build(CuteValue::ofTuple(CuteKind::Stride, l.stride));
    return MakeLayoutOp::create(b, loc, shape, stride);
  }

  SmallVector<Value> leaves(const CuteValue &v) {
    SmallVector<Value> r;
    for (const Int &i : scalarLeaves(v))
      if (i.isDynamic())
        r.push_back(em.emit(i, i.width()));
    return r;
  }

  OpBuilder &b;
  Location loc;
  ArithEmitter &em;
};

/// Constructors stay: they are what expansion produces.
bool isConstructor(Operation *op) {
  return isa<MakeLayoutOp, MakeComposedLayoutOp>(op);
}

/// The results of cute.get_leaves / cute.get_layouts_from_tile, computed
/// from the operand value (the same split their inferReturnTypes makes).
void tileParts(const Tile &t, bool keepUnderscore,
               std::vector<CuteValue> &out) {
  if (t.isLayout())
    out.push_back(CuteValue::ofLayout(t.layout));
  else if (t.isUnderscore()) {
    if (keepUnderscore)
      out.push_back(CuteValue::ofTile(Tile::underscore()));
  } else {
    for (const Tile &e : t.elems)
      tileParts(e, keepUnderscore, out);
  }
}

std::vector<CuteValue> splitResults(Operation *op, const CuteValue &v) {
  std::vector<CuteValue> out;
  if (isa<GetLayoutsFromTileOp>(op)) {
    tileParts(v.tile, /*keepUnderscore=*/false, out);
  } else if (v.kind == CuteKind::Tile) {
    tileParts(v.tile, /*keepUnderscore=*/true, out);
  } else {
    for (const IntTuple &leaf : flattenLeaves(v.tuple))
      out.push_back(CuteValue::ofTuple(v.kind, leaf));
  }
  return out;
}

struct CuteExpandOpsPass
    : public mlir::cute::impl::CuteExpandOpsBase<CuteExpandOpsPass> {
  using Base::Base;

  /// Replaces `raw` by the values `compute` gives for its operands (read
  /// with symbolic dynamic leaves), rebuilt from the operands' scalars.
  LogicalResult
  expand(IRRewriter &rewriter, Operation *raw,
         llvm::function_ref<::cute::layout::Expected<std::vector<CuteValue>>(
             ArrayRef<CuteValue>)>
             compute) {
    rewriter.setInsertionPoint(raw);
    Location loc = raw->getLoc();
    DynamicSymbols syms;
    // Symbols resolve lazily: the first use of an operand's symbol
    // extracts that operand's dynamic scalars.
    llvm::DenseMap<int64_t, std::pair<Value, int64_t>> owner;
    llvm::DenseMap<Value, SmallVector<Value>> scalars;
    ArithEmitter emitter(rewriter, loc, [&](int64_t id) -> Value {
      auto it = owner.find(id);
      if (it == owner.end())
        return {};
      auto [operand, first] = it->second;
      auto found = scalars.find(operand);
      if (found == scalars.end()) {
        auto gs = GetScalarsOp::create(rewriter, loc, operand,
                                       /*only_dynamic=*/true);
        found = scalars.try_emplace(operand, gs.getResults()).first;
      }
      return found->second[id - first];
    });
    // A tensor operand stands for its layout (size/cosize of a tensor).
    for (OpOperand &use : raw->getOpOperands())
      if (isa<CuteMemRefType, CoordTensorType>(use.get().getType()))
        use.set(GetLayoutOp::create(rewriter, loc, use.get()));
    SmallVector<CuteValue, 2> in;
    for (Value operand : raw->getOperands()) {
      int64_t first = syms.next;
      auto v = valueOfType(operand.getType(), syms);
      if (!v)
        return raw->emitOpError("cannot read operand: ") << v.message();
      for (int64_t i = first; i < syms.next; ++i)
        owner[i] = {operand, first};
      in.push_back(*v);
    }
    ::cute::layout::RecordAssumptions assumed;
    auto results = compute(in);
    if (!results)
      return raw->emitOpError("cannot expand: ") << results.message();
    if (debugChecks)
      emitChecks(rewriter, raw, emitter, assumed.assumptions());
    if (results->size() != raw->getNumResults())
      return raw->emitOpError("expansion produced ")
             << results->size() << " values for " << raw->getNumResults()
             << " results";
    bool allStatic = true;
    for (auto [v, r] : llvm::zip(*results, raw->getResults())) {
      Type t = typeOfValue(&getContext(), v);
      if (t != r.getType()) {
        // A declared type may spell the same layout differently (strides
        // of size-1 modes); rebuild it in the declared spelling.
        const CuteValue *declared = cuteValueOf(r.getType());
        std::optional<CuteValue> spelled =
            declared ? spellAsDeclared(v, *declared) : std::nullopt;
        if (!spelled)
          return raw->emitOpError("cannot expand: the computed result ")
                 << t << " cannot be rebuilt as the declared " << r.getType()
                 << "; declare " << t;
        v = *spelled;
      }
      allStatic &= v.isStatic();
    }
    if (allStatic && !foldStatic)
      return success();
    Rebuilder rb(rewriter, loc, emitter);
    SmallVector<Value> repl;
    for (const CuteValue &v : *results)
      repl.push_back(rb.build(v));
    rewriter.replaceOp(raw, repl);
    return success();
  }

  /// Debug checks: each precondition the algebra assumed of the operands'
  /// dynamic values is tested at run time; a violation prints the op, its
  /// operand types, the rule and the operands' dynamic values, then traps
  /// (cf.assert, which the GPU lowering turns into __assertfail).
  void emitChecks(IRRewriter &rewriter, Operation *raw, ArithEmitter &em,
                  ArrayRef<::cute::layout::Assumption> assumed) {
    Location loc = raw->getLoc();
    for (const ::cute::layout::Assumption &a : assumed) {
      Value holds =
          arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ne,
                                em.emit(a.holds, 64), em.constant(0, 64));
      std::string types;
      llvm::raw_string_ostream os(types);
      llvm::interleaveComma(raw->getOperandTypes(), os);
      std::string msg = "'" + raw->getName().getStringRef().str() +
                        "' precondition violated at run time: " + a.rule +
                        (a.where.empty() ? "" : " (" + a.where + ")") +
                        "; operands: " + types;
      // The operands' dynamic values, printed before the trap.
      SmallVector<Value> values;
      for (Value operand : raw->getOperands())
        if (isa_and_nonnull<CuteValueTypeInterface>(
                dyn_cast<CuteValueTypeInterface>(operand.getType())))
          for (Value v :
               GetScalarsOp::create(rewriter, loc, operand, true).getResults())
            values.push_back(em.cast(v, 64));
      auto ifOp = scf::IfOp::create(rewriter, loc, holds, /*withElse=*/true);
      OpBuilder eb = ifOp.getElseBodyBuilder();
      std::string fmt = "cute: " + msg + "; dynamic operand values:";
      for (size_t i = 0; i < values.size(); ++i)
        fmt += " %lld";
      fmt += "\n";
      gpu::PrintfOp::create(eb, loc, eb.getStringAttr(fmt), values);
      cf::AssertOp::create(rewriter, loc, holds, msg);
    }
  }

  /// cute.check: with debug checks, print the message and values and trap
  /// when the condition is false; without, nothing.
  void expandCheck(IRRewriter &rewriter, CheckOp op) {
    rewriter.setInsertionPoint(op);
    if (debugChecks) {
      Location loc = op.getLoc();
      auto ifOp = scf::IfOp::create(rewriter, loc, op.getCond(),
                                    /*withElse=*/true);
      OpBuilder eb = ifOp.getElseBodyBuilder();
      std::string fmt = "cute.check failed: " + op.getMessage().str();
      SmallVector<Value> values;
      for (Value v : op.getValues()) {
        fmt += values.empty() ? ": %lld" : ", %lld";
        values.push_back(
            v.getType().getIntOrFloatBitWidth() < 64
                ? arith::ExtSIOp::create(eb, loc, eb.getI64Type(), v)
                      .getResult()
                : v);
      }
      fmt += "\n";
      gpu::PrintfOp::create(eb, loc, eb.getStringAttr(fmt), values);
      cf::AssertOp::create(rewriter, loc, op.getCond(),
                           "cute.check failed: " + op.getMessage().str());
    }
    rewriter.eraseOp(op);
  }

  void runOnOperation() override {
    SmallVector<CheckOp> checks;
    getOperation()->walk([&](CheckOp op) { checks.push_back(op); });
    {
      IRRewriter rewriter(&getContext());
      for (CheckOp op : checks)
        expandCheck(rewriter, op);
    }
    SmallVector<Operation *> ops;
    getOperation()->walk([&](Operation *op) {
      if (auto alg = dyn_cast<AlgebraOpInterface>(op)) {
        if (!isConstructor(op))
          ops.push_back(op);
      } else if (isa<GetLeavesOp, GetLayoutsFromTileOp>(op)) {
        ops.push_back(op);
      }
    });
    IRRewriter rewriter(&getContext());
    for (Operation *raw : ops) {
      LogicalResult r = success();
      if (auto alg = dyn_cast<AlgebraOpInterface>(raw)) {
        r = expand(rewriter, raw,
                   [&](ArrayRef<CuteValue> in)
                       -> ::cute::layout::Expected<std::vector<CuteValue>> {
                     auto v = alg.computeResult(in);
                     if (!v)
                       return v.error();
                     return std::vector<CuteValue>{*v};
                   });
      } else {
        r = expand(rewriter, raw,
                   [&](ArrayRef<CuteValue> in)
                       -> ::cute::layout::Expected<std::vector<CuteValue>> {
                     return splitResults(raw, in[0]);
                   });
      }
      if (failed(r))
        return signalPassFailure();
    }
  }
};

} // namespace
