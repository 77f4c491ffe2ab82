//===- AccumulatorToOperand.cpp - wgmma accumulators as register A --------===//
//
// The result type of cute_nvgpu.accumulator_to_operand (its one rule set:
// an f32 rmem accumulator of whole K blocks, an A type of the register-A
// wgmma) and its short form. The conversion itself is in
// convert-cute-nvgpu-to-nvvm (AccumulatorToOperand.cpp there).
//
//===----------------------------------------------------------------------===//
#include "cute/Dialect/CuteNvgpu/IR/CuteNvgpu.h"

#include "cute/Atom/Sm90GmmaRs.h"
#include "cute/Dialect/Cute/IR/CuteAsm.h"

using namespace mlir;
using namespace mlir::cute_nvgpu;
using ::cute::layout::IntTuple;
using ::cute::layout::Layout;
using mlir::cute::CuteMemRefType;
using mlir::cute::MemSpace;

/// The result type of converting `accType` to `elemAttr` (which may be
/// missing), or an error at `loc`.
static LogicalResult inferOperandType(MLIRContext *ctx, Location loc,
                                      Type accType, TypeAttr elemAttr,
                                      SmallVectorImpl<Type> &inferred) {
  auto fail = [&](auto &&...args) {
    return (emitError(loc, "'cute_nvgpu.accumulator_to_operand' op ")
            << ... << args);
  };
  if (!elemAttr)
    return fail("needs elem_type, the A type of the register-A wgmma");
  Type elem = elemAttr.getValue();
  if (!isa<Float16Type, BFloat16Type, Float8E4M3FNType, Float8E5M2Type>(elem))
    return fail("elem_type is ", elem,
                "; a register-A wgmma takes f16, bf16, f8E4M3FN or f8E5M2");
  auto acc = dyn_cast<CuteMemRefType>(accType);
  if (!acc || acc.getMemSpace() != MemSpace::rmem ||
      !acc.getElementType().isF32())
    return fail("the accumulator must be an rmem tensor of f32, got ", accType);
  if (!acc.isStatic())
    return fail("the accumulator ", accType,
                " must have a static layout (its values are registers)");
  const Layout &l = acc.getLayout().layout;
  size_t rank = l.shape.isInt() ? 1 : l.rank();
  if (rank != 1 && rank != 3)
    return fail("the accumulator has rank ", int64_t(rank),
                "; it is (FrgV,RestM,RestN) or one atom's values");
  int64_t vals = ::cute::layout::size(rank == 1 ? l : l[0]).value();
  int64_t restM = rank == 1 ? 1 : ::cute::layout::size(l[1]).value();
  int64_t restN = rank == 1 ? 1 : ::cute::layout::size(l[2]).value();
  unsigned bits = mlir::cute::storageBits(elem);
  int64_t k = ::cute::atom::rsWgmmaK(bits), perBlock = k / 2;
  // A wgmma accumulator holds N/2 values per thread, N a multiple of 8 in
  // [8, 256]; whole K blocks need N % K == 0. An mma.sync m16n8
  // accumulator holds 4 (16-bit A: two N atoms make one K = 16 block of
  // m16n8k16's A, CuTe's SM80 C and A layouts line up value for value).
  bool pairs = bits == 16 && vals == 4 && restN % 2 == 0;
  if (!pairs && (vals > 128 || vals % perBlock))
    return fail("the accumulator has ", vals, " values per atom (mode 0 of ",
                accType,
                "); a wgmma accumulator of N columns has N/2 (N <= 256), and "
                "the ",
                elem, " operand needs N a multiple of K = ", k,
                ": a multiple of ", perBlock,
                " values (or an mma.sync m16n8 accumulator: 4 values, an even "
                "number of N atoms, a 16-bit operand)");
  int64_t restK = restN * vals / perBlock;
  Layout r(IntTuple(std::vector<IntTuple>{IntTuple(perBlock), IntTuple(restM),
                                          IntTuple(restK)}));
  int64_t bytes = perBlock * restM * restK * int64_t(bits) / 8, align = 1;
  while (align < 16 && bytes % (align * 2) == 0)
    align *= 2;
  inferred.push_back(
      CuteMemRefType::get(ctx, elem, MemSpace::rmem, align, std::nullopt, r));
  return success();
}

LogicalResult AccumulatorToOperandOp::inferShortForm(
    MLIRContext *ctx, Location loc, ValueRange operands, NamedAttrList &attrs,
    SmallVectorImpl<Type> &inferred) {
  return inferOperandType(
      ctx, loc, operands[0].getType(),
      dyn_cast_or_null<TypeAttr>(attrs.get(
          getElemTypeAttrName(OperationName(getOperationName(), ctx)))),
      inferred);
}

LogicalResult AccumulatorToOperandOp::verify() {
  SmallVector<Type, 1> inferred;
  if (failed(inferOperandType(getContext(), getLoc(),
                              getAccumulator().getType(), getElemTypeAttr(),
                              inferred)))
    return failure();
  if (inferred.front() != getType())
    return emitOpError("result type ")
           << getType() << " is not the converted accumulator's "
           << inferred.front();
  return success();
}

ParseResult AccumulatorToOperandOp::parse(OpAsmParser &parser,
                                          OperationState &result) {
  return mlir::cute::parseShortForm<AccumulatorToOperandOp>(parser, result, "");
}

void AccumulatorToOperandOp::print(OpAsmPrinter &p) {
  mlir::cute::printShortForm(p, *this, mlir::cute::TypeStyle::Arrow, "", {});
}
