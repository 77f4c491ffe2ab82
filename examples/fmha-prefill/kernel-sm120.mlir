// chips: sm_120a sm_90a
// Attention forward (prefill) for GeForce Blackwell (sm_120a): no wgmma,
// tcgen05 or Tensor Memory there, about 99 KB of shared memory per block,
// so this is the FlashAttention-2 design on mma.sync with TMA loads. The
// same interface and semantics as kernel-sm90.mlir (see README.md): Q, K,
// V, O [tokens, heads, D] with row strides, cu_seqlens, GQA, causal
// (bottom-right), LSE. It also compiles for sm_90a (mma.sync, TMA and
// mbarriers exist there), which lets the H100 run what no sm_120 GPU here
// can.
//
// Persistent CTAs take 64-row q tiles in turn (the order of the sm_90a
// kernel). 5 warps:
// - a producer warp: one elected thread loads each tile's Q (a 1-stage
//   pipeline) and K and V tiles (64 rows x D) into two 2-stage rings by
//   TMA (D / 64 boxes of 128 bytes, 128-byte swizzled);
// - 4 consumer warps, 16 q rows each (mma.sync m16n8k16, 4 x 1 warps): Q
//   into registers once per tile with ldmatrix; per kv tile, S = Q K^T one
//   k block (16 of D) at a time with K's fragment loaded by ldmatrix, the
//   online softmax (cute.mma_reduce over the quads, masks from
//   cute.load_coords), P kept in registers as the next MMA's A operand
//   (cute_nvgpu.accumulator_to_operand: two n8 accumulator atoms make one
//   k16 A block), and O += P V one k block (16 kv rows) at a time with V's
//   fragment loaded by ldmatrix.trans (V is N-major for P V).
!T = !cute.param<"T", bf16>
#D = #cute.param<"D", 128 : i32>

!LS = !cute_nvgpu.pipeline_state<2>
!QS = !cute_nvgpu.pipeline_state<1>
#sync = #cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = !T, b = !T, c = f32>
#mma = #cute.tiled_mma<#sync, #cute.layout<"(4,1,1):(1,0,0)">>
// ldmatrix feeding A (Q), B (K: rows are N) and B transposed (V: rows are K).
#ldA = #cute.tiled_copy<#cute_nvgpu.ldmatrix<num = 4>, "A" of #mma>
#ldB = #cute.tiled_copy<#cute_nvgpu.ldmatrix<num = 2>, "B" of #mma>
#ldBt = #cute.tiled_copy<#cute_nvgpu.ldmatrix<num = 2, trans = true>, "B" of #mma>
// A thread's S (64 kv columns: 8 atoms x 4 values) and O (D / 2 values).
!sfrag = !cute.memref<f32, rmem, align<16>, "((2,2),1,8):((1,2),0,4)">
!ofrag = !cute.memref<f32, rmem, align<16>, "((2,2),1,D/8):((1,2),0,4)">
!pfrag = !cute.memref<!T, rmem, align<16>, "(8,1,4):(1,0,8)">
!ov = !cute.vec<"D/2", f32>
!oh = !cute.vec<"D/2", !T>

module attributes {gpu.container_module,
    cute.instances = ["bf16_d64:T=bf16,D=64", "bf16_d128:T=bf16,D=128",
                      "f16_d64:T=f16,D=64", "f16_d128:T=f16,D=128"]} {
  gpu.module @fmha_sm120 attributes {cute.imports = ["fmha-common.mlir"]} {
    // @seq_rows, @kv_tiles, @needs_mask, @online_max, @row_inv, @row_lse:
    // fmha-common.mlir.
    // Tile t = (b hq + h) mtilesMax + i of 64-row q tiles (causal: q tile
    // mtilesMax - 1 - i): the sequence's first q and k rows, its lengths,
    // the q tile, the head, whether the tile has rows and its kv tiles
    // (64 columns; with the causal mask those up to the last row's
    // diagonal).
    func.func private @tile_work(%t: i32, %pcuq: !cute.ptr<i32, gmem, align<4>>, %pcuk: !cute.ptr<i32, gmem, align<4>>, %batch: i32, %hq: i32, %mtilesMax: i32, %causal: i1) -> (i32, i32, i32, i32, i32, i32, i1, i32) {
      %c0, %c1, %c64 = cute.constants 0, 1, 64 : i32
      %i = arith.remui %t, %mtilesMax : i32
      %th = arith.divui %t, %mtilesMax : i32
      %h = arith.remui %th, %hq : i32
      %b = arith.divui %th, %hq : i32
      %ilast = arith.subi %mtilesMax, %c1 : i32
      %ir = arith.subi %ilast, %i : i32
      %mt = arith.select %causal, %ir, %i : i32
      %q0, %k0, %seqq, %seqk = func.call @seq_rows(%pcuq, %pcuk, %batch, %b) : (!cute.ptr<i32, gmem, align<4>>, !cute.ptr<i32, gmem, align<4>>, i32, i32) -> (i32, i32, i32, i32)
      %mtiles = arith.ceildivui %seqq, %c64 : i32
      %live = arith.cmpi ult, %mt, %mtiles : i32
      %r0 = arith.muli %mt, %c64 : i32
      %n0 = func.call @kv_tiles(%r0, %c64, %c64, %seqq, %seqk, %causal) : (i32, i32, i32, i32, i32, i1) -> i32
      %n = arith.select %live, %n0, %c0 : i32
      return %q0, %k0, %seqq, %seqk, %mt, %h, %live, %n : i32, i32, i32, i32, i32, i32, i1, i32
    }

    // The online softmax of kv tile n (scores in %acc), as in
    // kernel-sm90.mlir: masks on the tiles that need them, running row
    // maximum m and sum l, P left in %acc, alpha returned.
    func.func private @softmax_tile(%acc: !sfrag, %m: vector<2xf32>, %l: vector<2xf32>, %n: i32, %r0: i32, %seqq: i32, %seqk: i32, %causal: i1, %ct: i32, %scale: f32) -> (vector<2xf32>, vector<2xf32>, vector<2xf32>) {
      %c64 = arith.constant 64 : i32
      %log2e = arith.constant 1.44269504 : f32
      %ninf = arith.constant 0xFF800000 : f32
      %scale2 = arith.mulf %scale, %log2e : f32
      %sc2 = vector.broadcast %scale2 : f32 to vector<32xf32>
      %ninfs = vector.broadcast %ninf : f32 to vector<32xf32>
      %s0 = cute.load(%acc)
      %diag = arith.subi %seqk, %seqq : i32
      %c0n = arith.muli %n, %c64 : i32
      %needMask = func.call @needs_mask(%c0n, %c64, %r0, %seqq, %seqk, %causal) : (i32, i32, i32, i32, i32, i1) -> i1
      %s = scf.if %needMask -> vector<32xf32> {
        %shS = cute.make_shape(%seqq, %seqk)
        %cS = cute.make_identity_tensor(%shS)
        %at = cute.make_coord(%r0, %c0n) -> !cute.coord<"(?,?)">
        %cSt = cute.domain_offset(%cS, %at)
        %zz = cute.make_coord() -> !cute.coord<"(0,0)">
        %tile = cute.local_tile(%cSt, %zz) {tiler = #cute.shape<"(64,64)">}
        %mine = cute.mma_partition "C" of #mma (%tile, %ct)
        %rows, %cols = cute.load_coords(%mine)
        %seqkv = vector.broadcast %seqk : i32 to vector<32xi32>
        %diagv = vector.broadcast %diag : i32 to vector<32xi32>
        %out = arith.cmpi sge, %cols, %seqkv : vector<32xi32>
        %lim = arith.addi %rows, %diagv : vector<32xi32>
        %after = arith.cmpi sgt, %cols, %lim : vector<32xi32>
        %causalv = vector.broadcast %causal : i1 to vector<32xi1>
        %afterc = arith.andi %after, %causalv : vector<32xi1>
        %masked = arith.ori %out, %afterc : vector<32xi1>
        %sm = arith.select %masked, %ninfs, %s0 : vector<32xi1>, vector<32xf32>
        scf.yield %sm : vector<32xf32>
      } else {
        scf.yield %s0 : vector<32xf32>
      }
      cute.store(%s, %acc)
      %tmax = cute.mma_reduce<max, rows> of #mma (%acc)
      %mnew, %moff, %alpha = func.call @online_max(%m, %tmax, %scale2) : (vector<2xf32>, vector<2xf32>, f32) -> (vector<2xf32>, vector<2xf32>, vector<2xf32>)
      %moffb = cute.mma_broadcast<rows> of #mma (%moff, %acc)
      %moffn = arith.negf %moffb : vector<32xf32>
      %ps = math.fma %s, %sc2, %moffn : vector<32xf32>
      %p = math.exp2 %ps fastmath<afn> : vector<32xf32>
      cute.store(%p, %acc)
      %rsum = cute.mma_reduce<add, rows> of #mma (%acc)
      %la = arith.mulf %l, %alpha : vector<2xf32>
      %lnew = arith.addf %la, %rsum : vector<2xf32>
      return %mnew, %lnew, %alpha : vector<2xf32>, vector<2xf32>, vector<2xf32>
    }

    // cute.ftz: f32 denormals flush to zero, so each exponential is one
    // ex2.approx.ftz (without it ptxas adds three instructions to handle
    // denormal results; docs/pipeline.md).
    gpu.func @fmha_mma(%pq: !cute.ptr<!T, gmem, align<16>>, %pk: !cute.ptr<!T, gmem, align<16>>, %pv: !cute.ptr<!T, gmem, align<16>>, %po: !cute.ptr<!T, gmem, align<16>>, %plse: !cute.ptr<f32, gmem, align<4>>, %pcuq: !cute.ptr<i32, gmem, align<4>>, %pcuk: !cute.ptr<i32, gmem, align<4>>, %batch: i32, %totalq: i32, %totalk: i32, %hq: i32, %hkv: i32, %ldq: i32, %ldk: i32, %ldv: i32, %ldo: i32, %scale: f32, %causali: i32, %mtilesMax: i32) kernel
        attributes {gpu.known_block_size = array<i32: 160, 1, 1>, cute.no_specialize, cute.ftz} {
      %c0, %c1, %c16, %c32, %c64, %d = cute.constants 0, 1, 16, 32, 64, D : i32
      %fzero = arith.constant 0.0 : f32
      %ninf = arith.constant 0xFF800000 : f32
      %tid = cute.thread_idx x
      %bx = cute.block_idx x
      %gx = cute.grid_dim x
      %causal = arith.cmpi ne, %causali, %c0 : i32
      %bh = arith.muli %batch, %hq : i32
      %ttot = arith.muli %mtilesMax, %bh : i32
      %group = arith.divui %hq, %hkv : i32
      // Q, K, V as 2-D matrices (tokens, heads x D), boxes of 64 rows x 64
      // columns at (row, head x D + 64 j).
      %hqd = arith.muli %hq, %d : i32
      %hkd = arith.muli %hkv, %d : i32
      %shQ = cute.make_shape(%totalq, %hqd)
      %shK = cute.make_shape(%totalk, %hkd)
      %sq = cute.make_stride(%ldq) -> !cute.stride<"(?,1)">
      %sk = cute.make_stride(%ldk) -> !cute.stride<"(?,1)">
      %lq = cute.make_layout(%shQ, %sq)
      %lk = cute.make_layout(%shK, %sk)
      %shVt = cute.make_shape(%hkd, %totalk)
      %svt = cute.make_stride(%ldv) -> !cute.stride<"(1,?)">
      %lv = cute.make_layout(%shVt, %svt)
      %gq = cute.make_view(%pq, %lq)
      %gk = cute.make_view(%pk, %lk)
      %gv = cute.make_view(%pv, %lv)
      %dq = cute_nvgpu.make_tma_desc %gq -> !cute_nvgpu.tma_desc<load, !cute.memref<!T, smem, align<1024>, sw128, "(64,64):(64,1)">>
      %dk = cute_nvgpu.make_tma_desc %gk -> !cute_nvgpu.tma_desc<load, !cute.memref<!T, smem, align<1024>, sw128, "(64,64):(64,1)">>
      %dv = cute_nvgpu.make_tma_desc %gv -> !cute_nvgpu.tma_desc<load, !cute.memref<!T, smem, align<1024>, sw128, "(64,64):(1,64)">>
      %cQ = cute.make_identity_tensor(%shQ)
      %cK = cute.make_identity_tensor(%shK)
      %cVt = cute.make_identity_tensor(%shVt)
      // Shared memory: Q (64 x D) and 2 stages each of K and V (64 x D),
      // D / 64 column blocks of 128 bytes: 80 KB at D = 128.
      %barQ = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "2:1">
      %barK = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "4:1">
      %barV = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "4:1">
      %sQ = cute.smem_alloc() : !cute.memref<!T, smem, align<1024>, sw128, "(64,(64,D/64)):(64,(1,4096))">
      %sK = cute.smem_alloc() : !cute.memref<!T, smem, align<1024>, sw128, "((64,(64,D/64)),2):((64,(1,4096)),64*D)">
      // V is stored as its transpose's tiles (N = D, K = 64 kv rows), the
      // (N, K) B operand of P V: TMA reads V through the transposed view.
      %sV = cute.smem_alloc() : !cute.memref<!T, smem, align<1024>, sw128, "(((64,D/64),64),2):(((1,4096),64),64*D)">
      %pipeQ = cute_nvgpu.pipeline_create %barQ : !cute.memref<i64, smem, align<8>, "2:1"> -> !cute_nvgpu.pipeline<tma_async, 1>
      %pipeK = cute_nvgpu.pipeline_create %barK : !cute.memref<i64, smem, align<8>, "4:1"> -> !cute_nvgpu.pipeline<tma_async, 2>
      %pipeV = cute_nvgpu.pipeline_create %barV : !cute.memref<i64, smem, align<8>, "4:1"> -> !cute_nvgpu.pipeline<tma_async, 2>
      cute_nvgpu.warp_specialize
        role "producer" warps [0, 1) {
          cute_nvgpu.elect_one {
            %all = cute.make_coord() -> !cute.coord<"(_,_)">
            %pq0 = cute_nvgpu.pipeline_producer_state %pipeQ
            %p0 = cute_nvgpu.pipeline_producer_state %pipeK
            %pv0 = cute_nvgpu.pipeline_producer_state %pipeV
            %pt:3 = scf.for %t = %bx to %ttot step %gx iter_args(%pqs = %pq0, %ps0 = %p0, %pvs0 = %pv0) -> (!QS, !LS, !LS) : i32 {
              %q0, %k0, %seqq, %seqk, %mt, %h, %live, %ntiles = func.call @tile_work(%t, %pcuq, %pcuk, %batch, %hq, %mtilesMax, %causal) : (i32, !cute.ptr<i32, gmem, align<4>>, !cute.ptr<i32, gmem, align<4>>, i32, i32, i32, i1) -> (i32, i32, i32, i32, i32, i32, i1, i32)
              %hk = arith.divui %h, %group : i32
              %r0 = arith.muli %mt, %c64 : i32
              %pqn = scf.if %live -> (!QS) {
                %hd = arith.muli %h, %d : i32
                %qr = arith.addi %q0, %r0 : i32
                %qo = cute.make_coord(%qr, %hd) -> !cute.coord<"(?,?)">
                %cQt = cute.domain_offset(%cQ, %qo)
                %z = cute.make_coord() -> !cute.coord<"(0,0)">
                %gQ = cute.local_tile(%cQt, %z) {tiler = #cute.shape<"(64,D)">}
                cute_nvgpu.pipeline_producer_acquire %pipeQ, %pqs
                %fq = cute_nvgpu.pipeline_producer_get_barrier %pipeQ, %pqs
                // D / 64 boxes of 64 columns: one TMA each.
                cute.copy(%gQ, %sQ) with(%dq, %fq)
                cute_nvgpu.pipeline_producer_commit %pipeQ, %pqs
                %nx = cute_nvgpu.pipeline_state_advance %pqs
                scf.yield %nx : !QS
              } else {
                scf.yield %pqs : !QS
              }
              %hkd0 = arith.muli %hk, %d : i32
              %ko = cute.make_coord(%k0, %hkd0) -> !cute.coord<"(?,?)">
              %cKt = cute.domain_offset(%cK, %ko)
              %gK = cute.local_tile(%cKt, %all) {tiler = #cute.shape<"(64,D)">}
              %vo = cute.make_coord(%hkd0, %k0) -> !cute.coord<"(?,?)">
              %cVtt = cute.domain_offset(%cVt, %vo)
              %gV = cute.local_tile(%cVtt, %all) {tiler = #cute.shape<"(D,64)">}
              %pe:2 = scf.for %n = %c0 to %ntiles step %c1 iter_args(%ps = %ps0, %pvs = %pvs0) -> (!LS, !LS) : i32 {
                cute_nvgpu.pipeline_producer_acquire %pipeK, %ps
                %fk = cute_nvgpu.pipeline_producer_get_barrier %pipeK, %ps
                %i = cute_nvgpu.pipeline_state_index %ps
                %sc = cute.make_coord(%i) -> !cute.coord<"(_,?)">
                %stK = cute.tensor_slice(%sK, %sc)
                %gn = cute.make_coord(%n) -> !cute.coord<"(_,_,?,0)">
                %gKn = cute.tensor_slice(%gK, %gn)
                cute.copy(%gKn, %stK) with(%dk, %fk)
                cute_nvgpu.pipeline_producer_commit %pipeK, %ps
                cute_nvgpu.pipeline_producer_acquire %pipeV, %pvs
                %fv = cute_nvgpu.pipeline_producer_get_barrier %pipeV, %pvs
                %iv = cute_nvgpu.pipeline_state_index %pvs
                %scv = cute.make_coord(%iv) -> !cute.coord<"(_,?)">
                %stV = cute.tensor_slice(%sV, %scv)
                %gvn = cute.make_coord(%n) -> !cute.coord<"(_,_,0,?)">
                %gVn = cute.tensor_slice(%gV, %gvn)
                cute.copy(%gVn, %stV) with(%dv, %fv)
                cute_nvgpu.pipeline_producer_commit %pipeV, %pvs
                %pn = cute_nvgpu.pipeline_state_advance %ps
                %pvn = cute_nvgpu.pipeline_state_advance %pvs
                scf.yield %pn, %pvn : !LS, !LS
              }
              scf.yield %pqn, %pe#0, %pe#1 : !QS, !LS, !LS
            }
            cute_nvgpu.pipeline_producer_tail %pipeQ, %pt#0
            cute_nvgpu.pipeline_producer_tail %pipeK, %pt#1
            cute_nvgpu.pipeline_producer_tail %pipeV, %pt#2
          }
        }
        role "consumer" warps [1, 5) {
          %ct = arith.subi %tid, %c32 : i32
          %acc = cute.make_fragment() : !sfrag
          %o = cute.make_fragment() : !ofrag
          %pf = cute.make_fragment() : !pfrag
          %m0 = vector.broadcast %ninf : f32 to vector<2xf32>
          %l0 = vector.broadcast %fzero : f32 to vector<2xf32>
          // Q's A fragment (all of D) and one k block of K's and V's B
          // fragments, with the ldmatrix partitions of their tiles.
          %qa = cute.mma_partition "A" of #mma (%sQ, %ct)
          %fq = cute.make_fragment_like(%qa)
          %rq = cute.copy_retile of #ldA (%fq)
          %lq0 = cute.copy_partition "S" of #ldA (%sQ, %ct)
          %qsi = cute_nvgpu.pipeline_consumer_state %pipeQ
          %csi = cute_nvgpu.pipeline_consumer_state %pipeK
          %cvi = cute_nvgpu.pipeline_consumer_state %pipeV
          %tiles:3 = scf.for %t = %bx to %ttot step %gx iter_args(%qs = %qsi, %cs0 = %csi, %cv0 = %cvi) -> (!QS, !LS, !LS) : i32 {
            %q0, %k0, %seqq, %seqk, %mt, %h, %live, %ntiles = func.call @tile_work(%t, %pcuq, %pcuk, %batch, %hq, %mtilesMax, %causal) : (i32, !cute.ptr<i32, gmem, align<4>>, !cute.ptr<i32, gmem, align<4>>, i32, i32, i32, i1) -> (i32, i32, i32, i32, i32, i32, i1, i32)
            %r0 = arith.muli %mt, %c64 : i32
            cute.fill(%o, %fzero)
            %qsn = scf.if %live -> (!QS) {
              cute_nvgpu.pipeline_consumer_wait %pipeQ, %qs
              cute.copy(%lq0, %rq) {atom = #cute_nvgpu.ldmatrix<num = 4>}
              cute_nvgpu.warp_sync
              cute_nvgpu.elect_one {
                cute_nvgpu.pipeline_consumer_release %pipeQ, %qs
              }
              %nx = cute_nvgpu.pipeline_state_advance %qs
              scf.yield %nx : !QS
            } else {
              scf.yield %qs : !QS
            }
            %fin:4 = scf.for %n = %c0 to %ntiles step %c1 iter_args(%cs = %cs0, %cv = %cv0, %m = %m0, %l = %l0) -> (!LS, !LS, vector<2xf32>, vector<2xf32>) : i32 {
              // S = Q K^T, one k block (16 of D) of K at a time.
              cute_nvgpu.pipeline_consumer_wait %pipeK, %cs
              %i = cute_nvgpu.pipeline_state_index %cs
              %sc = cute.make_coord(%i) -> !cute.coord<"(_,?)">
              %stK = cute.tensor_slice(%sK, %sc)
              %kb = cute.mma_partition "B" of #mma (%stK, %ct)
              %fk = cute.make_fragment_like(%kb)
              %rk = cute.copy_retile of #ldB (%fk)
              %lkk = cute.copy_partition "S" of #ldB (%stK, %ct)
              cute.copy(%lkk, %rk) {atom = #cute_nvgpu.ldmatrix<num = 2>}
              cute_nvgpu.warp_sync
              cute_nvgpu.elect_one {
                cute_nvgpu.pipeline_consumer_release %pipeK, %cs
              }
              cute.fill(%acc, %fzero)
              cute.gemm #sync (%fq, %fk, %acc)
              %mn, %ln, %an = func.call @softmax_tile(%acc, %m, %l, %n, %r0, %seqq, %seqk, %causal, %ct, %scale) : (!sfrag, vector<2xf32>, vector<2xf32>, i32, i32, i32, i32, i1, i32, f32) -> (vector<2xf32>, vector<2xf32>, vector<2xf32>)
              %pa = cute_nvgpu.accumulator_to_operand(%acc) {elem_type = !T}
              cute.copy(%pa, %pf)
              // O = alpha O + P V.
              %ab = cute.mma_broadcast<rows> of #mma (%an, %o)
              %ov = cute.load(%o)
              %os = arith.mulf %ov, %ab : !ov
              cute.store(%os, %o)
              cute_nvgpu.pipeline_consumer_wait %pipeV, %cv
              %iv = cute_nvgpu.pipeline_state_index %cv
              %scv = cute.make_coord(%iv) -> !cute.coord<"(_,?)">
              %vt = cute.tensor_slice(%sV, %scv)
              %vb = cute.mma_partition "B" of #mma (%vt, %ct)
              %fv = cute.make_fragment_like(%vb)
              %rv = cute.copy_retile of #ldBt (%fv)
              %lvv = cute.copy_partition "S" of #ldBt (%vt, %ct)
              cute.copy(%lvv, %rv) {atom = #cute_nvgpu.ldmatrix<num = 2, trans = true>}
              cute_nvgpu.warp_sync
              cute_nvgpu.elect_one {
                cute_nvgpu.pipeline_consumer_release %pipeV, %cv
              }
              cute.gemm #sync (%pf, %fv, %o)
              %csn = cute_nvgpu.pipeline_state_advance %cs
              %cvn = cute_nvgpu.pipeline_state_advance %cv
              scf.yield %csn, %cvn, %mn, %ln : !LS, !LS, vector<2xf32>, vector<2xf32>
            }
            // Epilogue: O / l and the LSE, masked by rows.
            scf.if %live {
              %lpos, %rinv = func.call @row_inv(%fin#3) : (vector<2xf32>) -> (vector<2xi1>, vector<2xf32>)
              %rb = cute.mma_broadcast<rows> of #mma (%rinv, %o)
              %ov = cute.load(%o)
              %on = arith.mulf %ov, %rb : !ov
              %oh = arith.truncf %on : !ov to !oh
              %out = cute.make_fragment() : !cute.memref<!T, rmem, align<16>, "((2,2),1,D/8):((1,2),0,4)">
              cute.store(%oh, %out)
              %hd = arith.muli %h, %d : i32
              %shO = cute.make_shape(%totalq, %hqd)
              %so = cute.make_stride(%ldo) -> !cute.stride<"(?,1)">
              %lo = cute.make_layout(%shO, %so)
              %go = cute.make_view(%po, %lo)
              %oo = cute.make_coord(%q0, %hd) -> !cute.coord<"(?,?)">
              %goO = cute.domain_offset(%go, %oo)
              %goP = cute.get_iter(%goO)
              %shOs = cute.make_shape(%seqq, %d)
              %los = cute.make_layout(%shOs, %so)
              %gos = cute.make_view(%goP, %los)
              %tc = cute.make_coord(%mt) -> !cute.coord<"(?,0)">
              %gOt = cute.local_tile(%gos, %tc) {tiler = #cute.shape<"(64,D)">}
              %gOp = cute.mma_partition "C" of #mma (%gOt, %ct)
              cute.copy(%out, %gOp) {masked}
              %lse = func.call @row_lse(%fin#2, %fin#3, %lpos, %scale) : (vector<2xf32>, vector<2xf32>, vector<2xi1>, f32) -> vector<2xf32>
              %lfrag = cute.make_fragment() : !cute.memref<f32, rmem, align<16>, "((2,2),1,1):((1,2),0,0)">
              %lb = cute.mma_broadcast<rows> of #mma (%lse, %lfrag)
              cute.store(%lb, %lfrag)
              %hoff = arith.muli %h, %totalq : i32
              %loff = arith.addi %hoff, %q0 : i32
              %c8 = arith.constant 8 : i32
              %shL = cute.make_shape(%seqq, %c8)
              %sl = cute.static : !cute.stride<"(1,0)">
              %ll = cute.make_layout(%shL, %sl)
              %plh = cute.add_offset(%plse, %loff)
              %gl = cute.make_view(%plh, %ll)
              %gLt = cute.local_tile(%gl, %tc) {tiler = #cute.shape<"(64,8)">}
              %gLp = cute.mma_partition "C" of #mma (%gLt, %ct)
              cute.copy(%lfrag, %gLp) {masked}
            }
            scf.yield %qsn, %fin#0, %fin#1 : !QS, !LS, !LS
          }
        }
      gpu.return
    }
  }
}
