// RUN: cute-opt %s --cute-lower-reductions | FileCheck %s --check-prefix=LOWER
// RUN: cute-opt %s --cute-lower-reductions --cute-lower-gpu-reductions | FileCheck %s

// cute.mma_reduce per C layout: which fragment values each thread combines
// per row (column), and the butterfly shuffles across lanes. Expected
// values from the PTX ISA's accumulator fragments: mma.sync m16n8 (k8,
// k16, and the sm_120a block-scaled k32/k64) and wgmma m64nN: value i of
// an atom is at row g + 8 * ((i / 2) % 2), column 2 t + i % 2 + 8 * (i / 4)
// for lane 4 g + t (wgmma: of its warp's 16 rows). So a row is shared by
// the four lanes t = 0..3 of a quad (xor 1, 2) and a column by the eight
// quads (xor 4, 8, 16); the thread's rows are i / 2 % 2 (slot 0: values 0,
// 1, 4, 5, ...), its columns (i % 2, i / 4).

#sync16 = #cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32>
#sync8 = #cute_nvgpu.mma_sync<m = 16, n = 8, k = 8, a = f16, b = f16, c = f32>
#bs64 = #cute_nvgpu.mma_block_scale<m = 16, n = 8, k = 64, a = f4E2M1FN, b = f4E2M1FN, c = f32, sf = f8E8M0FNU, vs = 32>
#bs32 = #cute_nvgpu.mma_block_scale<m = 16, n = 8, k = 32, a = f8E4M3FN, b = f8E4M3FN, c = f32, sf = f8E8M0FNU, vs = 32>
#wg8 = #cute_nvgpu.wgmma<m = 64, n = 8, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k>
#wg64 = #cute_nvgpu.wgmma<m = 64, n = 64, k = 16, a = f16, b = f16, c = f32, a_major = k, b_major = k>
#wg256 = #cute_nvgpu.wgmma<m = 64, n = 256, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k>
#wg8bit = #cute_nvgpu.wgmma<m = 64, n = 128, k = 32, a = f8E4M3FN, b = f8E4M3FN, c = f32, a_major = k, b_major = k>
#one = #cute.layout<"(1,1,1):(0,0,0)">

gpu.module @m {

// One mma.sync m16n8k16: rows g (values 0, 1) and g + 8 (values 2, 3).
// LOWER-LABEL: func.func @sync16_rows
// LOWER: %[[V:.*]] = cute.load(%arg0)
// LOWER: %[[A:.*]] = vector.extract %[[V]][0]
// LOWER: %[[B:.*]] = vector.extract %[[V]][1]
// LOWER: %[[AB:.*]] = vector.from_elements %[[A]], %[[B]] : vector<2xf32>
// LOWER: %[[R0:.*]] = vector.reduction <maximumf>, %[[AB]]
// LOWER: %[[S0:.*]] = gpu.subgroup_reduce maximumf %[[R0]] uniform cluster(size = 4) : (f32) -> f32
// LOWER: vector.extract %[[V]][2]
// LOWER: vector.extract %[[V]][3]
// LOWER: %[[S1:.*]] = gpu.subgroup_reduce maximumf %{{.*}} uniform cluster(size = 4) : (f32) -> f32
// LOWER: vector.from_elements %[[S0]], %[[S1]] : vector<2xf32>
// CHECK-LABEL: func.func @sync16_rows
// CHECK: gpu.shuffle xor %{{.*}}, %c1_i32, %c32_i32 : f32
// CHECK: arith.maximumf
// CHECK: gpu.shuffle xor %{{.*}}, %c2_i32, %c32_i32 : f32
// CHECK: gpu.shuffle xor %{{.*}}, %c1_i32, %c32_i32 : f32
// CHECK: gpu.shuffle xor %{{.*}}, %c2_i32, %c32_i32 : f32
// CHECK-NOT: gpu.shuffle
// CHECK: return
func.func @sync16_rows(%f: !cute.memref<f32, rmem, align<16>, "(4,1,1):(1,0,0)">) -> vector<2xf32> {
  %r = cute.mma_reduce<max, rows> of #cute.tiled_mma<#sync16, #one> (%f)
  return %r : vector<2xf32>
}

// Columns 2t (values 0, 2) and 2t + 1 (values 1, 3): xor 4, 8, 16.
// LOWER-LABEL: func.func @sync16_cols
// LOWER: vector.extract %[[V:.*]][0]
// LOWER: vector.extract %[[V]][2]
// LOWER: vector.reduction <add>
// LOWER: gpu.subgroup_reduce add %{{.*}} uniform cluster(size = 8, stride = 4)
// LOWER: vector.extract %[[V]][1]
// LOWER: vector.extract %[[V]][3]
// CHECK-LABEL: func.func @sync16_cols
// CHECK: gpu.shuffle xor %{{.*}}, %c4_i32, %c32_i32 : f32
// CHECK: arith.addf
// CHECK: gpu.shuffle xor %{{.*}}, %c8_i32, %c32_i32 : f32
// CHECK: arith.addf
// CHECK: gpu.shuffle xor %{{.*}}, %c16_i32, %c32_i32
// CHECK: gpu.shuffle xor %{{.*}}, %c4_i32, %c32_i32 : f32
// CHECK: arith.addf
// CHECK: gpu.shuffle xor %{{.*}}, %c8_i32, %c32_i32 : f32
// CHECK: arith.addf
// CHECK: gpu.shuffle xor %{{.*}}, %c16_i32, %c32_i32
// CHECK-NOT: gpu.shuffle
// CHECK: return
func.func @sync16_cols(%f: !cute.memref<f32, rmem, align<16>, "(4,1,1):(1,0,0)">) -> vector<2xf32> {
  %r = cute.mma_reduce<add, cols> of #cute.tiled_mma<#sync16, #one> (%f)
  return %r : vector<2xf32>
}

// m16n8k8 and the block-scaled atoms have the same C layout.
// CHECK-LABEL: func.func @sync8_and_block_scaled_rows
// CHECK: gpu.shuffle xor %{{.*}}, %c1_i32, %c32_i32 : f32
// CHECK: arith.maximumf
// CHECK: gpu.shuffle xor %{{.*}}, %c2_i32, %c32_i32
// CHECK: gpu.shuffle xor %{{.*}}, %c1_i32, %c32_i32 : f32
// CHECK: arith.maximumf
// CHECK: gpu.shuffle xor %{{.*}}, %c2_i32, %c32_i32
// CHECK: gpu.shuffle xor %{{.*}}, %c1_i32, %c32_i32 : f32
// CHECK: arith.maximumf
// CHECK: gpu.shuffle xor %{{.*}}, %c2_i32, %c32_i32
// CHECK: gpu.shuffle xor %{{.*}}, %c1_i32, %c32_i32 : f32
// CHECK: arith.maximumf
// CHECK: gpu.shuffle xor %{{.*}}, %c2_i32, %c32_i32
// CHECK: gpu.shuffle xor %{{.*}}, %c1_i32, %c32_i32 : f32
// CHECK: arith.maximumf
// CHECK: gpu.shuffle xor %{{.*}}, %c2_i32, %c32_i32
// CHECK: gpu.shuffle xor %{{.*}}, %c1_i32, %c32_i32 : f32
// CHECK: arith.maximumf
// CHECK: gpu.shuffle xor %{{.*}}, %c2_i32, %c32_i32
// CHECK-NOT: gpu.shuffle
// CHECK: return
func.func @sync8_and_block_scaled_rows(%f: !cute.memref<f32, rmem, align<16>, "(4,1,1):(1,0,0)">) -> (vector<2xf32>, vector<2xf32>, vector<2xf32>) {
  %a = cute.mma_reduce<max, rows> of #cute.tiled_mma<#sync8, #one> (%f)
  %b = cute.mma_reduce<max, rows> of #cute.tiled_mma<#bs64, #one> (%f)
  %c = cute.mma_reduce<max, rows> of #cute.tiled_mma<#bs32, #one> (%f)
  return %a, %b, %c : vector<2xf32>, vector<2xf32>, vector<2xf32>
}

// CHECK-LABEL: func.func @block_scaled_cols
// CHECK: gpu.shuffle xor %{{.*}}, %c4_i32, %c32_i32 : f32
// CHECK: arith.minimumf
// CHECK: gpu.shuffle xor %{{.*}}, %c8_i32, %c32_i32 : f32
// CHECK: arith.minimumf
// CHECK: gpu.shuffle xor %{{.*}}, %c16_i32, %c32_i32
// CHECK: gpu.shuffle xor %{{.*}}, %c4_i32, %c32_i32 : f32
// CHECK: arith.minimumf
// CHECK: gpu.shuffle xor %{{.*}}, %c8_i32, %c32_i32 : f32
// CHECK: arith.minimumf
// CHECK: gpu.shuffle xor %{{.*}}, %c16_i32, %c32_i32
// CHECK-NOT: gpu.shuffle
func.func @block_scaled_cols(%f: !cute.memref<f32, rmem, align<16>, "(4,1,1):(1,0,0)">) -> vector<2xf32> {
  %r = cute.mma_reduce<min, cols> of #cute.tiled_mma<#bs64, #one> (%f)
  return %r : vector<2xf32>
}

// Four warps along M, a (64, 32) tile: RestN = 4, so each row slot
// combines 8 values (i / 2 % 2 of each of the 4 atom blocks) before the
// same xor 1, 2.
// LOWER-LABEL: func.func @sync16_four_warps_rows
// LOWER: %[[V:.*]] = cute.load(%arg0)
// LOWER-COUNT-8: vector.extract %[[V]][{{0|1|4|5|8|9|12|13}}]
// LOWER: vector.reduction <add>, %{{.*}} : vector<8xf32> into f32
// LOWER: gpu.subgroup_reduce add %{{.*}} uniform cluster(size = 4)
// LOWER-COUNT-8: vector.extract %[[V]][{{2|3|6|7|10|11|14|15}}]
// CHECK-LABEL: func.func @sync16_four_warps_rows
// CHECK: gpu.shuffle xor %{{.*}}, %c1_i32, %c32_i32 : f32
// CHECK: arith.addf
// CHECK: gpu.shuffle xor %{{.*}}, %c2_i32, %c32_i32
// CHECK: gpu.shuffle xor %{{.*}}, %c1_i32, %c32_i32 : f32
// CHECK: arith.addf
// CHECK: gpu.shuffle xor %{{.*}}, %c2_i32, %c32_i32
// CHECK-NOT: gpu.shuffle
func.func @sync16_four_warps_rows(%f: !cute.memref<f32, rmem, align<16>, "(4,1,4):(1,4,4)">) -> vector<2xf32> {
  %r = cute.mma_reduce<add, rows> of #cute.tiled_mma<#sync16, #cute.layout<"(4,1,1):(1,0,0)">> (%f)
  return %r : vector<2xf32>
}

// Two warps along N, columns of a (32, 16) tile: RestM = 2, 4 values per
// column slot (rows g, g + 8 of each M block), 2 columns.
// LOWER-LABEL: func.func @sync16_two_warps_cols
// LOWER-COUNT-4: vector.extract %{{.*}}[{{0|2|4|6}}]
// LOWER: vector.reduction <maxsi>, %{{.*}} : vector<4xi32> into i32
// LOWER: gpu.subgroup_reduce maxsi %{{.*}} uniform cluster(size = 8, stride = 4) : (i32) -> i32
// CHECK-LABEL: func.func @sync16_two_warps_cols
// CHECK: gpu.shuffle xor %{{.*}}, %c4_i32, %c32_i32 : i32
// CHECK: arith.maxsi
// CHECK: gpu.shuffle xor %{{.*}}, %c8_i32, %c32_i32 : i32
// CHECK: arith.maxsi
// CHECK: gpu.shuffle xor %{{.*}}, %c16_i32, %c32_i32
// CHECK: gpu.shuffle xor %{{.*}}, %c4_i32, %c32_i32 : i32
// CHECK: arith.maxsi
// CHECK: gpu.shuffle xor %{{.*}}, %c8_i32, %c32_i32 : i32
// CHECK: arith.maxsi
// CHECK: gpu.shuffle xor %{{.*}}, %c16_i32, %c32_i32
// CHECK-NOT: gpu.shuffle
func.func @sync16_two_warps_cols(%f: !cute.memref<i32, rmem, align<16>, "(4,2,1):(1,4,0)">) -> vector<2xi32> {
  %r = cute.mma_reduce<max, cols> of #cute.tiled_mma<#sync16, #cute.layout<"(1,2,1):(0,1,0)">> (%f)
  return %r : vector<2xi32>
}

// wgmma m64n8: 4 values, the quad's xor 1, 2 for rows g and g + 8.
// CHECK-LABEL: func.func @wgmma_n8_rows
// CHECK: gpu.shuffle xor %{{.*}}, %c1_i32, %c32_i32 : f32
// CHECK: arith.maximumf
// CHECK: gpu.shuffle xor %{{.*}}, %c2_i32, %c32_i32
// CHECK: gpu.shuffle xor %{{.*}}, %c1_i32, %c32_i32 : f32
// CHECK: arith.maximumf
// CHECK: gpu.shuffle xor %{{.*}}, %c2_i32, %c32_i32
// CHECK-NOT: gpu.shuffle
func.func @wgmma_n8_rows(%f: !cute.memref<f32, rmem, align<16>, "((2,2,1),1,1):((1,2,0),0,0)">) -> vector<2xf32> {
  %r = cute.mma_reduce<max, rows> of #cute.tiled_mma<#wg8, #one> (%f)
  return %r : vector<2xf32>
}

// wgmma m64n64 in f16: 32 values; each row slot takes 16 (i / 2 % 2 == 0),
// widened to f32 before the thread's own sum (one rounding, at the end).
// LOWER-LABEL: func.func @wgmma_n64_rows_f16
// LOWER: %[[G:.*]] = vector.from_elements {{.*}} : vector<16xf16>
// LOWER: %[[W:.*]] = arith.extf %[[G]] : vector<16xf16> to vector<16xf32>
// LOWER: %[[R:.*]] = vector.reduction <add>, %[[W]] : vector<16xf32> into f32
// LOWER: %[[S:.*]] = gpu.subgroup_reduce add %[[R]] uniform cluster(size = 4) : (f32) -> f32
// LOWER: arith.truncf %[[S]] : f32 to f16
// CHECK-LABEL: func.func @wgmma_n64_rows_f16
// CHECK: gpu.shuffle xor %{{.*}}, %c1_i32, %c32_i32 : f32
// CHECK: arith.addf
// CHECK: gpu.shuffle xor %{{.*}}, %c2_i32, %c32_i32
// CHECK: gpu.shuffle xor %{{.*}}, %c1_i32, %c32_i32 : f32
// CHECK: arith.addf
// CHECK: gpu.shuffle xor %{{.*}}, %c2_i32, %c32_i32
// CHECK-NOT: gpu.shuffle
func.func @wgmma_n64_rows_f16(%f: !cute.memref<f16, rmem, align<16>, "((2,2,8),1,1):((1,2,4),0,0)">) -> vector<2xf16> {
  %r = cute.mma_reduce<add, rows> of #cute.tiled_mma<#wg64, #one> (%f)
  return %r : vector<2xf16>
}

// wgmma m64n256 (128 values) and the 8-bit m64n128k32.
// LOWER-LABEL: func.func @wgmma_wide_rows
// LOWER: vector.reduction <maximumf>, %{{.*}} : vector<64xf32> into f32
// CHECK-LABEL: func.func @wgmma_wide_rows
// CHECK: gpu.shuffle xor %{{.*}}, %c1_i32, %c32_i32 : f32
// CHECK: arith.maximumf
// CHECK: gpu.shuffle xor %{{.*}}, %c2_i32, %c32_i32
// CHECK: gpu.shuffle xor %{{.*}}, %c1_i32, %c32_i32 : f32
// CHECK: arith.maximumf
// CHECK: gpu.shuffle xor %{{.*}}, %c2_i32, %c32_i32
// CHECK: gpu.shuffle xor %{{.*}}, %c1_i32, %c32_i32 : f32
// CHECK: arith.maximumf
// CHECK: gpu.shuffle xor %{{.*}}, %c2_i32, %c32_i32
// CHECK: gpu.shuffle xor %{{.*}}, %c1_i32, %c32_i32 : f32
// CHECK: arith.maximumf
// CHECK: gpu.shuffle xor %{{.*}}, %c2_i32, %c32_i32
// CHECK-NOT: gpu.shuffle
func.func @wgmma_wide_rows(%f: !cute.memref<f32, rmem, align<16>, "((2,2,32),1,1):((1,2,4),0,0)">, %g: !cute.memref<f32, rmem, align<16>, "((2,2,16),1,1):((1,2,4),0,0)">) -> (vector<2xf32>, vector<2xf32>) {
  %a = cute.mma_reduce<max, rows> of #cute.tiled_mma<#wg256, #one> (%f)
  %b = cute.mma_reduce<max, rows> of #cute.tiled_mma<#wg8bit, #one> (%g)
  return %a, %b : vector<2xf32>, vector<2xf32>
}

// Two warpgroups along M, a (128, 128) tile of m64n64: RestN = 2.
// CHECK-LABEL: func.func @wgmma_two_warpgroups_rows
// CHECK: gpu.shuffle xor %{{.*}}, %c1_i32, %c32_i32 : f32
// CHECK: arith.addf
// CHECK: gpu.shuffle xor %{{.*}}, %c2_i32, %c32_i32
// CHECK: gpu.shuffle xor %{{.*}}, %c1_i32, %c32_i32 : f32
// CHECK: arith.addf
// CHECK: gpu.shuffle xor %{{.*}}, %c2_i32, %c32_i32
// CHECK-NOT: gpu.shuffle
func.func @wgmma_two_warpgroups_rows(%f: !cute.memref<f32, rmem, align<16>, "((2,2,8),1,2):((1,2,4),0,32)">) -> vector<2xf32> {
  %r = cute.mma_reduce<add, rows> of #cute.tiled_mma<#wg64, #cute.layout<"(2,1,1):(1,0,0)">> (%f)
  return %r : vector<2xf32>
}

// The broadcast is local: value i takes slot i / 2 % 2 (rows) of its atom.
// LOWER-LABEL: func.func @broadcast_rows
// LOWER: vector.shuffle %arg0, %arg0 [0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1] : vector<2xf32>, vector<2xf32>
// LOWER-NOT: gpu.
// CHECK-LABEL: func.func @broadcast_rows
// CHECK-NOT: gpu.shuffle
func.func @broadcast_rows(%r: vector<2xf32>, %f: !cute.memref<f32, rmem, align<16>, "((2,2,4),1,1):((1,2,4),0,0)">) -> vector<16xf32> {
  %b = cute.mma_broadcast<rows> of #cute.tiled_mma<#cute_nvgpu.wgmma<m = 64, n = 32, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k>, #one> (%r, %f)
  return %b : vector<16xf32>
}

// Columns (i % 2, i / 4): slot 2 * (i / 4) + i % 2.
// LOWER-LABEL: func.func @broadcast_cols
// LOWER: vector.shuffle %arg0, %arg0 [0, 1, 0, 1, 2, 3, 2, 3] : vector<4xf32>, vector<4xf32>
func.func @broadcast_cols(%r: vector<4xf32>, %v: vector<8xf32>) -> vector<8xf32> {
  %b = cute.mma_broadcast<cols> of #cute.tiled_mma<#sync16, #one> (%r, %v) {tile = array<i64: 16, 16>}
  return %b : vector<8xf32>
}

}
