// chips: sm_100a
// Attention forward (prefill) for datacenter Blackwell (sm_100a) in the
// FlashAttention-4 design, S, P and O in Tensor Memory, two q tiles per
// CTA. The interface, tensors, masks and LSE are those of kernel-sm90.mlir
// (FlashAttention's variable-length layout, GQA, bottom-right causal mask,
// lse f32 [hq, total_q]); only grid, block, shared memory and the tile
// height (256 rows: mtiles = ceil(max seq_q / 256)) differ.
//
// Persistent CTAs take the 256-row q tiles of every (sequence, q head) in
// turn (@tile_work, the sm_90a order), each as two halves of 128 rows (q
// tile 0 and 1), with 16 warps in four warpgroups:
// - warpgroup 3 (80 registers): warp 14 (epilogue): one elected thread
//   TMA-stores the O blocks the correction warpgroup staged (below),
//   waits until each store has read its stage and frees it; warp 15 idles;
//   warp 13 (load): one elected thread loads
//   each tile's two Q halves (one stage of a tma_umma pipeline) and the K
//   and V tiles (128 rows x D) into two 2-stage tma_umma rings, D / 64 TMA
//   boxes of 128 bytes each; warp 12 (MMA): one elected thread issues every
//   MMA: S_i(n) = Q_i K(n)^T (tcgen05.mma m128n128k16, A and B from shared
//   memory) into half i's S columns of TMEM, and O_i += P_i(n) V(n) with
//   P_i read from TMEM (a_src = tmem, the "TS" form; m128nDk16, V
//   MN-major). Order per kv tile n: P_0(n) V(n), S_0(n + 1), P_1(n) V(n),
//   S_1(n + 1), so the tensor pipe works on one half while the other
//   half's softmax runs (FA4's ping-pong of the two q tiles). Its
//   tcgen05.commits release the K and V stages and Q and signal "S_i full"
//   and "P_i V done";
// - warpgroups 0 and 1 (softmax of half 0 and 1, 168 registers), thread t
//   owns row t of its half (TMEM lane t): waits for S_i(n), reads its row
//   (tcgen05.ld 32x32b, 4 x 32 columns), masks it (only the tiles that
//   need it), updates the row max with conditional rescaling (the max
//   moves only when it grew by more than 8 in log2 units, a factor 256;
//   otherwise the stale max stays, which is exact since O / l uses the
//   same max), writes P = exp2(scale log2(e) s - m) as 16-bit pairs over
//   the first 64 columns of S_i (tcgen05.st) and signals P_i (exp2 on
//   MUFU for most columns, EXP2POLY of every 32 by a cubic polynomial on
//   the FMA pipe, as FA4 does: fmha-exp2.mlir); it passes
//   alpha (the factor for O) and at the end m and l to the correction
//   warpgroup through shared memory (pipeline `stats`);
// - warpgroup 2 (correction, 96 registers), both halves in the MMA
//   thread's order: for kv tile n >= 1 waits for alpha(n) and P_i(n - 1)
//   V(n - 1), rescales O_i in TMEM (ld, multiply, st) when a row of the
//   warp moved its max, and only then releases "P_i V done", which the MMA
//   thread waits for before P_i(n) V(n); the epilogue reads O_i, divides
//   by l, converts it to 16 bits and, for a half whose 128 rows all lie in
//   the sequence, writes it into the staging ring (2 stages of 128 x 64,
//   128-byte swizzle), fences it for the async proxy and hands each stage
//   to warp 14 (pipeline `pipeE`); a partial half (a sequence's last
//   rows) it stores row by row, rows past seq_q skipped, since a TMA box
//   over the whole O would write the next sequence's rows. It stores the
//   LSE row by row.
// TMEM (512 columns): O_0 at [0, D), S_0 at [128, 256), S_1 at [256, 384),
// O_1 at [384, 384 + D); P_i over the first 64 columns of S_i. Shared
// memory at D = 128 is exactly sm_100a's 232448 bytes.
// Not FA4's full design: O is staged 64 columns at a time in a 2-stage
// ring, not as two whole 128 x D tiles (which do not fit beside this
// kernel's separate K and V rings at D = 128) (README.md).
// Host: grid = min(tiles, SMs), mtilesMax = ceil(max seq_q / 256).
// This file holds the MMA, load and epilogue warps and the kernel's
// set-up; the schedule, the softmax and the correction warpgroups are in
// fmha-sm100-common.mlir (imported, like fmha-sm90-common.mlir by the
// sm_90a kernels).
!T = !cute.param<"T", bf16>
#D = #cute.param<"D", 128 : i32>

!S1 = !cute_nvgpu.pipeline_state<1>
!S2 = !cute_nvgpu.pipeline_state<2>
!sQt = !cute.memref<!T, smem, align<1024>, sw128, "(128,(64,D/64)):(64,(1,8192))">
!sKt = !cute.memref<!T, smem, align<1024>, sw128, "((128,(64,D/64)),2):((64,(1,8192)),128*D)">
!sVt = !cute.memref<!T, smem, align<1024>, sw128, "(((64,D/64),128),2):(((1,8192),64),128*D)">
!tmemT = !cute.memref<f32, tmem, align<16>, "(128,512):(65536,1)">
!tS = !cute.memref<f32, tmem, align<16>, "(128,128):(65536,1)">
!tO = !cute.memref<f32, tmem, align<16>, "(128,D):(65536,1)">
!PK = !cute_nvgpu.pipeline<tma_umma, 2>
// Per q half: S full (MMA -> softmax), P written (softmax -> MMA), P V
// done (MMA -> softmax: the correction and the epilogue).
!PS = !cute_nvgpu.pipeline<umma_async, 1>
!PP = !cute_nvgpu.pipeline<async, 1>
!gptr = !cute.ptr<i32, gmem, align<4>>
// O staging (correction -> epilogue warp): a ring of 2 stages of 128 rows
// x 64 columns (one TMA store box, 128-byte swizzle like the loads' boxes).
!PE = !cute_nvgpu.pipeline<async, 2>
!oBox = !cute.memref<!T, smem, align<1024>, sw128, "(128,64):(64,1)">
!sOt = !cute.memref<!T, smem, align<1024>, sw128, "((128,64),2):((64,1),8192)">
// A row statistic per thread of a half (alpha, m, l) in shared memory.
!statT = !cute.memref<f32, smem, align<16>, "(128):(1)">
!stat1 = !cute.memref<f32, smem, align<4>, "():()">
// S = Q K^T: M = 128 rows of Q, N = 128 rows of K, both K-major.
#tcS = #cute_nvgpu.tcgen05_mma<kind = f16, m = 128, n = 128, k = 16, a = !T, b = !T, c = f32, cta_group = 1, a_src = smem, a_major = k, b_major = k>
#mmaS = #cute.tiled_mma<#tcS, #cute.layout<"(1,1,1):(0,0,0)">>
// O += P V: P from TMEM (K = 128 kv rows), V (N = D, K = 128) MN-major.
#tcO = #cute_nvgpu.tcgen05_mma<kind = f16, m = 128, n = D, k = 16, a = !T, b = !T, c = f32, cta_group = 1, a_src = tmem, a_major = k, b_major = mn>
#mmaO = #cute.tiled_mma<#tcO, #cute.layout<"(1,1,1):(0,0,0)">>

module attributes {gpu.container_module,
    cute.instances = ["bf16_d64:T=bf16,D=64", "bf16_d128:T=bf16,D=128",
                      "f16_d64:T=f16,D=64", "f16_d128:T=f16,D=128"]} {
  gpu.module @fmha_sm100 attributes {cute.imports = ["fmha-sm100-common.mlir"]} {
    // @tile_work, @staged, @s_cols, @o_cols, @softmax_half, @correct_step,
    // @epilogue_half: fmha-sm100-common.mlir (which imports fmha-common.mlir).
    // MMA thread: S_i = Q_i K^T of the K stage kc into half i's S columns.
    func.func private @issue_s(%pipeS: !PS, %sp: !S1, %sQ: !sQt, %sK: !sKt, %kc: !S2, %tS: !tS) -> !S1 {
      %c0 = arith.constant 0 : i32
      %false = arith.constant false
      cute_nvgpu.pipeline_producer_acquire %pipeS, %sp
      cute_nvgpu.tcgen05_fence_after_thread_sync
      %fa = cute.mma_partition "A" of #mmaS (%sQ, %c0)
      %i = cute_nvgpu.pipeline_state_index %kc
      %sc = cute.make_coord(%i) -> !cute.coord<"(_,?)">
      %stK = cute.tensor_slice(%sK, %sc)
      %fb = cute.mma_partition "B" of #mmaS (%stK, %c0)
      %fc = cute.mma_partition "C" of #mmaS (%tS, %c0)
      cute.gemm #tcS (%fa, %fb, %fc) accumulate(%false)
      cute_nvgpu.pipeline_producer_commit %pipeS, %sp
      %spn = cute_nvgpu.pipeline_state_advance %sp
      return %spn : !S1
    }

    // MMA thread: O_i += P_i V (V stage vc) once the softmax has written P_i
    // (and corrected O_i); the first kv tile overwrites O_i.
    func.func private @issue_pv(%pipeP: !PP, %pc: !S1, %pipeO: !PS, %op: !S1, %sV: !sVt, %vc: !S2, %tS: !tS, %tO: !tO, %acc: i1) -> (!S1, !S1) {
      %c0 = arith.constant 0 : i32
      cute_nvgpu.pipeline_consumer_wait %pipeP, %pc
      cute_nvgpu.tcgen05_fence_after_thread_sync
      cute_nvgpu.pipeline_consumer_release %pipeP, %pc
      // P: 128 x 128 16-bit values, two per column of S's first 64
      // (offsets in TMEM address units).
      %ib = cute.get_iter(%tS)
      %ip = cute.recast(%ib) {elem_type = !T}
      %lp16 = cute.static : !cute.layout<"(128,(2,64)):(65536,(0,1))">
      %tP = cute.make_view(%ip, %lp16)
      %fp = cute.mma_partition "A" of #mmaO (%tP, %c0)
      %iv = cute_nvgpu.pipeline_state_index %vc
      %scv = cute.make_coord(%iv) -> !cute.coord<"(_,?)">
      %stV = cute.tensor_slice(%sV, %scv)
      %fv = cute.mma_partition "B" of #mmaO (%stV, %c0)
      %fo = cute.mma_partition "C" of #mmaO (%tO, %c0)
      cute_nvgpu.pipeline_producer_acquire %pipeO, %op
      cute.gemm #tcO (%fp, %fv, %fo) accumulate(%acc)
      cute_nvgpu.pipeline_producer_commit %pipeO, %op
      %pcn = cute_nvgpu.pipeline_state_advance %pc
      %opn = cute_nvgpu.pipeline_state_advance %op
      return %pcn, %opn : !S1, !S1
    }

    // cute.ftz: f32 denormals flush to zero, so each MUFU exponential is one
    // ex2.approx.ftz (without it ptxas adds three instructions to handle
    // denormal results; docs/pipeline.md).
    gpu.func @fmha_tc(%pq: !cute.ptr<!T, gmem, align<16>>, %pk: !cute.ptr<!T, gmem, align<16>>, %pv: !cute.ptr<!T, gmem, align<16>>, %po: !cute.ptr<!T, gmem, align<16>>, %plse: !cute.ptr<f32, gmem, align<4>>, %pcuq: !gptr, %pcuk: !gptr, %batch: i32, %totalq: i32, %totalk: i32, %hq: i32, %hkv: i32, %ldq: i32, %ldk: i32, %ldv: i32, %ldo: i32, %scale: f32, %causali: i32, %mtilesMax: i32) kernel
        attributes {gpu.known_block_size = array<i32: 512, 1, 1>, cute.no_specialize, cute.ftz} {
      %c0, %c1, %c2, %c4, %c12, %c13, %c14, %c32, %c64, %c128, %c256, %d = cute.constants 0, 1, 2, 4, 12, 13, 14, 32, 64, 128, 256, D : i32
      %log2e = arith.constant 1.44269504 : f32
      %bx = cute.block_idx x
      %gx = cute.grid_dim x
      %causal = arith.cmpi ne, %causali, %c0 : i32
      %bh = arith.muli %batch, %hq : i32
      %ttot = arith.muli %mtilesMax, %bh : i32
      %group = arith.divui %hq, %hkv : i32
      %scale2 = arith.mulf %scale, %log2e : f32
      // Q, K as (tokens, heads x D), V as its transpose (heads x D,
      // tokens): the (N, K) B operand of P V, read MN-major.
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
      %dq = cute_nvgpu.make_tma_desc %gq -> !cute_nvgpu.tma_desc<load, !cute.memref<!T, smem, align<1024>, sw128, "(128,64):(64,1)">>
      %dk = cute_nvgpu.make_tma_desc %gk -> !cute_nvgpu.tma_desc<load, !cute.memref<!T, smem, align<1024>, sw128, "(128,64):(64,1)">>
      %dv = cute_nvgpu.make_tma_desc %gvt -> !cute_nvgpu.tma_desc<load, !cute.memref<!T, smem, align<1024>, sw128, "(64,128):(1,64)">>
      // O as (tokens, heads x D) for the TMA stores: rows past total_q are
      // clipped, rows past a sequence are not (see @epilogue_half).
      %so = cute.make_stride(%ldo) -> !cute.stride<"(?,1)">
      %lo = cute.make_layout(%shQ, %so)
      %go = cute.make_view(%po, %lo)
      %do = cute_nvgpu.make_tma_desc %go -> !cute_nvgpu.tma_desc<store, !oBox>
      %cO = cute.make_identity_tensor(%shQ)
      %cQ = cute.make_identity_tensor(%shQ)
      %cK = cute.make_identity_tensor(%shK)
      %cVt = cute.make_identity_tensor(%shVt)
      // Shared memory: the two Q halves (128 x D each), 2 stages of K
      // (128 x D) and of V^T (D x 128), each D / 64 swizzled 128-byte-wide
      // column blocks, and the O staging ring (2 x 128 x 64).
      %barQ = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "2:1">
      %barK = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "4:1">
      %barV = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "4:1">
      %barS0 = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "2:1">
      %barS1 = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "2:1">
      %barP0 = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "2:1">
      %barP1 = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "2:1">
      %barO0 = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "2:1">
      %barO1 = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "2:1">
      %barT0 = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "2:1">
      %barT1 = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "2:1">
      %barE = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "4:1">
      %sA0 = cute.smem_alloc() : !statT
      %sL0 = cute.smem_alloc() : !statT
      %sA1 = cute.smem_alloc() : !statT
      %sL1 = cute.smem_alloc() : !statT
      %slot = cute.smem_alloc() : !cute.memref<i32, smem, align<16>, "1:1">
      %sQ0 = cute.smem_alloc() : !sQt
      %sQ1 = cute.smem_alloc() : !sQt
      %sK = cute.smem_alloc() : !sKt
      %sV = cute.smem_alloc() : !sVt
      %sO = cute.smem_alloc() : !sOt
      %warp = cute_nvgpu.warp_idx
      %warp12 = arith.cmpi eq, %warp, %c12 : i32
      scf.if %warp12 {
        cute_nvgpu.tmem_alloc %slot, columns = 512
        cute_nvgpu.tmem_relinquish_alloc_permit
      }
      %pipeQ = cute_nvgpu.pipeline_create %barQ -> !cute_nvgpu.pipeline<tma_umma, 1>
      %pipeK = cute_nvgpu.pipeline_create %barK -> !PK
      %pipeV = cute_nvgpu.pipeline_create %barV -> !PK
      %pipeS0 = cute_nvgpu.pipeline_create %barS0 -> !PS
      %pipeS1 = cute_nvgpu.pipeline_create %barS1 -> !PS
      %pipeP0 = cute_nvgpu.pipeline_create %barP0 {consumers = 1 : i32} -> !PP
      %pipeP1 = cute_nvgpu.pipeline_create %barP1 {consumers = 1 : i32} -> !PP
      %pipeO0 = cute_nvgpu.pipeline_create %barO0 -> !PS
      %pipeO1 = cute_nvgpu.pipeline_create %barO1 -> !PS
      // Per half: row statistics (softmax -> correction).
      %pipeT0 = cute_nvgpu.pipeline_create %barT0 {consumers = 4 : i32} -> !PP
      %pipeT1 = cute_nvgpu.pipeline_create %barT1 {consumers = 4 : i32} -> !PP
      // O staging: the correction warps fill a stage, the epilogue warp
      // stores it with TMA and frees it once the store has read it.
      %pipeE = cute_nvgpu.pipeline_create %barE -> !PE
      cute_nvgpu.tcgen05_fence_before_thread_sync
      gpu.barrier
      cute_nvgpu.tcgen05_fence_after_thread_sync
      %tm = cute_nvgpu.tmem_tensor %slot -> !tmemT
      cute_nvgpu.warp_specialize
        // Warpgroup 3: warp 12 issues the MMAs, warp 13 the loads, warp 14
        // the O stores (warp 15 idles); few registers, so the other
        // warpgroups get more.
        role "producer" warps [12, 16) max_regs 80 {
          // Block index read again in each role: a value live across
          // setmaxnreg would be spilled.
          %bxr = cute.block_idx x
          scf.if %warp12 {
            cute_nvgpu.elect_one {
              %tS0 = func.call @s_cols(%tm, %c0) : (!tmemT, i32) -> !tS
              %tS1 = func.call @s_cols(%tm, %c1) : (!tmemT, i32) -> !tS
              %tO0 = func.call @o_cols(%tm, %c0) : (!tmemT, i32) -> !tO
              %tO1 = func.call @o_cols(%tm, %c1) : (!tmemT, i32) -> !tO
              %qc0 = cute_nvgpu.pipeline_consumer_state %pipeQ
              %kc0 = cute_nvgpu.pipeline_consumer_state %pipeK
              %vc0 = cute_nvgpu.pipeline_consumer_state %pipeV
              %sa0 = cute_nvgpu.pipeline_producer_state %pipeS0
              %sb0 = cute_nvgpu.pipeline_producer_state %pipeS1
              %pa0 = cute_nvgpu.pipeline_consumer_state %pipeP0
              %pb0 = cute_nvgpu.pipeline_consumer_state %pipeP1
              %oa0 = cute_nvgpu.pipeline_producer_state %pipeO0
              %ob0 = cute_nvgpu.pipeline_producer_state %pipeO1
              %mt:9 = scf.for %t = %bxr to %ttot step %gx iter_args(%qc = %qc0, %kct = %kc0, %vct = %vc0, %sat = %sa0, %sbt = %sb0, %pat = %pa0, %pbt = %pb0, %oat = %oa0, %obt = %ob0) -> (!S1, !S2, !S2, !S1, !S1, !S1, !S1, !S1, !S1) : i32 {
                %q0, %k0, %seqq, %seqk, %mtile, %h, %live, %n0, %n1 = func.call @tile_work(%t, %pcuq, %pcuk, %batch, %hq, %mtilesMax, %causal) : (i32, !gptr, !gptr, i32, i32, i32, i1) -> (i32, i32, i32, i32, i32, i32, i1, i32, i32)
                %ntiles = arith.maxsi %n0, %n1 : i32
                %any = arith.cmpi sgt, %ntiles, %c0 : i32
                %has0 = arith.cmpi sgt, %n0, %c0 : i32
                %has1 = arith.cmpi sgt, %n1, %c0 : i32
                scf.if %live {
                  cute_nvgpu.pipeline_consumer_wait %pipeQ, %qc
                }
                // S_0(0) and S_1(0).
                %pro:3 = scf.if %any -> (!S2, !S1, !S1) {
                  cute_nvgpu.pipeline_consumer_wait %pipeK, %kct
                  %a = scf.if %has0 -> (!S1) {
                    %x = func.call @issue_s(%pipeS0, %sat, %sQ0, %sK, %kct, %tS0) : (!PS, !S1, !sQt, !sKt, !S2, !tS) -> !S1
                    scf.yield %x : !S1
                  } else {
                    scf.yield %sat : !S1
                  }
                  %b = scf.if %has1 -> (!S1) {
                    %x = func.call @issue_s(%pipeS1, %sbt, %sQ1, %sK, %kct, %tS1) : (!PS, !S1, !sQt, !sKt, !S2, !tS) -> !S1
                    scf.yield %x : !S1
                  } else {
                    scf.yield %sbt : !S1
                  }
                  cute_nvgpu.pipeline_consumer_release %pipeK, %kct
                  %kn = cute_nvgpu.pipeline_state_advance %kct
                  scf.yield %kn, %a, %b : !S2, !S1, !S1
                } else {
                  scf.yield %kct, %sat, %sbt : !S2, !S1, !S1
                }
                // Kv tile n: P_0(n) V(n), S_0(n + 1), P_1(n) V(n), S_1(n + 1).
                %lp:8 = scf.for %n = %c0 to %ntiles step %c1 iter_args(%kc = %pro#0, %vc = %vct, %sa = %pro#1, %sb = %pro#2, %pa = %pat, %pb = %pbt, %oa = %oat, %ob = %obt) -> (!S2, !S2, !S1, !S1, !S1, !S1, !S1, !S1) : i32 {
                  %nn = arith.addi %n, %c1 : i32
                  %more = arith.cmpi slt, %nn, %ntiles : i32
                  %acc = arith.cmpi ne, %n, %c0 : i32
                  cute_nvgpu.pipeline_consumer_wait %pipeV, %vc
                  %in0 = arith.cmpi slt, %n, %n0 : i32
                  %r0:2 = scf.if %in0 -> (!S1, !S1) {
                    %x, %y = func.call @issue_pv(%pipeP0, %pa, %pipeO0, %oa, %sV, %vc, %tS0, %tO0, %acc) : (!PP, !S1, !PS, !S1, !sVt, !S2, !tS, !tO, i1) -> (!S1, !S1)
                    scf.yield %x, %y : !S1, !S1
                  } else {
                    scf.yield %pa, %oa : !S1, !S1
                  }
                  scf.if %more {
                    cute_nvgpu.pipeline_consumer_wait %pipeK, %kc
                  }
                  %next0 = arith.cmpi slt, %nn, %n0 : i32
                  %sa1 = scf.if %next0 -> (!S1) {
                    %x = func.call @issue_s(%pipeS0, %sa, %sQ0, %sK, %kc, %tS0) : (!PS, !S1, !sQt, !sKt, !S2, !tS) -> !S1
                    scf.yield %x : !S1
                  } else {
                    scf.yield %sa : !S1
                  }
                  %in1 = arith.cmpi slt, %n, %n1 : i32
                  %r1:2 = scf.if %in1 -> (!S1, !S1) {
                    %x, %y = func.call @issue_pv(%pipeP1, %pb, %pipeO1, %ob, %sV, %vc, %tS1, %tO1, %acc) : (!PP, !S1, !PS, !S1, !sVt, !S2, !tS, !tO, i1) -> (!S1, !S1)
                    scf.yield %x, %y : !S1, !S1
                  } else {
                    scf.yield %pb, %ob : !S1, !S1
                  }
                  %next1 = arith.cmpi slt, %nn, %n1 : i32
                  %sb1 = scf.if %next1 -> (!S1) {
                    %x = func.call @issue_s(%pipeS1, %sb, %sQ1, %sK, %kc, %tS1) : (!PS, !S1, !sQt, !sKt, !S2, !tS) -> !S1
                    scf.yield %x : !S1
                  } else {
                    scf.yield %sb : !S1
                  }
                  %kcn = scf.if %more -> (!S2) {
                    cute_nvgpu.pipeline_consumer_release %pipeK, %kc
                    %x = cute_nvgpu.pipeline_state_advance %kc
                    scf.yield %x : !S2
                  } else {
                    scf.yield %kc : !S2
                  }
                  cute_nvgpu.pipeline_consumer_release %pipeV, %vc
                  %vcn = cute_nvgpu.pipeline_state_advance %vc
                  scf.yield %kcn, %vcn, %sa1, %sb1, %r0#0, %r1#0, %r0#1, %r1#1 : !S2, !S2, !S1, !S1, !S1, !S1, !S1, !S1
                }
                // Q is free once this tile's MMAs are done.
                %qn = scf.if %live -> (!S1) {
                  cute_nvgpu.pipeline_consumer_release %pipeQ, %qc
                  %x = cute_nvgpu.pipeline_state_advance %qc
                  scf.yield %x : !S1
                } else {
                  scf.yield %qc : !S1
                }
                scf.yield %qn, %lp#0, %lp#1, %lp#2, %lp#3, %lp#4, %lp#5, %lp#6, %lp#7 : !S1, !S2, !S2, !S1, !S1, !S1, !S1, !S1, !S1
              }
              cute_nvgpu.pipeline_producer_tail %pipeS0, %mt#3
              cute_nvgpu.pipeline_producer_tail %pipeS1, %mt#4
              cute_nvgpu.pipeline_producer_tail %pipeO0, %mt#7
              cute_nvgpu.pipeline_producer_tail %pipeO1, %mt#8
            }
          }
          %warp13 = arith.cmpi eq, %warp, %c13 : i32
          scf.if %warp13 {
            cute_nvgpu.elect_one {
              %z = cute.make_coord() -> !cute.coord<"(0,_)">
              %all = cute.make_coord() -> !cute.coord<"(_,_)">
              %pq0 = cute_nvgpu.pipeline_producer_state %pipeQ
              %p0 = cute_nvgpu.pipeline_producer_state %pipeK
              %pv0 = cute_nvgpu.pipeline_producer_state %pipeV
              %pt:3 = scf.for %t = %bxr to %ttot step %gx iter_args(%pqs = %pq0, %ps0 = %p0, %pvs0 = %pv0) -> (!S1, !S2, !S2) : i32 {
                %q0, %k0, %seqq, %seqk, %mt, %h, %live, %n0, %n1 = func.call @tile_work(%t, %pcuq, %pcuk, %batch, %hq, %mtilesMax, %causal) : (i32, !gptr, !gptr, i32, i32, i32, i1) -> (i32, i32, i32, i32, i32, i32, i1, i32, i32)
                %ntiles = arith.maxsi %n0, %n1 : i32
                %hk = arith.divui %h, %group : i32
                %rt = arith.muli %mt, %c256 : i32
                // Q: both halves, rows q0 + rt .., columns of head h (the
                // stage frees when the tile's MMAs are done).
                %pqn = scf.if %live -> (!S1) {
                  %hd = arith.muli %h, %d : i32
                  %qr = arith.addi %q0, %rt : i32
                  %qo = cute.make_coord(%qr, %hd) -> !cute.coord<"(?,?)">
                  %cQt = cute.domain_offset(%cQ, %qo)
                  %gQ = cute.local_tile(%cQt, %all) {tiler = #cute.shape<"(128,D)">}
                  cute_nvgpu.pipeline_producer_acquire %pipeQ, %pqs
                  %fq = cute_nvgpu.pipeline_producer_get_barrier %pipeQ, %pqs
                  // Each half: D / 64 boxes of 64 columns, one TMA each.
                  %g0 = cute.make_coord() -> !cute.coord<"(_,_,0,0)">
                  %g1 = cute.make_coord() -> !cute.coord<"(_,_,1,0)">
                  %gQ0 = cute.tensor_slice(%gQ, %g0)
                  %gQ1 = cute.tensor_slice(%gQ, %g1)
                  cute.copy(%gQ0, %sQ0) with(%dq, %fq)
                  cute.copy(%gQ1, %sQ1) with(%dq, %fq)
                  %nx = cute_nvgpu.pipeline_state_advance %pqs
                  scf.yield %nx : !S1
                } else {
                  scf.yield %pqs : !S1
                }
                // K and V tiles of kv head hk, rows k0 + 128 n.
                %hkd0 = arith.muli %hk, %d : i32
                %ko = cute.make_coord(%k0, %hkd0) -> !cute.coord<"(?,?)">
                %cKt = cute.domain_offset(%cK, %ko)
                %vo = cute.make_coord(%hkd0, %k0) -> !cute.coord<"(?,?)">
                %cVtt = cute.domain_offset(%cVt, %vo)
                %gK = cute.local_tile(%cKt, %all) {tiler = #cute.shape<"(128,D)">}
                %gV = cute.local_tile(%cVtt, %all) {tiler = #cute.shape<"(D,128)">}
                %pe:2 = scf.for %n = %c0 to %ntiles step %c1 iter_args(%ps = %ps0, %pvs = %pvs0) -> (!S2, !S2) : i32 {
                  cute_nvgpu.pipeline_producer_acquire %pipeK, %ps
                  %fk = cute_nvgpu.pipeline_producer_get_barrier %pipeK, %ps
                  %i = cute_nvgpu.pipeline_state_index %ps
                  %sc = cute.make_coord(%i) -> !cute.coord<"(_,?)">
                  %stK = cute.tensor_slice(%sK, %sc)
                  %gn = cute.make_coord(%n) -> !cute.coord<"(_,_,?,0)">
                  %gKn = cute.tensor_slice(%gK, %gn)
                  cute.copy(%gKn, %stK) with(%dk, %fk)
                  cute_nvgpu.pipeline_producer_acquire %pipeV, %pvs
                  %fv = cute_nvgpu.pipeline_producer_get_barrier %pipeV, %pvs
                  %iv = cute_nvgpu.pipeline_state_index %pvs
                  %scv = cute.make_coord(%iv) -> !cute.coord<"(_,?)">
                  %stV = cute.tensor_slice(%sV, %scv)
                  %gvn = cute.make_coord(%n) -> !cute.coord<"(_,_,0,?)">
                  %gVn = cute.tensor_slice(%gV, %gvn)
                  cute.copy(%gVn, %stV) with(%dv, %fv)
                  %pn = cute_nvgpu.pipeline_state_advance %ps
                  %pvn = cute_nvgpu.pipeline_state_advance %pvs
                  scf.yield %pn, %pvn : !S2, !S2
                }
                scf.yield %pqn, %pe#0, %pe#1 : !S1, !S2, !S2
              }
              cute_nvgpu.pipeline_producer_tail %pipeQ, %pt#0
              cute_nvgpu.pipeline_producer_tail %pipeK, %pt#1
              cute_nvgpu.pipeline_producer_tail %pipeV, %pt#2
            }
          }
          // Warp 14 (epilogue): one thread stores each staged 128 x 64
          // block of O with TMA (rows q0 + 256 mt + 128 i, columns h D +
          // 64 j), waits until the store has read it and frees the stage.
          %warp14 = arith.cmpi eq, %warp, %c14 : i32
          scf.if %warp14 {
            cute_nvgpu.elect_one {
              %all = cute.make_coord() -> !cute.coord<"(_,_)">
              %ec0 = cute_nvgpu.pipeline_consumer_state %pipeE
              %et = scf.for %t = %bxr to %ttot step %gx iter_args(%ets = %ec0) -> (!S2) : i32 {
                %q0, %k0, %seqq, %seqk, %mt, %h, %live, %n0, %n1 = func.call @tile_work(%t, %pcuq, %pcuk, %batch, %hq, %mtilesMax, %causal) : (i32, !gptr, !gptr, i32, i32, i32, i1) -> (i32, i32, i32, i32, i32, i32, i1, i32, i32)
                %rt = arith.muli %mt, %c256 : i32
                %hd = arith.muli %h, %d : i32
                %qr = arith.addi %q0, %rt : i32
                %oo = cute.make_coord(%qr, %hd) -> !cute.coord<"(?,?)">
                %cOt = cute.domain_offset(%cO, %oo)
                %gO = cute.local_tile(%cOt, %all) {tiler = #cute.shape<"(128,64)">}
                %eh = scf.for %i = %c0 to %c2 step %c1 iter_args(%es = %ets) -> (!S2) : i32 {
                  %st = func.call @staged(%i, %rt, %seqq, %live) : (i32, i32, i32, i1) -> i1
                  %esn = scf.if %st -> (!S2) {
                    %x = scf.for %j0 = %c0 to %d step %c64 iter_args(%s = %es) -> (!S2) : i32 {
                      %j = arith.divui %j0, %c64 : i32
                      cute_nvgpu.pipeline_consumer_wait %pipeE, %s
                      %si = cute_nvgpu.pipeline_state_index %s
                      %sc = cute.make_coord(%si) -> !cute.coord<"(_,?)">
                      %stage = cute.tensor_slice(%sO, %sc)
                      %gc = cute.make_coord(%i, %j) -> !cute.coord<"(_,_,?,?)">
                      %gOij = cute.tensor_slice(%gO, %gc)
                      cute.copy(%stage, %gOij) with(%do)
                      cute_nvgpu.tma_store_commit
                      cute_nvgpu.tma_store_wait 0 {read}
                      cute_nvgpu.pipeline_consumer_release %pipeE, %s
                      %sn = cute_nvgpu.pipeline_state_advance %s
                      scf.yield %sn : !S2
                    } {cute.unroll}
                    scf.yield %x : !S2
                  } else {
                    scf.yield %es : !S2
                  }
                  scf.yield %esn : !S2
                }
                scf.yield %eh : !S2
              }
              // The stores have written O before the kernel ends.
              cute_nvgpu.tma_store_wait 0
            }
          }
        }
        role "softmax0" warps [0, 4) max_regs 168 {
          func.call @softmax_half(%c0, %pipeS0, %pipeP0, %pipeT0, %sA0, %sL0, %tm, %pcuq, %pcuk, %batch, %hq, %scale2, %causal, %mtilesMax, %ttot) : (i32, !PS, !PP, !PP, !statT, !statT, !tmemT, !gptr, !gptr, i32, i32, f32, i1, i32, i32) -> ()
        }
        role "softmax1" warps [4, 8) max_regs 168 {
          func.call @softmax_half(%c1, %pipeS1, %pipeP1, %pipeT1, %sA1, %sL1, %tm, %pcuq, %pcuk, %batch, %hq, %scale2, %causal, %mtilesMax, %ttot) : (i32, !PS, !PP, !PP, !statT, !statT, !tmemT, !gptr, !gptr, i32, i32, f32, i1, i32, i32) -> ()
        }
        role "correction" warps [8, 12) max_regs 96 {
          %bxr = cute.block_idx x
          %tid = cute.thread_idx x
          %q = arith.remui %warp, %c4 : i32
          %trow = arith.remui %tid, %c128 : i32
          %lane = arith.remui %tid, %c32 : i32
          %tO0 = func.call @o_cols(%tm, %c0) : (!tmemT, i32) -> !tO
          %tO1 = func.call @o_cols(%tm, %c1) : (!tmemT, i32) -> !tO
          %tc = cute.make_coord(%trow) -> !cute.coord<"(?)">
          %a0 = cute.tensor_slice(%sA0, %tc)
          %l0 = cute.tensor_slice(%sL0, %tc)
          %a1 = cute.tensor_slice(%sA1, %tc)
          %l1 = cute.tensor_slice(%sL1, %tc)
          %o00 = cute_nvgpu.pipeline_consumer_state %pipeO0
          %o10 = cute_nvgpu.pipeline_consumer_state %pipeO1
          %t00 = cute_nvgpu.pipeline_consumer_state %pipeT0
          %t10 = cute_nvgpu.pipeline_consumer_state %pipeT1
          %e00 = cute_nvgpu.pipeline_producer_state %pipeE
          %ct:5 = scf.for %t = %bxr to %ttot step %gx iter_args(%o0t = %o00, %t0t = %t00, %o1t = %o10, %t1t = %t10, %ect = %e00) -> (!S1, !S1, !S1, !S1, !S2) : i32 {
            %q0, %k0, %seqq, %seqk, %mtile, %h, %live, %n0, %n1 = func.call @tile_work(%t, %pcuq, %pcuk, %batch, %hq, %mtilesMax, %causal) : (i32, !gptr, !gptr, i32, i32, i32, i1) -> (i32, i32, i32, i32, i32, i32, i1, i32, i32)
            %ntiles = arith.maxsi %n0, %n1 : i32
            // Kv tiles n >= 1: both halves' corrections, in the MMA
            // thread's order.
            %lp:4 = scf.for %n = %c1 to %ntiles step %c1 iter_args(%o0 = %o0t, %t0 = %t0t, %o1 = %o1t, %t1 = %t1t) -> (!S1, !S1, !S1, !S1) : i32 {
              %in0 = arith.cmpi slt, %n, %n0 : i32
              %s0:2 = scf.if %in0 -> (!S1, !S1) {
                %x, %y = func.call @correct_step(%pipeO0, %pipeT0, %a0, %tO0, %q, %o0, %t0) : (!PS, !PP, !stat1, !tO, i32, !S1, !S1) -> (!S1, !S1)
                scf.yield %x, %y : !S1, !S1
              } else {
                scf.yield %o0, %t0 : !S1, !S1
              }
              %in1 = arith.cmpi slt, %n, %n1 : i32
              %s1:2 = scf.if %in1 -> (!S1, !S1) {
                %x, %y = func.call @correct_step(%pipeO1, %pipeT1, %a1, %tO1, %q, %o1, %t1) : (!PS, !PP, !stat1, !tO, i32, !S1, !S1) -> (!S1, !S1)
                scf.yield %x, %y : !S1, !S1
              } else {
                scf.yield %o1, %t1 : !S1, !S1
              }
              scf.yield %s0#0, %s0#1, %s1#0, %s1#1 : !S1, !S1, !S1, !S1
            }
            %rt = arith.muli %mtile, %c256 : i32
            %row0 = arith.addi %rt, %trow : i32
            %row1 = arith.addi %row0, %c128 : i32
            %st0 = func.call @staged(%c0, %rt, %seqq, %live) : (i32, i32, i32, i1) -> i1
            %st1 = func.call @staged(%c1, %rt, %seqq, %live) : (i32, i32, i32, i1) -> i1
            %e0:3 = func.call @epilogue_half(%pipeO0, %pipeT0, %a0, %l0, %tO0, %q, %lp#0, %lp#1, %pipeE, %ect, %sO, %st0, %lane, %po, %plse, %q0, %seqq, %row0, %h, %live, %n0, %totalq, %ldo, %scale2) : (!PS, !PP, !stat1, !stat1, !tO, i32, !S1, !S1, !PE, !S2, !sOt, i1, i32, !cute.ptr<!T, gmem, align<16>>, !cute.ptr<f32, gmem, align<4>>, i32, i32, i32, i32, i1, i32, i32, i32, f32) -> (!S1, !S1, !S2)
            %e1:3 = func.call @epilogue_half(%pipeO1, %pipeT1, %a1, %l1, %tO1, %q, %lp#2, %lp#3, %pipeE, %e0#2, %sO, %st1, %lane, %po, %plse, %q0, %seqq, %row1, %h, %live, %n1, %totalq, %ldo, %scale2) : (!PS, !PP, !stat1, !stat1, !tO, i32, !S1, !S1, !PE, !S2, !sOt, i1, i32, !cute.ptr<!T, gmem, align<16>>, !cute.ptr<f32, gmem, align<4>>, i32, i32, i32, i32, i1, i32, i32, i32, f32) -> (!S1, !S1, !S2)
            scf.yield %e0#0, %e0#1, %e1#0, %e1#1, %e1#2 : !S1, !S1, !S1, !S1, !S2
          }
          cute_nvgpu.pipeline_producer_tail %pipeE, %ct#4
        }
      // Every warp is done with the TMEM before warp 12 frees it.
      cute_nvgpu.tcgen05_fence_before_thread_sync
      gpu.barrier
      cute_nvgpu.tcgen05_fence_after_thread_sync
      scf.if %warp12 {
        cute_nvgpu.tmem_dealloc %tm, columns = 512
      }
      gpu.return
    }
  }
}
