// cute-verify-kernel report=true remarks the facts it verified: per kernel
// its threads and shared memory against the chip's limit; per pipeline the
// bytes the TMA loads bring each stage (= tx_bytes) and the threads that
// release (consumers) or commit (producers of an async pipeline) each
// stage; without the protocol checks only the kernel's limits. Nothing is
// remarked without report=true. --cute-compile forwards report=true to
// cute-plan-smem (the plan) and cute-verify-kernel.
// RUN: cute-opt %s --cute-plan-smem="chip=sm_90a" --cute-verify-kernel="chip=sm_90a report=true" -o /dev/null 2>&1 | FileCheck %s
// RUN: cute-opt %s --cute-plan-smem="chip=sm_90a" --cute-verify-kernel="chip=sm_90a report=true protocol=false" -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOPROTO
// RUN: cute-opt %s --cute-plan-smem="chip=sm_90a" --cute-verify-kernel="chip=sm_90a" -o /dev/null 2>&1 | count 0
// RUN: cute-opt %s --cute-compile="chip=sm_90a report=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=COMPILE

// CHECK: remark: kernel @tiles: 192 threads, 16512 bytes of shared memory (static 16512 + dynamic 0) of the 232448 sm_90a allows per block
// CHECK: remark: pipeline %loads (tma_async, 2 stages): each stage receives 8192 bytes from its TMA loads (2 boxes of 4096) = tx_bytes
// CHECK: remark: pipeline %loads (tma_async, 2 stages): consumers = 4: 4 threads (one per warp of role "consumer", warps [1, 5)) release each stage
// CHECK: remark: pipeline %handoff (async, 1 stage): consumers = 32: 32 threads (role "last", warps [5, 6)) release each stage
// CHECK: remark: pipeline %handoff (async, 1 stage): producers = 128: 128 threads (role "consumer", warps [1, 5)) commit each stage
// NOPROTO: remark: kernel @tiles: 192 threads
// NOPROTO-NOT: remark: pipeline
// COMPILE: remark: kernel @tiles: shared memory 16512 bytes (static): %{{.+}} at 0 (32 B, align 16)
// COMPILE: remark: kernel @tiles: 192 threads, 16512 bytes of shared memory
// COMPILE: remark: pipeline %loads (tma_async, 2 stages): each stage receives 8192 bytes

module attributes {gpu.container_module} {
  gpu.module @report {
    gpu.func @tiles(%px: !cute.ptr<f32, gmem, align<16>>, %m: i32, %n: i32, %ld: i32, %ntiles: i32) kernel
        attributes {gpu.known_block_size = array<i32: 192, 1, 1>} {
      %c32 = arith.constant 32 : i32
      %bidx = gpu.block_id x
      %gdim = gpu.grid_dim x
      %bid = arith.index_cast %bidx : index to i32
      %grid = arith.index_cast %gdim : index to i32
      %shape = cute.make_shape(%m, %n)
      %stride = cute.make_stride(%ld) -> !cute.stride<"(?,1)">
      %layout = cute.make_layout(%shape, %stride)
      %gx = cute.make_view(%px, %layout)
      %dx = cute_nvgpu.make_tma_desc %gx : !cute.memref<f32, gmem, align<16>, "(?,?):(?,1)"> -> !cute_nvgpu.tma_desc<load, !cute.memref<f32, smem, align<128>, "(32,32):(32,1)">>
      %bars = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "4:1">
      %hbars = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "2:1">
      %ring = cute.smem_alloc() : !cute.memref<f32, smem, align<128>, "((32,32),2,2):((32,1),1024,2048)">
      %loads = cute_nvgpu.pipeline_create %bars : !cute.memref<i64, smem, align<8>, "4:1"> {consumers = 4 : i32, tx_bytes = 8192 : i32} -> !cute_nvgpu.pipeline<tma_async, 2>
      %handoff = cute_nvgpu.pipeline_create %hbars : !cute.memref<i64, smem, align<8>, "2:1"> {producers = 128 : i32, consumers = 32 : i32} -> !cute_nvgpu.pipeline<async, 1>
      cute_nvgpu.warp_specialize
        role "producer" warps [0, 1) {
          cute_nvgpu.elect_one {
            %p0 = cute_nvgpu.pipeline_producer_state %loads : !cute_nvgpu.pipeline<tma_async, 2> -> !cute_nvgpu.pipeline_state<2>
            %pe = scf.for %t = %bid to %ntiles step %grid iter_args(%ps = %p0) -> (!cute_nvgpu.pipeline_state<2>) : i32 {
              cute_nvgpu.pipeline_producer_acquire %loads, %ps : !cute_nvgpu.pipeline<tma_async, 2>, !cute_nvgpu.pipeline_state<2>
              %full = cute_nvgpu.pipeline_producer_get_barrier %loads, %ps : !cute_nvgpu.pipeline<tma_async, 2>, !cute_nvgpu.pipeline_state<2>
              %i = cute_nvgpu.pipeline_state_index %ps : !cute_nvgpu.pipeline_state<2>
              %c0 = arith.constant 0 : i32
              %c1 = arith.constant 1 : i32
              %row = arith.muli %t, %c32 : i32
              %s0 = cute.make_coord(%i, %c0) -> !cute.coord<"(_,?,?)">
              %s1 = cute.make_coord(%i, %c1) -> !cute.coord<"(_,?,?)">
              %b0 = cute.tensor_slice(%ring, %s0)
              %b1 = cute.tensor_slice(%ring, %s1)
              cute_nvgpu.tma_load %dx, %b0, %full box [%row, %c0] : !cute_nvgpu.tma_desc<load, !cute.memref<f32, smem, align<128>, "(32,32):(32,1)">>, !cute.memref<f32, smem, align<128>, "(32,32):(32,1)">
              cute_nvgpu.tma_load %dx, %b1, %full box [%row, %c32] : !cute_nvgpu.tma_desc<load, !cute.memref<f32, smem, align<128>, "(32,32):(32,1)">>, !cute.memref<f32, smem, align<128>, "(32,32):(32,1)">
              cute_nvgpu.pipeline_producer_commit %loads, %ps : !cute_nvgpu.pipeline<tma_async, 2>, !cute_nvgpu.pipeline_state<2>
              %pn = cute_nvgpu.pipeline_state_advance %ps : !cute_nvgpu.pipeline_state<2>
              scf.yield %pn : !cute_nvgpu.pipeline_state<2>
            }
            cute_nvgpu.pipeline_producer_tail %loads, %pe : !cute_nvgpu.pipeline<tma_async, 2>, !cute_nvgpu.pipeline_state<2>
          }
        }
        role "consumer" warps [1, 5) {
          %c0s = cute_nvgpu.pipeline_consumer_state %loads : !cute_nvgpu.pipeline<tma_async, 2> -> !cute_nvgpu.pipeline_state<2>
          %h0 = cute_nvgpu.pipeline_producer_state %handoff : !cute_nvgpu.pipeline<async, 1> -> !cute_nvgpu.pipeline_state<1>
          cute_nvgpu.pipeline_consumer_wait %loads, %c0s : !cute_nvgpu.pipeline<tma_async, 2>, !cute_nvgpu.pipeline_state<2>
          cute_nvgpu.warp_sync
          cute_nvgpu.elect_one {
            cute_nvgpu.pipeline_consumer_release %loads, %c0s : !cute_nvgpu.pipeline<tma_async, 2>, !cute_nvgpu.pipeline_state<2>
          }
          cute_nvgpu.pipeline_producer_acquire %handoff, %h0 : !cute_nvgpu.pipeline<async, 1>, !cute_nvgpu.pipeline_state<1>
          cute_nvgpu.pipeline_producer_commit %handoff, %h0 : !cute_nvgpu.pipeline<async, 1>, !cute_nvgpu.pipeline_state<1>
        }
        role "last" warps [5, 6) {
          %hc = cute_nvgpu.pipeline_consumer_state %handoff : !cute_nvgpu.pipeline<async, 1> -> !cute_nvgpu.pipeline_state<1>
          cute_nvgpu.pipeline_consumer_wait %handoff, %hc : !cute_nvgpu.pipeline<async, 1>, !cute_nvgpu.pipeline_state<1>
          cute_nvgpu.pipeline_consumer_release %handoff, %hc : !cute_nvgpu.pipeline<async, 1>, !cute_nvgpu.pipeline_state<1>
        }
      gpu.return
    }
  }
}
