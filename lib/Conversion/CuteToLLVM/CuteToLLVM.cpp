//===- CuteToLLVM.cpp - Type mapping, shared helpers and the pass ---------===//
#include "Lowering.h"

#include "cute/Conversion/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Func/Transforms/FuncConversions.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::cute {
#define GEN_PASS_DEF_CONVERTCUTETOLLVM
#include "cute/Conversion/Passes.h.inc"
} // namespace mlir::cute

using namespace mlir;
using namespace mlir::cute;
using namespace mlir::cute::lowering;
using namespace ::cute::layout;

unsigned mlir::cute::addressSpaceOf(unsigned memSpace) {
  switch (MemSpace(memSpace)) {
  case MemSpace::gmem:
    return 1;
  case MemSpace::smem:
    return 3;
  case MemSpace::rmem:
    return 0;
  case MemSpace::tmem:
    return 6;
  }
  return 0;
}

static Type ptrTypeOf(MLIRContext *ctx, MemSpace s) {
  return LLVM::LLVMPointerType::get(ctx, addressSpaceOf(unsigned(s)));
}

CuteToLLVMTypeConverter::CuteToLLVMTypeConverter(MLIRContext *ctx)
    : LLVMTypeConverter(ctx) {
  // Conversions added last are tried first: non-cute types stay as they are
  // (the upstream conversions that follow lower them), cute types below.
  addConversion([](Type t) { return t; });
  addConversion([ctx](PtrType t) { return ptrTypeOf(ctx, t.getMemSpace()); });
  addConversion(
      [ctx](Type t,
            SmallVectorImpl<Type> &out) -> std::optional<LogicalResult> {
        bool memref = isa<CuteMemRefType>(t);
        if (!memref && !isa<CoordTensorType>(t) && !kindOfType(t))
          return std::nullopt;
        if (memref)
          out.push_back(ptrTypeOf(ctx, cast<CuteMemRefType>(t).getMemSpace()));
        for (const Int &i : dynamicLeavesOfType(t))
          out.push_back(IntegerType::get(ctx, i.width()));
        return success();
      });
  auto cast = [](OpBuilder &b, Type t, ValueRange in, Location loc) -> Value {
    return UnrealizedConversionCastOp::create(b, loc, t, in).getResult(0);
  };
  addSourceMaterialization(cast);
  addTargetMaterialization(cast);
}

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

Type lowering::llvmElementType(Type elem) {
  if (LLVM::isCompatibleType(elem))
    return elem;
  return IntegerType::get(elem.getContext(), elem.getIntOrFloatBitWidth());
}

MemRefInfo lowering::infoOf(Type t, DynamicSymbols &syms) {
  return cast<CuteTensorTypeInterface>(t).readInfo(syms);
}

void lowering::bindOperands(ArithEmitter &em, TypeRange types,
                            ArrayRef<ValueRange> values,
                            const std::vector<int64_t> &firstSym) {
  for (auto [i, t] : llvm::enumerate(types)) {
    if (i >= firstSym.size())
      break;
    ValueRange vals = values[i];
    if (isa<CuteMemRefType, PtrType>(t))
      vals = vals.drop_front();
    for (auto [k, v] : llvm::enumerate(vals))
      em.bind(firstSym[i] + int64_t(k), v);
  }
}

std::vector<Int> lowering::tensorLeaves(const MemRefInfo &info) {
  std::vector<Int> all;
  if (info.isCoord)
    all = scalarLeaves(CuteValue::ofTuple(CuteKind::IntTuple, info.base));
  if (!info.isPtr) {
    auto l = scalarLeaves(CuteValue::ofLayout(info.layout));
    all.insert(all.end(), l.begin(), l.end());
  }
  std::vector<Int> dyn;
  for (const Int &i : all)
    if (i.isDynamic())
      dyn.push_back(i);
  return dyn;
}

FailureOr<SmallVector<Value>>
lowering::emitLeaves(ArithEmitter &em, Type type,
                     const std::vector<Int> &computed) {
  std::vector<Int> want = dynamicLeavesOfType(type);
  if (want.size() != computed.size())
    return failure();
  SmallVector<Value> out;
  for (auto [w, c] : llvm::zip(want, computed)) {
    Value v = em.emit(c, w.width());
    if (!v)
      return failure();
    out.push_back(v);
  }
  return out;
}

Value lowering::emitOffset(ArithEmitter &em, const Int &off) {
  return em.emit(off, off.isDynamic() && off.width() == 64 ? 64 : 32);
}

Value lowering::advancePtr(OpBuilder &b, Location loc, Value ptr,
                           Value offElems, Type elem) {
  // TMEM offsets are address units (lane << 16 | 32-bit column): added as
  // they are, not scaled by the element size.
  if (cast<LLVM::LLVMPointerType>(ptr.getType()).getAddressSpace() ==
      addressSpaceOf(unsigned(MemSpace::tmem)))
    return LLVM::GEPOp::create(b, loc, ptr.getType(), b.getI8Type(), ptr,
                               ValueRange{offElems});
  unsigned bits = storageBits(elem);
  if (bits >= 8)
    return LLVM::GEPOp::create(b, loc, ptr.getType(), llvmElementType(elem),
                               ptr, ValueRange{offElems});
  // Packed sub-byte elements: a byte offset (views start on byte boundaries).
  Type it = offElems.getType();
  Value scaled = arith::MulIOp::create(
      b, loc, offElems,
      arith::ConstantOp::create(b, loc, IntegerAttr::get(it, bits)));
  Value bytes = arith::DivSIOp::create(
      b, loc, scaled,
      arith::ConstantOp::create(b, loc, IntegerAttr::get(it, 8)));
  return LLVM::GEPOp::create(b, loc, ptr.getType(), b.getI8Type(), ptr,
                             ValueRange{bytes});
}

Value lowering::elementAddress(OpBuilder &b, Location loc, ArithEmitter &em,
                               Value ptr, const Int &off,
                               const MemRefInfo &info) {
  if (off.is(0) && !info.swizzle)
    return ptr;
  if (!info.swizzle)
    return advancePtr(b, loc, ptr, emitOffset(em, off), info.elem);
  // The swizzle acts on the address in element units: on the byte address
  // with its bit positions moved up by log2(element bytes).
  int64_t bytes = info.bits() / 8;
  int lg = llvm::Log2_64(uint64_t(bytes));
  Swizzle s = *info.swizzle;
  Swizzle sb(s.bits, s.base + lg, s.shift);
  Type i64 = b.getI64Type();
  Value addr = LLVM::PtrToIntOp::create(b, loc, i64, ptr);
  Value offBytes = em.cast(emitOffset(em, off * Int(bytes)), 64);
  Value sum = arith::AddIOp::create(b, loc, addr, offBytes);
  Value swz = em.swizzle(sb, sum);
  return LLVM::IntToPtrOp::create(b, loc, ptr.getType(), swz);
}

Value lowering::allocaFragment(OpBuilder &b, Operation *at,
                               const MemRefInfo &info) {
  OpBuilder::InsertionGuard g(b);
  Block *entry = nullptr;
  if (auto fn = at->getParentOfType<FunctionOpInterface>())
    entry = &fn.getFunctionBody().front();
  if (entry)
    b.setInsertionPointToStart(entry);
  else
    b.setInsertionPoint(at);
  Location loc = at->getLoc();
  int64_t n = cosize(info.layout).value();
  Type elem = llvmElementType(info.elem);
  if (info.bits() < 8) {
    n = (n * info.bits() + 7) / 8;
    elem = b.getI8Type();
  }
  Value count = LLVM::ConstantOp::create(b, loc, b.getI32Type(),
                                         b.getI32IntegerAttr(int32_t(n)));
  return LLVM::AllocaOp::create(b, loc,
                                ptrTypeOf(b.getContext(), MemSpace::rmem), elem,
                                count, unsigned(info.align));
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

void mlir::cute::populateCuteToLLVMConversionPatterns(
    const LLVMTypeConverter &tc, RewritePatternSet &patterns) {
  populateLayoutPatterns(tc, patterns);
  populateViewPatterns(tc, patterns);
  populateFragmentPatterns(tc, patterns);
  populateCopyPatterns(tc, patterns);
}

namespace {

struct ConvertCuteToLLVMPass
    : public mlir::cute::impl::ConvertCuteToLLVMBase<ConvertCuteToLLVMPass> {
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    CuteToLLVMTypeConverter tc(ctx);
    RewritePatternSet patterns(ctx);
    ConversionTarget target(*ctx);
    target.addIllegalDialect<CuteDialect>();
    target.addLegalDialect<LLVM::LLVMDialect, arith::ArithDialect>();
    populateCuteToLLVMConversionPatterns(tc, patterns);
    populateFunctionOpInterfaceTypeConversionPattern<func::FuncOp>(patterns,
                                                                   tc);
    populateFunctionOpInterfaceTypeConversionPattern<gpu::GPUFuncOp>(patterns,
                                                                     tc);
    populateReturnOpTypeConversionPattern(patterns, tc);
    populateCallOpTypeConversionPattern(patterns, tc);
    target.addDynamicallyLegalOp<func::FuncOp>([&](func::FuncOp op) {
      return tc.isSignatureLegal(op.getFunctionType()) &&
             tc.isLegal(&op.getBody());
    });
    target.addDynamicallyLegalOp<gpu::GPUFuncOp>([&](gpu::GPUFuncOp op) {
      return tc.isSignatureLegal(op.getFunctionType()) &&
             tc.isLegal(&op.getBody());
    });
    target.addDynamicallyLegalOp<func::ReturnOp, func::CallOp>(
        [&](Operation *op) { return tc.isLegal(op); });
    scf::populateSCFStructuralTypeConversionsAndLegality(tc, patterns, target);
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
