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

LogicalResult lower(CopyOp copy) {
  bool srcIsBounded = false;
  LocalTileOp tile;
  SmallVector<Operation *> steps;
  std::string why;
  if (failed(copy.traceBoundedSide(srcIsBounded, tile, steps, why)))
    return copy.emitOpError("cannot find its tile: ") << why;
  OpBuilder b(copy);
  Location loc = copy.getLoc();

  // Coordinates of the bounded side's elements in the tiled tensor.
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
  Value all = AllInBoundsOp::create(b, loc, *cur, shape);

  auto plain = [&](OpBuilder &ib, Value p) {
    auto c = CopyOp::create(ib, loc, copy.getSrc(), copy.getDst(), p,
                            copy.getAtomAttr(), /*fill=*/TypedAttr(),
                            /*masked=*/false);
    c->setDiscardableAttrs(copy->getDiscardableAttrDictionary());
  };
  auto ifOp = scf::IfOp::create(b, loc, all, /*withElseRegion=*/true);
  OpBuilder tb = ifOp.getThenBodyBuilder();
  plain(tb, Value());
  OpBuilder eb = ifOp.getElseBodyBuilder();
  Value pred = MakePredicateOp::create(eb, loc, *cur, shape);
  if (TypedAttr fill = copy.getFillAttr()) {
    ::cute::layout::DynamicSymbols syms;
    MemRefInfo d =
        cast<CuteTensorTypeInterface>(copy.getDst().getType()).readInfo(syms);
    auto vt = VectorType::get({size(d.layout).value()}, d.elem);
    Value splat = arith::ConstantOp::create(
        eb, loc, vt, DenseElementsAttr::get(vt, ArrayRef<Attribute>{fill}));
    StoreOp::create(eb, loc, splat, copy.getDst());
  }
  plain(eb, pred);
  copy.erase();
  return success();
}

struct CuteLowerMaskedCopiesPass
    : public mlir::cute::impl::CuteLowerMaskedCopiesBase<
          CuteLowerMaskedCopiesPass> {
  void runOnOperation() override {
    SmallVector<CopyOp> copies;
    getOperation()->walk([&](CopyOp c) {
      if (c.isMasked())
        copies.push_back(c);
    });
    for (CopyOp c : copies)
      if (failed(lower(c)))
        return signalPassFailure();
  }
};

} // namespace
