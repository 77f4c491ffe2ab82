// RMSNorm: y[r,:] = x[r,:] * rsqrt(mean(x[r,:]^2) + eps) * w, bf16 in and
// out, f32 accumulation. One block per row; a row is walked in tiles
// (local_tile) of which each thread takes 8 contiguous bf16 (partition_tv),
// the ragged last tile predicated through an identity tensor; the sum of
// squares is a block reduction (gpu.all_reduce: warp shuffles + shared
// memory), then a second pass scales and writes. `rmsnorm_bf16*` declare
// cols divisible by 8 (`?{div=8}`), so every row starts 16-byte aligned and
// full tiles move 128 bits per access; `rmsnorm_bf16_unaligned` takes any
// cols with scalar accesses on x and y. See README.md.
module attributes {gpu.container_module} {
  gpu.module @rmsnorm {
    // cols % 8 == 0, 256 threads per row: 128-bit accesses.
    gpu.func @rmsnorm_bf16(%px: !cute.ptr<bf16, gmem, align<16>>, %pw: !cute.ptr<bf16, gmem, align<16>>, %py: !cute.ptr<bf16, gmem, align<16>>, %rows: i32, %cols: i32, %eps: f32) kernel
        attributes {gpu.known_block_size = array<i32: 256, 1, 1>} {
      %bidx = gpu.block_id x
      %tidx = gpu.thread_id x
      %row = arith.index_cast %bidx : index to i32
      %tid = arith.index_cast %tidx : index to i32
      // x and y are (rows, cols) row-major; w is (cols).
      %shape = cute.make_shape(%rows, %cols) : (i32, i32) -> !cute.shape<"(?,?{div=8})">
      %stride = cute.make_stride(%cols) : (i32) -> !cute.stride<"(?{div=8},1)">
      %layout = cute.make_layout(%shape, %stride) : (!cute.shape<"(?,?{div=8})">, !cute.stride<"(?{div=8},1)">) -> !cute.layout<"(?,?{div=8}):(?{div=8},1)">
      %x = cute.make_view(%px, %layout) : (!cute.ptr<bf16, gmem, align<16>>, !cute.layout<"(?,?{div=8}):(?{div=8},1)">) -> !cute.memref<bf16, gmem, align<16>, "(?,?{div=8}):(?{div=8},1)">
      %y = cute.make_view(%py, %layout) : (!cute.ptr<bf16, gmem, align<16>>, !cute.layout<"(?,?{div=8}):(?{div=8},1)">) -> !cute.memref<bf16, gmem, align<16>, "(?,?{div=8}):(?{div=8},1)">
      %cshape = cute.make_shape(%cols) : (i32) -> !cute.shape<"?{div=8}">
      %cstride = cute.static : !cute.stride<"1">
      %wl = cute.make_layout(%cshape, %cstride) : (!cute.shape<"?{div=8}">, !cute.stride<"1">) -> !cute.layout<"?{div=8}:1">
      %w = cute.make_view(%pw, %wl) : (!cute.ptr<bf16, gmem, align<16>>, !cute.layout<"?{div=8}:1">) -> !cute.memref<bf16, gmem, align<16>, "?{div=8}:1">
      // This block's row.
      %rc = cute.make_coord(%row) : (i32) -> !cute.coord<"(?,_)">
      %xr = cute.tensor_slice(%x, %rc) : (!cute.memref<bf16, gmem, align<16>, "(?,?{div=8}):(?{div=8},1)">, !cute.coord<"(?,_)">) -> !cute.memref<bf16, gmem, align<16>, "?{div=8}:1">
      %yr = cute.tensor_slice(%y, %rc) : (!cute.memref<bf16, gmem, align<16>, "(?,?{div=8}):(?{div=8},1)">, !cute.coord<"(?,_)">) -> !cute.memref<bf16, gmem, align<16>, "?{div=8}:1">
      %fx = cute.make_fragment() : !cute.memref<bf16, rmem, align<16>, "8:1">
      %fw = cute.make_fragment() : !cute.memref<bf16, rmem, align<16>, "8:1">
      %zero8 = arith.constant dense<0.0> : vector<8xbf16>
      // Pass 1: per-thread sums of squares over 2048-element tiles.
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %cm1 = arith.constant 2047 : i32
      %ctile = arith.constant 2048 : i32
      %colsp = arith.addi %cols, %cm1 : i32
      %nk32 = arith.divsi %colsp, %ctile : i32
      %nk = arith.index_cast %nk32 : i32 to index
      %acc0 = arith.constant dense<0.0> : vector<8xf32>
      %acc = scf.for %k = %c0 to %nk step %c1 iter_args(%a = %acc0) -> (vector<8xf32>) {
        %k32 = arith.index_cast %k : index to i32
        %tx = cute.local_tile(%xr, %k32) {tiler = #cute.shape<"2048">} : (!cute.memref<bf16, gmem, align<16>, "?{div=8}:1">, i32) -> !cute.memref<bf16, gmem, align<16>, "2048:1">
        %vx = cute.partition_tv(%tx, %tid) {tv_layout = #cute.layout<"(256,8):(8,1)">} : (!cute.memref<bf16, gmem, align<16>, "2048:1">, i32) -> !cute.memref<bf16, gmem, align<16>, "8:1">
        %end = arith.muli %k32, %ctile : i32
        %endf = arith.addi %end, %ctile : i32
        %full = arith.cmpi sle, %endf, %cols : i32
        scf.if %full {
          cute.copy(%vx, %fx) : !cute.memref<bf16, gmem, align<16>, "8:1">, !cute.memref<bf16, rmem, align<16>, "8:1">
        } else {
          %id = cute.make_identity_tensor(%cshape) : !cute.shape<"?{div=8}"> -> !cute.coord_tensor<"0", "?{div=8}:1">
          %tid_c = cute.local_tile(%id, %k32) {tiler = #cute.shape<"2048">} : (!cute.coord_tensor<"0", "?{div=8}:1">, i32) -> !cute.coord_tensor<"?", "2048:1">
          %cv = cute.partition_tv(%tid_c, %tid) {tv_layout = #cute.layout<"(256,8):(8,1)">} : (!cute.coord_tensor<"?", "2048:1">, i32) -> !cute.coord_tensor<"?", "8:1">
          %bound = cute.make_int_tuple(%cols) : (i32) -> !cute.int_tuple<"?">
          %p = cute.make_predicate(%cv, %bound) : (!cute.coord_tensor<"?", "8:1">, !cute.int_tuple<"?">) -> !cute.memref<i1, rmem, align<1>, "8:1">
          cute.store(%zero8, %fx) : vector<8xbf16>, !cute.memref<bf16, rmem, align<16>, "8:1">
          cute.copy(%vx, %fx, %p) : !cute.memref<bf16, gmem, align<16>, "8:1">, !cute.memref<bf16, rmem, align<16>, "8:1">, !cute.memref<i1, rmem, align<1>, "8:1">
        }
        %xv = cute.load(%fx) : !cute.memref<bf16, rmem, align<16>, "8:1"> -> vector<8xbf16>
        %xf = arith.extf %xv : vector<8xbf16> to vector<8xf32>
        %a2 = math.fma %xf, %xf, %a : vector<8xf32>
        scf.yield %a2 : vector<8xf32>
      }
      %part = vector.reduction <add>, %acc : vector<8xf32> into f32
      // Block reduction (warp shuffles + shared memory).
      %sum = gpu.all_reduce add %part uniform {} : (f32) -> f32
      %colsf = arith.sitofp %cols : i32 to f32
      %mean = arith.divf %sum, %colsf : f32
      %me = arith.addf %mean, %eps : f32
      %scale = math.rsqrt %me : f32
      %scalev = vector.broadcast %scale : f32 to vector<8xf32>
      // Pass 2: y = x * scale * w.
      scf.for %k = %c0 to %nk step %c1 {
        %k32 = arith.index_cast %k : index to i32
        %tx = cute.local_tile(%xr, %k32) {tiler = #cute.shape<"2048">} : (!cute.memref<bf16, gmem, align<16>, "?{div=8}:1">, i32) -> !cute.memref<bf16, gmem, align<16>, "2048:1">
        %ty = cute.local_tile(%yr, %k32) {tiler = #cute.shape<"2048">} : (!cute.memref<bf16, gmem, align<16>, "?{div=8}:1">, i32) -> !cute.memref<bf16, gmem, align<16>, "2048:1">
        %tw = cute.local_tile(%w, %k32) {tiler = #cute.shape<"2048">} : (!cute.memref<bf16, gmem, align<16>, "?{div=8}:1">, i32) -> !cute.memref<bf16, gmem, align<16>, "2048:1">
        %vx = cute.partition_tv(%tx, %tid) {tv_layout = #cute.layout<"(256,8):(8,1)">} : (!cute.memref<bf16, gmem, align<16>, "2048:1">, i32) -> !cute.memref<bf16, gmem, align<16>, "8:1">
        %vy = cute.partition_tv(%ty, %tid) {tv_layout = #cute.layout<"(256,8):(8,1)">} : (!cute.memref<bf16, gmem, align<16>, "2048:1">, i32) -> !cute.memref<bf16, gmem, align<16>, "8:1">
        %vw = cute.partition_tv(%tw, %tid) {tv_layout = #cute.layout<"(256,8):(8,1)">} : (!cute.memref<bf16, gmem, align<16>, "2048:1">, i32) -> !cute.memref<bf16, gmem, align<16>, "8:1">
        %end = arith.muli %k32, %ctile : i32
        %endf = arith.addi %end, %ctile : i32
        %full = arith.cmpi sle, %endf, %cols : i32
        scf.if %full {
          cute.copy(%vx, %fx) : !cute.memref<bf16, gmem, align<16>, "8:1">, !cute.memref<bf16, rmem, align<16>, "8:1">
          cute.copy(%vw, %fw) : !cute.memref<bf16, gmem, align<16>, "8:1">, !cute.memref<bf16, rmem, align<16>, "8:1">
          %xv = cute.load(%fx) : !cute.memref<bf16, rmem, align<16>, "8:1"> -> vector<8xbf16>
          %wv = cute.load(%fw) : !cute.memref<bf16, rmem, align<16>, "8:1"> -> vector<8xbf16>
          %xf = arith.extf %xv : vector<8xbf16> to vector<8xf32>
          %wf = arith.extf %wv : vector<8xbf16> to vector<8xf32>
          %xs = arith.mulf %xf, %scalev : vector<8xf32>
          %yf = arith.mulf %xs, %wf : vector<8xf32>
          %yv = arith.truncf %yf : vector<8xf32> to vector<8xbf16>
          cute.store(%yv, %fx) : vector<8xbf16>, !cute.memref<bf16, rmem, align<16>, "8:1">
          cute.copy(%fx, %vy) : !cute.memref<bf16, rmem, align<16>, "8:1">, !cute.memref<bf16, gmem, align<16>, "8:1">
        } else {
          %id = cute.make_identity_tensor(%cshape) : !cute.shape<"?{div=8}"> -> !cute.coord_tensor<"0", "?{div=8}:1">
          %tid_c = cute.local_tile(%id, %k32) {tiler = #cute.shape<"2048">} : (!cute.coord_tensor<"0", "?{div=8}:1">, i32) -> !cute.coord_tensor<"?", "2048:1">
          %cv = cute.partition_tv(%tid_c, %tid) {tv_layout = #cute.layout<"(256,8):(8,1)">} : (!cute.coord_tensor<"?", "2048:1">, i32) -> !cute.coord_tensor<"?", "8:1">
          %bound = cute.make_int_tuple(%cols) : (i32) -> !cute.int_tuple<"?">
          %p = cute.make_predicate(%cv, %bound) : (!cute.coord_tensor<"?", "8:1">, !cute.int_tuple<"?">) -> !cute.memref<i1, rmem, align<1>, "8:1">
          cute.copy(%vx, %fx, %p) : !cute.memref<bf16, gmem, align<16>, "8:1">, !cute.memref<bf16, rmem, align<16>, "8:1">, !cute.memref<i1, rmem, align<1>, "8:1">
          cute.copy(%vw, %fw, %p) : !cute.memref<bf16, gmem, align<16>, "8:1">, !cute.memref<bf16, rmem, align<16>, "8:1">, !cute.memref<i1, rmem, align<1>, "8:1">
          %xv = cute.load(%fx) : !cute.memref<bf16, rmem, align<16>, "8:1"> -> vector<8xbf16>
          %wv = cute.load(%fw) : !cute.memref<bf16, rmem, align<16>, "8:1"> -> vector<8xbf16>
          %xf = arith.extf %xv : vector<8xbf16> to vector<8xf32>
          %wf = arith.extf %wv : vector<8xbf16> to vector<8xf32>
          %xs = arith.mulf %xf, %scalev : vector<8xf32>
          %yf = arith.mulf %xs, %wf : vector<8xf32>
          %yv = arith.truncf %yf : vector<8xf32> to vector<8xbf16>
          cute.store(%yv, %fx) : vector<8xbf16>, !cute.memref<bf16, rmem, align<16>, "8:1">
          cute.copy(%fx, %vy, %p) : !cute.memref<bf16, rmem, align<16>, "8:1">, !cute.memref<bf16, gmem, align<16>, "8:1">, !cute.memref<i1, rmem, align<1>, "8:1">
        }
      }
      gpu.return
    }



    // Any cols: rows may start at any element.
    gpu.func @rmsnorm_bf16_unaligned(%px: !cute.ptr<bf16, gmem, align<16>>, %pw: !cute.ptr<bf16, gmem, align<16>>, %py: !cute.ptr<bf16, gmem, align<16>>, %rows: i32, %cols: i32, %eps: f32) kernel
        attributes {gpu.known_block_size = array<i32: 256, 1, 1>} {
      %bidx = gpu.block_id x
      %tidx = gpu.thread_id x
      %row = arith.index_cast %bidx : index to i32
      %tid = arith.index_cast %tidx : index to i32
      // x and y are (rows, cols) row-major; w is (cols).
      %shape = cute.make_shape(%rows, %cols) : (i32, i32) -> !cute.shape<"(?,?)">
      %stride = cute.make_stride(%cols) : (i32) -> !cute.stride<"(?,1)">
      %layout = cute.make_layout(%shape, %stride) : (!cute.shape<"(?,?)">, !cute.stride<"(?,1)">) -> !cute.layout<"(?,?):(?,1)">
      %x = cute.make_view(%px, %layout) : (!cute.ptr<bf16, gmem, align<16>>, !cute.layout<"(?,?):(?,1)">) -> !cute.memref<bf16, gmem, align<16>, "(?,?):(?,1)">
      %y = cute.make_view(%py, %layout) : (!cute.ptr<bf16, gmem, align<16>>, !cute.layout<"(?,?):(?,1)">) -> !cute.memref<bf16, gmem, align<16>, "(?,?):(?,1)">
      %cshape = cute.make_shape(%cols) : (i32) -> !cute.shape<"?">
      %cstride = cute.static : !cute.stride<"1">
      %wl = cute.make_layout(%cshape, %cstride) : (!cute.shape<"?">, !cute.stride<"1">) -> !cute.layout<"?:1">
      %w = cute.make_view(%pw, %wl) : (!cute.ptr<bf16, gmem, align<16>>, !cute.layout<"?:1">) -> !cute.memref<bf16, gmem, align<16>, "?:1">
      // This block's row.
      %rc = cute.make_coord(%row) : (i32) -> !cute.coord<"(?,_)">
      %xr = cute.tensor_slice(%x, %rc) : (!cute.memref<bf16, gmem, align<16>, "(?,?):(?,1)">, !cute.coord<"(?,_)">) -> !cute.memref<bf16, gmem, align<2>, "?:1">
      %yr = cute.tensor_slice(%y, %rc) : (!cute.memref<bf16, gmem, align<16>, "(?,?):(?,1)">, !cute.coord<"(?,_)">) -> !cute.memref<bf16, gmem, align<2>, "?:1">
      %fx = cute.make_fragment() : !cute.memref<bf16, rmem, align<16>, "8:1">
      %fw = cute.make_fragment() : !cute.memref<bf16, rmem, align<16>, "8:1">
      %zero8 = arith.constant dense<0.0> : vector<8xbf16>
      // Pass 1: per-thread sums of squares over 2048-element tiles.
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %cm1 = arith.constant 2047 : i32
      %ctile = arith.constant 2048 : i32
      %colsp = arith.addi %cols, %cm1 : i32
      %nk32 = arith.divsi %colsp, %ctile : i32
      %nk = arith.index_cast %nk32 : i32 to index
      %acc0 = arith.constant dense<0.0> : vector<8xf32>
      %acc = scf.for %k = %c0 to %nk step %c1 iter_args(%a = %acc0) -> (vector<8xf32>) {
        %k32 = arith.index_cast %k : index to i32
        %tx = cute.local_tile(%xr, %k32) {tiler = #cute.shape<"2048">} : (!cute.memref<bf16, gmem, align<2>, "?:1">, i32) -> !cute.memref<bf16, gmem, align<2>, "2048:1">
        %vx = cute.partition_tv(%tx, %tid) {tv_layout = #cute.layout<"(256,8):(8,1)">} : (!cute.memref<bf16, gmem, align<2>, "2048:1">, i32) -> !cute.memref<bf16, gmem, align<2>, "8:1">
        %end = arith.muli %k32, %ctile : i32
        %endf = arith.addi %end, %ctile : i32
        %full = arith.cmpi sle, %endf, %cols : i32
        scf.if %full {
          cute.copy(%vx, %fx) : !cute.memref<bf16, gmem, align<2>, "8:1">, !cute.memref<bf16, rmem, align<16>, "8:1">
        } else {
          %id = cute.make_identity_tensor(%cshape) : !cute.shape<"?"> -> !cute.coord_tensor<"0", "?:1">
          %tid_c = cute.local_tile(%id, %k32) {tiler = #cute.shape<"2048">} : (!cute.coord_tensor<"0", "?:1">, i32) -> !cute.coord_tensor<"?", "2048:1">
          %cv = cute.partition_tv(%tid_c, %tid) {tv_layout = #cute.layout<"(256,8):(8,1)">} : (!cute.coord_tensor<"?", "2048:1">, i32) -> !cute.coord_tensor<"?", "8:1">
          %bound = cute.make_int_tuple(%cols) : (i32) -> !cute.int_tuple<"?">
          %p = cute.make_predicate(%cv, %bound) : (!cute.coord_tensor<"?", "8:1">, !cute.int_tuple<"?">) -> !cute.memref<i1, rmem, align<1>, "8:1">
          cute.store(%zero8, %fx) : vector<8xbf16>, !cute.memref<bf16, rmem, align<16>, "8:1">
          cute.copy(%vx, %fx, %p) : !cute.memref<bf16, gmem, align<2>, "8:1">, !cute.memref<bf16, rmem, align<16>, "8:1">, !cute.memref<i1, rmem, align<1>, "8:1">
        }
        %xv = cute.load(%fx) : !cute.memref<bf16, rmem, align<16>, "8:1"> -> vector<8xbf16>
        %xf = arith.extf %xv : vector<8xbf16> to vector<8xf32>
        %a2 = math.fma %xf, %xf, %a : vector<8xf32>
        scf.yield %a2 : vector<8xf32>
      }
      %part = vector.reduction <add>, %acc : vector<8xf32> into f32
      // Block reduction (warp shuffles + shared memory).
      %sum = gpu.all_reduce add %part uniform {} : (f32) -> f32
      %colsf = arith.sitofp %cols : i32 to f32
      %mean = arith.divf %sum, %colsf : f32
      %me = arith.addf %mean, %eps : f32
      %scale = math.rsqrt %me : f32
      %scalev = vector.broadcast %scale : f32 to vector<8xf32>
      // Pass 2: y = x * scale * w.
      scf.for %k = %c0 to %nk step %c1 {
        %k32 = arith.index_cast %k : index to i32
        %tx = cute.local_tile(%xr, %k32) {tiler = #cute.shape<"2048">} : (!cute.memref<bf16, gmem, align<2>, "?:1">, i32) -> !cute.memref<bf16, gmem, align<2>, "2048:1">
        %ty = cute.local_tile(%yr, %k32) {tiler = #cute.shape<"2048">} : (!cute.memref<bf16, gmem, align<2>, "?:1">, i32) -> !cute.memref<bf16, gmem, align<2>, "2048:1">
        %tw = cute.local_tile(%w, %k32) {tiler = #cute.shape<"2048">} : (!cute.memref<bf16, gmem, align<16>, "?:1">, i32) -> !cute.memref<bf16, gmem, align<16>, "2048:1">
        %vx = cute.partition_tv(%tx, %tid) {tv_layout = #cute.layout<"(256,8):(8,1)">} : (!cute.memref<bf16, gmem, align<2>, "2048:1">, i32) -> !cute.memref<bf16, gmem, align<2>, "8:1">
        %vy = cute.partition_tv(%ty, %tid) {tv_layout = #cute.layout<"(256,8):(8,1)">} : (!cute.memref<bf16, gmem, align<2>, "2048:1">, i32) -> !cute.memref<bf16, gmem, align<2>, "8:1">
        %vw = cute.partition_tv(%tw, %tid) {tv_layout = #cute.layout<"(256,8):(8,1)">} : (!cute.memref<bf16, gmem, align<16>, "2048:1">, i32) -> !cute.memref<bf16, gmem, align<16>, "8:1">
        %end = arith.muli %k32, %ctile : i32
        %endf = arith.addi %end, %ctile : i32
        %full = arith.cmpi sle, %endf, %cols : i32
        scf.if %full {
          cute.copy(%vx, %fx) : !cute.memref<bf16, gmem, align<2>, "8:1">, !cute.memref<bf16, rmem, align<16>, "8:1">
          cute.copy(%vw, %fw) : !cute.memref<bf16, gmem, align<16>, "8:1">, !cute.memref<bf16, rmem, align<16>, "8:1">
          %xv = cute.load(%fx) : !cute.memref<bf16, rmem, align<16>, "8:1"> -> vector<8xbf16>
          %wv = cute.load(%fw) : !cute.memref<bf16, rmem, align<16>, "8:1"> -> vector<8xbf16>
          %xf = arith.extf %xv : vector<8xbf16> to vector<8xf32>
          %wf = arith.extf %wv : vector<8xbf16> to vector<8xf32>
          %xs = arith.mulf %xf, %scalev : vector<8xf32>
          %yf = arith.mulf %xs, %wf : vector<8xf32>
          %yv = arith.truncf %yf : vector<8xf32> to vector<8xbf16>
          cute.store(%yv, %fx) : vector<8xbf16>, !cute.memref<bf16, rmem, align<16>, "8:1">
          cute.copy(%fx, %vy) : !cute.memref<bf16, rmem, align<16>, "8:1">, !cute.memref<bf16, gmem, align<2>, "8:1">
        } else {
          %id = cute.make_identity_tensor(%cshape) : !cute.shape<"?"> -> !cute.coord_tensor<"0", "?:1">
          %tid_c = cute.local_tile(%id, %k32) {tiler = #cute.shape<"2048">} : (!cute.coord_tensor<"0", "?:1">, i32) -> !cute.coord_tensor<"?", "2048:1">
          %cv = cute.partition_tv(%tid_c, %tid) {tv_layout = #cute.layout<"(256,8):(8,1)">} : (!cute.coord_tensor<"?", "2048:1">, i32) -> !cute.coord_tensor<"?", "8:1">
          %bound = cute.make_int_tuple(%cols) : (i32) -> !cute.int_tuple<"?">
          %p = cute.make_predicate(%cv, %bound) : (!cute.coord_tensor<"?", "8:1">, !cute.int_tuple<"?">) -> !cute.memref<i1, rmem, align<1>, "8:1">
          cute.copy(%vx, %fx, %p) : !cute.memref<bf16, gmem, align<2>, "8:1">, !cute.memref<bf16, rmem, align<16>, "8:1">, !cute.memref<i1, rmem, align<1>, "8:1">
          cute.copy(%vw, %fw, %p) : !cute.memref<bf16, gmem, align<16>, "8:1">, !cute.memref<bf16, rmem, align<16>, "8:1">, !cute.memref<i1, rmem, align<1>, "8:1">
          %xv = cute.load(%fx) : !cute.memref<bf16, rmem, align<16>, "8:1"> -> vector<8xbf16>
          %wv = cute.load(%fw) : !cute.memref<bf16, rmem, align<16>, "8:1"> -> vector<8xbf16>
          %xf = arith.extf %xv : vector<8xbf16> to vector<8xf32>
          %wf = arith.extf %wv : vector<8xbf16> to vector<8xf32>
          %xs = arith.mulf %xf, %scalev : vector<8xf32>
          %yf = arith.mulf %xs, %wf : vector<8xf32>
          %yv = arith.truncf %yf : vector<8xf32> to vector<8xbf16>
          cute.store(%yv, %fx) : vector<8xbf16>, !cute.memref<bf16, rmem, align<16>, "8:1">
          cute.copy(%fx, %vy, %p) : !cute.memref<bf16, rmem, align<16>, "8:1">, !cute.memref<bf16, gmem, align<2>, "8:1">, !cute.memref<i1, rmem, align<1>, "8:1">
        }
      }
      gpu.return
    }
  }
}
