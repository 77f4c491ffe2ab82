// cute-nvgpu-expand-pipelines of the sm_100a pipelines (CUTLASS's
// PipelineTmaUmmaAsync and PipelineUmmaAsync):
// - tma_umma: full count 1 (the producer's arrive.expect_tx), empty count
//   consumers x multicast; the producer acquires as tma_async; the consumer
//   (the MMA thread) releases with tcgen05.commit onto the empty barrier,
//   multicast to CTAs 0 .. C-1 with multicast = C;
// - umma_async: full count 1 (one commit), empty count consumers x
//   cta_group; producer_commit is tcgen05.commit onto the full barrier
//   (cta_group = 2: onto both CTAs of the pair, mask 3 << (rank & ~1));
//   consumers arrive on the empty barrier (cta_group = 2: on the pair's even
//   CTA's, rank & ~1).
// RUN: cute-opt %s --cute-nvgpu-expand-pipelines | FileCheck %s

// CHECK-LABEL: gpu.func @tma_umma(
// CHECK: cute_nvgpu.mbarrier_init %{{.*}}, count = 1{{$}}
// CHECK: cute_nvgpu.mbarrier_init %{{.*}}, count = 1{{$}}
// producer_acquire: wait empty, arrive.expect_tx on full.
// CHECK: cute_nvgpu.mbarrier_wait %{{.*}} {label = "tma_umma pipeline at expand-umma-pipelines.mlir:{{[0-9]+}} (empty barrier, pipeline_producer_acquire)"}
// CHECK: cute_nvgpu.mbarrier_arrive_expect_tx %{{.*}}, bytes = 32768
// consumer_wait on full, consumer_release = tcgen05.commit onto empty.
// CHECK: cute_nvgpu.mbarrier_wait %{{.*}} {label = "tma_umma pipeline at expand-umma-pipelines.mlir:{{[0-9]+}} (full barrier, pipeline_consumer_wait)"}
// CHECK: %[[S:.*]] = arith.constant 2 : i32
// CHECK: %[[EI:.*]] = arith.addi %{{.*}}, %[[S]] : i32
// CHECK: %[[E:.*]] = cute_nvgpu.mbarrier_get %{{.*}}[%[[EI]]]
// CHECK-NEXT: cute_nvgpu.tcgen05_commit %[[E]]{{$}}
// CHECK-NOT: cute_nvgpu.mbarrier_arrive
// CHECK: gpu.return
gpu.module @k1 {
  gpu.func @tma_umma(%n: i32) kernel attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
    %bars = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "4:1">
    %p = cute_nvgpu.pipeline_create %bars : !cute.memref<i64, smem, align<8>, "4:1"> {tx_bytes = 32768 : i32} -> !cute_nvgpu.pipeline<tma_umma, 2>
    %ps = cute_nvgpu.pipeline_producer_state %p : !cute_nvgpu.pipeline<tma_umma, 2> -> !cute_nvgpu.pipeline_state<2>
    cute_nvgpu.pipeline_producer_acquire %p, %ps : !cute_nvgpu.pipeline<tma_umma, 2>, !cute_nvgpu.pipeline_state<2>
    %cs = cute_nvgpu.pipeline_consumer_state %p : !cute_nvgpu.pipeline<tma_umma, 2> -> !cute_nvgpu.pipeline_state<2>
    cute_nvgpu.pipeline_consumer_wait %p, %cs : !cute_nvgpu.pipeline<tma_umma, 2>, !cute_nvgpu.pipeline_state<2>
    cute_nvgpu.pipeline_consumer_release %p, %cs : !cute_nvgpu.pipeline<tma_umma, 2>, !cute_nvgpu.pipeline_state<2>
    gpu.return
  }
}

// Multicast over a cluster of 4: empty count 4 (one commit from each CTA's
// MMA thread), the release commits to CTAs 0-3 (mask 0xF).
// CHECK-LABEL: gpu.func @tma_umma_multicast(
// CHECK: cute_nvgpu.mbarrier_init %{{.*}}, count = 1{{$}}
// CHECK: cute_nvgpu.mbarrier_init %{{.*}}, count = 4{{$}}
// CHECK: cute_nvgpu.cluster_sync
// CHECK: %[[E:.*]] = cute_nvgpu.mbarrier_get
// CHECK-NEXT: %[[M:.*]] = arith.constant 15 : i16
// CHECK-NEXT: cute_nvgpu.tcgen05_commit %[[E]] multicast %[[M]]{{$}}
gpu.module @k2 {
  gpu.func @tma_umma_multicast(%n: i32) kernel attributes {cute.cluster_dims = array<i32: 4, 1, 1>, gpu.known_block_size = array<i32: 128, 1, 1>} {
    %bars = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "4:1">
    %p = cute_nvgpu.pipeline_create %bars : !cute.memref<i64, smem, align<8>, "4:1"> {tx_bytes = 65536 : i32, multicast = 4 : i32} -> !cute_nvgpu.pipeline<tma_umma, 2>
    %cs = cute_nvgpu.pipeline_consumer_state %p : !cute_nvgpu.pipeline<tma_umma, 2> -> !cute_nvgpu.pipeline_state<2>
    cute_nvgpu.pipeline_consumer_release %p, %cs : !cute_nvgpu.pipeline<tma_umma, 2>, !cute_nvgpu.pipeline_state<2>
    gpu.return
  }
}

// umma_async on one CTA: 128 epilogue threads release.
// CHECK-LABEL: gpu.func @umma_async(
// CHECK: cute_nvgpu.mbarrier_init %{{.*}}, count = 1{{$}}
// CHECK: cute_nvgpu.mbarrier_init %{{.*}}, count = 128{{$}}
// producer_acquire waits on empty only; commit = tcgen05.commit onto full.
// CHECK: cute_nvgpu.mbarrier_wait %{{.*}} {label = "umma_async pipeline at expand-umma-pipelines.mlir:{{[0-9]+}} (empty barrier, pipeline_producer_acquire)"}
// CHECK-NOT: expect_tx
// CHECK: %[[F:.*]] = cute_nvgpu.mbarrier_get
// CHECK-NEXT: cute_nvgpu.tcgen05_commit %[[F]]{{$}}
// CHECK: cute_nvgpu.mbarrier_wait %{{.*}} {label = "umma_async pipeline at expand-umma-pipelines.mlir:{{[0-9]+}} (full barrier, pipeline_consumer_wait)"}
// CHECK: %[[E:.*]] = cute_nvgpu.mbarrier_get
// CHECK-NEXT: cute_nvgpu.mbarrier_arrive %[[E]]{{$}}
gpu.module @k3 {
  gpu.func @umma_async(%n: i32) kernel attributes {gpu.known_block_size = array<i32: 160, 1, 1>} {
    %bars = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "4:1">
    %p = cute_nvgpu.pipeline_create %bars : !cute.memref<i64, smem, align<8>, "4:1"> {consumers = 128 : i32} -> !cute_nvgpu.pipeline<umma_async, 2>
    %ps = cute_nvgpu.pipeline_producer_state %p : !cute_nvgpu.pipeline<umma_async, 2> -> !cute_nvgpu.pipeline_state<2>
    cute_nvgpu.pipeline_producer_acquire %p, %ps : !cute_nvgpu.pipeline<umma_async, 2>, !cute_nvgpu.pipeline_state<2>
    cute_nvgpu.pipeline_producer_commit %p, %ps : !cute_nvgpu.pipeline<umma_async, 2>, !cute_nvgpu.pipeline_state<2>
    %cs = cute_nvgpu.pipeline_consumer_state %p : !cute_nvgpu.pipeline<umma_async, 2> -> !cute_nvgpu.pipeline_state<2>
    cute_nvgpu.pipeline_consumer_wait %p, %cs : !cute_nvgpu.pipeline<umma_async, 2>, !cute_nvgpu.pipeline_state<2>
    cute_nvgpu.pipeline_consumer_release %p, %cs : !cute_nvgpu.pipeline<umma_async, 2>, !cute_nvgpu.pipeline_state<2>
    gpu.return
  }
}

// umma_async on a CTA pair: empty count 2 x 128; the commit goes to both
// CTAs of the pair (cta_group 2, mask 3 << (rank & ~1)); consumers arrive
// on the even CTA's empty barrier.
// CHECK-LABEL: gpu.func @umma_async_pair(
// CHECK: cute_nvgpu.mbarrier_init %{{.*}}, count = 1{{$}}
// CHECK: cute_nvgpu.mbarrier_init %{{.*}}, count = 256{{$}}
// CHECK: cute_nvgpu.cluster_sync
// CHECK: %[[F:.*]] = cute_nvgpu.mbarrier_get
// CHECK-NEXT: %[[R:.*]] = cute_nvgpu.cluster_rank
// CHECK-NEXT: %[[NOT1:.*]] = arith.constant -2 : i32
// CHECK-NEXT: %[[LEAD:.*]] = arith.andi %[[R]], %[[NOT1]] : i32
// CHECK-NEXT: %[[THREE:.*]] = arith.constant 3 : i32
// CHECK-NEXT: %[[SH:.*]] = arith.shli %[[THREE]], %[[LEAD]] : i32
// CHECK-NEXT: %[[MASK:.*]] = arith.trunci %[[SH]] : i32 to i16
// CHECK-NEXT: cute_nvgpu.tcgen05_commit %[[F]] multicast %[[MASK]] cta_group = 2
// CHECK: %[[E:.*]] = cute_nvgpu.mbarrier_get
// CHECK-NEXT: %[[R2:.*]] = cute_nvgpu.cluster_rank
// CHECK-NEXT: %[[N2:.*]] = arith.constant -2 : i32
// CHECK-NEXT: %[[L2:.*]] = arith.andi %[[R2]], %[[N2]] : i32
// CHECK-NEXT: cute_nvgpu.mbarrier_arrive %[[E]] cta %[[L2]] release_cta{{$}}
gpu.module @k4 {
  gpu.func @umma_async_pair(%n: i32) kernel attributes {cute.cluster_dims = array<i32: 2, 1, 1>, gpu.known_block_size = array<i32: 160, 1, 1>} {
    %bars = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "4:1">
    %p = cute_nvgpu.pipeline_create %bars : !cute.memref<i64, smem, align<8>, "4:1"> {consumers = 128 : i32, cta_group = 2 : i32} -> !cute_nvgpu.pipeline<umma_async, 2>
    %ps = cute_nvgpu.pipeline_producer_state %p : !cute_nvgpu.pipeline<umma_async, 2> -> !cute_nvgpu.pipeline_state<2>
    cute_nvgpu.pipeline_producer_commit %p, %ps : !cute_nvgpu.pipeline<umma_async, 2>, !cute_nvgpu.pipeline_state<2>
    %cs = cute_nvgpu.pipeline_consumer_state %p : !cute_nvgpu.pipeline<umma_async, 2> -> !cute_nvgpu.pipeline_state<2>
    cute_nvgpu.pipeline_consumer_release %p, %cs : !cute_nvgpu.pipeline<umma_async, 2>, !cute_nvgpu.pipeline_state<2>
    gpu.return
  }
}

// tma_umma on a CTA pair (cta_group 2): empty count 1 in each CTA (one
// commit from the even CTA's MMA thread arrives on both CTAs' barrier);
// producer_acquire waits on its own empty barrier in both CTAs, but only
// the even CTA expects the stage's bytes (both CTAs' TMA loads complete its
// full barrier); the release commits to both CTAs (mask 3 << (rank & ~1)).
// CHECK-LABEL: gpu.func @tma_umma_pair(
// CHECK-COUNT-4: cute_nvgpu.mbarrier_init %{{.*}}, count = 1{{$}}
// CHECK-NOT: cute_nvgpu.mbarrier_init %
// CHECK: cute_nvgpu.cluster_sync
// CHECK: cute_nvgpu.mbarrier_wait %{{.*}} {label = "tma_umma pipeline at expand-umma-pipelines.mlir:{{[0-9]+}} (empty barrier, pipeline_producer_acquire)"}
// CHECK: %[[R:.*]] = cute_nvgpu.cluster_rank
// CHECK-NEXT: %[[ONE:.*]] = arith.constant 1 : i32
// CHECK-NEXT: %[[ODD:.*]] = arith.andi %[[R]], %[[ONE]] : i32
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %[[EVEN:.*]] = arith.cmpi eq, %[[ODD]], %[[Z]] : i32
// CHECK-NEXT: scf.if %[[EVEN]] {
// CHECK: cute_nvgpu.mbarrier_arrive_expect_tx %{{.*}}, bytes = 65536
// CHECK-NEXT: }
// CHECK: cute_nvgpu.mbarrier_wait %{{.*}} {label = "tma_umma pipeline at expand-umma-pipelines.mlir:{{[0-9]+}} (full barrier, pipeline_consumer_wait)"}
// CHECK: %[[E:.*]] = cute_nvgpu.mbarrier_get
// CHECK-NEXT: %[[R2:.*]] = cute_nvgpu.cluster_rank
// CHECK-NEXT: %[[NOT1:.*]] = arith.constant -2 : i32
// CHECK-NEXT: %[[LEAD:.*]] = arith.andi %[[R2]], %[[NOT1]] : i32
// CHECK-NEXT: %[[THREE:.*]] = arith.constant 3 : i32
// CHECK-NEXT: %[[SH:.*]] = arith.shli %[[THREE]], %[[LEAD]] : i32
// CHECK-NEXT: %[[MASK:.*]] = arith.trunci %[[SH]] : i32 to i16
// CHECK-NEXT: cute_nvgpu.tcgen05_commit %[[E]] multicast %[[MASK]] cta_group = 2
gpu.module @k5 {
  gpu.func @tma_umma_pair(%n: i32) kernel attributes {cute.cluster_dims = array<i32: 2, 1, 1>, gpu.known_block_size = array<i32: 128, 1, 1>} {
    %bars = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "4:1">
    %p = cute_nvgpu.pipeline_create %bars : !cute.memref<i64, smem, align<8>, "4:1"> {tx_bytes = 65536 : i32, cta_group = 2 : i32} -> !cute_nvgpu.pipeline<tma_umma, 2>
    %ps = cute_nvgpu.pipeline_producer_state %p : !cute_nvgpu.pipeline<tma_umma, 2> -> !cute_nvgpu.pipeline_state<2>
    cute_nvgpu.pipeline_producer_acquire %p, %ps : !cute_nvgpu.pipeline<tma_umma, 2>, !cute_nvgpu.pipeline_state<2>
    %cs = cute_nvgpu.pipeline_consumer_state %p : !cute_nvgpu.pipeline<tma_umma, 2> -> !cute_nvgpu.pipeline_state<2>
    cute_nvgpu.pipeline_consumer_wait %p, %cs : !cute_nvgpu.pipeline<tma_umma, 2>, !cute_nvgpu.pipeline_state<2>
    cute_nvgpu.pipeline_consumer_release %p, %cs : !cute_nvgpu.pipeline<tma_umma, 2>, !cute_nvgpu.pipeline_state<2>
    gpu.return
  }
}
