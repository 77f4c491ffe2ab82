// Every cute_nvgpu op that lowers to an instruction, in one cluster kernel
// with warp roles (input of tma-pipeline-ptxas.mlir: ptxas must accept it).
module attributes {gpu.container_module} {
  gpu.module @nvgpu_all_ops {
    gpu.func @all_ops(%px: !cute.ptr<f16, gmem, align<16>>, %py: !cute.ptr<f16, gmem, align<16>>, %m: i32, %n: i32, %ld: i32) kernel
        attributes {gpu.known_block_size = array<i32: 384, 1, 1>, cute.cluster_dims = array<i32: 2, 1, 1>} {
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      %c3 = arith.constant 3 : i16
      %shape = cute.make_shape(%m, %n)
      %st = cute.make_stride(%ld) -> !cute.stride<"(?,1)">
      %l = cute.make_layout(%shape, %st)
      %gx = cute.make_view(%px, %l)
      %gy = cute.make_view(%py, %l)
      %dx = cute_nvgpu.make_tma_desc %gx : !cute.memref<f16, gmem, align<16>, "(?,?):(?,1)"> -> !cute_nvgpu.tma_desc<load, !cute.memref<f16, smem, align<1024>, S<3,3,3>, "(64,64):(64,1)">, multicast = 2>
      %dy = cute_nvgpu.make_tma_desc %gy {l2_promotion = 256 : i32} : !cute.memref<f16, gmem, align<16>, "(?,?):(?,1)"> -> !cute_nvgpu.tma_desc<store, !cute.memref<f16, smem, align<1024>, S<3,3,3>, "(64,64):(64,1)">>
      %bars = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "4:1">
      %buf = cute.smem_alloc() : !cute.memref<f16, smem, align<1024>, S<3,3,3>, "(64,64):(64,1)">
      %p = cute_nvgpu.pipeline_create %bars : !cute.memref<i64, smem, align<8>, "4:1"> {consumers = 256 : i32, tx_bytes = 16384 : i32, multicast = 2 : i32} -> !cute_nvgpu.pipeline<tma_async, 2>
      %rank = cute_nvgpu.cluster_rank
      cute_nvgpu.tma_prefetch_desc %dx : !cute_nvgpu.tma_desc<load, !cute.memref<f16, smem, align<1024>, S<3,3,3>, "(64,64):(64,1)">, multicast = 2>
      cute_nvgpu.warp_specialize
        role "producer" warps [0, 4) max_regs 40 {
          %w = cute_nvgpu.warp_idx
          %first = arith.cmpi eq, %w, %c0 : i32
          scf.if %first {
            cute_nvgpu.elect_one {
              %ps = cute_nvgpu.pipeline_producer_state %p : !cute_nvgpu.pipeline<tma_async, 2> -> !cute_nvgpu.pipeline_state<2>
              cute_nvgpu.pipeline_producer_acquire %p, %ps : !cute_nvgpu.pipeline<tma_async, 2>, !cute_nvgpu.pipeline_state<2>
              %full = cute_nvgpu.pipeline_producer_get_barrier %p, %ps : !cute_nvgpu.pipeline<tma_async, 2>, !cute_nvgpu.pipeline_state<2>
              cute_nvgpu.tma_load %dx, %buf, %full box [%rank, %c0] multicast %c3 : !cute_nvgpu.tma_desc<load, !cute.memref<f16, smem, align<1024>, S<3,3,3>, "(64,64):(64,1)">, multicast = 2>, !cute.memref<f16, smem, align<1024>, S<3,3,3>, "(64,64):(64,1)">
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
              cute_nvgpu.tma_store %dy, %buf box [%rank, %c0] : !cute_nvgpu.tma_desc<store, !cute.memref<f16, smem, align<1024>, S<3,3,3>, "(64,64):(64,1)">>, !cute.memref<f16, smem, align<1024>, S<3,3,3>, "(64,64):(64,1)">
              cute_nvgpu.tma_store_commit
              cute_nvgpu.tma_store_wait 0 {read}
              cute_nvgpu.tma_store_wait 0
            }
          }
          cute_nvgpu.pipeline_consumer_release %p, %cs : !cute_nvgpu.pipeline<tma_async, 2>, !cute_nvgpu.pipeline_state<2>
        }
      cute_nvgpu.cluster_arrive {relaxed}
      cute_nvgpu.cluster_wait
      cute_nvgpu.cluster_arrive
      cute_nvgpu.cluster_wait
      gpu.return
    }
  }
}
