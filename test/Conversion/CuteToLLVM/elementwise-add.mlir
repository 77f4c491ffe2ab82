// The elementwise add of the tensors issue: each block takes a 512-element
// tile (local_tile), 128 threads take 4 contiguous values each
// (partition_tv), gmem -> rmem copies, arith.addf on vectors, rmem -> gmem.
// The copies become 128-bit accesses: ld.global.v4.b32 / st.global.v4.b32.
// @add_tail predicates each element with an identity tensor (scf.if).
//
// RUN: cute-opt %s --cute-expand-ops --convert-cute-to-llvm | FileCheck %s --check-prefix=LLVM
// RUN: cute-opt %s --cute-expand-ops --convert-cute-to-llvm \
// RUN:   --nvvm-attach-target="chip=sm_90a features=+ptx88 O=3" \
// RUN:   --convert-scf-to-cf --convert-gpu-to-nvvm --convert-arith-to-llvm \
// RUN:   --convert-cf-to-llvm --reconcile-unrealized-casts \
// RUN:   --gpu-module-to-binary=format=isa | FileCheck %s --check-prefix=PTX

// Kernel arguments are flat: each memref is its pointer then its dynamic
// layout leaves ("?:1" -> one i32).
// LLVM-LABEL: gpu.func @add(
// LLVM-SAME: %[[A:.+]]: !llvm.ptr<1>, %{{.+}}: i32, %[[B:.+]]: !llvm.ptr<1>, %{{.+}}: i32, %[[C:.+]]: !llvm.ptr<1>, %{{.+}}: i32) kernel
// LLVM-DAG: llvm.alloca %{{.+}} x f32 {alignment = 16 : i64} : (i32) -> !llvm.ptr
// LLVM: %[[BOFF:.+]] = arith.muli %{{.+}}, %{{.+}} : i32
// LLVM: %[[TA:.+]] = llvm.getelementptr %[[A]][%[[BOFF]]] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
// LLVM: llvm.load %{{.+}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
// LLVM: arith.addf %{{.+}}, %{{.+}} : vector<4xf32>
// LLVM: llvm.store %{{.+}}, %{{.+}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<1>
// LLVM-NOT: cute.

// LLVM-LABEL: gpu.func @add_tail(
// LLVM: arith.cmpi slt
// LLVM: scf.if
// LLVM: llvm.load %{{.+}} {alignment = 4 : i64} : !llvm.ptr<1> -> f32

// PTX: .visible .entry add(
// PTX-DAG: ld.global.v4.b32
// PTX-DAG: st.global.v4.b32
// PTX: .visible .entry add_tail(
// PTX: @%p{{[0-9]+}} bra

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @add(%a: !cute.memref<f32, gmem, align<16>, "?:1">,
                  %b: !cute.memref<f32, gmem, align<16>, "?:1">,
                  %c: !cute.memref<f32, gmem, align<16>, "?:1">) kernel {
      %bidx = gpu.block_id x
      %tidx = gpu.thread_id x
      %bid = arith.index_cast %bidx : index to i32
      %tid = arith.index_cast %tidx : index to i32
      %ta = cute.local_tile(%a, %bid) {tiler = #cute.shape<"512">} : (!cute.memref<f32, gmem, align<16>, "?:1">, i32) -> !cute.memref<f32, gmem, align<16>, "512:1">
      %tb = cute.local_tile(%b, %bid) {tiler = #cute.shape<"512">} : (!cute.memref<f32, gmem, align<16>, "?:1">, i32) -> !cute.memref<f32, gmem, align<16>, "512:1">
      %tc = cute.local_tile(%c, %bid) {tiler = #cute.shape<"512">} : (!cute.memref<f32, gmem, align<16>, "?:1">, i32) -> !cute.memref<f32, gmem, align<16>, "512:1">
      %va = cute.partition_tv(%ta, %tid) {tv_layout = #cute.layout<"(128,4):(4,1)">} : (!cute.memref<f32, gmem, align<16>, "512:1">, i32) -> !cute.memref<f32, gmem, align<16>, "4:1">
      %vb = cute.partition_tv(%tb, %tid) {tv_layout = #cute.layout<"(128,4):(4,1)">} : (!cute.memref<f32, gmem, align<16>, "512:1">, i32) -> !cute.memref<f32, gmem, align<16>, "4:1">
      %vc = cute.partition_tv(%tc, %tid) {tv_layout = #cute.layout<"(128,4):(4,1)">} : (!cute.memref<f32, gmem, align<16>, "512:1">, i32) -> !cute.memref<f32, gmem, align<16>, "4:1">
      %fa = cute.make_fragment_like(%va) : !cute.memref<f32, gmem, align<16>, "4:1"> -> !cute.memref<f32, rmem, align<16>, "4:1">
      %fb = cute.make_fragment_like(%vb) : !cute.memref<f32, gmem, align<16>, "4:1"> -> !cute.memref<f32, rmem, align<16>, "4:1">
      cute.copy(%va, %fa) {atom = #cute.universal_copy<128>} : !cute.memref<f32, gmem, align<16>, "4:1">, !cute.memref<f32, rmem, align<16>, "4:1">
      cute.copy(%vb, %fb) {atom = #cute.universal_copy<128>} : !cute.memref<f32, gmem, align<16>, "4:1">, !cute.memref<f32, rmem, align<16>, "4:1">
      %xa = cute.load(%fa) : !cute.memref<f32, rmem, align<16>, "4:1"> -> vector<4xf32>
      %xb = cute.load(%fb) : !cute.memref<f32, rmem, align<16>, "4:1"> -> vector<4xf32>
      %s = arith.addf %xa, %xb : vector<4xf32>
      cute.store(%s, %fa) : vector<4xf32>, !cute.memref<f32, rmem, align<16>, "4:1">
      cute.copy(%fa, %vc) {atom = #cute.universal_copy<128>} : !cute.memref<f32, rmem, align<16>, "4:1">, !cute.memref<f32, gmem, align<16>, "4:1">
      gpu.return
    }

    gpu.func @add_tail(%a: !cute.memref<f32, gmem, align<16>, "?:1">,
                       %c: !cute.memref<f32, gmem, align<16>, "?:1">, %n: i32) kernel {
      %bidx = gpu.block_id x
      %tidx = gpu.thread_id x
      %bid = arith.index_cast %bidx : index to i32
      %tid = arith.index_cast %tidx : index to i32
      %shape = cute.make_shape(%n) : (i32) -> !cute.shape<"?">
      %id = cute.make_identity_tensor(%shape) : !cute.shape<"?"> -> !cute.coord_tensor<"0", "?:1">
      %tid_c = cute.local_tile(%id, %bid) {tiler = #cute.shape<"512">} : (!cute.coord_tensor<"0", "?:1">, i32) -> !cute.coord_tensor<"?", "512:1">
      %cv = cute.partition_tv(%tid_c, %tid) {tv_layout = #cute.layout<"(128,4):(4,1)">} : (!cute.coord_tensor<"?", "512:1">, i32) -> !cute.coord_tensor<"?", "4:1">
      %bound = cute.make_int_tuple(%n) : (i32) -> !cute.int_tuple<"?">
      %p = cute.make_predicate(%cv, %bound) : (!cute.coord_tensor<"?", "4:1">, !cute.int_tuple<"?">) -> !cute.memref<i1, rmem, align<1>, "4:1">
      %ta = cute.local_tile(%a, %bid) {tiler = #cute.shape<"512">} : (!cute.memref<f32, gmem, align<16>, "?:1">, i32) -> !cute.memref<f32, gmem, align<16>, "512:1">
      %tc = cute.local_tile(%c, %bid) {tiler = #cute.shape<"512">} : (!cute.memref<f32, gmem, align<16>, "?:1">, i32) -> !cute.memref<f32, gmem, align<16>, "512:1">
      %va = cute.partition_tv(%ta, %tid) {tv_layout = #cute.layout<"(128,4):(4,1)">} : (!cute.memref<f32, gmem, align<16>, "512:1">, i32) -> !cute.memref<f32, gmem, align<16>, "4:1">
      %vc = cute.partition_tv(%tc, %tid) {tv_layout = #cute.layout<"(128,4):(4,1)">} : (!cute.memref<f32, gmem, align<16>, "512:1">, i32) -> !cute.memref<f32, gmem, align<16>, "4:1">
      %fa = cute.make_fragment_like(%va) : !cute.memref<f32, gmem, align<16>, "4:1"> -> !cute.memref<f32, rmem, align<16>, "4:1">
      cute.copy(%va, %fa, %p) : !cute.memref<f32, gmem, align<16>, "4:1">, !cute.memref<f32, rmem, align<16>, "4:1">, !cute.memref<i1, rmem, align<1>, "4:1">
      %xa = cute.load(%fa) : !cute.memref<f32, rmem, align<16>, "4:1"> -> vector<4xf32>
      %s = arith.addf %xa, %xa : vector<4xf32>
      cute.store(%s, %fa) : vector<4xf32>, !cute.memref<f32, rmem, align<16>, "4:1">
      cute.copy(%fa, %vc, %p) : !cute.memref<f32, rmem, align<16>, "4:1">, !cute.memref<f32, gmem, align<16>, "4:1">, !cute.memref<i1, rmem, align<1>, "4:1">
      gpu.return
    }
  }
}
