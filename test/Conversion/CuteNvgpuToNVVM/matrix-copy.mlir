// convert-cute-nvgpu-to-nvvm of cute.copy with the stmatrix/ldmatrix
// atoms: one nvvm.stmatrix / nvvm.ldmatrix per instruction. Hand
// derivation of the first case (the wgmma m64n64 C partitions of
// test/Dialect/CuteNvgpu/matrix-copy.mlir): the smem part
// ((8,4),1,1):((1,16),0,0) puts instruction i's row at element 16 i, i.e.
// byte 32 i (0, 32, 64, 96); the tile's S<3,3,3> on 2-byte elements acts on
// the byte address as S<3,4,3>: a ^ ((a & 0x380) >> 3) (896 = 7 << 7).
// Register j of instruction i packs fragment elements 8i + 2j (low half)
// and 8i + 2j + 1 (high half). ldmatrix.trans (layout col) unpacks its
// registers the same way; rows at elements 0 and 64 (bytes 0, 128), no
// swizzle: the first address is the iterator itself.
// RUN: cute-opt %s --convert-cute-nvgpu-to-nvvm | FileCheck %s
// RUN: cute-opt %s --convert-cute-nvgpu-to-nvvm --convert-cute-to-llvm --reconcile-unrealized-casts | FileCheck %s --check-prefix=LLVM

// CHECK-LABEL: func.func @stsm_x4(
// CHECK: %[[F:.+]] = builtin.unrealized_conversion_cast %arg0 : {{.*}} to !llvm.ptr
// CHECK: %[[S:.+]] = builtin.unrealized_conversion_cast %arg1 : {{.*}} to !llvm.ptr<3>
// CHECK: %[[A0:.+]] = llvm.ptrtoint %[[S]] : !llvm.ptr<3> to i32
// CHECK: %[[M0:.+]] = arith.constant 896 : i32
// CHECK: %[[H0:.+]] = arith.andi %[[A0]], %[[M0]] : i32
// CHECK: %[[T0:.+]] = arith.constant 3 : i32
// CHECK: %[[X0:.+]] = arith.shrui %[[H0]], %[[T0]] : i32
// CHECK: %[[W0:.+]] = arith.xori %[[A0]], %[[X0]] : i32
// CHECK: %[[P0:.+]] = llvm.inttoptr %[[W0]] : i32 to !llvm.ptr<3>
// CHECK: llvm.getelementptr %[[F]][0] : (!llvm.ptr) -> !llvm.ptr, i16
// CHECK: %[[LO:.+]] = arith.extui %{{.+}} : i16 to i32
// CHECK: llvm.getelementptr %[[F]][1] : (!llvm.ptr) -> !llvm.ptr, i16
// CHECK: %[[HI:.+]] = arith.extui %{{.+}} : i16 to i32
// CHECK: %[[SH:.+]] = arith.shli %[[HI]], %{{.+}} : i32
// CHECK: %[[R0:.+]] = arith.ori %[[LO]], %[[SH]] : i32
// CHECK: llvm.getelementptr %[[F]][2]
// CHECK: llvm.getelementptr %[[F]][3]
// CHECK: %[[R1:.+]] = arith.ori
// CHECK: llvm.getelementptr %[[F]][4]
// CHECK: llvm.getelementptr %[[F]][5]
// CHECK: %[[R2:.+]] = arith.ori
// CHECK: llvm.getelementptr %[[F]][6]
// CHECK: llvm.getelementptr %[[F]][7]
// CHECK: %[[R3:.+]] = arith.ori
// CHECK: nvvm.stmatrix %[[P0]], %[[R0]], %[[R1]], %[[R2]], %[[R3]] {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>} : !llvm.ptr<3>, i32, i32, i32, i32
// CHECK: %[[A1:.+]] = llvm.ptrtoint %[[S]] : !llvm.ptr<3> to i32
// CHECK: %[[B1:.+]] = arith.constant 32 : i32
// CHECK: %[[S1:.+]] = arith.addi %[[A1]], %[[B1]] : i32
// CHECK: arith.andi %[[S1]], %{{.+}} : i32
// CHECK: llvm.getelementptr %[[F]][8]
// CHECK: nvvm.stmatrix
// CHECK: arith.constant 64 : i32
// CHECK: llvm.getelementptr %[[F]][16]
// CHECK: nvvm.stmatrix
// CHECK: arith.constant 96 : i32
// CHECK: llvm.getelementptr %[[F]][24]
// CHECK: llvm.getelementptr %[[F]][31]
// CHECK: nvvm.stmatrix
// CHECK-NOT: nvvm.stmatrix
// CHECK: return
// LLVM-LABEL: func.func @stsm_x4(%arg0: !llvm.ptr, %arg1: !llvm.ptr<3>)
// LLVM-COUNT-4: nvvm.stmatrix
// LLVM-NOT: unrealized_conversion_cast
func.func @stsm_x4(%r: !cute.memref<bf16, rmem, align<16>, "((8,4),1,1):((1,8),0,0)">, %s: !cute.memref<bf16, smem, align<16>, S<3,3,3>, "((8,4),1,1):((1,16),0,0)">) {
  cute.copy(%r, %s) {atom = #cute_nvgpu.stmatrix<num = 4>}
  return
}

// CHECK-LABEL: func.func @ldsm_t_x2(
// CHECK: %[[F:.+]] = builtin.unrealized_conversion_cast %arg1 : {{.*}} to !llvm.ptr
// CHECK: %[[S:.+]] = builtin.unrealized_conversion_cast %arg0 : {{.*}} to !llvm.ptr<3>
// CHECK: %[[L0:.+]] = nvvm.ldmatrix %[[S]] {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<col>, num = 2 : i32, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>} : (!llvm.ptr<3>) -> !llvm.struct<(i32, i32)>
// CHECK: %[[R0:.+]] = llvm.extractvalue %[[L0]][0]
// CHECK: %[[E0:.+]] = arith.trunci %[[R0]] : i32 to i16
// CHECK: %[[G0:.+]] = llvm.getelementptr %[[F]][0]
// CHECK: llvm.store %[[E0]], %[[G0]]
// CHECK: %[[U0:.+]] = arith.shrui %[[R0]], %{{.+}} : i32
// CHECK: %[[E1:.+]] = arith.trunci %[[U0]] : i32 to i16
// CHECK: %[[G1:.+]] = llvm.getelementptr %[[F]][1]
// CHECK: llvm.store %[[E1]], %[[G1]]
// CHECK: llvm.extractvalue %[[L0]][1]
// CHECK: llvm.getelementptr %[[F]][3]
// CHECK: arith.constant 128 : i32
// CHECK: nvvm.ldmatrix %{{.+}} {{{.*}}layout = #nvvm.mma_layout<col>, num = 2 : i32
// CHECK: llvm.getelementptr %[[F]][7]
func.func @ldsm_t_x2(%s: !cute.memref<bf16, smem, align<16>, "((8,1),2):((1,0),64)">, %r: !cute.memref<bf16, rmem, align<16>, "((4,1),2):((1,0),4)">) {
  cute.copy(%s, %r) {atom = #cute_nvgpu.ldmatrix<num = 2, trans = true>}
  return
}
