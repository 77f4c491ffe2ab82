// RUN: cute-opt %s | FileCheck %s
// RUN: cute-opt %s --mlir-print-op-generic | cute-opt | FileCheck %s

// right_inverse with a negative stride follows CuTe C++ at HEAD
// (layout.hpp right_inverse): strides are sorted as signed values and a mode
// is taken only when its stride equals the running product (starting at 1),
// so neither -1 nor 2 is taken and the result is the trivial 1:0. (Older
// CuTe, and CuTe IR's test, used |stride| and gave (2,3):(-1,2).)

// CHECK-LABEL: func.func @right_inverse_negative
// CHECK: cute.right_inverse(%{{.+}}) : (!cute.layout<"(2,3):(-1,2)">) -> !cute.layout<"1:0">
func.func @right_inverse_negative(%a: !cute.layout<"(2,3):(-1,2)">) {
  %0 = cute.right_inverse(%a) : (!cute.layout<"(2,3):(-1,2)">) -> !cute.layout<"1:0">
  return
}

// CHECK-LABEL: func.func @right_inverse_positive
// CHECK: cute.right_inverse(%{{.+}}) : (!cute.layout<"(2,3):(3,1)">) -> !cute.layout<"(3,2):(2,1)">
func.func @right_inverse_positive(%a: !cute.layout<"(2,3):(3,1)">) {
  %0 = cute.right_inverse(%a) : (!cute.layout<"(2,3):(3,1)">) -> !cute.layout<"(3,2):(2,1)">
  return
}
