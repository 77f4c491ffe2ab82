// cute.gemm with the sm_100a tcgen05 atoms -> nvvm.tcgen05.mma(.block_scale)
// per (k, m, n) block. The descriptor constants below are hand-computed from
// the bit layout (start >> 4 [0,14), LBO >> 4 [16,30), SBO >> 4 [32,46),
// version 1 at bit 46, layout [61,64): 0 interleave, 2 SW128, 4 SW64,
// 6 SW32) and the canonical layouts (K-major SWxx: SBO = 8 rows x row bytes,
// LBO 1; K-major interleave: LBO = the K core-matrix stride, SBO = the
// 8-row stride; MN-major SWxx: LBO = the MN atom stride, SBO = the 8-K
// stride); the instruction descriptors likewise (c_format [4,6), a/b format
// [7,10)/[10,13), a/b major 15/16, N >> 3 [17,23), M >> 4 [24,29); block
// scaled: scale format bit 23, b_sf_id [4,6), a_sf_id [29,31)).
// RUN: cute-opt %s --convert-cute-nvgpu-to-nvvm -split-input-file | FileCheck %s

// bf16 SW128 K-major, M = 128, N = 256, two K blocks: the start address
// advances 32 bytes (16 elements) inside the swizzle atom; the descriptor
// 0x4000404000010000 (SBO 1024 B, LBO 1, SW128); idesc 0x8400490 (f32
// accumulator, bf16 x bf16, N 256, M 128); enable-input-D = %flag for k = 0,
// true after.
// CHECK-LABEL: func.func @sw128_kmajor(
// CHECK-SAME: %[[FLAG:[^:]*]]: i1)
// CHECK: %[[SA:.*]] = builtin.unrealized_conversion_cast %arg0 : {{.*}} to !llvm.ptr<3>
// CHECK: %[[SB:.*]] = builtin.unrealized_conversion_cast %arg1 : {{.*}} to !llvm.ptr<3>
// CHECK: %[[D:.*]] = builtin.unrealized_conversion_cast %arg2 : !cute.memref<f32, tmem, {{.*}}> to !llvm.ptr<6>
// CHECK: %[[AI:.*]] = llvm.ptrtoint %[[SA]] : !llvm.ptr<3> to i32
// CHECK: %[[AS:.*]] = arith.shrui %[[AI]], %{{.*}} : i32
// CHECK: %[[AM:.*]] = arith.andi %[[AS]], %{{.*}} : i32
// CHECK: %[[AW:.*]] = arith.extui %[[AM]] : i32 to i64
// CHECK: %[[FIX:.*]] = arith.constant 4611756662049538048 : i64
// CHECK: %[[DA:.*]] = arith.ori %[[AW]], %[[FIX]] : i64
// CHECK: %[[DB:.*]] = arith.ori %{{.*}}, %{{.*}} : i64
// CHECK: %[[ID:.*]] = arith.constant 138413200 : i32
// CHECK: nvvm.tcgen05.mma %[[D]], %[[DA]], %[[DB]], %[[ID]], %[[FLAG]] {ctaGroup = #nvvm.cta_group<cta_1>, kind = #nvvm.tcgen05_mma_kind<f16>} : (!llvm.ptr<6>, i64, i64, i32, i1)
// CHECK: %[[AI1:.*]] = llvm.ptrtoint %[[SA]] : !llvm.ptr<3> to i32
// CHECK: %[[C32:.*]] = arith.constant 32 : i32
// CHECK: arith.addi %[[AI1]], %[[C32]] : i32
// CHECK: %[[TRUE:.*]] = arith.constant true
// CHECK: nvvm.tcgen05.mma %[[D]], %{{.*}}, %{{.*}}, %{{.*}}, %[[TRUE]]
// CHECK-NOT: nvvm.tcgen05.mma
func.func @sw128_kmajor(%a: !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,16),1,2):((64,1),0,16)">, %b: !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((256,16),1,2):((64,1),0,16)">, %d: !cute.memref<f32, tmem, align<16>, "((128,256),1,1):((65536,1),0,0)">, %flag: i1) {
  cute.gemm #cute_nvgpu.tcgen05_mma<kind = f16, m = 128, n = 256, k = 16, a = bf16, b = bf16, c = f32, cta_group = 1, a_src = smem, a_major = k, b_major = k> (%a, %b, %d) accumulate(%flag) : !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,16),1,2):((64,1),0,16)">, !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((256,16),1,2):((64,1),0,16)">, !cute.memref<f32, tmem, align<16>, "((128,256),1,1):((65536,1),0,0)">
  return
}

// -----

// A SW64 K-major (0x8000402000010000: SBO 512 B), B SW32 K-major
// (0xC000401000010000: SBO 256 B); idesc 0x8200490 (N 128). Without
// accumulate(...) every MMA accumulates.
// CHECK-LABEL: func.func @sw64_sw32(
// CHECK: arith.constant -9223301530671579136 : i64
// CHECK: arith.constant -4611615580963667968 : i64
// CHECK: %[[T:.*]] = arith.constant true
// CHECK: %[[ID:.*]] = arith.constant 136316048 : i32
// CHECK: nvvm.tcgen05.mma %{{.*}}, %{{.*}}, %{{.*}}, %[[ID]], %[[T]]
func.func @sw64_sw32(%a: !cute.memref<bf16, smem, align<512>, S<2,3,3>, "((128,16),1,1):((32,1),0,0)">, %b: !cute.memref<bf16, smem, align<256>, S<1,3,3>, "((128,16),1,1):((16,1),0,0)">, %d: !cute.memref<f32, tmem, align<16>, "((128,128),1,1):((65536,1),0,0)">) {
  cute.gemm #cute_nvgpu.tcgen05_mma<kind = f16, m = 128, n = 128, k = 16, a = bf16, b = bf16, c = f32, cta_group = 1, a_src = smem, a_major = k, b_major = k> (%a, %b, %d) : !cute.memref<bf16, smem, align<512>, S<2,3,3>, "((128,16),1,1):((32,1),0,0)">, !cute.memref<bf16, smem, align<256>, S<1,3,3>, "((128,16),1,1):((16,1),0,0)">, !cute.memref<f32, tmem, align<16>, "((128,128),1,1):((65536,1),0,0)">
  return
}

// -----

// A interleaved K-major (core matrices 8 rows x 16 B; K cores 2048 B apart:
// LBO 128 units; rows of cores 128 B apart: SBO 8 units: 0x400800800000),
// B MN-major SW128 (MN atoms of 64 elements 1024 B apart: LBO 64 units;
// 8-K groups 2048 B apart: SBO 128 units: 0x4000408000400000); idesc
// 0x8210490 (b_major MN at bit 16).
// CHECK-LABEL: func.func @interleave_mn128(
// CHECK: arith.constant 70403112304640 : i64
// CHECK: arith.constant 4611756936931573760 : i64
// CHECK: arith.constant 136381584 : i32
// CHECK: nvvm.tcgen05.mma
func.func @interleave_mn128(%a: !cute.memref<bf16, smem, align<128>, "(((8,16),(8,2)),1,1):(((8,64),(1,1024)),0,0)">, %b: !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "(((64,2),(8,2)),1,1):(((1,512),(64,1024)),0,0)">, %d: !cute.memref<f32, tmem, align<16>, "((128,128),1,1):((65536,1),0,0)">) {
  cute.gemm #cute_nvgpu.tcgen05_mma<kind = f16, m = 128, n = 128, k = 16, a = bf16, b = bf16, c = f32, cta_group = 1, a_src = smem, a_major = k, b_major = mn> (%a, %b, %d) : !cute.memref<bf16, smem, align<128>, "(((8,16),(8,2)),1,1):(((8,64),(1,1024)),0,0)">, !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "(((64,2),(8,2)),1,1):(((1,512),(64,1024)),0,0)">, !cute.memref<f32, tmem, align<16>, "((128,128),1,1):((65536,1),0,0)">
  return
}

// -----

// A MN-major SW64 f16 (MN atoms of 32 elements 512 B apart: LBO 32 units;
// 8-K groups 1024 B apart: SBO 64 units: 0x8000404000200000), B SW128
// K-major; M = 64: idesc 0x4108010 (f16 x f16 formats 0, a_major MN at
// bit 15, N 64, M 64).
// CHECK-LABEL: func.func @mn64_f16(
// CHECK: arith.constant -9223301393230594048 : i64
// CHECK: arith.constant 4611756662049538048 : i64
// CHECK: arith.constant 68190224 : i32
// CHECK: nvvm.tcgen05.mma
func.func @mn64_f16(%a: !cute.memref<f16, smem, align<512>, S<2,3,3>, "(((32,2),(8,2)),1,1):(((1,256),(32,512)),0,0)">, %b: !cute.memref<f16, smem, align<1024>, S<3,3,3>, "((64,16),1,1):((64,1),0,0)">, %d: !cute.memref<f32, tmem, align<16>, "((64,64),1,1):((65536,1),0,0)">) {
  cute.gemm #cute_nvgpu.tcgen05_mma<kind = f16, m = 64, n = 64, k = 16, a = f16, b = f16, c = f32, cta_group = 1, a_src = smem, a_major = mn, b_major = k> (%a, %b, %d) : !cute.memref<f16, smem, align<512>, S<2,3,3>, "(((32,2),(8,2)),1,1):(((1,256),(32,512)),0,0)">, !cute.memref<f16, smem, align<1024>, S<3,3,3>, "((64,16),1,1):((64,1),0,0)">, !cute.memref<f32, tmem, align<16>, "((64,64),1,1):((65536,1),0,0)">
  return
}

// -----

// kind::f8f6f4 e4m3 x e5m2, SW128 K-major (128-byte rows of 128 elements:
// the same bytes, the same descriptor); idesc 0x8200410 (formats 0 and 1).
// CHECK-LABEL: func.func @f8(
// CHECK: arith.constant 4611756662049538048 : i64
// CHECK: arith.constant 136315920 : i32
// CHECK: nvvm.tcgen05.mma {{.*}}kind = #nvvm.tcgen05_mma_kind<f8f6f4>
func.func @f8(%a: !cute.memref<f8E4M3FN, smem, align<1024>, S<3,4,3>, "((128,32),1,1):((128,1),0,0)">, %b: !cute.memref<f8E5M2, smem, align<1024>, S<3,4,3>, "((128,32),1,1):((128,1),0,0)">, %d: !cute.memref<f32, tmem, align<16>, "((128,128),1,1):((65536,1),0,0)">) {
  cute.gemm #cute_nvgpu.tcgen05_mma<kind = f8f6f4, m = 128, n = 128, k = 32, a = f8E4M3FN, b = f8E5M2, c = f32, cta_group = 1, a_src = smem, a_major = k, b_major = k> (%a, %b, %d) : !cute.memref<f8E4M3FN, smem, align<1024>, S<3,4,3>, "((128,32),1,1):((128,1),0,0)">, !cute.memref<f8E5M2, smem, align<1024>, S<3,4,3>, "((128,32),1,1):((128,1),0,0)">, !cute.memref<f32, tmem, align<16>, "((128,128),1,1):((65536,1),0,0)">
  return
}

// -----

// The same with kind and k left out: A and B's types give kind::f8f6f4
// and K = 32, so the descriptors and the instruction are @f8's.
// CHECK-LABEL: func.func @f8_inferred(
// CHECK: arith.constant 4611756662049538048 : i64
// CHECK: arith.constant 136315920 : i32
// CHECK: nvvm.tcgen05.mma {{.*}}kind = #nvvm.tcgen05_mma_kind<f8f6f4>
func.func @f8_inferred(%a: !cute.memref<f8E4M3FN, smem, align<1024>, S<3,4,3>, "((128,32),1,1):((128,1),0,0)">, %b: !cute.memref<f8E5M2, smem, align<1024>, S<3,4,3>, "((128,32),1,1):((128,1),0,0)">, %d: !cute.memref<f32, tmem, align<16>, "((128,128),1,1):((65536,1),0,0)">) {
  cute.gemm #cute_nvgpu.tcgen05_mma<m = 128, n = 128, a = f8E4M3FN, b = f8E5M2, c = f32, cta_group = 1, a_src = smem, a_major = k, b_major = k> (%a, %b, %d) : !cute.memref<f8E4M3FN, smem, align<1024>, S<3,4,3>, "((128,32),1,1):((128,1),0,0)">, !cute.memref<f8E5M2, smem, align<1024>, S<3,4,3>, "((128,32),1,1):((128,1),0,0)">, !cute.memref<f32, tmem, align<16>, "((128,128),1,1):((65536,1),0,0)">
  return
}

// -----

// The CTA pair: M = 256 (128 rows of A and D per CTA), N = 256 (128 rows of
// B per CTA): cta_group::2, idesc 0x10400490 (M >> 4 = 16).
// CHECK-LABEL: func.func @pair(
// CHECK: arith.constant 272630928 : i32
// CHECK: nvvm.tcgen05.mma {{.*}}{ctaGroup = #nvvm.cta_group<cta_2>, kind = #nvvm.tcgen05_mma_kind<f16>}
func.func @pair(%a: !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,16),1,1):((64,1),0,0)">, %b: !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,16),1,1):((64,1),0,0)">, %d: !cute.memref<f32, tmem, align<16>, "((128,256),1,1):((65536,1),0,0)">) {
  cute.gemm #cute_nvgpu.tcgen05_mma<kind = f16, m = 256, n = 256, k = 16, a = bf16, b = bf16, c = f32, cta_group = 2, a_src = smem, a_major = k, b_major = k> (%a, %b, %d) : !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,16),1,1):((64,1),0,0)">, !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,16),1,1):((64,1),0,0)">, !cute.memref<f32, tmem, align<16>, "((128,256),1,1):((65536,1),0,0)">
  return
}

// -----

// NVFP4 (kind::mxf4nvf4 block16, UE4M3): packed e2m1, interleaved K-major
// (16-byte cores of 32 elements: LBO 128 B = 8 units, SBO 256 B = 16 units:
// 0x401000080000); idesc 0x8200480 (scale format UE4M3 = 0 at bit 23,
// E2M1 = 1 under mxf4nvf4). K/vs = 4 scale bytes per K block: a column
// each, sf_id 0, the scale address advances 4 columns per K block.
// CHECK-LABEL: func.func @nvf4(
// CHECK: %[[SFA:.*]] = builtin.unrealized_conversion_cast %arg3 : !cute.memref<i32, tmem, {{.*}}> to !llvm.ptr<6>
// CHECK: %[[SFB:.*]] = builtin.unrealized_conversion_cast %arg4 : !cute.memref<i32, tmem, {{.*}}> to !llvm.ptr<6>
// CHECK: arith.constant 70437464178688 : i64
// CHECK: %[[ID:.*]] = arith.constant 136316032 : i32
// CHECK: nvvm.tcgen05.mma.block_scale %{{.*}}, %{{.*}}, %{{.*}}, %[[ID]], %{{.*}}, %[[SFA]], %[[SFB]] {blockScale = #nvvm.tcgen05_mma_block_scale<block16>, ctaGroup = #nvvm.cta_group<cta_1>, kind = #nvvm.block_scale_kind<mxf4nvf4>}
// CHECK: %[[A1:.*]] = llvm.ptrtoint %[[SFA]] : !llvm.ptr<6> to i32
// CHECK: %[[C4:.*]] = arith.constant 4 : i32
// CHECK: %[[A1S:.*]] = arith.addi %[[A1]], %[[C4]] : i32
// CHECK: %[[SFA1:.*]] = llvm.inttoptr %[[A1S]] : i32 to !llvm.ptr<6>
// CHECK: nvvm.tcgen05.mma.block_scale %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[SFA1]],
func.func @nvf4(%a: !cute.memref<f4E2M1FN, smem, align<1024>, "(((8,16),(32,2)),1,2):(((32,512),(1,256)),0,8192)">, %b: !cute.memref<f4E2M1FN, smem, align<1024>, "(((8,16),(32,2)),1,2):(((32,512),(1,256)),0,8192)">, %d: !cute.memref<f32, tmem, align<16>, "((128,128),1,1):((65536,1),0,0)">, %sa: !cute.memref<i32, tmem, align<16>, "((32,4),1,2):((65536,1),0,4)">, %sb: !cute.memref<i32, tmem, align<16>, "((32,4),1,2):((65536,1),0,4)">) {
  cute.gemm #cute_nvgpu.tcgen05_mma_block_scale<kind = mxf4nvf4, m = 128, n = 128, k = 64, a = f4E2M1FN, b = f4E2M1FN, sf = f8E4M3FN, vs = 16, cta_group = 1> (%a, %b, %d) scales(%sa, %sb) : !cute.memref<f4E2M1FN, smem, align<1024>, "(((8,16),(32,2)),1,2):(((32,512),(1,256)),0,8192)">, !cute.memref<f4E2M1FN, smem, align<1024>, "(((8,16),(32,2)),1,2):(((32,512),(1,256)),0,8192)">, !cute.memref<f32, tmem, align<16>, "((128,128),1,1):((65536,1),0,0)">, !cute.memref<i32, tmem, align<16>, "((32,4),1,2):((65536,1),0,4)">, !cute.memref<i32, tmem, align<16>, "((32,4),1,2):((65536,1),0,4)">
  return
}

// -----

// MXFP4 (kind::mxf4 block32, E8M0): K/vs = 2 scale bytes per K block, so K
// blocks 0 and 1 share a column (stride 0 in the scale layout) and read
// bytes 0-1 and 2-3: sf_id 2 for k = 1, in the idesc (0x8A00480 |
// 2 << 29 | 2 << 4 = 0x48A004A0) and in bits [30,32) of the scale address.
// CHECK-LABEL: func.func @mxf4(
// CHECK: %[[SFA:.*]] = builtin.unrealized_conversion_cast %arg3 : !cute.memref<i32, tmem, {{.*}}> to !llvm.ptr<6>
// CHECK: arith.constant 144704640 : i32
// CHECK: nvvm.tcgen05.mma.block_scale {{.*}}kind = #nvvm.block_scale_kind<mxf4>
// CHECK: %[[I:.*]] = llvm.ptrtoint %[[SFA]] : !llvm.ptr<6> to i32
// CHECK: %[[B2:.*]] = arith.constant -2147483648 : i32
// CHECK: %[[O:.*]] = arith.ori %[[I]], %[[B2]] : i32
// CHECK: %[[P:.*]] = llvm.inttoptr %[[O]] : i32 to !llvm.ptr<6>
// CHECK: %[[ID1:.*]] = arith.constant 1218446496 : i32
// CHECK: nvvm.tcgen05.mma.block_scale %{{.*}}, %{{.*}}, %{{.*}}, %[[ID1]], %{{.*}}, %[[P]],
func.func @mxf4(%a: !cute.memref<f4E2M1FN, smem, align<1024>, "(((8,16),(32,2)),1,2):(((32,512),(1,256)),0,8192)">, %b: !cute.memref<f4E2M1FN, smem, align<1024>, "(((8,16),(32,2)),1,2):(((32,512),(1,256)),0,8192)">, %d: !cute.memref<f32, tmem, align<16>, "((128,128),1,1):((65536,1),0,0)">, %sa: !cute.memref<i32, tmem, align<16>, "((32,4),1,2):((65536,1),0,0)">, %sb: !cute.memref<i32, tmem, align<16>, "((32,4),1,2):((65536,1),0,0)">) {
  cute.gemm #cute_nvgpu.tcgen05_mma_block_scale<kind = mxf4, m = 128, n = 128, k = 64, a = f4E2M1FN, b = f4E2M1FN, sf = f8E8M0FNU, vs = 32, cta_group = 1> (%a, %b, %d) scales(%sa, %sb) : !cute.memref<f4E2M1FN, smem, align<1024>, "(((8,16),(32,2)),1,2):(((32,512),(1,256)),0,8192)">, !cute.memref<f4E2M1FN, smem, align<1024>, "(((8,16),(32,2)),1,2):(((32,512),(1,256)),0,8192)">, !cute.memref<f32, tmem, align<16>, "((128,128),1,1):((65536,1),0,0)">, !cute.memref<i32, tmem, align<16>, "((32,4),1,2):((65536,1),0,0)">, !cute.memref<i32, tmem, align<16>, "((32,4),1,2):((65536,1),0,0)">
  return
}
