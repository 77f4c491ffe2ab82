// RUN: cute-opt %s | FileCheck %s
// RUN: cute-opt %s --mlir-print-op-generic | cute-opt | FileCheck %s
// RUN: cute-opt %s | cute-opt | FileCheck %s

// Products, divides and tile_to_shape.
//   logical_product(4:2, (2,2):(1,2)): complement(4:2, 16) = (2,2):(1,8),
//   composed with (2,2):(1,2) = (2,2):(1,8) -> (4,(2,2)):(2,(1,8)).
//   logical_divide((4,2,3):(2,1,8), 4:2): tiler (4,(2,3)):(2,(1,8))
//   -> ((2,2),(2,3)):((4,1),(2,8)).

// CHECK-LABEL: func.func @products
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.logical_product(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.layout<"(3,4):(4,1)">, !cute.layout<"(2,5):(1,2)">) -> !cute.layout<"((3,4),(2,5)):((4,1),(12,24))">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.zipped_product(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.layout<"(3,4):(4,1)">, !cute.layout<"(2,5):(1,2)">) -> !cute.layout<"((3,4),(2,5)):((4,1),(12,24))">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.tiled_product(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.layout<"(3,4):(4,1)">, !cute.layout<"(2,5):(1,2)">) -> !cute.layout<"((3,4),2,5):((4,1),12,24)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.flat_product(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.layout<"(3,4):(4,1)">, !cute.layout<"(2,5):(1,2)">) -> !cute.layout<"(3,4,2,5):(4,1,12,24)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.raked_product(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.layout<"(3,4):(4,1)">, !cute.layout<"(2,5):(1,2)">) -> !cute.layout<"((2,3),(5,4)):((12,4),(24,1))">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.blocked_product(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.layout<"(3,4):(4,1)">, !cute.layout<"(2,5):(1,2)">) -> !cute.layout<"((3,2),(4,5)):((4,12),(1,24))">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.logical_product(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.layout<"(3,4):(4,1)">, !cute.layout<"(?,?):(1,2)">) -> !cute.layout<"((3,4),(?,?)):((4,1),(12,24))">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.logical_product(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.composed_layout<"S<3,4,3> o 0 o (5,4):(4,1)">, !cute.layout<"(2,5):(1,2)">) -> !cute.composed_layout<"S<3,4,3> o 0 o ((5,4),(2,5)):((4,1),(20,40))">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.logical_product(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.layout<"4:2">, !cute.layout<"(2,2):(1,2)">) -> !cute.layout<"(4,(2,2)):(2,(1,8))">
func.func @products(%a: !cute.layout<"(3,4):(4,1)">, %b: !cute.layout<"(2,5):(1,2)">, %d: !cute.layout<"(?,?):(1,2)">, %c: !cute.composed_layout<"S<3,4,3> o 0 o (5,4):(4,1)">, %e: !cute.layout<"(2,2):(1,2)">, %f: !cute.layout<"4:2">) {
  %0 = cute.logical_product(%a, %b) : (!cute.layout<"(3,4):(4,1)">, !cute.layout<"(2,5):(1,2)">) -> !cute.layout<"((3,4),(2,5)):((4,1),(12,24))">
  %1 = cute.zipped_product(%a, %b) : (!cute.layout<"(3,4):(4,1)">, !cute.layout<"(2,5):(1,2)">) -> !cute.layout<"((3,4),(2,5)):((4,1),(12,24))">
  %2 = cute.tiled_product(%a, %b) : (!cute.layout<"(3,4):(4,1)">, !cute.layout<"(2,5):(1,2)">) -> !cute.layout<"((3,4),2,5):((4,1),12,24)">
  %3 = cute.flat_product(%a, %b) : (!cute.layout<"(3,4):(4,1)">, !cute.layout<"(2,5):(1,2)">) -> !cute.layout<"(3,4,2,5):(4,1,12,24)">
  %4 = cute.raked_product(%a, %b) : (!cute.layout<"(3,4):(4,1)">, !cute.layout<"(2,5):(1,2)">) -> !cute.layout<"((2,3),(5,4)):((12,4),(24,1))">
  %5 = cute.blocked_product(%a, %b) : (!cute.layout<"(3,4):(4,1)">, !cute.layout<"(2,5):(1,2)">) -> !cute.layout<"((3,2),(4,5)):((4,12),(1,24))">
  %6 = cute.logical_product(%a, %d) : (!cute.layout<"(3,4):(4,1)">, !cute.layout<"(?,?):(1,2)">) -> !cute.layout<"((3,4),(?,?)):((4,1),(12,24))">
  %7 = cute.logical_product(%c, %b) : (!cute.composed_layout<"S<3,4,3> o 0 o (5,4):(4,1)">, !cute.layout<"(2,5):(1,2)">) -> !cute.composed_layout<"S<3,4,3> o 0 o ((5,4),(2,5)):((4,1),(20,40))">
  %8 = cute.logical_product(%f, %e) : (!cute.layout<"4:2">, !cute.layout<"(2,2):(1,2)">) -> !cute.layout<"(4,(2,2)):(2,(1,8))">
  return
}

// CHECK-LABEL: func.func @divides
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.logical_divide(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.layout<"(6,8):(8,1)">, !cute.shape<"(3,4)">) -> !cute.layout<"((3,2),(4,2)):((8,24),(1,4))">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.zipped_divide(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.layout<"(6,8):(8,1)">, !cute.shape<"(3,4)">) -> !cute.layout<"((3,4),(2,2)):((8,1),(24,4))">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.tiled_divide(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.layout<"(6,8):(8,1)">, !cute.shape<"(3,4)">) -> !cute.layout<"((3,4),2,2):((8,1),24,4)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.flat_divide(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.layout<"(6,8):(8,1)">, !cute.shape<"(3,4)">) -> !cute.layout<"(3,4,2,2):(8,1,24,4)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.logical_divide(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.layout<"(6,8):(8,1)">, !cute.tile<"{{\[\[}}3:1];4:1]">) -> !cute.layout<"(((3,2)),(4,2)):(((8,24)),(1,4))">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.logical_divide(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.layout<"(6,8):(8,1)">, !cute.layout<"(3,4):(1,3)">) -> !cute.layout<"((3,(2,2)),4):((8,(24,1)),2)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.logical_divide(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.layout<"(4,2,3):(2,1,8)">, !cute.layout<"4:2">) -> !cute.layout<"((2,2),(2,3)):((4,1),(2,8))">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.logical_divide(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.layout<"(?,8):(1,?)">, !cute.shape<"(2,4)">) -> !cute.layout<"((2,?),(4,2)):((1,2),(?,?))">
func.func @divides(%a: !cute.layout<"(6,8):(8,1)">, %t: !cute.shape<"(3,4)">, %tt: !cute.tile<"[[3:1];4:1]">, %tl: !cute.layout<"(3,4):(1,3)">, %bb: !cute.layout<"(128,64):(1@1,1@0)">, %b2: !cute.layout<"2:64@0">, %c: !cute.layout<"(4,2,3):(2,1,8)">, %cb: !cute.layout<"4:2">, %dy: !cute.layout<"(?,8):(1,?)">, %s2: !cute.shape<"(2,4)">) {
  %0 = cute.logical_divide(%a, %t) : (!cute.layout<"(6,8):(8,1)">, !cute.shape<"(3,4)">) -> !cute.layout<"((3,2),(4,2)):((8,24),(1,4))">
  %1 = cute.zipped_divide(%a, %t) : (!cute.layout<"(6,8):(8,1)">, !cute.shape<"(3,4)">) -> !cute.layout<"((3,4),(2,2)):((8,1),(24,4))">
  %2 = cute.tiled_divide(%a, %t) : (!cute.layout<"(6,8):(8,1)">, !cute.shape<"(3,4)">) -> !cute.layout<"((3,4),2,2):((8,1),24,4)">
  %3 = cute.flat_divide(%a, %t) : (!cute.layout<"(6,8):(8,1)">, !cute.shape<"(3,4)">) -> !cute.layout<"(3,4,2,2):(8,1,24,4)">
  %4 = cute.logical_divide(%a, %tt) : (!cute.layout<"(6,8):(8,1)">, !cute.tile<"[[3:1];4:1]">) -> !cute.layout<"(((3,2)),(4,2)):(((8,24)),(1,4))">
  %5 = cute.logical_divide(%a, %tl) : (!cute.layout<"(6,8):(8,1)">, !cute.layout<"(3,4):(1,3)">) -> !cute.layout<"((3,(2,2)),4):((8,(24,1)),2)">
  %6 = cute.logical_divide(%c, %cb) : (!cute.layout<"(4,2,3):(2,1,8)">, !cute.layout<"4:2">) -> !cute.layout<"((2,2),(2,3)):((4,1),(2,8))">
  %7 = cute.logical_divide(%dy, %s2) : (!cute.layout<"(?,8):(1,?)">, !cute.shape<"(2,4)">) -> !cute.layout<"((2,?),(4,2)):((1,2),(?,?))">
  return
}

// CHECK-LABEL: func.func @tile_to_shape
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.tile_to_shape(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.layout<"(3,2):(1,3)">, !cute.shape<"(6,8)">) -> !cute.layout<"((3,2),(2,4)):((1,6),(3,12))">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.tile_to_shape(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.layout<"(128,128):(128,1)">, !cute.shape<"(1024,512)">, !cute.int_tuple<"(1,0)">) -> !cute.layout<"((128,8),(128,4)):((128,65536),(1,16384))">
func.func @tile_to_shape(%a: !cute.layout<"(3,2):(1,3)">, %s: !cute.shape<"(6,8)">, %b: !cute.layout<"(128,128):(128,1)">, %s2: !cute.shape<"(1024,512)">, %o: !cute.int_tuple<"(1,0)">) {
  %0 = cute.tile_to_shape(%a, %s) : (!cute.layout<"(3,2):(1,3)">, !cute.shape<"(6,8)">) -> !cute.layout<"((3,2),(2,4)):((1,6),(3,12))">
  %1 = cute.tile_to_shape(%b, %s2, %o) : (!cute.layout<"(128,128):(128,1)">, !cute.shape<"(1024,512)">, !cute.int_tuple<"(1,0)">) -> !cute.layout<"((128,8),(128,4)):((128,65536),(1,16384))">
  return
}
