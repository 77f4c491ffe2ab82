// RUN: cute-opt %s --convert-cute-nvgpu-to-nvvm | FileCheck %s
//
// accumulate(%flag) on mma.sync and wgmma: false makes the first k-block
// overwrite C. mma.sync selects C's values against zero in k-block 0 only;
// wgmma (scale-d is a constant in NVVM) branches between scale-d one and
// zero in k-block 0, and later k-blocks accumulate.

// CHECK-LABEL: func.func @sync(
// CHECK-SAME: %[[F:[^:]+]]: i1
// CHECK-COUNT-4: arith.select %[[F]], %{{.*}}, %{{.*}} : f32
// CHECK: nvvm.mma.sync
// CHECK-NOT: arith.select
// CHECK: nvvm.mma.sync
func.func @sync(%fa: !cute.memref<bf16, rmem, align<16>, "(8,1,2):(1,0,8)">, %fb: !cute.memref<bf16, rmem, align<8>, "(4,1,2):(1,0,4)">, %fc: !cute.memref<f32, rmem, align<16>, "(4,1,1):(1,0,0)">, %flag: i1) {
  cute.gemm #cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32> (%fa, %fb, %fc) accumulate(%flag) : !cute.memref<bf16, rmem, align<16>, "(8,1,2):(1,0,8)">, !cute.memref<bf16, rmem, align<8>, "(4,1,2):(1,0,4)">, !cute.memref<f32, rmem, align<16>, "(4,1,1):(1,0,0)">
  return
}

// CHECK-LABEL: func.func @wg(
// CHECK-SAME: %[[F:[^:]+]]: i1
// CHECK: scf.if %[[F]] -> (!llvm.struct<
// CHECK: nvvm.wgmma.mma_async {{.*}} D[<f32>, <one>]
// CHECK: } else {
// CHECK: nvvm.wgmma.mma_async {{.*}} D[<f32>, <zero>]
// CHECK: }
// CHECK-NOT: scf.if
// CHECK: nvvm.wgmma.mma_async {{.*}} D[<f32>, <one>]
// CHECK-NOT: nvvm.wgmma.mma_async
func.func @wg(%sa: !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((64,16),1,2):((64,1),0,16)">, %sb: !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((64,16),1,2):((64,1),0,16)">, %fc: !cute.memref<f32, rmem, align<16>, "((2,2,8),1,1):((1,2,4),0,0)">, %flag: i1) {
  cute.gemm #cute_nvgpu.wgmma<m = 64, n = 64, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k> (%sa, %sb, %fc) accumulate(%flag) : !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((64,16),1,2):((64,1),0,16)">, !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((64,16),1,2):((64,1),0,16)">, !cute.memref<f32, rmem, align<16>, "((2,2,8),1,1):((1,2,4),0,0)">
  return
}
