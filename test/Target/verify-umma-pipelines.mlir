// Protocol checks of the sm_100a pipelines (tma_umma, umma_async): the
// stage bytes of a tma_umma pipeline against its TMA loads, its release (a
// tcgen05.commit) in one thread, the umma_async commit in one thread and
// its consumers' count, the chip (tcgen05.commit needs Tensor Memory) and
// the CTA pair's cluster.
// RUN: cute-opt %s -split-input-file --cute-plan-smem="chip=sm_100a" --cute-verify-kernel="chip=sm_100a" -verify-diagnostics -o /dev/null
// RUN: not cute-opt %s -split-input-file --cute-verify-kernel="chip=sm_120a" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SM120
// SM120: error: pipeline %p: tma_umma pipelines signal with tcgen05.commit, which needs Tensor Memory; sm_120a lacks it
// SM120: error: pipeline %p: umma_async pipelines signal with tcgen05.commit, which needs Tensor Memory; sm_120a lacks it

!gx = !cute.memref<bf16, gmem, align<16>, "(?,?):(?,1)">
!box = !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "(128,64):(64,1)">
!ring = !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,64),2):((64,1),8192)">
!ld = !cute_nvgpu.tma_desc<load, !box>
!pipe = !cute_nvgpu.pipeline<tma_umma, 2>
!st = !cute_nvgpu.pipeline_state<2>
module attributes {gpu.container_module} {
  gpu.module @k {
    // One 128 x 64 bf16 box (16384 bytes) per stage, but tx_bytes = 32768.
    gpu.func @stage_bytes(%px: !cute.ptr<bf16, gmem, align<16>>, %m: i32, %k: i32, %ld: i32) kernel attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : i32
      %shape = cute.make_shape(%m, %k)
      %sx = cute.make_stride(%ld) -> !cute.stride<"(?,1)">
      %lx = cute.make_layout(%shape, %sx)
      %gx = cute.make_view(%px, %lx)
      %d = cute_nvgpu.make_tma_desc %gx : !gx -> !ld
      %bars = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "4:1">
      %ring = cute.smem_alloc() : !ring
      // expected-error @below {{pipeline %p: each stage receives 16384 bytes from its TMA loads (1 box of 16384) but tx_bytes = 32768}}
      %p = cute_nvgpu.pipeline_create %bars : !cute.memref<i64, smem, align<8>, "4:1"> {tx_bytes = 32768 : i32} -> !pipe
      cute_nvgpu.warp_specialize
        role "producer" warps [0, 1) {
          cute_nvgpu.elect_one {
            %ps = cute_nvgpu.pipeline_producer_state %p : !pipe -> !st
            cute_nvgpu.pipeline_producer_acquire %p, %ps : !pipe, !st
            %full = cute_nvgpu.pipeline_producer_get_barrier %p, %ps : !pipe, !st
            %i = cute_nvgpu.pipeline_state_index %ps : !st
            %sc = cute.make_coord(%i) -> !cute.coord<"(_,?)">
            %b = cute.tensor_slice(%ring, %sc)
            // expected-note @below {{a TMA load on the stage's full barrier}}
            cute_nvgpu.tma_load %d, %b, %full box [%c0, %c0] : !ld, !box
          }
        }
        role "mma" warps [1, 2) {
          cute_nvgpu.elect_one {
            %cs = cute_nvgpu.pipeline_consumer_state %p : !pipe -> !st
            cute_nvgpu.pipeline_consumer_wait %p, %cs : !pipe, !st
            cute_nvgpu.pipeline_consumer_release %p, %cs : !pipe, !st
          }
        }
      gpu.return
    }
  }
}

// -----

!pipe = !cute_nvgpu.pipeline<tma_umma, 2>
!st = !cute_nvgpu.pipeline_state<2>
module attributes {gpu.container_module} {
  gpu.module @k {
    // The MMA warp releases in all 32 lanes: 32 tcgen05.commit arrivals.
    gpu.func @release_per_lane() kernel attributes {gpu.known_block_size = array<i32: 64, 1, 1>} {
      %bars = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "4:1">
      // expected-error @below {{pipeline %p: consumers = 1 but 32 threads (role "mma", warps [1, 2)) release each stage}}
      %p = cute_nvgpu.pipeline_create %bars : !cute.memref<i64, smem, align<8>, "4:1"> {tx_bytes = 16384 : i32} -> !pipe
      cute_nvgpu.warp_specialize
        role "producer" warps [0, 1) {
        }
        role "mma" warps [1, 2) {
          %cs = cute_nvgpu.pipeline_consumer_state %p : !pipe -> !st
          cute_nvgpu.pipeline_consumer_wait %p, %cs : !pipe, !st
          // expected-note @below {{executed by 32 threads}}
          cute_nvgpu.pipeline_consumer_release %p, %cs : !pipe, !st
        }
      gpu.return
    }
  }
}

// -----

!pipe = !cute_nvgpu.pipeline<umma_async, 2>
!st = !cute_nvgpu.pipeline_state<2>
module attributes {gpu.container_module} {
  gpu.module @k {
    // The accumulator pipeline: the MMA warp commits in one lane (fine), but
    // consumers = 64 while the 128 epilogue threads release.
    gpu.func @epilogue_count() kernel attributes {gpu.known_block_size = array<i32: 160, 1, 1>} {
      %bars = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "4:1">
      // expected-error @below {{pipeline %p: consumers = 64 but 128 threads (role "epilogue", warps [1, 5)) release each stage}}
      %p = cute_nvgpu.pipeline_create %bars : !cute.memref<i64, smem, align<8>, "4:1"> {consumers = 64 : i32} -> !pipe
      cute_nvgpu.warp_specialize
        role "mma" warps [0, 1) {
          cute_nvgpu.elect_one {
            %ps = cute_nvgpu.pipeline_producer_state %p : !pipe -> !st
            cute_nvgpu.pipeline_producer_acquire %p, %ps : !pipe, !st
            cute_nvgpu.pipeline_producer_commit %p, %ps : !pipe, !st
          }
        }
        role "epilogue" warps [1, 5) {
          %cs = cute_nvgpu.pipeline_consumer_state %p : !pipe -> !st
          cute_nvgpu.pipeline_consumer_wait %p, %cs : !pipe, !st
          // expected-note @below {{executed by 128 threads}}
          cute_nvgpu.pipeline_consumer_release %p, %cs : !pipe, !st
        }
      gpu.return
    }
  }
}

// -----

!pipe = !cute_nvgpu.pipeline<umma_async, 2>
!st = !cute_nvgpu.pipeline_state<2>
module attributes {gpu.container_module} {
  gpu.module @k {
    // The commit runs in every lane of the MMA warp: 32 arrivals on a full
    // barrier that expects one.
    gpu.func @commit_per_lane() kernel attributes {gpu.known_block_size = array<i32: 160, 1, 1>} {
      %bars = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "4:1">
      // expected-error @below {{pipeline %p: producers = 1 but 32 threads (role "mma", warps [0, 1)) commit each stage}}
      %p = cute_nvgpu.pipeline_create %bars : !cute.memref<i64, smem, align<8>, "4:1"> {consumers = 128 : i32} -> !pipe
      cute_nvgpu.warp_specialize
        role "mma" warps [0, 1) {
          %ps = cute_nvgpu.pipeline_producer_state %p : !pipe -> !st
          cute_nvgpu.pipeline_producer_acquire %p, %ps : !pipe, !st
          // expected-note @below {{executed by 32 threads}}
          cute_nvgpu.pipeline_producer_commit %p, %ps : !pipe, !st
        }
        role "epilogue" warps [1, 5) {
          %cs = cute_nvgpu.pipeline_consumer_state %p : !pipe -> !st
          cute_nvgpu.pipeline_consumer_wait %p, %cs : !pipe, !st
          cute_nvgpu.pipeline_consumer_release %p, %cs : !pipe, !st
        }
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @k {
    // A pair's accumulator pipeline without a cluster.
    gpu.func @pair_no_cluster() kernel attributes {gpu.known_block_size = array<i32: 160, 1, 1>} {
      %bars = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "4:1">
      // expected-error @below {{pipeline %p: cta_group = 2 pairs CTAs 2i and 2i+1 of a cluster, but the cluster of kernel @pair_no_cluster is 1x1x1; set cute.cluster_dims with an even x extent}}
      %p = cute_nvgpu.pipeline_create %bars : !cute.memref<i64, smem, align<8>, "4:1"> {consumers = 128 : i32, cta_group = 2 : i32} -> !cute_nvgpu.pipeline<umma_async, 2>
      gpu.return
    }
  }
}

// -----

// A CTA pair (cta_group = 2): both CTAs' boxes complete the even CTA's full
// barrier, so tx_bytes counts each CTA's 16384 bytes twice; 16384 is wrong.
!gx = !cute.memref<bf16, gmem, align<16>, "(?,?):(?,1)">
!box = !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "(128,64):(64,1)">
!ring = !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,64),2):((64,1),8192)">
!ld = !cute_nvgpu.tma_desc<load, !box>
!pipe = !cute_nvgpu.pipeline<tma_umma, 2>
!st = !cute_nvgpu.pipeline_state<2>
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @pair_stage_bytes(%px: !cute.ptr<bf16, gmem, align<16>>, %m: i32, %k: i32, %ld: i32) kernel attributes {cute.cluster_dims = array<i32: 2, 1, 1>, gpu.known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : i32
      %shape = cute.make_shape(%m, %k)
      %sx = cute.make_stride(%ld) -> !cute.stride<"(?,1)">
      %lx = cute.make_layout(%shape, %sx)
      %gx = cute.make_view(%px, %lx)
      %d = cute_nvgpu.make_tma_desc %gx : !gx -> !ld
      %bars = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "4:1">
      %ring = cute.smem_alloc() : !ring
      // expected-error @below {{pipeline %p: each stage receives 32768 bytes from its TMA loads (1 box of 16384 in each CTA, times the 2 CTAs of the pair) but tx_bytes = 16384}}
      %p = cute_nvgpu.pipeline_create %bars : !cute.memref<i64, smem, align<8>, "4:1"> {tx_bytes = 16384 : i32, cta_group = 2 : i32} -> !pipe
      cute_nvgpu.warp_specialize
        role "producer" warps [0, 1) {
          cute_nvgpu.elect_one {
            %ps = cute_nvgpu.pipeline_producer_state %p : !pipe -> !st
            cute_nvgpu.pipeline_producer_acquire %p, %ps : !pipe, !st
            %full = cute_nvgpu.pipeline_producer_get_barrier %p, %ps : !pipe, !st
            %i = cute_nvgpu.pipeline_state_index %ps : !st
            %sc = cute.make_coord(%i) -> !cute.coord<"(_,?)">
            %b = cute.tensor_slice(%ring, %sc)
            // expected-note @below {{a TMA load on the stage's full barrier}}
            cute_nvgpu.tma_load %d, %b, %full box [%c0, %c0] cta_group 2 : !ld, !box
          }
        }
      gpu.return
    }
  }
}

// -----

// A pair's pipeline: a load without cta_group 2 would complete its own
// CTA's barrier, which nobody expects on the odd CTA.
!gx = !cute.memref<bf16, gmem, align<16>, "(?,?):(?,1)">
!box = !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "(128,64):(64,1)">
!ring = !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,64),2):((64,1),8192)">
!ld = !cute_nvgpu.tma_desc<load, !box>
!pipe = !cute_nvgpu.pipeline<tma_umma, 2>
!st = !cute_nvgpu.pipeline_state<2>
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @pair_load_group(%px: !cute.ptr<bf16, gmem, align<16>>, %m: i32, %k: i32, %ld: i32) kernel attributes {cute.cluster_dims = array<i32: 2, 1, 1>, gpu.known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : i32
      %shape = cute.make_shape(%m, %k)
      %sx = cute.make_stride(%ld) -> !cute.stride<"(?,1)">
      %lx = cute.make_layout(%shape, %sx)
      %gx = cute.make_view(%px, %lx)
      %d = cute_nvgpu.make_tma_desc %gx : !gx -> !ld
      %bars = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "4:1">
      %ring = cute.smem_alloc() : !ring
      // expected-note @below {{the pipeline}}
      %p = cute_nvgpu.pipeline_create %bars : !cute.memref<i64, smem, align<8>, "4:1"> {tx_bytes = 32768 : i32, cta_group = 2 : i32} -> !pipe
      cute_nvgpu.warp_specialize
        role "producer" warps [0, 1) {
          cute_nvgpu.elect_one {
            %ps = cute_nvgpu.pipeline_producer_state %p : !pipe -> !st
            cute_nvgpu.pipeline_producer_acquire %p, %ps : !pipe, !st
            %full = cute_nvgpu.pipeline_producer_get_barrier %p, %ps : !pipe, !st
            %i = cute_nvgpu.pipeline_state_index %ps : !st
            %sc = cute.make_coord(%i) -> !cute.coord<"(_,?)">
            %b = cute.tensor_slice(%ring, %sc)
            // expected-error @below {{TMA load with cta_group = 1 on pipeline %p of cta_group = 2: the pair's loads must complete on the even CTA's barrier, which expects both CTAs' bytes (add cta_group 2 to the load)}}
            cute_nvgpu.tma_load %d, %b, %full box [%c0, %c0] : !ld, !box
          }
        }
      gpu.return
    }
  }
}
