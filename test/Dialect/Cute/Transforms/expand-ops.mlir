// RUN: cute-opt %s --cute-expand-ops | FileCheck %s
// RUN: cute-opt %s '--cute-expand-ops=fold-static=false' | FileCheck %s --check-prefix=NOFOLD
// RUN: cute-opt %s --cute-expand-ops | cute-opt | FileCheck %s

// Dynamic algebra becomes cute.get_scalars<{only_dynamic}> + arith + make_*;
// static results become cute.static (kept as the op with fold-static=false).

// CHECK-LABEL: func.func @size_dyn
// CHECK-SAME: (%[[S:.+]]: !cute.shape<"(?,?)">)
// CHECK: %[[V:.+]]:2 = cute.get_scalars<{only_dynamic}> (%[[S]]) : !cute.shape<"(?,?)">
// CHECK: %[[P:.+]] = arith.muli %[[V]]#0, %[[V]]#1 : i32
// CHECK: %[[R:.+]] = cute.make_int_tuple(%[[P]]) : (i32) -> !cute.int_tuple<"?">
// CHECK-NOT: cute.size
// CHECK: return %[[R]]
// NOFOLD-LABEL: func.func @size_dyn
// NOFOLD: arith.muli
func.func @size_dyn(%l: !cute.shape<"(?,?)">) -> !cute.int_tuple<"?"> {
  %0 = cute.size (%l) : (!cute.shape<"(?,?)">) -> !cute.int_tuple<"?">
  return %0 : !cute.int_tuple<"?">
}

// CHECK-LABEL: func.func @size_static
// CHECK: %[[R:.+]] = cute.static : !cute.int_tuple<"32">
// CHECK-NEXT: return %[[R]]
// NOFOLD-LABEL: func.func @size_static
// NOFOLD: cute.size (%{{.+}}) : (!cute.layout<"(4,8):(1,4)">) -> !cute.int_tuple<"32">
func.func @size_static(%l: !cute.layout<"(4,8):(1,4)">) -> !cute.int_tuple<"32"> {
  %0 = cute.size (%l) : (!cute.layout<"(4,8):(1,4)">) -> !cute.int_tuple<"32">
  return %0 : !cute.int_tuple<"32">
}

// idx2crd(i, (4,8)) = (i % 4, i / 4): CuTe's colexicographic split gives the
// last mode the whole rest (no modulo), as crd2idx(i, shape, basis) does.
// CHECK-LABEL: func.func @idx2crd_dyn
// CHECK-SAME: (%[[I:.+]]: !cute.int_tuple<"?">
// CHECK-DAG: %[[C4:.+]] = arith.constant 4 : i32
// CHECK-DAG: %[[C4B:.+]] = arith.constant 4 : i32
// CHECK-DAG: %[[V:.+]] = cute.get_scalars<{only_dynamic}> (%[[I]]) : !cute.int_tuple<"?">
// CHECK-DAG: %[[M0:.+]] = arith.remsi %[[V]], %[[C4]] : i32
// CHECK-DAG: %[[Q:.+]] = arith.divsi %[[V]], %[[C4B]] : i32
// CHECK-NOT: arith.remsi
// CHECK: %[[R:.+]] = cute.make_coord(%[[M0]], %[[Q]]) : (i32, i32) -> !cute.coord<"(?,?)">
// CHECK: return %[[R]]
func.func @idx2crd_dyn(%i: !cute.int_tuple<"?">, %s: !cute.shape<"(4,8)">) -> !cute.coord<"(?,?)"> {
  %0 = cute.idx2crd(%i, %s) : (!cute.int_tuple<"?">, !cute.shape<"(4,8)">) -> !cute.coord<"(?,?)">
  return %0 : !cute.coord<"(?,?)">
}

// The dynamic leaves pass through unchanged: no arith.
// CHECK-LABEL: func.func @coalesce_dyn
// CHECK: %[[V:.+]]:2 = cute.get_scalars<{only_dynamic}> (%{{.+}}) : !cute.layout<"(4,5,?,3,2):(1,4,?,1,3)">
// CHECK-NOT: arith.
// CHECK: %[[SH:.+]] = cute.make_shape(%[[V]]#0) : (i32) -> !cute.shape<"(20,?,6)">
// CHECK: %[[ST:.+]] = cute.make_stride(%[[V]]#1) : (i32) -> !cute.stride<"(1,?,1)">
// CHECK: %[[R:.+]] = cute.make_layout(%[[SH]], %[[ST]]) : (!cute.shape<"(20,?,6)">, !cute.stride<"(1,?,1)">) -> !cute.layout<"(20,?,6):(1,?,1)">
// CHECK: return %[[R]]
func.func @coalesce_dyn(%l: !cute.layout<"(4,5,?,3,2):(1,4,?,1,3)">) -> !cute.layout<"(20,?,6):(1,?,1)"> {
  %0 = cute.coalesce(%l) : (!cute.layout<"(4,5,?,3,2):(1,4,?,1,3)">) -> !cute.layout<"(20,?,6):(1,?,1)">
  return %0 : !cute.layout<"(20,?,6):(1,?,1)">
}

// ?:? o [4:1] = (4):(d): the stride is the lhs's dynamic stride.
// CHECK-LABEL: func.func @composition_dyn
// CHECK-DAG: %[[SH:.+]] = cute.static : !cute.shape<"(4)">
// CHECK-DAG: %[[V:.+]]:2 = cute.get_scalars<{only_dynamic}> (%{{.+}}) : !cute.layout<"?:?">
// CHECK: %[[ST:.+]] = cute.make_stride(%[[V]]#1) : (i32) -> !cute.stride<"(?)">
// CHECK: %[[R:.+]] = cute.make_layout(%[[SH]], %[[ST]]) : (!cute.shape<"(4)">, !cute.stride<"(?)">) -> !cute.layout<"(4):(?)">
// CHECK-NOT: cute.composition
// CHECK: return %[[R]]
func.func @composition_dyn(%a: !cute.layout<"?:?">, %t: !cute.tile<"[4:1]">) -> !cute.layout<"(4):(?)"> {
  %0 = cute.composition(%a, %t) : (!cute.layout<"?:?">, !cute.tile<"[4:1]">) -> !cute.layout<"(4):(?)">
  return %0 : !cute.layout<"(4):(?)">
}

// Mode 0: ?:1 / 2 -> (2, ceil_div(m, 2)) = (2, (m + 2 - 1) / 2) : (1,2).
// Mode 1: 8:d / 4 -> (4,2):(d, 4*d).
// CHECK-LABEL: func.func @logical_divide_dyn
// CHECK-DAG: %[[C2:.+]] = arith.constant 2 : i32
// CHECK-DAG: %[[C2B:.+]] = arith.constant 2 : i32
// CHECK-DAG: %[[C1:.+]] = arith.constant 1 : i32
// CHECK-DAG: %[[V:.+]]:2 = cute.get_scalars<{only_dynamic}> (%{{.+}}) : !cute.layout<"(?,8):(1,?)">
// CHECK: %[[A:.+]] = arith.addi %[[V]]#0, %[[C2B]] : i32
// CHECK: %[[B:.+]] = arith.subi %[[A]], %[[C1]] : i32
// CHECK: %[[CD:.+]] = arith.divsi %[[B]], %[[C2]] : i32
// CHECK: %[[SH:.+]] = cute.make_shape(%[[CD]]) : (i32) -> !cute.shape<"((2,?),(4,2))">
// CHECK: %[[C4:.+]] = arith.constant 4 : i32
// CHECK: %[[M:.+]] = arith.muli %[[C4]], %[[V]]#1 : i32
// CHECK: %[[ST:.+]] = cute.make_stride(%[[V]]#1, %[[M]]) : (i32, i32) -> !cute.stride<"((1,2),(?,?))">
// CHECK: %[[R:.+]] = cute.make_layout(%[[SH]], %[[ST]]) : (!cute.shape<"((2,?),(4,2))">, !cute.stride<"((1,2),(?,?))">) -> !cute.layout<"((2,?),(4,2)):((1,2),(?,?))">
// CHECK: return %[[R]]
func.func @logical_divide_dyn(%a: !cute.layout<"(?,8):(1,?)">, %s: !cute.shape<"(2,4)">) -> !cute.layout<"((2,?),(4,2)):((1,2),(?,?))"> {
  %0 = cute.logical_divide(%a, %s) : (!cute.layout<"(?,8):(1,?)">, !cute.shape<"(2,4)">) -> !cute.layout<"((2,?),(4,2)):((1,2),(?,?))">
  return %0 : !cute.layout<"((2,?),(4,2)):((1,2),(?,?))">
}

// cosize = (m - 1) * 1 + (4 - 1) * |d| + 1  (CuTe coshape uses abs(stride)).
// CHECK-LABEL: func.func @cosize_dyn
// CHECK: %[[V:.+]]:2 = cute.get_scalars<{only_dynamic}> (%{{.+}}) : !cute.layout<"(?,4):(1,?)">
// CHECK: %[[NEG:.+]] = arith.cmpi slt, %[[V]]#1, %{{.+}} : i32
// CHECK: %[[ABS:.+]] = arith.select %{{.+}}, %{{.+}}, %[[V]]#1 : i32
// CHECK: %[[C3:.+]] = arith.constant 3 : i32
// CHECK: %[[T:.+]] = arith.muli %[[C3]], %[[ABS]] : i32
// CHECK: %[[M1:.+]] = arith.subi %[[V]]#0, %{{.+}} : i32
// CHECK: %[[S:.+]] = arith.addi %[[M1]], %[[T]] : i32
// CHECK: %[[P1:.+]] = arith.addi %[[S]], %{{.+}} : i32
// CHECK: cute.make_int_tuple(%[[P1]]) : (i32) -> !cute.int_tuple<"?">
func.func @cosize_dyn(%l: !cute.layout<"(?,4):(1,?)">) -> !cute.int_tuple<"?"> {
  %0 = cute.cosize (%l) : (!cute.layout<"(?,4):(1,?)">) -> !cute.int_tuple<"?">
  return %0 : !cute.int_tuple<"?">
}

// CHECK-LABEL: func.func @size_i64
// CHECK-DAG: %[[C4:.+]] = arith.constant 4 : i64
// CHECK-DAG: %[[V:.+]] = cute.get_scalars<{only_dynamic}> (%{{.+}}) : !cute.shape<"(?{i64},4)">
// CHECK: %[[P:.+]] = arith.muli %[[V]], %[[C4]] : i64
// CHECK: cute.make_int_tuple(%[[P]]) : (i64) -> !cute.int_tuple<"?{i64}">
func.func @size_i64(%l: !cute.shape<"(?{i64},4)">) -> !cute.int_tuple<"?{i64}"> {
  %0 = cute.size (%l) : (!cute.shape<"(?{i64},4)">) -> !cute.int_tuple<"?{i64}">
  return %0 : !cute.int_tuple<"?{i64}">
}

// increment_coord on a dynamic coordinate: leaf 0 is c0+1 when below 4,
// else 0; the carry (1 - (c0+1 < 4)) goes into the last leaf, which never
// wraps.
// CHECK-LABEL: func.func @increment_coord_dyn
// CHECK-SAME: (%[[C:.+]]: !cute.coord<"(?,?)">
// CHECK-DAG: %[[V:.+]]:2 = cute.get_scalars<{only_dynamic}> (%[[C]]) : !cute.coord<"(?,?)">
// CHECK-DAG: %[[S:.+]] = arith.addi %[[V]]#0, %{{.+}} : i32
// CHECK-DAG: %[[LT:.+]] = arith.cmpi slt, %[[S]], %{{.+}} : i32
// CHECK-DAG: %[[R0:.+]] = arith.select %{{.+}}, %[[S]], %{{.+}} : i32
// CHECK-DAG: %[[CARRY:.+]] = arith.subi %{{.+}}, %{{.+}} : i32
// CHECK-DAG: %[[R1:.+]] = arith.addi %[[V]]#1, %[[CARRY]] : i32
// CHECK: %[[R:.+]] = cute.make_coord(%[[R0]], %[[R1]]) : (i32, i32) -> !cute.coord<"(?,?)">
// CHECK-NOT: cute.increment_coord
// CHECK: return %[[R]]
func.func @increment_coord_dyn(%c: !cute.coord<"(?,?)">, %s: !cute.shape<"(4,8)">) -> !cute.coord<"(?,?)"> {
  %0 = cute.increment_coord(%c, %s) : (!cute.coord<"(?,?)">, !cute.shape<"(4,8)">) -> !cute.coord<"(?,?)">
  return %0 : !cute.coord<"(?,?)">
}

// get_layouts_from_tile / get_leaves: each result is rebuilt from the
// operand's dynamic scalars (static ones become cute.static).
// CHECK-LABEL: func.func @split_dyn
// CHECK-SAME: (%[[T:.+]]: !cute.tile<"[4:1;_;(?,3):(1,?)]">
// CHECK-DAG: %[[A:.+]] = cute.static : !cute.layout<"4:1">
// CHECK-DAG: %[[V:.+]]:2 = cute.get_scalars<{only_dynamic}> (%[[T]]) : !cute.tile<"[4:1;_;(?,3):(1,?)]">
// CHECK-DAG: %[[SH:.+]] = cute.make_shape(%[[V]]#0) : (i32) -> !cute.shape<"(?,3)">
// CHECK-DAG: %[[ST:.+]] = cute.make_stride(%[[V]]#1) : (i32) -> !cute.stride<"(1,?)">
// CHECK-DAG: %[[B:.+]] = cute.make_layout(%[[SH]], %[[ST]])
// CHECK-DAG: %[[W:.+]]:2 = cute.get_scalars<{only_dynamic}> (%{{.+}}) : !cute.shape<"(?,(4,?))">
// CHECK-DAG: %[[L0:.+]] = cute.make_shape(%[[W]]#0) : (i32) -> !cute.shape<"?">
// CHECK-DAG: %[[L1:.+]] = cute.static : !cute.shape<"4">
// CHECK-DAG: %[[L2:.+]] = cute.make_shape(%[[W]]#1) : (i32) -> !cute.shape<"?">
// CHECK-NOT: cute.get_layouts_from_tile
// CHECK-NOT: cute.get_leaves
// CHECK: return %[[A]], %[[B]], %[[L0]], %[[L1]], %[[L2]]
// NOFOLD-LABEL: func.func @split_dyn
// NOFOLD: cute.make_layout
func.func @split_dyn(%t: !cute.tile<"[4:1;_;(?,3):(1,?)]">, %s: !cute.shape<"(?,(4,?))">) -> (!cute.layout<"4:1">, !cute.layout<"(?,3):(1,?)">, !cute.shape<"?">, !cute.shape<"4">, !cute.shape<"?">) {
  %0:2 = cute.get_layouts_from_tile(%t) : !cute.tile<"[4:1;_;(?,3):(1,?)]">
  %1:3 = cute.get_leaves(%s) : !cute.shape<"(?,(4,?))">
  return %0#0, %0#1, %1#0, %1#1, %1#2 : !cute.layout<"4:1">, !cute.layout<"(?,3):(1,?)">, !cute.shape<"?">, !cute.shape<"4">, !cute.shape<"?">
}

// A declared result that spells the computed layout differently (the stride
// of a size-1 mode) is rebuilt in the declared spelling, so users keep
// their types.
// CHECK-LABEL: func.func @declared_spelling
// CHECK: cute.make_stride(%{{.+}}) : (i32) -> !cute.stride<"(0,(1,?))">
// CHECK: cute.make_layout(%{{.+}}, %{{.+}}) : (!cute.shape<"(1,(?,?))">, !cute.stride<"(0,(1,?))">) -> !cute.layout<"(1,(?,?)):(0,(1,?))">
func.func @declared_spelling(%l: !cute.layout<"(?,8):(1,?)">, %m: !cute.layout<"(1,8):(1,1)">) -> !cute.layout<"(1,(?,?)):(0,(1,?))"> {
  %r = cute.composition(%l, %m) : (!cute.layout<"(?,8):(1,?)">, !cute.layout<"(1,8):(1,1)">) -> !cute.layout<"(1,(?,?)):(0,(1,?))">
  return %r : !cute.layout<"(1,(?,?)):(0,(1,?))">
}
