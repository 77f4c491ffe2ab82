// RUN: not cute-opt %s 2>&1 | FileCheck %s
// A name in CuTe notation must be a declared integer parameter, declared
// before its first use.
!T = !cute.param<"T", f32>
#A = #cute.param<"A", 4 : i32>
#A2 = #cute.param<"A", 8 : i32>
module {
  func.func @f() {
    %s = cute.smem_alloc() : !cute.memref<f32, smem, align<16>, "(A,B):(1,A)">
    return
  }
}
// CHECK: error: instance parameter 'A' is declared twice
