// RUN: cute-opt %s --convert-cute-nvgpu-to-nvvm | FileCheck %s
//
// wgmma shared-memory descriptors: the 64-bit constant of each operand is
// start>>4 [0,14) | LBO>>4 [16,30) | SBO>>4 [32,46) | layout [62,64)
// (1 = 128B, 2 = 64B, 3 = 32B swizzle, 0 = interleave); values computed by
// hand from the PTX ISA's "Matrix Descriptor Format" and CuTe's
// canonical layouts (LBO of a swizzled K-major operand is unused; CuTe
// writes 1). The run-time start address is OR-ed in. The last function
// checks K-block advance inside a 128-byte swizzle atom: +32 bytes per
// K step of 16 bf16 (CuTe's DescriptorIterator).

// K-major 128B: SBO 1024 B (>>4 = 64), LBO 1 (unused), layout 1: 0x4000004000010000
// CHECK-LABEL: func.func @k_sw128
// CHECK-COUNT-2: arith.constant 4611686293305360384 : i64
// CHECK: nvvm.wgmma.mma_async
func.func @k_sw128(%a: !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((64,16),1,1):((64,1),0,0)">, %b: !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((64,16),1,1):((64,1),0,0)">, %c: !cute.memref<f32, rmem, align<16>, "((2,2,8),1,1):((1,2,4),0,0)">) {
  cute.gemm #cute_nvgpu.wgmma<m = 64, n = 64, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k> (%a, %b, %c) : !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((64,16),1,1):((64,1),0,0)">, !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((64,16),1,1):((64,1),0,0)">, !cute.memref<f32, rmem, align<16>, "((2,2,8),1,1):((1,2,4),0,0)">
  return
}

// K-major 64B: SBO 512 B (32), LBO 1, layout 2: 0x8000002000010000
// CHECK-LABEL: func.func @k_sw64
// CHECK-COUNT-2: arith.constant -9223371899415756800 : i64
// CHECK: nvvm.wgmma.mma_async
func.func @k_sw64(%a: !cute.memref<bf16, smem, align<1024>, S<2,3,3>, "((64,16),1,1):((32,1),0,0)">, %b: !cute.memref<bf16, smem, align<1024>, S<2,3,3>, "((64,16),1,1):((32,1),0,0)">, %c: !cute.memref<f32, rmem, align<16>, "((2,2,8),1,1):((1,2,4),0,0)">) {
  cute.gemm #cute_nvgpu.wgmma<m = 64, n = 64, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k> (%a, %b, %c) : !cute.memref<bf16, smem, align<1024>, S<2,3,3>, "((64,16),1,1):((32,1),0,0)">, !cute.memref<bf16, smem, align<1024>, S<2,3,3>, "((64,16),1,1):((32,1),0,0)">, !cute.memref<f32, rmem, align<16>, "((2,2,8),1,1):((1,2,4),0,0)">
  return
}

// K-major 32B: SBO 256 B (16), LBO 1, layout 3: 0xc000001000010000
// CHECK-LABEL: func.func @k_sw32
// CHECK-COUNT-2: arith.constant -4611685949707845632 : i64
// CHECK: nvvm.wgmma.mma_async
func.func @k_sw32(%a: !cute.memref<bf16, smem, align<1024>, S<1,3,3>, "((64,16),1,1):((16,1),0,0)">, %b: !cute.memref<bf16, smem, align<1024>, S<1,3,3>, "((64,16),1,1):((16,1),0,0)">, %c: !cute.memref<f32, rmem, align<16>, "((2,2,8),1,1):((1,2,4),0,0)">) {
  cute.gemm #cute_nvgpu.wgmma<m = 64, n = 64, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k> (%a, %b, %c) : !cute.memref<bf16, smem, align<1024>, S<1,3,3>, "((64,16),1,1):((16,1),0,0)">, !cute.memref<bf16, smem, align<1024>, S<1,3,3>, "((64,16),1,1):((16,1),0,0)">, !cute.memref<f32, rmem, align<16>, "((2,2,8),1,1):((1,2,4),0,0)">
  return
}

// K-major interleaved 8x8 core matrices: SBO 128 B (8), LBO 1024 B (64), layout 0: 0x0000000800400000
// CHECK-LABEL: func.func @k_inter
// CHECK-COUNT-2: arith.constant 34363932672 : i64
// CHECK: nvvm.wgmma.mma_async
func.func @k_inter(%a: !cute.memref<bf16, smem, align<1024>, "(((8,8),(8,2)),1,1):(((8,64),(1,512)),0,0)">, %b: !cute.memref<bf16, smem, align<1024>, "(((8,8),(8,2)),1,1):(((8,64),(1,512)),0,0)">, %c: !cute.memref<f32, rmem, align<16>, "((2,2,8),1,1):((1,2,4),0,0)">) {
  cute.gemm #cute_nvgpu.wgmma<m = 64, n = 64, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k> (%a, %b, %c) : !cute.memref<bf16, smem, align<1024>, "(((8,8),(8,2)),1,1):(((8,64),(1,512)),0,0)">, !cute.memref<bf16, smem, align<1024>, "(((8,8),(8,2)),1,1):(((8,64),(1,512)),0,0)">, !cute.memref<f32, rmem, align<16>, "((2,2,8),1,1):((1,2,4),0,0)">
  return
}

// MN-major 128B: SBO 1024 B (64), LBO 0 (one atom in MN), layout 1: 0x4000004000000000
// CHECK-LABEL: func.func @mn_sw128
// CHECK-COUNT-2: arith.constant 4611686293305294848 : i64
// CHECK: nvvm.wgmma.mma_async
func.func @mn_sw128(%a: !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((64,16),1,1):((1,64),0,0)">, %b: !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((64,16),1,1):((1,64),0,0)">, %c: !cute.memref<f32, rmem, align<16>, "((2,2,8),1,1):((1,2,4),0,0)">) {
  cute.gemm #cute_nvgpu.wgmma<m = 64, n = 64, k = 16, a = bf16, b = bf16, c = f32, a_major = mn, b_major = mn> (%a, %b, %c) : !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((64,16),1,1):((1,64),0,0)">, !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((64,16),1,1):((1,64),0,0)">, !cute.memref<f32, rmem, align<16>, "((2,2,8),1,1):((1,2,4),0,0)">
  return
}

// MN-major 64B: LBO 2048 B (128) between MN atoms, SBO 512 B (32), layout 2: 0x8000002000800000
// CHECK-LABEL: func.func @mn_sw64
// CHECK-COUNT-2: arith.constant -9223371899407433728 : i64
// CHECK: nvvm.wgmma.mma_async
func.func @mn_sw64(%a: !cute.memref<bf16, smem, align<1024>, S<2,3,3>, "(((32,2),(8,2)),1,1):(((1,1024),(32,256)),0,0)">, %b: !cute.memref<bf16, smem, align<1024>, S<2,3,3>, "(((32,2),(8,2)),1,1):(((1,1024),(32,256)),0,0)">, %c: !cute.memref<f32, rmem, align<16>, "((2,2,8),1,1):((1,2,4),0,0)">) {
  cute.gemm #cute_nvgpu.wgmma<m = 64, n = 64, k = 16, a = bf16, b = bf16, c = f32, a_major = mn, b_major = mn> (%a, %b, %c) : !cute.memref<bf16, smem, align<1024>, S<2,3,3>, "(((32,2),(8,2)),1,1):(((1,1024),(32,256)),0,0)">, !cute.memref<bf16, smem, align<1024>, S<2,3,3>, "(((32,2),(8,2)),1,1):(((1,1024),(32,256)),0,0)">, !cute.memref<f32, rmem, align<16>, "((2,2,8),1,1):((1,2,4),0,0)">
  return
}

// CHECK-LABEL: func.func @k_blocks_advance
// CHECK: %[[A:.*]] = llvm.ptrtoint
// CHECK: nvvm.wgmma.mma_async
// CHECK: arith.constant 32 : i32
// CHECK: nvvm.wgmma.mma_async
// CHECK: arith.constant 64 : i32
// CHECK: nvvm.wgmma.mma_async
// CHECK: arith.constant 96 : i32
// CHECK: nvvm.wgmma.mma_async
// CHECK-NOT: nvvm.wgmma.mma_async
func.func @k_blocks_advance(%a: !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((64,16),1,4):((64,1),0,16)">, %b: !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((64,16),1,4):((64,1),0,16)">, %c: !cute.memref<f32, rmem, align<16>, "((2,2,8),1,1):((1,2,4),0,0)">) {
  cute.gemm #cute_nvgpu.wgmma<m = 64, n = 64, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k> (%a, %b, %c) : !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((64,16),1,4):((64,1),0,16)">, !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((64,16),1,4):((64,1),0,16)">, !cute.memref<f32, rmem, align<16>, "((2,2,8),1,1):((1,2,4),0,0)">
  return
}
