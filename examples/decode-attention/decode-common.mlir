// Helpers the decode kernels share (kernel.mlir, kernel-sm100.mlir and
// append.mlir import this file: cute.imports, docs/instances.md).
!T = !cute.param<"T", bf16>
!TQ = !cute.param<"TQ", bf16>
#D = #cute.param<"D", 128 : i32>
module {
  // Element i of a gmem array of i32 (a context length, a block-table
  // entry, a position, a slot).
  func.func private @load_i32(%p: !cute.ptr<i32, gmem, align<4>>, %i: i32) -> i32 {
    %pp = cute.add_offset(%p, %i)
    %l = cute.static : !cute.layout<"(1):(1)">
    %v = cute.make_view(%pp, %l)
    %x = cute.load(%v)
    %e = vector.extract %x[0] : i32 from vector<1xi32>
    return %e : i32
  }

  // Element i of a gmem array of f32 (a scale, a split's LSE).
  func.func private @load_f32(%p: !cute.ptr<f32, gmem, align<4>>, %i: i32) -> f32 {
    %pp = cute.add_offset(%p, %i)
    %l = cute.static : !cute.layout<"(1):(1)">
    %v = cute.make_view(%pp, %l)
    %x = cute.load(%v)
    %e = vector.extract %x[0] : f32 from vector<1xf32>
    return %e : f32
  }

  // The slot of key j of sequence b: table[b, j / page] x page + j %
  // page, with j clamped to the block-table row (maxPages x page keys)
  // and a page index outside the cache read as page 0, so that the load
  // never depends on the context length and always reads valid memory:
  // a key past the last valid one (j > last) is masked (its score is
  // -inf, its V row is zeroed), whatever its table entry holds. With
  // debug-checks a valid key's page index outside the cache (slots / page
  // pages) traps, naming the sequence, the key, the entry and the bound.
  func.func private @slot_of(%pbt: !cute.ptr<i32, gmem, align<4>>, %b: i32, %maxPages: i32, %page: i32, %j: i32, %last: i32, %slots: i32) -> i32 {
    %c0, %c1 = cute.constants 0, 1 : i32
    %rowKeys = arith.muli %maxPages, %page : i32
    %rowEnd = arith.subi %rowKeys, %c1 : i32
    %jt = arith.minsi %j, %rowEnd : i32
    %pi = arith.divui %jt, %page : i32
    %po = arith.remui %jt, %page : i32
    %row = arith.muli %b, %maxPages : i32
    %at = arith.addi %row, %pi : i32
    %pg = func.call @load_i32(%pbt, %at) : (!cute.ptr<i32, gmem, align<4>>, i32) -> i32
    %pages = arith.divui %slots, %page : i32
    %inCache = arith.cmpi ult, %pg, %pages : i32
    %past = arith.cmpi sgt, %j, %last : i32
    %ok = arith.ori %past, %inCache : i1
    cute.check %ok, "block table entry outside the cache (sequence, key, entry, pages)" (%b, %j, %pg, %pages : i32, i32, i32, i32)
    %pgc = arith.select %inCache, %pg, %c0 : i32
    %base = arith.muli %pgc, %page : i32
    %slot = arith.addi %base, %po : i32
    return %slot : i32
  }

  // Row gr of a CTA's group (gr = g ntok + t): its token t, its q head
  // and its output row (b ntok + t).
  func.func private @row_of(%gr: i32, %ntok: i32, %hk: i32, %group: i32, %b: i32) -> (i32, i32, i32) {
    %g = arith.divui %gr, %ntok : i32
    %t = arith.remui %gr, %ntok : i32
    %h0 = arith.muli %hk, %group : i32
    %hh = arith.addi %h0, %g : i32
    %bt = arith.muli %b, %ntok : i32
    %orow = arith.addi %bt, %t : i32
    return %t, %hh, %orow : i32, i32, i32
  }

  // Pair p (d = p, p + D/2) of q row gr of a CTA's group (gr = g ntok + t;
  // rows past `rows` are zeros) as f32, rotated by RoPE (NeoX pairs, angle
  // = position x theta^(-2 p / D), the position of token t being ctxm + t)
  // when rope != 0, rounded to the MMA type T: the q prologue of both
  // decode kernels.
  func.func private @q_pair(%pq: !cute.ptr<!TQ, gmem, align<16>>, %gr: i32, %rows: i32, %p: i32, %ntok: i32, %hk: i32, %group: i32, %b: i32, %ldq: i32, %rope: i32, %theta: f32, %ctxm: i32) -> (vector<1x!T>, vector<1x!T>) {
    %c0, %c2, %d = cute.constants 0, 2, D : i32
    %fzero = arith.constant 0.0 : f32
    %ropeOn = arith.cmpi ne, %rope, %c0 : i32
    %fd = arith.sitofp %d : i32 to f32
    %lgTheta = math.log2 %theta : f32
    %half = arith.divui %d, %c2 : i32
    %live = arith.cmpi ult, %gr, %rows : i32
    %grc = arith.select %live, %gr, %c0 : i32
    %t, %hh, %orow = func.call @row_of(%grc, %ntok, %hk, %group, %b) : (i32, i32, i32, i32, i32) -> (i32, i32, i32)
    %qrow = arith.muli %orow, %ldq : i32
    %qh = arith.muli %hh, %d : i32
    %qo = arith.addi %qrow, %qh : i32
    %qp = arith.addi %qo, %p : i32
    %ph = arith.addi %qp, %half : i32
    %pq1 = cute.add_offset(%pq, %qp)
    %pq2 = cute.add_offset(%pq, %ph)
    %sh1 = cute.static : !cute.shape<"(1)">
    %st1 = cute.static : !cute.stride<"(1)">
    %l1 = cute.make_layout(%sh1, %st1)
    %v1 = cute.make_view(%pq1, %l1)
    %v2 = cute.make_view(%pq2, %l1)
    %x1h = cute.load(%v1)
    %x2h = cute.load(%v2)
    %x1v = arith.extf %x1h : vector<1x!TQ> to vector<1xf32>
    %x2v = arith.extf %x2h : vector<1x!TQ> to vector<1xf32>
    %x1 = vector.extract %x1v[0] : f32 from vector<1xf32>
    %x2 = vector.extract %x2v[0] : f32 from vector<1xf32>
    %y1, %y2 = scf.if %ropeOn -> (f32, f32) {
      %pos = arith.addi %ctxm, %t : i32
      %fpos = arith.sitofp %pos : i32 to f32
      %fp = arith.sitofp %p : i32 to f32
      %fp2 = arith.addf %fp, %fp : f32
      %e0 = arith.divf %fp2, %fd : f32
      %e = arith.negf %e0 : f32
      %el = arith.mulf %e, %lgTheta : f32
      %inv = math.exp2 %el fastmath<afn> : f32
      %ang = arith.mulf %fpos, %inv : f32
      // ang - 2 pi k (Cody-Waite: k x 6.28125 is exact in f32 for the
      // k of any i32 position), then the hardware sin/cos on [-pi, pi].
      %inv2pi, %tpiHi, %tpiLo = cute.constants 0.159154943, 6.28125, 0.00193530717 : f32
      %kr0 = arith.mulf %ang, %inv2pi : f32
      %kr = math.roundeven %kr0 : f32
      %nk = arith.negf %kr : f32
      %red0 = math.fma %nk, %tpiHi, %ang : f32
      %red = math.fma %nk, %tpiLo, %red0 : f32
      %cs = math.cos %red fastmath<afn> : f32
      %sn = math.sin %red fastmath<afn> : f32
      %a1 = arith.mulf %x1, %cs : f32
      %a2 = arith.mulf %x2, %sn : f32
      %r1 = arith.subf %a1, %a2 : f32
      %b1 = arith.mulf %x2, %cs : f32
      %b2 = arith.mulf %x1, %sn : f32
      %r2 = arith.addf %b1, %b2 : f32
      scf.yield %r1, %r2 : f32, f32
    } else {
      scf.yield %x1, %x2 : f32, f32
    }
    %z1 = arith.select %live, %y1, %fzero : f32
    %z2 = arith.select %live, %y2, %fzero : f32
    %z1v = vector.broadcast %z1 : f32 to vector<1xf32>
    %z2v = vector.broadcast %z2 : f32 to vector<1xf32>
    %z1h = arith.truncf %z1v : vector<1xf32> to vector<1x!T>
    %z2h = arith.truncf %z2v : vector<1xf32> to vector<1x!T>
    return %z1h, %z2h : vector<1x!T>, vector<1x!T>
  }

  // Split s's keys of sequence b (context ctx, checked against its
  // block-table row with debug-checks): [ks0, kend), kn0 of them (0 for a
  // split past the context) and the last valid one, kend - 1.
  func.func private @split_keys(%b: i32, %ctx: i32, %maxPages: i32, %page: i32, %s: i32, %chunk: i32) -> (i32, i32, i32, i32) {
    %c0, %c1 = cute.constants 0, 1 : i32
    %rowKeys = arith.muli %maxPages, %page : i32
    %ctxOk = arith.cmpi ule, %ctx, %rowKeys : i32
    cute.check %ctxOk, "context longer than its block-table row (sequence, context, pages in the row, page size)" (%b, %ctx, %maxPages, %page : i32, i32, i32, i32)
    %ks0 = arith.muli %s, %chunk : i32
    %ks1 = arith.addi %ks0, %chunk : i32
    %kend = arith.minsi %ks1, %ctx : i32
    %kn = arith.subi %kend, %ks0 : i32
    %kn0 = arith.maxsi %kn, %c0 : i32
    %last = arith.subi %kend, %c1 : i32
    return %ks0, %kend, %kn0, %last : i32, i32, i32, i32
  }
}
