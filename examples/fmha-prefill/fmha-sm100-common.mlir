// Helpers of the sm_100a attention kernel (kernel-sm100.mlir imports this
// file; it imports fmha-common.mlir): the work tiles of the persistent
// schedule and the TMEM columns of each q half, the softmax warpgroup of a
// half (S -> P in Tensor Memory, the row statistics to the correction) and
// the correction warpgroup (O's rescale, the epilogue of a half). The
// MMA, load and epilogue warps' code stays in the kernel.
!T = !cute.param<"T", bf16>
#D = #cute.param<"D", 128 : i32>
// Of every 32 columns of a row, how many take exp2 from the polynomial
// on the FMA pipe (fmha-exp2.mlir) instead of MUFU: 0 to 32, in pairs
// (an odd count takes one column less), 0 = MUFU only. FA4 computes a share on the FMA pipe because MUFU.EX2 does
// 16 per clock and SM on Blackwell against 128 FFMA; the polynomial takes
// 3 FADD2 and 3 FFMA2 per pair of values and an FMNMX, an IMAD and a
// VIMNMX per value (SASS). 8 is a guess from that balance, not a
// measurement (no Blackwell GPU here).
#EXP2POLY = #cute.param<"EXP2POLY", 8 : i32>

!S1 = !cute_nvgpu.pipeline_state<1>
!S2 = !cute_nvgpu.pipeline_state<2>
!tmemT = !cute.memref<f32, tmem, align<16>, "(128,512):(65536,1)">
!tS = !cute.memref<f32, tmem, align<16>, "(128,128):(65536,1)">
!tO = !cute.memref<f32, tmem, align<16>, "(128,D):(65536,1)">
// Per q half: S full (MMA -> softmax), P written (softmax -> MMA), P V
// done (MMA -> correction), the row statistics (softmax -> correction).
!PS = !cute_nvgpu.pipeline<umma_async, 1>
!PP = !cute_nvgpu.pipeline<async, 1>
!gptr = !cute.ptr<i32, gmem, align<4>>
// O staging (correction -> epilogue warp): 2 stages of 128 x 64.
!PE = !cute_nvgpu.pipeline<async, 2>
!sOt = !cute.memref<!T, smem, align<1024>, sw128, "((128,64),2):((64,1),8192)">
// A row statistic per thread of a half (alpha, m, l) in shared memory.
!statT = !cute.memref<f32, smem, align<16>, "(128):(1)">
!stat1 = !cute.memref<f32, smem, align<4>, "():()">

module attributes {cute.imports = ["fmha-common.mlir", "fmha-exp2.mlir"]} {
  // @seq_rows, @kv_tiles, @needs_mask: fmha-common.mlir; @exp2_poly:
  // fmha-exp2.mlir.
  // Work tile t of the persistent schedule (kernel-sm90.mlir's order,
  // 256-row q tiles): the sequence's first q and k rows, its lengths,
  // q tile mt, head h, whether the tile has rows, and per 128-row half
  // whether it has rows and its kv tiles (n0 <= n1 when causal; n1 = 0
  // when half 1 has no rows).
  func.func private @tile_work(%t: i32, %pcuq: !gptr, %pcuk: !gptr, %batch: i32, %hq: i32, %mtilesMax: i32, %causal: i1) -> (i32, i32, i32, i32, i32, i32, i1, i32, i32) {
    %c0, %c1, %c128, %c256 = cute.constants 0, 1, 128, 256 : i32
    %i = arith.remui %t, %mtilesMax : i32
    %th = arith.divui %t, %mtilesMax : i32
    %h = arith.remui %th, %hq : i32
    %b = arith.divui %th, %hq : i32
    %ilast = arith.subi %mtilesMax, %c1 : i32
    %ir = arith.subi %ilast, %i : i32
    %mt = arith.select %causal, %ir, %i : i32
    %q0, %k0, %seqq, %seqk = func.call @seq_rows(%pcuq, %pcuk, %batch, %b) : (!gptr, !gptr, i32, i32) -> (i32, i32, i32, i32)
    %mtiles = arith.ceildivui %seqq, %c256 : i32
    %live = arith.cmpi ult, %mt, %mtiles : i32
    %r0 = arith.muli %mt, %c256 : i32
    %r1 = arith.addi %r0, %c128 : i32
    %live1 = arith.cmpi slt, %r1, %seqq : i32
    %n0a = func.call @kv_tiles(%r0, %c128, %c128, %seqq, %seqk, %causal) : (i32, i32, i32, i32, i32, i1) -> i32
    %n1a = func.call @kv_tiles(%r1, %c128, %c128, %seqq, %seqk, %causal) : (i32, i32, i32, i32, i32, i1) -> i32
    %n0 = arith.select %live, %n0a, %c0 : i32
    %l1 = arith.andi %live, %live1 : i1
    %n1 = arith.select %l1, %n1a, %c0 : i32
    return %q0, %k0, %seqq, %seqk, %mt, %h, %live, %n0, %n1 : i32, i32, i32, i32, i32, i32, i1, i32, i32
  }

  // Whether half i of the q tile at row rt is staged for the TMA store:
  // the tile has rows and all 128 of the half lie in the sequence.
  func.func private @staged(%i: i32, %rt: i32, %seqq: i32, %live: i1) -> i1 {
    %c1, %c128 = cute.constants 1, 128 : i32
    %i1 = arith.addi %i, %c1 : i32
    %rows = arith.muli %i1, %c128 : i32
    %end = arith.addi %rt, %rows : i32
    %in = arith.cmpi sle, %end, %seqq : i32
    %st = arith.andi %live, %in : i1
    return %st : i1
  }

  // Half i's S (columns 128 (i + 1) ...) and O (columns 384 i ...).
  func.func private @s_cols(%tm: !tmemT, %i: i32) -> !tS {
    %c0, %c1 = cute.constants 0, 1 : i32
    %i1 = arith.addi %i, %c1 : i32
    %c = cute.make_coord(%c0, %i1) -> !cute.coord<"(?,?)">
    %s = cute.local_tile(%tm, %c) {tiler = #cute.shape<"(128,128)">}
    return %s : !tS
  }
  func.func private @o_cols(%tm: !tmemT, %i: i32) -> !tO {
    %c0, %c3 = cute.constants 0, 3 : i32
    %i3 = arith.muli %i, %c3 : i32
    %c = cute.make_coord(%c0, %i3) -> !cute.coord<"(?,?)">
    %b = cute.local_tile(%tm, %c) {tiler = #cute.shape<"(128,128)">}
    %z = cute.make_coord() -> !cute.coord<"(0,0)">
    %o = cute.local_tile(%b, %z) {tiler = #cute.shape<"(128,D)">}
    return %o : !tO
  }

  // Correction thread: O *= alpha (its row) over the D columns of its lane
  // quarter q, in 32-column slices.
  func.func private @rescale_o(%tO: !tO, %q: i32, %alpha: f32) {
    %c0, %c1, %c32, %d = cute.constants 0, 1, 32, D : i32
    %nj = arith.divui %d, %c32 : i32
    %ab = vector.broadcast %alpha : f32 to vector<32xf32>
    %r = cute.make_fragment() : !cute.memref<f32, rmem, align<16>, "32:1">
    scf.for %j = %c0 to %nj step %c1 : i32 {
      %cw = cute.make_coord(%q, %j) -> !cute.coord<"(?,?)">
      %tt = cute.local_tile(%tO, %cw) {tiler = #cute.shape<"(32,32)">}
      cute.copy(%tt, %r) {atom = #cute_nvgpu.tcgen05_ld<shape = 32x32b, num = 32>}
      cute_nvgpu.tcgen05_wait_ld
      %v = cute.load(%r)
      %vs = arith.mulf %v, %ab : vector<32xf32>
      cute.store(%vs, %r)
      cute.copy(%r, %tt) {atom = #cute_nvgpu.tcgen05_st<shape = 32x32b, num = 32>}
    } {cute.unroll}
    cute_nvgpu.tcgen05_wait_st
    return
  }
  // Softmax thread, kv tile n of its row: the mask, the online max with
  // conditional rescaling, P = exp2(scale2 s - m), the new sum and alpha.
  func.func private @softmax_row(%s0: vector<128xf32>, %m: f32, %l: f32, %n: i32, %row: i32, %seqq: i32, %seqk: i32, %causal: i1, %scale2: f32) -> (vector<128xf32>, f32, f32, f32) {
    %bn = arith.constant 128 : i32
    %fzero, %fone, %thr = cute.constants 0.0, 1.0, 8.0 : f32
    %ninf = arith.constant 0xFF800000 : f32
    %ninfs = vector.broadcast %ninf : f32 to vector<128xf32>
    %diag = arith.subi %seqk, %seqq : i32
    %c0n = arith.muli %n, %bn : i32
    %lim = arith.addi %row, %diag : i32
    %needMask = func.call @needs_mask(%c0n, %bn, %row, %seqq, %seqk, %causal) : (i32, i32, i32, i32, i32, i1) -> i1
    %cols0 = arith.constant dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31,
      32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63,
      64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95,
      96, 97, 98, 99, 100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113, 114, 115, 116, 117, 118, 119, 120, 121, 122, 123, 124, 125, 126, 127]> : vector<128xi32>
    // Columns past seq_k and, causal, past row + seq_k - seq_q.
    %s = scf.if %needMask -> vector<128xf32> {
      %c0v = vector.broadcast %c0n : i32 to vector<128xi32>
      %cols = arith.addi %cols0, %c0v : vector<128xi32>
      %seqkv = vector.broadcast %seqk : i32 to vector<128xi32>
      %limv = vector.broadcast %lim : i32 to vector<128xi32>
      %out = arith.cmpi sge, %cols, %seqkv : vector<128xi32>
      %after = arith.cmpi sgt, %cols, %limv : vector<128xi32>
      %causalv = vector.broadcast %causal : i1 to vector<128xi1>
      %afterc = arith.andi %after, %causalv : vector<128xi1>
      %masked = arith.ori %out, %afterc : vector<128xi1>
      %sm = arith.select %masked, %ninfs, %s0 : vector<128xi1>, vector<128xf32>
      scf.yield %sm : vector<128xf32>
    } else {
      scf.yield %s0 : vector<128xf32>
    }
    %tmax = vector.reduction <maximumf>, %s : vector<128xf32> into f32
    %mcand = arith.maximumf %m, %tmax : f32
    // Conditional rescaling: move the max only when it grew by more than
    // log2(256) (scaled, in log2 units); a row masked so far (m = -inf)
    // moves to any finite max (+inf > 8), and stays at -inf otherwise
    // (NaN > 8 is false).
    %grow0 = arith.subf %mcand, %m : f32
    %grow = arith.mulf %grow0, %scale2 : f32
    %need = arith.cmpf ogt, %grow, %thr : f32
    %mnew = arith.select %need, %mcand, %m : f32
    %dead = arith.cmpf oeq, %mnew, %ninf : f32
    %msc = arith.mulf %mnew, %scale2 : f32
    %moff = arith.select %dead, %fzero, %msc : f32
    %deadOld = arith.cmpf oeq, %m, %ninf : f32
    %mosc = arith.mulf %m, %scale2 : f32
    %mooff = arith.select %deadOld, %ninf, %mosc : f32
    %ad = arith.subf %mooff, %moff : f32
    %a0 = math.exp2 %ad fastmath<afn> : f32
    %alpha = arith.select %need, %a0, %fone : f32
    %sc2 = vector.broadcast %scale2 : f32 to vector<128xf32>
    %moffn = arith.negf %moff : f32
    %mov = vector.broadcast %moffn : f32 to vector<128xf32>
    %ps = math.fma %s, %sc2, %mov : vector<128xf32>
    // EXP2POLY columns of every 32 take 2^x from @exp2_poly on the FMA
    // pipe, the others from MUFU (ex2.approx): pairs of adjacent columns
    // (so that the packed f32x2 FMAs of sm_100a compute two), spread
    // evenly: pair k = c % 32 / 2 when floor((k + 1) EXP2POLY / 32) >
    // floor(k EXP2POLY / 32). The mask is a constant: each column
    // computes one of the two.
    %kp, %c1, %c15, %c5 = cute.constants EXP2POLY, 1, 15, 5 : i32
    %kpv = vector.broadcast %kp : i32 to vector<128xi32>
    %c1v = vector.broadcast %c1 : i32 to vector<128xi32>
    %c15v = vector.broadcast %c15 : i32 to vector<128xi32>
    %c5v = vector.broadcast %c5 : i32 to vector<128xi32>
    %pair = arith.shrui %cols0, %c1v : vector<128xi32>
    %cm = arith.andi %pair, %c15v : vector<128xi32>
    %cm1 = arith.addi %cm, %c1v : vector<128xi32>
    %ka = arith.muli %cm, %kpv : vector<128xi32>
    %kb = arith.muli %cm1, %kpv : vector<128xi32>
    %qa = arith.shrui %ka, %c5v : vector<128xi32>
    %qb = arith.shrui %kb, %c5v : vector<128xi32>
    %poly = arith.cmpi ne, %qa, %qb : vector<128xi32>
    %pm = math.exp2 %ps fastmath<afn> : vector<128xf32>
    %pf = func.call @exp2_poly(%ps) : (vector<128xf32>) -> vector<128xf32>
    %p = arith.select %poly, %pf, %pm : vector<128xi1>, vector<128xf32>
    %rsum = vector.reduction <add>, %p : vector<128xf32> into f32
    %la = arith.mulf %l, %alpha : f32
    %lnew = arith.addf %la, %rsum : f32
    return %p, %mnew, %lnew, %alpha : vector<128xf32>, f32, f32, f32
  }

  // Softmax warpgroup of q half `half` (row = its thread % 128): for every
  // work tile and kv tile, S -> P in TMEM; alpha (from the second kv tile
  // on) and finally m and l to the correction warpgroup through shared
  // memory (pipeline `stats`, one message per kv tile: alpha(1), ...,
  // alpha(n - 1), then (m, l)).
  func.func private @softmax_half(%half: i32, %pipeS: !PS, %pipeP: !PP, %pipeT: !PP, %sA: !statT, %sL: !statT, %tm: !tmemT, %pcuq: !gptr, %pcuk: !gptr, %batch: i32, %hq: i32, %scale2: f32, %causal: i1, %mtilesMax: i32, %ttot: i32) {
    %c0, %c1, %c2, %c4, %c128, %c256 = cute.constants 0, 1, 2, 4, 128, 256 : i32
    %fzero = arith.constant 0.0 : f32
    %ninf = arith.constant 0xFF800000 : f32
    %tid = cute.thread_idx x
    %bx = cute.block_idx x
    %gx = cute.grid_dim x
    %warp = cute_nvgpu.warp_idx
    %q = arith.remui %warp, %c4 : i32
    %trow = arith.remui %tid, %c128 : i32
    %tS = func.call @s_cols(%tm, %half) : (!tmemT, i32) -> !tS
    %wz = cute.make_coord(%q, %c0) -> !cute.coord<"(?,?)">
    %iw = cute.recast(%tS) {elem_type = i32}
    %isHalf1 = arith.cmpi ne, %half, %c0 : i32
    %h128 = arith.muli %half, %c128 : i32
    %tc = cute.make_coord(%trow) -> !cute.coord<"(?)">
    %myA = cute.tensor_slice(%sA, %tc)
    %myL = cute.tensor_slice(%sL, %tc)
    %rS4 = cute.make_fragment() : !cute.memref<f32, rmem, align<16>, "(32,4):(1,32)">
    %rP2 = cute.make_fragment() : !cute.memref<i32, rmem, align<16>, "(32,2):(1,32)">
    %sc0 = cute_nvgpu.pipeline_consumer_state %pipeS
    %pp0 = cute_nvgpu.pipeline_producer_state %pipeP
    %tp0 = cute_nvgpu.pipeline_producer_state %pipeT
    %sft:3 = scf.for %t = %bx to %ttot step %gx iter_args(%sct = %sc0, %ppt = %pp0, %tpt = %tp0) -> (!S1, !S1, !S1) : i32 {
      %q0, %k0, %seqq, %seqk, %mtile, %h, %live, %n0, %n1 = func.call @tile_work(%t, %pcuq, %pcuk, %batch, %hq, %mtilesMax, %causal) : (i32, !gptr, !gptr, i32, i32, i32, i1) -> (i32, i32, i32, i32, i32, i32, i1, i32, i32)
      %ntiles = arith.select %isHalf1, %n1, %n0 : i32
      %rt = arith.muli %mtile, %c256 : i32
      %r0 = arith.addi %rt, %h128 : i32
      %row = arith.addi %r0, %trow : i32
      %lp:5 = scf.for %n = %c0 to %ntiles step %c1 iter_args(%sc = %sct, %pp = %ppt, %tp = %tpt, %m = %ninf, %l = %fzero) -> (!S1, !S1, !S1, f32, f32) : i32 {
        cute_nvgpu.pipeline_consumer_wait %pipeS, %sc
        cute_nvgpu.tcgen05_fence_after_thread_sync
        // The row in 4 slices of 32 columns (x128 would not compile at
        // the 128 registers a thread has at entry in a 512-thread block).
        scf.for %j = %c0 to %c4 step %c1 : i32 {
          %cj = cute.make_coord(%q, %j) -> !cute.coord<"(?,?)">
          %tj = cute.local_tile(%tS, %cj) {tiler = #cute.shape<"(32,32)">}
          %fj = cute.make_coord(%j) -> !cute.coord<"(_,?)">
          %rj = cute.tensor_slice(%rS4, %fj)
          cute.copy(%tj, %rj) {atom = #cute_nvgpu.tcgen05_ld<shape = 32x32b, num = 32>}
        } {cute.unroll}
        cute_nvgpu.tcgen05_wait_ld
        %s = cute.load(%rS4)
        %p, %mn, %ln, %alpha = func.call @softmax_row(%s, %m, %l, %n, %row, %seqq, %seqk, %causal, %scale2) : (vector<128xf32>, f32, f32, i32, i32, i32, i32, i1, f32) -> (vector<128xf32>, f32, f32, f32)
        // From the second kv tile on: alpha to the correction warpgroup.
        %first = arith.cmpi eq, %n, %c0 : i32
        %tpn = scf.if %first -> (!S1) {
          scf.yield %tp : !S1
        } else {
          %x = func.call @send_stat(%pipeT, %tp, %myA, %alpha, %myL, %fzero) : (!PP, !S1, !stat1, f32, !stat1, f32) -> !S1
          scf.yield %x : !S1
        }
        // P(n), 16-bit, over the first 64 columns of S.
        %ph = arith.truncf %p : vector<128xf32> to vector<128x!T>
        %pw = vector.bitcast %ph : vector<128x!T> to vector<64xi32>
        cute.store(%pw, %rP2)
        cute_nvgpu.pipeline_producer_acquire %pipeP, %pp
        scf.for %j = %c0 to %c2 step %c1 : i32 {
          %cj = cute.make_coord(%q, %j) -> !cute.coord<"(?,?)">
          %tj = cute.local_tile(%iw, %cj) {tiler = #cute.shape<"(32,32)">}
          %fj = cute.make_coord(%j) -> !cute.coord<"(_,?)">
          %rj = cute.tensor_slice(%rP2, %fj)
          cute.copy(%rj, %tj) {atom = #cute_nvgpu.tcgen05_st<shape = 32x32b, num = 32>}
        } {cute.unroll}
        cute_nvgpu.tcgen05_wait_st
        cute_nvgpu.tcgen05_fence_before_thread_sync
        cute_nvgpu.warp_sync
        cute_nvgpu.elect_one {
          cute_nvgpu.pipeline_producer_commit %pipeP, %pp
          cute_nvgpu.pipeline_consumer_release %pipeS, %sc
        }
        %scn = cute_nvgpu.pipeline_state_advance %sc
        %ppn = cute_nvgpu.pipeline_state_advance %pp
        scf.yield %scn, %ppn, %tpn, %mn, %ln : !S1, !S1, !S1, f32, f32
      }
      // The row's final max and sum (none for a half without kv tiles).
      %any = arith.cmpi sgt, %ntiles, %c0 : i32
      %tpf = scf.if %any -> (!S1) {
        %x = func.call @send_stat(%pipeT, %lp#2, %myA, %lp#3, %myL, %lp#4) : (!PP, !S1, !stat1, f32, !stat1, f32) -> !S1
        scf.yield %x : !S1
      } else {
        scf.yield %lp#2 : !S1
      }
      scf.yield %lp#0, %lp#1, %tpf : !S1, !S1, !S1
    }
    cute_nvgpu.pipeline_producer_tail %pipeP, %sft#1
    cute_nvgpu.pipeline_producer_tail %pipeT, %sft#2
    return
  }

  // Softmax thread: its row's two statistics into shared memory, then
  // one arrival per warp on the stats pipeline.
  func.func private @send_stat(%pipeT: !PP, %tp: !S1, %a: !stat1, %va: f32, %b: !stat1, %vb: f32) -> !S1 {
    cute_nvgpu.pipeline_producer_acquire %pipeT, %tp
    %xa = vector.broadcast %va : f32 to vector<1xf32>
    %xb = vector.broadcast %vb : f32 to vector<1xf32>
    cute.store(%xa, %a)
    cute.store(%xb, %b)
    cute_nvgpu.warp_sync
    cute_nvgpu.elect_one {
      cute_nvgpu.pipeline_producer_commit %pipeT, %tp
    }
    %x = cute_nvgpu.pipeline_state_advance %tp
    return %x : !S1
  }

  // Correction warpgroup (FA4's), kv tile n >= 1 of one half: waits for
  // alpha(n) and P(n - 1) V(n - 1), rescales O where a row of the warp
  // moved its max, then releases "P V done", which is what lets the MMA
  // thread issue P(n) V(n) into O.
  func.func private @correct_step(%pipeO: !PS, %pipeT: !PP, %myA: !stat1, %tO: !tO, %q: i32, %oc: !S1, %tcs: !S1) -> (!S1, !S1) {
    %fzero, %fone = cute.constants 0.0, 1.0 : f32
    cute_nvgpu.pipeline_consumer_wait %pipeT, %tcs
    %av = cute.load(%myA)
    %alpha = vector.extract %av[0] : f32 from vector<1xf32>
    cute_nvgpu.warp_sync
    cute_nvgpu.elect_one {
      cute_nvgpu.pipeline_consumer_release %pipeT, %tcs
    }
    cute_nvgpu.pipeline_consumer_wait %pipeO, %oc
    cute_nvgpu.tcgen05_fence_after_thread_sync
    %moved = arith.cmpf une, %alpha, %fone : f32
    %mf = arith.select %moved, %fone, %fzero : f32
    %wmax = cute.reduce<max, warp>(%mf) : f32
    %anyw = arith.cmpf ogt, %wmax, %fzero : f32
    scf.if %anyw {
      func.call @rescale_o(%tO, %q, %alpha) : (!tO, i32, f32) -> ()
    }
    cute_nvgpu.tcgen05_fence_before_thread_sync
    cute_nvgpu.warp_sync
    cute_nvgpu.elect_one {
      cute_nvgpu.pipeline_consumer_release %pipeO, %oc
    }
    %ocn = cute_nvgpu.pipeline_state_advance %oc
    %tcn = cute_nvgpu.pipeline_state_advance %tcs
    return %ocn, %tcn : !S1, !S1
  }

  // Correction warpgroup, end of a work tile for one half (row = r0 +
  // thread % 128): the row's m and l, the last P V; O / l (0 for a row
  // that saw nothing) and the LSE, (m scale2 + log2 l) ln 2 (-inf then).
  // A half whose 128 rows all lie in the sequence (`staged`) goes to the
  // epilogue warp through the staging ring, 64 columns per stage; a
  // partial half (the sequence's last) is stored row by row here, rows
  // past seq_q skipped: its box would cover rows of the next sequence,
  // which a TMA store over the whole (total_q, hq D) tensor would
  // overwrite (FA4 likewise leaves variable-length O to the correction
  // warps).
  func.func private @epilogue_half(%pipeO: !PS, %pipeT: !PP, %myA: !stat1, %myL: !stat1, %tO: !tO, %q: i32, %oc: !S1, %tcs: !S1, %pipeE: !PE, %es: !S2, %sO: !sOt, %staged: i1, %lane: i32, %po: !cute.ptr<!T, gmem, align<16>>, %plse: !cute.ptr<f32, gmem, align<4>>, %q0: i32, %seqq: i32, %row: i32, %h: i32, %live: i1, %ntiles: i32, %totalq: i32, %ldo: i32, %scale2: f32) -> (!S1, !S1, !S2) {
    %c0, %c1, %c2, %c32, %c64, %d = cute.constants 0, 1, 2, 32, 64, D : i32
    %ln2, %fzero, %fone = cute.constants 0.693147182, 0.0, 1.0 : f32
    %ninf = arith.constant 0xFF800000 : f32
    %rO = cute.make_fragment() : !cute.memref<f32, rmem, align<16>, "32:1">
    %rOh = cute.make_fragment() : !cute.memref<!T, rmem, align<16>, "32:1">
    %any = arith.cmpi sgt, %ntiles, %c0 : i32
    %ml:2 = scf.if %any -> (f32, f32) {
      cute_nvgpu.pipeline_consumer_wait %pipeT, %tcs
      %mv = cute.load(%myA)
      %lv = cute.load(%myL)
      %m = vector.extract %mv[0] : f32 from vector<1xf32>
      %l = vector.extract %lv[0] : f32 from vector<1xf32>
      cute_nvgpu.warp_sync
      cute_nvgpu.elect_one {
        cute_nvgpu.pipeline_consumer_release %pipeT, %tcs
      }
      cute_nvgpu.pipeline_consumer_wait %pipeO, %oc
      cute_nvgpu.tcgen05_fence_after_thread_sync
      scf.yield %m, %l : f32, f32
    } else {
      scf.yield %ninf, %fzero : f32, f32
    }
    %lpos = arith.cmpf ogt, %ml#1, %fzero : f32
    %linv = arith.divf %fone, %ml#1 : f32
    %rinv = arith.select %lpos, %linv, %fzero : f32
    %rb = vector.broadcast %rinv : f32 to vector<32xf32>
    %inRow = arith.cmpi slt, %row, %seqq : i32
    %store = arith.andi %live, %inRow : i1
    // Row q0 + row of head h in O: D values, 32 at a time.
    %qrow = arith.addi %q0, %row : i32
    %orow = arith.muli %qrow, %ldo : i32
    %hd = arith.muli %h, %d : i32
    %ooff = arith.addi %orow, %hd : i32
    %nb = arith.divui %d, %c64 : i32
    %eo = scf.if %live -> (!S2) {
      %r = scf.for %jb = %c0 to %nb step %c1 iter_args(%s = %es) -> (!S2) : i32 {
        // Staged: the stage's last TMA store has read it.
        scf.if %staged {
          cute_nvgpu.pipeline_producer_acquire %pipeE, %s
        }
        %si = cute_nvgpu.pipeline_state_index %s
        %sc = cute.make_coord(%si) -> !cute.coord<"(_,?)">
        %stage = cute.tensor_slice(%sO, %sc)
        scf.for %k = %c0 to %c2 step %c1 : i32 {
          %jb2 = arith.muli %jb, %c2 : i32
          %jj = arith.addi %jb2, %k : i32
          %ov = scf.if %any -> vector<32xf32> {
            %cw = cute.make_coord(%q, %jj) -> !cute.coord<"(?,?)">
            %tt = cute.local_tile(%tO, %cw) {tiler = #cute.shape<"(32,32)">}
            cute.copy(%tt, %rO) {atom = #cute_nvgpu.tcgen05_ld<shape = 32x32b, num = 32>}
            cute_nvgpu.tcgen05_wait_ld
            %v = cute.load(%rO)
            scf.yield %v : vector<32xf32>
          } else {
            %zv = vector.broadcast %fzero : f32 to vector<32xf32>
            scf.yield %zv : vector<32xf32>
          }
          %on = arith.mulf %ov, %rb : vector<32xf32>
          %oh = arith.truncf %on : vector<32xf32> to vector<32x!T>
          cute.store(%oh, %rOh)
          scf.if %staged {
            // The thread's row of the stage: 4 x 16 bytes, which the
            // swizzle spreads over 8 distinct 16-byte bank groups per 8
            // rows (conflict-free).
            %wc = cute.make_coord(%q, %k) -> !cute.coord<"(?,?)">
            %sw = cute.local_tile(%stage, %wc) {tiler = #cute.shape<"(32,32)">}
            %srow = cute.partition_tv(%sw, %lane) {tv_layout = #cute.layout<"(32,32):(1,32)">}
            cute.copy(%rOh, %srow)
          } else {
            scf.if %inRow {
              %j32 = arith.muli %jj, %c32 : i32
              %off = arith.addi %ooff, %j32 : i32
              // A multiple of 8 elements (ldo and D are; the interface's
              // rule), so the row's 32 values go out as 16-byte stores.
              %off8 = cute.make_int_tuple(%off) -> !cute.int_tuple<"?{div=8}">
              %pr = cute.add_offset(%po, %off8)
              %l32 = cute.static : !cute.layout<"32:1">
              %gr = cute.make_view(%pr, %l32)
              cute.copy(%rOh, %gr)
            }
          }
        } {cute.unroll}
        // Generic-proxy writes, then the TMA (async proxy) reads them.
        %sn = scf.if %staged -> (!S2) {
          cute_nvgpu.fence_proxy_async
          cute_nvgpu.warp_sync
          cute_nvgpu.elect_one {
            cute_nvgpu.pipeline_producer_commit %pipeE, %s
          }
          %x = cute_nvgpu.pipeline_state_advance %s
          scf.yield %x : !S2
        } else {
          scf.yield %s : !S2
        }
        scf.yield %sn : !S2
      } {cute.unroll}
      scf.yield %r : !S2
    } else {
      scf.yield %es : !S2
    }
    scf.if %store {
      %lm = arith.mulf %ml#0, %scale2 : f32
      %l2 = math.log2 %ml#1 : f32
      %ls2 = arith.addf %lm, %l2 : f32
      %lse0 = arith.mulf %ls2, %ln2 : f32
      %lse = arith.select %lpos, %lse0, %ninf : f32
      %hoff = arith.muli %h, %totalq : i32
      %loff = arith.addi %hoff, %qrow : i32
      %pl = cute.add_offset(%plse, %loff)
      %l1 = cute.static : !cute.layout<"1:1">
      %gl = cute.make_view(%pl, %l1)
      %lv = vector.broadcast %lse : f32 to vector<1xf32>
      cute.store(%lv, %gl)
    }
    // O is read: the MMA thread may start the next tile's P V.
    %out:2 = scf.if %any -> (!S1, !S1) {
      cute_nvgpu.tcgen05_fence_before_thread_sync
      cute_nvgpu.warp_sync
      cute_nvgpu.elect_one {
        cute_nvgpu.pipeline_consumer_release %pipeO, %oc
      }
      %x = cute_nvgpu.pipeline_state_advance %oc
      %y = cute_nvgpu.pipeline_state_advance %tcs
      scf.yield %x, %y : !S1, !S1
    } else {
      scf.yield %oc, %tcs : !S1, !S1
    }
    return %out#0, %out#1, %eo : !S1, !S1, !S2
  }
}
