// RUN: cute-opt %s --cute-lower-masked-copies | FileCheck %s
// RUN: cute-opt %s --cute-compile="chip=sm_90a format=ptx output-dir=%t" -o /dev/null
// RUN: FileCheck %s --check-prefix=PTX < %t/m.sm_90a.ptx

// One copy for full and ragged tiles: tile k of a row of n bf16, 8 per
// thread. Reads fill out-of-bounds elements with -inf; writes skip them.
module attributes {gpu.container_module} {
  gpu.module @m {
    // CHECK-LABEL: gpu.func @ragged
    gpu.func @ragged(%px: !cute.ptr<bf16, gmem, align<16>>, %py: !cute.ptr<bf16, gmem, align<16>>, %n: i32) kernel attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
      %b = gpu.block_id x
      %tidx = gpu.thread_id x
      %tid = arith.index_cast %tidx : index to i32
      %k = arith.index_cast %b : index to i32
      %s = cute.make_shape(%n)
      %one = cute.static : !cute.stride<"1">
      %l = cute.make_layout(%s, %one)
      %x = cute.make_view(%px, %l)
      %y = cute.make_view(%py, %l)
      %tx = cute.local_tile(%x, %k) {tiler = #cute.shape<"1024">}
      %ty = cute.local_tile(%y, %k) {tiler = #cute.shape<"1024">}
      %vx = cute.partition_tv(%tx, %tid) {tv_layout = #cute.layout<"(128,8):(8,1)">}
      %vy = cute.partition_tv(%ty, %tid) {tv_layout = #cute.layout<"(128,8):(8,1)">}
      %f = cute.make_fragment_like(%vx)
      // The coordinates: the identity tensor of x's shape, tiled and
      // partitioned like x; the full-tile test is cute.all_in_bounds.
      // CHECK: %[[L:.*]] = cute.get_layout(%[[X:.*]]) : !cute.memref<bf16, gmem, align<16>, "?:1">
      // CHECK: %[[S:.*]] = cute.get_shape(%[[L]])
      // CHECK: %[[ID:.*]] = cute.make_identity_tensor(%[[S]])
      // CHECK: %[[IT:.*]] = cute.local_tile(%[[ID]], %{{.*}}) {tiler = #cute.shape<"1024">} : (!cute.coord_tensor<"0", "?:1">, i32) -> !cute.coord_tensor<"?{div=1024}", "1024:1">
      // CHECK: %[[IP:.*]] = cute.partition_tv(%[[IT]], %{{.*}}) {tv_layout = #cute.layout<"(128,8):(8,1)">} : (!cute.coord_tensor<"?{div=1024}", "1024:1">, i32) -> !cute.coord_tensor<"?{div=8}", "8:1">
      // CHECK: %[[A1:.*]] = cute.all_in_bounds(%[[IP]], %[[S]]) : !cute.coord_tensor<"?{div=8}", "8:1">, !cute.shape<"?">
      // The same for y (the bounded side of the write).
      // CHECK: %[[S2:.*]] = cute.get_shape
      // CHECK: %[[IP2:.*]] = cute.partition_tv
      // CHECK: %[[A2:.*]] = cute.all_in_bounds(%[[IP2]], %[[S2]])
      // Adjacent masked copies share one test and one branch.
      // CHECK: %[[ALL:.*]] = arith.andi %[[A1]], %[[A2]] : i1
      // CHECK: scf.if %[[ALL]] {
      // CHECK-NEXT: cute.copy(%[[VX:.*]], %[[F:.*]]) : !cute.memref<bf16, gmem, align<16>, "8:1">, !cute.memref<bf16, rmem, align<16>, "8:1">
      // CHECK-NEXT: cute.copy(%[[F]], %[[VY:.*]]) : !cute.memref<bf16, rmem, align<16>, "8:1">, !cute.memref<bf16, gmem, align<16>, "8:1">
      // CHECK-NEXT: } else {
      // Reads fill out-of-bounds elements first; writes skip them.
      // CHECK-NEXT: %[[P:.*]] = cute.make_predicate(%[[IP]], %[[S]])
      // CHECK-NEXT: %[[NEG:.*]] = arith.constant dense<0xFF80> : vector<8xbf16>
      // CHECK-NEXT: cute.store(%[[NEG]], %[[F]])
      // CHECK-NEXT: cute.copy(%[[VX]], %[[F]], %[[P]])
      // CHECK-NEXT: %[[P2:.*]] = cute.make_predicate(%[[IP2]], %[[S2]])
      // CHECK-NEXT: cute.copy(%[[F]], %[[VY]], %[[P2]])
      // CHECK-NEXT: }
      cute.copy(%vx, %f) {fill = 0xFF80 : bf16}
      cute.copy(%f, %vy) {masked}
      gpu.return
    }
  }
}
// The full-tile test is one comparison (the thread's last coordinate against
// n); the full path moves 128 bits per access, the ragged one element at a
// time, with no predicate in local memory.
// PTX-LABEL: .entry ragged
// PTX-NOT: .local
// PTX-DAG: ld.global.b16
// PTX-DAG: ld.global.v4.b32
// PTX-DAG: st.global.b16
// PTX-DAG: st.global.v4.b32
