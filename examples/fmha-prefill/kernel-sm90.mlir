// chips: sm_90a
// Attention forward (prefill) on the H200, the FlashAttention-3 design in
// the dialect: O = softmax(scale Q K^T) V per (sequence, q head), with the
// log-sum-exp of each row, for Q, K, V, O of 16-bit type T.
//
// Tensors (FlashAttention's variable-length layout): Q is [total_q, hq, D],
// K and V [total_k, hkv, D], O [total_q, hq, D], rows ldq / ldk / ldv / ldo
// elements apart (heads contiguous, so a packed QKV projection output is
// read in place), sequence b owning rows [cu_q[b], cu_q[b+1]) of Q and O and
// [cu_k[b], cu_k[b+1]) of K and V. A fixed-length batch [b, s, h, D] is the
// same with cu[b] = b s. lse is f32 [hq, total_q] (natural log of the
// row's sum of exp(scale s)). GQA/MQA: q head h reads kv head
// h / (hq / hkv). Causal masks are aligned to the bottom right, as in
// FlashAttention: row i sees columns j <= i + seq_k - seq_q.
//
// Persistent CTAs (one per SM) take the 64 WG-row q tiles of every
// (sequence, q head) from a dynamic schedule: tile blockIdx.x first, then
// gridDim.x + a ticket of the global counter %sched (cute_nvgpu.ticket,
// which resets itself each launch), in @tile_work's order (longest first
// within L2 sections of heads). 1 + WG warpgroups (WG = 2: 128-row tiles;
// 3: 192, FA3's choice at D = 64):
// - a producer warpgroup (setmaxnreg 24, 32 with WG = 3): one elected
//   thread loads each tile's Q (a 1-stage pipeline, freed once the tile's last S is issued,
//   so the next Q loads during the last P V and the epilogue) and K and V
//   tiles (BN rows x D) into two 2-stage rings (separate full and empty
//   barriers for K and V, so S = Q K^T starts before V lands), D / 64 TMA
//   boxes of 128 bytes per tile;
// - WG consumer warpgroups (setmaxnreg 240; 160 with WG = 3), 64 rows of
//   Q each. Per kv tile n: issue S(n) = Q K(n)^T (wgmma m64nBNk16 from shared memory),
//   rescale O, issue O += P(n-1) V(n-1) with P as wgmma's register A
//   operand (cute_nvgpu.accumulator_to_operand: no data moves for 16-bit
//   types) and V read MN-major; wait for S(n) alone and run its online
//   softmax (row max and sum with cute.mma_reduce, masks from
//   cute.load_coords only on the tiles that need them) while P V runs
//   (FA3's intra-warpgroup overlap). The warpgroups take turns at the
//   tensor cores (ping-pong, round robin: named barriers 1 .. WG), so one's
//   softmax overlaps the others' MMAs;
// - the epilogue scales O by 1 / l and stores it and the LSE with masked
//   stores (the tile's last rows may belong to the next sequence).
// Tiles: 128 x BN, BN = 192 (D = 64), 128 (D = 128), 80 (D = 256; 224 KB
// of shared memory), chosen on the H100 (bench/results/2026-12-06-h100-
// issue24); 192 x BN with WG = 3 (scripts/fmha-ablations.sh). Host: grid =
// min(tiles, SMs), mtilesMax = ceil(max seq_q / (64 WG)), WG read from the
// block size (128 (WG + 1) threads).
!T = !cute.param<"T", bf16>
#D = #cute.param<"D", 128 : i32>
#BN = #cute.param<"BN", 128 : i32>
// Ping-pong between the consumer warpgroups (false: both issue as they
// go; for the ablation in README.md).
#PP = #cute.param<"PP", true>
// Intra-warpgroup overlap of softmax(S(n)) with P(n-1) V(n-1) (false:
// wait for both MMAs before the softmax). With the ping-pong the other
// warpgroup's MMAs already fill the softmax's time: on the H100 the
// overlap paid only at D = 256 (661 vs 646 TFLOP/s) and cost 3-6% at
// D = 64 and 128 (436 vs 449, 582 vs 615), so those instances turn it off.
#OV = #cute.param<"OV", true>
// Consumer warpgroups (2 or 3), 64 q rows each: tiles of 64 WG rows, a
// block of 128 (WG + 1) threads. With 3 (FA3's choice at D = 64, 192-row
// tiles) the registers split 32 (producer) / 160 (consumers), as in FA3.
#WG = #cute.param<"WG", 2 : i32>
// P through shared memory (an ablation; FA3 keeps P in registers): each
// consumer warpgroup stores P (16-bit) with stmatrix into its 64 rows of a
// K-major 128-byte swizzled tile and O += P V reads A from there. Needs
// BN % 64 == 0 (D = 64 and 128; D = 256, BN = 80 has no room either:
// 224 KB + 20 KB); with PS = false nothing is allocated.
#PS = #cute.param<"PS", false>

!LS = !cute_nvgpu.pipeline_state<2>
!QS = !cute_nvgpu.pipeline_state<1>
// S = Q K^T: every consumer warpgroup, 64 rows each.
#wgS = #cute_nvgpu.wgmma<m = 64, n = BN, k = 16, a = !T, b = !T, c = f32, a_major = k, b_major = k>
#mmaS = #cute.tiled_mma<#wgS, #cute.layout<"(WG,1,1):(1,0,0)">>
// O += P V: P from registers, V (N = D, K = BN) MN-major.
#wgO = #cute_nvgpu.wgmma<m = 64, n = D, k = 16, a = !T, b = !T, c = f32, a_major = k, b_major = mn, a_src = rmem>
#mmaO = #cute.tiled_mma<#wgO, #cute.layout<"(WG,1,1):(1,0,0)">>
// With PS: O += P V with P from shared memory, stored there by stmatrix
// laid over S's accumulator (16 columns a step).
#wgOs = #cute_nvgpu.wgmma<m = 64, n = D, k = 16, a = !T, b = !T, c = f32, a_major = k, b_major = mn>
#mmaOs = #cute.tiled_mma<#wgOs, #cute.layout<"(WG,1,1):(1,0,0)">>
#mmaP = #cute.tiled_mma<#cute_nvgpu.wgmma<m = 64, n = 16, k = 16, a = !T, b = !T, c = f32, a_major = k, b_major = k>, #cute.layout<"(WG,1,1):(1,0,0)">>
#stP = #cute.tiled_copy<#cute_nvgpu.stmatrix<num = 4>, "C" of #mmaP>
!pfrag = !cute.memref<!T, rmem, align<16>, "(8,1,BN/16):(1,0,8)">
!sfrag = !cute.memref<f32, rmem, align<16>, "((2,2,BN/8),1,1):((1,2,4),0,0)">
!ofrag = !cute.memref<f32, rmem, align<16>, "((2,2,D/8),1,1):((1,2,4),0,0)">
!sv = !cute.vec<"BN/2", f32>
!hv = !cute.vec<"BN/2", !T>
// P as 16-bit values in S's accumulator order, by 16-column steps (#stP).
!pcfrag = !cute.memref<!T, rmem, align<16>, "((2,2,2),1,BN/16):((1,2,4),0,8)">
// P in shared memory (PS): like Q's tile, 64 WG rows x BN in column
// blocks of 64 (128 bytes). With PS = false the type must still verify
// at every BN (the P V branch is removed after verification): there it is
// (64 WG, (16, BN/16)), 16 columns of each 64-column block, which every BN
// divides (never allocated nor used); with PS, BN/64 must divide.
!psmem = !cute.memref<!T, smem, align<1024>, sw128, "(WG*64,(64*PS+16-16*PS,BN*PS/64+BN/16-BN*PS/16)):(64,(1,WG*4096))">

module attributes {gpu.container_module,
    cute.instances = ["bf16_d64:T=bf16,D=64,BN=128,OV=false,WG=3",
                      "bf16_d128:T=bf16,D=128,OV=false",
                      "bf16_d256:T=bf16,D=256,BN=80",
                      "f16_d64:T=f16,D=64,BN=128,OV=false,WG=3",
                      "f16_d128:T=f16,D=128,OV=false",
                      "f16_d256:T=f16,D=256,BN=80"]} {
  gpu.module @fmha_sm90 attributes {cute.imports = ["fmha-sm90-common.mlir"]} {
    // @section_heads, @tile_work, @take_turn, @pass_turn, @rescale,
    // @softmax_tile: fmha-sm90-common.mlir; @seq_rows, @kv_tiles,
    // @row_inv, @row_lse: fmha-common.mlir (which that file imports).
    // PS: P (the softmax's output in %acc) as T into this warpgroup's 64
    // rows of %sP with stmatrix, then fenced for the async proxy (wgmma
    // reads it) and synchronised across the warpgroup's 128 threads on
    // named barrier 4 + wgi (1 .. WG are the ping-pong turns). FA3
    // (hopper/mainloop_fwd_sm90_tma_gmma_ws.hpp) syncs only the warp, as
    // each warp's part of the wgmma reads its own 16 rows of P; the
    // warpgroup barrier is the conservative form.
    func.func private @store_p(%acc: !sfrag, %sP: !psmem, %ct: i32, %wgi: i32) {
      %c4 = arith.constant 4 : i32
      %s = cute.load(%acc)
      %h = arith.truncf %s : !sv to !hv
      %pc = cute.make_fragment() : !pcfrag
      cute.store(%h, %pc)
      %src = cute.copy_retile of #stP (%pc)
      %dst = cute.copy_partition "D" of #stP (%sP, %ct)
      cute.copy(%src, %dst) {atom = #cute_nvgpu.stmatrix<num = 4>}
      cute_nvgpu.fence_proxy_async
      %id = arith.addi %wgi, %c4 : i32
      cute_nvgpu.named_barrier id = %id, threads = 128
      return
    }

    // cute.ftz: f32 denormals flush to zero, so each exponential is one
    // ex2.approx.ftz (without it ptxas adds three instructions to handle
    // denormal results; docs/pipeline.md).
    gpu.func @fmha(%pq: !cute.ptr<!T, gmem, align<16>>, %pk: !cute.ptr<!T, gmem, align<16>>, %pv: !cute.ptr<!T, gmem, align<16>>, %po: !cute.ptr<!T, gmem, align<16>>, %plse: !cute.ptr<f32, gmem, align<4>>, %pcuq: !cute.ptr<i32, gmem, align<4>>, %pcuk: !cute.ptr<i32, gmem, align<4>>, %batch: i32, %totalq: i32, %totalk: i32, %hq: i32, %hkv: i32, %ldq: i32, %ldk: i32, %ldv: i32, %ldo: i32, %scale: f32, %causali: i32, %mtilesMax: i32, %sched: !cute.ptr<i32, gmem, align<4>>) kernel
        attributes {cute.block_size = #cute.shape<"(128*WG+128)">, cute.no_specialize, cute.ftz} {
      %c0, %c1, %c2, %c64, %c128, %d, %bn, %nwg = cute.constants 0, 1, 2, 64, 128, D, BN, WG : i32
      // A q tile's rows: 64 per consumer warpgroup.
      %tr = arith.muli %nwg, %c64 : i32
      %fzero, %fone = cute.constants 0.0, 1.0 : f32
      %ninf = arith.constant 0xFF800000 : f32
      %tid = cute.thread_idx x
      %bx = cute.block_idx x
      %gx = cute.grid_dim x
      %causal = arith.cmpi ne, %causali, %c0 : i32
      // Persistent: the mtilesMax x batch x hq tiles of @tile_work's order,
      // tile x first, then what the ticket counter hands out.
      %bh = arith.muli %batch, %hq : i32
      %ttot = arith.muli %mtilesMax, %bh : i32
      %group = arith.divui %hq, %hkv : i32
      %hs = func.call @section_heads(%batch, %totalk, %hq, %hkv) : (i32, i32, i32, i32) -> i32
      // Q, K, V as 2-D matrices (tokens, heads x D): a tile's box is at
      // (its first row, head x D + 64 j). V is read as its transpose
      // (heads x D, tokens), the (N, K) B operand of P V.
      %hqd = arith.muli %hq, %d : i32
      %hkd = arith.muli %hkv, %d : i32
      %shQ = cute.make_shape(%totalq, %hqd)
      %shK = cute.make_shape(%totalk, %hkd)
      %shVt = cute.make_shape(%hkd, %totalk)
      %sq = cute.make_stride(%ldq) -> !cute.stride<"(?,1)">
      %sk = cute.make_stride(%ldk) -> !cute.stride<"(?,1)">
      %svt = cute.make_stride(%ldv) -> !cute.stride<"(1,?)">
      %lq = cute.make_layout(%shQ, %sq)
      %lk = cute.make_layout(%shK, %sk)
      %lvt = cute.make_layout(%shVt, %svt)
      %gq = cute.make_view(%pq, %lq)
      %gk = cute.make_view(%pk, %lk)
      %gvt = cute.make_view(%pv, %lvt)
      %dq = cute_nvgpu.make_tma_desc %gq -> !cute_nvgpu.tma_desc<load, !cute.memref<!T, smem, align<1024>, sw128, "(WG*64,64):(64,1)">>
      %dk = cute_nvgpu.make_tma_desc %gk -> !cute_nvgpu.tma_desc<load, !cute.memref<!T, smem, align<1024>, sw128, "(BN,64):(64,1)">>
      %dv = cute_nvgpu.make_tma_desc %gvt -> !cute_nvgpu.tma_desc<load, !cute.memref<!T, smem, align<1024>, sw128, "(64,BN):(1,64)">>
      %cQ = cute.make_identity_tensor(%shQ)
      %cK = cute.make_identity_tensor(%shK)
      %cVt = cute.make_identity_tensor(%shVt)
      // Shared memory: Q (64 WG x D), 2 stages of K (BN x D) and of V^T
      // (D x BN), each D / 64 swizzled 128-byte-wide column blocks.
      %barQ = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "2:1">
      %barK = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "4:1">
      %barV = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "4:1">
      %sQ = cute.smem_alloc() : !cute.memref<!T, smem, align<1024>, sw128, "(WG*64,(64,D/64)):(64,(1,WG*4096))">
      %sK = cute.smem_alloc() : !cute.memref<!T, smem, align<1024>, sw128, "((BN,(64,D/64)),2):((64,(1,BN*64)),BN*D)">
      %sV = cute.smem_alloc() : !cute.memref<!T, smem, align<1024>, sw128, "(((64,D/64),BN),2):(((1,BN*64),64),BN*D)">
      %pipeQ = cute_nvgpu.pipeline_create %barQ : !cute.memref<i64, smem, align<8>, "2:1"> -> !cute_nvgpu.pipeline<tma_async, 1>
      %pipeK = cute_nvgpu.pipeline_create %barK : !cute.memref<i64, smem, align<8>, "4:1"> -> !cute_nvgpu.pipeline<tma_async, 2>
      %pipeV = cute_nvgpu.pipeline_create %barV : !cute.memref<i64, smem, align<8>, "4:1"> -> !cute_nvgpu.pipeline<tma_async, 2>
      // The dynamic schedule: the producer takes each next tile from the
      // global ticket counter %sched and hands its index to the consumer
      // warps through a 2-slot ring (an async pipeline).
      %barT = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "4:1">
      %slots = cute.smem_alloc() : !cute.memref<i32, smem, align<4>, "2:1">
      %pipeT = cute_nvgpu.pipeline_create %barT : !cute.memref<i64, smem, align<8>, "4:1"> -> !cute_nvgpu.pipeline<async, 2>
      // P's tile (PS only; otherwise a view of Q's buffer that nothing
      // uses, so PS = false allocates nothing).
      %psm = arith.constant #PS
      %sP = scf.if %psm -> (!psmem) {
        %a = cute.smem_alloc() : !psmem
        scf.yield %a : !psmem
      } else {
        %qit = cute.get_iter(%sQ)
        %pl = cute.static : !cute.composed_layout<"S<3,3,3> o 0 o (WG*64,(64*PS+16-16*PS,BN*PS/64+BN/16-BN*PS/16)):(64,(1,WG*4096))">
        %v = cute.make_view(%qit, %pl)
        scf.yield %v : !psmem
      }
      cute_nvgpu.warp_specialize
        role "producer" warps [0, 4) max_regs "8*WG+8" {
          %w = cute_nvgpu.warp_idx
          %w0 = arith.cmpi eq, %w, %c0 : i32
          scf.if %w0 {
            cute_nvgpu.elect_one {
              %z = cute.make_coord() -> !cute.coord<"(0,0)">
              %all = cute.make_coord() -> !cute.coord<"(_,_)">
              %pq0 = cute_nvgpu.pipeline_producer_state %pipeQ
              %p0 = cute_nvgpu.pipeline_producer_state %pipeK
              %pv0 = cute_nvgpu.pipeline_producer_state %pipeV
              %pt0 = cute_nvgpu.pipeline_producer_state %pipeT
              // Tile bx first, then tile grid + ticket until past the end;
              // each index (the last one too, which ends the loops) goes
              // through the ring.
              %pt:5 = scf.while (%tw = %bx, %pts = %pt0, %pqw = %pq0, %psw = %p0, %pvw = %pv0) : (i32, !LS, !QS, !LS, !LS) -> (i32, !LS, !QS, !LS, !LS) {
                %ptn = func.call @put_tile(%pipeT, %slots, %pts, %tw) : (!cute_nvgpu.pipeline<async, 2>, !cute.memref<i32, smem, align<4>, "2:1">, !LS, i32) -> !LS
                %more = arith.cmpi ult, %tw, %ttot : i32
                scf.condition(%more) %tw, %ptn, %pqw, %psw, %pvw : i32, !LS, !QS, !LS, !LS
              } do {
              ^bb0(%t: i32, %ptd: !LS, %pqs: !QS, %ps0: !LS, %pvs0: !LS):
                %q0, %k0, %seqq, %seqk, %mt, %h, %live, %ntiles = func.call @tile_work_rows(%t, %pcuq, %pcuk, %batch, %hq, %hs, %mtilesMax, %causal, %tr) : (i32, !cute.ptr<i32, gmem, align<4>>, !cute.ptr<i32, gmem, align<4>>, i32, i32, i32, i32, i1, i32) -> (i32, i32, i32, i32, i32, i32, i1, i32)
                %hk = arith.divui %h, %group : i32
                %r0 = arith.muli %mt, %tr : i32
                // Q: rows q0 + r0 .., columns of head h (the stage frees
                // when the consumers have issued the tile's last S).
                %pqn = scf.if %live -> (!QS) {
                  %hd = arith.muli %h, %d : i32
                  %qr = arith.addi %q0, %r0 : i32
                  %qo = cute.make_coord(%qr, %hd) -> !cute.coord<"(?,?)">
                  %cQt = cute.domain_offset(%cQ, %qo)
                  %gQ = cute.local_tile(%cQt, %z) {tiler = #cute.shape<"(WG*64,D)">}
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
                // K and V tiles of kv head hk, rows k0 + BN n.
                %hkd0 = arith.muli %hk, %d : i32
                %ko = cute.make_coord(%k0, %hkd0) -> !cute.coord<"(?,?)">
                %cKt = cute.domain_offset(%cK, %ko)
                %vo = cute.make_coord(%hkd0, %k0) -> !cute.coord<"(?,?)">
                %cVtt = cute.domain_offset(%cVt, %vo)
                %gK = cute.local_tile(%cKt, %all) {tiler = #cute.shape<"(BN,D)">}
                %gV = cute.local_tile(%cVtt, %all) {tiler = #cute.shape<"(D,BN)">}
                %pe:2 = scf.for %n = %c0 to %ntiles step %c1 iter_args(%ps = %ps0, %pvs = %pvs0) -> (!LS, !LS) : i32 {
                  %i = cute_nvgpu.pipeline_state_index %ps
                  %sc = cute.make_coord(%i) -> !cute.coord<"(_,?)">
                  cute_nvgpu.pipeline_producer_acquire %pipeK, %ps
                  %fk = cute_nvgpu.pipeline_producer_get_barrier %pipeK, %ps
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
                %tk = cute_nvgpu.ticket %sched[%c0] count %ttot : !cute.ptr<i32, gmem, align<4>>
                %tn = arith.addi %gx, %tk : i32
                scf.yield %tn, %ptd, %pqn, %pe#0, %pe#1 : i32, !LS, !QS, !LS, !LS
              }
              cute_nvgpu.pipeline_producer_tail %pipeT, %pt#1
              cute_nvgpu.pipeline_producer_tail %pipeQ, %pt#2
              cute_nvgpu.pipeline_producer_tail %pipeK, %pt#3
              cute_nvgpu.pipeline_producer_tail %pipeV, %pt#4
            }
          }
        }
        role "consumer" warps [4, "4*WG+4") max_regs "480/WG" {
          %ct = arith.subi %tid, %c128 : i32
          %wgi = arith.divui %ct, %c128 : i32
          %acc = cute.make_fragment() : !sfrag
          %pf = cute.make_fragment() : !pfrag
          %o = cute.make_fragment() : !ofrag
          %m0 = vector.broadcast %ninf : f32 to vector<2xf32>
          %l0 = vector.broadcast %fzero : f32 to vector<2xf32>
          %one2 = vector.broadcast %fone : f32 to vector<2xf32>
          %false = arith.constant false
          %pp = arith.constant #PP
          %overlap = arith.constant #OV
          %fa = cute.mma_partition "A" of #mmaS (%sQ, %ct)
          %fp = cute.mma_partition "A" of #mmaOs (%sP, %ct)
          // @softmax_tile's masks see a 128-row tile of two warpgroups; with
          // another WG each warpgroup passes its own 64 rows as warpgroup 0
          // of such a tile (thread ct mod 128, first row r0 + 64 wgi).
          %is2 = arith.cmpi eq, %nwg, %c2 : i32
          %ctm = arith.remui %ct, %c128 : i32
          %ctS = arith.select %is2, %ct, %ctm : i32
          %wrow = arith.muli %wgi, %c64 : i32
          %rWG = arith.select %is2, %c0, %wrow : i32
          %qsi = cute_nvgpu.pipeline_consumer_state %pipeQ
          %csi = cute_nvgpu.pipeline_consumer_state %pipeK
          %cvi = cute_nvgpu.pipeline_consumer_state %pipeV
          // Ping-pong: the warpgroups take turns at the tensor cores, one
          // issuing its S and P V while the others do their softmax, through
          // all tiles. Barrier 1 + i is warpgroup i's turn, handed on round
          // robin; the last warpgroup opens warpgroup 0's first turn, and
          // warpgroup 0 waits once more at the end for the last hand-over,
          // so every arrival is waited for (fmha-sm90-common.mlir).
          func.call @open_turns(%wgi) : (i32) -> ()
          %cti = cute_nvgpu.pipeline_consumer_state %pipeT
          %tiles:5 = scf.while (%ctw = %cti, %qsw = %qsi, %csw = %csi, %cvw = %cvi) : (!LS, !QS, !LS, !LS) -> (i32, !LS, !QS, !LS, !LS) {
            %tw, %ctn = func.call @take_tile(%pipeT, %slots, %ctw) : (!cute_nvgpu.pipeline<async, 2>, !cute.memref<i32, smem, align<4>, "2:1">, !LS) -> (i32, !LS)
            %more = arith.cmpi ult, %tw, %ttot : i32
            scf.condition(%more) %tw, %ctn, %qsw, %csw, %cvw : i32, !LS, !QS, !LS, !LS
          } do {
          ^bb0(%t: i32, %ctd: !LS, %qs: !QS, %cs0t: !LS, %cv0t: !LS):
            %q0, %k0, %seqq, %seqk, %mt, %h, %live, %ntiles = func.call @tile_work_rows(%t, %pcuq, %pcuk, %batch, %hq, %hs, %mtilesMax, %causal, %tr) : (i32, !cute.ptr<i32, gmem, align<4>>, !cute.ptr<i32, gmem, align<4>>, i32, i32, i32, i32, i1, i32) -> (i32, i32, i32, i32, i32, i32, i1, i32)
            %r0 = arith.muli %mt, %tr : i32
            %rS = arith.addi %r0, %rWG : i32
            cute.fill(%o, %fzero)
            %any = arith.cmpi sgt, %ntiles, %c0 : i32
            // (A tile past its sequence's last q tile loads nothing.)
            scf.if %live {
              cute_nvgpu.pipeline_consumer_wait %pipeQ, %qs
            }
            // The first tile: S = Q K^T and its softmax.
            %st:4 = scf.if %any -> (!LS, vector<2xf32>, vector<2xf32>, vector<2xf32>) {
              func.call @take_turn(%wgi) : (i32) -> ()
              cute_nvgpu.pipeline_consumer_wait %pipeK, %cs0t
              %i = cute_nvgpu.pipeline_state_index %cs0t
              %sc = cute.make_coord(%i) -> !cute.coord<"(_,?)">
              %stK = cute.tensor_slice(%sK, %sc)
              %fb = cute.mma_partition "B" of #mmaS (%stK, %ct)
              cute_nvgpu.wgmma_fence
              cute.gemm #wgS (%fa, %fb, %acc) accumulate(%false)
              cute_nvgpu.wgmma_commit_group
              func.call @pass_turn(%wgi) : (i32) -> ()
              cute_nvgpu.wgmma_wait_group 0
              cute_nvgpu.warp_sync
              cute_nvgpu.elect_one {
                cute_nvgpu.pipeline_consumer_release %pipeK, %cs0t
              }
              %m1, %l1, %a1 = func.call @softmax_tile(%acc, %m0, %l0, %c0, %rS, %seqq, %seqk, %causal, %ctS, %scale) : (!sfrag, vector<2xf32>, vector<2xf32>, i32, i32, i32, i32, i1, i32, f32) -> (vector<2xf32>, vector<2xf32>, vector<2xf32>)
              scf.if %psm {
                func.call @store_p(%acc, %sP, %ct, %wgi) : (!sfrag, !psmem, i32, i32) -> ()
              } else {
                %pa = cute_nvgpu.accumulator_to_operand(%acc) {elem_type = !T}
                cute.copy(%pa, %pf)
              }
              %cs1 = cute_nvgpu.pipeline_state_advance %cs0t
              scf.yield %cs1, %m1, %l1, %a1 : !LS, vector<2xf32>, vector<2xf32>, vector<2xf32>
            } else {
              scf.yield %cs0t, %m0, %l0, %one2 : !LS, vector<2xf32>, vector<2xf32>, vector<2xf32>
            }
            // Tile n: issue S(n) = Q K(n)^T, rescale O by the last softmax's
            // alpha, issue O += P(n-1) V(n-1); wait for S(n) only and do its
            // softmax while P V runs (FA3's intra-warpgroup overlap).
            %fin:5 = scf.for %n = %c1 to %ntiles step %c1 iter_args(%cs = %st#0, %cv = %cv0t, %m = %st#1, %l = %st#2, %alpha = %st#3) -> (!LS, !LS, vector<2xf32>, vector<2xf32>, vector<2xf32>) : i32 {
              func.call @take_turn(%wgi) : (i32) -> ()
              cute_nvgpu.pipeline_consumer_wait %pipeK, %cs
              %i = cute_nvgpu.pipeline_state_index %cs
              %sc = cute.make_coord(%i) -> !cute.coord<"(_,?)">
              %stK = cute.tensor_slice(%sK, %sc)
              %fb = cute.mma_partition "B" of #mmaS (%stK, %ct)
              cute_nvgpu.wgmma_fence
              cute.gemm #wgS (%fa, %fb, %acc) accumulate(%false)
              cute_nvgpu.wgmma_commit_group
              func.call @rescale(%o, %alpha) : (!ofrag, vector<2xf32>) -> ()
              cute_nvgpu.pipeline_consumer_wait %pipeV, %cv
              %iv = cute_nvgpu.pipeline_state_index %cv
              %scv = cute.make_coord(%iv) -> !cute.coord<"(_,?)">
              %stV = cute.tensor_slice(%sV, %scv)
              %fv = cute.mma_partition "B" of #mmaO (%stV, %ct)
              cute_nvgpu.wgmma_fence
              scf.if %psm {
                cute.gemm #wgOs (%fp, %fv, %o)
              } else {
                cute.gemm #wgO (%pf, %fv, %o)
              }
              cute_nvgpu.wgmma_commit_group
              func.call @pass_turn(%wgi) : (i32) -> ()
              scf.if %overlap {
                cute_nvgpu.wgmma_wait_group 1
              } else {
                cute_nvgpu.wgmma_wait_group 0
              }
              cute_nvgpu.warp_sync
              cute_nvgpu.elect_one {
                cute_nvgpu.pipeline_consumer_release %pipeK, %cs
              }
              %mn, %ln, %an = func.call @softmax_tile(%acc, %m, %l, %n, %rS, %seqq, %seqk, %causal, %ctS, %scale) : (!sfrag, vector<2xf32>, vector<2xf32>, i32, i32, i32, i32, i1, i32, f32) -> (vector<2xf32>, vector<2xf32>, vector<2xf32>)
              cute_nvgpu.wgmma_wait_group 0
              cute_nvgpu.warp_sync
              cute_nvgpu.elect_one {
                cute_nvgpu.pipeline_consumer_release %pipeV, %cv
              }
              // (PS: the P V waited for above has read P's tile, so this
              // warpgroup may overwrite it.)
              scf.if %psm {
                func.call @store_p(%acc, %sP, %ct, %wgi) : (!sfrag, !psmem, i32, i32) -> ()
              } else {
                %pa = cute_nvgpu.accumulator_to_operand(%acc) {elem_type = !T}
                cute.copy(%pa, %pf)
              }
              %csn = cute_nvgpu.pipeline_state_advance %cs
              %cvn = cute_nvgpu.pipeline_state_advance %cv
              scf.yield %csn, %cvn, %mn, %ln, %an : !LS, !LS, vector<2xf32>, vector<2xf32>, vector<2xf32>
            }
            // Q is read by no more S: the producer may load the next tile's.
            scf.if %live {
              cute_nvgpu.warp_sync
              cute_nvgpu.elect_one {
                cute_nvgpu.pipeline_consumer_release %pipeQ, %qs
              }
            }
            // The last P V.
            %cvLast = scf.if %any -> (!LS) {
              func.call @rescale(%o, %fin#4) : (!ofrag, vector<2xf32>) -> ()
              cute_nvgpu.pipeline_consumer_wait %pipeV, %fin#1
              %iv = cute_nvgpu.pipeline_state_index %fin#1
              %scv = cute.make_coord(%iv) -> !cute.coord<"(_,?)">
              %stV = cute.tensor_slice(%sV, %scv)
              %fv = cute.mma_partition "B" of #mmaO (%stV, %ct)
              cute_nvgpu.wgmma_fence
              scf.if %psm {
                cute.gemm #wgOs (%fp, %fv, %o)
              } else {
                cute.gemm #wgO (%pf, %fv, %o)
              }
              cute_nvgpu.wgmma_commit_group
              cute_nvgpu.wgmma_wait_group 0
              cute_nvgpu.warp_sync
              cute_nvgpu.elect_one {
                cute_nvgpu.pipeline_consumer_release %pipeV, %fin#1
              }
              %adv = cute_nvgpu.pipeline_state_advance %fin#1
              scf.yield %adv : !LS
            } else {
              scf.yield %fin#1 : !LS
            }
            // Epilogue: O / l and the LSE (@store_o_lse).
            scf.if %live {
              func.call @store_o_lse(%o, %fin#2, %fin#3, %one2, %scale, %po, %plse, %ldo, %totalq, %hq, %h, %q0, %seqq, %mt, %ct) : (!ofrag, vector<2xf32>, vector<2xf32>, vector<2xf32>, f32, !cute.ptr<!T, gmem, align<16>>, !cute.ptr<f32, gmem, align<4>>, i32, i32, i32, i32, i32, i32, i32, i32) -> ()
            }
            %qsn = scf.if %live -> (!QS) {
              %nx = cute_nvgpu.pipeline_state_advance %qs
              scf.yield %nx : !QS
            } else {
              scf.yield %qs : !QS
            }
            scf.yield %ctd, %qsn, %fin#0, %cvLast : !LS, !QS, !LS, !LS
          }
          func.call @close_turns(%wgi) : (i32) -> ()
        }
      gpu.return
    }
  }
}
