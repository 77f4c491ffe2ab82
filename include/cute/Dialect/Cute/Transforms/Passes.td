//===- Passes.td - cute passes ------------------------------*- tablegen -*-===//
#ifndef CUTE_PASSES_TD
#define CUTE_PASSES_TD

include "mlir/Pass/PassBase.td"

def CuteFoldStatic : Pass<"cute-fold-static"> {
  let summary = "Replace cute ops whose results are fully static by constants";
  let description = [{
    Every cute op whose result type is fully static is replaced by
    `cute.static` of that type (the value lives in the type), `cute.equal` and
    `cute.elem_less` on static operands become `arith.constant`, and
    `cute.get_scalars` of static values becomes `arith.constant`s. Dead pure
    ops are erased.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
  let options = [
    Option<"foldScalars", "fold-scalars", "bool", /*default=*/"true",
           "Also fold cute.get_scalars of static values to arith.constant">,
  ];
}

def CuteExpandOps : Pass<"cute-expand-ops"> {
  let summary = "Expand dynamic layout algebra into arith on the dynamic leaves";
  let description = [{
    Every algebra op with a dynamic result is rewritten into
    `cute.get_scalars<{only_dynamic}>` of its operands, `arith` ops computing
    each dynamic leaf of the result, and `cute.make_*` ops rebuilding the
    result. The arithmetic comes from running the same layout-library
    algorithm with symbolic leaves. Static results become `cute.static`.

    With `debug-checks`, each precondition the algebra takes for granted of
    dynamic values (CuTe checks them only for static ones) is tested at run
    time: composition's stride and shape divisibility, and shape_div /
    shape_mod's mutual divisibility (used by the divides, products,
    complement and the tensor partitions). A violation prints the op, its
    operand types, the rule and the operands' dynamic values (`gpu.printf`)
    and traps (`cf.assert`). Preconditions that `?{div=N}` facts prove emit
    no check.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::cf::ControlFlowDialect",
                           "::mlir::gpu::GPUDialect",
                           "::mlir::scf::SCFDialect"];
  let options = [
    Option<"foldStatic", "fold-static", "bool", /*default=*/"true",
           "Also replace algebra ops with static results by cute.static">,
    Option<"debugChecks", "debug-checks", "bool", /*default=*/"false",
           "Check the algebra's preconditions on dynamic values at run time "
           "(print and trap on a violation)">,
  ];
}

def CuteExpandTileSchedulers : Pass<"cute-expand-tile-schedulers"> {
  let summary = "Expand cute.make_tile_scheduler and its uses into arith";
  let description = [{
    `cute.tile_scheduler_range` becomes (blockIdx.x, the tile count,
    gridDim.x) and `cute.tile_scheduler_coord` the grouped rasterization's
    integer arithmetic (CuteSchedulerOps.td), computed from the scheduler's
    `m`, `n`, tile sizes and group. A scheduler used other than by those
    ops (e.g. passed to a helper that was not inlined) is an error.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::gpu::GPUDialect"];
}

def CuteUnrollLoops : Pass<"cute-unroll-loops"> {
  let summary = "Fully unroll scf.for loops marked `cute.unroll`";
  let description = [{
    The counterpart of CuTe's `CUTE_UNROLL`: an `scf.for` carrying the unit
    attribute `cute.unroll` must have static bounds and is fully unrolled, so
    that register fragments it indexes with the induction variable become
    statically indexed (and live in registers rather than local memory). A
    marked loop without a static trip count, or with more than
    `max-trip-count` iterations, is an error naming the loop.
  }];
  let dependentDialects = ["::mlir::scf::SCFDialect"];
  let options = [
    Option<"maxTripCount", "max-trip-count", "unsigned", /*default=*/"256",
           "Largest trip count a marked loop may have">,
  ];
}

def CuteExpandShorthands : Pass<"cute-expand-shorthands"> {
  let summary = "Expand cute's scalar shorthands into arith, vector and gpu ops";
  let description = [{
    `cute.constants` becomes one `arith.constant` per value;
    `cute.thread_idx`, `cute.block_idx`, `cute.block_dim`, `cute.grid_dim`
    and `cute.lane_idx` become the `gpu` index op and `arith.index_cast`
    to i32; the element-wise ops (`cute.add`, `cute.sub`, `cute.mul`,
    `cute.div`, `cute.max`, `cute.min`) become `vector.broadcast` of a
    scalar operand beside a vector and the `arith` op. The first pass of
    `--cute-compile` (after inlining), so the code is the same as the ops
    written out.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::gpu::GPUDialect",
                           "::mlir::vector::VectorDialect"];
}

def CuteResolveStaticBranches : Pass<"cute-resolve-static-branches"> {
  let summary = "Keep only the taken branch of scf.if on a constant";
  let description = [{
    An `scf.if` whose condition is an `arith.constant` (typically an
    instance parameter, `arith.constant #DIRECT`, which the parser has
    already resolved) is replaced by the ops of its taken branch, and the
    pure ops that only the dropped branch used are erased (with what only
    they used). `--cute-compile` runs it right after the helper inliner, so
    each instance's kernel holds only its own code: no later analysis sees
    the other branch, and a view or TMA descriptor only it used is neither
    a kernel parameter nor a view the runtime checks at launch. Nothing
    else is folded or canonicalized: other unused ops stay.
  }];
  let dependentDialects = ["::mlir::scf::SCFDialect"];
}

def CuteExpandFastExp : Pass<"cute-expand-fast-exp"> {
  let summary = "Approximate f32 exp as exp2 of the input scaled by log2(e)";
  let description = [{
    `math.exp` with the `afn` fast-math flag (written, or added by
    `cute-fast-math`) on f32 or a vector of f32 becomes
    `math.exp2(x * log2(e))` with the same flags: `ex2.approx.f32` of the
    input scaled by log2(e) (0x3FB8AA3B), what libdevice's `__nv_fast_expf`
    computes, but on the whole vector, so the multiplies stay vector ops
    (`mul.f32x2` on sm_100a and sm_120a) instead of one libdevice call
    per element. Accuracy: CUDA's `__expf`, at most 2 + floor(|1.173 x|)
    ulp. `math.exp` without `afn` keeps libdevice's accurate `expf`.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::math::MathDialect"];
}

def CuteFastMath : Pass<"cute-fast-math"> {
  let summary = "Allow approximate math functions and division (fast math)";
  let description = [{
    Adds the `afn` fast-math flag to the floating-point `math` functions
    (exp, exp2, log, log2, log10, sin, cos, tan, tanh, rsqrt, sqrt, powf)
    and to `arith.divf`, so the NVVM lowering picks the approximate forms:
    `math.exp` becomes `__nv_fast_expf`, an `ex2.approx.f32` of the input
    scaled by log2(e) (two instructions instead of libdevice's range-reduced
    `expf`), `math.log` becomes `lg2.approx.f32` scaled by ln(2), and
    `arith.divf` becomes `div.approx.f32`. `--cute-compile` runs it when
    `fast-math=true` (off by default). Accuracy (CUDA's intrinsic
    functions): `__expf` has at most 2 + floor(|1.173 x|) ulp of error,
    `__logf` at most 2^-21.41 absolute error on [0.5, 2] and 3 ulp
    elsewhere, and `div.approx.f32` at most 2 ulp (for divisors below
    2^126 in magnitude).
  }];
}

def CuteLowerMaskedCopies : Pass<"cute-lower-masked-copies"> {
  let summary = "Split masked cute.copy ops into full-tile and ragged paths";
  let description = [{
    A `cute.copy` marked `masked` (or with a `fill`) predicates itself: its
    bounded side is a thread's part of a `cute.local_tile` (through
    `cute.partition_tv` / `cute.local_partition`). The same partitions,
    replayed on the identity tensor of the tiled tensor's shape, give each
    element's coordinate; `cute.make_predicate` compares them with the
    shape. When all of the thread's predicates hold the copy runs
    unpredicated (vectorized as its types allow); otherwise the dst is
    first filled (`fill`) and the copy runs predicated.
  }];
  let dependentDialects = ["::mlir::scf::SCFDialect",
                           "::mlir::vector::VectorDialect",
                           "::mlir::arith::ArithDialect"];
}

def CuteLowerReductions : Pass<"cute-lower-reductions"> {
  let summary = "Lower cute.reduce to vector.reduction and gpu reductions";
  let description = [{
    A `cute.reduce` becomes a `vector.reduction` over the thread's elements
    and then, by scope, a `gpu.subgroup_reduce` (warp) or a `gpu.all_reduce`
    (block); `cute-lower-gpu-reductions` turns those into shuffles and
    shared memory. Float max/min are `maximumf`/`minimumf` (NaN
    propagates); integer max/min are signed.
  }];
  let dependentDialects = ["::mlir::vector::VectorDialect",
                           "::mlir::gpu::GPUDialect"];
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

def CuteSpecialize : Pass<"cute-specialize", "::mlir::ModuleOp"> {
  let summary = "Clone each kernel for 16-byte aligned pointers and "
                # "sizes divisible by 16";
  let description = [{
    "One kernel for every alignment": for every `gpu.func` kernel (not a
    clone itself, without the unit attribute `cute.no_specialize`, and with
    no clone yet) the candidates are each used `!cute.ptr`/`!cute.memref`
    argument aligned to less than 16 bytes and each i32/i64 argument that is
    an operand of a `cute.make_{int_tuple,shape,stride,coord,tile}`. In a
    clone `@<kernel>__aligned16`, placed right after the kernel, the
    pointers become `align<16>`, the integers enter those make ops as
    `cute.make_int_tuple(%arg) -> !cute.int_tuple<"?{div=16}">`, and result
    types are re-inferred in program order so the facts reach the views and
    copies (which then vectorize). A candidate whose fact changes no type
    that a non-type-computing op sees (a copy, load, store, terminator, ...)
    is dropped; with none left there is no clone. The clone carries
    `cute.specialization_of` and `cute.specialization` (`align = 16` per
    pointer, `div = 16` per integer), so the metadata lists it as a variant
    the runtime picks when the conditions hold. A clone that would not
    verify (e.g. a refined value flowing into a loop-carried value) is not
    emitted; a warning says why.
  }];
}

#endif // CUTE_PASSES_TD
