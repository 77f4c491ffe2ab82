// cute-plan-smem with `alias` unions: the members of a union share one
// offset, aligned to the largest member alignment, and the union reserves
// the largest member size; allocations outside it are placed around it.
// Members are used one after the other with a barrier between
// (plan-smem-alias-errors.mlir has the rule's errors).
// RUN: cute-opt %s --cute-plan-smem | FileCheck %s
// RUN: cute-opt %s --cute-plan-smem="report=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: cute-opt %s --cute-plan-smem --convert-cute-to-llvm | FileCheck %s --check-prefix=LLVM

// REPORT: remark: kernel @ring_and_epilogue: shared memory 133120 bytes (dynamic): %0 at 0 (16 B, align 16), %1 at 2048 (65536 B, align 2048, alias "ring_epi"), %2 at 2048 (131072 B, align 16, alias "ring_epi")
// REPORT: remark: kernel @two_unions: shared memory 3072 bytes (static): %0 at 0 (1024 B, align 16, alias "a"), %1 at 1024 (2048 B, align 16, alias "b"), %2 at 0 (512 B, align 128, alias "a"), %3 at 1024 (256 B, align 16, alias "b")

module attributes {gpu.container_module} {
  gpu.module @k {
    // The barriers come first (16 B); the union needs the ring's swizzle
    // alignment (S<3,4,3>: 2^10 f16 = 2048 bytes) and the epilogue tile's
    // 128 KiB.
    // CHECK-LABEL: gpu.func @ring_and_epilogue
    // CHECK-SAME: bytes = 133120 : i64, dynamic = true, offsets = array<i64: 0, 2048, 2048>
    // CHECK: cute.smem_alloc() {buffer = @__cute_dynamic_smem, offset = 0 : i64}
    // CHECK: cute.smem_alloc() {alias = "ring_epi", buffer = @__cute_dynamic_smem, offset = 2048 : i64}
    // CHECK: cute.smem_alloc() {alias = "ring_epi", buffer = @__cute_dynamic_smem, offset = 2048 : i64}
    // Both members lower to the same address.
    // LLVM-LABEL: gpu.func @ring_and_epilogue
    // LLVM: llvm.mlir.addressof @__cute_dynamic_smem
    // LLVM: %[[B1:.*]] = llvm.mlir.addressof @__cute_dynamic_smem
    // LLVM: llvm.getelementptr %[[B1]][2048] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
    // LLVM: %[[B2:.*]] = llvm.mlir.addressof @__cute_dynamic_smem
    // LLVM: llvm.getelementptr %[[B2]][2048] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
    gpu.func @ring_and_epilogue() kernel {
      %bars = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "2:1">
      %ring = cute.smem_alloc() {alias = "ring_epi"} : !cute.memref<f16, smem, align<128>, S<3,4,3>, "(128,64,4):(64,1,8192)">
      %epi = cute.smem_alloc() {alias = "ring_epi"} : !cute.memref<f32, smem, align<16>, "(128,256):(256,1)">
      %f = cute.make_fragment() : !cute.memref<f32, rmem, align<16>, "4:1">
      %r0 = cute.recast(%ring) {elem_type = f32}
      %z = cute.make_coord() : () -> !cute.coord<"0">
      %r1 = cute.local_tile(%r0, %z) {tiler = #cute.shape<"4">}
      cute.copy(%f, %r1)
      // The ring's last use, a barrier, then the epilogue's first use.
      gpu.barrier
      %e0 = cute.make_coord() : () -> !cute.coord<"(0,_)">
      %row = cute.tensor_slice(%epi, %e0)
      %t = cute.make_coord() : () -> !cute.coord<"0">
      %four = cute.local_tile(%row, %t) {tiler = #cute.shape<"4">}
      cute.copy(%f, %four)
      gpu.return
    }

    // Two unions, interleaved: each is placed at its first member.
    // CHECK-LABEL: gpu.func @two_unions
    // CHECK-SAME: bytes = 3072 : i64, dynamic = false, offsets = array<i64: 0, 1024, 0, 1024>
    gpu.func @two_unions() kernel {
      %a0 = cute.smem_alloc() {alias = "a"} : !cute.memref<f32, smem, align<16>, "256:1">
      %b0 = cute.smem_alloc() {alias = "b"} : !cute.memref<f32, smem, align<16>, "512:1">
      %a1 = cute.smem_alloc() {alias = "a"} : !cute.memref<f16, smem, align<128>, "256:1">
      %b1 = cute.smem_alloc() {alias = "b"} : !cute.memref<i8, smem, align<16>, "256:1">
      gpu.return
    }
  }
}
