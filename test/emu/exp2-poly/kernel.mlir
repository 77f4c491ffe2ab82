// chips: sm_100a
// The software exp2 of the sm_100a attention kernel
// (examples/fmha-prefill/fmha-exp2.mlir, @exp2_poly) on its own, for
// host.cpp, which measures it against exp2 in double. Each thread maps 128
// consecutive inputs x to 2^x (the helper takes a row of 128), so n must
// be a multiple of 16384 (128 threads x 128 values per block). cute.ftz
// as in the attention kernel (the same f32x2 FMAs with .ftz).
// As a lit test: it compiles for sm_100a with no MUFU exp2 (ex2.approx) and
// the polynomial's packed arithmetic per 128 values: 64 f32x2 pairs, each
// one round (add, subtract: 2 add.f32x2) and Horner's 3 FMAs.
// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: cute-opt %s --cute-compile="chip=sm_100a format=cubin output-dir=%t" -o /dev/null
// RUN: FileCheck %s < %t/exp2_poly.sm_100a.ptx
// RUN: not grep -q ex2.approx %t/exp2_poly.sm_100a.ptx
// RUN: test "$(grep -c 'fma.rn.ftz.f32x2' %t/exp2_poly.sm_100a.ptx)" = 192
// RUN: test "$(grep -c 'add.rn.ftz.f32x2' %t/exp2_poly.sm_100a.ptx)" = 128
// CHECK-LABEL: .entry exp2_poly_rows(
// CHECK: fma.rn.ftz.f32x2
module attributes {gpu.container_module} {
  gpu.module @exp2_poly attributes {cute.imports = ["../../../examples/fmha-prefill/fmha-exp2.mlir"]} {
    gpu.func @exp2_poly_rows(%px: !cute.ptr<f32, gmem, align<16>>, %py: !cute.ptr<f32, gmem, align<16>>, %n: i32) kernel
        attributes {gpu.known_block_size = array<i32: 128, 1, 1>, cute.ftz} {
      %bid = cute.block_idx x
      %tid = cute.thread_idx x
      %shape = cute.make_shape(%n)
      %stride = cute.static : !cute.stride<"1">
      %layout = cute.make_layout(%shape, %stride)
      %x = cute.make_view(%px, %layout)
      %y = cute.make_view(%py, %layout)
      %tx = cute.local_tile(%x, %bid) {tiler = #cute.shape<"16384">}
      %ty = cute.local_tile(%y, %bid) {tiler = #cute.shape<"16384">}
      %vx = cute.partition_tv(%tx, %tid) {tv_layout = #cute.layout<"(128,128):(128,1)">}
      %vy = cute.partition_tv(%ty, %tid) {tv_layout = #cute.layout<"(128,128):(128,1)">}
      %r = cute.make_fragment_like(%vx)
      cute.copy(%vx, %r)
      %xs = cute.load(%r)
      %e = func.call @exp2_poly(%xs) : (vector<128xf32>) -> vector<128xf32>
      cute.store(%e, %r)
      cute.copy(%r, %vy)
      gpu.return
    }
  }
}
