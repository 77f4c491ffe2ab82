// RUN: rm -rf %t && mkdir -p %t
// RUN: cute-opt %s --cute-compile="chip=sm_90a debug-checks=true output-dir=%t" -o /dev/null
// RUN: FileCheck %s < %t/m.sm_90a.ptx
// RUN: cute-opt %s --cute-compile="chip=sm_90a output-dir=%t" -o /dev/null
// RUN: FileCheck %s --check-prefix=OFF < %t/m.sm_90a.ptx

// In a kernel the check becomes a printf and __assertfail.
module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @k(%p: !cute.ptr<f32, gmem, align<4>>, %n: i32, %m: i32) kernel attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
      %s = cute.make_shape(%n, %m)
      %d = cute.make_stride(%n) -> !cute.stride<"(1,?)">
      %l = cute.make_layout(%s, %d)
      %b = cute.static : !cute.layout<"8:1">
      %c = cute.composition(%l, %b)
      // Keep the composed layout alive: write at offset size(c) - 1.
      %sz = cute.size(%c)
      %s32 = cute.get_scalars(%sz) : !cute.int_tuple<"?">
      %q = cute.add_offset(%p, %s32)
      %l1 = cute.static : !cute.layout<"1:1">
      %x = cute.make_view(%q, %l1)
      %f = cute.make_fragment() : !cute.memref<f32, rmem, align<4>, "1:1">
      %one = arith.constant dense<1.0> : vector<1xf32>
      cute.store(%one, %f)
      cute.copy(%f, %x)
      gpu.return
    }
  }
}
// CHECK: vprintf
// CHECK: __assertfail
// OFF-NOT: __assertfail
