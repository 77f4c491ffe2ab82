// RUN: cute-opt %s -split-input-file | FileCheck %s
// RUN: cute-opt %s -split-input-file --mlir-print-op-generic | cute-opt -split-input-file | FileCheck %s

// Complement and divides with scaled-basis strides (CuTe IR supports these;
// values from cutlass_compiler/cute_ir/test/Dialect/Cute/LayoutAlgebra/
// complement.mlir and the zipped_divide example, consistent with CuTe C++'s
// complement on E<i> strides: 3:1@0 leaves the rest of mode 0 at stride 3@0).
// KNOWN FAILING: lib/Layout complement rejects non-integer strides.

// CHECK-LABEL: func.func @complement_basis
// CHECK: cute.complement(%{{.+}}) : (!cute.layout<"3:1@0">) -> !cute.layout<"(1):(3@0)">
func.func @complement_basis(%l: !cute.layout<"3:1@0">) {
  %0 = cute.complement(%l) : (!cute.layout<"3:1@0">) -> !cute.layout<"(1):(3@0)">
  return
}

// -----

// CHECK-LABEL: func.func @zipped_divide_basis
// CHECK: cute.zipped_divide(%{{.+}}, %{{.+}}) : (!cute.layout<"(128,64):(1@1,1@0)">, !cute.layout<"2:64@0">) -> !cute.layout<"(2,(64,64)):(64@1,(1@1,1@0))">
func.func @zipped_divide_basis(%a: !cute.layout<"(128,64):(1@1,1@0)">, %b: !cute.layout<"2:64@0">) {
  %0 = cute.zipped_divide(%a, %b) : (!cute.layout<"(128,64):(1@1,1@0)">, !cute.layout<"2:64@0">) -> !cute.layout<"(2,(64,64)):(64@1,(1@1,1@0))">
  return
}
