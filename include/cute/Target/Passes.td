//===- Passes.td - cute target passes -----------------------*- tablegen -*-===//
#ifndef CUTE_TARGET_PASSES_TD
#define CUTE_TARGET_PASSES_TD

include "mlir/Pass/PassBase.td"

def CuteVerifyKernel : Pass<"cute-verify-kernel", "::mlir::ModuleOp"> {
  let summary = "Check every kernel against the chip table's limits";
  let description = [{
    For each `gpu.func` kernel: threads per block (`gpu.known_block_size`)
    within the chip's limit; static shared memory (workgroup attributions
    and a static `cute.smem_plan`) within 48 KiB; static plus dynamic
    shared memory (`cute.dynamic_smem`) within the chip's opt-in limit;
    cluster dims (`cute.cluster_dims`) within the chip's cluster support.
    Each violation names the kernel, the limit and the chip.
  }];
  let options = [
    Option<"chip", "chip", "std::string", /*default=*/"\"sm_90a\"",
           "Target chip (sm_90a, sm_100a, sm_120a)">,
  ];
}

def CutePlanSmem : Pass<"cute-plan-smem", "::mlir::ModuleOp"> {
  let summary = "Plan each kernel's shared memory (cute.smem_alloc)";
  let description = [{
    Per `gpu.func` kernel, assigns every `cute.smem_alloc` an offset in one
    shared buffer, in program order, each aligned to what the allocation
    requires (the type's alignment, 16 bytes, a swizzle's 2^(B+M+S)
    elements). The buffer is static shared memory (an `llvm.mlir.global` in
    address space 3, counted as `smem_static`) while the kernel's static
    shared memory stays within the chip's static limit (48 KiB); above it
    the allocations go into dynamic shared memory (an external zero-sized
    array aligned to at least 1024 bytes) and `cute.dynamic_smem` is raised
    to the total. The plan is recorded as `cute.smem_plan` on the kernel
    (`bytes`, `dynamic`, `align`, `buffer`, `offsets`). With `report=true`
    each kernel's plan is emitted as a remark. Kernels that already carry a
    plan are left alone.
  }];
  let options = [
    Option<"chip", "chip", "std::string", /*default=*/"\"sm_90a\"",
           "Target chip (its static shared-memory limit)">,
    Option<"report", "report", "bool", /*default=*/"false",
           "Emit a remark with each kernel's plan">,
  ];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def CuteCollectKernelMetadata
    : Pass<"cute-collect-kernel-metadata", "::mlir::ModuleOp"> {
  let summary = "Record each kernel's launch metadata before lowering";
  let description = [{
    Attaches `cute.kernels` to the top-level module: per kernel its name,
    parameters (kind, element type, bytes, in launch order), block and
    cluster dims and shared-memory bytes. `cute-emit-artifacts` writes it as
    JSON for the runtime.
  }];
  let options = [
    Option<"chip", "chip", "std::string", /*default=*/"\"sm_90a\"",
           "Target chip recorded in the metadata">,
  ];
}

def CuteEmitArtifacts : Pass<"cute-emit-artifacts", "::mlir::ModuleOp"> {
  let summary = "Write PTX, assemble cubin with ptxas, write kernel metadata";
  let description = [{
    For every `gpu.binary` holding PTX: writes `<dir>/<module>.<chip>.ptx`,
    and with `format=cubin` runs ptxas into `<module>.<chip>.cubin` and puts
    the cubin into the `gpu.binary`. Writes the metadata as
    `<module>.<chip>.json`. A ptxas failure is an error that names the PTX
    file and the exact command to reproduce it.
  }];
  let options = [
    Option<"chip", "chip", "std::string", /*default=*/"\"sm_90a\"",
           "Target chip">,
    Option<"outputDir", "output-dir", "std::string", /*default=*/"\"\"",
           "Directory for .ptx/.cubin/.json (empty: a temporary directory "
           "for ptxas only)">,
    Option<"format", "format", "std::string", /*default=*/"\"ptx\"",
           "ptx or cubin">,
    Option<"ptxas", "ptxas", "std::string", /*default=*/"\"\"",
           "ptxas to run (default: $CUDA_HOME/bin/ptxas, "
           "/usr/local/cuda/bin/ptxas, then PATH)">,
    Option<"ptxasOptLevel", "ptxas-opt-level", "unsigned", /*default=*/"3",
           "ptxas -O level">,
  ];
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
    of `cute-compile` (before convert-gpu-to-nvvm).
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::cf::ControlFlowDialect"];
}

#endif // CUTE_TARGET_PASSES_TD
