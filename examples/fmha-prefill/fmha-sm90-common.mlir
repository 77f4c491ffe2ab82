// Helpers of the sm_90a attention kernels' design (kernel-sm90.mlir, bf16
// and f16, and kernel-sm90-fp8.mlir, e4m3, import this file; it imports
// fmha-common.mlir): the L2-section schedule, the ping-pong turns of the
// two consumer warpgroups, O's rescale and the online softmax of one kv
// tile on wgmma's accumulator layout. The MMAs named here only give that
// layout (a 64 x N f32 accumulator per warpgroup), which does not depend
// on the operand types.
#D = #cute.param<"D", 128 : i32>
#BN = #cute.param<"BN", 128 : i32>
#PP = #cute.param<"PP", true>
// The number of consumer warpgroups (64 q rows each) of kernel-sm90.mlir.
#WG = #cute.param<"WG", 2 : i32>
// The bytes of K and V that one section of heads keeps in L2.
#L2 = #cute.param<"L2", 16777216 : i32>
#mmaS = #cute.tiled_mma<#cute_nvgpu.wgmma<m = 64, n = BN, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k>, #cute.layout<"(2,1,1):(1,0,0)">>
#mmaO = #cute.tiled_mma<#cute_nvgpu.wgmma<m = 64, n = D, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k>, #cute.layout<"(2,1,1):(1,0,0)">>
!sv = !cute.vec<"BN/2", f32>
!si = !cute.vec<"BN/2", i32>
!sb = !cute.vec<"BN/2", i1>
!ov = !cute.vec<"D/2", f32>
// The output's element type: kernel-sm90.mlir's T (bf16 or f16); the FP8
// kernel, which declares no T, writes bf16.
!T = !cute.param<"T", bf16>
!oh = !cute.vec<"D/2", !T>
// O's and the LSE's tiles over the WG consumer warpgroups (only their C
// partitions are used: the operand types do not matter).
#mmaOt = #cute.tiled_mma<#cute_nvgpu.wgmma<m = 64, n = D, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k>, #cute.layout<"(WG,1,1):(1,0,0)">>
#mmaL = #cute.tiled_mma<#cute_nvgpu.wgmma<m = 64, n = 8, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k>, #cute.layout<"(WG,1,1):(1,0,0)">>
!sfrag = !cute.memref<f32, rmem, align<16>, "((2,2,BN/8),1,1):((1,2,4),0,0)">
!ofrag = !cute.memref<f32, rmem, align<16>, "((2,2,D/8),1,1):((1,2,4),0,0)">
// The dynamic schedule's ring of tile indices (producer -> other roles).
!TP = !cute_nvgpu.pipeline<async, 2>
!TS = !cute_nvgpu.pipeline_state<2>
!slots = !cute.memref<i32, smem, align<4>, "2:1">

module attributes {cute.imports = ["fmha-common.mlir"]} {
  // The q heads of one L2 section: the heads of the largest power-of-two
  // number of GQA groups (dividing hkv) whose K and V, at the batch's mean
  // kv length, fit in #L2 bytes (a third of the H100's and H200's 50 MB
  // L2, so that the next section's K and V can stream in beside).
  func.func private @section_heads(%batch: i32, %totalk: i32, %hq: i32, %hkv: i32) -> i32 {
    %c0, %c1, %c2, %c4, %c16, %d, %l2, %kcap = cute.constants 0, 1, 2, 4, 16, D, L2, 1048576 : i32
    %d4 = arith.muli %d, %c4 : i32
    %meank0 = arith.ceildivui %totalk, %batch : i32
    %meank1 = arith.minui %meank0, %kcap : i32
    %meank = arith.maxui %meank1, %c1 : i32
    %bytes = arith.muli %meank, %d4 : i32
    %most = arith.divui %l2, %bytes : i32
    %p = scf.for %i = %c0 to %c16 step %c1 iter_args(%p = %c1) -> (i32) : i32 {
      %p2 = arith.muli %p, %c2 : i32
      %r = arith.remui %hkv, %p2 : i32
      %divides = arith.cmpi eq, %r, %c0 : i32
      %fits = arith.cmpi ule, %p2, %most : i32
      %ok = arith.andi %divides, %fits : i1
      %pn = arith.select %ok, %p2, %p : i32
      scf.yield %pn : i32
    }
    %group = arith.divui %hq, %hkv : i32
    %hs = arith.muli %p, %group : i32
    return %hs : i32
  }

  // Tile t of the schedule: t = ((b nsec + s) mtilesMax + i) hs + hh in
  // sequence b's section s of hs q heads (@section_heads), q head
  // s hs + hh, q tile mt = i (causal: mtilesMax - 1 - i, the longest
  // first). The CTAs working at one time take neighbouring q tiles of
  // the same few heads (their K and V stay in L2), and with the causal
  // mask tiles of similar work, longest first (the LPT order: a CTA that
  // finishes early takes a lighter tile). Returns the sequence's first q
  // and k rows, its lengths, mt, h, whether the tile has rows and its kv
  // tiles.
  func.func private @tile_work(%t: i32, %pcuq: !cute.ptr<i32, gmem, align<4>>, %pcuk: !cute.ptr<i32, gmem, align<4>>, %batch: i32, %hq: i32, %hs: i32, %mtilesMax: i32, %causal: i1) -> (i32, i32, i32, i32, i32, i32, i1, i32) {
    %c128 = arith.constant 128 : i32
    %q0, %k0, %seqq, %seqk, %mt, %h, %live, %n = func.call @tile_work_rows(%t, %pcuq, %pcuk, %batch, %hq, %hs, %mtilesMax, %causal, %c128) : (i32, !cute.ptr<i32, gmem, align<4>>, !cute.ptr<i32, gmem, align<4>>, i32, i32, i32, i32, i1, i32) -> (i32, i32, i32, i32, i32, i32, i1, i32)
    return %q0, %k0, %seqq, %seqk, %mt, %h, %live, %n : i32, i32, i32, i32, i32, i32, i1, i32
  }

  // The same for q tiles of %rows rows (a constant at each call: 64 per
  // consumer warpgroup; @tile_work: 128), mtilesMax = ceil(max seq_q /
  // rows) of them per (sequence, head).
  func.func private @tile_work_rows(%t: i32, %pcuq: !cute.ptr<i32, gmem, align<4>>, %pcuk: !cute.ptr<i32, gmem, align<4>>, %batch: i32, %hq: i32, %hs: i32, %mtilesMax: i32, %causal: i1, %rows: i32) -> (i32, i32, i32, i32, i32, i32, i1, i32) {
    %c0, %c1, %bn = cute.constants 0, 1, BN : i32
    %hh = arith.remui %t, %hs : i32
    %r = arith.divui %t, %hs : i32
    %i = arith.remui %r, %mtilesMax : i32
    %r2 = arith.divui %r, %mtilesMax : i32
    %nsec = arith.divui %hq, %hs : i32
    %s = arith.remui %r2, %nsec : i32
    %b = arith.divui %r2, %nsec : i32
    %hs0 = arith.muli %s, %hs : i32
    %h = arith.addi %hs0, %hh : i32
    %ilast = arith.subi %mtilesMax, %c1 : i32
    %ir = arith.subi %ilast, %i : i32
    %mt = arith.select %causal, %ir, %i : i32
    %q0, %k0, %seqq, %seqk = func.call @seq_rows(%pcuq, %pcuk, %batch, %b) : (!cute.ptr<i32, gmem, align<4>>, !cute.ptr<i32, gmem, align<4>>, i32, i32) -> (i32, i32, i32, i32)
    %mtiles = arith.ceildivui %seqq, %rows : i32
    %live = arith.cmpi ult, %mt, %mtiles : i32
    %r0 = arith.muli %mt, %rows : i32
    %n0 = func.call @kv_tiles(%r0, %rows, %bn, %seqq, %seqk, %causal) : (i32, i32, i32, i32, i32, i1) -> i32
    %n = arith.select %live, %n0, %c0 : i32
    return %q0, %k0, %seqq, %seqk, %mt, %h, %live, %n : i32, i32, i32, i32, i32, i32, i1, i32
  }

  // The dynamic schedule's ring: the producer's elected thread puts tile t
  // into the next slot (the last index, past the end, too: it ends every
  // role's loop); each other warp reads it and releases the slot (one
  // arrival per warp). Returns the state after the slot.
  func.func private @put_tile(%pipeT: !TP, %slots: !slots, %s: !TS, %t: i32) -> !TS {
    cute_nvgpu.pipeline_producer_acquire %pipeT, %s
    %i = cute_nvgpu.pipeline_state_index %s
    %c = cute.make_coord(%i) -> !cute.coord<"?">
    %slot = cute.tensor_slice(%slots, %c)
    %v = vector.broadcast %t : i32 to vector<1xi32>
    cute.store(%v, %slot)
    cute_nvgpu.pipeline_producer_commit %pipeT, %s
    %n = cute_nvgpu.pipeline_state_advance %s
    return %n : !TS
  }
  func.func private @take_tile(%pipeT: !TP, %slots: !slots, %s: !TS) -> (i32, !TS) {
    cute_nvgpu.pipeline_consumer_wait %pipeT, %s
    %i = cute_nvgpu.pipeline_state_index %s
    %c = cute.make_coord(%i) -> !cute.coord<"?">
    %slot = cute.tensor_slice(%slots, %c)
    %v = cute.load(%slot)
    %t = vector.extract %v[0] : i32 from vector<1xi32>
    cute_nvgpu.warp_sync
    cute_nvgpu.elect_one {
      cute_nvgpu.pipeline_consumer_release %pipeT, %s
    }
    %n = cute_nvgpu.pipeline_state_advance %s
    return %t, %n : i32, !TS
  }

  // Ping-pong turns of the #WG consumer warpgroups (2 or 3), warpgroup
  // %wgi: barrier 1 + i is warpgroup i's turn, handed on round robin (0,
  // 1, .., WG - 1, 0, ..), each barrier counting the waiting warpgroup and
  // the one that hands it over (256 threads). Warpgroup WG - 1 opens
  // warpgroup 0's first turn (@open_turns) and warpgroup 0 waits for the
  // last hand-over at the end (@close_turns), so every arrival is waited
  // for. Wait for this warpgroup's turn; after issuing, hand it on.
  func.func private @take_turn(%wgi: i32) {
    %pp = arith.constant #PP
    scf.if %pp {
      %c1 = arith.constant 1 : i32
      %id = arith.addi %wgi, %c1 : i32
      cute_nvgpu.named_barrier id = %id, threads = 256
    }
    return
  }
  func.func private @pass_turn(%wgi: i32) {
    %pp = arith.constant #PP
    scf.if %pp {
      %c1, %nwg = cute.constants 1, WG : i32
      %n = arith.addi %wgi, %c1 : i32
      %next = arith.remui %n, %nwg : i32
      %id = arith.addi %next, %c1 : i32
      cute_nvgpu.named_barrier arrive id = %id, threads = 256
    }
    return
  }
  func.func private @open_turns(%wgi: i32) {
    %pp = arith.constant #PP
    %c1, %nwg = cute.constants 1, WG : i32
    %last = arith.subi %nwg, %c1 : i32
    %isLast = arith.cmpi eq, %wgi, %last : i32
    %open = arith.andi %pp, %isLast : i1
    scf.if %open {
      cute_nvgpu.named_barrier arrive id = 1, threads = 256
    }
    return
  }
  func.func private @close_turns(%wgi: i32) {
    %pp = arith.constant #PP
    %c0 = arith.constant 0 : i32
    %wg0 = arith.cmpi eq, %wgi, %c0 : i32
    %close = arith.andi %pp, %wg0 : i1
    scf.if %close {
      cute_nvgpu.named_barrier id = 1, threads = 256
    }
    return
  }

  // O *= alpha, one factor per row.
  func.func private @rescale(%o: !ofrag, %alpha: vector<2xf32>) {
    %ab = cute.mma_broadcast<rows> of #mmaO (%alpha, %o)
    %ov = cute.load(%o)
    %os = arith.mulf %ov, %ab : !ov
    cute.store(%os, %o)
    return
  }

  // The online softmax of kv tile n (its scores in %acc): masks columns
  // past seq_k and, with the causal mask, past the diagonal, on the tiles
  // that need it; updates the running row maximum m (of the raw scores)
  // and sum l (of exp2(scale log2(e) (s - m)))); leaves P in %acc and
  // returns m, l and the factor alpha that rescales the previous O. A
  // row masked so far (m = -inf) uses 0 as its offset, so its exp2 give
  // 0, not NaN.
  func.func private @softmax_tile(%acc: !sfrag, %m: vector<2xf32>, %l: vector<2xf32>, %n: i32, %r0: i32, %seqq: i32, %seqk: i32, %causal: i1, %ct: i32, %scale: f32) -> (vector<2xf32>, vector<2xf32>, vector<2xf32>) {
    %bn = arith.constant #BN
    %log2e = arith.constant 1.44269504 : f32
    %ninf = arith.constant 0xFF800000 : f32
    %scale2 = arith.mulf %scale, %log2e : f32
    %sc2 = vector.broadcast %scale2 : f32 to !sv
    %ninfs = vector.broadcast %ninf : f32 to !sv
    %s0 = cute.load(%acc)
    %diag = arith.subi %seqk, %seqq : i32
    %c0n = arith.muli %n, %bn : i32
    %needMask = func.call @needs_mask(%c0n, %bn, %r0, %seqq, %seqk, %causal) : (i32, i32, i32, i32, i32, i1) -> i1
    %s = scf.if %needMask -> !sv {
      %shS = cute.make_shape(%seqq, %seqk)
      %cS = cute.make_identity_tensor(%shS)
      %at = cute.make_coord(%r0, %c0n) -> !cute.coord<"(?,?)">
      %cSt = cute.domain_offset(%cS, %at)
      %zz = cute.make_coord() -> !cute.coord<"(0,0)">
      %tile = cute.local_tile(%cSt, %zz) {tiler = #cute.shape<"(128,BN)">}
      %mine = cute.mma_partition "C" of #mmaS (%tile, %ct)
      %rows, %cols = cute.load_coords(%mine)
      %seqkv = vector.broadcast %seqk : i32 to !si
      %diagv = vector.broadcast %diag : i32 to !si
      %out = arith.cmpi sge, %cols, %seqkv : !si
      %lim = arith.addi %rows, %diagv : !si
      %after = arith.cmpi sgt, %cols, %lim : !si
      %causalv = vector.broadcast %causal : i1 to !sb
      %afterc = arith.andi %after, %causalv : !sb
      %masked = arith.ori %out, %afterc : !sb
      %sm = arith.select %masked, %ninfs, %s0 : !sb, !sv
      scf.yield %sm : !sv
    } else {
      scf.yield %s0 : !sv
    }
    cute.store(%s, %acc)
    %tmax = cute.mma_reduce<max, rows> of #mmaS (%acc)
    %mnew, %moff, %alpha = func.call @online_max(%m, %tmax, %scale2) : (vector<2xf32>, vector<2xf32>, f32) -> (vector<2xf32>, vector<2xf32>, vector<2xf32>)
    %moffb = cute.mma_broadcast<rows> of #mmaS (%moff, %acc)
    %moffn = arith.negf %moffb : !sv
    %ps = math.fma %s, %sc2, %moffn : !sv
    %p = math.exp2 %ps fastmath<afn> : !sv
    cute.store(%p, %acc)
    %rsum = cute.mma_reduce<add, rows> of #mmaS (%acc)
    %la = arith.mulf %l, %alpha : vector<2xf32>
    %lnew = arith.addf %la, %rsum : vector<2xf32>
    return %mnew, %lnew, %alpha : vector<2xf32>, vector<2xf32>, vector<2xf32>
  }

  // A q tile's epilogue (q tile mt of 64 WG rows of the sequence whose
  // first row is q0, seq_q rows, head h; thread ct of the consumers):
  // O / l times %oscale (the FP8 kernel's V descale; 1 otherwise), 0 for
  // a row that saw nothing, as T into O's rows (a (tokens, D, heads) view,
  // rows ldo apart, a multiple of 8: the offset keeps the 16-byte
  // alignment and pairs store as one; rows past seq_q are not stored), and
  // the LSE (m scale2 + log2 l) ln 2 (-inf for such a row) into row
  // q0 + .. of head h's (seq_q, 8) view with column stride 0.
  func.func private @store_o_lse(%o: !ofrag, %m: vector<2xf32>, %l: vector<2xf32>, %oscale: vector<2xf32>, %scale: f32, %po: !cute.ptr<!T, gmem, align<16>>, %plse: !cute.ptr<f32, gmem, align<4>>, %ldo: i32, %totalq: i32, %hq: i32, %h: i32, %q0: i32, %seqq: i32, %mt: i32, %ct: i32) {
    %lpos, %rinv0 = func.call @row_inv(%l) : (vector<2xf32>) -> (vector<2xi1>, vector<2xf32>)
    %rinv = arith.mulf %rinv0, %oscale : vector<2xf32>
    %rb = cute.mma_broadcast<rows> of #mmaO (%rinv, %o)
    %ov = cute.load(%o)
    %on = arith.mulf %ov, %rb : !ov
    %oh = arith.truncf %on : !ov to !oh
    %out = cute.make_fragment() : !cute.memref<!T, rmem, align<16>, "((2,2,D/8),1,1):((1,2,4),0,0)">
    cute.store(%oh, %out)
    %shO = cute.make_shape(%totalq, %hq) -> !cute.shape<"(?,D,?)">
    %so = cute.make_stride(%ldo) -> !cute.stride<"(?{div=8},1,D)">
    %lo = cute.make_layout(%shO, %so)
    %go = cute.make_view(%po, %lo)
    %oo = cute.make_coord(%q0, %h) -> !cute.coord<"(?,0,?)">
    %goO = cute.domain_offset(%go, %oo)
    %goP = cute.get_iter(%goO)
    %shOs = cute.make_shape(%seqq) -> !cute.shape<"(?,D)">
    %sos = cute.make_stride(%ldo) -> !cute.stride<"(?{div=8},1)">
    %los = cute.make_layout(%shOs, %sos)
    %gos = cute.make_view(%goP, %los)
    %tc = cute.make_coord(%mt) -> !cute.coord<"(?,0)">
    %gOt = cute.local_tile(%gos, %tc) {tiler = #cute.shape<"(WG*64,D)">}
    %gOp = cute.mma_partition "C" of #mmaOt (%gOt, %ct)
    cute.copy(%out, %gOp) {masked}
    %lse = func.call @row_lse(%m, %l, %lpos, %scale) : (vector<2xf32>, vector<2xf32>, vector<2xi1>, f32) -> vector<2xf32>
    %lfrag = cute.make_fragment() : !cute.memref<f32, rmem, align<16>, "((2,2,1),1,1):((1,2,4),0,0)">
    %lb = cute.mma_broadcast<rows> of #mmaL (%lse, %lfrag)
    cute.store(%lb, %lfrag)
    %hoff = arith.muli %h, %totalq : i32
    %loff = arith.addi %hoff, %q0 : i32
    %c8 = arith.constant 8 : i32
    %shL = cute.make_shape(%seqq, %c8)
    %sl = cute.static : !cute.stride<"(1,0)">
    %ll = cute.make_layout(%shL, %sl)
    %plh = cute.add_offset(%plse, %loff)
    %gl = cute.make_view(%plh, %ll)
    %gLt = cute.local_tile(%gl, %tc) {tiler = #cute.shape<"(WG*64,8)">}
    %gLp = cute.mma_partition "C" of #mmaL (%gLt, %ct)
    cute.copy(%lfrag, %gLp) {masked}
    return
  }
}
