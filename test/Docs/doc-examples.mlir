// Every ```mlir example in docs/ (the op reference generated from ODS
// included) and in the examples' READMEs parses and verifies: each block is
// wrapped into a kernel whose arguments are the values it uses
// (scripts/verify-doc-examples.py), and every result type is re-inferred.
// RUN: %python %cute_src/scripts/verify-doc-examples.py %cute_src/docs %cute_src/docs/reference %cute_src/examples/elementwise %cute_src/examples/swiglu %cute_src/examples/rmsnorm %cute_src/examples/mma-reductions %cute_src/examples/epilogue-stmatrix > %t.mlir
// RUN: cute-opt %t.mlir -split-input-file -o /dev/null
// RUN: FileCheck %s --input-file=%t.mlir
// The reference documents the ops with examples: a lower bound on how many
// blocks are checked, so an extraction bug cannot pass silently.
// CHECK-COUNT-80: // -----
