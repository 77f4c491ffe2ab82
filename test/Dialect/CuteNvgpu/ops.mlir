// Every cute_nvgpu op and type parses, prints, and round-trips through the
// pretty and the generic form.
// RUN: cute-opt %s | FileCheck %s
// RUN: cute-opt %s | cute-opt | FileCheck %s
// RUN: cute-opt %s --mlir-print-op-generic | cute-opt | FileCheck %s
// RUN: cute-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

!box = !cute.memref<f32, smem, align<1024>, S<3,2,3>, "(64,32):(32,1)">
!boxT = !cute.memref<f16, smem, align<512>, S<2,3,3>, "(32,64):(1,32)">
!bars = !cute.memref<i64, smem, align<8>, "8:1">
!g = !cute.memref<f32, gmem, align<16>, "(?,?):(?,1)">
!gT = !cute.memref<f16, gmem, align<16>, "(?,?):(1,?)">

// CHECK-LABEL: func.func private @types(
// CHECK-SAME: !cute_nvgpu.tma_desc<load, <f32, smem, align<1024>, S<3,2,3>, "(64,32):(32,1)">>
// CHECK-SAME: !cute_nvgpu.tma_desc<store, <f32, smem, align<1024>, S<3,2,3>, "(64,32):(32,1)">>
// CHECK-SAME: !cute_nvgpu.tma_desc<load, <f32, smem, align<1024>, S<3,2,3>, "(64,32):(32,1)">, multicast = 4>
// CHECK-SAME: !cute_nvgpu.tma_desc<load, <f16, smem, align<512>, S<2,3,3>, "(32,64):(1,32)">>
// CHECK-SAME: !cute_nvgpu.tma_desc<load, <i8, smem, align<128>, "(2,16):(16,1)">>
// CHECK-SAME: !cute_nvgpu.mbarrier
// CHECK-SAME: !cute_nvgpu.pipeline<tma_async, 4>
// CHECK-SAME: !cute_nvgpu.pipeline<async, 2>
// CHECK-SAME: !cute_nvgpu.pipeline<tma_store, 1>
// CHECK-SAME: !cute_nvgpu.pipeline_state<4>
func.func private @types(!cute_nvgpu.tma_desc<load, !box>,
                         !cute_nvgpu.tma_desc<store, !box>,
                         !cute_nvgpu.tma_desc<load, !box, multicast = 4>,
                         !cute_nvgpu.tma_desc<load, !boxT>,
                         !cute_nvgpu.tma_desc<load, !cute.memref<i8, smem, align<128>, "(2,16):(16,1)">>,
                         !cute_nvgpu.mbarrier,
                         !cute_nvgpu.pipeline<tma_async, 4>,
                         !cute_nvgpu.pipeline<async, 2>,
                         !cute_nvgpu.pipeline<tma_store, 1>,
                         !cute_nvgpu.pipeline_state<4>)

// A descriptor with multicast = 1 prints without the parameter.
// CHECK-LABEL: func.func private @multicast_one(!cute_nvgpu.tma_desc<load, <f32, smem, align<1024>, S<3,2,3>, "(64,32):(32,1)">>)
func.func private @multicast_one(!cute_nvgpu.tma_desc<load, !box, multicast = 1>)

// CHECK-LABEL: func.func @tma(
// CHECK-SAME: %[[G:[^:]*]]: !cute.memref<f32, gmem
// CHECK-SAME: %[[GT:[^:]*]]: !cute.memref<f16, gmem
// CHECK-SAME: %[[S:[^:]*]]: !cute.memref<f32, smem
// CHECK-SAME: %[[ST:[^:]*]]: !cute.memref<f16, smem
// CHECK-SAME: %[[B:[^:]*]]: !cute.memref<i64, smem
// CHECK-SAME: %[[X:[^:]*]]: i32, %[[Y:[^:]*]]: i32, %[[M:[^:]*]]: i16
func.func @tma(%g: !g, %gT: !gT, %s: !box, %sT: !boxT, %bars: !bars, %x: i32, %y: i32, %mask: i16) {
  // CHECK: %[[D:.*]] = cute_nvgpu.make_tma_desc %[[G]] : !cute.memref<f32, gmem, align<16>, "(?,?):(?,1)"> -> !cute_nvgpu.tma_desc<load, <f32, smem, align<1024>, S<3,2,3>, "(64,32):(32,1)">>
  %d = cute_nvgpu.make_tma_desc %g : !g -> !cute_nvgpu.tma_desc<load, !box>
  // CHECK: %[[DS:.*]] = cute_nvgpu.make_tma_desc %[[G]] {l2_promotion = 256 : i32} : {{.*}} -> !cute_nvgpu.tma_desc<store,
  %ds = cute_nvgpu.make_tma_desc %g {l2_promotion = 256 : i32} : !g -> !cute_nvgpu.tma_desc<store, !box>
  // CHECK: %[[DM:.*]] = cute_nvgpu.make_tma_desc %[[G]] {param = 9 : i32} : {{.*}} -> !cute_nvgpu.tma_desc<load, {{.*}}, multicast = 2>
  %dm = cute_nvgpu.make_tma_desc %g {param = 9 : i32} : !g -> !cute_nvgpu.tma_desc<load, !box, multicast = 2>
  // CHECK: %[[DT:.*]] = cute_nvgpu.make_tma_desc %[[GT]] : !cute.memref<f16, gmem, align<16>, "(?,?):(1,?)"> -> !cute_nvgpu.tma_desc<load, <f16, smem, align<512>, S<2,3,3>, "(32,64):(1,32)">>
  %dT = cute_nvgpu.make_tma_desc %gT : !gT -> !cute_nvgpu.tma_desc<load, !boxT>
  %c1 = arith.constant 1 : i32
  // CHECK: %[[BAR:.*]] = cute_nvgpu.mbarrier_get %[[B]][%{{.*}}] : !cute.memref<i64, smem, align<8>, "8:1">
  %bar = cute_nvgpu.mbarrier_get %bars[%c1] : !bars
  // CHECK: cute_nvgpu.tma_load %[[D]], %[[S]], %[[BAR]] box[%[[X]], %[[Y]]] : !cute_nvgpu.tma_desc<load, {{.*}}>, !cute.memref<f32, smem, align<1024>, S<3,2,3>, "(64,32):(32,1)">
  cute_nvgpu.tma_load %d, %s, %bar box [%x, %y] : !cute_nvgpu.tma_desc<load, !box>, !box
  // CHECK: cute_nvgpu.tma_load %[[DM]], %[[S]], %[[BAR]] box[%[[X]], %[[Y]]] multicast %[[M]] : !cute_nvgpu.tma_desc<load, {{.*}}, multicast = 2>, !cute.memref<f32, smem
  cute_nvgpu.tma_load %dm, %s, %bar box [%x, %y] multicast %mask : !cute_nvgpu.tma_desc<load, !box, multicast = 2>, !box
  // The CTA pair's form: the bytes complete the even CTA's barrier.
  // CHECK: cute_nvgpu.tma_load %[[D]], %[[S]], %[[BAR]] box[%[[X]], %[[Y]]] cta_group 2 : !cute_nvgpu.tma_desc<load, {{.*}}>, !cute.memref<f32, smem
  cute_nvgpu.tma_load %d, %s, %bar box [%x, %y] cta_group 2 : !cute_nvgpu.tma_desc<load, !box>, !box
  // CHECK: cute_nvgpu.tma_load %[[DT]], %[[ST]], %[[BAR]] box[%[[X]], %[[Y]]] : !cute_nvgpu.tma_desc<load, <f16
  cute_nvgpu.tma_load %dT, %sT, %bar box [%x, %y] : !cute_nvgpu.tma_desc<load, !boxT>, !boxT
  // CHECK: cute_nvgpu.tma_store %[[DS]], %[[S]] box[%[[X]], %[[Y]]] : !cute_nvgpu.tma_desc<store, {{.*}}>, !cute.memref<f32, smem
  cute_nvgpu.tma_store %ds, %s box [%x, %y] : !cute_nvgpu.tma_desc<store, !box>, !box
  // CHECK: cute_nvgpu.tma_store_commit
  cute_nvgpu.tma_store_commit
  // CHECK: cute_nvgpu.tma_store_wait 1 {read}
  cute_nvgpu.tma_store_wait 1 {read}
  // CHECK: cute_nvgpu.tma_store_wait 0{{$}}
  cute_nvgpu.tma_store_wait 0
  // CHECK: cute_nvgpu.tma_prefetch_desc %[[D]] : !cute_nvgpu.tma_desc<load,
  cute_nvgpu.tma_prefetch_desc %d : !cute_nvgpu.tma_desc<load, !box>
  return
}

// CHECK-LABEL: func.func @barriers(
// CHECK-SAME: %[[B:[^:]*]]: !cute.memref<i64, smem, align<8>, "8:1">, %[[P:[^:]*]]: i32, %[[R:[^:]*]]: i32
func.func @barriers(%bars: !bars, %phase: i32, %rank: i32) -> i1 {
  %c0 = arith.constant 0 : i32
  // CHECK: %[[BAR:.*]] = cute_nvgpu.mbarrier_get %[[B]][%{{.*}}] : !cute.memref<i64, smem, align<8>, "8:1">
  %bar = cute_nvgpu.mbarrier_get %bars[%c0] : !bars
  // CHECK: cute_nvgpu.mbarrier_init %[[BAR]], count = 128
  cute_nvgpu.mbarrier_init %bar, count = 128
  // CHECK: cute_nvgpu.mbarrier_init_fence
  cute_nvgpu.mbarrier_init_fence
  // CHECK: cute_nvgpu.mbarrier_arrive %[[BAR]]{{$}}
  cute_nvgpu.mbarrier_arrive %bar
  // CHECK: cute_nvgpu.mbarrier_arrive %[[BAR]] cta %[[R]]
  cute_nvgpu.mbarrier_arrive %bar cta %rank
  // CHECK: cute_nvgpu.mbarrier_arrive %[[BAR]] cta %[[R]] release_cta
  cute_nvgpu.mbarrier_arrive %bar cta %rank release_cta
  // CHECK: cute_nvgpu.mbarrier_arrive_expect_tx %[[BAR]], bytes = 8192
  cute_nvgpu.mbarrier_arrive_expect_tx %bar, bytes = 8192
  // CHECK: cute_nvgpu.mbarrier_expect_tx %[[BAR]], bytes = 0
  cute_nvgpu.mbarrier_expect_tx %bar, bytes = 0
  // CHECK: cute_nvgpu.mbarrier_wait %[[BAR]], phase %[[P]]{{$}}
  cute_nvgpu.mbarrier_wait %bar, phase %phase
  // CHECK: cute_nvgpu.mbarrier_wait %[[BAR]], phase %[[P]] stage %[[R]] {label = "full barrier of stage"}
  cute_nvgpu.mbarrier_wait %bar, phase %phase stage %rank {label = "full barrier of stage"}
  // CHECK: %[[DONE:.*]] = cute_nvgpu.mbarrier_try_wait %[[BAR]], phase %[[P]]
  %done = cute_nvgpu.mbarrier_try_wait %bar, phase %phase
  // CHECK: return %[[DONE]] : i1
  return %done : i1
}

// CHECK-LABEL: func.func @pipelines(
func.func @pipelines(%bars: !bars, %bars2: !cute.memref<i64, smem, align<8>, "4:1">) -> (i32, i32) {
  // CHECK: %[[P:.*]] = cute_nvgpu.pipeline_create %{{.*}} : !cute.memref<i64, smem, align<8>, "8:1"> {consumers = 128 : i32, multicast = 2 : i32, tx_bytes = 16384 : i32} -> <tma_async, 4>
  %p = cute_nvgpu.pipeline_create %bars : !bars {consumers = 128 : i32, tx_bytes = 16384 : i32, multicast = 2 : i32} -> !cute_nvgpu.pipeline<tma_async, 4>
  // CHECK: %[[A:.*]] = cute_nvgpu.pipeline_create %{{.*}} : !cute.memref<i64, smem, align<8>, "4:1"> {consumers = 64 : i32, producers = 32 : i32} -> <async, 2>
  %a = cute_nvgpu.pipeline_create %bars2 : !cute.memref<i64, smem, align<8>, "4:1"> {producers = 32 : i32, consumers = 64 : i32} -> !cute_nvgpu.pipeline<async, 2>
  // CHECK: %[[T:.*]] = cute_nvgpu.pipeline_create -> <tma_store, 2>
  %t = cute_nvgpu.pipeline_create -> !cute_nvgpu.pipeline<tma_store, 2>
  // CHECK: %[[PS:.*]] = cute_nvgpu.pipeline_producer_state %[[P]] : !cute_nvgpu.pipeline<tma_async, 4> -> !cute_nvgpu.pipeline_state<4>
  %ps = cute_nvgpu.pipeline_producer_state %p : !cute_nvgpu.pipeline<tma_async, 4> -> !cute_nvgpu.pipeline_state<4>
  // CHECK: %[[CS:.*]] = cute_nvgpu.pipeline_consumer_state %[[P]] : !cute_nvgpu.pipeline<tma_async, 4> -> !cute_nvgpu.pipeline_state<4>
  %cs = cute_nvgpu.pipeline_consumer_state %p : !cute_nvgpu.pipeline<tma_async, 4> -> !cute_nvgpu.pipeline_state<4>
  // CHECK: cute_nvgpu.pipeline_producer_acquire %[[P]], %[[PS]] : !cute_nvgpu.pipeline<tma_async, 4>, !cute_nvgpu.pipeline_state<4>
  cute_nvgpu.pipeline_producer_acquire %p, %ps : !cute_nvgpu.pipeline<tma_async, 4>, !cute_nvgpu.pipeline_state<4>
  // CHECK: %{{.*}} = cute_nvgpu.pipeline_producer_get_barrier %[[P]], %[[PS]] : !cute_nvgpu.pipeline<tma_async, 4>, !cute_nvgpu.pipeline_state<4>
  %full = cute_nvgpu.pipeline_producer_get_barrier %p, %ps : !cute_nvgpu.pipeline<tma_async, 4>, !cute_nvgpu.pipeline_state<4>
  // CHECK: cute_nvgpu.pipeline_producer_commit %[[P]], %[[PS]]
  cute_nvgpu.pipeline_producer_commit %p, %ps : !cute_nvgpu.pipeline<tma_async, 4>, !cute_nvgpu.pipeline_state<4>
  // CHECK: %[[PN:.*]] = cute_nvgpu.pipeline_state_advance %[[PS]] : !cute_nvgpu.pipeline_state<4>
  %pn = cute_nvgpu.pipeline_state_advance %ps : !cute_nvgpu.pipeline_state<4>
  // CHECK: cute_nvgpu.pipeline_producer_tail %[[P]], %[[PN]]
  cute_nvgpu.pipeline_producer_tail %p, %pn : !cute_nvgpu.pipeline<tma_async, 4>, !cute_nvgpu.pipeline_state<4>
  // CHECK: cute_nvgpu.pipeline_consumer_wait %[[P]], %[[CS]]
  cute_nvgpu.pipeline_consumer_wait %p, %cs : !cute_nvgpu.pipeline<tma_async, 4>, !cute_nvgpu.pipeline_state<4>
  // CHECK: cute_nvgpu.pipeline_consumer_release %[[P]], %[[CS]]
  cute_nvgpu.pipeline_consumer_release %p, %cs : !cute_nvgpu.pipeline<tma_async, 4>, !cute_nvgpu.pipeline_state<4>
  // CHECK: %[[I:.*]] = cute_nvgpu.pipeline_state_index %[[CS]] : !cute_nvgpu.pipeline_state<4>
  %i = cute_nvgpu.pipeline_state_index %cs : !cute_nvgpu.pipeline_state<4>
  // CHECK: %[[PH:.*]] = cute_nvgpu.pipeline_state_phase %[[CS]] : !cute_nvgpu.pipeline_state<4>
  %ph = cute_nvgpu.pipeline_state_phase %cs : !cute_nvgpu.pipeline_state<4>
  // CHECK: %[[TS:.*]] = cute_nvgpu.pipeline_producer_state %[[T]] : !cute_nvgpu.pipeline<tma_store, 2> -> !cute_nvgpu.pipeline_state<2>
  %ts = cute_nvgpu.pipeline_producer_state %t : !cute_nvgpu.pipeline<tma_store, 2> -> !cute_nvgpu.pipeline_state<2>
  // CHECK: cute_nvgpu.pipeline_producer_acquire %[[T]], %[[TS]] : !cute_nvgpu.pipeline<tma_store, 2>, !cute_nvgpu.pipeline_state<2>
  cute_nvgpu.pipeline_producer_acquire %t, %ts : !cute_nvgpu.pipeline<tma_store, 2>, !cute_nvgpu.pipeline_state<2>
  // CHECK: %[[AS:.*]] = cute_nvgpu.pipeline_consumer_state %[[A]] : !cute_nvgpu.pipeline<async, 2> -> !cute_nvgpu.pipeline_state<2>
  %as = cute_nvgpu.pipeline_consumer_state %a : !cute_nvgpu.pipeline<async, 2> -> !cute_nvgpu.pipeline_state<2>
  // CHECK: cute_nvgpu.pipeline_consumer_wait %[[A]], %[[AS]] : !cute_nvgpu.pipeline<async, 2>, !cute_nvgpu.pipeline_state<2>
  cute_nvgpu.pipeline_consumer_wait %a, %as : !cute_nvgpu.pipeline<async, 2>, !cute_nvgpu.pipeline_state<2>
  // CHECK: return %[[I]], %[[PH]] : i32, i32
  return %i, %ph : i32, i32
}

// CHECK-LABEL: func.func @warps(
// CHECK-SAME: %[[R:[^:]*]]: i32
func.func @warps(%r: i32) -> (i32, i32) {
  // CHECK:      cute_nvgpu.warp_specialize
  // CHECK-NEXT:   role "producer" warps [0, 4) max_regs 40 {
  // CHECK-NEXT:     cute_nvgpu.elect_one {
  // CHECK-NEXT:       cute_nvgpu.fence_proxy_async
  // CHECK-NEXT:     }
  // CHECK-NEXT:   }
  // CHECK-NEXT:   role "consumer 0" warps [4, 8) max_regs 232 {
  // CHECK-NEXT:     cute_nvgpu.named_barrier id = 1, threads = 128
  // CHECK-NEXT:     cute_nvgpu.warp_sync
  // CHECK-NEXT:   }
  // CHECK-NEXT:   role "consumer 1" warps [8, 12) max_regs 232 {
  // CHECK-NEXT:     cute_nvgpu.named_barrier id = 2, threads = 128
  // CHECK-NEXT:     cute_nvgpu.named_barrier id = %[[R]], threads = 256
  // CHECK-NEXT:     cute_nvgpu.named_barrier arrive id = %[[R]], threads = 256
  // CHECK-NEXT:   }
  // CHECK-NEXT:   role "epilogue" warps [12, 13) {
  // CHECK-NEXT:   } {tag = "x"}
  cute_nvgpu.warp_specialize
    role "producer" warps [0, 4) max_regs 40 {
      cute_nvgpu.elect_one {
        cute_nvgpu.fence_proxy_async
      }
    }
    role "consumer 0" warps [4, 8) max_regs 232 {
      cute_nvgpu.named_barrier id = 1, threads = 128
      cute_nvgpu.warp_sync
      cute_nvgpu.yield
    }
    role "consumer 1" warps [8, 12) max_regs 232 {
      cute_nvgpu.named_barrier id = 2, threads = 128
      cute_nvgpu.named_barrier id = %r, threads = 256
      cute_nvgpu.named_barrier arrive id = %r, threads = 256
    }
    role "epilogue" warps [12, 13) {
    } {tag = "x"}
  // CHECK: cute_nvgpu.warp_specialize
  // CHECK-NEXT: role "only" warps [0, 1) {
  cute_nvgpu.warp_specialize role "only" warps [0, 1) {
  }
  // CHECK: %[[W:.*]] = cute_nvgpu.warp_idx
  %w = cute_nvgpu.warp_idx
  // CHECK: cute_nvgpu.setmaxnreg inc 240
  cute_nvgpu.setmaxnreg inc 240
  // CHECK: cute_nvgpu.setmaxnreg dec 24
  cute_nvgpu.setmaxnreg dec 24
  // CHECK: %[[C:.*]] = cute_nvgpu.cluster_rank
  %c = cute_nvgpu.cluster_rank
  // CHECK: cute_nvgpu.cluster_arrive{{$}}
  cute_nvgpu.cluster_arrive
  // CHECK: cute_nvgpu.cluster_arrive {relaxed}
  cute_nvgpu.cluster_arrive {relaxed}
  // CHECK: cute_nvgpu.cluster_wait
  cute_nvgpu.cluster_wait
  // CHECK: cute_nvgpu.cluster_sync
  cute_nvgpu.cluster_sync
  // CHECK: return %[[W]], %[[C]] : i32, i32
  return %w, %c : i32, i32
}

// The generic form keeps the role attributes and one region per role.
// GENERIC-LABEL: "func.func"() <{function_type = (i32) -> (i32, i32), sym_name = "warps"}>
// GENERIC: "cute_nvgpu.warp_specialize"() <{max_regs = array<i32: 40, 232, 232, 0>, names = ["producer", "consumer 0", "consumer 1", "epilogue"], warp_begin = array<i32: 0, 4, 8, 12>, warp_end = array<i32: 4, 8, 12, 13>}> ({
// GENERIC: "cute_nvgpu.elect_one"() ({
// GENERIC: "cute_nvgpu.yield"() : () -> ()
// GENERIC: }) {tag = "x"} : () -> ()
