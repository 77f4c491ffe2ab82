//===- Lowering.h - Shared pieces of convert-cute-to-llvm ------*- C++ -*-===//
#ifndef CUTE_LIB_CONVERSION_CUTETOLLVM_LOWERING_H
#define CUTE_LIB_CONVERSION_CUTETOLLVM_LOWERING_H

#include "cute/Conversion/CuteToLLVM/CuteToLLVM.h"
#include "cute/Dialect/Cute/IR/Cute.h"
#include "cute/Dialect/Cute/Transforms/ArithEmitter.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::cute::lowering {

/// The LLVM type of an element in memory (f8/f4 become integers).
Type llvmElementType(Type elem);

/// Binds the dynamic leaves of operand i (its converted values, without a
/// memref's leading pointer) to the symbols firstSym[i], firstSym[i]+1, ...
void bindOperands(ArithEmitter &em, TypeRange types,
                  ArrayRef<ValueRange> values,
                  const std::vector<int64_t> &firstSym);

/// Emits the dynamic leaves `computed` (symbolic, from the layout library)
/// with the widths the type converter gives `type`; fails if they disagree.
FailureOr<SmallVector<Value>>
emitLeaves(ArithEmitter &em, Type type,
           const std::vector<::cute::layout::Int> &computed);
/// The dynamic leaves of a tensor value (base then layout for coordinates).
std::vector<::cute::layout::Int> tensorLeaves(const MemRefInfo &info);

/// ptr + offset elements (sub-byte elements: offset * bits / 8 bytes).
Value advancePtr(OpBuilder &b, Location loc, Value ptr, Value offElems,
                 Type elem);
/// Address of element `off` of a tensor (applies its swizzle).
Value elementAddress(OpBuilder &b, Location loc, ArithEmitter &em, Value ptr,
                     const ::cute::layout::Int &off, const MemRefInfo &info);
/// Emits an element offset (i32 unless the expression is 64-bit).
Value emitOffset(ArithEmitter &em, const ::cute::layout::Int &off);
/// An llvm.alloca of a static register tensor in the entry block.
Value allocaFragment(OpBuilder &b, Operation *at, const MemRefInfo &info);

/// Reads a pointer or tensor type (ODS guarantees the kind of the operands
/// and results the patterns read).
MemRefInfo infoOf(Type t, ::cute::layout::DynamicSymbols &syms);

void populateLayoutPatterns(const LLVMTypeConverter &tc, RewritePatternSet &p);
void populateViewPatterns(const LLVMTypeConverter &tc, RewritePatternSet &p);
void populateFragmentPatterns(const LLVMTypeConverter &tc,
                              RewritePatternSet &p);
void populateCopyPatterns(const LLVMTypeConverter &tc, RewritePatternSet &p);

} // namespace mlir::cute::lowering

#endif // CUTE_LIB_CONVERSION_CUTETOLLVM_LOWERING_H
