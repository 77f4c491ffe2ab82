// RUN: cute-opt --allow-unregistered-dialect %s | FileCheck %s
// RUN: cute-opt --allow-unregistered-dialect %s --mlir-print-op-generic | cute-opt --allow-unregistered-dialect | FileCheck %s
// RUN: cute-opt --allow-unregistered-dialect %s | cute-opt --allow-unregistered-dialect | FileCheck %s

// Layout algebra: composition, coalesce, flatten, complement, group_modes,
// recast_layout, slice, dice, right_inverse, left_inverse.
// Hand values (CuTe layout.hpp algorithms):
//   complement((2,2):(1,6), 24) = coalesce((1,3,2):(1,2,12)) = (3,2):(2,12)
//   complement((2,4):(8,1), 24) = coalesce((1,2,2):(1,4,16)) = (2,2):(4,16)
//   complement((2,2):(4,1), (4,8)) = (2,4):(2,8)
//   left_inverse((4,2):(1,8)) = coalesce((1,8,2):(0,1,4)) = (8,2):(1,4)
//   slice/dice flatten the kept modes (filter_tuple): (2,(3,4),5) sliced by
//   (_,(1,_),?) = (2,4), diced by (_,(1,_),3) = (3,5).

// CHECK-LABEL: func.func @composition
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.composition(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.layout<"(20):(2)">, !cute.layout<"(5,4):(4,1)">) -> !cute.layout<"(5,4):(8,2)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.composition(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.layout<"(4,8):(1,4)">, !cute.shape<"(2,4)">) -> !cute.layout<"(2,4):(1,4)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.composition(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.layout<"(4,8):(1,4)">, !cute.tile<"[(2,4):(1,2)]">) -> !cute.layout<"((2,4)):((1,2))">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.composition(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.layout<"(6,2):(8,2)">, !cute.layout<"(4,3):(3,1)">) -> !cute.layout<"((2,2),3):((24,2),8)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.composition(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.composed_layout<"S<3,5,4> o 0 o (8,4):(1,8)">, !cute.layout<"(4,2):(2,1)">) -> !cute.composed_layout<"S<3,5,4> o 0 o (4,2):(2,1)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.composition(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.layout<"?:?">, !cute.tile<"[4:1]">) -> !cute.layout<"(4):(?)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.composition(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.layout<"(4,8):(1,4)">, !cute.tile<"[_;2:2]">) -> !cute.layout<"(4,2):(1,8)">
func.func @composition(%a: !cute.layout<"(20):(2)">, %b: !cute.layout<"(5,4):(4,1)">, %c: !cute.layout<"(4,8):(1,4)">, %s: !cute.shape<"(2,4)">, %t: !cute.tile<"[(2,4):(1,2)]">, %d: !cute.layout<"(6,2):(8,2)">, %e: !cute.layout<"(4,3):(3,1)">, %cl: !cute.composed_layout<"S<3,5,4> o 0 o (8,4):(1,8)">, %f: !cute.layout<"(4,2):(2,1)">, %g: !cute.layout<"?:?">, %t4: !cute.tile<"[4:1]">, %u: !cute.tile<"[_;2:2]">) {
  %0 = cute.composition(%a, %b) : (!cute.layout<"(20):(2)">, !cute.layout<"(5,4):(4,1)">) -> !cute.layout<"(5,4):(8,2)">
  %1 = cute.composition(%c, %s) : (!cute.layout<"(4,8):(1,4)">, !cute.shape<"(2,4)">) -> !cute.layout<"(2,4):(1,4)">
  %2 = cute.composition(%c, %t) : (!cute.layout<"(4,8):(1,4)">, !cute.tile<"[(2,4):(1,2)]">) -> !cute.layout<"((2,4)):((1,2))">
  %3 = cute.composition(%d, %e) : (!cute.layout<"(6,2):(8,2)">, !cute.layout<"(4,3):(3,1)">) -> !cute.layout<"((2,2),3):((24,2),8)">
  %4 = cute.composition(%cl, %f) : (!cute.composed_layout<"S<3,5,4> o 0 o (8,4):(1,8)">, !cute.layout<"(4,2):(2,1)">) -> !cute.composed_layout<"S<3,5,4> o 0 o (4,2):(2,1)">
  %5 = cute.composition(%g, %t4) : (!cute.layout<"?:?">, !cute.tile<"[4:1]">) -> !cute.layout<"(4):(?)">
  %6 = cute.composition(%c, %u) : (!cute.layout<"(4,8):(1,4)">, !cute.tile<"[_;2:2]">) -> !cute.layout<"(4,2):(1,8)">
  return
}

// CHECK-LABEL: func.func @coalesce
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.coalesce(%{{[a-zA-Z0-9_#:]+}}) : (!cute.layout<"(4,5,?,3,2):(1,4,?,1,3)">) -> !cute.layout<"(20,?,6):(1,?,1)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.coalesce(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.layout<"(3,(4,5)):(8,(1,4))">, !cute.coord<"(1,1)">) -> !cute.layout<"(3,20):(8,1)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.coalesce(%{{[a-zA-Z0-9_#:]+}}) : (!cute.layout<"(?):(?)">) -> !cute.layout<"?:?">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.coalesce(%{{[a-zA-Z0-9_#:]+}}) : (!cute.layout<"(2,(1,6)):(1,(6,2))">) -> !cute.layout<"12:1">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.coalesce(%{{[a-zA-Z0-9_#:]+}}) : (!cute.layout<"(1,1):(3,4)">) -> !cute.layout<"1:0">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.coalesce(%{{[a-zA-Z0-9_#:]+}}) : (!cute.composed_layout<"S<3,5,4> o 0 o (8,(2,2)):(1,(8,16))">) -> !cute.composed_layout<"S<3,5,4> o 0 o 32:1">
func.func @coalesce(%a: !cute.layout<"(4,5,?,3,2):(1,4,?,1,3)">, %b: !cute.layout<"(3,(4,5)):(8,(1,4))">, %p: !cute.coord<"(1,1)">, %c: !cute.layout<"(?):(?)">, %d: !cute.layout<"(2,(1,6)):(1,(6,2))">, %e: !cute.layout<"(1,1):(3,4)">, %cl: !cute.composed_layout<"S<3,5,4> o 0 o (8,(2,2)):(1,(8,16))">) {
  %0 = cute.coalesce(%a) : (!cute.layout<"(4,5,?,3,2):(1,4,?,1,3)">) -> !cute.layout<"(20,?,6):(1,?,1)">
  %1 = cute.coalesce(%b, %p) : (!cute.layout<"(3,(4,5)):(8,(1,4))">, !cute.coord<"(1,1)">) -> !cute.layout<"(3,20):(8,1)">
  %2 = cute.coalesce(%c) : (!cute.layout<"(?):(?)">) -> !cute.layout<"?:?">
  %3 = cute.coalesce(%d) : (!cute.layout<"(2,(1,6)):(1,(6,2))">) -> !cute.layout<"12:1">
  %4 = cute.coalesce(%e) : (!cute.layout<"(1,1):(3,4)">) -> !cute.layout<"1:0">
  %5 = cute.coalesce(%cl) : (!cute.composed_layout<"S<3,5,4> o 0 o (8,(2,2)):(1,(8,16))">) -> !cute.composed_layout<"S<3,5,4> o 0 o 32:1">
  return
}

// CHECK-LABEL: func.func @flatten
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.flatten(%{{[a-zA-Z0-9_#:]+}}) : (!cute.shape<"(3,(4,5))">) -> !cute.shape<"(3,4,5)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.flatten(%{{[a-zA-Z0-9_#:]+}}) : (!cute.layout<"((2,3),(4,5)):((1,2),(3,4))">) -> !cute.layout<"(2,3,4,5):(1,2,3,4)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.flatten(%{{[a-zA-Z0-9_#:]+}}) : (!cute.coord<"(_,(1,(?,_)))">) -> !cute.coord<"(_,1,?,_)">
func.func @flatten(%s: !cute.shape<"(3,(4,5))">, %l: !cute.layout<"((2,3),(4,5)):((1,2),(3,4))">, %c: !cute.coord<"(_,(1,(?,_)))">) {
  %0 = cute.flatten(%s) : (!cute.shape<"(3,(4,5))">) -> !cute.shape<"(3,4,5)">
  %1 = cute.flatten(%l) : (!cute.layout<"((2,3),(4,5)):((1,2),(3,4))">) -> !cute.layout<"(2,3,4,5):(1,2,3,4)">
  %2 = cute.flatten(%c) : (!cute.coord<"(_,(1,(?,_)))">) -> !cute.coord<"(_,1,?,_)">
  return
}

// CHECK-LABEL: func.func @complement
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.complement(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.layout<"3:2">, !cute.shape<"6">) -> !cute.layout<"2:1">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.complement(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.layout<"(2,2):(1,6)">, !cute.shape<"24">) -> !cute.layout<"(3,2):(2,12)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.complement(%{{[a-zA-Z0-9_#:]+}}) : (!cute.layout<"4:1">) -> !cute.layout<"1:0">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.complement(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.layout<"(2,4):(8,1)">, !cute.shape<"24">) -> !cute.layout<"(2,2):(4,16)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.complement(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.layout<"4:1">, !cute.layout<"(4,6):(1,4)">) -> !cute.layout<"6:4">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.complement(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.layout<"(2,2):(4,1)">, !cute.shape<"(4,8)">) -> !cute.layout<"(2,4):(2,8)">
func.func @complement(%a: !cute.layout<"3:2">, %c6: !cute.shape<"6">, %b: !cute.layout<"3:1@0">, %d: !cute.layout<"(2,2):(1,6)">, %c24: !cute.shape<"24">, %e: !cute.layout<"4:1">, %f: !cute.layout<"(2,4):(8,1)">, %cl: !cute.layout<"(4,6):(1,4)">, %g: !cute.layout<"(2,2):(4,1)">, %h: !cute.shape<"(4,8)">) {
  %0 = cute.complement(%a, %c6) : (!cute.layout<"3:2">, !cute.shape<"6">) -> !cute.layout<"2:1">
  %2 = cute.complement(%d, %c24) : (!cute.layout<"(2,2):(1,6)">, !cute.shape<"24">) -> !cute.layout<"(3,2):(2,12)">
  %3 = cute.complement(%e) : (!cute.layout<"4:1">) -> !cute.layout<"1:0">
  %4 = cute.complement(%f, %c24) : (!cute.layout<"(2,4):(8,1)">, !cute.shape<"24">) -> !cute.layout<"(2,2):(4,16)">
  %5 = cute.complement(%e, %cl) : (!cute.layout<"4:1">, !cute.layout<"(4,6):(1,4)">) -> !cute.layout<"6:4">
  %6 = cute.complement(%g, %h) : (!cute.layout<"(2,2):(4,1)">, !cute.shape<"(4,8)">) -> !cute.layout<"(2,4):(2,8)">
  return
}

// CHECK-LABEL: func.func @group_recast
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.group_modes<1, 3> (%{{[a-zA-Z0-9_#:]+}}) : (!cute.layout<"(4,5,6):(1,4,20)">) -> !cute.layout<"(4,(5,6)):(1,(4,20))">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.group_modes<0, 2> (%{{[a-zA-Z0-9_#:]+}}) : (!cute.shape<"(2,3,4,5)">) -> !cute.shape<"((2,3),4,5)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.group_modes<0, 3> (%{{[a-zA-Z0-9_#:]+}}) : (!cute.composed_layout<"S<3,5,4> o 0 o (8,4,2):(1,8,32)">) -> !cute.composed_layout<"S<3,5,4> o 0 o ((8,4,2)):((1,8,32))">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.recast_layout<32, 8> (%{{[a-zA-Z0-9_#:]+}}) : !cute.layout<"(32,4):(1,32)"> -> !cute.layout<"(8,4):(1,8)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.recast_layout<32, 8> (%{{[a-zA-Z0-9_#:]+}}) : !cute.composed_layout<"S<3,5,4> o 0 o (32,?):(1,?)"> -> !cute.composed_layout<"S<3,3,4> o 0 o (8,?):(1,?)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.recast_layout<8, 32> (%{{[a-zA-Z0-9_#:]+}}) : !cute.layout<"(8,4):(1,8)"> -> !cute.layout<"(32,4):(1,32)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.recast_layout<16, 16> (%{{[a-zA-Z0-9_#:]+}}) : !cute.layout<"(8,4):(1,8)"> -> !cute.layout<"(8,4):(1,8)">
func.func @group_recast(%l: !cute.layout<"(4,5,6):(1,4,20)">, %s: !cute.shape<"(2,3,4,5)">, %r: !cute.layout<"(32,4):(1,32)">, %cl: !cute.composed_layout<"S<3,5,4> o 0 o (32,?):(1,?)">, %d: !cute.layout<"(8,4):(1,8)">, %cg: !cute.composed_layout<"S<3,5,4> o 0 o (8,4,2):(1,8,32)">) {
  %0 = cute.group_modes<1, 3> (%l) : (!cute.layout<"(4,5,6):(1,4,20)">) -> !cute.layout<"(4,(5,6)):(1,(4,20))">
  %1 = cute.group_modes<0, 2> (%s) : (!cute.shape<"(2,3,4,5)">) -> !cute.shape<"((2,3),4,5)">
  %2 = cute.group_modes<0, 3> (%cg) : (!cute.composed_layout<"S<3,5,4> o 0 o (8,4,2):(1,8,32)">) -> !cute.composed_layout<"S<3,5,4> o 0 o ((8,4,2)):((1,8,32))">
  %3 = cute.recast_layout<32, 8> (%r) : !cute.layout<"(32,4):(1,32)"> -> !cute.layout<"(8,4):(1,8)">
  %4 = cute.recast_layout<32, 8> (%cl) : !cute.composed_layout<"S<3,5,4> o 0 o (32,?):(1,?)"> -> !cute.composed_layout<"S<3,3,4> o 0 o (8,?):(1,?)">
  %5 = cute.recast_layout<8, 32> (%d) : !cute.layout<"(8,4):(1,8)"> -> !cute.layout<"(32,4):(1,32)">
  %6 = cute.recast_layout<16, 16> (%d) : !cute.layout<"(8,4):(1,8)"> -> !cute.layout<"(8,4):(1,8)">
  return
}

// CHECK-LABEL: func.func @slice_dice
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.slice(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : !cute.layout<"(2,3,4):(1,2,6)">, !cute.coord<"(0,_,1)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.slice(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : !cute.layout<"((2,4),3):((1,2),8)">, !cute.coord<"((_,0),_)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.slice(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : !cute.composed_layout<"(4,5):(1,4) o 2 o (8,3):(1,8)">, !cute.coord<"(1,_)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.dice(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : !cute.layout<"(2,3,4):(1,2,6)">, !cute.coord<"(_,1,1)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.slice(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : !cute.shape<"(2,(3,4),5)">, !cute.coord<"(_,(1,_),?)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.dice(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : !cute.shape<"(2,(3,4),5)">, !cute.coord<"(_,(1,_),3)">
func.func @slice_dice(%l: !cute.layout<"(2,3,4):(1,2,6)">, %c: !cute.coord<"(0,_,1)">, %n: !cute.layout<"((2,4),3):((1,2),8)">, %cn: !cute.coord<"((_,0),_)">, %cl: !cute.composed_layout<"(4,5):(1,4) o 2 o (8,3):(1,8)">, %c1: !cute.coord<"(1,_)">, %cd: !cute.coord<"(_,1,1)">, %s: !cute.shape<"(2,(3,4),5)">, %cs: !cute.coord<"(_,(1,_),?)">, %cs2: !cute.coord<"(_,(1,_),3)">) {
  %0 = cute.slice(%l, %c) : !cute.layout<"(2,3,4):(1,2,6)">, !cute.coord<"(0,_,1)">
  %1 = cute.slice(%n, %cn) : !cute.layout<"((2,4),3):((1,2),8)">, !cute.coord<"((_,0),_)">
  %2 = cute.slice(%cl, %c1) : !cute.composed_layout<"(4,5):(1,4) o 2 o (8,3):(1,8)">, !cute.coord<"(1,_)">
  %3 = cute.dice(%l, %cd) : !cute.layout<"(2,3,4):(1,2,6)">, !cute.coord<"(_,1,1)">
  %4 = cute.slice(%s, %cs) : !cute.shape<"(2,(3,4),5)">, !cute.coord<"(_,(1,_),?)">
  %5 = cute.dice(%s, %cs2) : !cute.shape<"(2,(3,4),5)">, !cute.coord<"(_,(1,_),3)">
  "test.use"(%0, %1, %2, %3, %4, %5) : (!cute.layout<"(3):(2)">, !cute.layout<"(2,3):(1,8)">, !cute.composed_layout<"(4,5):(1,4) o 3 o (3):(8)">, !cute.layout<"(3,4):(2,6)">, !cute.shape<"(2,4)">, !cute.shape<"(3,5)">) -> ()
  return
}

// CHECK-LABEL: func.func @inverse
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.right_inverse(%{{[a-zA-Z0-9_#:]+}}) : (!cute.layout<"(4,3):(3,1)">) -> !cute.layout<"(3,4):(4,1)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.left_inverse(%{{[a-zA-Z0-9_#:]+}}) : (!cute.layout<"(4,3):(1,4)">) -> !cute.layout<"12:1">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.right_inverse(%{{[a-zA-Z0-9_#:]+}}) : (!cute.layout<"(2,4):(4,1)">) -> !cute.layout<"(4,2):(2,1)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.right_inverse(%{{[a-zA-Z0-9_#:]+}}) : (!cute.layout<"(4,2):(1,8)">) -> !cute.layout<"4:1">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.left_inverse(%{{[a-zA-Z0-9_#:]+}}) : (!cute.layout<"(4,2):(1,8)">) -> !cute.layout<"(8,2):(1,4)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.left_inverse(%{{[a-zA-Z0-9_#:]+}}) : (!cute.layout<"(4,3):(3,1)">) -> !cute.layout<"(3,4):(4,1)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.right_inverse(%{{[a-zA-Z0-9_#:]+}}) : (!cute.layout<"1:0">) -> !cute.layout<"1:0">
func.func @inverse(%a: !cute.layout<"(4,3):(3,1)">, %b: !cute.layout<"(4,3):(1,4)">, %c: !cute.layout<"(2,4):(4,1)">, %d: !cute.layout<"(4,2):(1,8)">, %e: !cute.layout<"1:0">) {
  %0 = cute.right_inverse(%a) : (!cute.layout<"(4,3):(3,1)">) -> !cute.layout<"(3,4):(4,1)">
  %1 = cute.left_inverse(%b) : (!cute.layout<"(4,3):(1,4)">) -> !cute.layout<"12:1">
  %2 = cute.right_inverse(%c) : (!cute.layout<"(2,4):(4,1)">) -> !cute.layout<"(4,2):(2,1)">
  %3 = cute.right_inverse(%d) : (!cute.layout<"(4,2):(1,8)">) -> !cute.layout<"4:1">
  %4 = cute.left_inverse(%d) : (!cute.layout<"(4,2):(1,8)">) -> !cute.layout<"(8,2):(1,4)">
  %5 = cute.left_inverse(%a) : (!cute.layout<"(4,3):(3,1)">) -> !cute.layout<"(3,4):(4,1)">
  %6 = cute.right_inverse(%e) : (!cute.layout<"1:0">) -> !cute.layout<"1:0">
  return
}

// flatten of a tile removes the tile's nesting only (its layouts stay).
// CHECK-LABEL: func.func @flatten_tile
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.flatten(%{{[a-zA-Z0-9_#:]+}}) : (!cute.tile<"{{\[\[}}(8):(1);(4):(1)];_;(2):(1)]">) -> !cute.tile<"[(8):(1);(4):(1);_;(2):(1)]">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.flatten(%{{[a-zA-Z0-9_#:]+}}) : (!cute.tile<"[(8):(1);(4,2):(1,8)]">) -> !cute.tile<"[(8):(1);(4,2):(1,8)]">
func.func @flatten_tile(%a: !cute.tile<"[[(8):(1);(4):(1)];_;(2):(1)]">, %b: !cute.tile<"[(8):(1);(4,2):(1,8)]">) {
  %0 = cute.flatten(%a) : (!cute.tile<"[[(8):(1);(4):(1)];_;(2):(1)]">) -> !cute.tile<"[(8):(1);(4):(1);_;(2):(1)]">
  %1 = cute.flatten(%b) : (!cute.tile<"[(8):(1);(4,2):(1,8)]">) -> !cute.tile<"[(8):(1);(4,2):(1,8)]">
  return
}

// recast_layout: a downcast needs no static unit stride (a non-unit stride
// is multiplied, as CuTe IR does; CuTe C++ asserts a unit stride); a
// composed layout recasts A, the offset (an element index: / or * the
// factor) and B.
// CHECK-LABEL: func.func @recast_more
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.recast_layout<8, 32> (%{{[a-zA-Z0-9_#:]+}}) : !cute.layout<"?:?"> -> !cute.layout<"?:?">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.recast_layout<8, 32> (%{{[a-zA-Z0-9_#:]+}}) : !cute.layout<"(2,4):(2,8)"> -> !cute.layout<"(2,4):(8,32)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.recast_layout<32, 16> (%{{[a-zA-Z0-9_#:]+}}) : !cute.composed_layout<"(4,5):(1,4) o 2 o (8,4):(1,8)"> -> !cute.composed_layout<"(2,5):(1,2) o 1 o (4,4):(1,4)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.recast_layout<16, 32> (%{{[a-zA-Z0-9_#:]+}}) : !cute.composed_layout<"(2,5):(1,2) o 1 o (4,4):(1,4)"> -> !cute.composed_layout<"(4,5):(1,4) o 2 o (8,4):(1,8)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.recast_layout<32, 8> (%{{[a-zA-Z0-9_#:]+}}) : !cute.composed_layout<"S<3,5,4> o 8 o (32,4):(1,32)"> -> !cute.composed_layout<"S<3,3,4> o 2 o (8,4):(1,8)">
func.func @recast_more(%d: !cute.layout<"?:?">, %s: !cute.layout<"(2,4):(2,8)">, %a: !cute.composed_layout<"(4,5):(1,4) o 2 o (8,4):(1,8)">, %b: !cute.composed_layout<"(2,5):(1,2) o 1 o (4,4):(1,4)">, %w: !cute.composed_layout<"S<3,5,4> o 8 o (32,4):(1,32)">) {
  %0 = cute.recast_layout<8, 32> (%d) : !cute.layout<"?:?"> -> !cute.layout<"?:?">
  %1 = cute.recast_layout<8, 32> (%s) : !cute.layout<"(2,4):(2,8)"> -> !cute.layout<"(2,4):(8,32)">
  %2 = cute.recast_layout<32, 16> (%a) : !cute.composed_layout<"(4,5):(1,4) o 2 o (8,4):(1,8)"> -> !cute.composed_layout<"(2,5):(1,2) o 1 o (4,4):(1,4)">
  %3 = cute.recast_layout<16, 32> (%b) : !cute.composed_layout<"(2,5):(1,2) o 1 o (4,4):(1,4)"> -> !cute.composed_layout<"(4,5):(1,4) o 2 o (8,4):(1,8)">
  %4 = cute.recast_layout<32, 8> (%w) : !cute.composed_layout<"S<3,5,4> o 8 o (32,4):(1,32)"> -> !cute.composed_layout<"S<3,3,4> o 2 o (8,4):(1,8)">
  return
}

// slice of S<B,M,S> o off o B (static B): the fixed part's Y/Z bits stay in
// the offset, the rest is the slice's (dropped) offset; when no Y/Z bit
// pair is both reached by the sliced layout, the result decays to a plain
// layout. S<3,4,3>: Z bits 4..6, Y bits 7..9.
//   (1,_) on (64,128):(1,64): image bits 6..12 hold Z2 and Y2 -> stays
//   composed; offset 1 has no Y/Z bit -> `o 0 o`.
//   (_,1) on (16,8):(1,16): image bits 0..3 -> decays to (16):(1).
//   (?,_) on S<3,5,4> o 0 o (8,4):(1,8): image bits 3..4 -> (4):(8).
//   (_,_) keeps the composed layout.
// CHECK-LABEL: func.func @slice_swizzled
func.func @slice_swizzled(%a: !cute.composed_layout<"S<3,4,3> o 0 o (64,128):(1,64)">, %ca: !cute.coord<"(1,_)">, %b: !cute.composed_layout<"S<3,4,3> o 0 o (16,8):(1,16)">, %cb: !cute.coord<"(_,1)">, %c: !cute.composed_layout<"S<3,5,4> o 0 o (8,4):(1,8)">, %cc: !cute.coord<"(?,_)">, %cu: !cute.coord<"(_,_)">) -> (!cute.composed_layout<"S<3,4,3> o 0 o (128):(64)">, !cute.layout<"(16):(1)">, !cute.layout<"(4):(8)">, !cute.composed_layout<"S<3,5,4> o 0 o (8,4):(1,8)">) {
  // CHECK: cute.slice(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : !cute.composed_layout<"S<3,4,3> o 0 o (64,128):(1,64)">, !cute.coord<"(1,_)">
  %0 = cute.slice(%a, %ca) : !cute.composed_layout<"S<3,4,3> o 0 o (64,128):(1,64)">, !cute.coord<"(1,_)">
  %1 = cute.slice(%b, %cb) : !cute.composed_layout<"S<3,4,3> o 0 o (16,8):(1,16)">, !cute.coord<"(_,1)">
  %2 = cute.slice(%c, %cc) : !cute.composed_layout<"S<3,5,4> o 0 o (8,4):(1,8)">, !cute.coord<"(?,_)">
  %3 = cute.slice(%c, %cu) : !cute.composed_layout<"S<3,5,4> o 0 o (8,4):(1,8)">, !cute.coord<"(_,_)">
  // CHECK: return {{.*}} : !cute.composed_layout<"S<3,4,3> o 0 o (128):(64)">, !cute.layout<"(16):(1)">, !cute.layout<"(4):(8)">, !cute.composed_layout<"S<3,5,4> o 0 o (8,4):(1,8)">
  return %0, %1, %2, %3 : !cute.composed_layout<"S<3,4,3> o 0 o (128):(64)">, !cute.layout<"(16):(1)">, !cute.layout<"(4):(8)">, !cute.composed_layout<"S<3,5,4> o 0 o (8,4):(1,8)">
}
