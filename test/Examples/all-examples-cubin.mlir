// Every example kernel compiles to cubin for sm_90a, sm_100a and sm_120a
// (ptxas assembles it) with launch metadata next to it.
// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: for k in elementwise swiglu rmsnorm; do for c in sm_90a sm_100a sm_120a; do cute-opt %cute_src/examples/$k/kernel.mlir --cute-compile="chip=$c format=cubin output-dir=%t" -o /dev/null || exit 1; done; done
// RUN: ls %t | FileCheck %s
// CHECK-DAG: elementwise.sm_90a.cubin
// CHECK-DAG: elementwise.sm_100a.cubin
// CHECK-DAG: elementwise.sm_120a.cubin
// CHECK-DAG: swiglu.sm_90a.cubin
// CHECK-DAG: swiglu.sm_100a.cubin
// CHECK-DAG: swiglu.sm_120a.cubin
// CHECK-DAG: rmsnorm.sm_90a.cubin
// CHECK-DAG: rmsnorm.sm_100a.cubin
// CHECK-DAG: rmsnorm.sm_120a.cubin
// CHECK-DAG: rmsnorm.sm_120a.json

// The metadata records the alignment each pointer parameter promises.
// RUN: FileCheck %s --check-prefix=ALIGN < %t/elementwise.sm_90a.json
// ALIGN: "name":"add_f32","params":[{"align":16,"bytes":8,"elem":"f32","kind":"ptr","name":"pa"}
