// cute_nvgpu.tma_partition: CTA %r of a multicast pair loads box %r of
// the tile (rows [64 r, 64 r + 64)) into the same rows of its smem tile;
// it is cute.local_tile by the box on both sides, and the PTX loads at
// (128 tm + 64 r, 0) with the multicast mask. sm_120a has no clusters.
// RUN: cute-opt %s --cute-print-short | cute-opt | FileCheck %s --check-prefix=ROUND
// RUN: cute-opt %s --cute-nvgpu-lower-tma-copies | FileCheck %s
// RUN: rm -rf %t && mkdir -p %t
// RUN: cute-opt %s --cute-compile="chip=sm_90a format=cubin output-dir=%t" -o /dev/null
// RUN: cute-opt %s --cute-compile="chip=sm_100a format=cubin output-dir=%t" -o /dev/null
// RUN: FileCheck %s --check-prefix=PTX < %t/tma_partition.sm_90a.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t/tma_partition.sm_100a.ptx

!tileA = !cute.memref<bf16, smem, align<1024>, sw128, "(128,64):(64,1)">
!half = !cute.memref<bf16, smem, align<1024>, sw128, "(64,64):(64,1)">

// ROUND: %{{.*}}, %{{.*}} = cute_nvgpu.tma_partition %{{.*}}, %{{.*}} (%{{.*}}, %{{.*}}) : !cute_nvgpu.tma_desc<load, {{.*}}, multicast = 2>, !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "(128,64):(64,1)">, !cute.coord_tensor<"(?{div=128},?{div=64})", "(128,64):(1@0,1@1)">

// CHECK-LABEL: gpu.func @multicast_half
// CHECK: cute.local_tile(%{{.*}}, %[[R:.*]]) {tiler = #cute.shape<"(64,64)">} : (!cute.memref<bf16, smem, align<1024>, S<3,3,3>, "(128,64):(64,1)">, i32) -> !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "(64,64):(64,1)">
// CHECK: cute.local_tile(%{{.*}}, %[[R]]) {tiler = #cute.shape<"(64,64)">} : (!cute.coord_tensor<"(?{div=128},?{div=64})", "(128,64):(1@0,1@1)">, i32) -> !cute.coord_tensor<"(?{div=64},?{div=64})", "(64,64):(1@0,1@1)">
// CHECK: cute_nvgpu.tma_load {{.*}} multicast %{{.*}} :

// The box index is r mod 2 (the tile holds 2 boxes); the smem box is
// 64 x 64 elements (x 2 bytes) further per box; the row coordinate is
// 128 tm + 64 (r mod 2), the column 0.
// PTX-LABEL: .entry multicast_half(
// PTX: shl.b32 %[[TM:r[0-9]+]], %r{{[0-9]+}}, 7;
// PTX: sub.s32 %[[R:r[0-9]+]],
// PTX: shl.b32 %[[E:r[0-9]+]], %[[R]], 12;
// PTX: mul.wide.s32 %rd{{[0-9]+}}, %[[E]], 2;
// PTX: shl.b32 %[[RR:r[0-9]+]], %[[R]], 6;
// PTX: add.s32 %[[ROW:r[0-9]+]], %[[RR]], %[[TM]];
// PTX: mov.b32 %[[COL:r[0-9]+]], 0;
// PTX: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.multicast::cluster [%rd{{[0-9]+}}], [%rd{{[0-9]+}}, {%[[COL]], %[[ROW]]}], [__cute_smem_multicast_half], %rs{{[0-9]+}};

module attributes {gpu.container_module} {
  gpu.module @tma_partition {
    gpu.func @multicast_half(%pa: !cute.ptr<bf16, gmem, align<16>>, %m: i32, %k: i32, %tm: i32, %r: i32, %mask: i16) kernel
        attributes {gpu.known_block_size = array<i32: 128, 1, 1>, cute.cluster_dims = array<i32: 2, 1, 1>} {
      %c0 = arith.constant 0 : i32
      %shA = cute.make_shape(%m, %k)
      %sk = cute.make_stride(%k) -> !cute.stride<"(?,1)">
      %la = cute.make_layout(%shA, %sk)
      %ga = cute.make_view(%pa, %la)
      %da = cute_nvgpu.make_tma_desc %ga -> !cute_nvgpu.tma_desc<load, !half, multicast = 2>
      %bars = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "1:1">
      %bar = cute_nvgpu.mbarrier_get %bars[%c0]
      %sA = cute.smem_alloc() : !tileA
      %cA = cute.make_identity_tensor(%shA)
      %tile = cute.make_coord(%tm, %c0) -> !cute.coord<"(?,?)">
      %gA = cute.local_tile(%cA, %tile) {tiler = #cute.shape<"(128,64)">}
      %s, %g = cute_nvgpu.tma_partition %da, %r (%sA, %gA)
      cute.copy(%g, %s) with(%da, %bar, %mask)
      gpu.return
    }
  }
}
