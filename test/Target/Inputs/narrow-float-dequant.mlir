// Dequantization as kernels write it: typed loads of f4E2M1FN values (two
// per byte), an f8E8M0FNU scale and f8E4M3FN values, arith.extf to f32, a
// multiply, arith.truncf to bf16 and back to f8E4M3FN / f4E2M1FN stores.
module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @dq_f4(%px: !cute.ptr<f4E2M1FN, gmem, align<16>>, %ps: !cute.ptr<f8E8M0FNU, gmem, align<16>>, %py: !cute.ptr<bf16, gmem, align<16>>, %pq: !cute.ptr<f4E2M1FN, gmem, align<16>>) kernel
        attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
      %tidx = gpu.thread_id x
      %tid = arith.index_cast %tidx : index to i32
      %lx = cute.static : !cute.layout<"(32,32):(32,1)">
      %ls = cute.static : !cute.layout<"32:1">
      %x = cute.make_view(%px, %lx)
      %s = cute.make_view(%ps, %ls)
      %y = cute.make_view(%py, %lx)
      %q = cute.make_view(%pq, %lx)
      %tx = cute.partition_tv(%x, %tid) {tv_layout = #cute.layout<"(32,32):(1,32)">}
      %ty = cute.partition_tv(%y, %tid) {tv_layout = #cute.layout<"(32,32):(1,32)">}
      %tq = cute.partition_tv(%q, %tid) {tv_layout = #cute.layout<"(32,32):(1,32)">}
      %ts = cute.partition_tv(%s, %tid) {tv_layout = #cute.layout<"(32,1):(1,0)">}
      %v = cute.load(%tx)
      %sc = cute.load(%ts)
      %f = arith.extf %v : vector<32xf4E2M1FN> to vector<32xf32>
      %s0 = vector.extract %sc[0] : f8E8M0FNU from vector<1xf8E8M0FNU>
      %sf = arith.extf %s0 : f8E8M0FNU to f32
      %sb = vector.broadcast %sf : f32 to vector<32xf32>
      %p = arith.mulf %f, %sb : vector<32xf32>
      %o = arith.truncf %p : vector<32xf32> to vector<32xbf16>
      cute.store(%o, %ty)
      %r = arith.truncf %p : vector<32xf32> to vector<32xf4E2M1FN>
      cute.store(%r, %tq)
      gpu.return
    }
    gpu.func @dq_f8(%px: !cute.ptr<f8E4M3FN, gmem, align<16>>, %ps: !cute.ptr<f32, gmem, align<16>>, %py: !cute.ptr<f8E5M2, gmem, align<16>>) kernel
        attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
      %tidx = gpu.thread_id x
      %tid = arith.index_cast %tidx : index to i32
      %lx = cute.static : !cute.layout<"(32,32):(32,1)">
      %ls = cute.static : !cute.layout<"32:1">
      %x = cute.make_view(%px, %lx)
      %s = cute.make_view(%ps, %ls)
      %y = cute.make_view(%py, %lx)
      %tx = cute.partition_tv(%x, %tid) {tv_layout = #cute.layout<"(32,32):(1,32)">}
      %ty = cute.partition_tv(%y, %tid) {tv_layout = #cute.layout<"(32,32):(1,32)">}
      %ts = cute.partition_tv(%s, %tid) {tv_layout = #cute.layout<"(32,1):(1,0)">}
      %v = cute.load(%tx)
      %sc = cute.load(%ts)
      %f = arith.extf %v : vector<32xf8E4M3FN> to vector<32xf32>
      %s0 = vector.extract %sc[0] : f32 from vector<1xf32>
      %sb = vector.broadcast %s0 : f32 to vector<32xf32>
      %p = arith.mulf %f, %sb : vector<32xf32>
      %o = arith.truncf %p : vector<32xf32> to vector<32xf8E5M2>
      cute.store(%o, %ty)
      gpu.return
    }
  }
}
