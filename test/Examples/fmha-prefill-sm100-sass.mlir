// The SASS ptxas 13 writes for the fmha-prefill tcgen05 kernel (examples/
// fmha-prefill/kernel-sm100.mlir; docs/sass.md), D = 128: S = Q K^T as
// UTCHMMA with two shared-memory descriptors (gdesc, gdesc: D/16 = 8 k16
// blocks at each of the two issue sites), O += P V as UTCHMMA with A in
// Tensor Memory (tmem[P], gdesc[V]: 8 k16 blocks, the first with the
// run-time accumulate predicate), the S row by LDTM.x128, P by STTM.x64, O
// in 32-column slices; no local memory. Not run: no GPU here executes
// sm_100a code.
// REQUIRES: ptxas, sass
// RUN: %sass --compile sm_100a %cute_src/examples/fmha-prefill/kernel-sm100.mlir --function fmha_tc_bf16_d128 > %t.sass
// RUN: FileCheck %s < %t.sass
// RUN: grep -c 'UTCHMMA gdesc\[UR[0-9]*\], gdesc' %t.sass | FileCheck %s --check-prefix=SS
// RUN: grep -c 'UTCHMMA tmem\[UR[0-9]*\], gdesc' %t.sass | FileCheck %s --check-prefix=TS
// RUN: not grep -E '\b(LDL|STL)\b' %t.sass

// CHECK: .text.fmha_tc_bf16_d128:
// CHECK: LDTM.x128
// CHECK: STTM.x64
// CHECK: UTCHMMA tmem[UR{{[0-9]+}}], gdesc[UR{{[0-9]+}}], tmem[UR{{[0-9]+}}], tmem[UR{{[0-9]+}}], idesc[UR{{[0-9]+}}], UP{{[0-9]}} ;
// CHECK-COUNT-7: UTCHMMA tmem[UR{{[0-9]+}}], gdesc[UR{{[0-9]+}}], tmem[UR{{[0-9]+}}], tmem[UR{{[0-9]+}}], idesc[UR{{[0-9]+}}], UPT ;
// SS: 16
// TS: 8
