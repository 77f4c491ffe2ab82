//===- CuteTypes.td - cute types ----------------------------*- tablegen -*-===//
#ifndef CUTE_TYPES_TD
#define CUTE_TYPES_TD

include "cute/Dialect/Cute/IR/CuteDialect.td"
include "mlir/IR/AttrTypeBase.td"

// Every cute type holds one value in canonical CuTe notation. Parsing runs
// the layout library, which validates the text and re-prints it canonically,
// so two spellings of one value are the same type.
class Cute_Type<string name, string typeMnemonic, string what, string example>
    : TypeDef<Cute_Dialect, name> {
  let mnemonic = typeMnemonic;
  let summary = what;
  let description = "A " # what # " in CuTe notation, e.g. `" # example # "`.";
  let parameters = (ins StringRefParameter<"canonical CuTe notation">:$spec);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// True when no leaf is dynamic.
    bool isStatic() const;
  }];
}

def Cute_IntTupleType : Cute_Type<"IntTuple", "int_tuple",
    "hierarchical integer tuple", "!cute.int_tuple<\"(?,(2,3))\">">;
def Cute_ShapeType : Cute_Type<"Shape", "shape", "shape",
    "!cute.shape<\"(4,(2,8))\">">;
def Cute_StrideType : Cute_Type<"Stride", "stride",
    "stride (integers or scaled basis elements)",
    "!cute.stride<\"(1@0,1@1)\">">;
def Cute_CoordType : Cute_Type<"Coord", "coord",
    "coordinate (`_` keeps a mode when slicing)", "!cute.coord<\"(_,?)\">">;
def Cute_LayoutType : Cute_Type<"Layout", "layout", "layout (shape:stride)",
    "!cute.layout<\"(4,(2,8)):(16,(1,4))\">">;
def Cute_TileType : Cute_Type<"Tile", "tile",
    "tiler (per-mode layouts, `_` or nested tiles)",
    "!cute.tile<\"[4:1;(2,2):(1,8)]\">">;
def Cute_ComposedLayoutType : Cute_Type<"ComposedLayout", "composed_layout",
    "composed layout A o offset o B",
    "!cute.composed_layout<\"S<3,4,3> o 0 o (8,64):(64,1)\">">;
def Cute_SwizzleType : Cute_Type<"Swizzle", "swizzle", "swizzle functor",
    "!cute.swizzle<\"S<3,4,3>\">">;

def Cute_AnyType : AnyTypeOf<[Cute_IntTupleType, Cute_ShapeType,
    Cute_StrideType, Cute_CoordType, Cute_LayoutType, Cute_TileType,
    Cute_ComposedLayoutType, Cute_SwizzleType], "any cute type">;
def Cute_TupleLikeType : AnyTypeOf<[Cute_IntTupleType, Cute_ShapeType,
    Cute_StrideType, Cute_CoordType], "cute int_tuple, shape, stride or coord">;
def Cute_LayoutLikeType : AnyTypeOf<[Cute_LayoutType, Cute_ComposedLayoutType],
    "cute layout or composed_layout">;
def Cute_DynamicIntType : AnyTypeOf<[I1, I8, I16, I32, I64, Cute_IntTupleType],
    "integer or depth-0 !cute.int_tuple">;

include "cute/Dialect/Cute/IR/CuteTensorTypes.td"

#endif // CUTE_TYPES_TD
