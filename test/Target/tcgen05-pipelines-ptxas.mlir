// The warp-specialized sm_100a GEMM on the tma_umma and umma_async
// pipelines (Inputs/tcgen05-pipelined-gemm.mlir) passes the protocol checks,
// compiles and assembles with ptxas; its PTX has the protocol of CUTLASS's
// PipelineTmaUmmaAsync / PipelineUmmaAsync. Not run: no GPU here executes
// sm_100a code.
// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: cute-opt %S/Inputs/tcgen05-pipelined-gemm.mlir --cute-compile="chip=sm_100a format=cubin output-dir=%t" -o /dev/null
// RUN: test -s %t/umma_pipelined.sm_100a.cubin
// RUN: FileCheck %s < %t/umma_pipelined.sm_100a.ptx
// RUN: %if sass %{ %sass --compile sm_100a %S/Inputs/tcgen05-pipelined-gemm.mlir --function gemm_bf16 | FileCheck %s --check-prefix=SASS %}

// CHECK-LABEL: .entry gemm_bf16(
// Warp 1 allocates; the load ring's 4 full barriers (count 1) and 4 empty
// barriers (count 1: one tcgen05.commit per stage); the accumulator's full
// (1) and empty (128 epilogue threads).
// CHECK: tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [__cute_dynamic_smem+[[SLOT:[0-9]+]]]
// CHECK-COUNT-8: mbarrier.init.shared.b64 [__cute_dynamic_smem+{{[0-9]+}}], %r[[ONE:[0-9]+]];
// CHECK: mbarrier.init.shared.b64 [__cute_dynamic_smem+[[ACCFULL:[0-9]+]]], %r{{[0-9]+}};
// CHECK: mbarrier.init.shared.b64 [__cute_dynamic_smem+[[ACCEMPTY:[0-9]+]]], %r{{[0-9]+}};
// Producer: wait empty, expect 49152 bytes, two TMA loads on the full barrier.
// CHECK: mbarrier.try_wait.parity.shared.b64
// CHECK: mbarrier.arrive.expect_tx.shared.b64 %rd{{[0-9]+}}, [%rd[[FB:[0-9]+]]+{{[0-9]+}}], %r{{[0-9]+}};
// CHECK: cp.async.bulk.tensor.2d.shared::cta.global.tile.mbarrier::complete_tx::bytes {{.*}}, [%rd[[FB]]+{{[0-9]+}}];
// CHECK: cp.async.bulk.tensor.2d.shared::cta.global.tile.mbarrier::complete_tx::bytes {{.*}}, [%rd[[FB]]+{{[0-9]+}}];
// MMA: acquire the accumulator (its empty barrier), then per K tile wait
// full, four MMAs, release the stage with a commit onto its empty barrier;
// finally commit the accumulator onto its full barrier.
// CHECK: mbarrier.try_wait.parity.shared.b64 %p{{[0-9]+}}, [__cute_dynamic_smem+[[ACCEMPTY]]]
// CHECK: mbarrier.try_wait.parity.shared.b64
// CHECK-COUNT-4: tcgen05.mma.cta_group::1.kind::f16.collector::a::discard
// CHECK: tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64 [%rd{{[0-9]+}}+{{[0-9]+}}];
// CHECK: tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64 [__cute_dynamic_smem+[[ACCFULL]]];
// Epilogue: wait for the accumulator, read it, release it.
// CHECK: mbarrier.try_wait.parity.shared.b64 %p{{[0-9]+}}, [__cute_dynamic_smem+[[ACCFULL]]]
// CHECK: tcgen05.ld.sync.aligned.32x32b.x32.b32
// CHECK: tcgen05.wait::ld.sync.aligned;
// CHECK: mbarrier.arrive.shared.b64 %rd{{[0-9]+}}, [__cute_dynamic_smem+[[ACCEMPTY]]];
// CHECK: tcgen05.dealloc.cta_group::1.sync.aligned.b32

// SASS: .text.gemm_bf16:
// SASS-DAG: UTMALDG.2D
// SASS-DAG: LDTM.x32
// SASS-DAG: UTCHMMA gdesc[UR{{[0-9]+}}], gdesc[UR{{[0-9]+}}], tmem[UR{{[0-9]+}}], tmem[UR{{[0-9]+}}], idesc[UR{{[0-9]+}}], UP{{[0-9]}} ;
// SASS-COUNT-3: UTCHMMA gdesc[UR{{[0-9]+}}], gdesc[UR{{[0-9]+}}], tmem[UR{{[0-9]+}}], tmem[UR{{[0-9]+}}], idesc[UR{{[0-9]+}}], UPT ;
// SASS: UTCBAR [UR{{[0-9]+}}], URZ ;
// SASS: UTCBAR [UR{{[0-9]+}}], URZ ;
