// RUN: cute-opt -allow-unregistered-dialect %s --cute-expand-tile-schedulers | FileCheck %s
// RUN: cute-opt -allow-unregistered-dialect %s --cute-instance=BM=64 | FileCheck %s --check-prefix=PARAM

#BM = #cute.param<"BM", 128 : i32>

// CHECK-LABEL: func.func @walk(
// CHECK-SAME: %[[M:.*]]: i32, %[[N:.*]]: i32, %[[K:.*]]: i32
// The CTA's ids where the kernel starts; then the tile counts ceil(m / 128),
// ceil(n / 256), ceil(k / 64); groups of 8 tile rows.
// CHECK: %[[BID:.*]] = gpu.block_id x
// CHECK: %[[B:.*]] = arith.index_cast %[[BID]] : index to i32
// CHECK: %[[GD:.*]] = gpu.grid_dim x
// CHECK: %[[G:.*]] = arith.index_cast %[[GD]] : index to i32
// CHECK: %[[C127:.*]] = arith.constant 127 : i32
// CHECK: %[[MA:.*]] = arith.addi %[[M]], %[[C127]]
// CHECK: %[[C255:.*]] = arith.constant 255 : i32
// CHECK: %[[NA:.*]] = arith.addi %[[N]], %[[C255]]
// CHECK: %[[C63:.*]] = arith.constant 63 : i32
// CHECK: %[[KA:.*]] = arith.addi %[[K]], %[[C63]]
// CHECK: %[[C128:.*]] = arith.constant 128 : i32
// CHECK: %[[NTM:.*]] = arith.divui %[[MA]], %[[C128]]
// CHECK: %[[C256:.*]] = arith.constant 256 : i32
// CHECK: %[[NTN:.*]] = arith.divui %[[NA]], %[[C256]]
// CHECK: %[[C64:.*]] = arith.constant 64 : i32
// CHECK: %[[KT:.*]] = arith.divui %[[KA]], %[[C64]]
// CHECK: %[[NT:.*]] = arith.muli %[[NTM]], %[[NTN]]
// CHECK: %[[C8:.*]] = arith.constant 8 : i32
// CHECK: %[[GT:.*]] = arith.muli %[[NTN]], %[[C8]]
// CHECK: scf.for %[[T:.*]] = %[[B]] to %[[NT]] step %[[G]]
// CHECK: %[[GRP:.*]] = arith.divui %[[T]], %[[GT]]
// CHECK: %[[FM:.*]] = arith.muli %[[GRP]], %[[C8]]
// CHECK: %[[LEFT:.*]] = arith.subi %[[NTM]], %[[FM]]
// CHECK: %[[ROWS:.*]] = arith.minui %[[LEFT]], %[[C8]]
// CHECK: %[[R:.*]] = arith.remui %[[T]], %[[GT]]
// CHECK: %[[RM:.*]] = arith.remui %[[R]], %[[ROWS]]
// CHECK: %[[TM:.*]] = arith.addi %[[FM]], %[[RM]]
// CHECK: %[[TN:.*]] = arith.divui %[[R]], %[[ROWS]]
// CHECK: %[[C0:.*]] = arith.constant 0 : i32
// CHECK: "use"(%[[TM]], %[[TN]], %[[C0]], %[[KT]])
// CHECK-NOT: cute.tile_scheduler
// PARAM: cute.make_tile_scheduler %{{.*}}, %{{.*}}, %{{.*}} tile [64, 256, 64] group 8
func.func @walk(%m: i32, %n: i32, %k: i32) {
  %s = cute.make_tile_scheduler %m, %n, %k tile [BM, 256, 64] group 8
  %first, %end, %step = cute.tile_scheduler_range %s
  scf.for %t = %first to %end step %step : i32 {
    %tm, %tn = cute.tile_scheduler_coord %s, %t
    %kb, %ke = cute.tile_scheduler_k_tiles %s, %t
    "use"(%tm, %tn, %kb, %ke) : (i32, i32, i32, i32) -> ()
  }
  return
}

// Split-K: tiles x splits positions; position p is split p mod s of tile
// p / s; split j covers K tiles [j KT / s, (j + 1) KT / s). Stream-K
// (s = 0), with T tiles on W CTAs: T / W - 1 data-parallel waves (T / W
// when W divides T), then the other tiles' K tiles (U of them) shared: CTA
// b takes [b U / W, (b + 1) U / W), in 64 bits. A CTA's positions are its
// data-parallel tiles b + v W, then the stream-K tiles its K tiles fall
// in; a stream-K tile's splits are its CTAs c0 .. c1 (owner(i) = ((i + 1)
// W - 1) / U); slot b + tile of W + T. Every result selects between split-K
// and stream-K on s == 0.
// CHECK-LABEL: func.func @split(
// CHECK-SAME: %[[M:.*]]: i32, %[[N:.*]]: i32, %[[K:.*]]: i32, %[[S:.*]]: i32
// CHECK: %[[KT:.*]] = arith.divui %{{.*}}, %c64
// CHECK: %[[NT:.*]] = arith.muli %{{.*}}, %{{.*}} : i32
// CHECK: %[[SK:.*]] = arith.cmpi eq, %[[S]], %c0
// CHECK: %[[PT:.*]] = arith.select %[[SK]], %c1{{.*}}, %[[S]] : i32
// CHECK: %[[NP:.*]] = arith.muli %[[NT]], %[[PT]]
// CHECK: %[[B:.*]] = arith.index_cast %block_id_x : index to i32
// CHECK: %[[G:.*]] = arith.index_cast %grid_dim_x : index to i32
// CHECK: %[[FULL:.*]] = arith.divui %[[NT]], %[[G]]
// CHECK: %[[REM:.*]] = arith.remui %[[NT]], %[[G]]
// CHECK: %[[DPW:.*]] = arith.select %{{.*}}, %{{.*}}, %[[FULL]] : i32
// CHECK: %[[DPT:.*]] = arith.muli %[[DPW]], %[[G]]
// CHECK: %[[SKT:.*]] = arith.subi %[[NT]], %[[DPT]]
// CHECK: %[[U:.*]] = arith.muli %{{.*}}, %{{.*}} : i64
// CHECK: %[[BU:.*]] = arith.muli %{{.*}}, %[[U]] : i64
// CHECK: %[[BEGIN64:.*]] = arith.divui %[[BU]], %{{.*}} : i64
// CHECK: %[[BEGIN:.*]] = arith.trunci %[[BEGIN64]]
// CHECK: %[[FIN64:.*]] = arith.divui %{{.*}}, %{{.*}} : i64
// CHECK: %[[FIN:.*]] = arith.trunci %[[FIN64]]
// CHECK: %[[FIRSTSK:.*]] = arith.divui %[[BEGIN]], %{{.*}} : i32
// CHECK: %[[HASK:.*]] = arith.cmpi ult, %[[BEGIN]], %[[FIN]]
// CHECK: %[[SKC:.*]] = arith.select %[[HASK]], %{{.*}}, %c0
// CHECK: %[[LO:.*]] = arith.select %[[SK]], %c0{{.*}}, %[[B]]
// CHECK: %[[NPOS:.*]] = arith.addi %[[DPW]], %[[SKC]]
// CHECK: %[[HI:.*]] = arith.select %[[SK]], %[[NPOS]], %[[NP]]
// CHECK: %[[STEP:.*]] = arith.select %[[SK]], %c1{{.*}}, %[[G]]
// CHECK: scf.for %[[P:.*]] = %[[LO]] to %[[HI]] step %[[STEP]]
// The tile: b + p W for the data-parallel positions, else a stream-K tile.
// CHECK: %[[SPLITTILE:.*]] = arith.divui %[[P]], %[[PT]]
// CHECK: %[[PW:.*]] = arith.muli %[[P]], %[[G]]
// CHECK: %[[DPTILE:.*]] = arith.addi %[[B]], %[[PW]]
// CHECK: %[[ISDP:.*]] = arith.cmpi ult, %[[P]], %[[DPW]]
// CHECK: %[[SKTILE:.*]] = arith.select %[[ISDP]], %[[DPTILE]], %{{.*}}
// CHECK: %[[TILE:.*]] = arith.select %[[SK]], %[[SKTILE]], %[[SPLITTILE]]
// CHECK: arith.divui %[[TILE]], %{{.*}}
// K tiles: [0, KT) data-parallel, clipped to [begin, finish) stream-K.
// CHECK: %[[J:.*]] = arith.remui %[[P]], %[[PT]]
// CHECK: arith.maxui %[[BEGIN]], %{{.*}}
// CHECK: arith.minui %[[FIN]], %{{.*}}
// CHECK: %[[DPB:.*]] = arith.select %{{.*}}, %c0{{.*}}, %{{.*}}
// CHECK: %[[DPE:.*]] = arith.select %{{.*}}, %[[KT]], %{{.*}}
// CHECK: %[[KB:.*]] = arith.select %[[SK]], %[[DPB]], %{{.*}}
// CHECK: %[[KE:.*]] = arith.select %[[SK]], %[[DPE]], %{{.*}}
// CHECK: %[[T2:.*]] = arith.select %[[SK]], %{{.*}}, %{{.*}}
// CHECK: %[[SPLIT:.*]] = arith.select %[[SK]], %{{.*}}, %{{.*}}
// CHECK: %[[COUNT:.*]] = arith.select %[[SK]], %{{.*}}, %[[PT]]
// CHECK: %[[SLOT:.*]] = arith.select %[[SK]], %{{.*}}, %[[P]]
// CHECK: %[[SLOTS:.*]] = arith.select %[[SK]], %{{.*}}, %[[NP]]
// CHECK: "use"(%{{.*}}, %{{.*}}, %[[KB]], %[[KE]], %[[T2]], %[[SPLIT]], %[[COUNT]], %[[SLOT]], %[[SLOTS]])
// Without splits: tile = position, split 0 of 1.
// CHECK-LABEL: func.func @nosplit(
// CHECK: scf.for %[[Q:[^ ]*]] =
// CHECK: %[[Z:.*]] = arith.constant 0 : i32
// CHECK: %[[ONE:.*]] = arith.constant 1 : i32
// CHECK: "use"(%[[Q]], %[[Z]], %[[ONE]])
func.func @split(%m: i32, %n: i32, %k: i32, %s: i32) {
  %x = cute.make_tile_scheduler %m, %n, %k tile [128, 128, 64] group 8 splits %s
  %first, %end, %step = cute.tile_scheduler_range %x
  scf.for %t = %first to %end step %step : i32 {
    %tm, %tn = cute.tile_scheduler_coord %x, %t
    %kb, %ke = cute.tile_scheduler_k_tiles %x, %t
    %tile, %split, %count = cute.tile_scheduler_split %x, %t
    %slot, %slots = cute.tile_scheduler_slot %x, %t
    "use"(%tm, %tn, %kb, %ke, %tile, %split, %count, %slot, %slots) : (i32, i32, i32, i32, i32, i32, i32, i32, i32) -> ()
  }
  return
}
func.func @nosplit(%m: i32, %n: i32) {
  %x = cute.make_tile_scheduler %m, %n tile [128, 128] group 8
  %first, %end, %step = cute.tile_scheduler_range %x
  scf.for %t = %first to %end step %step : i32 {
    %tile, %split, %count = cute.tile_scheduler_split %x, %t
    "use"(%tile, %split, %count) : (i32, i32, i32) -> ()
  }
  return
}
