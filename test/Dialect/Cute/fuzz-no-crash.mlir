// Mutated layout strings (unbalanced parentheses, stray characters, huge
// integers, zero/negative shapes, bad swizzles...) through the algebra ops:
// every case must end in a diagnostic, never in a crash.
// RUN: %python %S/Inputs/fuzz-layouts.py 1 400 > %t.mlir
// RUN: not cute-opt %t.mlir -split-input-file 2>&1 | FileCheck %s
// RUN: %python %S/Inputs/fuzz-layouts.py 2 400 > %t2.mlir
// RUN: not cute-opt %t2.mlir -split-input-file 2>&1 | FileCheck %s
// CHECK: error:
// CHECK-NOT: Stack dump
// CHECK-NOT: PLEASE submit
