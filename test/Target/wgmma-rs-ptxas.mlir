// The register-A wgmma kernels of examples/mma-atoms through --cute-compile
// and ptxas on sm_90a: S = A B^T with SS wgmma m64n128, P converted in
// registers (bf16: 32 cvt.rn.bf16x2.f32 on the accumulators, no shuffle;
// e4m3: 32 cvt.rn.satfinite.e4m3x2.f32, 16 shfl.sync, 16 prmt.b32), then the
// inline-PTX RS wgmma m64n64 (k16 bf16 with imm-trans-b 1 for the MN-major
// V, k32 e4m3 without imm-trans-b) reading four b32 A registers. No PTX
// local memory in either kernel, and with 16-byte aligned operands ptxas
// keeps everything in registers (no spills).
// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: cute-opt %cute_src/examples/mma-atoms/kernel.mlir --cute-compile="chip=sm_90a format=cubin output-dir=%t" -o /dev/null
// RUN: FileCheck %s < %t/mma_atoms.sm_90a.ptx
// RUN: %ptxas -arch=sm_90a -v %t/mma_atoms.sm_90a.ptx -o %t/v.cubin 2>&1 | FileCheck %s --check-prefix=REG16
// RUN: %ptxas -arch=sm_90a -v %t/mma_atoms.sm_90a.ptx -o %t/v.cubin 2>&1 | FileCheck %s --check-prefix=REG8

// CHECK-LABEL: .entry wgmma_rs_bf16(
// CHECK-NOT: .local
// CHECK-COUNT-4: wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16
// CHECK: wgmma.wait_group.sync.aligned {{[ \t]*}}0;
// CHECK: fence.proxy.async.shared::cta;
// CHECK-NOT: shfl.sync
// CHECK-COUNT-32: cvt.rn.bf16x2.f32
// CHECK-NOT: shfl.sync
// CHECK: wgmma.fence.sync.aligned;
// CHECK-COUNT-8: wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16 {{.*}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, %rd{{[0-9]+}}, p, 1, 1, 1;
// CHECK-NOT: wgmma.mma_async
// CHECK: wgmma.commit_group.sync.aligned;
// CHECK-NEXT: wgmma.wait_group.sync.aligned {{[ \t]*}}0;

// CHECK-LABEL: .entry wgmma_rs_bf16__aligned16(
// CHECK-COUNT-8: wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16

// CHECK-LABEL: .entry wgmma_rs_e4m3(
// CHECK-NOT: .local
// CHECK-COUNT-4: wgmma.mma_async.sync.aligned.m64n128k32.f32.e4m3.e4m3
// CHECK: wgmma.wait_group.sync.aligned {{[ \t]*}}0;
// CHECK: mov.u32 {{.*}}%laneid;
// CHECK-COUNT-4: cvt.rn.satfinite.e4m3x2.f32
// CHECK-COUNT-2: shfl.sync.idx.b32
// CHECK-COUNT-2: prmt.b32
// CHECK: wgmma.fence.sync.aligned;
// CHECK-COUNT-4: wgmma.mma_async.sync.aligned.m64n64k32.f32.e4m3.e4m3 {{.*}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, %rd{{[0-9]+}}, p, 1, 1;
// CHECK-NOT: wgmma.mma_async
// CHECK: wgmma.commit_group.sync.aligned;

// CHECK-LABEL: .entry wgmma_rs_e4m3__aligned16(
// CHECK-COUNT-4: wgmma.mma_async.sync.aligned.m64n64k32.f32.e4m3.e4m3

// REG16: Compiling entry function 'wgmma_rs_bf16__aligned16' for 'sm_90a'
// REG16-NEXT: Function properties for wgmma_rs_bf16__aligned16
// REG16-NEXT: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// REG8: Compiling entry function 'wgmma_rs_e4m3__aligned16' for 'sm_90a'
// REG8-NEXT: Function properties for wgmma_rs_e4m3__aligned16
// REG8-NEXT: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
