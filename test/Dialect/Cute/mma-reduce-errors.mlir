// RUN: cute-opt %s -split-input-file -verify-diagnostics

#sync = #cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32>
#t = #cute.tiled_mma<#sync, #cute.layout<"(1,1,1):(0,0,0)">>

func.func @kind(%f: !cute.memref<f32, rmem, align<16>, "(4,1,1):(1,0,0)">) {
  // expected-error @+1 {{unknown reduction 'avg' (expected add, mul, max or min)}}
  %r = cute.mma_reduce<avg, rows> of #t (%f)
  return
}

// -----

#t = #cute.tiled_mma<#cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32>, #cute.layout<"(1,1,1):(0,0,0)">>
func.func @axis(%f: !cute.memref<f32, rmem, align<16>, "(4,1,1):(1,0,0)">) {
  // expected-error @+1 {{unknown axis 'diag' (expected rows or cols)}}
  %r = cute.mma_reduce<max, diag> of #t (%f)
  return
}

// -----

func.func @not_tiled(%f: !cute.memref<f32, rmem, align<16>, "(4,1,1):(1,0,0)">) {
  // expected-error @+1 {{expects a #cute.tiled_mma after `of`, got #cute.layout<"4:1">}}
  %r = cute.mma_reduce<max, rows> of #cute.layout<"4:1"> (%f)
  return
}

// -----

#t = #cute.tiled_mma<#cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32>, #cute.layout<"(1,1,1):(0,0,0)">>
func.func @gmem(%f: !cute.memref<f32, gmem, align<16>, "(4,1,1):(1,0,0)">) {
  // expected-error @+1 {{'cute.mma_reduce' op reduces a C fragment of mma.sync in registers with a static layout, but got "(4,1,1):(1,0,0)" in gmem}}
  %r = cute.mma_reduce<max, rows> of #t (%f)
  return
}

// -----

#t = #cute.tiled_mma<#cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32>, #cute.layout<"(1,1,1):(0,0,0)">>
func.func @rank(%f: !cute.memref<f32, rmem, align<16>, "(4,2):(1,4)">) {
  // expected-error @+1 {{'cute.mma_reduce' op the fragment's shape (4,2) has rank 2; it is (FrgV,RestM,RestN) or one atom's values}}
  %r = cute.mma_reduce<max, rows> of #t (%f)
  return
}

// -----

#t = #cute.tiled_mma<#cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32>, #cute.layout<"(1,1,1):(0,0,0)">>
func.func @values_per_atom(%f: !cute.memref<f32, rmem, align<16>, "(8,1,1):(1,0,0)">) {
  // expected-error @+1 {{'cute.mma_reduce' op the fragment has 8 values per atom (mode 0 of "(8,1,1):(1,0,0)"); mma.sync gives each thread 4}}
  %r = cute.mma_reduce<max, rows> of #t (%f)
  return
}

// -----

#t = #cute.tiled_mma<#cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32>, #cute.layout<"(1,1,1):(0,0,0)">>
func.func @tile_disagrees(%f: !cute.memref<f32, rmem, align<16>, "(4,2,1):(1,4,0)">) {
  // expected-error @+1 {{'cute.mma_reduce' op tile [16, 8] disagrees with the fragment, whose (RestM,RestN) = (2,1) covers (32,8)}}
  %r = cute.mma_reduce<max, rows> of #t (%f) {tile = array<i64: 16, 8>}
  return
}

// -----

#t = #cute.tiled_mma<#cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32>, #cute.layout<"(1,1,1):(0,0,0)">>
func.func @vector_without_tile(%v: vector<4xf32>) {
  // expected-error @+1 {{'cute.mma_reduce' op a vector of fragment values has no (FrgV,RestM,RestN) shape: give tile = array<i64: rows, cols>}}
  %r = cute.mma_reduce<max, rows> of #t (%v)
  return
}

// -----

#t = #cute.tiled_mma<#cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32>, #cute.layout<"(1,1,1):(0,0,0)">>
func.func @vector_size(%v: vector<6xf32>) {
  // expected-error @+1 {{'cute.mma_reduce' op the vector has 6 values; mma.sync tiled over the (16,16) tile gives each thread 8}}
  %r = cute.mma_reduce<max, rows> of #t (%v) {tile = array<i64: 16, 16>}
  return
}

// -----

#t = #cute.tiled_mma<#cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32>, #cute.layout<"(1,1,1):(0,0,0)">>
func.func @tile_rank(%v: vector<4xf32>) {
  // expected-error @+1 {{'cute.mma_reduce' op tile has 3 extents; it is (rows, cols)}}
  %r = cute.mma_reduce<max, rows> of #t (%v) {tile = array<i64: 16, 8, 1>}
  return
}

// -----

#t = #cute.tiled_mma<#cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32>, #cute.layout<"(1,1,1):(0,0,0)">>
func.func @tile_not_a_multiple(%v: vector<6xf32>) {
  // expected-error @+1 {{'cute.mma_reduce' op operand C tile (M,N) = (24,8) is not a multiple of the tiled MMA's (16,8)}}
  %r = cute.mma_reduce<max, rows> of #t (%v) {tile = array<i64: 24, 8>}
  return
}

// -----

// Atoms tiled along N split every row between two warps.
#t = #cute.tiled_mma<#cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32>, #cute.layout<"(1,2,1):(0,1,0)">>
func.func @rows_across_warps(%f: !cute.memref<f32, rmem, align<16>, "(4,1,1):(1,0,0)">) {
  // expected-error @+1 {{'cute.mma_reduce' op cannot reduce the rows of the #cute.tiled_mma<#cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32>, #cute.layout<"(1,2,1):(0,1,0)">> fragment within warps: row 0 of the (16,16) tile is held by warps 0, 1 (threads 0, 1, 2, 3, 32, 33, 34, 35; thread xor 32); a reduction across warps needs shared memory, which cute.mma_reduce does not do (lay the atoms along M for row reductions)}}
  %r = cute.mma_reduce<max, rows> of #t (%f)
  return
}

// -----

// A wgmma's four warps each hold 16 rows of every column.
#t = #cute.tiled_mma<#cute_nvgpu.wgmma<m = 64, n = 64, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k>, #cute.layout<"(1,1,1):(0,0,0)">>
func.func @wgmma_columns(%f: !cute.memref<f32, rmem, align<16>, "((2,2,8),1,1):((1,2,4),0,0)">) {
  // expected-error @+1 {{column 0 of the (64,64) tile is held by warps 0, 1, 2, 3 (threads 0, 4, 8, 12, 16, 20, 24, 28, ... (32 in all); thread xor 32, 64); a reduction across warps needs shared memory, which cute.mma_reduce does not do (lay the atoms along N for column reductions)}}
  %r = cute.mma_reduce<add, cols> of #t (%f)
  return
}

// -----

#t = #cute.tiled_mma<#cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32>, #cute.layout<"(1,1,1):(0,0,0)">>
func.func @wide(%f: !cute.memref<f64, rmem, align<16>, "(4,1,1):(1,0,0)">) {
  // expected-error @+1 {{'cute.mma_reduce' op combines 'f64' values across lanes (xor 1, 2), but shuffles move at most 32 bits}}
  %r = cute.mma_reduce<add, rows> of #t (%f)
  return
}

// -----

#t = #cute.tiled_mma<#cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32>, #cute.layout<"(1,1,1):(0,0,0)">>
func.func @written_type(%f: !cute.memref<f32, rmem, align<16>, "(4,1,1):(1,0,0)">) {
  // expected-error @+2 {{'cute.mma_reduce' op inferred type(s) 'vector<2xf32>' are incompatible with return type(s) of operation 'vector<4xf32>'}}
  // expected-error @+1 {{'cute.mma_reduce' op failed to infer returned types}}
  %r = cute.mma_reduce<add, rows> of #t (%f) -> vector<4xf32>
  return
}

// -----

// tcgen05.mma accumulates in Tensor Memory, one "thread" per CTA.
#t = #cute.tiled_mma<#cute_nvgpu.tcgen05_mma<kind = f16, m = 128, n = 256, k = 16, a = bf16, b = bf16, c = f32, cta_group = 1, a_src = smem, a_major = k, b_major = k>, #cute.layout<"(1,1,1):(0,0,0)">>
func.func @tmem_accumulator(%v: vector<32768xf32>) {
  // expected-error @+1 {{'cute.mma_reduce' op the tiled MMA of tcgen05.mma has 1 thread(s); its C is not a register fragment of whole warps}}
  %r = cute.mma_reduce<max, rows> of #t (%v) {tile = array<i64: 128, 256>}
  return
}

// -----

#t = #cute.tiled_mma<#cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32>, #cute.layout<"(1,1,1):(0,0,0)">>
func.func @broadcast_count(%r: vector<3xf32>, %f: !cute.memref<f32, rmem, align<16>, "(4,1,1):(1,0,0)">) {
  // expected-error @+1 {{'cute.mma_broadcast' op broadcasts 3 values per thread, but each thread holds 2 rows of the (16,8) tile (what cute.mma_reduce returns)}}
  %b = cute.mma_broadcast<rows> of #t (%r, %f)
  return
}

// -----

#t = #cute.tiled_mma<#cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32>, #cute.layout<"(1,1,1):(0,0,0)">>
func.func @broadcast_element(%r: vector<2xf16>, %f: !cute.memref<f32, rmem, align<16>, "(4,1,1):(1,0,0)">) {
  // expected-error @+1 {{'cute.mma_broadcast' op broadcasts 'f16' values over a fragment of 'f32'}}
  %b = cute.mma_broadcast<rows> of #t (%r, %f)
  return
}

// -----

#t = #cute.tiled_mma<#cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32>, #cute.layout<"(1,1,1):(0,0,0)">>
func.func @broadcast_vector_without_tile(%r: vector<2xf32>, %v: vector<4xf32>) {
  // expected-error @+1 {{'cute.mma_broadcast' op a vector of fragment values has no (FrgV,RestM,RestN) shape: give tile = array<i64: rows, cols>}}
  %b = cute.mma_broadcast<rows> of #t (%r, %v)
  return
}
