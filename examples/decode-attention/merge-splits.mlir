// The split-KV merge that the decode kernels share (kernel.mlir and
// kernel-sm100.mlir here, and
// examples/mla-decode/kernel.mlir import this file: cute.imports,
// docs/instances.md): the last split CTA of a group of rows merges the
// splits' normalized partial outputs and LSEs (no second kernel). D is the
// width of an output row (the decode head dim; MLA's 512), TQ its type.
!TQ = !cute.param<"TQ", bf16>
#D = #cute.param<"D", 128 : i32>
// The columns a lane merges at a time (16 bytes of f32 at MW = 4): lane
// `part` of a row takes columns MW part + 32 MW j, so that a warp reads
// 32 MW contiguous floats per load (with D/32 contiguous columns a lane,
// a warp's load of a 512-wide row touched 32 pieces 64 bytes apart, and
// the offsets' alignment was lost: scalar loads). MW divides D/32.
#MW = #cute.param<"MW", 4 : i32>
!cv = !cute.vec<"D/32", f32>
!ch = !cute.vec<"D/32", !TQ>

module attributes {cute.imports = ["decode-common.mlir"]} {
  // The split-KV merge of row R = (b ntok + t) hq + h, columns
  // MW part + 32 MW j (j < D/32/MW, MW each): every split's normalized O (f32 [splits, R,
  // D]) and LSE ([splits, R]) into O (the type T, row (b ntok + t) ldo +
  // h D) and the LSE: weights w_s = exp(lse_s - max), O = sum w_s O_s /
  // sum w_s, LSE = max + ln sum w_s; a row no split saw (every lse_s =
  // -inf) gets O = 0 and LSE = -inf. Eight splits per step, their loads
  // in flight together (a past-the-end split re-reads the last one, with
  // weight 0).
  func.func private @merge_splits(%pws: !cute.ptr<f32, gmem, align<16>>, %pwl: !cute.ptr<f32, gmem, align<4>>, %po: !cute.ptr<!TQ, gmem, align<16>>, %plse: !cute.ptr<f32, gmem, align<4>>, %rtot: i32, %hq: i32, %ldo: i32, %splits: i32, %row: i32, %part: i32) {
    %c0, %c1, %c8, %c32, %d = cute.constants 0, 1, 8, 32, D : i32
    %fzero, %fone = cute.constants 0.0, 1.0 : f32
    %ninf = arith.constant 0xFF800000 : f32
    %log2e = arith.constant 1.44269504 : f32
    %l1 = cute.static : !cute.layout<"(1):(1)">
    // The workspace as (MW, D/32/MW, lane, row) and o as (MW, D/32/MW,
    // lane, head, token row): static strides keep the slices' alignment
    // (16 bytes of f32 at MW = 4), so each lane's MW columns are one load.
    %nr = arith.muli %splits, %rtot : i32
    %shW = cute.make_shape(%nr) -> !cute.shape<"(MW,D/32/MW,32,?)">
    %stW = cute.static : !cute.stride<"(1,32*MW,MW,D)">
    %lW = cute.make_layout(%shW, %stW)
    %gw = cute.make_view(%pws, %lW)
    %ntr = arith.divui %rtot, %hq : i32
    %shO = cute.make_shape(%hq, %ntr) -> !cute.shape<"(MW,D/32/MW,32,?,?)">
    %stO = cute.make_stride(%ldo) -> !cute.stride<"(1,32*MW,MW,D,?{div=8})">
    %lO = cute.make_layout(%shO, %stO)
    %go = cute.make_view(%po, %lO)
    %lastS = arith.subi %splits, %c1 : i32
    %mx = scf.for %s0 = %c0 to %splits step %c8 iter_args(%mm = %ninf) -> (f32) : i32 {
      %m8 = scf.for %u = %c0 to %c8 step %c1 iter_args(%m1 = %mm) -> (f32) : i32 {
        %sp = arith.addi %s0, %u : i32
        %spc = arith.minui %sp, %lastS : i32
        %i0 = arith.muli %spc, %rtot : i32
        %i = arith.addi %i0, %row : i32
        %xs = func.call @load_f32(%pwl, %i) : (!cute.ptr<f32, gmem, align<4>>, i32) -> f32
        %m2 = arith.maximumf %m1, %xs : f32
        scf.yield %m2 : f32
      } {cute.unroll}
      scf.yield %m8 : f32
    }
    %dead = arith.cmpf oeq, %mx, %ninf : f32
    %mref = arith.select %dead, %fzero, %mx : f32
    %zc = vector.broadcast %fzero : f32 to !cv
    %acc:2 = scf.for %s0 = %c0 to %splits step %c8 iter_args(%ls = %fzero, %oa = %zc) -> (f32, !cv) : i32 {
      %r8:2 = scf.for %u = %c0 to %c8 step %c1 iter_args(%ls1 = %ls, %oa1 = %oa) -> (f32, !cv) : i32 {
        %sp = arith.addi %s0, %u : i32
        %valid = arith.cmpi ult, %sp, %splits : i32
        %spc = arith.minui %sp, %lastS : i32
        %i0 = arith.muli %spc, %rtot : i32
        %i = arith.addi %i0, %row : i32
        %xs = func.call @load_f32(%pwl, %i) : (!cute.ptr<f32, gmem, align<4>>, i32) -> f32
        %dx = arith.subf %xs, %mref : f32
        %dx2 = arith.mulf %dx, %log2e : f32
        %e0 = math.exp2 %dx2 fastmath<afn> : f32
        %e = arith.select %valid, %e0, %fzero : f32
        %ls2 = arith.addf %ls1, %e : f32
        %wc = cute.make_coord(%part, %i) -> !cute.coord<"(_,_,?,?)">
        %vw = cute.tensor_slice(%gw, %wc)
        %ov = cute.load(%vw)
        %eb = vector.broadcast %e : f32 to !cv
        %oa2 = math.fma %ov, %eb, %oa1 : !cv
        scf.yield %ls2, %oa2 : f32, !cv
      } {cute.unroll}
      scf.yield %r8#0, %r8#1 : f32, !cv
    }
    %lpos = arith.cmpf ogt, %acc#0, %fzero : f32
    %linv0 = arith.divf %fone, %acc#0 : f32
    %linv = arith.select %lpos, %linv0, %fzero : f32
    %lib = vector.broadcast %linv : f32 to !cv
    %on = arith.mulf %acc#1, %lib : !cv
    %oh = arith.truncf %on : !cv to !ch
    %orow = arith.divui %row, %hq : i32
    %hh = arith.remui %row, %hq : i32
    %oc = cute.make_coord(%part, %hh, %orow) -> !cute.coord<"(_,_,?,?,?)">
    %vout = cute.tensor_slice(%go, %oc)
    cute.store(%oh, %vout)
    %first = arith.cmpi eq, %part, %c0 : i32
    scf.if %first {
      %ll = math.log %acc#0 : f32
      %lse0 = arith.addf %mref, %ll : f32
      %lse = arith.select %lpos, %lse0, %ninf : f32
      %lsev = vector.broadcast %lse : f32 to vector<1xf32>
      %pl = cute.add_offset(%plse, %row)
      %vl = cute.make_view(%pl, %l1)
      cute.store(%lsev, %vl)
    }
    return
  }

  // Split-KV: the last of a (sequence b, kv head, row chunk bx)'s split
  // CTAs (128 threads, thread tid) to arrive on its counter merges the
  // splits' rows row0 .. (rpc rows a chunk) (no second kernel): 32 threads
  // a row (@merge_splits; @row_of: decode-common.mlir, which its importers import too).
  func.func private @merge_chunk(%pws: !cute.ptr<f32, gmem, align<16>>, %pwl: !cute.ptr<f32, gmem, align<4>>, %po: !cute.ptr<!TQ, gmem, align<16>>, %plse: !cute.ptr<f32, gmem, align<4>>, %pflags: !cute.ptr<i32, gmem, align<4>>, %batch: i32, %ntok: i32, %hq: i32, %hkv: i32, %ldo: i32, %splits: i32, %rows: i32, %row0: i32, %rpc: i32, %hk: i32, %group: i32, %b: i32, %bx: i32, %tid: i32) {
    %c0, %c1, %c32, %c128 = cute.constants 0, 1, 32, 128 : i32
    %many = arith.cmpi ugt, %splits, %c1 : i32
    scf.if %many {
      %rch = arith.ceildivui %rows, %rpc : i32
      %nbx = arith.muli %hkv, %rch : i32
      %cta0 = arith.muli %b, %nbx : i32
      %cta = arith.addi %cta0, %bx : i32
      %t0 = arith.cmpi eq, %tid, %c0 : i32
      %lastA = cute_nvgpu.counter_arrive %pflags[%cta] expected %splits
          leader %t0 barrier id = 1, threads = 128 : !cute.ptr<i32, gmem, align<4>>
      scf.if %lastA {
        %left = arith.subi %rows, %row0 : i32
        %nr = arith.minui %left, %rpc : i32
        %units = arith.muli %nr, %c32 : i32
        %rtot0 = arith.muli %batch, %ntok : i32
        %rtot = arith.muli %rtot0, %hq : i32
        scf.for %u = %tid to %units step %c128 : i32 {
          %ur = arith.divui %u, %c32 : i32
          %part = arith.remui %u, %c32 : i32
          %gru = arith.addi %row0, %ur : i32
          %tu, %hu, %ou = func.call @row_of(%gru, %ntok, %hk, %group, %b) : (i32, i32, i32, i32, i32) -> (i32, i32, i32)
          %lr0 = arith.muli %ou, %hq : i32
          %lr = arith.addi %lr0, %hu : i32
          func.call @merge_splits(%pws, %pwl, %po, %plse, %rtot, %hq, %ldo, %splits, %lr, %part) : (!cute.ptr<f32, gmem, align<16>>, !cute.ptr<f32, gmem, align<4>>, !cute.ptr<!TQ, gmem, align<16>>, !cute.ptr<f32, gmem, align<4>>, i32, i32, i32, i32, i32, i32) -> ()
        }
      }
    }
    return
  }
}
