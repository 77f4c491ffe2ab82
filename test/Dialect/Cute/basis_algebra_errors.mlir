// RUN: cute-opt %s -split-input-file -verify-diagnostics

// Basis-stride layouts the algebra itself rejects: a direction whose modes
// overlap (not injective) has no complement and no left inverse. (The op
// preconditions — integer strides for a cotarget complement, static shapes,
// integer and static product tilers, integer tile layouts — are checked by
// the ops before the algebra runs.)

func.func @complement_not_injective(%l: !cute.layout<"(2,3):(2@0,3@0)">) {
  // expected-error @below {{not injective}}
  // expected-error @below {{failed to infer returned types}}
  %0 = cute.complement(%l) : (!cute.layout<"(2,3):(2@0,3@0)">) -> !cute.layout<"1:1@0">
  return
}

// -----

func.func @left_inverse_not_injective(%l: !cute.layout<"(2,3):(2@1,3@1)">) {
  // expected-error @below {{not injective}}
  // expected-error @below {{failed to infer returned types}}
  %0 = cute.left_inverse(%l) : (!cute.layout<"(2,3):(2@1,3@1)">) -> !cute.layout<"1:0">
  return
}
