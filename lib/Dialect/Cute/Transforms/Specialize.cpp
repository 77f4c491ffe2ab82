//===- Specialize.cpp - Kernel clones for aligned pointers and sizes ------===//
//
// cute-specialize: "one kernel for every alignment". A kernel written once
// with dynamic sizes gets a clone `@<kernel>__aligned16` in which its
// pointers are 16-byte aligned and its integer sizes divisible by 16, so
// the views and copies of the clone see those facts in their types and
// vectorize (Triton specializes on divisibility by 16 the same way). The
// clone's `cute.specialization` conditions let the runtime launch it when
// the arguments satisfy them (docs/runtime.md, "Specialized variants").
//
// The facts enter the clone's types and travel forward: each op that infers
// its result types is re-inferred in program order; a make op keeps its
// written type and raises each dynamic leaf's divisor to what its operand
// now knows. A new type must refine the old one (the op's own
// isCompatibleReturnTypes, with a pointer alignment allowed to grow).
//
//===----------------------------------------------------------------------===//
#include "cute/Dialect/Cute/IR/Cute.h"
#include "cute/Dialect/Cute/IR/CuteAttrNames.h"
#include "cute/Dialect/Cute/Transforms/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "llvm/ADT/StringSet.h"

#include <numeric>

namespace mlir::cute {
#define GEN_PASS_DEF_CUTESPECIALIZE
#include "cute/Dialect/Cute/Transforms/Passes.h.inc"
} // namespace mlir::cute

using namespace mlir;
using namespace mlir::cute;
using ::cute::layout::Int;

namespace {

/// What the clone assumes: pointers aligned to kAlign bytes, integers
/// divisible by kDiv.
constexpr int64_t kAlign = 16;
constexpr int64_t kDiv = 16;
constexpr llvm::StringLiteral kCloneSuffix = "__aligned16";

/// A gpu.func argument the clone specializes: a pointer (align) or an
/// integer (div).
struct Candidate {
  unsigned arg;
  bool pointer;
};

bool isMakeTupleOp(Operation *op) {
  return isa<MakeIntTupleOp, MakeShapeOp, MakeStrideOp, MakeCoordOp,
             MakeTileOp>(op);
}

/// The alignment a !cute.ptr or !cute.memref promises; 0 for other types.
int64_t alignmentOf(Type t) {
  if (auto p = dyn_cast<PtrType>(t))
    return p.getAlignment();
  if (auto m = dyn_cast<CuteMemRefType>(t))
    return m.getAlignment();
  return 0;
}

Type elementTypeOf(Type t) {
  if (auto p = dyn_cast<PtrType>(t))
    return p.getElementType();
  if (auto m = dyn_cast<CuteMemRefType>(t))
    return m.getElementType();
  return {};
}

/// `t` (a !cute.ptr or !cute.memref) with alignment `align`.
Type withAlignment(Type t, int64_t align) {
  if (auto p = dyn_cast<PtrType>(t))
    return PtrType::get(t.getContext(), p.getElementType(), p.getMemSpace(),
                        align);
  if (auto m = dyn_cast<CuteMemRefType>(t))
    return CuteMemRefType::get(t.getContext(), m.getElementType(),
                               m.getMemSpace(), align, m.getSwizzleFunctor(),
                               m.getLayout().layout);
  return t;
}

/// The arguments of `fn` worth specializing: used pointers aligned to less
/// than kAlign, and i32/i64 arguments that are operands of make ops.
SmallVector<Candidate> findCandidates(gpu::GPUFuncOp fn) {
  SmallVector<Candidate> out;
  for (unsigned i = 0, e = fn.getNumArguments(); i < e; ++i) {
    BlockArgument a = fn.getArgument(i);
    Type t = a.getType();
    if (int64_t align = alignmentOf(t)) {
      if (align < kAlign && !a.use_empty() &&
          checkAlignment(elementTypeOf(t), kAlign).empty())
        out.push_back({i, /*pointer=*/true});
      continue;
    }
    auto it = dyn_cast<IntegerType>(t);
    if (it && (it.getWidth() == 32 || it.getWidth() == 64) &&
        llvm::any_of(a.getUsers(), isMakeTupleOp))
      out.push_back({i, /*pointer=*/false});
  }
  return out;
}

/// The divisor a make op's operand contributes to its slot: 1 for a plain
/// integer, the leaf's divisor for a depth-0 int_tuple (0 for a static 0).
int64_t operandDivisor(Value v) {
  if (const CuteValue *cv = cuteValueOf(v.getType()))
    if (cv->kind == CuteKind::IntTuple && !cv->tuple.isTuple())
      return cv->tuple.value().divisor();
  return 1;
}

/// Re-types the clone's values forward from the facts its arguments now
/// carry. Errors are emitted only when `loud` (trial clones stay quiet).
class TypeRefiner {
public:
  explicit TypeRefiner(bool loud) : loud(loud) {}

  LogicalResult run(gpu::GPUFuncOp fn) {
    // Post-order: an op with regions is re-inferred after its body.
    WalkResult r = fn.getBody().walk([&](Operation *op) {
      if (isMakeTupleOp(op)) {
        refineMakeOp(op);
        return WalkResult::advance();
      }
      if (auto iface = dyn_cast<InferTypeOpInterface>(op))
        if (failed(refineInferred(op, iface)))
          return WalkResult::interrupt();
      return WalkResult::advance();
    });
    return failure(r.wasInterrupted());
  }

private:
  /// A make op's written type (nesting, static leaves, divisors) stays; each
  /// dynamic leaf's divisor becomes the lcm with its operand's.
  void refineMakeOp(Operation *op) {
    Value result = op->getResult(0);
    const CuteValue *declared = cuteValueOf(result.getType());
    if (!declared)
      return;
    size_t k = 0;
    bool changed = false;
    CuteValue merged = declared->mapInts([&](const Int &leaf) -> Int {
      if (leaf.isStatic())
        return leaf;
      if (k >= op->getNumOperands())
        return leaf;
      int64_t have = leaf.divisor();
      int64_t operand = operandDivisor(op->getOperand(k++));
      if (operand <= 0 || have <= 0 ||
          leaf.expr()->kind != ::cute::layout::ExprKind::Sym)
        return leaf;
      int64_t want = std::lcm(have, operand);
      // A divisor beyond the leaf's width says nothing useful (and the lcm
      // may overflow).
      if (want <= have || want > (int64_t(1) << 30))
        return leaf;
      changed = true;
      return Int::symbol(leaf.expr()->value, leaf.width(), want);
    });
    if (!changed || k != op->getNumOperands())
      return;
    result.setType(typeOfValue(op->getContext(), merged));
  }

  LogicalResult refineInferred(Operation *op, InferTypeOpInterface iface) {
    SmallVector<Type> inferred;
    std::optional<Location> loc;
    if (loud)
      loc = op->getLoc();
    if (failed(iface.inferReturnTypes(op->getContext(), loc, op->getOperands(),
                                      op->getRawDictionaryAttrs(),
                                      op->getPropertiesStorage(),
                                      op->getRegions(), inferred))) {
      if (loud)
        op->emitError("cute-specialize: '")
            << op->getName() << "' fails to infer its result types from "
            << "the specialized operand types " << op->getOperandTypes();
      return failure();
    }
    SmallVector<Type> current(op->getResultTypes());
    if (inferred == current)
      return success();
    // The current types already know as much: keep their spelling.
    if (iface.isCompatibleReturnTypes(inferred, current) &&
        iface.isCompatibleReturnTypes(current, inferred))
      return success();
    // A refinement: what the op's verifier accepts as a declared type for
    // the inferred one, except that a pointer alignment may have grown.
    SmallVector<Type> raised = current;
    for (auto [r, i] : llvm::zip(raised, inferred)) {
      int64_t was = alignmentOf(r), now = alignmentOf(i);
      if (was > 0 && now > was && now % was == 0)
        r = withAlignment(r, now);
    }
    // (Ops whose verifier wants equal types, such as cute.get_iter, still
    // refine: a derived leaf's divisor may grow with the operands'.)
    if (!iface.isCompatibleReturnTypes(inferred, raised) &&
        !compatibleResultTypes(inferred, raised)) {
      if (loud)
        op->emitError("cute-specialize: '")
            << op->getName() << "' infers " << TypeRange(inferred)
            << " from the specialized operands, which does not refine its "
            << "type(s) " << TypeRange(current);
      return failure();
    }
    for (auto [res, t] : llvm::zip(op->getResults(), inferred))
      res.setType(t);
    return success();
  }

  bool loud;
};

/// The cute-typed operand types of the ops that consume cute values without
/// producing any (copies, loads, stores, get_scalars, terminators, ...):
/// what the lowering of the kernel's work sees, in program order.
SmallVector<Type> consumedTypes(gpu::GPUFuncOp fn) {
  auto isCute = [](Type t) { return isa<CuteDialect>(t.getDialect()); };
  SmallVector<Type> out;
  fn.getBody().walk([&](Operation *op) {
    if (llvm::any_of(op->getResultTypes(), isCute))
      return;
    for (Type t : op->getOperandTypes())
      if (isCute(t))
        out.push_back(t);
  });
  return out;
}

/// A detached copy of `generic` specialized for `cands`, its types refined.
FailureOr<OwningOpRef<gpu::GPUFuncOp>>
buildClone(gpu::GPUFuncOp generic, ArrayRef<Candidate> cands, bool loud) {
  MLIRContext *ctx = generic.getContext();
  OwningOpRef<gpu::GPUFuncOp> clone(cast<gpu::GPUFuncOp>(generic->clone()));
  SmallVector<Type> inputs(clone->getArgumentTypes());
  OpBuilder b = OpBuilder::atBlockBegin(&clone->getBody().front());
  for (const Candidate &c : cands) {
    BlockArgument a = clone->getArgument(c.arg);
    if (c.pointer) {
      inputs[c.arg] = withAlignment(a.getType(), kAlign);
      a.setType(inputs[c.arg]);
      continue;
    }
    unsigned width = cast<IntegerType>(a.getType()).getWidth();
    Type tuple =
        typeOfValue(ctx, CuteValue::ofTuple(CuteKind::IntTuple,
                                            ::cute::layout::IntTuple(
                                                Int::symbol(0, width, kDiv))));
    auto make = MakeIntTupleOp::create(b, a.getLoc(), tuple, ValueRange{a});
    a.replaceUsesWithIf(make.getResult(), [&](OpOperand &use) {
      return use.getOwner() != make && isMakeTupleOp(use.getOwner());
    });
  }
  clone->setFunctionType(
      FunctionType::get(ctx, inputs, clone->getResultTypes()));
  if (failed(TypeRefiner(loud).run(*clone)))
    return failure();
  return clone;
}

ArrayAttr conditionsAttr(MLIRContext *ctx, ArrayRef<Candidate> cands) {
  Builder b(ctx);
  SmallVector<Attribute> conds;
  for (const Candidate &c : cands) {
    NamedAttrList d;
    d.set(attrs::SpecParam, b.getI64IntegerAttr(c.arg));
    d.set(c.pointer ? attrs::SpecAlign : attrs::SpecDiv,
          b.getI64IntegerAttr(c.pointer ? kAlign : kDiv));
    conds.push_back(d.getDictionary(ctx));
  }
  return b.getArrayAttr(conds);
}

struct CuteSpecializePass
    : public mlir::cute::impl::CuteSpecializeBase<CuteSpecializePass> {
  void runOnOperation() override {
    SmallVector<gpu::GPUModuleOp> mods;
    getOperation().walk([&](gpu::GPUModuleOp m) { mods.push_back(m); });
    for (gpu::GPUModuleOp mod : mods) {
      // Kernels that have clones already (written by hand, or an earlier
      // run) are left as they are.
      llvm::StringSet<> cloned;
      SmallVector<gpu::GPUFuncOp> kernels;
      for (auto fn : mod.getOps<gpu::GPUFuncOp>()) {
        if (auto of = fn->getAttrOfType<StringAttr>(attrs::SpecializationOf))
          cloned.insert(of.getValue());
        else if (fn.isKernel() && !fn.getBody().empty())
          kernels.push_back(fn);
      }
      for (gpu::GPUFuncOp fn : kernels) {
        if (fn->hasAttr(attrs::NoSpecialize) ||
            fn->hasAttr(attrs::Specialization) || cloned.contains(fn.getName()))
          continue;
        if (failed(specialize(mod, fn)))
          return signalPassFailure();
      }
    }
  }

  LogicalResult specialize(gpu::GPUModuleOp mod, gpu::GPUFuncOp generic) {
    SmallVector<Candidate> cands = findCandidates(generic);
    if (cands.empty())
      return success();
    FailureOr<OwningOpRef<gpu::GPUFuncOp>> full =
        buildClone(generic, cands, /*loud=*/true);
    if (failed(full))
      return failure();
    SmallVector<Type> want = consumedTypes(**full);
    if (want == consumedTypes(generic))
      return success(); // no fact reaches the kernel's work
    // Drop each condition that changes nothing the work sees: it would only
    // keep the clone from running.
    SmallVector<Candidate> kept(cands);
    if (cands.size() > 1) {
      for (const Candidate &c : cands) {
        SmallVector<Candidate> without;
        for (const Candidate &k : kept)
          if (k.arg != c.arg)
            without.push_back(k);
        FailureOr<OwningOpRef<gpu::GPUFuncOp>> trial =
            buildClone(generic, without, /*loud=*/false);
        if (succeeded(trial) && consumedTypes(**trial) == want)
          kept = std::move(without);
      }
    }
    OwningOpRef<gpu::GPUFuncOp> clone = std::move(*full);
    if (kept.size() != cands.size()) {
      FailureOr<OwningOpRef<gpu::GPUFuncOp>> fewer =
          buildClone(generic, kept, /*loud=*/true);
      if (failed(fewer))
        return failure();
      clone = std::move(*fewer);
    }

    std::string name = (generic.getName() + kCloneSuffix).str();
    if (mod.lookupSymbol(name)) {
      emitWarning(generic.getLoc(), "kernel @")
          << generic.getName() << " is not specialized: the name @" << name
          << " is taken";
      return success();
    }
    MLIRContext *ctx = &getContext();
    clone->setName(name);
    (*clone)->setAttr(attrs::SpecializationOf,
                      StringAttr::get(ctx, generic.getName()));
    (*clone)->setAttr(attrs::Specialization, conditionsAttr(ctx, kept));
    gpu::GPUFuncOp placed = clone.release();
    mod.getBody()->getOperations().insert(std::next(generic->getIterator()),
                                          placed);

    // A refined type the IR cannot hold (e.g. a view carried through a loop,
    // whose block argument keeps the old type) makes the clone invalid: no
    // clone then, and a warning with the verifier's reason.
    std::string reason;
    LogicalResult verified = success();
    {
      ScopedDiagnosticHandler capture(ctx, [&](Diagnostic &d) {
        if (reason.empty() && d.getSeverity() == DiagnosticSeverity::Error)
          reason = d.str();
        return success();
      });
      verified = verify(placed);
    }
    if (failed(verified)) {
      placed->erase();
      // At the location only: the op itself would be printed with it.
      emitWarning(generic.getLoc(), "kernel @")
          << generic.getName() << " is not specialized: its clone @" << name
          << " does not verify: " << reason;
    }
    return success();
  }
};

} // namespace
