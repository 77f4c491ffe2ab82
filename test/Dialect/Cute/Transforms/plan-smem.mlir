// cute-plan-smem: offsets in program order with alignment padding, static
// shared memory up to 48 KiB and dynamic above, the plan on each kernel.
// RUN: cute-opt %s --cute-plan-smem | FileCheck %s
// RUN: cute-opt %s --cute-plan-smem="report=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT
// Planning twice changes nothing.
// RUN: cute-opt %s --cute-plan-smem --cute-plan-smem | FileCheck %s

// CHECK: gpu.module @k

// REPORT: remark: kernel @padded: shared memory 10240 bytes (static): %0 at 0 (200 B, align 16), %1 at 256 (8192 B, align 128), %2 at 9216 (1024 B, align 1024)
// REPORT: remark: kernel @at_limit: shared memory 49152 bytes (static): %0 at 0 (49152 B, align 16)
// REPORT: remark: kernel @over_limit: shared memory 49168 bytes (dynamic): %0 at 0 (49168 B, align 16)
// REPORT: remark: kernel @two_tiles: shared memory 65536 bytes (dynamic): %0 at 0 (32768 B, align 128), %1 at 32768 (32768 B, align 128)
// REPORT: remark: kernel @after_dynamic: shared memory 65536 bytes (dynamic): %0 at 1024 (65536 B, align 16)
// REPORT: remark: kernel @fp4: shared memory 4112 bytes (static): %0 at 0 (4096 B, align 16), %1 at 4096 (16 B, align 16)
// REPORT-NOT: remark

module attributes {gpu.container_module} {
  gpu.module @k {
    // 200 B, then 128-byte alignment (256), then a S<3,3,3> f16 tile that
    // needs 2^9 elements = 1024 bytes (9216).
    // CHECK: llvm.mlir.global internal @__cute_smem_padded() {addr_space = 3 : i32, alignment = 1024 : i64} : !llvm.array<10240 x i8>
    // CHECK-NEXT: gpu.func @padded
    // CHECK-SAME: cute.smem_plan = {align = 1024 : i64, buffer = @__cute_smem_padded, bytes = 10240 : i64, dynamic = false, offsets = array<i64: 0, 256, 9216>}
    // CHECK: cute.smem_alloc() {buffer = @__cute_smem_padded, offset = 0 : i64}
    // CHECK: cute.smem_alloc() {buffer = @__cute_smem_padded, offset = 256 : i64}
    // CHECK: cute.smem_alloc() {buffer = @__cute_smem_padded, offset = 9216 : i64}
    gpu.func @padded() kernel {
      %a = cute.smem_alloc() : !cute.memref<f16, smem, align<16>, "100:1">
      %b = cute.smem_alloc() : !cute.memref<f16, smem, align<128>, "(64,64):(64,1)">
      %c = cute.smem_alloc() : !cute.memref<f16, smem, align<16>, S<3,3,3>, "(8,64):(64,1)">
      gpu.return
    }

    // Exactly 48 KiB stays static.
    // CHECK: llvm.mlir.global internal @__cute_smem_at_limit() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<49152 x i8>
    // CHECK-NEXT: gpu.func @at_limit
    // CHECK-NOT: cute.dynamic_smem
    // CHECK-SAME: dynamic = false
    gpu.func @at_limit() kernel {
      %a = cute.smem_alloc() : !cute.memref<f32, smem, align<16>, "12288:1">
      gpu.return
    }

    // 16 bytes more is dynamic shared memory.
    // CHECK: llvm.mlir.global external @__cute_dynamic_smem() {addr_space = 3 : i32, alignment = 1024 : i64} : !llvm.array<0 x i8>
    // CHECK-NEXT: gpu.func @over_limit
    // CHECK-SAME: cute.dynamic_smem = 49168 : i64
    // CHECK-SAME: cute.smem_plan = {align = 1024 : i64, buffer = @__cute_dynamic_smem, bytes = 49168 : i64, dynamic = true, offsets = array<i64: 0>}
    // CHECK: cute.smem_alloc() {buffer = @__cute_dynamic_smem, offset = 0 : i64}
    gpu.func @over_limit() kernel {
      %a = cute.smem_alloc() : !cute.memref<f32, smem, align<16>, "12292:1">
      gpu.return
    }

    // Two 32 KiB tiles: 64 KiB of dynamic shared memory.
    // CHECK: gpu.func @two_tiles
    // CHECK-SAME: cute.dynamic_smem = 65536 : i64
    // CHECK-SAME: offsets = array<i64: 0, 32768>
    gpu.func @two_tiles() kernel {
      %a = cute.smem_alloc() : !cute.memref<f16, smem, align<128>, "(128,128):(128,1)">
      %b = cute.smem_alloc() : !cute.memref<f16, smem, align<128>, "(128,128):(128,1)">
      gpu.return
    }

    // Dynamic shared memory the kernel already declares comes first.
    // CHECK: gpu.func @after_dynamic
    // CHECK-SAME: cute.dynamic_smem = 66560 : i64
    // CHECK-SAME: offsets = array<i64: 1024>
    gpu.func @after_dynamic() kernel attributes {cute.dynamic_smem = 100 : i64} {
      %a = cute.smem_alloc() : !cute.memref<f32, smem, align<16>, "16384:1">
      gpu.return
    }

    // Packed sub-byte elements: 8192 x f4 = 4096 bytes, 32 x f4 = 16 bytes.
    // CHECK: llvm.mlir.global internal @__cute_smem_fp4() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<4112 x i8>
    // CHECK-NEXT: gpu.func @fp4
    // CHECK-SAME: bytes = 4112 : i64
    gpu.func @fp4() kernel {
      %a = cute.smem_alloc() : !cute.memref<f4E2M1FN, smem, align<16>, "(128,64):(64,1)">
      %b = cute.smem_alloc() : !cute.memref<f4E2M1FN, smem, align<16>, "32:1">
      gpu.return
    }

    // No allocation, no plan.
    // CHECK: gpu.func @none
    // CHECK-NOT: cute.smem_plan
    // CHECK: gpu.return
    gpu.func @none() kernel {
      gpu.return
    }
  }
}
