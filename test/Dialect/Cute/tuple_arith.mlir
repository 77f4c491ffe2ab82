// RUN: cute-opt %s | FileCheck %s
// RUN: cute-opt %s --mlir-print-op-generic | cute-opt | FileCheck %s
// RUN: cute-opt %s | cute-opt | FileCheck %s

// Tuple arithmetic: tuple_add, tuple_sub (trailing modes pass through, as in
// CuTe IR), shape_div, ceil_div (int, shape and tile tilers; a layout tile
// divides the whole input: shape(complement(tiler, shape(input))), CuTe C++),
// elem_less, equal.

// CHECK-LABEL: func.func @add_sub
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.tuple_add(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.int_tuple<"(1,2,3)">, !cute.int_tuple<"(4,5)">) -> !cute.int_tuple<"(5,7,3)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.tuple_sub(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.int_tuple<"(10,8)">, !cute.int_tuple<"(3,2,5)">) -> !cute.int_tuple<"(7,6,5)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.tuple_add(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.shape<"(?,(2,3))">, !cute.shape<"(4,(1,?))">) -> !cute.shape<"(?,(3,?))">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.tuple_sub(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.int_tuple<"7">, !cute.int_tuple<"?">) -> !cute.int_tuple<"?">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.tuple_sub(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.int_tuple<"7">, !cute.int_tuple<"7">) -> !cute.int_tuple<"0">
func.func @add_sub(%a: !cute.int_tuple<"(1,2,3)">, %b: !cute.int_tuple<"(4,5)">, %c: !cute.int_tuple<"(10,8)">, %d: !cute.int_tuple<"(3,2,5)">, %e: !cute.shape<"(?,(2,3))">, %f: !cute.shape<"(4,(1,?))">, %g: !cute.int_tuple<"7">, %h: !cute.int_tuple<"?">) {
  %0 = cute.tuple_add(%a, %b) : (!cute.int_tuple<"(1,2,3)">, !cute.int_tuple<"(4,5)">) -> !cute.int_tuple<"(5,7,3)">
  %1 = cute.tuple_sub(%c, %d) : (!cute.int_tuple<"(10,8)">, !cute.int_tuple<"(3,2,5)">) -> !cute.int_tuple<"(7,6,5)">
  %2 = cute.tuple_add(%e, %f) : (!cute.shape<"(?,(2,3))">, !cute.shape<"(4,(1,?))">) -> !cute.shape<"(?,(3,?))">
  %3 = cute.tuple_sub(%g, %h) : (!cute.int_tuple<"7">, !cute.int_tuple<"?">) -> !cute.int_tuple<"?">
  %4 = cute.tuple_sub(%g, %g) : (!cute.int_tuple<"7">, !cute.int_tuple<"7">) -> !cute.int_tuple<"0">
  return
}

// CHECK-LABEL: func.func @shape_div
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.shape_div(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.shape<"(4,5,6)">, !cute.shape<"40">) -> !cute.shape<"(1,1,3)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.shape_div(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.shape<"(6,8)">, !cute.shape<"(2,4)">) -> !cute.shape<"(3,2)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.shape_div(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.shape<"12">, !cute.shape<"3">) -> !cute.shape<"4">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.shape_div(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.shape<"3">, !cute.shape<"12">) -> !cute.shape<"1">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.shape_div(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.shape<"(3,?)">, !cute.shape<"3">) -> !cute.shape<"(1,?)">
func.func @shape_div(%a: !cute.shape<"(4,5,6)">, %b: !cute.shape<"40">, %c: !cute.shape<"(6,8)">, %d: !cute.shape<"(2,4)">, %e: !cute.shape<"12">, %f: !cute.shape<"8">, %g: !cute.shape<"3">, %h: !cute.shape<"(3,?)">) {
  %0 = cute.shape_div(%a, %b) : (!cute.shape<"(4,5,6)">, !cute.shape<"40">) -> !cute.shape<"(1,1,3)">
  %1 = cute.shape_div(%c, %d) : (!cute.shape<"(6,8)">, !cute.shape<"(2,4)">) -> !cute.shape<"(3,2)">
  %2 = cute.shape_div(%e, %g) : (!cute.shape<"12">, !cute.shape<"3">) -> !cute.shape<"4">
  %3 = cute.shape_div(%g, %e) : (!cute.shape<"3">, !cute.shape<"12">) -> !cute.shape<"1">
  %4 = cute.shape_div(%h, %g) : (!cute.shape<"(3,?)">, !cute.shape<"3">) -> !cute.shape<"(1,?)">
  return
}

// CHECK-LABEL: func.func @ceil_div
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.ceil_div(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.int_tuple<"(8,16)">, !cute.tile<"((4,8)):((1,4))">) -> !cute.int_tuple<"4">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.ceil_div(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.shape<"(10,7)">, !cute.shape<"(4,2)">) -> !cute.shape<"(3,4)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.ceil_div(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.int_tuple<"(10,7,3)">, !cute.tile<"[4:1;2:1]">) -> !cute.int_tuple<"(3,4,3)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.ceil_div(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.int_tuple<"7">, !cute.int_tuple<"3">) -> !cute.int_tuple<"3">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.ceil_div(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.int_tuple<"?">, !cute.int_tuple<"3">) -> !cute.int_tuple<"?">
func.func @ceil_div(%a: !cute.int_tuple<"(8,16)">, %t: !cute.tile<"((4,8)):((1,4))">, %b: !cute.shape<"(10,7)">, %c: !cute.shape<"(4,2)">, %d: !cute.int_tuple<"(10,7,3)">, %e: !cute.tile<"[4:1;2:1]">, %f: !cute.int_tuple<"?">, %g: !cute.int_tuple<"7">, %h: !cute.int_tuple<"3">) {
  %0 = cute.ceil_div(%a, %t) : (!cute.int_tuple<"(8,16)">, !cute.tile<"((4,8)):((1,4))">) -> !cute.int_tuple<"4">
  %1 = cute.ceil_div(%b, %c) : (!cute.shape<"(10,7)">, !cute.shape<"(4,2)">) -> !cute.shape<"(3,4)">
  %2 = cute.ceil_div(%d, %e) : (!cute.int_tuple<"(10,7,3)">, !cute.tile<"[4:1;2:1]">) -> !cute.int_tuple<"(3,4,3)">
  %3 = cute.ceil_div(%g, %h) : (!cute.int_tuple<"7">, !cute.int_tuple<"3">) -> !cute.int_tuple<"3">
  %4 = cute.ceil_div(%f, %h) : (!cute.int_tuple<"?">, !cute.int_tuple<"3">) -> !cute.int_tuple<"?">
  return
}

// CHECK-LABEL: func.func @compare
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.elem_less(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.coord<"(3,4)">, !cute.shape<"(5,6)">) -> i1
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.elem_less(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.int_tuple<"(?,(1,2))">, !cute.coord<"(?,(?,4))">) -> i1
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.equal(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.layout<"(4,8):(1,4)">, !cute.layout<"(4,8):(1,4)">) -> i1
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.equal(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.layout<"(4,8):(1,4)">, !cute.layout<"(4,?):(1,4)">) -> i1
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.equal(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.stride<"(1@0,1@1)">, !cute.stride<"(1@0,1@1)">) -> i1
func.func @compare(%a: !cute.coord<"(3,4)">, %b: !cute.shape<"(5,6)">, %c: !cute.int_tuple<"(?,(1,2))">, %d: !cute.coord<"(?,(?,4))">, %l: !cute.layout<"(4,8):(1,4)">, %m: !cute.layout<"(4,?):(1,4)">, %s: !cute.stride<"(1@0,1@1)">) {
  %0 = cute.elem_less(%a, %b) : (!cute.coord<"(3,4)">, !cute.shape<"(5,6)">) -> i1
  %1 = cute.elem_less(%c, %d) : (!cute.int_tuple<"(?,(1,2))">, !cute.coord<"(?,(?,4))">) -> i1
  %2 = cute.equal(%l, %l) : (!cute.layout<"(4,8):(1,4)">, !cute.layout<"(4,8):(1,4)">) -> i1
  %3 = cute.equal(%l, %m) : (!cute.layout<"(4,8):(1,4)">, !cute.layout<"(4,?):(1,4)">) -> i1
  %4 = cute.equal(%s, %s) : (!cute.stride<"(1@0,1@1)">, !cute.stride<"(1@0,1@1)">) -> i1
  return
}

// CHECK-LABEL: func.func @ceil_div_tile
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.ceil_div(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.shape<"(16,32)">, !cute.tile<"(4,8):(1,4)">) -> !cute.shape<"16">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.ceil_div(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.shape<"(?,?)">, !cute.tile<"(4,8):(1,4)">) -> !cute.shape<"?">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.ceil_div(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.int_tuple<"(8)">, !cute.tile<"[2:2]">) -> !cute.int_tuple<"((2,2))">
func.func @ceil_div_tile(%a: !cute.shape<"(16,32)">, %t: !cute.tile<"(4,8):(1,4)">, %b: !cute.shape<"(?,?)">, %c: !cute.int_tuple<"8">, %s: !cute.tile<"[2:2]">, %d: !cute.int_tuple<"(8)">) {
  %0 = cute.ceil_div(%a, %t) : (!cute.shape<"(16,32)">, !cute.tile<"(4,8):(1,4)">) -> !cute.shape<"16">
  %1 = cute.ceil_div(%b, %t) : (!cute.shape<"(?,?)">, !cute.tile<"(4,8):(1,4)">) -> !cute.shape<"?">
  %2 = cute.ceil_div(%d, %s) : (!cute.int_tuple<"(8)">, !cute.tile<"[2:2]">) -> !cute.int_tuple<"((2,2))">
  return
}

// A static scalar 0 is the identity against a tuple (CuTe IR): on either
// side of tuple_add, on the right of tuple_sub. Only at the top level.
// CHECK-LABEL: func.func @add_sub_zero
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.tuple_add(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.int_tuple<"(3,4)">, !cute.int_tuple<"0">) -> !cute.int_tuple<"(3,4)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.tuple_add(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.int_tuple<"0">, !cute.int_tuple<"(3,4)">) -> !cute.int_tuple<"(3,4)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.tuple_add(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.int_tuple<"0">, !cute.int_tuple<"(?,(?,2))">) -> !cute.int_tuple<"(?,(?,2))">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.tuple_sub(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.int_tuple<"(?,(?,2))">, !cute.int_tuple<"0">) -> !cute.int_tuple<"(?,(?,2))">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.tuple_add(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.shape<"(4,8)">, !cute.shape<"0">) -> !cute.shape<"(4,8)">
func.func @add_sub_zero(%a: !cute.int_tuple<"(3,4)">, %z: !cute.int_tuple<"0">, %d: !cute.int_tuple<"(?,(?,2))">, %s: !cute.shape<"(4,8)">, %sz: !cute.shape<"0">) {
  %0 = cute.tuple_add(%a, %z) : (!cute.int_tuple<"(3,4)">, !cute.int_tuple<"0">) -> !cute.int_tuple<"(3,4)">
  %1 = cute.tuple_add(%z, %a) : (!cute.int_tuple<"0">, !cute.int_tuple<"(3,4)">) -> !cute.int_tuple<"(3,4)">
  %2 = cute.tuple_add(%z, %d) : (!cute.int_tuple<"0">, !cute.int_tuple<"(?,(?,2))">) -> !cute.int_tuple<"(?,(?,2))">
  %3 = cute.tuple_sub(%d, %z) : (!cute.int_tuple<"(?,(?,2))">, !cute.int_tuple<"0">) -> !cute.int_tuple<"(?,(?,2))">
  %4 = cute.tuple_add(%s, %sz) : (!cute.shape<"(4,8)">, !cute.shape<"0">) -> !cute.shape<"(4,8)">
  return
}
