// RUN: cute-opt %s | FileCheck %s
// RUN: cute-opt %s | cute-opt | FileCheck %s
// RUN: cute-opt %s --mlir-print-op-generic | cute-opt | FileCheck %s

// The #cute.* attributes of CuTe IR: one per value kind, parsed once and
// printed in canonical CuTe notation (spacing and redundant spellings go).

// CHECK-LABEL: func.func @values
// CHECK-SAME: a0 = #cute.int_tuple<"(2,(3,?))">
// CHECK-SAME: a1 = #cute.shape<"(64,32)">
// CHECK-SAME: a2 = #cute.stride<"(1@0,1@1)">
// CHECK-SAME: a3 = #cute.coord<"(_,0)">
// CHECK-SAME: a4 = #cute.layout<"(32,4):(4,1)">
// CHECK-SAME: a5 = #cute.tile<"[64:1;_;[2:1;3:1]]">
// CHECK-SAME: a6 = #cute.composed_layout<"S<3,4,3> o 0 o (8,64):(64,1)">
// CHECK-SAME: a7 = #cute.swizzle<"S<3,4,3>">
// CHECK-SAME: a8 = #cute.int_tuple<"?{i64,div=8}">
func.func @values() attributes {
  a0 = #cute.int_tuple<"( 2, (3, ?) )">,
  a1 = #cute.shape<"(64,32)">,
  a2 = #cute.stride<"(1@0,1@1)">,
  a3 = #cute.coord<"(_,0)">,
  a4 = #cute.layout<"(32,4):(4,1)">,
  a5 = #cute.tile<"[64:1; _; [2:1;3:1]]">,
  a6 = #cute.composed_layout<"S<3,4,3> o 0 o (8,64):(64,1)">,
  a7 = #cute.swizzle<"S<3,4,3>">,
  a8 = #cute.int_tuple<"?{i64,div=8}">
} {
  return
}

// Two spellings of one value are one attribute: the dictionary keeps both
// keys, and they print identically.
// CHECK-LABEL: func.func @same_value
// CHECK-SAME: x = #cute.layout<"(2,3):(1,2)">, y = #cute.layout<"(2,3):(1,2)">
func.func @same_value() attributes {x = #cute.layout<"(2,3):(1,2)">,
                                    y = #cute.layout<"( 2 , 3 ) : ( 1 , 2 )">} {
  return
}

// Typed op parameters: a tiler is a tile, a shape or a layout, each with its
// own meaning; thr_layout and tv_layout are layouts.
// CHECK-LABEL: func.func @op_parameters
// CHECK: cute.local_tile(%{{.+}}, %{{.+}}) {tiler = #cute.tile<"[4:1;8:1]">}
// CHECK-SAME: -> !cute.memref<f32, gmem, align<4>, "(4,8):(1,16)">
// CHECK: cute.local_tile(%{{.+}}, %{{.+}}) {tiler = #cute.shape<"(4,8)">}
// CHECK-SAME: -> !cute.memref<f32, gmem, align<4>, "(4,8):(1,16)">
// CHECK: cute.local_tile(%{{.+}}, %{{.+}}) {tiler = #cute.layout<"32:1">}
// CHECK-SAME: -> !cute.memref<f32, gmem, align<4>, "32:1">
// CHECK: cute.local_partition(%{{.+}}, %{{.+}}) {thr_layout = #cute.layout<"(4,4):(4,1)">}
// CHECK: cute.partition_tv(%{{.+}}, %{{.+}}) {tv_layout = #cute.layout<"(32,4):(4,1)">}
func.func @op_parameters(%t: !cute.memref<f32, gmem, align<4>, "(16,32):(1,16)">, %i: i32) {
  %a = cute.local_tile(%t, %i) {tiler = #cute.tile<"[4:1;8:1]">} : (!cute.memref<f32, gmem, align<4>, "(16,32):(1,16)">, i32) -> !cute.memref<f32, gmem, align<4>, "(4,8):(1,16)">
  %b = cute.local_tile(%t, %i) {tiler = #cute.shape<"(4,8)">} : (!cute.memref<f32, gmem, align<4>, "(16,32):(1,16)">, i32) -> !cute.memref<f32, gmem, align<4>, "(4,8):(1,16)">
  %c = cute.local_tile(%t, %i) {tiler = #cute.layout<"32:1">} : (!cute.memref<f32, gmem, align<4>, "(16,32):(1,16)">, i32) -> !cute.memref<f32, gmem, align<4>, "32:1">
  %d = cute.local_partition(%t, %i) {thr_layout = #cute.layout<"(4,4):(4,1)">} : (!cute.memref<f32, gmem, align<4>, "(16,32):(1,16)">, i32) -> !cute.memref<f32, gmem, align<4>, "(4,8):(4,64)">
  %e = cute.partition_tv(%t, %i) {tv_layout = #cute.layout<"(32,4):(4,1)">} : (!cute.memref<f32, gmem, align<4>, "(16,32):(1,16)">, i32) -> !cute.memref<f32, gmem, align<4>, "4:1">
  return
}

// A declared result type is compared with the inferred one by meaning:
// strides of size-1 modes are not observable, so `1:3` names the same
// layout as the inferred `1:0`.
// CHECK-LABEL: func.func @size_one_strides
// CHECK: cute.complement(%{{.+}}) : (!cute.layout<"3:1">, !cute.shape<"3">) -> !cute.layout<"1:3">
func.func @size_one_strides(%l: !cute.layout<"3:1">, %s: !cute.shape<"3">) {
  %r = cute.complement(%l, %s) : (!cute.layout<"3:1">, !cute.shape<"3">) -> !cute.layout<"1:3">
  return
}
