// cute-verify-kernel's rules for tcgen05.mma: one thread issues it (the
// elected lane of a single warp; under a thread-dependent branch the op is
// taken as one thread), and a kernel's tcgen05 instructions share one
// cta_group (ptxas: "uses single CTA(.cta_group::1) and CTA pair
// granularity(.cta_group::2) and that is not allowed").
// RUN: cute-opt %s -split-input-file --cute-verify-kernel="chip=sm_100a" -verify-diagnostics -o /dev/null

!sA = !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,16),1,1):((64,1),0,0)">
!tD = !cute.memref<f32, tmem, align<16>, "((128,128),1,1):((65536,1),0,0)">
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @every_thread(%pd: !cute.ptr<f32, tmem, align<16>>) kernel attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
      %sa = cute.smem_alloc() : !sA
      %sb = cute.smem_alloc() : !sA
      %ld = cute.static : !cute.layout<"((128,128),1,1):((65536,1),0,0)">
      %td = cute.make_view(%pd, %ld)
      // expected-error @below {{'cute.gemm' op with tcgen05.mma runs in 128 threads (all threads of the block); tcgen05.mma is issued by one thread: put it in cute_nvgpu.elect_one}}
      cute.gemm #cute_nvgpu.tcgen05_mma<kind = f16, m = 128, n = 128, k = 16, a = bf16, b = bf16, c = f32, cta_group = 1, a_src = smem, a_major = k, b_major = k> (%sa, %sb, %td) : !sA, !sA, !tD
      gpu.return
    }
  }
}

// -----

!sA = !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,16),1,1):((64,1),0,0)">
!tD = !cute.memref<f32, tmem, align<16>, "((128,128),1,1):((65536,1),0,0)">
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @elected_per_warp(%pd: !cute.ptr<f32, tmem, align<16>>) kernel attributes {gpu.known_block_size = array<i32: 192, 1, 1>} {
      %sa = cute.smem_alloc() : !sA
      %sb = cute.smem_alloc() : !sA
      %ld = cute.static : !cute.layout<"((128,128),1,1):((65536,1),0,0)">
      %td = cute.make_view(%pd, %ld)
      cute_nvgpu.warp_specialize
        role "mma" warps [0, 2) {
          cute_nvgpu.elect_one {
            // expected-error @below {{'cute.gemm' op with tcgen05.mma runs in 2 threads (one per warp of role "mma", warps [0, 2)); tcgen05.mma is issued by one thread: put it in cute_nvgpu.elect_one in a single warp (a role of one warp, or an scf.if on cute_nvgpu.warp_idx)}}
            cute.gemm #cute_nvgpu.tcgen05_mma<kind = f16, m = 128, n = 128, k = 16, a = bf16, b = bf16, c = f32, cta_group = 1, a_src = smem, a_major = k, b_major = k> (%sa, %sb, %td) : !sA, !sA, !tD
          }
        }
        role "epilogue" warps [2, 6) {
        }
      gpu.return
    }
  }
}

// -----

!sA = !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,16),1,1):((64,1),0,0)">
!tD = !cute.memref<f32, tmem, align<16>, "((128,128),1,1):((65536,1),0,0)">
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @one_warp_role(%pd: !cute.ptr<f32, tmem, align<16>>) kernel attributes {gpu.known_block_size = array<i32: 160, 1, 1>} {
      %sa = cute.smem_alloc() : !sA
      %sb = cute.smem_alloc() : !sA
      %ld = cute.static : !cute.layout<"((128,128),1,1):((65536,1),0,0)">
      %td = cute.make_view(%pd, %ld)
      // One warp's elected lane: accepted.
      cute_nvgpu.warp_specialize
        role "mma" warps [0, 1) {
          cute_nvgpu.elect_one {
            cute.gemm #cute_nvgpu.tcgen05_mma<kind = f16, m = 128, n = 128, k = 16, a = bf16, b = bf16, c = f32, cta_group = 1, a_src = smem, a_major = k, b_major = k> (%sa, %sb, %td) : !sA, !sA, !tD
          }
        }
        role "epilogue" warps [1, 5) {
        }
      gpu.return
    }
  }
}

// -----

!sA = !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,16),1,1):((64,1),0,0)">
!tD = !cute.memref<f32, tmem, align<16>, "((128,256),1,1):((65536,1),0,0)">
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @mixed_groups(%pd: !cute.ptr<f32, tmem, align<16>>) kernel attributes {cute.cluster_dims = array<i32: 2, 1, 1>, gpu.known_block_size = array<i32: 128, 1, 1>} {
      %sa = cute.smem_alloc() : !sA
      %sb = cute.smem_alloc() : !sA
      %slot = cute.smem_alloc() : !cute.memref<i32, smem, align<16>, "1:1">
      // expected-note @below {{cta_group = 1 here}}
      cute_nvgpu.tmem_alloc %slot, columns = 256 : !cute.memref<i32, smem, align<16>, "1:1">
      %ld = cute.static : !cute.layout<"((128,256),1,1):((65536,1),0,0)">
      %td = cute.make_view(%pd, %ld)
      %c0 = arith.constant 0 : i32
      %w = cute_nvgpu.warp_idx
      %w0 = arith.cmpi eq, %w, %c0 : i32
      scf.if %w0 {
       cute_nvgpu.elect_one {
        // expected-error @below {{'cute.gemm' op uses cta_group = 2 but kernel @mixed_groups already uses cta_group = 1; ptxas rejects a kernel whose tcgen05 instructions mix the two}}
        cute.gemm #cute_nvgpu.tcgen05_mma<kind = f16, m = 256, n = 256, k = 16, a = bf16, b = bf16, c = f32, cta_group = 2, a_src = smem, a_major = k, b_major = k> (%sa, %sa, %td) : !sA, !sA, !tD
       }
      }
      gpu.return
    }
  }
}
