// The grouped GEMM's tile bookkeeping (GROUPED instances of
// examples/gemm-sm90/kernel.mlir, imported: cute.imports, docs/instances.md):
// which group a tile row belongs to, from the group offsets in device memory.
module {
  // Grouped GEMM (GROUPED): group g owns rows [offs[g-1], offs[g]) of A
  // and C (offs[-1] = 0; offs non-decreasing) and the N x K block g of B.
  // Its rows' first and end, for 0 <= g <= groups (g = groups: the empty
  // group after the last, at offs[groups-1]); groups >= 1.
  func.func private @group_bounds(%poffs: !cute.ptr<i32, gmem, align<4>>, %groups: i32, %g: i32) -> (i32, i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %sh = cute.make_shape(%groups) -> !cute.shape<"(?)">
    %st = cute.static : !cute.stride<"(1)">
    %l = cute.make_layout(%sh, %st)
    %offs = cute.make_view(%poffs, %l)
    %last = arith.subi %groups, %c1 : i32
    %gc = arith.minui %g, %last : i32
    %ce = cute.make_coord(%gc) -> !cute.coord<"(?)">
    %ee = cute.tensor_slice(%offs, %ce)
    %ev = cute.load(%ee)
    %e = vector.extract %ev[0] : i32 from vector<1xi32>
    %has = arith.cmpi ugt, %gc, %c0 : i32
    %gm1 = arith.subi %gc, %c1 : i32
    %gp = arith.select %has, %gm1, %c0 : i32
    %cs = cute.make_coord(%gp) -> !cute.coord<"(?)">
    %se = cute.tensor_slice(%offs, %cs)
    %sv = cute.load(%se)
    %s0 = vector.extract %sv[0] : i32 from vector<1xi32>
    %s1 = arith.select %has, %s0, %c0 : i32
    %past = arith.cmpi uge, %g, %groups : i32
    %s = arith.select %past, %e, %s1 : i32
    return %s, %e : i32, i32
  }

  // A grouped GEMM's tiles are the virtual tile rows [r_g, r_g +
  // ceil(M_g / 128)) of group g (M_g its rows), scheduled over at most
  // ceil((m + 127 groups) / 128) tile rows. From group %g0 starting at
  // virtual row %r0 (the previous tile's: tiles come mostly in order),
  // walks to the group of virtual tile row %tm and returns it, its r_g,
  // its first row and its row count; past the last group: groups and 0
  // rows (an empty tile).
  func.func private @group_of(%poffs: !cute.ptr<i32, gmem, align<4>>, %groups: i32, %tm: i32, %g0: i32, %r0: i32) -> (i32, i32, i32, i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c128 = arith.constant 128 : i32
    %false = arith.constant false
    %gb:2 = scf.while (%g = %g0, %r = %r0) : (i32, i32) -> (i32, i32) {
      %gpos = arith.cmpi ugt, %g, %c0 : i32
      %below = arith.cmpi ult, %tm, %r : i32
      %back = arith.andi %gpos, %below : i1
      scf.condition(%back) %g, %r : i32, i32
    } do {
    ^bb0(%g: i32, %r: i32):
      %gp = arith.subi %g, %c1 : i32
      %s, %e = func.call @group_bounds(%poffs, %groups, %gp) : (!cute.ptr<i32, gmem, align<4>>, i32, i32) -> (i32, i32)
      %len = arith.subi %e, %s : i32
      %t = arith.ceildivui %len, %c128 : i32
      %rp = arith.subi %r, %t : i32
      scf.yield %gp, %rp : i32, i32
    }
    %gf:2 = scf.while (%g = %gb#0, %r = %gb#1) : (i32, i32) -> (i32, i32) {
      %in = arith.cmpi ult, %g, %groups : i32
      %fwd = scf.if %in -> (i1) {
        %s, %e = func.call @group_bounds(%poffs, %groups, %g) : (!cute.ptr<i32, gmem, align<4>>, i32, i32) -> (i32, i32)
        %len = arith.subi %e, %s : i32
        %t = arith.ceildivui %len, %c128 : i32
        %rt = arith.addi %r, %t : i32
        %past = arith.cmpi uge, %tm, %rt : i32
        scf.yield %past : i1
      } else {
        scf.yield %false : i1
      }
      scf.condition(%fwd) %g, %r : i32, i32
    } do {
    ^bb0(%g: i32, %r: i32):
      %s, %e = func.call @group_bounds(%poffs, %groups, %g) : (!cute.ptr<i32, gmem, align<4>>, i32, i32) -> (i32, i32)
      %len = arith.subi %e, %s : i32
      %t = arith.ceildivui %len, %c128 : i32
      %rn = arith.addi %r, %t : i32
      %gn = arith.addi %g, %c1 : i32
      scf.yield %gn, %rn : i32, i32
    }
    %s, %e = func.call @group_bounds(%poffs, %groups, %gf#0) : (!cute.ptr<i32, gmem, align<4>>, i32, i32) -> (i32, i32)
    %rows = arith.subi %e, %s : i32
    return %gf#0, %gf#1, %s, %rows : i32, i32, i32, i32
  }

  // A tile's origin: its group, r_g, the group's first row, its rows and
  // the tile's row within the group, in tiles (not GROUPED: group 0 of
  // all m rows, r_g = 0).
  func.func private @tile_origin(%grouped: i1, %poffs: !cute.ptr<i32, gmem, align<4>>, %groups: i32, %m: i32, %tm: i32, %g0: i32, %r0: i32) -> (i32, i32, i32, i32, i32) {
    %c0 = arith.constant 0 : i32
    %o:4 = scf.if %grouped -> (i32, i32, i32, i32) {
      %g, %r, %s, %rows = func.call @group_of(%poffs, %groups, %tm, %g0, %r0) : (!cute.ptr<i32, gmem, align<4>>, i32, i32, i32, i32) -> (i32, i32, i32, i32)
      scf.yield %g, %r, %s, %rows : i32, i32, i32, i32
    } else {
      scf.yield %c0, %c0, %c0, %m : i32, i32, i32, i32
    }
    %tl = arith.subi %tm, %o#1 : i32
    return %o#0, %o#1, %o#2, %o#3, %tl : i32, i32, i32, i32, i32
  }
}
