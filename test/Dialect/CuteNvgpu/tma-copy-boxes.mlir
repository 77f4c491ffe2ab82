// A TMA copy of a tile of whole boxes: `cute.copy(%coords, %smem)
// with(%desc, %bar)` where both tiles are a multiple of the descriptor's
// box in every mode issues one TMA per box, box i of both tiles being
// their cute.local_tile by the box shape at i (colexicographic, as
// cute_nvgpu.tma_partition numbers boxes). Here A's 128 x 256 tile is four
// 128 x 64 boxes in an smem tile of four swizzled column blocks (the
// attention kernels' Q, K and V tiles for head dimension 256) and C's
// 64 x 32 f32 tile is two 32 x 32 boxes stored from a row-major smem tile.
// @by_hand issues the same TMAs one box at a time at the same
// coordinates: the two kernels' PTX bodies are equal on every chip.
// RUN: cute-opt %s --cute-nvgpu-lower-tma-copies | FileCheck %s
// RUN: rm -rf %t && mkdir -p %t
// RUN: cute-opt %s --cute-compile="chip=sm_90a format=cubin output-dir=%t" -o /dev/null
// RUN: cute-opt %s --cute-compile="chip=sm_100a format=cubin output-dir=%t" -o /dev/null
// RUN: cute-opt %s --cute-compile="chip=sm_120a format=cubin output-dir=%t" -o /dev/null
// RUN: FileCheck %s --check-prefix=PTX < %t/tma_boxes.sm_90a.ptx
// RUN: %python %S/Inputs/ptx-bodies-equal.py %t/tma_boxes.sm_90a.ptx tiles by_hand
// RUN: %python %S/Inputs/ptx-bodies-equal.py %t/tma_boxes.sm_100a.ptx tiles by_hand
// RUN: %python %S/Inputs/ptx-bodies-equal.py %t/tma_boxes.sm_120a.ptx tiles by_hand

!boxA = !cute.memref<bf16, smem, align<1024>, sw128, "(128,64):(64,1)">
!tileA = !cute.memref<bf16, smem, align<1024>, sw128, "(128,(64,4)):(64,(1,8192))">
!boxC = !cute.memref<f32, smem, align<128>, "(32,32):(32,1)">
!tileC = !cute.memref<f32, smem, align<128>, "((32,2),32):((32,1024),1)">

// CHECK-LABEL: gpu.func @tiles
// CHECK-COUNT-4: cute_nvgpu.tma_load %{{.*}}, %{{.*}}, %{{.*}} box[%{{.*}}, %{{.*}}] : !cute_nvgpu.tma_desc<load, {{.*}}>, !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "(128,64):(64,1)">
// CHECK-NOT: cute_nvgpu.tma_load
// CHECK-COUNT-2: cute_nvgpu.tma_store %{{.*}}, %{{.*}} box[%{{.*}}, %{{.*}}] : !cute_nvgpu.tma_desc<store, {{.*}}>, !cute.memref<f32, smem, align<128>, "(32,32):(32,1)">
// CHECK-NOT: cute.copy
// CHECK-LABEL: gpu.func @by_hand

// The boxes at smem offsets 0, 16, 32 and 48 KB (+1024: the barrier's
// slot), the C boxes 4 KB apart.
// PTX-LABEL: .entry tiles(
// PTX-COUNT-4: cp.async.bulk.tensor.2d.shared::cta.global.tile.mbarrier::complete_tx::bytes
// PTX-COUNT-2: cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group
// PTX-LABEL: .entry by_hand(

module attributes {gpu.container_module} {
  gpu.module @tma_boxes {
    gpu.func @tiles(%pa: !cute.ptr<bf16, gmem, align<16>>, %pc: !cute.ptr<f32, gmem, align<16>>, %m: i32, %k: i32, %n: i32, %tm: i32, %tn: i32) kernel
        attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : i32
      %shA = cute.make_shape(%m, %k)
      %sk = cute.make_stride(%k) -> !cute.stride<"(?,1)">
      %la = cute.make_layout(%shA, %sk)
      %ga = cute.make_view(%pa, %la)
      %da = cute_nvgpu.make_tma_desc %ga -> !cute_nvgpu.tma_desc<load, !boxA>
      %shC = cute.make_shape(%m, %n)
      %sn = cute.make_stride(%n) -> !cute.stride<"(?,1)">
      %lc = cute.make_layout(%shC, %sn)
      %gc = cute.make_view(%pc, %lc)
      %dc = cute_nvgpu.make_tma_desc %gc -> !cute_nvgpu.tma_desc<store, !boxC>
      %bars = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "1:1">
      %bar = cute_nvgpu.mbarrier_get %bars[%c0]
      %sA = cute.smem_alloc() : !tileA
      %sC = cute.smem_alloc() : !tileC
      %cA = cute.make_identity_tensor(%shA)
      %am = cute.make_coord(%tm) -> !cute.coord<"(?,0)">
      %gA = cute.local_tile(%cA, %am) {tiler = #cute.shape<"(128,256)">}
      cute.copy(%gA, %sA) with(%da, %bar)
      %cC = cute.make_identity_tensor(%shC)
      %mn = cute.make_coord(%tm, %tn) -> !cute.coord<"(?,?)">
      %gCt = cute.local_tile(%cC, %mn) {tiler = #cute.shape<"(64,32)">}
      cute.copy(%sC, %gCt) with(%dc)
      gpu.return
    }

    gpu.func @by_hand(%pa: !cute.ptr<bf16, gmem, align<16>>, %pc: !cute.ptr<f32, gmem, align<16>>, %m: i32, %k: i32, %n: i32, %tm: i32, %tn: i32) kernel
        attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
      %c0, %c1, %c2, %c3, %c32, %c64, %c128 = cute.constants 0, 1, 2, 3, 32, 64, 128 : i32
      %shA = cute.make_shape(%m, %k)
      %sk = cute.make_stride(%k) -> !cute.stride<"(?,1)">
      %la = cute.make_layout(%shA, %sk)
      %ga = cute.make_view(%pa, %la)
      %da = cute_nvgpu.make_tma_desc %ga -> !cute_nvgpu.tma_desc<load, !boxA>
      %shC = cute.make_shape(%m, %n)
      %sn = cute.make_stride(%n) -> !cute.stride<"(?,1)">
      %lc = cute.make_layout(%shC, %sn)
      %gc = cute.make_view(%pc, %lc)
      %dc = cute_nvgpu.make_tma_desc %gc -> !cute_nvgpu.tma_desc<store, !boxC>
      %bars = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "1:1">
      %bar = cute_nvgpu.mbarrier_get %bars[%c0]
      %sA = cute.smem_alloc() : !tileA
      %sC = cute.smem_alloc() : !tileC
      %m0 = arith.muli %tm, %c128 : i32
      scf.for %j = %c0 to %c3 step %c1 : i32 {
        %jc = cute.make_coord(%j) -> !cute.coord<"(_,(_,?))">
        %box = cute.tensor_slice(%sA, %jc)
        %k0 = arith.muli %j, %c64 : i32
        cute_nvgpu.tma_load %da, %box, %bar box [%m0, %k0]
      } {cute.unroll}
      %j3 = cute.make_coord(%c3) -> !cute.coord<"(_,(_,?))">
      %box3 = cute.tensor_slice(%sA, %j3)
      %k3 = arith.muli %c3, %c64 : i32
      cute_nvgpu.tma_load %da, %box3, %bar box [%m0, %k3]
      %cm = arith.muli %tm, %c64 : i32
      %cn = arith.muli %tn, %c32 : i32
      %h0 = cute.make_coord(%c0) -> !cute.coord<"((_,?),_)">
      %sC0 = cute.tensor_slice(%sC, %h0)
      cute_nvgpu.tma_store %dc, %sC0 box [%cm, %cn]
      %h1 = cute.make_coord(%c1) -> !cute.coord<"((_,?),_)">
      %sC1 = cute.tensor_slice(%sC, %h1)
      %cm1 = arith.addi %cm, %c32 : i32
      cute_nvgpu.tma_store %dc, %sC1 box [%cm1, %cn]
      gpu.return
    }
  }
}
