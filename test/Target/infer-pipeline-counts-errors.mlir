// Inferred pipeline numbers (cute-nvgpu-infer-pipeline-counts) and the
// checks of written ones (cute-verify-kernel), from one analysis
// (Analysis/PipelineProtocol.h): a wrong tx_bytes or consumers names both
// numbers and where the inferred one comes from; a number that cannot be
// inferred says why and asks for it.
// RUN: cute-opt %s -split-input-file --cute-nvgpu-infer-pipeline-counts --cute-plan-smem="chip=sm_90a" --cute-verify-kernel="chip=sm_90a" -verify-diagnostics

!descA = !cute_nvgpu.tma_desc<load, !cute.memref<bf16, smem, align<1024>, "(128,64):(64,1)">>
!tileA = !cute.memref<bf16, smem, align<1024>, "(128,64):(64,1)">
!gA = !cute.memref<bf16, gmem, align<16>, "(?,?):(?,1)">
!pipe = !cute_nvgpu.pipeline<tma_async, 4>
!state = !cute_nvgpu.pipeline_state<4>
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @wrong_tx(%ga: !gA, %k: i32) kernel
        attributes {gpu.known_block_size = array<i32: 384, 1, 1>} {
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      %da = cute_nvgpu.make_tma_desc %ga : !gA -> !descA
      %bars = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "8:1">
      %ring = cute.smem_alloc() : !cute.memref<bf16, smem, align<1024>, "((128,64),4):((64,1),8192)">
      // expected-error @below {{pipeline %loads: each stage receives 16384 bytes from its TMA loads (1 box of 16384) but tx_bytes = 32768 is written (leave it out to infer it)}}
      %loads = cute_nvgpu.pipeline_create %bars : !cute.memref<i64, smem, align<8>, "8:1"> {tx_bytes = 32768 : i32} -> !pipe
      cute_nvgpu.warp_specialize
        role "producer" warps [0, 1) {
          cute_nvgpu.elect_one {
            %p0 = cute_nvgpu.pipeline_producer_state %loads : !pipe -> !state
            %pe = scf.for %t = %c0 to %k step %c1 iter_args(%ps = %p0) -> (!state) : i32 {
              cute_nvgpu.pipeline_producer_acquire %loads, %ps : !pipe, !state
              %full = cute_nvgpu.pipeline_producer_get_barrier %loads, %ps : !pipe, !state
              %i = cute_nvgpu.pipeline_state_index %ps : !state
              %sc = cute.make_coord(%i) -> !cute.coord<"(_,?)">
              %buf = cute.tensor_slice(%ring, %sc)
              // expected-note @below {{a TMA load on the stage's full barrier}}
              cute_nvgpu.tma_load %da, %buf, %full box [%c0, %t] : !descA, !tileA
              %pn = cute_nvgpu.pipeline_state_advance %ps : !state
              scf.yield %pn : !state
            }
          }
        }
        role "consumer" warps [4, 12) {
          %c0s = cute_nvgpu.pipeline_consumer_state %loads : !pipe -> !state
          %ce = scf.for %t = %c0 to %k step %c1 iter_args(%cs = %c0s) -> (!state) : i32 {
            cute_nvgpu.pipeline_consumer_wait %loads, %cs : !pipe, !state
            cute_nvgpu.elect_one {
              cute_nvgpu.pipeline_consumer_release %loads, %cs : !pipe, !state
            }
            %cn = cute_nvgpu.pipeline_state_advance %cs : !state
            scf.yield %cn : !state
          }
        }
      gpu.return
    }
  }
}

// -----

!descA = !cute_nvgpu.tma_desc<load, !cute.memref<bf16, smem, align<1024>, "(128,64):(64,1)">>
!tileA = !cute.memref<bf16, smem, align<1024>, "(128,64):(64,1)">
!gA = !cute.memref<bf16, gmem, align<16>, "(?,?):(?,1)">
!pipe = !cute_nvgpu.pipeline<tma_async, 4>
!state = !cute_nvgpu.pipeline_state<4>
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @wrong_consumers(%ga: !gA, %k: i32) kernel
        attributes {gpu.known_block_size = array<i32: 384, 1, 1>} {
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      %da = cute_nvgpu.make_tma_desc %ga : !gA -> !descA
      %bars = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "8:1">
      %ring = cute.smem_alloc() : !cute.memref<bf16, smem, align<1024>, "((128,64),4):((64,1),8192)">
      // expected-error @below {{pipeline %loads: consumers = 256 but 8 threads (one per warp of role "consumer", warps [4, 12)) release each stage}}
      %loads = cute_nvgpu.pipeline_create %bars : !cute.memref<i64, smem, align<8>, "8:1"> {consumers = 256 : i32} -> !pipe
      cute_nvgpu.warp_specialize
        role "producer" warps [0, 1) {
          cute_nvgpu.elect_one {
            %p0 = cute_nvgpu.pipeline_producer_state %loads : !pipe -> !state
            %pe = scf.for %t = %c0 to %k step %c1 iter_args(%ps = %p0) -> (!state) : i32 {
              cute_nvgpu.pipeline_producer_acquire %loads, %ps : !pipe, !state
              %full = cute_nvgpu.pipeline_producer_get_barrier %loads, %ps : !pipe, !state
              %i = cute_nvgpu.pipeline_state_index %ps : !state
              %sc = cute.make_coord(%i) -> !cute.coord<"(_,?)">
              %buf = cute.tensor_slice(%ring, %sc)
              cute_nvgpu.tma_load %da, %buf, %full box [%c0, %t] : !descA, !tileA
              %pn = cute_nvgpu.pipeline_state_advance %ps : !state
              scf.yield %pn : !state
            }
          }
        }
        role "consumer" warps [4, 12) {
          %c0s = cute_nvgpu.pipeline_consumer_state %loads : !pipe -> !state
          %ce = scf.for %t = %c0 to %k step %c1 iter_args(%cs = %c0s) -> (!state) : i32 {
            cute_nvgpu.pipeline_consumer_wait %loads, %cs : !pipe, !state
            cute_nvgpu.elect_one {
              // expected-note @below {{executed by 8 threads}}
              cute_nvgpu.pipeline_consumer_release %loads, %cs : !pipe, !state
            }
            %cn = cute_nvgpu.pipeline_state_advance %cs : !state
            scf.yield %cn : !state
          }
        }
      gpu.return
    }
  }
}

// -----

// The producer step in a helper that was not inlined (here: only declared):
// its loads cannot be seen.
!descA = !cute_nvgpu.tma_desc<load, !cute.memref<bf16, smem, align<1024>, "(128,64):(64,1)">>
!gA = !cute.memref<bf16, gmem, align<16>, "(?,?):(?,1)">
!pipe = !cute_nvgpu.pipeline<tma_async, 4>
!state = !cute_nvgpu.pipeline_state<4>
module attributes {gpu.container_module} {
  gpu.module @k {
    func.func private @load_stage(!pipe, !state, !descA, i32) -> !state
    gpu.func @opaque_helper(%ga: !gA, %k: i32) kernel
        attributes {gpu.known_block_size = array<i32: 384, 1, 1>} {
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      %da = cute_nvgpu.make_tma_desc %ga : !gA -> !descA
      %bars = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "8:1">
      // expected-error @below {{cannot infer tx_bytes of this tma_async pipeline: the pipeline is passed to @load_stage, a call that was not inlined, whose TMA loads cannot be seen; write tx_bytes = N}}
      %loads = cute_nvgpu.pipeline_create %bars : !cute.memref<i64, smem, align<8>, "8:1"> {consumers = 8 : i32} -> !pipe
      cute_nvgpu.warp_specialize
        role "producer" warps [0, 1) {
          cute_nvgpu.elect_one {
            %p0 = cute_nvgpu.pipeline_producer_state %loads : !pipe -> !state
            %pe = scf.for %t = %c0 to %k step %c1 iter_args(%ps = %p0) -> (!state) : i32 {
              // expected-note @below {{here}}
              %pn = func.call @load_stage(%loads, %ps, %da, %t) : (!pipe, !state, !descA, i32) -> !state
              scf.yield %pn : !state
            }
          }
        }
      gpu.return
    }
  }
}

// -----

// Loads under a loop with a data-dependent trip count; releases from two
// roles of 128 threads each, which may alternate stages or share them.
!descA = !cute_nvgpu.tma_desc<load, !cute.memref<bf16, smem, align<1024>, "(128,64):(64,1)">>
!tileA = !cute.memref<bf16, smem, align<1024>, "(128,64):(64,1)">
!gA = !cute.memref<bf16, gmem, align<16>, "(?,?):(?,1)">
!pipe = !cute_nvgpu.pipeline<tma_async, 4>
!state = !cute_nvgpu.pipeline_state<4>
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @data_dependent(%ga: !gA, %k: i32, %n: i32) kernel
        attributes {gpu.known_block_size = array<i32: 384, 1, 1>} {
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      %da = cute_nvgpu.make_tma_desc %ga : !gA -> !descA
      %bars = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "8:1">
      %ring = cute.smem_alloc() : !cute.memref<bf16, smem, align<1024>, "((128,64),4):((64,1),8192)">
      // expected-error @below {{cannot infer tx_bytes of this tma_async pipeline: a TMA load on its full barrier runs a data-dependent number of times per stage (a loop with dynamic bounds or a branch lies between the load and the barrier); write tx_bytes = N}}
      // expected-error @below {{cannot infer consumers of this tma_async pipeline: 2 roles release with 128 threads each: they may alternate stages (128) or share each stage (256); write consumers = N}}
      %loads = cute_nvgpu.pipeline_create %bars : !cute.memref<i64, smem, align<8>, "8:1"> -> !pipe
      cute_nvgpu.warp_specialize
        role "producer" warps [0, 1) {
          cute_nvgpu.elect_one {
            %p0 = cute_nvgpu.pipeline_producer_state %loads : !pipe -> !state
            %pe = scf.for %t = %c0 to %k step %c1 iter_args(%ps = %p0) -> (!state) : i32 {
              cute_nvgpu.pipeline_producer_acquire %loads, %ps : !pipe, !state
              %full = cute_nvgpu.pipeline_producer_get_barrier %loads, %ps : !pipe, !state
              %i = cute_nvgpu.pipeline_state_index %ps : !state
              %sc = cute.make_coord(%i) -> !cute.coord<"(_,?)">
              %buf = cute.tensor_slice(%ring, %sc)
              scf.for %h = %c0 to %n step %c1 : i32 {
                // expected-note @below {{here}}
                cute_nvgpu.tma_load %da, %buf, %full box [%h, %t] : !descA, !tileA
              }
              %pn = cute_nvgpu.pipeline_state_advance %ps : !state
              scf.yield %pn : !state
            }
          }
        }
        role "mma0" warps [4, 8) {
          %c0s = cute_nvgpu.pipeline_consumer_state %loads : !pipe -> !state
          cute_nvgpu.pipeline_consumer_wait %loads, %c0s : !pipe, !state
          // expected-note @below {{here}}
          cute_nvgpu.pipeline_consumer_release %loads, %c0s : !pipe, !state
        }
        role "mma1" warps [8, 12) {
          %c0s = cute_nvgpu.pipeline_consumer_state %loads : !pipe -> !state
          cute_nvgpu.pipeline_consumer_wait %loads, %c0s : !pipe, !state
          cute_nvgpu.pipeline_consumer_release %loads, %c0s : !pipe, !state
        }
      gpu.return
    }
  }
}
