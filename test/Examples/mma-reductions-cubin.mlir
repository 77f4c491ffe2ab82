// The mma-reductions example assembles (ptxas) for every chip.
// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: for c in sm_90a sm_100a sm_120a; do cute-opt %cute_src/examples/mma-reductions/kernel.mlir --cute-compile="chip=$c format=cubin output-dir=%t" -o /dev/null || exit 1; done
// RUN: ls %t | FileCheck %s
// CHECK-DAG: mma_reductions.sm_90a.cubin
// CHECK-DAG: mma_reductions.sm_100a.cubin
// CHECK-DAG: mma_reductions.sm_120a.cubin
