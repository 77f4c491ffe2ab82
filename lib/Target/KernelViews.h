//===- KernelViews.h - Kernel parameters' views and TMA sources -*- C++ -*-===//
#ifndef CUTE_LIB_TARGET_KERNELVIEWS_H
#define CUTE_LIB_TARGET_KERNELVIEWS_H

#include "cute/Target/KernelInfo.h"

namespace mlir::cute {

/// Fills the `views` of `k`'s pointer parameters and the `tma` of its
/// descriptor parameters (computeKernelInfo, cute/Target/KernelInfo.h: the
/// rules are there); `k.params` lists `fn`'s parameters already. Fails
/// after an error on a descriptor it cannot describe.
LogicalResult describeParamViews(gpu::GPUFuncOp fn, KernelInfo &k);

} // namespace mlir::cute

#endif // CUTE_LIB_TARGET_KERNELVIEWS_H
