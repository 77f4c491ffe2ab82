//===- InlinePtx.h - The inline PTX of cute-nvgpu-to-nvvm ------*- C++ -*-===//
//
// The one place that writes PTX text: instructions NVVM 22 has no op for.
// Each function builds one documented pattern (its string and constraints
// are returned separately so tests and callers see the same text) and emits
// it as an `llvm.inline_asm` with side effects. Internal to the pass.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_LIB_CONVERSION_CUTENVGPUTONVVM_INLINEPTX_H
#define CUTE_LIB_CONVERSION_CUTENVGPUTONVVM_INLINEPTX_H

#include "mlir/IR/Builders.h"

#include <string>

namespace mlir::cute_nvgpu::lowering {

struct InlinePtx {
  std::string asmString; ///< the PTX, operands written $0, $1, ...
  std::string constraints;
};

/// wgmma.mma_async with A from registers (the "RS" form; NVVM 22's
/// nvvm.wgmma.mma_async takes A as a descriptor only), PTX ISA
/// "wgmma.mma_async":
///
///   {
///   .reg .pred p;
///   setp.ne.b32 p, $S, 0;
///   wgmma.mma_async.sync.aligned.m64n<N>k<K>.f32.<A>.<B>
///       {$0, .., $(D-1)}, {$(2D), .., $(2D+3)}, $(2D+4), p, 1, 1[, <tB>];
///   }
///
/// D = N/2 f32 accumulators, written ("=f", $0..) and read (tied inputs
/// "0".."D-1", $D..$(2D-1)); four b32 A registers ("r"); the 64-bit B
/// descriptor ("l"); S = $(2D+5), the i32 scale-d (0: D = A B, else
/// D = A B + D; a run-time value, e.g. cute.gemm's accumulate flag).
/// imm-scale-a/b are 1 (no negation). imm-trans-b (`tB`, 0 K-major, 1
/// MN-major) exists for 16-bit types only: `transB` is omitted for 8-bit
/// ones. `aType`/`bType` are PTX type names (bf16, f16, e4m3, e5m2).
InlinePtx wgmmaRsPtx(int64_t n, int64_t k, StringRef aType, StringRef bType,
                     std::optional<bool> transB);

/// Emits wgmmaRsPtx: returns the N/2 new accumulators.
SmallVector<Value> emitWgmmaRs(OpBuilder &b, Location loc, int64_t n, int64_t k,
                               StringRef aType, StringRef bType,
                               std::optional<bool> transB, ValueRange acc,
                               ValueRange aRegs, Value descB, Value scaleD);

} // namespace mlir::cute_nvgpu::lowering

#endif // CUTE_LIB_CONVERSION_CUTENVGPUTONVVM_INLINEPTX_H
