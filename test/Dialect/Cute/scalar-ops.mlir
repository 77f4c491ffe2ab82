// cute.constants, the i32 grid indices and the element-wise ops: the
// printed form parses back to the same IR, in the pretty and the generic
// form, and with --cute-print-short.
// RUN: cute-opt %s | FileCheck %s
// RUN: cute-opt %s | cute-opt | FileCheck %s
// RUN: cute-opt %s > %t.pretty
// RUN: cute-opt %s --mlir-print-op-generic | cute-opt > %t.generic
// RUN: diff %t.pretty %t.generic
// RUN: cute-opt %s --cute-print-short | cute-opt > %t.short
// RUN: diff %t.pretty %t.short
// RUN: cute-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @constants
// Groups of one type print with one `: type`; floats as MLIR prints them
// (infinities and NaNs as bit patterns), i1 as true/false.
// CHECK: %{{.*}}:12 = cute.constants 0, -1, 2048 : i32, 0xFF800000, 5.000000e-01, 1.000000e+00 : f32, 7 : index, true, false : i1, 0xFF80, 2.000000e+00 : bf16, 4294967295 : i64
// GENERIC: "cute.constants"() <{values = [0 : i32, -1 : i32, 2048 : i32, 0xFF800000 : f32, 5.000000e-01 : f32, 1.000000e+00 : f32, 7 : index, true, false, 0xFF80 : bf16, 2.000000e+00 : bf16, 4294967295]}>
func.func @constants() -> (i32, f32, f32, bf16, i64) {
  // A decimal integer for a float type is its value; a hex literal its bits.
  %a, %b, %c, %ninf, %half, %one, %n, %t, %f, %bninf, %two, %big = cute.constants 0, -1, 2048 : i32, 0xFF800000, 0.5, 1 : f32, 7 : index, true, false : i1, 0xFF80, 2 : bf16, 4294967295 : i64
  return %c, %ninf, %half, %bninf, %big : i32, f32, f32, bf16, i64
}

// CHECK-LABEL: func.func @one
// CHECK: cute.constants 1.44269502 : f32
func.func @one() -> f32 {
  %log2e = cute.constants 1.44269504 : f32
  return %log2e : f32
}

// CHECK-LABEL: func.func @indices
// CHECK: cute.thread_idx x
// CHECK: cute.thread_idx z
// CHECK: cute.block_idx y
// CHECK: cute.block_dim x
// CHECK: cute.grid_dim z
// CHECK: cute.lane_idx
// GENERIC: "cute.thread_idx"() <{dimension = #cute<dim x>}> : () -> i32
func.func @indices() -> (i32, i32, i32, i32, i32, i32) {
  %t = cute.thread_idx x
  %tz = cute.thread_idx z
  %b = cute.block_idx y
  %bd = cute.block_dim x
  %gd = cute.grid_dim z
  %l = cute.lane_idx
  return %t, %tz, %b, %bd, %gd, %l : i32, i32, i32, i32, i32, i32
}

// CHECK-LABEL: func.func @elementwise
// CHECK: cute.sub(%arg0, %arg1) : (vector<8xf32>, f32) -> vector<8xf32>
// CHECK: cute.mul(%arg1, %{{.*}}) : (f32, vector<8xf32>) -> vector<8xf32>
// CHECK: cute.add(%arg0, %arg0) : (vector<8xf32>, vector<8xf32>) -> vector<8xf32>
// CHECK: cute.div(%arg1, %arg1) : (f32, f32) -> f32
// CHECK: cute.max(%arg2, %arg3) : (vector<4xi32>, i32) -> vector<4xi32>
// CHECK: cute.min(%arg2, %arg3) : (vector<4xi32>, i32) -> vector<4xi32>
func.func @elementwise(%v: vector<8xf32>, %s: f32, %iv: vector<4xi32>, %i: i32) -> (vector<8xf32>, f32, vector<4xi32>, vector<4xi32>) {
  %d = cute.sub(%v, %s)
  %p = cute.mul(%s, %d) : (f32, vector<8xf32>) -> vector<8xf32>
  %q = cute.add(%v, %v)
  %r = cute.div(%s, %s)
  %mx = cute.max(%iv, %i)
  %mn = cute.min(%iv, %i) : vector<4xi32>, i32
  return %q, %r, %mx, %mn : vector<8xf32>, f32, vector<4xi32>, vector<4xi32>
}

// CHECK-LABEL: func.func @reduce_init
// CHECK: cute.reduce<max, thread>(%arg0, %arg1) : vector<8xf32>, f32
// CHECK: cute.reduce<add, block>(%arg2, %arg3) : i32, i32
func.func @reduce_init(%v: vector<8xf32>, %m: f32, %x: i32, %y: i32) -> (f32, i32) {
  %m2 = cute.reduce<max, thread>(%v, %m)
  %s = cute.reduce<add, block>(%x, %y) : i32, i32
  return %m2, %s : f32, i32
}
