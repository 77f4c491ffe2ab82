// TMA as a copy atom: `cute.copy(%coords, %smem) with(%desc, %bar)` loads
// the box whose origin is the coordinate tile's first coordinate;
// `cute.copy(%smem, %coords) with(%desc)` stores it. The coordinate tiles
// come from cute.make_identity_tensor of the global shape, tiled like the
// data, so no element offset is written (tma_partition: tma-partition.mlir).
// Round trip: the short form prints, parses and prints the same; so does
// the full form.
// RUN: cute-opt %s --cute-print-short | cute-opt --cute-print-short | FileCheck %s --check-prefix=SHORT
// RUN: cute-opt %s | cute-opt | FileCheck %s --check-prefix=FULL
// RUN: cute-opt %s --cute-nvgpu-lower-tma-copies | FileCheck %s
// The same PTX as the hand-written tma_load / tma_store at the same
// coordinates (@by_hand), on every chip: the two kernels' bodies are equal.
// RUN: rm -rf %t && mkdir -p %t
// RUN: cute-opt %s --cute-compile="chip=sm_90a format=cubin output-dir=%t" -o /dev/null
// RUN: cute-opt %s --cute-compile="chip=sm_100a format=cubin output-dir=%t" -o /dev/null
// RUN: cute-opt %s --cute-compile="chip=sm_120a format=cubin output-dir=%t" -o /dev/null
// RUN: FileCheck %s --check-prefix=PTX < %t/tma_copy.sm_90a.ptx
// RUN: %python %S/Inputs/ptx-bodies-equal.py %t/tma_copy.sm_90a.ptx tiles by_hand
// RUN: %python %S/Inputs/ptx-bodies-equal.py %t/tma_copy.sm_100a.ptx tiles by_hand
// RUN: %python %S/Inputs/ptx-bodies-equal.py %t/tma_copy.sm_120a.ptx tiles by_hand
// RUN: %ptxas -arch=sm_90a %t/tma_copy.sm_90a.ptx -o %t/v.cubin

!tileA = !cute.memref<bf16, smem, align<1024>, sw128, "(128,64):(64,1)">
!half = !cute.memref<bf16, smem, align<1024>, sw128, "(64,64):(64,1)">
!tileC = !cute.memref<f32, smem, align<128>, "(32,32):(32,1)">
!gA = !cute.memref<bf16, gmem, align<16>, "(?,?):(?,1)">
!gC = !cute.memref<f32, gmem, align<16>, "(?,?):(?,1)">

// SHORT-LABEL: gpu.func @tiles
// SHORT: cute.copy(%{{.*}}, %{{.*}}) with(%{{.*}}, %{{.*}}){{$}}
// SHORT: cute.copy(%{{.*}}, %{{.*}}) with(%{{.*}}){{$}}
// FULL-LABEL: gpu.func @tiles
// FULL: cute.copy(%{{.*}}, %{{.*}}) with(%{{.*}}, %{{.*}}) : !cute.coord_tensor<"(?{div=128},?{div=64})", "(128,64):(1@0,1@1)">, !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "(128,64):(64,1)">, !cute_nvgpu.tma_desc<load, {{.*}}>, !cute_nvgpu.mbarrier
// FULL: cute.copy(%{{.*}}, %{{.*}}) with(%{{.*}}) : !cute.memref<f32, smem, align<128>, "(32,32):(32,1)">, !cute.coord_tensor<"(?{div=32},?{div=32})", "(32,32):(1@0,1@1)">, !cute_nvgpu.tma_desc<store, {{.*}}>

// The box origin is the tile's base: (tm * 128, kt * 64) for A.
// CHECK-LABEL: gpu.func @tiles
// CHECK: %[[GA:.*]] = cute.local_tile(%{{.*}}, %{{.*}}) {tiler = #cute.shape<"(128,64)">} : {{.*}} -> !cute.coord_tensor<"(?{div=128},0)", "(128,64,?):(1@0,1@1,64@1)">
// CHECK: %[[AK:.*]] = cute.tensor_slice(%[[GA]], %{{.*}}) : {{.*}} -> !cute.coord_tensor<"(?{div=128},?{div=64})", "(128,64):(1@0,1@1)">
// CHECK: %[[IT:.*]] = cute.get_iter(%[[AK]])
// CHECK: %[[X:.*]]:2 = cute.get_scalars (%[[IT]])
// CHECK: cute_nvgpu.tma_load %{{.*}}, %{{.*}}, %{{.*}} box[%[[X]]#0, %[[X]]#1]
// CHECK-NOT: cute.copy
// CHECK: cute_nvgpu.tma_store %{{.*}}, %{{.*}} box[%{{.*}}, %{{.*}}]

// PTX-LABEL: .entry tiles(
// PTX: cp.async.bulk.tensor.2d.shared::cta.global.tile.mbarrier::complete_tx::bytes [__cute_smem_tiles+1024], [%rd{{[0-9]+}}, {%r{{[0-9]+}}, %r{{[0-9]+}}}], [__cute_smem_tiles];
// PTX: cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group [%rd{{[0-9]+}}, {%r{{[0-9]+}}, %r{{[0-9]+}}}], [__cute_smem_tiles+17408];
// PTX-LABEL: .entry by_hand(

module attributes {gpu.container_module} {
  gpu.module @tma_copy {
    gpu.func @tiles(%pa: !cute.ptr<bf16, gmem, align<16>>, %pc: !cute.ptr<f32, gmem, align<16>>, %m: i32, %k: i32, %n: i32, %tm: i32, %kt: i32, %tn: i32) kernel
        attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : i32
      %shA = cute.make_shape(%m, %k)
      %sk = cute.make_stride(%k) -> !cute.stride<"(?,1)">
      %la = cute.make_layout(%shA, %sk)
      %ga = cute.make_view(%pa, %la)
      %da = cute_nvgpu.make_tma_desc %ga -> !cute_nvgpu.tma_desc<load, !tileA>
      %shC = cute.make_shape(%m, %n)
      %sn = cute.make_stride(%n) -> !cute.stride<"(?,1)">
      %lc = cute.make_layout(%shC, %sn)
      %gc = cute.make_view(%pc, %lc)
      %dc = cute_nvgpu.make_tma_desc %gc -> !cute_nvgpu.tma_desc<store, !tileC>
      %bars = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "1:1">
      %bar = cute_nvgpu.mbarrier_get %bars[%c0]
      %sA = cute.smem_alloc() : !tileA
      %sC = cute.smem_alloc() : !tileC
      %cA = cute.make_identity_tensor(%shA)
      %am = cute.make_coord(%tm) -> !cute.coord<"(?,_)">
      %gA = cute.local_tile(%cA, %am) {tiler = #cute.shape<"(128,64)">}
      %kc = cute.make_coord(%kt) -> !cute.coord<"(_,_,?)">
      %gAk = cute.tensor_slice(%gA, %kc)
      cute.copy(%gAk, %sA) with(%da, %bar)
      %cC = cute.make_identity_tensor(%shC)
      %mn = cute.make_coord(%tm, %tn) -> !cute.coord<"(?,?)">
      %gCt = cute.local_tile(%cC, %mn) {tiler = #cute.shape<"(32,32)">}
      cute.copy(%sC, %gCt) with(%dc)
      gpu.return
    }

    gpu.func @by_hand(%pa: !cute.ptr<bf16, gmem, align<16>>, %pc: !cute.ptr<f32, gmem, align<16>>, %m: i32, %k: i32, %n: i32, %tm: i32, %kt: i32, %tn: i32) kernel
        attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : i32
      %c32 = arith.constant 32 : i32
      %c64 = arith.constant 64 : i32
      %c128 = arith.constant 128 : i32
      %shA = cute.make_shape(%m, %k)
      %sk = cute.make_stride(%k) -> !cute.stride<"(?,1)">
      %la = cute.make_layout(%shA, %sk)
      %ga = cute.make_view(%pa, %la)
      %da = cute_nvgpu.make_tma_desc %ga -> !cute_nvgpu.tma_desc<load, !tileA>
      %shC = cute.make_shape(%m, %n)
      %sn = cute.make_stride(%n) -> !cute.stride<"(?,1)">
      %lc = cute.make_layout(%shC, %sn)
      %gc = cute.make_view(%pc, %lc)
      %dc = cute_nvgpu.make_tma_desc %gc -> !cute_nvgpu.tma_desc<store, !tileC>
      %bars = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "1:1">
      %bar = cute_nvgpu.mbarrier_get %bars[%c0]
      %sA = cute.smem_alloc() : !tileA
      %sC = cute.smem_alloc() : !tileC
      %m0 = arith.muli %tm, %c128 : i32
      %k0 = arith.muli %kt, %c64 : i32
      cute_nvgpu.tma_load %da, %sA, %bar box [%m0, %k0]
      %cm = arith.muli %tm, %c32 : i32
      %cn = arith.muli %tn, %c32 : i32
      cute_nvgpu.tma_store %dc, %sC box [%cm, %cn]
      gpu.return
    }
  }
}
