// RUN: cute-opt %s -split-input-file -verify-diagnostics

func.func @kind(%v: vector<4xf32>) {
  // expected-error @+1 {{unknown reduction 'avg' (expected add, mul, max or min)}}
  %r = cute.reduce<avg, block>(%v)
  return
}

// -----

func.func @scope(%v: vector<4xf32>) {
  // expected-error @+1 {{unknown reduction scope 'grid' (expected thread, warp or block)}}
  %r = cute.reduce<max, grid>(%v)
  return
}

// -----

func.func @operand(%v: vector<2x2xf32>) {
  // expected-error @+1 {{'cute.reduce' op operand #0 must be}}
  %r = cute.reduce<max, thread>(%v)
  return
}

// -----

func.func @wide(%v: vector<2xf64>) {
  // expected-error @+1 {{'cute.reduce' op reduces 'f64' across a warp, but warp reductions take values of at most 32 bits (use block scope, or reduce in 32 bits)}}
  %r = cute.reduce<add, warp>(%v)
  return
}

// -----

func.func @modes_of_a_vector(%v: vector<4xf32>) {
  // expected-error @+1 {{'cute.reduce' op takes `modes` only with a register tensor (a vector or scalar has no modes), but got 'vector<4xf32>'}}
  %r = cute.reduce<max, thread>(%v) {modes = array<i32: 0>} : vector<4xf32> -> f32
  return
}

// -----

func.func @mode_out_of_range(%f: !cute.memref<f32, rmem, align<16>, "(2,4):(1,2)">) {
  // expected-error @+1 {{'cute.reduce' op mode 2 is out of range for the rank-2 shape (2,4)}}
  %r = cute.reduce<max, thread>(%f) {modes = array<i32: 2>}
  return
}

// -----

func.func @gmem_tensor(%f: !cute.memref<f32, gmem, align<16>, "(2,4):(1,2)">) {
  // expected-error @+1 {{'cute.reduce' op reduces a tensor by modes only in registers with a static layout, but got "(2,4):(1,2)" in gmem}}
  %r = cute.reduce<max, thread>(%f) {modes = array<i32: 1>}
  return
}
