//===- CuteEnums.td - Enumerations of the cute ops ----------*- tablegen -*-===//
#ifndef CUTE_ENUMS_TD
#define CUTE_ENUMS_TD

include "cute/Dialect/Cute/IR/CuteDialect.td"
include "mlir/IR/EnumAttr.td"

def Cute_ReduceKind : I32EnumAttr<"ReduceKind", "a reduction's combiner", [
    I32EnumAttrCase<"add", 0>, I32EnumAttrCase<"mul", 1>,
    I32EnumAttrCase<"max", 2>, I32EnumAttrCase<"min", 3>]> {
  let cppNamespace = "::mlir::cute";
  let genSpecializedAttr = 0;
}
def Cute_ReduceKindAttr : EnumAttr<Cute_Dialect, Cute_ReduceKind,
                                   "reduce_kind">;

def Cute_ReduceScope : I32EnumAttr<"ReduceScope", "the threads a reduction "
    "combines", [
    I32EnumAttrCase<"thread", 0>, I32EnumAttrCase<"warp", 1>,
    I32EnumAttrCase<"block", 2>]> {
  let cppNamespace = "::mlir::cute";
  let genSpecializedAttr = 0;
}
def Cute_ReduceScopeAttr : EnumAttr<Cute_Dialect, Cute_ReduceScope,
                                    "reduce_scope">;

def Cute_MmaReduceAxis : I32EnumAttr<"MmaReduceAxis", "the lines of an MMA "
    "accumulator tile a reduction combines", [
    I32EnumAttrCase<"rows", 0>, I32EnumAttrCase<"cols", 1>]> {
  let cppNamespace = "::mlir::cute";
  let genSpecializedAttr = 0;
}
def Cute_MmaReduceAxisAttr : EnumAttr<Cute_Dialect, Cute_MmaReduceAxis,
                                      "mma_reduce_axis">;

def Cute_Dim : I32EnumAttr<"Dim", "a dimension of the thread/block grid", [
    I32EnumAttrCase<"x", 0>, I32EnumAttrCase<"y", 1>,
    I32EnumAttrCase<"z", 2>]> {
  let cppNamespace = "::mlir::cute";
  let genSpecializedAttr = 0;
}
def Cute_DimAttr : EnumAttr<Cute_Dialect, Cute_Dim, "dim">;

#endif // CUTE_ENUMS_TD
