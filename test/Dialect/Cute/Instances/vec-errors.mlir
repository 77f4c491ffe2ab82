// RUN: cute-opt %s -verify-diagnostics -split-input-file

// expected-error @+1 {{!cute.vec: '!cute.ptr<f32, gmem, align<4>>' is not a vector element type}}
func.func @g(%v: !cute.vec<"4", !cute.ptr<f32, gmem, align<4>>>) {
  return
}

// -----

// expected-error @+1 {{!cute.vec needs a positive static length, but "(2,2)" is not one}}
func.func @h(%v: !cute.vec<"(2,2)", f32>) {
  return
}
