// A column count that is an attribute but not an integer is named.
// RUN: not cute-opt %s 2>&1 | FileCheck %s

// CHECK: error: custom op 'cute_nvgpu.tmem_alloc' expected an integer, an integer instance parameter or a quoted expression of them, got #cute.shape<"128">
#BN = #cute.param<"BN", 128 : i32>
func.func @not_an_integer(%slot: !cute.memref<i32, smem, align<4>, "1:1">) {
  cute_nvgpu.tmem_alloc %slot, columns = #cute.shape<"BN">
  return
}
