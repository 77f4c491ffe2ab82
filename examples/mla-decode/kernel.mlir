// chips: sm_90a
// MLA decode (DeepSeek-V3's absorbed form) on sm_90a with wgmma: the
// queries of one sequence (sq tokens of hq heads, 576 = 512 latent + 64
// rope wide) attend to its latent cache, one head of 576 values per token
// in pages of 64 tokens, where V is K's first 512 columns:
//   O = softmax(scale Q K^T) V, O and V 512 wide.
//
// Tensors: q [batch, sq, hq, 576] and o [batch, sq, hq, 512] (rows R =
// (b sq + t) hq + h, contiguous), the cache [pages, 64, 576], a block table
// [batch, maxPages] of page indices and the context lengths [batch]; lse
// f32 [batch, sq, hq] (natural log). Token t of sequence b (the last sq
// tokens of its context ctx) sees keys j < ctx - sq + 1 + t (causal
// within the draft tokens of speculative decoding).
//
// Grid (mtiles, splits, batch): CTA (mt, s, b) takes rows mt*64 .. of the
// sequence's sq hq rows (a tile may span tokens when hq < 64) and its
// split s of the sequence's pages (ceil(pages / splits) each, so that
// every sequence's pages spread over all splits). The CTAs of one split
// that read the same pages are neighbours (mt fastest), so one of them
// reads the pages from HBM and the others from L2. Three warpgroups
// (FlashMLA's division of the work, in the dialect):
// - producer (24 registers): one thread loads the tile's Q (64 x 576, nine
//   64 x 64 TMA boxes) and then each page (64 x 576) into a 2-stage ring
//   through the block table;
// - "scores" (warpgroup 1): S = Q K^T (wgmma 64 x 64 x 576 from shared
//   memory), the online softmax, P into shared memory for the other
//   warpgroup with its row factors (alpha), then O[:, 0:256] += P V with P
//   from registers (a 64 x 512 f32 O is too large for one warpgroup's
//   registers, hence two warpgroups). (Issuing the next page's S behind
//   this P V, 4e93355, was 6-9% slower on the H100 and is reverted.)
// - "values" (warpgroup 2): O[:, 256:512] += P V with P from shared memory,
//   rescaled by the scores warpgroup's alpha.
// A one-stage async pipeline hands P over; named barrier 3 the final row
// sums. Keys past the context in the last page are masked (score -inf) and
// their V rows zeroed (a page's tail holds whatever was there: 0 x NaN
// would reach O). Splits write normalized partial rows and LSEs (f32
// workspace), and the last split CTA of each tile merges them
// (merge-splits.mlir, as the GQA decode kernel does).
// Shared memory: Q 72 KB + 2 pages 144 KB + P 8 KB = 224 KB + 0.8 KB.
//
// e4m3 caches (mla_e4m3: KV = f8E4M3FN, one scale kscale): the MMAs run
// in T = f16 (an e4m3 -> f16 pair is one cvt; to bf16 it took four). Each
// page's 36 KB land (TMA, a staging ring) in the upper half of its 72 KB
// stage, and the producer warpgroup widens them in place (@widen_page);
// it converts Q (bf16 from TMA) to f16 in place too. The consumers see the
// same 16-bit stages and Q through async rings (PK, QP). mla_e4m3r (F8R)
// lands each page in the producer warpgroup's registers instead (18
// 16-byte loads a thread, @fetch_page), issued before its stage is free,
// and widens from there (@widen_landed): no staging ring, and the loads
// wait for no release.
!T = !cute.param<"T", bf16>
!TQ = !cute.param<"TQ", bf16>
// The cache's element: bf16, or e4m3 (F8) with one scale (kscale) for
// the whole cache, as vLLM's FP8 MLA cache.
!KV = !cute.param<"KV", bf16>
#F8 = #cute.param<"F8", false>
// F8R (mla_e4m3r): the producer warpgroup lands each e4m3 page in its
// registers instead of a stage's upper half (TMA), so a page's loads are
// issued before its stage is free.
#F8R = #cute.param<"F8R", false>
// The page ring and Q as the consumers see them: filled by TMA (bf16), or
// by the producer warpgroup, which widens e4m3 pages and converts Q to the
// MMA type T = f16 (F8: async).
!PK = !cute.param<"PK", !cute_nvgpu.pipeline<tma_async, 2>>
!QP = !cute.param<"QP", !cute_nvgpu.pipeline<tma_async, 1>>
// Registers of the producer and of each consumer warpgroup: the widening
// needs more than the TMA thread (24 + 2 x 240 <= 512 a thread slot).
#PR = #cute.param<"PR", 24 : i32>
#CR = #cute.param<"CR", 240 : i32>
// The output row's width for the merge (merge-splits.mlir): V's 512.
#D = #cute.param<"D", 128 : i32>

!KS = !cute_nvgpu.pipeline_state<2>
!QS = !cute_nvgpu.pipeline_state<1>
#wgS = #cute_nvgpu.wgmma<m = 64, n = 64, k = 16, a = !T, b = !T, c = f32, a_major = k, b_major = k>
#mmaS = #cute.tiled_mma<#wgS, #cute.layout<"(1,1,1):(0,0,0)">>
// O[:, half] += P V: P from registers (scores) or shared memory (values),
// V MN-major (256 columns of the page, 64 keys).
#wgO = #cute_nvgpu.wgmma<m = 64, n = 256, k = 16, a = !T, b = !T, c = f32, a_major = k, b_major = mn, a_src = rmem>
#mmaO = #cute.tiled_mma<#wgO, #cute.layout<"(1,1,1):(0,0,0)">>
#wgOs = #cute_nvgpu.wgmma<m = 64, n = 256, k = 16, a = !T, b = !T, c = f32, a_major = k, b_major = mn>
#mmaOs = #cute.tiled_mma<#wgOs, #cute.layout<"(1,1,1):(0,0,0)">>
#mmaP = #cute.tiled_mma<#cute_nvgpu.wgmma<m = 64, n = 16, k = 16, a = !T, b = !T, c = f32, a_major = k, b_major = k>, #cute.layout<"(1,1,1):(0,0,0)">>
#stP = #cute.tiled_copy<#cute_nvgpu.stmatrix<num = 4>, "C" of #mmaP>
#mmaL = #cute.tiled_mma<#cute_nvgpu.wgmma<m = 64, n = 8, k = 16, a = !T, b = !T, c = f32, a_major = k, b_major = k>, #cute.layout<"(1,1,1):(0,0,0)">>
!sfrag = !cute.memref<f32, rmem, align<16>, "((2,2,8),1,1):((1,2,4),0,0)">
!pfrag = !cute.memref<!T, rmem, align<16>, "(8,1,4):(1,0,8)">
!pcfrag = !cute.memref<!T, rmem, align<16>, "((2,2,2),1,4):((1,2,4),0,8)">
!ofrag = !cute.memref<f32, rmem, align<16>, "((2,2,32),1,1):((1,2,4),0,0)">
!ohfrag = !cute.memref<!TQ, rmem, align<16>, "((2,2,32),1,1):((1,2,4),0,0)">
!sv = !cute.vec<"32", f32>
!si = !cute.vec<"32", i32>
!hv = !cute.vec<"32", !T>
!ov = !cute.vec<"128", f32>
!oh = !cute.vec<"128", !TQ>
// Q's tile and the pages: 64 rows, nine 128-byte swizzled column blocks.
!qsm = !cute.memref<!T, smem, align<1024>, sw128, "(64,(64,9)):(64,(1,4096))">
!ksm = !cute.memref<!T, smem, align<1024>, sw128, "((64,(64,9)),2):((64,(1,4096)),36864)">
// A warpgroup's V: 256 columns (four blocks) of both stages, MN-major.
!vsm = !cute.memref<!T, smem, align<1024>, sw128, "(((64,4),64),2):(((1,4096),64),36864)">
!psm = !cute.memref<!T, smem, align<1024>, sw128, "(64,64):(64,1)">
!rsm = !cute.memref<f32, smem, align<16>, "64:1">
// F8: a stage's e4m3 page and its 16-bit widening, as 16-value steps (16,
// (q, row), box, stage).
!k8u = !cute.memref<f8E4M3FN, smem, align<1024>, "(16,(4,64),9,2):(1,(16,64),4096,73728)">
!bfu = !cute.memref<!T, smem, align<1024>, S<3,3,3>, "(16,(4,64),9,2):(1,(16,64),4096,36864)">
// F8R: the cache as 16-byte chunks (16, chunk, page): a page's 64 rows of
// 576 bytes are 2304 chunks, row u / 36, columns 16 (u % 36) ..; a
// producer thread's 18 of them (u = tid + 128 j) in registers.
!gpg = !cute.memref<f8E4M3FN, gmem, align<16>, "(16,2304,?):(1,16,36864)">
!land = !cute.memref<f8E4M3FN, rmem, align<16>, "(16,18):(1,16)">
!cKt = !cute.coord_tensor<"(0,0)", "(?,?):(1@0,1@1)">
!gKt = !cute.coord_tensor<"(?,?)", "(64,576):(1@0,1@1)">
!gp = !cute.ptr<i32, gmem, align<4>>
!fp = !cute.ptr<f32, gmem, align<4>>

module attributes {gpu.container_module,
    cute.instances = ["bf16:T=bf16,TQ=bf16,D=512",
                      "e4m3:T=f16,TQ=bf16,KV=f8E4M3FN,F8=true,PK=!cute_nvgpu.pipeline<async, 2>,QP=!cute_nvgpu.pipeline<async, 1>,PR=40,CR=232,D=512",
                      "e4m3r:T=f16,TQ=bf16,KV=f8E4M3FN,F8=true,F8R=true,PK=!cute_nvgpu.pipeline<async, 2>,QP=!cute_nvgpu.pipeline<async, 1>,PR=112,CR=200,D=512"]} {
  gpu.module @mla_decode attributes {cute.imports = ["../fmha-prefill/fmha-common.mlir", "../decode-attention/decode-common.mlir", "../decode-attention/merge-splits.mlir"]} {
    // The two rows of the 64-row tile that thread ct of a warpgroup holds
    // in a wgmma accumulator: 16 w + lane / 4 and 8 more.
    func.func private @my_rows(%ct: i32) -> (i32, i32) {
      %c4, %c8, %c16, %c32 = cute.constants 4, 8, 16, 32 : i32
      %w = arith.divui %ct, %c32 : i32
      %lane = arith.remui %ct, %c32 : i32
      %w16 = arith.muli %w, %c16 : i32
      %l4 = arith.divui %lane, %c4 : i32
      %r0 = arith.addi %w16, %l4 : i32
      %r1 = arith.addi %r0, %c8 : i32
      return %r0, %r1 : i32, i32
    }

    // Row factors through shared memory: the first thread of each row's
    // quad writes them, any thread reads its two.
    func.func private @put_rows(%s: !rsm, %v: vector<2xf32>, %ct: i32) {
      %c0, %c4 = cute.constants 0, 4 : i32
      %q = arith.remui %ct, %c4 : i32
      %lead = arith.cmpi eq, %q, %c0 : i32
      scf.if %lead {
        %r0, %r1 = func.call @my_rows(%ct) : (i32) -> (i32, i32)
        %a = vector.extract %v[0] : f32 from vector<2xf32>
        %b = vector.extract %v[1] : f32 from vector<2xf32>
        %c0c = cute.make_coord(%r0) -> !cute.coord<"?">
        %c1c = cute.make_coord(%r1) -> !cute.coord<"?">
        %e0 = cute.tensor_slice(%s, %c0c)
        %e1 = cute.tensor_slice(%s, %c1c)
        %va = vector.broadcast %a : f32 to vector<1xf32>
        %vb = vector.broadcast %b : f32 to vector<1xf32>
        cute.store(%va, %e0)
        cute.store(%vb, %e1)
      }
      return
    }
    func.func private @get_rows(%s: !rsm, %ct: i32) -> vector<2xf32> {
      %r0, %r1 = func.call @my_rows(%ct) : (i32) -> (i32, i32)
      %c0c = cute.make_coord(%r0) -> !cute.coord<"?">
      %c1c = cute.make_coord(%r1) -> !cute.coord<"?">
      %e0 = cute.tensor_slice(%s, %c0c)
      %e1 = cute.tensor_slice(%s, %c1c)
      %va = cute.load(%e0)
      %vb = cute.load(%e1)
      %a = vector.extract %va[0] : f32 from vector<1xf32>
      %b = vector.extract %vb[0] : f32 from vector<1xf32>
      %v = vector.from_elements %a, %b : vector<2xf32>
      return %v : vector<2xf32>
    }

    // O *= alpha, one factor per row.
    func.func private @rescale_o(%o: !ofrag, %alpha: vector<2xf32>) {
      %ab = cute.mma_broadcast<rows> of #mmaO (%alpha, %o)
      %ov = cute.load(%o)
      %os = arith.mulf %ov, %ab : !ov
      cute.store(%os, %o)
      return
    }

    // The online softmax of page n of the sequence (keys kc0 = 64 blk ..;
    // its scores in %acc): on the pages that reach past some row's last
    // key, masks key j of row r (tile row r0 + r, token (r0 + r) / hq) when
    // j >= min(ctx, ctx - sq + 1 + token). Leaves P in %acc; returns the
    // new row maximum and sum and alpha (fmha-common.mlir's @online_max).
    func.func private @softmax_page(%acc: !sfrag, %m: vector<2xf32>, %l: vector<2xf32>, %blk: i32, %ctx: i32, %sq: i32, %hq: i32, %r0: i32, %ct: i32, %scale2: f32) -> (vector<2xf32>, vector<2xf32>, vector<2xf32>) {
      %c1, %c64 = cute.constants 1, 64 : i32
      %ninf = arith.constant 0xFF800000 : f32
      %sc2 = vector.broadcast %scale2 : f32 to !sv
      %ninfs = vector.broadcast %ninf : f32 to !sv
      %s0 = cute.load(%acc)
      %kc0 = arith.muli %blk, %c64 : i32
      %kend = arith.addi %kc0, %c64 : i32
      %diag0 = arith.subi %ctx, %sq : i32
      %diag = arith.addi %diag0, %c1 : i32
      %need = arith.cmpi sgt, %kend, %diag : i32
      %s = scf.if %need -> !sv {
        %r1 = arith.addi %r0, %c64 : i32
        %shS = cute.make_shape(%r1, %kend)
        %cS = cute.make_identity_tensor(%shS)
        %at = cute.make_coord(%r0, %kc0) -> !cute.coord<"(?,?)">
        %cSt = cute.domain_offset(%cS, %at)
        %zz = cute.make_coord() -> !cute.coord<"(0,0)">
        %tile = cute.local_tile(%cSt, %zz) {tiler = #cute.shape<"(64,64)">}
        %mine = cute.mma_partition "C" of #mmaS (%tile, %ct)
        %rows, %cols = cute.load_coords(%mine)
        %hqv = vector.broadcast %hq : i32 to !si
        %tok = arith.divui %rows, %hqv : !si
        %diagv = vector.broadcast %diag : i32 to !si
        %ctxv = vector.broadcast %ctx : i32 to !si
        %lim0 = arith.addi %tok, %diagv : !si
        %lim = arith.minsi %lim0, %ctxv : !si
        %masked = arith.cmpi sge, %cols, %lim : !si
        %sm = arith.select %masked, %ninfs, %s0 : vector<32xi1>, !sv
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

    // P (in %acc) as T into the shared tile with stmatrix, fenced for the
    // async proxy (the values warpgroup's wgmma reads it).
    func.func private @store_p(%acc: !sfrag, %sP: !psm, %ct: i32) {
      %s = cute.load(%acc)
      %h = arith.truncf %s : !sv to !hv
      %pc = cute.make_fragment() : !pcfrag
      cute.store(%h, %pc)
      %src = cute.copy_retile of #stP (%pc)
      %dst = cute.copy_partition "D" of #stP (%sP, %ct)
      cute.copy(%src, %dst) {atom = #cute_nvgpu.stmatrix<num = 4>}
      cute_nvgpu.fence_proxy_async
      return
    }

    // Zeroes this warpgroup's V columns of the keys past the context in
    // the last page (rows tail .. 63 of the stage; 64 columns a thread per
    // step), then fences them for the async proxy and syncs the warpgroup
    // on barrier %bar.
    func.func private @zero_tail(%sV: !vsm, %stage: i32, %tail: i32, %ct: i32, %bar: i32) {
      %c4, %c64, %c128 = cute.constants 4, 64, 128 : i32
      %zero = arith.constant 0.0 : !T
      %rows = arith.subi %c64, %tail : i32
      %units = arith.muli %rows, %c4 : i32
      scf.for %u = %ct to %units step %c128 : i32 {
        %ur = arith.divui %u, %c4 : i32
        %cb = arith.remui %u, %c4 : i32
        %j = arith.addi %tail, %ur : i32
        %at = cute.make_coord(%cb, %j, %stage) -> !cute.coord<"(((_,?),?),?)">
        %row = cute.tensor_slice(%sV, %at)
        cute.fill(%row, %zero)
      }
      cute_nvgpu.fence_proxy_async
      cute_nvgpu.named_barrier id = %bar, threads = 128
      return
    }

    // A warpgroup's half of the output rows: O / l (rinv = 1 / l) as TQ
    // into o's rows row0 .. (rows of them; 512 wide, columns col0 ..), or
    // as f32 into the split workspace (same shape).
    func.func private @store_half(%o: !ofrag, %rinv: vector<2xf32>, %po: !cute.ptr<!TQ, gmem, align<16>>, %row0: i32, %rows: i32, %col0: i32, %ct: i32) {
      %c512 = arith.constant 512 : i32
      %rb = cute.mma_broadcast<rows> of #mmaO (%rinv, %o)
      %ov = cute.load(%o)
      %on = arith.mulf %ov, %rb : !ov
      %oh = arith.truncf %on : !ov to !oh
      %out = cute.make_fragment() : !ohfrag
      cute.store(%oh, %out)
      %off0 = arith.muli %row0, %c512 : i32
      %off = arith.addi %off0, %col0 : i32
      %p = cute.add_offset(%po, %off)
      %sh = cute.make_shape(%rows) -> !cute.shape<"(?,256)">
      %st = cute.static : !cute.stride<"(512,1)">
      %l = cute.make_layout(%sh, %st)
      %g = cute.make_view(%p, %l)
      %z = cute.make_coord() -> !cute.coord<"(0,0)">
      %t = cute.local_tile(%g, %z) {tiler = #cute.shape<"(64,256)">}
      %gp = cute.mma_partition "C" of #mmaO (%t, %ct)
      cute.copy(%out, %gp) {masked}
      return
    }
    func.func private @store_half_f32(%o: !ofrag, %rinv: vector<2xf32>, %pw: !cute.ptr<f32, gmem, align<16>>, %row0: i32, %rows: i32, %col0: i32, %ct: i32) {
      %c512 = arith.constant 512 : i32
      %rb = cute.mma_broadcast<rows> of #mmaO (%rinv, %o)
      %ov = cute.load(%o)
      %on = arith.mulf %ov, %rb : !ov
      cute.store(%on, %o)
      %off0 = arith.muli %row0, %c512 : i32
      %off = arith.addi %off0, %col0 : i32
      %p = cute.add_offset(%pw, %off)
      %sh = cute.make_shape(%rows) -> !cute.shape<"(?,256)">
      %st = cute.static : !cute.stride<"(512,1)">
      %l = cute.make_layout(%sh, %st)
      %g = cute.make_view(%p, %l)
      %z = cute.make_coord() -> !cute.coord<"(0,0)">
      %t = cute.local_tile(%g, %z) {tiler = #cute.shape<"(64,256)">}
      %gp = cute.mma_partition "C" of #mmaO (%t, %ct)
      cute.copy(%o, %gp) {masked}
      return
    }

    // The rows' LSE (row_lse of fmha-common.mlir) into lse[row0 ..]
    // (rows of them) through the (rows, 8) view with column stride 0.
    func.func private @store_lse(%m: vector<2xf32>, %l: vector<2xf32>, %scale: f32, %pl: !fp, %row0: i32, %rows: i32, %ct: i32) {
      %c8 = arith.constant 8 : i32
      %lpos, %rinv = func.call @row_inv(%l) : (vector<2xf32>) -> (vector<2xi1>, vector<2xf32>)
      %lse = func.call @row_lse(%m, %l, %lpos, %scale) : (vector<2xf32>, vector<2xf32>, vector<2xi1>, f32) -> vector<2xf32>
      %lfrag = cute.make_fragment() : !cute.memref<f32, rmem, align<16>, "((2,2,1),1,1):((1,2,4),0,0)">
      %lb = cute.mma_broadcast<rows> of #mmaL (%lse, %lfrag)
      cute.store(%lb, %lfrag)
      %shL = cute.make_shape(%rows, %c8)
      %sl = cute.static : !cute.stride<"(1,0)">
      %ll = cute.make_layout(%shL, %sl)
      %p = cute.add_offset(%pl, %row0)
      %g = cute.make_view(%p, %ll)
      %z = cute.make_coord() -> !cute.coord<"(0,0)">
      %t = cute.local_tile(%g, %z) {tiler = #cute.shape<"(64,8)">}
      %gp = cute.mma_partition "C" of #mmaL (%t, %ct)
      cute.copy(%lfrag, %gp) {masked}
      return
    }

    // The page of block blk of sequence b (its block-table entry; one
    // outside the cache is read as page 0, and traps with debug-checks).
    func.func private @page_of(%pbt: !gp, %b: i32, %maxPages: i32, %blk: i32, %pages: i32) -> i32 {
      %c0 = arith.constant 0 : i32
      %row = arith.muli %b, %maxPages : i32
      %at = arith.addi %row, %blk : i32
      %pg = func.call @load_i32(%pbt, %at) : (!gp, i32) -> i32
      %in = arith.cmpi ult, %pg, %pages : i32
      cute.check %in, "block table entry outside the cache (sequence, page of the sequence, entry, pages)" (%b, %blk, %pg, %pages : i32, i32, i32, i32)
      %pgc = arith.select %in, %pg, %c0 : i32
      return %pgc : i32
    }

    // The coordinates of block blk0 + n's page (64 x 576) in the cache.
    func.func private @page_tile(%cK: !cKt, %pbt: !gp, %b: i32, %maxPages: i32, %blk0: i32, %n: i32, %pages: i32) -> !gKt {
      %c0, %c64 = cute.constants 0, 64 : i32
      %blk = arith.addi %blk0, %n : i32
      %pg = func.call @page_of(%pbt, %b, %maxPages, %blk, %pages) : (!gp, i32, i32, i32, i32) -> i32
      %kr = arith.muli %pg, %c64 : i32
      %ko = cute.make_coord(%kr, %c0) -> !cute.coord<"(?,?)">
      %cKt = cute.domain_offset(%cK, %ko)
      %z = cute.make_coord() -> !cute.coord<"(0,0)">
      %g = cute.local_tile(%cKt, %z) {tiler = #cute.shape<"(64,576)">}
      return %g : !gKt
    }

    // 16 e4m3 values of a page (row r, columns 16 q .. of box c) as T
    // (exact) into the stage's swizzled bf16 box.
    func.func private @widen16(%src: !k8u, %dst: !bfu, %q: i32, %r: i32, %c: i32, %st: i32) {
      %at = cute.make_coord(%q, %r, %c, %st) -> !cute.coord<"(_,(?,?),?,?)">
      %e = cute.tensor_slice(%src, %at)
      %v = cute.load(%e)
      %h = arith.extf %v : vector<16xf8E4M3FN> to vector<16x!T>
      %d = cute.tensor_slice(%dst, %at)
      cute.store(%h, %d)
      return
    }

    // Page stage st: e4m3 in its upper half (nine 64 x 64-byte boxes from
    // byte 36864) widened to T over the whole stage (nine swizzled
    // 64 x 64 boxes, 8 KB each), 16 values a step (row r, 16 columns q of a
    // box; 256 steps a box, 2 a thread). Box c < 4 lands below the e4m3
    // bytes: streamed. Box c >= 4 lands on e4m3 boxes 2c - 9 and 2c - 8,
    // which boxes read before it or box c itself: each such box is loaded
    // whole by the warpgroup, which syncs (barrier 7), then stored.
    func.func private @widen_page(%src: !k8u, %dst: !bfu, %st: i32, %ct: i32) {
      %c1, %c4, %c9, %c32, %c128, %c256, %c1024 = cute.constants 1, 4, 9, 32, 128, 256, 1024 : i32
      scf.for %u = %ct to %c1024 step %c128 : i32 {
        %c = arith.divui %u, %c256 : i32
        %w = arith.remui %u, %c256 : i32
        %q = arith.remui %w, %c4 : i32
        %r = arith.divui %w, %c4 : i32
        func.call @widen16(%src, %dst, %q, %r, %c, %st) : (!k8u, !bfu, i32, i32, i32, i32) -> ()
      }
      %q = arith.remui %ct, %c4 : i32
      %r0 = arith.divui %ct, %c4 : i32
      %r1 = arith.addi %r0, %c32 : i32
      scf.for %c = %c4 to %c9 step %c1 : i32 {
        %a0 = cute.make_coord(%q, %r0, %c, %st) -> !cute.coord<"(_,(?,?),?,?)">
        %a1 = cute.make_coord(%q, %r1, %c, %st) -> !cute.coord<"(_,(?,?),?,?)">
        %e0 = cute.tensor_slice(%src, %a0)
        %e1 = cute.tensor_slice(%src, %a1)
        %v0 = cute.load(%e0)
        %v1 = cute.load(%e1)
        cute_nvgpu.named_barrier id = 7, threads = 128
        %h0 = arith.extf %v0 : vector<16xf8E4M3FN> to vector<16x!T>
        %h1 = arith.extf %v1 : vector<16xf8E4M3FN> to vector<16x!T>
        %d0 = cute.tensor_slice(%dst, %a0)
        %d1 = cute.tensor_slice(%dst, %a1)
        cute.store(%h0, %d0)
        cute.store(%h1, %d1)
      }
      return
    }

    // F8R: page blk0 + n's 18 chunks of thread tid (u = tid + 128 j) into
    // its registers (16-byte loads; a page outside the cache is read as
    // page 0, @page_of).
    func.func private @fetch_page(%gP: !gpg, %land: !land, %pbt: !gp, %b: i32, %maxPages: i32, %blk0: i32, %n: i32, %pages: i32, %tid: i32) {
      %c0, %c1, %c18, %c128 = cute.constants 0, 1, 18, 128 : i32
      %blk = arith.addi %blk0, %n : i32
      %pg = func.call @page_of(%pbt, %b, %maxPages, %blk, %pages) : (!gp, i32, i32, i32, i32) -> i32
      scf.for %j = %c0 to %c18 step %c1 : i32 {
        %j128 = arith.muli %j, %c128 : i32
        %u = arith.addi %tid, %j128 : i32
        %at = cute.make_coord(%u, %pg) -> !cute.coord<"(_,?,?)">
        %src = cute.tensor_slice(%gP, %at)
        %jc = cute.make_coord(%j) -> !cute.coord<"(_,?)">
        %dst = cute.tensor_slice(%land, %jc)
        cute.copy(%src, %dst)
      } {cute.unroll}
      return
    }

    // F8R: the landed chunks as T (exact) into stage st's swizzled boxes:
    // chunk u is row r = u / 36, 16 columns q of box c (u % 36 = 4 c + q).
    func.func private @widen_landed(%land: !land, %dst: !bfu, %st: i32, %tid: i32) {
      %c0, %c1, %c4, %c18, %c36, %c128 = cute.constants 0, 1, 4, 18, 36, 128 : i32
      scf.for %j = %c0 to %c18 step %c1 : i32 {
        %j128 = arith.muli %j, %c128 : i32
        %u = arith.addi %tid, %j128 : i32
        %r = arith.divui %u, %c36 : i32
        %w = arith.remui %u, %c36 : i32
        %q = arith.remui %w, %c4 : i32
        %c = arith.divui %w, %c4 : i32
        %jc = cute.make_coord(%j) -> !cute.coord<"(_,?)">
        %e = cute.tensor_slice(%land, %jc)
        %v = cute.load(%e)
        %h = arith.extf %v : vector<16xf8E4M3FN> to vector<16x!T>
        %at = cute.make_coord(%q, %r, %c, %st) -> !cute.coord<"(_,(?,?),?,?)">
        %d = cute.tensor_slice(%dst, %at)
        cute.store(%h, %d)
      } {cute.unroll}
      return
    }

    gpu.func @mla(%pq: !cute.ptr<!TQ, gmem, align<16>>, %pkv: !cute.ptr<!KV, gmem, align<16>>, %pbt: !gp, %pctx: !gp, %po: !cute.ptr<!TQ, gmem, align<16>>, %plse: !fp, %pws: !cute.ptr<f32, gmem, align<16>>, %pwl: !fp, %pflags: !gp, %batch: i32, %sq: i32, %hq: i32, %maxPages: i32, %pages: i32, %splits: i32, %scale: f32, %kscale: f32) kernel
        attributes {cute.block_size = #cute.shape<"384">, cute.no_specialize, cute.ftz} {
      %c0, %c1, %c64, %c128, %c256, %c576 = cute.constants 0, 1, 64, 128, 256, 576 : i32
      %fzero, %fone = cute.constants 0.0, 1.0 : f32
      %ninf = arith.constant 0xFF800000 : f32
      %log2e = arith.constant 1.44269504 : f32
      // An e4m3 cache's scale: K's folds into the softmax scale, V's into
      // the final 1 / l (bf16 caches pass 1).
      %sk = arith.mulf %scale, %kscale : f32
      %scale2 = arith.mulf %sk, %log2e : f32
      %tid = cute.thread_idx x
      %mt = cute.block_idx x
      %s = cute.block_idx y
      %b = cute.block_idx z
      %mtiles = cute.grid_dim x
      // This CTA's rows and pages.
      %rseq = arith.muli %sq, %hq : i32
      %r0 = arith.muli %mt, %c64 : i32
      %rleft = arith.subi %rseq, %r0 : i32
      %rows = arith.minui %rleft, %c64 : i32
      %bseq = arith.muli %b, %rseq : i32
      %row0 = arith.addi %bseq, %r0 : i32
      %rtot = arith.muli %batch, %rseq : i32
      %ctx = func.call @load_i32(%pctx, %b) : (!gp, i32) -> i32
      %rowKeys = arith.muli %maxPages, %c64 : i32
      %fits = arith.cmpi sle, %ctx, %rowKeys : i32
      cute.check %fits, "context longer than its block-table row (sequence, context, row keys)" (%b, %ctx, %rowKeys : i32, i32, i32)
      %ctxc = arith.minsi %ctx, %rowKeys : i32
      %nblk = arith.ceildivsi %ctxc, %c64 : i32
      %bps = arith.ceildivsi %nblk, %splits : i32
      %blk00 = arith.muli %s, %bps : i32
      %blk0 = arith.minsi %blk00, %nblk : i32
      %blk10 = arith.addi %blk0, %bps : i32
      %blk1 = arith.minsi %blk10, %nblk : i32
      %nb = arith.subi %blk1, %blk0 : i32
      %tail = arith.subi %ctxc, %blk0 : i32
      // Q as (rows, 576), the cache as (tokens, 576): TMA boxes of 64 x 64.
      %shQ = cute.make_shape(%rtot, %c576)
      %shK0 = arith.muli %pages, %c64 : i32
      %shK = cute.make_shape(%shK0, %c576)
      %sq576 = cute.static : !cute.stride<"(576,1)">
      %lq = cute.make_layout(%shQ, %sq576)
      %lk = cute.make_layout(%shK, %sq576)
      %gq = cute.make_view(%pq, %lq)
      %dq = cute_nvgpu.make_tma_desc %gq -> !cute_nvgpu.tma_desc<load, !cute.memref<!TQ, smem, align<1024>, sw128, "(64,64):(64,1)">>
      %cQ = cute.make_identity_tensor(%shQ)
      %cK = cute.make_identity_tensor(%shK)
      %barQ = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "2:1">
      %barK = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "4:1">
      %barL = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "4:1">
      %sQ = cute.smem_alloc() : !qsm
      %sK = cute.smem_alloc() : !ksm
      %sP = cute.smem_alloc() : !psm
      %sAlpha = cute.smem_alloc() : !rsm
      %sInv = cute.smem_alloc() : !rsm
      %pipeQ = cute_nvgpu.pipeline_create %barQ : !cute.memref<i64, smem, align<8>, "2:1"> -> !QP
      // F8: Q lands (TMA, as TQ) in its own buffer, which the producer
      // warpgroup converts to T in place.
      %barQL = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "2:1">
      %pipeQL = cute_nvgpu.pipeline_create %barQL : !cute.memref<i64, smem, align<8>, "2:1"> -> !cute_nvgpu.pipeline<tma_async, 1>
      // Both consumer warpgroups read every stage: 8 warps release it.
      // P and its row factors, scores -> values warpgroup (one stage: the
      // scores warpgroup writes P(n + 1) once the values warpgroup's MMA
      // has read P(n); every thread of both commits and releases).
      %barP = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "2:1">
      %pipeP = cute_nvgpu.pipeline_create %barP : !cute.memref<i64, smem, align<8>, "2:1"> -> !cute_nvgpu.pipeline<async, 1>
      %pipeK = cute_nvgpu.pipeline_create %barK : !cute.memref<i64, smem, align<8>, "4:1"> {consumers = 8 : i32} -> !PK
      // F8: the e4m3 pages land in the upper half of their stage (TMA), and
      // the producer warpgroup widens them (every thread releases).
      %pipeL = cute_nvgpu.pipeline_create %barL : !cute.memref<i64, smem, align<8>, "4:1"> -> !cute_nvgpu.pipeline<tma_async, 2>
      // V (K's first 512 columns) as the two warpgroups' MN-major halves.
      %kit = cute.get_iter(%sK)
      %vl = cute.static : !cute.composed_layout<"S<3,3,3> o 0 o (((64,4),64),2):(((1,4096),64),36864)">
      %sV0 = cute.make_view(%kit, %vl)
      %c16384 = cute.static : !cute.int_tuple<"16384">
      %kit1 = cute.add_offset(%kit, %c16384)
      %sV1 = cute.make_view(%kit1, %vl)
      %z = cute.make_coord() -> !cute.coord<"(0,0)">
      cute_nvgpu.warp_specialize
        role "producer" warps [0, 4) max_regs PR {
          %w = cute_nvgpu.warp_idx
          %w0 = arith.cmpi eq, %w, %c0 : i32
          %pk0 = cute_nvgpu.pipeline_producer_state %pipeK
          %pq0 = cute_nvgpu.pipeline_producer_state %pipeQ
          %qo = cute.make_coord(%row0, %c0) -> !cute.coord<"(?,?)">
          %cQt = cute.domain_offset(%cQ, %qo)
          %gQ = cute.local_tile(%cQt, %z) {tiler = #cute.shape<"(64,576)">}
          // Q's buffer as TQ, where the TMA writes.
          %sQi = cute.get_iter(%sQ)
          %sQiq = cute.recast(%sQi) {elem_type = !TQ} : !cute.ptr<!T, smem, align<1024>> -> !cute.ptr<!TQ, smem, align<1024>>
          %lQ = cute.static : !cute.composed_layout<"S<3,3,3> o 0 o (64,(64,9)):(64,(1,4096))">
          %sQq = cute.make_view(%sQiq, %lQ)
          %f8 = arith.constant #F8
          scf.if %f8 {
            // Q as TQ (a one-stage staging ring), converted to T in place
            // by the warpgroup (8 values a step, 36 steps a thread), then
            // handed to the consumers.
            %tq0 = arith.cmpi eq, %tid, %c0 : i32
            scf.if %tq0 {
              %ql0 = cute_nvgpu.pipeline_producer_state %pipeQL
              cute_nvgpu.pipeline_producer_acquire %pipeQL, %ql0
              %fq = cute_nvgpu.pipeline_producer_get_barrier %pipeQL, %ql0
              cute.copy(%gQ, %sQq) with(%dq, %fq)
              cute_nvgpu.pipeline_producer_commit %pipeQL, %ql0
            }
            %qc0 = cute_nvgpu.pipeline_consumer_state %pipeQL
            cute_nvgpu.pipeline_consumer_wait %pipeQL, %qc0
            %lq8 = cute.static : !cute.layout<"(8,4608):(1,8)">
            %vq = cute.make_view(%sQiq, %lq8)
            %vt = cute.make_view(%sQi, %lq8)
            %c4608 = arith.constant 4608 : i32
            scf.for %u = %tid to %c4608 step %c128 : i32 {
              %cu = cute.make_coord(%u) -> !cute.coord<"(_,?)">
              %eq = cute.tensor_slice(%vq, %cu)
              %et = cute.tensor_slice(%vt, %cu)
              %xq = cute.load(%eq)
              %xf = arith.extf %xq : vector<8x!TQ> to vector<8xf32>
              %xt = arith.truncf %xf : vector<8xf32> to vector<8x!T>
              cute.store(%xt, %et)
            }
            cute_nvgpu.fence_proxy_async
            cute_nvgpu.pipeline_consumer_release %pipeQL, %qc0
            cute_nvgpu.pipeline_producer_acquire %pipeQ, %pq0
            cute_nvgpu.pipeline_producer_commit %pipeQ, %pq0

            %lu = cute.static : !cute.composed_layout<"S<3,3,3> o 0 o (16,(4,64),9,2):(1,(16,64),4096,36864)">
            %dst = cute.make_view(%kit, %lu)
            %pkv8 = cute.recast(%pkv) {elem_type = f8E4M3FN} : !cute.ptr<!KV, gmem, align<16>> -> !cute.ptr<f8E4M3FN, gmem, align<16>>
            %f8r = arith.constant #F8R
            scf.if %f8r {
              // F8R: each thread loads its 18 16-byte chunks of page n into
              // registers before the stage is free (page n - 2 released),
              // then widens them into it: the loads wait for no release, and
              // the widening of page n overlaps the consumers' page n - 1.
              %shP = cute.make_shape(%pages) -> !cute.shape<"(16,2304,?)">
              %stP = cute.static : !cute.stride<"(1,16,36864)">
              %lP = cute.make_layout(%shP, %stP)
              %gP = cute.make_view(%pkv8, %lP)
              %land = cute.make_fragment() : !land
              %any = arith.cmpi sgt, %nb, %c0 : i32
              scf.if %any {
                func.call @fetch_page(%gP, %land, %pbt, %b, %maxPages, %blk0, %c0, %pages, %tid) : (!gpg, !land, !gp, i32, i32, i32, i32, i32, i32) -> ()
              }
              %pe = scf.for %n = %c0 to %nb step %c1 iter_args(%ps = %pk0) -> (!KS) : i32 {
                cute_nvgpu.pipeline_producer_acquire %pipeK, %ps
                %i = cute_nvgpu.pipeline_state_index %ps
                func.call @widen_landed(%land, %dst, %i, %tid) : (!land, !bfu, i32, i32) -> ()
                cute_nvgpu.fence_proxy_async
                cute_nvgpu.pipeline_producer_commit %pipeK, %ps
                %n1 = arith.addi %n, %c1 : i32
                %next = arith.cmpi slt, %n1, %nb : i32
                scf.if %next {
                  func.call @fetch_page(%gP, %land, %pbt, %b, %maxPages, %blk0, %n1, %pages, %tid) : (!gpg, !land, !gp, i32, i32, i32, i32, i32, i32) -> ()
                }
                %pn = cute_nvgpu.pipeline_state_advance %ps
                scf.yield %pn : !KS
              }
              cute_nvgpu.pipeline_producer_tail %pipeK, %pe
            } else {
              // e4m3 pages, step n: the warpgroup widens page n - 1 once it
              // has landed and hands it to the consumers; then, once they have
              // released page n - 2 (the same stage), thread 0 loads page n
              // into the upper half of that stage. (Loading first would wait
              // for a release that needs page n - 1 widened.)
              %t0 = arith.cmpi eq, %tid, %c0 : i32
              %gk8 = cute.make_view(%pkv8, %lk)
              %dk8 = cute_nvgpu.make_tma_desc %gk8 -> !cute_nvgpu.tma_desc<load, !cute.memref<f8E4M3FN, smem, align<1024>, "(64,64):(64,1)">>
              %kit8 = cute.recast(%kit) {elem_type = f8E4M3FN} : !cute.ptr<!T, smem, align<1024>> -> !cute.ptr<f8E4M3FN, smem, align<1024>>
              %half = cute.static : !cute.int_tuple<"36864">
              %k8 = cute.add_offset(%kit8, %half)
              %l8 = cute.static : !cute.layout<"((64,(64,9)),2):((64,(1,4096)),73728)">
              %sK8 = cute.make_view(%k8, %l8)
              %lu8 = cute.static : !cute.layout<"(16,(4,64),9,2):(1,(16,64),4096,73728)">
              %src = cute.make_view(%k8, %lu8)
              %pl0 = cute_nvgpu.pipeline_producer_state %pipeL
              %cl0 = cute_nvgpu.pipeline_consumer_state %pipeL
              %nb1 = arith.addi %nb, %c1 : i32
              %fin:4 = scf.for %n = %c0 to %nb1 step %c1 iter_args(%pi = %pk0, %pc = %pk0, %pl = %pl0, %cl = %cl0) -> (!KS, !KS, !KS, !KS) : i32 {
                %started = arith.cmpi sgt, %n, %c0 : i32
                %more = arith.cmpi slt, %n, %nb : i32
                %r:2 = scf.if %started -> (!KS, !KS) {
                  cute_nvgpu.pipeline_consumer_wait %pipeL, %cl
                  %i = cute_nvgpu.pipeline_state_index %cl
                  func.call @widen_page(%src, %dst, %i, %tid) : (!k8u, !bfu, i32, i32) -> ()
                  cute_nvgpu.fence_proxy_async
                  cute_nvgpu.pipeline_consumer_release %pipeL, %cl
                  cute_nvgpu.pipeline_producer_commit %pipeK, %pc
                  %pcn = cute_nvgpu.pipeline_state_advance %pc
                  %cln = cute_nvgpu.pipeline_state_advance %cl
                  scf.yield %pcn, %cln : !KS, !KS
                } else {
                  scf.yield %pc, %cl : !KS, !KS
                }
                %nx:2 = scf.if %more -> (!KS, !KS) {
                  cute_nvgpu.pipeline_producer_acquire %pipeK, %pi
                  scf.if %t0 {
                    %gKn = func.call @page_tile(%cK, %pbt, %b, %maxPages, %blk0, %n, %pages) : (!cKt, !gp, i32, i32, i32, i32, i32) -> !gKt
                    %i = cute_nvgpu.pipeline_state_index %pl
                    %sc = cute.make_coord(%i) -> !cute.coord<"(_,?)">
                    %stK = cute.tensor_slice(%sK8, %sc)
                    cute_nvgpu.pipeline_producer_acquire %pipeL, %pl
                    %fk = cute_nvgpu.pipeline_producer_get_barrier %pipeL, %pl
                    cute.copy(%gKn, %stK) with(%dk8, %fk)
                    cute_nvgpu.pipeline_producer_commit %pipeL, %pl
                  }
                  %pin = cute_nvgpu.pipeline_state_advance %pi
                  %pln = cute_nvgpu.pipeline_state_advance %pl
                  scf.yield %pin, %pln : !KS, !KS
                } else {
                  scf.yield %pi, %pl : !KS, !KS
                }
                scf.yield %nx#0, %r#0, %nx#1, %r#1 : !KS, !KS, !KS, !KS
              }
              cute_nvgpu.pipeline_producer_tail %pipeK, %fin#1
              scf.if %t0 {
                cute_nvgpu.pipeline_producer_tail %pipeL, %fin#2
              }
            }
            %pq1 = cute_nvgpu.pipeline_state_advance %pq0
            cute_nvgpu.pipeline_producer_tail %pipeQ, %pq1
            scf.if %tq0 {
              %ql0 = cute_nvgpu.pipeline_producer_state %pipeQL
              %ql1 = cute_nvgpu.pipeline_state_advance %ql0
              cute_nvgpu.pipeline_producer_tail %pipeQL, %ql1
            }
          } else {
            %pkvT = cute.recast(%pkv) {elem_type = !T} : !cute.ptr<!KV, gmem, align<16>> -> !cute.ptr<!T, gmem, align<16>>
            %gk = cute.make_view(%pkvT, %lk)
            %dk = cute_nvgpu.make_tma_desc %gk -> !cute_nvgpu.tma_desc<load, !cute.memref<!T, smem, align<1024>, sw128, "(64,64):(64,1)">>
            // Q and the bf16 pages: one thread loads each.
            scf.if %w0 {
              cute_nvgpu.elect_one {
                cute_nvgpu.pipeline_producer_acquire %pipeQ, %pq0
                %fq = cute_nvgpu.pipeline_producer_get_barrier %pipeQ, %pq0
                cute.copy(%gQ, %sQq) with(%dq, %fq)
                cute_nvgpu.pipeline_producer_commit %pipeQ, %pq0
                %pke = scf.for %n = %c0 to %nb step %c1 iter_args(%ps = %pk0) -> (!KS) : i32 {
                  %gKn = func.call @page_tile(%cK, %pbt, %b, %maxPages, %blk0, %n, %pages) : (!cKt, !gp, i32, i32, i32, i32, i32) -> !gKt
                  %i = cute_nvgpu.pipeline_state_index %ps
                  %sc = cute.make_coord(%i) -> !cute.coord<"(_,?)">
                  %stK = cute.tensor_slice(%sK, %sc)
                  cute_nvgpu.pipeline_producer_acquire %pipeK, %ps
                  %fk = cute_nvgpu.pipeline_producer_get_barrier %pipeK, %ps
                  cute.copy(%gKn, %stK) with(%dk, %fk)
                  cute_nvgpu.pipeline_producer_commit %pipeK, %ps
                  %pn = cute_nvgpu.pipeline_state_advance %ps
                  scf.yield %pn : !KS
                }
                cute_nvgpu.pipeline_producer_tail %pipeK, %pke
                %pq1 = cute_nvgpu.pipeline_state_advance %pq0
                cute_nvgpu.pipeline_producer_tail %pipeQ, %pq1
              }
            }
          }
        }
        role "scores" warps [4, 8) max_regs CR {
          %ct = arith.subi %tid, %c128 : i32
          %acc = cute.make_fragment() : !sfrag
          %pf = cute.make_fragment() : !pfrag
          %o = cute.make_fragment() : !ofrag
          cute.fill(%o, %fzero)
          %m0 = vector.broadcast %ninf : f32 to vector<2xf32>
          %l0 = vector.broadcast %fzero : f32 to vector<2xf32>
          %false = arith.constant false
          %qs = cute_nvgpu.pipeline_consumer_state %pipeQ
          %cs0 = cute_nvgpu.pipeline_consumer_state %pipeK
          %fa = cute.mma_partition "A" of #mmaS (%sQ, %ct)
          cute_nvgpu.pipeline_consumer_wait %pipeQ, %qs
          %last = arith.subi %nb, %c1 : i32
          %pp0 = cute_nvgpu.pipeline_producer_state %pipeP
          %fin:4 = scf.for %n = %c0 to %nb step %c1 iter_args(%cs = %cs0, %m = %m0, %l = %l0, %pp = %pp0) -> (!KS, vector<2xf32>, vector<2xf32>, !QS) : i32 {
            cute_nvgpu.pipeline_consumer_wait %pipeK, %cs
            %i = cute_nvgpu.pipeline_state_index %cs
            %sc = cute.make_coord(%i) -> !cute.coord<"(_,?)">
            %stK = cute.tensor_slice(%sK, %sc)
            %fb = cute.mma_partition "B" of #mmaS (%stK, %ct)
            cute_nvgpu.wgmma_fence
            cute.gemm #wgS (%fa, %fb, %acc) accumulate(%false)
            cute_nvgpu.wgmma_commit_group
            cute_nvgpu.wgmma_wait_group 0
            %blk = arith.addi %blk0, %n : i32
            %mn, %ln, %alpha = func.call @softmax_page(%acc, %m, %l, %blk, %ctxc, %sq, %hq, %r0, %ct, %scale2) : (!sfrag, vector<2xf32>, vector<2xf32>, i32, i32, i32, i32, i32, i32, f32) -> (vector<2xf32>, vector<2xf32>, vector<2xf32>)
            // Once the values warpgroup has read P(n - 1) and its alpha.
            cute_nvgpu.pipeline_producer_acquire %pipeP, %pp
            func.call @store_p(%acc, %sP, %ct) : (!sfrag, !psm, i32) -> ()
            func.call @put_rows(%sAlpha, %alpha, %ct) : (!rsm, vector<2xf32>, i32) -> ()
            cute_nvgpu.pipeline_producer_commit %pipeP, %pp
            %ppn = cute_nvgpu.pipeline_state_advance %pp
            %isLast = arith.cmpi eq, %n, %last : i32
            %kc0 = arith.muli %blk, %c64 : i32
            %tl = arith.subi %ctxc, %kc0 : i32
            %ragged = arith.cmpi slt, %tl, %c64 : i32
            %zt = arith.andi %isLast, %ragged : i1
            scf.if %zt {
              %c5 = arith.constant 5 : i32
              func.call @zero_tail(%sV0, %i, %tl, %ct, %c5) : (!vsm, i32, i32, i32, i32) -> ()
            }
            func.call @rescale_o(%o, %alpha) : (!ofrag, vector<2xf32>) -> ()
            %pa = cute_nvgpu.accumulator_to_operand(%acc) {elem_type = !T}
            cute.copy(%pa, %pf)
            %stV = cute.tensor_slice(%sV0, %sc)
            %fvs = cute.mma_partition "B" of #mmaO (%stV, %ct)
            cute_nvgpu.wgmma_fence
            cute.gemm #wgO (%pf, %fvs, %o)
            cute_nvgpu.wgmma_commit_group
            cute_nvgpu.wgmma_wait_group 0
            cute_nvgpu.warp_sync
            cute_nvgpu.elect_one {
              cute_nvgpu.pipeline_consumer_release %pipeK, %cs
            }
            %csn = cute_nvgpu.pipeline_state_advance %cs
            scf.yield %csn, %mn, %ln, %ppn : !KS, vector<2xf32>, vector<2xf32>, !QS
          }
          cute_nvgpu.pipeline_producer_tail %pipeP, %fin#3
          cute_nvgpu.warp_sync
          cute_nvgpu.elect_one {
            cute_nvgpu.pipeline_consumer_release %pipeQ, %qs
          }
          %lpos, %rinvl = func.call @row_inv(%fin#2) : (vector<2xf32>) -> (vector<2xi1>, vector<2xf32>)
          %ks = vector.broadcast %kscale : f32 to vector<2xf32>
          %rinv = arith.mulf %rinvl, %ks : vector<2xf32>
          func.call @put_rows(%sInv, %rinv, %ct) : (!rsm, vector<2xf32>, i32) -> ()
          cute_nvgpu.named_barrier id = 3, threads = 256
          %one = arith.cmpi eq, %splits, %c1 : i32
          scf.if %one {
            func.call @store_half(%o, %rinv, %po, %row0, %rows, %c0, %ct) : (!ofrag, vector<2xf32>, !cute.ptr<!TQ, gmem, align<16>>, i32, i32, i32, i32) -> ()
            func.call @store_lse(%fin#1, %fin#2, %sk, %plse, %row0, %rows, %ct) : (vector<2xf32>, vector<2xf32>, f32, !fp, i32, i32, i32) -> ()
          } else {
            %srow0 = arith.muli %s, %rtot : i32
            %srow = arith.addi %srow0, %row0 : i32
            func.call @store_half_f32(%o, %rinv, %pws, %srow, %rows, %c0, %ct) : (!ofrag, vector<2xf32>, !cute.ptr<f32, gmem, align<16>>, i32, i32, i32, i32) -> ()
            func.call @store_lse(%fin#1, %fin#2, %sk, %pwl, %srow, %rows, %ct) : (vector<2xf32>, vector<2xf32>, f32, !fp, i32, i32, i32) -> ()
          }
          func.call @merge_tile(%pws, %pwl, %po, %plse, %pflags, %rtot, %hq, %splits, %row0, %rows, %b, %mt, %mtiles, %ct) : (!cute.ptr<f32, gmem, align<16>>, !fp, !cute.ptr<!TQ, gmem, align<16>>, !fp, !gp, i32, i32, i32, i32, i32, i32, i32, i32, i32) -> ()
        }
        role "values" warps [8, 12) max_regs CR {
          %ct = arith.subi %tid, %c256 : i32
          %ct2 = arith.subi %tid, %c128 : i32
          %o = cute.make_fragment() : !ofrag
          cute.fill(%o, %fzero)
          %cs0 = cute_nvgpu.pipeline_consumer_state %pipeK
          %fp = cute.mma_partition "A" of #mmaOs (%sP, %ct)
          %last = arith.subi %nb, %c1 : i32
          %pc0 = cute_nvgpu.pipeline_consumer_state %pipeP
          %fin:2 = scf.for %n = %c0 to %nb step %c1 iter_args(%cs = %cs0, %pc = %pc0) -> (!KS, !QS) : i32 {
            cute_nvgpu.pipeline_consumer_wait %pipeK, %cs
            %i = cute_nvgpu.pipeline_state_index %cs
            cute_nvgpu.pipeline_consumer_wait %pipeP, %pc
            %alpha = func.call @get_rows(%sAlpha, %ct) : (!rsm, i32) -> vector<2xf32>
            %blk = arith.addi %blk0, %n : i32
            %isLast = arith.cmpi eq, %n, %last : i32
            %kc0 = arith.muli %blk, %c64 : i32
            %tl = arith.subi %ctxc, %kc0 : i32
            %ragged = arith.cmpi slt, %tl, %c64 : i32
            %zt = arith.andi %isLast, %ragged : i1
            scf.if %zt {
              %c6 = arith.constant 6 : i32
              func.call @zero_tail(%sV1, %i, %tl, %ct, %c6) : (!vsm, i32, i32, i32, i32) -> ()
            }
            func.call @rescale_o(%o, %alpha) : (!ofrag, vector<2xf32>) -> ()
            %sc = cute.make_coord(%i) -> !cute.coord<"(_,?)">
            %stV = cute.tensor_slice(%sV1, %sc)
            %fvs = cute.mma_partition "B" of #mmaOs (%stV, %ct)
            cute_nvgpu.wgmma_fence
            cute.gemm #wgOs (%fp, %fvs, %o)
            cute_nvgpu.wgmma_commit_group
            cute_nvgpu.wgmma_wait_group 0
            cute_nvgpu.pipeline_consumer_release %pipeP, %pc
            cute_nvgpu.warp_sync
            cute_nvgpu.elect_one {
              cute_nvgpu.pipeline_consumer_release %pipeK, %cs
            }
            %csn = cute_nvgpu.pipeline_state_advance %cs
            %pcn = cute_nvgpu.pipeline_state_advance %pc
            scf.yield %csn, %pcn : !KS, !QS
          }
          cute_nvgpu.named_barrier id = 3, threads = 256
          %rinv = func.call @get_rows(%sInv, %ct) : (!rsm, i32) -> vector<2xf32>
          %one = arith.cmpi eq, %splits, %c1 : i32
          scf.if %one {
            func.call @store_half(%o, %rinv, %po, %row0, %rows, %c256, %ct) : (!ofrag, vector<2xf32>, !cute.ptr<!TQ, gmem, align<16>>, i32, i32, i32, i32) -> ()
          } else {
            %srow0 = arith.muli %s, %rtot : i32
            %srow = arith.addi %srow0, %row0 : i32
            func.call @store_half_f32(%o, %rinv, %pws, %srow, %rows, %c256, %ct) : (!ofrag, vector<2xf32>, !cute.ptr<f32, gmem, align<16>>, i32, i32, i32, i32) -> ()
          }
          func.call @merge_tile(%pws, %pwl, %po, %plse, %pflags, %rtot, %hq, %splits, %row0, %rows, %b, %mt, %mtiles, %ct2) : (!cute.ptr<f32, gmem, align<16>>, !fp, !cute.ptr<!TQ, gmem, align<16>>, !fp, !gp, i32, i32, i32, i32, i32, i32, i32, i32, i32) -> ()
        }
      gpu.return
    }

    // Split-KV: the last of a tile's split CTAs to arrive (its 256
    // consumer threads, thread %ct of them) merges the splits' rows: 32
    // threads a row, 16 columns each (@merge_splits).
    func.func private @merge_tile(%pws: !cute.ptr<f32, gmem, align<16>>, %pwl: !fp, %po: !cute.ptr<!TQ, gmem, align<16>>, %plse: !fp, %pflags: !gp, %rtot: i32, %hq: i32, %splits: i32, %row0: i32, %rows: i32, %b: i32, %mt: i32, %mtiles: i32, %ct: i32) {
      %c0, %c1, %c32, %c256, %c512 = cute.constants 0, 1, 32, 256, 512 : i32
      %many = arith.cmpi ugt, %splits, %c1 : i32
      scf.if %many {
        %t0 = arith.cmpi eq, %ct, %c0 : i32
        %f0 = arith.muli %b, %mtiles : i32
        %f = arith.addi %f0, %mt : i32
        %lastA = cute_nvgpu.counter_arrive %pflags[%f] expected %splits
            leader %t0 barrier id = 4, threads = 256 : !gp
        scf.if %lastA {
          %units = arith.muli %rows, %c32 : i32
          scf.for %u = %ct to %units step %c256 : i32 {
            %ur = arith.divui %u, %c32 : i32
            %part = arith.remui %u, %c32 : i32
            %r = arith.addi %row0, %ur : i32
            %ldo = arith.muli %hq, %c512 : i32
            func.call @merge_splits(%pws, %pwl, %po, %plse, %rtot, %hq, %ldo, %splits, %r, %part) : (!cute.ptr<f32, gmem, align<16>>, !fp, !cute.ptr<!TQ, gmem, align<16>>, !fp, i32, i32, i32, i32, i32, i32) -> ()
          }
        }
      }
      return
    }
  }
}
