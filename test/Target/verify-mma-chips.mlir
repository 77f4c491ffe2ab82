// Each MMA atom runs on the chips that have its instruction: cute-verify-kernel
// rejects wgmma off sm_90a, tcgen05.mma where there is no Tensor Memory
// (sm_90a, sm_120a), block-scaled mma.sync off sm_120a (ptxas 13.0:
// "Instruction 'mma with block scale' not supported on .target 'sm_100a'"),
// and a 2-CTA tcgen05.mma without an even cluster along x.
// RUN: not cute-opt %s --cute-verify-kernel="chip=sm_90a" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SM90
// RUN: not cute-opt %s --cute-verify-kernel="chip=sm_100a" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SM100
// RUN: not cute-opt %s --cute-verify-kernel="chip=sm_120a" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SM120

// SM90-NOT: wgmma runs on
// SM90: error: 'cute.gemm' op with tcgen05.mma: tcgen05.mma needs Tensor Memory, which sm_90a lacks (tcgen05 runs on sm_100a)
// SM90: error: 'cute.gemm' op with tcgen05.mma: tcgen05.mma needs Tensor Memory, which sm_90a lacks (tcgen05 runs on sm_100a)
// SM90: error: 'cute.gemm' op with mma.sync.block_scale: block-scaled mma.sync runs on sm_120a only (PTX: mma with .block_scale needs sm_120a or the sm_120f family); sm_90a has none

// SM100: error: 'cute.gemm' op with wgmma: wgmma runs on sm_90a only; sm_100a has none (use tcgen05_mma)
// SM100-NOT: tcgen05.mma needs
// SM100: error: 'cute.gemm' op with tcgen05.mma: cta_group = 2 runs on a pair of CTAs (cluster ranks 2i and 2i+1), but the cluster of kernel @tcgen05_pair_no_cluster is 1x1x1 (1 CTA); set cute.cluster_dims with an even x extent
// SM100: error: 'cute.gemm' op with mma.sync.block_scale: block-scaled mma.sync runs on sm_120a only (PTX: mma with .block_scale needs sm_120a or the sm_120f family); sm_100a has none (use tcgen05_mma_block_scale)

// SM120: error: 'cute.gemm' op with wgmma: wgmma runs on sm_90a only; sm_120a has none (use mma_sync)
// SM120: error: 'cute.gemm' op with tcgen05.mma: tcgen05.mma needs Tensor Memory, which sm_120a lacks (tcgen05 runs on sm_100a)
// SM120: error: 'cute.gemm' op with tcgen05.mma: tcgen05.mma needs Tensor Memory, which sm_120a lacks (tcgen05 runs on sm_100a)
// SM120-NOT: block-scaled mma.sync runs on
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @mma_sync() kernel attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
      %fa = cute.make_fragment() : !cute.memref<bf16, rmem, align<16>, "8:1">
      %fb = cute.make_fragment() : !cute.memref<bf16, rmem, align<8>, "4:1">
      %fc = cute.make_fragment() : !cute.memref<f32, rmem, align<16>, "4:1">
      cute.gemm #cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32> (%fa, %fb, %fc) : !cute.memref<bf16, rmem, align<16>, "8:1">, !cute.memref<bf16, rmem, align<8>, "4:1">, !cute.memref<f32, rmem, align<16>, "4:1">
      gpu.return
    }
    gpu.func @wgmma() kernel attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
      %sa = cute.smem_alloc() : !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((64,16),1,1):((64,1),0,0)">
      %sb = cute.smem_alloc() : !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,16),1,1):((64,1),0,0)">
      %fc = cute.make_fragment() : !cute.memref<f32, rmem, align<16>, "64:1">
      cute.gemm #cute_nvgpu.wgmma<m = 64, n = 128, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k> (%sa, %sb, %fc) : !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((64,16),1,1):((64,1),0,0)">, !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,16),1,1):((64,1),0,0)">, !cute.memref<f32, rmem, align<16>, "64:1">
      gpu.return
    }
    gpu.func @tcgen05(%pd: !cute.ptr<f32, tmem, align<16>>) kernel attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
      %sa = cute.smem_alloc() : !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,16),1,1):((64,1),0,0)">
      %sb = cute.smem_alloc() : !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,16),1,1):((64,1),0,0)">
      %ld = cute.static : !cute.layout<"((128,128),1,1):((65536,1),0,0)">
      %td = cute.make_view(%pd, %ld)
      cute.gemm #cute_nvgpu.tcgen05_mma<kind = f16, m = 128, n = 128, k = 16, a = bf16, b = bf16, c = f32, cta_group = 1, a_src = smem, a_major = k, b_major = k> (%sa, %sb, %td) : !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,16),1,1):((64,1),0,0)">, !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,16),1,1):((64,1),0,0)">, !cute.memref<f32, tmem, align<16>, "((128,128),1,1):((65536,1),0,0)">
      gpu.return
    }
    gpu.func @tcgen05_pair_no_cluster(%pd: !cute.ptr<f32, tmem, align<16>>) kernel attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
      %sa = cute.smem_alloc() : !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,16),1,1):((64,1),0,0)">
      %sb = cute.smem_alloc() : !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,16),1,1):((64,1),0,0)">
      %ld = cute.static : !cute.layout<"((128,256),1,1):((65536,1),0,0)">
      %td = cute.make_view(%pd, %ld)
      cute.gemm #cute_nvgpu.tcgen05_mma<kind = f16, m = 256, n = 256, k = 16, a = bf16, b = bf16, c = f32, cta_group = 2, a_src = smem, a_major = k, b_major = k> (%sa, %sb, %td) : !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,16),1,1):((64,1),0,0)">, !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,16),1,1):((64,1),0,0)">, !cute.memref<f32, tmem, align<16>, "((128,256),1,1):((65536,1),0,0)">
      gpu.return
    }
    gpu.func @block_scaled_mma_sync() kernel attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
      %fa = cute.make_fragment() : !cute.memref<f4E2M1FN, rmem, align<16>, "32:1">
      %fb = cute.make_fragment() : !cute.memref<f4E2M1FN, rmem, align<8>, "16:1">
      %fc = cute.make_fragment() : !cute.memref<f32, rmem, align<16>, "4:1">
      %sa = cute.make_fragment() : !cute.memref<f8E8M0FNU, rmem, align<2>, "2:1">
      %sb = cute.make_fragment() : !cute.memref<f8E8M0FNU, rmem, align<2>, "2:1">
      cute.gemm #cute_nvgpu.mma_block_scale<m = 16, n = 8, k = 64, a = f4E2M1FN, b = f4E2M1FN, c = f32, sf = f8E8M0FNU, vs = 32> (%fa, %fb, %fc) scales(%sa, %sb) : !cute.memref<f4E2M1FN, rmem, align<16>, "32:1">, !cute.memref<f4E2M1FN, rmem, align<8>, "16:1">, !cute.memref<f32, rmem, align<16>, "4:1">, !cute.memref<f8E8M0FNU, rmem, align<2>, "2:1">, !cute.memref<f8E8M0FNU, rmem, align<2>, "2:1">
      gpu.return
    }
  }
}
