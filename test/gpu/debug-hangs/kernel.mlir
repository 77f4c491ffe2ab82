// RUN: cute-opt %s --cute-nvgpu-outline-tma --cute-nvgpu-expand-pipelines --convert-cute-nvgpu-to-nvvm="debug-hangs=1000" | FileCheck %s
// A deliberately broken pipeline for the debug-hangs demo: the stage's TMA
// load brings one 32x32 f32 box (4096 bytes) but the pipeline expects 8192,
// so the full barrier never completes and the consumers wait forever.
// cute-verify-kernel rejects this kernel (expect_tx != the bytes of the
// loads); it is compiled with verify-protocol=false and debug-hangs=N so
// that the GPU run shows the hang turned into a message and a trap
// (test/gpu/debug-hangs/host.cpp).
// CHECK: cute debug-hangs: kernel hang_on_expect_tx block (%d,%d,%d) thread %d (warp %d): tma_async pipeline at kernel.mlir:{{[0-9]+}} (full barrier, pipeline_consumer_wait, role \22consumer\22) stage %d phase %d: not completed after 1000 polls
// CHECK: llvm.intr.trap
module attributes {gpu.container_module} {
  gpu.module @debug_hangs {
    gpu.func @hang_on_expect_tx(%px: !cute.ptr<f32, gmem, align<16>>, %m: i32, %n: i32, %ld: i32) kernel
        attributes {gpu.known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : i32
      %shape = cute.make_shape(%m, %n)
      %sx = cute.make_stride(%ld) -> !cute.stride<"(?,1)">
      %lx = cute.make_layout(%shape, %sx)
      %gx = cute.make_view(%px, %lx)
      %dx = cute_nvgpu.make_tma_desc %gx : !cute.memref<f32, gmem, align<16>, "(?,?):(?,1)"> -> !cute_nvgpu.tma_desc<load, !cute.memref<f32, smem, align<1024>, S<3,2,3>, "(32,32):(32,1)">>
      %bars = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "2:1">
      %buf = cute.smem_alloc() : !cute.memref<f32, smem, align<1024>, S<3,2,3>, "(32,32):(32,1)">
      %p = cute_nvgpu.pipeline_create %bars : !cute.memref<i64, smem, align<8>, "2:1"> {consumers = 32 : i32, tx_bytes = 8192 : i32} -> !cute_nvgpu.pipeline<tma_async, 1>
      cute_nvgpu.warp_specialize
        role "producer" warps [0, 1) {
          cute_nvgpu.elect_one {
            %ps = cute_nvgpu.pipeline_producer_state %p : !cute_nvgpu.pipeline<tma_async, 1> -> !cute_nvgpu.pipeline_state<1>
            cute_nvgpu.pipeline_producer_acquire %p, %ps : !cute_nvgpu.pipeline<tma_async, 1>, !cute_nvgpu.pipeline_state<1>
            %full = cute_nvgpu.pipeline_producer_get_barrier %p, %ps : !cute_nvgpu.pipeline<tma_async, 1>, !cute_nvgpu.pipeline_state<1>
            cute_nvgpu.tma_load %dx, %buf, %full box [%c0, %c0] : !cute_nvgpu.tma_desc<load, !cute.memref<f32, smem, align<1024>, S<3,2,3>, "(32,32):(32,1)">>, !cute.memref<f32, smem, align<1024>, S<3,2,3>, "(32,32):(32,1)">
          }
        }
        role "consumer" warps [1, 2) {
          %cs = cute_nvgpu.pipeline_consumer_state %p : !cute_nvgpu.pipeline<tma_async, 1> -> !cute_nvgpu.pipeline_state<1>
          cute_nvgpu.pipeline_consumer_wait %p, %cs : !cute_nvgpu.pipeline<tma_async, 1>, !cute_nvgpu.pipeline_state<1>
          cute_nvgpu.pipeline_consumer_release %p, %cs : !cute_nvgpu.pipeline<tma_async, 1>, !cute_nvgpu.pipeline_state<1>
        }
      gpu.return
    }
  }
}
