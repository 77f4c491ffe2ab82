// The fmha-prefill example's tcgen05 kernel (examples/fmha-prefill/
// kernel-sm100.mlir, FA4-style: S, P and O in Tensor Memory, two 128-row q
// halves per CTA, a softmax warpgroup per half and a correction warpgroup)
// in sm_100a PTX, per kernel: S_i = Q_i K^T as tcgen05.mma with both
// operands from shared memory (descriptors: `[d], %rd`), D/16 k16 blocks
// at each of its four issue sites (both halves' first S and S_i(n + 1) in
// the loop); O_i += P_i V as tcgen05.mma with A = P_i from Tensor Memory
// (`[d], [a]`, the TS form), 8 k16 blocks of the 128 kv rows at each of two
// sites; tcgen05.ld/st 32x32b.x32 only (x128 does not compile at the 128
// registers a thread of a 512-thread block has at entry): per half the S
// row in 4 loads, P in 2 stores, the correction's D/32 loads and stores
// and the epilogue's D/32 loads; Q (two halves), K, V loaded by 2-D TMA
// boxes of 64 columns (D/64 each), O stored by 2-D TMA boxes of 128 x 64
// (D/64 per half, issued by the epilogue warp 14). No wgmma, mma.sync or
// local memory; setmaxnreg: the MMA/load/epilogue warpgroup 80, the
// correction warpgroup 96, the softmax warpgroups 168 (65536 in all).
// RUN: rm -rf %t && mkdir -p %t
// RUN: cute-opt %cute_src/examples/fmha-prefill/kernel-sm100.mlir --cute-compile="chip=sm_100a format=ptx output-dir=%t" -o /dev/null
// RUN: awk '/\.entry /{n=$0; sub(/.*\.entry /,"",n); sub(/\(.*/,"",n); print "KERNEL " n} /tcgen05\.(mma|ld|st)|cp.async.bulk.tensor/{print}' %t/fmha_sm100.sm_100a.ptx | sed -E 's/%rd?[0-9]+/%r/g' | grep -o 'KERNEL .*\|tcgen05\.mma[.a-z0-9:_]* \[%r\], \[\?%r\]\?\|tcgen05\.[ls][dt]\.sync\.aligned\.32x32b\.x[0-9]*\|cp.async.bulk.tensor.[0-9]d.[a-z]*.[a-z:]*' | awk '/^KERNEL/{if(k)for(x in c)print k, c[x], x; k=$2; delete c; next} {c[$0]++} END{for(x in c)print k, c[x], x}' | sort > %t/summary.txt
// RUN: FileCheck %s < %t/summary.txt
// RUN: not grep -l 'wgmma\|mma\.sync\|ld\.local\|st\.local' %t/fmha_sm100.sm_100a.ptx
// O of a half that ends past seq_q (the sequence's last) goes out row by
// row as 16-byte stores (the row offset is declared a multiple of 8
// elements): D/8 per row per half, 96 over the four kernels, no 16-bit
// stores. A full half is written to the staging ring as 16-byte shared
// stores (D/8 per row per half: 96), fenced for the async proxy once per
// 128 x 64 stage (12), and TMA-stored by one thread, which waits until
// each store has read its stage (12 bulk groups, 12 wait_group.read) and
// at the end until all are written (4).
// RUN: grep -c 'st.global.v4' %t/fmha_sm100.sm_100a.ptx | FileCheck %s --check-prefix=V4
// RUN: grep -c 'st.shared.v4' %t/fmha_sm100.sm_100a.ptx | FileCheck %s --check-prefix=V4
// RUN: not grep -q 'st.global.b16' %t/fmha_sm100.sm_100a.ptx
// RUN: grep -c 'fence.proxy.async.shared::cta' %t/fmha_sm100.sm_100a.ptx | FileCheck %s --check-prefix=TWELVE
// RUN: grep -c 'cp.async.bulk.commit_group' %t/fmha_sm100.sm_100a.ptx | FileCheck %s --check-prefix=TWELVE
// RUN: grep -c 'cp.async.bulk.wait_group.read' %t/fmha_sm100.sm_100a.ptx | FileCheck %s --check-prefix=TWELVE
// RUN: grep -cP 'cp.async.bulk.wait_group \t0;' %t/fmha_sm100.sm_100a.ptx | FileCheck %s --check-prefix=FOUR
// V4: 96
// TWELVE: 12
// RUN: grep -c 'setmaxnreg.dec.sync.aligned.u32 	80;' %t/fmha_sm100.sm_100a.ptx | FileCheck %s --check-prefix=FOUR
// RUN: grep -c 'setmaxnreg.dec.sync.aligned.u32 	96;' %t/fmha_sm100.sm_100a.ptx | FileCheck %s --check-prefix=FOUR
// RUN: grep -c 'setmaxnreg.inc.sync.aligned.u32 	168;' %t/fmha_sm100.sm_100a.ptx | FileCheck %s --check-prefix=EIGHT
// FOUR: 4
// EIGHT: 8
// The softmax's exp2 (EXP2POLY = 8 of every 32 columns from fmha-exp2.mlir's
// cubic on the FMA pipe): per kernel 2 x (96 + 1) ex2.approx (P's MUFU
// columns per half, alpha), 776 in the four; the 64 polynomial values per
// kernel as 32 column pairs x 3 packed FMAs (384 in the four) and one
// exponent shift by 23 each (256). With EXP2POLY = 0 the PTX is that of
// the MUFU-only kernel: 4 x 258 ex2.approx, no packed FMA.
// RUN: grep -c 'ex2.approx.ftz.f32' %t/fmha_sm100.sm_100a.ptx | FileCheck %s --check-prefix=EX2
// RUN: grep -c 'fma.rn.ftz.f32x2' %t/fmha_sm100.sm_100a.ptx | FileCheck %s --check-prefix=FMA2
// RUN: grep -cP 'shl.b32 \t%r\d+, %r\d+, 23;' %t/fmha_sm100.sm_100a.ptx | FileCheck %s --check-prefix=SHIFT
// RUN: rm -rf %t.mufu && mkdir -p %t.mufu
// RUN: cute-opt %cute_src/examples/fmha-prefill/kernel-sm100.mlir --cute-instance=bf16_d64:T=bf16,D=64,EXP2POLY=0 --cute-instance=bf16_d128:T=bf16,D=128,EXP2POLY=0 --cute-instance=f16_d64:T=f16,D=64,EXP2POLY=0 --cute-instance=f16_d128:T=f16,D=128,EXP2POLY=0 --cute-compile="chip=sm_100a format=ptx output-dir=%t.mufu" -o /dev/null
// RUN: grep -c 'ex2.approx.ftz.f32' %t.mufu/fmha_sm100.sm_100a.ptx | FileCheck %s --check-prefix=EX2MUFU
// RUN: not grep -q 'fma.rn.ftz.f32x2' %t.mufu/fmha_sm100.sm_100a.ptx
// EX2: 776
// FMA2: 384
// SHIFT: 256
// EX2MUFU: 1032

// CHECK: fmha_tc_bf16_d128 12 tcgen05.st.sync.aligned.32x32b.x32
// CHECK-NEXT: fmha_tc_bf16_d128 16 tcgen05.mma.cta_group::1.kind::f16.collector::a::discard [%r], [%r]
// CHECK-NEXT: fmha_tc_bf16_d128 24 tcgen05.ld.sync.aligned.32x32b.x32
// CHECK-NEXT: fmha_tc_bf16_d128 32 tcgen05.mma.cta_group::1.kind::f16.collector::a::discard [%r], %r
// CHECK-NEXT: fmha_tc_bf16_d128 4 cp.async.bulk.tensor.2d.global.shared::cta
// CHECK-NEXT: fmha_tc_bf16_d128 8 cp.async.bulk.tensor.2d.shared::cta
// CHECK-NEXT: fmha_tc_bf16_d64 16 tcgen05.ld.sync.aligned.32x32b.x32
// CHECK-NEXT: fmha_tc_bf16_d64 16 tcgen05.mma.cta_group::1.kind::f16.collector::a::discard [%r], %r
// CHECK-NEXT: fmha_tc_bf16_d64 16 tcgen05.mma.cta_group::1.kind::f16.collector::a::discard [%r], [%r]
// CHECK-NEXT: fmha_tc_bf16_d64 2 cp.async.bulk.tensor.2d.global.shared::cta
// CHECK-NEXT: fmha_tc_bf16_d64 4 cp.async.bulk.tensor.2d.shared::cta
// CHECK-NEXT: fmha_tc_bf16_d64 8 tcgen05.st.sync.aligned.32x32b.x32
// CHECK: fmha_tc_f16_d128 16 tcgen05.mma.cta_group::1.kind::f16.collector::a::discard [%r], [%r]
// CHECK: fmha_tc_f16_d64 16 tcgen05.mma.cta_group::1.kind::f16.collector::a::discard [%r], [%r]

// The verifier's facts for the D = 128 instance: 512 threads (softmax
// warpgroups 0 and 1, correction warpgroup 2, MMA warp 12, load warp 13
// and epilogue warp 14 of warpgroup 3), 232448 bytes of shared memory,
// exactly sm_100a's limit (two Q halves of 32 KB, K and V 2 x 32 KB each,
// the O staging ring of 2 x 16 KB, the row statistics, barriers), all 512 TMEM
// columns (O_0, S_0, S_1, O_1), a Q stage of 65536 bytes (4 boxes of
// 128 x 64) and K/V stages of 32768 bytes, released by the MMA thread's
// tcgen05.commit (one thread of warp 12); per half, S released and P
// committed by its 4 softmax warps, the statistics passed from them to the
// 4 correction warps, P V done released by the correction warps; the O
// staging ring filled by the 4 correction warps and freed by one thread of
// warp 14.
// RUN: cute-opt %cute_src/examples/fmha-prefill/kernel-sm100.mlir --cute-instance=bf16_d128:T=bf16,D=128 --cute-compile="chip=sm_100a format=ptx output-dir=%t report=true" -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=FACTS
// FACTS: remark: kernel @fmha_tc_bf16_d128: 512 threads, 232448 bytes of shared memory (static 0 + dynamic 232448) of the 232448 sm_100a allows per block
// FACTS: remark: kernel @fmha_tc_bf16_d128: Tensor Memory 512 of 512 columns: 512 at
// FACTS: remark: pipeline %pipeQ (tma_umma, 1 stage): each stage receives 65536 bytes from its TMA loads (4 boxes of 16384) = tx_bytes
// FACTS: remark: pipeline %pipeQ (tma_umma, 1 stage): consumers = 1: 1 threads (one thread of warp 12 of role "producer", warps [12, 16)) release each stage
// FACTS: remark: pipeline %pipeK (tma_umma, 2 stages): each stage receives 32768 bytes from its TMA loads (2 boxes of 16384) = tx_bytes
// FACTS: remark: pipeline %pipeK (tma_umma, 2 stages): consumers = 1: 1 threads (one thread of warp 12 of role "producer", warps [12, 16)) release each stage
// FACTS: remark: pipeline %pipeV (tma_umma, 2 stages): each stage receives 32768 bytes from its TMA loads (2 boxes of 16384) = tx_bytes
// FACTS: remark: pipeline %pipeV (tma_umma, 2 stages): consumers = 1: 1 threads (one thread of warp 12 of role "producer", warps [12, 16)) release each stage
// FACTS: remark: pipeline %pipeS0 (umma_async, 1 stage): consumers = 4: 4 threads (one per warp of role "softmax0", warps [0, 4)) release each stage
// FACTS: remark: pipeline %pipeS0 (umma_async, 1 stage): producers = 1: 1 threads (one thread of warp 12 of role "producer", warps [12, 16)) commit each stage
// FACTS: remark: pipeline %pipeS1 (umma_async, 1 stage): consumers = 4: 4 threads (one per warp of role "softmax1", warps [4, 8)) release each stage
// FACTS: remark: pipeline %pipeP0 (async, 1 stage): consumers = 1: 1 threads (one thread of warp 12 of role "producer", warps [12, 16)) release each stage
// FACTS: remark: pipeline %pipeP0 (async, 1 stage): producers = 4: 4 threads (one per warp of role "softmax0", warps [0, 4)) commit each stage
// FACTS: remark: pipeline %pipeP1 (async, 1 stage): producers = 4: 4 threads (one per warp of role "softmax1", warps [4, 8)) commit each stage
// FACTS: remark: pipeline %pipeO0 (umma_async, 1 stage): consumers = 4: 4 threads (one per warp of role "correction", warps [8, 12)) release each stage
// FACTS: remark: pipeline %pipeO1 (umma_async, 1 stage): producers = 1: 1 threads (one thread of warp 12 of role "producer", warps [12, 16)) commit each stage
// FACTS: remark: pipeline %pipeT0 (async, 1 stage): consumers = 4: 4 threads (one per warp of role "correction", warps [8, 12)) release each stage
// FACTS: remark: pipeline %pipeT1 (async, 1 stage): producers = 4: 4 threads (one per warp of role "softmax1", warps [4, 8)) commit each stage
// FACTS: remark: pipeline %pipeE (async, 2 stages): consumers = 1: 1 threads (one thread of warp 14 of role "producer", warps [12, 16)) release each stage
// FACTS: remark: pipeline %pipeE (async, 2 stages): producers = 4: 4 threads (one per warp of role "correction", warps [8, 12)) commit each stage
// RUN: cute-opt %cute_src/examples/fmha-prefill/kernel-sm100.mlir --cute-instance=f16_d64:T=f16,D=64 --cute-compile="chip=sm_100a format=ptx output-dir=%t report=true" -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=FACTS64
// FACTS64: remark: kernel @fmha_tc_f16_d64: 512 threads, 134144 bytes of shared memory (static 0 + dynamic 134144) of the 232448 sm_100a allows per block
// FACTS64: remark: pipeline %pipeQ (tma_umma, 1 stage): each stage receives 32768 bytes from its TMA loads (2 boxes of 16384) = tx_bytes
// FACTS64: remark: pipeline %pipeK (tma_umma, 2 stages): each stage receives 16384 bytes from its TMA loads (1 box of 16384) = tx_bytes

// The kernel is for sm_100a only (Tensor Memory).
// RUN: not cute-opt %cute_src/examples/fmha-prefill/kernel-sm100.mlir --cute-instance=bf16_d64:T=bf16,D=64 --cute-compile="chip=sm_90a format=ptx output-dir=%t" -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=SM90
// SM90: error: {{.*}}needs Tensor Memory, which sm_90a lacks
