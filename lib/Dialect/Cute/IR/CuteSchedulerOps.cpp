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

LogicalResult MakeTileSchedulerOp::verify() {
  auto positive = [&](StringRef what, int64_t v) -> LogicalResult {
    if (v > 0 && v <= (int64_t(1) << 30))
      return success();
    return emitOpError(what) << " = " << v << "; it must be in [1, 2^30]";
  };
  return success(succeeded(positive("tile M", getTileM())) &&
                 succeeded(positive("tile N", getTileN())) &&
                 succeeded(positive("group", getGroup())));
}
