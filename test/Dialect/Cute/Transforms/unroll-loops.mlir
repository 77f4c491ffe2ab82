// RUN: cute-opt %s -split-input-file --cute-unroll-loops -verify-diagnostics | FileCheck %s

// A marked loop with static bounds is fully unrolled; unmarked loops stay.
// CHECK-LABEL: func.func @unrolled
// CHECK-NOT: scf.for
// CHECK-COUNT-4: arith.addi
// CHECK: return
func.func @unrolled(%x: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %x) -> (i32) {
    %b = arith.addi %a, %x : i32
    scf.yield %b : i32
  } {cute.unroll}
  return %r : i32
}

// CHECK-LABEL: func.func @unmarked
// CHECK: scf.for
func.func @unmarked(%x: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %b = arith.addi %x, %x : i32
  }
  return
}

// -----

func.func @dynamic(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @below {{loop marked cute.unroll needs static bounds and step}}
  scf.for %i = %c0 to %n step %c1 {
  } {cute.unroll}
  return
}

// -----

func.func @too_long() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c1000 = arith.constant 1000 : index
  // expected-error @below {{loop marked cute.unroll has 1000 iterations; max-trip-count is 256}}
  scf.for %i = %c0 to %c1000 step %c1 {
  } {cute.unroll}
  return
}
