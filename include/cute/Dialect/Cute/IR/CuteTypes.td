//===- CuteTypes.td - cute types ----------------------------*- tablegen -*-===//
#ifndef CUTE_TYPES_TD
#define CUTE_TYPES_TD

include "cute/Dialect/Cute/IR/CuteDialect.td"
include "mlir/IR/AttrTypeBase.td"

include "cute/Dialect/Cute/IR/CuteInterfaces.td"

// A value in CuTe notation, parsed once when the type or attribute is made:
// the storage holds the layout library's structure (dynamic leaves are
// symbols numbered in text order), and the text is printed from it. Two
// spellings of one value are the same type.
class Cute_ValueParameter<string kind>
    : AttrOrTypeParameter<"::mlir::cute::CuteValue",
                          "a " # kind # " in CuTe notation"> {
  let parser = "::mlir::cute::parseCuteValueText($_parser, ::mlir::cute::CuteKind::" # kind # ")";
  let printer = "::mlir::cute::printCuteValueText($_printer, $_self)";
  let cppAccessorType = "const ::mlir::cute::CuteValue &";
}

class Cute_Type<string name, string typeMnemonic, string kind, string what,
                string example>
    : TypeDef<Cute_Dialect, name, [Cute_ValueTypeInterface]> {
  let mnemonic = typeMnemonic;
  let summary = what;
  let description = "A " # what # " in CuTe notation, e.g. `" # example # "`.";
  let parameters = (ins Cute_ValueParameter<kind>:$value);
  // `<"text">`, parsed by the layout library (one definition for all kinds).
  let hasCustomAssemblyFormat = 1;
  let extraClassDefinition = [{
    ::mlir::Type $cppClass::parse(::mlir::AsmParser &parser) {
      auto v = ::mlir::cute::parseCuteValueBody(parser,
          ::mlir::cute::CuteKind::}] # kind # [{);
      if (::mlir::failed(v))
        return {};
      return $cppClass::get(parser.getContext(), *v);
    }
    void $cppClass::print(::mlir::AsmPrinter &printer) const {
      ::mlir::cute::printCuteValueBody(printer, getValue());
    }
  }];
  let builders = [
    // Canonicalizes the dynamic leaves of a computed value (expressions
    // become numbered symbols) so that the type equals its parsed text.
    TypeBuilder<(ins "const ::mlir::cute::CuteValue &":$v), [{
      return $_get($_ctxt, v.canonical());
    }]>
  ];
  let skipDefaultBuilders = 1;
}

def Cute_IntTupleType : Cute_Type<"IntTuple", "int_tuple", "IntTuple",
    "hierarchical integer tuple", "!cute.int_tuple<\"(?,(2,3))\">"> {
  // Operand diagnostics name this (as CuTe IR does).
  let summary = "Scalar integer or recursive tuple of integers";
}
def Cute_ShapeType : Cute_Type<"Shape", "shape", "Shape", "shape",
    "!cute.shape<\"(4,(2,8))\">"> {
  // Operand diagnostics name this (as CuTe IR does).
  let summary = "Scalar integer or recursive tuple of shape extents";
}
def Cute_StrideType : Cute_Type<"Stride", "stride", "Stride",
    "stride (integers or scaled basis elements)",
    "!cute.stride<\"(1@0,1@1)\">"> {
  // Operand diagnostics name this (as CuTe IR does).
  let summary = "Scalar or recursive tuple of stride elements";
}
def Cute_CoordType : Cute_Type<"Coord", "coord", "Coord",
    "coordinate (`_` keeps a mode when slicing)", "!cute.coord<\"(_,?)\">"> {
  // Operand diagnostics name this (as CuTe IR does).
  let summary = "Scalar integer, underscore wildcard, or recursive tuple of coordinates";
}
def Cute_LayoutType : Cute_Type<"Layout", "layout", "Layout", "layout (shape:stride)",
    "!cute.layout<\"(4,(2,8)):(16,(1,4))\">"> {
  // Operand diagnostics name this (as CuTe IR does).
  let summary = "CuTe layout: a shape/stride pair";
}
def Cute_TileType : Cute_Type<"Tile", "tile", "Tile",
    "tiler (per-mode layouts, `_` or nested tiles)",
    "!cute.tile<\"[4:1;(2,2):(1,8)]\">"> {
  // Operand diagnostics name this (as CuTe IR does).
  let summary = "CuTe tile: a recursive sequence of layouts and underscores";
}
def Cute_ComposedLayoutType : Cute_Type<"ComposedLayout", "composed_layout", "ComposedLayout",
    "composed layout A o offset o B",
    "!cute.composed_layout<\"S<3,4,3> o 0 o (8,64):(64,1)\">"> {
  // Operand diagnostics name this (as CuTe IR does).
  let summary = "CuTe composed layout: A ∘ offset ∘ B";
}
def Cute_SwizzleType : Cute_Type<"Swizzle", "swizzle", "Swizzle", "swizzle functor",
    "!cute.swizzle<\"S<3,4,3>\">"> {
  // Operand diagnostics name this (as CuTe IR does).
  let summary = "CuTe swizzle: S<num_bits, num_base, num_shift>";
}

def Cute_AnyType : AnyTypeOf<[Cute_IntTupleType, Cute_ShapeType,
    Cute_StrideType, Cute_CoordType, Cute_LayoutType, Cute_TileType,
    Cute_ComposedLayoutType, Cute_SwizzleType], "any cute type">;
def Cute_TupleLikeType : AnyTypeOf<[Cute_IntTupleType, Cute_ShapeType,
    Cute_StrideType, Cute_CoordType], "cute int_tuple, shape, stride or coord">;
def Cute_LayoutLikeType : AnyTypeOf<[Cute_LayoutType, Cute_ComposedLayoutType],
    "!cute.layout or !cute.composed_layout">;
def Cute_DynamicIntType : AnyTypeOf<[I1, I8, I16, I32, I64, Cute_IntTupleType],
    "integer or depth-0 !cute.int_tuple">;

include "cute/Dialect/Cute/IR/CuteAttrs.td"
include "cute/Dialect/Cute/IR/CuteTensorTypes.td"

#endif // CUTE_TYPES_TD
