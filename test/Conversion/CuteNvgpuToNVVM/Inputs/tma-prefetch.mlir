// A kernel whose only use of its two TMA descriptors is a prefetch (input of
// grid-constant-args.mlir).
module attributes {gpu.container_module} {
  gpu.module @tma_prefetch {
    gpu.func @prefetch(%p: !cute.ptr<f16, gmem, align<16>>, %m: i32, %ld: i32) kernel
        attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
      %c64 = arith.constant 64 : i32
      %shape = cute.make_shape(%m, %c64)
      %st = cute.make_stride(%ld) -> !cute.stride<"(?,1)">
      %l = cute.make_layout(%shape, %st)
      %g = cute.make_view(%p, %l)
      %d = cute_nvgpu.make_tma_desc %g : !cute.memref<f16, gmem, align<16>, "(?,?):(?,1)"> -> !cute_nvgpu.tma_desc<load, !cute.memref<f16, smem, align<1024>, S<3,3,3>, "(8,64):(64,1)">>
      %e = cute_nvgpu.make_tma_desc %g : !cute.memref<f16, gmem, align<16>, "(?,?):(?,1)"> -> !cute_nvgpu.tma_desc<store, !cute.memref<f16, smem, align<128>, "(8,64):(64,1)">>
      cute_nvgpu.tma_prefetch_desc %d : !cute_nvgpu.tma_desc<load, !cute.memref<f16, smem, align<1024>, S<3,3,3>, "(8,64):(64,1)">>
      cute_nvgpu.tma_prefetch_desc %e : !cute_nvgpu.tma_desc<store, !cute.memref<f16, smem, align<128>, "(8,64):(64,1)">>
      gpu.return
    }
  }
}
