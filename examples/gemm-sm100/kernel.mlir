// chips: sm_100a
// C (M x N, row-major, leading dimension ldc) = act(alpha s_m s_n x A x B^T
// + beta x R + bias) with A (M x K) and B (N x K) row-major, bf16 or e4m3,
// f32 accumulation in Tensor Memory: the sm_100a configurations of the
// kernel library (lib/Kernels, docs/kernels.md), the epilogue of
// examples/gemm-sm90 on tcgen05. Runs on the emulator (CUTE_DEVICE=
// emu:sm_100a); no Blackwell GPU has run it. One kernel, @gemm,
// twenty-six instances (docs/instances.md):
//   gemm_1cta_<i>  (CG = 1) one CTA per 128 x BN tile: tcgen05.mma
//                  cta_group::1 m128nBN (k16 for bf16, k32 for e4m3: the
//                  atoms leave kind and K to A and B's type T);
//   gemm_2cta_<i>  (CG = 2) a CTA pair (cluster (2,1,1)) per 256 x BN tile:
//                  tcgen05.mma cta_group::2 m256nBN issued by the even
//                  CTA; CTA r holds A's rows 128 r .. of the tile and B's
//                  rows BN/2 r .. (examples/gemm-2cta-sm100's protocol);
// with <i> = bf16 (BN = 256, C bf16), bf16_n128 (BN = 128), bf16_f32 and
// bf16_n128_f32 (C f32), e4m3 and e4m3_n128 (A and B f8E4M3FN, C bf16;
// kind::f8f6f4), and the SwiGLU forms {bf16,e4m3}[_n128]_swiglu (SWIGLU:
// B's rows are 64-row gate and up blocks in turn, C = silu(gate) x up
// (+ beta R) with N / 2 columns, bf16; the scales and bias are over the
// GEMM's N columns), the grouped GEMM 1cta_{bf16,e4m3}_grouped[_swiglu]
// (GROUPED, BN = 128, one split; the group's rows and B block below), and
// {1cta,2cta}_e4m3_n128_bs with FP8 128 x 128 block scales (BS, below).
// - 192 threads: warp 5 the TMA producer of a 4-stage tma_umma ring of
//   128-byte swizzled 128 x BK A and BN x BK (2-CTA: BN/2 x BK) B tiles,
//   BK one 128-byte row (64 bf16, 128 e4m3), tx bytes and consumer counts
//   inferred; warp 4 the MMA thread (2-CTA: the even CTA's), which releases
//   each stage with tcgen05.commit and commits the accumulator (umma_async,
//   1 stage) after the last K tile;
//   warps 0-3 the epilogue (@epilogue): thread t owns row t of the CTA's
//   128 rows, BN/32 chunks of 32 columns read with tcgen05.ld 32x32b.x32;
// - epilogue in f32: alpha acc (times sm[m] and/or sn[n] by scalemode bits
//   0 and 1), plus the bias (biasmode 1: bias[n], 2: bias[m]), plus beta R
//   (beta != 0; R bf16 with leading dimension ldr, may be C for a bf16 C),
//   then @activation (act 0 none, 1 ReLU, 2 ReLU^2, 3 GELU tanh, 4 SiLU;
//   gemm-sm90's, imported), rounded to TC once; every operand read and C
//   written by masked copies of the thread's 32 columns (row-contiguous:
//   vectorized where the kernel variant knows the alignment), so any M, N
//   and ldc >= N; K a multiple of 16 bytes (TMA's row pitch: K % 8 for
//   bf16, K % 16 for e4m3; the K tail and the edges of A and B are
//   zero-filled).
// One tile per CTA (pair), grid (ceil(M / 128), ceil(N / BN), splits);
// 2-CTA: (2 ceil(M / 256), ceil(N / BN), splits). Split-K (`splits` > 1,
// a runtime argument): split z takes K tiles [z KT / s, (z + 1) KT / s);
// each writes its f32 partial to its slot of the workspace `ws` and
// arrives on the CTA's counter in `flags` (zero before the launch); the
// last to arrive sums the slots in split order and runs the epilogue, and
// leaves the counter zero. No stream-K or swap-AB. Grouped: grid x over
// the groups' tile rows (the bound ceil((M + 127 groups) / 128)), each
// CTA's group, its first row and rows from @tile_origin; `offs` and
// `groups` are unread otherwise.
// A and B's type (bf16, or f8E4M3FN: the atoms' kind follows it) and the
// K extent of a stage: one 128-byte swizzle row (64 bf16, 128 e4m3).
!T = !cute.param<"T", bf16>
#BK = #cute.param<"BK", 64 : i32>
!TC = !cute.param<"TC", bf16>
#BN = #cute.param<"BN", 256 : i32>
// SwiGLU (gate and up blocks of 64 of B's rows in turn; C has N / 2
// columns).
#SWIGLU = #cute.param<"SWIGLU", false>
// Grouped GEMM for MoE (1-CTA): group g owns rows [offs[g-1], offs[g]) of
// A and C and the N x K block g of B (examples/gemm-sm90/gemm-groups.mlir's
// bookkeeping); grid x runs over ceil((M + 127 groups) / 128) tile rows.
#GROUPED = #cute.param<"GROUPED", false>
// FP8 128 x 128 block scales (DeepSeek-V3's recipe; e4m3, BN = 128: a K
// tile is one K block, a tile's columns one block of B): the MMA thread
// writes each K tile's product into its own accumulator buffer (NACC of
// them, a umma_async ring), the epilogue warps add each, scaled by its
// row's A scale times the tile's B scale (gemm-sm90/gemm-blockscale.mlir's
// @scale_at: psm and psn hold A's and B's scales, scalemode 0), into a
// register sum, store the sum into buffer 0 and run @epilogue on it.
#BS = #cute.param<"BS", false>
#NACC = #cute.param<"NACC", 1 : i32>
!AS = !cute_nvgpu.pipeline_state<NACC>
!LS = !cute_nvgpu.pipeline_state<4>
!accT = !cute.memref<f32, tmem, align<16>, "(128,BN):(65536,1)">
!accS = !cute.memref<f32, tmem, align<16>, "((128,BN),NACC):((65536,1),BN)">
// BS: the thread's row of the block-scaled sum, in 32-column chunks.
!sumR = !cute.memref<f32, rmem, align<16>, "(32,BN/32):(1,32)">
!chunk = !cute.memref<f32, rmem, align<16>, "32:1">
!chunkE = !cute.memref<bf16, rmem, align<16>, "32:1">
!chunkC = !cute.memref<!TC, rmem, align<16>, "32:1">
!pC = !cute.ptr<!TC, gmem, align<16>>
!pE = !cute.ptr<bf16, gmem, align<16>>
!pB = !cute.ptr<bf16, gmem, align<2>>
!pS = !cute.ptr<f32, gmem, align<4>>
!pW = !cute.ptr<f32, gmem, align<16>>
!pF = !cute.ptr<i32, gmem, align<4>>
// The split-K workspace: 32-float chunks, (c, (thread, chunk index)); chunk
// index (slot BN/32 + j) holds chunk j of a CTA's 128 x BN partial.
!wsT = !cute.memref<f32, gmem, align<16>, "(32,(128,?)):(1,(32,4096))">
// The CTAs of a tile: 1, or 2 (a pair running cta_group::2 MMAs).
#CG = #cute.param<"CG", 1 : i32>
// The tile's MMA, 128 CG x BN; a CTA's A and accumulator are partitioned by
// the one-CTA atom of N = BN, its BN/CG rows of B by that of N = BN/CG.
#mma = #cute_nvgpu.tcgen05_mma<m = "128*CG", n = BN, a = !T, b = !T, c = f32, cta_group = CG, a_src = smem, a_major = k, b_major = k>
#tiled1 = #cute.tiled_mma<#cute_nvgpu.tcgen05_mma<m = 128, n = BN, a = !T, b = !T, c = f32, cta_group = 1, a_src = smem, a_major = k, b_major = k>, #cute.layout<"(1,1,1):(0,0,0)">>
#tiledB = #cute.tiled_mma<#cute_nvgpu.tcgen05_mma<m = 128, n = "BN/CG", a = !T, b = !T, c = f32, cta_group = 1, a_src = smem, a_major = k, b_major = k>, #cute.layout<"(1,1,1):(0,0,0)">>
module attributes {gpu.container_module,
    cute.instances = ["1cta_bf16:TC=bf16", "1cta_bf16_n128:TC=bf16,BN=128",
                      "1cta_bf16_f32:TC=f32", "1cta_bf16_n128_f32:TC=f32,BN=128",
                      "2cta_bf16:CG=2,TC=bf16", "2cta_bf16_n128:CG=2,TC=bf16,BN=128",
                      "2cta_bf16_f32:CG=2,TC=f32", "2cta_bf16_n128_f32:CG=2,TC=f32,BN=128",
                      "1cta_e4m3:T=f8E4M3FN,BK=128", "1cta_e4m3_n128:T=f8E4M3FN,BK=128,BN=128",
                      "2cta_e4m3:CG=2,T=f8E4M3FN,BK=128", "2cta_e4m3_n128:CG=2,T=f8E4M3FN,BK=128,BN=128",
                      "1cta_bf16_swiglu:SWIGLU=true", "1cta_bf16_n128_swiglu:BN=128,SWIGLU=true",
                      "2cta_bf16_swiglu:CG=2,SWIGLU=true", "2cta_bf16_n128_swiglu:CG=2,BN=128,SWIGLU=true",
                      "1cta_e4m3_swiglu:T=f8E4M3FN,BK=128,SWIGLU=true", "1cta_e4m3_n128_swiglu:T=f8E4M3FN,BK=128,BN=128,SWIGLU=true",
                      "2cta_e4m3_swiglu:CG=2,T=f8E4M3FN,BK=128,SWIGLU=true", "2cta_e4m3_n128_swiglu:CG=2,T=f8E4M3FN,BK=128,BN=128,SWIGLU=true",
                      "1cta_bf16_grouped:BN=128,GROUPED=true", "1cta_e4m3_grouped:T=f8E4M3FN,BK=128,BN=128,GROUPED=true",
                      "1cta_bf16_grouped_swiglu:BN=128,GROUPED=true,SWIGLU=true", "1cta_e4m3_grouped_swiglu:T=f8E4M3FN,BK=128,BN=128,GROUPED=true,SWIGLU=true",
                      "1cta_e4m3_n128_bs:T=f8E4M3FN,BK=128,BN=128,BS=true,NACC=4", "2cta_e4m3_n128_bs:CG=2,T=f8E4M3FN,BK=128,BN=128,BS=true,NACC=4"]} {
  gpu.module @gemm_sm100 attributes {cute.imports = ["../gemm-sm90/gemm-activation.mlir", "../gemm-sm90/gemm-groups.mlir", "../gemm-sm90/gemm-blockscale.mlir"]} {
    // A barrier of the CTA, or of the pair, between tcgen05 fences.
    func.func private @sync_ctas(%pair: i1) {
      cute_nvgpu.tcgen05_fence_before_thread_sync
      scf.if %pair {
        cute_nvgpu.cluster_sync
      } else {
        gpu.barrier
      }
      cute_nvgpu.tcgen05_fence_after_thread_sync
      return
    }

    // Chunk j (32 columns) of the thread's accumulator row: from TMEM with
    // one split; with several, the sum of the splits' partials in the
    // workspace, in split order (slots %slot0 ..; the same sum whichever
    // split arrives last).
    func.func private @acc_chunk(%acc: !accT, %warp: i32, %j: i32, %tid: i32, %ws: !wsT, %slot0: i32, %splits: i32) -> vector<32xf32> {
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      %c32 = arith.constant 32 : i32
      %bn = arith.constant #BN
      %chunks = arith.divui %bn, %c32 : i32
      %one = arith.cmpi eq, %splits, %c1 : i32
      %r = cute.make_fragment() : !chunk
      %v = scf.if %one -> vector<32xf32> {
        %cw = cute.make_coord(%warp, %j) -> !cute.coord<"(?,?)">
        %tt = cute.local_tile(%acc, %cw) {tiler = #cute.shape<"(32,32)">}
        cute.copy(%tt, %r) {atom = #cute_nvgpu.tcgen05_ld<shape = 32x32b, num = 32>}
        cute_nvgpu.tcgen05_wait_ld
        %x = cute.load(%r)
        scf.yield %x : vector<32xf32>
      } else {
        %fz = arith.constant 0.0 : f32
        %z = vector.broadcast %fz : f32 to vector<32xf32>
        %sum = scf.for %s = %c0 to %splits step %c1 iter_args(%a = %z) -> (vector<32xf32>) : i32 {
          %sl = arith.addi %slot0, %s : i32
          %sc = arith.muli %sl, %chunks : i32
          %idx = arith.addi %sc, %j : i32
          %wc = cute.make_coord(%tid, %idx) -> !cute.coord<"(_,(?,?))">
          %wchunk = cute.tensor_slice(%ws, %wc)
          cute.copy(%wchunk, %r)
          %x = cute.load(%r)
          %a2 = arith.addf %a, %x : vector<32xf32>
          scf.yield %a2 : vector<32xf32>
        }
        scf.yield %sum : vector<32xf32>
      }
      return %v : vector<32xf32>
    }

    // One 32-column chunk j of the accumulator (lanes 32 warp .., the
    // GEMM's columns 32 col ..) times alpha, the row / column scales, plus
    // the bias: what the epilogue does before SwiGLU, R and the activation.
    // The scales and the bias are M x N views (%shG) with stride 0 along
    // the other mode (the bias from %pbn per column, %pbm per row: one
    // pointer, or a group's two places in it).
    func.func private @chunk_value(%acc: !accT, %warp: i32, %j: i32, %tid: i32, %ws: !wsT, %slot0: i32, %splits: i32, %bc: !cute.coord<"(?,?)">, %alphas: vector<32xf32>, %shG: !cute.shape<"(?,?)">, %psm: !pS, %psn: !pS, %pbn: !pB, %pbm: !pB, %rowScaled: i1, %colScaled: i1, %hasBias: i1, %biasN: i1) -> vector<32xf32> {
      %sN = cute.static : !cute.stride<"(0,1)">
      %sM = cute.static : !cute.stride<"(1,0)">
      %lN = cute.make_layout(%shG, %sN)
      %lM = cute.make_layout(%shG, %sM)
      %gbn = cute.make_view(%pbn, %lN)
      %gbm = cute.make_view(%pbm, %lM)
      %gsm = cute.make_view(%psm, %lM)
      %gsn = cute.make_view(%psn, %lN)
      %v = func.call @acc_chunk(%acc, %warp, %j, %tid, %ws, %slot0, %splits) : (!accT, i32, i32, i32, !wsT, i32, i32) -> vector<32xf32>
      %v1 = arith.mulf %v, %alphas : vector<32xf32>
      %v2 = scf.if %rowScaled -> vector<32xf32> {
        %st = cute.local_tile(%gsm, %bc) {tiler = #cute.shape<"(128,32)">}
        %sp = cute.local_partition(%st, %tid) {thr_layout = #cute.layout<"(128,1):(1,0)">}
        %sf = cute.make_fragment() : !chunk
        cute.copy(%sp, %sf) {fill = 0.0 : f32}
        %sv = cute.load(%sf)
        %o = arith.mulf %v1, %sv : vector<32xf32>
        scf.yield %o : vector<32xf32>
      } else {
        scf.yield %v1 : vector<32xf32>
      }
      %va = scf.if %colScaled -> vector<32xf32> {
        %st = cute.local_tile(%gsn, %bc) {tiler = #cute.shape<"(128,32)">}
        %sp = cute.local_partition(%st, %tid) {thr_layout = #cute.layout<"(128,1):(1,0)">}
        %sf = cute.make_fragment() : !chunk
        cute.copy(%sp, %sf) {fill = 0.0 : f32}
        %sv = cute.load(%sf)
        %o = arith.mulf %v2, %sv : vector<32xf32>
        scf.yield %o : vector<32xf32>
      } else {
        scf.yield %v2 : vector<32xf32>
      }
      %vb = scf.if %hasBias -> vector<32xf32> {
        %bf = cute.make_fragment() : !chunkE
        scf.if %biasN {
          %bt = cute.local_tile(%gbn, %bc) {tiler = #cute.shape<"(128,32)">}
          %bp = cute.local_partition(%bt, %tid) {thr_layout = #cute.layout<"(128,1):(1,0)">}
          cute.copy(%bp, %bf) {fill = 0.0 : bf16}
        } else {
          %bt = cute.local_tile(%gbm, %bc) {tiler = #cute.shape<"(128,32)">}
          %bp = cute.local_partition(%bt, %tid) {thr_layout = #cute.layout<"(128,1):(1,0)">}
          cute.copy(%bp, %bf) {fill = 0.0 : bf16}
        }
        %bv = cute.load(%bf)
        %bx = arith.extf %bv : vector<32xbf16> to vector<32xf32>
        %o = arith.addf %va, %bx : vector<32xf32>
        scf.yield %o : vector<32xf32>
      } else {
        scf.yield %va : vector<32xf32>
      }
      return %vb : vector<32xf32>
    }

    // The epilogue of the CTA's 128 rows, by warps 0-3 (thread %tid < 128
    // owns row %tid, in TMEM lane %tid): rows from 128 %tm, the tile's BN
    // GEMM columns from BN %tn. The accumulator is complete in TMEM.
    // SwiGLU: the tile's GEMM columns are 64-column gate and up blocks in
    // turn, and C (N / 2 columns) gets BN / 2 of them from BN / 2 %tn:
    // output chunk o of the tile is silu(gate chunk) x up chunk, with gate
    // chunk 4 (o / 2) + o % 2 and its up chunk two later.
    // Split-K (%splits > 1): this CTA is split %split of its tile (%tile
    // among %tiles); it writes its partial to slot %tile %splits + %split
    // of the workspace and arrives on the tile's counter; only the last to
    // arrive goes on, with the sum of the slots (@acc_chunk). %noK: the
    // split had no K tiles (its partial is zero, TMEM never written).
    // Grouped: the tile is tile row %tm of its group, whose %m rows start
    // at row %row0 of C, R, the row scales and the row bias; its column
    // scales and column bias start at %gcol (g N). Otherwise both are 0.
    func.func private @epilogue(%acc: !accT, %tid: i32, %tm: i32, %tn: i32, %row0: i32, %gcol: i32, %pc: !pC, %m: i32, %n: i32, %ldc: i32, %alpha: f32, %beta: f32, %pr: !pE, %ldr: i32, %pbias: !pB, %biasmode: i32, %act: i32, %psm: !pS, %psn: !pS, %scalemode: i32, %pws: !pW, %pflags: !pF, %splits: i32, %split: i32, %tile: i32, %tiles: i32, %noK: i1) {
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      %c2 = arith.constant 2 : i32
      %c4 = arith.constant 4 : i32
      %c32 = arith.constant 32 : i32
      %bn = arith.constant #BN
      %swiglu = arith.constant #SWIGLU
      %chunks = arith.divui %bn, %c32 : i32
      %halfChunks = arith.divui %chunks, %c2 : i32
      %outChunks = arith.select %swiglu, %halfChunks, %chunks : i32
      %nHalf = arith.divui %n, %c2 : i32
      %nOut = arith.select %swiglu, %nHalf, %n : i32
      %warp = arith.divui %tid, %c32 : i32
      // C and R (M x nOut); the scales and the bias over the GEMM's M x N;
      // each from the group's first row (column) on.
      %shC = cute.make_shape(%m, %nOut)
      %shG = cute.make_shape(%m, %n)
      %sc = cute.make_stride(%ldc) -> !cute.stride<"(?,1)">
      %sr = cute.make_stride(%ldr) -> !cute.stride<"(?{div=8},1)">
      %lc = cute.make_layout(%shC, %sc)
      %lr = cute.make_layout(%shC, %sr)
      %oR = cute.make_coord(%row0) -> !cute.coord<"(?,0)">
      %gc0 = cute.make_view(%pc, %lc)
      %gcO = cute.domain_offset(%gc0, %oR)
      %pcG = cute.get_iter(%gcO)
      %gc = cute.make_view(%pcG, %lc)
      %gr0 = cute.make_view(%pr, %lr)
      %grO = cute.domain_offset(%gr0, %oR)
      %prG = cute.get_iter(%grO)
      %gr = cute.make_view(%prG, %lr)
      %psmG = cute.add_offset(%psm, %row0)
      %psnG = cute.add_offset(%psn, %gcol)
      %pbmG = cute.add_offset(%pbias, %row0)
      %pbnG = cute.add_offset(%pbias, %gcol)
      %biasN = arith.cmpi eq, %biasmode, %c1 : i32
      %biasM = arith.cmpi eq, %biasmode, %c2 : i32
      %hasBias = arith.ori %biasN, %biasM : i1
      %sm0 = arith.andi %scalemode, %c1 : i32
      %sn0 = arith.andi %scalemode, %c2 : i32
      %rowScaled = arith.cmpi ne, %sm0, %c0 : i32
      %colScaled = arith.cmpi ne, %sn0, %c0 : i32
      %fzero = arith.constant 0.0 : f32
      %hasR = arith.cmpf une, %beta, %fzero : f32
      %alphas = vector.broadcast %alpha : f32 to vector<32xf32>
      %betas = vector.broadcast %beta : f32 to vector<32xf32>
      // The workspace: tiles x splits slots of BN / 32 chunks.
      %slot0 = arith.muli %tile, %splits : i32
      %nslots = arith.muli %tiles, %splits : i32
      %wsChunks = arith.muli %nslots, %chunks : i32
      %shW = cute.make_shape(%wsChunks) -> !cute.shape<"(32,(128,?))">
      %stW = cute.static : !cute.stride<"(1,(32,4096))">
      %lW = cute.make_layout(%shW, %stW)
      %ws = cute.make_view(%pws, %lW)
      %multi = arith.cmpi ugt, %splits, %c1 : i32
      %goOn = scf.if %multi -> (i1) {
        %mySlot = arith.addi %slot0, %split : i32
        %myBase = arith.muli %mySlot, %chunks : i32
        %part = cute.make_fragment() : !chunk
        %fz = arith.constant 0.0 : f32
        %zeros = vector.broadcast %fz : f32 to vector<32xf32>
        scf.for %j = %c0 to %chunks step %c1 : i32 {
          scf.if %noK {
            cute.store(%zeros, %part)
          } else {
            %cw = cute.make_coord(%warp, %j) -> !cute.coord<"(?,?)">
            %tt = cute.local_tile(%acc, %cw) {tiler = #cute.shape<"(32,32)">}
            cute.copy(%tt, %part) {atom = #cute_nvgpu.tcgen05_ld<shape = 32x32b, num = 32>}
            cute_nvgpu.tcgen05_wait_ld
          }
          %idx = arith.addi %myBase, %j : i32
          %wc = cute.make_coord(%tid, %idx) -> !cute.coord<"(_,(?,?))">
          %wchunk = cute.tensor_slice(%ws, %wc)
          cute.copy(%part, %wchunk)
        }
        %leader = arith.cmpi eq, %tid, %c0 : i32
        %last = cute_nvgpu.counter_arrive %pflags[%tile] expected %splits
            leader %leader barrier id = 1, threads = 128 : !pF
        scf.yield %last : i1
      } else {
        %true = arith.constant true
        scf.yield %true : i1
      }
      %out = cute.make_fragment() : !chunkC
      %tnG = arith.muli %tn, %chunks : i32
      %tnO = arith.muli %tn, %outChunks : i32
      scf.if %goOn {
        scf.for %o = %c0 to %outChunks step %c1 : i32 {
          // The value's chunk of the tile (SwiGLU: the gate's).
          %op = arith.divui %o, %c2 : i32
          %oq = arith.remui %o, %c2 : i32
          %g4 = arith.muli %op, %c4 : i32
          %gj = arith.addi %g4, %oq : i32
          %j = arith.select %swiglu, %gj, %o : i32
          %colG = arith.addi %tnG, %j : i32
          %bcG = cute.make_coord(%tm, %colG) -> !cute.coord<"(?,?)">
          %vg = func.call @chunk_value(%acc, %warp, %j, %tid, %ws, %slot0, %splits, %bcG, %alphas, %shG, %psmG, %psnG, %pbnG, %pbmG, %rowScaled, %colScaled, %hasBias, %biasN) : (!accT, i32, i32, i32, !wsT, i32, i32, !cute.coord<"(?,?)">, vector<32xf32>, !cute.shape<"(?,?)">, !pS, !pS, !pB, !pB, i1, i1, i1, i1) -> vector<32xf32>
          %vx = scf.if %swiglu -> vector<32xf32> {
            %ju = arith.addi %j, %c2 : i32
            %colU = arith.addi %colG, %c2 : i32
            %bcU = cute.make_coord(%tm, %colU) -> !cute.coord<"(?,?)">
            %vu = func.call @chunk_value(%acc, %warp, %ju, %tid, %ws, %slot0, %splits, %bcU, %alphas, %shG, %psmG, %psnG, %pbnG, %pbmG, %rowScaled, %colScaled, %hasBias, %biasN) : (!accT, i32, i32, i32, !wsT, i32, i32, !cute.coord<"(?,?)">, vector<32xf32>, !cute.shape<"(?,?)">, !pS, !pS, !pB, !pB, i1, i1, i1, i1) -> vector<32xf32>
            %silu = func.call @activation(%vg, %c4) : (vector<32xf32>, i32) -> vector<32xf32>
            %glu = arith.mulf %silu, %vu : vector<32xf32>
            scf.yield %glu : vector<32xf32>
          } else {
            scf.yield %vg : vector<32xf32>
          }
          // The chunk's 128 x 32 block of C; the thread's row of it.
          %colO = arith.addi %tnO, %o : i32
          %bc = cute.make_coord(%tm, %colO) -> !cute.coord<"(?,?)">
          %vr = scf.if %hasR -> vector<32xf32> {
            %rt = cute.local_tile(%gr, %bc) {tiler = #cute.shape<"(128,32)">}
            %rp = cute.local_partition(%rt, %tid) {thr_layout = #cute.layout<"(128,1):(1,0)">}
            %rf = cute.make_fragment() : !chunkE
            cute.copy(%rp, %rf) {fill = 0.0 : bf16}
            %rv = cute.load(%rf)
            %rx = arith.extf %rv : vector<32xbf16> to vector<32xf32>
            %rb = arith.mulf %rx, %betas : vector<32xf32>
            %o2 = arith.addf %vx, %rb : vector<32xf32>
            scf.yield %o2 : vector<32xf32>
          } else {
            scf.yield %vx : vector<32xf32>
          }
          // SwiGLU is the activation: none after it.
          %ya = func.call @activation(%vr, %act) : (vector<32xf32>, i32) -> vector<32xf32>
          %y = arith.select %swiglu, %vr, %ya : vector<32xf32>
          // Through f64 so that one spelling serves f32 C too (the exact
          // extension folds away).
          %y64 = arith.extf %y : vector<32xf32> to vector<32xf64>
          %h = arith.truncf %y64 : vector<32xf64> to vector<32x!TC>
          cute.store(%h, %out)
          %ct = cute.local_tile(%gc, %bc) {tiler = #cute.shape<"(128,32)">}
          %cp = cute.local_partition(%ct, %tid) {thr_layout = #cute.layout<"(128,1):(1,0)">}
          cute.copy(%out, %cp) {masked}
        }
      }
      return
    }

    // One CTA (CG = 1) or a CTA pair (CG = 2, cluster (2,1,1)) per tile of
    // 128 CG x BN; the branches on %pair are resolved per instance.
    gpu.func @gemm(%pa: !cute.ptr<!T, gmem, align<16>>, %pb: !cute.ptr<!T, gmem, align<16>>, %pc: !pC, %m: i32, %n: i32, %k: i32, %ldc: i32, %alpha: f32, %beta: f32, %pr: !pE, %ldr: i32, %pbias: !pB, %biasmode: i32, %act: i32, %psm: !pS, %psn: !pS, %scalemode: i32, %pws: !pW, %pflags: !pF, %splits: i32, %poffs: !cute.ptr<i32, gmem, align<4>>, %groups: i32) kernel
        attributes {cute.cluster_dims = #cute.shape<"(CG,1,1)">, gpu.known_block_size = array<i32: 192, 1, 1>} {
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      %c2 = arith.constant 2 : i32
      %c4 = arith.constant 4 : i32
      %bk = arith.constant #BK
      %cg = arith.constant #CG
      %pair = arith.cmpi eq, %cg, %c2 : i32
      %tidx = gpu.thread_id x
      %bxi = gpu.block_id x
      %byi = gpu.block_id y
      %tid = arith.index_cast %tidx : index to i32
      %bx = arith.index_cast %bxi : index to i32
      %by = arith.index_cast %byi : index to i32
      // The CTA's rank in its pair (0 alone); the even CTA issues the MMAs.
      %rank = scf.if %pair -> i32 {
        %r = cute_nvgpu.cluster_rank
        scf.yield %r : i32
      } else {
        scf.yield %c0 : i32
      }
      %odd = arith.andi %rank, %c1 : i32
      %leader = arith.cmpi eq, %odd, %c0 : i32
      %sk = cute.make_stride(%k) -> !cute.stride<"(?,1)">
      // Grouped: B holds every group's N x K block.
      %grouped = arith.constant #GROUPED
      %nAll = arith.muli %n, %groups : i32
      %nb = arith.select %grouped, %nAll, %n : i32
      %shA = cute.make_shape(%m, %k)
      %shB = cute.make_shape(%nb, %k)
      %la = cute.make_layout(%shA, %sk)
      %lb = cute.make_layout(%shB, %sk)
      %ga = cute.make_view(%pa, %la)
      %gb = cute.make_view(%pb, %lb)
      %da = cute_nvgpu.make_tma_desc %ga -> !cute_nvgpu.tma_desc<load, !cute.memref<!T, smem, align<1024>, sw128, "(128,BK):(BK,1)">>
      %db = cute_nvgpu.make_tma_desc %gb -> !cute_nvgpu.tma_desc<load, !cute.memref<!T, smem, align<1024>, sw128, "(BN/CG,BK):(BK,1)">>
      %sA = cute.smem_alloc() : !cute.memref<!T, smem, align<1024>, sw128, "((128,BK),4):((BK,1),128*BK)">
      %sB = cute.smem_alloc() : !cute.memref<!T, smem, align<1024>, sw128, "((BN/CG,BK),4):((BK,1),BN*BK/CG)">
      %loadBars = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "8:1">
      %accBars = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "2*NACC:1">
      %slot = cute.smem_alloc() : !cute.memref<i32, smem, align<16>, "1:1">
      %warp = cute_nvgpu.warp_idx
      %warp4 = arith.cmpi eq, %warp, %c4 : i32
      // Warp 4 allocates the columns (of both CTAs of a pair).
      scf.if %warp4 {
        cute_nvgpu.tmem_alloc %slot, columns = "BN*NACC" cta_group = #CG
        scf.if %pair {
          cute_nvgpu.tmem_relinquish_alloc_permit cta_group = 2
        }
      }
      %loads = cute_nvgpu.pipeline_create %loadBars {cta_group = #CG} -> !cute_nvgpu.pipeline<tma_umma, 4>
      %accs = cute_nvgpu.pipeline_create %accBars {cta_group = #CG} -> !cute_nvgpu.pipeline<umma_async, NACC>
      func.call @sync_ctas(%pair) : (i1) -> ()
      %acc = cute_nvgpu.tmem_tensor %slot -> !accT
      %accS = cute_nvgpu.tmem_tensor %slot -> !accS
      %bs = arith.constant #BS
      %bk1 = arith.subi %bk, %c1 : i32
      %kup = arith.addi %k, %bk1 : i32
      %ktiles = arith.divui %kup, %bk : i32
      // Split-K: split z of `splits` takes K tiles [z kt / s, (z + 1) kt / s)
      // of its tile (block z); the CTAs of a tile (x, y) share its counter
      // and workspace slots, tile index y gridDim.x + x.
      %bzi = gpu.block_id z
      %bz = arith.index_cast %bzi : index to i32
      %gxi = gpu.grid_dim x
      %gyi = gpu.grid_dim y
      %gx = arith.index_cast %gxi : index to i32
      %gy = arith.index_cast %gyi : index to i32
      %tiles = arith.muli %gx, %gy : i32
      %tyx = arith.muli %by, %gx : i32
      %tile = arith.addi %tyx, %bx : i32
      %zk = arith.muli %bz, %ktiles : i32
      %kt0 = arith.divui %zk, %splits : i32
      %zk1 = arith.addi %zk, %ktiles : i32
      %kt1s = arith.divui %zk1, %splits : i32
      // Grouped: tile row x's group g, the group's first row and rows, and
      // the tile's row within the group (gemm-groups.mlir: a walk over the
      // offsets); otherwise group 0 of all m rows, tile row x. A tile past
      // the last group has no rows and loads nothing.
      %g, %rg, %row0, %rows, %tl = func.call @tile_origin(%grouped, %poffs, %groups, %m, %bx, %c0, %c0) : (i1, !cute.ptr<i32, gmem, align<4>>, i32, i32, i32, i32, i32) -> (i32, i32, i32, i32, i32)
      %gn0 = arith.muli %g, %n : i32
      %empty = arith.cmpi eq, %rows, %c0 : i32
      %kt1 = arith.select %empty, %kt0, %kt1s : i32
      %noK = arith.cmpi eq, %kt0, %kt1 : i32
      // This CTA's 128 rows of A (from row row0 + 128 tl), the tile's BN
      // rows of B (block y of group g's block), all k.
      %cA = cute.make_identity_tensor(%shA)
      %cB = cute.make_identity_tensor(%shB)
      %c128r = arith.constant 128 : i32
      %tlr = arith.muli %tl, %c128r : i32
      %ar = arith.addi %row0, %tlr : i32
      %ao = cute.make_coord(%ar) -> !cute.coord<"(?,0)">
      %cAt = cute.domain_offset(%cA, %ao)
      %bo = cute.make_coord(%gn0) -> !cute.coord<"(?,0)">
      %cBg = cute.domain_offset(%cB, %bo)
      %am = cute.make_coord() -> !cute.coord<"(0,_)">
      %bn = cute.make_coord(%by) -> !cute.coord<"(?,_)">
      %gA = cute.local_tile(%cAt, %am) {tiler = #cute.shape<"(128,BK)">}
      %gB = cute.local_tile(%cBg, %bn) {tiler = #cute.shape<"(BN,BK)">}
      cute_nvgpu.warp_specialize
        role "producer" warps [5, 6) {
          cute_nvgpu.elect_one {
            %p0 = cute_nvgpu.pipeline_producer_state %loads
            %pe = scf.for %kt = %kt0 to %kt1 step %c1 iter_args(%ps = %p0) -> (!LS) : i32 {
              cute_nvgpu.pipeline_producer_acquire %loads, %ps
              %full = cute_nvgpu.pipeline_producer_get_barrier %loads, %ps
              %i = cute_nvgpu.pipeline_state_index %ps
              %sc = cute.make_coord(%i) -> !cute.coord<"(_,?)">
              %bufA = cute.tensor_slice(%sA, %sc)
              %bufB = cute.tensor_slice(%sB, %sc)
              %kc = cute.make_coord(%kt) -> !cute.coord<"(_,_,?)">
              %gAk = cute.tensor_slice(%gA, %kc)
              %gBk = cute.tensor_slice(%gB, %kc)
              // Each CTA loads its BN/CG rows of the tile's B: rows from
              // BN/2 odd in a pair.
              %sBh, %cBh = cute_nvgpu.tma_partition %db, %odd (%bufB, %gBk)
              cute.copy(%gAk, %bufA) with(%da, %full) {atom = #cute_nvgpu.tma<cta_group = CG>}
              cute.copy(%cBh, %sBh) with(%db, %full) {atom = #cute_nvgpu.tma<cta_group = CG>}
              %pn = cute_nvgpu.pipeline_state_advance %ps
              scf.yield %pn : !LS
            }
            cute_nvgpu.pipeline_producer_tail %loads, %pe
          }
        }
        role "mma" warps [4, 5) {
          scf.if %leader {
            cute_nvgpu.elect_one {
              // One accumulator for the whole K range; BS: one buffer of
              // the ring per K tile, each released by the epilogue.
              %a0 = cute_nvgpu.pipeline_producer_state %accs
              %t1 = arith.constant true
              %one = arith.xori %bs, %t1 : i1
              scf.if %one {
                cute_nvgpu.pipeline_producer_acquire %accs, %a0
              }
              %c0s = cute_nvgpu.pipeline_consumer_state %loads
              %ce:2 = scf.for %kt = %kt0 to %kt1 step %c1 iter_args(%cs = %c0s, %as = %a0) -> (!LS, !AS) : i32 {
                scf.if %bs {
                  cute_nvgpu.pipeline_producer_acquire %accs, %as
                }
                %ai = cute_nvgpu.pipeline_state_index %as
                %aic = cute.make_coord(%ai) -> !cute.coord<"(_,?)">
                %accI = cute.tensor_slice(%accS, %aic)
                %pct = cute.mma_partition "C" of #tiled1 (%accI, %c0)
                cute_nvgpu.pipeline_consumer_wait %loads, %cs
                cute_nvgpu.tcgen05_fence_after_thread_sync
                %i = cute_nvgpu.pipeline_state_index %cs
                %sc = cute.make_coord(%i) -> !cute.coord<"(_,?)">
                %bufA = cute.tensor_slice(%sA, %sc)
                %bufB = cute.tensor_slice(%sB, %sc)
                %pas = cute.mma_partition "A" of #tiled1 (%bufA, %c0)
                %pbs = cute.mma_partition "B" of #tiledB (%bufB, %c0)
                %notFirst = arith.cmpi ne, %kt, %kt0 : i32
                %true = arith.constant true
                %notBs = arith.xori %bs, %true : i1
                %accum = arith.andi %notFirst, %notBs : i1
                cute.gemm #mma (%pas, %pbs, %pct) accumulate(%accum)
                // The stage (both CTAs' in a pair) is free once these MMAs
                // are done.
                cute_nvgpu.pipeline_consumer_release %loads, %cs
                %cn = cute_nvgpu.pipeline_state_advance %cs
                %an = scf.if %bs -> (!AS) {
                  cute_nvgpu.pipeline_producer_commit %accs, %as
                  %x = cute_nvgpu.pipeline_state_advance %as
                  scf.yield %x : !AS
                } else {
                  scf.yield %as : !AS
                }
                scf.yield %cn, %an : !LS, !AS
              }
              // The accumulator is complete (in both CTAs of a pair).
              scf.if %one {
                cute_nvgpu.pipeline_producer_commit %accs, %a0
              }
            }
          }
        }
        role "epilogue" warps [0, 4) {
          %c128 = arith.constant 128 : i32
          %et = arith.remui %tid, %c128 : i32
          %s0 = cute_nvgpu.pipeline_consumer_state %accs
          %t1 = arith.constant true
          %notBs = arith.xori %bs, %t1 : i1
          scf.if %bs {
            // BS: the thread's row of the sum over the K tiles of each
            // tile's product times sa[row, kt] sb[by, kt], then stored
            // into buffer 0 for @epilogue (every MMA is complete then).
            %c32 = arith.constant 32 : i32
            %c128b = arith.constant 128 : i32
            %bnc = arith.constant #BN
            %chunks = arith.divui %bnc, %c32 : i32
            %ew = arith.divui %et, %c32 : i32
            %row = arith.addi %ar, %et : i32
            %nbs = arith.ceildivui %n, %c128b : i32
            %sum = cute.make_fragment() : !sumR
            %fz = arith.constant 0.0 : f32
            cute.fill(%sum, %fz)
            %part = cute.make_fragment() : !chunk
            %se = scf.for %kt = %kt0 to %kt1 step %c1 iter_args(%st = %s0) -> (!AS) : i32 {
              // The scales' loads overlap the wait.
              %sa = func.call @scale_at(%psm, %m, %k, %row, %kt) : (!pS, i32, i32, i32, i32) -> f32
              %sb = func.call @scale_at(%psn, %nbs, %k, %by, %kt) : (!pS, i32, i32, i32, i32) -> f32
              %sab = arith.mulf %sa, %sb : f32
              %sv = vector.broadcast %sab : f32 to vector<32xf32>
              cute_nvgpu.pipeline_consumer_wait %accs, %st
              cute_nvgpu.tcgen05_fence_after_thread_sync
              %i = cute_nvgpu.pipeline_state_index %st
              %ic = cute.make_coord(%i) -> !cute.coord<"(_,?)">
              %buf = cute.tensor_slice(%accS, %ic)
              scf.for %j = %c0 to %chunks step %c1 : i32 {
                %cw = cute.make_coord(%ew, %j) -> !cute.coord<"(?,?)">
                %tt = cute.local_tile(%buf, %cw) {tiler = #cute.shape<"(32,32)">}
                cute.copy(%tt, %part) {atom = #cute_nvgpu.tcgen05_ld<shape = 32x32b, num = 32>}
                cute_nvgpu.tcgen05_wait_ld
                %jc = cute.make_coord(%j) -> !cute.coord<"(_,?)">
                %sj = cute.tensor_slice(%sum, %jc)
                %x = cute.load(%part)
                %y = cute.load(%sj)
                %z = math.fma %x, %sv, %y : vector<32xf32>
                cute.store(%z, %sj)
              } {cute.unroll}
              cute_nvgpu.tcgen05_fence_before_thread_sync
              cute_nvgpu.pipeline_consumer_release %accs, %st
              %sn = cute_nvgpu.pipeline_state_advance %st
              scf.yield %sn : !AS
            }
            scf.for %j = %c0 to %chunks step %c1 : i32 {
              %cw = cute.make_coord(%ew, %j) -> !cute.coord<"(?,?)">
              %tt = cute.local_tile(%acc, %cw) {tiler = #cute.shape<"(32,32)">}
              %jc = cute.make_coord(%j) -> !cute.coord<"(_,?)">
              %sj = cute.tensor_slice(%sum, %jc)
              cute.copy(%sj, %tt) {atom = #cute_nvgpu.tcgen05_st<shape = 32x32b, num = 32>}
            } {cute.unroll}
            cute_nvgpu.tcgen05_wait_st
          } else {
            cute_nvgpu.pipeline_consumer_wait %accs, %s0
            cute_nvgpu.tcgen05_fence_after_thread_sync
          }
          func.call @epilogue(%acc, %et, %tl, %by, %row0, %gn0, %pc, %rows, %n, %ldc, %alpha, %beta, %pr, %ldr, %pbias, %biasmode, %act, %psm, %psn, %scalemode, %pws, %pflags, %splits, %bz, %tile, %tiles, %noK) : (!accT, i32, i32, i32, i32, i32, !pC, i32, i32, i32, f32, f32, !pE, i32, !pB, i32, i32, !pS, !pS, i32, !pW, !pF, i32, i32, i32, i32, i1) -> ()
          scf.if %notBs {
            cute_nvgpu.tcgen05_fence_before_thread_sync
            cute_nvgpu.pipeline_consumer_release %accs, %s0
          }
        }
      // Every warp (of both CTAs of a pair) is done with the TMEM before
      // warp 4 frees it.
      func.call @sync_ctas(%pair) : (i1) -> ()
      scf.if %warp4 {
        cute_nvgpu.tmem_dealloc %acc, columns = "BN*NACC" cta_group = #CG
      }
      gpu.return
    }
  }
}
