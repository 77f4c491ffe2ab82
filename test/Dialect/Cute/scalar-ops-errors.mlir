// RUN: cute-opt %s -split-input-file -verify-diagnostics

func.func @no_type() {
  // expected-error @+1 {{expected ':' and the type of the last 2 value(s)}}
  %a, %b, %c = cute.constants 0 : i32, 1, 2
  return
}

// -----

func.func @too_big() {
  // expected-error @+1 {{the value 256 does not fit in 'i8'}}
  %a, %b = cute.constants 1, 256 : i8
  return
}

// -----

func.func @float_for_int() {
  // expected-error @+1 {{a float value for integer type 'i32'}}
  %a = cute.constants 1.5 : i32
  return
}

// -----

func.func @bits_too_wide() {
  // expected-error @+1 {{the bit pattern does not fit in 'bf16' (16 bits)}}
  %a = cute.constants 0xFF800000 : bf16
  return
}

// -----

func.func @overflow() {
  // expected-error @+1 {{the value overflows 'f16'}}
  %a = cute.constants 1.0e6 : f16
  return
}

// -----

func.func @bad_type() {
  // expected-error @+1 {{constants are integers, index or floats, but the type is 'vector<4xf32>'}}
  %a = cute.constants 1.0 : vector<4xf32>
  return
}

// -----

func.func @not_a_number() {
  // expected-error @+1 {{expected an integer or float value, but got [1]}}
  %a = cute.constants [1] : i32
  return
}

// -----

// A quoted value is an expression of integer parameters.
func.func @not_a_parameter() {
  // expected-error @+1 {{cannot evaluate "x": cannot parse "x" at column 1: 'x' is not an integer instance parameter}}
  %a = cute.constants "x" : i32
  return
}

// -----

func.func @unknown_param() {
  // expected-error @+1 {{'BK' is not an integer instance parameter (declare it with #cute.param<"BK", ...> before its first use)}}
  %a = cute.constants BK : i32
  return
}

// -----

func.func @result_count() {
  // expected-error @+1 {{'cute.constants' op has 2 value(s) but 1 result(s)}}
  %a = "cute.constants"() {values = [1 : i32, 2 : i32]} : () -> i32
  return
}

// -----

func.func @result_type() {
  // expected-error @+1 {{'cute.constants' op value 0 is 1 : i64, but result 0 has type 'i32'}}
  %a = "cute.constants"() {values = [1 : i64]} : () -> i32
  return
}

// -----

func.func @empty() {
  // expected-error @+1 {{'cute.constants' op defines no constant}}
  "cute.constants"() {values = []} : () -> ()
  return
}

// -----

func.func @dim() {
  // expected-error @+1 {{expected the dimension x, y or z, but got 'w'}}
  %t = cute.thread_idx w
  return
}

// -----

func.func @elem_types(%v: vector<8xf32>, %s: f16) {
  // expected-error @+1 {{'cute.sub' op expects operands of one element type, but got 'vector<8xf32>' and 'f16'}}
  %d = cute.sub(%v, %s)
  return
}

// -----

func.func @shapes(%v: vector<8xf32>, %w: vector<4xf32>) {
  // expected-error @+1 {{'cute.add' op expects vectors of one shape, but got 'vector<8xf32>' and 'vector<4xf32>'}}
  %d = cute.add(%v, %w)
  return
}

// -----

func.func @vector_rank(%v: vector<2x4xf32>, %s: f32) {
  // expected-error @+1 {{'cute.mul' op operand #0 must be}}
  %d = cute.mul(%v, %s) : (vector<2x4xf32>, f32) -> vector<2x4xf32>
  return
}

// -----

func.func @init_type(%v: vector<8xf32>, %m: f16) {
  // expected-error @+1 {{'cute.reduce' op expects an initial value of the result type 'f32', but got 'f16'}}
  %r = cute.reduce<max, thread>(%v, %m)
  return
}
