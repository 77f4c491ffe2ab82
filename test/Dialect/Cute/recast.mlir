// cute.recast: pointers and tensors seen as elements of another width
// (CuTe's recast_ptr / recast, layouts by recast_layout). Full and short
// forms print back to the same IR.
// RUN: cute-opt %s | FileCheck %s
// RUN: cute-opt %s --cute-print-short | FileCheck %s --check-prefix=SHORT
// RUN: cute-opt %s --cute-print-short | cute-opt > %t.short
// RUN: cute-opt %s > %t.full
// RUN: diff %t.short %t.full

// CHECK-LABEL: func.func @pointers
func.func @pointers(%p: !cute.ptr<f16, gmem, align<16>>, %q: !cute.ptr<i8, smem, align<128>>) {
  // CHECK: cute.recast(%arg0) {elem_type = f32} : !cute.ptr<f16, gmem, align<16>> -> !cute.ptr<f32, gmem, align<16>>
  // SHORT: cute.recast(%arg0) {elem_type = f32}{{$}}
  %a = cute.recast(%p) {elem_type = f32}
  // Packed FP4: two values per byte.
  // CHECK: cute.recast(%arg1) {elem_type = f4E2M1FN} : !cute.ptr<i8, smem, align<128>> -> !cute.ptr<f4E2M1FN, smem, align<128>>
  %b = cute.recast(%q) {elem_type = f4E2M1FN}
  return
}

// CHECK-LABEL: func.func @tensors
func.func @tensors(%t: !cute.memref<f16, smem, align<128>, S<3,4,3>, "(64,64):(64,1)">,
                   %f: !cute.memref<f4E2M1FN, gmem, align<16>, "(64,128):(128,1)">,
                   %g: !cute.memref<f16, gmem, align<16>, "(?,?{div=8}):(?{div=8},1)">,
                   %r: !cute.memref<f32, rmem, align<16>, "(4,(2,8)):(1,(0,4))">) {
  // Upcast: the contiguous mode and the other strides halve; so does M.
  // CHECK: cute.recast(%arg0) {elem_type = f32} : !cute.memref<f16, smem, align<128>, S<3,4,3>, "(64,64):(64,1)"> -> !cute.memref<f32, smem, align<128>, S<3,3,3>, "(64,32):(32,1)">
  %a = cute.recast(%t) {elem_type = f32}
  // 8 bytes at a time, the types written out (checked against the inferred).
  // CHECK: -> !cute.memref<i64, smem, align<128>, S<3,2,3>, "(64,16):(16,1)">
  %v = cute.recast(%t) {elem_type = i64} : !cute.memref<f16, smem, align<128>, S<3,4,3>, "(64,64):(64,1)"> -> !cute.memref<i64, smem, align<128>, S<3,2,3>, "(64,16):(16,1)">
  // Downcast: the contiguous mode and the other strides double.
  // CHECK: -> !cute.memref<i8, smem, align<128>, S<3,5,3>, "(64,128):(128,1)">
  %b = cute.recast(%t) {elem_type = i8}
  // FP4 <-> bytes.
  // CHECK: -> !cute.memref<i8, gmem, align<16>, "(64,64):(64,1)">
  %c = cute.recast(%f) {elem_type = i8}
  // CHECK: -> !cute.memref<f4E2M1FN, gmem, align<16>, "(64,128):(128,1)">
  %d = cute.recast(%c) {elem_type = f4E2M1FN}
  // Dynamic leaves divide at run time, their known divisors too.
  // CHECK: -> !cute.memref<i32, gmem, align<16>, "(?,?{div=4}):(?{div=4},1)">
  %e = cute.recast(%g) {elem_type = i32}
  // A broadcast (stride-0) mode stays one.
  // CHECK: -> !cute.memref<f16, rmem, align<16>, "(8,(2,8)):(1,(0,8))">
  %h = cute.recast(%r) {elem_type = f16}
  return
}
