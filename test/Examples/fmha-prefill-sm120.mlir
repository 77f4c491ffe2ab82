// The fmha-prefill example's mma.sync kernel (examples/fmha-prefill/
// kernel-sm120.mlir) in sm_120a PTX, per kernel: TMA loads of Q, K and V
// (2-D boxes of 64 columns, D/64 each), Q's A fragment by ldmatrix x4,
// K's B fragment by ldmatrix x2 and V's by ldmatrix x2.trans (V is N-major
// for P V), and mma.sync
// m16n8k16 for S = Q K^T (8 n8 atoms x D/16 k blocks) and O += P V (D/8
// atoms x 4 k blocks): 64 at D = 64, 128 at D = 128. No wgmma, tcgen05 or
// local memory.
// RUN: rm -rf %t && mkdir -p %t
// RUN: cute-opt %cute_src/examples/fmha-prefill/kernel-sm120.mlir --cute-compile="chip=sm_120a format=ptx output-dir=%t" -o /dev/null
// RUN: awk '/\.entry /{n=$0; sub(/.*\.entry /,"",n); sub(/\(.*/,"",n); print "KERNEL " n} /mma.sync|ldmatrix|cp.async.bulk.tensor/{print}' %t/fmha_sm120.sm_120a.ptx | grep -o 'KERNEL .*\|mma.sync.aligned.m16n8k16[.a-z0-9]*\|ldmatrix.sync.aligned[.a-z0-9:]*\|cp.async.bulk.tensor.[0-9]d' | awk '/^KERNEL/{if(k)for(x in c)print k, c[x], x; k=$2; delete c; next} {c[$0]++} END{for(x in c)print k, c[x], x}' | sort > %t/summary.txt
// RUN: FileCheck %s < %t/summary.txt
// RUN: not grep -l 'wgmma\|tcgen05\|ld\.local\|st\.local' %t/fmha_sm120.sm_120a.ptx

// CHECK: fmha_mma_bf16_d128 128 mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32
// CHECK-NEXT: fmha_mma_bf16_d128 6 cp.async.bulk.tensor.2d
// CHECK-NEXT: fmha_mma_bf16_d128 64 ldmatrix.sync.aligned.m8n8.x2.shared.b16
// CHECK-NEXT: fmha_mma_bf16_d128 64 ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16
// CHECK-NEXT: fmha_mma_bf16_d128 8 ldmatrix.sync.aligned.m8n8.x4.shared.b16
// CHECK-NEXT: fmha_mma_bf16_d64 3 cp.async.bulk.tensor.2d
// CHECK-NEXT: fmha_mma_bf16_d64 32 ldmatrix.sync.aligned.m8n8.x2.shared.b16
// CHECK-NEXT: fmha_mma_bf16_d64 32 ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16
// CHECK-NEXT: fmha_mma_bf16_d64 4 ldmatrix.sync.aligned.m8n8.x4.shared.b16
// CHECK-NEXT: fmha_mma_bf16_d64 64 mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32
// CHECK-NEXT: fmha_mma_f16_d128 128 mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// CHECK: fmha_mma_f16_d64 64 mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32

// The verifier's facts for the D = 128 instance on sm_120a: 82944 bytes of
// the 101376 per block (Q 16 KB, K and V 2 x 16 KB each, barriers), each
// stage 16384 bytes of TMA (2 boxes of 64 x 64), released by the 4
// consumer warps. D = 256 would need 160 KB: rejected at compile time.
// RUN: cute-opt %cute_src/examples/fmha-prefill/kernel-sm120.mlir --cute-instance=bf16_d128:T=bf16,D=128 --cute-compile="chip=sm_120a format=ptx output-dir=%t report=true" -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=FACTS
// FACTS: remark: kernel @fmha_mma_bf16_d128: 160 threads, 82944 bytes of shared memory (static 0 + dynamic 82944) of the 101376 sm_120a allows per block
// FACTS: remark: pipeline %pipeQ (tma_async, 1 stage): each stage receives 16384 bytes from its TMA loads (2 boxes of 8192) = tx_bytes
// FACTS: remark: pipeline %pipeQ (tma_async, 1 stage): consumers = 4: 4 threads (one per warp of role "consumer", warps [1, 5)) release each stage
// FACTS: remark: pipeline %pipeK (tma_async, 2 stages): each stage receives 16384 bytes from its TMA loads (2 boxes of 8192) = tx_bytes
// FACTS: remark: pipeline %pipeV (tma_async, 2 stages): consumers = 4: 4 threads (one per warp of role "consumer", warps [1, 5)) release each stage
// RUN: not cute-opt %cute_src/examples/fmha-prefill/kernel-sm120.mlir --cute-instance=bf16_d256:T=bf16,D=256 --cute-compile="chip=sm_120a format=ptx output-dir=%t" -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=D256
// D256: error: kernel @fmha_mma_bf16_d256 uses {{[0-9]+}} bytes of shared memory (static 0 + dynamic {{[0-9]+}}); sm_120a allows at most 101376 bytes per block
