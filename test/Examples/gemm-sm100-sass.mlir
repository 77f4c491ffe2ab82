// The SASS ptxas 13 writes for examples/gemm-sm100 (docs/sass.md): the
// 1-CTA kernel's K tile is 4 UTCHMMA (m128n256k16, 64 of K) between 2
// UTMALDG.2D; the 2-CTA kernel's is 4 UTCHMMA.2CTA fed by UTMALDG.2D.2CTA
// and released by UTCBAR.2CTA.MULTICAST; both read the accumulator with
// LDTM.x32, in two places (the epilogue's chunk, and split-K's partial
// store to the workspace), and keep everything in registers (no local
// memory). Not run:
// no GPU here executes sm_100a code (the emulator runs the PTX).
// REQUIRES: ptxas, sass
// RUN: rm -rf %t && mkdir -p %t
// RUN: cute-opt %cute_src/examples/gemm-sm100/kernel.mlir --cute-compile="chip=sm_100a format=cubin output-dir=%t" -o /dev/null
// RUN: %sass %t/gemm_sm100.sm_100a.cubin --function gemm_1cta_bf16 > %t.one.sass
// RUN: %sass %t/gemm_sm100.sm_100a.cubin --function gemm_2cta_bf16 > %t.two.sass
// RUN: grep -c 'UTCHMMA gdesc' %t.one.sass | FileCheck %s --check-prefix=MMA
// RUN: grep -c 'UTMALDG.2D ' %t.one.sass | FileCheck %s --check-prefix=TMA
// RUN: grep -c 'UTCHMMA.2CTA gdesc' %t.two.sass | FileCheck %s --check-prefix=MMA
// RUN: grep -c 'UTMALDG.2D.2CTA ' %t.two.sass | FileCheck %s --check-prefix=TMA
// RUN: grep -c 'UTCBAR.2CTA.MULTICAST' %t.two.sass | FileCheck %s --check-prefix=BAR
// RUN: grep -c 'LDTM.x32 ' %t.one.sass | FileCheck %s --check-prefix=LD
// RUN: grep -c 'LDTM.x32 ' %t.two.sass | FileCheck %s --check-prefix=LD
// RUN: not grep -E '\b(LDL|STL)\b' %t.one.sass %t.two.sass

// MMA: 4
// TMA: 2
// BAR: 2
// LD: 2
