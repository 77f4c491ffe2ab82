// cute-lower-narrow-floats per chip: the cvt instructions where the chip has
// them (f8 on all three chips; f6, f4 and E8M0 on sm_100a and sm_120a), two
// elements per instruction, and integer sequences elsewhere; hardware=false
// uses integer sequences only (the CPU test, cpu-exhaustive.mlir, runs them).
// RUN: cute-opt %s --cute-lower-narrow-floats=chip=sm_90a | FileCheck %s --check-prefixes=CHECK,F8HW,SOFT
// RUN: cute-opt %s --cute-lower-narrow-floats=chip=sm_100a | FileCheck %s --check-prefixes=CHECK,F8HW,BW
// RUN: cute-opt %s --cute-lower-narrow-floats=chip=sm_120a | FileCheck %s --check-prefixes=CHECK,F8HW,BW
// RUN: cute-opt %s --cute-lower-narrow-floats=hardware=false | FileCheck %s --check-prefixes=CHECK,SOFT,CPU
// No Blackwell-only cvt on sm_90a, no cvt at all with hardware=false:
// RUN: cute-opt %s --cute-lower-narrow-floats=chip=sm_90a | FileCheck %s --check-prefix=NOBW
// RUN: cute-opt %s --cute-lower-narrow-floats=hardware=false | FileCheck %s --check-prefix=NOHW
// NOBW-NOT: f6x2
// NOBW-NOT: f4x2
// NOBW-NOT: (f8E8M0FNU)
// NOHW-NOT: nvvm.

// f8 pairs through cvt.rn.f16x2.e4m3x2, then exactly to f32.
// CHECK-LABEL: func.func @ext_e4m3_f32
// F8HW:      %[[B:.*]] = arith.bitcast %{{.*}} : vector<4xf8E4M3FN> to vector<4xi8>
// F8HW:      %[[P0:.*]] = vector.shuffle %[[B]], %[[B]] [0, 1]
// F8HW:      nvvm.convert.f8x2.to.f16x2 %[[P0]] : vector<2xi8>(f8E4M3FN) -> vector<2xf16>
// F8HW:      %[[P1:.*]] = vector.shuffle %[[B]], %[[B]] [2, 3]
// F8HW:      nvvm.convert.f8x2.to.f16x2 %[[P1]] : vector<2xi8>(f8E4M3FN) -> vector<2xf16>
// F8HW:      %[[H:.*]] = vector.from_elements %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : vector<4xf16>
// F8HW:      arith.extf %[[H]] : vector<4xf16> to vector<4xf32>
// The integer decode: the normal path rebiases (127 - 7) << 23, the
// subnormal one subtracts 2^-6 from 1.m * 2^-6; NaN codes (0x7F, 0xFF) give
// the canonical NaN.
// CPU:       arith.extui %{{.*}} : vector<4xi8> to vector<4xi32>
// CPU:       arith.constant dense<127> : vector<4xi32>
// CPU:       arith.constant dense<1006632960> : vector<4xi32>
// CPU:       arith.subf
// CPU:       arith.constant dense<2147483647> : vector<4xi32>
// CHECK:     return
func.func @ext_e4m3_f32(%a: vector<4xf8E4M3FN>) -> vector<4xf32> {
  %0 = arith.extf %a : vector<4xf8E4M3FN> to vector<4xf32>
  return %0 : vector<4xf32>
}

// f4: element 2i in the low nibble of the cvt.rn.f16x2.e2m1x2 byte.
// CHECK-LABEL: func.func @ext_e2m1_f32
// BW:        %[[C:.*]] = arith.bitcast %{{.*}} : vector<4xf4E2M1FN> to vector<4xi4>
// BW:        %[[P:.*]] = vector.shuffle %[[C]], %[[C]] [0, 1]
// BW:        %[[E:.*]] = arith.extui %[[P]] : vector<2xi4> to vector<2xi8>
// BW:        %[[LO:.*]] = vector.extract %[[E]][0]
// BW:        %[[HI:.*]] = vector.extract %[[E]][1]
// BW:        %[[SH:.*]] = arith.shli %[[HI]], %{{.*}} : i8
// BW:        %[[BYTE:.*]] = arith.ori %[[LO]], %[[SH]] : i8
// BW:        nvvm.convert.f4x2.to.f16x2 %[[BYTE]] : i8(f4E2M1FN) -> vector<2xf16>
// BW:        nvvm.convert.f4x2.to.f16x2
// BW:        arith.extf %{{.*}} : vector<4xf16> to vector<4xf32>
// SOFT:      arith.extui %{{.*}} : vector<4xi4> to vector<4xi32>
// SOFT:      arith.subf
// SOFT-NOT:  2147483647
// CHECK:     return
func.func @ext_e2m1_f32(%a: vector<4xf4E2M1FN>) -> vector<4xf32> {
  %0 = arith.extf %a : vector<4xf4E2M1FN> to vector<4xf32>
  return %0 : vector<4xf32>
}

// A scalar is paired with itself; f6 codes sit one per byte.
// CHECK-LABEL: func.func @ext_e3m2_bf16
// BW:        %[[C:.*]] = arith.bitcast %{{.*}} : f6E3M2FN to i6
// BW:        %[[P:.*]] = vector.broadcast %[[C]] : i6 to vector<2xi6>
// BW:        %[[E:.*]] = arith.extui %[[P]] : vector<2xi6> to vector<2xi8>
// BW:        %[[H:.*]] = nvvm.convert.f6x2.to.f16x2 %[[E]] : vector<2xi8>(f6E3M2FN) -> vector<2xf16>
// BW:        %[[H0:.*]] = vector.extract %[[H]][0] : f16 from vector<2xf16>
// BW:        %[[F:.*]] = arith.extf %[[H0]] : f16 to f32
// BW:        arith.truncf %[[F]] : f32 to bf16
// SOFT:      arith.extui %{{.*}} : i6 to i32
// SOFT:      arith.truncf %{{.*}} : f32 to bf16
// CHECK:     return
func.func @ext_e3m2_bf16(%a: f6E3M2FN) -> bf16 {
  %0 = arith.extf %a : f6E3M2FN to bf16
  return %0 : bf16
}

// E8M0 to f32 is the exponent field on every chip: code << 23, 0 -> 2^-127
// (0x00400000), 0xFF -> NaN.
// CHECK-LABEL: func.func @ext_e8m0_f32
// CHECK:     %[[C:.*]] = arith.extui %{{.*}} : i8 to i32
// CHECK:     %[[S:.*]] = arith.shli %[[C]], %c23_i32 : i32
// CHECK:     %[[Z:.*]] = arith.cmpi eq, %[[C]], %c0_i32 : i32
// CHECK:     %[[R:.*]] = arith.select %[[Z]], %c4194304_i32, %[[S]] : i32
// CHECK:     %[[N:.*]] = arith.cmpi eq, %[[C]], %c255_i32 : i32
// CHECK:     arith.select %[[N]], %c2147483647_i32, %[[R]] : i32
func.func @ext_e8m0_f32(%a: f8E8M0FNU) -> f32 {
  %0 = arith.extf %a : f8E8M0FNU to f32
  return %0 : f32
}

// E8M0 to bf16: cvt.rn.bf16x2.ue8m0x2 on Blackwell; a 2-D vector is
// flattened and restored.
// CHECK-LABEL: func.func @ext_e8m0_bf16
// BW:        %[[F:.*]] = vector.shape_cast %{{.*}} : vector<2x2xi8> to vector<4xi8>
// BW-COUNT-2: nvvm.convert.f8x2.to.bf16x2 %{{.*}} : vector<2xi8>(f8E8M0FNU) -> vector<2xbf16>
// BW:        vector.shape_cast %{{.*}} : vector<4xbf16> to vector<2x2xbf16>
// SOFT:      %[[C:.*]] = arith.extui %{{.*}} : vector<2x2xi8> to vector<2x2xi32>
// SOFT:      arith.shli %[[C]], %{{.*}} : vector<2x2xi32>
// SOFT:      arith.constant dense<64> : vector<2x2xi32>
// SOFT:      arith.constant dense<32767> : vector<2x2xi32>
// SOFT:      arith.trunci %{{.*}} : vector<2x2xi32> to vector<2x2xi16>
// CHECK:     return
func.func @ext_e8m0_bf16(%a: vector<2x2xf8E8M0FNU>) -> vector<2x2xbf16> {
  %0 = arith.extf %a : vector<2x2xf8E8M0FNU> to vector<2x2xbf16>
  return %0 : vector<2x2xbf16>
}

// PTX converts operand a into the upper byte: element 2i+1 is a. An odd
// last element is paired with itself and only its low half kept.
// CHECK-LABEL: func.func @trunc_f32_e4m3
// F8HW:      %[[P0:.*]] = vector.shuffle %[[X:.*]], %[[X]] [0, 1]
// F8HW:      %[[A0:.*]] = vector.extract %[[P0]][1] : f32 from vector<2xf32>
// F8HW:      %[[B0:.*]] = vector.extract %[[P0]][0] : f32 from vector<2xf32>
// F8HW:      %[[R0:.*]] = nvvm.convert.f32x2.to.f8x2 %[[A0]], %[[B0]] {rnd = #nvvm.fp_rnd_mode<rn>, sat = #nvvm.sat_mode<satfinite>} : vector<2xi8>(f8E4M3FN)
// F8HW:      %[[E0:.*]] = vector.extract %[[R0]][0] : i8 from vector<2xi8>
// F8HW:      %[[E1:.*]] = vector.extract %[[R0]][1] : i8 from vector<2xi8>
// F8HW:      %[[P1:.*]] = vector.shuffle %[[X]], %[[X]] [2, 2]
// F8HW:      %[[R1:.*]] = nvvm.convert.f32x2.to.f8x2
// F8HW:      %[[E2:.*]] = vector.extract %[[R1]][0] : i8 from vector<2xi8>
// F8HW:      %[[V:.*]] = vector.from_elements %[[E0]], %[[E1]], %[[E2]] : vector<3xi8>
// F8HW:      arith.bitcast %[[V]] : vector<3xi8> to vector<3xf8E4M3FN>
// The integer encode saturates at 448.0 (0x43E00000) to 0x7E and gives NaN
// 0x7F.
// CPU:       arith.constant dense<1138753536> : vector<3xi32>
// CPU:       arith.constant dense<126> : vector<3xi32>
// CPU:       arith.constant dense<2139095040> : vector<3xi32>
// CPU:       arith.constant dense<127> : vector<3xi32>
// CPU:       arith.trunci %{{.*}} : vector<3xi32> to vector<3xi8>
// CHECK:     return
func.func @trunc_f32_e4m3(%a: vector<3xf32>) -> vector<3xf8E4M3FN> {
  %0 = arith.truncf %a : vector<3xf32> to vector<3xf8E4M3FN>
  return %0 : vector<3xf8E4M3FN>
}

// f16 pairs go to cvt.rn.satfinite.e5m2x2.f16x2 directly (a two-element
// vector is its own pair).
// CHECK-LABEL: func.func @trunc_f16_e5m2
// F8HW:      nvvm.convert.f16x2.to.f8x2 %arg0 : vector<2xf16> -> vector<2xi8>(f8E5M2)
// CPU:       arith.extf %arg0 : vector<2xf16> to vector<2xf32>
// CPU:       arith.constant dense<1197473792> : vector<2xi32>
// CHECK:     return
func.func @trunc_f16_e5m2(%a: vector<2xf16>) -> vector<2xf8E5M2> {
  %0 = arith.truncf %a : vector<2xf16> to vector<2xf8E5M2>
  return %0 : vector<2xf8E5M2>
}

// bf16 has no f8 cvt in PTX 8.8: widened to f32 first.
// CHECK-LABEL: func.func @trunc_bf16_e4m3
// F8HW:      %[[W:.*]] = arith.extf %arg0 : vector<2xbf16> to vector<2xf32>
// F8HW:      vector.extract %[[W]][1]
// F8HW:      nvvm.convert.f32x2.to.f8x2
func.func @trunc_bf16_e4m3(%a: vector<2xbf16>) -> vector<2xf8E4M3FN> {
  %0 = arith.truncf %a : vector<2xbf16> to vector<2xf8E4M3FN>
  return %0 : vector<2xf8E4M3FN>
}

// f4: cvt.rn.satfinite.e2m1x2.f32 puts element 2i in the low nibble.
// CHECK-LABEL: func.func @trunc_f32_e2m1
// BW:        %[[A:.*]] = vector.extract %arg0[1] : f32 from vector<2xf32>
// BW:        %[[B:.*]] = vector.extract %arg0[0] : f32 from vector<2xf32>
// BW:        %[[BYTE:.*]] = nvvm.convert.f32x2.to.f4x2 %[[A]], %[[B]] : i8(f4E2M1FN)
// BW:        %[[LO:.*]] = arith.trunci %[[BYTE]] : i8 to i4
// BW:        %[[SH:.*]] = arith.shrui %[[BYTE]], %{{.*}} : i8
// BW:        %[[HI:.*]] = arith.trunci %[[SH]] : i8 to i4
// BW:        vector.from_elements %[[LO]], %[[HI]] : vector<2xi4>
// Saturation at 6.0 (0x40C00000) to 7; NaN also gives 7.
// SOFT:      arith.constant dense<1086324736> : vector<2xi32>
// SOFT:      arith.constant dense<7> : vector<2xi32>
// SOFT:      arith.trunci %{{.*}} : vector<2xi32> to vector<2xi4>
// CHECK:     return
func.func @trunc_f32_e2m1(%a: vector<2xf32>) -> vector<2xf4E2M1FN> {
  %0 = arith.truncf %a : vector<2xf32> to vector<2xf4E2M1FN>
  return %0 : vector<2xf4E2M1FN>
}

// CHECK-LABEL: func.func @trunc_f32_e2m3
// BW:        nvvm.convert.f32x2.to.f6x2 %{{.*}}, %{{.*}} : vector<2xi8>(f6E2M3FN)
// BW:        arith.trunci %{{.*}} : vector<2xi8> to vector<2xi6>
// SOFT:      arith.constant 1089470464 : i32
// SOFT:      arith.trunci %{{.*}} : i32 to i6
// CHECK:     return
func.func @trunc_f32_e2m3(%a: f32) -> f6E2M3FN {
  %0 = arith.truncf %a : f32 to f6E2M3FN
  return %0 : f6E2M3FN
}

// E8M0 to nearest (ties up) has no cvt: integer everywhere. 0x400000 and
// 0x600000 are the ties of normal and subnormal inputs; negatives give 0.
// CHECK-LABEL: func.func @trunc_f32_e8m0
// CHECK-NOT: nvvm
// CHECK:     arith.cmpi uge, %{{.*}}, %c4194304_i32 : i32
// CHECK:     arith.cmpi uge, %{{.*}}, %c6291456_i32 : i32
// CHECK:     arith.minui %{{.*}}, %c254_i32 : i32
// CHECK:     arith.cmpi ugt, %{{.*}}, %c-2147483648_i32 : i32
// CHECK:     arith.select %{{.*}}, %c255_i32, %{{.*}} : i32
// CHECK:     return
func.func @trunc_f32_e8m0(%a: f32) -> f8E8M0FNU {
  %0 = arith.truncf %a : f32 to f8E8M0FNU
  return %0 : f8E8M0FNU
}

// CHECK-LABEL: func.func @trunc_f32_e8m0_rz
// BW:        nvvm.convert.f32x2.to.f8x2 %{{.*}}, %{{.*}} {rnd = #nvvm.fp_rnd_mode<rz>, sat = #nvvm.sat_mode<satfinite>} : vector<2xi8>(f8E8M0FNU)
// SOFT:      %[[E:.*]] = arith.shrui
// SOFT:      arith.minui %[[E]], %{{.*}} : vector<2xi32>
// CHECK:     return
func.func @trunc_f32_e8m0_rz(%a: vector<2xf32>) -> vector<2xf8E8M0FNU> {
  %0 = arith.truncf %a toward_zero : vector<2xf32> to vector<2xf8E8M0FNU>
  return %0 : vector<2xf8E8M0FNU>
}

// CHECK-LABEL: func.func @trunc_bf16_e8m0_rp
// BW:        nvvm.convert.bf16x2.to.f8x2 %arg0 {rnd = #nvvm.fp_rnd_mode<rp>, sat = #nvvm.sat_mode<satfinite>} : vector<2xbf16> -> vector<2xi8>(f8E8M0FNU)
// SOFT:      arith.extf %arg0 : vector<2xbf16> to vector<2xf32>
// SOFT:      arith.cmpi ugt, %{{.*}}, %{{.*}} : vector<2xi32>
// CHECK:     return
func.func @trunc_bf16_e8m0_rp(%a: vector<2xbf16>) -> vector<2xf8E8M0FNU> {
  %0 = arith.truncf %a upward : vector<2xbf16> to vector<2xf8E8M0FNU>
  return %0 : vector<2xf8E8M0FNU>
}

// Narrow to narrow goes through f32 (exact).
// CHECK-LABEL: func.func @ext_e2m1_e4m3
// BW:        nvvm.convert.f4x2.to.f16x2
// BW:        arith.extf %{{.*}} : f16 to f32
// F8HW:      nvvm.convert.f32x2.to.f8x2
// CHECK:     return
func.func @ext_e2m1_e4m3(%a: f4E2M1FN) -> f8E4M3FN {
  %0 = arith.extf %a : f4E2M1FN to f8E4M3FN
  return %0 : f8E4M3FN
}

// Bitcasts, constants and selects on narrow floats are left alone.
// CHECK-LABEL: func.func @untouched
// CHECK:     arith.constant dense<1.000000e+00> : vector<2xf8E4M3FN>
// CHECK:     arith.select %arg0, %{{.*}}, %{{.*}} : vector<2xf8E4M3FN>
func.func @untouched(%c: i1, %a: vector<2xf8E4M3FN>) -> vector<2xf8E4M3FN> {
  %one = arith.constant dense<1.0> : vector<2xf8E4M3FN>
  %0 = arith.select %c, %a, %one : vector<2xf8E4M3FN>
  return %0 : vector<2xf8E4M3FN>
}

// An exact truncf of an extf (e4m3 -> f32 -> f16: every e4m3 value is an
// f16) is one extf to f16: one cvt per pair, no detour through f32. E8M0
// to f16 is not exact (2^127 overflows f16) and keeps its two steps.
// CHECK-LABEL: func.func @ext_e4m3_via_f32_to_f16
// F8HW:        nvvm.convert.f8x2.to.f16x2
// F8HW-NOT:    vector<4xf32>
// F8HW:        return
func.func @ext_e4m3_via_f32_to_f16(%x: vector<4xf8E4M3FN>) -> vector<4xf16> {
  %f = arith.extf %x : vector<4xf8E4M3FN> to vector<4xf32>
  %h = arith.truncf %f : vector<4xf32> to vector<4xf16>
  return %h : vector<4xf16>
}
// CHECK-LABEL: func.func @ext_e8m0_via_f32_to_f16
// CHECK:       arith.truncf %{{.*}} : vector<2xf32> to vector<2xf16>
func.func @ext_e8m0_via_f32_to_f16(%x: vector<2xf8E8M0FNU>) -> vector<2xf16> {
  %f = arith.extf %x : vector<2xf8E8M0FNU> to vector<2xf32>
  %h = arith.truncf %f : vector<2xf32> to vector<2xf16>
  return %h : vector<2xf16>
}
