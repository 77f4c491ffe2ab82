// The ldmatrix/stmatrix copy atoms and the tiled copies built from a tiled
// MMA's C (or A) layout. The inferred partitions are CuTe's (NVIDIA/cutlass
// 7107b05, printed by host code: make_tiled_copy_C/A(Copy_Atom<Op, half_t>,
// mma).get_slice(t).partition_S/D of the same tiles and retile_S of
// partition_shape_C/A; see test/unittests/Atom/TiledCopyTest.cpp), with the
// thread's offset moved into the iterator: 8-element (16-byte) rows keep a
// 16-byte alignment. Round trips: the full form printed and parsed again,
// and the short form (types omitted) printed, parsed and printed identical.
// RUN: cute-opt %s | FileCheck %s
// RUN: cute-opt %s | cute-opt | FileCheck %s
// RUN: cute-opt %s --cute-print-short > %t.short
// RUN: cute-opt %t.short --cute-print-short | diff %t.short -
// RUN: not grep -E 'copy_(partition|retile).* : \(' %t.short
// RUN: cute-opt %t.short | FileCheck %s

#sync = #cute.tiled_mma<#cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32>, #cute.layout<"(2,2,1):(1,2,0)">>
#wgmma = #cute.tiled_mma<#cute_nvgpu.wgmma<m = 64, n = 64, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k>, #cute.layout<"(1,1,1):(0,0,0)">>

// CHECK-LABEL: func.func @atoms
// CHECK-SAME: #cute_nvgpu.stmatrix<num = 4>
// CHECK-SAME: #cute_nvgpu.stmatrix<num = 1, trans = true>
// CHECK-SAME: #cute_nvgpu.ldmatrix<num = 2>
// CHECK-SAME: #cute.tiled_copy<#cute_nvgpu.ldmatrix<num = 4, trans = true>, "A" of
func.func @atoms() attributes {a = #cute_nvgpu.stmatrix<num = 4>, b = #cute_nvgpu.stmatrix<num = 1, trans = true>, c = #cute_nvgpu.ldmatrix<num = 2, trans = false>, d = #cute.tiled_copy<#cute_nvgpu.ldmatrix<num = 4, trans = true>, "A" of #sync>} {
  return
}

// CHECK-LABEL: func.func @sync_c_x2
func.func @sync_c_x2(%s: !cute.memref<bf16, smem, align<128>, "(64,32):(32,1)">, %f: !cute.memref<bf16, rmem, align<16>, "((2,2),2,2):((1,2),4,8)">, %tid: i32) {
  // CuTe: partition_D ((_8,_1),_2,_2):((_1,_0),_1024,_16), partition_S
  // (((_2,_2),_1),_2,_2):(((_1,_256),_0),_1024,_16), retile ((_4,_1),_2,_2):((_1,_0),_4,_8).
  // CHECK: cute.copy_partition "D" of #cute.tiled_copy<#cute_nvgpu.stmatrix<num = 2>, "C" of {{.*}}> (%arg0, %arg2) : (!cute.memref<bf16, smem, align<128>, "(64,32):(32,1)">, i32) -> !cute.memref<bf16, smem, align<16>, "((8,1),2,2):((1,0),1024,16)">
  %d = cute.copy_partition "D" of #cute.tiled_copy<#cute_nvgpu.stmatrix<num = 2>, "C" of #sync> (%s, %tid)
  // CHECK: -> !cute.memref<bf16, smem, align<4>, "(((2,2),1),2,2):(((1,256),0),1024,16)">
  %p = cute.copy_partition "S" of #cute.tiled_copy<#cute_nvgpu.stmatrix<num = 2>, "C" of #sync> (%s, %tid)
  // CHECK: cute.copy_retile of #cute.tiled_copy<#cute_nvgpu.stmatrix<num = 2>, "C" of {{.*}}> (%arg1) : (!cute.memref<bf16, rmem, align<16>, "((2,2),2,2):((1,2),4,8)">) -> !cute.memref<bf16, rmem, align<16>, "((4,1),2,2):((1,0),4,8)">
  %r = cute.copy_retile of #cute.tiled_copy<#cute_nvgpu.stmatrix<num = 2>, "C" of #sync> (%f)
  // CHECK: cute.copy(%{{.*}}, %{{.*}}) {atom = #cute_nvgpu.stmatrix<num = 2>}
  cute.copy(%r, %d) {atom = #cute_nvgpu.stmatrix<num = 2>}
  // CHECK: -> !cute.memref<bf16, smem, align<16>, "((8,1),2,2):((1,0),1024,16)">
  %l = cute.copy_partition "S" of #cute.tiled_copy<#cute_nvgpu.ldmatrix<num = 2>, "C" of #sync> (%s, %tid)
  %lr = cute.copy_retile of #cute.tiled_copy<#cute_nvgpu.ldmatrix<num = 2>, "C" of #sync> (%f)
  // CHECK: cute.copy(%{{.*}}, %{{.*}}) {atom = #cute_nvgpu.ldmatrix<num = 2>}
  cute.copy(%l, %lr) {atom = #cute_nvgpu.ldmatrix<num = 2>}
  return
}

// CHECK-LABEL: func.func @wgmma_c
func.func @wgmma_c(%s: !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "(64,64):(64,1)">, %t: !cute.memref<bf16, smem, align<1024>, "(64,64):(1,64)">, %f: !cute.memref<bf16, rmem, align<16>, "((2,2,8),1,1):((1,2,4),0,0)">, %tid: i32) {
  // CuTe: partition_D ((_8,_4),_1,_1):((_1,_16),_0,_0) (x4), ((_8,_4),_1,_1):((_1,_1024),_0,_0)
  // (.trans x4 on a column-major tile), ((_8,(_2,_8)),_1,_1):((_1,(_512,_8)),_0,_0) (x1);
  // retile ((_8,_4),_1,_1):((_1,_8),_0,_0) (x4), ((_2,_16),_1,_1):((_1,_2),_0,_0) (x1).
  // CHECK: -> !cute.memref<bf16, smem, align<16>, S<3,3,3>, "((8,4),1,1):((1,16),0,0)">
  %d = cute.copy_partition "D" of #cute.tiled_copy<#cute_nvgpu.stmatrix<num = 4>, "C" of #wgmma> (%s, %tid)
  // CHECK: -> !cute.memref<bf16, rmem, align<16>, "((8,4),1,1):((1,8),0,0)">
  %r = cute.copy_retile of #cute.tiled_copy<#cute_nvgpu.stmatrix<num = 4>, "C" of #wgmma> (%f)
  cute.copy(%r, %d) {atom = #cute_nvgpu.stmatrix<num = 4>}
  // CHECK: -> !cute.memref<bf16, smem, align<16>, "((8,4),1,1):((1,1024),0,0)">
  %dt = cute.copy_partition "D" of #cute.tiled_copy<#cute_nvgpu.stmatrix<num = 4, trans = true>, "C" of #wgmma> (%t, %tid)
  %rt = cute.copy_retile of #cute.tiled_copy<#cute_nvgpu.stmatrix<num = 4, trans = true>, "C" of #wgmma> (%f)
  cute.copy(%rt, %dt) {atom = #cute_nvgpu.stmatrix<num = 4, trans = true>}
  // CHECK: -> !cute.memref<bf16, smem, align<128>, S<3,3,3>, "((8,(2,8)),1,1):((1,(512,8)),0,0)">
  %d1 = cute.copy_partition "D" of #cute.tiled_copy<#cute_nvgpu.stmatrix<num = 1>, "C" of #wgmma> (%s, %tid)
  // CHECK: -> !cute.memref<bf16, rmem, align<16>, "((2,16),1,1):((1,2),0,0)">
  %r1 = cute.copy_retile of #cute.tiled_copy<#cute_nvgpu.stmatrix<num = 1>, "C" of #wgmma> (%f)
  cute.copy(%r1, %d1) {atom = #cute_nvgpu.stmatrix<num = 1>}
  return
}

// CHECK-LABEL: func.func @sync_a_ldmatrix
func.func @sync_a_ldmatrix(%s: !cute.memref<bf16, smem, align<128>, "(64,32):(32,1)">, %f: !cute.memref<bf16, rmem, align<16>, "((2,2,2),2,2):((1,2,4),8,16)">, %tid: i32) {
  // CuTe: partition_S ((_8,_1),_2,_2):((_1,_0),_1024,_16), retile ((_8,_1),_2,_2):((_1,_0),_8,_16).
  // CHECK: -> !cute.memref<bf16, smem, align<16>, "((8,1),2,2):((1,0),1024,16)">
  %l = cute.copy_partition "S" of #cute.tiled_copy<#cute_nvgpu.ldmatrix<num = 4>, "A" of #sync> (%s, %tid)
  // CHECK: -> !cute.memref<bf16, rmem, align<16>, "((8,1),2,2):((1,0),8,16)">
  %r = cute.copy_retile of #cute.tiled_copy<#cute_nvgpu.ldmatrix<num = 4>, "A" of #sync> (%f)
  cute.copy(%l, %r) {atom = #cute_nvgpu.ldmatrix<num = 4>}
  return
}
