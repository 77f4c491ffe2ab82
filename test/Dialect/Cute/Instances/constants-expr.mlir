// cute.constants takes a quoted expression of integer parameters in CuTe
// notation ("D/KU/2"), as warp bounds and max_regs do: a loop's static
// trip count that follows two parameters (decode-attention's
// kernel-sm100.mlir).
// RUN: cute-opt %s | FileCheck %s
// RUN: cute-opt %s --cute-instance=D=256,KU=16 | FileCheck %s --check-prefix=WIDE
// RUN: not cute-opt %s --cute-instance=D=100 2>&1 | FileCheck %s --check-prefix=BAD

// CHECK: cute.constants 8, 128, 3 : i32
// WIDE: cute.constants 8, 256, 3 : i32
// BAD: cannot evaluate "D/KU/2": {{.*}}100 / 8 is not exact

#D = #cute.param<"D", 128 : i32>
#KU = #cute.param<"KU", 8 : i32>
func.func @f() -> (i32, i32, i32) {
  %a, %b, %c = cute.constants "D/KU/2", D, 3 : i32
  return %a, %b, %c : i32, i32, i32
}
