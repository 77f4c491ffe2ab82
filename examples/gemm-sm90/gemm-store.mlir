// The epilogue's TMA store of examples/gemm-sm90/kernel.mlir (imported:
// cute.imports, docs/instances.md): a 64 x 64 chunk of C, in the staging
// type TS, from the consumer warpgroups' registers to the 2-buffer
// 128-byte swizzled staging ring in shared memory and out by TMA
// (PipelineTmaStore).
!TS = !cute.param<"TS", bf16>
!TE = !cute.param<"TE", bf16>
#BN = #cute.param<"BN", 256 : i32>
!tileC = !cute.memref<!TS, smem, align<1024>, sw128, "(64,64):(64,1)">
!chunkS = !cute.memref<!TS, rmem, align<16>, "(2,2,8):(1,2,4)">
!SS = !cute_nvgpu.pipeline_state<2>
// Partitions a 64 x 64 C staging tile like the accumulator's columns.
#cpart = #cute.tiled_mma<#cute_nvgpu.wgmma<m = 64, n = 64, k = 16, a = !TE, b = !TE, c = f32, a_major = k, b_major = k>, #cute.layout<"(1,1,1):(0,0,0)">>
module {
  // One 64 x 64 chunk of C from registers to shared memory (a 2-buffer
  // staging ring) and out by TMA: both consumer warpgroups take part.
  func.func private @store_chunk_tma(%stores: !cute_nvgpu.pipeline<tma_store, 2>, %s: !SS, %leader: i1, %sC: !cute.memref<!TS, smem, align<1024>, sw128, "((64,64),2,2):((64,1),4096,8192)">, %wg: i32, %lt: i32, %out: !chunkS, %gC: !cute.coord_tensor<"(?,?)", "(128,BN):(1@0,1@1)">, %j: i32, %dc: !cute_nvgpu.tma_desc<store, !tileC>) -> !SS {
    scf.if %leader {
      cute_nvgpu.pipeline_producer_acquire %stores, %s
    }
    cute_nvgpu.named_barrier id = 1, threads = 256
    %b = cute_nvgpu.pipeline_state_index %s
    %bc = cute.make_coord(%b, %wg) -> !cute.coord<"(_,?,?)">
    %stage = cute.tensor_slice(%sC, %bc)
    %dst = cute.mma_partition "C" of #cpart (%stage, %lt)
    cute.copy(%out, %dst)
    cute_nvgpu.fence_proxy_async
    cute_nvgpu.named_barrier id = 1, threads = 256
    scf.if %leader {
      %w = cute.make_coord(%wg) -> !cute.coord<"(?,_)">
      %gCw = cute.local_tile(%gC, %w) {tiler = #cute.shape<"(64,64)">}
      %jj = cute.make_coord(%j) -> !cute.coord<"(_,_,?)">
      %gCj = cute.tensor_slice(%gCw, %jj)
      cute.copy(%stage, %gCj) with(%dc)
      cute_nvgpu.pipeline_producer_commit %stores, %s
    }
    %sn = cute_nvgpu.pipeline_state_advance %s
    return %sn : !SS
  }
}
