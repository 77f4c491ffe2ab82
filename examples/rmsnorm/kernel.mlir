// RMSNorm: y[r,:] = x[r,:] * rsqrt(mean(x[r,:]^2) + eps) * w, bf16 in and
// out, f32 accumulation, any column count, written once. One block per row;
// a row is walked in 2048-column tiles (local_tile) of which each thread
// takes 8 contiguous bf16 (partition_tv); masked copies handle the ragged
// last tile; the sum of squares is a block reduction (warp shuffles + shared
// memory), then a second pass scales and writes. The compiler adds a variant
// for cols % 16 == 0 and 16-byte aligned pointers (128-bit accesses) that
// the runtime picks at launch. See README.md.
module attributes {gpu.container_module} {
  gpu.module @rmsnorm {
    gpu.func @rmsnorm_bf16(%px: !cute.ptr<bf16, gmem, align<2>>, %pw: !cute.ptr<bf16, gmem, align<2>>, %py: !cute.ptr<bf16, gmem, align<2>>, %rows: i32, %cols: i32, %eps: f32) kernel
        attributes {gpu.known_block_size = array<i32: 256, 1, 1>} {
      %bidx = gpu.block_id x
      %tidx = gpu.thread_id x
      %row = arith.index_cast %bidx : index to i32
      %tid = arith.index_cast %tidx : index to i32
      // x and y are (rows, cols) row-major; w is (cols).
      %shape = cute.make_shape(%rows, %cols)
      %stride = cute.make_stride(%cols) -> !cute.stride<"(?,1)">
      %layout = cute.make_layout(%shape, %stride)
      %xv = cute.make_view(%px, %layout)
      %yv = cute.make_view(%py, %layout)
      %wshape = cute.make_shape(%cols)
      %one = cute.static : !cute.stride<"1">
      %wl = cute.make_layout(%wshape, %one)
      %w = cute.make_view(%pw, %wl)
      // This block's row.
      %rc = cute.make_coord(%row) -> !cute.coord<"(?,_)">
      %x = cute.tensor_slice(%xv, %rc)
      %y = cute.tensor_slice(%yv, %rc)
      %fx = cute.make_fragment() : !cute.memref<bf16, rmem, align<16>, "8:1">
      %fw = cute.make_fragment() : !cute.memref<bf16, rmem, align<16>, "8:1">
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      %c2048 = arith.constant 2048 : i32
      %ntiles = arith.ceildivsi %cols, %c2048 : i32
      // Pass 1: per-thread sums of squares (masked elements read as 0).
      %acc0 = arith.constant dense<0.0> : vector<8xf32>
      %acc = scf.for %k = %c0 to %ntiles step %c1 iter_args(%a = %acc0) -> (vector<8xf32>) : i32 {
        %tx = cute.local_tile(%x, %k) {tiler = #cute.shape<"2048">}
        %vx = cute.partition_tv(%tx, %tid) {tv_layout = #cute.layout<"(256,8):(8,1)">}
        cute.copy(%vx, %fx) {fill = 0.0 : bf16}
        %xb = cute.load(%fx)
        %xf = arith.extf %xb : vector<8xbf16> to vector<8xf32>
        %a2 = math.fma %xf, %xf, %a : vector<8xf32>
        scf.yield %a2 : vector<8xf32>
      }
      // Block reduction (warp shuffles + shared memory).
      %sum = cute.reduce<add, block>(%acc)
      %colsf = arith.sitofp %cols : i32 to f32
      %mean = arith.divf %sum, %colsf : f32
      %me = arith.addf %mean, %eps : f32
      %scale = math.rsqrt %me : f32
      %scalev = vector.broadcast %scale : f32 to vector<8xf32>
      // Pass 2: y = x * scale * w.
      scf.for %k = %c0 to %ntiles step %c1 : i32 {
        %tx = cute.local_tile(%x, %k) {tiler = #cute.shape<"2048">}
        %ty = cute.local_tile(%y, %k) {tiler = #cute.shape<"2048">}
        %tw = cute.local_tile(%w, %k) {tiler = #cute.shape<"2048">}
        %vx = cute.partition_tv(%tx, %tid) {tv_layout = #cute.layout<"(256,8):(8,1)">}
        %vy = cute.partition_tv(%ty, %tid) {tv_layout = #cute.layout<"(256,8):(8,1)">}
        %vw = cute.partition_tv(%tw, %tid) {tv_layout = #cute.layout<"(256,8):(8,1)">}
        cute.copy(%vx, %fx) {masked}
        cute.copy(%vw, %fw) {masked}
        %xb = cute.load(%fx)
        %wb = cute.load(%fw)
        %xf = arith.extf %xb : vector<8xbf16> to vector<8xf32>
        %wf = arith.extf %wb : vector<8xbf16> to vector<8xf32>
        %xs = arith.mulf %xf, %scalev : vector<8xf32>
        %yf = arith.mulf %xs, %wf : vector<8xf32>
        %yb = arith.truncf %yf : vector<8xf32> to vector<8xbf16>
        cute.store(%yb, %fx)
        cute.copy(%fx, %vy) {masked}
      }
      gpu.return
    }

    // rmsnorm_tma_bf16: rows of up to 8192 columns (cols % 8 == 0, so rows
    // are 16-byte pitched for TMA) in one pass. Blocks are persistent (as
    // many as fit: 6 per SM on the H200) and keep a 2-stage
    // PipelineTmaAsync ring of whole rows in shared memory: warp 0 loads row
    // r + 2 x grid while the block works on row r, as 32 TMA boxes of
    // 1 x 256 bf16, one per lane (16 KB per row; boxes past `cols` are
    // zero-filled and still counted in the 16384 transaction bytes). Each
    // thread takes 32 values of the row into registers, each warp releases
    // the stage once, the sum of squares is a block reduction, and y is
    // written from the registers (masked at the row end). w stays in
    // registers.
    gpu.func @rmsnorm_tma_bf16(%px: !cute.ptr<bf16, gmem, align<16>>, %pw: !cute.ptr<bf16, gmem, align<16>>, %py: !cute.ptr<bf16, gmem, align<16>>, %rows: i32, %cols: i32, %eps: f32) kernel
        attributes {gpu.known_block_size = array<i32: 256, 1, 1>, cute.no_specialize} {
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      %c2 = arith.constant 2 : i32
      %c32 = arith.constant 32 : i32
      %c256 = arith.constant 256 : i32
      %bidx = gpu.block_id x
      %gdim = gpu.grid_dim x
      %tidx = gpu.thread_id x
      %bid = arith.index_cast %bidx : index to i32
      %grid = arith.index_cast %gdim : index to i32
      %tid = arith.index_cast %tidx : index to i32
      %producer = arith.cmpi eq, %tid, %c0 : i32
      %warp0 = arith.cmpi ult, %tid, %c32 : i32
      %shape = cute.make_shape(%rows, %cols)
      // cols % 8 == 0: TMA needs 16-byte row pitches (the runtime checks it
      // when it encodes the descriptor), which also makes y's rows 16-byte
      // aligned for vector stores.
      %stride = cute.make_stride(%cols) -> !cute.stride<"(?{div=8},1)">
      %layout = cute.make_layout(%shape, %stride)
      %xv = cute.make_view(%px, %layout)
      %yv = cute.make_view(%py, %layout)
      %dx = cute_nvgpu.make_tma_desc %xv : !cute.memref<bf16, gmem, align<16>, "(?,?):(?{div=8},1)"> -> !cute_nvgpu.tma_desc<load, !cute.memref<bf16, smem, align<512>, "(1,256):(256,1)">>
      %wshape = cute.make_shape(%cols)
      %one = cute.static : !cute.stride<"1">
      %wl = cute.make_layout(%wshape, %one)
      %w = cute.make_view(%pw, %wl)
      // Shared memory: 2 stages of one row (32 boxes of 256), 8 barriers.
      %bars = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "4:1">
      %ring = cute.smem_alloc() : !cute.memref<bf16, smem, align<1024>, "((1,256),32,2):((256,1),256,8192)">
      // The same memory seen as 2 rows of 8192 (what the threads read).
      %rptr = cute.get_iter(%ring)
      %rl = cute.static : !cute.layout<"(8192,2):(1,8192)">
      %rowsv = cute.make_view(%rptr, %rl)
      %loads = cute_nvgpu.pipeline_create %bars : !cute.memref<i64, smem, align<8>, "4:1"> {consumers = 8 : i32, tx_bytes = 16384 : i32} -> !cute_nvgpu.pipeline<tma_async, 2>
      // This thread's 32 columns: 4 x 8 contiguous bf16, 2048 apart.
      %zero = cute.make_coord(%c0) -> !cute.coord<"?">
      %tw = cute.local_tile(%w, %c0) {tiler = #cute.shape<"8192">}
      %vw = cute.partition_tv(%tw, %tid) {tv_layout = #cute.layout<"(256,(8,4)):(8,(1,2048))">}
      %fw = cute.make_fragment() : !cute.memref<bf16, rmem, align<16>, "(8,4):(1,8)">
      cute.copy(%vw, %fw) {fill = 0.0 : bf16}
      %wb = cute.load(%fw)
      %wf = arith.extf %wb : vector<32xbf16> to vector<32xf32>
      %fx = cute.make_fragment() : !cute.memref<bf16, rmem, align<16>, "(8,4):(1,8)">
      %colsf = arith.sitofp %cols : i32 to f32
      scf.if %producer {
        cute_nvgpu.tma_prefetch_desc %dx : !cute_nvgpu.tma_desc<load, !cute.memref<bf16, smem, align<512>, "(1,256):(256,1)">>
      }
      // Fill the ring: rows bid, bid + grid, ... (2 of them).
      %p0 = cute_nvgpu.pipeline_producer_state %loads : !cute_nvgpu.pipeline<tma_async, 2> -> !cute_nvgpu.pipeline_state<2>
      %ahead = arith.muli %grid, %c2 : i32
      %fillEnd = arith.addi %bid, %ahead : i32
      %pf = scf.for %r = %bid to %fillEnd step %grid iter_args(%ps = %p0) -> (!cute_nvgpu.pipeline_state<2>) : i32 {
        %inRange = arith.cmpi slt, %r, %rows : i32
        %go = arith.andi %inRange, %warp0 : i1
        scf.if %go {
          scf.if %producer {
            cute_nvgpu.pipeline_producer_acquire %loads, %ps : !cute_nvgpu.pipeline<tma_async, 2>, !cute_nvgpu.pipeline_state<2>
          }
          cute_nvgpu.warp_sync
          %full = cute_nvgpu.pipeline_producer_get_barrier %loads, %ps : !cute_nvgpu.pipeline<tma_async, 2>, !cute_nvgpu.pipeline_state<2>
          %i = cute_nvgpu.pipeline_state_index %ps : !cute_nvgpu.pipeline_state<2>
          %bc = cute.make_coord(%tid, %i) -> !cute.coord<"(_,?,?)">
          %box = cute.tensor_slice(%ring, %bc)
          %col = arith.muli %tid, %c256 : i32
          cute_nvgpu.tma_load %dx, %box, %full box [%r, %col] : !cute_nvgpu.tma_desc<load, !cute.memref<bf16, smem, align<512>, "(1,256):(256,1)">>, !cute.memref<bf16, smem, align<512>, "(1,256):(256,1)">
        }
        %pn = cute_nvgpu.pipeline_state_advance %ps : !cute_nvgpu.pipeline_state<2>
        scf.yield %pn : !cute_nvgpu.pipeline_state<2>
      }
      %c0s = cute_nvgpu.pipeline_consumer_state %loads : !cute_nvgpu.pipeline<tma_async, 2> -> !cute_nvgpu.pipeline_state<2>
      %fin:2 = scf.for %r = %bid to %rows step %grid iter_args(%cs = %c0s, %ps = %pf) -> (!cute_nvgpu.pipeline_state<2>, !cute_nvgpu.pipeline_state<2>) : i32 {
        // Row r -> registers; its stage may be refilled.
        cute_nvgpu.pipeline_consumer_wait %loads, %cs : !cute_nvgpu.pipeline<tma_async, 2>, !cute_nvgpu.pipeline_state<2>
        %i = cute_nvgpu.pipeline_state_index %cs : !cute_nvgpu.pipeline_state<2>
        %sc = cute.make_coord(%i) -> !cute.coord<"(_,?)">
        %srow = cute.tensor_slice(%rowsv, %sc)
        %vs = cute.partition_tv(%srow, %tid) {tv_layout = #cute.layout<"(256,(8,4)):(8,(1,2048))">}
        cute.copy(%vs, %fx)
        // One arrival per warp, once all its lanes have read the row.
        cute_nvgpu.warp_sync
        cute_nvgpu.elect_one {
          cute_nvgpu.pipeline_consumer_release %loads, %cs : !cute_nvgpu.pipeline<tma_async, 2>, !cute_nvgpu.pipeline_state<2>
        }
        // Sum of squares (zeros past cols), block reduction, scale, write.
        %xb = cute.load(%fx)
        %xf = arith.extf %xb : vector<32xbf16> to vector<32xf32>
        %sq = arith.mulf %xf, %xf : vector<32xf32>
        %part = cute.reduce<add, thread>(%sq)
        %sum = cute.reduce<add, block>(%part)
        %mean = arith.divf %sum, %colsf : f32
        %me = arith.addf %mean, %eps : f32
        %scale = math.rsqrt %me : f32
        // Warp 0 refills that stage with row r + 2 x grid (everybody has
        // released it: the block reduction above synchronised the block).
        // Lane 0 acquires the stage, then each lane issues one of the 32
        // boxes.
        %next = arith.addi %r, %ahead : i32
        %more = arith.cmpi slt, %next, %rows : i32
        %go = arith.andi %more, %warp0 : i1
        scf.if %go {
          scf.if %producer {
            cute_nvgpu.pipeline_producer_acquire %loads, %ps : !cute_nvgpu.pipeline<tma_async, 2>, !cute_nvgpu.pipeline_state<2>
          }
          cute_nvgpu.warp_sync
          %full = cute_nvgpu.pipeline_producer_get_barrier %loads, %ps : !cute_nvgpu.pipeline<tma_async, 2>, !cute_nvgpu.pipeline_state<2>
          %pi = cute_nvgpu.pipeline_state_index %ps : !cute_nvgpu.pipeline_state<2>
          %bc = cute.make_coord(%tid, %pi) -> !cute.coord<"(_,?,?)">
          %box = cute.tensor_slice(%ring, %bc)
          %col = arith.muli %tid, %c256 : i32
          cute_nvgpu.tma_load %dx, %box, %full box [%next, %col] : !cute_nvgpu.tma_desc<load, !cute.memref<bf16, smem, align<512>, "(1,256):(256,1)">>, !cute.memref<bf16, smem, align<512>, "(1,256):(256,1)">
        }
        %scalev = vector.broadcast %scale : f32 to vector<32xf32>
        %xs = arith.mulf %xf, %scalev : vector<32xf32>
        %yf = arith.mulf %xs, %wf : vector<32xf32>
        %yb = arith.truncf %yf : vector<32xf32> to vector<32xbf16>
        cute.store(%yb, %fx)
        %rc = cute.make_coord(%r) -> !cute.coord<"(?,_)">
        %y = cute.tensor_slice(%yv, %rc)
        %ty = cute.local_tile(%y, %c0) {tiler = #cute.shape<"8192">}
        %vy = cute.partition_tv(%ty, %tid) {tv_layout = #cute.layout<"(256,(8,4)):(8,(1,2048))">}
        cute.copy(%fx, %vy) {masked}
        %cn = cute_nvgpu.pipeline_state_advance %cs : !cute_nvgpu.pipeline_state<2>
        %pn = scf.if %go -> (!cute_nvgpu.pipeline_state<2>) {
          %a = cute_nvgpu.pipeline_state_advance %ps : !cute_nvgpu.pipeline_state<2>
          scf.yield %a : !cute_nvgpu.pipeline_state<2>
        } else {
          scf.yield %ps : !cute_nvgpu.pipeline_state<2>
        }
        scf.yield %cn, %pn : !cute_nvgpu.pipeline_state<2>, !cute_nvgpu.pipeline_state<2>
      }
      gpu.return
    }
  }
}
