// RUN: cute-opt --allow-unregistered-dialect %s | FileCheck %s
// RUN: cute-opt --allow-unregistered-dialect %s --mlir-print-op-generic | cute-opt --allow-unregistered-dialect | FileCheck %s
// RUN: cute-opt --allow-unregistered-dialect %s | cute-opt --allow-unregistered-dialect | FileCheck %s

// Accessors: get_shape, get_stride, composed_get_{inner,offset,outer}, get,
// select, get_leaves, get_scalars, to_int_tuple/to_shape/to_stride/to_coord.
// get_leaves / get_scalars do not print their result types, so the
// "test.use" op pins them (its operand types must equal the inferred ones).

// CHECK-LABEL: func.func @shape_stride
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.get_shape(%{{[a-zA-Z0-9_#:]+}}) : !cute.layout<"(?,8):(1,?)"> -> !cute.shape<"(?,8)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.get_shape(%{{[a-zA-Z0-9_#:]+}}) : !cute.composed_layout<"S<3,5,4> o 0 o (8,4):(1,8)"> -> !cute.shape<"(8,4)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.get_shape(%{{[a-zA-Z0-9_#:]+}}) : !cute.tile<"[(4,8):(1,4);(2,3):(1,2)]"> -> !cute.shape<"((4,8),(2,3))">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.get_stride(%{{[a-zA-Z0-9_#:]+}}) : <"(4,8):(1,4)"> -> !cute.stride<"(1,4)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.get_stride(%{{[a-zA-Z0-9_#:]+}}) : <"(?,8):(1,?)"> -> !cute.stride<"(1,?)">
func.func @shape_stride(%l: !cute.layout<"(?,8):(1,?)">, %l2: !cute.layout<"(4,8):(1,4)">, %c: !cute.composed_layout<"S<3,5,4> o 0 o (8,4):(1,8)">, %t: !cute.tile<"[(4,8):(1,4);(2,3):(1,2)]">) {
  %0 = cute.get_shape(%l) : !cute.layout<"(?,8):(1,?)"> -> !cute.shape<"(?,8)">
  %1 = cute.get_shape(%c) : !cute.composed_layout<"S<3,5,4> o 0 o (8,4):(1,8)"> -> !cute.shape<"(8,4)">
  %2 = cute.get_shape(%t) : !cute.tile<"[(4,8):(1,4);(2,3):(1,2)]"> -> !cute.shape<"((4,8),(2,3))">
  %3 = cute.get_stride(%l2) : !cute.layout<"(4,8):(1,4)"> -> !cute.stride<"(1,4)">
  %4 = cute.get_stride(%l) : !cute.layout<"(?,8):(1,?)"> -> !cute.stride<"(1,?)">
  return
}

// CHECK-LABEL: func.func @composed
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.composed_get_inner(%{{[a-zA-Z0-9_#:]+}}) : <"S<3,5,4> o 0 o (8,4):(1,8)"> -> !cute.swizzle<"S<3,5,4>">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.composed_get_inner(%{{[a-zA-Z0-9_#:]+}}) : <"(4,8):(1,4) o (0,0) o (2,4):(1,2)"> -> !cute.layout<"(4,8):(1,4)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.composed_get_offset(%{{[a-zA-Z0-9_#:]+}}) : <"(4,8):(1,4) o (0,0) o (2,4):(1,2)"> -> !cute.int_tuple<"(0,0)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.composed_get_offset(%{{[a-zA-Z0-9_#:]+}}) : <"S<3,5,4> o 0 o (8,4):(1,8)"> -> !cute.int_tuple<"0">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.composed_get_outer(%{{[a-zA-Z0-9_#:]+}}) : <"(4,8):(1,4) o (0,0) o (2,4):(1,2)"> -> !cute.layout<"(2,4):(1,2)">
func.func @composed(%c: !cute.composed_layout<"S<3,5,4> o 0 o (8,4):(1,8)">, %d: !cute.composed_layout<"(4,8):(1,4) o (0,0) o (2,4):(1,2)">) {
  %0 = cute.composed_get_inner(%c) : !cute.composed_layout<"S<3,5,4> o 0 o (8,4):(1,8)"> -> !cute.swizzle<"S<3,5,4>">
  %1 = cute.composed_get_inner(%d) : !cute.composed_layout<"(4,8):(1,4) o (0,0) o (2,4):(1,2)"> -> !cute.layout<"(4,8):(1,4)">
  %2 = cute.composed_get_offset(%d) : !cute.composed_layout<"(4,8):(1,4) o (0,0) o (2,4):(1,2)"> -> !cute.int_tuple<"(0,0)">
  %3 = cute.composed_get_offset(%c) : !cute.composed_layout<"S<3,5,4> o 0 o (8,4):(1,8)"> -> !cute.int_tuple<"0">
  %4 = cute.composed_get_outer(%d) : !cute.composed_layout<"(4,8):(1,4) o (0,0) o (2,4):(1,2)"> -> !cute.layout<"(2,4):(1,2)">
  return
}

// CHECK-LABEL: func.func @get_select
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.get<[1, 0]> (%{{[a-zA-Z0-9_#:]+}}) : !cute.shape<"(4,(2,3))"> -> !cute.shape<"2">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.get<[0]> (%{{[a-zA-Z0-9_#:]+}}) : !cute.layout<"(4,8):(1,4)"> -> !cute.layout<"4:1">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.get<[1]> (%{{[a-zA-Z0-9_#:]+}}) : !cute.tile<"[(4,8):(1,4);_]"> -> !cute.tile<"_">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.get<[0]> (%{{[a-zA-Z0-9_#:]+}}) : !cute.tile<"[(4,8):(1,4);_]"> -> !cute.tile<"(4,8):(1,4)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.get (%{{[a-zA-Z0-9_#:]+}}) : !cute.shape<"(4,(2,3))"> -> !cute.shape<"(4,(2,3))">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.get<[]> (%{{[a-zA-Z0-9_#:]+}}) : !cute.shape<"(4,(2,3))"> -> !cute.shape<"(4,(2,3))">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.get<[1]> (%{{[a-zA-Z0-9_#:]+}}) : !cute.composed_layout<"S<3,5,4> o 0 o (8,(4,2)):(1,(8,32))"> -> !cute.composed_layout<"S<3,5,4> o 0 o (4,2):(8,32)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.get<[1, 1]> (%{{[a-zA-Z0-9_#:]+}}) : !cute.stride<"(1@0,(1@0@1,1@1@1))"> -> !cute.stride<"1@1@1">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.get<[1, 0]> (%{{[a-zA-Z0-9_#:]+}}) : !cute.coord<"(_,(?,1))"> -> !cute.coord<"?">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.select<[2, 0]> (%{{[a-zA-Z0-9_#:]+}}) : !cute.layout<"(4,2,8):(1,4,8)"> -> !cute.layout<"(8,4):(8,1)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.select<[0]> (%{{[a-zA-Z0-9_#:]+}}) : !cute.layout<"(4,8):(1,4)"> -> !cute.layout<"(4):(1)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.select<[]> (%{{[a-zA-Z0-9_#:]+}}) : !cute.layout<"(4,8):(1,4)"> -> !cute.layout<"():()">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.select<[1, 2]> (%{{[a-zA-Z0-9_#:]+}}) : !cute.tile<"[(4,8):(1,4);_;(2,3):(1,2)]"> -> !cute.tile<"[_;(2,3):(1,2)]">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.select<[1, 1, 0]> (%{{[a-zA-Z0-9_#:]+}}) : !cute.shape<"(4,(2,3))"> -> !cute.shape<"((2,3),(2,3),4)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.select<[1]> (%{{[a-zA-Z0-9_#:]+}}) : !cute.composed_layout<"S<3,5,4> o 0 o (8,(4,2)):(1,(8,32))"> -> !cute.composed_layout<"S<3,5,4> o 0 o ((4,2)):((8,32))">
func.func @get_select(%s: !cute.shape<"(4,(2,3))">, %l: !cute.layout<"(4,8):(1,4)">, %t: !cute.tile<"[(4,8):(1,4);_]">, %l3: !cute.layout<"(4,2,8):(1,4,8)">, %t3: !cute.tile<"[(4,8):(1,4);_;(2,3):(1,2)]">, %c: !cute.composed_layout<"S<3,5,4> o 0 o (8,(4,2)):(1,(8,32))">, %d: !cute.stride<"(1@0,(1@0@1,1@1@1))">, %sw: !cute.swizzle<"S<1,2,3>">, %co: !cute.coord<"(_,(?,1))">) {
  %0 = cute.get<[1, 0]> (%s) : !cute.shape<"(4,(2,3))"> -> !cute.shape<"2">
  %1 = cute.get<[0]> (%l) : !cute.layout<"(4,8):(1,4)"> -> !cute.layout<"4:1">
  %2 = cute.get<[1]> (%t) : !cute.tile<"[(4,8):(1,4);_]"> -> !cute.tile<"_">
  %3 = cute.get<[0]> (%t) : !cute.tile<"[(4,8):(1,4);_]"> -> !cute.tile<"(4,8):(1,4)">
  %4 = cute.get (%s) : !cute.shape<"(4,(2,3))"> -> !cute.shape<"(4,(2,3))">
  %5 = cute.get<[]> (%s) : !cute.shape<"(4,(2,3))"> -> !cute.shape<"(4,(2,3))">
  %6 = cute.get<[1]> (%c) : !cute.composed_layout<"S<3,5,4> o 0 o (8,(4,2)):(1,(8,32))"> -> !cute.composed_layout<"S<3,5,4> o 0 o (4,2):(8,32)">
  %7 = cute.get<[1, 1]> (%d) : !cute.stride<"(1@0,(1@0@1,1@1@1))"> -> !cute.stride<"1@1@1">
  %9 = cute.get<[1, 0]> (%co) : !cute.coord<"(_,(?,1))"> -> !cute.coord<"?">
  %10 = cute.select<[2, 0]> (%l3) : !cute.layout<"(4,2,8):(1,4,8)"> -> !cute.layout<"(8,4):(8,1)">
  %11 = cute.select<[0]> (%l) : !cute.layout<"(4,8):(1,4)"> -> !cute.layout<"(4):(1)">
  %12 = cute.select<[]> (%l) : !cute.layout<"(4,8):(1,4)"> -> !cute.layout<"():()">
  %13 = cute.select<[1, 2]> (%t3) : !cute.tile<"[(4,8):(1,4);_;(2,3):(1,2)]"> -> !cute.tile<"[_;(2,3):(1,2)]">
  %14 = cute.select<[1, 1, 0]> (%s) : !cute.shape<"(4,(2,3))"> -> !cute.shape<"((2,3),(2,3),4)">
  %15 = cute.select<[1]> (%c) : !cute.composed_layout<"S<3,5,4> o 0 o (8,(4,2)):(1,(8,32))"> -> !cute.composed_layout<"S<3,5,4> o 0 o ((4,2)):((8,32))">
  return
}

// CHECK-LABEL: func.func @leaves_scalars
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.get_leaves(%{{[a-zA-Z0-9_#:]+}}) : !cute.shape<"(4,(2,3))">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.get_leaves(%{{[a-zA-Z0-9_#:]+}}) : !cute.tile<"[(4,8):(1,4);_;[2:1;3:1]]">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.get_leaves(%{{[a-zA-Z0-9_#:]+}}) : !cute.stride<"(?@0,2@1)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.get_leaves(%{{[a-zA-Z0-9_#:]+}}) : !cute.coord<"(_,?,(1,?{i64}))">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.get_scalars (%{{[a-zA-Z0-9_#:]+}}) : !cute.layout<"(?,8):(1,?)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.get_scalars<{only_dynamic}> (%{{[a-zA-Z0-9_#:]+}}) : !cute.layout<"(?,8):(1,?)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.get_scalars (%{{[a-zA-Z0-9_#:]+}}) : !cute.shape<"(?{i64},5)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.get_scalars (%{{[a-zA-Z0-9_#:]+}}) : !cute.swizzle<"S<3,5,4>">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.get_scalars (%{{[a-zA-Z0-9_#:]+}}) : !cute.stride<"(?@0,2@1)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.get_scalars (%{{[a-zA-Z0-9_#:]+}}) : !cute.composed_layout<"S<3,5,4> o ? o (?,3):(1,2)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.get_scalars<{only_dynamic}> (%{{[a-zA-Z0-9_#:]+}}) : !cute.composed_layout<"S<3,5,4> o ? o (?,3):(1,2)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.get_scalars (%{{[a-zA-Z0-9_#:]+}}) : !cute.coord<"(_,?,(1,?{i64}))">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.get_scalars<{only_dynamic}> (%{{[a-zA-Z0-9_#:]+}}) : !cute.shape<"(?{i64},5)">
func.func @leaves_scalars(%s: !cute.shape<"(4,(2,3))">, %t: !cute.tile<"[(4,8):(1,4);_;[2:1;3:1]]">, %l: !cute.layout<"(?,8):(1,?)">, %w: !cute.shape<"(?{i64},5)">, %sw: !cute.swizzle<"S<3,5,4>">, %d: !cute.stride<"(?@0,2@1)">, %c: !cute.composed_layout<"S<3,5,4> o ? o (?,3):(1,2)">, %co: !cute.coord<"(_,?,(1,?{i64}))">) {
  %0:3 = cute.get_leaves(%s) : !cute.shape<"(4,(2,3))">
  %1:4 = cute.get_leaves(%t) : !cute.tile<"[(4,8):(1,4);_;[2:1;3:1]]">
  %a:2 = cute.get_leaves(%d) : !cute.stride<"(?@0,2@1)">
  %b:4 = cute.get_leaves(%co) : !cute.coord<"(_,?,(1,?{i64}))">
  %2:4 = cute.get_scalars (%l) : !cute.layout<"(?,8):(1,?)">
  %3:2 = cute.get_scalars<{only_dynamic}> (%l) : !cute.layout<"(?,8):(1,?)">
  %4:2 = cute.get_scalars (%w) : !cute.shape<"(?{i64},5)">
  %5:3 = cute.get_scalars (%sw) : !cute.swizzle<"S<3,5,4>">
  %6:4 = cute.get_scalars (%d) : !cute.stride<"(?@0,2@1)">
  %7:8 = cute.get_scalars (%c) : !cute.composed_layout<"S<3,5,4> o ? o (?,3):(1,2)">
  %8:2 = cute.get_scalars<{only_dynamic}> (%c) : !cute.composed_layout<"S<3,5,4> o ? o (?,3):(1,2)">
  %9:3 = cute.get_scalars (%co) : !cute.coord<"(_,?,(1,?{i64}))">
  %10 = cute.get_scalars<{only_dynamic}> (%w) : !cute.shape<"(?{i64},5)">
  "test.use"(%0#0, %0#1, %0#2, %1#0, %1#1, %1#2, %1#3, %a#0, %a#1, %b#0, %b#1, %b#2, %b#3, %2#0, %2#3, %3#1, %4#0, %4#1, %5#2, %6#0, %6#1, %6#2, %6#3, %7#0, %7#7, %8#0, %8#1, %9#2, %10) : (!cute.shape<"4">, !cute.shape<"2">, !cute.shape<"3">, !cute.layout<"(4,8):(1,4)">, !cute.tile<"_">, !cute.layout<"2:1">, !cute.layout<"3:1">, !cute.stride<"?@0">, !cute.stride<"2@1">, !cute.coord<"_">, !cute.coord<"?">, !cute.coord<"1">, !cute.coord<"?{i64}">, i32, i32, i32, i64, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i64, i64) -> ()
  return
}

// CHECK-LABEL: func.func @convert
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.to_int_tuple(%{{[a-zA-Z0-9_#:]+}}) : !cute.shape<"(?,8)"> -> !cute.int_tuple<"(?,8)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.to_int_tuple(%{{[a-zA-Z0-9_#:]+}}) : !cute.stride<"(1,?{i64})"> -> !cute.int_tuple<"(1,?{i64})">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.to_int_tuple(%{{[a-zA-Z0-9_#:]+}}) : !cute.coord<"(?,3)"> -> !cute.int_tuple<"(?,3)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.to_shape(%{{[a-zA-Z0-9_#:]+}}) : !cute.int_tuple<"(?,3)"> -> !cute.shape<"(?,3)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.to_stride(%{{[a-zA-Z0-9_#:]+}}) : !cute.int_tuple<"(?,3)"> -> !cute.stride<"(?,3)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.to_coord(%{{[a-zA-Z0-9_#:]+}}) : !cute.int_tuple<"(?,3)"> -> !cute.coord<"(?,3)">
func.func @convert(%s: !cute.shape<"(?,8)">, %d: !cute.stride<"(1,?{i64})">, %c: !cute.coord<"(?,3)">, %i: !cute.int_tuple<"(?,3)">) {
  %0 = cute.to_int_tuple(%s) : !cute.shape<"(?,8)"> -> !cute.int_tuple<"(?,8)">
  %1 = cute.to_int_tuple(%d) : !cute.stride<"(1,?{i64})"> -> !cute.int_tuple<"(1,?{i64})">
  %2 = cute.to_int_tuple(%c) : !cute.coord<"(?,3)"> -> !cute.int_tuple<"(?,3)">
  %3 = cute.to_shape(%i) : !cute.int_tuple<"(?,3)"> -> !cute.shape<"(?,3)">
  %4 = cute.to_stride(%i) : !cute.int_tuple<"(?,3)"> -> !cute.stride<"(?,3)">
  %5 = cute.to_coord(%i) : !cute.int_tuple<"(?,3)"> -> !cute.coord<"(?,3)">
  return
}

// get_layouts_from_tile: one !cute.layout per layout slot, depth first; `_`
// slots (at any depth) give none; values pass through verbatim (dynamic
// leaves, basis strides). The results are inferred, so test.use pins them.
// CHECK-LABEL: func.func @layouts_from_tile
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.get_layouts_from_tile(%{{[a-zA-Z0-9_#:]+}}) : !cute.tile<"[(4,8):(1,4)]">
// CHECK: %{{[a-zA-Z0-9_#:]+}}:4 = cute.get_layouts_from_tile(%{{[a-zA-Z0-9_#:]+}}) : !cute.tile<"[4:1;[2:1;_;3:1];_;5:1]">
// CHECK: %{{[a-zA-Z0-9_#:]+}}:2 = cute.get_layouts_from_tile(%{{[a-zA-Z0-9_#:]+}}) : !cute.tile<"[(?,4):(1,?);(2,3):(1@0,1@1)]">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.get_layouts_from_tile(%{{[a-zA-Z0-9_#:]+}}) : !cute.tile<"(2,2):(1,2)">
func.func @layouts_from_tile(%a: !cute.tile<"[(4,8):(1,4)]">, %b: !cute.tile<"[4:1;[2:1;_;3:1];_;5:1]">, %c: !cute.tile<"[(?,4):(1,?);(2,3):(1@0,1@1)]">, %d: !cute.tile<"(2,2):(1,2)">) {
  %0 = cute.get_layouts_from_tile(%a) : !cute.tile<"[(4,8):(1,4)]">
  %1:4 = cute.get_layouts_from_tile(%b) : !cute.tile<"[4:1;[2:1;_;3:1];_;5:1]">
  %2:2 = cute.get_layouts_from_tile(%c) : !cute.tile<"[(?,4):(1,?);(2,3):(1@0,1@1)]">
  %3 = cute.get_layouts_from_tile(%d) : !cute.tile<"(2,2):(1,2)">
  "test.use"(%0, %1#0, %1#1, %1#2, %1#3, %2#0, %2#1, %3) : (!cute.layout<"(4,8):(1,4)">, !cute.layout<"4:1">, !cute.layout<"2:1">, !cute.layout<"3:1">, !cute.layout<"5:1">, !cute.layout<"(?,4):(1,?)">, !cute.layout<"(2,3):(1@0,1@1)">, !cute.layout<"(2,2):(1,2)">) -> ()
  return
}
