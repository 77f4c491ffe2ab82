// RUN: cute-opt %s -split-input-file -verify-diagnostics

func.func @untraceable(%s: !cute.memref<f32, gmem, align<16>, "4:1">, %d: !cute.memref<f32, rmem, align<16>, "4:1">) {
  // expected-error @+1 {{'cute.copy' op is masked, so its src or dst must be a thread's part of a tile (cute.partition_tv, cute.local_partition or cute.mma_partition of a cute.local_tile): src: it is a block argument; dst: it is a block argument}}
  cute.copy(%s, %d) {masked}
  return
}

// -----

func.func @fill_on_write(%x: !cute.memref<f32, gmem, align<16>, "?:1">, %k: i32, %tid: i32) {
  %t = cute.local_tile(%x, %k) {tiler = #cute.shape<"512">}
  %v = cute.partition_tv(%t, %tid) {tv_layout = #cute.layout<"(128,4):(4,1)">}
  %f = cute.make_fragment_like(%v)
  // expected-error @+1 {{'cute.copy' op has a fill value, but its src is not the bounded side (fill applies to reads)}}
  cute.copy(%f, %v) {fill = 0.0 : f32}
  return
}

// -----

func.func @fill_type(%x: !cute.memref<f32, gmem, align<16>, "?:1">, %k: i32, %tid: i32) {
  %t = cute.local_tile(%x, %k) {tiler = #cute.shape<"512">}
  %v = cute.partition_tv(%t, %tid) {tv_layout = #cute.layout<"(128,4):(4,1)">}
  %f = cute.make_fragment_like(%v)
  // expected-error @+1 {{'cute.copy' op expects fill of the element type 'f32', but got 0.000000e+00 : f16}}
  cute.copy(%v, %f) {fill = 0.0 : f16}
  return
}

// -----

func.func @pred_and_masked(%x: !cute.memref<f32, gmem, align<16>, "?:1">, %k: i32, %tid: i32, %p: !cute.memref<i1, rmem, align<1>, "4:1">) {
  %t = cute.local_tile(%x, %k) {tiler = #cute.shape<"512">}
  %v = cute.partition_tv(%t, %tid) {tv_layout = #cute.layout<"(128,4):(4,1)">}
  %f = cute.make_fragment_like(%v)
  // expected-error @+1 {{'cute.copy' op takes either `pred` or `masked`/`fill`, not both}}
  cute.copy(%v, %f, %p) {masked}
  return
}
