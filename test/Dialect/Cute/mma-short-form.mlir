// The short form of cute.mma_partition (the result type is inferred from
// the tiled MMA, the tensor and the thread index) and cute.gemm (no
// results: its operand types may be omitted). The printer writes the full
// form by default and the short one under --cute-print-short; each parses
// back to the same IR and prints again identically.
// RUN: cute-opt %s | FileCheck %s --check-prefix=FULL
// RUN: cute-opt %s --cute-print-short | FileCheck %s --check-prefix=SHORT
// RUN: cute-opt %s > %t.full
// RUN: cute-opt %t.full > %t.full2
// RUN: diff %t.full %t.full2
// RUN: cute-opt %s --cute-print-short > %t.short
// RUN: cute-opt %t.short --cute-print-short > %t.short2
// RUN: diff %t.short %t.short2
// RUN: cute-opt %t.short > %t.short-full
// RUN: diff %t.full %t.short-full

#tiled = #cute.tiled_mma<#cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32>, #cute.layout<"(1,1,1):(0,0,0)">>
#atom = #cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32>

// FULL-LABEL: gpu.func @mma16816
// SHORT-LABEL: gpu.func @mma16816
gpu.module @m {
  gpu.func @mma16816(%ga: !cute.memref<bf16, gmem, align<16>, "(16,16):(16,1)">, %gb: !cute.memref<bf16, gmem, align<16>, "(8,16):(16,1)">, %gc: !cute.memref<f32, gmem, align<16>, "(16,8):(8,1)">, %tid: i32, %flag: i1) kernel {
    // FULL: cute.mma_partition "A" of #cute.tiled_mma<#cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32>, #cute.layout<"(1,1,1):(0,0,0)">> (%arg0, %arg3) : (!cute.memref<bf16, gmem, align<16>, "(16,16):(16,1)">, i32) -> !cute.memref<bf16, gmem, align<4>, "((2,2,2),1,1):((1,128,8),0,0)">
    // SHORT: cute.mma_partition "A" of #cute.tiled_mma<#cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32>, #cute.layout<"(1,1,1):(0,0,0)">> (%arg0, %arg3){{$}}
    %ta = cute.mma_partition "A" of #tiled (%ga, %tid)
    // SHORT: cute.mma_partition "B" of {{.*}} (%arg1, %arg3){{$}}
    %tb = cute.mma_partition "B" of #tiled (%gb, %tid)
    // The full form stays valid (and is checked).
    // SHORT: cute.mma_partition "C" of {{.*}} (%arg2, %arg3){{$}}
    %tc = cute.mma_partition "C" of #tiled (%gc, %tid) : (!cute.memref<f32, gmem, align<16>, "(16,8):(8,1)">, i32) -> !cute.memref<f32, gmem, align<8>, "((2,2),1,1):((1,64),0,0)">
    %fa = cute.make_fragment_like(%ta)
    %fb = cute.make_fragment_like(%tb)
    %fc = cute.make_fragment_like(%tc)
    cute.copy(%ta, %fa)
    cute.copy(%tb, %fb)
    // FULL: cute.gemm #cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32>(%[[FA:.*]], %[[FB:.*]], %[[FC:.*]]) : !cute.memref<bf16, rmem, align<16>, "((2,2,2),1,1):((1,2,4),0,0)">, !cute.memref<bf16, rmem, align<8>, "((2,2),1,1):((1,2),0,0)">, !cute.memref<f32, rmem, align<16>, "((2,2),1,1):((1,2),0,0)">
    // SHORT: cute.gemm #cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32>(%{{[^ ]*}}, %{{[^ ]*}}, %{{[^ ]*}}){{$}}
    cute.gemm #atom (%fa, %fb, %fc)
    cute.gemm #atom (%fa, %fb, %fc) : !cute.memref<bf16, rmem, align<16>, "((2,2,2),1,1):((1,2,4),0,0)">, !cute.memref<bf16, rmem, align<8>, "((2,2),1,1):((1,2),0,0)">, !cute.memref<f32, rmem, align<16>, "((2,2),1,1):((1,2),0,0)">
    cute.copy(%fc, %tc)
    gpu.return
  }
}

// Block-scaled: the optional scale operands' types too.
// FULL-LABEL: gpu.func @scaled
// SHORT-LABEL: gpu.func @scaled
gpu.module @s {
  gpu.func @scaled() kernel {
    %fa = cute.make_fragment() : !cute.memref<f4E2M1FN, rmem, align<16>, "32:1">
    %fb = cute.make_fragment() : !cute.memref<f4E2M1FN, rmem, align<8>, "16:1">
    %fc = cute.make_fragment() : !cute.memref<f32, rmem, align<16>, "4:1">
    %sa = cute.make_fragment() : !cute.memref<f8E4M3FN, rmem, align<4>, "4:1">
    %sb = cute.make_fragment() : !cute.memref<f8E4M3FN, rmem, align<4>, "4:1">
    // FULL: scales(%{{.*}}, %{{.*}}) : !cute.memref<f4E2M1FN, rmem, align<16>, "32:1">, !cute.memref<f4E2M1FN, rmem, align<8>, "16:1">, !cute.memref<f32, rmem, align<16>, "4:1">, !cute.memref<f8E4M3FN, rmem, align<4>, "4:1">, !cute.memref<f8E4M3FN, rmem, align<4>, "4:1">
    // SHORT: scales(%{{[^ ]*}}, %{{[^ ]*}}){{$}}
    cute.gemm #cute_nvgpu.mma_block_scale<m = 16, n = 8, k = 64, a = f4E2M1FN, b = f4E2M1FN, c = f32, sf = f8E4M3FN, vs = 16> (%fa, %fb, %fc) scales(%sa, %sb)
    gpu.return
  }
}
