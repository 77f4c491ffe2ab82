// cute.domain_offset (CuTe's domain_offset): the layout stays, the base
// coordinate (coord tensors) or the iterator (memrefs) moves by
// layout(coord). Hand derivation: the identity tensor's strides
// (1@0, 1@1) map (r, 0) to the coordinate (r, 0), so the base becomes
// (r, 0); a local_tile (128, 64) at (2, _) then starts at (r + 256, 0).
// A row-major (?, 64):(64, 1) memref at (0, 8) advances its pointer by 8
// elements (16 bytes: 16-byte alignment stays); at (r, 3) by 64 r + 3,
// whose known divisor is 1: 2-byte alignment (one bf16).
// RUN: cute-opt %s | FileCheck %s
// RUN: cute-opt %s --convert-cute-to-llvm --reconcile-unrealized-casts | FileCheck %s --check-prefix=LLVM

// CHECK-LABEL: func.func @coords(
// CHECK: cute.domain_offset({{.*}}) : (!cute.coord_tensor<"(0,0)", "(?,?):(1@0,1@1)">, !cute.coord<"(?,0)">) -> !cute.coord_tensor<"(?,0)", "(?,?):(1@0,1@1)">
// CHECK: cute.local_tile({{.*}}) {tiler = #cute.shape<"(128,64)">} : (!cute.coord_tensor<"(?,0)", "(?,?):(1@0,1@1)">, !cute.coord<"(2,_)">) -> !cute.coord_tensor<"(?,0)", "(128,64,?):(1@0,1@1,64@1)">
// LLVM-LABEL: func.func @coords(
// LLVM: %[[C256:.+]] = arith.constant 256 : i32
// LLVM: %[[R:.+]] = arith.addi %arg2, %[[C256]] : i32
// LLVM: return %[[R]], %{{.+}} : i32, i32
func.func @coords(%m: i32, %k: i32, %r: i32) -> !cute.coord_tensor<"(?,0)", "(128,64,?):(1@0,1@1,64@1)"> {
  %s = cute.make_shape(%m, %k)
  %c = cute.make_identity_tensor(%s)
  %o = cute.make_coord(%r) -> !cute.coord<"(?,0)">
  %g = cute.domain_offset(%c, %o)
  %t = cute.make_coord() -> !cute.coord<"(2,_)">
  %tile = cute.local_tile(%g, %t) {tiler = #cute.shape<"(128,64)">}
  return %tile : !cute.coord_tensor<"(?,0)", "(128,64,?):(1@0,1@1,64@1)">
}

// CHECK-LABEL: func.func @memref(
// CHECK: -> !cute.memref<bf16, gmem, align<16>, "(?,64):(64,1)">
// CHECK: -> !cute.memref<bf16, gmem, align<2>, "(?,64):(64,1)">
// LLVM-LABEL: func.func @memref(
// LLVM: llvm.getelementptr %arg0[%{{.+}}] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, bf16
// LLVM: %[[C3:.+]] = arith.constant 3 : i32
// LLVM: %[[C64:.+]] = arith.constant 64 : i32
// LLVM: %[[M:.+]] = arith.muli %arg2, %[[C64]] : i32
// LLVM: %[[O:.+]] = arith.addi %[[M]], %[[C3]] : i32
// LLVM: %[[P:.+]] = llvm.getelementptr %arg0[%[[O]]] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, bf16
// LLVM: return %[[P]], %arg1
func.func @memref(%p: !cute.ptr<bf16, gmem, align<16>>, %m: i32, %r: i32) -> !cute.memref<bf16, gmem, align<2>, "(?,64):(64,1)"> {
  %s = cute.make_shape(%m) -> !cute.shape<"(?,64)">
  %st = cute.static : !cute.stride<"(64,1)">
  %l = cute.make_layout(%s, %st)
  %v = cute.make_view(%p, %l)
  %o8 = cute.make_coord() -> !cute.coord<"(0,8)">
  %a = cute.domain_offset(%v, %o8)
  %o = cute.make_coord(%r) -> !cute.coord<"(?,3)">
  %b = cute.domain_offset(%v, %o)
  return %b : !cute.memref<bf16, gmem, align<2>, "(?,64):(64,1)">
}
