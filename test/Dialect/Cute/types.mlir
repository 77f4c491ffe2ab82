// RUN: cute-opt %s | FileCheck %s
// RUN: cute-opt %s --mlir-print-op-generic | cute-opt | FileCheck %s
// RUN: cute-opt %s | cute-opt | FileCheck %s

// Type syntax round trip: every kind, dynamic widths, basis strides, nested
// tiles, swizzles, composed layouts. Canonical re-printing: `?{i32}` prints as
// `?`, whitespace is dropped.

// CHECK-LABEL: func.func private @int_tuples(!cute.int_tuple<"1">, !cute.int_tuple<"128">, !cute.int_tuple<"?">, !cute.int_tuple<"?{i64}">, !cute.int_tuple<"(1,2)">, !cute.int_tuple<"(?,?{i64})">, !cute.int_tuple<"(1,((2,3),(4,5)))">, !cute.int_tuple<"(((2,2),(2,3)))">, !cute.int_tuple<"()">, !cute.int_tuple<"?">, !cute.int_tuple<"(?{i8},?{i16},?{i1})">, !cute.int_tuple<"(1,2)">)
func.func private @int_tuples(!cute.int_tuple<"1">, !cute.int_tuple<"128">, !cute.int_tuple<"?">, !cute.int_tuple<"?{i64}">, !cute.int_tuple<"(1,2)">, !cute.int_tuple<"(?,?{i64})">, !cute.int_tuple<"(1,((2,3),(4,5)))">, !cute.int_tuple<"(((2,2),(2,3)))">, !cute.int_tuple<"()">, !cute.int_tuple<"?{i32}">, !cute.int_tuple<"(?{i8},?{i16},?{i1})">, !cute.int_tuple<"( 1 , 2 )">)

// CHECK-LABEL: func.func private @shapes(!cute.shape<"5">, !cute.shape<"(1)">, !cute.shape<"((1,1),1)">, !cute.shape<"0">, !cute.shape<"-1">, !cute.shape<"(0,-1,0,0,0)">, !cute.shape<"(?{i64},2)">)
func.func private @shapes(!cute.shape<"5">, !cute.shape<"(1)">, !cute.shape<"((1,1),1)">, !cute.shape<"0">, !cute.shape<"-1">, !cute.shape<"(0,-1,0,0,0)">, !cute.shape<"(?{i64},2)">)

// CHECK-LABEL: func.func private @strides(!cute.stride<"1">, !cute.stride<"?">, !cute.stride<"4@0">, !cute.stride<"?@0">, !cute.stride<"1@1@0">, !cute.stride<"?@1@0">, !cute.stride<"(16,(?,4))">, !cute.stride<"(0,?@0)">, !cute.stride<"(1@0@0,2@1@0)">, !cute.stride<"(1@0,(1@0@1,1@1@1,1@2@1,1@3@1))">, !cute.stride<"-2">)
func.func private @strides(!cute.stride<"1">, !cute.stride<"?">, !cute.stride<"4@0">, !cute.stride<"?@0">, !cute.stride<"1@1@0">, !cute.stride<"?@1@0">, !cute.stride<"(16,(?,4))">, !cute.stride<"(0,?@0)">, !cute.stride<"(1@0@0,2@1@0)">, !cute.stride<"(1@0,(1@0@1,1@1@1,1@2@1,1@3@1))">, !cute.stride<"-2">)

// CHECK-LABEL: func.func private @coords(!cute.coord<"_">, !cute.coord<"(_,?)">, !cute.coord<"(1,_,?)">, !cute.coord<"(_,(?,1))">, !cute.coord<"((_,?),3)">)
func.func private @coords(!cute.coord<"_">, !cute.coord<"(_,?)">, !cute.coord<"(1,_,?)">, !cute.coord<"(_,(?,1))">, !cute.coord<"((_,?),3)">)

// CHECK-LABEL: func.func private @layouts(!cute.layout<"8:1">, !cute.layout<"?:?">, !cute.layout<"1:0">, !cute.layout<"(2,3):(?,2)">, !cute.layout<"((2,3),(4,5)):((1,2),(3,4))">, !cute.layout<"(2,(3,4),5):(12,(4,1),60)">, !cute.layout<"(20):(2)">, !cute.layout<"(2,3):(1@0,1@1)">, !cute.layout<"(2,3):(?@0,?@1)">, !cute.layout<"((2,3),4):((1@0@0,1@1@0),1@1)">, !cute.layout<"():()">, !cute.layout<"(2,3):(-1,2)">)
func.func private @layouts(!cute.layout<"8:1">, !cute.layout<"?:?">, !cute.layout<"1:0">, !cute.layout<"(2,3):(?,2)">, !cute.layout<"((2,3),(4,5)):((1,2),(3,4))">, !cute.layout<"(2,(3,4),5):(12,(4,1),60)">, !cute.layout<"(20):(2)">, !cute.layout<"(2,3):(1@0,1@1)">, !cute.layout<"(2,3):(?@0,?@1)">, !cute.layout<"((2,3),4):((1@0@0,1@1@0),1@1)">, !cute.layout<"():()">, !cute.layout<"(2,3):(-1,2)">)

// CHECK-LABEL: func.func private @tiles(!cute.tile<"[(2,3):(1,2)]">, !cute.tile<"[(2,3):(1,2);_;(4,5):(1,4)]">, !cute.tile<"[_]">, !cute.tile<"[?:1;[(?,?):(?,?);_]]">, !cute.tile<"[4:1;[2:1;3:1];5:1]">, !cute.tile<"(4,8):(1,4)">, !cute.tile<"_">)
func.func private @tiles(!cute.tile<"[(2,3):(1,2)]">, !cute.tile<"[(2,3):(1,2);_;(4,5):(1,4)]">, !cute.tile<"[_]">, !cute.tile<"[?:1;[(?,?):(?,?);_]]">, !cute.tile<"[4:1;[2:1;3:1];5:1]">, !cute.tile<"(4,8):(1,4)">, !cute.tile<"_">)

// CHECK-LABEL: func.func private @swizzles(!cute.swizzle<"S<0,4,3>">, !cute.swizzle<"S<3,5,4>">, !cute.swizzle<"S<1,0,2>">, !cute.swizzle<"S<2,0,-3>">, !cute.swizzle<"S<0,0,0>">)
func.func private @swizzles(!cute.swizzle<"S<0,4,3>">, !cute.swizzle<"S<3,5,4>">, !cute.swizzle<"S<1,0,2>">, !cute.swizzle<"S<2,0,-3>">, !cute.swizzle<"S<0,0,0>">)

// CHECK-LABEL: func.func private @composed(!cute.composed_layout<"(4,5):(1,4) o 2 o (2,3):(1,2)">, !cute.composed_layout<"S<3,5,4> o 0 o (?,3):(1,2)">, !cute.composed_layout<"(4,5):(1,4) o (0,0) o (2,3):(1@0,1@1)">, !cute.composed_layout<"(?,4):(1,?) o ? o (2,3):(1,2)">, !cute.composed_layout<"1:0 o 0 o 2:1">)
func.func private @composed(!cute.composed_layout<"(4,5):(1,4) o 2 o (2,3):(1,2)">, !cute.composed_layout<"S<3,5,4> o 0 o (?,3):(1,2)">, !cute.composed_layout<"(4,5):(1,4) o (0,0) o (2,3):(1@0,1@1)">, !cute.composed_layout<"(?,4):(1,?) o ? o (2,3):(1,2)">, !cute.composed_layout<"1:0 o 0 o 2:1">)
