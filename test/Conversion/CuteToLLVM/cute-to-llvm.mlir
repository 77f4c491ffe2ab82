// RUN: cute-opt %s --convert-cute-to-llvm | FileCheck %s
// RUN: cute-opt %s --cute-expand-ops --convert-cute-to-llvm | FileCheck %s --check-prefix=EXPAND

// Layout values become their dynamic leaves: "(?,8):(1,?)" is two i32, a
// static layout nothing.
// CHECK-LABEL: func.func @layout_values(%arg0: i32, %arg1: i32) -> (i32, i32)
// CHECK-NEXT: return %arg0, %arg1 : i32, i32
func.func @layout_values(%l: !cute.layout<"(?,8):(1,?)">, %s: !cute.layout<"(4,8):(1,4)">) -> !cute.layout<"(?,8):(1,?)"> {
  return %l : !cute.layout<"(?,8):(1,?)">
}

// Algebra left after (or without) cute-expand-ops is computed on the leaves.
// CHECK-LABEL: func.func @algebra(%arg0: i32, %arg1: i32) -> i32
// CHECK: %[[P:.+]] = arith.muli %arg0, %arg1 : i32
// CHECK: return %[[P]]
// EXPAND-LABEL: func.func @algebra(%arg0: i32, %arg1: i32) -> i32
// EXPAND: arith.muli %arg0, %arg1 : i32
func.func @algebra(%s: !cute.shape<"(?,?)">) -> !cute.int_tuple<"?"> {
  %0 = cute.size (%s) : (!cute.shape<"(?,?)">) -> !cute.int_tuple<"?">
  return %0 : !cute.int_tuple<"?">
}

// CHECK-LABEL: func.func @scalars(%arg0: i32) -> (i32, i32)
// CHECK: %[[C:.+]] = arith.constant 8 : i32
// CHECK: return %arg0, %[[C]]
func.func @scalars(%l: !cute.shape<"(?,8)">) -> (i32, i32) {
  %a, %b = cute.get_scalars(%l) : !cute.shape<"(?,8)">
  return %a, %b : i32, i32
}

// A memref is its pointer then its dynamic layout leaves; the tile offset
// 128*i*stride + 64*j is emitted from the layout library's expression.
// CHECK-LABEL: func.func @views(%arg0: !llvm.ptr<1>, %arg1: i32, %arg2: i32, %arg3: i32, %arg4: i32, %arg5: i32, %arg6: i32)
// CHECK: %[[J:.+]] = arith.muli %arg5, %{{.+}} : i32
// CHECK: %[[S:.+]] = arith.muli %{{.+}}, %arg3 : i32
// CHECK: %[[I:.+]] = arith.muli %arg4, %[[S]] : i32
// CHECK: %[[O:.+]] = arith.addi %[[I]], %[[J]] : i32
// CHECK: %[[T:.+]] = llvm.getelementptr %arg0[%[[O]]] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
// CHECK: arith.divsi %arg6
// CHECK: llvm.getelementptr %[[T]][%{{.+}}] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16

// Swizzled smem: the xor acts on the byte address (S<3,3,3> on f16 elements
// is mask 0b111 << 7 and shift 3 in bytes); 8 f16 move as one vector.
// CHECK-LABEL: func.func @smem(%arg0: !llvm.ptr<3>, %arg1: i32)
// CHECK: %[[F:.+]] = llvm.alloca %{{.+}} x f16 {alignment = 16 : i64}
// CHECK: %[[A:.+]] = llvm.ptrtoint %{{.+}} : !llvm.ptr<3> to i64
// CHECK: %[[X:.+]] = arith.addi %[[A]]
// CHECK: %[[M:.+]] = arith.andi %[[X]], %c896_i64 : i64
// CHECK: %[[SH:.+]] = arith.shrui %[[M]], %c3_i64 : i64
// CHECK: %[[SW:.+]] = arith.xori %[[X]], %[[SH]] : i64
// CHECK: %[[SP:.+]] = llvm.inttoptr %[[SW]] : i64 to !llvm.ptr<3>
// CHECK: %[[V:.+]] = llvm.load %[[SP]] {alignment = 16 : i64} : !llvm.ptr<3> -> vector<8xf16>
// CHECK: llvm.store %[[V]], %[[F]] {alignment = 16 : i64} : vector<8xf16>, !llvm.ptr

// Packed f4: offsets become bytes (x4/8); 32 values move as 128 bits.
// CHECK-LABEL: func.func @fp4(%arg0: !llvm.ptr<1>, %arg1: i32)
// CHECK: llvm.alloca %{{.+}} x i8 {alignment = 16 : i64}
// CHECK: arith.divsi %{{.+}}, %c8_i32
// CHECK: llvm.getelementptr %arg0[%{{.+}}] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i8
// CHECK: llvm.load %{{.+}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xi32>

// Predicates: elem_less of each coordinate, stored as i1; the predicated
// copy guards each element with scf.if.
// CHECK-LABEL: func.func @predicates
// CHECK: %[[PF:.+]] = llvm.alloca %{{.+}} x i1
// CHECK: arith.cmpi slt
// CHECK: llvm.store %{{.+}}, %[[PF]] {alignment = 1 : i64} : i1, !llvm.ptr
// CHECK: %[[P0:.+]] = llvm.load %[[PF]] {alignment = 1 : i64} : !llvm.ptr -> i1
// CHECK: scf.if %[[P0]] {
// CHECK: llvm.load %{{.+}} {alignment = 4 : i64} : !llvm.ptr<1> -> f32
// CHECK: llvm.load %{{.+}} {alignment = 16 : i64} : !llvm.ptr -> vector<16xf32>
// CHECK-NOT: cute.

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
