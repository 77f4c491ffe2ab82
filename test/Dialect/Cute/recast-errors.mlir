// cute.recast refuses what is not an exact reinterpretation of the memory.
// RUN: cute-opt %s -split-input-file -verify-diagnostics

func.func @ragged_contiguous_mode(%t: !cute.memref<f16, gmem, align<16>, "(4,3):(8,1)">) {
  // expected-error @+1 {{'cute.recast' op (f16 to f32) cannot recast (4,3):(8,1) from 16-bit to 32-bit elements: the contiguous (stride-1) mode has 3 elements = 48 bits, not a multiple of 32}}
  %r = cute.recast(%t) {elem_type = f32}
  return
}

// -----

func.func @odd_stride(%t: !cute.memref<i8, gmem, align<16>, "(8,4):(1,9)">) {
  // expected-error @+1 {{'cute.recast' op (i8 to f16) cannot recast (8,4):(1,9) from 8-bit to 16-bit elements: the stride 9 is not a multiple of 2 (the new elements would straddle it)}}
  %r = cute.recast(%t) {elem_type = f16}
  return
}

// -----

func.func @no_contiguous_mode(%t: !cute.memref<f16, gmem, align<16>, "(8,4):(2,16)">) {
  // expected-error @+1 {{'cute.recast' op (f16 to i8) cannot recast (8,4):(2,16) from 16-bit to 8-bit elements: no mode has stride 1 (a recast splits or merges adjacent elements, so the innermost mode must be contiguous)}}
  %r = cute.recast(%t) {elem_type = i8}
  return
}

// -----

func.func @unknown_divisor(%t: !cute.memref<f4E2M1FN, gmem, align<16>, "(8,?):(16,1)">) {
  // expected-error @+1 {{'cute.recast' op (f4E2M1FN to i8) cannot recast (8,?):(16,1) from 4-bit to 8-bit elements: the contiguous (stride-1) mode has a dynamic extent not known to be a multiple of 2 (write it ?{div=2})}}
  %r = cute.recast(%t) {elem_type = i8}
  return
}

// -----

func.func @alignment_lost(%t: !cute.memref<f16, gmem, align<2>, "8:1">) {
  // expected-error @+1 {{'cute.recast' op (f16 to f32) cannot recast 8:1 from 16-bit to 32-bit elements: the iterator is 2-byte aligned, but a 32-bit element needs 4 bytes}}
  %r = cute.recast(%t) {elem_type = f32}
  return
}

// -----

func.func @pointer_alignment(%p: !cute.ptr<f16, gmem, align<2>>) {
  // expected-error @+1 {{'cute.recast' op cannot recast the pointer from f16 to f64: alignment 2 is smaller than the element size of 8 bytes}}
  %r = cute.recast(%p) {elem_type = f64}
  return
}

// -----

func.func @swizzle_straddled(%t: !cute.memref<f16, smem, align<128>, S<3,1,3>, "(8,64):(64,1)">) {
  // expected-error @+1 {{'cute.recast' op (f16 to i64) cannot recast the swizzle S<3,1,3> from 16-bit to 64-bit elements: its base M = 1 is below log2(4) = 2, so a new element would straddle swizzled units}}
  %r = cute.recast(%t) {elem_type = i64}
  return
}

// -----

func.func @tmem_elements(%t: !cute.memref<f32, tmem, align<16>, "(128,32):(65536,1)">) {
  // expected-error @+1 {{cannot recast a tmem tensor from f32 to f16: its offsets are TMEM address units (32-bit columns), which a recast would scale as elements (recast its pointer and make a view)}}
  %r = cute.recast(%t) {elem_type = f16}
  return
}

// -----

func.func @declared_type_checked(%p: !cute.ptr<f16, gmem, align<16>>) {
  // expected-error @+2 {{'cute.recast' op failed to infer returned types}}
  // expected-error @+1 {{'cute.recast' op inferred type(s) '!cute.ptr<f32, gmem, align<16>>' are incompatible with return type(s) of operation '!cute.ptr<f32, gmem, align<4>>'}}
  %r = cute.recast(%p) {elem_type = f32} : !cute.ptr<f16, gmem, align<16>> -> !cute.ptr<f32, gmem, align<4>>
  return
}
