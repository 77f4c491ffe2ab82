// chips: sm_100a
// C (M x N, f16, row-major) = A (M x K, f16, row-major) x B^T (B: N x K,
// f16, row-major) + bias (M, f16, one value per row), f32 accumulation in
// Tensor Memory: cute-rs's 2-CTA sm_100a GEMM written in the dialect.
// Compiled and assembled for sm_100a; NOT run: no Blackwell GPU exists here.
// - cluster (2,1,1): the CTA pair runs tcgen05.mma cta_group::2 with
//   M = 256; CTA r of a pair holds A rows 128 r .. of the 256-row tile and
//   its half of each N-partition of B;
// - 256 x 352 output tile as two N-partitions sharing A: 256 x 192
//   (tcgen05.mma m256n192k16, B halves of 96 rows) and 256 x 160
//   (m256n160k16, halves of 80 rows); accumulators at TMEM columns 0 and
//   192 of the 512 columns the pair allocates collectively (cta_group 2);
// - warp 5: TMA producer of a 5-stage tma_umma pipeline with cta_group = 2:
//   both CTAs load their A (128x64), B0 (96x64), B1 (80x64) boxes
//   (128-byte swizzle, 38912 B per CTA) and complete them on the even
//   CTA's full barrier, which expects 2 x 38912 = 77824 bytes (tx_bytes
//   and the consumer counts are inferred from the loads and releases);
// - warp 4 of the even CTA: the MMA thread; it waits on a stage, issues
//   2 x 4 MMAs, releases the stage with tcgen05.commit multicast to both
//   CTAs, and commits the accumulator (umma_async, cta_group 2) at the end;
// - warps 0-3 (both CTAs): the epilogue, 11 slices of 128 x 32: tcgen05.ld
//   32x32b.x32 (warp w reads lanes 32w..), + bias, f16, into a 2-stage
//   staging ring (tma_store pipeline; 64-byte swizzle: a thread's row of
//   4 x 16 bytes, 8 threads per wavefront, hits 8 distinct 16-byte bank
//   groups), TMA-store 128 x 32 boxes.
// Shapes: M % 256 == 0, N % 8 == 0, K % 8 == 0 (TMA zero-fills the K tail
// and the N edge; the stores clip). One tile per cluster (not persistent).
!LS = !cute_nvgpu.pipeline_state<5>
!SS = !cute_nvgpu.pipeline_state<2>
// The one-CTA atom whose partitions give each CTA's half of A and of the
// first accumulator (the pair's MMAs are m = 256, cta_group 2).
#part192 = #cute.tiled_mma<#cute_nvgpu.tcgen05_mma<kind = f16, m = 128, n = 192, k = 16, a = f16, b = f16, c = f32, cta_group = 1, a_src = smem, a_major = k, b_major = k>, #cute.layout<"(1,1,1):(0,0,0)">>
module attributes {gpu.container_module} {
  gpu.module @gemm_2cta {
    gpu.func @gemm_2cta_f16(%pa: !cute.ptr<f16, gmem, align<16>>, %pb: !cute.ptr<f16, gmem, align<16>>, %pc: !cute.ptr<f16, gmem, align<16>>, %pbias: !cute.ptr<f16, gmem, align<16>>, %m: i32, %n: i32, %k: i32) kernel
        attributes {cute.cluster_dims = array<i32: 2, 1, 1>, gpu.known_block_size = array<i32: 192, 1, 1>} {
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      %c4 = arith.constant 4 : i32
      %c11 = arith.constant 11 : i32
      %c32 = arith.constant 32 : i32
      %c63 = arith.constant 63 : i32
      %c64 = arith.constant 64 : i32
      %c128 = arith.constant 128 : i32
      %c192 = arith.constant 192 : i32
      %tidx = gpu.thread_id x
      %bxi = gpu.block_id x
      %byi = gpu.block_id y
      %tid = arith.index_cast %tidx : index to i32
      %bx = arith.index_cast %bxi : index to i32
      %by = arith.index_cast %byi : index to i32
      %rank = cute_nvgpu.cluster_rank
      %odd = arith.andi %rank, %c1 : i32
      %leader = arith.cmpi eq, %odd, %c0 : i32
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
      %da = cute_nvgpu.make_tma_desc %ga -> !cute_nvgpu.tma_desc<load, !cute.memref<f16, smem, align<1024>, sw128, "(128,64):(64,1)">>
      %db0 = cute_nvgpu.make_tma_desc %gb -> !cute_nvgpu.tma_desc<load, !cute.memref<f16, smem, align<1024>, sw128, "(96,64):(64,1)">>
      %db1 = cute_nvgpu.make_tma_desc %gb -> !cute_nvgpu.tma_desc<load, !cute.memref<f16, smem, align<1024>, sw128, "(80,64):(64,1)">>
      %dc = cute_nvgpu.make_tma_desc %gc -> !cute_nvgpu.tma_desc<store, !cute.memref<f16, smem, align<1024>, sw64, "(128,32):(32,1)">>
      %ringA = cute.smem_alloc() : !cute.memref<f16, smem, align<1024>, sw128, "((128,64),5):((64,1),8192)">
      %ringB0 = cute.smem_alloc() : !cute.memref<f16, smem, align<1024>, sw128, "((96,64),5):((64,1),6144)">
      %ringB1 = cute.smem_alloc() : !cute.memref<f16, smem, align<1024>, sw128, "((80,64),5):((64,1),5120)">
      %sC = cute.smem_alloc() : !cute.memref<f16, smem, align<1024>, sw64, "((128,32),2):((32,1),4096)">
      %loadBars = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "10:1">
      %accBars = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "2:1">
      %slot = cute.smem_alloc() : !cute.memref<i32, smem, align<16>, "1:1">
      %warp = cute_nvgpu.warp_idx
      %warp4 = arith.cmpi eq, %warp, %c4 : i32
      // Warp 4 of both CTAs allocates the pair's 512 columns.
      scf.if %warp4 {
        cute_nvgpu.tmem_alloc %slot, columns = 512 cta_group = 2
        cute_nvgpu.tmem_relinquish_alloc_permit cta_group = 2
      }
      %loads = cute_nvgpu.pipeline_create %loadBars {cta_group = 2 : i32} -> !cute_nvgpu.pipeline<tma_umma, 5>
      %accs = cute_nvgpu.pipeline_create %accBars {cta_group = 2 : i32} -> !cute_nvgpu.pipeline<umma_async, 1>
      %stores = cute_nvgpu.pipeline_create -> !cute_nvgpu.pipeline<tma_store, 2>
      cute_nvgpu.tcgen05_fence_before_thread_sync
      cute_nvgpu.cluster_sync
      cute_nvgpu.tcgen05_fence_after_thread_sync
      %acc = cute_nvgpu.tmem_tensor %slot -> !cute.memref<f32, tmem, align<16>, "(128,512):(65536,1)">
      %k63 = arith.addi %k, %c63 : i32
      %ktiles = arith.divui %k63, %c64 : i32
      // This CTA's first row (of A and C: the bias rows).
      %row0 = arith.muli %bx, %c128 : i32
      // TMA copies address their boxes in these coordinate tensors: this
      // CTA's 128 rows of A and of C (block x), the pair's 352 rows of B
      // (block y), all k; C's 128 x 352 tile.
      %cA = cute.make_identity_tensor(%shA)
      %cB = cute.make_identity_tensor(%shB)
      %cC = cute.make_identity_tensor(%shC)
      %am = cute.make_coord(%bx) -> !cute.coord<"(?,_)">
      %bn = cute.make_coord(%by) -> !cute.coord<"(?,_)">
      %gA = cute.local_tile(%cA, %am) {tiler = #cute.shape<"(128,64)">}
      %gB = cute.local_tile(%cB, %bn) {tiler = #cute.shape<"(352,64)">}
      %mn = cute.make_coord(%bx, %by) -> !cute.coord<"(?,?)">
      %gC = cute.local_tile(%cC, %mn) {tiler = #cute.shape<"(128,352)">}
      cute_nvgpu.warp_specialize
        role "producer" warps [5, 6) {
          cute_nvgpu.elect_one {
            %p0 = cute_nvgpu.pipeline_producer_state %loads
            %pe = scf.for %kt = %c0 to %ktiles step %c1 iter_args(%ps = %p0) -> (!LS) : i32 {
              cute_nvgpu.pipeline_producer_acquire %loads, %ps
              %full = cute_nvgpu.pipeline_producer_get_barrier %loads, %ps
              %i = cute_nvgpu.pipeline_state_index %ps
              %sc = cute.make_coord(%i) -> !cute.coord<"(_,?)">
              %bufA = cute.tensor_slice(%ringA, %sc)
              %bufB0 = cute.tensor_slice(%ringB0, %sc)
              %bufB1 = cute.tensor_slice(%ringB1, %sc)
              %kc = cute.make_coord(%kt) -> !cute.coord<"(_,_,?)">
              %gAk = cute.tensor_slice(%gA, %kc)
              %gBk = cute.tensor_slice(%gB, %kc)
              // The two N-partitions of B: rows [0, 192) and [192, 352) of
              // the 352 (the second: tile 1 of 192 rows, which reaches past
              // the 352, cut to its first 160). Each CTA of the pair loads
              // its box of each: rows 96 odd .. and 192 + 80 odd ...
              %gB0 = cute.local_tile(%gBk, %c0) {tiler = #cute.shape<"(192,64)">}
              %gB1w = cute.local_tile(%gBk, %c1) {tiler = #cute.shape<"(192,64)">}
              %gB1 = cute.local_tile(%gB1w, %c0) {tiler = #cute.shape<"(160,64)">}
              %sB0, %cB0 = cute_nvgpu.tma_partition %db0, %odd (%bufB0, %gB0)
              %sB1, %cB1 = cute_nvgpu.tma_partition %db1, %odd (%bufB1, %gB1)
              cute.copy(%gAk, %bufA) with(%da, %full) {atom = #cute_nvgpu.tma<cta_group = 2>}
              cute.copy(%cB0, %sB0) with(%db0, %full) {atom = #cute_nvgpu.tma<cta_group = 2>}
              cute.copy(%cB1, %sB1) with(%db1, %full) {atom = #cute_nvgpu.tma<cta_group = 2>}
              %pn = cute_nvgpu.pipeline_state_advance %ps
              scf.yield %pn : !LS
            }
            cute_nvgpu.pipeline_producer_tail %loads, %pe
          }
        }
        role "mma" warps [4, 5) {
          scf.if %leader {
            cute_nvgpu.elect_one {
              %t1p = cute.get_iter(%acc)
              %t1q = cute.add_offset(%t1p, %c192)
              %l1 = cute.static : !cute.layout<"(128,160):(65536,1)">
              %acc1 = cute.make_view(%t1q, %l1)
              %t0 = cute.local_tile(%acc, %c0) {tiler = #cute.layout<"(128,192):(1,128)">}
              %pc0 = cute.mma_partition "C" of #part192 (%t0, %c0)
              %pc1 = cute.mma_partition "C" of #cute.tiled_mma<#cute_nvgpu.tcgen05_mma<kind = f16, m = 128, n = 160, k = 16, a = f16, b = f16, c = f32, cta_group = 1, a_src = smem, a_major = k, b_major = k>, #cute.layout<"(1,1,1):(0,0,0)">> (%acc1, %c0)
              %a0 = cute_nvgpu.pipeline_producer_state %accs
              cute_nvgpu.pipeline_producer_acquire %accs, %a0
              %c0s = cute_nvgpu.pipeline_consumer_state %loads
              %ce = scf.for %kt = %c0 to %ktiles step %c1 iter_args(%cs = %c0s) -> (!LS) : i32 {
                cute_nvgpu.pipeline_consumer_wait %loads, %cs
                cute_nvgpu.tcgen05_fence_after_thread_sync
                %i = cute_nvgpu.pipeline_state_index %cs
                %sc = cute.make_coord(%i) -> !cute.coord<"(_,?)">
                %bufA = cute.tensor_slice(%ringA, %sc)
                %bufB0 = cute.tensor_slice(%ringB0, %sc)
                %bufB1 = cute.tensor_slice(%ringB1, %sc)
                %pa_s = cute.mma_partition "A" of #part192 (%bufA, %c0)
                %pb0_s = cute.mma_partition "B" of #cute.tiled_mma<#cute_nvgpu.tcgen05_mma<kind = f16, m = 128, n = 96, k = 16, a = f16, b = f16, c = f32, cta_group = 1, a_src = smem, a_major = k, b_major = k>, #cute.layout<"(1,1,1):(0,0,0)">> (%bufB0, %c0)
                %pb1_s = cute.mma_partition "B" of #cute.tiled_mma<#cute_nvgpu.tcgen05_mma<kind = f16, m = 128, n = 80, k = 16, a = f16, b = f16, c = f32, cta_group = 1, a_src = smem, a_major = k, b_major = k>, #cute.layout<"(1,1,1):(0,0,0)">> (%bufB1, %c0)
                %notFirst = arith.cmpi ne, %kt, %c0 : i32
                cute.gemm #cute_nvgpu.tcgen05_mma<kind = f16, m = 256, n = 192, k = 16, a = f16, b = f16, c = f32, cta_group = 2, a_src = smem, a_major = k, b_major = k> (%pa_s, %pb0_s, %pc0) accumulate(%notFirst)
                cute.gemm #cute_nvgpu.tcgen05_mma<kind = f16, m = 256, n = 160, k = 16, a = f16, b = f16, c = f32, cta_group = 2, a_src = smem, a_major = k, b_major = k> (%pa_s, %pb1_s, %pc1) accumulate(%notFirst)
                // Both CTAs' stage is free once these MMAs are done.
                cute_nvgpu.pipeline_consumer_release %loads, %cs
                %cn = cute_nvgpu.pipeline_state_advance %cs
                scf.yield %cn : !LS
              }
              // The accumulator is complete in both CTAs once every MMA is done.
              cute_nvgpu.pipeline_producer_commit %accs, %a0
            }
          }
        }
        role "epilogue" warps [0, 4) {
          %lane = arith.remui %tid, %c32 : i32
          %t0e = arith.cmpi eq, %tid, %c0 : i32
          // This thread's row: its bias, as f32.
          %myRow = arith.addi %row0, %tid : i32
          %shBias = cute.make_shape(%m)
          %stBias = cute.static : !cute.stride<"1">
          %lbias = cute.make_layout(%shBias, %stBias)
          %gbias = cute.make_view(%pbias, %lbias)
          %bt = cute.local_tile(%gbias, %myRow) {tiler = #cute.shape<"1">}
          %bv = cute.load(%bt)
          %bh = vector.extract %bv[0] : f16 from vector<1xf16>
          %bf = arith.extf %bh : f16 to f32
          %bias = vector.broadcast %bf : f32 to vector<32xf32>
          %r = cute.make_fragment() : !cute.memref<f32, rmem, align<16>, "32:1">
          %h = cute.make_fragment() : !cute.memref<f16, rmem, align<16>, "32:1">
          %s0 = cute_nvgpu.pipeline_consumer_state %accs
          cute_nvgpu.pipeline_consumer_wait %accs, %s0
          cute_nvgpu.tcgen05_fence_after_thread_sync
          %st0 = cute_nvgpu.pipeline_producer_state %stores
          %se = scf.for %j = %c0 to %c11 step %c1 iter_args(%s = %st0) -> (!SS) : i32 {
            %cw = cute.make_coord(%warp, %j) -> !cute.coord<"(?,?)">
            %tt = cute.local_tile(%acc, %cw) {tiler = #cute.shape<"(32,32)">}
            cute.copy(%tt, %r) {atom = #cute_nvgpu.tcgen05_ld<shape = 32x32b, num = 32>}
            cute_nvgpu.tcgen05_wait_ld
            %v = cute.load(%r)
            %vb = arith.addf %v, %bias : vector<32xf32>
            %vh = arith.truncf %vb : vector<32xf32> to vector<32xf16>
            cute.store(%vh, %h)
            // The staging buffer of two slices ago has been read by its store.
            scf.if %t0e {
              cute_nvgpu.pipeline_producer_acquire %stores, %s
            }
            cute_nvgpu.named_barrier id = 1, threads = 128
            %b = cute_nvgpu.pipeline_state_index %s
            %bc = cute.make_coord(%b) -> !cute.coord<"(_,?)">
            %stage = cute.tensor_slice(%sC, %bc)
            %wc = cute.make_coord(%warp, %c0) -> !cute.coord<"(?,?)">
            %sw = cute.local_tile(%stage, %wc) {tiler = #cute.shape<"(32,32)">}
            %srow = cute.partition_tv(%sw, %lane) {tv_layout = #cute.layout<"(32,32):(1,32)">}
            cute.copy(%h, %srow)
            cute_nvgpu.fence_proxy_async
            cute_nvgpu.named_barrier id = 1, threads = 128
            scf.if %t0e {
              %jc = cute.make_coord(%c0, %j) -> !cute.coord<"(?,?)">
              %gCj = cute.local_tile(%gC, %jc) {tiler = #cute.shape<"(128,32)">}
              cute.copy(%stage, %gCj) with(%dc)
              cute_nvgpu.pipeline_producer_commit %stores, %s
            }
            %sn = cute_nvgpu.pipeline_state_advance %s
            scf.yield %sn : !SS
          }
          scf.if %t0e {
            cute_nvgpu.pipeline_producer_tail %stores, %se
          }
          cute_nvgpu.tcgen05_fence_before_thread_sync
          cute_nvgpu.pipeline_consumer_release %accs, %s0
        }
      // Both CTAs are done with the pair's TMEM before it is freed.
      cute_nvgpu.tcgen05_fence_before_thread_sync
      cute_nvgpu.cluster_sync
      cute_nvgpu.tcgen05_fence_after_thread_sync
      scf.if %warp4 {
        cute_nvgpu.tmem_dealloc %acc, columns = 512 cta_group = 2
      }
      gpu.return
    }
  }
}
