// tcgen05.mma micro-GEMMs for sm_100a (compiled and assembled by the tests;
// not run: no GPU here executes sm_100a code). C (M x N, f32, row-major) =
// A (M x K, row-major) x B^T (B is N x K, row-major), one CTA (or one CTA
// pair) per output tile; the operands are staged through 128-byte swizzled
// K-major shared memory by plain thread copies, one elected thread of warp 0
// issues the MMAs and commits them to an mbarrier, every thread waits on it,
// and the warps read the accumulator out of Tensor Memory with
// tcgen05.ld 32x32b (warp w reads lanes 32w .. 32w + 31).
//   umma_bf16       tcgen05.mma cta_group::1 kind::f16 m128n256k16, 128 x 256
//                   tiles, K steps of 64 (four MMAs each; the first MMA of
//                   the kernel overwrites the accumulator: accumulate(%kt != 0)).
//   umma_bf16_pair  the 2-CTA form m256n256k16 on a cluster of 2: each CTA
//                   holds 128 rows of A and 128 rows of B; the even CTA
//                   issues the MMAs (cta_group::2) and commits them to both
//                   CTAs' barriers (multicast mask 0b11).
//   umma_nvf4       tcgen05.mma.block_scale kind::mxf4nvf4 block16 (NVFP4:
//                   e2m1 packed two per byte, UE4M3 scales per 16) m128n128k64,
//                   K steps of 64; interleaved K-major operand tiles (the
//                   swizzled e2m1 memref is not expressible yet); the scale
//                   factors arrive in CUTLASS's 512-byte atoms (32 rows of 16
//                   bytes) and go to Tensor Memory with tcgen05.cp 32x128b
//                   warpx4 from the thread that issues the MMA.
module attributes {gpu.container_module} {
  gpu.module @tcgen05 {
    gpu.func @umma_bf16(%pa: !cute.ptr<bf16, gmem, align<16>>, %pb: !cute.ptr<bf16, gmem, align<16>>, %pc: !cute.ptr<f32, gmem, align<16>>, %m: i32, %n: i32, %k: i32) kernel
        attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      %c64 = arith.constant 64 : i32
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
      %sa = cute.smem_alloc() : !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "(128,64):(64,1)">
      %sb = cute.smem_alloc() : !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "(256,64):(64,1)">
      %slot = cute.smem_alloc() : !cute.memref<i32, smem, align<16>, "1:1">
      %bars = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "1:1">
      %bar = cute_nvgpu.mbarrier_get %bars[%c0] : !cute.memref<i64, smem, align<8>, "1:1">
      %warp = cute_nvgpu.warp_idx
      %warp0 = arith.cmpi eq, %warp, %c0 : i32
      %t0 = arith.cmpi eq, %tid, %c0 : i32
      // Warp 0 allocates the 256 accumulator columns; thread 0 makes the barrier.
      scf.if %warp0 {
        cute_nvgpu.tmem_alloc %slot, columns = 256 : !cute.memref<i32, smem, align<16>, "1:1">
      }
      scf.if %t0 {
        cute_nvgpu.mbarrier_init %bar, count = 1
      }
      cute_nvgpu.mbarrier_init_fence
      cute_nvgpu.tcgen05_fence_before_thread_sync
      gpu.barrier
      cute_nvgpu.tcgen05_fence_after_thread_sync
      %acc = cute_nvgpu.tmem_tensor %slot : !cute.memref<i32, smem, align<16>, "1:1"> -> !cute.memref<f32, tmem, align<16>, "(128,256):(65536,1)">
      %ktiles = arith.divui %k, %c64 : i32
      %phase = scf.for %kt = %c0 to %ktiles step %c1 iter_args(%ph = %c0) -> (i32) : i32 {
        %ca = cute.make_coord(%bm, %kt) -> !cute.coord<"(?,?)">
        %cb = cute.make_coord(%bn, %kt) -> !cute.coord<"(?,?)">
        %gta = cute.local_tile(%ga, %ca) {tiler = #cute.shape<"(128,64)">}
        %gtb = cute.local_tile(%gb, %cb) {tiler = #cute.shape<"(256,64)">}
        %ta = cute.partition_tv(%gta, %tid) {tv_layout = #cute.layout<"(128,64):(1,128)">}
        %da = cute.partition_tv(%sa, %tid) {tv_layout = #cute.layout<"(128,64):(1,128)">}
        %tb = cute.partition_tv(%gtb, %tid) {tv_layout = #cute.layout<"(128,(2,64)):(1,(128,256))">}
        %db = cute.partition_tv(%sb, %tid) {tv_layout = #cute.layout<"(128,(2,64)):(1,(128,256))">}
        cute.copy(%ta, %da)
        cute.copy(%tb, %db)
        // The threads' shared-memory writes, then the MMA (async proxy) reads them.
        cute_nvgpu.fence_proxy_async
        cute_nvgpu.tcgen05_fence_before_thread_sync
        gpu.barrier
        cute_nvgpu.tcgen05_fence_after_thread_sync
        scf.if %warp0 {
          cute_nvgpu.elect_one {
            %pa_s = cute.mma_partition "A" of #cute.tiled_mma<#cute_nvgpu.tcgen05_mma<kind = f16, m = 128, n = 256, k = 16, a = bf16, b = bf16, c = f32, cta_group = 1, a_src = smem, a_major = k, b_major = k>, #cute.layout<"(1,1,1):(0,0,0)">> (%sa, %c0) : (!cute.memref<bf16, smem, align<1024>, S<3,3,3>, "(128,64):(64,1)">, i32) -> !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,16),1,4):((64,1),0,16)">
            %pb_s = cute.mma_partition "B" of #cute.tiled_mma<#cute_nvgpu.tcgen05_mma<kind = f16, m = 128, n = 256, k = 16, a = bf16, b = bf16, c = f32, cta_group = 1, a_src = smem, a_major = k, b_major = k>, #cute.layout<"(1,1,1):(0,0,0)">> (%sb, %c0) : (!cute.memref<bf16, smem, align<1024>, S<3,3,3>, "(256,64):(64,1)">, i32) -> !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((256,16),1,4):((64,1),0,16)">
            %pc_t = cute.mma_partition "C" of #cute.tiled_mma<#cute_nvgpu.tcgen05_mma<kind = f16, m = 128, n = 256, k = 16, a = bf16, b = bf16, c = f32, cta_group = 1, a_src = smem, a_major = k, b_major = k>, #cute.layout<"(1,1,1):(0,0,0)">> (%acc, %c0) : (!cute.memref<f32, tmem, align<16>, "(128,256):(65536,1)">, i32) -> !cute.memref<f32, tmem, align<16>, "((128,256),1,1):((65536,1),0,0)">
            %first = arith.cmpi ne, %kt, %c0 : i32
            cute.gemm #cute_nvgpu.tcgen05_mma<kind = f16, m = 128, n = 256, k = 16, a = bf16, b = bf16, c = f32, cta_group = 1, a_src = smem, a_major = k, b_major = k> (%pa_s, %pb_s, %pc_t) accumulate(%first) : !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,16),1,4):((64,1),0,16)">, !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((256,16),1,4):((64,1),0,16)">, !cute.memref<f32, tmem, align<16>, "((128,256),1,1):((65536,1),0,0)">
            cute_nvgpu.tcgen05_commit %bar
          }
        }
        // The MMAs are done with the tiles (and the accumulator is written).
        cute_nvgpu.mbarrier_wait %bar, phase %ph
        %next = arith.xori %ph, %c1 : i32
        scf.yield %next : i32
      }
      cute_nvgpu.tcgen05_fence_after_thread_sync
      // Epilogue: warp w reads rows 32w .. 32w + 31, 32 columns at a time.
      %cc = cute.make_coord(%bm, %bn) -> !cute.coord<"(?,?)">
      %gtc = cute.local_tile(%gc, %cc) {tiler = #cute.shape<"(128,256)">}
      %c8 = arith.constant 8 : i32
      %c32 = arith.constant 32 : i32
      %lane = arith.remui %tid, %c32 : i32
      %r = cute.make_fragment() : !cute.memref<f32, rmem, align<16>, "32:1">
      scf.for %ch = %c0 to %c8 step %c1 : i32 {
        %cw = cute.make_coord(%warp, %ch) -> !cute.coord<"(?,?)">
        %tt = cute.local_tile(%acc, %cw) {tiler = #cute.shape<"(32,32)">}
        cute.copy(%tt, %r) {atom = #cute_nvgpu.tcgen05_ld<shape = 32x32b, num = 32>} : !cute.memref<f32, tmem, align<16>, "(32,32):(65536,1)">, !cute.memref<f32, rmem, align<16>, "32:1">
        cute_nvgpu.tcgen05_wait_ld
        %gw = cute.local_tile(%gtc, %cw) {tiler = #cute.shape<"(32,32)">}
        %row = cute.partition_tv(%gw, %lane) {tv_layout = #cute.layout<"(32,32):(1,32)">}
        cute.copy(%r, %row)
      }
      cute_nvgpu.tcgen05_fence_before_thread_sync
      gpu.barrier
      scf.if %warp0 {
        cute_nvgpu.tmem_dealloc %acc, columns = 256 : !cute.memref<f32, tmem, align<16>, "(128,256):(65536,1)">
      }
      gpu.return
    }
    // The CTA pair: CTA r of the cluster holds rows 128 r .. 128 r + 127 of
    // the 256-row A and B tiles (at the same shared-memory offsets in both
    // CTAs) and of the accumulator; operands are partitioned with the
    // one-CTA atom of the half tile (the same views the pair atom reads).
    gpu.func @umma_bf16_pair(%pa: !cute.ptr<bf16, gmem, align<16>>, %pb: !cute.ptr<bf16, gmem, align<16>>, %pc: !cute.ptr<f32, gmem, align<16>>, %m: i32, %n: i32, %k: i32) kernel
        attributes {cute.cluster_dims = array<i32: 2, 1, 1>, gpu.known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      %c2 = arith.constant 2 : i32
      %c64 = arith.constant 64 : i32
      %mask = arith.constant 3 : i16
      %tidx = gpu.thread_id x
      %bxi = gpu.block_id x
      %byi = gpu.block_id y
      %tid = arith.index_cast %tidx : index to i32
      %bx = arith.index_cast %bxi : index to i32
      %bn = arith.index_cast %byi : index to i32
      %rank = cute_nvgpu.cluster_rank
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
      // This CTA's 128-row slices: A rows of block x (pairs share the
      // 256-row M tile), B rows 256 bn + 128 rank.
      %bnr0 = arith.muli %bn, %c2 : i32
      %bnr = arith.addi %bnr0, %rank : i32
      %sa = cute.smem_alloc() : !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "(128,64):(64,1)">
      %sb = cute.smem_alloc() : !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "(128,64):(64,1)">
      %slot = cute.smem_alloc() : !cute.memref<i32, smem, align<16>, "1:1">
      %bars = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "1:1">
      %bar = cute_nvgpu.mbarrier_get %bars[%c0] : !cute.memref<i64, smem, align<8>, "1:1">
      %warp = cute_nvgpu.warp_idx
      %warp0 = arith.cmpi eq, %warp, %c0 : i32
      %t0 = arith.cmpi eq, %tid, %c0 : i32
      %parity = arith.remui %rank, %c2 : i32
      %leader = arith.cmpi eq, %parity, %c0 : i32
      %issuer = arith.andi %warp0, %leader : i1
      scf.if %warp0 {
        cute_nvgpu.tmem_alloc %slot, columns = 256 cta_group = 2 : !cute.memref<i32, smem, align<16>, "1:1">
      }
      scf.if %t0 {
        cute_nvgpu.mbarrier_init %bar, count = 1
      }
      cute_nvgpu.mbarrier_init_fence
      cute_nvgpu.tcgen05_fence_before_thread_sync
      cute_nvgpu.cluster_sync
      cute_nvgpu.tcgen05_fence_after_thread_sync
      %acc = cute_nvgpu.tmem_tensor %slot : !cute.memref<i32, smem, align<16>, "1:1"> -> !cute.memref<f32, tmem, align<16>, "(128,256):(65536,1)">
      %ktiles = arith.divui %k, %c64 : i32
      %phase = scf.for %kt = %c0 to %ktiles step %c1 iter_args(%ph = %c0) -> (i32) : i32 {
        %ca = cute.make_coord(%bx, %kt) -> !cute.coord<"(?,?)">
        %cb = cute.make_coord(%bnr, %kt) -> !cute.coord<"(?,?)">
        %gta = cute.local_tile(%ga, %ca) {tiler = #cute.shape<"(128,64)">}
        %gtb = cute.local_tile(%gb, %cb) {tiler = #cute.shape<"(128,64)">}
        %ta = cute.partition_tv(%gta, %tid) {tv_layout = #cute.layout<"(128,64):(1,128)">}
        %da = cute.partition_tv(%sa, %tid) {tv_layout = #cute.layout<"(128,64):(1,128)">}
        %tb = cute.partition_tv(%gtb, %tid) {tv_layout = #cute.layout<"(128,64):(1,128)">}
        %db = cute.partition_tv(%sb, %tid) {tv_layout = #cute.layout<"(128,64):(1,128)">}
        cute.copy(%ta, %da)
        cute.copy(%tb, %db)
        cute_nvgpu.fence_proxy_async
        cute_nvgpu.tcgen05_fence_before_thread_sync
        // Both CTAs' halves are in place before the leader's MMAs read them.
        cute_nvgpu.cluster_sync
        cute_nvgpu.tcgen05_fence_after_thread_sync
        scf.if %issuer {
          cute_nvgpu.elect_one {
            %pa_s = cute.mma_partition "A" of #cute.tiled_mma<#cute_nvgpu.tcgen05_mma<kind = f16, m = 128, n = 128, k = 16, a = bf16, b = bf16, c = f32, cta_group = 1, a_src = smem, a_major = k, b_major = k>, #cute.layout<"(1,1,1):(0,0,0)">> (%sa, %c0) : (!cute.memref<bf16, smem, align<1024>, S<3,3,3>, "(128,64):(64,1)">, i32) -> !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,16),1,4):((64,1),0,16)">
            %pb_s = cute.mma_partition "B" of #cute.tiled_mma<#cute_nvgpu.tcgen05_mma<kind = f16, m = 128, n = 128, k = 16, a = bf16, b = bf16, c = f32, cta_group = 1, a_src = smem, a_major = k, b_major = k>, #cute.layout<"(1,1,1):(0,0,0)">> (%sb, %c0) : (!cute.memref<bf16, smem, align<1024>, S<3,3,3>, "(128,64):(64,1)">, i32) -> !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,16),1,4):((64,1),0,16)">
            %pc_t = cute.mma_partition "C" of #cute.tiled_mma<#cute_nvgpu.tcgen05_mma<kind = f16, m = 128, n = 256, k = 16, a = bf16, b = bf16, c = f32, cta_group = 1, a_src = smem, a_major = k, b_major = k>, #cute.layout<"(1,1,1):(0,0,0)">> (%acc, %c0) : (!cute.memref<f32, tmem, align<16>, "(128,256):(65536,1)">, i32) -> !cute.memref<f32, tmem, align<16>, "((128,256),1,1):((65536,1),0,0)">
            %first = arith.cmpi ne, %kt, %c0 : i32
            cute.gemm #cute_nvgpu.tcgen05_mma<kind = f16, m = 256, n = 256, k = 16, a = bf16, b = bf16, c = f32, cta_group = 2, a_src = smem, a_major = k, b_major = k> (%pa_s, %pb_s, %pc_t) accumulate(%first) : !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,16),1,4):((64,1),0,16)">, !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,16),1,4):((64,1),0,16)">, !cute.memref<f32, tmem, align<16>, "((128,256),1,1):((65536,1),0,0)">
            // One arrival on the barrier of each CTA of the pair.
            cute_nvgpu.tcgen05_commit %bar multicast %mask cta_group = 2
          }
        }
        cute_nvgpu.mbarrier_wait %bar, phase %ph
        %next = arith.xori %ph, %c1 : i32
        scf.yield %next : i32
      }
      cute_nvgpu.tcgen05_fence_after_thread_sync
      %cc = cute.make_coord(%bx, %bn) -> !cute.coord<"(?,?)">
      %gtc = cute.local_tile(%gc, %cc) {tiler = #cute.shape<"(128,256)">}
      %c8 = arith.constant 8 : i32
      %c32 = arith.constant 32 : i32
      %lane = arith.remui %tid, %c32 : i32
      %r = cute.make_fragment() : !cute.memref<f32, rmem, align<16>, "32:1">
      scf.for %ch = %c0 to %c8 step %c1 : i32 {
        %cw = cute.make_coord(%warp, %ch) -> !cute.coord<"(?,?)">
        %tt = cute.local_tile(%acc, %cw) {tiler = #cute.shape<"(32,32)">}
        cute.copy(%tt, %r) {atom = #cute_nvgpu.tcgen05_ld<shape = 32x32b, num = 32>} : !cute.memref<f32, tmem, align<16>, "(32,32):(65536,1)">, !cute.memref<f32, rmem, align<16>, "32:1">
        cute_nvgpu.tcgen05_wait_ld
        %gw = cute.local_tile(%gtc, %cw) {tiler = #cute.shape<"(32,32)">}
        %row = cute.partition_tv(%gw, %lane) {tv_layout = #cute.layout<"(32,32):(1,32)">}
        cute.copy(%r, %row)
      }
      cute_nvgpu.tcgen05_fence_before_thread_sync
      cute_nvgpu.cluster_sync
      scf.if %warp0 {
        cute_nvgpu.tmem_dealloc %acc, columns = 256 cta_group = 2 : !cute.memref<f32, tmem, align<16>, "(128,256):(65536,1)">
      }
      gpu.return
    }
    gpu.func @umma_nvf4(%pa: !cute.ptr<f4E2M1FN, gmem, align<16>>, %pb: !cute.ptr<f4E2M1FN, gmem, align<16>>, %psa: !cute.ptr<f8E4M3FN, gmem, align<16>>, %psb: !cute.ptr<f8E4M3FN, gmem, align<16>>, %pc: !cute.ptr<f32, gmem, align<16>>, %m: i32, %n: i32, %k: i32) kernel
        attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      %c32 = arith.constant 32 : i32
      %c64 = arith.constant 64 : i32
      %c128 = arith.constant 128 : i32
      %tidx = gpu.thread_id x
      %bxi = gpu.block_id x
      %byi = gpu.block_id y
      %tid = arith.index_cast %tidx : index to i32
      %bm = arith.index_cast %bxi : index to i32
      %bn = arith.index_cast %byi : index to i32
      %sak = cute.make_stride(%k) -> !cute.stride<"(?{div=128},1)">
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
      // Scale factors: one 512-byte atom per (128 rows, 64 K): atom (i, j)
      // at 512 (i K/64 + j).
      // Rows: 32 lanes x (M / 32) groups of 32 rows (the 4 groups of an atom
      // are 128 K/64 bytes apart in this view; a copy reads only group 0 of
      // each tile, whose 16 bytes per lane hold all four).
      %kb = arith.divui %k, %c64 : i32
      %mg = arith.divui %m, %c32 : i32
      %ng = arith.divui %n, %c32 : i32
      %sfShA = cute.make_shape(%mg, %kb) -> !cute.shape<"((32,?),(16,?))">
      %sfShB = cute.make_shape(%ng, %kb) -> !cute.shape<"((32,?),(16,?))">
      %atomRow = arith.muli %kb, %c128 : i32
      %sfSt = cute.make_stride(%atomRow) -> !cute.stride<"((16,?),(1,512))">
      %lsa = cute.make_layout(%sfShA, %sfSt)
      %lsb = cute.make_layout(%sfShB, %sfSt)
      %gsa = cute.make_view(%psa, %lsa)
      %gsb = cute.make_view(%psb, %lsb)
      %sa = cute.smem_alloc() : !cute.memref<f4E2M1FN, smem, align<1024>, "((8,16),(32,2)):((32,512),(1,256))">
      %sb = cute.smem_alloc() : !cute.memref<f4E2M1FN, smem, align<1024>, "((8,16),(32,2)):((32,512),(1,256))">
      %ssa = cute.smem_alloc() : !cute.memref<f8E4M3FN, smem, align<128>, "(32,16):(16,1)">
      %ssb = cute.smem_alloc() : !cute.memref<f8E4M3FN, smem, align<128>, "(32,16):(16,1)">
      %slot = cute.smem_alloc() : !cute.memref<i32, smem, align<16>, "1:1">
      %bars = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "1:1">
      %bar = cute_nvgpu.mbarrier_get %bars[%c0] : !cute.memref<i64, smem, align<8>, "1:1">
      %warp = cute_nvgpu.warp_idx
      %warp0 = arith.cmpi eq, %warp, %c0 : i32
      %t0 = arith.cmpi eq, %tid, %c0 : i32
      %lane = arith.remui %tid, %c32 : i32
      scf.if %warp0 {
        cute_nvgpu.tmem_alloc %slot, columns = 256 : !cute.memref<i32, smem, align<16>, "1:1">
      }
      scf.if %t0 {
        cute_nvgpu.mbarrier_init %bar, count = 1
      }
      cute_nvgpu.mbarrier_init_fence
      cute_nvgpu.tcgen05_fence_before_thread_sync
      gpu.barrier
      cute_nvgpu.tcgen05_fence_after_thread_sync
      // Columns 0-127: the accumulator; 128-131: SFA; 132-135: SFB.
      %acc = cute_nvgpu.tmem_tensor %slot : !cute.memref<i32, smem, align<16>, "1:1"> -> !cute.memref<f32, tmem, align<16>, "(128,128):(65536,1)">
      %words = cute_nvgpu.tmem_tensor %slot : !cute.memref<i32, smem, align<16>, "1:1"> -> !cute.memref<i32, tmem, align<16>, "(32,256):(65536,1)">
      %csa = cute.make_coord(%c0, %c32) -> !cute.coord<"(?,?)">
      %c33 = arith.constant 33 : i32
      %csb = cute.make_coord(%c0, %c33) -> !cute.coord<"(?,?)">
      %tsfa = cute.local_tile(%words, %csa) {tiler = #cute.shape<"(32,4)">}
      %tsfb = cute.local_tile(%words, %csb) {tiler = #cute.shape<"(32,4)">}
      %phase = scf.for %kt = %c0 to %kb step %c1 iter_args(%ph = %c0) -> (i32) : i32 {
        %ca = cute.make_coord(%bm, %kt) -> !cute.coord<"(?,?)">
        %cb = cute.make_coord(%bn, %kt) -> !cute.coord<"(?,?)">
        %gta = cute.local_tile(%ga, %ca) {tiler = #cute.shape<"(128,64)">}
        %gtb = cute.local_tile(%gb, %cb) {tiler = #cute.shape<"(128,64)">}
        %ta = cute.partition_tv(%gta, %tid) {tv_layout = #cute.layout<"(128,64):(1,128)">}
        %da = cute.partition_tv(%sa, %tid) {tv_layout = #cute.layout<"(128,64):(1,128)">}
        %tb = cute.partition_tv(%gtb, %tid) {tv_layout = #cute.layout<"(128,64):(1,128)">}
        %db = cute.partition_tv(%sb, %tid) {tv_layout = #cute.layout<"(128,64):(1,128)">}
        cute.copy(%ta, %da)
        cute.copy(%tb, %db)
        // The scale views count bytes of an atom row along their second
        // mode: one K tile of 64 elements is one 512-byte atom, 16 bytes
        // of each of its 32 rows (the tiler was (128,64), which stepped 4
        // atoms per K tile: found running the kernel on cute-emu, where the
        // reads left the scale buffers; test/emu/tcgen05-kernels).
        %gtsa = cute.local_tile(%gsa, %ca) {tiler = #cute.shape<"(128,16)">}
        %gtsb = cute.local_tile(%gsb, %cb) {tiler = #cute.shape<"(128,16)">}
        %lt32 = arith.cmpi ult, %tid, %c32 : i32
        scf.if %lt32 {
          // Lane l copies row l of the K tile's 512-byte scale atom.
          %tsa = cute.partition_tv(%gtsa, %lane) {tv_layout = #cute.layout<"(32,16):(1,128)">}
          %tsb = cute.partition_tv(%gtsb, %lane) {tv_layout = #cute.layout<"(32,16):(1,128)">}
          %dsa = cute.partition_tv(%ssa, %lane) {tv_layout = #cute.layout<"(32,16):(1,32)">}
          %dsb = cute.partition_tv(%ssb, %lane) {tv_layout = #cute.layout<"(32,16):(1,32)">}
          cute.copy(%tsa, %dsa)
          cute.copy(%tsb, %dsb)
        }
        cute_nvgpu.fence_proxy_async
        cute_nvgpu.tcgen05_fence_before_thread_sync
        gpu.barrier
        cute_nvgpu.tcgen05_fence_after_thread_sync
        scf.if %warp0 {
          cute_nvgpu.elect_one {
            cute_nvgpu.tcgen05_cp %ssa, %tsfa shape = 32x128b multicast = warpx4 : !cute.memref<f8E4M3FN, smem, align<128>, "(32,16):(16,1)">, !cute.memref<i32, tmem, align<16>, "(32,4):(65536,1)">
            cute_nvgpu.tcgen05_cp %ssb, %tsfb shape = 32x128b multicast = warpx4 : !cute.memref<f8E4M3FN, smem, align<128>, "(32,16):(16,1)">, !cute.memref<i32, tmem, align<16>, "(32,4):(65536,1)">
            %pa_s = cute.mma_partition "A" of #cute.tiled_mma<#cute_nvgpu.tcgen05_mma_block_scale<kind = mxf4nvf4, m = 128, n = 128, k = 64, a = f4E2M1FN, b = f4E2M1FN, sf = f8E4M3FN, vs = 16, cta_group = 1>, #cute.layout<"(1,1,1):(0,0,0)">> (%sa, %c0) : (!cute.memref<f4E2M1FN, smem, align<1024>, "((8,16),(32,2)):((32,512),(1,256))">, i32) -> !cute.memref<f4E2M1FN, smem, align<1024>, "(((8,16),(32,2)),1,1):(((32,512),(1,256)),0,0)">
            %pb_s = cute.mma_partition "B" of #cute.tiled_mma<#cute_nvgpu.tcgen05_mma_block_scale<kind = mxf4nvf4, m = 128, n = 128, k = 64, a = f4E2M1FN, b = f4E2M1FN, sf = f8E4M3FN, vs = 16, cta_group = 1>, #cute.layout<"(1,1,1):(0,0,0)">> (%sb, %c0) : (!cute.memref<f4E2M1FN, smem, align<1024>, "((8,16),(32,2)):((32,512),(1,256))">, i32) -> !cute.memref<f4E2M1FN, smem, align<1024>, "(((8,16),(32,2)),1,1):(((32,512),(1,256)),0,0)">
            %pc_t = cute.mma_partition "C" of #cute.tiled_mma<#cute_nvgpu.tcgen05_mma_block_scale<kind = mxf4nvf4, m = 128, n = 128, k = 64, a = f4E2M1FN, b = f4E2M1FN, sf = f8E4M3FN, vs = 16, cta_group = 1>, #cute.layout<"(1,1,1):(0,0,0)">> (%acc, %c0) : (!cute.memref<f32, tmem, align<16>, "(128,128):(65536,1)">, i32) -> !cute.memref<f32, tmem, align<16>, "((128,128),1,1):((65536,1),0,0)">
            %first = arith.cmpi ne, %kt, %c0 : i32
            cute.gemm #cute_nvgpu.tcgen05_mma_block_scale<kind = mxf4nvf4, m = 128, n = 128, k = 64, a = f4E2M1FN, b = f4E2M1FN, sf = f8E4M3FN, vs = 16, cta_group = 1> (%pa_s, %pb_s, %pc_t) scales(%tsfa, %tsfb) accumulate(%first) : !cute.memref<f4E2M1FN, smem, align<1024>, "(((8,16),(32,2)),1,1):(((32,512),(1,256)),0,0)">, !cute.memref<f4E2M1FN, smem, align<1024>, "(((8,16),(32,2)),1,1):(((32,512),(1,256)),0,0)">, !cute.memref<f32, tmem, align<16>, "((128,128),1,1):((65536,1),0,0)">, !cute.memref<i32, tmem, align<16>, "(32,4):(65536,1)">, !cute.memref<i32, tmem, align<16>, "(32,4):(65536,1)">
            cute_nvgpu.tcgen05_commit %bar
          }
        }
        cute_nvgpu.mbarrier_wait %bar, phase %ph
        %next = arith.xori %ph, %c1 : i32
        scf.yield %next : i32
      }
      cute_nvgpu.tcgen05_fence_after_thread_sync
      %cc = cute.make_coord(%bm, %bn) -> !cute.coord<"(?,?)">
      %gtc = cute.local_tile(%gc, %cc) {tiler = #cute.shape<"(128,128)">}
      %c4 = arith.constant 4 : i32
      %r = cute.make_fragment() : !cute.memref<f32, rmem, align<16>, "32:1">
      scf.for %ch = %c0 to %c4 step %c1 : i32 {
        %cw = cute.make_coord(%warp, %ch) -> !cute.coord<"(?,?)">
        %tt = cute.local_tile(%acc, %cw) {tiler = #cute.shape<"(32,32)">}
        cute.copy(%tt, %r) {atom = #cute_nvgpu.tcgen05_ld<shape = 32x32b, num = 32>} : !cute.memref<f32, tmem, align<16>, "(32,32):(65536,1)">, !cute.memref<f32, rmem, align<16>, "32:1">
        cute_nvgpu.tcgen05_wait_ld
        %gw = cute.local_tile(%gtc, %cw) {tiler = #cute.shape<"(32,32)">}
        %row = cute.partition_tv(%gw, %lane) {tv_layout = #cute.layout<"(32,32):(1,32)">}
        cute.copy(%r, %row)
      }
      cute_nvgpu.tcgen05_fence_before_thread_sync
      gpu.barrier
      scf.if %warp0 {
        cute_nvgpu.tmem_dealloc %acc, columns = 256 : !cute.memref<f32, tmem, align<16>, "(128,128):(65536,1)">
      }
      gpu.return
    }
  }
}
