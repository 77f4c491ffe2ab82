// Every example kernel compiles to cubin for sm_90a, sm_100a and sm_120a
// (ptxas assembles it) with launch metadata next to it.
// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: for k in elementwise swiglu rmsnorm softmax; do for c in sm_90a sm_100a sm_120a; do cute-opt %cute_src/examples/$k/kernel.mlir --cute-compile="chip=$c format=cubin output-dir=%t" -o /dev/null || exit 1; done; done
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
// CHECK-DAG: softmax.sm_90a.cubin
// CHECK-DAG: softmax.sm_100a.cubin
// CHECK-DAG: softmax.sm_120a.cubin

// The metadata records the alignment each pointer parameter promises.
// RUN: FileCheck %s --check-prefix=ALIGN < %t/elementwise.sm_90a.json
// ALIGN: "name":"add_f32","params":[{"align":16,"bytes":8,"elem":"f32","kind":"ptr","name":"pa"}

// rmsnorm_bf16 and softmax_bf16 take 2-byte aligned pointers and any column
// count; each gets a clone for 16-byte aligned pointers and cols divisible
// by 16, listed as its variant. The elementwise kernels and SwiGLU promise
// 16-byte pointers and their n only bounds the masked copies, so they get
// none.
// RUN: FileCheck %s --check-prefix=VARIANTS < %t/rmsnorm.sm_90a.json
// RUN: FileCheck %s --check-prefix=SOFTMAX < %t/softmax.sm_90a.json
// RUN: FileCheck %s --check-prefix=NO-VARIANTS < %t/elementwise.sm_90a.json
// RUN: FileCheck %s --check-prefix=NO-VARIANTS < %t/swiglu.sm_90a.json
// VARIANTS: "name":"rmsnorm_bf16","params"
// VARIANTS-SAME: "variants":[{"name":"rmsnorm_bf16__aligned16","when":[{"align":16,"param":0},{"align":16,"param":1},{"align":16,"param":2},{"div":16,"param":4}]}]
// VARIANTS-SAME: "name":"rmsnorm_bf16__aligned16","params"
// x is a (rows, cols) i32 view: its largest offset is checked at launch.
// SOFTMAX: "name":"softmax_bf16","params":[{"align":2,"bytes":8,"elem":"bf16","kind":"ptr","name":"x_ptr","views":[{"bits":32,"extents":[{"param":2},{"param":3}],"max_offset":{"add":[{"mul":[{"add":[{"param":2},{"const":-1}]},{"abs":{"param":3}}]},{"param":3},{"const":-1}]}}]}
// SOFTMAX-SAME: "variants":[{"name":"softmax_bf16__aligned16","when":[{"align":16,"param":0},{"align":16,"param":1},{"div":16,"param":3}]}]
// NO-VARIANTS-NOT: "variants"
// NO-VARIANTS-NOT: __aligned16
