// chips: sm_100a
// The block-scaled MXFP4 GEMM of kernel.mlir for datacenter Blackwell
// (sm_100a), atoms swapped: tcgen05.mma.block_scale instead of mma.sync.
// C (M x N, f16, row-major) = sum_k (A[m][k] * SFA[m][k/32]) *
// (B[n][k] * SFB[n][k/32]), f32 accumulation in Tensor Memory. The host data
// is the sm_120a kernel's: A (M x K) and B (N x K) f4E2M1FN row-major (two
// per byte, low nibble first), one f8E8M0FNU scale per 32 elements of K in
// CUTLASS's scale-factor layout (512-byte atoms per 128 rows x 128 K, tiled
// K-first), the same arguments (pa, pb, psfa, psfb, pc, mt, nt, kt: sizes in
// 128-tiles). Not run: no GPU here executes sm_100a code.
// - 128 x 128 output tiles, K blocks of 128 (64 bytes of FP4 per row, one
//   scale-factor atom per operand); persistent CTAs over the tiles
//   (t -> tile_m = t % mt, tile_n = t / mt);
// - warp 0: TMA producer, a 4-stage tma_umma ring of 17408 bytes per stage
//   (A 8192 + B 8192 + SFA 512 + SFB 512; inferred, as are the accumulator
//   pipeline's 128 epilogue consumers). A and B are moved as i8 (the
//   runtime has no CUtensorMap type for packed FP4) by 5-D boxes that write
//   the interleaved K-major UMMA layout directly: core matrices of 8 rows x
//   16 bytes (32 FP4), the two K cores of a 64-element MMA block 128 B
//   apart, 8-row groups 256 B apart, the two MMA K blocks 4096 B apart;
// - warp 1: allocates 256 TMEM columns (accumulator 0-127, SFA 128-131,
//   SFB 132-135); one elected thread per K block copies the stage's scale
//   atoms smem -> TMEM (tcgen05.cp 32x128b warpx4), issues the two
//   tcgen05.mma.block_scale kind::mxf4 block32 m128n128k64 (sf_id 0 and 2
//   of the same scale columns), releases the stage with tcgen05.commit; per
//   tile it acquires and commits the accumulator (umma_async, 1 stage);
// - warps 2-5: epilogue; warp w reads TMEM lanes 32 (w % 4) .. + 31 (one
//   output row per thread) with tcgen05.ld 32x32b x128, releases the
//   accumulator, converts to f16 into a 128-byte swizzled 128 x 128 staging
//   tile and one thread stores it with two 128 x 64 TMA stores (tma_store
//   pipeline, 1 stage).
// The i8 stage tiles are read by the MMA as f4E2M1FN through a pointer
// recast (builtin.unrealized_conversion_cast of the !cute.ptr: cute has no
// recast of a pointer or tensor; both lower to the same !llvm.ptr<3>). See
// README.md, "sm_100a variant".
// Types and atoms: the A/B byte boxes (interleaved UMMA cores), the
// scale-factor tiles, the pipeline states (loads; accumulator and stores)
// and the block-scaled MMA.
!tileAB = !cute.memref<i8, smem, align<1024>, "(16,8,2,16,2):(1,16,128,256,4096)">
!tileSF = !cute.memref<f8E8M0FNU, smem, align<512>, "(2,256):(256,1)">
!LS = !cute_nvgpu.pipeline_state<4>
!S1 = !cute_nvgpu.pipeline_state<1>
#mxf4 = #cute_nvgpu.tcgen05_mma_block_scale<kind = mxf4, m = 128, n = 128, k = 64, a = f4E2M1FN, b = f4E2M1FN, sf = f8E8M0FNU, vs = 32, cta_group = 1>
#mma = #cute.tiled_mma<#mxf4, #cute.layout<"(1,1,1):(0,0,0)">>
module attributes {gpu.container_module} {
  gpu.module @blockscale_gemm_sm100 {
    gpu.func @mxfp4_gemm_sm100(%pa: !cute.ptr<i8, gmem, align<16>>, %pb: !cute.ptr<i8, gmem, align<16>>, %psfa: !cute.ptr<f8E8M0FNU, gmem, align<16>>, %psfb: !cute.ptr<f8E8M0FNU, gmem, align<16>>, %pc: !cute.ptr<f16, gmem, align<16>>, %mt: i32, %nt: i32, %kt: i32) kernel
        attributes {gpu.known_block_size = array<i32: 192, 1, 1>, cute.no_specialize} {
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      %c4 = arith.constant 4 : i32
      %c32 = arith.constant 32 : i32
      %c33 = arith.constant 33 : i32
      %c64 = arith.constant 64 : i32
      %bidx = gpu.block_id x
      %gdim = gpu.grid_dim x
      %tidx = gpu.thread_id x
      %bid = arith.index_cast %bidx : index to i32
      %grid = arith.index_cast %gdim : index to i32
      %tid = arith.index_cast %tidx : index to i32
      // Global tensors (sizes from the tile counts: no division).
      %mt128 = cute.make_int_tuple(%mt) -> !cute.int_tuple<"(?,128)">
      %nt128 = cute.make_int_tuple(%nt) -> !cute.int_tuple<"(?,128)">
      %mt16 = cute.make_int_tuple(%mt) -> !cute.int_tuple<"(?,16)">
      %nt16 = cute.make_int_tuple(%nt) -> !cute.int_tuple<"(?,16)">
      %kt2 = cute.make_int_tuple(%kt) -> !cute.int_tuple<"(?,2)">
      %kt64 = cute.make_int_tuple(%kt) -> !cute.int_tuple<"(?,64)">
      %kt512 = cute.make_int_tuple(%kt) -> !cute.int_tuple<"(?,512)">
      %sfaT = cute.make_int_tuple(%mt, %kt) -> !cute.int_tuple<"(?,?,2)">
      %sfbT = cute.make_int_tuple(%nt, %kt) -> !cute.int_tuple<"(?,?,2)">
      %m = cute.tuple_product(%mt128)
      %n = cute.tuple_product(%nt128)
      %mg = cute.tuple_product(%mt16)
      %ng = cute.tuple_product(%nt16)
      %kh = cute.tuple_product(%kt2)
      %kbytes = cute.tuple_product(%kt64)
      %gstride = cute.tuple_product(%kt512)
      %sfaRows = cute.tuple_product(%sfaT)
      %sfbRows = cute.tuple_product(%sfbT)
      // A and B bytes as 5-D tensors (byte c of a 16-byte K core, row i of an
      // 8-row group, K core j of a 32-byte MMA K block, row group g, MMA K
      // block h): byte (8 g + i, 32 h + 16 j + c) of the row-major matrix.
      %shA = cute.make_shape(%mg, %kh) -> !cute.shape<"(16,8,2,?,?)">
      %shB = cute.make_shape(%ng, %kh) -> !cute.shape<"(16,8,2,?,?)">
      %sAB = cute.make_stride(%kbytes, %gstride) -> !cute.stride<"(1,?,16,?,32)">
      %shC = cute.make_shape(%m, %n)
      %shSA = cute.make_shape(%sfaRows) -> !cute.shape<"(?,256)">
      %shSB = cute.make_shape(%sfbRows) -> !cute.shape<"(?,256)">
      %sn = cute.make_stride(%n) -> !cute.stride<"(?,1)">
      %ssf = cute.static : !cute.stride<"(256,1)">
      %la = cute.make_layout(%shA, %sAB)
      %lb = cute.make_layout(%shB, %sAB)
      %lc = cute.make_layout(%shC, %sn)
      %lsa = cute.make_layout(%shSA, %ssf)
      %lsb = cute.make_layout(%shSB, %ssf)
      %ga = cute.make_view(%pa, %la)
      %gb = cute.make_view(%pb, %lb)
      %gc = cute.make_view(%pc, %lc)
      %gsa = cute.make_view(%psfa, %lsa)
      %gsb = cute.make_view(%psfb, %lsb)
      // One box = one 128-row x 128-FP4 operand tile in the interleaved
      // K-major layout: the box's modes are the global tensor's, its
      // shared-memory strides (1,16,128,256,4096) are compact.
      %da = cute_nvgpu.make_tma_desc %ga -> !cute_nvgpu.tma_desc<load, !tileAB>
      %db = cute_nvgpu.make_tma_desc %gb -> !cute_nvgpu.tma_desc<load, !tileAB>
      %dsa = cute_nvgpu.make_tma_desc %gsa -> !cute_nvgpu.tma_desc<load, !tileSF>
      %dsb = cute_nvgpu.make_tma_desc %gsb -> !cute_nvgpu.tma_desc<load, !tileSF>
      %dc = cute_nvgpu.make_tma_desc %gc -> !cute_nvgpu.tma_desc<store, !cute.memref<f16, smem, align<1024>, sw128, "(128,64):(64,1)">>
      // TMA copies address their boxes in these coordinate tensors (A and
      // B: the 5-D coordinates (c, i, j, g, h) above).
      %cA = cute.make_identity_tensor(%shA)
      %cB = cute.make_identity_tensor(%shB)
      %cC = cute.make_identity_tensor(%shC)
      %cSA = cute.make_identity_tensor(%shSA)
      %cSB = cute.make_identity_tensor(%shSB)
      %loadBars = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "8:1">
      %accBars = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "2:1">
      %slot = cute.smem_alloc() : !cute.memref<i32, smem, align<16>, "1:1">
      %sA = cute.smem_alloc() : !cute.memref<i8, smem, align<1024>, "((16,8,2,16,2),4):((1,16,128,256,4096),8192)">
      %sB = cute.smem_alloc() : !cute.memref<i8, smem, align<1024>, "((16,8,2,16,2),4):((1,16,128,256,4096),8192)">
      %sSA = cute.smem_alloc() : !cute.memref<f8E8M0FNU, smem, align<512>, "((2,256),4):((256,1),512)">
      %sSB = cute.smem_alloc() : !cute.memref<f8E8M0FNU, smem, align<512>, "((2,256),4):((256,1),512)">
      %sC = cute.smem_alloc() : !cute.memref<f16, smem, align<1024>, sw128, "(128,(64,2)):(64,(1,8192))">
      %warp = cute_nvgpu.warp_idx
      %warp1 = arith.cmpi eq, %warp, %c1 : i32
      scf.if %warp1 {
        cute_nvgpu.tmem_alloc %slot, columns = 256
      }
      %loads = cute_nvgpu.pipeline_create %loadBars -> !cute_nvgpu.pipeline<tma_umma, 4>
      %accs = cute_nvgpu.pipeline_create %accBars -> !cute_nvgpu.pipeline<umma_async, 1>
      %stores = cute_nvgpu.pipeline_create -> !cute_nvgpu.pipeline<tma_store, 1>
      cute_nvgpu.tcgen05_fence_before_thread_sync
      gpu.barrier
      cute_nvgpu.tcgen05_fence_after_thread_sync
      // Columns 0-127: the accumulator (row i in lane i); 128-131: SFA;
      // 132-135: SFB (CUTLASS's atom: lane 32 q + r, column c holds the four
      // K-block scale bytes of row r + 32 c).
      %acc = cute_nvgpu.tmem_tensor %slot -> !cute.memref<f32, tmem, align<16>, "(128,128):(65536,1)">
      %words = cute_nvgpu.tmem_tensor %slot -> !cute.memref<i32, tmem, align<16>, "(32,256):(65536,1)">
      %ntiles = arith.muli %mt, %nt : i32
      cute_nvgpu.warp_specialize
        role "producer" warps [0, 1) {
          cute_nvgpu.elect_one {
            %p0 = cute_nvgpu.pipeline_producer_state %loads
            %pe = scf.for %t = %bid to %ntiles step %grid iter_args(%ps = %p0) -> (!LS) : i32 {
              %tm = arith.remui %t, %mt : i32
              %tn = arith.divui %t, %mt : i32
              // The tile's 16 row groups of A and B, all K blocks:
              // (16, 8, 2, 16, 2, kt) (a box per K block).
              %am = cute.make_coord(%c0, %c0, %c0, %tm) -> !cute.coord<"(?,?,?,?,_)">
              %bn = cute.make_coord(%c0, %c0, %c0, %tn) -> !cute.coord<"(?,?,?,?,_)">
              %gA = cute.local_tile(%cA, %am) {tiler = #cute.shape<"(16,8,2,16,2)">}
              %gB = cute.local_tile(%cB, %bn) {tiler = #cute.shape<"(16,8,2,16,2)">}
              // Scale-factor atoms (2 x 256 boxes) are numbered K-first:
              // atom tm * kt + kb of SFA, tn * kt + kb of SFB.
              %sfaBase = arith.muli %tm, %kt : i32
              %sfbBase = arith.muli %tn, %kt : i32
              %pk = scf.for %kb = %c0 to %kt step %c1 iter_args(%q = %ps) -> (!LS) : i32 {
                cute_nvgpu.pipeline_producer_acquire %loads, %q
                %full = cute_nvgpu.pipeline_producer_get_barrier %loads, %q
                %i = cute_nvgpu.pipeline_state_index %q
                %sc = cute.make_coord(%i) -> !cute.coord<"(_,?)">
                %bufA = cute.tensor_slice(%sA, %sc)
                %bufB = cute.tensor_slice(%sB, %sc)
                %bufSA = cute.tensor_slice(%sSA, %sc)
                %bufSB = cute.tensor_slice(%sSB, %sc)
                %kc = cute.make_coord(%kb) -> !cute.coord<"(_,_,_,_,_,?)">
                %gAk = cute.tensor_slice(%gA, %kc)
                %gBk = cute.tensor_slice(%gB, %kc)
                %ra = arith.addi %sfaBase, %kb : i32
                %rb = arith.addi %sfbBase, %kb : i32
                %rac = cute.make_coord(%ra, %c0) -> !cute.coord<"(?,?)">
                %rbc = cute.make_coord(%rb, %c0) -> !cute.coord<"(?,?)">
                %gSA = cute.local_tile(%cSA, %rac) {tiler = #cute.shape<"(2,256)">}
                %gSB = cute.local_tile(%cSB, %rbc) {tiler = #cute.shape<"(2,256)">}
                cute.copy(%gAk, %bufA) with(%da, %full)
                cute.copy(%gBk, %bufB) with(%db, %full)
                cute.copy(%gSA, %bufSA) with(%dsa, %full)
                cute.copy(%gSB, %bufSB) with(%dsb, %full)
                %qn = cute_nvgpu.pipeline_state_advance %q
                scf.yield %qn : !LS
              }
              scf.yield %pk : !LS
            }
            cute_nvgpu.pipeline_producer_tail %loads, %pe
          }
        }
        role "mma" warps [1, 2) {
          cute_nvgpu.elect_one {
            %csa = cute.make_coord(%c0, %c32) -> !cute.coord<"(?,?)">
            %csb = cute.make_coord(%c0, %c33) -> !cute.coord<"(?,?)">
            %tsfa = cute.local_tile(%words, %csa) {tiler = #cute.shape<"(32,4)">}
            %tsfb = cute.local_tile(%words, %csb) {tiler = #cute.shape<"(32,4)">}
            // The two MMA K blocks of a stage read the same 4 columns (bytes
            // 0-1 and 2-3 of each: sf_id 0 and 2): stride 0 over RestK.
            %isfa = cute.get_iter(%tsfa)
            %isfb = cute.get_iter(%tsfb)
            %lsf = cute.static : !cute.layout<"((32,4),1,2):((65536,1),0,0)">
            %gsfa = cute.make_view(%isfa, %lsf)
            %gsfb = cute.make_view(%isfb, %lsf)
            %pc_t = cute.mma_partition "C" of #mma (%acc, %c0)
            // An operand tile as FP4: 128 rows x 128 K in the interleaved
            // K-major layout the TMA boxes wrote (offsets in FP4 elements).
            %lop = cute.static : !cute.layout<"((8,16),((32,2),2)):((32,512),((1,256),8192))">
            %a0 = cute_nvgpu.pipeline_producer_state %accs
            %c0s = cute_nvgpu.pipeline_consumer_state %loads
            %fin:2 = scf.for %t = %bid to %ntiles step %grid iter_args(%cs = %c0s, %as = %a0) -> (!LS, !S1) : i32 {
              cute_nvgpu.pipeline_producer_acquire %accs, %as
              %ce = scf.for %kb = %c0 to %kt step %c1 iter_args(%q = %cs) -> (!LS) : i32 {
                cute_nvgpu.pipeline_consumer_wait %loads, %q
                %i = cute_nvgpu.pipeline_state_index %q
                %sc = cute.make_coord(%i) -> !cute.coord<"(_,?)">
                %bufA = cute.tensor_slice(%sA, %sc)
                %bufB = cute.tensor_slice(%sB, %sc)
                %bufSA = cute.tensor_slice(%sSA, %sc)
                %bufSB = cute.tensor_slice(%sSB, %sc)
                // Scale atoms (32 rows of 16 bytes) -> TMEM, every lane quarter.
                %iSA = cute.get_iter(%bufSA)
                %iSB = cute.get_iter(%bufSB)
                %l3216 = cute.static : !cute.layout<"(32,16):(16,1)">
                %vSA = cute.make_view(%iSA, %l3216)
                %vSB = cute.make_view(%iSB, %l3216)
                cute_nvgpu.tcgen05_cp %vSA, %tsfa shape = 32x128b multicast = warpx4
                cute_nvgpu.tcgen05_cp %vSB, %tsfb shape = 32x128b multicast = warpx4
                // The stage's bytes as packed FP4.
                %iA8 = cute.get_iter(%bufA)
                %iB8 = cute.get_iter(%bufB)
                %iA = builtin.unrealized_conversion_cast %iA8 : !cute.ptr<i8, smem, align<1024>> to !cute.ptr<f4E2M1FN, smem, align<1024>>
                %iB = builtin.unrealized_conversion_cast %iB8 : !cute.ptr<i8, smem, align<1024>> to !cute.ptr<f4E2M1FN, smem, align<1024>>
                %tA = cute.make_view(%iA, %lop)
                %tB = cute.make_view(%iB, %lop)
                %pa_s = cute.mma_partition "A" of #mma (%tA, %c0)
                %pb_s = cute.mma_partition "B" of #mma (%tB, %c0)
                %notFirst = arith.cmpi ne, %kb, %c0 : i32
                cute.gemm #mxf4 (%pa_s, %pb_s, %pc_t) scales(%gsfa, %gsfb) accumulate(%notFirst)
                // The stage (A, B and the scale atoms tcgen05.cp read) is free
                // once these are done: tcgen05.commit onto its empty barrier.
                cute_nvgpu.pipeline_consumer_release %loads, %q
                %qn = cute_nvgpu.pipeline_state_advance %q
                scf.yield %qn : !LS
              }
              // The tile's accumulator is complete once every MMA is done.
              cute_nvgpu.pipeline_producer_commit %accs, %as
              %an = cute_nvgpu.pipeline_state_advance %as
              scf.yield %ce, %an : !LS, !S1
            }
          }
        }
        role "epilogue" warps [2, 6) {
          %quarter = arith.remui %warp, %c4 : i32
          %et = arith.subi %tid, %c64 : i32
          %leader = arith.cmpi eq, %et, %c0 : i32
          %cw = cute.make_coord(%quarter, %c0) -> !cute.coord<"(?,?)">
          %tt = cute.local_tile(%acc, %cw) {tiler = #cute.shape<"(32,128)">}
          // Thread (lane l of quarter q) owns output row 32 q + l.
          %lane = arith.remui %tid, %c32 : i32
          %r32 = arith.muli %quarter, %c32 : i32
          %orow = arith.addi %r32, %lane : i32
          %dst = cute.partition_tv(%sC, %orow) {tv_layout = #cute.layout<"(128,128):(1,128)">}
          %r = cute.make_fragment() : !cute.memref<f32, rmem, align<16>, "128:1">
          %h = cute.make_fragment() : !cute.memref<f16, rmem, align<16>, "128:1">
          %s0 = cute_nvgpu.pipeline_consumer_state %accs
          %ss0 = cute_nvgpu.pipeline_producer_state %stores
          %efin:2 = scf.for %t = %bid to %ntiles step %grid iter_args(%s = %s0, %ss = %ss0) -> (!S1, !S1) : i32 {
            %tm = arith.remui %t, %mt : i32
            %tn = arith.divui %t, %mt : i32
            %mn = cute.make_coord(%tm, %tn) -> !cute.coord<"(?,?)">
            %gC = cute.local_tile(%cC, %mn) {tiler = #cute.shape<"(128,128)">}
            cute_nvgpu.pipeline_consumer_wait %accs, %s
            cute_nvgpu.tcgen05_fence_after_thread_sync
            cute.copy(%tt, %r) {atom = #cute_nvgpu.tcgen05_ld<shape = 32x32b, num = 128>}
            cute_nvgpu.tcgen05_wait_ld
            // The accumulator is in registers: the MMA thread may start the
            // next tile.
            cute_nvgpu.tcgen05_fence_before_thread_sync
            cute_nvgpu.pipeline_consumer_release %accs, %s
            %v = cute.load(%r)
            %hv = arith.truncf %v : vector<128xf32> to vector<128xf16>
            cute.store(%hv, %h)
            // Wait until the previous tile's stores have read the staging
            // tile, write f16, fence, one thread stores two boxes.
            scf.if %leader {
              cute_nvgpu.pipeline_producer_acquire %stores, %ss
            }
            cute_nvgpu.named_barrier id = 1, threads = 128
            cute.copy(%h, %dst)
            cute_nvgpu.fence_proxy_async
            cute_nvgpu.named_barrier id = 1, threads = 128
            scf.if %leader {
              %h0c = cute.make_coord(%c0) -> !cute.coord<"(_,(_,?))">
              %h1c = cute.make_coord(%c1) -> !cute.coord<"(_,(_,?))">
              %half0 = cute.tensor_slice(%sC, %h0c)
              %half1 = cute.tensor_slice(%sC, %h1c)
              // C's tile as two 128 x 64 boxes.
              %g0c = cute.make_coord(%c0, %c0) -> !cute.coord<"(?,?)">
              %g1c = cute.make_coord(%c0, %c1) -> !cute.coord<"(?,?)">
              %gC0 = cute.local_tile(%gC, %g0c) {tiler = #cute.shape<"(128,64)">}
              %gC1 = cute.local_tile(%gC, %g1c) {tiler = #cute.shape<"(128,64)">}
              cute.copy(%half0, %gC0) with(%dc)
              cute.copy(%half1, %gC1) with(%dc)
              cute_nvgpu.pipeline_producer_commit %stores, %ss
            }
            %sn1 = cute_nvgpu.pipeline_state_advance %s
            %ssn = cute_nvgpu.pipeline_state_advance %ss
            scf.yield %sn1, %ssn : !S1, !S1
          }
          scf.if %leader {
            cute_nvgpu.pipeline_producer_tail %stores, %efin#1
          }
        }
      // Every warp is done with the TMEM before warp 1 frees it.
      gpu.barrier
      cute_nvgpu.tcgen05_fence_after_thread_sync
      scf.if %warp1 {
        cute_nvgpu.tmem_dealloc %acc, columns = 256
      }
      gpu.return
    }
  }
}
