//===- CuteSchedulerOps.td - Tile schedulers ----------------*- tablegen -*-===//
#ifndef CUTE_SCHEDULER_OPS_TD
#define CUTE_SCHEDULER_OPS_TD

def Cute_TileSchedulerType : TypeDef<Cute_Dialect, "TileScheduler"> {
  let mnemonic = "tile_scheduler";
  let summary = "which output tiles a CTA computes, in which order";
  let description = [{
    Made by `cute.make_tile_scheduler` and read by `cute.tile_scheduler_range`
    and `cute.tile_scheduler_coord`; every warp role of a kernel reads the
    same value, so producer and consumers walk the same tiles. The compiler
    expands it into integer arithmetic (`cute-expand-tile-schedulers`, run
    by `--cute-compile` after the helper inliner); it lives in one kernel
    (helpers taking it are inlined).
  }];
}

def Cute_MakeTileSchedulerOp : Cute_Op<"make_tile_scheduler",
    [Pure, AttrSizedOperandSegments]> {
  let summary = "A persistent tile scheduler over an M x N output";
  let description = [{
    The output of `m` x `n` elements is cut into `tile` = [TM, TN] tiles,
    ceil(m / TM) x ceil(n / TN) of them, numbered by the schedule: the
    tiles are taken in groups of `group` tile rows (M), each group swept
    along N column by column, so CTAs running at the same time share rows of
    A and columns of B in L2 (CUTLASS's rasterization with a swizzle
    `group`; `group = 1` is row-major over tiles). Persistent: CTA b takes
    tiles b, b + gridDim.x, ... (`cute.tile_scheduler_range`). The integers
    may be instance parameters (`tile [BM, BN]`).
    ```mlir
    func.func @tiles(%m: i32, %n: i32, %k: i32) {
      %sched = cute.make_tile_scheduler %m, %n, %k tile [128, 256, 64] group 8
      %first, %end, %step = cute.tile_scheduler_range %sched
      scf.for %t = %first to %end step %step : i32 {
        %tm, %tn = cute.tile_scheduler_coord %sched, %t
        %kb, %ke = cute.tile_scheduler_k_tiles %sched, %t
      }
      return
    }
    ```
    With a K extent and tile (`%m, %n, %k tile [TM, TN, TK]`) it also says
    which K tiles each position covers (`cute.tile_scheduler_k_tiles`): all
    ceil(k / TK) of them.

    Split-K: `splits %s` (a runtime i32 >= 1) cuts each tile's K tiles into
    `%s` contiguous, balanced ranges; there are then tiles x `%s` positions,
    the `%s` splits of one tile adjacent (position p is split p mod s of
    tile p / s), so they run at the same time. Each split computes a partial
    sum of its tile; `cute.tile_scheduler_split` says which tile and split a
    position is, and `cute_nvgpu.counter_arrive` lets the last split of a
    tile to finish add the others' partials (examples/gemm-sm90). `%s` = 1
    is the data-parallel schedule. The number of splits must not exceed the
    K tiles for every split to get work (a split with none gets the empty
    range).

    Stream-K: `%s` = 0 divides the K tiles of all tiles (U = tiles x KT)
    evenly among the grid's W = gridDim.x CTAs: CTA b covers the K tiles
    [b U / W, (b + 1) U / W) of the concatenation, which may end inside one
    tile and go on into the next, so every CTA gets the same work whatever
    the tile count (no wave quantization). Its positions are the tiles it
    touches (`cute.tile_scheduler_range`: first tile, end, step 1); a tile
    covered by several CTAs is combined as under split-K: the CTAs are its
    splits, in order (`cute.tile_scheduler_split`), each with its own
    workspace slot (`cute.tile_scheduler_slot`). No CTA waits for another,
    so any W works; W = the SM count balances.
    ```mlir
    func.func @split(%m: i32, %n: i32, %k: i32, %s: i32) {
      %sched = cute.make_tile_scheduler %m, %n, %k tile [128, 128, 64] group 8 splits %s
      %first, %end, %step = cute.tile_scheduler_range %sched
      scf.for %t = %first to %end step %step : i32 {
        %tile, %split, %count = cute.tile_scheduler_split %sched, %t
        %kb, %ke = cute.tile_scheduler_k_tiles %sched, %t
      }
      return
    }
    ```
  }];
  let arguments = (ins I32:$m, I32:$n, Optional<I32>:$k, I64Attr:$tile_m,
                   I64Attr:$tile_n, OptionalAttr<I64Attr>:$tile_k,
                   I64Attr:$group, Optional<I32>:$splits);
  let results = (outs Cute_TileSchedulerType:$scheduler);
  let assemblyFormat = [{
    $m `,` $n (`,` $k^)? `tile` ` ` `[`
    custom<TileSizes>($tile_m, $tile_n, $tile_k) `]`
    `group` custom<IntOrParam>($group) (`splits` $splits^)? attr-dict
  }];
  let hasVerifier = 1;
}

def Cute_TileSchedulerRangeOp : Cute_Op<"tile_scheduler_range", [Pure]> {
  let summary = "This CTA's tile indices: first, end and step of its loop";
  let description = [{
    `first` = blockIdx.x, `end` = the number of positions (tiles, times the
    splits of a split-K schedule), `step` = gridDim.x:
    `scf.for %t = %first to %end step %step` visits this CTA's tiles in
    schedule order (none when the grid has more CTAs than tiles).
  }];
  let arguments = (ins Cute_TileSchedulerType:$scheduler);
  let results = (outs I32:$first, I32:$end, I32:$step);
  let assemblyFormat = "$scheduler attr-dict";
}

def Cute_TileSchedulerCoordOp : Cute_Op<"tile_scheduler_coord", [Pure]> {
  let summary = "The (tile row, tile column) of schedule position `index`";
  let description = [{
    Tile indices (not element offsets: multiply by the tile sizes, or pass
    them to `cute.local_tile`). Every index in [0, end) maps to a distinct
    tile inside the output (the splits of a split-K schedule to the same
    tile).
  }];
  let arguments = (ins Cute_TileSchedulerType:$scheduler, I32:$index);
  let results = (outs I32:$tile_m, I32:$tile_n);
  let assemblyFormat = "$scheduler `,` $index attr-dict";
}

def Cute_TileSchedulerKTilesOp : Cute_Op<"tile_scheduler_k_tiles", [Pure]> {
  let summary = "The K tiles [begin, end) schedule position `index` covers";
  let description = [{
    For a scheduler made with a K extent: [0, ceil(k / TK)) for every
    position of a data-parallel schedule, so a K loop
    `scf.for %kt = %begin to %end` reads the tiles `%kt * TK`. With
    `splits %s`, split j of a tile covers [j * KT / s, (j + 1) * KT / s)
    with KT = ceil(k / TK): the ranges partition [0, KT) and differ in
    length by at most one.
  }];
  let arguments = (ins Cute_TileSchedulerType:$scheduler, I32:$index);
  let results = (outs I32:$begin, I32:$end);
  let assemblyFormat = "$scheduler `,` $index attr-dict";
  let hasVerifier = 1;
}

def Cute_TileSchedulerSplitOp : Cute_Op<"tile_scheduler_split", [Pure]> {
  let summary = "The linear tile, K split and split count of a position";
  let description = [{
    `tile` numbers the output tiles 0 .. tiles - 1 in schedule order (one
    number per tile, shared by its splits: index a per-tile counter or
    workspace with it), `split` is in [0, `count`), `count` the scheduler's
    `splits` (1, and `split` 0, without them).
  }];
  let arguments = (ins Cute_TileSchedulerType:$scheduler, I32:$index);
  let results = (outs I32:$tile, I32:$split, I32:$count);
  let assemblyFormat = "$scheduler `,` $index attr-dict";
}

def Cute_TileSchedulerSlotOp : Cute_Op<"tile_scheduler_slot", [Pure]> {
  let summary = "The workspace slot of a position, and the slot count";
  let description = [{
    A position's partial result goes to workspace slot `slot` of `slots`
    (per launch; the count does not depend on the position). The splits of
    one tile have consecutive slots, split j at `slot - split + j`, so the
    split that completes a tile finds every partial of it. Split-K: slot =
    the position, slots = tiles x splits. Stream-K: slot = b + tile for CTA
    b, slots = gridDim.x + tiles.
    ```mlir
    func.func @slots(%m: i32, %n: i32, %k: i32, %s: i32) {
      %sched = cute.make_tile_scheduler %m, %n, %k tile [128, 128, 64] group 8 splits %s
      %first, %end, %step = cute.tile_scheduler_range %sched
      scf.for %t = %first to %end step %step : i32 {
        %slot, %slots = cute.tile_scheduler_slot %sched, %t
      }
      return
    }
    ```
  }];
  let arguments = (ins Cute_TileSchedulerType:$scheduler, I32:$index);
  let results = (outs I32:$slot, I32:$slots);
  let assemblyFormat = "$scheduler `,` $index attr-dict";
  let hasVerifier = 1;
}

#endif // CUTE_SCHEDULER_OPS_TD
