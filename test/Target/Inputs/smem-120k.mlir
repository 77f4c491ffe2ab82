// 120 KiB of shared memory in one kernel (see ../smem-pipeline.mlir).
module attributes {gpu.container_module} {
  gpu.module @smem120k {
    gpu.func @tiles_120k(%pa: !cute.ptr<f16, gmem, align<16>>, %pb: !cute.ptr<f16, gmem, align<16>>, %pc: !cute.ptr<f16, gmem, align<16>>) kernel
        attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
      %tidx = gpu.thread_id x
      %tid = arith.index_cast %tidx : index to i32
      %l = cute.static : !cute.layout<"30720:1">
      %a = cute.make_view(%pa, %l) : (!cute.ptr<f16, gmem, align<16>>, !cute.layout<"30720:1">) -> !cute.memref<f16, gmem, align<16>, "30720:1">
      %b = cute.make_view(%pb, %l) : (!cute.ptr<f16, gmem, align<16>>, !cute.layout<"30720:1">) -> !cute.memref<f16, gmem, align<16>, "30720:1">
      %c = cute.make_view(%pc, %l) : (!cute.ptr<f16, gmem, align<16>>, !cute.layout<"30720:1">) -> !cute.memref<f16, gmem, align<16>, "30720:1">
      %sa = cute.smem_alloc() : !cute.memref<f16, smem, align<128>, "30720:1">
      %sb = cute.smem_alloc() : !cute.memref<f16, smem, align<128>, "30720:1">
      // gmem -> smem
      %ga = cute.partition_tv(%a, %tid) {tv_layout = #cute.layout<"(128,240):(240,1)">} : (!cute.memref<f16, gmem, align<16>, "30720:1">, i32) -> !cute.memref<f16, gmem, align<16>, "240:1">
      %gb = cute.partition_tv(%b, %tid) {tv_layout = #cute.layout<"(128,240):(240,1)">} : (!cute.memref<f16, gmem, align<16>, "30720:1">, i32) -> !cute.memref<f16, gmem, align<16>, "240:1">
      %ta = cute.partition_tv(%sa, %tid) {tv_layout = #cute.layout<"(128,240):(240,1)">} : (!cute.memref<f16, smem, align<128>, "30720:1">, i32) -> !cute.memref<f16, smem, align<32>, "240:1">
      %tb = cute.partition_tv(%sb, %tid) {tv_layout = #cute.layout<"(128,240):(240,1)">} : (!cute.memref<f16, smem, align<128>, "30720:1">, i32) -> !cute.memref<f16, smem, align<32>, "240:1">
      cute.copy(%ga, %ta) : !cute.memref<f16, gmem, align<16>, "240:1">, !cute.memref<f16, smem, align<32>, "240:1">
      cute.copy(%gb, %tb) : !cute.memref<f16, gmem, align<16>, "240:1">, !cute.memref<f16, smem, align<32>, "240:1">
      gpu.barrier
      // smem -> rmem, add, rmem -> gmem
      %fa = cute.make_fragment() : !cute.memref<f16, rmem, align<16>, "240:1">
      %fb = cute.make_fragment() : !cute.memref<f16, rmem, align<16>, "240:1">
      cute.copy(%ta, %fa) : !cute.memref<f16, smem, align<32>, "240:1">, !cute.memref<f16, rmem, align<16>, "240:1">
      cute.copy(%tb, %fb) : !cute.memref<f16, smem, align<32>, "240:1">, !cute.memref<f16, rmem, align<16>, "240:1">
      %xa = cute.load(%fa) : !cute.memref<f16, rmem, align<16>, "240:1"> -> vector<240xf16>
      %xb = cute.load(%fb) : !cute.memref<f16, rmem, align<16>, "240:1"> -> vector<240xf16>
      %s = arith.addf %xa, %xb : vector<240xf16>
      cute.store(%s, %fa) : vector<240xf16>, !cute.memref<f16, rmem, align<16>, "240:1">
      %gc = cute.partition_tv(%c, %tid) {tv_layout = #cute.layout<"(128,240):(240,1)">} : (!cute.memref<f16, gmem, align<16>, "30720:1">, i32) -> !cute.memref<f16, gmem, align<16>, "240:1">
      cute.copy(%fa, %gc) : !cute.memref<f16, rmem, align<16>, "240:1">, !cute.memref<f16, gmem, align<16>, "240:1">
      gpu.return
    }
  }
}
