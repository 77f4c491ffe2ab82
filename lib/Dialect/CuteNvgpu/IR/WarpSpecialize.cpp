//===- WarpSpecialize.cpp - cute_nvgpu.warp_specialize --------------------===//
//
//   cute_nvgpu.warp_specialize
//     role "producer" warps [0, 1) max_regs 40 { ... }
//     role "consumer" warps [4, 12) { ... }
//
//===----------------------------------------------------------------------===//
#include "cute/Dialect/Cute/IR/CuteParams.h"
#include "cute/Dialect/CuteNvgpu/IR/CuteNvgpu.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace mlir::cute_nvgpu;

void WarpSpecializeOp::build(OpBuilder &b, OperationState &state,
                             ArrayRef<StringRef> names, ArrayRef<int32_t> begin,
                             ArrayRef<int32_t> end, ArrayRef<int32_t> maxRegs) {
  state.addAttribute(getNamesAttrName(state.name), b.getStrArrayAttr(names));
  state.addAttribute(getWarpBeginAttrName(state.name),
                     b.getDenseI32ArrayAttr(begin));
  state.addAttribute(getWarpEndAttrName(state.name),
                     b.getDenseI32ArrayAttr(end));
  state.addAttribute(getMaxRegsAttrName(state.name),
                     b.getDenseI32ArrayAttr(maxRegs));
  for (size_t i = 0; i < names.size(); ++i) {
    Region *r = state.addRegion();
    ensureTerminator(*r, b, state.location);
  }
}

ParseResult WarpSpecializeOp::parse(OpAsmParser &parser,
                                    OperationState &result) {
  SmallVector<Attribute> names;
  SmallVector<int32_t> begin, end, regs;
  Builder &b = parser.getBuilder();
  while (succeeded(parser.parseOptionalKeyword("role"))) {
    std::string name;
    // Bounds and register counts may be instance parameters or quoted
    // expressions of them (`warps [4, "4*WG+4")`).
    FailureOr<int64_t> lo, hi, r = int64_t(0);
    if (parser.parseString(&name) || parser.parseKeyword("warps") ||
        parser.parseLSquare() ||
        failed(lo = mlir::cute::parseIntOrParam(parser)) ||
        parser.parseComma() ||
        failed(hi = mlir::cute::parseIntOrParam(parser)) ||
        parser.parseRParen())
      return failure();
    if (succeeded(parser.parseOptionalKeyword("max_regs")) &&
        failed(r = mlir::cute::parseIntOrParam(parser)))
      return failure();
    Region *region = result.addRegion();
    if (parser.parseRegion(*region, /*arguments=*/{}))
      return failure();
    ensureTerminator(*region, b, result.location);
    names.push_back(b.getStringAttr(name));
    begin.push_back(int32_t(*lo));
    end.push_back(int32_t(*hi));
    regs.push_back(int32_t(*r));
  }
  if (names.empty())
    return parser.emitError(parser.getCurrentLocation(),
                            "expected at least one `role`");
  result.addAttribute(getNamesAttrName(result.name), b.getArrayAttr(names));
  result.addAttribute(getWarpBeginAttrName(result.name),
                      b.getDenseI32ArrayAttr(begin));
  result.addAttribute(getWarpEndAttrName(result.name),
                      b.getDenseI32ArrayAttr(end));
  result.addAttribute(getMaxRegsAttrName(result.name),
                      b.getDenseI32ArrayAttr(regs));
  return parser.parseOptionalAttrDict(result.attributes);
}

void WarpSpecializeOp::print(OpAsmPrinter &p) {
  for (auto [i, region] : llvm::enumerate(getRoles())) {
    p.printNewline();
    p << "  role ";
    p.printString(cast<StringAttr>(getNames()[i]).getValue());
    p << " warps [" << getWarpBegin()[i] << ", " << getWarpEnd()[i] << ")";
    if (getMaxRegs()[i])
      p << " max_regs " << getMaxRegs()[i];
    p << ' ';
    p.printRegion(region, /*printEntryBlockArgs=*/false,
                  /*printBlockTerminators=*/false);
  }
  p.printOptionalAttrDict((*this)->getAttrs(),
                          {getNamesAttrName(), getWarpBeginAttrName(),
                           getWarpEndAttrName(), getMaxRegsAttrName()});
}

LogicalResult WarpSpecializeOp::verify() {
  size_t n = getRoles().size();
  if (getNames().size() != n || getWarpBegin().size() != n ||
      getWarpEnd().size() != n || getMaxRegs().size() != n)
    return emitOpError("needs a name, a warp range and max_regs per role");
  for (size_t i = 0; i < n; ++i) {
    StringRef name = cast<StringAttr>(getNames()[i]).getValue();
    int32_t lo = getWarpBegin()[i], hi = getWarpEnd()[i], r = getMaxRegs()[i];
    if (lo < 0 || hi <= lo)
      return emitOpError("role \"") << name << "\" has the empty warp range ["
                                    << lo << ", " << hi << ")";
    if (r != 0 && (r < 24 || r > 256 || r % 8))
      return emitOpError("role \"")
             << name << "\" asks for max_regs " << r
             << "; setmaxnreg takes a multiple of 8 in [24, 256]";
    if (r != 0 && (lo % 4 || hi % 4))
      return emitOpError("role \"")
             << name << "\" (warps [" << lo << ", " << hi
             << ")) sets max_regs but setmaxnreg applies to whole "
                "warpgroups: the range must start and end on a multiple of 4";
    for (size_t j = 0; j < i; ++j)
      if (lo < getWarpEnd()[j] && getWarpBegin()[j] < hi)
        return emitOpError("roles \"")
               << cast<StringAttr>(getNames()[j]).getValue() << "\" and \""
               << name << "\" share warps";
  }
  return success();
}
