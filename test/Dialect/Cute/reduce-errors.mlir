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
