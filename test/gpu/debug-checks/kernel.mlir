// A kernel whose layout algebra has a run-time precondition: composing the
// (n, m):(1, n) layout with 8:1 takes min(n, 8) elements of mode 0 and needs
// 8 to be divisible by it. Compiled with --cute-compile="... debug-checks=true"
// (scripts/compile-examples.sh), n = 3 must trap with a message and n = 16
// must run and write size = 8 to out[0] (host.cpp). Here: the checks are in
// the PTX.
// RUN: rm -rf %t && mkdir -p %t
// RUN: cute-opt %s --cute-compile="chip=sm_90a debug-checks=true output-dir=%t" -o /dev/null
// RUN: FileCheck %s < %t/debug_checks.sm_90a.ptx
// CHECK: .entry compose_size(
// CHECK: vprintf
// CHECK: __assertfail
module attributes {gpu.container_module} {
  gpu.module @debug_checks {
    gpu.func @compose_size(%out: !cute.ptr<i32, gmem, align<4>>, %n: i32, %m: i32) kernel attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
      %s = cute.make_shape(%n, %m)
      %d = cute.make_stride(%n) -> !cute.stride<"(1,?)">
      %l = cute.make_layout(%s, %d)
      %b = cute.static : !cute.layout<"8:1">
      %c = cute.composition(%l, %b)
      %sz = cute.size(%c)
      %v = cute.get_scalars(%sz) : !cute.int_tuple<"?">
      %one = cute.static : !cute.layout<"1:1">
      %o = cute.make_view(%out, %one)
      %f = cute.make_fragment() : !cute.memref<i32, rmem, align<4>, "1:1">
      %vv = vector.broadcast %v : i32 to vector<1xi32>
      cute.store(%vv, %f)
      cute.copy(%f, %o)
      gpu.return
    }
  }
}
