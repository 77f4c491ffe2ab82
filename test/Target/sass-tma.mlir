// SASS inspection (docs/sass.md): the TMA, mbarrier, setmaxnreg and fence
// instructions that the PTX of these kernels asks for are in the machine code
// that ptxas wrote for sm_90a, sm_100a and sm_120a, as nvdisasm prints it
// (scripts/sass.sh). No GPU runs here: the SASS proves what ptxas emitted.
// Each check names the mnemonic with its operands, in program order, so a
// missing or changed instruction fails it. Inputs/nvgpu-all-ops.mlir gives
// the cluster forms (multicast load, remote arrive, cluster barrier) for the
// chips with clusters.
// REQUIRES: ptxas, sass
// RUN: %sass --compile sm_90a %s --function tma_roles | FileCheck %s --check-prefixes=TMA,REGS
// RUN: %sass --compile sm_100a %s --function tma_roles | FileCheck %s --check-prefixes=TMA,REGS
// RUN: %sass --compile sm_120a %s --function tma_roles | FileCheck %s --check-prefixes=TMA,REGS
// RUN: %sass --compile sm_90a %s --function store_roles | FileCheck %s --check-prefix=STORE
// RUN: %sass --compile sm_100a %s --function store_roles | FileCheck %s --check-prefix=STORE
// RUN: %sass --compile sm_120a %s --function store_roles | FileCheck %s --check-prefix=STORE
// RUN: %sass --compile sm_90a %S/Inputs/nvgpu-all-ops.mlir --function all_ops | FileCheck %s --check-prefix=CLUSTER
// RUN: %sass --compile sm_100a %S/Inputs/nvgpu-all-ops.mlir --function all_ops | FileCheck %s --check-prefix=CLUSTER

// tma_roles: thread 0 initializes the pipeline's four mbarriers
// (mbarrier.init -> SYNCS.EXCH.64; fence.mbarrier_init has no instruction of
// its own), both descriptors are prefetched (prefetch.tensormap ->
// UTMACCTL.PF).
// TMA-LABEL: .text.tma_roles:
// TMA: SYNCS.EXCH.64 URZ, [UR[[BARS:[0-9]+]]], UR{{[0-9]+}} ;
// TMA-NEXT: SYNCS.EXCH.64 URZ, [UR[[BARS]]+0x10], UR{{[0-9]+}} ;
// TMA-NEXT: SYNCS.EXCH.64 URZ, [UR[[BARS]]+0x8], UR{{[0-9]+}} ;
// TMA-NEXT: SYNCS.EXCH.64 URZ, [UR[[BARS]]+0x18], UR{{[0-9]+}} ;
// TMA: BAR.SYNC.DEFER_BLOCKING 0x0 ;
// TMA: UTMACCTL.PF [UR[[DESC:[0-9]+]]] ;
// TMA: UTMACCTL.PF [UR[[DESC]]] ;
// The producer warps give registers back (setmaxnreg.dec 40 ->
// USETMAXREG.DEALLOC 0x28), one elected thread (elect.sync -> ELECT) waits
// for the empty barrier (mbarrier.try_wait.parity -> SYNCS.PHASECHK.TRANS64.
// TRYWAIT), arms the full one with the transaction bytes
// (mbarrier.arrive.expect_tx -> SYNCS.ARRIVE.TRANS64) and loads the tile
// (cp.async.bulk.tensor.2d.shared::cta.global -> UTMALDG.2D).
// REGS: USETMAXREG.DEALLOC.CTAPOOL 0x28{{ ?}};
// TMA: ELECT P{{[0-9]}}, URZ, PT ;
// TMA: SYNCS.PHASECHK.TRANS64.TRYWAIT P{{[0-9]}}, [UR[[BAR:[0-9]+]]+0x10], R{{[0-9]+}} ;
// TMA: SYNCS.ARRIVE.TRANS64 RZ, [UR[[BAR]]], R{{[0-9]+}} ;
// TMA: UTMALDG.2D [UR{{[0-9]+}}], [UR{{[0-9]+}}] ;
// The consumer warps take registers (setmaxnreg.inc 232 -> USETMAXREG.
// TRY_ALLOC 0xe8), wait for the full barrier, make their view of shared
// memory visible to the async proxy (fence.proxy.async.shared::cta ->
// MEMBAR.ALL.CTA + FENCE.VIEW.ASYNC.S), meet on named barrier 1 (256
// threads), store the tile (cp.async.bulk.tensor.2d.global.shared::cta ->
// UTMASTG.2D), commit the bulk group (UTMACMDFLUSH), wait until it has read
// shared memory (cp.async.bulk.wait_group.read 0 -> DEPBAR.LE SB0, 0x0) and
// release the stage (mbarrier.arrive -> SYNCS.ARRIVE.TRANS64.A1T0).
// The load's destination is shared::cta: with shared::cluster, ptxas for
// sm_120a emitted a check and a call of
// __cuda_syscall_cp_async_bulk_tensor_2d_tile_unicast besides UTMALDG.2D and
// dropped both setmaxnreg (ptxas info C7506, now a compile error); the REGS
// checks run on sm_120a too.
// REGS: USETMAXREG.TRY_ALLOC.CTAPOOL UP{{[0-9]}}, 0xe8 ;
// TMA: SYNCS.PHASECHK.TRANS64.TRYWAIT P{{[0-9]}}, [UR{{[0-9]+}}], R{{[0-9]+}} ;
// TMA: MEMBAR.ALL.CTA{{ ?}};
// TMA-NEXT: FENCE.VIEW.ASYNC.S ;
// TMA-NEXT: BAR.SYNC.DEFER_BLOCKING 0x1, 0x100 ;
// TMA: ELECT P{{[0-9]}}, URZ, PT ;
// TMA: UTMASTG.2D [UR{{[0-9]+}}], [UR{{[0-9]+}}] ;
// TMA-NEXT: UTMACMDFLUSH ;
// TMA-NEXT: DEPBAR.LE SB0, 0x0 ;
// TMA: SYNCS.ARRIVE.TRANS64.A1T0 RZ, [UR{{[0-9]+}}+0x10], RZ ;
// TMA: EXIT ;

// store_roles: the same roles without a TMA load; setmaxnreg survives on
// every chip. cp.async.bulk.wait_group 0 (without .read) adds CCTL.IVALL.
// STORE-LABEL: .text.store_roles:
// STORE: USETMAXREG.DEALLOC.CTAPOOL 0x28{{ ?}};
// STORE: USETMAXREG.TRY_ALLOC.CTAPOOL UP{{[0-9]}}, 0xe8 ;
// STORE: MEMBAR.ALL.CTA{{ ?}};
// STORE-NEXT: FENCE.VIEW.ASYNC.S ;
// STORE-NEXT: BAR.SYNC.DEFER_BLOCKING 0x1, 0x100 ;
// STORE: ELECT P{{[0-9]}}, URZ, PT ;
// STORE: UTMASTG.2D [UR{{[0-9]+}}], [UR{{[0-9]+}}] ;
// STORE-NEXT: UTMACMDFLUSH ;
// STORE-NEXT: DEPBAR.LE SB0, 0x0 ;
// STORE-NEXT: CCTL.IVALL ;

// all_ops (a cluster of 2): fence.mbarrier_init + barrier.cluster.arrive
// (release) + barrier.cluster.wait -> MEMBAR.ALL.CTA, MEMBAR.ALL.GPU, ERRBAR,
// CGAERRBAR, UCGABAR_ARV, UCGABAR_WAIT, CCTL.IVALL; the multicast load ->
// UTMALDG.2D.MULTICAST with the CTA mask in a uniform register; the arrive
// on each CTA's empty barrier (mapa + mbarrier.arrive.shared::cluster, a
// CTA-scope release) -> SYNCS.ARRIVE.TRANS64.RED.A1T0 alone: no CGAERRBAR
// and no MEMBAR.ALL.GPU, which a cluster-scope release adds (in the GEMM
// it cost 2 us per K tile); barrier.cluster.arrive.relaxed drops the fences.
// CLUSTER-LABEL: .text.all_ops:
// CLUSTER: SYNCS.EXCH.64 URZ, [UR{{[0-9]+}}], UR{{[0-9]+}} ;
// CLUSTER: MEMBAR.ALL.GPU ;
// CLUSTER-NEXT: ERRBAR;
// CLUSTER-NEXT: CGAERRBAR ;
// CLUSTER-NEXT: UCGABAR_ARV ;
// CLUSTER: UCGABAR_WAIT ;
// CLUSTER-NEXT: CCTL.IVALL ;
// CLUSTER: USETMAXREG.DEALLOC.CTAPOOL 0x28{{ ?}};
// CLUSTER: SYNCS.ARRIVE.TRANS64 RZ, [R{{[0-9]+}}+URZ], R{{[0-9]+}} ;
// CLUSTER: UTMALDG.2D.MULTICAST [UR{{[0-9]+}}], [UR{{[0-9]+}}], UR{{[0-9]+}} ;
// CLUSTER: USETMAXREG.TRY_ALLOC.CTAPOOL UP{{[0-9]}}, 0xe8 ;
// CLUSTER: UTMASTG.2D [UR{{[0-9]+}}], [UR{{[0-9]+}}] ;
// CLUSTER-NEXT: UTMACMDFLUSH ;
// CLUSTER-NEXT: DEPBAR.LE SB0, 0x0 ;
// CLUSTER-NEXT: DEPBAR.LE SB0, 0x0 ;
// CLUSTER-NEXT: CCTL.IVALL ;
// CLUSTER-NOT: {{MEMBAR.ALL.GPU|CGAERRBAR}}
// CLUSTER: SYNCS.ARRIVE.TRANS64.RED.A1T0 RZ, [UR{{[0-9]+}}], RZ ;
// CLUSTER-NEXT: SYNCS.ARRIVE.TRANS64.RED.A1T0 RZ, [UR{{[0-9]+}}], RZ ;
// CLUSTER-NOT: MEMBAR
// CLUSTER: UCGABAR_ARV ;
// CLUSTER-NEXT: UCGABAR_WAIT ;
// CLUSTER-NEXT: CCTL.IVALL ;
// CLUSTER-NEXT: MEMBAR.ALL.CTA{{ ?}};
// CLUSTER-NEXT: MEMBAR.ALL.GPU ;
// CLUSTER-NEXT: ERRBAR;
// CLUSTER-NEXT: CGAERRBAR ;
// CLUSTER-NEXT: UCGABAR_ARV ;
// CLUSTER-NEXT: UCGABAR_WAIT ;
// CLUSTER-NEXT: CCTL.IVALL ;
// CLUSTER-NEXT: EXIT ;

module attributes {gpu.container_module} {
  gpu.module @sass_tma {
    gpu.func @tma_roles(%px: !cute.ptr<f16, gmem, align<16>>, %py: !cute.ptr<f16, gmem, align<16>>, %m: i32, %n: i32, %ld: i32) kernel
        attributes {gpu.known_block_size = array<i32: 384, 1, 1>} {
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      %shape = cute.make_shape(%m, %n)
      %st = cute.make_stride(%ld) -> !cute.stride<"(?,1)">
      %l = cute.make_layout(%shape, %st)
      %gx = cute.make_view(%px, %l)
      %gy = cute.make_view(%py, %l)
      %dx = cute_nvgpu.make_tma_desc %gx : !cute.memref<f16, gmem, align<16>, "(?,?):(?,1)"> -> !cute_nvgpu.tma_desc<load, !cute.memref<f16, smem, align<1024>, S<3,3,3>, "(64,64):(64,1)">>
      %dy = cute_nvgpu.make_tma_desc %gy : !cute.memref<f16, gmem, align<16>, "(?,?):(?,1)"> -> !cute_nvgpu.tma_desc<store, !cute.memref<f16, smem, align<1024>, S<3,3,3>, "(64,64):(64,1)">>
      %bars = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "4:1">
      %buf = cute.smem_alloc() : !cute.memref<f16, smem, align<1024>, S<3,3,3>, "(64,64):(64,1)">
      %p = cute_nvgpu.pipeline_create %bars : !cute.memref<i64, smem, align<8>, "4:1"> {consumers = 256 : i32, tx_bytes = 8192 : i32} -> !cute_nvgpu.pipeline<tma_async, 2>
      cute_nvgpu.tma_prefetch_desc %dx : !cute_nvgpu.tma_desc<load, !cute.memref<f16, smem, align<1024>, S<3,3,3>, "(64,64):(64,1)">>
      cute_nvgpu.warp_specialize
        role "producer" warps [0, 4) max_regs 40 {
          %w = cute_nvgpu.warp_idx
          %first = arith.cmpi eq, %w, %c0 : i32
          scf.if %first {
            cute_nvgpu.elect_one {
              %ps = cute_nvgpu.pipeline_producer_state %p : !cute_nvgpu.pipeline<tma_async, 2> -> !cute_nvgpu.pipeline_state<2>
              cute_nvgpu.pipeline_producer_acquire %p, %ps : !cute_nvgpu.pipeline<tma_async, 2>, !cute_nvgpu.pipeline_state<2>
              %full = cute_nvgpu.pipeline_producer_get_barrier %p, %ps : !cute_nvgpu.pipeline<tma_async, 2>, !cute_nvgpu.pipeline_state<2>
              cute_nvgpu.tma_load %dx, %buf, %full box [%c0, %c0] : !cute_nvgpu.tma_desc<load, !cute.memref<f16, smem, align<1024>, S<3,3,3>, "(64,64):(64,1)">>, !cute.memref<f16, smem, align<1024>, S<3,3,3>, "(64,64):(64,1)">
              cute_nvgpu.pipeline_producer_commit %p, %ps : !cute_nvgpu.pipeline<tma_async, 2>, !cute_nvgpu.pipeline_state<2>
              %pn = cute_nvgpu.pipeline_state_advance %ps : !cute_nvgpu.pipeline_state<2>
              cute_nvgpu.pipeline_producer_tail %p, %pn : !cute_nvgpu.pipeline<tma_async, 2>, !cute_nvgpu.pipeline_state<2>
            }
          }
        }
        role "consumer" warps [4, 12) max_regs 232 {
          %cs = cute_nvgpu.pipeline_consumer_state %p : !cute_nvgpu.pipeline<tma_async, 2> -> !cute_nvgpu.pipeline_state<2>
          cute_nvgpu.pipeline_consumer_wait %p, %cs : !cute_nvgpu.pipeline<tma_async, 2>, !cute_nvgpu.pipeline_state<2>
          cute_nvgpu.fence_proxy_async
          cute_nvgpu.named_barrier id = 1, threads = 256
          %w = cute_nvgpu.warp_idx
          %lead = arith.cmpi eq, %w, %c1 : i32
          scf.if %lead {
            cute_nvgpu.elect_one {
              cute_nvgpu.tma_store %dy, %buf box [%c0, %c0] : !cute_nvgpu.tma_desc<store, !cute.memref<f16, smem, align<1024>, S<3,3,3>, "(64,64):(64,1)">>, !cute.memref<f16, smem, align<1024>, S<3,3,3>, "(64,64):(64,1)">
              cute_nvgpu.tma_store_commit
              cute_nvgpu.tma_store_wait 0 {read}
            }
          }
          cute_nvgpu.pipeline_consumer_release %p, %cs : !cute_nvgpu.pipeline<tma_async, 2>, !cute_nvgpu.pipeline_state<2>
        }
      gpu.return
    }

    gpu.func @store_roles(%py: !cute.ptr<f16, gmem, align<16>>, %m: i32, %n: i32, %ld: i32) kernel
        attributes {gpu.known_block_size = array<i32: 384, 1, 1>} {
      %c0 = arith.constant 0 : i32
      %shape = cute.make_shape(%m, %n)
      %st = cute.make_stride(%ld) -> !cute.stride<"(?,1)">
      %l = cute.make_layout(%shape, %st)
      %gy = cute.make_view(%py, %l)
      %dy = cute_nvgpu.make_tma_desc %gy : !cute.memref<f16, gmem, align<16>, "(?,?):(?,1)"> -> !cute_nvgpu.tma_desc<store, !cute.memref<f16, smem, align<1024>, S<3,3,3>, "(64,64):(64,1)">>
      %buf = cute.smem_alloc() : !cute.memref<f16, smem, align<1024>, S<3,3,3>, "(64,64):(64,1)">
      cute_nvgpu.warp_specialize
        role "idle" warps [0, 4) max_regs 40 {
        }
        role "storer" warps [4, 12) max_regs 232 {
          cute_nvgpu.fence_proxy_async
          cute_nvgpu.named_barrier id = 1, threads = 256
          cute_nvgpu.elect_one {
            cute_nvgpu.tma_store %dy, %buf box [%c0, %c0] : !cute_nvgpu.tma_desc<store, !cute.memref<f16, smem, align<1024>, S<3,3,3>, "(64,64):(64,1)">>, !cute.memref<f16, smem, align<1024>, S<3,3,3>, "(64,64):(64,1)">
            cute_nvgpu.tma_store_commit
            cute_nvgpu.tma_store_wait 0
          }
        }
      gpu.return
    }
  }
}
