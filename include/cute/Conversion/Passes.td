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

def ConvertCuteNvgpuToNVVM
    : Pass<"convert-cute-nvgpu-to-nvvm", "::mlir::ModuleOp"> {
  let summary = "Lower cute_nvgpu (TMA, mbarriers, warps, clusters) to NVVM";
  let description = [{
    Runs after `cute-nvgpu-expand-pipelines` and before
    `convert-cute-to-llvm`. Warp roles become one warp-uniform if/else chain
    on the warp index (`shfl.sync.idx` of tid / 32) with `setmaxnreg` at the
    top of each role; `elect_one` becomes `nvvm.elect.sync` + `scf.if`;
    mbarriers become `!llvm.ptr<3>` and `nvvm.mbarrier.*` ops (a wait is a
    loop of `nvvm.mbarrier.try_wait` on the parity); TMA copies become
    `nvvm.cp.async.bulk.tensor.*` with the coordinates in TMA dimension
    order (innermost first); descriptors are the generic address of their
    `__grid_constant__` parameter; a cluster kernel (`cute.cluster_dims`)
    gets `nvvm.cluster_dim`.

    `debug-hangs=N` (N > 0) bounds every mbarrier wait to N polling rounds;
    past that the thread prints kernel, block, thread, warp, the barrier's
    label (pipeline, barrier, role), stage and phase, then traps. Off (0)
    by default: the wait loop is then exactly the plain one.
  }];
  let options = [
    Option<"debugHangs", "debug-hangs", "int64_t", /*default=*/"0",
           "Give up an mbarrier wait after this many polling rounds (0: "
           "never)">,
  ];
  let dependentDialects = ["::mlir::NVVM::NVVMDialect",
                           "::mlir::LLVM::LLVMDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::gpu::GPUDialect"];
}

def CuteNvgpuGridConstantArgs
    : Pass<"cute-nvgpu-grid-constant-args", "::mlir::ModuleOp"> {
  let summary = "Mark TMA descriptor parameters __grid_constant__";
  let description = [{
    After `convert-gpu-to-nvvm`: each `llvm.func` kernel listing
    `cute_nvgpu.grid_constant_args` gets, on those arguments,
    `llvm.byval = !llvm.array<128 x i8>`, `llvm.align = 64` and
    `nvvm.grid_constant`, so the 128-byte CUtensorMap is passed by value in
    the parameter space and the kernel uses its generic address.
  }];
  let dependentDialects = ["::mlir::NVVM::NVVMDialect",
                           "::mlir::LLVM::LLVMDialect"];
}

def CuteLowerNarrowFloats : Pass<"cute-lower-narrow-floats"> {
  let summary = "Lower arith.extf/truncf on f8, f6, f4 and E8M0 floats";
  let description = [{
    Rewrites `arith.extf` and `arith.truncf` (scalar and vector, any shape)
    between f8E4M3FN, f8E5M2, f6E2M3FN, f6E3M2FN, f4E2M1FN, f8E8M0FNU and
    f16, bf16, f32 (f64 as a destination) into operations that the LLVM
    lowering handles: the chip's cvt instructions as NVVM ops, two elements
    at a time (`nvvm.convert.f8x2.to.f16x2`, `nvvm.convert.f32x2.to.f8x2`,
    ...; the chip table says which chip has which), or integer sequences
    where the chip has none. Both give the same bits: truncf rounds to
    nearest even and saturates to the largest finite value (PTX
    `cvt.rn.satfinite`); a NaN becomes the format's positive NaN (0x7F for
    f8, 0xFF for E8M0) or, in the formats without NaN, the positive largest
    value; truncf to f8E8M0FNU with `toward_zero` / `upward` is PTX's
    `cvt.rz` / `cvt.rp.satfinite.ue8m0x2`; extf is exact (E8M0 to f16
    rounds) and NaN codes give the canonical NaN (0x7FFFFFFF, 0x7FFF).
    docs/cute-dialect.md ("Narrow floats in kernels") has the table of
    instructions and the exact rules. Other arith and math ops on these
    types are errors (extend to f16/bf16/f32 first). Runs in
    `cute-compile` before the conversions to LLVM.
  }];
  let options = [
    Option<"chip", "chip", "std::string", /*default=*/"\"\"",
           "Target chip (sm_90a, sm_100a, sm_120a): picks the cvt "
           "instructions">,
    Option<"hardware", "hardware", "bool", /*default=*/"true",
           "Use the chip's cvt instructions; false: integer sequences only "
           "(the CPU tests run them)">,
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::vector::VectorDialect",
                           "::mlir::NVVM::NVVMDialect"];
}

#endif // CUTE_CONVERSION_PASSES_TD
