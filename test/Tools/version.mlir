// RUN: cute-opt --version | FileCheck %s
// CHECK: cute-mlir version {{[0-9]+\.[0-9]+\.[0-9]+}} (LLVM/MLIR {{[0-9.]+}})
