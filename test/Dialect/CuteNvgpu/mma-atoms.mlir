// RUN: cute-opt %s | FileCheck %s
// RUN: cute-opt %s | cute-opt | FileCheck %s
// RUN: cute-opt %s --mlir-print-op-generic | cute-opt | FileCheck %s
// RUN: cute-opt %s --canonicalize | FileCheck %s --check-prefix=CANON

// Every MMA atom kind of cute_nvgpu parses, prints and round-trips (pretty
// and generic form), and `cute.mma_atom_layout` reads back exactly CuTe's
// MMA_Traits (NVIDIA/cutlass 7107b05): Shape_MNK, ThrID, ALayout, BLayout,
// CLayout and, for the sm_120 block-scaled atoms, SFALayout and SFBLayout.
// The expected layouts are written out by hand from CuTe: the values CuTe
// prints (test/unittests/Atom/MmaAtomsTest.cpp) where it printed them, else
// the traits' formulas (mma_traits_sm80.hpp SM80_16x8_Row / SM80_8x8_Row,
// mma_traits_sm90_gmma.hpp ABLayout<M,K> = (128,(M,K)):(0,(1,M)) and
// CLayout_64xN, mma_traits_sm100.hpp (1,(M,K)):(0,(1,M)) on one CTA and
// (2,(M/2,K)):(M/2,(1,M)) on two, mma_traits_sm120.hpp). The result type
// of each op is checked against the inferred one when the op is built, so
// any difference from CuTe is an error before FileCheck runs.
// Canonicalization folds every read-back to a `cute.static` of the same
// type.

//===----------------------------------------------------------------------===//
// mma_sync (sm_80+)
//===----------------------------------------------------------------------===//

// SM80_16x8x8_F32F16F16F32_TN.
// CHECK-LABEL: func.func @sm80_16x8x8
// CHECK: cute.mma_atom_layout "shape" of #cute_nvgpu.mma_sync<m = 16, n = 8, k = 8, a = f16, b = f16, c = f32> -> !cute.shape<"(16,8,8)">
// CHECK: cute.mma_atom_layout "thr" of #cute_nvgpu.mma_sync<m = 16, n = 8, k = 8, a = f16, b = f16, c = f32> -> !cute.layout<"32:1">
// CHECK: cute.mma_atom_layout "A" of #cute_nvgpu.mma_sync<m = 16, n = 8, k = 8, a = f16, b = f16, c = f32> -> !cute.layout<"((4,8),(2,2)):((32,1),(16,8))">
// CHECK: cute.mma_atom_layout "B" of #cute_nvgpu.mma_sync<m = 16, n = 8, k = 8, a = f16, b = f16, c = f32> -> !cute.layout<"((4,8),2):((16,1),8)">
// CHECK: cute.mma_atom_layout "C" of #cute_nvgpu.mma_sync<m = 16, n = 8, k = 8, a = f16, b = f16, c = f32> -> !cute.layout<"((4,8),(2,2)):((32,1),(16,8))">
// CANON-LABEL: func.func @sm80_16x8x8
// CANON-NOT: cute.mma_atom_layout
// CANON: cute.static : !cute.shape<"(16,8,8)">
// CANON: cute.static : !cute.layout<"32:1">
// A and C are the same layout (SM80_16x8_Row): one constant after CSE.
// CANON: %[[AC:.+]] = cute.static : !cute.layout<"((4,8),(2,2)):((32,1),(16,8))">
// CANON: cute.static : !cute.layout<"((4,8),2):((16,1),8)">
// CANON-NOT: cute.mma_atom_layout
// CANON: return %{{.+}}, %{{.+}}, %[[AC]], %{{.+}}, %[[AC]] :
func.func @sm80_16x8x8() -> (!cute.shape<"(16,8,8)">, !cute.layout<"32:1">, !cute.layout<"((4,8),(2,2)):((32,1),(16,8))">, !cute.layout<"((4,8),2):((16,1),8)">, !cute.layout<"((4,8),(2,2)):((32,1),(16,8))">) {
  %s = cute.mma_atom_layout "shape" of #cute_nvgpu.mma_sync<m = 16, n = 8, k = 8, a = f16, b = f16, c = f32> -> !cute.shape<"(16,8,8)">
  %t = cute.mma_atom_layout "thr" of #cute_nvgpu.mma_sync<m = 16, n = 8, k = 8, a = f16, b = f16, c = f32> -> !cute.layout<"32:1">
  %a = cute.mma_atom_layout "A" of #cute_nvgpu.mma_sync<m = 16, n = 8, k = 8, a = f16, b = f16, c = f32> -> !cute.layout<"((4,8),(2,2)):((32,1),(16,8))">
  %b = cute.mma_atom_layout "B" of #cute_nvgpu.mma_sync<m = 16, n = 8, k = 8, a = f16, b = f16, c = f32> -> !cute.layout<"((4,8),2):((16,1),8)">
  %c = cute.mma_atom_layout "C" of #cute_nvgpu.mma_sync<m = 16, n = 8, k = 8, a = f16, b = f16, c = f32> -> !cute.layout<"((4,8),(2,2)):((32,1),(16,8))">
  return %s, %t, %a, %b, %c : !cute.shape<"(16,8,8)">, !cute.layout<"32:1">, !cute.layout<"((4,8),(2,2)):((32,1),(16,8))">, !cute.layout<"((4,8),2):((16,1),8)">, !cute.layout<"((4,8),(2,2)):((32,1),(16,8))">
}

// SM80_16x8x16_F32BF16BF16F32_TN (CuTe-printed in MmaAtomsTest).
// CHECK-LABEL: func.func @sm80_16x8x16
// CHECK: cute.mma_atom_layout "shape" of #cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32> -> !cute.shape<"(16,8,16)">
// CHECK: cute.mma_atom_layout "thr" of #cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32> -> !cute.layout<"32:1">
// CHECK: cute.mma_atom_layout "A" of #cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32> -> !cute.layout<"((4,8),(2,2,2)):((32,1),(16,8,128))">
// CHECK: cute.mma_atom_layout "B" of #cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32> -> !cute.layout<"((4,8),(2,2)):((16,1),(8,64))">
// CHECK: cute.mma_atom_layout "C" of #cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32> -> !cute.layout<"((4,8),(2,2)):((32,1),(16,8))">
// CANON-LABEL: func.func @sm80_16x8x16
// CANON-NOT: cute.mma_atom_layout
// CANON: cute.static : !cute.shape<"(16,8,16)">
// CANON: cute.static : !cute.layout<"32:1">
// CANON: cute.static : !cute.layout<"((4,8),(2,2,2)):((32,1),(16,8,128))">
// CANON: cute.static : !cute.layout<"((4,8),(2,2)):((16,1),(8,64))">
// CANON: cute.static : !cute.layout<"((4,8),(2,2)):((32,1),(16,8))">
// CANON-NOT: cute.mma_atom_layout
// CANON: return
func.func @sm80_16x8x16() -> (!cute.shape<"(16,8,16)">, !cute.layout<"32:1">, !cute.layout<"((4,8),(2,2,2)):((32,1),(16,8,128))">, !cute.layout<"((4,8),(2,2)):((16,1),(8,64))">, !cute.layout<"((4,8),(2,2)):((32,1),(16,8))">) {
  %s = cute.mma_atom_layout "shape" of #cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32> -> !cute.shape<"(16,8,16)">
  %t = cute.mma_atom_layout "thr" of #cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32> -> !cute.layout<"32:1">
  %a = cute.mma_atom_layout "A" of #cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32> -> !cute.layout<"((4,8),(2,2,2)):((32,1),(16,8,128))">
  %b = cute.mma_atom_layout "B" of #cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32> -> !cute.layout<"((4,8),(2,2)):((16,1),(8,64))">
  %c = cute.mma_atom_layout "C" of #cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32> -> !cute.layout<"((4,8),(2,2)):((32,1),(16,8))">
  return %s, %t, %a, %b, %c : !cute.shape<"(16,8,16)">, !cute.layout<"32:1">, !cute.layout<"((4,8),(2,2,2)):((32,1),(16,8,128))">, !cute.layout<"((4,8),(2,2)):((16,1),(8,64))">, !cute.layout<"((4,8),(2,2)):((32,1),(16,8))">
}

// SM80_16x8x32_S32S8S8S32_TN (mma_traits_sm80.hpp; u8 x s8 shares it).
// CHECK-LABEL: func.func @sm80_16x8x32_int8
// CHECK: cute.mma_atom_layout "A" of #cute_nvgpu.mma_sync<m = 16, n = 8, k = 32, a = ui8, b = si8, c = i32> -> !cute.layout<"((4,8),(4,2,2)):((64,1),(16,8,256))">
// CHECK: cute.mma_atom_layout "B" of #cute_nvgpu.mma_sync<m = 16, n = 8, k = 32, a = ui8, b = si8, c = i32> -> !cute.layout<"((4,8),(4,2)):((32,1),(8,128))">
// CHECK: cute.mma_atom_layout "C" of #cute_nvgpu.mma_sync<m = 16, n = 8, k = 32, a = ui8, b = si8, c = i32> -> !cute.layout<"((4,8),(2,2)):((32,1),(16,8))">
func.func @sm80_16x8x32_int8() -> (!cute.shape<"(16,8,32)">, !cute.layout<"((4,8),(4,2,2)):((64,1),(16,8,256))">, !cute.layout<"((4,8),(4,2)):((32,1),(8,128))">, !cute.layout<"((4,8),(2,2)):((32,1),(16,8))">) {
  %s = cute.mma_atom_layout "shape" of #cute_nvgpu.mma_sync<m = 16, n = 8, k = 32, a = ui8, b = si8, c = i32> -> !cute.shape<"(16,8,32)">
  %a = cute.mma_atom_layout "A" of #cute_nvgpu.mma_sync<m = 16, n = 8, k = 32, a = ui8, b = si8, c = i32> -> !cute.layout<"((4,8),(4,2,2)):((64,1),(16,8,256))">
  %b = cute.mma_atom_layout "B" of #cute_nvgpu.mma_sync<m = 16, n = 8, k = 32, a = ui8, b = si8, c = i32> -> !cute.layout<"((4,8),(4,2)):((32,1),(8,128))">
  %c = cute.mma_atom_layout "C" of #cute_nvgpu.mma_sync<m = 16, n = 8, k = 32, a = ui8, b = si8, c = i32> -> !cute.layout<"((4,8),(2,2)):((32,1),(16,8))">
  return %s, %a, %b, %c : !cute.shape<"(16,8,32)">, !cute.layout<"((4,8),(4,2,2)):((64,1),(16,8,256))">, !cute.layout<"((4,8),(4,2)):((32,1),(8,128))">, !cute.layout<"((4,8),(2,2)):((32,1),(16,8))">
}

// SM90_64x64x8_F32TF32TF32_SS_TN (mma_traits_sm90_gmma.hpp: ABLayout<64,8>,
// CLayout_64x64).
// CHECK-LABEL: func.func @sm90_64x64x8_tf32
// CHECK: cute.mma_atom_layout "A" of #cute_nvgpu.wgmma<m = 64, n = 64, k = 8, a = tf32, b = tf32, c = f32, a_major = k, b_major = k> -> !cute.layout<"(128,(64,8)):(0,(1,64))">
func.func @sm90_64x64x8_tf32() -> (!cute.shape<"(64,64,8)">, !cute.layout<"(128,(64,8)):(0,(1,64))">, !cute.layout<"(128,(64,8)):(0,(1,64))">, !cute.layout<"((4,8,4),(2,2,8)):((128,1,16),(64,8,512))">) {
  %s = cute.mma_atom_layout "shape" of #cute_nvgpu.wgmma<m = 64, n = 64, k = 8, a = tf32, b = tf32, c = f32, a_major = k, b_major = k> -> !cute.shape<"(64,64,8)">
  %a = cute.mma_atom_layout "A" of #cute_nvgpu.wgmma<m = 64, n = 64, k = 8, a = tf32, b = tf32, c = f32, a_major = k, b_major = k> -> !cute.layout<"(128,(64,8)):(0,(1,64))">
  %b = cute.mma_atom_layout "B" of #cute_nvgpu.wgmma<m = 64, n = 64, k = 8, a = tf32, b = tf32, c = f32, a_major = k, b_major = k> -> !cute.layout<"(128,(64,8)):(0,(1,64))">
  %c = cute.mma_atom_layout "C" of #cute_nvgpu.wgmma<m = 64, n = 64, k = 8, a = tf32, b = tf32, c = f32, a_major = k, b_major = k> -> !cute.layout<"((4,8,4),(2,2,8)):((128,1,16),(64,8,512))">
  return %s, %a, %b, %c : !cute.shape<"(64,64,8)">, !cute.layout<"(128,(64,8)):(0,(1,64))">, !cute.layout<"(128,(64,8)):(0,(1,64))">, !cute.layout<"((4,8,4),(2,2,8)):((128,1,16),(64,8,512))">
}

// Parameters may be written in any order; they print in declaration order.
// CHECK-LABEL: func.func @param_order
// CHECK: cute.mma_atom_layout "shape" of #cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = f16, b = f16, c = f32> -> !cute.shape<"(16,8,16)">
func.func @param_order() -> !cute.shape<"(16,8,16)"> {
  %s = cute.mma_atom_layout "shape" of #cute_nvgpu.mma_sync<c = f32, k = 16, a = f16, n = 8, b = f16, m = 16> -> !cute.shape<"(16,8,16)">
  return %s : !cute.shape<"(16,8,16)">
}

//===----------------------------------------------------------------------===//
// wgmma (sm_90a)
//===----------------------------------------------------------------------===//

// SM90_64x256x16_F32BF16BF16_SS (CuTe-printed in MmaAtomsTest).
// CHECK-LABEL: func.func @sm90_64x256x16
// CHECK: cute.mma_atom_layout "shape" of #cute_nvgpu.wgmma<m = 64, n = 256, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k> -> !cute.shape<"(64,256,16)">
// CHECK: cute.mma_atom_layout "thr" of #cute_nvgpu.wgmma<m = 64, n = 256, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k> -> !cute.layout<"128:1">
// CHECK: cute.mma_atom_layout "A" of #cute_nvgpu.wgmma<m = 64, n = 256, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k> -> !cute.layout<"(128,(64,16)):(0,(1,64))">
// CHECK: cute.mma_atom_layout "B" of #cute_nvgpu.wgmma<m = 64, n = 256, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k> -> !cute.layout<"(128,(256,16)):(0,(1,256))">
// CHECK: cute.mma_atom_layout "C" of #cute_nvgpu.wgmma<m = 64, n = 256, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k> -> !cute.layout<"((4,8,4),(2,2,32)):((128,1,16),(64,8,512))">
// CANON-LABEL: func.func @sm90_64x256x16
// CANON-NOT: cute.mma_atom_layout
// CANON: cute.static : !cute.shape<"(64,256,16)">
// CANON: cute.static : !cute.layout<"128:1">
// CANON: cute.static : !cute.layout<"(128,(64,16)):(0,(1,64))">
// CANON: cute.static : !cute.layout<"(128,(256,16)):(0,(1,256))">
// CANON: cute.static : !cute.layout<"((4,8,4),(2,2,32)):((128,1,16),(64,8,512))">
// CANON-NOT: cute.mma_atom_layout
// CANON: return
func.func @sm90_64x256x16() -> (!cute.shape<"(64,256,16)">, !cute.layout<"128:1">, !cute.layout<"(128,(64,16)):(0,(1,64))">, !cute.layout<"(128,(256,16)):(0,(1,256))">, !cute.layout<"((4,8,4),(2,2,32)):((128,1,16),(64,8,512))">) {
  %s = cute.mma_atom_layout "shape" of #cute_nvgpu.wgmma<m = 64, n = 256, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k> -> !cute.shape<"(64,256,16)">
  %t = cute.mma_atom_layout "thr" of #cute_nvgpu.wgmma<m = 64, n = 256, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k> -> !cute.layout<"128:1">
  %a = cute.mma_atom_layout "A" of #cute_nvgpu.wgmma<m = 64, n = 256, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k> -> !cute.layout<"(128,(64,16)):(0,(1,64))">
  %b = cute.mma_atom_layout "B" of #cute_nvgpu.wgmma<m = 64, n = 256, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k> -> !cute.layout<"(128,(256,16)):(0,(1,256))">
  %c = cute.mma_atom_layout "C" of #cute_nvgpu.wgmma<m = 64, n = 256, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k> -> !cute.layout<"((4,8,4),(2,2,32)):((128,1,16),(64,8,512))">
  return %s, %t, %a, %b, %c : !cute.shape<"(64,256,16)">, !cute.layout<"128:1">, !cute.layout<"(128,(64,16)):(0,(1,64))">, !cute.layout<"(128,(256,16)):(0,(1,256))">, !cute.layout<"((4,8,4),(2,2,32)):((128,1,16),(64,8,512))">
}

// SM90_64x64x16_F32F16F16_SS with both operands MN-major (transposed): the
// thread-value layouts do not depend on the major-ness (CuTe's ABLayout).
// CHECK-LABEL: func.func @sm90_64x64x16_mn
// CHECK: cute.mma_atom_layout "shape" of #cute_nvgpu.wgmma<m = 64, n = 64, k = 16, a = f16, b = f16, c = f32, a_major = mn, b_major = mn> -> !cute.shape<"(64,64,16)">
// CHECK: cute.mma_atom_layout "thr" of #cute_nvgpu.wgmma<m = 64, n = 64, k = 16, a = f16, b = f16, c = f32, a_major = mn, b_major = mn> -> !cute.layout<"128:1">
// CHECK: cute.mma_atom_layout "A" of #cute_nvgpu.wgmma<m = 64, n = 64, k = 16, a = f16, b = f16, c = f32, a_major = mn, b_major = mn> -> !cute.layout<"(128,(64,16)):(0,(1,64))">
// CHECK: cute.mma_atom_layout "B" of #cute_nvgpu.wgmma<m = 64, n = 64, k = 16, a = f16, b = f16, c = f32, a_major = mn, b_major = mn> -> !cute.layout<"(128,(64,16)):(0,(1,64))">
// CHECK: cute.mma_atom_layout "C" of #cute_nvgpu.wgmma<m = 64, n = 64, k = 16, a = f16, b = f16, c = f32, a_major = mn, b_major = mn> -> !cute.layout<"((4,8,4),(2,2,8)):((128,1,16),(64,8,512))">
// CANON-LABEL: func.func @sm90_64x64x16_mn
// CANON: cute.static : !cute.shape<"(64,64,16)">
// CANON: cute.static : !cute.layout<"128:1">
// CANON: %[[AB:.+]] = cute.static : !cute.layout<"(128,(64,16)):(0,(1,64))">
// CANON: cute.static : !cute.layout<"((4,8,4),(2,2,8)):((128,1,16),(64,8,512))">
// CANON: return %{{.+}}, %{{.+}}, %[[AB]], %[[AB]], %{{.+}} :
func.func @sm90_64x64x16_mn() -> (!cute.shape<"(64,64,16)">, !cute.layout<"128:1">, !cute.layout<"(128,(64,16)):(0,(1,64))">, !cute.layout<"(128,(64,16)):(0,(1,64))">, !cute.layout<"((4,8,4),(2,2,8)):((128,1,16),(64,8,512))">) {
  %s = cute.mma_atom_layout "shape" of #cute_nvgpu.wgmma<m = 64, n = 64, k = 16, a = f16, b = f16, c = f32, a_major = mn, b_major = mn> -> !cute.shape<"(64,64,16)">
  %t = cute.mma_atom_layout "thr" of #cute_nvgpu.wgmma<m = 64, n = 64, k = 16, a = f16, b = f16, c = f32, a_major = mn, b_major = mn> -> !cute.layout<"128:1">
  %a = cute.mma_atom_layout "A" of #cute_nvgpu.wgmma<m = 64, n = 64, k = 16, a = f16, b = f16, c = f32, a_major = mn, b_major = mn> -> !cute.layout<"(128,(64,16)):(0,(1,64))">
  %b = cute.mma_atom_layout "B" of #cute_nvgpu.wgmma<m = 64, n = 64, k = 16, a = f16, b = f16, c = f32, a_major = mn, b_major = mn> -> !cute.layout<"(128,(64,16)):(0,(1,64))">
  %c = cute.mma_atom_layout "C" of #cute_nvgpu.wgmma<m = 64, n = 64, k = 16, a = f16, b = f16, c = f32, a_major = mn, b_major = mn> -> !cute.layout<"((4,8,4),(2,2,8)):((128,1,16),(64,8,512))">
  return %s, %t, %a, %b, %c : !cute.shape<"(64,64,16)">, !cute.layout<"128:1">, !cute.layout<"(128,(64,16)):(0,(1,64))">, !cute.layout<"(128,(64,16)):(0,(1,64))">, !cute.layout<"((4,8,4),(2,2,8)):((128,1,16),(64,8,512))">
}

// SM90_64x128x32_F32E4M3E4M3_SS_TN (CuTe-printed in MmaAtomsTest).
// CHECK-LABEL: func.func @sm90_64x128x32_e4m3
// CHECK: cute.mma_atom_layout "shape" of #cute_nvgpu.wgmma<m = 64, n = 128, k = 32, a = f8E4M3FN, b = f8E4M3FN, c = f32, a_major = k, b_major = k> -> !cute.shape<"(64,128,32)">
// CHECK: cute.mma_atom_layout "thr" of #cute_nvgpu.wgmma<m = 64, n = 128, k = 32, a = f8E4M3FN, b = f8E4M3FN, c = f32, a_major = k, b_major = k> -> !cute.layout<"128:1">
// CHECK: cute.mma_atom_layout "A" of #cute_nvgpu.wgmma<m = 64, n = 128, k = 32, a = f8E4M3FN, b = f8E4M3FN, c = f32, a_major = k, b_major = k> -> !cute.layout<"(128,(64,32)):(0,(1,64))">
// CHECK: cute.mma_atom_layout "B" of #cute_nvgpu.wgmma<m = 64, n = 128, k = 32, a = f8E4M3FN, b = f8E4M3FN, c = f32, a_major = k, b_major = k> -> !cute.layout<"(128,(128,32)):(0,(1,128))">
// CHECK: cute.mma_atom_layout "C" of #cute_nvgpu.wgmma<m = 64, n = 128, k = 32, a = f8E4M3FN, b = f8E4M3FN, c = f32, a_major = k, b_major = k> -> !cute.layout<"((4,8,4),(2,2,16)):((128,1,16),(64,8,512))">
// CANON-LABEL: func.func @sm90_64x128x32_e4m3
// CANON: cute.static : !cute.shape<"(64,128,32)">
// CANON: cute.static : !cute.layout<"128:1">
// CANON: cute.static : !cute.layout<"(128,(64,32)):(0,(1,64))">
// CANON: cute.static : !cute.layout<"(128,(128,32)):(0,(1,128))">
// CANON: cute.static : !cute.layout<"((4,8,4),(2,2,16)):((128,1,16),(64,8,512))">
func.func @sm90_64x128x32_e4m3() -> (!cute.shape<"(64,128,32)">, !cute.layout<"128:1">, !cute.layout<"(128,(64,32)):(0,(1,64))">, !cute.layout<"(128,(128,32)):(0,(1,128))">, !cute.layout<"((4,8,4),(2,2,16)):((128,1,16),(64,8,512))">) {
  %s = cute.mma_atom_layout "shape" of #cute_nvgpu.wgmma<m = 64, n = 128, k = 32, a = f8E4M3FN, b = f8E4M3FN, c = f32, a_major = k, b_major = k> -> !cute.shape<"(64,128,32)">
  %t = cute.mma_atom_layout "thr" of #cute_nvgpu.wgmma<m = 64, n = 128, k = 32, a = f8E4M3FN, b = f8E4M3FN, c = f32, a_major = k, b_major = k> -> !cute.layout<"128:1">
  %a = cute.mma_atom_layout "A" of #cute_nvgpu.wgmma<m = 64, n = 128, k = 32, a = f8E4M3FN, b = f8E4M3FN, c = f32, a_major = k, b_major = k> -> !cute.layout<"(128,(64,32)):(0,(1,64))">
  %b = cute.mma_atom_layout "B" of #cute_nvgpu.wgmma<m = 64, n = 128, k = 32, a = f8E4M3FN, b = f8E4M3FN, c = f32, a_major = k, b_major = k> -> !cute.layout<"(128,(128,32)):(0,(1,128))">
  %c = cute.mma_atom_layout "C" of #cute_nvgpu.wgmma<m = 64, n = 128, k = 32, a = f8E4M3FN, b = f8E4M3FN, c = f32, a_major = k, b_major = k> -> !cute.layout<"((4,8,4),(2,2,16)):((128,1,16),(64,8,512))">
  return %s, %t, %a, %b, %c : !cute.shape<"(64,128,32)">, !cute.layout<"128:1">, !cute.layout<"(128,(64,32)):(0,(1,64))">, !cute.layout<"(128,(128,32)):(0,(1,128))">, !cute.layout<"((4,8,4),(2,2,16)):((128,1,16),(64,8,512))">
}

// The smallest N, with mixed 8-bit types (e5m2 x e4m3):
// SM90_64x8x32_F32E5M2E4M3_SS_TN, CLayout_64x8.
// CHECK-LABEL: func.func @sm90_64x8x32_mixed
// CHECK: cute.mma_atom_layout "shape" of #cute_nvgpu.wgmma<m = 64, n = 8, k = 32, a = f8E5M2, b = f8E4M3FN, c = f32, a_major = k, b_major = k> -> !cute.shape<"(64,8,32)">
// CHECK: cute.mma_atom_layout "A" of #cute_nvgpu.wgmma<m = 64, n = 8, k = 32, a = f8E5M2, b = f8E4M3FN, c = f32, a_major = k, b_major = k> -> !cute.layout<"(128,(64,32)):(0,(1,64))">
// CHECK: cute.mma_atom_layout "B" of #cute_nvgpu.wgmma<m = 64, n = 8, k = 32, a = f8E5M2, b = f8E4M3FN, c = f32, a_major = k, b_major = k> -> !cute.layout<"(128,(8,32)):(0,(1,8))">
// CHECK: cute.mma_atom_layout "C" of #cute_nvgpu.wgmma<m = 64, n = 8, k = 32, a = f8E5M2, b = f8E4M3FN, c = f32, a_major = k, b_major = k> -> !cute.layout<"((4,8,4),(2,2,1)):((128,1,16),(64,8,512))">
// CANON-LABEL: func.func @sm90_64x8x32_mixed
// CANON: cute.static : !cute.shape<"(64,8,32)">
// CANON: cute.static : !cute.layout<"(128,(64,32)):(0,(1,64))">
// CANON: cute.static : !cute.layout<"(128,(8,32)):(0,(1,8))">
// CANON: cute.static : !cute.layout<"((4,8,4),(2,2,1)):((128,1,16),(64,8,512))">
func.func @sm90_64x8x32_mixed() -> (!cute.shape<"(64,8,32)">, !cute.layout<"(128,(64,32)):(0,(1,64))">, !cute.layout<"(128,(8,32)):(0,(1,8))">, !cute.layout<"((4,8,4),(2,2,1)):((128,1,16),(64,8,512))">) {
  %s = cute.mma_atom_layout "shape" of #cute_nvgpu.wgmma<m = 64, n = 8, k = 32, a = f8E5M2, b = f8E4M3FN, c = f32, a_major = k, b_major = k> -> !cute.shape<"(64,8,32)">
  %a = cute.mma_atom_layout "A" of #cute_nvgpu.wgmma<m = 64, n = 8, k = 32, a = f8E5M2, b = f8E4M3FN, c = f32, a_major = k, b_major = k> -> !cute.layout<"(128,(64,32)):(0,(1,64))">
  %b = cute.mma_atom_layout "B" of #cute_nvgpu.wgmma<m = 64, n = 8, k = 32, a = f8E5M2, b = f8E4M3FN, c = f32, a_major = k, b_major = k> -> !cute.layout<"(128,(8,32)):(0,(1,8))">
  %c = cute.mma_atom_layout "C" of #cute_nvgpu.wgmma<m = 64, n = 8, k = 32, a = f8E5M2, b = f8E4M3FN, c = f32, a_major = k, b_major = k> -> !cute.layout<"((4,8,4),(2,2,1)):((128,1,16),(64,8,512))">
  return %s, %a, %b, %c : !cute.shape<"(64,8,32)">, !cute.layout<"(128,(64,32)):(0,(1,64))">, !cute.layout<"(128,(8,32)):(0,(1,8))">, !cute.layout<"((4,8,4),(2,2,1)):((128,1,16),(64,8,512))">
}

//===----------------------------------------------------------------------===//
// tcgen05_mma (sm_100a)
//===----------------------------------------------------------------------===//

// SM100_MMA_F16BF16_SS 128x256x16 on one CTA (CuTe-printed in MmaAtomsTest).
// CHECK-LABEL: func.func @sm100_128x256x16_1cta
// CHECK: cute.mma_atom_layout "shape" of #cute_nvgpu.tcgen05_mma<kind = f16, m = 128, n = 256, k = 16, a = bf16, b = bf16, c = f32, cta_group = 1, a_src = smem, a_major = k, b_major = k> -> !cute.shape<"(128,256,16)">
// CHECK: cute.mma_atom_layout "thr" of #cute_nvgpu.tcgen05_mma<kind = f16, m = 128, n = 256, k = 16, a = bf16, b = bf16, c = f32, cta_group = 1, a_src = smem, a_major = k, b_major = k> -> !cute.layout<"1:0">
// CHECK: cute.mma_atom_layout "A" of #cute_nvgpu.tcgen05_mma<kind = f16, m = 128, n = 256, k = 16, a = bf16, b = bf16, c = f32, cta_group = 1, a_src = smem, a_major = k, b_major = k> -> !cute.layout<"(1,(128,16)):(0,(1,128))">
// CHECK: cute.mma_atom_layout "B" of #cute_nvgpu.tcgen05_mma<kind = f16, m = 128, n = 256, k = 16, a = bf16, b = bf16, c = f32, cta_group = 1, a_src = smem, a_major = k, b_major = k> -> !cute.layout<"(1,(256,16)):(0,(1,256))">
// CHECK: cute.mma_atom_layout "C" of #cute_nvgpu.tcgen05_mma<kind = f16, m = 128, n = 256, k = 16, a = bf16, b = bf16, c = f32, cta_group = 1, a_src = smem, a_major = k, b_major = k> -> !cute.layout<"(1,(128,256)):(0,(1,128))">
// CANON-LABEL: func.func @sm100_128x256x16_1cta
// CANON: cute.static : !cute.shape<"(128,256,16)">
// CANON: cute.static : !cute.layout<"1:0">
// CANON: cute.static : !cute.layout<"(1,(128,16)):(0,(1,128))">
// CANON: cute.static : !cute.layout<"(1,(256,16)):(0,(1,256))">
// CANON: cute.static : !cute.layout<"(1,(128,256)):(0,(1,128))">
func.func @sm100_128x256x16_1cta() -> (!cute.shape<"(128,256,16)">, !cute.layout<"1:0">, !cute.layout<"(1,(128,16)):(0,(1,128))">, !cute.layout<"(1,(256,16)):(0,(1,256))">, !cute.layout<"(1,(128,256)):(0,(1,128))">) {
  %s = cute.mma_atom_layout "shape" of #cute_nvgpu.tcgen05_mma<kind = f16, m = 128, n = 256, k = 16, a = bf16, b = bf16, c = f32, cta_group = 1, a_src = smem, a_major = k, b_major = k> -> !cute.shape<"(128,256,16)">
  %t = cute.mma_atom_layout "thr" of #cute_nvgpu.tcgen05_mma<kind = f16, m = 128, n = 256, k = 16, a = bf16, b = bf16, c = f32, cta_group = 1, a_src = smem, a_major = k, b_major = k> -> !cute.layout<"1:0">
  %a = cute.mma_atom_layout "A" of #cute_nvgpu.tcgen05_mma<kind = f16, m = 128, n = 256, k = 16, a = bf16, b = bf16, c = f32, cta_group = 1, a_src = smem, a_major = k, b_major = k> -> !cute.layout<"(1,(128,16)):(0,(1,128))">
  %b = cute.mma_atom_layout "B" of #cute_nvgpu.tcgen05_mma<kind = f16, m = 128, n = 256, k = 16, a = bf16, b = bf16, c = f32, cta_group = 1, a_src = smem, a_major = k, b_major = k> -> !cute.layout<"(1,(256,16)):(0,(1,256))">
  %c = cute.mma_atom_layout "C" of #cute_nvgpu.tcgen05_mma<kind = f16, m = 128, n = 256, k = 16, a = bf16, b = bf16, c = f32, cta_group = 1, a_src = smem, a_major = k, b_major = k> -> !cute.layout<"(1,(128,256)):(0,(1,128))">
  return %s, %t, %a, %b, %c : !cute.shape<"(128,256,16)">, !cute.layout<"1:0">, !cute.layout<"(1,(128,16)):(0,(1,128))">, !cute.layout<"(1,(256,16)):(0,(1,256))">, !cute.layout<"(1,(128,256)):(0,(1,128))">
}

// kind and k left out: A and B's types give them (kind::f16, K = 16 for
// bf16), so the shape is SM100_MMA_F16BF16_SS's; printed as written.
// CHECK-LABEL: func.func @sm100_inferred_kind
// CHECK: cute.mma_atom_layout "shape" of #cute_nvgpu.tcgen05_mma<m = 128, n = 256, a = bf16, b = bf16, c = f32, cta_group = 1, a_src = smem, a_major = k, b_major = k> -> !cute.shape<"(128,256,16)">
// CHECK: cute.mma_atom_layout "shape" of #cute_nvgpu.tcgen05_mma<m = 128, n = 256, a = f8E4M3FN, b = f8E4M3FN, c = f32, cta_group = 1, a_src = smem, a_major = k, b_major = k> -> !cute.shape<"(128,256,32)">
func.func @sm100_inferred_kind() -> (!cute.shape<"(128,256,16)">, !cute.shape<"(128,256,32)">) {
  %s = cute.mma_atom_layout "shape" of #cute_nvgpu.tcgen05_mma<m = 128, n = 256, a = bf16, b = bf16, c = f32, cta_group = 1, a_src = smem, a_major = k, b_major = k> -> !cute.shape<"(128,256,16)">
  %t = cute.mma_atom_layout "shape" of #cute_nvgpu.tcgen05_mma<m = 128, n = 256, a = f8E4M3FN, b = f8E4M3FN, c = f32, cta_group = 1, a_src = smem, a_major = k, b_major = k> -> !cute.shape<"(128,256,32)">
  return %s, %t : !cute.shape<"(128,256,16)">, !cute.shape<"(128,256,32)">
}

// SM100_MMA_F16BF16_2x1SM_SS 256x256x16 on a CTA pair (CuTe-printed in
// MmaAtomsTest): each CTA holds half of A's and B's rows and of C's rows.
// CHECK-LABEL: func.func @sm100_256x256x16_2cta
// CHECK: cute.mma_atom_layout "shape" of #cute_nvgpu.tcgen05_mma<kind = f16, m = 256, n = 256, k = 16, a = f16, b = f16, c = f32, cta_group = 2, a_src = smem, a_major = k, b_major = mn> -> !cute.shape<"(256,256,16)">
// CHECK: cute.mma_atom_layout "thr" of #cute_nvgpu.tcgen05_mma<kind = f16, m = 256, n = 256, k = 16, a = f16, b = f16, c = f32, cta_group = 2, a_src = smem, a_major = k, b_major = mn> -> !cute.layout<"2:1">
// CHECK: cute.mma_atom_layout "A" of #cute_nvgpu.tcgen05_mma<kind = f16, m = 256, n = 256, k = 16, a = f16, b = f16, c = f32, cta_group = 2, a_src = smem, a_major = k, b_major = mn> -> !cute.layout<"(2,(128,16)):(128,(1,256))">
// CHECK: cute.mma_atom_layout "B" of #cute_nvgpu.tcgen05_mma<kind = f16, m = 256, n = 256, k = 16, a = f16, b = f16, c = f32, cta_group = 2, a_src = smem, a_major = k, b_major = mn> -> !cute.layout<"(2,(128,16)):(128,(1,256))">
// CHECK: cute.mma_atom_layout "C" of #cute_nvgpu.tcgen05_mma<kind = f16, m = 256, n = 256, k = 16, a = f16, b = f16, c = f32, cta_group = 2, a_src = smem, a_major = k, b_major = mn> -> !cute.layout<"(2,(128,256)):(128,(1,256))">
// CANON-LABEL: func.func @sm100_256x256x16_2cta
// CANON: cute.static : !cute.shape<"(256,256,16)">
// CANON: cute.static : !cute.layout<"2:1">
// CANON: %[[AB:.+]] = cute.static : !cute.layout<"(2,(128,16)):(128,(1,256))">
// CANON: cute.static : !cute.layout<"(2,(128,256)):(128,(1,256))">
// CANON: return %{{.+}}, %{{.+}}, %[[AB]], %[[AB]], %{{.+}} :
func.func @sm100_256x256x16_2cta() -> (!cute.shape<"(256,256,16)">, !cute.layout<"2:1">, !cute.layout<"(2,(128,16)):(128,(1,256))">, !cute.layout<"(2,(128,16)):(128,(1,256))">, !cute.layout<"(2,(128,256)):(128,(1,256))">) {
  %s = cute.mma_atom_layout "shape" of #cute_nvgpu.tcgen05_mma<kind = f16, m = 256, n = 256, k = 16, a = f16, b = f16, c = f32, cta_group = 2, a_src = smem, a_major = k, b_major = mn> -> !cute.shape<"(256,256,16)">
  %t = cute.mma_atom_layout "thr" of #cute_nvgpu.tcgen05_mma<kind = f16, m = 256, n = 256, k = 16, a = f16, b = f16, c = f32, cta_group = 2, a_src = smem, a_major = k, b_major = mn> -> !cute.layout<"2:1">
  %a = cute.mma_atom_layout "A" of #cute_nvgpu.tcgen05_mma<kind = f16, m = 256, n = 256, k = 16, a = f16, b = f16, c = f32, cta_group = 2, a_src = smem, a_major = k, b_major = mn> -> !cute.layout<"(2,(128,16)):(128,(1,256))">
  %b = cute.mma_atom_layout "B" of #cute_nvgpu.tcgen05_mma<kind = f16, m = 256, n = 256, k = 16, a = f16, b = f16, c = f32, cta_group = 2, a_src = smem, a_major = k, b_major = mn> -> !cute.layout<"(2,(128,16)):(128,(1,256))">
  %c = cute.mma_atom_layout "C" of #cute_nvgpu.tcgen05_mma<kind = f16, m = 256, n = 256, k = 16, a = f16, b = f16, c = f32, cta_group = 2, a_src = smem, a_major = k, b_major = mn> -> !cute.layout<"(2,(128,256)):(128,(1,256))">
  return %s, %t, %a, %b, %c : !cute.shape<"(256,256,16)">, !cute.layout<"2:1">, !cute.layout<"(2,(128,16)):(128,(1,256))">, !cute.layout<"(2,(128,16)):(128,(1,256))">, !cute.layout<"(2,(128,256)):(128,(1,256))">
}

// SM100_MMA_TF32_TS 64x64x8: kind::tf32 with A from Tensor Memory.
// CHECK-LABEL: func.func @sm100_tf32_64x64x8_ts
// CHECK: cute.mma_atom_layout "shape" of #cute_nvgpu.tcgen05_mma<kind = tf32, m = 64, n = 64, k = 8, a = tf32, b = tf32, c = f32, cta_group = 1, a_src = tmem, a_major = k, b_major = k> -> !cute.shape<"(64,64,8)">
// CHECK: cute.mma_atom_layout "A" of #cute_nvgpu.tcgen05_mma<kind = tf32, m = 64, n = 64, k = 8, a = tf32, b = tf32, c = f32, cta_group = 1, a_src = tmem, a_major = k, b_major = k> -> !cute.layout<"(1,(64,8)):(0,(1,64))">
// CHECK: cute.mma_atom_layout "C" of #cute_nvgpu.tcgen05_mma<kind = tf32, m = 64, n = 64, k = 8, a = tf32, b = tf32, c = f32, cta_group = 1, a_src = tmem, a_major = k, b_major = k> -> !cute.layout<"(1,(64,64)):(0,(1,64))">
// CANON-LABEL: func.func @sm100_tf32_64x64x8_ts
// CANON: cute.static : !cute.shape<"(64,64,8)">
// CANON: cute.static : !cute.layout<"(1,(64,8)):(0,(1,64))">
// CANON: cute.static : !cute.layout<"(1,(64,64)):(0,(1,64))">
func.func @sm100_tf32_64x64x8_ts() -> (!cute.shape<"(64,64,8)">, !cute.layout<"(1,(64,8)):(0,(1,64))">, !cute.layout<"(1,(64,64)):(0,(1,64))">) {
  %s = cute.mma_atom_layout "shape" of #cute_nvgpu.tcgen05_mma<kind = tf32, m = 64, n = 64, k = 8, a = tf32, b = tf32, c = f32, cta_group = 1, a_src = tmem, a_major = k, b_major = k> -> !cute.shape<"(64,64,8)">
  %a = cute.mma_atom_layout "A" of #cute_nvgpu.tcgen05_mma<kind = tf32, m = 64, n = 64, k = 8, a = tf32, b = tf32, c = f32, cta_group = 1, a_src = tmem, a_major = k, b_major = k> -> !cute.layout<"(1,(64,8)):(0,(1,64))">
  %c = cute.mma_atom_layout "C" of #cute_nvgpu.tcgen05_mma<kind = tf32, m = 64, n = 64, k = 8, a = tf32, b = tf32, c = f32, cta_group = 1, a_src = tmem, a_major = k, b_major = k> -> !cute.layout<"(1,(64,64)):(0,(1,64))">
  return %s, %a, %c : !cute.shape<"(64,64,8)">, !cute.layout<"(1,(64,8)):(0,(1,64))">, !cute.layout<"(1,(64,64)):(0,(1,64))">
}

// SM100_MMA_F8F6F4_2x1SM_SS 128x64x32, e2m1 x e4m3 accumulating in f16:
// each CTA holds 64 rows of A and C and 32 rows of B.
// CHECK-LABEL: func.func @sm100_f8f6f4_128x64x32_2cta
// CHECK: cute.mma_atom_layout "thr" of #cute_nvgpu.tcgen05_mma<kind = f8f6f4, m = 128, n = 64, k = 32, a = f4E2M1FN, b = f8E4M3FN, c = f16, cta_group = 2, a_src = smem, a_major = k, b_major = k> -> !cute.layout<"2:1">
// CHECK: cute.mma_atom_layout "A" of #cute_nvgpu.tcgen05_mma<kind = f8f6f4, m = 128, n = 64, k = 32, a = f4E2M1FN, b = f8E4M3FN, c = f16, cta_group = 2, a_src = smem, a_major = k, b_major = k> -> !cute.layout<"(2,(64,32)):(64,(1,128))">
// CHECK: cute.mma_atom_layout "B" of #cute_nvgpu.tcgen05_mma<kind = f8f6f4, m = 128, n = 64, k = 32, a = f4E2M1FN, b = f8E4M3FN, c = f16, cta_group = 2, a_src = smem, a_major = k, b_major = k> -> !cute.layout<"(2,(32,32)):(32,(1,64))">
// CHECK: cute.mma_atom_layout "C" of #cute_nvgpu.tcgen05_mma<kind = f8f6f4, m = 128, n = 64, k = 32, a = f4E2M1FN, b = f8E4M3FN, c = f16, cta_group = 2, a_src = smem, a_major = k, b_major = k> -> !cute.layout<"(2,(64,64)):(64,(1,128))">
// CANON-LABEL: func.func @sm100_f8f6f4_128x64x32_2cta
// CANON: cute.static : !cute.layout<"2:1">
// CANON: cute.static : !cute.layout<"(2,(64,32)):(64,(1,128))">
// CANON: cute.static : !cute.layout<"(2,(32,32)):(32,(1,64))">
// CANON: cute.static : !cute.layout<"(2,(64,64)):(64,(1,128))">
func.func @sm100_f8f6f4_128x64x32_2cta() -> (!cute.layout<"2:1">, !cute.layout<"(2,(64,32)):(64,(1,128))">, !cute.layout<"(2,(32,32)):(32,(1,64))">, !cute.layout<"(2,(64,64)):(64,(1,128))">) {
  %t = cute.mma_atom_layout "thr" of #cute_nvgpu.tcgen05_mma<kind = f8f6f4, m = 128, n = 64, k = 32, a = f4E2M1FN, b = f8E4M3FN, c = f16, cta_group = 2, a_src = smem, a_major = k, b_major = k> -> !cute.layout<"2:1">
  %a = cute.mma_atom_layout "A" of #cute_nvgpu.tcgen05_mma<kind = f8f6f4, m = 128, n = 64, k = 32, a = f4E2M1FN, b = f8E4M3FN, c = f16, cta_group = 2, a_src = smem, a_major = k, b_major = k> -> !cute.layout<"(2,(64,32)):(64,(1,128))">
  %b = cute.mma_atom_layout "B" of #cute_nvgpu.tcgen05_mma<kind = f8f6f4, m = 128, n = 64, k = 32, a = f4E2M1FN, b = f8E4M3FN, c = f16, cta_group = 2, a_src = smem, a_major = k, b_major = k> -> !cute.layout<"(2,(32,32)):(32,(1,64))">
  %c = cute.mma_atom_layout "C" of #cute_nvgpu.tcgen05_mma<kind = f8f6f4, m = 128, n = 64, k = 32, a = f4E2M1FN, b = f8E4M3FN, c = f16, cta_group = 2, a_src = smem, a_major = k, b_major = k> -> !cute.layout<"(2,(64,64)):(64,(1,128))">
  return %t, %a, %b, %c : !cute.layout<"2:1">, !cute.layout<"(2,(64,32)):(64,(1,128))">, !cute.layout<"(2,(32,32)):(32,(1,64))">, !cute.layout<"(2,(64,64)):(64,(1,128))">
}

//===----------------------------------------------------------------------===//
// tcgen05_mma_block_scale (sm_100a)
//===----------------------------------------------------------------------===//

// SM100_MMA_MXF4_SS 128x256x64 (NVFP4: UE4M3 scales per 16): the same
// (1,(M,K)) layouts; CuTe gives these atoms no SFA/SFB thread-value layout
// (the scales live in Tensor Memory).
// CHECK-LABEL: func.func @sm100_nvf4_128x256x64
// CHECK: cute.mma_atom_layout "shape" of #cute_nvgpu.tcgen05_mma_block_scale<kind = mxf4nvf4, m = 128, n = 256, k = 64, a = f4E2M1FN, b = f4E2M1FN, sf = f8E4M3FN, vs = 16, cta_group = 1> -> !cute.shape<"(128,256,64)">
// CHECK: cute.mma_atom_layout "thr" of #cute_nvgpu.tcgen05_mma_block_scale<kind = mxf4nvf4, m = 128, n = 256, k = 64, a = f4E2M1FN, b = f4E2M1FN, sf = f8E4M3FN, vs = 16, cta_group = 1> -> !cute.layout<"1:0">
// CHECK: cute.mma_atom_layout "A" of #cute_nvgpu.tcgen05_mma_block_scale<kind = mxf4nvf4, m = 128, n = 256, k = 64, a = f4E2M1FN, b = f4E2M1FN, sf = f8E4M3FN, vs = 16, cta_group = 1> -> !cute.layout<"(1,(128,64)):(0,(1,128))">
// CHECK: cute.mma_atom_layout "B" of #cute_nvgpu.tcgen05_mma_block_scale<kind = mxf4nvf4, m = 128, n = 256, k = 64, a = f4E2M1FN, b = f4E2M1FN, sf = f8E4M3FN, vs = 16, cta_group = 1> -> !cute.layout<"(1,(256,64)):(0,(1,256))">
// CHECK: cute.mma_atom_layout "C" of #cute_nvgpu.tcgen05_mma_block_scale<kind = mxf4nvf4, m = 128, n = 256, k = 64, a = f4E2M1FN, b = f4E2M1FN, sf = f8E4M3FN, vs = 16, cta_group = 1> -> !cute.layout<"(1,(128,256)):(0,(1,128))">
// CANON-LABEL: func.func @sm100_nvf4_128x256x64
// CANON: cute.static : !cute.shape<"(128,256,64)">
// CANON: cute.static : !cute.layout<"1:0">
// CANON: cute.static : !cute.layout<"(1,(128,64)):(0,(1,128))">
// CANON: cute.static : !cute.layout<"(1,(256,64)):(0,(1,256))">
// CANON: cute.static : !cute.layout<"(1,(128,256)):(0,(1,128))">
func.func @sm100_nvf4_128x256x64() -> (!cute.shape<"(128,256,64)">, !cute.layout<"1:0">, !cute.layout<"(1,(128,64)):(0,(1,128))">, !cute.layout<"(1,(256,64)):(0,(1,256))">, !cute.layout<"(1,(128,256)):(0,(1,128))">) {
  %s = cute.mma_atom_layout "shape" of #cute_nvgpu.tcgen05_mma_block_scale<kind = mxf4nvf4, m = 128, n = 256, k = 64, a = f4E2M1FN, b = f4E2M1FN, sf = f8E4M3FN, vs = 16, cta_group = 1> -> !cute.shape<"(128,256,64)">
  %t = cute.mma_atom_layout "thr" of #cute_nvgpu.tcgen05_mma_block_scale<kind = mxf4nvf4, m = 128, n = 256, k = 64, a = f4E2M1FN, b = f4E2M1FN, sf = f8E4M3FN, vs = 16, cta_group = 1> -> !cute.layout<"1:0">
  %a = cute.mma_atom_layout "A" of #cute_nvgpu.tcgen05_mma_block_scale<kind = mxf4nvf4, m = 128, n = 256, k = 64, a = f4E2M1FN, b = f4E2M1FN, sf = f8E4M3FN, vs = 16, cta_group = 1> -> !cute.layout<"(1,(128,64)):(0,(1,128))">
  %b = cute.mma_atom_layout "B" of #cute_nvgpu.tcgen05_mma_block_scale<kind = mxf4nvf4, m = 128, n = 256, k = 64, a = f4E2M1FN, b = f4E2M1FN, sf = f8E4M3FN, vs = 16, cta_group = 1> -> !cute.layout<"(1,(256,64)):(0,(1,256))">
  %c = cute.mma_atom_layout "C" of #cute_nvgpu.tcgen05_mma_block_scale<kind = mxf4nvf4, m = 128, n = 256, k = 64, a = f4E2M1FN, b = f4E2M1FN, sf = f8E4M3FN, vs = 16, cta_group = 1> -> !cute.layout<"(1,(128,256)):(0,(1,128))">
  return %s, %t, %a, %b, %c : !cute.shape<"(128,256,64)">, !cute.layout<"1:0">, !cute.layout<"(1,(128,64)):(0,(1,128))">, !cute.layout<"(1,(256,64)):(0,(1,256))">, !cute.layout<"(1,(128,256)):(0,(1,128))">
}

// SM100_MMA_MXF8F6F4_2x1SM_SS 256x128x32 (MX: e8m0 per 32) on a CTA pair.
// CHECK-LABEL: func.func @sm100_mxf8_256x128x32_2cta
// CHECK: cute.mma_atom_layout "thr" of #cute_nvgpu.tcgen05_mma_block_scale<kind = mxf8f6f4, m = 256, n = 128, k = 32, a = f8E4M3FN, b = f6E2M3FN, sf = f8E8M0FNU, vs = 32, cta_group = 2> -> !cute.layout<"2:1">
// CHECK: cute.mma_atom_layout "A" of #cute_nvgpu.tcgen05_mma_block_scale<kind = mxf8f6f4, m = 256, n = 128, k = 32, a = f8E4M3FN, b = f6E2M3FN, sf = f8E8M0FNU, vs = 32, cta_group = 2> -> !cute.layout<"(2,(128,32)):(128,(1,256))">
// CHECK: cute.mma_atom_layout "B" of #cute_nvgpu.tcgen05_mma_block_scale<kind = mxf8f6f4, m = 256, n = 128, k = 32, a = f8E4M3FN, b = f6E2M3FN, sf = f8E8M0FNU, vs = 32, cta_group = 2> -> !cute.layout<"(2,(64,32)):(64,(1,128))">
// CHECK: cute.mma_atom_layout "C" of #cute_nvgpu.tcgen05_mma_block_scale<kind = mxf8f6f4, m = 256, n = 128, k = 32, a = f8E4M3FN, b = f6E2M3FN, sf = f8E8M0FNU, vs = 32, cta_group = 2> -> !cute.layout<"(2,(128,128)):(128,(1,256))">
// CANON-LABEL: func.func @sm100_mxf8_256x128x32_2cta
// CANON: cute.static : !cute.layout<"2:1">
// CANON: cute.static : !cute.layout<"(2,(128,32)):(128,(1,256))">
// CANON: cute.static : !cute.layout<"(2,(64,32)):(64,(1,128))">
// CANON: cute.static : !cute.layout<"(2,(128,128)):(128,(1,256))">
func.func @sm100_mxf8_256x128x32_2cta() -> (!cute.layout<"2:1">, !cute.layout<"(2,(128,32)):(128,(1,256))">, !cute.layout<"(2,(64,32)):(64,(1,128))">, !cute.layout<"(2,(128,128)):(128,(1,256))">) {
  %t = cute.mma_atom_layout "thr" of #cute_nvgpu.tcgen05_mma_block_scale<kind = mxf8f6f4, m = 256, n = 128, k = 32, a = f8E4M3FN, b = f6E2M3FN, sf = f8E8M0FNU, vs = 32, cta_group = 2> -> !cute.layout<"2:1">
  %a = cute.mma_atom_layout "A" of #cute_nvgpu.tcgen05_mma_block_scale<kind = mxf8f6f4, m = 256, n = 128, k = 32, a = f8E4M3FN, b = f6E2M3FN, sf = f8E8M0FNU, vs = 32, cta_group = 2> -> !cute.layout<"(2,(128,32)):(128,(1,256))">
  %b = cute.mma_atom_layout "B" of #cute_nvgpu.tcgen05_mma_block_scale<kind = mxf8f6f4, m = 256, n = 128, k = 32, a = f8E4M3FN, b = f6E2M3FN, sf = f8E8M0FNU, vs = 32, cta_group = 2> -> !cute.layout<"(2,(64,32)):(64,(1,128))">
  %c = cute.mma_atom_layout "C" of #cute_nvgpu.tcgen05_mma_block_scale<kind = mxf8f6f4, m = 256, n = 128, k = 32, a = f8E4M3FN, b = f6E2M3FN, sf = f8E8M0FNU, vs = 32, cta_group = 2> -> !cute.layout<"(2,(128,128)):(128,(1,256))">
  return %t, %a, %b, %c : !cute.layout<"2:1">, !cute.layout<"(2,(128,32)):(128,(1,256))">, !cute.layout<"(2,(64,32)):(64,(1,128))">, !cute.layout<"(2,(128,128)):(128,(1,256))">
}

//===----------------------------------------------------------------------===//
// mma_block_scale (sm_120a)
//===----------------------------------------------------------------------===//

// SM120_16x8x64_TN_VS<e2m1, e2m1, f32, ue8m0, 32> (scale_vec::2X;
// CuTe-printed in MmaAtomsTest).
// CHECK-LABEL: func.func @sm120_16x8x64_vs32
// CHECK: cute.mma_atom_layout "shape" of #cute_nvgpu.mma_block_scale<m = 16, n = 8, k = 64, a = f4E2M1FN, b = f4E2M1FN, c = f32, sf = f8E8M0FNU, vs = 32> -> !cute.shape<"(16,8,64)">
// CHECK: cute.mma_atom_layout "thr" of #cute_nvgpu.mma_block_scale<m = 16, n = 8, k = 64, a = f4E2M1FN, b = f4E2M1FN, c = f32, sf = f8E8M0FNU, vs = 32> -> !cute.layout<"32:1">
// CHECK: cute.mma_atom_layout "A" of #cute_nvgpu.mma_block_scale<m = 16, n = 8, k = 64, a = f4E2M1FN, b = f4E2M1FN, c = f32, sf = f8E8M0FNU, vs = 32> -> !cute.layout<"((4,8),(8,2,2)):((128,1),(16,8,512))">
// CHECK: cute.mma_atom_layout "B" of #cute_nvgpu.mma_block_scale<m = 16, n = 8, k = 64, a = f4E2M1FN, b = f4E2M1FN, c = f32, sf = f8E8M0FNU, vs = 32> -> !cute.layout<"((4,8),(8,2)):((64,1),(8,256))">
// CHECK: cute.mma_atom_layout "C" of #cute_nvgpu.mma_block_scale<m = 16, n = 8, k = 64, a = f4E2M1FN, b = f4E2M1FN, c = f32, sf = f8E8M0FNU, vs = 32> -> !cute.layout<"((4,8),(2,2)):((32,1),(16,8))">
// CHECK: cute.mma_atom_layout "SFA" of #cute_nvgpu.mma_block_scale<m = 16, n = 8, k = 64, a = f4E2M1FN, b = f4E2M1FN, c = f32, sf = f8E8M0FNU, vs = 32> -> !cute.layout<"((2,2,8),64):((8,0,1),16)">
// CHECK: cute.mma_atom_layout "SFB" of #cute_nvgpu.mma_block_scale<m = 16, n = 8, k = 64, a = f4E2M1FN, b = f4E2M1FN, c = f32, sf = f8E8M0FNU, vs = 32> -> !cute.layout<"((4,8),64):((0,1),8)">
// CANON-LABEL: func.func @sm120_16x8x64_vs32
// CANON: cute.static : !cute.shape<"(16,8,64)">
// CANON: cute.static : !cute.layout<"32:1">
// CANON: cute.static : !cute.layout<"((4,8),(8,2,2)):((128,1),(16,8,512))">
// CANON: cute.static : !cute.layout<"((4,8),(8,2)):((64,1),(8,256))">
// CANON: cute.static : !cute.layout<"((4,8),(2,2)):((32,1),(16,8))">
// CANON: cute.static : !cute.layout<"((2,2,8),64):((8,0,1),16)">
// CANON: cute.static : !cute.layout<"((4,8),64):((0,1),8)">
func.func @sm120_16x8x64_vs32() -> (!cute.shape<"(16,8,64)">, !cute.layout<"32:1">, !cute.layout<"((4,8),(8,2,2)):((128,1),(16,8,512))">, !cute.layout<"((4,8),(8,2)):((64,1),(8,256))">, !cute.layout<"((4,8),(2,2)):((32,1),(16,8))">, !cute.layout<"((2,2,8),64):((8,0,1),16)">, !cute.layout<"((4,8),64):((0,1),8)">) {
  %s = cute.mma_atom_layout "shape" of #cute_nvgpu.mma_block_scale<m = 16, n = 8, k = 64, a = f4E2M1FN, b = f4E2M1FN, c = f32, sf = f8E8M0FNU, vs = 32> -> !cute.shape<"(16,8,64)">
  %t = cute.mma_atom_layout "thr" of #cute_nvgpu.mma_block_scale<m = 16, n = 8, k = 64, a = f4E2M1FN, b = f4E2M1FN, c = f32, sf = f8E8M0FNU, vs = 32> -> !cute.layout<"32:1">
  %a = cute.mma_atom_layout "A" of #cute_nvgpu.mma_block_scale<m = 16, n = 8, k = 64, a = f4E2M1FN, b = f4E2M1FN, c = f32, sf = f8E8M0FNU, vs = 32> -> !cute.layout<"((4,8),(8,2,2)):((128,1),(16,8,512))">
  %b = cute.mma_atom_layout "B" of #cute_nvgpu.mma_block_scale<m = 16, n = 8, k = 64, a = f4E2M1FN, b = f4E2M1FN, c = f32, sf = f8E8M0FNU, vs = 32> -> !cute.layout<"((4,8),(8,2)):((64,1),(8,256))">
  %c = cute.mma_atom_layout "C" of #cute_nvgpu.mma_block_scale<m = 16, n = 8, k = 64, a = f4E2M1FN, b = f4E2M1FN, c = f32, sf = f8E8M0FNU, vs = 32> -> !cute.layout<"((4,8),(2,2)):((32,1),(16,8))">
  %sfa = cute.mma_atom_layout "SFA" of #cute_nvgpu.mma_block_scale<m = 16, n = 8, k = 64, a = f4E2M1FN, b = f4E2M1FN, c = f32, sf = f8E8M0FNU, vs = 32> -> !cute.layout<"((2,2,8),64):((8,0,1),16)">
  %sfb = cute.mma_atom_layout "SFB" of #cute_nvgpu.mma_block_scale<m = 16, n = 8, k = 64, a = f4E2M1FN, b = f4E2M1FN, c = f32, sf = f8E8M0FNU, vs = 32> -> !cute.layout<"((4,8),64):((0,1),8)">
  return %s, %t, %a, %b, %c, %sfa, %sfb : !cute.shape<"(16,8,64)">, !cute.layout<"32:1">, !cute.layout<"((4,8),(8,2,2)):((128,1),(16,8,512))">, !cute.layout<"((4,8),(8,2)):((64,1),(8,256))">, !cute.layout<"((4,8),(2,2)):((32,1),(16,8))">, !cute.layout<"((2,2,8),64):((8,0,1),16)">, !cute.layout<"((4,8),64):((0,1),8)">
}

// SM120_16x8x64_TN_VS<e2m1, e2m1, f32, ue4m3, 16> (scale_vec::4X, NVFP4):
// CuTe's SFA/SFB layouts do not depend on VS; they map every (thread, k)
// to its element of the tile, the hardware picks one scale per 16.
// CHECK-LABEL: func.func @sm120_16x8x64_vs16
// CHECK: cute.mma_atom_layout "shape" of #cute_nvgpu.mma_block_scale<m = 16, n = 8, k = 64, a = f4E2M1FN, b = f4E2M1FN, c = f32, sf = f8E4M3FN, vs = 16> -> !cute.shape<"(16,8,64)">
// CHECK: cute.mma_atom_layout "thr" of #cute_nvgpu.mma_block_scale<m = 16, n = 8, k = 64, a = f4E2M1FN, b = f4E2M1FN, c = f32, sf = f8E4M3FN, vs = 16> -> !cute.layout<"32:1">
// CHECK: cute.mma_atom_layout "A" of #cute_nvgpu.mma_block_scale<m = 16, n = 8, k = 64, a = f4E2M1FN, b = f4E2M1FN, c = f32, sf = f8E4M3FN, vs = 16> -> !cute.layout<"((4,8),(8,2,2)):((128,1),(16,8,512))">
// CHECK: cute.mma_atom_layout "B" of #cute_nvgpu.mma_block_scale<m = 16, n = 8, k = 64, a = f4E2M1FN, b = f4E2M1FN, c = f32, sf = f8E4M3FN, vs = 16> -> !cute.layout<"((4,8),(8,2)):((64,1),(8,256))">
// CHECK: cute.mma_atom_layout "C" of #cute_nvgpu.mma_block_scale<m = 16, n = 8, k = 64, a = f4E2M1FN, b = f4E2M1FN, c = f32, sf = f8E4M3FN, vs = 16> -> !cute.layout<"((4,8),(2,2)):((32,1),(16,8))">
// CHECK: cute.mma_atom_layout "SFA" of #cute_nvgpu.mma_block_scale<m = 16, n = 8, k = 64, a = f4E2M1FN, b = f4E2M1FN, c = f32, sf = f8E4M3FN, vs = 16> -> !cute.layout<"((2,2,8),64):((8,0,1),16)">
// CHECK: cute.mma_atom_layout "SFB" of #cute_nvgpu.mma_block_scale<m = 16, n = 8, k = 64, a = f4E2M1FN, b = f4E2M1FN, c = f32, sf = f8E4M3FN, vs = 16> -> !cute.layout<"((4,8),64):((0,1),8)">
// CANON-LABEL: func.func @sm120_16x8x64_vs16
// CANON: cute.static : !cute.shape<"(16,8,64)">
// CANON: cute.static : !cute.layout<"32:1">
// CANON: cute.static : !cute.layout<"((4,8),(8,2,2)):((128,1),(16,8,512))">
// CANON: cute.static : !cute.layout<"((4,8),(8,2)):((64,1),(8,256))">
// CANON: cute.static : !cute.layout<"((4,8),(2,2)):((32,1),(16,8))">
// CANON: cute.static : !cute.layout<"((2,2,8),64):((8,0,1),16)">
// CANON: cute.static : !cute.layout<"((4,8),64):((0,1),8)">
func.func @sm120_16x8x64_vs16() -> (!cute.shape<"(16,8,64)">, !cute.layout<"32:1">, !cute.layout<"((4,8),(8,2,2)):((128,1),(16,8,512))">, !cute.layout<"((4,8),(8,2)):((64,1),(8,256))">, !cute.layout<"((4,8),(2,2)):((32,1),(16,8))">, !cute.layout<"((2,2,8),64):((8,0,1),16)">, !cute.layout<"((4,8),64):((0,1),8)">) {
  %s = cute.mma_atom_layout "shape" of #cute_nvgpu.mma_block_scale<m = 16, n = 8, k = 64, a = f4E2M1FN, b = f4E2M1FN, c = f32, sf = f8E4M3FN, vs = 16> -> !cute.shape<"(16,8,64)">
  %t = cute.mma_atom_layout "thr" of #cute_nvgpu.mma_block_scale<m = 16, n = 8, k = 64, a = f4E2M1FN, b = f4E2M1FN, c = f32, sf = f8E4M3FN, vs = 16> -> !cute.layout<"32:1">
  %a = cute.mma_atom_layout "A" of #cute_nvgpu.mma_block_scale<m = 16, n = 8, k = 64, a = f4E2M1FN, b = f4E2M1FN, c = f32, sf = f8E4M3FN, vs = 16> -> !cute.layout<"((4,8),(8,2,2)):((128,1),(16,8,512))">
  %b = cute.mma_atom_layout "B" of #cute_nvgpu.mma_block_scale<m = 16, n = 8, k = 64, a = f4E2M1FN, b = f4E2M1FN, c = f32, sf = f8E4M3FN, vs = 16> -> !cute.layout<"((4,8),(8,2)):((64,1),(8,256))">
  %c = cute.mma_atom_layout "C" of #cute_nvgpu.mma_block_scale<m = 16, n = 8, k = 64, a = f4E2M1FN, b = f4E2M1FN, c = f32, sf = f8E4M3FN, vs = 16> -> !cute.layout<"((4,8),(2,2)):((32,1),(16,8))">
  %sfa = cute.mma_atom_layout "SFA" of #cute_nvgpu.mma_block_scale<m = 16, n = 8, k = 64, a = f4E2M1FN, b = f4E2M1FN, c = f32, sf = f8E4M3FN, vs = 16> -> !cute.layout<"((2,2,8),64):((8,0,1),16)">
  %sfb = cute.mma_atom_layout "SFB" of #cute_nvgpu.mma_block_scale<m = 16, n = 8, k = 64, a = f4E2M1FN, b = f4E2M1FN, c = f32, sf = f8E4M3FN, vs = 16> -> !cute.layout<"((4,8),64):((0,1),8)">
  return %s, %t, %a, %b, %c, %sfa, %sfb : !cute.shape<"(16,8,64)">, !cute.layout<"32:1">, !cute.layout<"((4,8),(8,2,2)):((128,1),(16,8,512))">, !cute.layout<"((4,8),(8,2)):((64,1),(8,256))">, !cute.layout<"((4,8),(2,2)):((32,1),(16,8))">, !cute.layout<"((2,2,8),64):((8,0,1),16)">, !cute.layout<"((4,8),64):((0,1),8)">
}

// SM120_16x8x32_TN_VS<e4m3, e2m1, f32, ue8m0, 32> (kind::mxf8f6f4,
// scale_vec::1X; A/B/C of SM80_16x8x32_S32S8S8S32_TN; CuTe-printed in
// MmaAtomsTest).
// CHECK-LABEL: func.func @sm120_16x8x32
// CHECK: cute.mma_atom_layout "shape" of #cute_nvgpu.mma_block_scale<m = 16, n = 8, k = 32, a = f8E4M3FN, b = f4E2M1FN, c = f32, sf = f8E8M0FNU, vs = 32> -> !cute.shape<"(16,8,32)">
// CHECK: cute.mma_atom_layout "thr" of #cute_nvgpu.mma_block_scale<m = 16, n = 8, k = 32, a = f8E4M3FN, b = f4E2M1FN, c = f32, sf = f8E8M0FNU, vs = 32> -> !cute.layout<"32:1">
// CHECK: cute.mma_atom_layout "A" of #cute_nvgpu.mma_block_scale<m = 16, n = 8, k = 32, a = f8E4M3FN, b = f4E2M1FN, c = f32, sf = f8E8M0FNU, vs = 32> -> !cute.layout<"((4,8),(4,2,2)):((64,1),(16,8,256))">
// CHECK: cute.mma_atom_layout "B" of #cute_nvgpu.mma_block_scale<m = 16, n = 8, k = 32, a = f8E4M3FN, b = f4E2M1FN, c = f32, sf = f8E8M0FNU, vs = 32> -> !cute.layout<"((4,8),(4,2)):((32,1),(8,128))">
// CHECK: cute.mma_atom_layout "C" of #cute_nvgpu.mma_block_scale<m = 16, n = 8, k = 32, a = f8E4M3FN, b = f4E2M1FN, c = f32, sf = f8E8M0FNU, vs = 32> -> !cute.layout<"((4,8),(2,2)):((32,1),(16,8))">
// CHECK: cute.mma_atom_layout "SFA" of #cute_nvgpu.mma_block_scale<m = 16, n = 8, k = 32, a = f8E4M3FN, b = f4E2M1FN, c = f32, sf = f8E8M0FNU, vs = 32> -> !cute.layout<"((2,2,8),32):((8,0,1),16)">
// CHECK: cute.mma_atom_layout "SFB" of #cute_nvgpu.mma_block_scale<m = 16, n = 8, k = 32, a = f8E4M3FN, b = f4E2M1FN, c = f32, sf = f8E8M0FNU, vs = 32> -> !cute.layout<"((4,8),32):((0,1),8)">
// CANON-LABEL: func.func @sm120_16x8x32
// CANON: cute.static : !cute.shape<"(16,8,32)">
// CANON: cute.static : !cute.layout<"32:1">
// CANON: cute.static : !cute.layout<"((4,8),(4,2,2)):((64,1),(16,8,256))">
// CANON: cute.static : !cute.layout<"((4,8),(4,2)):((32,1),(8,128))">
// CANON: cute.static : !cute.layout<"((4,8),(2,2)):((32,1),(16,8))">
// CANON: cute.static : !cute.layout<"((2,2,8),32):((8,0,1),16)">
// CANON: cute.static : !cute.layout<"((4,8),32):((0,1),8)">
// CANON-NOT: cute.mma_atom_layout
func.func @sm120_16x8x32() -> (!cute.shape<"(16,8,32)">, !cute.layout<"32:1">, !cute.layout<"((4,8),(4,2,2)):((64,1),(16,8,256))">, !cute.layout<"((4,8),(4,2)):((32,1),(8,128))">, !cute.layout<"((4,8),(2,2)):((32,1),(16,8))">, !cute.layout<"((2,2,8),32):((8,0,1),16)">, !cute.layout<"((4,8),32):((0,1),8)">) {
  %s = cute.mma_atom_layout "shape" of #cute_nvgpu.mma_block_scale<m = 16, n = 8, k = 32, a = f8E4M3FN, b = f4E2M1FN, c = f32, sf = f8E8M0FNU, vs = 32> -> !cute.shape<"(16,8,32)">
  %t = cute.mma_atom_layout "thr" of #cute_nvgpu.mma_block_scale<m = 16, n = 8, k = 32, a = f8E4M3FN, b = f4E2M1FN, c = f32, sf = f8E8M0FNU, vs = 32> -> !cute.layout<"32:1">
  %a = cute.mma_atom_layout "A" of #cute_nvgpu.mma_block_scale<m = 16, n = 8, k = 32, a = f8E4M3FN, b = f4E2M1FN, c = f32, sf = f8E8M0FNU, vs = 32> -> !cute.layout<"((4,8),(4,2,2)):((64,1),(16,8,256))">
  %b = cute.mma_atom_layout "B" of #cute_nvgpu.mma_block_scale<m = 16, n = 8, k = 32, a = f8E4M3FN, b = f4E2M1FN, c = f32, sf = f8E8M0FNU, vs = 32> -> !cute.layout<"((4,8),(4,2)):((32,1),(8,128))">
  %c = cute.mma_atom_layout "C" of #cute_nvgpu.mma_block_scale<m = 16, n = 8, k = 32, a = f8E4M3FN, b = f4E2M1FN, c = f32, sf = f8E8M0FNU, vs = 32> -> !cute.layout<"((4,8),(2,2)):((32,1),(16,8))">
  %sfa = cute.mma_atom_layout "SFA" of #cute_nvgpu.mma_block_scale<m = 16, n = 8, k = 32, a = f8E4M3FN, b = f4E2M1FN, c = f32, sf = f8E8M0FNU, vs = 32> -> !cute.layout<"((2,2,8),32):((8,0,1),16)">
  %sfb = cute.mma_atom_layout "SFB" of #cute_nvgpu.mma_block_scale<m = 16, n = 8, k = 32, a = f8E4M3FN, b = f4E2M1FN, c = f32, sf = f8E8M0FNU, vs = 32> -> !cute.layout<"((4,8),32):((0,1),8)">
  return %s, %t, %a, %b, %c, %sfa, %sfb : !cute.shape<"(16,8,32)">, !cute.layout<"32:1">, !cute.layout<"((4,8),(4,2,2)):((64,1),(16,8,256))">, !cute.layout<"((4,8),(4,2)):((32,1),(8,128))">, !cute.layout<"((4,8),(2,2)):((32,1),(16,8))">, !cute.layout<"((2,2,8),32):((8,0,1),16)">, !cute.layout<"((4,8),32):((0,1),8)">
}
