// RUN: cute-opt %s --convert-cute-nvgpu-to-nvvm | FileCheck %s
//
// The register-A wgmma: NVVM 22 has no op, so cute.gemm with a_src = rmem
// becomes the one inline-PTX pattern of InlinePtx.h per k-block: the N/2
// accumulators written and tied, four b32 A registers, the B descriptor and
// scale-d as a run-time predicate (accumulate(%flag) in k-block 0, 1 after;
// no branch, unlike the SS form). imm-trans-b follows b_major for 16-bit
// types and is absent for 8-bit ones. Then cute_nvgpu.accumulator_to_operand:
// bf16/f16 pairs converted in place; e4m3 pairs converted, exchanged in the
// quad with two shfl.sync per row half and assembled with prmt.

// CHECK-LABEL: func.func @rs_bf16(
// CHECK-SAME: %[[F:[^:]+]]: i1
// k-block 0: A is four i32 loads at bytes 0, 4, 8, 12 of the fragment.
// CHECK: %[[A0:.*]] = llvm.load %[[PA:[^ ]+]] {alignment = 4 : i64} : !llvm.ptr -> i32
// CHECK: llvm.getelementptr %[[PA]][4] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK: llvm.getelementptr %[[PA]][8] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK: llvm.getelementptr %[[PA]][12] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK: %[[S0:.*]] = arith.extui %[[F]] : i1 to i32
// CHECK: llvm.inline_asm has_side_effects asm_dialect = att "{\0A.reg .pred p;\0Asetp.ne.b32 p, $13, 0;\0Awgmma.mma_async.sync.aligned.m64n8k16.f32.bf16.bf16 {$0, $1, $2, $3}, {$8, $9, $10, $11}, $12, p, 1, 1, 1;\0A}\0A", "=f,=f,=f,=f,0,1,2,3,r,r,r,r,l,r" %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[A0]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[S0]] : (f32, f32, f32, f32, i32, i32, i32, i32, i64, i32) -> !llvm.struct<(f32, f32, f32, f32)>
// k-block 1: A at bytes 16.., the B descriptor 2048 bytes on, scale-d 1.
// CHECK: arith.constant 2048 : i32
// CHECK: llvm.getelementptr %[[PA]][16] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK: %[[ONE:.*]] = arith.constant 1 : i32
// CHECK: llvm.inline_asm has_side_effects {{.*}}m64n8k16.f32.bf16.bf16 {{.*}} %[[ONE]] : (f32, f32, f32, f32, i32, i32, i32, i32, i64, i32)
// CHECK-NOT: llvm.inline_asm
// CHECK-NOT: scf.if
func.func @rs_bf16(%a: !cute.memref<bf16, rmem, align<16>, "(8,1,2):(1,0,8)">, %b: !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((8,16),1,2):((1,64),0,1024)">, %c: !cute.memref<f32, rmem, align<16>, "((2,2,1),1,1):((1,2,4),0,0)">, %flag: i1) {
  cute.gemm #cute_nvgpu.wgmma<m = 64, n = 8, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = mn, a_src = rmem> (%a, %b, %c) accumulate(%flag) : !cute.memref<bf16, rmem, align<16>, "(8,1,2):(1,0,8)">, !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((8,16),1,2):((1,64),0,1024)">, !cute.memref<f32, rmem, align<16>, "((2,2,1),1,1):((1,2,4),0,0)">
  return
}

// 8-bit: no imm-trans-b; K-major B; without the flag scale-d is 1.
// CHECK-LABEL: func.func @rs_e4m3(
// CHECK: %[[ONE:.*]] = arith.constant 1 : i32
// CHECK: llvm.inline_asm has_side_effects asm_dialect = att "{\0A.reg .pred p;\0Asetp.ne.b32 p, $21, 0;\0Awgmma.mma_async.sync.aligned.m64n16k32.f32.e4m3.e5m2 {$0, $1, $2, $3, $4, $5, $6, $7}, {$16, $17, $18, $19}, $20, p, 1, 1;\0A}\0A", "=f,=f,=f,=f,=f,=f,=f,=f,0,1,2,3,4,5,6,7,r,r,r,r,l,r" {{.*}}, %[[ONE]] :
func.func @rs_e4m3(%a: !cute.memref<f8E4M3FN, rmem, align<16>, "16:1">, %b: !cute.memref<f8E5M2, smem, align<1024>, S<3,4,3>, "((16,32),1,1):((128,1),0,0)">, %c: !cute.memref<f32, rmem, align<16>, "8:1">) {
  cute.gemm #cute_nvgpu.wgmma<m = 64, n = 16, k = 32, a = f8E4M3FN, b = f8E5M2, c = f32, a_major = k, b_major = k, a_src = rmem> (%a, %b, %c) : !cute.memref<f8E4M3FN, rmem, align<16>, "16:1">, !cute.memref<f8E5M2, smem, align<1024>, S<3,4,3>, "((16,32),1,1):((128,1),0,0)">, !cute.memref<f32, rmem, align<16>, "8:1">
  return
}

// A fragment whose register values are not consecutive: each register is
// built from its two bf16 codes (low value in the low half).
// CHECK-LABEL: func.func @rs_strided(
// CHECK: %[[LO:.*]] = llvm.load %[[PA:[^ ]+]] {alignment = 2 : i64} : !llvm.ptr -> i16
// CHECK: %[[LO32:.*]] = llvm.zext %[[LO]] : i16 to i32
// CHECK: %[[HIP:.*]] = llvm.getelementptr %[[PA]][4] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK: %[[HI:.*]] = llvm.load %[[HIP]] {alignment = 2 : i64} : !llvm.ptr -> i16
// CHECK: %[[HI32:.*]] = llvm.zext %[[HI]] : i16 to i32
// CHECK: %[[SH:.*]] = llvm.shl %[[HI32]], %{{.*}} : i32
// CHECK: %[[R0:.*]] = llvm.or %[[LO32]], %[[SH]] : i32
// CHECK: llvm.inline_asm {{.*}} %[[R0]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : (f32, f32, f32, f32, i32, i32, i32, i32, i64, i32)
func.func @rs_strided(%a: !cute.memref<bf16, rmem, align<16>, "(8,1,2):(2,0,1)">, %b: !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((8,16),1,2):((64,1),0,16)">, %c: !cute.memref<f32, rmem, align<16>, "((2,2,1),1,1):((1,2,4),0,0)">) {
  cute.gemm #cute_nvgpu.wgmma<m = 64, n = 8, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k, a_src = rmem> (%a, %b, %c) : !cute.memref<bf16, rmem, align<16>, "(8,1,2):(2,0,1)">, !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((8,16),1,2):((64,1),0,16)">, !cute.memref<f32, rmem, align<16>, "((2,2,1),1,1):((1,2,4),0,0)">
  return
}

// bf16: register r of K block j = cvt(hi = value 8j + 2r + 1, lo = 8j + 2r),
// stored as an i32 at byte 4r of the block (values 0..7: bytes 0..31).
// CHECK-LABEL: func.func @convert_bf16(
// CHECK: %[[P:.*]] = cute.make_fragment() : !cute.memref<bf16, rmem, align<16>, "(8,1,2):(1,0,8)">
// CHECK: %[[SRC:.*]] = builtin.unrealized_conversion_cast %{{.*}} : !cute.memref<f32, {{.*}} to !llvm.ptr
// CHECK: %[[DST:.*]] = builtin.unrealized_conversion_cast %[[P]] : {{.*}} to !llvm.ptr
// CHECK: %[[H0P:.*]] = llvm.getelementptr %[[SRC]][4] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK: %[[H0:.*]] = llvm.load %[[H0P]] {alignment = 4 : i64} : !llvm.ptr -> f32
// CHECK: %[[L0:.*]] = llvm.load %[[SRC]] {alignment = 4 : i64} : !llvm.ptr -> f32
// CHECK: %[[C0:.*]] = nvvm.convert.f32x2.to.bf16x2 %[[H0]], %[[L0]] {rnd = #nvvm.fp_rnd_mode<rn>} : vector<2xbf16>
// CHECK: %[[W0:.*]] = llvm.bitcast %[[C0]] : vector<2xbf16> to i32
// CHECK: llvm.store %[[W0]], %[[DST]] {alignment = 4 : i64} : i32, !llvm.ptr
// CHECK-COUNT-6: nvvm.convert.f32x2.to.bf16x2
// The last register: values 15 (hi) and 14 of the accumulator, bytes 28.
// CHECK: llvm.getelementptr %[[SRC]][60] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK: llvm.getelementptr %[[SRC]][56] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK: nvvm.convert.f32x2.to.bf16x2
// CHECK: llvm.getelementptr %[[DST]][28] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK-NOT: nvvm.shfl.sync
// CHECK: gpu.barrier
func.func @convert_bf16(%s: !cute.memref<f32, rmem, align<16>, "((2,2,4),1,1):((1,2,4),0,0)">) {
  %p = cute_nvgpu.accumulator_to_operand(%s) {elem_type = bf16}
  gpu.barrier
  return
}

// mma.sync m16n8 accumulators (4 values per atom: rows g, g + 8 at
// columns 2t, 2t + 1; PTX ISA, mma.m16n8k16 fragments): K block 0 of the
// m16n8k16 A operand (a0..a7: rows g, g + 8 at columns 2t, 2t + 1, then the
// same 8 columns on) is atom 0's values then atom 1's, so register 2 (bytes
// 8) is values 1 and 0 of atom 1 (bytes 20 and 16 of the accumulator).
// CHECK-LABEL: func.func @convert_sync_pairs(
// CHECK: cute.make_fragment() : !cute.memref<bf16, rmem, align<16>, "(8,1,1):(1,0,0)">
// CHECK: %[[SRC:.*]] = builtin.unrealized_conversion_cast %{{.*}} : !cute.memref<f32, {{.*}} to !llvm.ptr
// CHECK: %[[DST:.*]] = builtin.unrealized_conversion_cast %{{.*}} to !llvm.ptr
// CHECK: nvvm.convert.f32x2.to.bf16x2
// CHECK: llvm.getelementptr %[[SRC]][12]
// CHECK: llvm.getelementptr %[[SRC]][8]
// CHECK: nvvm.convert.f32x2.to.bf16x2
// CHECK: llvm.getelementptr %[[DST]][4]
// CHECK: llvm.getelementptr %[[SRC]][20]
// CHECK: llvm.getelementptr %[[SRC]][16]
// CHECK: nvvm.convert.f32x2.to.bf16x2
// CHECK: llvm.getelementptr %[[DST]][8]
// CHECK: llvm.getelementptr %[[SRC]][28]
// CHECK: llvm.getelementptr %[[SRC]][24]
// CHECK: nvvm.convert.f32x2.to.bf16x2
// CHECK: llvm.getelementptr %[[DST]][12]
// CHECK-NOT: nvvm.convert
func.func @convert_sync_pairs(%s: !cute.memref<f32, rmem, align<16>, "((2,2),1,2):((1,2),0,4)">) {
  %p = cute_nvgpu.accumulator_to_operand(%s) {elem_type = bf16}
  return
}

// CHECK-LABEL: func.func @convert_f16(
// CHECK-COUNT-4: nvvm.convert.f32x2.to.f16x2 %{{.*}}, %{{.*}} {rnd = #nvvm.fp_rnd_mode<rn>} : vector<2xf16>
// CHECK-NOT: nvvm.convert
func.func @convert_f16(%s: !cute.memref<f32, rmem, align<16>, "8:1">) {
  %p = cute_nvgpu.accumulator_to_operand(%s) {elem_type = f16}
  return
}

// e4m3, one K block (N = 32, 16 accumulator values): per row half h, the
// pairs P(g, h) of values (4g + 2h + 1, 4g + 2h) for g = 0..3, words E =
// P(0) | P(2) << 16 and O = P(1) | P(3) << 16, two shuffles from quad lanes
// {0,2,1,3}[q] and that ^ 1 (even lanes send E first, odd ones O), then
// registers h (selector 0x5410 for q < 2, else 0x1054) and h + 2 (0x7632 /
// 0x3276).
// CHECK-LABEL: func.func @convert_e4m3(
// CHECK: %[[LANE:.*]] = nvvm.read.ptx.sreg.laneid : i32
// CHECK: %[[Q:.*]] = arith.andi %[[LANE]], %{{.*}} : i32
// CHECK: %[[BASE:.*]] = arith.subi %[[LANE]], %[[Q]] : i32
// CHECK: %[[ODD:.*]] = arith.cmpi ne
// CHECK: %[[LOW:.*]] = arith.cmpi ult, %[[Q]]
// CHECK: %[[SRC0:.*]] = arith.addi %[[BASE]], %{{.*}} : i32
// CHECK: %[[SRC1:.*]] = arith.addi %[[BASE]], %{{.*}} : i32
// Row half 0, group 0: values 1 (hi, byte 4) and 0.
// CHECK: %[[V1P:.*]] = llvm.getelementptr %[[SRC:[^ ]+]][4] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK: %[[V1:.*]] = llvm.load %[[V1P]]
// CHECK: %[[V0:.*]] = llvm.load %[[SRC]]
// CHECK: %[[P0:.*]] = nvvm.convert.f32x2.to.f8x2 %[[V1]], %[[V0]] {rnd = #nvvm.fp_rnd_mode<rn>, sat = #nvvm.sat_mode<satfinite>} : i16(f8E4M3FN)
// Group 1: values 5 and 4 (bytes 20, 16).
// CHECK: llvm.getelementptr %[[SRC]][20]
// CHECK: llvm.getelementptr %[[SRC]][16]
// CHECK: nvvm.convert.f32x2.to.f8x2
// CHECK: llvm.getelementptr %[[SRC]][36]
// CHECK: llvm.getelementptr %[[SRC]][32]
// CHECK: nvvm.convert.f32x2.to.f8x2
// CHECK: llvm.getelementptr %[[SRC]][52]
// CHECK: llvm.getelementptr %[[SRC]][48]
// CHECK: nvvm.convert.f32x2.to.f8x2
// CHECK: %[[E:.*]] = llvm.or
// CHECK: %[[O:.*]] = llvm.or
// CHECK: %[[SEND0:.*]] = arith.select %[[ODD]], %[[O]], %[[E]] : i32
// CHECK: %[[SEND1:.*]] = arith.select %[[ODD]], %[[E]], %[[O]] : i32
// CHECK: %[[X:.*]] = nvvm.shfl.sync  idx %{{.*}}, %[[SEND0]], %[[SRC0]], %{{.*}} : i32 -> i32
// CHECK: %[[Y:.*]] = nvvm.shfl.sync  idx %{{.*}}, %[[SEND1]], %[[SRC1]], %{{.*}} : i32 -> i32
// CHECK: %[[SEL0:.*]] = arith.select %[[LOW]], %c21520_i32, %c4180_i32 : i32
// CHECK: %[[R0:.*]] = nvvm.prmt <default> %[[SEL0]], %[[X]], %[[Y]] : i32
// CHECK: llvm.store %[[R0]], %[[DST:[^ ]+]] {alignment = 4 : i64} : i32, !llvm.ptr
// CHECK: %[[SEL1:.*]] = arith.select %[[LOW]], %c30258_i32, %c12918_i32 : i32
// CHECK: %[[R2:.*]] = nvvm.prmt <default> %[[SEL1]], %[[X]], %[[Y]] : i32
// CHECK: %[[R2P:.*]] = llvm.getelementptr %[[DST]][8] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK: llvm.store %[[R2]], %[[R2P]]
// Row half 1: values 3 and 2 first; registers 1 and 3 (bytes 4, 12).
// CHECK: llvm.getelementptr %[[SRC]][12]
// CHECK: llvm.getelementptr %[[SRC]][8]
// CHECK-COUNT-2: nvvm.shfl.sync
// CHECK: nvvm.prmt
// CHECK: llvm.getelementptr %[[DST]][4]
// CHECK: nvvm.prmt
// CHECK: llvm.getelementptr %[[DST]][12]
// CHECK-NOT: nvvm.shfl.sync
// CHECK: return
func.func @convert_e4m3(%s: !cute.memref<f32, rmem, align<16>, "((2,2,4),1,1):((1,2,4),0,0)">) {
  %p = cute_nvgpu.accumulator_to_operand(%s) {elem_type = f8E4M3FN}
  return
}
