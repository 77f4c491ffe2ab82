// tcgen05.mma with an MN-major tf32 A in the 128-byte swizzle of 32-byte
// atoms (S<2,3,2> on f32, CuTe's Sw<2,5,2>: UMMA's SWIZZLE_128B_BASE32B).
// The tile is CuTe's tile_to_mma_shape(Layout_MN_SW128_32B_Atom<float>,
// ((128,8),1,1)). Its descriptor, hand-derived from CuTe's
// make_umma_desc<Major::MN> ((8,n),(4,k)) in 16-byte units: LBO = 32 units
// (512 B between the 8-unit MN atoms), SBO = 128 units (2048 B between the
// 4-row K atoms), version 1 at bit 46, layout type 1 at [61,64):
// 1<<61 | 1<<46 | 128<<32 | 32<<16 = 2305913927715782656. B is K-major
// SW128 (S<3,2,3>): SBO 1024 B, LBO 1, type 2 = 4611756662049538048.
// RUN: cute-opt %s --convert-cute-nvgpu-to-nvvm | FileCheck %s

// CHECK-LABEL: func.func @tf32_mn_base32b(
// CHECK: %[[FA:.*]] = arith.constant 2305913927715782656 : i64
// CHECK: arith.ori %{{.*}}, %[[FA]] : i64
// CHECK: %[[FB:.*]] = arith.constant 4611756662049538048 : i64
// CHECK: arith.ori %{{.*}}, %[[FB]] : i64
// CHECK: nvvm.tcgen05.mma {{.*}}kind = #nvvm.tcgen05_mma_kind<tf32>
// CHECK-NOT: nvvm.tcgen05.mma
func.func @tf32_mn_base32b(%a: !cute.memref<f32, smem, align<1024>, S<2,3,2>, "(((32,4),(4,2)),1,1):(((1,128),(32,512)),0,0)">, %b: !cute.memref<f32, smem, align<1024>, S<3,2,3>, "((128,8),1,1):((32,1),0,0)">, %d: !cute.memref<f32, tmem, align<16>, "((128,128),1,1):((65536,1),0,0)">) {
  cute.gemm #cute_nvgpu.tcgen05_mma<kind = tf32, m = 128, n = 128, k = 8, a = f32, b = f32, c = f32, cta_group = 1, a_src = smem, a_major = mn, b_major = k> (%a, %b, %d) : !cute.memref<f32, smem, align<1024>, S<2,3,2>, "(((32,4),(4,2)),1,1):(((1,128),(32,512)),0,0)">, !cute.memref<f32, smem, align<1024>, S<3,2,3>, "((128,8),1,1):((32,1),0,0)">, !cute.memref<f32, tmem, align<16>, "((128,128),1,1):((65536,1),0,0)">
  return
}
