// cute_nvgpu.counter_arrive: the group's barrier, the leader's
// acq_rel device-scope atomic add (and the reset of a completed count),
// and bar.red.or broadcasting "last" to every thread of the group.
// RUN: cute-opt %s --convert-cute-nvgpu-to-nvvm | FileCheck %s

// CHECK-LABEL: func.func @arrive(
// CHECK: %[[ID:.*]] = arith.constant 2 : i32
// CHECK: %[[TH:.*]] = arith.constant 256 : i32
// CHECK: nvvm.barrier id = %[[ID]] number_of_threads = %[[TH]]
// CHECK: %[[P:.*]] = llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i32
// CHECK: %[[R:.*]] = scf.if %{{.*}} -> (i32) {
// CHECK: %[[A:.*]] = llvm.ptrtoint %[[P]] : !llvm.ptr<1> to i64
// CHECK: %[[OLD:.*]] = llvm.inline_asm has_side_effects asm_dialect = att "atom.acq_rel.gpu.global.add.u32 $0, [$1], $2;", "=r,l,r" %[[A]], %{{.*}} : (i64, i32) -> i32
// CHECK: %[[NEW:.*]] = arith.addi %[[OLD]], %{{.*}} : i32
// CHECK: %[[LAST:.*]] = arith.cmpi eq, %[[NEW]], %{{.*}} : i32
// CHECK: scf.if %[[LAST]] {
// CHECK: llvm.store %{{.*}}, %[[P]] {alignment = 4 : i64} : i32, !llvm.ptr<1>
// CHECK: %[[E:.*]] = arith.extui %[[LAST]] : i1 to i32
// CHECK: scf.yield %[[E]] : i32
// CHECK: } else {
// CHECK: scf.yield %{{.*}} : i32
// CHECK: %[[ANY:.*]] = llvm.inline_asm has_side_effects {{.*}}bar.red.or.pred q, $1, $2, p;{{.*}} "=r,r,r,r" %[[ID]], %[[TH]], %[[R]] : (i32, i32, i32) -> i32
// CHECK: arith.cmpi ne, %[[ANY]], %{{.*}} : i32
func.func @arrive(%c: !cute.ptr<i32, gmem, align<4>>, %tile: i32,
                  %splits: i32, %leader: i1) -> i1 {
  %last = cute_nvgpu.counter_arrive %c[%tile] expected %splits
      leader %leader barrier id = 2, threads = 256 : !cute.ptr<i32, gmem, align<4>>
  return %last : i1
}
