// RUN: cute-opt %s --convert-cute-to-llvm | FileCheck %s

// An i1 tensor holds one byte per element (make_predicate stores an i1 per
// element), so cute.load/cute.store of one move element by element: a
// vector<4xi1> in memory would be bit-packed into one byte.
// CHECK-LABEL: func.func @predicate_roundtrip
func.func @predicate_roundtrip(%c: !cute.coord_tensor<"?", "4:1">, %n: !cute.int_tuple<"?">) -> vector<4xi1> {
  %p = cute.make_predicate(%c, %n)
  // CHECK-COUNT-4: llvm.load %{{.*}} {alignment = 1 : i64} : !llvm.ptr -> i1
  // CHECK-NOT: llvm.load %{{.*}} : !llvm.ptr -> vector<4xi1>
  %v = cute.load(%p)
  // CHECK-COUNT-4: llvm.store %{{.*}}, %{{.*}} {alignment = 1 : i64} : i1, !llvm.ptr
  cute.store(%v, %p)
  return %v : vector<4xi1>
}

// The full-tile test of masked copies: with non-negative offsets from the
// base, one comparison per mode (the largest coordinate against the bound).
// CHECK-LABEL: func.func @all_in_bounds
func.func @all_in_bounds(%c: !cute.coord_tensor<"(?,?)", "(2,4):(1@0,1@1)">, %n: !cute.int_tuple<"(?,?)">) -> i1 {
  // CHECK-COUNT-2: arith.cmpi slt
  // CHECK-NOT: arith.cmpi slt
  %a = cute.all_in_bounds(%c, %n) : !cute.coord_tensor<"(?,?)", "(2,4):(1@0,1@1)">, !cute.int_tuple<"(?,?)">
  return %a : i1
}

// One row of a 2-D tile (a thread's 32 columns: local_partition by
// "(128,1)"): every offset is a single basis element 0..31@1, still one
// comparison per mode (it once lost its mode and threw).
// CHECK-LABEL: func.func @all_in_bounds_row
func.func @all_in_bounds_row(%c: !cute.coord_tensor<"(?,?)", "(1,32):(0,1@1)">, %n: !cute.int_tuple<"(?,?)">) -> i1 {
  // CHECK-COUNT-2: arith.cmpi slt
  // CHECK-NOT: arith.cmpi slt
  %a = cute.all_in_bounds(%c, %n) : !cute.coord_tensor<"(?,?)", "(1,32):(0,1@1)">, !cute.int_tuple<"(?,?)">
  return %a : i1
}
