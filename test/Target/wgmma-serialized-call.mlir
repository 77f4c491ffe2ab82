// REQUIRES: ptxas
// RUN: cute-opt %s --cute-compile="chip=sm_90a format=cubin output-dir=%t" -o /dev/null 2>&1 | FileCheck %s --check-prefix=PLAIN --allow-empty
// RUN: cute-opt %s --cute-compile="chip=sm_90a format=cubin output-dir=%t debug-checks=true" -o /dev/null 2>&1 | FileCheck %s
// A call between a wgmma and its wait makes ptxas serialize every wgmma of
// the kernel (C7510). With debug-checks a cute.check is such a call (its
// printf and trap), so a debug-checks build of a wgmma kernel is slower
// than the plain one, by design; the warning says so (examples/mla-decode's
// debug-checks build, the block-table check between S and P V).
// PLAIN-NOT: warning
// CHECK: warning: ptxas serializes every wgmma of 'checked' for sm_90a (C7510: wgmma pipeline crossing function boundary at a function call); usual cause: a call between a cute.gemm and its wgmma_wait_group: a cute.check of a debug-checks build (its printf and trap; expected there) or a function that was not inlined
// CHECK-NOT: warning
#wg = #cute_nvgpu.wgmma<m = 64, n = 64, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k>
#mma = #cute.tiled_mma<#wg, #cute.layout<"(1,1,1):(0,0,0)">>
!acc = !cute.memref<f32, rmem, align<16>, "((2,2,8),1,1):((1,2,4),0,0)">
module attributes {gpu.container_module} {
  gpu.module @serial {
    gpu.func @checked(%out: !cute.ptr<f32, gmem, align<16>>, %n: i32, %lim: i32) kernel attributes {cute.block_size = #cute.shape<"128">} {
      %c0, %c1 = cute.constants 0, 1 : i32
      %tid = cute.thread_idx x
      %sA = cute.smem_alloc() : !cute.memref<bf16, smem, align<1024>, sw128, "(64,64):(64,1)">
      %sB = cute.smem_alloc() : !cute.memref<bf16, smem, align<1024>, sw128, "(64,64):(64,1)">
      %fa = cute.mma_partition "A" of #mma (%sA, %tid)
      %fb = cute.mma_partition "B" of #mma (%sB, %tid)
      %acc = cute.make_fragment() : !acc
      %zero = arith.constant 0.0 : f32
      cute.fill(%acc, %zero)
      scf.for %i = %c0 to %n step %c1 : i32 {
        cute_nvgpu.wgmma_fence
        cute.gemm #wg (%fa, %fb, %acc)
        cute_nvgpu.wgmma_commit_group
        %ok = arith.cmpi ult, %i, %lim : i32
        cute.check %ok, "step within the limit (step, limit)" (%i, %lim : i32, i32)
        cute_nvgpu.wgmma_wait_group 0
      }
      %sh = cute.static : !cute.layout<"(64,64):(64,1)">
      %g = cute.make_view(%out, %sh)
      %gp = cute.mma_partition "C" of #mma (%g, %tid)
      cute.copy(%acc, %gp)
      gpu.return
    }
  }
}
