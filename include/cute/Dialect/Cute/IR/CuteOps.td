//===- CuteOps.td - cute ops --------------------------------*- tablegen -*-===//
//
// Op names and assembly follow NVIDIA's open CuTe IR so that IR written for
// its layout ops parses unchanged. Semantics are CuTe C++'s.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_OPS_TD
#define CUTE_OPS_TD

include "cute/Dialect/Cute/IR/CuteDialect.td"
include "cute/Dialect/Cute/IR/CuteTypes.td"
include "cute/Dialect/Cute/IR/CuteInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/IR/BuiltinAttributes.td"
include "mlir/IR/CommonAttrConstraints.td"

class Cute_Op<string mnemonic, list<Trait> traits = []>
    : Op<Cute_Dialect, mnemonic, traits> {
  // The short form (CuteAsm.h): set cuteShortForm and, instead of an
  // assemblyFormat, the style of the full form's types and the optional
  // `<[..]>` prefix attribute. Ops that also define extraClassDefinition
  // append cuteAsmDefinition to it.
  bit cuteShortForm = 0;
  string cuteTypeStyle = "Functional";
  string cutePrefixAttr = "";
  // Operands whose full-form type is printed without `!cute.kind` (CuTe
  // IR's spelling where the operand has one concrete type).
  list<int> cuteStrippedOperands = [];
  let hasCustomAssemblyFormat = cuteShortForm;
  code cuteAsmDefinition = !if(cuteShortForm, [{
    ::mlir::ParseResult $cppClass::parse(::mlir::OpAsmParser &parser,
                                         ::mlir::OperationState &result) {
      return ::mlir::cute::parseShortForm<$cppClass>(parser, result, "}]
      # cutePrefixAttr # [{");
    }
    void $cppClass::print(::mlir::OpAsmPrinter &p) {
      ::mlir::cute::printShortForm(p, *this,
          ::mlir::cute::TypeStyle::}] # cuteTypeStyle # [{, "}]
      # cutePrefixAttr # [{", {}] # !interleave(cuteStrippedOperands, ", ")
      # [{});
    }
  }], "");
  let extraClassDefinition = cuteAsmDefinition;
}

// One result computed by the layout library from the operands (see
// AlgebraOpInterface). The result type is inferred; `compute` is written once
// per op in C++ and serves inference, folding and dynamic expansion.
class Cute_AlgebraOp<string mnemonic, list<Trait> traits = []>
    : Cute_Op<mnemonic, !listconcat(traits, [Pure,
        DeclareOpInterfaceMethods<InferTypeOpInterface>,
        Cute_AlgebraOpInterface])> {
  let extraClassDeclaration = [{
    /// Raises ::cute::layout::AlgebraError on invalid operands.
    static ::mlir::cute::CuteValue compute(::llvm::ArrayRef<::mlir::cute::CuteValue> operands,
            Adaptor adaptor);
    /// A declared result type is compared by meaning (equivalentValues).
    static bool isCompatibleReturnTypes(::mlir::TypeRange inferred,
                                        ::mlir::TypeRange declared) {
      return ::mlir::cute::compatibleResultTypes(inferred, declared);
    }
  }];
  // Inference is the same for every algebra op: read the operand values,
  // run `compute`, check the result's kind rules.
  let extraClassDefinition = [{
    ::llvm::LogicalResult $cppClass::inferReturnTypes(
        ::mlir::MLIRContext *ctx, std::optional<::mlir::Location> loc,
        ::mlir::ValueRange operands, ::mlir::DictionaryAttr attrs,
        ::mlir::OpaqueProperties props, ::mlir::RegionRange regions,
        ::llvm::SmallVectorImpl<::mlir::Type> &inferred) {
      Adaptor adaptor(operands, attrs, props, regions);
      return ::mlir::cute::inferAlgebraResult(ctx, loc, getOperationName(),
          operands, [&](::llvm::ArrayRef<::mlir::cute::CuteValue> in) {
            return compute(in, adaptor);
          }, inferred);
    }
  }] # cuteAsmDefinition;
  let cuteShortForm = 1;
}

// Operand kinds of the mode-indexing ops (get, select, flatten): every kind
// but a swizzle. Descriptions follow CuTe IR's so that operand diagnostics
// read the same.
def Cute_IndexableType : AnyTypeOf<[Cute_ShapeType, Cute_IntTupleType,
    Cute_CoordType, Cute_StrideType, Cute_TileType, Cute_LayoutType,
    Cute_ComposedLayoutType],
    "!cute.shape, !cute.int_tuple, !cute.coord, !cute.stride, !cute.tile, "
    "!cute.layout, or !cute.composed_layout">;
// Operand kinds of slice and dice.
def Cute_SliceableType : AnyTypeOf<[Cute_ShapeType, Cute_StrideType,
    Cute_CoordType, Cute_IntTupleType, Cute_LayoutType,
    Cute_ComposedLayoutType],
    "!cute.shape, !cute.stride, !cute.coord, !cute.int_tuple, !cute.layout, "
    "or !cute.composed_layout">;
// Operand kinds of cute.equal.
def Cute_EqualOperandType : AnyTypeOf<[Cute_IntTupleType, Cute_ShapeType,
    Cute_CoordType, Cute_StrideType, Cute_LayoutType],
    "!cute.int_tuple, !cute.shape, !cute.coord, !cute.stride, or !cute.layout">;

// Format used by most algebra ops.
defvar FnFormat = "`(` operands `)` attr-dict `:` functional-type(operands, results)";

//===----------------------------------------------------------------------===//
// Constructors
//===----------------------------------------------------------------------===//

def Cute_StaticOp : Cute_Op<"static", [ConstantLike, Pure]> {
  let summary = "A fully static cute value";
  let description = [{
    Materializes a static value; the value is the result type.
    ```mlir
    %0 = cute.static : !cute.layout<"(2,3):(1,2)">
    ```
  }];
  let results = (outs Cute_AnyType:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

class Cute_MakeTupleOp<string mnemonic, Type resultType, string what>
    : Cute_Op<mnemonic, [Pure]> {
  let summary = "Builds a " # what # " from dynamic integers";
  let description = [{
    Builds a value of the result type, whose `?` leaves are filled by the
    operands in depth-first order (one i32 operand per `?`, one i64 per
    `?{i64}`; a depth-0 `!cute.int_tuple` also fills a slot). A scaled basis
    stride `?@k` takes one operand for its scale; `_` takes none.
    ```mlir
    %s = cute.make_shape(%m, %n) : (i32, i32) -> !cute.shape<"((32,?,?),64)">
    ```
    Written without types, the result is the flat tuple of the operands:
    `?` per i32, `?{i64}` per i64, an int_tuple operand's own leaf (with its
    divisor). `-> type` alone states the result with its operands' types
    implied:
    ```mlir
    func.func @f(%m: i32, %n: i32) {
      %s = cute.make_shape(%m, %n)
      %d = cute.make_stride(%n) -> !cute.stride<"(?{div=8},1)">
      return
    }
    ```
  }];
  let arguments = (ins Variadic<Cute_DynamicIntType>:$operands);
  let results = (outs resultType:$result);
  let cuteShortForm = 1;
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The result of the short form without `-> type`: the flat tuple of
    /// the operands. (Not an InferTypeOpInterface: a written type may nest,
    /// hold static leaves and divisibility facts the operands cannot carry;
    /// the verifier checks it against the operands.)
    static ::llvm::LogicalResult inferShortForm(::mlir::MLIRContext *ctx,
        ::mlir::Location loc, ::mlir::ValueRange operands,
        ::mlir::NamedAttrList &attrs,
        ::llvm::SmallVectorImpl<::mlir::Type> &inferred);
  }];
}

def Cute_MakeIntTupleOp
    : Cute_MakeTupleOp<"make_int_tuple", Cute_IntTupleType, "int_tuple">;
def Cute_MakeShapeOp : Cute_MakeTupleOp<"make_shape", Cute_ShapeType, "shape">;
def Cute_MakeStrideOp
    : Cute_MakeTupleOp<"make_stride", Cute_StrideType, "stride">;
def Cute_MakeCoordOp : Cute_MakeTupleOp<"make_coord", Cute_CoordType, "coord">;
def Cute_MakeTileOp : Cute_MakeTupleOp<"make_tile", Cute_TileType, "tile">;

def Cute_MakeLayoutOp : Cute_AlgebraOp<"make_layout"> {
  let summary = "Builds a layout from a shape and a congruent stride";
  let description = [{
    ```mlir
    %l = cute.make_layout(%s, %d) : (!cute.shape<"(?,2)">, !cute.stride<"(?,4)">) -> !cute.layout<"(?,2):(?,4)">
    ```
  }];
  let arguments = (ins Cute_ShapeType:$shape, Cute_StrideType:$stride);
  let results = (outs Cute_LayoutType:$layout);
}

def Cute_MakeComposedLayoutOp : Cute_AlgebraOp<"make_composed_layout"> {
  let cuteStrippedOperands = [1, 2];
  let summary = "Builds the composed layout inner o offset o outer";
  let description = [{
    The result maps c to inner(offset + outer(c)). A swizzle inner with zero
    bits and a zero offset decays to the plain layout `outer`.
    ```mlir
    %c = cute.make_composed_layout(%sw, %off, %b) : (!cute.swizzle<"S<3,5,4>">, !cute.int_tuple<"0">, !cute.layout<"(8,4):(1,8)">) -> !cute.composed_layout<"S<3,5,4> o 0 o (8,4):(1,8)">
    ```
  }];
  let arguments = (ins AnyTypeOf<[Cute_LayoutType, Cute_SwizzleType]>:$inner,
                   Cute_IntTupleType:$offset, Cute_LayoutType:$outer);
  let results = (outs Cute_LayoutLikeType:$result);
}

def Cute_MakeIdentityLayoutOp : Cute_AlgebraOp<"make_identity_layout"> {
  let summary = "Identity layout: coordinates map to themselves (basis strides)";
  let description = [{
    Strides are the scaled basis elements `1@i` of each mode, so evaluating
    the layout returns the coordinate itself (CuTe's make_identity_layout).
    ```mlir
    %l = cute.make_identity_layout(%s) : !cute.shape<"(?,3)"> -> !cute.layout<"(?,3):(1@0,1@1)">
    ```
  }];
  let arguments = (ins Cute_ShapeType:$shape);
  let results = (outs Cute_LayoutType:$result);
  let cuteTypeStyle = "Arrow";
}

def Cute_MakeOrderedLayoutOp : Cute_AlgebraOp<"make_ordered_layout"> {
  let summary = "Compact layout whose modes are ordered by a static order";
  let description = [{
    The mode with the smallest order gets stride 1 (CuTe's make_ordered_layout).
    ```mlir
    %l = cute.make_ordered_layout(%s, %o) : (!cute.shape<"(4,2)">, !cute.int_tuple<"(1,0)">) -> !cute.layout<"(4,2):(2,1)">
    ```
  }];
  let arguments = (ins Cute_ShapeType:$shape, Cute_IntTupleType:$order);
  let results = (outs Cute_LayoutType:$layout);
}

def Cute_MakeLayoutLikeOp : Cute_AlgebraOp<"make_layout_like"> {
  let summary = "Compact layout with the shape and stride order of the input";
  let description = [{
    ```mlir
    %r = cute.make_layout_like(%src) : !cute.layout<"(4,2):(4,1)"> -> !cute.layout<"(4,2):(2,1)">
    ```
  }];
  let arguments = (ins Cute_LayoutLikeType:$src);
  let results = (outs Cute_LayoutType:$result);
  let cuteTypeStyle = "Arrow";
}

def Cute_PrintOp : Cute_Op<"print"> {
  let summary = "Prints a cute value";
  let description = [{
    ```mlir
    cute.print(%x) : !cute.layout<"(2,?):(1,?)">
    ```
  }];
  let arguments = (ins Cute_AnyType:$value);
  let assemblyFormat = "`(` $value `)` `:` type($value) attr-dict";
}

//===----------------------------------------------------------------------===//
// Accessors
//===----------------------------------------------------------------------===//

def Cute_GetShapeOp : Cute_AlgebraOp<"get_shape"> {
  let summary = "The shape of a layout (of B for a composed layout; per mode for a tile)";
  let description = [{
    ```mlir
    %s = cute.get_shape(%l) : !cute.layout<"(?,8):(1,?)"> -> !cute.shape<"(?,8)">
    ```
  }];
  let arguments = (ins AnyTypeOf<[Cute_LayoutType, Cute_ComposedLayoutType, Cute_TileType]>:$input);
  let results = (outs Cute_ShapeType:$result);
  let cuteTypeStyle = "Arrow";
}

def Cute_GetStrideOp : Cute_AlgebraOp<"get_stride"> {
  let summary = "The stride of a layout";
  let description = [{
    ```mlir
    %d = cute.get_stride(%l) : !cute.layout<"(4,8):(1,4)"> -> !cute.stride<"(1,4)">
    ```
  }];
  let arguments = (ins Cute_LayoutType:$input);
  let results = (outs Cute_StrideType:$result);
  let cuteTypeStyle = "ArrowStripped";
}

class Cute_ComposedGetOp<string mnemonic, string part, Type resultType,
                         string result>
    : Cute_AlgebraOp<mnemonic> {
  let summary = "The " # part # " of a composed layout";
  let description = "```mlir\n%a = cute." # mnemonic #
    "(%c) : !cute.composed_layout<\"S<3,5,4> o 0 o (8,4):(1,8)\"> -> " #
    result # "\n```";
  let arguments = (ins Cute_ComposedLayoutType:$input);
  let results = (outs resultType:$result);
  let cuteTypeStyle = "ArrowStripped";
}
def Cute_ComposedGetInnerOp : Cute_ComposedGetOp<"composed_get_inner",
    "inner function A", AnyTypeOf<[Cute_LayoutType, Cute_SwizzleType]>,
    "!cute.swizzle<\"S<3,5,4>\">">;
def Cute_ComposedGetOffsetOp : Cute_ComposedGetOp<"composed_get_offset",
    "offset", Cute_IntTupleType, "!cute.int_tuple<\"0\">">;
def Cute_ComposedGetOuterOp : Cute_ComposedGetOp<"composed_get_outer",
    "outer layout B", Cute_LayoutType, "!cute.layout<\"(8,4):(1,8)\">">;

def Cute_GetOp : Cute_AlgebraOp<"get"> {
  let summary = "The sub-value at a hierarchical mode path";
  let description = [{
    `mode` is a path of mode indices, outermost first; an absent or empty
    path returns the input.
    ```mlir
    %r = cute.get<[1, 0]> (%s) : !cute.shape<"(4,(2,3))"> -> !cute.shape<"2">
    ```
  }];
  let arguments = (ins Cute_IndexableType:$input, OptionalAttr<DenseI32ArrayAttr>:$mode);
  let results = (outs Cute_IndexableType:$result);
  let cuteTypeStyle = "Arrow";
  let cutePrefixAttr = "mode";
}

def Cute_SelectOp : Cute_AlgebraOp<"select"> {
  let cuteShortForm = 0;
  let summary = "A tuple of the selected top-level modes";
  let description = [{
    ```mlir
    %r = cute.select<[2, 0]> (%l) : !cute.layout<"(4,2,8):(1,4,8)"> -> !cute.layout<"(8,4):(8,1)">
    ```
  }];
  let arguments = (ins Cute_IndexableType:$input, DenseI32ArrayAttr:$mode);
  let results = (outs Cute_IndexableType:$result);
  let assemblyFormat = "`<` $mode `>` `(` $input `)` attr-dict `:` type($input) `->` type($result)";
}

def Cute_GetLeavesOp : Cute_Op<"get_leaves", [Pure,
    DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "Every leaf, depth first, as values of the input's kind";
  let description = [{
    ```mlir
    %r:3 = cute.get_leaves(%s) : !cute.shape<"(4,(2,3))">
    ```
  }];
  let arguments = (ins AnyTypeOf<[Cute_IntTupleType, Cute_ShapeType,
      Cute_StrideType, Cute_CoordType, Cute_TileType]>:$input);
  let results = (outs Variadic<Cute_AnyType>:$results);
  let assemblyFormat = "`(` $input `)` attr-dict `:` type($input)";
}

def Cute_GetLayoutsFromTileOp : Cute_Op<"get_layouts_from_tile", [Pure,
    DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "Every layout of a tile, depth first (`_` slots skipped)";
  let description = [{
    One `!cute.layout` result per layout slot of the tile, in depth-first
    order; `_` slots (at any depth) give no result. A tile without a layout
    slot is rejected. The result types are inferred.
    ```mlir
    %a, %b = cute.get_layouts_from_tile(%t) : !cute.tile<"[4:1;_;[2:1]]">
    ```
  }];
  let arguments = (ins Cute_TileType:$tile);
  let results = (outs Variadic<Cute_LayoutType>:$layouts);
  let assemblyFormat = "`(` $tile `)` attr-dict `:` qualified(type($tile))";
}

def Cute_GetScalarsOp : Cute_Op<"get_scalars", [Pure,
    DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "The integers of a cute value";
  let description = [{
    Depth-first leaves; a layout gives its shape then its stride, a composed
    layout A, offset and B, a swizzle its three parameters, a scaled basis
    leaf its scale and its mode index. A dynamic leaf has its declared width;
    static leaves are i32. With `only_dynamic`, only the dynamic leaves.
    ```mlir
    %a, %b = cute.get_scalars<{only_dynamic}> (%l) : !cute.layout<"(?,8):(1,?)">
    ```
  }];
  let arguments = (ins Cute_AnyType:$cute_value, UnitAttr:$only_dynamic);
  let results = (outs Variadic<AnyInteger>:$results);
  let assemblyFormat = "(`<` `{` `only_dynamic` `}` `>` $only_dynamic^)? `(` $cute_value `)` attr-dict `:` qualified(type($cute_value))";
}

class Cute_ConvertOp<string mnemonic, Type srcType, Type resultType>
    : Cute_AlgebraOp<mnemonic> {
  let summary = "Reinterprets an integer tuple as another tuple kind";
  let description = [{
    ```mlir
    %it = cute.to_int_tuple(%s) : !cute.shape<"(?,8)"> -> !cute.int_tuple<"(?,8)">
    ```
  }];
  let arguments = (ins srcType:$src);
  let results = (outs resultType:$result);
  let cuteTypeStyle = "Arrow";
}
def Cute_ToIntTupleOp : Cute_ConvertOp<"to_int_tuple", Cute_TupleLikeType, Cute_IntTupleType>;
def Cute_ToShapeOp : Cute_ConvertOp<"to_shape", Cute_IntTupleType, Cute_ShapeType>;
def Cute_ToStrideOp : Cute_ConvertOp<"to_stride", Cute_IntTupleType, Cute_StrideType>;
def Cute_ToCoordOp : Cute_ConvertOp<"to_coord", Cute_IntTupleType, Cute_CoordType>;

//===----------------------------------------------------------------------===//
// Size and index
//===----------------------------------------------------------------------===//

def Cute_SizeOp : Cute_AlgebraOp<"size"> {
  let summary = "Number of coordinates (of the mode at `mode`)";
  let description = [{
    ```mlir
    %n = cute.size<[1]> (%s) : (!cute.shape<"(1,(2,4),9)">) -> !cute.int_tuple<"8">
    ```
    A tensor operand stands for its layout:
    ```mlir
    %cols = cute.size<[1]> (%x) : (!cute.memref<f32, gmem, align<16>, "(?,?):(?,1)">) -> !cute.int_tuple<"?">
    ```
  }];
  let arguments = (ins AnyTypeOf<[Cute_ShapeType, Cute_IntTupleType,
      Cute_LayoutType, Cute_ComposedLayoutType, Cute_MemRefType,
      Cute_CoordTensorType]>:$input,
      OptionalAttr<DenseI32ArrayAttr>:$mode);
  let results = (outs Cute_IntTupleType:$result);
  let cutePrefixAttr = "mode";
}

def Cute_CosizeOp : Cute_AlgebraOp<"cosize"> {
  let summary = "One past the largest index a layout produces";
  let description = [{
    ```mlir
    %n = cute.cosize<[1]> (%l) : (!cute.layout<"(4,3,2):(1,4,12)">) -> !cute.int_tuple<"9">
    ```
  }];
  let arguments = (ins AnyTypeOf<[Cute_LayoutType, Cute_ComposedLayoutType,
                       Cute_MemRefType]>:$input,
                   OptionalAttr<DenseI32ArrayAttr>:$mode);
  let results = (outs Cute_IntTupleType:$result);
  let cutePrefixAttr = "mode";
}

class Cute_FnOp<string mnemonic, string sum, string example, dag args,
                Type resultType> : Cute_AlgebraOp<mnemonic> {
  let summary = sum;
  let description = "```mlir\n" # example # "\n```";
  let arguments = args;
  let results = (outs resultType:$result);
}

def Cute_TupleProductOp : Cute_FnOp<"tuple_product", "Product of all leaves",
    "%p = cute.tuple_product(%t) : (!cute.shape<\"(?,(3,?))\">) -> !cute.shape<\"?\">",
    (ins AnyTypeOf<[Cute_IntTupleType, Cute_ShapeType]>:$input),
    AnyTypeOf<[Cute_IntTupleType, Cute_ShapeType]>>;
def Cute_TupleProductEachOp : Cute_FnOp<"tuple_product_each",
    "Product of each top-level mode",
    "%p = cute.tuple_product_each(%t) : (!cute.int_tuple<\"(2,(3,4))\">) -> !cute.int_tuple<\"(2,12)\">",
    (ins AnyTypeOf<[Cute_IntTupleType, Cute_ShapeType]>:$input),
    AnyTypeOf<[Cute_IntTupleType, Cute_ShapeType]>>;
def Cute_LayoutEvalOp : Cute_FnOp<"layout_eval",
    "Evaluates a layout at a coordinate (a tuple for basis strides)",
    "%i = cute.layout_eval(%c, %l) : (!cute.coord<\"(1,2)\">, !cute.layout<\"(4,8):(1@1,1@0)\">) -> !cute.int_tuple<\"(2,1)\">",
    (ins Cute_CoordType:$coord, Cute_LayoutLikeType:$layout), Cute_IntTupleType>;
def Cute_Crd2IdxOp : Cute_FnOp<"crd2idx",
    "Column-major index of a coordinate within a shape",
    "%i = cute.crd2idx(%c, %s) : (!cute.coord<\"((1,2),3)\">, !cute.shape<\"((4,8),6)\">) -> !cute.int_tuple<\"105\">",
    (ins Cute_CoordType:$coord, Cute_ShapeType:$shape), Cute_IntTupleType>;
def Cute_Idx2CrdOp : Cute_FnOp<"idx2crd",
    "Coordinate of a column-major index within a shape",
    "%c = cute.idx2crd(%i, %s) : (!cute.int_tuple<\"?\">, !cute.shape<\"(4,8)\">) -> !cute.coord<\"(?,?)\">",
    (ins Cute_IntTupleType:$index, Cute_ShapeType:$shape), Cute_CoordType>;

def Cute_IncrementCoordOp : Cute_AlgebraOp<"increment_coord"> {
  let summary = "The next coordinate of a shape in column-major order";
  let description = [{
    Adds one to the first leaf of `coord` (over the flattened leaves of the
    congruent `shape`) and carries: a leaf that reaches its extent wraps to
    0 and carries into the next leaf. The last leaf never wraps, so the
    coordinate after the last one is one past the end (`(2,2,2)` in
    `(3,3,3)` gives `(0,0,3)`); a leaf of a size-1 mode (other than the
    last) is 0. A dynamic comparison makes that leaf and the following
    carry dynamic.
    ```mlir
    %n = cute.increment_coord(%c, %s) : (!cute.coord<"(3,2)">, !cute.shape<"(4,8)">) -> !cute.coord<"(0,3)">
    ```
  }];
  let arguments = (ins Cute_CoordType:$coord, Cute_ShapeType:$shape);
  let results = (outs Cute_CoordType:$result);
}

class Cute_ToRankOp<string mnemonic, string where>
    : Cute_AlgebraOp<mnemonic> {
  let cuteShortForm = 0;
  let summary = "Pads to `rank` modes by " # where # " copies of `element`";
  let description = [{
    A no-op when the input already has at least `rank` modes.
    ```mlir
    %r = cute.append_to_rank<4> (%in, %e) : !cute.shape<"(?,8)">, !cute.shape<"1">
    ```
  }];
  // `rank` > 0 is checked when the result is inferred (which the parser
  // runs before attribute constraints), with CuTe IR's diagnostic.
  let arguments = (ins I32Attr:$rank,
      AnyTypeOf<[Cute_IntTupleType, Cute_CoordType, Cute_StrideType,
                 Cute_ShapeType, Cute_LayoutType, Cute_ComposedLayoutType]>:$input,
      AnyTypeOf<[Cute_IntTupleType, Cute_CoordType, Cute_StrideType,
                 Cute_ShapeType, Cute_LayoutType]>:$element);
  let results = (outs Cute_AnyType:$result);
  let assemblyFormat = "`<` $rank `>` `(` $input `,` $element `)` attr-dict `:` qualified(type($input)) `,` qualified(type($element))";
}
def Cute_AppendToRankOp : Cute_ToRankOp<"append_to_rank", "appending">;
def Cute_PrependToRankOp : Cute_ToRankOp<"prepend_to_rank", "prepending">;

//===----------------------------------------------------------------------===//
// Tuple arithmetic
//===----------------------------------------------------------------------===//

defvar TupleOrShape = AnyTypeOf<[Cute_IntTupleType, Cute_ShapeType]>;
def Cute_TupleAddOp : Cute_FnOp<"tuple_add",
    "Leaf-wise sum; trailing modes of the longer tuple pass through",
    "%r = cute.tuple_add(%a, %b) : (!cute.int_tuple<\"(1,2,3)\">, !cute.int_tuple<\"(4,5)\">) -> !cute.int_tuple<\"(5,7,3)\">",
    (ins TupleOrShape:$lhs, TupleOrShape:$rhs), TupleOrShape>;
def Cute_TupleSubOp : Cute_FnOp<"tuple_sub",
    "Leaf-wise difference; trailing modes of the longer tuple pass through",
    "%r = cute.tuple_sub(%a, %b) : (!cute.int_tuple<\"(10,8)\">, !cute.int_tuple<\"(3,2,5)\">) -> !cute.int_tuple<\"(7,6,5)\">",
    (ins TupleOrShape:$lhs, TupleOrShape:$rhs), TupleOrShape>;
def Cute_ShapeDivOp : Cute_FnOp<"shape_div",
    "CuTe's shape_div: a divided by b, consuming b mode by mode",
    "%r = cute.shape_div(%a, %b) : (!cute.shape<\"(4,5,6)\">, !cute.shape<\"40\">) -> !cute.shape<\"(1,1,3)\">",
    (ins Cute_ShapeType:$lhs, Cute_ShapeType:$rhs), Cute_ShapeType>;
def Cute_CeilDivOp : Cute_FnOp<"ceil_div",
    "CuTe's ceil_div of a tuple by a tuple, shape or tiler",
    "%r = cute.ceil_div(%a, %t) : (!cute.int_tuple<\"(8,16)\">, !cute.tile<\"((4,8)):((1,4))\">) -> !cute.int_tuple<\"4\">",
    (ins TupleOrShape:$input,
         AnyTypeOf<[Cute_IntTupleType, Cute_ShapeType, Cute_TileType]>:$tiler),
    TupleOrShape>;

def Cute_ElemLessOp : Cute_Op<"elem_less", [Pure]> {
  let summary = "True when every leaf of lhs is less than that of rhs";
  let description = [{
    ```mlir
    %r = cute.elem_less(%a, %b) : (!cute.coord<"(3,4)">, !cute.shape<"(5,6)">) -> i1
    ```
  }];
  let arguments = (ins AnyTypeOf<[Cute_IntTupleType, Cute_ShapeType, Cute_CoordType]>:$lhs,
                   AnyTypeOf<[Cute_IntTupleType, Cute_ShapeType, Cute_CoordType]>:$rhs);
  let results = (outs I1:$result);
  let assemblyFormat = FnFormat;
  let hasVerifier = 1;
}

def Cute_EqualOp : Cute_Op<"equal", [Pure]> {
  let summary = "True when two values of one kind are equal";
  let description = [{
    ```mlir
    %r = cute.equal(%a, %b) : (!cute.layout<"(4,8):(1,4)">, !cute.layout<"(4,8):(1,4)">) -> i1
    ```
  }];
  let arguments = (ins Cute_EqualOperandType:$lhs,
                   Cute_EqualOperandType:$rhs);
  let results = (outs I1:$result);
  let assemblyFormat = FnFormat;
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Layout algebra
//===----------------------------------------------------------------------===//

def Cute_CompositionOp : Cute_AlgebraOp<"composition"> {
  let summary = "Functional composition lhs o rhs";
  let description = [{
    R(c) = lhs(rhs(c)) with the shape of rhs. A shape or tile rhs composes
    mode by mode (`_` keeps a mode). CuTe's divisibility conditions apply.
    ```mlir
    %r = cute.composition(%a, %b) : (!cute.layout<"(20):(2)">, !cute.layout<"(5,4):(4,1)">) -> !cute.layout<"(5,4):(8,2)">
    ```
  }];
  let arguments = (ins Cute_LayoutLikeType:$lhs,
      AnyTypeOf<[Cute_LayoutType, Cute_ShapeType, Cute_TileType]>:$rhs);
  let results = (outs Cute_LayoutLikeType:$result);
}

def Cute_CoalesceOp : Cute_AlgebraOp<"coalesce"> {
  let summary = "Merges modes that are contiguous (optionally per profile)";
  let description = [{
    The result is the same function with the fewest modes; with a target
    profile, coalesces within each mode of the profile.
    ```mlir
    %r = cute.coalesce(%l) : (!cute.layout<"(4,5,?,3,2):(1,4,?,1,3)">) -> !cute.layout<"(20,?,6):(1,?,1)">
    ```
  }];
  let arguments = (ins Cute_LayoutLikeType:$input,
                   Optional<Cute_CoordType>:$target_profile);
  let results = (outs Cute_LayoutLikeType:$result);
}

def Cute_FlattenOp : Cute_FnOp<"flatten", "Removes all nesting",
    "%r = cute.flatten(%s) : (!cute.shape<\"(3,(4,5))\">) -> !cute.shape<\"(3,4,5)\">",
    (ins Cute_IndexableType:$input), Cute_IndexableType>;

def Cute_ComplementOp : Cute_AlgebraOp<"complement"> {
  let summary = "The layout of the codomain points the input does not reach";
  let description = [{
    CuTe's complement(a, cotarget): requires static strides and an injective
    input whose modes do not overlap.
    ```mlir
    %r = cute.complement(%l, %c) : (!cute.layout<"3:2">, !cute.shape<"6">) -> !cute.layout<"2:1">
    ```
  }];
  let arguments = (ins Cute_LayoutType:$input,
      Optional<AnyTypeOf<[Cute_LayoutType, Cute_ShapeType]>>:$cotarget);
  let results = (outs Cute_LayoutType:$result);
}

def Cute_GroupModesOp : Cute_AlgebraOp<"group_modes"> {
  let cuteShortForm = 0;
  let summary = "Groups modes [begin, end) into one mode";
  let description = [{
    ```mlir
    %r = cute.group_modes<1, 3> (%l) : (!cute.layout<"(4,5,6):(1,4,20)">) -> !cute.layout<"(4,(5,6)):(1,(4,20))">
    ```
  }];
  let arguments = (ins I32Attr:$begin, I32Attr:$end, Cute_AnyType:$input);
  let results = (outs Cute_AnyType:$result);
  let assemblyFormat = "`<` $begin `,` $end `>` `(` $input `)` attr-dict `:` functional-type($input, $result)";
}

def Cute_RecastLayoutOp : Cute_AlgebraOp<"recast_layout"> {
  let cuteShortForm = 0;
  let summary = "Reinterprets a layout of old-width elements as new-width ones";
  let description = [{
    CuTe's recast_layout<Old, New>: upcast when new > old, downcast otherwise.
    ```mlir
    %r = cute.recast_layout<32, 8> (%l) : !cute.layout<"(32,4):(1,32)"> -> !cute.layout<"(8,4):(1,8)">
    ```
  }];
  // Both widths must be positive; checked when the result is inferred.
  let arguments = (ins I32Attr:$new_type_bits, I32Attr:$old_type_bits,
                   Cute_LayoutLikeType:$src);
  let results = (outs Cute_LayoutLikeType:$dst);
  let assemblyFormat = "`<` $new_type_bits `,` $old_type_bits `>` `(` $src `)` attr-dict `:` qualified(type($src)) `->` qualified(type($dst))";
}

class Cute_SliceLikeOp<string mnemonic, string keeps> : Cute_AlgebraOp<mnemonic> {
  let summary = "Keeps the modes where the coordinate " # keeps;
  let description = "The result type is inferred.\n```mlir\n%r = cute." #
    mnemonic # "(%l, %c) : !cute.layout<\"(2,3,4):(1,2,6)\">, " #
    "!cute.coord<\"(0,_,1)\">\n```";
  let arguments = (ins Cute_SliceableType:$input, Cute_CoordType:$coord);
  let results = (outs Cute_AnyType:$result);
  let cuteTypeStyle = "List";
}
def Cute_SliceOp : Cute_SliceLikeOp<"slice", "is `_`">;
def Cute_DiceOp : Cute_SliceLikeOp<"dice", "is an integer">;

def Cute_RightInverseOp : Cute_FnOp<"right_inverse",
    "R with L(R(i)) == i over the contiguous image of L",
    "%r = cute.right_inverse(%l) : (!cute.layout<\"(4,3):(3,1)\">) -> !cute.layout<\"(3,4):(4,1)\">",
    (ins Cute_LayoutType:$input), Cute_LayoutType>;
def Cute_LeftInverseOp : Cute_FnOp<"left_inverse",
    "R with R(L(i)) == i for an injective L",
    "%r = cute.left_inverse(%l) : (!cute.layout<\"(4,3):(1,4)\">) -> !cute.layout<\"12:1\">",
    (ins Cute_LayoutType:$input), Cute_LayoutType>;

//===----------------------------------------------------------------------===//
// Products and divides
//===----------------------------------------------------------------------===//

class Cute_ProductOp<string mnemonic, string example>
    : Cute_FnOp<mnemonic, "CuTe's " # mnemonic # " of a layout by a layout",
                example, (ins Cute_LayoutLikeType:$lhs, Cute_LayoutType:$rhs),
                Cute_LayoutLikeType>;
def Cute_LogicalProductOp : Cute_ProductOp<"logical_product",
    "%r = cute.logical_product(%a, %b) : (!cute.layout<\"(3,4):(4,1)\">, !cute.layout<\"(2,5):(1,2)\">) -> !cute.layout<\"((3,4),(2,5)):((4,1),(12,24))\">">;
def Cute_ZippedProductOp : Cute_ProductOp<"zipped_product",
    "%r = cute.zipped_product(%a, %b) : (!cute.layout<\"(3,4):(4,1)\">, !cute.layout<\"(2,5):(1,2)\">) -> !cute.layout<\"((3,4),(2,5)):((4,1),(12,24))\">">;
def Cute_TiledProductOp : Cute_ProductOp<"tiled_product",
    "%r = cute.tiled_product(%a, %b) : (!cute.layout<\"(3,4):(4,1)\">, !cute.layout<\"(2,5):(1,2)\">) -> !cute.layout<\"((3,4),2,5):((4,1),12,24)\">">;
def Cute_FlatProductOp : Cute_ProductOp<"flat_product",
    "%r = cute.flat_product(%a, %b) : (!cute.layout<\"(3,4):(4,1)\">, !cute.layout<\"(2,5):(1,2)\">) -> !cute.layout<\"(3,4,2,5):(4,1,12,24)\">">;
def Cute_RakedProductOp : Cute_ProductOp<"raked_product",
    "%r = cute.raked_product(%a, %b) : (!cute.layout<\"(3,4):(4,1)\">, !cute.layout<\"(2,5):(1,2)\">) -> !cute.layout<\"((2,3),(5,4)):((12,4),(24,1))\">">;
def Cute_BlockedProductOp : Cute_ProductOp<"blocked_product",
    "%r = cute.blocked_product(%a, %b) : (!cute.layout<\"(3,4):(4,1)\">, !cute.layout<\"(2,5):(1,2)\">) -> !cute.layout<\"((3,2),(4,5)):((4,12),(1,24))\">">;

class Cute_DivideOp<string mnemonic, string example>
    : Cute_FnOp<mnemonic, "CuTe's " # mnemonic # " of a layout by a tiler",
                example, (ins Cute_LayoutLikeType:$input,
                    AnyTypeOf<[Cute_LayoutType, Cute_TileType, Cute_ShapeType]>:$tiler),
                Cute_LayoutLikeType>;
def Cute_LogicalDivideOp : Cute_DivideOp<"logical_divide",
    "%r = cute.logical_divide(%a, %t) : (!cute.layout<\"(6,8):(8,1)\">, !cute.shape<\"(3,4)\">) -> !cute.layout<\"((3,2),(4,2)):((8,24),(1,4))\">">;
def Cute_ZippedDivideOp : Cute_DivideOp<"zipped_divide",
    "%r = cute.zipped_divide(%a, %t) : (!cute.layout<\"(6,8):(8,1)\">, !cute.shape<\"(3,4)\">) -> !cute.layout<\"((3,4),(2,2)):((8,1),(24,4))\">">;
def Cute_TiledDivideOp : Cute_DivideOp<"tiled_divide",
    "%r = cute.tiled_divide(%a, %t) : (!cute.layout<\"(6,8):(8,1)\">, !cute.shape<\"(3,4)\">) -> !cute.layout<\"((3,4),2,2):((8,1),24,4)\">">;
def Cute_FlatDivideOp : Cute_DivideOp<"flat_divide",
    "%r = cute.flat_divide(%a, %t) : (!cute.layout<\"(6,8):(8,1)\">, !cute.shape<\"(3,4)\">) -> !cute.layout<\"(3,4,2,2):(8,1,24,4)\">">;

def Cute_TileToShapeOp : Cute_AlgebraOp<"tile_to_shape"> {
  let summary = "Replicates a block layout to fill a shape (in an optional order)";
  let description = [{
    ```mlir
    %r = cute.tile_to_shape(%a, %s) : (!cute.layout<"(3,2):(1,3)">, !cute.shape<"(6,8)">) -> !cute.layout<"((3,2),(2,4)):((1,6),(3,12))">
    ```
  }];
  let arguments = (ins Cute_LayoutLikeType:$input, Cute_ShapeType:$shape,
                   Optional<Cute_IntTupleType>:$order);
  let results = (outs Cute_LayoutLikeType:$result);
}

def Cute_TileToMmaShapeOp : Cute_AlgebraOp<"tile_to_mma_shape"> {
  let summary = "The shared-memory layout of an MMA operand tile from a "
                "swizzle atom (CuTe's UMMA::tile_to_mma_shape)";
  let description = [{
    `%atom` is an (M, K) (or (N, K)) swizzle atom, e.g. CuTe's
    UMMA::Layout_K_SW128_Atom<half_t> `S<3,3,3> o 0 o (8,64):(64,1)`;
    `%shape` the operand's MMA tile shape ((MMA_M, MMA_K), M_MMAs, K_MMAs,
    ...) as `cute.mma_partition` shapes it. The atom is tiled to
    ((MMA_M, M_MMAs), (MMA_K, K_MMAs), ...) with `cute.tile_to_shape` (in
    `%order` if given) and divided by (MMA_M, MMA_K) with
    `cute.tiled_divide`: the result has the MMA tile's modes, and a swizzle
    of a composed atom is kept.
    ```mlir
    %r = cute.tile_to_mma_shape(%a, %s) : (!cute.composed_layout<"S<3,3,3> o 0 o (8,64):(64,1)">, !cute.shape<"((128,16),1,4)">) -> !cute.composed_layout<"S<3,3,3> o 0 o ((128,16),1,4):((64,1),0,16)">
    ```
  }];
  let arguments = (ins Cute_LayoutLikeType:$input, Cute_ShapeType:$shape,
                   Optional<Cute_IntTupleType>:$order);
  let results = (outs Cute_LayoutLikeType:$result);
}

include "cute/Dialect/Cute/IR/CuteTensorOps.td"
include "cute/Dialect/Cute/IR/CuteMmaOps.td"
include "cute/Dialect/Cute/IR/CuteMathOps.td"
include "cute/Dialect/Cute/IR/CuteMmaReduceOps.td"
include "cute/Dialect/Cute/IR/CuteSchedulerOps.td"
include "cute/Dialect/Cute/IR/CuteScalarOps.td"

#endif // CUTE_OPS_TD
