// The epilogue-stmatrix example assembles (ptxas) for every chip.
// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: for c in sm_90a sm_100a sm_120a; do cute-opt %cute_src/examples/epilogue-stmatrix/kernel.mlir --cute-compile="chip=$c format=cubin output-dir=%t" -o /dev/null || exit 1; done
// RUN: ls %t | FileCheck %s
// CHECK-DAG: epilogue_stmatrix.sm_90a.cubin
// CHECK-DAG: epilogue_stmatrix.sm_100a.cubin
// CHECK-DAG: epilogue_stmatrix.sm_120a.cubin
