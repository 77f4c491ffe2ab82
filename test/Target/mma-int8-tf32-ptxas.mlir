// The integer mma.sync and tf32 wgmma atoms through --cute-compile and
// ptxas. mma.sync m16n8k32 s8/u8 -> s32 (sm_80+) on all three chips: four
// b32 A and two b32 B registers of four bytes each, four s32 accumulators,
// one instruction per k-block, no .satfinite (CuTe's
// SM80_16x8x32_S32S8S8S32_TN wraps; PTX ISA "mma": .satfinite is
// optional). wgmma m64n64k8 tf32 (sm_90a): four k-blocks of a 128-byte
// swizzled K-major f32 tile; on sm_100a cute-verify-kernel rejects it.
// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: cute-opt %S/Inputs/mma-sync-int8.mlir --cute-compile="chip=sm_90a format=cubin output-dir=%t" -o /dev/null
// RUN: cute-opt %S/Inputs/mma-sync-int8.mlir --cute-compile="chip=sm_100a format=cubin output-dir=%t" -o /dev/null
// RUN: cute-opt %S/Inputs/mma-sync-int8.mlir --cute-compile="chip=sm_120a format=cubin output-dir=%t" -o /dev/null
// RUN: FileCheck %s --check-prefix=I8 < %t/m.sm_90a.ptx
// RUN: FileCheck %s --check-prefix=I8 < %t/m.sm_100a.ptx
// RUN: FileCheck %s --check-prefix=I8 < %t/m.sm_120a.ptx
// RUN: cute-opt %S/Inputs/wgmma-tf32.mlir --cute-compile="chip=sm_90a format=cubin output-dir=%t" -o /dev/null
// RUN: FileCheck %s --check-prefix=TF32 < %t/w.sm_90a.ptx
// RUN: not cute-opt %S/Inputs/wgmma-tf32.mlir --cute-compile="chip=sm_100a" -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOWG

// I8-NOT: satfinite
// I8-LABEL: .entry s8s8(
// I8: mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32
// I8-NEXT: {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}},
// I8-NEXT: {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}},
// I8-NEXT: {%r{{[0-9]+}}, %r{{[0-9]+}}},
// I8-NEXT: {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}};
// I8: mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32
// I8-NOT: mma.sync
// I8: ret;
// I8-LABEL: .entry u8s8(
// I8: mma.sync.aligned.m16n8k32.row.col.s32.u8.s8.s32
// I8: mma.sync.aligned.m16n8k32.row.col.s32.u8.u8.s32
// I8-NOT: mma.sync
// I8: ret;

// TF32-LABEL: .entry wgmma_tf32(
// TF32: wgmma.fence.sync.aligned;
// TF32-COUNT-4: wgmma.mma_async.sync.aligned.m64n64k8.f32.tf32.tf32
// TF32-NOT: wgmma.mma_async
// TF32: wgmma.commit_group.sync.aligned;
// TF32-NEXT: wgmma.wait_group.sync.aligned {{[ \t]*}}0;

// NOWG: 'cute.gemm' op with wgmma: wgmma runs on sm_90a only; sm_100a has none (use tcgen05_mma)
