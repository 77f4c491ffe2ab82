// cute.recast lowers to nothing but its dynamic leaves: the pointer is the
// same value, the offsets that use the recast tensor are in the new
// elements (bytes for a packed FP4 row, i32 for a recast f16 matrix).
// RUN: cute-opt %s --cute-plan-smem --convert-cute-to-llvm | FileCheck %s

module attributes {gpu.container_module} {
  gpu.module @k {
    // One row of 128 FP4 values is 64 bytes, copied as 4 x 16 bytes.
    // CHECK-LABEL: gpu.func @packed_row
    // CHECK-SAME: (%[[X:[^:]*]]: !llvm.ptr<1>, %{{[^:]*}}: i32, %[[ROW:[^:]*]]: i32)
    // CHECK: %[[C64:.*]] = arith.constant 64 : i32
    // CHECK: %[[OFF:.*]] = arith.muli %[[ROW]], %[[C64]] : i32
    // CHECK: %[[P:.*]] = llvm.getelementptr %[[X]][%[[OFF]]] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i8
    // CHECK: llvm.load %[[P]] {alignment = 16 : i64} : !llvm.ptr<1> -> vector<16xi8>
    // CHECK-COUNT-3: llvm.load {{.*}} -> vector<16xi8>
    // CHECK: gpu.return
    gpu.func @packed_row(%x: !cute.memref<f4E2M1FN, gmem, align<16>, "(?,128):(128,1)">, %row: i32) kernel {
      %xb = cute.recast(%x) {elem_type = i8}
      %c = cute.make_coord(%row) : (i32) -> !cute.coord<"(?,_)">
      %xr = cute.tensor_slice(%xb, %c)
      %f = cute.make_fragment_like(%xr)
      cute.copy(%xr, %f)
      gpu.return
    }

    // The row stride, 8-divisible f16 elements, halves at run time; the row
    // offset is then in i32 elements.
    // CHECK-LABEL: gpu.func @dynamic_stride
    // CHECK-SAME: (%[[Y:[^:]*]]: !llvm.ptr<1>, %{{[^:]*}}: i32, %{{[^:]*}}: i32, %[[LD:[^:]*]]: i32, %[[I:[^:]*]]: i32,
    // CHECK: %[[ST:.*]] = arith.divsi %[[LD]], %{{.*}} : i32
    // CHECK: %[[O:.*]] = arith.muli %[[I]], %[[ST]] : i32
    // CHECK: llvm.getelementptr %[[Y]][%[[O]]] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i32
    gpu.func @dynamic_stride(%x: !cute.memref<f16, gmem, align<16>, "(?,?{div=8}):(?{div=8},1)">, %i: i32, %dst: !cute.memref<i32, gmem, align<16>, "4:1">) kernel {
      %w = cute.recast(%x) {elem_type = i32}
      %c = cute.make_coord(%i) : (i32) -> !cute.coord<"(?,_)">
      %r = cute.tensor_slice(%w, %c)
      %t = cute.local_tile(%r, %i) {tiler = #cute.shape<"4">}
      cute.copy(%t, %dst)
      gpu.return
    }

    // A recast shared-memory tile: the planned address, read as i32 (a row
    // of 128 FP4 values is 16 words).
    // CHECK-LABEL: gpu.func @smem_words
    // CHECK: %[[S:.*]] = llvm.mlir.addressof @__cute_smem_smem_words : !llvm.ptr<3>
    // CHECK-NOT: llvm.getelementptr
    // CHECK: llvm.load %[[S]] {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xi32>
    gpu.func @smem_words(%out: !cute.memref<i32, gmem, align<16>, "16:1">) kernel {
      %s = cute.smem_alloc() : !cute.memref<f4E2M1FN, smem, align<128>, "(8,128):(128,1)">
      %w = cute.recast(%s) {elem_type = i32}
      %z = cute.make_coord() : () -> !cute.coord<"(0,_)">
      %r = cute.tensor_slice(%w, %z)
      cute.copy(%r, %out)
      gpu.return
    }
  }
}
