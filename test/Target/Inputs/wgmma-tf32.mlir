// One warpgroup, wgmma m64n64k8 on tf32 (CuTe's
// SM90_64x64x8_F32TF32TF32_SS_TN): A 64 x 32 and B 64 x 32 f32 tiles in
// shared memory, K-major with the 128-byte swizzle (S<3,2,3> on 4-byte
// elements: 32 elements per 128-byte row), four k-blocks of 8; the tiles
// are filled from global memory, C (f32) is stored. Used by
// mma-int8-tf32-ptxas.mlir.
#tf32 = #cute_nvgpu.wgmma<m = 64, n = 64, k = 8, a = tf32, b = tf32, c = f32, a_major = k, b_major = k>
module attributes {gpu.container_module} {
  gpu.module @w {
    gpu.func @wgmma_tf32(%pa: !cute.ptr<f32, gmem, align<16>>, %pb: !cute.ptr<f32, gmem, align<16>>, %pc: !cute.ptr<f32, gmem, align<16>>) kernel
        attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
      %tidx = gpu.thread_id x
      %tid = arith.index_cast %tidx : index to i32
      %lab = cute.static : !cute.layout<"(64,32):(32,1)">
      %lc = cute.static : !cute.layout<"(64,64):(64,1)">
      %ga = cute.make_view(%pa, %lab)
      %gb = cute.make_view(%pb, %lab)
      %gc = cute.make_view(%pc, %lc)
      %sa = cute.smem_alloc() : !cute.memref<f32, smem, align<1024>, S<3,2,3>, "(64,32):(32,1)">
      %sb = cute.smem_alloc() : !cute.memref<f32, smem, align<1024>, S<3,2,3>, "(64,32):(32,1)">
      %ta = cute.partition_tv(%ga, %tid) {tv_layout = #cute.layout<"(128,16):(1,128)">}
      %da = cute.partition_tv(%sa, %tid) {tv_layout = #cute.layout<"(128,16):(1,128)">}
      %tb = cute.partition_tv(%gb, %tid) {tv_layout = #cute.layout<"(128,16):(1,128)">}
      %db = cute.partition_tv(%sb, %tid) {tv_layout = #cute.layout<"(128,16):(1,128)">}
      cute.copy(%ta, %da)
      cute.copy(%tb, %db)
      cute_nvgpu.fence_proxy_async
      gpu.barrier
      %pa_s = cute.mma_partition "A" of #cute.tiled_mma<#tf32, #cute.layout<"(1,1,1):(0,0,0)">> (%sa, %tid)
      %pb_s = cute.mma_partition "B" of #cute.tiled_mma<#tf32, #cute.layout<"(1,1,1):(0,0,0)">> (%sb, %tid)
      %tc = cute.mma_partition "C" of #cute.tiled_mma<#tf32, #cute.layout<"(1,1,1):(0,0,0)">> (%gc, %tid)
      %fc = cute.make_fragment_like(%tc)
      %z = arith.constant dense<0.0> : vector<32xf32>
      cute.store(%z, %fc)
      cute_nvgpu.wgmma_fence
      cute.gemm #tf32 (%pa_s, %pb_s, %fc)
      cute_nvgpu.wgmma_commit_group
      cute_nvgpu.wgmma_wait_group 0
      cute.copy(%fc, %tc)
      gpu.return
    }
  }
}
