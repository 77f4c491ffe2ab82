// Elementwise add, c = a + b, for f32, f16 and bf16, written with layouts:
// each pointer becomes an (n):(1) tensor, local_tile gives a block its tile,
// partition_tv gives each of the 128 threads 16 contiguous bytes, and masked
// copies move them gmem -> registers -> gmem: the compiler emits the full
// tile's unpredicated 128-bit copies and the ragged last tile's predicated
// ones. f16/bf16 add in f32. See README.md.
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
      %shape = cute.make_shape(%n)
      %stride = cute.static : !cute.stride<"1">
      %layout = cute.make_layout(%shape, %stride)
      %a = cute.make_view(%pa, %layout)
      %b = cute.make_view(%pb, %layout)
      %c = cute.make_view(%pc, %layout)
      // This block's tile, and this thread's 4 values of it.
      %ta = cute.local_tile(%a, %bid) {tiler = #cute.shape<"512">}
      %tb = cute.local_tile(%b, %bid) {tiler = #cute.shape<"512">}
      %tc = cute.local_tile(%c, %bid) {tiler = #cute.shape<"512">}
      %va = cute.partition_tv(%ta, %tid) {tv_layout = #cute.layout<"(128,4):(4,1)">}
      %vb = cute.partition_tv(%tb, %tid) {tv_layout = #cute.layout<"(128,4):(4,1)">}
      %vc = cute.partition_tv(%tc, %tid) {tv_layout = #cute.layout<"(128,4):(4,1)">}
      %fa = cute.make_fragment_like(%va)
      %fb = cute.make_fragment_like(%vb)
      cute.copy(%va, %fa) {masked}
      cute.copy(%vb, %fb) {masked}
      %xa = cute.load(%fa)
      %xb = cute.load(%fb)
      %s = arith.addf %xa, %xb : vector<4xf32>
      cute.store(%s, %fa)
      cute.copy(%fa, %vc) {masked}
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
      %shape = cute.make_shape(%n)
      %stride = cute.static : !cute.stride<"1">
      %layout = cute.make_layout(%shape, %stride)
      %a = cute.make_view(%pa, %layout)
      %b = cute.make_view(%pb, %layout)
      %c = cute.make_view(%pc, %layout)
      // This block's tile, and this thread's 8 values of it.
      %ta = cute.local_tile(%a, %bid) {tiler = #cute.shape<"1024">}
      %tb = cute.local_tile(%b, %bid) {tiler = #cute.shape<"1024">}
      %tc = cute.local_tile(%c, %bid) {tiler = #cute.shape<"1024">}
      %va = cute.partition_tv(%ta, %tid) {tv_layout = #cute.layout<"(128,8):(8,1)">}
      %vb = cute.partition_tv(%tb, %tid) {tv_layout = #cute.layout<"(128,8):(8,1)">}
      %vc = cute.partition_tv(%tc, %tid) {tv_layout = #cute.layout<"(128,8):(8,1)">}
      %fa = cute.make_fragment_like(%va)
      %fb = cute.make_fragment_like(%vb)
      cute.copy(%va, %fa) {masked}
      cute.copy(%vb, %fb) {masked}
      %xa = cute.load(%fa)
      %xb = cute.load(%fb)
      %wa = arith.extf %xa : vector<8xf16> to vector<8xf32>
      %wb = arith.extf %xb : vector<8xf16> to vector<8xf32>
      %ws = arith.addf %wa, %wb : vector<8xf32>
      %s = arith.truncf %ws : vector<8xf32> to vector<8xf16>
      cute.store(%s, %fa)
      cute.copy(%fa, %vc) {masked}
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
      %shape = cute.make_shape(%n)
      %stride = cute.static : !cute.stride<"1">
      %layout = cute.make_layout(%shape, %stride)
      %a = cute.make_view(%pa, %layout)
      %b = cute.make_view(%pb, %layout)
      %c = cute.make_view(%pc, %layout)
      // This block's tile, and this thread's 8 values of it.
      %ta = cute.local_tile(%a, %bid) {tiler = #cute.shape<"1024">}
      %tb = cute.local_tile(%b, %bid) {tiler = #cute.shape<"1024">}
      %tc = cute.local_tile(%c, %bid) {tiler = #cute.shape<"1024">}
      %va = cute.partition_tv(%ta, %tid) {tv_layout = #cute.layout<"(128,8):(8,1)">}
      %vb = cute.partition_tv(%tb, %tid) {tv_layout = #cute.layout<"(128,8):(8,1)">}
      %vc = cute.partition_tv(%tc, %tid) {tv_layout = #cute.layout<"(128,8):(8,1)">}
      %fa = cute.make_fragment_like(%va)
      %fb = cute.make_fragment_like(%vb)
      cute.copy(%va, %fa) {masked}
      cute.copy(%vb, %fb) {masked}
      %xa = cute.load(%fa)
      %xb = cute.load(%fb)
      %wa = arith.extf %xa : vector<8xbf16> to vector<8xf32>
      %wb = arith.extf %xb : vector<8xbf16> to vector<8xf32>
      %ws = arith.addf %wa, %wb : vector<8xf32>
      %s = arith.truncf %ws : vector<8xf32> to vector<8xbf16>
      cute.store(%s, %fa)
      cute.copy(%fa, %vc) {masked}
      gpu.return
    }
  }
}
