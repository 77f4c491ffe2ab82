// Inside a warp role, a `warp_idx == c` branch narrows the threads that run
// an op to warp c (one thread of it under elect_one), so pipeline counts
// there are known: the protocol checks verify them, report=true remarks
// them, and a wrong count is an error naming the warp. A warp outside the
// role runs nothing.
// RUN: cute-opt %s -split-input-file --cute-plan-smem="chip=sm_90a" --cute-verify-kernel="chip=sm_90a report=true" -verify-diagnostics -o /dev/null

module attributes {gpu.container_module} {
  gpu.module @warp_branch {
    // expected-remark @below {{kernel @known: 256 threads}}
    gpu.func @known() kernel attributes {gpu.known_block_size = array<i32: 256, 1, 1>} {
      %c5 = arith.constant 5 : i32
      %bars = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "2:1">
      %w = cute_nvgpu.warp_idx
      %is5 = arith.cmpi eq, %w, %c5 : i32
      // expected-remark @below {{pipeline %p (async, 1 stage): consumers = 1: 1 threads (one thread of warp 5 of role "group", warps [4, 8)) release each stage}}
      // expected-remark @below {{pipeline %p (async, 1 stage): producers = 128: 128 threads (role "first", warps [0, 4)) commit each stage}}
      %p = cute_nvgpu.pipeline_create %bars {producers = 128 : i32, consumers = 1 : i32} -> !cute_nvgpu.pipeline<async, 1>
      cute_nvgpu.warp_specialize
        role "first" warps [0, 4) {
          %s = cute_nvgpu.pipeline_producer_state %p
          cute_nvgpu.pipeline_producer_acquire %p, %s
          cute_nvgpu.pipeline_producer_commit %p, %s
        }
        role "group" warps [4, 8) {
          scf.if %is5 {
            cute_nvgpu.elect_one {
              %s = cute_nvgpu.pipeline_consumer_state %p
              cute_nvgpu.pipeline_consumer_wait %p, %s
              cute_nvgpu.pipeline_consumer_release %p, %s
            }
          }
        }
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @warp_branch {
    // expected-remark @below {{kernel @wrong: 256 threads}}
    gpu.func @wrong() kernel attributes {gpu.known_block_size = array<i32: 256, 1, 1>} {
      %c5 = arith.constant 5 : i32
      %bars = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "2:1">
      %w = cute_nvgpu.warp_idx
      %is5 = arith.cmpi eq, %w, %c5 : i32
      // expected-error @below {{pipeline %p: consumers = 4 but 32 threads (warp 5 of role "group", warps [4, 8)) release each stage}}
      // expected-remark @below {{pipeline %p (async, 1 stage): producers = 128: 128 threads (role "first", warps [0, 4)) commit each stage}}
      %p = cute_nvgpu.pipeline_create %bars {producers = 128 : i32, consumers = 4 : i32} -> !cute_nvgpu.pipeline<async, 1>
      cute_nvgpu.warp_specialize
        role "first" warps [0, 4) {
          %s = cute_nvgpu.pipeline_producer_state %p
          cute_nvgpu.pipeline_producer_acquire %p, %s
          cute_nvgpu.pipeline_producer_commit %p, %s
        }
        role "group" warps [4, 8) {
          scf.if %is5 {
            %s = cute_nvgpu.pipeline_consumer_state %p
            // expected-note @below {{executed by 32 threads}}
            cute_nvgpu.pipeline_consumer_release %p, %s
          }
        }
      gpu.return
    }
  }
}
