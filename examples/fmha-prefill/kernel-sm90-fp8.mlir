// chips: sm_90a
// Attention forward (prefill) in FP8 on the H200: the FlashAttention-3
// design of kernel-sm90.mlir with Q, K and V in e4m3 (f8E4M3FN) and
// per-tensor descales, O in bf16: O = softmax(scale dq dk Q K^T) (dv V),
// with the log-sum-exp of each row (of scale dq dk Q K^T).
//
// Tensors as in kernel-sm90.mlir (FlashAttention's variable-length
// layout): Q [total_q, hq, D], K and V [total_k, hkv, D] e4m3, O
// [total_q, hq, D] bf16, rows ldq / ldk / ldv / ldo elements apart;
// cu_seqlens, GQA/MQA, bottom-right causal masks, lse f32 [hq, total_q].
// The descales dq, dk, dv are f32 values in device memory (one each: a
// quantization kernel that wrote the tensors can write them too, and a
// captured graph reads the current ones).
//
// What FP8 changes:
// - wgmma takes 8-bit operands K-major only: S = Q K^T reads both from
//   shared memory as they land (D contiguous), but O += P V needs V with
//   the kv index contiguous. V's tiles land from TMA in a staging ring
//   (BN x D, as K's) and the producer warpgroup's warps 1-3 transpose
//   each into a V^T ring (D x BN, K-major, 128-byte swizzle), which the
//   consumers read. A warp moves a 16 x 32 byte block per step with one
//   ldmatrix.x4.trans (16-bit elements: byte pairs of two kv rows), four
//   prmt (a byte permute pairs the rows) and one stmatrix.x4 (FA3's
//   transpose): 16 bytes per lane and step.
// - P goes to e4m3 as wgmma's register A operand
//   (cute_nvgpu.accumulator_to_operand: 8-bit A takes the accumulator's
//   values of 4 k columns per register, exchanged within quads).
// - the softmax runs on S (f32) scaled by scale dq dk; the epilogue
//   multiplies O by dv / l.
//
// Persistent CTAs take tiles from the dynamic schedule of kernel-sm90.mlir
// (cute_nvgpu.ticket, longest first in L2 sections of heads); the
// producer warp's elected thread loads Q, K and V, the consumer
// warpgroups (two, ping-pong) compute as in kernel-sm90.mlir, and the
// transposer warps take the same tile sequence through the slot ring.
// Tiles: 128 x BN, BN = 128 (one 128-byte swizzle row of V^T). Head
// dims 128 and 256 (D = 256 fills 230440 of the 232448 bytes of shared
// memory; D = 64 would need 64-byte swizzled Q, K and V rows, which the
// transposer's 128-byte block steps do not handle yet).
// Host: grid = min(tiles, SMs), mtilesMax = ceil(max seq_q / 128).
!F8 = f8E4M3FN
!TO = bf16
#D = #cute.param<"D", 128 : i32>
#BN = #cute.param<"BN", 128 : i32>
#PP = #cute.param<"PP", true>
#OV = #cute.param<"OV", true>
// Stages of the V^T ring: the transposers may run this many kv tiles
// minus one ahead of the consumers' P V.
#VS = #cute.param<"VS", 2 : i32>

!LS = !cute_nvgpu.pipeline_state<2>
!LV = !cute_nvgpu.pipeline_state<VS>
!QS = !cute_nvgpu.pipeline_state<1>
#wgS = #cute_nvgpu.wgmma<m = 64, n = BN, k = 32, a = !F8, b = !F8, c = f32, a_major = k, b_major = k>
#mmaS = #cute.tiled_mma<#wgS, #cute.layout<"(2,1,1):(1,0,0)">>
// O += P V^T: P from registers, V^T (N = D, K = BN) K-major.
#wgO = #cute_nvgpu.wgmma<m = 64, n = D, k = 32, a = !F8, b = !F8, c = f32, a_major = k, b_major = k, a_src = rmem>
#mmaO = #cute.tiled_mma<#wgO, #cute.layout<"(2,1,1):(1,0,0)">>
!sfrag = !cute.memref<f32, rmem, align<16>, "((2,2,BN/8),1,1):((1,2,4),0,0)">
!ofrag = !cute.memref<f32, rmem, align<16>, "((2,2,D/8),1,1):((1,2,4),0,0)">
!sv = !cute.vec<"BN/2", f32>
!p8 = !cute.vec<"BN/2", !F8>
!pfrag = !cute.memref<!F8, rmem, align<16>, "(16,1,BN/32):(1,0,16)">

module attributes {gpu.container_module,
    cute.instances = ["e4m3_d128:D=128", "e4m3_d256:D=256"]} {
  gpu.module @fmha_fp8_sm90 attributes {cute.imports = ["fmha-sm90-common.mlir"]} {
    // @section_heads, @tile_work, @take_turn, @pass_turn, @rescale,
    // @softmax_tile: fmha-sm90-common.mlir (shared with kernel-sm90.mlir);
    // @seq_rows, @kv_tiles, @row_inv, @row_lse: fmha-common.mlir.
    // A descale: the f32 at p.
    func.func private @descale(%p: !cute.ptr<f32, gmem, align<4>>) -> f32 {
      %sh = cute.static : !cute.shape<"(1)">
      %st = cute.static : !cute.stride<"(1)">
      %l = cute.make_layout(%sh, %st)
      %v = cute.make_view(%p, %l)
      %x = cute.load(%v)
      %s = vector.extract %x[0] : f32 from vector<1xf32>
      return %s : f32
    }

    // The transposer warps' part of V^T(n): V (BN x D, D contiguous) from
    // its staging stage into its V^T stage (D x BN, kv contiguous), read
    // as 16-bit elements. A step moves a 16 x 32 byte block (16 kv rows
    // from k0 = 16 kb, D bytes 32 cp ..) with one ldmatrix.x4.trans, four
    // prmt and one stmatrix.x4 (FA3's transpose): ldmatrix.trans gives
    // lane 4 g + q the byte pairs 2 g, 2 g + 1 of a 16-byte D chunk from kv
    // rows 2 q and 2 q + 1 (one register per 8 x 8 matrix: rows k0 .. k0 + 7
    // and k0 + 8 .. k0 + 15 of D chunks 2 cp and 2 cp + 1); a byte permute
    // of each pair of registers gives one D row's 4 kv bytes
    // k0 + {2 q, 2 q + 1, 2 q + 8, 2 q + 9}, which is P's k order (@to_operand),
    // at V^T's bytes k0 + 4 q ..; stmatrix stores matrix j's row g (lanes
    // 4 g ..) to D row 32 cp + 16 (j / 2) + 2 g + j % 2. Step i = tw, tw + 3,
    // ... of the BN / 16 x D / 32 blocks, kb fastest. Bank conflicts: none
    // on the loads (8 kv rows of one chunk: the 128-byte swizzle spreads
    // them), 2-way on the stores (a matrix's 8 D rows are all even or all
    // odd, so 4 swizzle phases).
    func.func private @transpose_v(%vs: !cute.memref<i16, smem, align<1024>, S<3,3,3>, "(BN,(64,D/128)):(64,(1,BN*64))">, %vt: !cute.memref<i16, smem, align<1024>, S<3,3,3>, "(D,(64,BN/128)):(64,(1,D*64))">, %tw: i32, %lane: i32) {
      %c1, %c2, %c3, %c7, %c8, %c16, %c32x, %d, %bn = cute.constants 1, 2, 3, 7, 8, 16, 32, D, BN : i32
      %nkb = arith.divui %bn, %c16 : i32
      %ncp2 = arith.divui %d, %c32x : i32
      %nsteps = arith.muli %nkb, %ncp2 : i32
      // The lane's row of an ldmatrix matrix (kv row in the block, D chunk)
      // and of a stmatrix matrix (D row in the block).
      %r = arith.andi %lane, %c7 : i32
      %j = arith.shrui %lane, %c3 : i32
      %jlo = arith.andi %j, %c1 : i32
      %jhi = arith.shrui %j, %c1 : i32
      %lr8 = arith.muli %jlo, %c8 : i32
      %lr = arith.addi %lr8, %r : i32
      %sr2 = arith.muli %r, %c2 : i32
      %sr16 = arith.muli %jhi, %c16 : i32
      %sr0 = arith.addi %sr2, %sr16 : i32
      %sr = arith.addi %sr0, %jlo : i32
      %regs = cute.make_fragment() : !cute.memref<i16, rmem, align<16>, "8:1">
      %outs = cute.make_fragment() : !cute.memref<i16, rmem, align<16>, "8:1">
      scf.for %i = %tw to %nsteps step %c3 : i32 {
        %kb = arith.remui %i, %nkb : i32
        %cp = arith.divui %i, %nkb : i32
        %k0 = arith.muli %kb, %c16 : i32
        %kr = arith.addi %k0, %lr : i32
        %cp2 = arith.muli %cp, %c2 : i32
        %dc = arith.addi %cp2, %jhi : i32
        %ca = cute.make_coord(%kr, %dc) -> !cute.coord<"(?,?)">
        %src = cute.local_tile(%vs, %ca) {tiler = #cute.shape<"(1,8)">}
        cute.copy(%src, %regs) {atom = #cute_nvgpu.ldmatrix<num = 4, trans = true>}
        %v = cute.load(%regs)
        %b = vector.bitcast %v : vector<8xi16> to vector<16xi8>
        %t = vector.shuffle %b, %b [0, 2, 4, 6, 1, 3, 5, 7, 8, 10, 12, 14, 9, 11, 13, 15] : vector<16xi8>, vector<16xi8>
        %w = vector.bitcast %t : vector<16xi8> to vector<8xi16>
        cute.store(%w, %outs)
        %cp32 = arith.muli %cp, %c32x : i32
        %dr = arith.addi %cp32, %sr : i32
        %cd = cute.make_coord(%dr, %kb) -> !cute.coord<"(?,?)">
        %dst = cute.local_tile(%vt, %cd) {tiler = #cute.shape<"(1,8)">}
        cute.copy(%outs, %dst) {atom = #cute_nvgpu.stmatrix<num = 4>}
      }
      return
    }

    // cute.ftz: f32 denormals flush to zero, so each exponential is one
    // ex2.approx.ftz (without it ptxas adds three instructions to handle
    // denormal results; docs/pipeline.md).
    // P (the softmax's output in S's accumulator) as e4m3 in wgmma's
    // register-A order, each thread from its own values: A's k position
    // 32 b + 16 g + 4 q + i (thread q of a quad, byte i of a register) is
    // taken from S's column 32 b + 16 g + 8 (i / 2) + 2 q + i % 2, which
    // the thread holds. O += P V^T then sums over k in that order, so
    // @transpose_v puts V's rows into V^T in the same order. (FA3 does the
    // same; cute_nvgpu.accumulator_to_operand keeps S's column order
    // instead, at 16 shuffles and 16 prmt per thread and tile.)
    func.func private @to_operand(%acc: !sfrag, %pf: !pfrag) {
      %it = cute.get_iter(%acc)
      %l = cute.static : !cute.layout<"((2,2),2,2,BN/32):((1,4),2,8,16)">
      %v = cute.make_view(%it, %l)
      %x = cute.load(%v)
      %p = arith.truncf %x : !sv to !p8
      cute.store(%p, %pf)
      return
    }

    gpu.func @fmha(%pq: !cute.ptr<!F8, gmem, align<16>>, %pk: !cute.ptr<!F8, gmem, align<16>>, %pv: !cute.ptr<!F8, gmem, align<16>>, %po: !cute.ptr<!TO, gmem, align<16>>, %plse: !cute.ptr<f32, gmem, align<4>>, %pcuq: !cute.ptr<i32, gmem, align<4>>, %pcuk: !cute.ptr<i32, gmem, align<4>>, %batch: i32, %totalq: i32, %totalk: i32, %hq: i32, %hkv: i32, %ldq: i32, %ldk: i32, %ldv: i32, %ldo: i32, %softmaxScale: f32, %causali: i32, %mtilesMax: i32, %sched: !cute.ptr<i32, gmem, align<4>>, %pdq: !cute.ptr<f32, gmem, align<4>>, %pdk: !cute.ptr<f32, gmem, align<4>>, %pdv: !cute.ptr<f32, gmem, align<4>>) kernel
        attributes {gpu.known_block_size = array<i32: 384, 1, 1>, cute.no_specialize, cute.ftz} {
      %c0, %c1, %c2, %c32, %c64, %c128, %d, %bn = cute.constants 0, 1, 2, 32, 64, 128, D, BN : i32
      %fzero, %fone = cute.constants 0.0, 1.0 : f32
      %ninf = arith.constant 0xFF800000 : f32
      %tid = cute.thread_idx x
      %bx = cute.block_idx x
      %gx = cute.grid_dim x
      %causal = arith.cmpi ne, %causali, %c0 : i32
      %bh = arith.muli %batch, %hq : i32
      %ttot = arith.muli %mtilesMax, %bh : i32
      %group = arith.divui %hq, %hkv : i32
      %hs = func.call @section_heads(%batch, %totalk, %hq, %hkv) : (i32, i32, i32, i32) -> i32
      // Q, K, V as 2-D matrices (tokens, heads x D): a tile's box is at
      // (its first row, head x D + 128 j); V's tiles land as K's do.
      %hqd = arith.muli %hq, %d : i32
      %hkd = arith.muli %hkv, %d : i32
      %shQ = cute.make_shape(%totalq, %hqd)
      %shK = cute.make_shape(%totalk, %hkd)
      %sq = cute.make_stride(%ldq) -> !cute.stride<"(?,1)">
      %sk = cute.make_stride(%ldk) -> !cute.stride<"(?,1)">
      %sv = cute.make_stride(%ldv) -> !cute.stride<"(?,1)">
      %lq = cute.make_layout(%shQ, %sq)
      %lk = cute.make_layout(%shK, %sk)
      %lv = cute.make_layout(%shK, %sv)
      %gq = cute.make_view(%pq, %lq)
      %gk = cute.make_view(%pk, %lk)
      %gv = cute.make_view(%pv, %lv)
      %dq = cute_nvgpu.make_tma_desc %gq -> !cute_nvgpu.tma_desc<load, !cute.memref<!F8, smem, align<1024>, sw128, "(128,128):(128,1)">>
      %dk = cute_nvgpu.make_tma_desc %gk -> !cute_nvgpu.tma_desc<load, !cute.memref<!F8, smem, align<1024>, sw128, "(BN,128):(128,1)">>
      %dv = cute_nvgpu.make_tma_desc %gv -> !cute_nvgpu.tma_desc<load, !cute.memref<!F8, smem, align<1024>, sw128, "(BN,128):(128,1)">>
      %cQ = cute.make_identity_tensor(%shQ)
      %cK = cute.make_identity_tensor(%shK)
      // Shared memory: Q (128 x D), 2 stages of K and of staged V (BN x D)
      // and of V^T (D x BN), in 128-byte swizzled column blocks.
      %barQ = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "2:1">
      %barK = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "4:1">
      %barV = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "4:1">
      %barVt = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "2*VS:1">
      %sQ = cute.smem_alloc() : !cute.memref<!F8, smem, align<1024>, sw128, "(128,(128,D/128)):(128,(1,16384))">
      %sK = cute.smem_alloc() : !cute.memref<!F8, smem, align<1024>, sw128, "((BN,(128,D/128)),2):((128,(1,BN*128)),BN*D)">
      %sV = cute.smem_alloc() : !cute.memref<!F8, smem, align<1024>, sw128, "((BN,(128,D/128)),2):((128,(1,BN*128)),BN*D)">
      %sVt = cute.smem_alloc() : !cute.memref<!F8, smem, align<1024>, sw128, "((D,(128,BN/128)),VS):((128,(1,D*128)),BN*D)">
      %pipeQ = cute_nvgpu.pipeline_create %barQ -> !cute_nvgpu.pipeline<tma_async, 1>
      %pipeK = cute_nvgpu.pipeline_create %barK -> !cute_nvgpu.pipeline<tma_async, 2>
      %pipeV = cute_nvgpu.pipeline_create %barV -> !cute_nvgpu.pipeline<tma_async, 2>
      // V^T stages: written by the 3 transposer warps (one arrival each).
      %pipeVt = cute_nvgpu.pipeline_create %barVt -> !cute_nvgpu.pipeline<async, VS>
      %barT = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "4:1">
      %slots = cute.smem_alloc() : !cute.memref<i32, smem, align<4>, "2:1">
      %pipeT = cute_nvgpu.pipeline_create %barT -> !cute_nvgpu.pipeline<async, 2>
      cute_nvgpu.warp_specialize
        role "producer" warps [0, 4) max_regs 24 {
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
              %pt:5 = scf.while (%tw = %bx, %pts = %pt0, %pqw = %pq0, %psw = %p0, %pvw = %pv0) : (i32, !LS, !QS, !LS, !LS) -> (i32, !LS, !QS, !LS, !LS) {
                %ptn = func.call @put_tile(%pipeT, %slots, %pts, %tw) : (!cute_nvgpu.pipeline<async, 2>, !cute.memref<i32, smem, align<4>, "2:1">, !LS, i32) -> !LS
                %more = arith.cmpi ult, %tw, %ttot : i32
                scf.condition(%more) %tw, %ptn, %pqw, %psw, %pvw : i32, !LS, !QS, !LS, !LS
              } do {
              ^bb0(%t: i32, %ptd: !LS, %pqs: !QS, %ps0: !LS, %pvs0: !LS):
                %q0, %k0, %seqq, %seqk, %mt, %h, %live, %ntiles = func.call @tile_work(%t, %pcuq, %pcuk, %batch, %hq, %hs, %mtilesMax, %causal) : (i32, !cute.ptr<i32, gmem, align<4>>, !cute.ptr<i32, gmem, align<4>>, i32, i32, i32, i32, i1) -> (i32, i32, i32, i32, i32, i32, i1, i32)
                %hk = arith.divui %h, %group : i32
                %r0 = arith.muli %mt, %c128 : i32
                %pqn = scf.if %live -> (!QS) {
                  %hd = arith.muli %h, %d : i32
                  %qr = arith.addi %q0, %r0 : i32
                  %qo = cute.make_coord(%qr, %hd) -> !cute.coord<"(?,?)">
                  %cQt = cute.domain_offset(%cQ, %qo)
                  %gQ = cute.local_tile(%cQt, %z) {tiler = #cute.shape<"(128,D)">}
                  cute_nvgpu.pipeline_producer_acquire %pipeQ, %pqs
                  %fq = cute_nvgpu.pipeline_producer_get_barrier %pipeQ, %pqs
                  // D / 128 boxes of 128 one-byte columns: one TMA each.
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
                %gK = cute.local_tile(%cKt, %all) {tiler = #cute.shape<"(BN,D)">}
                %pe:2 = scf.for %n = %c0 to %ntiles step %c1 iter_args(%ps = %ps0, %pvs = %pvs0) -> (!LS, !LS) : i32 {
                  %i = cute_nvgpu.pipeline_state_index %ps
                  %sc = cute.make_coord(%i) -> !cute.coord<"(_,?)">
                  cute_nvgpu.pipeline_producer_acquire %pipeK, %ps
                  %fk = cute_nvgpu.pipeline_producer_get_barrier %pipeK, %ps
                  %stK = cute.tensor_slice(%sK, %sc)
                  // K's and V's tiles have the same coordinates.
                  %gn = cute.make_coord(%n) -> !cute.coord<"(_,_,?,0)">
                  %gKn = cute.tensor_slice(%gK, %gn)
                  cute.copy(%gKn, %stK) with(%dk, %fk)
                  cute_nvgpu.pipeline_producer_commit %pipeK, %ps
                  cute_nvgpu.pipeline_producer_acquire %pipeV, %pvs
                  %fv = cute_nvgpu.pipeline_producer_get_barrier %pipeV, %pvs
                  %iv = cute_nvgpu.pipeline_state_index %pvs
                  %scv = cute.make_coord(%iv) -> !cute.coord<"(_,?)">
                  %stV = cute.tensor_slice(%sV, %scv)
                  cute.copy(%gKn, %stV) with(%dv, %fv)
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
          } else {
            // Warps 1-3: the transposers. They take the tile sequence from
            // the slot ring too, and per kv tile move the staged V into a
            // V^T stage.
            %lane = cute.lane_idx
            %tw = arith.subi %w, %c1 : i32
            %cti = cute_nvgpu.pipeline_consumer_state %pipeT
            %vsi = cute_nvgpu.pipeline_consumer_state %pipeV
            %vti = cute_nvgpu.pipeline_producer_state %pipeVt
            %tl:4 = scf.while (%ctw = %cti, %vsw = %vsi, %vtw = %vti) : (!LS, !LS, !LV) -> (i32, !LS, !LS, !LV) {
              %tx, %ctn = func.call @take_tile(%pipeT, %slots, %ctw) : (!cute_nvgpu.pipeline<async, 2>, !cute.memref<i32, smem, align<4>, "2:1">, !LS) -> (i32, !LS)
              %more = arith.cmpi ult, %tx, %ttot : i32
              scf.condition(%more) %tx, %ctn, %vsw, %vtw : i32, !LS, !LS, !LV
            } do {
            ^bb0(%t: i32, %ctd: !LS, %vs0: !LS, %vt0: !LV):
              %q0, %k0, %seqq, %seqk, %mt, %h, %live, %ntiles = func.call @tile_work(%t, %pcuq, %pcuk, %batch, %hq, %hs, %mtilesMax, %causal) : (i32, !cute.ptr<i32, gmem, align<4>>, !cute.ptr<i32, gmem, align<4>>, i32, i32, i32, i32, i1) -> (i32, i32, i32, i32, i32, i32, i1, i32)
              %e:2 = scf.for %n = %c0 to %ntiles step %c1 iter_args(%vs = %vs0, %vt = %vt0) -> (!LS, !LV) : i32 {
                cute_nvgpu.pipeline_consumer_wait %pipeV, %vs
                cute_nvgpu.pipeline_producer_acquire %pipeVt, %vt
                %is = cute_nvgpu.pipeline_state_index %vs
                %it = cute_nvgpu.pipeline_state_index %vt
                %scs = cute.make_coord(%is) -> !cute.coord<"(_,?)">
                %sct = cute.make_coord(%it) -> !cute.coord<"(_,?)">
                %src = cute.tensor_slice(%sV, %scs)
                %dst = cute.tensor_slice(%sVt, %sct)
                %srch = cute.recast(%src) {elem_type = i16}
                %dsth = cute.recast(%dst) {elem_type = i16}
                func.call @transpose_v(%srch, %dsth, %tw, %lane) : (!cute.memref<i16, smem, align<1024>, S<3,3,3>, "(BN,(64,D/128)):(64,(1,BN*64))">, !cute.memref<i16, smem, align<1024>, S<3,3,3>, "(D,(64,BN/128)):(64,(1,D*64))">, i32, i32) -> ()
                // The stores are generic-proxy writes that wgmma (the async
                // proxy) reads: each thread fences before the arrival.
                cute_nvgpu.fence_proxy_async
                cute_nvgpu.warp_sync
                cute_nvgpu.elect_one {
                  cute_nvgpu.pipeline_consumer_release %pipeV, %vs
                  cute_nvgpu.pipeline_producer_commit %pipeVt, %vt
                }
                %vsn = cute_nvgpu.pipeline_state_advance %vs
                %vtn = cute_nvgpu.pipeline_state_advance %vt
                scf.yield %vsn, %vtn : !LS, !LV
              }
              scf.yield %ctd, %e#0, %e#1 : !LS, !LS, !LV
            }
            cute_nvgpu.pipeline_producer_tail %pipeVt, %tl#3
          }
        }
        role "consumer" warps [4, 12) max_regs 240 {
          %ct = arith.subi %tid, %c128 : i32
          %wgi = arith.divui %ct, %c128 : i32
          %wg0 = arith.cmpi eq, %wgi, %c0 : i32
          %acc = cute.make_fragment() : !sfrag
          %pf = cute.make_fragment() : !pfrag
          // The scores' scale (the softmax's times the descales of Q and
          // K) and O's (the descale of V).
          %dqs = func.call @descale(%pdq) : (!cute.ptr<f32, gmem, align<4>>) -> f32
          %dks = func.call @descale(%pdk) : (!cute.ptr<f32, gmem, align<4>>) -> f32
          %dvs = func.call @descale(%pdv) : (!cute.ptr<f32, gmem, align<4>>) -> f32
          %sqk = arith.mulf %dqs, %dks : f32
          %scale = arith.mulf %softmaxScale, %sqk : f32
          %dv2 = vector.broadcast %dvs : f32 to vector<2xf32>
          %o = cute.make_fragment() : !ofrag
          %m0 = vector.broadcast %ninf : f32 to vector<2xf32>
          %l0 = vector.broadcast %fzero : f32 to vector<2xf32>
          %one2 = vector.broadcast %fone : f32 to vector<2xf32>
          %false = arith.constant false
          %pp = arith.constant #PP
          %overlap = arith.constant #OV
          %fa = cute.mma_partition "A" of #mmaS (%sQ, %ct)
          %qsi = cute_nvgpu.pipeline_consumer_state %pipeQ
          %csi = cute_nvgpu.pipeline_consumer_state %pipeK
          %cvi = cute_nvgpu.pipeline_consumer_state %pipeVt
          // Ping-pong: the warpgroups take turns at the tensor cores, one
          // issuing its S and P V while the other does its softmax, through
          // all tiles (@open_turns .. @close_turns).
          func.call @open_turns(%wgi) : (i32) -> ()
          %cti = cute_nvgpu.pipeline_consumer_state %pipeT
          %tiles:5 = scf.while (%ctw = %cti, %qsw = %qsi, %csw = %csi, %cvw = %cvi) : (!LS, !QS, !LS, !LV) -> (i32, !LS, !QS, !LS, !LV) {
            %tw, %ctn = func.call @take_tile(%pipeT, %slots, %ctw) : (!cute_nvgpu.pipeline<async, 2>, !cute.memref<i32, smem, align<4>, "2:1">, !LS) -> (i32, !LS)
            %more = arith.cmpi ult, %tw, %ttot : i32
            scf.condition(%more) %tw, %ctn, %qsw, %csw, %cvw : i32, !LS, !QS, !LS, !LV
          } do {
          ^bb0(%t: i32, %ctd: !LS, %qs: !QS, %cs0t: !LS, %cv0t: !LV):
            %q0, %k0, %seqq, %seqk, %mt, %h, %live, %ntiles = func.call @tile_work(%t, %pcuq, %pcuk, %batch, %hq, %hs, %mtilesMax, %causal) : (i32, !cute.ptr<i32, gmem, align<4>>, !cute.ptr<i32, gmem, align<4>>, i32, i32, i32, i32, i1) -> (i32, i32, i32, i32, i32, i32, i1, i32)
            %r0 = arith.muli %mt, %c128 : i32
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
              %m1, %l1, %a1 = func.call @softmax_tile(%acc, %m0, %l0, %c0, %r0, %seqq, %seqk, %causal, %ct, %scale) : (!sfrag, vector<2xf32>, vector<2xf32>, i32, i32, i32, i32, i1, i32, f32) -> (vector<2xf32>, vector<2xf32>, vector<2xf32>)
              func.call @to_operand(%acc, %pf) : (!sfrag, !pfrag) -> ()
              %cs1 = cute_nvgpu.pipeline_state_advance %cs0t
              scf.yield %cs1, %m1, %l1, %a1 : !LS, vector<2xf32>, vector<2xf32>, vector<2xf32>
            } else {
              scf.yield %cs0t, %m0, %l0, %one2 : !LS, vector<2xf32>, vector<2xf32>, vector<2xf32>
            }
            // Tile n: issue S(n) = Q K(n)^T, rescale O by the last softmax's
            // alpha, issue O += P(n-1) V(n-1); wait for S(n) only and do its
            // softmax while P V runs (FA3's intra-warpgroup overlap).
            %fin:5 = scf.for %n = %c1 to %ntiles step %c1 iter_args(%cs = %st#0, %cv = %cv0t, %m = %st#1, %l = %st#2, %alpha = %st#3) -> (!LS, !LV, vector<2xf32>, vector<2xf32>, vector<2xf32>) : i32 {
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
              cute_nvgpu.pipeline_consumer_wait %pipeVt, %cv
              %iv = cute_nvgpu.pipeline_state_index %cv
              %scv = cute.make_coord(%iv) -> !cute.coord<"(_,?)">
              %stV = cute.tensor_slice(%sVt, %scv)
              %fv = cute.mma_partition "B" of #mmaO (%stV, %ct)
              cute_nvgpu.wgmma_fence
              cute.gemm #wgO (%pf, %fv, %o)
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
              %mn, %ln, %an = func.call @softmax_tile(%acc, %m, %l, %n, %r0, %seqq, %seqk, %causal, %ct, %scale) : (!sfrag, vector<2xf32>, vector<2xf32>, i32, i32, i32, i32, i1, i32, f32) -> (vector<2xf32>, vector<2xf32>, vector<2xf32>)
              cute_nvgpu.wgmma_wait_group 0
              cute_nvgpu.warp_sync
              cute_nvgpu.elect_one {
                cute_nvgpu.pipeline_consumer_release %pipeVt, %cv
              }
              func.call @to_operand(%acc, %pf) : (!sfrag, !pfrag) -> ()
              %csn = cute_nvgpu.pipeline_state_advance %cs
              %cvn = cute_nvgpu.pipeline_state_advance %cv
              scf.yield %csn, %cvn, %mn, %ln, %an : !LS, !LV, vector<2xf32>, vector<2xf32>, vector<2xf32>
            }
            // Q is read by no more S: the producer may load the next tile's.
            scf.if %live {
              cute_nvgpu.warp_sync
              cute_nvgpu.elect_one {
                cute_nvgpu.pipeline_consumer_release %pipeQ, %qs
              }
            }
            // The last P V.
            %cvLast = scf.if %any -> (!LV) {
              func.call @rescale(%o, %fin#4) : (!ofrag, vector<2xf32>) -> ()
              cute_nvgpu.pipeline_consumer_wait %pipeVt, %fin#1
              %iv = cute_nvgpu.pipeline_state_index %fin#1
              %scv = cute.make_coord(%iv) -> !cute.coord<"(_,?)">
              %stV = cute.tensor_slice(%sVt, %scv)
              %fv = cute.mma_partition "B" of #mmaO (%stV, %ct)
              cute_nvgpu.wgmma_fence
              cute.gemm #wgO (%pf, %fv, %o)
              cute_nvgpu.wgmma_commit_group
              cute_nvgpu.wgmma_wait_group 0
              cute_nvgpu.warp_sync
              cute_nvgpu.elect_one {
                cute_nvgpu.pipeline_consumer_release %pipeVt, %fin#1
              }
              %adv = cute_nvgpu.pipeline_state_advance %fin#1
              scf.yield %adv : !LV
            } else {
              scf.yield %fin#1 : !LV
            }
            // Epilogue: O / l times V's descale and the LSE (@store_o_lse).
            scf.if %live {
              func.call @store_o_lse(%o, %fin#2, %fin#3, %dv2, %scale, %po, %plse, %ldo, %totalq, %hq, %h, %q0, %seqq, %mt, %ct) : (!ofrag, vector<2xf32>, vector<2xf32>, vector<2xf32>, f32, !cute.ptr<!TO, gmem, align<16>>, !cute.ptr<f32, gmem, align<4>>, i32, i32, i32, i32, i32, i32, i32, i32) -> ()
            }
            %qsn = scf.if %live -> (!QS) {
              %nx = cute_nvgpu.pipeline_state_advance %qs
              scf.yield %nx : !QS
            } else {
              scf.yield %qs : !QS
            }
            scf.yield %ctd, %qsn, %fin#0, %cvLast : !LS, !QS, !LS, !LV
          }
          func.call @close_turns(%wgi) : (i32) -> ()
        }
      gpu.return
    }
  }
}
