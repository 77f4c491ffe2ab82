//===- CuteOps.cpp - cute constructors, accessors and verifiers -----------===//
#include "cute/Dialect/Cute/IR/Cute.h"
#include "cute/Dialect/Cute/IR/CuteAsm.h"
#include "cute/Dialect/Cute/IR/CuteParams.h"

#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::cute;
using ::cute::layout::DynamicSymbols;
using ::cute::layout::Int;

/// Reads the value of a cute type that the type verifier already accepted.
static CuteValue readValue(Type t, DynamicSymbols &syms) {
  auto v = valueOfType(t, syms);
  return v ? *v : CuteValue();
}

//===----------------------------------------------------------------------===//
// StaticOp
//===----------------------------------------------------------------------===//

LogicalResult StaticOp::verify() {
  DynamicSymbols syms;
  if (!readValue(getType(), syms).isStatic())
    return emitOpError("expects result to be static, but got ") << getType();
  return success();
}

OpFoldResult StaticOp::fold(FoldAdaptor) { return TypeAttr::get(getType()); }

//===----------------------------------------------------------------------===//
// make_int_tuple / make_shape / make_stride / make_coord / make_tile
//===----------------------------------------------------------------------===//

static unsigned slotWidth(const Int &v) { return v.width(); }

static LogicalResult verifyMakeOp(Operation *op) {
  DynamicSymbols syms;
  Type resultType = op->getResult(0).getType();
  CuteValue v = readValue(resultType, syms);
  std::vector<Int> slots;
  for (const Int &i : scalarLeaves(v))
    if (i.isDynamic())
      slots.push_back(i);
  if (slots.size() != op->getNumOperands())
    return op->emitOpError("expects ")
           << slots.size() << " dynamic operand(s) for result type "
           << resultType << ", but got " << op->getNumOperands();
  for (auto [idx, operand] : llvm::enumerate(op->getOperands())) {
    unsigned want = slotWidth(slots[idx]);
    unsigned got = 0;
    if (auto it = dyn_cast<IntegerType>(operand.getType())) {
      got = it.getWidth();
    } else if (auto tt = dyn_cast<IntTupleType>(operand.getType())) {
      DynamicSymbols s2;
      CuteValue ov = readValue(tt, s2);
      if (ov.tuple.isTuple())
        return op->emitOpError("expects operand #")
               << idx << " to be a depth-0 !cute.int_tuple, but got "
               << operand.getType();
      got = ov.tuple.value().isStatic() ? want : ov.tuple.value().width();
    }
    if (got != want)
      return op->emitOpError("expects operand #")
             << idx << " to have (width=" << want << "), but got (width=" << got
             << ")";
  }
  return success();
}

/// The result written without a type: the flat tuple of the operands (`?`
/// per i32, `?{i64}` per i64, a depth-0 int_tuple operand's own leaf).
static LogicalResult inferMakeOp(MLIRContext *ctx, std::optional<Location> loc,
                                 StringRef opName, CuteKind kind,
                                 ValueRange operands,
                                 SmallVectorImpl<Type> &inferred) {
  std::vector<std::string> leaves;
  for (Value v : operands) {
    if (auto it = dyn_cast<IntegerType>(v.getType())) {
      leaves.push_back(it.getWidth() == 64 ? "?{i64}" : "?");
      continue;
    }
    const CuteValue *cv = cuteValueOf(v.getType());
    if (!cv || cv->kind != CuteKind::IntTuple || cv->tuple.isTuple())
      return emitOptionalError(loc, "'", opName,
                               "' op expects i32, i64 or depth-0 "
                               "!cute.int_tuple operands, but got ",
                               v.getType());
    leaves.push_back(cv->tuple.str());
  }
  if (leaves.empty())
    return emitOptionalError(loc, "'", opName,
                             "' op has no operands to infer its result "
                             "from; write `-> type`");
  std::string spec =
      leaves.size() == 1 ? leaves[0] : "(" + llvm::join(leaves, ",") + ")";
  DynamicSymbols syms;
  auto value = parseCuteValue(kind, spec, syms);
  if (!value)
    return emitOptionalError(loc, "'", opName, "' op ", value.message());
  inferred.push_back(typeOfValue(ctx, *value));
  return success();
}

#define CUTE_MAKE_OP(OP, KIND)                                                 \
  LogicalResult OP::verify() { return verifyMakeOp(*this); }                   \
  LogicalResult OP::inferShortForm(MLIRContext *ctx, Location loc,             \
                                   ValueRange operands, NamedAttrList &,       \
                                   SmallVectorImpl<Type> &inferred) {          \
    return inferMakeOp(ctx, loc, getOperationName(), CuteKind::KIND, operands, \
                       inferred);                                              \
  }
CUTE_MAKE_OP(MakeIntTupleOp, IntTuple)
CUTE_MAKE_OP(MakeShapeOp, Shape)
CUTE_MAKE_OP(MakeStrideOp, Stride)
CUTE_MAKE_OP(MakeCoordOp, Coord)
CUTE_MAKE_OP(MakeTileOp, Tile)
#undef CUTE_MAKE_OP

//===----------------------------------------------------------------------===//
// elem_less / equal
//===----------------------------------------------------------------------===//

LogicalResult ElemLessOp::verify() {
  DynamicSymbols syms;
  CuteValue a = readValue(getLhs().getType(), syms);
  CuteValue b = readValue(getRhs().getType(), syms);
  if (!::cute::layout::congruent(a.tuple, b.tuple))
    return emitOpError("expects congruent inputs, but got ")
           << getLhs().getType() << " and " << getRhs().getType();
  return success();
}

LogicalResult EqualOp::verify() {
  if (kindOfType(getLhs().getType()) != kindOfType(getRhs().getType()))
    return emitOpError("expects lhs and rhs to be the same kind, but got ")
           << getLhs().getType() << " and " << getRhs().getType();
  return success();
}

//===----------------------------------------------------------------------===//
// get_leaves / get_scalars
//===----------------------------------------------------------------------===//

static void tileLeaves(MLIRContext *ctx, const ::cute::layout::Tile &t,
                       SmallVectorImpl<Type> &out) {
  if (t.isLayout()) {
    out.push_back(typeOfValue(ctx, CuteValue::ofLayout(t.layout)));
    return;
  }
  if (t.isUnderscore()) {
    out.push_back(TileType::get(
        ctx, CuteValue::ofTile(::cute::layout::Tile::underscore())));
    return;
  }
  for (auto &e : t.elems)
    tileLeaves(ctx, e, out);
}

LogicalResult GetLeavesOp::inferReturnTypes(MLIRContext *ctx,
                                            std::optional<Location> loc,
                                            ValueRange operands, DictionaryAttr,
                                            OpaqueProperties, RegionRange,
                                            SmallVectorImpl<Type> &inferred) {
  DynamicSymbols syms;
  auto v = valueOfType(operands[0].getType(), syms);
  if (!v)
    return emitOptionalError(loc, "'cute.get_leaves' op ", v.message());
  if (!v->isTuple() && v->kind != CuteKind::Tile)
    return emitOptionalError(loc,
                             "expects $input to be !cute.shape, !cute.stride, "
                             "!cute.coord, !cute.int_tuple, or !cute.tile, but "
                             "got ",
                             operands[0].getType());
  if (v->kind == CuteKind::Tile) {
    tileLeaves(ctx, v->tile, inferred);
    return success();
  }
  for (auto &leaf : ::cute::layout::flattenLeaves(v->tuple))
    inferred.push_back(typeOfValue(ctx, CuteValue::ofTuple(v->kind, leaf)));
  return success();
}

/// The layouts of a tile, depth first; `_` slots are skipped.
static void tileLayouts(const ::cute::layout::Tile &t,
                        std::vector<::cute::layout::Layout> &out) {
  if (t.isLayout())
    out.push_back(t.layout);
  else if (t.isTuple())
    for (auto &e : t.elems)
      tileLayouts(e, out);
}

LogicalResult GetLayoutsFromTileOp::inferReturnTypes(
    MLIRContext *ctx, std::optional<Location> loc, ValueRange operands,
    DictionaryAttr, OpaqueProperties, RegionRange,
    SmallVectorImpl<Type> &inferred) {
  Type tileType = operands[0].getType();
  const CuteValue *v = cuteValueOf(tileType);
  if (!v || v->kind != CuteKind::Tile)
    return emitOptionalError(loc, "expects $tile to be !cute.tile, but got ",
                             tileType);
  std::vector<::cute::layout::Layout> layouts;
  tileLayouts(v->tile, layouts);
  if (layouts.empty())
    return emitOptionalError(
        loc, "expects $tile to contain at least one layout slot, but got ",
        tileType);
  for (auto &l : layouts)
    inferred.push_back(typeOfValue(ctx, CuteValue::ofLayout(l)));
  return success();
}

LogicalResult
GetScalarsOp::inferReturnTypes(MLIRContext *ctx, std::optional<Location> loc,
                               ValueRange operands, DictionaryAttr attrs,
                               OpaqueProperties props, RegionRange regions,
                               SmallVectorImpl<Type> &inferred) {
  Adaptor adaptor(operands, attrs, props, regions);
  DynamicSymbols syms;
  auto v = valueOfType(operands[0].getType(), syms);
  if (!v)
    return emitOptionalError(loc, "'cute.get_scalars' op ", v.message());
  for (const Int &i : scalarLeaves(*v)) {
    if (adaptor.getOnlyDynamic() && i.isStatic())
      continue;
    inferred.push_back(IntegerType::get(ctx, i.isStatic() ? 32 : i.width()));
  }
  return success();
}

#define GET_OP_CLASSES
#include "cute/Dialect/Cute/IR/CuteOps.cpp.inc"

#include "cute/Dialect/Cute/IR/CuteInterfaces.cpp.inc"
