//===- MmaCommon.cpp - Register fragments of the cute.gemm lowerings ------===//
#include "MmaCommon.h"

using namespace mlir;
using namespace mlir::cute_nvgpu;

namespace {

Value elemPtr(OpBuilder &b, Location loc, Value base, Type elem, int64_t off) {
  return LLVM::GEPOp::create(b, loc, base.getType(), elem, base,
                             ArrayRef<LLVM::GEPArg>{LLVM::GEPArg(off)});
}

} // namespace

SmallVector<Value> lowering::loadValues(OpBuilder &b, Location loc, Value base,
                                        const GemmOperandLayout &op, int64_t n,
                                        int64_t i, int64_t j) {
  Type elem = op.type.getElementType();
  unsigned bytes = std::max(1u, mlir::cute::storageBits(elem) / 8);
  SmallVector<Value> vals;
  for (int64_t v = 0; v < n; ++v)
    vals.push_back(LLVM::LoadOp::create(
        b, loc, elem, elemPtr(b, loc, base, elem, op.offset(v, i, j)), bytes));
  return vals;
}

void lowering::storeValues(OpBuilder &b, Location loc, Value base,
                           const GemmOperandLayout &op, ArrayRef<Value> vals,
                           int64_t i, int64_t j) {
  Type elem = op.type.getElementType();
  unsigned bytes = std::max(1u, mlir::cute::storageBits(elem) / 8);
  for (auto [v, val] : llvm::enumerate(vals))
    LLVM::StoreOp::create(
        b, loc, val, elemPtr(b, loc, base, elem, op.offset(int64_t(v), i, j)),
        bytes);
}

SmallVector<Value> lowering::unpackStruct(OpBuilder &b, Location loc, Value s,
                                          int64_t n) {
  SmallVector<Value> out;
  for (int64_t i = 0; i < n; ++i)
    out.push_back(LLVM::ExtractValueOp::create(b, loc, s, i));
  return out;
}

Value lowering::packStruct(OpBuilder &b, Location loc, ArrayRef<Value> vals) {
  SmallVector<Type> types(vals.size(), vals.front().getType());
  auto st = LLVM::LLVMStructType::getLiteral(b.getContext(), types);
  Value s = LLVM::PoisonOp::create(b, loc, st);
  for (auto [i, v] : llvm::enumerate(vals))
    s = LLVM::InsertValueOp::create(b, loc, s, v, int64_t(i));
  return s;
}
