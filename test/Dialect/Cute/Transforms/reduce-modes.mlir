// RUN: cute-opt %s | cute-opt | FileCheck %s --check-prefix=PARSE
// RUN: cute-opt %s --cute-lower-reductions | FileCheck %s

// Reductions over modes of a register fragment: the result is a vector over
// the kept modes (first kept mode fastest). Element i of the fragment is its
// logical (colexicographic) index over (2,4): i = r + 2*c.

// PARSE-LABEL: func.func @rows
// PARSE: cute.reduce<max, thread>(%arg0) {modes = array<i32: 1>} : !cute.memref<f32, rmem, align<16>, "(2,4):(1,2)">
// CHECK-LABEL: func.func @rows
// CHECK: %[[ALL:.*]] = cute.load(%arg0)
// CHECK: %[[A0:.*]] = vector.extract %[[ALL]][0]
// CHECK: %[[A2:.*]] = vector.extract %[[ALL]][2]
// CHECK: %[[A4:.*]] = vector.extract %[[ALL]][4]
// CHECK: %[[A6:.*]] = vector.extract %[[ALL]][6]
// CHECK: %[[R0V:.*]] = vector.from_elements %[[A0]], %[[A2]], %[[A4]], %[[A6]] : vector<4xf32>
// CHECK: %[[R0:.*]] = vector.reduction <maximumf>, %[[R0V]]
// CHECK: vector.extract %[[ALL]][1]
// CHECK: vector.extract %[[ALL]][3]
// CHECK: vector.extract %[[ALL]][5]
// CHECK: vector.extract %[[ALL]][7]
// CHECK: %[[R1:.*]] = vector.reduction <maximumf>
// CHECK: %[[R:.*]] = vector.from_elements %[[R0]], %[[R1]] : vector<2xf32>
// CHECK: return %[[R]] : vector<2xf32>
func.func @rows(%acc: !cute.memref<f32, rmem, align<16>, "(2,4):(1,2)">) -> vector<2xf32> {
  %r = cute.reduce<max, thread>(%acc) {modes = array<i32: 1>}
  return %r : vector<2xf32>
}

// Columns, then across the warp: one shuffle reduction per result element.
// CHECK-LABEL: func.func @columns_warp
// CHECK: vector.extract %{{.*}}[0]
// CHECK: vector.extract %{{.*}}[1]
// CHECK: vector.reduction <add>
// CHECK: gpu.subgroup_reduce add
// CHECK-COUNT-3: gpu.subgroup_reduce add
// CHECK: vector.from_elements %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : vector<4xf32>
func.func @columns_warp(%acc: !cute.memref<f32, rmem, align<16>, "(2,4):(1,2)">) -> vector<4xf32> {
  %c = cute.reduce<add, warp>(%acc) {modes = array<i32: 0>}
  return %c : vector<4xf32>
}

// Every mode (no `modes`): a scalar.
// CHECK-LABEL: func.func @all
// CHECK: vector.reduction <minimumf>, %{{.*}} : vector<8xf32> into f32
func.func @all(%acc: !cute.memref<f32, rmem, align<16>, "(2,4):(1,2)">) -> f32 {
  %m = cute.reduce<min, thread>(%acc)
  return %m : f32
}
