// The Tensor Memory ops and the tcgen05.ld/st copy atoms parse, print and
// round-trip through the pretty and the generic form; view ops take tmem
// tensors (offsets in TMEM address units, lane << 16 | column).
// RUN: cute-opt %s | FileCheck %s
// RUN: cute-opt %s | cute-opt | FileCheck %s
// RUN: cute-opt %s --mlir-print-op-generic | cute-opt | FileCheck %s
// RUN: cute-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

!slot = !cute.memref<i32, smem, align<4>, "1:1">
!acc = !cute.memref<f32, tmem, align<16>, "(128,256):(65536,1)">
!sf = !cute.memref<f8E8M0FNU, smem, align<128>, "(32,16):(16,1)">
!sft = !cute.memref<i32, tmem, align<16>, "(32,4):(65536,1)">
!r16 = !cute.memref<f32, rmem, align<16>, "16:1">

// CHECK-LABEL: func.func @ops(
// CHECK: cute_nvgpu.tmem_alloc %{{.+}}, columns = 256 : !cute.memref<i32, smem, align<4>, "1:1">
// CHECK: cute_nvgpu.tmem_alloc %{{.+}}, columns = 32 cta_group = 2 : !cute.memref<i32, smem, align<4>, "1:1">
// CHECK: cute_nvgpu.tmem_tensor %{{.+}} : !cute.memref<i32, smem, align<4>, "1:1"> -> !cute.memref<f32, tmem, align<16>, "(128,256):(65536,1)">
// CHECK: cute_nvgpu.tcgen05_cp %{{.+}}, %{{.+}} shape = 32x128b multicast = warpx4 : !cute.memref<f8E8M0FNU, smem, align<128>, "(32,16):(16,1)">, !cute.memref<i32, tmem, align<16>, "(32,4):(65536,1)">
// CHECK: cute_nvgpu.tcgen05_cp %{{.+}}, %{{.+}} shape = 128x256b cta_group = 2 :
// CHECK: cute_nvgpu.tcgen05_wait_ld
// CHECK: cute_nvgpu.tcgen05_wait_st
// CHECK: cute_nvgpu.tcgen05_fence_before_thread_sync
// CHECK: cute_nvgpu.tcgen05_fence_after_thread_sync
// CHECK: cute_nvgpu.tcgen05_commit %{{.+}}{{$}}
// CHECK: cute_nvgpu.tcgen05_commit %{{.+}} multicast %{{.+}} cta_group = 2
// CHECK: cute_nvgpu.tmem_relinquish_alloc_permit{{$}}
// CHECK: cute_nvgpu.tmem_relinquish_alloc_permit cta_group = 2
// CHECK: cute_nvgpu.tmem_dealloc %{{.+}}, columns = 256 : !cute.memref<f32, tmem, align<16>, "(128,256):(65536,1)">
// GENERIC: "cute_nvgpu.tmem_alloc"(%{{.+}}) <{columns = 256 : i32, cta_group = 1 : i32}>
// GENERIC: "cute_nvgpu.tcgen05_cp"(%{{.+}}, %{{.+}}) <{cta_group = 1 : i32, multicast = 3 : i32, shape = 3 : i32}>
func.func @ops(%slot: !slot, %bar: !cute_nvgpu.mbarrier, %mask: i16, %sf: !sf,
               %b: !cute.memref<f16, smem, align<128>, "((8,16),(8,2)):((8,128),(1,64))">) {
  cute_nvgpu.tmem_alloc %slot, columns = 256 : !slot
  cute_nvgpu.tmem_alloc %slot, columns = 32 cta_group = 2 : !slot
  %acc = cute_nvgpu.tmem_tensor %slot : !slot -> !acc
  %sft = cute_nvgpu.tmem_tensor %slot : !slot -> !sft
  cute_nvgpu.tcgen05_cp %sf, %sft shape = 32x128b multicast = warpx4 : !sf, !sft
  cute_nvgpu.tcgen05_cp %b, %acc shape = 128x256b cta_group = 2 : !cute.memref<f16, smem, align<128>, "((8,16),(8,2)):((8,128),(1,64))">, !acc
  cute_nvgpu.tcgen05_wait_ld
  cute_nvgpu.tcgen05_wait_st
  cute_nvgpu.tcgen05_fence_before_thread_sync
  cute_nvgpu.tcgen05_fence_after_thread_sync
  cute_nvgpu.tcgen05_commit %bar
  cute_nvgpu.tcgen05_commit %bar multicast %mask cta_group = 2
  cute_nvgpu.tmem_relinquish_alloc_permit
  cute_nvgpu.tmem_relinquish_alloc_permit cta_group = 2
  cute_nvgpu.tmem_dealloc %acc, columns = 256 : !acc
  return
}

// Every shape of the copy atoms, with the warp tiles view ops cut from a
// 128 x 256 accumulator (row i in lane i): the tile of warp 1 starts at
// lane 32, and 16 columns further at column 16.
// CHECK-LABEL: func.func @atoms(
// CHECK: cute.local_tile(%{{.+}}, %{{.+}}) {tiler = #cute.shape<"(32,16)">} : {{.*}} -> !cute.memref<f32, tmem, align<16>, "(32,16):(65536,1)">
// CHECK: cute.copy(%{{.+}}, %{{.+}}) {atom = #cute_nvgpu.tcgen05_ld<shape = 32x32b, num = 16>}
// CHECK: cute.copy(%{{.+}}, %{{.+}}) {atom = #cute_nvgpu.tcgen05_st<shape = 32x32b, num = 16>}
// CHECK: {atom = #cute_nvgpu.tcgen05_ld<shape = 16x64b, num = 8>}
// CHECK: {atom = #cute_nvgpu.tcgen05_ld<shape = 16x128b, num = 4>}
// CHECK: {atom = #cute_nvgpu.tcgen05_ld<shape = 16x256b, num = 2>}
// CHECK: {atom = #cute_nvgpu.tcgen05_st<shape = 16x32bx2, num = 8>}
// CHECK: cute.tensor_slice(%{{.+}}, %{{.+}}) : {{.*}} -> !cute.memref<f32, tmem, align<16>, "256:1">
// CHECK: cute.partition_tv(%{{.+}}, %{{.+}}) {tv_layout = #cute.layout<"(4,(32,16)):(32,(1,128))">} : {{.*}} -> !cute.memref<f32, tmem, align<16>, "(32,16):(65536,1)">
func.func @atoms(%slot: !slot, %w: i32) {
  %acc = cute_nvgpu.tmem_tensor %slot : !slot -> !acc
  %c = cute.static : !cute.coord<"(1,1)">
  %t = cute.local_tile(%acc, %c) {tiler = #cute.shape<"(32,16)">} : (!acc, !cute.coord<"(1,1)">) -> !cute.memref<f32, tmem, align<16>, "(32,16):(65536,1)">
  %r = cute.make_fragment() : !r16
  cute.copy(%t, %r) {atom = #cute_nvgpu.tcgen05_ld<shape = 32x32b, num = 16>} : !cute.memref<f32, tmem, align<16>, "(32,16):(65536,1)">, !r16
  cute.copy(%r, %t) {atom = #cute_nvgpu.tcgen05_st<shape = 32x32b, num = 16>} : !r16, !cute.memref<f32, tmem, align<16>, "(32,16):(65536,1)">
  %c0 = cute.static : !cute.coord<"(0,0)">
  %h = cute.local_tile(%acc, %c0) {tiler = #cute.shape<"(16,16)">} : (!acc, !cute.coord<"(0,0)">) -> !cute.memref<f32, tmem, align<16>, "(16,16):(65536,1)">
  %r8 = cute.make_fragment() : !cute.memref<f32, rmem, align<16>, "8:1">
  cute.copy(%h, %r8) {atom = #cute_nvgpu.tcgen05_ld<shape = 16x64b, num = 8>} : !cute.memref<f32, tmem, align<16>, "(16,16):(65536,1)">, !cute.memref<f32, rmem, align<16>, "8:1">
  cute.copy(%h, %r8) {atom = #cute_nvgpu.tcgen05_ld<shape = 16x128b, num = 4>} : !cute.memref<f32, tmem, align<16>, "(16,16):(65536,1)">, !cute.memref<f32, rmem, align<16>, "8:1">
  cute.copy(%h, %r8) {atom = #cute_nvgpu.tcgen05_ld<shape = 16x256b, num = 2>} : !cute.memref<f32, tmem, align<16>, "(16,16):(65536,1)">, !cute.memref<f32, rmem, align<16>, "8:1">
  cute.copy(%r8, %h) {atom = #cute_nvgpu.tcgen05_st<shape = 16x32bx2, num = 8>} : !cute.memref<f32, rmem, align<16>, "8:1">, !cute.memref<f32, tmem, align<16>, "(16,16):(65536,1)">
  %row = cute.static : !cute.coord<"(5,_)">
  %s = cute.tensor_slice(%acc, %row) : (!acc, !cute.coord<"(5,_)">) -> !cute.memref<f32, tmem, align<16>, "256:1">
  %p = cute.partition_tv(%acc, %w) {tv_layout = #cute.layout<"(4,(32,16)):(32,(1,128))">} : (!acc, i32) -> !cute.memref<f32, tmem, align<16>, "(32,16):(65536,1)">
  return
}
