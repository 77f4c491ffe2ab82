// RUN: cute-opt %s --cute-lower-masked-copies | FileCheck %s
// RUN: cute-opt %s --cute-compile="chip=sm_90a format=ptx output-dir=%t" -o /dev/null
// RUN: FileCheck %s --check-prefix=PTX < %t/mm.sm_90a.ptx

// A masked copy bounded by a cute.mma_partition "C" of a local_tile (a
// GEMM's direct store of its accumulators, examples/gemm-sm90's swap-AB
// instances): the coordinates replay the tile and the MMA partition on the
// identity tensor of C's shape; elements past M or N are skipped.
!acc = !cute.memref<f32, rmem, align<16>, "((2,2,8),1,1):((1,2,4),0,0)">
#cpart = #cute.tiled_mma<#cute_nvgpu.wgmma<m = 64, n = 64, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k>, #cute.layout<"(1,1,1):(0,0,0)">>
module attributes {gpu.container_module} {
  gpu.module @mm {
    // CHECK-LABEL: gpu.func @store_acc
    gpu.func @store_acc(%pc: !cute.ptr<f32, gmem, align<16>>, %m: i32, %n: i32, %ldc: i32) kernel attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
      %b = gpu.block_id x
      %bid = arith.index_cast %b : index to i32
      %tidx = gpu.thread_id x
      %tid = arith.index_cast %tidx : index to i32
      %c0 = arith.constant 0 : i32
      %shape = cute.make_shape(%m, %n)
      %stride = cute.make_stride(%ldc) -> !cute.stride<"(1,?)">
      %layout = cute.make_layout(%shape, %stride)
      %gc = cute.make_view(%pc, %layout)
      %coord = cute.make_coord(%bid, %c0) -> !cute.coord<"(?,?)">
      %tile = cute.local_tile(%gc, %coord) {tiler = #cute.shape<"(64,64)">}
      %part = cute.mma_partition "C" of #cpart (%tile, %tid)
      %f = cute.make_fragment() : !acc
      %one = arith.constant 1.0 : f32
      cute.fill(%f, %one)
      // CHECK: %[[ID:[^ ]+]] = cute.make_identity_tensor(%[[S:[^)]+]])
      // CHECK: %[[IT:[^ ]+]] = cute.local_tile(%[[ID]], %{{[^)]+}}) {tiler = #cute.shape<"(64,64)">}
      // CHECK: %[[IP:[^ ]+]] = cute.mma_partition "C" of {{.*}} (%[[IT]], %{{[^)]+}}) : {{.*}} -> !cute.coord_tensor<"(?,?{div=2})", "((2,2,8),1,1):((1@1,8@0,8@1),0,0)">
      // CHECK: %[[ALL:[^ ]+]] = cute.all_in_bounds(%[[IP]], %[[S]])
      // CHECK: scf.if %[[ALL]] {
      // CHECK-NEXT: cute.copy(%[[F:[^,]+]], %[[D:[^)]+]]) :
      // CHECK-NEXT: } else {
      // CHECK-NEXT: %[[P:[^ ]+]] = cute.make_predicate(%[[IP]], %[[S]])
      // CHECK-NEXT: cute.copy(%[[F]], %[[D]], %[[P]])
      cute.copy(%f, %part) {masked}
      gpu.return
    }
  }
}
// Full tiles store element by element (C^T's columns are ldc apart); the
// ragged path branches around each element's store.
// PTX-LABEL: .entry store_acc
// PTX-NOT: .local
// PTX: st.global.b32
// PTX: @%p{{[0-9]+}} bra
// PTX: st.global.b32
