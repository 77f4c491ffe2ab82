// SwiGLU: out = silu(gate) * up = gate / (1 + exp(-gate)) * up, fused, bf16
// in and out, f32 math. Same structure as the elementwise example: (n):(1)
// views, a 1024-element tile per block (local_tile), 8 contiguous bf16 (128
// bits) per thread (partition_tv), predicated last tile. See README.md.
module attributes {gpu.container_module} {
  gpu.module @swiglu {
    gpu.func @swiglu_bf16(%pg: !cute.ptr<bf16, gmem, align<16>>, %pu: !cute.ptr<bf16, gmem, align<16>>, %po: !cute.ptr<bf16, gmem, align<16>>, %n: i32) kernel
        attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
      %bidx = gpu.block_id x
      %tidx = gpu.thread_id x
      %bid = arith.index_cast %bidx : index to i32
      %tid = arith.index_cast %tidx : index to i32
      %shape = cute.make_shape(%n) : (i32) -> !cute.shape<"?">
      %stride = cute.static : !cute.stride<"1">
      %layout = cute.make_layout(%shape, %stride) : (!cute.shape<"?">, !cute.stride<"1">) -> !cute.layout<"?:1">
      %gate = cute.make_view(%pg, %layout) : (!cute.ptr<bf16, gmem, align<16>>, !cute.layout<"?:1">) -> !cute.memref<bf16, gmem, align<16>, "?:1">
      %up = cute.make_view(%pu, %layout) : (!cute.ptr<bf16, gmem, align<16>>, !cute.layout<"?:1">) -> !cute.memref<bf16, gmem, align<16>, "?:1">
      %out = cute.make_view(%po, %layout) : (!cute.ptr<bf16, gmem, align<16>>, !cute.layout<"?:1">) -> !cute.memref<bf16, gmem, align<16>, "?:1">
      %tg = cute.local_tile(%gate, %bid) {tiler = #cute.shape<"1024">} : (!cute.memref<bf16, gmem, align<16>, "?:1">, i32) -> !cute.memref<bf16, gmem, align<16>, "1024:1">
      %tu = cute.local_tile(%up, %bid) {tiler = #cute.shape<"1024">} : (!cute.memref<bf16, gmem, align<16>, "?:1">, i32) -> !cute.memref<bf16, gmem, align<16>, "1024:1">
      %to = cute.local_tile(%out, %bid) {tiler = #cute.shape<"1024">} : (!cute.memref<bf16, gmem, align<16>, "?:1">, i32) -> !cute.memref<bf16, gmem, align<16>, "1024:1">
      %vg = cute.partition_tv(%tg, %tid) {tv_layout = #cute.layout<"(128,8):(8,1)">} : (!cute.memref<bf16, gmem, align<16>, "1024:1">, i32) -> !cute.memref<bf16, gmem, align<16>, "8:1">
      %vu = cute.partition_tv(%tu, %tid) {tv_layout = #cute.layout<"(128,8):(8,1)">} : (!cute.memref<bf16, gmem, align<16>, "1024:1">, i32) -> !cute.memref<bf16, gmem, align<16>, "8:1">
      %vo = cute.partition_tv(%to, %tid) {tv_layout = #cute.layout<"(128,8):(8,1)">} : (!cute.memref<bf16, gmem, align<16>, "1024:1">, i32) -> !cute.memref<bf16, gmem, align<16>, "8:1">
      %fg = cute.make_fragment_like(%vg) : !cute.memref<bf16, gmem, align<16>, "8:1"> -> !cute.memref<bf16, rmem, align<16>, "8:1">
      %fu = cute.make_fragment_like(%vu) : !cute.memref<bf16, gmem, align<16>, "8:1"> -> !cute.memref<bf16, rmem, align<16>, "8:1">
      %fo = cute.make_fragment_like(%vo) : !cute.memref<bf16, gmem, align<16>, "8:1"> -> !cute.memref<bf16, rmem, align<16>, "8:1">
      %c1 = arith.constant 1 : i32
      %ctile = arith.constant 1024 : i32
      %next = arith.addi %bid, %c1 : i32
      %end = arith.muli %next, %ctile : i32
      %full = arith.cmpi sle, %end, %n : i32
      scf.if %full {
        cute.copy(%vg, %fg) : !cute.memref<bf16, gmem, align<16>, "8:1">, !cute.memref<bf16, rmem, align<16>, "8:1">
        cute.copy(%vu, %fu) : !cute.memref<bf16, gmem, align<16>, "8:1">, !cute.memref<bf16, rmem, align<16>, "8:1">
        %xg = cute.load(%fg) : !cute.memref<bf16, rmem, align<16>, "8:1"> -> vector<8xbf16>
        %xu = cute.load(%fu) : !cute.memref<bf16, rmem, align<16>, "8:1"> -> vector<8xbf16>
        %g = arith.extf %xg : vector<8xbf16> to vector<8xf32>
        %u = arith.extf %xu : vector<8xbf16> to vector<8xf32>
        %ng = arith.negf %g : vector<8xf32>
        %e = math.exp %ng : vector<8xf32>
        %one = arith.constant dense<1.0> : vector<8xf32>
        %den = arith.addf %one, %e : vector<8xf32>
        %silu = arith.divf %g, %den : vector<8xf32>
        %r = arith.mulf %silu, %u : vector<8xf32>
        %s = arith.truncf %r : vector<8xf32> to vector<8xbf16>
        cute.store(%s, %fo) : vector<8xbf16>, !cute.memref<bf16, rmem, align<16>, "8:1">
        cute.copy(%fo, %vo) : !cute.memref<bf16, rmem, align<16>, "8:1">, !cute.memref<bf16, gmem, align<16>, "8:1">
      } else {
        %id = cute.make_identity_tensor(%shape) : !cute.shape<"?"> -> !cute.coord_tensor<"0", "?:1">
        %tid_c = cute.local_tile(%id, %bid) {tiler = #cute.shape<"1024">} : (!cute.coord_tensor<"0", "?:1">, i32) -> !cute.coord_tensor<"?", "1024:1">
        %cv = cute.partition_tv(%tid_c, %tid) {tv_layout = #cute.layout<"(128,8):(8,1)">} : (!cute.coord_tensor<"?", "1024:1">, i32) -> !cute.coord_tensor<"?", "8:1">
        %bound = cute.make_int_tuple(%n) : (i32) -> !cute.int_tuple<"?">
        %p = cute.make_predicate(%cv, %bound) : (!cute.coord_tensor<"?", "8:1">, !cute.int_tuple<"?">) -> !cute.memref<i1, rmem, align<1>, "8:1">
        cute.copy(%vg, %fg, %p) : !cute.memref<bf16, gmem, align<16>, "8:1">, !cute.memref<bf16, rmem, align<16>, "8:1">, !cute.memref<i1, rmem, align<1>, "8:1">
        cute.copy(%vu, %fu, %p) : !cute.memref<bf16, gmem, align<16>, "8:1">, !cute.memref<bf16, rmem, align<16>, "8:1">, !cute.memref<i1, rmem, align<1>, "8:1">
        %xg = cute.load(%fg) : !cute.memref<bf16, rmem, align<16>, "8:1"> -> vector<8xbf16>
        %xu = cute.load(%fu) : !cute.memref<bf16, rmem, align<16>, "8:1"> -> vector<8xbf16>
        %g = arith.extf %xg : vector<8xbf16> to vector<8xf32>
        %u = arith.extf %xu : vector<8xbf16> to vector<8xf32>
        %ng = arith.negf %g : vector<8xf32>
        %e = math.exp %ng : vector<8xf32>
        %one = arith.constant dense<1.0> : vector<8xf32>
        %den = arith.addf %one, %e : vector<8xf32>
        %silu = arith.divf %g, %den : vector<8xf32>
        %r = arith.mulf %silu, %u : vector<8xf32>
        %s = arith.truncf %r : vector<8xf32> to vector<8xbf16>
        cute.store(%s, %fo) : vector<8xbf16>, !cute.memref<bf16, rmem, align<16>, "8:1">
        cute.copy(%fo, %vo, %p) : !cute.memref<bf16, rmem, align<16>, "8:1">, !cute.memref<bf16, gmem, align<16>, "8:1">, !cute.memref<i1, rmem, align<1>, "8:1">
      }
      gpu.return
    }
  }
}
