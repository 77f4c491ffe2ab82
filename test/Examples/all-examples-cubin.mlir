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

// rmsnorm_bf16_unaligned gets a clone for cols divisible by 16 (runtime
// parameter 4), listed as its variant; the other kernels promise 16-byte
// pointers and need nothing more, so they get none.
// RUN: FileCheck %s --check-prefix=VARIANTS < %t/rmsnorm.sm_90a.json
// RUN: FileCheck %s --check-prefix=NO-VARIANTS < %t/elementwise.sm_90a.json
// RUN: FileCheck %s --check-prefix=NO-VARIANTS < %t/swiglu.sm_90a.json
// VARIANTS: "name":"rmsnorm_bf16","params"
// VARIANTS-NOT: "variants"
// VARIANTS: "name":"rmsnorm_bf16_unaligned","params"
// VARIANTS-SAME: "variants":[{"name":"rmsnorm_bf16_unaligned__aligned16","when":[{"div":16,"param":4}]}]
// VARIANTS-SAME: "name":"rmsnorm_bf16_unaligned__aligned16","params"
// NO-VARIANTS-NOT: "variants"
// NO-VARIANTS-NOT: __aligned16
