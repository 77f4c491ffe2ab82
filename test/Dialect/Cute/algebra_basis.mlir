// RUN: cute-opt %s -split-input-file -verify-diagnostics

// Complement of scaled-basis strides is not supported yet (CuTe IR gives
// `(1):(3@0)` for `3:1@0`); until it is, it must be a clean diagnostic, as
// must a divide whose tiler has basis strides (it needs that complement).
// Divides of identity layouts by integer tilers work (algebra.mlir).

func.func @complement_basis(%l: !cute.layout<"3:1@0">) {
  // expected-error @below {{complement: strides must be integers}}
  // expected-error @below {{failed to infer returned types}}
  %0 = cute.complement(%l) : (!cute.layout<"3:1@0">) -> !cute.layout<"(1):(3@0)">
  return
}

// -----

func.func @zipped_divide_basis(%a: !cute.layout<"(128,64):(1@1,1@0)">, %b: !cute.layout<"2:64@0">) {
  // expected-error @below {{complement: strides must be integers}}
  // expected-error @below {{failed to infer returned types}}
  %0 = cute.zipped_divide(%a, %b) : (!cute.layout<"(128,64):(1@1,1@0)">, !cute.layout<"2:64@0">) -> !cute.layout<"(2,(64,64)):(64@1,(1@1,1@0))">
  return
}
