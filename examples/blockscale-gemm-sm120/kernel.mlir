// chips: sm_120a
// Block-scaled MXFP4 GEMM for GeForce Blackwell (sm_120a): C (M x N, f16,
// row-major) = sum_k (A[m][k] * SFA[m][k/32]) * (B[n][k] * SFB[n][k/32]),
// f32 accumulation, A (M x K) and B (N x K) f4E2M1FN row-major (two per
// byte, low nibble first), one f8E8M0FNU scale per 32 elements of K in
// CUTLASS's scale-factor layout (the atom ((32,4),(32,4)):((16,4),(0,1)),
// 512 bytes per 128 rows x 128 K, atoms tiled K-first: packScaleFactors).
// - 128 x 128 output tiles, K blocks of 128 (64 bytes of FP4 per row, one
//   scale-factor atom per operand): a 3-stage PipelineTmaAsync ring of
//   17408 bytes per stage (A 8192 + B 8192 + SFA 512 + SFB 512), filled by
//   one elected thread of the producer warp (warp 8) through four TMA
//   descriptors (the expected bytes and the 8 consumer warps are inferred);
// - eight MMA warps (warps 0-7, 4 x 2 over M x N, each 32 x 64 of the tile)
//   read their fragments from shared memory (cute.mma_partition views,
//   scale fragments through the atom's SFA/SFB thread layouts), release the
//   stage, and run mma.sync m16n8k64 kind::mxf4nvf4 block_scale
//   scale_vec::2X ue8m0 through cute.gemm (32 per warp and K block);
// - persistent CTAs over the tiles (t -> tile_m = t % mt, tile_n = t / mt);
// - epilogue: f32 -> f16 into a 128-byte swizzled 128 x 128 staging tile,
//   stored by two 128 x 64 TMA stores (a 1-stage PipelineTmaStore: the
//   next tile waits until they have read it).
// Shared memory: 1024 (barriers, aligned up) + 3 x 17408 + 32768 = 86016 B.
// FP4 through TMA: the runtime has no CUtensorMap type for packed f4E2M1FN
// (lib/Runtime/TensorMap.cpp), so A and B are i8 tensors (64 bytes = 128
// FP4 per K block) and the MMA warps recast in registers: the i8 tiles are
// partitioned with the m16n8k32 atom over 8-bit values, whose A/B
// thread-value layouts are exactly the m16n8k64 e2m1 atom's recast to bytes,
// and vector.bitcast turns the bytes into the f4E2M1FN fragments cute.gemm
// takes (no instructions: the LDS results feed the MMA). cute has no recast
// of a tensor (CuTe's recast<T>) to do it in shared memory. See README.md.
// The kernel takes the sizes in 128-tiles (mt, nt, kt: M = 128 mt, ...):
// every TMA extent is then a product of arguments, which the runtime's
// descriptor expressions can evaluate (they have no division).
// Types and atoms: the A/B byte tiles (64-byte swizzle), the scale-factor
// tiles, the pipeline states, the m16n8k32 8-bit atom whose partitions give
// the FP4 fragments' bytes, and the m16n8k64 e2m1 block-scaled MMA.
!tileAB = !cute.memref<i8, smem, align<1024>, sw64, "(128,64):(64,1)">
!tileSF = !cute.memref<f8E8M0FNU, smem, align<512>, "(2,256):(256,1)">
!LS = !cute_nvgpu.pipeline_state<3>
!SS = !cute_nvgpu.pipeline_state<1>
#bytes = #cute.tiled_mma<#cute_nvgpu.mma_block_scale<m = 16, n = 8, k = 32, a = f8E4M3FN, b = f8E4M3FN, c = f32, sf = f8E8M0FNU, vs = 32>, #cute.layout<"(4,2,1):(1,4,0)">>
#mxf4 = #cute_nvgpu.mma_block_scale<m = 16, n = 8, k = 64, a = f4E2M1FN, b = f4E2M1FN, c = f32, sf = f8E8M0FNU, vs = 32>
module attributes {gpu.container_module} {
  gpu.module @blockscale_gemm_sm120 {
    gpu.func @mxfp4_gemm(%pa: !cute.ptr<i8, gmem, align<16>>, %pb: !cute.ptr<i8, gmem, align<16>>, %psfa: !cute.ptr<f8E8M0FNU, gmem, align<16>>, %psfb: !cute.ptr<f8E8M0FNU, gmem, align<16>>, %pc: !cute.ptr<f16, gmem, align<16>>, %mt: i32, %nt: i32, %kt: i32) kernel
        attributes {gpu.known_block_size = array<i32: 288, 1, 1>, cute.no_specialize} {
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      %c255 = arith.constant 255 : i32
      %bidx = gpu.block_id x
      %gdim = gpu.grid_dim x
      %tidx = gpu.thread_id x
      %bid = arith.index_cast %bidx : index to i32
      %grid = arith.index_cast %gdim : index to i32
      %tid = arith.index_cast %tidx : index to i32
      // Global tensors (sizes from the tile counts: no division).
      %mt128 = cute.make_int_tuple(%mt) -> !cute.int_tuple<"(?,128)">
      %nt128 = cute.make_int_tuple(%nt) -> !cute.int_tuple<"(?,128)">
      %kt64 = cute.make_int_tuple(%kt) -> !cute.int_tuple<"(?,64)">
      %sfaT = cute.make_int_tuple(%mt, %kt) -> !cute.int_tuple<"(?,?,2)">
      %sfbT = cute.make_int_tuple(%nt, %kt) -> !cute.int_tuple<"(?,?,2)">
      // Extents as products of the tile counts (cute algebra, which the
      // runtime's descriptor expressions can follow; arith.muli is opaque).
      %m = cute.tuple_product(%mt128)
      %n = cute.tuple_product(%nt128)
      %kbytes = cute.tuple_product(%kt64)
      %sfaRows = cute.tuple_product(%sfaT)
      %sfbRows = cute.tuple_product(%sfbT)
      %shA = cute.make_shape(%m, %kbytes)
      %shB = cute.make_shape(%n, %kbytes)
      %shC = cute.make_shape(%m, %n)
      %shSA = cute.make_shape(%sfaRows) -> !cute.shape<"(?,256)">
      %shSB = cute.make_shape(%sfbRows) -> !cute.shape<"(?,256)">
      %sk = cute.make_stride(%kbytes) -> !cute.stride<"(?,1)">
      %sn = cute.make_stride(%n) -> !cute.stride<"(?,1)">
      %ssf = cute.static : !cute.stride<"(256,1)">
      %la = cute.make_layout(%shA, %sk)
      %lb = cute.make_layout(%shB, %sk)
      %lc = cute.make_layout(%shC, %sn)
      %lsa = cute.make_layout(%shSA, %ssf)
      %lsb = cute.make_layout(%shSB, %ssf)
      %ga = cute.make_view(%pa, %la)
      %gb = cute.make_view(%pb, %lb)
      %gc = cute.make_view(%pc, %lc)
      %gsa = cute.make_view(%psfa, %lsa)
      %gsb = cute.make_view(%psfb, %lsb)
      %da = cute_nvgpu.make_tma_desc %ga -> !cute_nvgpu.tma_desc<load, !tileAB>
      %db = cute_nvgpu.make_tma_desc %gb -> !cute_nvgpu.tma_desc<load, !tileAB>
      %dsa = cute_nvgpu.make_tma_desc %gsa -> !cute_nvgpu.tma_desc<load, !tileSF>
      %dsb = cute_nvgpu.make_tma_desc %gsb -> !cute_nvgpu.tma_desc<load, !tileSF>
      %dc = cute_nvgpu.make_tma_desc %gc -> !cute_nvgpu.tma_desc<store, !cute.memref<f16, smem, align<1024>, sw128, "(128,64):(64,1)">>
      // TMA copies address their boxes in these coordinate tensors.
      %cA = cute.make_identity_tensor(%shA)
      %cB = cute.make_identity_tensor(%shB)
      %cC = cute.make_identity_tensor(%shC)
      %cSA = cute.make_identity_tensor(%shSA)
      %cSB = cute.make_identity_tensor(%shSB)
      %bars = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "6:1">
      %sA = cute.smem_alloc() : !cute.memref<i8, smem, align<1024>, sw64, "((128,64),3):((64,1),8192)">
      %sB = cute.smem_alloc() : !cute.memref<i8, smem, align<1024>, sw64, "((128,64),3):((64,1),8192)">
      %sSA = cute.smem_alloc() : !cute.memref<f8E8M0FNU, smem, align<512>, "((2,256),3):((256,1),512)">
      %sSB = cute.smem_alloc() : !cute.memref<f8E8M0FNU, smem, align<512>, "((2,256),3):((256,1),512)">
      %sC = cute.smem_alloc() : !cute.memref<f16, smem, align<1024>, sw128, "(128,(64,2)):(64,(1,8192))">
      %loads = cute_nvgpu.pipeline_create %bars -> !cute_nvgpu.pipeline<tma_async, 3>
      %stores = cute_nvgpu.pipeline_create -> !cute_nvgpu.pipeline<tma_store, 1>
      %ntiles = arith.muli %mt, %nt : i32
      cute_nvgpu.warp_specialize
        role "mma" warps [0, 8) {
          %ct = arith.andi %tid, %c255 : i32
          %leader = arith.cmpi eq, %ct, %c0 : i32
          %acc = cute.make_fragment() : !cute.memref<f32, rmem, align<16>, "((2,2),2,8):((1,2),4,8)">
          %out = cute.make_fragment() : !cute.memref<f16, rmem, align<16>, "((2,2),2,8):((1,2),4,8)">
          %fa8 = cute.make_fragment() : !cute.memref<i8, rmem, align<16>, "((4,2,2),2,2):((1,4,8),16,32)">
          %fb8 = cute.make_fragment() : !cute.memref<i8, rmem, align<16>, "((4,2),8,2):((1,4),8,64)">
          %fa = cute.make_fragment() : !cute.memref<f4E2M1FN, rmem, align<16>, "((8,2,2),2,2):((1,8,16),32,64)">
          %fb = cute.make_fragment() : !cute.memref<f4E2M1FN, rmem, align<16>, "((8,2),8,2):((1,8),16,128)">
          %fsa = cute.make_fragment() : !cute.memref<f8E8M0FNU, rmem, align<8>, "(2,2,2):(1,2,4)">
          %fsb = cute.make_fragment() : !cute.memref<f8E8M0FNU, rmem, align<16>, "(2,8,2):(1,2,16)">
          %zero = arith.constant dense<0.0> : vector<64xf32>
          %cs0 = cute_nvgpu.pipeline_consumer_state %loads
          %ss0 = cute_nvgpu.pipeline_producer_state %stores
          %fin:2 = scf.for %t = %bid to %ntiles step %grid iter_args(%cs = %cs0, %ss = %ss0) -> (!LS, !SS) : i32 {
            %tm = arith.remui %t, %mt : i32
            %tn = arith.divui %t, %mt : i32
            %mn = cute.make_coord(%tm, %tn) -> !cute.coord<"(?,?)">
            %gC = cute.local_tile(%cC, %mn) {tiler = #cute.shape<"(128,128)">}
            cute.store(%zero, %acc)
            %kl = scf.for %kb = %c0 to %kt step %c1 iter_args(%q = %cs) -> (!LS) : i32 {
              cute_nvgpu.pipeline_consumer_wait %loads, %q
              %i = cute_nvgpu.pipeline_state_index %q
              %sc = cute.make_coord(%i) -> !cute.coord<"(_,?)">
              %bufA = cute.tensor_slice(%sA, %sc)
              %bufB = cute.tensor_slice(%sB, %sc)
              %bufSA = cute.tensor_slice(%sSA, %sc)
              %bufSB = cute.tensor_slice(%sSB, %sc)
              // The FP4 tiles as bytes: the m16n8k32 atom's 8-bit thread-value
              // layouts are the m16n8k64 e2m1 atom's recast to bytes, so these
              // are the bytes of this thread's m16n8k64 fragments.
              %pa8 = cute.mma_partition "A" of #bytes (%bufA, %ct)
              %pb8 = cute.mma_partition "B" of #bytes (%bufB, %ct)
              cute.copy(%pa8, %fa8)
              cute.copy(%pb8, %fb8)
              // The stage's scale factors as CUTLASS's per-element view over
              // (128 rows, 128 k): the scale-factor atom.
              %iSA = cute.get_iter(%bufSA)
              %iSB = cute.get_iter(%bufSB)
              %sfl = cute.static : !cute.layout<"((32,4),(32,4)):((16,4),(0,1))">
              %vSA = cute.make_view(%iSA, %sfl)
              %vSB = cute.make_view(%iSB, %sfl)
              // Scale fragments (one value per 32 k, RestM/N, RestK) through the
              // atom's thread layouts: SFA ((2,2,8)):((8,0,1)), lane l holds
              // row 8 (l % 2) + l / 4, with the warps (4,2):(16,0); SFB
              // ((4,8)):((0,1)), lane l holds column l / 4, warps (4,2):(0,8).
              // Values: the atom's two scale vectors (k + 32), then RestM
              // (rows + 64) or RestN (columns + 16) and RestK (k + 64), in the
              // order of cute.mma_partition "A" / "B" (cute.mma_tv_layout).
              %psa = cute.partition_tv(%vSA, %ct) {tv_layout = #cute.layout<"((2,2,8,4,2),(2,2,2)):((8,0,1,16,0),(4096,64,8192))">}
              %psb = cute.partition_tv(%vSB, %ct) {tv_layout = #cute.layout<"((4,8,4,2),(2,8,2)):((0,1,0,8),(4096,16,8192))">}
              cute.copy(%psa, %fsa)
              cute.copy(%psb, %fsb)
              // Everything is in registers: release the stage (one arrival per
              // warp) before the MMAs.
              cute_nvgpu.warp_sync
              cute_nvgpu.elect_one {
                cute_nvgpu.pipeline_consumer_release %loads, %q
              }
              // Bytes -> f4E2M1FN (element 2i is the low nibble of byte i).
              %va8 = cute.load(%fa8)
              %vb8 = cute.load(%fb8)
              %va = vector.bitcast %va8 : vector<64xi8> to vector<128xf4E2M1FN>
              %vb = vector.bitcast %vb8 : vector<128xi8> to vector<256xf4E2M1FN>
              cute.store(%va, %fa)
              cute.store(%vb, %fb)
              cute.gemm #mxf4 (%fa, %fb, %acc) scales(%fsa, %fsb)
              %qn = cute_nvgpu.pipeline_state_advance %q
              scf.yield %qn : !LS
            }
            // Epilogue: wait until the previous tile's stores have read the
            // staging tile, write f16, fence, one thread stores two boxes.
            scf.if %leader {
              cute_nvgpu.pipeline_producer_acquire %stores, %ss
            }
            cute_nvgpu.named_barrier id = 1, threads = 256
            %v = cute.load(%acc)
            %h = arith.truncf %v : vector<64xf32> to vector<64xf16>
            cute.store(%h, %out)
            %dst = cute.mma_partition "C" of #cute.tiled_mma<#mxf4, #cute.layout<"(4,2,1):(1,4,0)">> (%sC, %ct)
            cute.copy(%out, %dst)
            cute_nvgpu.fence_proxy_async
            cute_nvgpu.named_barrier id = 1, threads = 256
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
            %ssn = cute_nvgpu.pipeline_state_advance %ss
            scf.yield %kl, %ssn : !LS, !SS
          }
          scf.if %leader {
            cute_nvgpu.pipeline_producer_tail %stores, %fin#1
          }
        }
        role "producer" warps [8, 9) {
          cute_nvgpu.elect_one {
            %p0 = cute_nvgpu.pipeline_producer_state %loads
            %pe = scf.for %t = %bid to %ntiles step %grid iter_args(%ps = %p0) -> (!LS) : i32 {
              %tm = arith.remui %t, %mt : i32
              %tn = arith.divui %t, %mt : i32
              // The tile's rows of A and B, all K blocks: (128, 64, kt).
              %am = cute.make_coord(%tm) -> !cute.coord<"(?,_)">
              %bn = cute.make_coord(%tn) -> !cute.coord<"(?,_)">
              %gA = cute.local_tile(%cA, %am) {tiler = #cute.shape<"(128,64)">}
              %gB = cute.local_tile(%cB, %bn) {tiler = #cute.shape<"(128,64)">}
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
                %kc = cute.make_coord(%kb) -> !cute.coord<"(_,_,?)">
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
                cute_nvgpu.pipeline_producer_commit %loads, %q
                %qn = cute_nvgpu.pipeline_state_advance %q
                scf.yield %qn : !LS
              }
              scf.yield %pk : !LS
            }
            cute_nvgpu.pipeline_producer_tail %loads, %pe
          }
        }
      gpu.return
    }
  }
}
