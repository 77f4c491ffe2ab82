// The Tensor Memory instructions in the SASS ptxas writes for sm_100a
// (docs/sass.md; Inputs/tmem-ops.mlir). No Blackwell GPU ran this: it shows
// what ptxas emitted, not what a chip does.
// - tcgen05.alloc -> UTCATOMSWS.FIND_AND_SET.ALIGN (.2CTA with cta_group::2,
//   retried in a loop), tcgen05.dealloc -> UTCATOMSWS.AND;
// - tcgen05.cp 32x128b.warpx4 -> UTCCP.T.S.4x32dp128bit, 128x128b with
//   cta_group::2 -> UTCCP.T.S.2CTA.128dp128bit; tcgen05.commit -> UTCBAR
//   (.2CTA.MULTICAST with a mask);
// - tcgen05.ld/st -> LDTM/STTM with the shape and count: 32x32b.x16 is
//   LDTM.x16, 16xNb.xM is LDTM.16dpNbit.xM, and 16x32bx2.x8 is two
//   instructions, threads 0-15 at the address and threads 16-31 8 columns
//   further (the immediate offset num, as CuTe's 16dp32b atoms read);
// - tcgen05.wait::st -> FENCE.VIEW.ASYNC.T (it goes away when the wait is
//   removed from the PTX; tcgen05.wait::ld leaves only a NOP after the
//   loads, which likewise goes away without it).
// REQUIRES: ptxas, sass
// RUN: %sass --compile sm_100a %S/Inputs/tmem-ops.mlir --function tmem_epilogue | FileCheck %s
// RUN: %sass --compile sm_100a %S/Inputs/tmem-ops.mlir --function tmem_pair | FileCheck %s --check-prefix=PAIR

// CHECK-LABEL: .text.tmem_epilogue:
// CHECK: UTCATOMSWS.FIND_AND_SET.ALIGN UP0, UR{{[0-9]+}}, UR{{[0-9]+}} ;
// CHECK: UTCCP.T.S.4x32dp128bit tmem[UR{{[0-9]+}}], gdesc[UR{{[0-9]+}}] ;
// CHECK: UTCBAR [UR{{[0-9]+}}], URZ ;
// CHECK: LDTM.x16 R{{[0-9]+}}, tmem[UR[[A:[0-9]+]]] ;
// CHECK: STTM.x16 tmem[UR[[A]]], R{{[0-9]+}} ;
// CHECK: FENCE.VIEW.ASYNC.T ;
// CHECK: LDTM.16dp64bit.x8 R{{[0-9]+}}, tmem[UR[[A]]] ;
// CHECK: LDTM.16dp128bit.x4 R{{[0-9]+}}, tmem[UR[[A]]] ;
// CHECK: LDTM.16dp256bit.x2 R{{[0-9]+}}, tmem[UR[[A]]] ;
// CHECK: LDTM.16dp32bit_t0_t15.x8 R[[D:[0-9]+]], tmem[UR[[A]]] ;
// CHECK: LDTM.16dp32bit_t16_t31.x8 R[[D]], tmem[UR[[A]]+0x8] ;
// CHECK: STTM.16dp64bit.x8 tmem[UR[[A]]], R{{[0-9]+}} ;
// CHECK: STTM.16dp128bit.x4 tmem[UR[[A]]], R{{[0-9]+}} ;
// CHECK: STTM.16dp256bit.x2 tmem[UR[[A]]], R{{[0-9]+}} ;
// CHECK: STTM.16dp32bit_t0_t15.x8 tmem[UR[[A]]], R[[S:[0-9]+]] ;
// CHECK: STTM.16dp32bit_t16_t31.x8 tmem[UR[[A]]+0x8], R[[S]] ;
// CHECK: FENCE.VIEW.ASYNC.T ;
// CHECK: UTCATOMSWS.AND URZ, UR{{[0-9]+}} ;

// PAIR-LABEL: .text.tmem_pair:
// PAIR: UTCATOMSWS.2CTA.FIND_AND_SET.ALIGN UP0, UR{{[0-9]+}}, UR{{[0-9]+}} ;
// PAIR: UTCCP.T.S.2CTA.128dp128bit tmem[UR{{[0-9]+}}], gdesc[UR{{[0-9]+}}] ;
// PAIR: UTCBAR.2CTA.MULTICAST [UR{{[0-9]+}}], URZ, UR{{[0-9]+}} ;
// PAIR: UTCATOMSWS.AND URZ, UR{{[0-9]+}} ;
