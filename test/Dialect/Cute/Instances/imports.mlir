// A gpu.module imports helpers from other files (cute.imports): each
// instance parses them with its own arguments (T, BN, and SHIFT, which
// only the imported file declares), transitive imports included, and they
// go before the gpu.module's own ops with the instance's suffix.
// RUN: cute-opt %s | FileCheck %s
// RUN: cute-opt %s --cute-instance=x:T=f16,BN=32,SHIFT=2 | FileCheck %s --check-prefix=SHIFT
// Import directories: a copy elsewhere finds the files only through them
// (tried in order, after the file's own directory).
// RUN: sed 's|Inputs/imports/nested/twice.mlir|twice.mlir|' %s > %t.mlir
// RUN: cute-opt %t.mlir --cute-import-dir=%S --cute-import-dir=%S/Inputs/imports/nested | FileCheck %s --check-prefix=DIR
// RUN: not cute-opt %t.mlir --cute-import-dir=%S 2>&1 | FileCheck %s --check-prefix=NODIR

!T = !cute.param<"T", bf16>
#BN = #cute.param<"BN", 128 : i32>
!sv = !cute.vec<"BN/2", f32>
!hv = !cute.vec<"BN/2", !T>
module attributes {gpu.container_module,
    cute.instances = ["a:T=bf16,BN=128", "b:T=f16,BN=64"]} {
  gpu.module @m attributes {cute.imports = ["Inputs/imports/common.mlir", "Inputs/imports/nested/twice.mlir"]} {
    gpu.func @k(%x: !sv, %out: !cute.ptr<i32, gmem, align<4>>) kernel {
      %h = func.call @half_tile() : () -> i32
      %r = func.call @round(%x) : (!sv) -> !hv
      %t = func.call @twice(%h) : (i32) -> i32
      gpu.return
    }
  }
}
// CHECK-LABEL: gpu.module @m {
// CHECK-NEXT: func.func private @twice_a(%{{.*}}: i32) -> i32
// CHECK: func.func private @half_tile_a() -> i32
// CHECK-NEXT: arith.constant 128 : i32
// CHECK-NEXT: arith.constant 1 : i32
// CHECK: call @twice_a(
// CHECK: func.func private @round_a(%{{.*}}: vector<64xf32>) -> vector<64xbf16>
// CHECK: gpu.func @k_a(%{{.*}}: vector<64xf32>
// CHECK: call @half_tile_a()
// CHECK: call @round_a(
// CHECK: call @twice_a(
// CHECK: func.func private @twice_b(
// CHECK: func.func private @half_tile_b() -> i32
// CHECK-NEXT: arith.constant 64 : i32
// CHECK: func.func private @round_b(%{{.*}}: vector<32xf32>) -> vector<32xf16>
// CHECK: gpu.func @k_b(%{{.*}}: vector<32xf32>
// CHECK-NOT: cute.imports
// CHECK-NOT: func.func private @twice

// SHIFT: func.func private @twice_x(
// SHIFT: func.func private @half_tile_x() -> i32
// SHIFT-NEXT: arith.constant 32 : i32
// SHIFT-NEXT: arith.constant 2 : i32
// SHIFT: func.func private @round_x(%{{.*}}: vector<16xf32>) -> vector<16xf16>
// SHIFT-NOT: func.func

// DIR: func.func private @twice_a(
// DIR: gpu.func @k_a(

// NODIR: error: gpu.module @m imports 'twice.mlir', which is in none of the directories searched: {{.*}}Output {{.*}}Instances{{$}}
