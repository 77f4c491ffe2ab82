// The metadata's static shared memory is what the assembled kernel uses:
// the block reduction's scratch buffer, which lowering adds after the cute
// ops were planned, is counted, and the figure agrees with ptxas -v.
// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: cute-opt %S/reductions.mlir --cute-compile="chip=sm_90a format=cubin output-dir=%t" -o /dev/null
// RUN: %ptxas -v -arch=sm_90a %t/kernels.sm_90a.ptx -o %t/k.cubin > %t/ptxas.txt 2>&1
// RUN: cat %t/kernels.sm_90a.json %t/ptxas.txt | FileCheck %s --check-prefixes=JSON,PTXAS
// JSON: "name":"row_sum"
// JSON-SAME: "smem_static":[[BYTES:[0-9]+]]
// JSON: "name":"warp_max"
// JSON-SAME: "smem_static":0
// ptxas prints no smem figure for a kernel that uses none.
// PTXAS: Function properties for warp_max
// PTXAS: Used {{[0-9]+}} registers, used 0 barriers{{$}}
// PTXAS: Function properties for row_sum
// PTXAS: Used {{[0-9]+}} registers, used 1 barriers, [[BYTES]] bytes smem
