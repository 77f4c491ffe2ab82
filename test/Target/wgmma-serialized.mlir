// REQUIRES: ptxas
// RUN: cute-opt %s --cute-compile="chip=sm_90a format=cubin output-dir=%t" -o /dev/null 2>&1 | FileCheck %s
// ptxas serializes every wgmma of a function (each waits for the previous
// one) when it cannot prove the async pipeline safe, and reports it only as
// an info line; --cute-compile turns it into a warning that names the
// function, ptxas's code and reason, and the usual cause in the source.
// Here the odd iterations wait only down to one group in flight, and the
// loop then reads the accumulator of the gemm still in flight (C7514).
// examples/mla-decode hit C7518 (a wait on a branch) the same way.
// CHECK: warning: ptxas serializes every wgmma of 'wait_on_branch' for sm_90a (C7514: non wgmma instructions reading accumulator registers of {{ ?}}a wgmma between start and end of the pipeline stage); usual cause: the accumulator fragment is read or written between a cute.gemm and the wgmma_wait_group that completes it
// CHECK-NOT: warning
#wg = #cute_nvgpu.wgmma<m = 64, n = 64, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k>
#mma = #cute.tiled_mma<#wg, #cute.layout<"(1,1,1):(0,0,0)">>
!acc = !cute.memref<f32, rmem, align<16>, "((2,2,8),1,1):((1,2,4),0,0)">
module attributes {gpu.container_module} {
  gpu.module @serial {
    gpu.func @wait_on_branch(%out: !cute.ptr<f32, gmem, align<16>>, %n: i32) kernel attributes {cute.block_size = #cute.shape<"128">} {
      %c0, %c1, %c2 = cute.constants 0, 1, 2 : i32
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
        %r = arith.remui %i, %c2 : i32
        %odd = arith.cmpi eq, %r, %c1 : i32
        scf.if %odd {
          cute_nvgpu.wgmma_wait_group 1
        } else {
          cute_nvgpu.wgmma_wait_group 0
        }
        %v = cute.load(%acc)
        %w = arith.addf %v, %v : vector<32xf32>
        cute.store(%w, %acc)
      }
      cute_nvgpu.wgmma_wait_group 0
      %sh = cute.static : !cute.layout<"(64,64):(64,1)">
      %g = cute.make_view(%out, %sh)
      %gp = cute.mma_partition "C" of #mma (%g, %tid)
      cute.copy(%acc, %gp)
      gpu.return
    }
  }
}
