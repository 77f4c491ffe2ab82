// The MMA atoms through --cute-compile and ptxas: mma.sync m16n8k16 bf16
// on all three chips (16 A/B loads packed into 4 + 2 b32 registers, one
// instruction, C stored), and the wgmma examples on sm_90a (one
// wgmma.mma_async per K block between wgmma.fence and commit/wait). wgmma
// on sm_100a is rejected by cute-verify-kernel's chip rule.
// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: cute-opt %S/Inputs/mma-sync-16816.mlir --cute-compile="chip=sm_90a format=cubin output-dir=%t" -o /dev/null
// RUN: cute-opt %S/Inputs/mma-sync-16816.mlir --cute-compile="chip=sm_100a format=cubin output-dir=%t" -o /dev/null
// RUN: cute-opt %S/Inputs/mma-sync-16816.mlir --cute-compile="chip=sm_120a format=cubin output-dir=%t" -o /dev/null
// RUN: FileCheck %s --check-prefix=SYNC < %t/m.sm_90a.ptx
// RUN: FileCheck %s --check-prefix=SYNC < %t/m.sm_100a.ptx
// RUN: FileCheck %s --check-prefix=SYNC < %t/m.sm_120a.ptx
// RUN: cute-opt %cute_src/examples/mma-atoms/kernel.mlir --cute-compile="chip=sm_90a format=cubin output-dir=%t" -o /dev/null
// RUN: FileCheck %s --check-prefix=WG < %t/mma_atoms.sm_90a.ptx
// RUN: not cute-opt %cute_src/examples/mma-atoms/kernel.mlir --cute-compile="chip=sm_100a" -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOWG

// SYNC-LABEL: .entry mma16816(
// SYNC-COUNT-6: ld.global.b32
// SYNC: mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32
// SYNC-NEXT: {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}},
// SYNC-NEXT: {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}},
// SYNC-NEXT: {%r{{[0-9]+}}, %r{{[0-9]+}}},
// SYNC-NOT: mma.sync
// SYNC: st.global.v2.b32
// SYNC: st.global.v2.b32
// SYNC: ret;

// WG-LABEL: .entry wgmma_bf16(
// WG: fence.proxy.async.shared::cta;
// WG: wgmma.fence.sync.aligned;
// WG-COUNT-4: wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16
// WG: wgmma.commit_group.sync.aligned;
// WG-NEXT: wgmma.wait_group.sync.aligned {{[ \t]*}}0;
// WG-LABEL: .entry wgmma_e4m3(
// WG: wgmma.fence.sync.aligned;
// WG-COUNT-4: wgmma.mma_async.sync.aligned.m64n128k32.f32.e4m3.e4m3
// WG: wgmma.commit_group.sync.aligned;

// NOWG: 'cute.gemm' op with wgmma: wgmma runs on sm_90a only; sm_100a has none
