// The KV-cache append of a Qwen3 attention layer, after the QKV projection
// (issue 25, kernel 2's work as a kernel of its own: the unfused chain the
// fused GEMM epilogue, examples/gemm-sm90's QKV instances, is measured
// against, and what a caller without that epilogue runs). For each token row
// of qkv ([tokens, (hq + 2 hkv) D], ldqkv elements apart) and each of its
// heads, one warp loads the head's values and runs append-common.mlir's
// @append_head: QK-norm and RoPE on q and k heads, q to q_out, k and v
// (bf16 or e4m3) to the slot slot_mapping[token] of the paged caches, in a
// fixed order of IEEE f32 operations (bit-exact against a CPU reference).
!KV = !cute.param<"KV", bf16>
#D = #cute.param<"D", 128 : i32>

!vE = !cute.vec<"D/64", f32>
!vEh = !cute.vec<"D/64", bf16>
!vEk = !cute.vec<"D/64", !KV>

module attributes {gpu.container_module,
    cute.instances = ["bf16_d64:KV=bf16,D=64", "bf16_d128:KV=bf16,D=128",
                      "e4m3_d64:KV=f8E4M3FN,D=64", "e4m3_d128:KV=f8E4M3FN,D=128"]} {
  gpu.module @kv_append attributes {cute.imports = ["decode-common.mlir", "append-common.mlir"]} {
    // @warp_item, @load_e and @append_head (the per-head work):
    // append-common.mlir.
    gpu.func @append(%pqkv: !cute.ptr<bf16, gmem, align<2>>, %pqw: !cute.ptr<bf16, gmem, align<2>>, %pkw: !cute.ptr<bf16, gmem, align<2>>, %pcs: !cute.ptr<f32, gmem, align<4>>, %ppos: !cute.ptr<i32, gmem, align<4>>, %pslot: !cute.ptr<i32, gmem, align<4>>, %pq: !cute.ptr<bf16, gmem, align<16>>, %pk: !cute.ptr<!KV, gmem, align<2>>, %pv: !cute.ptr<!KV, gmem, align<2>>, %pks: !cute.ptr<f32, gmem, align<4>>, %pvs: !cute.ptr<f32, gmem, align<4>>, %tokens: i32, %hq: i32, %hkv: i32, %ldqkv: i32, %ldq: i32, %ldkv: i32, %slots: i32, %eps: f32) kernel
        attributes {gpu.known_block_size = array<i32: 128, 1, 1>, cute.no_specialize} {
      %c0, %c2 = cute.constants 0, 2 : i32
      %kv2 = arith.muli %hkv, %c2 : i32
      %heads = arith.addi %hq, %kv2 : i32
      %live, %tok, %h, %el, %src, %srch = func.call @warp_item(%tokens, %heads, %c0, %ldqkv) : (i32, i32, i32, i32) -> (i1, i32, i32, i32, i32, i32)
      scf.if %live {
        %x1 = func.call @load_e(%pqkv, %src) : (!cute.ptr<bf16, gmem, align<2>>, i32) -> !vE
        %x2 = func.call @load_e(%pqkv, %srch) : (!cute.ptr<bf16, gmem, align<2>>, i32) -> !vE
        func.call @append_head(%x1, %x2, %tok, %h, %el, %pqw, %pkw, %pcs, %ppos, %pslot, %pq, %pk, %pv, %pks, %pvs, %hq, %hkv, %ldq, %ldkv, %slots, %eps) : (!vE, !vE, i32, i32, i32, !cute.ptr<bf16, gmem, align<2>>, !cute.ptr<bf16, gmem, align<2>>, !cute.ptr<f32, gmem, align<4>>, !cute.ptr<i32, gmem, align<4>>, !cute.ptr<i32, gmem, align<4>>, !cute.ptr<bf16, gmem, align<16>>, !cute.ptr<!KV, gmem, align<2>>, !cute.ptr<!KV, gmem, align<2>>, !cute.ptr<f32, gmem, align<4>>, !cute.ptr<f32, gmem, align<4>>, i32, i32, i32, i32, i32, f32) -> ()
      }
      gpu.return
    }
  }
}
