// RMSNorm: y[r,:] = x[r,:] * rsqrt(mean(x[r,:]^2) + eps) * w, bf16 in and
// out, f32 accumulation, any column count, written once. One block per row;
// a row is walked in 2048-column tiles (local_tile) of which each thread
// takes 8 contiguous bf16 (partition_tv); masked copies handle the ragged
// last tile; the sum of squares is a block reduction (warp shuffles + shared
// memory), then a second pass scales and writes. The compiler adds a variant
// for cols % 16 == 0 and 16-byte aligned pointers (128-bit accesses) that
// the runtime picks at launch. See README.md.
module attributes {gpu.container_module} {
  gpu.module @rmsnorm {
    gpu.func @rmsnorm_bf16(%px: !cute.ptr<bf16, gmem, align<2>>, %pw: !cute.ptr<bf16, gmem, align<2>>, %py: !cute.ptr<bf16, gmem, align<2>>, %rows: i32, %cols: i32, %eps: f32) kernel
        attributes {gpu.known_block_size = array<i32: 256, 1, 1>} {
      %bidx = gpu.block_id x
      %tidx = gpu.thread_id x
      %row = arith.index_cast %bidx : index to i32
      %tid = arith.index_cast %tidx : index to i32
      // x and y are (rows, cols) row-major; w is (cols).
      %shape = cute.make_shape(%rows, %cols)
      %stride = cute.make_stride(%cols) -> !cute.stride<"(?,1)">
      %layout = cute.make_layout(%shape, %stride)
      %xv = cute.make_view(%px, %layout)
      %yv = cute.make_view(%py, %layout)
      %wshape = cute.make_shape(%cols)
      %one = cute.static : !cute.stride<"1">
      %wl = cute.make_layout(%wshape, %one)
      %w = cute.make_view(%pw, %wl)
      // This block's row.
      %rc = cute.make_coord(%row) -> !cute.coord<"(?,_)">
      %x = cute.tensor_slice(%xv, %rc)
      %y = cute.tensor_slice(%yv, %rc)
      %fx = cute.make_fragment() : !cute.memref<bf16, rmem, align<16>, "8:1">
      %fw = cute.make_fragment() : !cute.memref<bf16, rmem, align<16>, "8:1">
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      %c2048 = arith.constant 2048 : i32
      %ntiles = arith.ceildivsi %cols, %c2048 : i32
      // Pass 1: per-thread sums of squares (masked elements read as 0).
      %acc0 = arith.constant dense<0.0> : vector<8xf32>
      %acc = scf.for %k = %c0 to %ntiles step %c1 iter_args(%a = %acc0) -> (vector<8xf32>) : i32 {
        %tx = cute.local_tile(%x, %k) {tiler = #cute.shape<"2048">}
        %vx = cute.partition_tv(%tx, %tid) {tv_layout = #cute.layout<"(256,8):(8,1)">}
        cute.copy(%vx, %fx) {fill = 0.0 : bf16}
        %xb = cute.load(%fx)
        %xf = arith.extf %xb : vector<8xbf16> to vector<8xf32>
        %a2 = math.fma %xf, %xf, %a : vector<8xf32>
        scf.yield %a2 : vector<8xf32>
      }
      // Block reduction (warp shuffles + shared memory).
      %sum = cute.reduce<add, block>(%acc)
      %colsf = arith.sitofp %cols : i32 to f32
      %mean = arith.divf %sum, %colsf : f32
      %me = arith.addf %mean, %eps : f32
      %scale = math.rsqrt %me : f32
      %scalev = vector.broadcast %scale : f32 to vector<8xf32>
      // Pass 2: y = x * scale * w.
      scf.for %k = %c0 to %ntiles step %c1 : i32 {
        %tx = cute.local_tile(%x, %k) {tiler = #cute.shape<"2048">}
        %ty = cute.local_tile(%y, %k) {tiler = #cute.shape<"2048">}
        %tw = cute.local_tile(%w, %k) {tiler = #cute.shape<"2048">}
        %vx = cute.partition_tv(%tx, %tid) {tv_layout = #cute.layout<"(256,8):(8,1)">}
        %vy = cute.partition_tv(%ty, %tid) {tv_layout = #cute.layout<"(256,8):(8,1)">}
        %vw = cute.partition_tv(%tw, %tid) {tv_layout = #cute.layout<"(256,8):(8,1)">}
        cute.copy(%vx, %fx) {masked}
        cute.copy(%vw, %fw) {masked}
        %xb = cute.load(%fx)
        %wb = cute.load(%fw)
        %xf = arith.extf %xb : vector<8xbf16> to vector<8xf32>
        %wf = arith.extf %wb : vector<8xbf16> to vector<8xf32>
        %xs = arith.mulf %xf, %scalev : vector<8xf32>
        %yf = arith.mulf %xs, %wf : vector<8xf32>
        %yb = arith.truncf %yf : vector<8xf32> to vector<8xbf16>
        cute.store(%yb, %fx)
        cute.copy(%fx, %vy) {masked}
      }
      gpu.return
    }
  }
}
