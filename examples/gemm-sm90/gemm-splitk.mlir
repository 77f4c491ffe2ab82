// The split-K / stream-K fix-up of examples/gemm-sm90/kernel.mlir (imported:
// cute.imports, docs/instances.md). A tile's K range is cut into `nsplit`
// splits, each computed by one CTA whose 256 consumer threads hold the
// partial accumulator `acc`; the workspace `ws` holds slots of 128 x BN f32
// in the accumulator's register order, split s of a tile in slot base + s.
//
// Ordered (deterministic) sums: with nsplit <= 8 every split writes its slot
// and arrives on the tile's counter; the last arrival sums the nsplit slots
// in split order. With more splits one CTA reading them all is the
// bottleneck (2 MB at 32 splits of 128 x 128), so the splits form NG groups
// of G consecutive ones (G = max(8, ceil(nsplit / 16)), NG <= 16): the last
// arrival of a group sums the group's slots in order into the group's first
// slot, then arrives on the tile's counter; the last group sums the NG group
// slots in order (BN <= 192; 128 x 256 tiles keep one level, as ptxas spills
// with two). The order of every addition is fixed by the split indices,
// so the result does not depend on which CTA finishes first.
// Atomic sums (reduce = 1): every split adds its partial to the tile's one
// slot with red.add; the last arrival reads it and zeroes it again.
//
// Counters (i32, zero before the first launch; the last arrival resets
// each): the tile's at flags[tile], group g's at flags[tiles + 16 tile + g].
#BN = #cute.param<"BN", 256 : i32>
!acc = !cute.memref<f32, rmem, align<16>, "((2,2,(8,BN/64)),1,1):((1,2,(4,32)),0,0)">
!wsT = !cute.memref<f32, gmem, align<16>, "(((2,2,(8,BN/64)),1,1),256,?):(((1,2,(1024,8192)),0,0),4,128*BN)">
!chunk = !cute.memref<f32, rmem, align<16>, "(2,2,8):(1,2,4)">
!flags = !cute.ptr<i32, gmem, align<4>>
module {
  // acc = the sum of slots first + i stride, i = 0 .. count - 1, in that
  // order; for BN <= 128 two at a time (twice the loads in flight; 128 x
  // 256 tiles have no registers for it): an odd count's last pair adds
  // zero for a re-read of its first slot, so the sum is the same as one
  // slot at a time.
  func.func private @sum_slots(%acc: !acc, %ws: !wsT, %ct: i32, %first: i32, %count: i32, %stride: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %c64 = arith.constant 64 : i32
    %c128 = arith.constant 128 : i32
    %fzero = arith.constant 0.0 : f32
    %bnc = arith.constant #BN
    %chunks = arith.divui %bnc, %c64 : i32
    cute.fill(%acc, %fzero)
    %part = cute.make_fragment() : !chunk
    %part1 = cute.make_fragment() : !chunk
    %lastS = arith.subi %count, %c1 : i32
    %pairs = arith.cmpi ule, %bnc, %c128 : i32
    %sstep = arith.select %pairs, %c2, %c1 : i32
    scf.for %s = %c0 to %count step %sstep : i32 {
      %s1 = arith.addi %s, %c1 : i32
      %has1 = arith.cmpi ult, %s1, %count : i32
      %s1c = arith.minui %s1, %lastS : i32
      %o0 = arith.muli %s, %stride : i32
      %o1 = arith.muli %s1c, %stride : i32
      %sl = arith.addi %first, %o0 : i32
      %sl1 = arith.addi %first, %o1 : i32
      %sc = cute.make_coord(%ct, %sl) -> !cute.coord<"(_,?,?)">
      %sc1 = cute.make_coord(%ct, %sl1) -> !cute.coord<"(_,?,?)">
      %wsS = cute.tensor_slice(%ws, %sc)
      %wsS1 = cute.tensor_slice(%ws, %sc1)
      scf.for %j = %c0 to %chunks step %c1 : i32 {
        %jc = cute.make_coord(%j) -> !cute.coord<"((_,_,(_,?)),0,0)">
        %wsJ = cute.tensor_slice(%wsS, %jc)
        %wsJ1 = cute.tensor_slice(%wsS1, %jc)
        cute.copy(%wsJ, %part)
        %accJ = cute.tensor_slice(%acc, %jc)
        %x = cute.load(%accJ)
        %y = cute.load(%part)
        %sum = arith.addf %x, %y : vector<32xf32>
        %sum1 = scf.if %pairs -> vector<32xf32> {
          cute.copy(%wsJ1, %part1)
          %y1 = cute.load(%part1)
          %zv = vector.broadcast %fzero : f32 to vector<32xf32>
          %y1m = arith.select %has1, %y1, %zv : vector<32xf32>
          %o = arith.addf %sum, %y1m : vector<32xf32>
          scf.yield %o : vector<32xf32>
        } else {
          scf.yield %sum : vector<32xf32>
        }
        cute.store(%sum1, %accJ)
      } {cute.unroll}
    }
    return
  }

  // The group size G = max(8, ceil(nsplit / 16)) and the group count
  // ceil(nsplit / G) <= 16 of a two-level fix-up.
  func.func private @split_groups(%nsplit: i32) -> (i32, i32) {
    %c8 = arith.constant 8 : i32
    %c16 = arith.constant 16 : i32
    %g16 = arith.ceildivui %nsplit, %c16 : i32
    %gs = arith.maxui %g16, %c8 : i32
    %ng = arith.ceildivui %nsplit, %gs : i32
    return %gs, %ng : i32, i32
  }

  // Split `split` of `nsplit` of tile `tile` (of `tiles` counters) hands in
  // its partial `acc` (ordered: to slot `slot`, the tile's splits being
  // slots slot - split ..; atomic: added to slot `tile`); true where this
  // CTA is the tile's last and `acc` now holds the whole sum.
  func.func private @split_fixup(%acc: !acc, %ws: !wsT, %ct: i32, %leader: i1, %pflags: !flags, %atomic: i1, %tiles: i32, %tile: i32, %slot: i32, %split: i32, %nsplit: i32) -> i1 {
    %c1 = arith.constant 1 : i32
    %c8 = arith.constant 8 : i32
    %c16 = arith.constant 16 : i32
    %fzero = arith.constant 0.0 : f32
    %true = arith.constant true
    %false = arith.constant false
    // Ordered: the split's own slot; atomic: the tile's slot.
    %mySlot = arith.select %atomic, %tile, %slot : i32
    %mine = cute.make_coord(%ct, %mySlot) -> !cute.coord<"(_,?,?)">
    %wsMine = cute.tensor_slice(%ws, %mine)
    scf.if %atomic {
      cute.copy(%acc, %wsMine) {atom = #cute_nvgpu.red_add<128>}
    } else {
      cute.copy(%acc, %wsMine)
    }
    %base = arith.subi %slot, %split : i32
    // Ordered with more than 8 splits: two levels (BN <= 192: the 128 x
    // 256 tiles have no registers for the second level's code and keep
    // one). A split arrives on its group's counter, else on the tile's.
    %many = arith.cmpi ugt, %nsplit, %c8 : i32
    %bnc = arith.constant #BN
    %c192 = arith.constant 192 : i32
    %narrow = arith.cmpi ule, %bnc, %c192 : i32
    %two = arith.andi %many, %narrow : i1
    %gflag, %gbase, %gsize = scf.if %two -> (i32, i32, i32) {
      %gs, %ng = func.call @split_groups(%nsplit) : (i32) -> (i32, i32)
      %g = arith.divui %split, %gs : i32
      %gfirst = arith.muli %g, %gs : i32
      %rest = arith.subi %nsplit, %gfirst : i32
      %size = arith.minui %gs, %rest : i32
      %t16 = arith.muli %tile, %c16 : i32
      %gt = arith.addi %tiles, %t16 : i32
      %f = arith.addi %gt, %g : i32
      %gb = arith.addi %base, %gfirst : i32
      scf.yield %f, %gb, %size : i32, i32, i32
    } else {
      scf.yield %tile, %base, %nsplit : i32, i32, i32
    }
    %flag = arith.select %atomic, %tile, %gflag : i32
    %expected = arith.select %atomic, %nsplit, %gsize : i32
    %lastG = cute_nvgpu.counter_arrive %pflags[%flag] expected %expected
        leader %leader barrier id = 2, threads = 256 : !flags
    %last = scf.if %lastG -> (i1) {
      %l = scf.if %atomic -> (i1) {
        // The sum of every split's reductions; the slot is left zero for
        // the next launch.
        cute.copy(%wsMine, %acc)
        cute.fill(%wsMine, %fzero)
        scf.yield %true : i1
      } else {
        // The group's slots (one level: all of the tile's) in order.
        func.call @sum_slots(%acc, %ws, %ct, %gbase, %gsize, %c1) : (!acc, !wsT, i32, i32, i32, i32) -> ()
        %lt = scf.if %two -> (i1) {
          // The group's sum to its first slot; the last group sums them.
          %gc = cute.make_coord(%ct, %gbase) -> !cute.coord<"(_,?,?)">
          %wsG = cute.tensor_slice(%ws, %gc)
          cute.copy(%acc, %wsG)
          %gs, %ng = func.call @split_groups(%nsplit) : (i32) -> (i32, i32)
          %l2 = cute_nvgpu.counter_arrive %pflags[%tile] expected %ng
              leader %leader barrier id = 2, threads = 256 : !flags
          scf.if %l2 {
            func.call @sum_slots(%acc, %ws, %ct, %base, %ng, %gs) : (!acc, !wsT, i32, i32, i32, i32) -> ()
          }
          scf.yield %l2 : i1
        } else {
          scf.yield %true : i1
        }
        scf.yield %lt : i1
      }
      scf.yield %l : i1
    } else {
      scf.yield %false : i1
    }
    return %last : i1
  }
}
