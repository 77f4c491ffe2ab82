// Row softmax: y[r,:] = exp(x[r,:] - m) / sum(exp(x[r,:] - m)), m = max(x[r,:]);
// bf16 in and out, f32 math, any column count, written once. One block per
// row, walked in 2048-column tiles of which each thread takes 8 contiguous
// elements. Pass 1 keeps a running max and a running sum of exponentials
// (rescaled when the max grows); two block reductions combine the threads;
// pass 2 writes. Masked copies handle the ragged last tile (reads fill
// -inf); the compiler adds a variant for cols % 16 == 0 and 16-byte aligned
// pointers (128-bit accesses) that the runtime picks at launch.
module attributes {gpu.container_module} {
  gpu.module @softmax {
    gpu.func @softmax_bf16(%x_ptr: !cute.ptr<bf16, gmem, align<2>>, %y_ptr: !cute.ptr<bf16, gmem, align<2>>, %rows: i32, %cols: i32) kernel
        attributes {gpu.known_block_size = array<i32: 256, 1, 1>} {
      %row = cute.block_idx x
      %tid = cute.thread_idx x
      // x and y are (rows, cols) row-major; this block's row of each.
      %shape = cute.make_shape(%rows, %cols)
      %stride = cute.make_stride(%cols) -> !cute.stride<"(?,1)">
      %layout = cute.make_layout(%shape, %stride)
      %rc = cute.make_coord(%row) -> !cute.coord<"(?,_)">
      %xv = cute.make_view(%x_ptr, %layout)
      %yv = cute.make_view(%y_ptr, %layout)
      %x = cute.tensor_slice(%xv, %rc)
      %y = cute.tensor_slice(%yv, %rc)
      %f = cute.make_fragment() : !cute.memref<bf16, rmem, align<16>, "8:1">
      %c0, %c1, %c2048, %ninf, %zero, %one = cute.constants 0, 1, 2048 : i32, 0xFF800000, 0.0, 1.0 : f32
      %ntiles = arith.ceildivsi %cols, %c2048 : i32
      // exp(t) with afn is exp2(t * log2(e)): one ex2.approx per element.
      // Pass 1: this thread's max m and sum s of exp(x - m).
      %ms:2 = scf.for %k = %c0 to %ntiles step %c1 iter_args(%m = %ninf, %s = %zero) -> (f32, f32) : i32 {
        %xt = cute.local_tile(%x, %k) {tiler = #cute.shape<"2048">}
        %xp = cute.partition_tv(%xt, %tid) {tv_layout = #cute.layout<"(256,8):(8,1)">}
        cute.copy(%xp, %f) {fill = 0xFF80 : bf16}
        %xb = cute.load(%f)
        %v = arith.extf %xb : vector<8xbf16> to vector<8xf32>
        %m2 = cute.reduce<max, thread>(%v, %m)
        // While all of this thread's elements are masked, m2 is -inf.
        %none = arith.cmpf oeq, %m2, %ninf : f32
        %mref = arith.select %none, %zero, %m2 : f32
        %d = cute.sub(%v, %mref)
        %e = math.exp %d fastmath<afn> : vector<8xf32>
        %esum = cute.reduce<add, thread>(%e)
        %dm = arith.subf %m, %mref : f32
        %r = math.exp %dm fastmath<afn> : f32
        %s2 = math.fma %s, %r, %esum : f32
        scf.yield %m2, %s2 : f32, f32
      }
      // The row's max M, and each thread's s rescaled to M, summed.
      %rmax = cute.reduce<max, block>(%ms#0)
      %dr = arith.subf %ms#0, %rmax : f32
      %rr = math.exp %dr fastmath<afn> : f32
      %part = arith.mulf %ms#1, %rr : f32
      %sum = cute.reduce<add, block>(%part)
      %inv = arith.divf %one, %sum : f32
      // Pass 2: y = exp(x - M) / sum.
      scf.for %k = %c0 to %ntiles step %c1 : i32 {
        %xt = cute.local_tile(%x, %k) {tiler = #cute.shape<"2048">}
        %yt = cute.local_tile(%y, %k) {tiler = #cute.shape<"2048">}
        %xp = cute.partition_tv(%xt, %tid) {tv_layout = #cute.layout<"(256,8):(8,1)">}
        %yp = cute.partition_tv(%yt, %tid) {tv_layout = #cute.layout<"(256,8):(8,1)">}
        cute.copy(%xp, %f) {masked}
        %xb = cute.load(%f)
        %v = arith.extf %xb : vector<8xbf16> to vector<8xf32>
        %d = cute.sub(%v, %rmax)
        %e = math.exp %d fastmath<afn> : vector<8xf32>
        %p = cute.mul(%e, %inv)
        %yb = arith.truncf %p : vector<8xf32> to vector<8xbf16>
        cute.store(%yb, %f)
        cute.copy(%f, %yp) {masked}
      }
      gpu.return
    }
  }
}
