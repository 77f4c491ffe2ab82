// cute.gemm with the sm_120a block-scaled mma.sync atom -> one
// nvvm.mma.block_scale per (k, m, n) block, k outermost. A and B registers:
// e2m1 packed 8 per b32 for m16n8k64 (one i32 load when the fragment holds
// a register's values consecutively), one 8-bit container per value for
// m16n8k32 (an e2m1 code shifted into bits [2,6)); scale registers: byte j
// = the scale of K block j of the lane's row/column (one i32 or, for 2X,
// i16 load when the fragment holds them consecutively); byte-id and
// thread-id 0; accumulate(%flag) false makes the first k-block start from
// zero.
// RUN: cute-opt %s --convert-cute-nvgpu-to-nvvm -split-input-file | FileCheck %s

// NVFP4: m16n8k64 kind::mxf4nvf4 scale_vec::4X with UE4M3 (written
// f8E4M3FN) per 16 elements; two k-blocks.
// CHECK-LABEL: gpu.func @nvf4_4x(
// CHECK-SAME: %[[FLAG:.*]]: i1)
// CHECK: %[[A:.*]] = builtin.unrealized_conversion_cast %{{.*}} : !cute.memref<f4E2M1FN, rmem, align<16>, "(32,1,2):(1,0,32)"> to !llvm.ptr
// CHECK: %[[B:.*]] = builtin.unrealized_conversion_cast %{{.*}} : !cute.memref<f4E2M1FN, rmem, align<16>, "(16,1,2):(1,0,16)"> to !llvm.ptr
// CHECK: %[[C:.*]] = builtin.unrealized_conversion_cast %{{.*}} : !cute.memref<f32, rmem
// CHECK: %[[SA:.*]] = builtin.unrealized_conversion_cast %{{.*}} : !cute.memref<f8E4M3FN, rmem
// CHECK: %[[SB:.*]] = builtin.unrealized_conversion_cast %{{.*}} : !cute.memref<f8E4M3FN, rmem
// CHECK: %[[Z16:.*]] = arith.constant 0 : i16
// CHECK: %[[A0:.*]] = llvm.load %[[A]] {alignment = 4 : i64} : !llvm.ptr -> i32
// CHECK: %[[A1P:.*]] = llvm.getelementptr %[[A]][4] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK: %[[A1:.*]] = llvm.load %[[A1P]]
// CHECK: %[[A2:.*]] = llvm.load
// CHECK: %[[A3:.*]] = llvm.load
// CHECK: %[[B0:.*]] = llvm.load %[[B]] {alignment = 4 : i64} : !llvm.ptr -> i32
// CHECK: %[[B1:.*]] = llvm.load
// CHECK: %[[C0:.*]] = llvm.load %{{.*}} : !llvm.ptr -> f32
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[C0S:.*]] = arith.select %[[FLAG]], %[[C0]], %[[ZERO]] : f32
// CHECK-COUNT-3: arith.select %[[FLAG]]
// CHECK: %[[S0:.*]] = llvm.load %[[SA]] {alignment = 4 : i64} : !llvm.ptr -> i32
// CHECK: %[[T0:.*]] = llvm.load %[[SB]] {alignment = 4 : i64} : !llvm.ptr -> i32
// CHECK: %[[D:.*]] = nvvm.mma.block_scale A[%[[A0]], %[[A1]], %[[A2]], %[[A3]]] B[%[[B0]], %[[B1]]] C[%[[C0S]], %{{.*}}, %{{.*}}, %{{.*}}] scaleA[%[[S0]], %[[Z16]], %[[Z16]]] scaleB[%[[T0]], %[[Z16]], %[[Z16]]]
// CHECK-SAME: blockScaleFormat = #nvvm.block_scale_format<ue4m3>, kind = #nvvm.block_scale_kind<mxf4nvf4>, multiplicandAPtxType = #nvvm.mma_type<e2m1>, multiplicandBPtxType = #nvvm.mma_type<e2m1>, scaleVecSize = #nvvm.scale_vec_size<x4>, shape = #nvvm.shape<m = 16, n = 8, k = 64>
// CHECK: llvm.extractvalue %[[D]][0]
// The second k-block: A bytes 16.., scales 4.., C accumulated (no select).
// CHECK: llvm.getelementptr %[[A]][16] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK-NOT: arith.select
// CHECK: llvm.getelementptr %[[SA]][4] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK: nvvm.mma.block_scale
// CHECK-NOT: nvvm.mma.block_scale
// CHECK: gpu.return
gpu.module @m {
  gpu.func @nvf4_4x(%flag: i1) kernel {
    %fa = cute.make_fragment() : !cute.memref<f4E2M1FN, rmem, align<16>, "(32,1,2):(1,0,32)">
    %fb = cute.make_fragment() : !cute.memref<f4E2M1FN, rmem, align<16>, "(16,1,2):(1,0,16)">
    %fc = cute.make_fragment() : !cute.memref<f32, rmem, align<16>, "(4,1,1):(1,0,0)">
    %sa = cute.make_fragment() : !cute.memref<f8E4M3FN, rmem, align<4>, "(4,1,2):(1,0,4)">
    %sb = cute.make_fragment() : !cute.memref<f8E4M3FN, rmem, align<4>, "(4,1,2):(1,0,4)">
    cute.gemm #cute_nvgpu.mma_block_scale<m = 16, n = 8, k = 64, a = f4E2M1FN, b = f4E2M1FN, c = f32, sf = f8E4M3FN, vs = 16> (%fa, %fb, %fc) scales(%sa, %sb) accumulate(%flag) : !cute.memref<f4E2M1FN, rmem, align<16>, "(32,1,2):(1,0,32)">, !cute.memref<f4E2M1FN, rmem, align<16>, "(16,1,2):(1,0,16)">, !cute.memref<f32, rmem, align<16>, "(4,1,1):(1,0,0)">, !cute.memref<f8E4M3FN, rmem, align<4>, "(4,1,2):(1,0,4)">, !cute.memref<f8E4M3FN, rmem, align<4>, "(4,1,2):(1,0,4)">
    gpu.return
  }
}

// -----

// MXFP4: m16n8k64 mxf4nvf4 scale_vec::2X with E8M0 per 32, the scales in
// CuTe's per-element view (64 values per lane, the scale of K block j at
// value 32 j: fragment offsets 0 and 1 here, so the two scale bytes are one
// 16-bit load, zero-extended), two blocks along M.
// CHECK-LABEL: gpu.func @mxf4_2x(
// CHECK: %[[SA:.*]] = builtin.unrealized_conversion_cast %{{.*}} : !cute.memref<f8E8M0FNU, rmem, align<2>, "((32,2),2,1):((0,1),2,0)"> to !llvm.ptr
// CHECK: %[[SA0:.*]] = llvm.load %[[SA]] {alignment = 2 : i64} : !llvm.ptr -> i16
// CHECK: %[[SAR:.*]] = llvm.zext %[[SA0]] : i16 to i32
// CHECK: nvvm.mma.block_scale {{.*}} scaleA[%[[SAR]],
// CHECK-SAME: blockScaleFormat = #nvvm.block_scale_format<ue8m0>, kind = #nvvm.block_scale_kind<mxf4nvf4>, {{.*}} scaleVecSize = #nvvm.scale_vec_size<x2>
// CHECK: llvm.getelementptr %[[SA]][2] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK: nvvm.mma.block_scale
gpu.module @m {
  gpu.func @mxf4_2x() kernel {
    %fa = cute.make_fragment() : !cute.memref<f4E2M1FN, rmem, align<16>, "(32,2,1):(1,32,0)">
    %fb = cute.make_fragment() : !cute.memref<f4E2M1FN, rmem, align<8>, "(16,1,1):(1,0,0)">
    %fc = cute.make_fragment() : !cute.memref<f32, rmem, align<16>, "(4,2,1):(1,4,0)">
    %sa0 = cute.make_fragment() : !cute.memref<f8E8M0FNU, rmem, align<2>, "(2,2,1):(1,2,0)">
    %sb0 = cute.make_fragment() : !cute.memref<f8E8M0FNU, rmem, align<2>, "(2,1,1):(1,0,0)">
    %lsa = cute.static : !cute.layout<"((32,2),2,1):((0,1),2,0)">
    %lsb = cute.static : !cute.layout<"((32,2),1,1):((0,1),0,0)">
    %psa = cute.get_iter(%sa0) : !cute.memref<f8E8M0FNU, rmem, align<2>, "(2,2,1):(1,2,0)"> -> !cute.ptr<f8E8M0FNU, rmem, align<2>>
    %psb = cute.get_iter(%sb0) : !cute.memref<f8E8M0FNU, rmem, align<2>, "(2,1,1):(1,0,0)"> -> !cute.ptr<f8E8M0FNU, rmem, align<2>>
    %sa = cute.make_view(%psa, %lsa)
    %sb = cute.make_view(%psb, %lsb)
    cute.gemm #cute_nvgpu.mma_block_scale<m = 16, n = 8, k = 64, a = f4E2M1FN, b = f4E2M1FN, c = f32, sf = f8E8M0FNU, vs = 32> (%fa, %fb, %fc) scales(%sa, %sb) : !cute.memref<f4E2M1FN, rmem, align<16>, "(32,2,1):(1,32,0)">, !cute.memref<f4E2M1FN, rmem, align<8>, "(16,1,1):(1,0,0)">, !cute.memref<f32, rmem, align<16>, "(4,2,1):(1,4,0)">, !cute.memref<f8E8M0FNU, rmem, align<2>, "((32,2),2,1):((0,1),2,0)">, !cute.memref<f8E8M0FNU, rmem, align<2>, "((32,2),1,1):((0,1),0,0)">
    gpu.return
  }
}

// -----

// MXF8F6F4: m16n8k32 scale_vec::1X, e4m3 x e2m1. A's four 8-bit values per
// register load as one i32; B's e2m1 codes go to bits [2,6) of each byte
// (value i at bit 8 i + 2: shifts 2, 10, 18, 26).
// CHECK-LABEL: gpu.func @mxf8f6f4(
// CHECK: %[[B:.*]] = builtin.unrealized_conversion_cast %{{.*}} : !cute.memref<f4E2M1FN, rmem, align<16>, "8:1"> to !llvm.ptr
// CHECK: %[[A0:.*]] = llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr -> i32
// CHECK: %[[BY0:.*]] = llvm.load %[[B]] {alignment = 1 : i64} : !llvm.ptr -> i8
// CHECK: %[[W0:.*]] = llvm.zext %[[BY0]] : i8 to i32
// CHECK: %[[LO0:.*]] = llvm.and %[[W0]], %{{.*}} : i32
// CHECK: %[[C2:.*]] = arith.constant 2 : i32
// CHECK: %[[V0:.*]] = llvm.shl %[[LO0]], %[[C2]] : i32
// CHECK: %[[BY1:.*]] = llvm.load %[[B]] {alignment = 1 : i64} : !llvm.ptr -> i8
// CHECK: %[[W1:.*]] = llvm.zext %[[BY1]] : i8 to i32
// CHECK: %[[C4:.*]] = arith.constant 4 : i32
// CHECK: %[[HI1:.*]] = llvm.lshr %[[W1]], %[[C4]] : i32
// CHECK: %[[LO1:.*]] = llvm.and %[[HI1]], %{{.*}} : i32
// CHECK: %[[C10:.*]] = arith.constant 10 : i32
// CHECK: %[[V1:.*]] = llvm.shl %[[LO1]], %[[C10]] : i32
// CHECK: llvm.or %[[V0]], %[[V1]] : i32
// CHECK: arith.constant 18 : i32
// CHECK: arith.constant 26 : i32
// CHECK: nvvm.mma.block_scale
// CHECK-SAME: blockScaleFormat = #nvvm.block_scale_format<ue8m0>, kind = #nvvm.block_scale_kind<mxf8f6f4>, multiplicandAPtxType = #nvvm.mma_type<e4m3>, multiplicandBPtxType = #nvvm.mma_type<e2m1>, scaleVecSize = #nvvm.scale_vec_size<x1>, shape = #nvvm.shape<m = 16, n = 8, k = 32>
gpu.module @m {
  gpu.func @mxf8f6f4() kernel {
    %fa = cute.make_fragment() : !cute.memref<f8E4M3FN, rmem, align<16>, "16:1">
    %fb = cute.make_fragment() : !cute.memref<f4E2M1FN, rmem, align<16>, "8:1">
    %fc = cute.make_fragment() : !cute.memref<f32, rmem, align<16>, "4:1">
    %sa = cute.make_fragment() : !cute.memref<f8E8M0FNU, rmem, align<1>, "1:1">
    %sb = cute.make_fragment() : !cute.memref<f8E8M0FNU, rmem, align<1>, "1:1">
    cute.gemm #cute_nvgpu.mma_block_scale<m = 16, n = 8, k = 32, a = f8E4M3FN, b = f4E2M1FN, c = f32, sf = f8E8M0FNU, vs = 32> (%fa, %fb, %fc) scales(%sa, %sb) : !cute.memref<f8E4M3FN, rmem, align<16>, "16:1">, !cute.memref<f4E2M1FN, rmem, align<16>, "8:1">, !cute.memref<f32, rmem, align<16>, "4:1">, !cute.memref<f8E8M0FNU, rmem, align<1>, "1:1">, !cute.memref<f8E8M0FNU, rmem, align<1>, "1:1">
    gpu.return
  }
}
