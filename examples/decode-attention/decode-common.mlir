// Helpers the decode kernels share (kernel.mlir and append.mlir import this
// file: cute.imports, docs/instances.md).
module {
  // Element i of a gmem array of i32 (a context length, a block-table
  // entry, a position, a slot).
  func.func private @load_i32(%p: !cute.ptr<i32, gmem, align<4>>, %i: i32) -> i32 {
    %pp = cute.add_offset(%p, %i)
    %l = cute.static : !cute.layout<"(1):(1)">
    %v = cute.make_view(%pp, %l)
    %x = cute.load(%v)
    %e = vector.extract %x[0] : i32 from vector<1xi32>
    return %e : i32
  }

  // Element i of a gmem array of f32 (a scale, a split's LSE).
  func.func private @load_f32(%p: !cute.ptr<f32, gmem, align<4>>, %i: i32) -> f32 {
    %pp = cute.add_offset(%p, %i)
    %l = cute.static : !cute.layout<"(1):(1)">
    %v = cute.make_view(%pp, %l)
    %x = cute.load(%v)
    %e = vector.extract %x[0] : f32 from vector<1xf32>
    return %e : f32
  }
}
