// RUN: cute-opt --allow-unregistered-dialect %s | FileCheck %s
// RUN: cute-opt --allow-unregistered-dialect %s --mlir-print-op-generic | cute-opt --allow-unregistered-dialect | FileCheck %s
// RUN: cute-opt --allow-unregistered-dialect %s | cute-opt --allow-unregistered-dialect | FileCheck %s

// Size and index ops: size, cosize, tuple_product(_each), layout_eval, crd2idx,
// idx2crd, append_to_rank, prepend_to_rank (result types pinned by test.use).
// Hand values: cosize((4,3,2):(1,4,12)) = 1+3+8+12 = 24; ((1,2),3) on
// ((2,4),8):((1,8),2) = 1+16+6 = 23; A o 2 o B at (1,2) = A(2+B(1,2)=7) = 7;
// S<1,0,1>(B(2,1)=6=0b110) = 0b111 = 7; idx2crd(23,(2,(3,4))) = (1,(2,3)).

// CHECK-LABEL: func.func @size
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.size<[1]> (%{{[a-zA-Z0-9_#:]+}}) : (!cute.shape<"(1,(2,4),9)">) -> !cute.int_tuple<"8">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.size (%{{[a-zA-Z0-9_#:]+}}) : (!cute.shape<"(1,(2,4),9)">) -> !cute.int_tuple<"72">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.size (%{{[a-zA-Z0-9_#:]+}}) : (!cute.layout<"(4,(16,32)):(1,(4,64))">) -> !cute.int_tuple<"2048">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.size<[1, 0]> (%{{[a-zA-Z0-9_#:]+}}) : (!cute.layout<"(4,(16,32)):(1,(4,64))">) -> !cute.int_tuple<"16">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.size (%{{[a-zA-Z0-9_#:]+}}) : (!cute.layout<"(?,8):(1,?)">) -> !cute.int_tuple<"?">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.size<[1]> (%{{[a-zA-Z0-9_#:]+}}) : (!cute.layout<"(?,8):(1,?)">) -> !cute.int_tuple<"8">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.size (%{{[a-zA-Z0-9_#:]+}}) : (!cute.composed_layout<"S<3,5,4> o 0 o (8,(4,2)):(1,(8,32))">) -> !cute.int_tuple<"64">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.size (%{{[a-zA-Z0-9_#:]+}}) : (!cute.int_tuple<"(2,?{i64})">) -> !cute.int_tuple<"?{i64}">
func.func @size(%s: !cute.shape<"(1,(2,4),9)">, %l: !cute.layout<"(4,(16,32)):(1,(4,64))">, %d: !cute.layout<"(?,8):(1,?)">, %c: !cute.composed_layout<"S<3,5,4> o 0 o (8,(4,2)):(1,(8,32))">, %i: !cute.int_tuple<"(2,?{i64})">) {
  %0 = cute.size<[1]> (%s) : (!cute.shape<"(1,(2,4),9)">) -> !cute.int_tuple<"8">
  %1 = cute.size (%s) : (!cute.shape<"(1,(2,4),9)">) -> !cute.int_tuple<"72">
  %2 = cute.size (%l) : (!cute.layout<"(4,(16,32)):(1,(4,64))">) -> !cute.int_tuple<"2048">
  %3 = cute.size<[1, 0]> (%l) : (!cute.layout<"(4,(16,32)):(1,(4,64))">) -> !cute.int_tuple<"16">
  %4 = cute.size (%d) : (!cute.layout<"(?,8):(1,?)">) -> !cute.int_tuple<"?">
  %5 = cute.size<[1]> (%d) : (!cute.layout<"(?,8):(1,?)">) -> !cute.int_tuple<"8">
  %6 = cute.size (%c) : (!cute.composed_layout<"S<3,5,4> o 0 o (8,(4,2)):(1,(8,32))">) -> !cute.int_tuple<"64">
  %7 = cute.size (%i) : (!cute.int_tuple<"(2,?{i64})">) -> !cute.int_tuple<"?{i64}">
  return
}

// CHECK-LABEL: func.func @cosize
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.cosize<[1]> (%{{[a-zA-Z0-9_#:]+}}) : (!cute.layout<"(4,3,2):(1,4,12)">) -> !cute.int_tuple<"9">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.cosize (%{{[a-zA-Z0-9_#:]+}}) : (!cute.layout<"(4,3,2):(1,4,12)">) -> !cute.int_tuple<"24">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.cosize (%{{[a-zA-Z0-9_#:]+}}) : (!cute.layout<"(?,?,?):(?,?,?)">) -> !cute.int_tuple<"?">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.cosize (%{{[a-zA-Z0-9_#:]+}}) : (!cute.layout<"(4,8):(8,1)">) -> !cute.int_tuple<"32">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.cosize (%{{[a-zA-Z0-9_#:]+}}) : (!cute.composed_layout<"S<3,5,4> o 0 o (8,4):(1,16)">) -> !cute.int_tuple<"56">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.cosize (%{{[a-zA-Z0-9_#:]+}}) : (!cute.layout<"(4,8):(0,1)">) -> !cute.int_tuple<"8">
func.func @cosize(%l: !cute.layout<"(4,3,2):(1,4,12)">, %d: !cute.layout<"(?,?,?):(?,?,?)">, %l2: !cute.layout<"(4,8):(8,1)">, %c: !cute.composed_layout<"S<3,5,4> o 0 o (8,4):(1,16)">, %z: !cute.layout<"(4,8):(0,1)">) {
  %0 = cute.cosize<[1]> (%l) : (!cute.layout<"(4,3,2):(1,4,12)">) -> !cute.int_tuple<"9">
  %1 = cute.cosize (%l) : (!cute.layout<"(4,3,2):(1,4,12)">) -> !cute.int_tuple<"24">
  %2 = cute.cosize (%d) : (!cute.layout<"(?,?,?):(?,?,?)">) -> !cute.int_tuple<"?">
  %3 = cute.cosize (%l2) : (!cute.layout<"(4,8):(8,1)">) -> !cute.int_tuple<"32">
  %4 = cute.cosize (%c) : (!cute.composed_layout<"S<3,5,4> o 0 o (8,4):(1,16)">) -> !cute.int_tuple<"56">
  %5 = cute.cosize (%z) : (!cute.layout<"(4,8):(0,1)">) -> !cute.int_tuple<"8">
  return
}

// CHECK-LABEL: func.func @products
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.tuple_product(%{{[a-zA-Z0-9_#:]+}}) : (!cute.shape<"(?,(3,?))">) -> !cute.shape<"?">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.tuple_product(%{{[a-zA-Z0-9_#:]+}}) : (!cute.int_tuple<"(2,(3,4))">) -> !cute.int_tuple<"24">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.tuple_product_each(%{{[a-zA-Z0-9_#:]+}}) : (!cute.int_tuple<"(2,(3,4))">) -> !cute.int_tuple<"(2,12)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.tuple_product_each(%{{[a-zA-Z0-9_#:]+}}) : (!cute.shape<"(2,(?,4),5)">) -> !cute.shape<"(2,?,5)">
func.func @products(%a: !cute.shape<"(?,(3,?))">, %b: !cute.int_tuple<"(2,(3,4))">, %c: !cute.shape<"(2,(?,4),5)">) {
  %0 = cute.tuple_product(%a) : (!cute.shape<"(?,(3,?))">) -> !cute.shape<"?">
  %1 = cute.tuple_product(%b) : (!cute.int_tuple<"(2,(3,4))">) -> !cute.int_tuple<"24">
  %2 = cute.tuple_product_each(%b) : (!cute.int_tuple<"(2,(3,4))">) -> !cute.int_tuple<"(2,12)">
  %3 = cute.tuple_product_each(%c) : (!cute.shape<"(2,(?,4),5)">) -> !cute.shape<"(2,?,5)">
  return
}

// CHECK-LABEL: func.func @eval
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.layout_eval(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.coord<"(1,2)">, !cute.layout<"(4,8):(1@1,1@0)">) -> !cute.int_tuple<"(2,1)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.layout_eval(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.coord<"(1,2)">, !cute.layout<"(4,8):(1,4)">) -> !cute.int_tuple<"9">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.layout_eval(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.coord<"13">, !cute.layout<"(4,8):(1,4)">) -> !cute.int_tuple<"13">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.layout_eval(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.coord<"((1,2),3)">, !cute.layout<"((2,4),8):((1,8),2)">) -> !cute.int_tuple<"23">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.layout_eval(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.coord<"(1,2)">, !cute.composed_layout<"(4,5):(1,4) o 2 o (2,3):(1,2)">) -> !cute.int_tuple<"7">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.layout_eval(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.coord<"(2,1)">, !cute.composed_layout<"S<1,0,1> o 0 o (4,2):(1,4)">) -> !cute.int_tuple<"7">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.layout_eval(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.coord<"(?,2)">, !cute.layout<"(4,8):(1,4)">) -> !cute.int_tuple<"?">
func.func @eval(%c: !cute.coord<"(1,2)">, %lb: !cute.layout<"(4,8):(1@1,1@0)">, %l: !cute.layout<"(4,8):(1,4)">, %i: !cute.coord<"13">, %n: !cute.coord<"((1,2),3)">, %ln: !cute.layout<"((2,4),8):((1,8),2)">, %cl: !cute.composed_layout<"(4,5):(1,4) o 2 o (2,3):(1,2)">, %sw: !cute.composed_layout<"S<1,0,1> o 0 o (4,2):(1,4)">, %cd: !cute.coord<"(?,2)">, %c21: !cute.coord<"(2,1)">) {
  %0 = cute.layout_eval(%c, %lb) : (!cute.coord<"(1,2)">, !cute.layout<"(4,8):(1@1,1@0)">) -> !cute.int_tuple<"(2,1)">
  %1 = cute.layout_eval(%c, %l) : (!cute.coord<"(1,2)">, !cute.layout<"(4,8):(1,4)">) -> !cute.int_tuple<"9">
  %2 = cute.layout_eval(%i, %l) : (!cute.coord<"13">, !cute.layout<"(4,8):(1,4)">) -> !cute.int_tuple<"13">
  %3 = cute.layout_eval(%n, %ln) : (!cute.coord<"((1,2),3)">, !cute.layout<"((2,4),8):((1,8),2)">) -> !cute.int_tuple<"23">
  %4 = cute.layout_eval(%c, %cl) : (!cute.coord<"(1,2)">, !cute.composed_layout<"(4,5):(1,4) o 2 o (2,3):(1,2)">) -> !cute.int_tuple<"7">
  %5 = cute.layout_eval(%c21, %sw) : (!cute.coord<"(2,1)">, !cute.composed_layout<"S<1,0,1> o 0 o (4,2):(1,4)">) -> !cute.int_tuple<"7">
  %6 = cute.layout_eval(%cd, %l) : (!cute.coord<"(?,2)">, !cute.layout<"(4,8):(1,4)">) -> !cute.int_tuple<"?">
  return
}

// CHECK-LABEL: func.func @crd_idx
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.crd2idx(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.coord<"((1,2),3)">, !cute.shape<"((4,8),6)">) -> !cute.int_tuple<"105">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.crd2idx(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.coord<"7">, !cute.shape<"((4,8),6)">) -> !cute.int_tuple<"7">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.idx2crd(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.int_tuple<"?">, !cute.shape<"(4,8)">) -> !cute.coord<"(?,?)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.idx2crd(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.int_tuple<"13">, !cute.shape<"(4,8)">) -> !cute.coord<"(1,3)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.idx2crd(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.int_tuple<"23">, !cute.shape<"(2,(3,4))">) -> !cute.coord<"(1,(2,3))">
func.func @crd_idx(%c: !cute.coord<"((1,2),3)">, %s: !cute.shape<"((4,8),6)">, %i: !cute.int_tuple<"?">, %s2: !cute.shape<"(4,8)">, %k: !cute.int_tuple<"13">, %s3: !cute.shape<"(2,(3,4))">, %k2: !cute.int_tuple<"23">, %ci: !cute.coord<"7">) {
  %0 = cute.crd2idx(%c, %s) : (!cute.coord<"((1,2),3)">, !cute.shape<"((4,8),6)">) -> !cute.int_tuple<"105">
  %1 = cute.crd2idx(%ci, %s) : (!cute.coord<"7">, !cute.shape<"((4,8),6)">) -> !cute.int_tuple<"7">
  %2 = cute.idx2crd(%i, %s2) : (!cute.int_tuple<"?">, !cute.shape<"(4,8)">) -> !cute.coord<"(?,?)">
  %3 = cute.idx2crd(%k, %s2) : (!cute.int_tuple<"13">, !cute.shape<"(4,8)">) -> !cute.coord<"(1,3)">
  %4 = cute.idx2crd(%k2, %s3) : (!cute.int_tuple<"23">, !cute.shape<"(2,(3,4))">) -> !cute.coord<"(1,(2,3))">
  return
}

// CHECK-LABEL: func.func @to_rank
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.append_to_rank<4> (%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : !cute.shape<"(?,8)">, !cute.shape<"1">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.prepend_to_rank<3> (%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : !cute.layout<"4:1">, !cute.layout<"1:0">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.append_to_rank<2> (%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : !cute.coord<"(1,2,3)">, !cute.coord<"0">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.prepend_to_rank<4> (%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : !cute.shape<"(?,8)">, !cute.shape<"1">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.append_to_rank<3> (%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : !cute.composed_layout<"S<3,5,4> o 0 o (8,4):(1,8)">, !cute.layout<"1:0">
func.func @to_rank(%s: !cute.shape<"(?,8)">, %e: !cute.shape<"1">, %l: !cute.layout<"4:1">, %le: !cute.layout<"1:0">, %c: !cute.coord<"(1,2,3)">, %ce: !cute.coord<"0">, %cl: !cute.composed_layout<"S<3,5,4> o 0 o (8,4):(1,8)">) {
  %0 = cute.append_to_rank<4> (%s, %e) : !cute.shape<"(?,8)">, !cute.shape<"1">
  %1 = cute.prepend_to_rank<3> (%l, %le) : !cute.layout<"4:1">, !cute.layout<"1:0">
  %2 = cute.append_to_rank<2> (%c, %ce) : !cute.coord<"(1,2,3)">, !cute.coord<"0">
  %3 = cute.prepend_to_rank<4> (%s, %e) : !cute.shape<"(?,8)">, !cute.shape<"1">
  %4 = cute.append_to_rank<3> (%cl, %le) : !cute.composed_layout<"S<3,5,4> o 0 o (8,4):(1,8)">, !cute.layout<"1:0">
  "test.use"(%0, %1, %2, %3, %4) : (!cute.shape<"(?,8,1,1)">, !cute.layout<"(1,1,4):(0,0,1)">, !cute.coord<"(1,2,3)">, !cute.shape<"(1,1,?,8)">, !cute.composed_layout<"S<3,5,4> o 0 o (8,4,1):(1,8,0)">) -> ()
  return
}

// increment_coord: a column-major odometer over the flattened leaves. A leaf
// that reaches its extent wraps to 0 and carries; the last leaf never wraps
// (one past the end); a size-1 mode other than the last stays 0; a dynamic
// comparison makes that leaf and the following carry dynamic.
// (3,(2,0)) in (4,(3,8)): 3+1=4 wraps, 2+1=3 wraps, 0+1 = 1 -> (0,(0,1)).
// CHECK-LABEL: func.func @increment_coord
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.increment_coord(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.coord<"(1,2)">, !cute.shape<"(4,8)">) -> !cute.coord<"(2,2)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.increment_coord(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.coord<"(3,2)">, !cute.shape<"(4,8)">) -> !cute.coord<"(0,3)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.increment_coord(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.coord<"(3,(2,0))">, !cute.shape<"(4,(3,8))">) -> !cute.coord<"(0,(0,1))">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.increment_coord(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.coord<"(2,2,2)">, !cute.shape<"(3,3,3)">) -> !cute.coord<"(0,0,3)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.increment_coord(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.coord<"(0,0,5)">, !cute.shape<"(1,1,8)">) -> !cute.coord<"(0,0,6)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.increment_coord(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.coord<"7">, !cute.shape<"8">) -> !cute.coord<"8">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.increment_coord(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.coord<"(?,?)">, !cute.shape<"(4,8)">) -> !cute.coord<"(?,?)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.increment_coord(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.coord<"(1,2)">, !cute.shape<"(?,8)">) -> !cute.coord<"(?,?)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.increment_coord(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.coord<"(0,0,0,0)">, !cute.shape<"(?,3,3,1)">) -> !cute.coord<"(?,?,?,?)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.increment_coord(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.coord<"(0,2)">, !cute.shape<"(4,?)">) -> !cute.coord<"(1,2)">
func.func @increment_coord(%a: !cute.coord<"(1,2)">, %s: !cute.shape<"(4,8)">, %b: !cute.coord<"(3,2)">, %n: !cute.coord<"(3,(2,0))">, %ns: !cute.shape<"(4,(3,8))">, %o: !cute.coord<"(2,2,2)">, %os: !cute.shape<"(3,3,3)">, %u: !cute.coord<"(0,0,5)">, %us: !cute.shape<"(1,1,8)">, %l: !cute.coord<"7">, %ls: !cute.shape<"8">, %d: !cute.coord<"(?,?)">, %ds: !cute.shape<"(?,8)">, %z: !cute.coord<"(0,0,0,0)">, %zs: !cute.shape<"(?,3,3,1)">, %e: !cute.coord<"(0,2)">, %es: !cute.shape<"(4,?)">) {
  %0 = cute.increment_coord(%a, %s) : (!cute.coord<"(1,2)">, !cute.shape<"(4,8)">) -> !cute.coord<"(2,2)">
  %1 = cute.increment_coord(%b, %s) : (!cute.coord<"(3,2)">, !cute.shape<"(4,8)">) -> !cute.coord<"(0,3)">
  %2 = cute.increment_coord(%n, %ns) : (!cute.coord<"(3,(2,0))">, !cute.shape<"(4,(3,8))">) -> !cute.coord<"(0,(0,1))">
  %3 = cute.increment_coord(%o, %os) : (!cute.coord<"(2,2,2)">, !cute.shape<"(3,3,3)">) -> !cute.coord<"(0,0,3)">
  %4 = cute.increment_coord(%u, %us) : (!cute.coord<"(0,0,5)">, !cute.shape<"(1,1,8)">) -> !cute.coord<"(0,0,6)">
  %5 = cute.increment_coord(%l, %ls) : (!cute.coord<"7">, !cute.shape<"8">) -> !cute.coord<"8">
  %6 = cute.increment_coord(%d, %s) : (!cute.coord<"(?,?)">, !cute.shape<"(4,8)">) -> !cute.coord<"(?,?)">
  %7 = cute.increment_coord(%a, %ds) : (!cute.coord<"(1,2)">, !cute.shape<"(?,8)">) -> !cute.coord<"(?,?)">
  %8 = cute.increment_coord(%z, %zs) : (!cute.coord<"(0,0,0,0)">, !cute.shape<"(?,3,3,1)">) -> !cute.coord<"(?,?,?,?)">
  %9 = cute.increment_coord(%e, %es) : (!cute.coord<"(0,2)">, !cute.shape<"(4,?)">) -> !cute.coord<"(1,2)">
  return
}

// CuTe IR conventions: product_each of a scalar is the rank-1 tuple (CuTe
// C++'s transform(wrap(t), product) agrees); mode 0 of a rank-1 (leaf)
// layout is the layout itself; a `_` coordinate mode evaluates as 0.
// CHECK-LABEL: func.func @rank1_and_underscore
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.tuple_product_each(%{{[a-zA-Z0-9_#:]+}}) : (!cute.int_tuple<"3">) -> !cute.int_tuple<"(3)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.tuple_product_each(%{{[a-zA-Z0-9_#:]+}}) : (!cute.shape<"?">) -> !cute.shape<"(?)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.cosize<[0]> (%{{[a-zA-Z0-9_#:]+}}) : (!cute.layout<"4:2">) -> !cute.int_tuple<"7">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.size<[0]> (%{{[a-zA-Z0-9_#:]+}}) : (!cute.shape<"8">) -> !cute.int_tuple<"8">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.layout_eval(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.coord<"(_)">, !cute.composed_layout<"S<1,4,3> o 0 o (128):(1)">) -> !cute.int_tuple<"0">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.layout_eval(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.coord<"(2,_)">, !cute.layout<"(4,8):(1,4)">) -> !cute.int_tuple<"2">
func.func @rank1_and_underscore(%i: !cute.int_tuple<"3">, %s: !cute.shape<"?">, %l: !cute.layout<"4:2">, %s8: !cute.shape<"8">, %u: !cute.coord<"(_)">, %c: !cute.composed_layout<"S<1,4,3> o 0 o (128):(1)">, %u2: !cute.coord<"(2,_)">, %l2: !cute.layout<"(4,8):(1,4)">) {
  %0 = cute.tuple_product_each(%i) : (!cute.int_tuple<"3">) -> !cute.int_tuple<"(3)">
  %1 = cute.tuple_product_each(%s) : (!cute.shape<"?">) -> !cute.shape<"(?)">
  %2 = cute.cosize<[0]> (%l) : (!cute.layout<"4:2">) -> !cute.int_tuple<"7">
  %3 = cute.size<[0]> (%s8) : (!cute.shape<"8">) -> !cute.int_tuple<"8">
  %4 = cute.layout_eval(%u, %c) : (!cute.coord<"(_)">, !cute.composed_layout<"S<1,4,3> o 0 o (128):(1)">) -> !cute.int_tuple<"0">
  %5 = cute.layout_eval(%u2, %l2) : (!cute.coord<"(2,_)">, !cute.layout<"(4,8):(1,4)">) -> !cute.int_tuple<"2">
  return
}
