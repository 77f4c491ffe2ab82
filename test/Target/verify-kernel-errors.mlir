// Kernels that exceed a chip's limits are rejected at compile time, naming
// the kernel, the limit and the chip.
// RUN: cute-opt %s -split-input-file --cute-verify-kernel="chip=sm_120a" -verify-diagnostics
// On sm_90a the same smem and cluster requests are legal; the thread count
// and the static smem are not.
// RUN: not cute-opt %s -split-input-file --cute-verify-kernel="chip=sm_90a" 2>&1 | FileCheck %s --check-prefix=SM90
// SM90-NOT: @big_smem
// SM90: kernel @too_many_threads has 2048 threads per block; sm_90a allows at most 1024
// SM90-NOT: @clustered
// SM90: kernel @static_smem uses 65536 bytes of static shared memory
module attributes {gpu.container_module} {
  gpu.module @k {
    // expected-error @below {{kernel @big_smem uses 120000 bytes of shared memory (static 0 + dynamic 120000); sm_120a allows at most 101376 bytes per block}}
    gpu.func @big_smem() kernel attributes {cute.dynamic_smem = 120000 : i64, gpu.known_block_size = array<i32: 128, 1, 1>} {
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @k {
    // expected-error @below {{kernel @too_many_threads has 2048 threads per block; sm_120a allows at most 1024}}
    gpu.func @too_many_threads() kernel attributes {gpu.known_block_size = array<i32: 1024, 2, 1>} {
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @k {
    // expected-error @below {{kernel @clustered asks for a cluster of 2 blocks; sm_120a is compiled without clusters}}
    gpu.func @clustered() kernel attributes {cute.cluster_dims = array<i32: 2, 1, 1>, gpu.known_block_size = array<i32: 128, 1, 1>} {
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @k {
    // expected-error @below {{kernel @static_smem uses 65536 bytes of static shared memory; the limit is 49152 (use dynamic shared memory above 48 KiB)}}
    gpu.func @static_smem() workgroup(%buf : memref<16384xf32, #gpu.address_space<workgroup>>) kernel attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
      gpu.return
    }
  }
}
