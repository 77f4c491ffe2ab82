// RUN: cute-opt %s --convert-cute-to-llvm | FileCheck %s
// RUN: cute-opt %s | cute-opt | FileCheck %s --check-prefix=ROUND

// cute.load_coords of a wgmma m64n16 accumulator's partition of a (64,16)
// tile at row r0: thread t holds rows r0 + 16 (t/32) + (t/4) % 8 and that
// + 8, columns 2 (t%4) + {0, 1} and + 8 (the PTX ISA's wgmma D fragment
// figure for .m64nNk16), in the fragment's order ((2,2,2),1,1) with
// strides ((1@1,8@0,8@1)): (row, col), (row, col+1), (row+8, col), ...
#wg = #cute.tiled_mma<#cute_nvgpu.wgmma<m = 64, n = 16, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k>, #cute.layout<"(1,1,1):(0,0,0)">>

// CHECK-LABEL: func.func @coords(
// CHECK-SAME: %[[M:.*]]: i32, %[[N:.*]]: i32, %[[T:.*]]: i32, %[[R0:.*]]: i32)
// CHECK-DAG: %[[Q:.*]] = arith.divsi %[[T]], %{{.*}} : i32
// CHECK-DAG: %[[W:.*]] = arith.divsi %[[Q]], %{{.*}} : i32
// CHECK-DAG: %[[W16:.*]] = arith.muli %[[W]], %{{.*}} : i32
// CHECK-DAG: %[[G:.*]] = arith.remsi %[[Q]], %{{.*}} : i32
// CHECK-DAG: %[[RL:.*]] = arith.addi %[[G]], %[[W16]] : i32
// CHECK-DAG: %[[ROW:.*]] = arith.addi %[[R0]], %[[RL]] : i32
// CHECK-DAG: %[[L4:.*]] = arith.remsi %[[T]], %{{.*}} : i32
// CHECK-DAG: %[[COL:.*]] = arith.muli %[[L4]], %{{.*}} : i32
// CHECK: %[[R_0:.*]] = llvm.insertelement %[[ROW]], %{{.*}}[%{{.*}} : i32] : vector<8xi32>
// CHECK: %[[C_0:.*]] = llvm.insertelement %[[COL]], %{{.*}}[%{{.*}} : i32] : vector<8xi32>
// CHECK: %[[R_1:.*]] = llvm.insertelement %[[ROW]], %[[R_0]]
// CHECK: arith.constant 1 : i32
// CHECK: %[[C1:.*]] = arith.constant 1 : i32
// CHECK-NEXT: %[[COL1:.*]] = arith.addi %[[COL]], %[[C1]] : i32
// CHECK: llvm.insertelement %[[COL1]], %[[C_0]]
// CHECK: %[[C8:.*]] = arith.constant 8 : i32
// CHECK: %[[ROW8:.*]] = arith.addi %[[ROW]], %[[C8]] : i32
// CHECK: llvm.insertelement %[[ROW8]], %[[R_1]]

// ROUND: %{{.*}}:2 = cute.load_coords(%{{.*}}) : !cute.coord_tensor<"(?,?{div=2})", "((2,2,2),1,1):((1@1,8@0,8@1),0,0)"> -> (vector<8xi32>, vector<8xi32>)
func.func @coords(%m: i32, %n: i32, %tid: i32, %r0: i32) -> (vector<8xi32>, vector<8xi32>) {
  %s = cute.make_shape(%m, %n)
  %c = cute.make_identity_tensor(%s)
  %o = cute.make_coord(%r0) -> !cute.coord<"(?,0)">
  %d = cute.domain_offset(%c, %o)
  %z = cute.make_coord() -> !cute.coord<"(0,0)">
  %t = cute.local_tile(%d, %z) {tiler = #cute.shape<"(64,16)">}
  %p = cute.mma_partition "C" of #wg (%t, %tid)
  %r, %col = cute.load_coords(%p)
  return %r, %col : vector<8xi32>, vector<8xi32>
}
