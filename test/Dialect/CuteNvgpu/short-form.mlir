// The short form of the cute_nvgpu ops (cute/Dialect/Cute/IR/CuteAsm.h):
// operand types may be omitted (they are the values' own: also
// pipeline_create's storage), a pipeline
// state's type is inferred from its pipeline's. The printer writes the full
// form by default and omits those types under --cute-print-short; each
// printed form parses back to the same IR and prints again identically.
// RUN: cute-opt %s | FileCheck %s --check-prefix=FULL
// RUN: cute-opt %s --cute-print-short | FileCheck %s --check-prefix=SHORT
// RUN: cute-opt %s > %t.full
// RUN: cute-opt %t.full > %t.full2
// RUN: diff %t.full %t.full2
// RUN: cute-opt %s --cute-print-short > %t.short
// RUN: cute-opt %t.short --cute-print-short > %t.short2
// RUN: diff %t.short %t.short2
// RUN: cute-opt %t.short > %t.short-full
// RUN: diff %t.full %t.short-full

!box = !cute.memref<f32, smem, align<1024>, S<3,2,3>, "(64,32):(32,1)">
!g = !cute.memref<f32, gmem, align<16>, "(?,?):(?,1)">
!bars = !cute.memref<i64, smem, align<8>, "8:1">
!slot = !cute.memref<i32, smem, align<4>, "1:1">
!acc = !cute.memref<f32, tmem, align<16>, "(128,256):(65536,1)">
!sf = !cute.memref<f8E8M0FNU, smem, align<128>, "(32,16):(16,1)">
!sft = !cute.memref<i32, tmem, align<16>, "(32,4):(65536,1)">

// FULL-LABEL: func.func @pipeline
// SHORT-LABEL: func.func @pipeline
func.func @pipeline(%g: !g, %buf: !box, %bars: !bars, %x: i32, %n: i32) {
  // FULL: cute_nvgpu.pipeline_create %arg2 : !cute.memref<i64, smem, align<8>, "8:1"> {consumers = 128 : i32, tx_bytes = 8192 : i32} -> <tma_async, 4>
  // SHORT: cute_nvgpu.pipeline_create %arg2 {consumers = 128 : i32, tx_bytes = 8192 : i32} -> <tma_async, 4>{{$}}
  %loads = cute_nvgpu.pipeline_create %bars {consumers = 128 : i32, tx_bytes = 8192 : i32} -> !cute_nvgpu.pipeline<tma_async, 4>
  // FULL: %[[D:.*]] = cute_nvgpu.make_tma_desc %arg0 : !cute.memref<f32, gmem, align<16>, "(?,?):(?,1)"> -> !cute_nvgpu.tma_desc<load, <f32, smem, align<1024>, S<3,2,3>, "(64,32):(32,1)">>
  // SHORT: %[[D:.*]] = cute_nvgpu.make_tma_desc %arg0 -> !cute_nvgpu.tma_desc<load, <f32, smem, align<1024>, S<3,2,3>, "(64,32):(32,1)">>{{$}}
  %d = cute_nvgpu.make_tma_desc %g -> !cute_nvgpu.tma_desc<load, !box>
  // FULL: cute_nvgpu.tma_prefetch_desc %[[D]] : !cute_nvgpu.tma_desc<load,
  // SHORT: cute_nvgpu.tma_prefetch_desc %[[D]]{{$}}
  cute_nvgpu.tma_prefetch_desc %d
  // FULL: %[[PS:.*]] = cute_nvgpu.pipeline_producer_state %[[P:.*]] : !cute_nvgpu.pipeline<tma_async, 4> -> !cute_nvgpu.pipeline_state<4>
  // SHORT: %[[PS:.*]] = cute_nvgpu.pipeline_producer_state %[[P:[^ ]*]]{{$}}
  %p0 = cute_nvgpu.pipeline_producer_state %loads
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  // FULL: scf.for
  %pe = scf.for %t = %c0 to %n step %c1 iter_args(%ps = %p0) -> (!cute_nvgpu.pipeline_state<4>) : i32 {
    // FULL: cute_nvgpu.pipeline_producer_acquire %[[P]], %{{.*}} : !cute_nvgpu.pipeline<tma_async, 4>, !cute_nvgpu.pipeline_state<4>
    // SHORT: cute_nvgpu.pipeline_producer_acquire %[[P]], %{{[^ ]*}}{{$}}
    cute_nvgpu.pipeline_producer_acquire %loads, %ps
    // FULL: %[[FULLB:.*]] = cute_nvgpu.pipeline_producer_get_barrier %[[P]], %{{.*}} : !cute_nvgpu.pipeline<tma_async, 4>, !cute_nvgpu.pipeline_state<4>
    // SHORT: %[[FULLB:.*]] = cute_nvgpu.pipeline_producer_get_barrier %[[P]], %{{[^ ]*}}{{$}}
    %full = cute_nvgpu.pipeline_producer_get_barrier %loads, %ps
    // FULL: cute_nvgpu.pipeline_state_index %{{.*}} : !cute_nvgpu.pipeline_state<4>
    // SHORT: cute_nvgpu.pipeline_state_index %{{[^ ]*}}{{$}}
    %i = cute_nvgpu.pipeline_state_index %ps
    // FULL: cute_nvgpu.tma_load %[[D]], %arg1, %[[FULLB]] box[%arg3, %{{.*}}] : !cute_nvgpu.tma_desc<load, <f32, smem, align<1024>, S<3,2,3>, "(64,32):(32,1)">>, !cute.memref<f32, smem, align<1024>, S<3,2,3>, "(64,32):(32,1)">
    // SHORT: cute_nvgpu.tma_load %[[D]], %arg1, %[[FULLB]] box[%arg3, %{{[^ ]*}}]{{$}}
    cute_nvgpu.tma_load %d, %buf, %full box [%x, %i]
    // SHORT: cute_nvgpu.pipeline_producer_commit %[[P]], %{{[^ ]*}}{{$}}
    cute_nvgpu.pipeline_producer_commit %loads, %ps
    // FULL: cute_nvgpu.pipeline_state_advance %{{.*}} : !cute_nvgpu.pipeline_state<4>
    // SHORT: cute_nvgpu.pipeline_state_advance %{{[^ ]*}}{{$}}
    %pn = cute_nvgpu.pipeline_state_advance %ps
    scf.yield %pn : !cute_nvgpu.pipeline_state<4>
  }
  // SHORT: cute_nvgpu.pipeline_producer_tail %[[P]], %{{[^ ]*}}{{$}}
  cute_nvgpu.pipeline_producer_tail %loads, %pe
  // The long forms stay valid (and are checked).
  // SHORT: cute_nvgpu.pipeline_consumer_state %[[P]]{{$}}
  %cs = cute_nvgpu.pipeline_consumer_state %loads : !cute_nvgpu.pipeline<tma_async, 4> -> !cute_nvgpu.pipeline_state<4>
  %cs2 = cute_nvgpu.pipeline_consumer_state %loads -> !cute_nvgpu.pipeline_state<4>
  cute_nvgpu.pipeline_consumer_wait %loads, %cs : !cute_nvgpu.pipeline<tma_async, 4>, !cute_nvgpu.pipeline_state<4>
  // SHORT: cute_nvgpu.pipeline_state_phase %{{[^ ]*}}{{$}}
  %ph = cute_nvgpu.pipeline_state_phase %cs2 : !cute_nvgpu.pipeline_state<4>
  // SHORT: cute_nvgpu.pipeline_consumer_release %[[P]], %{{[^ ]*}}{{$}}
  cute_nvgpu.pipeline_consumer_release %loads, %cs2
  // FULL: cute_nvgpu.mbarrier_get %arg2[%{{.*}}] : !cute.memref<i64, smem, align<8>, "8:1">
  // SHORT: cute_nvgpu.mbarrier_get %arg2[%{{[^ ]*}}]{{$}}
  %b = cute_nvgpu.mbarrier_get %bars[%c1]
  return
}

// FULL-LABEL: func.func @store
// SHORT-LABEL: func.func @store
func.func @store(%g: !g, %buf: !box, %x: i32) {
  %stores = cute_nvgpu.pipeline_create -> !cute_nvgpu.pipeline<tma_store, 2>
  %ds = cute_nvgpu.make_tma_desc %g : !g -> !cute_nvgpu.tma_desc<store, !box>
  %s = cute_nvgpu.pipeline_producer_state %stores
  // SHORT: cute_nvgpu.pipeline_producer_acquire %{{[^ ]*}}, %{{[^ ]*}}{{$}}
  cute_nvgpu.pipeline_producer_acquire %stores, %s
  // FULL: cute_nvgpu.tma_store %{{.*}}, %arg1 box[%arg2, %arg2] : !cute_nvgpu.tma_desc<store, <f32, smem, align<1024>, S<3,2,3>, "(64,32):(32,1)">>, !cute.memref<f32, smem, align<1024>, S<3,2,3>, "(64,32):(32,1)">
  // SHORT: cute_nvgpu.tma_store %{{[^ ]*}}, %arg1 box[%arg2, %arg2]{{$}}
  cute_nvgpu.tma_store %ds, %buf box [%x, %x]
  cute_nvgpu.pipeline_producer_commit %stores, %s
  return
}

// FULL-LABEL: func.func @tmem
// SHORT-LABEL: func.func @tmem
func.func @tmem(%slot: !slot, %sf: !sf) {
  // FULL: cute_nvgpu.tmem_alloc %arg0, columns = 256 : !cute.memref<i32, smem, align<4>, "1:1">
  // SHORT: cute_nvgpu.tmem_alloc %arg0, columns = 256{{$}}
  cute_nvgpu.tmem_alloc %slot, columns = 256
  // FULL: %[[ACC:.*]] = cute_nvgpu.tmem_tensor %arg0 : !cute.memref<i32, smem, align<4>, "1:1"> -> !cute.memref<f32, tmem, align<16>, "(128,256):(65536,1)">
  // SHORT: %[[ACC:.*]] = cute_nvgpu.tmem_tensor %arg0 -> !cute.memref<f32, tmem, align<16>, "(128,256):(65536,1)">{{$}}
  %acc = cute_nvgpu.tmem_tensor %slot -> !acc
  %sft = cute_nvgpu.tmem_tensor %slot : !slot -> !sft
  // FULL: cute_nvgpu.tcgen05_cp %arg1, %{{.*}} shape = 32x128b multicast = warpx4 : !cute.memref<f8E8M0FNU, smem, align<128>, "(32,16):(16,1)">, !cute.memref<i32, tmem, align<16>, "(32,4):(65536,1)">
  // SHORT: cute_nvgpu.tcgen05_cp %arg1, %{{[^ ]*}} shape = 32x128b multicast = warpx4{{$}}
  cute_nvgpu.tcgen05_cp %sf, %sft shape = 32x128b multicast = warpx4
  // FULL: cute_nvgpu.tmem_dealloc %[[ACC]], columns = 256 : !cute.memref<f32, tmem, align<16>, "(128,256):(65536,1)">
  // SHORT: cute_nvgpu.tmem_dealloc %[[ACC]], columns = 256{{$}}
  cute_nvgpu.tmem_dealloc %acc, columns = 256
  return
}

// A helper function may take a pipeline; its states are tied to it.
// SHORT-LABEL: func.func @helper
func.func @helper(%p: !cute_nvgpu.pipeline<tma_async, 4>, %st: !cute_nvgpu.pipeline_state<4>) {
  // SHORT: cute_nvgpu.pipeline_consumer_wait %arg0, %arg1{{$}}
  cute_nvgpu.pipeline_consumer_wait %p, %st
  %s = cute_nvgpu.pipeline_consumer_state %p
  cute_nvgpu.pipeline_consumer_release %p, %s
  return
}
