// RUN: not cute-opt %s 2>&1 | FileCheck %s
!T = !cute.param<"T", f32>
#A = #cute.param<"A", 4 : i32>
module {
  func.func @f() {
    %s = cute.smem_alloc() : !cute.memref<f32, smem, align<16>, "(A,B):(1,A)">
    %t = cute.smem_alloc() : !cute.memref<f32, smem, align<16>, "(T,2):(1,4)">
    return
  }
}
// CHECK: 'B' is not an integer instance parameter (declare it with #cute.param<"B", ...> before its first use)
