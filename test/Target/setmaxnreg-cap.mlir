// REQUIRES: ptxas
// RUN: not cute-opt %s --cute-compile="chip=sm_90a format=cubin" -o /dev/null 2>&1 | FileCheck %s
// A kernel that changes its register count but has no known block size has
// no register cap at entry, so ptxas ignores setmaxnreg (C7508) and the
// warps keep the wrong register budget: --cute-compile makes that an error.
// (With gpu.known_block_size the kernel gets .maxntid and .minnctapersm 1;
// see tma-pipeline-ptxas.mlir.)
// CHECK: error: ptxas ignored setmaxnreg for sm_90a (C7508): the kernel has no register cap at entry (a known block size gives it one)
// CHECK: C7508
module attributes {gpu.container_module} {
  gpu.module @regs {
    gpu.func @no_cap() kernel {
      cute_nvgpu.setmaxnreg inc 232
      gpu.return
    }
  }
}
