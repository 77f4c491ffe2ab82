// The KV append as a chain of separate kernels (issue 25's "unfused chain":
// after the QKV GEMM, norm, RoPE, then quantize and scatter, each a launch
// of its own), the baseline the fused QKV epilogue (examples/gemm-sm90's
// QKV instances) is measured against, besides append.mlir (the same work
// as one kernel). A warp per (token, head) of qkv ([tokens, (hq + 2 hkv) D],
// ldqkv apart), grid ceil(items / 4), block 128:
//   @qk_norm        q and k heads: QK-norm in place (bf16);
//   @rope           q and k heads: RoPE in place from cos_sin at the
//                   token's position (bf16);
//   @quant_scatter  q heads to q_out, k and v heads (divided by the kv
//                   head's scale, rounded to KV) to slot slot_mapping[token]
//                   of the caches (negative or >= slots: not stored;
//                   append-common.mlir's @store_head).
// Each step rounds to bf16 where append-common.mlir's @append_head does and
// uses its functions, so the chain's q_out and caches equal append.mlir's
// bit for bit (the driver checks both against AppendReference.h).
!KV = !cute.param<"KV", bf16>
#D = #cute.param<"D", 128 : i32>

!vE = !cute.vec<"D/64", f32>
!vEh = !cute.vec<"D/64", bf16>

module attributes {gpu.container_module,
    cute.instances = ["bf16_d128:KV=bf16,D=128", "e4m3_d128:KV=f8E4M3FN,D=128"]} {
  gpu.module @kv_chain attributes {cute.imports = ["decode-common.mlir", "append-common.mlir"]} {
    // E bf16 values (x, as f32) to p + off.
    func.func private @store_e(%p: !cute.ptr<bf16, gmem, align<2>>, %off: i32, %x: !vE) {
      %pp = cute.add_offset(%p, %off)
      %l = cute.static : !cute.layout<"(D/64):(1)">
      %v = cute.make_view(%pp, %l)
      %h = arith.truncf %x : !vE to !vEh
      cute.store(%h, %v)
      return
    }

    gpu.func @qk_norm(%pqkv: !cute.ptr<bf16, gmem, align<2>>, %pqw: !cute.ptr<bf16, gmem, align<2>>, %pkw: !cute.ptr<bf16, gmem, align<2>>, %tokens: i32, %hq: i32, %hkv: i32, %ldqkv: i32, %eps: f32) kernel
        attributes {gpu.known_block_size = array<i32: 128, 1, 1>, cute.no_specialize} {
      %c0, %c2, %d = cute.constants 0, 2, D : i32
      %heads = arith.addi %hq, %hkv : i32
      %live, %tok, %h, %el, %src, %srch = func.call @warp_item(%tokens, %heads, %c0, %ldqkv) : (i32, i32, i32, i32) -> (i1, i32, i32, i32, i32, i32)
      scf.if %live {
        %half = arith.divui %d, %c2 : i32
        %elh = arith.addi %el, %half : i32
        %isQ = arith.cmpi ult, %h, %hq : i32
        %x1 = func.call @load_e(%pqkv, %src) : (!cute.ptr<bf16, gmem, align<2>>, i32) -> !vE
        %x2 = func.call @load_e(%pqkv, %srch) : (!cute.ptr<bf16, gmem, align<2>>, i32) -> !vE
        %wq1 = func.call @load_e(%pqw, %el) : (!cute.ptr<bf16, gmem, align<2>>, i32) -> !vE
        %wq2 = func.call @load_e(%pqw, %elh) : (!cute.ptr<bf16, gmem, align<2>>, i32) -> !vE
        %wk1 = func.call @load_e(%pkw, %el) : (!cute.ptr<bf16, gmem, align<2>>, i32) -> !vE
        %wk2 = func.call @load_e(%pkw, %elh) : (!cute.ptr<bf16, gmem, align<2>>, i32) -> !vE
        %w1 = arith.select %isQ, %wq1, %wk1 : !vE
        %w2 = arith.select %isQ, %wq2, %wk2 : !vE
        %y1, %y2 = func.call @head_rmsnorm(%x1, %x2, %w1, %w2, %eps) : (!vE, !vE, !vE, !vE, f32) -> (!vE, !vE)
        func.call @store_e(%pqkv, %src, %y1) : (!cute.ptr<bf16, gmem, align<2>>, i32, !vE) -> ()
        func.call @store_e(%pqkv, %srch, %y2) : (!cute.ptr<bf16, gmem, align<2>>, i32, !vE) -> ()
      }
      gpu.return
    }

    gpu.func @rope(%pqkv: !cute.ptr<bf16, gmem, align<2>>, %pcs: !cute.ptr<f32, gmem, align<4>>, %ppos: !cute.ptr<i32, gmem, align<4>>, %pslot: !cute.ptr<i32, gmem, align<4>>, %tokens: i32, %hq: i32, %hkv: i32, %ldqkv: i32) kernel
        attributes {gpu.known_block_size = array<i32: 128, 1, 1>, cute.no_specialize} {
      %c0 = arith.constant 0 : i32
      %heads = arith.addi %hq, %hkv : i32
      %live, %tok, %h, %el, %src, %srch = func.call @warp_item(%tokens, %heads, %c0, %ldqkv) : (i32, i32, i32, i32) -> (i1, i32, i32, i32, i32, i32)
      scf.if %live {
        %y1 = func.call @load_e(%pqkv, %src) : (!cute.ptr<bf16, gmem, align<2>>, i32) -> !vE
        %y2 = func.call @load_e(%pqkv, %srch) : (!cute.ptr<bf16, gmem, align<2>>, i32) -> !vE
        %cs, %sn, %slot = func.call @append_inputs(%tok, %el, %pcs, %ppos, %pslot) : (i32, i32, !cute.ptr<f32, gmem, align<4>>, !cute.ptr<i32, gmem, align<4>>, !cute.ptr<i32, gmem, align<4>>) -> (!vE, !vE, i32)
        %b1 = arith.mulf %y2, %sn : !vE
        %nb1 = arith.negf %b1 : !vE
        %o1 = math.fma %y1, %cs, %nb1 : !vE
        %b2 = arith.mulf %y1, %sn : !vE
        %o2 = math.fma %y2, %cs, %b2 : !vE
        func.call @store_e(%pqkv, %src, %o1) : (!cute.ptr<bf16, gmem, align<2>>, i32, !vE) -> ()
        func.call @store_e(%pqkv, %srch, %o2) : (!cute.ptr<bf16, gmem, align<2>>, i32, !vE) -> ()
      }
      gpu.return
    }

    gpu.func @quant_scatter(%pqkv: !cute.ptr<bf16, gmem, align<2>>, %pslot: !cute.ptr<i32, gmem, align<4>>, %pq: !cute.ptr<bf16, gmem, align<16>>, %pk: !cute.ptr<!KV, gmem, align<2>>, %pv: !cute.ptr<!KV, gmem, align<2>>, %pks: !cute.ptr<f32, gmem, align<4>>, %pvs: !cute.ptr<f32, gmem, align<4>>, %tokens: i32, %hq: i32, %hkv: i32, %ldqkv: i32, %ldq: i32, %ldkv: i32, %slots: i32) kernel
        attributes {gpu.known_block_size = array<i32: 128, 1, 1>, cute.no_specialize} {
      %c0, %c2 = cute.constants 0, 2 : i32
      %kv2 = arith.muli %hkv, %c2 : i32
      %heads = arith.addi %hq, %kv2 : i32
      %live, %tok, %h, %el, %src, %srch = func.call @warp_item(%tokens, %heads, %c0, %ldqkv) : (i32, i32, i32, i32) -> (i1, i32, i32, i32, i32, i32)
      scf.if %live {
        %x1 = func.call @load_e(%pqkv, %src) : (!cute.ptr<bf16, gmem, align<2>>, i32) -> !vE
        %x2 = func.call @load_e(%pqkv, %srch) : (!cute.ptr<bf16, gmem, align<2>>, i32) -> !vE
        %slot = func.call @load_i32(%pslot, %tok) : (!cute.ptr<i32, gmem, align<4>>, i32) -> i32
        func.call @store_head(%x1, %x2, %slot, %tok, %h, %el, %pq, %pk, %pv, %pks, %pvs, %hq, %hkv, %ldq, %ldkv, %slots) : (!vE, !vE, i32, i32, i32, i32, !cute.ptr<bf16, gmem, align<16>>, !cute.ptr<!KV, gmem, align<2>>, !cute.ptr<!KV, gmem, align<2>>, !cute.ptr<f32, gmem, align<4>>, !cute.ptr<f32, gmem, align<4>>, i32, i32, i32, i32, i32) -> ()
      }
      gpu.return
    }
  }
}
