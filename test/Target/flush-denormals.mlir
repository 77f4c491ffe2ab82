// cute.ftz: a kernel that flushes f32 denormals gets the .ftz forms of f32
// arithmetic (ex2.approx.ftz.f32 for math.exp2 afn), one without it keeps
// them (ex2.approx.f32, mul.rn.f32), and ptxas wraps only the latter's
// MUFU.EX2 in denormal handling.
// RUN: rm -rf %t && mkdir -p %t
// RUN: cute-opt %s --cute-compile="chip=sm_90a format=ptx output-dir=%t" -o /dev/null
// RUN: FileCheck %s < %t/ftz.sm_90a.ptx

// CHECK-LABEL: .entry flushed(
// CHECK: mul.rn.ftz.f32
// CHECK-NEXT: ex2.approx.ftz.f32
// CHECK-LABEL: .entry kept(
// CHECK-NOT: .ftz
// CHECK: mul.rn.f32
// CHECK-NEXT: ex2.approx.f32
// CHECK-NOT: .ftz
// CHECK: }

module attributes {gpu.container_module} {
  gpu.module @ftz {
    gpu.func @flushed(%p: !cute.ptr<f32, gmem, align<4>>, %s: f32) kernel
        attributes {gpu.known_block_size = array<i32: 32, 1, 1>, cute.ftz} {
      %sh = cute.static : !cute.shape<"(1)">
      %st = cute.static : !cute.stride<"(1)">
      %l = cute.make_layout(%sh, %st)
      %v = cute.make_view(%p, %l)
      %x = cute.load(%v)
      %sv = vector.broadcast %s : f32 to vector<1xf32>
      %y = arith.mulf %x, %sv : vector<1xf32>
      %e = math.exp2 %y fastmath<afn> : vector<1xf32>
      cute.store(%e, %v)
      gpu.return
    }
    gpu.func @kept(%p: !cute.ptr<f32, gmem, align<4>>, %s: f32) kernel
        attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
      %sh = cute.static : !cute.shape<"(1)">
      %st = cute.static : !cute.stride<"(1)">
      %l = cute.make_layout(%sh, %st)
      %v = cute.make_view(%p, %l)
      %x = cute.load(%v)
      %sv = vector.broadcast %s : f32 to vector<1xf32>
      %y = arith.mulf %x, %sv : vector<1xf32>
      %e = math.exp2 %y fastmath<afn> : vector<1xf32>
      cute.store(%e, %v)
      gpu.return
    }
  }
}
