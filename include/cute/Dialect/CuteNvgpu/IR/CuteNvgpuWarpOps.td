//===- CuteNvgpuWarpOps.td - Warp roles, fences, clusters ---*- tablegen -*-===//
#ifndef CUTE_NVGPU_WARP_OPS_TD
#define CUTE_NVGPU_WARP_OPS_TD

def CuteNvgpu_YieldOp : CuteNvgpu_Op<"yield", [Pure, Terminator,
    ParentOneOf<["WarpSpecializeOp", "ElectOneOp"]>]> {
  let summary = "Ends a role or elect_one region";
  let assemblyFormat = "attr-dict";
}

def CuteNvgpu_WarpSpecializeOp : CuteNvgpu_Op<"warp_specialize", [
    SingleBlockImplicitTerminator<"YieldOp">, NoRegionArguments]> {
  let summary = "Gives ranges of warps roles, each with its own code";
  let description = [{
    One region per role; warps [begin, end) of the block run it, the others
    skip it. Lowered to one warp-uniform if/else chain on the warp index
    (read once, broadcast from lane 0), so that `max_regs` (a
    `setmaxnreg.inc/dec` at the top of the role: a multiple of 8 in
    [24, 256], 0 = leave as compiled) takes effect. A role with
    `max_regs` must cover whole warpgroups (begin and end multiples of 4).
    ```mlir
    func.func @roles() {
      cute_nvgpu.warp_specialize
        role "producer" warps [0, 4) max_regs 40 {
        }
        role "consumer" warps [4, 12) max_regs 232 {
        }
      return
    }
    ```
  }];
  let arguments = (ins StrArrayAttr:$names, DenseI32ArrayAttr:$warp_begin,
                   DenseI32ArrayAttr:$warp_end, DenseI32ArrayAttr:$max_regs);
  let regions = (region VariadicRegion<SizedRegion<1>>:$roles);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let skipDefaultBuilders = 1;
  let builders = [OpBuilder<(ins "::llvm::ArrayRef<::llvm::StringRef>":$names,
      "::llvm::ArrayRef<int32_t>":$begin, "::llvm::ArrayRef<int32_t>":$end,
      "::llvm::ArrayRef<int32_t>":$maxRegs)>];
}

def CuteNvgpu_WarpIdxOp : CuteNvgpu_Op<"warp_idx", [Pure]> {
  let summary = "The warp's index in the block, warp-uniform";
  let description = "`tid.x / 32` broadcast from lane 0 (`shfl.sync.idx`).";
  let results = (outs I32:$result);
  let assemblyFormat = "attr-dict";
}

def CuteNvgpu_ElectOneOp : CuteNvgpu_Op<"elect_one", [
    SingleBlockImplicitTerminator<"YieldOp">, NoRegionArguments]> {
  let summary = "Runs the region in one lane of each warp reaching it";
  let description = "`elect.sync` with a full mask; the elected lane runs "
                    "the region.";
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "$body attr-dict";
}

def CuteNvgpu_WarpSyncOp : CuteNvgpu_Op<"warp_sync"> {
  let summary = "Synchronises the 32 threads of the warp";
  let description = [{
    `bar.warp.sync 0xffffffff` (`__syncwarp()`): e.g. after one lane
    acquired a pipeline stage, before every lane writes into it.
  }];
  let assemblyFormat = "attr-dict";
}

def CuteNvgpu_NamedBarrierOp : CuteNvgpu_Op<"named_barrier"> {
  let summary = "Synchronises `threads` threads on hardware barrier `id`";
  let description = [{
    `bar.sync id, threads`: ids 1..15 (0 is the block barrier), threads a
    multiple of 32. With `arrive`, `bar.arrive id, threads`: the thread
    counts towards the barrier's `threads` without waiting (CUTLASS's
    `NamedBarrier::arrive`), so one group of warps can release another that
    waits with the plain form: the ping-pong schedules of GEMM and
    attention, where each consumer warpgroup waits for its turn at the
    tensor cores and hands the turn to the other after issuing its MMAs.
    The id is a constant or an i32 value (warpgroup `i` of a round robin
    takes barrier `1 + i`, whatever the number of warpgroups): a value
    must be 1..15 and the same in all threads of the group, which is not
    checked at run time (the emulator reports an id past 15).
    ```mlir
    cute_nvgpu.named_barrier id = 3, threads = 256
    cute_nvgpu.named_barrier arrive id = 4, threads = 256
    ```
    ```mlir
    func.func @next_turn(%wgi: i32) {
      %c1 = arith.constant 1 : i32
      %id = arith.addi %wgi, %c1 : i32
      cute_nvgpu.named_barrier id = %id, threads = 256
      return
    }
    ```
  }];
  let arguments = (ins OptionalAttr<ConfinedAttr<I32Attr, [IntMinValue<1>,
                                              IntMaxValue<15>]>>:$id,
                   Optional<I32>:$dynamicId,
                   ConfinedAttr<I32Attr, [IntMinValue<32>]>:$threads,
                   UnitAttr:$arrive);
  let assemblyFormat =
      "(`arrive` $arrive^)? `id` `=` custom<BarrierId>($id, $dynamicId) `,` "
      "`threads` `=` $threads attr-dict";
  let hasVerifier = 1;
}

def CuteNvgpu_TicketOp : CuteNvgpu_Op<"ticket"> {
  let summary = "The next ticket (0, 1, ...) of a self-resetting global "
                "counter";
  let description = [{
    A dynamic work queue across CTAs (a persistent kernel's tile
    scheduler): the thread that reaches the op adds 1 to `counters[index]`
    with `atom.add.acq_rel.gpu` and gets the value before the add, its
    ticket. The thread that takes ticket `count - 1` resets the counter to
    0, so a counter that starts zeroed (once, by the host) serves every
    later launch, provided each launch takes exactly `count` tickets from
    it (a persistent kernel whose CTAs each take one ticket per tile and one
    more that runs past the end: `count` = tiles). Call it from one thread
    (in `cute_nvgpu.elect_one`) and hand the ticket to the others through
    shared memory.
    ```mlir
    func.func @next(%c: !cute.ptr<i32, gmem, align<4>>, %tiles: i32) -> i32 {
      %zero = arith.constant 0 : i32
      %t = cute_nvgpu.ticket %c[%zero] count %tiles : !cute.ptr<i32, gmem, align<4>>
      return %t : i32
    }
    ```
  }];
  let arguments = (ins Cute_PtrType:$counters, I32:$index, I32:$count);
  let results = (outs I32:$ticket);
  let assemblyFormat = [{
    $counters `[` $index `]` `count` $count attr-dict `:`
    qualified(type($counters))
  }];
}

def CuteNvgpu_CounterArriveOp : CuteNvgpu_Op<"counter_arrive"> {
  let summary = "One arrival of a thread group on a global counter; true for "
                "the last of `expected` groups";
  let description = [{
    For reductions across CTAs without waiting (split-K's fix-up): every
    thread of a group of `threads` threads (hardware barrier `id`, 1..15)
    reaches the op after writing its part to global memory; the group
    synchronises, its `leader` thread (exactly one per group) adds 1 to
    `counters[index]` with `atom.add.acq_rel.gpu`, and the result is true in
    every thread of the group whose arrival was the `expected`-th. That
    group's later reads see every other group's writes from before its
    arrival (the release/acquire pairs through the counter, with the
    barriers ordering the group's threads). The last group resets the
    counter to 0, so a counter array that starts zeroed (once, by the host)
    serves every later launch. No group waits for another, so the groups
    may run in any order, at different times or on the same SM.

    Lowering: `bar.sync id, threads`; the leader's `atom` (and, if last,
    a store of 0); `bar.red.or.pred id, threads` broadcasts the answer.
    ```mlir
    func.func @arrive(%c: !cute.ptr<i32, gmem, align<4>>, %tile: i32,
                      %splits: i32, %leader: i1) -> i1 {
      %last = cute_nvgpu.counter_arrive %c[%tile] expected %splits
          leader %leader barrier id = 2, threads = 256 : !cute.ptr<i32, gmem, align<4>>
      return %last : i1
    }
    ```
  }];
  let arguments = (ins Cute_PtrType:$counters, I32:$index, I32:$expected,
                   I1:$leader,
                   ConfinedAttr<I32Attr, [IntMinValue<1>,
                                          IntMaxValue<15>]>:$id,
                   ConfinedAttr<I32Attr, [IntMinValue<32>]>:$threads);
  let results = (outs I1:$last);
  let assemblyFormat = [{
    $counters `[` $index `]` `expected` $expected `leader` $leader
    `barrier` `id` `=` $id `,` `threads` `=` $threads attr-dict `:`
    qualified(type($counters))
  }];
  let hasVerifier = 1;
}

def CuteNvgpu_FenceProxyAsyncOp : CuteNvgpu_Op<"fence_proxy_async"> {
  let summary = "Orders the thread's shared-memory writes before TMA reads";
  let description = "`fence.proxy.async.shared::cta`.";
  let assemblyFormat = "attr-dict";
}

def CuteNvgpu_SetMaxNRegOp : CuteNvgpu_Op<"setmaxnreg"> {
  let summary = "Raises or lowers the warpgroup's register count";
  let description = "`setmaxnreg.inc/dec.sync.aligned.u32 N` (N % 8 == 0, "
                    "24..256).";
  let arguments = (ins CuteNvgpu_RegActionAttr:$action,
                   ConfinedAttr<I32Attr, [IntMinValue<24>,
                                          IntMaxValue<256>]>:$regs);
  let assemblyFormat = "$action $regs attr-dict";
  let hasVerifier = 1;
}

def CuteNvgpu_ClusterRankOp : CuteNvgpu_Op<"cluster_rank", [Pure]> {
  let summary = "The CTA's rank in its cluster (%cluster_ctarank)";
  let results = (outs I32:$result);
  let assemblyFormat = "attr-dict";
}

def CuteNvgpu_ClusterArriveOp : CuteNvgpu_Op<"cluster_arrive"> {
  let summary = "Arrives on the cluster barrier";
  let description = "`barrier.cluster.arrive[.relaxed].aligned`.";
  let arguments = (ins UnitAttr:$relaxed);
  let assemblyFormat = "attr-dict";
}

def CuteNvgpu_ClusterWaitOp : CuteNvgpu_Op<"cluster_wait"> {
  let summary = "Waits on the cluster barrier";
  let description = "`barrier.cluster.wait.aligned`.";
  let assemblyFormat = "attr-dict";
}

def CuteNvgpu_ClusterSyncOp : CuteNvgpu_Op<"cluster_sync"> {
  let summary = "Arrive and wait on the cluster barrier (all threads of all "
                "CTAs of the cluster)";
  let assemblyFormat = "attr-dict";
}

#endif // CUTE_NVGPU_WARP_OPS_TD
