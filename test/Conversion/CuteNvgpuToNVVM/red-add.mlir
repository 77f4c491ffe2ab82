// convert-cute-nvgpu-to-nvvm of cute.copy with #cute_nvgpu.red_add: one
// red.relaxed.gpu.global.add per access of the copy plan. Hand derivation:
// @v4: dst (4,2):(1,1024), 16-byte aligned: two accesses of 4 contiguous
// floats at elements 0 and 1024 (bytes 0 and 4096), fragment elements 0..3
// and 4..7. @v2: (2,4):(1,64), 8-byte aligned: four .v2 at 0, 64, 128, 192.
// @pred: a predicated copy reduces element by element (4:2: elements 0, 2,
// 4, 6), each under its i1.
// RUN: cute-opt %s --convert-cute-nvgpu-to-nvvm | FileCheck %s
// RUN: cute-opt %s --convert-cute-nvgpu-to-nvvm --convert-cute-to-llvm --reconcile-unrealized-casts | FileCheck %s --check-prefix=LLVM

// CHECK-LABEL: func.func @v4(
// CHECK: %[[F:.+]] = builtin.unrealized_conversion_cast %arg0 : {{.*}} to !llvm.ptr
// CHECK: %[[W:.+]] = builtin.unrealized_conversion_cast %arg1 : {{.*}} to !llvm.ptr<1>
// CHECK: %[[E0:.+]] = llvm.load %[[F]]
// CHECK: llvm.getelementptr %[[F]][3] : (!llvm.ptr) -> !llvm.ptr, f32
// CHECK: %[[A0:.+]] = llvm.ptrtoint %[[W]] : !llvm.ptr<1> to i64
// CHECK: llvm.inline_asm has_side_effects {{.*}}"red.relaxed.gpu.global.add.v4.f32 [$0], {$1, $2, $3, $4};", "l,f,f,f,f" %[[A0]], %[[E0]],
// CHECK: llvm.getelementptr %[[F]][4] : (!llvm.ptr) -> !llvm.ptr, f32
// CHECK: %[[P1:.+]] = llvm.getelementptr %[[W]][1024] : (!llvm.ptr<1>) -> !llvm.ptr<1>, f32
// CHECK: %[[A1:.+]] = llvm.ptrtoint %[[P1]]
// CHECK: "red.relaxed.gpu.global.add.v4.f32 [$0], {$1, $2, $3, $4};", "l,f,f,f,f" %[[A1]],
// CHECK-NOT: red.
// CHECK: return
// After convert-cute-to-llvm the casts are gone: the fragment and the
// workspace are the function's pointers.
// LLVM-LABEL: func.func @v4(%arg0: !llvm.ptr, %arg1: !llvm.ptr<1>)
// LLVM: %[[A:.+]] = llvm.ptrtoint %arg1 : !llvm.ptr<1> to i64
// LLVM: red.relaxed.gpu.global.add.v4.f32 {{.*}} %[[A]],
// LLVM: llvm.getelementptr %arg1[1024]
// LLVM: red.relaxed.gpu.global.add.v4.f32
func.func @v4(%acc: !cute.memref<f32, rmem, align<16>, "8:1">, %ws: !cute.memref<f32, gmem, align<16>, "(4,2):(1,1024)">) {
  cute.copy(%acc, %ws) {atom = #cute_nvgpu.red_add<128>}
  return
}

// CHECK-LABEL: func.func @v2(
// CHECK: "red.relaxed.gpu.global.add.v2.f32 [$0], {$1, $2};", "l,f,f"
// CHECK: llvm.getelementptr %{{.+}}[64] : (!llvm.ptr<1>) -> !llvm.ptr<1>, f32
// CHECK: "red.relaxed.gpu.global.add.v2.f32 [$0], {$1, $2};"
// CHECK: llvm.getelementptr %{{.+}}[128] : (!llvm.ptr<1>) -> !llvm.ptr<1>, f32
// CHECK: "red.relaxed.gpu.global.add.v2.f32 [$0], {$1, $2};"
// CHECK: llvm.getelementptr %{{.+}}[192] : (!llvm.ptr<1>) -> !llvm.ptr<1>, f32
// CHECK: "red.relaxed.gpu.global.add.v2.f32 [$0], {$1, $2};"
// CHECK-NOT: red.
// CHECK: return
func.func @v2(%acc: !cute.memref<f32, rmem, align<16>, "8:1">, %ws: !cute.memref<f32, gmem, align<8>, "(2,4):(1,64)">) {
  cute.copy(%acc, %ws) {atom = #cute_nvgpu.red_add<128>}
  return
}

// 32-bit atoms never vectorize.
// CHECK-LABEL: func.func @scalar(
// CHECK-COUNT-4: "red.relaxed.gpu.global.add.f32 [$0], $1;", "l,f"
// CHECK-NOT: red.
// CHECK: return
func.func @scalar(%acc: !cute.memref<f32, rmem, align<16>, "4:1">, %ws: !cute.memref<f32, gmem, align<16>, "4:1">) {
  cute.copy(%acc, %ws) {atom = #cute_nvgpu.red_add<32>}
  return
}

// CHECK-LABEL: func.func @pred(
// CHECK: %[[Q:.+]] = builtin.unrealized_conversion_cast %arg2 : {{.*}} to !llvm.ptr
// CHECK: %[[B0:.+]] = llvm.load %[[Q]] {{.*}} : !llvm.ptr -> i1
// CHECK: scf.if %[[B0]] {
// CHECK: "red.relaxed.gpu.global.add.f32 [$0], $1;"
// CHECK: llvm.getelementptr %[[Q]][3] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK: scf.if
// CHECK: llvm.getelementptr %{{.+}}[6] : (!llvm.ptr<1>) -> !llvm.ptr<1>, f32
// CHECK: "red.relaxed.gpu.global.add.f32 [$0], $1;"
func.func @pred(%acc: !cute.memref<f32, rmem, align<16>, "4:1">, %ws: !cute.memref<f32, gmem, align<16>, "4:2">, %p: !cute.memref<i1, rmem, align<1>, "4:1">) {
  cute.copy(%acc, %ws, %p) {atom = #cute_nvgpu.red_add<128>}
  return
}
