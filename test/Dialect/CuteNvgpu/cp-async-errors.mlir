// RUN: cute-opt %s -split-input-file -verify-diagnostics

// One case per rule of the #cute_nvgpu.cp_async copy atom and its group ops.

// expected-error@+1 {{#cute_nvgpu.cp_async: bits is the widest access (32, 64 or 128: cp.async of 4, 8 or 16 bytes), but got 16}}
func.func private @bits() attributes {a = #cute_nvgpu.cp_async<16>}
// -----
func.func @src_smem(%a: !cute.memref<f32, smem, align<16>, "4:1">, %b: !cute.memref<f32, smem, align<16>, "4:1">) {
  // expected-error@+1 {{with cp_async expects the src to be a gmem tensor (cp.async reads global memory), but got '!cute.memref<f32, smem, align<16>, "4:1">'}}
  cute.copy(%a, %b) {atom = #cute_nvgpu.cp_async<128>}
  return
}
// -----
func.func @dst_rmem(%a: !cute.memref<f32, gmem, align<16>, "4:1">, %b: !cute.memref<f32, rmem, align<16>, "4:1">) {
  // expected-error@+1 {{with cp_async expects the dst to be an smem tensor (cp.async writes shared memory), but got '!cute.memref<f32, rmem, align<16>, "4:1">'}}
  cute.copy(%a, %b) {atom = #cute_nvgpu.cp_async<128>}
  return
}
// -----
func.func @pred(%a: !cute.memref<f32, gmem, align<16>, "4:1">, %b: !cute.memref<f32, smem, align<16>, "4:1">, %p: !cute.memref<i1, rmem, align<1>, "4:1">) {
  // expected-error@+1 {{with cp_async copies whole accesses: a predicate (or masked copy) is not supported; clamp the source coordinates instead}}
  cute.copy(%a, %b, %p) {atom = #cute_nvgpu.cp_async<128>}
  return
}
// -----
func.func @dynamic(%a: !cute.memref<f32, gmem, align<16>, "4:?">, %b: !cute.memref<f32, smem, align<16>, "4:1">) {
  // expected-error@+1 {{with cp_async expects a src with a static layout (slice a dynamic view down to the thread's part first), but got "4:?"}}
  cute.copy(%a, %b) {atom = #cute_nvgpu.cp_async<128>}
  return
}
// -----
// Two bf16 elements are contiguous in the dst only: 2-byte accesses.
func.func @narrow(%a: !cute.memref<bf16, gmem, align<16>, "(2,4):(1,2)">, %b: !cute.memref<bf16, smem, align<16>, "(2,4):(4,1)">) {
  // expected-error@+1 {{with cp_async moves 4, 8 or 16 bytes per access, but this copy's plan moves 1 element(s) of 16 bits (16 bits) per access (the contiguous, aligned run both tensors share)}}
  cute.copy(%a, %b) {atom = #cute_nvgpu.cp_async<128>}
  return
}
// -----
func.func @wait() {
  // expected-error@+1 {{'cute_nvgpu.cp_async_wait' op attribute 'pending' failed to satisfy constraint: 32-bit signless integer attribute whose minimum value is 0 whose maximum value is 63}}
  cute_nvgpu.cp_async_wait 64
  return
}
