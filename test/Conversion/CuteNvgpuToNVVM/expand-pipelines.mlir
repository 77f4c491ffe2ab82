// cute-nvgpu-expand-pipelines: a state is one i32 (phase in bit 31, index
// below; the producer starts at phase 1, the consumer at 0); thread 0
// initialises the full barriers storage[0, S) and the empty barriers
// storage[S, 2S), then fence.mbarrier_init and a block barrier (a cluster
// barrier in a cluster kernel); producer_acquire waits on the empty barrier
// and (tma_async) arrives with expect_tx on the full one; commit arrives on
// full (async) or is nothing (tma_async); consumer_release arrives on empty
// (in every CTA of a multicast group); tail waits on every empty barrier
// once more; tma_store pipelines are bulk groups.
// RUN: cute-opt %s --cute-nvgpu-expand-pipelines | FileCheck %s

// CHECK-LABEL: gpu.func @tma(
// CHECK-SAME: %[[N:.*]]: i32
// CHECK: %[[BARS:.*]] = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "8:1">
// CHECK-NOT: cute_nvgpu.pipeline_create
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[TX:.*]] = gpu.thread_id x
// CHECK: %[[T1:.*]] = arith.ori %[[C0]], %[[TX]] : index
// CHECK: %[[TY:.*]] = gpu.thread_id y
// CHECK: %[[T2:.*]] = arith.ori %[[T1]], %[[TY]] : index
// CHECK: %[[TZ:.*]] = gpu.thread_id z
// CHECK: %[[T3:.*]] = arith.ori %[[T2]], %[[TZ]] : index
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %[[T3]], %[[C0]] : index
// CHECK: scf.if %[[FIRST]] {
// Stage 0: full barrier 0 (count 1: the producer's arrive.expect_tx),
// empty barrier 0 + 4 (count 128 consumers).
// CHECK: %[[S0:.*]] = arith.constant 0 : i32
// CHECK: %[[F0:.*]] = cute_nvgpu.mbarrier_get %[[BARS]][%[[S0]]]
// CHECK: cute_nvgpu.mbarrier_init %[[F0]], count = 1
// CHECK: %[[FOUR:.*]] = arith.constant 4 : i32
// CHECK: %[[E0I:.*]] = arith.addi %[[S0]], %[[FOUR]] : i32
// CHECK: %[[E0:.*]] = cute_nvgpu.mbarrier_get %[[BARS]][%[[E0I]]]
// CHECK: cute_nvgpu.mbarrier_init %[[E0]], count = 128
// CHECK: cute_nvgpu.mbarrier_init %{{.*}}, count = 1{{$}}
// CHECK: cute_nvgpu.mbarrier_init %{{.*}}, count = 128
// CHECK: cute_nvgpu.mbarrier_init %{{.*}}, count = 1{{$}}
// CHECK: cute_nvgpu.mbarrier_init %{{.*}}, count = 128
// CHECK: %[[S3:.*]] = arith.constant 3 : i32
// CHECK: %[[F3:.*]] = cute_nvgpu.mbarrier_get %[[BARS]][%[[S3]]]
// CHECK: cute_nvgpu.mbarrier_init %[[F3]], count = 1{{$}}
// CHECK: %[[E3I:.*]] = arith.addi %[[S3]], %{{.*}} : i32
// CHECK: %[[E3:.*]] = cute_nvgpu.mbarrier_get %[[BARS]][%[[E3I]]]
// CHECK: cute_nvgpu.mbarrier_init %[[E3]], count = 128
// CHECK-NOT: mbarrier_init
// CHECK: }
// CHECK-NEXT: cute_nvgpu.mbarrier_init_fence
// CHECK-NEXT: gpu.barrier
// The producer state starts at phase 1, index 0.
// CHECK: %[[P0:.*]] = arith.constant -2147483648 : i32
// CHECK: %[[CS0:.*]] = arith.constant 0 : i32
// CHECK: %[[PE:.*]] = scf.for %{{.*}} = %{{.*}} to %[[N]] step %{{.*}} iter_args(%[[PS:.*]] = %[[P0]]) -> (i32)
// producer_acquire: wait on empty[index] with the phase, then expect_tx on full[index].
// CHECK: %[[IDXMASK:.*]] = arith.constant 2147483647 : i32
// CHECK: %[[IDX:.*]] = arith.andi %[[PS]], %[[IDXMASK]] : i32
// CHECK: %[[S:.*]] = arith.constant 4 : i32
// CHECK: %[[EI:.*]] = arith.addi %[[IDX]], %[[S]] : i32
// CHECK: %[[EMPTY:.*]] = cute_nvgpu.mbarrier_get %[[BARS]][%[[EI]]]
// CHECK: %[[C31:.*]] = arith.constant 31 : i32
// CHECK: %[[PH:.*]] = arith.shrui %[[PS]], %[[C31]] : i32
// CHECK: cute_nvgpu.mbarrier_wait %[[EMPTY]], phase %[[PH]] stage %[[IDX]] {label = "tma_async pipeline at expand-pipelines.mlir:{{[0-9]+}} (empty barrier, pipeline_producer_acquire)"}
// CHECK: %[[FI:.*]] = arith.andi %[[PS]], %{{.*}} : i32
// CHECK: %[[FULL:.*]] = cute_nvgpu.mbarrier_get %[[BARS]][%[[FI]]]
// CHECK: cute_nvgpu.mbarrier_arrive_expect_tx %[[FULL]], bytes = 8192
// get_barrier: full[index]; commit: nothing.
// CHECK: %[[GI:.*]] = arith.andi %[[PS]], %{{.*}} : i32
// CHECK: cute_nvgpu.mbarrier_get %[[BARS]][%[[GI]]]
// CHECK-NOT: cute_nvgpu.mbarrier_arrive
// advance: index + 1; at S the index wraps to 0 and the phase flips.
// CHECK: %[[PBIT:.*]] = arith.constant -2147483648 : i32
// CHECK: %[[PHASE:.*]] = arith.andi %[[PS]], %[[PBIT]] : i32
// CHECK: %[[FLIPPED:.*]] = arith.xori %[[PHASE]], %{{.*}} : i32
// CHECK: %[[ONE:.*]] = arith.constant 1 : i32
// CHECK: %[[AI:.*]] = arith.andi %[[PS]], %{{.*}} : i32
// CHECK: %[[NEXT:.*]] = arith.addi %[[AI]], %[[ONE]] : i32
// CHECK: %[[STAGES:.*]] = arith.constant 4 : i32
// CHECK: %[[WRAP:.*]] = arith.cmpi eq, %[[NEXT]], %[[STAGES]] : i32
// CHECK: %[[KEPT:.*]] = arith.ori %[[PHASE]], %[[NEXT]] : i32
// CHECK: %[[ADV:.*]] = arith.select %[[WRAP]], %[[FLIPPED]], %[[KEPT]] : i32
// CHECK: scf.yield %[[ADV]] : i32
// Tail: S more waits on the empty barriers, from the final state.
// CHECK: %[[TL:.*]] = arith.constant 0 : i32
// CHECK: %[[TU:.*]] = arith.constant 4 : i32
// CHECK: scf.for %{{.*}} = %[[TL]] to %[[TU]] step %{{.*}} iter_args(%[[TS:.*]] = %[[PE]]) -> (i32)
// CHECK: cute_nvgpu.mbarrier_wait %{{.*}}, phase %{{.*}} stage %{{.*}} {label = "tma_async pipeline at {{.*}} (empty barrier, pipeline_producer_tail)"}
// CHECK: scf.yield
// consumer_wait: full[index] with the consumer's phase 0.
// CHECK: %[[CI:.*]] = arith.andi %[[CS0]], %{{.*}} : i32
// CHECK: %[[CF:.*]] = cute_nvgpu.mbarrier_get %[[BARS]][%[[CI]]]
// CHECK: %[[CP:.*]] = arith.shrui %[[CS0]], %{{.*}} : i32
// CHECK: cute_nvgpu.mbarrier_wait %[[CF]], phase %[[CP]] stage %[[CI]] {label = "tma_async pipeline at {{.*}} (full barrier, pipeline_consumer_wait)"}
// CHECK: arith.shrui %[[CS0]]
// consumer_release: one arrival on empty[index] of this CTA.
// CHECK: %[[RI:.*]] = arith.andi %[[CS0]], %{{.*}} : i32
// CHECK: %[[RE:.*]] = arith.addi %[[RI]], %{{.*}} : i32
// CHECK: %[[REB:.*]] = cute_nvgpu.mbarrier_get %[[BARS]][%[[RE]]]
// CHECK: cute_nvgpu.mbarrier_arrive %[[REB]]{{$}}
// tma_store pipeline: acquire = wait_group.read S-1, commit = commit_group,
// tail = wait_group.read 0.
// CHECK: cute_nvgpu.tma_store_wait 1 {read}
// CHECK-NEXT: cute_nvgpu.tma_store_commit
// CHECK-NEXT: cute_nvgpu.tma_store_wait 0 {read}
// CHECK-NEXT: gpu.return

// CHECK-LABEL: gpu.func @async_cluster()
// CHECK: scf.if
// CHECK: cute_nvgpu.mbarrier_init %{{.*}}, count = 32
// CHECK: arith.constant 2 : i32
// CHECK: cute_nvgpu.mbarrier_init %{{.*}}, count = 128
// CHECK: cute_nvgpu.mbarrier_init %{{.*}}, count = 32
// CHECK: cute_nvgpu.mbarrier_init %{{.*}}, count = 128
// CHECK: }
// CHECK-NEXT: cute_nvgpu.mbarrier_init_fence
// CHECK-NEXT: cute_nvgpu.cluster_sync
// CHECK-NOT: gpu.barrier
// CHECK: cute_nvgpu.mbarrier_wait {{.*}} {label = "async pipeline at {{.*}} (empty barrier, pipeline_producer_acquire)"}
// async commit arrives on full[index].
// CHECK: %[[AFI:.*]] = arith.andi
// CHECK: %[[AF:.*]] = cute_nvgpu.mbarrier_get %{{.*}}[%[[AFI]]]
// CHECK: cute_nvgpu.mbarrier_arrive %[[AF]]{{$}}
// Release in a multicast group of 2: arrive on empty[index] in CTAs 0 and 1.
// CHECK: %[[EB:.*]] = cute_nvgpu.mbarrier_get
// CHECK: %[[R0:.*]] = arith.constant 0 : i32
// CHECK: cute_nvgpu.mbarrier_arrive %[[EB]] cta %[[R0]] release_cta{{$}}
// CHECK: %[[R1:.*]] = arith.constant 1 : i32
// CHECK: cute_nvgpu.mbarrier_arrive %[[EB]] cta %[[R1]] release_cta{{$}}
// CHECK-NEXT: gpu.return
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @tma(%n: i32) kernel {
      %bars = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "8:1">
      %p = cute_nvgpu.pipeline_create %bars : !cute.memref<i64, smem, align<8>, "8:1"> {consumers = 128 : i32, tx_bytes = 8192 : i32} -> !cute_nvgpu.pipeline<tma_async, 4>
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      %ps0 = cute_nvgpu.pipeline_producer_state %p : !cute_nvgpu.pipeline<tma_async, 4> -> !cute_nvgpu.pipeline_state<4>
      %cs0 = cute_nvgpu.pipeline_consumer_state %p : !cute_nvgpu.pipeline<tma_async, 4> -> !cute_nvgpu.pipeline_state<4>
      %pe = scf.for %t = %c0 to %n step %c1 iter_args(%ps = %ps0) -> (!cute_nvgpu.pipeline_state<4>) : i32 {
        cute_nvgpu.pipeline_producer_acquire %p, %ps : !cute_nvgpu.pipeline<tma_async, 4>, !cute_nvgpu.pipeline_state<4>
        %full = cute_nvgpu.pipeline_producer_get_barrier %p, %ps : !cute_nvgpu.pipeline<tma_async, 4>, !cute_nvgpu.pipeline_state<4>
        cute_nvgpu.pipeline_producer_commit %p, %ps : !cute_nvgpu.pipeline<tma_async, 4>, !cute_nvgpu.pipeline_state<4>
        %pn = cute_nvgpu.pipeline_state_advance %ps : !cute_nvgpu.pipeline_state<4>
        scf.yield %pn : !cute_nvgpu.pipeline_state<4>
      }
      cute_nvgpu.pipeline_producer_tail %p, %pe : !cute_nvgpu.pipeline<tma_async, 4>, !cute_nvgpu.pipeline_state<4>
      cute_nvgpu.pipeline_consumer_wait %p, %cs0 : !cute_nvgpu.pipeline<tma_async, 4>, !cute_nvgpu.pipeline_state<4>
      %ph = cute_nvgpu.pipeline_state_phase %cs0 : !cute_nvgpu.pipeline_state<4>
      cute_nvgpu.pipeline_consumer_release %p, %cs0 : !cute_nvgpu.pipeline<tma_async, 4>, !cute_nvgpu.pipeline_state<4>
      %s = cute_nvgpu.pipeline_create -> !cute_nvgpu.pipeline<tma_store, 2>
      %ss = cute_nvgpu.pipeline_producer_state %s : !cute_nvgpu.pipeline<tma_store, 2> -> !cute_nvgpu.pipeline_state<2>
      cute_nvgpu.pipeline_producer_acquire %s, %ss : !cute_nvgpu.pipeline<tma_store, 2>, !cute_nvgpu.pipeline_state<2>
      cute_nvgpu.pipeline_producer_commit %s, %ss : !cute_nvgpu.pipeline<tma_store, 2>, !cute_nvgpu.pipeline_state<2>
      cute_nvgpu.pipeline_producer_tail %s, %ss : !cute_nvgpu.pipeline<tma_store, 2>, !cute_nvgpu.pipeline_state<2>
      gpu.return
    }
    gpu.func @async_cluster() kernel attributes {cute.cluster_dims = array<i32: 2, 1, 1>} {
      %bars = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "4:1">
      %p = cute_nvgpu.pipeline_create %bars : !cute.memref<i64, smem, align<8>, "4:1"> {producers = 32 : i32, consumers = 64 : i32, multicast = 2 : i32} -> !cute_nvgpu.pipeline<async, 2>
      %ps = cute_nvgpu.pipeline_producer_state %p : !cute_nvgpu.pipeline<async, 2> -> !cute_nvgpu.pipeline_state<2>
      cute_nvgpu.pipeline_producer_acquire %p, %ps : !cute_nvgpu.pipeline<async, 2>, !cute_nvgpu.pipeline_state<2>
      cute_nvgpu.pipeline_producer_commit %p, %ps : !cute_nvgpu.pipeline<async, 2>, !cute_nvgpu.pipeline_state<2>
      cute_nvgpu.pipeline_consumer_release %p, %ps : !cute_nvgpu.pipeline<async, 2>, !cute_nvgpu.pipeline_state<2>
      gpu.return
    }
  }
}
