//===- LowerMaskedCopies.cpp - Masked copies to full/ragged paths ---------===//
//
// cute-lower-masked-copies: a `cute.copy` marked `masked` (or with a `fill`)
// predicates itself. Its bounded side is a thread's part of a tile (see
// CopyOp::traceBoundedSide); the same partitions, replayed on the identity
// tensor of the tiled tensor's shape, give each element's coordinate, and
// cute.make_predicate compares them with the shape. The copy becomes
//
//   scf.if (cute.all_in_bounds) { unpredicated copy }        // full tile
//   else { [store fill into dst]; predicated copy }           // ragged tile
//
// A span of a block from one masked copy to the last one reached through
// element-wise ops (arith, math, vector, cute; no barrier or cross-thread
// reduction) is versioned as a whole: one test (the AND of its copies'),
// the span's ops on each path. For `c = a + b` that is the full tile's
// load-load-add-store and the ragged tile's, as written by hand.
//
//===----------------------------------------------------------------------===//
#include "cute/Dialect/Cute/IR/Cute.h"
#include "cute/Dialect/Cute/Transforms/Passes.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"

namespace mlir::cute {
#define GEN_PASS_DEF_CUTELOWERMASKEDCOPIES
#include "cute/Dialect/Cute/Transforms/Passes.h.inc"
} // namespace mlir::cute

using namespace mlir;
using namespace mlir::cute;

namespace {

/// `op` again with operand 0 replaced by `input` and its result type
/// inferred for it (a partition of a coordinate tensor instead of a memref).
FailureOr<Value> replay(OpBuilder &b, Operation *op, Value input) {
  SmallVector<Value> operands(op->getOperands());
  operands[0] = input;
  SmallVector<Type> types;
  auto iface = cast<InferTypeOpInterface>(op);
  if (failed(iface.inferReturnTypes(
          op->getContext(), op->getLoc(), operands, op->getAttrDictionary(),
          op->getPropertiesStorage(), op->getRegions(), types)))
    return failure();
  OperationState st(op->getLoc(), op->getName());
  st.addOperands(operands);
  st.addAttributes(op->getAttrs());
  st.addTypes(types);
  return b.create(st)->getResult(0);
}

/// A masked copy with its coordinates (partitioned like its bounded side)
/// and the shape they are bounded by.
struct Masked {
  CopyOp copy;
  Value coords, shape;
};

FailureOr<Masked> coordinatesOf(OpBuilder &b, CopyOp copy) {
  bool srcIsBounded = false;
  LocalTileOp tile;
  SmallVector<Operation *> steps;
  std::string why;
  if (failed(copy.traceBoundedSide(srcIsBounded, tile, steps, why)))
    return copy.emitOpError("cannot find its tile: ") << why;
  Location loc = copy.getLoc();
  Value layout = GetLayoutOp::create(b, loc, tile.getTensor());
  Value shape = GetShapeOp::create(b, loc, layout);
  Value coords = MakeIdentityTensorOp::create(b, loc, shape);
  FailureOr<Value> cur = replay(b, tile, coords);
  for (Operation *step : steps)
    if (succeeded(cur))
      cur = replay(b, step, *cur);
  if (failed(cur))
    return copy.emitOpError("cannot partition the coordinates like its "
                            "bounded side");
  return Masked{copy, *cur, shape};
}

/// Whether `op` may be duplicated into both paths of a span: no regions,
/// no terminator, no shared-memory allocation, and nothing that all threads
/// of a warp or block must reach together (a reduction across threads, a
/// barrier: gpu ops are not duplicable).
bool duplicable(Operation *op) {
  if (op->getNumRegions() != 0 || op->hasTrait<OpTrait::IsTerminator>())
    return false;
  if (auto r = dyn_cast<ReduceOp>(op))
    return r.getScope() == ReduceScope::thread;
  // Shared memory is planned per allocation op: never duplicate one.
  if (isa<SmemAllocOp>(op))
    return false;
  StringRef ns = op->getDialect() ? op->getDialect()->getNamespace() : "";
  return ns == "arith" || ns == "math" || ns == "vector" || ns == "cute";
}

/// A span of one block from a masked copy to the last masked copy that
/// follows it through duplicable ops. The tile chains of its copies are
/// defined before it.
struct Span {
  SmallVector<Operation *> ops;
  SmallVector<CopyOp> copies;
};

/// The ops a masked copy's coordinates are computed from.
SmallVector<Operation *> chainOf(CopyOp copy) {
  bool srcIsBounded = false;
  LocalTileOp tile;
  SmallVector<Operation *> steps;
  std::string why;
  SmallVector<Operation *> chain;
  if (succeeded(copy.traceBoundedSide(srcIsBounded, tile, steps, why))) {
    chain.push_back(tile);
    chain.append(steps.begin(), steps.end());
  }
  return chain;
}

SmallVector<Span> findSpans(Block &block) {
  SmallVector<Span> spans;
  Span cur;
  SmallVector<Operation *> pending; // duplicable ops after cur's last copy
  llvm::SmallPtrSet<Operation *, 16> inCur;
  auto close = [&] {
    if (!cur.copies.empty())
      spans.push_back(std::move(cur));
    cur = Span();
    pending.clear();
    inCur.clear();
  };
  for (Operation &op : block) {
    auto copy = dyn_cast<CopyOp>(op);
    if (copy && copy.isMasked()) {
      bool chainOutside = llvm::none_of(chainOf(copy), [&](Operation *c) {
        return inCur.contains(c) || llvm::is_contained(pending, c);
      });
      if (cur.copies.empty() || !chainOutside) {
        close();
      } else {
        cur.ops.append(pending.begin(), pending.end());
        inCur.insert(pending.begin(), pending.end());
        pending.clear();
      }
      cur.ops.push_back(copy);
      cur.copies.push_back(copy);
      inCur.insert(copy);
      continue;
    }
    if (!cur.copies.empty() && duplicable(&op)) {
      pending.push_back(&op);
      continue;
    }
    close();
  }
  close();
  return spans;
}

/// Emits one path of a span: its ops cloned, its masked copies plain
/// (`ragged` false) or predicated with their fills (`ragged` true); yields
/// the span's values used after it.
void emitPath(OpBuilder &b, const Span &span, ArrayRef<Masked> masked,
              ArrayRef<Value> escaping, bool ragged) {
  IRMapping map;
  size_t next = 0;
  for (Operation *op : span.ops) {
    auto copy = dyn_cast<CopyOp>(op);
    if (!copy || next >= masked.size() || masked[next].copy != copy) {
      b.clone(*op, map);
      continue;
    }
    const Masked &m = masked[next++];
    Location loc = copy.getLoc();
    Value src = map.lookupOrDefault(copy.getSrc());
    Value dst = map.lookupOrDefault(copy.getDst());
    Value pred;
    if (ragged) {
      pred = MakePredicateOp::create(b, loc, m.coords, m.shape);
      if (TypedAttr fill = copy.getFillAttr()) {
        ::cute::layout::DynamicSymbols syms;
        MemRefInfo d =
            cast<CuteTensorTypeInterface>(dst.getType()).readInfo(syms);
        auto vt = VectorType::get({size(d.layout).value()}, d.elem);
        Value splat = arith::ConstantOp::create(
            b, loc, vt, DenseElementsAttr::get(vt, ArrayRef<Attribute>{fill}));
        StoreOp::create(b, loc, splat, dst);
      }
    }
    auto c = CopyOp::create(b, loc, src, dst, pred, copy.getAtomOperands(),
                            copy.getAtomAttr(),
                            /*fill=*/TypedAttr(), /*masked=*/false);
    c->setDiscardableAttrs(copy->getDiscardableAttrDictionary());
  }
  SmallVector<Value> yields;
  for (Value v : escaping)
    yields.push_back(map.lookupOrDefault(v));
  scf::YieldOp::create(b, span.ops.back()->getLoc(), yields);
}

/// Versions a span: one full-tile test (the AND of its copies'), then the
/// span's ops on the fast path (unpredicated copies, vectorized as their
/// types allow) and again on the ragged path (predicated copies), as one
/// would write by hand.
LogicalResult lower(const Span &span) {
  Operation *first = span.ops.front();
  OpBuilder b(first);
  Location loc = first->getLoc();
  SmallVector<Masked> masked;
  Value all;
  for (CopyOp copy : span.copies) {
    FailureOr<Masked> m = coordinatesOf(b, copy);
    if (failed(m))
      return failure();
    masked.push_back(*m);
    Value full = AllInBoundsOp::create(b, loc, m->coords, m->shape);
    all = all ? arith::AndIOp::create(b, loc, all, full).getResult() : full;
  }
  llvm::SmallPtrSet<Operation *, 16> inSpan(span.ops.begin(), span.ops.end());
  SmallVector<Value> escaping;
  for (Operation *op : span.ops)
    for (Value r : op->getResults())
      if (llvm::any_of(r.getUsers(), [&](Operation *u) {
            return !inSpan.contains(
                first->getBlock()->findAncestorOpInBlock(*u));
          }))
        escaping.push_back(r);
  auto ifOp = scf::IfOp::create(b, loc, TypeRange(ValueRange(escaping)), all,
                                /*addThenBlock=*/true, /*addElseBlock=*/true);
  OpBuilder tb = OpBuilder::atBlockEnd(ifOp.thenBlock());
  emitPath(tb, span, masked, escaping, /*ragged=*/false);
  OpBuilder eb = OpBuilder::atBlockEnd(ifOp.elseBlock());
  emitPath(eb, span, masked, escaping, /*ragged=*/true);
  for (auto [v, r] : llvm::zip(escaping, ifOp.getResults()))
    v.replaceUsesWithIf(r, [&](OpOperand &use) {
      return !inSpan.contains(
          first->getBlock()->findAncestorOpInBlock(*use.getOwner()));
    });
  for (Operation *op : llvm::reverse(span.ops))
    op->erase();
  return success();
}

struct CuteLowerMaskedCopiesPass
    : public mlir::cute::impl::CuteLowerMaskedCopiesBase<
          CuteLowerMaskedCopiesPass> {
  void runOnOperation() override {
    SmallVector<Block *> blocks;
    getOperation()->walk([&](Block *b) { blocks.push_back(b); });
    SmallVector<Span> spans;
    for (Block *b : blocks)
      llvm::append_range(spans, findSpans(*b));
    for (const Span &s : spans)
      if (failed(lower(s)))
        return signalPassFailure();
  }
};

} // namespace
