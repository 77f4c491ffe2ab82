// Row softmax, written once: the generic kernel (2-byte pointers, any column
// count) moves bf16 element by element; its clone for 16-byte pointers and
// cols % 16 == 0 moves them 128 bits at a time on full tiles. Both take the
// row max with NaN-propagating max (max.NaN) and warp shuffles plus shared
// memory, and compute exp as ex2.approx of a scaled input.
// RUN: cute-opt %cute_src/examples/softmax/kernel.mlir --cute-compile="chip=sm_90a" | FileCheck %s
// CHECK: .entry softmax_bf16(
// CHECK-NOT: .global.v4
// CHECK-SAME: ex2.approx.f32
// CHECK-SAME: max.NaN.f32
// CHECK-SAME: shfl.sync.bfly.b32
// CHECK-SAME: bar.sync
// CHECK-SAME: st.global.b16
// CHECK-SAME: .entry softmax_bf16__aligned16(
// CHECK-SAME: ld.global.v4.b32
// CHECK-SAME: st.global.v4.b32
