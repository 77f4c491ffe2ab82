// ptxas accepts the static, dynamic and swizzled shared memory of
// smem-pipeline.mlir for every chip, and the 120 KiB kernel for sm_90a.
// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: cute-opt %S/smem-pipeline.mlir --cute-compile="chip=sm_90a format=cubin output-dir=%t" -o /dev/null
// RUN: cute-opt %S/smem-pipeline.mlir --cute-compile="chip=sm_100a format=cubin output-dir=%t" -o /dev/null
// RUN: cute-opt %S/smem-pipeline.mlir --cute-compile="chip=sm_120a format=cubin output-dir=%t" -o /dev/null
// RUN: cute-opt %S/Inputs/smem-120k.mlir --cute-compile="chip=sm_90a format=cubin output-dir=%t" -o /dev/null
// RUN: test -s %t/smem.sm_90a.cubin
// RUN: test -s %t/smem.sm_100a.cubin
// RUN: test -s %t/smem.sm_120a.cubin
// RUN: test -s %t/smem120k.sm_90a.cubin
