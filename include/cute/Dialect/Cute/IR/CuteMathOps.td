//===- CuteMathOps.td - Reductions over threads and values --*- tablegen -*-===//
#ifndef CUTE_MATH_OPS_TD
#define CUTE_MATH_OPS_TD

include "cute/Dialect/Cute/IR/CuteEnums.td"

def Cute_ReduceOp : Cute_Op<"reduce", [Pure,
    DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "Reduces a value over a thread's elements, a warp or a block";
  let description = [{
    Combines the elements of `value` (a vector: a fragment read with
    `cute.load`, or a scalar) with `kind` and then, for `warp` and `block`
    scope, the per-thread results of all threads of the warp (32 lanes) or
    of the block. Every thread gets the result. `block` scope must be
    reached by all threads of the block (like `gpu.all_reduce`, which it
    becomes, through warp shuffles and shared memory; `warp` becomes
    `gpu.subgroup_reduce`, i.e. shuffles).

    Semantics. Floats: `add`/`mul` are IEEE (order unspecified), `max`/`min`
    propagate NaN (a NaN anywhere gives NaN, as `torch.max` does), and
    `max` of values that are all `-inf` (e.g. a fully masked row filled with
    `-inf`) is `-inf`, not NaN. Integers: `max`/`min` are signed. Across
    threads (warp, block), values narrower than 32 bits (f16, bf16, i8,
    i16) are combined widened to 32 bits and rounded back once; 64-bit
    values reduce at thread and block scope, not warp scope.
    ```mlir
    %m = cute.reduce<max, block>(%v) : vector<8xf32>
    %s = cute.reduce<add, warp>(%x) : f32
    ```

    **With an initial value.** A second operand `init`, of the result's
    type, is combined with the result: `kind(init, reduce(value))` (for
    `warp` and `block` scope, each thread's own `init`, after the
    reduction across threads), as `std::reduce(first, last, init)`. E.g. a
    running maximum:
    ```mlir
    func.func @running_max(%v: vector<8xf32>, %m: f32) -> f32 {
      %m2 = cute.reduce<max, thread>(%v, %m)
      return %m2 : f32
    }
    ```
    It is the reduction followed by `arith.maximumf %m, %r` (`addf`,
    `mulf`, `minimumf`; `addi`, `muli`, `maxsi`, `minsi` for integers).

    **Over modes of a fragment.** `value` may also be a register tensor of
    static layout (an `rmem` `!cute.memref`) with `modes`, the top-level
    modes to reduce: the result is a vector over the other modes (their
    coordinates in colexicographic order, the first kept mode fastest), or
    a scalar when every mode is reduced. E.g. the row maxima of a thread's
    (rows, cols) accumulator, then across the 4 threads that share a row
    with warp scope:
    ```mlir
    func.func @row_max(%acc: !cute.memref<f32, rmem, align<16>, "(2,4):(1,2)">) -> vector<2xf32> {
      %r = cute.reduce<max, thread>(%acc) {modes = array<i32: 1>}
      return %r : vector<2xf32>
    }
    ```
  }];
  let arguments = (ins AnyTypeOf<[VectorOfRankAndType<[1], [AnyFloat,
                       AnySignlessInteger]>, AnyFloat,
                       AnySignlessInteger, Cute_MemRefType]>:$value,
                   Optional<AnyTypeOf<[AnyFloat, AnySignlessInteger,
                     VectorOfRankAndType<[1], [AnyFloat,
                       AnySignlessInteger]>]>>:$init,
                   Cute_ReduceKindAttr:$kind, Cute_ReduceScopeAttr:$scope,
                   OptionalAttr<DenseI32ArrayAttr>:$modes);
  let results = (outs AnyTypeOf<[AnyFloat, AnySignlessInteger,
                     VectorOfRankAndType<[1], [AnyFloat,
                       AnySignlessInteger]>]>:$result);
  let extraClassDeclaration = [{
    /// For a tensor operand: the logical index groups, one per result
    /// element (the elements each result element combines).
    static ::mlir::FailureOr<std::vector<std::vector<int64_t>>>
    modeGroups(::mlir::Type tensorType, ::llvm::ArrayRef<int32_t> modes,
               std::string &why);
  }];
  // `<kind, scope>` then the short form (the value's type is optional).
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

#endif // CUTE_MATH_OPS_TD
