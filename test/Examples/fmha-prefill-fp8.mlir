// REQUIRES: ptxas
// The FP8 attention kernel (examples/fmha-prefill/kernel-sm90-fp8.mlir) in
// PTX: S = Q K^T is wgmma m64n128k32 e4m3 with both operands from shared
// memory (SS), O += P V^T the register-A form (RS: A as four registers)
// reading V^T K-major, D/32 and BN/32 instructions per copy (each emitted
// twice, as in kernel-sm90.mlir); P goes to e4m3 with cvt.rn.satfinite
// (BN/4 pairs per copy), packed two pairs per register. The transposer warps move each 16 x 32
// byte block with one ldmatrix.x4.trans, four prmt (the byte permutes
// 0x6420 and 0x7531 of two registers: the four kv bytes of one D row in
// P's k order) and one stmatrix.x4, then fence the generic proxy's writes
// before the async proxy (wgmma) reads them. Roles: 24 and 240 registers;
// nothing in local memory; ptxas compiles it.
// RUN: rm -rf %t && mkdir -p %t
// RUN: cute-opt %cute_src/examples/fmha-prefill/kernel-sm90-fp8.mlir --cute-compile="chip=sm_90a format=ptx output-dir=%t" -o /dev/null
// RUN: awk '/\.entry /{n=$0; sub(/.*\.entry /,"",n); sub(/\(.*/,"",n); print "KERNEL " n} /wgmma.mma_async|setmaxnreg|prmt|ld.shared.b32|st.shared.b32|fence.proxy.async|cvt.rn.satfinite.e4m3x2|ldmatrix|stmatrix/{print}' %t/fmha_fp8_sm90.sm_90a.ptx | grep -o 'KERNEL .*\|wgmma.mma_async.sync.aligned.m64n[0-9]*k32.f32.e4m3.e4m3 {[^}]*}, [%{]\|setmaxnreg[.a-z]*[^;]*\|prmt.b32[^;]*\|ld.shared.b32\|st.shared.b32\|fence.proxy.async[.a-z:]*\|cvt.rn.satfinite.e4m3x2.f32\|ldmatrix[.a-z0-9]*\|stmatrix[.a-z0-9]*' | sed -E 's/ \{[^}]*\}, \{$/ RS/; s/ \{[^}]*\}, %$/ SS/; s/\t/ /g; s/  */ /g; s/prmt.b32 .*(0x[0-9]+)U/prmt.b32 \1/' | uniq -c > %t/summary.txt
// RUN: FileCheck %s < %t/summary.txt
// RUN: not grep -l 'ld\.local\|st\.local\|\.local ' %t/fmha_fp8_sm90.sm_90a.ptx
// RUN: %ptxas -arch=sm_90a -v %t/fmha_fp8_sm90.sm_90a.ptx -o %t/fp8.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// D = 128 spills nothing; D = 256 (O is 128 f32 registers a thread beside
// S's 64) spills a little around the overlapped softmax (OV=false: 60 / 116
// bytes; which is faster is for the GPU to say).
// PTXAS-DAG: Compiling entry function 'fmha_e4m3_d128'
// PTXAS-DAG: Compiling entry function 'fmha_e4m3_d256'
// PTXAS-DAG: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// PTXAS-DAG: 120 bytes stack frame, 140 bytes spill stores, 232 bytes spill loads

// CHECK-LABEL: KERNEL fmha_e4m3_d128
// CHECK-NEXT: setmaxnreg.dec.sync.aligned.u32 24
// The transposer: the tile index from its slot, then a block's
// ldmatrix.trans, the two byte permutes of each register pair and the
// stmatrix; each thread's fence, then the one that expand-pipelines puts
// before the staging stage's release (the warps read TMA-filled shared
// memory).
// CHECK-NEXT: 1 ld.shared.b32
// CHECK-NEXT: 1 ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16
// CHECK-NEXT: 1 prmt.b32 0x7531
// CHECK-NEXT: 1 prmt.b32 0x6420
// CHECK-NEXT: 1 prmt.b32 0x7531
// CHECK-NEXT: 1 prmt.b32 0x6420
// CHECK-NEXT: 1 stmatrix.sync.aligned.m8n8.x4.shared.b16
// CHECK-NEXT: 2 fence.proxy.async.shared::cta
// CHECK-NEXT: setmaxnreg.inc.sync.aligned.u32 240
// The consumers: P to e4m3 is conversions only (each thread's own values in
// the permuted k order: no prmt, no byte reassembly), 32 pairs per copy.
// CHECK-NOT: prmt
// CHECK: 4 wgmma.mma_async.sync.aligned.m64n128k32.f32.e4m3.e4m3 SS
// CHECK-NEXT: 64 cvt.rn.satfinite.e4m3x2.f32
// CHECK-NEXT: 4 wgmma.mma_async.sync.aligned.m64n128k32.f32.e4m3.e4m3 SS
// CHECK-NEXT: 8 wgmma.mma_async.sync.aligned.m64n128k32.f32.e4m3.e4m3 RS
// CHECK-NOT: prmt
// D = 256: the same transposer step and P conversion; twice the S
// instructions (K = D), P V as m64n256 (N = D).
// CHECK-LABEL: KERNEL fmha_e4m3_d256
// CHECK-NEXT: setmaxnreg.dec.sync.aligned.u32 24
// CHECK-NEXT: 1 ld.shared.b32
// CHECK-NEXT: 1 ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16
// CHECK-COUNT-2: prmt.b32 0x7531
// CHECK: 1 stmatrix.sync.aligned.m8n8.x4.shared.b16
// CHECK: setmaxnreg.inc.sync.aligned.u32 240
// CHECK-NOT: prmt
// CHECK: 8 wgmma.mma_async.sync.aligned.m64n128k32.f32.e4m3.e4m3 SS
// CHECK-NEXT: 64 cvt.rn.satfinite.e4m3x2.f32
// CHECK-NEXT: 8 wgmma.mma_async.sync.aligned.m64n128k32.f32.e4m3.e4m3 SS
// CHECK-NEXT: 8 wgmma.mma_async.sync.aligned.m64n256k32.f32.e4m3.e4m3 RS
// CHECK-NOT: prmt

// The verifier's facts: shared memory, the stage bytes and the counts it
// inferred (the V^T ring: one commit per transposer warp, warps 1-3 of
// the producer warpgroup; released by the 8 consumer warps).
// RUN: cute-opt %cute_src/examples/fmha-prefill/kernel-sm90-fp8.mlir --cute-compile="chip=sm_90a format=ptx output-dir=%t report=true" -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=FACTS
// FACTS: remark: kernel @fmha_e4m3_d128: 384 threads, 115752 bytes of shared memory (static 0 + dynamic 115752) of the 232448 sm_90a allows per block
// FACTS: remark: pipeline %pipeV (tma_async, 2 stages): each stage receives 16384 bytes from its TMA loads (1 box of 16384) = tx_bytes
// FACTS: remark: pipeline %pipeV (tma_async, 2 stages): consumers = 3: 3 threads (one per warp of the warps but 0 of role "producer", warps [0, 4)) release each stage
// FACTS: remark: pipeline %pipeVt (async, 2 stages): consumers = 8: 8 threads (one per warp of role "consumer", warps [4, 12)) release each stage
// FACTS: remark: pipeline %pipeVt (async, 2 stages): producers = 3: 3 threads (one per warp of the warps but 0 of role "producer", warps [0, 4)) commit each stage
// FACTS: remark: pipeline %pipeT (async, 2 stages): consumers = 11: 3 threads (one per warp of the warps but 0 of role "producer", warps [0, 4)) release each stage (11 in all 2 roles)
// D = 256 fills 230440 of the 232448 bytes; V's stage is two boxes (one
// cute.copy of the tile: docs/cute-nvgpu.md).
// FACTS: remark: kernel @fmha_e4m3_d256: 384 threads, 230440 bytes of shared memory (static 0 + dynamic 230440) of the 232448 sm_90a allows per block
// FACTS: remark: pipeline %pipeV (tma_async, 2 stages): each stage receives 32768 bytes from its TMA loads (2 boxes of 16384) = tx_bytes

// Without the transposer's fence the verifier rejects the kernel: its
// generic stores fill V^T, which wgmma (the async proxy) reads in another
// role after a pipeline hand-off (cute-verify-kernel, rule 5b).
// RUN: sed 's|^ *cute_nvgpu.fence_proxy_async$||' %cute_src/examples/fmha-prefill/kernel-sm90-fp8.mlir > %t/nofence.mlir
// RUN: cp %cute_src/examples/fmha-prefill/fmha-common.mlir %cute_src/examples/fmha-prefill/fmha-sm90-common.mlir %t/
// RUN: not cute-opt %t/nofence.mlir --cute-compile="chip=sm_90a format=ptx output-dir=%t/nf" -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=NOFENCE
// NOFENCE: error: cute.copy writes shared memory that the async proxy reads (a TMA store or an MMA operand) with no cute_nvgpu.fence_proxy_async after it in this role
// NOFENCE: note: called from
// NOFENCE: note: the shared memory
