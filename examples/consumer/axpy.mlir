// y = alpha * x + y on f32, the kernel of the consumer project (README.md):
// 512-element tiles, 128 threads x 4 values, masked copies for the ragged
// last tile.
module attributes {gpu.container_module} {
  gpu.module @axpy {
    gpu.func @axpy_f32(%px: !cute.ptr<f32, gmem, align<16>>, %py: !cute.ptr<f32, gmem, align<16>>, %alpha: f32, %n: i32) kernel
        attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
      %bidx = gpu.block_id x
      %tidx = gpu.thread_id x
      %bid = arith.index_cast %bidx : index to i32
      %tid = arith.index_cast %tidx : index to i32
      %shape = cute.make_shape(%n)
      %stride = cute.static : !cute.stride<"1">
      %layout = cute.make_layout(%shape, %stride)
      %x = cute.make_view(%px, %layout)
      %y = cute.make_view(%py, %layout)
      %tx = cute.local_tile(%x, %bid) {tiler = #cute.shape<"512">}
      %ty = cute.local_tile(%y, %bid) {tiler = #cute.shape<"512">}
      %vx = cute.partition_tv(%tx, %tid) {tv_layout = #cute.layout<"(128,4):(4,1)">}
      %vy = cute.partition_tv(%ty, %tid) {tv_layout = #cute.layout<"(128,4):(4,1)">}
      %fx = cute.make_fragment_like(%vx)
      %fy = cute.make_fragment_like(%vy)
      cute.copy(%vx, %fx) {masked}
      cute.copy(%vy, %fy) {masked}
      %xs = cute.load(%fx)
      %ys = cute.load(%fy)
      %a = vector.broadcast %alpha : f32 to vector<4xf32>
      %r = math.fma %a, %xs, %ys : vector<4xf32>
      cute.store(%r, %fy)
      cute.copy(%fy, %vy) {masked}
      gpu.return
    }
  }
}
