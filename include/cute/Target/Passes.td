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

    Thread partitions (`cute.partition_tv`, `cute.local_partition`) must fit
    the block: a layout with more threads than the kernel's known block size
    is an error (those threads' values would never be moved), and so is a
    thread index that integer range analysis shows can reach the layout's
    thread count (`gpu.thread_id` is bounded by `gpu.known_block_size`;
    `tid % 32` by 31), since those threads would access elements outside
    the tile.
  }];
  let options = [
    Option<"chip", "chip", "std::string", /*default=*/"\"sm_90a\"",
           "Target chip (sm_90a, sm_100a, sm_120a)">,
  ];
}

def CuteCollectKernelMetadata
    : Pass<"cute-collect-kernel-metadata", "::mlir::ModuleOp"> {
  let summary = "Record each kernel's launch metadata before lowering";
  let description = [{
    Attaches `cute.kernels.<gpu.module name>` to the top-level module: the
    launch-metadata JSON (keys and schema version in
    cute/Support/KernelMetadataSchema.h) with, per kernel, its name,
    parameters (kind, element type, bytes, in launch order), block and
    cluster dims and shared-memory bytes. `cute-emit-artifacts` writes it to
    output-dir; the JIT reads it from the module.
  }];
  let options = [
    Option<"chip", "chip", "std::string", /*default=*/"\"sm_90a\"",
           "Target chip recorded in the metadata">,
  ];
}

def CuteEmitArtifacts : Pass<"cute-emit-artifacts", "::mlir::ModuleOp"> {
  let summary = "Write PTX, assemble cubin with ptxas, write kernel metadata";
  let description = [{
    Before writing, each kernel's `smem_static` in the metadata becomes what
    the final PTX declares for that kernel (the `.shared` variables of its
    body and the module-scope ones it names): lowering adds shared memory
    the cute ops did not plan (the scratch of block reductions), and this is
    the figure `ptxas -v` reports.
    For every `gpu.binary` holding PTX: with `format=cubin` runs ptxas and
    replaces the PTX object by a cubin object whose `cute.ptx` property keeps
    the PTX, so the module in memory holds everything (the JIT reads it from
    there). With `output-dir` it also writes `<module>.<chip>.ptx`,
    `.cubin` and the metadata as `<module>.<chip>.json` there; without, no
    file is left behind. A ptxas failure is an error that names the PTX
    file and the exact command to reproduce it.
  }];
  let options = [
    Option<"chip", "chip", "std::string", /*default=*/"\"sm_90a\"",
           "Target chip">,
    Option<"outputDir", "output-dir", "std::string", /*default=*/"\"\"",
           "Directory for .ptx/.cubin/.json (empty: write nothing; ptxas "
           "runs in a temporary directory that is removed)">,
    Option<"format", "format", "std::string", /*default=*/"\"ptx\"",
           "ptx or cubin">,
    Option<"ptxas", "ptxas", "std::string", /*default=*/"\"\"",
           "ptxas to run (default: $CUDA_HOME/bin/ptxas, "
           "/usr/local/cuda/bin/ptxas, then PATH)">,
    Option<"ptxasOptLevel", "ptxas-opt-level", "unsigned", /*default=*/"3",
           "ptxas -O level">,
  ];
}

#endif // CUTE_TARGET_PASSES_TD
