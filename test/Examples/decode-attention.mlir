// examples/decode-attention/kernel.mlir on sm_90a: how the instances read
// the paged cache. The register instances (A = 0) load each block straight
// into registers, all in 16-byte loads (ld.global.v4: a thread's K chunks
// are CK = 16 contiguous e4m3 values, and the e4m3 slot stride is known to
// divide 16 elements, LA = 16); 2 sites (the first block, the next block)
// x (2 K rows x D/4/CK chunks + 4 V rows): 2 x (8 + 4) for bf16, 2 x (4 +
// 4) for e4m3. The cp.async instances
// (bf16cp_d128 A = 1, e4m3cp_d128 A = 3) copy the same bytes into shared
// memory instead: the first A blocks and then each block A ahead, one group
// per block (2 commit sites), wait_group A before a block is read and
// wait_group 0 before the stages become the merge's buffer; no cache
// bytes through ld.global (the 8 ld.global.v4 left in every instance are
// the split merge's workspace reads). Their stages: (A + 1) x 64 x (D + DV) elements
// in a union with the 32 KB merge buffer, 70144 bytes of dynamic shared
// memory in all (3 CTAs per SM fit).
// RUN: rm -rf %t && mkdir -p %t
// RUN: cute-opt %cute_src/examples/decode-attention/kernel.mlir --cute-compile="chip=sm_90a format=ptx output-dir=%t" -o /dev/null
// RUN: for k in decode_bf16_d128 decode_e4m3_d128 decode_bf16cp_d128 decode_e4m3cp_d128; do echo "== $k"; sed -n "/^.visible .entry $k(/,/\/\/ .globl/p" %t/decode_attention.sm_90a.ptx | grep -oE 'cp\.async[.a-z_]*[^;]*|ld\.global\.v[24]' | sed -E 's/\[[^]]*\]//g; s/[[:space:]]+/ /g' | sort | uniq -c; done | FileCheck %s
// RUN: python3 -c "import json,sys; [print(k['name'], k['smem_dynamic']) for k in json.load(open(sys.argv[1]))['kernels']]" %t/decode_attention.sm_90a.json | FileCheck %s --check-prefix=SMEM

// CHECK-LABEL: == decode_bf16_d128
// CHECK-NOT: cp.async
// CHECK: 40 ld.global.v4
// CHECK-LABEL: == decode_e4m3_d128
// CHECK-NOT: cp.async
// CHECK-NOT: ld.global.v2
// CHECK: 24 ld.global.v4
// CHECK-LABEL: == decode_bf16cp_d128
// CHECK-NEXT: 32 cp.async.cg.shared.global , , 16
// CHECK-NEXT: 2 cp.async.commit_group
// CHECK-NEXT: 1 cp.async.wait_group 0
// CHECK-NEXT: 1 cp.async.wait_group 1
// CHECK-NEXT: 8 ld.global.v4
// CHECK-LABEL: == decode_e4m3cp_d128
// CHECK-NEXT: 16 cp.async.cg.shared.global , , 16
// CHECK-NEXT: 2 cp.async.commit_group
// CHECK-NEXT: 1 cp.async.wait_group 0
// CHECK-NEXT: 1 cp.async.wait_group 3
// CHECK-NEXT: 8 ld.global.v4

// SMEM: decode_bf16_d128 0
// SMEM: decode_e4m3_d128 0
// SMEM: decode_bf16cp_d128 70144
// SMEM: decode_e4m3cp_d128 70144
