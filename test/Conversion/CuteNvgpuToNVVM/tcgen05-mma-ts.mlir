// tcgen05.mma with A from Tensor Memory (a_src = tmem, the "TS" form):
// A's operand is the TMEM address of its block (lane << 16 | column), not a
// descriptor. A 16-bit A tile is packed two elements per 32-bit column, row
// m in lane m, so a bf16 tmem tensor keeps offsets in address units with a
// stride-0 mode for the pair: "(128,(2,8)):(65536,(0,1))" is one k16 block
// (8 columns), and the K blocks of a (128, 64) tile start 8 columns apart.
// RUN: cute-opt %s --convert-cute-nvgpu-to-nvvm | FileCheck %s

// P (128 x 64, bf16, in TMEM) x V^T (B: 128 N x 64 K, SW128 K-major) into
// O (128 x 128, f32, in TMEM): four k16 blocks, A at +0, +8, +16, +24
// columns; idesc 0x8200490 (f32 accumulator, bf16 x bf16, N 128, M 128,
// both K-major).
// CHECK-LABEL: func.func @ts_bf16(
// CHECK: %[[A:.*]] = builtin.unrealized_conversion_cast %arg0 : !cute.memref<bf16, tmem, {{.*}}> to !llvm.ptr<6>
// CHECK: %[[D:.*]] = builtin.unrealized_conversion_cast %arg2 : !cute.memref<f32, tmem, {{.*}}> to !llvm.ptr<6>
// CHECK: %[[ID:.*]] = arith.constant 136316048 : i32
// CHECK: nvvm.tcgen05.mma %[[D]], %[[A]], %{{.*}}, %[[ID]], %arg3 {ctaGroup = #nvvm.cta_group<cta_1>, kind = #nvvm.tcgen05_mma_kind<f16>} : (!llvm.ptr<6>, !llvm.ptr<6>, i64, i32, i1)
// CHECK: %[[A1I:.*]] = llvm.ptrtoint %[[A]] : !llvm.ptr<6> to i32
// CHECK: %[[C8:.*]] = arith.constant 8 : i32
// CHECK: %[[A1S:.*]] = arith.addi %[[A1I]], %[[C8]] : i32
// CHECK: %[[A1:.*]] = llvm.inttoptr %[[A1S]] : i32 to !llvm.ptr<6>
// CHECK: nvvm.tcgen05.mma %[[D]], %[[A1]], %{{.*}}, %{{.*}}, %{{.*}} {{.*}} : (!llvm.ptr<6>, !llvm.ptr<6>, i64, i32, i1)
// CHECK: arith.constant 16 : i32
// CHECK: nvvm.tcgen05.mma
// CHECK: arith.constant 24 : i32
// CHECK: nvvm.tcgen05.mma
// CHECK-NOT: nvvm.tcgen05.mma
func.func @ts_bf16(%a: !cute.memref<bf16, tmem, align<16>, "((128,(2,8)),1,4):((65536,(0,1)),0,8)">, %b: !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,16),1,4):((64,1),0,16)">, %d: !cute.memref<f32, tmem, align<16>, "((128,128),1,1):((65536,1),0,0)">, %flag: i1) {
  cute.gemm #cute_nvgpu.tcgen05_mma<kind = f16, m = 128, n = 128, k = 16, a = bf16, b = bf16, c = f32, cta_group = 1, a_src = tmem, a_major = k, b_major = k> (%a, %b, %d) accumulate(%flag) : !cute.memref<bf16, tmem, align<16>, "((128,(2,8)),1,4):((65536,(0,1)),0,8)">, !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,16),1,4):((64,1),0,16)">, !cute.memref<f32, tmem, align<16>, "((128,128),1,1):((65536,1),0,0)">
  return
}
