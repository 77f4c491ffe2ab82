// A ptxas failure names the PTX file and the command that reproduces it.
// RUN: rm -rf %t && mkdir -p %t
// RUN: not cute-opt %S/compile-ptx.mlir --cute-compile="chip=sm_90a format=cubin output-dir=%t ptxas=%S/Inputs/failing-ptxas" 2>&1 | FileCheck %s -DDIR=%t
// CHECK: error: ptxas failed for sm_90a (exit 255)
// CHECK: ptxas fatal   : Unresolved extern function 'missing'
// CHECK: PTX: [[DIR]]/kernels.sm_90a.ptx
// CHECK: reproduce with: {{.*}}failing-ptxas -arch=sm_90a -O3 -v --split-compile {{[0-9]+}} [[DIR]]/kernels.sm_90a.ptx -o [[DIR]]/kernels.sm_90a.cubin
