// chips: sm_90a sm_100a sm_120a
// An epilogue's store of an MMA accumulator through shared memory with
// stmatrix, checked bit for bit: each CTA loads its tile of X (M x N f32,
// row-major) into the C fragment a tiled MMA gives each thread
// (cute.mma_partition "C"), converts it to bf16 as an epilogue does, and
// stores the fragment into a swizzled shared-memory tile with stmatrix,
// partitioned by #cute.tiled_copy<stmatrix, "C" of #mma> (CuTe's
// make_tiled_copy_C: no fake MMA to partition the tile). It then reads the
// tile back twice: with plain loads (the tile as it is in memory) into Y,
// and with ldmatrix (the same tiled copy, the other way) into the C
// fragment and from it into Z. sync_a loads mma.sync's A fragment with
// ldmatrix instead (make_tiled_copy_A). No MMA instruction runs: the
// kernels check the C and A layouts, the tiled copies and the swizzled row
// addresses. See README.md.
#sync = #cute.tiled_mma<#cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32>, #cute.layout<"(2,2,1):(1,2,0)">>
#wgmma = #cute.tiled_mma<#cute_nvgpu.wgmma<m = 64, n = 64, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k>, #cute.layout<"(1,1,1):(0,0,0)">>
#st_sync = #cute.tiled_copy<#cute_nvgpu.stmatrix<num = 2>, "C" of #sync>
#ld_sync = #cute.tiled_copy<#cute_nvgpu.ldmatrix<num = 2>, "C" of #sync>
#stt_sync = #cute.tiled_copy<#cute_nvgpu.stmatrix<num = 2, trans = true>, "C" of #sync>
#ldt_sync = #cute.tiled_copy<#cute_nvgpu.ldmatrix<num = 2, trans = true>, "C" of #sync>
#st_wgmma = #cute.tiled_copy<#cute_nvgpu.stmatrix<num = 4>, "C" of #wgmma>
#ld_wgmma = #cute.tiled_copy<#cute_nvgpu.ldmatrix<num = 4>, "C" of #wgmma>
#lda_sync = #cute.tiled_copy<#cute_nvgpu.ldmatrix<num = 4>, "A" of #sync>
#ldat_sync = #cute.tiled_copy<#cute_nvgpu.ldmatrix<num = 4, trans = true>, "A" of #sync>
module attributes {gpu.container_module} {
  gpu.module @epilogue_stmatrix {
    // mma.sync m16n8k16 on 2x2 warps, 64 x 32 tiles; stmatrix x2 into a
    // row-major 64-byte swizzled tile (S<2,3,3>).
    gpu.func @sync_rows(%px: !cute.ptr<f32, gmem, align<16>>, %py: !cute.ptr<bf16, gmem, align<16>>, %pz: !cute.ptr<bf16, gmem, align<16>>, %m: i32, %n: i32) kernel
        attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
      %tidx = gpu.thread_id x
      %bxi = gpu.block_id x
      %byi = gpu.block_id y
      %tid = arith.index_cast %tidx : index to i32
      %bm = arith.index_cast %bxi : index to i32
      %bn = arith.index_cast %byi : index to i32
      %stride = cute.make_stride(%n) -> !cute.stride<"(?,1)">
      %shape = cute.make_shape(%m, %n)
      %l = cute.make_layout(%shape, %stride)
      %c = cute.make_coord(%bm, %bn) -> !cute.coord<"(?,?)">
      %gx = cute.make_view(%px, %l)
      %gy = cute.make_view(%py, %l)
      %gz = cute.make_view(%pz, %l)
      %tx = cute.local_tile(%gx, %c) {tiler = #cute.shape<"(64,32)">}
      %ty = cute.local_tile(%gy, %c) {tiler = #cute.shape<"(64,32)">}
      %tz = cute.local_tile(%gz, %c) {tiler = #cute.shape<"(64,32)">}
      // The accumulator, converted to bf16.
      %qx = cute.mma_partition "C" of #sync (%tx, %tid)
      %acc = cute.make_fragment_like(%qx)
      cute.copy(%qx, %acc)
      %v = cute.load(%acc)
      %h = arith.truncf %v : vector<16xf32> to vector<16xbf16>
      %frag = cute.make_fragment_like(%acc) {elem_type = bf16}
      cute.store(%h, %frag)
      // stmatrix: the registers in the atom's order, this thread's rows.
      %s = cute.smem_alloc() : !cute.memref<bf16, smem, align<512>, S<2,3,3>, "(64,32):(32,1)">
      %src = cute.copy_retile of #st_sync (%frag)
      %dst = cute.copy_partition "D" of #st_sync (%s, %tid)
      cute.copy(%src, %dst) {atom = #cute_nvgpu.stmatrix<num = 2>}
      gpu.barrier
      // Y: the tile as it is in shared memory, by plain loads.
      %ps = cute.local_partition(%s, %tid) {thr_layout = #cute.layout<"(16,8):(8,1)">}
      %pyt = cute.local_partition(%ty, %tid) {thr_layout = #cute.layout<"(16,8):(8,1)">}
      cute.copy(%ps, %pyt)
      // Z: ldmatrix back into the C fragment, stored through its partition.
      %lsrc = cute.copy_partition "S" of #ld_sync (%s, %tid)
      %back = cute.make_fragment_like(%frag)
      %ldst = cute.copy_retile of #ld_sync (%back)
      cute.copy(%lsrc, %ldst) {atom = #cute_nvgpu.ldmatrix<num = 2>}
      %qz = cute.mma_partition "C" of #sync (%tz, %tid)
      cute.copy(%back, %qz)
      gpu.return
    }

    // The same with the transposing forms into a column-major 128-byte
    // swizzled tile (S<3,3,3> over 64-element columns).
    gpu.func @sync_cols(%px: !cute.ptr<f32, gmem, align<16>>, %py: !cute.ptr<bf16, gmem, align<16>>, %pz: !cute.ptr<bf16, gmem, align<16>>, %m: i32, %n: i32) kernel
        attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
      %tidx = gpu.thread_id x
      %bxi = gpu.block_id x
      %byi = gpu.block_id y
      %tid = arith.index_cast %tidx : index to i32
      %bm = arith.index_cast %bxi : index to i32
      %bn = arith.index_cast %byi : index to i32
      %stride = cute.make_stride(%n) -> !cute.stride<"(?,1)">
      %shape = cute.make_shape(%m, %n)
      %l = cute.make_layout(%shape, %stride)
      %c = cute.make_coord(%bm, %bn) -> !cute.coord<"(?,?)">
      %gx = cute.make_view(%px, %l)
      %gy = cute.make_view(%py, %l)
      %gz = cute.make_view(%pz, %l)
      %tx = cute.local_tile(%gx, %c) {tiler = #cute.shape<"(64,32)">}
      %ty = cute.local_tile(%gy, %c) {tiler = #cute.shape<"(64,32)">}
      %tz = cute.local_tile(%gz, %c) {tiler = #cute.shape<"(64,32)">}
      %qx = cute.mma_partition "C" of #sync (%tx, %tid)
      %acc = cute.make_fragment_like(%qx)
      cute.copy(%qx, %acc)
      %v = cute.load(%acc)
      %h = arith.truncf %v : vector<16xf32> to vector<16xbf16>
      %frag = cute.make_fragment_like(%acc) {elem_type = bf16}
      cute.store(%h, %frag)
      %s = cute.smem_alloc() : !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "(64,32):(1,64)">
      %src = cute.copy_retile of #stt_sync (%frag)
      %dst = cute.copy_partition "D" of #stt_sync (%s, %tid)
      cute.copy(%src, %dst) {atom = #cute_nvgpu.stmatrix<num = 2, trans = true>}
      gpu.barrier
      %ps = cute.local_partition(%s, %tid) {thr_layout = #cute.layout<"(16,8):(8,1)">}
      %pyt = cute.local_partition(%ty, %tid) {thr_layout = #cute.layout<"(16,8):(8,1)">}
      cute.copy(%ps, %pyt)
      %lsrc = cute.copy_partition "S" of #ldt_sync (%s, %tid)
      %back = cute.make_fragment_like(%frag)
      %ldst = cute.copy_retile of #ldt_sync (%back)
      cute.copy(%lsrc, %ldst) {atom = #cute_nvgpu.ldmatrix<num = 2, trans = true>}
      %qz = cute.mma_partition "C" of #sync (%tz, %tid)
      cute.copy(%back, %qz)
      gpu.return
    }

    // wgmma m64n64 (one warpgroup), 64 x 64 tiles; stmatrix x4 into a
    // row-major 128-byte swizzled tile (S<3,3,3>), as gemm-sm90's staging.
    gpu.func @wgmma_rows(%px: !cute.ptr<f32, gmem, align<16>>, %py: !cute.ptr<bf16, gmem, align<16>>, %pz: !cute.ptr<bf16, gmem, align<16>>, %m: i32, %n: i32) kernel
        attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
      %tidx = gpu.thread_id x
      %bxi = gpu.block_id x
      %byi = gpu.block_id y
      %tid = arith.index_cast %tidx : index to i32
      %bm = arith.index_cast %bxi : index to i32
      %bn = arith.index_cast %byi : index to i32
      %stride = cute.make_stride(%n) -> !cute.stride<"(?,1)">
      %shape = cute.make_shape(%m, %n)
      %l = cute.make_layout(%shape, %stride)
      %c = cute.make_coord(%bm, %bn) -> !cute.coord<"(?,?)">
      %gx = cute.make_view(%px, %l)
      %gy = cute.make_view(%py, %l)
      %gz = cute.make_view(%pz, %l)
      %tx = cute.local_tile(%gx, %c) {tiler = #cute.shape<"(64,64)">}
      %ty = cute.local_tile(%gy, %c) {tiler = #cute.shape<"(64,64)">}
      %tz = cute.local_tile(%gz, %c) {tiler = #cute.shape<"(64,64)">}
      %qx = cute.mma_partition "C" of #wgmma (%tx, %tid)
      %acc = cute.make_fragment_like(%qx)
      cute.copy(%qx, %acc)
      %v = cute.load(%acc)
      %h = arith.truncf %v : vector<32xf32> to vector<32xbf16>
      %frag = cute.make_fragment_like(%acc) {elem_type = bf16}
      cute.store(%h, %frag)
      %s = cute.smem_alloc() : !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "(64,64):(64,1)">
      %src = cute.copy_retile of #st_wgmma (%frag)
      %dst = cute.copy_partition "D" of #st_wgmma (%s, %tid)
      cute.copy(%src, %dst) {atom = #cute_nvgpu.stmatrix<num = 4>}
      gpu.barrier
      %ps = cute.local_partition(%s, %tid) {thr_layout = #cute.layout<"(16,8):(8,1)">}
      %pyt = cute.local_partition(%ty, %tid) {thr_layout = #cute.layout<"(16,8):(8,1)">}
      cute.copy(%ps, %pyt)
      %lsrc = cute.copy_partition "S" of #ld_wgmma (%s, %tid)
      %back = cute.make_fragment_like(%frag)
      %ldst = cute.copy_retile of #ld_wgmma (%back)
      cute.copy(%lsrc, %ldst) {atom = #cute_nvgpu.ldmatrix<num = 4>}
      %qz = cute.mma_partition "C" of #wgmma (%tz, %tid)
      cute.copy(%back, %qz)
      gpu.return
    }

    // ldmatrix feeding mma.sync's A operand (CuTe's make_tiled_copy_A):
    // the tile is written to shared memory with plain stores, row-major
    // (S<2,3,3>) and column-major (M-major, S<3,3,3>); x4 (and x4.trans)
    // loads each into the A fragment, which is written through
    // cute.mma_partition "A" into Y (row-major) and Z (column-major). The
    // warps of one M row load the same A values (A is broadcast along N).
    gpu.func @sync_a(%px: !cute.ptr<f32, gmem, align<16>>, %py: !cute.ptr<bf16, gmem, align<16>>, %pz: !cute.ptr<bf16, gmem, align<16>>, %m: i32, %n: i32) kernel
        attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
      %tidx = gpu.thread_id x
      %bxi = gpu.block_id x
      %byi = gpu.block_id y
      %tid = arith.index_cast %tidx : index to i32
      %bm = arith.index_cast %bxi : index to i32
      %bn = arith.index_cast %byi : index to i32
      %stride = cute.make_stride(%n) -> !cute.stride<"(?,1)">
      %shape = cute.make_shape(%m, %n)
      %l = cute.make_layout(%shape, %stride)
      %c = cute.make_coord(%bm, %bn) -> !cute.coord<"(?,?)">
      %gx = cute.make_view(%px, %l)
      %gy = cute.make_view(%py, %l)
      %gz = cute.make_view(%pz, %l)
      %tx = cute.local_tile(%gx, %c) {tiler = #cute.shape<"(64,32)">}
      %ty = cute.local_tile(%gy, %c) {tiler = #cute.shape<"(64,32)">}
      %tz = cute.local_tile(%gz, %c) {tiler = #cute.shape<"(64,32)">}
      %px_t = cute.local_partition(%tx, %tid) {thr_layout = #cute.layout<"(16,8):(8,1)">}
      %x = cute.make_fragment_like(%px_t)
      cute.copy(%px_t, %x)
      %v = cute.load(%x)
      %h = arith.truncf %v : vector<16xf32> to vector<16xbf16>
      %xb = cute.make_fragment_like(%x) {elem_type = bf16}
      cute.store(%h, %xb)
      %s = cute.smem_alloc() : !cute.memref<bf16, smem, align<512>, S<2,3,3>, "(64,32):(32,1)">
      %t = cute.smem_alloc() : !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "(64,32):(1,64)">
      %ps = cute.local_partition(%s, %tid) {thr_layout = #cute.layout<"(16,8):(8,1)">}
      %pt = cute.local_partition(%t, %tid) {thr_layout = #cute.layout<"(16,8):(8,1)">}
      cute.copy(%xb, %ps)
      cute.copy(%xb, %pt)
      gpu.barrier
      %qy = cute.mma_partition "A" of #sync (%ty, %tid)
      %qz = cute.mma_partition "A" of #sync (%tz, %tid)
      %fa = cute.make_fragment_like(%qy)
      %ra = cute.copy_retile of #lda_sync (%fa)
      %la = cute.copy_partition "S" of #lda_sync (%s, %tid)
      cute.copy(%la, %ra) {atom = #cute_nvgpu.ldmatrix<num = 4>}
      cute.copy(%fa, %qy)
      %rt = cute.copy_retile of #ldat_sync (%fa)
      %lt = cute.copy_partition "S" of #ldat_sync (%t, %tid)
      cute.copy(%lt, %rt) {atom = #cute_nvgpu.ldmatrix<num = 4, trans = true>}
      cute.copy(%fa, %qz)
      gpu.return
    }
  }
}
