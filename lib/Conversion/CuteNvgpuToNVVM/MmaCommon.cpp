//===- MmaCommon.cpp - Register fragments of the cute.gemm lowerings ------===//
#include "MmaCommon.h"

#include "llvm/Support/MathExtras.h"

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

Value lowering::FragmentReader::code(int64_t off) {
  Value byte = loadInt(b.getI8Type(), off * bits / 8, 1);
  Value v = LLVM::ZExtOp::create(b, loc, b.getI32Type(), byte);
  if (bits == 4) {
    if (off % 2)
      v = LLVM::LShrOp::create(b, loc, v, i32(b, loc, 4));
    v = LLVM::AndOp::create(b, loc, v, i32(b, loc, 0xF));
  }
  return v;
}

Value lowering::FragmentReader::reg(ArrayRef<int64_t> offs, unsigned regBits,
                                    unsigned shift) {
  int64_t loadBits = int64_t(offs.size()) * bits;
  bool direct = regBits == bits && shift == 0 &&
                (loadBits == 32 || loadBits == 16) &&
                (offs.front() * bits) % loadBits == 0;
  for (size_t i = 1; direct && i < offs.size(); ++i)
    direct = offs[i] == offs.front() + int64_t(i);
  if (direct) {
    int64_t byteOff = offs.front() * bits / 8;
    int64_t align = std::min<int64_t>(
        op.type.getAlignment(),
        byteOff ? int64_t(1) << llvm::countr_zero(uint64_t(byteOff)) : 4);
    if (loadBits == 16)
      return LLVM::ZExtOp::create(
          b, loc, b.getI32Type(),
          loadInt(b.getI16Type(), byteOff, std::min<int64_t>(align, 2)));
    return loadInt(b.getI32Type(), byteOff, std::min<int64_t>(align, 4));
  }
  Value r;
  for (auto [i, off] : llvm::enumerate(offs)) {
    Value v = code(off);
    if (unsigned at = unsigned(i) * regBits + shift)
      v = LLVM::ShlOp::create(b, loc, v, i32(b, loc, at));
    r = r ? LLVM::OrOp::create(b, loc, r, v) : v;
  }
  return r;
}

Value lowering::FragmentReader::loadInt(Type t, int64_t byteOff,
                                        int64_t align) {
  Value p = base;
  if (byteOff)
    p = LLVM::GEPOp::create(b, loc, base.getType(), b.getI8Type(), base,
                            ArrayRef<LLVM::GEPArg>{LLVM::GEPArg(byteOff)});
  return LLVM::LoadOp::create(b, loc, t, p, unsigned(align));
}

SmallVector<Value> lowering::byteRegisters(FragmentReader &r,
                                           const GemmOperandLayout &op,
                                           int64_t n, int64_t i, int64_t j,
                                           unsigned shift) {
  SmallVector<Value> regs;
  for (int64_t reg = 0; reg < n; ++reg) {
    SmallVector<int64_t> offs;
    for (int64_t v = reg * 4; v < (reg + 1) * 4; ++v)
      offs.push_back(op.offset(v, i, j));
    regs.push_back(r.reg(offs, 8, shift));
  }
  return regs;
}
