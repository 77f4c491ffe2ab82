// cute.reduce with an initial value: the reduction without it, then
// kind(init, result), with init as the first operand (for a running max,
// the code of `arith.maximumf %m, %r` written by hand).
// RUN: cute-opt %s --cute-lower-reductions | FileCheck %s

// CHECK-LABEL: func.func @thread
// CHECK-SAME: (%[[V:[^:]*]]: vector<8xf32>, %[[M:[^:]*]]: f32, %[[IV:[^:]*]]: vector<4xi32>, %[[I:[^:]*]]: i32)
// CHECK: %[[R:.*]] = vector.reduction <maximumf>, %[[V]] : vector<8xf32> into f32
// CHECK: %[[M2:.*]] = arith.maximumf %[[M]], %[[R]] : f32
// CHECK: %[[S:.*]] = vector.reduction <add>, %[[V]] : vector<8xf32> into f32
// CHECK: arith.addf %[[M]], %[[S]] : f32
// CHECK: %[[P:.*]] = vector.reduction <mul>, %[[IV]] : vector<4xi32> into i32
// CHECK: arith.muli %[[I]], %[[P]] : i32
// CHECK: %[[N:.*]] = vector.reduction <minsi>, %[[IV]] : vector<4xi32> into i32
// CHECK: arith.minsi %[[I]], %[[N]] : i32
// CHECK: vector.reduction <maxsi>
// CHECK: arith.maxsi
// CHECK: vector.reduction <minimumf>
// CHECK: arith.minimumf
func.func @thread(%v: vector<8xf32>, %m: f32, %iv: vector<4xi32>, %i: i32) -> (f32, f32, i32, i32, i32, f32) {
  %m2 = cute.reduce<max, thread>(%v, %m)
  %s = cute.reduce<add, thread>(%v, %m)
  %p = cute.reduce<mul, thread>(%iv, %i)
  %n = cute.reduce<min, thread>(%iv, %i)
  %x = cute.reduce<max, thread>(%iv, %i)
  %y = cute.reduce<min, thread>(%v, %m)
  return %m2, %s, %p, %n, %x, %y : f32, f32, i32, i32, i32, f32
}

// Across threads, each thread's init joins after the reduction.
// CHECK-LABEL: func.func @block
// CHECK-SAME: (%[[X:[^:]*]]: f32, %[[Y:[^:]*]]: f32)
// CHECK: %[[A:.*]] = gpu.all_reduce add %[[X]] uniform
// CHECK: arith.addf %[[Y]], %[[A]] : f32
func.func @block(%x: f32, %y: f32) -> f32 {
  %r = cute.reduce<add, block>(%x, %y)
  return %r : f32
}

// Over modes of a fragment: the init is a vector over the kept modes.
// CHECK-LABEL: func.func @modes
// CHECK-SAME: %[[I:[^:]*]]: vector<2xf32>
// CHECK: %[[R:.*]] = vector.from_elements %{{.*}}, %{{.*}} : vector<2xf32>
// CHECK: arith.maximumf %[[I]], %[[R]] : vector<2xf32>
func.func @modes(%acc: !cute.memref<f32, rmem, align<16>, "(2,4):(1,2)">, %init: vector<2xf32>) -> vector<2xf32> {
  %r = cute.reduce<max, thread>(%acc, %init) {modes = array<i32: 1>}
  return %r : vector<2xf32>
}
