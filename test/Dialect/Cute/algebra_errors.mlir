// RUN: cute-opt %s -split-input-file -verify-diagnostics

// Algebra preconditions: 64-bit overflow (size, cosize, product, add),
// non-injective / dynamic complement, composition divisibility and tiler rank,
// dice with a dynamic coordinate, slice profile mismatch, group_modes bounds,
// recast divisibility and swizzle base, inverses, tile_to_shape divisibility,
// divide/product preconditions, elem_less/equal/tuple_add/shape_div/ceil_div
// structure, layout_eval/crd2idx/idx2crd rank, *_to_rank element kinds.

func.func @f(%l: !cute.layout<"(4294967296,4294967296):(1,1)">) {
// expected-error@+2 {{'cute.size' op integer overflow: 4294967296 * 4294967296 does not fit in 64 bits}}
// expected-error@+1 {{'cute.size' op failed to infer returned types}}
  %0 = cute.size (%l) : (!cute.layout<"(4294967296,4294967296):(1,1)">) -> !cute.int_tuple<"?">
  return
}

// -----

func.func @f(%l: !cute.shape<"(4294967296,4294967296)">) {
// expected-error@+2 {{'cute.tuple_product' op integer overflow: 4294967296 * 4294967296 does not fit in 64 bits}}
// expected-error@+1 {{'cute.tuple_product' op failed to infer returned types}}
  %0 = cute.tuple_product(%l) : (!cute.shape<"(4294967296,4294967296)">) -> !cute.shape<"?">
  return
}

// -----

func.func @f(%l: !cute.layout<"(2,4294967296):(4294967296,4294967296)">) {
// expected-error@+2 {{'cute.cosize' op integer overflow: 4294967295 * 4294967296 does not fit in 64 bits}}
// expected-error@+1 {{'cute.cosize' op failed to infer returned types}}
  %0 = cute.cosize (%l) : (!cute.layout<"(2,4294967296):(4294967296,4294967296)">) -> !cute.int_tuple<"?">
  return
}

// -----

func.func @f(%a: !cute.int_tuple<"9223372036854775807">, %b: !cute.int_tuple<"1">) {
// expected-error@+2 {{'cute.tuple_add' op integer overflow: 9223372036854775807 + 1 does not fit in 64 bits}}
// expected-error@+1 {{'cute.tuple_add' op failed to infer returned types}}
  %0 = cute.tuple_add(%a, %b) : (!cute.int_tuple<"9223372036854775807">, !cute.int_tuple<"1">) -> !cute.int_tuple<"?">
  return
}

// -----

func.func @f(%l: !cute.layout<"(4,2):(1,2)">) {
// expected-error@+2 {{'cute.complement' op complement: the layout is not injective (layout (4,2):(1,2))}}
// expected-error@+1 {{'cute.complement' op failed to infer returned types}}
  %0 = cute.complement(%l) : (!cute.layout<"(4,2):(1,2)">) -> !cute.layout<"1:0">
  return
}

// -----

func.func @f(%l: !cute.layout<"(4,2):(1,?)">) {
// expected-error@+2 {{'cute.complement' op complement: dynamic strides are only supported for rank-1 layouts (layout (4,2):(1,?))}}
// expected-error@+1 {{'cute.complement' op failed to infer returned types}}
  %0 = cute.complement(%l) : (!cute.layout<"(4,2):(1,?)">) -> !cute.layout<"1:0">
  return
}

// -----

func.func @f(%a: !cute.layout<"(4,8):(1,4)">, %b: !cute.tile<"[2:1;2:1;2:1]">) {
// expected-error@+2 {{'cute.composition' op composition: too many modes in the tiler [2:1;2:1;2:1] for the layout (4,8):(1,4)}}
// expected-error@+1 {{'cute.composition' op failed to infer returned types}}
  %0 = cute.composition(%a, %b) : (!cute.layout<"(4,8):(1,4)">, !cute.tile<"[2:1;2:1;2:1]">) -> !cute.layout<"(2,2,2):(1,4,1)">
  return
}

// -----

func.func @f(%l: !cute.layout<"(2,3,4):(1,2,6)">, %c: !cute.coord<"(_,?)">) {
// expected-error@+1 {{'cute.dice' op expects coord to be static, but got "(_,?)"}}
  %0 = cute.dice(%l, %c) : !cute.layout<"(2,3,4):(1,2,6)">, !cute.coord<"(_,?)">
  return
}

// -----

func.func @f(%l: !cute.layout<"(2,3,4):(1,2,6)">, %c: !cute.coord<"(_,?,?)">) {
// expected-error@+1 {{'cute.dice' op expects coord to be static, but got "(_,?,?)"}}
  %0 = cute.dice(%l, %c) : !cute.layout<"(2,3,4):(1,2,6)">, !cute.coord<"(_,?,?)">
  return
}

// -----

func.func @f(%l: !cute.layout<"(2,3,4):(1,2,6)">, %c: !cute.coord<"(_,1)">) {
// expected-error@+1 {{'cute.slice' op slice: the coordinate (_,1) does not match the profile of (2,3,4):(1,2,6)}}
  %0 = cute.slice(%l, %c) : !cute.layout<"(2,3,4):(1,2,6)">, !cute.coord<"(_,1)">
  return
}

// -----

func.func @f(%l: !cute.shape<"(2,3,4)">, %c: !cute.coord<"(_,(1,2),3)">) {
// expected-error@+1 {{'cute.slice' op expects coord to be weakly congruent with the input, but got "(_,(1,2),3)" and "(2,3,4)"}}
  %0 = cute.slice(%l, %c) : !cute.shape<"(2,3,4)">, !cute.coord<"(_,(1,2),3)">
  return
}

// -----

func.func @f(%l: !cute.layout<"(4,5,6):(1,4,20)">) {
// expected-error@+2 {{'cute.group_modes' op expects 0 <= begin < end <= rank (3), but got begin=2 end=1}}
// expected-error@+1 {{'cute.group_modes' op failed to infer returned types}}
  %0 = cute.group_modes<2, 1> (%l) : (!cute.layout<"(4,5,6):(1,4,20)">) -> !cute.layout<"(4,5,6):(1,4,20)">
  return
}

// -----

func.func @f(%l: !cute.layout<"(4,5,6):(1,4,20)">) {
// expected-error@+2 {{'cute.group_modes' op expects 0 <= begin < end <= rank (3), but got begin=1 end=4}}
// expected-error@+1 {{'cute.group_modes' op failed to infer returned types}}
  %0 = cute.group_modes<1, 4> (%l) : (!cute.layout<"(4,5,6):(1,4,20)">) -> !cute.layout<"(4,5,6):(1,4,20)">
  return
}

// -----

func.func @f(%l: !cute.layout<"(6,4):(1,6)">) {
// expected-error@+2 {{'cute.recast_layout' op upcast<4>: divisibility condition violated: stride 6 and 4 do not divide one another}}
// expected-error@+1 {{'cute.recast_layout' op failed to infer returned types}}
  %0 = cute.recast_layout<32, 8> (%l) : !cute.layout<"(6,4):(1,6)"> -> !cute.layout<"(6,4):(1,6)">
  return
}

// -----

func.func @f(%l: !cute.layout<"(8,4):(1,8)">) {
// expected-error@+1 {{'cute.recast_layout' op attribute 'new_type_bits' failed to satisfy constraint: 32-bit signless integer attribute whose value is positive}}
  %0 = cute.recast_layout<0, 8> (%l) : !cute.layout<"(8,4):(1,8)"> -> !cute.layout<"(8,4):(1,8)">
  return
}

// -----

func.func @f(%l: !cute.composed_layout<"S<3,1,4> o 0 o (32,4):(1,32)">) {
// expected-error@+2 {{'cute.recast_layout' op recast_layout: the swizzle S<3,1,4> has base 1 < log2(32/8)}}
// expected-error@+1 {{'cute.recast_layout' op failed to infer returned types}}
  %0 = cute.recast_layout<32, 8> (%l) : !cute.composed_layout<"S<3,1,4> o 0 o (32,4):(1,32)"> -> !cute.composed_layout<"S<3,1,4> o 0 o (8,4):(1,8)">
  return
}

// -----

func.func @f(%l: !cute.composed_layout<"S<3,25,4> o 0 o (8,4):(1,8)">) {
// expected-error@+2 {{'cute.recast_layout' op swizzle S<3,28,4>: expects |shift| + bits + base <= 32}}
// expected-error@+1 {{'cute.recast_layout' op failed to infer returned types}}
  %0 = cute.recast_layout<8, 64> (%l) : !cute.composed_layout<"S<3,25,4> o 0 o (8,4):(1,8)"> -> !cute.composed_layout<"S<3,25,4> o 0 o (8,4):(1,8)">
  return
}

// -----

func.func @f(%l: !cute.layout<"(4,2):(1,?)">) {
// expected-error@+2 {{'cute.left_inverse' op left_inverse: requires static strides ((4,2):(1,?))}}
// expected-error@+1 {{'cute.left_inverse' op failed to infer returned types}}
  %0 = cute.left_inverse(%l) : (!cute.layout<"(4,2):(1,?)">) -> !cute.layout<"1:0">
  return
}

// -----

func.func @f(%a: !cute.layout<"(3,2):(1,3)">, %s: !cute.shape<"(5,8)">) {
// expected-error@+2 {{'cute.tile_to_shape' op tile_to_shape: the block shape does not divide the target shape (block (3,2):(1,3), shape (5,8))}}
// expected-error@+1 {{'cute.tile_to_shape' op failed to infer returned types}}
  %0 = cute.tile_to_shape(%a, %s) : (!cute.layout<"(3,2):(1,3)">, !cute.shape<"(5,8)">) -> !cute.layout<"(3,2):(1,3)">
  return
}

// -----

func.func @f(%a: !cute.layout<"(6,8):(8,1)">, %t: !cute.shape<"(4,4)">) {
// expected-error@+2 {{'cute.logical_divide' op inferred type(s) '!cute.layout<"((4,2),(4,2)):((8,32),(1,4))">' are incompatible with return type(s) of operation '!cute.layout<"(6,8):(8,1)">'}}
// expected-error@+1 {{'cute.logical_divide' op failed to infer returned types}}
  %0 = cute.logical_divide(%a, %t) : (!cute.layout<"(6,8):(8,1)">, !cute.shape<"(4,4)">) -> !cute.layout<"(6,8):(8,1)">
  return
}

// -----

func.func @f(%a: !cute.layout<"(6,8):(8,1)">, %t: !cute.shape<"(3,4,2)">) {
// expected-error@+2 {{'cute.zipped_divide' op logical_divide: too many modes in the tiler [3:1;4:1;2:1] for the layout (6,8):(8,1)}}
// expected-error@+1 {{'cute.zipped_divide' op failed to infer returned types}}
  %0 = cute.zipped_divide(%a, %t) : (!cute.layout<"(6,8):(8,1)">, !cute.shape<"(3,4,2)">) -> !cute.layout<"(6,8):(8,1)">
  return
}

// -----

func.func @f(%a: !cute.layout<"(3,4):(4,1)">, %b: !cute.layout<"(2,?):(1,?)">) {
// expected-error@+2 {{'cute.logical_product' op inferred type(s) '!cute.layout<"((3,4),(2,?)):((4,1),(12,?))">' are incompatible with return type(s) of operation '!cute.layout<"(3,4):(4,1)">'}}
// expected-error@+1 {{'cute.logical_product' op failed to infer returned types}}
  %0 = cute.logical_product(%a, %b) : (!cute.layout<"(3,4):(4,1)">, !cute.layout<"(2,?):(1,?)">) -> !cute.layout<"(3,4):(4,1)">
  return
}

// -----

func.func @f(%a: !cute.layout<"(3,4):(4,1)">, %b: !cute.layout<"(2,5,2):(1,2,10)">) {
// expected-error@+2 {{'cute.blocked_product' op inferred type(s) '!cute.layout<"((3,2),(4,5),(1,2)):((4,12),(1,24),(0,120))">' are incompatible with return type(s) of operation '!cute.layout<"(3,4):(4,1)">'}}
// expected-error@+1 {{'cute.blocked_product' op failed to infer returned types}}
  %0 = cute.blocked_product(%a, %b) : (!cute.layout<"(3,4):(4,1)">, !cute.layout<"(2,5,2):(1,2,10)">) -> !cute.layout<"(3,4):(4,1)">
  return
}

// -----

func.func @f(%a: !cute.coord<"(3,4)">, %b: !cute.shape<"(5,(6,7))">) {
// expected-error@+1 {{'cute.elem_less' op expects congruent inputs, but got "(3,4)" and "(5,(6,7))"}}
  %0 = cute.elem_less(%a, %b) : (!cute.coord<"(3,4)">, !cute.shape<"(5,(6,7))">) -> i1
  return
}

// -----

func.func @f(%a: !cute.shape<"(3,4)">, %b: !cute.int_tuple<"(3,4)">) {
// expected-error@+1 {{'cute.equal' op expects lhs and rhs to be the same kind, but got '!cute.shape<"(3,4)">' and '!cute.int_tuple<"(3,4)">'}}
  %0 = cute.equal(%a, %b) : (!cute.shape<"(3,4)">, !cute.int_tuple<"(3,4)">) -> i1
  return
}

// -----

func.func @f(%a: !cute.int_tuple<"(1,2)">, %b: !cute.int_tuple<"(1,(2,3))">) {
// expected-error@+2 {{'cute.tuple_add' op expects congruent tuples, but got "2" and "(2,3)"}}
// expected-error@+1 {{'cute.tuple_add' op failed to infer returned types}}
  %0 = cute.tuple_add(%a, %b) : (!cute.int_tuple<"(1,2)">, !cute.int_tuple<"(1,(2,3))">) -> !cute.int_tuple<"(2,4)">
  return
}

// -----

func.func @f(%a: !cute.shape<"12">, %b: !cute.shape<"8">) {
// expected-error@+2 {{'cute.shape_div' op shape_div: divisibility condition violated: 12 and 8 do not divide one another}}
// expected-error@+1 {{'cute.shape_div' op failed to infer returned types}}
  %0 = cute.shape_div(%a, %b) : (!cute.shape<"12">, !cute.shape<"8">) -> !cute.shape<"2">
  return
}

// -----

func.func @f(%a: !cute.shape<"(4,6)">, %b: !cute.shape<"(2,3,4)">) {
// expected-error@+2 {{'cute.shape_div' op shape_div: mismatched ranks of (4,6) and (2,3,4)}}
// expected-error@+1 {{'cute.shape_div' op failed to infer returned types}}
  %0 = cute.shape_div(%a, %b) : (!cute.shape<"(4,6)">, !cute.shape<"(2,3,4)">) -> !cute.shape<"(2,2)">
  return
}

// -----

func.func @f(%a: !cute.int_tuple<"8">, %b: !cute.int_tuple<"0">) {
// expected-error@+2 {{'cute.ceil_div' op division by zero in ceil_div}}
// expected-error@+1 {{'cute.ceil_div' op failed to infer returned types}}
  %0 = cute.ceil_div(%a, %b) : (!cute.int_tuple<"8">, !cute.int_tuple<"0">) -> !cute.int_tuple<"8">
  return
}

// -----

func.func @f(%a: !cute.int_tuple<"(8,4)">, %b: !cute.int_tuple<"(2,2,2)">) {
// expected-error@+2 {{'cute.ceil_div' op ceil_div: (2,2,2) has more modes than (8,4)}}
// expected-error@+1 {{'cute.ceil_div' op failed to infer returned types}}
  %0 = cute.ceil_div(%a, %b) : (!cute.int_tuple<"(8,4)">, !cute.int_tuple<"(2,2,2)">) -> !cute.int_tuple<"(4,2)">
  return
}

// -----

func.func @f(%c: !cute.coord<"(1,_)">, %l: !cute.layout<"(4,8):(1,4)">) {
// expected-error@+2 {{'cute.layout_eval' op expects a coordinate without `_`, but got "(1,_)"}}
// expected-error@+1 {{'cute.layout_eval' op failed to infer returned types}}
  %0 = cute.layout_eval(%c, %l) : (!cute.coord<"(1,_)">, !cute.layout<"(4,8):(1,4)">) -> !cute.int_tuple<"1">
  return
}

// -----

func.func @f(%c: !cute.coord<"(1,2,3)">, %s: !cute.shape<"(4,8)">) {
// expected-error@+2 {{'cute.crd2idx' op crd2idx: mismatched ranks of coordinate (1,2,3) and shape (4,8)}}
// expected-error@+1 {{'cute.crd2idx' op failed to infer returned types}}
  %0 = cute.crd2idx(%c, %s) : (!cute.coord<"(1,2,3)">, !cute.shape<"(4,8)">) -> !cute.int_tuple<"1">
  return
}

// -----

func.func @f(%c: !cute.coord<"(1,2)">, %l: !cute.layout<"(4,8,2):(1,4,32)">) {
// expected-error@+2 {{'cute.layout_eval' op crd2idx: mismatched ranks of coordinate (1,2), shape (4,8,2) and stride (1,4,32)}}
// expected-error@+1 {{'cute.layout_eval' op failed to infer returned types}}
  %0 = cute.layout_eval(%c, %l) : (!cute.coord<"(1,2)">, !cute.layout<"(4,8,2):(1,4,32)">) -> !cute.int_tuple<"9">
  return
}

// -----

func.func @f(%i: !cute.int_tuple<"(1,2)">, %s: !cute.shape<"8">) {
// expected-error@+2 {{'cute.idx2crd' op idx2crd: mismatched ranks of index (1,2) and shape 8}}
// expected-error@+1 {{'cute.idx2crd' op failed to infer returned types}}
  %0 = cute.idx2crd(%i, %s) : (!cute.int_tuple<"(1,2)">, !cute.shape<"8">) -> !cute.coord<"1">
  return
}

// -----

func.func @f(%s: !cute.shape<"(?,8)">, %e: !cute.layout<"1:0">) {
// expected-error@+1 {{'cute.append_to_rank' op expects a tuple element for a tuple input, but got a layout}}
  %0 = cute.append_to_rank<4> (%s, %e) : !cute.shape<"(?,8)">, !cute.layout<"1:0">
  return
}

// -----

func.func @f(%s: !cute.layout<"(4,8):(1,4)">, %e: !cute.shape<"1">) {
// expected-error@+1 {{'cute.prepend_to_rank' op expects a layout element for a layout input, but got a shape}}
  %0 = cute.prepend_to_rank<4> (%s, %e) : !cute.layout<"(4,8):(1,4)">, !cute.shape<"1">
  return
}

// -----

func.func @f(%s: !cute.shape<"(4,8)">, %e: !cute.shape<"1">) {
// expected-error@+1 {{'cute.append_to_rank' op attribute 'rank' failed to satisfy constraint: 32-bit signless integer attribute whose value is positive}}
  %0 = cute.append_to_rank<0> (%s, %e) : !cute.shape<"(4,8)">, !cute.shape<"1">
  return
}

// -----

func.func @f(%l: !cute.layout<"(3,(4,5)):(8,(1,4))">, %p: !cute.coord<"(1,1,1)">) {
// expected-error@+2 {{'cute.coalesce' op coalesce: the profile (1,1,1) has more modes than (3,(4,5)):(8,(1,4))}}
// expected-error@+1 {{'cute.coalesce' op failed to infer returned types}}
  %0 = cute.coalesce(%l, %p) : (!cute.layout<"(3,(4,5)):(8,(1,4))">, !cute.coord<"(1,1,1)">) -> !cute.layout<"(3,20):(8,1)">
  return
}

// -----

func.func @f(%l: !cute.composed_layout<"(4,5):(1,4) o 2 o (2,3):(1,2)">) {
// expected-error@+2 {{'cute.recast_layout' op recast_layout of a composed layout needs a swizzle inner function}}
// expected-error@+1 {{'cute.recast_layout' op failed to infer returned types}}
  %0 = cute.recast_layout<16, 8> (%l) : !cute.composed_layout<"(4,5):(1,4) o 2 o (2,3):(1,2)"> -> !cute.composed_layout<"(4,5):(1,4) o 2 o (2,3):(1,2)">
  return
}

// -----

func.func @f(%l: !cute.layout<"(2,3):(1,2)">) {
// expected-error@+2 {{'cute.make_layout_like' op inferred type(s) '!cute.layout<"(2,3):(1,2)">' are incompatible with return type(s) of operation '!cute.layout<"(2,3):(3,1)">'}}
// expected-error@+1 {{'cute.make_layout_like' op failed to infer returned types}}
  %0 = cute.make_layout_like(%l) : !cute.layout<"(2,3):(1,2)"> -> !cute.layout<"(2,3):(3,1)">
  return
}

// -----

func.func @f(%l: !cute.layout<"(4,8):(1,4)">) {
// expected-error@+2 {{'cute.flatten' op inferred type(s) '!cute.layout<"(4,8):(1,4)">' are incompatible with return type(s) of operation '!cute.layout<"32:1">'}}
// expected-error@+1 {{'cute.flatten' op failed to infer returned types}}
  %0 = cute.flatten(%l) : (!cute.layout<"(4,8):(1,4)">) -> !cute.layout<"32:1">
  return
}

// -----

func.func @f(%l: !cute.swizzle<"S<1,2,3>">) {
// expected-error@+2 {{'cute.flatten' op expects a tuple or a layout, but got a swizzle}}
// expected-error@+1 {{'cute.flatten' op failed to infer returned types}}
  %0 = cute.flatten(%l) : (!cute.swizzle<"S<1,2,3>">) -> !cute.swizzle<"S<1,2,3>">
  return
}

// -----

func.func @f(%a: !cute.layout<"(4,6):(1,5)">, %b: !cute.layout<"3:2">) {
// expected-error@+2 {{'cute.composition' op composition: shape divisibility condition violated: the rhs shape 3 is not divisible by 2 (lhs (4,6):(1,5), rhs 3:2)}}
// expected-error@+1 {{'cute.composition' op failed to infer returned types}}
  %0 = cute.composition(%a, %b) : (!cute.layout<"(4,6):(1,5)">, !cute.layout<"3:2">) -> !cute.layout<"3:2">
  return
}

// -----

func.func @f(%d: !cute.layout<"(8,4,2):(13,2,1)">) {
// expected-error@+2 {{'cute.left_inverse' op left_inverse: divisibility condition violated: stride 13 is not a multiple of 2 ((8,4,2):(13,2,1))}}
// expected-error@+1 {{'cute.left_inverse' op failed to infer returned types}}
  %0 = cute.left_inverse(%d) : (!cute.layout<"(8,4,2):(13,2,1)">) -> !cute.layout<"1:0">
  return
}

// -----

func.func @f(%f: !cute.int_tuple<"(3,4)">, %g: !cute.shape<"(1,2)">) {
// expected-error@+2 {{'cute.tuple_add' op expects lhs and rhs to have the same kind, but got a int_tuple and a shape}}
// expected-error@+1 {{'cute.tuple_add' op failed to infer returned types}}
  %0 = cute.tuple_add(%f, %g) : (!cute.int_tuple<"(3,4)">, !cute.shape<"(1,2)">) -> !cute.int_tuple<"(4,6)">
  return
}

// -----

func.func @f(%e: !cute.shape<"4">, %z: !cute.shape<"0">) {
// expected-error@+2 {{'cute.shape_div' op shape_div: divisibility condition violated: 4 and 0 do not divide one another}}
// expected-error@+1 {{'cute.shape_div' op failed to infer returned types}}
  %0 = cute.shape_div(%e, %z) : (!cute.shape<"4">, !cute.shape<"0">) -> !cute.shape<"4">
  return
}

// -----

func.func @f(%a: !cute.layout<"4:1">, %c: !cute.shape<"0">) {
// expected-error@+2 {{'cute.complement' op computed an invalid layout "0:4": expects positive shape modes, but got "0:4"}}
// expected-error@+1 {{'cute.complement' op failed to infer returned types}}
  %0 = cute.complement(%a, %c) : (!cute.layout<"4:1">, !cute.shape<"0">) -> !cute.layout<"1:0">
  return
}

// -----

func.func @f(%a: !cute.layout<"(2,3):(-1,2)">) {
// expected-error@+2 {{'cute.left_inverse' op computed an invalid layout "(-1,-2,3):(0,1,2)": expects positive shape modes, but got "(-1,-2,3):(0,1,2)"}}
// expected-error@+1 {{'cute.left_inverse' op failed to infer returned types}}
  %1 = cute.left_inverse(%a) : (!cute.layout<"(2,3):(-1,2)">) -> !cute.layout<"1:0">
  return
}

// -----

func.func @f(%l: !cute.layout<"(4,8):(1,4)">, %s: !cute.shape<"(8,8)">, %o: !cute.int_tuple<"(?,0)">) {
// expected-error@+2 {{'cute.tile_to_shape' op expects a static order, but got "(?,0)"}}
// expected-error@+1 {{'cute.tile_to_shape' op failed to infer returned types}}
  %0 = cute.tile_to_shape(%l, %s, %o) : (!cute.layout<"(4,8):(1,4)">, !cute.shape<"(8,8)">, !cute.int_tuple<"(?,0)">) -> !cute.layout<"(4,8):(1,4)">
  return
}
