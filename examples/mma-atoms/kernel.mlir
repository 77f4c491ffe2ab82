// chips: sm_90a
// Micro-GEMMs on the tensor-core atoms the H200 runs: C (M x N, f32,
// row-major) = A (M x K, row-major) x B^T (B is N x K, row-major), one CTA
// per output tile, operands staged through shared memory by plain thread
// copies (the TMA pipelines are the GEMM examples' business; these kernels
// check the atoms, their partitioning and their descriptors).
//   mma_sync_bf16  4 warps as a 2x2 tiled mma.sync m16n8k16, 64x64 tiles,
//                  K steps of 32 (M, N multiples of 64, K of 32);
//   wgmma_bf16     one warpgroup, wgmma m64n128k16, 128-byte swizzled
//                  K-major operands, 64x128 tiles, K steps of 64;
//   wgmma_e4m3     the same with f8E4M3FN and wgmma m64n128k32, K steps of
//                  128 (128 bytes per row again).
// Register-A wgmma, the attention pattern O = P V with P never in shared
// memory: S (64 x 128, f32) = A (M x K, row-major) x B^T (B: 128 x K) with
// the SS atom as above, P = cute_nvgpu.accumulator_to_operand(S), then
// O (64 x 64 tile of M x N2, f32, row-major) = P x V with the RS atom, one
// CTA per O tile (S recomputed per N2 tile):
//   wgmma_rs_bf16  P bf16, V (128 x N2 bf16, row-major: an MN-major B,
//                  imm-trans-b) through wgmma m64n64k16 RS, 8 K blocks;
//   wgmma_rs_e4m3  P e4m3 (the quad shuffles), V given transposed
//                  (Vt: N2 x 128 e4m3, row-major: K-major B, as 8-bit wgmma
//                  needs) through wgmma m64n64k32 RS, 4 K blocks.
// See README.md.
module attributes {gpu.container_module} {
  gpu.module @mma_atoms {
    gpu.func @mma_sync_bf16(%pa: !cute.ptr<bf16, gmem, align<16>>, %pb: !cute.ptr<bf16, gmem, align<16>>, %pc: !cute.ptr<f32, gmem, align<16>>, %m: i32, %n: i32, %k: i32) kernel
        attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      %c32 = arith.constant 32 : i32
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
      %sa = cute.smem_alloc() : !cute.memref<bf16, smem, align<128>, "(64,32):(32,1)">
      %sb = cute.smem_alloc() : !cute.memref<bf16, smem, align<128>, "(64,32):(32,1)">
      // The accumulators of this thread: (value, m-repeat, n-repeat).
      %fc = cute.make_fragment() : !cute.memref<f32, rmem, align<16>, "(4,2,4):(1,4,8)">
      %fa = cute.make_fragment() : !cute.memref<bf16, rmem, align<16>, "(8,2,2):(1,8,16)">
      %fb = cute.make_fragment() : !cute.memref<bf16, rmem, align<16>, "(4,4,2):(1,4,16)">
      %z = arith.constant dense<0.0> : vector<32xf32>
      cute.store(%z, %fc)
      %ktiles = arith.divui %k, %c32 : i32
      scf.for %kt = %c0 to %ktiles step %c1 : i32 {
        // Global -> shared: each thread copies 16 contiguous elements of a row.
        %ca = cute.make_coord(%bm, %kt) -> !cute.coord<"(?,?)">
        %cb = cute.make_coord(%bn, %kt) -> !cute.coord<"(?,?)">
        %gta = cute.local_tile(%ga, %ca) {tiler = #cute.shape<"(64,32)">}
        %gtb = cute.local_tile(%gb, %cb) {tiler = #cute.shape<"(64,32)">}
        %ta = cute.partition_tv(%gta, %tid) {tv_layout = #cute.layout<"((2,64),16):((1024,1),64)">}
        %tb = cute.partition_tv(%gtb, %tid) {tv_layout = #cute.layout<"((2,64),16):((1024,1),64)">}
        %da = cute.partition_tv(%sa, %tid) {tv_layout = #cute.layout<"((2,64),16):((1024,1),64)">}
        %db = cute.partition_tv(%sb, %tid) {tv_layout = #cute.layout<"((2,64),16):((1024,1),64)">}
        cute.copy(%ta, %da)
        cute.copy(%tb, %db)
        gpu.barrier
        // Shared -> registers by the tiled MMA's partitions, then the MMAs.
        %pa_s = cute.mma_partition "A" of #cute.tiled_mma<#cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32>, #cute.layout<"(2,2,1):(1,2,0)">> (%sa, %tid) : (!cute.memref<bf16, smem, align<128>, "(64,32):(32,1)">, i32) -> !cute.memref<bf16, smem, align<4>, "((2,2,2),2,2):((1,256,8),1024,16)">
        %pb_s = cute.mma_partition "B" of #cute.tiled_mma<#cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32>, #cute.layout<"(2,2,1):(1,2,0)">> (%sb, %tid) : (!cute.memref<bf16, smem, align<128>, "(64,32):(32,1)">, i32) -> !cute.memref<bf16, smem, align<4>, "((2,2),4,2):((1,8),512,16)">
        cute.copy(%pa_s, %fa)
        cute.copy(%pb_s, %fb)
        cute.gemm #cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32> (%fa, %fb, %fc) : !cute.memref<bf16, rmem, align<16>, "(8,2,2):(1,8,16)">, !cute.memref<bf16, rmem, align<16>, "(4,4,2):(1,4,16)">, !cute.memref<f32, rmem, align<16>, "(4,2,4):(1,4,8)">
        gpu.barrier
      }
      %cc = cute.make_coord(%bm, %bn) -> !cute.coord<"(?,?)">
      %gtc = cute.local_tile(%gc, %cc) {tiler = #cute.shape<"(64,64)">}
      %tc = cute.mma_partition "C" of #cute.tiled_mma<#cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32>, #cute.layout<"(2,2,1):(1,2,0)">> (%gtc, %tid) : (!cute.memref<f32, gmem, align<16>, "(64,64):(?,1)">, i32) -> !cute.memref<f32, gmem, align<4>, "((2,2),2,4):((1,?),?,16)">
      cute.copy(%fc, %tc)
      gpu.return
    }

    gpu.func @wgmma_bf16(%pa: !cute.ptr<bf16, gmem, align<16>>, %pb: !cute.ptr<bf16, gmem, align<16>>, %pc: !cute.ptr<f32, gmem, align<16>>, %m: i32, %n: i32, %k: i32) kernel
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
      // 128-byte swizzled K-major tiles (S<3,3,3> on 2-byte elements).
      %sa = cute.smem_alloc() : !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "(64,64):(64,1)">
      %sb = cute.smem_alloc() : !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "(128,64):(64,1)">
      %fc = cute.make_fragment() : !cute.memref<f32, rmem, align<16>, "((2,2,16),1,1):((1,2,4),0,0)">
      %z = arith.constant dense<0.0> : vector<64xf32>
      cute.store(%z, %fc)
      %ktiles = arith.divui %k, %c64 : i32
      scf.for %kt = %c0 to %ktiles step %c1 : i32 {
        %ca = cute.make_coord(%bm, %kt) -> !cute.coord<"(?,?)">
        %cb = cute.make_coord(%bn, %kt) -> !cute.coord<"(?,?)">
        %gta = cute.local_tile(%ga, %ca) {tiler = #cute.shape<"(64,64)">}
        %gtb = cute.local_tile(%gb, %cb) {tiler = #cute.shape<"(128,64)">}
        %ta = cute.partition_tv(%gta, %tid) {tv_layout = #cute.layout<"((2,64),32):((2048,1),64)">}
        %da = cute.partition_tv(%sa, %tid) {tv_layout = #cute.layout<"((2,64),32):((2048,1),64)">}
        %tb = cute.partition_tv(%gtb, %tid) {tv_layout = #cute.layout<"(128,64):(1,128)">}
        %db = cute.partition_tv(%sb, %tid) {tv_layout = #cute.layout<"(128,64):(1,128)">}
        cute.copy(%ta, %da)
        cute.copy(%tb, %db)
        // The threads' shared-memory writes, then the async proxy reads them.
        cute_nvgpu.fence_proxy_async
        gpu.barrier
        %pa_s = cute.mma_partition "A" of #cute.tiled_mma<#cute_nvgpu.wgmma<m = 64, n = 128, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k>, #cute.layout<"(1,1,1):(0,0,0)">> (%sa, %tid) : (!cute.memref<bf16, smem, align<1024>, S<3,3,3>, "(64,64):(64,1)">, i32) -> !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((64,16),1,4):((64,1),0,16)">
        %pb_s = cute.mma_partition "B" of #cute.tiled_mma<#cute_nvgpu.wgmma<m = 64, n = 128, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k>, #cute.layout<"(1,1,1):(0,0,0)">> (%sb, %tid) : (!cute.memref<bf16, smem, align<1024>, S<3,3,3>, "(128,64):(64,1)">, i32) -> !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,16),1,4):((64,1),0,16)">
        cute_nvgpu.wgmma_fence
        cute.gemm #cute_nvgpu.wgmma<m = 64, n = 128, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k> (%pa_s, %pb_s, %fc) : !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((64,16),1,4):((64,1),0,16)">, !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,16),1,4):((64,1),0,16)">, !cute.memref<f32, rmem, align<16>, "((2,2,16),1,1):((1,2,4),0,0)">
        cute_nvgpu.wgmma_commit_group
        cute_nvgpu.wgmma_wait_group 0
        // Every wgmma of the warpgroup has read the tiles: they may be refilled.
        gpu.barrier
      }
      %cc = cute.make_coord(%bm, %bn) -> !cute.coord<"(?,?)">
      %gtc = cute.local_tile(%gc, %cc) {tiler = #cute.shape<"(64,128)">}
      %tc = cute.mma_partition "C" of #cute.tiled_mma<#cute_nvgpu.wgmma<m = 64, n = 128, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k>, #cute.layout<"(1,1,1):(0,0,0)">> (%gtc, %tid) : (!cute.memref<f32, gmem, align<16>, "(64,128):(?,1)">, i32) -> !cute.memref<f32, gmem, align<4>, "((2,2,16),1,1):((1,?,8),0,0)">
      cute.copy(%fc, %tc)
      gpu.return
    }

    gpu.func @wgmma_e4m3(%pa: !cute.ptr<f8E4M3FN, gmem, align<16>>, %pb: !cute.ptr<f8E4M3FN, gmem, align<16>>, %pc: !cute.ptr<f32, gmem, align<16>>, %m: i32, %n: i32, %k: i32) kernel
        attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      %c128 = arith.constant 128 : i32
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
      // 128-byte swizzled K-major tiles (S<3,4,3> on 1-byte elements).
      %sa = cute.smem_alloc() : !cute.memref<f8E4M3FN, smem, align<1024>, S<3,4,3>, "(64,128):(128,1)">
      %sb = cute.smem_alloc() : !cute.memref<f8E4M3FN, smem, align<1024>, S<3,4,3>, "(128,128):(128,1)">
      %fc = cute.make_fragment() : !cute.memref<f32, rmem, align<16>, "((2,2,16),1,1):((1,2,4),0,0)">
      %z = arith.constant dense<0.0> : vector<64xf32>
      cute.store(%z, %fc)
      %ktiles = arith.divui %k, %c128 : i32
      scf.for %kt = %c0 to %ktiles step %c1 : i32 {
        %ca = cute.make_coord(%bm, %kt) -> !cute.coord<"(?,?)">
        %cb = cute.make_coord(%bn, %kt) -> !cute.coord<"(?,?)">
        %gta = cute.local_tile(%ga, %ca) {tiler = #cute.shape<"(64,128)">}
        %gtb = cute.local_tile(%gb, %cb) {tiler = #cute.shape<"(128,128)">}
        %ta = cute.partition_tv(%gta, %tid) {tv_layout = #cute.layout<"((2,64),64):((4096,1),64)">}
        %da = cute.partition_tv(%sa, %tid) {tv_layout = #cute.layout<"((2,64),64):((4096,1),64)">}
        %tb = cute.partition_tv(%gtb, %tid) {tv_layout = #cute.layout<"(128,128):(1,128)">}
        %db = cute.partition_tv(%sb, %tid) {tv_layout = #cute.layout<"(128,128):(1,128)">}
        cute.copy(%ta, %da)
        cute.copy(%tb, %db)
        // The threads' shared-memory writes, then the async proxy reads them.
        cute_nvgpu.fence_proxy_async
        gpu.barrier
        %pa_s = cute.mma_partition "A" of #cute.tiled_mma<#cute_nvgpu.wgmma<m = 64, n = 128, k = 32, a = f8E4M3FN, b = f8E4M3FN, c = f32, a_major = k, b_major = k>, #cute.layout<"(1,1,1):(0,0,0)">> (%sa, %tid) : (!cute.memref<f8E4M3FN, smem, align<1024>, S<3,4,3>, "(64,128):(128,1)">, i32) -> !cute.memref<f8E4M3FN, smem, align<1024>, S<3,4,3>, "((64,32),1,4):((128,1),0,32)">
        %pb_s = cute.mma_partition "B" of #cute.tiled_mma<#cute_nvgpu.wgmma<m = 64, n = 128, k = 32, a = f8E4M3FN, b = f8E4M3FN, c = f32, a_major = k, b_major = k>, #cute.layout<"(1,1,1):(0,0,0)">> (%sb, %tid) : (!cute.memref<f8E4M3FN, smem, align<1024>, S<3,4,3>, "(128,128):(128,1)">, i32) -> !cute.memref<f8E4M3FN, smem, align<1024>, S<3,4,3>, "((128,32),1,4):((128,1),0,32)">
        cute_nvgpu.wgmma_fence
        cute.gemm #cute_nvgpu.wgmma<m = 64, n = 128, k = 32, a = f8E4M3FN, b = f8E4M3FN, c = f32, a_major = k, b_major = k> (%pa_s, %pb_s, %fc) : !cute.memref<f8E4M3FN, smem, align<1024>, S<3,4,3>, "((64,32),1,4):((128,1),0,32)">, !cute.memref<f8E4M3FN, smem, align<1024>, S<3,4,3>, "((128,32),1,4):((128,1),0,32)">, !cute.memref<f32, rmem, align<16>, "((2,2,16),1,1):((1,2,4),0,0)">
        cute_nvgpu.wgmma_commit_group
        cute_nvgpu.wgmma_wait_group 0
        // Every wgmma of the warpgroup has read the tiles: they may be refilled.
        gpu.barrier
      }
      %cc = cute.make_coord(%bm, %bn) -> !cute.coord<"(?,?)">
      %gtc = cute.local_tile(%gc, %cc) {tiler = #cute.shape<"(64,128)">}
      %tc = cute.mma_partition "C" of #cute.tiled_mma<#cute_nvgpu.wgmma<m = 64, n = 128, k = 32, a = f8E4M3FN, b = f8E4M3FN, c = f32, a_major = k, b_major = k>, #cute.layout<"(1,1,1):(0,0,0)">> (%gtc, %tid) : (!cute.memref<f32, gmem, align<16>, "(64,128):(?,1)">, i32) -> !cute.memref<f32, gmem, align<4>, "((2,2,16),1,1):((1,?,8),0,0)">
      cute.copy(%fc, %tc)
      gpu.return
    }

    gpu.func @wgmma_rs_bf16(%pa: !cute.ptr<bf16, gmem, align<16>>, %pb: !cute.ptr<bf16, gmem, align<16>>, %pv: !cute.ptr<bf16, gmem, align<16>>, %po: !cute.ptr<f32, gmem, align<16>>, %m: i32, %n2: i32, %k: i32) kernel
        attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      %c64 = arith.constant 64 : i32
      %c128 = arith.constant 128 : i32
      %tidx = gpu.thread_id x
      %bxi = gpu.block_id x
      %byi = gpu.block_id y
      %tid = arith.index_cast %tidx : index to i32
      %bm = arith.index_cast %bxi : index to i32
      %bn = arith.index_cast %byi : index to i32
      %sak = cute.make_stride(%k) -> !cute.stride<"(?,1)">
      %son = cute.make_stride(%n2) -> !cute.stride<"(?,1)">
      %svn = cute.make_stride(%n2) -> !cute.stride<"(1,?)">
      %shA = cute.make_shape(%m, %k)
      %shB = cute.make_shape(%c128, %k)
      %shV = cute.make_shape(%n2, %c128)
      %shO = cute.make_shape(%m, %n2)
      %la = cute.make_layout(%shA, %sak)
      %lb = cute.make_layout(%shB, %sak)
      %lv = cute.make_layout(%shV, %svn)
      %lo = cute.make_layout(%shO, %son)
      %ga = cute.make_view(%pa, %la)
      %gb = cute.make_view(%pb, %lb)
      // V as the (N, K) operand of O = P V: element (n, k) is V[k][n].
      %gv = cute.make_view(%pv, %lv)
      %go = cute.make_view(%po, %lo)
      %sa = cute.smem_alloc() : !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "(64,64):(64,1)">
      %sb = cute.smem_alloc() : !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "(128,64):(64,1)">
      // V's tile (N = 64, K = 128), MN-major: each K row is 128 contiguous
      // bytes, 128-byte swizzled.
      %sv = cute.smem_alloc() : !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "(64,128):(1,64)">
      %fs = cute.make_fragment() : !cute.memref<f32, rmem, align<16>, "((2,2,16),1,1):((1,2,4),0,0)">
      %fo = cute.make_fragment() : !cute.memref<f32, rmem, align<16>, "((2,2,8),1,1):((1,2,4),0,0)">
      %z64 = arith.constant dense<0.0> : vector<64xf32>
      %z32 = arith.constant dense<0.0> : vector<32xf32>
      cute.store(%z64, %fs)
      cute.store(%z32, %fo)
      // S = A B^T over K, as wgmma_bf16 does.
      %ktiles = arith.divui %k, %c64 : i32
      scf.for %kt = %c0 to %ktiles step %c1 : i32 {
        %ca = cute.make_coord(%bm, %kt) -> !cute.coord<"(?,?)">
        %cb = cute.make_coord(%c0, %kt) -> !cute.coord<"(?,?)">
        %gta = cute.local_tile(%ga, %ca) {tiler = #cute.shape<"(64,64)">}
        %gtb = cute.local_tile(%gb, %cb) {tiler = #cute.shape<"(128,64)">}
        %ta = cute.partition_tv(%gta, %tid) {tv_layout = #cute.layout<"((2,64),32):((2048,1),64)">}
        %da = cute.partition_tv(%sa, %tid) {tv_layout = #cute.layout<"((2,64),32):((2048,1),64)">}
        %tb = cute.partition_tv(%gtb, %tid) {tv_layout = #cute.layout<"(128,64):(1,128)">}
        %db = cute.partition_tv(%sb, %tid) {tv_layout = #cute.layout<"(128,64):(1,128)">}
        cute.copy(%ta, %da)
        cute.copy(%tb, %db)
        cute_nvgpu.fence_proxy_async
        gpu.barrier
        %pa_s = cute.mma_partition "A" of #cute.tiled_mma<#cute_nvgpu.wgmma<m = 64, n = 128, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k>, #cute.layout<"(1,1,1):(0,0,0)">> (%sa, %tid) : (!cute.memref<bf16, smem, align<1024>, S<3,3,3>, "(64,64):(64,1)">, i32) -> !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((64,16),1,4):((64,1),0,16)">
        %pb_s = cute.mma_partition "B" of #cute.tiled_mma<#cute_nvgpu.wgmma<m = 64, n = 128, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k>, #cute.layout<"(1,1,1):(0,0,0)">> (%sb, %tid) : (!cute.memref<bf16, smem, align<1024>, S<3,3,3>, "(128,64):(64,1)">, i32) -> !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,16),1,4):((64,1),0,16)">
        cute_nvgpu.wgmma_fence
        cute.gemm #cute_nvgpu.wgmma<m = 64, n = 128, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k> (%pa_s, %pb_s, %fs) : !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((64,16),1,4):((64,1),0,16)">, !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,16),1,4):((64,1),0,16)">, !cute.memref<f32, rmem, align<16>, "((2,2,16),1,1):((1,2,4),0,0)">
        cute_nvgpu.wgmma_commit_group
        cute_nvgpu.wgmma_wait_group 0
        gpu.barrier
      }
      // V's tile: each thread copies 8 runs of 8 contiguous elements.
      %cv = cute.make_coord(%bn, %c0) -> !cute.coord<"(?,?)">
      %gtv = cute.local_tile(%gv, %cv) {tiler = #cute.shape<"(64,128)">}
      %tv = cute.partition_tv(%gtv, %tid) {tv_layout = #cute.layout<"((8,16),(8,8)):((8,64),(1,1024))">}
      %dv = cute.partition_tv(%sv, %tid) {tv_layout = #cute.layout<"((8,16),(8,8)):((8,64),(1,1024))">}
      cute.copy(%tv, %dv)
      cute_nvgpu.fence_proxy_async
      gpu.barrier
      // P = S in the RS A layout (bf16: the registers line up), O = P V.
      %p = cute_nvgpu.accumulator_to_operand(%fs) {elem_type = bf16}
      %pv_s = cute.mma_partition "B" of #cute.tiled_mma<#cute_nvgpu.wgmma<m = 64, n = 64, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = mn, a_src = rmem>, #cute.layout<"(1,1,1):(0,0,0)">> (%sv, %tid) : (!cute.memref<bf16, smem, align<1024>, S<3,3,3>, "(64,128):(1,64)">, i32) -> !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((64,16),1,8):((1,64),0,1024)">
      cute_nvgpu.wgmma_fence
      cute.gemm #cute_nvgpu.wgmma<m = 64, n = 64, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = mn, a_src = rmem> (%p, %pv_s, %fo) : !cute.memref<bf16, rmem, align<16>, "(8,1,8):(1,0,8)">, !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((64,16),1,8):((1,64),0,1024)">, !cute.memref<f32, rmem, align<16>, "((2,2,8),1,1):((1,2,4),0,0)">
      cute_nvgpu.wgmma_commit_group
      cute_nvgpu.wgmma_wait_group 0
      %co = cute.make_coord(%bm, %bn) -> !cute.coord<"(?,?)">
      %gto = cute.local_tile(%go, %co) {tiler = #cute.shape<"(64,64)">}
      %to = cute.mma_partition "C" of #cute.tiled_mma<#cute_nvgpu.wgmma<m = 64, n = 64, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = mn, a_src = rmem>, #cute.layout<"(1,1,1):(0,0,0)">> (%gto, %tid) : (!cute.memref<f32, gmem, align<16>, "(64,64):(?,1)">, i32) -> !cute.memref<f32, gmem, align<4>, "((2,2,8),1,1):((1,?,8),0,0)">
      cute.copy(%fo, %to)
      gpu.return
    }

    gpu.func @wgmma_rs_e4m3(%pa: !cute.ptr<f8E4M3FN, gmem, align<16>>, %pb: !cute.ptr<f8E4M3FN, gmem, align<16>>, %pvt: !cute.ptr<f8E4M3FN, gmem, align<16>>, %po: !cute.ptr<f32, gmem, align<16>>, %m: i32, %n2: i32, %k: i32) kernel
        attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      %c128 = arith.constant 128 : i32
      %tidx = gpu.thread_id x
      %bxi = gpu.block_id x
      %byi = gpu.block_id y
      %tid = arith.index_cast %tidx : index to i32
      %bm = arith.index_cast %bxi : index to i32
      %bn = arith.index_cast %byi : index to i32
      %sak = cute.make_stride(%k) -> !cute.stride<"(?,1)">
      %svk = cute.make_stride(%c128) -> !cute.stride<"(?,1)">
      %son = cute.make_stride(%n2) -> !cute.stride<"(?,1)">
      %shA = cute.make_shape(%m, %k)
      %shB = cute.make_shape(%c128, %k)
      %shV = cute.make_shape(%n2, %c128)
      %shO = cute.make_shape(%m, %n2)
      %la = cute.make_layout(%shA, %sak)
      %lb = cute.make_layout(%shB, %sak)
      %lv = cute.make_layout(%shV, %svk)
      %lo = cute.make_layout(%shO, %son)
      %ga = cute.make_view(%pa, %la)
      %gb = cute.make_view(%pb, %lb)
      // Vt (N2 x 128, row-major): the K-major (N, K) operand of O = P V.
      %gv = cute.make_view(%pvt, %lv)
      %go = cute.make_view(%po, %lo)
      %sa = cute.smem_alloc() : !cute.memref<f8E4M3FN, smem, align<1024>, S<3,4,3>, "(64,128):(128,1)">
      %sb = cute.smem_alloc() : !cute.memref<f8E4M3FN, smem, align<1024>, S<3,4,3>, "(128,128):(128,1)">
      %sv = cute.smem_alloc() : !cute.memref<f8E4M3FN, smem, align<1024>, S<3,4,3>, "(64,128):(128,1)">
      %fs = cute.make_fragment() : !cute.memref<f32, rmem, align<16>, "((2,2,16),1,1):((1,2,4),0,0)">
      %fo = cute.make_fragment() : !cute.memref<f32, rmem, align<16>, "((2,2,8),1,1):((1,2,4),0,0)">
      %z64 = arith.constant dense<0.0> : vector<64xf32>
      %z32 = arith.constant dense<0.0> : vector<32xf32>
      cute.store(%z64, %fs)
      cute.store(%z32, %fo)
      %ktiles = arith.divui %k, %c128 : i32
      scf.for %kt = %c0 to %ktiles step %c1 : i32 {
        %ca = cute.make_coord(%bm, %kt) -> !cute.coord<"(?,?)">
        %cb = cute.make_coord(%c0, %kt) -> !cute.coord<"(?,?)">
        %gta = cute.local_tile(%ga, %ca) {tiler = #cute.shape<"(64,128)">}
        %gtb = cute.local_tile(%gb, %cb) {tiler = #cute.shape<"(128,128)">}
        %ta = cute.partition_tv(%gta, %tid) {tv_layout = #cute.layout<"((2,64),64):((4096,1),64)">}
        %da = cute.partition_tv(%sa, %tid) {tv_layout = #cute.layout<"((2,64),64):((4096,1),64)">}
        %tb = cute.partition_tv(%gtb, %tid) {tv_layout = #cute.layout<"(128,128):(1,128)">}
        %db = cute.partition_tv(%sb, %tid) {tv_layout = #cute.layout<"(128,128):(1,128)">}
        cute.copy(%ta, %da)
        cute.copy(%tb, %db)
        cute_nvgpu.fence_proxy_async
        gpu.barrier
        %pa_s = cute.mma_partition "A" of #cute.tiled_mma<#cute_nvgpu.wgmma<m = 64, n = 128, k = 32, a = f8E4M3FN, b = f8E4M3FN, c = f32, a_major = k, b_major = k>, #cute.layout<"(1,1,1):(0,0,0)">> (%sa, %tid) : (!cute.memref<f8E4M3FN, smem, align<1024>, S<3,4,3>, "(64,128):(128,1)">, i32) -> !cute.memref<f8E4M3FN, smem, align<1024>, S<3,4,3>, "((64,32),1,4):((128,1),0,32)">
        %pb_s = cute.mma_partition "B" of #cute.tiled_mma<#cute_nvgpu.wgmma<m = 64, n = 128, k = 32, a = f8E4M3FN, b = f8E4M3FN, c = f32, a_major = k, b_major = k>, #cute.layout<"(1,1,1):(0,0,0)">> (%sb, %tid) : (!cute.memref<f8E4M3FN, smem, align<1024>, S<3,4,3>, "(128,128):(128,1)">, i32) -> !cute.memref<f8E4M3FN, smem, align<1024>, S<3,4,3>, "((128,32),1,4):((128,1),0,32)">
        cute_nvgpu.wgmma_fence
        cute.gemm #cute_nvgpu.wgmma<m = 64, n = 128, k = 32, a = f8E4M3FN, b = f8E4M3FN, c = f32, a_major = k, b_major = k> (%pa_s, %pb_s, %fs) : !cute.memref<f8E4M3FN, smem, align<1024>, S<3,4,3>, "((64,32),1,4):((128,1),0,32)">, !cute.memref<f8E4M3FN, smem, align<1024>, S<3,4,3>, "((128,32),1,4):((128,1),0,32)">, !cute.memref<f32, rmem, align<16>, "((2,2,16),1,1):((1,2,4),0,0)">
        cute_nvgpu.wgmma_commit_group
        cute_nvgpu.wgmma_wait_group 0
        gpu.barrier
      }
      %cv = cute.make_coord(%bn, %c0) -> !cute.coord<"(?,?)">
      %gtv = cute.local_tile(%gv, %cv) {tiler = #cute.shape<"(64,128)">}
      %tv = cute.partition_tv(%gtv, %tid) {tv_layout = #cute.layout<"((2,64),64):((4096,1),64)">}
      %dv = cute.partition_tv(%sv, %tid) {tv_layout = #cute.layout<"((2,64),64):((4096,1),64)">}
      cute.copy(%tv, %dv)
      cute_nvgpu.fence_proxy_async
      gpu.barrier
      // P = S as e4m3 in the RS A layout: cvt pairs, quad shuffles, prmt.
      %p = cute_nvgpu.accumulator_to_operand(%fs) {elem_type = f8E4M3FN}
      %pv_s = cute.mma_partition "B" of #cute.tiled_mma<#cute_nvgpu.wgmma<m = 64, n = 64, k = 32, a = f8E4M3FN, b = f8E4M3FN, c = f32, a_major = k, b_major = k, a_src = rmem>, #cute.layout<"(1,1,1):(0,0,0)">> (%sv, %tid) : (!cute.memref<f8E4M3FN, smem, align<1024>, S<3,4,3>, "(64,128):(128,1)">, i32) -> !cute.memref<f8E4M3FN, smem, align<1024>, S<3,4,3>, "((64,32),1,4):((128,1),0,32)">
      cute_nvgpu.wgmma_fence
      cute.gemm #cute_nvgpu.wgmma<m = 64, n = 64, k = 32, a = f8E4M3FN, b = f8E4M3FN, c = f32, a_major = k, b_major = k, a_src = rmem> (%p, %pv_s, %fo) : !cute.memref<f8E4M3FN, rmem, align<16>, "(16,1,4):(1,0,16)">, !cute.memref<f8E4M3FN, smem, align<1024>, S<3,4,3>, "((64,32),1,4):((128,1),0,32)">, !cute.memref<f32, rmem, align<16>, "((2,2,8),1,1):((1,2,4),0,0)">
      cute_nvgpu.wgmma_commit_group
      cute_nvgpu.wgmma_wait_group 0
      %co = cute.make_coord(%bm, %bn) -> !cute.coord<"(?,?)">
      %gto = cute.local_tile(%go, %co) {tiler = #cute.shape<"(64,64)">}
      %to = cute.mma_partition "C" of #cute.tiled_mma<#cute_nvgpu.wgmma<m = 64, n = 64, k = 32, a = f8E4M3FN, b = f8E4M3FN, c = f32, a_major = k, b_major = k, a_src = rmem>, #cute.layout<"(1,1,1):(0,0,0)">> (%gto, %tid) : (!cute.memref<f32, gmem, align<16>, "(64,64):(?,1)">, i32) -> !cute.memref<f32, gmem, align<4>, "((2,2,8),1,1):((1,?,8),0,0)">
      cute.copy(%fo, %to)
      gpu.return
    }
  }
}
