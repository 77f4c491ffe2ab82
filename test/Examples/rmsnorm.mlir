// RMSNorm: the aligned kernel moves x and w 128 bits at a time, reduces
// with warp shuffles and shared memory, and takes one rsqrt per row.
// RUN: cute-opt %cute_src/examples/rmsnorm/kernel.mlir --cute-compile="chip=sm_90a" | FileCheck %s
// CHECK: .entry rmsnorm_bf16(
// CHECK-SAME: ld.global.v4.b32
// CHECK-SAME: shfl.sync.bfly.b32
// CHECK-SAME: bar.sync
// CHECK-SAME: rsqrt.approx.f32
// CHECK-SAME: st.global.v4.b32
// CHECK-SAME: .entry rmsnorm_bf16_unaligned(

// The register-resident variant keeps the row in registers: its marked
// loops are unrolled (cute-unroll-loops), so no local memory is used.
// RUN: rm -rf %t && mkdir -p %t
// RUN: cute-opt %cute_src/examples/rmsnorm/kernel.mlir --cute-compile="chip=sm_90a output-dir=%t" -o /dev/null
// RUN: FileCheck %s --check-prefix=REGS < %t/rmsnorm.sm_90a.ptx
// REGS-LABEL: .entry rmsnorm_bf16_regs(
// REGS-NOT: .local
// REGS: ld.global.v4.b32
// REGS-NOT: .local
// REGS: {{^}}}
