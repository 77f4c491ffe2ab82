//===- CuteInterfaces.td - cute op interfaces ---------------*- tablegen -*-===//
#ifndef CUTE_INTERFACES_TD
#define CUTE_INTERFACES_TD

include "mlir/IR/OpBase.td"

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
