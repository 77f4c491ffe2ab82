// chips: sm_90a
// Block-scaled MXFP4 GEMM for the H200 in the structure of the sm_120a
// kernel (issue 11, kernel 5): D (M x N, f16) = (A * SFA) x (B * SFB)^T with
// A (M x K) and B (N x K) f4E2M1FN, one f8E8M0FNU scale per 32 elements of
// K in CUTLASS's scale-factor layout, f32 accumulation.
// - 128 x 128 tiles, K steps of 128 (64 bytes of FP4 per row, four scale
//   vectors = one 512-byte scale-factor atom per operand);
// - a 3-stage PipelineTmaAsync ring filled by one producer warp (warp 8)
//   with four TMA descriptors (A, B, SFA, SFB; FP4 moved as bytes, since
//   TMA of packed f4 needs the 16U4 tensor-map types the runtime lacks);
// - eight consumer warps (two warpgroups) dequantize the stage in
//   registers (f4/E8M0 -> f32 multiply -> bf16, exact), release it, write
//   128-byte swizzled bf16 tiles and run wgmma m64n128k16 (2 x 1);
// - persistent CTAs over the tiles (16 x 16 at 2048 x 2048);
// - epilogue: each warpgroup stores its 64 x 128 half as two 64 x 64 f16
//   TMA boxes through a 2-buffer staging ring.
// M % 128 == 0, N % 128 == 0, K % 128 == 0. See README.md.
module attributes {gpu.container_module} {
  gpu.module @blockscale_gemm_sm90 {
    gpu.func @mxfp4_gemm_tma(%pa: !cute.ptr<i8, gmem, align<16>>, %pb: !cute.ptr<i8, gmem, align<16>>, %psa: !cute.ptr<i8, gmem, align<16>>, %psb: !cute.ptr<i8, gmem, align<16>>, %pc: !cute.ptr<f16, gmem, align<16>>, %m: i32, %n: i32, %k: i32, %kb: i32, %rowsA: i32, %rowsB: i32) kernel
        attributes {gpu.known_block_size = array<i32: 288, 1, 1>, cute.no_specialize} {
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      %c2 = arith.constant 2 : i32
      %c8 = arith.constant 8 : i32
      %c64 = arith.constant 64 : i32
      %c128 = arith.constant 128 : i32
      %c256 = arith.constant 256 : i32
      %bidx = gpu.block_id x
      %gdim = gpu.grid_dim x
      %tidx = gpu.thread_id x
      %bid = arith.index_cast %bidx : index to i32
      %grid = arith.index_cast %gdim : index to i32
      %tid = arith.index_cast %tidx : index to i32
      // FP4 operands as bytes: (rows, kb = K / 2). The TMA descriptors are
      // encoded by the runtime from kernel arguments, so the host passes
      // kb and the scale-factor row counts rowsA/B (2 x atoms) as well.
      %shA = cute.make_shape(%m, %kb)
      %shB = cute.make_shape(%n, %kb)
      %sk = cute.make_stride(%kb) -> !cute.stride<"(?,1)">
      %la = cute.make_layout(%shA, %sk)
      %lb = cute.make_layout(%shB, %sk)
      %ga = cute.make_view(%pa, %la)
      %gb = cute.make_view(%pb, %lb)
      // Scale factors: one 512-byte atom per (128 rows, 128 K), K-atoms
      // first, seen as rows of 256 bytes: atom a is rows [2a, 2a + 2).
      %ntm = arith.divui %m, %c128 : i32
      %ntn = arith.divui %n, %c128 : i32
      %kt = arith.divui %k, %c128 : i32
      %c256s = cute.make_stride(%c256) -> !cute.stride<"(?,1)">
      %shSA = cute.make_shape(%rowsA, %c256)
      %shSB = cute.make_shape(%rowsB, %c256)
      %lsa = cute.make_layout(%shSA, %c256s)
      %lsb = cute.make_layout(%shSB, %c256s)
      %gsa = cute.make_view(%psa, %lsa)
      %gsb = cute.make_view(%psb, %lsb)
      %shC = cute.make_shape(%m, %n)
      %sn = cute.make_stride(%n) -> !cute.stride<"(?,1)">
      %lc = cute.make_layout(%shC, %sn)
      %gc = cute.make_view(%pc, %lc)
      %da = cute_nvgpu.make_tma_desc %ga : !cute.memref<i8, gmem, align<16>, "(?,?):(?,1)"> -> !cute_nvgpu.tma_desc<load, !cute.memref<i8, smem, align<128>, "(128,64):(64,1)">>
      %db = cute_nvgpu.make_tma_desc %gb : !cute.memref<i8, gmem, align<16>, "(?,?):(?,1)"> -> !cute_nvgpu.tma_desc<load, !cute.memref<i8, smem, align<128>, "(128,64):(64,1)">>
      %dsa = cute_nvgpu.make_tma_desc %gsa : !cute.memref<i8, gmem, align<16>, "(?,?):(?,1)"> -> !cute_nvgpu.tma_desc<load, !cute.memref<i8, smem, align<128>, "(2,256):(256,1)">>
      %dsb = cute_nvgpu.make_tma_desc %gsb : !cute.memref<i8, gmem, align<16>, "(?,?):(?,1)"> -> !cute_nvgpu.tma_desc<load, !cute.memref<i8, smem, align<128>, "(2,256):(256,1)">>
      %dc = cute_nvgpu.make_tma_desc %gc : !cute.memref<f16, gmem, align<16>, "(?,?):(?,1)"> -> !cute_nvgpu.tma_desc<store, !cute.memref<f16, smem, align<1024>, S<3,3,3>, "(64,64):(64,1)">>
      // Shared memory: 3 stages of (A, B, SFA, SFB) = 17,408 B each; the
      // dequantized bf16 tiles (2 x 32 KB); 2 x 2 f16 staging tiles.
      %bars = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "6:1">
      %sQA = cute.smem_alloc() : !cute.memref<i8, smem, align<128>, "((128,64),3):((64,1),8192)">
      %sQB = cute.smem_alloc() : !cute.memref<i8, smem, align<128>, "((128,64),3):((64,1),8192)">
      %sSA = cute.smem_alloc() : !cute.memref<i8, smem, align<128>, "((2,256),3):((256,1),512)">
      %sSB = cute.smem_alloc() : !cute.memref<i8, smem, align<128>, "((2,256),3):((256,1),512)">
      %sA = cute.smem_alloc() : !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "(128,(64,2)):(64,(1,8192))">
      %sB = cute.smem_alloc() : !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "(128,(64,2)):(64,(1,8192))">
      %sC = cute.smem_alloc() : !cute.memref<f16, smem, align<1024>, S<3,3,3>, "((64,64),2,2):((64,1),4096,8192)">
      %loads = cute_nvgpu.pipeline_create %bars : !cute.memref<i64, smem, align<8>, "6:1"> {consumers = 8 : i32, tx_bytes = 17408 : i32} -> !cute_nvgpu.pipeline<tma_async, 3>
      %stores = cute_nvgpu.pipeline_create -> !cute_nvgpu.pipeline<tma_store, 2>
      %ntiles = arith.muli %ntm, %ntn : i32
      cute_nvgpu.warp_specialize
        role "producer" warps [8, 9) {
          cute_nvgpu.elect_one {
            %p0 = cute_nvgpu.pipeline_producer_state %loads : !cute_nvgpu.pipeline<tma_async, 3> -> !cute_nvgpu.pipeline_state<3>
            %pe = scf.for %t = %bid to %ntiles step %grid iter_args(%ps = %p0) -> (!cute_nvgpu.pipeline_state<3>) : i32 {
              %tm = arith.divui %t, %ntn : i32
              %tn = arith.remui %t, %ntn : i32
              %m0 = arith.muli %tm, %c128 : i32
              %n0 = arith.muli %tn, %c128 : i32
              %pk = scf.for %ks = %c0 to %kt step %c1 iter_args(%q = %ps) -> (!cute_nvgpu.pipeline_state<3>) : i32 {
                cute_nvgpu.pipeline_producer_acquire %loads, %q : !cute_nvgpu.pipeline<tma_async, 3>, !cute_nvgpu.pipeline_state<3>
                %full = cute_nvgpu.pipeline_producer_get_barrier %loads, %q : !cute_nvgpu.pipeline<tma_async, 3>, !cute_nvgpu.pipeline_state<3>
                %i = cute_nvgpu.pipeline_state_index %q : !cute_nvgpu.pipeline_state<3>
                %sc = cute.make_coord(%i) -> !cute.coord<"(_,?)">
                %bufA = cute.tensor_slice(%sQA, %sc)
                %bufB = cute.tensor_slice(%sQB, %sc)
                %bufSA = cute.tensor_slice(%sSA, %sc)
                %bufSB = cute.tensor_slice(%sSB, %sc)
                %k0 = arith.muli %ks, %c64 : i32
                %rowA = arith.muli %tm, %kt : i32
                %atomA = arith.addi %rowA, %ks : i32
                %srA = arith.muli %atomA, %c2 : i32
                %rowB = arith.muli %tn, %kt : i32
                %atomB = arith.addi %rowB, %ks : i32
                %srB = arith.muli %atomB, %c2 : i32
                cute_nvgpu.tma_load %da, %bufA, %full box [%m0, %k0] : !cute_nvgpu.tma_desc<load, !cute.memref<i8, smem, align<128>, "(128,64):(64,1)">>, !cute.memref<i8, smem, align<128>, "(128,64):(64,1)">
                cute_nvgpu.tma_load %db, %bufB, %full box [%n0, %k0] : !cute_nvgpu.tma_desc<load, !cute.memref<i8, smem, align<128>, "(128,64):(64,1)">>, !cute.memref<i8, smem, align<128>, "(128,64):(64,1)">
                cute_nvgpu.tma_load %dsa, %bufSA, %full box [%srA, %c0] : !cute_nvgpu.tma_desc<load, !cute.memref<i8, smem, align<128>, "(2,256):(256,1)">>, !cute.memref<i8, smem, align<128>, "(2,256):(256,1)">
                cute_nvgpu.tma_load %dsb, %bufSB, %full box [%srB, %c0] : !cute_nvgpu.tma_desc<load, !cute.memref<i8, smem, align<128>, "(2,256):(256,1)">>, !cute.memref<i8, smem, align<128>, "(2,256):(256,1)">
                cute_nvgpu.pipeline_producer_commit %loads, %q : !cute_nvgpu.pipeline<tma_async, 3>, !cute_nvgpu.pipeline_state<3>
                %qn = cute_nvgpu.pipeline_state_advance %q : !cute_nvgpu.pipeline_state<3>
                scf.yield %qn : !cute_nvgpu.pipeline_state<3>
              }
              scf.yield %pk : !cute_nvgpu.pipeline_state<3>
            }
            cute_nvgpu.pipeline_producer_tail %loads, %pe : !cute_nvgpu.pipeline<tma_async, 3>, !cute_nvgpu.pipeline_state<3>
          }
        }
        role "consumer" warps [0, 8) {
          // The consumers' thread index (tid < 256 in this role; the
          // remainder tells the verifier so).
          %ct = arith.remui %tid, %c256 : i32
          %wg = arith.divui %ct, %c128 : i32
          %lt = arith.remui %ct, %c128 : i32
          %leader = arith.cmpi eq, %lt, %c0 : i32
          %acc = cute.make_fragment() : !cute.memref<f32, rmem, align<16>, "((2,2,(8,2)),1,1):((1,2,(4,32)),0,0)">
          %ra = cute.make_fragment() : !cute.memref<bf16, rmem, align<16>, "64:1">
          %rb = cute.make_fragment() : !cute.memref<bf16, rmem, align<16>, "64:1">
          %out = cute.make_fragment() : !cute.memref<f16, rmem, align<16>, "(2,2,8):(1,2,4)">
          %zero = arith.constant dense<0.0> : vector<64xf32>
          %cs0 = cute_nvgpu.pipeline_consumer_state %loads : !cute_nvgpu.pipeline<tma_async, 3> -> !cute_nvgpu.pipeline_state<3>
          %ss0 = cute_nvgpu.pipeline_producer_state %stores : !cute_nvgpu.pipeline<tma_store, 2> -> !cute_nvgpu.pipeline_state<2>
          %fin:2 = scf.for %t = %bid to %ntiles step %grid iter_args(%cs = %cs0, %ss = %ss0) -> (!cute_nvgpu.pipeline_state<3>, !cute_nvgpu.pipeline_state<2>) : i32 {
            %tm = arith.divui %t, %ntn : i32
            %tn = arith.remui %t, %ntn : i32
            %m0 = arith.muli %tm, %c128 : i32
            %n0 = arith.muli %tn, %c128 : i32
            cute.store(%zero, %acc)
            %ce = scf.for %ks = %c0 to %kt step %c1 iter_args(%q = %cs) -> (!cute_nvgpu.pipeline_state<3>) : i32 {
              cute_nvgpu.pipeline_consumer_wait %loads, %q : !cute_nvgpu.pipeline<tma_async, 3>, !cute_nvgpu.pipeline_state<3>
              %i = cute_nvgpu.pipeline_state_index %q : !cute_nvgpu.pipeline_state<3>
              %sc = cute.make_coord(%i) -> !cute.coord<"(_,?)">
              %bufA = cute.tensor_slice(%sQA, %sc)
              %bufB = cute.tensor_slice(%sQB, %sc)
              %bufSA = cute.tensor_slice(%sSA, %sc)
              %bufSB = cute.tensor_slice(%sSB, %sc)
              %bufSA_it = cute.get_iter(%bufSA)
              %bufSB_it = cute.get_iter(%bufSB)
              %sfl = cute.static : !cute.layout<"((32,4),(32,4)):((16,4),(0,1))">
              // A: thread t dequantizes 64 elements (two scale vectors) of row t/2.
              %qA = cute.partition_tv(%bufA, %ct) {tv_layout = #cute.layout<"((2,128),32):((4096,1),128)">}
              %svA = cute.make_view(%bufSA_it, %sfl)
              %scA = cute.partition_tv(%svA, %ct) {tv_layout = #cute.layout<"((2,128),2):((8192,1),4096)">}
              %bA = cute.load(%qA)
              %nA = vector.bitcast %bA : vector<32xi8> to vector<64xi4>
              %eA = arith.bitcast %nA : vector<64xi4> to vector<64xf4E2M1FN>
              %fA = arith.extf %eA : vector<64xf4E2M1FN> to vector<64xf32>
              %zA = cute.load(%scA)
              %zcA = arith.bitcast %zA : vector<2xi8> to vector<2xf8E8M0FNU>
              %zfA = arith.extf %zcA : vector<2xf8E8M0FNU> to vector<2xf32>
              %z0A = vector.extract %zfA[0] : f32 from vector<2xf32>
              %z1A = vector.extract %zfA[1] : f32 from vector<2xf32>
              %zb0A = vector.broadcast %z0A : f32 to vector<32xf32>
              %zb1A = vector.broadcast %z1A : f32 to vector<32xf32>
              %zzA = vector.shuffle %zb0A, %zb1A [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63] : vector<32xf32>, vector<32xf32>
              %pA = arith.mulf %fA, %zzA : vector<64xf32>
              %hA = arith.truncf %pA : vector<64xf32> to vector<64xbf16>
              cute.store(%hA, %ra)
              // B: thread t dequantizes 64 elements (two scale vectors) of row t/2.
              %qB = cute.partition_tv(%bufB, %ct) {tv_layout = #cute.layout<"((2,128),32):((4096,1),128)">}
              %svB = cute.make_view(%bufSB_it, %sfl)
              %scB = cute.partition_tv(%svB, %ct) {tv_layout = #cute.layout<"((2,128),2):((8192,1),4096)">}
              %bB = cute.load(%qB)
              %nB = vector.bitcast %bB : vector<32xi8> to vector<64xi4>
              %eB = arith.bitcast %nB : vector<64xi4> to vector<64xf4E2M1FN>
              %fB = arith.extf %eB : vector<64xf4E2M1FN> to vector<64xf32>
              %zB = cute.load(%scB)
              %zcB = arith.bitcast %zB : vector<2xi8> to vector<2xf8E8M0FNU>
              %zfB = arith.extf %zcB : vector<2xf8E8M0FNU> to vector<2xf32>
              %z0B = vector.extract %zfB[0] : f32 from vector<2xf32>
              %z1B = vector.extract %zfB[1] : f32 from vector<2xf32>
              %zb0B = vector.broadcast %z0B : f32 to vector<32xf32>
              %zb1B = vector.broadcast %z1B : f32 to vector<32xf32>
              %zzB = vector.shuffle %zb0B, %zb1B [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63] : vector<32xf32>, vector<32xf32>
              %pB = arith.mulf %fB, %zzB : vector<64xf32>
              %hB = arith.truncf %pB : vector<64xf32> to vector<64xbf16>
              cute.store(%hB, %rb)
              // The stage is in registers: TMA may refill it.
              cute_nvgpu.warp_sync
              cute_nvgpu.elect_one {
                cute_nvgpu.pipeline_consumer_release %loads, %q : !cute_nvgpu.pipeline<tma_async, 3>, !cute_nvgpu.pipeline_state<3>
              }
              %dA = cute.partition_tv(%sA, %ct) {tv_layout = #cute.layout<"((2,128),64):((8192,1),128)">}
              %dB = cute.partition_tv(%sB, %ct) {tv_layout = #cute.layout<"((2,128),64):((8192,1),128)">}
              cute.copy(%ra, %dA)
              cute.copy(%rb, %dB)
              cute_nvgpu.fence_proxy_async
              cute_nvgpu.named_barrier id = 1, threads = 256
              %fa = cute.mma_partition "A" of #cute.tiled_mma<#cute_nvgpu.wgmma<m = 64, n = 128, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k>, #cute.layout<"(2,1,1):(1,0,0)">> (%sA, %ct) : (!cute.memref<bf16, smem, align<1024>, S<3,3,3>, "(128,(64,2)):(64,(1,8192))">, i32) -> !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((64,16),1,(4,2)):((64,1),0,(16,8192))">
              %fb = cute.mma_partition "B" of #cute.tiled_mma<#cute_nvgpu.wgmma<m = 64, n = 128, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k>, #cute.layout<"(2,1,1):(1,0,0)">> (%sB, %ct) : (!cute.memref<bf16, smem, align<1024>, S<3,3,3>, "(128,(64,2)):(64,(1,8192))">, i32) -> !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,16),1,(4,2)):((64,1),0,(16,8192))">
              cute_nvgpu.wgmma_fence
              cute.gemm #cute_nvgpu.wgmma<m = 64, n = 128, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k> (%fa, %fb, %acc) : !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((64,16),1,(4,2)):((64,1),0,(16,8192))">, !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,16),1,(4,2)):((64,1),0,(16,8192))">, !cute.memref<f32, rmem, align<16>, "((2,2,(8,2)),1,1):((1,2,(4,32)),0,0)">
              cute_nvgpu.wgmma_commit_group
              cute_nvgpu.wgmma_wait_group 0
              // Every wgmma read the bf16 tiles: the next step may rewrite them.
              cute_nvgpu.named_barrier id = 1, threads = 256
              %qn = cute_nvgpu.pipeline_state_advance %q : !cute_nvgpu.pipeline_state<3>
              scf.yield %qn : !cute_nvgpu.pipeline_state<3>
            }
            // Epilogue: two 64 x 64 f16 boxes per warpgroup.
            %rowOff = arith.muli %wg, %c64 : i32
            %r0 = arith.addi %m0, %rowOff : i32
            %se = scf.for %j = %c0 to %c2 step %c1 iter_args(%s = %ss) -> (!cute_nvgpu.pipeline_state<2>) : i32 {
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
              %dst = cute.mma_partition "C" of #cute.tiled_mma<#cute_nvgpu.wgmma<m = 64, n = 64, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k>, #cute.layout<"(1,1,1):(0,0,0)">> (%stage, %lt) : (!cute.memref<f16, smem, align<1024>, S<3,3,3>, "(64,64):(64,1)">, i32) -> !cute.memref<f16, smem, align<4>, S<3,3,3>, "((2,2,8),1,1):((1,512,8),0,0)">
              cute.copy(%out, %dst)
              cute_nvgpu.fence_proxy_async
              cute_nvgpu.named_barrier id = 1, threads = 256
              scf.if %leader {
                %cj = arith.muli %j, %c64 : i32
                %cn = arith.addi %n0, %cj : i32
                cute_nvgpu.tma_store %dc, %stage box [%r0, %cn] : !cute_nvgpu.tma_desc<store, !cute.memref<f16, smem, align<1024>, S<3,3,3>, "(64,64):(64,1)">>, !cute.memref<f16, smem, align<1024>, S<3,3,3>, "(64,64):(64,1)">
                cute_nvgpu.pipeline_producer_commit %stores, %s : !cute_nvgpu.pipeline<tma_store, 2>, !cute_nvgpu.pipeline_state<2>
              }
              %sn2 = cute_nvgpu.pipeline_state_advance %s : !cute_nvgpu.pipeline_state<2>
              scf.yield %sn2 : !cute_nvgpu.pipeline_state<2>
            } {cute.unroll}
            scf.yield %ce, %se : !cute_nvgpu.pipeline_state<3>, !cute_nvgpu.pipeline_state<2>
          }
          scf.if %leader {
            cute_nvgpu.pipeline_producer_tail %stores, %fin#1 : !cute_nvgpu.pipeline<tma_store, 2>, !cute_nvgpu.pipeline_state<2>
          }
        }
      gpu.return
    }
  }
}
