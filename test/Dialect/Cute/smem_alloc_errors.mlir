// cute.smem_alloc's verifier.
// RUN: cute-opt %s -split-input-file -verify-diagnostics

gpu.module @k {
  gpu.func @gmem() kernel {
    // expected-error @below {{'cute.smem_alloc' op expects an smem result, but got gmem}}
    %a = cute.smem_alloc() : !cute.memref<f32, gmem, align<16>, "128:1">
    gpu.return
  }
}

// -----

gpu.module @k {
  gpu.func @rmem() kernel {
    // expected-error @below {{'cute.smem_alloc' op expects an smem result, but got rmem}}
    %a = cute.smem_alloc() : !cute.memref<f32, rmem, align<16>, "4:1">
    gpu.return
  }
}

// -----

gpu.module @k {
  gpu.func @dynamic_layout() kernel {
    // expected-error @below {{'cute.smem_alloc' op expects a static layout, but got "(?,64):(64,1)"}}
    %a = cute.smem_alloc() : !cute.memref<f16, smem, align<16>, "(?,64):(64,1)">
    gpu.return
  }
}

// -----

func.func @host() {
  // expected-error @below {{'cute.smem_alloc' op must be inside a gpu.func kernel (shared memory is planned per kernel)}}
  %a = cute.smem_alloc() : !cute.memref<f32, smem, align<16>, "128:1">
  return
}

// -----

gpu.module @k {
  gpu.func @device_fn() {
    // expected-error @below {{'cute.smem_alloc' op must be inside a gpu.func kernel, but @device_fn is not a kernel (shared memory is planned per kernel)}}
    %a = cute.smem_alloc() : !cute.memref<f32, smem, align<16>, "128:1">
    gpu.return
  }
}

// -----

gpu.module @k {
  gpu.func @misaligned() kernel {
    // expected-error @below {{'cute.smem_alloc' op planned offset 512 is not a multiple of the required alignment 1024}}
    %a = cute.smem_alloc() {buffer = @buf, offset = 512 : i64} : !cute.memref<f16, smem, align<16>, S<3,3,3>, "(8,64):(64,1)">
    gpu.return
  }
}

// -----

gpu.module @k {
  gpu.func @half_planned() kernel {
    // expected-error @below {{'cute.smem_alloc' op expects `offset` and `buffer` together (both are set by cute-plan-smem)}}
    %a = cute.smem_alloc() {offset = 0 : i64} : !cute.memref<f32, smem, align<16>, "128:1">
    gpu.return
  }
}
