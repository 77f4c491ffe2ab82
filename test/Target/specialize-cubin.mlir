// The cubin holds the kernel and its specialized clone.
// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: cute-opt %S/specialize.mlir --cute-compile="chip=sm_90a format=cubin output-dir=%t" -o /dev/null
// RUN: grep -a -o "copy_rows__aligned16\|copy_rows" %t/rows.sm_90a.cubin | sort -u | FileCheck %s
// CHECK: copy_rows{{$}}
// CHECK-NEXT: copy_rows__aligned16{{$}}
