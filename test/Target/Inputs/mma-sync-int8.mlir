// One warp, mma.sync m16n8k32 on 8-bit integers (CuTe's
// SM80_16x8x32_S32S8S8S32_TN and its U8/S8 siblings): A 16 x 64 and B 8 x 64
// (row-major, K contiguous, i8 in memory; the atom says s8 or u8), C 16 x 8
// s32, two k-blocks; A, B, C partitioned by cute.mma_partition, copied to
// registers, cute.gemm, C stored. Used by mma-int8-tf32-ptxas.mlir.
#s8s8 = #cute_nvgpu.mma_sync<m = 16, n = 8, k = 32, a = si8, b = si8, c = i32>
#u8s8 = #cute_nvgpu.mma_sync<m = 16, n = 8, k = 32, a = ui8, b = si8, c = i32>
#u8u8 = #cute_nvgpu.mma_sync<m = 16, n = 8, k = 32, a = ui8, b = ui8, c = i32>
module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @s8s8(%pa: !cute.ptr<i8, gmem, align<16>>, %pb: !cute.ptr<i8, gmem, align<16>>, %pc: !cute.ptr<i32, gmem, align<16>>, %acc: i1) kernel
        attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
      %tidx = gpu.thread_id x
      %tid = arith.index_cast %tidx : index to i32
      %la = cute.static : !cute.layout<"(16,64):(64,1)">
      %lb = cute.static : !cute.layout<"(8,64):(64,1)">
      %lc = cute.static : !cute.layout<"(16,8):(8,1)">
      %ga = cute.make_view(%pa, %la)
      %gb = cute.make_view(%pb, %lb)
      %gc = cute.make_view(%pc, %lc)
      %ta = cute.mma_partition "A" of #cute.tiled_mma<#s8s8, #cute.layout<"(1,1,1):(0,0,0)">> (%ga, %tid)
      %tb = cute.mma_partition "B" of #cute.tiled_mma<#s8s8, #cute.layout<"(1,1,1):(0,0,0)">> (%gb, %tid)
      %tc = cute.mma_partition "C" of #cute.tiled_mma<#s8s8, #cute.layout<"(1,1,1):(0,0,0)">> (%gc, %tid)
      %fa = cute.make_fragment_like(%ta)
      %fb = cute.make_fragment_like(%tb)
      %fc = cute.make_fragment_like(%tc)
      cute.copy(%ta, %fa)
      cute.copy(%tb, %fb)
      cute.copy(%tc, %fc)
      cute.gemm #s8s8 (%fa, %fb, %fc) accumulate(%acc)
      cute.copy(%fc, %tc)
      gpu.return
    }
    gpu.func @u8s8(%pa: !cute.ptr<i8, gmem, align<16>>, %pb: !cute.ptr<i8, gmem, align<16>>, %pc: !cute.ptr<i32, gmem, align<16>>) kernel
        attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
      %tidx = gpu.thread_id x
      %tid = arith.index_cast %tidx : index to i32
      %la = cute.static : !cute.layout<"(16,32):(32,1)">
      %lb = cute.static : !cute.layout<"(8,32):(32,1)">
      %lc = cute.static : !cute.layout<"(16,8):(8,1)">
      %ga = cute.make_view(%pa, %la)
      %gb = cute.make_view(%pb, %lb)
      %gc = cute.make_view(%pc, %lc)
      %ta = cute.mma_partition "A" of #cute.tiled_mma<#u8s8, #cute.layout<"(1,1,1):(0,0,0)">> (%ga, %tid)
      %tb = cute.mma_partition "B" of #cute.tiled_mma<#u8s8, #cute.layout<"(1,1,1):(0,0,0)">> (%gb, %tid)
      %tc = cute.mma_partition "C" of #cute.tiled_mma<#u8s8, #cute.layout<"(1,1,1):(0,0,0)">> (%gc, %tid)
      %fa = cute.make_fragment_like(%ta)
      %fb = cute.make_fragment_like(%tb)
      %fc = cute.make_fragment_like(%tc)
      cute.copy(%ta, %fa)
      cute.copy(%tb, %fb)
      cute.copy(%tc, %fc)
      cute.gemm #u8s8 (%fa, %fb, %fc)
      cute.gemm #u8u8 (%fa, %fb, %fc)
      cute.copy(%fc, %tc)
      gpu.return
    }
  }
}
