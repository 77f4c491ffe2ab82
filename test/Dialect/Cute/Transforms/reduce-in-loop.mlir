// RUN: cute-opt %s --cute-lower-reductions | FileCheck %s
// RUN: cute-opt %s --cute-compile="chip=sm_90a format=ptx output-dir=%t" -o /dev/null
// RUN: FileCheck %s --check-prefix=PTX < %t/loop.sm_90a.ptx

// A block reduction reads its result back from a shared buffer that its
// next execution overwrites, so inside a loop it ends with a block barrier
// (a persistent kernel reducing one row per iteration raced without it);
// outside loops it does not need one. Block reductions inside scf.for also
// lower (the block-splitting rewrite runs after scf is lowered to cf).
module attributes {gpu.container_module} {
  gpu.module @loop {
    // CHECK-LABEL: gpu.func @rows
    gpu.func @rows(%p: !cute.ptr<f32, gmem, align<16>>, %n: i32) kernel attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      %tidx = gpu.thread_id x
      %tid = arith.index_cast %tidx : index to i32
      %x = arith.sitofp %tid : i32 to f32
      // CHECK: gpu.all_reduce add
      // CHECK-NOT: gpu.barrier
      // CHECK: scf.for
      %once = cute.reduce<add, block>(%x)
      %acc = scf.for %i = %c0 to %n step %c1 iter_args(%a = %once) -> (f32) : i32 {
        // CHECK: gpu.all_reduce maximumf
        // CHECK-NEXT: }
        // CHECK-NEXT: gpu.barrier
        %m = cute.reduce<max, block>(%a)
        %s = arith.addf %a, %m : f32
        scf.yield %s : f32
      }
      %l = cute.static : !cute.layout<"1:1">
      %t = cute.make_view(%p, %l)
      %f = cute.make_fragment() : !cute.memref<f32, rmem, align<4>, "1:1">
      %v = vector.broadcast %acc : f32 to vector<1xf32>
      cute.store(%v, %f)
      cute.copy(%f, %t)
      gpu.return
    }
  }
}
// PTX-LABEL: .entry rows(
// PTX: bar.sync
