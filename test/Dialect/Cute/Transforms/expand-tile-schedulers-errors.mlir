// RUN: not cute-opt %s --split-input-file --cute-expand-tile-schedulers 2>&1 | FileCheck %s


func.func private @helper(!cute.tile_scheduler)
func.func @opaque(%m: i32, %n: i32) {
  // CHECK: error: a !cute.tile_scheduler may only be read by cute.tile_scheduler_range and cute.tile_scheduler_coord (a helper taking it must be inlined), not by 'func.call'
  // CHECK: note: the scheduler is made here
  %s = cute.make_tile_scheduler %m, %n tile [128, 128] group 1
  func.call @helper(%s) : (!cute.tile_scheduler) -> ()
  return
}

// -----

func.func @zero(%m: i32, %n: i32) {
  // CHECK: error: 'cute.make_tile_scheduler' op group = 0; it must be in [1, 2^30]
  %s = cute.make_tile_scheduler %m, %n tile [128, 128] group 0
  return
}
