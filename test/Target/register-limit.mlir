// A kernel whose registers per thread (ptxas -v) times its known block
// size exceed an SM's 65536 registers cannot launch: with ptxas in the
// pipeline (format=cubin) that is a compile error naming the kernel and the
// numbers. The same kernel at 256 threads compiles. (All 128 values a
// thread loads stay live until their sum is known.)
// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: not cute-opt %s --cute-compile="chip=sm_90a format=cubin output-dir=%t" -o /dev/null 2>&1 | FileCheck %s
// RUN: sed 's/array<i32: 1024, 1, 1>/array<i32: 256, 1, 1>/' %s | cute-opt --cute-compile="chip=sm_90a format=cubin output-dir=%t" -o /dev/null
// RUN: cute-opt %s --cute-compile="chip=sm_90a format=ptx output-dir=%t" -o /dev/null

// CHECK: error: kernel @wide cannot launch on sm_90a: ptxas gives it {{1[3-9][0-9]|2[0-5][0-9]}} registers per thread, and 32 warps x {{[0-9]+}} registers (allocated per warp in units of 256) = {{[0-9]+}} exceed the 65536 an SM has

module attributes {gpu.container_module} {
  gpu.module @limit {
    gpu.func @wide(%p: !cute.ptr<f32, gmem, align<16>>) kernel
        attributes {gpu.known_block_size = array<i32: 1024, 1, 1>} {
      %tid = cute.thread_idx x
      %sh = cute.static : !cute.shape<"(128,1024)">
      %st = cute.static : !cute.stride<"(1024,1)">
      %l = cute.make_layout(%sh, %st)
      %g = cute.make_view(%p, %l)
      %c = cute.make_coord(%tid) -> !cute.coord<"(_,?)">
      %mine = cute.tensor_slice(%g, %c)
      %v = cute.load(%mine)
      %s = vector.reduction <add>, %v : vector<128xf32> into f32
      %sv = vector.broadcast %s : f32 to vector<128xf32>
      %w = arith.mulf %v, %sv : vector<128xf32>
      cute.store(%w, %mine)
      gpu.return
    }
  }
}
