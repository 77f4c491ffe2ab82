// The epilogue-stmatrix example compiles for every chip, and each kernel
// stores its C fragment with one stmatrix per 2 num values of the thread's
// 16-bit fragment and reads it back with as many ldmatrix: the mma.sync
// 2x2 C fragment holds 16 values per thread (4 x2 instructions, plain and
// .trans), the wgmma m64n64 one 32 (4 x4 instructions); sync_a loads the
// mma.sync A fragment (32 values per thread) with 4 ldmatrix.x4 and 4
// ldmatrix.x4.trans and stores no matrix. Every kernel has
// an aligned variant (__aligned16) with the same instructions. No local
// memory: the fragments stay in registers.
// RUN: rm -rf %t && mkdir -p %t
// RUN: for c in sm_90a sm_100a sm_120a; do cute-opt %cute_src/examples/epilogue-stmatrix/kernel.mlir --cute-compile="chip=$c format=ptx output-dir=%t" -o /dev/null || exit 1; done
// RUN: for c in sm_90a sm_100a sm_120a; do for k in sync_rows sync_cols wgmma_rows sync_a; do echo "$c $k"; awk "/\.entry $k\(/,/^}/" %t/epilogue_stmatrix.$c.ptx | grep -o '[ls][td]matrix[.a-z0-9]*' | sort | uniq -c; done; done > %t/forms.txt
// RUN: FileCheck %s < %t/forms.txt
// RUN: not grep -l 'local' %t/epilogue_stmatrix.sm_90a.ptx %t/epilogue_stmatrix.sm_100a.ptx %t/epilogue_stmatrix.sm_120a.ptx

// CHECK: sm_90a sync_rows
// CHECK-NEXT: 4 ldmatrix.sync.aligned.m8n8.x2.shared.b16
// CHECK-NEXT: 4 stmatrix.sync.aligned.m8n8.x2.shared.b16
// CHECK-NEXT: sm_90a sync_cols
// CHECK-NEXT: 4 ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16
// CHECK-NEXT: 4 stmatrix.sync.aligned.m8n8.x2.trans.shared.b16
// CHECK-NEXT: sm_90a wgmma_rows
// CHECK-NEXT: 4 ldmatrix.sync.aligned.m8n8.x4.shared.b16
// CHECK-NEXT: 4 stmatrix.sync.aligned.m8n8.x4.shared.b16
// CHECK-NEXT: sm_90a sync_a
// CHECK-NEXT: 4 ldmatrix.sync.aligned.m8n8.x4.shared.b16
// CHECK-NEXT: 4 ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16
// CHECK-NEXT: sm_100a sync_rows
// CHECK-NEXT: 4 ldmatrix.sync.aligned.m8n8.x2.shared.b16
// CHECK-NEXT: 4 stmatrix.sync.aligned.m8n8.x2.shared.b16
// CHECK-NEXT: sm_100a sync_cols
// CHECK-NEXT: 4 ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16
// CHECK-NEXT: 4 stmatrix.sync.aligned.m8n8.x2.trans.shared.b16
// CHECK-NEXT: sm_100a wgmma_rows
// CHECK-NEXT: 4 ldmatrix.sync.aligned.m8n8.x4.shared.b16
// CHECK-NEXT: 4 stmatrix.sync.aligned.m8n8.x4.shared.b16
// CHECK-NEXT: sm_100a sync_a
// CHECK-NEXT: 4 ldmatrix.sync.aligned.m8n8.x4.shared.b16
// CHECK-NEXT: 4 ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16
// CHECK-NEXT: sm_120a sync_rows
// CHECK-NEXT: 4 ldmatrix.sync.aligned.m8n8.x2.shared.b16
// CHECK-NEXT: 4 stmatrix.sync.aligned.m8n8.x2.shared.b16
// CHECK-NEXT: sm_120a sync_cols
// CHECK-NEXT: 4 ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16
// CHECK-NEXT: 4 stmatrix.sync.aligned.m8n8.x2.trans.shared.b16
// CHECK-NEXT: sm_120a wgmma_rows
// CHECK-NEXT: 4 ldmatrix.sync.aligned.m8n8.x4.shared.b16
// CHECK-NEXT: 4 stmatrix.sync.aligned.m8n8.x4.shared.b16
// CHECK-NEXT: sm_120a sync_a
// CHECK-NEXT: 4 ldmatrix.sync.aligned.m8n8.x4.shared.b16
// CHECK-NEXT: 4 ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16
