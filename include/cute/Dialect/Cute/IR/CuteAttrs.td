//===- CuteAttrs.td - #cute.* value attributes --------------*- tablegen -*-===//
//
// CuTe IR's attribute kinds: one per value kind, spelled like the types
// (`#cute.layout<"(4,8):(8,1)">`). Op parameters that are layouts, tiles or
// shapes are these attributes, so an op reads a parsed value instead of
// parsing a string.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_ATTRS_TD
#define CUTE_ATTRS_TD

include "cute/Dialect/Cute/IR/CuteDialect.td"
include "cute/Dialect/Cute/IR/CuteInterfaces.td"
include "mlir/IR/AttrTypeBase.td"

class Cute_ValueAttr<string name, string attrMnemonic, string kind,
                     string example>
    : AttrDef<Cute_Dialect, name, [Cute_ValueAttrInterface]> {
  let mnemonic = attrMnemonic;
  let summary = "a " # attrMnemonic # " value (CuTe IR's #cute." #
                attrMnemonic # ")";
  let description = "e.g. `" # example # "`; the text is parsed once and "
                    "checked by the same rules as `!cute." # attrMnemonic #
                    "`.";
  let parameters = (ins Cute_ValueParameter<kind>:$value);
  let hasCustomAssemblyFormat = 1;
  let extraClassDefinition = [{
    ::mlir::Attribute $cppClass::parse(::mlir::AsmParser &parser,
                                       ::mlir::Type) {
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
    AttrBuilder<(ins "const ::mlir::cute::CuteValue &":$v), [{
      return $_get($_ctxt, v.canonical());
    }]>
  ];
  let skipDefaultBuilders = 1;
}

def Cute_IntTupleAttr : Cute_ValueAttr<"IntTuple", "int_tuple", "IntTuple",
    "#cute.int_tuple<\"(2,(3,?))\">">;
def Cute_ShapeAttr : Cute_ValueAttr<"Shape", "shape", "Shape",
    "#cute.shape<\"(64,32)\">">;
def Cute_StrideAttr : Cute_ValueAttr<"Stride", "stride", "Stride",
    "#cute.stride<\"(1@0,1@1)\">">;
def Cute_CoordAttr : Cute_ValueAttr<"Coord", "coord", "Coord",
    "#cute.coord<\"(_,0)\">">;
def Cute_LayoutAttr : Cute_ValueAttr<"Layout", "layout", "Layout",
    "#cute.layout<\"(32,4):(4,1)\">">;
def Cute_TileAttr : Cute_ValueAttr<"Tile", "tile", "Tile",
    "#cute.tile<\"[64:1;32:1]\">">;
def Cute_ComposedLayoutAttr : Cute_ValueAttr<"ComposedLayout",
    "composed_layout", "ComposedLayout",
    "#cute.composed_layout<\"S<3,4,3> o 0 o (8,64):(64,1)\">">;
def Cute_SwizzleAttr : Cute_ValueAttr<"Swizzle", "swizzle", "Swizzle",
    "#cute.swizzle<\"S<3,4,3>\">">;

// A tiler: a tile, a shape (one layout `n:1` per mode, as CuTe's
// Tiler-from-Shape) or a single layout.
def Cute_TilerAttr : AnyAttrOf<[Cute_TileAttr, Cute_ShapeAttr, Cute_LayoutAttr]>;

#endif // CUTE_ATTRS_TD
