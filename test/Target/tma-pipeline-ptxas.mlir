// The TMA-pipelined copy example (examples/tma-pipeline) assembles with
// ptxas for sm_90a, sm_100a and sm_120a; its PTX has the TMA loads on the
// stage's full barrier, the try_wait.parity loops, the elected producer, the
// proxy fence and bulk groups of the stores; the metadata derives each
// descriptor from the kernel's arguments. Inputs/nvgpu-all-ops.mlir (every
// cute_nvgpu op, a cluster of 2 with multicast) assembles for the chips with
// clusters.
// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: cute-opt %cute_src/examples/tma-pipeline/kernel.mlir --cute-compile="chip=sm_90a format=cubin output-dir=%t" -o /dev/null
// RUN: cute-opt %cute_src/examples/tma-pipeline/kernel.mlir --cute-compile="chip=sm_100a format=cubin output-dir=%t" -o /dev/null
// RUN: cute-opt %cute_src/examples/tma-pipeline/kernel.mlir --cute-compile="chip=sm_120a format=cubin output-dir=%t" -o /dev/null
// RUN: test -s %t/tma_pipeline.sm_90a.cubin
// RUN: test -s %t/tma_pipeline.sm_100a.cubin
// RUN: test -s %t/tma_pipeline.sm_120a.cubin
// RUN: FileCheck %s < %t/tma_pipeline.sm_90a.ptx
// RUN: FileCheck %s < %t/tma_pipeline.sm_100a.ptx
// RUN: FileCheck %s < %t/tma_pipeline.sm_120a.ptx
// RUN: FileCheck %s --check-prefix=META < %t/tma_pipeline.sm_90a.json
// RUN: FileCheck %s --check-prefix=META < %t/tma_pipeline.sm_120a.json
// RUN: cute-opt %S/Inputs/nvgpu-all-ops.mlir --cute-compile="chip=sm_90a format=cubin output-dir=%t" -o /dev/null
// RUN: cute-opt %S/Inputs/nvgpu-all-ops.mlir --cute-compile="chip=sm_100a format=cubin output-dir=%t" -o /dev/null
// RUN: test -s %t/nvgpu_all_ops.sm_90a.cubin
// RUN: test -s %t/nvgpu_all_ops.sm_100a.cubin
// RUN: FileCheck %s --check-prefix=ALL < %t/nvgpu_all_ops.sm_90a.ptx
// RUN: FileCheck %s --check-prefix=ALL < %t/nvgpu_all_ops.sm_100a.ptx

// CHECK-LABEL: .visible .entry tma_copy(
// CHECK: .param .align 64 .b8 tma_copy_param_6[128],
// CHECK-NEXT: .param .align 64 .b8 tma_copy_param_7[128]
// CHECK-DAG: mbarrier.init.shared.b64
// CHECK-DAG: fence.mbarrier_init.release.cluster;
// CHECK-DAG: mbarrier.try_wait.parity.shared.b64
// CHECK-DAG: mbarrier.arrive.expect_tx.shared.b64 {{.*}}, [{{.*}}], %r{{[0-9]+}};
// CHECK-DAG: mbarrier.arrive.shared.b64
// CHECK-DAG: elect.sync %r{{[0-9]+}}|%p{{[0-9]+}}, -1;
// CHECK-DAG: cp.async.bulk.tensor.2d.shared::cta.global.tile.mbarrier::complete_tx::bytes [%rd{{[0-9]+}}{{(\+[0-9]+)?}}], [%rd{{[0-9]+}}, {%r{{[0-9]+}}, %r{{[0-9]+}}}], [%rd{{[0-9]+}}];
// CHECK-DAG: fence.proxy.async.shared::cta;
// CHECK-DAG: bar.sync 1, 128;
// CHECK-DAG: cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group [%rd{{[0-9]+}}, {%r{{[0-9]+}}, %r{{[0-9]+}}}], [%rd{{[0-9]+}}];
// CHECK-DAG: cp.async.bulk.commit_group;
// CHECK-DAG: cp.async.bulk.wait_group.read 1;
// CHECK-DAG: cp.async.bulk.wait_group.read 0;
// CHECK: ret;

// The load and the store descriptor of tma_copy: 8 x 256 f32 boxes, dims
// innermost first (n with stride 1, then m with stride ldx / ldy), pointers
// px and py, no swizzle.
// META: "name":"tma_copy","params":[
// META-SAME: {"bytes":128,"elem":"f32","kind":"tma_desc","name":"px_tma","tma":{"box":[256,8],"elem":"f32","interleave":0,"l2_promotion":128,"oob_fill":"zero","rank":2,"source":{"dims":[{"extent":{"param":3},"stride":{"const":1}},{"extent":{"param":2},"stride":{"param":4}}],"ptr":0},"swizzle":0}}
// META-SAME: {"bytes":128,"elem":"f32","kind":"tma_desc","name":"py_tma","tma":{"box":[256,8],"elem":"f32","interleave":0,"l2_promotion":128,"oob_fill":"zero","rank":2,"source":{"dims":[{"extent":{"param":3},"stride":{"const":1}},{"extent":{"param":2},"stride":{"param":5}}],"ptr":1},"swizzle":0}}
// META-SAME: "schema_version":5

// ALL-LABEL: .visible .entry all_ops(
// ALL: .param .align 64 .b8 all_ops_param_5[128],
// ALL-NEXT: .param .align 64 .b8 all_ops_param_6[128]
// A kernel with setmaxnreg gets a register cap at entry (.maxntid from its
// block size, .minnctapersm 1): without it ptxas drops setmaxnreg (C7508),
// which --cute-compile reports as an error.
// ALL: .maxntid 384, 1, 1
// ALL-NEXT: .minnctapersm 1
// ALL: .reqnctapercluster 2, 1, 1
// ALL: fence.mbarrier_init.release.cluster;
// ALL-NEXT: barrier.cluster.arrive.aligned;
// ALL-NEXT: barrier.cluster.wait.aligned;
// ALL-DAG: mov.u32 %r{{[0-9]+}}, %cluster_ctarank;
// ALL-DAG: setmaxnreg.dec.sync.aligned.u32 40;
// ALL-DAG: setmaxnreg.inc.sync.aligned.u32 232;
// ALL-DAG: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.multicast::cluster [%rd{{[0-9]+}}], [%rd{{[0-9]+}}, {%r{{[0-9]+}}, %r{{[0-9]+}}}], [{{.*}}], %rs{{[0-9]+}};
// ALL-DAG: cp.async.bulk.wait_group 0;
// ALL-DAG: mapa.shared::cluster.u64 %rd{{[0-9]+}}, %rd{{[0-9]+}}, 0;
// ALL-DAG: mapa.shared::cluster.u64 %rd{{[0-9]+}}, %rd{{[0-9]+}}, 1;
// ALL-DAG: mbarrier.arrive.shared::cluster.b64
// ALL-DAG: barrier.cluster.arrive.relaxed.aligned;
// ALL: ret;
