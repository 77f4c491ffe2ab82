// cute-inline-helpers (the first pass of --cute-compile): helpers are
// inlined wherever they are called, also at a gpu.func's top level (which
// the upstream inliner leaves: the GPU dialect allows no region to be
// inlined into a gpu.func body), helpers called by helpers included; a
// recursive helper is an error naming it (inline-helpers-errors.mlir).
// RUN: cute-opt %s --cute-inline-helpers | FileCheck %s
// RUN: rm -rf %t && mkdir -p %t
// RUN: cute-opt %s --cute-compile="chip=sm_90a format=ptx output-dir=%t" -o /dev/null
// RUN: FileCheck %s --check-prefix=PTX < %t/helpers_top.sm_90a.ptx

// CHECK-LABEL: gpu.module @helpers_top
// CHECK: gpu.func @k(%[[P:.*]]: !cute.ptr<i32, gmem, align<4>>, %[[N:.*]]: i32) kernel
// CHECK-NOT: func.call
// CHECK: %[[T:.*]] = arith.addi %[[N]], %[[N]] : i32
// CHECK: %[[Q:.*]] = arith.muli %[[T]], %[[T]] : i32
// CHECK: gpu.return
// PTX: .visible .entry k(
// PTX-NOT: .func
// PTX-NOT: call.uni
module attributes {gpu.container_module} {
  gpu.module @helpers_top {
    func.func private @twice(%x: i32) -> i32 {
      %y = arith.addi %x, %x : i32
      return %y : i32
    }
    // Calls another helper.
    func.func private @square_twice(%x: i32) -> i32 {
      %t = func.call @twice(%x) : (i32) -> i32
      %y = arith.muli %t, %t : i32
      return %y : i32
    }
    gpu.func @k(%p: !cute.ptr<i32, gmem, align<4>>, %n: i32) kernel
        attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
      // At the kernel's top level, not in a region op.
      %v = func.call @square_twice(%n) : (i32) -> i32
      %l = cute.static : !cute.layout<"1:1">
      %g = cute.make_view(%p, %l)
      %vv = vector.broadcast %v : i32 to vector<1xi32>
      cute.store(%vv, %g)
      gpu.return
    }
  }
}

