// RUN: not cute-opt %s --split-input-file --cute-expand-tile-schedulers 2>&1 | FileCheck %s


func.func private @helper(!cute.tile_scheduler)
func.func @opaque(%m: i32, %n: i32) {
  // CHECK: error: a !cute.tile_scheduler may only be read by cute.tile_scheduler_range, _coord, _k_tiles, _split and _slot (a helper taking it must be inlined), not by 'func.call'
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

// -----

func.func @no_k(%m: i32, %n: i32, %t: i32) {
  %s = cute.make_tile_scheduler %m, %n tile [128, 128] group 1
  // CHECK: error: 'cute.tile_scheduler_k_tiles' op needs a scheduler made with a K extent and tile
  %b, %e = cute.tile_scheduler_k_tiles %s, %t
  return
}

// -----

func.func @k_without_tile(%m: i32, %n: i32, %k: i32) {
  // CHECK: error: 'cute.make_tile_scheduler' op has a K extent but no K tile size
  %s = cute.make_tile_scheduler %m, %n, %k tile [128, 128] group 1
  return
}

// -----

func.func @split_no_k(%m: i32, %n: i32, %s: i32) {
  // CHECK: error: 'cute.make_tile_scheduler' op splits K but has no K extent
  %x = cute.make_tile_scheduler %m, %n tile [128, 128] group 1 splits %s
  return
}

// -----

// A workspace slot needs a split-K or stream-K schedule.
func.func @slot_without_splits(%m: i32, %n: i32, %k: i32) {
  %s = cute.make_tile_scheduler %m, %n, %k tile [128, 128, 64] group 8
  %c0 = arith.constant 0 : i32
  // CHECK: error: 'cute.tile_scheduler_slot' op needs a scheduler with `splits %s` (split-K or, with %s = 0, stream-K): without them no position has a partial result
  %slot, %slots = cute.tile_scheduler_slot %s, %c0
  return
}
