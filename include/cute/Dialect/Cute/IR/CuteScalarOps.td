//===- CuteScalarOps.td - Constants, indices, broadcast arithmetic -*- tablegen -*-===//
//
// The scalar vocabulary of a kernel in one line each: several constants in
// one op, i32 thread/block indices, and element-wise arithmetic that takes
// a scalar operand beside a vector. `cute-expand-shorthands` (the first
// pass of --cute-compile) rewrites them into the arith, vector and gpu ops
// they stand for, so every later pass sees those.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_SCALAR_OPS_TD
#define CUTE_SCALAR_OPS_TD

include "cute/Dialect/Cute/IR/CuteEnums.td"

defvar Cute_ScalarType = AnyTypeOf<[AnySignlessInteger, Index, AnyFloat]>;
defvar Cute_ScalarOrVector = AnyTypeOf<[AnySignlessInteger, AnyFloat,
    VectorOfRankAndType<[1], [AnySignlessInteger, AnyFloat]>]>;

def Cute_ConstantsOp : Cute_Op<"constants", [Pure]> {
  let summary = "Several named constants in one op";
  let description = [{
    One result per value, each an `arith.constant` of its type: a list of
    values, each group followed by `: type`, groups separated by commas.
    Integers are written in decimal (or as an integer instance parameter,
    e.g. `BK`, declared with `#cute.param`); a float is a decimal literal,
    a decimal integer (its value) or a hexadecimal bit pattern
    (`0xFF800000 : f32` is -inf), as `arith.constant` reads them. A value
    that does not fit its type is an error.
    ```mlir
    func.func @consts() -> (i32, i32, f32, f32) {
      %c0, %c64, %ninf, %half = cute.constants 0, 64 : i32, 0xFF800000, 0.5 : f32
      return %c0, %c64, %ninf, %half : i32, i32, f32, f32
    }
    ```
    `cute-expand-shorthands` replaces it by one `arith.constant` per value,
    so the code is that of the constants written one per line.
  }];
  let arguments = (ins ArrayAttr:$values);
  let results = (outs Variadic<Cute_ScalarType>:$results);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

class Cute_GridIndexOp<string mnemonic, string what, string gpuOp>
    : Cute_Op<mnemonic, [Pure]> {
  let summary = what # " as i32";
  let description = [{
    `gpu.}] # gpuOp # [{` of the dimension, as an i32 (the type every cute
    view op takes for coordinates and thread indices), i.e. `gpu.}] # gpuOp
    # [{` followed by `arith.index_cast` to i32.
    ```mlir
    func.func @index() -> (i32, i32) {
      %x = cute.}] # mnemonic # [{ x
      %y = cute.}] # mnemonic # [{ y
      return %x, %y : i32, i32
    }
    ```
  }];
  let arguments = (ins Cute_DimAttr:$dimension);
  let results = (outs I32:$result);
  let assemblyFormat = "custom<GridDim>($dimension) attr-dict";
}

def Cute_ThreadIdxOp : Cute_GridIndexOp<"thread_idx",
    "The thread's index in its block (threadIdx)", "thread_id">;
def Cute_BlockIdxOp : Cute_GridIndexOp<"block_idx",
    "The block's index in the grid (blockIdx)", "block_id">;
def Cute_BlockDimOp : Cute_GridIndexOp<"block_dim",
    "The number of threads of a block (blockDim)", "block_dim">;
def Cute_GridDimOp : Cute_GridIndexOp<"grid_dim",
    "The number of blocks of the grid (gridDim)", "grid_dim">;

def Cute_LaneIdxOp : Cute_Op<"lane_idx", [Pure]> {
  let summary = "The thread's lane in its warp (0..31) as i32";
  let description = [{
    `gpu.lane_id` as an i32.
    ```mlir
    func.func @lane() -> i32 {
      %lane = cute.lane_idx
      return %lane : i32
    }
    ```
  }];
  let results = (outs I32:$result);
  let assemblyFormat = "attr-dict";
}

class Cute_ElementwiseOp<string mnemonic, string what, string floatOp,
                         string intOp>
    : Cute_Op<mnemonic, [Pure,
        DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "Element-wise " # what # ", a scalar operand broadcast";
  let description = [{
    `lhs` and `rhs` are each a 1-D vector or a scalar of one element type;
    a scalar beside a vector stands for the vector of that value (CuTe
    DSL's `tensor op scalar`). The result is the vector type if either
    operand is one, else the scalar type. Floats use `arith.}] # floatOp
    # [{`, integers `arith.}] # intOp # [{` (signed);
    `cute-expand-shorthands` rewrites the op into `vector.broadcast` of the
    scalar operand and that arith op, so the code is the same as written
    out.
    ```mlir
    func.func @scale(%v: vector<8xf32>, %s: f32) -> vector<8xf32> {
      %r = cute.}] # mnemonic # [{(%v, %s)
      return %r : vector<8xf32>
    }
    ```
  }];
  let arguments = (ins Cute_ScalarOrVector:$lhs, Cute_ScalarOrVector:$rhs);
  let results = (outs Cute_ScalarOrVector:$result);
  let cuteShortForm = 1;
  let extraClassDefinition = [{
    ::llvm::LogicalResult $cppClass::inferReturnTypes(
        ::mlir::MLIRContext *, std::optional<::mlir::Location> loc,
        ::mlir::ValueRange operands, ::mlir::DictionaryAttr,
        ::mlir::OpaqueProperties, ::mlir::RegionRange,
        ::llvm::SmallVectorImpl<::mlir::Type> &inferred) {
      return ::mlir::cute::inferElementwiseType(loc, getOperationName(),
                                                operands, inferred);
    }
  }] # cuteAsmDefinition;
}

def Cute_AddOp : Cute_ElementwiseOp<"add", "addition", "addf", "addi">;
def Cute_SubOp : Cute_ElementwiseOp<"sub", "subtraction", "subf", "subi">;
def Cute_MulOp : Cute_ElementwiseOp<"mul", "multiplication", "mulf",
                                    "muli">;
def Cute_DivOp : Cute_ElementwiseOp<"div", "division", "divf", "divsi">;
def Cute_MaxOp : Cute_ElementwiseOp<"max", "maximum (NaN-propagating for "
                                    "floats)", "maximumf", "maxsi">;
def Cute_MinOp : Cute_ElementwiseOp<"min", "minimum (NaN-propagating for "
                                    "floats)", "minimumf", "minsi">;

def Cute_CheckOp : Cute_Op<"check"> {
  let summary = "A run-time check of a kernel's own invariant (debug-checks)";
  let description = [{
    With `--cute-compile="... debug-checks=true"` a false `cond` prints
    `cute.check failed: <message>: <values>` (each value as a decimal
    integer) from the thread that found it and traps (`__assertfail`), as
    the layout algebra's own run-time checks do; without debug-checks the
    op is removed and costs nothing. For bounds the host cannot know, e.g.
    an index read from device memory:
    ```mlir
    func.func @page_in_cache(%page: i32, %pages: i32, %seq: i32) {
      %ok = arith.cmpi ult, %page, %pages : i32
      cute.check %ok, "page index outside the cache (sequence, page, pages)" (%seq, %page, %pages : i32, i32, i32)
      return
    }
    ```
  }];
  let arguments = (ins I1:$cond, StrAttr:$message,
                   Variadic<AnySignlessInteger>:$values);
  let assemblyFormat = [{
    $cond `,` $message (`(` $values^ `:` type($values) `)`)? attr-dict
  }];
}

#endif // CUTE_SCALAR_OPS_TD
