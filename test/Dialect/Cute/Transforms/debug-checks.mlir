// RUN: cute-opt %s --allow-unregistered-dialect --cute-expand-ops | FileCheck %s --check-prefix=OFF
// RUN: cute-opt %s --allow-unregistered-dialect --cute-expand-ops=debug-checks=true | FileCheck %s

// CuTe's composition checks its divisibility conditions only when the
// values are static. The issue's example, ((1,5,8),2):((1,1,5),40) o 10:8,
// gives 8*i when static (coalesced first) but 10*i with dynamic shapes, and
// the dynamic computation relies on "the rhs stride 8 is a multiple of, or
// less than, each mode's shape", false for the mode of size 5. With
// debug-checks, the expanded code tests each such condition at run time and
// traps (printing the op, the rule and the operands' dynamic values).

// OFF-NOT: cf.assert
// OFF-NOT: gpu.printf

// CHECK-LABEL: func.func @dynamic_composition
func.func @dynamic_composition(%a: !cute.layout<"((?,?,8),2):((1,1,5),40)">) {
  %b = cute.static : !cute.layout<"10:8">
  // CHECK: scf.if %[[OK:.*]] {
  // CHECK-NEXT: } else {
  // CHECK-NEXT: gpu.printf "cute: 'cute.composition' precondition violated at run time: stride divisibility: at lhs mode 0, the remaining rhs stride must be a multiple of, or less than, the mode's shape
  // CHECK-SAME: dynamic operand values: %lld %lld
  // CHECK: cf.assert %[[OK]], "'cute.composition' precondition violated at run time: stride divisibility: at lhs mode 0
  // CHECK: cf.assert %{{.*}}, "'cute.composition' precondition violated at run time: shape divisibility: at lhs mode 0
  %r = cute.composition(%a, %b)
  "test.use"(%r) : (!cute.layout<"(?,?,?):(8,?,?{div=5})">) -> ()
  return
}

// Where ?{div=N} facts prove the conditions, nothing is checked.
// CHECK-LABEL: func.func @proven
// CHECK-NOT: cf.assert
// CHECK-LABEL: func.func @unproven
// CHECK: cf.assert %{{.*}}, "'cute.composition' precondition violated at run time: shape divisibility: at lhs mode 0
func.func @proven(%a: !cute.layout<"(?{div=16},?):(1,?)">) {
  %b = cute.static : !cute.layout<"8:1">
  %r = cute.composition(%a, %b)
  "test.use"(%r) : (!cute.layout<"(?{div=8},?):(1,?)">) -> ()
  return
}
func.func @unproven(%a: !cute.layout<"(?,?):(1,?)">) {
  %b = cute.static : !cute.layout<"8:1">
  %r = cute.composition(%a, %b)
  "test.use"(%r) : (!cute.layout<"(?,?):(1,?)">) -> ()
  return
}

