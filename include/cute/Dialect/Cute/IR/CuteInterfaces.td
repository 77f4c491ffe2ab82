//===- CuteInterfaces.td - cute op interfaces ---------------*- tablegen -*-===//
#ifndef CUTE_INTERFACES_TD
#define CUTE_INTERFACES_TD

include "mlir/IR/OpBase.td"

// The value kinds: every layout-like type and `#cute.*` attribute holds a
// parsed CuteValue. Code that reads "any cute value" asks the interface
// instead of testing eight classes.
def Cute_ValueTypeInterface : TypeInterface<"CuteValueTypeInterface"> {
  let cppNamespace = "::mlir::cute";
  let description = [{
    A cute type that carries one value of the layout algebra (an int_tuple,
    shape, stride, coord, layout, tile, composed layout or swizzle), parsed
    when the type is made.
  }];
  let methods = [
    InterfaceMethod<"The value, with dynamic leaves as symbols 0, 1, ... in "
      "text order.", "const ::mlir::cute::CuteValue &", "getValue">,
    InterfaceMethod<"The kind of the value.", "::mlir::cute::CuteKind",
      "getCuteKind", (ins), [{ return $_type.getValue().kind; }]>,
    InterfaceMethod<"True when no leaf is dynamic.", "bool", "isStatic",
      (ins), [{ return $_type.getValue().isStatic(); }]>,
  ];
}

def Cute_ValueAttrInterface : AttrInterface<"CuteValueAttrInterface"> {
  let cppNamespace = "::mlir::cute";
  let description = [{
    A `#cute.*` attribute holding one value of the layout algebra, as the
    op parameters of CuTe IR do (`#cute.layout<"(4,8):(8,1)">`).
  }];
  let methods = [
    InterfaceMethod<"The value.", "const ::mlir::cute::CuteValue &",
      "getValue">,
    InterfaceMethod<"The kind of the value.", "::mlir::cute::CuteKind",
      "getCuteKind", (ins), [{ return $_attr.getValue().kind; }]>,
  ];
}

def Cute_AlgebraOpInterface : OpInterface<"AlgebraOpInterface"> {
  let cppNamespace = "::mlir::cute";
  let description = [{
    An op whose single result is computed by the layout library from its cute
    operands. The same `compute` function infers the result type (operands
    read from their types) and expands dynamic results into arith (operands
    whose dynamic leaves are symbols bound to SSA values).
  }];
  let methods = [
    InterfaceMethod<"Computes the result value from the operand values.",
      "::cute::layout::Expected<::mlir::cute::CuteValue>", "computeResult",
      (ins "::llvm::ArrayRef<::mlir::cute::CuteValue>":$operands), [{}],
      [{ return ::cute::layout::guard([&] {
             return ConcreteOp::compute(operands,
                                        typename ConcreteOp::Adaptor($_op));
           }); }]>,
  ];
}

#endif // CUTE_INTERFACES_TD
