// A two-stage per-thread cp.async pipeline for test/Target/cp-async-ptxas.mlir:
// each of 128 threads copies its 8 bf16 of two rows of x into its own
// shared-memory slots (16-byte cp.async.cg; stage 1 into a swizzled
// buffer), commits each as a group, waits for the first (wait_group 1)
// and writes it to y, then for the second (wait_group 0). And a producer
// warp that signals an mbarrier when its copies land, for a consumer warp.
!g = !cute.memref<bf16, gmem, align<16>, "((8,128),2):((1,8),1024)">
!s = !cute.memref<bf16, smem, align<16>, "(8,128):(1,8)">
!sw = !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "(8,128):(1,8)">
module attributes {gpu.container_module} {
  gpu.module @cp_async {
    gpu.func @two_stages(%x: !g, %y: !g) kernel
        attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
      %tidx = gpu.thread_id x
      %tid = arith.index_cast %tidx : index to i32
      %c0, %c1 = cute.constants 0, 1 : i32
      %s0 = cute.smem_alloc() : !s
      %s1 = cute.smem_alloc() : !sw
      %k0 = cute.make_coord(%tid, %c0) -> !cute.coord<"((_,?),?)">
      %k1 = cute.make_coord(%tid, %c1) -> !cute.coord<"((_,?),?)">
      %t = cute.make_coord(%tid) -> !cute.coord<"(_,?)">
      %x0 = cute.tensor_slice(%x, %k0)
      %x1 = cute.tensor_slice(%x, %k1)
      %d0 = cute.tensor_slice(%s0, %t)
      %d1 = cute.tensor_slice(%s1, %t)
      cute.copy(%x0, %d0) {atom = #cute_nvgpu.cp_async<128>}
      cute_nvgpu.cp_async_commit
      cute.copy(%x1, %d1) {atom = #cute_nvgpu.cp_async<128>}
      cute_nvgpu.cp_async_commit
      cute_nvgpu.cp_async_wait 1
      %y0 = cute.tensor_slice(%y, %k0)
      %v0 = cute.load(%d0)
      cute.store(%v0, %y0)
      cute_nvgpu.cp_async_wait 0
      %y1 = cute.tensor_slice(%y, %k1)
      %v1 = cute.load(%d1)
      cute.store(%v1, %y1)
      gpu.return
    }

    // A producer warp gathers with cp.async and signals an mbarrier when its
    // copies land (cp.async.mbarrier.arrive.noinc: the barrier counts its
    // 32 lanes); the consumer warp waits on the phase, then reads.
    gpu.func @producer_consumer(%x: !g, %y: !g) kernel
        attributes {gpu.known_block_size = array<i32: 64, 1, 1>} {
      %tidx = gpu.thread_id x
      %tid = arith.index_cast %tidx : index to i32
      %c0, %c32 = cute.constants 0, 32 : i32
      %s = cute.smem_alloc() : !s
      %bars = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "1:1">
      %bar = cute_nvgpu.mbarrier_get %bars[%c0] : !cute.memref<i64, smem, align<8>, "1:1">
      %t0 = arith.cmpi eq, %tid, %c0 : i32
      scf.if %t0 {
        cute_nvgpu.mbarrier_init %bar, count = 32
        cute_nvgpu.mbarrier_init_fence
      }
      gpu.barrier
      %w = arith.divui %tid, %c32 : i32
      %lane = arith.remui %tid, %c32 : i32
      %k = cute.make_coord(%lane, %c0) -> !cute.coord<"((_,?),?)">
      %t = cute.make_coord(%lane) -> !cute.coord<"(_,?)">
      %xs = cute.tensor_slice(%x, %k)
      %d = cute.tensor_slice(%s, %t)
      %producer = arith.cmpi eq, %w, %c0 : i32
      scf.if %producer {
        cute.copy(%xs, %d) {atom = #cute_nvgpu.cp_async<128>}
        cute_nvgpu.cp_async_mbarrier_arrive %bar noinc
      } else {
        cute_nvgpu.mbarrier_wait %bar, phase %c0
        %v = cute.load(%d)
        %ys = cute.tensor_slice(%y, %k)
        cute.store(%v, %ys)
      }
      gpu.return
    }
  }
}
