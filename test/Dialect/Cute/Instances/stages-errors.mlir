// RUN: cute-opt %s --split-input-file --verify-diagnostics

// expected-error@+2 {{'NS' is not an integer instance parameter}}
// expected-error@+1 {{failed to parse CuteNvgpu_PipelineType parameter 'stages'}}
func.func private @f(!cute_nvgpu.pipeline<async, NS>)
