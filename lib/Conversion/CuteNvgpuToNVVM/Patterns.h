//===- Patterns.h - Pieces of convert-cute-nvgpu-to-nvvm --------*- C++ -*-===//
#ifndef CUTE_LIB_CONVERSION_CUTENVGPUTONVVM_PATTERNS_H
#define CUTE_LIB_CONVERSION_CUTENVGPUTONVVM_PATTERNS_H

#include "cute/Dialect/CuteNvgpu/IR/CuteNvgpu.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::cute_nvgpu::lowering {

/// The shared-memory address of a static smem tensor (its iterator): an
/// unrealized cast that convert-cute-to-llvm resolves.
Value smemAddress(OpBuilder &b, Location loc, Value tensor);
/// An i32 constant.
Value i32(OpBuilder &b, Location loc, int64_t v);
/// A 64-bit shared-memory matrix descriptor (wgmma, UMMA, tcgen05.cp): the
/// compile-time fields `fixed` (start address 0) OR-ed with the start
/// address of the smem pointer `base` advanced by `offsetBytes`, >> 4, in
/// bits [0, 14).
Value smemDescriptor(OpBuilder &b, Location loc, Value base,
                     int64_t offsetBytes, uint64_t fixed);

void populateBarrierPatterns(const TypeConverter &tc, RewritePatternSet &p,
                             int64_t debugHangs);
void populateTmaPatterns(const TypeConverter &tc, RewritePatternSet &p);
void populateClusterPatterns(const TypeConverter &tc, RewritePatternSet &p);
/// cute.gemm with any cute_nvgpu atom, through the atom's
/// MmaLoweringAttrInterface (one model per family, GemmToNVVM.cpp).
void populateGemmPatterns(const TypeConverter &tc, RewritePatternSet &p);
/// The wgmma ordering ops (fence, commit_group, wait_group).
void populateWgmmaPatterns(const TypeConverter &tc, RewritePatternSet &p);
/// cute_nvgpu.accumulator_to_operand (wgmma accumulators as register A).
void populateAccumulatorToOperandPatterns(const TypeConverter &tc,
                                          RewritePatternSet &p);
/// A cute.gemm whose atom is one of cute_nvgpu's (this pass lowers it).
bool isNvgpuGemm(Operation *op);
/// The TMEM address (!llvm.ptr<6>) of a tmem tensor: an unrealized cast
/// that convert-cute-to-llvm resolves.
Value tmemAddress(OpBuilder &b, Location loc, Value tensor);
/// The TMEM ops, tcgen05 waits/fences/commit/cp and cute.copy with the
/// tcgen05.ld/st atoms.
void populateTmemPatterns(const TypeConverter &tc, RewritePatternSet &p);
/// A cute.copy with a tcgen05.ld/st atom (this pass lowers it).
bool isTmemCopy(Operation *op);
/// cute.copy with the ldmatrix/stmatrix atoms (MatrixCopyToNVVM.cpp).
void populateMatrixCopyPatterns(const TypeConverter &tc, RewritePatternSet &p);
/// A cute.copy with an ldmatrix/stmatrix atom (this pass lowers it).
bool isMatrixCopy(Operation *op);
/// cute.copy with the red_add reduction atom (RedToNVVM.cpp).
void populateRedPatterns(const TypeConverter &tc, RewritePatternSet &p);
/// A cute.copy with a red_add atom (this pass lowers it).
bool isRedCopy(Operation *op);

/// cute.copy with the cp_async atom, cp_async_commit and cp_async_wait
/// (CpAsyncToNVVM.cpp).
void populateCpAsyncPatterns(const TypeConverter &tc, RewritePatternSet &p);
/// Whether `op` is a cute.copy with the cp_async atom.
bool isCpAsyncCopy(Operation *op);
/// Rewrites warp_specialize, elect_one and warp_idx in place (before the
/// dialect conversion: they only restructure control flow).
LogicalResult lowerWarpRegions(Operation *root);

} // namespace mlir::cute_nvgpu::lowering

#endif // CUTE_LIB_CONVERSION_CUTENVGPUTONVVM_PATTERNS_H
