// cute-precise-sqrt: f32 math.sqrt is sqrt.rn.f32 (CUDA's -prec-sqrt=true);
// with afn it stays sqrt.approx.f32; in a cute.ftz kernel sqrt.rn.ftz.f32.
// RUN: cute-opt %s --cute-compile="chip=sm_90a format=ptx output-dir=%t" -o /dev/null
// RUN: FileCheck %s < %t/sqrts.sm_90a.ptx
// CHECK-LABEL: .entry rounded(
// CHECK: sqrt.rn.f32
// CHECK-NOT: sqrt.approx
// CHECK: ret;
// CHECK-LABEL: .entry approximate(
// CHECK: sqrt.approx.f32
// CHECK-LABEL: .entry flushed(
// CHECK: sqrt.rn.ftz.f32
module attributes {gpu.container_module} {
  gpu.module @sqrts {
    gpu.func @rounded(%p: !cute.ptr<f32, gmem, align<4>>, %x: f32) kernel attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
      %r = math.sqrt %x : f32
      %v = vector.broadcast %r : f32 to vector<1xf32>
      %l = cute.static : !cute.layout<"1:1">
      %o = cute.make_view(%p, %l)
      cute.store(%v, %o)
      gpu.return
    }
    gpu.func @approximate(%p: !cute.ptr<f32, gmem, align<4>>, %x: f32) kernel attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
      %r = math.sqrt %x fastmath<afn> : f32
      %v = vector.broadcast %r : f32 to vector<1xf32>
      %l = cute.static : !cute.layout<"1:1">
      %o = cute.make_view(%p, %l)
      cute.store(%v, %o)
      gpu.return
    }
    gpu.func @flushed(%p: !cute.ptr<f32, gmem, align<4>>, %x: f32) kernel attributes {gpu.known_block_size = array<i32: 32, 1, 1>, cute.ftz} {
      %r = math.sqrt %x : f32
      %v = vector.broadcast %r : f32 to vector<1xf32>
      %l = cute.static : !cute.layout<"1:1">
      %o = cute.make_view(%p, %l)
      cute.store(%v, %o)
      gpu.return
    }
  }
}
