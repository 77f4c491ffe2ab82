// cute-verify-kernel's Tensor Memory rules (the chip and budget in
// lib/Target/VerifyKernel.cpp, the protocol in
// lib/Dialect/CuteNvgpu/Analysis/TmemProtocol.cpp), one kernel per rule on
// sm_100a; @ok passes every rule. The chip rule (sm_90a
// and sm_120a have no TMEM) is in tmem-ptxas.mlir and below.
// RUN: cute-opt %s -split-input-file --cute-verify-kernel="chip=sm_100a" -verify-diagnostics -o /dev/null
// The other runs read the file without its expected-* annotations:
// RUN: sed 's/expected-/x-/' %s > %t.mlir
// RUN: not cute-opt %t.mlir -split-input-file --cute-verify-kernel="chip=sm_100a protocol=false" -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOPROTO
// RUN: not cute-opt %t.mlir -split-input-file --cute-verify-kernel="chip=sm_120a" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SM120
// RUN: not cute-opt %t.mlir -split-input-file --cute-verify-kernel="chip=sm_100a protocol=false report=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT

// Without the protocol rules only the budget fails (no op's rule).
// NOPROTO-NOT: error: '
// NOPROTO: error: kernel @budget allocates 768 columns of Tensor Memory; sm_100a has 512 per CTA
// NOPROTO-NOT: error: 
// SM120: error: 'cute_nvgpu.tmem_alloc' op needs Tensor Memory, which sm_120a lacks (TMEM and tcgen05 are on sm_100a)
// SM120: error: kernel @tmem_arg argument 0 is in Tensor Memory: it needs Tensor Memory, which sm_120a lacks
// REPORT: remark: kernel @ok: Tensor Memory 256 of 512 columns: 256 at %{{.+}}
// REPORT: remark: kernel @budget: Tensor Memory 768 of 512 columns: 512 at %{{.+}}, 256 at %{{.+}}{{$}}

!slot = !cute.memref<i32, smem, align<16>, "1:1">
!acc = !cute.memref<f32, tmem, align<16>, "(128,256):(65536,1)">
!tile = !cute.memref<f32, tmem, align<16>, "(32,16):(65536,1)">
!r16 = !cute.memref<f32, rmem, align<16>, "16:1">

// Every rule holds: warp w of a role reads its own lane quarter (static
// tiles), waits before using the registers and before the dealloc, which
// frees the allocation's columns after the permit was relinquished.
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @ok(%out: !llvm.ptr<1>) kernel attributes {gpu.known_block_size = array<i32: 256, 1, 1>} {
      %slot = cute.smem_alloc() : !slot
      cute_nvgpu.warp_specialize
        role "alloc" warps [0, 1) {
          cute_nvgpu.tmem_alloc %slot, columns = 256 : !slot
          cute_nvgpu.tmem_relinquish_alloc_permit
        }
      %acc = cute_nvgpu.tmem_tensor %slot : !slot -> !acc
      %c1 = cute.static : !cute.coord<"(1,0)">
      %c2 = cute.static : !cute.coord<"(2,0)">
      %t1 = cute.local_tile(%acc, %c1) {tiler = #cute.shape<"(32,16)">} : (!acc, !cute.coord<"(1,0)">) -> !tile
      %t2 = cute.local_tile(%acc, %c2) {tiler = #cute.shape<"(32,16)">} : (!acc, !cute.coord<"(2,0)">) -> !tile
      %r = cute.make_fragment() : !r16
      cute_nvgpu.warp_specialize
        role "one" warps [1, 2) {
          cute.copy(%t1, %r) {atom = #cute_nvgpu.tcgen05_ld<shape = 32x32b, num = 16>} : !tile, !r16
          cute_nvgpu.tcgen05_wait_ld
          %v = cute.load(%r) : (!r16) -> vector<16xf32>
        }
        role "six" warps [6, 7) {
          cute.copy(%r, %t2) {atom = #cute_nvgpu.tcgen05_st<shape = 32x32b, num = 16>} : !r16, !tile
          cute_nvgpu.tcgen05_wait_st
        }
      cute_nvgpu.warp_specialize
        role "free" warps [0, 1) {
          cute_nvgpu.tmem_dealloc %acc, columns = 256 : !acc
        }
      gpu.return
    }
  }
}

// -----
module attributes {gpu.container_module} {
  gpu.module @k {
    // expected-error@+1 {{kernel @budget allocates 768 columns of Tensor Memory; sm_100a has 512 per CTA}}
    gpu.func @budget() kernel attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
      %a = cute.smem_alloc() : !cute.memref<i32, smem, align<16>, "1:1">
      %b = cute.smem_alloc() : !cute.memref<i32, smem, align<16>, "1:1">
      // expected-note@+1 {{512 columns here}}
      cute_nvgpu.tmem_alloc %a, columns = 512 : !cute.memref<i32, smem, align<16>, "1:1">
      // expected-note@+1 {{256 columns here}}
      cute_nvgpu.tmem_alloc %b, columns = 256 : !cute.memref<i32, smem, align<16>, "1:1">
      gpu.return
    }
  }
}

// -----
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @relinquish() kernel attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
      %a = cute.smem_alloc() : !cute.memref<i32, smem, align<16>, "1:1">
      // expected-note@+1 {{relinquished here}}
      cute_nvgpu.tmem_relinquish_alloc_permit
      // expected-error@+1 {{'cute_nvgpu.tmem_alloc' op allocates after cute_nvgpu.tmem_relinquish_alloc_permit: once a CTA relinquished the permit it may not allocate Tensor Memory (deallocating is fine)}}
      cute_nvgpu.tmem_alloc %a, columns = 32 : !cute.memref<i32, smem, align<16>, "1:1">
      %t = cute_nvgpu.tmem_tensor %a : !cute.memref<i32, smem, align<16>, "1:1"> -> !cute.memref<f32, tmem, align<16>, "(128,32):(65536,1)">
      cute_nvgpu.tmem_dealloc %t, columns = 32 : !cute.memref<f32, tmem, align<16>, "(128,32):(65536,1)">
      gpu.return
    }
  }
}

// -----
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @relinquish_loop() kernel attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
      %a = cute.smem_alloc() : !cute.memref<i32, smem, align<16>, "1:1">
      %lb = arith.constant 0 : index
      %ub = arith.constant 4 : index
      %st = arith.constant 1 : index
      scf.for %i = %lb to %ub step %st {
        // expected-error@+1 {{'cute_nvgpu.tmem_alloc' op allocates in a loop that relinquishes the permit: the next iteration allocates after cute_nvgpu.tmem_relinquish_alloc_permit}}
        cute_nvgpu.tmem_alloc %a, columns = 64 : !cute.memref<i32, smem, align<16>, "1:1">
        %t = cute_nvgpu.tmem_tensor %a : !cute.memref<i32, smem, align<16>, "1:1"> -> !cute.memref<f32, tmem, align<16>, "(128,64):(65536,1)">
        // expected-note@+1 {{relinquished here}}
        cute_nvgpu.tmem_relinquish_alloc_permit
        cute_nvgpu.tmem_dealloc %t, columns = 64 : !cute.memref<f32, tmem, align<16>, "(128,64):(65536,1)">
      }
      gpu.return
    }
  }
}

// -----
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @dealloc_columns() kernel attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
      %a = cute.smem_alloc() : !cute.memref<i32, smem, align<16>, "1:1">
      // expected-note@+1 {{allocated here}}
      cute_nvgpu.tmem_alloc %a, columns = 256 : !cute.memref<i32, smem, align<16>, "1:1">
      %t = cute_nvgpu.tmem_tensor %a : !cute.memref<i32, smem, align<16>, "1:1"> -> !cute.memref<f32, tmem, align<16>, "(128,128):(65536,1)">
      // expected-error@+1 {{'cute_nvgpu.tmem_dealloc' op frees 128 columns (cta_group 1), but its allocation has 256 (cta_group 1): tcgen05.dealloc takes what tcgen05.alloc allocated}}
      cute_nvgpu.tmem_dealloc %t, columns = 128 : !cute.memref<f32, tmem, align<16>, "(128,128):(65536,1)">
      gpu.return
    }
  }
}

// -----
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @dealloc_offset() kernel attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
      %a = cute.smem_alloc() : !cute.memref<i32, smem, align<16>, "1:1">
      cute_nvgpu.tmem_alloc %a, columns = 64 : !cute.memref<i32, smem, align<16>, "1:1">
      %t = cute_nvgpu.tmem_tensor %a : !cute.memref<i32, smem, align<16>, "1:1"> -> !cute.memref<f32, tmem, align<16>, "(128,64):(65536,1)">
      %c = cute.static : !cute.coord<"(0,1)">
      %h = cute.local_tile(%t, %c) {tiler = #cute.shape<"(128,32)">} : (!cute.memref<f32, tmem, align<16>, "(128,64):(65536,1)">, !cute.coord<"(0,1)">) -> !cute.memref<f32, tmem, align<16>, "(128,32):(65536,1)">
      // expected-error@+1 {{'cute_nvgpu.tmem_dealloc' op frees Tensor Memory at lane 0, column 32 of the allocation; tcgen05.dealloc takes the address tcgen05.alloc wrote (the tmem_tensor itself)}}
      cute_nvgpu.tmem_dealloc %h, columns = 64 : !cute.memref<f32, tmem, align<16>, "(128,32):(65536,1)">
      gpu.return
    }
  }
}

// -----
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @tensor_columns() kernel attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
      %a = cute.smem_alloc() : !cute.memref<i32, smem, align<16>, "1:1">
      // expected-note@+1 {{allocated here}}
      cute_nvgpu.tmem_alloc %a, columns = 128 : !cute.memref<i32, smem, align<16>, "1:1">
      // expected-error@+1 {{'cute_nvgpu.tmem_tensor' op the tmem tensor "(128,256):(65536,1)" reaches column 255, but the allocation of its slot has 128 columns}}
      %t = cute_nvgpu.tmem_tensor %a : !cute.memref<i32, smem, align<16>, "1:1"> -> !cute.memref<f32, tmem, align<16>, "(128,256):(65536,1)">
      gpu.return
    }
  }
}

// -----
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @tensor_lanes() kernel attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
      %a = cute.smem_alloc() : !cute.memref<i32, smem, align<16>, "1:1">
      cute_nvgpu.tmem_alloc %a, columns = 32 : !cute.memref<i32, smem, align<16>, "1:1">
      // expected-error@+1 {{'cute_nvgpu.tmem_tensor' op the tmem tensor "(256,32):(65536,1)" reaches lane 255; Tensor Memory has 128 lanes}}
      %t = cute_nvgpu.tmem_tensor %a : !cute.memref<i32, smem, align<16>, "1:1"> -> !cute.memref<f32, tmem, align<16>, "(256,32):(65536,1)">
      gpu.return
    }
  }
}

// -----
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @elected() kernel attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
      %a = cute.smem_alloc() : !cute.memref<i32, smem, align<16>, "1:1">
      cute_nvgpu.elect_one {
        // expected-error@+1 {{'cute_nvgpu.tmem_alloc' op is executed by all 32 threads of a warp (a .sync.aligned tcgen05 instruction), but it is inside cute_nvgpu.elect_one (one lane)}}
        cute_nvgpu.tmem_alloc %a, columns = 32 : !cute.memref<i32, smem, align<16>, "1:1">
      }
      gpu.return
    }
  }
}

// -----
!slot = !cute.memref<i32, smem, align<16>, "1:1">
!acc = !cute.memref<f32, tmem, align<16>, "(128,256):(65536,1)">
!tile = !cute.memref<f32, tmem, align<16>, "(32,16):(65536,1)">
!r16 = !cute.memref<f32, rmem, align<16>, "16:1">
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @quarter() kernel attributes {gpu.known_block_size = array<i32: 256, 1, 1>} {
      %a = cute.smem_alloc() : !slot
      %acc = cute_nvgpu.tmem_tensor %a : !slot -> !acc
      %c = cute.static : !cute.coord<"(1,0)">
      %t = cute.local_tile(%acc, %c) {tiler = #cute.shape<"(32,16)">} : (!acc, !cute.coord<"(1,0)">) -> !tile
      %r = cute.make_fragment() : !r16
      cute_nvgpu.warp_specialize
        role "epilogue" warps [4, 6) {
          // expected-error@+1 {{'cute.copy' op tcgen05.ld.32x32b.x16 of warp 4 touches TMEM lanes 32..63, but warp 4 may access only lanes 0..31 (its lane quarter, 32 x (warp % 4))}}
          cute.copy(%t, %r) {atom = #cute_nvgpu.tcgen05_ld<shape = 32x32b, num = 16>} : !tile, !r16
          cute_nvgpu.tcgen05_wait_ld
        }
      gpu.return
    }
  }
}

// -----
!slot = !cute.memref<i32, smem, align<16>, "1:1">
!acc = !cute.memref<f32, tmem, align<16>, "(128,256):(65536,1)">
!tile = !cute.memref<f32, tmem, align<16>, "(32,16):(65536,1)">
!r16 = !cute.memref<f32, rmem, align<16>, "16:1">
// Without roles every warp of the block runs the copy: warps 1..3 of a
// 128-thread block cannot read lanes 0..15.
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @quarter_block() kernel attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
      %a = cute.smem_alloc() : !slot
      %acc = cute_nvgpu.tmem_tensor %a : !slot -> !acc
      %c = cute.static : !cute.coord<"(0,3)">
      %t = cute.local_tile(%acc, %c) {tiler = #cute.shape<"(16,16)">} : (!acc, !cute.coord<"(0,3)">) -> !cute.memref<f32, tmem, align<16>, "(16,16):(65536,1)">
      %r = cute.make_fragment() : !cute.memref<f32, rmem, align<16>, "8:1">
      // expected-error@+1 {{'cute.copy' op tcgen05.st.16x128b.x4 of warp 1 touches TMEM lanes 0..15, but warp 1 may access only lanes 32..63}}
      cute.copy(%r, %t) {atom = #cute_nvgpu.tcgen05_st<shape = 16x128b, num = 4>} : !cute.memref<f32, rmem, align<16>, "8:1">, !cute.memref<f32, tmem, align<16>, "(16,16):(65536,1)">
      gpu.return
    }
  }
}

// -----
!slot = !cute.memref<i32, smem, align<16>, "1:1">
!acc = !cute.memref<f32, tmem, align<16>, "(128,256):(65536,1)">
!tile = !cute.memref<f32, tmem, align<16>, "(32,16):(65536,1)">
!r16 = !cute.memref<f32, rmem, align<16>, "16:1">
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @wait_use(%out: !llvm.ptr<1>, %w: i32) kernel attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
      %a = cute.smem_alloc() : !slot
      %acc = cute_nvgpu.tmem_tensor %a : !slot -> !acc
      %c4 = arith.constant 4 : i32
      %q = arith.remui %w, %c4 : i32
      %t = cute.partition_tv(%acc, %q) {tv_layout = #cute.layout<"(4,(32,16)):(32,(1,128))">} : (!acc, i32) -> !tile
      %r = cute.make_fragment() : !r16
      // expected-note@+1 {{the tcgen05.ld}}
      cute.copy(%t, %r) {atom = #cute_nvgpu.tcgen05_ld<shape = 32x32b, num = 16>} : !tile, !r16
      %c = cute.static : !cute.coord<"1">
      %e = cute.local_tile(%r, %c) {tiler = #cute.shape<"4">} : (!r16, !cute.coord<"1">) -> !cute.memref<f32, rmem, align<16>, "4:1">
      // expected-error@+1 {{'cute.load' op uses the registers of a tcgen05.ld before cute_nvgpu.tcgen05_wait_ld: they are undefined until the wait}}
      %v = cute.load(%e) : (!cute.memref<f32, rmem, align<16>, "4:1">) -> vector<4xf32>
      cute_nvgpu.tcgen05_wait_ld
      gpu.return
    }
  }
}

// -----
!slot = !cute.memref<i32, smem, align<16>, "1:1">
!acc = !cute.memref<f32, tmem, align<16>, "(128,256):(65536,1)">
!tile = !cute.memref<f32, tmem, align<16>, "(32,16):(65536,1)">
!r16 = !cute.memref<f32, rmem, align<16>, "16:1">
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @wait_dealloc(%w: i32) kernel attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
      %a = cute.smem_alloc() : !slot
      cute_nvgpu.tmem_alloc %a, columns = 256 : !slot
      %acc = cute_nvgpu.tmem_tensor %a : !slot -> !acc
      %c4 = arith.constant 4 : i32
      %q = arith.remui %w, %c4 : i32
      %t = cute.partition_tv(%acc, %q) {tv_layout = #cute.layout<"(4,(32,16)):(32,(1,128))">} : (!acc, i32) -> !tile
      %r = cute.make_fragment() : !r16
      %true = arith.constant true
      scf.if %true {
        // expected-note@+1 {{the tcgen05.ld}}
        cute.copy(%t, %r) {atom = #cute_nvgpu.tcgen05_ld<shape = 32x32b, num = 16>} : !tile, !r16
      }
      // expected-error@+1 {{'cute_nvgpu.tmem_dealloc' op frees Tensor Memory while a tcgen05.ld may still read it: cute_nvgpu.tcgen05_wait_ld first}}
      cute_nvgpu.tmem_dealloc %acc, columns = 256 : !acc
      gpu.return
    }
  }
}

// -----
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @tmem_arg(%p: !cute.ptr<f32, tmem, align<16>>) kernel attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
      gpu.return
    }
  }
}
