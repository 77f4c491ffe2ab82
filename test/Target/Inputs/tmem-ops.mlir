// Every Tensor Memory op and tcgen05.ld/st shape in two sm_100a kernels
// (test/Target/tmem-ptxas.mlir, sass-tmem.mlir). @tmem_epilogue: warp 0
// allocates 256 columns; one elected thread copies 32 rows of scale factors
// into every lane quarter (tcgen05.cp 32x128b.warpx4) and commits; each warp
// reads its quarter of a 128 x 256 f32 accumulator with every tcgen05.ld
// shape and writes one tile back (tcgen05.st); warp 0 frees the columns.
// @tmem_pair: the same management with cta_group::2 in a cluster of two,
// and a multicast commit.
module attributes {gpu.container_module} {
  gpu.module @tmem_ops {
    gpu.func @tmem_epilogue(%out: !llvm.ptr<1>) kernel attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
      %slot = cute.smem_alloc() : !cute.memref<i32, smem, align<16>, "1:1">
      %bars = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "1:1">
      %sf = cute.smem_alloc() : !cute.memref<f8E8M0FNU, smem, align<128>, "(32,16):(16,1)">
      %c0 = arith.constant 0 : i32
      %bar = cute_nvgpu.mbarrier_get %bars[%c0] : !cute.memref<i64, smem, align<8>, "1:1">
      %wi = cute_nvgpu.warp_idx
      %c4 = arith.constant 4 : i32
      %w = arith.remui %wi, %c4 : i32
      cute_nvgpu.warp_specialize
        role "alloc" warps [0, 1) {
          cute_nvgpu.tmem_alloc %slot, columns = 256 : !cute.memref<i32, smem, align<16>, "1:1">
          cute_nvgpu.tmem_relinquish_alloc_permit
        }
      cute_nvgpu.tcgen05_fence_before_thread_sync
      gpu.barrier
      cute_nvgpu.tcgen05_fence_after_thread_sync
      %acc = cute_nvgpu.tmem_tensor %slot : !cute.memref<i32, smem, align<16>, "1:1"> -> !cute.memref<f32, tmem, align<16>, "(128,256):(65536,1)">
      %sft = cute_nvgpu.tmem_tensor %slot : !cute.memref<i32, smem, align<16>, "1:1"> -> !cute.memref<i32, tmem, align<16>, "(32,4):(65536,1)">
      cute_nvgpu.elect_one {
        cute_nvgpu.tcgen05_cp %sf, %sft shape = 32x128b multicast = warpx4 : !cute.memref<f8E8M0FNU, smem, align<128>, "(32,16):(16,1)">, !cute.memref<i32, tmem, align<16>, "(32,4):(65536,1)">
        cute_nvgpu.tcgen05_commit %bar
      }
      // Warp w: rows 32w .. 32w+31 (lanes of its quarter), 16 columns.
      %wt = cute.partition_tv(%acc, %w) {tv_layout = #cute.layout<"(4,(32,16)):(32,(1,128))">} : (!cute.memref<f32, tmem, align<16>, "(128,256):(65536,1)">, i32) -> !cute.memref<f32, tmem, align<16>, "(32,16):(65536,1)">
      %r = cute.make_fragment() : !cute.memref<f32, rmem, align<16>, "16:1">
      cute.copy(%wt, %r) {atom = #cute_nvgpu.tcgen05_ld<shape = 32x32b, num = 16>} : !cute.memref<f32, tmem, align<16>, "(32,16):(65536,1)">, !cute.memref<f32, rmem, align<16>, "16:1">
      cute_nvgpu.tcgen05_wait_ld
      cute.copy(%r, %wt) {atom = #cute_nvgpu.tcgen05_st<shape = 32x32b, num = 16>} : !cute.memref<f32, rmem, align<16>, "16:1">, !cute.memref<f32, tmem, align<16>, "(32,16):(65536,1)">
      cute_nvgpu.tcgen05_wait_st
      // The first 16 lanes of the quarter, 16 columns: the 16-lane shapes.
      %h = cute.partition_tv(%acc, %w) {tv_layout = #cute.layout<"(4,(16,16)):(32,(1,128))">} : (!cute.memref<f32, tmem, align<16>, "(128,256):(65536,1)">, i32) -> !cute.memref<f32, tmem, align<16>, "(16,16):(65536,1)">
      %a = cute.make_fragment() : !cute.memref<f32, rmem, align<16>, "8:1">
      %b = cute.make_fragment() : !cute.memref<f32, rmem, align<16>, "8:1">
      %c = cute.make_fragment() : !cute.memref<f32, rmem, align<16>, "8:1">
      %d = cute.make_fragment() : !cute.memref<f32, rmem, align<16>, "8:1">
      cute.copy(%h, %a) {atom = #cute_nvgpu.tcgen05_ld<shape = 16x64b, num = 8>} : !cute.memref<f32, tmem, align<16>, "(16,16):(65536,1)">, !cute.memref<f32, rmem, align<16>, "8:1">
      cute.copy(%h, %b) {atom = #cute_nvgpu.tcgen05_ld<shape = 16x128b, num = 4>} : !cute.memref<f32, tmem, align<16>, "(16,16):(65536,1)">, !cute.memref<f32, rmem, align<16>, "8:1">
      cute.copy(%h, %c) {atom = #cute_nvgpu.tcgen05_ld<shape = 16x256b, num = 2>} : !cute.memref<f32, tmem, align<16>, "(16,16):(65536,1)">, !cute.memref<f32, rmem, align<16>, "8:1">
      cute.copy(%h, %d) {atom = #cute_nvgpu.tcgen05_ld<shape = 16x32bx2, num = 8>} : !cute.memref<f32, tmem, align<16>, "(16,16):(65536,1)">, !cute.memref<f32, rmem, align<16>, "8:1">
      cute_nvgpu.tcgen05_wait_ld
      %va = cute.load(%a) : (!cute.memref<f32, rmem, align<16>, "8:1">) -> vector<8xf32>
      %vb = cute.load(%b) : (!cute.memref<f32, rmem, align<16>, "8:1">) -> vector<8xf32>
      %vc = cute.load(%c) : (!cute.memref<f32, rmem, align<16>, "8:1">) -> vector<8xf32>
      %vd = cute.load(%d) : (!cute.memref<f32, rmem, align<16>, "8:1">) -> vector<8xf32>
      %s1 = arith.addf %va, %vb : vector<8xf32>
      %s2 = arith.addf %vc, %vd : vector<8xf32>
      %s = arith.addf %s1, %s2 : vector<8xf32>
      %sum = vector.reduction <add>, %s : vector<8xf32> into f32
      llvm.store %sum, %out : f32, !llvm.ptr<1>
      // The 16-lane shapes store too (the mirror of each load).
      cute.copy(%a, %h) {atom = #cute_nvgpu.tcgen05_st<shape = 16x64b, num = 8>} : !cute.memref<f32, rmem, align<16>, "8:1">, !cute.memref<f32, tmem, align<16>, "(16,16):(65536,1)">
      cute.copy(%b, %h) {atom = #cute_nvgpu.tcgen05_st<shape = 16x128b, num = 4>} : !cute.memref<f32, rmem, align<16>, "8:1">, !cute.memref<f32, tmem, align<16>, "(16,16):(65536,1)">
      cute.copy(%c, %h) {atom = #cute_nvgpu.tcgen05_st<shape = 16x256b, num = 2>} : !cute.memref<f32, rmem, align<16>, "8:1">, !cute.memref<f32, tmem, align<16>, "(16,16):(65536,1)">
      cute.copy(%d, %h) {atom = #cute_nvgpu.tcgen05_st<shape = 16x32bx2, num = 8>} : !cute.memref<f32, rmem, align<16>, "8:1">, !cute.memref<f32, tmem, align<16>, "(16,16):(65536,1)">
      cute_nvgpu.tcgen05_wait_st
      cute_nvgpu.tcgen05_fence_before_thread_sync
      gpu.barrier
      cute_nvgpu.tcgen05_fence_after_thread_sync
      cute_nvgpu.warp_specialize
        role "free" warps [0, 1) {
          cute_nvgpu.tmem_dealloc %acc, columns = 256 : !cute.memref<f32, tmem, align<16>, "(128,256):(65536,1)">
        }
      gpu.return
    }

    gpu.func @tmem_pair(%mask: i16) kernel attributes {gpu.known_block_size = array<i32: 128, 1, 1>, cute.cluster_dims = array<i32: 2, 1, 1>} {
      %slot = cute.smem_alloc() : !cute.memref<i32, smem, align<16>, "1:1">
      %bars = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "1:1">
      %sf = cute.smem_alloc() : !cute.memref<i32, smem, align<128>, "(128,4):(4,1)">
      %c0 = arith.constant 0 : i32
      %bar = cute_nvgpu.mbarrier_get %bars[%c0] : !cute.memref<i64, smem, align<8>, "1:1">
      cute_nvgpu.warp_specialize
        role "alloc" warps [0, 1) {
          cute_nvgpu.tmem_alloc %slot, columns = 128 cta_group = 2 : !cute.memref<i32, smem, align<16>, "1:1">
          cute_nvgpu.tmem_relinquish_alloc_permit cta_group = 2
        }
      cute_nvgpu.tcgen05_fence_before_thread_sync
      gpu.barrier
      cute_nvgpu.tcgen05_fence_after_thread_sync
      %t = cute_nvgpu.tmem_tensor %slot : !cute.memref<i32, smem, align<16>, "1:1"> -> !cute.memref<i32, tmem, align<16>, "(128,128):(65536,1)">
      cute_nvgpu.elect_one {
        cute_nvgpu.tcgen05_cp %sf, %t shape = 128x128b cta_group = 2 : !cute.memref<i32, smem, align<128>, "(128,4):(4,1)">, !cute.memref<i32, tmem, align<16>, "(128,128):(65536,1)">
        cute_nvgpu.tcgen05_commit %bar multicast %mask cta_group = 2
      }
      cute_nvgpu.tcgen05_fence_before_thread_sync
      gpu.barrier
      cute_nvgpu.warp_specialize
        role "free" warps [0, 1) {
          cute_nvgpu.tmem_dealloc %t, columns = 128 cta_group = 2 : !cute.memref<i32, tmem, align<16>, "(128,128):(65536,1)">
        }
      gpu.return
    }
  }
}
