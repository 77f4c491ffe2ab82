// RUN: cute-opt %s --cute-fold-static | FileCheck %s
// RUN: cute-opt %s '--cute-fold-static=fold-scalars=false' | FileCheck %s --check-prefix=NOSCALARS

// Static results become cute.static; equal/elem_less on static operands become
// arith.constant (elem_less((3,9),(4,8)) is false: 9 >= 8); get_scalars of a
// static value becomes arith.constant unless fold-scalars=false. Dynamic
// results (size of (?,8):(1,?), make_shape) stay. Dead pure ops are erased.

// CHECK-LABEL: func.func @fold
// CHECK-SAME: (%[[L:.+]]: !cute.layout<"(4,8):(1,4)">, %[[D:.+]]: !cute.layout<"(?,8):(1,?)">, %[[N:.+]]: i32)
// CHECK-NOT: cute.cosize
// CHECK-DAG: %[[SZ:.+]] = cute.static : !cute.int_tuple<"32">
// CHECK-DAG: %[[DSZ:.+]] = cute.size (%[[D]]) : (!cute.layout<"(?,8):(1,?)">) -> !cute.int_tuple<"?">
// CHECK-DAG: %[[T:.+]] = arith.constant true
// CHECK-DAG: %[[F:.+]] = arith.constant false
// CHECK-DAG: %[[MS:.+]] = cute.make_shape(%[[N]]) : (i32) -> !cute.shape<"(?,4)">
// CHECK-DAG: %[[C32:.+]] = arith.constant 32 : i32
// CHECK-DAG: %[[CL:.+]] = cute.static : !cute.layout<"(8,4):(1,8)">
// CHECK-NOT: cute.equal
// CHECK-NOT: cute.elem_less
// CHECK-NOT: cute.get_scalars
// CHECK-NOT: cute.make_composed_layout
// CHECK: return %[[SZ]], %[[DSZ]], %[[T]], %[[F]], %[[C32]], %[[C32]], %[[MS]], %[[CL]]

// NOSCALARS-LABEL: func.func @fold
// NOSCALARS-DAG: %[[SZ:.+]] = cute.static : !cute.int_tuple<"32">
// NOSCALARS-DAG: arith.constant true
// NOSCALARS-DAG: arith.constant false
// NOSCALARS-DAG: %[[GS:.+]] = cute.get_scalars (%[[SZ]]) : !cute.int_tuple<"32">
// NOSCALARS-NOT: arith.constant 32
// NOSCALARS: return

// CHECK-LABEL: func.func @scalars
// CHECK-DAG: %[[C4:.+]] = arith.constant 4 : i32
// CHECK-DAG: %[[C8:.+]] = arith.constant 8 : i32
// CHECK-DAG: %[[C1:.+]] = arith.constant 1 : i32
// CHECK-NOT: cute.get_scalars
// CHECK: return %[[C4]], %[[C8]], %[[C1]], %{{.+}} : i32, i32, i32, i32

// NOSCALARS-LABEL: func.func @scalars
// NOSCALARS: %[[S:.+]] = cute.static : !cute.layout<"(4,8):(1,4)">
// NOSCALARS: %{{.+}}:4 = cute.get_scalars (%[[S]]) : !cute.layout<"(4,8):(1,4)">

func.func @fold(%l: !cute.layout<"(4,8):(1,4)">, %d: !cute.layout<"(?,8):(1,?)">, %n: i32) -> (!cute.int_tuple<"32">, !cute.int_tuple<"?">, i1, i1, i32, i32, !cute.shape<"(?,4)">, !cute.layout<"(8,4):(1,8)">) {
  %0 = cute.size (%l) : (!cute.layout<"(4,8):(1,4)">) -> !cute.int_tuple<"32">
  %1 = cute.size (%d) : (!cute.layout<"(?,8):(1,?)">) -> !cute.int_tuple<"?">
  %2 = cute.equal(%l, %l) : (!cute.layout<"(4,8):(1,4)">, !cute.layout<"(4,8):(1,4)">) -> i1
  %c = cute.static : !cute.coord<"(3,9)">
  %s = cute.static : !cute.shape<"(4,8)">
  %3 = cute.elem_less(%c, %s) : (!cute.coord<"(3,9)">, !cute.shape<"(4,8)">) -> i1
  %5 = cute.make_shape(%n) : (i32) -> !cute.shape<"(?,4)">
  %6 = cute.get_scalars (%0) : !cute.int_tuple<"32">
  %dead = cute.cosize (%l) : (!cute.layout<"(4,8):(1,4)">) -> !cute.int_tuple<"32">
  %sw = cute.static : !cute.swizzle<"S<0,4,3>">
  %off = cute.static : !cute.int_tuple<"0">
  %b = cute.static : !cute.layout<"(8,4):(1,8)">
  %7 = cute.make_composed_layout(%sw, %off, %b) : (!cute.swizzle<"S<0,4,3>">, !cute.int_tuple<"0">, !cute.layout<"(8,4):(1,8)">) -> !cute.layout<"(8,4):(1,8)">
  return %0, %1, %2, %3, %6, %6, %5, %7 : !cute.int_tuple<"32">, !cute.int_tuple<"?">, i1, i1, i32, i32, !cute.shape<"(?,4)">, !cute.layout<"(8,4):(1,8)">
}
func.func @scalars(%l: !cute.layout<"(?,8):(1,?)">) -> (i32, i32, i32, i32) {
  %s = cute.static : !cute.layout<"(4,8):(1,4)">
  %a:4 = cute.get_scalars (%s) : !cute.layout<"(4,8):(1,4)">
  return %a#0, %a#1, %a#2, %a#3 : i32, i32, i32, i32
}

// Multi-result ops fold when every result is static; a static
// increment_coord folds like any algebra op.
// CHECK-LABEL: func.func @fold_multi
// CHECK-DAG: %[[A:.+]] = cute.static : !cute.layout<"4:1">
// CHECK-DAG: %[[B:.+]] = cute.static : !cute.layout<"(2,3):(1,2)">
// CHECK-DAG: %[[C:.+]] = cute.static : !cute.coord<"(0,3)">
// CHECK-DAG: %[[D:.+]]:2 = cute.get_layouts_from_tile(%{{.+}}) : !cute.tile<"[?:1;5:1]">
// CHECK-NOT: cute.increment_coord
// CHECK: return %[[A]], %[[B]], %[[C]], %[[D]]#0, %[[D]]#1
func.func @fold_multi(%t: !cute.tile<"[4:1;_;(2,3):(1,2)]">, %c: !cute.coord<"(3,2)">, %s: !cute.shape<"(4,8)">, %d: !cute.tile<"[?:1;5:1]">) -> (!cute.layout<"4:1">, !cute.layout<"(2,3):(1,2)">, !cute.coord<"(0,3)">, !cute.layout<"?:1">, !cute.layout<"5:1">) {
  %0:2 = cute.get_layouts_from_tile(%t) : !cute.tile<"[4:1;_;(2,3):(1,2)]">
  %1 = cute.increment_coord(%c, %s) : (!cute.coord<"(3,2)">, !cute.shape<"(4,8)">) -> !cute.coord<"(0,3)">
  %2:2 = cute.get_layouts_from_tile(%d) : !cute.tile<"[?:1;5:1]">
  return %0#0, %0#1, %1, %2#0, %2#1 : !cute.layout<"4:1">, !cute.layout<"(2,3):(1,2)">, !cute.coord<"(0,3)">, !cute.layout<"?:1">, !cute.layout<"5:1">
}
