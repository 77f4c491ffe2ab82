// Protocol checks of cute-verify-kernel that depend on the chip: sm_120a
// (GeForce Blackwell) has 101376 bytes of shared memory per block and no
// clusters, so no TMA multicast.
// RUN: cute-opt %s -split-input-file --cute-plan-smem="chip=sm_120a" --cute-verify-kernel="chip=sm_120a" -verify-diagnostics
// On sm_90a (232448 bytes, clusters of up to 8) both kernels are fine.
// RUN: sed 's/expected-/unchecked-/' %s | cute-opt -split-input-file --cute-plan-smem="chip=sm_90a" --cute-verify-kernel="chip=sm_90a" -o /dev/null 2>&1 | FileCheck %s --allow-empty --check-prefix=SM90
// SM90-NOT: error

// A 5-stage ring of 128x32 f32 boxes (16 KiB each) and a 2-stage store
// staging ring: 115712 bytes planned in dynamic shared memory. The error
// lists each allocation with its bytes, offset and contents.
!gx = !cute.memref<f32, gmem, align<16>, "(?,?):(?,1)">
!box = !cute.memref<f32, smem, align<1024>, S<3,2,3>, "(128,32):(32,1)">
!ring = !cute.memref<f32, smem, align<1024>, S<3,2,3>, "((128,32),5):((32,1),4096)">
!stage = !cute.memref<f32, smem, align<1024>, S<3,2,3>, "((128,32),2):((32,1),4096)">
!bars = !cute.memref<i64, smem, align<8>, "10:1">
!ld = !cute_nvgpu.tma_desc<load, !box>
!sd = !cute_nvgpu.tma_desc<store, !box>
!pipe = !cute_nvgpu.pipeline<tma_async, 5>
!st = !cute_nvgpu.pipeline_state<5>
module attributes {gpu.container_module} {
  gpu.module @k {
    // expected-error @below {{kernel @deep_ring uses 115712 bytes of shared memory (static 0 + dynamic 115712); sm_120a allows at most 101376 bytes per block}}
    gpu.func @deep_ring(%px: !cute.ptr<f32, gmem, align<16>>, %py: !cute.ptr<f32, gmem, align<16>>, %m: i32, %n: i32, %ld: i32) kernel attributes {gpu.known_block_size = array<i32: 160, 1, 1>} {
      %c0 = arith.constant 0 : i32
      %tidx = gpu.thread_id x
      %tid = arith.index_cast %tidx : index to i32
      %shape = cute.make_shape(%m, %n)
      %s = cute.make_stride(%ld) -> !cute.stride<"(?,1)">
      %l = cute.make_layout(%shape, %s)
      %gx = cute.make_view(%px, %l)
      %gy = cute.make_view(%py, %l)
      %dx = cute_nvgpu.make_tma_desc %gx : !gx -> !ld
      %dy = cute_nvgpu.make_tma_desc %gy : !gx -> !sd
      // expected-note @below {{80 bytes at offset 0: the barriers of a 5-stage pipeline}}
      %bars = cute.smem_alloc() : !bars
      // expected-note @below {{81920 bytes at offset 1024: 5 TMA boxes of 16384 bytes}}
      %ring = cute.smem_alloc() : !ring
      // expected-note @below {{32768 bytes at offset 82944: 2 TMA boxes of 16384 bytes}}
      %stage = cute.smem_alloc() : !stage
      %loads = cute_nvgpu.pipeline_create %bars : !bars {consumers = 128 : i32, tx_bytes = 16384 : i32} -> !pipe
      cute_nvgpu.warp_specialize
        role "producer" warps [0, 1) {
          cute_nvgpu.elect_one {
            %ps = cute_nvgpu.pipeline_producer_state %loads : !pipe -> !st
            cute_nvgpu.pipeline_producer_acquire %loads, %ps : !pipe, !st
            %full = cute_nvgpu.pipeline_producer_get_barrier %loads, %ps : !pipe, !st
            %i = cute_nvgpu.pipeline_state_index %ps : !st
            %sc = cute.make_coord(%i) -> !cute.coord<"(_,?)">
            %buf = cute.tensor_slice(%ring, %sc)
            cute_nvgpu.tma_load %dx, %buf, %full box [%c0, %c0] : !ld, !box
          }
        }
        role "consumer" warps [1, 5) {
          %cs = cute_nvgpu.pipeline_consumer_state %loads : !pipe -> !st
          cute_nvgpu.pipeline_consumer_wait %loads, %cs : !pipe, !st
          cute_nvgpu.pipeline_consumer_release %loads, %cs : !pipe, !st
          %oc = cute.make_coord(%c0) -> !cute.coord<"(_,?)">
          %obuf = cute.tensor_slice(%stage, %oc)
          cute_nvgpu.elect_one {
            cute_nvgpu.tma_store %dy, %obuf box [%c0, %c0] : !sd, !box
          }
        }
      gpu.return
    }
  }
}

// -----

// A cluster of 2 with a multicast load (each stage receives its own box and
// its peer's: tx_bytes = 2 x 8192): right on sm_90a, impossible on sm_120a.
!gx = !cute.memref<f32, gmem, align<16>, "(?,?):(?,1)">
!box = !cute.memref<f32, smem, align<1024>, S<3,2,3>, "(64,32):(32,1)">
!ring = !cute.memref<f32, smem, align<1024>, S<3,2,3>, "((64,32),4):((32,1),2048)">
!bars = !cute.memref<i64, smem, align<8>, "8:1">
!mld = !cute_nvgpu.tma_desc<load, !box, multicast = 2>
!pipe = !cute_nvgpu.pipeline<tma_async, 4>
!st = !cute_nvgpu.pipeline_state<4>
module attributes {gpu.container_module} {
  gpu.module @k {
    // expected-error @below {{kernel @cluster_multicast asks for a cluster of 2 blocks; sm_120a is compiled without clusters}}
    gpu.func @cluster_multicast(%px: !cute.ptr<f32, gmem, align<16>>, %m: i32, %n: i32, %ld: i32) kernel attributes {cute.cluster_dims = array<i32: 2, 1, 1>, gpu.known_block_size = array<i32: 160, 1, 1>} {
      %c0 = arith.constant 0 : i32
      %mask = arith.constant 3 : i16
      %shape = cute.make_shape(%m, %n)
      %s = cute.make_stride(%ld) -> !cute.stride<"(?,1)">
      %l = cute.make_layout(%shape, %s)
      %g = cute.make_view(%px, %l)
      %d = cute_nvgpu.make_tma_desc %g : !gx -> !mld
      %bars = cute.smem_alloc() : !bars
      %ring = cute.smem_alloc() : !ring
      // expected-error @below {{pipeline_create multicasts to 2 CTAs, but sm_120a is compiled without clusters (no multicast)}}
      %loads = cute_nvgpu.pipeline_create %bars : !bars {consumers = 128 : i32, tx_bytes = 16384 : i32, multicast = 2 : i32} -> !pipe
      cute_nvgpu.warp_specialize
        role "producer" warps [0, 1) {
          cute_nvgpu.elect_one {
            %ps = cute_nvgpu.pipeline_producer_state %loads : !pipe -> !st
            cute_nvgpu.pipeline_producer_acquire %loads, %ps : !pipe, !st
            %full = cute_nvgpu.pipeline_producer_get_barrier %loads, %ps : !pipe, !st
            %i = cute_nvgpu.pipeline_state_index %ps : !st
            %sc = cute.make_coord(%i) -> !cute.coord<"(_,?)">
            %buf = cute.tensor_slice(%ring, %sc)
            // expected-error @below {{tma_load multicasts to 2 CTAs, but sm_120a is compiled without clusters (no multicast)}}
            cute_nvgpu.tma_load %d, %buf, %full box [%c0, %c0] multicast %mask : !mld, !box
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
