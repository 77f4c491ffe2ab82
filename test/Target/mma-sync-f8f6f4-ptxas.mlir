// mma.sync m16n8k32 kind::f8f6f4 without scales (CuTe's SM120_16x8x32_TN,
// sm_120a): one warp, A 16 x 64 e4m3 and B 8 x 64 e2m1 (row-major, K
// contiguous; e2m1 packed two per byte in memory and placed one per byte,
// in bits [2,6), in the registers), and e5m2 x e5m2 with one k-block; C
// f32. Compiled for sm_120a and assembled with ptxas; cute-verify-kernel
// rejects the atom on sm_90a and sm_100a (ptxas 13.0 there: "Instruction
// 'mma with with FP6/FP4 floating point type' not supported"). Not run: no
// GPU here executes sm_120a code.
// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: cute-opt %s --cute-compile="chip=sm_120a format=cubin output-dir=%t" -o /dev/null
// RUN: test -s %t/f.sm_120a.cubin
// RUN: FileCheck %s < %t/f.sm_120a.ptx
// RUN: cute-opt %s --convert-cute-nvgpu-to-nvvm | FileCheck %s --check-prefix=NVVM
// RUN: not cute-opt %s --cute-verify-kernel="chip=sm_100a" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SM100
// RUN: not cute-opt %s --cute-verify-kernel="chip=sm_90a" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SM90

// CHECK-LABEL: .entry e4m3_e2m1(
// CHECK-COUNT-2: mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.f32.e4m3.e2m1.f32
// CHECK-NOT: mma.sync
// CHECK-LABEL: .entry e5m2_e5m2(
// CHECK: mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.f32.e5m2.e5m2.f32
// CHECK-NEXT: {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}},
// CHECK-NEXT: {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}},
// CHECK-NEXT: {%r{{[0-9]+}}, %r{{[0-9]+}}},
// CHECK-NEXT: {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}};

// The e2m1 B values: each nibble moved to bits [2,6) of its byte.
// NVVM-LABEL: gpu.func @e4m3_e2m1
// NVVM: llvm.and %{{.*}}, %{{.*}} : i32
// NVVM: llvm.shl
// NVVM: llvm.call_intrinsic "llvm.nvvm.mma.m16n8k32.row.col.kind.f8f6f4.f32.e4m3.e2m1.f32"(%{{[^)]*}}) : (i32, i32, i32, i32, i32, i32, f32, f32, f32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
// NVVM-LABEL: gpu.func @e5m2_e5m2
// NVVM: llvm.call_intrinsic "llvm.nvvm.mma.m16n8k32.row.col.kind.f8f6f4.f32.e5m2.e5m2.f32"

// SM100: error: 'cute.gemm' op with mma.sync: mma.sync kind::f8f6f4 ('f8E4M3FN' x 'f4E2M1FN') runs on sm_120a only; sm_100a has none
// SM100: error: 'cute.gemm' op with mma.sync: mma.sync kind::f8f6f4 ('f8E5M2' x 'f8E5M2') runs on sm_120a only; sm_100a has none
// SM90: error: 'cute.gemm' op with mma.sync: mma.sync kind::f8f6f4 ('f8E4M3FN' x 'f4E2M1FN') runs on sm_120a only; sm_90a has none
#e4m3e2m1 = #cute_nvgpu.mma_sync<m = 16, n = 8, k = 32, a = f8E4M3FN, b = f4E2M1FN, c = f32>
#e5m2 = #cute_nvgpu.mma_sync<m = 16, n = 8, k = 32, a = f8E5M2, b = f8E5M2, c = f32>
module attributes {gpu.container_module} {
  gpu.module @f {
    gpu.func @e4m3_e2m1(%pa: !cute.ptr<f8E4M3FN, gmem, align<16>>, %pb: !cute.ptr<f4E2M1FN, gmem, align<16>>, %pc: !cute.ptr<f32, gmem, align<16>>, %acc: i1) kernel
        attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
      %tidx = gpu.thread_id x
      %tid = arith.index_cast %tidx : index to i32
      %la = cute.static : !cute.layout<"(16,64):(64,1)">
      %lb = cute.static : !cute.layout<"(8,64):(64,1)">
      %lc = cute.static : !cute.layout<"(16,8):(8,1)">
      %ga = cute.make_view(%pa, %la)
      %gb = cute.make_view(%pb, %lb)
      %gc = cute.make_view(%pc, %lc)
      %ta = cute.mma_partition "A" of #cute.tiled_mma<#e4m3e2m1, #cute.layout<"(1,1,1):(0,0,0)">> (%ga, %tid)
      %tb = cute.mma_partition "B" of #cute.tiled_mma<#e4m3e2m1, #cute.layout<"(1,1,1):(0,0,0)">> (%gb, %tid)
      %tc = cute.mma_partition "C" of #cute.tiled_mma<#e4m3e2m1, #cute.layout<"(1,1,1):(0,0,0)">> (%gc, %tid)
      %fa = cute.make_fragment_like(%ta)
      %fb = cute.make_fragment_like(%tb)
      %fc = cute.make_fragment_like(%tc)
      cute.copy(%ta, %fa)
      cute.copy(%tb, %fb)
      cute.copy(%tc, %fc)
      cute.gemm #e4m3e2m1 (%fa, %fb, %fc) accumulate(%acc)
      cute.copy(%fc, %tc)
      gpu.return
    }
    gpu.func @e5m2_e5m2(%pa: !cute.ptr<f8E5M2, gmem, align<16>>, %pb: !cute.ptr<f8E5M2, gmem, align<16>>, %pc: !cute.ptr<f32, gmem, align<16>>) kernel
        attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
      %tidx = gpu.thread_id x
      %tid = arith.index_cast %tidx : index to i32
      %la = cute.static : !cute.layout<"(16,32):(32,1)">
      %lb = cute.static : !cute.layout<"(8,32):(32,1)">
      %lc = cute.static : !cute.layout<"(16,8):(8,1)">
      %ga = cute.make_view(%pa, %la)
      %gb = cute.make_view(%pb, %lb)
      %gc = cute.make_view(%pc, %lc)
      %ta = cute.mma_partition "A" of #cute.tiled_mma<#e5m2, #cute.layout<"(1,1,1):(0,0,0)">> (%ga, %tid)
      %tb = cute.mma_partition "B" of #cute.tiled_mma<#e5m2, #cute.layout<"(1,1,1):(0,0,0)">> (%gb, %tid)
      %tc = cute.mma_partition "C" of #cute.tiled_mma<#e5m2, #cute.layout<"(1,1,1):(0,0,0)">> (%gc, %tid)
      %fa = cute.make_fragment_like(%ta)
      %fb = cute.make_fragment_like(%tb)
      %fc = cute.make_fragment_like(%tc)
      cute.copy(%ta, %fa)
      cute.copy(%tb, %fb)
      cute.copy(%tc, %fc)
      cute.gemm #e5m2 (%fa, %fb, %fc)
      cute.copy(%fc, %tc)
      gpu.return
    }
  }
}
