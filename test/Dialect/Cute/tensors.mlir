// RUN: cute-opt %s | FileCheck %s
// RUN: cute-opt %s | cute-opt | FileCheck %s
// RUN: cute-opt %s --mlir-print-op-generic | cute-opt | FileCheck %s

// Pointers, tensors, views, fragments, predicates and copies. Every view op
// infers its result type with the layout library; the alignment follows the
// offset's known divisor.

// CHECK-LABEL: func.func @views
// CHECK: cute.make_view(%{{.+}}, %{{.+}}) : (!cute.ptr<f16, gmem, align<16>>, !cute.layout<"(?,?):(?,1)">) -> !cute.memref<f16, gmem, align<16>, "(?,?):(?,1)">
// The tile starts at 128*i*stride + 64*j elements: still 16-byte aligned.
// CHECK: cute.local_tile(%{{.+}}, %{{.+}}) {tiler = #cute.shape<"(128,64)">} : {{.*}} -> !cute.memref<f16, gmem, align<16>, "(128,64):(?,1)">
// CHECK: cute.local_partition(%{{.+}}, %{{.+}}) {thr_layout = #cute.layout<"(16,8):(8,1)">} : {{.*}} -> !cute.memref<f16, gmem, align<2>, "(8,8):(?,8)">
// CHECK: cute.tensor_slice(%{{.+}}, %{{.+}}) : {{.*}} -> !cute.memref<f16, gmem, align<2>, "64:1">
// CHECK: cute.add_offset(%{{.+}}, %{{.+}}) : (!cute.ptr<f16, gmem, align<16>>, i32) -> !cute.ptr<f16, gmem, align<2>>
// CHECK: cute.get_layout(%{{.+}}) : {{.*}} -> !cute.layout<"(128,64):(?,1)">
// CHECK: cute.get_iter(%{{.+}}) : {{.*}} -> !cute.ptr<f16, gmem, align<16>>

// CHECK-LABEL: func.func @smem
// CHECK: -> !cute.memref<f16, smem, align<1024>, S<3,3,3>, "(8,64):(64,1)">
// CHECK: cute.partition_tv(%{{.+}}, %{{.+}}) {tv_layout = #cute.layout<"((8,8),8):((64,1),8)">} : {{.*}} -> !cute.memref<f16, smem, align<16>, S<3,3,3>, "8:1">
// CHECK: cute.make_fragment() : !cute.memref<f16, rmem, align<16>, "8:1">
// CHECK: cute.copy(%{{.+}}, %{{.+}}) : !cute.memref<f16, smem, align<16>, S<3,3,3>, "8:1">, !cute.memref<f16, rmem, align<16>, "8:1">

// CHECK-LABEL: func.func @fp4
// CHECK: cute.make_fragment_like(%{{.+}}) : {{.*}} -> !cute.memref<f4E2M1FN, rmem, align<16>, "32:1">

func.func @views(%p: !cute.ptr<f16, gmem, align<16>>, %l: !cute.layout<"(?,?):(?,1)">, %i: i32, %j: i32, %tid: i32) {
  %t = cute.make_view(%p, %l) : (!cute.ptr<f16, gmem, align<16>>, !cute.layout<"(?,?):(?,1)">) -> !cute.memref<f16, gmem, align<16>, "(?,?):(?,1)">
  %c = cute.make_coord(%i, %j) : (i32, i32) -> !cute.coord<"(?,?)">
  %tile = cute.local_tile(%t, %c) {tiler = #cute.shape<"(128,64)">} : (!cute.memref<f16, gmem, align<16>, "(?,?):(?,1)">, !cute.coord<"(?,?)">) -> !cute.memref<f16, gmem, align<16>, "(128,64):(?,1)">
  %part = cute.local_partition(%tile, %tid) {thr_layout = #cute.layout<"(16,8):(8,1)">} : (!cute.memref<f16, gmem, align<16>, "(128,64):(?,1)">, i32) -> !cute.memref<f16, gmem, align<2>, "(8,8):(?,8)">
  %rc = cute.make_coord(%i) : (i32) -> !cute.coord<"(?,_)">
  %row = cute.tensor_slice(%tile, %rc) : (!cute.memref<f16, gmem, align<16>, "(128,64):(?,1)">, !cute.coord<"(?,_)">) -> !cute.memref<f16, gmem, align<2>, "64:1">
  %q = cute.add_offset(%p, %i) : (!cute.ptr<f16, gmem, align<16>>, i32) -> !cute.ptr<f16, gmem, align<2>>
  %l2 = cute.get_layout(%tile) : !cute.memref<f16, gmem, align<16>, "(128,64):(?,1)"> -> !cute.layout<"(128,64):(?,1)">
  %it = cute.get_iter(%tile) : !cute.memref<f16, gmem, align<16>, "(128,64):(?,1)"> -> !cute.ptr<f16, gmem, align<16>>
  return
}
func.func @smem(%p: !cute.ptr<f16, smem, align<1024>>, %tid: i32) {
  %sw = cute.static : !cute.composed_layout<"S<3,3,3> o 0 o (8,64):(64,1)">
  %s = cute.make_view(%p, %sw) : (!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o (8,64):(64,1)">) -> !cute.memref<f16, smem, align<1024>, S<3,3,3>, "(8,64):(64,1)">
  %v = cute.partition_tv(%s, %tid) {tv_layout = #cute.layout<"((8,8),8):((64,1),8)">} : (!cute.memref<f16, smem, align<1024>, S<3,3,3>, "(8,64):(64,1)">, i32) -> !cute.memref<f16, smem, align<16>, S<3,3,3>, "8:1">
  %f = cute.make_fragment() : !cute.memref<f16, rmem, align<16>, "8:1">
  cute.copy(%v, %f) : !cute.memref<f16, smem, align<16>, S<3,3,3>, "8:1">, !cute.memref<f16, rmem, align<16>, "8:1">
  return
}
func.func @fp4(%p: !cute.ptr<f4E2M1FN, gmem, align<16>>, %tid: i32) {
  %l = cute.static : !cute.layout<"4096:1">
  %t = cute.make_view(%p, %l) : (!cute.ptr<f4E2M1FN, gmem, align<16>>, !cute.layout<"4096:1">) -> !cute.memref<f4E2M1FN, gmem, align<16>, "4096:1">
  %v = cute.partition_tv(%t, %tid) {tv_layout = #cute.layout<"(128,32):(32,1)">} : (!cute.memref<f4E2M1FN, gmem, align<16>, "4096:1">, i32) -> !cute.memref<f4E2M1FN, gmem, align<16>, "32:1">
  %f = cute.make_fragment_like(%v) : !cute.memref<f4E2M1FN, gmem, align<16>, "32:1"> -> !cute.memref<f4E2M1FN, rmem, align<16>, "32:1">
  cute.copy(%v, %f) : !cute.memref<f4E2M1FN, gmem, align<16>, "32:1">, !cute.memref<f4E2M1FN, rmem, align<16>, "32:1">
  return
}

// CHECK-LABEL: func.func @predicates
// CHECK: cute.make_identity_tensor(%{{.+}}) : !cute.shape<"(?,?)"> -> !cute.coord_tensor<"(0,0)", "(?,?):(1@0,1@1)">
// CHECK: cute.local_tile(%{{.+}}, %{{.+}}) {tiler = #cute.shape<"(32,64)">} : {{.*}} -> !cute.coord_tensor<"(?,?)", "(32,64):(1@0,1@1)">
// CHECK: cute.local_partition(%{{.+}}, %{{.+}}) {thr_layout = #cute.layout<"(32,4):(4,1)">} : {{.*}} -> !cute.coord_tensor<"(?,?)", "(1,16):(0,4@1)">
// CHECK: cute.make_predicate(%{{.+}}, %{{.+}}) : {{.*}} -> !cute.memref<i1, rmem, align<1>, "(1,16):(0,1)">
// CHECK: cute.copy(%{{.+}}, %{{.+}}, %{{.+}}) {atom = #cute.universal_copy<64>}
// CHECK: cute.load(%{{.+}}) : !cute.memref<f32, rmem, align<16>, "(1,16):(0,1)"> -> vector<16xf32>
// CHECK: cute.store(%{{.+}}, %{{.+}}) : vector<16xf32>, !cute.memref<f32, rmem, align<16>, "(1,16):(0,1)">
func.func @predicates(%t: !cute.memref<f32, gmem, align<16>, "(?,?):(1,?)">, %s: !cute.shape<"(?,?)">, %b: !cute.int_tuple<"(?,?)">, %bm: i32, %bn: i32, %tid: i32) {
  %id = cute.make_identity_tensor(%s) : !cute.shape<"(?,?)"> -> !cute.coord_tensor<"(0,0)", "(?,?):(1@0,1@1)">
  %co = cute.make_coord(%bm, %bn) : (i32, i32) -> !cute.coord<"(?,?)">
  %ct = cute.local_tile(%id, %co) {tiler = #cute.shape<"(32,64)">} : (!cute.coord_tensor<"(0,0)", "(?,?):(1@0,1@1)">, !cute.coord<"(?,?)">) -> !cute.coord_tensor<"(?,?)", "(32,64):(1@0,1@1)">
  %cp = cute.local_partition(%ct, %tid) {thr_layout = #cute.layout<"(32,4):(4,1)">} : (!cute.coord_tensor<"(?,?)", "(32,64):(1@0,1@1)">, i32) -> !cute.coord_tensor<"(?,?)", "(1,16):(0,4@1)">
  %p = cute.make_predicate(%cp, %b) : (!cute.coord_tensor<"(?,?)", "(1,16):(0,4@1)">, !cute.int_tuple<"(?,?)">) -> !cute.memref<i1, rmem, align<1>, "(1,16):(0,1)">
  %tt = cute.local_tile(%t, %co) {tiler = #cute.shape<"(32,64)">} : (!cute.memref<f32, gmem, align<16>, "(?,?):(1,?)">, !cute.coord<"(?,?)">) -> !cute.memref<f32, gmem, align<16>, "(32,64):(1,?)">
  %tp = cute.local_partition(%tt, %tid) {thr_layout = #cute.layout<"(32,4):(4,1)">} : (!cute.memref<f32, gmem, align<16>, "(32,64):(1,?)">, i32) -> !cute.memref<f32, gmem, align<4>, "(1,16):(0,?)">
  %f = cute.make_fragment_like(%tp) : !cute.memref<f32, gmem, align<4>, "(1,16):(0,?)"> -> !cute.memref<f32, rmem, align<16>, "(1,16):(0,1)">
  cute.copy(%tp, %f, %p) {atom = #cute.universal_copy<64>} : !cute.memref<f32, gmem, align<4>, "(1,16):(0,?)">, !cute.memref<f32, rmem, align<16>, "(1,16):(0,1)">, !cute.memref<i1, rmem, align<1>, "(1,16):(0,1)">
  %v = cute.load(%f) : !cute.memref<f32, rmem, align<16>, "(1,16):(0,1)"> -> vector<16xf32>
  cute.store(%v, %f) : vector<16xf32>, !cute.memref<f32, rmem, align<16>, "(1,16):(0,1)">
  return
}
