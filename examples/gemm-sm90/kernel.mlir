// chips: sm_90a
// C (M x N, bf16, row-major) = A (M x K, bf16, row-major) x B^T (B: N x K,
// bf16, row-major), f32 accumulation (gemm_bf16; gemm_f16 is the same
// kernel on f16 A, B and C), and the same with
// f8E4M3FN A and B, K steps of 128 bytes, wgmma m64n256k32 and a per-tensor
// scale applied to the f32 accumulators before the bf16 conversion
// (gemm_e4m3, K % 16 == 0), on the H200: CUTLASS's warp-
// specialized persistent "cooperative" design written in the dialect.
// - 128 x 256 x 64 tiles; a 4-stage PipelineTmaAsync ring of 128-byte
//   swizzled A (128 x 64) and B (256 x 64) tiles (48 KB per stage) filled
//   by TMA from one elected thread of the producer warpgroup
//   (setmaxnreg 40);
// - two consumer warpgroups (setmaxnreg 232), each computing 64 x 256 with
//   wgmma m64n256k16 (a 2 x 1 tiled MMA), one wgmma group kept in flight:
//   a stage is released once the group after it has been issued;
// - persistent CTAs over tiles in groups of 8 M-tiles (rasterization for
//   L2 reuse);
// - epilogue: each warpgroup converts its accumulators to bf16 64 columns
//   at a time into a 2-buffer 128-byte swizzled staging ring and TMA-stores
//   64 x 64 boxes (PipelineTmaStore).
// Ragged edges: TMA loads zero-fill outside A and B, TMA stores clip. TMA
// needs 16-byte row pitches: K % 8 == 0, and C has a leading dimension
// ldc >= N with ldc % 8 == 0 (any N). See README.md.
module attributes {gpu.container_module} {
  gpu.module @gemm_sm90 {
    gpu.func @gemm_bf16(%pa: !cute.ptr<bf16, gmem, align<16>>, %pb: !cute.ptr<bf16, gmem, align<16>>, %pc: !cute.ptr<bf16, gmem, align<16>>, %m: i32, %n: i32, %k: i32, %ldc: i32) kernel
        attributes {gpu.known_block_size = array<i32: 384, 1, 1>, cute.no_specialize} {
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      %c4 = arith.constant 4 : i32
      %c8 = arith.constant 8 : i32
      %c63 = arith.constant 63 : i32
      %c64 = arith.constant 64 : i32
      %c127 = arith.constant 127 : i32
      %c128 = arith.constant 128 : i32
      %c255 = arith.constant 255 : i32
      %c256 = arith.constant 256 : i32
      %bidx = gpu.block_id x
      %gdim = gpu.grid_dim x
      %tidx = gpu.thread_id x
      %bid = arith.index_cast %bidx : index to i32
      %grid = arith.index_cast %gdim : index to i32
      %tid = arith.index_cast %tidx : index to i32
      // Global tensors and their TMA descriptors.
      %shA = cute.make_shape(%m, %k)
      %shB = cute.make_shape(%n, %k)
      %shC = cute.make_shape(%m, %n)
      %sk = cute.make_stride(%k) -> !cute.stride<"(?,1)">
      %sn = cute.make_stride(%ldc) -> !cute.stride<"(?,1)">
      %la = cute.make_layout(%shA, %sk)
      %lb = cute.make_layout(%shB, %sk)
      %lc = cute.make_layout(%shC, %sn)
      %ga = cute.make_view(%pa, %la)
      %gb = cute.make_view(%pb, %lb)
      %gc = cute.make_view(%pc, %lc)
      %da = cute_nvgpu.make_tma_desc %ga : !cute.memref<bf16, gmem, align<16>, "(?,?):(?,1)"> -> !cute_nvgpu.tma_desc<load, !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "(128,64):(64,1)">>
      %db = cute_nvgpu.make_tma_desc %gb : !cute.memref<bf16, gmem, align<16>, "(?,?):(?,1)"> -> !cute_nvgpu.tma_desc<load, !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "(256,64):(64,1)">>
      %dc = cute_nvgpu.make_tma_desc %gc : !cute.memref<bf16, gmem, align<16>, "(?,?):(?,1)"> -> !cute_nvgpu.tma_desc<store, !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "(64,64):(64,1)">>
      // Shared memory: 4 stages of A and B, 2 x 2 staging tiles of C.
      %bars = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "8:1">
      %sA = cute.smem_alloc() : !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,64),4):((64,1),8192)">
      %sB = cute.smem_alloc() : !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((256,64),4):((64,1),16384)">
      %sC = cute.smem_alloc() : !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((64,64),2,2):((64,1),4096,8192)">
      %loads = cute_nvgpu.pipeline_create %bars : !cute.memref<i64, smem, align<8>, "8:1"> {consumers = 8 : i32, tx_bytes = 49152 : i32} -> !cute_nvgpu.pipeline<tma_async, 4>
      %stores = cute_nvgpu.pipeline_create -> !cute_nvgpu.pipeline<tma_store, 2>
      // Tiles.
      %m127 = arith.addi %m, %c127 : i32
      %n255 = arith.addi %n, %c255 : i32
      %k63 = arith.addi %k, %c63 : i32
      %ntm = arith.divui %m127, %c128 : i32
      %ntn = arith.divui %n255, %c256 : i32
      %ktiles = arith.divui %k63, %c64 : i32
      %ntiles = arith.muli %ntm, %ntn : i32
      %groupTiles = arith.muli %ntn, %c8 : i32
      cute_nvgpu.warp_specialize
        role "producer" warps [0, 4) max_regs 40 {
          %w = cute_nvgpu.warp_idx
          %w0 = arith.cmpi eq, %w, %c0 : i32
          scf.if %w0 {
            cute_nvgpu.elect_one {
              %p0 = cute_nvgpu.pipeline_producer_state %loads : !cute_nvgpu.pipeline<tma_async, 4> -> !cute_nvgpu.pipeline_state<4>
              %pe = scf.for %t = %bid to %ntiles step %grid iter_args(%ps = %p0) -> (!cute_nvgpu.pipeline_state<4>) : i32 {
                // Tile %t -> (tile_m, tile_n): groups of 8 M-tiles swept along N.
                %pgrp = arith.divui %t, %groupTiles : i32
                %pfm = arith.muli %pgrp, %c8 : i32
                %pleft = arith.subi %ntm, %pfm : i32
                %pgm = arith.minui %pleft, %c8 : i32
                %pr = arith.remui %t, %groupTiles : i32
                %pmr = arith.remui %pr, %pgm : i32
                %ptm = arith.addi %pfm, %pmr : i32
                %ptn = arith.divui %pr, %pgm : i32
                %pm0 = arith.muli %ptm, %c128 : i32
                %pn0 = arith.muli %ptn, %c256 : i32
                %pk = scf.for %kt = %c0 to %ktiles step %c1 iter_args(%q = %ps) -> (!cute_nvgpu.pipeline_state<4>) : i32 {
                  cute_nvgpu.pipeline_producer_acquire %loads, %q : !cute_nvgpu.pipeline<tma_async, 4>, !cute_nvgpu.pipeline_state<4>
                  %full = cute_nvgpu.pipeline_producer_get_barrier %loads, %q : !cute_nvgpu.pipeline<tma_async, 4>, !cute_nvgpu.pipeline_state<4>
                  %i = cute_nvgpu.pipeline_state_index %q : !cute_nvgpu.pipeline_state<4>
                  %sc = cute.make_coord(%i) -> !cute.coord<"(_,?)">
                  %bufA = cute.tensor_slice(%sA, %sc)
                  %bufB = cute.tensor_slice(%sB, %sc)
                  %k0 = arith.muli %kt, %c64 : i32
                  cute_nvgpu.tma_load %da, %bufA, %full box [%pm0, %k0] : !cute_nvgpu.tma_desc<load, !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "(128,64):(64,1)">>, !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "(128,64):(64,1)">
                  cute_nvgpu.tma_load %db, %bufB, %full box [%pn0, %k0] : !cute_nvgpu.tma_desc<load, !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "(256,64):(64,1)">>, !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "(256,64):(64,1)">
                  cute_nvgpu.pipeline_producer_commit %loads, %q : !cute_nvgpu.pipeline<tma_async, 4>, !cute_nvgpu.pipeline_state<4>
                  %qn = cute_nvgpu.pipeline_state_advance %q : !cute_nvgpu.pipeline_state<4>
                  scf.yield %qn : !cute_nvgpu.pipeline_state<4>
                }
                scf.yield %pk : !cute_nvgpu.pipeline_state<4>
              }
              cute_nvgpu.pipeline_producer_tail %loads, %pe : !cute_nvgpu.pipeline<tma_async, 4>, !cute_nvgpu.pipeline_state<4>
            }
          }
        }
        role "consumer" warps [4, 12) max_regs 232 {
          %ct = arith.subi %tid, %c128 : i32
          %wg = arith.divui %ct, %c128 : i32
          %lt = arith.remui %ct, %c128 : i32
          %leader = arith.cmpi eq, %lt, %c0 : i32
          %acc = cute.make_fragment() : !cute.memref<f32, rmem, align<16>, "((2,2,(8,4)),1,1):((1,2,(4,32)),0,0)">
          %out = cute.make_fragment() : !cute.memref<bf16, rmem, align<16>, "(2,2,8):(1,2,4)">
          %zero = arith.constant dense<0.0> : vector<128xf32>
          %cs0 = cute_nvgpu.pipeline_consumer_state %loads : !cute_nvgpu.pipeline<tma_async, 4> -> !cute_nvgpu.pipeline_state<4>
          %ss0 = cute_nvgpu.pipeline_producer_state %stores : !cute_nvgpu.pipeline<tma_store, 2> -> !cute_nvgpu.pipeline_state<2>
          %fin:2 = scf.for %t = %bid to %ntiles step %grid iter_args(%cs = %cs0, %ss = %ss0) -> (!cute_nvgpu.pipeline_state<4>, !cute_nvgpu.pipeline_state<2>) : i32 {
            // Tile %t -> (tile_m, tile_n): groups of 8 M-tiles swept along N.
            %cgrp = arith.divui %t, %groupTiles : i32
            %cfm = arith.muli %cgrp, %c8 : i32
            %cleft = arith.subi %ntm, %cfm : i32
            %cgm = arith.minui %cleft, %c8 : i32
            %cr = arith.remui %t, %groupTiles : i32
            %cmr = arith.remui %cr, %cgm : i32
            %ctm = arith.addi %cfm, %cmr : i32
            %ctn = arith.divui %cr, %cgm : i32
            %cm0 = arith.muli %ctm, %c128 : i32
            %cn0 = arith.muli %ctn, %c256 : i32
            cute.store(%zero, %acc)
            // Main loop: wgmma on stage s while TMA fills the others; the
            // stage read by the previous group is released once this
            // group is issued and the previous one has completed.
            %kl:2 = scf.for %kt = %c0 to %ktiles step %c1 iter_args(%q = %cs, %prev = %cs) -> (!cute_nvgpu.pipeline_state<4>, !cute_nvgpu.pipeline_state<4>) : i32 {
              cute_nvgpu.pipeline_consumer_wait %loads, %q : !cute_nvgpu.pipeline<tma_async, 4>, !cute_nvgpu.pipeline_state<4>
              %i = cute_nvgpu.pipeline_state_index %q : !cute_nvgpu.pipeline_state<4>
              %sc = cute.make_coord(%i) -> !cute.coord<"(_,?)">
              %bufA = cute.tensor_slice(%sA, %sc)
              %bufB = cute.tensor_slice(%sB, %sc)
              %fa = cute.mma_partition "A" of #cute.tiled_mma<#cute_nvgpu.wgmma<m = 64, n = 256, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k>, #cute.layout<"(2,1,1):(1,0,0)">> (%bufA, %ct) : (!cute.memref<bf16, smem, align<1024>, S<3,3,3>, "(128,64):(64,1)">, i32) -> !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((64,16),1,4):((64,1),0,16)">
              %fb = cute.mma_partition "B" of #cute.tiled_mma<#cute_nvgpu.wgmma<m = 64, n = 256, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k>, #cute.layout<"(2,1,1):(1,0,0)">> (%bufB, %ct) : (!cute.memref<bf16, smem, align<1024>, S<3,3,3>, "(256,64):(64,1)">, i32) -> !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((256,16),1,4):((64,1),0,16)">
              cute_nvgpu.wgmma_fence
              cute.gemm #cute_nvgpu.wgmma<m = 64, n = 256, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k> (%fa, %fb, %acc) : !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((64,16),1,4):((64,1),0,16)">, !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((256,16),1,4):((64,1),0,16)">, !cute.memref<f32, rmem, align<16>, "((2,2,(8,4)),1,1):((1,2,(4,32)),0,0)">
              cute_nvgpu.wgmma_commit_group
              cute_nvgpu.wgmma_wait_group 1
              %notFirst = arith.cmpi ugt, %kt, %c0 : i32
              scf.if %notFirst {
                cute_nvgpu.warp_sync
                cute_nvgpu.elect_one {
                  cute_nvgpu.pipeline_consumer_release %loads, %prev : !cute_nvgpu.pipeline<tma_async, 4>, !cute_nvgpu.pipeline_state<4>
                }
              }
              %qn = cute_nvgpu.pipeline_state_advance %q : !cute_nvgpu.pipeline_state<4>
              scf.yield %qn, %q : !cute_nvgpu.pipeline_state<4>, !cute_nvgpu.pipeline_state<4>
            }
            cute_nvgpu.wgmma_wait_group 0
            %any = arith.cmpi ugt, %ktiles, %c0 : i32
            scf.if %any {
              cute_nvgpu.warp_sync
              cute_nvgpu.elect_one {
                cute_nvgpu.pipeline_consumer_release %loads, %kl#1 : !cute_nvgpu.pipeline<tma_async, 4>, !cute_nvgpu.pipeline_state<4>
              }
            }
            // Epilogue: 4 chunks of 64 columns per warpgroup through the
            // staging ring.
            %rowOff = arith.muli %wg, %c64 : i32
            %r0 = arith.addi %cm0, %rowOff : i32
            %se = scf.for %j = %c0 to %c4 step %c1 iter_args(%s = %ss) -> (!cute_nvgpu.pipeline_state<2>) : i32 {
              scf.if %leader {
                cute_nvgpu.pipeline_producer_acquire %stores, %s : !cute_nvgpu.pipeline<tma_store, 2>, !cute_nvgpu.pipeline_state<2>
              }
              cute_nvgpu.named_barrier id = 1, threads = 256
              %jc = cute.make_coord(%j) -> !cute.coord<"((_,_,(_,?)),0,0)">
              %chunk = cute.tensor_slice(%acc, %jc)
              %v = cute.load(%chunk)
              %h = arith.truncf %v : vector<32xf32> to vector<32xbf16>
              cute.store(%h, %out)
              %b = cute_nvgpu.pipeline_state_index %s : !cute_nvgpu.pipeline_state<2>
              %bc = cute.make_coord(%b, %wg) -> !cute.coord<"(_,?,?)">
              %stage = cute.tensor_slice(%sC, %bc)
              %dst = cute.mma_partition "C" of #cute.tiled_mma<#cute_nvgpu.wgmma<m = 64, n = 64, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k>, #cute.layout<"(1,1,1):(0,0,0)">> (%stage, %lt) : (!cute.memref<bf16, smem, align<1024>, S<3,3,3>, "(64,64):(64,1)">, i32) -> !cute.memref<bf16, smem, align<4>, S<3,3,3>, "((2,2,8),1,1):((1,512,8),0,0)">
              cute.copy(%out, %dst)
              cute_nvgpu.fence_proxy_async
              cute_nvgpu.named_barrier id = 1, threads = 256
              scf.if %leader {
                %c0j = arith.muli %j, %c64 : i32
                %cn = arith.addi %cn0, %c0j : i32
                cute_nvgpu.tma_store %dc, %stage box [%r0, %cn] : !cute_nvgpu.tma_desc<store, !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "(64,64):(64,1)">>, !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "(64,64):(64,1)">
                cute_nvgpu.pipeline_producer_commit %stores, %s : !cute_nvgpu.pipeline<tma_store, 2>, !cute_nvgpu.pipeline_state<2>
              }
              %sn2 = cute_nvgpu.pipeline_state_advance %s : !cute_nvgpu.pipeline_state<2>
              scf.yield %sn2 : !cute_nvgpu.pipeline_state<2>
            } {cute.unroll}
            scf.yield %kl#0, %se : !cute_nvgpu.pipeline_state<4>, !cute_nvgpu.pipeline_state<2>
          }
          scf.if %leader {
            cute_nvgpu.pipeline_producer_tail %stores, %fin#1 : !cute_nvgpu.pipeline<tma_store, 2>, !cute_nvgpu.pipeline_state<2>
          }
        }
      gpu.return
    }

    gpu.func @gemm_f16(%pa: !cute.ptr<f16, gmem, align<16>>, %pb: !cute.ptr<f16, gmem, align<16>>, %pc: !cute.ptr<f16, gmem, align<16>>, %m: i32, %n: i32, %k: i32, %ldc: i32) kernel
        attributes {gpu.known_block_size = array<i32: 384, 1, 1>, cute.no_specialize} {
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      %c4 = arith.constant 4 : i32
      %c8 = arith.constant 8 : i32
      %c63 = arith.constant 63 : i32
      %c64 = arith.constant 64 : i32
      %c127 = arith.constant 127 : i32
      %c128 = arith.constant 128 : i32
      %c255 = arith.constant 255 : i32
      %c256 = arith.constant 256 : i32
      %bidx = gpu.block_id x
      %gdim = gpu.grid_dim x
      %tidx = gpu.thread_id x
      %bid = arith.index_cast %bidx : index to i32
      %grid = arith.index_cast %gdim : index to i32
      %tid = arith.index_cast %tidx : index to i32
      // Global tensors and their TMA descriptors.
      %shA = cute.make_shape(%m, %k)
      %shB = cute.make_shape(%n, %k)
      %shC = cute.make_shape(%m, %n)
      %sk = cute.make_stride(%k) -> !cute.stride<"(?,1)">
      %sn = cute.make_stride(%ldc) -> !cute.stride<"(?,1)">
      %la = cute.make_layout(%shA, %sk)
      %lb = cute.make_layout(%shB, %sk)
      %lc = cute.make_layout(%shC, %sn)
      %ga = cute.make_view(%pa, %la)
      %gb = cute.make_view(%pb, %lb)
      %gc = cute.make_view(%pc, %lc)
      %da = cute_nvgpu.make_tma_desc %ga : !cute.memref<f16, gmem, align<16>, "(?,?):(?,1)"> -> !cute_nvgpu.tma_desc<load, !cute.memref<f16, smem, align<1024>, S<3,3,3>, "(128,64):(64,1)">>
      %db = cute_nvgpu.make_tma_desc %gb : !cute.memref<f16, gmem, align<16>, "(?,?):(?,1)"> -> !cute_nvgpu.tma_desc<load, !cute.memref<f16, smem, align<1024>, S<3,3,3>, "(256,64):(64,1)">>
      %dc = cute_nvgpu.make_tma_desc %gc : !cute.memref<f16, gmem, align<16>, "(?,?):(?,1)"> -> !cute_nvgpu.tma_desc<store, !cute.memref<f16, smem, align<1024>, S<3,3,3>, "(64,64):(64,1)">>
      // Shared memory: 4 stages of A and B, 2 x 2 staging tiles of C.
      %bars = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "8:1">
      %sA = cute.smem_alloc() : !cute.memref<f16, smem, align<1024>, S<3,3,3>, "((128,64),4):((64,1),8192)">
      %sB = cute.smem_alloc() : !cute.memref<f16, smem, align<1024>, S<3,3,3>, "((256,64),4):((64,1),16384)">
      %sC = cute.smem_alloc() : !cute.memref<f16, smem, align<1024>, S<3,3,3>, "((64,64),2,2):((64,1),4096,8192)">
      %loads = cute_nvgpu.pipeline_create %bars : !cute.memref<i64, smem, align<8>, "8:1"> {consumers = 8 : i32, tx_bytes = 49152 : i32} -> !cute_nvgpu.pipeline<tma_async, 4>
      %stores = cute_nvgpu.pipeline_create -> !cute_nvgpu.pipeline<tma_store, 2>
      // Tiles.
      %m127 = arith.addi %m, %c127 : i32
      %n255 = arith.addi %n, %c255 : i32
      %k63 = arith.addi %k, %c63 : i32
      %ntm = arith.divui %m127, %c128 : i32
      %ntn = arith.divui %n255, %c256 : i32
      %ktiles = arith.divui %k63, %c64 : i32
      %ntiles = arith.muli %ntm, %ntn : i32
      %groupTiles = arith.muli %ntn, %c8 : i32
      cute_nvgpu.warp_specialize
        role "producer" warps [0, 4) max_regs 40 {
          %w = cute_nvgpu.warp_idx
          %w0 = arith.cmpi eq, %w, %c0 : i32
          scf.if %w0 {
            cute_nvgpu.elect_one {
              %p0 = cute_nvgpu.pipeline_producer_state %loads : !cute_nvgpu.pipeline<tma_async, 4> -> !cute_nvgpu.pipeline_state<4>
              %pe = scf.for %t = %bid to %ntiles step %grid iter_args(%ps = %p0) -> (!cute_nvgpu.pipeline_state<4>) : i32 {
                // Tile %t -> (tile_m, tile_n): groups of 8 M-tiles swept along N.
                %pgrp = arith.divui %t, %groupTiles : i32
                %pfm = arith.muli %pgrp, %c8 : i32
                %pleft = arith.subi %ntm, %pfm : i32
                %pgm = arith.minui %pleft, %c8 : i32
                %pr = arith.remui %t, %groupTiles : i32
                %pmr = arith.remui %pr, %pgm : i32
                %ptm = arith.addi %pfm, %pmr : i32
                %ptn = arith.divui %pr, %pgm : i32
                %pm0 = arith.muli %ptm, %c128 : i32
                %pn0 = arith.muli %ptn, %c256 : i32
                %pk = scf.for %kt = %c0 to %ktiles step %c1 iter_args(%q = %ps) -> (!cute_nvgpu.pipeline_state<4>) : i32 {
                  cute_nvgpu.pipeline_producer_acquire %loads, %q : !cute_nvgpu.pipeline<tma_async, 4>, !cute_nvgpu.pipeline_state<4>
                  %full = cute_nvgpu.pipeline_producer_get_barrier %loads, %q : !cute_nvgpu.pipeline<tma_async, 4>, !cute_nvgpu.pipeline_state<4>
                  %i = cute_nvgpu.pipeline_state_index %q : !cute_nvgpu.pipeline_state<4>
                  %sc = cute.make_coord(%i) -> !cute.coord<"(_,?)">
                  %bufA = cute.tensor_slice(%sA, %sc)
                  %bufB = cute.tensor_slice(%sB, %sc)
                  %k0 = arith.muli %kt, %c64 : i32
                  cute_nvgpu.tma_load %da, %bufA, %full box [%pm0, %k0] : !cute_nvgpu.tma_desc<load, !cute.memref<f16, smem, align<1024>, S<3,3,3>, "(128,64):(64,1)">>, !cute.memref<f16, smem, align<1024>, S<3,3,3>, "(128,64):(64,1)">
                  cute_nvgpu.tma_load %db, %bufB, %full box [%pn0, %k0] : !cute_nvgpu.tma_desc<load, !cute.memref<f16, smem, align<1024>, S<3,3,3>, "(256,64):(64,1)">>, !cute.memref<f16, smem, align<1024>, S<3,3,3>, "(256,64):(64,1)">
                  cute_nvgpu.pipeline_producer_commit %loads, %q : !cute_nvgpu.pipeline<tma_async, 4>, !cute_nvgpu.pipeline_state<4>
                  %qn = cute_nvgpu.pipeline_state_advance %q : !cute_nvgpu.pipeline_state<4>
                  scf.yield %qn : !cute_nvgpu.pipeline_state<4>
                }
                scf.yield %pk : !cute_nvgpu.pipeline_state<4>
              }
              cute_nvgpu.pipeline_producer_tail %loads, %pe : !cute_nvgpu.pipeline<tma_async, 4>, !cute_nvgpu.pipeline_state<4>
            }
          }
        }
        role "consumer" warps [4, 12) max_regs 232 {
          %ct = arith.subi %tid, %c128 : i32
          %wg = arith.divui %ct, %c128 : i32
          %lt = arith.remui %ct, %c128 : i32
          %leader = arith.cmpi eq, %lt, %c0 : i32
          %acc = cute.make_fragment() : !cute.memref<f32, rmem, align<16>, "((2,2,(8,4)),1,1):((1,2,(4,32)),0,0)">
          %out = cute.make_fragment() : !cute.memref<f16, rmem, align<16>, "(2,2,8):(1,2,4)">
          %zero = arith.constant dense<0.0> : vector<128xf32>
          %cs0 = cute_nvgpu.pipeline_consumer_state %loads : !cute_nvgpu.pipeline<tma_async, 4> -> !cute_nvgpu.pipeline_state<4>
          %ss0 = cute_nvgpu.pipeline_producer_state %stores : !cute_nvgpu.pipeline<tma_store, 2> -> !cute_nvgpu.pipeline_state<2>
          %fin:2 = scf.for %t = %bid to %ntiles step %grid iter_args(%cs = %cs0, %ss = %ss0) -> (!cute_nvgpu.pipeline_state<4>, !cute_nvgpu.pipeline_state<2>) : i32 {
            // Tile %t -> (tile_m, tile_n): groups of 8 M-tiles swept along N.
            %cgrp = arith.divui %t, %groupTiles : i32
            %cfm = arith.muli %cgrp, %c8 : i32
            %cleft = arith.subi %ntm, %cfm : i32
            %cgm = arith.minui %cleft, %c8 : i32
            %cr = arith.remui %t, %groupTiles : i32
            %cmr = arith.remui %cr, %cgm : i32
            %ctm = arith.addi %cfm, %cmr : i32
            %ctn = arith.divui %cr, %cgm : i32
            %cm0 = arith.muli %ctm, %c128 : i32
            %cn0 = arith.muli %ctn, %c256 : i32
            cute.store(%zero, %acc)
            // Main loop: wgmma on stage s while TMA fills the others; the
            // stage read by the previous group is released once this
            // group is issued and the previous one has completed.
            %kl:2 = scf.for %kt = %c0 to %ktiles step %c1 iter_args(%q = %cs, %prev = %cs) -> (!cute_nvgpu.pipeline_state<4>, !cute_nvgpu.pipeline_state<4>) : i32 {
              cute_nvgpu.pipeline_consumer_wait %loads, %q : !cute_nvgpu.pipeline<tma_async, 4>, !cute_nvgpu.pipeline_state<4>
              %i = cute_nvgpu.pipeline_state_index %q : !cute_nvgpu.pipeline_state<4>
              %sc = cute.make_coord(%i) -> !cute.coord<"(_,?)">
              %bufA = cute.tensor_slice(%sA, %sc)
              %bufB = cute.tensor_slice(%sB, %sc)
              %fa = cute.mma_partition "A" of #cute.tiled_mma<#cute_nvgpu.wgmma<m = 64, n = 256, k = 16, a = f16, b = f16, c = f32, a_major = k, b_major = k>, #cute.layout<"(2,1,1):(1,0,0)">> (%bufA, %ct) : (!cute.memref<f16, smem, align<1024>, S<3,3,3>, "(128,64):(64,1)">, i32) -> !cute.memref<f16, smem, align<1024>, S<3,3,3>, "((64,16),1,4):((64,1),0,16)">
              %fb = cute.mma_partition "B" of #cute.tiled_mma<#cute_nvgpu.wgmma<m = 64, n = 256, k = 16, a = f16, b = f16, c = f32, a_major = k, b_major = k>, #cute.layout<"(2,1,1):(1,0,0)">> (%bufB, %ct) : (!cute.memref<f16, smem, align<1024>, S<3,3,3>, "(256,64):(64,1)">, i32) -> !cute.memref<f16, smem, align<1024>, S<3,3,3>, "((256,16),1,4):((64,1),0,16)">
              cute_nvgpu.wgmma_fence
              cute.gemm #cute_nvgpu.wgmma<m = 64, n = 256, k = 16, a = f16, b = f16, c = f32, a_major = k, b_major = k> (%fa, %fb, %acc) : !cute.memref<f16, smem, align<1024>, S<3,3,3>, "((64,16),1,4):((64,1),0,16)">, !cute.memref<f16, smem, align<1024>, S<3,3,3>, "((256,16),1,4):((64,1),0,16)">, !cute.memref<f32, rmem, align<16>, "((2,2,(8,4)),1,1):((1,2,(4,32)),0,0)">
              cute_nvgpu.wgmma_commit_group
              cute_nvgpu.wgmma_wait_group 1
              %notFirst = arith.cmpi ugt, %kt, %c0 : i32
              scf.if %notFirst {
                cute_nvgpu.warp_sync
                cute_nvgpu.elect_one {
                  cute_nvgpu.pipeline_consumer_release %loads, %prev : !cute_nvgpu.pipeline<tma_async, 4>, !cute_nvgpu.pipeline_state<4>
                }
              }
              %qn = cute_nvgpu.pipeline_state_advance %q : !cute_nvgpu.pipeline_state<4>
              scf.yield %qn, %q : !cute_nvgpu.pipeline_state<4>, !cute_nvgpu.pipeline_state<4>
            }
            cute_nvgpu.wgmma_wait_group 0
            %any = arith.cmpi ugt, %ktiles, %c0 : i32
            scf.if %any {
              cute_nvgpu.warp_sync
              cute_nvgpu.elect_one {
                cute_nvgpu.pipeline_consumer_release %loads, %kl#1 : !cute_nvgpu.pipeline<tma_async, 4>, !cute_nvgpu.pipeline_state<4>
              }
            }
            // Epilogue: 4 chunks of 64 columns per warpgroup through the
            // staging ring.
            %rowOff = arith.muli %wg, %c64 : i32
            %r0 = arith.addi %cm0, %rowOff : i32
            %se = scf.for %j = %c0 to %c4 step %c1 iter_args(%s = %ss) -> (!cute_nvgpu.pipeline_state<2>) : i32 {
              scf.if %leader {
                cute_nvgpu.pipeline_producer_acquire %stores, %s : !cute_nvgpu.pipeline<tma_store, 2>, !cute_nvgpu.pipeline_state<2>
              }
              cute_nvgpu.named_barrier id = 1, threads = 256
              %jc = cute.make_coord(%j) -> !cute.coord<"((_,_,(_,?)),0,0)">
              %chunk = cute.tensor_slice(%acc, %jc)
              %v = cute.load(%chunk)
              %h = arith.truncf %v : vector<32xf32> to vector<32xf16>
              cute.store(%h, %out)
              %b = cute_nvgpu.pipeline_state_index %s : !cute_nvgpu.pipeline_state<2>
              %bc = cute.make_coord(%b, %wg) -> !cute.coord<"(_,?,?)">
              %stage = cute.tensor_slice(%sC, %bc)
              %dst = cute.mma_partition "C" of #cute.tiled_mma<#cute_nvgpu.wgmma<m = 64, n = 64, k = 16, a = f16, b = f16, c = f32, a_major = k, b_major = k>, #cute.layout<"(1,1,1):(0,0,0)">> (%stage, %lt) : (!cute.memref<f16, smem, align<1024>, S<3,3,3>, "(64,64):(64,1)">, i32) -> !cute.memref<f16, smem, align<4>, S<3,3,3>, "((2,2,8),1,1):((1,512,8),0,0)">
              cute.copy(%out, %dst)
              cute_nvgpu.fence_proxy_async
              cute_nvgpu.named_barrier id = 1, threads = 256
              scf.if %leader {
                %c0j = arith.muli %j, %c64 : i32
                %cn = arith.addi %cn0, %c0j : i32
                cute_nvgpu.tma_store %dc, %stage box [%r0, %cn] : !cute_nvgpu.tma_desc<store, !cute.memref<f16, smem, align<1024>, S<3,3,3>, "(64,64):(64,1)">>, !cute.memref<f16, smem, align<1024>, S<3,3,3>, "(64,64):(64,1)">
                cute_nvgpu.pipeline_producer_commit %stores, %s : !cute_nvgpu.pipeline<tma_store, 2>, !cute_nvgpu.pipeline_state<2>
              }
              %sn2 = cute_nvgpu.pipeline_state_advance %s : !cute_nvgpu.pipeline_state<2>
              scf.yield %sn2 : !cute_nvgpu.pipeline_state<2>
            } {cute.unroll}
            scf.yield %kl#0, %se : !cute_nvgpu.pipeline_state<4>, !cute_nvgpu.pipeline_state<2>
          }
          scf.if %leader {
            cute_nvgpu.pipeline_producer_tail %stores, %fin#1 : !cute_nvgpu.pipeline<tma_store, 2>, !cute_nvgpu.pipeline_state<2>
          }
        }
      gpu.return
    }

    gpu.func @gemm_e4m3(%pa: !cute.ptr<f8E4M3FN, gmem, align<16>>, %pb: !cute.ptr<f8E4M3FN, gmem, align<16>>, %pc: !cute.ptr<bf16, gmem, align<16>>, %m: i32, %n: i32, %k: i32, %ldc: i32, %scale: f32) kernel
        attributes {gpu.known_block_size = array<i32: 384, 1, 1>, cute.no_specialize} {
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      %c4 = arith.constant 4 : i32
      %c8 = arith.constant 8 : i32
      %c63 = arith.constant 63 : i32
      %c64 = arith.constant 64 : i32
      %c127 = arith.constant 127 : i32
      %c128 = arith.constant 128 : i32
      %c255 = arith.constant 255 : i32
      %c256 = arith.constant 256 : i32
      %bidx = gpu.block_id x
      %gdim = gpu.grid_dim x
      %tidx = gpu.thread_id x
      %bid = arith.index_cast %bidx : index to i32
      %grid = arith.index_cast %gdim : index to i32
      %tid = arith.index_cast %tidx : index to i32
      // Global tensors and their TMA descriptors.
      %shA = cute.make_shape(%m, %k)
      %shB = cute.make_shape(%n, %k)
      %shC = cute.make_shape(%m, %n)
      %sk = cute.make_stride(%k) -> !cute.stride<"(?,1)">
      %sn = cute.make_stride(%ldc) -> !cute.stride<"(?,1)">
      %la = cute.make_layout(%shA, %sk)
      %lb = cute.make_layout(%shB, %sk)
      %lc = cute.make_layout(%shC, %sn)
      %ga = cute.make_view(%pa, %la)
      %gb = cute.make_view(%pb, %lb)
      %gc = cute.make_view(%pc, %lc)
      %da = cute_nvgpu.make_tma_desc %ga : !cute.memref<f8E4M3FN, gmem, align<16>, "(?,?):(?,1)"> -> !cute_nvgpu.tma_desc<load, !cute.memref<f8E4M3FN, smem, align<1024>, S<3,4,3>, "(128,128):(128,1)">>
      %db = cute_nvgpu.make_tma_desc %gb : !cute.memref<f8E4M3FN, gmem, align<16>, "(?,?):(?,1)"> -> !cute_nvgpu.tma_desc<load, !cute.memref<f8E4M3FN, smem, align<1024>, S<3,4,3>, "(256,128):(128,1)">>
      %dc = cute_nvgpu.make_tma_desc %gc : !cute.memref<bf16, gmem, align<16>, "(?,?):(?,1)"> -> !cute_nvgpu.tma_desc<store, !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "(64,64):(64,1)">>
      // Shared memory: 4 stages of A and B, 2 x 2 staging tiles of C.
      %bars = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "8:1">
      %sA = cute.smem_alloc() : !cute.memref<f8E4M3FN, smem, align<1024>, S<3,4,3>, "((128,128),4):((128,1),16384)">
      %sB = cute.smem_alloc() : !cute.memref<f8E4M3FN, smem, align<1024>, S<3,4,3>, "((256,128),4):((128,1),32768)">
      %sC = cute.smem_alloc() : !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((64,64),2,2):((64,1),4096,8192)">
      %loads = cute_nvgpu.pipeline_create %bars : !cute.memref<i64, smem, align<8>, "8:1"> {consumers = 8 : i32, tx_bytes = 49152 : i32} -> !cute_nvgpu.pipeline<tma_async, 4>
      %stores = cute_nvgpu.pipeline_create -> !cute_nvgpu.pipeline<tma_store, 2>
      // Tiles.
      %m127 = arith.addi %m, %c127 : i32
      %n255 = arith.addi %n, %c255 : i32
      %k127 = arith.addi %k, %c127 : i32
      %ntm = arith.divui %m127, %c128 : i32
      %ntn = arith.divui %n255, %c256 : i32
      %ktiles = arith.divui %k127, %c128 : i32
      %ntiles = arith.muli %ntm, %ntn : i32
      %groupTiles = arith.muli %ntn, %c8 : i32
      cute_nvgpu.warp_specialize
        role "producer" warps [0, 4) max_regs 40 {
          %w = cute_nvgpu.warp_idx
          %w0 = arith.cmpi eq, %w, %c0 : i32
          scf.if %w0 {
            cute_nvgpu.elect_one {
              %p0 = cute_nvgpu.pipeline_producer_state %loads : !cute_nvgpu.pipeline<tma_async, 4> -> !cute_nvgpu.pipeline_state<4>
              %pe = scf.for %t = %bid to %ntiles step %grid iter_args(%ps = %p0) -> (!cute_nvgpu.pipeline_state<4>) : i32 {
                // Tile %t -> (tile_m, tile_n): groups of 8 M-tiles swept along N.
                %pgrp = arith.divui %t, %groupTiles : i32
                %pfm = arith.muli %pgrp, %c8 : i32
                %pleft = arith.subi %ntm, %pfm : i32
                %pgm = arith.minui %pleft, %c8 : i32
                %pr = arith.remui %t, %groupTiles : i32
                %pmr = arith.remui %pr, %pgm : i32
                %ptm = arith.addi %pfm, %pmr : i32
                %ptn = arith.divui %pr, %pgm : i32
                %pm0 = arith.muli %ptm, %c128 : i32
                %pn0 = arith.muli %ptn, %c256 : i32
                %pk = scf.for %kt = %c0 to %ktiles step %c1 iter_args(%q = %ps) -> (!cute_nvgpu.pipeline_state<4>) : i32 {
                  cute_nvgpu.pipeline_producer_acquire %loads, %q : !cute_nvgpu.pipeline<tma_async, 4>, !cute_nvgpu.pipeline_state<4>
                  %full = cute_nvgpu.pipeline_producer_get_barrier %loads, %q : !cute_nvgpu.pipeline<tma_async, 4>, !cute_nvgpu.pipeline_state<4>
                  %i = cute_nvgpu.pipeline_state_index %q : !cute_nvgpu.pipeline_state<4>
                  %sc = cute.make_coord(%i) -> !cute.coord<"(_,?)">
                  %bufA = cute.tensor_slice(%sA, %sc)
                  %bufB = cute.tensor_slice(%sB, %sc)
                  %k0 = arith.muli %kt, %c128 : i32
                  cute_nvgpu.tma_load %da, %bufA, %full box [%pm0, %k0] : !cute_nvgpu.tma_desc<load, !cute.memref<f8E4M3FN, smem, align<1024>, S<3,4,3>, "(128,128):(128,1)">>, !cute.memref<f8E4M3FN, smem, align<1024>, S<3,4,3>, "(128,128):(128,1)">
                  cute_nvgpu.tma_load %db, %bufB, %full box [%pn0, %k0] : !cute_nvgpu.tma_desc<load, !cute.memref<f8E4M3FN, smem, align<1024>, S<3,4,3>, "(256,128):(128,1)">>, !cute.memref<f8E4M3FN, smem, align<1024>, S<3,4,3>, "(256,128):(128,1)">
                  cute_nvgpu.pipeline_producer_commit %loads, %q : !cute_nvgpu.pipeline<tma_async, 4>, !cute_nvgpu.pipeline_state<4>
                  %qn = cute_nvgpu.pipeline_state_advance %q : !cute_nvgpu.pipeline_state<4>
                  scf.yield %qn : !cute_nvgpu.pipeline_state<4>
                }
                scf.yield %pk : !cute_nvgpu.pipeline_state<4>
              }
              cute_nvgpu.pipeline_producer_tail %loads, %pe : !cute_nvgpu.pipeline<tma_async, 4>, !cute_nvgpu.pipeline_state<4>
            }
          }
        }
        role "consumer" warps [4, 12) max_regs 232 {
          %ct = arith.subi %tid, %c128 : i32
          %wg = arith.divui %ct, %c128 : i32
          %lt = arith.remui %ct, %c128 : i32
          %leader = arith.cmpi eq, %lt, %c0 : i32
          %acc = cute.make_fragment() : !cute.memref<f32, rmem, align<16>, "((2,2,(8,4)),1,1):((1,2,(4,32)),0,0)">
          %out = cute.make_fragment() : !cute.memref<bf16, rmem, align<16>, "(2,2,8):(1,2,4)">
          %zero = arith.constant dense<0.0> : vector<128xf32>
          %scales = vector.broadcast %scale : f32 to vector<32xf32>
          %cs0 = cute_nvgpu.pipeline_consumer_state %loads : !cute_nvgpu.pipeline<tma_async, 4> -> !cute_nvgpu.pipeline_state<4>
          %ss0 = cute_nvgpu.pipeline_producer_state %stores : !cute_nvgpu.pipeline<tma_store, 2> -> !cute_nvgpu.pipeline_state<2>
          %fin:2 = scf.for %t = %bid to %ntiles step %grid iter_args(%cs = %cs0, %ss = %ss0) -> (!cute_nvgpu.pipeline_state<4>, !cute_nvgpu.pipeline_state<2>) : i32 {
            // Tile %t -> (tile_m, tile_n): groups of 8 M-tiles swept along N.
            %cgrp = arith.divui %t, %groupTiles : i32
            %cfm = arith.muli %cgrp, %c8 : i32
            %cleft = arith.subi %ntm, %cfm : i32
            %cgm = arith.minui %cleft, %c8 : i32
            %cr = arith.remui %t, %groupTiles : i32
            %cmr = arith.remui %cr, %cgm : i32
            %ctm = arith.addi %cfm, %cmr : i32
            %ctn = arith.divui %cr, %cgm : i32
            %cm0 = arith.muli %ctm, %c128 : i32
            %cn0 = arith.muli %ctn, %c256 : i32
            cute.store(%zero, %acc)
            // Main loop: wgmma on stage s while TMA fills the others; the
            // stage read by the previous group is released once this
            // group is issued and the previous one has completed.
            %kl:2 = scf.for %kt = %c0 to %ktiles step %c1 iter_args(%q = %cs, %prev = %cs) -> (!cute_nvgpu.pipeline_state<4>, !cute_nvgpu.pipeline_state<4>) : i32 {
              cute_nvgpu.pipeline_consumer_wait %loads, %q : !cute_nvgpu.pipeline<tma_async, 4>, !cute_nvgpu.pipeline_state<4>
              %i = cute_nvgpu.pipeline_state_index %q : !cute_nvgpu.pipeline_state<4>
              %sc = cute.make_coord(%i) -> !cute.coord<"(_,?)">
              %bufA = cute.tensor_slice(%sA, %sc)
              %bufB = cute.tensor_slice(%sB, %sc)
              %fa = cute.mma_partition "A" of #cute.tiled_mma<#cute_nvgpu.wgmma<m = 64, n = 256, k = 32, a = f8E4M3FN, b = f8E4M3FN, c = f32, a_major = k, b_major = k>, #cute.layout<"(2,1,1):(1,0,0)">> (%bufA, %ct) : (!cute.memref<f8E4M3FN, smem, align<1024>, S<3,4,3>, "(128,128):(128,1)">, i32) -> !cute.memref<f8E4M3FN, smem, align<1024>, S<3,4,3>, "((64,32),1,4):((128,1),0,32)">
              %fb = cute.mma_partition "B" of #cute.tiled_mma<#cute_nvgpu.wgmma<m = 64, n = 256, k = 32, a = f8E4M3FN, b = f8E4M3FN, c = f32, a_major = k, b_major = k>, #cute.layout<"(2,1,1):(1,0,0)">> (%bufB, %ct) : (!cute.memref<f8E4M3FN, smem, align<1024>, S<3,4,3>, "(256,128):(128,1)">, i32) -> !cute.memref<f8E4M3FN, smem, align<1024>, S<3,4,3>, "((256,32),1,4):((128,1),0,32)">
              cute_nvgpu.wgmma_fence
              cute.gemm #cute_nvgpu.wgmma<m = 64, n = 256, k = 32, a = f8E4M3FN, b = f8E4M3FN, c = f32, a_major = k, b_major = k> (%fa, %fb, %acc) : !cute.memref<f8E4M3FN, smem, align<1024>, S<3,4,3>, "((64,32),1,4):((128,1),0,32)">, !cute.memref<f8E4M3FN, smem, align<1024>, S<3,4,3>, "((256,32),1,4):((128,1),0,32)">, !cute.memref<f32, rmem, align<16>, "((2,2,(8,4)),1,1):((1,2,(4,32)),0,0)">
              cute_nvgpu.wgmma_commit_group
              cute_nvgpu.wgmma_wait_group 1
              %notFirst = arith.cmpi ugt, %kt, %c0 : i32
              scf.if %notFirst {
                cute_nvgpu.warp_sync
                cute_nvgpu.elect_one {
                  cute_nvgpu.pipeline_consumer_release %loads, %prev : !cute_nvgpu.pipeline<tma_async, 4>, !cute_nvgpu.pipeline_state<4>
                }
              }
              %qn = cute_nvgpu.pipeline_state_advance %q : !cute_nvgpu.pipeline_state<4>
              scf.yield %qn, %q : !cute_nvgpu.pipeline_state<4>, !cute_nvgpu.pipeline_state<4>
            }
            cute_nvgpu.wgmma_wait_group 0
            %any = arith.cmpi ugt, %ktiles, %c0 : i32
            scf.if %any {
              cute_nvgpu.warp_sync
              cute_nvgpu.elect_one {
                cute_nvgpu.pipeline_consumer_release %loads, %kl#1 : !cute_nvgpu.pipeline<tma_async, 4>, !cute_nvgpu.pipeline_state<4>
              }
            }
            // Epilogue: 4 chunks of 64 columns per warpgroup through the
            // staging ring.
            %rowOff = arith.muli %wg, %c64 : i32
            %r0 = arith.addi %cm0, %rowOff : i32
            %se = scf.for %j = %c0 to %c4 step %c1 iter_args(%s = %ss) -> (!cute_nvgpu.pipeline_state<2>) : i32 {
              scf.if %leader {
                cute_nvgpu.pipeline_producer_acquire %stores, %s : !cute_nvgpu.pipeline<tma_store, 2>, !cute_nvgpu.pipeline_state<2>
              }
              cute_nvgpu.named_barrier id = 1, threads = 256
              %jc = cute.make_coord(%j) -> !cute.coord<"((_,_,(_,?)),0,0)">
              %chunk = cute.tensor_slice(%acc, %jc)
              %v = cute.load(%chunk)
              %vs = arith.mulf %v, %scales : vector<32xf32>
              %h = arith.truncf %vs : vector<32xf32> to vector<32xbf16>
              cute.store(%h, %out)
              %b = cute_nvgpu.pipeline_state_index %s : !cute_nvgpu.pipeline_state<2>
              %bc = cute.make_coord(%b, %wg) -> !cute.coord<"(_,?,?)">
              %stage = cute.tensor_slice(%sC, %bc)
              %dst = cute.mma_partition "C" of #cute.tiled_mma<#cute_nvgpu.wgmma<m = 64, n = 64, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k>, #cute.layout<"(1,1,1):(0,0,0)">> (%stage, %lt) : (!cute.memref<bf16, smem, align<1024>, S<3,3,3>, "(64,64):(64,1)">, i32) -> !cute.memref<bf16, smem, align<4>, S<3,3,3>, "((2,2,8),1,1):((1,512,8),0,0)">
              cute.copy(%out, %dst)
              cute_nvgpu.fence_proxy_async
              cute_nvgpu.named_barrier id = 1, threads = 256
              scf.if %leader {
                %c0j = arith.muli %j, %c64 : i32
                %cn = arith.addi %cn0, %c0j : i32
                cute_nvgpu.tma_store %dc, %stage box [%r0, %cn] : !cute_nvgpu.tma_desc<store, !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "(64,64):(64,1)">>, !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "(64,64):(64,1)">
                cute_nvgpu.pipeline_producer_commit %stores, %s : !cute_nvgpu.pipeline<tma_store, 2>, !cute_nvgpu.pipeline_state<2>
              }
              %sn2 = cute_nvgpu.pipeline_state_advance %s : !cute_nvgpu.pipeline_state<2>
              scf.yield %sn2 : !cute_nvgpu.pipeline_state<2>
            } {cute.unroll}
            scf.yield %kl#0, %se : !cute_nvgpu.pipeline_state<4>, !cute_nvgpu.pipeline_state<2>
          }
          scf.if %leader {
            cute_nvgpu.pipeline_producer_tail %stores, %fin#1 : !cute_nvgpu.pipeline<tma_store, 2>, !cute_nvgpu.pipeline_state<2>
          }
        }
      gpu.return
    }
  }
}
