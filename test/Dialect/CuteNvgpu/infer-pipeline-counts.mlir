// cute-nvgpu-infer-pipeline-counts: pipeline_create without tx_bytes and
// consumers gets them from the kernel (Analysis/PipelineProtocol.h), and
// cute-nvgpu-expand-pipelines initialises the barriers and expects the
// bytes with them.
// RUN: cute-opt %s --cute-nvgpu-infer-pipeline-counts | FileCheck %s
// RUN: cute-opt %s --cute-nvgpu-infer-pipeline-counts --cute-nvgpu-expand-pipelines | FileCheck %s --check-prefix=EXPAND
// The protocol verifier agrees with the inferred numbers.
// RUN: cute-opt %s --cute-nvgpu-infer-pipeline-counts --cute-plan-smem="chip=sm_90a" --cute-verify-kernel="chip=sm_90a" -o /dev/null
// Without the inference, the expansion asks for the numbers.
// RUN: not cute-opt %s --cute-nvgpu-expand-pipelines -o /dev/null 2>&1 | FileCheck %s --check-prefix=MISSING

// The gemm-sm90 shape: one producer thread loads a 128x64 A box (16384
// bytes) and a 256x64 B box (32768) per stage; two consumer warpgroups
// (warps [4, 12)) release from one elected lane per warp: 8 arrivals.
// CHECK-LABEL: gpu.func @gemm_like
// CHECK: cute_nvgpu.pipeline_create %{{.*}} {consumers = 8 : i32, tx_bytes = 49152 : i32}
// A second ring: a static loop of 2 loads of one A box per stage (32768
// bytes), released by every thread of the consumer warpgroups (256).
// CHECK: cute_nvgpu.pipeline_create %{{.*}} {consumers = 256 : i32, tx_bytes = 32768 : i32}
// A written number is kept.
// CHECK: cute_nvgpu.pipeline_create %{{.*}} {consumers = 8 : i32, tx_bytes = 49152 : i32}
// CHECK: cute_nvgpu.pipeline_create -> <tma_store, 2>

// EXPAND-LABEL: gpu.func @gemm_like
// Full barriers count the one expect_tx arrival, empty ones the consumers.
// EXPAND: cute_nvgpu.mbarrier_init %{{.*}}, count = 1
// EXPAND-NEXT: arith.constant 4 : i32
// EXPAND-NEXT: arith.addi
// EXPAND-NEXT: cute_nvgpu.mbarrier_get
// EXPAND-NEXT: cute_nvgpu.mbarrier_init %{{.*}}, count = 8
// EXPAND: cute_nvgpu.mbarrier_init_fence
// EXPAND: cute_nvgpu.mbarrier_init %{{.*}}, count = 1
// EXPAND-NEXT: arith.constant 4 : i32
// EXPAND-NEXT: arith.addi
// EXPAND-NEXT: cute_nvgpu.mbarrier_get
// EXPAND-NEXT: cute_nvgpu.mbarrier_init %{{.*}}, count = 256
// EXPAND: cute_nvgpu.mbarrier_init_fence
// EXPAND: cute_nvgpu.mbarrier_arrive_expect_tx %{{.*}}, bytes = 49152
// EXPAND: cute_nvgpu.mbarrier_arrive_expect_tx %{{.*}}, bytes = 32768
// EXPAND: cute_nvgpu.mbarrier_arrive_expect_tx %{{.*}}, bytes = 49152

// MISSING: error: 'cute_nvgpu.pipeline_create' op has no tx_bytes: write it, or run cute-nvgpu-infer-pipeline-counts first (--cute-compile does)

!descA = !cute_nvgpu.tma_desc<load, !cute.memref<bf16, smem, align<1024>, "(128,64):(64,1)">>
!descB = !cute_nvgpu.tma_desc<load, !cute.memref<bf16, smem, align<1024>, "(256,64):(64,1)">>
!tileA = !cute.memref<bf16, smem, align<1024>, "(128,64):(64,1)">
!tileB = !cute.memref<bf16, smem, align<1024>, "(256,64):(64,1)">
!pipe = !cute_nvgpu.pipeline<tma_async, 4>
!state = !cute_nvgpu.pipeline_state<4>
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @gemm_like(%ga: !cute.memref<bf16, gmem, align<16>, "(?,?):(?,1)">, %gb: !cute.memref<bf16, gmem, align<16>, "(?,?):(?,1)">, %k: i32) kernel
        attributes {gpu.known_block_size = array<i32: 384, 1, 1>} {
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      %c2 = arith.constant 2 : i32
      %c64 = arith.constant 64 : i32
      %da = cute_nvgpu.make_tma_desc %ga : !cute.memref<bf16, gmem, align<16>, "(?,?):(?,1)"> -> !descA
      %db = cute_nvgpu.make_tma_desc %gb : !cute.memref<bf16, gmem, align<16>, "(?,?):(?,1)"> -> !descB
      %bars = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "8:1">
      %bars2 = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "8:1">
      %bars3 = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "8:1">
      %ringA = cute.smem_alloc() : !cute.memref<bf16, smem, align<1024>, "((128,64),4):((64,1),8192)">
      %ringB = cute.smem_alloc() : !cute.memref<bf16, smem, align<1024>, "((256,64),4):((64,1),16384)">
      %loads = cute_nvgpu.pipeline_create %bars : !cute.memref<i64, smem, align<8>, "8:1"> -> !pipe
      %wide = cute_nvgpu.pipeline_create %bars2 : !cute.memref<i64, smem, align<8>, "8:1"> -> !pipe
      %kept = cute_nvgpu.pipeline_create %bars3 : !cute.memref<i64, smem, align<8>, "8:1"> {consumers = 8 : i32, tx_bytes = 49152 : i32} -> !pipe
      %stores = cute_nvgpu.pipeline_create -> !cute_nvgpu.pipeline<tma_store, 2>
      %kt = arith.divui %k, %c64 : i32
      cute_nvgpu.warp_specialize
        role "producer" warps [0, 1) {
          cute_nvgpu.elect_one {
            %p0 = cute_nvgpu.pipeline_producer_state %loads : !pipe -> !state
            %q0 = cute_nvgpu.pipeline_producer_state %wide : !pipe -> !state
            %r0 = cute_nvgpu.pipeline_producer_state %kept : !pipe -> !state
            %pe:3 = scf.for %t = %c0 to %kt step %c1 iter_args(%ps = %p0, %qs = %q0, %rs = %r0) -> (!state, !state, !state) : i32 {
              cute_nvgpu.pipeline_producer_acquire %loads, %ps : !pipe, !state
              %full = cute_nvgpu.pipeline_producer_get_barrier %loads, %ps : !pipe, !state
              %i = cute_nvgpu.pipeline_state_index %ps : !state
              %sc = cute.make_coord(%i) -> !cute.coord<"(_,?)">
              %bufA = cute.tensor_slice(%ringA, %sc)
              %bufB = cute.tensor_slice(%ringB, %sc)
              %k0 = arith.muli %t, %c64 : i32
              cute_nvgpu.tma_load %da, %bufA, %full box [%c0, %k0] : !descA, !tileA
              cute_nvgpu.tma_load %db, %bufB, %full box [%c0, %k0] : !descB, !tileB
              cute_nvgpu.pipeline_producer_commit %loads, %ps : !pipe, !state
              // The second ring: two boxes per stage from a static loop.
              cute_nvgpu.pipeline_producer_acquire %wide, %qs : !pipe, !state
              %full2 = cute_nvgpu.pipeline_producer_get_barrier %wide, %qs : !pipe, !state
              scf.for %h = %c0 to %c2 step %c1 : i32 {
                cute_nvgpu.tma_load %da, %bufA, %full2 box [%h, %k0] : !descA, !tileA
              }
              cute_nvgpu.pipeline_producer_acquire %kept, %rs : !pipe, !state
              %full3 = cute_nvgpu.pipeline_producer_get_barrier %kept, %rs : !pipe, !state
              cute_nvgpu.tma_load %da, %bufA, %full3 box [%c0, %k0] : !descA, !tileA
              cute_nvgpu.tma_load %db, %bufB, %full3 box [%c0, %k0] : !descB, !tileB
              %pn = cute_nvgpu.pipeline_state_advance %ps : !state
              %qn = cute_nvgpu.pipeline_state_advance %qs : !state
              %rn = cute_nvgpu.pipeline_state_advance %rs : !state
              scf.yield %pn, %qn, %rn : !state, !state, !state
            }
            cute_nvgpu.pipeline_producer_tail %loads, %pe#0 : !pipe, !state
          }
        }
        role "consumer" warps [4, 12) {
          %c0s = cute_nvgpu.pipeline_consumer_state %loads : !pipe -> !state
          %d0s = cute_nvgpu.pipeline_consumer_state %wide : !pipe -> !state
          %e0s = cute_nvgpu.pipeline_consumer_state %kept : !pipe -> !state
          %ce:3 = scf.for %t = %c0 to %kt step %c1 iter_args(%cs = %c0s, %ds = %d0s, %es = %e0s) -> (!state, !state, !state) : i32 {
            cute_nvgpu.pipeline_consumer_wait %loads, %cs : !pipe, !state
            cute_nvgpu.elect_one {
              cute_nvgpu.pipeline_consumer_release %loads, %cs : !pipe, !state
            }
            cute_nvgpu.pipeline_consumer_wait %wide, %ds : !pipe, !state
            cute_nvgpu.pipeline_consumer_release %wide, %ds : !pipe, !state
            cute_nvgpu.pipeline_consumer_wait %kept, %es : !pipe, !state
            cute_nvgpu.elect_one {
              cute_nvgpu.pipeline_consumer_release %kept, %es : !pipe, !state
            }
            %cn = cute_nvgpu.pipeline_state_advance %cs : !state
            %dn = cute_nvgpu.pipeline_state_advance %ds : !state
            %en = cute_nvgpu.pipeline_state_advance %es : !state
            scf.yield %cn, %dn, %en : !state, !state, !state
          }
        }
      gpu.return
    }
  }
}
