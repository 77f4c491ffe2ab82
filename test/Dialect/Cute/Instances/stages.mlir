// A pipeline's stage count may be an integer instance parameter, in the
// pipeline type and in its states' type (kernel-sm90-fp8.mlir's V^T ring).
// RUN: cute-opt %s | FileCheck %s --check-prefix=DEFAULT
// RUN: cute-opt %s --cute-instance=S=4 | FileCheck %s --check-prefix=FOUR
// RUN: not cute-opt %s --cute-instance=S=-1 2>&1 | FileCheck %s --check-prefix=NEG
// RUN: not cute-opt %s --cute-instance=S=0 2>&1 | FileCheck %s --check-prefix=ZERO

// DEFAULT: func.func private @ring(!cute_nvgpu.pipeline<async, 3>, !cute_nvgpu.pipeline_state<3>)
// FOUR: func.func private @ring(!cute_nvgpu.pipeline<async, 4>, !cute_nvgpu.pipeline_state<4>)
// NEG: error: expected a count (0 to 2^32 - 1), got -1
// ZERO: error: a pipeline has 1 to 1048576 stages, got 0

#S = #cute.param<"S", 3 : i32>
func.func private @ring(!cute_nvgpu.pipeline<async, S>, !cute_nvgpu.pipeline_state<S>)
