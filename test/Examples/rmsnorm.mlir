// RMSNorm, written once for any column count: the generic kernel moves x,
// w and y element by element (2-byte pointers), reduces with warp shuffles
// and shared memory and takes one rsqrt per row; its clone for 16-byte
// pointers and cols % 16 == 0 (cute-specialize) moves them 128 bits at a
// time on full tiles.
// RUN: cute-opt %cute_src/examples/rmsnorm/kernel.mlir --cute-compile="chip=sm_90a" | FileCheck %s
// CHECK: .entry rmsnorm_bf16(
// CHECK-NOT: .global.v4
// CHECK-SAME: shfl.sync.bfly.b32
// CHECK-SAME: bar.sync
// CHECK-SAME: rsqrt.approx.f32
// CHECK-SAME: st.global.b16
// CHECK-SAME: .entry rmsnorm_bf16__aligned16(
// CHECK-SAME: ld.global.v4.b32
// CHECK-SAME: st.global.v4.b32
