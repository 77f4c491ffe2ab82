// 128 x 128 block scales (DeepSeek-V3's FP8 recipe) for the BLOCKSCALE
// instances of examples/gemm-sm90/kernel.mlir (imported: cute.imports,
// docs/instances.md). A is scaled per row and 128 elements of K, B per
// 128 x 128 block: C = sum over K blocks kb of
//   sa[m, kb] sb[n / 128, kb] (A B^T restricted to kb),
// with sa (M x KB) and sb (ceil(N / 128) x KB) f32 row-major, KB =
// ceil(K / 128). An e4m3 K tile (BK = 128) is exactly one K block, so the
// consumers compute each K tile's product into a second accumulator and
// add it, scaled, to the first ("promotion" to f32 every block); a tile's
// 128 columns (BN = 128) are one block of B, so its scale is one number.
// Swap-AB (DIRECT, BN = 64: the kernel computes C^T = B A^T, its rows are
// B's and its columns A's): a tile's 128 rows are one block of B (one
// number, from psm), and each column has its own scale from A's (psn).
#BN = #cute.param<"BN", 256 : i32>
!acc = !cute.memref<f32, rmem, align<16>, "((2,2,(8,BN/64)),1,1):((1,2,(4,32)),0,0)">
!scales = !cute.ptr<f32, gmem, align<4>>
module {
  // The scale of row `row` (rows past the last read the last, which is
  // never stored) and K block kb in a rows x ceil(k / 128) f32 array.
  func.func private @scale_at(%p: !scales, %rows: i32, %k: i32, %row: i32, %kb: i32) -> f32 {
    %c1 = arith.constant 1 : i32
    %c128 = arith.constant 128 : i32
    %kbs = arith.ceildivui %k, %c128 : i32
    %last = arith.subi %rows, %c1 : i32
    %r = arith.minui %row, %last : i32
    %i0 = arith.muli %r, %kbs : i32
    %i = arith.addi %i0, %kb : i32
    %extent = arith.muli %rows, %kbs : i32
    %sh = cute.make_shape(%extent) -> !cute.shape<"(?)">
    %st = cute.static : !cute.stride<"(1)">
    %l = cute.make_layout(%sh, %st)
    %v = cute.make_view(%p, %l)
    %c = cute.make_coord(%i) -> !cute.coord<"(?)">
    %e = cute.tensor_slice(%v, %c)
    %x = cute.load(%e)
    %s = vector.extract %x[0] : f32 from vector<1xf32>
    return %s : f32
  }

  // The scales of K block kb for consumer thread lt (0..127) of warpgroup
  // wg in the tile whose rows start at row0 and whose columns are B's
  // block nb: sa of the thread's two accumulator rows (row0 + 64 wg +
  // 16 (lt / 32) + (lt % 32) / 4, and 8 more), each times sb[nb, kb].
  func.func private @block_scales(%psa: !scales, %psb: !scales, %m: i32, %n: i32, %k: i32, %row0: i32, %wg: i32, %lt: i32, %nb: i32, %kb: i32) -> (f32, f32) {
    %c4 = arith.constant 4 : i32
    %c8 = arith.constant 8 : i32
    %c16 = arith.constant 16 : i32
    %c32 = arith.constant 32 : i32
    %c64 = arith.constant 64 : i32
    %c128 = arith.constant 128 : i32
    %nbs = arith.ceildivui %n, %c128 : i32
    %w = arith.divui %lt, %c32 : i32
    %lane = arith.remui %lt, %c32 : i32
    %w16 = arith.muli %w, %c16 : i32
    %l4 = arith.divui %lane, %c4 : i32
    %wg64 = arith.muli %wg, %c64 : i32
    %r = arith.addi %wg64, %w16 : i32
    %r1 = arith.addi %r, %l4 : i32
    %ra = arith.addi %row0, %r1 : i32
    %rb = arith.addi %ra, %c8 : i32
    %sa0 = func.call @scale_at(%psa, %m, %k, %ra, %kb) : (!scales, i32, i32, i32, i32) -> f32
    %sa1 = func.call @scale_at(%psa, %m, %k, %rb, %kb) : (!scales, i32, i32, i32, i32) -> f32
    %sb = func.call @scale_at(%psb, %nbs, %k, %nb, %kb) : (!scales, i32, i32, i32, i32) -> f32
    %s0 = arith.mulf %sa0, %sb : f32
    %s1 = arith.mulf %sa1, %sb : f32
    return %s0, %s1 : f32, f32
  }

  // The scales of K block kb for each value of a 32-value chunk of the
  // thread's wgmma accumulator (value i = v0 + 2 v1 + 4 j: row r + 8 v1,
  // column 2 (lane % 4) + v0 + 8 j of the chunk). Rows (not `cols`): s0 on
  // the thread's first row, s1 on its second, the same in every chunk.
  // Columns (`cols`, swap-AB, one chunk): the tile's B block scale times
  // each column's A scale.
  func.func private @block_scale_vec(%psa: !scales, %psb: !scales, %m: i32, %n: i32, %k: i32, %row0: i32, %wg: i32, %lt: i32, %nb: i32, %kb: i32, %cols: i1) -> vector<32xf32> {
    %sv = scf.if %cols -> (vector<32xf32>) {
      %c1 = arith.constant 1 : i32
      %c2 = arith.constant 2 : i32
      %c4 = arith.constant 4 : i32
      %c8 = arith.constant 8 : i32
      %c16 = arith.constant 16 : i32
      %c32 = arith.constant 32 : i32
      %c64 = arith.constant 64 : i32
      %c128 = arith.constant 128 : i32
      %c0 = arith.constant 0 : i32
      // The tile's rows are B's block row0 / 128.
      %mbs = arith.ceildivui %m, %c128 : i32
      %rb = arith.divui %row0, %c128 : i32
      %sb = func.call @scale_at(%psa, %mbs, %k, %rb, %kb) : (!scales, i32, i32, i32, i32) -> f32
      // Column c0 + v0 + 8 j for the 16 (v0, j).
      %lane = arith.remui %lt, %c32 : i32
      %l4 = arith.remui %lane, %c4 : i32
      %l2 = arith.muli %l4, %c2 : i32
      %nb64 = arith.muli %nb, %c64 : i32
      %c0col = arith.addi %nb64, %l2 : i32
      %f = cute.make_fragment() : !cute.memref<f32, rmem, align<16>, "(16):(1)">
      scf.for %e = %c0 to %c16 step %c1 : i32 {
        %v0 = arith.remui %e, %c2 : i32
        %j = arith.divui %e, %c2 : i32
        %j8 = arith.muli %j, %c8 : i32
        %o = arith.addi %v0, %j8 : i32
        %col = arith.addi %c0col, %o : i32
        %sa = func.call @scale_at(%psb, %n, %k, %col, %kb) : (!scales, i32, i32, i32, i32) -> f32
        %x = arith.mulf %sa, %sb : f32
        %xe = cute.make_coord(%e) -> !cute.coord<"(?)">
        %fe = cute.tensor_slice(%f, %xe)
        %xv = vector.from_elements %x : vector<1xf32>
        cute.store(%xv, %fe)
      } {cute.unroll}
      %v16 = cute.load(%f)
      %v = vector.shuffle %v16, %v16 [0, 1, 0, 1, 2, 3, 2, 3, 4, 5, 4, 5, 6, 7, 6, 7, 8, 9, 8, 9, 10, 11, 10, 11, 12, 13, 12, 13, 14, 15, 14, 15] : vector<16xf32>, vector<16xf32>
      scf.yield %v : vector<32xf32>
    } else {
      %s0, %s1 = func.call @block_scales(%psa, %psb, %m, %n, %k, %row0, %wg, %lt, %nb, %kb) : (!scales, !scales, i32, i32, i32, i32, i32, i32, i32, i32) -> (f32, f32)
      %p4 = vector.from_elements %s0, %s0, %s1, %s1 : vector<4xf32>
      %v = vector.shuffle %p4, %p4 [0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3] : vector<4xf32>, vector<4xf32>
      scf.yield %v : vector<32xf32>
    }
    return %sv : vector<32xf32>
  }

  // acc += sv tmp in every 32-value chunk (@block_scale_vec's scales).
  func.func private @add_scaled(%acc: !acc, %tmp: !acc, %sv: vector<32xf32>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c64 = arith.constant 64 : i32
    %bnc = arith.constant #BN
    %chunks = arith.divui %bnc, %c64 : i32
    scf.for %j = %c0 to %chunks step %c1 : i32 {
      %jc = cute.make_coord(%j) -> !cute.coord<"((_,_,(_,?)),0,0)">
      %accJ = cute.tensor_slice(%acc, %jc)
      %tmpJ = cute.tensor_slice(%tmp, %jc)
      %x = cute.load(%accJ)
      %t = cute.load(%tmpJ)
      %y = math.fma %t, %sv, %x : vector<32xf32>
      cute.store(%y, %accJ)
    } {cute.unroll}
    return
  }
}
