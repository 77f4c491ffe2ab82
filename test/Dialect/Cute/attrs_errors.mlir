// RUN: cute-opt %s -split-input-file -verify-diagnostics

// The #cute.* attributes run the same parser and rules as the types.

// expected-error @+1 {{expected string}}
func.func @f() attributes {a = #cute.layout<(2,3)>} { return }

// -----

// expected-error @+1 {{failed to parse layout from "(2,3):(1,2,4)"}}
func.func @f() attributes {a = #cute.layout<"(2,3):(1,2,4)">} { return }

// -----

// expected-error @+1 {{failed to parse shape from "(2,_)": `_` is not allowed in a shape}}
func.func @f() attributes {a = #cute.shape<"(2,_)">} { return }

// -----

// expected-error @+1 {{failed to parse int_tuple from "1@0": scaled basis elements are not allowed in int_tuple}}
func.func @f() attributes {a = #cute.int_tuple<"1@0">} { return }

// -----

// expected-error @+1 {{failed to parse swizzle from "S<3,4,2>"}}
func.func @f() attributes {a = #cute.swizzle<"S<3,4,2>">} { return }

// -----

// expected-error @+1 {{failed to parse tile from "[4:1;"}}
func.func @f() attributes {a = #cute.tile<"[4:1;">} { return }

// -----

// expected-error @+1 {{failed to parse composed_layout from "S<3,4,3> o (0,1) o 8:1"}}
func.func @f() attributes {a = #cute.composed_layout<"S<3,4,3> o (0,1) o 8:1">} { return }

// -----

// expected-error @+1 {{expects positive shape modes}}
func.func @f() attributes {a = #cute.layout<"(0,2):(1,0)">} { return }

// -----

// A tiler must be a tile, a shape or a layout attribute, not a string.
func.func @tiler_string(%t: !cute.memref<f32, gmem, align<4>, "(16,32):(1,16)">, %i: i32) {
  // expected-error @+1 {{attribute 'tiler' failed to satisfy constraint}}
  %a = cute.local_tile(%t, %i) {tiler = "(4,8)"} : (!cute.memref<f32, gmem, align<4>, "(16,32):(1,16)">, i32) -> !cute.memref<f32, gmem, align<4>, "(4,8):(1,16)">
  return
}

// -----

func.func @tiler_stride(%t: !cute.memref<f32, gmem, align<4>, "(16,32):(1,16)">, %i: i32) {
  // expected-error @+1 {{attribute 'tiler' failed to satisfy constraint}}
  %a = cute.local_tile(%t, %i) {tiler = #cute.stride<"(4,8)">} : (!cute.memref<f32, gmem, align<4>, "(16,32):(1,16)">, i32) -> !cute.memref<f32, gmem, align<4>, "(4,8):(1,16)">
  return
}

// -----

func.func @thr_layout_dynamic(%t: !cute.memref<f32, gmem, align<4>, "(16,32):(1,16)">, %i: i32) {
  // expected-error @+2 {{thr_layout "(4,?):(?,1)" must be static}}
  // expected-error @+1 {{failed to infer returned types}}
  %a = cute.local_partition(%t, %i) {thr_layout = #cute.layout<"(4,?):(?,1)">} : (!cute.memref<f32, gmem, align<4>, "(16,32):(1,16)">, i32) -> !cute.memref<f32, gmem, align<4>, "(4,8):(4,64)">
  return
}

// -----

// A declared result that names another function is still an error; only
// the strides of size-1 modes are free.
func.func @not_equivalent(%l: !cute.layout<"(2,3):(1,2)">) {
  // expected-error @+2 {{inferred type(s) '!cute.layout<"6:1">' are incompatible with return type(s) of operation '!cute.layout<"6:2">'}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = cute.coalesce(%l) : (!cute.layout<"(2,3):(1,2)">) -> !cute.layout<"6:2">
  return
}
