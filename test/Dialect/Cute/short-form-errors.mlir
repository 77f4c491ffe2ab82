// RUN: cute-opt %s -split-input-file -verify-diagnostics

func.func @wrong_result(%t: !cute.memref<f32, gmem, align<16>, "(4,8):(1,4)">, %tid: i32) {
  // expected-error @+2 {{'cute.partition_tv' op inferred type(s) '!cute.memref<f32, gmem, align<16>, "8:1">' are incompatible with return type(s) of operation '!cute.memref<f32, gmem, align<16>, "4:1">'}}
  // expected-error @+1 {{'cute.partition_tv' op failed to infer returned types}}
  %v = cute.partition_tv(%t, %tid) {tv_layout = #cute.layout<"(4,8):(8,1)">} -> !cute.memref<f32, gmem, align<16>, "4:1">
  return
}

// -----

func.func @wrong_operand_type(%l: !cute.layout<"(4,8):(1,4)">) {
  // expected-note @-1 {{prior use here}}
  // expected-error @+1 {{use of value '%l' expects different type than prior uses: '!cute.layout<"(4,8):(2,4)">' vs '!cute.layout<"(4,8):(1,4)">'}}
  %a = cute.get_stride(%l) : !cute.layout<"(4,8):(2,4)"> -> !cute.stride<"(2,4)">
  return
}

// -----

func.func @too_many_types(%l: !cute.layout<"(4,8):(1,4)">) {
  // expected-error @+1 {{'cute.size' has 1 operand(s); more types are written}}
  %a = cute.size(%l) : (!cute.layout<"(4,8):(1,4)">, i32) -> !cute.int_tuple<"32">
  return
}

// -----

func.func @used_before_defined() {
  cf.br ^bb1
^bb2:
  // expected-error @+1 {{the type of '%l' is not known here (it is used before its definition); write this op's types}}
  %a = cute.size(%l)
  return
^bb1:
  %l = cute.static : !cute.layout<"4:1">
  cf.br ^bb2
}

// -----

func.func @undefined() {
  // expected-error @+1 {{the type of '%nope' is not known here}}
  %a = cute.size(%nope)
  return
}

// -----

func.func @make_without_operands() {
  // expected-error @+1 {{'cute.make_shape' op has no operands to infer its result from; write `-> type`}}
  %s = cute.make_shape()
  return
}

// -----

func.func @inference_error(%t: !cute.memref<f32, gmem, align<16>, "(4,4):(1,4)">, %tid: i32) {
  // expected-error @+1 {{'cute.partition_tv' op partition_tv: the TV layout (4,8):(8,1) reaches index 31 but the tile (4,4):(1,4) has only 16 elements}}
  %v = cute.partition_tv(%t, %tid) {tv_layout = #cute.layout<"(4,8):(8,1)">}
  return
}

// -----

func.func @bad_inherent_attr(%s: !cute.memref<f32, gmem, align<16>, "4:1">, %d: !cute.memref<f32, rmem, align<16>, "4:1">) {
  // expected-error @+1 {{attribute 'atom' failed to satisfy constraint}}
  cute.copy(%s, %d) {atom = 3 : i32}
  return
}

// -----

func.func @operand_count(%s: !cute.shape<"(4,8)">) {
  // expected-error @+1 {{'cute.make_layout' expects 2 operand(s), but 1 are written}}
  %l = cute.make_layout(%s)
  return
}
