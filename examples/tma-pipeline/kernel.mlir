// TMA-pipelined 2-D copy and transpose of f32 matrices (row-major, leading
// dimension ld: TMA needs row pitches that are multiples of 16 bytes).
// One producer warp issues TMA loads of 8x256 (copy, unswizzled: rows of
// 1 KB, which TMA moves faster than 128-byte rows) or 32x32 (transpose,
// 128-byte swizzled) boxes into a 4-stage PipelineTmaAsync ring; four
// consumer warps take each tile through registers into a 2-stage TMA-store
// staging ring (PipelineTmaStore) and one consumer thread stores it. The
// expected bytes and the consumer count are inferred from the copies and
// the roles. Blocks are persistent (cute.make_tile_scheduler, group 1:
// block b takes tiles b, b + grid, ... in row-major tile order).
// Partial boxes at the right and bottom edges are zero-filled by the loads
// and clipped by the stores. See README.md.
!gmem = !cute.memref<f32, gmem, align<16>, "(?,?):(?,1)">
!rows = !cute.memref<f32, smem, align<1024>, "(8,256):(256,1)">
!tile = !cute.memref<f32, smem, align<1024>, sw128, "(32,32):(32,1)">
!LS = !cute_nvgpu.pipeline_state<4>
!SS = !cute_nvgpu.pipeline_state<2>
module attributes {gpu.container_module} {
  gpu.module @tma_pipeline {
    gpu.func @tma_copy(%px: !cute.ptr<f32, gmem, align<16>>, %py: !cute.ptr<f32, gmem, align<16>>, %m: i32, %n: i32, %ldx: i32, %ldy: i32) kernel
        attributes {gpu.known_block_size = array<i32: 160, 1, 1>} {
      %c0, %c32 = cute.constants 0, 32 : i32
      %tid = cute.thread_idx x
      // Global tensors and their TMA descriptors (kernel parameters the
      // runtime encodes from px/py, m, n, ldx, ldy).
      %shape = cute.make_shape(%m, %n)
      %sx = cute.make_stride(%ldx) -> !cute.stride<"(?,1)">
      %sy = cute.make_stride(%ldy) -> !cute.stride<"(?,1)">
      %lx = cute.make_layout(%shape, %sx)
      %ly = cute.make_layout(%shape, %sy)
      %gx = cute.make_view(%px, %lx)
      %gy = cute.make_view(%py, %ly)
      %dx = cute_nvgpu.make_tma_desc %gx -> !cute_nvgpu.tma_desc<load, !rows>
      %dy = cute_nvgpu.make_tma_desc %gy -> !cute_nvgpu.tma_desc<store, !rows>
      // TMA copies address their boxes in the coordinates of X and Y.
      %cX = cute.make_identity_tensor(%shape)
      %cY = cute.make_identity_tensor(%shape)
      // Shared memory: 4 load stages, 2 store stages (8 KB each), 8 barriers.
      %bars = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "8:1">
      %ring = cute.smem_alloc() : !cute.memref<f32, smem, align<1024>, "((8,256),4):((256,1),2048)">
      %stage = cute.smem_alloc() : !cute.memref<f32, smem, align<1024>, "((8,256),2):((256,1),2048)">
      %loads = cute_nvgpu.pipeline_create %bars -> !cute_nvgpu.pipeline<tma_async, 4>
      %stores = cute_nvgpu.pipeline_create -> !cute_nvgpu.pipeline<tma_store, 2>
      // Tiles of 8 x 256.
      %sched = cute.make_tile_scheduler %m, %n tile [8, 256] group 1
      %first, %end, %step = cute.tile_scheduler_range %sched
      cute_nvgpu.warp_specialize
        role "producer" warps [0, 1) {
          cute_nvgpu.elect_one {
            %p0 = cute_nvgpu.pipeline_producer_state %loads
            %pe = scf.for %t = %first to %end step %step iter_args(%ps = %p0) -> (!LS) : i32 {
              cute_nvgpu.pipeline_producer_acquire %loads, %ps
              %full = cute_nvgpu.pipeline_producer_get_barrier %loads, %ps
              %i = cute_nvgpu.pipeline_state_index %ps
              %sc = cute.make_coord(%i) -> !cute.coord<"(_,?)">
              %buf = cute.tensor_slice(%ring, %sc)
              %tr, %tc = cute.tile_scheduler_coord %sched, %t
              %tt = cute.make_coord(%tr, %tc) -> !cute.coord<"(?,?)">
              %gX = cute.local_tile(%cX, %tt) {tiler = #cute.shape<"(8,256)">}
              cute.copy(%gX, %buf) with(%dx, %full)
              cute_nvgpu.pipeline_producer_commit %loads, %ps
              %pn = cute_nvgpu.pipeline_state_advance %ps
              scf.yield %pn : !LS
            }
            cute_nvgpu.pipeline_producer_tail %loads, %pe
          }
        }
        role "consumer" warps [1, 5) {
          %ct = arith.subi %tid, %c32 : i32
          %leader = arith.cmpi eq, %ct, %c0 : i32
          %frag = cute.make_fragment() : !cute.memref<f32, rmem, align<16>, "(4,4):(1,4)">
          %c0s = cute_nvgpu.pipeline_consumer_state %loads
          %s0 = cute_nvgpu.pipeline_producer_state %stores
          %fin:2 = scf.for %t = %first to %end step %step iter_args(%cs = %c0s, %ss = %s0) -> (!LS, !SS) : i32 {
            // Tile -> registers; the load stage is free again.
            cute_nvgpu.pipeline_consumer_wait %loads, %cs
            %i = cute_nvgpu.pipeline_state_index %cs
            %sc = cute.make_coord(%i) -> !cute.coord<"(_,?)">
            %buf = cute.tensor_slice(%ring, %sc)
            %src = cute.partition_tv(%buf, %ct) {tv_layout = #cute.layout<"((64,2),(4,4)):((32,1),(8,2))">}
            cute.copy(%src, %frag)
            // One arrival per warp, once all its lanes have read the stage.
            cute_nvgpu.warp_sync
            cute_nvgpu.elect_one {
              cute_nvgpu.pipeline_consumer_release %loads, %cs
            }
            // Registers -> staging buffer (once its previous store has read it).
            scf.if %leader {
              cute_nvgpu.pipeline_producer_acquire %stores, %ss
            }
            cute_nvgpu.named_barrier id = 1, threads = 128
            %j = cute_nvgpu.pipeline_state_index %ss
            %oc = cute.make_coord(%j) -> !cute.coord<"(_,?)">
            %obuf = cute.tensor_slice(%stage, %oc)
            %dst = cute.partition_tv(%obuf, %ct) {tv_layout = #cute.layout<"((64,2),(4,4)):((32,1),(8,2))">}
            cute.copy(%frag, %dst)
            cute_nvgpu.fence_proxy_async
            cute_nvgpu.named_barrier id = 1, threads = 128
            scf.if %leader {
              %tr, %tc = cute.tile_scheduler_coord %sched, %t
              %tt = cute.make_coord(%tr, %tc) -> !cute.coord<"(?,?)">
              %gY = cute.local_tile(%cY, %tt) {tiler = #cute.shape<"(8,256)">}
              cute.copy(%obuf, %gY) with(%dy)
              cute_nvgpu.pipeline_producer_commit %stores, %ss
            }
            %cn = cute_nvgpu.pipeline_state_advance %cs
            %sn = cute_nvgpu.pipeline_state_advance %ss
            scf.yield %cn, %sn : !LS, !SS
          }
          scf.if %leader {
            cute_nvgpu.pipeline_producer_tail %stores, %fin#1
          }
        }
      gpu.return
    }

    gpu.func @tma_transpose(%px: !cute.ptr<f32, gmem, align<16>>, %py: !cute.ptr<f32, gmem, align<16>>, %m: i32, %n: i32, %ldx: i32, %ldy: i32) kernel
        attributes {gpu.known_block_size = array<i32: 160, 1, 1>} {
      %c0, %c32 = cute.constants 0, 32 : i32
      %tid = cute.thread_idx x
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
      %dx = cute_nvgpu.make_tma_desc %gx -> !cute_nvgpu.tma_desc<load, !tile>
      %dy = cute_nvgpu.make_tma_desc %gy -> !cute_nvgpu.tma_desc<store, !tile>
      // TMA copies address their boxes in the coordinates of X and of Y.
      %cX = cute.make_identity_tensor(%shape)
      %cY = cute.make_identity_tensor(%shapet)
      // Shared memory: 4 load stages, 2 store stages, 8 barriers.
      %bars = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "8:1">
      %ring = cute.smem_alloc() : !cute.memref<f32, smem, align<1024>, sw128, "((32,32),4):((32,1),1024)">
      %stage = cute.smem_alloc() : !cute.memref<f32, smem, align<1024>, sw128, "((32,32),2):((32,1),1024)">
      %loads = cute_nvgpu.pipeline_create %bars -> !cute_nvgpu.pipeline<tma_async, 4>
      %stores = cute_nvgpu.pipeline_create -> !cute_nvgpu.pipeline<tma_store, 2>
      // Tiles of 32 x 32.
      %sched = cute.make_tile_scheduler %m, %n tile [32, 32] group 1
      %first, %end, %step = cute.tile_scheduler_range %sched
      cute_nvgpu.warp_specialize
        role "producer" warps [0, 1) {
          cute_nvgpu.elect_one {
            %p0 = cute_nvgpu.pipeline_producer_state %loads
            %pe = scf.for %t = %first to %end step %step iter_args(%ps = %p0) -> (!LS) : i32 {
              cute_nvgpu.pipeline_producer_acquire %loads, %ps
              %full = cute_nvgpu.pipeline_producer_get_barrier %loads, %ps
              %i = cute_nvgpu.pipeline_state_index %ps
              %sc = cute.make_coord(%i) -> !cute.coord<"(_,?)">
              %buf = cute.tensor_slice(%ring, %sc)
              %tr, %tc = cute.tile_scheduler_coord %sched, %t
              %tt = cute.make_coord(%tr, %tc) -> !cute.coord<"(?,?)">
              %gX = cute.local_tile(%cX, %tt) {tiler = #cute.shape<"(32,32)">}
              cute.copy(%gX, %buf) with(%dx, %full)
              cute_nvgpu.pipeline_producer_commit %loads, %ps
              %pn = cute_nvgpu.pipeline_state_advance %ps
              scf.yield %pn : !LS
            }
            cute_nvgpu.pipeline_producer_tail %loads, %pe
          }
        }
        role "consumer" warps [1, 5) {
          %ct = arith.subi %tid, %c32 : i32
          %leader = arith.cmpi eq, %ct, %c0 : i32
          %frag = cute.make_fragment() : !cute.memref<f32, rmem, align<16>, "(4,2):(1,4)">
          %c0s = cute_nvgpu.pipeline_consumer_state %loads
          %s0 = cute_nvgpu.pipeline_producer_state %stores
          %fin:2 = scf.for %t = %first to %end step %step iter_args(%cs = %c0s, %ss = %s0) -> (!LS, !SS) : i32 {
            // Tile -> registers; the load stage is free again.
            cute_nvgpu.pipeline_consumer_wait %loads, %cs
            %i = cute_nvgpu.pipeline_state_index %cs
            %sc = cute.make_coord(%i) -> !cute.coord<"(_,?)">
            %buf = cute.tensor_slice(%ring, %sc)
            %src = cute.partition_tv(%buf, %ct) {tv_layout = #cute.layout<"((8,16),(4,2)):((128,1),(32,16))">}
            cute.copy(%src, %frag)
            // One arrival per warp, once all its lanes have read the stage.
            cute_nvgpu.warp_sync
            cute_nvgpu.elect_one {
              cute_nvgpu.pipeline_consumer_release %loads, %cs
            }
            // Registers -> staging buffer (once its previous store has read it).
            scf.if %leader {
              cute_nvgpu.pipeline_producer_acquire %stores, %ss
            }
            cute_nvgpu.named_barrier id = 1, threads = 128
            %j = cute_nvgpu.pipeline_state_index %ss
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
              // Tile (tr, tc) of X is tile (tc, tr) of Y: Y's column of
              // tiles tr, its tile tc.
              %tr, %tc = cute.tile_scheduler_coord %sched, %t
              %yc = cute.make_coord(%tr) -> !cute.coord<"(_,?)">
              %gYc = cute.local_tile(%cY, %yc) {tiler = #cute.shape<"(32,32)">}
              %yr = cute.make_coord(%tc) -> !cute.coord<"(_,_,?)">
              %gY = cute.tensor_slice(%gYc, %yr)
              cute.copy(%obuf, %gY) with(%dy)
              cute_nvgpu.pipeline_producer_commit %stores, %ss
            }
            %cn = cute_nvgpu.pipeline_state_advance %cs
            %sn = cute_nvgpu.pipeline_state_advance %ss
            scf.yield %cn, %sn : !LS, !SS
          }
          scf.if %leader {
            cute_nvgpu.pipeline_producer_tail %stores, %fin#1
          }
        }
      gpu.return
    }
  }
}
