// The fmha-prefill example (examples/fmha-prefill/kernel-sm90.mlir, six
// instances) in PTX, per kernel: S = Q K^T is wgmma m64nBNk16 with both
// operands from shared memory (SS: A and B descriptors) and O += P V the
// register-A form (RS: A as four registers) of m64nDk16, each emitted twice
// (a tile's first S and its loop; the loop's P V and the last one): D/16 S
// and BN/16 P V instructions per copy. The ping-pong turns are named
// barriers 1 and 2 (bar.sync by register id, bar.arrive), the roles set
// their register counts (24 producer, 240 consumers; D = 64: 32 and 160),
// and nothing lives in local memory in the PTX (no indexed fragments).
// RUN: rm -rf %t && mkdir -p %t
// RUN: cute-opt %cute_src/examples/fmha-prefill/kernel-sm90.mlir --cute-compile="chip=sm_90a format=ptx output-dir=%t" -o /dev/null
// RUN: awk '/\.entry /{n=$0; sub(/.*\.entry /,"",n); sub(/\(.*/,"",n); print "KERNEL " n} /wgmma.mma_async|bar\.arrive|bar\.sync|setmaxnreg/{print}' %t/fmha_sm90.sm_90a.ptx | grep -o 'KERNEL .*\|wgmma.mma_async.sync.aligned.m64n[0-9]*k16.f32.[a-z0-9]*.[a-z0-9]* {[^}]*}, [%{]\|bar\.arrive [%r0-9]*, [0-9]*\|bar\.sync[^;]*\|setmaxnreg[.a-z]*[^;]*' | sed -E 's/ \{[^}]*\}, \{$/ RS/; s/ \{[^}]*\}, %$/ SS/; s/\t/ /g; s/  */ /g' | uniq -c > %t/summary.txt
// RUN: FileCheck %s < %t/summary.txt
// RUN: not grep -l 'ld\.local\|st\.local\|\.local ' %t/fmha_sm90.sm_90a.ptx

// The order in each kernel: warpgroup 1 opens warpgroup 0's first turn;
// a tile's first S in a turn, handed over; the loop's turn (S, then P V),
// handed over; the last P V; warpgroup 0's final wait on barrier 1.
// D = 64 runs three consumer warpgroups (WG = 3, 192-row q tiles, FA3's
// configuration) with BN = 128: 32 registers for the producer, 160 for
// the consumers; the turns go round three warpgroups, two at a barrier.
// CHECK-LABEL: KERNEL fmha_bf16_d64
// CHECK: setmaxnreg.dec.sync.aligned.u32 32
// CHECK-NEXT: setmaxnreg.inc.sync.aligned.u32 160
// CHECK-NEXT: 1 bar.arrive 1, 256
// CHECK-NEXT: 1 bar.sync %r[[ID:[0-9]+]], 256
// CHECK-NEXT: 4 wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16 SS
// CHECK-NEXT: 1 bar.arrive %r[[OTHER:[0-9]+]], 256
// CHECK-NEXT: 1 bar.sync %r[[ID]], 256
// CHECK-NEXT: 4 wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16 SS
// CHECK-NEXT: 8 wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16 RS
// CHECK-NEXT: 1 bar.arrive %r[[OTHER]], 256
// CHECK-NEXT: 8 wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16 RS
// CHECK-NEXT: 1 bar.sync 1, 256
// CHECK-LABEL: KERNEL fmha_bf16_d128
// CHECK: setmaxnreg.dec.sync.aligned.u32 24
// CHECK-NEXT: setmaxnreg.inc.sync.aligned.u32 240
// CHECK: 8 wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16 SS
// CHECK: 8 wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16 SS
// CHECK-NEXT: 8 wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16 RS
// CHECK: 8 wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16 RS
// CHECK-LABEL: KERNEL fmha_bf16_d256
// CHECK: 16 wgmma.mma_async.sync.aligned.m64n80k16.f32.bf16.bf16 SS
// CHECK: 16 wgmma.mma_async.sync.aligned.m64n80k16.f32.bf16.bf16 SS
// CHECK-NEXT: 5 wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16 RS
// CHECK: 5 wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16 RS
// CHECK-LABEL: KERNEL fmha_f16_d64
// CHECK: 4 wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 SS
// CHECK: 8 wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 RS
// CHECK-LABEL: KERNEL fmha_f16_d128
// CHECK: 8 wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 RS
// CHECK-LABEL: KERNEL fmha_f16_d256
// CHECK: 5 wgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16 RS
