// chips: sm_90a
// Block-scaled MXFP4 x MXFP4 GEMM for the H200, which has no block-scaled
// tensor cores: D (M x N, f32, row-major) = sum_k (A[m][k] * SFA[m][k/32]) *
// (B[n][k] * SFB[n][k/32]), A (M x K) and B (N x K) f4E2M1FN row-major
// (two per byte, low nibble first), scales f8E8M0FNU laid out as the
// sm_100a/sm_120a kernels read them: CUTLASS's scale-factor atom
// ((32,4),(32,4)):((16,4),(0,1)) tiled over the operand, K-atoms first
// (cute/Atom/ScaleFactors.h; the host packs with packScaleFactors). Each K
// step the threads load their FP4 values and scales, dequantize in
// registers (arith.extf f4E2M1FN / f8E8M0FNU -> f32, multiply, truncate to
// bf16: exact while the scaled values stay in bf16's range), write bf16
// tiles to 128-byte swizzled shared memory and one warpgroup multiplies
// them with wgmma m64n128k16. 64 x 128 tiles, K steps of 64 (two scale
// vectors); M % 64 == 0, N % 128 == 0, K % 128 == 0. See README.md.
module attributes {gpu.container_module} {
  gpu.module @blockscaled_dequant {
    gpu.func @mxfp4_gemm(%pa: !cute.ptr<f4E2M1FN, gmem, align<16>>, %pb: !cute.ptr<f4E2M1FN, gmem, align<16>>, %psa: !cute.ptr<f8E8M0FNU, gmem, align<16>>, %psb: !cute.ptr<f8E8M0FNU, gmem, align<16>>, %pc: !cute.ptr<f32, gmem, align<16>>, %m: i32, %n: i32, %k: i32) kernel
        attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      %c64 = arith.constant 64 : i32
      %c127 = arith.constant 127 : i32
      %c128 = arith.constant 128 : i32
      %c512 = arith.constant 512 : i32
      %tidx = gpu.thread_id x
      %bxi = gpu.block_id x
      %byi = gpu.block_id y
      %tid = arith.index_cast %tidx : index to i32
      %bm = arith.index_cast %bxi : index to i32
      %bn = arith.index_cast %byi : index to i32
      // Operands (row-major) and their scale factors over (rows, k).
      // K % 128 == 0 is the kernel's contract (the host checks it): FP4 rows
      // then start on byte (and 64-byte) boundaries.
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
      %m127 = arith.addi %m, %c127 : i32
      %n127 = arith.addi %n, %c127 : i32
      %k127 = arith.addi %k, %c127 : i32
      %mt = arith.divui %m127, %c128 : i32
      %nt = arith.divui %n127, %c128 : i32
      %kt = arith.divui %k127, %c128 : i32
      %rowAtoms = arith.muli %kt, %c512 : i32
      %sfShA = cute.make_shape(%mt, %kt) -> !cute.shape<"((32,4,?),(32,4,?))">
      %sfShB = cute.make_shape(%nt, %kt) -> !cute.shape<"((32,4,?),(32,4,?))">
      %sfSt = cute.make_stride(%rowAtoms) -> !cute.stride<"((16,4,?),(0,1,512))">
      %lsa = cute.make_layout(%sfShA, %sfSt)
      %lsb = cute.make_layout(%sfShB, %sfSt)
      %gsa = cute.make_view(%psa, %lsa)
      %gsb = cute.make_view(%psb, %lsb)
      %sa = cute.smem_alloc() : !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "(64,64):(64,1)">
      %sb = cute.smem_alloc() : !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "(128,64):(64,1)">
      %ra = cute.make_fragment() : !cute.memref<bf16, rmem, align<16>, "32:1">
      %rb = cute.make_fragment() : !cute.memref<bf16, rmem, align<16>, "64:1">
      %fc = cute.make_fragment() : !cute.memref<f32, rmem, align<16>, "((2,2,16),1,1):((1,2,4),0,0)">
      %z = arith.constant dense<0.0> : vector<64xf32>
      cute.store(%z, %fc)
      %ksteps = arith.divui %k, %c64 : i32
      scf.for %ks = %c0 to %ksteps step %c1 : i32 {
        %ca = cute.make_coord(%bm, %ks) -> !cute.coord<"(?,?)">
        %cb = cute.make_coord(%bn, %ks) -> !cute.coord<"(?,?)">
        // A: thread t dequantizes 32 elements (one scale vector) of row t/2.
        %gta = cute.local_tile(%ga, %ca) {tiler = #cute.shape<"(64,64)">}
        %gtsa = cute.local_tile(%gsa, %ca) {tiler = #cute.shape<"(64,64)">}
        %ta = cute.partition_tv(%gta, %tid) {tv_layout = #cute.layout<"((2,64),32):((2048,1),64)">}
        %tsa = cute.partition_tv(%gtsa, %tid) {tv_layout = #cute.layout<"((2,64),1):((2048,1),0)">}
        %qa = cute.load(%ta)
        %qsa = cute.load(%tsa)
        %fa = arith.extf %qa : vector<32xf4E2M1FN> to vector<32xf32>
        %esa = vector.extract %qsa[0] : f8E8M0FNU from vector<1xf8E8M0FNU>
        %xsa = arith.extf %esa : f8E8M0FNU to f32
        %bsa = vector.broadcast %xsa : f32 to vector<32xf32>
        %da = arith.mulf %fa, %bsa : vector<32xf32>
        %ha = arith.truncf %da : vector<32xf32> to vector<32xbf16>
        cute.store(%ha, %ra)
        // B: thread t dequantizes row t (64 elements, two scale vectors).
        %gtb = cute.local_tile(%gb, %cb) {tiler = #cute.shape<"(128,64)">}
        %gtsb = cute.local_tile(%gsb, %cb) {tiler = #cute.shape<"(128,64)">}
        %tb = cute.partition_tv(%gtb, %tid) {tv_layout = #cute.layout<"(128,64):(1,128)">}
        %tsb = cute.partition_tv(%gtsb, %tid) {tv_layout = #cute.layout<"(128,2):(1,4096)">}
        %qb = cute.load(%tb)
        %qsb = cute.load(%tsb)
        %fb = arith.extf %qb : vector<64xf4E2M1FN> to vector<64xf32>
        %xsb = arith.extf %qsb : vector<2xf8E8M0FNU> to vector<2xf32>
        %xsb0 = vector.extract %xsb[0] : f32 from vector<2xf32>
        %xsb1 = vector.extract %xsb[1] : f32 from vector<2xf32>
        %bsb0 = vector.broadcast %xsb0 : f32 to vector<32xf32>
        %bsb1 = vector.broadcast %xsb1 : f32 to vector<32xf32>
        %bsb = vector.shuffle %bsb0, %bsb1 [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63] : vector<32xf32>, vector<32xf32>
        %db = arith.mulf %fb, %bsb : vector<64xf32>
        %hb = arith.truncf %db : vector<64xf32> to vector<64xbf16>
        cute.store(%hb, %rb)
        // Registers -> the swizzled tiles; then the async proxy reads them.
        %sta = cute.partition_tv(%sa, %tid) {tv_layout = #cute.layout<"((2,64),32):((2048,1),64)">}
        %stb = cute.partition_tv(%sb, %tid) {tv_layout = #cute.layout<"(128,64):(1,128)">}
        cute.copy(%ra, %sta)
        cute.copy(%rb, %stb)
        cute_nvgpu.fence_proxy_async
        gpu.barrier
        %pa_s = cute.mma_partition "A" of #cute.tiled_mma<#cute_nvgpu.wgmma<m = 64, n = 128, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k>, #cute.layout<"(1,1,1):(0,0,0)">> (%sa, %tid) : (!cute.memref<bf16, smem, align<1024>, S<3,3,3>, "(64,64):(64,1)">, i32) -> !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((64,16),1,4):((64,1),0,16)">
        %pb_s = cute.mma_partition "B" of #cute.tiled_mma<#cute_nvgpu.wgmma<m = 64, n = 128, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k>, #cute.layout<"(1,1,1):(0,0,0)">> (%sb, %tid) : (!cute.memref<bf16, smem, align<1024>, S<3,3,3>, "(128,64):(64,1)">, i32) -> !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,16),1,4):((64,1),0,16)">
        cute_nvgpu.wgmma_fence
        cute.gemm #cute_nvgpu.wgmma<m = 64, n = 128, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k> (%pa_s, %pb_s, %fc) : !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((64,16),1,4):((64,1),0,16)">, !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,16),1,4):((64,1),0,16)">, !cute.memref<f32, rmem, align<16>, "((2,2,16),1,1):((1,2,4),0,0)">
        cute_nvgpu.wgmma_commit_group
        cute_nvgpu.wgmma_wait_group 0
        gpu.barrier
      }
      %cc = cute.make_coord(%bm, %bn) -> !cute.coord<"(?,?)">
      %gtc = cute.local_tile(%gc, %cc) {tiler = #cute.shape<"(64,128)">}
      %tc = cute.mma_partition "C" of #cute.tiled_mma<#cute_nvgpu.wgmma<m = 64, n = 128, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k>, #cute.layout<"(1,1,1):(0,0,0)">> (%gtc, %tid) : (!cute.memref<f32, gmem, align<16>, "(64,128):(?,1)">, i32) -> !cute.memref<f32, gmem, align<4>, "((2,2,16),1,1):((1,?,8),0,0)">
      cute.copy(%fc, %tc)
      gpu.return
    }
  }
}
