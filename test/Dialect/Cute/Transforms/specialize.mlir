// cute-specialize: each kernel gets a clone @<kernel>__aligned16 for
// 16-byte aligned pointers and integer sizes divisible by 16, placed right
// after it, with its types re-inferred from those facts and the conditions
// in cute.specialization; conditions that change nothing the kernel's work
// sees are dropped, and a kernel with none gets no clone.
// RUN: cute-opt %s --cute-specialize --split-input-file -verify-diagnostics | FileCheck %s
// Specializing twice changes nothing: a kernel with a clone is left alone.
// RUN: cute-opt %s --cute-specialize --split-input-file -verify-diagnostics | cute-opt --cute-specialize --split-input-file | FileCheck %s

// Rows of a (rows, cols) row-major bf16 matrix, 8 values per thread. The
// clone's pointers are align<16> and cols is a multiple of 16, so every row
// starts 16-byte aligned; rows only sizes the view (no condition on it).
// CHECK-LABEL: gpu.module @rows
// CHECK: gpu.func @k(%arg0: !cute.ptr<bf16, gmem, align<2>>, %arg1: !cute.ptr<bf16, gmem, align<2>>, %arg2: i32, %arg3: i32) kernel
// CHECK-NOT: cute.specialization
// CHECK: cute.partition_tv{{.*}}-> !cute.memref<bf16, gmem, align<2>, "8:1">
// CHECK: gpu.return
// CHECK-NEXT: }
// CHECK-NEXT: gpu.func @k__aligned16(%arg0: !cute.ptr<bf16, gmem, align<16>>, %arg1: !cute.ptr<bf16, gmem, align<16>>, %arg2: i32, %arg3: i32) kernel
// CHECK-SAME: cute.specialization = [{align = 16 : i64, param = 0 : i64}, {align = 16 : i64, param = 1 : i64}, {div = 16 : i64, param = 3 : i64}]
// CHECK-SAME: cute.specialization_of = "k"
// CHECK-SAME: gpu.known_block_size = array<i32: 256, 1, 1>
// CHECK-NEXT: %[[COLS:.*]] = cute.make_int_tuple(%arg3) : (i32) -> !cute.int_tuple<"?{div=16}">
// CHECK: cute.make_shape(%arg2, %[[COLS]]) : (i32, !cute.int_tuple<"?{div=16}">) -> !cute.shape<"(?,?{div=16})">
// The written type keeps its structure; its divisor rises to 16.
// CHECK: cute.make_stride(%[[COLS]]) : (!cute.int_tuple<"?{div=16}">) -> !cute.stride<"(?{div=16},1)">
// CHECK: cute.make_layout{{.*}} -> !cute.layout<"(?,?{div=16}):(?{div=16},1)">
// CHECK: cute.make_view{{.*}} -> !cute.memref<bf16, gmem, align<16>, "(?,?{div=16}):(?{div=16},1)">
// CHECK: cute.make_view{{.*}} -> !cute.memref<bf16, gmem, align<16>, "(?,?{div=16}):(?{div=16},1)">
// Only make ops take the int_tuple; other uses keep the integer.
// CHECK: arith.cmpi slt, %{{.*}}, %arg3 : i32
// CHECK: cute.tensor_slice{{.*}} -> !cute.memref<bf16, gmem, align<16>, "?{div=16}:1">
// CHECK: cute.partition_tv{{.*}} -> !cute.memref<bf16, gmem, align<16>, "8:1">
// CHECK: cute.copy(%{{.*}}, %{{.*}}) : !cute.memref<bf16, gmem, align<16>, "8:1">, !cute.memref<bf16, rmem, align<16>, "8:1">
// CHECK: cute.copy(%{{.*}}, %{{.*}}) : !cute.memref<bf16, rmem, align<16>, "8:1">, !cute.memref<bf16, gmem, align<16>, "8:1">
// CHECK-NOT: gpu.func
module attributes {gpu.container_module} {
  gpu.module @rows {
    gpu.func @k(%px: !cute.ptr<bf16, gmem, align<2>>, %py: !cute.ptr<bf16, gmem, align<2>>, %rows: i32, %cols: i32) kernel attributes {gpu.known_block_size = array<i32: 256, 1, 1>} {
      %bidx = gpu.block_id x
      %tidx = gpu.thread_id x
      %row = arith.index_cast %bidx : index to i32
      %tid = arith.index_cast %tidx : index to i32
      %s = cute.make_shape(%rows, %cols)
      %d = cute.make_stride(%cols) -> !cute.stride<"(?,1)">
      %l = cute.make_layout(%s, %d)
      %x = cute.make_view(%px, %l)
      %y = cute.make_view(%py, %l)
      %in = arith.cmpi slt, %row, %cols : i32
      scf.if %in {
        %c = cute.make_coord(%row) -> !cute.coord<"(?,_)">
        %xr = cute.tensor_slice(%x, %c)
        %yr = cute.tensor_slice(%y, %c)
        %tx = cute.local_tile(%xr, %tid) {tiler = #cute.shape<"2048">}
        %ty = cute.local_tile(%yr, %tid) {tiler = #cute.shape<"2048">}
        %vx = cute.partition_tv(%tx, %tid) {tv_layout = #cute.layout<"(256,8):(8,1)">}
        %vy = cute.partition_tv(%ty, %tid) {tv_layout = #cute.layout<"(256,8):(8,1)">}
        %f = cute.make_fragment_like(%vx)
        cute.copy(%vx, %f)
        cute.copy(%f, %vy)
      }
      gpu.return
    }
  }
}

// -----

// An i64 size becomes ?{i64,div=16}; a written divisor above 16 stays (the
// lcm), nesting and static leaves stay. A !cute.memref argument's alignment
// is specialized like a pointer's.
// CHECK-LABEL: gpu.module @wide
// CHECK: gpu.func @k(
// CHECK: gpu.func @k__aligned16(%arg0: !cute.memref<f32, gmem, align<16>, "(4,?):(1,?)">, %arg1: !cute.ptr<f32, gmem, align<16>>, %arg2: i64)
// CHECK-SAME: cute.specialization = [{align = 16 : i64, param = 0 : i64}, {align = 16 : i64, param = 1 : i64}, {div = 16 : i64, param = 2 : i64}]
// CHECK: %[[N:.*]] = cute.make_int_tuple(%arg2) : (i64) -> !cute.int_tuple<"?{i64,div=16}">
// CHECK: cute.make_stride(%[[N]], %[[N]]) : (!cute.int_tuple<"?{i64,div=16}">, !cute.int_tuple<"?{i64,div=16}">) -> !cute.stride<"((1,?{i64,div=32}),?{i64,div=16})">
// CHECK: cute.tensor_slice{{.*}} -> !cute.memref<f32, gmem, align<16>, "4:1">
// CHECK: cute.tensor_slice{{.*}} -> !cute.memref<f32, gmem, align<16>, "4:1">
module attributes {gpu.container_module} {
  gpu.module @wide {
    gpu.func @k(%t: !cute.memref<f32, gmem, align<4>, "(4,?):(1,?)">, %p: !cute.ptr<f32, gmem, align<4>>, %n: i64) kernel {
      %bidx = gpu.block_id x
      %m = arith.index_cast %bidx : index to i32
      %d = cute.make_stride(%n, %n) -> !cute.stride<"((1,?{i64,div=32}),?{i64})">
      %s = cute.static : !cute.shape<"((4,2),8)">
      %l = cute.make_layout(%s, %d)
      %v = cute.make_view(%p, %l)
      %c = cute.make_coord(%m, %m) -> !cute.coord<"((_,?),?)">
      %col = cute.tensor_slice(%v, %c)
      %f = cute.make_fragment_like(%col)
      cute.copy(%col, %f)
      %tc = cute.static : !cute.coord<"(_,0)">
      %tcol = cute.tensor_slice(%t, %tc)
      %g = cute.make_fragment_like(%tcol)
      cute.copy(%tcol, %g)
      gpu.return
    }
  }
}

// -----

// Nothing to specialize: 16-byte pointers, a size that only bounds a
// predicate (its divisibility changes no copy), an unused unaligned
// pointer, a device function, a kernel marked cute.no_specialize.
// CHECK-LABEL: gpu.module @none
// CHECK-NOT: __aligned16
// CHECK-NOT: cute.specialization
module attributes {gpu.container_module} {
  gpu.module @none {
    gpu.func @aligned(%pa: !cute.ptr<f32, gmem, align<16>>, %n: i32, %unused: !cute.ptr<f32, gmem, align<4>>) kernel attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
      %bidx = gpu.block_id x
      %tidx = gpu.thread_id x
      %bid = arith.index_cast %bidx : index to i32
      %tid = arith.index_cast %tidx : index to i32
      %shape = cute.make_shape(%n)
      %stride = cute.static : !cute.stride<"1">
      %layout = cute.make_layout(%shape, %stride)
      %a = cute.make_view(%pa, %layout)
      %ta = cute.local_tile(%a, %bid) {tiler = #cute.shape<"512">}
      %va = cute.partition_tv(%ta, %tid) {tv_layout = #cute.layout<"(128,4):(4,1)">}
      %fa = cute.make_fragment_like(%va)
      %id = cute.make_identity_tensor(%shape)
      %tid_c = cute.local_tile(%id, %bid) {tiler = #cute.shape<"512">}
      %cv = cute.partition_tv(%tid_c, %tid) {tv_layout = #cute.layout<"(128,4):(4,1)">}
      %bound = cute.make_int_tuple(%n)
      %p = cute.make_predicate(%cv, %bound)
      cute.copy(%va, %fa, %p)
      gpu.return
    }
    gpu.func @device(%p: !cute.ptr<f32, gmem, align<4>>, %n: i32) {
      %shape = cute.make_shape(%n)
      %stride = cute.static : !cute.stride<"1">
      %layout = cute.make_layout(%shape, %stride)
      %a = cute.make_view(%p, %layout)
      gpu.return
    }
    gpu.func @opted_out(%p: !cute.ptr<f32, gmem, align<4>>) kernel attributes {cute.no_specialize} {
      %l = cute.static : !cute.layout<"4:1">
      %a = cute.make_view(%p, %l)
      %f = cute.make_fragment_like(%a)
      cute.copy(%a, %f)
      gpu.return
    }
  }
}

// -----

// A kernel that has a clone already (written by hand) is left alone.
// CHECK-LABEL: gpu.module @handwritten
// CHECK: gpu.func @k(
// CHECK: gpu.func @k_mine(
// CHECK-NOT: gpu.func
module attributes {gpu.container_module} {
  gpu.module @handwritten {
    gpu.func @k(%p: !cute.ptr<f32, gmem, align<4>>) kernel {
      %l = cute.static : !cute.layout<"4:1">
      %a = cute.make_view(%p, %l)
      %f = cute.make_fragment_like(%a)
      cute.copy(%a, %f)
      gpu.return
    }
    gpu.func @k_mine(%p: !cute.ptr<f32, gmem, align<16>>) kernel attributes {cute.specialization_of = "k", cute.specialization = [{param = 0 : i64, align = 16 : i64}]} {
      gpu.return
    }
  }
}

// -----

// A refined view carried through a loop would give the loop an operand whose
// type no longer matches its block argument: no clone, and a warning.
// CHECK-LABEL: gpu.module @carried
// CHECK-NOT: __aligned16
module attributes {gpu.container_module} {
  gpu.module @carried {
    // expected-warning @+1 {{kernel @k is not specialized: its clone @k__aligned16 does not verify}}
    gpu.func @k(%p: !cute.ptr<f32, gmem, align<4>>, %n: index) kernel {
      %l = cute.static : !cute.layout<"4:1">
      %a = cute.make_view(%p, %l)
      %f = cute.make_fragment_like(%a)
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      cute.copy(%a, %f)
      %r = scf.for %i = %c0 to %n step %c1 iter_args(%t = %a) -> (!cute.memref<f32, gmem, align<4>, "4:1">) {
        cute.copy(%t, %f)
        scf.yield %t : !cute.memref<f32, gmem, align<4>, "4:1">
      }
      gpu.return
    }
  }
}

// -----

// The clone's name is taken: a warning, no clone.
// CHECK-LABEL: gpu.module @taken
// CHECK: gpu.func @k(
// CHECK: gpu.func @k__aligned16(%arg0: i32)
// CHECK-NOT: gpu.func
module attributes {gpu.container_module} {
  gpu.module @taken {
    // expected-warning @+1 {{kernel @k is not specialized: the name @k__aligned16 is taken}}
    gpu.func @k(%p: !cute.ptr<f32, gmem, align<4>>) kernel {
      %l = cute.static : !cute.layout<"4:1">
      %a = cute.make_view(%p, %l)
      %f = cute.make_fragment_like(%a)
      cute.copy(%a, %f)
      gpu.return
    }
    gpu.func @k__aligned16(%x: i32) {
      gpu.return
    }
  }
}
