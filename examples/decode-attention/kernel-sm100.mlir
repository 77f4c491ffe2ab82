// chips: sm_100a
// Paged GQA decode attention on datacenter Blackwell (sm_100a), with the
// MMAs on tcgen05 and their accumulators in Tensor Memory: the same
// problem, arguments, masks, scales, RoPE, splits and merge as kernel.mlir
// (the mma.sync kernel of sm_90a and sm_120a), so the host launches
// either one with one argument list; only the rows per CTA (128) differ.
//
// Grid (hkv x row chunks of 128, batch, splits); 4 warps. Thread t owns row
// t of the chunk (TMEM lane t): rows g ntok + t of the kv head's group (GQA
// packed into the MMA's M, as in kernel.mlir), padded to 128 with zero q
// rows. The split's keys go in blocks of 64:
// - every thread loads half a key row of K and of V (its key's slot from
//   the block table, any page size) into shared memory, converted to T
//   (e4m3 caches: exactly, in registers), as 128-byte swizzled rows (two
//   stages); V rows past the last valid key are zeroed;
// - thread 0 issues S = Q K^T (tcgen05.mma 128 x 64 x D, both operands
//   from shared memory) into TMEM and commits it to an mbarrier;
// - each thread reads its row of S (tcgen05.ld), masks it, runs the online
//   softmax on it alone (a row a thread: no shuffles), rescales its row of
//   O in TMEM, and writes P as 16-bit pairs over S's first 32 columns;
// - thread 0 issues O += P V (P from TMEM, the "TS" form; V MN-major from
//   the same rows) behind it. The next block's loads overlap that MMA (the
//   other stage), and its S is issued behind it in order.
// After the last block each thread reads its row of O, scales it by its
// 1 / l and the kv head's V scale and writes it (bf16) with the LSE, or
// into the split workspace (f32), whose last CTA merges the splits
// (merge-splits.mlir, as kernel.mlir does).
// TMEM: O at columns [0, D), S at [D, D + 64); TC columns allocated (a
// power of 2). Shared memory: Q 128 x D, 2 stages of K and V (64 x D each).
// Not run on a GPU: no Blackwell exists here; checked on the emulator.
!T = !cute.param<"T", bf16>
!TQ = !cute.param<"TQ", bf16>
!KV = !cute.param<"KV", bf16>
#D = #cute.param<"D", 128 : i32>
// Cache elements per 16-byte load (8 bf16, 16 e4m3) and TMEM columns.
#KU = #cute.param<"KU", 8 : i32>
#TC = #cute.param<"TC", 256 : i32>

!S1 = !cute_nvgpu.pipeline_state<1>
!PS = !cute_nvgpu.pipeline<umma_async, 1>
#tcS = #cute_nvgpu.tcgen05_mma<kind = f16, m = 128, n = 64, k = 16, a = !T, b = !T, c = f32, cta_group = 1, a_src = smem, a_major = k, b_major = k>
#mmaS = #cute.tiled_mma<#tcS, #cute.layout<"(1,1,1):(0,0,0)">>
#tcO = #cute_nvgpu.tcgen05_mma<kind = f16, m = 128, n = D, k = 16, a = !T, b = !T, c = f32, cta_group = 1, a_src = tmem, a_major = k, b_major = mn>
#mmaO = #cute.tiled_mma<#tcO, #cute.layout<"(1,1,1):(0,0,0)">>
// Q (128 rows) and the K/V stages (64 keys), D / 64 swizzled column blocks.
!sQt = !cute.memref<!T, smem, align<1024>, sw128, "(128,(64,D/64)):(64,(1,8192))">
// The ring: tiles K0, V0, K1, V1 of 64 keys x D (tile 2 stage + 1 is V).
!sRing = !cute.memref<!T, smem, align<1024>, sw128, "((64,(64,D/64)),4):((64,(1,4096)),64*D)">
// The ring's rows as 16-byte steps: (KU values, (chunk, block)), key, tile.
!sRows = !cute.memref<!T, smem, align<1024>, sw128, "((KU,(64/KU,D/64)),64,4):((1,(KU,4096)),64,64*D)">
// The cache of one kv head: (slots, (KU, D / KU)).
!gRows = !cute.memref<!KV, gmem, align<16>, "(?,(KU,D/KU)):(?{i64,div=8},(1,KU))">
!tmemT = !cute.memref<f32, tmem, align<16>, "(128,TC):(65536,1)">
!tO = !cute.memref<f32, tmem, align<16>, "(128,D):(65536,1)">
!gp = !cute.ptr<i32, gmem, align<4>>
!fp = !cute.ptr<f32, gmem, align<4>>
!r32 = !cute.memref<f32, rmem, align<16>, "32:1">

module attributes {gpu.container_module,
    cute.instances = ["bf16_d64:T=bf16,KV=bf16,D=64,TC=128,MW=2", "bf16_d128:T=bf16,KV=bf16,D=128",
                      "bf16_d256:T=bf16,KV=bf16,D=256,TC=512",
                      "e4m3_d64:T=f16,KV=f8E4M3FN,D=64,KU=16,TC=128,MW=2", "e4m3_d128:T=f16,KV=f8E4M3FN,D=128,KU=16",
                      "e4m3_d256:T=f16,KV=f8E4M3FN,D=256,KU=16,TC=512"]} {
  gpu.module @decode_tc attributes {cute.imports = ["../fmha-prefill/fmha-sm100-common.mlir", "decode-common.mlir", "merge-splits.mlir"]} {
    // Keys j0 .. j0 + 63 of K and V into stage st: thread t takes key
    // j0 + t / 2 and half t % 2 of its row (D / 2 values, 16 bytes a
    // load), converted to T. V rows past `last` are zeros (their slots may
    // hold anything; P is 0 there, but 0 x NaN is not).
    func.func private @load_block(%gK: !gRows, %gV: !gRows, %sR: !sRows, %st: i32, %pbt: !gp, %b: i32, %maxPages: i32, %page: i32, %slots: i32, %last: i32, %j0: i32, %tid: i32) {
      %c0, %c1, %c2, %nc = cute.constants 0, 1, 2, "D/KU/2" : i32
      %fzero = arith.constant 0.0 : f32
      %r = arith.divui %tid, %c2 : i32
      %hf = arith.remui %tid, %c2 : i32
      %j = arith.addi %j0, %r : i32
      %slot = func.call @slot_of(%pbt, %b, %maxPages, %page, %j, %last, %slots) : (!gp, i32, i32, i32, i32, i32, i32) -> i32
      %dead = arith.cmpi sgt, %j, %last : i32
      %cb = arith.muli %hf, %nc : i32
      %zf = vector.broadcast %fzero : f32 to !cute.vec<"KU", f32>
      %zh = arith.truncf %zf : !cute.vec<"KU", f32> to !cute.vec<"KU", !T>
      scf.for %i = %c0 to %nc step %c1 : i32 {
        %c = arith.addi %cb, %i : i32
        %ag = cute.make_coord(%slot, %c) -> !cute.coord<"(?,(_,?))">
        %tk = arith.muli %st, %c2 : i32
        %as = cute.make_coord(%c, %r, %tk) -> !cute.coord<"((_,?),?,?)">
        %ek = cute.tensor_slice(%gK, %ag)
        %ev = cute.tensor_slice(%gV, %ag)
        %kr = cute.load(%ek)
        %vr = cute.load(%ev)
        %kf = arith.extf %kr : !cute.vec<"KU", !KV> to !cute.vec<"KU", f32>
        %vf = arith.extf %vr : !cute.vec<"KU", !KV> to !cute.vec<"KU", f32>
        %kh = arith.truncf %kf : !cute.vec<"KU", f32> to !cute.vec<"KU", !T>
        %vh0 = arith.truncf %vf : !cute.vec<"KU", f32> to !cute.vec<"KU", !T>
        %vh = arith.select %dead, %zh, %vh0 : !cute.vec<"KU", !T>
        %sk = cute.tensor_slice(%sR, %as)
        cute.store(%kh, %sk)
        %tv = arith.addi %tk, %c1 : i32
        %as2 = cute.make_coord(%c, %r, %tv) -> !cute.coord<"((_,?),?,?)">
        %sv = cute.tensor_slice(%sR, %as2)
        cute.store(%vh, %sv)
      } {cute.unroll}
      return
    }

    // A thread's row of S for keys j0 .. j0 + 63: keys past lim (the row's
    // last key, the split's end included; -1 for a padding row) masked,
    // the online max, P = exp2(scale2 s - m), the new sum and alpha
    // (fmha-common.mlir's @online_max, one row in lane 0 of its pair).
    func.func private @softmax_block(%s0: vector<64xf32>, %m: f32, %l: f32, %j0: i32, %lim: i32, %scale2: f32) -> (vector<64xf32>, f32, f32, f32) {
      %ninf = arith.constant 0xFF800000 : f32
      %sti = arith.constant dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63]> : vector<64xi32>
      %j0v = vector.broadcast %j0 : i32 to vector<64xi32>
      %cols = arith.addi %sti, %j0v : vector<64xi32>
      %limv = vector.broadcast %lim : i32 to vector<64xi32>
      %late = arith.cmpi sgt, %cols, %limv : vector<64xi32>
      %ninfs = vector.broadcast %ninf : f32 to vector<64xf32>
      %s = arith.select %late, %ninfs, %s0 : vector<64xi1>, vector<64xf32>
      %tmax = vector.reduction <maximumf>, %s : vector<64xf32> into f32
      %m2 = vector.broadcast %m : f32 to vector<2xf32>
      %t2 = vector.broadcast %tmax : f32 to vector<2xf32>
      %mn2, %mo2, %al2 = func.call @online_max(%m2, %t2, %scale2) : (vector<2xf32>, vector<2xf32>, f32) -> (vector<2xf32>, vector<2xf32>, vector<2xf32>)
      %mn = vector.extract %mn2[0] : f32 from vector<2xf32>
      %mo = vector.extract %mo2[0] : f32 from vector<2xf32>
      %alpha = vector.extract %al2[0] : f32 from vector<2xf32>
      %sc2 = vector.broadcast %scale2 : f32 to vector<64xf32>
      %mov = vector.broadcast %mo : f32 to vector<64xf32>
      %mon = arith.negf %mov : vector<64xf32>
      %ps = math.fma %s, %sc2, %mon : vector<64xf32>
      %p = math.exp2 %ps fastmath<afn> : vector<64xf32>
      %rsum = vector.reduction <add>, %p : vector<64xf32> into f32
      %la = arith.mulf %l, %alpha : f32
      %ln = arith.addf %la, %rsum : f32
      return %p, %mn, %ln, %alpha : vector<64xf32>, f32, f32, f32
    }

    // A thread's row of the output: O / l (times the V scale) as TQ into o
    // (row orow, head hh) and the LSE, or as f32 into split s's workspace
    // rows. Every lane reads its row of O (tcgen05.ld is a warp's
    // instruction); a padding row stores nothing, and a row without keys
    // (l = 0: its O may never have been written) stores zeros and -inf.
    func.func private @store_row(%tO: !tO, %q: i32, %m: f32, %l: f32, %live: i1, %orow: i32, %hh: i32, %s: i32, %splits: i32, %batch: i32, %ntok: i32, %hq: i32, %ldo: i32, %sk: f32, %vsc: f32, %po: !cute.ptr<!TQ, gmem, align<16>>, %plse: !fp, %pws: !cute.ptr<f32, gmem, align<16>>, %pwl: !fp) {
      %c0, %c1, %c32, %d = cute.constants 0, 1, 32, D : i32
      %fzero = arith.constant 0.0 : f32
      %l2 = vector.broadcast %l : f32 to vector<2xf32>
      %m2 = vector.broadcast %m : f32 to vector<2xf32>
      %lpos2, %rinv2 = func.call @row_inv(%l2) : (vector<2xf32>) -> (vector<2xi1>, vector<2xf32>)
      %lse2 = func.call @row_lse(%m2, %l2, %lpos2, %sk) : (vector<2xf32>, vector<2xf32>, vector<2xi1>, f32) -> vector<2xf32>
      %lpos = vector.extract %lpos2[0] : i1 from vector<2xi1>
      %rinv = vector.extract %rinv2[0] : f32 from vector<2xf32>
      %lse = vector.extract %lse2[0] : f32 from vector<2xf32>
      %f = arith.mulf %rinv, %vsc : f32
      %fv = vector.broadcast %f : f32 to vector<32xf32>
      %zv = vector.broadcast %fzero : f32 to vector<32xf32>
      %lrow0 = arith.muli %orow, %hq : i32
      %lrow = arith.addi %lrow0, %hh : i32
      %one = arith.cmpi eq, %splits, %c1 : i32
      %rtot0 = arith.muli %batch, %ntok : i32
      %rtot = arith.muli %rtot0, %hq : i32
      %srow0 = arith.muli %s, %rtot : i32
      %srow = arith.addi %srow0, %lrow : i32
      %r = cute.make_fragment() : !r32
      %l32 = cute.static : !cute.layout<"(32):(1)">
      %l1 = cute.static : !cute.layout<"(1):(1)">
      %nj = arith.divui %d, %c32 : i32
      scf.for %j = %c0 to %nj step %c1 : i32 {
        %cj = cute.make_coord(%q, %j) -> !cute.coord<"(?,?)">
        %tj = cute.local_tile(%tO, %cj) {tiler = #cute.shape<"(32,32)">}
        cute.copy(%tj, %r) {atom = #cute_nvgpu.tcgen05_ld<shape = 32x32b, num = 32>}
        cute_nvgpu.tcgen05_wait_ld
        %ov = cute.load(%r)
        %os = arith.mulf %ov, %fv : vector<32xf32>
        %on = arith.select %lpos, %os, %zv : vector<32xf32>
        %j32 = arith.muli %j, %c32 : i32
        scf.if %live {
          scf.if %one {
            %oq = arith.muli %orow, %ldo : i32
            %ohd = arith.muli %hh, %d : i32
            %oo = arith.addi %oq, %ohd : i32
            %ooc = arith.addi %oo, %j32 : i32
            %pout = cute.add_offset(%po, %ooc)
            %vout = cute.make_view(%pout, %l32)
            %oh = arith.truncf %on : vector<32xf32> to vector<32x!TQ>
            cute.store(%oh, %vout)
          } else {
            %wo0 = arith.muli %srow, %d : i32
            %wo = arith.addi %wo0, %j32 : i32
            %pwo = cute.add_offset(%pws, %wo)
            %vw = cute.make_view(%pwo, %l32)
            cute.store(%on, %vw)
          }
        }
      }
      scf.if %live {
        %lsev = vector.broadcast %lse : f32 to vector<1xf32>
        scf.if %one {
          %pla = cute.add_offset(%plse, %lrow)
          %vl = cute.make_view(%pla, %l1)
          cute.store(%lsev, %vl)
        } else {
          %pla = cute.add_offset(%pwl, %srow)
          %vl = cute.make_view(%pla, %l1)
          cute.store(%lsev, %vl)
        }
      }
      return
    }

    gpu.func @decode_tc(%pq: !cute.ptr<!TQ, gmem, align<16>>, %pk: !cute.ptr<!KV, gmem, align<16>>, %pv: !cute.ptr<!KV, gmem, align<16>>, %pks: !fp, %pvs: !fp, %pbt: !gp, %pctx: !gp, %po: !cute.ptr<!TQ, gmem, align<16>>, %plse: !fp, %pws: !cute.ptr<f32, gmem, align<16>>, %pwl: !fp, %pflags: !gp, %batch: i32, %ntok: i32, %hq: i32, %hkv: i32, %ldq: i32, %ldkv: i32, %ldo: i32, %slots: i32, %page: i32, %maxPages: i32, %splits: i32, %chunk: i32, %scale: f32, %theta: f32, %rope: i32) kernel
        attributes {gpu.known_block_size = array<i32: 128, 1, 1>, cute.no_specialize, cute.ftz} {
      %c0, %c1, %c2, %c4, %c32, %c64, %c128, %d = cute.constants 0, 1, 2, 4, 32, 64, 128, D : i32
      %fzero = arith.constant 0.0 : f32
      %ninf = arith.constant 0xFF800000 : f32
      %log2e = arith.constant 1.44269504 : f32
      %tid = cute.thread_idx x
      %bx = cute.block_idx x
      %b = cute.block_idx y
      %s = cute.block_idx z
      %warp = cute_nvgpu.warp_idx
      %w0 = arith.cmpi eq, %warp, %c0 : i32
      %t0 = arith.cmpi eq, %tid, %c0 : i32
      %group = arith.divui %hq, %hkv : i32
      %hk = arith.remui %bx, %hkv : i32
      %rc = arith.divui %bx, %hkv : i32
      %rows = arith.muli %group, %ntok : i32
      %row0 = arith.muli %rc, %c128 : i32
      %ctx = func.call @load_i32(%pctx, %b) : (!gp, i32) -> i32
      // The split's keys, in blocks of 64.
      %ks0, %kend, %kn0, %last = func.call @split_keys(%b, %ctx, %maxPages, %page, %s, %chunk) : (i32, i32, i32, i32, i32, i32) -> (i32, i32, i32, i32)
      %nblk = arith.ceildivui %kn0, %c64 : i32
      // The caches as (slots, kv heads, (KU, D / KU)); 64-bit slot offsets.
      %shK = cute.make_shape(%slots, %hkv) -> !cute.shape<"(?,?,(KU,D/KU))">
      %ldkv64 = arith.extui %ldkv : i32 to i64
      %strK = cute.make_stride(%ldkv64) -> !cute.stride<"(?{i64,div=8},D,(1,KU))">
      %lK = cute.make_layout(%shK, %strK)
      %gK3 = cute.make_view(%pk, %lK)
      %gV3 = cute.make_view(%pv, %lK)
      %ch = cute.make_coord(%hk) -> !cute.coord<"(_,?,_)">
      %gK = cute.tensor_slice(%gK3, %ch)
      %gV = cute.tensor_slice(%gV3, %ch)
      // Shared memory, barriers and the Tensor Memory (warp 0 allocates).
      %barS = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "2:1">
      %barO = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "2:1">
      %slot = cute.smem_alloc() : !cute.memref<i32, smem, align<16>, "1:1">
      %sQ = cute.smem_alloc() : !sQt
      %sRing = cute.smem_alloc() : !sRing
      scf.if %w0 {
        cute_nvgpu.tmem_alloc %slot, columns = #TC
        cute_nvgpu.tmem_relinquish_alloc_permit
      }
      // S full (thread 0's MMA -> every thread), O done (after the loop).
      %pipeS = cute_nvgpu.pipeline_create %barS -> !PS
      %pipeO = cute_nvgpu.pipeline_create %barO -> !PS
      // Q rows (RoPE applied, T) into shared memory: (row, pair p) per step.
      %half = arith.divui %d, %c2 : i32
      %ctxm = arith.subi %ctx, %ntok : i32
      %sQp = cute.get_iter(%sQ)
      scf.for %it = %c0 to %half step %c1 : i32 {
        %ib = arith.muli %it, %c128 : i32
        %i = arith.addi %ib, %tid : i32
        %r = arith.divui %i, %half : i32
        %p = arith.remui %i, %half : i32
        %gr = arith.addi %row0, %r : i32
        %z1h, %z2h = func.call @q_pair(%pq, %gr, %rows, %p, %ntok, %hk, %group, %b, %ldq, %rope, %theta, %ctxm) : (!cute.ptr<!TQ, gmem, align<16>>, i32, i32, i32, i32, i32, i32, i32, i32, i32, f32, i32) -> (vector<1x!T>, vector<1x!T>)
        %pD = arith.addi %p, %half : i32
        %a1 = cute.make_coord(%r, %p) -> !cute.coord<"(?,?)">
        %a2 = cute.make_coord(%r, %pD) -> !cute.coord<"(?,?)">
        %e1 = cute.tensor_slice(%sQ, %a1)
        %e2 = cute.tensor_slice(%sQ, %a2)
        cute.store(%z1h, %e1)
        cute.store(%z2h, %e2)
      }
      cute_nvgpu.tcgen05_fence_before_thread_sync
      gpu.barrier
      cute_nvgpu.tcgen05_fence_after_thread_sync
      %tm = cute_nvgpu.tmem_tensor %slot -> !tmemT
      %z = cute.make_coord() -> !cute.coord<"(0,0)">
      %tO = cute.local_tile(%tm, %z) {tiler = #cute.shape<"(128,D)">}
      %sc = cute.make_coord() -> !cute.coord<"(0,D/64)">
      %tS = cute.local_tile(%tm, %sc) {tiler = #cute.shape<"(128,64)">}
      // P (128 x 64, 16-bit) as pairs over S's first 32 columns.
      %iS = cute.get_iter(%tS)
      %iP = cute.recast(%iS) {elem_type = !T}
      %lP = cute.static : !cute.layout<"(128,(2,32)):(65536,(0,1))">
      %tP = cute.make_view(%iP, %lP)
      %tSi = cute.recast(%tS) {elem_type = i32}
      %ring = cute.get_iter(%sRing)
      %lR = cute.static : !cute.composed_layout<"S<3,3,3> o 0 o ((KU,(64/KU,D/64)),64,4):((1,(KU,4096)),64,64*D)">
      %sR = cute.make_view(%ring, %lR)
      // A stage's K (N = 64 keys, K = D; tiles 0 and 2) and V (tiles 1 and
      // 3) as the (N = D, K = 64 keys) MN-major B operand.
      %lKs = cute.static : !cute.composed_layout<"S<3,3,3> o 0 o ((64,(64,D/64)),2):((64,(1,4096)),128*D)">
      %sK = cute.make_view(%ring, %lKs)
      %vo = cute.static : !cute.int_tuple<"64*D">
      %ringV = cute.add_offset(%ring, %vo)
      %lVs = cute.static : !cute.composed_layout<"S<3,3,3> o 0 o (((64,D/64),64),2):(((1,4096),64),128*D)">
      %sV = cute.make_view(%ringV, %lVs)
      // This thread's row: lane quarter q of TMEM, chunk row tid.
      %q = arith.remui %warp, %c4 : i32
      %gr = arith.addi %row0, %tid : i32
      %live = arith.cmpi ult, %gr, %rows : i32
      %grc = arith.select %live, %gr, %c0 : i32
      %tok, %hh, %orow = func.call @row_of(%grc, %ntok, %hk, %group, %b) : (i32, i32, i32, i32, i32) -> (i32, i32, i32)
      %lim0 = arith.addi %ctxm, %tok : i32
      %lim1 = arith.minsi %lim0, %last : i32
      // A padding row sees no key.
      %cm1 = arith.constant -1 : i32
      %lim = arith.select %live, %lim1, %cm1 : i32
      // The kv head's dequantization scales (1 for a bf16 cache).
      %ksc = func.call @load_f32(%pks, %hk) : (!fp, i32) -> f32
      %vsc = func.call @load_f32(%pvs, %hk) : (!fp, i32) -> f32
      %sk = arith.mulf %scale, %ksc : f32
      %scale2 = arith.mulf %sk, %log2e : f32
      %rS = cute.make_fragment() : !cute.memref<f32, rmem, align<16>, "(32,2):(1,32)">
      %rP = cute.make_fragment() : !cute.memref<i32, rmem, align<16>, "32:1">
      %ps0 = cute_nvgpu.pipeline_producer_state %pipeS
      %cs0 = cute_nvgpu.pipeline_consumer_state %pipeS
      %fin:4 = scf.for %n = %c0 to %nblk step %c1 iter_args(%ps = %ps0, %cs = %cs0, %m = %ninf, %l = %fzero) -> (!S1, !S1, f32, f32) : i32 {
        %st = arith.remui %n, %c2 : i32
        %nb = arith.muli %n, %c64 : i32
        %j0 = arith.addi %ks0, %nb : i32
        func.call @load_block(%gK, %gV, %sR, %st, %pbt, %b, %maxPages, %page, %slots, %last, %j0, %tid) : (!gRows, !gRows, !sRows, i32, !gp, i32, i32, i32, i32, i32, i32, i32) -> ()
        cute_nvgpu.fence_proxy_async
        cute_nvgpu.tcgen05_fence_before_thread_sync
        gpu.barrier
        %acc = arith.cmpi ne, %n, %c0 : i32
        // S(n) = Q K(n)^T, behind P(n - 1) V(n - 1) (in order).
        scf.if %t0 {
          %false = arith.constant false
          cute_nvgpu.pipeline_producer_acquire %pipeS, %ps
          cute_nvgpu.tcgen05_fence_after_thread_sync
          %sc2 = cute.make_coord(%st) -> !cute.coord<"(_,?)">
          %stK = cute.tensor_slice(%sK, %sc2)
          %fa = cute.mma_partition "A" of #mmaS (%sQ, %c0)
          %fb = cute.mma_partition "B" of #mmaS (%stK, %c0)
          %fc = cute.mma_partition "C" of #mmaS (%tS, %c0)
          cute.gemm #tcS (%fa, %fb, %fc) accumulate(%false)
          cute_nvgpu.pipeline_producer_commit %pipeS, %ps
        }
        cute_nvgpu.pipeline_consumer_wait %pipeS, %cs
        cute_nvgpu.tcgen05_fence_after_thread_sync
        scf.for %j = %c0 to %c2 step %c1 : i32 {
          %cj = cute.make_coord(%q, %j) -> !cute.coord<"(?,?)">
          %tj = cute.local_tile(%tS, %cj) {tiler = #cute.shape<"(32,32)">}
          %fj = cute.make_coord(%j) -> !cute.coord<"(_,?)">
          %rj = cute.tensor_slice(%rS, %fj)
          cute.copy(%tj, %rj) {atom = #cute_nvgpu.tcgen05_ld<shape = 32x32b, num = 32>}
        } {cute.unroll}
        cute_nvgpu.tcgen05_wait_ld
        %sv = cute.load(%rS)
        %p, %mn, %ln, %alpha = func.call @softmax_block(%sv, %m, %l, %j0, %lim, %scale2) : (vector<64xf32>, f32, f32, i32, i32, f32) -> (vector<64xf32>, f32, f32, f32)
        // P(n) as 16-bit pairs over S's first 32 columns; O *= alpha.
        %ph = arith.truncf %p : vector<64xf32> to vector<64x!T>
        %pw = vector.bitcast %ph : vector<64x!T> to vector<32xi32>
        cute.store(%pw, %rP)
        %cq = cute.make_coord(%q, %c0) -> !cute.coord<"(?,?)">
        %tPq = cute.local_tile(%tSi, %cq) {tiler = #cute.shape<"(32,32)">}
        cute.copy(%rP, %tPq) {atom = #cute_nvgpu.tcgen05_st<shape = 32x32b, num = 32>}
        scf.if %acc {
          func.call @rescale_o(%tO, %q, %alpha) : (!tO, i32, f32) -> ()
        }
        cute_nvgpu.tcgen05_wait_st
        cute_nvgpu.tcgen05_fence_before_thread_sync
        cute_nvgpu.warp_sync
        cute_nvgpu.elect_one {
          cute_nvgpu.pipeline_consumer_release %pipeS, %cs
        }
        gpu.barrier
        // O += P(n) V(n).
        scf.if %t0 {
          cute_nvgpu.tcgen05_fence_after_thread_sync
          %sc2 = cute.make_coord(%st) -> !cute.coord<"(_,?)">
          %stV = cute.tensor_slice(%sV, %sc2)
          %fp = cute.mma_partition "A" of #mmaO (%tP, %c0)
          %fv = cute.mma_partition "B" of #mmaO (%stV, %c0)
          %fo = cute.mma_partition "C" of #mmaO (%tO, %c0)
          cute.gemm #tcO (%fp, %fv, %fo) accumulate(%acc)
        }
        %psn = cute_nvgpu.pipeline_state_advance %ps
        %csn = cute_nvgpu.pipeline_state_advance %cs
        scf.yield %psn, %csn, %mn, %ln : !S1, !S1, f32, f32
      }
      // Every MMA done (a commit with none pending arrives at once).
      scf.if %t0 {
        %op = cute_nvgpu.pipeline_producer_state %pipeO
        cute_nvgpu.pipeline_producer_acquire %pipeO, %op
        cute_nvgpu.pipeline_producer_commit %pipeO, %op
        cute_nvgpu.pipeline_producer_tail %pipeS, %fin#0
      }
      %oc = cute_nvgpu.pipeline_consumer_state %pipeO
      cute_nvgpu.pipeline_consumer_wait %pipeO, %oc
      cute_nvgpu.tcgen05_fence_after_thread_sync
      cute_nvgpu.warp_sync
      cute_nvgpu.elect_one {
        cute_nvgpu.pipeline_consumer_release %pipeO, %oc
      }
      func.call @store_row(%tO, %q, %fin#2, %fin#3, %live, %orow, %hh, %s, %splits, %batch, %ntok, %hq, %ldo, %sk, %vsc, %po, %plse, %pws, %pwl) : (!tO, i32, f32, f32, i1, i32, i32, i32, i32, i32, i32, i32, i32, f32, f32, !cute.ptr<!TQ, gmem, align<16>>, !fp, !cute.ptr<f32, gmem, align<16>>, !fp) -> ()
      // Split-KV: the last split CTA merges (decode-common.mlir).
      func.call @merge_chunk(%pws, %pwl, %po, %plse, %pflags, %batch, %ntok, %hq, %hkv, %ldo, %splits, %rows, %row0, %c128, %hk, %group, %b, %bx, %tid) : (!cute.ptr<f32, gmem, align<16>>, !fp, !cute.ptr<!TQ, gmem, align<16>>, !fp, !gp, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) -> ()
      // Every thread is done with the TMEM before warp 0 frees it.
      cute_nvgpu.tcgen05_fence_before_thread_sync
      gpu.barrier
      cute_nvgpu.tcgen05_fence_after_thread_sync
      scf.if %w0 {
        cute_nvgpu.tmem_dealloc %tm, columns = #TC
      }
      gpu.return
    }
  }
}
