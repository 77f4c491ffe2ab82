// RUN: cute-opt %s | FileCheck %s
// RUN: cute-opt %s --mlir-print-op-generic | cute-opt | FileCheck %s
// RUN: cute-opt %s --cute-fold-static | FileCheck %s --check-prefix=FOLD

// cute.tile_to_mma_shape is CuTe's UMMA::tile_to_mma_shape: every result
// type below is what CuTe prints for the same atom and MMA tile shape
// (NVIDIA/cutlass 7107b05, host-compiled; test/unittests/Layout/
// TileToMmaShapeTest.cpp has the printed values). The result type is
// inferred and checked when the op is built, so a wrong layout is an error
// before FileCheck. CuTe's swizzles are in bytes (Sw<3,4,3> is 128 bytes,
// Sw<2,5,2> the 128-byte swizzle with 32-byte atoms); here they are in
// elements: S<3,3,3> on half, S<2,3,2> on float.

// CHECK-LABEL: func.func @umma_atoms
// K-major SW128 (Layout_K_SW128_Atom<half_t>), A of a 128x64 tile of M128 K16.
// CHECK: cute.tile_to_mma_shape(%{{.*}}, %{{.*}}) : (!cute.composed_layout<"S<3,3,3> o 0 o (8,64):(64,1)">, !cute.shape<"((128,16),1,4)">) -> !cute.composed_layout<"S<3,3,3> o 0 o ((128,16),1,4):((64,1),0,16)">
// MN-major SW128, two MMAs along M.
// CHECK: -> !cute.composed_layout<"S<3,3,3> o 0 o (((64,2),(8,2)),2,4):(((1,512),(64,2048)),1024,4096)">
// MN-major 128B_BASE32B on tf32 (Layout_MN_SW128_32B_Atom<float>).
// CHECK: -> !cute.composed_layout<"S<2,3,2> o 0 o (((32,4),(4,2)),1,4):(((1,128),(32,512)),0,1024)">
// K-major SW64, rank 4, K blocks first (CuTe's Step<_2,_1,_3>).
// CHECK: -> !cute.composed_layout<"S<2,3,3> o 0 o ((64,16),2,2,(1,3)):((32,1),2048,16,(0,4096))">
// Interleaved (no swizzle: a plain layout), nested MMA M.
// CHECK: -> !cute.layout<"((128,(8,2)),1,2):((8,(1,1024)),0,2048)">
func.func @umma_atoms(%k128: !cute.composed_layout<"S<3,3,3> o 0 o (8,64):(64,1)">, %mn128: !cute.composed_layout<"S<3,3,3> o 0 o (64,8):(1,64)">, %mn32b: !cute.composed_layout<"S<2,3,2> o 0 o (32,4):(1,32)">, %k64: !cute.composed_layout<"S<2,3,3> o 0 o (8,32):(32,1)">, %ki: !cute.layout<"(8,8):(8,1)">) {
  %s0 = cute.static : !cute.shape<"((128,16),1,4)">
  %0 = cute.tile_to_mma_shape(%k128, %s0) : (!cute.composed_layout<"S<3,3,3> o 0 o (8,64):(64,1)">, !cute.shape<"((128,16),1,4)">) -> !cute.composed_layout<"S<3,3,3> o 0 o ((128,16),1,4):((64,1),0,16)">
  %s1 = cute.static : !cute.shape<"((128,16),2,4)">
  %1 = cute.tile_to_mma_shape(%mn128, %s1) : (!cute.composed_layout<"S<3,3,3> o 0 o (64,8):(1,64)">, !cute.shape<"((128,16),2,4)">) -> !cute.composed_layout<"S<3,3,3> o 0 o (((64,2),(8,2)),2,4):(((1,512),(64,2048)),1024,4096)">
  %s2 = cute.static : !cute.shape<"((128,8),1,4)">
  %2 = cute.tile_to_mma_shape(%mn32b, %s2) : (!cute.composed_layout<"S<2,3,2> o 0 o (32,4):(1,32)">, !cute.shape<"((128,8),1,4)">) -> !cute.composed_layout<"S<2,3,2> o 0 o (((32,4),(4,2)),1,4):(((1,128),(32,512)),0,1024)">
  %s3 = cute.static : !cute.shape<"((64,16),2,2,3)">
  %o3 = cute.static : !cute.int_tuple<"(1,0,2)">
  %3 = cute.tile_to_mma_shape(%k64, %s3, %o3) : (!cute.composed_layout<"S<2,3,3> o 0 o (8,32):(32,1)">, !cute.shape<"((64,16),2,2,3)">, !cute.int_tuple<"(1,0,2)">) -> !cute.composed_layout<"S<2,3,3> o 0 o ((64,16),2,2,(1,3)):((32,1),2048,16,(0,4096))">
  %s4 = cute.static : !cute.shape<"(((64,2),16),1,2)">
  %4 = cute.tile_to_mma_shape(%ki, %s4) : (!cute.layout<"(8,8):(8,1)">, !cute.shape<"(((64,2),16),1,2)">) -> !cute.layout<"((128,(8,2)),1,2):((8,(1,1024)),0,2048)">
  return
}

// A static atom and shape fold to a constant (cute-fold-static).
// FOLD-LABEL: func.func @folds
// FOLD-NOT: cute.tile_to_mma_shape
// FOLD: cute.static : !cute.composed_layout<"S<3,3,3> o 0 o ((128,16),1,4):((64,1),0,16)">
func.func @folds() -> !cute.composed_layout<"S<3,3,3> o 0 o ((128,16),1,4):((64,1),0,16)"> {
  %a = cute.static : !cute.composed_layout<"S<3,3,3> o 0 o (8,64):(64,1)">
  %s = cute.static : !cute.shape<"((128,16),1,4)">
  %0 = cute.tile_to_mma_shape(%a, %s) : (!cute.composed_layout<"S<3,3,3> o 0 o (8,64):(64,1)">, !cute.shape<"((128,16),1,4)">) -> !cute.composed_layout<"S<3,3,3> o 0 o ((128,16),1,4):((64,1),0,16)">
  return %0 : !cute.composed_layout<"S<3,3,3> o 0 o ((128,16),1,4):((64,1),0,16)">
}
