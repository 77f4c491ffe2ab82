// Protocol checks of cute-verify-kernel on TMA/mbarrier pipelines
// (lib/Dialect/CuteNvgpu/Analysis/PipelineRules.cpp): one deliberately broken kernel per rule, each
// message checked with its numbers, and the TMA pipeline example (a copy of
// examples/tma-pipeline/kernel.mlir as of 4a065fc) passing them all.
// RUN: cute-opt %s -split-input-file --cute-plan-smem="chip=sm_90a" --cute-verify-kernel="chip=sm_90a" -verify-diagnostics
// With protocol=false only the chip's limits are checked: every kernel
// passes (the expectations are renamed away, the input comes from stdin).
// RUN: sed 's/expected-/unchecked-/' %s | cute-opt -split-input-file --cute-plan-smem="chip=sm_90a" --cute-verify-kernel="chip=sm_90a protocol=false" -o /dev/null 2>&1 | FileCheck %s --allow-empty --check-prefix=OFF
// OFF-NOT: error

// The example: 4-stage tma_async ring (tx_bytes 8192 = one 64x32 f32 box),
// 4 consumer warps (128 threads) release, the acquire is elected, the
// staging buffer is fenced before its TMA store.
module attributes {gpu.container_module} {
  gpu.module @tma_pipeline {
    gpu.func @tma_copy(%px: !cute.ptr<f32, gmem, align<16>>, %py: !cute.ptr<f32, gmem, align<16>>, %m: i32, %n: i32, %ldx: i32, %ldy: i32) kernel
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
      %ly = cute.make_layout(%shape, %sy)
      %gx = cute.make_view(%px, %lx)
      %gy = cute.make_view(%py, %ly)
      %dx = cute_nvgpu.make_tma_desc %gx : !cute.memref<f32, gmem, align<16>, "(?,?):(?,1)"> -> !cute_nvgpu.tma_desc<load, !cute.memref<f32, smem, align<1024>, S<3,2,3>, "(64,32):(32,1)">>
      %dy = cute_nvgpu.make_tma_desc %gy : !cute.memref<f32, gmem, align<16>, "(?,?):(?,1)"> -> !cute_nvgpu.tma_desc<store, !cute.memref<f32, smem, align<1024>, S<3,2,3>, "(64,32):(32,1)">>
      // Shared memory: 4 load stages, 2 store stages, 8 barriers.
      %bars = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "8:1">
      %ring = cute.smem_alloc() : !cute.memref<f32, smem, align<1024>, S<3,2,3>, "((64,32),4):((32,1),2048)">
      %stage = cute.smem_alloc() : !cute.memref<f32, smem, align<1024>, S<3,2,3>, "((64,32),2):((32,1),2048)">
      %loads = cute_nvgpu.pipeline_create %bars : !cute.memref<i64, smem, align<8>, "8:1"> {consumers = 128 : i32, tx_bytes = 8192 : i32} -> !cute_nvgpu.pipeline<tma_async, 4>
      %stores = cute_nvgpu.pipeline_create -> !cute_nvgpu.pipeline<tma_store, 2>
      // Tiles of 64 x 32.
      %m63 = arith.addi %m, %c63 : i32
      %n31 = arith.addi %n, %c31 : i32
      %tm = arith.divui %m63, %c64 : i32
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
              %r0 = arith.muli %tr, %c64 : i32
              %c0c = arith.muli %tc, %c32 : i32
              cute_nvgpu.tma_load %dx, %buf, %full box [%r0, %c0c] : !cute_nvgpu.tma_desc<load, !cute.memref<f32, smem, align<1024>, S<3,2,3>, "(64,32):(32,1)">>, !cute.memref<f32, smem, align<1024>, S<3,2,3>, "(64,32):(32,1)">
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
            %src = cute.partition_tv(%buf, %ct) {tv_layout = #cute.layout<"((8,16),(4,4)):((256,1),(64,16))">}
            cute.copy(%src, %frag)
            cute_nvgpu.pipeline_consumer_release %loads, %cs : !cute_nvgpu.pipeline<tma_async, 4>, !cute_nvgpu.pipeline_state<4>
            // Registers -> staging buffer (once its previous store has read it).
            scf.if %leader {
              cute_nvgpu.pipeline_producer_acquire %stores, %ss : !cute_nvgpu.pipeline<tma_store, 2>, !cute_nvgpu.pipeline_state<2>
            }
            cute_nvgpu.named_barrier id = 1, threads = 128
            %j = cute_nvgpu.pipeline_state_index %ss : !cute_nvgpu.pipeline_state<2>
            %oc = cute.make_coord(%j) -> !cute.coord<"(_,?)">
            %obuf = cute.tensor_slice(%stage, %oc)
            %dst = cute.partition_tv(%obuf, %ct) {tv_layout = #cute.layout<"((8,16),(4,4)):((256,1),(64,16))">}
            cute.copy(%frag, %dst)
            cute_nvgpu.fence_proxy_async
            cute_nvgpu.named_barrier id = 1, threads = 128
            scf.if %leader {
              %tr = arith.divui %t, %tn : i32
              %tc = arith.remui %t, %tn : i32
              %r0 = arith.muli %tr, %c64 : i32
              %c0c = arith.muli %tc, %c32 : i32
              cute_nvgpu.tma_store %dy, %obuf box [%r0, %c0c] : !cute_nvgpu.tma_desc<store, !cute.memref<f32, smem, align<1024>, S<3,2,3>, "(64,32):(32,1)">>, !cute.memref<f32, smem, align<1024>, S<3,2,3>, "(64,32):(32,1)">
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

// -----

// expect_tx: two boxes of 8192 bytes land on each stage's full barrier, but
// the pipeline expects 8192 bytes: the stage would complete after the first
// box and the consumers would read the second one while it is written.
!gx = !cute.memref<f32, gmem, align<16>, "(?,?):(?,1)">
!box = !cute.memref<f32, smem, align<1024>, S<3,2,3>, "(64,32):(32,1)">
!ring = !cute.memref<f32, smem, align<1024>, S<3,2,3>, "((64,32),4):((32,1),2048)">
!bars = !cute.memref<i64, smem, align<8>, "8:1">
!ld = !cute_nvgpu.tma_desc<load, !box>
!pipe = !cute_nvgpu.pipeline<tma_async, 4>
!st = !cute_nvgpu.pipeline_state<4>

module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @two_boxes(%px: !cute.ptr<f32, gmem, align<16>>, %m: i32, %n: i32, %ld: i32) kernel attributes {gpu.known_block_size = array<i32: 160, 1, 1>} {
      %c0 = arith.constant 0 : i32
      %shape = cute.make_shape(%m, %n)
      %s = cute.make_stride(%ld) -> !cute.stride<"(?,1)">
      %l = cute.make_layout(%shape, %s)
      %g = cute.make_view(%px, %l)
      %d = cute_nvgpu.make_tma_desc %g : !gx -> !ld
      %bars = cute.smem_alloc() : !bars
      %a = cute.smem_alloc() : !ring
      %b = cute.smem_alloc() : !ring
      // expected-error @below {{pipeline %loads: each stage receives 16384 bytes from its TMA loads (2 boxes of 8192) but tx_bytes = 8192}}
      %loads = cute_nvgpu.pipeline_create %bars : !bars {consumers = 128 : i32, tx_bytes = 8192 : i32} -> !pipe
      cute_nvgpu.warp_specialize
        role "producer" warps [0, 1) {
          cute_nvgpu.elect_one {
            %ps = cute_nvgpu.pipeline_producer_state %loads : !pipe -> !st
            cute_nvgpu.pipeline_producer_acquire %loads, %ps : !pipe, !st
            %full = cute_nvgpu.pipeline_producer_get_barrier %loads, %ps : !pipe, !st
            %i = cute_nvgpu.pipeline_state_index %ps : !st
            %sc = cute.make_coord(%i) -> !cute.coord<"(_,?)">
            %ba = cute.tensor_slice(%a, %sc)
            %bb = cute.tensor_slice(%b, %sc)
            // expected-note @below {{a TMA load on the stage's full barrier}}
            cute_nvgpu.tma_load %d, %ba, %full box [%c0, %c0] : !ld, !box
            cute_nvgpu.tma_load %d, %bb, %full box [%c0, %c0] : !ld, !box
          }
        }
        role "consumer" warps [1, 5) {
          %cs = cute_nvgpu.pipeline_consumer_state %loads : !pipe -> !st
          cute_nvgpu.pipeline_consumer_wait %loads, %cs : !pipe, !st
          cute_nvgpu.pipeline_consumer_release %loads, %cs : !pipe, !st
        }
      gpu.return
    }
  }
}

// -----

// expect_tx on a raw mbarrier: 8192 bytes expected, two boxes (16384 bytes)
// land on it: the phase never completes (the wait hangs).
!gx = !cute.memref<f32, gmem, align<16>, "(?,?):(?,1)">
!box = !cute.memref<f32, smem, align<1024>, S<3,2,3>, "(64,32):(32,1)">
!ring = !cute.memref<f32, smem, align<1024>, S<3,2,3>, "((64,32),4):((32,1),2048)">
!bars = !cute.memref<i64, smem, align<8>, "8:1">
!ld = !cute_nvgpu.tma_desc<load, !box>
!pipe = !cute_nvgpu.pipeline<tma_async, 4>
!st = !cute_nvgpu.pipeline_state<4>

module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @raw_expect_tx(%px: !cute.ptr<f32, gmem, align<16>>, %m: i32, %n: i32, %ld: i32) kernel attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
      %c0 = arith.constant 0 : i32
      %shape = cute.make_shape(%m, %n)
      %s = cute.make_stride(%ld) -> !cute.stride<"(?,1)">
      %l = cute.make_layout(%shape, %s)
      %g = cute.make_view(%px, %l)
      %d = cute_nvgpu.make_tma_desc %g : !gx -> !ld
      %storage = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "1:1">
      %a = cute.smem_alloc() : !box
      %b = cute.smem_alloc() : !box
      %full = cute_nvgpu.mbarrier_get %storage[%c0] : !cute.memref<i64, smem, align<8>, "1:1">
      cute_nvgpu.elect_one {
        cute_nvgpu.mbarrier_init %full, count = 1
        cute_nvgpu.mbarrier_init_fence
      }
      gpu.barrier
      cute_nvgpu.elect_one {
        // expected-error @below {{stage bytes 16384 (2 boxes of 8192) but expect_tx 8192 on barrier %full (the TMA loads on that barrier in this block)}}
        cute_nvgpu.mbarrier_arrive_expect_tx %full, bytes = 8192
        // expected-note @below {{a TMA load on it}}
        cute_nvgpu.tma_load %d, %a, %full box [%c0, %c0] : !ld, !box
        cute_nvgpu.tma_load %d, %b, %full box [%c0, %c0] : !ld, !box
      }
      cute_nvgpu.mbarrier_wait %full, phase %c0
      gpu.return
    }
  }
}

// -----

// Arrivals: the empty barriers count 128 arrivals, but eight consumer warps
// (256 threads) release each stage: the producer would refill a stage that
// half of the consumers still read.
!gx = !cute.memref<f32, gmem, align<16>, "(?,?):(?,1)">
!box = !cute.memref<f32, smem, align<1024>, S<3,2,3>, "(64,32):(32,1)">
!ring = !cute.memref<f32, smem, align<1024>, S<3,2,3>, "((64,32),4):((32,1),2048)">
!bars = !cute.memref<i64, smem, align<8>, "8:1">
!ld = !cute_nvgpu.tma_desc<load, !box>
!pipe = !cute_nvgpu.pipeline<tma_async, 4>
!st = !cute_nvgpu.pipeline_state<4>

module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @too_many_consumers(%px: !cute.ptr<f32, gmem, align<16>>, %m: i32, %n: i32, %ld: i32) kernel attributes {gpu.known_block_size = array<i32: 288, 1, 1>} {
      %c0 = arith.constant 0 : i32
      %shape = cute.make_shape(%m, %n)
      %s = cute.make_stride(%ld) -> !cute.stride<"(?,1)">
      %l = cute.make_layout(%shape, %s)
      %g = cute.make_view(%px, %l)
      %d = cute_nvgpu.make_tma_desc %g : !gx -> !ld
      %bars = cute.smem_alloc() : !bars
      %ring = cute.smem_alloc() : !ring
      // expected-error @below {{pipeline %loads: consumers = 128 but 256 threads (role "consumer", warps [1, 9)) release each stage}}
      %loads = cute_nvgpu.pipeline_create %bars : !bars {consumers = 128 : i32, tx_bytes = 8192 : i32} -> !pipe
      cute_nvgpu.warp_specialize
        role "producer" warps [0, 1) {
          cute_nvgpu.elect_one {
            %ps = cute_nvgpu.pipeline_producer_state %loads : !pipe -> !st
            cute_nvgpu.pipeline_producer_acquire %loads, %ps : !pipe, !st
            %full = cute_nvgpu.pipeline_producer_get_barrier %loads, %ps : !pipe, !st
            %i = cute_nvgpu.pipeline_state_index %ps : !st
            %sc = cute.make_coord(%i) -> !cute.coord<"(_,?)">
            %buf = cute.tensor_slice(%ring, %sc)
            cute_nvgpu.tma_load %d, %buf, %full box [%c0, %c0] : !ld, !box
          }
        }
        role "consumer" warps [1, 9) {
          %cs = cute_nvgpu.pipeline_consumer_state %loads : !pipe -> !st
          cute_nvgpu.pipeline_consumer_wait %loads, %cs : !pipe, !st
          // expected-note @below {{executed by 256 threads}}
          cute_nvgpu.pipeline_consumer_release %loads, %cs : !pipe, !st
        }
      gpu.return
    }
  }
}

// -----

// Arrivals of an async pipeline: the full barriers count 1 producer arrival,
// but a whole warp commits; the consumers release once per warp
// (elect_one in two warps: 2 arrivals, as declared).
!apipe = !cute_nvgpu.pipeline<async, 2>
!ast = !cute_nvgpu.pipeline_state<2>
!abars = !cute.memref<i64, smem, align<8>, "4:1">
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @async_producers() kernel attributes {gpu.known_block_size = array<i32: 96, 1, 1>} {
      %bars = cute.smem_alloc() : !abars
      // expected-error @below {{pipeline %p: producers = 1 but 32 threads (role "producer", warps [0, 1)) commit each stage}}
      %p = cute_nvgpu.pipeline_create %bars : !abars {producers = 1 : i32, consumers = 2 : i32} -> !apipe
      cute_nvgpu.warp_specialize
        role "producer" warps [0, 1) {
          %ps = cute_nvgpu.pipeline_producer_state %p : !apipe -> !ast
          cute_nvgpu.pipeline_producer_acquire %p, %ps : !apipe, !ast
          // expected-note @below {{executed by 32 threads}}
          cute_nvgpu.pipeline_producer_commit %p, %ps : !apipe, !ast
        }
        role "consumer" warps [1, 3) {
          %cs = cute_nvgpu.pipeline_consumer_state %p : !apipe -> !ast
          cute_nvgpu.pipeline_consumer_wait %p, %cs : !apipe, !ast
          cute_nvgpu.elect_one {
            cute_nvgpu.pipeline_consumer_release %p, %cs : !apipe, !ast
          }
        }
      gpu.return
    }
  }
}

// -----

// A warp that fills an async ring (one elected thread) and consumes it
// (all 32 threads): the elected thread's producer_tail waits for every
// stage's release, its own included, which it would only do after the
// tail.
!apipe = !cute_nvgpu.pipeline<async, 2>
!ast = !cute_nvgpu.pipeline_state<2>
!abars = !cute.memref<i64, smem, align<8>, "4:1">
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @tail_before_own_release() kernel attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
      %bars = cute.smem_alloc() : !abars
      %p = cute_nvgpu.pipeline_create %bars : !abars {producers = 1 : i32, consumers = 32 : i32} -> !apipe
      %ps = cute_nvgpu.pipeline_producer_state %p : !apipe -> !ast
      cute_nvgpu.elect_one {
        cute_nvgpu.pipeline_producer_acquire %p, %ps : !apipe, !ast
        cute_nvgpu.pipeline_producer_commit %p, %ps : !apipe, !ast
        %pn = cute_nvgpu.pipeline_state_advance %ps : !ast
        // expected-error @below {{pipeline_producer_tail of pipeline %p waits until every stage is released, but its thread releases a stage after it (line 325, run by all threads of the block): that release never comes (a deadlock); move the tail after the thread's last pipeline_consumer_release}}
        cute_nvgpu.pipeline_producer_tail %p, %pn : !apipe, !ast
      }
      %cs = cute_nvgpu.pipeline_consumer_state %p : !apipe -> !ast
      cute_nvgpu.pipeline_consumer_wait %p, %cs : !apipe, !ast
      // expected-note @below {{the later release}}
      cute_nvgpu.pipeline_consumer_release %p, %cs : !apipe, !ast
      gpu.return
    }
  }
}

// -----

// The same ring with the tail after the thread's release: no error.
!apipe = !cute_nvgpu.pipeline<async, 2>
!ast = !cute_nvgpu.pipeline_state<2>
!abars = !cute.memref<i64, smem, align<8>, "4:1">
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @tail_after_own_release() kernel attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
      %bars = cute.smem_alloc() : !abars
      %p = cute_nvgpu.pipeline_create %bars : !abars {producers = 1 : i32, consumers = 32 : i32} -> !apipe
      %ps = cute_nvgpu.pipeline_producer_state %p : !apipe -> !ast
      cute_nvgpu.elect_one {
        cute_nvgpu.pipeline_producer_acquire %p, %ps : !apipe, !ast
        cute_nvgpu.pipeline_producer_commit %p, %ps : !apipe, !ast
      }
      %cs = cute_nvgpu.pipeline_consumer_state %p : !apipe -> !ast
      cute_nvgpu.pipeline_consumer_wait %p, %cs : !apipe, !ast
      cute_nvgpu.pipeline_consumer_release %p, %cs : !apipe, !ast
      cute_nvgpu.elect_one {
        %pn = cute_nvgpu.pipeline_state_advance %ps : !ast
        cute_nvgpu.pipeline_producer_tail %p, %pn : !apipe, !ast
      }
      gpu.return
    }
  }
}

// -----

// Releases in two roles that neither share a stage nor alternate: role "a"
// is 1 warp (32 threads), role "b" 4 warps (128 threads), 160 in all, and
// none of these is consumers = 64. The message names the first release in
// program order (role "a"), as the inference's messages do.
!apipe = !cute_nvgpu.pipeline<async, 2>
!ast = !cute_nvgpu.pipeline_state<2>
!abars = !cute.memref<i64, smem, align<8>, "4:1">
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @two_release_roles() kernel attributes {gpu.known_block_size = array<i32: 192, 1, 1>} {
      %bars = cute.smem_alloc() : !abars
      // expected-error @below {{pipeline %p: consumers = 64 but 32 threads (role "a", warps [0, 1)) release each stage (160 in all 2 roles)}}
      %p = cute_nvgpu.pipeline_create %bars : !abars {producers = 1 : i32, consumers = 64 : i32} -> !apipe
      cute_nvgpu.warp_specialize
        role "a" warps [0, 1) {
          %cs = cute_nvgpu.pipeline_consumer_state %p : !apipe -> !ast
          cute_nvgpu.pipeline_consumer_wait %p, %cs : !apipe, !ast
          // expected-note @below {{executed by 32 threads}}
          cute_nvgpu.pipeline_consumer_release %p, %cs : !apipe, !ast
        }
        role "b" warps [1, 5) {
          %cs = cute_nvgpu.pipeline_consumer_state %p : !apipe -> !ast
          cute_nvgpu.pipeline_consumer_wait %p, %cs : !apipe, !ast
          cute_nvgpu.pipeline_consumer_release %p, %cs : !apipe, !ast
        }
        role "producer" warps [5, 6) {
          %ps = cute_nvgpu.pipeline_producer_state %p : !apipe -> !ast
          cute_nvgpu.pipeline_producer_acquire %p, %ps : !apipe, !ast
          cute_nvgpu.elect_one {
            cute_nvgpu.pipeline_producer_commit %p, %ps : !apipe, !ast
          }
        }
      gpu.return
    }
  }
}

// -----

// No error: two consumer roles of 128 threads that together release each
// stage (consumers = 256); a release under a thread-dependent branch (not
// counted); a release inside a branch on a kernel argument (block-uniform:
// 128 threads, as declared).
!gx = !cute.memref<f32, gmem, align<16>, "(?,?):(?,1)">
!box = !cute.memref<f32, smem, align<1024>, S<3,2,3>, "(64,32):(32,1)">
!ring = !cute.memref<f32, smem, align<1024>, S<3,2,3>, "((64,32),4):((32,1),2048)">
!bars = !cute.memref<i64, smem, align<8>, "8:1">
!ld = !cute_nvgpu.tma_desc<load, !box>
!pipe = !cute_nvgpu.pipeline<tma_async, 4>
!st = !cute_nvgpu.pipeline_state<4>

module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @counts_ok(%px: !cute.ptr<f32, gmem, align<16>>, %m: i32, %n: i32, %ld: i32) kernel attributes {gpu.known_block_size = array<i32: 288, 1, 1>} {
      %c0 = arith.constant 0 : i32
      %shape = cute.make_shape(%m, %n)
      %s = cute.make_stride(%ld) -> !cute.stride<"(?,1)">
      %l = cute.make_layout(%shape, %s)
      %g = cute.make_view(%px, %l)
      %d = cute_nvgpu.make_tma_desc %g : !gx -> !ld
      %bars = cute.smem_alloc() : !bars
      %bars2 = cute.smem_alloc() : !bars
      %bars3 = cute.smem_alloc() : !bars
      %ring = cute.smem_alloc() : !ring
      %loads = cute_nvgpu.pipeline_create %bars : !bars {consumers = 256 : i32, tx_bytes = 8192 : i32} -> !pipe
      %other = cute_nvgpu.pipeline_create %bars2 : !bars {consumers = 1 : i32, tx_bytes = 8192 : i32} -> !pipe
      %third = cute_nvgpu.pipeline_create %bars3 : !bars {consumers = 128 : i32, tx_bytes = 8192 : i32} -> !pipe
      %tidx = gpu.thread_id x
      %tid = arith.index_cast %tidx : index to i32
      %c32 = arith.constant 32 : i32
      %leader = arith.cmpi eq, %tid, %c32 : i32
      %some = arith.cmpi sgt, %m, %c0 : i32
      cute_nvgpu.warp_specialize
        role "producer" warps [0, 1) {
          cute_nvgpu.elect_one {
            %ps = cute_nvgpu.pipeline_producer_state %loads : !pipe -> !st
            cute_nvgpu.pipeline_producer_acquire %loads, %ps : !pipe, !st
            %full = cute_nvgpu.pipeline_producer_get_barrier %loads, %ps : !pipe, !st
            %i = cute_nvgpu.pipeline_state_index %ps : !st
            %sc = cute.make_coord(%i) -> !cute.coord<"(_,?)">
            %buf = cute.tensor_slice(%ring, %sc)
            cute_nvgpu.tma_load %d, %buf, %full box [%c0, %c0] : !ld, !box
          }
        }
        role "consumer0" warps [1, 5) {
          %cs = cute_nvgpu.pipeline_consumer_state %loads : !pipe -> !st
          cute_nvgpu.pipeline_consumer_release %loads, %cs : !pipe, !st
          scf.if %leader {
            %os = cute_nvgpu.pipeline_consumer_state %other : !pipe -> !st
            cute_nvgpu.pipeline_consumer_release %other, %os : !pipe, !st
          }
          scf.if %some {
            %ts = cute_nvgpu.pipeline_consumer_state %third : !pipe -> !st
            cute_nvgpu.pipeline_consumer_release %third, %ts : !pipe, !st
          }
        }
        role "consumer1" warps [5, 9) {
          %cs = cute_nvgpu.pipeline_consumer_state %loads : !pipe -> !st
          cute_nvgpu.pipeline_consumer_release %loads, %cs : !pipe, !st
        }
      gpu.return
    }
  }
}

// -----

// One thread: the producer_acquire of a tma_async pipeline does
// arrive.expect_tx on a full barrier that counts 1 arrival. Run by a whole
// warp it arrives 32 times; elected in each of two warps, twice.
!gx = !cute.memref<f32, gmem, align<16>, "(?,?):(?,1)">
!box = !cute.memref<f32, smem, align<1024>, S<3,2,3>, "(64,32):(32,1)">
!ring = !cute.memref<f32, smem, align<1024>, S<3,2,3>, "((64,32),4):((32,1),2048)">
!bars = !cute.memref<i64, smem, align<8>, "8:1">
!ld = !cute_nvgpu.tma_desc<load, !box>
!pipe = !cute_nvgpu.pipeline<tma_async, 4>
!st = !cute_nvgpu.pipeline_state<4>

module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @acquire_warp(%px: !cute.ptr<f32, gmem, align<16>>, %m: i32, %n: i32, %ld: i32) kernel attributes {gpu.known_block_size = array<i32: 160, 1, 1>} {
      %c0 = arith.constant 0 : i32
      %shape = cute.make_shape(%m, %n)
      %s = cute.make_stride(%ld) -> !cute.stride<"(?,1)">
      %l = cute.make_layout(%shape, %s)
      %g = cute.make_view(%px, %l)
      %d = cute_nvgpu.make_tma_desc %g : !gx -> !ld
      %bars = cute.smem_alloc() : !bars
      %ring = cute.smem_alloc() : !ring
      %loads = cute_nvgpu.pipeline_create %bars : !bars {consumers = 128 : i32, tx_bytes = 8192 : i32} -> !pipe
      cute_nvgpu.warp_specialize
        role "producer" warps [0, 1) {
          %ps = cute_nvgpu.pipeline_producer_state %loads : !pipe -> !st
          // expected-error @below {{pipeline_producer_acquire of a tma_async pipeline runs in 32 threads of role "producer" (warps [0, 1)); it arrives once per thread but the full barrier expects 1 arrival; put it in cute_nvgpu.elect_one}}
          cute_nvgpu.pipeline_producer_acquire %loads, %ps : !pipe, !st
          cute_nvgpu.elect_one {
            %full = cute_nvgpu.pipeline_producer_get_barrier %loads, %ps : !pipe, !st
            %i = cute_nvgpu.pipeline_state_index %ps : !st
            %sc = cute.make_coord(%i) -> !cute.coord<"(_,?)">
            %buf = cute.tensor_slice(%ring, %sc)
            cute_nvgpu.tma_load %d, %buf, %full box [%c0, %c0] : !ld, !box
          }
        }
        role "consumer" warps [1, 5) {
          %cs = cute_nvgpu.pipeline_consumer_state %loads : !pipe -> !st
          cute_nvgpu.pipeline_consumer_wait %loads, %cs : !pipe, !st
          cute_nvgpu.pipeline_consumer_release %loads, %cs : !pipe, !st
        }
      gpu.return
    }
    gpu.func @acquire_two_warps(%px: !cute.ptr<f32, gmem, align<16>>, %m: i32, %n: i32, %ld: i32) kernel attributes {gpu.known_block_size = array<i32: 192, 1, 1>} {
      %c0 = arith.constant 0 : i32
      %shape = cute.make_shape(%m, %n)
      %s = cute.make_stride(%ld) -> !cute.stride<"(?,1)">
      %l = cute.make_layout(%shape, %s)
      %g = cute.make_view(%px, %l)
      %d = cute_nvgpu.make_tma_desc %g : !gx -> !ld
      %bars = cute.smem_alloc() : !bars
      %ring = cute.smem_alloc() : !ring
      %loads = cute_nvgpu.pipeline_create %bars : !bars {consumers = 128 : i32, tx_bytes = 8192 : i32} -> !pipe
      cute_nvgpu.warp_specialize
        role "producer" warps [0, 2) {
          cute_nvgpu.elect_one {
            %ps = cute_nvgpu.pipeline_producer_state %loads : !pipe -> !st
            // expected-error @below {{pipeline_producer_acquire of a tma_async pipeline runs in 2 threads (one per warp) of role "producer" (warps [0, 2)); it arrives once per thread but the full barrier expects 1 arrival; put it in cute_nvgpu.elect_one in a single warp}}
            cute_nvgpu.pipeline_producer_acquire %loads, %ps : !pipe, !st
          }
        }
        role "consumer" warps [2, 6) {
          %cs = cute_nvgpu.pipeline_consumer_state %loads : !pipe -> !st
          cute_nvgpu.pipeline_consumer_wait %loads, %cs : !pipe, !st
          cute_nvgpu.pipeline_consumer_release %loads, %cs : !pipe, !st
        }
      gpu.return
    }
  }
}

// -----

// Loads in a loop count once per iteration (static trip counts): two boxes
// of 8192 per stage match tx_bytes = 16384 for %good, not 8192 for %bad;
// a loop with a dynamic trip count (%dyn) is not counted (no check).
!gx = !cute.memref<f32, gmem, align<16>, "(?,?):(?,1)">
!box = !cute.memref<f32, smem, align<1024>, S<3,2,3>, "(64,32):(32,1)">
!ring2 = !cute.memref<f32, smem, align<1024>, S<3,2,3>, "((64,32),2,4):((32,1),2048,4096)">
!bars = !cute.memref<i64, smem, align<8>, "8:1">
!ld = !cute_nvgpu.tma_desc<load, !box>
!pipe = !cute_nvgpu.pipeline<tma_async, 4>
!st = !cute_nvgpu.pipeline_state<4>
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @looped_loads(%px: !cute.ptr<f32, gmem, align<16>>, %m: i32, %n: i32, %ld: i32) kernel attributes {gpu.known_block_size = array<i32: 160, 1, 1>} {
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      %c2 = arith.constant 2 : i32
      %shape = cute.make_shape(%m, %n)
      %s = cute.make_stride(%ld) -> !cute.stride<"(?,1)">
      %l = cute.make_layout(%shape, %s)
      %g = cute.make_view(%px, %l)
      %d = cute_nvgpu.make_tma_desc %g : !gx -> !ld
      %bars = cute.smem_alloc() : !bars
      %bars2 = cute.smem_alloc() : !bars
      %bars3 = cute.smem_alloc() : !bars
      %ring = cute.smem_alloc() : !ring2
      %good = cute_nvgpu.pipeline_create %bars : !bars {consumers = 128 : i32, tx_bytes = 16384 : i32} -> !pipe
      // expected-error @below {{pipeline %bad: each stage receives 16384 bytes from its TMA loads (2 boxes of 8192) but tx_bytes = 8192}}
      %bad = cute_nvgpu.pipeline_create %bars2 : !bars {consumers = 128 : i32, tx_bytes = 8192 : i32} -> !pipe
      %dyn = cute_nvgpu.pipeline_create %bars3 : !bars {consumers = 128 : i32, tx_bytes = 8192 : i32} -> !pipe
      cute_nvgpu.warp_specialize
        role "producer" warps [0, 1) {
          cute_nvgpu.elect_one {
            %ps = cute_nvgpu.pipeline_producer_state %good : !pipe -> !st
            cute_nvgpu.pipeline_producer_acquire %good, %ps : !pipe, !st
            %full = cute_nvgpu.pipeline_producer_get_barrier %good, %ps : !pipe, !st
            %i = cute_nvgpu.pipeline_state_index %ps : !st
            scf.for %j = %c0 to %c2 step %c1 : i32 {
              %bc = cute.make_coord(%j, %i) -> !cute.coord<"(_,?,?)">
              %buf = cute.tensor_slice(%ring, %bc)
              cute_nvgpu.tma_load %d, %buf, %full box [%c0, %c0] : !ld, !box
            }
          }
          cute_nvgpu.elect_one {
            %ps = cute_nvgpu.pipeline_producer_state %bad : !pipe -> !st
            cute_nvgpu.pipeline_producer_acquire %bad, %ps : !pipe, !st
            %full = cute_nvgpu.pipeline_producer_get_barrier %bad, %ps : !pipe, !st
            %i = cute_nvgpu.pipeline_state_index %ps : !st
            // expected-note @+4 {{a TMA load on the stage's full barrier (2 times per stage)}}
            scf.for %j = %c0 to %c2 step %c1 : i32 {
              %bc = cute.make_coord(%j, %i) -> !cute.coord<"(_,?,?)">
              %buf = cute.tensor_slice(%ring, %bc)
              cute_nvgpu.tma_load %d, %buf, %full box [%c0, %c0] : !ld, !box
            }
          }
          cute_nvgpu.elect_one {
            %ps = cute_nvgpu.pipeline_producer_state %dyn : !pipe -> !st
            cute_nvgpu.pipeline_producer_acquire %dyn, %ps : !pipe, !st
            %full = cute_nvgpu.pipeline_producer_get_barrier %dyn, %ps : !pipe, !st
            %i = cute_nvgpu.pipeline_state_index %ps : !st
            scf.for %j = %c0 to %n step %c1 : i32 {
              %bc = cute.make_coord(%j, %i) -> !cute.coord<"(_,?,?)">
              %buf = cute.tensor_slice(%ring, %bc)
              cute_nvgpu.tma_load %d, %buf, %full box [%c0, %c0] : !ld, !box
            }
          }
        }
        role "consumer" warps [1, 5) {
          %cs = cute_nvgpu.pipeline_consumer_state %good : !pipe -> !st
          cute_nvgpu.pipeline_consumer_release %good, %cs : !pipe, !st
          %bs = cute_nvgpu.pipeline_consumer_state %bad : !pipe -> !st
          cute_nvgpu.pipeline_consumer_release %bad, %bs : !pipe, !st
          %ds = cute_nvgpu.pipeline_consumer_state %dyn : !pipe -> !st
          cute_nvgpu.pipeline_consumer_release %dyn, %ds : !pipe, !st
        }
      gpu.return
    }
  }
}

// -----

// Proxy fence: the threads write the staging buffer with cute.copy and one
// thread TMA-stores it after a barrier but without
// fence.proxy.async.shared::cta: the async proxy may not see the writes.
!sbox = !cute.memref<f32, smem, align<1024>, S<3,2,3>, "(64,32):(32,1)">
!sd = !cute_nvgpu.tma_desc<store, !sbox>
!gx = !cute.memref<f32, gmem, align<16>, "(?,?):(?,1)">
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @no_fence(%px: !cute.ptr<f32, gmem, align<16>>, %m: i32, %n: i32, %ld: i32) kernel attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : i32
      %shape = cute.make_shape(%m, %n)
      %s = cute.make_stride(%ld) -> !cute.stride<"(?,1)">
      %l = cute.make_layout(%shape, %s)
      %g = cute.make_view(%px, %l)
      %d = cute_nvgpu.make_tma_desc %g : !gx -> !sd
      %tidx = gpu.thread_id x
      %tid = arith.index_cast %tidx : index to i32
      %leader = arith.cmpi eq, %tid, %c0 : i32
      %stage = cute.smem_alloc() : !sbox
      %frag = cute.make_fragment() : !cute.memref<f32, rmem, align<16>, "(4,4):(1,4)">
      %dst = cute.partition_tv(%stage, %tid) {tv_layout = #cute.layout<"((8,16),(4,4)):((256,1),(64,16))">}
      // expected-note @below {{the write (then cute_nvgpu.fence_proxy_async and a barrier before the store)}}
      cute.copy(%frag, %dst)
      gpu.barrier
      scf.if %leader {
        // expected-error-re @below {{tma_store reads shared memory written by threads (cute.copy at line {{[0-9]+}}) with no cute_nvgpu.fence_proxy_async in between: the TMA may read stale data}}
        cute_nvgpu.tma_store %d, %stage box [%c0, %c0] : !sd, !sbox
        cute_nvgpu.tma_store_commit
        cute_nvgpu.tma_store_wait 0
      }
      gpu.return
    }
  }
}

// -----

// Multicast without a cluster: the box would land in CTAs that do not exist.
!gx = !cute.memref<f32, gmem, align<16>, "(?,?):(?,1)">
!box = !cute.memref<f32, smem, align<1024>, S<3,2,3>, "(64,32):(32,1)">
!ring = !cute.memref<f32, smem, align<1024>, S<3,2,3>, "((64,32),4):((32,1),2048)">
!bars = !cute.memref<i64, smem, align<8>, "8:1">
!mld = !cute_nvgpu.tma_desc<load, !box, multicast = 2>
!pipe = !cute_nvgpu.pipeline<tma_async, 4>
!st = !cute_nvgpu.pipeline_state<4>
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @multicast_no_cluster(%px: !cute.ptr<f32, gmem, align<16>>, %m: i32, %n: i32, %ld: i32) kernel attributes {gpu.known_block_size = array<i32: 160, 1, 1>} {
      %c0 = arith.constant 0 : i32
      %shape = cute.make_shape(%m, %n)
      %s = cute.make_stride(%ld) -> !cute.stride<"(?,1)">
      %l = cute.make_layout(%shape, %s)
      %g = cute.make_view(%px, %l)
      %d = cute_nvgpu.make_tma_desc %g : !gx -> !mld
      %mask = arith.constant 3 : i16
      %bars = cute.smem_alloc() : !bars
      %ring = cute.smem_alloc() : !ring
      // expected-error @below {{pipeline_create multicasts to 2 CTAs, but kernel @multicast_no_cluster has no cluster (set cute.cluster_dims to a cluster of at least 2 CTAs)}}
      %loads = cute_nvgpu.pipeline_create %bars : !bars {consumers = 128 : i32, tx_bytes = 16384 : i32, multicast = 2 : i32} -> !pipe
      cute_nvgpu.warp_specialize
        role "producer" warps [0, 1) {
          cute_nvgpu.elect_one {
            %ps = cute_nvgpu.pipeline_producer_state %loads : !pipe -> !st
            cute_nvgpu.pipeline_producer_acquire %loads, %ps : !pipe, !st
            %full = cute_nvgpu.pipeline_producer_get_barrier %loads, %ps : !pipe, !st
            %i = cute_nvgpu.pipeline_state_index %ps : !st
            %sc = cute.make_coord(%i) -> !cute.coord<"(_,?)">
            %buf = cute.tensor_slice(%ring, %sc)
            // expected-error @below {{tma_load multicasts to 2 CTAs, but kernel @multicast_no_cluster has no cluster (set cute.cluster_dims to a cluster of at least 2 CTAs)}}
            cute_nvgpu.tma_load %d, %buf, %full box [%c0, %c0] multicast %mask : !mld, !box
          }
        }
        role "consumer" warps [1, 5) {
          %cs = cute_nvgpu.pipeline_consumer_state %loads : !pipe -> !st
          cute_nvgpu.pipeline_consumer_wait %loads, %cs : !pipe, !st
          cute_nvgpu.pipeline_consumer_release %loads, %cs : !pipe, !st
        }
      gpu.return
    }
  }
}

// -----

// Multicast to more CTAs than the cluster has.
!gx = !cute.memref<f32, gmem, align<16>, "(?,?):(?,1)">
!box = !cute.memref<f32, smem, align<1024>, S<3,2,3>, "(64,32):(32,1)">
!ring = !cute.memref<f32, smem, align<1024>, S<3,2,3>, "((64,32),4):((32,1),2048)">
!bars = !cute.memref<i64, smem, align<8>, "8:1">
!mld = !cute_nvgpu.tma_desc<load, !box, multicast = 4>
!pipe = !cute_nvgpu.pipeline<tma_async, 4>
!st = !cute_nvgpu.pipeline_state<4>
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @multicast_4_of_2(%px: !cute.ptr<f32, gmem, align<16>>, %m: i32, %n: i32, %ld: i32) kernel attributes {cute.cluster_dims = array<i32: 2, 1, 1>, gpu.known_block_size = array<i32: 160, 1, 1>} {
      %c0 = arith.constant 0 : i32
      %shape = cute.make_shape(%m, %n)
      %s = cute.make_stride(%ld) -> !cute.stride<"(?,1)">
      %l = cute.make_layout(%shape, %s)
      %g = cute.make_view(%px, %l)
      %d = cute_nvgpu.make_tma_desc %g : !gx -> !mld
      %mask = arith.constant 15 : i16
      %bars = cute.smem_alloc() : !bars
      %ring = cute.smem_alloc() : !ring
      // expected-error @below {{pipeline_create multicasts to 4 CTAs, but the cluster of kernel @multicast_4_of_2 has 2 CTAs}}
      %loads = cute_nvgpu.pipeline_create %bars : !bars {consumers = 128 : i32, tx_bytes = 32768 : i32, multicast = 4 : i32} -> !pipe
      cute_nvgpu.warp_specialize
        role "producer" warps [0, 1) {
          cute_nvgpu.elect_one {
            %ps = cute_nvgpu.pipeline_producer_state %loads : !pipe -> !st
            cute_nvgpu.pipeline_producer_acquire %loads, %ps : !pipe, !st
            %full = cute_nvgpu.pipeline_producer_get_barrier %loads, %ps : !pipe, !st
            %i = cute_nvgpu.pipeline_state_index %ps : !st
            %sc = cute.make_coord(%i) -> !cute.coord<"(_,?)">
            %buf = cute.tensor_slice(%ring, %sc)
            // expected-error @below {{tma_load multicasts to 4 CTAs, but the cluster of kernel @multicast_4_of_2 has 2 CTAs}}
            cute_nvgpu.tma_load %d, %buf, %full box [%c0, %c0] multicast %mask : !mld, !box
          }
        }
        role "consumer" warps [1, 5) {
          %cs = cute_nvgpu.pipeline_consumer_state %loads : !pipe -> !st
          cute_nvgpu.pipeline_consumer_wait %loads, %cs : !pipe, !st
          cute_nvgpu.pipeline_consumer_release %loads, %cs : !pipe, !st
        }
      gpu.return
    }
  }
}

// -----

// Multicast to the 2 CTAs of a cluster of 2: each stage receives two boxes
// per CTA (its own and its peer's), tx_bytes = 2 x 8192. No error.
!gx = !cute.memref<f32, gmem, align<16>, "(?,?):(?,1)">
!box = !cute.memref<f32, smem, align<1024>, S<3,2,3>, "(64,32):(32,1)">
!ring = !cute.memref<f32, smem, align<1024>, S<3,2,3>, "((64,32),4):((32,1),2048)">
!bars = !cute.memref<i64, smem, align<8>, "8:1">
!mld = !cute_nvgpu.tma_desc<load, !box, multicast = 2>
!pipe = !cute_nvgpu.pipeline<tma_async, 4>
!st = !cute_nvgpu.pipeline_state<4>
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @multicast_ok(%px: !cute.ptr<f32, gmem, align<16>>, %m: i32, %n: i32, %ld: i32) kernel attributes {cute.cluster_dims = array<i32: 2, 1, 1>, gpu.known_block_size = array<i32: 160, 1, 1>} {
      %c0 = arith.constant 0 : i32
      %shape = cute.make_shape(%m, %n)
      %s = cute.make_stride(%ld) -> !cute.stride<"(?,1)">
      %l = cute.make_layout(%shape, %s)
      %g = cute.make_view(%px, %l)
      %d = cute_nvgpu.make_tma_desc %g : !gx -> !mld
      %mask = arith.constant 3 : i16
      %bars = cute.smem_alloc() : !bars
      %ring = cute.smem_alloc() : !ring
      %loads = cute_nvgpu.pipeline_create %bars : !bars {consumers = 128 : i32, tx_bytes = 16384 : i32, multicast = 2 : i32} -> !pipe
      cute_nvgpu.warp_specialize
        role "producer" warps [0, 1) {
          cute_nvgpu.elect_one {
            %ps = cute_nvgpu.pipeline_producer_state %loads : !pipe -> !st
            cute_nvgpu.pipeline_producer_acquire %loads, %ps : !pipe, !st
            %full = cute_nvgpu.pipeline_producer_get_barrier %loads, %ps : !pipe, !st
            %i = cute_nvgpu.pipeline_state_index %ps : !st
            %sc = cute.make_coord(%i) -> !cute.coord<"(_,?)">
            %buf = cute.tensor_slice(%ring, %sc)
            cute_nvgpu.tma_load %d, %buf, %full box [%c0, %c0] multicast %mask : !mld, !box
          }
        }
        role "consumer" warps [1, 5) {
          %cs = cute_nvgpu.pipeline_consumer_state %loads : !pipe -> !st
          cute_nvgpu.pipeline_consumer_wait %loads, %cs : !pipe, !st
          cute_nvgpu.pipeline_consumer_release %loads, %cs : !pipe, !st
        }
      gpu.return
    }
  }
}

// -----

// A TMA load executed by every thread of a branch on the thread index
// issues one copy per thread: here 32 boxes of 512 bytes per stage.
!gb = !cute.memref<bf16, gmem, align<16>, "(?,?):(?{div=8},1)">
!rowbox = !cute.memref<bf16, smem, align<512>, "(1,256):(256,1)">
!rring = !cute.memref<bf16, smem, align<1024>, "((1,256),32,2):((256,1),256,8192)">
!rbars = !cute.memref<i64, smem, align<8>, "4:1">
!rld = !cute_nvgpu.tma_desc<load, !rowbox>
!rpipe = !cute_nvgpu.pipeline<tma_async, 2>
!rst = !cute_nvgpu.pipeline_state<2>

module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @lanes_issue(%px: !cute.ptr<bf16, gmem, align<16>>, %rows: i32, %cols: i32) kernel attributes {gpu.known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : i32
      %c32 = arith.constant 32 : i32
      %c256 = arith.constant 256 : i32
      %shape = cute.make_shape(%rows, %cols)
      %s = cute.make_stride(%cols) -> !cute.stride<"(?{div=8},1)">
      %l = cute.make_layout(%shape, %s)
      %g = cute.make_view(%px, %l)
      %d = cute_nvgpu.make_tma_desc %g : !gb -> !rld
      %bars = cute.smem_alloc() : !rbars
      %ring = cute.smem_alloc() : !rring
      // expected-error @+1 {{pipeline %p: each stage receives 16384 bytes from its TMA loads (32 boxes of 512) but tx_bytes = 8192}}
      %p = cute_nvgpu.pipeline_create %bars : !rbars {consumers = 64 : i32, tx_bytes = 8192 : i32} -> !rpipe
      %tidx = gpu.thread_id x
      %tid = arith.index_cast %tidx : index to i32
      %first = arith.cmpi eq, %tid, %c0 : i32
      %warp0 = arith.cmpi ult, %tid, %c32 : i32
      %ps = cute_nvgpu.pipeline_producer_state %p : !rpipe -> !rst
      scf.if %warp0 {
        scf.if %first {
          cute_nvgpu.pipeline_producer_acquire %p, %ps : !rpipe, !rst
        }
        cute_nvgpu.warp_sync
        %full = cute_nvgpu.pipeline_producer_get_barrier %p, %ps : !rpipe, !rst
        %i = cute_nvgpu.pipeline_state_index %ps : !rst
        %bc = cute.make_coord(%tid, %i) -> !cute.coord<"(_,?,?)">
        %box = cute.tensor_slice(%ring, %bc)
        %col = arith.muli %tid, %c256 : i32
        // expected-note @+1 {{a TMA load on the stage's full barrier (32 times per stage)}}
        cute_nvgpu.tma_load %d, %box, %full box [%c0, %col] : !rld, !rowbox
      }
      %cs = cute_nvgpu.pipeline_consumer_state %p : !rpipe -> !rst
      cute_nvgpu.pipeline_consumer_wait %p, %cs : !rpipe, !rst
      cute_nvgpu.pipeline_consumer_release %p, %cs : !rpipe, !rst
      gpu.return
    }
  }
}

// -----

// A multicast pipeline over part of a cluster (its releases would go to
// CTAs 0..C-1 whatever the CTA's rank), and a role past the block's warps.
!mbars = !cute.memref<i64, smem, align<8>, "4:1">
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @partial_group() kernel attributes {gpu.known_block_size = array<i32: 128, 1, 1>, cute.cluster_dims = array<i32: 4, 1, 1>} {
      %bars = cute.smem_alloc() : !mbars
      // expected-error @+1 {{pipeline_create multicasts to 2 CTAs, but the cluster of kernel @partial_group has 4 CTAs and a multicast pipeline releases its stages in CTAs 0..1 only (groups smaller than the cluster are not supported yet)}}
      %p = cute_nvgpu.pipeline_create %bars : !mbars {consumers = 128 : i32, producers = 1 : i32, multicast = 2 : i32} -> !cute_nvgpu.pipeline<async, 2>
      // expected-error @+1 {{role "late" takes warps [4, 8) but the block of kernel @partial_group has 4 warps (128 threads)}}
      cute_nvgpu.warp_specialize
        role "early" warps [0, 4) {
        }
        role "late" warps [4, 8) {
        }
      gpu.return
    }
  }
}
