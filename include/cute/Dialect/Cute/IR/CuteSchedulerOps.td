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

def Cute_MakeTileSchedulerOp : Cute_Op<"make_tile_scheduler", [Pure]> {
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
    ceil(k / TK) of them here; a schedule that splits K (stream-K,
    split-K) is a later kind of this op with the same uses.
  }];
  let arguments = (ins I32:$m, I32:$n, Optional<I32>:$k, I64Attr:$tile_m,
                   I64Attr:$tile_n, OptionalAttr<I64Attr>:$tile_k,
                   I64Attr:$group);
  let results = (outs Cute_TileSchedulerType:$scheduler);
  let assemblyFormat = [{
    $m `,` $n (`,` $k^)? `tile` ` ` `[`
    custom<TileSizes>($tile_m, $tile_n, $tile_k) `]`
    `group` custom<IntOrParam>($group) attr-dict
  }];
  let hasVerifier = 1;
}

def Cute_TileSchedulerRangeOp : Cute_Op<"tile_scheduler_range", [Pure]> {
  let summary = "This CTA's tile indices: first, end and step of its loop";
  let description = [{
    `first` = blockIdx.x, `end` = the number of tiles, `step` = gridDim.x:
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
    tile inside the output.
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
    `scf.for %kt = %begin to %end` reads the tiles `%kt * TK`.
  }];
  let arguments = (ins Cute_TileSchedulerType:$scheduler, I32:$index);
  let results = (outs I32:$begin, I32:$end);
  let assemblyFormat = "$scheduler `,` $index attr-dict";
  let hasVerifier = 1;
}

#endif // CUTE_SCHEDULER_OPS_TD
