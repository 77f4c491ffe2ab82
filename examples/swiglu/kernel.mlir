// SwiGLU: out = silu(gate) * up = gate / (1 + exp(-gate)) * up, fused, bf16
// in and out, f32 math. Same structure as the elementwise example: (n):(1)
// views, a 1024-element tile per block (local_tile), 8 contiguous bf16 (128
// bits) per thread (partition_tv), masked copies for the ragged last tile.
// See README.md.
module attributes {gpu.container_module} {
  gpu.module @swiglu {
    gpu.func @swiglu_bf16(%pg: !cute.ptr<bf16, gmem, align<16>>, %pu: !cute.ptr<bf16, gmem, align<16>>, %po: !cute.ptr<bf16, gmem, align<16>>, %n: i32) kernel
        attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
      %bidx = gpu.block_id x
      %tidx = gpu.thread_id x
      %bid = arith.index_cast %bidx : index to i32
      %tid = arith.index_cast %tidx : index to i32
      %shape = cute.make_shape(%n)
      %stride = cute.static : !cute.stride<"1">
      %layout = cute.make_layout(%shape, %stride)
      %gate = cute.make_view(%pg, %layout)
      %up = cute.make_view(%pu, %layout)
      %out = cute.make_view(%po, %layout)
      %tg = cute.local_tile(%gate, %bid) {tiler = #cute.shape<"1024">}
      %tu = cute.local_tile(%up, %bid) {tiler = #cute.shape<"1024">}
      %to = cute.local_tile(%out, %bid) {tiler = #cute.shape<"1024">}
      %vg = cute.partition_tv(%tg, %tid) {tv_layout = #cute.layout<"(128,8):(8,1)">}
      %vu = cute.partition_tv(%tu, %tid) {tv_layout = #cute.layout<"(128,8):(8,1)">}
      %vo = cute.partition_tv(%to, %tid) {tv_layout = #cute.layout<"(128,8):(8,1)">}
      %fg = cute.make_fragment_like(%vg)
      %fu = cute.make_fragment_like(%vu)
      cute.copy(%vg, %fg) {masked}
      cute.copy(%vu, %fu) {masked}
      %xg = cute.load(%fg)
      %xu = cute.load(%fu)
      %g = arith.extf %xg : vector<8xbf16> to vector<8xf32>
      %u = arith.extf %xu : vector<8xbf16> to vector<8xf32>
      %ng = arith.negf %g : vector<8xf32>
      %e = math.exp %ng : vector<8xf32>
      %one = arith.constant dense<1.0> : vector<8xf32>
      %den = arith.addf %one, %e : vector<8xf32>
      %silu = arith.divf %g, %den : vector<8xf32>
      %r = arith.mulf %silu, %u : vector<8xf32>
      %s = arith.truncf %r : vector<8xf32> to vector<8xbf16>
      cute.store(%s, %fg)
      cute.copy(%fg, %vo) {masked}
      gpu.return
    }
  }
}
