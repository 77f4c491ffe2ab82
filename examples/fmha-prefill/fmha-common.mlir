// Helpers the attention kernels share (kernel-sm90.mlir, kernel-sm100.mlir
// and kernel-sm120.mlir import this file: cute.imports, docs/instances.md).
// They take tile sizes as arguments, which are constants at every call, so
// after inlining they fold as if written in place.
module {
  // Rows [s, e) of sequence b in cu (cu[b] and cu[b + 1]).
  func.func private @seq_bounds(%cu: !cute.ptr<i32, gmem, align<4>>, %batch: i32, %b: i32) -> (i32, i32) {
    %c1 = arith.constant 1 : i32
    %n = arith.addi %batch, %c1 : i32
    %sh = cute.make_shape(%n) -> !cute.shape<"(?)">
    %st = cute.static : !cute.stride<"(1)">
    %l = cute.make_layout(%sh, %st)
    %v = cute.make_view(%cu, %l)
    %cs = cute.make_coord(%b) -> !cute.coord<"(?)">
    %b1 = arith.addi %b, %c1 : i32
    %ce = cute.make_coord(%b1) -> !cute.coord<"(?)">
    %es = cute.tensor_slice(%v, %cs)
    %ee = cute.tensor_slice(%v, %ce)
    %sv = cute.load(%es)
    %ev = cute.load(%ee)
    %s = vector.extract %sv[0] : i32 from vector<1xi32>
    %e = vector.extract %ev[0] : i32 from vector<1xi32>
    return %s, %e : i32, i32
  }

  // Sequence b's first q and k rows and its q and k lengths.
  func.func private @seq_rows(%pcuq: !cute.ptr<i32, gmem, align<4>>, %pcuk: !cute.ptr<i32, gmem, align<4>>, %batch: i32, %b: i32) -> (i32, i32, i32, i32) {
    %q0, %q1 = func.call @seq_bounds(%pcuq, %batch, %b) : (!cute.ptr<i32, gmem, align<4>>, i32, i32) -> (i32, i32)
    %k0, %k1 = func.call @seq_bounds(%pcuk, %batch, %b) : (!cute.ptr<i32, gmem, align<4>>, i32, i32) -> (i32, i32)
    %seqq = arith.subi %q1, %q0 : i32
    %seqk = arith.subi %k1, %k0 : i32
    return %q0, %k0, %seqq, %seqk : i32, i32, i32, i32
  }

  // The kv tiles [0, n) of bn columns that rows [r0, r0 + rows) of a
  // seq_q x seq_k problem see: all ceil(seq_k / bn), or with the causal
  // mask (aligned to the bottom right) those up to column
  // r_last + seq_k - seq_q (none when that is negative).
  func.func private @kv_tiles(%r0: i32, %rows: i32, %bn: i32, %seqq: i32, %seqk: i32, %causal: i1) -> i32 {
    %c0, %c1 = cute.constants 0, 1 : i32
    %all = arith.ceildivsi %seqk, %bn : i32
    %span = arith.subi %rows, %c1 : i32
    %rl = arith.addi %r0, %span : i32
    %last = arith.subi %seqq, %c1 : i32
    %rlast = arith.minsi %rl, %last : i32
    %diag = arith.subi %seqk, %seqq : i32
    %cmax = arith.addi %rlast, %diag : i32
    %cm1 = arith.addi %cmax, %c1 : i32
    %seen = arith.ceildivsi %cm1, %bn : i32
    %seen0 = arith.maxsi %seen, %c0 : i32
    %lim = arith.minsi %seen0, %all : i32
    %n = arith.select %causal, %lim, %all : i32
    return %n : i32
  }

  // Whether kv columns [c0, c0 + bn) need a mask for rows from r on: some
  // lie past seq_k or, causal, past row r's diagonal (r + seq_k - seq_q).
  func.func private @needs_mask(%c0: i32, %bn: i32, %r: i32, %seqq: i32, %seqk: i32, %causal: i1) -> i1 {
    %c1 = arith.constant 1 : i32
    %diag = arith.subi %seqk, %seqq : i32
    %cend = arith.addi %c0, %bn : i32
    %ragged = arith.cmpi sgt, %cend, %seqk : i32
    %lastc = arith.subi %cend, %c1 : i32
    %dmin = arith.addi %r, %diag : i32
    %cut = arith.cmpi sgt, %lastc, %dmin : i32
    %cutc = arith.andi %cut, %causal : i1
    %need = arith.ori %ragged, %cutc : i1
    return %need : i1
  }

  // The online softmax's row statistics, a thread's two rows (mma.sync
  // and wgmma accumulators): from the running maximum m and a tile's
  // maximum, the new maximum, the offset its exp2 subtract (scaled; 0 for
  // a row masked so far, m = -inf, so its exp2 give 0, not NaN) and alpha,
  // the factor that rescales the previous sum and O.
  func.func private @online_max(%m: vector<2xf32>, %tmax: vector<2xf32>, %scale2: f32) -> (vector<2xf32>, vector<2xf32>, vector<2xf32>) {
    %fzero = arith.constant 0.0 : f32
    %ninf = arith.constant 0xFF800000 : f32
    %sc22 = vector.broadcast %scale2 : f32 to vector<2xf32>
    %ninf2 = vector.broadcast %ninf : f32 to vector<2xf32>
    %zero2 = vector.broadcast %fzero : f32 to vector<2xf32>
    %mnew = arith.maximumf %m, %tmax : vector<2xf32>
    %dead = arith.cmpf oeq, %mnew, %ninf2 : vector<2xf32>
    %msc = arith.mulf %mnew, %sc22 : vector<2xf32>
    %moff = arith.select %dead, %zero2, %msc : vector<2xi1>, vector<2xf32>
    %deadOld = arith.cmpf oeq, %m, %ninf2 : vector<2xf32>
    %mosc = arith.mulf %m, %sc22 : vector<2xf32>
    %mooff = arith.select %deadOld, %ninf2, %mosc : vector<2xi1>, vector<2xf32>
    %ad = arith.subf %mooff, %moff : vector<2xf32>
    %alpha = math.exp2 %ad fastmath<afn> : vector<2xf32>
    return %mnew, %moff, %alpha : vector<2xf32>, vector<2xf32>, vector<2xf32>
  }

  // The epilogue's row factors (two rows a thread): whether a row saw any
  // column (l > 0) and 1 / l (0 for a row that saw nothing).
  func.func private @row_inv(%l: vector<2xf32>) -> (vector<2xi1>, vector<2xf32>) {
    %fzero, %fone = cute.constants 0.0, 1.0 : f32
    %zero2 = vector.broadcast %fzero : f32 to vector<2xf32>
    %one2 = vector.broadcast %fone : f32 to vector<2xf32>
    %lpos = arith.cmpf ogt, %l, %zero2 : vector<2xf32>
    %linv = arith.divf %one2, %l : vector<2xf32>
    %rinv = arith.select %lpos, %linv, %zero2 : vector<2xi1>, vector<2xf32>
    return %lpos, %rinv : vector<2xi1>, vector<2xf32>
  }

  // The rows' LSE, (m scale log2(e) + log2 l) ln 2 (-inf where lpos is
  // false: a row that saw nothing).
  func.func private @row_lse(%m: vector<2xf32>, %l: vector<2xf32>, %lpos: vector<2xi1>, %scale: f32) -> vector<2xf32> {
    %log2e, %ln2 = cute.constants 1.44269504, 0.693147182 : f32
    %ninf = arith.constant 0xFF800000 : f32
    %scale2 = arith.mulf %scale, %log2e : f32
    %sc22 = vector.broadcast %scale2 : f32 to vector<2xf32>
    %lm = arith.mulf %m, %sc22 : vector<2xf32>
    %l2 = math.log2 %l : vector<2xf32>
    %ls2 = arith.addf %lm, %l2 : vector<2xf32>
    %ln2v = vector.broadcast %ln2 : f32 to vector<2xf32>
    %lse0 = arith.mulf %ls2, %ln2v : vector<2xf32>
    %ninfl = vector.broadcast %ninf : f32 to vector<2xf32>
    %lse = arith.select %lpos, %lse0, %ninfl : vector<2xi1>, vector<2xf32>
    return %lse : vector<2xf32>
  }
}
