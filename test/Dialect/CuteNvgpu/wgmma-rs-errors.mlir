// RUN: cute-opt %s -split-input-file -verify-diagnostics

// One case per rule of the register-A wgmma (lib/Dialect/CuteNvgpu/IR/
// MmaAtoms.cpp: the atom's parameters, cute.gemm's operands) and of
// cute_nvgpu.accumulator_to_operand (AccumulatorToOperand.cpp).

//===----------------------------------------------------------------------===//
// The atom
//===----------------------------------------------------------------------===//

// expected-error@+1 {{wgmma reads A from shared memory (a_src = smem) or registers (a_src = rmem), not Tensor Memory}}
func.func private @f() attributes {atom = #cute_nvgpu.wgmma<m = 64, n = 128, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k, a_src = tmem>}
// -----
// A register A has no transpose (tnspA).
// expected-error@+1 {{wgmma with A in registers (a_src = rmem) takes A K-major only (a_major = k): the register form has no imm-trans-a}}
func.func private @f() attributes {atom = #cute_nvgpu.wgmma<m = 64, n = 128, k = 16, a = bf16, b = bf16, c = f32, a_major = mn, b_major = k, a_src = rmem>}
// -----
// fp8 RS needs a K-major B.
// expected-error@+1 {{wgmma (RS) on 8-bit types reads B K-major only (b_major = k): the 8-bit forms have no imm-trans-b}}
func.func private @f() attributes {atom = #cute_nvgpu.wgmma<m = 64, n = 128, k = 32, a = f8E4M3FN, b = f8E4M3FN, c = f32, a_major = k, b_major = mn, a_src = rmem>}
// -----
// expected-error@+1 {{wgmma (RS) takes f16 x f16, bf16 x bf16 or e4m3/e5m2 x e4m3/e5m2, got 'bf16' x 'f8E4M3FN'}}
func.func private @f() attributes {atom = #cute_nvgpu.wgmma<m = 64, n = 128, k = 16, a = bf16, b = f8E4M3FN, c = f32, a_major = k, b_major = k, a_src = rmem>}
// -----
// expected-error@+1 {{wgmma N = 20; it must be a multiple of 8 in [8, 256]}}
func.func private @f() attributes {atom = #cute_nvgpu.wgmma<m = 64, n = 20, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k, a_src = rmem>}
// -----
// expected-error@+1 {{tcgen05.mma reads A from shared memory (a_src = smem) or Tensor Memory (a_src = tmem), not registers}}
func.func private @f() attributes {atom = #cute_nvgpu.tcgen05_mma<kind = f16, m = 128, n = 256, k = 16, a = bf16, b = bf16, c = f32, cta_group = 1, a_src = rmem, a_major = k, b_major = k>}

// -----
//===----------------------------------------------------------------------===//
// cute.gemm with the RS atom
//===----------------------------------------------------------------------===//

// A from shared memory with the RS atom.
func.func @f(%a: !cute.memref<bf16, smem, align<16>, "(8,1,4):(1,0,8)">, %b: !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,16),1,4):((64,1),0,16)">, %c: !cute.memref<f32, rmem, align<16>, "((2,2,16),1,1):((1,2,4),0,0)">) {
  // expected-error@+1 {{'cute.gemm' op operand A of wgmma (RS) must be a rmem tensor, got '!cute.memref<bf16, smem, align<16>, "(8,1,4):(1,0,8)">'}}
  cute.gemm #cute_nvgpu.wgmma<m = 64, n = 128, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k, a_src = rmem> (%a, %b, %c) : !cute.memref<bf16, smem, align<16>, "(8,1,4):(1,0,8)">, !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,16),1,4):((64,1),0,16)">, !cute.memref<f32, rmem, align<16>, "((2,2,16),1,1):((1,2,4),0,0)">
  return
}
// -----
// An f16 fragment for a bf16 atom.
func.func @f(%a: !cute.memref<f16, rmem, align<16>, "(8,1,4):(1,0,8)">, %b: !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,16),1,4):((64,1),0,16)">, %c: !cute.memref<f32, rmem, align<16>, "((2,2,16),1,1):((1,2,4),0,0)">) {
  // expected-error@+1 {{'cute.gemm' op operand A of wgmma (RS) holds 'f16'; the atom's A type is 'bf16'}}
  cute.gemm #cute_nvgpu.wgmma<m = 64, n = 128, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k, a_src = rmem> (%a, %b, %c) : !cute.memref<f16, rmem, align<16>, "(8,1,4):(1,0,8)">, !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,16),1,4):((64,1),0,16)">, !cute.memref<f32, rmem, align<16>, "((2,2,16),1,1):((1,2,4),0,0)">
  return
}
// -----
// The RS atom gives each thread 8 values of A (64 x 16 / 128), not 4.
func.func @f(%a: !cute.memref<bf16, rmem, align<8>, "(4,1,4):(1,0,4)">, %b: !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,16),1,4):((64,1),0,16)">, %c: !cute.memref<f32, rmem, align<16>, "((2,2,16),1,1):((1,2,4),0,0)">) {
  // expected-error@+1 {{'cute.gemm' op operand A has 4 values per atom (mode 0 of '!cute.memref<bf16, rmem, align<8>, "(4,1,4):(1,0,4)">'); wgmma gives each thread 8}}
  cute.gemm #cute_nvgpu.wgmma<m = 64, n = 128, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k, a_src = rmem> (%a, %b, %c) : !cute.memref<bf16, rmem, align<8>, "(4,1,4):(1,0,4)">, !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,16),1,4):((64,1),0,16)">, !cute.memref<f32, rmem, align<16>, "((2,2,16),1,1):((1,2,4),0,0)">
  return
}
// -----
// e4m3: 16 values per thread (64 x 32 / 128).
func.func @f(%a: !cute.memref<f8E4M3FN, rmem, align<8>, "(8,1,4):(1,0,8)">, %b: !cute.memref<f8E4M3FN, smem, align<1024>, S<3,4,3>, "((128,32),1,4):((128,1),0,32)">, %c: !cute.memref<f32, rmem, align<16>, "((2,2,16),1,1):((1,2,4),0,0)">) {
  // expected-error@+1 {{'cute.gemm' op operand A has 8 values per atom (mode 0 of '!cute.memref<f8E4M3FN, rmem, align<8>, "(8,1,4):(1,0,8)">'); wgmma gives each thread 16}}
  cute.gemm #cute_nvgpu.wgmma<m = 64, n = 128, k = 32, a = f8E4M3FN, b = f8E4M3FN, c = f32, a_major = k, b_major = k, a_src = rmem> (%a, %b, %c) : !cute.memref<f8E4M3FN, rmem, align<8>, "(8,1,4):(1,0,8)">, !cute.memref<f8E4M3FN, smem, align<1024>, S<3,4,3>, "((128,32),1,4):((128,1),0,32)">, !cute.memref<f32, rmem, align<16>, "((2,2,16),1,1):((1,2,4),0,0)">
  return
}
// -----
// A register fragment with a run-time stride.
func.func @f(%a: !cute.memref<bf16, rmem, align<16>, "(8,1,4):(1,0,?)">, %b: !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,16),1,4):((64,1),0,16)">, %c: !cute.memref<f32, rmem, align<16>, "((2,2,16),1,1):((1,2,4),0,0)">) {
  // expected-error@+1 {{'cute.gemm' op operand A of wgmma (RS) must be a register fragment with a static layout, got '!cute.memref<bf16, rmem, align<16>, "(8,1,4):(1,0,?)">'}}
  cute.gemm #cute_nvgpu.wgmma<m = 64, n = 128, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k, a_src = rmem> (%a, %b, %c) : !cute.memref<bf16, rmem, align<16>, "(8,1,4):(1,0,?)">, !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,16),1,4):((64,1),0,16)">, !cute.memref<f32, rmem, align<16>, "((2,2,16),1,1):((1,2,4),0,0)">
  return
}
// -----
// B stays in shared memory.
func.func @f(%a: !cute.memref<bf16, rmem, align<16>, "(8,1,4):(1,0,8)">, %b: !cute.memref<bf16, rmem, align<16>, "((128,16),1,4):((1,128),0,2048)">, %c: !cute.memref<f32, rmem, align<16>, "((2,2,16),1,1):((1,2,4),0,0)">) {
  // expected-error@+1 {{'cute.gemm' op operand B of wgmma (RS) must be a smem tensor, got '!cute.memref<bf16, rmem, align<16>, "((128,16),1,4):((1,128),0,2048)">'}}
  cute.gemm #cute_nvgpu.wgmma<m = 64, n = 128, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k, a_src = rmem> (%a, %b, %c) : !cute.memref<bf16, rmem, align<16>, "(8,1,4):(1,0,8)">, !cute.memref<bf16, rmem, align<16>, "((128,16),1,4):((1,128),0,2048)">, !cute.memref<f32, rmem, align<16>, "((2,2,16),1,1):((1,2,4),0,0)">
  return
}
// -----
// B's descriptor rules are the SS atom's: this K-major atom's B block is not a
// canonical K-major layout.
func.func @f(%a: !cute.memref<bf16, rmem, align<16>, "(8,1,4):(1,0,8)">, %b: !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,16),1,4):((1,128),0,2048)">, %c: !cute.memref<f32, rmem, align<16>, "((2,2,16),1,1):((1,2,4),0,0)">) {
  // expected-error@+1 {{'cute.gemm' op operand B of wgmma (RS) (block (128,16):(1,128)): no shared-memory descriptor expresses it}}
  cute.gemm #cute_nvgpu.wgmma<m = 64, n = 128, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k, a_src = rmem> (%a, %b, %c) : !cute.memref<bf16, rmem, align<16>, "(8,1,4):(1,0,8)">, !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,16),1,4):((1,128),0,2048)">, !cute.memref<f32, rmem, align<16>, "((2,2,16),1,1):((1,2,4),0,0)">
  return
}

// -----
//===----------------------------------------------------------------------===//
// cute_nvgpu.accumulator_to_operand
//===----------------------------------------------------------------------===//

func.func @f(%s: !cute.memref<f32, rmem, align<16>, "((2,2,16),1,1):((1,2,4),0,0)">) {
  // expected-error@+1 {{'cute_nvgpu.accumulator_to_operand' op elem_type is 'f32'; a register-A wgmma takes f16, bf16, f8E4M3FN or f8E5M2}}
  %p = cute_nvgpu.accumulator_to_operand(%s) {elem_type = f32}
  return
}
// -----
func.func @f(%s: !cute.memref<f32, rmem, align<16>, "((2,2,16),1,1):((1,2,4),0,0)">) {
  // expected-error@+1 {{'cute_nvgpu.accumulator_to_operand' op needs elem_type, the A type of the register-A wgmma}}
  %p = cute_nvgpu.accumulator_to_operand(%s)
  return
}
// -----
func.func @f(%s: !cute.memref<f16, rmem, align<16>, "((2,2,16),1,1):((1,2,4),0,0)">) {
  // expected-error@+1 {{'cute_nvgpu.accumulator_to_operand' op the accumulator must be an rmem tensor of f32, got '!cute.memref<f16, rmem, align<16>, "((2,2,16),1,1):((1,2,4),0,0)">'}}
  %p = cute_nvgpu.accumulator_to_operand(%s) {elem_type = bf16}
  return
}
// -----
func.func @f(%s: !cute.memref<f32, smem, align<16>, "((2,2,16),1,1):((1,2,4),0,0)">) {
  // expected-error@+1 {{'cute_nvgpu.accumulator_to_operand' op the accumulator must be an rmem tensor of f32, got '!cute.memref<f32, smem, align<16>, "((2,2,16),1,1):((1,2,4),0,0)">'}}
  %p = cute_nvgpu.accumulator_to_operand(%s) {elem_type = bf16}
  return
}
// -----
func.func @f(%s: !cute.memref<f32, rmem, align<16>, "((2,2,16),1,?):((1,2,4),0,64)">) {
  // expected-error@+1 {{'cute_nvgpu.accumulator_to_operand' op the accumulator '!cute.memref<f32, rmem, align<16>, "((2,2,16),1,?):((1,2,4),0,64)">' must have a static layout (its values are registers)}}
  %p = cute_nvgpu.accumulator_to_operand(%s) {elem_type = bf16}
  return
}
// -----
func.func @f(%s: !cute.memref<f32, rmem, align<16>, "((2,2,16),1):((1,2,4),0)">) {
  // expected-error@+1 {{'cute_nvgpu.accumulator_to_operand' op the accumulator has rank 2; it is (FrgV,RestM,RestN) or one atom's values}}
  %p = cute_nvgpu.accumulator_to_operand(%s) {elem_type = bf16}
  return
}
// -----
// Three N = 8 atoms (4 values each) are one and a half K blocks of 16
// columns (pairs of n8 atoms make K blocks: an even count is fine).
func.func @f(%s: !cute.memref<f32, rmem, align<16>, "((2,2,1),1,3):((1,2,4),0,4)">) {
  // expected-error@+1 {{'cute_nvgpu.accumulator_to_operand' op the accumulator has 4 values per atom (mode 0 of '!cute.memref<f32, rmem, align<16>, "((2,2,1),1,3):((1,2,4),0,4)">'); a wgmma accumulator of N columns has N/2 (N <= 256), and the 'bf16' operand needs N a multiple of K = 16: a multiple of 8 values (or an mma.sync m16n8 accumulator: 4 values, an even number of N atoms, a 16-bit operand)}}
  %p = cute_nvgpu.accumulator_to_operand(%s) {elem_type = bf16}
  return
}
// -----
// N = 48 holds one and a half K blocks of 32 e4m3 columns.
func.func @f(%s: !cute.memref<f32, rmem, align<16>, "((2,2,6),1,1):((1,2,4),0,0)">) {
  // expected-error@+1 {{the 'f8E4M3FN' operand needs N a multiple of K = 32: a multiple of 16 values}}
  %p = cute_nvgpu.accumulator_to_operand(%s) {elem_type = f8E4M3FN}
  return
}
// -----
// A written result type is checked against the inferred one.
func.func @f(%s: !cute.memref<f32, rmem, align<16>, "((2,2,16),1,1):((1,2,4),0,0)">) {
  // expected-error@+1 {{'cute_nvgpu.accumulator_to_operand' op result type '!cute.memref<bf16, rmem, align<16>, "(8,8):(1,8)">' is not the converted accumulator's '!cute.memref<bf16, rmem, align<16>, "(8,1,8):(1,0,8)">'}}
  %p = cute_nvgpu.accumulator_to_operand(%s) {elem_type = bf16} : !cute.memref<f32, rmem, align<16>, "((2,2,16),1,1):((1,2,4),0,0)"> -> !cute.memref<bf16, rmem, align<16>, "(8,8):(1,8)">
  return
}
