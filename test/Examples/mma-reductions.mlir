// The mma-reductions example compiles for every chip, and each kernel's
// butterfly shuffles are the xor distances of its C layout: per row of
// mma.sync m16n8 and wgmma accumulators the 4 lanes of a quad (xor 1, 2),
// per column the 8 quads (xor 4, 8, 16). Each kernel reduces twice (max,
// add) per row (column) slot: sync_rows and wgmma_rows hold 2 rows per
// thread (4 butterflies), sync_cols 4 columns (8). No local memory.
// RUN: rm -rf %t && mkdir -p %t
// RUN: for c in sm_90a sm_100a sm_120a; do cute-opt %cute_src/examples/mma-reductions/kernel.mlir --cute-compile="chip=$c format=ptx output-dir=%t" -o /dev/null || exit 1; done
// RUN: for c in sm_90a sm_100a sm_120a; do for k in sync_rows sync_cols wgmma_rows; do echo "$c $k"; awk "/\.entry $k\(/,/^}/" %t/mma_reductions.$c.ptx | grep -o 'shfl.sync.bfly.b32.*' | sed 's/.*, \([0-9]*\), 31, -1;/xor \1/' | sort -n -k2 | uniq -c; done; done > %t/xors.txt
// RUN: FileCheck %s < %t/xors.txt
// RUN: not grep -l 'local' %t/mma_reductions.sm_90a.ptx %t/mma_reductions.sm_100a.ptx %t/mma_reductions.sm_120a.ptx

// CHECK: sm_90a sync_rows
// CHECK-NEXT: 4 xor 1
// CHECK-NEXT: 4 xor 2
// CHECK-NEXT: sm_90a sync_cols
// CHECK-NEXT: 8 xor 4
// CHECK-NEXT: 8 xor 8
// CHECK-NEXT: 8 xor 16
// CHECK-NEXT: sm_90a wgmma_rows
// CHECK-NEXT: 4 xor 1
// CHECK-NEXT: 4 xor 2
// CHECK: sm_100a sync_rows
// CHECK-NEXT: 4 xor 1
// CHECK-NEXT: 4 xor 2
// CHECK-NEXT: sm_100a sync_cols
// CHECK-NEXT: 8 xor 4
// CHECK-NEXT: 8 xor 8
// CHECK-NEXT: 8 xor 16
// CHECK-NEXT: sm_100a wgmma_rows
// CHECK-NEXT: 4 xor 1
// CHECK-NEXT: 4 xor 2
// CHECK: sm_120a sync_rows
// CHECK-NEXT: 4 xor 1
// CHECK-NEXT: 4 xor 2
// CHECK-NEXT: sm_120a sync_cols
// CHECK-NEXT: 8 xor 4
// CHECK-NEXT: 8 xor 8
// CHECK-NEXT: 8 xor 16
// CHECK-NEXT: sm_120a wgmma_rows
// CHECK-NEXT: 4 xor 1
// CHECK-NEXT: 4 xor 2
