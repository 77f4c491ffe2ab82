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
// expected-error@+2 {{'cute.make_ordered_layout' op expects order to be a static int_tuple, but got '!cute.int_tuple<"(?,0)">'}}
// expected-error@+1 {{'cute.make_ordered_layout' op failed to infer returned types}}
  %0 = cute.make_ordered_layout(%s, %o) : (!cute.shape<"(4,2)">, !cute.int_tuple<"(?,0)">) -> !cute.layout<"(4,2):(2,1)">
  return
}

// -----

func.func @f(%s: !cute.shape<"(4,2)">, %o: !cute.int_tuple<"(1,0,2)">) {
// expected-error@+2 {{'cute.make_ordered_layout' op expects order to be weakly congruent to shape '!cute.shape<"(4,2)">', but got '!cute.int_tuple<"(1,0,2)">'}}
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
// expected-error@+1 {{'cute.get' op operand #0 must be !cute.shape, !cute.int_tuple, !cute.coord, !cute.stride, !cute.tile, !cute.layout, or !cute.composed_layout, but got '!cute.swizzle<"S<1,2,3>">'}}
  %0 = cute.get<[0]> (%s) : !cute.swizzle<"S<1,2,3>"> -> !cute.swizzle<"S<1,2,3>">
  return
}

// -----

func.func @f(%l: !cute.layout<"(4,2,8):(1,4,8)">) {
// expected-error@+2 {{'cute.select' op expects mode index in [0, 3), but got 3}}
// expected-error@+1 {{'cute.select' op failed to infer returned types}}
  %0 = cute.select<[3]> (%l) : !cute.layout<"(4,2,8):(1,4,8)"> -> !cute.layout<"(8):(8)">
  return
}

// -----

func.func @f(%l: !cute.shape<"(4,2,8)">) {
// expected-error@+2 {{'cute.select' op expects mode index in [0, 3), but got -1}}
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
// expected-error@+2 {{'cute.to_int_tuple' op expects source without scaled-basis strides, but got '!cute.stride<"(1@0,1@1)">'}}
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

// -----

// A negative rank is a diagnostic (it used to reach a vector allocation).
func.func @f(%in: !cute.shape<"(1,2)">, %e: !cute.shape<"3">) {
// expected-error@+1 {{'cute.append_to_rank' op expects rank to be a positive integer, but got -5}}
  %r = cute.append_to_rank<-5> (%in, %e) : !cute.shape<"(1,2)">, !cute.shape<"3">
  return
}

// -----

func.func @f(%in: !cute.shape<"(1,2)">, %e: !cute.shape<"3">) {
// expected-error@+1 {{'cute.prepend_to_rank' op expects rank to be a positive integer, but got -2147483648}}
  %r = cute.prepend_to_rank<-2147483648> (%in, %e) : !cute.shape<"(1,2)">, !cute.shape<"3">
  return
}

// -----

// So is an absurd one.
func.func @f(%in: !cute.layout<"(1,2):(0,1)">, %e: !cute.layout<"1:0">) {
// expected-error@+1 {{'cute.append_to_rank' op expects rank to be at most 65536, but got 2147483647}}
  %r = cute.append_to_rank<2147483647> (%in, %e) : !cute.layout<"(1,2):(0,1)">, !cute.layout<"1:0">
  return
}

// -----

func.func @f(%in: !cute.shape<"(1,2)">, %e: !cute.shape<"3">) {
// expected-error@+2 {{'cute.append_to_rank' op expects rank to be a positive integer, but got -1}}
// expected-error@+1 {{'cute.append_to_rank' op failed to infer returned types}}
  %r = "cute.append_to_rank"(%in, %e) <{rank = -1 : i32}> : (!cute.shape<"(1,2)">, !cute.shape<"3">) -> !cute.shape<"(1,2)">
  return
}

// -----

func.func @f(%in: !cute.shape<"(4,8)">, %e: !cute.int_tuple<"1">) {
// expected-error@+1 {{'cute.append_to_rank' op expects input and element to have the same kind, but got '!cute.shape<"(4,8)">' and '!cute.int_tuple<"1">'}}
  %r = cute.append_to_rank<3> (%in, %e) : !cute.shape<"(4,8)">, !cute.int_tuple<"1">
  return
}

// -----

func.func @f(%in: !cute.composed_layout<"S<3,5,4> o 0 o (8,4):(1,8)">, %e: !cute.shape<"1">) {
// expected-error@+1 {{'cute.prepend_to_rank' op expects element to be !cute.layout when input is !cute.composed_layout, but got '!cute.shape<"1">'}}
  %r = cute.prepend_to_rank<3> (%in, %e) : !cute.composed_layout<"S<3,5,4> o 0 o (8,4):(1,8)">, !cute.shape<"1">
  return
}

// -----

func.func @f(%c: !cute.coord<"(1,2,3)">, %s: !cute.shape<"(4,8)">) {
// expected-error@+2 {{'cute.increment_coord' op expects coord to be congruent with shape, but got '!cute.coord<"(1,2,3)">' and '!cute.shape<"(4,8)">'}}
// expected-error@+1 {{'cute.increment_coord' op failed to infer returned types}}
  %r = cute.increment_coord(%c, %s) : (!cute.coord<"(1,2,3)">, !cute.shape<"(4,8)">) -> !cute.coord<"(?,?,?)">
  return
}

// -----

func.func @f(%c: !cute.coord<"((0,0),0)">, %s: !cute.shape<"(4,8)">) {
// expected-error@+2 {{'cute.increment_coord' op expects coord to be congruent with shape, but got '!cute.coord<"((0,0),0)">' and '!cute.shape<"(4,8)">'}}
// expected-error@+1 {{'cute.increment_coord' op failed to infer returned types}}
  %r = cute.increment_coord(%c, %s) : (!cute.coord<"((0,0),0)">, !cute.shape<"(4,8)">) -> !cute.coord<"((0,0),1)">
  return
}

// -----

func.func @f(%c: !cute.coord<"(_,0)">, %s: !cute.shape<"(4,8)">) {
// expected-error@+2 {{'cute.increment_coord' op expects coord to be free of underscore wildcards, but got '!cute.coord<"(_,0)">'}}
// expected-error@+1 {{'cute.increment_coord' op failed to infer returned types}}
  %r = cute.increment_coord(%c, %s) : (!cute.coord<"(_,0)">, !cute.shape<"(4,8)">) -> !cute.coord<"(?,0)">
  return
}

// -----

func.func @f(%c: !cute.coord<"(3,2)">, %s: !cute.shape<"(4,8)">) {
// expected-error@+2 {{'cute.increment_coord' op inferred type(s) '!cute.coord<"(0,3)">' are incompatible with return type(s) of operation '!cute.coord<"(4,2)">'}}
// expected-error@+1 {{'cute.increment_coord' op failed to infer returned types}}
  %r = cute.increment_coord(%c, %s) : (!cute.coord<"(3,2)">, !cute.shape<"(4,8)">) -> !cute.coord<"(4,2)">
  return
}

// -----

func.func @f(%l: !cute.layout<"(4,8):(1,4)">, %s: !cute.shape<"(4,8)">) {
// expected-error@+1 {{'cute.increment_coord' op operand #0 must be Scalar integer, underscore wildcard, or recursive tuple of coordinates, but got '!cute.layout<"(4,8):(1,4)">'}}
  %r = "cute.increment_coord"(%l, %s) : (!cute.layout<"(4,8):(1,4)">, !cute.shape<"(4,8)">) -> !cute.coord<"(?,?)">
  return
}

// -----

func.func @f(%t: !cute.tile<"[_;[_;_]]">) {
// expected-error@+1 {{expects $tile to contain at least one layout slot, but got '!cute.tile<"[_;[_;_]]">'}}
  cute.get_layouts_from_tile(%t) : !cute.tile<"[_;[_;_]]">
  return
}

// -----

func.func @f(%s: !cute.shape<"(4,8)">) {
// expected-error@+1 {{'cute.get_layouts_from_tile' op operand #0 must be CuTe tile: a recursive sequence of layouts and underscores, but got '!cute.shape<"(4,8)">'}}
  "cute.get_layouts_from_tile"(%s) : (!cute.shape<"(4,8)">) -> ()
  return
}

// -----

// The generic form states the results: a wrong count or type is rejected.
func.func @f(%t: !cute.tile<"[4:1;_;2:1]">) {
// expected-error@+2 {{'cute.get_layouts_from_tile' op inferred type(s) '!cute.layout<"4:1">', '!cute.layout<"2:1">' are incompatible with return type(s) of operation '!cute.layout<"4:1">'}}
// expected-error@+1 {{'cute.get_layouts_from_tile' op failed to infer returned types}}
  %r = "cute.get_layouts_from_tile"(%t) : (!cute.tile<"[4:1;_;2:1]">) -> !cute.layout<"4:1">
  return
}

// -----

func.func @f(%l: !cute.layout<"(4,8):(1,4)">) {
// expected-error@+1 {{expects $input to be !cute.shape, !cute.stride, !cute.coord, !cute.int_tuple, or !cute.tile, but got '!cute.layout<"(4,8):(1,4)">'}}
  %r:2 = cute.get_leaves(%l) : !cute.layout<"(4,8):(1,4)">
  return
}

// -----

func.func @f(%c: !cute.coord<"(4,_)">) {
// expected-error@+2 {{'cute.to_int_tuple' op expects source without underscores (_), but got '!cute.coord<"(4,_)">'}}
// expected-error@+1 {{'cute.to_int_tuple' op failed to infer returned types}}
  %r = cute.to_int_tuple(%c) : !cute.coord<"(4,_)"> -> !cute.int_tuple<"(4,8)">
  return
}
