// convert-cute-nvgpu-to-nvvm (after cute-nvgpu-outline-tma): descriptors
// become trailing !llvm.ptr kernel parameters listed as grid constants;
// mbarrier waits are try_wait.parity loops (with debug-hangs=N: a counted
// loop that prints the label and traps); TMA copies take their coordinates
// innermost first; warp roles are an if/else chain on the shuffled warp
// index with setmaxnreg dec/inc against the block's fair register share.
// RUN: cute-opt %s --cute-nvgpu-outline-tma --convert-cute-nvgpu-to-nvvm -split-input-file -verify-diagnostics | FileCheck %s
// RUN: cute-opt %s --cute-nvgpu-outline-tma --convert-cute-nvgpu-to-nvvm="debug-hangs=100" -split-input-file -verify-diagnostics | FileCheck %s --check-prefix=DEBUG
// RUN: cute-opt %s --cute-nvgpu-outline-tma --convert-cute-nvgpu-to-nvvm="debug-hangs=3000000000" -split-input-file -verify-diagnostics | FileCheck %s --check-prefix=DEBUG64

// CHECK-LABEL: gpu.func @tma(
// CHECK-SAME: %[[X:[^:]*]]: i32, %[[Y:[^:]*]]: i32, %[[Z:[^:]*]]: i32, %[[MASK:[^:]*]]: i16, %[[D:[^:]*]]: !llvm.ptr, %[[DM:[^:]*]]: !llvm.ptr, %[[DS:[^:]*]]: !llvm.ptr, %[[DT:[^:]*]]: !llvm.ptr)
// CHECK-SAME: cute_nvgpu.grid_constant_args = array<i32: 6, 7, 8, 9>
// CHECK-SAME: nvvm.cluster_dim = array<i32: 2, 1, 1>
// CHECK: %[[S:.*]] = cute.smem_alloc() : !cute.memref<f32, smem
// CHECK: %[[ST:.*]] = cute.smem_alloc() : !cute.memref<f16, smem
// CHECK: %[[BARS:.*]] = cute.smem_alloc() : !cute.memref<i64, smem
// CHECK: %[[C1:.*]] = arith.constant 1 : i32
// CHECK: %[[BASE:.*]] = builtin.unrealized_conversion_cast %[[BARS]] : !cute.memref<i64, smem, align<8>, "2:1"> to !llvm.ptr<3>
// CHECK: %[[BAR:.*]] = llvm.getelementptr %[[BASE]][%[[C1]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i64
// CHECK: %[[C3:.*]] = arith.constant 3 : i32
// CHECK: nvvm.mbarrier.init %[[BAR]], %[[C3]] : !llvm.ptr<3>, i32
// CHECK: nvvm.fence.mbarrier.init
// CHECK: nvvm.prefetch tensormap, %[[D]] : !llvm.ptr
// The warp index: linear thread index / 32, broadcast from lane 0.
// CHECK: %[[TX:.*]] = gpu.thread_id x
// CHECK: %[[LIN32:.*]] = arith.index_cast %{{.*}} : index to i32
// CHECK: %[[W:.*]] = arith.divui %[[LIN32]], %{{.*}} : i32
// CHECK: %[[WARP:.*]], %{{.*}} = gpu.shuffle idx %[[W]], %{{.*}}, %{{.*}} : i32
// Role "producer", warps [0, 4), 40 registers: below 65536 / 384 -> dec.
// CHECK: %[[B0:.*]] = arith.constant 0 : i32
// CHECK: %[[E0:.*]] = arith.constant 4 : i32
// CHECK: %[[LT:.*]] = arith.cmpi ult, %[[WARP]], %[[E0]] : i32
// CHECK: %[[GE:.*]] = arith.cmpi uge, %[[WARP]], %[[B0]] : i32
// CHECK: %[[IN:.*]] = arith.andi %[[GE]], %[[LT]] : i1
// CHECK: scf.if %[[IN]] {
// CHECK-NEXT: nvvm.setmaxregister decrease 40
// CHECK-NEXT: %[[ELECTED:.*]] = nvvm.elect.sync -> i1
// CHECK-NEXT: scf.if %[[ELECTED]] {
// CHECK: nvvm.mbarrier.arrive.expect_tx %[[BAR]], %{{.*}} : !llvm.ptr<3>, i32
// Box "(64,32):(32,1)": TMA dimension 0 is mode 1, so (x, y) goes as [y, x].
// Without multicast the destination is shared::cta (isCTAOnly, ptr<3>);
// with a mask, shared::cluster (ptr<7>).
// CHECK: %[[SP:.*]] = builtin.unrealized_conversion_cast %[[S]] : {{.*}} to !llvm.ptr<3>
// CHECK-NOT: llvm.addrspacecast
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %[[SP]], %[[D]], %[[BAR]], box[%[[Y]], %[[X]]] {isCTAOnly = true} : !llvm.ptr<3>, !llvm.ptr
// CHECK: %[[SC:.*]] = llvm.addrspacecast %{{.*}} : !llvm.ptr<3> to !llvm.ptr<7>
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %[[SC]], %[[DM]], %[[BAR]], box[%[[Y]], %[[X]]] multicast_mask = %[[MASK]] : !llvm.ptr<7>, !llvm.ptr
// Box "(64,8,2):(1,64,512)" keeps the mode order.
// CHECK: %[[STP:.*]] = builtin.unrealized_conversion_cast %[[ST]]
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %[[STP]], %[[DT]], %[[BAR]], box[%[[X]], %[[Y]], %[[Z]]] {isCTAOnly = true} : !llvm.ptr<3>, !llvm.ptr
// CHECK: } else {
// Role "consumer", warps [4, 12), 232 registers: above the fair share -> inc.
// CHECK: %[[B1:.*]] = arith.constant 4 : i32
// CHECK: %[[E1:.*]] = arith.constant 12 : i32
// CHECK: arith.cmpi ult, %[[WARP]], %[[E1]] : i32
// CHECK: arith.cmpi uge, %[[WARP]], %[[B1]] : i32
// CHECK: scf.if
// CHECK-NEXT: nvvm.setmaxregister increase 232
// CHECK-NEXT: scf.while : () -> () {
// CHECK-NEXT: %[[OK:.*]] = nvvm.mbarrier.try_wait %[[BAR]], %[[C1]] : !llvm.ptr<3>, i32 -> i1
// CHECK-NEXT: %[[TRUE:.*]] = arith.constant true
// CHECK-NEXT: %[[NOT:.*]] = arith.xori %[[OK]], %[[TRUE]] : i1
// CHECK-NEXT: scf.condition(%[[NOT]])
// CHECK-NEXT: } do {
// CHECK-NEXT: scf.yield
// CHECK-NEXT: }
// CHECK: nvvm.mbarrier.expect_tx %[[BAR]], %{{.*}} : !llvm.ptr<3>, i32
// CHECK: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
// CHECK-DAG: %[[NT:.*]] = arith.constant 256 : i32
// CHECK-DAG: %[[ID:.*]] = arith.constant 3 : i32
// CHECK: nvvm.barrier id = %[[ID]] number_of_threads = %[[NT]]
// CHECK-DAG: %[[ID4:.*]] = arith.constant 4 : i32
// CHECK-DAG: %[[NT4:.*]] = arith.constant 128 : i32
// CHECK: nvvm.barrier.arrive id = %[[ID4]] number_of_threads = %[[NT4]]
// CHECK: nvvm.barrier id = %[[Z]] number_of_threads = %{{.*}}
// CHECK: %[[ALL:.*]] = arith.constant -1 : i32
// CHECK: nvvm.bar.warp.sync %[[ALL]] : i32
// CHECK: %[[SSP:.*]] = builtin.unrealized_conversion_cast %[[S]] : {{.*}} to !llvm.ptr<3>
// CHECK: nvvm.cp.async.bulk.tensor.global.shared.cta %[[DS]], %[[SSP]], box[%[[Y]], %[[X]]] : !llvm.ptr, <3>
// CHECK: nvvm.cp.async.bulk.commit.group
// CHECK: nvvm.cp.async.bulk.wait_group 0 {read}
// CHECK: nvvm.cp.async.bulk.wait_group 1{{$}}
// CHECK: %[[RANK:.*]] = nvvm.read.ptx.sreg.cluster.ctarank : i32
// CHECK: %[[REMOTE:.*]] = nvvm.mapa %[[BAR]], %[[RANK]] : !llvm.ptr<3> -> !llvm.ptr<7>
// CHECK: nvvm.mbarrier.arrive %[[REMOTE]] {scope = #nvvm.mem_scope<cluster>} : !llvm.ptr<7>
// release_cta: the same remote arrive at CTA scope (no scope attribute).
// CHECK: %[[REMOTE2:.*]] = nvvm.mapa %[[BAR]], %[[RANK]] : !llvm.ptr<3> -> !llvm.ptr<7>
// CHECK-NEXT: nvvm.mbarrier.arrive %[[REMOTE2]] : !llvm.ptr<7>
// CHECK: nvvm.mbarrier.arrive %[[BAR]] : !llvm.ptr<3>
// CHECK: nvvm.mbarrier.try_wait %[[BAR]], %[[C1]] : !llvm.ptr<3>, i32 -> i1
// CHECK: gpu.shuffle idx
// CHECK: nvvm.setmaxregister increase 240
// CHECK-NEXT: nvvm.setmaxregister decrease 24
// CHECK-NEXT: nvvm.cluster.arrive {aligned}
// CHECK-NEXT: nvvm.cluster.arrive.relaxed {aligned}
// CHECK-NEXT: nvvm.cluster.wait {aligned}
// CHECK-NEXT: nvvm.cluster.arrive {aligned}
// CHECK-NEXT: nvvm.cluster.wait {aligned}
// CHECK-NEXT: gpu.return
// CHECK-NOT: cute_nvgpu.

// DEBUG-LABEL: gpu.func @tma(
// DEBUG: nvvm.setmaxregister increase 232
// DEBUG-NEXT: %[[Z0:.*]] = arith.constant 0 : i32
// DEBUG-NEXT: %{{.*}} = scf.while (%[[N:.*]] = %[[Z0]]) : (i32) -> i32 {
// DEBUG-NEXT: %[[OK:.*]] = nvvm.mbarrier.try_wait %{{.*}}, %{{.*}} : !llvm.ptr<3>, i32 -> i1
// DEBUG: scf.condition(%{{.*}}) %[[N]] : i32
// DEBUG: } do {
// DEBUG-NEXT: ^bb0(%[[M:.*]]: i32):
// DEBUG-NEXT: %[[ONE:.*]] = arith.constant 1 : i32
// DEBUG-NEXT: %[[NEXT:.*]] = arith.addi %[[M]], %[[ONE]] : i32
// DEBUG-NEXT: %[[LIMIT:.*]] = arith.constant 100 : i32
// DEBUG-NEXT: %[[HUNG:.*]] = arith.cmpi eq, %[[NEXT]], %[[LIMIT]] : i32
// DEBUG-NEXT: scf.if %[[HUNG]] {
// DEBUG: gpu.block_id x
// The linear thread index x + bx * (y + by * z), and its warp.
// DEBUG: gpu.thread_id z
// DEBUG: gpu.block_dim y
// DEBUG: gpu.thread_id y
// DEBUG: gpu.block_dim x
// DEBUG: %[[TX:.*]] = gpu.thread_id x
// DEBUG-NEXT: %[[LIN:.*]] = arith.addi %[[TX]], %{{.*}} : index
// DEBUG-NEXT: %[[TID:.*]] = arith.index_cast %[[LIN]] : index to i32
// DEBUG: arith.divui %[[TID]], %{{.*}} : i32
// One report per warp (an elected lane among those that hang), then every
// thread traps.
// DEBUG: %[[ONE_LANE:.*]] = nvvm.elect.sync -> i1
// DEBUG-NEXT: scf.if %[[ONE_LANE]] {
// DEBUG-NEXT: gpu.printf "cute debug-hangs: kernel tma block (%d,%d,%d) thread %d (warp %d): full 100%% phase %d: not completed after 100 polls\0A"
// DEBUG-NEXT: }
// DEBUG-NEXT: llvm.intr.trap
// DEBUG-NEXT: }
// DEBUG-NEXT: scf.yield %[[NEXT]] : i32
// The bounded try_wait stays one instruction.
// DEBUG: nvvm.mbarrier.try_wait
// DEBUG-NOT: scf.while

// DEBUG64-LABEL: gpu.func @tma(
// DEBUG64: %[[Z0:.*]] = arith.constant 0 : i64
// DEBUG64-NEXT: scf.while (%{{.*}} = %[[Z0]]) : (i64) -> i64 {
// DEBUG64: arith.constant 3000000000 : i64
// DEBUG64: gpu.printf "{{.*}}not completed after 3000000000 polls\0A"

!box = !cute.memref<f32, smem, align<1024>, S<3,2,3>, "(64,32):(32,1)">
!boxT = !cute.memref<f16, smem, align<128>, "(64,8,2):(1,64,512)">
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @tma(%g: !cute.memref<f32, gmem, align<16>, "(?,?):(?,1)">, %gT: !cute.memref<f16, gmem, align<16>, "(?,?,?):(1,?,?)">, %x: i32, %y: i32, %z: i32, %mask: i16) kernel attributes {gpu.known_block_size = array<i32: 384, 1, 1>, cute.cluster_dims = array<i32: 2, 1, 1>} {
      %d = cute_nvgpu.make_tma_desc %g : !cute.memref<f32, gmem, align<16>, "(?,?):(?,1)"> -> !cute_nvgpu.tma_desc<load, !box>
      %dm = cute_nvgpu.make_tma_desc %g : !cute.memref<f32, gmem, align<16>, "(?,?):(?,1)"> -> !cute_nvgpu.tma_desc<load, !box, multicast = 2>
      %ds = cute_nvgpu.make_tma_desc %g : !cute.memref<f32, gmem, align<16>, "(?,?):(?,1)"> -> !cute_nvgpu.tma_desc<store, !box>
      %dT = cute_nvgpu.make_tma_desc %gT : !cute.memref<f16, gmem, align<16>, "(?,?,?):(1,?,?)"> -> !cute_nvgpu.tma_desc<load, !boxT>
      %s = cute.smem_alloc() : !box
      %sT = cute.smem_alloc() : !boxT
      %bars = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "2:1">
      %c1 = arith.constant 1 : i32
      %bar = cute_nvgpu.mbarrier_get %bars[%c1] : !cute.memref<i64, smem, align<8>, "2:1">
      cute_nvgpu.mbarrier_init %bar, count = 3
      cute_nvgpu.mbarrier_init_fence
      cute_nvgpu.tma_prefetch_desc %d : !cute_nvgpu.tma_desc<load, !box>
      cute_nvgpu.warp_specialize
        role "producer" warps [0, 4) max_regs 40 {
          cute_nvgpu.elect_one {
            cute_nvgpu.mbarrier_arrive_expect_tx %bar, bytes = 8192
            cute_nvgpu.tma_load %d, %s, %bar box [%x, %y] : !cute_nvgpu.tma_desc<load, !box>, !box
            cute_nvgpu.tma_load %dm, %s, %bar box [%x, %y] multicast %mask : !cute_nvgpu.tma_desc<load, !box, multicast = 2>, !box
            cute_nvgpu.tma_load %dT, %sT, %bar box [%x, %y, %z] : !cute_nvgpu.tma_desc<load, !boxT>, !boxT
          }
        }
        role "consumer" warps [4, 12) max_regs 232 {
          cute_nvgpu.mbarrier_wait %bar, phase %c1 {label = "full 100%"}
          cute_nvgpu.mbarrier_expect_tx %bar, bytes = 16
          cute_nvgpu.fence_proxy_async
          cute_nvgpu.named_barrier id = 3, threads = 256
          cute_nvgpu.named_barrier arrive id = 4, threads = 128
          cute_nvgpu.named_barrier id = %z, threads = 128
          cute_nvgpu.warp_sync
          cute_nvgpu.tma_store %ds, %s box [%x, %y] : !cute_nvgpu.tma_desc<store, !box>, !box
          cute_nvgpu.tma_store_commit
          cute_nvgpu.tma_store_wait 0 {read}
          cute_nvgpu.tma_store_wait 1
          %r = cute_nvgpu.cluster_rank
          cute_nvgpu.mbarrier_arrive %bar cta %r
          cute_nvgpu.mbarrier_arrive %bar cta %r release_cta
          cute_nvgpu.mbarrier_arrive %bar
          %done = cute_nvgpu.mbarrier_try_wait %bar, phase %c1
        }
      %w = cute_nvgpu.warp_idx
      cute_nvgpu.setmaxnreg inc 240
      cute_nvgpu.setmaxnreg dec 24
      cute_nvgpu.cluster_arrive
      cute_nvgpu.cluster_arrive {relaxed}
      cute_nvgpu.cluster_wait
      cute_nvgpu.cluster_sync
      gpu.return
    }
  }
}

// -----

// 128 threads: the fair share is 256 registers, so 232 lowers the count.
// CHECK-LABEL: gpu.func @small_block()
// CHECK: scf.if
// CHECK-NEXT: nvvm.setmaxregister decrease 232
// CHECK: } else {
// CHECK-NOT: setmaxregister
// CHECK: gpu.return
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @small_block() kernel attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
      cute_nvgpu.warp_specialize
        role "a" warps [0, 4) max_regs 232 {
        }
        role "b" warps [4, 5) {
        }
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @unknown_block() kernel {
      // expected-error@+1 {{'cute_nvgpu.warp_specialize' op sets max_regs, which needs the block size (gpu.known_block_size) to decide inc or dec}}
      cute_nvgpu.warp_specialize
        role "a" warps [0, 4) max_regs 232 {
        }
      gpu.return
    }
  }
}
