// RUN: cute-opt %s -split-input-file -verify-diagnostics

// One case per rule of the ldmatrix/stmatrix atoms and of the tiled copies
// built from them.

// expected-error@+1 {{#cute_nvgpu.stmatrix: num is the number of 8x8 matrices, 1, 2 or 4, but got 3}}
func.func private @num() attributes {a = #cute_nvgpu.stmatrix<num = 3>}
// -----
func.func @trans_f32(%r: !cute.memref<f32, rmem, align<8>, "2:1">, %s: !cute.memref<f32, smem, align<16>, "4:1">) {
  // expected-error@+1 {{with stmatrix trans transposes 16-bit elements, but the element type is 'f32' (32 bits)}}
  cute.copy(%r, %s) {atom = #cute_nvgpu.stmatrix<num = 2, trans = true>}
  return
}
// -----
func.func @spaces(%r: !cute.memref<f16, smem, align<16>, "2:1">, %s: !cute.memref<f16, smem, align<16>, "8:1">) {
  // expected-error@+1 {{with stmatrix expects the src to be an rmem fragment, but got '!cute.memref<f16, smem, align<16>, "2:1">'}}
  cute.copy(%r, %s) {atom = #cute_nvgpu.stmatrix<num = 1>}
  return
}
// -----
func.func @ld_spaces(%s: !cute.memref<f16, gmem, align<16>, "8:1">, %r: !cute.memref<f16, rmem, align<4>, "2:1">) {
  // expected-error@+1 {{with ldmatrix expects the src to be a smem tensor, but got '!cute.memref<f16, gmem, align<16>, "8:1">'}}
  cute.copy(%s, %r) {atom = #cute_nvgpu.ldmatrix<num = 1>}
  return
}
// -----
func.func @reg_count(%r: !cute.memref<f16, rmem, align<4>, "6:1">, %s: !cute.memref<f16, smem, align<16>, "8:1">) {
  // expected-error@+1 {{with stmatrix num = 2 takes 4 values per thread and instruction; the src fragment "6:1" has 6}}
  cute.copy(%r, %s) {atom = #cute_nvgpu.stmatrix<num = 2>}
  return
}
// -----
func.func @row_count(%r: !cute.memref<f16, rmem, align<8>, "4:1">, %s: !cute.memref<f16, smem, align<16>, "8:1">) {
  // expected-error@+1 {{with stmatrix: the src fragment "4:1" holds 2 instruction(s) of 2 values, so the dst needs 2 row(s) of 8 elements per thread, but "8:1" has 8 elements}}
  cute.copy(%r, %s) {atom = #cute_nvgpu.stmatrix<num = 1>}
  return
}
// -----
func.func @strided_row(%r: !cute.memref<f16, rmem, align<4>, "2:1">, %s: !cute.memref<f16, smem, align<16>, "8:2">) {
  // expected-error@+1 {{with stmatrix: instruction 0 takes dst elements 0..7 of "8:2" as one 16-byte row, but they are not 8 contiguous elements starting on a multiple of 8 (the first is at offset 0)}}
  cute.copy(%r, %s) {atom = #cute_nvgpu.stmatrix<num = 1>}
  return
}
// -----
func.func @row_start(%r: !cute.memref<f16, rmem, align<8>, "4:1">, %s: !cute.memref<f16, smem, align<16>, "(8,2):(1,12)">) {
  // expected-error@+1 {{with ldmatrix: instruction 1 takes src elements 8..15 of "(8,2):(1,12)" as one 16-byte row, but they are not 8 contiguous elements starting on a multiple of 8 (the first is at offset 12)}}
  cute.copy(%s, %r) {atom = #cute_nvgpu.ldmatrix<num = 1>}
  return
}
// -----
func.func @alignment(%r: !cute.memref<bf16, rmem, align<4>, "2:1">, %s: !cute.memref<bf16, smem, align<8>, "8:1">) {
  // expected-error@+1 {{with stmatrix addresses 16-byte rows, but the dst tensor is aligned to only 8 B}}
  cute.copy(%r, %s) {atom = #cute_nvgpu.stmatrix<num = 1>}
  return
}
// -----
func.func @swizzle(%r: !cute.memref<bf16, rmem, align<4>, "2:1">, %s: !cute.memref<bf16, smem, align<1024>, S<3,2,3>, "8:1">) {
  // expected-error@+1 {{with stmatrix: the swizzle S<3,2,3> of the dst moves address bit 3 (bytes), inside a 16-byte row; rows need a swizzle of 16-byte chunks (base >= 3 for 16-bit elements)}}
  cute.copy(%r, %s) {atom = #cute_nvgpu.stmatrix<num = 1>}
  return
}
// -----
func.func @dynamic(%r: !cute.memref<bf16, rmem, align<4>, "2:1">, %s: !cute.memref<bf16, smem, align<16>, "(8,?):(1,8)">) {
  // expected-error@+1 {{with stmatrix expects a static dst layout, but got "(8,?):(1,8)"}}
  cute.copy(%r, %s) {atom = #cute_nvgpu.stmatrix<num = 1>}
  return
}
// -----
// A column-major tile cannot take stmatrix without .trans: each thread's
// 8 values run down a column.
#sync = #cute.tiled_mma<#cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32>, #cute.layout<"(2,2,1):(1,2,0)">>
func.func @column_major(%s: !cute.memref<bf16, smem, align<128>, "(64,32):(1,64)">, %f: !cute.memref<bf16, rmem, align<16>, "((2,2),2,2):((1,2),4,8)">, %tid: i32) {
  %d = cute.copy_partition "D" of #cute.tiled_copy<#cute_nvgpu.stmatrix<num = 2>, "C" of #sync> (%s, %tid)
  %r = cute.copy_retile of #cute.tiled_copy<#cute_nvgpu.stmatrix<num = 2>, "C" of #sync> (%f)
  // expected-error@+1 {{with stmatrix: instruction 0 takes dst elements 0..7 of "((8,1),2,2):((64,0),32,1024)" as one 16-byte row, but they are not 8 contiguous elements}}
  cute.copy(%r, %d) {atom = #cute_nvgpu.stmatrix<num = 2>}
  return
}
// -----
#sync = #cute.tiled_mma<#cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32>, #cute.layout<"(2,2,1):(1,2,0)">>
func.func @too_many_values(%s: !cute.memref<bf16, smem, align<128>, "(64,32):(32,1)">, %tid: i32) {
  // expected-error@+1 {{'cute.copy_partition' op the tiled MMA's C step (32x16) gives each thread 4 values, not a multiple of the 8 one SM90_U32x4_STSM_N moves per thread}}
  %d = cute.copy_partition "D" of #cute.tiled_copy<#cute_nvgpu.stmatrix<num = 4>, "C" of #sync> (%s, %tid)
  return
}
// -----
#sync = #cute.tiled_mma<#cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32>, #cute.layout<"(2,2,1):(1,2,0)">>
func.func @off_step(%s: !cute.memref<bf16, smem, align<128>, "(48,32):(32,1)">, %tid: i32) {
  // expected-error@+1 {{'cute.copy_partition' op the tile (48,32):(32,1) is not a multiple of the tiled copy's (32,16) in mode 0}}
  %d = cute.copy_partition "D" of #cute.tiled_copy<#cute_nvgpu.stmatrix<num = 2>, "C" of #sync> (%s, %tid)
  return
}
// -----
#sync = #cute.tiled_mma<#cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32>, #cute.layout<"(2,2,1):(1,2,0)">>
func.func @side(%s: !cute.memref<bf16, smem, align<128>, "(64,32):(32,1)">, %tid: i32) {
  // expected-error@+1 {{'cute.copy_partition' op side "Q" is not S (source) or D (destination)}}
  %d = cute.copy_partition "Q" of #cute.tiled_copy<#cute_nvgpu.stmatrix<num = 2>, "C" of #sync> (%s, %tid)
  return
}
// -----
#sync = #cute.tiled_mma<#cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32>, #cute.layout<"(2,2,1):(1,2,0)">>
func.func @retile_smem(%s: !cute.memref<bf16, smem, align<128>, "((2,2),2,2):((1,2),4,8)">) {
  // expected-error@+1 {{'cute.copy_retile' op retiles a register fragment, not a smem tensor}}
  %r = cute.copy_retile of #cute.tiled_copy<#cute_nvgpu.stmatrix<num = 2>, "C" of #sync> (%s)
  return
}
// -----
#sync = #cute.tiled_mma<#cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32>, #cute.layout<"(2,2,1):(1,2,0)">>
// expected-error@+1 {{the copy atom universal has no thread-value layouts to tile (CuTe's Copy_Traits)}}
func.func private @universal() attributes {a = #cute.tiled_copy<#cute.universal_copy<128>, "C" of #sync>}
// -----
#sync = #cute.tiled_mma<#cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32>, #cute.layout<"(2,2,1):(1,2,0)">>
// expected-error@+1 {{operand "X" is not A, B or C}}
func.func private @operand() attributes {a = #cute.tiled_copy<#cute_nvgpu.stmatrix<num = 2>, "X" of #sync>}
// -----
// A wgmma C chunk flattened to (2,2,8) has lost the value mode retile
// needs: keep the (V, RestM, RestN) shape of the MMA's partition.
#wgmma = #cute.tiled_mma<#cute_nvgpu.wgmma<m = 64, n = 64, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k>, #cute.layout<"(1,1,1):(0,0,0)">>
func.func @retile_flat(%f: !cute.memref<bf16, rmem, align<16>, "(2,2,8):(1,2,4)">) {
  // expected-error@+1 {{'cute.copy_retile' op retile: mode 0 of the fragment (2,2,8):(1,2,4) holds 2 values per thread; it must be a multiple of the 8 one SM90_U32x4_STSM_N moves and divide the 32 of one tiled-copy step}}
  %r = cute.copy_retile of #cute.tiled_copy<#cute_nvgpu.stmatrix<num = 4>, "C" of #wgmma> (%f)
  return
}
