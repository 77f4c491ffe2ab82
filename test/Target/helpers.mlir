// Helpers (issue 21, item 3): --cute-compile inlines func.func helpers
// first, so a kernel's producer step can be a function taking the pipeline,
// its state, the TMA descriptor and the shared-memory ring. The protocol
// verifier then checks the inlined kernel (its tx_bytes must still match the
// helper's TMA load), the helper is gone from the PTX, and the kernel's PTX
// is the one of examples/tma-pipeline's tma_copy, where the step is written
// inline.
// RUN: rm -rf %t && mkdir -p %t/helper %t/inline
// RUN: cute-opt %s --cute-compile="chip=sm_90a format=ptx output-dir=%t/helper" -o /dev/null
// RUN: cute-opt %cute_src/examples/tma-pipeline/kernel.mlir --cute-compile="chip=sm_90a format=ptx output-dir=%t/inline" -o /dev/null
// RUN: sed -n '/^.visible .entry tma_copy(/,/^}/p' %t/helper/tma_pipeline.sm_90a.ptx > %t/helper.ptx
// RUN: sed -n '/^.visible .entry tma_copy(/,/^}/p' %t/inline/tma_pipeline.sm_90a.ptx > %t/inline.ptx
// RUN: diff %t/helper.ptx %t/inline.ptx
// RUN: FileCheck %s < %t/helper/tma_pipeline.sm_90a.ptx

// CHECK: .visible .entry tma_copy(
// CHECK: cp.async.bulk.tensor.2d.shared::cta.global.tile.mbarrier::complete_tx::bytes
// CHECK-NOT: load_tile
// CHECK-NOT: .func

!pipe = !cute_nvgpu.pipeline<tma_async, 4>
!state = !cute_nvgpu.pipeline_state<4>
!desc = !cute_nvgpu.tma_desc<load, !cute.memref<f32, smem, align<1024>, "(8,256):(256,1)">>
!ring = !cute.memref<f32, smem, align<1024>, "((8,256),4):((256,1),2048)">
module attributes {gpu.container_module} {
  gpu.module @tma_pipeline {
    // The producer's step as a helper: a pipeline, its state, a TMA
    // descriptor and a shared-memory tensor as arguments.
    func.func private @load_tile(%loads: !pipe, %ps: !state, %dx: !desc, %ring: !ring, %t: i32, %tn: i32) -> !state {
      %c8 = arith.constant 8 : i32
      %c256 = arith.constant 256 : i32
      cute_nvgpu.pipeline_producer_acquire %loads, %ps : !pipe, !state
      %full = cute_nvgpu.pipeline_producer_get_barrier %loads, %ps : !pipe, !state
      %i = cute_nvgpu.pipeline_state_index %ps : !state
      %sc = cute.make_coord(%i) -> !cute.coord<"(_,?)">
      %buf = cute.tensor_slice(%ring, %sc)
      %tr = arith.divui %t, %tn : i32
      %tc = arith.remui %t, %tn : i32
      %r0 = arith.muli %tr, %c8 : i32
      %c0c = arith.muli %tc, %c256 : i32
      cute_nvgpu.tma_load %dx, %buf, %full box [%r0, %c0c] : !desc, !cute.memref<f32, smem, align<1024>, "(8,256):(256,1)">
      cute_nvgpu.pipeline_producer_commit %loads, %ps : !pipe, !state
      %pn = cute_nvgpu.pipeline_state_advance %ps : !state
      return %pn : !state
    }

    gpu.func @tma_copy(%px: !cute.ptr<f32, gmem, align<16>>, %py: !cute.ptr<f32, gmem, align<16>>, %m: i32, %n: i32, %ldx: i32, %ldy: i32) kernel
        attributes {gpu.known_block_size = array<i32: 160, 1, 1>} {
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      %c32 = arith.constant 32 : i32
      %bidx = gpu.block_id x
      %gdim = gpu.grid_dim x
      %tidx = gpu.thread_id x
      %bid = arith.index_cast %bidx : index to i32
      %grid = arith.index_cast %gdim : index to i32
      %tid = arith.index_cast %tidx : index to i32
      // Global tensors and their TMA descriptors (kernel parameters the
      // runtime encodes from px/py, m, n, ldx, ldy).
      %shape = cute.make_shape(%m, %n)
      %sx = cute.make_stride(%ldx) -> !cute.stride<"(?,1)">
      %sy = cute.make_stride(%ldy) -> !cute.stride<"(?,1)">
      %lx = cute.make_layout(%shape, %sx)
      %ly = cute.make_layout(%shape, %sy)
      %gx = cute.make_view(%px, %lx)
      %gy = cute.make_view(%py, %ly)
      %dx = cute_nvgpu.make_tma_desc %gx : !cute.memref<f32, gmem, align<16>, "(?,?):(?,1)"> -> !cute_nvgpu.tma_desc<load, !cute.memref<f32, smem, align<1024>, "(8,256):(256,1)">>
      %dy = cute_nvgpu.make_tma_desc %gy : !cute.memref<f32, gmem, align<16>, "(?,?):(?,1)"> -> !cute_nvgpu.tma_desc<store, !cute.memref<f32, smem, align<1024>, "(8,256):(256,1)">>
      // Shared memory: 4 load stages, 2 store stages (8 KB each), 8 barriers.
      %bars = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "8:1">
      %ring = cute.smem_alloc() : !cute.memref<f32, smem, align<1024>, "((8,256),4):((256,1),2048)">
      %stage = cute.smem_alloc() : !cute.memref<f32, smem, align<1024>, "((8,256),2):((256,1),2048)">
      %loads = cute_nvgpu.pipeline_create %bars : !cute.memref<i64, smem, align<8>, "8:1"> {consumers = 4 : i32, tx_bytes = 8192 : i32} -> !cute_nvgpu.pipeline<tma_async, 4>
      %stores = cute_nvgpu.pipeline_create -> !cute_nvgpu.pipeline<tma_store, 2>
      // Tiles of 8 x 256.
      %c7 = arith.constant 7 : i32
      %c8 = arith.constant 8 : i32
      %c255 = arith.constant 255 : i32
      %c256 = arith.constant 256 : i32
      %m7 = arith.addi %m, %c7 : i32
      %n255 = arith.addi %n, %c255 : i32
      %tm = arith.divui %m7, %c8 : i32
      %tn = arith.divui %n255, %c256 : i32
      %ntiles = arith.muli %tm, %tn : i32
      cute_nvgpu.warp_specialize
        role "producer" warps [0, 1) {
          cute_nvgpu.elect_one {
            %p0 = cute_nvgpu.pipeline_producer_state %loads : !cute_nvgpu.pipeline<tma_async, 4> -> !cute_nvgpu.pipeline_state<4>
            %pe = scf.for %t = %bid to %ntiles step %grid iter_args(%ps = %p0) -> (!cute_nvgpu.pipeline_state<4>) : i32 {
              %pn = func.call @load_tile(%loads, %ps, %dx, %ring, %t, %tn) : (!pipe, !state, !desc, !ring, i32, i32) -> !state
              scf.yield %pn : !state
            }
            cute_nvgpu.pipeline_producer_tail %loads, %pe : !cute_nvgpu.pipeline<tma_async, 4>, !cute_nvgpu.pipeline_state<4>
          }
        }
        role "consumer" warps [1, 5) {
          %ct = arith.subi %tid, %c32 : i32
          %leader = arith.cmpi eq, %ct, %c0 : i32
          %frag = cute.make_fragment() : !cute.memref<f32, rmem, align<16>, "(4,4):(1,4)">
          %c0s = cute_nvgpu.pipeline_consumer_state %loads : !cute_nvgpu.pipeline<tma_async, 4> -> !cute_nvgpu.pipeline_state<4>
          %s0 = cute_nvgpu.pipeline_producer_state %stores : !cute_nvgpu.pipeline<tma_store, 2> -> !cute_nvgpu.pipeline_state<2>
          %fin:2 = scf.for %t = %bid to %ntiles step %grid iter_args(%cs = %c0s, %ss = %s0) -> (!cute_nvgpu.pipeline_state<4>, !cute_nvgpu.pipeline_state<2>) : i32 {
            // Tile -> registers; the load stage is free again.
            cute_nvgpu.pipeline_consumer_wait %loads, %cs : !cute_nvgpu.pipeline<tma_async, 4>, !cute_nvgpu.pipeline_state<4>
            %i = cute_nvgpu.pipeline_state_index %cs : !cute_nvgpu.pipeline_state<4>
            %sc = cute.make_coord(%i) -> !cute.coord<"(_,?)">
            %buf = cute.tensor_slice(%ring, %sc)
            %src = cute.partition_tv(%buf, %ct) {tv_layout = #cute.layout<"((64,2),(4,4)):((32,1),(8,2))">}
            cute.copy(%src, %frag)
            // One arrival per warp, once all its lanes have read the stage.
            cute_nvgpu.warp_sync
            cute_nvgpu.elect_one {
              cute_nvgpu.pipeline_consumer_release %loads, %cs : !cute_nvgpu.pipeline<tma_async, 4>, !cute_nvgpu.pipeline_state<4>
            }
            // Registers -> staging buffer (once its previous store has read it).
            scf.if %leader {
              cute_nvgpu.pipeline_producer_acquire %stores, %ss : !cute_nvgpu.pipeline<tma_store, 2>, !cute_nvgpu.pipeline_state<2>
            }
            cute_nvgpu.named_barrier id = 1, threads = 128
            %j = cute_nvgpu.pipeline_state_index %ss : !cute_nvgpu.pipeline_state<2>
            %oc = cute.make_coord(%j) -> !cute.coord<"(_,?)">
            %obuf = cute.tensor_slice(%stage, %oc)
            %dst = cute.partition_tv(%obuf, %ct) {tv_layout = #cute.layout<"((64,2),(4,4)):((32,1),(8,2))">}
            cute.copy(%frag, %dst)
            cute_nvgpu.fence_proxy_async
            cute_nvgpu.named_barrier id = 1, threads = 128
            scf.if %leader {
              %tr = arith.divui %t, %tn : i32
              %tc = arith.remui %t, %tn : i32
              %r0 = arith.muli %tr, %c8 : i32
              %c0c = arith.muli %tc, %c256 : i32
              cute_nvgpu.tma_store %dy, %obuf box [%r0, %c0c] : !cute_nvgpu.tma_desc<store, !cute.memref<f32, smem, align<1024>, "(8,256):(256,1)">>, !cute.memref<f32, smem, align<1024>, "(8,256):(256,1)">
              cute_nvgpu.pipeline_producer_commit %stores, %ss : !cute_nvgpu.pipeline<tma_store, 2>, !cute_nvgpu.pipeline_state<2>
            }
            %cn = cute_nvgpu.pipeline_state_advance %cs : !cute_nvgpu.pipeline_state<4>
            %sn = cute_nvgpu.pipeline_state_advance %ss : !cute_nvgpu.pipeline_state<2>
            scf.yield %cn, %sn : !cute_nvgpu.pipeline_state<4>, !cute_nvgpu.pipeline_state<2>
          }
          scf.if %leader {
            cute_nvgpu.pipeline_producer_tail %stores, %fin#1 : !cute_nvgpu.pipeline<tma_store, 2>, !cute_nvgpu.pipeline_state<2>
          }
        }
      gpu.return
    }
  }
}
