// RUN: cute-opt %s -split-input-file -verify-diagnostics

// cute.gemm's verifier (lib/Dialect/Cute/IR/CuteMmaOps.cpp: ranks, values
// per atom, extents, scales) and the atoms' operand rules
// (lib/Dialect/CuteNvgpu/IR/MmaAtoms.cpp: memory spaces, element types,
// shared-memory descriptors and their alignment), then one valid cute.gemm
// per atom kind. Operand shapes follow cute.mma_partition (see
// mma-partition.mlir): A (FrgV,RestM,RestK), B (FrgV,RestN,RestK), C
// (FrgV,RestM,RestN), or rank 1 for one atom's values.

//===----------------------------------------------------------------------===//
// cute.gemm: shapes
//===----------------------------------------------------------------------===//

func.func @f(%a: !cute.memref<bf16, rmem, align<16>, "(8,1):(1,0)">, %b: !cute.memref<bf16, rmem, align<8>, "4:1">, %c: !cute.memref<f32, rmem, align<16>, "4:1">) {
  // expected-error@+1 {{'cute.gemm' op operand A has rank 2; it is (FrgV,RestM,RestK) or one atom's values}}
  cute.gemm #cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32> (%a, %b, %c) : !cute.memref<bf16, rmem, align<16>, "(8,1):(1,0)">, !cute.memref<bf16, rmem, align<8>, "4:1">, !cute.memref<f32, rmem, align<16>, "4:1">
  return
}
// -----
func.func @f(%a: !cute.memref<bf16, rmem, align<16>, "8:1">, %b: !cute.memref<bf16, rmem, align<8>, "4:1">, %c: !cute.memref<f32, rmem, align<16>, "(4,1,1,1):(1,0,0,0)">) {
  // expected-error@+1 {{'cute.gemm' op operand C has rank 4; it is (FrgV,RestM,RestN) or one atom's values}}
  cute.gemm #cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32> (%a, %b, %c) : !cute.memref<bf16, rmem, align<16>, "8:1">, !cute.memref<bf16, rmem, align<8>, "4:1">, !cute.memref<f32, rmem, align<16>, "(4,1,1,1):(1,0,0,0)">
  return
}
// -----
func.func @f(%a: !cute.memref<bf16, rmem, align<16>, "(8,?,1):(1,8,0)">, %b: !cute.memref<bf16, rmem, align<8>, "4:1">, %c: !cute.memref<f32, rmem, align<16>, "4:1">) {
  // expected-error@+1 {{'cute.gemm' op operand A '!cute.memref<bf16, rmem, align<16>, "(8,?,1):(1,8,0)">' must have a static shape}}
  cute.gemm #cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32> (%a, %b, %c) : !cute.memref<bf16, rmem, align<16>, "(8,?,1):(1,8,0)">, !cute.memref<bf16, rmem, align<8>, "4:1">, !cute.memref<f32, rmem, align<16>, "4:1">
  return
}
// -----
// m16n8k16 gives each thread 8 values of A (4 are m16n8k8's).
func.func @f(%a: !cute.memref<bf16, rmem, align<8>, "4:1">, %b: !cute.memref<bf16, rmem, align<8>, "4:1">, %c: !cute.memref<f32, rmem, align<16>, "4:1">) {
  // expected-error@+1 {{'cute.gemm' op operand A has 4 values per atom (mode 0 of '!cute.memref<bf16, rmem, align<8>, "4:1">'); mma.sync gives each thread 8}}
  cute.gemm #cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32> (%a, %b, %c) : !cute.memref<bf16, rmem, align<8>, "4:1">, !cute.memref<bf16, rmem, align<8>, "4:1">, !cute.memref<f32, rmem, align<16>, "4:1">
  return
}
// -----
// B of mode 0 (2,2,2): 8 values where the atom gives 4.
func.func @f(%a: !cute.memref<bf16, rmem, align<16>, "((2,2,2),2,2):((1,2,4),8,16)">, %b: !cute.memref<bf16, rmem, align<16>, "((2,2,2),2,2):((1,2,4),8,16)">, %c: !cute.memref<f32, rmem, align<16>, "((2,2),2,2):((1,2),4,8)">) {
  // expected-error@+1 {{'cute.gemm' op operand B has 8 values per atom (mode 0 of '!cute.memref<bf16, rmem, align<16>, "((2,2,2),2,2):((1,2,4),8,16)">'); mma.sync gives each thread 4}}
  cute.gemm #cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32> (%a, %b, %c) : !cute.memref<bf16, rmem, align<16>, "((2,2,2),2,2):((1,2,4),8,16)">, !cute.memref<bf16, rmem, align<16>, "((2,2,2),2,2):((1,2,4),8,16)">, !cute.memref<f32, rmem, align<16>, "((2,2),2,2):((1,2),4,8)">
  return
}
// -----
// wgmma 64x128: N / 2 = 64 accumulators per thread, not 32.
func.func @f(%a: !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((64,16),1,4):((64,1),0,16)">, %b: !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,16),1,4):((64,1),0,16)">, %c: !cute.memref<f32, rmem, align<16>, "((2,2,8),1,1):((1,2,4),0,0)">) {
  // expected-error@+1 {{'cute.gemm' op operand C has 32 values per atom (mode 0 of '!cute.memref<f32, rmem, align<16>, "((2,2,8),1,1):((1,2,4),0,0)">'); wgmma gives each thread 64}}
  cute.gemm #cute_nvgpu.wgmma<m = 64, n = 128, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k> (%a, %b, %c) : !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((64,16),1,4):((64,1),0,16)">, !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,16),1,4):((64,1),0,16)">, !cute.memref<f32, rmem, align<16>, "((2,2,8),1,1):((1,2,4),0,0)">
  return
}
// -----
// B has one k-block where A has two.
func.func @f(%a: !cute.memref<bf16, rmem, align<16>, "((2,2,2),2,2):((1,2,4),8,16)">, %b: !cute.memref<bf16, rmem, align<16>, "((2,2),2,1):((1,2),4,0)">, %c: !cute.memref<f32, rmem, align<16>, "((2,2),2,2):((1,2),4,8)">) {
  // expected-error@+1 {{'cute.gemm' op operand extents disagree: A (RestM,RestK) = (2,2), B (RestN,RestK) = (2,1), C (RestM,RestN) = (2,2)}}
  cute.gemm #cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32> (%a, %b, %c) : !cute.memref<bf16, rmem, align<16>, "((2,2,2),2,2):((1,2,4),8,16)">, !cute.memref<bf16, rmem, align<16>, "((2,2),2,1):((1,2),4,0)">, !cute.memref<f32, rmem, align<16>, "((2,2),2,2):((1,2),4,8)">
  return
}
// -----
// C covers 4 tiles of M where A has 2.
func.func @f(%a: !cute.memref<bf16, rmem, align<16>, "((2,2,2),2,1):((1,2,4),8,0)">, %b: !cute.memref<bf16, rmem, align<8>, "((2,2),1,1):((1,2),0,0)">, %c: !cute.memref<f32, rmem, align<16>, "((2,2),4,1):((1,2),4,0)">) {
  // expected-error@+1 {{'cute.gemm' op operand extents disagree: A (RestM,RestK) = (2,1), B (RestN,RestK) = (1,1), C (RestM,RestN) = (4,1)}}
  cute.gemm #cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32> (%a, %b, %c) : !cute.memref<bf16, rmem, align<16>, "((2,2,2),2,1):((1,2,4),8,0)">, !cute.memref<bf16, rmem, align<8>, "((2,2),1,1):((1,2),0,0)">, !cute.memref<f32, rmem, align<16>, "((2,2),4,1):((1,2),4,0)">
  return
}

// -----
//===----------------------------------------------------------------------===//
// cute.gemm: scale factors
//===----------------------------------------------------------------------===//

func.func @f(%a: !cute.memref<f4E2M1FN, rmem, align<16>, "32:1">, %b: !cute.memref<f4E2M1FN, rmem, align<8>, "16:1">, %c: !cute.memref<f32, rmem, align<16>, "4:1">) {
  // expected-error@+1 {{'cute.gemm' op mma.sync.block_scale is block-scaled: it needs scales(%sfa, %sfb)}}
  cute.gemm #cute_nvgpu.mma_block_scale<m = 16, n = 8, k = 64, a = f4E2M1FN, b = f4E2M1FN, c = f32, sf = f8E8M0FNU, vs = 32> (%a, %b, %c) : !cute.memref<f4E2M1FN, rmem, align<16>, "32:1">, !cute.memref<f4E2M1FN, rmem, align<8>, "16:1">, !cute.memref<f32, rmem, align<16>, "4:1">
  return
}
// -----
func.func @f(%a: !cute.memref<bf16, rmem, align<16>, "8:1">, %b: !cute.memref<bf16, rmem, align<8>, "4:1">, %c: !cute.memref<f32, rmem, align<16>, "4:1">, %sf: !cute.memref<f8E8M0FNU, rmem, align<2>, "2:1">) {
  // expected-error@+1 {{'cute.gemm' op mma.sync is not block-scaled: it takes no scale factors}}
  cute.gemm #cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32> (%a, %b, %c) scales(%sf, %sf) : !cute.memref<bf16, rmem, align<16>, "8:1">, !cute.memref<bf16, rmem, align<8>, "4:1">, !cute.memref<f32, rmem, align<16>, "4:1">, !cute.memref<f8E8M0FNU, rmem, align<2>, "2:1">, !cute.memref<f8E8M0FNU, rmem, align<2>, "2:1">
  return
}

// -----
//===----------------------------------------------------------------------===//
// Atom operand rules: memory spaces
//===----------------------------------------------------------------------===//

// mma.sync reads registers.
func.func @f(%a: !cute.memref<bf16, smem, align<16>, "8:1">, %b: !cute.memref<bf16, rmem, align<8>, "4:1">, %c: !cute.memref<f32, rmem, align<16>, "4:1">) {
  // expected-error@+1 {{'cute.gemm' op operand A of mma.sync must be a rmem tensor, got '!cute.memref<bf16, smem, align<16>, "8:1">'}}
  cute.gemm #cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32> (%a, %b, %c) : !cute.memref<bf16, smem, align<16>, "8:1">, !cute.memref<bf16, rmem, align<8>, "4:1">, !cute.memref<f32, rmem, align<16>, "4:1">
  return
}
// -----
func.func @f(%a: !cute.memref<bf16, rmem, align<16>, "8:1">, %b: !cute.memref<bf16, rmem, align<8>, "4:1">, %c: !cute.memref<f32, gmem, align<16>, "4:1">) {
  // expected-error@+1 {{'cute.gemm' op operand C of mma.sync must be a rmem tensor, got '!cute.memref<f32, gmem, align<16>, "4:1">'}}
  cute.gemm #cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32> (%a, %b, %c) : !cute.memref<bf16, rmem, align<16>, "8:1">, !cute.memref<bf16, rmem, align<8>, "4:1">, !cute.memref<f32, gmem, align<16>, "4:1">
  return
}
// -----
// wgmma (SS) reads A and B from shared memory.
func.func @f(%a: !cute.memref<bf16, rmem, align<16>, "((64,16),1,4):((1,64),0,1024)">, %b: !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,16),1,4):((64,1),0,16)">, %c: !cute.memref<f32, rmem, align<16>, "((2,2,16),1,1):((1,2,4),0,0)">) {
  // expected-error@+1 {{'cute.gemm' op operand A of wgmma must be a smem tensor, got '!cute.memref<bf16, rmem, align<16>, "((64,16),1,4):((1,64),0,1024)">'}}
  cute.gemm #cute_nvgpu.wgmma<m = 64, n = 128, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k> (%a, %b, %c) : !cute.memref<bf16, rmem, align<16>, "((64,16),1,4):((1,64),0,1024)">, !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,16),1,4):((64,1),0,16)">, !cute.memref<f32, rmem, align<16>, "((2,2,16),1,1):((1,2,4),0,0)">
  return
}
// -----
// wgmma accumulates in registers.
func.func @f(%a: !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((64,16),1,4):((64,1),0,16)">, %b: !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,16),1,4):((64,1),0,16)">, %c: !cute.memref<f32, smem, align<16>, "((2,2,16),1,1):((1,2,4),0,0)">) {
  // expected-error@+1 {{'cute.gemm' op operand C of wgmma must be a rmem tensor, got '!cute.memref<f32, smem, align<16>, "((2,2,16),1,1):((1,2,4),0,0)">'}}
  cute.gemm #cute_nvgpu.wgmma<m = 64, n = 128, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k> (%a, %b, %c) : !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((64,16),1,4):((64,1),0,16)">, !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,16),1,4):((64,1),0,16)">, !cute.memref<f32, smem, align<16>, "((2,2,16),1,1):((1,2,4),0,0)">
  return
}
// -----
// tcgen05.mma accumulates in Tensor Memory.
func.func @f(%a: !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,16),1,4):((64,1),0,16)">, %b: !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((256,16),1,4):((64,1),0,16)">, %c: !cute.memref<f32, rmem, align<16>, "((128,256),1,1):((1,128),0,0)">) {
  // expected-error@+1 {{'cute.gemm' op operand C of tcgen05.mma must be a tmem tensor, got '!cute.memref<f32, rmem, align<16>, "((128,256),1,1):((1,128),0,0)">'}}
  cute.gemm #cute_nvgpu.tcgen05_mma<kind = f16, m = 128, n = 256, k = 16, a = bf16, b = bf16, c = f32, cta_group = 1, a_src = smem, a_major = k, b_major = k> (%a, %b, %c) : !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,16),1,4):((64,1),0,16)">, !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((256,16),1,4):((64,1),0,16)">, !cute.memref<f32, rmem, align<16>, "((128,256),1,1):((1,128),0,0)">
  return
}
// -----
// An atom with a_src = tmem reads A from Tensor Memory.
func.func @f(%a: !cute.memref<f32, smem, align<1024>, S<3,2,3>, "((128,8),1,4):((32,1),0,8)">, %b: !cute.memref<f32, smem, align<1024>, S<3,2,3>, "((128,8),1,4):((32,1),0,8)">, %c: !cute.memref<f32, tmem, align<16>, "((128,128),1,1):((65536,1),0,0)">) {
  // expected-error@+1 {{'cute.gemm' op operand A of tcgen05.mma must be a tmem tensor, got '!cute.memref<f32, smem, align<1024>, S<3,2,3>, "((128,8),1,4):((32,1),0,8)">'}}
  cute.gemm #cute_nvgpu.tcgen05_mma<kind = tf32, m = 128, n = 128, k = 8, a = f32, b = f32, c = f32, cta_group = 1, a_src = tmem, a_major = k, b_major = k> (%a, %b, %c) : !cute.memref<f32, smem, align<1024>, S<3,2,3>, "((128,8),1,4):((32,1),0,8)">, !cute.memref<f32, smem, align<1024>, S<3,2,3>, "((128,8),1,4):((32,1),0,8)">, !cute.memref<f32, tmem, align<16>, "((128,128),1,1):((65536,1),0,0)">
  return
}

// -----
//===----------------------------------------------------------------------===//
// Atom operand rules: element types
//===----------------------------------------------------------------------===//

func.func @f(%a: !cute.memref<f16, rmem, align<16>, "8:1">, %b: !cute.memref<bf16, rmem, align<8>, "4:1">, %c: !cute.memref<f32, rmem, align<16>, "4:1">) {
  // expected-error@+1 {{'cute.gemm' op operand A of mma.sync holds 'f16'; the atom's A type is 'bf16'}}
  cute.gemm #cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32> (%a, %b, %c) : !cute.memref<f16, rmem, align<16>, "8:1">, !cute.memref<bf16, rmem, align<8>, "4:1">, !cute.memref<f32, rmem, align<16>, "4:1">
  return
}
// -----
func.func @f(%a: !cute.memref<bf16, rmem, align<16>, "8:1">, %b: !cute.memref<bf16, rmem, align<8>, "4:1">, %c: !cute.memref<f16, rmem, align<8>, "4:1">) {
  // expected-error@+1 {{'cute.gemm' op operand C of mma.sync holds 'f16'; the atom's C type is 'f32'}}
  cute.gemm #cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32> (%a, %b, %c) : !cute.memref<bf16, rmem, align<16>, "8:1">, !cute.memref<bf16, rmem, align<8>, "4:1">, !cute.memref<f16, rmem, align<8>, "4:1">
  return
}
// -----
// An e5m2 B for an e4m3 x e4m3 wgmma.
func.func @f(%a: !cute.memref<f8E4M3FN, smem, align<1024>, S<3,4,3>, "((64,32),1,4):((128,1),0,32)">, %b: !cute.memref<f8E5M2, smem, align<1024>, S<3,4,3>, "((128,32),1,4):((128,1),0,32)">, %c: !cute.memref<f32, rmem, align<16>, "((2,2,16),1,1):((1,2,4),0,0)">) {
  // expected-error@+1 {{'cute.gemm' op operand B of wgmma holds 'f8E5M2'; the atom's B type is 'f8E4M3FN'}}
  cute.gemm #cute_nvgpu.wgmma<m = 64, n = 128, k = 32, a = f8E4M3FN, b = f8E4M3FN, c = f32, a_major = k, b_major = k> (%a, %b, %c) : !cute.memref<f8E4M3FN, smem, align<1024>, S<3,4,3>, "((64,32),1,4):((128,1),0,32)">, !cute.memref<f8E5M2, smem, align<1024>, S<3,4,3>, "((128,32),1,4):((128,1),0,32)">, !cute.memref<f32, rmem, align<16>, "((2,2,16),1,1):((1,2,4),0,0)">
  return
}
// -----
// The integer mma.sync's fragments hold signless i8 (the atom says s8/u8).
func.func @f(%a: !cute.memref<si8, rmem, align<16>, "16:1">, %b: !cute.memref<i8, rmem, align<8>, "8:1">, %c: !cute.memref<i32, rmem, align<16>, "4:1">) {
  // expected-error@+1 {{'cute.gemm' op operand A of mma.sync holds 'si8'; the atom's A type is 'si8', held in tensors of 'i8'}}
  cute.gemm #cute_nvgpu.mma_sync<m = 16, n = 8, k = 32, a = si8, b = si8, c = i32> (%a, %b, %c) : !cute.memref<si8, rmem, align<16>, "16:1">, !cute.memref<i8, rmem, align<8>, "8:1">, !cute.memref<i32, rmem, align<16>, "4:1">
  return
}
// -----
// ... and accumulate in i32.
func.func @f(%a: !cute.memref<i8, rmem, align<16>, "16:1">, %b: !cute.memref<i8, rmem, align<8>, "8:1">, %c: !cute.memref<f32, rmem, align<16>, "4:1">) {
  // expected-error@+1 {{'cute.gemm' op operand C of mma.sync holds 'f32'; the atom's C type is 'i32'}}
  cute.gemm #cute_nvgpu.mma_sync<m = 16, n = 8, k = 32, a = ui8, b = si8, c = i32> (%a, %b, %c) : !cute.memref<i8, rmem, align<16>, "16:1">, !cute.memref<i8, rmem, align<8>, "8:1">, !cute.memref<f32, rmem, align<16>, "4:1">
  return
}
// -----
// tf32 wgmma reads f32 tensors (tf32 is a 32-bit container).
func.func @f(%a: !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((64,8),1,1):((64,1),0,0)">, %b: !cute.memref<f32, smem, align<1024>, S<3,2,3>, "((64,8),1,1):((32,1),0,0)">, %c: !cute.memref<f32, rmem, align<16>, "((2,2,8),1,1):((1,2,4),0,0)">) {
  // expected-error@+1 {{'cute.gemm' op operand A of wgmma holds 'bf16'; the atom's A type is 'tf32', held in tensors of 'f32'}}
  cute.gemm #cute_nvgpu.wgmma<m = 64, n = 64, k = 8, a = tf32, b = tf32, c = f32, a_major = k, b_major = k> (%a, %b, %c) : !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((64,8),1,1):((64,1),0,0)">, !cute.memref<f32, smem, align<1024>, S<3,2,3>, "((64,8),1,1):((32,1),0,0)">, !cute.memref<f32, rmem, align<16>, "((2,2,8),1,1):((1,2,4),0,0)">
  return
}
// -----
// A tf32 tile that is MN-major: the atom is K-major only.
func.func @f(%a: !cute.memref<f32, smem, align<1024>, S<3,2,3>, "((64,8),1,1):((1,64),0,0)">, %b: !cute.memref<f32, smem, align<1024>, S<3,2,3>, "((64,8),1,1):((32,1),0,0)">, %c: !cute.memref<f32, rmem, align<16>, "((2,2,8),1,1):((1,2,4),0,0)">) {
  // expected-error@+1 {{operand A of wgmma (block (64,8):(1,64)): no shared-memory descriptor expresses it}}
  cute.gemm #cute_nvgpu.wgmma<m = 64, n = 64, k = 8, a = tf32, b = tf32, c = f32, a_major = k, b_major = k> (%a, %b, %c) : !cute.memref<f32, smem, align<1024>, S<3,2,3>, "((64,8),1,1):((1,64),0,0)">, !cute.memref<f32, smem, align<1024>, S<3,2,3>, "((64,8),1,1):((32,1),0,0)">, !cute.memref<f32, rmem, align<16>, "((2,2,8),1,1):((1,2,4),0,0)">
  return
}
// -----
// The 128-byte swizzle with 32-byte atoms (S<2,3,2> on f32): sm_90a's wgmma
// has no such mode.
func.func @f(%a: !cute.memref<f32, smem, align<1024>, S<2,3,2>, "((64,8),1,1):((1,64),0,0)">, %b: !cute.memref<f32, smem, align<1024>, S<3,2,3>, "((64,8),1,1):((32,1),0,0)">, %c: !cute.memref<f32, rmem, align<16>, "((2,2,8),1,1):((1,2,4),0,0)">) {
  // expected-error@+1 {{operand A of wgmma (block (64,8):(1,64)): no shared-memory descriptor expresses it: swizzle S<2,3,2> (the 128-byte swizzle with 32-byte atoms, UMMA's SWIZZLE_128B_BASE32B) describes MN-major operands only}}
  cute.gemm #cute_nvgpu.wgmma<m = 64, n = 64, k = 8, a = tf32, b = tf32, c = f32, a_major = k, b_major = k> (%a, %b, %c) : !cute.memref<f32, smem, align<1024>, S<2,3,2>, "((64,8),1,1):((1,64),0,0)">, !cute.memref<f32, smem, align<1024>, S<3,2,3>, "((64,8),1,1):((32,1),0,0)">, !cute.memref<f32, rmem, align<16>, "((2,2,8),1,1):((1,2,4),0,0)">
  return
}
// -----
// An MN-major 16-bit wgmma operand in that swizzle (the layout UMMA would
// take): sm_90a has no such descriptor mode.
func.func @f(%a: !cute.memref<bf16, smem, align<1024>, S<2,4,2>, "((64,(4,4)),1,1):((1,(64,256)),0,0)">, %b: !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((64,16),1,1):((64,1),0,0)">, %c: !cute.memref<f32, rmem, align<16>, "((2,2,8),1,1):((1,2,4),0,0)">) {
  // expected-error@+1 {{the 128-byte swizzle with 32-byte atoms (UMMA's SWIZZLE_128B_BASE32B) is a tcgen05 (sm_100a) descriptor mode; sm_90a's wgmma descriptor has none (32, 64 or 128-byte swizzles)}}
  cute.gemm #cute_nvgpu.wgmma<m = 64, n = 64, k = 16, a = bf16, b = bf16, c = f32, a_major = mn, b_major = k> (%a, %b, %c) : !cute.memref<bf16, smem, align<1024>, S<2,4,2>, "((64,(4,4)),1,1):((1,(64,256)),0,0)">, !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((64,16),1,1):((64,1),0,0)">, !cute.memref<f32, rmem, align<16>, "((2,2,8),1,1):((1,2,4),0,0)">
  return
}
// -----
// tcgen05 has the mode (MN-major), but a column-major (128,8) tile is not
// its canonical layout (the atom's K rows are 128 B apart, not 512 B).
func.func @f(%a: !cute.memref<f32, smem, align<1024>, S<2,3,2>, "((128,8),1,1):((1,128),0,0)">, %b: !cute.memref<f32, smem, align<1024>, S<3,2,3>, "((128,8),1,1):((32,1),0,0)">, %c: !cute.memref<f32, tmem, align<16>, "((128,128),1,1):((65536,1),0,0)">) {
  // expected-error@+1 {{operand A of tcgen05.mma (block (128,8):(1,128)): no shared-memory descriptor expresses it: the GMMA operand tile "(128,8):(1,128)" is not a canonical GMMA MN-major layout}}
  cute.gemm #cute_nvgpu.tcgen05_mma<kind = tf32, m = 128, n = 128, k = 8, a = f32, b = f32, c = f32, cta_group = 1, a_src = smem, a_major = mn, b_major = k> (%a, %b, %c) : !cute.memref<f32, smem, align<1024>, S<2,3,2>, "((128,8),1,1):((1,128),0,0)">, !cute.memref<f32, smem, align<1024>, S<3,2,3>, "((128,8),1,1):((32,1),0,0)">, !cute.memref<f32, tmem, align<16>, "((128,128),1,1):((65536,1),0,0)">
  return
}
// -----
// The block-scaled tcgen05.mma accumulates in f32 only.
func.func @f(%a: !cute.memref<f8E4M3FN, smem, align<1024>, S<3,4,3>, "((128,32),1,4):((128,1),0,32)">, %b: !cute.memref<f8E4M3FN, smem, align<1024>, S<3,4,3>, "((128,32),1,4):((128,1),0,32)">, %c: !cute.memref<i32, tmem, align<16>, "((128,128),1,1):((65536,1),0,0)">, %sf: !cute.memref<i32, tmem, align<16>, "(128,4):(65536,1)">) {
  // expected-error@+1 {{'cute.gemm' op operand C of tcgen05.mma.block_scale holds 'i32'; the atom's C type is 'f32'}}
  cute.gemm #cute_nvgpu.tcgen05_mma_block_scale<kind = mxf8f6f4, m = 128, n = 128, k = 32, a = f8E4M3FN, b = f8E4M3FN, sf = f8E8M0FNU, vs = 32, cta_group = 1> (%a, %b, %c) scales(%sf, %sf) : !cute.memref<f8E4M3FN, smem, align<1024>, S<3,4,3>, "((128,32),1,4):((128,1),0,32)">, !cute.memref<f8E4M3FN, smem, align<1024>, S<3,4,3>, "((128,32),1,4):((128,1),0,32)">, !cute.memref<i32, tmem, align<16>, "((128,128),1,1):((65536,1),0,0)">, !cute.memref<i32, tmem, align<16>, "(128,4):(65536,1)">, !cute.memref<i32, tmem, align<16>, "(128,4):(65536,1)">
  return
}

// -----
//===----------------------------------------------------------------------===//
// Atom operand rules: shared-memory descriptors
//===----------------------------------------------------------------------===//

// A K-major A block whose rows are 32 bytes apart: no swizzle, so the
// canonical (interleave) K-major layout needs the 8 rows of a core matrix
// 16 bytes apart.
func.func @f(%a: !cute.memref<bf16, smem, align<128>, "((64,16),1,2):((16,1),0,1024)">, %b: !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,16),1,2):((64,1),0,16)">, %c: !cute.memref<f32, rmem, align<16>, "((2,2,16),1,1):((1,2,4),0,0)">) {
  // expected-error@+1 {{'cute.gemm' op operand A of wgmma (block (64,16):(16,1)): no shared-memory descriptor expresses it: the GMMA operand tile "(64,16):(16,1)" is not a canonical GMMA K-major layout (in 16-byte units: (64,2):(2,1)): the row stride is 2 where it must be 1}}
  cute.gemm #cute_nvgpu.wgmma<m = 64, n = 128, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k> (%a, %b, %c) : !cute.memref<bf16, smem, align<128>, "((64,16),1,2):((16,1),0,1024)">, !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,16),1,2):((64,1),0,16)">, !cute.memref<f32, rmem, align<16>, "((2,2,16),1,1):((1,2,4),0,0)">
  return
}
// -----
// An M-contiguous (MN-major) A block for an atom that reads A K-major:
// recast to 16-byte units along M, the block no longer has two 16-byte
// columns of K.
func.func @f(%a: !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((64,16),1,4):((1,64),0,1024)">, %b: !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,16),1,4):((64,1),0,16)">, %c: !cute.memref<f32, rmem, align<16>, "((2,2,16),1,1):((1,2,4),0,0)">) {
  // expected-error@+1 {{'cute.gemm' op operand A of wgmma (block (64,16):(1,64)): no shared-memory descriptor expresses it: the K extent is 16 x 16 bytes; a canonical GMMA K-major layout (in 16-byte units: (8,16):(1,8)) needs 2 (K = 16 elements)}}
  cute.gemm #cute_nvgpu.wgmma<m = 64, n = 128, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k> (%a, %b, %c) : !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((64,16),1,4):((1,64),0,1024)">, !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,16),1,4):((64,1),0,16)">, !cute.memref<f32, rmem, align<16>, "((2,2,16),1,1):((1,2,4),0,0)">
  return
}
// -----
// A dynamic stride: the descriptor is built at compile time.
func.func @f(%a: !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((64,16),1,4):((?,1),0,16)">, %b: !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,16),1,4):((64,1),0,16)">, %c: !cute.memref<f32, rmem, align<16>, "((2,2,16),1,1):((1,2,4),0,0)">) {
  // expected-error@+1 {{'cute.gemm' op operand A of wgmma must have a static layout (its descriptor is derived at compile time), got '!cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((64,16),1,4):((?,1),0,16)">'}}
  cute.gemm #cute_nvgpu.wgmma<m = 64, n = 128, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k> (%a, %b, %c) : !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((64,16),1,4):((?,1),0,16)">, !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,16),1,4):((64,1),0,16)">, !cute.memref<f32, rmem, align<16>, "((2,2,16),1,1):((1,2,4),0,0)">
  return
}
// -----
// The 128-byte swizzle atom (8 rows x 128 B) must start on 1024 B.
func.func @f(%a: !cute.memref<bf16, smem, align<128>, S<3,3,3>, "((64,16),1,4):((64,1),0,16)">, %b: !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,16),1,4):((64,1),0,16)">, %c: !cute.memref<f32, rmem, align<16>, "((2,2,16),1,1):((1,2,4),0,0)">) {
  // expected-error@+1 {{'cute.gemm' op operand A of wgmma is aligned to 128 B; its descriptor needs 1024 B (16 B, and the swizzle atom)}}
  cute.gemm #cute_nvgpu.wgmma<m = 64, n = 128, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k> (%a, %b, %c) : !cute.memref<bf16, smem, align<128>, S<3,3,3>, "((64,16),1,4):((64,1),0,16)">, !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,16),1,4):((64,1),0,16)">, !cute.memref<f32, rmem, align<16>, "((2,2,16),1,1):((1,2,4),0,0)">
  return
}
// -----
// The 64-byte swizzle atom (8 rows x 64 B) on B: 512 B.
func.func @f(%a: !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((64,16),1,2):((64,1),0,16)">, %b: !cute.memref<bf16, smem, align<256>, S<2,3,3>, "((128,16),1,2):((32,1),0,16)">, %c: !cute.memref<f32, rmem, align<16>, "((2,2,16),1,1):((1,2,4),0,0)">) {
  // expected-error@+1 {{'cute.gemm' op operand B of wgmma is aligned to 256 B; its descriptor needs 512 B (16 B, and the swizzle atom)}}
  cute.gemm #cute_nvgpu.wgmma<m = 64, n = 128, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k> (%a, %b, %c) : !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((64,16),1,2):((64,1),0,16)">, !cute.memref<bf16, smem, align<256>, S<2,3,3>, "((128,16),1,2):((32,1),0,16)">, !cute.memref<f32, rmem, align<16>, "((2,2,16),1,1):((1,2,4),0,0)">
  return
}
// -----
// Without a swizzle the descriptor's start address still needs 16 B.
func.func @f(%a: !cute.memref<bf16, smem, align<8>, "((64,16),1,1):((8,1),0,0)">, %b: !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,16),1,1):((64,1),0,0)">, %c: !cute.memref<f32, rmem, align<16>, "((2,2,16),1,1):((1,2,4),0,0)">) {
  // expected-error@+1 {{'cute.gemm' op operand A of wgmma is aligned to 8 B; its descriptor needs 16 B (16 B, and the swizzle atom)}}
  cute.gemm #cute_nvgpu.wgmma<m = 64, n = 128, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k> (%a, %b, %c) : !cute.memref<bf16, smem, align<8>, "((64,16),1,1):((8,1),0,0)">, !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,16),1,1):((64,1),0,0)">, !cute.memref<f32, rmem, align<16>, "((2,2,16),1,1):((1,2,4),0,0)">
  return
}

// -----
//===----------------------------------------------------------------------===//
// Valid: one cute.gemm per atom kind
//===----------------------------------------------------------------------===//

// mma.sync: one atom's register fragments, and a 2x2 tiled MMA thread's
// partitions (2 x 2 x 2 atoms).
func.func @mma_sync(%a: !cute.memref<bf16, rmem, align<16>, "8:1">, %b: !cute.memref<bf16, rmem, align<8>, "4:1">, %c: !cute.memref<f32, rmem, align<16>, "4:1">, %ta: !cute.memref<bf16, rmem, align<16>, "((2,2,2),2,2):((1,2,4),8,16)">, %tb: !cute.memref<bf16, rmem, align<16>, "((2,2),2,2):((1,2),4,8)">, %tc: !cute.memref<f32, rmem, align<16>, "((2,2),2,2):((1,2),4,8)">) {
  cute.gemm #cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32> (%a, %b, %c) : !cute.memref<bf16, rmem, align<16>, "8:1">, !cute.memref<bf16, rmem, align<8>, "4:1">, !cute.memref<f32, rmem, align<16>, "4:1">
  cute.gemm #cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32> (%ta, %tb, %tc) : !cute.memref<bf16, rmem, align<16>, "((2,2,2),2,2):((1,2,4),8,16)">, !cute.memref<bf16, rmem, align<16>, "((2,2),2,2):((1,2),4,8)">, !cute.memref<f32, rmem, align<16>, "((2,2),2,2):((1,2),4,8)">
  return
}

// mma.sync m16n8k8 f16: 4 values of A, 2 of B, 4 of C per thread.
func.func @mma_sync_k8(%a: !cute.memref<f16, rmem, align<8>, "4:1">, %b: !cute.memref<f16, rmem, align<4>, "2:1">, %c: !cute.memref<f32, rmem, align<16>, "4:1">) {
  cute.gemm #cute_nvgpu.mma_sync<m = 16, n = 8, k = 8, a = f16, b = f16, c = f32> (%a, %b, %c) : !cute.memref<f16, rmem, align<8>, "4:1">, !cute.memref<f16, rmem, align<4>, "2:1">, !cute.memref<f32, rmem, align<16>, "4:1">
  return
}

// wgmma 64x128x16 bf16 on 128-byte-swizzled K-major tiles (64 x 64 of A,
// 128 x 64 of B, as cute.mma_partition gives them: 4 k-blocks), 64 f32
// accumulators per thread.
func.func @wgmma(%a: !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((64,16),1,4):((64,1),0,16)">, %b: !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,16),1,4):((64,1),0,16)">, %c: !cute.memref<f32, rmem, align<16>, "((2,2,16),1,1):((1,2,4),0,0)">) {
  cute.gemm #cute_nvgpu.wgmma<m = 64, n = 128, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k> (%a, %b, %c) : !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((64,16),1,4):((64,1),0,16)">, !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,16),1,4):((64,1),0,16)">, !cute.memref<f32, rmem, align<16>, "((2,2,16),1,1):((1,2,4),0,0)">
  return
}

// wgmma with an MN-major (M-contiguous, 128-byte-swizzled) A.
func.func @wgmma_mn(%a: !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((64,16),1,4):((1,64),0,1024)">, %b: !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,16),1,4):((64,1),0,16)">, %c: !cute.memref<f32, rmem, align<16>, "((2,2,16),1,1):((1,2,4),0,0)">) {
  cute.gemm #cute_nvgpu.wgmma<m = 64, n = 128, k = 16, a = bf16, b = bf16, c = f32, a_major = mn, b_major = k> (%a, %b, %c) : !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((64,16),1,4):((1,64),0,1024)">, !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,16),1,4):((64,1),0,16)">, !cute.memref<f32, rmem, align<16>, "((2,2,16),1,1):((1,2,4),0,0)">
  return
}

// wgmma 64x128x32 e4m3 (128-byte swizzle of 8-bit elements: S<3,4,3>).
func.func @wgmma_e4m3(%a: !cute.memref<f8E4M3FN, smem, align<1024>, S<3,4,3>, "((64,32),1,4):((128,1),0,32)">, %b: !cute.memref<f8E4M3FN, smem, align<1024>, S<3,4,3>, "((128,32),1,4):((128,1),0,32)">, %c: !cute.memref<f32, rmem, align<16>, "((2,2,16),1,1):((1,2,4),0,0)">) {
  cute.gemm #cute_nvgpu.wgmma<m = 64, n = 128, k = 32, a = f8E4M3FN, b = f8E4M3FN, c = f32, a_major = k, b_major = k> (%a, %b, %c) : !cute.memref<f8E4M3FN, smem, align<1024>, S<3,4,3>, "((64,32),1,4):((128,1),0,32)">, !cute.memref<f8E4M3FN, smem, align<1024>, S<3,4,3>, "((128,32),1,4):((128,1),0,32)">, !cute.memref<f32, rmem, align<16>, "((2,2,16),1,1):((1,2,4),0,0)">
  return
}

// tcgen05.mma 128x256x16 on one CTA: the whole (128,16) / (256,16) blocks
// per k-block, C (128 lanes x 256 columns) in Tensor Memory.
func.func @tcgen05(%a: !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,16),1,4):((64,1),0,16)">, %b: !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((256,16),1,4):((64,1),0,16)">, %c: !cute.memref<f32, tmem, align<16>, "((128,256),1,1):((65536,1),0,0)">) {
  cute.gemm #cute_nvgpu.tcgen05_mma<kind = f16, m = 128, n = 256, k = 16, a = bf16, b = bf16, c = f32, cta_group = 1, a_src = smem, a_major = k, b_major = k> (%a, %b, %c) : !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,16),1,4):((64,1),0,16)">, !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((256,16),1,4):((64,1),0,16)">, !cute.memref<f32, tmem, align<16>, "((128,256),1,1):((65536,1),0,0)">
  return
}

// tcgen05.mma 256x256x16 on a CTA pair: each CTA's half (128 rows of A, of
// B and of C).
func.func @tcgen05_2cta(%a: !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,16),1,4):((64,1),0,16)">, %b: !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,16),1,4):((64,1),0,16)">, %c: !cute.memref<f32, tmem, align<16>, "((128,256),1,1):((65536,1),0,0)">) {
  cute.gemm #cute_nvgpu.tcgen05_mma<kind = f16, m = 256, n = 256, k = 16, a = bf16, b = bf16, c = f32, cta_group = 2, a_src = smem, a_major = k, b_major = k> (%a, %b, %c) : !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,16),1,4):((64,1),0,16)">, !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,16),1,4):((64,1),0,16)">, !cute.memref<f32, tmem, align<16>, "((128,256),1,1):((65536,1),0,0)">
  return
}

// tcgen05.mma kind::tf32 (f32 operands) with A in Tensor Memory and B on a
// 128-byte-swizzled K-major f32 tile.
func.func @tcgen05_ts(%a: !cute.memref<f32, tmem, align<16>, "((128,8),1,4):((65536,1),0,8)">, %b: !cute.memref<f32, smem, align<1024>, S<3,2,3>, "((128,8),1,4):((32,1),0,8)">, %c: !cute.memref<f32, tmem, align<16>, "((128,128),1,1):((65536,1),0,0)">) {
  cute.gemm #cute_nvgpu.tcgen05_mma<kind = tf32, m = 128, n = 128, k = 8, a = f32, b = f32, c = f32, cta_group = 1, a_src = tmem, a_major = k, b_major = k> (%a, %b, %c) : !cute.memref<f32, tmem, align<16>, "((128,8),1,4):((65536,1),0,8)">, !cute.memref<f32, smem, align<1024>, S<3,2,3>, "((128,8),1,4):((32,1),0,8)">, !cute.memref<f32, tmem, align<16>, "((128,128),1,1):((65536,1),0,0)">
  return
}

// sm_120a block-scaled mma.sync: m16n8k64 e2m1 with e8m0 scales per 32
// (scale_vec::2X: two scales of A and of B per thread), and m16n8k32 e4m3
// x e2m1 (scale_vec::1X: one of each).
func.func @mma_block_scale(%a: !cute.memref<f4E2M1FN, rmem, align<16>, "32:1">, %b: !cute.memref<f4E2M1FN, rmem, align<8>, "16:1">, %c: !cute.memref<f32, rmem, align<16>, "4:1">, %sfa: !cute.memref<f8E8M0FNU, rmem, align<2>, "2:1">, %sfb: !cute.memref<f8E8M0FNU, rmem, align<2>, "2:1">, %a8: !cute.memref<f8E4M3FN, rmem, align<16>, "16:1">, %b4: !cute.memref<f4E2M1FN, rmem, align<4>, "8:1">, %sf1: !cute.memref<f8E8M0FNU, rmem, align<1>, "1:1">) {
  cute.gemm #cute_nvgpu.mma_block_scale<m = 16, n = 8, k = 64, a = f4E2M1FN, b = f4E2M1FN, c = f32, sf = f8E8M0FNU, vs = 32> (%a, %b, %c) scales(%sfa, %sfb) : !cute.memref<f4E2M1FN, rmem, align<16>, "32:1">, !cute.memref<f4E2M1FN, rmem, align<8>, "16:1">, !cute.memref<f32, rmem, align<16>, "4:1">, !cute.memref<f8E8M0FNU, rmem, align<2>, "2:1">, !cute.memref<f8E8M0FNU, rmem, align<2>, "2:1">
  cute.gemm #cute_nvgpu.mma_block_scale<m = 16, n = 8, k = 32, a = f8E4M3FN, b = f4E2M1FN, c = f32, sf = f8E8M0FNU, vs = 32> (%a8, %b4, %c) scales(%sf1, %sf1) : !cute.memref<f8E4M3FN, rmem, align<16>, "16:1">, !cute.memref<f4E2M1FN, rmem, align<4>, "8:1">, !cute.memref<f32, rmem, align<16>, "4:1">, !cute.memref<f8E8M0FNU, rmem, align<1>, "1:1">, !cute.memref<f8E8M0FNU, rmem, align<1>, "1:1">
  return
}
