// chips: sm_90a sm_100a sm_120a
// Row and column reductions of MMA accumulator fragments, checked exactly:
// each CTA loads its tile of X (M x N f32, row-major) into the fragment a
// tiled MMA's C layout gives each thread (cute.mma_partition "C"), reduces
// it along the rows (or columns) of the tile with cute.mma_reduce (max and
// add), spreads both results back over the fragment with
// cute.mma_broadcast, and writes three M x N outputs through the same
// partition: the broadcast max, the broadcast sum, and x - max (the first
// step of softmax). No MMA instruction runs: the kernels exercise the C
// layouts of the atoms and the shuffles chosen from them. See README.md.
#sync = #cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32>
#sync_m4 = #cute.tiled_mma<#sync, #cute.layout<"(4,1,1):(1,0,0)">>
#sync_n4 = #cute.tiled_mma<#sync, #cute.layout<"(1,4,1):(0,1,0)">>
#wgmma = #cute.tiled_mma<#cute_nvgpu.wgmma<m = 64, n = 64, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k>, #cute.layout<"(1,1,1):(0,0,0)">>
module attributes {gpu.container_module} {
  gpu.module @mma_reductions {
    // mma.sync m16n8k16, 4 warps along M, 64 x 32 tiles: (4,1,4) values per thread, rows (xor 1, 2).
    gpu.func @sync_rows(%px: !cute.ptr<f32, gmem, align<16>>, %pmax: !cute.ptr<f32, gmem, align<16>>, %psum: !cute.ptr<f32, gmem, align<16>>, %pdiff: !cute.ptr<f32, gmem, align<16>>, %m: i32, %n: i32) kernel
        attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
      %tid = cute.thread_idx x
      %bm = cute.block_idx x
      %bn = cute.block_idx y
      %stride = cute.make_stride(%n) -> !cute.stride<"(?,1)">
      %shape = cute.make_shape(%m, %n)
      %l = cute.make_layout(%shape, %stride)
      %c = cute.make_coord(%bm, %bn) -> !cute.coord<"(?,?)">
      %gx = cute.make_view(%px, %l)
      %gmax = cute.make_view(%pmax, %l)
      %gsum = cute.make_view(%psum, %l)
      %gdiff = cute.make_view(%pdiff, %l)
      %tx = cute.local_tile(%gx, %c) {tiler = #cute.shape<"(64,32)">}
      %tmax = cute.local_tile(%gmax, %c) {tiler = #cute.shape<"(64,32)">}
      %tsum = cute.local_tile(%gsum, %c) {tiler = #cute.shape<"(64,32)">}
      %tdiff = cute.local_tile(%gdiff, %c) {tiler = #cute.shape<"(64,32)">}
      // This thread's accumulator-shaped part of each tile.
      %qx = cute.mma_partition "C" of #sync_m4 (%tx, %tid) : (!cute.memref<f32, gmem, align<16>, "(64,32):(?,1)">, i32) -> !cute.memref<f32, gmem, align<4>, "((2,2),1,4):((1,?),0,8)">
      %qmax = cute.mma_partition "C" of #sync_m4 (%tmax, %tid) : (!cute.memref<f32, gmem, align<16>, "(64,32):(?,1)">, i32) -> !cute.memref<f32, gmem, align<4>, "((2,2),1,4):((1,?),0,8)">
      %qsum = cute.mma_partition "C" of #sync_m4 (%tsum, %tid) : (!cute.memref<f32, gmem, align<16>, "(64,32):(?,1)">, i32) -> !cute.memref<f32, gmem, align<4>, "((2,2),1,4):((1,?),0,8)">
      %qdiff = cute.mma_partition "C" of #sync_m4 (%tdiff, %tid) : (!cute.memref<f32, gmem, align<16>, "(64,32):(?,1)">, i32) -> !cute.memref<f32, gmem, align<4>, "((2,2),1,4):((1,?),0,8)">
      %acc = cute.make_fragment_like(%qx)
      cute.copy(%qx, %acc)
      // One value per row the thread holds, combined over the tile.
      %rmax = cute.mma_reduce<max, rows> of #sync_m4 (%acc)
      %rsum = cute.mma_reduce<add, rows> of #sync_m4 (%acc)
      // ... spread back over the fragment.
      %bmax = cute.mma_broadcast<rows> of #sync_m4 (%rmax, %acc)
      %bsum = cute.mma_broadcast<rows> of #sync_m4 (%rsum, %acc)
      %x = cute.load(%acc)
      %diff = arith.subf %x, %bmax : vector<16xf32>
      %out = cute.make_fragment_like(%qx)
      cute.store(%bmax, %out)
      cute.copy(%out, %qmax)
      cute.store(%bsum, %out)
      cute.copy(%out, %qsum)
      cute.store(%diff, %out)
      cute.copy(%out, %qdiff)
      gpu.return
    }

    // mma.sync m16n8k16, 4 warps along N, 32 x 64 tiles: (4,2,2) values per thread, columns (xor 4, 8, 16).
    gpu.func @sync_cols(%px: !cute.ptr<f32, gmem, align<16>>, %pmax: !cute.ptr<f32, gmem, align<16>>, %psum: !cute.ptr<f32, gmem, align<16>>, %pdiff: !cute.ptr<f32, gmem, align<16>>, %m: i32, %n: i32) kernel
        attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
      %tid = cute.thread_idx x
      %bm = cute.block_idx x
      %bn = cute.block_idx y
      %stride = cute.make_stride(%n) -> !cute.stride<"(?,1)">
      %shape = cute.make_shape(%m, %n)
      %l = cute.make_layout(%shape, %stride)
      %c = cute.make_coord(%bm, %bn) -> !cute.coord<"(?,?)">
      %gx = cute.make_view(%px, %l)
      %gmax = cute.make_view(%pmax, %l)
      %gsum = cute.make_view(%psum, %l)
      %gdiff = cute.make_view(%pdiff, %l)
      %tx = cute.local_tile(%gx, %c) {tiler = #cute.shape<"(32,64)">}
      %tmax = cute.local_tile(%gmax, %c) {tiler = #cute.shape<"(32,64)">}
      %tsum = cute.local_tile(%gsum, %c) {tiler = #cute.shape<"(32,64)">}
      %tdiff = cute.local_tile(%gdiff, %c) {tiler = #cute.shape<"(32,64)">}
      // This thread's accumulator-shaped part of each tile.
      %qx = cute.mma_partition "C" of #sync_n4 (%tx, %tid) : (!cute.memref<f32, gmem, align<16>, "(32,64):(?,1)">, i32) -> !cute.memref<f32, gmem, align<4>, "((2,2),2,2):((1,?),?,32)">
      %qmax = cute.mma_partition "C" of #sync_n4 (%tmax, %tid) : (!cute.memref<f32, gmem, align<16>, "(32,64):(?,1)">, i32) -> !cute.memref<f32, gmem, align<4>, "((2,2),2,2):((1,?),?,32)">
      %qsum = cute.mma_partition "C" of #sync_n4 (%tsum, %tid) : (!cute.memref<f32, gmem, align<16>, "(32,64):(?,1)">, i32) -> !cute.memref<f32, gmem, align<4>, "((2,2),2,2):((1,?),?,32)">
      %qdiff = cute.mma_partition "C" of #sync_n4 (%tdiff, %tid) : (!cute.memref<f32, gmem, align<16>, "(32,64):(?,1)">, i32) -> !cute.memref<f32, gmem, align<4>, "((2,2),2,2):((1,?),?,32)">
      %acc = cute.make_fragment_like(%qx)
      cute.copy(%qx, %acc)
      // One value per column the thread holds, combined over the tile.
      %rmax = cute.mma_reduce<max, cols> of #sync_n4 (%acc)
      %rsum = cute.mma_reduce<add, cols> of #sync_n4 (%acc)
      // ... spread back over the fragment.
      %bmax = cute.mma_broadcast<cols> of #sync_n4 (%rmax, %acc)
      %bsum = cute.mma_broadcast<cols> of #sync_n4 (%rsum, %acc)
      %x = cute.load(%acc)
      %diff = arith.subf %x, %bmax : vector<16xf32>
      %out = cute.make_fragment_like(%qx)
      cute.store(%bmax, %out)
      cute.copy(%out, %qmax)
      cute.store(%bsum, %out)
      cute.copy(%out, %qsum)
      cute.store(%diff, %out)
      cute.copy(%out, %qdiff)
      gpu.return
    }

    // wgmma m64n64k16 (one warpgroup), 64 x 128 tiles: ((2,2,8),1,2) values per thread, rows (xor 1, 2).
    gpu.func @wgmma_rows(%px: !cute.ptr<f32, gmem, align<16>>, %pmax: !cute.ptr<f32, gmem, align<16>>, %psum: !cute.ptr<f32, gmem, align<16>>, %pdiff: !cute.ptr<f32, gmem, align<16>>, %m: i32, %n: i32) kernel
        attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
      %tid = cute.thread_idx x
      %bm = cute.block_idx x
      %bn = cute.block_idx y
      %stride = cute.make_stride(%n) -> !cute.stride<"(?,1)">
      %shape = cute.make_shape(%m, %n)
      %l = cute.make_layout(%shape, %stride)
      %c = cute.make_coord(%bm, %bn) -> !cute.coord<"(?,?)">
      %gx = cute.make_view(%px, %l)
      %gmax = cute.make_view(%pmax, %l)
      %gsum = cute.make_view(%psum, %l)
      %gdiff = cute.make_view(%pdiff, %l)
      %tx = cute.local_tile(%gx, %c) {tiler = #cute.shape<"(64,128)">}
      %tmax = cute.local_tile(%gmax, %c) {tiler = #cute.shape<"(64,128)">}
      %tsum = cute.local_tile(%gsum, %c) {tiler = #cute.shape<"(64,128)">}
      %tdiff = cute.local_tile(%gdiff, %c) {tiler = #cute.shape<"(64,128)">}
      // This thread's accumulator-shaped part of each tile.
      %qx = cute.mma_partition "C" of #wgmma (%tx, %tid) : (!cute.memref<f32, gmem, align<16>, "(64,128):(?,1)">, i32) -> !cute.memref<f32, gmem, align<4>, "((2,2,8),1,2):((1,?,8),0,64)">
      %qmax = cute.mma_partition "C" of #wgmma (%tmax, %tid) : (!cute.memref<f32, gmem, align<16>, "(64,128):(?,1)">, i32) -> !cute.memref<f32, gmem, align<4>, "((2,2,8),1,2):((1,?,8),0,64)">
      %qsum = cute.mma_partition "C" of #wgmma (%tsum, %tid) : (!cute.memref<f32, gmem, align<16>, "(64,128):(?,1)">, i32) -> !cute.memref<f32, gmem, align<4>, "((2,2,8),1,2):((1,?,8),0,64)">
      %qdiff = cute.mma_partition "C" of #wgmma (%tdiff, %tid) : (!cute.memref<f32, gmem, align<16>, "(64,128):(?,1)">, i32) -> !cute.memref<f32, gmem, align<4>, "((2,2,8),1,2):((1,?,8),0,64)">
      %acc = cute.make_fragment_like(%qx)
      cute.copy(%qx, %acc)
      // One value per row the thread holds, combined over the tile.
      %rmax = cute.mma_reduce<max, rows> of #wgmma (%acc)
      %rsum = cute.mma_reduce<add, rows> of #wgmma (%acc)
      // ... spread back over the fragment.
      %bmax = cute.mma_broadcast<rows> of #wgmma (%rmax, %acc)
      %bsum = cute.mma_broadcast<rows> of #wgmma (%rsum, %acc)
      %x = cute.load(%acc)
      %diff = arith.subf %x, %bmax : vector<64xf32>
      %out = cute.make_fragment_like(%qx)
      cute.store(%bmax, %out)
      cute.copy(%out, %qmax)
      cute.store(%bsum, %out)
      cute.copy(%out, %qsum)
      cute.store(%diff, %out)
      cute.copy(%out, %qdiff)
      gpu.return
    }
  }
}
