// RUN: cute-opt %s | FileCheck %s
// RUN: cute-opt %s | cute-opt | FileCheck %s
// RUN: cute-opt %s --mlir-print-op-generic | cute-opt | FileCheck %s
// RUN: cute-opt %s --cute-print-short | FileCheck %s --check-prefix=SHORT
// RUN: cute-opt %s --cute-print-short > %t.short.mlir
// RUN: cute-opt %t.short.mlir --cute-print-short | diff %t.short.mlir -

// The register-A ("RS") wgmma atom and cute_nvgpu.accumulator_to_operand:
// the atom's A layout is CuTe's GMMA::ALayout_64x16 / ALayout_64x32
// (mma_traits_sm90_gmma.hpp, NVIDIA/cutlass 7107b05; B and C as the SS
// atom's), a_src = smem is the default and is not printed, the
// accumulator conversion infers (FrgV = K/2, RestM, RestN * N/K), and
// cute.gemm takes an rmem A with the RS atom. Short forms round-trip.

// CHECK-LABEL: func.func @atoms
// CHECK: cute.mma_atom_layout "A" of #cute_nvgpu.wgmma<m = 64, n = 128, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k, a_src = rmem> -> !cute.layout<"((4,8,4),(2,2,2)):((128,1,16),(64,8,512))">
// CHECK: cute.mma_atom_layout "B" of #cute_nvgpu.wgmma<m = 64, n = 128, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k, a_src = rmem> -> !cute.layout<"(128,(128,16)):(0,(1,128))">
// CHECK: cute.mma_atom_layout "C" of #cute_nvgpu.wgmma<m = 64, n = 64, k = 16, a = f16, b = f16, c = f32, a_major = k, b_major = mn, a_src = rmem> -> !cute.layout<"((4,8,4),(2,2,8)):((128,1,16),(64,8,512))">
// CHECK: cute.mma_atom_layout "A" of #cute_nvgpu.wgmma<m = 64, n = 64, k = 32, a = f8E4M3FN, b = f8E4M3FN, c = f32, a_major = k, b_major = k, a_src = rmem> -> !cute.layout<"((4,8,4),(4,2,2)):((256,1,16),(64,8,1024))">
// The default source is not printed.
// CHECK: cute.mma_atom_layout "A" of #cute_nvgpu.wgmma<m = 64, n = 64, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k> -> !cute.layout<"(128,(64,16)):(0,(1,64))">
func.func @atoms() {
  %a = cute.mma_atom_layout "A" of #cute_nvgpu.wgmma<m = 64, n = 128, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k, a_src = rmem> -> !cute.layout<"((4,8,4),(2,2,2)):((128,1,16),(64,8,512))">
  %b = cute.mma_atom_layout "B" of #cute_nvgpu.wgmma<m = 64, n = 128, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k, a_src = rmem> -> !cute.layout<"(128,(128,16)):(0,(1,128))">
  %c = cute.mma_atom_layout "C" of #cute_nvgpu.wgmma<m = 64, n = 64, k = 16, a = f16, b = f16, c = f32, a_major = k, b_major = mn, a_src = rmem> -> !cute.layout<"((4,8,4),(2,2,8)):((128,1,16),(64,8,512))">
  %a8 = cute.mma_atom_layout "A" of #cute_nvgpu.wgmma<m = 64, n = 64, k = 32, a = f8E4M3FN, b = f8E4M3FN, c = f32, a_major = k, b_major = k, a_src = rmem> -> !cute.layout<"((4,8,4),(4,2,2)):((256,1,16),(64,8,1024))">
  %ss = cute.mma_atom_layout "A" of #cute_nvgpu.wgmma<m = 64, n = 64, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k, a_src = smem> -> !cute.layout<"(128,(64,16)):(0,(1,64))">
  return
}

// CHECK-LABEL: func.func @convert
// CHECK: cute_nvgpu.accumulator_to_operand(%{{.*}}) {elem_type = bf16} : !cute.memref<f32, rmem, align<16>, "((2,2,16),1,1):((1,2,4),0,0)"> -> !cute.memref<bf16, rmem, align<16>, "(8,1,8):(1,0,8)">
// CHECK: cute_nvgpu.accumulator_to_operand(%{{.*}}) {elem_type = f16} : !cute.memref<f32, rmem, align<16>, "((2,2,4),2,3):((1,2,4),16,32)"> -> !cute.memref<f16, rmem, align<16>, "(8,2,6):(1,8,16)">
// CHECK: cute_nvgpu.accumulator_to_operand(%{{.*}}) {elem_type = f8E4M3FN} : !cute.memref<f32, rmem, align<16>, "((2,2,16),1,2):((1,2,4),0,64)"> -> !cute.memref<f8E4M3FN, rmem, align<16>, "(16,1,8):(1,0,16)">
// CHECK: cute_nvgpu.accumulator_to_operand(%{{.*}}) {elem_type = f8E5M2} : !cute.memref<f32, rmem, align<16>, "16:1"> -> !cute.memref<f8E5M2, rmem, align<16>, "(16,1,1):(1,0,0)">
// SHORT-LABEL: func.func @convert
// SHORT: cute_nvgpu.accumulator_to_operand(%{{.*}}) {elem_type = bf16}{{$}}
// SHORT: cute_nvgpu.accumulator_to_operand(%{{.*}}) {elem_type = f16}{{$}}
// SHORT: cute_nvgpu.accumulator_to_operand(%{{.*}}) {elem_type = f8E4M3FN}{{$}}
// SHORT: cute_nvgpu.accumulator_to_operand(%{{.*}}) {elem_type = f8E5M2}{{$}}
func.func @convert(%s: !cute.memref<f32, rmem, align<16>, "((2,2,16),1,1):((1,2,4),0,0)">,
                   %s2: !cute.memref<f32, rmem, align<16>, "((2,2,4),2,3):((1,2,4),16,32)">,
                   %s8: !cute.memref<f32, rmem, align<16>, "((2,2,16),1,2):((1,2,4),0,64)">,
                   %one: !cute.memref<f32, rmem, align<16>, "16:1">) {
  // 64 x 128 bf16: eight K blocks of 16.
  %p = cute_nvgpu.accumulator_to_operand(%s) {elem_type = bf16}
  // Two M atoms and three N atoms of 32 columns: K blocks 2 per N atom.
  %p2 = cute_nvgpu.accumulator_to_operand(%s2) {elem_type = f16} : !cute.memref<f32, rmem, align<16>, "((2,2,4),2,3):((1,2,4),16,32)"> -> !cute.memref<f16, rmem, align<16>, "(8,2,6):(1,8,16)">
  // e4m3: K blocks of 32 columns, 16 values each.
  %p8 = cute_nvgpu.accumulator_to_operand(%s8) {elem_type = f8E4M3FN}
  // One atom's values (N = 32): one K block.
  %p5 = cute_nvgpu.accumulator_to_operand(%one) {elem_type = f8E5M2}
  return
}

// The RS A operand partitioned from a tile (CuTe's partition_A with the RS
// atom: pairs, rows + 8, K + 8) and the gemm on the converted fragment.
// CHECK-LABEL: func.func @gemm
// CHECK: cute.mma_partition "A" of #cute.tiled_mma<#cute_nvgpu.wgmma<m = 64, n = 128, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k, a_src = rmem>, #cute.layout<"(1,1,1):(0,0,0)">>{{.*}}-> !cute.memref<bf16, smem, align<4>, S<3,3,3>, "((2,2,2),1,4):((1,512,8),0,16)">
// CHECK: cute.gemm #cute_nvgpu.wgmma<m = 64, n = 64, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = mn, a_src = rmem>{{.*}} accumulate(%{{.*}}) : {{.*}}<bf16, rmem, align<16>, "(8,1,8):(1,0,8)">,
// CHECK: cute.gemm #cute_nvgpu.wgmma<m = 64, n = 128, k = 32, a = f8E4M3FN, b = f8E4M3FN, c = f32, a_major = k, b_major = k, a_src = rmem>{{.*}}<f8E4M3FN, rmem, align<16>, "(16,1,4):(1,0,16)">,
func.func @gemm(%sa: !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "(64,64):(64,1)">, %tid: i32,
                %s: !cute.memref<f32, rmem, align<16>, "((2,2,16),1,1):((1,2,4),0,0)">,
                %b: !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((64,16),1,8):((1,64),0,1024)">,
                %o: !cute.memref<f32, rmem, align<16>, "((2,2,8),1,1):((1,2,4),0,0)">,
                %a8: !cute.memref<f8E4M3FN, rmem, align<16>, "(16,1,4):(1,0,16)">,
                %b8: !cute.memref<f8E4M3FN, smem, align<1024>, S<3,4,3>, "((128,32),1,4):((128,1),0,32)">,
                %o8: !cute.memref<f32, rmem, align<16>, "((2,2,16),1,1):((1,2,4),0,0)">, %flag: i1) {
  %pa = cute.mma_partition "A" of #cute.tiled_mma<#cute_nvgpu.wgmma<m = 64, n = 128, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k, a_src = rmem>, #cute.layout<"(1,1,1):(0,0,0)">> (%sa, %tid) : (!cute.memref<bf16, smem, align<1024>, S<3,3,3>, "(64,64):(64,1)">, i32) -> !cute.memref<bf16, smem, align<4>, S<3,3,3>, "((2,2,2),1,4):((1,512,8),0,16)">
  // O (64 x 64) = P (64 x 128, from S) x V (B: 64 x 128 MN-major).
  %p = cute_nvgpu.accumulator_to_operand(%s) {elem_type = bf16}
  cute.gemm #cute_nvgpu.wgmma<m = 64, n = 64, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = mn, a_src = rmem> (%p, %b, %o) accumulate(%flag) : !cute.memref<bf16, rmem, align<16>, "(8,1,8):(1,0,8)">, !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((64,16),1,8):((1,64),0,1024)">, !cute.memref<f32, rmem, align<16>, "((2,2,8),1,1):((1,2,4),0,0)">
  cute.gemm #cute_nvgpu.wgmma<m = 64, n = 128, k = 32, a = f8E4M3FN, b = f8E4M3FN, c = f32, a_major = k, b_major = k, a_src = rmem> (%a8, %b8, %o8) : !cute.memref<f8E4M3FN, rmem, align<16>, "(16,1,4):(1,0,16)">, !cute.memref<f8E4M3FN, smem, align<1024>, S<3,4,3>, "((128,32),1,4):((128,1),0,32)">, !cute.memref<f32, rmem, align<16>, "((2,2,16),1,1):((1,2,4),0,0)">
  return
}
