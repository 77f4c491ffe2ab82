// RUN: cute-opt %s --cute-inline-helpers -verify-diagnostics

module attributes {gpu.container_module} {
  gpu.module @helpers_rec {
    // expected-error @+1 {{helper @down calls itself, directly or through other helpers: a kernel's helpers are inlined, so they cannot recurse}}
    func.func private @down(%x: i32) -> i32 {
      %y = func.call @down(%x) : (i32) -> i32
      return %y : i32
    }
    gpu.func @k(%n: i32) kernel attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
      %v = func.call @down(%n) : (i32) -> i32
      gpu.return
    }
  }
}
