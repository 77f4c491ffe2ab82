// The tensor-core instructions of the MMA lowerings, in the SASS ptxas
// wrote (docs/sass.md, "Tensor-core instructions"):
// - mma.sync m16n8k16 bf16 -> HMMA.16816.F32.BF16 on all three chips (one
//   atom, C from zero: RZ);
// - wgmma m64n128k16 bf16 -> HGMMA.64x128x16.F32.BF16 and m64n128k32 e4m3
//   -> QGMMA.64x128x32.F32.E4M3.E4M3 (examples/mma-atoms, four per K step,
//   the last of a group marked gsb0);
// - the BF16 GEMM (examples/gemm-sm90): HGMMA.64x256x16.F32.BF16 between
//   WARPGROUP.ARRIVE (wgmma.fence) and WARPGROUP.DEPBAR.LE gsb0, 0x1
//   (wgmma.wait_group 1), a matrix kernel on the fast path (no HMMA/FFMA
//   fallback).
// REQUIRES: ptxas, sass
// RUN: %sass --compile sm_90a %S/Inputs/mma-sync-16816.mlir | FileCheck %s --check-prefix=SYNC
// RUN: %sass --compile sm_100a %S/Inputs/mma-sync-16816.mlir | FileCheck %s --check-prefix=SYNC
// RUN: %sass --compile sm_120a %S/Inputs/mma-sync-16816.mlir | FileCheck %s --check-prefix=SYNC
// RUN: %sass --compile sm_90a %cute_src/examples/mma-atoms/kernel.mlir --function wgmma_bf16 | FileCheck %s --check-prefix=WG
// RUN: %sass --compile sm_90a %cute_src/examples/mma-atoms/kernel.mlir --function wgmma_e4m3 | FileCheck %s --check-prefix=WG8
// RUN: %sass --compile sm_90a %cute_src/examples/gemm-sm90/kernel.mlir | FileCheck %s --check-prefix=GEMM
// RUN: %sass --compile sm_90a %cute_src/examples/gemm-sm90/kernel.mlir --function gemm_f16 | FileCheck %s --check-prefix=GEMM16

// SYNC: .text.mma16816:
// SYNC-COUNT-6: LDG.E R{{[0-9]+}}, desc
// SYNC: HMMA.16816.F32.BF16 R{{[0-9]+}}, R{{[0-9]+}}, R{{[0-9]+}}, RZ ;
// SYNC-NOT: HMMA
// SYNC: STG.E.64
// SYNC: EXIT

// WG: .text.wgmma_bf16:
// WG-COUNT-3: HGMMA.64x128x16.F32.BF16 R{{[0-9]+}}, gdesc[UR{{[0-9]+}}], R{{[0-9]+}}
// WG: HGMMA.64x128x16.F32.BF16 R{{[0-9]+}}, gdesc[UR{{[0-9]+}}], R{{[0-9]+}}, gsb0 ;
// WG: WARPGROUP.DEPBAR.LE gsb0, 0x0 ;
// WG8: .text.wgmma_e4m3:
// WG8-COUNT-3: QGMMA.64x128x32.F32.E4M3.E4M3 R{{[0-9]+}}, gdesc[UR{{[0-9]+}}], R{{[0-9]+}}
// WG8: QGMMA.64x128x32.F32.E4M3.E4M3 R{{[0-9]+}}, gdesc[UR{{[0-9]+}}], R{{[0-9]+}}, gsb0 ;
// WG8: WARPGROUP.DEPBAR.LE gsb0, 0x0 ;

// GEMM: .text.gemm_bf16:
// GEMM-NOT: HMMA
// GEMM: WARPGROUP.ARRIVE ;
// GEMM-COUNT-3: HGMMA.64x256x16.F32.BF16 R{{[0-9]+}}, gdesc[UR{{[0-9]+}}], R{{[0-9]+}}
// GEMM: HGMMA.64x256x16.F32.BF16 R{{[0-9]+}}, gdesc[UR{{[0-9]+}}], R{{[0-9]+}}, gsb0 ;
// GEMM-NEXT: WARPGROUP.DEPBAR.LE gsb0, 0x1 ;
// GEMM: WARPGROUP.DEPBAR.LE gsb0, 0x0 ;
// GEMM: UTMASTG.2D

// GEMM16: .text.gemm_f16:
// GEMM16-NOT: HMMA
// GEMM16: HGMMA.64x256x16.F32 R{{[0-9]+}}, gdesc[UR{{[0-9]+}}], R{{[0-9]+}}
// GEMM16: UTMASTG.2D
