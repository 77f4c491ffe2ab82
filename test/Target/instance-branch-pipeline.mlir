// One source, two element types of a cache (examples/mla-decode's
// mla_bf16 / mla_e4m3): a pipeline that only the e4m3 instance's branch
// uses is dropped from the bf16 instance (with its barrier storage) rather
// than being an error for counts nobody needs, and a TMA descriptor made
// from a kernel pointer recast to e4m3 is described to the runtime as a
// view of that pointer with the recast element (1-byte strides).
// RUN: rm -rf %t && mkdir -p %t
// RUN: cute-opt %s --cute-compile="chip=sm_90a format=ptx output-dir=%t specialize=false" -o /dev/null
// RUN: FileCheck %s < %t/cache.sm_90a.json
// RUN: FileCheck %s --check-prefix=PTX < %t/cache.sm_90a.ptx

// bf16: one descriptor of the bf16 pointer; the staging ring's two
// barriers are gone (only the page ring's: 2 mbarrier.init).
// CHECK: "name":"load_bf16"
// CHECK: "name":"kv_tma","tma":{"box":[64,64],"elem":"bf16"
// CHECK-SAME: "source":{"dims":[{"extent":{"const":576},"stride":{"const":1}},{"extent":{"mul":[{"const":64},{"param":1}]},"stride":{"const":576}}],"ptr":0}
// e4m3: the descriptor reads the same pointer as e4m3.
// CHECK: "name":"load_e4m3"
// CHECK: "name":"kv_tma","tma":{"box":[64,64],"elem":"f8e4m3"
// CHECK-SAME: "source":{"dims":[{"extent":{"const":576},"stride":{"const":1}},{"extent":{"mul":[{"const":64},{"param":1}]},"stride":{"const":576}}],"ptr":0}
// PTX-LABEL: .entry load_bf16(
// PTX-COUNT-2: mbarrier.init.shared
// PTX-NOT: mbarrier.init
// PTX-LABEL: .entry load_e4m3(
// PTX-COUNT-4: mbarrier.init.shared
// PTX-NOT: mbarrier.init
!KV = !cute.param<"KV", bf16>
#F8 = #cute.param<"F8", false>
// The ring as its consumers see it: TMA-filled, or handed on by a warp.
!PK = !cute.param<"PK", !cute_nvgpu.pipeline<tma_async, 1>>
module attributes {gpu.container_module,
    cute.instances = ["bf16:KV=bf16", "e4m3:KV=f8E4M3FN,F8=true,PK=!cute_nvgpu.pipeline<async, 1>"]} {
  gpu.module @cache {
    gpu.func @load(%kv: !cute.ptr<!KV, gmem, align<16>>, %pages: i32) kernel
        attributes {gpu.known_block_size = array<i32: 64, 1, 1>} {
      %c0, %c64, %c576 = cute.constants 0, 64, 576 : i32
      %rows = arith.muli %pages, %c64 : i32
      %sh = cute.make_shape(%rows, %c576)
      %st = cute.static : !cute.stride<"(576,1)">
      %l = cute.make_layout(%sh, %st)
      %bars = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "2:1">
      %barsL = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "2:1">
      %tile = cute.smem_alloc() : !cute.memref<bf16, smem, align<1024>, "(64,64):(64,1)">
      %ring = cute_nvgpu.pipeline_create %bars -> !PK
      %stage = cute_nvgpu.pipeline_create %barsL -> !cute_nvgpu.pipeline<tma_async, 1>
      %f8 = arith.constant #F8
      cute_nvgpu.warp_specialize
        role "producer" warps [0, 1) {
          %p = cute_nvgpu.pipeline_producer_state %ring
          scf.if %f8 {
            %kv8 = cute.recast(%kv) {elem_type = f8E4M3FN} : !cute.ptr<!KV, gmem, align<16>> -> !cute.ptr<f8E4M3FN, gmem, align<16>>
            %g = cute.make_view(%kv8, %l)
            %d = cute_nvgpu.make_tma_desc %g -> !cute_nvgpu.tma_desc<load, !cute.memref<f8E4M3FN, smem, align<1024>, "(64,64):(64,1)">>
            %it = cute.get_iter(%tile)
            %it8 = cute.recast(%it) {elem_type = f8E4M3FN} : !cute.ptr<bf16, smem, align<1024>> -> !cute.ptr<f8E4M3FN, smem, align<1024>>
            %l8 = cute.static : !cute.layout<"(64,64):(64,1)">
            %t8 = cute.make_view(%it8, %l8)
            %q = cute_nvgpu.pipeline_producer_state %stage
            cute_nvgpu.elect_one {
              cute_nvgpu.pipeline_producer_acquire %stage, %q
              %b = cute_nvgpu.pipeline_producer_get_barrier %stage, %q
              cute_nvgpu.tma_load %d, %t8, %b box [%c0, %c0]
              cute_nvgpu.pipeline_producer_commit %stage, %q
            }
            // The warp reads the e4m3 tile (and would widen it), then
            // hands the ring's stage on.
            %s = cute_nvgpu.pipeline_consumer_state %stage
            cute_nvgpu.pipeline_consumer_wait %stage, %s
            cute_nvgpu.pipeline_consumer_release %stage, %s
            cute_nvgpu.pipeline_producer_acquire %ring, %p
            cute_nvgpu.pipeline_producer_commit %ring, %p
          } else {
            %kvT = cute.recast(%kv) {elem_type = bf16} : !cute.ptr<!KV, gmem, align<16>> -> !cute.ptr<bf16, gmem, align<16>>
            %g = cute.make_view(%kvT, %l)
            %d = cute_nvgpu.make_tma_desc %g -> !cute_nvgpu.tma_desc<load, !cute.memref<bf16, smem, align<1024>, "(64,64):(64,1)">>
            cute_nvgpu.elect_one {
              cute_nvgpu.pipeline_producer_acquire %ring, %p
              %b = cute_nvgpu.pipeline_producer_get_barrier %ring, %p
              cute_nvgpu.tma_load %d, %tile, %b box [%c0, %c0]
              cute_nvgpu.pipeline_producer_commit %ring, %p
            }
          }
        }
        role "consumer" warps [1, 2) {
          %s = cute_nvgpu.pipeline_consumer_state %ring
          cute_nvgpu.pipeline_consumer_wait %ring, %s
          cute_nvgpu.warp_sync
          cute_nvgpu.elect_one {
            cute_nvgpu.pipeline_consumer_release %ring, %s
          }
        }
      gpu.return
    }
  }
}
