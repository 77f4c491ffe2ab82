// cute-nvgpu-expand-pipelines orders generic-proxy reads of a TMA-filled
// stage before the TMA that refills it: a consumer_release of a tma_async
// pipeline whose warp role (or kernel) reads, through the generic proxy
// (ldmatrix or vector loads: cute.copy or cute.load from smem), shared
// memory that TMA loads fill (or whose allocation is not known) is
// preceded by fence.proxy.async (the PTX ISA's memory model, proxies).
// Without it the H100 refilled stages still being read by ldmatrix
// (examples/fmha-prefill kernel-sm120.mlir, 2026-12-06). A role whose MMAs
// read the stage (the async proxy) gets no fence, nor does one that reads
// only shared memory no TMA load writes (a tile-index slot), nor one whose
// reads are in another role.
// RUN: cute-opt %s --cute-nvgpu-expand-pipelines | FileCheck %s

!P = !cute_nvgpu.pipeline<tma_async, 2>
!S = !cute_nvgpu.pipeline_state<2>
!Buf = !cute.memref<f32, smem, align<16>, "(4,2):(1,4)">
!Box = !cute.memref<f32, smem, align<128>, "(4,8):(8,1)">

// CHECK-LABEL: gpu.func @generic_reads
// CHECK: cute_nvgpu.mbarrier_wait
// CHECK: cute.load
// CHECK-NEXT: cute_nvgpu.elect_one {
// CHECK-NEXT: cute_nvgpu.fence_proxy_async
// CHECK-NOT: cute_nvgpu.mbarrier_wait
// CHECK: cute_nvgpu.mbarrier_arrive %
// CHECK-LABEL: gpu.func @tma_filled
// CHECK: cute_nvgpu.tma_load
// CHECK: cute.load
// CHECK-NEXT: cute_nvgpu.elect_one {
// CHECK-NEXT: cute_nvgpu.fence_proxy_async
// CHECK-LABEL: gpu.func @other_smem
// CHECK-NOT: cute_nvgpu.fence_proxy_async
// CHECK: cute_nvgpu.mbarrier_arrive %
// CHECK-LABEL: gpu.func @no_generic_reads
// CHECK-NOT: cute_nvgpu.fence_proxy_async
// CHECK: cute_nvgpu.mbarrier_arrive
// CHECK-NOT: cute_nvgpu.fence_proxy_async
// CHECK: gpu.return
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @generic_reads(%buf: !Buf) kernel attributes {gpu.known_block_size = array<i32: 64, 1, 1>} {
      %bars = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "4:1">
      %p = cute_nvgpu.pipeline_create %bars : !cute.memref<i64, smem, align<8>, "4:1"> {consumers = 1 : i32, tx_bytes = 32 : i32} -> !P
      cute_nvgpu.warp_specialize
        role "producer" warps [0, 1) {
          cute_nvgpu.elect_one {
            %ps = cute_nvgpu.pipeline_producer_state %p
            cute_nvgpu.pipeline_producer_acquire %p, %ps
          }
        }
        role "consumer" warps [1, 2) {
          %cs = cute_nvgpu.pipeline_consumer_state %p
          cute_nvgpu.pipeline_consumer_wait %p, %cs
          %v = cute.load(%buf)
          cute_nvgpu.elect_one {
            cute_nvgpu.pipeline_consumer_release %p, %cs
          }
        }
      gpu.return
    }
    gpu.func @tma_filled(%d: !cute_nvgpu.tma_desc<load, !Box>, %x: i32) kernel attributes {gpu.known_block_size = array<i32: 64, 1, 1>} {
      %bars = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "4:1">
      %buf = cute.smem_alloc() : !Box
      %p = cute_nvgpu.pipeline_create %bars : !cute.memref<i64, smem, align<8>, "4:1"> {consumers = 1 : i32, tx_bytes = 128 : i32} -> !P
      cute_nvgpu.warp_specialize
        role "producer" warps [0, 1) {
          cute_nvgpu.elect_one {
            %ps = cute_nvgpu.pipeline_producer_state %p
            cute_nvgpu.pipeline_producer_acquire %p, %ps
            %b = cute_nvgpu.pipeline_producer_get_barrier %p, %ps
            cute_nvgpu.tma_load %d, %buf, %b box [%x, %x] : !cute_nvgpu.tma_desc<load, !Box>, !Box
          }
        }
        role "consumer" warps [1, 2) {
          %cs = cute_nvgpu.pipeline_consumer_state %p
          cute_nvgpu.pipeline_consumer_wait %p, %cs
          %v = cute.load(%buf)
          cute_nvgpu.elect_one {
            cute_nvgpu.pipeline_consumer_release %p, %cs
          }
        }
      gpu.return
    }
    gpu.func @other_smem(%d: !cute_nvgpu.tma_desc<load, !Box>, %x: i32) kernel attributes {gpu.known_block_size = array<i32: 64, 1, 1>} {
      %bars = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "4:1">
      %buf = cute.smem_alloc() : !Box
      %slot = cute.smem_alloc() : !Buf
      %p = cute_nvgpu.pipeline_create %bars : !cute.memref<i64, smem, align<8>, "4:1"> {consumers = 1 : i32, tx_bytes = 128 : i32} -> !P
      cute_nvgpu.warp_specialize
        role "producer" warps [0, 1) {
          cute_nvgpu.elect_one {
            %ps = cute_nvgpu.pipeline_producer_state %p
            cute_nvgpu.pipeline_producer_acquire %p, %ps
            %b = cute_nvgpu.pipeline_producer_get_barrier %p, %ps
            cute_nvgpu.tma_load %d, %buf, %b box [%x, %x] : !cute_nvgpu.tma_desc<load, !Box>, !Box
          }
        }
        role "consumer" warps [1, 2) {
          %cs = cute_nvgpu.pipeline_consumer_state %p
          cute_nvgpu.pipeline_consumer_wait %p, %cs
          %v = cute.load(%slot)
          cute_nvgpu.elect_one {
            cute_nvgpu.pipeline_consumer_release %p, %cs
          }
        }
      gpu.return
    }
    gpu.func @no_generic_reads() kernel attributes {gpu.known_block_size = array<i32: 64, 1, 1>} {
      %bars = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "4:1">
      %buf = cute.smem_alloc() : !Buf
      %p = cute_nvgpu.pipeline_create %bars : !cute.memref<i64, smem, align<8>, "4:1"> {consumers = 1 : i32, tx_bytes = 32 : i32} -> !P
      cute_nvgpu.warp_specialize
        role "producer" warps [0, 1) {
          %v = cute.load(%buf)
          cute_nvgpu.elect_one {
            %ps = cute_nvgpu.pipeline_producer_state %p
            cute_nvgpu.pipeline_producer_acquire %p, %ps
          }
        }
        role "consumer" warps [1, 2) {
          %cs = cute_nvgpu.pipeline_consumer_state %p
          cute_nvgpu.pipeline_consumer_wait %p, %cs
          cute_nvgpu.elect_one {
            cute_nvgpu.pipeline_consumer_release %p, %cs
          }
        }
      gpu.return
    }
  }
}
