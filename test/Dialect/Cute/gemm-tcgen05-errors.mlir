// RUN: cute-opt %s -split-input-file -verify-diagnostics

// The atom's operand majors must agree with the shared-memory layouts its
// descriptors are derived from: a K-major tile under b_major = mn, an
// MN-major tile under a_major = k.

gpu.module @m {
  gpu.func @k(%a: !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,16),1,1):((64,1),0,0)">, %d: !cute.memref<f32, tmem, align<16>, "((128,128),1,1):((65536,1),0,0)">) kernel {
    // expected-error@+1 {{'cute.gemm' op operand B of tcgen05.mma (block (128,16):(64,1)): no shared-memory descriptor expresses it: the K extent is 2 elements; a canonical GMMA MN-major layout (in 16-byte units: (128,2):(8,1)) needs 16 (the layout is k-major: the atom says mn)}}
    cute.gemm #cute_nvgpu.tcgen05_mma<kind = f16, m = 128, n = 128, k = 16, a = bf16, b = bf16, c = f32, cta_group = 1, a_src = smem, a_major = k, b_major = mn> (%a, %a, %d) : !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,16),1,1):((64,1),0,0)">, !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,16),1,1):((64,1),0,0)">, !cute.memref<f32, tmem, align<16>, "((128,128),1,1):((65536,1),0,0)">
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%a: !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "(((64,2),(8,2)),1,1):(((1,512),(64,1024)),0,0)">, %b: !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,16),1,1):((64,1),0,0)">, %d: !cute.memref<f32, tmem, align<16>, "((128,128),1,1):((65536,1),0,0)">) kernel {
    // expected-error@+1 {{'cute.gemm' op operand A of tcgen05.mma (block ((64,2),(8,2)):((1,512),(64,1024))): no shared-memory descriptor expresses it: the K extent is 16 x 16 bytes; a canonical GMMA K-major layout (in 16-byte units: ((8,2),(8,2)):((1,64),(8,128))) needs 2 (K = 16 elements) (the layout is mn-major: the atom says k)}}
    cute.gemm #cute_nvgpu.tcgen05_mma<kind = f16, m = 128, n = 128, k = 16, a = bf16, b = bf16, c = f32, cta_group = 1, a_src = smem, a_major = k, b_major = k> (%a, %b, %d) : !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "(((64,2),(8,2)),1,1):(((1,512),(64,1024)),0,0)">, !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,16),1,1):((64,1),0,0)">, !cute.memref<f32, tmem, align<16>, "((128,128),1,1):((65536,1),0,0)">
    gpu.return
  }
}
