// The 2-CTA sm_100a GEMM of examples/gemm-2cta-sm100 (a CTA pair running
// tcgen05.mma cta_group::2 on a tma_umma pipeline with cta_group = 2) passes
// the protocol checks, compiles and assembles with ptxas. Both CTAs' TMA
// loads complete the even CTA's full barrier (cta_group::2, the barrier
// address & 0xFEFFFFFF), only the even CTA expects the stage's 2 x 38912
// bytes, and the MMA thread releases a stage in both CTAs with one
// tcgen05.commit multicast. Not run: no GPU here executes sm_100a code.
// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: cute-opt %cute_src/examples/gemm-2cta-sm100/kernel.mlir --cute-compile="chip=sm_100a format=cubin output-dir=%t" -o /dev/null
// RUN: test -s %t/gemm_2cta.sm_100a.cubin
// RUN: FileCheck %s < %t/gemm_2cta.sm_100a.ptx
// RUN: FileCheck %s --check-prefix=META < %t/gemm_2cta.sm_100a.json
// RUN: %if sass %{ %sass --compile sm_100a %cute_src/examples/gemm-2cta-sm100/kernel.mlir --function gemm_2cta_f16 | FileCheck %s --check-prefix=SASS %}

// CHECK-LABEL: .entry gemm_2cta_f16(
// CHECK: .reqnctapercluster 2, 1, 1
// CHECK: tcgen05.alloc.cta_group::2.sync.aligned.shared::cta.b32
// The ring's 5 full and 5 empty barriers all count 1 (one expect_tx in the
// even CTA; one multicast commit per stage).
// CHECK-COUNT-10: mbarrier.init.shared.b64 [__cute_dynamic_smem+{{[0-9]+}}], %r[[ONE:[0-9]+]];
// Producer: the loads of both CTAs go to the leader's barrier.
// CHECK: and.b64 %rd[[LB:[0-9]+]], %rd{{[0-9]+}}, 4278190072;
// CHECK-COUNT-3: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.cta_group::2 [%rd{{[0-9]+}}], [%rd{{[0-9]+}}, {%r{{[0-9]+}}, %r{{[0-9]+}}}], [%rd[[LB]]];
// CHECK: mov.b32 %r[[TX:[0-9]+]], 77824;
// CHECK-NEXT: mbarrier.arrive.expect_tx.shared.b64 %rd{{[0-9]+}}, [%rd{{[0-9]+}}], %r[[TX]];
// MMA: m256n192 (idesc 0x10300490) and m256n160 (0x10280490), four k16
// steps each, then the stage's release in both CTAs (mask 3).
// CHECK: mov.b32 %r[[ID0:[0-9]+]], 271581200;
// CHECK-COUNT-4: tcgen05.mma.cta_group::2.kind::f16.collector::a::discard [%r{{[0-9]+}}], %rd{{[0-9]+}}, %rd{{[0-9]+}}, %r[[ID0]], %p{{[0-9]+}};
// CHECK: mov.b32 %r[[ID1:[0-9]+]], 271056912;
// CHECK-COUNT-4: tcgen05.mma.cta_group::2.kind::f16.collector::a::discard [%r{{[0-9]+}}], %rd{{[0-9]+}}, %rd{{[0-9]+}}, %r[[ID1]], %p{{[0-9]+}};
// CHECK: mov.b16 %rs[[M:[0-9]+]], 3;
// CHECK-NEXT: tcgen05.commit.cta_group::2.mbarrier::arrive::one.shared::cluster.multicast::cluster.b64 [%rd{{[0-9]+}}+{{[0-9]+}}], %rs[[M]];
// CHECK: tcgen05.commit.cta_group::2.mbarrier::arrive::one.shared::cluster.multicast::cluster.b64 [__cute_dynamic_smem+{{[0-9]+}}], %rs{{[0-9]+}};
// Epilogue: 32x32b.x32 loads, TMA stores of 128 x 32 boxes, release on the
// even CTA's accumulator barrier.
// CHECK: tcgen05.ld.sync.aligned.32x32b.x32.b32
// CHECK: cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group
// CHECK: mbarrier.arrive.shared::cluster.b64
// CHECK: tcgen05.dealloc.cta_group::2.sync.aligned.b32

// META: "cluster":[2,1,1],"name":"gemm_2cta_f16"
// META-SAME: "smem_dynamic":211044
// META-SAME: "tmem_columns":512

// SASS: .text.gemm_2cta_f16:
// SASS-DAG: UTCATOMSWS.2CTA.FIND_AND_SET.ALIGN
// SASS-DAG: UTMALDG.2D.2CTA
// SASS-DAG: UTCHMMA.2CTA gdesc[UR{{[0-9]+}}], gdesc[UR{{[0-9]+}}], tmem[UR{{[0-9]+}}], tmem[UR{{[0-9]+}}], idesc[UR{{[0-9]+}}], UP{{[0-9]}} ;
// SASS-DAG: UTCBAR.2CTA.MULTICAST [UR{{[0-9]+}}], URZ, UR{{[0-9]+}} ;
// SASS-DAG: LDTM.x32
// SASS-DAG: UTMASTG.2D
