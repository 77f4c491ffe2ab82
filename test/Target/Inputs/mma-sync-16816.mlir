// One warp, one mma.sync m16n8k16 bf16 atom (C 16x8 = A 16x16 x B^T 8x16): A, B, C
// partitioned by cute.mma_partition, copied to registers, cute.gemm, C
// stored. Used by mma-ptxas.mlir.
module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @mma16816(%pa: !cute.ptr<bf16, gmem, align<16>>, %pb: !cute.ptr<bf16, gmem, align<16>>, %pc: !cute.ptr<f32, gmem, align<16>>) kernel
        attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
      %tidx = gpu.thread_id x
      %tid = arith.index_cast %tidx : index to i32
      %la = cute.static : !cute.layout<"(16,16):(16,1)">
      %lb = cute.static : !cute.layout<"(8,16):(16,1)">
      %lc = cute.static : !cute.layout<"(16,8):(8,1)">
      %ga = cute.make_view(%pa, %la)
      %gb = cute.make_view(%pb, %lb)
      %gc = cute.make_view(%pc, %lc)
      %ta = cute.mma_partition "A" of #cute.tiled_mma<#cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32>, #cute.layout<"(1,1,1):(0,0,0)">> (%ga, %tid) : (!cute.memref<bf16, gmem, align<16>, "(16,16):(16,1)">, i32) -> !cute.memref<bf16, gmem, align<4>, "((2,2,2),1,1):((1,128,8),0,0)">
      %tb = cute.mma_partition "B" of #cute.tiled_mma<#cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32>, #cute.layout<"(1,1,1):(0,0,0)">> (%gb, %tid) : (!cute.memref<bf16, gmem, align<16>, "(8,16):(16,1)">, i32) -> !cute.memref<bf16, gmem, align<4>, "((2,2),1,1):((1,8),0,0)">
      %tc = cute.mma_partition "C" of #cute.tiled_mma<#cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32>, #cute.layout<"(1,1,1):(0,0,0)">> (%gc, %tid) : (!cute.memref<f32, gmem, align<16>, "(16,8):(8,1)">, i32) -> !cute.memref<f32, gmem, align<8>, "((2,2),1,1):((1,64),0,0)">
      %fa = cute.make_fragment() : !cute.memref<bf16, rmem, align<16>, "((2,2,2),1,1):((1,2,4),0,0)">
      %fb = cute.make_fragment() : !cute.memref<bf16, rmem, align<8>, "((2,2),1,1):((1,2),0,0)">
      %fc = cute.make_fragment() : !cute.memref<f32, rmem, align<16>, "((2,2),1,1):((1,2),0,0)">
      cute.copy(%ta, %fa)
      cute.copy(%tb, %fb)
      %z = arith.constant dense<0.0> : vector<4xf32>
      cute.store(%z, %fc)
      cute.gemm #cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32> (%fa, %fb, %fc) : !cute.memref<bf16, rmem, align<16>, "((2,2,2),1,1):((1,2,4),0,0)">, !cute.memref<bf16, rmem, align<8>, "((2,2),1,1):((1,2),0,0)">, !cute.memref<f32, rmem, align<16>, "((2,2),1,1):((1,2),0,0)">
      cute.copy(%fc, %tc)
      gpu.return
    }
  }
}
