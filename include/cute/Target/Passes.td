//===- Passes.td - cute target passes -----------------------*- tablegen -*-===//
#ifndef CUTE_TARGET_PASSES_TD
#define CUTE_TARGET_PASSES_TD

include "mlir/Pass/PassBase.td"

def CuteInlineHelpers : Pass<"cute-inline-helpers", "::mlir::ModuleOp"> {
  let summary = "Inline a kernel file's func.func helpers wherever they are called";
  let description = [{
    Every `func.call` of a `func.func` defined in the file (a kernel's
    helpers, in its `gpu.module` or the top module) is replaced by the
    callee's body, helpers called by helpers included, wherever the call
    stands: also directly in a `gpu.func` body, where the upstream inliner
    leaves it (the GPU dialect lets single ops, not regions, be inlined
    there, so a helper called at a kernel's top level used to reach the
    LLVM conversion as a call and fail it). No canonicalization runs, so
    every later pass sees the ops as written. A helper that calls itself,
    directly or through others, is an error naming it; calls of external
    declarations stay. `symbol-dce` then removes the private helpers.
    ```mlir
    gpu.module @m {
      func.func private @twice(%x: i32) -> i32 {
        %y = arith.addi %x, %x : i32
        return %y : i32
      }
      gpu.func @k(%p: i32) kernel {
        %t = func.call @twice(%p) : (i32) -> i32   // becomes arith.addi
        gpu.return
      }
    }
    ```
  }];
}

def CuteFlushDenormals : Pass<"cute-flush-denormals", "::mlir::ModuleOp"> {
  let summary = "Kernels marked cute.ftz flush f32 denormals (CUDA's -ftz=true)";
  let description = [{
    A kernel (`gpu.func`) with the unit attribute `cute.ftz` flushes f32
    denormal inputs and results to zero: after the GPU-to-NVVM conversion
    its `llvm.func` gets `denormal_fp_math_f32 = "preserve-sign"`, which
    the NVPTX backend turns into the `.ftz` forms of f32 arithmetic. The
    point is `math.exp2` with `afn`: without `.ftz`, `ex2.approx.f32`
    handles denormal results in software (ptxas wraps each MUFU.EX2 in a
    compare and two predicated multiplies), which in an attention kernel's
    softmax is three extra instructions per score. Numbers below 2^-126 in
    magnitude become zero (what FlashAttention's `ex2.approx.ftz` does).
    ```mlir
    module attributes {gpu.container_module} {
      gpu.module @m {
        gpu.func @scaled_exp(%x: f32, %s: f32) kernel attributes {cute.ftz} {
          %y = arith.mulf %x, %s : f32                // mul.rn.ftz.f32
          %e = math.exp2 %y fastmath<afn> : f32       // ex2.approx.ftz.f32
          gpu.return
        }
      }
    }
    ```
  }];
}

def CutePreciseSqrt : Pass<"cute-precise-sqrt", "::mlir::ModuleOp"> {
  let summary = "math.sqrt without afn is the correctly rounded sqrt.rn";
  let description = [{
    The GPU-to-NVVM conversion makes an f32 `math.sqrt` a call of
    libdevice's `__nv_sqrtf`, which chooses between `sqrt.rn.f32` and
    `sqrt.approx.f32` by `__nvvm_reflect("__CUDA_PREC_SQRT")`, unset here,
    so every sqrt came out approximate. CUDA's default (`-prec-sqrt=true`)
    is the rounded one, and so is cute's: each such sqrt becomes the NVVM
    intrinsic `llvm.nvvm.sqrt.rn.f` (before the conversion), which is
    `sqrt.rn.f32` (`sqrt.rn.ftz.f32` in a `cute.ftz` kernel). `math.sqrt`
    with `afn` (or `fast-math=true`) stays `sqrt.approx.f32`.
    ```mlir
    module attributes {gpu.container_module} {
      gpu.module @m {
        gpu.func @norm(%x: f32) kernel {
          %r = math.sqrt %x : f32                     // sqrt.rn.f32
          %a = math.sqrt %x fastmath<afn> : f32       // sqrt.approx.f32
          gpu.return
        }
      }
    }
    ```
  }];
}

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

    A shared-memory error lists each `cute.smem_alloc` in a note: its bytes,
    planned offset and, when known, what it holds (n x a TMA box, the
    barriers of a pipeline).

    With `report=true` the facts that hold are remarks: per kernel its
    threads and shared memory against the chip's limit (`kernel @k: 288
    threads, 86016 bytes of shared memory (static 0 + dynamic 86016) of the
    101376 sm_120a allows per block`), per pipeline the stage bytes and
    arrivals the protocol checks counted (`pipeline %loads (tma_async, 3
    stages): each stage receives 17408 bytes from its TMA loads (2 boxes of
    8192 + 2 boxes of 512) = tx_bytes`, `... consumers = 8: 8 threads (one
    per warp of role "mma", warps [0, 8)) release each stage`), and the
    Tensor Memory plan.

    Protocol checks of `cute_nvgpu` pipelines (`protocol=true`, the
    default; they read the pipeline ops, so this pass runs before
    `cute-nvgpu-expand-pipelines`). Each names the numbers:
    - expect_tx: the TMA loads on the full barrier of one stage of a
      `tma_async` pipeline (`pipeline_producer_get_barrier` of one state)
      bring exactly `tx_bytes` per CTA: the sum of their box bytes, a
      `multicast = C` descriptor counting C boxes. Likewise the bytes of
      `mbarrier_arrive_expect_tx` (plus `mbarrier_expect_tx`) on a barrier
      and the TMA loads on that barrier in the same block.
    - arrivals: `consumers` equals the threads executing each
      `pipeline_consumer_release` (a role of warps [a, b): (b - a) x 32; in
      `elect_one`: b - a; outside roles: the known block size), and for
      `async` pipelines `producers` the threads executing
      `pipeline_producer_commit`. Releases in several roles may split a
      stage's arrivals or alternate stages: either sum is accepted. Not
      checked when a thread-dependent `scf.if` (a condition that is not
      block-uniform) encloses the op, or outside roles without a known
      block size.
    - one thread: `pipeline_producer_acquire` of a `tma_async` pipeline
      (an `arrive.expect_tx` on a barrier that expects 1 arrival) runs in
      `elect_one` within one warp, or under a thread-dependent `scf.if`.
    - proxy fence: a `tma_store` whose shared memory (its root
      `cute.smem_alloc`) is written by a `cute.copy` or `cute.store` before
      it needs a `cute_nvgpu.fence_proxy_async` between the last such write
      and the store. Order is the pre-order walk of the kernel, which
      approximates program order (a write at the end of a loop body that
      feeds the next iteration's store is not seen).
    - multicast: a multicast `tma_load` or `pipeline_create` with
      `multicast = C` needs `cute.cluster_dims` of at least C CTAs, on a chip
      with clusters.

    Tensor Memory (sm_100a; the rules: CuteNvgpu/Analysis/TmemProtocol).
    Always: on a chip without TMEM every TMEM op, tcgen05 copy and tmem
    kernel argument is an error naming the chip; the kernel's TMEM plan,
    the sum of its `cute_nvgpu.tmem_alloc` columns (recorded as `tmem_columns` in the
    metadata; `report=true` remarks it), is at most the chip's 512 columns.
    With `protocol`:
    - no `tmem_alloc` after `tmem_relinquish_alloc_permit` (in program
      order, or later in the body of a loop around the allocation; a
      dealloc after it is fine);
    - `tmem_dealloc` frees the tensor `tmem_tensor` made of the slot (offset
      0) with the columns and cta_group of the slot's `tmem_alloc`;
    - a `tmem_tensor` stays in its allocation: lanes < 128, columns < the
      slot's allocated columns;
    - the warp-wide (.sync.aligned) TMEM ops and tcgen05.ld/st copies are
      not inside `elect_one`;
    - a tcgen05.ld/st copy of warp w touches only lanes 32 (w % 4) .. + 31,
      checked when the tile's lane offset from its `tmem_tensor` is static
      and the warps running the copy are known (a role, or every warp of a
      known block size; not under scf.if or a loop with non-constant
      bounds);
    - after a tcgen05.ld copy, a `tcgen05_wait_ld` comes before any use of
      its register fragment (any view of it) and before any `tmem_dealloc`,
      in program order within the enclosing blocks (a loop's next iteration
      is not followed).

    Specialized clones (`cute.specialization_of`) are not protocol-checked:
    their generic kernel is, with the same ops.
  }];
  let options = [
    Option<"chip", "chip", "std::string", /*default=*/"\"sm_90a\"",
           "Target chip (sm_90a, sm_100a, sm_120a)">,
    Option<"protocol", "protocol", "bool", /*default=*/"true",
           "Check the protocols of cute_nvgpu pipelines, barriers and TMA "
           "copies (off: only the chip's limits and thread layouts)">,
    Option<"report", "report", "bool", /*default=*/"false",
           "Remark the facts each kernel was verified with: threads and "
           "shared memory against the chip's limit, each pipeline's stage "
           "bytes and arrivals (with protocol), the Tensor Memory plan">,
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
