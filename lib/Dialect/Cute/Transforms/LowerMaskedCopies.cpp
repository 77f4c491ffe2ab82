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
// Adjacent masked copies share one scf.if (the AND of their tests).
//
//===----------------------------------------------------------------------===//
#include "cute/Dialect/Cute/IR/Cute.h"
#include "cute/Dialect/Cute/Transforms/Passes.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

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

void plainCopy(OpBuilder &b, CopyOp copy, Value pred) {
  auto c = CopyOp::create(b, copy.getLoc(), copy.getSrc(), copy.getDst(), pred,
                          copy.getAtomAttr(), /*fill=*/TypedAttr(),
                          /*masked=*/false);
  c->setDiscardableAttrs(copy->getDiscardableAttrDictionary());
}

/// Lowers a run of adjacent masked copies under one full-tile test (the AND
/// of theirs), so that e.g. the two loads of `a + b` share one branch and are
/// issued back to back.
LogicalResult lower(SmallVector<CopyOp> group) {
  CopyOp first = group.front();
  OpBuilder b(first);
  Location loc = first.getLoc();
  SmallVector<Masked> masked;
  Value all;
  for (CopyOp copy : group) {
    FailureOr<Masked> m = coordinatesOf(b, copy);
    if (failed(m))
      return failure();
    masked.push_back(*m);
    Value full = AllInBoundsOp::create(b, loc, m->coords, m->shape);
    all = all ? arith::AndIOp::create(b, loc, all, full).getResult() : full;
  }
  auto ifOp = scf::IfOp::create(b, loc, all, /*withElseRegion=*/true);
  OpBuilder tb = ifOp.getThenBodyBuilder();
  for (Masked m : masked)
    plainCopy(tb, m.copy, Value());
  OpBuilder eb = ifOp.getElseBodyBuilder();
  for (Masked m : masked) {
    Value pred = MakePredicateOp::create(eb, loc, m.coords, m.shape);
    if (TypedAttr fill = m.copy.getFillAttr()) {
      ::cute::layout::DynamicSymbols syms;
      MemRefInfo d = cast<CuteTensorTypeInterface>(m.copy.getDst().getType())
                         .readInfo(syms);
      auto vt = VectorType::get({size(d.layout).value()}, d.elem);
      Value splat = arith::ConstantOp::create(
          eb, loc, vt, DenseElementsAttr::get(vt, ArrayRef<Attribute>{fill}));
      StoreOp::create(eb, loc, splat, m.copy.getDst());
    }
    plainCopy(eb, m.copy, pred);
  }
  for (CopyOp copy : group)
    copy.erase();
  return success();
}

struct CuteLowerMaskedCopiesPass
    : public mlir::cute::impl::CuteLowerMaskedCopiesBase<
          CuteLowerMaskedCopiesPass> {
  void runOnOperation() override {
    // Runs of masked copies that follow each other directly in a block.
    SmallVector<SmallVector<CopyOp>> groups;
    getOperation()->walk([&](CopyOp c) {
      if (!c.isMasked())
        return;
      Operation *prev = c->getPrevNode();
      if (!groups.empty() && prev && groups.back().back() == prev)
        groups.back().push_back(c);
      else
        groups.push_back({c});
    });
    for (SmallVector<CopyOp> &g : groups)
      if (failed(lower(g)))
        return signalPassFailure();
  }
};

} // namespace
