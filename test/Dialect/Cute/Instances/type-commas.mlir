// A type argument may hold commas of its own: the instance's arguments are
// split at the commas outside brackets and quotes (a pipeline's kind as a
// parameter: examples/mla-decode/kernel.mlir's page ring).
// RUN: cute-opt %s | FileCheck %s --check-prefix=DEFAULT
// RUN: cute-opt %s --cute-instance='P=!cute_nvgpu.pipeline<async, 2>,S=4' | FileCheck %s --check-prefix=ASYNC
// RUN: cute-opt %s --cute-instance='x:P=!cute.memref<f32, smem, "(2,3):(1,2)">,S=1' | FileCheck %s --check-prefix=QUOTED
// RUN: not cute-opt %s --cute-instance='P=!cute_nvgpu.pipeline<async, 2>,S' 2>&1 | FileCheck %s --check-prefix=BAD

// DEFAULT: func.func private @ring(!cute_nvgpu.pipeline<tma_async, 2>, !cute_nvgpu.pipeline_state<3>)
// ASYNC: func.func private @ring(!cute_nvgpu.pipeline<async, 2>, !cute_nvgpu.pipeline_state<4>)
// QUOTED: func.func private @ring(!cute.memref<f32, smem, align<4>, "(2,3):(1,2)">, !cute_nvgpu.pipeline_state<1>)
// BAD: instance argument 'S' is not of the form name=value

!P = !cute.param<"P", !cute_nvgpu.pipeline<tma_async, 2>>
#S = #cute.param<"S", 3 : i32>
func.func private @ring(!P, !cute_nvgpu.pipeline_state<S>)
