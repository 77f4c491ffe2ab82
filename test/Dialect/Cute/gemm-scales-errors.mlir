// RUN: cute-opt %s -split-input-file -verify-diagnostics

// cute.gemm's scale-factor and accumulate-flag rules: the scale tensors'
// space and element type (the atom's scale type in registers; 32-bit words
// in Tensor Memory), their values per atom and Rest extents, and the
// accumulate(%flag) operand where the lowering does not implement it.

// Scale fragments of the wrong type (E8M0 where the atom scales by UE4M3).
gpu.module @m {
  gpu.func @k() kernel {
    %fa = cute.make_fragment() : !cute.memref<f4E2M1FN, rmem, align<16>, "32:1">
    %fb = cute.make_fragment() : !cute.memref<f4E2M1FN, rmem, align<8>, "16:1">
    %fc = cute.make_fragment() : !cute.memref<f32, rmem, align<16>, "4:1">
    %sa = cute.make_fragment() : !cute.memref<f8E8M0FNU, rmem, align<4>, "4:1">
    %sb = cute.make_fragment() : !cute.memref<f8E8M0FNU, rmem, align<4>, "4:1">
    // expected-error@+1 {{'cute.gemm' op scale factors SFA of block-scaled mma.sync hold 'f8E8M0FNU'; the atom scales by 'f8E4M3FN' per 16 elements of K (UE4M3)}}
    cute.gemm #cute_nvgpu.mma_block_scale<m = 16, n = 8, k = 64, a = f4E2M1FN, b = f4E2M1FN, c = f32, sf = f8E4M3FN, vs = 16> (%fa, %fb, %fc) scales(%sa, %sb) : !cute.memref<f4E2M1FN, rmem, align<16>, "32:1">, !cute.memref<f4E2M1FN, rmem, align<8>, "16:1">, !cute.memref<f32, rmem, align<16>, "4:1">, !cute.memref<f8E8M0FNU, rmem, align<4>, "4:1">, !cute.memref<f8E8M0FNU, rmem, align<4>, "4:1">
    gpu.return
  }
}

// -----

// Scale fragments in shared memory.
gpu.module @m {
  gpu.func @k() kernel {
    %fa = cute.make_fragment() : !cute.memref<f4E2M1FN, rmem, align<16>, "32:1">
    %fb = cute.make_fragment() : !cute.memref<f4E2M1FN, rmem, align<8>, "16:1">
    %fc = cute.make_fragment() : !cute.memref<f32, rmem, align<16>, "4:1">
    %sa = cute.smem_alloc() : !cute.memref<f8E8M0FNU, smem, align<4>, "2:1">
    %sb = cute.make_fragment() : !cute.memref<f8E8M0FNU, rmem, align<4>, "2:1">
    // expected-error@+1 {{'cute.gemm' op scale factors SFA of block-scaled mma.sync must be a rmem tensor, got '!cute.memref<f8E8M0FNU, smem, align<4>, "2:1">'}}
    cute.gemm #cute_nvgpu.mma_block_scale<m = 16, n = 8, k = 64, a = f4E2M1FN, b = f4E2M1FN, c = f32, sf = f8E8M0FNU, vs = 32> (%fa, %fb, %fc) scales(%sa, %sb) : !cute.memref<f4E2M1FN, rmem, align<16>, "32:1">, !cute.memref<f4E2M1FN, rmem, align<8>, "16:1">, !cute.memref<f32, rmem, align<16>, "4:1">, !cute.memref<f8E8M0FNU, smem, align<4>, "2:1">, !cute.memref<f8E8M0FNU, rmem, align<4>, "2:1">
    gpu.return
  }
}

// -----

// Three scales per atom: K = 64 with one scale per 32 is two (or 64 in
// CuTe's per-element view).
gpu.module @m {
  gpu.func @k() kernel {
    %fa = cute.make_fragment() : !cute.memref<f4E2M1FN, rmem, align<16>, "32:1">
    %fb = cute.make_fragment() : !cute.memref<f4E2M1FN, rmem, align<8>, "16:1">
    %fc = cute.make_fragment() : !cute.memref<f32, rmem, align<16>, "4:1">
    %sa = cute.make_fragment() : !cute.memref<f8E8M0FNU, rmem, align<4>, "3:1">
    %sb = cute.make_fragment() : !cute.memref<f8E8M0FNU, rmem, align<4>, "2:1">
    // expected-error@+1 {{'cute.gemm' op scale factors SFA have 3 values per atom (mode 0 of '!cute.memref<f8E8M0FNU, rmem, align<4>, "3:1">'); mma.sync.block_scale gives each thread 2 (one per 32 elements of K) or, as CuTe's per-element view, 64}}
    cute.gemm #cute_nvgpu.mma_block_scale<m = 16, n = 8, k = 64, a = f4E2M1FN, b = f4E2M1FN, c = f32, sf = f8E8M0FNU, vs = 32> (%fa, %fb, %fc) scales(%sa, %sb) : !cute.memref<f4E2M1FN, rmem, align<16>, "32:1">, !cute.memref<f4E2M1FN, rmem, align<8>, "16:1">, !cute.memref<f32, rmem, align<16>, "4:1">, !cute.memref<f8E8M0FNU, rmem, align<4>, "3:1">, !cute.memref<f8E8M0FNU, rmem, align<4>, "2:1">
    gpu.return
  }
}

// -----

// SFB's k-blocks disagree with B's.
gpu.module @m {
  gpu.func @k() kernel {
    %fa = cute.make_fragment() : !cute.memref<f8E4M3FN, rmem, align<16>, "(16,1,2):(1,0,16)">
    %fb = cute.make_fragment() : !cute.memref<f8E4M3FN, rmem, align<8>, "(8,1,2):(1,0,8)">
    %fc = cute.make_fragment() : !cute.memref<f32, rmem, align<16>, "(4,1,1):(1,0,0)">
    %sa = cute.make_fragment() : !cute.memref<f8E8M0FNU, rmem, align<2>, "(1,1,2):(0,0,1)">
    %sb = cute.make_fragment() : !cute.memref<f8E8M0FNU, rmem, align<1>, "(1,1,1):(0,0,0)">
    // expected-error@+1 {{'cute.gemm' op scale factors SFB have Rest extents (1,1); operand B has (1,2)}}
    cute.gemm #cute_nvgpu.mma_block_scale<m = 16, n = 8, k = 32, a = f8E4M3FN, b = f8E4M3FN, c = f32, sf = f8E8M0FNU, vs = 32> (%fa, %fb, %fc) scales(%sa, %sb) : !cute.memref<f8E4M3FN, rmem, align<16>, "(16,1,2):(1,0,16)">, !cute.memref<f8E4M3FN, rmem, align<8>, "(8,1,2):(1,0,8)">, !cute.memref<f32, rmem, align<16>, "(4,1,1):(1,0,0)">, !cute.memref<f8E8M0FNU, rmem, align<2>, "(1,1,2):(0,0,1)">, !cute.memref<f8E8M0FNU, rmem, align<1>, "(1,1,1):(0,0,0)">
    gpu.return
  }
}

// -----

// accumulate(%flag) on mma.sync: not implemented.
gpu.module @m {
  gpu.func @k(%flag: i1) kernel {
    %fa = cute.make_fragment() : !cute.memref<bf16, rmem, align<16>, "8:1">
    %fb = cute.make_fragment() : !cute.memref<bf16, rmem, align<8>, "4:1">
    %fc = cute.make_fragment() : !cute.memref<f32, rmem, align<16>, "4:1">
    // expected-error@+1 {{'cute.gemm' op accumulate(%flag) is not implemented for mma.sync yet; zero C (cute.store) before the first k-block instead}}
    cute.gemm #cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32> (%fa, %fb, %fc) accumulate(%flag) : !cute.memref<bf16, rmem, align<16>, "8:1">, !cute.memref<bf16, rmem, align<8>, "4:1">, !cute.memref<f32, rmem, align<16>, "4:1">
    gpu.return
  }
}

// -----

// accumulate(%flag) on wgmma: NVVM takes scale-d as a constant.
gpu.module @m {
  gpu.func @k(%flag: i1) kernel {
    %sa = cute.smem_alloc() : !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((64,16),1,1):((64,1),0,0)">
    %sb = cute.smem_alloc() : !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,16),1,1):((64,1),0,0)">
    %fc = cute.make_fragment() : !cute.memref<f32, rmem, align<16>, "64:1">
    // expected-error@+1 {{'cute.gemm' op accumulate(%flag) is not implemented for wgmma yet}}
    cute.gemm #cute_nvgpu.wgmma<m = 64, n = 128, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k> (%sa, %sb, %fc) accumulate(%flag) : !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((64,16),1,1):((64,1),0,0)">, !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,16),1,1):((64,1),0,0)">, !cute.memref<f32, rmem, align<16>, "64:1">
    gpu.return
  }
}
