// RUN: cute-opt %s --convert-cute-to-llvm | FileCheck %s

// TMEM tensors are !llvm.ptr<6> (32-bit addresses, lane << 16 | column);
// a view adds its offset in TMEM address units, unscaled by the element
// size: an i8 GEP by the offset itself.

// Tile (1,2) of 32 x 16 of a 128 x 256 accumulator: lane 32, column 32 =
// 32 * 65536 + 32 = 2097184.
// CHECK-LABEL: func.func @tile(%arg0: !llvm.ptr<6>) -> !llvm.ptr<6>
// CHECK: %[[O:.+]] = arith.constant 2097184 : i32
// CHECK: %[[P:.+]] = llvm.getelementptr %arg0[%[[O]]] : (!llvm.ptr<6>, i32) -> !llvm.ptr<6>, i8
// CHECK: return %[[P]]
func.func @tile(%acc: !cute.memref<f32, tmem, align<16>, "(128,256):(65536,1)">) -> !cute.memref<f32, tmem, align<16>, "(32,16):(65536,1)"> {
  %c = cute.static : !cute.coord<"(1,2)">
  %t = cute.local_tile(%acc, %c) {tiler = #cute.shape<"(32,16)">} : (!cute.memref<f32, tmem, align<16>, "(128,256):(65536,1)">, !cute.coord<"(1,2)">) -> !cute.memref<f32, tmem, align<16>, "(32,16):(65536,1)">
  return %t : !cute.memref<f32, tmem, align<16>, "(32,16):(65536,1)">
}

// Warp w's quarter of the rows (partition_tv): 32 * w lanes, computed.
// CHECK-LABEL: func.func @warp(%arg0: !llvm.ptr<6>, %arg1: i32) -> !llvm.ptr<6>
// CHECK: %[[C:.+]] = arith.constant 2097152 : i32
// CHECK: %[[O:.+]] = arith.muli %arg1, %[[C]] : i32
// CHECK: llvm.getelementptr %arg0[%[[O]]] : (!llvm.ptr<6>, i32) -> !llvm.ptr<6>, i8
func.func @warp(%acc: !cute.memref<f32, tmem, align<16>, "(128,256):(65536,1)">, %w: i32) -> !cute.memref<f32, tmem, align<16>, "(32,16):(65536,1)"> {
  %p = cute.partition_tv(%acc, %w) {tv_layout = #cute.layout<"(4,(32,16)):(32,(1,128))">} : (!cute.memref<f32, tmem, align<16>, "(128,256):(65536,1)">, i32) -> !cute.memref<f32, tmem, align<16>, "(32,16):(65536,1)">
  return %p : !cute.memref<f32, tmem, align<16>, "(32,16):(65536,1)">
}

// Row 5 (tensor_slice): lane 5.
// CHECK-LABEL: func.func @row(%arg0: !llvm.ptr<6>) -> !llvm.ptr<6>
// CHECK: %[[O:.+]] = arith.constant 327680 : i32
// CHECK: llvm.getelementptr %arg0[%[[O]]] : (!llvm.ptr<6>, i32) -> !llvm.ptr<6>, i8
func.func @row(%acc: !cute.memref<f32, tmem, align<16>, "(128,256):(65536,1)">) -> !cute.memref<f32, tmem, align<16>, "256:1"> {
  %c = cute.static : !cute.coord<"(5,_)">
  %s = cute.tensor_slice(%acc, %c) : (!cute.memref<f32, tmem, align<16>, "(128,256):(65536,1)">, !cute.coord<"(5,_)">) -> !cute.memref<f32, tmem, align<16>, "256:1">
  return %s : !cute.memref<f32, tmem, align<16>, "256:1">
}

// A tcgen05 accumulator partitioned for its MMA (one thread issues it, so
// the partition is the whole tile: no offset).
// CHECK-LABEL: func.func @mma_c(%arg0: !llvm.ptr<6>, %arg1: i32) -> !llvm.ptr<6>
// CHECK-NEXT: return %arg0
func.func @mma_c(%acc: !cute.memref<f32, tmem, align<16>, "(128,256):(65536,1)">, %t: i32) -> !cute.memref<f32, tmem, align<16>, "((128,256),1,1):((65536,1),0,0)"> {
  %c = cute.mma_partition "C" of #cute.tiled_mma<#cute_nvgpu.tcgen05_mma<kind = f16, m = 128, n = 256, k = 16, a = bf16, b = bf16, c = f32, cta_group = 1, a_src = smem, a_major = k, b_major = k>, #cute.layout<"(1,1,1):(0,0,0)">> (%acc, %t) : (!cute.memref<f32, tmem, align<16>, "(128,256):(65536,1)">, i32) -> !cute.memref<f32, tmem, align<16>, "((128,256),1,1):((65536,1),0,0)">
  return %c : !cute.memref<f32, tmem, align<16>, "((128,256),1,1):((65536,1),0,0)">
}
