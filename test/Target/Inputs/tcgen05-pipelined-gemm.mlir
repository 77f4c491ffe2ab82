// A warp-specialized sm_100a GEMM on the pipelines: C (M x N, f32) = A (M x
// K, bf16, row-major) x B^T (N x K, bf16, row-major), one 128 x 256 tile
// per CTA (compiled and assembled by the tests; not run: no GPU here
// executes sm_100a code).
//   warp 0      TMA producer: 4-stage tma_umma ring of 128x64 A and 256x64
//               B boxes (128-byte swizzle, 49152 bytes per stage);
//   warp 1      MMA: one elected thread waits on a stage, issues four
//               tcgen05.mma m128n256k16 (the first K tile overwrites the
//               accumulator) and releases the stage with tcgen05.commit;
//               after the last K tile it commits the accumulator stage of
//               the umma_async pipeline;
//   warps 2-5   epilogue: wait for the accumulator, tcgen05.ld 32x32b (warp
//               w reads lanes 32 (w % 4) ..), store to C, release.
// Warp 1 allocates the 256 TMEM columns and frees them at the end.
module attributes {gpu.container_module} {
  gpu.module @umma_pipelined {
    gpu.func @gemm_bf16(%pa: !cute.ptr<bf16, gmem, align<16>>, %pb: !cute.ptr<bf16, gmem, align<16>>, %pc: !cute.ptr<f32, gmem, align<16>>, %m: i32, %n: i32, %k: i32) kernel
        attributes {gpu.known_block_size = array<i32: 192, 1, 1>} {
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      %c4 = arith.constant 4 : i32
      %c8 = arith.constant 8 : i32
      %c32 = arith.constant 32 : i32
      %c64 = arith.constant 64 : i32
      %c128 = arith.constant 128 : i32
      %c256 = arith.constant 256 : i32
      %tidx = gpu.thread_id x
      %bxi = gpu.block_id x
      %byi = gpu.block_id y
      %tid = arith.index_cast %tidx : index to i32
      %bm = arith.index_cast %bxi : index to i32
      %bn = arith.index_cast %byi : index to i32
      %sak = cute.make_stride(%k) -> !cute.stride<"(?,1)">
      %scn = cute.make_stride(%n) -> !cute.stride<"(?,1)">
      %shA = cute.make_shape(%m, %k)
      %shB = cute.make_shape(%n, %k)
      %shC = cute.make_shape(%m, %n)
      %la = cute.make_layout(%shA, %sak)
      %lb = cute.make_layout(%shB, %sak)
      %lc = cute.make_layout(%shC, %scn)
      %ga = cute.make_view(%pa, %la)
      %gb = cute.make_view(%pb, %lb)
      %gc = cute.make_view(%pc, %lc)
      %da = cute_nvgpu.make_tma_desc %ga : !cute.memref<bf16, gmem, align<16>, "(?,?):(?,1)"> -> !cute_nvgpu.tma_desc<load, !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "(128,64):(64,1)">>
      %db = cute_nvgpu.make_tma_desc %gb : !cute.memref<bf16, gmem, align<16>, "(?,?):(?,1)"> -> !cute_nvgpu.tma_desc<load, !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "(256,64):(64,1)">>
      %ringA = cute.smem_alloc() : !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,64),4):((64,1),8192)">
      %ringB = cute.smem_alloc() : !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((256,64),4):((64,1),16384)">
      %loadBars = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "8:1">
      %accBars = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "2:1">
      %slot = cute.smem_alloc() : !cute.memref<i32, smem, align<16>, "1:1">
      %warp = cute_nvgpu.warp_idx
      %warp1 = arith.cmpi eq, %warp, %c1 : i32
      scf.if %warp1 {
        cute_nvgpu.tmem_alloc %slot, columns = 256 : !cute.memref<i32, smem, align<16>, "1:1">
      }
      %loads = cute_nvgpu.pipeline_create %loadBars : !cute.memref<i64, smem, align<8>, "8:1"> {tx_bytes = 49152 : i32} -> !cute_nvgpu.pipeline<tma_umma, 4>
      %accs = cute_nvgpu.pipeline_create %accBars : !cute.memref<i64, smem, align<8>, "2:1"> {consumers = 128 : i32} -> !cute_nvgpu.pipeline<umma_async, 1>
      cute_nvgpu.tcgen05_fence_before_thread_sync
      gpu.barrier
      cute_nvgpu.tcgen05_fence_after_thread_sync
      %acc = cute_nvgpu.tmem_tensor %slot : !cute.memref<i32, smem, align<16>, "1:1"> -> !cute.memref<f32, tmem, align<16>, "(128,256):(65536,1)">
      %ktiles = arith.divui %k, %c64 : i32
      %row0 = arith.muli %bm, %c128 : i32
      %col0 = arith.muli %bn, %c256 : i32
      cute_nvgpu.warp_specialize
        role "producer" warps [0, 1) {
          cute_nvgpu.elect_one {
            %p0 = cute_nvgpu.pipeline_producer_state %loads : !cute_nvgpu.pipeline<tma_umma, 4> -> !cute_nvgpu.pipeline_state<4>
            %pe = scf.for %kt = %c0 to %ktiles step %c1 iter_args(%ps = %p0) -> (!cute_nvgpu.pipeline_state<4>) : i32 {
              cute_nvgpu.pipeline_producer_acquire %loads, %ps : !cute_nvgpu.pipeline<tma_umma, 4>, !cute_nvgpu.pipeline_state<4>
              %full = cute_nvgpu.pipeline_producer_get_barrier %loads, %ps : !cute_nvgpu.pipeline<tma_umma, 4>, !cute_nvgpu.pipeline_state<4>
              %i = cute_nvgpu.pipeline_state_index %ps : !cute_nvgpu.pipeline_state<4>
              %sc = cute.make_coord(%i) -> !cute.coord<"(_,?)">
              %bufA = cute.tensor_slice(%ringA, %sc)
              %bufB = cute.tensor_slice(%ringB, %sc)
              %k0 = arith.muli %kt, %c64 : i32
              cute_nvgpu.tma_load %da, %bufA, %full box [%row0, %k0] : !cute_nvgpu.tma_desc<load, !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "(128,64):(64,1)">>, !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "(128,64):(64,1)">
              cute_nvgpu.tma_load %db, %bufB, %full box [%col0, %k0] : !cute_nvgpu.tma_desc<load, !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "(256,64):(64,1)">>, !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "(256,64):(64,1)">
              %pn = cute_nvgpu.pipeline_state_advance %ps : !cute_nvgpu.pipeline_state<4>
              scf.yield %pn : !cute_nvgpu.pipeline_state<4>
            }
            cute_nvgpu.pipeline_producer_tail %loads, %pe : !cute_nvgpu.pipeline<tma_umma, 4>, !cute_nvgpu.pipeline_state<4>
          }
        }
        role "mma" warps [1, 2) {
          cute_nvgpu.elect_one {
            %pc_t = cute.mma_partition "C" of #cute.tiled_mma<#cute_nvgpu.tcgen05_mma<kind = f16, m = 128, n = 256, k = 16, a = bf16, b = bf16, c = f32, cta_group = 1, a_src = smem, a_major = k, b_major = k>, #cute.layout<"(1,1,1):(0,0,0)">> (%acc, %c0) : (!cute.memref<f32, tmem, align<16>, "(128,256):(65536,1)">, i32) -> !cute.memref<f32, tmem, align<16>, "((128,256),1,1):((65536,1),0,0)">
            %a0 = cute_nvgpu.pipeline_producer_state %accs : !cute_nvgpu.pipeline<umma_async, 1> -> !cute_nvgpu.pipeline_state<1>
            cute_nvgpu.pipeline_producer_acquire %accs, %a0 : !cute_nvgpu.pipeline<umma_async, 1>, !cute_nvgpu.pipeline_state<1>
            %c0s = cute_nvgpu.pipeline_consumer_state %loads : !cute_nvgpu.pipeline<tma_umma, 4> -> !cute_nvgpu.pipeline_state<4>
            %ce = scf.for %kt = %c0 to %ktiles step %c1 iter_args(%cs = %c0s) -> (!cute_nvgpu.pipeline_state<4>) : i32 {
              cute_nvgpu.pipeline_consumer_wait %loads, %cs : !cute_nvgpu.pipeline<tma_umma, 4>, !cute_nvgpu.pipeline_state<4>
              %i = cute_nvgpu.pipeline_state_index %cs : !cute_nvgpu.pipeline_state<4>
              %sc = cute.make_coord(%i) -> !cute.coord<"(_,?)">
              %bufA = cute.tensor_slice(%ringA, %sc)
              %bufB = cute.tensor_slice(%ringB, %sc)
              %pa_s = cute.mma_partition "A" of #cute.tiled_mma<#cute_nvgpu.tcgen05_mma<kind = f16, m = 128, n = 256, k = 16, a = bf16, b = bf16, c = f32, cta_group = 1, a_src = smem, a_major = k, b_major = k>, #cute.layout<"(1,1,1):(0,0,0)">> (%bufA, %c0) : (!cute.memref<bf16, smem, align<1024>, S<3,3,3>, "(128,64):(64,1)">, i32) -> !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,16),1,4):((64,1),0,16)">
              %pb_s = cute.mma_partition "B" of #cute.tiled_mma<#cute_nvgpu.tcgen05_mma<kind = f16, m = 128, n = 256, k = 16, a = bf16, b = bf16, c = f32, cta_group = 1, a_src = smem, a_major = k, b_major = k>, #cute.layout<"(1,1,1):(0,0,0)">> (%bufB, %c0) : (!cute.memref<bf16, smem, align<1024>, S<3,3,3>, "(256,64):(64,1)">, i32) -> !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((256,16),1,4):((64,1),0,16)">
              %notFirst = arith.cmpi ne, %kt, %c0 : i32
              cute.gemm #cute_nvgpu.tcgen05_mma<kind = f16, m = 128, n = 256, k = 16, a = bf16, b = bf16, c = f32, cta_group = 1, a_src = smem, a_major = k, b_major = k> (%pa_s, %pb_s, %pc_t) accumulate(%notFirst) : !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,16),1,4):((64,1),0,16)">, !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((256,16),1,4):((64,1),0,16)">, !cute.memref<f32, tmem, align<16>, "((128,256),1,1):((65536,1),0,0)">
              // The stage is free once these MMAs are done (tcgen05.commit).
              cute_nvgpu.pipeline_consumer_release %loads, %cs : !cute_nvgpu.pipeline<tma_umma, 4>, !cute_nvgpu.pipeline_state<4>
              %cn = cute_nvgpu.pipeline_state_advance %cs : !cute_nvgpu.pipeline_state<4>
              scf.yield %cn : !cute_nvgpu.pipeline_state<4>
            }
            // The accumulator is complete once every MMA is done.
            cute_nvgpu.pipeline_producer_commit %accs, %a0 : !cute_nvgpu.pipeline<umma_async, 1>, !cute_nvgpu.pipeline_state<1>
          }
        }
        role "epilogue" warps [2, 6) {
          %quarter = arith.remui %warp, %c4 : i32
          %lane = arith.remui %tid, %c32 : i32
          %s0 = cute_nvgpu.pipeline_consumer_state %accs : !cute_nvgpu.pipeline<umma_async, 1> -> !cute_nvgpu.pipeline_state<1>
          cute_nvgpu.pipeline_consumer_wait %accs, %s0 : !cute_nvgpu.pipeline<umma_async, 1>, !cute_nvgpu.pipeline_state<1>
          cute_nvgpu.tcgen05_fence_after_thread_sync
          %cc = cute.make_coord(%bm, %bn) -> !cute.coord<"(?,?)">
          %gtc = cute.local_tile(%gc, %cc) {tiler = #cute.shape<"(128,256)">}
          %r = cute.make_fragment() : !cute.memref<f32, rmem, align<16>, "32:1">
          scf.for %ch = %c0 to %c8 step %c1 : i32 {
            %cw = cute.make_coord(%quarter, %ch) -> !cute.coord<"(?,?)">
            %tt = cute.local_tile(%acc, %cw) {tiler = #cute.shape<"(32,32)">}
            cute.copy(%tt, %r) {atom = #cute_nvgpu.tcgen05_ld<shape = 32x32b, num = 32>} : !cute.memref<f32, tmem, align<16>, "(32,32):(65536,1)">, !cute.memref<f32, rmem, align<16>, "32:1">
            cute_nvgpu.tcgen05_wait_ld
            %gw = cute.local_tile(%gtc, %cw) {tiler = #cute.shape<"(32,32)">}
            %row = cute.partition_tv(%gw, %lane) {tv_layout = #cute.layout<"(32,32):(1,32)">}
            cute.copy(%r, %row)
          }
          cute_nvgpu.tcgen05_fence_before_thread_sync
          cute_nvgpu.pipeline_consumer_release %accs, %s0 : !cute_nvgpu.pipeline<umma_async, 1>, !cute_nvgpu.pipeline_state<1>
        }
      gpu.barrier
      cute_nvgpu.tcgen05_fence_after_thread_sync
      scf.if %warp1 {
        cute_nvgpu.tmem_dealloc %acc, columns = 256 : !cute.memref<f32, tmem, align<16>, "(128,256):(65536,1)">
      }
      gpu.return
    }
  }
}
