// The per-head work of the KV append (issue 25, kernel 2), shared by
// append.mlir (a kernel of its own: a warp per token and head of a QKV
// projection in global memory) and examples/gemm-sm90's QKV epilogue (the
// same work on the GEMM's tile in shared memory): QK-norm, RoPE, the q
// output and the k/v cache scatter, as a fixed order of IEEE f32
// operations, so both match a CPU reference (and each other) bit for bit.
// A warp holds one head of one token; lane l holds E = D/64 values from
// E l (x1) and from D/2 + E l (x2). Imports decode-common.mlir's
// @load_i32 and @load_f32 (the importer lists both files).
!KV = !cute.param<"KV", bf16>
#D = #cute.param<"D", 128 : i32>

!vE = !cute.vec<"D/64", f32>
!vEh = !cute.vec<"D/64", bf16>
!vEk = !cute.vec<"D/64", !KV>

module {
  // E contiguous bf16 values at p + off, as f32.
  func.func private @load_e(%p: !cute.ptr<bf16, gmem, align<2>>, %off: i32) -> !vE {
    %pp = cute.add_offset(%p, %off)
    %l = cute.static : !cute.layout<"(D/64):(1)">
    %v = cute.make_view(%pp, %l)
    %x = cute.load(%v)
    %f = arith.extf %x : !vEh to !vE
    return %f : !vE
  }

  // E contiguous f32 values at p + off.
  func.func private @load_ef(%p: !cute.ptr<f32, gmem, align<4>>, %off: i32) -> !vE {
    %pp = cute.add_offset(%p, %off)
    %l = cute.static : !cute.layout<"(D/64):(1)">
    %v = cute.make_view(%pp, %l)
    %x = cute.load(%v)
    return %x : !vE
  }

  // Rounds to bf16 and back.
  func.func private @bf16_round(%x: !vE) -> !vE {
    %h = arith.truncf %x : !vE to !vEh
    %f = arith.extf %h : !vEh to !vE
    return %f : !vE
  }

  // The sum of a lane's values' squares, in order.
  func.func private @lane_squares(%x: !vE, %acc0: f32) -> f32 {
    %c0, %c1 = cute.constants 0, 1 : i32
    %e = cute.constants D : i32
    %c64 = arith.constant 64 : i32
    %n = arith.divui %e, %c64 : i32
    %sq = arith.mulf %x, %x : !vE
    %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %acc0) -> (f32) : i32 {
      %ii = arith.index_cast %i : i32 to index
      %v = vector.extract %sq[%ii] : f32 from !vE
      %a = arith.addf %acc, %v : f32
      scf.yield %a : f32
    } {cute.unroll}
    return %s : f32
  }

  // Qwen3's RMSNorm of one head spread over a warp (x1, x2 and the
  // weights w1, w2 of this lane), in the fixed order above.
  func.func private @head_rmsnorm(%x1: !vE, %x2: !vE, %w1: !vE, %w2: !vE, %eps: f32) -> (!vE, !vE) {
    %c1, %c2, %c4, %c8, %c16, %c32 = cute.constants 1, 2, 4, 8, 16, 32 : i32
    %fzero, %fone = cute.constants 0.0, 1.0 : f32
    %d = cute.constants D : i32
    %s1 = func.call @lane_squares(%x1, %fzero) : (!vE, f32) -> f32
    %s = func.call @lane_squares(%x2, %s1) : (!vE, f32) -> f32
    %t16, %o16 = gpu.shuffle xor %s, %c16, %c32 : f32
    %a16 = arith.addf %s, %t16 : f32
    %t8, %o8 = gpu.shuffle xor %a16, %c8, %c32 : f32
    %a8 = arith.addf %a16, %t8 : f32
    %t4, %o4 = gpu.shuffle xor %a8, %c4, %c32 : f32
    %a4 = arith.addf %a8, %t4 : f32
    %t2, %o2 = gpu.shuffle xor %a4, %c2, %c32 : f32
    %a2 = arith.addf %a4, %t2 : f32
    %t1, %o1 = gpu.shuffle xor %a2, %c1, %c32 : f32
    %ss = arith.addf %a2, %t1 : f32
    %fd = arith.sitofp %d : i32 to f32
    %mean = arith.divf %ss, %fd : f32
    %me = arith.addf %mean, %eps : f32
    %rt = math.sqrt %me : f32
    %rstd = arith.divf %fone, %rt : f32
    %rb = vector.broadcast %rstd : f32 to !vE
    %n1 = arith.mulf %x1, %rb : !vE
    %n2 = arith.mulf %x2, %rb : !vE
    %r1 = func.call @bf16_round(%n1) : (!vE) -> !vE
    %r2 = func.call @bf16_round(%n2) : (!vE) -> !vE
    %y1 = arith.mulf %r1, %w1 : !vE
    %y2 = arith.mulf %r2, %w2 : !vE
    %z1 = func.call @bf16_round(%y1) : (!vE) -> !vE
    %z2 = func.call @bf16_round(%y2) : (!vE) -> !vE
    return %z1, %z2 : !vE, !vE
  }

  // k or v (x1, x2) of kv head kh into slot `slot` of a cache, divided by
  // the head's scale and rounded to KV.
  func.func private @store_kv(%pc: !cute.ptr<!KV, gmem, align<2>>, %ps: !cute.ptr<f32, gmem, align<4>>, %slot: i32, %ldkv: i32, %kh: i32, %el: i32, %x1: !vE, %x2: !vE) {
    %d = cute.constants D : i32
    %c2 = arith.constant 2 : i32
    %half = arith.divui %d, %c2 : i32
    %sc = func.call @load_f32(%ps, %kh) : (!cute.ptr<f32, gmem, align<4>>, i32) -> f32
    %scb = vector.broadcast %sc : f32 to !vE
    %q1 = arith.divf %x1, %scb : !vE
    %q2 = arith.divf %x2, %scb : !vE
    %k1 = arith.truncf %q1 : !vE to !vEk
    %k2 = arith.truncf %q2 : !vE to !vEk
    %row = arith.muli %slot, %ldkv : i32
    %hd = arith.muli %kh, %d : i32
    %o0 = arith.addi %row, %hd : i32
    %o1 = arith.addi %o0, %el : i32
    %o2 = arith.addi %o1, %half : i32
    %l = cute.static : !cute.layout<"(D/64):(1)">
    %p1 = cute.add_offset(%pc, %o1)
    %p2 = cute.add_offset(%pc, %o2)
    %v1 = cute.make_view(%p1, %l)
    %v2 = cute.make_view(%p2, %l)
    cute.store(%k1, %v1)
    cute.store(%k2, %v2)
    return
  }

  // Head h of token tok, its final values (r1, r2: this lane's): a q head
  // to q_out [tokens, hq, D] (ldq), the layout the decode kernel reads; a
  // k or v head to slot `slot` of its cache ([slots, hkv, D], ldkv), bf16
  // or e4m3 (value / the kv head's scale, rounded to nearest even and
  // saturated). A negative slot writes nothing; so does one past the
  // cache's `slots` rows, which with debug-checks traps, naming the token,
  // the slot and the bound.
  func.func private @store_head(%r1: !vE, %r2: !vE, %slot: i32, %tok: i32, %h: i32, %el: i32, %pq: !cute.ptr<bf16, gmem, align<16>>, %pk: !cute.ptr<!KV, gmem, align<2>>, %pv: !cute.ptr<!KV, gmem, align<2>>, %pks: !cute.ptr<f32, gmem, align<4>>, %pvs: !cute.ptr<f32, gmem, align<4>>, %hq: i32, %hkv: i32, %ldq: i32, %ldkv: i32, %slots: i32) {
    %c0, %c2, %d = cute.constants 0, 2, D : i32
    %half = arith.divui %d, %c2 : i32
    %hqk = arith.addi %hq, %hkv : i32
    %isQ = arith.cmpi ult, %h, %hq : i32
    %isV = arith.cmpi uge, %h, %hqk : i32
    %hd = arith.muli %h, %d : i32
    scf.if %isQ {
      %dst0 = arith.muli %tok, %ldq : i32
      %dst1 = arith.addi %dst0, %hd : i32
      %dst = arith.addi %dst1, %el : i32
      %dsth = arith.addi %dst, %half : i32
      %l = cute.static : !cute.layout<"(D/64):(1)">
      %p1 = cute.add_offset(%pq, %dst)
      %p2 = cute.add_offset(%pq, %dsth)
      %v1 = cute.make_view(%p1, %l)
      %v2 = cute.make_view(%p2, %l)
      %h1 = arith.truncf %r1 : !vE to !vEh
      %h2 = arith.truncf %r2 : !vE to !vEh
      cute.store(%h1, %v1)
      cute.store(%h2, %v2)
    } else {
      %has0 = arith.cmpi sge, %slot, %c0 : i32
      %inCache = arith.cmpi slt, %slot, %slots : i32
      %okSlot = arith.cmpi ult, %slot, %slots : i32
      %neg = arith.cmpi slt, %slot, %c0 : i32
      %valid = arith.ori %neg, %okSlot : i1
      cute.check %valid, "slot mapping entry outside the cache (token, slot, slots)" (%tok, %slot, %slots : i32, i32, i32)
      %has = arith.andi %has0, %inCache : i1
      scf.if %has {
        scf.if %isV {
          %kh = arith.subi %h, %hqk : i32
          func.call @store_kv(%pv, %pvs, %slot, %ldkv, %kh, %el, %r1, %r2) : (!cute.ptr<!KV, gmem, align<2>>, !cute.ptr<f32, gmem, align<4>>, i32, i32, i32, i32, !vE, !vE) -> ()
        } else {
          %kh = arith.subi %h, %hq : i32
          func.call @store_kv(%pk, %pks, %slot, %ldkv, %kh, %el, %r1, %r2) : (!cute.ptr<!KV, gmem, align<2>>, !cute.ptr<f32, gmem, align<4>>, i32, i32, i32, i32, !vE, !vE) -> ()
        }
      }
    }
    return
  }

  // This warp's item of a (tokens x heads) grid of warps, 4 a CTA (heads
  // counted from h0): whether it exists, its token and head, this lane's
  // offset el (E lane) and the offsets of its two halves in a qkv row
  // layout (ldqkv apart, heads of D).
  func.func private @warp_item(%tokens: i32, %heads: i32, %h0: i32, %ldqkv: i32) -> (i1, i32, i32, i32, i32, i32) {
    %c2, %c4, %c32, %c64, %d = cute.constants 2, 4, 32, 64, D : i32
    %tid = cute.thread_idx x
    %bx = cute.block_idx x
    %w = arith.divui %tid, %c32 : i32
    %lane = arith.remui %tid, %c32 : i32
    %e = arith.divui %d, %c64 : i32
    %el = arith.muli %lane, %e : i32
    %half = arith.divui %d, %c2 : i32
    %items = arith.muli %tokens, %heads : i32
    %b4 = arith.muli %bx, %c4 : i32
    %item = arith.addi %b4, %w : i32
    %live = arith.cmpi ult, %item, %items : i32
    %tok = arith.divui %item, %heads : i32
    %hr = arith.remui %item, %heads : i32
    %h = arith.addi %h0, %hr : i32
    %src0 = arith.muli %tok, %ldqkv : i32
    %hd = arith.muli %h, %d : i32
    %src1 = arith.addi %src0, %hd : i32
    %src = arith.addi %src1, %el : i32
    %srch = arith.addi %src, %half : i32
    return %live, %tok, %h, %el, %src, %srch : i1, i32, i32, i32, i32, i32
  }

  // Token tok's inputs of this lane: the cos and sin of its position's
  // angles (pairs E lane ..), and its cache slot.
  func.func private @append_inputs(%tok: i32, %el: i32, %pcs: !cute.ptr<f32, gmem, align<4>>, %ppos: !cute.ptr<i32, gmem, align<4>>, %pslot: !cute.ptr<i32, gmem, align<4>>) -> (!vE, !vE, i32) {
    %c2, %d = cute.constants 2, D : i32
    %half = arith.divui %d, %c2 : i32
    %pos = func.call @load_i32(%ppos, %tok) : (!cute.ptr<i32, gmem, align<4>>, i32) -> i32
    %crow = arith.muli %pos, %d : i32
    %co = arith.addi %crow, %el : i32
    %so = arith.addi %co, %half : i32
    %cs = func.call @load_ef(%pcs, %co) : (!cute.ptr<f32, gmem, align<4>>, i32) -> !vE
    %sn = func.call @load_ef(%pcs, %so) : (!cute.ptr<f32, gmem, align<4>>, i32) -> !vE
    %slot = func.call @load_i32(%pslot, %tok) : (!cute.ptr<i32, gmem, align<4>>, i32) -> i32
    return %cs, %sn, %slot : !vE, !vE, i32
  }

  // The rest of @append_head, given @append_inputs' values.
  func.func private @append_finish(%x1: !vE, %x2: !vE, %cs: !vE, %sn: !vE, %slot: i32, %tok: i32, %h: i32, %el: i32, %pqw: !cute.ptr<bf16, gmem, align<2>>, %pkw: !cute.ptr<bf16, gmem, align<2>>, %pq: !cute.ptr<bf16, gmem, align<16>>, %pk: !cute.ptr<!KV, gmem, align<2>>, %pv: !cute.ptr<!KV, gmem, align<2>>, %pks: !cute.ptr<f32, gmem, align<4>>, %pvs: !cute.ptr<f32, gmem, align<4>>, %hq: i32, %hkv: i32, %ldq: i32, %ldkv: i32, %slots: i32, %eps: f32) {
    %c2, %d = cute.constants 2, D : i32
    %half = arith.divui %d, %c2 : i32
    %hqk = arith.addi %hq, %hkv : i32
    %isQ = arith.cmpi ult, %h, %hq : i32
    %isV = arith.cmpi uge, %h, %hqk : i32
    %true = arith.constant true
    %notV = arith.xori %isV, %true : i1
    %r1, %r2 = scf.if %notV -> (!vE, !vE) {
      // QK-norm with q's or k's weight, then RoPE at the token's position.
      %elh = arith.addi %el, %half : i32
      %wq1 = func.call @load_e(%pqw, %el) : (!cute.ptr<bf16, gmem, align<2>>, i32) -> !vE
      %wq2 = func.call @load_e(%pqw, %elh) : (!cute.ptr<bf16, gmem, align<2>>, i32) -> !vE
      %wk1 = func.call @load_e(%pkw, %el) : (!cute.ptr<bf16, gmem, align<2>>, i32) -> !vE
      %wk2 = func.call @load_e(%pkw, %elh) : (!cute.ptr<bf16, gmem, align<2>>, i32) -> !vE
      %w1 = arith.select %isQ, %wq1, %wk1 : !vE
      %w2 = arith.select %isQ, %wq2, %wk2 : !vE
      %y1, %y2 = func.call @head_rmsnorm(%x1, %x2, %w1, %w2, %eps) : (!vE, !vE, !vE, !vE, f32) -> (!vE, !vE)
      %b1 = arith.mulf %y2, %sn : !vE
      %nb1 = arith.negf %b1 : !vE
      %o1 = math.fma %y1, %cs, %nb1 : !vE
      %b2 = arith.mulf %y1, %sn : !vE
      %o2 = math.fma %y2, %cs, %b2 : !vE
      %q1 = func.call @bf16_round(%o1) : (!vE) -> !vE
      %q2 = func.call @bf16_round(%o2) : (!vE) -> !vE
      scf.yield %q1, %q2 : !vE, !vE
    } else {
      scf.yield %x1, %x2 : !vE, !vE
    }
    func.call @store_head(%r1, %r2, %slot, %tok, %h, %el, %pq, %pk, %pv, %pks, %pvs, %hq, %hkv, %ldq, %ldkv, %slots) : (!vE, !vE, i32, i32, i32, i32, !cute.ptr<bf16, gmem, align<16>>, !cute.ptr<!KV, gmem, align<2>>, !cute.ptr<!KV, gmem, align<2>>, !cute.ptr<f32, gmem, align<4>>, !cute.ptr<f32, gmem, align<4>>, i32, i32, i32, i32, i32) -> ()
    return
  }

  // Head h of token tok (x1, x2: this lane's values of the QKV projection,
  // bf16 values as f32), of hq q heads, then hkv k heads, then hkv v heads:
  //   - q and k heads: QK-norm (Qwen3's per-head RMSNorm: f32 sum of
  //     squares, x / sqrt(mean + eps) rounded to bf16, times the bf16 weight,
  //     rounded again), then RoPE (NeoX pairs d, d + D/2) with the angle's
  //     cos and sin from cos_sin [positions, D] (f32; cos of pair p at p, its
  //     sin at D/2 + p, vLLM's cos_sin_cache) at positions[tok], rounded to
  //     bf16;
  //   - q goes to q_out [tokens, hq, D] (ldq), the layout the decode kernel
  //     reads; k and v to slot slot_mapping[tok] of the caches ([slots, hkv,
  //     D], ldkv), bf16 or e4m3 (value / the kv head's scale, rounded to
  //     nearest even and saturated); a negative slot writes nothing, nor
  //     does one past the cache's `slots` rows (debug-checks: a trap).
  func.func private @append_head(%x1: !vE, %x2: !vE, %tok: i32, %h: i32, %el: i32, %pqw: !cute.ptr<bf16, gmem, align<2>>, %pkw: !cute.ptr<bf16, gmem, align<2>>, %pcs: !cute.ptr<f32, gmem, align<4>>, %ppos: !cute.ptr<i32, gmem, align<4>>, %pslot: !cute.ptr<i32, gmem, align<4>>, %pq: !cute.ptr<bf16, gmem, align<16>>, %pk: !cute.ptr<!KV, gmem, align<2>>, %pv: !cute.ptr<!KV, gmem, align<2>>, %pks: !cute.ptr<f32, gmem, align<4>>, %pvs: !cute.ptr<f32, gmem, align<4>>, %hq: i32, %hkv: i32, %ldq: i32, %ldkv: i32, %slots: i32, %eps: f32) {
    %cs, %sn, %slot = func.call @append_inputs(%tok, %el, %pcs, %ppos, %pslot) : (i32, i32, !cute.ptr<f32, gmem, align<4>>, !cute.ptr<i32, gmem, align<4>>, !cute.ptr<i32, gmem, align<4>>) -> (!vE, !vE, i32)
    func.call @append_finish(%x1, %x2, %cs, %sn, %slot, %tok, %h, %el, %pqw, %pkw, %pq, %pk, %pv, %pks, %pvs, %hq, %hkv, %ldq, %ldkv, %slots, %eps) : (!vE, !vE, !vE, !vE, i32, i32, i32, i32, !cute.ptr<bf16, gmem, align<2>>, !cute.ptr<bf16, gmem, align<2>>, !cute.ptr<bf16, gmem, align<16>>, !cute.ptr<!KV, gmem, align<2>>, !cute.ptr<!KV, gmem, align<2>>, !cute.ptr<f32, gmem, align<4>>, !cute.ptr<f32, gmem, align<4>>, i32, i32, i32, i32, i32, f32) -> ()
    return
  }
}
