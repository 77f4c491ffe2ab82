// The Tensor Memory ops and tcgen05.ld/st atoms (Inputs/tmem-ops.mlir)
// assemble with ptxas for sm_100a; the PTX has each instruction with its
// shape, count, cta_group and multicast; the metadata records each
// kernel's TMEM plan. On sm_90a and sm_120a, which have no Tensor Memory,
// cute-verify-kernel rejects every TMEM op naming the chip (before NVVM).
// No Blackwell GPU ran this: ptxas (and sass-tmem.mlir's SASS) only.
// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: cute-opt %S/Inputs/tmem-ops.mlir --cute-compile="chip=sm_100a format=cubin output-dir=%t" -o /dev/null
// RUN: test -s %t/tmem_ops.sm_100a.cubin
// RUN: FileCheck %s < %t/tmem_ops.sm_100a.ptx
// RUN: FileCheck %s --check-prefix=META < %t/tmem_ops.sm_100a.json
// RUN: not cute-opt %S/Inputs/tmem-ops.mlir --cute-compile="chip=sm_90a" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SM90
// RUN: not cute-opt %S/Inputs/tmem-ops.mlir --cute-compile="chip=sm_120a" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SM120

// CHECK-LABEL: .visible .entry tmem_epilogue(
// CHECK: tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [__cute_smem_tmem_epilogue], %r{{[0-9]+}};
// CHECK: tcgen05.relinquish_alloc_permit.cta_group::1.sync.aligned;
// CHECK: tcgen05.fence::before_thread_sync;
// CHECK: bar.sync 0;
// CHECK: tcgen05.fence::after_thread_sync;
// The address tcgen05.alloc wrote, read back from the slot.
// CHECK: ld.shared.b32 %r[[T:[0-9]+]], [__cute_smem_tmem_epilogue];
// CHECK: tcgen05.cp.cta_group::1.32x128b.warpx4 [%r[[T]]], %rd{{[0-9]+}};
// CHECK: tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64 [__cute_smem_tmem_epilogue+16];
// Warp w reads lanes 32 (w % 4): (w << 21) & (3 << 21) TMEM address
// units added to the address, unscaled.
// CHECK: shl.b32 %r[[L:[0-9]+]], %r{{[0-9]+}}, 21;
// CHECK: and.b32 %r[[Q:[0-9]+]], %r[[L]], 6291456;
// CHECK: add.s32 %r[[A:[0-9]+]], %r[[T]], %r[[Q]];
// CHECK: tcgen05.ld.sync.aligned.32x32b.x16.b32 {%r{{[0-9]+(, %r[0-9]+)*}}}, [%r[[A]]];
// CHECK: tcgen05.wait::ld.sync.aligned;
// CHECK: tcgen05.st.sync.aligned.32x32b.x16.b32 [%r[[A]]], {%r{{[0-9]+(, %r[0-9]+)*}}};
// CHECK: tcgen05.wait::st.sync.aligned;
// CHECK: tcgen05.ld.sync.aligned.16x64b.x8.b32 {%r{{[0-9]+(, %r[0-9]+)*}}}, [%r[[A]]];
// CHECK: tcgen05.ld.sync.aligned.16x128b.x4.b32 {%r{{[0-9]+(, %r[0-9]+)*}}}, [%r[[A]]];
// CHECK: tcgen05.ld.sync.aligned.16x256b.x2.b32 {%r{{[0-9]+(, %r[0-9]+)*}}}, [%r[[A]]];
// CHECK: tcgen05.ld.sync.aligned.16x32bx2.x8.b32 {%r{{[0-9]+(, %r[0-9]+)*}}}, [%r[[A]]], 8;
// CHECK: tcgen05.wait::ld.sync.aligned;
// CHECK: tcgen05.st.sync.aligned.16x64b.x8.b32 [%r[[A]]],
// CHECK: tcgen05.st.sync.aligned.16x128b.x4.b32 [%r[[A]]],
// CHECK: tcgen05.st.sync.aligned.16x256b.x2.b32 [%r[[A]]],
// CHECK: tcgen05.st.sync.aligned.16x32bx2.x8.b32 [%r[[A]]], 8,
// CHECK: tcgen05.wait::st.sync.aligned;
// CHECK: tcgen05.dealloc.cta_group::1.sync.aligned.b32 %r[[T]], %r{{[0-9]+}};

// CHECK-LABEL: .visible .entry tmem_pair(
// CHECK: tcgen05.alloc.cta_group::2.sync.aligned.shared::cta.b32
// CHECK: tcgen05.relinquish_alloc_permit.cta_group::2.sync.aligned;
// CHECK: tcgen05.cp.cta_group::2.128x128b [%r{{[0-9]+}}], %rd{{[0-9]+}};
// CHECK: tcgen05.commit.cta_group::2.mbarrier::arrive::one.shared::cluster.multicast::cluster.b64 [__cute_smem_tmem_pair+16], %rs{{[0-9]+}};
// CHECK: tcgen05.dealloc.cta_group::2.sync.aligned.b32

// META: "name":"tmem_epilogue",{{.*}}"tmem_columns":256
// META: "name":"tmem_pair",{{.*}}"tmem_columns":128
// META-SAME: "schema_version":5

// SM90: error: 'cute_nvgpu.tmem_alloc' op needs Tensor Memory, which sm_90a lacks (TMEM and tcgen05 are on sm_100a)
// SM90: error: 'cute.copy' op needs Tensor Memory, which sm_90a lacks
// SM120: error: 'cute_nvgpu.tmem_alloc' op needs Tensor Memory, which sm_120a lacks (TMEM and tcgen05 are on sm_100a)
// SM120: error: 'cute_nvgpu.tcgen05_cp' op needs Tensor Memory, which sm_120a lacks
// SM120: error: 'cute_nvgpu.tcgen05_commit' op needs Tensor Memory, which sm_120a lacks
