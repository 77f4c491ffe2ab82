// chips: sm_90a sm_100a
// The cluster-of-2 multicast variant of tma_copy (kernel.mlir): the two CTAs
// of a cluster take the same 64x32 tiles; CTA r loads rows [32r, 32r + 32)
// of a tile with one TMA load multicast to both CTAs, so each CTA receives
// the whole tile (8192 bytes per stage, inferred: expect_tx counts both
// halves) while reading only half of it from global memory, and each
// consumer warp releases a stage in both CTAs (multicast = 2: the empty
// barriers count 2 x 4 arrivals). CTA r writes plane r of Y = (2, m, n):
// both planes must equal X. sm_120a has no clusters, so this module is
// compiled for sm_90a and sm_100a only (cute-verify-kernel rejects it for
// sm_120a).
!half = !cute.memref<f32, smem, align<1024>, sw128, "(32,32):(32,1)">
!plane = !cute.memref<f32, smem, align<1024>, sw128, "(1,64,32):(2048,32,1)">
!LS = !cute_nvgpu.pipeline_state<4>
!SS = !cute_nvgpu.pipeline_state<2>
module attributes {gpu.container_module} {
  gpu.module @tma_multicast {
    gpu.func @tma_copy_multicast(%px: !cute.ptr<f32, gmem, align<16>>, %py: !cute.ptr<f32, gmem, align<16>>, %m: i32, %n: i32, %ldx: i32, %ldy: i32, %plane: i32) kernel
        attributes {gpu.known_block_size = array<i32: 160, 1, 1>, cute.cluster_dims = array<i32: 2, 1, 1>} {
      %c0, %c32, %c2, %mask = cute.constants 0, 32, 2 : i32, 3 : i16
      %bid = cute.block_idx x
      %grid = cute.grid_dim x
      %tid = cute.thread_idx x
      // Global tensors and their TMA descriptors (kernel parameters the
      // runtime encodes from px/py, m, n, ldx, ldy).
      %shape = cute.make_shape(%m, %n)
      %sx = cute.make_stride(%ldx) -> !cute.stride<"(?,1)">
      %sy = cute.make_stride(%ldy) -> !cute.stride<"(?,1)">
      %lx = cute.make_layout(%shape, %sx)
      %shape3 = cute.make_shape(%m, %n) -> !cute.shape<"(2,?,?)">
      %sy3 = cute.make_stride(%plane, %ldy) -> !cute.stride<"(?,?,1)">
      %ly = cute.make_layout(%shape3, %sy3)
      %gx = cute.make_view(%px, %lx)
      %gy = cute.make_view(%py, %ly)
      %dx = cute_nvgpu.make_tma_desc %gx -> !cute_nvgpu.tma_desc<load, !half, multicast = 2>
      %dy = cute_nvgpu.make_tma_desc %gy -> !cute_nvgpu.tma_desc<store, !plane>
      // TMA copies address their boxes in the coordinates of X and Y.
      %cX = cute.make_identity_tensor(%shape)
      %cY = cute.make_identity_tensor(%shape3)
      // Shared memory: 4 load stages, 2 store stages, 8 barriers.
      %bars = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "8:1">
      %ring = cute.smem_alloc() : !cute.memref<f32, smem, align<1024>, sw128, "((64,32),4):((32,1),2048)">
      %stage = cute.smem_alloc() : !cute.memref<f32, smem, align<1024>, sw128, "((64,32),2):((32,1),2048)">
      %loads = cute_nvgpu.pipeline_create %bars {multicast = 2 : i32} -> !cute_nvgpu.pipeline<tma_async, 4>
      %stores = cute_nvgpu.pipeline_create -> !cute_nvgpu.pipeline<tma_store, 2>
      // The cluster's two CTAs take the same tiles; CTA r loads rows
      // [32r, 32r + 32) of each and multicasts them to both.
      %rank = cute_nvgpu.cluster_rank
      %cid = arith.divui %bid, %c2 : i32
      %ncl = arith.divui %grid, %c2 : i32
      // Tiles of 64 x 32, walked by clusters: cluster c takes tiles c,
      // c + clusters, ... (the scheduler's range is per CTA, so only its
      // tile count is used).
      %sched = cute.make_tile_scheduler %m, %n tile [64, 32] group 1
      %first, %ntiles, %step = cute.tile_scheduler_range %sched
      cute_nvgpu.warp_specialize
        role "producer" warps [0, 1) {
          cute_nvgpu.elect_one {
            %p0 = cute_nvgpu.pipeline_producer_state %loads
            %pe = scf.for %t = %cid to %ntiles step %ncl iter_args(%ps = %p0) -> (!LS) : i32 {
              cute_nvgpu.pipeline_producer_acquire %loads, %ps
              %full = cute_nvgpu.pipeline_producer_get_barrier %loads, %ps
              %i = cute_nvgpu.pipeline_state_index %ps
              %sc = cute.make_coord(%i) -> !cute.coord<"(_,?)">
              %buf = cute.tensor_slice(%ring, %sc)
              %tr, %tc = cute.tile_scheduler_coord %sched, %t
              %tt = cute.make_coord(%tr, %tc) -> !cute.coord<"(?,?)">
              %gX = cute.local_tile(%cX, %tt) {tiler = #cute.shape<"(64,32)">}
              // This CTA's 32 x 32 box of the tile, in smem and in X.
              %half, %gXh = cute_nvgpu.tma_partition %dx, %rank (%buf, %gX)
              cute.copy(%gXh, %half) with(%dx, %full, %mask)
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
          %fin:2 = scf.for %t = %cid to %ntiles step %ncl iter_args(%cs = %c0s, %ss = %s0) -> (!LS, !SS) : i32 {
            // Tile -> registers; the load stage is free again.
            cute_nvgpu.pipeline_consumer_wait %loads, %cs
            %i = cute_nvgpu.pipeline_state_index %cs
            %sc = cute.make_coord(%i) -> !cute.coord<"(_,?)">
            %buf = cute.tensor_slice(%ring, %sc)
            %src = cute.partition_tv(%buf, %ct) {tv_layout = #cute.layout<"((8,16),(4,4)):((256,1),(64,16))">}
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
            %dst = cute.partition_tv(%obuf, %ct) {tv_layout = #cute.layout<"((8,16),(4,4)):((256,1),(64,16))">}
            cute.copy(%frag, %dst)
            %optr3 = cute.get_iter(%obuf)
            %l3 = cute.static : !cute.composed_layout<"S<3,2,3> o 0 o (1,64,32):(2048,32,1)">
            cute_nvgpu.fence_proxy_async
            cute_nvgpu.named_barrier id = 1, threads = 128
            scf.if %leader {
              %tr, %tc = cute.tile_scheduler_coord %sched, %t
              %pt = cute.make_coord(%rank, %tr, %tc) -> !cute.coord<"(?,?,?)">
              %gY = cute.local_tile(%cY, %pt) {tiler = #cute.shape<"(1,64,32)">}
              %obuf3 = cute.make_view(%optr3, %l3)
              cute.copy(%obuf3, %gY) with(%dy)
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
      // Neither CTA leaves while its peer may still use its barriers.
      cute_nvgpu.cluster_sync
      gpu.return
    }
  }
}
