// The examples of docs/layout-algebra.md must parse, verify (every result
// type is re-inferred by the layout library) and fold as the guide says.
// RUN: %python %cute_src/scripts/extract-mlir-blocks.py %cute_src/docs/layout-algebra.md > %t.mlir
// RUN: cute-opt %t.mlir -split-input-file --cute-fold-static | FileCheck %t.mlir
