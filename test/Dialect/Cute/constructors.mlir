// RUN: cute-opt %s | FileCheck %s
// RUN: cute-opt %s --mlir-print-op-generic | cute-opt | FileCheck %s
// RUN: cute-opt %s | cute-opt | FileCheck %s

// Constructors: static, make_int_tuple/shape/stride/coord/tile, make_layout,
// make_composed_layout (incl. the S<0,..> o 0 decay), make_identity_layout,
// make_ordered_layout, make_layout_like, print. Every declared result type is
// checked against inference at parse time; expected values are CuTe C++ results
// derived by hand (see comments in the op descriptions / CuTe layout.hpp).

// CHECK-LABEL: func.func @make_tuples
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.make_int_tuple() : () -> !cute.int_tuple<"4">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.make_int_tuple(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (i32, i32) -> !cute.int_tuple<"(?,?)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.make_int_tuple(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (i32, !cute.int_tuple<"?">) -> !cute.int_tuple<"(?,?)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.make_shape(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (i32, i32) -> !cute.shape<"((32,?,?),64)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.make_shape(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (i64, i32) -> !cute.shape<"(?{i64},?)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.make_stride(%{{[a-zA-Z0-9_#:]+}}) : (i32) -> !cute.stride<"(0,?@0)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.make_stride() : () -> !cute.stride<"1@1@0">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.make_stride(%{{[a-zA-Z0-9_#:]+}}) : (!cute.int_tuple<"4">) -> !cute.stride<"?">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.make_coord(%{{[a-zA-Z0-9_#:]+}}) : (i32) -> !cute.coord<"(?,(_,2))">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.make_tile() : () -> !cute.tile<"[(2,3):(1,2);_]">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.make_tile(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (i32, i32) -> !cute.tile<"[(?,3):(1,?);_]">
func.func @make_tuples(%a: i32, %b: i32, %w: i64, %t: !cute.int_tuple<"?">, %s4: !cute.int_tuple<"4">) {
  %0 = cute.make_int_tuple() : () -> !cute.int_tuple<"4">
  %1 = cute.make_int_tuple(%a, %b) : (i32, i32) -> !cute.int_tuple<"(?,?)">
  %2 = cute.make_int_tuple(%a, %t) : (i32, !cute.int_tuple<"?">) -> !cute.int_tuple<"(?,?)">
  %3 = cute.make_shape(%a, %b) : (i32, i32) -> !cute.shape<"((32,?,?),64)">
  %4 = cute.make_shape(%w, %a) : (i64, i32) -> !cute.shape<"(?{i64},?{i32})">
  %5 = cute.make_stride(%a) : (i32) -> !cute.stride<"(0,?@0)">
  %6 = cute.make_stride() : () -> !cute.stride<"1@1@0">
  %7 = cute.make_stride(%s4) : (!cute.int_tuple<"4">) -> !cute.stride<"?">
  %8 = cute.make_coord(%a) : (i32) -> !cute.coord<"(?,(_,2))">
  %9 = cute.make_tile() : () -> !cute.tile<"[(2,3):(1,2);_]">
  %10 = cute.make_tile(%a, %b) : (i32, i32) -> !cute.tile<"[(?,3):(1,?);_]">
  return
}

// CHECK-LABEL: func.func @make_layouts
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.make_layout(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.shape<"(?,2)">, !cute.stride<"(?,4)">) -> !cute.layout<"(?,2):(?,4)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.make_composed_layout(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.swizzle<"S<3,5,4>">, <"0">, <"(8,4):(1,8)">) -> !cute.composed_layout<"S<3,5,4> o 0 o (8,4):(1,8)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.make_composed_layout(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.layout<"(4,5):(1,4)">, <"2">, <"(2,3):(1,2)">) -> !cute.composed_layout<"(4,5):(1,4) o 2 o (2,3):(1,2)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.make_composed_layout(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.swizzle<"S<0,4,3>">, <"0">, <"(8,4):(1,8)">) -> !cute.layout<"(8,4):(1,8)">
func.func @make_layouts(%s: !cute.shape<"(?,2)">, %d: !cute.stride<"(?,4)">, %sw: !cute.swizzle<"S<3,5,4>">, %off: !cute.int_tuple<"0">, %b: !cute.layout<"(8,4):(1,8)">, %a: !cute.layout<"(4,5):(1,4)">, %o2: !cute.int_tuple<"2">, %b2: !cute.layout<"(2,3):(1,2)">, %sw0: !cute.swizzle<"S<0,4,3>">) {
  %0 = cute.make_layout(%s, %d) : (!cute.shape<"(?,2)">, !cute.stride<"(?,4)">) -> !cute.layout<"(?,2):(?,4)">
  %1 = cute.make_composed_layout(%sw, %off, %b) : (!cute.swizzle<"S<3,5,4>">, !cute.int_tuple<"0">, !cute.layout<"(8,4):(1,8)">) -> !cute.composed_layout<"S<3,5,4> o 0 o (8,4):(1,8)">
  %2 = cute.make_composed_layout(%a, %o2, %b2) : (!cute.layout<"(4,5):(1,4)">, !cute.int_tuple<"2">, !cute.layout<"(2,3):(1,2)">) -> !cute.composed_layout<"(4,5):(1,4) o 2 o (2,3):(1,2)">
  %3 = cute.make_composed_layout(%sw0, %off, %b) : (!cute.swizzle<"S<0,4,3>">, !cute.int_tuple<"0">, !cute.layout<"(8,4):(1,8)">) -> !cute.layout<"(8,4):(1,8)">
  return
}

// CHECK-LABEL: func.func @make_special
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.make_identity_layout(%{{[a-zA-Z0-9_#:]+}}) : !cute.shape<"(?,3)"> -> !cute.layout<"(?,3):(1@0,1@1)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.make_identity_layout(%{{[a-zA-Z0-9_#:]+}}) : !cute.shape<"(2,(3,4),5)"> -> !cute.layout<"(2,(3,4),5):(1@0,(1@0@1,1@1@1),1@2)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.make_identity_layout(%{{[a-zA-Z0-9_#:]+}}) : !cute.shape<"7"> -> !cute.layout<"7:1">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.make_ordered_layout(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.shape<"(4,2)">, !cute.int_tuple<"(1,0)">) -> !cute.layout<"(4,2):(2,1)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.make_ordered_layout(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.shape<"(4,3,?,2)">, !cute.int_tuple<"(2,1,3,4)">) -> !cute.layout<"(4,3,?,2):(3,1,12,?)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.make_layout_like(%{{[a-zA-Z0-9_#:]+}}) : !cute.layout<"(4,2):(4,1)"> -> !cute.layout<"(4,2):(2,1)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.make_layout_like(%{{[a-zA-Z0-9_#:]+}}) : !cute.composed_layout<"S<3,5,4> o 0 o (4,2):(1,4)"> -> !cute.layout<"(4,2):(1,4)">
// CHECK: cute.print(%{{[a-zA-Z0-9_#:]+}}) : !cute.layout<"(4,2):(4,1)">
// CHECK: cute.print(%{{[a-zA-Z0-9_#:]+}}) : !cute.composed_layout<"S<3,5,4> o 0 o (4,2):(1,4)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.static : !cute.layout<"(2,3):(1,2)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.static : !cute.shape<"5">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.static : !cute.swizzle<"S<3,5,4>">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.static : !cute.tile<"[4:1;_]">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.static : !cute.coord<"(_,1)">
func.func @make_special(%s: !cute.shape<"(?,3)">, %n: !cute.shape<"(2,(3,4),5)">, %s42: !cute.shape<"(4,2)">, %o10: !cute.int_tuple<"(1,0)">, %s4: !cute.shape<"(4,3,?,2)">, %o4: !cute.int_tuple<"(2,1,3,4)">, %l: !cute.layout<"(4,2):(4,1)">, %c: !cute.composed_layout<"S<3,5,4> o 0 o (4,2):(1,4)">, %sc: !cute.shape<"7">) {
  %0 = cute.make_identity_layout(%s) : !cute.shape<"(?,3)"> -> !cute.layout<"(?,3):(1@0,1@1)">
  %1 = cute.make_identity_layout(%n) : !cute.shape<"(2,(3,4),5)"> -> !cute.layout<"(2,(3,4),5):(1@0,(1@0@1,1@1@1),1@2)">
  %2 = cute.make_identity_layout(%sc) : !cute.shape<"7"> -> !cute.layout<"7:1">
  %3 = cute.make_ordered_layout(%s42, %o10) : (!cute.shape<"(4,2)">, !cute.int_tuple<"(1,0)">) -> !cute.layout<"(4,2):(2,1)">
  %4 = cute.make_ordered_layout(%s4, %o4) : (!cute.shape<"(4,3,?,2)">, !cute.int_tuple<"(2,1,3,4)">) -> !cute.layout<"(4,3,?,2):(3,1,12,?)">
  %5 = cute.make_layout_like(%l) : !cute.layout<"(4,2):(4,1)"> -> !cute.layout<"(4,2):(2,1)">
  %6 = cute.make_layout_like(%c) : !cute.composed_layout<"S<3,5,4> o 0 o (4,2):(1,4)"> -> !cute.layout<"(4,2):(1,4)">
  cute.print(%l) : !cute.layout<"(4,2):(4,1)">
  cute.print(%c) : !cute.composed_layout<"S<3,5,4> o 0 o (4,2):(1,4)">
  %7 = cute.static : !cute.layout<"(2,3):(1,2)">
  %8 = cute.static : !cute.shape<"5">
  %9 = cute.static : !cute.swizzle<"S<3,5,4>">
  %10 = cute.static : !cute.tile<"[4:1;_]">
  %11 = cute.static : !cute.coord<"(_,1)">
  return
}
