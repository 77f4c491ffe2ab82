// SwiGLU: bf16 in and out, 128-bit accesses, f32 math with one exp per element.
// RUN: cute-opt %cute_src/examples/swiglu/kernel.mlir --cute-compile="chip=sm_90a" | FileCheck %s
// RUN: cute-opt %cute_src/examples/swiglu/kernel.mlir --cute-compile="chip=sm_120a" | FileCheck %s
// CHECK: .entry swiglu_bf16(
// CHECK-SAME: ld.global.v4.b32
// CHECK-SAME: ex2.approx
// CHECK-SAME: st.global.v4.b32
