// The SASS ptxas 13 writes for the fmha-prefill tcgen05 kernel (examples/
// fmha-prefill/kernel-sm100.mlir; docs/sass.md), D = 128: S = Q K^T as
// UTCHMMA with two shared-memory descriptors (gdesc, gdesc: D/16 = 8 k16
// blocks at each of the four issue sites, the first overwriting), O_i +=
// P_i V as UTCHMMA with A in Tensor Memory (tmem[P], gdesc[V]: 8 k16
// blocks per half, the first with the run-time accumulate predicate);
// TMEM moved by LDTM.x32 / STTM.x32 (24 and 12: the S rows, the
// correction, the epilogue; P); register budgets by USETMAXREG; no local
// memory. O leaves through the staging ring: 32 STS.128 (the correction
// warps' rows, D/8 per half) and 4 UTMASTG.2D (the epilogue warp's 128 x 64
// boxes, D/64 per half) beside the 8 UTMALDG.2D of Q, K and V. Not run: no
// GPU here executes sm_100a code.
// REQUIRES: ptxas, sass
// RUN: %sass --compile sm_100a %cute_src/examples/fmha-prefill/kernel-sm100.mlir --function fmha_tc_bf16_d128 > %t.sass
// RUN: FileCheck %s < %t.sass
// RUN: grep -c 'UTCHMMA gdesc\[UR[0-9]*\], gdesc\[UR[0-9]*\], tmem\[UR[0-9]*\], tmem\[UR[0-9]*\], idesc\[UR[0-9]*\], UPT ;' %t.sass | FileCheck %s --check-prefix=SS
// RUN: grep -c 'UTCHMMA gdesc\[UR[0-9]*\], gdesc\[UR[0-9]*\], tmem\[UR[0-9]*\], tmem\[UR[0-9]*\], idesc\[UR[0-9]*\], !UPT ;' %t.sass | FileCheck %s --check-prefix=SS0
// RUN: grep -c 'UTCHMMA tmem\[UR[0-9]*\], gdesc\[UR[0-9]*\], tmem\[UR[0-9]*\], tmem\[UR[0-9]*\], idesc\[UR[0-9]*\], UPT ;' %t.sass | FileCheck %s --check-prefix=TS
// RUN: grep -cE 'UTCHMMA tmem\[UR[0-9]*\], gdesc\[UR[0-9]*\], tmem\[UR[0-9]*\], tmem\[UR[0-9]*\], idesc\[UR[0-9]*\], !?UP[0-6] ;' %t.sass | FileCheck %s --check-prefix=TS0
// RUN: grep -c 'LDTM.x32 ' %t.sass | FileCheck %s --check-prefix=LD
// RUN: grep -c 'STTM.x32 ' %t.sass | FileCheck %s --check-prefix=ST
// RUN: grep -c 'USETMAXREG' %t.sass | FileCheck %s --check-prefix=REGS
// RUN: not grep -E '\b(LDL|STL)\b' %t.sass
// RUN: grep -c 'STS.128 ' %t.sass | FileCheck %s --check-prefix=STS
// RUN: grep -c 'UTMASTG.2D ' %t.sass | FileCheck %s --check-prefix=TMAST
// RUN: grep -c 'UTMALDG.2D ' %t.sass | FileCheck %s --check-prefix=TMALD
// The softmax's exp2 (fmha-sm100-common.mlir, EXP2POLY = 8 of every 32
// columns on the FMA pipe by fmha-exp2.mlir's cubic): per half 96 of P's
// 128 values and alpha on MUFU (2 x 97 MUFU.EX2), the other 32 per half
// (32 column pairs in all) as 3 FADD2 (round to an integer, f) and 3
// FFMA2 (Horner) per pair, a clamp (FMNMX) and an exponent clamp at 0
// (VIMNMX, 19 elsewhere) per value. EXP2POLY = 0: 258 MUFU.EX2 (all 2 x
// 128 + 2) and none of the polynomial's instructions.
// RUN: grep -c 'MUFU.EX2 ' %t.sass | FileCheck %s --check-prefix=EX2
// RUN: grep -c 'FFMA2.FTZ ' %t.sass | FileCheck %s --check-prefix=PAIRS3
// RUN: grep -c 'FADD2.FTZ ' %t.sass | FileCheck %s --check-prefix=PAIRS3
// RUN: grep -c 'FMNMX.FTZ ' %t.sass | FileCheck %s --check-prefix=CLAMP
// RUN: grep -c 'VIMNMX ' %t.sass | FileCheck %s --check-prefix=IMNMX
// RUN: rm -rf %t.mufu && mkdir -p %t.mufu
// RUN: cute-opt %cute_src/examples/fmha-prefill/kernel-sm100.mlir --cute-instance=bf16_d128:T=bf16,D=128,EXP2POLY=0 --cute-compile="chip=sm_100a format=cubin output-dir=%t.mufu" -o /dev/null
// RUN: %sass %t.mufu --function fmha_tc_bf16_d128 > %t.mufu.sass
// RUN: grep -c 'MUFU.EX2 ' %t.mufu.sass | FileCheck %s --check-prefix=EX2MUFU
// RUN: not grep -E 'FFMA2|FADD2|FMNMX.FTZ ' %t.mufu.sass
// RUN: grep -c 'VIMNMX ' %t.mufu.sass | FileCheck %s --check-prefix=IMNMX0

// CHECK: .text.fmha_tc_bf16_d128:
// CHECK: UTCHMMA tmem[UR{{[0-9]+}}], gdesc[UR{{[0-9]+}}], tmem[UR{{[0-9]+}}], tmem[UR{{[0-9]+}}], idesc[UR{{[0-9]+}}], {{!?}}UP{{[0-6]}} ;
// CHECK-COUNT-7: UTCHMMA tmem[UR{{[0-9]+}}], gdesc[UR{{[0-9]+}}], tmem[UR{{[0-9]+}}], tmem[UR{{[0-9]+}}], idesc[UR{{[0-9]+}}], UPT ;
// S: the first k16 block of each of the 4 sites overwrites (!UPT), the
// other 7 accumulate; P V: the first block of each half takes the
// run-time flag, 7 accumulate.
// SS: 28
// SS0: 4
// TS: 14
// TS0: 2
// LD: 24
// ST: 12
// REGS: 4
// STS: 32
// TMAST: 4
// TMALD: 8
// EX2: 194
// PAIRS3: 96
// CLAMP: 64
// IMNMX: 83
// EX2MUFU: 258
// IMNMX0: 19
