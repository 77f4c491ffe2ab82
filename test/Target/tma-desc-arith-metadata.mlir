// A TMA descriptor whose extents and strides are arithmetic of kernel
// arguments (issue 21 item 4): the metadata records each as an expression
// over the integer params, which the runtime evaluates at launch
// (lib/Runtime/Views.cpp, DerivedTma.cpp).
// RUN: rm -rf %t && mkdir -p %t
// RUN: cute-opt %s --cute-compile="chip=sm_90a format=ptx output-dir=%t specialize=false" -o /dev/null
// RUN: FileCheck %s < %t/attn.sm_90a.json

// The views carry the same expressions (32-bit offset checks at launch).
// CHECK: "name":"k","views":[{"bits":32,"extents":[{"div":[{"add":[{"param":2},{"const":1}]},{"const":2}]},{"mul":[{"const":2},{"param":4}]}]
// One head of a [seq, heads, d] bf16 tensor: rows of d elements, a row
// stride of heads*d (param 3 * param 4).
// CHECK: "name":"q_tma","tma":{"box":[64,64]
// CHECK-SAME: "source":{"dims":[{"extent":{"param":4},"stride":{"const":1}},{"extent":{"param":2},"stride":{"mul":[{"param":3},{"param":4}]}}],"ptr":0}
// The rows of pairs of tokens: ceil_div(seq, 2) rows of 2*d, row stride
// 2*heads*d - d (an extent quotient, a difference in a stride).
// CHECK: "name":"k_tma","tma":{"box":[64,64]
// CHECK-SAME: "source":{"dims":[{"extent":{"mul":[{"const":2},{"param":4}]},"stride":{"const":1}},{"extent":{"div":[{"add":[{"param":2},{"const":1}]},{"const":2}]},"stride":{"add":[{"mul":[{"const":2},{"param":3},{"param":4}]},{"mul":[{"const":-1},{"param":4}]}]}}],"ptr":1}
module attributes {gpu.container_module} {
  gpu.module @attn {
    gpu.func @load_head(%q: !cute.ptr<bf16, gmem, align<16>>, %k: !cute.ptr<bf16, gmem, align<16>>, %seq: i32, %heads: i32, %d: i32) kernel
        attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
      %c1 = arith.constant 1 : i32
      %c2 = arith.constant 2 : i32
      %hd = arith.muli %heads, %d : i32
      %shape = cute.make_shape(%seq, %d)
      %stride = cute.make_stride(%hd) -> !cute.stride<"(?,1)">
      %layout = cute.make_layout(%shape, %stride)
      %gq = cute.make_view(%q, %layout)
      %dq = cute_nvgpu.make_tma_desc %gq : !cute.memref<bf16, gmem, align<16>, "(?,?):(?,1)"> -> !cute_nvgpu.tma_desc<load, !cute.memref<bf16, smem, align<1024>, "(64,64):(64,1)">>
      %pairs = arith.ceildivui %seq, %c2 : i32
      %d2 = arith.muli %d, %c2 : i32
      %hd2 = arith.muli %hd, %c2 : i32
      %rs = arith.subi %hd2, %d : i32
      %shape2 = cute.make_shape(%pairs, %d2)
      %stride2 = cute.make_stride(%rs) -> !cute.stride<"(?,1)">
      %layout2 = cute.make_layout(%shape2, %stride2)
      %gk = cute.make_view(%k, %layout2)
      %dk = cute_nvgpu.make_tma_desc %gk : !cute.memref<bf16, gmem, align<16>, "(?,?):(?,1)"> -> !cute_nvgpu.tma_desc<load, !cute.memref<bf16, smem, align<1024>, "(64,64):(64,1)">>
      cute_nvgpu.tma_prefetch_desc %dq : !cute_nvgpu.tma_desc<load, !cute.memref<bf16, smem, align<1024>, "(64,64):(64,1)">>
      cute_nvgpu.tma_prefetch_desc %dk : !cute_nvgpu.tma_desc<load, !cute.memref<bf16, smem, align<1024>, "(64,64):(64,1)">>
      gpu.return
    }
  }
}
