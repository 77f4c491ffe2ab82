//===- TmemProtocol.h - Tensor Memory protocol rules ------------*- C++ -*-===//
//
// The Tensor Memory rules cute-verify-kernel checks in a kernel
// (protocol=true): alloc / dealloc / relinquish order and columns, tmem
// tensors inside their allocation, warp-collective tcgen05 ops, lane
// quarters and tcgen05.wait::ld.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_DIALECT_CUTENVGPU_ANALYSIS_TMEMPROTOCOL_H
#define CUTE_DIALECT_CUTENVGPU_ANALYSIS_TMEMPROTOCOL_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

namespace mlir::cute_nvgpu {

/// An op only chips with Tensor Memory run: the TMEM ops, the tcgen05 sync
/// ops and copies with the tcgen05.ld/st atoms. (cute.gemm with a
/// tcgen05.mma atom is checked with the MMA atoms.)
bool isTmemOp(Operation *op);

/// A cute tensor or pointer in Tensor Memory.
bool isTmemType(Type t);

/// The TMEM protocol rules of `fn` (`blockThreads`: threads per block, 0
/// when the kernel declares none): an error per violation, failure if
/// there was one.
LogicalResult verifyTmemProtocol(gpu::GPUFuncOp fn, int64_t blockThreads);

} // namespace mlir::cute_nvgpu

#endif // CUTE_DIALECT_CUTENVGPU_ANALYSIS_TMEMPROTOCOL_H
