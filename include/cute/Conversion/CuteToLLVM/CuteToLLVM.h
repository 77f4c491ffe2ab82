//===- CuteToLLVM.h - cute tensors and layouts to LLVM ----------*- C++ -*-===//
//
// Type mapping (1:N, so kernel signatures are flat):
//   !cute.ptr<T, space, ...>   -> !llvm.ptr<AS>  (gmem 1, smem 3, rmem 0, tmem
//   6) !cute.memref<...>          -> !llvm.ptr<AS>, then one integer per
//   dynamic
//                                 layout leaf (`?` i32, `?{i64}` i64), in
//                                 text order (shape leaves, then strides)
//   !cute.coord_tensor<b, l>   -> dynamic leaves of b, then of l
//   layout/shape/.. values     -> their dynamic leaves (a static value: none)
// Register tensors are llvm.alloca in the function's entry block.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_CONVERSION_CUTETOLLVM_CUTETOLLVM_H
#define CUTE_CONVERSION_CUTETOLLVM_CUTETOLLVM_H

#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::cute {

/// The address space of a cute memory space.
unsigned addressSpaceOf(unsigned memSpace);

/// LLVM's type converter plus the cute types. The conversion is partial:
/// types that are not cute's are left as they are for the upstream passes
/// that follow (arith/vector/scf/gpu to LLVM and NVVM).
class CuteToLLVMTypeConverter : public LLVMTypeConverter {
public:
  explicit CuteToLLVMTypeConverter(MLIRContext *ctx);
};

/// The patterns of convert-cute-to-llvm (layouts, views, fragments, the
/// universal copy), one populate function per op family inside.
void populateCuteToLLVMConversionPatterns(const LLVMTypeConverter &converter,
                                          RewritePatternSet &patterns);

} // namespace mlir::cute

#endif // CUTE_CONVERSION_CUTETOLLVM_CUTETOLLVM_H
