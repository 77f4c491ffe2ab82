// One-matrix stmatrix/ldmatrix (x1, plain and .trans) on a wgmma m64n64 C
// fragment, for test/Target/matrix-copy-x1-ptxas.mlir.
#wgmma = #cute.tiled_mma<#cute_nvgpu.wgmma<m = 64, n = 64, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k>, #cute.layout<"(1,1,1):(0,0,0)">>
#st = #cute.tiled_copy<#cute_nvgpu.stmatrix<num = 1>, "C" of #wgmma>
#ld = #cute.tiled_copy<#cute_nvgpu.ldmatrix<num = 1>, "C" of #wgmma>
#stt = #cute.tiled_copy<#cute_nvgpu.stmatrix<num = 1, trans = true>, "C" of #wgmma>
#ldt = #cute.tiled_copy<#cute_nvgpu.ldmatrix<num = 1, trans = true>, "C" of #wgmma>
module attributes {gpu.container_module} {
  gpu.module @matrix_copy_x1 {
    gpu.func @round_trip(%g: !cute.memref<bf16, gmem, align<16>, "(64,64):(64,1)">) kernel
        attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
      %tidx = gpu.thread_id x
      %tid = arith.index_cast %tidx : index to i32
      %q = cute.mma_partition "C" of #wgmma (%g, %tid)
      %f = cute.make_fragment_like(%q)
      cute.copy(%q, %f)
      %s = cute.smem_alloc() : !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "(64,64):(64,1)">
      %t = cute.smem_alloc() : !cute.memref<bf16, smem, align<1024>, "(64,64):(1,64)">
      %r = cute.copy_retile of #st (%f)
      %d = cute.copy_partition "D" of #st (%s, %tid)
      cute.copy(%r, %d) {atom = #cute_nvgpu.stmatrix<num = 1>}
      %rt = cute.copy_retile of #stt (%f)
      %dt = cute.copy_partition "D" of #stt (%t, %tid)
      cute.copy(%rt, %dt) {atom = #cute_nvgpu.stmatrix<num = 1, trans = true>}
      gpu.barrier
      %b = cute.make_fragment_like(%f)
      %lr = cute.copy_retile of #ld (%b)
      %ls = cute.copy_partition "S" of #ld (%s, %tid)
      cute.copy(%ls, %lr) {atom = #cute_nvgpu.ldmatrix<num = 1>}
      cute.copy(%b, %q)
      %lrt = cute.copy_retile of #ldt (%b)
      %lst = cute.copy_partition "S" of #ldt (%t, %tid)
      cute.copy(%lst, %lrt) {atom = #cute_nvgpu.ldmatrix<num = 1, trans = true>}
      cute.copy(%b, %q)
      gpu.return
    }
  }
}
