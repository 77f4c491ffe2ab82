//===- Passes.td - cute conversion passes -------------------*- tablegen -*-===//
#ifndef CUTE_CONVERSION_PASSES_TD
#define CUTE_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertCuteToLLVM : Pass<"convert-cute-to-llvm", "::mlir::ModuleOp"> {
  let summary = "Lower cute pointers, tensors, layouts, copies to LLVM";
  let description = [{
    Pointers become `!llvm.ptr` in the memory space's address space (gmem 1,
    smem 3, rmem 0); a memref value becomes its pointer followed by its
    dynamic layout leaves, any other cute value its dynamic leaves (1:N, so
    a kernel taking `!cute.memref<f32, gmem, align<16>, "(?,?):(?,1)">`
    takes `(!llvm.ptr<1>, i32, i32, i32)`). Address arithmetic comes from
    the layout library (symbolic leaves emitted as arith); swizzles are
    arith.xori/andi/shrui on the address. Register fragments are
    llvm.alloca in the entry block. cute.copy becomes aligned vector
    llvm.load/llvm.store (predicated copies: scf.if per element). arith and
    scf ops are produced; run the usual arith/scf/cf-to-llvm passes after.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect"];
}

def CuteLowerGpuReductions : Pass<"cute-lower-gpu-reductions"> {
  let summary = "Lower warp and block reductions to shuffles and shared memory";
  let description = [{
    `gpu.subgroup_reduce` (a warp reduction; `cluster(size = N)` for N-lane
    groups) becomes a butterfly of 32-bit `gpu.shuffle xor` ops;
    `gpu.all_reduce` (a block reduction) becomes per-warp shuffles, one
    partial per warp in a workgroup buffer, `gpu.barrier`, and a final warp
    reduction. Values wider than 32 bits are split into 32-bit shuffles.
    Both are upstream MLIR rewrites; this pass runs them at the right point
    of `cute-compile` (before convert-gpu-to-nvvm). In a kernel of known
    block size, `gpu.block_dim` then becomes a constant, so the block
    reduction's partial-warp branches fold away.
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::cf::ControlFlowDialect"];
}

#endif // CUTE_CONVERSION_PASSES_TD
