// The tensor-core instructions of the Blackwell MMA lowerings in the SASS
// ptxas 13.0 wrote (docs/sass.md, "Tensor-core instructions"); none of it
// ran: no GPU here executes sm_100a or sm_120a code.
// - sm_100a tcgen05.mma kind::f16 -> UTCHMMA gdesc[A], gdesc[B], tmem[D],
//   tmem[..], idesc[..], then the enable-input-D predicate (UP0 for the
//   run-time accumulate flag, UPT for true); cta_group::2 -> UTCHMMA.2CTA;
//   tcgen05.commit -> UTCBAR (UTCBAR.2CTA.MULTICAST with a mask);
//   tcgen05.mma.block_scale kind::mxf4nvf4 block16 -> UTCOMMA.4X with the
//   scale factors' TMEM operand; tcgen05.cp 32x128b.warpx4 ->
//   UTCCP.T.S.4x32dp128bit; tcgen05.ld 32x32b.x32 -> LDTM.x32.
// - sm_120a block-scaled mma.sync: m16n8k64 mxf4nvf4 -> OMMA.SF.16864 (E8
//   scales for 2X ue8m0, UE4M3.4X for 4X), m16n8k32 mxf8f6f4 ->
//   QMMA.SF.16832 with the operand formats.
// REQUIRES: ptxas, sass
// RUN: %sass --compile sm_100a %S/Inputs/tcgen05-gemm.mlir --function umma_bf16 | FileCheck %s --check-prefix=UMMA
// RUN: %sass --compile sm_100a %S/Inputs/tcgen05-gemm.mlir --function umma_bf16_pair | FileCheck %s --check-prefix=PAIR
// RUN: %sass --compile sm_100a %S/Inputs/tcgen05-gemm.mlir --function umma_nvf4 | FileCheck %s --check-prefix=NVF4
// RUN: %sass --compile sm_120a %S/mma-block-scale-ptxas.mlir | FileCheck %s --check-prefix=SM120

// UMMA: .text.umma_bf16:
// UMMA: UTCATOMSWS.FIND_AND_SET.ALIGN
// UMMA: UTCHMMA gdesc[UR{{[0-9]+}}], gdesc[UR{{[0-9]+}}], tmem[UR{{[0-9]+}}], tmem[UR{{[0-9]+}}], idesc[UR{{[0-9]+}}], UP{{[0-9]}} ;
// UMMA-COUNT-3: UTCHMMA gdesc[UR{{[0-9]+}}], gdesc[UR{{[0-9]+}}], tmem[UR{{[0-9]+}}], tmem[UR{{[0-9]+}}], idesc[UR{{[0-9]+}}], UPT ;
// UMMA-NEXT: UTCBAR [UR{{[0-9]+}}], URZ ;
// UMMA: LDTM.x32
// UMMA-NOT: HMMA

// PAIR: .text.umma_bf16_pair:
// PAIR: UTCATOMSWS.2CTA.FIND_AND_SET.ALIGN
// PAIR-COUNT-4: UTCHMMA.2CTA gdesc
// PAIR-NEXT: UTCBAR.2CTA.MULTICAST [UR{{[0-9]+}}], URZ, UR{{[0-9]+}} ;

// NVF4: .text.umma_nvf4:
// NVF4: UTCCP.T.S.4x32dp128bit tmem[UR{{[0-9]+}}+0x80], gdesc
// NVF4-NEXT: UTCCP.T.S.4x32dp128bit tmem[UR{{[0-9]+}}+0x84], gdesc
// NVF4-NEXT: UTCOMMA.4X gdesc[UR{{[0-9]+}}], gdesc[UR{{[0-9]+}}], tmem[UR{{[0-9]+}}], tmem[UR{{[0-9]+}}], idesc[UR{{[0-9]+}}], tmem[UR{{[0-9]+}}], UP{{[0-9]}} ;
// NVF4-NEXT: UTCBAR [UR{{[0-9]+}}], URZ ;

// SM120: .text.mxf8:
// SM120-COUNT-4: QMMA.SF.16832.F32.E5M2.E2M1.E8
// SM120: .text.mxf4:
// SM120-COUNT-2: OMMA.SF.16864.F32.E2M1.E2M1.E8
// SM120: .text.nvf4:
// SM120-COUNT-2: OMMA.SF.16864.F32.E2M1.E2M1.UE4M3.4X
