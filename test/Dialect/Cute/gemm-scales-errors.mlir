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

// tcgen05 scale factors live in Tensor Memory as 32-bit words.
gpu.module @m {
  gpu.func @k(%a: !cute.memref<f4E2M1FN, smem, align<1024>, "(((8,16),(32,2)),1,1):(((32,512),(1,256)),0,0)">, %d: !cute.memref<f32, tmem, align<16>, "((128,128),1,1):((65536,1),0,0)">, %s: !cute.memref<f32, tmem, align<16>, "(32,4):(65536,1)">) kernel {
    // expected-error@+1 {{'cute.gemm' op operand SFA of tcgen05.mma.block_scale holds 'f32'; the atom's SFA type is 'i32'}}
    cute.gemm #cute_nvgpu.tcgen05_mma_block_scale<kind = mxf4nvf4, m = 128, n = 128, k = 64, a = f4E2M1FN, b = f4E2M1FN, sf = f8E4M3FN, vs = 16, cta_group = 1> (%a, %a, %d) scales(%s, %s) : !cute.memref<f4E2M1FN, smem, align<1024>, "(((8,16),(32,2)),1,1):(((32,512),(1,256)),0,0)">, !cute.memref<f4E2M1FN, smem, align<1024>, "(((8,16),(32,2)),1,1):(((32,512),(1,256)),0,0)">, !cute.memref<f32, tmem, align<16>, "((128,128),1,1):((65536,1),0,0)">, !cute.memref<f32, tmem, align<16>, "(32,4):(65536,1)">, !cute.memref<f32, tmem, align<16>, "(32,4):(65536,1)">
    gpu.return
  }
}

// -----

// kind::mxf4 reads 2 scale bytes per row per K block: K blocks 0 and 1 share
// a column (the byte is selected by sf_id), so the scale layout must give
// them one offset.
gpu.module @m {
  gpu.func @k(%a: !cute.memref<f4E2M1FN, smem, align<1024>, "(((8,16),(32,2)),1,2):(((32,512),(1,256)),0,8192)">, %d: !cute.memref<f32, tmem, align<16>, "((128,128),1,1):((65536,1),0,0)">, %s: !cute.memref<i32, tmem, align<16>, "((32,4),1,2):((65536,1),0,4)">) kernel {
    // expected-error@+1 {{'cute.gemm' op scale factors SFA of tcgen05.mma.block_scale: K blocks 0 and 1 read the same TMEM column (2 scale bytes per K block, 4 per 32-bit column, the byte selected by sf_id), so their offsets must be equal; the layout ((32,4),1,2):((65536,1),0,4) gives 0 and 4}}
    cute.gemm #cute_nvgpu.tcgen05_mma_block_scale<kind = mxf4, m = 128, n = 128, k = 64, a = f4E2M1FN, b = f4E2M1FN, sf = f8E8M0FNU, vs = 32, cta_group = 1> (%a, %a, %d) scales(%s, %s) : !cute.memref<f4E2M1FN, smem, align<1024>, "(((8,16),(32,2)),1,2):(((32,512),(1,256)),0,8192)">, !cute.memref<f4E2M1FN, smem, align<1024>, "(((8,16),(32,2)),1,2):(((32,512),(1,256)),0,8192)">, !cute.memref<f32, tmem, align<16>, "((128,128),1,1):((65536,1),0,0)">, !cute.memref<i32, tmem, align<16>, "((32,4),1,2):((65536,1),0,4)">, !cute.memref<i32, tmem, align<16>, "((32,4),1,2):((65536,1),0,4)">
    gpu.return
  }
}

// -----

// kind::f8f6f4 reads e2m1 one per byte (padded) from shared memory; a packed
// f4E2M1FN tile is not that layout.
gpu.module @m {
  gpu.func @k(%a: !cute.memref<f4E2M1FN, smem, align<1024>, "(((8,16),32),1,1):(((32,512),1),0,0)">, %b: !cute.memref<f8E4M3FN, smem, align<1024>, S<3,4,3>, "((128,32),1,1):((128,1),0,0)">, %d: !cute.memref<f32, tmem, align<16>, "((128,128),1,1):((65536,1),0,0)">) kernel {
    // expected-error@+1 {{'cute.gemm' op operand A of tcgen05.mma kind::f8f6f4 holds packed 'f4E2M1FN' (4 bits per element); the instruction reads 6- and 4-bit operands one per byte (padded), which no cute type expresses yet (use kind::mxf4 or mxf4nvf4 for packed e2m1)}}
    cute.gemm #cute_nvgpu.tcgen05_mma<kind = f8f6f4, m = 128, n = 128, k = 32, a = f4E2M1FN, b = f8E4M3FN, c = f32, cta_group = 1, a_src = smem, a_major = k, b_major = k> (%a, %b, %d) : !cute.memref<f4E2M1FN, smem, align<1024>, "(((8,16),32),1,1):(((32,512),1),0,0)">, !cute.memref<f8E4M3FN, smem, align<1024>, S<3,4,3>, "((128,32),1,1):((128,1),0,0)">, !cute.memref<f32, tmem, align<16>, "((128,128),1,1):((65536,1),0,0)">
    gpu.return
  }
}
