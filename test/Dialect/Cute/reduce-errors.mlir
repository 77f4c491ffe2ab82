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
