// Elementwise add, c = a + b, for f32, f16 and bf16, written with layouts:
// each pointer becomes an (n):(1) tensor, local_tile gives a block its tile,
// partition_tv gives each of the 128 threads 16 contiguous bytes, and copies
// move them gmem -> registers -> gmem. Full tiles use unpredicated 128-bit
// copies; the last, ragged tile predicates every element with an identity
// tensor. f16/bf16 add in f32. See README.md.
module attributes {gpu.container_module} {
  gpu.module @elementwise {
    // c = a + b on f32: 512-element tiles, 128 threads x 4 values.
    gpu.func @add_f32(%pa: !cute.ptr<f32, gmem, align<16>>, %pb: !cute.ptr<f32, gmem, align<16>>, %pc: !cute.ptr<f32, gmem, align<16>>, %n: i32) kernel
        attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
      %bidx = gpu.block_id x
      %tidx = gpu.thread_id x
      %bid = arith.index_cast %bidx : index to i32
      %tid = arith.index_cast %tidx : index to i32
      // The tensors: (n):(1) views of the pointers.
      %shape = cute.make_shape(%n) : (i32) -> !cute.shape<"?">
      %stride = cute.static : !cute.stride<"1">
      %layout = cute.make_layout(%shape, %stride) : (!cute.shape<"?">, !cute.stride<"1">) -> !cute.layout<"?:1">
      %a = cute.make_view(%pa, %layout) : (!cute.ptr<f32, gmem, align<16>>, !cute.layout<"?:1">) -> !cute.memref<f32, gmem, align<16>, "?:1">
      %b = cute.make_view(%pb, %layout) : (!cute.ptr<f32, gmem, align<16>>, !cute.layout<"?:1">) -> !cute.memref<f32, gmem, align<16>, "?:1">
      %c = cute.make_view(%pc, %layout) : (!cute.ptr<f32, gmem, align<16>>, !cute.layout<"?:1">) -> !cute.memref<f32, gmem, align<16>, "?:1">
      // This block's tile, and this thread's 4 values of it.
      %ta = cute.local_tile(%a, %bid) {tiler = #cute.shape<"512">} : (!cute.memref<f32, gmem, align<16>, "?:1">, i32) -> !cute.memref<f32, gmem, align<16>, "512:1">
      %tb = cute.local_tile(%b, %bid) {tiler = #cute.shape<"512">} : (!cute.memref<f32, gmem, align<16>, "?:1">, i32) -> !cute.memref<f32, gmem, align<16>, "512:1">
      %tc = cute.local_tile(%c, %bid) {tiler = #cute.shape<"512">} : (!cute.memref<f32, gmem, align<16>, "?:1">, i32) -> !cute.memref<f32, gmem, align<16>, "512:1">
      %va = cute.partition_tv(%ta, %tid) {tv_layout = #cute.layout<"(128,4):(4,1)">} : (!cute.memref<f32, gmem, align<16>, "512:1">, i32) -> !cute.memref<f32, gmem, align<16>, "4:1">
      %vb = cute.partition_tv(%tb, %tid) {tv_layout = #cute.layout<"(128,4):(4,1)">} : (!cute.memref<f32, gmem, align<16>, "512:1">, i32) -> !cute.memref<f32, gmem, align<16>, "4:1">
      %vc = cute.partition_tv(%tc, %tid) {tv_layout = #cute.layout<"(128,4):(4,1)">} : (!cute.memref<f32, gmem, align<16>, "512:1">, i32) -> !cute.memref<f32, gmem, align<16>, "4:1">
      %fa = cute.make_fragment_like(%va) : !cute.memref<f32, gmem, align<16>, "4:1"> -> !cute.memref<f32, rmem, align<16>, "4:1">
      %fb = cute.make_fragment_like(%vb) : !cute.memref<f32, gmem, align<16>, "4:1"> -> !cute.memref<f32, rmem, align<16>, "4:1">
      %fc = cute.make_fragment_like(%vc) : !cute.memref<f32, gmem, align<16>, "4:1"> -> !cute.memref<f32, rmem, align<16>, "4:1">
      // Full tiles move 128 bits per access; the last tile is predicated.
      %c1 = arith.constant 1 : i32
      %ctile = arith.constant 512 : i32
      %next = arith.addi %bid, %c1 : i32
      %end = arith.muli %next, %ctile : i32
      %full = arith.cmpi sle, %end, %n : i32
      scf.if %full {
        cute.copy(%va, %fa) : !cute.memref<f32, gmem, align<16>, "4:1">, !cute.memref<f32, rmem, align<16>, "4:1">
        cute.copy(%vb, %fb) : !cute.memref<f32, gmem, align<16>, "4:1">, !cute.memref<f32, rmem, align<16>, "4:1">
        %xa = cute.load(%fa) : !cute.memref<f32, rmem, align<16>, "4:1"> -> vector<4xf32>
        %xb = cute.load(%fb) : !cute.memref<f32, rmem, align<16>, "4:1"> -> vector<4xf32>
        %s = arith.addf %xa, %xb : vector<4xf32>
        cute.store(%s, %fc) : vector<4xf32>, !cute.memref<f32, rmem, align<16>, "4:1">
        cute.copy(%fc, %vc) : !cute.memref<f32, rmem, align<16>, "4:1">, !cute.memref<f32, gmem, align<16>, "4:1">
      } else {
        %id = cute.make_identity_tensor(%shape) : !cute.shape<"?"> -> !cute.coord_tensor<"0", "?:1">
        %tid_c = cute.local_tile(%id, %bid) {tiler = #cute.shape<"512">} : (!cute.coord_tensor<"0", "?:1">, i32) -> !cute.coord_tensor<"?", "512:1">
        %cv = cute.partition_tv(%tid_c, %tid) {tv_layout = #cute.layout<"(128,4):(4,1)">} : (!cute.coord_tensor<"?", "512:1">, i32) -> !cute.coord_tensor<"?", "4:1">
        %bound = cute.make_int_tuple(%n) : (i32) -> !cute.int_tuple<"?">
        %p = cute.make_predicate(%cv, %bound) : (!cute.coord_tensor<"?", "4:1">, !cute.int_tuple<"?">) -> !cute.memref<i1, rmem, align<1>, "4:1">
        cute.copy(%va, %fa, %p) : !cute.memref<f32, gmem, align<16>, "4:1">, !cute.memref<f32, rmem, align<16>, "4:1">, !cute.memref<i1, rmem, align<1>, "4:1">
        cute.copy(%vb, %fb, %p) : !cute.memref<f32, gmem, align<16>, "4:1">, !cute.memref<f32, rmem, align<16>, "4:1">, !cute.memref<i1, rmem, align<1>, "4:1">
        %xa = cute.load(%fa) : !cute.memref<f32, rmem, align<16>, "4:1"> -> vector<4xf32>
        %xb = cute.load(%fb) : !cute.memref<f32, rmem, align<16>, "4:1"> -> vector<4xf32>
        %s = arith.addf %xa, %xb : vector<4xf32>
        cute.store(%s, %fc) : vector<4xf32>, !cute.memref<f32, rmem, align<16>, "4:1">
        cute.copy(%fc, %vc, %p) : !cute.memref<f32, rmem, align<16>, "4:1">, !cute.memref<f32, gmem, align<16>, "4:1">, !cute.memref<i1, rmem, align<1>, "4:1">
      }
      gpu.return
    }

    // c = a + b on f16: 1024-element tiles, 128 threads x 8 values.
    gpu.func @add_f16(%pa: !cute.ptr<f16, gmem, align<16>>, %pb: !cute.ptr<f16, gmem, align<16>>, %pc: !cute.ptr<f16, gmem, align<16>>, %n: i32) kernel
        attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
      %bidx = gpu.block_id x
      %tidx = gpu.thread_id x
      %bid = arith.index_cast %bidx : index to i32
      %tid = arith.index_cast %tidx : index to i32
      // The tensors: (n):(1) views of the pointers.
      %shape = cute.make_shape(%n) : (i32) -> !cute.shape<"?">
      %stride = cute.static : !cute.stride<"1">
      %layout = cute.make_layout(%shape, %stride) : (!cute.shape<"?">, !cute.stride<"1">) -> !cute.layout<"?:1">
      %a = cute.make_view(%pa, %layout) : (!cute.ptr<f16, gmem, align<16>>, !cute.layout<"?:1">) -> !cute.memref<f16, gmem, align<16>, "?:1">
      %b = cute.make_view(%pb, %layout) : (!cute.ptr<f16, gmem, align<16>>, !cute.layout<"?:1">) -> !cute.memref<f16, gmem, align<16>, "?:1">
      %c = cute.make_view(%pc, %layout) : (!cute.ptr<f16, gmem, align<16>>, !cute.layout<"?:1">) -> !cute.memref<f16, gmem, align<16>, "?:1">
      // This block's tile, and this thread's 8 values of it.
      %ta = cute.local_tile(%a, %bid) {tiler = #cute.shape<"1024">} : (!cute.memref<f16, gmem, align<16>, "?:1">, i32) -> !cute.memref<f16, gmem, align<16>, "1024:1">
      %tb = cute.local_tile(%b, %bid) {tiler = #cute.shape<"1024">} : (!cute.memref<f16, gmem, align<16>, "?:1">, i32) -> !cute.memref<f16, gmem, align<16>, "1024:1">
      %tc = cute.local_tile(%c, %bid) {tiler = #cute.shape<"1024">} : (!cute.memref<f16, gmem, align<16>, "?:1">, i32) -> !cute.memref<f16, gmem, align<16>, "1024:1">
      %va = cute.partition_tv(%ta, %tid) {tv_layout = #cute.layout<"(128,8):(8,1)">} : (!cute.memref<f16, gmem, align<16>, "1024:1">, i32) -> !cute.memref<f16, gmem, align<16>, "8:1">
      %vb = cute.partition_tv(%tb, %tid) {tv_layout = #cute.layout<"(128,8):(8,1)">} : (!cute.memref<f16, gmem, align<16>, "1024:1">, i32) -> !cute.memref<f16, gmem, align<16>, "8:1">
      %vc = cute.partition_tv(%tc, %tid) {tv_layout = #cute.layout<"(128,8):(8,1)">} : (!cute.memref<f16, gmem, align<16>, "1024:1">, i32) -> !cute.memref<f16, gmem, align<16>, "8:1">
      %fa = cute.make_fragment_like(%va) : !cute.memref<f16, gmem, align<16>, "8:1"> -> !cute.memref<f16, rmem, align<16>, "8:1">
      %fb = cute.make_fragment_like(%vb) : !cute.memref<f16, gmem, align<16>, "8:1"> -> !cute.memref<f16, rmem, align<16>, "8:1">
      %fc = cute.make_fragment_like(%vc) : !cute.memref<f16, gmem, align<16>, "8:1"> -> !cute.memref<f16, rmem, align<16>, "8:1">
      // Full tiles move 128 bits per access; the last tile is predicated.
      %c1 = arith.constant 1 : i32
      %ctile = arith.constant 1024 : i32
      %next = arith.addi %bid, %c1 : i32
      %end = arith.muli %next, %ctile : i32
      %full = arith.cmpi sle, %end, %n : i32
      scf.if %full {
        cute.copy(%va, %fa) : !cute.memref<f16, gmem, align<16>, "8:1">, !cute.memref<f16, rmem, align<16>, "8:1">
        cute.copy(%vb, %fb) : !cute.memref<f16, gmem, align<16>, "8:1">, !cute.memref<f16, rmem, align<16>, "8:1">
        %xa = cute.load(%fa) : !cute.memref<f16, rmem, align<16>, "8:1"> -> vector<8xf16>
        %xb = cute.load(%fb) : !cute.memref<f16, rmem, align<16>, "8:1"> -> vector<8xf16>
        %wa = arith.extf %xa : vector<8xf16> to vector<8xf32>
        %wb = arith.extf %xb : vector<8xf16> to vector<8xf32>
        %ws = arith.addf %wa, %wb : vector<8xf32>
        %s = arith.truncf %ws : vector<8xf32> to vector<8xf16>
        cute.store(%s, %fc) : vector<8xf16>, !cute.memref<f16, rmem, align<16>, "8:1">
        cute.copy(%fc, %vc) : !cute.memref<f16, rmem, align<16>, "8:1">, !cute.memref<f16, gmem, align<16>, "8:1">
      } else {
        %id = cute.make_identity_tensor(%shape) : !cute.shape<"?"> -> !cute.coord_tensor<"0", "?:1">
        %tid_c = cute.local_tile(%id, %bid) {tiler = #cute.shape<"1024">} : (!cute.coord_tensor<"0", "?:1">, i32) -> !cute.coord_tensor<"?", "1024:1">
        %cv = cute.partition_tv(%tid_c, %tid) {tv_layout = #cute.layout<"(128,8):(8,1)">} : (!cute.coord_tensor<"?", "1024:1">, i32) -> !cute.coord_tensor<"?", "8:1">
        %bound = cute.make_int_tuple(%n) : (i32) -> !cute.int_tuple<"?">
        %p = cute.make_predicate(%cv, %bound) : (!cute.coord_tensor<"?", "8:1">, !cute.int_tuple<"?">) -> !cute.memref<i1, rmem, align<1>, "8:1">
        cute.copy(%va, %fa, %p) : !cute.memref<f16, gmem, align<16>, "8:1">, !cute.memref<f16, rmem, align<16>, "8:1">, !cute.memref<i1, rmem, align<1>, "8:1">
        cute.copy(%vb, %fb, %p) : !cute.memref<f16, gmem, align<16>, "8:1">, !cute.memref<f16, rmem, align<16>, "8:1">, !cute.memref<i1, rmem, align<1>, "8:1">
        %xa = cute.load(%fa) : !cute.memref<f16, rmem, align<16>, "8:1"> -> vector<8xf16>
        %xb = cute.load(%fb) : !cute.memref<f16, rmem, align<16>, "8:1"> -> vector<8xf16>
        %wa = arith.extf %xa : vector<8xf16> to vector<8xf32>
        %wb = arith.extf %xb : vector<8xf16> to vector<8xf32>
        %ws = arith.addf %wa, %wb : vector<8xf32>
        %s = arith.truncf %ws : vector<8xf32> to vector<8xf16>
        cute.store(%s, %fc) : vector<8xf16>, !cute.memref<f16, rmem, align<16>, "8:1">
        cute.copy(%fc, %vc, %p) : !cute.memref<f16, rmem, align<16>, "8:1">, !cute.memref<f16, gmem, align<16>, "8:1">, !cute.memref<i1, rmem, align<1>, "8:1">
      }
      gpu.return
    }

    // c = a + b on bf16: 1024-element tiles, 128 threads x 8 values.
    gpu.func @add_bf16(%pa: !cute.ptr<bf16, gmem, align<16>>, %pb: !cute.ptr<bf16, gmem, align<16>>, %pc: !cute.ptr<bf16, gmem, align<16>>, %n: i32) kernel
        attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
      %bidx = gpu.block_id x
      %tidx = gpu.thread_id x
      %bid = arith.index_cast %bidx : index to i32
      %tid = arith.index_cast %tidx : index to i32
      // The tensors: (n):(1) views of the pointers.
      %shape = cute.make_shape(%n) : (i32) -> !cute.shape<"?">
      %stride = cute.static : !cute.stride<"1">
      %layout = cute.make_layout(%shape, %stride) : (!cute.shape<"?">, !cute.stride<"1">) -> !cute.layout<"?:1">
      %a = cute.make_view(%pa, %layout) : (!cute.ptr<bf16, gmem, align<16>>, !cute.layout<"?:1">) -> !cute.memref<bf16, gmem, align<16>, "?:1">
      %b = cute.make_view(%pb, %layout) : (!cute.ptr<bf16, gmem, align<16>>, !cute.layout<"?:1">) -> !cute.memref<bf16, gmem, align<16>, "?:1">
      %c = cute.make_view(%pc, %layout) : (!cute.ptr<bf16, gmem, align<16>>, !cute.layout<"?:1">) -> !cute.memref<bf16, gmem, align<16>, "?:1">
      // This block's tile, and this thread's 8 values of it.
      %ta = cute.local_tile(%a, %bid) {tiler = #cute.shape<"1024">} : (!cute.memref<bf16, gmem, align<16>, "?:1">, i32) -> !cute.memref<bf16, gmem, align<16>, "1024:1">
      %tb = cute.local_tile(%b, %bid) {tiler = #cute.shape<"1024">} : (!cute.memref<bf16, gmem, align<16>, "?:1">, i32) -> !cute.memref<bf16, gmem, align<16>, "1024:1">
      %tc = cute.local_tile(%c, %bid) {tiler = #cute.shape<"1024">} : (!cute.memref<bf16, gmem, align<16>, "?:1">, i32) -> !cute.memref<bf16, gmem, align<16>, "1024:1">
      %va = cute.partition_tv(%ta, %tid) {tv_layout = #cute.layout<"(128,8):(8,1)">} : (!cute.memref<bf16, gmem, align<16>, "1024:1">, i32) -> !cute.memref<bf16, gmem, align<16>, "8:1">
      %vb = cute.partition_tv(%tb, %tid) {tv_layout = #cute.layout<"(128,8):(8,1)">} : (!cute.memref<bf16, gmem, align<16>, "1024:1">, i32) -> !cute.memref<bf16, gmem, align<16>, "8:1">
      %vc = cute.partition_tv(%tc, %tid) {tv_layout = #cute.layout<"(128,8):(8,1)">} : (!cute.memref<bf16, gmem, align<16>, "1024:1">, i32) -> !cute.memref<bf16, gmem, align<16>, "8:1">
      %fa = cute.make_fragment_like(%va) : !cute.memref<bf16, gmem, align<16>, "8:1"> -> !cute.memref<bf16, rmem, align<16>, "8:1">
      %fb = cute.make_fragment_like(%vb) : !cute.memref<bf16, gmem, align<16>, "8:1"> -> !cute.memref<bf16, rmem, align<16>, "8:1">
      %fc = cute.make_fragment_like(%vc) : !cute.memref<bf16, gmem, align<16>, "8:1"> -> !cute.memref<bf16, rmem, align<16>, "8:1">
      // Full tiles move 128 bits per access; the last tile is predicated.
      %c1 = arith.constant 1 : i32
      %ctile = arith.constant 1024 : i32
      %next = arith.addi %bid, %c1 : i32
      %end = arith.muli %next, %ctile : i32
      %full = arith.cmpi sle, %end, %n : i32
      scf.if %full {
        cute.copy(%va, %fa) : !cute.memref<bf16, gmem, align<16>, "8:1">, !cute.memref<bf16, rmem, align<16>, "8:1">
        cute.copy(%vb, %fb) : !cute.memref<bf16, gmem, align<16>, "8:1">, !cute.memref<bf16, rmem, align<16>, "8:1">
        %xa = cute.load(%fa) : !cute.memref<bf16, rmem, align<16>, "8:1"> -> vector<8xbf16>
        %xb = cute.load(%fb) : !cute.memref<bf16, rmem, align<16>, "8:1"> -> vector<8xbf16>
        %wa = arith.extf %xa : vector<8xbf16> to vector<8xf32>
        %wb = arith.extf %xb : vector<8xbf16> to vector<8xf32>
        %ws = arith.addf %wa, %wb : vector<8xf32>
        %s = arith.truncf %ws : vector<8xf32> to vector<8xbf16>
        cute.store(%s, %fc) : vector<8xbf16>, !cute.memref<bf16, rmem, align<16>, "8:1">
        cute.copy(%fc, %vc) : !cute.memref<bf16, rmem, align<16>, "8:1">, !cute.memref<bf16, gmem, align<16>, "8:1">
      } else {
        %id = cute.make_identity_tensor(%shape) : !cute.shape<"?"> -> !cute.coord_tensor<"0", "?:1">
        %tid_c = cute.local_tile(%id, %bid) {tiler = #cute.shape<"1024">} : (!cute.coord_tensor<"0", "?:1">, i32) -> !cute.coord_tensor<"?", "1024:1">
        %cv = cute.partition_tv(%tid_c, %tid) {tv_layout = #cute.layout<"(128,8):(8,1)">} : (!cute.coord_tensor<"?", "1024:1">, i32) -> !cute.coord_tensor<"?", "8:1">
        %bound = cute.make_int_tuple(%n) : (i32) -> !cute.int_tuple<"?">
        %p = cute.make_predicate(%cv, %bound) : (!cute.coord_tensor<"?", "8:1">, !cute.int_tuple<"?">) -> !cute.memref<i1, rmem, align<1>, "8:1">
        cute.copy(%va, %fa, %p) : !cute.memref<bf16, gmem, align<16>, "8:1">, !cute.memref<bf16, rmem, align<16>, "8:1">, !cute.memref<i1, rmem, align<1>, "8:1">
        cute.copy(%vb, %fb, %p) : !cute.memref<bf16, gmem, align<16>, "8:1">, !cute.memref<bf16, rmem, align<16>, "8:1">, !cute.memref<i1, rmem, align<1>, "8:1">
        %xa = cute.load(%fa) : !cute.memref<bf16, rmem, align<16>, "8:1"> -> vector<8xbf16>
        %xb = cute.load(%fb) : !cute.memref<bf16, rmem, align<16>, "8:1"> -> vector<8xbf16>
        %wa = arith.extf %xa : vector<8xbf16> to vector<8xf32>
        %wb = arith.extf %xb : vector<8xbf16> to vector<8xf32>
        %ws = arith.addf %wa, %wb : vector<8xf32>
        %s = arith.truncf %ws : vector<8xf32> to vector<8xbf16>
        cute.store(%s, %fc) : vector<8xbf16>, !cute.memref<bf16, rmem, align<16>, "8:1">
        cute.copy(%fc, %vc, %p) : !cute.memref<bf16, rmem, align<16>, "8:1">, !cute.memref<bf16, gmem, align<16>, "8:1">, !cute.memref<i1, rmem, align<1>, "8:1">
      }
      gpu.return
    }
  }
}
