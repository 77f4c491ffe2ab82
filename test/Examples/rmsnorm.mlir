// RMSNorm: the aligned kernel moves x and w 128 bits at a time, reduces
// with warp shuffles and shared memory, and takes one rsqrt per row. The
// unaligned kernel stores y element by element; its clone for cols % 16 == 0
// (cute-specialize) stores it 128 bits at a time again.
// RUN: cute-opt %cute_src/examples/rmsnorm/kernel.mlir --cute-compile="chip=sm_90a" | FileCheck %s
// CHECK: .entry rmsnorm_bf16(
// CHECK-SAME: ld.global.v4.b32
// CHECK-SAME: shfl.sync.bfly.b32
// CHECK-SAME: bar.sync
// CHECK-SAME: rsqrt.approx.f32
// CHECK-SAME: st.global.v4.b32
// CHECK-SAME: .entry rmsnorm_bf16_unaligned(
// CHECK-NOT: st.global.v4
// CHECK-SAME: .entry rmsnorm_bf16_unaligned__aligned16(
// CHECK-SAME: ld.global.v4.b32
// CHECK-SAME: st.global.v4.b32
