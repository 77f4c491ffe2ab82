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
// expected-error@+2 {{'cute.complement' op expects input with static strides for layouts with more than one mode, but '!cute.layout<"(4,2):(1,?)">' has dynamic strides with rank 2: complement: dynamic strides are only supported for rank-1 layouts (layout (4,2):(1,?))}}
// expected-error@+1 {{'cute.complement' op failed to infer returned types}}
  %0 = cute.complement(%l) : (!cute.layout<"(4,2):(1,?)">) -> !cute.layout<"1:0">
  return
}

// -----

func.func @f(%a: !cute.layout<"(4,8):(1,4)">, %b: !cute.tile<"[2:1;2:1;2:1]">) {
// expected-error@+2 {{'cute.composition' op expects a valid composition result, but construction failed: composition: too many modes in the tiler [2:1;2:1;2:1] for the layout (4,8):(1,4)}}
// expected-error@+1 {{'cute.composition' op failed to infer returned types}}
  %0 = cute.composition(%a, %b) : (!cute.layout<"(4,8):(1,4)">, !cute.tile<"[2:1;2:1;2:1]">) -> !cute.layout<"(2,2,2):(1,4,1)">
  return
}

// -----

func.func @f(%l: !cute.layout<"(2,3,4):(1,2,6)">, %c: !cute.coord<"(_,?)">) {
// expected-error@+1 {{'cute.dice' op expects coord to be static, but got '!cute.coord<"(_,?)">'}}
  %0 = cute.dice(%l, %c) : !cute.layout<"(2,3,4):(1,2,6)">, !cute.coord<"(_,?)">
  return
}

// -----

func.func @f(%l: !cute.layout<"(2,3,4):(1,2,6)">, %c: !cute.coord<"(_,?,?)">) {
// expected-error@+1 {{'cute.dice' op expects coord to be static, but got '!cute.coord<"(_,?,?)">'}}
  %0 = cute.dice(%l, %c) : !cute.layout<"(2,3,4):(1,2,6)">, !cute.coord<"(_,?,?)">
  return
}

// -----

func.func @f(%l: !cute.layout<"(2,3,4):(1,2,6)">, %c: !cute.coord<"(_,1)">) {
// expected-error@+1 {{'cute.slice' op expects coord to be weakly congruent with input shape, but got '!cute.layout<"(2,3,4):(1,2,6)">' and '!cute.coord<"(_,1)">'}}
  %0 = cute.slice(%l, %c) : !cute.layout<"(2,3,4):(1,2,6)">, !cute.coord<"(_,1)">
  return
}

// -----

func.func @f(%l: !cute.shape<"(2,3,4)">, %c: !cute.coord<"(_,(1,2),3)">) {
// expected-error@+1 {{'cute.slice' op expects coord to be weakly congruent with input shape, but got '!cute.shape<"(2,3,4)">' and '!cute.coord<"(_,(1,2),3)">'}}
  %0 = cute.slice(%l, %c) : !cute.shape<"(2,3,4)">, !cute.coord<"(_,(1,2),3)">
  return
}

// -----

func.func @f(%l: !cute.layout<"(4,5,6):(1,4,20)">) {
// expected-error@+2 {{'cute.group_modes' op expects begin < end, but got begin=2, end=1}}
// expected-error@+1 {{'cute.group_modes' op failed to infer returned types}}
  %0 = cute.group_modes<2, 1> (%l) : (!cute.layout<"(4,5,6):(1,4,20)">) -> !cute.layout<"(4,5,6):(1,4,20)">
  return
}

// -----

func.func @f(%l: !cute.layout<"(4,5,6):(1,4,20)">) {
// expected-error@+2 {{'cute.group_modes' op expects end <= rank(input)=3, but got end=4}}
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
// expected-error@+2 {{'cute.recast_layout' op expects new_type_bits to be positive, but got 0}}
// expected-error@+1 {{'cute.recast_layout' op failed to infer returned types}}
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
// expected-error@+2 {{'cute.left_inverse' op expects a static-stride input layout for left inverse, but got '!cute.layout<"(4,2):(1,?)">'}}
// expected-error@+1 {{'cute.left_inverse' op failed to infer returned types}}
  %0 = cute.left_inverse(%l) : (!cute.layout<"(4,2):(1,?)">) -> !cute.layout<"1:0">
  return
}

// -----

func.func @f(%a: !cute.layout<"(3,2):(1,3)">, %s: !cute.shape<"(5,8)">) {
// expected-error@+2 {{'cute.tile_to_shape' op expects valid operands, but cannot compute tile_to_shape for '!cute.layout<"(3,2):(1,3)">' and '!cute.shape<"(5,8)">': tile_to_shape: the block shape does not divide the target shape (block (3,2):(1,3), shape (5,8))}}
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
// expected-error@+2 {{'cute.zipped_divide' op expects rank(tiler) <= rank(input), but got rank 3 tiler and rank 2 input}}
// expected-error@+1 {{'cute.zipped_divide' op failed to infer returned types}}
  %0 = cute.zipped_divide(%a, %t) : (!cute.layout<"(6,8):(8,1)">, !cute.shape<"(3,4,2)">) -> !cute.layout<"(6,8):(8,1)">
  return
}

// -----

func.func @f(%a: !cute.layout<"(3,4):(4,1)">, %b: !cute.layout<"(2,?):(1,?)">) {
// expected-error@+2 {{'cute.logical_product' op inferred type(s) '!cute.layout<"((3,4),(2,?)):((4,1),(12,?{div=12}))">' are incompatible with return type(s) of operation '!cute.layout<"(3,4):(4,1)">'}}
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
// expected-error@+1 {{'cute.elem_less' op expects congruent inputs, but got '!cute.coord<"(3,4)">' and '!cute.shape<"(5,(6,7))">'}}
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
// expected-error@+2 {{'cute.tuple_add' op expects matching nesting at element 1, but got: '!cute.int_tuple<"(1,2)">' and '!cute.int_tuple<"(1,(2,3))">'}}
// expected-error@+1 {{'cute.tuple_add' op failed to infer returned types}}
  %0 = cute.tuple_add(%a, %b) : (!cute.int_tuple<"(1,2)">, !cute.int_tuple<"(1,(2,3))">) -> !cute.int_tuple<"(2,4)">
  return
}

// -----

func.func @f(%a: !cute.shape<"12">, %b: !cute.shape<"8">) {
// expected-error@+2 {{'cute.shape_div' op expects valid operands, but cannot compute shape_div for '!cute.shape<"12">' and '!cute.shape<"8">': 12 is not divisible by 8 (neither 12 % 8 == 0 nor 8 % 12 == 0)}}
// expected-error@+1 {{'cute.shape_div' op failed to infer returned types}}
  %0 = cute.shape_div(%a, %b) : (!cute.shape<"12">, !cute.shape<"8">) -> !cute.shape<"2">
  return
}

// -----

func.func @f(%a: !cute.shape<"(4,6)">, %b: !cute.shape<"(2,3,4)">) {
// expected-error@+2 {{'cute.shape_div' op expects valid operands, but cannot compute shape_div for '!cute.shape<"(4,6)">' and '!cute.shape<"(2,3,4)">': shape_div: mismatched ranks of (4,6) and (2,3,4)}}
// expected-error@+1 {{'cute.shape_div' op failed to infer returned types}}
  %0 = cute.shape_div(%a, %b) : (!cute.shape<"(4,6)">, !cute.shape<"(2,3,4)">) -> !cute.shape<"(2,2)">
  return
}

// -----

func.func @f(%a: !cute.int_tuple<"8">, %b: !cute.int_tuple<"0">) {
// expected-error@+2 {{'cute.ceil_div' op expects valid operands, but cannot compute ceil_div for '!cute.int_tuple<"8">' and '!cute.int_tuple<"0">': tiler is zero}}
// expected-error@+1 {{'cute.ceil_div' op failed to infer returned types}}
  %0 = cute.ceil_div(%a, %b) : (!cute.int_tuple<"8">, !cute.int_tuple<"0">) -> !cute.int_tuple<"8">
  return
}

// -----

func.func @f(%a: !cute.int_tuple<"(8,4)">, %b: !cute.int_tuple<"(2,2,2)">) {
// expected-error@+2 {{'cute.ceil_div' op expects valid operands, but cannot compute ceil_div for '!cute.int_tuple<"(8,4)">' and '!cute.int_tuple<"(2,2,2)">': rank(tiler)=3 > rank(input)=2}}
// expected-error@+1 {{'cute.ceil_div' op failed to infer returned types}}
  %0 = cute.ceil_div(%a, %b) : (!cute.int_tuple<"(8,4)">, !cute.int_tuple<"(2,2,2)">) -> !cute.int_tuple<"(4,2)">
  return
}

// -----

func.func @f(%c: !cute.coord<"(1,_)">, %l: !cute.layout<"(4,8):(1,4)">) {
// A `_` mode evaluates as 0 (CuTe IR): the index is 1, not 2.
// expected-error@+2 {{'cute.layout_eval' op inferred type(s) '!cute.int_tuple<"1">' are incompatible with return type(s) of operation '!cute.int_tuple<"2">'}}
// expected-error@+1 {{'cute.layout_eval' op failed to infer returned types}}
  %0 = cute.layout_eval(%c, %l) : (!cute.coord<"(1,_)">, !cute.layout<"(4,8):(1,4)">) -> !cute.int_tuple<"2">
  return
}

// -----

func.func @f(%c: !cute.coord<"(1,2,3)">, %s: !cute.shape<"(4,8)">) {
// expected-error@+2 {{'cute.crd2idx' op expects coord and shape to be weakly congruent, but got '!cute.coord<"(1,2,3)">' and '!cute.shape<"(4,8)">'}}
// expected-error@+1 {{'cute.crd2idx' op failed to infer returned types}}
  %0 = cute.crd2idx(%c, %s) : (!cute.coord<"(1,2,3)">, !cute.shape<"(4,8)">) -> !cute.int_tuple<"1">
  return
}

// -----

func.func @f(%c: !cute.coord<"(1,2)">, %l: !cute.layout<"(4,8,2):(1,4,32)">) {
// expected-error@+2 {{'cute.layout_eval' op expects coordinate rank 3 (to match layout shape rank) or be a leaf, but got 2}}
// expected-error@+1 {{'cute.layout_eval' op failed to infer returned types}}
  %0 = cute.layout_eval(%c, %l) : (!cute.coord<"(1,2)">, !cute.layout<"(4,8,2):(1,4,32)">) -> !cute.int_tuple<"9">
  return
}

// -----

func.func @f(%i: !cute.int_tuple<"(1,2)">, %s: !cute.shape<"8">) {
// expected-error@+2 {{'cute.idx2crd' op expects index rank 1 (to match shape rank) or scalar, but got 2}}
// expected-error@+1 {{'cute.idx2crd' op failed to infer returned types}}
  %0 = cute.idx2crd(%i, %s) : (!cute.int_tuple<"(1,2)">, !cute.shape<"8">) -> !cute.coord<"1">
  return
}

// -----

func.func @f(%s: !cute.shape<"(?,8)">, %e: !cute.layout<"1:0">) {
// expected-error@+1 {{'cute.append_to_rank' op expects input and element to have the same kind, but got '!cute.shape<"(?,8)">' and '!cute.layout<"1:0">'}}
  %0 = cute.append_to_rank<4> (%s, %e) : !cute.shape<"(?,8)">, !cute.layout<"1:0">
  return
}

// -----

func.func @f(%s: !cute.layout<"(4,8):(1,4)">, %e: !cute.shape<"1">) {
// expected-error@+1 {{'cute.prepend_to_rank' op expects input and element to have the same kind, but got '!cute.layout<"(4,8):(1,4)">' and '!cute.shape<"1">'}}
  %0 = cute.prepend_to_rank<4> (%s, %e) : !cute.layout<"(4,8):(1,4)">, !cute.shape<"1">
  return
}

// -----

func.func @f(%s: !cute.shape<"(4,8)">, %e: !cute.shape<"1">) {
// expected-error@+1 {{'cute.append_to_rank' op expects rank to be a positive integer, but got 0}}
  %0 = cute.append_to_rank<0> (%s, %e) : !cute.shape<"(4,8)">, !cute.shape<"1">
  return
}

// -----

func.func @f(%l: !cute.layout<"(3,(4,5)):(8,(1,4))">, %p: !cute.coord<"(1,1,1)">) {
// expected-error@+2 {{'cute.coalesce' op expects target_profile rank (3) to not exceed the layout rank (2)}}
// expected-error@+1 {{'cute.coalesce' op failed to infer returned types}}
  %0 = cute.coalesce(%l, %p) : (!cute.layout<"(3,(4,5)):(8,(1,4))">, !cute.coord<"(1,1,1)">) -> !cute.layout<"(3,20):(8,1)">
  return
}

// -----

// Upcasting divides the offset, which must stay whole.
func.func @f(%l: !cute.composed_layout<"(4,5):(1,4) o 3 o (2,3):(1,2)">) {
// expected-error@+2 {{'cute.recast_layout' op unable to recast '!cute.composed_layout<"(4,5):(1,4) o 3 o (2,3):(1,2)">' from 8 bits to 16 bits}}
// expected-error@+1 {{'cute.recast_layout' op failed to infer returned types}}
  %0 = cute.recast_layout<16, 8> (%l) : !cute.composed_layout<"(4,5):(1,4) o 3 o (2,3):(1,2)"> -> !cute.composed_layout<"(4,5):(1,4) o 3 o (2,3):(1,2)">
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
// expected-error@+1 {{'cute.flatten' op operand #0 must be !cute.shape, !cute.int_tuple, !cute.coord, !cute.stride, !cute.tile, !cute.layout, or !cute.composed_layout, but got '!cute.swizzle<"S<1,2,3>">'}}
  %0 = cute.flatten(%l) : (!cute.swizzle<"S<1,2,3>">) -> !cute.swizzle<"S<1,2,3>">
  return
}

// -----

func.func @f(%a: !cute.layout<"(4,6):(1,5)">, %b: !cute.layout<"3:2">) {
// expected-error@+2 {{'cute.composition' op expects a valid composition result, but construction failed: composition: shape divisibility condition violated: the rhs shape 3 is not divisible by 2 (lhs (4,6):(1,5), rhs 3:2)}}
// expected-error@+1 {{'cute.composition' op failed to infer returned types}}
  %0 = cute.composition(%a, %b) : (!cute.layout<"(4,6):(1,5)">, !cute.layout<"3:2">) -> !cute.layout<"3:2">
  return
}

// -----

func.func @f(%d: !cute.layout<"(8,4,2):(13,2,1)">) {
// expected-error@+2 {{'cute.left_inverse' op unable to compute a left inverse for '!cute.layout<"(8,4,2):(13,2,1)">': left_inverse: divisibility condition violated: stride 13 is not a multiple of 2 ((8,4,2):(13,2,1))}}
// expected-error@+1 {{'cute.left_inverse' op failed to infer returned types}}
  %0 = cute.left_inverse(%d) : (!cute.layout<"(8,4,2):(13,2,1)">) -> !cute.layout<"1:0">
  return
}

// -----

func.func @f(%f: !cute.int_tuple<"(3,4)">, %g: !cute.shape<"(1,2)">) {
// expected-error@+2 {{'cute.tuple_add' op expects lhs and rhs to have the same kind, but got '!cute.int_tuple<"(3,4)">' and '!cute.shape<"(1,2)">'}}
// expected-error@+1 {{'cute.tuple_add' op failed to infer returned types}}
  %0 = cute.tuple_add(%f, %g) : (!cute.int_tuple<"(3,4)">, !cute.shape<"(1,2)">) -> !cute.int_tuple<"(4,6)">
  return
}

// -----

func.func @f(%e: !cute.shape<"4">, %z: !cute.shape<"0">) {
// expected-error@+2 {{'cute.shape_div' op expects valid operands, but cannot compute shape_div for '!cute.shape<"4">' and '!cute.shape<"0">': divisor is zero}}
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
// expected-error@+2 {{'cute.tile_to_shape' op expects static order, but got (?,0)}}
// expected-error@+1 {{'cute.tile_to_shape' op failed to infer returned types}}
  %0 = cute.tile_to_shape(%l, %s, %o) : (!cute.layout<"(4,8):(1,4)">, !cute.shape<"(8,8)">, !cute.int_tuple<"(?,0)">) -> !cute.layout<"(4,8):(1,4)">
  return
}

// -----

// 0 is an identity on the right of tuple_sub only.
func.func @f(%a: !cute.int_tuple<"0">, %b: !cute.int_tuple<"(3,4)">) {
// expected-error@+2 {{'cute.tuple_sub' op expects matching structure, but lhs is a scalar and rhs is a tuple: '!cute.int_tuple<"0">' and '!cute.int_tuple<"(3,4)">'}}
// expected-error@+1 {{'cute.tuple_sub' op failed to infer returned types}}
  %0 = cute.tuple_sub(%a, %b) : (!cute.int_tuple<"0">, !cute.int_tuple<"(3,4)">) -> !cute.int_tuple<"(3,4)">
  return
}

// -----

// A nonzero scalar against a tuple.
func.func @f(%a: !cute.int_tuple<"(3,4)">, %b: !cute.int_tuple<"?">) {
// expected-error@+2 {{'cute.tuple_add' op expects matching structure, but rhs is a scalar and lhs is a tuple: '!cute.int_tuple<"(3,4)">' and '!cute.int_tuple<"?">'}}
// expected-error@+1 {{'cute.tuple_add' op failed to infer returned types}}
  %0 = cute.tuple_add(%a, %b) : (!cute.int_tuple<"(3,4)">, !cute.int_tuple<"?">) -> !cute.int_tuple<"(3,4)">
  return
}

// -----

// The zero identity is top-level only.
func.func @f(%a: !cute.int_tuple<"((1,2),3)">, %b: !cute.int_tuple<"(0,5)">) {
// expected-error@+2 {{'cute.tuple_add' op expects matching nesting at element 0, but got: '!cute.int_tuple<"((1,2),3)">' and '!cute.int_tuple<"(0,5)">'}}
// expected-error@+1 {{'cute.tuple_add' op failed to infer returned types}}
  %0 = cute.tuple_add(%a, %b) : (!cute.int_tuple<"((1,2),3)">, !cute.int_tuple<"(0,5)">) -> !cute.int_tuple<"((1,2),8)">
  return
}

// -----

func.func @f(%a: !cute.layout<"(?,8):(1,4)">, %b: !cute.layout<"(2,4):(1,2)">) {
// expected-error@+2 {{'cute.blocked_product' op expects lhs to be static, but got '!cute.layout<"(?,8):(1,4)">'}}
// expected-error@+1 {{'cute.blocked_product' op failed to infer returned types}}
  %0 = cute.blocked_product(%a, %b) : (!cute.layout<"(?,8):(1,4)">, !cute.layout<"(2,4):(1,2)">) -> !cute.layout<"1:0">
  return
}

// -----

func.func @f(%a: !cute.composed_layout<"S<3,4,3> o 0 o (?,?):(?,?)">, %b: !cute.layout<"(2,5):(1,2)">) {
// expected-error@+2 {{'cute.logical_product' op expects lhs to be static, but got '!cute.composed_layout<"S<3,4,3> o 0 o (?,?):(?,?)">'}}
// expected-error@+1 {{'cute.logical_product' op failed to infer returned types}}
  %0 = cute.logical_product(%a, %b) : (!cute.composed_layout<"S<3,4,3> o 0 o (?,?):(?,?)">, !cute.layout<"(2,5):(1,2)">) -> !cute.composed_layout<"S<3,4,3> o 0 o 1:0">
  return
}

// -----

func.func @f(%a: !cute.layout<"(6,8):(8,1)">, %b: !cute.layout<"(?,?):(?,?)">) {
// expected-error@+2 {{'cute.logical_divide' op expects tiler to have a static stride or to be rank-1, but got tiler (?,?):(?,?)}}
// expected-error@+1 {{'cute.logical_divide' op failed to infer returned types}}
  %0 = cute.logical_divide(%a, %b) : (!cute.layout<"(6,8):(8,1)">, !cute.layout<"(?,?):(?,?)">) -> !cute.layout<"1:0">
  return
}

// -----

func.func @f(%a: !cute.layout<"(6,8):(8,1)">, %b: !cute.tile<"[[3:1;(?,?):(?,?)];4:1]">) {
// expected-error@+2 {{'cute.tiled_divide' op expects tiler to have a static stride or to be rank-1, but got tiler (?,?):(?,?) at mode path [0, 1]}}
// expected-error@+1 {{'cute.tiled_divide' op failed to infer returned types}}
  %0 = cute.tiled_divide(%a, %b) : (!cute.layout<"(6,8):(8,1)">, !cute.tile<"[[3:1;(?,?):(?,?)];4:1]">) -> !cute.layout<"1:0">
  return
}

// -----

func.func @f(%a: !cute.composed_layout<"S<3,4,3> o 0 o 24:1">, %b: !cute.shape<"(4,6)">) {
// expected-error@+2 {{'cute.flat_divide' op expects rank(tiler) <= rank(input), but got rank 2 tiler and rank 1 input}}
// expected-error@+1 {{'cute.flat_divide' op failed to infer returned types}}
  %0 = cute.flat_divide(%a, %b) : (!cute.composed_layout<"S<3,4,3> o 0 o 24:1">, !cute.shape<"(4,6)">) -> !cute.layout<"1:0">
  return
}

// -----

// A library failure keeps its reason after CuTe IR's wording.
func.func @f(%a: !cute.layout<"(12,32):(1,128)">, %b: !cute.layout<"(4,8):(1,4)">) {
// expected-error@+2 {{'cute.logical_divide' op expects valid operands, but cannot compute divide for '!cute.layout<"(12,32):(1,128)">' and '!cute.layout<"(4,8):(1,4)">': }}
// expected-error@+1 {{'cute.logical_divide' op failed to infer returned types}}
  %0 = cute.logical_divide(%a, %b) : (!cute.layout<"(12,32):(1,128)">, !cute.layout<"(4,8):(1,4)">) -> !cute.layout<"1:0">
  return
}

// -----

func.func @f(%a: !cute.layout<"(128,128):(128,1)">, %b: !cute.shape<"(1024,512)">, %o: !cute.int_tuple<"(0,0)">) {
// expected-error@+2 {{'cute.tile_to_shape' op expects $order to be a permutation of [0, 2), but index 0 appears more than once}}
// expected-error@+1 {{'cute.tile_to_shape' op failed to infer returned types}}
  %0 = cute.tile_to_shape(%a, %b, %o) : (!cute.layout<"(128,128):(128,1)">, !cute.shape<"(1024,512)">, !cute.int_tuple<"(0,0)">) -> !cute.layout<"1:0">
  return
}

// -----

func.func @f(%a: !cute.layout<"(128,128):(128,1)">, %b: !cute.shape<"(1024,512)">, %o: !cute.int_tuple<"(1,2)">) {
// expected-error@+2 {{'cute.tile_to_shape' op expects $order to be a permutation of [0, 2), but got out-of-range index 2 at mode 1}}
// expected-error@+1 {{'cute.tile_to_shape' op failed to infer returned types}}
  %0 = cute.tile_to_shape(%a, %b, %o) : (!cute.layout<"(128,128):(128,1)">, !cute.shape<"(1024,512)">, !cute.int_tuple<"(1,2)">) -> !cute.layout<"1:0">
  return
}

// -----

func.func @f(%a: !cute.layout<"(128,128):(128,1)">, %b: !cute.shape<"(1024,512)">, %o: !cute.int_tuple<"(1,0,2)">) {
// expected-error@+2 {{'cute.tile_to_shape' op expects order rank (3) to equal target-shape rank (2)}}
// expected-error@+1 {{'cute.tile_to_shape' op failed to infer returned types}}
  %0 = cute.tile_to_shape(%a, %b, %o) : (!cute.layout<"(128,128):(128,1)">, !cute.shape<"(1024,512)">, !cute.int_tuple<"(1,0,2)">) -> !cute.layout<"1:0">
  return
}

// -----

func.func @f(%a: !cute.layout<"(2,3,4):(1,2,6)">, %b: !cute.shape<"(8,12)">) {
// expected-error@+2 {{'cute.tile_to_shape' op expects block layout rank <= target shape rank, but got rank 3 block and rank 2 target shape}}
// expected-error@+1 {{'cute.tile_to_shape' op failed to infer returned types}}
  %0 = cute.tile_to_shape(%a, %b) : (!cute.layout<"(2,3,4):(1,2,6)">, !cute.shape<"(8,12)">) -> !cute.layout<"1:0">
  return
}

// -----

func.func @f(%l: !cute.layout<"4:1">, %p: !cute.coord<"(1,1)">) {
// expected-error@+2 {{'cute.coalesce' op expects target_profile rank (2) to not exceed the layout rank (1) at mode path [0]}}
// expected-error@+1 {{'cute.coalesce' op failed to infer returned types}}
  %0 = cute.coalesce(%l, %p) : (!cute.layout<"4:1">, !cute.coord<"(1,1)">) -> !cute.layout<"4:1">
  return
}

// -----

func.func @f(%l: !cute.layout<"((4,2),8):((1,4),8)">, %p: !cute.coord<"((1,1,1),1)">) {
// expected-error@+2 {{'cute.coalesce' op expects target_profile rank (3) to not exceed the layout rank (2) at mode path [0]}}
// expected-error@+1 {{'cute.coalesce' op failed to infer returned types}}
  %0 = cute.coalesce(%l, %p) : (!cute.layout<"((4,2),8):((1,4),8)">, !cute.coord<"((1,1,1),1)">) -> !cute.layout<"1:0">
  return
}

// -----

func.func @f(%l: !cute.composed_layout<"(2,3):(1,2) o 0 o (4,5):(1,4)">) {
// expected-error@+2 {{'cute.cosize' op expects composed_layout inner to be a swizzle (cosize is undefined for affine inner), but got '!cute.composed_layout<"(2,3):(1,2) o 0 o (4,5):(1,4)">'}}
// expected-error@+1 {{'cute.cosize' op failed to infer returned types}}
  %0 = cute.cosize(%l) : (!cute.composed_layout<"(2,3):(1,2) o 0 o (4,5):(1,4)">) -> !cute.int_tuple<"6">
  return
}

// -----

func.func @f(%l: !cute.composed_layout<"(4,5):(1,4) o 2 o (4,2):(2,1)">) {
// expected-error@+2 {{'cute.make_layout_like' op expects source composed layout to have a Swizzle A component, but got a layout A}}
// expected-error@+1 {{'cute.make_layout_like' op failed to infer returned types}}
  %0 = cute.make_layout_like(%l) : !cute.composed_layout<"(4,5):(1,4) o 2 o (4,2):(2,1)"> -> !cute.layout<"(4,2):(2,1)">
  return
}

// -----

func.func @f(%l: !cute.composed_layout<"S<3,5,4> o 0 o (?,4):(1,?)">, %c: !cute.coord<"(1,_)">) {
// expected-error@+1 {{'cute.slice' op expects swizzle-A composed slice's outer layout to be static, but got '!cute.composed_layout<"S<3,5,4> o 0 o (?,4):(1,?)">'}}
  %0 = cute.slice(%l, %c) : !cute.composed_layout<"S<3,5,4> o 0 o (?,4):(1,?)">, !cute.coord<"(1,_)">
  return
}

// -----

func.func @f(%l: !cute.composed_layout<"S<3,5,4> o 0 o (8,4):(1,8)">, %c: !cute.coord<"(2,1)">) {
// expected-error@+1 {{'cute.slice' op expects swizzle-A composed slice's coord to contain at least one underscore, but got '!cute.coord<"(2,1)">'}}
  %0 = cute.slice(%l, %c) : !cute.composed_layout<"S<3,5,4> o 0 o (8,4):(1,8)">, !cute.coord<"(2,1)">
  return
}

// -----

func.func @f(%l: !cute.layout<"(2,3):(1@0,1@1)">) {
// expected-error@+2 {{'cute.recast_layout' op expects integer or dynamic strides, but '!cute.layout<"(2,3):(1@0,1@1)">' has scaled-basis strides}}
// expected-error@+1 {{'cute.recast_layout' op failed to infer returned types}}
  %0 = cute.recast_layout<32, 8> (%l) : !cute.layout<"(2,3):(1@0,1@1)"> -> !cute.layout<"1:0">
  return
}

// -----

func.func @f(%l: !cute.layout<"(8,4):(1,8)">) {
// expected-error@+2 {{'cute.recast_layout' op expects old_type_bits to be positive, but got -4}}
// expected-error@+1 {{'cute.recast_layout' op failed to infer returned types}}
  %0 = cute.recast_layout<8, -4> (%l) : !cute.layout<"(8,4):(1,8)"> -> !cute.layout<"1:0">
  return
}

// -----

func.func @f(%l: !cute.layout<"(4,5,6):(1,4,20)">) {
// expected-error@+2 {{'cute.group_modes' op expects 0 <= begin, but got begin=-1}}
// expected-error@+1 {{'cute.group_modes' op failed to infer returned types}}
  %0 = cute.group_modes<-1, 2> (%l) : (!cute.layout<"(4,5,6):(1,4,20)">) -> !cute.layout<"1:0">
  return
}

// -----

func.func @f(%l: !cute.layout<"(?,3):(3,1)">) {
// expected-error@+2 {{'cute.left_inverse' op expects a static-shape input layout, but got '!cute.layout<"(?,3):(3,1)">'}}
// expected-error@+1 {{'cute.left_inverse' op failed to infer returned types}}
  %0 = cute.left_inverse(%l) : (!cute.layout<"(?,3):(3,1)">) -> !cute.layout<"1:0">
  return
}

// -----

func.func @f(%l: !cute.layout<"(?,3):(1,4)">) {
// expected-error@+2 {{'cute.right_inverse' op expects a static-shape input layout, but got '!cute.layout<"(?,3):(1,4)">'}}
// expected-error@+1 {{'cute.right_inverse' op failed to infer returned types}}
  %0 = cute.right_inverse(%l) : (!cute.layout<"(?,3):(1,4)">) -> !cute.layout<"1:0">
  return
}

// -----

func.func @f(%a: !cute.int_tuple<"?">, %s: !cute.shape<"(?,(?,?,?))">, %i: !cute.int_tuple<"(?,(?,?))">) {
// expected-error@+2 {{'cute.idx2crd' op unable to compute idx2crd for index '!cute.int_tuple<"(?,(?,?))">' and shape '!cute.shape<"(?,(?,?,?))">': }}
// expected-error@+1 {{'cute.idx2crd' op failed to infer returned types}}
  %0 = cute.idx2crd(%i, %s) : (!cute.int_tuple<"(?,(?,?))">, !cute.shape<"(?,(?,?,?))">) -> !cute.coord<"(?,(?,?))">
  return
}
