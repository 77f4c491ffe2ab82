// The protocol checks in the one-flag pipeline: --cute-compile runs
// cute-verify-kernel (protocol checks on) before the pipelines are expanded;
// verify-protocol=false turns them off (the deliberately broken kernel then
// compiles), while a TMA box whose shared-memory layout differs from the
// tensor the load writes is an op verifier error either way.
// RUN: not cute-opt %s -split-input-file --cute-compile="chip=sm_90a" -o /dev/null 2>&1 | FileCheck %s
// RUN: not cute-opt %s -split-input-file --cute-compile="chip=sm_90a verify-protocol=false" -o /dev/null 2>&1 | FileCheck %s --check-prefix=OFF

// CHECK: error: pipeline %loads: each stage receives 16384 bytes from its TMA loads (2 boxes of 8192) but tx_bytes = 8192
// OFF-NOT: tx_bytes
!gx = !cute.memref<f32, gmem, align<16>, "(?,?):(?,1)">
!box = !cute.memref<f32, smem, align<1024>, S<3,2,3>, "(64,32):(32,1)">
!ring = !cute.memref<f32, smem, align<1024>, S<3,2,3>, "((64,32),4):((32,1),2048)">
!bars = !cute.memref<i64, smem, align<8>, "8:1">
!ld = !cute_nvgpu.tma_desc<load, !box>
!pipe = !cute_nvgpu.pipeline<tma_async, 4>
!st = !cute_nvgpu.pipeline_state<4>
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @two_boxes(%px: !cute.ptr<f32, gmem, align<16>>, %m: i32, %n: i32, %ld: i32) kernel attributes {gpu.known_block_size = array<i32: 160, 1, 1>} {
      %c0 = arith.constant 0 : i32
      %shape = cute.make_shape(%m, %n)
      %s = cute.make_stride(%ld) -> !cute.stride<"(?,1)">
      %l = cute.make_layout(%shape, %s)
      %g = cute.make_view(%px, %l)
      %d = cute_nvgpu.make_tma_desc %g : !gx -> !ld
      %bars = cute.smem_alloc() : !bars
      %a = cute.smem_alloc() : !ring
      %b = cute.smem_alloc() : !ring
      %loads = cute_nvgpu.pipeline_create %bars : !bars {consumers = 128 : i32, tx_bytes = 8192 : i32} -> !pipe
      cute_nvgpu.warp_specialize
        role "producer" warps [0, 1) {
          cute_nvgpu.elect_one {
            %ps = cute_nvgpu.pipeline_producer_state %loads : !pipe -> !st
            cute_nvgpu.pipeline_producer_acquire %loads, %ps : !pipe, !st
            %full = cute_nvgpu.pipeline_producer_get_barrier %loads, %ps : !pipe, !st
            %i = cute_nvgpu.pipeline_state_index %ps : !st
            %sc = cute.make_coord(%i) -> !cute.coord<"(_,?)">
            %ba = cute.tensor_slice(%a, %sc)
            %bb = cute.tensor_slice(%b, %sc)
            cute_nvgpu.tma_load %d, %ba, %full box [%c0, %c0] : !ld, !box
            cute_nvgpu.tma_load %d, %bb, %full box [%c0, %c0] : !ld, !box
          }
        }
        role "consumer" warps [1, 5) {
          %cs = cute_nvgpu.pipeline_consumer_state %loads : !pipe -> !st
          cute_nvgpu.pipeline_consumer_wait %loads, %cs : !pipe, !st
          cute_nvgpu.pipeline_consumer_release %loads, %cs : !pipe, !st
        }
      gpu.return
    }
  }
}

// -----

// The consumers read the tile column-major, but TMA writes the box in its
// own (row-major, swizzled) layout.
// CHECK: error: 'cute_nvgpu.tma_load' op shared tensor layout S<3,2,3> o (64,32):(1,64) differs from the TMA box layout S<3,2,3> o (64,32):(32,1): TMA writes the box in this layout, so the consumers must read it in the same one
// OFF: error: 'cute_nvgpu.tma_load' op shared tensor layout S<3,2,3> o (64,32):(1,64) differs from the TMA box layout S<3,2,3> o (64,32):(32,1)
!gx = !cute.memref<f32, gmem, align<16>, "(?,?):(?,1)">
!box = !cute.memref<f32, smem, align<1024>, S<3,2,3>, "(64,32):(32,1)">
!colmajor = !cute.memref<f32, smem, align<1024>, S<3,2,3>, "(64,32):(1,64)">
!bars = !cute.memref<i64, smem, align<8>, "2:1">
!ld = !cute_nvgpu.tma_desc<load, !box>
!pipe = !cute_nvgpu.pipeline<tma_async, 1>
!st = !cute_nvgpu.pipeline_state<1>
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @column_major(%px: !cute.ptr<f32, gmem, align<16>>, %m: i32, %n: i32, %ld: i32) kernel attributes {gpu.known_block_size = array<i32: 160, 1, 1>} {
      %c0 = arith.constant 0 : i32
      %shape = cute.make_shape(%m, %n)
      %s = cute.make_stride(%ld) -> !cute.stride<"(?,1)">
      %l = cute.make_layout(%shape, %s)
      %g = cute.make_view(%px, %l)
      %d = cute_nvgpu.make_tma_desc %g : !gx -> !ld
      %bars = cute.smem_alloc() : !bars
      %tile = cute.smem_alloc() : !colmajor
      %loads = cute_nvgpu.pipeline_create %bars : !bars {consumers = 128 : i32, tx_bytes = 8192 : i32} -> !pipe
      cute_nvgpu.warp_specialize
        role "producer" warps [0, 1) {
          cute_nvgpu.elect_one {
            %ps = cute_nvgpu.pipeline_producer_state %loads : !pipe -> !st
            cute_nvgpu.pipeline_producer_acquire %loads, %ps : !pipe, !st
            %full = cute_nvgpu.pipeline_producer_get_barrier %loads, %ps : !pipe, !st
            cute_nvgpu.tma_load %d, %tile, %full box [%c0, %c0] : !ld, !colmajor
          }
        }
        role "consumer" warps [1, 5) {
          %cs = cute_nvgpu.pipeline_consumer_state %loads : !pipe -> !st
          cute_nvgpu.pipeline_consumer_wait %loads, %cs : !pipe, !st
          cute_nvgpu.pipeline_consumer_release %loads, %cs : !pipe, !st
        }
      gpu.return
    }
  }
}
