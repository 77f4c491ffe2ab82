// Arrivals under a `warp_idx == c` branch's else region: every warp of the
// role but c (the FP8 attention kernel's transposer warps 1-3 of its
// producer warpgroup, examples/fmha-prefill/kernel-sm90-fp8.mlir).
// RUN: cute-opt %s --cute-nvgpu-infer-pipeline-counts | FileCheck %s
// RUN: cute-opt %s --cute-nvgpu-infer-pipeline-counts --cute-plan-smem="chip=sm_90a" --cute-verify-kernel="chip=sm_90a" -o /dev/null
// RUN: sed 's/%%bars -> !pipe/%%bars {producers = 4 : i32} -> !pipe/' %s | not cute-opt --cute-nvgpu-infer-pipeline-counts --cute-plan-smem="chip=sm_90a" --cute-verify-kernel="chip=sm_90a" -o /dev/null 2>&1 | FileCheck %s --check-prefix=WRONG

// Committed and released by one lane of each of warps 1-3: 3 and 3; released
// by every thread of them: 96, committed by warp 0's elected thread: 1.
// CHECK-LABEL: gpu.func @others
// CHECK: cute_nvgpu.pipeline_create %{{.*}} {consumers = 3 : i32, producers = 3 : i32}
// CHECK: cute_nvgpu.pipeline_create %{{.*}} {consumers = 96 : i32, producers = 1 : i32}

// WRONG: error: pipeline {{.*}}: producers = 4 but 3 threads (one per warp of the warps but 0 of role "producer", warps [0, 4)) commit each stage

!pipe = !cute_nvgpu.pipeline<async, 2>
!state = !cute_nvgpu.pipeline_state<2>
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @others(%n: i32) kernel
        attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      %bars = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "4:1">
      %bars2 = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "4:1">
      %hand = cute_nvgpu.pipeline_create %bars -> !pipe
      %all = cute_nvgpu.pipeline_create %bars2 -> !pipe
      cute_nvgpu.warp_specialize
        role "producer" warps [0, 4) {
          %w = cute_nvgpu.warp_idx
          %w0 = arith.cmpi eq, %w, %c0 : i32
          scf.if %w0 {
            cute_nvgpu.elect_one {
              %p0 = cute_nvgpu.pipeline_producer_state %all
              %pe = scf.for %t = %c0 to %n step %c1 iter_args(%ps = %p0) -> (!state) : i32 {
                cute_nvgpu.pipeline_producer_acquire %all, %ps
                cute_nvgpu.pipeline_producer_commit %all, %ps
                %pn = cute_nvgpu.pipeline_state_advance %ps
                scf.yield %pn : !state
              }
            }
          } else {
            %c0s = cute_nvgpu.pipeline_consumer_state %hand
            %h0 = cute_nvgpu.pipeline_producer_state %hand
            %a0 = cute_nvgpu.pipeline_consumer_state %all
            %e:3 = scf.for %t = %c0 to %n step %c1 iter_args(%hs = %h0, %cs = %c0s, %as = %a0) -> (!state, !state, !state) : i32 {
              cute_nvgpu.pipeline_producer_acquire %hand, %hs
              cute_nvgpu.warp_sync
              cute_nvgpu.elect_one {
                cute_nvgpu.pipeline_producer_commit %hand, %hs
              }
              cute_nvgpu.pipeline_consumer_wait %hand, %cs
              cute_nvgpu.warp_sync
              cute_nvgpu.elect_one {
                cute_nvgpu.pipeline_consumer_release %hand, %cs
              }
              cute_nvgpu.pipeline_consumer_wait %all, %as
              cute_nvgpu.pipeline_consumer_release %all, %as
              %hn = cute_nvgpu.pipeline_state_advance %hs
              %cn = cute_nvgpu.pipeline_state_advance %cs
              %an = cute_nvgpu.pipeline_state_advance %as
              scf.yield %hn, %cn, %an : !state, !state, !state
            }
          }
        }
      gpu.return
    }
  }
}
