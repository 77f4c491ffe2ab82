// One-matrix stmatrix/ldmatrix (Inputs/matrix-copy-x1.mlir: x1 and x1.trans
// on a wgmma m64n64 C fragment, 32 16-bit values per thread = 16
// instructions of each form; ldmatrix x1 returns one i32, not a struct)
// assemble with ptxas for every chip, with no local memory. The x2/x4
// forms are in test/Examples/epilogue-stmatrix*.mlir.
// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: for c in sm_90a sm_100a sm_120a; do cute-opt %S/Inputs/matrix-copy-x1.mlir --cute-compile="chip=$c format=cubin output-dir=%t" -o /dev/null || exit 1; test -s %t/matrix_copy_x1.$c.cubin || exit 1; done
// RUN: for c in sm_90a sm_100a sm_120a; do echo $c; grep -o '[ls][td]matrix[.a-z0-9]*' %t/matrix_copy_x1.$c.ptx | sort | uniq -c; done | FileCheck %s
// RUN: not grep -l 'local' %t/matrix_copy_x1.sm_90a.ptx %t/matrix_copy_x1.sm_100a.ptx %t/matrix_copy_x1.sm_120a.ptx

// CHECK: sm_90a
// CHECK-NEXT: 16 ldmatrix.sync.aligned.m8n8.x1.shared.b16
// CHECK-NEXT: 16 ldmatrix.sync.aligned.m8n8.x1.trans.shared.b16
// CHECK-NEXT: 16 stmatrix.sync.aligned.m8n8.x1.shared.b16
// CHECK-NEXT: 16 stmatrix.sync.aligned.m8n8.x1.trans.shared.b16
// CHECK-NEXT: sm_100a
// CHECK-NEXT: 16 ldmatrix.sync.aligned.m8n8.x1.shared.b16
// CHECK-NEXT: 16 ldmatrix.sync.aligned.m8n8.x1.trans.shared.b16
// CHECK-NEXT: 16 stmatrix.sync.aligned.m8n8.x1.shared.b16
// CHECK-NEXT: 16 stmatrix.sync.aligned.m8n8.x1.trans.shared.b16
// CHECK-NEXT: sm_120a
// CHECK-NEXT: 16 ldmatrix.sync.aligned.m8n8.x1.shared.b16
// CHECK-NEXT: 16 ldmatrix.sync.aligned.m8n8.x1.trans.shared.b16
// CHECK-NEXT: 16 stmatrix.sync.aligned.m8n8.x1.shared.b16
// CHECK-NEXT: 16 stmatrix.sync.aligned.m8n8.x1.trans.shared.b16
