// Narrow floats in kernels (docs/cute-dialect.md, "Narrow floats in
// kernels"): arith.extf of every code of every format and arith.truncf of
// large input sweeps to every format, for the host to compare bit for bit
// with cute/Support/NarrowFloat.h ("What kernels compute"). On sm_90a the f8
// formats use cvt (.e4m3x2/.e5m2x2) and the others the integer sequences;
// sm_100a and sm_120a use cvt for all but E8M0 to nearest and E8M0 to f32 /
// f16. f8 data comes through f8-typed pointers; the others through i8
// pointers (the runtime's metadata reader has no f6, f4 or E8M0 element
// type yet): f6 one code per byte, f4 two per byte (element 2i in the low
// nibble), reinterpreted in registers. See README.md.
module attributes {gpu.container_module} {
  gpu.module @narrow_float {
    // Every code of every format to f32, f16 and bf16. Inputs: 256 codes of
    // each format (f6: i % 64, f4: i % 16, packed in 128 bytes); outputs:
    // six 256-entry tables per type, format after format
    // (e4m3, e5m2, e2m3, e3m2, e2m1, e8m0). One block of 32 threads, 8
    // codes each.
    gpu.func @decode(%pe4m3: !cute.ptr<f8E4M3FN, gmem, align<16>>, %pe5m2: !cute.ptr<f8E5M2, gmem, align<16>>, %pe2m3: !cute.ptr<i8, gmem, align<16>>, %pe3m2: !cute.ptr<i8, gmem, align<16>>, %pe2m1: !cute.ptr<i8, gmem, align<16>>, %pe8m0: !cute.ptr<i8, gmem, align<16>>, %of32: !cute.ptr<f32, gmem, align<16>>, %of16: !cute.ptr<f16, gmem, align<16>>, %obf16: !cute.ptr<bf16, gmem, align<16>>) kernel
        attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
      %tidx = gpu.thread_id x
      %tid = arith.index_cast %tidx : index to i32
      %l256 = cute.static : !cute.layout<"256:1">
      %l128 = cute.static : !cute.layout<"128:1">
      %lout = cute.static : !cute.layout<"1536:1">
      %o32 = cute.make_view(%of32, %lout)
      %o16 = cute.make_view(%of16, %lout)
      %ob16 = cute.make_view(%obf16, %lout)
      // This thread's 8 codes of each format.
      %ve4m3 = cute.make_view(%pe4m3, %l256)
      %te4m3 = cute.partition_tv(%ve4m3, %tid) {tv_layout = #cute.layout<"(32,8):(8,1)">}
      %e4m3 = cute.load(%te4m3)
      %ve5m2 = cute.make_view(%pe5m2, %l256)
      %te5m2 = cute.partition_tv(%ve5m2, %tid) {tv_layout = #cute.layout<"(32,8):(8,1)">}
      %e5m2 = cute.load(%te5m2)
      %ve2m3 = cute.make_view(%pe2m3, %l256)
      %te2m3 = cute.partition_tv(%ve2m3, %tid) {tv_layout = #cute.layout<"(32,8):(8,1)">}
      %be2m3 = cute.load(%te2m3)
      %ie2m3 = arith.trunci %be2m3 : vector<8xi8> to vector<8xi6>
      %e2m3 = arith.bitcast %ie2m3 : vector<8xi6> to vector<8xf6E2M3FN>
      %ve3m2 = cute.make_view(%pe3m2, %l256)
      %te3m2 = cute.partition_tv(%ve3m2, %tid) {tv_layout = #cute.layout<"(32,8):(8,1)">}
      %be3m2 = cute.load(%te3m2)
      %ie3m2 = arith.trunci %be3m2 : vector<8xi8> to vector<8xi6>
      %e3m2 = arith.bitcast %ie3m2 : vector<8xi6> to vector<8xf6E3M2FN>
      %ve2m1 = cute.make_view(%pe2m1, %l128)
      %te2m1 = cute.partition_tv(%ve2m1, %tid) {tv_layout = #cute.layout<"(32,4):(4,1)">}
      %be2m1 = cute.load(%te2m1)
      %ie2m1 = vector.bitcast %be2m1 : vector<4xi8> to vector<8xi4>
      %e2m1 = arith.bitcast %ie2m1 : vector<8xi4> to vector<8xf4E2M1FN>
      %ve8m0 = cute.make_view(%pe8m0, %l256)
      %te8m0 = cute.partition_tv(%ve8m0, %tid) {tv_layout = #cute.layout<"(32,8):(8,1)">}
      %be8m0 = cute.load(%te8m0)
      %e8m0 = arith.bitcast %be8m0 : vector<8xi8> to vector<8xf8E8M0FNU>
      // f8E4M3FN: table 0.
      %c0 = arith.constant 0 : i32
      %xf32_e4m3 = arith.extf %e4m3 : vector<8xf8E4M3FN> to vector<8xf32>
      %kf32_e4m3 = cute.local_tile(%o32, %c0) {tiler = #cute.shape<"256">}
      %pf32_e4m3 = cute.partition_tv(%kf32_e4m3, %tid) {tv_layout = #cute.layout<"(32,8):(8,1)">}
      cute.store(%xf32_e4m3, %pf32_e4m3)
      %xf16_e4m3 = arith.extf %e4m3 : vector<8xf8E4M3FN> to vector<8xf16>
      %kf16_e4m3 = cute.local_tile(%o16, %c0) {tiler = #cute.shape<"256">}
      %pf16_e4m3 = cute.partition_tv(%kf16_e4m3, %tid) {tv_layout = #cute.layout<"(32,8):(8,1)">}
      cute.store(%xf16_e4m3, %pf16_e4m3)
      %xbf16_e4m3 = arith.extf %e4m3 : vector<8xf8E4M3FN> to vector<8xbf16>
      %kbf16_e4m3 = cute.local_tile(%ob16, %c0) {tiler = #cute.shape<"256">}
      %pbf16_e4m3 = cute.partition_tv(%kbf16_e4m3, %tid) {tv_layout = #cute.layout<"(32,8):(8,1)">}
      cute.store(%xbf16_e4m3, %pbf16_e4m3)
      // f8E5M2: table 1.
      %c1 = arith.constant 1 : i32
      %xf32_e5m2 = arith.extf %e5m2 : vector<8xf8E5M2> to vector<8xf32>
      %kf32_e5m2 = cute.local_tile(%o32, %c1) {tiler = #cute.shape<"256">}
      %pf32_e5m2 = cute.partition_tv(%kf32_e5m2, %tid) {tv_layout = #cute.layout<"(32,8):(8,1)">}
      cute.store(%xf32_e5m2, %pf32_e5m2)
      %xf16_e5m2 = arith.extf %e5m2 : vector<8xf8E5M2> to vector<8xf16>
      %kf16_e5m2 = cute.local_tile(%o16, %c1) {tiler = #cute.shape<"256">}
      %pf16_e5m2 = cute.partition_tv(%kf16_e5m2, %tid) {tv_layout = #cute.layout<"(32,8):(8,1)">}
      cute.store(%xf16_e5m2, %pf16_e5m2)
      %xbf16_e5m2 = arith.extf %e5m2 : vector<8xf8E5M2> to vector<8xbf16>
      %kbf16_e5m2 = cute.local_tile(%ob16, %c1) {tiler = #cute.shape<"256">}
      %pbf16_e5m2 = cute.partition_tv(%kbf16_e5m2, %tid) {tv_layout = #cute.layout<"(32,8):(8,1)">}
      cute.store(%xbf16_e5m2, %pbf16_e5m2)
      // f6E2M3FN: table 2.
      %c2 = arith.constant 2 : i32
      %xf32_e2m3 = arith.extf %e2m3 : vector<8xf6E2M3FN> to vector<8xf32>
      %kf32_e2m3 = cute.local_tile(%o32, %c2) {tiler = #cute.shape<"256">}
      %pf32_e2m3 = cute.partition_tv(%kf32_e2m3, %tid) {tv_layout = #cute.layout<"(32,8):(8,1)">}
      cute.store(%xf32_e2m3, %pf32_e2m3)
      %xf16_e2m3 = arith.extf %e2m3 : vector<8xf6E2M3FN> to vector<8xf16>
      %kf16_e2m3 = cute.local_tile(%o16, %c2) {tiler = #cute.shape<"256">}
      %pf16_e2m3 = cute.partition_tv(%kf16_e2m3, %tid) {tv_layout = #cute.layout<"(32,8):(8,1)">}
      cute.store(%xf16_e2m3, %pf16_e2m3)
      %xbf16_e2m3 = arith.extf %e2m3 : vector<8xf6E2M3FN> to vector<8xbf16>
      %kbf16_e2m3 = cute.local_tile(%ob16, %c2) {tiler = #cute.shape<"256">}
      %pbf16_e2m3 = cute.partition_tv(%kbf16_e2m3, %tid) {tv_layout = #cute.layout<"(32,8):(8,1)">}
      cute.store(%xbf16_e2m3, %pbf16_e2m3)
      // f6E3M2FN: table 3.
      %c3 = arith.constant 3 : i32
      %xf32_e3m2 = arith.extf %e3m2 : vector<8xf6E3M2FN> to vector<8xf32>
      %kf32_e3m2 = cute.local_tile(%o32, %c3) {tiler = #cute.shape<"256">}
      %pf32_e3m2 = cute.partition_tv(%kf32_e3m2, %tid) {tv_layout = #cute.layout<"(32,8):(8,1)">}
      cute.store(%xf32_e3m2, %pf32_e3m2)
      %xf16_e3m2 = arith.extf %e3m2 : vector<8xf6E3M2FN> to vector<8xf16>
      %kf16_e3m2 = cute.local_tile(%o16, %c3) {tiler = #cute.shape<"256">}
      %pf16_e3m2 = cute.partition_tv(%kf16_e3m2, %tid) {tv_layout = #cute.layout<"(32,8):(8,1)">}
      cute.store(%xf16_e3m2, %pf16_e3m2)
      %xbf16_e3m2 = arith.extf %e3m2 : vector<8xf6E3M2FN> to vector<8xbf16>
      %kbf16_e3m2 = cute.local_tile(%ob16, %c3) {tiler = #cute.shape<"256">}
      %pbf16_e3m2 = cute.partition_tv(%kbf16_e3m2, %tid) {tv_layout = #cute.layout<"(32,8):(8,1)">}
      cute.store(%xbf16_e3m2, %pbf16_e3m2)
      // f4E2M1FN: table 4.
      %c4 = arith.constant 4 : i32
      %xf32_e2m1 = arith.extf %e2m1 : vector<8xf4E2M1FN> to vector<8xf32>
      %kf32_e2m1 = cute.local_tile(%o32, %c4) {tiler = #cute.shape<"256">}
      %pf32_e2m1 = cute.partition_tv(%kf32_e2m1, %tid) {tv_layout = #cute.layout<"(32,8):(8,1)">}
      cute.store(%xf32_e2m1, %pf32_e2m1)
      %xf16_e2m1 = arith.extf %e2m1 : vector<8xf4E2M1FN> to vector<8xf16>
      %kf16_e2m1 = cute.local_tile(%o16, %c4) {tiler = #cute.shape<"256">}
      %pf16_e2m1 = cute.partition_tv(%kf16_e2m1, %tid) {tv_layout = #cute.layout<"(32,8):(8,1)">}
      cute.store(%xf16_e2m1, %pf16_e2m1)
      %xbf16_e2m1 = arith.extf %e2m1 : vector<8xf4E2M1FN> to vector<8xbf16>
      %kbf16_e2m1 = cute.local_tile(%ob16, %c4) {tiler = #cute.shape<"256">}
      %pbf16_e2m1 = cute.partition_tv(%kbf16_e2m1, %tid) {tv_layout = #cute.layout<"(32,8):(8,1)">}
      cute.store(%xbf16_e2m1, %pbf16_e2m1)
      // f8E8M0FNU: table 5.
      %c5 = arith.constant 5 : i32
      %xf32_e8m0 = arith.extf %e8m0 : vector<8xf8E8M0FNU> to vector<8xf32>
      %kf32_e8m0 = cute.local_tile(%o32, %c5) {tiler = #cute.shape<"256">}
      %pf32_e8m0 = cute.partition_tv(%kf32_e8m0, %tid) {tv_layout = #cute.layout<"(32,8):(8,1)">}
      cute.store(%xf32_e8m0, %pf32_e8m0)
      %xf16_e8m0 = arith.extf %e8m0 : vector<8xf8E8M0FNU> to vector<8xf16>
      %kf16_e8m0 = cute.local_tile(%o16, %c5) {tiler = #cute.shape<"256">}
      %pf16_e8m0 = cute.partition_tv(%kf16_e8m0, %tid) {tv_layout = #cute.layout<"(32,8):(8,1)">}
      cute.store(%xf16_e8m0, %pf16_e8m0)
      %xbf16_e8m0 = arith.extf %e8m0 : vector<8xf8E8M0FNU> to vector<8xbf16>
      %kbf16_e8m0 = cute.local_tile(%ob16, %c5) {tiler = #cute.shape<"256">}
      %pbf16_e8m0 = cute.partition_tv(%kbf16_e8m0, %tid) {tv_layout = #cute.layout<"(32,8):(8,1)">}
      cute.store(%xbf16_e8m0, %pbf16_e8m0)
      gpu.return
    }

    // arith.truncf of n f32 values (n % 256 == 0) to every format: e4m3 and
    // e5m2 through f8 pointers; e2m3, e3m2 one code per byte; e2m1 two per
    // byte (n / 2 bytes); e8m0 to nearest, toward_zero and upward one per
    // byte. 256 values per block, 8 per thread.
    gpu.func @encode_f32(%pin: !cute.ptr<f32, gmem, align<16>>, %n: i32, %pe4m3: !cute.ptr<f8E4M3FN, gmem, align<16>>, %pe5m2: !cute.ptr<f8E5M2, gmem, align<16>>, %pe2m3: !cute.ptr<i8, gmem, align<16>>, %pe3m2: !cute.ptr<i8, gmem, align<16>>, %pe2m1: !cute.ptr<i8, gmem, align<16>>, %pe8m0: !cute.ptr<i8, gmem, align<16>>, %pe8m0rz: !cute.ptr<i8, gmem, align<16>>, %pe8m0rp: !cute.ptr<i8, gmem, align<16>>) kernel
        attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
      %c2 = arith.constant 2 : i32
      %bidx = gpu.block_id x
      %tidx = gpu.thread_id x
      %bid = arith.index_cast %bidx : index to i32
      %tid = arith.index_cast %tidx : index to i32
      %one = cute.static : !cute.stride<"1">
      %shape = cute.make_shape(%n)
      %layout = cute.make_layout(%shape, %one)
      %nh = arith.divui %n, %c2 : i32
      %shapeh = cute.make_shape(%nh)
      %layouth = cute.make_layout(%shapeh, %one)
      // This thread's 8 values.
      %vin = cute.make_view(%pin, %layout)
      %kin = cute.local_tile(%vin, %bid) {tiler = #cute.shape<"256">}
      %tin = cute.partition_tv(%kin, %tid) {tv_layout = #cute.layout<"(32,8):(8,1)">}
      %x = cute.load(%tin)
      %ye4m3 = arith.truncf %x : vector<8xf32> to vector<8xf8E4M3FN>
      %ve4m3 = cute.make_view(%pe4m3, %layout)
      %ke4m3 = cute.local_tile(%ve4m3, %bid) {tiler = #cute.shape<"256">}
      %te4m3 = cute.partition_tv(%ke4m3, %tid) {tv_layout = #cute.layout<"(32,8):(8,1)">}
      cute.store(%ye4m3, %te4m3)
      %ye5m2 = arith.truncf %x : vector<8xf32> to vector<8xf8E5M2>
      %ve5m2 = cute.make_view(%pe5m2, %layout)
      %ke5m2 = cute.local_tile(%ve5m2, %bid) {tiler = #cute.shape<"256">}
      %te5m2 = cute.partition_tv(%ke5m2, %tid) {tv_layout = #cute.layout<"(32,8):(8,1)">}
      cute.store(%ye5m2, %te5m2)
      %ye2m3 = arith.truncf %x : vector<8xf32> to vector<8xf6E2M3FN>
      %ie2m3 = arith.bitcast %ye2m3 : vector<8xf6E2M3FN> to vector<8xi6>
      %be2m3 = arith.extui %ie2m3 : vector<8xi6> to vector<8xi8>
      %ve2m3 = cute.make_view(%pe2m3, %layout)
      %ke2m3 = cute.local_tile(%ve2m3, %bid) {tiler = #cute.shape<"256">}
      %te2m3 = cute.partition_tv(%ke2m3, %tid) {tv_layout = #cute.layout<"(32,8):(8,1)">}
      cute.store(%be2m3, %te2m3)
      %ye3m2 = arith.truncf %x : vector<8xf32> to vector<8xf6E3M2FN>
      %ie3m2 = arith.bitcast %ye3m2 : vector<8xf6E3M2FN> to vector<8xi6>
      %be3m2 = arith.extui %ie3m2 : vector<8xi6> to vector<8xi8>
      %ve3m2 = cute.make_view(%pe3m2, %layout)
      %ke3m2 = cute.local_tile(%ve3m2, %bid) {tiler = #cute.shape<"256">}
      %te3m2 = cute.partition_tv(%ke3m2, %tid) {tv_layout = #cute.layout<"(32,8):(8,1)">}
      cute.store(%be3m2, %te3m2)
      %ye2m1 = arith.truncf %x : vector<8xf32> to vector<8xf4E2M1FN>
      %ie2m1 = arith.bitcast %ye2m1 : vector<8xf4E2M1FN> to vector<8xi4>
      %be2m1 = vector.bitcast %ie2m1 : vector<8xi4> to vector<4xi8>
      %ve2m1 = cute.make_view(%pe2m1, %layouth)
      %ke2m1 = cute.local_tile(%ve2m1, %bid) {tiler = #cute.shape<"128">}
      %te2m1 = cute.partition_tv(%ke2m1, %tid) {tv_layout = #cute.layout<"(32,4):(4,1)">}
      cute.store(%be2m1, %te2m1)
      %ye8m0 = arith.truncf %x : vector<8xf32> to vector<8xf8E8M0FNU>
      %be8m0 = arith.bitcast %ye8m0 : vector<8xf8E8M0FNU> to vector<8xi8>
      %ve8m0 = cute.make_view(%pe8m0, %layout)
      %ke8m0 = cute.local_tile(%ve8m0, %bid) {tiler = #cute.shape<"256">}
      %te8m0 = cute.partition_tv(%ke8m0, %tid) {tv_layout = #cute.layout<"(32,8):(8,1)">}
      cute.store(%be8m0, %te8m0)
      %ye8m0rz = arith.truncf %x toward_zero : vector<8xf32> to vector<8xf8E8M0FNU>
      %be8m0rz = arith.bitcast %ye8m0rz : vector<8xf8E8M0FNU> to vector<8xi8>
      %ve8m0rz = cute.make_view(%pe8m0rz, %layout)
      %ke8m0rz = cute.local_tile(%ve8m0rz, %bid) {tiler = #cute.shape<"256">}
      %te8m0rz = cute.partition_tv(%ke8m0rz, %tid) {tv_layout = #cute.layout<"(32,8):(8,1)">}
      cute.store(%be8m0rz, %te8m0rz)
      %ye8m0rp = arith.truncf %x upward : vector<8xf32> to vector<8xf8E8M0FNU>
      %be8m0rp = arith.bitcast %ye8m0rp : vector<8xf8E8M0FNU> to vector<8xi8>
      %ve8m0rp = cute.make_view(%pe8m0rp, %layout)
      %ke8m0rp = cute.local_tile(%ve8m0rp, %bid) {tiler = #cute.shape<"256">}
      %te8m0rp = cute.partition_tv(%ke8m0rp, %tid) {tv_layout = #cute.layout<"(32,8):(8,1)">}
      cute.store(%be8m0rp, %te8m0rp)
      gpu.return
    }

    // arith.truncf of n f16 values (n % 256 == 0) to every format: e4m3 and
    // e5m2 through f8 pointers; e2m3, e3m2 one code per byte; e2m1 two per
    // byte (n / 2 bytes); e8m0 to nearest, toward_zero and upward one per
    // byte. 256 values per block, 8 per thread.
    gpu.func @encode_f16(%pin: !cute.ptr<f16, gmem, align<16>>, %n: i32, %pe4m3: !cute.ptr<f8E4M3FN, gmem, align<16>>, %pe5m2: !cute.ptr<f8E5M2, gmem, align<16>>, %pe2m3: !cute.ptr<i8, gmem, align<16>>, %pe3m2: !cute.ptr<i8, gmem, align<16>>, %pe2m1: !cute.ptr<i8, gmem, align<16>>, %pe8m0: !cute.ptr<i8, gmem, align<16>>, %pe8m0rz: !cute.ptr<i8, gmem, align<16>>, %pe8m0rp: !cute.ptr<i8, gmem, align<16>>) kernel
        attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
      %c2 = arith.constant 2 : i32
      %bidx = gpu.block_id x
      %tidx = gpu.thread_id x
      %bid = arith.index_cast %bidx : index to i32
      %tid = arith.index_cast %tidx : index to i32
      %one = cute.static : !cute.stride<"1">
      %shape = cute.make_shape(%n)
      %layout = cute.make_layout(%shape, %one)
      %nh = arith.divui %n, %c2 : i32
      %shapeh = cute.make_shape(%nh)
      %layouth = cute.make_layout(%shapeh, %one)
      // This thread's 8 values.
      %vin = cute.make_view(%pin, %layout)
      %kin = cute.local_tile(%vin, %bid) {tiler = #cute.shape<"256">}
      %tin = cute.partition_tv(%kin, %tid) {tv_layout = #cute.layout<"(32,8):(8,1)">}
      %x = cute.load(%tin)
      %ye4m3 = arith.truncf %x : vector<8xf16> to vector<8xf8E4M3FN>
      %ve4m3 = cute.make_view(%pe4m3, %layout)
      %ke4m3 = cute.local_tile(%ve4m3, %bid) {tiler = #cute.shape<"256">}
      %te4m3 = cute.partition_tv(%ke4m3, %tid) {tv_layout = #cute.layout<"(32,8):(8,1)">}
      cute.store(%ye4m3, %te4m3)
      %ye5m2 = arith.truncf %x : vector<8xf16> to vector<8xf8E5M2>
      %ve5m2 = cute.make_view(%pe5m2, %layout)
      %ke5m2 = cute.local_tile(%ve5m2, %bid) {tiler = #cute.shape<"256">}
      %te5m2 = cute.partition_tv(%ke5m2, %tid) {tv_layout = #cute.layout<"(32,8):(8,1)">}
      cute.store(%ye5m2, %te5m2)
      %ye2m3 = arith.truncf %x : vector<8xf16> to vector<8xf6E2M3FN>
      %ie2m3 = arith.bitcast %ye2m3 : vector<8xf6E2M3FN> to vector<8xi6>
      %be2m3 = arith.extui %ie2m3 : vector<8xi6> to vector<8xi8>
      %ve2m3 = cute.make_view(%pe2m3, %layout)
      %ke2m3 = cute.local_tile(%ve2m3, %bid) {tiler = #cute.shape<"256">}
      %te2m3 = cute.partition_tv(%ke2m3, %tid) {tv_layout = #cute.layout<"(32,8):(8,1)">}
      cute.store(%be2m3, %te2m3)
      %ye3m2 = arith.truncf %x : vector<8xf16> to vector<8xf6E3M2FN>
      %ie3m2 = arith.bitcast %ye3m2 : vector<8xf6E3M2FN> to vector<8xi6>
      %be3m2 = arith.extui %ie3m2 : vector<8xi6> to vector<8xi8>
      %ve3m2 = cute.make_view(%pe3m2, %layout)
      %ke3m2 = cute.local_tile(%ve3m2, %bid) {tiler = #cute.shape<"256">}
      %te3m2 = cute.partition_tv(%ke3m2, %tid) {tv_layout = #cute.layout<"(32,8):(8,1)">}
      cute.store(%be3m2, %te3m2)
      %ye2m1 = arith.truncf %x : vector<8xf16> to vector<8xf4E2M1FN>
      %ie2m1 = arith.bitcast %ye2m1 : vector<8xf4E2M1FN> to vector<8xi4>
      %be2m1 = vector.bitcast %ie2m1 : vector<8xi4> to vector<4xi8>
      %ve2m1 = cute.make_view(%pe2m1, %layouth)
      %ke2m1 = cute.local_tile(%ve2m1, %bid) {tiler = #cute.shape<"128">}
      %te2m1 = cute.partition_tv(%ke2m1, %tid) {tv_layout = #cute.layout<"(32,4):(4,1)">}
      cute.store(%be2m1, %te2m1)
      %ye8m0 = arith.truncf %x : vector<8xf16> to vector<8xf8E8M0FNU>
      %be8m0 = arith.bitcast %ye8m0 : vector<8xf8E8M0FNU> to vector<8xi8>
      %ve8m0 = cute.make_view(%pe8m0, %layout)
      %ke8m0 = cute.local_tile(%ve8m0, %bid) {tiler = #cute.shape<"256">}
      %te8m0 = cute.partition_tv(%ke8m0, %tid) {tv_layout = #cute.layout<"(32,8):(8,1)">}
      cute.store(%be8m0, %te8m0)
      %ye8m0rz = arith.truncf %x toward_zero : vector<8xf16> to vector<8xf8E8M0FNU>
      %be8m0rz = arith.bitcast %ye8m0rz : vector<8xf8E8M0FNU> to vector<8xi8>
      %ve8m0rz = cute.make_view(%pe8m0rz, %layout)
      %ke8m0rz = cute.local_tile(%ve8m0rz, %bid) {tiler = #cute.shape<"256">}
      %te8m0rz = cute.partition_tv(%ke8m0rz, %tid) {tv_layout = #cute.layout<"(32,8):(8,1)">}
      cute.store(%be8m0rz, %te8m0rz)
      %ye8m0rp = arith.truncf %x upward : vector<8xf16> to vector<8xf8E8M0FNU>
      %be8m0rp = arith.bitcast %ye8m0rp : vector<8xf8E8M0FNU> to vector<8xi8>
      %ve8m0rp = cute.make_view(%pe8m0rp, %layout)
      %ke8m0rp = cute.local_tile(%ve8m0rp, %bid) {tiler = #cute.shape<"256">}
      %te8m0rp = cute.partition_tv(%ke8m0rp, %tid) {tv_layout = #cute.layout<"(32,8):(8,1)">}
      cute.store(%be8m0rp, %te8m0rp)
      gpu.return
    }

    // arith.truncf of n bf16 values (n % 256 == 0) to every format: e4m3 and
    // e5m2 through f8 pointers; e2m3, e3m2 one code per byte; e2m1 two per
    // byte (n / 2 bytes); e8m0 to nearest, toward_zero and upward one per
    // byte. 256 values per block, 8 per thread.
    gpu.func @encode_bf16(%pin: !cute.ptr<bf16, gmem, align<16>>, %n: i32, %pe4m3: !cute.ptr<f8E4M3FN, gmem, align<16>>, %pe5m2: !cute.ptr<f8E5M2, gmem, align<16>>, %pe2m3: !cute.ptr<i8, gmem, align<16>>, %pe3m2: !cute.ptr<i8, gmem, align<16>>, %pe2m1: !cute.ptr<i8, gmem, align<16>>, %pe8m0: !cute.ptr<i8, gmem, align<16>>, %pe8m0rz: !cute.ptr<i8, gmem, align<16>>, %pe8m0rp: !cute.ptr<i8, gmem, align<16>>) kernel
        attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
      %c2 = arith.constant 2 : i32
      %bidx = gpu.block_id x
      %tidx = gpu.thread_id x
      %bid = arith.index_cast %bidx : index to i32
      %tid = arith.index_cast %tidx : index to i32
      %one = cute.static : !cute.stride<"1">
      %shape = cute.make_shape(%n)
      %layout = cute.make_layout(%shape, %one)
      %nh = arith.divui %n, %c2 : i32
      %shapeh = cute.make_shape(%nh)
      %layouth = cute.make_layout(%shapeh, %one)
      // This thread's 8 values.
      %vin = cute.make_view(%pin, %layout)
      %kin = cute.local_tile(%vin, %bid) {tiler = #cute.shape<"256">}
      %tin = cute.partition_tv(%kin, %tid) {tv_layout = #cute.layout<"(32,8):(8,1)">}
      %x = cute.load(%tin)
      %ye4m3 = arith.truncf %x : vector<8xbf16> to vector<8xf8E4M3FN>
      %ve4m3 = cute.make_view(%pe4m3, %layout)
      %ke4m3 = cute.local_tile(%ve4m3, %bid) {tiler = #cute.shape<"256">}
      %te4m3 = cute.partition_tv(%ke4m3, %tid) {tv_layout = #cute.layout<"(32,8):(8,1)">}
      cute.store(%ye4m3, %te4m3)
      %ye5m2 = arith.truncf %x : vector<8xbf16> to vector<8xf8E5M2>
      %ve5m2 = cute.make_view(%pe5m2, %layout)
      %ke5m2 = cute.local_tile(%ve5m2, %bid) {tiler = #cute.shape<"256">}
      %te5m2 = cute.partition_tv(%ke5m2, %tid) {tv_layout = #cute.layout<"(32,8):(8,1)">}
      cute.store(%ye5m2, %te5m2)
      %ye2m3 = arith.truncf %x : vector<8xbf16> to vector<8xf6E2M3FN>
      %ie2m3 = arith.bitcast %ye2m3 : vector<8xf6E2M3FN> to vector<8xi6>
      %be2m3 = arith.extui %ie2m3 : vector<8xi6> to vector<8xi8>
      %ve2m3 = cute.make_view(%pe2m3, %layout)
      %ke2m3 = cute.local_tile(%ve2m3, %bid) {tiler = #cute.shape<"256">}
      %te2m3 = cute.partition_tv(%ke2m3, %tid) {tv_layout = #cute.layout<"(32,8):(8,1)">}
      cute.store(%be2m3, %te2m3)
      %ye3m2 = arith.truncf %x : vector<8xbf16> to vector<8xf6E3M2FN>
      %ie3m2 = arith.bitcast %ye3m2 : vector<8xf6E3M2FN> to vector<8xi6>
      %be3m2 = arith.extui %ie3m2 : vector<8xi6> to vector<8xi8>
      %ve3m2 = cute.make_view(%pe3m2, %layout)
      %ke3m2 = cute.local_tile(%ve3m2, %bid) {tiler = #cute.shape<"256">}
      %te3m2 = cute.partition_tv(%ke3m2, %tid) {tv_layout = #cute.layout<"(32,8):(8,1)">}
      cute.store(%be3m2, %te3m2)
      %ye2m1 = arith.truncf %x : vector<8xbf16> to vector<8xf4E2M1FN>
      %ie2m1 = arith.bitcast %ye2m1 : vector<8xf4E2M1FN> to vector<8xi4>
      %be2m1 = vector.bitcast %ie2m1 : vector<8xi4> to vector<4xi8>
      %ve2m1 = cute.make_view(%pe2m1, %layouth)
      %ke2m1 = cute.local_tile(%ve2m1, %bid) {tiler = #cute.shape<"128">}
      %te2m1 = cute.partition_tv(%ke2m1, %tid) {tv_layout = #cute.layout<"(32,4):(4,1)">}
      cute.store(%be2m1, %te2m1)
      %ye8m0 = arith.truncf %x : vector<8xbf16> to vector<8xf8E8M0FNU>
      %be8m0 = arith.bitcast %ye8m0 : vector<8xf8E8M0FNU> to vector<8xi8>
      %ve8m0 = cute.make_view(%pe8m0, %layout)
      %ke8m0 = cute.local_tile(%ve8m0, %bid) {tiler = #cute.shape<"256">}
      %te8m0 = cute.partition_tv(%ke8m0, %tid) {tv_layout = #cute.layout<"(32,8):(8,1)">}
      cute.store(%be8m0, %te8m0)
      %ye8m0rz = arith.truncf %x toward_zero : vector<8xbf16> to vector<8xf8E8M0FNU>
      %be8m0rz = arith.bitcast %ye8m0rz : vector<8xf8E8M0FNU> to vector<8xi8>
      %ve8m0rz = cute.make_view(%pe8m0rz, %layout)
      %ke8m0rz = cute.local_tile(%ve8m0rz, %bid) {tiler = #cute.shape<"256">}
      %te8m0rz = cute.partition_tv(%ke8m0rz, %tid) {tv_layout = #cute.layout<"(32,8):(8,1)">}
      cute.store(%be8m0rz, %te8m0rz)
      %ye8m0rp = arith.truncf %x upward : vector<8xbf16> to vector<8xf8E8M0FNU>
      %be8m0rp = arith.bitcast %ye8m0rp : vector<8xf8E8M0FNU> to vector<8xi8>
      %ve8m0rp = cute.make_view(%pe8m0rp, %layout)
      %ke8m0rp = cute.local_tile(%ve8m0rp, %bid) {tiler = #cute.shape<"256">}
      %te8m0rp = cute.partition_tv(%ke8m0rp, %tid) {tv_layout = #cute.layout<"(32,8):(8,1)">}
      cute.store(%be8m0rp, %te8m0rp)
      gpu.return
    }
  }
}
