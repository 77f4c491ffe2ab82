// The QKV epilogue of examples/gemm-sm90/kernel.mlir (QKV instances;
// imported: cute.imports, docs/instances.md): the projection of a Qwen3
// attention layer, qkv = x W^T with W's rows the hq q heads, then the hkv k
// heads, then the hkv v heads of D = 128 rows each, fused with the KV-cache
// append. Each tile holds one head (128 of W's rows) for 128 tokens (the
// 128 x 128 tiles) or 64 (swap-AB: the kernel computes qkv^T, its 128-row
// tile being the head). The tile's values, rounded to bf16 as a plain GEMM
// would store them, wait in shared memory (tokens x 128, row-major) and the
// 8 consumer warps take its tokens in turn, each running
// append-common.mlir's @append_head's work on one (token, head): QK-norm and RoPE
// for q and k heads, q to q_out (C), k and v to the paged caches. The same
// function as the unfused append kernel, so the fused result is bit for bit
// the unfused chain's (GEMM, then append.mlir).
!KV = !cute.param<"KV", bf16>
#D = #cute.param<"D", 128 : i32>
!vE = !cute.vec<"D/64", f32>
!TS = !cute.param<"TS", bf16>
#QM = #cute.param<"QM", 1 : i32>
#QN = #cute.param<"QN", 128 : i32>
#QR = #cute.param<"QR", 128 : i32>
#QC = #cute.param<"QC", 1 : i32>
#DIRECT = #cute.param<"DIRECT", false>
!vEs = !cute.vec<"D/64", !TS>
!sQr = !cute.memref<!TS, smem, align<128>, "(QM*QN/128,128):(128,1)">

module {
  // Tokens [tok0, tok0 + count) of head `head` (count <= QM*QN/128; tokens
  // >= m are past C's rows), consumer warp cw of 8, lane `lane`: rows cw,
  // cw + 8, ... in groups of 16 (a 128-token tile's rows of the warp: one
// group), each group's position, cos/sin and slot
  // loads issued together before its rows are finished (one row at a time
  // would wait for each row's position, then its cos/sin, in turn).
  func.func private @qkv_tile(%sQ: !sQr, %tok0: i32, %count: i32, %m: i32, %head: i32, %cw: i32, %lane: i32, %pqw: !cute.ptr<bf16, gmem, align<2>>, %pkw: !cute.ptr<bf16, gmem, align<2>>, %pcs: !cute.ptr<f32, gmem, align<4>>, %ppos: !cute.ptr<i32, gmem, align<4>>, %pslot: !cute.ptr<i32, gmem, align<4>>, %pq: !cute.ptr<bf16, gmem, align<16>>, %pk: !cute.ptr<!KV, gmem, align<2>>, %pv: !cute.ptr<!KV, gmem, align<2>>, %pks: !cute.ptr<f32, gmem, align<4>>, %pvs: !cute.ptr<f32, gmem, align<4>>, %hq: i32, %hkv: i32, %ldq: i32, %ldkv: i32, %slots: i32, %eps: f32) {
    %c0, %c1, %c2, %c8, %c16, %c64, %c128, %d = cute.constants 0, 1, 2, 8, 16, 64, 128, D : i32
    %e = arith.divui %d, %c64 : i32
    %el = arith.muli %lane, %e : i32
    %half = arith.divui %d, %c2 : i32
    %elh = arith.addi %el, %half : i32
    %left = arith.subi %m, %tok0 : i32
    %n = arith.minsi %count, %left : i32
    %nl = arith.subi %n, %c1 : i32
    %csF = cute.make_fragment() : !cute.memref<f32, rmem, align<16>, "(D/64,16):(1,D/64)">
    %snF = cute.make_fragment() : !cute.memref<f32, rmem, align<16>, "(D/64,16):(1,D/64)">
    %slF = cute.make_fragment() : !cute.memref<i32, rmem, align<16>, "(16):(1)">
    scf.for %g0 = %cw to %n step %c128 : i32 {
      scf.for %u = %c0 to %c16 step %c1 : i32 {
        %u8 = arith.muli %u, %c8 : i32
        %r = arith.addi %g0, %u8 : i32
        %rc = arith.minsi %r, %nl : i32
        %tok = arith.addi %tok0, %rc : i32
        %cs, %sn, %slot = func.call @append_inputs(%tok, %el, %pcs, %ppos, %pslot) : (i32, i32, !cute.ptr<f32, gmem, align<4>>, !cute.ptr<i32, gmem, align<4>>, !cute.ptr<i32, gmem, align<4>>) -> (!vE, !vE, i32)
        %cu = cute.make_coord(%u) -> !cute.coord<"(_,?)">
        %csU = cute.tensor_slice(%csF, %cu)
        %snU = cute.tensor_slice(%snF, %cu)
        cute.store(%cs, %csU)
        cute.store(%sn, %snU)
        %su = cute.make_coord(%u) -> !cute.coord<"(?)">
        %slU = cute.tensor_slice(%slF, %su)
        %slv = vector.broadcast %slot : i32 to vector<1xi32>
        cute.store(%slv, %slU)
      } {cute.unroll}
      scf.for %u = %c0 to %c16 step %c1 : i32 {
        %u8 = arith.muli %u, %c8 : i32
        %r = arith.addi %g0, %u8 : i32
        %live = arith.cmpi slt, %r, %n : i32
        scf.if %live {
          %c1a = cute.make_coord(%r, %el) -> !cute.coord<"(?,?)">
          %c2b = cute.make_coord(%r, %elh) -> !cute.coord<"(?,?)">
          %s1 = cute.tensor_slice(%sQ, %c1a)
          %s2 = cute.tensor_slice(%sQ, %c2b)
          %p1 = cute.get_iter(%s1)
          %p2 = cute.get_iter(%s2)
          %l = cute.static : !cute.layout<"(D/64):(1)">
          %v1 = cute.make_view(%p1, %l)
          %v2 = cute.make_view(%p2, %l)
          %h1 = cute.load(%v1)
          %h2 = cute.load(%v2)
          %x1 = arith.extf %h1 : !vEs to !vE
          %x2 = arith.extf %h2 : !vEs to !vE
          %cu = cute.make_coord(%u) -> !cute.coord<"(_,?)">
          %csU = cute.tensor_slice(%csF, %cu)
          %snU = cute.tensor_slice(%snF, %cu)
          %cs = cute.load(%csU)
          %sn = cute.load(%snU)
          %su = cute.make_coord(%u) -> !cute.coord<"(?)">
          %slU = cute.tensor_slice(%slF, %su)
          %slv = cute.load(%slU)
          %slot = vector.extract %slv[0] : i32 from vector<1xi32>
          %tok = arith.addi %tok0, %r : i32
          func.call @append_finish(%x1, %x2, %cs, %sn, %slot, %tok, %head, %el, %pqw, %pkw, %pq, %pk, %pv, %pks, %pvs, %hq, %hkv, %ldq, %ldkv, %slots, %eps) : (!vE, !vE, !vE, !vE, i32, i32, i32, i32, !cute.ptr<bf16, gmem, align<2>>, !cute.ptr<bf16, gmem, align<2>>, !cute.ptr<bf16, gmem, align<16>>, !cute.ptr<!KV, gmem, align<2>>, !cute.ptr<!KV, gmem, align<2>>, !cute.ptr<f32, gmem, align<4>>, !cute.ptr<f32, gmem, align<4>>, i32, i32, i32, i32, i32, f32) -> ()
        }
      } {cute.unroll}
    }
    return
  }

  // The kernel's QKV epilogue for one tile, once its 8 consumer warps
  // (consumer thread ct) have staged it in sQ: the tile's tokens, a
  // consumer warp each in turn (swap-AB: the tile row is the head, its
  // columns tokens; tile (tl, tn), rows from ar).
  func.func private @qkv_epilogue(%sQ: !cute.memref<!TS, smem, align<128>, "(QM,QN):(QR,QC)">, %ct: i32, %tn: i32, %tl: i32, %ar: i32, %m: i32, %n: i32, %pc: !cute.ptr<!TS, gmem, align<16>>, %pqw: !cute.ptr<bf16, gmem, align<2>>, %pkw: !cute.ptr<bf16, gmem, align<2>>, %pcs: !cute.ptr<f32, gmem, align<4>>, %ppos: !cute.ptr<i32, gmem, align<4>>, %pslot: !cute.ptr<i32, gmem, align<4>>, %pkc: !cute.ptr<!KV, gmem, align<2>>, %pvc: !cute.ptr<!KV, gmem, align<2>>, %pks: !cute.ptr<f32, gmem, align<4>>, %pvs: !cute.ptr<f32, gmem, align<4>>, %hq: i32, %hkv: i32, %ldc: i32, %ldkv: i32, %kvslots: i32, %eps: f32) {
    %direct = arith.constant #DIRECT
    %c128 = arith.constant 128 : i32
    cute_nvgpu.named_barrier id = 1, threads = 256
    %c32q = arith.constant 32 : i32
    %cw = arith.divui %ct, %c32q : i32
    %lane = arith.remui %ct, %c32q : i32
    %c64t = arith.constant 64 : i32
    %tokS = arith.muli %tn, %c64t : i32
    %tok0 = arith.select %direct, %tokS, %ar : i32
    %head = arith.select %direct, %tl, %tn : i32
    %cnt = arith.select %direct, %c64t, %c128 : i32
    %mT = arith.select %direct, %n, %m : i32
    %sQp = cute.get_iter(%sQ)
    %sQl = cute.static : !cute.layout<"(QM*QN/128,128):(128,1)">
    %sQr = cute.make_view(%sQp, %sQl)
    %pqo = cute.recast(%pc) {elem_type = bf16} : !cute.ptr<!TS, gmem, align<16>> -> !cute.ptr<bf16, gmem, align<16>>
    func.call @qkv_tile(%sQr, %tok0, %cnt, %mT, %head, %cw, %lane, %pqw, %pkw, %pcs, %ppos, %pslot, %pqo, %pkc, %pvc, %pks, %pvs, %hq, %hkv, %ldc, %ldkv, %kvslots, %eps) : (!sQr, i32, i32, i32, i32, i32, i32, !cute.ptr<bf16, gmem, align<2>>, !cute.ptr<bf16, gmem, align<2>>, !cute.ptr<f32, gmem, align<4>>, !cute.ptr<i32, gmem, align<4>>, !cute.ptr<i32, gmem, align<4>>, !cute.ptr<bf16, gmem, align<16>>, !cute.ptr<!KV, gmem, align<2>>, !cute.ptr<!KV, gmem, align<2>>, !cute.ptr<f32, gmem, align<4>>, !cute.ptr<f32, gmem, align<4>>, i32, i32, i32, i32, i32, f32) -> ()
    return
  }
}
