//===- CuteSchedulerOps.cpp - Tile schedulers -----------------------------===//
#include "cute/Dialect/Cute/IR/Cute.h"
#include "cute/Dialect/Cute/IR/CuteParams.h"

using namespace mlir;
using namespace mlir::cute;

ParseResult mlir::cute::parseIntOrParam(OpAsmParser &p, IntegerAttr &attr) {
  FailureOr<int64_t> v = parseIntOrParam(p);
  if (failed(v))
    return failure();
  attr = IntegerAttr::get(IntegerType::get(p.getContext(), 64), *v);
  return success();
}

void mlir::cute::printIntOrParam(OpAsmPrinter &p, Operation *,
                                 IntegerAttr attr) {
  p << attr.getValue().getSExtValue();
}

ParseResult mlir::cute::parseI32OrParam(OpAsmParser &p, IntegerAttr &attr) {
  SMLoc loc = p.getCurrentLocation();
  FailureOr<int64_t> v = parseIntOrParam(p);
  if (failed(v))
    return failure();
  if (*v < INT32_MIN || *v > INT32_MAX)
    return p.emitError(loc) << *v << " does not fit 32 bits";
  attr = IntegerAttr::get(IntegerType::get(p.getContext(), 32), *v);
  return success();
}

void mlir::cute::printI32OrParam(OpAsmPrinter &p, Operation *,
                                 IntegerAttr attr) {
  p << attr.getValue().getSExtValue();
}

ParseResult mlir::cute::parseTileSizes(OpAsmParser &p, IntegerAttr &tm,
                                       IntegerAttr &tn, IntegerAttr &tk) {
  if (parseIntOrParam(p, tm) || p.parseComma() || parseIntOrParam(p, tn))
    return failure();
  if (succeeded(p.parseOptionalComma()))
    return parseIntOrParam(p, tk);
  return success();
}

void mlir::cute::printTileSizes(OpAsmPrinter &p, Operation *, IntegerAttr tm,
                                IntegerAttr tn, IntegerAttr tk) {
  p << tm.getValue().getSExtValue() << ", " << tn.getValue().getSExtValue();
  if (tk)
    p << ", " << tk.getValue().getSExtValue();
}

LogicalResult MakeTileSchedulerOp::verify() {
  if (bool(getK()) != getTileK().has_value())
    return emitOpError(getK() ? "has a K extent but no K tile size (write "
                                "`tile [TM, TN, TK]`)"
                              : "has a K tile size but no K extent (write "
                                "`%m, %n, %k`)");
  if (getSplits() && !getK())
    return emitOpError("splits K but has no K extent (write `%m, %n, %k "
                       "tile [TM, TN, TK] ... splits %s`)");
  if (getTileK() &&
      (int64_t(*getTileK()) <= 0 || int64_t(*getTileK()) > (int64_t(1) << 30)))
    return emitOpError("tile K = ")
           << int64_t(*getTileK()) << "; it must be in [1, 2^30]";
  auto positive = [&](StringRef what, int64_t v) -> LogicalResult {
    if (v > 0 && v <= (int64_t(1) << 30))
      return success();
    return emitOpError(what) << " = " << v << "; it must be in [1, 2^30]";
  };
  return success(succeeded(positive("tile M", getTileM())) &&
                 succeeded(positive("tile N", getTileN())) &&
                 succeeded(positive("group", getGroup())));
}

LogicalResult TileSchedulerSlotOp::verify() {
  auto make = getScheduler().getDefiningOp<MakeTileSchedulerOp>();
  if (make && !make.getSplits())
    return emitOpError("needs a scheduler with `splits %s` (split-K or, with "
                       "%s = 0, stream-K): without them no position has a "
                       "partial result");
  return success();
}

LogicalResult TileSchedulerKTilesOp::verify() {
  auto make = getScheduler().getDefiningOp<MakeTileSchedulerOp>();
  if (make && !make.getK())
    return emitOpError("needs a scheduler made with a K extent and tile "
                       "(`cute.make_tile_scheduler %m, %n, %k tile [TM, TN, "
                       "TK] ...`)");
  return success();
}
