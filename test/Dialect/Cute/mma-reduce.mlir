// RUN: cute-opt %s | FileCheck %s
// RUN: cute-opt %s | cute-opt | FileCheck %s
// RUN: cute-opt %s --mlir-print-op-generic | cute-opt | FileCheck %s
// RUN: cute-opt %s --cute-print-short | FileCheck %s --check-prefix=SHORT
// RUN: cute-opt %s --cute-print-short | cute-opt --cute-print-short > %t.short
// RUN: cute-opt %s --cute-print-short | diff - %t.short

// cute.mma_reduce / cute.mma_broadcast: inferred result types per C layout.
// A thread holds, per atom, the rows g and g + 8 of its quad (mma.sync
// m16n8, wgmma: 2 rows) and the columns 2i, 2i + 1 of each 8 (n / 4 of an
// atom's columns), times the Rest modes of its fragment (PTX ISA,
// "Matrix fragments for mma.m16n8k16" and "for wgmma .m64nNk16").

#sync = #cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32>
#sync_m4 = #cute.tiled_mma<#sync, #cute.layout<"(4,1,1):(1,0,0)">>
#sync_n4 = #cute.tiled_mma<#sync, #cute.layout<"(1,4,1):(0,1,0)">>
#wg = #cute.tiled_mma<#cute_nvgpu.wgmma<m = 64, n = 128, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k>, #cute.layout<"(1,1,1):(0,0,0)">>
#wg2 = #cute.tiled_mma<#cute_nvgpu.wgmma<m = 64, n = 64, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k>, #cute.layout<"(2,1,1):(1,0,0)">>

// CHECK-LABEL: func.func @sync_rows
// CHECK: %[[M:.*]] = cute.mma_reduce<max, rows> of #cute.tiled_mma<#cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32>, #cute.layout<"(4,1,1):(1,0,0)">> (%arg0) : !cute.memref<f32, rmem, align<16>, "(4,1,4):(1,4,4)"> -> vector<2xf32>
// CHECK: cute.mma_broadcast<rows> of #cute.tiled_mma<{{.*}}> (%[[M]], %arg0) : (vector<2xf32>, !cute.memref<f32, rmem, align<16>, "(4,1,4):(1,4,4)">) -> vector<16xf32>
// CHECK: cute.mma_reduce<add, rows> of {{.*}} (%{{.*}}) {tile = array<i64: 64, 32>} : vector<16xf32> -> vector<2xf32>
// SHORT-LABEL: func.func @sync_rows
// SHORT: %[[M:.*]] = cute.mma_reduce<max, rows> of #cute.tiled_mma<{{.*}}> (%arg0){{$}}
// SHORT: cute.mma_broadcast<rows> of #cute.tiled_mma<{{.*}}> (%[[M]], %arg0){{$}}
// SHORT: cute.mma_reduce<add, rows> of #cute.tiled_mma<{{.*}}> (%{{.*}}) {tile = array<i64: 64, 32>}{{$}}
func.func @sync_rows(%acc: !cute.memref<f32, rmem, align<16>, "(4,1,4):(1,4,4)">) -> (vector<2xf32>, vector<16xf32>, vector<2xf32>) {
  %m = cute.mma_reduce<max, rows> of #sync_m4 (%acc)
  %b = cute.mma_broadcast<rows> of #sync_m4 (%m, %acc)
  %v = cute.load(%acc)
  %s = cute.mma_reduce<add, rows> of #sync_m4 (%v) {tile = array<i64: 64, 32>}
  return %m, %b, %s : vector<2xf32>, vector<16xf32>, vector<2xf32>
}

// Columns of a (32, 64) tile of atoms tiled along N: RestM = RestN = 2, two
// columns per atom block: 4 columns per thread. Written types are checked.
// CHECK-LABEL: func.func @sync_cols
// CHECK: cute.mma_reduce<min, cols> of {{.*}} : !cute.memref<i32, rmem, align<16>, "(4,2,2):(1,4,8)"> -> vector<4xi32>
// CHECK: cute.mma_broadcast<cols> of {{.*}} : (vector<4xi32>, !cute.memref<i32, rmem, align<16>, "(4,2,2):(1,4,8)">) -> vector<16xi32>
func.func @sync_cols(%acc: !cute.memref<i32, rmem, align<16>, "(4,2,2):(1,4,8)">) -> vector<16xi32> {
  %c = cute.mma_reduce<min, cols> of #sync_n4 (%acc) : !cute.memref<i32, rmem, align<16>, "(4,2,2):(1,4,8)"> -> vector<4xi32>
  %b = cute.mma_broadcast<cols> of #sync_n4 (%c, %acc) -> vector<16xi32>
  return %b : vector<16xi32>
}

// wgmma m64n128: 64 values per thread, 2 rows, 32 columns (of which the
// warp's 8 lanes x 4 warps share each).
// CHECK-LABEL: func.func @wgmma_rows
// CHECK: cute.mma_reduce<add, rows> of {{.*}} : !cute.memref<f32, rmem, align<16>, "((2,2,16),1,1):((1,2,4),0,0)"> -> vector<2xf32>
// CHECK: cute.mma_reduce<max, rows> of {{.*}} : !cute.memref<bf16, rmem, align<16>, "((2,2,16),1,1):((1,2,4),0,0)"> -> vector<2xbf16>
func.func @wgmma_rows(%acc: !cute.memref<f32, rmem, align<16>, "((2,2,16),1,1):((1,2,4),0,0)">, %h: !cute.memref<bf16, rmem, align<16>, "((2,2,16),1,1):((1,2,4),0,0)">) -> (vector<2xf32>, vector<2xbf16>) {
  %s = cute.mma_reduce<add, rows> of #wg (%acc)
  %m = cute.mma_reduce<max, rows> of #wg (%h)
  return %s, %m : vector<2xf32>, vector<2xbf16>
}

// Two warpgroups along M over a (128, 128) tile: RestN = 2, 2 rows each.
// CHECK-LABEL: func.func @wgmma_two_warpgroups
// CHECK: cute.mma_reduce<mul, rows> of {{.*}} -> vector<2xf16>
// CHECK: cute.mma_broadcast<rows> of {{.*}} -> vector<64xf16>
func.func @wgmma_two_warpgroups(%acc: !cute.memref<f16, rmem, align<16>, "((2,2,8),1,2):((1,2,4),0,32)">) -> vector<64xf16> {
  %p = cute.mma_reduce<mul, rows> of #wg2 (%acc)
  %b = cute.mma_broadcast<rows> of #wg2 (%p, %acc)
  return %b : vector<64xf16>
}

// Vectors with a tile.
// CHECK-LABEL: func.func @vectors
// CHECK: cute.mma_broadcast<rows> of {{.*}} (%arg0, %arg1) {tile = array<i64: 64, 128>} : (vector<2xf32>, vector<64xf32>) -> vector<64xf32>
func.func @vectors(%r: vector<2xf32>, %v: vector<64xf32>) -> vector<64xf32> {
  %b = cute.mma_broadcast<rows> of #wg (%r, %v) {tile = array<i64: 64, 128>}
  return %b : vector<64xf32>
}
