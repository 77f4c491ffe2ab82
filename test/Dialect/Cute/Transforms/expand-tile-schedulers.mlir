// RUN: cute-opt -allow-unregistered-dialect %s --cute-expand-tile-schedulers | FileCheck %s
// RUN: cute-opt -allow-unregistered-dialect %s --cute-instance=BM=64 | FileCheck %s --check-prefix=PARAM

#BM = #cute.param<"BM", 128 : i32>

// CHECK-LABEL: func.func @walk(
// CHECK-SAME: %[[M:.*]]: i32, %[[N:.*]]: i32
// Tile counts: ceil(m / 128) and ceil(n / 256), groups of 8 tile rows.
// CHECK: %[[C127:.*]] = arith.constant 127 : i32
// CHECK: %[[C128:.*]] = arith.constant 128 : i32
// CHECK: %[[MA:.*]] = arith.addi %[[M]], %[[C127]]
// CHECK: %[[NTM:.*]] = arith.divui %[[MA]], %[[C128]]
// CHECK: %[[C255:.*]] = arith.constant 255 : i32
// CHECK: %[[C256:.*]] = arith.constant 256 : i32
// CHECK: %[[NA:.*]] = arith.addi %[[N]], %[[C255]]
// CHECK: %[[NTN:.*]] = arith.divui %[[NA]], %[[C256]]
// CHECK: %[[NT:.*]] = arith.muli %[[NTM]], %[[NTN]]
// CHECK: %[[C8:.*]] = arith.constant 8 : i32
// CHECK: %[[GT:.*]] = arith.muli %[[NTN]], %[[C8]]
// CHECK: %[[BID:.*]] = gpu.block_id x
// CHECK: %[[B:.*]] = arith.index_cast %[[BID]] : index to i32
// CHECK: %[[GD:.*]] = gpu.grid_dim x
// CHECK: %[[G:.*]] = arith.index_cast %[[GD]] : index to i32
// CHECK: scf.for %[[T:.*]] = %[[B]] to %[[NT]] step %[[G]]
// CHECK: %[[GRP:.*]] = arith.divui %[[T]], %[[GT]]
// CHECK: %[[FM:.*]] = arith.muli %[[GRP]], %[[C8]]
// CHECK: %[[LEFT:.*]] = arith.subi %[[NTM]], %[[FM]]
// CHECK: %[[ROWS:.*]] = arith.minui %[[LEFT]], %[[C8]]
// CHECK: %[[R:.*]] = arith.remui %[[T]], %[[GT]]
// CHECK: %[[RM:.*]] = arith.remui %[[R]], %[[ROWS]]
// CHECK: %[[TM:.*]] = arith.addi %[[FM]], %[[RM]]
// CHECK: %[[TN:.*]] = arith.divui %[[R]], %[[ROWS]]
// CHECK: "use"(%[[TM]], %[[TN]])
// CHECK-NOT: cute.tile_scheduler
// PARAM: cute.make_tile_scheduler %{{.*}}, %{{.*}} tile [64, 256] group 8
func.func @walk(%m: i32, %n: i32) {
  %s = cute.make_tile_scheduler %m, %n tile [BM, 256] group 8
  %first, %end, %step = cute.tile_scheduler_range %s
  scf.for %t = %first to %end step %step : i32 {
    %tm, %tn = cute.tile_scheduler_coord %s, %t
    "use"(%tm, %tn) : (i32, i32) -> ()
  }
  return
}
