// TMA-pipelined 2-D copy and transpose of f32 matrices (row-major, leading
// dimension ld: TMA needs row pitches that are multiples of 16 bytes).
// One producer warp issues TMA loads of 8x256 (copy, unswizzled: rows of
// 1 KB, which TMA moves faster than 128-byte rows) or 32x32 (transpose,
// 128-byte swizzled) boxes into a 4-stage PipelineTmaAsync ring; four
// consumer warps take each tile through registers into a 2-stage TMA-store
// staging ring (PipelineTmaStore) and one consumer thread stores it.
// Blocks are persistent: block b takes tiles b, b + grid, ...
// Partial boxes at the right and bottom edges are zero-filled by the loads
// and clipped by the stores. See README.md.
module attributes {gpu.container_module} {
  gpu.module @tma_pipeline {
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
              cute_nvgpu.pipeline_producer_acquire %loads, %ps : !cute_nvgpu.pipeline<tma_async, 4>, !cute_nvgpu.pipeline_state<4>
              %full = cute_nvgpu.pipeline_producer_get_barrier %loads, %ps : !cute_nvgpu.pipeline<tma_async, 4>, !cute_nvgpu.pipeline_state<4>
              %i = cute_nvgpu.pipeline_state_index %ps : !cute_nvgpu.pipeline_state<4>
              %sc = cute.make_coord(%i) -> !cute.coord<"(_,?)">
              %buf = cute.tensor_slice(%ring, %sc)
              %tr = arith.divui %t, %tn : i32
              %tc = arith.remui %t, %tn : i32
              %r0 = arith.muli %tr, %c8 : i32
              %c0c = arith.muli %tc, %c256 : i32
              cute_nvgpu.tma_load %dx, %buf, %full box [%r0, %c0c] : !cute_nvgpu.tma_desc<load, !cute.memref<f32, smem, align<1024>, "(8,256):(256,1)">>, !cute.memref<f32, smem, align<1024>, "(8,256):(256,1)">
              cute_nvgpu.pipeline_producer_commit %loads, %ps : !cute_nvgpu.pipeline<tma_async, 4>, !cute_nvgpu.pipeline_state<4>
              %pn = cute_nvgpu.pipeline_state_advance %ps : !cute_nvgpu.pipeline_state<4>
              scf.yield %pn : !cute_nvgpu.pipeline_state<4>
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

    gpu.func @tma_transpose(%px: !cute.ptr<f32, gmem, align<16>>, %py: !cute.ptr<f32, gmem, align<16>>, %m: i32, %n: i32, %ldx: i32, %ldy: i32) kernel
        attributes {gpu.known_block_size = array<i32: 160, 1, 1>} {
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      %c32 = arith.constant 32 : i32
      %c63 = arith.constant 63 : i32
      %c31 = arith.constant 31 : i32
      %c64 = arith.constant 64 : i32
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
      %shapet = cute.make_shape(%n, %m)
      %ly = cute.make_layout(%shapet, %sy)
      %gx = cute.make_view(%px, %lx)
      %gy = cute.make_view(%py, %ly)
      %dx = cute_nvgpu.make_tma_desc %gx : !cute.memref<f32, gmem, align<16>, "(?,?):(?,1)"> -> !cute_nvgpu.tma_desc<load, !cute.memref<f32, smem, align<1024>, S<3,2,3>, "(32,32):(32,1)">>
      %dy = cute_nvgpu.make_tma_desc %gy : !cute.memref<f32, gmem, align<16>, "(?,?):(?,1)"> -> !cute_nvgpu.tma_desc<store, !cute.memref<f32, smem, align<1024>, S<3,2,3>, "(32,32):(32,1)">>
      // Shared memory: 4 load stages, 2 store stages, 8 barriers.
      %bars = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "8:1">
      %ring = cute.smem_alloc() : !cute.memref<f32, smem, align<1024>, S<3,2,3>, "((32,32),4):((32,1),1024)">
      %stage = cute.smem_alloc() : !cute.memref<f32, smem, align<1024>, S<3,2,3>, "((32,32),2):((32,1),1024)">
      %loads = cute_nvgpu.pipeline_create %bars : !cute.memref<i64, smem, align<8>, "8:1"> {consumers = 4 : i32, tx_bytes = 4096 : i32} -> !cute_nvgpu.pipeline<tma_async, 4>
      %stores = cute_nvgpu.pipeline_create -> !cute_nvgpu.pipeline<tma_store, 2>
      // Tiles of 64 x 32.
      %m31 = arith.addi %m, %c31 : i32
      %n31 = arith.addi %n, %c31 : i32
      %tm = arith.divui %m31, %c32 : i32
      %tn = arith.divui %n31, %c32 : i32
      %ntiles = arith.muli %tm, %tn : i32
      cute_nvgpu.warp_specialize
        role "producer" warps [0, 1) {
          cute_nvgpu.elect_one {
            %p0 = cute_nvgpu.pipeline_producer_state %loads : !cute_nvgpu.pipeline<tma_async, 4> -> !cute_nvgpu.pipeline_state<4>
            %pe = scf.for %t = %bid to %ntiles step %grid iter_args(%ps = %p0) -> (!cute_nvgpu.pipeline_state<4>) : i32 {
              cute_nvgpu.pipeline_producer_acquire %loads, %ps : !cute_nvgpu.pipeline<tma_async, 4>, !cute_nvgpu.pipeline_state<4>
              %full = cute_nvgpu.pipeline_producer_get_barrier %loads, %ps : !cute_nvgpu.pipeline<tma_async, 4>, !cute_nvgpu.pipeline_state<4>
              %i = cute_nvgpu.pipeline_state_index %ps : !cute_nvgpu.pipeline_state<4>
              %sc = cute.make_coord(%i) -> !cute.coord<"(_,?)">
              %buf = cute.tensor_slice(%ring, %sc)
              %tr = arith.divui %t, %tn : i32
              %tc = arith.remui %t, %tn : i32
              %r0 = arith.muli %tr, %c32 : i32
              %c0c = arith.muli %tc, %c32 : i32
              cute_nvgpu.tma_load %dx, %buf, %full box [%r0, %c0c] : !cute_nvgpu.tma_desc<load, !cute.memref<f32, smem, align<1024>, S<3,2,3>, "(32,32):(32,1)">>, !cute.memref<f32, smem, align<1024>, S<3,2,3>, "(32,32):(32,1)">
              cute_nvgpu.pipeline_producer_commit %loads, %ps : !cute_nvgpu.pipeline<tma_async, 4>, !cute_nvgpu.pipeline_state<4>
              %pn = cute_nvgpu.pipeline_state_advance %ps : !cute_nvgpu.pipeline_state<4>
              scf.yield %pn : !cute_nvgpu.pipeline_state<4>
            }
            cute_nvgpu.pipeline_producer_tail %loads, %pe : !cute_nvgpu.pipeline<tma_async, 4>, !cute_nvgpu.pipeline_state<4>
          }
        }
        role "consumer" warps [1, 5) {
          %ct = arith.subi %tid, %c32 : i32
          %leader = arith.cmpi eq, %ct, %c0 : i32
          %frag = cute.make_fragment() : !cute.memref<f32, rmem, align<16>, "(4,2):(1,4)">
          %c0s = cute_nvgpu.pipeline_consumer_state %loads : !cute_nvgpu.pipeline<tma_async, 4> -> !cute_nvgpu.pipeline_state<4>
          %s0 = cute_nvgpu.pipeline_producer_state %stores : !cute_nvgpu.pipeline<tma_store, 2> -> !cute_nvgpu.pipeline_state<2>
          %fin:2 = scf.for %t = %bid to %ntiles step %grid iter_args(%cs = %c0s, %ss = %s0) -> (!cute_nvgpu.pipeline_state<4>, !cute_nvgpu.pipeline_state<2>) : i32 {
            // Tile -> registers; the load stage is free again.
            cute_nvgpu.pipeline_consumer_wait %loads, %cs : !cute_nvgpu.pipeline<tma_async, 4>, !cute_nvgpu.pipeline_state<4>
            %i = cute_nvgpu.pipeline_state_index %cs : !cute_nvgpu.pipeline_state<4>
            %sc = cute.make_coord(%i) -> !cute.coord<"(_,?)">
            %buf = cute.tensor_slice(%ring, %sc)
            %src = cute.partition_tv(%buf, %ct) {tv_layout = #cute.layout<"((8,16),(4,2)):((128,1),(32,16))">}
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
            // The staging tile is Y's (32 x 32 box); seen with X's coordinates
            // it is its transpose, so the same partition writes Y = X^T.
            %optr = cute.get_iter(%obuf)
            %tl = cute.static : !cute.composed_layout<"S<3,2,3> o 0 o (32,32):(1,32)">
            %obufT = cute.make_view(%optr, %tl)
            %dst = cute.partition_tv(%obufT, %ct) {tv_layout = #cute.layout<"((8,16),(4,2)):((128,1),(32,16))">}
            cute.copy(%frag, %dst)
            cute_nvgpu.fence_proxy_async
            cute_nvgpu.named_barrier id = 1, threads = 128
            scf.if %leader {
              %tr = arith.divui %t, %tn : i32
              %tc = arith.remui %t, %tn : i32
              %r0 = arith.muli %tr, %c32 : i32
              %c0c = arith.muli %tc, %c32 : i32
              cute_nvgpu.tma_store %dy, %obuf box [%c0c, %r0] : !cute_nvgpu.tma_desc<store, !cute.memref<f32, smem, align<1024>, S<3,2,3>, "(32,32):(32,1)">>, !cute.memref<f32, smem, align<1024>, S<3,2,3>, "(32,32):(32,1)">
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
