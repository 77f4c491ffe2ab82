// Shared memory through the whole pipeline: two smem tiles per kernel,
// gmem -> smem -> rmem copies, and a swizzled tile. 2 x 16 KiB is static shared memory (a .shared
// array); 2 x 32 KiB is dynamic (.extern .shared, cute.dynamic_smem raised).
// The metadata reports both, and cute-verify-kernel checks the planned bytes
// against the chip: 120 KiB fails on sm_120a (99 KiB) but not on sm_90a.
// RUN: rm -rf %t && mkdir -p %t
// RUN: cute-opt %s --cute-compile="chip=sm_90a output-dir=%t" -o /dev/null
// RUN: cute-opt %s --cute-compile="chip=sm_100a output-dir=%t" -o /dev/null
// RUN: cute-opt %s --cute-compile="chip=sm_120a output-dir=%t" -o /dev/null
// RUN: FileCheck %s --check-prefix=PTX < %t/smem.sm_90a.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t/smem.sm_100a.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t/smem.sm_120a.ptx
// RUN: FileCheck %s --check-prefix=JSON < %t/smem.sm_90a.json
// RUN: FileCheck %s --check-prefix=JSON < %t/smem.sm_120a.json
// RUN: cute-opt %S/Inputs/smem-120k.mlir --cute-compile="chip=sm_90a output-dir=%t" -o /dev/null
// RUN: FileCheck %s --check-prefix=BIG < %t/smem120k.sm_90a.json
// RUN: not cute-opt %S/Inputs/smem-120k.mlir --cute-compile="chip=sm_120a" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SM120

// PTX: .extern .shared .align 1024 .b8 __cute_dynamic_smem[];
// PTX-LABEL: .entry tiles_static(
// PTX: .shared .align 128 .b8 __cute_smem_tiles_static[32768];
// PTX: __cute_smem_tiles_static;
// PTX: st.shared.v4.b32
// PTX: bar.sync 0;
// PTX: ld.shared.v4.b32
// PTX: st.global.v4.b32
// PTX-LABEL: .entry tiles_dynamic(
// PTX-NOT: .shared .align
// PTX: __cute_dynamic_smem;
// PTX: st.shared.v4.b32
// PTX: bar.sync 0;
// PTX: ld.shared.v4.b32
// PTX: st.global.v4.b32

// PTX-LABEL: .entry tiles_swizzled(
// PTX: .shared .align 1024 .b8 __cute_smem_tiles_swizzled[1024];
// PTX: st.shared.v4.b32

// JSON: "name":"tiles_static"
// JSON-SAME: "smem_dynamic":0,"smem_static":32768
// JSON: "name":"tiles_dynamic"
// JSON-SAME: "smem_dynamic":65536,"smem_static":0
// JSON: "name":"tiles_swizzled"
// JSON-SAME: "smem_dynamic":0,"smem_static":1024

// BIG: "name":"tiles_120k"
// BIG-SAME: "smem_dynamic":122880,"smem_static":0
// SM120: error: kernel @tiles_120k uses 122880 bytes of shared memory (static 0 + dynamic 122880); sm_120a allows at most 101376 bytes per block

module attributes {gpu.container_module} {
  gpu.module @smem {
    gpu.func @tiles_static(%pa: !cute.ptr<f16, gmem, align<16>>, %pb: !cute.ptr<f16, gmem, align<16>>, %pc: !cute.ptr<f16, gmem, align<16>>) kernel
        attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
      %tidx = gpu.thread_id x
      %tid = arith.index_cast %tidx : index to i32
      %l = cute.static : !cute.layout<"8192:1">
      %a = cute.make_view(%pa, %l) : (!cute.ptr<f16, gmem, align<16>>, !cute.layout<"8192:1">) -> !cute.memref<f16, gmem, align<16>, "8192:1">
      %b = cute.make_view(%pb, %l) : (!cute.ptr<f16, gmem, align<16>>, !cute.layout<"8192:1">) -> !cute.memref<f16, gmem, align<16>, "8192:1">
      %c = cute.make_view(%pc, %l) : (!cute.ptr<f16, gmem, align<16>>, !cute.layout<"8192:1">) -> !cute.memref<f16, gmem, align<16>, "8192:1">
      %sa = cute.smem_alloc() : !cute.memref<f16, smem, align<128>, "8192:1">
      %sb = cute.smem_alloc() : !cute.memref<f16, smem, align<128>, "8192:1">
      // gmem -> smem
      %ga = cute.partition_tv(%a, %tid) {tv_layout = #cute.layout<"(128,64):(64,1)">} : (!cute.memref<f16, gmem, align<16>, "8192:1">, i32) -> !cute.memref<f16, gmem, align<16>, "64:1">
      %gb = cute.partition_tv(%b, %tid) {tv_layout = #cute.layout<"(128,64):(64,1)">} : (!cute.memref<f16, gmem, align<16>, "8192:1">, i32) -> !cute.memref<f16, gmem, align<16>, "64:1">
      %ta = cute.partition_tv(%sa, %tid) {tv_layout = #cute.layout<"(128,64):(64,1)">} : (!cute.memref<f16, smem, align<128>, "8192:1">, i32) -> !cute.memref<f16, smem, align<128>, "64:1">
      %tb = cute.partition_tv(%sb, %tid) {tv_layout = #cute.layout<"(128,64):(64,1)">} : (!cute.memref<f16, smem, align<128>, "8192:1">, i32) -> !cute.memref<f16, smem, align<128>, "64:1">
      cute.copy(%ga, %ta) : !cute.memref<f16, gmem, align<16>, "64:1">, !cute.memref<f16, smem, align<128>, "64:1">
      cute.copy(%gb, %tb) : !cute.memref<f16, gmem, align<16>, "64:1">, !cute.memref<f16, smem, align<128>, "64:1">
      gpu.barrier
      // smem -> rmem, add, rmem -> gmem
      %fa = cute.make_fragment() : !cute.memref<f16, rmem, align<16>, "64:1">
      %fb = cute.make_fragment() : !cute.memref<f16, rmem, align<16>, "64:1">
      cute.copy(%ta, %fa) : !cute.memref<f16, smem, align<128>, "64:1">, !cute.memref<f16, rmem, align<16>, "64:1">
      cute.copy(%tb, %fb) : !cute.memref<f16, smem, align<128>, "64:1">, !cute.memref<f16, rmem, align<16>, "64:1">
      %xa = cute.load(%fa) : !cute.memref<f16, rmem, align<16>, "64:1"> -> vector<64xf16>
      %xb = cute.load(%fb) : !cute.memref<f16, rmem, align<16>, "64:1"> -> vector<64xf16>
      %s = arith.addf %xa, %xb : vector<64xf16>
      cute.store(%s, %fa) : vector<64xf16>, !cute.memref<f16, rmem, align<16>, "64:1">
      %gc = cute.partition_tv(%c, %tid) {tv_layout = #cute.layout<"(128,64):(64,1)">} : (!cute.memref<f16, gmem, align<16>, "8192:1">, i32) -> !cute.memref<f16, gmem, align<16>, "64:1">
      cute.copy(%fa, %gc) : !cute.memref<f16, rmem, align<16>, "64:1">, !cute.memref<f16, gmem, align<16>, "64:1">
      gpu.return
    }

    gpu.func @tiles_dynamic(%pa: !cute.ptr<f16, gmem, align<16>>, %pb: !cute.ptr<f16, gmem, align<16>>, %pc: !cute.ptr<f16, gmem, align<16>>) kernel
        attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
      %tidx = gpu.thread_id x
      %tid = arith.index_cast %tidx : index to i32
      %l = cute.static : !cute.layout<"16384:1">
      %a = cute.make_view(%pa, %l) : (!cute.ptr<f16, gmem, align<16>>, !cute.layout<"16384:1">) -> !cute.memref<f16, gmem, align<16>, "16384:1">
      %b = cute.make_view(%pb, %l) : (!cute.ptr<f16, gmem, align<16>>, !cute.layout<"16384:1">) -> !cute.memref<f16, gmem, align<16>, "16384:1">
      %c = cute.make_view(%pc, %l) : (!cute.ptr<f16, gmem, align<16>>, !cute.layout<"16384:1">) -> !cute.memref<f16, gmem, align<16>, "16384:1">
      %sa = cute.smem_alloc() : !cute.memref<f16, smem, align<128>, "16384:1">
      %sb = cute.smem_alloc() : !cute.memref<f16, smem, align<128>, "16384:1">
      // gmem -> smem
      %ga = cute.partition_tv(%a, %tid) {tv_layout = #cute.layout<"(128,128):(128,1)">} : (!cute.memref<f16, gmem, align<16>, "16384:1">, i32) -> !cute.memref<f16, gmem, align<16>, "128:1">
      %gb = cute.partition_tv(%b, %tid) {tv_layout = #cute.layout<"(128,128):(128,1)">} : (!cute.memref<f16, gmem, align<16>, "16384:1">, i32) -> !cute.memref<f16, gmem, align<16>, "128:1">
      %ta = cute.partition_tv(%sa, %tid) {tv_layout = #cute.layout<"(128,128):(128,1)">} : (!cute.memref<f16, smem, align<128>, "16384:1">, i32) -> !cute.memref<f16, smem, align<128>, "128:1">
      %tb = cute.partition_tv(%sb, %tid) {tv_layout = #cute.layout<"(128,128):(128,1)">} : (!cute.memref<f16, smem, align<128>, "16384:1">, i32) -> !cute.memref<f16, smem, align<128>, "128:1">
      cute.copy(%ga, %ta) : !cute.memref<f16, gmem, align<16>, "128:1">, !cute.memref<f16, smem, align<128>, "128:1">
      cute.copy(%gb, %tb) : !cute.memref<f16, gmem, align<16>, "128:1">, !cute.memref<f16, smem, align<128>, "128:1">
      gpu.barrier
      // smem -> rmem, add, rmem -> gmem
      %fa = cute.make_fragment() : !cute.memref<f16, rmem, align<16>, "128:1">
      %fb = cute.make_fragment() : !cute.memref<f16, rmem, align<16>, "128:1">
      cute.copy(%ta, %fa) : !cute.memref<f16, smem, align<128>, "128:1">, !cute.memref<f16, rmem, align<16>, "128:1">
      cute.copy(%tb, %fb) : !cute.memref<f16, smem, align<128>, "128:1">, !cute.memref<f16, rmem, align<16>, "128:1">
      %xa = cute.load(%fa) : !cute.memref<f16, rmem, align<16>, "128:1"> -> vector<128xf16>
      %xb = cute.load(%fb) : !cute.memref<f16, rmem, align<16>, "128:1"> -> vector<128xf16>
      %s = arith.addf %xa, %xb : vector<128xf16>
      cute.store(%s, %fa) : vector<128xf16>, !cute.memref<f16, rmem, align<16>, "128:1">
      %gc = cute.partition_tv(%c, %tid) {tv_layout = #cute.layout<"(128,128):(128,1)">} : (!cute.memref<f16, gmem, align<16>, "16384:1">, i32) -> !cute.memref<f16, gmem, align<16>, "128:1">
      cute.copy(%fa, %gc) : !cute.memref<f16, rmem, align<16>, "128:1">, !cute.memref<f16, gmem, align<16>, "128:1">
      gpu.return
    }

    // A swizzled tile: its base is aligned to 2^(3+3+3) f16 = 1024 bytes.
    gpu.func @tiles_swizzled(%pa: !cute.ptr<f16, gmem, align<16>>) kernel attributes {gpu.known_block_size = array<i32: 64, 1, 1>} {
      %tidx = gpu.thread_id x
      %tid = arith.index_cast %tidx : index to i32
      %l = cute.static : !cute.layout<"512:1">
      %a = cute.make_view(%pa, %l) : (!cute.ptr<f16, gmem, align<16>>, !cute.layout<"512:1">) -> !cute.memref<f16, gmem, align<16>, "512:1">
      %s = cute.smem_alloc() : !cute.memref<f16, smem, align<16>, S<3,3,3>, "512:1">
      %ga = cute.partition_tv(%a, %tid) {tv_layout = #cute.layout<"(64,8):(8,1)">} : (!cute.memref<f16, gmem, align<16>, "512:1">, i32) -> !cute.memref<f16, gmem, align<16>, "8:1">
      %ts = cute.partition_tv(%s, %tid) {tv_layout = #cute.layout<"(64,8):(8,1)">} : (!cute.memref<f16, smem, align<16>, S<3,3,3>, "512:1">, i32) -> !cute.memref<f16, smem, align<16>, S<3,3,3>, "8:1">
      cute.copy(%ga, %ts) : !cute.memref<f16, gmem, align<16>, "8:1">, !cute.memref<f16, smem, align<16>, S<3,3,3>, "8:1">
      gpu.return
    }
  }
}
