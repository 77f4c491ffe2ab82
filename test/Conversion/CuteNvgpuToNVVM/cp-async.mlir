// convert-cute-nvgpu-to-nvvm of cute.copy with #cute_nvgpu.cp_async and the
// group ops. Hand derivation (element offsets -> byte offsets):
// @cg: bf16 (8,2):(1,4096) -> (8,2):(1,1024), 16-byte aligned: two 16-byte
// cp.async.cg, gmem bytes 0 and 8192, smem bytes 0 and 2048.
// @ca8: f32 (2,4):(1,64) -> (2,4):(1,2), 8-byte aligned: four 8-byte
// cp.async.ca, gmem bytes 0, 256, 512, 768, smem bytes 0, 8, 16, 24.
// @ca4: a 32-bit atom moves one f32 each: 4:1 -> 4:1, smem bytes 0 .. 12.
// @swizzled: bf16 (8,2):(1,64) into S<3,3,3> smem: the byte address
// a + 0 and a + 128 go through Swizzle<3,4,3> in bytes (element base 3
// moved up by log2(2 bytes)): x ^ ((x & 0x380) >> 3).
// RUN: cute-opt %s --convert-cute-nvgpu-to-nvvm | FileCheck %s
// RUN: cute-opt %s --convert-cute-nvgpu-to-nvvm --convert-cute-to-llvm --reconcile-unrealized-casts | FileCheck %s --check-prefix=LLVM

// CHECK-LABEL: func.func @cg(
// CHECK: %[[G:.+]] = builtin.unrealized_conversion_cast %arg0 : {{.*}} to !llvm.ptr<1>
// CHECK: %[[S:.+]] = builtin.unrealized_conversion_cast %arg1 : {{.*}} to !llvm.ptr<3>
// CHECK: nvvm.cp.async.shared.global %[[S]], %[[G]], 16, cache = cg
// CHECK: %[[G1:.+]] = llvm.getelementptr %[[G]][8192] : (!llvm.ptr<1>) -> !llvm.ptr<1>, i8
// CHECK: %[[S1:.+]] = llvm.getelementptr %[[S]][2048] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK: nvvm.cp.async.shared.global %[[S1]], %[[G1]], 16, cache = cg
// CHECK-NOT: cp.async.shared
// CHECK: nvvm.cp.async.commit.group
// CHECK: nvvm.cp.async.wait.group 1
// CHECK: return
// LLVM-LABEL: func.func @cg(%arg0: !llvm.ptr<1>, %arg1: !llvm.ptr<3>)
// LLVM: nvvm.cp.async.shared.global %arg1, %arg0, 16, cache = cg
// LLVM: llvm.getelementptr %arg0[8192]
// LLVM: nvvm.cp.async.shared.global
func.func @cg(%g: !cute.memref<bf16, gmem, align<16>, "(8,2):(1,4096)">, %s: !cute.memref<bf16, smem, align<16>, "(8,2):(1,1024)">) {
  cute.copy(%g, %s) {atom = #cute_nvgpu.cp_async<128>} : !cute.memref<bf16, gmem, align<16>, "(8,2):(1,4096)">, !cute.memref<bf16, smem, align<16>, "(8,2):(1,1024)">
  cute_nvgpu.cp_async_commit
  cute_nvgpu.cp_async_wait 1
  return
}

// CHECK-LABEL: func.func @ca8(
// CHECK: nvvm.cp.async.shared.global %{{.+}}, %{{.+}}, 8, cache = ca
// CHECK: llvm.getelementptr %{{.+}}[256] : (!llvm.ptr<1>) -> !llvm.ptr<1>, i8
// CHECK: llvm.getelementptr %{{.+}}[8] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK: nvvm.cp.async.shared.global %{{.+}}, %{{.+}}, 8, cache = ca
// CHECK: llvm.getelementptr %{{.+}}[512] : (!llvm.ptr<1>) -> !llvm.ptr<1>, i8
// CHECK: llvm.getelementptr %{{.+}}[16] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK: nvvm.cp.async.shared.global %{{.+}}, %{{.+}}, 8, cache = ca
// CHECK: llvm.getelementptr %{{.+}}[768] : (!llvm.ptr<1>) -> !llvm.ptr<1>, i8
// CHECK: llvm.getelementptr %{{.+}}[24] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK: nvvm.cp.async.shared.global %{{.+}}, %{{.+}}, 8, cache = ca
// CHECK-NOT: cp.async.shared
// CHECK: return
func.func @ca8(%g: !cute.memref<f32, gmem, align<8>, "(2,4):(1,64)">, %s: !cute.memref<f32, smem, align<16>, "(2,4):(1,2)">) {
  cute.copy(%g, %s) {atom = #cute_nvgpu.cp_async<128>} : !cute.memref<f32, gmem, align<8>, "(2,4):(1,64)">, !cute.memref<f32, smem, align<16>, "(2,4):(1,2)">
  return
}

// CHECK-LABEL: func.func @ca4(
// CHECK-COUNT-4: nvvm.cp.async.shared.global %{{.+}}, %{{.+}}, 4, cache = ca
// CHECK-NOT: cp.async.shared
// CHECK: return
func.func @ca4(%g: !cute.memref<f32, gmem, align<16>, "4:1">, %s: !cute.memref<f32, smem, align<16>, "4:1">) {
  cute.copy(%g, %s) {atom = #cute_nvgpu.cp_async<32>} : !cute.memref<f32, gmem, align<16>, "4:1">, !cute.memref<f32, smem, align<16>, "4:1">
  return
}

// CHECK-LABEL: func.func @swizzled(
// CHECK: %[[S:.+]] = builtin.unrealized_conversion_cast %arg1 : {{.*}} to !llvm.ptr<3>
// CHECK: %[[X0:.+]] = llvm.ptrtoint %[[S]] : !llvm.ptr<3> to i32
// CHECK-NOT: arith.addi
// CHECK: %[[M0:.+]] = arith.andi %[[X0]], %c896_i32
// CHECK: %[[H0:.+]] = arith.shrui %[[M0]], %c3_i32
// CHECK: %[[W0:.+]] = arith.xori %[[X0]], %[[H0]]
// CHECK: %[[P0:.+]] = llvm.inttoptr %[[W0]] : i32 to !llvm.ptr<3>
// CHECK: nvvm.cp.async.shared.global %[[P0]], %{{.+}}, 16, cache = cg
// CHECK: %[[A1:.+]] = llvm.ptrtoint %[[S]] : !llvm.ptr<3> to i32
// CHECK: %[[X1:.+]] = arith.addi %[[A1]], %c128_i32
// CHECK: arith.andi %[[X1]], %c896_i32
// CHECK: nvvm.cp.async.shared.global
// CHECK-NOT: cp.async.shared
// CHECK: return
func.func @swizzled(%g: !cute.memref<bf16, gmem, align<16>, "(8,2):(1,4096)">, %s: !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "(8,2):(1,64)">) {
  cute.copy(%g, %s) {atom = #cute_nvgpu.cp_async<128>} : !cute.memref<bf16, gmem, align<16>, "(8,2):(1,4096)">, !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "(8,2):(1,64)">
  return
}

// cp_async_mbarrier_arrive: the barrier's shared pointer, noinc as written.
// CHECK-LABEL: func.func @arrive(
// CHECK: %[[B:.+]] = builtin.unrealized_conversion_cast %arg0 : !cute_nvgpu.mbarrier to !llvm.ptr<3>
// CHECK: nvvm.cp.async.mbarrier.arrive %[[B]] {noinc = true} : !llvm.ptr<3>
// CHECK: nvvm.cp.async.mbarrier.arrive %[[B]] : !llvm.ptr<3>
// CHECK: return
func.func @arrive(%bar: !cute_nvgpu.mbarrier) {
  cute_nvgpu.cp_async_mbarrier_arrive %bar noinc
  cute_nvgpu.cp_async_mbarrier_arrive %bar
  return
}
