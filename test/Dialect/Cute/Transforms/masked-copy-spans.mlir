// RUN: cute-opt %s --cute-lower-masked-copies | FileCheck %s

// A span from one masked copy to the last one reached through element-wise
// ops is versioned as a whole: one test, the span's ops on both paths, its
// values used later yielded. A block reduction (all threads must reach it)
// ends a span.
module attributes {gpu.container_module} {
  gpu.module @m {
    // CHECK-LABEL: gpu.func @span
    gpu.func @span(%px: !cute.ptr<f32, gmem, align<16>>, %py: !cute.ptr<f32, gmem, align<16>>, %n: i32, %k: i32, %tid: i32) kernel attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
      %s = cute.make_shape(%n)
      %one = cute.static : !cute.stride<"1">
      %l = cute.make_layout(%s, %one)
      %x = cute.make_view(%px, %l)
      %y = cute.make_view(%py, %l)
      %tx = cute.local_tile(%x, %k) {tiler = #cute.shape<"512">}
      %ty = cute.local_tile(%y, %k) {tiler = #cute.shape<"512">}
      %vx = cute.partition_tv(%tx, %tid) {tv_layout = #cute.layout<"(128,4):(4,1)">}
      %vy = cute.partition_tv(%ty, %tid) {tv_layout = #cute.layout<"(128,4):(4,1)">}
      %f = cute.make_fragment_like(%vx)
      // CHECK: %[[A:.*]] = arith.andi
      // CHECK: %[[S:.*]] = scf.if %[[A]] -> (f32) {
      // CHECK-NEXT: cute.copy(%{{.*}}, %{{.*}}) :
      // CHECK-NEXT: %[[V:.*]] = cute.load
      // CHECK-NEXT: %[[T:.*]] = cute.reduce<add, thread>(%[[V]])
      // CHECK-NEXT: %[[W:.*]] = arith.mulf
      // CHECK-NEXT: cute.store(%[[W]]
      // CHECK-NEXT: cute.copy(%{{.*}}, %{{.*}}) :
      // CHECK-NEXT: scf.yield %[[T]] : f32
      // CHECK-NEXT: } else {
      // CHECK-NEXT: cute.make_predicate
      // CHECK-NEXT: arith.constant dense<0.000000e+00>
      // CHECK-NEXT: cute.store
      // CHECK-NEXT: cute.copy(%{{.*}}, %{{.*}}, %{{.*}}) :
      // CHECK-NEXT: %[[V2:.*]] = cute.load
      // CHECK-NEXT: %[[T2:.*]] = cute.reduce<add, thread>(%[[V2]])
      // CHECK-NEXT: arith.mulf
      // CHECK-NEXT: cute.store
      // CHECK-NEXT: cute.make_predicate
      // CHECK-NEXT: cute.copy(%{{.*}}, %{{.*}}, %{{.*}}) :
      // CHECK-NEXT: scf.yield %[[T2]] : f32
      // CHECK-NEXT: }
      cute.copy(%vx, %f) {fill = 0.0 : f32}
      %v = cute.load(%f)
      %t = cute.reduce<add, thread>(%v)
      %w = arith.mulf %v, %v : vector<4xf32>
      cute.store(%w, %f)
      cute.copy(%f, %vy) {masked}
      // A block reduction separates spans: two tests, two branches.
      // CHECK: %[[B:.*]] = cute.reduce<add, block>(%[[S]])
      // CHECK: scf.if
      // CHECK: } else {
      // CHECK: {{^ *}}}{{$}}
      // CHECK-NEXT: %[[BB:.*]] = cute.reduce<max, block>
      // CHECK: scf.if
      %b = cute.reduce<add, block>(%t)
      cute.copy(%vx, %f) {masked}
      %m = cute.reduce<max, block>(%b)
      %mv = vector.broadcast %m : f32 to vector<4xf32>
      cute.store(%mv, %f)
      cute.copy(%f, %vy) {masked}
      gpu.return
    }
  }
}
