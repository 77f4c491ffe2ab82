// convert-cute-to-llvm lowers a planned cute.smem_alloc to its buffer plus
// its offset; an unplanned one is an error.
// RUN: cute-opt %s --cute-plan-smem --convert-cute-to-llvm | FileCheck %s
// RUN: not cute-opt %s --convert-cute-to-llvm 2>&1 | FileCheck %s --check-prefix=UNPLANNED

// UNPLANNED: error: 'cute.smem_alloc' op has no shared-memory plan; run cute-plan-smem before convert-cute-to-llvm

// CHECK: llvm.mlir.global internal @__cute_smem_tiles() {addr_space = 3 : i32, alignment = 128 : i64} : !llvm.array<144 x i8>
// CHECK-LABEL: gpu.func @tiles
// CHECK: %[[A:.*]] = llvm.mlir.addressof @__cute_smem_tiles : !llvm.ptr<3>
// CHECK: %[[B0:.*]] = llvm.mlir.addressof @__cute_smem_tiles : !llvm.ptr<3>
// CHECK: %[[B:.*]] = llvm.getelementptr %[[B0]][128] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK: llvm.load %[[A]] {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xf32>
// CHECK: llvm.store {{.*}}, %[[B]] {{.*}} : vector<4xf32>, !llvm.ptr<3>
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @tiles() kernel {
      %a = cute.smem_alloc() : !cute.memref<f32, smem, align<16>, "4:1">
      %b = cute.smem_alloc() : !cute.memref<f32, smem, align<128>, "4:1">
      %f = cute.make_fragment() : !cute.memref<f32, rmem, align<16>, "4:1">
      cute.copy(%a, %f) : !cute.memref<f32, smem, align<16>, "4:1">, !cute.memref<f32, rmem, align<16>, "4:1">
      cute.copy(%f, %b) : !cute.memref<f32, rmem, align<16>, "4:1">, !cute.memref<f32, smem, align<128>, "4:1">
      gpu.return
    }
  }
}
