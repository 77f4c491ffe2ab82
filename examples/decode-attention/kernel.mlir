// Paged GQA decode attention (issue 25, kernel 1) on mma.sync, one source
// for sm_90a, sm_100a and sm_120a. For each sequence b, the ntok newest
// tokens' queries (1 for plain decode, 2-8 for speculative decoding) attend
// to the sequence's ctx[b] cached keys and values, which live in pages of
// `page` token slots (any page >= 1) named by the sequence's row of the
// block table. The q heads of a GQA group read the same KV head, so they are
// packed into the MMA's M: rows g ntok + t (head g of the group, token t),
// 16 rows per CTA (a row chunk). Token t sees keys [0, ctx - ntok + t]
// (the causal rule of the new tokens, whose keys are already cached).
// The cache holds KV = bf16 or f8E4M3FN (e4m3) values; an e4m3 element is
// converted to the MMA type T = f16 in registers (exactly), with a scale
// per kv head: K's folds into the softmax scale, V's into the final 1 / l
// (bf16 caches pass scales of 1).
//
// Grid (hkv x row chunks, batch, splits); 4 warps. Split s takes keys
// [s chunk, min((s + 1) chunk, ctx)) (flash-decoding's split-KV); its warps
// take blocks of 16 keys in turn (D = 256: pairs of warps take them, each
// warp of a pair holding half of O's columns, DV). Per block a warp loads
// K (2 key rows of D/4 values a thread) and V (4 key rows a thread)
// straight from global memory into the mma.sync fragments (no shared
// memory; or, A > 0, through shared-memory stages of its own: below): the
// head dimension is permuted in S = Q K^T (thread q of a quad holds d =
// 4 CK i + CK q + x, x < CK, so each load is 16 contiguous bytes: CK = 8
// bf16 or 16 e4m3 values; Q is loaded with the same permutation, which
// the sum over d does not see) and in O = P V's columns (thread r of
// a quad row holds d = (D/8) r + b, written back in order). Each key row's
// slot comes from the block table: page = table[b, key / page], slot =
// page x page + key % page, read without waiting for the context length
// (the key clamped to the table row, a page index outside the cache read
// as page 0), so each warp's first block loads while the CTA rotates Q.
// Keys past a row's limit are masked: score -inf, and their V rows zeroed
// (their slots may hold anything, NaN included). Each warp loads its next
// block right after the current one's P V.
//
// Before the loop the CTA writes its 16 q rows into shared memory with RoPE
// applied (NeoX pairs d, d + D/2; angle = position x theta^(-2 p / D), the
// position of token t being ctx - ntok + t) when rope != 0. After it the
// four warps' running maxima, sums and O are merged through shared memory
// (the log-sum-exp rule) and the CTA writes O (bf16) and the LSE (natural
// log, -inf for a row that saw no key) when splits = 1, else its split's
// normalized O (f32) and LSE into the workspace, and the last of the
// splits' CTAs to arrive on the (sequence, kv head, row chunk)'s counter
// merges them (@merge_splits).
!T = !cute.param<"T", bf16>
// The type of q and o (the MMAs run in T: f16 for e4m3 caches, whose
// values convert to f16 in one cvt per pair, and bf16 for bf16 caches).
!TQ = !cute.param<"TQ", bf16>
!KV = !cute.param<"KV", bf16>
#D = #cute.param<"D", 128 : i32>
// The V/O columns a warp holds: D, or D/2 for D = 256, where the warps work
// in pairs on the same blocks, each warp P V for one half of the columns
// (16 x 256 f32 of O per warp would not fit its registers).
#DV = #cute.param<"DV", 128 : i32>
// CTAs per SM the registers allow (the host's split plan assumes it).
#MC = #cute.param<"MC", 3 : i32>
// Blocks in flight ahead of the one computed, through shared memory (A + 1
// stages of cp.async, each thread copying only what it reads itself), or 0:
// each warp loads its next block straight into registers after P V.
#A = #cute.param<"A", 0 : i32>
// What the slot stride (ldkv elements) is known to divide: 16 bytes.
#LA = #cute.param<"LA", 8 : i32>
// The contiguous d values of a thread's K chunk: 16 bytes of the cache.
#CK = #cute.param<"CK", 8 : i32>

#sync = #cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = !T, b = !T, c = f32>
#mma = #cute.tiled_mma<#sync, #cute.layout<"(1,1,1):(0,0,0)">>
// Q: 16 rows x D (the A operand of every block), K: 2 atoms of 8 keys,
// S: 16 x 16 scores, P: the k16 A block made of S, V: 16 keys x D, O: 16 x D.
!qfrag = !cute.memref<!T, rmem, align<16>, "((2,2,2),1,D/16):((1,2,4),0,8)">
!kfrag = !cute.memref<!T, rmem, align<16>, "((2,2),2,D/16):((1,2),D/4,4)">
!sfrag = !cute.memref<f32, rmem, align<16>, "((2,2),1,2):((1,2),0,4)">
!pfrag = !cute.memref<!T, rmem, align<16>, "(8,1,1):(1,0,0)">
!vfrag = !cute.memref<!T, rmem, align<16>, "((2,2),DV/8,1):((DV/8,DV/4),1,0)">
!ofrag = !cute.memref<f32, rmem, align<16>, "((2,2),1,DV/8):((1,2),0,4)">
// The caches (slots, kv heads, D) seen two ways: D as (CK, 4, D/4/CK) (a
// thread's K chunks CK (4 i + q) .. + CK) and, from the warp's column half,
// as (DV/8, 8) (a thread's V columns (DV/8) r ..).
!kview = !cute.memref<!KV, gmem, align<16>, "(?,?,(CK,4,D/4/CK)):(?{i64,div=LA},D,(1,CK,4*CK))">
!vview = !cute.memref<!KV, gmem, align<16>, "(?,?,(DV/8,8)):(?{i64,div=LA},D,(1,DV/8))">
// The cp.async stages (A + 1; the bytes of the merge's sO after the loop):
// K as (thread's chunks (CK, D/4/CK, row a), thread, stage), V as (thread's
// columns (DV/8, row x), thread, stage), so that a warp's 32 threads copy
// and read consecutive chunks (no bank conflicts).
!stg = !cute.memref<!KV, smem, align<16>, "(64*D*A+64*D+64*DV*A+64*DV):(1)">
!kst = !cute.memref<!KV, smem, align<16>, "((CK,D/4/CK,2),128,A+1):((1,128*CK,32*D),CK,64*D)">
!vst = !cute.memref<!KV, smem, align<16>, "((DV/8,4),128,A+1):((1,16*DV),DV/8,64*DV)">
!qs = !cute.memref<!T, smem, align<16>, "(16,(CK,4,D/4/CK)):(D,(1,CK,4*CK))">
!os = !cute.memref<f32, smem, align<16>, "(4,16,(DV/8,8)):(16*DV,DV,(1,DV/8))">
!ms = !cute.memref<f32, smem, align<16>, "(4,16):(16,1)">
!dv = !cute.vec<"DV/8", f32>
!dh = !cute.vec<"DV/8", !T>
!kv = !cute.vec<"D/4", !T>
!kvr = !cute.vec<"D/4", !KV>
!kvf = !cute.vec<"D/4", f32>
!vvr = !cute.vec<"DV/8", !KV>
!ov = !cute.vec<"DV/2", f32>
!dho = !cute.vec<"DV/8", !TQ>

module attributes {gpu.container_module,
    cute.instances = ["bf16_d64:T=bf16,KV=bf16,D=64,DV=64,MW=2", "bf16_d128:T=bf16,KV=bf16,D=128",
                      "bf16_d256:T=bf16,KV=bf16,D=256,DV=128,MC=2",
                      "e4m3_d64:T=f16,KV=f8E4M3FN,D=64,DV=64,MW=2,LA=16,CK=16", "e4m3_d128:T=f16,KV=f8E4M3FN,D=128,LA=16,CK=16",
                      "e4m3_d256:T=f16,KV=f8E4M3FN,D=256,DV=128,MC=2,LA=16,CK=16",
                      "bf16cp_d128:T=bf16,KV=bf16,D=128,A=1", "e4m3cp_d128:T=f16,KV=f8E4M3FN,D=128,A=3,LA=16,CK=16"]} {
  gpu.module @decode_attention attributes {cute.imports = ["../fmha-prefill/fmha-common.mlir", "decode-common.mlir", "merge-splits.mlir"]} {
    // Block blk of a split (keys j0 = ks0 + 16 blk ..): this thread's K
    // rows j0 + 8 a + rr (a = 0, 1; chunks 4 i + qd) and V rows j0 + 2 qd +
    // x0 + 8 x1 (x = x0 + 2 x1; columns (D/8) rr ..), into its fragments
    // converted to T (A = 0), or (A > 0) copied with cp.async into its
    // slots of stage st (not committed here). `last` is only for the debug
    // check.
    func.func private @fetch_block(%gK: !kview, %gV: !vview, %kf: !kfrag, %vf: !vfrag, %sK: !kst, %sV: !vst, %pbt: !cute.ptr<i32, gmem, align<4>>, %b: i32, %maxPages: i32, %page: i32, %slots: i32, %last: i32, %ks0: i32, %blk: i32, %hk: i32, %rr: i32, %qd: i32, %tid: i32, %st: i32) {
      %c0, %c1, %c2, %c4, %c8, %c16, %ahead = cute.constants 0, 1, 2, 4, 8, 16, A : i32
      %cp = arith.cmpi ugt, %ahead, %c0 : i32
      %bo = arith.muli %blk, %c16 : i32
      %j0 = arith.addi %ks0, %bo : i32
      scf.for %a = %c0 to %c2 step %c1 : i32 {
        %a8 = arith.muli %a, %c8 : i32
        %ja = arith.addi %j0, %a8 : i32
        %j = arith.addi %ja, %rr : i32
        %slot = func.call @slot_of(%pbt, %b, %maxPages, %page, %j, %last, %slots) : (!cute.ptr<i32, gmem, align<4>>, i32, i32, i32, i32, i32, i32) -> i32
        %ck = cute.make_coord(%slot, %hk, %qd) -> !cute.coord<"(?,?,(_,?,_))">
        %gk = cute.tensor_slice(%gK, %ck)
        scf.if %cp {
          %cs = cute.make_coord(%a, %tid, %st) -> !cute.coord<"((_,_,?),?,?)">
          %dk = cute.tensor_slice(%sK, %cs)
          cute.copy(%gk, %dk) {atom = #cute_nvgpu.cp_async<128>}
        } else {
          %kvr = cute.load(%gk)
          func.call @put_k(%kvr, %kf, %a) : (!kvr, !kfrag, i32) -> ()
        }
      } {cute.unroll}
      %q2 = arith.muli %qd, %c2 : i32
      %jq = arith.addi %j0, %q2 : i32
      scf.for %x = %c0 to %c4 step %c1 : i32 {
        %x0 = arith.remui %x, %c2 : i32
        %x1 = arith.divui %x, %c2 : i32
        %x18 = arith.muli %x1, %c8 : i32
        %jx = arith.addi %jq, %x0 : i32
        %j = arith.addi %jx, %x18 : i32
        %slot = func.call @slot_of(%pbt, %b, %maxPages, %page, %j, %last, %slots) : (!cute.ptr<i32, gmem, align<4>>, i32, i32, i32, i32, i32, i32) -> i32
        %cv = cute.make_coord(%slot, %hk, %rr) -> !cute.coord<"(?,?,(_,?))">
        %gv = cute.tensor_slice(%gV, %cv)
        scf.if %cp {
          %cs = cute.make_coord(%x, %tid, %st) -> !cute.coord<"((_,?),?,?)">
          %dv = cute.tensor_slice(%sV, %cs)
          cute.copy(%gv, %dv) {atom = #cute_nvgpu.cp_async<128>}
        } else {
          %vvr = cute.load(%gv)
          func.call @put_v(%vvr, %vf, %x) : (!vvr, !vfrag, i32) -> ()
        }
      } {cute.unroll}
      return
    }

    // K row a (D/4 values of the cache) into the fragment, converted to T.
    func.func private @put_k(%kvr: !kvr, %kf: !kfrag, %a: i32) {
      %kvf = arith.extf %kvr : !kvr to !kvf
      %kvv = arith.truncf %kvf : !kvf to !kv
      %ca = cute.make_coord(%a) -> !cute.coord<"(_,?,_)">
      %kfa = cute.tensor_slice(%kf, %ca)
      cute.store(%kvv, %kfa)
      return
    }

    // V row x (x0 + 2 x1: DV/8 values of the cache) into the fragment.
    func.func private @put_v(%vvr: !vvr, %vf: !vfrag, %x: i32) {
      %c2 = arith.constant 2 : i32
      %x0 = arith.remui %x, %c2 : i32
      %x1 = arith.divui %x, %c2 : i32
      %vvf = arith.extf %vvr : !vvr to !dv
      %vvv = arith.truncf %vvf : !dv to !dh
      %cx = cute.make_coord(%x0, %x1) -> !cute.coord<"((?,?),_,_)">
      %vfx = cute.tensor_slice(%vf, %cx)
      cute.store(%vvv, %vfx)
      return
    }

    // A > 0: this thread's rows of stage st (landed: after cp_async_wait)
    // into its fragments, converted to T.
    func.func private @read_block(%sK: !kst, %sV: !vst, %kf: !kfrag, %vf: !vfrag, %tid: i32, %st: i32) {
      %c0, %c1, %c2, %c4 = cute.constants 0, 1, 2, 4 : i32
      scf.for %a = %c0 to %c2 step %c1 : i32 {
        %cs = cute.make_coord(%a, %tid, %st) -> !cute.coord<"((_,_,?),?,?)">
        %sk = cute.tensor_slice(%sK, %cs)
        %kvr = cute.load(%sk)
        func.call @put_k(%kvr, %kf, %a) : (!kvr, !kfrag, i32) -> ()
      } {cute.unroll}
      scf.for %x = %c0 to %c4 step %c1 : i32 {
        %cs = cute.make_coord(%x, %tid, %st) -> !cute.coord<"((_,?),?,?)">
        %sv = cute.tensor_slice(%sV, %cs)
        %vvr = cute.load(%sv)
        func.call @put_v(%vvr, %vf, %x) : (!vvr, !vfrag, i32) -> ()
      } {cute.unroll}
      return
    }

    gpu.func @decode(%pq: !cute.ptr<!TQ, gmem, align<16>>, %pk: !cute.ptr<!KV, gmem, align<16>>, %pv: !cute.ptr<!KV, gmem, align<16>>, %pks: !cute.ptr<f32, gmem, align<4>>, %pvs: !cute.ptr<f32, gmem, align<4>>, %pbt: !cute.ptr<i32, gmem, align<4>>, %pctx: !cute.ptr<i32, gmem, align<4>>, %po: !cute.ptr<!TQ, gmem, align<16>>, %plse: !cute.ptr<f32, gmem, align<4>>, %pws: !cute.ptr<f32, gmem, align<16>>, %pwl: !cute.ptr<f32, gmem, align<4>>, %pflags: !cute.ptr<i32, gmem, align<4>>, %batch: i32, %ntok: i32, %hq: i32, %hkv: i32, %ldq: i32, %ldkv: i32, %ldo: i32, %slots: i32, %page: i32, %maxPages: i32, %splits: i32, %chunk: i32, %scale: f32, %theta: f32, %rope: i32) kernel
        attributes {gpu.known_block_size = array<i32: 128, 1, 1>, cute.no_specialize, cute.ftz, cute.min_ctas_per_sm = #MC} {
      %c0, %c1, %c2, %c4, %c8, %c16, %c32, %c128, %d = cute.constants 0, 1, 2, 4, 8, 16, 32, 128, D : i32
      %fzero, %fone = cute.constants 0.0, 1.0 : f32
      %ninf = arith.constant 0xFF800000 : f32
      %log2e, %ln2 = cute.constants 1.44269504, 0.693147182 : f32
      %tid = cute.thread_idx x
      %bx = cute.block_idx x
      %b = cute.block_idx y
      %s = cute.block_idx z
      %w = arith.divui %tid, %c32 : i32
      // Column halves (cs = D / DV = 1 or 2): warp w is warp pw of the
      // block loop and holds V/O columns [vc DV, vc DV + DV).
      %dv = cute.constants DV : i32
      %ncs = arith.divui %d, %dv : i32
      %pw = arith.divui %w, %ncs : i32
      %vc = arith.remui %w, %ncs : i32
      %nstep = arith.divui %c4, %ncs : i32
      %lane = arith.remui %tid, %c32 : i32
      %qd = arith.remui %lane, %c4 : i32
      %rr = arith.divui %lane, %c4 : i32
      %group = arith.divui %hq, %hkv : i32
      %hk = arith.remui %bx, %hkv : i32
      %rc = arith.divui %bx, %hkv : i32
      %rows = arith.muli %group, %ntok : i32
      %row0 = arith.muli %rc, %c16 : i32
      %ctx = func.call @load_i32(%pctx, %b) : (!cute.ptr<i32, gmem, align<4>>, i32) -> i32
      // The split's keys and this warp's blocks of 16.
      %ks0, %kend, %kn0, %last = func.call @split_keys(%b, %ctx, %maxPages, %page, %s, %chunk) : (i32, i32, i32, i32, i32, i32) -> (i32, i32, i32, i32)
      %nblk = arith.ceildivui %kn0, %c16 : i32
      %shK = cute.make_shape(%slots, %hkv) -> !cute.shape<"(?,?,(CK,4,D/4/CK))">
      // 64-bit slot offsets: a cache may hold more than 2^31 elements.
      %ldkv64 = arith.extui %ldkv : i32 to i64
      %stK = cute.make_stride(%ldkv64) -> !cute.stride<"(?{i64,div=LA},D,(1,CK,4*CK))">
      %lK = cute.make_layout(%shK, %stK)
      %gK = cute.make_view(%pk, %lK)
      // V from this warp's column half (DV columns from vc DV).
      // (A slice of a (2):(DV) view, so the offset keeps its divisibility.)
      %lhalf = cute.static : !cute.layout<"(2):(DV)">
      %vhalf = cute.make_view(%pv, %lhalf)
      %chalf = cute.make_coord(%vc) -> !cute.coord<"(?)">
      %shalf = cute.tensor_slice(%vhalf, %chalf)
      %pvc = cute.get_iter(%shalf)
      %shV = cute.make_shape(%slots, %hkv) -> !cute.shape<"(?,?,(DV/8,8))">
      %stV = cute.make_stride(%ldkv64) -> !cute.stride<"(?{i64,div=LA},D,(1,DV/8))">
      %lV = cute.make_layout(%shV, %stV)
      %gV = cute.make_view(%pvc, %lV)
      // This warp's first block of K and V, loaded before the Q prologue
      // so that their latency overlaps it (the slots do not depend on the
      // context length; a block past the split's end is loaded and not
      // used).
      %kf = cute.make_fragment() : !kfrag
      %vf = cute.make_fragment() : !vfrag
      // A > 0: the stages, K's then V's (a slice at 1 of a (2):(K's size)
      // view keeps V's alignment), and the first A blocks in flight, a
      // cp.async group each (committed even when empty, so that the group
      // of the block computed is always A groups back).
      %ahead = cute.constants A : i32
      %nst = arith.addi %ahead, %c1 : i32
      %cp = arith.cmpi ugt, %ahead, %c0 : i32
      %stg = cute.smem_alloc() {alias = "stages_merge"} : !stg
      %pst = cute.get_iter(%stg)
      %lKs = cute.static : !cute.layout<"((CK,D/4/CK,2),128,A+1):((1,128*CK,32*D),CK,64*D)">
      %sK = cute.make_view(%pst, %lKs)
      %lkv = cute.static : !cute.layout<"(2):(64*D*A+64*D)">
      %kvh = cute.make_view(%pst, %lkv)
      %cvh = cute.make_coord(%c1) -> !cute.coord<"(?)">
      %vh = cute.tensor_slice(%kvh, %cvh)
      %pvst = cute.get_iter(%vh)
      %lVs = cute.static : !cute.layout<"((DV/8,4),128,A+1):((1,16*DV),DV/8,64*DV)">
      %sV = cute.make_view(%pvst, %lVs)
      scf.if %cp {
        scf.for %i = %c0 to %ahead step %c1 : i32 {
          %ib = arith.muli %i, %nstep : i32
          %bi = arith.addi %pw, %ib : i32
          %has = arith.cmpi ult, %bi, %nblk : i32
          scf.if %has {
            func.call @fetch_block(%gK, %gV, %kf, %vf, %sK, %sV, %pbt, %b, %maxPages, %page, %slots, %last, %ks0, %bi, %hk, %rr, %qd, %tid, %i) : (!kview, !vview, !kfrag, !vfrag, !kst, !vst, !cute.ptr<i32, gmem, align<4>>, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) -> ()
          }
          cute_nvgpu.cp_async_commit
        }
      } else {
        func.call @fetch_block(%gK, %gV, %kf, %vf, %sK, %sV, %pbt, %b, %maxPages, %page, %slots, %last, %ks0, %pw, %hk, %rr, %qd, %tid, %c0) : (!kview, !vview, !kfrag, !vfrag, !kst, !vst, !cute.ptr<i32, gmem, align<4>>, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) -> ()
      }
      %dh = arith.muli %d, %c2 : i32
      %half = arith.divui %d, %c2 : i32
      // Q rows into shared memory, rotated: (row, pair p) per step.
      %sQ = cute.smem_alloc() : !qs
      %sQp = cute.get_iter(%sQ)
      %sQl = cute.static : !cute.layout<"(16,D):(D,1)">
      %sQf = cute.make_view(%sQp, %sQl)
      %shQ = cute.make_shape(%batch, %ntok, %hq) -> !cute.shape<"(?,?,?,D)">
      %ctxm = arith.subi %ctx, %ntok : i32
      // 16 x D/2 pairs, D/16 a thread (a static count: the loop unrolls and
      // the loads of all its pairs are in flight together).
      scf.for %it = %c0 to %d step %c16 : i32 {
        %itb = arith.muli %it, %c8 : i32
        %i = arith.addi %itb, %tid : i32
        %row = arith.divui %i, %half : i32
        %p = arith.remui %i, %half : i32
        %gr = arith.addi %row0, %row : i32
        %z1h, %z2h = func.call @q_pair(%pq, %gr, %rows, %p, %ntok, %hk, %group, %b, %ldq, %rope, %theta, %ctxm) : (!cute.ptr<!TQ, gmem, align<16>>, i32, i32, i32, i32, i32, i32, i32, i32, i32, f32, i32) -> (vector<1x!T>, vector<1x!T>)
        %c1a = cute.make_coord(%row, %p) -> !cute.coord<"(?,?)">
        %c2a = cute.make_coord(%row, %p) -> !cute.coord<"(?,?)">
        %pD = arith.addi %p, %half : i32
        %c2b = cute.make_coord(%row, %pD) -> !cute.coord<"(?,?)">
        %e1 = cute.tensor_slice(%sQf, %c1a)
        %e2 = cute.tensor_slice(%sQf, %c2b)
        cute.store(%z1h, %e1)
        cute.store(%z2h, %e2)
      } {cute.unroll}
      gpu.barrier
      // This thread's Q fragment: rows rr and rr + 8, chunks 4 i + qd.
      %qf = cute.make_fragment() : !qfrag
      %rr8 = arith.addi %rr, %c8 : i32
      %cq0 = cute.make_coord(%rr, %qd) -> !cute.coord<"(?,(_,?,_))">
      %cq1 = cute.make_coord(%rr8, %qd) -> !cute.coord<"(?,(_,?,_))">
      %sq0 = cute.tensor_slice(%sQ, %cq0)
      %sq1 = cute.tensor_slice(%sQ, %cq1)
      %q0v = cute.load(%sq0)
      %q1v = cute.load(%sq1)
      %fh0 = cute.make_coord() -> !cute.coord<"((_,0,_),_,_)">
      %fh1 = cute.make_coord() -> !cute.coord<"((_,1,_),_,_)">
      %qf0 = cute.tensor_slice(%qf, %fh0)
      %qf1 = cute.tensor_slice(%qf, %fh1)
      cute.store(%q0v, %qf0)
      cute.store(%q1v, %qf1)
      // The kv head's dequantization scales (1 for a bf16 cache): K's folds
      // into the softmax scale, V's scales O at the end.
      %ksc = func.call @load_f32(%pks, %hk) : (!cute.ptr<f32, gmem, align<4>>, i32) -> f32
      %vsc = func.call @load_f32(%pvs, %hk) : (!cute.ptr<f32, gmem, align<4>>, i32) -> f32
      %scale1 = arith.mulf %scale, %log2e : f32
      %scale2 = arith.mulf %scale1, %ksc : f32
      %sc2 = vector.broadcast %scale2 : f32 to vector<8xf32>
      %ninfs = vector.broadcast %ninf : f32 to vector<8xf32>
      %shS = cute.make_shape(%rows, %kend)
      %cS = cute.make_identity_tensor(%shS)
      %acc = cute.make_fragment() : !sfrag
      %pf = cute.make_fragment() : !pfrag
      %o = cute.make_fragment() : !ofrag
      cute.fill(%o, %fzero)
      %m0 = vector.broadcast %ninf : f32 to vector<2xf32>
      %l0 = vector.broadcast %fzero : f32 to vector<2xf32>
      %fin:2 = scf.for %blk = %pw to %nblk step %nstep iter_args(%m = %m0, %l = %l0) -> (vector<2xf32>, vector<2xf32>) : i32 {
        // A > 0: block blk + A nstep into the stage block blk - nstep
        // was read from (its reads are done: their values were used),
        // then block blk's stage, A groups back, into the fragments.
        scf.if %cp {
          %bn = arith.subi %blk, %pw : i32
          %it = arith.divui %bn, %nstep : i32
          %aoff = arith.muli %ahead, %nstep : i32
          %ba = arith.addi %blk, %aoff : i32
          %ita = arith.addi %it, %ahead : i32
          %sta = arith.remui %ita, %nst : i32
          %has = arith.cmpi ult, %ba, %nblk : i32
          scf.if %has {
            func.call @fetch_block(%gK, %gV, %kf, %vf, %sK, %sV, %pbt, %b, %maxPages, %page, %slots, %last, %ks0, %ba, %hk, %rr, %qd, %tid, %sta) : (!kview, !vview, !kfrag, !vfrag, !kst, !vst, !cute.ptr<i32, gmem, align<4>>, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) -> ()
          }
          cute_nvgpu.cp_async_commit
          cute_nvgpu.cp_async_wait #A
          %st = arith.remui %it, %nst : i32
          func.call @read_block(%sK, %sV, %kf, %vf, %tid, %st) : (!kst, !vst, !kfrag, !vfrag, i32, i32) -> ()
        }
        %bo = arith.muli %blk, %c16 : i32
        %j0 = arith.addi %ks0, %bo : i32
        // S = Q K^T, masked: key < min(row's limit, split end), row < rows.
        cute.fill(%acc, %fzero)
        cute.gemm #sync (%qf, %kf, %acc)
        %at = cute.make_coord(%row0, %j0) -> !cute.coord<"(?,?)">
        %cSt = cute.domain_offset(%cS, %at)
        %zz = cute.make_coord() -> !cute.coord<"(0,0)">
        %tile = cute.local_tile(%cSt, %zz) {tiler = #cute.shape<"(16,16)">}
        %mine = cute.mma_partition "C" of #mma (%tile, %lane)
        %rowsv, %colsv = cute.load_coords(%mine)
        %ntokv = vector.broadcast %ntok : i32 to vector<8xi32>
        %tv = arith.remui %rowsv, %ntokv : vector<8xi32>
        %ctxmv = vector.broadcast %ctxm : i32 to vector<8xi32>
        %limr = arith.addi %ctxmv, %tv : vector<8xi32>
        %kendv = vector.broadcast %kend : i32 to vector<8xi32>
        %late = arith.cmpi sgt, %colsv, %limr : vector<8xi32>
        %past = arith.cmpi sge, %colsv, %kendv : vector<8xi32>
        %rowsb = vector.broadcast %rows : i32 to vector<8xi32>
        %norow = arith.cmpi sge, %rowsv, %rowsb : vector<8xi32>
        %mk0 = arith.ori %late, %past : vector<8xi1>
        %mk = arith.ori %mk0, %norow : vector<8xi1>
        %s0 = cute.load(%acc)
        %sm = arith.select %mk, %ninfs, %s0 : vector<8xi1>, vector<8xf32>
        cute.store(%sm, %acc)
        %tmax = cute.mma_reduce<max, rows> of #mma (%acc)
        %mnew, %moff, %alpha = func.call @online_max(%m, %tmax, %scale2) : (vector<2xf32>, vector<2xf32>, f32) -> (vector<2xf32>, vector<2xf32>, vector<2xf32>)
        %moffb = cute.mma_broadcast<rows> of #mma (%moff, %acc)
        %moffn = arith.negf %moffb : vector<8xf32>
        %ps = math.fma %sm, %sc2, %moffn : vector<8xf32>
        %pe = math.exp2 %ps fastmath<afn> : vector<8xf32>
        cute.store(%pe, %acc)
        %rsum = cute.mma_reduce<add, rows> of #mma (%acc)
        %la = arith.mulf %l, %alpha : vector<2xf32>
        %lnew = arith.addf %la, %rsum : vector<2xf32>
        %pa = cute_nvgpu.accumulator_to_operand(%acc) {elem_type = !T}
        cute.copy(%pa, %pf)
        // O = alpha O + P V.
        %ab = cute.mma_broadcast<rows> of #mma (%alpha, %o)
        %ov = cute.load(%o)
        %os = arith.mulf %ov, %ab : !ov
        cute.store(%os, %o)
        // V rows past the last valid key are zeroed (their P is 0, but
        // their slots may hold anything, a NaN included).
        %q2 = arith.muli %qd, %c2 : i32
        %jq = arith.addi %j0, %q2 : i32
        %zdh = vector.broadcast %fzero : f32 to !dv
        %zh = arith.truncf %zdh : !dv to !dh
        scf.for %x = %c0 to %c4 step %c1 : i32 {
          %x0 = arith.remui %x, %c2 : i32
          %x1 = arith.divui %x, %c2 : i32
          %x18 = arith.muli %x1, %c8 : i32
          %jx = arith.addi %jq, %x0 : i32
          %j = arith.addi %jx, %x18 : i32
          %dead = arith.cmpi sgt, %j, %last : i32
          %cx = cute.make_coord(%x0, %x1) -> !cute.coord<"((?,?),_,_)">
          %vfx = cute.tensor_slice(%vf, %cx)
          %vv = cute.load(%vfx)
          %vz = arith.select %dead, %zh, %vv : !dh
          cute.store(%vz, %vfx)
        } {cute.unroll}
        cute.gemm #sync (%pf, %vf, %o)
        // A = 0: the warp's next block, into the registers.
        %nb = arith.addi %blk, %nstep : i32
        %more0 = arith.cmpi ult, %nb, %nblk : i32
        %regs = arith.cmpi eq, %ahead, %c0 : i32
        %more = arith.andi %more0, %regs : i1
        scf.if %more {
          func.call @fetch_block(%gK, %gV, %kf, %vf, %sK, %sV, %pbt, %b, %maxPages, %page, %slots, %last, %ks0, %nb, %hk, %rr, %qd, %tid, %c0) : (!kview, !vview, !kfrag, !vfrag, !kst, !vst, !cute.ptr<i32, gmem, align<4>>, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) -> ()
        }
        scf.yield %mnew, %lnew : vector<2xf32>, vector<2xf32>
      }
      // The warps' (max x scale log2 e, sum, O) through shared memory; sO
      // takes the stages' bytes once every thread's copies have landed
      // and every warp has left its loop.
      scf.if %cp {
        cute_nvgpu.cp_async_wait 0
      }
      gpu.barrier
      %sM = cute.smem_alloc() : !ms
      %sL = cute.smem_alloc() : !ms
      %sO = cute.smem_alloc() {alias = "stages_merge"} : !os
      %msc = vector.broadcast %scale2 : f32 to vector<2xf32>
      %mscaled = arith.mulf %fin#0, %msc : vector<2xf32>
      %lead = arith.cmpi eq, %qd, %c0 : i32
      scf.if %lead {
        %m0s = vector.extract %mscaled[0] : f32 from vector<2xf32>
        %m1s = vector.extract %mscaled[1] : f32 from vector<2xf32>
        %l0s = vector.extract %fin#1[0] : f32 from vector<2xf32>
        %l1s = vector.extract %fin#1[1] : f32 from vector<2xf32>
        %cm0 = cute.make_coord(%w, %rr) -> !cute.coord<"(?,?)">
        %cm1 = cute.make_coord(%w, %rr8) -> !cute.coord<"(?,?)">
        %em0 = cute.tensor_slice(%sM, %cm0)
        %em1 = cute.tensor_slice(%sM, %cm1)
        %el0 = cute.tensor_slice(%sL, %cm0)
        %el1 = cute.tensor_slice(%sL, %cm1)
        %vm0 = vector.broadcast %m0s : f32 to vector<1xf32>
        %vm1 = vector.broadcast %m1s : f32 to vector<1xf32>
        %vl0 = vector.broadcast %l0s : f32 to vector<1xf32>
        %vl1 = vector.broadcast %l1s : f32 to vector<1xf32>
        cute.store(%vm0, %em0)
        cute.store(%vm1, %em1)
        cute.store(%vl0, %el0)
        cute.store(%vl1, %el1)
      }
      // O's values (row rr + 8 h, columns (D/8)(2 qd + y) + b).
      scf.for %hy = %c0 to %c4 step %c1 : i32 {
        %y = arith.remui %hy, %c2 : i32
        %h = arith.divui %hy, %c2 : i32
        %cf = cute.make_coord(%y, %h) -> !cute.coord<"((?,?),0,_)">
        %of = cute.tensor_slice(%o, %cf)
        %ovals = cute.load(%of)
        %h8 = arith.muli %h, %c8 : i32
        %orr = arith.addi %rr, %h8 : i32
        %q2 = arith.muli %qd, %c2 : i32
        %col = arith.addi %q2, %y : i32
        %co = cute.make_coord(%w, %orr, %col) -> !cute.coord<"(?,?,(_,?))">
        %so = cute.tensor_slice(%sO, %co)
        cute.store(%ovals, %so)
      } {cute.unroll}
      gpu.barrier
      // Units of 16 rows x cs halves x 8 parts: unit u merges row u / (8
      // cs), columns vc DV + (DV/8) part .. of the warps that hold that
      // half (warps pw cs + vc), a unit per thread per step.
      %c8cs = arith.muli %c8, %ncs : i32
      %munits = arith.muli %c128, %ncs : i32
      scf.for %u = %tid to %munits step %c128 : i32 {
      %mrow = arith.divui %u, %c8cs : i32
      %mrest = arith.remui %u, %c8cs : i32
      %mvc = arith.divui %mrest, %c8 : i32
      %mpart = arith.remui %mrest, %c8 : i32
      %mx:1 = scf.for %pp = %c0 to %nstep step %c1 iter_args(%mm = %ninf) -> (f32) : i32 {
        %pcs = arith.muli %pp, %ncs : i32
        %ww = arith.addi %pcs, %mvc : i32
        %cw = cute.make_coord(%ww, %mrow) -> !cute.coord<"(?,?)">
        %ew = cute.tensor_slice(%sM, %cw)
        %vw = cute.load(%ew)
        %xw = vector.extract %vw[0] : f32 from vector<1xf32>
        %mx2 = arith.maximumf %mm, %xw : f32
        scf.yield %mx2 : f32
      }
      %dead = arith.cmpf oeq, %mx#0, %ninf : f32
      %mref = arith.select %dead, %fzero, %mx#0 : f32
      %zv = vector.broadcast %fzero : f32 to !dv
      %acc2:2 = scf.for %pp = %c0 to %nstep step %c1 iter_args(%ls = %fzero, %oa = %zv) -> (f32, !dv) : i32 {
        %pcs = arith.muli %pp, %ncs : i32
        %ww = arith.addi %pcs, %mvc : i32
        %cw = cute.make_coord(%ww, %mrow) -> !cute.coord<"(?,?)">
        %ew = cute.tensor_slice(%sM, %cw)
        %vw = cute.load(%ew)
        %xw = vector.extract %vw[0] : f32 from vector<1xf32>
        %lw = cute.tensor_slice(%sL, %cw)
        %lv = cute.load(%lw)
        %lx = vector.extract %lv[0] : f32 from vector<1xf32>
        %dm = arith.subf %xw, %mref : f32
        %e = math.exp2 %dm fastmath<afn> : f32
        %le = arith.mulf %lx, %e : f32
        %ls2 = arith.addf %ls, %le : f32
        %co = cute.make_coord(%ww, %mrow, %mpart) -> !cute.coord<"(?,?,(_,?))">
        %so = cute.tensor_slice(%sO, %co)
        %ovw = cute.load(%so)
        %eb = vector.broadcast %e : f32 to !dv
        %oa2 = math.fma %ovw, %eb, %oa : !dv
        scf.yield %ls2, %oa2 : f32, !dv
      }
      %lpos = arith.cmpf ogt, %acc2#0, %fzero : f32
      %linv0 = arith.divf %fone, %acc2#0 : f32
      %linv1 = arith.select %lpos, %linv0, %fzero : f32
      %linv = arith.mulf %linv1, %vsc : f32
      %lib = vector.broadcast %linv : f32 to !dv
      %on = arith.mulf %acc2#1, %lib : !dv
      %l2 = math.log2 %acc2#0 : f32
      %ls2 = arith.addf %mref, %l2 : f32
      %lse0 = arith.mulf %ls2, %ln2 : f32
      %lse = arith.select %lpos, %lse0, %ninf : f32
      %gr = arith.addi %row0, %mrow : i32
      %live = arith.cmpi ult, %gr, %rows : i32
      scf.if %live {
        %t, %hh, %orow = func.call @row_of(%gr, %ntok, %hk, %group, %b) : (i32, i32, i32, i32, i32) -> (i32, i32, i32)
        %lrow0 = arith.muli %orow, %hq : i32
        %lrow = arith.addi %lrow0, %hh : i32
        %one = arith.cmpi eq, %splits, %c1 : i32
        %part0 = arith.cmpi eq, %mpart, %c0 : i32
        %half0 = arith.cmpi eq, %mvc, %c0 : i32
        %first = arith.andi %part0, %half0 : i1
        %lsev = vector.broadcast %lse : f32 to vector<1xf32>
        %sh1 = cute.static : !cute.shape<"(1)">
        %st1 = cute.static : !cute.stride<"(1)">
        %l1 = cute.make_layout(%sh1, %st1)
        // Columns vc DV + (DV/8) part.
        %cpart = arith.muli %mpart, %dv : i32
        %c8p0 = arith.divui %cpart, %c8 : i32
        %hoff = arith.muli %mvc, %dv : i32
        %c8p = arith.addi %c8p0, %hoff : i32
        %shO = cute.static : !cute.shape<"(DV/8)">
        %stO = cute.static : !cute.stride<"(1)">
        %lO = cute.make_layout(%shO, %stO)
        scf.if %one {
          // O row orow, head hh, those columns.
          %oq = arith.muli %orow, %ldo : i32
          %ohd = arith.muli %hh, %d : i32
          %oo = arith.addi %oq, %ohd : i32
          %ooc = arith.addi %oo, %c8p : i32
          %pout = cute.add_offset(%po, %ooc)
          %vout = cute.make_view(%pout, %lO)
          %oh = arith.truncf %on : !dv to !dho
          cute.store(%oh, %vout)
          scf.if %first {
            %pl = cute.add_offset(%plse, %lrow)
            %vl = cute.make_view(%pl, %l1)
            cute.store(%lsev, %vl)
          }
        } else {
          %rtot0 = arith.muli %batch, %ntok : i32
          %rtot = arith.muli %rtot0, %hq : i32
          %srow0 = arith.muli %s, %rtot : i32
          %srow = arith.addi %srow0, %lrow : i32
          %wo0 = arith.muli %srow, %d : i32
          %wo = arith.addi %wo0, %c8p : i32
          %pwo = cute.add_offset(%pws, %wo)
          %vw = cute.make_view(%pwo, %lO)
          cute.store(%on, %vw)
          scf.if %first {
            %pl = cute.add_offset(%pwl, %srow)
            %vl = cute.make_view(%pl, %l1)
            cute.store(%lsev, %vl)
          }
        }
      }
      }
      // Split-KV: the last split CTA merges (decode-common.mlir).
      func.call @merge_chunk(%pws, %pwl, %po, %plse, %pflags, %batch, %ntok, %hq, %hkv, %ldo, %splits, %rows, %row0, %c16, %hk, %group, %b, %bx, %tid) : (!cute.ptr<f32, gmem, align<16>>, !cute.ptr<f32, gmem, align<4>>, !cute.ptr<!TQ, gmem, align<16>>, !cute.ptr<f32, gmem, align<4>>, !cute.ptr<i32, gmem, align<4>>, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) -> ()
      gpu.return
    }
  }
}
