// The members of a shared-memory union must not be live together: their
// uses (and their views' uses) in the kernel body are ordered, one
// member's before the other's, with a block barrier between; uses inside
// one loop, branch or warp role are rejected. An alias name is not empty.
// RUN: cute-opt %s -split-input-file --cute-plan-smem -verify-diagnostics -o /dev/null

module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @in_one_loop(%n: i32) kernel {
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      %f = cute.make_fragment() : !cute.memref<f32, rmem, align<16>, "4:1">
      // expected-note @+1 {{the other member of "u"}}
      %a = cute.smem_alloc() {alias = "u"} : !cute.memref<f32, smem, align<16>, "4:1">
      // expected-error @+1 {{'cute.smem_alloc' op shares the shared-memory union "u" with an allocation that is still in use: both are used in one top-level op of the kernel (or in interleaved ones), where the compiler cannot show they are never live together; give them separate allocations, or end the use of one, then a barrier, then use the other}}
      %b = cute.smem_alloc() {alias = "u"} : !cute.memref<f32, smem, align<16>, "4:1">
      // expected-note @+1 {{used together here}}
      scf.for %i = %c0 to %n step %c1 : i32 {
        cute.copy(%f, %a)
        gpu.barrier
        cute.copy(%f, %b)
      }
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @no_barrier() kernel {
      %f = cute.make_fragment() : !cute.memref<f32, rmem, align<16>, "4:1">
      %a = cute.smem_alloc() {alias = "u"} : !cute.memref<f32, smem, align<16>, "8:1">
      // expected-error @+1 {{'cute.smem_alloc' op shares the shared-memory union "u" with an allocation used before it, but no block barrier (gpu.barrier) separates the last use of that one from the first use of this one: other threads may still read or write the bytes}}
      %b = cute.smem_alloc() {alias = "u"} : !cute.memref<f16, smem, align<16>, "8:1">
      %z = cute.make_coord() : () -> !cute.coord<"0">
      %a4 = cute.local_tile(%a, %z) {tiler = #cute.shape<"4">}
      // expected-note @+1 {{last use of the other member}}
      cute.copy(%f, %a4)
      %h = cute.make_fragment() : !cute.memref<f16, rmem, align<16>, "8:1">
      // expected-note @+1 {{first use of this one}}
      cute.copy(%h, %b)
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @empty_name() kernel {
      // expected-error @+1 {{'cute.smem_alloc' op has an empty alias name (members of a shared-memory union share one non-empty name)}}
      %a = cute.smem_alloc() {alias = ""} : !cute.memref<f32, smem, align<16>, "8:1">
      gpu.return
    }
  }
}
