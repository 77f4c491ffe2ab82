// RUN: cute-opt %s -split-input-file -verify-diagnostics

// Constructor, accessor and conversion preconditions: non-static
// cute.static, make_* operand count/width/kind, incongruent make_layout,
// declared result disagreeing with the inferred one, dynamic order,
// get/select out-of-range modes, tile `_` shape, get_scalars arity.

// expected-error@+1 {{'cute.static' op expects result to be static, but got '!cute.layout<"(?,2):(1,?)">'}}
%0 = cute.static : !cute.layout<"(?,2):(1,?)">

// -----

func.func @f(%a: i32) {
// expected-error@+1 {{'cute.make_int_tuple' op expects 2 dynamic operand(s) for result type '!cute.int_tuple<"(?,?)">', but got 1}}
  %0 = cute.make_int_tuple(%a) : (i32) -> !cute.int_tuple<"(?,?)">
  return
}

// -----

func.func @f(%a: i64) {
// expected-error@+1 {{'cute.make_shape' op expects operand #0 to have (width=32), but got (width=64)}}
  %0 = cute.make_shape(%a) : (i64) -> !cute.shape<"(?,4)">
  return
}

// -----

func.func @f(%a: i32) {
// expected-error@+1 {{'cute.make_shape' op expects operand #0 to have (width=64), but got (width=32)}}
  %0 = cute.make_shape(%a) : (i32) -> !cute.shape<"(?{i64},4)">
  return
}

// -----

func.func @f(%a: !cute.int_tuple<"(?,?)">) {
// expected-error@+1 {{'cute.make_stride' op expects operand #0 to be a depth-0 !cute.int_tuple, but got '!cute.int_tuple<"(?,?)">'}}
  %0 = cute.make_stride(%a) : (!cute.int_tuple<"(?,?)">) -> !cute.stride<"?">
  return
}

// -----

func.func @f(%a: i32) {
// expected-error@+1 {{'cute.make_coord' op expects 0 dynamic operand(s) for result type '!cute.coord<"(_,2)">', but got 1}}
  %0 = cute.make_coord(%a) : (i32) -> !cute.coord<"(_,2)">
  return
}

// -----

func.func @f(%a: i32) {
// expected-error@+1 {{'cute.make_tile' op expects 2 dynamic operand(s) for result type '!cute.tile<"[(?,3):(1,?);_]">', but got 1}}
  %0 = cute.make_tile(%a) : (i32) -> !cute.tile<"[(?,3):(1,?);_]">
  return
}

// -----

func.func @f(%a: f32) {
// expected-error@+1 {{'cute.make_shape' op operand #0 must be variadic of integer or depth-0 !cute.int_tuple, but got 'f32'}}
  %0 = cute.make_shape(%a) : (f32) -> !cute.shape<"?">
  return
}

// -----

func.func @f(%s: !cute.shape<"(?,2)">, %d: !cute.stride<"(?,4,1)">) {
// expected-error@+2 {{'cute.make_layout' op expects congruent shape and stride, but got "(?,2)" and "(?,4,1)"}}
// expected-error@+1 {{'cute.make_layout' op failed to infer returned types}}
  %0 = cute.make_layout(%s, %d) : (!cute.shape<"(?,2)">, !cute.stride<"(?,4,1)">) -> !cute.layout<"(?,2):(?,4)">
  return
}

// -----

func.func @f(%s: !cute.shape<"(?,2)">, %d: !cute.stride<"(?,4)">) {
// expected-error@+2 {{'cute.make_layout' op inferred type(s) '!cute.layout<"(?,2):(?,4)">' are incompatible with return type(s) of operation '!cute.layout<"(2,2):(?,4)">'}}
// expected-error@+1 {{'cute.make_layout' op failed to infer returned types}}
  %0 = cute.make_layout(%s, %d) : (!cute.shape<"(?,2)">, !cute.stride<"(?,4)">) -> !cute.layout<"(2,2):(?,4)">
  return
}

// -----

func.func @f(%s: !cute.shape<"(0,2)">, %d: !cute.stride<"(1,4)">) {
// expected-error@+1 {{failed to parse layout from "(0,2):(1,4)": expects positive shape modes, but got "(0,2):(1,4)"}}
  %0 = cute.make_layout(%s, %d) : (!cute.shape<"(0,2)">, !cute.stride<"(1,4)">) -> !cute.layout<"(0,2):(1,4)">
  return
}

// -----

func.func @f(%sw: !cute.swizzle<"S<3,5,4>">, %o: !cute.int_tuple<"(0,0)">, %b: !cute.layout<"(8,4):(1,8)">) {
// expected-error@+1 {{failed to parse composed_layout from "S<3,5,4> o (0,0) o (8,4):(1,8)": a swizzle composed layout expects a scalar offset, but got "(0,0)"}}
  %0 = cute.make_composed_layout(%sw, %o, %b) : (!cute.swizzle<"S<3,5,4>">, !cute.int_tuple<"(0,0)">, !cute.layout<"(8,4):(1,8)">) -> !cute.composed_layout<"S<3,5,4> o (0,0) o (8,4):(1,8)">
  return
}

// -----

func.func @f(%s: !cute.shape<"(4,2)">, %o: !cute.int_tuple<"(?,0)">) {
// expected-error@+2 {{'cute.make_ordered_layout' op expects a static order, but got "(?,0)"}}
// expected-error@+1 {{'cute.make_ordered_layout' op failed to infer returned types}}
  %0 = cute.make_ordered_layout(%s, %o) : (!cute.shape<"(4,2)">, !cute.int_tuple<"(?,0)">) -> !cute.layout<"(4,2):(2,1)">
  return
}

// -----

func.func @f(%s: !cute.shape<"(4,2)">, %o: !cute.int_tuple<"(1,0,2)">) {
// expected-error@+2 {{'cute.make_ordered_layout' op product_like: (4,2) does not match the profile of (1,0,2)}}
// expected-error@+1 {{'cute.make_ordered_layout' op failed to infer returned types}}
  %0 = cute.make_ordered_layout(%s, %o) : (!cute.shape<"(4,2)">, !cute.int_tuple<"(1,0,2)">) -> !cute.layout<"(4,2):(2,1)">
  return
}

// -----

func.func @f(%s: !cute.shape<"(4,(2,3))">) {
// expected-error@+2 {{'cute.get' op expects mode index in [0, 2) at depth 0, but got 2}}
// expected-error@+1 {{'cute.get' op failed to infer returned types}}
  %0 = cute.get<[2]> (%s) : !cute.shape<"(4,(2,3))"> -> !cute.shape<"2">
  return
}

// -----

func.func @f(%s: !cute.shape<"(4,(2,3))">) {
// expected-error@+2 {{'cute.get' op expects mode indices to stop at a scalar leaf, but got 1 extra index after depth 1}}
// expected-error@+1 {{'cute.get' op failed to infer returned types}}
  %0 = cute.get<[0, 0]> (%s) : !cute.shape<"(4,(2,3))"> -> !cute.shape<"4">
  return
}

// -----

func.func @f(%s: !cute.shape<"(4,(2,3))">) {
// expected-error@+2 {{'cute.get' op expects mode index in [0, 2) at depth 0, but got -1}}
// expected-error@+1 {{'cute.get' op failed to infer returned types}}
  %0 = cute.get<[-1]> (%s) : !cute.shape<"(4,(2,3))"> -> !cute.shape<"4">
  return
}

// -----

func.func @f(%l: !cute.layout<"(4,8):(1,4)">) {
// expected-error@+2 {{'cute.get' op expects mode indices to stop at a scalar leaf, but got 1 extra index after depth 1}}
// expected-error@+1 {{'cute.get' op failed to infer returned types}}
  %0 = cute.get<[1, 3]> (%l) : !cute.layout<"(4,8):(1,4)"> -> !cute.layout<"8:4">
  return
}

// -----

func.func @f(%t: !cute.tile<"[(4,8):(1,4);_]">) {
// expected-error@+2 {{'cute.get' op expects mode index in [0, 2) at depth 0, but got 2}}
// expected-error@+1 {{'cute.get' op failed to infer returned types}}
  %0 = cute.get<[2]> (%t) : !cute.tile<"[(4,8):(1,4);_]"> -> !cute.tile<"_">
  return
}

// -----

func.func @f(%s: !cute.swizzle<"S<1,2,3>">) {
// expected-error@+2 {{'cute.get' op a swizzle has no modes}}
// expected-error@+1 {{'cute.get' op failed to infer returned types}}
  %0 = cute.get<[0]> (%s) : !cute.swizzle<"S<1,2,3>"> -> !cute.swizzle<"S<1,2,3>">
  return
}

// -----

func.func @f(%l: !cute.layout<"(4,2,8):(1,4,8)">) {
// expected-error@+2 {{'cute.select' op expects mode index in [0, 3) at depth 0, but got 3}}
// expected-error@+1 {{'cute.select' op failed to infer returned types}}
  %0 = cute.select<[3]> (%l) : !cute.layout<"(4,2,8):(1,4,8)"> -> !cute.layout<"(8):(8)">
  return
}

// -----

func.func @f(%l: !cute.shape<"(4,2,8)">) {
// expected-error@+2 {{'cute.select' op expects mode index in [0, 3) at depth 0, but got -1}}
// expected-error@+1 {{'cute.select' op failed to infer returned types}}
  %0 = cute.select<[0, -1]> (%l) : !cute.shape<"(4,2,8)"> -> !cute.shape<"(4,8)">
  return
}

// -----

func.func @f(%l: !cute.layout<"(4,8):(1,4)">) {
// expected-error@+2 {{'cute.get_shape' op inferred type(s) '!cute.shape<"(4,8)">' are incompatible with return type(s) of operation '!cute.shape<"(4,4)">'}}
// expected-error@+1 {{'cute.get_shape' op failed to infer returned types}}
  %0 = cute.get_shape(%l) : !cute.layout<"(4,8):(1,4)"> -> !cute.shape<"(4,4)">
  return
}

// -----

func.func @f(%t: !cute.tile<"[(4,8):(1,4);_]">) {
// expected-error@+2 {{'cute.get_shape' op the shape of a tiler is undefined for a `_` mode}}
// expected-error@+1 {{'cute.get_shape' op failed to infer returned types}}
  %0 = cute.get_shape(%t) : !cute.tile<"[(4,8):(1,4);_]"> -> !cute.shape<"(4,8)">
  return
}

// -----

func.func @f(%l: !cute.layout<"(4,8):(1,4)">) {
// expected-error@+1 {{operation defines 4 results but was provided 3 to bind}}
  %0:3 = cute.get_scalars (%l) : !cute.layout<"(4,8):(1,4)">
  return
}

// -----

func.func @f(%c: !cute.coord<"(_,1)">) {
// expected-error@+1 {{failed to parse shape from "(_,1)": `_` is not allowed in a shape, but got "(_,1)"}}
  %0 = cute.to_shape(%c) : !cute.coord<"(_,1)"> -> !cute.shape<"(_,1)">
  return
}

// -----

func.func @f(%c: !cute.stride<"(1@0,1@1)">) {
// expected-error@+2 {{'cute.to_int_tuple' op scaled basis elements are not allowed in int_tuple, but got "(1@0,1@1)"}}
// expected-error@+1 {{'cute.to_int_tuple' op failed to infer returned types}}
  %0 = cute.to_int_tuple(%c) : !cute.stride<"(1@0,1@1)"> -> !cute.int_tuple<"(1,1)">
  return
}

// -----

func.func @f(%c: !cute.int_tuple<"(1,2)">) {
// expected-error@+2 {{'cute.to_coord' op inferred type(s) '!cute.coord<"(1,2)">' are incompatible with return type(s) of operation '!cute.coord<"(1,3)">'}}
// expected-error@+1 {{'cute.to_coord' op failed to infer returned types}}
  %0 = cute.to_coord(%c) : !cute.int_tuple<"(1,2)"> -> !cute.coord<"(1,3)">
  return
}
