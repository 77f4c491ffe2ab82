// RUN: cute-opt %s -split-input-file -verify-diagnostics

// One case per rule of the #cute_nvgpu.red_add copy atom.

// expected-error@+1 {{#cute_nvgpu.red_add: bits is the widest reduction (32, 64 or 128: red.add.f32, .v2.f32, .v4.f32), but got 256}}
func.func private @bits() attributes {a = #cute_nvgpu.red_add<256>}
// -----
func.func @src_gmem(%a: !cute.memref<f32, gmem, align<16>, "4:1">, %b: !cute.memref<f32, gmem, align<16>, "4:1">) {
  // expected-error@+1 {{with red_add expects the src to be an rmem fragment (the values added), but got '!cute.memref<f32, gmem, align<16>, "4:1">'}}
  cute.copy(%a, %b) {atom = #cute_nvgpu.red_add<128>}
  return
}
// -----
func.func @dst_smem(%a: !cute.memref<f32, rmem, align<16>, "4:1">, %b: !cute.memref<f32, smem, align<16>, "4:1">) {
  // expected-error@+1 {{with red_add expects the dst to be a gmem tensor (red adds to global memory), but got '!cute.memref<f32, smem, align<16>, "4:1">'}}
  cute.copy(%a, %b) {atom = #cute_nvgpu.red_add<128>}
  return
}
// -----
func.func @bf16(%a: !cute.memref<bf16, rmem, align<16>, "4:1">, %b: !cute.memref<bf16, gmem, align<16>, "4:1">) {
  // expected-error@+1 {{with red_add adds f32 elements (red.add.f32 and its vectors), but the element type is 'bf16'}}
  cute.copy(%a, %b) {atom = #cute_nvgpu.red_add<128>}
  return
}
// -----
func.func @dynamic(%a: !cute.memref<f32, rmem, align<16>, "4:1">, %b: !cute.memref<f32, gmem, align<16>, "4:?">) {
  // expected-error@+1 {{with red_add expects a dst with a static layout (slice a dynamic view down to the thread's part first), but got "4:?"}}
  cute.copy(%a, %b) {atom = #cute_nvgpu.red_add<128>}
  return
}
// -----
func.func @size(%a: !cute.memref<f32, rmem, align<16>, "8:1">, %b: !cute.memref<f32, gmem, align<16>, "4:1">) {
  // expected-error@+1 {{copy needs tensors of equal size, but src 8:1 has 8 elements and dst 4:1 has 4}}
  cute.copy(%a, %b) {atom = #cute_nvgpu.red_add<128>}
  return
}
