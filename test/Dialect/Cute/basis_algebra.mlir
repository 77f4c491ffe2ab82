// RUN: cute-opt --allow-unregistered-dialect %s | FileCheck %s
// RUN: cute-opt --allow-unregistered-dialect %s --mlir-print-op-generic | cute-opt --allow-unregistered-dialect | FileCheck %s
// RUN: cute-opt --allow-unregistered-dialect %s | cute-opt --allow-unregistered-dialect | FileCheck %s

// Complement, inverses, products and divides of layouts with scaled-basis
// strides (`v@i`). CuTe IR computes them one codomain direction at a time
// (a leaf of the coprofile L(0)); hand values:
//   complement((4,3):(2@0,1@1)): direction 0 has 4:2 -> shapes (2/1, 1),
//     strides (1, 8) = (2,1):(1@0,8@0); direction 1 has 3:1 -> (1,1):(1,3),
//     coalesced to 1:3@1.
//   complement((3,2):(0,2@1)): the 0 stride is a broadcast; direction 0 is
//     empty (1:1@0); direction 1 has 2:2 -> (2,1):(1@1,4@1).
//   right_inverse((4,(2,3)):(1@1,(1@0,2@0))): flat (4,2,3) folds to
//     (4,6):(1@1,1@0), prefix products (1,4): direction 0 -> 6:4, 1 -> 4:1.
//   right_inverse((8,2):(2@0,1@0)): sorted 1@0 (2, at 8), 2@0 (8, at 1).
//   left_inverse((4,2):(1@0,8@0)) = ((1,8,2)):((0,1,4)) coalesced.
//   logical_product((2,4):(1@0,1@1), 3:1) composes 3:1 with the intrinsic
//     complement (1,1):(2@0,4@1), i.e. 1:4@1.
//   logical_divide((8,6):(1@0,1@1), 3:2@1): the tiler's complement
//     (1:1@0, (2,1):(1@1,6@1)) is extended over (8,6) to (8,2):(1@0,1@1).

// CHECK-LABEL: func.func @basis_algebra
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.complement(%{{[a-zA-Z0-9_#:]+}}) : (!cute.layout<"(4,3):(2@0,1@1)">) -> !cute.layout<"((2,1),1):((1@0,8@0),3@1)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.complement(%{{[a-zA-Z0-9_#:]+}}) : (!cute.layout<"(2,4):(1@1,4@0)">) -> !cute.layout<"((4,1),1):((1@0,16@0),2@1)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.complement(%{{[a-zA-Z0-9_#:]+}}) : (!cute.layout<"(3,2):(0,2@1)">) -> !cute.layout<"(1,(2,1)):(1@0,(1@1,4@1))">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.right_inverse(%{{[a-zA-Z0-9_#:]+}}) : (!cute.layout<"(4,(2,3)):(1@1,(1@0,2@0))">) -> !cute.layout<"(6,4):(4,1)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.right_inverse(%{{[a-zA-Z0-9_#:]+}}) : (!cute.layout<"(8,2):(2@0,1@0)">) -> !cute.layout<"((2,8)):((8,1))">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.left_inverse(%{{[a-zA-Z0-9_#:]+}}) : (!cute.layout<"(4,2):(1@0,8@0)">) -> !cute.layout<"((8,2)):((1,4))">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.left_inverse(%{{[a-zA-Z0-9_#:]+}}) : (!cute.layout<"(2,3):(3@1,1@0)">) -> !cute.layout<"(3,(3,2)):(2,(0,1))">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.logical_product(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.layout<"(2,4):(1@0,1@1)">, !cute.layout<"3:1">) -> !cute.layout<"((2,4),3):((1@0,1@1),4@1)">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.blocked_product(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.layout<"4:1@0">, !cute.layout<"(2,3):(1,2)">) -> !cute.layout<"((4,2),(1,3)):((1@0,4@0),(0,8@0))">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.logical_divide(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.layout<"(8,6):(1@0,1@1)">, !cute.layout<"3:2@1">) -> !cute.layout<"(3,(8,2)):(2@1,(1@0,1@1))">
// CHECK: %{{[a-zA-Z0-9_#:]+}} = cute.flat_divide(%{{[a-zA-Z0-9_#:]+}}, %{{[a-zA-Z0-9_#:]+}}) : (!cute.layout<"(8,6):(1@0,1@1)">, !cute.layout<"3:2@1">) -> !cute.layout<"(3,8,2):(2@1,1@0,1@1)">
func.func @basis_algebra(%c0: !cute.layout<"(4,3):(2@0,1@1)">, %c1: !cute.layout<"(2,4):(1@1,4@0)">, %c2: !cute.layout<"(3,2):(0,2@1)">,
  %r0: !cute.layout<"(4,(2,3)):(1@1,(1@0,2@0))">, %r1: !cute.layout<"(8,2):(2@0,1@0)">,
  %l0: !cute.layout<"(4,2):(1@0,8@0)">, %l1: !cute.layout<"(2,3):(3@1,1@0)">,
  %p0: !cute.layout<"(2,4):(1@0,1@1)">, %p1: !cute.layout<"3:1">, %p2: !cute.layout<"4:1@0">, %p3: !cute.layout<"(2,3):(1,2)">,
  %d0: !cute.layout<"(8,6):(1@0,1@1)">, %d1: !cute.layout<"3:2@1">) {
  %0 = cute.complement(%c0) : (!cute.layout<"(4,3):(2@0,1@1)">) -> !cute.layout<"((2,1),1):((1@0,8@0),3@1)">
  %1 = cute.complement(%c1) : (!cute.layout<"(2,4):(1@1,4@0)">) -> !cute.layout<"((4,1),1):((1@0,16@0),2@1)">
  %2 = cute.complement(%c2) : (!cute.layout<"(3,2):(0,2@1)">) -> !cute.layout<"(1,(2,1)):(1@0,(1@1,4@1))">
  %3 = cute.right_inverse(%r0) : (!cute.layout<"(4,(2,3)):(1@1,(1@0,2@0))">) -> !cute.layout<"(6,4):(4,1)">
  %4 = cute.right_inverse(%r1) : (!cute.layout<"(8,2):(2@0,1@0)">) -> !cute.layout<"((2,8)):((8,1))">
  %5 = cute.left_inverse(%l0) : (!cute.layout<"(4,2):(1@0,8@0)">) -> !cute.layout<"((8,2)):((1,4))">
  %6 = cute.left_inverse(%l1) : (!cute.layout<"(2,3):(3@1,1@0)">) -> !cute.layout<"(3,(3,2)):(2,(0,1))">
  %7 = cute.logical_product(%p0, %p1) : (!cute.layout<"(2,4):(1@0,1@1)">, !cute.layout<"3:1">) -> !cute.layout<"((2,4),3):((1@0,1@1),4@1)">
  %8 = cute.blocked_product(%p2, %p3) : (!cute.layout<"4:1@0">, !cute.layout<"(2,3):(1,2)">) -> !cute.layout<"((4,2),(1,3)):((1@0,4@0),(0,8@0))">
  %9 = cute.logical_divide(%d0, %d1) : (!cute.layout<"(8,6):(1@0,1@1)">, !cute.layout<"3:2@1">) -> !cute.layout<"(3,(8,2)):(2@1,(1@0,1@1))">
  %10 = cute.flat_divide(%d0, %d1) : (!cute.layout<"(8,6):(1@0,1@1)">, !cute.layout<"3:2@1">) -> !cute.layout<"(3,8,2):(2@1,1@0,1@1)">
  return
}
