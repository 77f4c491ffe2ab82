// The import example of docs/instances.md ("Sharing helpers between
// sources"): its two files, taken from the doc, compile with each
// instance's BM in the imported helper.
// RUN: rm -rf %t && mkdir -p %t
// RUN: awk '/^<!-- file: /{f=$3} /^```mlir/{if (f) on=1; next} /^```/{on=0; f=""} on{print > ("%t/" f)}' %cute_src/docs/instances.md
// RUN: cute-opt %t/kernel.mlir | FileCheck %s
// CHECK: func.func private @row_tiles_bf16(
// CHECK-NEXT: arith.constant 128 : i32
// CHECK: gpu.func @tiles_bf16(
// CHECK: call @row_tiles_bf16(
// CHECK: func.func private @row_tiles_f16_64(
// CHECK-NEXT: arith.constant 64 : i32
// CHECK: gpu.func @tiles_f16_64(
// CHECK: call @row_tiles_f16_64(
