// The tcgen05.mma lowering through --cute-compile and ptxas for sm_100a
// (test/Target/Inputs/tcgen05-gemm.mlir: one CTA kind::f16, the CTA pair
// cta_group::2 on a cluster of 2, and block-scaled NVFP4 with its scale
// factors copied to Tensor Memory); not run: no GPU here executes sm_100a
// code. On sm_90a and sm_120a cute-verify-kernel rejects the atoms.
// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: cute-opt %S/Inputs/tcgen05-gemm.mlir --cute-compile="chip=sm_100a format=cubin output-dir=%t" -o /dev/null
// RUN: test -s %t/tcgen05.sm_100a.cubin
// RUN: FileCheck %s < %t/tcgen05.sm_100a.ptx
// RUN: not cute-opt %S/Inputs/tcgen05-gemm.mlir --cute-compile="chip=sm_120a" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SM120
// RUN: not cute-opt %S/Inputs/tcgen05-gemm.mlir --cute-compile="chip=sm_90a" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SM90

// One CTA: four MMAs per K step, the first with the run-time enable-input-D
// (the predicate of kt != 0), the others with true; then the commit.
// CHECK-LABEL: .entry umma_bf16(
// CHECK: tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32
// CHECK: tcgen05.mma.cta_group::1.kind::f16.collector::a::discard [%r[[D:[0-9]+]]], %rd{{[0-9]+}}, %rd{{[0-9]+}}, %r[[ID:[0-9]+]], %p[[FIRST:[0-9]+]];
// CHECK-COUNT-3: tcgen05.mma.cta_group::1.kind::f16.collector::a::discard [%r[[D]]], %rd{{[0-9]+}}, %rd{{[0-9]+}}, %r[[ID]], %p{{[0-9]+}};
// CHECK-NEXT: tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64
// CHECK: mbarrier.try_wait.parity
// CHECK: tcgen05.ld.sync.aligned.32x32b.x32.b32
// CHECK: tcgen05.dealloc.cta_group::1

// The pair: cta_group::2 MMAs and a multicast commit to both CTAs.
// CHECK-LABEL: .entry umma_bf16_pair(
// CHECK: .reqnctapercluster 2, 1, 1
// CHECK: tcgen05.alloc.cta_group::2.sync.aligned.shared::cta.b32
// CHECK-COUNT-4: tcgen05.mma.cta_group::2.kind::f16.collector::a::discard
// CHECK: tcgen05.commit.cta_group::2.mbarrier::arrive::one.shared::cluster.multicast::cluster.b64
// CHECK: tcgen05.dealloc.cta_group::2

// NVFP4: the scale factors to TMEM, then the block-scaled MMA reading them.
// CHECK-LABEL: .entry umma_nvf4(
// CHECK: tcgen05.cp.cta_group::1.32x128b.warpx4 [%r[[SFA:[0-9]+]]], %rd{{[0-9]+}};
// CHECK-NEXT: tcgen05.cp.cta_group::1.32x128b.warpx4 [%r[[SFB:[0-9]+]]], %rd{{[0-9]+}};
// CHECK: tcgen05.mma.cta_group::1.kind::mxf4nvf4.block_scale.block16.collector::a::discard [%r{{[0-9]+}}], %rd{{[0-9]+}}, %rd{{[0-9]+}}, %r{{[0-9]+}}, [%r[[SFA]]], [%r[[SFB]]], %p{{[0-9]+}};
// CHECK-NEXT: tcgen05.commit.cta_group::1

// SM120: 'cute.gemm' op with tcgen05.mma: tcgen05.mma needs Tensor Memory, which sm_120a lacks (tcgen05 runs on sm_100a)
// SM90: 'cute.gemm' op with tcgen05.mma: tcgen05.mma needs Tensor Memory, which sm_90a lacks (tcgen05 runs on sm_100a)
