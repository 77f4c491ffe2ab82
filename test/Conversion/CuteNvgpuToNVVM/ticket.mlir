// cute_nvgpu.ticket: an acq_rel device-scope atomic add of 1 returns the
// ticket (the value before the add); the thread whose ticket is count - 1
// stores 0, so the next launch starts from a zeroed counter.
// RUN: cute-opt %s --convert-cute-nvgpu-to-nvvm | FileCheck %s

// CHECK-LABEL: func.func @next(
// CHECK-SAME: %{{.*}}: !cute.ptr<i32, gmem, align<4>>, %[[I:.*]]: i32, %[[N:.*]]: i32) -> i32
// CHECK: %[[P:.*]] = llvm.getelementptr %{{.*}}[%[[I]]] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i32
// CHECK: %[[A:.*]] = llvm.ptrtoint %[[P]] : !llvm.ptr<1> to i64
// CHECK: %[[T:.*]] = llvm.inline_asm has_side_effects asm_dialect = att "atom.acq_rel.gpu.global.add.u32 $0, [$1], $2;", "=r,l,r" %[[A]], %{{.*}} : (i64, i32) -> i32
// CHECK: %[[ONE:.*]] = arith.constant 1 : i32
// CHECK: %[[LASTT:.*]] = arith.subi %[[N]], %[[ONE]] : i32
// CHECK: %[[LAST:.*]] = arith.cmpi eq, %[[T]], %[[LASTT]] : i32
// CHECK: scf.if %[[LAST]] {
// CHECK: llvm.store %{{.*}}, %[[P]] {alignment = 4 : i64} : i32, !llvm.ptr<1>
// CHECK: }
// CHECK: return %[[T]] : i32
func.func @next(%c: !cute.ptr<i32, gmem, align<4>>, %i: i32, %n: i32) -> i32 {
  %t = cute_nvgpu.ticket %c[%i] count %n : !cute.ptr<i32, gmem, align<4>>
  return %t : i32
}
