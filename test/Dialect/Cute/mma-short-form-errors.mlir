// The short form of cute.mma_partition and cute.gemm: written types are
// checked, values used before their definition need their types written.
// RUN: cute-opt %s -split-input-file -verify-diagnostics -o /dev/null

func.func @wrong_result(%g: !cute.memref<bf16, gmem, align<16>, "(16,16):(16,1)">, %tid: i32) {
  // expected-error @+2 {{'cute.mma_partition' op inferred type(s) '!cute.memref<bf16, gmem, align<4>, "((2,2,2),1,1):((1,128,8),0,0)">' are incompatible with return type(s) of operation '!cute.memref<bf16, gmem, align<4>, "((2,2,2),1,1):((1,128,16),0,0)">'}}
  // expected-error @+1 {{'cute.mma_partition' op failed to infer returned types}}
  %t = cute.mma_partition "A" of #cute.tiled_mma<#cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32>, #cute.layout<"(1,1,1):(0,0,0)">> (%g, %tid) -> !cute.memref<bf16, gmem, align<4>, "((2,2,2),1,1):((1,128,16),0,0)">
  return
}

// -----

func.func @wrong_operand_type(%a: !cute.memref<bf16, rmem, align<16>, "8:1">, %b: !cute.memref<bf16, rmem, align<8>, "4:1">, %c: !cute.memref<f32, rmem, align<16>, "4:1">) {
  // expected-note @-1 {{prior use here}}
  // expected-error @+1 {{use of value '%c' expects different type than prior uses: '!cute.memref<f16, rmem, align<16>, "4:1">' vs '!cute.memref<f32, rmem, align<16>, "4:1">'}}
  cute.gemm #cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32> (%a, %b, %c) : !cute.memref<bf16, rmem, align<16>, "8:1">, !cute.memref<bf16, rmem, align<8>, "4:1">, !cute.memref<f16, rmem, align<16>, "4:1">
  return
}

// -----

func.func @used_before_defined(%a: !cute.memref<bf16, rmem, align<16>, "8:1">, %b: !cute.memref<bf16, rmem, align<8>, "4:1">) {
  cf.br ^bb1
^bb2:
  // expected-error @+1 {{the type of '%c' is not known here (it is used before its definition); write this op's types}}
  cute.gemm #cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32> (%a, %b, %c)
  return
^bb1:
  %c = cute.make_fragment() : !cute.memref<f32, rmem, align<16>, "4:1">
  cf.br ^bb2
}
