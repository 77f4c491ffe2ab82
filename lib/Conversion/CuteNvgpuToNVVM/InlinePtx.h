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

/// `atom.acq_rel.gpu.global.add.u32 $0, [$1], $2;` (PTX ISA "atom"): LLVM
/// 22's NVPTX backend drops the ordering of an `atomicrmw` (acq_rel and
/// seq_cst both become a plain, relaxed `atom.global.add`, with no fence),
/// so the ordering is written here. $1 the 64-bit global address, $2 the
/// i32 addend; $0 the old value.
InlinePtx atomAddAcqRelGpuPtx();

/// Emits atomAddAcqRelGpuPtx on an !llvm.ptr<1>: returns the old value.
Value emitAtomAddAcqRelGpu(OpBuilder &b, Location loc, Value ptr, Value v);

/// bar.red.or.pred over a named barrier (PTX ISA "bar, barrier"; NVVM 22's
/// nvvm.barrier takes a reduction only on barrier 0):
///
///   {
///   .reg .pred p, q;
///   setp.ne.b32 p, $3, 0;
///   bar.red.or.pred q, $1, $2, p;
///   selp.u32 $0, 1, 0, q;
///   }
///
/// $1 the barrier id, $2 the thread count, $3 the i32 predicate; $0 = 1
/// when any participating thread's predicate was non-zero.
InlinePtx barRedOrPtx();

/// Emits barRedOrPtx: returns the i32 0/1 result.
Value emitBarRedOr(OpBuilder &b, Location loc, Value id, Value threads,
                   Value pred);

} // namespace mlir::cute_nvgpu::lowering

#endif // CUTE_LIB_CONVERSION_CUTENVGPUTONVVM_INLINEPTX_H
